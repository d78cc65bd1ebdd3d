"""Tier scoring (EvoClaw): importance x recency decay x reinforcement, and where each memory should live.

Pure: the caller reads the columns (:class:`~tiermem.storage.lifecycle.TierRows`) and applies the moves.

Placement follows the seed: a memory in the warm store (tiers hot and warm) stays there until it is older than
the retention period *and* scores below the warm threshold, or until the store outgrows its size cap (lowest
scores leave first). Within the warm store, the score alone decides hot or warm. An archived memory (cold or
frozen) fades to frozen by score, and comes back to the warm store only when it was reinforced (read again,
or its importance raised) since it was archived: an evicted memory does not bounce back by itself.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..config import LifecycleSettings
from ..model import MemoryRecord
from ..storage.lifecycle import TierRows

DAY_S = 86400.0
YEAR_DAYS = 365.25
WARM_STORE = ("hot", "warm")

# Why a memory moved, in words (formatted with the numbers of the move): what `tiermem why` shows.
REASONS = {
    "promoted": "score {score:.3f} reached the hot threshold {hot:g}",
    "cooled": "score {score:.3f} fell below the hot threshold {hot:g}",
    "retention": "older than {retention:g} days ({age:.0f}) with score {score:.3f} below {warm:g}",
    "size_cap": "the warm store was over {warm_kb:g} KB and this was among its lowest scores ({score:.3f})",
    "faded": "score {score:.3f} fell below the cold threshold {cold:g}",
    "revived": "score {score:.3f} rose back to the cold threshold {cold:g}",
    "reinforced": "read again or made more important since it was archived: score {score:.3f}",
    "deleted": "frozen and unused for longer than the {frozen_years:g}-year retention period",
}


@dataclass(frozen=True, slots=True)
class TierPolicy:
    """``tau_days`` is the decay time constant (the seed calls it half_life_days; e^-1 at tau, not 1/2)."""

    tau_days: float = 30.0
    reinforcement_boost: float = 0.1
    hot: float = 0.7
    warm: float = 0.3
    cold: float = 0.05
    retention_days: float = 30.0
    warm_max_bytes: int = 50 * 1024
    frozen_retention_days: float = 10 * YEAR_DAYS
    protect_importance: float = 0.8  # at least this important: never frozen, never deleted
    protect_recent_days: float = 365.0  # used this recently: never deleted

    @classmethod
    def from_settings(cls, settings: LifecycleSettings) -> TierPolicy:
        s = settings
        return cls(
            tau_days=s.scoring.half_life_days,
            reinforcement_boost=s.scoring.reinforcement_boost,
            hot=s.scoring.hot_threshold,
            warm=s.warm.eviction_threshold,
            cold=s.scoring.cold_threshold,
            retention_days=s.warm.retention_days,
            warm_max_bytes=int(s.warm.max_kb * 1024),
            frozen_retention_days=s.cold.retention_years * YEAR_DAYS,
            protect_importance=s.cold.protect_importance,
            protect_recent_days=s.cold.protect_recent_days,
        )

    def describe(self, reason: str, score: float, age_days: float) -> str:
        return REASONS[reason].format(
            score=score,
            age=age_days,
            hot=self.hot,
            warm=self.warm,
            cold=self.cold,
            retention=self.retention_days,
            warm_kb=self.warm_max_bytes / 1024,
            frozen_years=self.frozen_retention_days / YEAR_DAYS,
        )


DEFAULT_POLICY = TierPolicy()


def age_days(created_at: float, last_accessed_at: float | None, now: float) -> float:
    """Age for decay, in days: from the memory's last use (a read, a reinforcement, or its import when it came
    in back-dated), else from its creation. Importing old history does not make it old to tiermem."""
    return max(0.0, (now - max(created_at, last_accessed_at or 0.0)) / DAY_S)


def record_age(record: MemoryRecord, now: float) -> float:
    last = record.last_accessed_at.timestamp() if record.last_accessed_at else None
    return age_days(record.created_at.timestamp(), last, now)


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


def explain_score(importance: float, age_days: float, access_count: int, policy: TierPolicy) -> dict[str, float | str]:
    """The score's factors, for people: what `why` and the transitions record."""
    decay = math.exp(-max(0.0, age_days) / policy.tau_days)
    reinforcement = 1.0 + policy.reinforcement_boost * max(0, access_count)
    score = importance * decay * reinforcement
    return {
        "score": round(score, 4),
        "importance": round(importance, 4),
        "age_days": round(age_days, 2),
        "decay": round(decay, 4),
        "access_count": access_count,
        "reinforcement": round(reinforcement, 4),
        "tier": classify_tier(score, policy),
    }


