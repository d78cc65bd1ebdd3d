"""The storage backend contract (``tiermem.storage.base.Backend``).

Every backend runs this whole module through the parameterised ``backend`` / ``open_backend`` fixtures of
conftest.py. The tests speak only the protocol, with hand-made records and small unit vectors, so what they
pin down is the behaviour the engine relies on, not one backend's internals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from typing import Any

import numpy as np
import pytest

from builders import BASE_TIME, DIMS, axis, make_record, present, unit
from tiermem.errors import TiermemError, ValidationError
from tiermem.model import Link, MemoryRecord
from tiermem.storage.base import ORDERS, Backend, Filters, HistoryEntry

A, B = "agent-a", "agent-b"


def put(backend: Backend, *records: MemoryRecord, vectors: list[np.ndarray] | None = None) -> list[MemoryRecord]:
    with backend.write():
        backend.insert(list(records), None if vectors is None else np.vstack(vectors))
    return list(records)


def ids(records: list[MemoryRecord]) -> list[str]:
    return [r.id for r in records]


def listed(backend: Backend, agent_id: str = A, order: str = "newest", **filters: Any) -> list[str]:
    return ids(backend.list(agent_id, Filters(**filters), limit=1000, order=order))


# --- meta and transactions ---------------------------------------------------------------------------


def test_meta_get_set_overwrite(backend: Backend) -> None:
    assert backend.meta_get("missing-key") is None
    backend.meta_set("k", "one")
    backend.meta_set("k", "two")
    assert backend.meta_get("k") == "two"


def test_write_rolls_back_everything_on_error(backend: Backend) -> None:
    kept = make_record("kept before the failed transaction")
    put(backend, kept)
    doomed = make_record("inserted inside a failed transaction")
    with pytest.raises(RuntimeError), backend.write():
        backend.insert([doomed], None)
        backend.update(A, kept.id, {"importance": 0.9})
        backend.meta_set("k", "from the failed transaction")
        raise RuntimeError("boom")
    assert backend.get(A, doomed.id) is None
    assert present(backend.get(A, kept.id)).importance == 0.5
    assert backend.meta_get("k") is None


def test_write_nests(backend: Backend) -> None:
    first, second = make_record("outer write"), make_record("inner write")
    with backend.write():
        backend.insert([first], None)
        with backend.write():
            backend.insert([second], None)
    assert set(backend.get_many(A, [first.id, second.id])) == {first.id, second.id}


def test_committed_writes_are_visible_to_another_connection(open_backend: Callable[[], Backend]) -> None:
    writer, reader = open_backend(), open_backend()
    record = put(writer, make_record("written by one connection", tags=("x",)), vectors=[axis(0)])[0]
    assert reader.get(A, record.id) == record
    assert reader.vector(A, axis(0), limit=1)[0][0][0] == record.id


# --- insert / get ------------------------------------------------------------------------------------


def test_insert_get_round_trips_every_field(backend: Backend) -> None:
    record = make_record(
        "Ünïcode text with 'quotes' and \"double quotes\" and emoji 🧠",
        type="episodic",
        category="projects/tiermem/storage",
        tags=("alpha", "beta gamma"),
        importance=0.73,
        salience=0.61,
        confidence=0.42,
        valence=-0.25,
        scope="working",
        tier="hot",
        event_at=BASE_TIME - timedelta(days=3, microseconds=17),
        last_accessed_at=BASE_TIME + timedelta(seconds=1.5),
        access_count=7,
        source={"type": "hook", "file": "notes.md", "line": 12},
        metadata={"urls": ["https://example.com/a"], "nested": {"n": 1, "list": [1, 2.5, None, True]}},
        status="forgotten",
        valid_to=BASE_TIME + timedelta(hours=2),
        superseded_by="01SOMEOTHERID",
    )
    put(backend, record)
    assert backend.get(A, record.id) == record


def test_get_missing_and_get_many(backend: Backend) -> None:
    first, second = put(backend, make_record("first"), make_record("second"))
    assert backend.get(A, "01NOSUCHID") is None
    found = backend.get_many(A, [second.id, "01NOSUCHID", first.id, second.id])
    assert found == {first.id: first, second.id: second}
    assert backend.get_many(A, []) == {}


def test_get_many_handles_more_ids_than_one_sql_statement_takes(backend: Backend) -> None:
    records = [make_record(f"bulk record {i}", minutes=i) for i in range(1203)]
    put(backend, *records)
    found = backend.get_many(A, [r.id for r in records])
    assert len(found) == 1203
    assert found[records[-1].id] == records[-1]


def test_insert_empty_batch_is_a_no_op(backend: Backend) -> None:
    put(backend)
    assert backend.count(A) == 0


def test_insert_with_vectors_stores_them(backend: Backend) -> None:
    one, two = put(backend, make_record("one"), make_record("two"), vectors=[axis(1), unit(1, 1)])
    stored = backend.vectors_for(A, [one.id, two.id, "01NOSUCHID"])
    assert set(stored) == {one.id, two.id}
    np.testing.assert_allclose(stored[one.id], axis(1))
    np.testing.assert_allclose(stored[two.id], unit(1, 1), rtol=1e-6)
    assert stored[one.id].shape == (DIMS,)
    assert backend.vectors_for(A, []) == {}


# --- find_by_hash -------------------------------------------------------------------------------------


def test_find_by_hash_finds_only_current_memories(backend: Backend) -> None:
    current = make_record("Hello, World!")
    forgotten = make_record("forgotten text", status="forgotten")
    superseded = make_record("superseded text", valid_to=BASE_TIME, superseded_by=current.id)
    put(backend, current, forgotten, superseded)
    assert backend.find_by_hash(A, current.content_hash) == current
    assert backend.find_by_hash(A, forgotten.content_hash) is None
    assert backend.find_by_hash(A, superseded.content_hash) is None
    assert backend.find_by_hash(A, "0" * 32) is None


def test_find_by_hash_returns_the_oldest_of_equal_texts(backend: Backend) -> None:
    first = make_record("same text")
    second = make_record("Same text!", minutes=1)
    put(backend, first)
    put(backend, second)
    assert first.content_hash == second.content_hash
    assert present(backend.find_by_hash(A, first.content_hash)).id == first.id


def test_find_by_hashes_returns_the_oldest_current_memory_per_hash(backend: Backend) -> None:
    first = make_record("Same text")
    later = make_record("same text!", minutes=1)
    forgotten = make_record("forgotten text", status="forgotten")
    superseded = make_record("superseded text", valid_to=BASE_TIME, superseded_by=first.id)
    other = make_record("other text")
    theirs = make_record("their text", agent_id=B)
    put(backend, first, later, forgotten, superseded, other, theirs)
    hashes = [first.content_hash, forgotten.content_hash, superseded.content_hash, other.content_hash,
              theirs.content_hash, "0" * 32, first.content_hash]  # fmt: skip
    assert backend.find_by_hashes(A, hashes) == {first.content_hash: first, other.content_hash: other}
    assert backend.find_by_hashes(A, []) == {}


def test_find_by_hashes_handles_many(backend: Backend) -> None:
    records = put(backend, *[make_record(f"hash number {i}", minutes=i) for i in range(1100)])
    found = backend.find_by_hashes(A, [r.content_hash for r in records])
    assert found == {r.content_hash: r for r in records}


def test_current_texts(backend: Backend) -> None:
    current = make_record("current words", type="episodic")
    forgotten = make_record("forgotten words", status="forgotten")
    superseded = make_record("superseded words", valid_to=BASE_TIME, superseded_by=current.id)
    theirs = make_record("their words", agent_id=B)
    put(backend, current, forgotten, superseded, theirs)
    wanted = [current.id, forgotten.id, superseded.id, theirs.id, "01NOSUCHID", current.id]
    assert backend.current_texts(A, wanted) == {current.id: ("current words", "episodic")}
    assert backend.current_texts(B, wanted) == {theirs.id: ("their words", "semantic")}
    assert backend.current_texts(A, []) == {}
    # Once vectors are searched (SQLite then answers through its mirror's row keys), the same answers.
    late = make_record("late words")
    put(backend, late, vectors=[axis(0)])
    backend.update(A, late.id, {"status": "forgotten"})  # forgotten, yet its vector was kept: still not current
    only_late: list[list[tuple[str, object]]] = [[(late.id, pytest.approx(1.0))]]
    assert backend.vector(A, axis(0), limit=5) == only_late
    assert backend.current_texts(A, [*wanted, late.id]) == {current.id: ("current words", "episodic")}
    assert backend.current_texts(B, [*wanted, late.id]) == {theirs.id: ("their words", "semantic")}


# --- list and matching --------------------------------------------------------------------------------


@pytest.fixture
def catalogue(backend: Backend) -> dict[str, MemoryRecord]:
    """Records that differ in one filterable field each, created a minute apart (in this order)."""
    records = {
        "plain": make_record("plain", minutes=0),
        "episodic": make_record("episodic", minutes=1, type="episodic", importance=0.9),
        "category": make_record("category", minutes=2, category="projects/tiermem"),
        "category_root": make_record("category root", minutes=3, category="projects"),
        "category_sibling": make_record("similar prefix", minutes=4, category="projectsX/other"),
        "underscore": make_record("underscore", minutes=5, category="a_b"),
        "underscore_lookalike": make_record("lookalike", minutes=6, category="axb/c"),
        "tags": make_record("tags", minutes=7, tags=("red", "blue")),
        "one_tag": make_record("one tag", minutes=8, tags=("red",)),
        "hot": make_record("hot", minutes=9, tier="hot", importance=0.1),
        "working": make_record("working", minutes=10, scope="working"),
        "forgotten": make_record("forgotten", minutes=11, status="forgotten"),
        "superseded": make_record("superseded", minutes=12, valid_to=BASE_TIME, superseded_by="01X"),
        "accessed": make_record("accessed", minutes=13, last_accessed_at=BASE_TIME + timedelta(days=9)),
    }
    put(backend, *records.values())
    return records


def names(catalogue: dict[str, MemoryRecord], found: list[str] | set[str]) -> set[str]:
    by_id = {r.id: name for name, r in catalogue.items()}
    return {by_id[i] for i in found}


CURRENT = {"plain", "episodic", "category", "category_root", "category_sibling", "underscore",
           "underscore_lookalike", "tags", "one_tag", "hot", "working", "accessed"}  # fmt: skip


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({}, CURRENT),
        ({"types": ("episodic",)}, {"episodic"}),
        ({"types": ("episodic", "semantic")}, CURRENT),
        ({"types": ()}, set()),
        ({"category": "projects"}, {"category", "category_root"}),
        ({"category": "projects/tiermem"}, {"category"}),
        ({"category": "a_b"}, {"underscore"}),
        ({"tags": ("red",)}, {"tags", "one_tag"}),
        ({"tags": ("red", "blue")}, {"tags"}),
        ({"tags": ("green",)}, set()),
        ({"tiers": ("hot",)}, {"hot"}),
        ({"tiers": ("hot", "warm")}, CURRENT),
        ({"scope": "working"}, {"working"}),
        ({"since": BASE_TIME + timedelta(minutes=10)}, {"working", "accessed"}),
        ({"until": BASE_TIME + timedelta(minutes=1)}, {"plain"}),
        (
            {"since": BASE_TIME + timedelta(minutes=2), "until": BASE_TIME + timedelta(minutes=4)},
            {"category", "category_root"},
        ),
        ({"include_forgotten": True}, CURRENT | {"forgotten"}),
        ({"include_superseded": True}, CURRENT | {"superseded"}),
        ({"include_forgotten": True, "include_superseded": True}, CURRENT | {"forgotten", "superseded"}),
        ({"include_forgotten": True, "types": ("episodic",)}, {"episodic"}),
    ],
    ids=lambda value: repr(value) if isinstance(value, dict) else "",
)
def test_list_and_matching_apply_every_filter(
    backend: Backend, catalogue: dict[str, MemoryRecord], filters: dict[str, Any], expected: set[str]
) -> None:
    assert names(catalogue, listed(backend, **filters)) == expected
    every_id = [r.id for r in catalogue.values()]
    assert names(catalogue, backend.matching(A, every_id, Filters(**filters))) == expected


def test_list_orders(backend: Backend, catalogue: dict[str, MemoryRecord]) -> None:
    in_creation_order = [r.id for r in catalogue.values() if r.is_current]
    assert listed(backend, order="newest") == in_creation_order[::-1]
    assert listed(backend, order="oldest") == in_creation_order
    by_importance = listed(backend, order="importance")
    assert by_importance[0] == catalogue["episodic"].id
    assert by_importance[-1] == catalogue["hot"].id
    assert listed(backend, order="accessed")[0] == catalogue["accessed"].id
    assert set(ORDERS) == {"newest", "oldest", "importance", "accessed"}


def test_list_orders_ties_by_insertion(backend: Backend) -> None:
    same_time = [make_record(f"same second {i}", created_at=BASE_TIME) for i in range(5)]
    put(backend, *same_time)
    assert listed(backend, order="oldest") == ids(same_time)
    assert listed(backend, order="newest") == ids(same_time)[::-1]


def test_list_limit_and_offset(backend: Backend, catalogue: dict[str, MemoryRecord]) -> None:
    everything = listed(backend, order="oldest")
    page = ids(backend.list(A, Filters(), limit=3, offset=2, order="oldest"))
    assert page == everything[2:5]
    assert backend.list(A, Filters(), limit=5, offset=len(everything)) == []


def test_list_rejects_unknown_order(backend: Backend) -> None:
    with pytest.raises(ValidationError, match="order must be one of"):
        backend.list(A, Filters(), limit=10, order="random")


def test_matching_ignores_unknown_ids_and_handles_many(backend: Backend) -> None:
    records = put(
        backend, *[make_record(f"m{i}", minutes=i, tags=("even",) if i % 2 == 0 else ()) for i in range(1100)]
    )
    wanted = [r.id for r in records] + ["01NOSUCHID"]
    matched = backend.matching(A, wanted, Filters(tags=("even",)))
    assert matched == {r.id for r in records[::2]}
    assert backend.matching(A, [], Filters()) == set()


# --- lexical -------------------------------------------------------------------------------------------


def test_lexical_finds_terms_best_first(backend: Backend) -> None:
    strong = make_record("kubernetes kubernetes cluster upgrade notes for kubernetes")
    weak = make_record("a long note that mentions kubernetes once among many other words about lunch and weather")
    other = make_record("grocery list: apples and pears")
    put(backend, strong, weak, other)
    found = backend.lexical(A, ["kubernetes"], limit=10)
    assert [i for i, _ in found] == [strong.id, weak.id]
    assert found[0][1] > found[1][1] > 0
    assert backend.lexical(A, ["kubernetes"], limit=1) == found[:1]


def test_lexical_matches_any_term_and_stems(backend: Backend) -> None:
    running = make_record("she was running in the park")
    apples = make_record("apples are red")
    put(backend, running, apples)
    assert {i for i, _ in backend.lexical(A, ["runs", "apple"], limit=10)} == {running.id, apples.id}


def test_lexical_searches_tags_and_category(backend: Backend) -> None:
    tagged = make_record("untitled", tags=("zebra",))
    filed = make_record("untitled too", category="projects/quokka")
    put(backend, tagged, filed)
    assert [i for i, _ in backend.lexical(A, ["zebra"], limit=5)] == [tagged.id]
    assert [i for i, _ in backend.lexical(A, ["quokka"], limit=5)] == [filed.id]


def test_lexical_skips_forgotten_and_superseded(backend: Backend) -> None:
    put(
        backend,
        make_record("marmalade forgotten", status="forgotten"),
        make_record("marmalade superseded", valid_to=BASE_TIME, superseded_by="01X"),
    )
    current = put(backend, make_record("marmalade current"))[0]
    assert [i for i, _ in backend.lexical(A, ["marmalade"], limit=10)] == [current.id]


@pytest.mark.parametrize("term", ['"', '""', "*", "NEAR(", "OR", "AND", "NOT", "text:", "^", "(", ")", "-", "+"])
def test_lexical_treats_query_syntax_as_plain_words(backend: Backend, term: str) -> None:
    record = put(backend, make_record("penguin notes: NEAR the OR gate, AND NOT the text: column"))[0]
    found = backend.lexical(A, [term, "penguin"], limit=5)
    assert [i for i, _ in found] == [record.id]


def test_lexical_with_no_usable_terms_returns_nothing(backend: Backend) -> None:
    put(backend, make_record("something"))
    assert backend.lexical(A, [], limit=5) == []
    assert backend.lexical(A, ['"', "  "], limit=5) == []


def test_lexical_follows_text_updates(backend: Backend) -> None:
    record = put(backend, make_record("original wording with walrus"))[0]
    backend.update(A, record.id, {"text": "rewritten wording with narwhal", "tags": ["ocean"]})
    assert backend.lexical(A, ["walrus"], limit=5) == []
    assert [i for i, _ in backend.lexical(A, ["narwhal"], limit=5)] == [record.id]
    assert [i for i, _ in backend.lexical(A, ["ocean"], limit=5)] == [record.id]


# --- vectors -------------------------------------------------------------------------------------------


def test_vector_returns_nearest_first_with_cosine(backend: Backend) -> None:
    near, middle, far = put(
        backend,
        make_record("near"),
        make_record("middle"),
        make_record("far"),
        vectors=[unit(1, 0.1), unit(1, 1), axis(3)],
    )
    found = backend.vector(A, axis(0), limit=10)
    assert len(found) == 1
    assert [i for i, _ in found[0]] == [near.id, middle.id, far.id]
    sims = [s for _, s in found[0]]
    assert sims[0] == pytest.approx(float(unit(1, 0.1) @ axis(0)), abs=1e-5)
    assert sims[1] == pytest.approx(2**-0.5, abs=1e-5)
    assert sims[2] == pytest.approx(0.0, abs=1e-6)
    assert [i for i, _ in backend.vector(A, axis(0), limit=2)[0]] == [near.id, middle.id]


def test_vector_answers_each_query_row(backend: Backend) -> None:
    x, y = put(backend, make_record("x"), make_record("y"), vectors=[axis(0), axis(1)])
    found = backend.vector(A, np.vstack([axis(1), axis(0)]), limit=1)
    assert [row[0][0] for row in found] == [y.id, x.id]


def test_vector_on_empty_store(backend: Backend) -> None:
    assert backend.vector(A, axis(0), limit=5) == [[]]


def test_vector_sees_rows_written_later_and_by_other_connections(open_backend: Callable[[], Backend]) -> None:
    reader, writer = open_backend(), open_backend()
    first = put(reader, make_record("first"), vectors=[axis(0)])[0]
    assert [i for i, _ in reader.vector(A, axis(0), limit=5)[0]] == [first.id]
    second = put(writer, make_record("second"), vectors=[axis(2)])[0]
    assert [i for i, _ in reader.vector(A, axis(2), limit=1)[0]] == [second.id]


def test_delete_vectors_removes_them_everywhere(open_backend: Callable[[], Backend]) -> None:
    backend, other = open_backend(), open_backend()
    gone, kept = put(backend, make_record("gone"), make_record("kept"), vectors=[axis(0), axis(1)])
    assert len(other.vector(A, axis(0), limit=5)[0]) == 2  # the other connection has them cached
    backend.delete_vectors(A, [gone.id])
    for conn in (backend, other):
        assert [i for i, _ in conn.vector(A, axis(0), limit=5)[0]] == [kept.id]
        assert set(conn.vectors_for(A, [gone.id, kept.id])) == {kept.id}
    assert backend.get(A, gone.id) == gone  # the record itself stays


def test_dedup_candidates_agree_with_vector(backend: Backend) -> None:
    """The engine's dedup path asks for neighbours through ``dedup_candidates``."""
    put(backend, *[make_record(f"r{i}") for i in range(DIMS)], vectors=[axis(i) for i in range(DIMS)])
    query = np.vstack([unit(1, 0.2), axis(5)])
    assert backend.dedup_candidates(A, query, limit=3) == backend.vector(A, query, limit=3)


