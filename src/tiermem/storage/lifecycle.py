"""What the lifecycle (seed 000: tiers, hot state, tree index) needs from a store, and its SQLite version.

What it keeps and reads, all keyed by agent id:

* documents: one small JSON document per agent and name (the hot state, the tree index, counters);
* tier transitions: every change of a memory's tier with its score and reason, kept even after the memory
  is purged, so "why did this fade?" always has an answer;
* cheap columnar reads of what tier scoring needs, so consolidating 100k memories does not decode records;
* per-category counts kept by triggers on every write, so a session start reads a few rows, not every memory;
* pins: tiers set by hand, which consolidation does not override.

Why SQLite rather than JSON files beside the store: a tier change and its transition row commit in one
transaction with the memories they describe, concurrent writers (hooks) serialise on the store's lock, and
transitions are queryable by memory and by time.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

import numpy as np

from ..model import TIERS, MemoryRecord
from ..results import Result, json_key

# The lifecycle's per-agent documents (doc_get / doc_set keys): hot state, tree index, counters, daily ledger.
HOT_DOC, TREE_DOC, COUNTERS_DOC, DAILY_DOC = "hot", "tree", "counters", "daily"
_CURRENT = "m.status = 'active' AND m.valid_to IS NULL"
_CHUNK = 500  # SQLite caps the number of bound parameters
# Seed order of importance when results are listed: what an agent holds closest first.
_TIER_ORDER = "CASE m.tier WHEN 'hot' THEN 0 WHEN 'warm' THEN 1 WHEN 'cold' THEN 2 ELSE 3 END"


@dataclass(frozen=True, slots=True)
class Transition(Result):
    """One change of a memory's tier. ``to_tier`` is a tier, or ``deleted`` when the memory was purged."""

    memory_id: str
    at: datetime
    from_tier: str | None = field(metadata=json_key("from"))
    to_tier: str = field(metadata=json_key("to"))
    reason: str
    score: float
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TierRows:
    """Columns of the agent's current memories, as scoring reads them (times in epoch seconds)."""

    ids: list[str]
    tiers: np.ndarray  # str objects
    importance: np.ndarray
    created_at: np.ndarray
    access_count: np.ndarray
    last_accessed_at: np.ndarray  # 0 when never accessed
    text_bytes: np.ndarray  # UTF-8 length of the text

    def __len__(self) -> int:
        return len(self.ids)


@dataclass(frozen=True, slots=True)
class Pin:
    """A tier set by hand (``update --tier``): consolidation leaves the memory there until it is unpinned."""

    memory_id: str
    tier: str
    at: datetime

    def to_dict(self) -> dict[str, Any]:
        return {"tier": self.tier, "at": self.at.isoformat()}


@dataclass(frozen=True, slots=True)
class CategoryStat:
    """Current memories filed exactly under one category: in the warm store (hot + warm), in the archive
    (cold + frozen), and the last time one was written or read (epoch seconds)."""

    warm: int
    cold: int
    last_activity: float


class LifecycleBackend(Protocol):
    """The lifecycle's part of the backend contract (see :class:`LifecycleTables` for SQLite)."""

    def doc_get(self, agent_id: str, key: str) -> dict[str, Any] | None: ...

    def doc_set(self, agent_id: str, key: str, value: Mapping[str, Any], at: datetime) -> None: ...

    def tier_rows(self, agent_id: str, tiers: Sequence[str] | None = None) -> TierRows:
        """The agent's current memories (only those in ``tiers`` when given), in insertion order."""

    def apply_transitions(self, agent_id: str, transitions: Sequence[Transition]) -> None:
        """Set each memory's tier (unless the transition is a deletion) and record every transition."""

    def transitions(
        self, agent_id: str, memory_id: str | None = None, *, since: datetime | None = None, limit: int = 100
    ) -> list[Transition]:
        """Newest first."""

    def last_transitions(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, Transition]: ...

    def category_stats(self, agent_id: str) -> dict[str | None, CategoryStat]:
        """Read from counts the store keeps up to date on every write (no scan of the memories)."""

    def set_pin(self, agent_id: str, memory_id: str, tier: str | None, at: datetime) -> None:
        """Pin a memory to ``tier``, or unpin it (None)."""

    def pins(self, agent_id: str) -> dict[str, Pin]:
        """The pins of the agent's current memories."""

    def find_by_url(self, agent_id: str, fragment: str, limit: int) -> list[MemoryRecord]:
        """Current memories with a metadata URL containing ``fragment`` (case-insensitive), nearest tier first."""


