"""Three-tier deduplication: the expectations of ClarkOS' deduplication.test.ts (seed 001), properties of
the pure functions, and what the engine does with a duplicate (reinforce the original, say why)."""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from builders import present
from tiermem import Memory
from tiermem.config import parse_settings
from tiermem.model import TypeRegistry, builtin_types
from tiermem.providers.embedders import WordLlamaEmbedder
from tiermem.text import jaccard, normalize, word_set
from tiermem.write.dedup import JACCARD_THRESHOLD, Candidate, DedupResult, check_duplication, cosine, find_similar

COGNITIVE = ("episodic", "semantic", "emotional", "procedural", "reflection")
THRESHOLDS = TypeRegistry().thresholds()


def vec(*values: float) -> np.ndarray:
    return np.asarray(values, dtype=np.float32)


def check(
    text: str, type_: str, embedding: np.ndarray | None, existing: list[Candidate], **custom: float
) -> DedupResult:
    return check_duplication(text, type_, embedding, existing, {**THRESHOLDS, **custom})


# --- DEDUP_THRESHOLDS ----------------------------------------------------------------------------------


def test_thresholds_are_the_clarkos_values() -> None:
    assert {name: THRESHOLDS[name] for name in COGNITIVE} == {
        "episodic": 0.92,
        "semantic": 0.95,
        "emotional": 0.88,
        "procedural": 0.97,
        "reflection": 0.90,
    }
    assert {t.name for t in builtin_types().values() if t.family == "cognitive"} == set(COGNITIVE)
    assert all(0 < threshold <= 1 for threshold in THRESHOLDS.values())
    assert JACCARD_THRESHOLD == 0.85


# --- tier 1: exact match --------------------------------------------------------------------------------


def test_exact_match_of_identical_text() -> None:
    result = check("The quick brown fox", "semantic", None, [Candidate("mem-1", "The quick brown fox", "semantic")])
    assert (result.is_unique, result.reason, result.similarity, result.matched_id) == (
        False, "exact_match", 1.0, "mem-1",
    )  # fmt: skip


def test_exact_match_ignores_case_punctuation_and_type() -> None:
    result = check("hello world", "semantic", None, [Candidate("mem-1", "Hello, World!", "episodic")])
    assert (result.is_unique, result.reason, result.matched_id) == (False, "exact_match", "mem-1")


def test_different_content_is_unique() -> None:
    result = check(
        "Completely different content", "semantic", None, [Candidate("m", "The quick brown fox", "semantic")]
    )
    assert (result.is_unique, result.reason, result.matched_id) == (True, "unique", None)


def test_check_against_nothing_is_unique() -> None:
    assert check("anything", "semantic", vec(1, 0), []).is_unique


# --- tier 2: word overlap -------------------------------------------------------------------------------

FOX = "The quick brown fox jumps over the lazy dog in the sunny meadow today"


def test_identical_long_sentence_is_caught_as_exact_first() -> None:
    assert check(FOX, "semantic", None, [Candidate("m", FOX, "semantic")]).reason == "exact_match"


def test_overlap_with_a_different_type_is_unique() -> None:
    jumped = FOX.replace("jumps", "jumped")
    assert check(jumped, "episodic", None, [Candidate("m", FOX, "semantic")]).is_unique


def test_overlap_with_the_same_type_is_a_duplicate() -> None:
    reordered = "today in the sunny meadow the lazy dog jumps over the quick brown fox"
    result = check(reordered, "semantic", None, [Candidate("m", FOX, "semantic")])
    assert (result.reason, result.similarity, result.matched_id) == ("content_overlap", 1.0, "m")


def test_overlap_threshold_is_strict() -> None:
    words = [f"word{i}" for i in range(18)]
    base = " ".join(words)
    at_threshold = " ".join([*words[:17], "extra1", "extra2"])  # 17 shared of 20 = 0.85 exactly
    above = " ".join([*words, "extra1"])  # 18 shared of 19
    assert jaccard(word_set(base), word_set(at_threshold)) == 0.85
    assert check(at_threshold, "semantic", None, [Candidate("m", base, "semantic")]).is_unique
    assert check(above, "semantic", None, [Candidate("m", base, "semantic")]).reason == "content_overlap"


# --- tier 3: embeddings ---------------------------------------------------------------------------------