def test_dedup_candidates_of_a_type_rank_only_memories_of_that_type(open_backend: Callable[[], Backend]) -> None:
    """Dedup compares memories of one type, so with ``types`` each query row gets neighbours of its own."""
    backend, other = open_backend(), open_backend()
    records = [make_record(f"r{i}", type=("semantic", "episodic")[i % 2]) for i in range(DIMS)]
    put(backend, *records, vectors=[axis(i) for i in range(DIMS)])
    near_all, near_3 = unit(1, 0.9, 0.5, 0.3), unit(0, 0, 0.3, 1, 0.1)
    found = backend.dedup_candidates(
        A, np.vstack([near_all, near_all, near_3]), limit=2, types=["semantic", "episodic", "semantic"]
    )
    r0, r1, r2, r3, r4 = (r.id for r in records[:5])
    assert [[i for i, _ in row] for row in found] == [[r0, r2], [r1, r3], [r2, r4]]  # r3 is nearest, but episodic
    assert found[0][0][1] == pytest.approx(float(near_all[0]), abs=1e-5)
    # A type changed in place reaches every connection's neighbours (the mirrors sort rows by type).
    assert other.dedup_candidates(A, near_3, limit=1, types=["semantic"])[0][0][0] == r2
    backend.update(A, r3, {"type": "semantic"})
    for conn in (backend, other):
        assert conn.dedup_candidates(A, near_3, limit=1, types=["semantic"])[0][0][0] == r3


