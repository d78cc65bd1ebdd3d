"""Workspace file I/O: atomic writes, one lock per workspace, and no lost edits.

Every write goes to a temporary file in the same directory and is renamed over the target, so a reader
sees the old file or the new one, never half of one. Writers of one workspace take its lock (a file lock:
it holds across processes). People do not take our lock, so a read-modify-write checks, just before the
rename, that the file still holds what was read; if someone saved in between, the change is re-applied
to their version instead of overwriting it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from filelock import FileLock, Timeout

from ..errors import WorkspaceError

LOCK_NAME = ".tiermem.lock"
LOCK_TIMEOUT_S = 30.0
_ATTEMPTS = 5


def read_text(path: Path, *, strict: bool = False) -> str | None:
    """The file's text, or None when it does not exist. Undecodable bytes are an error when ``strict``
    (a writer must not rewrite what it cannot read back) and are replaced otherwise (a reader goes on)."""
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
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise WorkspaceError(f"cannot write {path}: {exc.strerror}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


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
        yield
    finally:
        lock.release()