def test_near_identical_embeddings_are_duplicates() -> None:
    existing = [Candidate("m", "first wording", "semantic", vec(0.5, 0.5, 0.5, 0.5))]
    result = check("entirely other words", "semantic", vec(0.51, 0.49, 0.5, 0.5), existing)
    assert (result.reason, result.matched_id) == ("embedding_similarity", "m")
    assert result.similarity == pytest.approx(0.9998, abs=1e-4)


def test_orthogonal_embeddings_are_unique() -> None:
    existing = [Candidate("m", "first wording", "semantic", vec(1, 0, 0, 0))]
    assert check("entirely other words", "semantic", vec(0, 1, 0, 0), existing).is_unique


@pytest.mark.parametrize(("type_", "unique"), [("emotional", False), ("procedural", True)])
def test_thresholds_are_per_type(type_: str, unique: bool) -> None:
    """cos([1,0,0,0], [0.92,0.39,0,0]) ≈ 0.921: above emotional's 0.88, below procedural's 0.97."""
    new, old = vec(1, 0, 0, 0), vec(0.92, 0.39, 0, 0)
    assert cosine(new, old) == pytest.approx(0.9207, abs=1e-4)
    result = check("a feeling today", type_, new, [Candidate("m", "something else", type_, old)])
    assert result.is_unique is unique
    assert result.reason == ("unique" if unique else "embedding_similarity")


def test_custom_thresholds_override_the_defaults() -> None:
    """cos([1,0,0,0], [0.85,0.53,0,0]) ≈ 0.849: unique at semantic 0.95, a duplicate at 0.80."""
    new, old = vec(1, 0, 0, 0), vec(0.85, 0.53, 0, 0)
    assert cosine(new, old) == pytest.approx(0.8486, abs=1e-4)
    existing = [Candidate("m", "something else", "semantic", old)]
    assert check("new words", "semantic", new, existing).is_unique
    assert check("new words", "semantic", new, existing, semantic=0.80).reason == "embedding_similarity"
    from_config = parse_settings({"dedup_thresholds": {"semantic": 0.80}}).registry().thresholds()
    assert check_duplication("new words", "semantic", new, existing, from_config).matched_id == "m"


def test_embedding_tier_only_compares_the_same_type() -> None:
    existing = [Candidate("m", "something else", "episodic", vec(1, 0))]
    assert check("new words", "semantic", vec(1, 0), existing).is_unique


def test_candidates_without_embeddings_and_empty_embeddings_are_skipped() -> None:
    assert check("new words", "semantic", vec(1, 0), [Candidate("m", "something else", "semantic")]).is_unique
    existing = [Candidate("m", "something else", "semantic", vec(1, 0))]
    assert check("new words", "semantic", np.zeros(0, dtype=np.float32), existing).is_unique


def test_first_match_wins_in_list_order() -> None:
    existing = [
        Candidate("weaker", "one thing", "semantic", vec(1, 0.2)),
        Candidate("stronger", "another thing", "semantic", vec(1, 0)),
    ]
    assert check("query text", "semantic", vec(1, 0), existing).matched_id == "weaker"


def test_cosine_edge_cases() -> None:
    assert cosine(vec(0, 0), vec(1, 0)) == 0.0
    assert cosine(vec(3, 4), vec(3, 4)) == pytest.approx(1.0)
    from tiermem.errors import ValidationError

    with pytest.raises(ValidationError, match="3 and 2 dimensions"):
        cosine(vec(1, 0, 0), vec(1, 0))


# --- findSimilarMemories --------------------------------------------------------------------------------

WORDY = [
    Candidate("a", "the cat sat on the mat", "semantic"),
    Candidate("b", "the cat sat on a red mat", "episodic"),
    Candidate("c", "a dog ran in the park", "semantic"),
    Candidate("d", "the cat sat", "semantic"),
    Candidate("e", "cat", "procedural"),
]


def test_find_similar_sorted_descending() -> None:
    found = find_similar("the cat sat on the mat", None, WORDY, min_similarity=0.2)
    scores = [score for _, score in found]
    assert scores == sorted(scores, reverse=True)
    assert found[0] == (WORDY[0], 1.0)
    assert {c.id for c, _ in found} >= {"a", "b", "d", "e"}  # every type is considered


def test_find_similar_respects_limit_and_min_similarity() -> None:
    assert len(find_similar("the cat sat on the mat", None, WORDY, limit=3, min_similarity=0.0)) == 3
    found = find_similar("the cat sat on the mat", None, WORDY, min_similarity=0.5)
    assert found
    assert all(score >= 0.5 for _, score in found)
    assert {c.id for c, _ in found} == {"a", "b", "d"}


