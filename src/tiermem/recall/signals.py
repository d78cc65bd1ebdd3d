"""The two text signals of a search, gathered from the backend: BM25 over the words, cosine over the meaning.

Why a module: on a store whose vector search is a round trip to a server (:class:`RemoteVectors`), the vector
query is sent from another thread and the words are ranked while it runs, so a search waits for the slower of
the two rather than for both (PostgreSQL at a million memories, bench/server.py: search p50 22-25 ms with the
two one after the other, 17-18 ms this way). In-process vector search (SQLite's mirror) stays on the caller's
thread: it is CPU work, which a second thread would only contend for.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from ..storage.base import Backend, RemoteVectors


def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=8, thread_name_prefix="tiermem-vector")


# Threads for vector queries in flight, shared by every store of the process, started on first use.
_VECTOR_QUERIES = _pool()


def _pool_after_fork() -> None:
    """A forked child has none of its parent's threads, while the pool it inherits counts them as idle and
    would queue its work for ever: the child starts a pool of its own."""
    global _VECTOR_QUERIES
    _VECTOR_QUERIES = _pool()


if hasattr(os, "register_at_fork"):  # POSIX; where there is no fork, there is no forked child
    os.register_at_fork(after_in_child=_pool_after_fork)


def text_signals(
    backend: Backend, agent_id: str, terms: Sequence[str], query: np.ndarray, depth: int, *, words: bool, meaning: bool
) -> tuple[dict[str, float], dict[str, float]]:
    """(id -> BM25 score, id -> cosine) of the agent's best ``depth`` current memories by each signal asked
    for (``words``, ``meaning``); an empty mapping for a signal not asked for."""
    if words and meaning and isinstance(backend, RemoteVectors) and backend.vector_elsewhere():
        pending = _VECTOR_QUERIES.submit(backend.vector, agent_id, query[None, :], limit=depth)
        lexical = dict(backend.lexical(agent_id, terms, limit=depth))
        return lexical, dict(pending.result()[0])
    lexical = dict(backend.lexical(agent_id, terms, limit=depth)) if words else {}
    return lexical, dict(backend.vector(agent_id, query[None, :], limit=depth)[0]) if meaning else {}
