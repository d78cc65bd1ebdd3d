"""Workspace files cut into the pieces recall indexes: one list item, table row or paragraph each. Pure.

Each piece remembers its file, first line and session (the daily log's name, else the file), so recall can
show where a memory lives and lift its neighbours. Generated or bookkeeping text is left out: headings,
rules, blockquote headers, template comments, placeholders, the hot-state block (it is rendered from
the store already) and MEMORY.md's Maintenance Log.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..model import StoreItem
from ..text import content_hash
from .curation import ACTIVE_ENTRY, FADING_ENTRY
from .events import event_day
from .layout import DAILY_NAME
from .markdown import heading, plain_lines, section_spans

MIN_CHARS = 12
MAX_CHARS = 4000
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$")
_TABLE = re.compile(r"^\s*\|(.*)\|\s*$")
_TABLE_RULE = re.compile(r"^\s*\|?[\s:|-]+\|?\s*$")
_PLACEHOLDER = re.compile(r"^\(.*\)$")
_FIELD_ITEM = re.compile(r"^\*\*[^*]{1,30}\*\*:\s*.{0,40}$")  # threads.md's "**Status**: active" lines
_CONFIDENCE = {"high": 0.8, "medium": 0.65, "low": 0.5}
_SKIP_SECTIONS = ("maintenance log",)


@dataclass(frozen=True, slots=True)
class Chunk:
    file: str
    line: int  # 1-based first line
    text: str
    session: str
    type: str = "episodic"
    importance: float = 0.5
    event_at: str | None = None  # ISO date of what the text is about

    @property
    def key(self) -> str:
        """Identity for re-indexing: the same text at the same line is the same chunk."""
        return f"{self.line}:{content_hash(self.text)}"

    def item(self) -> StoreItem:
        """A ``Memory.store_many`` item."""
        source = {"type": "workspace", "file": self.file, "line": self.line, "session": self.session}
        # Cold: the files are canonical and the phases load them; the index serves recall, not the hot block.
        return {
            "text": self.text,
            "type": self.type,
            "importance": self.importance,
            "event_at": self.event_at,
            "source": source,
            "tier": "cold",
        }


def _kind(rel: str) -> tuple[str, float, str | None, str]:
    """(memory type, importance, event day, session) for a file's pieces."""
    name = rel.rsplit("/", 1)[-1]
    if match := DAILY_NAME.match(name):
        day = f"{match.group(1)}-{match.group(2)}-{match.group(3)}"
        return "episodic", 0.5, day, name.removesuffix(".md")
    if name.startswith("MEMORY") or name == "archive.md":
        return "semantic", 0.6 if name.startswith("MEMORY") else 0.4, None, rel
    return "episodic", 0.6, None, rel


def markdown_chunks(rel: str, text: str) -> list[Chunk]:
    mtype, importance, day, session = _kind(rel)
    lines = text.split("\n")
    plain = plain_lines(lines)
    skipped = {
        i
        for name, start, end in section_spans(lines, 2)
        if name.lower().startswith(_SKIP_SECTIONS)
        for i in range(start, end)
    }
    chunks: list[Chunk] = []
    paragraph: list[tuple[int, str]] = []

    def flush() -> None:
        if paragraph:
            add(paragraph[0][0], " ".join(part for _, part in paragraph), importance)
            paragraph.clear()

    def add(index: int, piece: str, weight: float) -> None:
        piece = " ".join(piece.split())[:MAX_CHARS]
        if len(piece) >= MIN_CHARS and not _PLACEHOLDER.match(piece) and not _FIELD_ITEM.match(piece):
            chunks.append(Chunk(rel, index + 1, piece, session, mtype, weight, day))

    for i, line in enumerate(lines):
        stripped = line.strip()
        if (
            not plain[i]
            or i in skipped
            or not stripped
            or heading(line)
            or stripped.startswith(">")
            or set(stripped) <= set("-*_ ")
            or stripped.startswith("<!--")
        ):
            flush()
            continue
        if entry := ACTIVE_ENTRY.match(stripped):
            flush()
            add(i, entry.group(3), _CONFIDENCE[entry.group(2)])
        elif entry := FADING_ENTRY.match(stripped):
            flush()
            add(i, entry.group(2), importance * 0.8)
        elif item := _ITEM.match(line):
            flush()
            add(i, item.group(1), importance)
        elif table := _TABLE.match(line):
            flush()
            if not _TABLE_RULE.match(line) and not (i + 1 < len(lines) and _TABLE_RULE.match(lines[i + 1])):
                cells = [c.strip() for c in table.group(1).split("|") if c.strip() not in ("", "—", "-")]
                add(i, " — ".join(cells), importance)
        else:
            paragraph.append((i, stripped))
    flush()
    return chunks


def event_chunks(rel: str, events: Sequence[dict[str, Any]]) -> list[Chunk]:
    """One piece per event: its words, what it is about and when (as recorded)."""
    chunks = []
    for number, event in enumerate(events, 1):
        when = event.get("normalized_date") or event.get("relative_time") or "date unknown"
        hint = f"; about {event['object_hint']}" if event.get("object_hint") else ""
        day = event_day(event)
        text = " ".join(f"{event['text']} ({event.get('event_type', 'event')}{hint}; {when})".split())
        chunks.append(Chunk(rel, number, text[:MAX_CHARS], rel, "episodic", 0.6, day.isoformat() if day else None))
    return chunks