def test_find_similar_with_embeddings() -> None:
    existing = [
        Candidate("s", "similar", "semantic", vec(0.9, 0.44, 0, 0)),
        Candidate("d", "different", "semantic", vec(0, 1, 0, 0)),
        Candidate("n", "no embedding", "semantic"),
    ]
    found = find_similar("query", vec(1, 0, 0, 0), existing)
    assert len(found) == 1
    assert found[0][0].text == "similar"


# --- properties -----------------------------------------------------------------------------------------

words = st.text(st.characters(codec="utf-8"), max_size=80)
ascii_words = st.from_regex(r"[A-Za-z0-9 ]{1,60}", fullmatch=True)
word_sets = st.frozensets(st.text(alphabet="abcdef", min_size=1, max_size=3), max_size=12)


@given(words)
def test_normalisation_is_idempotent(text: str) -> None:
    assert normalize(normalize(text)) == normalize(text)


@given(words, st.sampled_from(COGNITIVE), st.sampled_from(COGNITIVE))
def test_a_text_is_an_exact_duplicate_of_itself(text: str, new_type: str, old_type: str) -> None:
    result = check(text, new_type, None, [Candidate("same", text, old_type)])
    assert (result.is_unique, result.reason, result.matched_id, result.similarity) == (
        False, "exact_match", "same", 1.0,
    )  # fmt: skip


@given(ascii_words, st.sampled_from(["!", "?!", ",", "...", " -- "]))
def test_case_spacing_and_punctuation_do_not_make_a_text_unique(text: str, mark: str) -> None:
    variant = f"  {text.upper().replace(' ', mark + '  ')}{mark}"
    assert check(variant, "semantic", None, [Candidate("m", text, "episodic")]).reason == "exact_match"


@given(word_sets, word_sets)
def test_jaccard_is_symmetric_and_bounded(a: frozenset[str], b: frozenset[str]) -> None:
    value = jaccard(a, b)
    assert value == jaccard(b, a)
    assert 0.0 <= value <= 1.0
    assert jaccard(a, a) == (1.0 if a else 0.0)
    assert (value == 0.0) == (not a & b)


@given(
    st.lists(st.floats(-10, 10, allow_nan=False), min_size=4, max_size=4),
    st.lists(st.floats(-10, 10, allow_nan=False), min_size=4, max_size=4),
)
def test_cosine_is_symmetric_and_bounded(a: list[float], b: list[float]) -> None:
    va, vb = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    value = cosine(va, vb)
    assert math.isclose(value, cosine(vb, va), abs_tol=1e-9)
    assert -1.0 - 1e-9 <= value <= 1.0 + 1e-9


# --- the engine: a duplicate reinforces the memory it matches ---------------------------------------------


def test_storing_a_duplicate_reinforces_the_original(mem: Memory) -> None:
    first = mem.store("Hello, World!", type="episodic", importance=0.5)
    again = mem.store("hello world", source="hook:session-end")
    assert again.created is False
    assert (again.duplicate_of, again.reason, again.similarity) == (first.id, "exact_match", 1.0)
    assert again.id == first.id
    assert again.memory.access_count == 1
    assert again.memory.importance == pytest.approx(0.55)
    assert again.memory.last_accessed_at is not None
    assert again.memory.text == "Hello, World!"
    assert mem.get(first.id) == again.memory
    assert len(mem.list()) == 1
    history = mem.history(first.id)
    assert [h.action for h in history] == ["created", "reinforced"]
    assert history[1].detail["source"] == {"type": "hook:session-end", "interface": "python", "trust": "tool"}
    assert history[1].detail["reason"] == "exact_match"
    assert history[1].detail["text"] == "hello world"
    assert again.to_dict()["duplicate_of"] == first.id


def test_reinforcement_caps_importance_at_one(mem: Memory) -> None:
    first = mem.store("a very important fact", importance=0.98)
    for expected_count in (1, 2):
        again = mem.store("A very important fact!")
        assert again.memory.access_count == expected_count
        assert again.memory.importance == 1.0
    assert [h.action for h in mem.history(first.id)] == ["created", "reinforced", "reinforced"]


