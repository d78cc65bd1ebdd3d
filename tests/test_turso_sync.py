"""Seed 000's "device is replaceable": push the archive, sync the critical state, wipe the device, restore on a
fresh one, against a real libSQL server (tursodb on 127.0.0.1). Also the command line for all of it."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from cli_support import Cli
from tiermem import Memory
from tiermem.coldsync import push, restore, sync_critical
from tiermem.providers.embedders import WordLlamaEmbedder
from tiermem.storage.turso import ColdArchive, TursoClient
from turso_server import turso_server

NOW = datetime(2026, 11, 1, tzinfo=UTC)


@pytest.fixture
def archive(tmp_path: Path) -> Iterator[ColdArchive]:
    cloud = tmp_path / "cloud"
    cloud.mkdir()
    with turso_server(cloud) as url:
        client = TursoClient(url, "device-token")
        made = ColdArchive(client)
        made.init()
        yield made
        client.close()


FACTS = [
    ("The billing service runs on port 8001", "projects/api"),
    ("Search answers are cached for ten minutes", "projects/api"),
    ("Auth tokens expire after one hour", "projects/api"),
    ("Backups run every night at 02:00 UTC", "ops"),
    ("The staging cluster has three nodes", "ops"),
    ("Grafana dashboards live in the ops repo", "ops"),
    ("The old VPN was retired in March", "ops"),
    ("Auth moved to port 9443 last week", "projects/api"),
    ("Alice owns the on-call rotation", "people"),
    ("Deploys need two approvals", None),
]


def live_a_while(mem: Memory, agent: str) -> None:
    """Memories in every tier, some forgotten or superseded, a hot state and a tree with descriptions."""
    items = [{"text": t, "category": c, "importance": 0.2 + i * 0.05, "created_at": NOW - timedelta(days=40 * i)}
             for i, (t, c) in enumerate(FACTS)]  # fmt: skip
    results = mem.store_many(items, agent_id=agent, dedup=False)
    ids = [r.id for r in results]
    for memory_id, tier in zip(ids, ["hot", "warm", "cold", "cold", "frozen", "cold"], strict=False):
        mem.update(memory_id, agent_id=agent, tier=tier)
    mem.forget(ids[6], agent_id=agent, reason="wrong")
    mem.update(ids[7], agent_id=agent, text="Auth moved to port 9443 on Tuesday")
    life = mem.lifecycle()
    life.update_hot("identity", {"agent_name": "Ada", "role": "ops assistant"}, agent_id=agent)
    life.update_hot("lesson", {"text": "Never restart billing on a Friday", "category": "ops",
                                         "importance": 0.9}, agent_id=agent)  # fmt: skip
    life.tree_add("projects/api", "The public API services", agent_id=agent)


def snapshot(mem: Memory, agent: str) -> dict[str, Any]:
    life = mem.lifecycle()
    rows = mem.list(agent_id=agent, limit=1000, include_forgotten=True, include_superseded=True, order="oldest")
    return {
        "hot": life.hot(agent_id=agent),
        "tree": life.tree(agent_id=agent).seed_dict(),
        "memories": {r.id: r.to_dict() for r in rows},
        "cold": {r.id: r.to_dict() for r in rows if r.tier in ("cold", "frozen")},
    }


@pytest.mark.parametrize("agent", ["default", "ops-bot"])
def test_full_backup_sync_wipe_restore_reproduces_everything(
    tmp_path: Path, archive: ColdArchive, embedder: WordLlamaEmbedder, agent: str
) -> None:
    device = tmp_path / "device" / ".tiermem"
    with Memory.open(device, embedder=embedder) as mem:
        live_a_while(mem, agent)
        assert push(mem.core, archive, agent, everything=True)["archived"] == 11
        assert sync_critical(mem.core, archive, agent)["synced"] is True
        before = snapshot(mem, agent)
        old_md = (device.parent / ("MEMORY.md" if agent == "default" else f"MEMORY-{agent}.md")).read_text()
    shutil.rmtree(device.parent)  # the device is lost

    fresh = tmp_path / "new-device" / ".tiermem"
    with Memory.open(fresh, embedder=embedder) as mem:
        started = time.perf_counter()
        report = restore(mem.core, archive, agent)
        elapsed = time.perf_counter() - started
        after = snapshot(mem, agent)
        hits = mem.search("which port does billing use?", agent_id=agent)
    assert report["restored_memories"] == 11 and report["seed_rows_stored"] == 0
    assert after["hot"] == before["hot"]
    assert after["tree"] == before["tree"]
    assert after["memories"] == before["memories"]
    assert {h.memory.id for h in hits} <= set(before["memories"]) and hits  # vectors are back too
    new_md = (fresh.parent / ("MEMORY.md" if agent == "default" else f"MEMORY-{agent}.md")).read_text()
    assert "Never restart billing on a Friday" in new_md and "Ada" in new_md
    assert _block(new_md) == _block(old_md)
    assert elapsed < 120  # the seed's promise: a full restore in under two minutes


def test_seed_style_cold_archive_restores_hot_state_tree_and_the_cold_tier(
    tmp_path: Path, archive: ColdArchive, embedder: WordLlamaEmbedder
) -> None:
    device = tmp_path / "device" / ".tiermem"
    with Memory.open(device, embedder=embedder) as mem:
        live_a_while(mem, "default")
        assert push(mem.core, archive, "default")["archived"] == 4  # cold and frozen only, as the seed archived
        sync_critical(mem.core, archive, "default")
        before = snapshot(mem, "default")
    shutil.rmtree(device.parent)
    with Memory.open(tmp_path / "new" / ".tiermem", embedder=embedder) as mem:
        restore(mem.core, archive, "default")
        after = snapshot(mem, "default")
    assert after["hot"] == before["hot"]
    assert after["cold"] == before["cold"]
    assert set(after["tree"]) == set(before["tree"])
    assert {p: n["desc"] for p, n in after["tree"].items()} == {p: n["desc"] for p, n in before["tree"].items()}


def test_restoring_twice_adds_nothing_and_an_empty_archive_says_so(
    tmp_path: Path, archive: ColdArchive, embedder: WordLlamaEmbedder
) -> None:
    with Memory.open(tmp_path / "a" / ".tiermem", embedder=embedder) as mem:
        live_a_while(mem, "default")
        push(mem.core, archive, "default", everything=True)
        sync_critical(mem.core, archive, "default")
    with Memory.open(tmp_path / "b" / ".tiermem", embedder=embedder) as mem:
        assert restore(mem.core, archive, "default")["restored_memories"] == 11
        assert restore(mem.core, archive, "default")["restored_memories"] == 0
        with pytest.raises(Exception, match="holds nothing for agent 'nobody'"):
            restore(mem.core, archive, "nobody")


def test_rows_archived_by_the_seed_are_restored_as_memories(
    tmp_path: Path, archive: ColdArchive, embedder: WordLlamaEmbedder
) -> None:
    client = archive._client  # the seed wrote only its own columns
    client.execute("INSERT INTO cold_memories (id, agent_id, text, category, importance, created_at, access_count) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)", ["fact_1707", "seedling", "The BSC bridge uses chain id 56",
                                                    "projects/bsc", 0.8, 1707350400, 2])  # fmt: skip
    with Memory.open(tmp_path / "b" / ".tiermem", embedder=embedder) as mem:
        report = restore(mem.core, archive, "seedling")
        (found,) = mem.list(agent_id="seedling")
    assert report["seed_rows_stored"] == 1
    assert (found.text, found.category, found.importance) == ("The BSC bridge uses chain id 56", "projects/bsc", 0.8)
    assert found.created_at == datetime(2024, 2, 8, tzinfo=UTC)
    assert found.source == {"type": "turso", "id": "fact_1707", "interface": "python", "trust": "user"}


def _block(markdown: str) -> str:
    """The generated block of MEMORY.md without its generation time."""
    return "\n".join(line for line in markdown.splitlines() if "Generated" not in line and "generated" not in line)


# --- the command line ------------------------------------------------------------------------------------


def test_cli_init_push_sync_query_restore(tmp_path: Path, archive: ColdArchive) -> None:
    url = archive._client.url
    device = Cli(tmp_path / "phone" / ".tiermem")
    device.store("The staging database listens on port 5433", "--category", "ops")
    record = device.json("store", "An old decision: we picked Postgres over MySQL", "--category", "decisions")
    device.ok("update", record["id"], "--tier", "cold")
    assert device.json("cold", "--init", "--db-url", url)["initialized"] is True
    assert device.json("cold", "--push", "--db-url", url)["archived"] == 1
    assert device.json("sync-critical", "--db-url", url, "--auth-token", "t")["synced"] is True
    found = device.json("cold", "--query", "decision postgres", "--db-url", url)["results"]
    assert [f["id"] for f in found] == [record["id"]]

    laptop = Cli(tmp_path / "laptop" / ".tiermem")
    restored = laptop.json("restore", "--db-url", url)
    assert restored["restored_memories"] == 1 and restored["seconds"] < 120
    assert laptop.json("get", record["id"])["memory"]["text"] == "An old decision: we picked Postgres over MySQL"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("cold", "--init"), "give the cold archive: --db-url URL"),
        (("cold", "--init", "--push", "--db-url", "http://127.0.0.1:9"), "give one of --init, --query TEXT or --push"),
        (("cold", "--init", "--all", "--db-url", "http://127.0.0.1:9"), "--all goes with --push"),
        (("cold", "--init", "--db-url", "ftp://x"), "must start with libsql://, https:// or http://"),
    ],
)
def test_cli_usage_errors(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    assert message in Cli(tmp_path / "s").fails(*args)


def test_seed_000_store_and_consolidate_take_the_archive_flags(tmp_path: Path, archive: ColdArchive) -> None:
    """Seed 000 pastes `--db-url "$TURSO_URL" --auth-token "$TURSO_TOKEN"` onto store and consolidate."""
    url = archive._client.url
    cli = Cli(tmp_path / "s")
    assert cli.json("cold", "--init", "--db-url", url, "--auth-token", "t")["initialized"] is True
    stored = cli.json(
        "store",
        "--text", "Decided to deploy EvoClaw on BSC testnet before mainnet",
        "--category", "projects/evoclaw/deployment",
        "--importance", "0.85",
        "--db-url", url, "--auth-token", "t",
    )  # fmt: skip
    assert [f["id"] for f in archive.query("default", "testnet", limit=5)] == [stored["id"]]
    old = cli.store("An old decision: Postgres over MySQL", "--category", "decisions")
    cli.ok("update", old, "--tier", "cold")
    report = cli.json("consolidate", "--mode", "monthly", "--db-url", url, "--auth-token", "t")
    assert report["cold_archive"]["archived"] == 1
    assert old in {f["id"] for f in archive.query("default", "postgres", limit=5)}
    assert "--auth-token goes with --db-url" in cli.fails("store", "x", "--auth-token", "t")


def test_seed_000_distill_mode_flag(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "s")
    found = cli.json("distill", "--text", "Had a productive chat about the BSC integration.", "--mode", "rule")
    assert found["mode"] == "rule"
    assert "--mode must be rule or llm" in cli.fails("distill", "--text", "x", "--mode", "fast")
