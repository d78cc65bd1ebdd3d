"""The LLM layer in a real store against the scripted server: writes never wait, the queue drains, facts and
links are applied without loss, every failure falls back visibly, and agents never meet in a prompt."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from llm_server import LLMServer, Reply
from tiermem import Memory
from tiermem.storage.llm_state import LLMState
from tiermem.storage.sqlite import SQLiteBackend

Opener = Callable[..., Memory]
LONG = (
    "We moved the API to fly.io on Monday after the Heroku bill doubled. The database is now Postgres 16, "
    "created with `fly postgres create`. Backups run nightly from /etc/cron.d/backup and Alice owns the runbook."
)

TEN = (
    "Ada reviews every database migration before it ships",
    "The staging cluster restarts each Sunday at 03:00 UTC",
    "Invoices go out on the first working day of the month",
    "Cy prefers pairing sessions in the morning",
    "The mobile app crashes on Android 12 when the camera opens",
    "Our CDN is Fastly; purges take about five seconds",
    "Gus is allergic to peanuts, so no satay at team lunch",
    "The design system lives in the ui-kit repository",
    "Customer support answers within four hours on weekdays",
    "Quarterly planning happens in the second week of March",
)


def enrichment(*items: dict[str, Any]) -> Reply:
    return Reply.json({"memories": list(items)})


# The scripted server's behaviours, each with what the queue must then do: (replies, mode, fallback reason).
BEHAVIOURS: dict[str, tuple[list[Reply], str, str | None]] = {
    "valid": ([enrichment({"n": 1, "keys": ["colour scheme"]})], "llm", None),
    "fenced": ([Reply.fenced({"memories": [{"n": 1, "keys": ["colour scheme"]}]})], "llm", None),
    "malformed": ([Reply.malformed(), Reply.malformed()], "rule", "malformed JSON in the answer"),
    "empty": ([Reply.empty(), Reply.empty()], "rule", "empty answer"),
    "timeout": ([Reply.timeout(1.0)], "rule", "timeout after 0.3 s"),
    "429 then success": ([Reply.error(429), enrichment({"n": 1, "keys": ["colour scheme"]})], "llm", None),
    "500": ([Reply.error(500)] * 3, "rule", "HTTP 500 from"),
}


def wait_for(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.02)


# --- writes never wait ---------------------------------------------------------------------------------------


def test_store_does_not_wait_for_a_slow_llm(server: LLMServer, open_llm_memory: Opener) -> None:
    server.latency_s = 2.0
    mem = open_llm_memory()
    started = time.monotonic()
    ids = [mem.store(text).id for text in TEN]
    assert time.monotonic() - started < 1.5  # ten stores, no 2 s call among them
    assert server.calls == 0
    assert (mem.llm.status()["queue"] or {})["pending"] == 10
    assert all(mem.get(i).is_current for i in ids)  # stored as given, before any LLM work


def test_the_background_worker_drains_while_the_store_is_open(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory(background=True)
    first = mem.store("My editor theme is Monokai").memory
    wait_for(lambda: (mem.llm.status()["queue"] or {})["llm"] == 1)
    assert mem.llm.jobs(first.id)[0]["result"]["keys"] == ["about my editor"]
    assert mem.llm.status()["worker"]["running"]


def test_closing_does_not_wait_for_a_slow_call(server: LLMServer, open_llm_memory: Opener) -> None:
    server.latency_s = 5.0
    mem = open_llm_memory(background=True)
    mem.store("The user prefers dark mode")
    wait_for(lambda: server.calls == 1)
    started = time.monotonic()
    mem.close()
    assert time.monotonic() - started < 3.0


# --- what the queue does -------------------------------------------------------------------------------------


def test_long_memories_are_split_into_facts_that_keep_their_source(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory()
    raw = mem.store(LONG, category="projects/api", tags=["ops"]).memory
    report = mem.llm.drain()
    assert (report["llm"], report["rule"], report["facts"], report["pending"]) == (4, 0, 3, 0)  # raw + 3 facts
    facts = [m for m in mem.list(limit=50) if m.source.get("type") == "extraction"]
    assert sorted(f.text for f in facts) == sorted([
        "We moved the API to fly.io on Monday after the Heroku bill doubled.",
        "The database is now Postgres 16, created with `fly postgres create`.",
        "Backups run nightly from /etc/cron.d/backup and Alice owns the runbook.",
    ])  # fmt: skip
    provenance = {"interface": "python", "trust": "user"}
    assert all(f.source == {"type": "extraction", "from": raw.id, **provenance} for f in facts)
    assert all((f.category, f.tags, f.created_at) == ("projects/api", ("ops",), raw.created_at) for f in facts)
    command_fact = next(f for f in facts if "fly postgres create" in f.text)
    assert command_fact.metadata["commands"] == ["fly postgres create"]
    links = mem.links(raw.id)
    assert {(link["relation"], link["direction"]) for link in links} == {("elaborates", "out")}
    assert {link["other_id"] for link in links} == {f.id for f in facts}
    assert mem.get(raw.id).is_current  # the raw memory stays, whole and searchable


def test_search_keys_let_recall_find_words_the_memory_does_not_use(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory()
    target = mem.store("Switched the terminal to the Solarized palette").memory
    mem.store("Bought a new keyboard for the office")
    server.play(enrichment({"n": 1, "keys": ["colour scheme", "appearance"]}, {"n": 2, "keys": ["hardware"]}))
    mem.llm.drain()
    hits = mem.search("colour scheme")
    assert hits[0].memory.id == target.id
    assert hits[0].explain["matched"] == "search keys"
    off = mem.search("colour scheme", type="episodic")  # filters still apply to key matches
    assert off == []


def test_a_new_value_supersedes_the_old_one_which_is_kept(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory()
    old = mem.store("My editor theme is Monokai").memory
    mem.llm.drain()
    new = mem.store("My editor theme is Solarized").memory
    server.play(enrichment({"n": 1, "links": [{"to": "e1", "relation": "supersedes", "reason": "new theme"}]}))
    assert mem.llm.drain()["superseded"] == 1
    kept = mem.get(old.id)
    assert (kept.text, kept.superseded_by, kept.valid_to, kept.status) == (old.text, new.id, new.created_at, "active")
    assert mem.links(old.id)[0] | {"created_at": None} == {
        "other_id": new.id,
        "relation": "superseded_by",
        "direction": "in",
        "created_at": None,
    }
    history = mem.history(old.id)
    assert history[-1].action == "superseded"
    assert history[-1].detail == {"by": new.id, "relation": "supersedes", "reason": "new theme", "mode": "llm"}
    assert [h.memory.id for h in mem.search("editor theme")] == [new.id]
    assert {m.id for m in mem.list(include_superseded=True)} >= {old.id, new.id}


def test_a_contradiction_invalidates_the_older_memory_only(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory()
    old = mem.store("The user likes cilantro").memory
    mem.llm.drain()
    new = mem.store("The user does not like cilantro").memory
    server.play(enrichment({"n": 1, "links": [{"to": "e1", "relation": "contradicts"}]}))
    mem.llm.drain()
    assert not mem.get(old.id).is_current and mem.get(new.id).is_current
    assert mem.links(new.id)[0]["relation"] == "contradicts"


def test_storing_the_same_fact_twice_never_loses_it(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory()
    first = mem.store("The staging database lives on db-2").memory
    again = mem.store("the staging database lives on db-2!")
    assert not again.created and again.duplicate_of == first.id  # dedup reinforces: no second job
    copy = mem.store("The staging database lives on db-2", dedup=False).memory
    server.play(
        enrichment({"n": 1, "keys": ["postgres host"]}),
        enrichment({"n": 1, "links": [{"to": "e1", "relation": "supersedes"}]}),
    )
    mem.llm.drain()
    assert mem.get(first.id).is_current and mem.get(copy.id).is_current  # a restatement invalidates nothing
    assert mem.llm.jobs(copy.id)[0]["result"]["links"][0]["relation"] == "related_to"
    assert [h.action for h in mem.history(first.id)] == ["created", "reinforced"]


def test_the_later_memory_wins_whatever_order_they_are_processed_in(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory()
    now = datetime.now(UTC)
    current = mem.store("The office is in Berlin", created_at=now).memory
    mem.llm.drain()
    imported = mem.store("The office is in Munich", created_at=now - timedelta(days=400)).memory
    server.play(enrichment({"n": 1, "links": [{"to": "e1", "relation": "supersedes"}]}))
    mem.llm.drain()
    assert mem.get(current.id).is_current
    assert mem.get(imported.id).superseded_by == current.id


def test_rules_take_over_link_detection_when_the_llm_fails(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory()
    old = mem.store("My editor theme is Monokai").memory
    mem.llm.drain()
    new = mem.store("My editor theme is Solarized").memory
    server.play(*[Reply.error(500)] * 3)
    report = mem.llm.drain()
    assert (report["rule"], report["superseded"]) == (1, 1)
    assert str(report["last_fallback"]).startswith("HTTP 500 from")
    assert mem.get(old.id).superseded_by == new.id
    (job,) = mem.llm.jobs(new.id)
    assert job["mode"] == "rule" and job["result"]["links"][0]["mode"] == "rule"


@pytest.mark.parametrize("behaviour", sorted(BEHAVIOURS))
def test_every_server_behaviour_ends_in_a_visible_outcome(
    server: LLMServer, open_llm_memory: Opener, behaviour: str
) -> None:
    replies, mode, reason = BEHAVIOURS[behaviour]
    mem = open_llm_memory()
    memory = mem.store("Switched the terminal to the Solarized palette").memory
    server.play(*replies)
    report = mem.llm.drain()
    (job,) = mem.llm.jobs(memory.id)
    assert (job["status"], job["mode"], dict(report)[mode]) == ("done", mode, 1)
    assert job["result"]["mode"] == mode
    if reason is None:
        assert job["result"]["llm_fallback"] is None and job["result"]["keys"] == ["colour scheme"]
    else:
        assert job["result"]["llm_fallback"].startswith(reason) and str(report["last_fallback"]).startswith(reason)
        assert str(mem.llm.status()["last_fallback"]).startswith(reason)
    assert mem.get(memory.id).is_current


def test_one_bad_item_of_a_batch_falls_back_alone(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory()
    ids = [mem.store(text).id for text in ("Tea at four", "The printer is on floor 2", "Lunch is at noon")]
    server.play(enrichment({"n": 1, "keys": ["afternoon break"]}, {"n": 3, "keys": ["midday meal"]}))
    mem.llm.drain()
    modes = [mem.llm.jobs(i)[0]["result"] for i in ids]
    assert [(m["mode"], m["llm_fallback"]) for m in modes] == [
        ("llm", None), ("rule", "the answer left out memory 2"), ("llm", None)]  # fmt: skip


def test_a_spent_budget_switches_the_queue_to_rules(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory(daily_call_budget=0)
    mem.store("The user prefers dark mode")
    report = mem.llm.drain()
    assert report["rule"] == 1 and server.calls == 0
    assert report["last_fallback"] == "daily LLM budget of 0 calls spent; using rules until tomorrow (UTC)"


def test_forgotten_and_purged_memories_are_skipped(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory()
    gone = mem.store("A passing thought").memory
    purged = mem.store("A secret to purge").memory
    mem.forget(gone.id)
    mem.purge(purged.id)
    report = mem.llm.drain()
    assert (report["skipped"], server.calls) == (2, 0)
    assert mem.llm.jobs(gone.id)[0]["result"] == {"skipped": "the memory is forgotten"}


def test_jobs_of_a_crashed_worker_come_back_after_their_lease(
    server: LLMServer, open_llm_memory: Opener, store_path: Any
) -> None:
    mem = open_llm_memory()
    memory = mem.store("The user prefers dark mode").memory
    crashed = SQLiteBackend(store_path)  # another process claims the job, then dies
    try:
        (claimed,) = LLMState(crashed).claim(10, time.time(), lease_s=-1.0)
    finally:
        crashed.close()
    assert claimed.memory_id == memory.id
    assert mem.llm.drain()["llm"] == 1
    assert mem.llm.jobs(memory.id)[0]["attempts"] == 2


def test_each_prompt_holds_one_agents_memories(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory(batch_size=8)
    mem.store("Alice's secret project is called Bluebird", agent_id="alice")
    mem.store("Alice's secret project is called Redwing", agent_id="bob")
    mem.store("Bob's favourite editor is Helix", agent_id="bob")
    mem.llm.drain()
    prompts = server.prompts()
    assert len(prompts) == 2
    assert not any("Bluebird" in p and ("Redwing" in p or "Helix" in p) for p in prompts)
    bobs = next(p for p in prompts if "Redwing" in p)
    assert "Helix" in bobs and "Bluebird" not in bobs  # link candidates too come from the agent's own memories


def test_batches_go_to_the_llm_concurrently(server: LLMServer, open_llm_memory: Opener) -> None:
    server.latency_s = 0.4
    mem = open_llm_memory(batch_size=2, concurrency=4, timeout_s=5)
    for i in range(8):
        mem.store(f"Note {i}: the weekly report goes to team {i}")
    started = time.monotonic()
    assert mem.llm.drain()["llm"] == 8
    assert server.calls == 4
    assert time.monotonic() - started < 4 * 0.4  # four calls of 0.4 s, overlapping


def test_without_a_provider_nothing_is_queued(open_memory: Opener) -> None:
    mem = open_memory()
    mem.store("My editor theme is Monokai")
    status = mem.llm.status()
    assert status["features"]["queueing"] is False and (status["queue"] or {})["pending"] == 0
    assert mem.llm.drain()["jobs"] == 0


def test_rules_without_an_llm_run_at_write_time(open_memory: Opener) -> None:
    mem = open_memory(config={"llm": {"rules_without_llm": True}})
    old = mem.store("My editor theme is Monokai").memory
    new = mem.store("My editor theme is Solarized").memory
    assert mem.get(old.id).superseded_by == new.id  # already, when store returned
    (job,) = mem.llm.jobs(new.id)
    assert (job["mode"], job["result"]["llm_fallback"]) == ("rule", None)


# --- query expansion on the read path ------------------------------------------------------------------------


def test_expansion_is_off_unless_asked(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory()
    mem.store("The user prefers dark mode")
    hits = mem.search("which theme does the user prefer")
    assert server.calls == 0 and "expansion" not in hits[0].explain


@pytest.mark.parametrize("behaviour", ["valid", "fenced", "429 then success", "malformed", "empty", "timeout", "500"])
def test_expansion_against_each_behaviour(server: LLMServer, open_llm_memory: Opener, behaviour: str) -> None:
    good = {"terms": ["night mode", "appearance"]}
    replies = {
        "valid": [Reply.json(good)], "fenced": [Reply.fenced(good)], "429 then success": [Reply.error(429),
        Reply.json(good)], "malformed": [Reply.malformed()] * 2, "empty": [Reply.empty()] * 2,
        "timeout": [Reply.timeout(1.0)], "500": [Reply.error(500)] * 3,
    }[behaviour]  # fmt: skip
    mem = open_llm_memory(query_expansion=True)
    target = mem.store("Night mode, the dark mode of the system, is on for every app").memory
    server.play(*replies)
    hits = mem.search("what colour scheme do I prefer")
    expansion = hits[0].explain["expansion"]
    if behaviour in ("valid", "fenced", "429 then success"):
        assert expansion == {"terms": ["night mode", "appearance"], "mode": "llm", "llm_fallback": None}
        assert hits[0].memory.id == target.id  # found through an expansion term
    else:
        assert expansion["mode"] == "rule" and expansion["llm_fallback"]
        assert "dark mode" in expansion["terms"]  # the synonym table


def test_expansion_answers_are_cached(server: LLMServer, open_llm_memory: Opener) -> None:
    mem = open_llm_memory(query_expansion=True)
    mem.store("Night mode is on for every app")
    server.play(Reply.json({"terms": ["night mode"]}))
    mem.search("colour scheme")
    mem.search("colour scheme")
    assert server.calls == 1


# --- consolidation into core memories -------------------------------------------------------------------------

DEPLOY_NOTES = [
    "Deploy the API with `fly deploy` from the repo root",
    "Deploying the API needs the fly token from https://fly.io/user/tokens",
    "The API deploy failed when the fly token had expired",
    "After deploying the API, check https://status.example.com",
]


def _cluster(mem: Memory) -> list[str]:
    ids = [mem.store(text, type="working_solution", category="ops").id for text in DEPLOY_NOTES]
    mem.store("The user's cat is called Miso")
    mem.store("Lunch on Fridays is pizza")
    return ids


@pytest.mark.parametrize("behaviour", ["valid", "fenced", "429 then success", "500", "malformed", "timeout", "empty"])
def test_consolidation_makes_one_core_memory_linked_to_its_sources(
    server: LLMServer, open_llm_memory: Opener, behaviour: str
) -> None:
    mem = open_llm_memory(extract=False, link_detection=False, fact_keys=False)
    ids = _cluster(mem)
    summary = {"summary": "Deploy the API with `fly deploy`; it needs a valid fly token.", "importance": 0.8}
    replies = {
        "valid": [Reply.json(summary)],
        "fenced": [Reply.fenced(summary)],
        "429 then success": [Reply.error(429), Reply.json(summary)],
        "500": [Reply.error(500)] * 3,
        "malformed": [Reply.malformed()] * 2,
        "timeout": [Reply.timeout(1.0)],
        "empty": [Reply.empty()] * 2,
    }
    server.play(*replies[behaviour])
    report = mem.llm.consolidate_core(threshold=0.45)
    (core,) = report["cores"]
    assert sorted(core["sources"]) == sorted(ids)
    made = mem.get(core["id"])
    assert made.tags == ("core",) and made.source["type"] == "consolidation" and made.category == "ops"
    assert sorted(made.metadata["urls"]) == ["https://fly.io/user/tokens", "https://status.example.com"]
    assert made.metadata["commands"] == ["fly deploy"]
    if behaviour in ("valid", "fenced", "429 then success"):
        assert (core["mode"], made.text, made.importance) == ("llm", summary["summary"], 0.8)
    else:
        assert core["mode"] == "rule" and core["llm_fallback"]
        assert made.text.startswith(DEPLOY_NOTES[0]) or " — related (3): " in made.text
    for source_id in ids:
        source = mem.get(source_id)
        assert source.is_current and source.text in DEPLOY_NOTES  # sources are never changed
        (link,) = mem.links(source_id)
        assert (link["other_id"], link["relation"], link["direction"]) == (core["id"], "elaborates", "out")
    assert mem.llm.consolidate_core(threshold=0.45)["cores"] == []  # consolidated memories are not taken twice


def test_a_dry_run_stores_nothing(open_memory: Opener) -> None:
    mem = open_memory()
    _cluster(mem)
    before = mem.stats()["memories"]
    report = mem.llm.consolidate_core(threshold=0.45, dry_run=True)
    assert len(report["cores"]) == 1 and report["cores"][0]["mode"] == "rule"
    assert report["cores"][0]["llm_fallback"] is None  # no LLM configured: rules by choice, not by failure
    assert mem.stats()["memories"] == before


def test_the_report_is_json(open_memory: Opener) -> None:
    mem = open_memory()
    _cluster(mem)
    json.dumps(mem.llm.consolidate_core(threshold=0.45))
    json.dumps(mem.llm.status())
