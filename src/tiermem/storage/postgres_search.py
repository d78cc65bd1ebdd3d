"""Candidates for recall and dedup from PostgreSQL (full-text with BM25-style statistics, pgvector), and the
doctor's reads and repairs."""

from __future__ import annotations

import builtins
import re
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import numpy as np
import psycopg
from psycopg_pool import PoolTimeout

from ..errors import StoreError
from ..model import MemoryRecord
from .lexical import LexicalIndex
from .postgres_base import AGENT_LOCKS, STATS_TTL_S, PostgresConnection
from .postgres_lexical import LexemeStats, plan_terms
from .postgres_migrations import MIGRATIONS
from .postgres_mirror import SMALL_AGENT, ranked_current
from .postgres_sql import (
    CURRENT,
    TSQUERY,
    WITH_URL,
    lexeme_stats,
)


class PostgresSearch(PostgresConnection):
    """The candidate reads and repairs of :class:`~tiermem.storage.postgres.PostgresBackend`."""

    def lexical(self, agent_id: str, terms: Sequence[str], *, limit: int) -> builtins.list[tuple[str, float]]:
        """BM25 from the agent's mirror (postgres_mirror), as SQLite ranks; until a process mirrors the agent,
        and inside a write transaction (whose own rows the mirror must not take in before they commit),
        IDF-weighted ``ts_rank`` with candidates from the rarer terms (postgres_lexical). Every term goes
        through plainto_tsquery as a parameter: query syntax in user text is plain words."""
        usable = [t for t in dict.fromkeys(terms) if re.search(r"\w", t)]
        if not usable or limit <= 0:
            return []
        mirrors = self._mirrors
        if mirrors is not None and getattr(self._local, "tx", None) is None:
            with mirrors.lock:
                if mirrors.wanted(agent_id, lambda: self._small(agent_id)):
                    return ranked_current(mirrors.current(agent_id, self._all, self._save_snapshot), terms, limit)
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

    def _save_snapshot(self, agent_id: str, index: LexicalIndex) -> None:
        """Keep the agent's BM25 mirror for other processes, when no write of the agent is under way (its
        advisory lock is free) and its ``lex`` version is still the one the mirror's rows were read at: a
        purge committed since would otherwise come back in it. Never waits; a failure only loses the copy."""
        data, lex = index.to_bytes(), int(index.epoch)  # before the lock: held for one statement only
        try:
            with self._pool.connection() as conn, conn.transaction():
                locked = conn.execute("SELECT pg_try_advisory_xact_lock(%s, hashtext(%s))", (AGENT_LOCKS, agent_id))
                if not locked.fetchone()[0]:  # type: ignore[index]
                    return
                conn.execute(
                    "INSERT INTO lexical_snapshots(agent_id, lex, data) SELECT %s, %s, %s WHERE "
                    "COALESCE((SELECT lex FROM agent_versions WHERE agent_id = %s), 0) = %s "
                    "ON CONFLICT (agent_id) DO UPDATE SET lex = excluded.lex, data = excluded.data",
                    (agent_id, lex, data, agent_id, lex),
                )
        except (psycopg.Error, PoolTimeout):
            return

    def _small(self, agent_id: str) -> bool:
        """At most :data:`SMALL_AGENT` memories (counted no further than that)."""
        sql = "SELECT count(*) FROM (SELECT 1 FROM memories WHERE agent_id = %s LIMIT %s) t"
        return int(self._all(sql, (agent_id, SMALL_AGENT + 1))[0][0]) <= SMALL_AGENT

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
        fragment = fragment.lower()
        # The trigram index narrows the rows first where the metadata's JSON text holds the fragment as written:
        # three ASCII characters or more that JSON does not escape. The exact test of each URL still decides.
        plain = fragment.isascii() and fragment.isprintable() and not {'"', "\\"} & set(fragment)
        narrowed = self._url_trigrams and len(fragment) >= 3 and plain
        like = " AND lower(m.metadata->>'urls') LIKE %s ESCAPE '!'" if narrowed else ""
        pattern = "%" + fragment.replace("!", "!!").replace("%", "!%").replace("_", "!_") + "%"
        rows = self._all(
            f"SELECT m.id FROM memories m WHERE m.agent_id = %s AND {CURRENT} AND {WITH_URL}{like} "
            "ORDER BY m.seq LIMIT %s",
            (agent_id, fragment, *([pattern] if narrowed else []), limit),
            agent_id,
        )
        return [r[0] for r in rows]

    def placements(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, tuple[int, str]]:
        """(position in its session, session) of each given current memory that has a session: its session's
        earlier rows of the agent, whatever their status, counted through the index of migration 0006."""
        if not memory_ids:
            return {}
        # The agent's BM25 mirror knows both for every row it holds, as of the search that asks (it brought the
        # mirror up to date): a row's place changes only when rows are deleted or moved, and a memory it has
        # not seen sends the question to the database.
        mirrors = self._mirrors
        if mirrors is not None and getattr(self._local, "tx", None) is None and mirrors.has(agent_id):
            with mirrors.lock:
                index = mirrors.peek(agent_id)
                known = [row for mid in memory_ids if (row := index.rows.get(mid)) is not None]
                if len(known) == len(memory_ids):
                    return {
                        index.ids[r]: (index.turns[r], s)
                        for r in known
                        if (s := index.sessions[r]) is not None and r not in index.stale
                    }
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

    def vector_elsewhere(self) -> bool:
        """See :class:`~tiermem.storage.base.RemoteVectors`."""
        return getattr(self._local, "tx", None) is None

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
        # With types, each query row carries its type and only memories of that type are ranked for it.
        typed = ("JOIN memories m ON m.id = v.id ", "AND m.type = q.type ") if types is not None else ("", "")
        params = (list(queries), list(types) if types is not None else [None] * len(queries), agent_id, limit)

        # The HNSW search list holds at least the neighbours asked for: at 100k memories, 200 neighbours with a
        # list of 100 (the second half from an iterative continuation) took longer (22 vs 17.5 ms) and found
        # fewer of the exact 200 (0.88 vs 0.93) than one pass with a list of 200.
        ef = min(max(self._ef_search, limit), 1000)

        def nearest() -> builtins.list[tuple[Any, ...]]:
            vec = self._vec()
            with self._conn(agent_id) as conn:
                if getattr(self._local, "tx", None) is None and self._ef_of.get(conn, self._ef_search) != ef:
                    conn.execute(f"SET hnsw.ef_search = {ef}")  # kept by the pooled connection
                    self._ef_of[conn] = ef
                return conn.execute(
                    "SELECT q.i, c.id, c.sim FROM unnest(%b::vector[], %s::text[]) WITH ORDINALITY AS q(vec, type, i) "
                    f"CROSS JOIN LATERAL (SELECT v.id, 1 - ({vec} <=> q.vec) AS sim FROM vectors v {typed[0]}"
                    f"WHERE v.agent_id = %s {typed[1]}ORDER BY {vec} <=> q.vec LIMIT %s) c "
                    "ORDER BY q.i, c.sim DESC, c.id",
                    params,
                ).fetchall()

        try:
            rows = nearest()
        except StoreError as exc:
            if not isinstance(exc.__cause__, psycopg.errors.DataException) or self._dims is None:
                raise
            # The vectors are of another width than this process last read: another process re-embedded
            # the store. Read the width again (the one thing kept about the store) and ask once more.
            self._dims = None
            rows = nearest()
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

    def known_migrations(self) -> builtins.list[str]:
        return [name for name, _ in MIGRATIONS]

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
