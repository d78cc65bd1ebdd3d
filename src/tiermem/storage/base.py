"""The backend contract. Every backend (SQLite, PostgreSQL...) passes the same contract test suite.

A backend stores records, their vectors, links and history, and answers three kinds of candidate
queries (lexical, vector, filtered listing). It knows nothing about dedup, scoring or fusion: those are
the engine's and the domain's. Every method takes the agent id: a backend never mixes agents.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from ..config import Settings
from ..errors import StoreDamagedError
from ..model import Link, MemoryRecord
from .lifecycle import LifecycleBackend


@dataclass(frozen=True, slots=True)
class Filters:
    """Filters shared by list and search. ``None`` means "any"."""

    types: tuple[str, ...] | None = None
    category: str | None = None  # a prefix: "projects" matches "projects/tiermem"
    tags: tuple[str, ...] = ()  # all must be present
    tiers: tuple[str, ...] | None = None
    scope: str | None = None
    since: datetime | None = None  # created_at >= since
    until: datetime | None = None  # created_at < until
    include_forgotten: bool = False
    include_superseded: bool = False


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    memory_id: str
    at: datetime
    action: str
    detail: dict[str, Any] = field(default_factory=dict)


# The history action of a memory whose supersession of another (``detail["id"]``) the user undid: two facts.
REINSTATED_APART = "no longer replaces"
ORDERS = ("newest", "oldest", "importance", "accessed")


class Backend(Protocol):
    """What the memory core needs from a store."""

    @property
    def location(self) -> str:
        """Where the store lives, fit to show (a directory, or a database URL without its password)."""

    def close(self) -> None: ...

    def write(self) -> AbstractContextManager[None]:
        """A write transaction holding the store's write lock (serialises writers across processes)."""

    def meta_get(self, key: str) -> str | None: ...

    def meta_set(self, key: str, value: str) -> None: ...

    def meta_items(self, prefix: str) -> dict[str, str]:
        """Every meta entry whose key starts with ``prefix``, by key."""

    def insert(self, records: Sequence[MemoryRecord], vectors: np.ndarray | None) -> None: ...

    def get(self, agent_id: str, memory_id: str) -> MemoryRecord | None: ...

    def get_many(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, MemoryRecord]: ...

    def find_by_hash(self, agent_id: str, content_hash: str) -> MemoryRecord | None:
        """A current memory whose normalised text has this hash."""

    def find_by_hashes(self, agent_id: str, content_hashes: Sequence[str]) -> dict[str, MemoryRecord]:
        """hash -> the oldest current memory with that hash, for the hashes that have one."""

    def current_texts(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        """id -> (text, type) of those of ``memory_ids`` that are current."""

    def list(
        self, agent_id: str, filters: Filters, *, limit: int, offset: int = 0, order: str = "newest"
    ) -> builtins.list[MemoryRecord]: ...

    def matching(self, agent_id: str, memory_ids: Sequence[str], filters: Filters) -> set[str]:
        """The subset of ``memory_ids`` that pass ``filters``."""

    def lexical(self, agent_id: str, terms: Sequence[str], *, limit: int) -> builtins.list[tuple[str, float]]:
        """Current memories matching any term, best BM25 first, as (id, score) with higher = better."""

    def vector(
        self, agent_id: str, query: np.ndarray, *, limit: int
    ) -> builtins.list[builtins.list[tuple[str, float]]]:
        """For each row of ``query`` (unit vectors), the nearest current memories as (id, cosine)."""

    def in_window(self, agent_id: str, start: datetime, end: datetime, *, limit: int) -> builtins.list[str]:
        """Current memories whose event (or, lacking one, creation) time falls in [start, end)."""

    def with_url(self, agent_id: str, fragment: str, *, limit: int) -> builtins.list[str]:
        """Current memories whose extracted URLs contain ``fragment`` (case-insensitive)."""

    def placements(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, tuple[int, str]]:
        """Where each given current memory was written: (position in its session, source session), for those
        that carry a session. The position counts the agent's earlier memories of that session, whatever their
        status (0 for the first), so other sessions and other agents writing in between do not move it.
        Recall's conversational context reads it for its candidates, so a store may answer from memory (a
        position and a session never change)."""

    def dedup_candidates(
        self, agent_id: str, query: np.ndarray, *, limit: int, types: Sequence[str] | None = None
    ) -> builtins.list[builtins.list[tuple[str, float]]]:
        """Like :meth:`vector` (it may be approximate on very large stores); the engine's dedup uses it. With
        ``types`` (one memory type per query row), each row's neighbours are memories of its type only."""

    def vectors_for(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, np.ndarray]: ...

    def update(self, agent_id: str, memory_id: str, fields: dict[str, Any]) -> None:
        """Set columns of one memory (names are record field names)."""

    def reinforce(self, agent_id: str, memory_ids: Sequence[str], at: datetime, importance_bump: float) -> None:
        """access_count + 1, last_accessed_at = at, importance + bump (capped at 1)."""

    def record_access(self, agent_id: str, counts: Mapping[str, int], at: datetime) -> None:
        """access_count + n and last_accessed_at = at for each (id, n): retrieval is reinforcement."""

    def delete_vectors(self, agent_id: str, memory_ids: Sequence[str]) -> None: ...

    def purge(self, agent_id: str, memory_id: str) -> None:
        """Remove a memory, its vector, its links and its history for good."""

    def add_link(self, agent_id: str, link: Link) -> bool: ...

    def remove_links(self, agent_id: str, source_id: str, target_id: str, relations: Sequence[str]) -> int:
        """Delete the links ``source_id`` -> ``target_id`` of these relations; how many there were."""

    def links(self, agent_id: str, memory_id: str) -> builtins.list[Link]:
        """Links where the memory is the source or the target."""

    def replaced(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, builtins.list[str]]:
        """For each of ``memory_ids`` that supersedes others, the ids it supersedes (oldest link first)."""

    def add_history(self, agent_id: str, entries: Sequence[HistoryEntry]) -> None: ...

    def history(self, agent_id: str, memory_id: str) -> builtins.list[HistoryEntry]: ...

    def count(self, agent_id: str | None = None, *, current_only: bool = True) -> int: ...

    def stats(self, agent_id: str) -> dict[str, Any]: ...

    def agents(self) -> builtins.list[str]: ...

    def iter_all(self, agent_id: str) -> Iterator[MemoryRecord]:
        """Every memory of the agent, forgotten and superseded included, oldest first."""

    def iter_links(self, agent_id: str) -> Iterator[Link]:
        """Every link of the agent, in the order they were made."""

    def iter_history(self, agent_id: str) -> Iterator[HistoryEntry]:
        """Every history entry of the agent, in the order it was written."""

    def owners(self, memory_ids: Sequence[str]) -> dict[str, str]:
        """id -> owning agent of those of ``memory_ids`` that exist (ids are unique across agents)."""


class StoreBackend(Backend, LifecycleBackend, Protocol):
    """A complete backend: the records and their signals, and the lifecycle's tables. What a
    ``tiermem.backends`` entry point opens (see :mod:`tiermem.registry`)."""

    def applied_migrations(self) -> builtins.list[str]: ...

    def known_migrations(self) -> builtins.list[str]:
        """The names of every migration this version of tiermem has for the backend."""

    def vector_problems(self, dims: int) -> tuple[builtins.list[Any], builtins.list[tuple[str, str]]]:
        """(vectors to delete, by key; current memories whose vector is missing or not ``dims`` wide)."""

    def delete_vector_rows(self, keys: Sequence[Any]) -> None: ...

    def replace_vectors(self, records: Sequence[MemoryRecord], vectors: np.ndarray) -> None:
        """Overwrite the vectors of these records (re-embedding)."""


@dataclass(frozen=True, slots=True)
class OpenedStore:
    """What a ``tiermem.backends`` entry point returns: the backend, and the settings the store is opened with
    (a directory store reads its config.json; a database store has only the caller's)."""

    backend: StoreBackend
    settings: Settings


# --- capabilities: what only some backends can do (checked with isinstance, never by concrete class) -------


@runtime_checkable
class LocalFile(Protocol):
    """A store in one local file (SQLite): the file can be checked page by page, and has a write-ahead log."""

    path: Path

    def integrity_check(self) -> builtins.list[str]: ...


@runtime_checkable
class FullTextIndex(Protocol):
    """A store whose full-text index is kept beside the rows (SQLite's FTS5), so it can drift and be rebuilt."""

    def fts_drift(self) -> dict[str, int]: ...

    def rebuild_fts(self) -> None: ...


@runtime_checkable
class BulkLoad(Protocol):
    """A store whose vector index is cheaper to build once after a large load than to grow row by row
    (PostgreSQL's HNSW)."""

    def bulk_rows(self, at_most: int) -> int | None:
        """The fewest new rows for which :meth:`bulk_load` rebuilds the index; None when that is more than
        ``at_most`` or it never would."""

    def bulk_load(self, rows: int) -> AbstractContextManager[bool]:
        """Loading ``rows`` new rows: the index dropped for the load and built after if that pays (yields
        whether it was), even when the load fails."""


@runtime_checkable
class RemoteVectors(Protocol):
    """A store whose vector search is a round trip to a server (PostgreSQL's pgvector): recall sends it from
    another thread and ranks by words while it waits."""

    def vector_elsewhere(self) -> bool:
        """Whether a vector search may run on another thread now: not inside a transaction of this thread,
        whose uncommitted rows another thread's connection would not see."""


def readable_pages(
    fetch: Callable[[int, int], builtins.list[Any]], size: int = 1000, skips: int = 24
) -> Iterator[builtins.list[Any]]:
    """:func:`keyset_pages` by integer key that steps over what a damaged file cannot read: after a failed
    page it reads one row at a time, jumping 2, 4, 8... keys past the damage (at most ``skips`` times in a
    row), so an export of a damaged store writes every row it can still reach (what `doctor` advises)."""
    after, jump = 0, 0
    while True:
        want = 1 if jump else size
        try:
            rows = fetch(after, want)
        except StoreDamagedError:
            if jump >= skips:
                return
            jump += 1
            after += 2**jump
            continue
        if rows:
            yield rows
            after, jump = rows[-1][0], 0
        if len(rows) < want:
            return


def keyset_pages(fetch: Callable[[Any, int], builtins.list[Any]], size: int = 1000) -> Iterator[builtins.list[Any]]:
    """Rows a page at a time, by keyset: ``fetch(after, size)`` returns up to ``size`` rows whose key (their
    first column) comes after ``after``, in key order (0 before the first)."""
    after: Any = 0
    while True:
        rows = fetch(after, size)
        if rows:
            yield rows
        if len(rows) < size:
            return
        after = rows[-1][0]