class _Host(Protocol):
    """What :class:`LifecycleTables` uses of the SQLite backend it is mixed into."""

    @property
    def _lock(self) -> AbstractContextManager[Any]: ...

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor: ...

    def write(self) -> AbstractContextManager[None]: ...

    def get_many(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, MemoryRecord]: ...


def tier_columns(rows: Sequence[Sequence[Any]]) -> TierRows:
    """TierRows from (id, tier, importance, created_at, access_count, last_accessed_at, text bytes) rows."""
    columns = list(zip(*rows, strict=True)) if rows else [()] * 7
    return TierRows(
        ids=list(columns[0]),
        tiers=np.array(columns[1], dtype=object),
        importance=np.array(columns[2], dtype=np.float64),
        created_at=np.array(columns[3], dtype=np.float64),
        access_count=np.array(columns[4], dtype=np.float64),
        last_accessed_at=np.array(columns[5], dtype=np.float64),
        text_bytes=np.array(columns[6], dtype=np.int64),
    )


def category_stats(rows: Sequence[Sequence[Any]]) -> dict[str | None, CategoryStat]:
    """From (category, warm, cold, last activity) rows of lifecycle_categories ('' is no category)."""
    return {(r[0] or None): CategoryStat(int(r[1]), int(r[2]), float(r[3])) for r in rows}


def _transition(row: Sequence[Any]) -> Transition:
    return Transition(
        row[0], datetime.fromtimestamp(row[1], tz=UTC), row[2], row[3], row[4], row[5], json.loads(row[6])
    )


_TRANSITION_COLUMNS = "memory_id, at, from_tier, to_tier, reason, score, detail"


