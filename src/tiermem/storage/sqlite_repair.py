"""What ``tiermem doctor`` asks of the SQLite backend: integrity, migrations, full-text drift, vector damage,
and the repairs (capability :class:`~tiermem.storage.base.Repairable`)."""

from __future__ import annotations

import builtins
import sqlite3
from collections.abc import Sequence
from typing import Any

from .migrations import MIGRATIONS
from .sqlite_base import SQLiteConnection
from .sqlite_rows import CURRENT


class SQLiteRepair(SQLiteConnection):
    """The doctor's reads and repairs of :class:`~tiermem.storage.sqlite.SQLiteBackend`."""

    def integrity_check(self) -> builtins.list[str]:
        """``PRAGMA integrity_check``'s lines (["ok"] when sound); a file too damaged to check gives the error."""
        with self._lock:
            try:
                return [r[0] for r in self._conn.execute("PRAGMA integrity_check").fetchall()]
            except sqlite3.DatabaseError as exc:
                return [str(exc)]

    def known_migrations(self) -> builtins.list[str]:
        return [name for name, _ in MIGRATIONS]

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
                    f"WHERE m.rowid IS NULL OR m.agent_id != v.agent_id OR NOT ({CURRENT})"
                )
            ]
            missing = [
                (r[0], r[1])
                for r in self._execute(
                    "SELECT m.agent_id, m.id FROM memories m LEFT JOIN vectors v ON v.rowid = m.rowid "
                    f"WHERE {CURRENT} AND (v.rowid IS NULL OR length(v.vec) != ?) ORDER BY m.rowid",
                    (4 * dims,),
                )
            ]
        return orphans, missing

    def delete_vector_rows(self, keys: Sequence[Any]) -> None:
        """Delete the vectors :meth:`vector_problems` found orphaned (by rowid)."""
        with self.write():
            self._conn.executemany("DELETE FROM vectors WHERE rowid = ?", [(k,) for k in keys])
            self._bump_epoch()