def test_placements_are_positions_within_a_session_of_current_memories(backend: Backend) -> None:
    session = {"type": "hook", "session": "S1"}
    s = [make_record(f"turn {i}", minutes=i, source=session) for i in range(4)]
    put(backend, *s[:2])
    forgotten = put(backend, make_record("forgotten turn", minutes=2, source=session, status="forgotten"))[0]
    # another session and another agent write in between: the turns of S1 stay next to each other
    other_session = put(backend, make_record("elsewhere", minutes=6, source={"type": "hook", "session": "S2"}))[0]
    put(backend, make_record("their turn", minutes=6, source=session, agent_id=B))
    put(backend, *s[2:])
    no_session = put(backend, make_record("no session", minutes=7))[0]
    asked = [*(r.id for r in s), other_session.id, no_session.id]

    placed = backend.placements(A, [*asked, forgotten.id, "01NOSUCHID"])
    # no session, forgotten, unknown: not placed; the forgotten turn still takes its position
    assert placed == {
        s[0].id: (0, "S1"),
        s[1].id: (1, "S1"),
        s[2].id: (3, "S1"),
        s[3].id: (4, "S1"),
        other_session.id: (0, "S2"),
    }
    assert backend.placements(A, []) == {}
    assert backend.placements(B, asked) == {}
    for _ in range(3):  # searches load a store's in-memory mirrors (SQLite answers from them): same answers
        backend.lexical(A, ["turn"], limit=5)
    assert backend.placements(A, asked) == {k: v for k, v in placed.items() if k in asked}


