"""The lifecycle's part of the backend contract (``storage.lifecycle.LifecycleBackend``) on PostgreSQL: per-agent
documents (hot state, tree index, counters), tier transitions, and the columnar reads tier scoring needs.

Mixed into :class:`~tiermem.storage.postgres.PostgresBackend`; the tables come from its migration
``0003_lifecycle``. Behaviour matches the SQLite version (``LifecycleTables``) method for method.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, Protocol

from ..model import TIERS, MemoryRecord
from .lifecycle import CategoryStat, Pin, TierRows, Transition, category_stats, tier_columns
from .postgres_sql import CURRENT, WITH_URL

_TIER_ORDER = "CASE m.tier WHEN 'hot' THEN 0 WHEN 'warm' THEN 1 WHEN 'cold' THEN 2 ELSE 3 END"
_TRANSITION_COLUMNS = "memory_id, at, from_tier, to_tier, reason, score, detail"


class _Host(Protocol):
    def _all(
        self, sql: str, params: Sequence[Any] = (), agent_id: str | None = None, *, binary: bool = False
    ) -> list[tuple[Any, ...]]: ...

    def _run_many(self, sql: str, rows: Sequence[Sequence[Any]], agent_id: str | None = None) -> None: ...

    def write(self) -> AbstractContextManager[None]: ...

    def get_many(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, MemoryRecord]: ...


class PostgresLifecycle:
    """Implements :class:`tiermem.storage.lifecycle.LifecycleBackend` for the PostgreSQL backend."""

    def doc_get(self: _Host, agent_id: str, key: str) -> dict[str, Any] | None:
        rows = self._all("SELECT value FROM lifecycle_docs WHERE agent_id = %s AND key = %s", (agent_id, key))
        return None if not rows else dict(rows[0][0])

    def doc_set(self: _Host, agent_id: str, key: str, value: Mapping[str, Any], at: datetime) -> None:
        self._run_many(
            "INSERT INTO lifecycle_docs(agent_id, key, value, updated_at) VALUES (%s, %s, %s::json, %s) "
            "ON CONFLICT (agent_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            [(agent_id, key, json.dumps(dict(value), ensure_ascii=False), at)],
            agent_id,
        )

    def tier_rows(self: _Host, agent_id: str, tiers: Sequence[str] | None = None) -> TierRows:
        only, params = ("", [agent_id]) if tiers is None else (" AND m.tier = ANY(%s)", [agent_id, list(tiers)])
        rows = self._all(
            "SELECT m.id, m.tier, m.importance, extract(epoch FROM m.created_at)::float8, m.access_count, "
            f"COALESCE(extract(epoch FROM m.last_accessed_at)::float8, 0), octet_length(m.text) FROM memories m "
            f"WHERE m.agent_id = %s AND {CURRENT}{only} ORDER BY m.seq",
            params,
        )
        return tier_columns(rows)

    def set_pin(self: _Host, agent_id: str, memory_id: str, tier: str | None, at: datetime) -> None:
        if tier is None:
            self._run_many(
                "DELETE FROM tier_pins WHERE agent_id = %s AND memory_id = %s", [(agent_id, memory_id)], agent_id
            )
            return
        self._run_many(
            "INSERT INTO tier_pins(agent_id, memory_id, tier, pinned_at) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT (agent_id, memory_id) DO UPDATE SET tier = excluded.tier, pinned_at = excluded.pinned_at",
            [(agent_id, memory_id, tier, at)],
            agent_id,
        )

    def pins(self: _Host, agent_id: str) -> dict[str, Pin]:
        rows = self._all(
            "SELECT p.memory_id, p.tier, p.pinned_at FROM tier_pins p WHERE p.agent_id = %s AND EXISTS ("
            f"SELECT 1 FROM memories m WHERE m.id = p.memory_id AND m.agent_id = p.agent_id AND {CURRENT})",
            (agent_id,),
        )
        return {r[0]: Pin(*r) for r in rows}

    def apply_transitions(self: _Host, agent_id: str, transitions: Sequence[Transition]) -> None:
        if not transitions:
            return
        with self.write():  # in order, as SQLite does: the last move of a memory decides its tier
            self._run_many(
                "UPDATE memories SET tier = %s WHERE agent_id = %s AND id = %s",
                [(t.to_tier, agent_id, t.memory_id) for t in transitions if t.to_tier in TIERS],
                agent_id,
            )
            rows = [(agent_id, t.memory_id, t.at, t.from_tier, t.to_tier, t.reason, t.score,
                     json.dumps(t.detail, ensure_ascii=False)) for t in transitions]  # fmt: skip
            self._run_many(
                f"INSERT INTO tier_transitions(agent_id, {_TRANSITION_COLUMNS}) VALUES ({', '.join(['%s'] * 8)})",
                rows,
                agent_id,
            )

    def transitions(
        self: _Host, agent_id: str, memory_id: str | None = None, *, since: datetime | None = None, limit: int = 100
    ) -> list[Transition]:
        clauses, params = ["agent_id = %s"], [agent_id]
        if memory_id is not None:
            clauses.append("memory_id = %s")
            params.append(memory_id)
        if since is not None:
            clauses.append("at >= %s")
            params.append(since)  # type: ignore[arg-type]
        rows = self._all(
            f"SELECT {_TRANSITION_COLUMNS} FROM tier_transitions WHERE {' AND '.join(clauses)} "
            "ORDER BY at DESC, seq DESC LIMIT %s",
            [*params, limit],
        )
        return [Transition(*r) for r in rows]

    def last_transitions(self: _Host, agent_id: str, memory_ids: Sequence[str]) -> dict[str, Transition]:
        if not memory_ids:
            return {}
        rows = self._all(
            f"SELECT DISTINCT ON (memory_id) {_TRANSITION_COLUMNS} FROM tier_transitions "
            "WHERE agent_id = %s AND memory_id = ANY(%s) ORDER BY memory_id, seq DESC",
            (agent_id, list(memory_ids)),
        )
        return {r[0]: Transition(*r) for r in rows}

    def category_stats(self: _Host, agent_id: str) -> dict[str | None, CategoryStat]:
        return category_stats(
            self._all(
                "SELECT category, warm, cold, last_activity FROM lifecycle_categories WHERE agent_id = %s", (agent_id,)
            )
        )

    def find_by_url(self: _Host, agent_id: str, fragment: str, limit: int) -> list[MemoryRecord]:
        rows = self._all(
            f"SELECT m.id FROM memories m WHERE m.agent_id = %s AND {CURRENT} AND {WITH_URL} "
            f"ORDER BY {_TIER_ORDER}, m.created_at DESC LIMIT %s",
            (agent_id, fragment.lower(), limit),
        )
        found = self.get_many(agent_id, [r[0] for r in rows])
        return [found[r[0]] for r in rows if r[0] in found]
