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
import re
import threading
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np
import psycopg
from psycopg.types import TypeInfo
from psycopg_pool import ConnectionPool, PoolTimeout

from ..errors import StoreError, ValidationError
from ..model import Link, MemoryRecord
from .base import ORDERS, Filters, HistoryEntry, keyset_pages
from .postgres_lexical import MATCH_BUDGET, NO_STATS, LexemeStats, plan_terms
from .postgres_lifecycle import PostgresLifecycle
from .postgres_migrations import LOCK_NAMESPACE, apply_migrations
from .postgres_sql import (
    CASTS,
    COLUMNS,
    CURRENT,
    TSQUERY,
    WITH_URL,
    encode_field,
    filter_sql,
    first_line,
    lexeme_stats,
    record_row,
    redact,
    register_vector,
    to_record,
)

_SELECT = ", ".join(f"m.{c}" for c in COLUMNS)
_ORDER_SQL = {
    "newest": "m.created_at DESC, m.seq DESC",
    "oldest": "m.created_at ASC, m.seq ASC",
    "importance": "m.importance DESC, m.created_at DESC, m.seq DESC",
    "accessed": "m.last_accessed_at DESC NULLS LAST, m.created_at DESC, m.seq DESC",
}
_AGENT_LOCKS = LOCK_NAMESPACE + 1  # advisory lock space of per-agent write locks: (this, hashtext(agent))
_INDEX_LOCK = (LOCK_NAMESPACE, 2)
STATS_TTL_S = 300.0  # how long the lexeme statistics are trusted before they are read again
HNSW_MAX_DIMS = 2000  # pgvector's HNSW limit for the vector type; wider vectors are searched exactly


@dataclass
class _Transaction:
    conn: psycopg.Connection[Any]
    locked: set[str] = field(default_factory=set)

    def lock(self, agent_id: str) -> None:
        """Take the agent's write lock for the rest of the transaction (once)."""
        if agent_id not in self.locked:
            self.conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (_AGENT_LOCKS, agent_id))
            self.locked.add(agent_id)


