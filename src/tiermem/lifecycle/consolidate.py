"""Consolidation (seed 000): quick / daily / monthly / full, idempotent, with a JSON report.

=========  ==========================================================================================
quick      rescore every memory; move tiers (warm eviction by retention and size, archive, fade to
           frozen, reinforcement back to warm), each move recorded; refresh the tree; rebuild MEMORY.md
daily      quick + ingest recent daily notes first + prune dead tree nodes (no memories, idle 60 days)
monthly    daily + rebuild the tree (strongest categories win the limited nodes) + delete frozen
           memories older than the retention period
full       monthly + a consolidation report (tiers, categories, recent transitions, hot state)
=========  ==========================================================================================

Running a mode twice at the same moment changes nothing the second time.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from ..config import ConsolidationSettings
from ..errors import ValidationError
from ..model import check_agent_id
from ..results import Result, optional
from ..storage.lifecycle import TierRows, Transition
from . import hot
from .notes import IngestReport, ingest_daily
from .store import LifecycleStore, MemoryMdWrite, fact_size, seed_fact
from .tiers import WARM_STORE, Move, Scored, Snapshot, expired_frozen, explain_score, over_cap, plan_moves, score_all
from .tree import Tree

MODES = ("quick", "daily", "monthly", "full")
# cron's minute/hour/day fields for each cadence; the jobs are offset so they do not start together.
CRON = {
    "hourly": "{m} * * * *",
    "every_2h": "{m} */2 * * *",
    "every_3h": "{m} */3 * * *",
    "every_4h": "{m} */4 * * *",
    "daily": "{m} 0 * * *",
    "weekly": "{m} 0 * * 0",
    "monthly": "{m} 0 1 * *",
}
REPORT_TRANSITIONS = 20


@dataclass(frozen=True, slots=True)
class WarmStore(Result):
    """The warm store (hot + warm tiers) after eviction, sized as the seed's warm-memory.json."""

    count: int
    bytes: int


@dataclass(frozen=True, slots=True)
class Retiering(Result):
    """What re-tiering moved (``moved``: "from->to" -> count), evicted and deleted; the first transitions."""

    scored: int
    moved: dict[str, int]
    evicted: int
    deleted: int
    pinned: int
    warm: WarmStore
    transitions: list[Transition]


@dataclass(frozen=True, slots=True)
class TreeMaintenance(Result):
    added: list[str]
    dropped: list[str]
    pruned: list[str]
    rebuilt: bool
    nodes: int
    size_bytes: int


@dataclass(frozen=True, slots=True)
class CategoryCount(Result):
    path: str
    warm: int
    cold: int


@dataclass(frozen=True, slots=True)
class HotStateSize(Result):
    bytes: int
    lessons: int
    projects: int
    events: int
    tasks: int


@dataclass(frozen=True, slots=True)
class TreeSize(Result):
    nodes: int
    max_nodes: int
    size_bytes: int
    max_size_bytes: int


@dataclass(frozen=True, slots=True)
class FullReport(Result):
    """The full mode's report: where memories live, which categories lead, what moved in 30 days."""

    memories_by_tier: dict[str, int]
    top_categories: list[CategoryCount]
    transitions_30d: dict[str, int]
    hot_state: HotStateSize
    tree: TreeSize


@dataclass(frozen=True, slots=True, kw_only=True)
class Consolidation(Result):
    """One consolidation's report; a dry run carries only the planned ``tiers`` (and ``dry_run``)."""

    mode: str
    agent_id: str
    at: datetime
    dry_run: bool = optional(False)
    ingest: IngestReport | None = optional()
    tiers: Retiering
    tree: TreeMaintenance | None = optional()
    memory_md: MemoryMdWrite | None = optional()
    consolidation_count: int | None = optional()
    report: FullReport | None = optional()
    duration_ms: float