def test_a_turn_written_by_another_connection_is_placed_after_a_search_found_no_session(
    open_backend: Callable[[], Backend],
) -> None:
    """A mirror that saw no session at all answers "none" only while nothing was written since it was read."""
    backend, other = open_backend(), open_backend()
    plain = put(backend, *(make_record(f"plain note {i}", minutes=i) for i in range(3)))
    for _ in range(3):  # searches load the in-memory mirrors
        backend.lexical(A, ["note"], limit=5)
    assert backend.placements(A, [r.id for r in plain]) == {}
    turn = put(other, make_record("a chat turn", minutes=5, source={"type": "hook", "session": "S9"}))[0]
    assert backend.placements(A, [plain[0].id, turn.id]) == {turn.id: (0, "S9")}
    mine = put(backend, make_record("my own turn", minutes=6, source={"type": "hook", "session": "S9"}))[0]
    assert backend.placements(A, [mine.id]) == {mine.id: (1, "S9")}


# --- update / reinforce -------------------------------------------------------------------------------


def test_update_sets_fields_of_every_kind(backend: Backend) -> None:
    record = put(backend, make_record("to update"))[0]
    later = BASE_TIME + timedelta(days=1, microseconds=5)
    changes: dict[str, Any] = {
        "importance": 0.9,
        "tags": ("new",),
        "metadata": {"k": [1]},
        "category": "a/b",
        "valid_to": later,
        "superseded_by": "01NEWID",
        "status": "forgotten",
        "tier": "cold",
        "updated_at": later,
    }
    backend.update(A, record.id, changes)
    assert backend.get(A, record.id) == replace(record, **changes)
    backend.update(A, record.id, {"category": None, "valid_to": None})
    assert present(backend.get(A, record.id)).category is None
    assert present(backend.get(A, record.id)).valid_to is None


