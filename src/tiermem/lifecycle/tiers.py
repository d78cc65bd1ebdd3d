"""Tier scoring (EvoClaw): importance x recency decay x reinforcement. Pure."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TierPolicy:
    """``tau_days`` is the decay time constant (the seed calls it half_life_days; e^-1 at tau, not 1/2)."""

    tau_days: float = 30.0
    reinforcement_boost: float = 0.1
    hot: float = 0.7
    warm: float = 0.3
    cold: float = 0.05


DEFAULT_POLICY = TierPolicy()


def tier_score(importance: float, age_days: float, access_count: int, policy: TierPolicy = DEFAULT_POLICY) -> float:
    decay = math.exp(-max(0.0, age_days) / policy.tau_days)
    return importance * decay * (1.0 + policy.reinforcement_boost * max(0, access_count))


def classify_tier(score: float, policy: TierPolicy = DEFAULT_POLICY) -> str:
    if score >= policy.hot:
        return "hot"
    if score >= policy.warm:
        return "warm"
    if score >= policy.cold:
        return "cold"
    return "frozen"
