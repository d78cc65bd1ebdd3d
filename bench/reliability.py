"""Reliability benchmark (issue 9): crashes, concurrency, bad input and leaks, in one table.

Run: ``.venv/bin/python bench/reliability.py [--kills 20] [--writers 8] [--seconds 60] [--isolation-steps 200]``

* Crashes: SIGKILL at random points of bulk ingest, consolidation and workspace writes (``--kills`` each);
  afterwards integrity checks, every acknowledged write present, every workspace file parseable and
  consistent (tests/reliability.py: the same runners the suite's tests/test_crash.py uses, 20 kills each).
* Concurrency: ``--writers`` processes mixing store, search, context, consolidate and workspace writes on
  one store for ``--seconds`` (the suite runs 15 s); errors reaching a caller, lost and doubled writes.
* Bad input: the named bad-input cases of the suite (test_bad_input.py: Python API, test_cli_errors.py:
  CLI, test_bad_input_boundaries.py: REST, MCP, hooks, workspace files, config.json, imports, file
  arguments, store files), run through pytest and counted by boundary; a case passes when it got its clear
  error or documented repair and the store lost nothing.
* Leaks: ``--isolation-steps`` random reads (search, list, get, retrieve, context, export, forget) by three
  agents through the Python API, the CLI, REST and MCP; any other agent's text or id in an answer is a leak.

Rows lost and leaks found must be 0 (the exit status is 1 otherwise). Results go to a table on stdout and
to ``bench/results/reliability.json``.
"""

from __future__ import annotations

import argparse
import json
import logging
import platform
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))

from api_support import serve_asgi  # noqa: E402 - the tests' helpers, after the path is set
from reliability import Interfaces, IsolationReport, isolation_steps, run_crash_scenarios, run_mixed  # noqa: E402
from tiermem import Memory  # noqa: E402
from tiermem.interfaces.api import create_app  # noqa: E402
from tiermem.interfaces.mcp import http_app  # noqa: E402
from tiermem.providers.embedders import WordLlamaEmbedder  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
BAD_INPUT_FILES = {"test_bad_input.py": "python", "test_cli_errors.py": "cli", "test_bad_input_boundaries.py": None}


class _Tally:
    """A pytest plugin: passed and failed bad-input cases by boundary (the file, or the case id's prefix)."""

    def __init__(self) -> None:
        self.passed: Counter[str] = Counter()
        self.failed: Counter[str] = Counter()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        named = "[" in report.nodeid  # a named case; the other tests of these files are not inputs
        if not named or (report.when != "call" and not (report.when == "setup" and report.failed)):
            return
        file = report.nodeid.split("::")[0].rsplit("/", 1)[-1]
        boundary = BAD_INPUT_FILES.get(file) or _prefix(report.nodeid)
        (self.passed if report.passed else self.failed)[boundary] += 1


def _prefix(nodeid: str) -> str:
    return nodeid.split("[", 1)[1].split("-", 1)[0]


def bad_inputs() -> _Tally:
    tally = _Tally()
    args = [str(TESTS / f) for f in BAD_INPUT_FILES] + ["-q", "-p", "no:cacheprovider", "--no-header"]
    pytest.main(args, plugins=[tally])
    return tally


