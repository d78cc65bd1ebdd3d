"""Bulk writes on PostgreSQL: a COPY of many rows keeps the lifecycle's category counts (one statement-level
trigger per batch), ``bulk_load`` drops the HNSW index for a large load and always builds it again, and an
import large enough for it runs inside it with the same outcome as any other import."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pg
from builders import distinct_texts, make_record
from test_backup import _with, dump, snapshot
from tiermem import Memory, bulk_import
from tiermem.errors import ValidationError
from tiermem.storage import postgres_base
from tiermem.storage.postgres import PostgresBackend


@pytest.fixture
def backend() -> Iterator[PostgresBackend]:
    opened = PostgresBackend(pg.database_url())
    with opened.write():
        opened.meta_set("embedder_dims", "4")
    yield opened
    opened.close()


def hnsw(backend: PostgresBackend) -> list[str]:
    sql = "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE 'vectors_hnsw_%%'"
    return [r[0] for r in backend._all(sql)]


def test_a_batch_counts_its_categories_once_and_exactly(backend: PostgresBackend) -> None:
    rng = random.Random(2)
    now = datetime(2026, 1, 1, tzinfo=UTC)
    records = []
    for i in range(300):
        record = make_record(f"note {i}", agent_id=rng.choice(["a", "b"]), minutes=i,
                             category=rng.choice([None, "work", "work/reports", "home"]),
                             tier=rng.choice(["hot", "warm", "cold", "frozen"]))  # fmt: skip
        if i % 10 == 0:
            record = replace(record, status="forgotten")
        elif i % 10 == 1:
            record = replace(record, valid_to=now)
        elif i % 10 == 2:
            record = replace(record, last_accessed_at=now + timedelta(days=i))
        records.append(record)
    backend.insert(records[:150], None)
    backend.insert(records[150:], None)  # a second batch adds to the first's counts
    for agent in ("a", "b"):
        expected: dict[str | None, list[float]] = {}
        for r in records:
            if r.agent_id == agent and r.is_current:
                warm, cold, last = expected.setdefault(r.category, [0, 0, 0.0])
                moment = max(r.created_at.timestamp(), r.last_accessed_at.timestamp() if r.last_accessed_at else 0)
                expected[r.category] = [warm + (r.tier in ("hot", "warm")), cold + (r.tier in ("cold", "frozen")),
                                        max(last, moment)]  # fmt: skip
        stats = backend.category_stats(agent)
        assert {c: [s.warm, s.cold, s.last_activity] for c, s in stats.items()} == expected


def test_bulk_load_builds_the_index_after_a_large_load(
    backend: PostgresBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(postgres_base, "BULK_MIN_ROWS", 10)
    records = [make_record(f"bulk {i}", minutes=i) for i in range(40)]
    vectors = np.random.default_rng(0).standard_normal((40, 4)).astype(np.float32)
    with backend.bulk_load(len(records)) as dropped:
        assert dropped and hnsw(backend) == []
        backend.insert(records, vectors)
    assert hnsw(backend) == ["vectors_hnsw_4"]
    found = backend.vector("agent-a", vectors[7], limit=1)[0]
    assert found[0][0] == records[7].id
    # A small load into a larger table grows the index row by row: it stays.
    with backend.bulk_load(10) as dropped:
        assert not dropped and hnsw(backend) == ["vectors_hnsw_4"]
    # Too few rows to be worth it: it stays.
    monkeypatch.setattr(postgres_base, "BULK_MIN_ROWS", 10_000)
    with backend.bulk_load(1000) as dropped:
        assert not dropped


def test_a_failed_bulk_load_still_leaves_the_index(backend: PostgresBackend, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(postgres_base, "BULK_MIN_ROWS", 1)
    with pytest.raises(RuntimeError), backend.bulk_load(100):
        assert hnsw(backend) == []
        raise RuntimeError("the import failed")
    assert hnsw(backend) == ["vectors_hnsw_4"]
    valid = backend._all("SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass('vectors_hnsw_4')")
    assert valid == [(True,)]


# --- an import in bulk -----------------------------------------------------------------------------------


@pytest.fixture
def exported(open_memory: Callable[..., Memory], tmp_path: Path) -> list[str]:
    """An export (with vectors) holding every kind of line: two agents' memories (71), a forgotten and a superseded
    one among them, links, history, a pin and a lifecycle document."""
    source = open_memory(tmp_path / "source")
    texts = distinct_texts(70, seed=5)
    ids = [r.id for r in source.store_many([{"text": t} for t in texts[:60]], agent_id="alice", dedup=False)]
    source.store_many([{"text": t} for t in texts[60:]], agent_id="bob", dedup=False)
    source.forget(ids[3], agent_id="alice")
    source.update(ids[4], text="the lantern in the north tower is now green", agent_id="alice")
    source.link(ids[5], ids[6], "caused_by", agent_id="alice")
    source.update(ids[7], tier="hot", agent_id="alice")
    source.lifecycle().update_hot("identity", {"agent_name": "Alice"}, agent_id="alice")
    return dump(source, embeddings=True).splitlines()


def hnsw_oid(memory: Memory) -> int:
    """The HNSW index's object id: another one after the index was dropped and built again."""
    backend = memory._backend
    assert isinstance(backend, PostgresBackend)
    return int(backend._all("SELECT to_regclass(%s)::oid", (f"vectors_hnsw_{memory.embedder.dims}",))[0][0])


