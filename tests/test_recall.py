"""The recall engine: scoring properties, query understanding, and pipeline behaviour on a real store."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tiermem import Hit, Memory
from tiermem.recall import scoring
from tiermem.recall.query import (
    CLAUSE_START,
    MAX_ALTERNATIVE_WORDS,
    MAX_ALTERNATIVES,
    STOP_WORDS,
    analyse,
    choice_alternatives,
)
from tiermem.temporal import find_window, resolve_event_date

NOW = datetime(2026, 5, 20, 15, 0, tzinfo=UTC)  # a Wednesday

unit = st.floats(min_value=0, max_value=1, allow_nan=False)


@given(
    age=st.floats(min_value=0, max_value=1e5, allow_nan=False),
    floor=unit,
    tau=st.floats(min_value=0.1, max_value=1e4, allow_nan=False),
)
def test_recency_is_bounded_and_decreasing(age: float, floor: float, tau: float) -> None:
    value = scoring.recency(age, floor, tau)
    assert floor - 1e-9 <= value <= 1.0 + 1e-9
    assert scoring.recency(age + 1, floor, tau) <= value + 1e-12


@given(st.dictionaries(st.text(min_size=1, max_size=5), st.floats(min_value=0, max_value=1e6, allow_nan=False)))
def test_normalise_maps_into_unit_interval(scores: dict[str, float]) -> None:
    out = scoring.normalise(scores)
    assert set(out) == set(scores)
    assert all(0.0 <= v <= 1.0 for v in out.values())
    if scores and max(scores.values()) > 0:
        assert max(out.values()) == pytest.approx(1.0)


@given(
    st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=1, max_size=4, unique=True),
    st.sets(st.sampled_from(["a", "b", "c", "d", "e"])),
)
def test_coverage_in_unit_interval_and_full_when_all_present(stems: list[str], doc: set[str]) -> None:
    value = scoring.coverage(stems, doc, {})
    assert 0.0 <= value <= 1.0
    assert (value == 1.0) == set(stems).issubset(doc)


@given(importance=unit, access=st.integers(min_value=0, max_value=10**6))
def test_factors_stay_in_their_ranges(importance: float, access: int) -> None:
    assert 0.75 <= scoring.importance_factor(importance) <= 1.25
    assert 1.0 <= scoring.reinforcement_factor(access) <= 1.25


@given(
    st.lists(
        st.tuples(st.integers(min_value=0, max_value=40), st.sampled_from("abc"), st.floats(min_value=0, max_value=1)),
        max_size=25,
        unique_by=lambda t: t[0],
    ),
    st.integers(min_value=0, max_value=5),
)
def test_conversation_context_is_the_best_other_turn_near_and_in_the_session(
    turns: list[tuple[int, str, float]], window: int
) -> None:
    placements = {f"m{p}": (p, session) for p, session, _ in turns}
    scores = {f"m{p}": score for p, _, score in turns}
    found = scoring.conversation_context(placements, scores, window)
    assert set(found) == set(placements)
    for p, session, _ in turns:
        others = [(q, score) for q, s, score in turns if s == session and q != p]
        near = max((score for q, score in others if abs(q - p) <= window), default=0.0)
        assert found[f"m{p}"] == (near, max((score for _, score in others), default=0.0))


def test_mmr_puts_a_duplicate_after_a_different_item() -> None:
    a, b = np.array([1.0, 0.0]), np.array([0.0, 1.0])
    sims = np.stack([a, a, b]) @ np.stack([a, a, b]).T
    order = scoring.mmr(np.array([1.0, 0.95, 0.8]), sims, lam=0.6)
    assert order == [0, 2, 1]


def test_conversation_redundancy_ranks_a_second_conversation_before_a_third_turn_of_the_first() -> None:
    sessions = ["a", "a", "a", "b", None]
    sims = scoring.same_conversation(sessions, 0.3)
    assert sims[0, 1] == sims[1, 2] == 0.3 and sims[0, 3] == 0.0 and sims[4, 4] == 0.0
    assert (sims == sims.T).all()
    # relevance alone would keep conversation a's three turns first
    order = scoring.mmr(np.array([1.0, 0.9, 0.88, 0.8, 0.1]), sims, 0.7)
    assert order[:3] == [0, 3, 1]


@given(
    st.lists(st.lists(st.integers(min_value=0, max_value=12), max_size=8, unique=True), max_size=4),
    st.integers(min_value=0, max_value=40),
)
def test_interleave_takes_turns_and_keeps_each_item_once(rankings: list[list[int]], limit: int) -> None:
    merged = scoring.interleave(rankings, limit, key=lambda item: item)
    distinct = {item for ranking in rankings for item in ranking}
    assert len(merged) == len(set(merged)) == min(limit, len(distinct))
    for ranking in rankings:  # depth d of any ranking is placed within the first (d + 1) rounds
        for depth, item in enumerate(ranking):
            if item in merged:
                assert merged.index(item) < (depth + 1) * len(rankings)
            else:
                assert len(merged) == limit  # only the limit leaves an item out
    if limit >= len(rankings):  # every ranking's best is in, whatever the others hold
        assert all(ranking[0] in merged for ranking in rankings if ranking)


@pytest.mark.parametrize(
    ("question", "alternatives"),
    [
        (
            "Which event happened first, the meeting with Rachel or the pride parade?",
            ("the meeting with Rachel", "the pride parade"),
        ),
        ("Which pet did Jolene adopt first - Susie or Seraphim?", ("Susie", "Seraphim")),
        ("Which city did I visit first, Paris, Rome, or Berlin?", ("Paris", "Rome", "Berlin")),
        ("Which first: Paris, Rome or Berlin", ("Paris", "Rome", "Berlin")),
        ("Which first, a, b, c, d or e?", ()),  # an enumeration, not a choice
        ("I wonder, did I go to the gym or the pool?", ()),  # the item before "or" is a clause
        ("Tea or coffee: which did I order?", ()),  # the choice does not close the question
        ("Which one did I pick: tea or coffee", ("tea", "coffee")),
        ("Would Tim enjoy books by C. S. Lewis or John Greene?", ()),  # no delimiter: not a listed choice
        ("Was May a good month for Nate? Answer yes or no.", ()),
        # a clause that happens to hold "or" is no alternative
        (
            "Considering their growth, what advice might Evan and Sam give someone facing a life change or challenge?",
            (),
        ),
    ],
)
def test_choice_questions_name_their_alternatives(question: str, alternatives: tuple[str, ...]) -> None:
    assert choice_alternatives(question) == alternatives
    assert analyse(question, NOW).alternatives == alternatives


# words of a noun phrase: not "or", and no word a question clause starts with
words = st.text(alphabet="abcdefghij", min_size=1, max_size=6).filter(lambda w: w != "or" and w not in CLAUSE_START)


@given(
    st.lists(words, min_size=1, max_size=MAX_ALTERNATIVE_WORDS),
    st.lists(words, min_size=1, max_size=MAX_ALTERNATIVE_WORDS),
    st.sampled_from([", ", ": ", " - ", " \u2014 "]),
)
def test_any_listed_choice_is_split_into_its_alternatives(left: list[str], right: list[str], delimiter: str) -> None:
    a, b = " ".join(left), " ".join(right)
    assert choice_alternatives(f"which came first{delimiter}{a} or {b}?") == (a, b)
    assert choice_alternatives(f"which came first{delimiter}{a}, {b}, or {a}?") == (a, b, a)


@given(st.text(max_size=200))
def test_choice_alternatives_are_short_pieces_of_the_question(text: str) -> None:
    found = choice_alternatives(text)
    assert len(found) == 0 or 2 <= len(found) <= MAX_ALTERNATIVES
    for side in found:
        assert side and side in text and len(side.split()) <= MAX_ALTERNATIVE_WORDS


def test_counting_questions_are_aggregates() -> None:
    assert analyse("How many days a week do I attend fitness classes?", NOW).aggregate
    assert analyse("What is the total distance of my road trips?", NOW).aggregate
    assert not analyse("What did Caroline research?", NOW).aggregate


def test_recall_tiers_follow_the_calibrated_relevance() -> None:
    assert scoring.recall_tier(scoring.relevance(1.0, 0.6)) == "hot"  # every word, a close meaning
    assert scoring.recall_tier(scoring.relevance(0.3, 0.3)) == "warm"
    assert scoring.recall_tier(scoring.relevance(0.0, 0.2)) == "cold"
    assert scoring.relevance(-1.0, -0.5) == 0.0


def test_query_drops_stop_words_but_keeps_content() -> None:
    query = analyse("What did Caroline research about adoption?", NOW)
    assert query.terms == ("caroline", "research", "adoption")
    assert "what" in STOP_WORDS
    assert analyse("what did you do", NOW).terms  # only stop words: keep them rather than search nothing
    assert query.stems_in("Caroline was researching adoptions") == {"carolin", "research", "adopt"}


_WORDY = st.text(alphabet="abcdeKkSsİı -'_.1", max_size=60)


@given(question=_WORDY, text=_WORDY)
def test_stems_in_finds_the_stems_that_start_a_word_of_the_text(question: str, text: str) -> None:
    # The pattern looks ahead on the stems' first letters; what it finds is what the plain alternation
    # finds, case folding included (the Kelvin sign, the long s, the dotted capital I).
    query = analyse(question, NOW)
    plain = "|".join(map(re.escape, sorted(query.stems, key=len, reverse=True)))
    expected = {m.lower() for m in re.findall(rf"\b({plain})", text, re.IGNORECASE)} if query.stems else set()
    assert query.stems_in(text) == expected


def test_a_word_counts_for_the_longest_stem_it_begins_with() -> None:
    query = analyse("connecticut connection", NOW)
    assert query.stems == ("connecticut", "connect")
    for text in ("Connecticut only", "Connecticut only, Åsa"):  # plain ASCII, and a text beyond it
        assert query.stems_in(text) == {"connecticut"}
    assert query.stems_in("connecticut, then re-connections") == {"connecticut", "connect"}
    plain = analyse("deploy staging2 backups", NOW)  # no stem begins another
    assert plain.stems_in("re-deploy to staging2_b; backup") == {"deploy", "staging2", "backup"}
    assert plain.stems_in("redeploy the prestaging2 box") == set()
    many = "redeploy " * 100 + "then deploy"  # a stem inside many words: the text is scanned by the pattern
    assert plain.stems_in(many) == {"deploy"} and plain.stems_in(many.replace("then deploy", "")) == set()


@pytest.mark.parametrize(
    ("text", "start", "days"),
    [
        ("what did I do yesterday", datetime(2026, 5, 19, tzinfo=UTC), 1),
        ("the talk last Saturday", datetime(2026, 5, 16, tzinfo=UTC), 1),
        ("last weekend's hike", datetime(2026, 5, 16, tzinfo=UTC), 2),
        ("the trip in March", datetime(2026, 3, 1, tzinfo=UTC), 31),
        ("in May", datetime(2026, 5, 1, tzinfo=UTC), 31),
        ("on June 3", datetime(2025, 6, 3, tzinfo=UTC), 1),  # the most recent June 3 before now
        ("on 7 May, 2023", datetime(2023, 5, 7, tzinfo=UTC), 1),
        ("last month", datetime(2026, 4, 1, tzinfo=UTC), 30),
        ("in 2024", datetime(2024, 1, 1, tzinfo=UTC), 366),
    ],
)
def test_time_windows_resolve_against_now(text: str, start: datetime, days: int) -> None:
    window = find_window(text, NOW)
    assert window is not None
    assert window.start == start
    assert window.end == start + timedelta(days=days)


def test_approximate_times_keep_a_margin() -> None:
    window = find_window("two weeks ago", NOW)
    assert window is not None
    assert window.contains(NOW - timedelta(days=14))
    assert window.contains(NOW - timedelta(days=11))
    assert not window.contains(NOW - timedelta(days=30))
    assert find_window("nothing temporal here", NOW) is None
    huge = "I moved here " + "9" * 5000 + " days ago"  # words, not a time: no int() of 5,000 digits
    assert find_window(huge, NOW) is None and resolve_event_date(huge, NOW.date()).day is None


# --- the pipeline on a real store ------------------------------------------------------------------


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    with Memory.open(tmp_path / "store") as opened:
        yield opened


def test_an_old_exact_answer_beats_recent_noise(mem: Memory) -> None:
    old = mem.store("The wifi password for the cabin is tangerine-42", created_at=NOW - timedelta(days=3 * 365))
    for day in range(20):
        mem.store(f"Daily standup {day}: talked about the sprint and the backlog", created_at=NOW - timedelta(days=day))
    hits = mem.search("what is the cabin wifi password?", now=NOW)
    assert hits[0].memory.id == old.id
    assert hits[0].explain["factors"]["recency"] >= 0.7  # faded, never gone


def test_a_neighbouring_turn_is_lifted_by_the_question_it_answers(mem: Memory) -> None:
    session = {"type": "dialogue", "session": "s1"}
    mem.store_many(
        [
            {"text": "Alex: which city did you move to last year?", "source": session},
            {"text": "Sam: Lisbon, and I love the light there.", "source": session},
            {"text": "Sam: my sister moved to Porto.", "source": {"type": "dialogue", "session": "s2"}},
        ]
    )
    hits = mem.search("which city did Sam move to?", limit=3, now=NOW)
    lisbon = next(h for h in hits if "Lisbon" in h.memory.text)
    assert "neighbour" in lisbon.explain


def test_a_turn_is_lifted_by_the_conversation_it_belongs_to(tmp_path: Path) -> None:
    # Lexical signal only, so that the filler turns are no candidates and no neighbour lifts anything.
    mem = Memory.open(tmp_path / "store", config={"recall": {"vector": False}})
    chat = [
        "Alex: which city did you move to last year?",
        "Alex: give me a second, the kettle is boiling.",
        "Alex: sure, take your time.",
        "Alex: back now, sorry about that.",
        "Alex: no problem at all.",
        "Sam: Lisbon, and the light there is wonderful.",
    ]
    mem.store_many([{"text": text, "source": {"type": "dialogue", "session": "s1"}} for text in chat])
    # a shorter twin in another conversation: the better BM25 match on its own
    mem.store("Sam: Porto, and the light is wonderful.", source={"type": "dialogue", "session": "s2"})
    hits = mem.search("which city did Sam move to?", limit=10, now=NOW)
    lisbon = next(h for h in hits if "Lisbon" in h.memory.text)
    porto = next(h for h in hits if "Porto" in h.memory.text)
    assert lisbon.explain["bm25"] < porto.explain["bm25"]
    assert "neighbour" not in lisbon.explain  # the question is five turns away, beyond the neighbour window
    assert lisbon.explain["session"] == 1.0 and "session" not in porto.explain
    assert hits.index(lisbon) < hits.index(porto)
    mem.close()


def test_turns_of_one_session_stay_neighbours_when_other_sessions_write_in_between(tmp_path: Path) -> None:
    # Two conversations captured at once (two agent sessions side by side) interleave in the store.
    mem = Memory.open(tmp_path / "store", config={"recall": {"vector": False}})
    asked, busy = {"type": "dialogue", "session": "s1"}, {"type": "dialogue", "session": "s2"}
    mem.store("Alex: which city did you move to last year?", source=asked)
    for text in ("Kim: the kettle is boiling", "Lee: biscuits are in the tin", "Kim: the tea is brewing"):
        mem.store(text, source=busy)
    mem.store("Sam: Lisbon, and the light there is wonderful.", source=asked)
    hits = mem.search("which city did Sam move to?", limit=10, now=NOW)
    lisbon = next(h for h in hits if "Lisbon" in h.memory.text)
    assert lisbon.explain["neighbour"] > 0  # the reply to the question, three writes later
    mem.close()


def test_a_choice_question_searches_each_alternative(open_memory: Callable[..., Memory]) -> None:
    def search(question_forms: bool, text: str, limit: int) -> list[Hit]:
        return open_memory(config={"recall": {"question_forms": question_forms}}).search(text, limit=limit, now=NOW)

    open_memory().store_many(
        [{"text": text, "source": {"type": "dialogue", "session": "yoga"}} for text in YOGA_CHAT]
        + [{"text": "Booked the dentist for a checkup next month.", "source": {"type": "dialogue", "session": "t"}}]
    )
    question = "Which came first, the yoga class or the dentist appointment?"
    hits = search(True, question, 3)
    for side in ("the yoga class", "the dentist appointment"):
        best = search(True, side, 1)[0]
        found = next(h for h in hits if h.memory.id == best.memory.id)
        assert found.explain["alternative"] == side
    assert all("alternative" not in h.explain for h in search(False, question, 3))


YOGA_CHAT = [
    "The first yoga class was great, it came with a free mat.",
    "Which yoga class came first on the schedule? The morning one.",
    "I booked the yoga class that came first in the list.",
    "The yoga class came after work, the first of the week.",
]


def test_a_counting_question_keeps_a_similar_mention_from_another_conversation(
    open_memory: Callable[..., Memory],
) -> None:
    # Two similar turns of two conversations are two occurrences to count, not one fact said twice.
    monday = {"type": "dialogue", "session": "monday"}
    open_memory().store_many(
        [
            {"text": "I went to a yoga class on Monday morning.", "source": monday},
            {"text": "The yoga teacher showed us a new stretch.", "source": monday},
            {"text": "After yoga I had a smoothie at the studio cafe.", "source": monday},
            {"text": "I went to a yoga class on Thursday evening.", "source": {"type": "dialogue", "session": "th"}},
        ]
    )
    question = "How many times did I go to a yoga class?"
    for question_forms, expected in ((True, 2), (False, 4)):
        mem = open_memory(config={"recall": {"question_forms": question_forms}})
        ranked = [h.memory.text for h in mem.search(question, limit=4, now=NOW)]
        assert ranked.index("I went to a yoga class on Thursday evening.") + 1 == expected


def test_near_duplicates_do_not_crowd_the_results(mem: Memory) -> None:
    mem.store_many(
        [
            {"text": "The deploy failed because the DATABASE_URL secret was missing"},
            {"text": "The deploy failed because the DATABASE_URL secret was missing!!"},
            {"text": "We fixed the deploy by setting the DATABASE_URL secret on fly"},
        ],
        dedup=False,
    )
    hits = mem.search("why did the deploy fail?", limit=2, now=NOW)
    texts = [h.memory.text for h in hits]
    assert any("fixed" in t for t in texts)


def test_hits_explain_their_signals_and_tier(mem: Memory) -> None:
    mem.store("The user prefers dark mode in every editor", type="user_preference", tags=["ui"])
    hit = mem.search("dark mode editor", now=NOW)[0]
    assert hit.tier == "hot"
    assert {"fused", "bm25", "cosine", "match", "factors"} <= set(hit.explain)
    assert hit.explain["factors"]["type"] == pytest.approx(1.5**0.5, rel=1e-3)


def test_hits_stand_in_the_order_of_their_tiers(mem: Memory) -> None:
    """Diversity reorders within a tier: a partial match is never placed below a weak one (MMR, weighing the
    changed fact against the version it follows, used to)."""
    mem.store_many(
        [
            {"text": text}
            for text in (
                "The printer on the second floor jams often",
                "Lunch on Fridays is pizza in the big kitchen",
                "The office plants get watered on Mondays",
                "Our wiki lives on Confluence",
                "The parking garage closes at midnight",
                "Marta leads the design team",
                "The coffee machine breaks down often",
                "The fire alarm gets tested every Thursday",
                "Deploys go out on Tuesdays",
                "The VPN drops connections often at night",
                "Standup starts at 9:30",
                "The on-call rotation has five engineers",
                "Invoices are due within 30 days",
                "The CI pipeline runs on GitHub Actions",
            )
        ]
    )
    mem.store("The heartbeat ping runs every 30 seconds")
    mem.store("We changed the heartbeat ping interval to 60 seconds")
    tiers = [hit.tier for hit in mem.search("How often does the heartbeat ping run?", limit=5, now=NOW)]
    assert {"hot", "warm", "cold"} <= set(tiers)
    assert tiers == sorted(tiers, key=["hot", "warm", "cold"].index)


def test_time_expressions_favour_memories_from_that_time(mem: Memory) -> None:
    mem.store("Went hiking with Jo in the hills", event_at=NOW - timedelta(days=4))  # last Saturday
    mem.store("Went hiking with Jo by the lake", event_at=NOW - timedelta(days=60))
    hit = mem.search("where did I go hiking last Saturday?", now=NOW)[0]
    assert "hills" in hit.memory.text
    assert "time_window" in hit.explain["factors"]


def test_search_reinforces_without_writing_on_the_read_path(mem: Memory) -> None:
    stored = mem.store("Kubernetes upgrades go through the staging cluster first")
    mem.search("kubernetes upgrades", now=NOW)
    assert mem.core.access.pending == 1  # deferred, not yet written
    assert mem.get(stored.id).access_count == 1  # reads settle what is pending
    mem.search("kubernetes upgrades", now=NOW, reinforce=False)
    assert mem.get(stored.id).access_count == 1


def test_deferred_reinforcement_survives_close(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "s") as mem:
        stored = mem.store("Backups run nightly at 02:00 UTC")
        for _ in range(3):
            mem.search("when do backups run", now=NOW)
    with Memory.open(tmp_path / "s") as mem:
        assert mem.get(stored.id).access_count == 3


def test_filters_apply_to_search(mem: Memory) -> None:
    mem.store("Postgres tuning notes: shared_buffers 4GB", category="ops/db")
    mem.store("Postgres is the user's favourite database", category="people/prefs")
    hits = mem.search("postgres", category="ops", now=NOW)
    assert [h.memory.category for h in hits] == ["ops/db"]


def test_a_url_in_the_query_finds_the_memory_that_cites_it(mem: Memory) -> None:
    cited = mem.store("Runbook for restores: https://wiki.example.com/ops/restore-db")
    for i in range(5):
        mem.store(f"Ops note {i}: rotated logs and checked disk usage on host {i}")
    hit = mem.search("wiki.example.com/ops/restore-db", now=NOW)[0]
    assert hit.memory.id == cited.id
    assert hit.explain["matched"].startswith("url ")


def test_a_time_expression_alone_finds_what_happened_then(mem: Memory) -> None:
    then = mem.store("Planted tomatoes and basil in the back garden", event_at=NOW - timedelta(days=4))
    mem.store("Reviewed the quarterly budget", event_at=NOW - timedelta(days=40))
    hits = mem.search("what did I do last Saturday?", now=NOW)
    assert hits[0].memory.id == then.id
    assert "time window" in hits[0].explain["matched"]


def test_a_rare_name_found_by_its_words_alone_is_judged_by_its_meaning_too(tmp_path: Path) -> None:
    # A big store in small: a shallow candidate depth, and more routine notes about feature flags than it
    # holds, so that the one note naming the project (among other news) is found by BM25 but is no vector
    # candidate. Its cosine is then measured, not taken as zero, and it is not dropped under the floor.
    mem = Memory.open(tmp_path / "store", config={"recall": {"candidates": 10}})
    parts = ["billing export", "search service", "mobile app", "admin dashboard", "auth gateway", "data pipeline"]
    notes = [
        f"Wrote docs for the {a} feature flags. Wrote docs for the {b} feature flags. "
        f"Wrote docs for the {c} feature flags."
        for a in parts
        for b in parts
        for c in parts
    ]
    mem.store_many([{"text": note} for note in notes], dedup=False)
    fact = mem.store(
        "Triaged bugs in the search service; nothing urgent. Reviewed pull requests for the mobile app. Discussed "
        "the backlog of the search service with Maria and Priya. We decided Bramble keeps its feature flags in "
        "LaunchDarkly, project key fx-9449."
    ).memory
    question = "Where are the feature flags for Bramble kept?"
    nearest = mem._backend.vector("default", mem.embedder.embed([question]), limit=40)[0]
    assert fact.id not in dict(nearest)  # the case under test
    hits = mem.search(question, now=NOW)
    found = next(h for h in hits if h.memory.id == fact.id)
    assert found.explain["cosine"] > 0.2
    assert found.tier == "hot"
    mem.close()
