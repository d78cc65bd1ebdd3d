"""Output: one JSON document with ``--json``, otherwise rich text for people. No business logic here."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console, Group
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text
from rich.tree import Tree as RichTree

from .options import wants_json

if TYPE_CHECKING:
    from ...lifecycle.tree import Tree
    from ...model import Hit, MemoryRecord
    from ...storage.base import HistoryEntry

# Stored text is untrusted: show control characters (ANSI escapes included) instead of sending them to the terminal.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_TIER_STYLE = {"hot": "bold red", "warm": "yellow", "cold": "cyan", "frozen": "blue"}


def console() -> Console:
    # A new console per call follows the current sys.stdout (test runners swap it). Plain lines are not
    # re-wrapped (soft_wrap): the terminal wraps them, and copied ids and commands stay whole.
    return Console(highlight=False, markup=False, emoji=False, soft_wrap=True)


@contextmanager
def working(description: str, total: int | None = None) -> Iterator[Callable[[int], None]]:
    """Show a long operation's progress on stderr: a bar when ``total`` is known (advance it with the
    callable this yields), else a spinner with the time so far. Only for people watching: nothing when stderr
    is not a terminal (scripts, pipes, CI) or with --json."""
    if wants_json() or not sys.stderr.isatty():
        yield lambda _done: None
        return
    known = [BarColumn(), MofNCompleteColumn()] if total is not None else []
    columns = [SpinnerColumn(), TextColumn("{task.description}"), *known, TimeElapsedColumn()]
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(description, total=total)
        yield lambda done: progress.advance(task, done)


def emit_json(document: Any) -> None:
    sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=2, default=_jsonable) + "\n")


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def safe(text: str) -> str:
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def snippet(text: str, width: int = 100) -> str:
    flat = " ".join(safe(text).split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def when(moment: datetime | None) -> str:
    return "—" if moment is None else moment.strftime("%Y-%m-%d %H:%M")


def tier_text(tier: str) -> Text:
    return Text(tier.upper(), style=_TIER_STYLE.get(tier, ""))


def status_of(record: MemoryRecord) -> str:
    if record.status != "active":
        return record.status
    return "superseded" if record.valid_to is not None else "current"


def compact(value: Any, width: int = 120) -> str:
    """A short one-line rendering of a JSON-ish value."""
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, str):
        return snippet(value, width)
    return snippet(json.dumps(value, ensure_ascii=False, default=str), width)


# --- records ---------------------------------------------------------------------------------------


def record_header(record: MemoryRecord) -> Text:
    head = Text(record.id, style="bold")
    head.append(f"  {record.type}  ")
    head.append_text(tier_text(record.tier))
    head.append(f"  importance {record.importance:.2f}")
    state = status_of(record)
    if state != "current":
        head.append(f"  [{state}]", style="bold magenta")
    return head


def record_fields(record: MemoryRecord) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim")
    grid.add_column()
    rows: list[tuple[str, str]] = [
        ("category", record.category or "—"),
        ("tags", ", ".join(record.tags) or "—"),
        ("created", when(record.created_at)),
        ("updated", when(record.updated_at)),
        ("event", when(record.event_at)),
        ("accessed", f"{record.access_count}× (last {when(record.last_accessed_at)})"),
        (
            "scores",
            f"salience {record.salience:.2f} · confidence {record.confidence:.2f} · valence {record.valence:+.2f}",
        ),
        ("scope", record.scope),
        ("source", compact(record.source)),
    ]
    rows += [(key, compact(value)) for key, value in record.metadata.items()]
    if record.superseded_by:
        rows.append(("superseded by", record.superseded_by))
    for key, value in rows:
        grid.add_row(key, Text(value))
    return grid


def show_record(out: Console, record: MemoryRecord) -> None:
    out.print(record_header(record))
    out.print(Text(safe(record.text)), soft_wrap=True)
    out.print(record_fields(record))


def _table(*columns: str) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    for name in columns:
        table.add_column(name, no_wrap=True)
    return table


def record_line(record: MemoryRecord, *, with_status: bool = False) -> Text:
    """Two lines per memory (id and facts, then the text cut to the terminal): fits any width."""
    line = Text(record.id, style="bold")
    line.append(f"  {record.type} · ")
    line.append_text(tier_text(record.tier))
    line.append(f" · {record.importance:.2f} · {record.created_at:%Y-%m-%d}", style="")
    if with_status and status_of(record) != "current":
        line.append(f"  [{status_of(record)}]", style="bold magenta")
    line.append("\n  ")
    line.append_text(Text(snippet(record.text, 300)))
    return line


def print_records(out: Console, records: Sequence[MemoryRecord], *, with_status: bool = False) -> None:
    for record in records:
        out.print(record_line(record, with_status=with_status), soft_wrap=False, no_wrap=True, overflow="ellipsis")


# --- links and history -----------------------------------------------------------------------------


def print_links(out: Console, links: Iterable[Mapping[str, Any]], texts: Mapping[str, str]) -> None:
    for link in links:
        other = str(link["other_id"])
        line = Text("→ " if link["direction"] == "out" else "← ")
        line.append(f"{link['relation']} ", style="bold")
        line.append(other)
        line.append(f"\n    {snippet(texts.get(other, ''), 300)}", style="dim")
        out.print(line, soft_wrap=False, no_wrap=True, overflow="ellipsis")


def history_table(entries: Iterable[HistoryEntry]) -> Table:
    table = _table("when", "action")
    table.add_column("detail")
    for entry in entries:
        detail = " · ".join(f"{key} {compact(value, 60)}" for key, value in entry.detail.items() if value is not None)
        table.add_row(when(entry.at), entry.action, Text(detail))
    return table


# --- search hits -----------------------------------------------------------------------------------

# The recall pipeline names its signals; the ones we know are put in words, new ones are shown as they come.
_WORDS = {
    "fused": "fused",
    "bm25": "keywords (bm25)",
    "lexical_rank": "keyword rank",
    "cosine": "meaning (cosine)",
    "vector_rank": "meaning rank",
    "match": "query words found",
    "neighbour": "next to a match",
    "session": "in a conversation with a match",
    "relevance": "relevance",
}


def _signal(key: str, value: Any) -> str:
    if key == "factors" and isinstance(value, Mapping):
        boosts = ", ".join(f"{name} ×{compact(factor)}" for name, factor in value.items())
        return f"factors: {boosts}" if boosts else "no factors applied"
    if key == "near_duplicate":
        return "near-duplicate of a better hit" if value else ""
    if key == "alternative":
        return f"found for the alternative '{compact(value)}'"
    if key == "tier_reason":
        return str(value)
    if key == "replaces" and isinstance(value, list):
        return "replaces " + "; ".join(f"'{compact(v.get('text', ''))}'" for v in value if isinstance(v, Mapping))
    if key == "superseded_by":
        return f"an older version, replaced by {value}"
    return f"{_WORDS.get(key, key.replace('_', ' '))} {compact(value)}"


def explain_text(explain: Mapping[str, Any]) -> str:
    """A hit's explanation in one readable line: ``keywords (bm25) 6.97 · meaning (cosine) 0.35 · ...``."""
    flat: dict[str, Any] = {}
    for key, value in explain.items():
        # Some pipelines nest their signals under "signals": flatten that level so both shapes read the same.
        if key == "signals" and isinstance(value, Mapping):
            flat.update(value)
        else:
            flat[key] = value
    parts = [text for key, value in flat.items() if (text := _signal(key, value))]
    return " · ".join(parts) or "no signals reported"


