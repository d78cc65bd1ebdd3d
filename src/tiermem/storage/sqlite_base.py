"""The SQLite connection under the embedded backend: opening, transactions, the meta table, mirror versions,
and SQLite's errors translated into tiermem's at the boundary."""

from __future__ import annotations

import builtins
import contextlib
import functools
import inspect
import os
import sqlite3
import threading
import uuid
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from ..errors import StoreDamagedError, StoreError, StoreReadOnlyError
from .lexical import LexicalIndex
from .migrations import apply_migrations, pending_migrations
from .sqlite_rows import IN_CHUNK, marks
from .vectors import VectorIndex

DB_FILE = "tiermem.db"
# Checkpoint every 1,000 pages (~4 MB of WAL, SQLite's default), not 10,000: a damaged WAL loses every commit
# since the last checkpoint (a review lost 800 of 1,500 acknowledged writes), and a close checkpoints too.
WAL_AUTOCHECKPOINT_PAGES = 1000
_T = TypeVar("_T")
_M = TypeVar("_M")
# Memory caches for the connection: lookups by id touch random pages, and a warm page cache plus a memory
# map (no read() per page) make a 100-id get_many several times faster on a 100k store.
_CACHE_KIB = 64 * 1024
_MMAP_BYTES = 1 << 30
# The mirrors' versions, in the meta table. Each agent has its own, so that a change of one agent's memories
# leaves every other agent's mirrors alone: "lex" (BM25 content edited in place), "reload" (vector rows'
# types edited in place), "vec" (vectors deleted: the mirror drops the rows it no longer finds,
# without reading any vector again) and "cur" (a memory forgotten, superseded or restored: the BM25 mirror
# re-reads which of its rows are not current, so that a search need not ask the store about every match).
# The store-wide version under this key (re-embedding, repairs) is part of every agent's.
_STORE_EPOCH = "vec_epoch"


class Recent(OrderedDict[str, _M]):
    """Per-agent mirrors, the ``cap`` most recently used kept: a process serving many agents holds a bounded
    number of them (an evicted agent's mirror is rebuilt from the store on its next search, as after a
    restart). Reading an entry marks it used."""

    def __init__(self, cap: int) -> None:
        super().__init__()
        self.cap = cap

    def __getitem__(self, key: str) -> _M:
        value = super().__getitem__(key)
        self.move_to_end(key)
        return value

    def get(self, key: str, default: _M | None = None) -> _M | None:  # type: ignore[override]
        return self[key] if key in self else default  # noqa: SIM401 - dict.get would not mark it used

    def __setitem__(self, key: str, value: _M) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.cap:
            self.popitem(last=False)


