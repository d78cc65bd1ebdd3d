"""Whether an import loads in bulk: on a store whose vector index is cheaper to build once after a load than to
grow row by row (PostgreSQL's HNSW: :class:`~tiermem.storage.base.BulkLoad`), an import reads ahead before it
writes anything, at most :data:`READ_AHEAD_LINES` lines, and counts the memories of the agents it imports that
the store does not hold yet. When they are as many as ``bulk_rows`` asks (1,000, and half the vectors already
there), the import runs inside ``bulk_load``: the index is dropped for it and built once after it, whether the
import succeeds or not. A decision of speed only: the lines read ahead are then checked and written as any
others, in file order, and a line that does not parse ends the read-ahead, for the import to report it after
the lines before it."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, nullcontext

from .errors import ValidationError
from .storage.base import BulkLoad, StoreBackend

# ~2 KB a line as text with 256-wide vectors. A store that needs more new memories than this to make a bulk load
# pay (over twice as many vectors) grows its index row by row, as any import did before.
READ_AHEAD_LINES = 25_000
_BATCH = 500  # ids asked of the store at once

Numbered = tuple[int, str | bytes]  # a line of the file and its 1-based number
# The id of a memory line of an imported agent, None for any other line; ValidationError if it does not parse.
NewId = Callable[[Numbered], str | None]


def numbered(lines: Iterable[str | bytes]) -> Iterator[Numbered]:
    """Non-blank lines with their 1-based line numbers."""
    for number, raw in enumerate(lines, 1):
        if raw.strip():
            yield number, raw


def read_ahead(
    backend: StoreBackend, source: Iterator[Numbered], memory_id: NewId
) -> tuple[Iterator[Numbered], AbstractContextManager[bool]]:
    """The lines read ahead (each let go of once taken), and the load to run the import in."""
    ahead: deque[Numbered] = deque()
    if isinstance(backend, BulkLoad) and (least := backend.bulk_rows(READ_AHEAD_LINES)) is not None:
        adding = _count_new(backend, source, ahead, least, memory_id)
        if adding >= least:
            return _drained(ahead), backend.bulk_load(adding)
    return _drained(ahead), nullcontext(False)


def _count_new(
    backend: StoreBackend, source: Iterator[Numbered], ahead: deque[Numbered], least: int, memory_id: NewId
) -> int:
    """Moves lines from ``source`` to ``ahead`` until they hold ``least`` new memories, or
    :data:`READ_AHEAD_LINES` lines, or a line that does not parse; returns how many new memories they hold."""
    adding, ids = 0, []
    for line in source:
        ahead.append(line)
        try:
            found = memory_id(line)
        except ValidationError:
            break
        if found is not None:
            ids.append(found)
        if len(ids) == _BATCH:
            adding, ids = adding + len(ids) - len(backend.owners(ids)), []
            if adding >= least:
                break
        if len(ahead) == READ_AHEAD_LINES:
            break
    return adding + len(ids) - len(backend.owners(ids))


def _drained(lines: deque[Numbered]) -> Iterator[Numbered]:
    """The lines in order, each let go of once taken (a read-ahead holds tens of megabytes)."""
    while lines:
        yield lines.popleft()
