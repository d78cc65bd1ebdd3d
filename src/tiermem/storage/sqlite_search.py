"""Candidates for recall and dedup from the SQLite backend: BM25 (FTS5, then an in-memory mirror), vectors
(an in-memory mirror kept current across processes), time windows, URLs and session placements."""

from __future__ import annotations

import builtins
from collections.abc import Callable, Sequence
from datetime import datetime

import numpy as np

from ..model import MemoryRecord
from .lexical import LexicalIndex
from .sqlite_base import SQLiteConnection
from .sqlite_rows import CURRENT
from .vectors import VectorIndex

# FTS5 answers an agent's first lexical queries in a process; from this one on, the in-memory BM25 mirror
# does (same ranking, ~10x faster at 100k rows). One-shot commands never pay for building the mirror.
MIRROR_FROM_QUERY = 3
# ...unless the agent is this small: FTS5's index is shared by every agent, so a query about a small agent
# in a big store ranks the other agents' rows first (115 ms p50 at 1,000 agents of 100 memories), while its
# own mirror costs its few rows to build. An agent whose mirror a process saved is mirrored at once too.
SMALL_AGENT = 2000
# An agent's vectors are read as one range of table keys when the range holds at most this many rows per row
# of the agent (see SQLiteSearch._vectors_of).
SPAN_READ = 2


