"""The embedded default backend: one SQLite file (WAL, FTS5) plus in-memory mirrors (vectors, BM25)."""

from __future__ import annotations

import builtins
import contextlib
import functools
import inspect
import json
import os
import sqlite3
import threading
import uuid
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import fields
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import numpy as np

from ..errors import StoreDamagedError, StoreError, StoreReadOnlyError, ValidationError
from ..model import Link, MemoryRecord, from_epoch, to_epoch
from .base import ORDERS, Filters, HistoryEntry, readable_pages
from .lexical import LexicalIndex
from .lifecycle import LifecycleTables
from .migrations import apply_migrations, pending_migrations
from .vectors import VectorIndex

DB_FILE = "tiermem.db"
# Checkpoint every 1,000 pages (~4 MB of WAL, SQLite's default), not 10,000: a damaged WAL loses every commit
# since the last checkpoint (a review lost 800 of 1,500 acknowledged writes), and a close checkpoints too.
WAL_AUTOCHECKPOINT_PAGES = 1000
_T = TypeVar("_T")

_COLUMNS = (
    "id",
    "agent_id",
    "text",
    "type",
    "category",
    "tags",
    "importance",
    "salience",
    "confidence",
    "valence",
    "scope",
    "tier",
    "created_at",
    "updated_at",
    "event_at",
    "last_accessed_at",
    "access_count",
    "source",
    "metadata",
    "content_hash",
    "status",
    "valid_to",
    "superseded_by",
)
_TIME_COLUMNS = frozenset({"created_at", "updated_at", "event_at", "last_accessed_at", "valid_to"})
_JSON_COLUMNS = frozenset({"tags", "source", "metadata"})
_SELECT = ", ".join(f"m.{c}" for c in _COLUMNS)
_ORDER_SQL = {
    "newest": "m.created_at DESC, m.rowid DESC",
    "oldest": "m.created_at ASC, m.rowid ASC",
    "importance": "m.importance DESC, m.created_at DESC",
    "accessed": "COALESCE(m.last_accessed_at, 0) DESC, m.created_at DESC",
}
_CURRENT = "m.status = 'active' AND m.valid_to IS NULL"
# Memory caches for the connection: lookups by id touch random pages, and a warm page cache plus a memory
# map (no read() per page) make a 100-id get_many several times faster on a 100k store.
_CACHE_KIB = 64 * 1024
_MMAP_BYTES = 1 << 30
# FTS5 answers an agent's first lexical queries in a process; from this one on, the in-memory BM25 mirror
# does (same ranking, ~10x faster at 100k rows). One-shot commands never pay for building the mirror.
_MIRROR_FROM_QUERY = 3
# What the mirrors hold besides vectors: the lexical index covers text, tags, category and the source's
# session; the vector mirror sorts its rows by type for dedup. Changing one of these in place makes the
# agent's mirror of it re-read everything.
_LEXICAL_COLUMNS = frozenset({"text", "tags", "category", "source"})
_VECTOR_COLUMNS = frozenset({"type"})
# The mirrors' versions, in the meta table. Each agent has its own, so that a change of one agent's memories
# leaves every other agent's mirrors alone: "lex" (BM25 content edited in place), "reload" (vector rows'
# types edited in place) and "vec" (vectors deleted: the mirror drops the rows it no longer finds,
# without reading any vector again).
# The store-wide version under this key (re-embedding, repairs) is part of every agent's.
_STORE_EPOCH = "vec_epoch"
_IN_CHUNK = 500
_loads = json.loads
_dumps = json.dumps
_fromtimestamp = datetime.fromtimestamp


@lru_cache(maxsize=_IN_CHUNK)
def _marks(n: int) -> str:
    return ", ".join(["?"] * n)


def _encode(column: str, value: Any) -> Any:
    if column in _TIME_COLUMNS:
        return to_epoch(value)
    if column in _JSON_COLUMNS:
        return json.dumps(list(value) if column == "tags" else value, ensure_ascii=False)
    return value


if tuple(f.name for f in fields(MemoryRecord)) != _COLUMNS:  # rows and records are mapped positionally
    raise ImportError("storage.sqlite._COLUMNS is out of step with model.MemoryRecord's fields")


def _record_row(r: MemoryRecord) -> tuple[Any, ...]:
    """The memories row of a record, in ``_COLUMNS`` order: :func:`_encode` unrolled for bulk inserts."""
    return (
        r.id,
        r.agent_id,
        r.text,
        r.type,
        r.category,
        _dumps(list(r.tags), ensure_ascii=False) if r.tags else "[]",
        r.importance,
        r.salience,
        r.confidence,
        r.valence,
        r.scope,
        r.tier,
        r.created_at.timestamp(),
        r.updated_at.timestamp(),
        to_epoch(r.event_at),
        to_epoch(r.last_accessed_at),
        r.access_count,
        _dumps(r.source, ensure_ascii=False),
        _dumps(r.metadata, ensure_ascii=False) if r.metadata else "{}",
        r.content_hash,
        r.status,
        to_epoch(r.valid_to),
        r.superseded_by,
    )


