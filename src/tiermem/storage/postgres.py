"""The scale-out backend: PostgreSQL with pgvector (HNSW) for vectors and full-text search for the lexical signal.

Several tiermem processes (servers, hooks, CLIs) can share one database. Writes of one agent are
serialised by a transaction-level advisory lock on that agent, taken by the first statement about the
agent inside :meth:`PostgresBackend.write`: dedup reads the store and then inserts, and two processes
storing the same text must not both find it missing (SQLite's file-wide write lock plays this part on the
embedded store). Writes of different agents run in parallel. Each thread borrows its own connection from a
pool; a write transaction keeps its connection for the thread until it commits.
"""

from __future__ import annotations

import builtins
import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

import numpy as np

from ..config import parse_settings
from ..errors import ValidationError
from ..model import Link, MemoryRecord
from .base import ORDERS, Filters, HistoryEntry, OpenedStore, keyset_pages
from .postgres_base import ORDER_SQL, SELECT
from .postgres_lifecycle import PostgresLifecycle
from .postgres_search import PostgresSearch
from .postgres_sql import (
    CASTS,
    COLUMNS,
    CURRENT,
    encode_field,
    filter_sql,
    record_row,
    redact,
    to_record,
)

__all__ = ["PostgresBackend", "redact"]

_HASH = COLUMNS.index("content_hash")  # position in a row read with SELECT


