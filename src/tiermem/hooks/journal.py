"""Seed 002's two-tier layout, as a view of a store (files under ``<store>/core/``):

* ``memory_log.jsonl``: the append-only journal of every learning the hooks stored (timestamp, type,
  tags, session, the memory's id). The store stays the source of truth; the journal says what was learnt
  when, and which memories the core is distilled from.
* ``MEMORY.md``: the core (≈ 200 lines), rewritten by :func:`distill` from the journal's memories that are
  still current (forgotten ones drop out), grouped by section, the most important first.
* ``core_tagged.jsonl``: the same entries as data (section, priority, tags) for targeted injection.
* ``core_universal.md``: in the user store, the corrections and preferences that apply to every project.

Reading and appending are stdlib only (SessionStart reads these files without opening the store).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from ..model import load_json
from ..workspace.files import write_atomic  # readers (SessionStart) see the old file or the new one

if TYPE_CHECKING:
    from ..engine import Memory
    from ..model import MemoryRecord

CORE_DIR = "core"
JOURNAL, CORE_MD, UNIVERSAL, TAGGED = "memory_log.jsonl", "MEMORY.md", "core_universal.md", "core_tagged.jsonl"
MAX_CORE_LINES = 200
MAX_LINE_CHARS = 240
CHECKPOINT_TAG = "session_checkpoint"
CORRECTION_TYPES = ("repeated_correction", "user_correction", "user_preference")

# (title, types, most lines): the order MEMORY.md shows them in.
SECTIONS: tuple[tuple[str, tuple[str, ...], int], ...] = (
    ("Corrections and preferences", CORRECTION_TYPES, 40),
    ("Decisions", ("architectural_decision",), 30),
    ("Failed approaches (do not repeat)", ("failed_approach",), 30),
    ("Fixes that worked", ("error_resolution", "working_solution"), 40),
    ("Patterns", ("codebase_pattern",), 20),
    ("Tests", ("test_result",), 10),
    ("Recent sessions", ("session_note",), 5),
)
PRIORITY = {
    "repeated_correction": 5,
    "user_correction": 4,
    "user_preference": 4,
    "architectural_decision": 3,
    "failed_approach": 3,
    "error_resolution": 2,
    "working_solution": 2,
    "codebase_pattern": 2,
    "test_result": 1,
    "session_note": 1,
}


def core_path(store: Path, name: str) -> Path:
    return store / CORE_DIR / name


def append(store: Path, entry: dict[str, Any]) -> None:
    """Add one line to the journal. One ``write`` on an O_APPEND file: concurrent hooks never interleave."""
    path = core_path(store, JOURNAL)
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps({"timestamp": _iso(time.time()), **entry}, ensure_ascii=False) + "\n"
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, line.encode("utf-8"))
    finally:
        os.close(fd)


def entries(store: Path, tail_bytes: int | None = None) -> Iterator[dict[str, Any]]:
    """The journal's entries, oldest first (only the last ``tail_bytes`` when given); bad lines skipped."""
    path = core_path(store, JOURNAL)
    try:
        with open(path, "rb") as handle:
            if tail_bytes is not None:
                size = handle.seek(0, 2)
                handle.seek(max(0, size - tail_bytes))
                if size > tail_bytes:
                    handle.readline()  # a partial first line
            lines = handle.read().splitlines()
    except OSError:
        return
    for line in lines:
        try:
            entry = load_json(line)
        except ValueError:  # a torn or hand-edited line (nested too deeply included): skip it, keep the rest
            continue
        if isinstance(entry, dict):
            yield entry


def recent_checkpoints(store: Path, exclude_session: str, limit: int = 3) -> list[str]:
    """The latest checkpoint text of each of the last ``limit`` other sessions, newest first."""
    latest: dict[str, str] = {}
    for entry in entries(store, tail_bytes=256 * 1024):
        if CHECKPOINT_TAG in (entry.get("tags") or ()) and entry.get("session_id") != exclude_session:
            session = str(entry.get("session_id"))
            latest.pop(session, None)  # re-insert: dict order is then the order of the last update
            latest[session] = str(entry.get("content", ""))
    return list(reversed(latest.values()))[:limit]


def read_core(store: Path, name: str) -> str:
    """A core file's text; "" when missing or when it links out of its store (see workspace.files.read_text)."""
    return read_inside(core_path(store, name), store)


def read_inside(path: Path, root: Path) -> str:
    """``path``'s text if its real path lies inside ``root``, else "" (a cloned project can ship links)."""
    from ..workspace.files import inside

    if not inside(path, root):
        return ""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _iso(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, tz=UTC).isoformat(timespec="seconds")