class SQLiteConnection:
    """One SQLite file opened for tiermem (WAL, migrations applied), with what every part of the backend uses."""

    def __init__(self, directory: Path, *, busy_timeout_s: float = 30.0, mirror_agents: int = 256) -> None:
        self.path = directory / DB_FILE
        self._lock = threading.RLock()
        self._indexes: Recent[VectorIndex] = Recent(mirror_agents)
        self._lexicons: Recent[LexicalIndex] = Recent(mirror_agents)
        self._lexical_queries: Counter[str] = Counter()
        self._versions_seen: tuple[str, tuple[int, int], dict[str, str]] | None = None  # see _versions
        self._dims: int | None = None
        self.read_only = _read_only(self.path)
        try:
            self._conn = _connect(self.path, busy_timeout_s, self.read_only)
            self._busy_ms = int(busy_timeout_s * 1000)
            self._conn.execute(f"PRAGMA busy_timeout = {self._busy_ms}")
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
            for start in range(0, len(values), IN_CHUNK):
                chunk = values[start : start + IN_CHUNK]
                rows += self._execute(sql.replace("?*", marks(len(chunk))), [*before, *chunk, *after]).fetchall()
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
                self._versions_seen = None  # read inside the transaction, at a stamp a rollback does not move
                raise

    def try_write(self, sql: str, params: Sequence[Any]) -> bool:
        """Run one write if the store's write lock is free now (inside this thread's own transaction: in it);
        False when another connection holds the lock or the store is read-only. For derived data a read may
        keep (a mirror snapshot): a read never waits for a writer."""
        if self.read_only:
            return False
        with self._lock:
            if self._conn.in_transaction:
                self._execute(sql, params)
                return True
            with self._unseen_by_mirrors():
                self._conn.execute("PRAGMA busy_timeout = 0")
                try:
                    self._conn.execute("BEGIN IMMEDIATE")
                except sqlite3.OperationalError:  # locked by another connection: skip
                    return False
                finally:
                    self._conn.execute(f"PRAGMA busy_timeout = {self._busy_ms}")
                try:
                    self._conn.execute(sql, params)
                    self._conn.execute("COMMIT")
                except sqlite3.OperationalError:  # disk full, I/O: the store stays as it was
                    self._conn.rollback()
                    return False
        return True

    def _save_snapshot(self, agent_id: str, epoch: str, data: bytes) -> None:
        """Keep the agent's BM25 mirror, built at ``epoch``, when the lock is free (see :meth:`try_write`) and
        the epoch is still the store's: a purge or an edit committed since the mirror's rows were read has
        deleted the agent's snapshot, and this one, holding what it took away, must not come back."""
        self.try_write(
            "INSERT OR REPLACE INTO lexical_snapshots(agent_id, epoch, data) SELECT ?, ?, ? WHERE "
            "COALESCE((SELECT value FROM meta WHERE key = ?), '') || '/' || "
            "COALESCE((SELECT value FROM meta WHERE key = ?), '') = ?",
            (agent_id, epoch, data, _STORE_EPOCH, f"lex_epoch:{agent_id}", epoch),
        )

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

    def _bump_epoch(self, agent_id: str | None = None, **parts: bool) -> None:
        """New versions of the named parts ("lex", "reload", "vec", "cur") of an agent's mirrors; of every
        agent's mirrors with no ``agent_id``."""
        if agent_id is None:
            self.meta_set(_STORE_EPOCH, uuid.uuid4().hex)
            self._execute("DELETE FROM lexical_snapshots")
        elif any(parts.values()):  # a snapshot must never hold what an edit or a purge took away
            self._execute("DELETE FROM lexical_snapshots WHERE agent_id = ?", (agent_id,))
        for part in (p for p, changed in parts.items() if changed):
            self.meta_set(f"{part}_epoch:{agent_id}", uuid.uuid4().hex)

    def _stamp(self) -> tuple[int, int]:
        """Where the file stands: ``PRAGMA data_version`` moves when any other connection (this process or
        another) commits, ``total_changes`` when this one writes. A mirror checked at the same stamp is still
        current, so a search skips re-reading the mirrors' versions and rows (~8 queries: a third of a 10k
        search's wall time); any change at all sends it back to those checks."""
        row = self._execute("PRAGMA data_version").fetchone()
        return int(row[0]), self._conn.total_changes

    @contextmanager
    def _unseen_by_mirrors(self) -> Iterator[None]:
        """A write no mirror holds (access counts): mirrors current before it stay current after it, unless
        another connection committed meanwhile. Searches reinforce their hits, and without this every search
        would make the next one re-check every mirror against the store."""
        before = self._stamp()
        yield
        after = self._stamp()
        if after[0] == before[0]:  # data_version: no other connection's commit in between
            mirrors: list[VectorIndex | LexicalIndex] = [*self._indexes.values(), *self._lexicons.values()]
            for index in mirrors:
                if index.checked == before:
                    index.checked = after

    def _versions(self, agent_id: str, stamp: tuple[int, int]) -> dict[str, str]:
        """The current versions of the agent's mirrors: "store", "lex", "reload", "vec", "cur" ("" where never
        set), and "dims", the embedder's width. Read once per stamp: a search that loads both of an agent's
        mirrors (an agent whose mirrors were evicted) asks for them twice, one query each time otherwise."""
        seen = self._versions_seen
        if seen is not None and seen[0] == agent_id and seen[1] == stamp:
            return seen[2]
        parts = ("lex", "reload", "vec", "cur")
        keys = {_STORE_EPOCH: "store", "embedder_dims": "dims", **{f"{part}_epoch:{agent_id}": part for part in parts}}
        with self._lock:
            rows = self._execute(f"SELECT key, value FROM meta WHERE key IN ({marks(len(keys))})", list(keys))
            found = dict.fromkeys(keys.values(), "") | {keys[key]: value for key, value in rows}
        self._versions_seen = (agent_id, stamp, found)
        return found


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
def translated(path: Path) -> Iterator[None]:
    try:
        yield
    except sqlite3.DatabaseError as exc:
        raise store_error(exc, path) from exc


def _guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` raising :class:`StoreError` for any SQLite error (fetching rows raises them too, past
    ``_execute``): the Python API promises a TiermemError, never a bare ``sqlite3.DatabaseError``."""
    if inspect.isgeneratorfunction(method):

        @functools.wraps(method)
        def rows(self: SQLiteConnection, *args: Any, **kwargs: Any) -> Iterator[Any]:
            with translated(self.path):
                yield from method(self, *args, **kwargs)

        return rows

    @functools.wraps(method)
    def call(self: SQLiteConnection, *args: Any, **kwargs: Any) -> Any:
        with translated(self.path):
            return method(self, *args, **kwargs)

    return call


def guard_all(cls: type[_T]) -> type[_T]:
    for name, member in inspect.getmembers(cls, inspect.isfunction):
        if not name.startswith("_") and name not in ("write", "close"):  # write: a context manager
            setattr(cls, name, _guarded(member))
    return cls