@dataclass(frozen=True, slots=True)
class Scored:
    """Every current memory's score, age and natural tier (the tier its score alone would give)."""

    rows: TierRows
    scores: np.ndarray
    ages: np.ndarray
    natural: np.ndarray

    def archived_candidates(self) -> list[str]:
        """Archived memories whose score would put them in the warm store: promoted only if reinforced."""
        warm_now = np.isin(self.rows.tiers, WARM_STORE)
        wants_warm = np.isin(self.natural, WARM_STORE)
        return [self.rows.ids[i] for i in np.flatnonzero(~warm_now & wants_warm)]


def score_all(rows: TierRows, now: float, policy: TierPolicy) -> Scored:
    ages = np.maximum(0.0, (now - np.maximum(rows.created_at, rows.last_accessed_at)) / DAY_S)
    scores = rows.importance * np.exp(-ages / policy.tau_days) * (1.0 + policy.reinforcement_boost * rows.access_count)
    natural = np.select(
        [scores >= policy.hot, scores >= policy.warm, scores >= policy.cold], ["hot", "warm", "cold"], "frozen"
    ).astype(object)
    # An important memory fades to the cold archive at most: it stays searchable and is never deleted.
    natural[(natural == "frozen") & (rows.importance >= policy.protect_importance)] = "cold"
    return Scored(rows, scores, ages, natural)


@dataclass(frozen=True, slots=True)
class Move:
    index: int  # row of the scored columns
    to: str
    reason: str


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A memory's importance and access count when it last changed tier."""

    importance: float
    access_count: int


def plan_moves(scored: Scored, policy: TierPolicy, archived: Mapping[str, Snapshot]) -> list[Move]:
    """Tier changes by score, retention and reinforcement (not the size cap: see :func:`over_cap`).

    ``archived`` holds the snapshot of each archived candidate at its last tier change; a candidate with none
    was born archived, so only a change since then can have raised its score.
    """
    rows, scores, natural = scored.rows, scored.scores, scored.natural
    moves: list[Move] = []
    in_warm = np.isin(rows.tiers, WARM_STORE)
    expired = in_warm & (scored.ages > policy.retention_days) & (scores < policy.warm)
    for i in np.flatnonzero(expired):
        moves.append(Move(int(i), str(natural[i]), "retention"))
    staying = in_warm & ~expired
    by_score = np.where(scores >= policy.hot, "hot", "warm")
    for i in np.flatnonzero(staying & (by_score != rows.tiers)):
        moves.append(Move(int(i), str(by_score[i]), "promoted" if by_score[i] == "hot" else "cooled"))
    for i in np.flatnonzero(~in_warm & (natural != rows.tiers)):
        move = _archived_move(int(i), rows, scored, archived)
        if move is not None:
            moves.append(move)
    return sorted(moves, key=lambda m: m.index)


def _archived_move(i: int, rows: TierRows, scored: Scored, archived: Mapping[str, Snapshot]) -> Move | None:
    current, target = rows.tiers[i], str(scored.natural[i])
    if target == "frozen":
        return Move(i, "frozen", "faded")
    if target == "cold":
        return Move(i, "cold", "revived")  # frozen -> cold: only a raised score gets here
    snap = archived.get(rows.ids[i])
    if snap is None or rows.access_count[i] > snap.access_count or rows.importance[i] > snap.importance + 1e-9:
        return Move(i, target, "reinforced")
    return Move(i, "cold", "revived") if current == "frozen" else None


def over_cap(scores: Sequence[float], sizes: Sequence[int], max_bytes: int) -> list[int]:
    """Positions to evict, lowest score first, until the warm store's JSON list fits in ``max_bytes``.

    The list is sized as the seed sizes warm-memory.json: ``[`` + facts joined by ``, `` + ``]``.
    """
    total = 2 + sum(sizes) + 2 * max(0, len(sizes) - 1)
    evicted: list[int] = []
    for position in sorted(range(len(scores)), key=lambda p: scores[p]):
        if total <= max_bytes or len(evicted) == len(scores) - 1:  # the seed keeps at least one fact
            break
        evicted.append(position)
        total -= sizes[position] + 2  # the fact and one ", " (at least one fact stays)
    return evicted


def expired_frozen(scored: Scored, policy: TierPolicy, tiers: Sequence[str], now: float) -> list[int]:
    """Rows the retention policy deletes: frozen (after this run's moves), unused for longer than the frozen
    retention period, not important, and not used within the protection window (pins are the caller's)."""
    rows = scored.rows
    frozen = np.array([t == "frozen" for t in tiers], dtype=bool)
    unimportant = rows.importance < policy.protect_importance
    used = rows.last_accessed_at > now - policy.protect_recent_days * DAY_S
    doomed = frozen & (scored.ages > policy.frozen_retention_days) & unimportant & ~used
    return [int(i) for i in np.flatnonzero(doomed)]
