"""How an agent's tiers moved over time, rebuilt from the recorded tier transitions; history entries as JSON.
Pure.

Each current memory enters its first tier when it is created (the ``from`` of its first transition, else the
tier it is in now) and then follows its transitions. Summing those steps gives the size of every tier at any
moment; the store's growth is the running count of creations. Forgotten and superseded memories are not in
the picture: the history is the one of what the agent remembers now.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, TypedDict

import numpy as np

from ..model import TIERS
from ..storage.base import HistoryEntry
from ..storage.lifecycle import TierRows, Transition


class TierTimeline(TypedDict):
    at: list[str]  # ISO-8601
    tiers: dict[str, list[int]]  # tier -> its size at each moment
    memories: list[int]


def tier_timeline(rows: TierRows, moves: Sequence[Transition], now: float, points: int) -> TierTimeline:
    """Tier sizes and store size at ``points`` evenly spaced moments from the first memory to ``now``
    (epoch seconds)."""
    if not rows.ids:
        return {"at": [], "tiers": {t: [] for t in TIERS}, "memories": []}
    current = {mid: i for i, mid in enumerate(rows.ids)}
    ordered = sorted((m for m in moves if m.memory_id in current), key=lambda m: m.at)
    first_from: dict[str, str] = {}
    for move in ordered:
        if move.from_tier in TIERS:
            first_from.setdefault(move.memory_id, move.from_tier)
    events: dict[str, list[tuple[float, int]]] = {t: [] for t in TIERS}
    for mid, i in current.items():
        events[first_from.get(mid, str(rows.tiers[i]))].append((float(rows.created_at[i]), 1))
    for move in ordered:
        if move.from_tier in TIERS:
            events[move.from_tier].append((move.at.timestamp(), -1))
        if move.to_tier in TIERS:
            events[move.to_tier].append((move.at.timestamp(), 1))
    start = float(rows.created_at.min())
    moments = np.linspace(start, max(now, start), max(2, points))
    return {
        "at": [datetime.fromtimestamp(t, UTC).isoformat() for t in moments],
        "tiers": {tier: _counts_at(events[tier], moments) for tier in TIERS},
        "memories": _counts_at([(float(t), 1) for t in rows.created_at], moments),
    }


def _counts_at(steps: Sequence[tuple[float, int]], moments: np.ndarray) -> list[int]:
    """The running sum of ``(time, +1/-1)`` steps, read at each moment (steps at a moment count)."""
    if not steps:
        return [0] * len(moments)
    times = np.array([t for t, _ in steps])
    order = np.argsort(times, kind="stable")
    running = np.cumsum(np.array([d for _, d in steps])[order])
    upto = np.searchsorted(times[order], moments, side="right")
    return [int(running[n - 1]) if n else 0 for n in upto]


class HistoryJSON(TypedDict):
    """A history entry as JSON (``tiermem get --json``, and the body of an export's history line)."""

    memory_id: str
    at: str  # ISO-8601
    action: str
    detail: dict[str, Any]


class HistoryLine(HistoryJSON):
    agent_id: str


def history_json(entry: HistoryEntry) -> HistoryJSON:
    return {"memory_id": entry.memory_id, "at": entry.at.isoformat(), "action": entry.action, "detail": entry.detail}


def history_dict(agent_id: str, entry: HistoryEntry) -> HistoryLine:
    return {"agent_id": agent_id, **history_json(entry)}
