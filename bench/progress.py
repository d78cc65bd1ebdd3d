"""Progress bars for the benchmarks' long loops (on a terminal only, so logs, pipes and CI stay plain text), and
the results file a run writes."""

from __future__ import annotations

import json
import platform
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from rich.console import Console
from rich.progress import track

T = TypeVar("T")


def steps(items: Sequence[T] | Iterable[T], description: str, total: int | None = None) -> Iterator[T]:
    """``items``, one by one, with a bar on stderr when it is a terminal."""
    if not sys.stderr.isatty():
        yield from items
        return
    yield from track(items, description=description, total=total, console=Console(stderr=True), transient=True)


def write_results(out: Path, started: float, results: Any) -> None:
    """``results`` as JSON in ``out``, with the machine and the seconds since ``started`` (``perf_counter``)."""
    payload = {
        "machine": {"python": platform.python_version(), "platform": platform.platform()},
        "seconds": round(time.perf_counter() - started, 1),
        "results": results,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