def isolation(base: Path, embedder: WordLlamaEmbedder, steps: int) -> IsolationReport:
    store = base / "isolation"
    with (
        Memory.open(store, embedder=embedder) as mem,
        serve_asgi(create_app(mem)) as rest,
        serve_asgi(http_app(mem)) as mcp,
    ):
        faces = Interfaces(mem, store, rest, mcp, ["alice", "bob", "carol"])
        try:
            return faces.run(isolation_steps(steps, seed=9), IsolationReport())
        finally:
            faces.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--isolation-steps", type=int, default=200)
    args = parser.parse_args(argv)
    for noisy in ("mcp", "httpx"):  # the MCP SDK logs every request at INFO: keep the table readable
        logging.getLogger(noisy).setLevel(logging.WARNING)
    started = time.perf_counter()
    embedder = WordLlamaEmbedder()
    embedder.embed(["warm up"])
    timings: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="tiermem-reliability-") as tmp:
        base = Path(tmp)
        t = time.perf_counter()
        crashes = run_crash_scenarios(base / "crash", embedder, kills=args.kills, seed=int(time.time()))
        timings["crashes"] = time.perf_counter() - t
        t = time.perf_counter()
        mixed = run_mixed(
            base / "mixed" / "store", base / "mixed" / "ws", embedder, processes=args.writers, seconds=args.seconds
        )
        timings["concurrency"] = time.perf_counter() - t
        t = time.perf_counter()
        leaks = isolation(base, embedder, args.isolation_steps)
        timings["isolation"] = time.perf_counter() - t
    t = time.perf_counter()
    tally = bad_inputs()
    timings["bad input"] = time.perf_counter() - t
    result = _result(args, crashes, mixed, tally, leaks, timings, time.perf_counter() - started)
    _print(result)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "reliability.json").write_text(json.dumps(result, indent=2) + "\n")
    return 0 if result["rows_lost"] == 0 and result["leaks_found"] == 0 and result["ok"] else 1


def _result(
    args: argparse.Namespace,
    crashes: list[Any],
    mixed: Any,
    tally: _Tally,
    leaks: IsolationReport,
    timings: dict[str, float],
    total: float,
) -> dict[str, Any]:
    lost = sum(c.lost for c in crashes) + mixed.lost
    ok = (
        all(c.survived == c.kills and not c.problems for c in crashes)
        and not mixed.errors
        and not mixed.problems
        and mixed.duplicated == 0
        and not tally.failed
    )
    return {
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.system()} {platform.machine()}, Python {platform.python_version()}",
        "ok": ok,
        "rows_lost": lost,
        "leaks_found": len(leaks.leaks),
        "crashes": [c.to_dict() for c in crashes],
        "concurrency": mixed.to_dict() | {"writers": args.writers, "asked_seconds": args.seconds},
        "bad_inputs": {"passed": dict(sorted(tally.passed.items())), "failed": dict(sorted(tally.failed.items()))},
        "isolation": leaks.to_dict(),
        "seconds": {k: round(v, 1) for k, v in timings.items()} | {"total": round(total, 1)},
    }


def _print(r: dict[str, Any]) -> None:
    rows: list[tuple[str, str, str]] = []
    for c in r["crashes"]:
        rows.append(
            (
                "crash: " + c["scenario"],
                f"{c['survived']}/{c['kills']} kills survived",
                f"{c['acknowledged']} acknowledged writes, {c['lost']} lost, {c['seconds']:.0f} s",
            )
        )
    m = r["concurrency"]
    rows.append(
        (
            "concurrency",
            f"{m['processes']} writers, {m['seconds']:.0f} s",
            f"{sum(m['operations'].values())} operations, {len(m['errors'])} errors, {m['lost']} lost, "
            f"{m['duplicated']} doubled, {m['rows']}/{m['stored']} rows",
        )
    )
    for boundary, passed in r["bad_inputs"]["passed"].items():
        failed = r["bad_inputs"]["failed"].get(boundary, 0)
        rows.append((f"bad input: {boundary}", f"{passed + failed} cases", f"{failed} failed"))
    iso = r["isolation"]
    rows.append(
        (
            "isolation",
            f"{iso['steps']} steps, 4 interfaces",
            f"{sum(iso['reads'].values())} reads, {len(iso['leaks'])} leaks",
        )
    )
    rows.append(("rows lost", str(r["rows_lost"]), "must be 0"))
    rows.append(("leaks found", str(r["leaks_found"]), "must be 0"))
    rows.append(
        (
            "time taken",
            f"{r['seconds']['total']:.0f} s",
            ", ".join(f"{k} {v:.0f} s" for k, v in r["seconds"].items() if k != "total"),
        )
    )
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    print(f"\ntiermem reliability ({r['machine']}; {r['at']}): {'OK' if r['ok'] else 'PROBLEMS'}\n")
    print("| " + " | ".join(h.ljust(w) for h, w in zip(("what", "size", "outcome"), widths, strict=True)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print("| " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) + " |")


if __name__ == "__main__":
    sys.exit(main())
