"""Charts and terminal views: `tiermem report` PNGs, bench/plots.py, the drawn tree, tier bars in `stats`,
and progress shown on a terminal only (a real pseudo-terminal, a real `tiermem` process)."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import CLEAN_ENV, Cli
from ui_support import seed

ROOT = Path(__file__).resolve().parents[1]
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "store")


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == PNG, path
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def test_report_draws_the_store(cli: Cli, tmp_path: Path) -> None:
    with cli.memory() as memory:
        seed(memory, tmp_path)
    out = tmp_path / "charts"
    found = cli.json("report", "--out", str(out), "--points", "30")
    assert found["memories"] == 12 and [Path(f).name for f in found["files"]] == [
        "tiers.png",
        "tiers-over-time.png",
        "growth.png",
    ]
    for name in found["files"]:
        width, height = _png_size(Path(name))
        assert width >= 500 and height >= 300
    assert cli.ok("report", "--out", str(out)).startswith("wrote\n  " + str(out / "tiers.png"))


def test_report_of_an_empty_store(cli: Cli, tmp_path: Path) -> None:
    cli.init()
    found = cli.json("report", "--out", str(tmp_path / "empty"))
    assert found["memories"] == 0 and all(Path(f).read_bytes()[:8] == PNG for f in found["files"])


def test_tree_is_drawn_and_the_seed_text_stays(cli: Cli, tmp_path: Path) -> None:
    cli.store("BSC uses raw JSON-RPC", "--category", "projects/evoclaw/bsc")
    cli.store("Dark mode everywhere", "--category", "owner")
    drawn = cli.ok("tree", "--show")
    assert drawn.startswith("Memory Tree Index\n" + "=" * 50 + "\n📂 Root (warm:2, cold:0)\n")
    assert "├── 📁 owner — Owner  warm 1 · cold 0" in drawn
    assert "    └── 📁 evoclaw — Evoclaw  warm 1 · cold 0\n        └── 📁 bsc" in drawn
    with cli.memory() as memory:
        seed_text = memory.lifecycle(tmp_path).tree().render()
    assert cli.ok("tree", "--plain") == seed_text + "\n"
    assert set(cli.json("tree", "--show")) == {"nodes", "node_count", "max_nodes", "size_bytes", "max_size_bytes"}


def test_stats_has_tier_bars(cli: Cli) -> None:
    for n in range(3):
        cli.store(f"fact number {n} about the harbor project", "--no-dedup")
    shown = cli.ok("stats").splitlines()
    warm, cold = (next(line for line in shown if f"{tier} " in line) for tier in ("WARM", "COLD"))
    assert "█" * 30 in warm and "3  100.0%" in warm
    assert "░" * 30 in cold and "0    0.0%" in cold
    assert cli.json("stats")["by_tier"] == {"warm": 3}


def _on_a_terminal(home: Path, *args: str) -> tuple[str, str]:
    """Run tiermem with stderr on a pseudo-terminal (stdout a pipe): what each received."""
    leader, follower = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV} | {"COLUMNS": "100", "TERM": "xterm"}
    process = subprocess.Popen(
        [sys.executable, "-m", "tiermem", "--home", str(home), *args],
        stdout=subprocess.PIPE,
        stderr=follower,
        env=env,
    )
    os.close(follower)
    seen = bytearray()
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the process closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    stdout = process.stdout.read() if process.stdout else b""
    assert process.wait(timeout=60) == 0, seen
    os.close(leader)
    return stdout.decode(), seen.decode(errors="replace")


def test_progress_only_on_a_terminal_and_never_with_json(cli: Cli) -> None:
    cli.store("a memory to consolidate")
    stdout, terminal = _on_a_terminal(cli.home, "consolidate")
    assert "quick consolidation of default" in stdout
    assert "quick consolidation" in terminal and "0:00:0" in terminal  # the spinner line, with the time so far
    stdout, terminal = _on_a_terminal(cli.home, "--json", "consolidate")
    assert json.loads(stdout)["mode"] == "quick" and terminal == ""
    piped = cli("consolidate")  # stderr is not a terminal here: nothing but the result
    assert piped.exit_code == 0 and piped.stderr == ""


def test_bench_plots_read_the_results(tmp_path: Path) -> None:
    results = tmp_path / "results"
    results.mkdir()
    scores = {name: {"all (1-5)": {f"R@{k}": 0.5 + k / 100 for k in (5, 10, 25)}} for name in ("BM25", "tiermem")}
    (results / "retrieval.json").write_text(json.dumps({"locomo": {"scores": scores}}))
    search = {"p50_ms": 30.0, "p99_ms": 90.0}
    (results / "store.json").write_text(json.dumps({"results": [{"size": 10_000, "search": search}]}))
    scale = [{"backend": "postgres", "memories": 1_000_000, "search": {"p50_ms": 80.0, "p99_ms": 700.0}}]
    (results / "server.json").write_text(json.dumps({"scale": scale}))
    year = {"memories": 100, "warm_bytes_max": 1, "context_bytes_max": 1, "hot_state_bytes_max": 1, "tree_bytes_max": 1}
    (results / "lifetime.json").write_text(json.dumps({"years": [{"year": 1, **year}], "args": {}}))
    out = tmp_path / "img"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "plots.py"), "--results", str(results), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "skipped: no" in done.stdout and "server_postgres_scale.json" in done.stdout  # absent: said, not fatal
    assert sorted(p.name for p in out.iterdir()) == ["bench-latency.png", "bench-lifetime.png", "bench-recall.png"]
    assert all(_png_size(p)[0] >= 600 for p in out.iterdir())
