"""The tree index (lifecycle/tree.py): counts, limits, operations, refresh, keyword and LLM tree search."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest

from cli_support import check_golden
from llm_server import LLMServer, Reply, llm_server
from llm_support import llm_config
from tiermem import Memory
from tiermem.config import TreeSettings
from tiermem.errors import NotFoundError, ValidationError
from tiermem.lifecycle.tree import ROOT, Tree
from tiermem.storage.lifecycle import CategoryStat

NOW = 1_770_000_000.0
DAY = 86400.0
LIMITS = TreeSettings()


def stat(warm: int, cold: int, days_ago: float = 1.0) -> CategoryStat:
    return CategoryStat(warm, cold, NOW - days_ago * DAY)


def seed_example() -> Tree:
    """The seed's `tree --show` example: exactly its paths, descriptions and counts."""
    stats: dict[str | None, CategoryStat] = {
        "owner": stat(5, 89),
        "projects": stat(2, 22),
        "projects/evoclaw": stat(3, 33),
        "projects/evoclaw/bsc": stat(3, 12),
        "technical": stat(2, 34),
        "lessons": stat(0, 44),
    }
    tree = Tree({}, LIMITS, stats)
    for path, desc in [
        ("owner", "Owner profile and preferences"),
        ("projects", "Active projects"),
        ("projects/evoclaw", "EvoClaw framework"),
        ("projects/evoclaw/bsc", "BSC integration"),
        ("technical", "Technical setup and config"),
        ("lessons", "Learned lessons and rules"),
    ]:
        tree.add(path, desc, NOW)
    return tree


def test_counts_include_the_subtree_as_in_the_seed_example() -> None:
    tree = seed_example()
    assert (tree.nodes[ROOT].warm, tree.nodes[ROOT].cold) == (15, 234)
    assert (tree.nodes["projects"].warm, tree.nodes["projects"].cold) == (8, 67)
    assert (tree.nodes["projects/evoclaw"].warm, tree.nodes["projects/evoclaw"].cold) == (6, 45)


def test_show_renders_the_seed_example() -> None:
    check_golden("tree_show.txt", seed_example().render() + "\n")


def test_memories_of_a_category_without_a_node_count_at_its_nearest_ancestor() -> None:
    tree = Tree({}, LIMITS, {"projects/x/deep": stat(2, 1), None: stat(1, 0)})
    tree.add("projects", "Projects", NOW)
    assert tree.node_for("projects/x/deep") == "projects"
    assert (tree.nodes["projects"].warm, tree.nodes[ROOT].warm) == (2, 3)


def test_add_creates_parents_and_enforces_every_limit() -> None:
    tree = Tree({}, LIMITS, {})
    assert tree.add("a/b/c", "Deep", NOW) == ["a", "a/b", "a/b/c"]
    assert tree.nodes["a/b"].desc == "B" and tree.nodes["a/b/c"].desc == "Deep"
    with pytest.raises(ValidationError, match="5 levels deep; the maximum is 4"):
        tree.add("a/b/c/d/e", "Too deep", NOW)
    with pytest.raises(ValidationError, match="deeper than the tree's limit of 2 levels"):
        Tree({}, TreeSettings(max_depth=2), {}).add("a/b/c", "Deep", NOW)
    small = Tree({}, TreeSettings(max_nodes=3), {})
    small.add("a/b", "x", NOW)
    with pytest.raises(ValidationError, match="over its limit of 3"):
        small.add("c", "x", NOW)
    assert set(small.nodes) == {ROOT, "a", "a/b"}  # a refused add changes nothing
    crowded = Tree({}, TreeSettings(max_children=2), {})
    crowded.add("x/1", "one", NOW)
    crowded.add("x/2", "two", NOW)
    with pytest.raises(ValidationError, match="more than 2 children"):
        crowded.add("x/3", "three", NOW)
    tight = Tree({}, TreeSettings(max_size_bytes=300), {})
    with pytest.raises(ValidationError, match="bytes, over its limit of 300"):
        for i in range(10):
            tight.add(f"category{i}", "A description of some length", NOW)
    assert tight.size_bytes() <= 300


