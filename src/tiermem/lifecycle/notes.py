"""Daily-note files: ingestion into the store (deduplicated, idempotent), validation and metadata."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from ..errors import NotFoundError, ValidationError
from ..text import content_hash
from ..workspace.files import read_text
from .daily import extract_facts, file_metadata, note_date, validate_note
from .store import DAILY_DOC, LifecycleStore

LEDGER_DAYS = 90  # ingested-fact hashes are remembered this long, so re-reading a note never re-adds it


def note_files(store: LifecycleStore, agent_id: str, days: int, now: datetime) -> list[tuple[Path, date]]:
    """The agent's daily notes of the last ``days`` days (today included), oldest first."""
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 3650:
        raise ValidationError(f"days must be a whole number from 1 to 3650, got {days!r}")
    wanted = {now.date() - timedelta(days=n) for n in range(days)}
    directory = store.notes_dir(agent_id)
    found = [(p, d) for p in directory.glob("*.md") if (d := note_date(p.name)) in wanted] if directory.is_dir() else []
    return sorted(found, key=lambda pair: (pair[1], pair[0].name))


def ingest_daily(store: LifecycleStore, agent_id: str, *, days: int, dry_run: bool, now: datetime) -> dict[str, Any]:
    """Facts of recent daily notes into the store: the seed's ``ingest-daily`` report.

    A fact already stored (same normalised text) or ingested before (a ledger of hashes) is skipped, so
    consolidation can re-read the same notes every day without adding or reinforcing anything twice.
    """
    files = note_files(store, agent_id, days, now)
    ledger: dict[str, str] = dict((store.backend.doc_get(agent_id, DAILY_DOC) or {}).get("seen", {}))
    report: dict[str, Any] = {
        "files_scanned": len(files),
        "mode": "rule",
        "facts_found": 0,
        "facts_stored": 0,
        "facts_skipped": 0,
        "llm_fallbacks": 0,
        "dry_run": dry_run,
        "facts": [],
    }
    items, facts = [], []
    for path, day in files:
        for fact in extract_facts(read_text(path) or "", store.settings.daily):
            entry = {
                **fact.to_dict(),
                "file": str(path.relative_to(store.workspace)),
                "date": day.isoformat(),
                "hash": content_hash(fact.text),
            }
            facts.append(entry)
            items.append(_item(entry, day, now))
    known = store.backend.find_by_hashes(agent_id, [f["hash"] for f in facts])
    fresh = [i for i, f in enumerate(facts) if f["hash"] not in known and f["hash"] not in ledger]
    for f in facts:
        f["status"] = "duplicate"
    results = [] if dry_run or not fresh else store.memory.store_many([items[i] for i in fresh], agent_id=agent_id)
    for position, i in enumerate(fresh):
        facts[i]["status"] = "new" if dry_run else ("stored" if results[position].created else "reinforced")
        if not dry_run:
            ledger[facts[i]["hash"]] = facts[i]["date"]
            facts[i]["id"] = results[position].id
    if not dry_run and fresh:
        _save_ledger(store, agent_id, ledger, now)
    report.update(
        facts_found=len(facts),
        facts_stored=sum(f["status"] == "stored" for f in facts),
        facts_skipped=sum(f["status"] in ("duplicate", "reinforced") for f in facts),
        facts=[{k: v for k, v in f.items() if k != "hash"} for f in facts],
    )
    return report


def _item(fact: dict[str, Any], day: date, now: datetime) -> dict[str, Any]:
    return {
        "text": fact["text"],
        "category": fact["category"],
        "importance": fact["importance"],
        "metadata": fact["metadata"],
        "created_at": now,
        "event_at": datetime.combine(day, time(), UTC),
        "source": {"type": "daily", "file": fact["file"], "line": fact["line"], "session": fact["date"]},
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


def validate(store: LifecycleStore, agent_id: str, path: Path | None, now: datetime) -> dict[str, Any]:
    note = resolve_note(store, agent_id, path, now)
    return {"file": str(note), **validate_note(read_text(note) or "", store.settings.daily.validate_tools)}


def metadata(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise NotFoundError(f"no file at {path}; give --file PATH of a note to read")
    return {"file": str(path), **file_metadata(read_text(path) or "")}
