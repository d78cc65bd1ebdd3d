"""Scoring functions of the recall pipeline. Pure, each bounded, each unit-tested.

Every factor is a multiplier in a fixed range, so no single signal can bury a strong match: old
memories fade (recency floor) but never disappear, boosts lift but never dominate.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

import numpy as np

# Recall tiers over a hit's absolute relevance (seed 002's HOT / WARM / COLD; its 0.3 / 0.15 were cut points of
# a score relative to the best hit, so every query's top hit was HOT). Chosen on the LongMemEval dev subset
# (gold evidence vs. the best hit of unanswerable questions) and judged on 150 other questions: the weights
# that showed the most evidence HOT on dev with at most 30% of unanswerable searches HOT, and the lowest bar
# (in steps of 0.005) that kept them there. Word coverage weighs less than meaning: a question's names and
# common words are often all present in an unrelated turn ("who became a parent first, Tom or Alex?").
HOT_RELEVANCE, WARM_RELEVANCE = 0.38, 0.25
W_MATCH, W_COSINE = 0.25, 0.75

T = TypeVar("T")


def normalise(scores: Mapping[str, float]) -> dict[str, float]:
    """Scale positive scores to [0, 1] by the best one (0 for none)."""
    top = max(scores.values(), default=0.0)
    return {k: (v / top if top > 0 else 0.0) for k, v in scores.items()}


def normalise_cosines(cosines: Mapping[str, float]) -> dict[str, float]:
    """Min-max over the candidate list: cosines of weak embedders bunch up, so spread them out."""
    if not cosines:
        return {}
    low, high = min(cosines.values()), max(cosines.values())
    span = high - low
    return {k: ((v - low) / span if span > 1e-9 else 1.0) for k, v in cosines.items()}


def combine(
    lexical: Mapping[str, float], vector: Mapping[str, float], w_lexical: float, w_vector: float
) -> dict[str, float]:
    """Weighted sum of the normalised signals (a missing signal counts 0)."""
    ids = dict.fromkeys([*lexical, *vector])  # not a set: equal scores must rank the same in every process
    total = w_lexical + w_vector or 1.0
    return {i: (w_lexical * lexical.get(i, 0.0) + w_vector * vector.get(i, 0.0)) / total for i in ids}


def conversation_context(
    placements: Mapping[str, tuple[int, str]], scores: Mapping[str, float], window: int
) -> dict[str, tuple[float, float]]:
    """For each placed memory: the best score among the others of its session written within ``window``
    positions of it, and the best among all the others of its session (0 where there is none).

    ``placements``: id -> (position in its session, session), for the scored memories that have one.
    """
    by_session: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for mid, (position, session) in placements.items():
        by_session[session].append((position, mid))
    found: dict[str, tuple[float, float]] = {}
    for members in by_session.values():
        members.sort()
        ranked = sorted((scores[mid] for _, mid in members), reverse=True)
        for i, (position, mid) in enumerate(members):
            near = 0.0
            for step in (-1, 1):  # walk outwards while still within the window (positions are unique)
                j = i + step
                while 0 <= j < len(members) and abs(members[j][0] - position) <= window:
                    near = max(near, scores[members[j][1]])
                    j += step
            # the session's best other: its best score, unless that is this memory's own
            best_other = (ranked[1] if len(ranked) > 1 else 0.0) if scores[mid] == ranked[0] else ranked[0]
            found[mid] = (near, best_other)
    return found


def coverage(query_stems: Sequence[str], doc_stems: Iterable[str], idf: Mapping[str, float]) -> float:
    """Seed 002's match idea: the IDF-weighted share of query terms the memory contains, in [0, 1]."""
    if not query_stems:
        return 0.0
    present = set(doc_stems)
    total = sum(idf.get(s, 1.0) for s in query_stems)
    return sum(idf.get(s, 1.0) for s in query_stems if s in present) / total if total else 0.0


def recency(age_days: float, floor: float, tau_days: float) -> float:
    """Bounded decay: 1 today, approaching ``floor`` (never 0) as the memory ages."""
    return floor + (1.0 - floor) * math.exp(-max(0.0, age_days) / tau_days)


