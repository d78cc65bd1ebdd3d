"""The embedded default backend: one SQLite file (WAL, FTS5) plus in-memory mirrors (vectors, BM25).

The class is assembled from parts, one concern each: the connection (sqlite_base), row layout (sqlite_rows),
candidate reads (sqlite_search), the doctor's repairs (sqlite_repair) and the lifecycle tables; this module
holds the records, links and history.
"""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from ..config import load_settings
from ..errors import StoreDamagedError, StoreError, ValidationError
from ..model import Link, MemoryRecord
from .base import ORDERS, Filters, HistoryEntry, OpenedStore, readable_pages
from .lifecycle import LifecycleTables
from .llm_state import LLMState
from .sqlite_base import DB_FILE, guard_all, translated
from .sqlite_repair import SQLiteRepair
from .sqlite_rows import COLUMNS, CURRENT, ORDER_SQL, SELECT, encode, filter_sql, record_row, row_to_record
from .sqlite_search import SQLiteSearch

__all__ = ["DB_FILE", "SQLiteBackend"]

_HASH = COLUMNS.index("content_hash")  # position in a row read with SELECT
# The memories with a text, through the (agent_id, content_hash) index: the planner would otherwise take the
# (agent_id) one for its rowid order and read every memory of the agent (2.5 ms a batch at 10k, 25 at 100k).
BY_HASH = "INDEXED BY memories_agent_hash"

# What the mirrors hold besides vectors: the lexical index covers text, tags, category and the source's
# session; the vector mirror sorts its rows by type for dedup. Changing one of these in place makes the
# agent's mirror of it re-read everything.
_LEXICAL_COLUMNS = frozenset({"text", "tags", "category", "source"})
_VECTOR_COLUMNS = frozenset({"type"})
_STATUS_COLUMNS = frozenset({"status", "valid_to"})  # whether a memory is current


