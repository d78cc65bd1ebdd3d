"""Security benchmark (issue 18): the attack suite, run and tabulated by area.

Run: ``.venv/bin/python bench/security.py [-n 2] [pytest arguments...]``

Every test marked ``@pytest.mark.attack`` reproduces one attack for real (servers on loopback, real processes,
real files) and passes when the defence held. This runs them all through pytest (a JUnit XML report in a
temporary directory, so tests added later with the marker are picked up whatever their file), and counts per
area (the test file): attempts, held, failed (must be 0; the exit status is 1 otherwise) and skipped, with
the slowest attempt, the time of the slowest hostile input. The table goes to stdout and the numbers to
``bench/results/security.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"


@dataclass
class Area:
    attempts: int = 0
    held: int = 0
    failed: int = 0
    skipped: int = 0
    slowest_s: float = 0.0
    slowest: str = ""

    def add(self, name: str, seconds: float, outcome: str) -> None:
        self.attempts += 1
        setattr(self, outcome, getattr(self, outcome) + 1)
        if seconds > self.slowest_s:
            self.slowest_s, self.slowest = round(seconds, 3), name


def run_attacks(workers: int, extra: list[str]) -> Path:
    """pytest on every ``attack``-marked test; returns its JUnit XML report."""
    report = Path(tempfile.mkdtemp(prefix="tiermem-security-")) / "attacks.xml"
    spread = ["-n", str(workers), "--dist", "loadfile"] if workers > 1 else []
    command = [sys.executable, "-m", "pytest", "-m", "attack", "-q", f"--junitxml={report}"]
    subprocess.run([*command, *spread, *extra], cwd=ROOT, check=False)
    if not report.exists():
        raise SystemExit("pytest wrote no report: see its output above")
    return report


def tabulate(report: Path) -> dict[str, Area]:
    areas: dict[str, Area] = defaultdict(Area)
    for case in ET.parse(report).getroot().iter("testcase"):
        kinds = {child.tag for child in case}
        outcome = "failed" if kinds & {"failure", "error"} else "skipped" if "skipped" in kinds else "held"
        area = case.get("classname", "?").rsplit(".", 1)[-1].removeprefix("test_")
        areas[area].add(case.get("name", "?"), float(case.get("time", 0)), outcome)
    return dict(sorted(areas.items()))


def total(areas: dict[str, Area]) -> Area:
    out = Area()
    for a in areas.values():
        out.attempts, out.held, out.failed, out.skipped = (
            out.attempts + a.attempts, out.held + a.held, out.failed + a.failed, out.skipped + a.skipped)  # fmt: skip
        if a.slowest_s > out.slowest_s:
            out.slowest_s, out.slowest = a.slowest_s, a.slowest
    return out


def show(areas: dict[str, Area]) -> None:
    head = ("area", "attempts", "held", "failed", "skipped", "slowest", "slowest attempt")
    rows = [(name, a.attempts, a.held, a.failed, a.skipped, f"{a.slowest_s:.2f} s", a.slowest[:60])
            for name, a in [*areas.items(), ("all", total(areas))]]  # fmt: skip
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    for row in [head, *rows]:
        print("  ".join(str(cell).ljust(w) for cell, w in zip(row, widths, strict=True)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--workers", type=int, default=2, help="pytest-xdist workers (1: none)")
    args, extra = parser.parse_known_args(argv)
    areas = tabulate(run_attacks(args.workers, extra))
    show(areas)
    whole = total(areas)
    result: dict[str, Any] = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        **asdict(whole),
        "areas": {name: asdict(a) for name, a in areas.items()},
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "security.json").write_text(json.dumps(result, indent=2) + "\n")
    return 1 if whole.failed or not areas else 0


if __name__ == "__main__":
    sys.exit(main())
