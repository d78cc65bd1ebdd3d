"""The four-phase loader: strategies by time gap, the three phase-3 branches, every cap, damaged files.

The scenario runs 30 sessions through the real writer and loader with gaps of 1 h, 5 h, 3 days and 10 days,
checking each start's strategy, branch and sources against what the seed's rules say they must be.
"""

from __future__ import annotations

import json
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiermem.workspace import threads as th
from tiermem.workspace.budget import SEPARATOR, TRUNCATED, BudgetConfig, count_tokens, fit
from tiermem.workspace.loader import STALE_NOTE, MemoryLoader, TimeGapStrategy, is_date_sensitive
from tiermem.workspace.scaffold import scaffold
from tiermem.workspace.writer import MemoryWriter

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
GAPS = [
    (timedelta(hours=1), "light"),
    (timedelta(hours=5), "standard"),
    (timedelta(days=3), "full_reload"),
    (timedelta(days=10), "deep_reload"),
]
THREAD = "thread-api-design"
MESSAGES = [
    ("Let's look at the API design again: the pagination part", "continue_thread"),
    ("What would be a good name for my cat?", "new_or_ambiguous"),
    ("OK, where were we?", "continue_thread"),
]


def _first_session(root: Path) -> None:
    writer = MemoryWriter(root)
    writer.note_thread_touched(THREAD, now=START)
    writer.end_session(
        "Started designing the public API.",
        "I am in the middle of the API design; pagination is next.",
        {THREAD: {"title": "API design", "current_position": "Endpoints drafted; pagination open."}},
        now=START,
    )
    memory = root / "MEMORY.md"
    memory.write_text(
        memory.read_text(encoding="utf-8").replace(
            "### About This Project\n", "### About This Project\n- [2 sessions] [high] The API serves mobile clients\n"
        ),
        encoding="utf-8",
    )


def test_thirty_sessions_follow_the_seed_rules(tmp_path: Path) -> None:
    scaffold(tmp_path, START.date(), user="Ada")
    fresh = MemoryLoader(tmp_path).load_session_context("hello", now=START)
    assert fresh.metadata["decisions"]["fresh_start"] is False  # scaffolded state.json: no session yet
    assert fresh.metadata["decisions"]["strategy"] == "full_reload"
    _first_session(tmp_path)
    writer, now, since_review = MemoryWriter(tmp_path), START, 1
    written = f"{START:%Y-%m-%d}, end of session"
    seen: set[tuple[str, str]] = set()
    for number in range(30):
        gap, strategy = GAPS[number % len(GAPS)]
        message, branch = MESSAGES[number % len(MESSAGES)]
        now += gap
        ctx = MemoryLoader(tmp_path).load_session_context(message, now=now)
        decisions = ctx.metadata["decisions"]
        sources = [(c["source"], c["section"]) for c in ctx.metadata["sources_loaded"]]
        assert decisions["strategy"] == strategy and decisions["time_gap_hours"] == round(gap.total_seconds() / 3600, 1)
        assert sources[:2] == [("memory/state.json", "orientation"), ("memory/resumption.md", "written " + written)]
        written = f"{(now + timedelta(minutes=30)):%Y-%m-%d}, end of session"
        assert ctx.contents[1].text.startswith(STALE_NOTE.strip()) == (strategy == "deep_reload")
        expected = "maintenance" if since_review >= 5 else branch
        if strategy == "light":
            assert "phase_3_branch" not in decisions and len(sources) == 2
        else:
            assert decisions["phase_3_branch"] == expected
            _check_branch(expected, sources, strategy)
            seen.add((strategy, expected))
            if expected == "maintenance":
                writer.complete_review(now=now)
                since_review = 0
        writer.note_thread_touched(THREAD, now=now)
        writer.end_session(
            f"Session {number}: the API for mobile clients.",
            f"Next time: step {number + 1}.",
            {THREAD: {"current_position": f"Step {number} done."}},
            now=now + timedelta(minutes=30),
        )
        now += timedelta(minutes=30)
        since_review += 1
    assert {b for _, b in seen} == {"continue_thread", "new_or_ambiguous", "maintenance"}
    assert {s for s, _ in seen} == {"standard", "full_reload", "deep_reload"}
    state = json.loads((tmp_path / "memory" / "state.json").read_text(encoding="utf-8"))
    assert state["session_counter"]["total"] == 31


def _check_branch(branch: str, sources: list[tuple[str, str]], strategy: str) -> None:
    phase_3 = sources[2:]
    logs = [s for s in phase_3 if s[0].startswith("memory/20")]
    if branch == "continue_thread":
        assert phase_3[0] == ("memory/threads.md", f"thread:{THREAD}")
        assert ("MEMORY.md", "About This Project") in phase_3
        assert ("MEMORY.md", "Active+Fading") not in phase_3
    elif branch == "new_or_ambiguous":
        assert phase_3[:2] == [("MEMORY.md", "Active+Fading"), ("memory/threads.md", "headers_only")]
    else:
        assert phase_3[0] == ("MEMORY.md", "full") and 1 <= len(logs) <= 5
    if branch != "maintenance":
        assert len(logs) == (0 if strategy == "standard" else min(3, len(logs) or 3))
    assert all(section == "summary+decisions" for _, section in logs)


