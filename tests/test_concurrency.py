"""Many processes writing one store at once (hooks fire concurrently): nothing lost, nothing doubled."""

from __future__ import annotations

import multiprocessing
import queue
from pathlib import Path
from typing import Any

import pytest

from builders import distinct_texts
from tiermem import Memory
from tiermem.providers.embedders import WordLlamaEmbedder
from tiermem.storage.sqlite import SQLiteBackend
from workers import store_texts

pytestmark = pytest.mark.slow

SPAWN = multiprocessing.get_context("spawn")


def run_workers(path: Path | str, jobs: dict[str, list[str]], timeout: float = 240) -> dict[str, list[dict[str, Any]]]:
    """Run one process per job, released together by a barrier; return each worker's store results."""
    barrier = SPAWN.Barrier(len(jobs))
    results = SPAWN.Queue()
    processes = [
        SPAWN.Process(target=store_texts, args=(str(path), texts, barrier, results, tag), daemon=True)
        for tag, texts in jobs.items()
    ]
    for process in processes:
        process.start()
    outcomes: dict[str, list[dict[str, Any]]] = {}
    errors: list[str] = []
    try:
        for _ in processes:
            tag, status, payload = results.get(timeout=timeout)
            if status == "ok":
                outcomes[tag] = payload
            else:
                errors.append(f"{tag}:\n{payload}")
    except queue.Empty:
        errors.append("a worker did not report in time")
    finally:
        for process in processes:
            process.join(timeout=30)
            if process.is_alive():
                process.kill()
    assert not errors, "\n".join(errors)
    assert [p.exitcode for p in processes] == [0] * len(processes)
    return outcomes


def test_four_writers_store_2000_distinct_memories(tmp_path: Path, embedder: WordLlamaEmbedder) -> None:
    path = tmp_path / "store"
    Memory.open(path, embedder=embedder).close()  # create it first, as `tiermem init` would
    jobs = {f"w{n}": distinct_texts(500, seed=n, prefix=f"writer{'abcd'[n]} ") for n in range(4)}
    everything = [text for texts in jobs.values() for text in texts]
    assert len(set(everything)) == 2000

    outcomes = run_workers(path, jobs)

    assert all(all(r["created"] for r in outcome) for outcome in outcomes.values())
    with Memory.open(path, embedder=embedder) as mem:
        rows = mem.list(limit=10_000, include_forgotten=True, include_superseded=True)
        assert len(rows) == 2000
        assert sorted(r.text for r in rows) == sorted(everything)
        assert {r.id for r in rows} == {r["id"] for outcome in outcomes.values() for r in outcome}
        assert {r.source["worker"] for r in rows} == set(jobs)
        assert mem.stats()["memories"] == 2000
        probe = jobs["w2"][137]
        assert mem.search(probe, limit=1)[0].memory.text == probe
    backend = SQLiteBackend(path)
    try:
        assert backend.integrity_check() == ["ok"]
        assert len(backend.vectors_for("default", [r.id for r in rows])) == 2000
    finally:
        backend.close()


def test_concurrent_duplicates_end_as_one_reinforced_row(tmp_path: Path, embedder: WordLlamaEmbedder) -> None:
    path = tmp_path / "store"
    Memory.open(path, embedder=embedder).close()
    variants = ["The build server restarts every Sunday", "the build server restarts every sunday!",
                "THE BUILD SERVER RESTARTS EVERY SUNDAY.", "The build server restarts, every Sunday"]  # fmt: skip
    jobs = {f"w{n}": [variants[n]] * 25 for n in range(4)}

    outcomes = run_workers(path, jobs)

    results = [r for outcome in outcomes.values() for r in outcome]
    assert sum(r["created"] for r in results) == 1
    assert len({r["id"] for r in results}) == 1
    assert {r["reason"] for r in results if not r["created"]} == {"exact_match"}
    with Memory.open(path, embedder=embedder) as mem:
        rows = mem.list(include_forgotten=True, include_superseded=True)
        assert len(rows) == 1
        assert rows[0].access_count == 99
        assert rows[0].importance == 1.0
        history = mem.history(rows[0].id)
        assert [h.action for h in history].count("reinforced") == 99
        assert {h.detail["source"]["worker"] for h in history if h.action == "reinforced"} == set(jobs)
