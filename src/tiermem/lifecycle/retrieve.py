"""Tiered retrieval (seed 000): tree routing -> warm -> cold, merged with the recall engine.

The tree names the categories a query is about (LLM or keyword tree search); their warm facts are ranked by
the seed's relevance (query-word overlap x tier score). The recall engine (``Memory.search``: lexical,
vector, rescoring) searches every tier. Both rankings are fused by reciprocal rank, a tree route weighted by
its relevance, so a memory the tree explains and the engine finds comes first. Each result says how it was
found (``llm-tree`` / ``keyword-tree`` when a routed category holds it, else ``warm`` or ``cold`` by the tier
the engine found it in) and which tree node files it. Returned memories are reinforced, as the seed does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..model import MemoryRecord, check_text
from ..providers.llm import LLMClient
from ..recall.query import STOP_WORDS
from ..results import Result, json_key
from .store import LifecycleStore, SeedFact, seed_fact
from .tiers import WARM_STORE, record_age, tier_score
from .tree import ROOT, Tree, TreeHit

if TYPE_CHECKING:
    from ..model import Hit

RRF_K = 60
TREE_WEIGHT = 1.0  # a route of relevance 1 counts as much as the engine's ranking
ROUTES = 3  # categories routed per query, as the seed's retrieve asks tree search for
CATEGORY_DEPTH = 200  # warm facts read per routed category
_WORDS = re.compile(r"[a-z0-9]+")


@dataclass
class Retrieved:
    record: MemoryRecord
    fused: float = 0.0
    why: dict[str, Any] = field(default_factory=dict)
    method: str = ""

    def fact(self, now: float, store: LifecycleStore, tree: Tree) -> RetrievedFact:
        return {
            **seed_fact(self.record, now, store.policy),
            "relevance": round(self.fused * (RRF_K + 1), 4),  # 1.0 = ranked first by one full-weight source
            "search_method": self.method,
            "tree_path": tree.node_for(self.record.category),
            "why": self.why,
        }


class RetrievedFact(SeedFact):
    """A seed fact, how retrieval found it and which tree node files it."""

    relevance: float
    search_method: str
    tree_path: str
    why: dict[str, Any]


@dataclass(frozen=True, slots=True)
class RetrieveResult(Result):
    query: str
    mode: str
    llm_fallback: str | None
    routes: list[TreeHit] = field(metadata=json_key("tree_routes"))
    results: list[RetrievedFact]


def _words_of(record: MemoryRecord) -> set[str]:
    return set(_WORDS.findall(record.text.lower())) | set(_WORDS.findall((record.category or "").lower()))


def _seed_relevance(words: set[str], record: MemoryRecord, score: float) -> float:
    """The seed's warm search: share of query words in the text or category, times the tier score."""
    return (len(words & _words_of(record)) / len(words) if words else 0.0) * score


def retrieve(
    store: LifecycleStore, agent_id: str, query: str, *, limit: int, llm: LLMClient | None, now: datetime
) -> RetrieveResult:
    check_text(query)
    at = now.timestamp()
    tree = store.tree(agent_id, now)
    searched: list[list[Hit]] = []  # the engine's search, run once: for the tree's evidence and the fusion

    def hits() -> list[Hit]:
        if not searched:
            size = max(limit * 2, 10)
            searched.append(store.memory.search(query, agent_id=agent_id, limit=size, now=now, reinforce=False))
        return searched[0]

    routed = tree.search(query, at, llm, ROUTES, lambda: search_evidence(store, agent_id, tree, hits()))
    found: dict[str, Retrieved] = {}
    method = f"{routed.mode}-tree" if routed.mode == "llm" else "keyword-tree"
    routes = [r for r in routed.value if r.path in tree.nodes]
    _add_routes(store, agent_id, query, routes, found, method, limit, at, worded=routed.mode != "llm")
    for rank, hit in enumerate(hits(), 1):
        item = found.setdefault(hit.memory.id, Retrieved(hit.memory))
        item.fused += 1.0 / (RRF_K + rank)
        item.why["recall"] = {"rank": rank, "score": hit.score, "recall_tier": hit.tier}
        item.method = item.method or ("warm" if hit.memory.tier in WARM_STORE else "cold")
    ranked = sorted(found.values(), key=lambda r: (-r.fused, r.record.id))[:limit]
    _reinforce(store, agent_id, ranked, routed.value, now)
    results = [r.fact(at, store, tree) for r in ranked]
    return RetrieveResult(query, routed.mode, routed.llm_fallback, routed.value, results)