class SQLiteBackend(SQLiteSearch, SQLiteRepair, LifecycleTables):
    """Implements :class:`tiermem.storage.base.StoreBackend` on one SQLite file, with the capabilities
    :class:`~tiermem.storage.base.LocalFile`, :class:`~tiermem.storage.base.FullTextIndex` and
    :class:`~tiermem.storage.llm_state.LocalTables`."""

    @property
    def location(self) -> str:
        return str(self.path.parent)

    def llm_tables(self) -> LLMState:
        return LLMState(self)

    def insert(self, records: Sequence[MemoryRecord], vectors: np.ndarray | None) -> None:
        placeholders = ", ".join("?" for _ in COLUMNS)
        rows = [record_row(r) for r in records]
        with self.write():
            self._conn.executemany(f"INSERT INTO memories({', '.join(COLUMNS)}) VALUES ({placeholders})", rows)
            if vectors is not None and len(records):
                self._insert_vectors(records, vectors)

    def get(self, agent_id: str, memory_id: str) -> MemoryRecord | None:
        return self.get_many(agent_id, [memory_id]).get(memory_id)

    def get_many(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, MemoryRecord]:
        found: dict[str, MemoryRecord] = {}
        ids = list(dict.fromkeys(memory_ids))
        with self._lock:
            # Recall's candidates are rows of the BM25 mirror, which knows their rowids: one b-tree walked per
            # row instead of two (the id index, then the table), as in current_texts.
            lexicon = self._lexicons.get(agent_id)
            known = (
                {mid: lexicon.rowids[row] for mid in ids if (row := lexicon.rows.get(mid)) is not None}
                if lexicon
                else {}
            )
            select = f"SELECT {SELECT} FROM memories m WHERE m.{{}} IN (?*) AND +m.agent_id = ?"
            rows = self._select_in(select.format("rowid"), list(known.values()), after=[agent_id])
            if len(known) < len(ids):
                rows += self._select_in(select.format("id"), [i for i in ids if i not in known], after=[agent_id])
            found.update((row[0], row_to_record(row)) for row in rows)
        return found

    def find_by_hash(self, agent_id: str, content_hash: str) -> MemoryRecord | None:
        with self._lock:
            row = self._execute(
                f"SELECT {SELECT} FROM memories m {BY_HASH} WHERE m.agent_id = ? AND m.content_hash = ? AND {CURRENT} "
                "ORDER BY m.rowid LIMIT 1",
                (agent_id, content_hash),
            ).fetchone()
        return None if row is None else row_to_record(row)

    def find_by_hashes(self, agent_id: str, content_hashes: Sequence[str]) -> dict[str, MemoryRecord]:
        """:meth:`find_by_hash` for many hashes in one query: hash -> the oldest current memory with it."""
        found: dict[str, Any] = {}
        hashes = list(dict.fromkeys(content_hashes))
        with self._lock:
            rows = self._select_in(
                f"SELECT {SELECT} FROM memories m {BY_HASH} WHERE m.agent_id = ? AND m.content_hash IN (?*) "
                f"AND {CURRENT} ORDER BY m.rowid DESC",
                hashes,
                before=[agent_id],
            )
            found.update((row[_HASH], row) for row in rows)  # newest first, so the oldest wins
        return {h: row_to_record(row) for h, row in found.items()}

    def current_texts(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        """id -> (text, type) of those of ``memory_ids`` that are current: all that dedup reads of a neighbour."""
        found: dict[str, tuple[str, str]] = {}
        ids = list(dict.fromkeys(memory_ids))
        with self._lock:
            # Dedup's neighbours come from the vector mirror, which knows their rowids: a lookup by rowid
            # walks one b-tree instead of two (the id index, then the table), ~2x faster on a 100k store.
            rowids = self._index(agent_id).rowids_of(ids) if agent_id in self._indexes else {}
            select = (
                f"SELECT m.id, m.text, m.type FROM memories m WHERE m.{{}} IN (?*) AND +m.agent_id = ? AND {CURRENT}"
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
        where, params = filter_sql(agent_id, filters)
        sql = f"SELECT {SELECT} FROM memories m WHERE {where} ORDER BY {ORDER_SQL[order]} LIMIT ? OFFSET ?"
        with self._lock:
            rows = self._execute(sql, [*params, limit, offset]).fetchall()
        return [row_to_record(row) for row in rows]

    def matching(self, agent_id: str, memory_ids: Sequence[str], filters: Filters) -> set[str]:
        where, params = filter_sql(agent_id, filters, by_id=True)
        found: set[str] = set()
        ids = list(memory_ids)
        with self._lock:
            rows = self._select_in(f"SELECT m.id FROM memories m WHERE {where} AND m.id IN (?*)", ids, before=params)
            found.update(r[0] for r in rows)
        return found

    def iter_all(self, agent_id: str) -> Iterator[MemoryRecord]:
        """Pages by rowid, so an export of a large store never holds it all in memory. Through the agent's
        index; where that is damaged, through the table itself (slower: every agent's rows are read)."""
        select = f"SELECT m.rowid, {SELECT} FROM memories m WHERE {{}}agent_id = ?"
        for rows in self._pages(select.format(""), (agent_id,), damaged=select.format("+")):
            yield from (row_to_record(row[1:]) for row in rows)

    def _pages(
        self, select: str, params: Sequence[Any], size: int = 1000, *, damaged: str | None = None
    ) -> Iterator[builtins.list[Any]]:
        """Rows of ``select`` (its first column a rowid, its WHERE clause open) a page at a time, by rowid;
        ``damaged``: the same rows read another way, tried when ``select`` meets a damaged page."""

        def fetch(after: int, size: int) -> builtins.list[Any]:
            with self._lock, translated(self.path):
                sql = "{} AND rowid > ? ORDER BY rowid LIMIT ?"
                try:
                    return self._execute(sql.format(select), [*params, after, size]).fetchall()
                except StoreDamagedError:
                    if damaged is None:
                        raise
                    return self._execute(sql.format(damaged), [*params, after, size]).fetchall()

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
        unknown = set(fields) - set(COLUMNS) | ({"id", "agent_id"} & set(fields))
        if unknown:
            raise ValidationError(f"cannot update field(s) {', '.join(sorted(unknown))}")
        assignments = ", ".join(f"{name} = ?" for name in fields)
        values = [encode(name, value) for name, value in fields.items()]
        with self.write():
            self._execute(
                f"UPDATE memories SET {assignments} WHERE agent_id = ? AND id = ?", [*values, agent_id, memory_id]
            )
            # the mirrors of every process must re-read this row
            self._bump_epoch(
                agent_id,
                lex=bool(_LEXICAL_COLUMNS & set(fields)),
                reload=bool(_VECTOR_COLUMNS & set(fields)),
                cur=bool(_STATUS_COLUMNS & set(fields)),
            )

    def reinforce(self, agent_id: str, memory_ids: Sequence[str], at: datetime, importance_bump: float) -> None:
        with self._lock, self._unseen_by_mirrors(), self.write():
            self._conn.executemany(
                "UPDATE memories SET access_count = access_count + 1, last_accessed_at = ?, "
                "importance = MIN(1.0, importance + ?) WHERE agent_id = ? AND id = ?",
                [(at.timestamp(), importance_bump, agent_id, mid) for mid in memory_ids],
            )

    def record_access(self, agent_id: str, counts: Mapping[str, int], at: datetime) -> None:
        if self.read_only:  # bookkeeping of reads, not a change anyone asked for: a read-only store skips it
            return
        with self._lock, self._unseen_by_mirrors(), self.write():
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
        clauses = ([CURRENT] if current_only else []) + (["m.agent_id = ?"] if agent_id else [])
        where = " AND ".join(clauses) or "1"
        with self._lock:
            row = self._execute(
                f"SELECT COUNT(*) FROM memories m WHERE {where}", [agent_id] if agent_id else []
            ).fetchone()
        return int(row[0])

    def agents(self) -> builtins.list[str]:
        with self._lock:
            try:
                return [r[0] for r in self._execute("SELECT DISTINCT agent_id FROM memories ORDER BY agent_id")]
            except StoreDamagedError:  # the index read is damaged: the table's readable rows say who is there
                found = {r[1] for rows in self._pages("SELECT rowid, agent_id FROM memories WHERE 1", ()) for r in rows}
                return sorted(found)

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
                    f"SELECT type, COUNT(*) FROM memories m WHERE agent_id = ? AND {CURRENT} GROUP BY type",
                    (agent_id,),
                ).fetchall()
            )
            by_tier = dict(
                self._execute(
                    f"SELECT tier, COUNT(*) FROM memories m WHERE agent_id = ? AND {CURRENT} GROUP BY tier",
                    (agent_id,),
                ).fetchall()
            )
            links = self._execute("SELECT COUNT(*) FROM links WHERE agent_id = ?", (agent_id,)).fetchone()[0]
        return {"by_status": by_status, "by_type": by_type, "by_tier": by_tier, "links": links}

    # --- links and history ----------------------------------------------------------------------------

    def add_link(self, agent_id: str, link: Link) -> bool:
        with self.write():
            cursor = self._execute(
                "INSERT OR IGNORE INTO links(agent_id, source_id, target_id, relation, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (agent_id, link.source_id, link.target_id, link.relation, link.created_at.timestamp()),
            )
        return cursor.rowcount > 0

    def remove_links(self, agent_id: str, source_id: str, target_id: str, relations: Sequence[str]) -> int:
        if not relations:
            return 0
        marks = ", ".join("?" * len(relations))
        with self.write():
            cursor = self._execute(
                f"DELETE FROM links WHERE agent_id = ? AND source_id = ? AND target_id = ? AND relation IN ({marks})",
                (agent_id, source_id, target_id, *relations),
            )
        return cursor.rowcount

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


guard_all(SQLiteBackend)


def open_store(location: str, config: Mapping[str, Any]) -> OpenedStore:
    """The ``sqlite`` entry of ``tiermem.backends``: the store in directory ``location``, created if missing
    (0700: a new store is its owner's alone), with its config.json under ``config``."""
    directory = Path(location).expanduser()
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the store directory {directory}: {exc.strerror}") from None
    if not directory.is_dir():
        raise StoreError(f"{directory} is not a directory; give a directory for the store")
    settings = load_settings(directory, dict(config))
    backend = SQLiteBackend(directory, busy_timeout_s=settings.busy_timeout_s, mirror_agents=settings.mirror_agents)
    return OpenedStore(backend, settings)
