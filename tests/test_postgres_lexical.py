"""The PostgreSQL lexical planner of the SQL ranking (before a process mirrors an agent): IDF weights and
candidate terms from the planner's statistics (pure), and its effect on a real database once ANALYZE has
statistics to offer. The BM25 mirror: tests/test_postgres_mirror.py."""

from __future__ import annotations

import psycopg
from hypothesis import given
from hypothesis import strategies as st

import pg
from builders import make_record
from tiermem.storage.postgres import PostgresBackend
from tiermem.storage.postgres_lexical import NO_STATS, LexemeStats, idf, plan_terms

STATS = LexemeStats({"user": 0.4, "deploy": 0.05, "cluster": 0.01}, 0.01, 100_000)


def test_without_statistics_every_term_matches_with_equal_weight() -> None:
    plans = plan_terms({"users": ("user",), "the": (), "deploys": ("deploy",)}, NO_STATS)
    assert [(p.term, p.weight, p.match) for p in plans] == [("users", 1.0, True), ("deploys", 1.0, True)]


def test_rare_terms_weigh_more_and_common_ones_stop_matching() -> None:
    plans = {p.term: p for p in plan_terms({"user": ("user",), "deploy": ("deploy",), "cluster": ("cluster",),
                                            "zebra": ("zebra",)}, STATS, budget=5_000)}  # fmt: skip
    assert plans["zebra"].weight > plans["cluster"].weight > plans["deploy"].weight > plans["user"].weight > 0
    # zebra (unlisted: taken as 0.5%, 500 rows) and cluster (1,000) fit in 5,000; deploy (5,000 more) does not
    assert {t for t, p in plans.items() if p.match} == {"zebra", "cluster"}


def test_the_rarest_term_always_matches() -> None:
    (plan,) = plan_terms({"user": ("user",)}, STATS, budget=10)
    assert plan.match and plan.weight == round(idf(0.4), 6)


def test_a_term_of_several_words_is_as_rare_as_its_rarest_word() -> None:
    (plan,) = plan_terms({"user-cluster": ("cluster", "user")}, STATS)
    assert plan.weight == round(idf(0.01), 6)


shares = st.dictionaries(st.text("abcdef", min_size=1, max_size=4), st.floats(0.0001, 1.0), min_size=1, max_size=12)


@given(freqs=shares, budget=st.integers(1, 200_000), rows=st.floats(1, 1e7))
def test_plans_always_match_something_and_stay_within_budget(freqs: dict[str, float], budget: int, rows: float) -> None:
    stats = LexemeStats(freqs, min(freqs.values()), rows)
    lexemes = {term: (term,) for term in freqs}
    plans = plan_terms(lexemes, stats, budget)
    matching = [p for p in plans if p.match]
    assert matching and all(p.weight > 0 for p in plans)
    expected = sum(freqs[p.term] * rows for p in matching)
    assert len(matching) == 1 or expected <= budget
    rarest_left_out = [freqs[p.term] for p in plans if not p.match]
    assert all(freqs[p.term] <= share for p in matching for share in rarest_left_out)


def test_common_words_stop_pulling_in_rows_once_analyzed() -> None:
    url = pg.database_url()
    backend = PostgresBackend(url, match_budget=100, lexical_mirror=False)  # the SQL ranking, not the mirror
    try:
        rows = [make_record(f"weekly status report number {i}", minutes=i) for i in range(600)]
        rows += [make_record("the status of the zeppelin hangar", minutes=601)]
        backend.insert(rows, None)
        before = backend.lexical("agent-a", ["status", "zeppelin"], limit=1000)
        assert len(before) == 601  # no statistics yet: both words match
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("ANALYZE memories")
        backend._stats_at = float("-inf")  # read the new statistics now, not in five minutes
        after = backend.lexical("agent-a", ["status", "zeppelin"], limit=1000)
        assert [i for i, _ in after] == [rows[-1].id]  # "status" (every row) no longer matches on its own
        assert before[0][0] == rows[-1].id  # and the rare word ranked first either way
    finally:
        backend.close()