def test_remove_only_an_empty_node() -> None:
    tree = seed_example()
    with pytest.raises(ValidationError, match="still indexes 6 warm and 45 archived"):
        tree.remove("projects/evoclaw")
    tree.add("old/unused/path", "Unused", NOW)
    assert tree.remove("old") == ["old", "old/unused", "old/unused/path"]
    with pytest.raises(NotFoundError, match="no tree node 'old'"):
        tree.remove("old")


def test_prune_removes_only_empty_nodes_idle_for_60_days() -> None:
    tree = Tree({}, LIMITS, {"busy": stat(0, 3, days_ago=400)})
    tree.add("busy", "Has memories", NOW - 400 * DAY)
    tree.add("idle/child", "Empty, untouched", NOW - 90 * DAY)
    tree.add("fresh", "Empty but new", NOW - 10 * DAY)
    assert tree.prune(NOW, 60) == ["idle/child", "idle"]
    assert set(tree.nodes) == {ROOT, "busy", "fresh"}


def test_refresh_gives_categories_nodes_and_keeps_the_size_limit() -> None:
    stats: dict[str | None, CategoryStat] = {
        f"area{i}/topic{j}": stat(i + j, 10, days_ago=i) for i in range(8) for j in range(8)
    }
    tree = Tree({}, LIMITS, stats)
    changes = tree.refresh(NOW)
    assert changes["added"] and not changes["dropped"]
    assert tree.size_bytes() <= LIMITS.max_size_bytes and len(tree.nodes) <= LIMITS.max_nodes
    assert all(p.rsplit("/", 1)[0] in tree.nodes for p in tree.nodes if "/" in p)  # no orphans
    assert "area7" in tree.nodes  # the busiest, most recent area won a node
    assert tree.refresh(NOW) == {"added": [], "dropped": []}  # stable: nothing moves a second time


def test_quick_refresh_keeps_nodes_and_monthly_rebuild_lets_stronger_categories_in() -> None:
    limits = TreeSettings(max_nodes=3)
    tree = Tree({}, limits, {"old": stat(1, 0, days_ago=100), "mid": stat(5, 0), "new": stat(20, 0)})
    tree.add("old", "Old", NOW - 100 * DAY)
    tree.add("mid", "Middle", NOW)
    assert tree.refresh(NOW) == {"added": [], "dropped": []}  # full: the new category waits
    assert tree.refresh(NOW, rebuild=True) == {"added": ["new"], "dropped": ["old"]}
    assert set(tree.nodes) == {ROOT, "new", "mid"} and tree.nodes["mid"].desc == "Middle"


def test_keyword_search_is_the_seeds_formula() -> None:
    tree = seed_example()
    hits = tree.keyword_search("BSC integration", NOW)
    # overlap 2/2 x min(1 + 0.1*3 + 0.01*12, 2) x 1.5 (activity a day ago)
    assert hits[0].path == "projects/evoclaw/bsc"
    assert hits[0].relevance == pytest.approx(round(1.0 * 1.42 * 1.5, 3))
    assert hits[0].reason == "Keywords: bsc, integration"
    assert [h.path for h in tree.keyword_search("what about the owner's preferences?", NOW)] == ["owner"]
    assert tree.keyword_search("schema version 2.0", NOW) == []  # the seed crashed on its _schema_version key
    assert tree.keyword_search("?!", NOW) == []


def test_keyword_search_recency_bonus() -> None:
    tree = Tree({}, LIMITS, {"a": stat(0, 0, days_ago=10), "b": stat(0, 0, days_ago=100)})
    tree.add("a", "alpha", 0.0)
    tree.add("b", "alpha", 0.0)
    scores = {h.path: h.relevance for h in tree.keyword_search("alpha", NOW)}
    assert scores == {"a": 1.2, "b": 1.0}


def test_llm_prompt_lists_busiest_nodes_first() -> None:
    prompt = seed_example().llm_prompt("What did we decide about the hackathon deadline?")
    assert prompt.startswith("You are a memory retrieval system.")
    assert "  owner — Owner profile and preferences (warm:5, cold:89)\n  projects — Active projects" in prompt
    assert "User Query: What did we decide about the hackathon deadline?" in prompt
    assert prompt.endswith("Output (JSON):")


