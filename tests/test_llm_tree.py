"""The monthly tree rebuild by an LLM against the scripted server: applied only within the tree's limits and
when every category keeps its node; otherwise (and on every failure of the server) the rule rebuild runs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from llm_server import LLMServer, Reply
from llm_support import llm_config
from tiermem import Memory

CATEGORIES = {
    "projects/evoclaw": "EvoClaw uses raw JSON-RPC for BSC",
    "projects/evoclaw/bsc": "The BSC hackathon deadline is March 3",
    "technical/gpu": "The GPU box runs ComfyUI on port 8188",
    "social": "Posted the release notes on Moltbook",
}
GOOD = {
    "nodes": [
        {"path": "projects", "desc": "Software projects"},
        {"path": "projects/evoclaw", "desc": "EvoClaw agent framework"},
        {"path": "technical", "desc": "Machines and tools"},
        {"path": "technical/gpu", "desc": "GPU server and image models"},
        {"path": "social", "desc": "Posts and community"},
    ]
}


@pytest.fixture
def tree_memory(open_memory: Callable[..., Memory], server: LLMServer, tmp_path: Path) -> Memory:
    config = llm_config(server, extract=False, link_detection=False, fact_keys=False)
    mem = open_memory(config={**config, "lifecycle": {"tree": {"max_nodes": 8}}})
    for category, text in CATEGORIES.items():
        mem.store(text, category=category)
    mem.lifecycle(tmp_path).tree_add("projects/evoclaw/bsc", "BSC integration")  # saves the current tree
    return mem


def nodes(mem: Memory, tmp_path: Path) -> dict[str, str]:
    return {p: n.desc for p, n in mem.lifecycle(tmp_path).tree().nodes.items()}


def test_a_valid_proposal_replaces_the_tree(tree_memory: Memory, server: LLMServer, tmp_path: Path) -> None:
    server.play(Reply.json(GOOD))
    report = tree_memory.llm.rebuild_tree()
    assert (report["mode"], report["llm_fallback"], report["dropped"]) == ("llm", None, ["projects/evoclaw/bsc"])
    assert report["tree"] == {n["path"]: {"desc": n["desc"], "last_access": report["tree"][n["path"]]["last_access"]}
                              for n in GOOD["nodes"]}  # fmt: skip
    # Reading the tree gives a category with memories a node again where there is room (the lifecycle's rule).
    assert nodes(tree_memory, tmp_path).items() >= {n["path"]: n["desc"] for n in GOOD["nodes"]}.items()
    prompt = server.prompts()[0]
    assert "projects/evoclaw/bsc — BSC integration (warm:1, cold:0)" in prompt and "at most 7 nodes" in prompt
    assert "technical/gpu (1 memories)" in prompt


@pytest.mark.parametrize(
    ("proposal", "reason"),
    [
        ({"nodes": GOOD["nodes"][:2]}, "the proposal leaves 2 categories without a node, e.g. social"),
        ({"nodes": [*GOOD["nodes"], *({"path": f"extra/n{i}"} for i in range(3))]}, "over its limit of 8"),
        ({"nodes": [{"path": "a/b/c/d/e"}]}, "is 5 levels deep; the maximum is 4"),
        ({"nodes": [{"path": "../etc"}]}, "invalid segment '..'"),
        ({"nodes": "projects"}, 'expected {"nodes"'),
    ],
)
def test_a_proposal_breaking_a_rule_is_refused_and_rules_rebuild(
    tree_memory: Memory, server: LLMServer, tmp_path: Path, proposal: dict[str, Any], reason: str
) -> None:
    server.play(Reply.json(proposal), Reply.json(proposal))  # the repair round gets the same answer
    report = tree_memory.llm.rebuild_tree()
    assert report["mode"] == "rule" and str(report["llm_fallback"]).startswith("invalid answer: ")
    assert reason in str(report["llm_fallback"])
    after = nodes(tree_memory, tmp_path)
    assert {"projects/evoclaw", "technical/gpu", "social"} <= set(after)  # the rule rebuild keeps every category


@pytest.mark.parametrize(
    ("replies", "mode", "reason"),
    [
        ([Reply.fenced(GOOD)], "llm", None),
        ([Reply.error(429), Reply.json(GOOD)], "llm", None),
        ([Reply.malformed()] * 2, "rule", "malformed JSON"),
        ([Reply.empty()] * 2, "rule", "empty answer"),
        ([Reply.timeout(1.0)], "rule", "timeout after 0.3 s"),
        ([Reply.error(500)] * 3, "rule", "HTTP 500"),
    ],
)
def test_each_server_behaviour(
    tree_memory: Memory, server: LLMServer, replies: list[Reply], mode: str, reason: str | None
) -> None:
    server.play(*replies)
    report = tree_memory.llm.rebuild_tree()
    assert report["mode"] == mode
    assert report["llm_fallback"] is None if reason is None else reason in str(report["llm_fallback"])


def test_a_dry_run_saves_nothing(tree_memory: Memory, server: LLMServer, tmp_path: Path) -> None:
    before = nodes(tree_memory, tmp_path)
    server.play(Reply.json(GOOD))
    report = tree_memory.llm.rebuild_tree(dry_run=True)
    assert report["mode"] == "llm" and report["tree"]["technical"]["desc"] == "Machines and tools"
    assert nodes(tree_memory, tmp_path) == before


def test_without_an_llm_the_rule_rebuild_runs(open_memory: Callable[..., Memory], tmp_path: Path) -> None:
    mem = open_memory()
    for category, text in CATEGORIES.items():
        mem.store(text, category=category)
    report = mem.llm.rebuild_tree()
    assert (report["mode"], report["llm_fallback"]) == ("rule", None)
    assert set(CATEGORIES) <= set(nodes(mem, tmp_path))
