"""Deferred reinforcement: searches record which memories they returned; the counts reach the store in
batches (on the next write, every ``FLUSH_EVERY`` hits, and on close), so reads never wait for a write lock.
"""

from __future__ import annotations

import atexit
import contextlib
import threading
import weakref
from collections import Counter
from datetime import UTC, datetime

from ..storage.base import Backend

FLUSH_EVERY = 256


class AccessLog:
    """Counts per (agent, moment): a read is dated when the search says it happened (``now``), so a simulated
    clock ages memories as the real one does."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend
        self._pending: dict[tuple[str, datetime], Counter[str]] = {}
        self._lock = threading.Lock()
        self._size = 0
        # A process that exits without close() still writes what it owes.
        atexit.register(_flush_ref, weakref.ref(self))

    def record(self, agent_id: str, memory_ids: list[str], at: datetime | None = None) -> None:
        moment = at or datetime.now(UTC)
        with self._lock:
            self._pending.setdefault((agent_id, moment), Counter()).update(memory_ids)
            self._size += len(memory_ids)
            due = self._size >= FLUSH_EVERY
        if due:
            self.flush()

    def flush(self) -> None:
        with self._lock:
            pending, self._pending, self._size = self._pending, {}, 0
        # One transaction per agent, not per search: each search has its own moment, so a flush holds some
        # two dozen entries, and as many commits made the search that flushed them the server's slowest.
        # (A read-only SQLite store skips the counts: no transaction to open there.)
        by_agent: dict[str, list[tuple[datetime, Counter[str]]]] = {}
        for (agent_id, at), counts in pending.items():
            by_agent.setdefault(agent_id, []).append((at, counts))
        for agent_id, entries in by_agent.items():
            with contextlib.nullcontext() if getattr(self._backend, "read_only", False) else self._backend.write():
                for at, counts in entries:
                    self._backend.record_access(agent_id, counts, at)

    @property
    def pending(self) -> int:
        return self._size


def _flush_ref(ref: weakref.ref[AccessLog]) -> None:
    log = ref()
    if log is not None and log.pending:
        with contextlib.suppress(Exception):  # the store may already be closed at exit
            log.flush()
