"""Hook latency benchmark: the wall time Claude Code waits for `tiermem hook EVENT`, as a separate process.

Run: ``.venv/bin/python bench/hooks.py [--size 10000] [--runs 40]``

A project store of ``--size`` memories (bench/store.py's synthetic corpus, stored with the real embedder
and dedup) and a small user store are built in a temporary folder. Then each measured call is a fresh
`tiermem hook ...` process fed a payload of Claude Code's real shape on stdin, timed from spawn to exit:

* ``UserPromptSubmit`` with varied prompts (recall in both stores, correction detection);
* ``PostToolUse`` with a mix of Edit, Bash test runs and read-only Bash calls (the session tracker; the
  test runs after edits store a test_result memory);

each with the resident helper running (the normal case after the first call of a session) and without it
(``TIERMEM_HOOK_HELPER=0``: the engine loads in the hook process). ``python -c pass`` is the floor.
Reported: p50 and p95 (nearest rank). Results: a table on stdout and ``bench/results/hooks.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from store import Corpus, machine_info, percentile
from tiermem.engine import Memory
from tiermem.hooks.client import ask
from tiermem.hooks.locate import PROTOCOL, locate

ROOT = Path(__file__).resolve().parent
RESULTS = ROOT / "results" / "hooks.json"
BIN = Path(sys.executable).with_name("tiermem")
TARGET_P50_MS, TARGET_P95_MS = 150.0, 300.0
PREFERENCES = [
    "Use pnpm instead of npm for installing packages",
    "Never use print for debugging output, use the logger",
    "I prefer small functions with type hints everywhere",
    "Always run the linters before committing",
    "Do not add new dependencies without asking first",
]


def build(root: Path, size: int, seed: int) -> dict[str, Any]:
    corpus = Corpus(seed)
    started = time.perf_counter()
    with Memory.open(root / "app" / ".tiermem") as memory:
        items = corpus.memories(size)
        for at in range(0, len(items), 500):
            memory.store_many(items[at : at + 500])
        count = memory.stats()["memories"]
    with Memory.open(root / "home" / ".tiermem") as user:
        user.store_many([{"text": t, "type": "user_preference"} for t in PREFERENCES])
    return {"memories": count, "build_s": round(time.perf_counter() - started, 1), "queries": corpus.queries(200)}


def payloads(kind: str, queries: Sequence[str], runs: int, rng: random.Random) -> list[dict[str, Any]]:
    base = {"session_id": "bench-session", "transcript_path": "/dev/null", "cwd": "", "permission_mode": "default"}
    if kind == "UserPromptSubmit":
        return [{**base, "hook_event_name": kind, "prompt": rng.choice(queries)} for _ in range(runs)]
    cycle = [
        {"tool_name": "Edit", "tool_input": {"file_path": "/app/src/invoice.py", "old_string": "a", "new_string": "b"}},
        {"tool_name": "Bash", "tool_input": {"command": "ls src"}, "tool_response": {"stdout": "invoice.py\n"}},
        {
            "tool_name": "Bash",
            "tool_input": {"command": "uv run pytest tests/test_invoice.py -q"},
            "tool_response": {"stdout": "5 passed in 0.31s\n", "stderr": "", "interrupted": False, "isImage": False},
        },
    ]
    return [{**base, "hook_event_name": "PostToolUse", **cycle[i % len(cycle)]} for i in range(runs)]


def run_hook(event: str, payload: dict[str, Any], env: dict[str, str]) -> tuple[float, str]:
    data = json.dumps(payload).encode()
    start = time.perf_counter()
    done = subprocess.run([str(BIN), "hook", event], input=data, env=env, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0 or not done.stdout.strip().startswith(b"{"):
        raise RuntimeError(f"{event} failed: {done.returncode} {done.stderr!r}")
    return elapsed, done.stdout.decode()


def stats(samples: Sequence[float]) -> dict[str, float]:
    ms = [s * 1000 for s in samples]
    return {
        "p50_ms": round(percentile(ms, 50), 1),
        "p95_ms": round(percentile(ms, 95), 1),
        "max_ms": round(max(ms), 1),
        "n": len(ms),
    }


def floor(env: dict[str, str], runs: int) -> dict[str, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
        times.append(time.perf_counter() - start)
    return stats(times)


def wait_for_helper(env: dict[str, str], timeout: float = 60.0) -> int:
    place = locate(env["CLAUDE_PROJECT_DIR"], env)
    deadline = time.time() + timeout
    while time.time() < deadline:
        reply = ask(place.socket, {"v": PROTOCOL, "ping": True}, timeout=5.0)
        if reply is not None:
            return int(json.loads(reply)["pid"])
        time.sleep(0.2)
    raise RuntimeError("the helper did not start; see <store>/hooks/helper.log")


def measure(env: dict[str, str], queries: Sequence[str], runs: int, seed: int) -> dict[str, dict[str, float]]:
    rng = random.Random(seed)
    found = {}
    for event in ("UserPromptSubmit", "PostToolUse"):
        times = [run_hook(event, p, env)[0] for p in payloads(event, queries, runs, rng)]
        found[event] = stats(times)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--fallback-runs", type=int, default=6)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    info = machine_info()
    with tempfile.TemporaryDirectory(prefix="tiermem-hooks-bench-") as tmp:
        root = Path(tmp)
        print(f"building a {args.size}-memory project store...", file=sys.stderr)
        built = build(root, args.size, args.seed)
        clean = {k: v for k, v in os.environ.items() if not k.startswith(("TIERMEM_", "CLAUDE_"))}
        env = {**clean, "CLAUDE_PROJECT_DIR": str(root / "app"), "TIERMEM_USER_HOME": str(root / "home" / ".tiermem")}
        run_hook("SessionStart", {"session_id": "bench-session", "source": "startup"}, env)  # starts the helper
        pid = wait_for_helper(env)
        try:
            run_hook("UserPromptSubmit", {"session_id": "w", "prompt": built["queries"][0]}, env)  # warm caches
            resident = measure(env, built["queries"], args.runs, args.seed)
        finally:
            os.kill(pid, signal.SIGTERM)
        inline = measure({**env, "TIERMEM_HOOK_HELPER": "0"}, built["queries"], args.fallback_runs, args.seed)
        base = floor(env, 10)
    report = {
        "machine": info,
        "store": {"memories": built["memories"], "build_s": built["build_s"], "user_store_memories": len(PREFERENCES)},
        "targets_ms": {"p50": TARGET_P50_MS, "p95": TARGET_P95_MS},
        "with_helper": resident,
        "without_helper": inline,
        "python_startup_floor": base,
    }
    render(report)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n")
    return 0


def render(report: dict[str, Any]) -> None:
    print(f"\nhook latency, {report['store']['memories']} memories in the project store (wall time of the process)\n")
    print(f"| {'call':<42} | {'p50 ms':>7} | {'p95 ms':>7} | {'max ms':>7} | {'n':>3} | target |")
    print(f"|{'-' * 44}|{'-' * 9}|{'-' * 9}|{'-' * 9}|{'-' * 5}|--------|")
    rows = [(f"{e} (helper running)", s, True) for e, s in report["with_helper"].items()]
    rows += [(f"{e} (no helper, in-process)", s, False) for e, s in report["without_helper"].items()]
    rows.append(("python -c pass (start-up floor)", report["python_startup_floor"], False))
    for name, s, judged in rows:
        ok = s["p50_ms"] <= TARGET_P50_MS and s["p95_ms"] <= TARGET_P95_MS
        verdict = ("met" if ok else "MISSED") if judged else "—"
        print(
            f"| {name:<42} | {s['p50_ms']:>7.1f} | {s['p95_ms']:>7.1f} | {s['max_ms']:>7.1f} | {s['n']:>3} "
            f"| {verdict:<6} |"
        )
    print(
        f"\nmachine: {report['machine'].get('cpu_model')}, {report['machine']['cpu_count']} cores, "
        f"load {report['machine']['load_average_1min_at_start']} at start; results in {RESULTS}"
    )


if __name__ == "__main__":
    sys.exit(main())