def _row_to_record(row: Sequence[Any]) -> MemoryRecord:
    # Positional and unrolled: get_many decodes hundreds of rows per search, and this is most of its cost.
    (
        mid,
        agent_id,
        text,
        mtype,
        category,
        tags,
        importance,
        salience_,
        confidence_,
        valence,
        scope,
        tier,
        created_at,
        updated_at,
        event_at,
        last_accessed_at,
        access_count,
        source,
        metadata,
        content_hash,
        status,
        valid_to,
        superseded_by,
    ) = row
    return MemoryRecord(
        mid,
        agent_id,
        text,
        mtype,
        category,
        () if tags == "[]" else tuple(_loads(tags)),
        importance,
        salience_,
        confidence_,
        valence,
        scope,
        tier,
        _fromtimestamp(created_at, UTC),
        _fromtimestamp(updated_at, UTC),
        from_epoch(event_at),
        from_epoch(last_accessed_at),
        access_count,
        _loads(source),
        {} if metadata == "{}" else _loads(metadata),
        content_hash,
        status,
        from_epoch(valid_to),
        superseded_by,
    )


class SQLiteBackend(LifecycleTables):
    """Implements :class:`tiermem.storage.base.Backend` on one SQLite file (and the lifecycle tables)."""

    def __init__(self, directory: Path, *, busy_timeout_s: float = 30.0) -> None:
        self.path = directory / DB_FILE
        self._lock = threading.RLock()
        self._indexes: dict[str, VectorIndex] = {}
        self._lexicons: dict[str, LexicalIndex] = {}
        self._lexical_queries: Counter[str] = Counter()
        self._dims: int | None = None
        self.read_only = _read_only(self.path)
        try:
            self._conn = _connect(self.path, busy_timeout_s, self.read_only)
            self._conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_s * 1000)}")
            if not self.read_only:
                self._conn.execute("PRAGMA journal_mode = WAL")
            self._conn.execute("PRAGMA synchronous = NORMAL")
            self._conn.execute(f"PRAGMA wal_autocheckpoint = {WAL_AUTOCHECKPOINT_PAGES}")
            self._conn.execute("PRAGMA foreign_keys = ON")
            self._conn.execute(f"PRAGMA cache_size = -{_CACHE_KIB}")
            self._conn.execute(f"PRAGMA mmap_size = {_MMAP_BYTES}")
            if not self.read_only:
                apply_migrations(self._conn)
            elif pending_migrations(self._conn):
                raise StoreReadOnlyError(
                    f"the store at {self.path} is read-only and was written by an older tiermem: open a "
                    "writable copy once to upgrade it"
                )
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                f"cannot open the store at {self.path}: {exc}; if the file is damaged, restore it from a "
                "backup or move it aside and re-import an export"
            ) from None

    # --- plumbing -----------------------------------------------------------------------------------

    def close(self) -> None:
        with self._lock:
            if not self.read_only:  # what the WAL holds goes into the database file (other processes may stay)
                with contextlib.suppress(sqlite3.DatabaseError):
                    self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
            self._conn.close()

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        try:
            return self._conn.execute(sql, params)
        except sqlite3.DatabaseError as exc:
            raise store_error(exc, self.path) from exc

    def _select_in(
        self, sql: str, values: Sequence[Any], *, before: Sequence[Any] = (), after: Sequence[Any] = ()
    ) -> builtins.list[Any]:
        """Rows of ``sql`` whose ``IN (?*)`` takes ``values``, in chunks (SQLite caps a statement's
        parameters); ``before`` / ``after`` are the parameters around the list."""
        rows: builtins.list[Any] = []
        with self._lock:
            for start in range(0, len(values), _IN_CHUNK):
                chunk = values[start : start + _IN_CHUNK]
                rows += self._execute(sql.replace("?*", _marks(len(chunk))), [*before, *chunk, *after]).fetchall()
        return rows

    @contextmanager
    def write(self) -> Iterator[None]:
        with self._lock:
            if self._conn.in_transaction:  # nested: the outer transaction already holds the lock
                yield
                return
            self._execute("BEGIN IMMEDIATE")
            try:
                yield
                self._execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    self._conn.rollback()
                # A mirror refreshed inside the transaction may hold rows that no longer exist.
                self._indexes.clear()
                self._lexicons.clear()
                raise

    def meta_get(self, key: str) -> str | None:
        with self._lock:
            row = self._execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def meta_set(self, key: str, value: str) -> None:
        with self._lock:
            self._execute(
                "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def meta_items(self, prefix: str) -> dict[str, str]:
        """Every meta entry whose key starts with ``prefix``."""
        with self._lock:
            rows = self._execute(
                "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ? ORDER BY key", (len(prefix), prefix)
            )
            return {r[0]: r[1] for r in rows}

    # --- records ------------------------------------------------------------------------------------

    def insert(self, records: Sequence[MemoryRecord], vectors: np.ndarray | None) -> None:
        placeholders = ", ".join("?" for _ in _COLUMNS)
        rows = [_record_row(r) for r in records]
        with self.write():
            self._conn.executemany(f"INSERT INTO memories({', '.join(_COLUMNS)}) VALUES ({placeholders})", rows)
            if vectors is not None and len(records):
                self._insert_vectors(records, vectors)

    def _insert_vectors(self, records: Sequence[MemoryRecord], vectors: np.ndarray) -> None:
        ids = [r.id for r in records]
        rowids: dict[str, int] = {}
        rowids.update(self._select_in("SELECT id, rowid FROM memories WHERE id IN (?*)", ids))
        blobs = np.asarray(vectors, dtype=np.float32)
        self._conn.executemany(
            "INSERT OR REPLACE INTO vectors(rowid, agent_id, vec) VALUES (?, ?, ?)",
            [(rowids[r.id], r.agent_id, v.tobytes()) for r, v in zip(records, blobs, strict=True)],
        )

    def get(self, agent_id: str, memory_id: str) -> MemoryRecord | None:
        return self.get_many(agent_id, [memory_id]).get(memory_id)

    def get_many(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, MemoryRecord]:
        found: dict[str, MemoryRecord] = {}
        ids = list(dict.fromkeys(memory_ids))
        with self._lock:
            rows = self._select_in(
                f"SELECT {_SELECT} FROM memories m WHERE m.id IN (?*) AND +m.agent_id = ?", ids, after=[agent_id]
            )
            found.update((row[0], _row_to_record(row)) for row in rows)
        return found

    def find_by_hash(self, agent_id: str, content_hash: str) -> MemoryRecord | None:
        with self._lock:
            row = self._execute(
                f"SELECT {_SELECT} FROM memories m WHERE m.agent_id = ? AND m.content_hash = ? AND {_CURRENT} "
                "ORDER BY m.rowid LIMIT 1",
                (agent_id, content_hash),
            ).fetchone()
        return None if row is None else _row_to_record(row)

    def find_by_hashes(self, agent_id: str, content_hashes: Sequence[str]) -> dict[str, MemoryRecord]:
        """:meth:`find_by_hash` for many hashes in one query: hash -> the oldest current memory with it."""
        found: dict[str, Any] = {}
        hashes = list(dict.fromkeys(content_hashes))
        with self._lock:
            rows = self._select_in(
                f"SELECT {_SELECT} FROM memories m WHERE m.agent_id = ? AND m.content_hash IN (?*) "
                f"AND {_CURRENT} ORDER BY m.rowid DESC",
                hashes,
                before=[agent_id],
            )
            found.update((row[19], row) for row in rows)  # newest first, so the oldest wins
        return {h: _row_to_record(row) for h, row in found.items()}

    def current_texts(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        """id -> (text, type) of those of ``memory_ids`` that are current: all that dedup reads of a neighbour."""
        found: dict[str, tuple[str, str]] = {}
        ids = list(dict.fromkeys(memory_ids))
        with self._lock:
            # Dedup's neighbours come from the vector mirror, which knows their rowids: a lookup by rowid
            # walks one b-tree instead of two (the id index, then the table), ~2x faster on a 100k store.
            rowids = self._index(agent_id).rowids_of(ids) if agent_id in self._indexes else {}
            select = (
                f"SELECT m.id, m.text, m.type FROM memories m WHERE m.{{}} IN (?*) AND +m.agent_id = ? AND {_CURRENT}"
            )
            rows = self._select_in(select.format("rowid"), list(rowids.values()), after=[agent_id])
            rows += self._select_in(select.format("id"), [i for i in ids if i not in rowids], after=[agent_id])
            found.update((r[0], (r[1], r[2])) for r in rows)
        return found

    def list(
        self, agent_id: str, filters: Filters, *, limit: int, offset: int = 0, order: str = "newest"
    ) -> builtins.list[MemoryRecord]:
        if order not in ORDERS:
            raise ValidationError(f"order must be one of {', '.join(ORDERS)}; got {order!r}")
        where, params = _filter_sql(agent_id, filters)
        sql = f"SELECT {_SELECT} FROM memories m WHERE {where} ORDER BY {_ORDER_SQL[order]} LIMIT ? OFFSET ?"
        with self._lock:
            rows = self._execute(sql, [*params, limit, offset]).fetchall()
        return [_row_to_record(row) for row in rows]

    def matching(self, agent_id: str, memory_ids: Sequence[str], filters: Filters) -> set[str]:
        where, params = _filter_sql(agent_id, filters, by_id=True)
        found: set[str] = set()
        ids = list(memory_ids)
        with self._lock:
            rows = self._select_in(f"SELECT m.id FROM memories m WHERE {where} AND m.id IN (?*)", ids, before=params)
            found.update(r[0] for r in rows)
        return found

    def iter_all(self, agent_id: str) -> Iterator[MemoryRecord]:
        """Pages by rowid, so an export of a large store never holds it all in memory."""
        for rows in self._pages(f"SELECT m.rowid, {_SELECT} FROM memories m WHERE m.agent_id = ?", (agent_id,)):
            yield from (_row_to_record(row[1:]) for row in rows)

    def _pages(self, select: str, params: Sequence[Any], size: int = 1000) -> Iterator[builtins.list[Any]]:
        """Rows of ``select`` (its first column a rowid, its WHERE clause open) a page at a time, by rowid."""

        def fetch(after: int, size: int) -> builtins.list[Any]:
            with self._lock, _translated(self.path):
                return self._execute(
                    f"{select} AND rowid > ? ORDER BY rowid LIMIT ?", [*params, after, size]
                ).fetchall()

        return readable_pages(fetch, size)

    def iter_links(self, agent_id: str) -> Iterator[Link]:
        """Every link of the agent, in the order they were made (for export)."""
        select = "SELECT rowid, source_id, target_id, relation, created_at FROM links WHERE agent_id = ?"
        for rows in self._pages(select, (agent_id,)):
            yield from (Link(r[1], r[2], r[3], datetime.fromtimestamp(r[4], tz=UTC)) for r in rows)

    def iter_history(self, agent_id: str) -> Iterator[HistoryEntry]:
        """Every history entry of the agent, oldest first (for export)."""
        select = "SELECT rowid, memory_id, at, action, detail FROM history WHERE agent_id = ?"
        for rows in self._pages(select, (agent_id,)):
            yield from (HistoryEntry(r[1], datetime.fromtimestamp(r[2], tz=UTC), r[3], json.loads(r[4])) for r in rows)

    def owners(self, memory_ids: Sequence[str]) -> dict[str, str]:
        """id -> agent of those of ``memory_ids`` that exist, whoever owns them (ids are unique store-wide)."""
        found: dict[str, str] = {}
        ids = list(dict.fromkeys(memory_ids))
        with self._lock:
            found.update(self._select_in("SELECT id, agent_id FROM memories WHERE id IN (?*)", ids))
        return found

    def update(self, agent_id: str, memory_id: str, fields: dict[str, Any]) -> None:
        unknown = set(fields) - set(_COLUMNS) | ({"id", "agent_id"} & set(fields))
        if unknown:
            raise ValidationError(f"cannot update field(s) {', '.join(sorted(unknown))}")
        assignments = ", ".join(f"{name} = ?" for name in fields)
        values = [_encode(name, value) for name, value in fields.items()]
        with self.write():
            self._execute(
                f"UPDATE memories SET {assignments} WHERE agent_id = ? AND id = ?", [*values, agent_id, memory_id]
            )
            # the mirrors of every process must re-read this row
            self._bump_epoch(
                agent_id, lex=bool(_LEXICAL_COLUMNS & set(fields)), reload=bool(_VECTOR_COLUMNS & set(fields))
            )

    def reinforce(self, agent_id: str, memory_ids: Sequence[str], at: datetime, importance_bump: float) -> None:
        with self.write():
            self._conn.executemany(
                "UPDATE memories SET access_count = access_count + 1, last_accessed_at = ?, "
                "importance = MIN(1.0, importance + ?) WHERE agent_id = ? AND id = ?",
                [(at.timestamp(), importance_bump, agent_id, mid) for mid in memory_ids],
            )

    def record_access(self, agent_id: str, counts: Mapping[str, int], at: datetime) -> None:
        if self.read_only:  # bookkeeping of reads, not a change anyone asked for: a read-only store skips it
            return
        with self.write():
            self._conn.executemany(
                "UPDATE memories SET access_count = access_count + ?, "
                "last_accessed_at = MAX(COALESCE(last_accessed_at, 0), ?) WHERE agent_id = ? AND id = ?",
                [(n, at.timestamp(), agent_id, mid) for mid, n in counts.items()],
            )

    def purge(self, agent_id: str, memory_id: str) -> None:
        with self.write():
            self._execute(
                "DELETE FROM links WHERE agent_id = ? AND (source_id = ? OR target_id = ?)",
                (agent_id, memory_id, memory_id),
            )
            self._execute("DELETE FROM history WHERE agent_id = ? AND memory_id = ?", (agent_id, memory_id))
            self._execute("DELETE FROM memories WHERE agent_id = ? AND id = ?", (agent_id, memory_id))
            # lex: BM25 statistics as FTS5 has them again; vec: the vector went with the row (rowids are never
            # handed out again: AUTOINCREMENT, so a mirror can tell rows apart by rowid)
            self._bump_epoch(agent_id, lex=True, vec=True)

    def count(self, agent_id: str | None = None, *, current_only: bool = True) -> int:
        clauses = ([_CURRENT] if current_only else []) + (["m.agent_id = ?"] if agent_id else [])
        where = " AND ".join(clauses) or "1"
        with self._lock:
            row = self._execute(
                f"SELECT COUNT(*) FROM memories m WHERE {where}", [agent_id] if agent_id else []
            ).fetchone()
        return int(row[0])

    def agents(self) -> builtins.list[str]:
        with self._lock:
            return [r[0] for r in self._execute("SELECT DISTINCT agent_id FROM memories ORDER BY agent_id")]

    def stats(self, agent_id: str) -> dict[str, Any]:
        with self._lock:
            by_status = dict(
                self._execute(
                    "SELECT CASE WHEN status != 'active' THEN status WHEN valid_to IS NOT NULL THEN 'superseded' "
                    "ELSE 'current' END AS s, COUNT(*) FROM memories WHERE agent_id = ? GROUP BY s",
                    (agent_id,),
                ).fetchall()
            )
            by_type = dict(
                self._execute(
                    f"SELECT type, COUNT(*) FROM memories m WHERE agent_id = ? AND {_CURRENT} GROUP BY type",
                    (agent_id,),
                ).fetchall()
            )
            by_tier = dict(
                self._execute(
                    f"SELECT tier, COUNT(*) FROM memories m WHERE agent_id = ? AND {_CURRENT} GROUP BY tier",
                    (agent_id,),
                ).fetchall()
            )
            links = self._execute("SELECT COUNT(*) FROM links WHERE agent_id = ?", (agent_id,)).fetchone()[0]
        return {"by_status": by_status, "by_type": by_type, "by_tier": by_tier, "links": links}

    # --- candidates -----------------------------------------------------------------------------------

    def lexical(self, agent_id: str, terms: Sequence[str], *, limit: int) -> builtins.list[tuple[str, float]]:
        """The agent's current memories best matching any of ``terms`` by BM25, as (id, score > 0)."""
        if limit <= 0 or not any(t.replace('"', "").strip() for t in terms):
            return []
        with self._lock:
            self._lexical_queries[agent_id] += 1
            if agent_id in self._lexicons or self._lexical_queries[agent_id] >= _MIRROR_FROM_QUERY:
                index = self._lexicon(agent_id)
                return self._current_ranked(
                    agent_id, limit, lambda depth: [(index.rowids[r], s) for r, s in index.search(terms, depth)]
                )
            return self._current_ranked(agent_id, limit, lambda depth: self._fts_ranked(terms, depth))

    def _current_ranked(
        self, agent_id: str, limit: int, ranked: Callable[[int], builtins.list[tuple[int, float]]]
    ) -> builtins.list[tuple[str, float]]:
        """The first ``limit`` of a ranking of rowids that are the agent's current memories.

        Rank first, then filter: joining memories into the ranking reads every matching row before LIMIT
        applies. Going deeper is needed only when the filter drops many of the best matches (another agent's
        rows in FTS5, forgotten or superseded memories); the result is the same either way.
        """
        depth = limit + limit // 4 + 8
        while True:
            found = ranked(depth)
            current = self._current_ids(agent_id, [r for r, _ in found])
            kept = [(current[r], score) for r, score in found if r in current]
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
        versions = self._versions(agent_id)
        epoch = f"{versions['store']}/{versions['lex']}"
        index = self._lexicons.get(agent_id)
        if index is None or index.epoch != epoch:
            index = self._lexicons[agent_id] = LexicalIndex(epoch=epoch)
        rows = self._execute(
            "SELECT rowid, id, text || ' ' || tags || ' ' || COALESCE(category, ''), json_extract(source, '$.session') "
            "FROM memories "
            "WHERE rowid > ? AND +agent_id = ? ORDER BY rowid",  # +: walk rowids past the watermark only
            (index.watermark, agent_id),
        )
        index.add(rows)
        return index

    def _current_ids(self, agent_id: str, rowids: Sequence[int]) -> dict[int, str]:
        """rowid -> id of those of ``rowids`` that are the agent's current memories."""
        out: dict[int, str] = {}
        out.update(
            self._select_in(
                f"SELECT m.rowid, m.id FROM memories m WHERE m.rowid IN (?*) AND +m.agent_id = ? AND {_CURRENT}",
                rowids,
                after=[agent_id],
            )
        )
        return out

    def in_window(self, agent_id: str, start: datetime, end: datetime, *, limit: int) -> builtins.list[str]:
        """Current memories whose event (or, lacking one, creation) time falls in [start, end)."""
        with self._lock:
            rows = self._execute(
                f"SELECT m.id FROM memories m WHERE m.agent_id = ? AND {_CURRENT} "
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
                f"WHERE u.agent_id = ? AND u.url LIKE ? ESCAPE '\\' AND {_CURRENT} LIMIT ?",
                (agent_id, f"%{escaped}%", limit),
            )
            return [r[0] for r in rows]

    def placements(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, tuple[int, str]]:
        """(position in its session, session) of each given current memory that has a session."""
        if not memory_ids:
            return {}
        # The BM25 mirror keeps both (even for a row a purge has made stale: the caller asks about current
        # memories); a memory it has not seen yet sends the question to the store.
        if (index := self._lexicons.get(agent_id)) is not None:
            known = [row for mid in memory_ids if (row := index.rows.get(mid)) is not None]
            if len(known) == len(memory_ids):
                return {index.ids[r]: (index.turns[r], s) for r in known if (s := index.sessions[r]) is not None}
        # A position counts the session's earlier rows of the agent, whatever their status (through the
        # partial index of migration 0008: a range of one session, not a scan of the agent's memories).
        rows = self._select_in(
            "SELECT a.id, (SELECT COUNT(*) FROM memories o WHERE o.agent_id = ? AND "
            "json_extract(o.source, '$.session') = a.session AND o.rowid < a.rowid), a.session FROM ("
            "SELECT m.id, m.rowid, json_extract(m.source, '$.session') AS session FROM memories m "
            f"WHERE +m.agent_id = ? AND m.id IN (?*) AND {_CURRENT} AND session IS NOT NULL) a",
            list(dict.fromkeys(memory_ids)),
            before=[agent_id, agent_id],
        )
        return {mid: (turn, session) for mid, turn, session in rows}

    def _bump_epoch(self, agent_id: str | None = None, **parts: bool) -> None:
        """New versions of the named parts ("lex", "reload", "vec") of an agent's mirrors; of every agent's mirrors
        with no ``agent_id``."""
        if agent_id is None:
            self.meta_set(_STORE_EPOCH, uuid.uuid4().hex)
        for part in (p for p, changed in parts.items() if changed):
            self.meta_set(f"{part}_epoch:{agent_id}", uuid.uuid4().hex)

    def _versions(self, agent_id: str) -> dict[str, str]:
        """The current versions of the agent's mirrors: "store", "lex", "reload", "vec" ("" where never set)."""
        keys = {_STORE_EPOCH: "store", **{f"{part}_epoch:{agent_id}": part for part in ("lex", "reload", "vec")}}
        with self._lock:
            rows = self._execute(f"SELECT key, value FROM meta WHERE key IN ({_marks(len(keys))})", list(keys))
            found = dict.fromkeys(keys.values(), "") | {keys[key]: value for key, value in rows}
        return found

    def _index(self, agent_id: str) -> VectorIndex:
        """The agent's vector mirror, brought up to date with what other processes committed."""
        versions = self._versions(agent_id)
        epoch = f"{versions['store']}/{versions['reload']}"
        dims = int(self.meta_get("embedder_dims") or 0)
        index = self._indexes.get(agent_id)
        if index is None or index.epoch != epoch or index.dims != dims:
            index = self._indexes[agent_id] = VectorIndex(dims=dims, epoch=epoch, removals=versions["vec"])
        elif index.removals != versions["vec"]:  # vectors were deleted: keep the rows still in the store
            kept = self._execute(
                "SELECT rowid FROM vectors WHERE agent_id = ? AND rowid <= ?", (agent_id, index.watermark)
            )
            index.retain(np.fromiter((r[0] for r in kept), dtype=np.int64))
            index.removals = versions["vec"]
        rows = self._execute(
            "SELECT v.rowid, m.id, v.vec, m.type FROM vectors v JOIN memories m ON m.rowid = v.rowid "
            "WHERE v.agent_id = ? AND v.rowid > ? ORDER BY v.rowid",
            (agent_id, index.watermark),
        ).fetchall()
        if rows:
            matrix = np.frombuffer(b"".join(r[2] for r in rows), dtype=np.float32).reshape(len(rows), dims)
            index.add([r[1] for r in rows], matrix, [r[0] for r in rows], [r[3] for r in rows])
        return index

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

    def replace_vectors(self, records: Sequence[MemoryRecord], vectors: np.ndarray) -> None:
        """Re-embedding: overwrite vectors and make every process rebuild its mirror."""
        with self.write():
            self._insert_vectors(records, vectors)
            self._bump_epoch()

    # --- links and history ----------------------------------------------------------------------------

    def add_link(self, agent_id: str, link: Link) -> bool:
        with self.write():
            cursor = self._execute(
                "INSERT OR IGNORE INTO links(agent_id, source_id, target_id, relation, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (agent_id, link.source_id, link.target_id, link.relation, link.created_at.timestamp()),
            )
        return cursor.rowcount > 0

    def links(self, agent_id: str, memory_id: str) -> builtins.list[Link]:
        with self._lock:
            rows = self._execute(
                "SELECT source_id, target_id, relation, created_at FROM links "
                "WHERE agent_id = ? AND (source_id = ? OR target_id = ?) ORDER BY created_at, rowid",
                (agent_id, memory_id, memory_id),
            ).fetchall()
        return [Link(r[0], r[1], r[2], datetime.fromtimestamp(r[3], tz=UTC)) for r in rows]

    def replaced(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, builtins.list[str]]:
        found: dict[str, builtins.list[str]] = {}
        with self._lock:
            rows = self._select_in(
                "SELECT source_id, target_id FROM links WHERE agent_id = ? AND relation = 'supersedes' "
                "AND source_id IN (?*) ORDER BY created_at, rowid",
                list(dict.fromkeys(memory_ids)),
                before=[agent_id],
            )
            for source, target in rows:
                found.setdefault(source, []).append(target)
        return found

    def add_history(self, agent_id: str, entries: Sequence[HistoryEntry]) -> None:
        with self.write():
            self._conn.executemany(
                "INSERT INTO history(agent_id, memory_id, at, action, detail) VALUES (?, ?, ?, ?, ?)",
                [
                    (agent_id, e.memory_id, e.at.timestamp(), e.action, json.dumps(e.detail, ensure_ascii=False))
                    for e in entries
                ],
            )

    def history(self, agent_id: str, memory_id: str) -> builtins.list[HistoryEntry]:
        with self._lock:
            rows = self._execute(
                "SELECT memory_id, at, action, detail FROM history "
                "WHERE agent_id = ? AND memory_id = ? ORDER BY at, rowid",
                (agent_id, memory_id),
            ).fetchall()
        return [HistoryEntry(r[0], datetime.fromtimestamp(r[1], tz=UTC), r[2], json.loads(r[3])) for r in rows]

    def integrity_check(self) -> builtins.list[str]:
        """``PRAGMA integrity_check``'s lines (["ok"] when sound); a file too damaged to check gives the error."""
        with self._lock:
            try:
                return [r[0] for r in self._conn.execute("PRAGMA integrity_check").fetchall()]
            except sqlite3.DatabaseError as exc:
                return [str(exc)]

    # --- doctor: find and repair damage (tiermem.doctor) ----------------------------------------------------

    def applied_migrations(self) -> builtins.list[str]:
        with self._lock:
            return [r[0] for r in self._execute("SELECT name FROM schema_migrations ORDER BY name")]

    def fts_drift(self) -> dict[str, int]:
        """Rows each full-text index misses, and entries it holds for rows that are gone (by its docsize
        table: one row per indexed document)."""
        pairs = {"memories_fts": "memories", "memory_keys_fts": "memory_keys"}
        out: dict[str, int] = {}
        with self._lock:
            for fts, table in pairs.items():
                missing = self._execute(
                    f"SELECT COUNT(*) FROM {table} t "
                    f"WHERE NOT EXISTS (SELECT 1 FROM {fts}_docsize d WHERE d.id = t.rowid)"
                ).fetchone()[0]
                extra = self._execute(
                    f"SELECT COUNT(*) FROM {fts}_docsize d "
                    f"WHERE NOT EXISTS (SELECT 1 FROM {table} t WHERE t.rowid = d.id)"
                ).fetchone()[0]
                out[fts] = int(missing) + int(extra)
        return out

    def rebuild_fts(self) -> None:
        """Rebuild both full-text indexes from their tables (the tables are the truth)."""
        with self.write():
            self._execute("INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')")
            self._execute("INSERT INTO memory_keys_fts(memory_keys_fts) VALUES ('rebuild')")

    def vector_problems(self, dims: int) -> tuple[builtins.list[Any], builtins.list[tuple[str, str]]]:
        """(vectors to delete: of no memory, of a memory that is not current or of another agent; current
        memories whose vector is missing or not ``dims`` wide, as (agent, id))."""
        with self._lock:
            orphans = [
                r[0]
                for r in self._execute(
                    "SELECT v.rowid FROM vectors v LEFT JOIN memories m ON m.rowid = v.rowid "
                    f"WHERE m.rowid IS NULL OR m.agent_id != v.agent_id OR NOT ({_CURRENT})"
                )
            ]
            missing = [
                (r[0], r[1])
                for r in self._execute(
                    "SELECT m.agent_id, m.id FROM memories m LEFT JOIN vectors v ON v.rowid = m.rowid "
                    f"WHERE {_CURRENT} AND (v.rowid IS NULL OR length(v.vec) != ?) ORDER BY m.rowid",
                    (4 * dims,),
                )
            ]
        return orphans, missing

    def delete_vector_rows(self, keys: Sequence[Any]) -> None:
        """Delete the vectors :meth:`vector_problems` found orphaned (by rowid)."""
        with self.write():
            self._conn.executemany("DELETE FROM vectors WHERE rowid = ?", [(k,) for k in keys])
            self._bump_epoch()


def _filter_sql(agent_id: str, f: Filters, *, by_id: bool = False) -> tuple[str, builtins.list[Any]]:
    """WHERE clause for the filters. ``by_id``: the query also selects ids, and should find rows through the
    id index (a plain ``agent_id = ?`` makes SQLite scan the agent's whole index instead)."""
    clauses: builtins.list[str] = ["+m.agent_id = ?" if by_id else "m.agent_id = ?"]
    params: builtins.list[Any] = [agent_id]
    if not f.include_forgotten:
        clauses.append("m.status = 'active'")
    if not f.include_superseded:
        clauses.append("m.valid_to IS NULL")
    if f.types is not None:
        clauses.append(f"m.type IN ({', '.join('?' for _ in f.types)})")
        params.extend(f.types)
    if f.tiers is not None:
        clauses.append(f"m.tier IN ({', '.join('?' for _ in f.tiers)})")
        params.extend(f.tiers)
    if f.category:
        clauses.append("(m.category = ? OR m.category LIKE ? ESCAPE '\\')")
        escaped = f.category.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        params.extend([f.category, escaped + "/%"])
    for tag in f.tags:
        clauses.append("EXISTS (SELECT 1 FROM json_each(m.tags) WHERE json_each.value = ?)")
        params.append(tag)
    if f.scope:
        clauses.append("m.scope = ?")
        params.append(f.scope)
    if f.since:
        clauses.append("m.created_at >= ?")
        params.append(f.since.timestamp())
    if f.until:
        clauses.append("m.created_at < ?")
        params.append(f.until.timestamp())
    return " AND ".join(clauses), params


# --- opening, and errors at the boundary ------------------------------------------------------------------


def _read_only(path: Path) -> bool:
    """An existing store this process cannot write: a 0444 file, or a folder on read-only media."""
    if not path.exists():
        return False
    return not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))


