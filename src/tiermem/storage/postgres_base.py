"""The PostgreSQL connection under the scale-out backend: the pool, transactions with per-agent advisory locks,
the meta table and the vector index."""

from __future__ import annotations

import builtins
import math
import threading
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import psycopg
from psycopg.types import TypeInfo
from psycopg_pool import ConnectionPool, PoolTimeout

from ..errors import StoreError
from ..model import MemoryRecord
from .postgres_lexical import MATCH_BUDGET, NO_STATS
from .postgres_migrations import LOCK_NAMESPACE, apply_migrations, url_trigrams
from .postgres_mirror import Mirrors
from .postgres_sql import (
    COLUMNS,
    first_line,
    redact,
    register_vector,
)

SELECT = ", ".join(f"m.{c}" for c in COLUMNS)
ORDER_SQL = {
    "newest": "m.created_at DESC, m.seq DESC",
    "oldest": "m.created_at ASC, m.seq ASC",
    "importance": "m.importance DESC, m.created_at DESC, m.seq DESC",
    "accessed": "m.last_accessed_at DESC NULLS LAST, m.created_at DESC, m.seq DESC",
}
AGENT_LOCKS = LOCK_NAMESPACE + 1  # advisory lock space of per-agent write locks: (this, hashtext(agent))
_INDEX_LOCK = (LOCK_NAMESPACE, 2)
STATS_TTL_S = 300.0  # how long the lexeme statistics are trusted before they are read again
HNSW_MAX_DIMS = 2000  # pgvector's HNSW limit for the vector type; wider vectors are searched exactly
# A bulk load builds the HNSW index afterwards when it adds at least this many rows and more than
# 1 / HNSW_INSERT_COST of what the table will hold: each row inserted into a live graph costs about
# HNSW_INSERT_COST times its share of a build from scratch (measured with bench/server.py's bulk part).
# An import into an empty store was 2-3 times faster in bulk at every size measured, 1,000 to 100,000
# memories; below 1,000 rows a load is over in a second either way, and the index is left alone.
BULK_MIN_ROWS = 1_000
HNSW_INSERT_COST = 3.0


@dataclass
class _Transaction:
    conn: psycopg.Connection[Any]
    locked: set[str] = field(default_factory=set)

    def lock(self, agent_id: str) -> None:
        """Take the agent's write lock for the rest of the transaction (once)."""
        if agent_id not in self.locked:
            self.conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (AGENT_LOCKS, agent_id))
            self.locked.add(agent_id)


class PostgresConnection:
    """A pool of connections to one tiermem database (migrated), with what every part of the backend uses."""

    def __init__(
        self,
        url: str,
        *,
        pool_min: int = 1,
        pool_max: int = 10,
        connect_timeout_s: float = 10.0,
        ef_search: int = 100,
        match_budget: int = MATCH_BUDGET,
        mirror_agents: int = 256,
        lexical_mirror: bool = True,
    ) -> None:
        self.location = redact(url)
        self._local = threading.local()
        self._dims: int | None = None
        self._lexeme_cache: dict[str, tuple[str, ...]] = {}
        self._stats, self._stats_at = NO_STATS, -STATS_TTL_S
        self._match_budget = match_budget
        self._mirrors = Mirrors(mirror_agents) if lexical_mirror else None
        self._ef_search = int(ef_search)
        self._ef_of: weakref.WeakKeyDictionary[psycopg.Connection[Any], int] = weakref.WeakKeyDictionary()
        timeout = max(1, int(connect_timeout_s))
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=timeout) as conn:
                apply_migrations(conn)
                self._url_trigrams = url_trigrams(conn)
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

    def _indexed_dims(self) -> int:
        """The width of the store's vectors when an HNSW index covers them, else 0."""
        dims = self._dims or int(self.meta_get("embedder_dims") or 0)
        return dims if 0 < dims <= HNSW_MAX_DIMS else 0

    def bulk_rows(self, at_most: int) -> int | None:
        """The fewest new rows for which :meth:`bulk_load` drops the index: :data:`BULK_MIN_ROWS`, and more
        than 1 / :data:`HNSW_INSERT_COST` of what the table will hold. None when that is over ``at_most`` or
        there is no index. Counts no further than it must: a small load into a large table costs no scan."""
        if not self._indexed_dims() or at_most < BULK_MIN_ROWS:
            return None
        share = HNSW_INSERT_COST - 1
        enough = math.floor(at_most * share) + 1  # this many vectors and at_most rows no longer pay
        indexed = int(self._all("SELECT count(*) FROM (SELECT FROM vectors LIMIT %s) AS v", (enough,))[0][0])
        least = max(BULK_MIN_ROWS, math.ceil(indexed / share))
        return least if least <= at_most else None

    @contextmanager
    def bulk_load(self, rows: int) -> Iterator[bool]:
        """Loading about ``rows`` new memories (an import, a migration): when rebuilding the HNSW index after
        the load is cheaper than growing it row by row (see :meth:`bulk_rows`), the index is dropped for the
        load and built once at the end, even if the load fails. Yields whether it was. Meanwhile other
        processes still search, exactly (a sequential scan of the agent's vectors) and so slower."""
        if self.bulk_rows(rows) is None:
            yield False
            return
        dims = self._indexed_dims()
        with self.write(), self._conn() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", _INDEX_LOCK)
            conn.execute(f"DROP INDEX IF EXISTS vectors_hnsw_{dims}")
        try:
            yield True
        finally:
            self.ensure_vector_index(dims)

    def _vec(self) -> str:
        """The vector expression the HNSW index covers (plain ``vec`` when there is no index)."""
        if self._dims is None:
            dims = self.meta_get("embedder_dims")
            self._dims = int(dims) if dims else None
        return f"v.vec::vector({self._dims})" if self._dims and self._dims <= HNSW_MAX_DIMS else "v.vec"

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