def consolidate(
    store: LifecycleStore,
    agent_id: str,
    mode: str,
    *,
    now: datetime,
    dry_run: bool = False,
    interface: str = "python",
) -> Consolidation:
    """Run one consolidation; ``dry_run``: only say which tier moves and deletions it would make (nothing is
    ingested, moved, deleted or rewritten)."""
    agent_id = check_agent_id(agent_id)
    if mode not in MODES:
        raise ValidationError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
    started = time.perf_counter()
    store.settle()  # scores count every read this process has made

    def elapsed() -> float:
        return round((time.perf_counter() - started) * 1000, 1)

    expire = mode in ("monthly", "full")
    if dry_run:
        plan = retier(store, agent_id, now, delete_expired=expire, dry_run=True)
        return Consolidation(mode=mode, agent_id=agent_id, at=now, dry_run=True, tiers=plan, duration_ms=elapsed())
    days = store.settings.daily.days
    ingest = (
        ingest_daily(store, agent_id, days=days, dry_run=False, now=now, interface=interface)
        if mode != "quick"
        else None
    )
    tiers = retier(store, agent_id, now, delete_expired=expire)
    tree = maintain_tree(store, agent_id, now, mode)
    memory_md = store.write_memory_md(agent_id, now)
    counters = store.bump(agent_id, now, "consolidation_count", last_consolidation=now.timestamp())
    return Consolidation(
        mode=mode,
        agent_id=agent_id,
        at=now,
        ingest=ingest,
        tiers=tiers,
        tree=tree,
        memory_md=memory_md,
        consolidation_count=counters.consolidation_count,
        report=full_report(store, agent_id, now) if mode == "full" else None,
        duration_ms=elapsed(),
    )


def retier(
    store: LifecycleStore, agent_id: str, now: datetime, *, delete_expired: bool, dry_run: bool = False
) -> Retiering:
    """Move every memory to the tier its score, age, size cap and reinforcement call for (one transaction);
    ``dry_run``: plan the same moves and deletions, apply none."""
    with store.backend.write():
        rows = store.backend.tier_rows(agent_id)
        pins = store.backend.pins(agent_id)  # tiers set by hand: never moved, evicted or deleted here
        pinned = {i for i, mid in enumerate(rows.ids) if mid in pins}
        scored = score_all(rows, now.timestamp(), store.policy)
        last = store.backend.last_transitions(agent_id, scored.archived_candidates())
        moves = {m.index: m for m in plan_moves(scored, store.policy, _snapshots(last)) if m.index not in pinned}
        warm = _cap_warm(store, agent_id, scored, moves, now, pinned)
        transitions = [_transition(scored, m, now, store) for m in moves.values()]
        expired = expired_frozen(scored, store.policy, _after(rows, moves), now.timestamp()) if delete_expired else []
        doomed = [i for i in expired if i not in pinned]
        deletions = [_deletion(scored, i, now, store, agent_id) for i in doomed]
        if not dry_run:
            store.backend.apply_transitions(agent_id, transitions + deletions)
            for i in doomed:
                store.memory.purge(rows.ids[i], agent_id=agent_id)
    moved = Counter(f"{t.from_tier}->{t.to_tier}" for t in transitions + deletions)
    return Retiering(
        scored=len(rows),
        moved=dict(sorted(moved.items())),
        evicted=sum(t.from_tier in WARM_STORE and t.to_tier not in WARM_STORE for t in transitions),
        deleted=len(deletions),
        pinned=len(pinned),
        warm=warm,
        transitions=(transitions + deletions)[:REPORT_TRANSITIONS],
    )


def _deletion(scored: Scored, i: int, now: datetime, store: LifecycleStore, agent_id: str) -> Transition:
    """A deletion's record keeps the start of the text, so "what was deleted, and why" has an answer."""
    move = _transition(scored, Move(i, "deleted", "deleted"), now, store)
    move.detail["text"] = store.memory.get(scored.rows.ids[i], agent_id=agent_id).text[:200]
    return move


def _snapshots(last: Mapping[str, Transition]) -> dict[str, Snapshot]:
    return {
        mid: Snapshot(float(t.detail.get("importance", 1.0)), int(t.detail.get("access_count", 0)))
        for mid, t in last.items()
    }


def _after(rows: TierRows, moves: Mapping[int, Move]) -> list[str]:
    return [moves[i].to if i in moves else str(rows.tiers[i]) for i in range(len(rows))]


