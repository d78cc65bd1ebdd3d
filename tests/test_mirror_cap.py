"""A process serving many agents keeps a bounded number of per-agent search mirrors (least recently used
dropped first), and an agent whose mirror was dropped is searched exactly as before."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest

from tiermem import Memory
from tiermem.storage import sqlite_search
from tiermem.storage.sqlite import SQLiteBackend
from tiermem.storage.sqlite_base import Recent


def test_recent_keeps_the_most_recently_used() -> None:
    kept: Recent[int] = Recent(2)
    kept["a"], kept["b"] = 1, 2
    assert kept.get("a") == 1  # a use: "b" is now the oldest
    kept["c"] = 3
    assert list(kept) == ["a", "c"] and kept.get("b") is None


def test_mirrors_are_bounded_and_an_evicted_agent_is_searched_the_same(tmp_path: Path) -> None:
    mem = Memory.open(tmp_path / "store", config={"mirror_agents": 2})
    backend = cast(SQLiteBackend, mem._backend)
    agents = [f"agent-{i}" for i in range(5)]
    for agent in agents:
        mem.store_many(
            [{"text": f"{agent} keeps the spare key under the blue flowerpot"}, {"text": f"{agent} likes tea"}],
            agent_id=agent,
        )
    first = {a: [h.memory.id for h in mem.search("where is the spare key?", agent_id=a)] for a in agents}
    for _ in range(3):  # past the queries after which the BM25 mirror is built
        for agent in agents:
            mem.search("spare key flowerpot", agent_id=agent, reinforce=False)
    assert len(backend._indexes) <= 2 and len(backend._lexicons) <= 2
    again = {a: [h.memory.id for h in mem.search("where is the spare key?", agent_id=a)] for a in agents}
    assert again == first and all(first.values())
    mem.close()


def test_a_small_agent_gets_its_mirror_at_once_a_big_one_after_some_queries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FTS5 ranks every agent's rows, so a small agent in a big store is searched through its own mirror from
    the first query; a big agent's one-shot command does not pay for building one."""
    monkeypatch.setattr(sqlite_search, "SMALL_AGENT", 3)
    mem = Memory.open(tmp_path / "store")
    backend = cast(SQLiteBackend, mem._backend)
    mem.store_many([{"text": f"small agent note {i}"} for i in range(3)], agent_id="small")
    mem.store_many([{"text": f"big agent note {i}"} for i in range(4)], agent_id="big")
    assert backend.lexical("small", ["note"], limit=5) and "small" in backend._lexicons
    assert backend.lexical("big", ["note"], limit=5) and "big" not in backend._lexicons
    mem.close()
