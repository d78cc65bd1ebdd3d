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


# --- a hit's explanation, in words --------------------------------------------------------------------------

# Recall's factors (recall/pipeline.py), each said as what it did to the rank when it moved it.
_FACTOR_WORDS = {
    "coverage": ("it holds most of the search's words", ""),
    "importance": ("it was marked important", "it was marked unimportant"),
    "reinforcement": ("it has been recalled before", ""),
    "type": ("its kind of memory ranks higher", "its kind of memory ranks lower"),
    "recency": ("it is recent", "it is old, so it counts a little less"),
    "trust": ("", "it comes from a less trusted source (a web page or a tool)"),
    "archived": ("", "it is archived (frozen), so it comes after memories in use"),
    "time_window": ("it falls in the time the search asks about", ""),
    "tags": ("its tags name a search word", ""),
}


def _share(value: float) -> str:
    return f"{round(100 * value)}%"


def plain_why(explain: Mapping[str, Any]) -> list[str]:
    """A hit's explanation as short phrases a person reads ("close in meaning", "60% of your words"), not
    the engine's signal names; the numbers stay available as ``explain_text``."""
    signals = {**explain, **(explain.get("signals") or {})}
    said: list[str] = []
    if float(signals.get("match") or 0) > 0:
        said.append(f"{_share(float(signals['match']))} of your search's words are in it")
    elif float(signals.get("bm25") or 0) > 0:
        said.append("it shares words with your search")
    cosine = float(signals.get("cosine") or 0)
    if cosine >= 0.3:
        said.append("close in meaning" if cosine >= 0.5 else "somewhat related in meaning")
    if signals.get("neighbour"):
        said.append("it sits next to a match in its conversation")
    if signals.get("session"):
        said.append("it is part of a conversation that matches")
    for name, factor in (signals.get("factors") or {}).items():
        up, down = _FACTOR_WORDS.get(name, (f"{name.replace('_', ' ')} raised it", f"{name} lowered it"))
        phrase = up if float(factor) > 1 else down
        if phrase:
            said.append(phrase)
    if signals.get("alternative"):
        said.append(f"found for “{signals['alternative']}”")
    if signals.get("near_duplicate"):
        said.append("it nearly repeats a better hit")
    if signals.get("superseded_by"):
        said.append("an older version: a newer one replaced it")
    return said or ["no signal reported"]


# --- history rows -------------------------------------------------------------------------------------------


def _said(value: object) -> str:
    """A history detail's value in words: a mapping as "key value, key value", a list comma-separated."""
    if isinstance(value, Mapping):
        return ", ".join(f"{str(k).replace('_', ' ')} {_said(v)}" for k, v in value.items()) or "—"
    if isinstance(value, list | tuple):
        return ", ".join(_said(v) for v in value) or "none"
    text = " ".join(str(value).split())
    return text if len(text) <= 80 else text[:79] + "…"


def history_fields(detail: Mapping[str, Any]) -> list[tuple[str, str]]:
    """One history row's details as (label, text) pairs, each shown apart ("previous: importance 0.4")."""
    return [(str(k).replace("_", " "), _said(v)) for k, v in detail.items() if v is not None]