class PostgresBackend(PostgresSearch, PostgresLifecycle):
    """Implements :class:`tiermem.storage.base.Backend` on a PostgreSQL database with pgvector (and the
    lifecycle's tables: :class:`~tiermem.storage.lifecycle.LifecycleBackend`)."""

    # --- records ------------------------------------------------------------------------------------

    def insert(self, records: Sequence[MemoryRecord], vectors: np.ndarray | None) -> None:
        if not records:
            return
        with self.write(), self._conn() as conn:
            self._lock_all(records)
            with conn.cursor() as cur, cur.copy(f"COPY memories ({', '.join(COLUMNS)}) FROM STDIN") as copy:
                for record in records:
                    copy.write_row(record_row(record))
            if vectors is not None:
                with conn.cursor() as cur:
                    self._copy_vectors(cur, records, vectors)

    def get(self, agent_id: str, memory_id: str) -> MemoryRecord | None:
        return self.get_many(agent_id, [memory_id]).get(memory_id)

    def get_many(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, MemoryRecord]:
        if not memory_ids:
            return {}
        rows = self._all(
            f"SELECT {SELECT} FROM memories m WHERE m.id = ANY(%s) AND m.agent_id = %s",
            (list(memory_ids), agent_id),
            agent_id,
        )
        return {row[0]: to_record(row) for row in rows}

    def find_by_hash(self, agent_id: str, content_hash: str) -> MemoryRecord | None:
        return self.find_by_hashes(agent_id, [content_hash]).get(content_hash)

    def find_by_hashes(self, agent_id: str, content_hashes: Sequence[str]) -> dict[str, MemoryRecord]:
        if not content_hashes:
            return {}
        rows = self._all(
            f"SELECT DISTINCT ON (m.content_hash) {SELECT} FROM memories m WHERE m.agent_id = %s "
            f"AND m.content_hash = ANY(%s) AND {CURRENT} ORDER BY m.content_hash, m.seq",
            (agent_id, list(dict.fromkeys(content_hashes))),
            agent_id,
        )
        return {row[_HASH]: to_record(row) for row in rows}

    def current_texts(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        if not memory_ids:
            return {}
        rows = self._all(
            f"SELECT m.id, m.text, m.type FROM memories m WHERE m.id = ANY(%s) AND m.agent_id = %s AND {CURRENT}",
            (list(memory_ids), agent_id),
            agent_id,
        )
        return {r[0]: (r[1], r[2]) for r in rows}

    def list(
        self, agent_id: str, filters: Filters, *, limit: int, offset: int = 0, order: str = "newest"
    ) -> builtins.list[MemoryRecord]:
        if order not in ORDERS:
            raise ValidationError(f"order must be one of {', '.join(ORDERS)}; got {order!r}")
        where, params = filter_sql(agent_id, filters)
        rows = self._all(
            f"SELECT {SELECT} FROM memories m WHERE {where} ORDER BY {ORDER_SQL[order]} LIMIT %s OFFSET %s",
            [*params, limit, offset],
            agent_id,
        )
        return [to_record(row) for row in rows]

    def matching(self, agent_id: str, memory_ids: Sequence[str], filters: Filters) -> set[str]:
        if not memory_ids:
            return set()
        where, params = filter_sql(agent_id, filters)
        rows = self._all(f"SELECT m.id FROM memories m WHERE {where} AND m.id = ANY(%s)", [*params, list(memory_ids)])
        return {r[0] for r in rows}

    def iter_all(self, agent_id: str) -> Iterator[MemoryRecord]:
        """Pages by insertion order, so a large export neither holds a transaction nor loads everything."""
        for rows in self._pages(f"SELECT m.seq, {SELECT} FROM memories m WHERE m.agent_id = %s", (agent_id,)):
            yield from (to_record(row[1:]) for row in rows)

    def _pages(self, select: str, params: Sequence[Any], size: int = 1000) -> Iterator[builtins.list[Any]]:
        """Rows of ``select`` (its first column ``seq``, its WHERE clause open) a page at a time, by seq."""
        return keyset_pages(
            lambda after, n: self._all(f"{select} AND seq > %s ORDER BY seq LIMIT %s", [*params, after, n]), size
        )

    def iter_links(self, agent_id: str) -> Iterator[Link]:
        """Every link of the agent, in the order they were made (for export)."""
        select = "SELECT seq, source_id, target_id, relation, created_at FROM links WHERE agent_id = %s"
        for rows in self._pages(select, (agent_id,)):
            yield from (Link(*r[1:]) for r in rows)

    def iter_history(self, agent_id: str) -> Iterator[HistoryEntry]:
        """Every history entry of the agent, oldest first (for export)."""
        select = "SELECT seq, memory_id, at, action, detail FROM history WHERE agent_id = %s"
        for rows in self._pages(select, (agent_id,)):
            yield from (HistoryEntry(*r[1:]) for r in rows)

    def owners(self, memory_ids: Sequence[str]) -> dict[str, str]:
        """id -> agent of those of ``memory_ids`` that exist, whoever owns them (ids are unique store-wide)."""
        if not memory_ids:
            return {}
        # One index probe per id, whatever the planner estimates: an import asks this of every batch while the
        # table grows inside its transaction, unanalysed, and `id = ANY(...)` (or a plain join) was planned as a
        # scan of every row so far: quadratic, 190 ms a batch at 20k rows. LIMIT 1 keeps the subquery a probe.
        rows = self._all(
            "SELECT m.id, m.agent_id FROM unnest(%s::text[]) AS u(id) "
            "CROSS JOIN LATERAL (SELECT id, agent_id FROM memories WHERE id = u.id LIMIT 1) AS m",
            (list(memory_ids),),
        )
        return dict(rows)

    def update(self, agent_id: str, memory_id: str, fields: dict[str, Any]) -> None:
        unknown = set(fields) - set(COLUMNS) | ({"id", "agent_id"} & set(fields))
        if unknown:
            raise ValidationError(f"cannot update field(s) {', '.join(sorted(unknown))}")
        if not fields:
            return
        assignments = ", ".join(f"{name} = %s{CASTS.get(name, '')}" for name in fields)
        values = [encode_field(name, value) for name, value in fields.items()]
        with self.write(), self._conn(agent_id) as conn:
            conn.execute(
                f"UPDATE memories SET {assignments} WHERE agent_id = %s AND id = %s", [*values, agent_id, memory_id]
            )

    def reinforce(self, agent_id: str, memory_ids: Sequence[str], at: datetime, importance_bump: float) -> None:
        counts = Counter(memory_ids)  # a batch may reinforce one memory twice: both count
        if not counts:
            return
        with self.write(), self._conn(agent_id) as conn:
            conn.execute(
                "UPDATE memories m SET access_count = m.access_count + u.n, last_accessed_at = %s, "
                "importance = LEAST(1.0, m.importance + u.n * %s) "
                "FROM unnest(%s::text[], %s::int[]) AS u(id, n) WHERE m.agent_id = %s AND m.id = u.id",
                (at, importance_bump, list(counts), list(counts.values()), agent_id),
            )

    def record_access(self, agent_id: str, counts: Mapping[str, int], at: datetime) -> None:
        if not counts:
            return
        ids = sorted(counts)  # rows locked in one order by every writer
        with self.write(), self._conn(agent_id) as conn:
            conn.execute(
                "UPDATE memories m SET access_count = m.access_count + u.n, "
                "last_accessed_at = GREATEST(COALESCE(m.last_accessed_at, %s), %s) "
                "FROM unnest(%s::text[], %s::int[]) AS u(id, n) WHERE m.agent_id = %s AND m.id = u.id",
                (at, at, ids, [counts[i] for i in ids], agent_id),
            )

    def purge(self, agent_id: str, memory_id: str) -> None:
        with self.write(), self._conn(agent_id) as conn:
            conn.execute(
                "DELETE FROM links WHERE agent_id = %s AND (source_id = %s OR target_id = %s)",
                (agent_id, memory_id, memory_id),
            )
            conn.execute("DELETE FROM history WHERE agent_id = %s AND memory_id = %s", (agent_id, memory_id))
            conn.execute("DELETE FROM memories WHERE agent_id = %s AND id = %s", (agent_id, memory_id))

    def count(self, agent_id: str | None = None, *, current_only: bool = True) -> int:
        clauses = ([CURRENT] if current_only else []) + (["m.agent_id = %s"] if agent_id else [])
        where = " AND ".join(clauses) or "TRUE"
        return int(self._all(f"SELECT COUNT(*) FROM memories m WHERE {where}", [agent_id] if agent_id else [])[0][0])

    def agents(self) -> builtins.list[str]:
        return [
            r[0] for r in self._all('SELECT agent_id FROM memories GROUP BY agent_id ORDER BY agent_id COLLATE "C"')
        ]

    def stats(self, agent_id: str) -> dict[str, Any]:
        status = (
            "CASE WHEN status <> 'active' THEN status WHEN valid_to IS NOT NULL THEN 'superseded' ELSE 'current' END"
        )
        by_status = self._all(
            f"SELECT {status} AS s, COUNT(*) FROM memories WHERE agent_id = %s GROUP BY s", (agent_id,)
        )
        by_type = self._all(
            f"SELECT type, COUNT(*) FROM memories m WHERE agent_id = %s AND {CURRENT} GROUP BY type", (agent_id,)
        )
        by_tier = self._all(
            f"SELECT tier, COUNT(*) FROM memories m WHERE agent_id = %s AND {CURRENT} GROUP BY tier", (agent_id,)
        )
        links = self._all("SELECT COUNT(*) FROM links WHERE agent_id = %s", (agent_id,))[0][0]
        return {"by_status": dict(by_status), "by_type": dict(by_type), "by_tier": dict(by_tier), "links": links}

    # --- links and history ----------------------------------------------------------------------------

    def add_link(self, agent_id: str, link: Link) -> bool:
        with self.write(), self._conn(agent_id) as conn:
            cursor = conn.execute(
                "INSERT INTO links(agent_id, source_id, target_id, relation, created_at) VALUES (%s, %s, %s, %s, %s) "
                "ON CONFLICT DO NOTHING",
                (agent_id, link.source_id, link.target_id, link.relation, link.created_at),
            )
            return cursor.rowcount > 0

    def remove_links(self, agent_id: str, source_id: str, target_id: str, relations: Sequence[str]) -> int:
        if not relations:
            return 0
        with self.write(), self._conn(agent_id) as conn:
            cursor = conn.execute(
                "DELETE FROM links WHERE agent_id = %s AND source_id = %s AND target_id = %s AND relation = ANY(%s)",
                (agent_id, source_id, target_id, list(relations)),
            )
            return cursor.rowcount

    def links(self, agent_id: str, memory_id: str) -> builtins.list[Link]:
        rows = self._all(
            "SELECT source_id, target_id, relation, created_at FROM links "
            "WHERE agent_id = %s AND (source_id = %s OR target_id = %s) ORDER BY created_at, seq",
            (agent_id, memory_id, memory_id),
        )
        return [Link(*r) for r in rows]

    def replaced(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, builtins.list[str]]:
        found: dict[str, builtins.list[str]] = {}
        rows = self._all(
            "SELECT source_id, target_id FROM links WHERE agent_id = %s AND relation = 'supersedes' "
            "AND source_id = ANY(%s) ORDER BY created_at, seq",
            (agent_id, list(dict.fromkeys(memory_ids))),
        )
        for source, target in rows:
            found.setdefault(source, []).append(target)
        return found

    def add_history(self, agent_id: str, entries: Sequence[HistoryEntry]) -> None:
        if not entries:
            return
        with self.write(), self._conn(agent_id) as conn, conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO history(agent_id, memory_id, at, action, detail) VALUES (%s, %s, %s, %s, %s::json)",
                [(agent_id, e.memory_id, e.at, e.action, json.dumps(e.detail, ensure_ascii=False)) for e in entries],
            )

    def history(self, agent_id: str, memory_id: str) -> builtins.list[HistoryEntry]:
        rows = self._all(
            "SELECT memory_id, at, action, detail FROM history WHERE agent_id = %s AND memory_id = %s ORDER BY at, seq",
            (agent_id, memory_id),
        )
        return [HistoryEntry(*r) for r in rows]


def open_store(location: str, config: Mapping[str, Any]) -> OpenedStore:
    """The ``postgresql`` (and ``postgres``) entry of ``tiermem.backends``: the database at URL ``location``,
    with ``config`` alone for settings (there is no directory for a config.json)."""
    settings = parse_settings(dict(config), where="config")
    pg = settings.postgres
    backend = PostgresBackend(
        location,
        pool_min=pg.pool_min,
        pool_max=pg.pool_max,
        connect_timeout_s=pg.connect_timeout_s,
        ef_search=pg.hnsw_ef_search,
        match_budget=pg.lexical_match_budget,
        mirror_agents=settings.mirror_agents,
    )
    return OpenedStore(backend, settings)
