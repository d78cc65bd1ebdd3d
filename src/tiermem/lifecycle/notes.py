"""Daily-note files: ingestion into the store (deduplicated, idempotent), validation and metadata."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from ..errors import NotFoundError, ValidationError
from ..model import StoreItem
from ..results import Result, optional
from ..storage.lifecycle import DAILY_DOC
from ..text import content_hash
from ..workspace.files import read_text
from ..workspace.service import release_pieces
from .daily import FileMetadata, NoteCheck, NoteFact, extract_facts, file_metadata, note_date, validate_note
from .store import LifecycleStore

LEDGER_DAYS = 90  # ingested-fact hashes are remembered this long, so re-reading a note never re-adds it


@dataclass(frozen=True, slots=True)
class IngestedFact(Result):
    """A fact of a daily note and what became of it: new, duplicate (dry run), stored or reinforced."""

    text: str
    category: str
    importance: float
    line: int
    rule: str
    metadata: dict[str, Any]
    file: str  # relative to the workspace when it is inside it
    date: str
    status: str = "new"
    id: str | None = optional()  # the memory it became or reinforced


@dataclass(frozen=True, slots=True)
class IngestReport(Result):
    """The seed's ``ingest-daily`` report."""

    files_scanned: int
    mode: str
    facts_found: int
    facts_stored: int
    facts_skipped: int
    indexed_lines_replaced: int
    llm_fallbacks: int
    dry_run: bool
    facts: list[IngestedFact]


def note_files(store: LifecycleStore, agent_id: str, days: int, now: datetime) -> list[tuple[Path, date]]:
    """The agent's daily notes of the last ``days`` days (today included), oldest first."""
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 3650:
        raise ValidationError(f"days must be a whole number from 1 to 3650, got {days!r}")
    wanted = {now.date() - timedelta(days=n) for n in range(days)}
    directory = store.notes_dir(agent_id)
    found = [(p, d) for p in directory.glob("*.md") if (d := note_date(p.name)) in wanted] if directory.is_dir() else []
    return sorted(found, key=lambda pair: (pair[1], pair[0].name))


def ingest_daily(
    store: LifecycleStore, agent_id: str, *, days: int, dry_run: bool, now: datetime, interface: str = "python"
) -> IngestReport:
    """Facts of recent daily notes into the store: the seed's ``ingest-daily`` report.

    A fact already stored (same normalised text) or ingested before (a ledger of hashes) is skipped, so
    consolidation can re-read the same notes every day without adding or reinforcing anything twice.
    """
    files = note_files(store, agent_id, days, now)
    facts = [
        _entry(store, fact, path, day)
        for path, day in files
        for fact in extract_facts(read_text(path) or "", store.settings.daily)
    ]
    ledger: dict[str, str] = dict((store.backend.doc_get(agent_id, DAILY_DOC) or {}).get("seen", {}))
    hashes = [content_hash(f.text) for f in facts]
    found = store.backend.find_by_hashes(agent_id, hashes)
    # A line the workspace index holds is not a duplicate: the fact replaces that piece (one memory per line).
    seen = {h for h, record in found.items() if record.source.get("type") != "workspace"} | set(ledger)
    fresh: list[int] = []
    for i, digest in enumerate(hashes):  # the same line in two notes is one fact
        if digest in seen:
            facts[i] = replace(facts[i], status="duplicate")
        else:
            fresh.append(i)
            seen.add(digest)
    replaced = 0
    if fresh and not dry_run:
        with store.backend.write():
            replaced = _release_indexed(store, agent_id, [facts[i] for i in fresh])
            results = store.memory.store_many([_item(facts[i], now, interface) for i in fresh], agent_id=agent_id)
        for i, result in zip(fresh, results, strict=True):
            facts[i] = replace(facts[i], status="stored" if result.created else "reinforced", id=result.id)
            ledger[hashes[i]] = facts[i].date
        _save_ledger(store, agent_id, ledger, now)
    return IngestReport(
        files_scanned=len(files),
        mode="rule",
        facts_found=len(facts),
        facts_stored=sum(f.status == "stored" for f in facts),
        facts_skipped=sum(f.status in ("duplicate", "reinforced") for f in facts),
        indexed_lines_replaced=replaced,
        llm_fallbacks=0,
        dry_run=dry_run,
        facts=facts,
    )


def _release_indexed(store: LifecycleStore, agent_id: str, facts: list[IngestedFact]) -> int:
    """Take the workspace index's pieces of these lines out (the facts become their memories)."""
    lines: dict[str, set[str]] = {}
    for fact in facts:
        lines.setdefault(fact.file, set()).add(content_hash(fact.text))
    return release_pieces(store.memory, store.backend, store.workspace, agent_id, lines)


def _entry(store: LifecycleStore, fact: NoteFact, path: Path, day: date) -> IngestedFact:
    relative = str(path.relative_to(store.workspace)) if path.is_relative_to(store.workspace) else str(path)
    return IngestedFact(
        fact.text, fact.category, fact.importance, fact.line, fact.rule, fact.metadata, relative, day.isoformat()
    )


def _item(fact: IngestedFact, now: datetime, interface: str) -> StoreItem:
    day = date.fromisoformat(fact.date)
    return {
        "text": fact.text,
        "category": fact.category,
        "importance": fact.importance,
        "metadata": fact.metadata,
        "created_at": now,
        "event_at": datetime.combine(day, time(), UTC),
        "source": {
            "type": "daily",
            "file": fact.file,
            "line": fact.line,
            "session": fact.date,
            "interface": interface,  # the face that ran the ingest (cli, rest...), not always python
        },
    }


def _save_ledger(store: LifecycleStore, agent_id: str, ledger: dict[str, str], now: datetime) -> None:
    """Keep the hashes of notes from the last LEDGER_DAYS days (older notes are never re-read)."""
    oldest = (now.date() - timedelta(days=LEDGER_DAYS)).isoformat()
    kept = {h: day for h, day in ledger.items() if day >= oldest}
    store.backend.doc_set(agent_id, DAILY_DOC, {"seen": kept}, now)


def resolve_note(store: LifecycleStore, agent_id: str, path: Path | None, now: datetime) -> Path:
    """``path``, or today's note of the agent; an error naming the file when it is missing."""
    chosen = path if path is not None else store.notes_dir(agent_id) / f"{now.date().isoformat()}.md"
    if not chosen.is_file():
        hint = "" if path is not None else "; pass --file PATH to check another note"
        raise NotFoundError(f"no daily note at {chosen}{hint}")
    return chosen


class CheckedNote(NoteCheck):
    file: str


class FileMetadataOf(FileMetadata):
    file: str


def validate(store: LifecycleStore, agent_id: str, path: Path | None, now: datetime) -> CheckedNote:
    note = resolve_note(store, agent_id, path, now)
    return {"file": str(note), **validate_note(read_text(note) or "", store.settings.daily.validate_tools)}


def metadata(path: Path) -> FileMetadataOf:
    if not path.is_file():
        raise NotFoundError(f"no file at {path}; give --file PATH of a note to read")
    return {"file": str(path), **file_metadata(read_text(path) or "")}