def _connect(path: Path, timeout: float, read_only: bool) -> sqlite3.Connection:
    """A new file is created 0600 (SQLite gives its -wal and -shm the same mode) whatever the umask; a
    read-only store is opened read-only, ``immutable`` when its folder cannot hold the -shm file either."""
    if not path.exists():
        with contextlib.suppress(FileExistsError):
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    if not read_only:
        return sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
    flags = "mode=ro" if os.access(path.parent, os.W_OK) else "immutable=1"
    uri = f"file:{quote(str(path))}?{flags}"
    return sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None, check_same_thread=False)


def store_error(exc: sqlite3.DatabaseError, path: Path) -> StoreError:
    """The error tiermem raises for SQLite's, saying what to do."""
    text = str(exc)
    if "readonly" in text or "read-only" in text:
        return StoreReadOnlyError(
            f"the store at {path} is read-only: it can be searched and exported, not changed; copy its folder "
            "somewhere writable to change it"
        )
    if isinstance(exc, sqlite3.OperationalError):
        return StoreError(f"store operation failed: {exc}; retry, or run `tiermem doctor`")
    return StoreDamagedError(
        f"the store file {path} is damaged ({exc}): run `tiermem doctor`, save what is still readable with "
        "`tiermem export -o FILE`, then restore a backup or import that export into a new store"
    )


@contextmanager
def _translated(path: Path) -> Iterator[None]:
    try:
        yield
    except sqlite3.DatabaseError as exc:
        raise store_error(exc, path) from exc


def _guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` raising :class:`StoreError` for any SQLite error (fetching rows raises them too, past
    ``_execute``): the Python API promises a TiermemError, never a bare ``sqlite3.DatabaseError``."""
    if inspect.isgeneratorfunction(method):

        @functools.wraps(method)
        def rows(self: SQLiteBackend, *args: Any, **kwargs: Any) -> Iterator[Any]:
            with _translated(self.path):
                yield from method(self, *args, **kwargs)

        return rows

    @functools.wraps(method)
    def call(self: SQLiteBackend, *args: Any, **kwargs: Any) -> Any:
        with _translated(self.path):
            return method(self, *args, **kwargs)

    return call


def _guard_all(cls: type[_T]) -> type[_T]:
    for name, member in inspect.getmembers(cls, inspect.isfunction):
        if not name.startswith("_") and name not in ("write", "close"):  # write: a context manager
            setattr(cls, name, _guarded(member))
    return cls


_guard_all(SQLiteBackend)
