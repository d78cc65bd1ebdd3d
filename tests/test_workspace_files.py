"""Workspace file I/O: atomic writes, the cross-process lock, and edits made while tiermem writes."""

from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path

import pytest

from tiermem.errors import WorkspaceError
from tiermem.workspace.files import read_text, update_text, workspace_lock, write_atomic


def test_atomic_write_replaces_whole_files_and_keeps_the_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "MEMORY.md"
    write_atomic(path, "first\n")
    os.chmod(path, 0o640)
    write_atomic(path, "second ünïcode\n")
    assert path.read_text(encoding="utf-8") == "second ünïcode\n"
    assert path.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in path.parent.iterdir()] == ["MEMORY.md"]  # no temporary file left behind


def test_reading_missing_undecodable_and_directories(tmp_path: Path) -> None:
    assert read_text(tmp_path / "nope.md") is None
    bad = tmp_path / "bad.md"
    bad.write_bytes(b"ok \xff\xfe here")
    assert read_text(bad) == "ok \ufffd\ufffd here"  # a reader goes on
    with pytest.raises(WorkspaceError, match="not valid UTF-8"):
        read_text(bad, strict=True)  # a writer must not rewrite what it cannot read back
    with pytest.raises(WorkspaceError, match="is a directory"):
        read_text(tmp_path)


def test_an_edit_saved_during_an_update_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "threads.md"
    path.write_text("# Threads\n", encoding="utf-8")
    calls = []

    def change(current: str | None) -> str:
        calls.append(current)
        if len(calls) == 1:  # a person saves while we are working on the old text
            path.write_text("# Threads\nmy edit\n", encoding="utf-8")
        return (current or "") + "tiermem line\n"

    assert update_text(path, change) == "# Threads\nmy edit\ntiermem line\n"
    assert path.read_text(encoding="utf-8") == "# Threads\nmy edit\ntiermem line\n"
    assert calls == ["# Threads\n", "# Threads\nmy edit\n"]


def test_an_update_gives_up_cleanly_on_a_file_that_never_settles(tmp_path: Path) -> None:
    path = tmp_path / "busy.md"
    path.write_text("0", encoding="utf-8")

    def change(current: str | None) -> str:
        path.write_text(str(int(current or "0") + 1), encoding="utf-8")
        return "mine"

    with pytest.raises(WorkspaceError, match="kept changing"):
        update_text(path, change)
    assert path.read_text(encoding="utf-8") != "mine"


def test_no_change_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "x.md"
    assert update_text(path, lambda current: None) is None
    assert not path.exists()


def _append_many(root: str, worker: int, count: int) -> None:
    path = Path(root) / "memory" / "log.md"
    for n in range(count):
        with workspace_lock(Path(root)):

            def append(current: str | None, n: int = n) -> str:
                return (current or "") + f"{worker}:{n}\n"

            update_text(path, append)


def test_the_lock_serialises_writers_across_processes(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_append_many, args=(str(tmp_path), w, 25)) for w in range(3)]
    for process in workers:
        process.start()
    for process in workers:
        process.join(60)
        assert process.exitcode == 0
    lines = (tmp_path / "memory" / "log.md").read_text(encoding="utf-8").splitlines()
    assert sorted(lines) == sorted(f"{w}:{n}" for w in range(3) for n in range(25))  # none lost


def _hold(root: str) -> None:
    """Hold the lock until told to let go (the test says so by creating a file)."""
    with workspace_lock(Path(root)):
        (Path(root) / "held").touch()
        deadline = time.monotonic() + 60
        while not (Path(root) / "release").exists() and time.monotonic() < deadline:
            time.sleep(0.02)


def test_a_held_lock_times_out_with_a_clear_error(tmp_path: Path) -> None:
    with workspace_lock(tmp_path), workspace_lock(tmp_path):  # re-entrant in one thread
        pass
    holder = multiprocessing.get_context("spawn").Process(target=_hold, args=(str(tmp_path),))
    holder.start()
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "held").exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        with pytest.raises(WorkspaceError, match="locked by another writer"), workspace_lock(tmp_path, timeout_s=0.2):
            pass
    finally:
        (tmp_path / "release").touch()
        holder.join(60)
    assert holder.exitcode == 0
    with workspace_lock(tmp_path, timeout_s=5):  # free again once the holder let go
        pass
