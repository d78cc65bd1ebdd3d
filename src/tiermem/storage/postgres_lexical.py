"""Which query terms the PostgreSQL lexical search matches on, and how much each weighs. Pure.

PostgreSQL's full-text ranking (``ts_rank``) must read every matching row: a query with a word that one
memory in ten contains ranks a hundred thousand rows at a million memories, hundreds of milliseconds. And
``ts_rank`` weighs every term the same, where BM25 (SQLite's FTS5) weighs rare terms up.

So, from the planner's own statistics of the lexeme column (``pg_stats.most_common_elems``: the share of
rows holding each common lexeme):

* each term weighs its inverse document frequency, ``ln(1 + (1 - f) / f)``, BM25's idf;
* candidates come from the rarest terms, as many as keep the expected matches within a budget (the rarest
  term always counts, however common). Common terms still weigh in the ranking of those candidates; they
  only stop pulling in rows of their own, as Lucene's "common terms" query does. The vector signal finds
  what only common words would have matched.

Without statistics (a new or small table) every term matches and weighs the same.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

MATCH_BUDGET = 10_000  # rows the candidate terms may match, by the statistics' estimate
MIN_WEIGHT = 0.01


@dataclass(frozen=True, slots=True)
class LexemeStats:
    """Share of rows holding each common lexeme; lexemes not listed are rarer than ``floor``."""

    freqs: Mapping[str, float]
    floor: float
    rows: float

    @property
    def known(self) -> bool:
        return bool(self.freqs) and self.rows > 0


NO_STATS = LexemeStats({}, 0.0, 0.0)


@dataclass(frozen=True, slots=True)
class TermPlan:
    term: str
    weight: float
    match: bool  # does it bring in candidates of its own?


def frequency(lexemes: Sequence[str], stats: LexemeStats) -> float:
    """Share of rows a term matches: its words must all be there, so the rarest word bounds it."""
    return min((stats.freqs.get(x, stats.floor / 2) for x in lexemes), default=0.0)


def idf(share: float) -> float:
    """BM25's inverse document frequency, kept above zero so every matching term still counts a little."""
    share = min(max(share, 1e-9), 1.0)
    return max(math.log(1.0 + (1.0 - share) / share), MIN_WEIGHT)


def plan_terms(lexemes: Mapping[str, Sequence[str]], stats: LexemeStats, budget: int = MATCH_BUDGET) -> list[TermPlan]:
    """The plan for each term that has lexemes (stop words have none), in the order given."""
    terms = [t for t, found in lexemes.items() if found]
    if not stats.known:
        return [TermPlan(t, 1.0, True) for t in terms]
    shares = {t: frequency(lexemes[t], stats) for t in terms}
    matching: set[str] = set()
    expected = 0.0
    for term in sorted(terms, key=lambda t: (shares[t], t)):
        rows = shares[term] * stats.rows
        if matching and expected + rows > budget:
            break
        matching.add(term)
        expected += rows
    return [TermPlan(t, round(idf(shares[t]), 6), t in matching) for t in terms]