# --- distillation ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoreEntry:
    section: str
    type: str
    text: str
    tags: tuple[str, ...]
    priority: int
    id: str
    updated: str


def select(records: Iterable[MemoryRecord]) -> list[CoreEntry]:
    """The core: per section, the highest-priority then newest memories, within the section's line cap."""
    by_section: dict[str, list[MemoryRecord]] = {title: [] for title, _, _ in SECTIONS}
    for record in records:
        for title, types, _ in SECTIONS:
            if record.type in types:
                by_section[title].append(record)
    chosen: list[CoreEntry] = []
    for title, _, cap in SECTIONS:
        ranked = sorted(by_section[title], key=lambda r: (PRIORITY.get(r.type, 0), r.updated_at), reverse=True)
        for record in ranked[:cap]:
            chosen.append(
                CoreEntry(
                    title,
                    record.type,
                    _line(record),
                    record.tags,
                    PRIORITY.get(record.type, 1),
                    record.id,
                    record.updated_at.date().isoformat(),
                )
            )
    return chosen


def _line(record: MemoryRecord) -> str:
    text = " ".join(record.text.split())
    worked = record.metadata.get("worked_instead")
    if record.type == "failed_approach" and isinstance(worked, str) and worked:
        text += f" → worked instead: {worked}"
    return text if len(text) <= MAX_LINE_CHARS else text[: MAX_LINE_CHARS - 1] + "…"


def render_core(chosen: list[CoreEntry], title: str = "Core memory") -> str:
    """MEMORY.md: at most :data:`MAX_CORE_LINES` lines."""
    lines = [
        f"# {title}",
        "",
        "<!-- Written by `tiermem hooks distill` from core/memory_log.jsonl; edits are overwritten. -->",
    ]
    for section, _, _ in SECTIONS:
        items = [e for e in chosen if e.section == section]
        if not items or len(lines) + 3 > MAX_CORE_LINES:
            continue
        lines += ["", f"## {section}", ""]
        room = MAX_CORE_LINES - len(lines)
        lines += [f"- {e.text} ({e.type}, {e.updated})" for e in items[:room]]
    return "\n".join(lines) + "\n"


def render_universal(chosen: list[CoreEntry]) -> str:
    items = [e for e in chosen if e.type in CORRECTION_TYPES]
    lines = ["# Always (every project)", ""] + [f"- {e.text}" for e in items]
    return "\n".join(lines) + "\n"


class Distilled(TypedDict):
    """What a distillation of one journal kept: its ids, those still current, and the core file's size."""

    store: str
    journal_ids: int
    current: int
    dropped: int
    core_entries: int
    core_lines: int


def distill(memory: Memory, store: Path, *, agent_id: str = "default", universal: bool = False) -> Distilled:
    """Rewrite the core files of ``store`` from its journal; say what was kept."""
    seen: dict[str, None] = {}
    for entry in entries(store):
        if isinstance(entry.get("id"), str):
            seen[entry["id"]] = None
    records: dict[str, MemoryRecord] = {}
    dropped = 0
    for memory_id in seen:
        record = _current(memory, memory_id, agent_id)
        if record is None:
            dropped += 1
        else:
            records[record.id] = record
    chosen = select(records.values())
    write_atomic(core_path(store, CORE_MD), render_core(chosen))
    tagged = "".join(
        json.dumps(
            {
                "section": e.section,
                "content": e.text,
                "tags": list(e.tags),
                "priority": e.priority,
                "type": e.type,
                "id": e.id,
            },
            ensure_ascii=False,
        )
        + "\n"
        for e in chosen
    )
    write_atomic(core_path(store, TAGGED), tagged)
    if universal:
        write_atomic(core_path(store, UNIVERSAL), render_universal(chosen))
    return {
        "store": str(store),
        "journal_ids": len(seen),
        "current": len(records),
        "dropped": dropped,
        "core_entries": len(chosen),
        "core_lines": render_core(chosen).count("\n"),
    }


def _current(memory: Memory, memory_id: str, agent_id: str) -> MemoryRecord | None:
    """The memory now standing for ``memory_id`` (updates supersede it); None once it was forgotten."""
    from ..errors import TiermemError

    try:
        record = memory.get(memory_id, agent_id=agent_id)
        for _ in range(20):
            if record.superseded_by is None:
                break
            record = memory.get(record.superseded_by, agent_id=agent_id)
    except TiermemError:
        return None
    return record if record.is_current else None