def test_a_restatement_hands_what_it_adds_to_the_memory_it_repeats(mem: Memory) -> None:
    """Dedup drops nothing the caller gave: a higher importance raises the memory's (what retention protects),
    and the restatement's own words, tags and metadata stay in its history, whole."""
    told = "The vault combination is kept by Ingrid, " + "who changes it every quarter and tells nobody, " * 5
    first = mem.store(told, importance=0.3, tags=["vault"])
    words = told.upper()  # the same text: over 200 characters, all kept
    again = mem.store(words, importance=0.9, tags=["security", "vault"], metadata={"ticket": "S-1"})
    assert again.decision == "restatement" and again.id == first.id
    assert again.memory.importance == 0.9 and again.memory.tags == ("vault",)
    entry = mem.history(first.id)[-1]
    assert entry.detail["text"] == words and entry.detail["metadata"] == {"ticket": "S-1"}
    assert entry.detail["importance"] == [0.35, 0.9] and entry.detail["tags"] == ["security", "vault"]
    # Told again with a lower importance, or none: only the reinforcement's own bump.
    assert mem.store(told, importance=0.2).memory.importance == pytest.approx(0.95)
    assert mem.store(told.lower()).memory.importance == 1.0
    assert "importance" not in mem.history(first.id)[-1].detail


def test_a_restatement_keeps_its_type_category_and_date_in_the_history(mem: Memory) -> None:
    told = "Deploys happen from the release branch"
    first = mem.store(told)
    again = mem.store(told, type="architectural_decision", category="ops", created_at="2019-03-01")
    assert again.id == first.id and mem.get(first.id).type == first.memory.type
    detail = mem.history(first.id)[-1].detail
    assert [detail["type"], detail["category"], detail["created_at"][:10]] == [
        "architectural_decision",
        "ops",
        "2019-03-01",
    ]
    mem.store(told)  # told the same way: nothing more to keep
    assert not {"type", "category", "created_at"} & set(mem.history(first.id)[-1].detail)


def test_restatements_in_one_batch_each_hand_their_importance_over(mem: Memory) -> None:
    first = mem.store("Backups are copied to the Frankfurt region", importance=0.2)
    results = mem.store_many(
        [
            {"text": "Backups are copied to the Frankfurt region", "importance": 0.6},
            {"text": "Backups are copied to the Frankfurt region.", "importance": 0.85},
        ]
    )
    assert [r.id for r in results] == [first.id, first.id]
    assert mem.get(first.id).importance == pytest.approx(0.85)
    assert [h.detail.get("importance") for h in mem.history(first.id)[1:]] == [[0.3, 0.6], [0.6, 0.85]]


def test_the_same_event_on_another_day_is_a_memory_of_its_own(mem: Memory) -> None:
    """A log of runs, doses, deploys: each dated telling of something that happened is its own occurrence,
    found by a search for its day; told again for the same moment, it restates that one."""
    monday = mem.store("Ran 5 km along the river", event_at="2026-11-02T07:00:00Z")
    wednesday = mem.store("Ran 5 km along the river", event_at="2026-11-04T07:00:00Z")
    again = mem.store("ran 5 km along the river.", event_at="2026-11-04T07:00:00Z")
    assert wednesday.created and wednesday.id != monday.id
    assert again.decision == "restatement" and again.id == wednesday.id
    hits = mem.search("what did I do on November 4th 2026", now=datetime(2026, 11, 10, tzinfo=UTC))
    assert [h.memory.id for h in hits] == [wednesday.id]
    doses = mem.store_many(
        [{"text": "Took my blood pressure pills", "event_at": f"2026-11-05T{hour}:00:00Z"} for hour in ("08", "20")]
    )
    assert [r.decision for r in doses] == ["new", "new"]


def test_a_state_told_again_on_another_day_is_a_restatement(mem: Memory) -> None:
    first = mem.store("My sister lives in Berlin", event_at="2026-11-02")
    again = mem.store("My sister lives in Berlin", event_at="2026-11-09")
    undated = mem.store("Ran 5 km along the river")
    assert again.decision == "restatement" and again.id == first.id
    assert mem.store("Ran 5 km along the river", event_at="2026-11-09").id == undated.id  # one undated telling


def test_word_overlap_duplicate_through_the_engine(mem: Memory) -> None:
    first = mem.store("Water boils at 100 degrees Celsius at sea level")
    again = mem.store("At sea level water boils at 100 degrees Celsius")
    assert (again.created, again.reason, again.duplicate_of, again.similarity) == (
        False, "content_overlap", first.id, 1.0,
    )  # fmt: skip


