"""The pure parts of the LLM layer: the fallback helper, link rules, validation of enrichment answers, query
expansion and clustering (no server, no store)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tiermem.errors import LLMError
from tiermem.llm import consolidate, enrich, expand
from tiermem.llm.fallback import Outcome, attempt
from tiermem.llm.links import Neighbour, parse_links, rule_link
from tiermem.model import TypeRegistry
from tiermem.write.revision import compare

REGISTRY = TypeRegistry()

# --- the fallback helper -------------------------------------------------------------------------------------


class Fails:
    def complete(self, prompt: str) -> str:
        raise LLMError("timeout after 10 s")


class Answers:
    def complete(self, prompt: str) -> str:
        return f"answer to {prompt}"


def test_attempt_reports_the_path_and_why() -> None:
    assert attempt(None, lambda c: "llm", lambda: "rules") == Outcome("rules", "rule", None)
    assert attempt(Answers(), lambda c: c.complete("q"), lambda: "rules") == Outcome("answer to q", "llm")
    failed = attempt(Fails(), lambda c: c.complete("q"), lambda: "rules")
    assert failed.report() == {"mode": "rule", "llm_fallback": "timeout after 10 s"}
    assert failed.value == "rules"


def test_attempt_treats_an_unreadable_answer_as_a_fallback_not_a_crash() -> None:
    outcome = attempt(Answers(), lambda c: json.loads(c.complete("q"))["x"], lambda: 0)
    assert outcome.mode == "rule" and outcome.llm_fallback is not None
    assert outcome.llm_fallback.startswith("invalid answer: JSONDecodeError")


def test_attempt_lets_bugs_in_the_rules_surface() -> None:
    with pytest.raises(ZeroDivisionError):
        attempt(Fails(), lambda c: c.complete("q"), lambda: 1 // 0)


# --- link rules ----------------------------------------------------------------------------------------------


def test_rules_supersede_a_new_value_of_the_same_key() -> None:
    found = rule_link("My editor theme is Solarized", Neighbour("a", "My editor theme is Monokai", 0.9))
    assert found is not None and (found.target_id, found.relation) == ("a", "supersedes")
    assert found.reason == "new value: Solarized (was Monokai)"
    moved = rule_link("Sam moved to Paris", Neighbour("a", "Sam lives in Berlin", 0.7))
    assert moved is not None and moved.relation == "supersedes"


def test_rules_see_flipped_negation_and_antonyms_as_a_contradiction() -> None:
    found = rule_link("The user does not like cilantro", Neighbour("a", "The user likes cilantro", 0.8))
    assert found is not None and found.relation == "contradicts"
    never = rule_link(
        "Never run the migrations on staging", Neighbour("a", "Always run the migrations on staging", 0.9)
    )
    assert never is not None and never.relation == "contradicts"


def test_rules_see_a_longer_value_as_detail() -> None:
    found = rule_link("My editor theme is Solarized Dark", Neighbour("a", "My editor theme is Solarized", 0.9))
    assert found is not None and found.relation == "elaborates"


def test_rules_stay_quiet_when_unsure() -> None:
    assert rule_link("My editor theme is Monokai", Neighbour("a", "My editor font is Fira", 0.8)) is None
    assert rule_link("Alice is on holiday", Neighbour("a", "Alice is a designer", 0.8)) is None
    assert rule_link("Deploys go out on Monday", Neighbour("a", "Backups run nightly", 0.6)) is None
    related = rule_link("Deploys go out every Monday", Neighbour("a", "Deploys go out on Mondays", 0.9))
    assert related is not None and related.relation == "related_to"


@pytest.mark.parametrize(
    ("new", "old", "cosine"),
    [
        ("The API rate limit is 1000 requests per minute", "The API rate limit is 100 requests per minute", 0.99),
        ("The user is not allergic to peanuts", "The user is allergic to peanuts", 0.95),
        ("The user prefers tea", "The user prefers dark mode", 0.8),
        ("Alice reviewed auth.py", "Bob reviewed db.py", 0.7),
        ("The user is allergic to peanuts and carries an EpiPen", "The user is allergic to peanuts", 0.9),
    ],
)
def test_the_rules_decide_what_the_write_path_decided(new: str, old: str, cosine: float) -> None:
    """One implementation: a link job without an LLM links what storing the memory decided."""
    relation = {"update": "supersedes", "contradiction": "contradicts", "elaboration": "elaborates"}
    decided = relation.get(compare(new, old, cosine).kind)
    found = rule_link(new, Neighbour("a", old, cosine))
    assert (found.relation if found is not None and found.relation != "related_to" else None) == decided


def test_llm_links_are_checked_against_the_neighbours_shown() -> None:
    labels = {"e1": "id-1", "e2": "id-2"}
    raw = [
        {"to": "e1", "relation": "supersedes", "reason": "newer"},
        {"to": "e9", "relation": "supersedes"},  # not shown for this memory
        {"to": "e2", "relation": "befriends"},  # not a relation
        {"to": "e1", "relation": "related_to"},  # second link to the same memory
        {"to": "e2", "relation": "none"},  # "unrelated": valid, not counted as dropped
        "e2 contradicts",
    ]
    links, dropped = parse_links(raw, labels)
    assert [(p.target_id, p.relation, p.reason) for p in links] == [("id-1", "supersedes", "newer")]
    assert dropped == 4
    with pytest.raises(ValueError, match="'links' must be a list"):
        parse_links({"to": "e1"}, labels)


# --- enrichment answers --------------------------------------------------------------------------------------

ITEMS = [
    enrich.Item(
        1, "m1", "The user's theme is dark mode", False, (Neighbour("old", "The user's theme is light mode", 0.9),)
    ),
    enrich.Item(2, "m2", "We moved the API to fly.io. Backups run nightly from /etc/cron.d/backup. " * 3, True),
]
WANTED = enrich.Wanted()


def test_the_prompt_shows_each_memory_its_neighbours_and_what_to_split() -> None:
    text = enrich.prompt(ITEMS, WANTED, REGISTRY.names())
    assert "NEW 1: The user's theme is dark mode\n  EXISTING e1: The user's theme is light mode" in text
    assert "NEW 2 (split): We moved the API to fly.io." in text
    assert '"facts"' in text and '"keys"' in text and '"links"' in text
    assert "architectural_decision" in text and "copy URLs, shell commands and file paths exactly" in text
    only_keys = enrich.prompt(ITEMS, enrich.Wanted(facts=False, keys=True, links=False), REGISTRY.names())
    assert '"facts"' not in only_keys.split("Answer with")[0] and "EXISTING" not in only_keys


def test_a_valid_answer_is_read_item_by_item() -> None:
    raw = {"memories": [
        {"n": 1, "keys": ["colour scheme", "night theme"], "links": [{"to": "e1", "relation": "supersedes"}]},
        {"n": 2, "facts": [{"text": "The API runs on fly.io.", "type": "WORKING_SOLUTION", "importance": 3},
                           {"text": "Backups run nightly from /etc/cron.d/backup.", "type": "made-up-type"},
                           {"text": "short"}, "A plain string fact is accepted too."], "keys": []},
    ]}  # fmt: skip
    found = enrich.parse_answer(raw, ITEMS, WANTED, REGISTRY)
    first, second = found[1], found[2]
    assert isinstance(first, enrich.Enrichment) and isinstance(second, enrich.Enrichment)
    assert first.keys == ("colour scheme", "night theme")
    assert [(p.target_id, p.relation) for p in first.links] == [("old", "supersedes")]
    assert second.facts == (
        enrich.Fact("The API runs on fly.io.", "working_solution", 1.0),
        enrich.Fact("Backups run nightly from /etc/cron.d/backup.", "semantic", enrich.DEFAULT_FACT_IMPORTANCE),
        enrich.Fact("A plain string fact is accepted too.", "semantic", enrich.DEFAULT_FACT_IMPORTANCE),
    )
    assert second.dropped == 1


def test_facts_are_ignored_for_memories_not_marked_for_splitting() -> None:
    raw = {"memories": [{"n": 1, "facts": ["An invented fact from a short memory."]}, {"n": 2}]}
    found = enrich.parse_answer(raw, ITEMS, WANTED, REGISTRY)
    assert isinstance(found[1], enrich.Enrichment) and found[1].facts == ()


def test_an_item_left_out_or_malformed_is_reported_for_that_item_only() -> None:
    found = enrich.parse_answer({"memories": [{"n": 2, "keys": "not a list"}, {"n": 1}]}, ITEMS, WANTED, REGISTRY)
    assert isinstance(found[1], enrich.Enrichment)
    assert found[2] == "invalid answer for memory 2: 'keys' must be a list of strings"
    found = enrich.parse_answer({"memories": [{"n": 1}, {"n": True}, {"n": 7}]}, ITEMS, WANTED, REGISTRY)
    assert found[2] == "the answer left out memory 2"


@pytest.mark.parametrize("raw", [[], {"memories": []}, {"memories": [{"n": 5}]}, {"other": 1}, "text"])
def test_an_answer_with_nothing_usable_is_an_error(raw: Any) -> None:
    with pytest.raises(ValueError):
        enrich.parse_answer(raw, ITEMS, WANTED, REGISTRY)


def test_keys_are_short_distinct_phrases() -> None:
    keys, dropped = enrich.parse_keys(
        ["night mode", "Night  Mode", "x", "y" * 61, 5, "The user prefers dark mode", *[f"key {i}" for i in range(10)]],
        "The user prefers dark mode",
    )
    assert keys == ["night mode", *[f"key {i}" for i in range(7)]]
    assert dropped == 5


@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["n", "facts", "keys", "links",
                                                                                "memories", "text", "to"]), inner),
    max_leaves=20,
))  # fmt: skip
def test_any_json_answer_is_read_or_rejected_with_a_value_error(raw: Any) -> None:
    try:
        found = enrich.parse_answer(raw, ITEMS, WANTED, REGISTRY)
    except ValueError:
        return
    for value in found.values():
        if isinstance(value, enrich.Enrichment):
            assert all(low <= len(f.text) <= high for f in value.facts for low, high in [enrich.FACT_CHARS])
            assert all(0 <= f.importance <= 1 for f in value.facts)
            assert len(value.keys) <= enrich.MAX_KEYS


def test_the_rule_path_links_but_extracts_nothing() -> None:
    found = enrich.rules(ITEMS[0], WANTED)
    assert [(p.target_id, p.relation) for p in found.links] == [("old", "contradicts")]  # light / dark
    assert (found.facts, found.keys) == ((), ())
    assert enrich.rules(ITEMS[0], enrich.Wanted(links=False)).links == ()


def test_which_memories_are_worth_splitting() -> None:
    assert not enrich.worth_extracting("The user prefers dark mode.")
    assert not enrich.worth_extracting("Hi! Good to see you! How are you?")
    assert enrich.worth_extracting("We moved the API. The database is Postgres now. Backups run at night. " * 2)
    assert enrich.worth_extracting("x" * enrich.EXTRACT_MIN_CHARS)


# --- query expansion -----------------------------------------------------------------------------------------


def test_rule_expansion_uses_the_synonym_table() -> None:
    terms = expand.rule_terms("Which colour scheme does the user prefer?")
    assert "dark mode" in terms and "favourite" in terms
    assert "prefer" not in terms and "colour scheme" not in terms  # words of the query are not repeated
    assert expand.rule_terms("zebra crossing") == []
    assert len(expand.rule_terms("prefer theme editor bug deploy server")) == expand.MAX_TERMS


def test_llm_expansion_answers_are_validated() -> None:
    assert expand.parse_terms({"terms": ["Night Mode", "theme", "night mode", "x", 9 * "long "]}, ["theme"]) == [
        "night mode"
    ]
    bad: object
    for bad in ({"terms": "one"}, {"terms": [1]}, {"terms": ["theme"]}, [], "terms"):
        with pytest.raises(ValueError):
            expand.parse_terms(bad, ["theme"])


# --- clustering and summaries --------------------------------------------------------------------------------


def test_clusters_are_tight_groups_around_a_centre() -> None:
    rng = np.random.default_rng(7)
    centres = np.eye(8)[:2]
    rows = [centres[0] + rng.normal(0, 0.05, 8) for _ in range(5)] + [
        centres[1] + rng.normal(0, 0.05, 8) for _ in range(3)
    ]
    rows += [rng.normal(0, 1, 8)]  # an outlier
    matrix = np.asarray(rows)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    groups = consolidate.clusters(matrix, threshold=0.9, min_size=3)
    assert [sorted(g) for g in groups] == [[0, 1, 2, 3, 4], [5, 6, 7]]
    assert consolidate.clusters(matrix, threshold=0.9, min_size=3, max_size=2) == []
    assert [len(g) for g in consolidate.clusters(matrix, threshold=0.9, min_size=2, max_size=2)] == [2, 2, 2]
    assert consolidate.clusters(matrix[:2], min_size=3) == []


SOURCES = [
    consolidate.Source("a", "Deploy with `fly deploy` from /srv/app", "working_solution", "ops", 0.6),
    consolidate.Source("b", "Deploys need the token at https://fly.io/tokens", "working_solution", "ops", 0.8),
    consolidate.Source("c", "Deploy failed once because of a missing secret", "failed_approach", "ops", 0.5),
]


def test_the_rule_summary_and_the_core_fields_keep_everything() -> None:
    summary = consolidate.rule_summary(SOURCES)
    assert summary.startswith("Deploy with `fly deploy` from /srv/app — related (2): Deploys need the token")
    fields = consolidate.core_fields(SOURCES, None)
    assert fields == {
        "type": "working_solution",
        "category": "ops",
        "importance": 0.9,
        "metadata": {"urls": ["https://fly.io/tokens"], "commands": ["fly deploy"], "paths": ["/srv/app"]},
    }
    assert consolidate.core_fields(SOURCES, 0.42)["importance"] == 0.42


def test_llm_summaries_are_validated() -> None:
    assert consolidate.parse_summary({"summary": "  Deploys use fly;  keep the token.  ", "importance": 0.7}) == (
        "Deploys use fly; keep the token.",
        0.7,
    )
    assert consolidate.parse_summary({"summary": "A summary long enough.", "importance": 7}) == (
        "A summary long enough.",
        None,
    )
    for bad in ({"summary": "short"}, {"text": "x" * 50}, ["summary"], {"summary": 5}):
        with pytest.raises(ValueError):
            consolidate.parse_summary(bad)