EVIDENCE_HITS = 20  # memories a tree search reads to learn which nodes a query's words live in


def search_evidence(store: LifecycleStore, agent_id: str, tree: Tree, hits: Sequence[Hit]) -> dict[str, list[str]]:
    """What the keyword tree search may read besides node names: the texts of the memories a search found,
    under the node that files each, and the hot state's events, tasks and projects (``active_context/...``,
    the seed's own category for "Deadline mentioned here")."""
    evidence: dict[str, list[str]] = {}
    for hit in hits[:EVIDENCE_HITS]:
        path = tree.node_for(hit.memory.category)
        if path != ROOT:
            evidence.setdefault(path, []).append(hit.memory.text)
    state: Mapping[str, Any] = store.hot_state(agent_id)  # read as any JSON: a backup's copy may hold anything
    context = state.get("active_context") or {}
    for key in ("events", "tasks", "projects"):
        entries = [e for e in context.get(key) or [] if isinstance(e, dict)]
        texts = [" ".join(str(e.get(f) or "") for f in ("text", "name", "description", "status")) for e in entries]
        if any(t.strip() for t in texts):
            evidence[f"active_context/{key}"] = texts
    return evidence


def _add_routes(
    store: LifecycleStore,
    agent_id: str,
    query: str,
    routes: list[TreeHit],
    found: dict[str, Retrieved],
    method: str,
    limit: int,
    at: float,
    *,
    worded: bool,
) -> None:
    """Each route's best warm memories join the fusion. ``worded``: the routes came from the query's words (the
    keyword tree search), so a memory of a routed category holding none of its content words is not evidence for it (it
    would only push out the search's own hits, as a category's most important memories did in
    bench/lifetime.py); an LLM's routes are by meaning, and their memories count as they are."""
    words = set(_WORDS.findall(query.lower()))
    content = words - STOP_WORDS or words  # "the" and "what" are in most memories: evidence of nothing
    top = max((r.relevance for r in routes), default=0.0) or 1.0
    policy = store.policy
    for route in routes:
        records = store.memory.list(
            agent_id=agent_id, category=route.path, tier=list(WARM_STORE), limit=CATEGORY_DEPTH, order="importance"
        )
        scored = [(r, tier_score(r.importance, record_age(r, at), r.access_count, policy)) for r in records]
        relevant = [p for p in scored if not worded or content & _words_of(p[0])]
        ranked = sorted(relevant, key=lambda p: (-_seed_relevance(words, p[0], p[1]), -p[1], p[0].id))[:limit]
        for rank, (record, _) in enumerate(ranked, 1):
            item = found.setdefault(record.id, Retrieved(record))
            item.fused += TREE_WEIGHT * (route.relevance / top) / (RRF_K + rank)
            item.why.setdefault(
                "tree", {"path": route.path, "relevance": route.relevance, "rank": rank, "reason": route.reason}
            )
            item.method = method


def _reinforce(
    store: LifecycleStore, agent_id: str, ranked: list[Retrieved], routes: list[TreeHit], now: datetime
) -> None:
    """Retrieval is reinforcement (the seed's access_count + 1); routed nodes record the visit."""
    with store.backend.write():
        if ranked:
            store.backend.record_access(agent_id, {r.record.id: 1 for r in ranked}, now)
        if routes:
            store.change_tree(agent_id, now, lambda tree: tree.touch([r.path for r in routes], now.timestamp()))
        store.bump(agent_id, now, "retrieval_count")
