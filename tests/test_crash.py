"""Crash safety (issue 9): SIGKILL a real process at random points of bulk ingest, consolidation and
workspace writes, 20 times each; afterwards the store passes its integrity checks, every acknowledged write
is there, and every workspace file parses and agrees with the others. The runners live in reliability.py,
which bench/reliability.py runs too."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from reliability import SCENARIOS, run_crash_scenario, run_crash_scenarios
from tiermem import Memory
from tiermem.providers.embedders import WordLlamaEmbedder
from tiermem.workspace.files import JOURNAL_NAME, FileBatch, recover, workspace_lock
from tiermem.workspace.layout import Workspace
from tiermem.workspace.state import parse_state

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not hasattr(os, "fork"), reason="the runners fork (POSIX)")]


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_twenty_kills_lose_nothing(tmp_path: Path, embedder: WordLlamaEmbedder, scenario: str) -> None:
    report = run_crash_scenario(scenario, tmp_path, embedder, kills=20, seed=20)

    assert report.problems == []
    assert (report.kills, report.survived, report.lost) == (20, 20, 0)
    assert report.acknowledged >= 20  # the children got real work done between the kills
    store = tmp_path / scenario.replace(" ", "-") / "store"
    with Memory.open(store, embedder=embedder) as mem:  # and the store still works
        assert mem.store("written after twenty crashes").created
        assert mem.search("after twenty crashes", limit=1)[0].memory.text == "written after twenty crashes"


def test_the_shared_runner_reports_all_three_scenarios(tmp_path: Path, embedder: WordLlamaEmbedder) -> None:
    reports = run_crash_scenarios(tmp_path, embedder, kills=2, seed=1)
    assert [r.scenario for r in reports] == ["bulk ingest", "consolidation", "workspace writes"]
    assert all(r.kills == r.survived == 2 and r.lost == 0 for r in reports), [r.problems for r in reports]


# --- the write-ahead journal ------------------------------------------------------------------------------


def test_a_journal_left_by_a_killed_writer_is_rolled_forward(tmp_path: Path) -> None:
    space = Workspace(tmp_path)
    space.memory_dir.mkdir(parents=True)
    space.state.write_text('{"session_counter": {"total": 4}}')
    new_state = json.dumps({"session_counter": {"total": 5}})
    journal = {"version": 1, "files": {"memory/state.json": new_state, "memory/2026-01-02.md": "# log\n"}}
    (space.memory_dir / JOURNAL_NAME).write_text(json.dumps(journal))

    with workspace_lock(tmp_path):  # the next writer recovers before anything else
        pass

    assert parse_state(space.state.read_text())[0]["session_counter"]["total"] == 5
    assert (space.memory_dir / "2026-01-02.md").read_text() == "# log\n"
    assert not (space.memory_dir / JOURNAL_NAME).exists()


@pytest.mark.parametrize(
    "journal",
    ["{not json", '{"files": {"../outside.md": "x"}}', '{"files": {"/etc/evil": "x"}}', '{"files": {"a.md": 3}}'],
    ids=["garbled", "traversal", "absolute", "not-text"],
)
def test_a_damaged_or_planted_journal_is_set_aside_not_applied(tmp_path: Path, journal: str) -> None:
    memory_dir = tmp_path / "ws" / "memory"
    memory_dir.mkdir(parents=True)
    (memory_dir / JOURNAL_NAME).write_text(journal)
    assert recover(tmp_path / "ws") is False
    assert not (tmp_path / "outside.md").exists() and not (memory_dir / "a.md").exists()
    assert [p.read_text() for p in memory_dir.glob(JOURNAL_NAME + ".damaged-*")] == [journal]
    assert not (memory_dir / JOURNAL_NAME).exists()


def test_a_batch_writes_nothing_when_a_file_changed_under_it(tmp_path: Path) -> None:
    first, second = tmp_path / "a.md", tmp_path / "b.md"
    first.write_text("one\n")
    batch = FileBatch(tmp_path)
    batch.update(first, lambda text: (text or "") + "two\n")
    batch.write(second, "new\n")
    first.write_text("edited by a person\n")
    with pytest.raises(Exception, match="changed while tiermem was updating"):
        batch.commit()
    assert first.read_text() == "edited by a person\n" and not second.exists()


def test_temporary_files_of_killed_writers_are_swept(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory" / "bob").mkdir(parents=True)
    stale = [root / ".MEMORY.md.ab12cd_9.tmp", root / "memory" / ".state.json.x1y2z3w4.tmp",
             root / "memory" / "bob" / "..tiermem-journal.json.q_ucpiw0.tmp"]  # fmt: skip
    fresh, other = root / "memory" / ".events.json.k1k2k3k4.tmp", root / "memory" / "notes.tmp"
    for path in [*stale, fresh, other]:
        path.write_text("left behind")
    for path in [*stale, other]:
        os.utime(path, (time.time() - 3600, time.time() - 3600))

    with workspace_lock(root):
        pass

    assert [p.exists() for p in stale] == [False, False, False]
    assert fresh.exists() and other.exists()  # a live writer's file, and a file that is not ours