class LifecycleTables:
    """:class:`LifecycleBackend` for :class:`~tiermem.storage.sqlite.SQLiteBackend` (mixed into it)."""

    def doc_get(self: _Host, agent_id: str, key: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._execute(
                "SELECT value FROM lifecycle_docs WHERE agent_id = ? AND key = ?", (agent_id, key)
            ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def doc_set(self: _Host, agent_id: str, key: str, value: Mapping[str, Any], at: datetime) -> None:
        with self.write():
            self._execute(
                "INSERT INTO lifecycle_docs(agent_id, key, value, updated_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(agent_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                (agent_id, key, json.dumps(dict(value), ensure_ascii=False), at.timestamp()),
            )

    def tier_rows(self: _Host, agent_id: str, tiers: Sequence[str] | None = None) -> TierRows:
        only = "" if tiers is None else f" AND m.tier IN ({', '.join('?' for _ in tiers)})"
        # By tier when asked for some: the (agent_id) index, which gives rowid order for free, reads them all.
        index = "" if tiers is None else "INDEXED BY memories_agent_tier "
        with self._lock:
            rows = self._execute(
                "SELECT m.id, m.tier, m.importance, m.created_at, m.access_count, COALESCE(m.last_accessed_at, 0), "
                "length(CAST(m.text AS BLOB)) "
                f"FROM memories m {index}WHERE m.agent_id = ? AND {_CURRENT}{only} ORDER BY m.rowid",
                (agent_id, *(tiers or ())),
            ).fetchall()
        return tier_columns(rows)

    def set_pin(self: _Host, agent_id: str, memory_id: str, tier: str | None, at: datetime) -> None:
        with self.write():
            if tier is None:
                self._execute("DELETE FROM tier_pins WHERE agent_id = ? AND memory_id = ?", (agent_id, memory_id))
                return
            self._execute(
                "INSERT INTO tier_pins(agent_id, memory_id, tier, pinned_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(agent_id, memory_id) DO UPDATE SET tier = excluded.tier, pinned_at = excluded.pinned_at",
                (agent_id, memory_id, tier, at.timestamp()),
            )

    def pins(self: _Host, agent_id: str) -> dict[str, Pin]:
        with self._lock:
            rows = self._execute(
                "SELECT p.memory_id, p.tier, p.pinned_at FROM tier_pins p WHERE p.agent_id = ? AND EXISTS ("
                f"SELECT 1 FROM memories m WHERE m.id = p.memory_id AND m.agent_id = p.agent_id AND {_CURRENT})",
                (agent_id,),
            ).fetchall()
        return {r[0]: Pin(r[0], r[1], datetime.fromtimestamp(r[2], tz=UTC)) for r in rows}

    def apply_transitions(self: _Host, agent_id: str, transitions: Sequence[Transition]) -> None:
        if not transitions:
            return
        with self.write():
            for t in transitions:
                if t.to_tier in TIERS:
                    self._execute(
                        "UPDATE memories SET tier = ? WHERE agent_id = ? AND id = ?", (t.to_tier, agent_id, t.memory_id)
                    )
                self._execute(
                    f"INSERT INTO tier_transitions(agent_id, {_TRANSITION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        agent_id,
                        t.memory_id,
                        t.at.timestamp(),
                        t.from_tier,
                        t.to_tier,
                        t.reason,
                        t.score,
                        json.dumps(t.detail, ensure_ascii=False),
                    ),
                )

    def transitions(
        self: _Host, agent_id: str, memory_id: str | None = None, *, since: datetime | None = None, limit: int = 100
    ) -> list[Transition]:
        clauses: list[str] = ["agent_id = ?"]
        params: list[Any] = [agent_id]
        if memory_id is not None:
            clauses.append("memory_id = ?")
            params.append(memory_id)
        if since is not None:
            clauses.append("at >= ?")
            params.append(since.timestamp())
        with self._lock:
            rows = self._execute(
                f"SELECT {_TRANSITION_COLUMNS} FROM tier_transitions WHERE {' AND '.join(clauses)} "
                "ORDER BY at DESC, rowid DESC LIMIT ?",
                [*params, limit],
            ).fetchall()
        return [_transition(r) for r in rows]

    def last_transitions(self: _Host, agent_id: str, memory_ids: Sequence[str]) -> dict[str, Transition]:
        found: dict[str, Transition] = {}
        ids = list(dict.fromkeys(memory_ids))
        for start in range(0, len(ids), _CHUNK):
            chunk = ids[start : start + _CHUNK]
            marks = ", ".join("?" for _ in chunk)
            with self._lock:
                rows = self._execute(
                    f"SELECT {_TRANSITION_COLUMNS} FROM tier_transitions "
                    f"WHERE agent_id = ? AND memory_id IN ({marks}) ORDER BY rowid",
                    [agent_id, *chunk],
                ).fetchall()
            found.update((r[0], _transition(r)) for r in rows)  # in insertion order: the last one wins
        return found

    def category_stats(self: _Host, agent_id: str) -> dict[str | None, CategoryStat]:
        with self._lock:
            rows = self._execute(
                "SELECT category, warm, cold, last_activity FROM lifecycle_categories WHERE agent_id = ?", (agent_id,)
            ).fetchall()
        return category_stats(rows)

    def find_by_url(self: _Host, agent_id: str, fragment: str, limit: int) -> list[MemoryRecord]:
        with self._lock:
            rows = self._execute(
                f"SELECT m.id FROM memories m WHERE m.agent_id = ? AND {_CURRENT} AND EXISTS ("
                "SELECT 1 FROM json_each(m.metadata, '$.urls') u WHERE instr(lower(u.value), ?) > 0) "
                f"ORDER BY {_TIER_ORDER}, m.created_at DESC LIMIT ?",
                (agent_id, fragment.lower(), limit),
            ).fetchall()
        found = self.get_many(agent_id, [r[0] for r in rows])
        return [found[r[0]] for r in rows if r[0] in found]
