"""Saved BM25 mirrors: a process without an agent's mirror loads the one saved in the store instead of reading
and tokenising the agent's rows, answers exactly as a mirror built from the rows, and no saved mirror ever
holds text that an edit or a purge took away."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import count_snapshot_loads
from tiermem import Memory
from tiermem.storage import lexical
from tiermem.storage.lexical import LexicalIndex
from tiermem.storage.sqlite import SQLiteBackend

WORDS = ["running", "runs", "deploys", "billing", "worker", "café", "naïve", "Straße", "2023", "v1", "fox", "!!!"]
rows_ = st.lists(
    st.tuples(
        st.lists(st.sampled_from(WORDS), min_size=1, max_size=8).map(" ".join),
        st.sampled_from([None, "s1", "s2"]),
    ),
    min_size=1,
    max_size=30,
)
terms_ = st.lists(st.sampled_from([w for w in WORDS if w.isalnum()]), min_size=1, max_size=3)


@settings(max_examples=100, deadline=None)
@given(rows_, rows_, terms_, st.sets(st.integers(0, 29)), st.booleans())
def test_a_saved_mirror_answers_and_grows_like_the_one_it_was_saved_from(
    first: list[tuple[str, str | None]],
    later: list[tuple[str, str | None]],
    terms: list[str],
    stale: set[int],
    thawed: bool,  # mapped onto the process's term ids at load (a large snapshot) or read as it is
) -> None:
    numbered = [(n, f"m{n}", text, session) for n, (text, session) in enumerate(first + later, 1)]
    saved = LexicalIndex(epoch="e1", stale_epoch="c1")
    saved.add(numbered[: len(first) // 2])
    saved.add(numbered[len(first) // 2 : len(first)])
    saved.stale = {row for row in stale if row < len(saved)}
    data = saved.to_bytes()
    fresh_ids = lexical._TermIds()  # another process: its term ids are not the saver's
    fresh_ids["zebra"]  # an id taken by a word the saver never saw
    original, lexical._shared_ids = lexical._shared_ids, fresh_ids
    thaw_from, lexical.THAW_FROM = lexical.THAW_FROM, 0 if thawed else lexical.THAW_FROM
    try:
        loaded = LexicalIndex.from_bytes(data)
    finally:
        lexical._shared_ids, lexical.THAW_FROM = original, thaw_from
    assert loaded._saved is None if thawed else not loaded._blocks  # its postings kept in one form or the other
    assert (loaded.ids, loaded.rowids, loaded.sessions, loaded.turns, loaded.stale) == (
        saved.ids, saved.rowids, saved.sessions, saved.turns, saved.stale
    )  # fmt: skip
    assert (loaded.watermark, loaded.epoch, loaded.stale_epoch) == (saved.watermark, "e1", "c1")
    assert loaded.search(terms, 50) == saved.search(terms, 50)
    loaded.add(numbered[len(first) :])  # kept current past its watermark, as the store's later rows arrive
    saved.add(numbered[len(first) :])
    assert loaded.search(terms, 50) == saved.search(terms, 50)
    assert loaded.turns == saved.turns  # positions in a session continue where the saved ones stopped
    again = LexicalIndex.from_bytes(loaded.to_bytes())  # a loaded mirror, grown, saved once more
    assert again.search(terms, 50) == saved.search(terms, 50)
    assert again.to_bytes() == saved.to_bytes()  # one snapshot of the same rows, however they were gathered


@pytest.mark.parametrize(
    "data",
    [b"", b"not a snapshot", b"tiermem-bm25-3\n" + (5).to_bytes(8, "little") + b"[1,2]", b"tiermem-bm25-3\n\xff"],
)
def test_bytes_that_are_not_a_snapshot_are_refused(data: bytes) -> None:
    with pytest.raises(ValueError, match="not a BM25 mirror snapshot"):
        LexicalIndex.from_bytes(data)


def test_a_truncated_or_inconsistent_snapshot_is_refused() -> None:
    index = LexicalIndex()
    index.add([(1, "a", "billing worker runs", None), (2, "b", "fox", "s1")])
    data = index.to_bytes()
    for cut in (len(data) - 1, len(data) - 7, len(data) // 2):
        with pytest.raises(ValueError, match="not a BM25 mirror snapshot"):
            LexicalIndex.from_bytes(data[:cut])
    with pytest.raises(ValueError, match="not a BM25 mirror snapshot"):
        LexicalIndex.from_bytes(data + b"\x00\x00")


def _snapshots(directory: Path, agent: str) -> list[bytes]:
    with sqlite3.connect(directory / "tiermem.db") as conn:
        return [r[0] for r in conn.execute("SELECT data FROM lexical_snapshots WHERE agent_id = ?", (agent,))]


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(lexical, "SNAPSHOT_FROM", 4)
    with Memory.open(tmp_path) as mem:
        mem.store_many([{"text": f"note {i} about the {w} pipeline"} for i, w in enumerate(WORDS)], agent_id="a")
        mem.store("The spare key hides under the blue flowerpot", agent_id="a")
    return tmp_path


def test_a_new_process_loads_the_saved_mirror_and_answers_the_same(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Memory.open(store) as mem:
        assert mem.search("where is the spare key?", agent_id="a", reinforce=False)
        mem.store("The spare bike lock is in the garage", agent_id="a")  # a row past the saved watermark
    assert len(_snapshots(store, "a")) == 1
    loads = count_snapshot_loads(monkeypatch)
    answers = []
    for _ in range(2):  # loaded from the snapshot, then built from the rows
        with Memory.open(store) as mem:
            answers.append(
                [
                    (h.memory.id, h.score)
                    for q in ("where is the spare key?", "spare bike lock", "café 2023")
                    for h in mem.search(q, agent_id="a", reinforce=False)
                ]
            )
        with sqlite3.connect(store / "tiermem.db") as conn:
            conn.execute("DELETE FROM lexical_snapshots")
    assert loads == [1] and answers[0] == answers[1] and len(answers[0]) > 3


def test_a_snapshot_of_an_earlier_format_is_rebuilt_from_the_rows_and_saved_anew(store: Path) -> None:
    with Memory.open(store) as mem:
        expected = [h.memory.id for h in mem.search("where is the spare key?", agent_id="a", reinforce=False)]
    [saved] = _snapshots(store, "a")
    with sqlite3.connect(store / "tiermem.db") as conn:  # what an earlier release wrote
        conn.execute(
            "UPDATE lexical_snapshots SET data = ?", (b"tiermem-bm25-2\n" + saved[len(b"tiermem-bm25-3\n") :],)
        )
    with Memory.open(store) as mem:
        assert [h.memory.id for h in mem.search("where is the spare key?", agent_id="a", reinforce=False)] == expected
    [again] = _snapshots(store, "a")
    assert (
        again.startswith(b"tiermem-bm25-3\n")
        and LexicalIndex.from_bytes(again).ids == LexicalIndex.from_bytes(saved).ids
    )


def test_no_saved_mirror_keeps_what_a_purge_or_an_edit_took_away(store: Path) -> None:
    with Memory.open(store) as mem:
        key = mem.search("spare key flowerpot", agent_id="a")[0].memory
        assert _snapshots(store, "a")
        mem.purge(key.id, agent_id="a")
        assert _snapshots(store, "a") == []  # gone with the memory, in the same transaction
        mem.search("pipeline", agent_id="a")  # a new mirror, saved again
    [data] = _snapshots(store, "a")
    saved = LexicalIndex.from_bytes(data)
    assert key.id not in saved.ids and saved.search(["flowerpot"], 5) == []
    with Memory.open(store) as mem:
        first = mem.list(agent_id="a", limit=100, order="oldest")[0]
        mem.update(first.id, agent_id="a", tags=["zeppelin"])  # an edit in place of what BM25 reads
        assert _snapshots(store, "a") == []
    with Memory.open(store) as mem:
        assert mem.search("zeppelin", agent_id="a")[0].memory.id == first.id


def test_a_search_never_waits_for_another_writer_to_save_a_mirror(store: Path) -> None:
    with Memory.open(store, config={"busy_timeout_s": 20}) as mem:
        other = sqlite3.connect(store / "tiermem.db", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            start = time.perf_counter()
            hits = mem.search("spare key", agent_id="a", reinforce=False)
            waited = time.perf_counter() - start
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert hits and waited < 5  # the snapshot was skipped, not waited for
        backend = cast(SQLiteBackend, mem._backend)
        backend._lexicons.clear()
        mem.search("spare key", agent_id="a", reinforce=False)  # the lock is free: this one saves it
    assert len(_snapshots(store, "a")) == 1


def test_a_mirror_read_before_a_purge_is_not_saved_after_it(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another process purges a memory between this one's reads of the agent's rows and its save: the saved
    snapshot would hold the purged text, so it is not saved."""
    with Memory.open(store) as mem, Memory.open(store) as other:
        key = mem.search("spare key flowerpot", agent_id="a")[0].memory
        with sqlite3.connect(store / "tiermem.db") as conn:
            conn.execute("DELETE FROM lexical_snapshots")
        cast(SQLiteBackend, mem._backend)._lexicons.clear()
        real = LexicalIndex.to_bytes

        def purged_meanwhile(index: LexicalIndex) -> bytes:
            other.purge(key.id, agent_id="a")  # lands after the rows were read, before the save
            return real(index)

        monkeypatch.setattr(LexicalIndex, "to_bytes", purged_meanwhile)
        mem.search("pipeline", agent_id="a", reinforce=False)
        assert _snapshots(store, "a") == []
        monkeypatch.setattr(LexicalIndex, "to_bytes", real)
        assert all(h.memory.id != key.id for h in mem.search("spare key flowerpot", agent_id="a"))
    [data] = _snapshots(store, "a")  # saved again by the search after, without the purged memory
    assert key.id not in LexicalIndex.from_bytes(data).ids


def test_a_loaded_mirror_gives_ids_to_its_own_words_only() -> None:
    saved = LexicalIndex()
    saved.add([(1, "a", "billing worker runs", None), (2, "b", "fox", "s1")])
    fresh_ids = lexical._TermIds()  # another process, which has seen none of these words
    original, lexical._shared_ids = lexical._shared_ids, fresh_ids
    try:
        loaded = LexicalIndex.from_bytes(saved.to_bytes())
    finally:
        lexical._shared_ids = original
    assert loaded.search(["quasar", "billing"], 5) == saved.search(["billing"], 5)
    assert (
        lexical.index_term("billing") in fresh_ids.stems and "quasar" not in fresh_ids.stems
    )  # the query's own stay out
