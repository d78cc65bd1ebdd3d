"""Workspace file I/O: atomic writes, one lock per workspace, and no lost edits.

Every write goes to a temporary file in the same directory and is renamed over the target, so a reader
sees the old file or the new one, never half of one. Writers of one workspace take its lock (a file lock:
it holds across processes). People do not take our lock, so a read-modify-write checks, just before the
rename, that the file still holds what was read; if someone saved in between, the change is re-applied
to their version instead of overwriting it.

An update that spans several files (the end of a session: daily log, threads, MEMORY.md, archive, state,
resumption, index) is staged in a :class:`FileBatch` and committed through a write-ahead journal: all the new
texts go into one journal file first (atomically, fsynced), then each file is replaced, then the journal is
removed. A writer killed half-way leaves the journal behind; whoever takes the workspace lock next rolls it
forward, so the files never disagree (a session counted in state.json but missing from its daily log).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from filelock import FileLock, Timeout

from ..errors import WorkspaceError
from ..model import load_json

LOCK_NAME = ".tiermem.lock"
JOURNAL_NAME = ".tiermem-journal.json"
LOCK_TIMEOUT_S = 30.0
_ATTEMPTS = 5
# write_atomic's temporary files (mkstemp: ".<name>.<8 random>.tmp"); a killed writer leaves its own behind
_TEMP_NAME = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp\Z")
TEMP_MAX_AGE_S = 600.0  # a live writer's temporary file is seconds old
_swept: set[str] = set()  # workspaces whose left-over temporary files this process has cleared
T = TypeVar("T")


def inside(path: Path, root: Path) -> bool:
    """Whether ``path`` really lies in ``root`` once every symlink on the way (the file's own, a folder's)
    is followed to where it leads."""
    real, base = os.path.realpath(path), os.path.realpath(root)
    return real == base or real.startswith(base.rstrip(os.sep) + os.sep)


def read_text(path: Path, *, strict: bool = False, root: Path | None = None) -> str | None:
    """The file's text, or None when it does not exist. Undecodable bytes are an error when ``strict``
    (a writer must not rewrite what it cannot read back) and are replaced otherwise (a reader goes on).

    A file whose real path leaves ``root`` (default: the file's own folder) counts as absent, never read:
    a cloned repository can ship ``memory/2026-01-03.md -> ~/.netrc``, and what is read gets indexed and
    served to agents. A writer then replaces the link with a file of its own (a rename replaces the link,
    never its target)."""
    if not inside(path, path.parent if root is None else root):
        return None
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise WorkspaceError(f"{path} is a directory, not a file; move it away") from None
    except OSError as exc:
        raise WorkspaceError(f"cannot read {path}: {exc.strerror}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if strict:
            raise WorkspaceError(f"{path} is not valid UTF-8 (byte {exc.start}); re-save it as UTF-8") from None
        return data.decode("utf-8", errors="replace")


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one rename (creating parent directories), keeping its mode."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise WorkspaceError(f"cannot write {path}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temp, path.stat().st_mode & 0o7777)
        os.replace(temp, path)
        _fsync_directory(path.parent)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise WorkspaceError(f"cannot write {path}: {exc.strerror}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def damaged_copy(path: Path, text: str) -> Path:
    """Where a file tiermem cannot parse is kept before a fresh one replaces it: beside it, named by its
    content (so keeping the same damaged text twice writes one copy, and two damaged versions never clash)."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return path.with_name(f"{path.name}.damaged-{digest}")


def _fsync_directory(directory: Path) -> None:
    """Make a rename durable: without it a power cut may forget the new directory entry (POSIX only)."""
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def update_text(path: Path, change: Callable[[str | None], str | None]) -> str | None:
    """Apply ``change`` (old text or None -> new text, None = leave as is) without losing a concurrent edit.

    Call it holding the workspace lock: that keeps other tiermem writers out; the check before the rename
    catches a person's editor. Returns the text the file holds afterwards.
    """
    for _ in range(_ATTEMPTS):
        before = read_text(path, strict=True)
        after = change(before)
        if after is None or after == before:
            return before
        if read_text(path, strict=True) == before:
            write_atomic(path, after)
            return after
    raise WorkspaceError(f"{path} kept changing while tiermem was updating it; try again when it is quiet")


@contextlib.contextmanager
def workspace_lock(root: Path, timeout_s: float = LOCK_TIMEOUT_S) -> Iterator[None]:
    """Hold the workspace's write lock (re-entrant in one thread; exclusive across threads and processes)."""
    directory = root / "memory"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WorkspaceError(f"cannot create {directory}: {exc.strerror}") from None
    lock = FileLock(directory / LOCK_NAME, is_singleton=True)
    try:
        lock.acquire(timeout=timeout_s)
    except Timeout:
        raise WorkspaceError(
            f"the workspace {root} is locked by another writer for over {timeout_s:g}s; "
            f"if no tiermem process is running, delete {directory / LOCK_NAME}"
        ) from None
    except OSError as exc:
        raise WorkspaceError(f"cannot lock the workspace {root}: {exc.strerror}") from None
    try:
        recover(root)
        _sweep_temporary_files(root)
        yield
    finally:
        lock.release()


def _sweep_temporary_files(root: Path) -> None:
    """Delete the temporary files killed writers left in the workspace (old ones only; once per process and
    workspace, so a hook's lock stays cheap)."""
    if str(root) in _swept:
        return
    _swept.add(str(root))
    cutoff = time.time() - TEMP_MAX_AGE_S
    folders, seen = [root, root / "memory"], 0
    while seen < len(folders):
        try:
            entries = list(os.scandir(folders[seen]))
        except OSError:
            entries = []
        for entry in entries:
            if seen == 1 and entry.is_dir(follow_symlinks=False):
                folders.append(Path(entry.path))  # memory/<agent>/ and memory/daily/
            elif _TEMP_NAME.match(entry.name) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    if entry.stat().st_mtime < cutoff:
                        os.unlink(entry.path)
        seen += 1


class StaleRead(WorkspaceError):
    """A file of a :class:`FileBatch` changed on disk after the batch read it: nothing was written."""


class FileBatch:
    """Changes to several files of one workspace, applied all or nothing (see the module's docstring).

    Reads see the batch's own staged texts. Use it holding the workspace lock; :meth:`commit` raises
    :class:`StaleRead` (writing nothing) when someone edited a file the batch read, so the caller can redo
    its work on the new text."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._read: dict[Path, str | None] = {}
        self._staged: dict[Path, str] = {}

    def read(self, path: Path, *, strict: bool = True) -> str | None:
        """The text the file will hold. Only strict reads are checked at commit: a lenient one (undecodable
        bytes replaced) must not be the basis of a write."""
        if path in self._staged:
            return self._staged[path]
        text = read_text(path, strict=strict, root=self.root)
        if strict:
            self._read.setdefault(path, text)
        return text

    def staged(self) -> list[Path]:
        return list(self._staged)

    def write(self, path: Path, text: str) -> None:
        self._staged[path] = text

    def update(self, path: Path, change: Callable[[str | None], str | None]) -> str | None:
        """Like :func:`update_text`, staged: returns the text the file will hold."""
        before = self.read(path)
        after = change(before)
        if after is None or after == before:
            return before
        self.write(path, after)
        return after

    def commit(self) -> None:
        for path, text in self._read.items():
            if path in self._staged and read_text(path, strict=True, root=self.root) != text:
                raise StaleRead(f"{path} changed while tiermem was updating it; try again when it is quiet")
        if not self._staged:
            return
        entries = {_journal_key(self.root, path): text for path, text in self._staged.items()}
        journal = self.root / "memory" / JOURNAL_NAME
        write_atomic(journal, json.dumps({"version": 1, "files": entries}, ensure_ascii=False))
        _roll_forward(self.root, entries, journal)


def run_batch(root: Path, work: Callable[[FileBatch], T]) -> T:
    """Run ``work`` on a fresh batch and commit it, redoing it when a file changed under it. Call it holding
    the workspace lock."""
    for _ in range(_ATTEMPTS):
        batch = FileBatch(root)
        result = work(batch)
        try:
            batch.commit()
        except StaleRead:
            continue
        return result
    raise WorkspaceError(f"the files of {root} kept changing while tiermem was updating them; try again later")


def _journal_key(root: Path, path: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        raise WorkspaceError(f"{path} is outside the workspace {root}") from None


def _roll_forward(root: Path, entries: dict[str, str], journal: Path) -> None:
    for rel, text in entries.items():
        write_atomic(root / rel, text)
    try:
        journal.unlink()
        _fsync_directory(journal.parent)
    except OSError as exc:
        raise WorkspaceError(f"cannot remove the journal {journal}: {exc.strerror}") from None


def recover(root: Path) -> bool:
    """Finish a multi-file update a killed writer left in the journal (call it holding the lock). Returns
    whether there was one. A journal that is not ours is moved aside (see :func:`damaged_copy`), not applied."""
    journal = root / "memory" / JOURNAL_NAME
    text = read_text(journal)
    if text is None:
        return False
    entries = _journal_entries(text)
    if entries is None or not all(_inside(root, rel) for rel in entries):
        os.replace(journal, damaged_copy(journal, text))
        return False
    _roll_forward(root, entries, journal)
    return True


def _journal_entries(text: str) -> dict[str, str] | None:
    try:
        doc = load_json(text)
    except json.JSONDecodeError:
        return None
    files = doc.get("files") if isinstance(doc, dict) else None
    if not isinstance(files, dict) or not all(isinstance(v, str) for v in files.values()):
        return None
    return {str(k): v for k, v in files.items()}


def _inside(root: Path, rel: str) -> bool:
    """A journal names files inside its workspace only (it may have been edited or planted)."""
    target = (root / rel).resolve()
    return not Path(rel).is_absolute() and target.is_relative_to(root.resolve())
