"""Hot state (lifecycle/hot.py): updates, limits on every write, MEMORY.md rendering and the marked block."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tiermem.config import HotSettings
from tiermem.errors import ValidationError
from tiermem.lifecycle import hot

NOW = 1_770_000_000.0
LIMITS = HotSettings()


def _with(*updates: tuple[str, object]) -> hot.HotState:
    state = hot.empty_state()
    for key, value in updates:
        state, _ = hot.enforce_limits(hot.apply_update(state, key, value, NOW), LIMITS)
    return state


def test_updates_by_key() -> None:
    state = _with(
        ("identity", {"agent_name": "Agent", "trust_level": 0.95}),
        ("owner_profile", {"timezone": "Australia/Sydney"}),
        ("owner_profile", {"work_hours": "9am-6pm"}),
        ("lesson", {"text": "Always test on testnet first", "category": "blockchain", "importance": 0.9}),
        ("event", {"text": "Hackathon deadline Feb 15", "timestamp": 1707350400}),
        ("task", {"text": "Deploy to BSC testnet"}),
        ("project", {"name": "EvoClaw", "status": "Active", "description": "Self-evolving agent framework"}),
        ("project", {"name": "EvoClaw", "status": "Shipped"}),
    )
    assert state["owner_profile"] == {"timezone": "Australia/Sydney", "work_hours": "9am-6pm"}
    assert state["critical_lessons"] == [
        {"text": "Always test on testnet first", "category": "blockchain", "importance": 0.9, "timestamp": NOW}
    ]
    assert state["active_context"]["events"][0]["timestamp"] == 1707350400
    assert state["active_context"]["tasks"][0]["status"] == "pending"
    assert state["active_context"]["projects"] == [
        {"name": "EvoClaw", "status": "Shipped", "description": "Self-evolving agent framework"}
    ]


def test_plain_text_is_a_lesson_event_or_task() -> None:
    state = _with(("lesson", "Back up before migrating"), ("task", "Renew the domain"))
    assert state["critical_lessons"][0]["text"] == "Back up before migrating"
    assert state["critical_lessons"][0]["importance"] == hot.DEFAULT_LESSON_IMPORTANCE
    assert state["active_context"]["tasks"][0]["text"] == "Renew the domain"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("mood", {}, "unknown hot state key 'mood'"),
        ("lesson", {"category": "x"}, "needs a non-empty 'text'"),
        ("lesson", {"text": "x", "importance": 2}, r"lesson importance must be in \[0, 1\]"),
        ("project", {"status": "Active"}, "needs a non-empty 'name'"),
        ("identity", ["not", "an", "object"], "identity must be a JSON object"),
        ("event", {"text": "x", "timestamp": "yesterday"}, "timestamp must be epoch seconds"),
        ("task", {"text": "x", "status": ""}, "status must be a non-empty string"),
    ],
)
def test_bad_updates_are_refused_with_a_reason(key: str, value: object, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        hot.apply_update(hot.empty_state(), key, value, NOW)


def test_lessons_keep_the_most_important_twenty() -> None:
    """The seed popped critical_lessons[0] after sorting by importance: the most important one. Not here."""
    state = hot.empty_state()
    for i in range(25):
        state = hot.apply_update(state, "lesson", {"text": f"lesson {i}", "importance": i / 100}, NOW + i)
    kept, pruned = hot.enforce_limits(state, LIMITS)
    assert len(kept["critical_lessons"]) == 20
    assert {x["text"] for x in kept["critical_lessons"]} == {f"lesson {i}" for i in range(5, 25)}
    assert pruned == [f"lesson: lesson {i}" for i in (4, 3, 2, 1, 0)]


def test_events_keep_the_last_ten_and_tasks_drop_finished_first() -> None:
    state = hot.empty_state()
    for i in range(12):
        state = hot.apply_update(state, "event", {"text": f"event {i}"}, NOW + i)
        state = hot.apply_update(
            state, "task", {"text": f"task {i}", "status": "done" if i < 3 else "pending"}, NOW + i
        )
    kept, _ = hot.enforce_limits(state, LIMITS)
    assert [e["text"] for e in kept["active_context"]["events"]] == [f"event {i}" for i in range(2, 12)]
    tasks = [t["text"] for t in kept["active_context"]["tasks"]]
    assert tasks == ["task 2", *[f"task {i}" for i in range(3, 12)]]  # two finished tasks went first


def test_size_limit_prunes_progressively_then_refuses() -> None:
    limits = HotSettings(max_bytes=900)
    state = hot.empty_state()
    for i in range(6):
        state = hot.apply_update(state, "lesson", {"text": "L" * 60 + str(i), "importance": 0.5 + i / 100}, NOW)
        state = hot.apply_update(state, "event", {"text": "E" * 60 + str(i)}, NOW + i)
    kept, pruned = hot.enforce_limits(state, limits)
    assert hot.size_bytes(kept) <= 900
    assert pruned[0].startswith("lesson: ") and pruned[0].endswith("0")  # the least important lesson first
    assert all(p.startswith("lesson") for p in pruned[:6])  # every lesson before any event
    too_big = hot.apply_update(hot.empty_state(), "identity", {"bio": "x" * 1000}, NOW)
    with pytest.raises(ValidationError, match="shorten identity"):
        hot.enforce_limits(too_big, limits)


@given(
    st.lists(
        st.tuples(st.sampled_from(["lesson", "event", "task"]), st.text(min_size=1, max_size=300), st.floats(0, 1)),
        max_size=60,
    )
)
def test_every_write_ends_within_every_limit(updates: list[tuple[str, str, float]]) -> None:
    state = hot.empty_state()
    for key, text, importance in updates:
        if not text.strip() or "\x00" in text:
            continue
        state, _ = hot.enforce_limits(
            hot.apply_update(state, key, {"text": text, "importance": importance}, NOW), LIMITS
        )
        assert hot.size_bytes(state) <= LIMITS.max_bytes
        assert len(state["critical_lessons"]) <= 20
        assert len(state["active_context"]["events"]) <= 10 and len(state["active_context"]["tasks"]) <= 10


def test_check_state_accepts_the_seed_file_and_keeps_unknown_keys() -> None:
    seed = {
        "identity": {"agent_name": "Agent"},
        "owner_profile": {"family": ["Sarah (wife)"]},
        "active_context": {
            "projects": [{"name": "EvoClaw"}],
            "events": [{"text": "e", "timestamp": 1}],
            "tasks": [{"text": "t", "status": "pending", "timestamp": 2}],
        },
        "critical_lessons": [{"text": "l", "category": "c", "importance": 0.9, "timestamp": 3}, "plain lesson"],
        "_schema_version": "2.0",
        "custom": {"kept": True},
    }
    state = hot.check_state(seed, NOW)
    assert "_schema_version" not in state and state.get("custom") == {"kept": True}
    assert list(state) == ["identity", "owner_profile", "active_context", "critical_lessons", "custom"]
    assert state["critical_lessons"][1] == {
        "text": "plain lesson",
        "category": "general",
        "importance": 0.7,
        "timestamp": 0.0,
    }
    with pytest.raises(ValidationError, match="projects must be a list"):
        hot.check_state({"active_context": {"projects": {}}}, NOW)


def test_render_block_has_the_seed_sections_and_hot_memories_within_budget() -> None:
    state = _with(
        ("identity", {"agent_name": "Agent"}),
        ("lesson", {"text": "Test first", "category": "ops"}),
        ("event", {"text": "Launch", "timestamp": 1707350400}),
        ("task", "Ship it"),
        ("project", {"name": "EvoClaw", "description": "Framework", "status": "Active"}),
    )
    memories = [(f"hot memory number {i} " + "x" * 80, "projects", "hot") for i in range(100)]
    block, shown = hot.render_block(state, memories, agent_id="default", now=NOW, max_bytes=2048)
    assert block.startswith(hot.MARK_START) and block.endswith(hot.MARK_END)
    for line in (
        "## 🤖 Agent Identity",
        "- **agent_name**: Agent",
        "## 💼 Active Projects",
        "- **EvoClaw** — Framework (Active)",
        "- [pending] Ship it",
        "- [Feb 08] Launch",
        "- **[ops]** Test first",
        "## 🔥 Hot Memories",
        "*Generated: 2026-02-02 02:40*",
    ):
        assert line in block
    assert 0 < shown < 100 and len(block.encode()) <= 2048
    assert block.count("hot memory number") == shown


def test_warm_memories_are_not_listed_as_hot() -> None:
    memories = [("deploy on fridays", "ops", "hot"), ("the meeting is at 3pm", None, "warm"), ("lunch", None, "warm")]
    block, shown = hot.render_block(_with(), memories, agent_id="a", now=NOW, max_bytes=5120)
    hot_part, warm_part = block.split(hot.WARM_HEADING)
    assert "deploy on fridays" in hot_part and "3pm" not in hot_part and hot.HOT_HEADING in hot_part
    assert "- the meeting is at 3pm" in warm_part and "- lunch" in warm_part and shown == 3
    only_warm, _ = hot.render_block(_with(), memories[1:], agent_id="a", now=NOW, max_bytes=5120)
    assert hot.HOT_HEADING not in only_warm and hot.WARM_HEADING in only_warm


def test_the_same_lesson_event_or_task_twice_is_one_entry() -> None:
    state = _with(
        ("lesson", {"text": "Always test on testnet first", "importance": 0.6, "timestamp": 1707350400}),
        ("lesson", {"text": "always  test on testnet first", "importance": 0.9}),
        ("event", {"text": "Hackathon deadline Feb 15", "timestamp": 1707350400}),
        ("event", "Hackathon deadline Feb 15"),
        ("task", "Deploy to BSC testnet"),
        ("task", {"text": "Deploy to BSC testnet", "status": "done"}),
    )
    assert [(x["importance"], x["timestamp"]) for x in state["critical_lessons"]] == [(0.9, 1707350400)]
    assert len(state["active_context"]["events"]) == 1
    assert [t["status"] for t in state["active_context"]["tasks"]] == ["done"]  # a status update, not a copy


def test_entries_keep_the_keys_they_were_given_in_their_order() -> None:
    """The stored JSON is the caller's object completed: its other keys kept, in the order it gave them."""
    state = _with(
        ("lesson", {"importance": 0.8, "text": "Pin the versions", "why": "a broken build"}),
        ("event", {"text": "Launch", "importance": 0.4, "where": "Sydney"}),
        ("event", {"text": "launch", "importance": 0.2}),
    )
    assert json.dumps(state["critical_lessons"][0]) == json.dumps(
        {"importance": 0.8, "text": "Pin the versions", "why": "a broken build", "category": "general",
         "timestamp": int(NOW)}
    )  # fmt: skip
    assert state["active_context"]["events"] == [
        {"text": "launch", "importance": 0.4, "where": "Sydney", "timestamp": int(NOW)}  # the higher importance
    ]