def test_llm_answers_are_checked_against_the_tree() -> None:
    tree = seed_example()
    answer = json.dumps(
        [
            {"path": "projects/evoclaw/bsc", "relevance": 0.95, "reason": "BSC work for hackathon"},
            {"path": "active_context/events", "relevance": 0.85, "reason": "not a node here"},
            {"path": "owner", "relevance": 7},
        ]
    )
    hits = tree.parse_llm_answer(f"Here you go:\n```json\n{answer}\n```")
    assert [(h.path, h.relevance) for h in hits] == [("owner", 1.0), ("projects/evoclaw/bsc", 0.95)]
    with pytest.raises(ValidationError, match="named no category"):
        tree.parse_llm_answer('[{"path": "nowhere"}]')
    with pytest.raises(ValidationError, match="not a JSON array"):
        tree.parse_llm_answer('{"path": "owner"}')


@pytest.fixture
def server() -> Iterator[LLMServer]:
    with llm_server() as running:
        yield running


@pytest.fixture
def llm_memory(open_memory: Callable[..., Memory], server: LLMServer) -> Memory:
    return open_memory(config=llm_config(server, "complete", extract=False, link_detection=False, fact_keys=False))


@pytest.mark.parametrize(
    ("reply", "mode", "fallback"),
    [
        (Reply.json([{"path": "owner", "relevance": 0.9, "reason": "preferences"}]), "llm", None),
        (Reply.fenced([{"path": "owner", "relevance": 0.9, "reason": "preferences"}]), "llm", None),
        (Reply.malformed(), "rule", "malformed JSON"),
        (Reply.empty(), "rule", "empty answer"),
        (Reply.json([{"path": "elsewhere", "relevance": 1}]), "rule", "named no category"),
        (Reply.timeout(), "rule", "timeout"),
        (Reply.error(500), "rule", "500"),
    ],
)
def test_llm_tree_search_against_a_real_server_falls_back_to_keywords(
    llm_memory: Memory, server: LLMServer, reply: Reply, mode: str, fallback: str | None
) -> None:
    server.play(reply, reply, reply)  # retries see the same behaviour
    found = seed_example().search("owner preferences", NOW, llm_memory.llm.client("tree_search"), 3)
    assert found.mode == mode
    assert [h.path for h in found.value] == ["owner"]
    if fallback is None:
        assert found.llm_fallback is None and "owner — Owner profile" in server.prompts()[0]
    else:
        assert found.llm_fallback is not None and fallback in found.llm_fallback


def test_keyword_search_compares_stems_and_skips_stop_words() -> None:
    tree = Tree({}, LIMITS, {})
    tree.add("work/reports", "Quarterly reporting and deadlines", 0.0)
    tree.add("the", "And the rest", 0.0)
    hits = tree.keyword_search("When is the quarterly report deadline?", NOW)
    assert [h.path for h in hits] == ["work/reports"]
    assert hits[0].reason == "Keywords: deadline, quarterly, report" and hits[0].relevance == 1.0


def test_thousands_of_categories_still_fit_every_limit() -> None:
    stats: dict[str | None, CategoryStat] = {
        f"a{i % 40}/b{i % 300}/c{i}": stat(i % 5, i % 7, days_ago=i / 100) for i in range(3000)
    }
    tree = Tree({}, LIMITS, stats)
    for rebuild in (False, True):
        tree.refresh(NOW, rebuild=rebuild)
        assert tree.size_bytes() <= LIMITS.max_size_bytes and len(tree.nodes) <= LIMITS.max_nodes
        assert all(len(tree.children(p)) <= LIMITS.max_children for p in tree.nodes)
        assert tree.nodes[ROOT].warm == sum(s.warm for s in stats.values())  # nothing uncounted
    with pytest.raises(ValidationError, match="names the tree's own root"):
        tree.add("root", "Mine", NOW)