def test_same_words_with_a_different_type_are_both_kept(mem: Memory) -> None:
    first = mem.store("Water boils at 100 degrees Celsius at sea level", type="episodic")
    second = mem.store("At sea level water boils at 100 degrees Celsius", type="semantic")
    assert first.created and second.created
    assert second.reason == "unique"
    assert len(mem.list()) == 2


HAPPY = ("I felt really happy at the beach with my family today", "I was so happy at the beach with my family")
# Content words swapped for others (felt happy at the beach / felt cheerful at the lake): only the type's
# cosine threshold can call this a restatement.
SWAPPED = (
    "I felt really happy at the beach with my family today",
    "I felt really cheerful at the lake with my family today",
)


@pytest.mark.parametrize(("type_", "duplicate"), [("emotional", True), ("semantic", False), ("procedural", False)])
def test_engine_applies_the_per_type_threshold(
    open_memory: Callable[..., Memory], tmp_path: Path, embedder: WordLlamaEmbedder, type_: str, duplicate: bool
) -> None:
    old, new = embedder.embed(list(SWAPPED))
    similarity = float(old @ new)
    assert similarity < 0.7  # the premise; each type's threshold is moved to just below it, but emotional's
    thresholds = {
        t: (similarity - 0.01 if t == type_ and duplicate else 0.99) for t in ("emotional", "semantic", "procedural")
    }
    mem = open_memory(tmp_path / type_, config={"dedup_thresholds": thresholds})
    first = mem.store(SWAPPED[0], type=type_)
    second = mem.store(SWAPPED[1], type=type_)
    assert second.created is not duplicate
    if duplicate:
        assert (second.reason, second.duplicate_of) == ("embedding_similarity", first.id)
        assert second.similarity == pytest.approx(similarity, abs=1e-3)


def test_saying_less_is_a_restatement_whatever_the_type(mem: Memory) -> None:
    first = mem.store(HAPPY[0], type="procedural")
    second = mem.store(HAPPY[1], type="procedural")
    assert (second.created, second.decision, second.duplicate_of) == (False, "restatement", first.id)


def test_custom_thresholds_through_memory_open(open_memory: Callable[..., Memory], tmp_path: Path) -> None:
    strict = open_memory(tmp_path / "default")
    assert strict.store(SWAPPED[0]).created and strict.store(SWAPPED[1]).created
    loose = open_memory(tmp_path / "loose", config={"dedup_thresholds": {"semantic": 0.50}})
    first = loose.store(SWAPPED[0])
    second = loose.store(SWAPPED[1])
    assert (second.created, second.reason, second.duplicate_of) == (False, "embedding_similarity", first.id)
    assert loose.store(SWAPPED[1], type="episodic").created  # only semantic was loosened


def test_dedup_false_stores_both(mem: Memory) -> None:
    first = mem.store("Hello, World!")
    second = mem.store("hello world", dedup=False)
    assert second.created and second.id != first.id
    assert mem.get(first.id).access_count == 0
    assert len(mem.list()) == 2
    many = mem.store_many([{"text": "x y z"}, {"text": "X Y Z"}], dedup=False)
    assert all(r.created for r in many)


def test_duplicates_inside_one_batch(mem: Memory) -> None:
    stored = mem.store("an earlier memory about the garden shed")
    results = mem.store_many(
        [
            {"text": "The kettle is broken"},
            {"text": "the kettle is broken!"},
            {"text": "An earlier memory about the garden shed."},
            {"text": "something unrelated entirely: tax forms"},
            {"text": "THE KETTLE IS BROKEN"},
        ]
    )
    assert [r.created for r in results] == [True, False, False, True, False]
    kettle = results[0].id
    assert results[1].duplicate_of == kettle and results[4].duplicate_of == kettle
    assert results[2].duplicate_of == stored.id
    assert mem.get(kettle).access_count == 2
    assert mem.get(stored.id).access_count == 1
    assert results[4].memory.access_count == 2
    assert len(mem.list()) == 3
    assert [h.action for h in mem.history(kettle)] == ["created", "reinforced", "reinforced"]


def test_forgotten_and_superseded_memories_are_not_dedup_targets(mem: Memory) -> None:
    forgotten = mem.store("the printer on floor two jams")
    mem.forget(forgotten.id)
    again = mem.store("the printer on floor two jams")
    assert again.created and again.id != forgotten.id

    old = mem.store("the meeting room is 4B")
    mem.update(old.id, text="the meeting room moved to 5C")
    repeat = mem.store("the meeting room is 4B")
    assert repeat.created and repeat.id != old.id