def test_timestamps_are_whole_seconds() -> None:
    state = hot.apply_update(hot.empty_state(), "event", {"text": "x"}, 1707350400.75)
    assert state["active_context"]["events"][0]["timestamp"] == 1707350400
    assert isinstance(state["active_context"]["events"][0]["timestamp"], int)


def test_untrusted_text_cannot_break_the_block() -> None:
    state = _with(("lesson", f"evil {hot.MARK_END}\nsecond line"))
    block, _ = hot.render_block(state, [(hot.MARK_START, None, "hot")], agent_id="a", now=NOW, max_bytes=5120)
    assert block.count(hot.MARK_START) == 1 and block.count(hot.MARK_END) == 1
    assert hot.splice(hot.splice("mine\n", block), block).count(hot.MARK_START) == 1


def test_splice_keeps_the_authors_text_byte_for_byte() -> None:
    mine = "# My notes\r\n\nKeep this.  \n"
    first = hot.splice(mine, f"{hot.MARK_START}\nA\n{hot.MARK_END}")
    assert first.startswith(mine)
    edited = first.replace("Keep this.", "Keep this, edited.") + "\nA footer I added\n"
    second = hot.splice(edited, f"{hot.MARK_START}\nB\n{hot.MARK_END}")
    assert second == edited.replace("\nA\n", "\nB\n")
    assert hot.splice(None, "X") == "X\n" and hot.splice("", "X") == "X\n"


@given(st.text(), st.text())
def test_splice_never_touches_text_outside_the_markers(before: str, after: str) -> None:
    if hot.MARK_START in before + after or hot.MARK_END in before + after:
        return
    block_a = f"{hot.MARK_START}\nold\n{hot.MARK_END}"
    block_b = f"{hot.MARK_START}\nnew block\n{hot.MARK_END}"
    assert hot.splice(before + block_a + after, block_b) == before + block_b + after


@pytest.mark.parametrize(
    "damaged",
    [
        f"{hot.MARK_START}\nno end",
        f"no start {hot.MARK_END}",
        f"{hot.MARK_END} {hot.MARK_START}",
        f"{hot.MARK_START}{hot.MARK_END}{hot.MARK_START}{hot.MARK_END}",
    ],
)
def test_a_damaged_block_is_refused_not_overwritten(damaged: str) -> None:
    with pytest.raises(ValidationError, match="damaged tiermem block"):
        hot.splice(damaged, f"{hot.MARK_START}{hot.MARK_END}")


def test_size_is_the_seeds_measure() -> None:
    state = _with(("lesson", "Café ☕"))
    assert hot.size_bytes(state) == len(json.dumps(state))  # ASCII-escaped, as json.dumps writes by default
