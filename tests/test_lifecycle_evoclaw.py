"""Migration from and to an EvoClaw workspace (lifecycle/evoclaw.py): nothing lost, both ways."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from cli_support import Cli
from tiermem import Memory
from tiermem.errors import NotFoundError, ValidationError
from tiermem.lifecycle import hot

NOW = datetime(2026, 2, 20, 9, tzinfo=UTC)
T0 = 1770800000.0  # 2026-02-11
FACTS: list[dict[str, Any]] = [
    {
        "id": "abc123def456",
        "text": "Decided to use zero go-ethereum deps for EvoClaw to keep binary small",
        "category": "projects/evoclaw/architecture",
        "importance": 0.8,
        "created_at": T0,
        "access_count": 3,
        "score": 0.742,
        "tier": "hot",
        "metadata": {"urls": [], "commands": [], "paths": []},
    },
    {
        "id": "0f1e2d3c4b5a",
        "text": "Z-Image ComfyUI model for photorealistic images",
        "category": "tools/image-generation",
        "importance": 0.6,
        "created_at": T0 + 3600,
        "access_count": 0,
        "score": 0.5,
        "tier": "warm",
        "metadata": {
            "urls": ["https://docs.comfy.org/tutorials/image/z-image/z-image"],
            "commands": ["huggingface-cli download Tongyi-MAI/Z-Image"],
            "paths": ["/home/user/models/"],
        },
    },
    {
        "id": "999888777666",
        "text": "Odd category from a hand edit",
        "category": "misc/what?is#this",
        "importance": 0.4,
        "created_at": T0 + 7200,
        "access_count": 1,
        "score": 0.3,
        "tier": "cold",
        "metadata": {},
    },
]
TREE = {
    "root": {"desc": "Memory root", "warm_count": 2, "cold_count": 0, "last_access": 0, "children": ["projects"]},
    "projects": {"desc": "Active projects", "warm_count": 1, "cold_count": 40, "last_access": T0, "children": []},
    "projects/evoclaw": {
        "desc": "EvoClaw framework",
        "warm_count": 1,
        "cold_count": 30,
        "last_access": T0,
        "children": [],
    },
    "tools/image-generation": {
        "desc": "Image tools",
        "warm_count": 1,
        "cold_count": 0,
        "last_access": T0 + 60,
        "children": [],
    },
    "_schema_version": "2.0",
}
HOT = {
    "identity": {"agent_name": "Agent", "owner_name": "User", "trust_level": 0.95},
    "owner_profile": {"family": ["Sarah (wife)", "Luna (daughter, 3yo)"], "timezone": "Australia/Sydney"},
    "active_context": {
        "projects": [
            {
                "name": "EvoClaw",
                "description": "Self-evolving agent framework",
                "status": "Active - BSC integration for hackathon",
            }
        ],
        "events": [{"text": "Hackathon deadline Feb 15", "timestamp": 1707350400}],
        "tasks": [{"text": "Deploy to BSC testnet", "status": "pending", "timestamp": 1707350400}],
    },
    "critical_lessons": [
        {
            "text": "Always test on testnet before mainnet",
            "category": "blockchain",
            "importance": 0.9,
            "timestamp": 1707350400,
        }
    ],
    "_schema_version": "2.0",
}
METRICS = {
    "retrieval_count": 234,
    "evictions_today": 12,
    "reinforcements_today": 67,
    "consolidation_count": 8,
    "last_consolidation": 8 * 1707350400,
    "context_tokens_saved": 47800,
    "_schema_version": "2.0",
}
GENERATED_MD = (
    "# MEMORY.md\n\n## 🤖 Agent Identity\n- Agent\n\n## 🎯 Critical Lessons\n- x\n\n*Generated: 2026-02-10 14:30*\n"
)
HANDWRITTEN_MD = "# Agent two\n\nNotes I wrote myself.\n"


def write_json(path: Path, value: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value))


@pytest.fixture
def evoclaw(tmp_path: Path) -> Path:
    """An EvoClaw workspace: the default agent and agent-2."""
    root = tmp_path / "evoclaw"
    for folder in (root / "memory", root / "memory" / "agent-2"):
        write_json(folder / "warm-memory.json", FACTS if folder.name == "memory" else FACTS[:1])
        write_json(folder / "memory-tree.json", TREE)
        write_json(folder / "hot-memory-state.json", HOT)
        write_json(folder / "metrics.json", METRICS)
    (root / "MEMORY.md").write_text(GENERATED_MD)
    (root / "MEMORY-agent-2.md").write_text(HANDWRITTEN_MD)
    return root


@pytest.fixture
def mem_in(open_memory: Callable[..., Memory], evoclaw: Path) -> Memory:
    """A store inside the EvoClaw workspace, so MEMORY.md is migrated in place."""
    return open_memory(evoclaw / ".tiermem")


def test_import_brings_everything_over(mem_in: Memory, evoclaw: Path) -> None:
    life = mem_in.lifecycle()
    report = life.import_evoclaw(evoclaw, now=NOW).to_dict()
    assert set(report["agents"]) == {"default", "agent-2"}
    assert report["agents"]["default"]["facts"] == {"found": 3, "imported": 3, "already_present": 0}
    records = {r.source["id"]: r for r in mem_in.list()}
    first = records["abc123def456"]
    assert first.text == FACTS[0]["text"] and first.category == "projects/evoclaw/architecture"
    assert (first.importance, first.access_count, first.tier) == (0.8, 3, "hot")
    assert first.created_at.timestamp() == T0
    zimage = records["0f1e2d3c4b5a"]
    assert zimage.metadata["urls"] == FACTS[1]["metadata"]["urls"] and zimage.tier == "warm"
    odd = records["999888777666"]
    assert odd.category == "misc/what_is_this" and odd.source["category"] == "misc/what?is#this"
    assert odd.tier == "warm"  # every fact of warm-memory.json is in the warm store, whatever its score label
    assert life.hot() == {k: v for k, v in HOT.items() if k != "_schema_version"}
    tree = life.tree(now=NOW)
    assert tree.nodes["projects/evoclaw"].desc == "EvoClaw framework" and tree.nodes["projects"].last_access == T0
    assert life.metrics(now=NOW).to_dict()["retrieval_count"] == 234
    assert report["agents"]["default"]["metrics"]["last_consolidation_kept"] is False  # the seed's summed stamps
    assert len(mem_in.list(agent_id="agent-2")) == 1


def test_import_replaces_a_generated_memory_md_and_keeps_a_handwritten_one(mem_in: Memory, evoclaw: Path) -> None:
    report = mem_in.lifecycle().import_evoclaw(evoclaw, now=NOW).to_dict()
    assert report["agents"]["default"]["memory_md"]["outcome"] == "generated file replaced (backup kept)"
    assert (evoclaw / "MEMORY.md.evoclaw.bak").read_text() == GENERATED_MD
    new = (evoclaw / "MEMORY.md").read_text()
    assert new.startswith(hot.MARK_START) and "Always test on testnet before mainnet" in new
    mine = (evoclaw / "MEMORY-agent-2.md").read_text()
    assert mine.startswith(HANDWRITTEN_MD) and hot.MARK_START in mine
    assert (evoclaw / "MEMORY-agent-2.md.evoclaw.bak").read_text() == HANDWRITTEN_MD


def test_import_twice_adds_nothing(mem_in: Memory, evoclaw: Path) -> None:
    life = mem_in.lifecycle()
    life.import_evoclaw(evoclaw, now=NOW)
    again = life.import_evoclaw(evoclaw, now=NOW).to_dict()
    assert again["agents"]["default"]["facts"] == {"found": 3, "imported": 0, "already_present": 3}
    assert len(mem_in.list()) == 3


def test_import_one_agent_and_errors(mem: Memory, evoclaw: Path, tmp_path: Path) -> None:
    life = mem.lifecycle()
    report = life.import_evoclaw(
        evoclaw / "memory" / "agent-2", agent_id="default", now=NOW
    ).to_dict()  # the memory dir itself
    assert list(report["agents"]) == ["default"] and len(mem.list()) == 1
    with pytest.raises(NotFoundError, match="no EvoClaw files for agent 'nobody'"):
        life.import_evoclaw(evoclaw, agent_id="nobody", now=NOW)
    with pytest.raises(NotFoundError, match="no EvoClaw files in"):
        life.import_evoclaw(tmp_path, now=NOW)
    (evoclaw / "memory" / "metrics.json").write_text("{broken")
    with pytest.raises(ValidationError, match=r"metrics.json is not valid JSON"):
        life.import_evoclaw(evoclaw, agent_id="default", now=NOW)
    write_json(evoclaw / "memory" / "warm-memory.json", [{"text": "no importance bound", "importance": 3}])
    with pytest.raises(ValidationError, match="fact 0 importance must be in"):
        life.import_evoclaw(evoclaw, agent_id="default", now=NOW)


def test_export_round_trips_losslessly(
    mem_in: Memory, evoclaw: Path, tmp_path: Path, open_memory: Callable[..., Memory]
) -> None:
    mem_in.lifecycle().import_evoclaw(evoclaw, now=NOW)
    out = tmp_path / "exported"
    report = mem_in.lifecycle().export_evoclaw(out, now=NOW).to_dict()
    assert report["warm_facts"] == 3 and report["cold_facts"] == 0
    warm = json.loads((out / "memory" / "default" / "warm-memory.json").read_text())
    keys = ("id", "text", "importance", "created_at", "access_count")
    assert sorted(tuple(f[k] for k in keys) for f in warm) == sorted(tuple(f[k] for k in keys) for f in FACTS)
    assert {f["id"]: f["metadata"] for f in warm}["0f1e2d3c4b5a"] == FACTS[1]["metadata"]
    tree = json.loads((out / "memory" / "default" / "memory-tree.json").read_text())
    assert tree["_schema_version"] == "2.0" and tree["projects/evoclaw"]["desc"] == "EvoClaw framework"
    assert set(TREE) - {"_schema_version"} <= set(tree)
    assert json.loads((out / "memory" / "default" / "hot-memory-state.json").read_text()) == HOT
    metrics = json.loads((out / "memory" / "default" / "metrics.json").read_text())
    assert metrics["retrieval_count"] == 234 and metrics["warm_memory_count"] == 3
    assert hot.MARK_START in (out / "MEMORY.md").read_text()
    with pytest.raises(ValidationError, match="exists; export into an empty directory"):
        mem_in.lifecycle().export_evoclaw(out, now=NOW)
    assert mem_in.lifecycle().export_evoclaw(out, now=NOW, force=True).to_dict()["warm_facts"] == 3
    fresh = open_memory(tmp_path / "fresh")
    fresh.lifecycle(tmp_path / "fresh-ws").import_evoclaw(out, now=NOW)
    back = {r.source["id"]: (r.text, r.importance, r.access_count, r.created_at.timestamp()) for r in fresh.list()}
    assert back == {f["id"]: (f["text"], f["importance"], f["access_count"], f["created_at"]) for f in FACTS}


def test_cli_import_and_export(evoclaw: Path, tmp_path: Path) -> None:
    cli = Cli(evoclaw / ".tiermem")
    report = cli.json("import-evoclaw", str(evoclaw), "--agent-id", "agent-2")
    assert list(report["agents"]) == ["agent-2"]
    assert "imported" in cli.ok("import-evoclaw", str(evoclaw))
    exported = cli.json("export-evoclaw", str(tmp_path / "out"), "--agent-id", "agent-2")
    assert (tmp_path / "out" / "memory" / "agent-2" / "warm-memory.json").is_file()
    assert (tmp_path / "out" / "MEMORY-agent-2.md").is_file() and exported["agent_id"] == "agent-2"
    assert "exists" in cli.fails("export-evoclaw", str(tmp_path / "out"), "--agent-id", "agent-2")


def test_a_round_trip_keeps_cold_memories_and_the_tree(tmp_path: Path) -> None:
    """export-evoclaw then import-evoclaw: every memory back, in its tier; the seed's memory/<agent>/ layout."""
    source = Cli(tmp_path / "a" / ".tiermem")
    for text in ("BSC uses raw JSON-RPC calls", "The testnet faucet gives 0.5 BNB a day", "Gas is paid by the relayer"):
        source.store(text, "--category", "projects/evoclaw/bsc")
    old = source.store("An old decision: Postgres over MySQL", "--category", "decisions")
    source.ok("update", old, "--tier", "cold")
    source.ok("tree", "--add", "projects/evoclaw", "EvoClaw framework")
    out = tmp_path / "out"
    exported = source.json("export-evoclaw", str(out))
    assert (exported["warm_facts"], exported["cold_facts"]) == (3, 1)
    assert sorted(p.name for p in (out / "memory" / "default").iterdir()) == [
        "cold-memories.json",
        "hot-memory-state.json",
        "memory-tree.json",
        "metrics.json",
        "warm-memory.json",
    ]
    target = Cli(tmp_path / "b" / ".tiermem")
    report = target.json("import-evoclaw", str(out))["agents"]["default"]
    assert (report["facts"]["imported"], report["cold_facts"]["imported"]) == (3, 1)
    assert target.json("stats")["by_tier"] == {"cold": 1, "warm": 3}
    assert target.json("tree", "--show")["nodes"]["projects/evoclaw"]["desc"] == "EvoClaw framework"
    human = target("import-evoclaw", str(out))
    assert "0 warm and 0 cold facts (4 already present), tree of 5 nodes (0 new)" in human.stdout
