"""The tree index (seed 000): a small map of categories an agent always has in context, and tree search.

Pure. Nodes keep what people give them (a description) and when retrieval last went through them; their
counts are derived from the store every time the tree is loaded, so they are never stale. Counts include
the subtree (``projects`` counts ``projects/evoclaw``), as in the seed's example, and memories whose
category has no node are counted at its nearest ancestor that has one.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from typing_extensions import TypedDict  # the one pydantic reads on Python 3.11 (the MCP tree tool's output)

from ..config import TreeSettings
from ..errors import NotFoundError, ValidationError
from ..llm.fallback import Outcome, attempt
from ..model import check_category
from ..providers.llm import LLMClient, parse_json
from ..recall.query import STOP_WORDS, stem
from ..results import Result
from ..storage.lifecycle import CategoryStat

ROOT = "root"
ROOT_DESC = "Memory root"
MAX_DESC = 100
DAY_S = 86400.0
LLM_TOP_K = 5
_WORDS = re.compile(r"[a-z0-9]+")


@dataclass(slots=True)
class Node:
    path: str
    desc: str
    last_access: float = 0.0  # epoch seconds; 0 = never
    warm: int = 0  # memories in the warm store (hot + warm tiers), this subtree
    cold: int = 0  # memories in the archive (cold + frozen tiers), this subtree
    activity: float = 0.0  # latest write or read of a memory in this subtree

    @property
    def depth(self) -> int:
        return 0 if self.path == ROOT else self.path.count("/") + 1

    def last_seen(self) -> float:
        return max(self.last_access, self.activity)


@dataclass(frozen=True, slots=True)
class TreeHit(Result):
    path: str
    relevance: float
    reason: str
    warm_count: int
    cold_count: int


class StoredNode(TypedDict):
    desc: str
    last_access: float


class TreeDoc(TypedDict):
    """The stored document of a tree: what people gave each node, and when retrieval last went through it."""

    nodes: dict[str, StoredNode]


class SeedNode(TypedDict):
    """A node as the seed's memory-tree.json holds it."""

    desc: str
    warm_count: int
    cold_count: int
    last_access: float
    children: list[str]


