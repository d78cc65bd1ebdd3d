"""Progress bars for the benchmarks' long loops: on a terminal only, so logs, pipes and CI stay plain text."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

from rich.console import Console
from rich.progress import track

T = TypeVar("T")


def steps(items: Sequence[T] | Iterable[T], description: str, total: int | None = None) -> Iterator[T]:
    """``items``, one by one, with a bar on stderr when it is a terminal."""
    if not sys.stderr.isatty():
        yield from items
        return
    yield from track(items, description=description, total=total, console=Console(stderr=True), transient=True)
