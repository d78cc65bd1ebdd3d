"""The vector mirror follows the store's deletions: the writing process drops the rows in place, another
process (or a deletion it did not see) makes it keep only the rows still stored."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import numpy as np

from builders import distinct_texts
from tiermem import Memory
from tiermem.storage.sqlite import SQLiteBackend


def _near(memory: Memory, text: str) -> list[str]:
    query = memory.embedder.embed([text])
    return [m for m, _ in memory._backend.vector("default", query, limit=10)[0]]


def _dedup_near(memory: Memory, text: str, type_: str = "semantic") -> list[str]:
    query = memory.embedder.embed([text])
    return [m for m, _ in memory._backend.dedup_candidates("default", query, limit=10, types=[type_])[0]]


def test_an_update_drops_the_old_vector_in_place_and_every_process_sees_it(tmp_path: Path) -> None:
    memory = Memory.open(tmp_path / "store")
    old = memory.store("The staging database listens on port 5432", type="semantic")
    memory.store("The billing worker retries failed charges", type="semantic")
    assert old.id in _near(memory, "staging database port") and old.id in _dedup_near(memory, "staging port")
    backend = cast(SQLiteBackend, memory._backend)
    mirror = backend._indexes["default"]
    new = memory.store("The staging database listens on port 5433", type="semantic")
    assert new.decision == "update"
    assert backend._indexes["default"] is mirror  # no reload
    assert old.id not in _near(memory, "staging database port") and new.id in _near(memory, "staging database port")
    assert old.id not in _dedup_near(memory, "staging port") and new.id in _dedup_near(memory, "staging port")
    other = Memory.open(tmp_path / "store")  # another process, its mirror loaded after the update
    assert old.id not in _near(other, "staging database port")
    other.forget(new.id)  # a deletion this process's mirror has not applied...
    newer = memory.store("The invoice batch starts at 9 pm", type="semantic")
    assert newer.created
    third = memory.store("The invoice batch starts at 10 pm", type="semantic")
    assert third.decision == "update"
    found = _near(memory, "staging database port") + _near(memory, "invoice batch starts")
    assert new.id not in found and newer.id not in found and third.id in found  # ...so it reloads the rows
    assert old.id not in _near(other, "staging database port")
    other.close()
    memory.close()


def test_a_mirror_loaded_beside_the_bm25_one_reads_its_types_only_when_a_write_needs_them(tmp_path: Path) -> None:
    """A search in a new process loads the vector mirror with the BM25 mirror's ids, its types unread; the
    first write that looks for same-type neighbours reads them, and finds what a mirror read whole finds."""
    with Memory.open(tmp_path / "store") as memory:
        fact = memory.store("The staging database listens on port 5432", type="semantic").id
        step = memory.store("Restart the staging database with systemctl before a migration", type="procedural").id
    with Memory.open(tmp_path / "store") as memory:
        memory.search("staging database", reinforce=False)
        mirror = cast(SQLiteBackend, memory._backend)._indexes["default"]
        assert mirror.untyped and set(mirror.ids) == {fact, step}
        assert _dedup_near(memory, "staging database port", "semantic") == [fact]
        assert _dedup_near(memory, "staging database restart", "procedural") == [step]
        assert not mirror.untyped and sorted(mirror.types) == ["procedural", "semantic"]


def test_a_mirror_loaded_whole_holds_its_agents_vectors_only_however_its_rows_lie(tmp_path: Path) -> None:
    """Rows stored together are read as one range of the table, rows spread among other agents' through the
    agent's index: either way the mirror holds exactly the agent's vectors, each under its own memory."""
    texts = [f"{t} pipeline" for t in distinct_texts(12, seed=7)]
    with Memory.open(tmp_path / "store") as memory:
        together = [memory.store(t, agent_id="a").id for t in texts[:5]]
        memory.store("another agent's note in between", agent_id="z")  # inside a's range of keys
        together += [memory.store(t, agent_id="a").id for t in texts[5:]]
        spread = []
        for t in texts:  # b's rows among c's and d's: its keys span three times its rows
            spread.append(memory.store(t, agent_id="b").id)
            memory.store(t, agent_id="c")
            memory.store(t, agent_id="d")
        expected = {agent: memory.embedder.embed(texts) for agent in ("a", "b")}
    with Memory.open(tmp_path / "store") as memory:
        for agent, ids in (("a", together), ("b", spread)):
            memory.search("pipeline", agent_id=agent, reinforce=False)
            mirror = cast(SQLiteBackend, memory._backend)._indexes[agent]
            assert mirror.ids == ids and mirror.untyped
            assert np.allclose(mirror.matrix, expected[agent], atol=1e-6)