def importance_factor(importance: float) -> float:
    """0.75 at importance 0, 1.0 at the default 0.5, 1.25 at 1."""
    return 0.75 + 0.5 * importance


def reinforcement_factor(access_count: int) -> float:
    """Retrieval is reinforcement, with diminishing returns: +5 % per e-fold of accesses, at most +25 %."""
    return 1.0 + min(0.25, 0.05 * math.log1p(max(0, access_count)))


def type_factor(recall_boost: float) -> float:
    """Seed 002's type boost (1.5 for decisions, fixes, failures...), softened to a square root."""
    return math.sqrt(recall_boost)


def relevance(match: float, cosine: float) -> float:
    """How well a memory answers the query on its own, in [0, 1], comparable across queries and stores: the
    IDF-weighted share of the query's words it contains, and its embedding cosine with the query."""
    return W_MATCH * max(0.0, match) + W_COSINE * max(0.0, cosine)


def recall_tier(score: float) -> str:
    if score >= HOT_RELEVANCE:
        return "hot"
    return "warm" if score >= WARM_RELEVANCE else "cold"


TIER_WORDS = {
    "hot": "a strong match: most of the question's words or its meaning",
    "warm": "a partial match: some of the question's words or a related meaning",
    "cold": "a weak match: kept for its context or a distant resemblance",
}


def mmr(relevance: np.ndarray, sims: np.ndarray, lam: float, overlap: float = 0.0) -> list[int]:
    """Maximal marginal relevance: each pick maximises relevance minus redundancy with earlier picks.

    ``relevance`` (n,) and the similarity matrix ``sims`` (n, n) describe the same items; returns every
    index, re-ordered. Similarity up to ``overlap`` is not redundancy (two facts on one topic are still two
    facts); above it, redundancy grows linearly to 1 at identical vectors. Items without a vector (zero
    rows) are never penalised.
    """
    sims = np.clip((sims - overlap) / (1.0 - overlap), 0.0, 1.0) if overlap > 0 else sims
    relevance = relevance / (relevance.max() or 1.0)
    # Plain floats from here: the loop is n picks over n items of a few dozen, where each numpy call costs
    # more than the arithmetic (the same float64 operations in the same order, so the same order results).
    gains, rows = (lam * relevance).tolist(), np.asarray(sims).tolist()
    weight = 1 - lam
    redundancy = [0.0] * len(gains)
    left = list(range(len(gains)))
    picked: list[int] = []
    while left:
        best, top = left[0], -math.inf
        for i in left:  # the first of the best, as argmax (redundancy starts at 0 and only grows: >= 0)
            gain = gains[i] - weight * redundancy[i]
            if gain > top:
                best, top = i, gain
        picked.append(best)
        left.remove(best)
        row = rows[best]
        redundancy = [r if r >= v else v for r, v in zip(redundancy, row, strict=True)]
    return picked


def same_conversation(sessions: Sequence[str | None], redundancy: float) -> np.ndarray:
    """An MMR similarity matrix: ``redundancy`` between two items of one conversation, 0 otherwise (and for
    items outside any conversation, ``None``)."""
    codes: dict[str | None, int] = {session: i for i, session in enumerate(dict.fromkeys(sessions))}
    labels = np.array([-1 if s is None else codes[s] for s in sessions], dtype=np.int64)
    same = (labels[:, None] == labels[None, :]) & (labels[:, None] >= 0)
    return np.where(same, redundancy, 0.0)


def interleave(rankings: Sequence[Sequence[T]], limit: int, key: Callable[[T], Hashable]) -> list[T]:
    """Round-robin over the rankings (first items first, in the order the rankings are given), each item
    once (by ``key``), at most ``limit``: every ranking's best reach the top."""
    merged: dict[Hashable, T] = {}
    for depth in range(max(map(len, rankings), default=0)):
        for ranking in rankings:
            if depth < len(ranking):
                merged.setdefault(key(ranking[depth]), ranking[depth])
    return list(merged.values())[:limit]
