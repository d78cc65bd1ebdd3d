"""Tier scoring and placement (lifecycle/tiers.py): the seed's reference cases, properties, and moves."""

from __future__ import annotations

import math
from typing import cast

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tiermem.config import parse_settings
from tiermem.lifecycle.tiers import (
    DAY_S,
    DEFAULT_POLICY,
    Snapshot,
    TierPolicy,
    classify_tier,
    expired_frozen,
    explain_score,
    over_cap,
    plan_moves,
    score_all,
    tier_score,
)
from tiermem.storage.lifecycle import TierRows

NOW = 1_800_000_000.0


# The Go port's scorer_test.go cases (the Python original has no tests): importance, age, accesses -> tier.
@pytest.mark.parametrize(
    ("importance", "age_days", "accesses", "tier", "approx"),
    [
        (0.9, 1, 0, "hot", 0.88),
        (0.6, 7, 2, "warm", 0.57),
        (0.4, 30, 0, "cold", 0.15),
        (0.1, 90, 0, "frozen", None),
        (0.5, 60, 10, "cold", None),
    ],
)
def test_seed_reference_cases(
    importance: float, age_days: float, accesses: int, tier: str, approx: float | None
) -> None:
    score = tier_score(importance, age_days, accesses)
    assert classify_tier(score) == tier
    if approx is not None:  # the Go test's "~0.88" is 0.870 with the seed's exp(-age/30)
        assert score == pytest.approx(approx, abs=0.01)


def test_tau_is_a_time_constant_not_a_half_life() -> None:
    assert tier_score(1.0, 30, 0) == pytest.approx(math.exp(-1))
    assert tier_score(1.0, 30 * math.log(2), 0) == pytest.approx(0.5)


def test_thresholds_are_inclusive() -> None:
    assert [classify_tier(s) for s in (0.7, 0.3, 0.05, 0.0499)] == ["hot", "warm", "cold", "frozen"]


def test_policy_comes_from_settings() -> None:
    settings = parse_settings(
        {
            "lifecycle": {
                "scoring": {"half_life_days": 10, "reinforcement_boost": 0.5, "hot_threshold": 0.8},
                "warm": {"max_kb": 2, "retention_days": 7, "eviction_threshold": 0.2},
                "cold": {"retention_years": 1},
            }
        }
    ).lifecycle
    policy = TierPolicy.from_settings(settings)
    assert (policy.tau_days, policy.reinforcement_boost, policy.hot, policy.warm) == (10, 0.5, 0.8, 0.2)
    assert (policy.warm_max_bytes, policy.retention_days, policy.frozen_retention_days) == (2048, 7, 365.25)
    assert tier_score(1.0, 10, 2, policy) == pytest.approx(math.exp(-1) * 2.0)


@given(st.floats(0, 1), st.floats(0, 3650), st.integers(0, 1000), st.floats(0, 100))
def test_score_falls_with_age_and_rises_with_access(importance: float, age: float, accesses: int, later: float) -> None:
    score = tier_score(importance, age, accesses)
    assert tier_score(importance, age + later, accesses) <= score
    assert tier_score(importance, age, accesses + 1) >= score
    assert 0 <= score <= importance * (1 + 0.1 * accesses) + 1e-12


@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 365), st.integers(0, 50))
def test_more_importance_never_lowers_the_tier(a: float, b: float, age: float, accesses: int) -> None:
    order = ["frozen", "cold", "warm", "hot"]
    low, high = sorted((a, b))
    assert order.index(classify_tier(tier_score(low, age, accesses))) <= order.index(
        classify_tier(tier_score(high, age, accesses))
    )


def test_explain_score_names_every_factor() -> None:
    parts = explain_score(0.6, 7, 2, DEFAULT_POLICY)
    assert parts["tier"] == "warm" and parts["access_count"] == 2
    importance, decay, reinforcement = (cast(float, parts[k]) for k in ("importance", "decay", "reinforcement"))
    assert parts["score"] == pytest.approx(importance * decay * reinforcement, abs=1e-3)


def _rows(*specs: tuple[str, float, float, int]) -> TierRows:
    """(tier, importance, age in days, accesses) per memory, ids m0, m1..."""
    return TierRows(
        ids=[f"m{i}" for i in range(len(specs))],
        tiers=np.array([s[0] for s in specs], dtype=object),
        importance=np.array([s[1] for s in specs]),
        created_at=np.array([NOW - s[2] * DAY_S for s in specs]),
        access_count=np.array([float(s[3]) for s in specs]),
        last_accessed_at=np.zeros(len(specs)),
        text_bytes=np.full(len(specs), 40),
    )


def _moves(rows: TierRows, archived: dict[str, Snapshot] | None = None) -> dict[str, tuple[str, str]]:
    scored = score_all(rows, NOW, DEFAULT_POLICY)
    return {rows.ids[m.index]: (m.to, m.reason) for m in plan_moves(scored, DEFAULT_POLICY, archived or {})}


