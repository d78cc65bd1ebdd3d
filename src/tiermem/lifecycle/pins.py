"""Tiers set by hand: ``Memory.update(id, tier="hot")`` (``tiermem update ID --tier hot``) pins a memory there,
``tier="auto"`` unpins it.

Consolidation places every memory by its score, so without a pin a tier chosen by a person would last only until
the next run. A pin is kept in the store and recorded as a transition (``why`` explains it); consolidation leaves
pinned memories alone: never moved, never evicted by the warm store's size cap, never deleted when frozen. A hot
pin also leads MEMORY.md's hot memories. Unpinning leaves the memory where it is; from then on consolidation
treats it as any other memory.
"""

from __future__ import annotations

from datetime import datetime

from ..config import LifecycleSettings
from ..model import MemoryRecord
from ..storage.lifecycle import LifecycleBackend, Transition
from .tiers import TierPolicy, explain_score, record_age

AUTO = "auto"  # the tier that means "the lifecycle decides": unpins


def set_tier(
    backend: LifecycleBackend, record: MemoryRecord, tier: str, now: datetime, settings: LifecycleSettings
) -> bool:
    """Pin ``record`` to ``tier`` (or unpin it with ``auto``), recording the transition; False when there was
    nothing to do (unpinning a memory that is not pinned)."""
    age = record_age(record, now.timestamp())
    detail = explain_score(record.importance, age, record.access_count, TierPolicy.from_settings(settings))
    if tier == AUTO:
        if record.id not in backend.pins(record.agent_id):
            return False
        backend.set_pin(record.agent_id, record.id, None, now)
        detail["why"] = "unpinned: consolidation places it by its score again, as any other memory"
        move = Transition(record.id, now, record.tier, record.tier, "unpinned", float(detail["score"]), detail)
    else:
        backend.set_pin(record.agent_id, record.id, tier, now)
        detail["why"] = f"pinned to {tier} by hand: consolidation leaves it there until unpinned (--tier auto)"
        move = Transition(record.id, now, record.tier, tier, "pinned", float(detail["score"]), detail)
    backend.apply_transitions(record.agent_id, [move])
    return True
