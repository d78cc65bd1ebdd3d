"""What the pages show, shaped from the engine's answers: no storage access and no HTML here.

Charts are inline SVG drawn on the server (no script, nothing to download): the numbers become coordinates
here and the templates only place them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ...engine import Memory
from ...errors import NotFoundError
from ...lifecycle.tree import ROOT, Tree
from ...model import TIERS, MemoryRecord

CHAIN_LIMIT = 50  # a supersede chain longer than this is cut (each step is one read)


# --- tiers ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bar:
    tier: str
    count: int
    percent: float


def tier_bars(by_tier: Mapping[str, int]) -> list[Bar]:
    total = sum(by_tier.values()) or 1
    return [Bar(t, by_tier.get(t, 0), round(100 * by_tier.get(t, 0) / total, 1)) for t in TIERS]


@dataclass(frozen=True, slots=True)
class Area:
    tier: str
    points: str  # an SVG polygon's points


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    areas: list[Area]
    peak: int
    first: str
    last: str
    rows: list[tuple[str, list[int]]]  # the numbers, for the table under the chart


def tier_chart(history: Mapping[str, Any], width: int = 640, height: int = 200, table_rows: int = 8) -> Chart | None:
    """Stacked areas of the tier sizes over time (hot at the bottom), from ``LifecycleService.tier_history``."""
    moments: list[str] = history["at"]
    if len(moments) < 2:
        return None
    series = [history["tiers"][t] for t in TIERS]
    totals = [sum(column) for column in zip(*series, strict=True)]
    peak = max(max(totals), 1)
    step = width / (len(moments) - 1)
    below = [0] * len(moments)
    areas = []
    for tier, counts in zip(TIERS, series, strict=True):
        above = [b + c for b, c in zip(below, counts, strict=True)]
        top = [(i * step, height - height * v / peak) for i, v in enumerate(above)]
        bottom = [(i * step, height - height * v / peak) for i, v in reversed(list(enumerate(below)))]
        areas.append(Area(tier, " ".join(f"{x:.1f},{y:.1f}" for x, y in top + bottom)))
        below = above
    every = max(1, (len(moments) - 1) // (table_rows - 1))
    picked = sorted({*range(0, len(moments), every), len(moments) - 1})
    rows = [(moments[i][:16].replace("T", " "), [s[i] for s in series]) for i in picked]
    return Chart(width, height, areas, peak, moments[0][:10], moments[-1][:10], rows)


# --- the tree -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TreeRow:
    path: str
    name: str
    desc: str
    warm: int
    cold: int
    children: list[TreeRow]


def tree_rows(tree: Tree, path: str = ROOT) -> list[TreeRow]:
    rows = []
    for child in tree.children(path):
        node = tree.nodes[child]
        rows.append(TreeRow(child, child.rsplit("/", 1)[-1], node.desc, node.warm, node.cold, tree_rows(tree, child)))
    return rows


# --- one memory -----------------------------------------------------------------------------------------


def supersede_chain(memory: Memory, record: MemoryRecord) -> list[MemoryRecord]:
    """Every version of this memory, oldest first: forward through ``superseded_by`` to the newest, then back
    through its ``supersedes`` links. A memory never rewritten is a chain of one."""
    newest = record
    for _ in range(CHAIN_LIMIT):
        found = _get(memory, newest.superseded_by, record.agent_id) if newest.superseded_by else None
        if found is None or found.id == record.id:
            break
        newest = found
    chain = [newest]
    while len(chain) < CHAIN_LIMIT:
        links = memory.links(chain[-1].id, agent_id=record.agent_id)
        older = [str(k["other_id"]) for k in links if k["relation"] == "supersedes" and k["direction"] == "out"]
        found = _get(memory, older[0], record.agent_id) if older else None
        if found is None or any(r.id == found.id for r in chain):
            break
        chain.append(found)
    return chain[::-1]


def _get(memory: Memory, memory_id: str, agent_id: str) -> MemoryRecord | None:
    try:
        return memory.get(memory_id, agent_id=agent_id)
    except NotFoundError:  # purged since the link was made
        return None


def texts(memory: Memory, ids: Iterable[str], agent_id: str) -> dict[str, str]:
    """The text of each memory still there, by id (tier changes name memories by id alone)."""
    found = {i: _get(memory, i, agent_id) for i in set(ids)}
    return {i: r.text for i, r in found.items() if r is not None}


def linked(memory: Memory, links: Iterable[Mapping[str, Any]], agent_id: str) -> list[dict[str, Any]]:
    """The memory's links with the text of the memory at the other end (or None when it was purged)."""
    return [{**link, "other": _get(memory, str(link["other_id"]), agent_id)} for link in links]


def sources(record: MemoryRecord) -> list[tuple[str, str]]:
    """Where a memory came from: its source fields, then the URLs, paths and commands found in it."""
    found = [(f"source {key}", _plain(value)) for key, value in record.source.items()]
    for key in ("urls", "paths", "commands"):
        found += [(key.rstrip("s"), str(value)) for value in record.metadata.get(key) or []]
    return found


def _plain(value: object) -> str:
    return value if isinstance(value, str) else repr(value)


# --- the timeline ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    at: datetime
    kind: str  # memory, event, tier
    text: str
    memory: MemoryRecord | None = None
    memory_id: str = ""
    detail: str = ""


def timeline(
    records: Sequence[MemoryRecord],
    moves: Iterable[Mapping[str, Any]],
    events: Iterable[Mapping[str, Any]],
    texts: Mapping[str, str],
    bounds: tuple[datetime | None, datetime | None],
) -> list[tuple[str, list[Entry]]]:
    """Memories, hot-state events and tier changes (their memory's text from ``texts``) between the ``bounds``
    (oldest, newest; None: no bound), newest first, grouped by day (UTC)."""
    oldest, newest = bounds
    entries = [Entry(r.created_at, "memory", r.text, r, r.id) for r in records]
    entries += [
        Entry(datetime.fromisoformat(m["at"]), "tier", texts.get(m["memory_id"], m["memory_id"]),
              memory_id=m["memory_id"], detail=f"{m['from'] or 'new'} → {m['to']}: "
              f"{m['detail'].get('why', m['reason'])}")
        for m in moves
    ]  # fmt: skip
    entries += [
        Entry(datetime.fromtimestamp(float(e.get("timestamp") or 0), UTC), "event", str(e.get("text", "")))
        for e in events
    ]
    entries = [e for e in entries if (oldest is None or e.at >= oldest) and (newest is None or e.at <= newest)]
    entries.sort(key=lambda e: e.at, reverse=True)
    days: dict[str, list[Entry]] = {}
    for entry in entries:
        days.setdefault(entry.at.strftime("%Y-%m-%d"), []).append(entry)
    return list(days.items())
