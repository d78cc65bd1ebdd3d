"""The lifecycle on a real store with a simulated clock: consolidation, transitions, retrieval, daily notes,
MEMORY.md, metrics and agent isolation (lifecycle/service.py and the modules it drives)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tiermem import Memory
from tiermem.errors import ConfigError, NotFoundError, ValidationError
from tiermem.lifecycle import hot
from tiermem.lifecycle.service import LifecycleService

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


def days_ago(n: float) -> datetime:
    return NOW - timedelta(days=n)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return tmp_path


@pytest.fixture
def life(mem: Memory) -> LifecycleService:
    return mem.lifecycle()


def store(
    mem: Memory, text: str, importance: float, age_days: float, category: str | None = None, agent_id: str = "default"
) -> str:
    """A memory stored when it was created, ``age_days`` before NOW, and never used since."""
    when = days_ago(age_days)
    return mem.store(
        text, importance=importance, created_at=when, category=category, agent_id=agent_id, dedup=False, now=when
    ).id


def tiers(mem: Memory, agent_id: str = "default") -> dict[str, str]:
    return {r.id: r.tier for r in mem.list(agent_id=agent_id, limit=1000)}


def test_workspace_defaults_to_the_stores_parent(mem: Memory, store_path: Path) -> None:
    assert mem.lifecycle().workspace == store_path.parent
    assert mem.lifecycle("/somewhere/else").workspace == Path("/somewhere/else")


def test_quick_consolidation_moves_tiers_and_records_why(mem: Memory, life: LifecycleService) -> None:
    fresh = store(mem, "Decided to ship the tiered memory on Friday", 0.9, 1, "projects/tiermem")
    stale = store(mem, "The office coffee machine was fixed", 0.6, 40, "office")
    ancient = store(mem, "Someone mentioned the weather once", 0.2, 200)
    young_low = store(mem, "A passing remark about fonts", 0.4, 20)
    report = life.consolidate("quick", now=NOW).to_dict()
    assert report["tiers"]["moved"] == {"cold->frozen": 1, "warm->cold": 1}
    assert tiers(mem) == {fresh: "hot", stale: "cold", ancient: "frozen", young_low: "warm"}
    assert [r.id for r in mem.list(tier="cold")] == [stale]  # `list --tier` sees the new tier
    why = life.why(stale, now=NOW).to_dict()
    assert why["tier"] == "cold" and why["score"]["tier"] == "cold"
    (move,) = why["transitions"]
    assert (move["from"], move["to"], move["reason"]) == ("warm", "cold", "retention")
    assert move["detail"]["why"] == "older than 30 days (40) with score 0.158 below 0.3"
    assert life.why(fresh, now=NOW).to_dict()["transitions"] == []


def test_consolidation_is_idempotent(mem: Memory, life: LifecycleService, workspace: Path) -> None:
    for i in range(12):
        store(mem, f"Fact number {i} about the deployment pipeline", 0.3 + i * 0.05, i * 9, f"area{i % 3}")
    (workspace / "memory").mkdir()
    (workspace / "memory" / "2026-03-01.md").write_text("- [x] Rotated the staging database credentials\n")
    first = life.consolidate("full", now=NOW).to_dict()
    md = (workspace / "MEMORY.md").read_text()
    before = tiers(mem)
    second = life.consolidate("full", now=NOW).to_dict()
    assert first["tiers"]["moved"] and second["tiers"]["moved"] == {}
    assert second["ingest"]["facts_stored"] == 0 and second["ingest"]["facts_skipped"] == 1
    assert second["tree"]["added"] == [] and second["tree"]["dropped"] == []
    assert tiers(mem) == before and (workspace / "MEMORY.md").read_text() == md
    assert second["consolidation_count"] == 2


def test_warm_store_size_cap_evicts_lowest_scores_once(open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(config={"lifecycle": {"warm": {"max_kb": 1.5}}})
    life = mem.lifecycle()
    ids = [store(mem, f"Memo {i}: " + "details " * 12, 0.5 + i * 0.04, 0.5) for i in range(10)]
    report = life.consolidate("quick", now=NOW).to_dict()
    assert report["tiers"]["warm"]["bytes"] <= 1536
    evicted = [m for m, t in tiers(mem).items() if t == "cold"]
    assert evicted and set(evicted) == set(ids[: len(evicted)])  # the least important went first
    assert life.why(evicted[0], now=NOW).to_dict()["transitions"][0]["reason"] == "size_cap"
    assert life.consolidate("quick", now=NOW).to_dict()["tiers"]["moved"] == {}  # evicted memories do not bounce back


def test_a_reinforced_archived_memory_returns_to_the_warm_store(mem: Memory, life: LifecycleService) -> None:
    old = store(mem, "The staging cluster lives in eu-west-1", 0.6, 45, "infra")
    life.consolidate("quick", now=NOW)
    assert tiers(mem)[old] == "cold"
    later = NOW + timedelta(hours=1)
    found = life.retrieve("where does the staging cluster live", limit=1, now=later)
    assert [r["id"] for r in found.results] == [old] and found.results[0]["search_method"] == "cold"
    for _ in range(12):  # read often: the score climbs back over the warm threshold
        life.retrieve("staging cluster eu-west-1", limit=1, now=later)
    report = life.consolidate("quick", now=later).to_dict()
    assert report["tiers"]["moved"] == {"cold->hot": 1}  # read just now: its age counts from then
    assert life.why(old, now=later).to_dict()["transitions"][0]["reason"] == "reinforced"


def test_monthly_deletes_frozen_memories_after_the_retention_period(mem: Memory, life: LifecycleService) -> None:
    doomed = store(mem, "A chat from eleven years ago", 0.5, 11 * 366)
    kept = store(mem, "A chat from nine years ago", 0.5, 9 * 366)
    life.consolidate("daily", now=NOW)  # daily never deletes
    assert set(tiers(mem)) == {doomed, kept}
    report = life.consolidate("monthly", now=NOW).to_dict()
    assert report["tiers"]["deleted"] == 1 and set(tiers(mem)) == {kept}
    with pytest.raises(NotFoundError):
        mem.get(doomed)
    why = life.why(doomed, now=NOW).to_dict()  # still explained after the purge
    assert why["exists"] is False and why["transitions"][0]["to"] == "deleted"
    with pytest.raises(NotFoundError):
        life.why("01NOSUCHMEMORY0000000000000", now=NOW)


def test_frozen_retention_is_configurable(open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(config={"lifecycle": {"cold": {"retention_years": 1}}})
    gone = store(mem, "Old small talk", 0.3, 400)
    assert mem.consolidate("monthly", now=NOW).to_dict()["tiers"]["deleted"] == 1
    assert gone not in tiers(mem)


def test_tree_is_built_from_categories_and_routes_retrieval(mem: Memory, life: LifecycleService) -> None:
    bsc = store(mem, "Use raw JSON-RPC for the BSC integration", 0.8, 2, "projects/evoclaw/bsc")
    store(mem, "Owner prefers dark mode", 0.7, 2, "owner/preferences")
    store(mem, "Archived note about the BSC faucet", 0.5, 90, "projects/evoclaw/bsc")
    life.consolidate("quick", now=NOW)
    tree = life.tree()
    assert {"projects", "projects/evoclaw", "projects/evoclaw/bsc", "owner", "owner/preferences"} <= set(tree.nodes)
    assert (tree.nodes["projects"].warm, tree.nodes["projects"].cold) == (1, 1)
    found = life.retrieve("BSC integration", now=NOW)
    assert found.mode == "rule" and found.routes[0].path == "projects/evoclaw/bsc"
    top = found.results[0]
    assert top["id"] == bsc and top["search_method"] == "keyword-tree"
    assert top["tree_path"] == "projects/evoclaw/bsc" and {"tree", "recall"} <= set(top["why"])
    assert {"id", "text", "category", "importance", "created_at", "access_count", "score", "tier", "metadata"} <= set(
        top
    )
    assert mem.get(bsc).access_count == 1  # retrieval is reinforcement
    assert life.metrics(now=NOW).to_dict()["retrieval_count"] == 1
    assert life.tree().nodes["projects/evoclaw/bsc"].last_access == NOW.timestamp()


def test_a_routed_category_brings_only_its_memories_holding_a_word_of_the_query(
    mem: Memory, life: LifecycleService
) -> None:
    """Keyword routes are evidence by the query's words: a routed category's most important memories that hold
    none of its content words do not join the answer (they pushed what the search found out of the top 5)."""
    fact = store(mem, "The Kazotan storage unit opens with code 4417", 0.9, 2, "notes")
    padding = [store(mem, f"Planning item {n}: the budget review is parked", 1.0, 1, "notes") for n in range(8)]
    life.consolidate("quick", now=NOW)
    found = life.retrieve("what code opens the Kazotan locker", limit=5, now=NOW)
    assert any(route.path == "notes" for route in found.routes)
    ids = [r["id"] for r in found.results]
    assert ids[:1] == [fact] and not set(ids) & set(padding)


def test_retrieve_validates_its_input(life: LifecycleService) -> None:
    with pytest.raises(ValidationError, match="limit must be"):
        life.retrieve("x", limit=0)
    with pytest.raises(ValidationError, match="empty"):
        life.retrieve("   ")


def test_hot_updates_render_memory_md_around_the_authors_text(
    mem: Memory, life: LifecycleService, workspace: Path
) -> None:
    path = workspace / "MEMORY.md"
    path.write_text("# My curated notes\n\nNever delete me.\n")
    store(mem, "Ship the release on Friday", 0.95, 0.1, "projects")
    life.update_hot("lesson", {"text": "Always test on testnet first", "category": "blockchain"}, now=NOW)
    life.update_hot("identity", {"agent_name": "Nova"}, now=NOW)
    text = path.read_text()
    assert text.startswith("# My curated notes\n\nNever delete me.\n")
    assert "- **agent_name**: Nova" in text and "Ship the release on Friday *(projects)*" in text
    path.write_text(text + "\nAdded below the block.\n")
    life.consolidate("quick", now=NOW)
    after = path.read_text()
    assert after.startswith(text[: text.index(hot.MARK_START)]) and after.endswith(
        text[text.index(hot.MARK_END) :] + "\nAdded below the block.\n"
    )
    assert life.hot()["identity"] == {"agent_name": "Nova"}


def test_rebuild_reapplies_lowered_limits(open_memory: Callable[..., Memory], store_path: Path) -> None:
    mem = open_memory()
    for i in range(8):
        mem.lifecycle().update_hot("lesson", {"text": f"Lesson {i}", "importance": i / 10}, now=NOW)
    mem.close()
    mem = open_memory(config={"lifecycle": {"hot": {"max_lessons": 3}}})
    result = mem.lifecycle().rebuild_memory_md(now=NOW).to_dict()
    assert len(result["pruned"]) == 5 and [x["text"] for x in mem.lifecycle().hot()["critical_lessons"]] == [
        "Lesson 7",
        "Lesson 6",
        "Lesson 5",
    ]


def test_daily_notes_are_ingested_once(mem: Memory, life: LifecycleService, workspace: Path) -> None:
    notes = workspace / "memory"
    notes.mkdir()
    (notes / "2026-03-01.md").write_text("## Server\n- [x] Moved the backups to the new NAS in the garage\n")
    (notes / "2026-02-28-standup.md").write_text("- Decided to retire the old Jenkins box next sprint\n")
    (notes / "2026-02-20.md").write_text("- [x] Too old to be read with --days 2\n")
    dry = life.ingest_daily(dry_run=True, now=NOW).to_dict()
    assert dry["files_scanned"] == 2 and dry["facts_found"] == 2 and mem.list() == []
    assert {f["status"] for f in dry["facts"]} == {"new"}
    report = life.ingest_daily(now=NOW).to_dict()
    assert report["facts_stored"] == 2 and report["mode"] == "rule"
    stored = {r.text: r for r in mem.list()}
    nas = stored["Moved the backups to the new NAS in the garage"]
    assert nas.category == "technical" and nas.importance == 0.7
    where = {"type": "daily", "file": "memory/2026-03-01.md", "line": 2, "session": "2026-03-01"}
    assert nas.source.items() >= where.items()  # and the write path's provenance
    assert nas.event_at == datetime(2026, 3, 1, tzinfo=UTC)
    again = life.ingest_daily(now=NOW).to_dict()
    assert again["facts_stored"] == 0 and again["facts_skipped"] == 2
    assert life.ingest_daily(days=30, now=NOW).to_dict()["facts_stored"] == 1


def test_a_daily_note_line_is_one_memory(mem: Memory, life: LifecycleService, workspace: Path) -> None:
    """The workspace index and ingest-daily read the same notes: a line that became a fact is not indexed too."""
    notes = workspace / "memory"
    notes.mkdir()
    log = notes / "2026-03-01.md"
    log.write_text("## Server\n- [x] Moved the backups to the new NAS in the garage\n- Fed the cat twice today\n")

    def copies(word: str) -> list[str]:
        return [r.source["type"] for r in mem.list(limit=100) if word in r.text]

    mem.workspace.sync(workspace=workspace)  # indexed first: the line is a workspace piece...
    assert copies("NAS") == ["workspace"]
    report = life.ingest_daily(now=NOW).to_dict()  # ...until it becomes a fact
    assert report["facts_stored"] == 1 and report["indexed_lines_replaced"] == 1
    assert copies("NAS") == ["daily"] and copies("cat") == ["workspace"]
    log.write_text(log.read_text() + "- Ordered a new router for the garage\n")  # the log grows
    mem.workspace.sync(workspace=workspace)
    assert copies("NAS") == ["daily"] and copies("router") == ["workspace"]
    mem.workspace.sync(workspace=workspace, rebuild=True)
    assert copies("NAS") == ["daily"] and copies("cat") == ["workspace"]
    (notes / "2026-02-28.md").write_text("- [x] Replaced the fan in the old server rack\n")
    life.ingest_daily(now=NOW)  # ingested first, indexed after: still one memory
    mem.workspace.sync(workspace=workspace)
    assert copies("fan") == ["daily"]
    hits = mem.search("where did the backups go", limit=5)
    assert sum("NAS" in h.memory.text for h in hits) == 1


def test_validate_and_metadata_of_notes(life: LifecycleService, workspace: Path) -> None:
    with pytest.raises(NotFoundError, match=r"no daily note at .*2026-03-01\.md; pass --file"):
        life.validate(now=NOW)
    (workspace / "memory").mkdir()
    (workspace / "memory" / "2026-03-01.md").write_text("Set up FLUX today.\n")
    report = life.validate(now=NOW)
    assert (
        report["status"] == "warning"
        and report["warnings"][0] == "Tool 'FLUX' mentioned without URL/documentation link"
    )
    meta = life.extract_metadata(workspace / "memory" / "2026-03-01.md")
    assert meta["summary"] == {"urls_count": 0, "commands_count": 0, "paths_count": 0}


def test_search_url(mem: Memory, life: LifecycleService) -> None:
    mem.store(
        "Z-Image ComfyUI model for photorealistic images",
        category="tools/image-generation",
        metadata={"urls": ["https://docs.comfy.org/tutorials/image/z-image/z-image"]},
    )
    mem.store("Our repo is https://github.com/clawinfra/evoclaw")
    found = life.search_url("COMFY.org").to_dict()
    assert found["results_count"] == 1 and found["query"] == "COMFY.org"
    assert found["results"][0]["metadata"]["urls"] == ["https://docs.comfy.org/tutorials/image/z-image/z-image"]
    assert life.search_url("github.com").to_dict()["results"][0]["text"].startswith("Our repo")
    assert life.search_url("nothing-like-this").to_dict()["results"] == []


def test_metrics_are_computed_from_the_store(mem: Memory, life: LifecycleService) -> None:
    for i in range(30):
        store(mem, f"Observation {i}: the nightly build took {i + 10} minutes on the old runner", 0.5, i * 2)
    life.consolidate("quick", now=NOW)
    found = life.metrics(now=NOW).to_dict()
    seed_keys = {
        "tree_index_size_bytes",
        "tree_node_count",
        "hot_memory_size_bytes",
        "warm_memory_count",
        "warm_memory_size_kb",
        "retrieval_count",
        "evictions_today",
        "reinforcements_today",
        "consolidation_count",
        "last_consolidation",
        "context_tokens_saved",
        "timestamp",
    }
    assert seed_keys <= set(found)
    by_tier = found["memories_by_tier"]
    assert found["warm_memory_count"] == by_tier["hot"] + by_tier["warm"] and sum(by_tier.values()) == 30
    assert found["evictions_today"] == by_tier["cold"] + by_tier["frozen"]  # all moved out today
    assert found["consolidation_count"] == 1 and found["last_consolidation"] == NOW.timestamp()
    tokens = found["context_tokens"]
    assert tokens["flat_method"] == "exact"
    assert found["context_tokens_saved"] == max(0, tokens["flat_memory_md"] - tokens["session_start"])
    assert found["timestamp"] == "2026-03-01T12:00:00"


def test_agents_never_see_each_other(mem: Memory, workspace: Path) -> None:
    life = mem.lifecycle()
    store(mem, "Alpha's secret: the vault code is 4411", 0.9, 1, "secrets", agent_id="alpha")
    life.update_hot("lesson", "Alpha only lesson", agent_id="alpha", now=NOW)
    life.consolidate("quick", agent_id="alpha", now=NOW)
    life.consolidate("quick", agent_id="beta", now=NOW)
    assert (workspace / "MEMORY-alpha.md").is_file() and "vault code" in (workspace / "MEMORY-alpha.md").read_text()
    assert "vault" not in (workspace / "MEMORY-beta.md").read_text()
    assert not (workspace / "MEMORY.md").exists()
    assert life.retrieve("vault code", agent_id="beta", now=NOW).results == []
    assert life.hot(agent_id="beta") == hot.empty_state()
    assert set(life.tree(agent_id="beta").nodes) == {"root"}
    assert life.metrics(agent_id="beta", now=NOW).to_dict()["memory_count"] == 0
    with pytest.raises(ValidationError, match="invalid agent id"):
        life.hot(agent_id="../etc")


def test_session_context_is_the_hot_block_and_the_tree(mem: Memory, life: LifecycleService) -> None:
    store(mem, "Prefers short answers", 0.9, 0.5, "owner")
    context = life.session_context(now=NOW)
    assert context.startswith(hot.MARK_START) and "Memory Tree Index" in context and "Prefers short answers" in context
    critical = life.critical_state(now=NOW).to_dict()
    assert set(critical) == {"hot_state", "tree_nodes", "timestamp", "pins"} and "owner" in critical["tree_nodes"]


def test_schedule_follows_the_configuration(open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(config={"lifecycle": {"consolidation": {"warm_eviction": "every_3h"}}})
    jobs = {j["mode"]: j for j in mem.lifecycle().schedule("tiermem")}
    assert jobs["quick"]["line"] == "30 */3 * * * tiermem consolidate --mode quick"
    assert jobs["daily"]["cron"] == "0 0 * * *" and jobs["monthly"]["cron"] == "15 0 1 * *"


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"scoring": {"hot_threshold": 0.2}}, "tier thresholds must rise"),
        ({"hot": {"max_bytes": "big"}}, "lifecycle.hot.max_bytes"),
        ({"tree": {"max_depth": 5}}, "lifecycle.tree.max_depth"),
        ({"distillation": {"mode": "magic"}}, "lifecycle.distillation.mode"),
        ({"daily": {"sections": [{"match": ["x"], "category": "a/../b"}]}}, "invalid segment"),
        ({"warm": {"max_kb": 50, "unknown": 1}}, "lifecycle.warm.unknown"),
    ],
)
def test_bad_configuration_is_a_clear_error(
    open_memory: Callable[..., Memory], config: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        open_memory(config={"lifecycle": config})


def test_seed_config_keys_are_accepted(open_memory: Callable[..., Memory], store_path: Path) -> None:
    seed = {
        "hot": {"max_bytes": 5120, "max_lessons": 20, "max_events": 10, "max_tasks": 10},
        "warm": {"max_kb": 50, "retention_days": 30, "eviction_threshold": 0.3},
        "cold": {"backend": "turso", "retention_years": 10},
        "scoring": {"half_life_days": 30, "reinforcement_boost": 0.1},
        "tree": {"max_nodes": 50, "max_depth": 4, "max_size_bytes": 2048},
        "distillation": {"aggression": 0.7, "max_distilled_bytes": 100, "mode": "rule"},
        "consolidation": {"warm_eviction": "hourly", "tree_prune": "daily", "tree_rebuild": "monthly"},
    }
    store_path.mkdir()
    (store_path / "config.json").write_text(json.dumps({"lifecycle": seed}))
    assert open_memory().settings.lifecycle.cold.backend == "turso"


def test_concurrent_hot_updates_lose_nothing(open_memory: Callable[..., Memory], store_path: Path) -> None:
    """Two stores (two connections, as two processes would have) update the hot state at once."""
    import threading

    first, second = open_memory(), open_memory(store_path)

    def add(mem: Memory, prefix: str) -> None:
        for i in range(8):
            mem.lifecycle().update_hot("task", f"{prefix} task {i}", now=NOW + timedelta(seconds=i))

    threads = [threading.Thread(target=add, args=(m, p)) for m, p in ((first, "one"), (second, "two"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    tasks = {t["text"] for t in first.lifecycle().hot()["active_context"]["tasks"]}
    assert len(tasks) == 10  # the limit; with 16 writes, the last ten by time survive
    state = second.lifecycle().hot()
    assert {t["text"] for t in state["active_context"]["tasks"]} == tasks


def test_memory_facade_delegates(mem: Memory) -> None:
    store(mem, "The quarterly report is due on the 15th", 0.8, 1, "work/reports")
    assert mem.consolidate(now=NOW).to_dict()["mode"] == "quick"
    found = mem.retrieve("quarterly report due", now=NOW)
    assert found.results[0]["text"] == "The quarterly report is due on the 15th"
    assert found.to_dict()["tree_routes"][0]["path"] in {"work", "work/reports"}


# --- tiers set by hand (pins) -------------------------------------------------------------------------


def test_a_tier_set_by_hand_is_pinned_until_unpinned(mem: Memory, life: LifecycleService, workspace: Path) -> None:
    remark = store(mem, "The quiet corner of the office has the best chairs", 0.3, 60)
    other = store(mem, "Lunch is at noon on Fridays", 0.3, 60)
    assert mem.update(remark, tier="hot").tier == "hot"
    for mode in ("quick", "daily", "monthly"):
        report = life.consolidate(mode, now=NOW).to_dict()
        assert report["tiers"]["pinned"] == 1
    assert tiers(mem) == {remark: "hot", other: "frozen"}  # the other one went by its score
    why = life.why(remark, now=NOW).to_dict()
    assert why["pinned"]["tier"] == "hot" and why["score"]["tier"] == "frozen"
    assert [t["reason"] for t in why["transitions"]] == ["pinned"] and why["transitions"][0]["from"] == "warm"
    assert life.pins() == {remark: why["pinned"]}
    memory_md = (workspace / "MEMORY.md").read_text()
    assert memory_md.index("The quiet corner") < memory_md.index("## 🔥") + 200  # a hot pin leads the block
    mem.update(remark, tier="auto")
    assert life.why(remark, now=NOW).to_dict()["pinned"] is None and life.pins() == {}
    assert tiers(mem)[remark] == "hot"  # unpinning does not move it...
    assert life.consolidate("quick", now=NOW).to_dict()["tiers"]["moved"] == {"hot->frozen": 1}  # ...consolidation does
    # (pins carry the wall clock's time, consolidation the simulated one: compare the set)
    assert {t["reason"] for t in life.why(remark, now=NOW).to_dict()["transitions"]} == {
        "pinned",
        "unpinned",
        "retention",
    }


def test_pins_survive_the_size_cap_and_the_frozen_retention(open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(config={"lifecycle": {"warm": {"max_kb": 1.5}}})
    life = mem.lifecycle()
    ids = [store(mem, f"Memo {i}: " + "details " * 12, 0.5 + i * 0.04, 0.5) for i in range(10)]
    mem.update(ids[0], tier="warm")  # the lowest score: the first to go without its pin
    ancient = store(mem, "A chat from eleven years ago", 0.5, 11 * 366)
    mem.update(ancient, tier="frozen")
    report = life.consolidate("monthly", now=NOW).to_dict()
    assert report["tiers"]["deleted"] == 0 and report["tiers"]["warm"]["bytes"] <= 1536
    after = tiers(mem)
    assert after[ids[0]] == "warm" and after[ancient] == "frozen" and "cold" in after.values()


def test_unpinning_what_is_not_pinned_records_nothing(mem: Memory, life: LifecycleService) -> None:
    plain = store(mem, "Nothing special about this one", 0.5, 1)
    mem.update(plain, tier="auto")
    assert life.why(plain, now=NOW).to_dict()["transitions"] == [] and mem.history(plain)[-1].action == "created"
    with pytest.raises(ValidationError, match="tier"):
        mem.update(plain, tier="lukewarm")


def test_birth_tier_follows_the_configured_thresholds(open_memory: Callable[..., Memory]) -> None:
    strict = open_memory(config={"lifecycle": {"scoring": {"hot_threshold": 0.95, "cold_threshold": 0.2}}})
    assert strict.store("Important but not burning", importance=0.9).memory.tier == "warm"
    assert strict.store("Barely worth keeping", importance=0.15).memory.tier == "frozen"


# --- category counts (kept by the store on every write) ------------------------------------------------


def test_category_counts_follow_every_kind_of_write(mem: Memory, life: LifecycleService) -> None:
    import random

    rng = random.Random(4)
    categories = ["work", "work/reports", "home", None]
    ids = [store(mem, f"Note {i} about {rng.choice(['tea', 'taxes', 'tiles'])}", rng.random(), rng.random() * 90,
                 rng.choice(categories)) for i in range(40)]  # fmt: skip
    for step in range(60):
        target = rng.choice([m for m in ids if mem.get(m).is_current] or ids)
        action = step % 6
        if action == 0:
            mem.update(target, category=rng.choice(categories[:-1]))
        elif action == 1:
            mem.update(target, tier=rng.choice(["hot", "warm", "cold", "frozen"]))
        elif action == 2:
            mem.forget(target)
        elif action == 3:
            ids.append(mem.update(target, text=f"Rewritten note {step}").id)
        elif action == 4:
            mem.purge(target)
            ids.remove(target)
        else:
            mem.search("tea taxes tiles", limit=5)  # reads move last_accessed_at
    life.consolidate("quick", now=NOW)
    expected: dict[str | None, list[int]] = {}
    for record in mem.list(limit=1000):
        counts = expected.setdefault(record.category, [0, 0])
        counts[record.tier not in ("hot", "warm")] += 1
    stats = mem._backend.category_stats("default")
    assert {c: [s.warm, s.cold] for c, s in stats.items()} == expected
    newest = max(r.created_at.timestamp() for r in mem.list(limit=1000))
    assert max(s.last_activity for s in stats.values()) >= newest
