"""The BM25 mirror on PostgreSQL (storage/postgres_mirror.py): SQLite's ranking, and never behind the database.

Two backends on one database stand for two processes (two `tiermem serve` replicas): whatever one writes,
the other's next search ranks with it, without either being told.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

import pg
from builders import count_snapshot_loads, make_record
from tiermem.model import MemoryRecord
from tiermem.storage import lexical
from tiermem.storage.lexical import LexicalIndex
from tiermem.storage.postgres import PostgresBackend
from tiermem.storage.sqlite import SQLiteBackend

AGENT = "agent-a"


@pytest.fixture
def pair() -> Iterator[tuple[PostgresBackend, PostgresBackend]]:
    url = pg.database_url()
    first, second = PostgresBackend(url), PostgresBackend(url)
    yield first, second
    first.close()
    second.close()


def ids(found: list[tuple[str, float]]) -> list[str]:
    return [i for i, _ in found]


def test_the_ranking_is_sqlites_bm25(pair: tuple[PostgresBackend, PostgresBackend], tmp_path: Path) -> None:
    texts = ["the deploy pipeline of the billing worker", "billing worker billing worker retries",
             "a note about lunch", "the worker pool of the deploy cluster, with a long tail of other words",
             "Quokka-project billing: invoices go out monthly", "deploy"]  # fmt: skip
    records = [make_record(t, minutes=i) for i, t in enumerate(texts)]
    postgres, _ = pair
    postgres.insert(records, None)
    sqlite = SQLiteBackend(tmp_path)
    try:
        sqlite.insert(records, None)
        for terms in (["billing", "worker"], ["deploy"], ["quokka", "invoices"], ["deploy", "deploy", "lunch"]):
            ours, theirs = postgres.lexical(AGENT, terms, limit=10), sqlite.lexical(AGENT, terms, limit=10)
            assert ids(ours) == ids(theirs)
            assert [s for _, s in ours] == pytest.approx([s for _, s in theirs])
    finally:
        sqlite.close()


def test_another_processs_writes_are_seen_at_the_next_search(pair: tuple[PostgresBackend, PostgresBackend]) -> None:
    reader, writer = pair
    first = make_record("the zeppelin hangar opens at dawn")
    writer.insert([first], None)
    assert ids(reader.lexical(AGENT, ["zeppelin"], limit=5)) == [first.id]  # the reader's mirror is built
    second = make_record("a second zeppelin arrives", minutes=1)
    writer.insert([second], None)
    assert set(ids(reader.lexical(AGENT, ["zeppelin"], limit=5))) == {first.id, second.id}
    writer.update(AGENT, first.id, {"status": "forgotten"})  # forgotten: out
    assert ids(reader.lexical(AGENT, ["zeppelin"], limit=5)) == [second.id]
    writer.update(AGENT, first.id, {"status": "active"})  # restored: back
    assert set(ids(reader.lexical(AGENT, ["zeppelin"], limit=5))) == {first.id, second.id}
    writer.update(AGENT, second.id, {"valid_to": datetime.now(UTC)})  # superseded: out
    assert ids(reader.lexical(AGENT, ["zeppelin"], limit=5)) == [first.id]
    writer.update(AGENT, first.id, {"text": "the airship hangar opens at dawn"})  # words edited in place
    assert reader.lexical(AGENT, ["zeppelin"], limit=5) == []
    assert ids(reader.lexical(AGENT, ["airship"], limit=5)) == [first.id]
    writer.update(AGENT, first.id, {"tags": ("blimp",)})
    assert ids(reader.lexical(AGENT, ["blimp"], limit=5)) == [first.id]
    writer.purge(AGENT, first.id)
    assert reader.lexical(AGENT, ["airship"], limit=5) == []


def test_a_write_transaction_is_answered_by_sql_and_its_rows_reach_no_mirror_uncommitted(
    pair: tuple[PostgresBackend, PostgresBackend],
) -> None:
    backend, _ = pair
    backend.insert([make_record("an unrelated memory")], None)
    assert backend.lexical(AGENT, ["memory"], limit=5)  # mirrored
    pending = make_record("the walrus enclosure", minutes=1)
    with pytest.raises(RuntimeError), backend.write():
        backend.insert([pending], None)
        assert ids(backend.lexical(AGENT, ["walrus"], limit=5)) == [pending.id]  # its own write, through SQL
        raise RuntimeError("rolled back")
    assert backend.lexical(AGENT, ["walrus"], limit=5) == []


def test_mirrors_of_the_least_recently_searched_agents_are_dropped() -> None:
    backend = PostgresBackend(pg.database_url(), mirror_agents=2)
    try:
        rows: list[MemoryRecord] = []
        for n, agent in enumerate(("a1", "a2", "a3")):
            rows.append(replace(make_record(f"note {n} about otters"), agent_id=agent))
        backend.insert(rows, None)
        for agent in ("a1", "a2", "a3", "a1"):
            assert len(backend.lexical(agent, ["otters"], limit=5)) == 1
        assert backend._mirrors is not None and list(backend._mirrors._indexes) == ["a3", "a1"]
    finally:
        backend.close()


def test_placements_come_from_the_mirror_and_follow_changes(pair: tuple[PostgresBackend, PostgresBackend]) -> None:
    """As recall asks: a search (which brings the mirror up to date), then the places of its candidates."""
    reader, writer = pair
    turns = [make_record(f"turn {n} of the chat", minutes=n, source={"session": "s1"}) for n in range(3)]
    writer.insert(turns, None)

    def placed(memory_ids: list[str]) -> dict[str, tuple[int, str]]:
        assert reader.lexical(AGENT, ["chat"], limit=5)
        return reader.placements(AGENT, memory_ids)

    ids_ = [t.id for t in turns]
    assert placed(ids_) == {ids_[0]: (0, "s1"), ids_[1]: (1, "s1"), ids_[2]: (2, "s1")}
    later = make_record("turn 3 of the chat", minutes=3, source={"session": "s1"})
    writer.insert([later], None)
    assert placed([later.id]) == {later.id: (3, "s1")}
    writer.update(AGENT, ids_[1], {"status": "forgotten"})
    assert ids_[1] not in placed(ids_)
    writer.update(AGENT, ids_[0], {"source": {"session": "s2"}})  # moved to another session in place
    assert placed([ids_[0], ids_[2]]) == {ids_[0]: (0, "s2"), ids_[2]: (1, "s1")}
    unseen = make_record("a turn no search has read", minutes=4, source={"session": "s2"})
    writer.insert([unseen], None)
    assert reader.placements(AGENT, [unseen.id]) == {unseen.id: (1, "s2")}  # not in the mirror: the database


@pytest.fixture
def saving(
    pair: tuple[PostgresBackend, PostgresBackend], monkeypatch: pytest.MonkeyPatch
) -> tuple[PostgresBackend, PostgresBackend]:
    """Two replicas that save a BM25 mirror from 4 rows on (not 32: small test agents)."""
    monkeypatch.setattr(lexical, "SNAPSHOT_FROM", 4)
    return pair


def _saved(backend: PostgresBackend, agent: str = AGENT) -> list[bytes]:
    return [bytes(r[0]) for r in backend._all("SELECT data FROM lexical_snapshots WHERE agent_id = %s", (agent,))]


def test_a_replica_without_the_mirror_loads_the_saved_one_and_ranks_the_same(
    saving: tuple[PostgresBackend, PostgresBackend], monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = saving
    records = [make_record(f"note {i} about the billing worker and deploy {i % 3}", minutes=i) for i in range(12)]
    first.insert(records, None)
    built = first.lexical(AGENT, ["billing", "deploy"], limit=20)
    assert len(_saved(first)) == 1
    later = make_record("the zeppelin hangar opens at dawn", minutes=99)
    first.insert([later], None)  # a row past the saved mirror's watermark
    loads = count_snapshot_loads(monkeypatch)
    assert second.lexical(AGENT, ["zeppelin"], limit=5)[0][0] == later.id
    assert loads == [1]
    assert ids(second.lexical(AGENT, ["billing", "deploy"], limit=20)) == ids(
        first.lexical(AGENT, ["billing", "deploy"], limit=20)
    )
    assert ids(built) and set(ids(built)) <= {r.id for r in records}


def test_no_saved_mirror_keeps_a_purged_memory(
    saving: tuple[PostgresBackend, PostgresBackend], monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = saving
    records = [make_record(f"note {i} about the billing worker", minutes=i) for i in range(8)]
    secret = make_record("the vault combination is quokka", minutes=50)
    first.insert([*records, secret], None)
    first.lexical(AGENT, ["billing"], limit=5)
    assert _saved(first)
    second.purge(AGENT, secret.id)
    assert _saved(first) == []  # deleted with the memory, in its transaction
    real = LexicalIndex.to_bytes
    third = make_record("the pantry holds the quokka biscuits", minutes=60)

    def purged_meanwhile(index: LexicalIndex) -> bytes:  # another replica purges between the reads and the save
        second.purge(AGENT, third.id)
        return real(index)

    first.insert([third], None)
    first._mirrors = type(first._mirrors)(4)  # type: ignore[misc]  # a process that holds no mirror
    monkeypatch.setattr(LexicalIndex, "to_bytes", purged_meanwhile)
    first.lexical(AGENT, ["billing"], limit=5)
    assert _saved(first) == []
    monkeypatch.setattr(LexicalIndex, "to_bytes", real)
    assert first.lexical(AGENT, ["quokka"], limit=5) == []
    [data] = _saved(first)  # saved again, without either purged memory
    assert LexicalIndex.from_bytes(data).search(["quokka"], 5) == []