def test_strategy_thresholds() -> None:
    choose = TimeGapStrategy().choose
    assert [choose(h) for h in (0, 1.99, 2, 23.9, 24, 167.9, 168, 1e6)] == [
        "light",
        "light",
        "standard",
        "standard",
        "full_reload",
        "full_reload",
        "deep_reload",
        "deep_reload",
    ]
    assert choose(None) == "full_reload"


def test_missing_and_damaged_files_are_a_fresh_start(tmp_path: Path) -> None:
    ctx = MemoryLoader(tmp_path).load_session_context("anything", now=START)  # nothing there at all
    decisions = ctx.metadata["decisions"]
    assert decisions["fresh_start"] and decisions["strategy"] == "full_reload" and "state_problem" not in decisions
    assert decisions["phase_3_branch"] == "new_or_ambiguous"
    memory = tmp_path / "memory"
    memory.mkdir()
    problems = {"{not json": "is not valid JSON", "[1, 2]": "is not a JSON object", '{"flags": [], "x": 1}': None}
    for damaged, problem in problems.items():
        (memory / "state.json").write_text(damaged, encoding="utf-8")
        (memory / "events.json").write_text(damaged, encoding="utf-8")
        (memory / "threads.md").write_bytes(b"## Thread: \xff broken\n- **ID**: thread-x\n")
        ctx = MemoryLoader(tmp_path).load_session_context("when did I buy it?", now=START)
        decisions = ctx.metadata["decisions"]
        assert decisions["strategy"] == "full_reload" and decisions["fresh_start"] is (problem is not None)
        assert (problem or "") in decisions.get("state_problem", "") and ctx.contents[0].source == "memory/state.json"


def test_date_sensitive_messages_load_events_in_phase_3(tmp_path: Path) -> None:
    scaffold(tmp_path, START.date())
    writer = MemoryWriter(tmp_path)
    writer.note_event(
        "purchase",
        "I bought white Adidas sneakers on 3/15.",
        action="purchase",
        object_hint="white adidas sneakers",
        now=START,
    )
    writer.end_session("Talked shoes.", "Shoes again next time?", now=START)
    ctx = MemoryLoader(tmp_path).load_session_context(
        "When did I buy the white sneakers?", now=START + timedelta(hours=5)
    )
    assert ctx.metadata["decisions"]["date_sensitive"] is True
    events = next(c for c in ctx.contents if c.source == "memory/events.json")
    assert "date=2026-03-15" in events.text and events.phase == 3
    plain = MemoryLoader(tmp_path).load_session_context("Tell me a joke about shoes", now=START + timedelta(hours=5))
    assert all(c.source != "memory/events.json" for c in plain.contents)
    assert is_date_sensitive("which happened first, the move or the job?") and not is_date_sensitive("hello there")


def test_phase_4_helpers(tmp_path: Path) -> None:
    scaffold(tmp_path, START.date())
    writer = MemoryWriter(tmp_path)
    writer.note_decision("Use cursor pagination", "stable under inserts", now=START)
    writer.end_session("Designed pagination for the API.", "Pagination is settled.", now=START)
    writer.end_session("Fixed the flaky deploy script.", "Deploys are green.", now=START + timedelta(days=1))
    loader = MemoryLoader(tmp_path)
    found = loader.phase_4_targeted_lookup("2026-03-02", "Decisions")
    assert found is not None and "Use cursor pagination" in found.text and found.phase == 4
    assert loader.phase_4_targeted_lookup("memory/1999-01-01.md") is None
    assert loader.phase_4_index_search("pagination") == ["memory/2026-03-02.md"]
    assert loader.phase_4_index_search("deploy") == ["memory/2026-03-03.md"]
    tight = MemoryLoader(tmp_path, BudgetConfig(phase_4_per_retrieval=30, phase_4_cap=50))
    whole = tight.phase_4_targeted_lookup("memory/2026-03-03.md")
    assert whole is not None and whole.truncated and whole.tokens <= 30  # the per-retrieval cap
    second = tight.phase_4_targeted_lookup("memory/2026-03-02.md")
    assert second is None or second.tokens <= 50 - whole.tokens  # the cumulative cap
    assert tight.phase_4_targeted_lookup("memory/2026-03-02.md") is None
    assert tight.phase_4_spent <= 50 and {h["cap"] for h in tight.phase_4_hits} == {"phase_4"}
    (tmp_path / "memory" / "archive.md").write_text(
        "# Archived Memories\n\n## Old billing rules {#billing}\nBilling ran monthly via Stripe.\n\n"
        "## Office plants {#plants}\nWater the ficus on Fridays.\n",
        encoding="utf-8",
    )
    recovered = MemoryLoader(tmp_path).phase_4_archive_recovery("stripe billing")
    assert recovered is not None and "Billing ran monthly" in recovered.text and "ficus" not in recovered.text
    assert MemoryLoader(tmp_path).phase_4_archive_recovery("quantum") is None
    (tmp_path / "memory" / "index.md").unlink()
    assert MemoryLoader(tmp_path).phase_4_index_search("anything") == ["memory/2026-03-03.md", "memory/2026-03-02.md"]