@pytest.mark.parametrize("field", ["id", "agent_id", "no_such_column", "text; DROP TABLE memories"])
def test_update_rejects_identity_and_unknown_fields(backend: Backend, field: str) -> None:
    record = put(backend, make_record("protected"))[0]
    with pytest.raises(ValidationError, match="cannot update"):
        backend.update(A, record.id, {field: "x"})
    assert backend.get(A, record.id) == record


def test_reinforce_bumps_count_time_and_importance_capped(backend: Backend) -> None:
    low, high, untouched = put(
        backend, make_record("low", importance=0.5), make_record("high", importance=0.98), make_record("untouched")
    )
    at = BASE_TIME + timedelta(days=2)
    backend.reinforce(A, [low.id, high.id], at, 0.05)
    assert present(backend.get(A, low.id)).access_count == 1
    assert present(backend.get(A, low.id)).importance == pytest.approx(0.55)
    assert present(backend.get(A, low.id)).last_accessed_at == at
    assert present(backend.get(A, high.id)).importance == 1.0
    assert backend.get(A, untouched.id) == untouched
    backend.reinforce(A, [low.id, low.id], at, 0.05)  # a batch may reinforce one memory twice
    assert present(backend.get(A, low.id)).access_count == 3
    assert present(backend.get(A, low.id)).importance == pytest.approx(0.65)
    backend.reinforce(A, [], at, 0.05)


