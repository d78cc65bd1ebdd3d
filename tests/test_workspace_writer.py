"""The writer: notes across processes, what a session end writes, threads, curation and the hot block."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from builders import SEED_003_END_SESSION
from tiermem.errors import ValidationError, WorkspaceError
from tiermem.workspace import curation
from tiermem.workspace import threads as th
from tiermem.workspace.scaffold import scaffold
from tiermem.workspace.writer import MemoryWriter

NOW = datetime(2026, 3, 22, 14, 0, tzinfo=UTC)
HOT = "<!-- tiermem:hot:start -->\n## Hot\n- identity: careful agent\n<!-- tiermem:hot:end -->"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    scaffold(tmp_path, NOW.date(), agent="Bot", user="Yuan")
    return tmp_path


def _state(root: Path) -> dict[str, Any]:
    return dict(json.loads((root / "memory" / "state.json").read_text(encoding="utf-8")))


def test_a_session_end_writes_every_file(root: Path) -> None:
    notes = MemoryWriter(root)
    notes.note_decision("Chose YAML over TOML", "multi-line | strings", now=NOW)
    MemoryWriter(root).note_open_question("Should config be editable at runtime?", now=NOW)  # another "process"
    notes.note_pattern("Yuan tries to break a schema before approving it", now=NOW)
    notes.note_emotional_tone("playful", now=NOW)
    notes.note_thread_touched("thread-wm-design", now=NOW)
    notes.note_thread_touched("thread-wm-design", now=NOW)
    assert MemoryWriter(root).pending()["thread_refs"] == ["thread-wm-design"]
    done = MemoryWriter(root).end_session(
        "Prototyped the retrieval workflow.",
        "We finished the loader; Yuan will test it next.",
        {
            "thread-wm-design": {
                "title": "Working memory design",
                "current_position": "Loader prototyped.",
                "new_open_questions": ["How to handle concurrent sessions?"],
            }
        },
        mood="focused",
        session_events="We wrote the loader and argued about budgets.",
        now=NOW + timedelta(minutes=45),
    )
    assert done["session"] == 1 and done["daily_log"] == "memory/2026-03-22.md"
    log = (root / "memory" / "2026-03-22.md").read_text(encoding="utf-8")
    assert log.startswith("# Daily Log — 2026-03-22\n")
    assert "> Session: 14:45 UTC, ~45 min\n> Thread(s) active: thread-wm-design" in log
    assert "| Chose YAML over TOML | multi-line \\| strings | thread-wm-design |" in log
    for part in (
        "## What Happened",
        "- Should config be editable at runtime?",
        "## Patterns Noticed",
        "## Emotional/Tonal Notes\n\n- playful\n- Mood: focused",
    ):
        assert part in log
    assert (root / "memory" / "daily" / "2026-03-22.md").read_text(encoding="utf-8") == log  # the mirror
    state = _state(root)
    assert state["last_session"] == {
        "timestamp": "2026-03-22T14:45:00Z",
        "daily_log": "memory/2026-03-22.md",
        "duration_minutes": 45,
    }
    assert state["session_counter"] == {"total": 1, "this_week": 1, "since_last_memory_review": 1}
    assert state["active_threads"] == [
        {
            "priority": "primary",
            "id": "thread-wm-design",
            "title": "Working memory design",
            "status": "active",
            "last_touched": "2026-03-22",
        }
    ]
    assert state["pending_questions"] == ["Should config be editable at runtime?"]
    assert "current_session" not in state and state["context_hints"]["current_mood_hypothesis"] == "focused"
    resumption = (root / "memory" / "resumption.md").read_text(encoding="utf-8")
    assert resumption.startswith("# Resumption Note\n\n> Written: 2026-03-22, end of session")
    assert "Yuan will test it next." in resumption
    index = (root / "memory" / "index.md").read_text(encoding="utf-8")
    assert "| 2026-03-22 | thread-wm-design | prototyped, retrieval, workflow | 1 | playful focused |" in index


def test_a_second_session_the_same_day_appends(root: Path) -> None:
    writer = MemoryWriter(root)
    writer.end_session("Morning work.", "More later.", now=NOW)
    writer.end_session("Afternoon work.", "Tomorrow.", now=NOW + timedelta(hours=3))
    log = (root / "memory" / "2026-03-22.md").read_text(encoding="utf-8")
    assert log.count("# Daily Log") == 1 and log.index("Morning work.") < log.index("Afternoon work.")
    assert _state(root)["session_counter"]["this_week"] == 2
    writer.end_session("Next week.", "Go.", now=NOW + timedelta(days=7))
    assert _state(root)["session_counter"] == {"total": 3, "this_week": 1, "since_last_memory_review": 3}


def test_threads_update_inside_their_own_block(root: Path) -> None:
    writer = MemoryWriter(root)
    updates: dict[str, dict[str, Any]] = {
        "thread-a": {"title": "A", "current_position": "A starts.", "new_open_questions": ["Qa?"]},
        "thread-b": {"title": "B", "current_position": "B starts."},
    }
    writer.end_session("Two threads.", "Go on.", updates, now=NOW)
    writer.end_session(
        "Advance A.",
        "Go on.",
        {
            "thread-a": {
                "current_position": "A advanced.",
                "closed_questions": ["Qa?"],
                "new_open_questions": ["Qa2?"],
                "decision": "Use B's schema",
            }
        },
        now=NOW + timedelta(days=1),
    )
    text = (root / "memory" / "threads.md").read_text(encoding="utf-8")
    found = {t.id: th.block(text, t) for t in th.parse_threads(text)}
    assert "A advanced." in found["thread-a"] and "- [x] Qa?\n- [ ] Qa2?" in found["thread-a"]
    assert "**Use B's schema** (2026-03-23)" in found["thread-a"] and "Sessions involved**: 2" in found["thread-a"]
    assert "B starts." in found["thread-b"] and "Last touched**: 2026-03-22" in found["thread-b"]
    assert "(No active threads yet" not in text and text.index("thread-b") < text.index("# Closed Threads")
    assert [t["id"] for t in _state(root)["active_threads"]] == ["thread-a", "thread-b"]
    with pytest.raises(ValidationError, match="unknown thread update"):
        writer.end_session("x", "y", {"thread-a": {"positon": "typo"}}, now=NOW)
    with pytest.raises(ValidationError, match="invalid thread id"):
        writer.note_thread_touched("Thread A")


def test_touching_a_thread_without_updating_it_raises_the_flag(root: Path) -> None:
    writer = MemoryWriter(root)
    writer.note_thread_touched("thread-x", now=NOW)
    writer.end_session("Touched x.", "Update x next time.", now=NOW)
    assert _state(root)["flags"]["threads_need_update"] is True


def test_events_are_appended_at_once(root: Path) -> None:
    writer = MemoryWriter(root)
    event = writer.note_event(
        "purchase",
        "I bought white Adidas sneakers on 3/15.",
        action="purchase",
        object_hint="white adidas sneakers",
        now=NOW,
    )
    writer.note_event("issue", "My laptop died yesterday", action="malfunction", object_hint="laptop", now=NOW)
    stored = json.loads((root / "memory" / "events.json").read_text(encoding="utf-8"))["events"]
    assert [e["normalized_date"] for e in stored] == ["2026-03-15", "2026-03-21"]
    assert event["session_id"] == stored[1]["session_id"] == MemoryWriter(root).pending()["id"]


def _memory(root: Path, active: str, fading: str = "(Nothing here yet)") -> None:
    text = (root / "MEMORY.md").read_text(encoding="utf-8")
    start, end = text.index("## Active"), text.index("## Maintenance Log")
    (root / "MEMORY.md").write_text(
        text[:start] + f"## Active\n{HOT}\n\n### About Yuan\nYuan's own prose stays.\n{active}\n\n---\n\n"
        f"## Fading\n\n{fading}\n\n---\n\n" + text[end:],
        encoding="utf-8",
    )


def test_the_curation_cycle_over_many_sessions(root: Path) -> None:
    _memory(
        root,
        "- [2 sessions] [high] Yuan prefers dark mode in every editor\n"
        "- [1 session] [medium] The staging server runs on Hetzner",
    )
    writer, now = MemoryWriter(root), NOW
    for _ in range(8):  # dark mode keeps coming up; Hetzner, first seen in session 1, never does
        now += timedelta(days=1)
        writer.end_session("We tuned the editor dark mode for Yuan.", "More editor work.", now=now)
    text = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "- [10 sessions] [high] Yuan prefers dark mode in every editor" in text
    assert "- [7 sessions ago] The staging server runs on Hetzner" in text.split("## Fading")[1]
    assert "(Nothing here yet)" not in text and "Faded (unreferenced 7 sessions)" in text
    assert _state(root)["flags"]["archive_candidates_exist"] is True
    writer.note_referenced("staging server runs on Hetzner", now=now)
    writer.end_session("Unrelated.", "x", now=now + timedelta(days=1))
    text = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "- [1 session] [medium] The staging server runs on Hetzner" in text.split("## Fading")[0]
    for _ in range(27):  # referenced in session 9: fades in 16, 20 sessions in Fading, archived in 36
        now += timedelta(days=1)
        writer.end_session("Editor dark mode for Yuan again.", "x", now=now + timedelta(days=1))
    text = (root / "MEMORY.md").read_text(encoding="utf-8")
    archive = (root / "memory" / "archive.md").read_text(encoding="utf-8")
    assert "Hetzner" not in text.split("## Maintenance Log")[0] and "The staging server runs on Hetzner" in archive
    assert "Archived (in Fading 20 sessions): The staging server runs on Hetzner" in text
    assert "(No archived entries yet.)" not in archive and "- **Archived**:" in archive
    assert "Yuan's own prose stays." in text and HOT in text  # the author's lines and the hot block, untouched


def test_a_review_resets_the_flag_and_logs_it(root: Path) -> None:
    writer = MemoryWriter(root)
    for day in range(5):
        writer.end_session("Work.", "More.", now=NOW + timedelta(days=day))
    assert _state(root)["flags"]["memory_review_due"] is True
    writer.complete_review("Merged duplicates", now=NOW + timedelta(days=5))
    state = _state(root)
    assert state["flags"]["memory_review_due"] is False and state["session_counter"]["since_last_memory_review"] == 0
    text = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "> Last reviewed: 2026-03-27" in text and "| 2026-03-27 | Merged duplicates |" in text


def test_referencing_is_by_words_or_by_name() -> None:
    referenced = curation.reference_matcher("We set up dark-mode themes for the editors", ["Hetzner"])
    assert referenced("User prefers dark mode in editors")
    assert not referenced("The staging server is in Frankfurt")
    assert referenced("Staging server runs on Hetzner")
    assert not referenced("mode")  # one word is not enough to count as a reference


def test_bad_notes_and_files_are_refused_cleanly(root: Path) -> None:
    writer = MemoryWriter(root)
    with pytest.raises(ValidationError, match="one line"):
        writer.note_pattern("two\nlines")
    with pytest.raises(ValidationError, match="empty"):
        writer.end_session("  ", "note")
    (root / "memory" / "state.json").write_bytes(b"\xff\xfe")
    with pytest.raises(WorkspaceError, match="not valid UTF-8"):
        writer.end_session("Summary.", "Note.")
    assert (root / "memory" / "state.json").read_bytes() == b"\xff\xfe"  # never rewritten blind


def test_seed_003_end_session_example_as_written(root: Path) -> None:
    """Seed 003's example: a new thread's update without a title, a decision naming the thread, a mood."""
    writer = MemoryWriter(root)
    writer.note_decision("Chose X over Y", "reasoning here", now=NOW)
    writer.note_thread_touched("thread-project-alpha", now=NOW)
    writer.note_emotional_tone("relieved once the design settled", now=NOW)
    done = writer.end_session(**SEED_003_END_SESSION, now=NOW)
    assert done["threads"] == ["thread-project-alpha"]
    text = (root / "memory" / "threads.md").read_text(encoding="utf-8")
    (thread,) = [t for t in th.parse_threads(text) if t.id == "thread-project-alpha"]
    body = th.block(text, thread)
    assert body.startswith("## Thread: Project alpha\n- **ID**: thread-project-alpha\n- **Status**: active")
    assert "### Current Position\nFinished the API design. Moving to testing.\n" in body
    ref = "memory/2026-03-22.md#decisions"
    assert f"### Key Decisions Made\n1. **Chose X over Y**: reasoning here. [ref: {ref}]\n" in body
    assert "- [ ] How to handle auth tokens?\n- [x] Which framework to use?" in body
    log = (root / "memory" / "2026-03-22.md").read_text(encoding="utf-8")
    assert "## Emotional/Tonal Notes\n\n- relieved once the design settled\n- Mood: focused, productive\n" in log


def test_key_decisions_are_numbered_on(root: Path) -> None:
    for day, decision in enumerate(("Use SQLite", "Keep WAL on")):
        writer = MemoryWriter(root)
        writer.note_decision(decision, "", now=NOW + timedelta(days=day))
        writer.end_session("s", "r", {"thread-db": {"title": "Database"}}, now=NOW + timedelta(days=day))
    text = (root / "memory" / "threads.md").read_text(encoding="utf-8")
    assert "1. **Use SQLite** [ref: memory/2026-03-22.md#decisions]\n2. **Keep WAL on** [ref:" in text