def test_fit_cuts_at_lines_and_marks_the_cut() -> None:
    text = "\n".join(f"line {n} with some words in it" for n in range(50))
    cut, was_cut = fit(text, 40)
    assert was_cut and count_tokens(cut) <= 40 and cut.endswith("(truncated to fit the memory budget)")
    assert fit("short", 40) == ("short", False) and fit(text, 3) == ("", True)


_LINES = st.lists(
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=120), max_size=40
).map("\n".join)


@settings(max_examples=40)
@given(
    memory=_LINES,
    resumption=_LINES,
    position=_LINES,
    total=st.integers(100, 3000),
    reserve=st.integers(50, 800),
    phase_3=st.integers(50, 2500),
    hours=st.sampled_from([1, 5, 72, 500]),
)
def test_no_context_exceeds_its_budget_or_any_cap(
    memory: str, resumption: str, position: str, total: int, reserve: int, phase_3: int, hours: int
) -> None:
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        (root / "memory").mkdir()
        (root / "MEMORY.md").write_text(f"## Active\n\n### About This Project\n{memory}\n## Fading\n", encoding="utf-8")
        (root / "memory" / "resumption.md").write_text(resumption, encoding="utf-8")
        (root / "memory" / "threads.md").write_text(
            th.new_block(THREAD, "API design", "2026-03-02", position), encoding="utf-8"
        )
        (root / "memory" / "2026-03-02.md").write_text(
            f"## Session Summary\n{memory}\n## Decisions\n{position}", encoding="utf-8"
        )
        (root / "memory" / "state.json").write_text(
            json.dumps(
                {
                    "last_session": {"timestamp": "2026-03-02T09:00:00Z"},
                    "active_threads": [{"id": THREAD}],
                    "pending_questions": [position[:50]],
                    "context_hints": {"last_topic_position": memory[:300]},
                }
            ),
            encoding="utf-8",
        )
        cfg = BudgetConfig(total_memory_cap=total, phase_1_2_reserve=reserve, phase_3_cap=phase_3)
        ctx = MemoryLoader(root, cfg).load_session_context("the api design", now=START + timedelta(hours=hours))
        assert ctx.total_tokens <= total
        parts = ctx.metadata["sources_loaded"]
        assert sum(p["tokens"] for p in parts if p["phase"] in (1, 2)) <= reserve
        assert sum(p["tokens"] for p in parts if p["phase"] == 3) <= phase_3
        assert count_tokens(ctx.text) == ctx.metadata["total_tokens"]
        assert ctx.text.count(SEPARATOR) >= len(ctx.contents) - 1


def test_budget_hits_say_which_cap_and_what_was_kept(tmp_path: Path) -> None:
    scaffold(tmp_path, START.date())
    big = "\n".join(f"- [3 sessions] [high] Fact number {n} about the deployment pipeline" for n in range(300))
    (tmp_path / "MEMORY.md").write_text(f"## Active\n\n### About This Project\n{big}\n\n## Fading\n", encoding="utf-8")
    ctx = MemoryLoader(tmp_path, BudgetConfig(phase_3_cap=400)).load_session_context("hello", now=START)
    hit = ctx.metadata["budget_hits"][0]
    assert (hit["cap"], hit["source"]) == ("phase_3", "MEMORY.md") and hit["kept_tokens"] < hit["wanted_tokens"]
    assert ctx.metadata["budget_exceeded_at"] == "MEMORY.md"
    memory = next(c for c in ctx.contents if c.source == "MEMORY.md")
    assert memory.truncated and "Fact number 0 " in memory.text and "Fact number 299" not in memory.text


@pytest.mark.parametrize("hot", [True, False])
def test_the_hot_block_is_loaded_only_when_asked(tmp_path: Path, hot: bool) -> None:
    scaffold(tmp_path, START.date())
    memory = tmp_path / "MEMORY.md"
    memory.write_text(
        memory.read_text(encoding="utf-8").replace(
            "## Active\n",
            "## Active\n<!-- tiermem:hot:start -->\nIdentity: a careful agent\n<!-- tiermem:hot:end -->\n",
        ),
        encoding="utf-8",
    )
    ctx = MemoryLoader(tmp_path, hot_block=hot).load_session_context("something new", now=START)
    assert ("Identity: a careful agent" in ctx.text) is hot


@given(text=_LINES, limit=st.integers(0, 400))
def test_fit_never_exceeds_its_limit_and_keeps_what_fits(text: str, limit: int) -> None:
    cut, was_cut = fit(text, limit)
    assert count_tokens(cut) <= limit
    assert was_cut == (count_tokens(text) > limit)
    assert cut == text if not was_cut else (cut == "" or text.startswith(cut.removesuffix(TRUNCATED).rstrip()))