def hits_table(hits: Sequence[Hit]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold", show_lines=True)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("score", justify="right", no_wrap=True)
    table.add_column("recall", no_wrap=True)
    table.add_column("memory")
    for rank, hit in enumerate(hits, 1):
        body = Text(snippet(hit.memory.text, 300))
        body.append(f"\n{hit.memory.id} · {hit.memory.type} · {hit.memory.created_at:%Y-%m-%d}", style="dim")
        body.append(f"\nwhy: {explain_text(hit.explain)}", style="dim italic")
        table.add_row(str(rank), f"{hit.score:.3f}", tier_text(hit.tier), body)
    return table


# --- the category tree and tier bars -----------------------------------------------------------------------


def _counts(warm: int, cold: int) -> Text:
    return Text("  ").append(f"warm {warm}", style="yellow").append(" · ").append(f"cold {cold}", style="cyan")


def tree_view(tree: Tree) -> Group:
    """``tree --show`` drawn as a tree, framed by the seed's title and limits lines (``--plain`` prints the
    seed's own text)."""
    root = tree.nodes["root"]
    drawn = RichTree(Text(f"📂 Root (warm:{root.warm}, cold:{root.cold})", style="bold"), guide_style="dim")
    pending = [(drawn, "root")]
    while pending:
        parent, path = pending.pop()
        for child in tree.children(path):
            node = tree.nodes[child]
            label = Text(f"📁 {child.rsplit('/', 1)[-1]}", style="bold").append(f" — {snippet(node.desc)}", style="")
            pending.append((parent.add(label.append_text(_counts(node.warm, node.cold))), child))
    limits = tree.limits
    footer = f"\nNodes: {len(tree.nodes)}/{limits.max_nodes}\nSize: {tree.size_bytes()} / {limits.max_size_bytes} bytes"
    return Group(Text("Memory Tree Index\n" + "=" * 50), drawn, Text(footer))


def tier_bars(by_tier: Mapping[str, int], width: int = 30) -> Table:
    """One bar per tier, its length the tier's share of the memories."""
    total = sum(by_tier.values()) or 1
    table = Table.grid(padding=(0, 1))
    for tier in ("hot", "warm", "cold", "frozen"):
        count = by_tier.get(tier, 0)
        filled = round(width * count / total)
        bar = Text("█" * filled, style=_TIER_STYLE[tier]).append("░" * (width - filled), style="dim")
        table.add_row(tier_text(tier), bar, Text(f"{count:>6}  {100 * count / total:5.1f}%"))
    return table