# --- purge, links, history ----------------------------------------------------------------------------


def test_links_both_ways_and_no_duplicates(backend: Backend) -> None:
    a, b, c = put(backend, make_record("a"), make_record("b"), make_record("c"))
    ab = Link(a.id, b.id, "caused_by", BASE_TIME)
    assert backend.add_link(A, ab) is True
    assert backend.add_link(A, ab) is False
    cb = Link(c.id, b.id, "elaborates", BASE_TIME + timedelta(seconds=1))
    assert backend.add_link(A, cb) is True
    assert backend.add_link(A, Link(a.id, b.id, "related_to", BASE_TIME + timedelta(seconds=2))) is True
    assert backend.links(A, a.id) == [ab, Link(a.id, b.id, "related_to", BASE_TIME + timedelta(seconds=2))]
    assert backend.links(A, b.id)[:2] == [ab, cb]
    assert len(backend.links(A, b.id)) == 3
    assert backend.links(A, c.id) == [cb]
    assert backend.links(A, "01NOSUCHID") == []


def test_remove_links_takes_only_the_named_relations_of_one_pair(backend: Backend) -> None:
    a, b, c = put(backend, make_record("a"), make_record("b"), make_record("c"))
    for link in (Link(a.id, b.id, "supersedes", BASE_TIME), Link(a.id, b.id, "contradicts", BASE_TIME),
                 Link(a.id, b.id, "related_to", BASE_TIME), Link(a.id, c.id, "supersedes", BASE_TIME),
                 Link(b.id, a.id, "supersedes", BASE_TIME)):  # fmt: skip
        backend.add_link(A, link)
    assert backend.remove_links(B, a.id, b.id, ["supersedes"]) == 0  # another agent's: nothing
    assert backend.remove_links(A, a.id, b.id, ["supersedes", "contradicts"]) == 2
    assert backend.remove_links(A, a.id, b.id, []) == 0
    left = {(link.source_id, link.target_id, link.relation) for link in backend.links(A, a.id)}
    assert left == {(a.id, b.id, "related_to"), (a.id, c.id, "supersedes"), (b.id, a.id, "supersedes")}


