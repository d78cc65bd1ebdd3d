"""bench/truth.py's measures on single scenarios: what each figure counts, so a table cannot report what did
not happen."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import numpy as np

from tiermem import Memory

sys.path.append(str(Path(__file__).resolve().parent.parent / "bench"))
truth: Any = importlib.import_module("truth")  # a script beside the benchmarks (and their scenario files)


def test_an_update_counts_as_kept_retired_and_first(mem: Memory) -> None:
    scenario = truth.Scenario(
        "update",
        "The API rate limit is 100 requests per minute",
        "The API rate limit is 1000 requests per minute",
        "What is the API rate limit?",
        "1000",
        0,
    )
    row = truth.run_one(mem, "a", scenario, list(truth.FILLER))
    assert (row["kept"], row["retired"], row["top1"], row["distractors_retired"]) == (True, True, True, 0)


def test_the_later_pass_writes_the_background_after_both_versions(mem: Memory) -> None:
    scenario = truth.Scenario(
        "update",
        "The VPN gateway is vpn1.example.org",
        "The VPN gateway moved to vpn2.example.org",
        "What is the VPN gateway?",
        "vpn2.example.org",
        0,
    )
    background = ["The office printer is on the third floor", "Lunch is served at noon on Fridays"]
    row = truth.run_one(mem, "later", scenario, background, later=True)
    written = sorted(mem.list(agent_id="later", limit=10, include_superseded=True), key=lambda m: m.created_at)
    assert {m.text for m in written[-2:]} == set(background)
    assert row["top1"]
    assert truth.run_one(mem, "before", scenario, background)["top1"]
    first = min(mem.list(agent_id="before", limit=10, include_superseded=True), key=lambda m: m.created_at)
    assert first.text in background


def test_a_different_fact_stored_after_leaves_the_fact_first(mem: Memory) -> None:
    case = ("When is the product launch?", "The product launch is on March 14", "The team dinner is on March 20")
    assert truth.lookalike(mem, "b", case, list(truth.FILLER)) == (True, False)


def test_a_look_alike_that_retires_the_fact_is_counted_as_folded(mem: Memory) -> None:
    # the same sentence with its value replaced is an update: measured as a look-alike, it folds the fact
    case = ("What port does Redis listen on?", "Redis listens on port 6379", "Redis now listens on port 6380")
    assert truth.lookalike(mem, "c", case, []) == (False, True)


def test_a_value_is_held_as_written_or_in_the_plural_but_not_inside_another() -> None:
    assert truth.holds("I work from home on Mondays.", "Monday", statement=False)
    assert truth.holds("The limit is 1000 requests", "1000", statement=False)
    assert not truth.holds("The limit is 10000 requests", "1000", statement=False)
    assert not truth.holds("Version 3.11 is out", "3", statement=False)
    assert not truth.holds("We met on Mondayish terms", "Monday", statement=False)


def test_the_separation_of_two_kinds_of_pairs_is_the_chance_that_one_is_closer() -> None:
    cosines: Any = importlib.import_module("truth_cosines")
    assert cosines.auc(np.array([0.9, 0.8]), np.array([0.1, 0.2])) == 1.0
    assert cosines.auc(np.array([0.1]), np.array([0.9, 0.8])) == 0.0
    assert cosines.auc(np.array([0.5]), np.array([0.5])) == 0.5  # a tie counts half
    assert cosines.auc(np.array([0.1, 0.9]), np.array([0.5])) == 0.5


def test_each_family_gives_its_restatement_and_its_update_at_the_first_value() -> None:
    cosines: Any = importlib.import_module("truth_cosines")
    families, polars, near_misses, _ = truth.SPLITS["tune"]
    found = cosines.pairs(["tune"])
    family = families[0]
    first = family.first.format(v=family.values[0])
    assert found["restatement"][0] == (first, family.restatement.format(v=family.values[0]))
    assert found["update"][0] == (first, family.update.format(v=family.values[1]))
    assert len(found["restatement"]) == len(families) + len(polars)
    assert found["near miss"] == list(near_misses)


def test_unrelated_pairs_take_a_fact_and_the_change_of_another() -> None:
    families = truth.TUNE_FAMILIES[:4]
    pairs = list(truth.unrelated(families, ahead=2))
    assert len(pairs) == 8
    assert pairs[0] == (
        families[0].first.format(v=families[0].values[0]),
        families[1].update.format(v=families[1].values[1]),
    )
    assert all(first != other for first, other in pairs)
