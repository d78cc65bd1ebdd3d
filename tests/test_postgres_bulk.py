"""Bulk writes on PostgreSQL: a COPY of many rows keeps the lifecycle's category counts (one statement-level
trigger per batch), and ``bulk_load`` drops the HNSW index for a large load and always builds it again."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

import pg
from builders import make_record
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
