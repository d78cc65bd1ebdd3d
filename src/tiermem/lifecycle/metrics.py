"""The seed's metrics.json, every field computed from the store rather than from running totals that drift.

``context_tokens_saved`` compares what an agent loads at session start (the hot block of MEMORY.md and the
tree index) with loading a flat MEMORY.md that lists every current memory, both counted in cl100k tokens.
The flat file is counted exactly up to :data:`EXACT_UP_TO` memories; beyond that its byte size is converted
with the tokens-per-byte of an evenly spread sample, and the result says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, time

import numpy as np

from ..model import check_agent_id
from ..results import Result
from ..workspace.budget import count_tokens
from . import hot
from .store import LifecycleStore, fact_size
from .tiers import WARM_STORE

EXACT_UP_TO = 200
FLAT_HEADER = "# MEMORY.md\n\n"
FLAT_LINE_OVERHEAD = 3  # "- " and the newline around each memory


@dataclass(frozen=True, slots=True)
class ContextTokens(Result):
    """What a session start loads against a flat MEMORY.md of every memory (``flat_method``: exact or
    estimated from a sample)."""

    session_start: int
    flat_memory_md: int
    flat_method: str


@dataclass(frozen=True, slots=True)
class Metrics(Result):
    """The seed's metrics.json fields (up to ``timestamp``), then tiermem's own."""

    tree_index_size_bytes: int
    tree_node_count: int
    hot_memory_size_bytes: int
    warm_memory_count: int
    warm_memory_size_kb: float
    retrieval_count: int
    evictions_today: int
    reinforcements_today: int
    consolidation_count: int
    last_consolidation: float | None
    context_tokens_saved: int
    timestamp: str
    agent_id: str
    memory_count: int
    memories_by_tier: dict[str, int]
    context_tokens: ContextTokens


def metrics(store: LifecycleStore, agent_id: str, now: datetime) -> Metrics:
    agent_id = check_agent_id(agent_id)
    store.settle()
    rows = store.backend.tier_rows(agent_id)
    day_start = datetime.combine(now.date(), time(), UTC)
    warm_ids = [mid for mid, tier in zip(rows.ids, rows.tiers, strict=True) if tier in WARM_STORE]
    sizes = [fact_size(f) for f in store.warm_facts(agent_id, warm_ids, now.timestamp())]
    warm_bytes = 2 + sum(sizes) + 2 * max(0, len(sizes) - 1)
    tree = store.tree(agent_id, now)
    counters = store.counters(agent_id)
    today = store.backend.transitions(agent_id, since=day_start, limit=1_000_000)
    session = count_tokens(store.session_start(agent_id, now).render())
    flat, method = _flat_tokens(store, agent_id, rows.ids, rows.text_bytes)
    return Metrics(
        tree_index_size_bytes=tree.size_bytes(),
        tree_node_count=len(tree.nodes),
        hot_memory_size_bytes=hot.size_bytes(store.hot_state(agent_id)),
        warm_memory_count=len(warm_ids),
        warm_memory_size_kb=round(warm_bytes / 1024, 1),
        retrieval_count=counters.retrieval_count,
        evictions_today=sum(t.from_tier in WARM_STORE and t.to_tier not in WARM_STORE for t in today),
        reinforcements_today=int(np.count_nonzero(rows.last_accessed_at >= day_start.timestamp())),
        consolidation_count=counters.consolidation_count,
        # Whole epoch seconds, as the seed's metrics.json has them (1707350400).
        last_consolidation=None if counters.last_consolidation is None else int(counters.last_consolidation),
        context_tokens_saved=max(0, flat - session),
        timestamp=now.astimezone(UTC).replace(tzinfo=None).isoformat(timespec="seconds"),
        agent_id=agent_id,
        memory_count=len(rows),
        memories_by_tier={t: int(np.count_nonzero(rows.tiers == t)) for t in ("hot", "warm", "cold", "frozen")},
        context_tokens=ContextTokens(session, flat, method),
    )


def _flat_tokens(store: LifecycleStore, agent_id: str, ids: list[str], text_bytes: np.ndarray) -> tuple[int, str]:
    """Tokens of a flat MEMORY.md listing every memory: exact for small stores, sample-scaled for big ones."""
    if len(ids) <= EXACT_UP_TO:
        records = store.backend.get_many(agent_id, ids)
        text = FLAT_HEADER + "".join(f"- {records[m].text}\n" for m in ids if m in records)
        return count_tokens(text), "exact"
    picks = [ids[i] for i in np.linspace(0, len(ids) - 1, EXACT_UP_TO).astype(int)]
    sample = "".join(f"- {r.text}\n" for r in store.backend.get_many(agent_id, picks).values())
    per_byte = count_tokens(sample) / max(1, len(sample.encode("utf-8")))
    total_bytes = len(FLAT_HEADER) + int(text_bytes.sum()) + FLAT_LINE_OVERHEAD * len(ids)
    return round(total_bytes * per_byte), f"estimated from {EXACT_UP_TO} sampled memories"