class PostgresBackend(PostgresLifecycle):
    """Implements :class:`tiermem.storage.base.Backend` on a PostgreSQL database with pgvector (and the
    lifecycle's tables: :class:`~tiermem.storage.lifecycle.LifecycleBackend`)."""

    def __init__(
        self,
        url: str,
        *,
        pool_min: int = 1,
        pool_max: int = 10,
        connect_timeout_s: float = 10.0,
        ef_search: int = 100,
        match_budget: int = MATCH_BUDGET,
    ) -> None:
        self.location = redact(url)
        self._local = threading.local()
        self._dims: int | None = None
        self._lexeme_cache: dict[str, tuple[str, ...]] = {}
        self._stats, self._stats_at = NO_STATS, -STATS_TTL_S
        self._match_budget = match_budget
        timeout = max(1, int(connect_timeout_s))
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=timeout) as conn:
                apply_migrations(conn)
                info = TypeInfo.fetch(conn, "vector")
        except psycopg.Error as exc:
            raise StoreError(
                f"cannot open the PostgreSQL store {self.location}: {first_line(exc)}; check the URL, that the "
                "server is running and that this user may connect"
            ) from None
        assert info is not None  # the migrations created the extension

        def configure(conn: psycopg.Connection[Any]) -> None:
            register_vector(conn, info)
            conn.execute("SET TIME ZONE 'UTC'")
            # Filtered HNSW scans (one agent's rows) keep walking the graph until LIMIT rows pass the filter.
            conn.execute("SET hnsw.iterative_scan = strict_order")
            conn.execute(f"SET hnsw.ef_search = {int(ef_search)}")

        self._pool = ConnectionPool(
            url,
            min_size=pool_min,
            max_size=max(pool_max, pool_min, 1),
            kwargs={"autocommit": True, "connect_timeout": timeout},
            configure=configure,
            timeout=max(30.0, connect_timeout_s),
            open=True,
            name="tiermem",
        )
        dims = self.meta_get("embedder_dims")
        if dims:
            self.ensure_vector_index(int(dims))

    # --- plumbing -----------------------------------------------------------------------------------

    def close(self) -> None:
        self._pool.close()

    @contextmanager
    def _conn(self, agent_id: str | None = None) -> Iterator[psycopg.Connection[Any]]:
        """The thread's transaction connection (locking ``agent_id`` for it), else a pooled one."""
        tx: _Transaction | None = getattr(self._local, "tx", None)
        try:
            if tx is None:
                with self._pool.connection() as conn:
                    yield conn
                return
            if agent_id is not None:
                tx.lock(agent_id)
            yield tx.conn
        except psycopg.Error as exc:
            raise StoreError(
                f"database operation failed on {self.location}: {first_line(exc)}; check the server and retry"
            ) from exc
        except PoolTimeout:
            raise StoreError(
                f"no free connection to {self.location} in time: the pool is exhausted; raise "
                "postgres.pool_max in the settings or lower the load"
            ) from None

    def _all(
        self, sql: str, params: Sequence[Any] = (), agent_id: str | None = None, *, binary: bool = False
    ) -> builtins.list[tuple[Any, ...]]:
        with self._conn(agent_id) as conn:
            return conn.execute(sql, params, binary=binary).fetchall()

    def _run_many(self, sql: str, rows: Sequence[Sequence[Any]], agent_id: str | None = None) -> None:
        """Run one statement per row, in order, in one transaction (pipelined)."""
        with self.write(), self._conn(agent_id) as conn, conn.cursor() as cur:
            cur.executemany(sql, rows)

    @contextmanager
    def write(self) -> Iterator[None]:
        if getattr(self._local, "tx", None) is not None:  # nested: the outer transaction holds the locks
            yield
            return
        with self._conn() as conn, conn.transaction():
            self._local.tx = _Transaction(conn)
            try:
                yield
            finally:
                self._local.tx = None

    def meta_get(self, key: str) -> str | None:
        rows = self._all("SELECT value FROM meta WHERE key = %s", (key,))
        return None if not rows else str(rows[0][0])

    def meta_set(self, key: str, value: str) -> None:
        with self._conn() as conn:
            conn.execute(
                "INSERT INTO meta(key, value) VALUES (%s, %s) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
        if key == "embedder_dims":  # the store now knows its vector width: index it
            self.ensure_vector_index(int(value))

    def meta_items(self, prefix: str) -> dict[str, str]:
        rows = self._all("SELECT key, value FROM meta WHERE left(key, %s) = %s ORDER BY key", (len(prefix), prefix))
        return {r[0]: r[1] for r in rows}

    def ensure_vector_index(self, dims: int) -> None:
        """An HNSW index for vectors of this width (replacing one for another width), if pgvector allows it."""
        self._dims = dims
        if not 0 < dims <= HNSW_MAX_DIMS:
            return
        name = f"vectors_hnsw_{dims}"
        with self.write(), self._conn() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", _INDEX_LOCK)
            stale = conn.execute(
                "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'vectors' "
                "AND indexname LIKE 'vectors\\_hnsw\\_%%' "
                "AND indexname <> %s",
                (name,),
            ).fetchall()
            for (old,) in stale:
                conn.execute(f'DROP INDEX IF EXISTS "{old}"')
            exists = conn.execute("SELECT to_regclass(%s)", (name,)).fetchone()
            if exists is None or exists[0] is None:
                conn.execute(f"CREATE INDEX {name} ON vectors USING hnsw ((vec::vector({dims})) vector_cosine_ops)")
                # Fresh statistics, or the planner may take one agent's rows for a few hundred and sort them
                # all by distance instead of walking the new index.
                conn.execute("ANALYZE vectors")

    def _vec(self) -> str:
        """The vector expression the HNSW index covers (plain ``vec`` when there is no index)."""
        if self._dims is None:
            dims = self.meta_get("embedder_dims")
            self._dims = int(dims) if dims else None
        return f"v.vec::vector({self._dims})" if self._dims and self._dims <= HNSW_MAX_DIMS else "v.vec"

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

    def _lock_all(self, records: Sequence[MemoryRecord]) -> None:
        """Lock every agent of a batch, in one order everywhere (so two batches cannot deadlock)."""
        tx: _Transaction = self._local.tx
        for agent_id in sorted({r.agent_id for r in records}):
            tx.lock(agent_id)

    def _copy_vectors(self, cur: psycopg.Cursor[Any], records: Sequence[MemoryRecord], vectors: np.ndarray) -> None:
        blocks = np.asarray(vectors, dtype=np.float32).reshape(len(records), -1)
        with cur.copy("COPY vectors (id, agent_id, vec) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(["text", "text", "vector"])
            for record, vec in zip(records, blocks, strict=True):
                copy.write_row((record.id, record.agent_id, vec))

    def get(self, agent_id: str, memory_id: str) -> MemoryRecord | None:
        return self.get_many(agent_id, [memory_id]).get(memory_id)

    def get_many(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, MemoryRecord]:
        if not memory_ids:
            return {}
        rows = self._all(
            f"SELECT {_SELECT} FROM memories m WHERE m.id = ANY(%s) AND m.agent_id = %s",
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
            f"SELECT DISTINCT ON (m.content_hash) {_SELECT} FROM memories m WHERE m.agent_id = %s "
            f"AND m.content_hash = ANY(%s) AND {CURRENT} ORDER BY m.content_hash, m.seq",
            (agent_id, list(dict.fromkeys(content_hashes))),
            agent_id,
        )
        return {row[19]: to_record(row) for row in rows}

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
            f"SELECT {_SELECT} FROM memories m WHERE {where} ORDER BY {_ORDER_SQL[order]} LIMIT %s OFFSET %s",
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
        for rows in self._pages(f"SELECT m.seq, {_SELECT} FROM memories m WHERE m.agent_id = %s", (agent_id,)):
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
        return dict(self._all("SELECT id, agent_id FROM memories WHERE id = ANY(%s)", (list(memory_ids),)))

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

    # --- candidates -----------------------------------------------------------------------------------

    def lexical(self, agent_id: str, terms: Sequence[str], *, limit: int) -> builtins.list[tuple[str, float]]:
        """Ranked by IDF-weighted ``ts_rank``; candidates from the rarer terms (see postgres_lexical). Every
        term goes through plainto_tsquery as a parameter: query syntax in user text is plain words."""
        usable = [t for t in dict.fromkeys(terms) if re.search(r"\w", t)]
        if not usable or limit <= 0:
            return []
        plans = plan_terms(self._lexemes(usable), self._lexeme_stats(), self._match_budget)
        matching = [p.term for p in plans if p.match]
        if not matching:
            return []
        score = " + ".join(f"%s * ts_rank(m.lexemes, {TSQUERY}, 1)" for _ in plans)
        match = " || ".join([TSQUERY] * len(matching))
        rows = self._all(
            f"SELECT m.id, {score} AS score FROM memories m WHERE m.lexemes @@ ({match}) "
            f"AND m.agent_id = %s AND {CURRENT} ORDER BY score DESC, m.seq LIMIT %s",
            [*(x for p in plans for x in (p.weight, p.term)), *matching, agent_id, limit],
            agent_id,
        )
        return [(r[0], float(r[1])) for r in rows]

    def _lexemes(self, terms: Sequence[str]) -> dict[str, tuple[str, ...]]:
        """term -> the lexemes it stands for (none for a stop word); remembered per process."""
        missing = [t for t in terms if t not in self._lexeme_cache]
        if missing:
            rows = self._all(
                "SELECT t, tsvector_to_array(to_tsvector('english', regexp_replace(t, '[[:punct:][:space:]]+', ' ', "
                "'g'))) FROM unnest(%s::text[]) AS t",
                (missing,),
            )
            if len(self._lexeme_cache) > 50_000:
                self._lexeme_cache.clear()
            self._lexeme_cache.update((t, tuple(found)) for t, found in rows)
        return {t: self._lexeme_cache[t] for t in terms}

    def _lexeme_stats(self) -> LexemeStats:
        """The planner's statistics of the lexeme column (refreshed every few minutes)."""
        now = time.monotonic()
        if now - self._stats_at > STATS_TTL_S:
            rows = self._all(
                "SELECT s.most_common_elems::text::text[], s.most_common_elem_freqs, c.reltuples FROM pg_stats s "
                "JOIN pg_class c ON c.relname = s.tablename AND c.relnamespace = to_regnamespace(s.schemaname) "
                "WHERE s.schemaname = current_schema() AND s.tablename = 'memories' AND s.attname = 'lexemes'"
            )
            self._stats, self._stats_at = lexeme_stats(rows[0] if rows else None), now
        return self._stats

    def in_window(self, agent_id: str, start: datetime, end: datetime, *, limit: int) -> builtins.list[str]:
        """Current memories whose event (or, lacking one, creation) time falls in [start, end)."""
        rows = self._all(
            f"SELECT m.id FROM memories m WHERE m.agent_id = %s AND {CURRENT} "
            "AND COALESCE(m.event_at, m.created_at) >= %s AND COALESCE(m.event_at, m.created_at) < %s "
            "ORDER BY m.importance DESC, m.created_at DESC, m.seq DESC LIMIT %s",
            (agent_id, start, end, limit),
            agent_id,
        )
        return [r[0] for r in rows]

    def with_url(self, agent_id: str, fragment: str, *, limit: int) -> builtins.list[str]:
        """Current memories whose extracted URLs contain ``fragment`` (case-insensitive)."""
        rows = self._all(
            f"SELECT m.id FROM memories m WHERE m.agent_id = %s AND {CURRENT} AND {WITH_URL} ORDER BY m.seq LIMIT %s",
            (agent_id, fragment.lower(), limit),
            agent_id,
        )
        return [r[0] for r in rows]

    def placements(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, tuple[int, str]]:
        """(position in its session, session) of each given current memory that has a session: its session's
        earlier rows of the agent, whatever their status, counted through the index of migration 0006."""
        if not memory_ids:
            return {}
        rows = self._all(  # number the rows of the asked-about memories' sessions, keep the asked-about ones
            "SELECT id, turn, session FROM (SELECT m.id, m.source->>'session' AS session, "
            f"({CURRENT}) AS current, row_number() OVER (PARTITION BY m.source->>'session' ORDER BY m.seq) - 1 AS turn "
            "FROM memories m WHERE m.agent_id = %s AND m.source->>'session' IN "
            "(SELECT a.source->>'session' FROM memories a WHERE a.agent_id = %s AND a.id = ANY(%s))) t "
            "WHERE id = ANY(%s) AND current",
            (agent_id, agent_id, list(memory_ids), list(memory_ids)),
            agent_id,
        )
        return {mid: (turn, session) for mid, turn, session in rows}

    def vector(
        self, agent_id: str, query: np.ndarray, *, limit: int
    ) -> builtins.list[builtins.list[tuple[str, float]]]:
        return self._nearest(agent_id, query, limit, None)

    def dedup_candidates(
        self, agent_id: str, query: np.ndarray, *, limit: int, types: Sequence[str] | None = None
    ) -> builtins.list[builtins.list[tuple[str, float]]]:
        return self._nearest(agent_id, query, limit, types)

    def _nearest(
        self, agent_id: str, query: np.ndarray, limit: int, types: Sequence[str] | None
    ) -> builtins.list[builtins.list[tuple[str, float]]]:
        queries = np.atleast_2d(np.asarray(query, dtype=np.float32))
        found: builtins.list[builtins.list[tuple[str, float]]] = [[] for _ in range(len(queries))]
        if limit <= 0:
            return found
        vec = self._vec()
        # With types, each query row carries its type and only memories of that type are ranked for it.
        typed = ("JOIN memories m ON m.id = v.id ", "AND m.type = q.type ") if types is not None else ("", "")
        rows = self._all(
            "SELECT q.i, c.id, c.sim FROM unnest(%b::vector[], %s::text[]) WITH ORDINALITY AS q(vec, type, i) "
            f"CROSS JOIN LATERAL (SELECT v.id, 1 - ({vec} <=> q.vec) AS sim FROM vectors v {typed[0]}"
            f"WHERE v.agent_id = %s {typed[1]}ORDER BY {vec} <=> q.vec LIMIT %s) c ORDER BY q.i, c.sim DESC, c.id",
            (list(queries), list(types) if types is not None else [None] * len(queries), agent_id, limit),
            agent_id,
        )
        for i, mid, sim in rows:
            found[i - 1].append((mid, float(sim)))
        return found

    def vectors_for(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, np.ndarray]:
        if not memory_ids:
            return {}
        rows = self._all(
            "SELECT v.id, v.vec FROM vectors v WHERE v.id = ANY(%s) AND v.agent_id = %s",
            (list(memory_ids), agent_id),
            agent_id,
            binary=True,  # vectors load from the binary format straight into numpy
        )
        return {r[0]: r[1] for r in rows}

    def delete_vectors(self, agent_id: str, memory_ids: Sequence[str]) -> None:
        if not memory_ids:
            return
        with self.write(), self._conn(agent_id) as conn:
            conn.execute("DELETE FROM vectors WHERE agent_id = %s AND id = ANY(%s)", (agent_id, list(memory_ids)))

    def replace_vectors(self, records: Sequence[MemoryRecord], vectors: np.ndarray) -> None:
        """Re-embedding: overwrite the vectors of these records."""
        if not records:
            return
        with self.write(), self._conn() as conn:
            self._lock_all(records)
            conn.execute(
                "DELETE FROM vectors v USING unnest(%s::text[], %s::text[]) AS u(id, agent_id) "
                "WHERE v.id = u.id AND v.agent_id = u.agent_id",
                ([r.id for r in records], [r.agent_id for r in records]),
            )
            with conn.cursor() as cur:
                self._copy_vectors(cur, records, vectors)

    # --- doctor: find and repair damage (tiermem.doctor) ----------------------------------------------------

    def applied_migrations(self) -> builtins.list[str]:
        return [r[0] for r in self._all("SELECT name FROM schema_migrations ORDER BY name")]

    def vector_problems(self, dims: int) -> tuple[builtins.list[Any], builtins.list[tuple[str, str]]]:
        """(vectors to delete: of a memory that is not current or of another agent; current memories whose
        vector is missing or not ``dims`` wide, as (agent, id)). The foreign key rules out vectors of no memory."""
        orphans = self._all(
            "SELECT v.id FROM vectors v JOIN memories m ON m.id = v.id "
            f"WHERE m.agent_id <> v.agent_id OR NOT ({CURRENT})"
        )
        missing = self._all(
            "SELECT m.agent_id, m.id FROM memories m LEFT JOIN vectors v ON v.id = m.id "
            f"WHERE {CURRENT} AND (v.id IS NULL OR vector_dims(v.vec) <> %s) ORDER BY m.seq",
            (dims,),
        )
        return [r[0] for r in orphans], [(r[0], r[1]) for r in missing]

    def delete_vector_rows(self, keys: Sequence[Any]) -> None:
        """Delete the vectors :meth:`vector_problems` found orphaned (by memory id)."""
        if keys:
            with self.write(), self._conn() as conn:
                conn.execute("DELETE FROM vectors WHERE id = ANY(%s)", (list(keys),))

    # --- links and history ----------------------------------------------------------------------------

    def add_link(self, agent_id: str, link: Link) -> bool:
        with self.write(), self._conn(agent_id) as conn:
            cursor = conn.execute(
                "INSERT INTO links(agent_id, source_id, target_id, relation, created_at) VALUES (%s, %s, %s, %s, %s) "
                "ON CONFLICT DO NOTHING",
                (agent_id, link.source_id, link.target_id, link.relation, link.created_at),
            )
            return cursor.rowcount > 0

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
