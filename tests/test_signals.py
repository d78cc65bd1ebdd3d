"""recall/signals.py's thread pool for vector queries sent to a server (the PostgreSQL tests use it: a search
there sends its HNSW query from the pool while BM25 ranks the words, see test_postgres.py)."""

from __future__ import annotations

import multiprocessing
import os
from multiprocessing.queues import Queue

import pytest

from tiermem.recall import signals


def _answer_from_the_pool(answers: Queue[object]) -> None:
    try:
        answers.put(signals._VECTOR_QUERIES.submit(int, "7").result(timeout=5))
    except Exception as exc:  # whatever it is, the parent reports it
        answers.put(repr(exc))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_a_forked_child_gets_a_pool_that_runs_its_queries() -> None:
    """A child forked after the parent used the pool inherits none of its threads: without a pool of its own,
    its queries would wait for ever."""
    assert signals._VECTOR_QUERIES.submit(int, "1").result(timeout=5) == 1  # the parent's threads are started
    context = multiprocessing.get_context("fork")
    answers: Queue[object] = context.Queue()
    child = context.Process(target=_answer_from_the_pool, args=(answers,))
    child.start()
    child.join(20)
    assert answers.get(timeout=5) == 7 and child.exitcode == 0
