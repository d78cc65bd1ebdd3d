"""The installed `tiermem` console script and `python -m tiermem`, run as real processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tiermem import Memory

BIN = Path(sys.executable).with_name("tiermem")


def _run(
    *args: str, cwd: Path, env: dict[str, str] | None = None, module: bool = False, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TIERMEM_")}
    argv = [sys.executable, "-m", "tiermem", *args] if module else [str(BIN), *args]
    return subprocess.run(
        argv,
        cwd=cwd,
        env={**clean, "NO_COLOR": "1", **(env or {})},
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_console_script_uses_the_current_directory_as_workspace(tmp_path: Path) -> None:
    stored = _run("--json", "store", "Real process memory", "--type", "episodic", "--tags", "proc", cwd=tmp_path)
    assert stored.returncode == 0, stored.stderr
    assert stored.stderr == f"tiermem: created a new store in {tmp_path / '.tiermem'}\n"  # the first write says so
    mid = json.loads(stored.stdout)["id"]
    assert (tmp_path / ".tiermem").is_dir()
    listed = _run("list", "--json", cwd=tmp_path, module=True)
    assert listed.returncode == 0 and [m["id"] for m in json.loads(listed.stdout)["memories"]] == [mid]
    with Memory.open(tmp_path / ".tiermem") as mem:
        record = mem.get(mid)
    assert (record.text, record.type, record.tags) == ("Real process memory", "episodic", ("proc",))


def test_environment_selects_workspace_home_and_agent(tmp_path: Path) -> None:
    workspace, home = tmp_path / "ws", tmp_path / "home"
    workspace.mkdir()
    env = {"TIERMEM_WORKSPACE": str(workspace), "TIERMEM_AGENT_ID": "bot-1"}
    assert _run("store", "-", cwd=tmp_path, env=env, stdin="from stdin\n").returncode == 0
    assert _run("store", "in the home dir", cwd=tmp_path, env={"TIERMEM_HOME": str(home)}).returncode == 0
    with Memory.open(workspace / ".tiermem") as mem:
        assert [r.text for r in mem.list(agent_id="bot-1")] == ["from stdin\n"]
    with Memory.open(home) as mem:
        assert [r.text for r in mem.list()] == ["in the home dir"]
    assert not (tmp_path / ".tiermem").exists()


def test_errors_are_one_line_with_exit_2(tmp_path: Path) -> None:
    for args in (
        ["store", "x", "--importance", "9"],
        ["--agent-id", "../etc", "list"],
        ["search"],
        ["store", "x", "--metadata", "{"],
        ["get", "NOSUCH"],
    ):
        done = _run(*args, cwd=tmp_path)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stdout == ""
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("tiermem: error: "), done.stderr


def test_demo_runs_offline_and_twice(tmp_path: Path) -> None:
    first = _run("demo", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "new memories" in first.stdout and "search: how did we fix the failing deploy?" in first.stdout
    second = _run("demo", cwd=tmp_path)
    assert second.returncode == 0 and "0 new" in second.stdout
    with Memory.open(tmp_path / ".tiermem") as mem:
        assert mem.stats(agent_id="demo")["by_status"] == {"current": mem.stats(agent_id="demo")["memories"]}


def test_help_does_not_load_the_embedder(tmp_path: Path) -> None:
    code = (
        "import sys; from tiermem.interfaces.cli.main import app; "
        "assert 'wordllama' not in sys.modules, 'wordllama imported'"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
    done = _run("--help", cwd=tmp_path)
    assert done.returncode == 0 and "Usage: tiermem" in done.stdout
    assert not (tmp_path / ".tiermem").exists()
