"""The in-memory BM25 mirror: the same scores as SQLite's FTS5, and kept current with the store."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiermem import Memory
from tiermem.storage import sqlite_search
from tiermem.storage.lexical import LexicalIndex, index_terms
from tiermem.storage.sqlite import SQLiteBackend
from tiermem.storage.sqlite_search import MIRROR_FROM_QUERY

WORDS = [
    "running", "runs", "deployment", "deploys", "billing", "worker", "workers", "database", "café", "naïve",
    "Caroline", "adoption", "agencies", "painted", "sunrise", "2023", "v1", "snake_case", "Straße", "fox",
    "!!!",  # a row can hold no word at all (FTS5 counts emoji as words, this index does not: not compared)
]  # fmt: skip

documents = st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=10).map(" ".join), min_size=1, max_size=40)
# Query terms are single tokens (the query analyser splits "snake_case"); FTS5 would read it as a phrase.
queries = st.lists(st.sampled_from([w for w in WORDS if w.isalnum()]), min_size=1, max_size=4)


def fts5_scores(docs: list[str], terms: list[str]) -> dict[int, float]:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE f USING fts5(text, tokenize='porter unicode61')")
    conn.executemany("INSERT INTO f(rowid, text) VALUES (?, ?)", list(enumerate(docs, 1)))
    match = " OR ".join(f'"{t}"' for t in terms)
    rows = conn.execute("SELECT rowid, -bm25(f) FROM f WHERE f MATCH ?", (match,)).fetchall()
    return {r: s for r, s in rows}


@settings(max_examples=150, deadline=None)
@given(documents, queries)
def test_scores_equal_fts5_bm25(docs: list[str], terms: list[str]) -> None:
    index = LexicalIndex()
    index.add((rowid, str(rowid), doc, None) for rowid, doc in enumerate(docs, 1))
    mine = {index.rowids[row]: score for row, score in index.search(terms, len(docs))}
    theirs = fts5_scores(docs, terms)
    assert mine.keys() == theirs.keys()
    for rowid, score in theirs.items():
        assert mine[rowid] == pytest.approx(score, rel=1e-5, abs=1e-5)


@settings(max_examples=100, deadline=None)
@given(documents, queries, st.integers(1, 10))
def test_results_are_the_best_first_and_limited(docs: list[str], terms: list[str], limit: int) -> None:
    index = LexicalIndex()
    index.add((rowid, str(rowid), doc, None) for rowid, doc in enumerate(docs, 1))
    everything = index.search(terms, len(docs))
    top = index.search(terms, limit)
    assert top == everything[:limit]
    assert [s for _, s in everything] == sorted((s for _, s in everything), reverse=True)


def test_tokens_are_folded_and_stemmed_as_fts5_does() -> None:
    assert index_terms("Running CAFÉ naïve snake_case 2023") == ["run", "cafe", "naiv", "snake", "case", "2023"]


def test_no_terms_or_no_rows_find_nothing() -> None:
    index = LexicalIndex()
    assert index.search(["anything"], 5) == []
    index.add([(1, "a", "!!! 🙂", None)])  # a row without a single word
    assert index.search(["anything"], 5) == []
    index.add([(1, "a", "billing worker", None)])
    assert index.search(["unknown"], 5) == []
    assert index.search(["billing"], 0) == []


def _warm(memory: Memory, agent: str) -> None:
    """Enough lexical queries for the backend to switch from FTS5 to its mirror."""
    for _ in range(MIRROR_FROM_QUERY):
        memory.search("warm up", agent_id=agent, reinforce=False)


def test_the_mirror_answers_like_fts5_and_follows_every_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_search, "SMALL_AGENT", 0)  # FTS5 answers the first queries, as for a big agent
    memory = Memory.open(tmp_path / "store")
    first = memory.store("The billing worker deploys at noon", agent_id="a")
    memory.store("Billing invoices are sent on Fridays", agent_id="a")
    memory.store("The billing worker belongs to agent b", agent_id="b")
    backend = cast(SQLiteBackend, memory._backend)
    cold = backend.lexical("a", ["billing", "worker"], limit=10)
    _warm(memory, "a")
    assert "a" in backend._lexicons
    warm = backend.lexical("a", ["billing", "worker"], limit=10)
    assert [m for m, _ in warm] == [m for m, _ in cold]  # one agent, so FTS5's statistics are the agent's

    other = Memory.open(tmp_path / "store")  # another process's writes reach this mirror
    added = other.store("A new worker joined the billing team", agent_id="a")
    assert added.id in {m for m, _ in backend.lexical("a", ["joined"], limit=10)}
    other.update(first.id, agent_id="a", category="ops/payments")  # edited in place: the row is re-read
    assert first.id in {m for m, _ in backend.lexical("a", ["payments"], limit=10)}
    newer = other.update(first.id, agent_id="a", text="The payments job deploys at noon")  # supersedes
    assert first.id not in {m for m, _ in backend.lexical("a", ["worker", "payments"], limit=10)}
    assert newer.id in {m for m, _ in backend.lexical("a", ["job"], limit=10)}
    other.forget(added.id, agent_id="a")
    assert added.id not in {m for m, _ in backend.lexical("a", ["joined"], limit=10)}
    other.purge(newer.id, agent_id="a")
    assert backend.lexical("a", ["job"], limit=10) == []
    assert all(m != first.id for m, _ in backend.lexical("b", ["billing"], limit=10))
    other.close()
    memory.close()


@settings(max_examples=100, deadline=None)
@given(documents, queries, st.integers(0, 40))
def test_adding_in_parts_equals_adding_at_once(docs: list[str], terms: list[str], cut: int) -> None:
    rows = [(rowid, str(rowid), doc, None) for rowid, doc in enumerate(docs, 1)]
    whole, parts = LexicalIndex(), LexicalIndex()
    whole.add(rows)
    parts.add(rows[:cut])
    parts.search(terms, 5)  # a query between the parts merges what the first one added
    parts.add(rows[cut:])
    assert parts.search(terms, len(docs)) == whole.search(terms, len(docs))


@settings(max_examples=100, deadline=None)
@given(documents, queries, st.lists(st.integers(1, 6), min_size=1, max_size=12))
def test_adding_row_by_row_equals_adding_at_once(docs: list[str], terms: list[str], sizes: list[int]) -> None:
    """Small adds after a large one (a mirror kept current store by store) merge their blocks: same answers."""
    rows = [(rowid, str(rowid), doc, None) for rowid, doc in enumerate(docs, 1)]
    whole, parts = LexicalIndex(), LexicalIndex()
    whole.add(rows)
    start = 0
    for size in [*sizes, len(rows)]:
        parts.add(rows[start : start + size])
        start += size
        if size % 2:
            parts.search(terms, 3)  # queries in between gather postings that later adds must refresh
    assert parts.search(terms, len(docs)) == whole.search(terms, len(docs))


@given(st.lists(st.text(alphabet="aZ9 _-.é\x1e\u00df\n", max_size=30), min_size=1, max_size=8))
def test_batch_tokens_are_each_documents_own(docs: list[str]) -> None:
    """Documents tokenised together (the ASCII fast path) count the same words as each alone."""
    together = LexicalIndex()
    together.add((rowid, str(rowid), doc, None) for rowid, doc in enumerate(docs, 1))
    for rowid, doc in enumerate(docs, 1):
        alone = LexicalIndex()
        alone.add([(rowid, str(rowid), doc, None)])
        assert together._lengths[rowid - 1] == alone._lengths[0] == len(index_terms(doc))


def test_indexes_share_term_ids_but_not_postings() -> None:
    first, second = LexicalIndex(), LexicalIndex()
    first.add([(1, "a", "billing worker", None)])
    second.add([(1, "b", "database", None)])
    assert second.search(["billing"], 5) == []
    assert [row for row, _ in first.search(["billing", "database"], 5)] == [0]


def test_a_change_makes_only_the_mirrors_it_touches_reload(tmp_path: Path) -> None:
    memory = Memory.open(tmp_path / "store")
    for agent in ("a", "b"):
        texts = ["billing worker deploys at noon", "invoices go out on Fridays", "the worker retries failed charges"]
        memory.store_many([{"text": text} for text in texts], agent_id=agent)
        _warm(memory, agent)
    backend = memory._backend
    mirrors = {(kind, agent): getattr(backend, kind)[agent] for kind in ("_lexicons", "_indexes") for agent in "ab"}

    def rebuilt() -> set[tuple[str, str]]:
        for agent in "ab":
            memory.search("billing worker", agent_id=agent, reinforce=False)
        now = {key: getattr(backend, key[0])[key[1]] for key in mirrors}
        changed = {key for key, mirror in now.items() if mirror is not mirrors[key]}
        mirrors.update(now)
        return changed

    other = Memory.open(tmp_path / "store")  # another process writes
    victim = other.list(agent_id="a", limit=1)[0]
    other.forget(victim.id, agent_id="a")
    assert rebuilt() == set()  # the vector mirror drops the row in place; lexical results are checked anyway
    assert victim.id not in {m for m, _ in backend.vector("a", memory.embedder.embed(["a billing"]), limit=10)[0]}
    assert victim.id not in {m for m, _ in backend.dedup_candidates("a", memory.embedder.embed(["x"]), limit=10)[0]}
    other.update(other.list(agent_id="a", limit=1)[0].id, agent_id="a", category="ops/payments")
    assert rebuilt() == {("_lexicons", "a")}
    assert backend.lexical("a", ["payments"], limit=10)
    edited = other.list(agent_id="b", limit=1)[0]
    newer = other.update(edited.id, agent_id="b", type="episodic" if edited.type != "episodic" else "semantic")
    assert rebuilt() == set()  # a new type supersedes: one row dropped, one added
    assert newer.id in {m for m, _ in backend.vector("b", memory.embedder.embed([newer.text]), limit=3)[0]}
    other._backend.update("b", newer.id, {"type": edited.type})  # in place (the backend allows it)
    assert rebuilt() == {("_indexes", "b")}  # the type partitions are sorted again
    assert rebuilt() == set()
    replaced = other.list(agent_id="a", limit=1)[0]
    successor = other.update(replaced.id, agent_id="a", text="the billing worker deploys at midnight")
    assert rebuilt() == set()
    other.reinstate(replaced.id, agent_id="a")  # its vector written again, under its old rowid
    assert rebuilt() == {("_indexes", "a")}
    found = {m for m, _ in backend.vector("a", memory.embedder.embed([replaced.text]), limit=10)[0]}
    assert {replaced.id, successor.id} <= found
    other.close()
    memory.close()


def test_a_memory_stored_after_a_purge_is_found_by_every_process(tmp_path: Path) -> None:
    """A purge drops the row from other processes' mirrors, and the next memory (a new rowid: the table
    never hands one out twice) joins them."""
    memory = Memory.open(tmp_path / "store")
    memory.store_many([{"text": "the billing worker retries charges"}, {"text": "invoices go out on Fridays"}])
    _warm(memory, "default")
    other = Memory.open(tmp_path / "store")
    last = other.list(limit=1)[0]
    other.purge(last.id)
    fresh = other.store("the garden needs watering on Sundays")
    backend, query = memory._backend, memory.embedder.embed(["garden watering Sundays"])
    assert [m for m, _ in backend.vector("default", query, limit=1)[0]] == [fresh.id]
    assert last.id not in {m for m, _ in backend.vector("default", query, limit=10)[0]}
    assert [h.memory.id for h in memory.search("garden watering", reinforce=False)][:1] == [fresh.id]
    other.close()
    memory.close()


def test_the_mirror_knows_which_memories_are_current_in_every_process(tmp_path: Path) -> None:
    """The BM25 mirror filters forgotten and superseded memories itself (no query per search): a memory
    forgotten or restored by another process, or by this one, leaves or rejoins the results at once, and
    reinforcing hits (a write no mirror holds) keeps the mirrors from re-checking the store."""
    memory = Memory.open(tmp_path / "store")
    kept, victim = (memory.store(text) for text in ("the billing worker retries charges", "billing runs on Fridays"))
    _warm(memory, "default")
    backend, other = cast(SQLiteBackend, memory._backend), Memory.open(tmp_path / "store")

    def found() -> set[str]:
        return {m for m, _ in backend.lexical("default", ["billing"], limit=10)}

    assert found() == {kept.id, victim.id}
    other.forget(victim.id)
    assert found() == {kept.id}
    other._backend.update("default", victim.id, {"status": "active"})  # restored in place
    assert found() == {kept.id, victim.id}
    stamp = backend._stamp()
    backend.record_access("default", {kept.id: 1}, datetime.now(UTC))
    assert backend._lexicons["default"].checked == backend._stamp() != stamp  # still current, not re-read
    other.forget(kept.id)  # ...and still following the other process
    assert found() == {victim.id}
    memory.forget(victim.id)  # this process's own change
    assert found() == set()
    assert memory.search("billing", reinforce=False) == []
    other.close()
    memory.close()