def test_warm_store_keeps_young_low_scores_until_retention() -> None:
    rows = _rows(
        ("warm", 0.4, 20, 0),  # score 0.21 < 0.3 but 20 days old: stays (the seed evicts only when both hold)
        ("warm", 0.6, 40, 0),  # 40 days and 0.16: retention eviction to cold
        ("warm", 1.0, 40, 0),  # 40 days but 0.26... also evicted
        ("warm", 1.0, 40, 3),  # 40 days, reinforced to 0.34: stays
        ("hot", 0.2, 400, 0),  # ancient: straight to frozen
    )
    assert _moves(rows) == {"m1": ("cold", "retention"), "m2": ("cold", "retention"), "m4": ("frozen", "retention")}


def test_hot_and_warm_follow_the_score_inside_the_warm_store() -> None:
    rows = _rows(("warm", 0.9, 1, 0), ("hot", 0.8, 10, 0), ("hot", 0.9, 1, 0))
    assert _moves(rows) == {"m0": ("hot", "promoted"), "m1": ("warm", "cooled")}


def test_archive_fades_and_comes_back_only_when_reinforced() -> None:
    rows = _rows(
        ("cold", 0.5, 100, 0),  # 0.018: fades to frozen
        ("cold", 0.9, 2, 0),  # evicted by size while young: no change since -> stays cold
        ("cold", 0.9, 2, 1),  # read since it was archived -> back to the warm store
        ("frozen", 0.9, 2, 0),  # frozen but its score says otherwise (e.g. importance raised): revived
        ("cold", 0.9, 2, 0),  # born archived (no transition): only a change could lift it -> back
    )
    archived = {"m1": Snapshot(0.9, 0), "m2": Snapshot(0.9, 0), "m3": Snapshot(0.9, 0)}
    assert _moves(rows, archived) == {
        "m0": ("frozen", "faded"),
        "m2": ("hot", "reinforced"),
        "m3": ("cold", "revived"),
        "m4": ("hot", "reinforced"),
    }
    assert score_all(rows, NOW, DEFAULT_POLICY).archived_candidates() == ["m1", "m2", "m3", "m4"]


def test_raised_importance_counts_as_reinforcement() -> None:
    rows = _rows(("cold", 0.9, 2, 0))
    assert _moves(rows, {"m0": Snapshot(0.5, 0)}) == {"m0": ("hot", "reinforced")}


def test_over_cap_evicts_lowest_scores_until_the_list_fits() -> None:
    # [ + three facts of 10 bytes joined by ", " + ] = 2 + 30 + 4 = 36 bytes
    assert over_cap([0.5, 0.1, 0.9], [10, 10, 10], 36) == []
    assert over_cap([0.5, 0.1, 0.9], [10, 10, 10], 35) == [1]
    assert over_cap([0.5, 0.1, 0.9], [10, 10, 10], 10) == [1, 0]  # the seed always keeps one fact
    assert over_cap([], [], 10) == []


def test_expired_frozen_needs_both_frozen_and_the_retention_period() -> None:
    rows = _rows(("frozen", 0.1, 11 * 365.25, 0), ("frozen", 0.1, 9 * 365.25, 0), ("cold", 0.3, 11 * 365.25, 0))
    scored = score_all(rows, NOW, DEFAULT_POLICY)
    assert expired_frozen(scored, DEFAULT_POLICY, ["frozen", "frozen", "cold"], NOW) == [0]
    assert expired_frozen(scored, DEFAULT_POLICY, ["frozen", "frozen", "frozen"], NOW) == [0, 2]


def test_important_memories_are_never_deleted_nor_frozen() -> None:
    rows = _rows(("frozen", 0.8, 11 * 365.25, 0), ("cold", 0.95, 20 * 365.25, 0), ("cold", 0.79, 20 * 365.25, 0))
    scored = score_all(rows, NOW, DEFAULT_POLICY)
    assert list(scored.natural) == ["cold", "cold", "frozen"]  # importance >= 0.8 fades to cold at most
    assert expired_frozen(scored, DEFAULT_POLICY, ["frozen"] * 3, NOW) == [2]


def test_age_counts_from_the_last_use_and_recent_use_protects() -> None:
    rows = _rows(("frozen", 0.1, 12 * 365.25, 0), ("frozen", 0.1, 12 * 365.25, 0))
    used = TierRows(
        **{**{f: getattr(rows, f) for f in rows.__slots__}, "last_accessed_at": np.array([0.0, NOW - 200 * DAY_S])}
    )
    scored = score_all(used, NOW, DEFAULT_POLICY)
    assert scored.ages[0] == pytest.approx(12 * 365.25) and scored.ages[1] == pytest.approx(200)
    assert expired_frozen(scored, DEFAULT_POLICY, ["frozen", "frozen"], NOW) == [0]


def test_describe_puts_the_numbers_in_words() -> None:
    text = DEFAULT_POLICY.describe("retention", 0.158, 40.2)
    assert text == "older than 30 days (40) with score 0.158 below 0.3"