def outcome(memory: Memory) -> tuple[Any, ...]:
    """What an import leaves: every record, vector, link, history entry and document, the pins, and what
    searches find (ids and scores, best first)."""
    pins = {agent: memory._backend.pins(agent) for agent in memory.agents()}
    found = [
        [(hit.memory.id, round(hit.score, 9)) for hit in memory.search(query, agent_id=agent, reinforce=False)]
        for agent, query in (("alice", "lantern tower"), ("alice", "green"), ("bob", "river"))
    ]
    return snapshot(memory), pins, found


@pytest.fixture
def bulk_at(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """``bulk_at(n)``: loads of ``n`` rows or more are large enough for a bulk load (1,000 otherwise)."""
    return lambda rows: monkeypatch.setattr(postgres_base, "BULK_MIN_ROWS", rows)


def test_an_import_in_bulk_gives_what_any_import_gives(
    exported: list[str], open_memory: Callable[..., Memory], tmp_path: Path, bulk_at: Callable[[int], None]
) -> None:
    ordinary, in_bulk = open_memory(pg.database_url()), open_memory(pg.database_url())
    embedded = open_memory(tmp_path / "sqlite")
    first = hnsw_oid(ordinary)
    expected = ordinary.import_from(exported).to_dict()
    assert hnsw_oid(ordinary) == first  # 71 memories: too few for a bulk load, the index grew
    bulk_at(10)
    first = hnsw_oid(in_bulk)
    assert in_bulk.import_from(exported).to_dict() == expected == embedded.import_from(exported).to_dict()
    assert hnsw_oid(in_bulk) != first  # dropped for the import and built after it
    assert outcome(in_bulk) == outcome(ordinary)
    assert outcome(in_bulk)[:2] == outcome(embedded)[:2]
    # Again: nothing new, so no bulk load (the index stays), and nothing added.
    first = hnsw_oid(in_bulk)
    again = in_bulk.import_from(exported)
    assert (again.memories_added, again.memories_present, again.links_added, again.history_added) == (0, 71, 0, 0)
    assert hnsw_oid(in_bulk) == first and outcome(in_bulk) == outcome(ordinary)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda ls: _with(ls, 40, valence=3), r"line 41: valence must be in \[-1, 1\]"),
        (lambda ls: [*ls[:40], "{not json", *ls[40:]], r"line 41 is not valid JSON"),
        # the first bad line is the one reported, though reading ahead met the later one first
        (lambda ls: [*_with(ls, 10, importance=7)[:40], "{not json", *ls[40:]], r"line 11: importance"),
        (lambda ls: ls[:-1], r"without its end line: it was cut short"),
    ],
)
def test_a_bad_line_in_a_bulk_import_fails_it_whole_and_keeps_the_index(
    exported: list[str],
    open_memory: Callable[..., Memory],
    bulk_at: Callable[[int], None],
    damage: Callable[[list[str]], list[str]],
    message: str,
) -> None:
    bulk_at(10)
    target = open_memory(pg.database_url())
    first = hnsw_oid(target)
    with pytest.raises(ValidationError, match=message + ".*nothing was imported"):
        target.import_from(damage(exported))
    assert target._backend.count(current_only=False) == 0 and target.agents() == []
    assert hnsw_oid(target) != first  # dropped, and built again though the import failed
    assert target.import_from(exported).memories_added == 71  # the good file still imports in full


def test_what_decides_a_bulk_import(
    exported: list[str],
    open_memory: Callable[..., Memory],
    bulk_at: Callable[[int], None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only new memories of the imported agents count, and only those met within the lines read ahead."""
    bulk_at(20)
    target = open_memory(pg.database_url())
    first = hnsw_oid(target)
    assert target.import_from(exported, agent_id="bob").memories_added == 10  # 10 of bob's: too few
    assert hnsw_oid(target) == first
    monkeypatch.setattr(bulk_import, "READ_AHEAD_LINES", 15)  # fewer lines than a bulk load needs: not read ahead
    assert target.import_from(exported).memories_added == 61
    assert hnsw_oid(target) == first
    monkeypatch.setattr(bulk_import, "READ_AHEAD_LINES", 30)
    fresh = open_memory(pg.database_url())
    first = hnsw_oid(fresh)
    assert fresh.import_from(exported).memories_added == 71  # 29 new memories in the first 30 lines
    assert hnsw_oid(fresh) != first