def test_history_in_time_order(backend: Backend) -> None:
    record = put(backend, make_record("with history"))[0]
    entries = [
        HistoryEntry(record.id, BASE_TIME + timedelta(seconds=2), "updated", {"previous": {"importance": 0.5}}),
        HistoryEntry(record.id, BASE_TIME, "created", {"source": {"type": "user"}}),
        HistoryEntry(record.id, BASE_TIME + timedelta(seconds=2), "reinforced", {"text": "ünïcode"}),
    ]
    backend.add_history(A, entries)
    assert backend.history(A, record.id) == [entries[1], entries[0], entries[2]]
    assert backend.history(A, "01NOSUCHID") == []


def test_purge_removes_record_vector_links_and_history(backend: Backend) -> None:
    gone, other = put(backend, make_record("gone"), make_record("other"), vectors=[axis(0), axis(1)])
    backend.add_link(A, Link(gone.id, other.id, "related_to", BASE_TIME))
    backend.add_link(A, Link(other.id, gone.id, "caused_by", BASE_TIME))
    backend.add_history(A, [HistoryEntry(gone.id, BASE_TIME, "created"), HistoryEntry(other.id, BASE_TIME, "created")])
    backend.purge(A, gone.id)
    assert backend.get(A, gone.id) is None
    assert backend.vectors_for(A, [gone.id]) == {}
    assert [i for i, _ in backend.vector(A, axis(0), limit=5)[0]] == [other.id]
    assert backend.links(A, gone.id) == []
    assert backend.links(A, other.id) == []
    assert backend.history(A, gone.id) == []
    assert len(backend.history(A, other.id)) == 1
    assert backend.lexical(A, ["gone"], limit=5) == []
    assert list(backend.iter_all(A)) == [other]


# --- count, stats, agents, iter_all -------------------------------------------------------------------


def test_count_stats_agents_iter_all(backend: Backend) -> None:
    current = make_record("current", type="episodic", tier="hot")
    current2 = make_record("current 2", minutes=1)
    forgotten = make_record("forgotten", minutes=2, status="forgotten")
    superseded = make_record("superseded", minutes=3, valid_to=BASE_TIME, superseded_by=current.id)
    other_agent = make_record("other agent", agent_id=B)
    put(backend, current, current2, forgotten, superseded, other_agent)
    backend.add_link(A, Link(current.id, current2.id, "related_to", BASE_TIME))

    assert backend.count(A) == 2
    assert backend.count(A, current_only=False) == 4
    assert backend.count(B) == 1
    assert backend.count() == 3
    assert backend.count(None, current_only=False) == 5
    assert backend.count("nobody") == 0
    assert backend.stats(A) == {
        "by_status": {"current": 2, "forgotten": 1, "superseded": 1},
        "by_type": {"episodic": 1, "semantic": 1},
        "by_tier": {"hot": 1, "warm": 1},
        "links": 1,
    }
    assert backend.stats("nobody") == {"by_status": {}, "by_type": {}, "by_tier": {}, "links": 0}
    assert backend.agents() == [A, B]
    assert list(backend.iter_all(A)) == [current, current2, forgotten, superseded]
    assert list(backend.iter_all("nobody")) == []


# --- agent isolation ----------------------------------------------------------------------------------


def test_agent_isolation_in_every_method(backend: Backend) -> None:
    """Agent A never sees, changes or deletes agent B's rows, whatever it asks for."""
    b1 = make_record("shared words kangaroo", agent_id=B, tags=("t",), category="c")
    b2 = make_record("second of b", agent_id=B)
    put(backend, b1, b2, vectors=[axis(0), axis(1)])
    backend.add_link(B, Link(b1.id, b2.id, "related_to", BASE_TIME))
    backend.add_history(B, [HistoryEntry(b1.id, BASE_TIME, "created")])
    a1 = put(backend, make_record("shared words kangaroo", agent_id=A), vectors=[axis(0)])[0]
    b_ids = [b1.id, b2.id]

    assert backend.get(A, b1.id) is None
    assert backend.get_many(A, b_ids) == {}
    assert backend.find_by_hash(A, b1.content_hash) == a1
    assert backend.find_by_hashes(A, [b1.content_hash, b2.content_hash]) == {a1.content_hash: a1}
    assert backend.current_texts(A, b_ids) == {}
    assert backend.list(A, Filters(include_forgotten=True, include_superseded=True), limit=100) == [a1]
    assert backend.list(A, Filters(tags=("t",)), limit=100) == []
    assert backend.matching(A, b_ids, Filters()) == set()
    assert [i for i, _ in backend.lexical(A, ["kangaroo"], limit=10)] == [a1.id]
    assert [i for i, _ in backend.vector(A, axis(1), limit=10)[0]] == [a1.id]
    assert [i for i, _ in backend.dedup_candidates(A, axis(1), limit=10)[0]] == [a1.id]
    assert backend.vectors_for(A, b_ids) == {}
    assert backend.placements(A, b_ids) == {}
    assert backend.links(A, b1.id) == []
    assert backend.history(A, b1.id) == []
    assert backend.count(A, current_only=False) == 1
    assert backend.stats(A)["links"] == 0
    assert list(backend.iter_all(A)) == [a1]

    # Writes under A's name leave B's rows exactly as they were.
    backend.update(A, b1.id, {"importance": 0.99})
    backend.reinforce(A, b_ids, BASE_TIME, 0.5)
    backend.delete_vectors(A, b_ids)
    backend.purge(A, b1.id)
    assert backend.get(B, b1.id) == b1
    assert backend.get(B, b2.id) == b2
    assert set(backend.vectors_for(B, b_ids)) == set(b_ids)
    assert backend.links(B, b1.id) == [Link(b1.id, b2.id, "related_to", BASE_TIME)]
    assert len(backend.history(B, b1.id)) == 1
    assert backend.stats(B)["links"] == 1
    assert backend.agents() == [A, B]