def _parent(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else ROOT


def _prefixes(path: str) -> list[str]:
    parts = path.split("/")
    return ["/".join(parts[: i + 1]) for i in range(len(parts))]


def default_desc(path: str) -> str:
    """The seed's description of an auto-created node: its last segment, title-cased."""
    return path.rsplit("/", 1)[-1].replace("_", " ").title()


def _clean_desc(desc: str) -> str:
    text = " ".join(str(desc).split())
    if not text:
        raise ValidationError("a tree node needs a description, e.g. tree --add projects/x 'Project X'")
    return text[:MAX_DESC]


class Tree:
    """The category tree of one agent, within its limits (nodes, depth, children, serialised size)."""

    def __init__(self, nodes: Mapping[str, Node], limits: TreeSettings, stats: Mapping[str | None, CategoryStat]):
        self.nodes: dict[str, Node] = {ROOT: Node(ROOT, ROOT_DESC)} | dict(nodes)
        self.limits = limits
        self._stats = dict(stats)
        self._count()

    @classmethod
    def load(
        cls, doc: Mapping[str, Any] | None, stats: Mapping[str | None, CategoryStat], limits: TreeSettings
    ) -> Tree:
        """From the stored document (``{"nodes": {path: {"desc", "last_access"}}}``) and fresh category stats."""
        stored = (doc or {}).get("nodes", {})
        nodes = {
            p: Node(p, str(n.get("desc") or default_desc(p)), float(n.get("last_access") or 0.0))
            for p, n in stored.items()
            if p != ROOT
        }
        return cls(nodes, limits, stats)

    def to_doc(self) -> TreeDoc:
        return {
            "nodes": {p: {"desc": n.desc, "last_access": n.last_access} for p, n in self.nodes.items() if p != ROOT}
        }

    # --- counts and shape -------------------------------------------------------------------------

    def node_for(self, category: str | None) -> str:
        """The deepest node at or above ``category`` (the root for none)."""
        path = category or ROOT
        while path not in self.nodes:
            path = _parent(path)
        return path

    def _count(self) -> None:
        """Subtree counts: each category's numbers go to its node and every ancestor (node by node, not per
        category, so a store with thousands of categories counts in one pass)."""
        for node in self.nodes.values():
            node.warm = node.cold = 0
            node.activity = 0.0
        own: dict[str, list[float]] = {}
        for category, stat in self._stats.items():
            total = own.setdefault(self.node_for(category), [0, 0, 0.0])
            total[0] += stat.warm
            total[1] += stat.cold
            total[2] = max(total[2], stat.last_activity)
        for path, (warm, cold, activity) in own.items():
            for ancestor in [ROOT, *(_prefixes(path) if path != ROOT else [])]:
                node = self.nodes[ancestor]
                node.warm += int(warm)
                node.cold += int(cold)
                node.activity = max(node.activity, activity)

    def children(self, path: str) -> list[str]:
        return sorted(p for p in self.nodes if p != ROOT and _parent(p) == path)

    def seed_dict(self) -> dict[str, SeedNode]:
        """The nodes as the seed's memory-tree.json holds them (what the size limit is measured on)."""
        return {
            p: {
                "desc": n.desc,
                "warm_count": n.warm,
                "cold_count": n.cold,
                "last_access": n.last_access,
                "children": self.children(p),
            }
            for p, n in self.nodes.items()
        }

    def size_bytes(self) -> int:
        return len(json.dumps(self.seed_dict()).encode("utf-8"))

    def _problem(self) -> str | None:
        """The first limit the tree breaks, in words (None when within every limit)."""
        lim = self.limits
        if len(self.nodes) > lim.max_nodes:
            return f"the tree would have {len(self.nodes)} nodes, over its limit of {lim.max_nodes}"
        crowded = [p for p in self.nodes if len(self.children(p)) > lim.max_children]
        if crowded:
            return f"{crowded[0]} would have more than {lim.max_children} children"
        if self.size_bytes() > lim.max_size_bytes:
            return f"the tree would be {self.size_bytes()} bytes, over its limit of {lim.max_size_bytes}"
        return None

    # --- operations -------------------------------------------------------------------------------

    def add(self, path: str, desc: str | None, now: float) -> list[str]:
        """Add a node (and its missing parents, described by name); returns the paths created."""
        checked = check_category(path)
        if checked is None or checked == ROOT:
            raise ValidationError(
                "give the node's path, e.g. tree --add projects/evoclaw 'EvoClaw framework' "
                "('root' names the tree's own root)"
            )
        if checked.count("/") + 1 > self.limits.max_depth:
            raise ValidationError(f"{checked} is deeper than the tree's limit of {self.limits.max_depth} levels")
        created = [p for p in _prefixes(checked) if p not in self.nodes]
        before = dict(self.nodes)
        for p in created:
            self.nodes[p] = Node(p, default_desc(p), now)
        if desc is not None:
            self.nodes[checked].desc = _clean_desc(desc)
        self._count()
        problem = self._problem()
        if problem:
            self.nodes = before
            self._count()
            raise ValidationError(f"cannot add {checked}: {problem}; prune (tree --prune) or remove nodes first")
        return created

    def remove(self, path: str) -> list[str]:
        """Remove a node with no memories under it (and its empty children); returns the removed paths."""
        checked = check_category(path)
        if checked is None or checked not in self.nodes:
            raise NotFoundError(f"no tree node {path!r}; `tiermem tree --show` lists them")
        node = self.nodes[checked]
        if node.warm or node.cold:
            raise ValidationError(
                f"{checked} still indexes {node.warm} warm and {node.cold} archived memories; "
                "only an empty node can be removed (recategorise its memories first)"
            )
        gone = [p for p in self.nodes if p == checked or p.startswith(checked + "/")]
        for p in gone:
            del self.nodes[p]
        self._count()
        return gone

    def prune(self, now: float, max_age_days: float) -> list[str]:
        """Remove nodes with no memories and no activity for ``max_age_days`` (deepest first)."""
        removed: list[str] = []
        for path in sorted((p for p in self.nodes if p != ROOT), key=lambda p: -p.count("/")):
            node = self.nodes[path]
            idle = node.last_seen() == 0 or (now - node.last_seen()) / DAY_S > max_age_days
            if idle and not node.warm and not node.cold and not self.children(path):
                del self.nodes[path]
                removed.append(path)
        self._count()
        return removed

    def touch(self, paths: Iterable[str], now: float) -> None:
        for path in paths:
            if path in self.nodes:
                self.nodes[path].last_access = now

    def refresh(self, now: float, *, rebuild: bool = False) -> dict[str, list[str]]:
        """Give stored categories nodes, within the limits; returns the paths added and dropped.

        Candidates are the current nodes and every category (and parent) that holds memories, scored as the
        seed scores nodes (``warm + 0.1 * cold``, fading with ``exp(-idle_days / 7)``). Without ``rebuild``
        current nodes are kept first and new categories only fill free room; with it (monthly) the strongest
        candidates win. Parents always come before their children; then the weakest leaves go until the tree
        fits its size limit.
        """
        before = set(self.nodes)
        candidates = dict(self.nodes)
        for category in self._stats:
            for p in _prefixes(category)[: self.limits.max_depth] if category else []:
                candidates.setdefault(p, Node(p, default_desc(p)))
        probe = Tree(candidates, self.limits, self._stats)
        score = {p: _node_score(n, now) for p, n in probe.nodes.items()}
        rank = _subtree_rank(score)
        order = sorted(
            (p for p in candidates if p != ROOT), key=lambda p: (rebuild or p not in before, -rank[p], p.count("/"), p)
        )
        self.nodes = {ROOT: candidates[ROOT]}
        children: dict[str, int] = {}
        full = False  # without a rebuild, new categories only take free room: the first that does not fit ends it
        for path in order:
            parent, new = _parent(path), rebuild or path not in before
            if parent not in self.nodes or len(self.nodes) >= self.limits.max_nodes or (new and full):
                continue
            if children.get(parent, 0) >= self.limits.max_children:
                continue
            self.nodes[path] = candidates[path]  # counts are the probe's: a node's subtree count is final
            if new and not rebuild and self.size_bytes() > self.limits.max_size_bytes:
                del self.nodes[path]
                full = True
                continue
            children[parent] = children.get(parent, 0) + 1
        self._count()
        self._fit(score)
        return {"added": sorted(set(self.nodes) - before), "dropped": sorted(before - set(self.nodes))}

    def _fit(self, score: Mapping[str, float]) -> None:
        while self.size_bytes() > self.limits.max_size_bytes:
            leaves = [p for p in self.nodes if p != ROOT and not self.children(p)]
            if not leaves:
                return
            # Subtree counts of the other nodes do not change: the leaf's memories were in its parent's already.
            del self.nodes[min(leaves, key=lambda p: (score.get(p, 0.0), -p.count("/"), p))]

    # --- search -----------------------------------------------------------------------------------

    def keyword_search(
        self, query: str, now: float, top_k: int = LLM_TOP_K, evidence: Mapping[str, Sequence[str]] | None = None
    ) -> list[TreeHit]:
        """The seed's keyword tree search: the share of query words a node's path or description has, lifted
        by the node's counts and recent activity. Words are compared by stem, and stop words do not count
        (the seed split on spaces, so "deadline?" never matched "deadline" and "the" matched "the").

        ``evidence``: texts filed under a path (the memories a search found there, the hot state's events...);
        their words count too, so "what did we decide about the hackathon deadline?" finds the node whose
        memory says it though its description does not. A path that is no node (``active_context/events``)
        is a hit of its own, as in the seed's LLM answer."""
        words = _stems(query)
        if not words:
            return []
        found = {s: set(_stems(" ".join(texts)).keys()) for s, texts in (evidence or {}).items()}
        hits = [self._keyword_hit(p, n, words, found.get(p, set()), now) for p, n in self.nodes.items() if p != ROOT]
        for path, stems in found.items():
            if path not in self.nodes and (overlap := words.keys() & stems):
                matched = ", ".join(sorted(words[s] for s in overlap))
                hits.append(TreeHit(path, round(len(overlap) / len(words), 3), f"Hot state: {matched}", 0, 0))
        return sorted((h for h in hits if h is not None), key=lambda h: (-h.relevance, h.path))[:top_k]

    def _keyword_hit(
        self, path: str, node: Node, words: Mapping[str, str], evidence: set[str], now: float
    ) -> TreeHit | None:
        named = words.keys() & (_stems(path).keys() | _stems(node.desc).keys())
        remembered = (words.keys() & evidence) - named
        if not named and not remembered:
            return None
        # A word in the node's own name counts fully, one only its memories have counts most of it.
        share = (len(named) + 0.8 * len(remembered)) / len(words)
        score = share * min(1.0 + 0.1 * node.warm + 0.01 * node.cold, 2.0)
        if node.last_seen() > 0:
            idle = (now - node.last_seen()) / DAY_S
            score *= 1.5 if idle < 7 else 1.2 if idle < 30 else 1.0
        reason = "; ".join(
            f"{label}: {', '.join(sorted(words[s] for s in group))}"
            for label, group in (("Keywords", named), ("Memories mention", remembered))
            if group
        )
        return TreeHit(path, round(score, 3), reason, node.warm, node.cold)

    def llm_prompt(self, query: str) -> str:
        """The seed's tree-search prompt: the index (busiest nodes first) and the query."""
        busiest = sorted((n for p, n in self.nodes.items() if p != ROOT), key=lambda n: (-(n.warm + n.cold), n.path))
        index = "\n".join(f"  {n.path} — {n.desc} (warm:{n.warm}, cold:{n.cold})" for n in busiest[:50])
        return (
            "You are a memory retrieval system. Given a memory tree index and a query, identify which categories "
            "are relevant.\n\n"
            f"Memory Tree Index:\n{index or '  (empty)'}\n\n"
            f"User Query: {' '.join(query.split())}\n\n"
            f"Answer with a JSON array of 1 to {LLM_TOP_K} objects, most relevant first, using only paths from the "
            'index: [{"path": "category/path", "relevance": 0.0 to 1.0, "reason": "why it is relevant"}]\n\n'
            "Output (JSON):"
        )

    def parse_llm_answer(self, answer: str) -> list[TreeHit]:
        """The categories an LLM named, checked against this tree; an answer naming none is an error."""
        value = parse_json(answer)
        if not isinstance(value, list):
            raise ValidationError("the answer is not a JSON array of categories")
        hits: dict[str, TreeHit] = {}
        for item in value:
            path = item.get("path") if isinstance(item, dict) else None
            if not isinstance(path, str) or path.strip("/") not in self.nodes or path.strip("/") == ROOT:
                continue
            node = self.nodes[path.strip("/")]
            relevance = item.get("relevance")
            relevance = min(1.0, max(0.0, float(relevance))) if isinstance(relevance, int | float) else 0.5
            hits.setdefault(
                node.path,
                TreeHit(node.path, round(relevance, 3), str(item.get("reason") or "")[:200], node.warm, node.cold),
            )
        if not hits:
            raise ValidationError("the answer named no category of the tree")
        return sorted(hits.values(), key=lambda h: -h.relevance)[:LLM_TOP_K]

    def search(
        self,
        query: str,
        now: float,
        llm: LLMClient | None,
        top_k: int,
        evidence: Callable[[], Mapping[str, Sequence[str]]] | None = None,
    ) -> Outcome[list[TreeHit]]:
        """LLM tree search when a client is given, else (or when it fails) keyword search, saying which ran.
        ``evidence`` is only read by the keyword search (see ``keyword_search``), so it is asked for then."""
        return attempt(
            llm,
            lambda client: self.parse_llm_answer(client.complete(self.llm_prompt(query)))[:top_k],
            lambda: self.keyword_search(query, now, top_k, evidence() if evidence else None),
        )

    # --- rendering --------------------------------------------------------------------------------

    def render(self) -> str:
        """The seed's ``tree --show`` text."""
        root = self.nodes[ROOT]
        lines = ["Memory Tree Index", "=" * 50, f"📂 Root (warm:{root.warm}, cold:{root.cold})"]
        lines += self._render_children(ROOT)
        lines += [
            "",
            f"Nodes: {len(self.nodes)}/{self.limits.max_nodes}",
            f"Size: {self.size_bytes()} / {self.limits.max_size_bytes} bytes",
        ]
        return "\n".join(lines)

    def _render_children(self, path: str) -> list[str]:
        lines: list[str] = []
        for child in self.children(path):
            node, pad = self.nodes[child], "  " * self.nodes[child].depth
            lines += [
                f"{pad}📁 {child} — {_one_line(node.desc)}",
                f"{pad}   Memories: warm={node.warm}, cold={node.cold}",
            ]
            lines += self._render_children(child)
        return lines


def _stems(text: str) -> dict[str, str]:
    """stem -> the word it came from, for the content words of ``text``."""
    found = [w for w in _WORDS.findall(text.lower()) if w not in STOP_WORDS and len(w) > 1]
    return {stem(w): w for w in reversed(found)}


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _subtree_rank(score: Mapping[str, float]) -> dict[str, float]:
    """Each path's rank: the best score in its subtree, so a parent always ranks at least as high as its children."""
    rank = dict(score)
    for path in sorted(rank, key=lambda p: -p.count("/")):
        if path != ROOT:
            parent = _parent(path)
            rank[parent] = max(rank.get(parent, 0.0), rank[path])
    return rank


def _node_score(node: Node, now: float) -> float:
    """The seed's node strength: warm memories count fully, archived ones a tenth, fading when idle."""
    strength = node.warm + 0.1 * node.cold
    seen = node.last_seen()
    return strength * math.exp(-max(0.0, now - seen) / DAY_S / 7) if seen > 0 else strength