def test_dedup_never_crosses_agents(mem: Memory) -> None:
    first = mem.store("shared sentence", agent_id="alice")
    other = mem.store("shared sentence", agent_id="bob")
    assert other.created and other.id != first.id
    assert mem.get(first.id, agent_id="alice").access_count == 0


# --- the engine's batch dedup gives the answer of the plain 3-tier check ------------------------------------

BATCH_WORDS = ["red", "apple", "tree", "green", "garden", "river", "stone", "bridge", "cloud", "lamp"]


def _variant(words: list[str], how: str) -> str:
    """A text derived from ``words``: equal after normalisation, reordered, one word longer, or new."""
    return {
        "same": " ".join(words),
        "upper": " ".join(words).upper() + "!",
        "reversed": " ".join(reversed(words)),
        "longer": " ".join([*words, "today"]),
        "shorter": " ".join(words[1:]),
    }[how]


batch_items = st.lists(
    st.tuples(
        st.sampled_from([BATCH_WORDS[:7], BATCH_WORDS[3:], BATCH_WORDS[::2]]),
        st.sampled_from(["same", "upper", "reversed", "longer", "shorter"]),
        st.sampled_from(["semantic", "emotional", "episodic"]),
    ).map(lambda t: (_variant(t[0], t[1]), t[2])),
    min_size=1,
    max_size=12,
)


def expected_decision(text: str, type_: str, vector: np.ndarray, pool: list[Candidate]) -> tuple[str, set[str]]:
    """The tier that must answer and every candidate that could be the match, over the full pool."""
    exact = {c.id for c in pool if normalize(c.text) == normalize(text)}
    if exact:
        return "exact_match", exact
    same = [c for c in pool if c.type == type_]
    overlap = {c.id for c in same if jaccard(word_set(text), word_set(c.text)) > JACCARD_THRESHOLD}
    if overlap:
        return "content_overlap", overlap
    close = {c.id for c in same if cosine(vector, present(c.embedding)) >= THRESHOLDS[type_]}
    return ("embedding_similarity", close) if close else ("unique", set())


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=batch_items.filter(lambda items: len(items) <= 8), second=batch_items)
def test_batch_dedup_matches_the_plain_check_over_every_candidate(
    open_memory: Callable[..., Memory],
    tmp_path: Path,
    embedder: WordLlamaEmbedder,
    first: list[tuple[str, str]],
    second: list[tuple[str, str]],
) -> None:
    """Two store_many batches with the similarity tiers alone (``revisions: false``): every decision must be
    the one a plain check over all earlier memories gives."""
    mem = open_memory(tmp_path / uuid.uuid4().hex, config={"revisions": False})
    pool: list[Candidate] = []
    for batch in (first, second):
        vectors = embedder.embed([text for text, _ in batch])
        results = mem.store_many([{"text": text, "type": type_} for text, type_ in batch])
        for (text, type_), vector, result in zip(batch, vectors, results, strict=True):
            reason, allowed = expected_decision(text, type_, vector, pool)
            event(reason)
            assert result.reason == reason, (text, type_, pool)
            if reason == "unique":
                assert result.created
                pool.append(Candidate(result.id, text, type_, vector))
            else:
                assert not result.created and result.duplicate_of in allowed
    assert {r.id for r in mem.list(limit=100)} == {c.id for c in pool}


def test_a_same_type_duplicate_is_found_behind_closer_memories_of_other_types(
    open_memory: Callable[..., Memory], tmp_path: Path
) -> None:
    config = {"dedup_thresholds": {"semantic": 0.80}}
    new = "The quarterly release is scheduled for Friday afternoon after the review"
    old = "Quarterly release scheduled on Friday afternoon following the review meeting"
    premise = open_memory(tmp_path / "premise", config=config)
    premise.store(old)
    assert premise.store(new).reason == "embedding_similarity"  # alone, `new` is a duplicate of `old`

    mem = open_memory(tmp_path / "crowded", config=config)
    original = mem.store(old).memory
    for word in ["ok", "today", "again", "too", "now", "then", "indeed", "also", "still", "yes"]:
        mem.store(f"{new} {word}", type="episodic", dedup=False)  # closer to `new`, but of another type
    result = mem.store(new)
    assert (result.created, result.duplicate_of) == (False, original.id)