def _cap_warm(
    store: LifecycleStore, agent_id: str, scored: Scored, moves: dict[int, Move], now: datetime, pinned: set[int]
) -> WarmStore:
    """Evict the lowest scores until the warm store (hot + warm tiers) fits its size cap, sized as the seed's
    warm-memory.json would be; adds the evictions to ``moves`` and returns the store's final size. Pinned
    memories take their room but are never evicted (they rank above every score)."""
    tiers = _after(scored.rows, moves)
    members = [i for i, t in enumerate(tiers) if t in WARM_STORE]
    records = store.backend.get_many(agent_id, [scored.rows.ids[i] for i in members])
    sizes = [
        fact_size({**seed_fact(records[scored.rows.ids[i]], now.timestamp(), store.policy), "tier": tiers[i]})
        for i in members
    ]
    ranks = [math.inf if i in pinned else float(scored.scores[i]) for i in members]
    evicted = [p for p in over_cap(ranks, sizes, store.policy.warm_max_bytes) if members[p] not in pinned]
    for position in evicted:
        i = members[position]
        natural = str(scored.natural[i])
        moves[i] = Move(i, natural if natural in ("cold", "frozen") else "cold", "size_cap")
    gone = set(evicted)
    kept = [size for position, size in enumerate(sizes) if position not in gone]
    return WarmStore(len(kept), 2 + sum(kept) + 2 * max(0, len(kept) - 1))


def _transition(scored: Scored, move: Move, now: datetime, store: LifecycleStore) -> Transition:
    rows, i = scored.rows, move.index
    detail = explain_score(float(rows.importance[i]), float(scored.ages[i]), int(rows.access_count[i]), store.policy)
    detail["why"] = store.policy.describe(move.reason, float(scored.scores[i]), float(scored.ages[i]))
    return Transition(
        rows.ids[i], now, str(rows.tiers[i]), move.to, move.reason, round(float(scored.scores[i]), 4), detail
    )


def maintain_tree(store: LifecycleStore, agent_id: str, now: datetime, mode: str) -> TreeMaintenance:
    at, rebuild = now.timestamp(), mode in ("monthly", "full")

    def change(tree: Tree) -> TreeMaintenance:
        pruned = tree.prune(at, store.settings.tree.prune_after_days) if mode != "quick" else []
        moved = tree.refresh(at, rebuild=rebuild)
        return TreeMaintenance(moved["added"], moved["dropped"], pruned, rebuild, len(tree.nodes), tree.size_bytes())

    return store.change_tree(agent_id, now, change, refresh=False)


def full_report(store: LifecycleStore, agent_id: str, now: datetime) -> FullReport:
    """The full mode's consolidation report: where memories live, which categories lead, what moved lately."""
    rows = store.backend.tier_rows(agent_id)
    tree = store.tree(agent_id, now)
    recent = store.backend.transitions(
        agent_id, since=datetime.fromtimestamp(now.timestamp() - 30 * 86400, now.tzinfo), limit=100_000
    )
    state = store.hot_state(agent_id)
    active = state["active_context"]
    return FullReport(
        memories_by_tier=dict(sorted(Counter(str(t) for t in rows.tiers).items())),
        top_categories=[
            CategoryCount(p, n.warm, n.cold)
            for p, n in sorted(tree.nodes.items(), key=lambda kv: -(kv[1].warm + kv[1].cold))[1:6]
        ],
        transitions_30d=dict(sorted(Counter(t.reason for t in recent).items())),
        hot_state=HotStateSize(
            hot.size_bytes(state),
            len(state["critical_lessons"]),
            len(active["projects"]),
            len(active["events"]),
            len(active["tasks"]),
        ),
        tree=TreeSize(len(tree.nodes), tree.limits.max_nodes, tree.size_bytes(), tree.limits.max_size_bytes),
    )


def cron_schedule(settings: ConsolidationSettings, command: str) -> list[dict[str, str]]:
    """Cron lines for the seed's schedule: quick (warm eviction), daily (tree prune), monthly (tree rebuild)."""
    jobs = (
        ("quick", settings.warm_eviction, 30),
        ("daily", settings.tree_prune, 0),
        ("monthly", settings.tree_rebuild, 15),
    )
    out = []
    for mode, cadence, minute in jobs:
        when = CRON[cadence].format(m=minute)
        run = f"{command} consolidate --mode {mode}"
        out.append({"mode": mode, "cadence": cadence, "cron": when, "command": run, "line": f"{when} {run}"})
    return out
