"""The ``Memory`` facade end to end on a real store: store/get/list/search, updates that supersede, forget,
purge, links, history, stats, time formats, and the public ``tiermem`` namespace."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

import tiermem
from tiermem import Memory, NotFoundError, StoreResult, ValidationError
from tiermem.model import INVERSE_RELATIONS, RELATIONS
from tiermem.providers.embedders import WordLlamaEmbedder

# --- the package namespace ------------------------------------------------------------------------------


def test_all_is_sorted_unique_and_importable() -> None:
    assert tiermem.__all__ == sorted(set(tiermem.__all__))
    for name in tiermem.__all__:
        assert getattr(tiermem, name) is not None
    namespace: dict[str, object] = {}
    exec("from tiermem import *", namespace)
    assert set(tiermem.__all__) <= set(namespace)
    assert issubclass(tiermem.ValidationError, tiermem.TiermemError)
    assert importlib.import_module("tiermem").__version__


# --- store and get --------------------------------------------------------------------------------------


def test_store_returns_the_new_memory_with_defaults(mem: Memory) -> None:
    before = datetime.now(UTC)
    result = mem.store("The user prefers dark mode")
    assert isinstance(result, StoreResult)
    assert (result.created, result.duplicate_of, result.reason) == (True, None, "unique")
    record = result.memory
    assert record.id == result.id and len(record.id) == 26
    assert (record.agent_id, record.text, record.type, record.scope, record.status) == (
        "default", "The user prefers dark mode", "semantic", "long_term", "active",
    )  # fmt: skip
    assert (record.importance, record.access_count, record.category, record.tags) == (0.5, 0, None, ())
    assert record.source == {"type": "user", "interface": "python", "trust": "user"}  # provenance, completed
    assert record.tier in ("hot", "warm")
    assert before <= record.created_at <= datetime.now(UTC)
    assert record.is_current
    assert mem.get(record.id) == record
    assert [h.action for h in mem.history(record.id)] == ["created"]


def test_store_keeps_every_given_field(mem: Memory) -> None:
    event = datetime(2024, 5, 1, 14, 30, tzinfo=UTC)
    record = mem.store(
        "Decided to use SQLite with WAL for the embedded store",
        type="ARCHITECTURAL_DECISION",
        category=" projects / tiermem ",
        importance=0.9,
        tags=["storage", "sqlite", "storage"],
        metadata='{"ticket": 42}',  # type: ignore[arg-type]  # a string holding a JSON object is accepted too
        event_at=event,
        source={"type": "hook", "file": "notes.md", "line": 3},
        scope="working",
        valence=0.25,
    ).memory
    assert record.type == "architectural_decision"
    assert record.category == "projects/tiermem"
    assert record.tags == ("storage", "sqlite")
    assert record.metadata == {"ticket": 42}
    assert (record.importance, record.scope, record.valence, record.event_at) == (0.9, "working", 0.25, event)
    assert record.source == {"type": "hook", "file": "notes.md", "line": 3, "interface": "python", "trust": "tool"}
    assert mem.get(record.id) == record
    assert record.to_dict()["event_at"] == "2024-05-01T14:30:00+00:00"


def test_get_unknown_and_other_agents_memory(mem: Memory) -> None:
    record = mem.store("belongs to alice", agent_id="alice").memory
    assert mem.get(record.id, agent_id="alice") == record
    with pytest.raises(NotFoundError, match="no memory"):
        mem.get(record.id)
    with pytest.raises(NotFoundError):
        mem.get(record.id, agent_id="bob")
    with pytest.raises(NotFoundError):
        mem.get("01ZZZZZZZZZZZZZZZZZZZZZZZZ")
    assert mem.agents() == ["alice"]


# --- list -----------------------------------------------------------------------------------------------


@pytest.fixture
def stocked(mem: Memory) -> dict[str, str]:
    old = datetime(2024, 1, 1, tzinfo=UTC)
    ids = {
        "decision": mem.store(
            "We chose Postgres for the server",
            type="architectural_decision",
            category="projects/tiermem",
            tags=["db"],
            created_at=old,
            importance=0.9,
        ),
        "pref": mem.store(
            "The user likes short answers",
            type="user_preference",
            tags=["style", "db"],
            created_at=old + timedelta(days=1),
            importance=0.2,
        ),
        "note": mem.store(
            "Session ended with tests green",
            type="session_note",
            category="projects/other",
            created_at=old + timedelta(days=2),
            scope="working",
        ),
        "feeling": mem.store(
            "I was relieved when the release shipped", type="emotional", created_at=old + timedelta(days=3)
        ),
    }
    return {name: result.id for name, result in ids.items()}


def listed(mem: Memory, **kwargs: Any) -> list[str]:
    return [r.id for r in mem.list(**kwargs)]


def test_list_filters(mem: Memory, stocked: dict[str, str]) -> None:
    d, p, n, f = stocked["decision"], stocked["pref"], stocked["note"], stocked["feeling"]
    assert listed(mem) == [f, n, p, d]
    assert listed(mem, order="oldest") == [d, p, n, f]
    assert listed(mem, order="importance")[0] == d
    assert listed(mem, type="user_preference") == [p]
    assert listed(mem, type=["emotional", "SESSION_NOTE"]) == [f, n]
    assert listed(mem, category="projects") == [n, d]
    assert listed(mem, category="projects/tiermem") == [d]
    assert listed(mem, tags=["db"]) == [p, d]
    assert listed(mem, tags="db,style") == [p]
    assert listed(mem, scope="working") == [n]
    assert listed(mem, since="2024-01-02T00:00:00Z") == [f, n, p]
    assert listed(mem, until="2024-01-02") == [d]
    assert listed(mem, since=datetime(2024, 1, 2, tzinfo=UTC), until=1704326400) == [n, p]  # until 2024-01-04
    assert listed(mem, limit=2) == [f, n]
    assert listed(mem, limit=2, offset=2) == [p, d]
    tiers = {r.tier for r in mem.list()}
    assert set(listed(mem, tier=sorted(tiers))) == {d, p, n, f}
    assert listed(mem, agent_id="someone-else") == []


@pytest.mark.parametrize(
    ("importance", "tier"), [(0.9, "hot"), (0.7, "hot"), (0.5, "warm"), (0.1, "cold"), (0.01, "frozen")]
)
def test_new_memories_are_tiered_by_importance_alone(mem: Memory, importance: float, tier: str) -> None:
    fresh = mem.store(f"a fresh fact rated {importance}", importance=importance).memory
    backfilled = mem.store(f"an old fact rated {importance}", importance=importance, created_at="2001-01-01").memory
    assert fresh.tier == backfilled.tier == tier
    assert set(listed(mem, tier=tier)) == {fresh.id, backfilled.id}


# --- search ---------------------------------------------------------------------------------------------


def test_search_finds_the_right_memory(mem: Memory) -> None:
    mem.store_many(
        [
            {"text": "The user prefers dark mode in every editor", "type": "user_preference"},
            {"text": "Our CI pipeline runs on GitHub Actions"},
            {"text": "Lunch on Fridays is pizza at the office"},
            {"text": "The staging database password rotates monthly"},
            {"text": "Alice is the on-call engineer this week"},
        ]
    )
    cases = {
        "which colour theme does the user like?": "dark mode",
        "who is on call?": "Alice",
        "continuous integration GitHub": "CI pipeline",
        "what do we eat on Friday": "pizza",
    }
    for query, expected in cases.items():
        hits = mem.search(query, limit=3)
        assert hits, query
        assert expected in hits[0].memory.text, (query, [h.memory.text for h in hits])
        assert hits[0].score == max(h.score for h in hits)
        assert hits[0].explain


def test_search_respects_limit_filters_and_agents(mem: Memory) -> None:
    mem.store("kiwi fruit notes one", type="episodic", tags=["fruit"])
    mem.store("kiwi bird notes two", type="semantic")
    mem.store("kiwi notes for another agent", agent_id="other")
    assert len(mem.search("kiwi", limit=1)) == 1
    assert {h.memory.text for h in mem.search("kiwi", type="episodic")} == {"kiwi fruit notes one"}
    assert {h.memory.text for h in mem.search("kiwi", tags=["fruit"])} == {"kiwi fruit notes one"}
    assert {h.memory.agent_id for h in mem.search("kiwi notes", limit=10)} == {"default"}
    assert [h.memory.text for h in mem.search("kiwi", agent_id="other")] == ["kiwi notes for another agent"]
    assert mem.search("kiwi", agent_id="nobody") == []
    hit = mem.search("kiwi", limit=1)[0]
    assert hit.to_dict()["memory"]["id"] == hit.memory.id


# --- update ---------------------------------------------------------------------------------------------


def test_update_text_supersedes(mem: Memory) -> None:
    old = mem.store("The office is on floor 3", category="facts", tags=["office"], importance=0.7).memory
    new = mem.update(old.id, text="The office moved to floor 5")
    assert new.id != old.id
    assert (new.text, new.category, new.tags, new.importance) == (
        "The office moved to floor 5",
        "facts",
        ("office",),
        0.7,
    )
    retired = mem.get(old.id)
    assert retired.valid_to is not None and retired.superseded_by == new.id
    assert not retired.is_current and retired.text == "The office is on floor 3"
    assert mem.links(new.id) == [
        {"other_id": old.id, "relation": "supersedes", "direction": "out", "created_at": retired.valid_to.isoformat()}
    ]
    assert mem.links(old.id)[0] | {"created_at": None} == {
        "other_id": new.id, "relation": "superseded_by", "direction": "in", "created_at": None,
    }  # fmt: skip
    assert [(h.action, h.detail.get("by")) for h in mem.history(old.id)] == [("created", None), ("superseded", new.id)]
    assert mem.history(new.id)[0].action == "created"
    assert mem.history(new.id)[0].detail["supersedes"] == old.id
    assert listed(mem) == [new.id]
    assert set(listed(mem, include_superseded=True)) == {old.id, new.id}
    assert [h.memory.id for h in mem.search("office floor", limit=10)] == [new.id]
    with pytest.raises(ValidationError, match="superseded"):
        mem.update(old.id, importance=0.1)


def test_update_type_also_supersedes(mem: Memory) -> None:
    old = mem.store("Always run the linter before pushing").memory
    new = mem.update(old.id, type="procedural")
    assert new.id != old.id and new.type == "procedural" and new.text == old.text
    assert mem.get(old.id).superseded_by == new.id


def test_update_fields_in_place_keeps_previous_values(mem: Memory) -> None:
    record = mem.store("Quarterly report due soon", importance=0.4, tags=["work"], category="work").memory
    updated = mem.update(record.id, importance=0.8, tags=["work", "urgent"], category="work/reports",
                         event_at="2025-03-31T17:00:00Z", tier="hot", scope="short_term", valence=-0.3,
                         metadata={"owner": "sam"})  # fmt: skip
    assert updated.id == record.id
    assert (updated.importance, updated.tags, updated.category, updated.tier) == (
        0.8, ("work", "urgent"), "work/reports", "hot",
    )  # fmt: skip
    assert updated.event_at == datetime(2025, 3, 31, 17, 0, tzinfo=UTC)
    assert (updated.scope, updated.valence, updated.metadata) == ("short_term", -0.3, {"owner": "sam"})
    assert updated.updated_at > record.updated_at
    assert updated.created_at == record.created_at
    assert len(mem.list(include_superseded=True)) == 1
    last = mem.history(record.id)[-1]
    assert last.action == "updated"
    assert last.detail["previous"] == {
        "importance": 0.4, "tags": ["work"], "category": "work", "event_at": None, "tier": record.tier,
        "scope": "long_term", "valence": 0.0, "metadata": {},
    }  # fmt: skip
    assert [h.memory.id for h in mem.search("reports", category="work/reports")] == [record.id]


def test_update_rejects_unknown_fields(mem: Memory) -> None:
    record = mem.store("cannot change my id").memory
    with pytest.raises(ValidationError, match="cannot update id"):
        mem.update(record.id, id="01X")
    assert mem.get(record.id) == record


# --- reinstating what a write decision retired -----------------------------------------------------------


def test_a_fact_retired_by_another_one_can_be_reinstated(mem: Memory) -> None:
    fact = mem.store("The library closes at 8 pm").memory
    other = mem.store("The cafe inside the library now closes at 6 pm")
    assert other.decision == "update" and not mem.get(fact.id).is_current  # another fact taken for its new value
    assert mem.search("library close", limit=1)[0].explain.get("replaces")
    back = mem.reinstate(fact.id, reason="a different place")
    assert back.is_current and back.superseded_by is None and back.valid_to is None
    assert mem.get(other.id).is_current
    hits = mem.search("When does the library close?", limit=5, reinforce=False)
    assert hits[0].memory.id == fact.id
    assert all("replaces" not in h.explain for h in hits)  # the cafe no longer says it replaced it
    assert all(link["relation"] not in ("supersedes", "contradicts") for link in mem.links(other.id))
    assert mem.history(fact.id)[-1].action == "reinstated"
    assert mem.history(fact.id)[-1].detail == {"was_superseded_by": other.id, "reason": "a different place"}
    assert mem.history(other.id)[-1].action == "no longer replaces"
    assert set(listed(mem)) == {fact.id, other.id}


def test_a_memory_whose_successor_was_purged_is_reinstated_alone(mem: Memory) -> None:
    old = mem.store("The API rate limit is 100 requests per minute")
    new = mem.store("The API rate limit is 1000 requests per minute")
    mem.purge(new.id)
    assert not mem.get(old.id).is_current  # purging the current version does not bring the old one back...
    assert mem.reinstate(old.id).is_current  # ...reinstate does
    assert mem.search("API rate limit")[0].memory.id == old.id
    assert mem.history(old.id)[-1].detail["was_superseded_by"] == new.id
    assert mem.core.backend.history("default", new.id) == []  # nothing written for the purged one


def test_only_a_superseded_memory_can_be_reinstated(mem: Memory) -> None:
    current = mem.store("the boiler is serviced every October").memory
    with pytest.raises(ValidationError, match="is current; only a superseded memory"):
        mem.reinstate(current.id)
    mem.forget(current.id)
    with pytest.raises(ValidationError, match="is forgotten"):
        mem.reinstate(current.id)
    with pytest.raises(NotFoundError):
        mem.reinstate("01NOSUCHMEMORYID")


# --- forget and purge -----------------------------------------------------------------------------------


def test_forget_tombstones(mem: Memory) -> None:
    keep = mem.store("the spare key is under the flowerpot").memory
    gone = mem.store("the old wifi password was hunter2").memory
    forgotten = mem.forget(gone.id, reason="rotated")
    assert forgotten.status == "forgotten" and not forgotten.is_current
    assert mem.get(gone.id).status == "forgotten"
    assert mem.get(gone.id).text == gone.text
    assert listed(mem) == [keep.id]
    assert set(listed(mem, include_forgotten=True)) == {keep.id, gone.id}
    assert all(h.memory.id != gone.id for h in mem.search("wifi password hunter2", limit=10))
    assert mem.history(gone.id)[-1].action == "forgotten"
    assert mem.history(gone.id)[-1].detail == {"reason": "rotated"}
    assert mem.stats()["by_status"] == {"current": 1, "forgotten": 1}


def test_purge_deletes_for_good(mem: Memory) -> None:
    a = mem.store("purge me completely").memory
    b = mem.store("a neighbour that stays").memory
    mem.link(a.id, b.id, "related_to")
    mem.purge(a.id)
    with pytest.raises(NotFoundError):
        mem.get(a.id)
    with pytest.raises(NotFoundError):
        mem.history(a.id)
    assert mem.links(b.id) == []
    assert listed(mem, include_forgotten=True, include_superseded=True) == [b.id]
    assert all(h.memory.id != a.id for h in mem.search("purge me completely"))
    with pytest.raises(NotFoundError):
        mem.purge(a.id)


# --- links ----------------------------------------------------------------------------------------------


def test_all_seven_relations_read_from_both_sides(mem: Memory) -> None:
    assert len(RELATIONS) == 7
    hub = mem.store("the hub memory").memory
    for relation in RELATIONS:
        other = mem.store(f"memory linked by {relation} xq{len(relation)}").memory
        link = mem.link(hub.id, other.id, relation)
        assert (link.source_id, link.target_id, link.relation) == (hub.id, other.id, relation)
        assert [(x["other_id"], x["relation"], x["direction"]) for x in mem.links(other.id)] == [
            (hub.id, INVERSE_RELATIONS[relation], "in")
        ]
    outgoing = mem.links(hub.id)
    assert [x["relation"] for x in outgoing] == list(RELATIONS)
    assert {x["direction"] for x in outgoing} == {"out"}
    assert mem.stats()["links"] == 7


def test_link_is_idempotent_and_agent_scoped(mem: Memory) -> None:
    a, b = mem.store("cause of it all").memory, mem.store("the effect").memory
    mem.link(b.id, a.id, "caused_by")
    mem.link(b.id, a.id, "caused_by")
    assert len(mem.links(a.id)) == 1
    assert mem.links(a.id)[0]["relation"] == "causes"
    stranger = mem.store("someone else's memory", agent_id="stranger").memory
    with pytest.raises(NotFoundError):
        mem.link(a.id, stranger.id, "related_to")


# --- stats ----------------------------------------------------------------------------------------------


def test_stats(mem: Memory, embedder: WordLlamaEmbedder) -> None:
    first = mem.store("the garden needs watering", type="episodic").memory
    mem.store("a parcel arrived for the neighbours", type="episodic")
    third = mem.store("the trip was worth it, a reflection", type="reflection").memory
    mem.update(first.id, text="the garden needs watering twice a week")
    mem.forget(third.id)
    mem.store("an agent of its own", agent_id="solo")
    stats = mem.stats()
    assert stats["agent_id"] == "default"
    assert stats["memories"] == 2
    assert stats["by_status"] == {"current": 2, "superseded": 1, "forgotten": 1}
    assert stats["by_type"] == {"episodic": 2}
    assert sum(stats["by_tier"].values()) == 2
    assert stats["links"] == 1
    assert (stats["embedder"], stats["dims"]) == (embedder.name, 256)
    assert stats["path"] == mem.location
    assert mem.stats(agent_id="solo")["memories"] == 1
    assert mem.agents() == ["default", "solo"]


def test_data_survives_reopening(open_memory: Callable[..., Memory]) -> None:
    with open_memory() as first:
        stored = first.store("persisted across sessions", tags=["x"]).memory
    again = open_memory()
    assert again.get(stored.id) == stored
    assert again.search("persisted sessions")[0].memory.id == stored.id


# --- time formats ---------------------------------------------------------------------------------------

MOMENT = datetime(2024, 2, 29, 13, 45, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    "value",
    [
        MOMENT,
        MOMENT.replace(tzinfo=None),  # naive means UTC
        MOMENT.astimezone(timezone(timedelta(hours=-5))),
        "2024-02-29T13:45:30Z",
        "2024-02-29T13:45:30+00:00",
        "2024-02-29T15:45:30+02:00",
        "2024-02-29 13:45:30",
        " 2024-02-29T13:45:30Z ",
        MOMENT.timestamp(),
        int(MOMENT.timestamp()),
        str(int(MOMENT.timestamp())),
    ],
    ids=lambda v: f"{type(v).__name__}:{v}",
)
def test_created_at_and_event_at_formats(mem: Memory, value: object) -> None:
    record = mem.store("a moment in time", created_at=value, event_at=value).memory
    assert record.created_at == MOMENT
    assert record.event_at == MOMENT
    assert record.created_at.utcoffset() == timedelta(0)
    assert mem.get(record.id).created_at == MOMENT


def test_date_only_string_means_midnight_utc(mem: Memory) -> None:
    assert mem.store("a date", event_at="2024-02-29").memory.event_at == datetime(2024, 2, 29, tzinfo=UTC)


@pytest.mark.parametrize("now", [MOMENT, "2024-02-29T13:45:30Z", MOMENT.timestamp(), None])
def test_search_accepts_now_in_every_format(mem: Memory, now: object) -> None:
    stored = mem.store("the quarterly planning happened in February").memory
    assert mem.search("quarterly planning", now=now)[0].memory.id == stored.id