def test_contract_errors_are_tiermem_errors(backend: Backend) -> None:
    with pytest.raises(TiermemError):
        backend.list(A, Filters(), limit=1, order="sideways")
    with pytest.raises(TiermemError):
        backend.update(A, "01X", {"bogus": 1})


# --- URL and time-window candidates, meta prefixes -----------------------------------------------------------


def test_with_url_finds_current_memories_by_url_fragment(backend: Backend) -> None:
    docs = make_record("see the docs", metadata={"urls": ["https://Example.com/Docs/start"]})
    odd = make_record("urls that are not a list", minutes=1, metadata={"urls": {"https://example.com": 1}})
    put(
        backend,
        docs,
        odd,
        make_record("no urls at all", minutes=2),
        make_record("forgotten", minutes=3, metadata={"urls": ["https://example.com/docs"]}, status="forgotten"),
        make_record("theirs", agent_id=B, metadata={"urls": ["https://example.com/docs"]}),
    )
    assert backend.with_url(A, "example.com/docs", limit=10) == [docs.id]
    assert backend.with_url(A, "EXAMPLE.COM", limit=10) == [docs.id]
    assert backend.with_url(A, "nowhere.org", limit=10) == []

    # The URLs follow the memory: new metadata replaces them, a purge removes them.
    backend.update(A, docs.id, {"metadata": {"urls": ["https://nowhere.org/x"]}})
    assert backend.with_url(A, "example.com/docs", limit=10) == []
    assert backend.with_url(A, "nowhere.org", limit=10) == [docs.id]
    backend.purge(A, docs.id)
    assert backend.with_url(A, "nowhere.org", limit=10) == []


def test_a_url_fragment_is_matched_as_written_whatever_its_characters(backend: Backend) -> None:
    odd = make_record("odd", metadata={"urls": ['https://example.com/a_b%20c!d?q="x"']})
    umlaut = make_record("umlaut", minutes=1, metadata={"urls": ["https://exämple.com/Straße"]})
    near = make_record("near", minutes=2, metadata={"urls": ["https://example.com/aXb%20c"]})
    put(backend, odd, umlaut, near)
    assert backend.with_url(A, "a_b%20c!d", limit=10) == [odd.id]  # no wildcard, no escape character
    assert backend.with_url(A, 'q="x"', limit=10) == [odd.id]  # quotes, which JSON escapes
    assert backend.with_url(A, "exämple.com/strasse", limit=10) == []
    assert backend.with_url(A, "EXÄMPLE.com/straße", limit=10) == [umlaut.id]
    assert backend.with_url(A, "b%20c", limit=10) == [odd.id, near.id]


def test_in_window_uses_the_event_time_else_the_creation_time(backend: Backend) -> None:
    inside_by_event = make_record("happened in the window", minutes=500, event_at=BASE_TIME + timedelta(minutes=5))
    inside_by_creation = make_record("written in the window", minutes=6)
    outside = make_record("written then, happened long before", minutes=7, event_at=BASE_TIME - timedelta(days=9))
    put(backend, inside_by_event, inside_by_creation, outside, make_record("later", minutes=60))
    found = backend.in_window(A, BASE_TIME, BASE_TIME + timedelta(minutes=30), limit=10)
    assert set(found) == {inside_by_event.id, inside_by_creation.id}
    assert backend.in_window(B, BASE_TIME, BASE_TIME + timedelta(minutes=30), limit=10) == []


def test_meta_items_by_prefix(backend: Backend) -> None:
    backend.meta_set("token:b", "2")
    backend.meta_set("token:a", "1")
    backend.meta_set("tokenizer", "x")
    backend.meta_set("other", "y")
    assert backend.meta_items("token:") == {"token:a": "1", "token:b": "2"}
    assert backend.meta_items("nothing:") == {}