class SQLiteSearch(SQLiteConnection):
    """The candidate reads of :class:`~tiermem.storage.sqlite.SQLiteBackend`."""

    def lexical(self, agent_id: str, terms: Sequence[str], *, limit: int) -> builtins.list[tuple[str, float]]:
        """The agent's current memories best matching any of ``terms`` by BM25, as (id, score > 0)."""
        if limit <= 0 or not any(t.replace('"', "").strip() for t in terms):
            return []
        with self._lock:
            self._lexical_queries[agent_id] += 1
            if (
                agent_id in self._lexicons
                or self._lexical_queries[agent_id] >= MIRROR_FROM_QUERY
                or self._cheap_to_mirror(agent_id)
            ):
                index = self._lexicon(agent_id)
                ids, stale = index.ids, index.stale
                return self._current_ranked(
                    limit,
                    lambda depth: index.search(terms, depth),
                    lambda rows: {r: ids[r] for r in rows if r not in stale},
                )
            return self._current_ranked(
                limit, lambda depth: self._fts_ranked(terms, depth), lambda rowids: self._current_ids(agent_id, rowids)
            )

    def _cheap_to_mirror(self, agent_id: str) -> bool:
        """A mirror saved in the store (loading it costs less than counting the agent's rows: a service with
        more agents than ``mirror_agents`` reloads evicted mirrors all the time), or at most
        :data:`SMALL_AGENT` memories (counted no further than that)."""
        if self._execute("SELECT 1 FROM lexical_snapshots WHERE agent_id = ?", (agent_id,)).fetchone():
            return True
        sql = "SELECT COUNT(*) FROM (SELECT 1 FROM memories WHERE agent_id = ? LIMIT ?)"
        return int(self._execute(sql, (agent_id, SMALL_AGENT + 1)).fetchone()[0]) <= SMALL_AGENT

    def _current_ranked(
        self,
        limit: int,
        ranked: Callable[[int], builtins.list[tuple[int, float]]],
        current: Callable[[builtins.list[int]], dict[int, str]],
    ) -> builtins.list[tuple[str, float]]:
        """The first ``limit`` of a ranking (of FTS5 rowids or mirror rows) that are the agent's current
        memories; ``current`` maps those of some keys that are to their memory ids.

        Rank first, then filter: joining memories into the ranking reads every matching row before LIMIT
        applies. Going deeper is needed only when the filter drops many of the best matches (another agent's
        rows in FTS5, forgotten or superseded memories); the result is the same either way.
        """
        depth = limit + limit // 4 + 8
        while True:
            found = ranked(depth)
            ids = current([r for r, _ in found])
            kept = [(ids[r], score) for r, score in found if r in ids]
            if len(kept) >= limit or len(found) < depth:
                return kept[:limit]
            depth *= 4

    def _fts_ranked(self, terms: Sequence[str], depth: int) -> builtins.list[tuple[int, float]]:
        # Every term is quoted, so FTS5 syntax in user text (NEAR, OR, *, ") is matched as plain words.
        quoted = [f'"{t.replace(chr(34), "")}"' for t in terms if t.replace('"', "").strip()]
        rows = self._execute(
            "SELECT rowid, bm25(memories_fts) FROM memories_fts WHERE memories_fts MATCH ? "
            "ORDER BY bm25(memories_fts) LIMIT ?",
            (" OR ".join(quoted), depth),
        )
        return [(r[0], -float(r[1])) for r in rows]

    def _lexicon(self, agent_id: str) -> LexicalIndex:
        """The agent's BM25 mirror, brought up to date with what other processes committed."""
        stamp = self._stamp()  # before the reads: a commit landing during them is seen by the next call
        index = self._lexicons.get(agent_id)
        if index is not None and index.checked == stamp:
            return index
        versions = self._versions(agent_id, stamp)
        epoch = f"{versions['store']}/{versions['lex']}"
        if index is None or index.epoch != epoch:
            index = self._snapshot(agent_id, epoch) or LexicalIndex(epoch=epoch, stale_epoch=versions["cur"])
            self._lexicons[agent_id] = index
        # The agent's rows past the watermark, through the (agent_id, rowid) index: neither its earlier rows
        # nor other agents' later ones are visited.
        rows = self._execute(
            "SELECT rowid, id, text || ' ' || tags || ' ' || COALESCE(category, ''), json_extract(source, "
            f"'$.session'), NOT ({CURRENT}) FROM memories m INDEXED BY memories_agent_rows WHERE agent_id = ? "
            "AND rowid > ? ORDER BY rowid",
            (agent_id, index.watermark),
        ).fetchall()
        index.add(row[:4] for row in rows)
        index.stale.update(index.rows[row[1]] for row in rows if row[4])
        if index.stale_epoch != versions["cur"]:  # memories were forgotten, superseded or restored: which?
            stale = self._execute(f"SELECT m.id FROM memories m WHERE m.agent_id = ? AND NOT ({CURRENT})", (agent_id,))
            index.stale = {row for (mid,) in stale if (row := index.rows.get(mid)) is not None}
            index.stale_epoch = versions["cur"]
        index.checked = stamp
        if index.worth_saving(len(rows)):
            self._save_snapshot(agent_id, epoch, index.to_bytes())
        return index

    def _snapshot(self, agent_id: str, epoch: str) -> LexicalIndex | None:
        """The agent's BM25 mirror as last saved at this epoch; None when there is none (or it is unreadable:
        then it is rebuilt from the rows)."""
        row = self._execute("SELECT data FROM lexical_snapshots WHERE agent_id = ? AND epoch = ?", (agent_id, epoch))
        found = row.fetchone()
        if found is None:
            return None
        try:
            return LexicalIndex.from_bytes(found[0])
        except ValueError:
            return None

    def _current_ids(self, agent_id: str, rowids: Sequence[int]) -> dict[int, str]:
        """rowid -> id of those of ``rowids`` that are the agent's current memories."""
        out: dict[int, str] = {}
        out.update(
            self._select_in(
                f"SELECT m.rowid, m.id FROM memories m WHERE m.rowid IN (?*) AND +m.agent_id = ? AND {CURRENT}",
                rowids,
                after=[agent_id],
            )
        )
        return out

    def in_window(self, agent_id: str, start: datetime, end: datetime, *, limit: int) -> builtins.list[str]:
        """Current memories whose event (or, lacking one, creation) time falls in [start, end)."""
        with self._lock:
            rows = self._execute(
                f"SELECT m.id FROM memories m WHERE m.agent_id = ? AND {CURRENT} "
                "AND COALESCE(m.event_at, m.created_at) >= ? AND COALESCE(m.event_at, m.created_at) < ? "
                "ORDER BY m.importance DESC, m.created_at DESC LIMIT ?",
                (agent_id, start.timestamp(), end.timestamp(), limit),
            )
            return [r[0] for r in rows]

    def with_url(self, agent_id: str, fragment: str, *, limit: int) -> builtins.list[str]:
        """Current memories whose extracted URLs contain ``fragment`` (case-insensitive)."""
        escaped = fragment.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        with self._lock:
            rows = self._execute(
                f"SELECT DISTINCT m.id FROM memory_urls u JOIN memories m ON m.rowid = u.memory_rowid "
                f"WHERE u.agent_id = ? AND u.url LIKE ? ESCAPE '\\' AND {CURRENT} LIMIT ?",
                (agent_id, f"%{escaped}%", limit),
            )
            return [r[0] for r in rows]

    def placements(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, tuple[int, str]]:
        """(position in its session, session) of each given current memory that has a session."""
        if not memory_ids:
            return {}
        # The BM25 mirror keeps both (even for a row a purge has made stale: the caller asks about current
        # memories); a memory it has not seen yet sends the question to the store.
        with self._lock:  # a mirror current at this stamp holds every row of the agent: none has a session
            index = self._lexicons.get(agent_id)
            if index is not None and not index.has_sessions and index.checked == self._stamp():
                return {}
        if index is not None:
            known = [row for mid in memory_ids if (row := index.rows.get(mid)) is not None]
            if len(known) == len(memory_ids):
                return {index.ids[r]: (index.turns[r], s) for r in known if (s := index.sessions[r]) is not None}
        # A position counts the session's earlier rows of the agent, whatever their status (through the
        # partial index of migration 0008: a range of one session, not a scan of the agent's memories).
        rows = self._select_in(
            "SELECT a.id, (SELECT COUNT(*) FROM memories o WHERE o.agent_id = ? AND "
            "json_extract(o.source, '$.session') = a.session AND o.rowid < a.rowid), a.session FROM ("
            "SELECT m.id, m.rowid, json_extract(m.source, '$.session') AS session FROM memories m "
            f"WHERE +m.agent_id = ? AND m.id IN (?*) AND {CURRENT} AND session IS NOT NULL) a",
            list(dict.fromkeys(memory_ids)),
            before=[agent_id, agent_id],
        )
        return {mid: (turn, session) for mid, turn, session in rows}

    def _index(self, agent_id: str) -> VectorIndex:
        """The agent's vector mirror, brought up to date with what other processes committed."""
        stamp = self._stamp()
        index = self._indexes.get(agent_id)
        if index is not None and index.checked == stamp:
            return index
        versions = self._versions(agent_id, stamp)
        epoch = f"{versions['store']}/{versions['reload']}"
        dims = int(versions["dims"] or 0)
        if index is None or index.epoch != epoch or index.dims != dims:
            index = self._indexes[agent_id] = VectorIndex(dims=dims, epoch=epoch, removals=versions["vec"])
        elif index.removals != versions["vec"]:  # vectors were deleted: keep the rows still in the store
            kept = self._execute(
                "SELECT rowid FROM vectors WHERE agent_id = ? AND rowid <= ?", (agent_id, index.watermark)
            )
            index.retain(np.fromiter((r[0] for r in kept), dtype=np.int64))
            index.removals = versions["vec"]
        rowids, ids, vectors, types = self._new_vectors(agent_id, index.watermark, stamp)
        if rowids:
            # Writable (a bytearray's): a small mirror loaded whole keeps it as its own (VectorIndex.add).
            matrix = np.frombuffer(bytearray().join(vectors), dtype=np.float32).reshape(len(rowids), dims)
            index.add(ids, matrix, rowids, types)
        index.checked = stamp
        return index

    def _new_vectors(
        self, agent_id: str, watermark: int, stamp: tuple[int, int]
    ) -> tuple[builtins.list[int], builtins.list[str], builtins.list[bytes], builtins.list[str] | None]:
        """The agent's vectors past ``watermark`` as (keys in the store, memory ids, vectors, memory types).
        A mirror loaded whole beside a current BM25 mirror takes the ids from it and leaves the types unread:
        the vectors alone cost half of reading them joined with their memories' rows, in a store of more
        agents than ``mirror_agents`` that reloads evicted mirrors all the time. A write that needs the
        types reads them then (once)."""
        lexicon = self._lexicons.get(agent_id)
        if watermark == 0 and lexicon is not None and lexicon.checked == stamp:
            alone = self._vectors_of(agent_id, lexicon.rowids)
            keys = [r[0] for r in alone]
            held = np.asarray(lexicon.rowids, dtype=np.int64)
            at = np.searchsorted(held, keys)  # ascending, as both are: in range when the last one is
            if not keys or (at[-1] < len(held) and np.array_equal(held[at], keys)):
                return keys, [lexicon.ids[i] for i in at.tolist()], [r[1] for r in alone], None
        rows = self._execute(
            "SELECT v.rowid, m.id, v.vec, m.type FROM vectors v JOIN memories m ON m.rowid = v.rowid "
            "WHERE v.agent_id = ? AND v.rowid > ? ORDER BY v.rowid",
            (agent_id, watermark),
        ).fetchall()
        return [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows], [r[3] for r in rows]

    def _vectors_of(self, agent_id: str, rowids: Sequence[int]) -> builtins.list[tuple[int, bytes]]:
        """(key, vector) of every vector row of the agent, whose memories' keys are ``rowids`` (ascending).
        Rows an agent stored together sit together in the table: when its keys span at most twice as many
        rows as it has, they are read as one range of the table (contiguous pages), else through the agent's
        index (a b-tree walk per row: ~2x the time on a cold 10k-agent store)."""
        if rowids and rowids[-1] - rowids[0] < SPAN_READ * len(rowids):
            sql = "SELECT rowid, vec FROM vectors WHERE rowid BETWEEN ? AND ? AND +agent_id = ? ORDER BY rowid"
            return self._execute(sql, (rowids[0], rowids[-1], agent_id)).fetchall()
        sql = "SELECT rowid, vec FROM vectors WHERE agent_id = ? ORDER BY rowid"
        return self._execute(sql, (agent_id,)).fetchall()

    def vector(
        self, agent_id: str, query: np.ndarray, *, limit: int
    ) -> builtins.list[builtins.list[tuple[str, float]]]:
        with self._lock:
            index = self._index(agent_id)
            found = index.candidates(np.atleast_2d(query), limit, widen=8)
        return [[(index.ids[row], sim) for row, sim in hits] for hits in found]

    def dedup_candidates(
        self, agent_id: str, query: np.ndarray, *, limit: int, types: Sequence[str] | None = None
    ) -> builtins.list[builtins.list[tuple[str, float]]]:
        """Like :meth:`vector`, through the fast prefix shortlist (dedup of large batches); with ``types``,
        through the rows of each query's type only."""
        queries = np.atleast_2d(query)
        with self._lock:
            index = self._index(agent_id)
            if types is not None and index.untyped:
                rows = self._execute("SELECT rowid, type FROM memories WHERE agent_id = ?", (agent_id,))
                index.typed(dict(rows.fetchall()))
            found = index.candidates(queries, limit) if types is None else index.nearest_of_type(queries, types, limit)
        return [[(index.ids[row], sim) for row, sim in hits] for hits in found]

    def vectors_for(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, np.ndarray]:
        ids = list(memory_ids)
        if not ids:
            return {}
        with self._lock:
            if agent_id in self._indexes:  # the mirror is loaded (recall, dedup): read it, brought up to date
                index = self._index(agent_id)
                rows = {mid: row for mid in ids if (row := index.row_of(mid)) is not None}
                block = index.matrix[list(rows.values())]  # a copy: callers cannot touch the mirror
                return dict(zip(rows, block, strict=True))
            found: dict[str, np.ndarray] = {}
            rows_ = self._select_in(
                "SELECT m.id, v.vec FROM vectors v JOIN memories m ON m.rowid = v.rowid "
                "WHERE m.id IN (?*) AND +m.agent_id = ?",
                ids,
                after=[agent_id],
            )
            found.update((r[0], np.frombuffer(r[1], dtype=np.float32)) for r in rows_)
        return found

    def delete_vectors(self, agent_id: str, memory_ids: Sequence[str]) -> None:
        with self.write():
            index, key = self._indexes.get(agent_id), f"vec_epoch:{agent_id}"
            in_step = index is not None and index.removals == (self.meta_get(key) or "")
            self._conn.executemany(
                "DELETE FROM vectors WHERE rowid = (SELECT rowid FROM memories WHERE agent_id = ? AND id = ?)",
                [(agent_id, mid) for mid in memory_ids],
            )
            self._bump_epoch(agent_id, vec=True)  # the BM25 mirror stays: lexical results are checked against the store
            if index is not None and in_step:  # it has every earlier deletion: drop these rows, no reload
                index.remove(memory_ids)
                index.removals = self.meta_get(key) or ""

    def _insert_vectors(self, records: Sequence[MemoryRecord], vectors: np.ndarray) -> None:
        ids = [r.id for r in records]
        rowids: dict[str, int] = {}
        rowids.update(self._select_in("SELECT id, rowid FROM memories WHERE id IN (?*)", ids))
        blobs = np.asarray(vectors, dtype=np.float32)
        self._conn.executemany(
            "INSERT OR REPLACE INTO vectors(rowid, agent_id, vec) VALUES (?, ?, ?)",
            [(rowids[r.id], r.agent_id, v.tobytes()) for r, v in zip(records, blobs, strict=True)],
        )

    def replace_vectors(self, records: Sequence[MemoryRecord], vectors: np.ndarray) -> None:
        """Re-embedding (or a memory made current again): overwrite vectors, and make every process rebuild
        the vector mirrors of these records' agents (a rewritten row keeps its rowid, which a mirror's
        watermark has passed). Other agents' mirrors and the BM25 ones stay."""
        with self.write():
            self._insert_vectors(records, vectors)
            for agent_id in dict.fromkeys(r.agent_id for r in records):
                self._bump_epoch(agent_id, reload=True)
