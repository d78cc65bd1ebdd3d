"""The writer (seed 003): notes during a session, and everything a session end persists.

Notes are saved as they are taken (in state.json's ``current_session``), so a note taken by one process
(``tiermem note decision ...``) reaches the session end written by another, and a crash loses nothing.
Events go straight to the append-only events.json. ``end_session`` writes, under the workspace lock and
all or nothing (one write-ahead journal, see files.py): the daily log (canonical memory/YYYY-MM-DD.md,
copied to memory/daily/ when that mirror exists), threads.md, MEMORY.md's curation cycle (+ archive.md),
state.json (counters, flags, active threads, hints), resumption.md and index.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypedDict

from .. import _ids
from ..errors import ValidationError
from ..model import check_text
from ..write.secrets import redact, redact_json
from . import curation
from . import threads as th
from .events import Event, append_event, make_event
from .files import FileBatch, damaged_copy, read_text, run_batch, update_text, workspace_lock, write_atomic
from .index import log_facts, render_index
from .layout import DailyLog, Workspace
from .scaffold import ARCHIVE_TEMPLATE, RESUMPTION_TEMPLATE, THREADS_TEMPLATE
from .state import iso_z, last_session_at, parse_state, render_state

MAX_PENDING_QUESTIONS = 20
_NOTE_KINDS = ("decisions", "open_questions", "patterns", "emotional_notes", "thread_refs", "referenced")


def _now(now: datetime | None) -> datetime:
    return (now or datetime.now(UTC)).astimezone(UTC)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


class SessionEnd(TypedDict):
    """What a session end wrote: its number, its daily log, the threads it touched, MEMORY.md's curation."""

    session: int
    daily_log: str
    threads: list[str]
    curation: list[str]
    flags: dict[str, bool]


class MemoryWriter:
    """Writes one agent's workspace at ``root``. Every method takes ``now`` for reproducible sessions."""

    def __init__(self, root: str | Path, agent_id: str = "default") -> None:
        self.space = Workspace(Path(root), agent_id)

    # --- during a session -----------------------------------------------------------------------------

    def _capture(self, kind: str | None, value: Any, now: datetime | None) -> dict[str, Any]:
        """Add a note to the current session (opening it if needed); ``kind`` None only opens it."""
        moment = _now(now)
        captured: dict[str, Any] = {}

        def change(text: str | None) -> str:
            state = self._state(text, write_atomic)
            session = state.setdefault("current_session", {})
            session.setdefault("id", _ids.new_id(moment.timestamp()))
            session.setdefault("started", iso_z(moment))
            if kind is not None:
                items = session.setdefault(kind, [])
                if value not in items or kind == "decisions":
                    items.append(value)
            captured.update(session)
            return render_state(state)

        with workspace_lock(self.space.root):
            update_text(self.space.state, change)
        return captured

    def note_decision(self, decision: str, reasoning: str = "", *, now: datetime | None = None) -> None:
        self._capture("decisions", {"decision": _line(decision), "reasoning": _line(reasoning, empty=True)}, now)

    def note_open_question(self, question: str, *, now: datetime | None = None) -> None:
        self._capture("open_questions", _line(question), now)

    def note_pattern(self, pattern: str, *, now: datetime | None = None) -> None:
        self._capture("patterns", _line(pattern), now)

    def note_emotional_tone(self, note: str, *, now: datetime | None = None) -> None:
        self._capture("emotional_notes", _line(note), now)

    def note_thread_touched(self, thread_id: str, *, now: datetime | None = None) -> None:
        self._capture("thread_refs", th.check_thread_id(thread_id), now)

    def note_referenced(self, entry: str, *, now: datetime | None = None) -> None:
        """Say that a MEMORY.md entry mattered this session (it stays Active, or comes back from Fading)."""
        self._capture("referenced", _line(entry), now)

    def note_event(
        self,
        event_type: str,
        text: str,
        *,
        action: str = "generic",
        object_hint: str = "",
        normalized_date: str | None = None,
        relative_time: str | None = None,
        now: datetime | None = None,
    ) -> Event:
        """Append a dated event to events.json now (the ledger is append-only); returns the record."""
        moment = _now(now)
        session = self._capture(None, None, moment)
        event = make_event(
            _clean(text),
            session_id=str(session["id"]),
            at=moment,
            event_type=event_type,
            action=action,
            object_hint=object_hint,
            normalized_date=normalized_date,
            relative_time=relative_time,
        )

        def append(current: str | None) -> str:
            ledger, problem = append_event(current, event)
            if current is not None and problem is not None:  # unreadable: keep it, start a new ledger
                write_atomic(damaged_copy(self.space.events, current), current)
            return ledger

        with workspace_lock(self.space.root):
            update_text(self.space.events, append)
        return event

    # --- the end of a session -------------------------------------------------------------------------

    def end_session(
        self,
        session_summary: str,
        resumption_note: str,
        thread_updates: Mapping[str, Mapping[str, Any]] | None = None,
        mood: str = "",
        session_events: str | None = None,
        *,
        now: datetime | None = None,
    ) -> SessionEnd:
        """Persist the session to every file; returns what was written."""
        summary = _clean(check_text(session_summary).strip())
        note = _clean(check_text(resumption_note).strip())
        updates = {th.check_thread_id(k): redact_json(dict(v), Counter()) for k, v in (thread_updates or {}).items()}
        mood, session_events = _clean(mood), None if session_events is None else _clean(session_events)
        moment = _now(now)

        def persist(batch: FileBatch) -> SessionEnd:
            return self._end_session(batch, summary, note, updates, mood, session_events, moment)

        with workspace_lock(self.space.root):
            return run_batch(self.space.root, persist)

    def _end_session(
        self,
        batch: FileBatch,
        summary: str,
        note: str,
        updates: dict[str, dict[str, Any]],
        mood: str,
        session_events: str | None,
        moment: datetime,
    ) -> SessionEnd:
        state = self._state(batch.read(self.space.state), batch.write)
        capture = state.pop("current_session", {})
        number = int(state["session_counter"]["total"]) + 1
        log_rel = self._write_log(batch, moment, capture, summary, session_events, mood)
        threads_text = self._write_threads(batch, capture, updates, moment)
        corpus = "\n".join(
            [
                summary,
                session_events or "",
                note,
                _capture_text(capture),
                *(str(u.get("current_position", "")) for u in updates.values()),
            ]
        )
        cycle = self._curate(
            batch, state, number, moment, curation.reference_matcher(corpus, capture.get("referenced", []))
        )
        self._update_state(batch, state, capture, updates, threads_text, cycle, moment, log_rel, summary, mood)
        batch.write(
            self.space.resumption,
            RESUMPTION_TEMPLATE.format(today=moment.date().isoformat(), occasion="end of session", note=note),
        )
        batch.write(self.space.index, self._index_text(moment, batch))
        return {
            "session": number,
            "daily_log": log_rel,
            "threads": sorted({*capture.get("thread_refs", []), *updates}),
            "curation": cycle.changes if cycle else [],
            "flags": state["flags"],
        }

    def _write_log(
        self, batch: FileBatch, moment: datetime, capture: Mapping[str, Any], summary: str, what: str | None, mood: str
    ) -> str:
        path = self.space.daily_log_path(moment.date())
        entry = render_log_entry(moment, capture, summary, what, mood)

        def append(current: str | None) -> str:
            if current is None or not current.strip():
                return f"# Daily Log — {moment.date().isoformat()}\n\n---\n\n{entry}"
            return current.rstrip("\n") + "\n\n---\n\n" + entry

        written = batch.update(path, append)
        if self.space.mirror.is_dir() and written is not None:
            batch.write(self.space.mirror / path.name, written)  # a copy for tools that read memory/daily/
        return self.space.rel(path)

    def _write_threads(
        self, batch: FileBatch, capture: Mapping[str, Any], updates: dict[str, dict[str, Any]], moment: datetime
    ) -> str:
        touched = list(capture.get("thread_refs", []))
        if not touched and not updates:
            return batch.read(self.space.threads, strict=False) or ""

        ref = f"{self.space.rel(self.space.daily_log_path(moment.date()))}#decisions"
        made = [th.SessionDecision(d["decision"], d.get("reasoning", ""), ref) for d in capture.get("decisions", [])]

        def change(current: str | None) -> str:
            return th.apply_updates(current or THREADS_TEMPLATE, updates, touched, moment.date().isoformat(), made)

        return batch.update(self.space.threads, change) or ""

    def _curate(
        self, batch: FileBatch, state: dict[str, Any], number: int, moment: datetime, referenced: curation.Referenced
    ) -> curation.Curation | None:
        result: list[curation.Curation] = []
        today = moment.date().isoformat()

        def change(current: str | None) -> str | None:
            if current is None:
                return None
            result[:] = [curation.curate(current, state.get("memory_curation", {}), number, today, referenced)]
            return result[0].text

        batch.update(self.space.memory_md, change)
        if not result:
            return None
        state["memory_curation"] = result[0].tracker
        if result[0].archived:
            entries = [curation.archive_entry(item, today) for item in result[0].archived]
            batch.update(self.space.archive, lambda current: _append_archive(current, entries))
        return result[0]

    def _update_state(
        self,
        batch: FileBatch,
        state: dict[str, Any],
        capture: Mapping[str, Any],
        updates: Mapping[str, Mapping[str, Any]],
        threads_text: str,
        cycle: curation.Curation | None,
        moment: datetime,
        log_rel: str,
        summary: str,
        mood: str,
    ) -> None:
        last = last_session_at(state)
        started = capture.get("started")
        begun = datetime.fromisoformat(started.replace("Z", "+00:00")) if isinstance(started, str) else moment
        counter = state["session_counter"]
        same_week = last is not None and last.isocalendar()[:2] == moment.isocalendar()[:2]
        counter.update(
            total=int(counter["total"]) + 1,
            this_week=int(counter["this_week"]) + 1 if same_week else 1,
            since_last_memory_review=int(counter["since_last_memory_review"]) + 1,
        )
        state["last_session"] = {
            "timestamp": iso_z(moment),
            "daily_log": log_rel,
            "duration_minutes": max(0, int((moment - begun).total_seconds() // 60)),
        }
        state["active_threads"] = _merge_threads(state["active_threads"], th.open_thread_ids(threads_text))
        closed = {q for u in updates.values() for q in u.get("closed_questions") or ()}
        pending = [q for q in [*state["pending_questions"], *capture.get("open_questions", [])] if q not in closed]
        state["pending_questions"] = list(dict.fromkeys(pending))[-MAX_PENDING_QUESTIONS:]
        state["flags"].update(
            memory_review_due=counter["since_last_memory_review"] >= curation.REVIEW_EVERY,
            threads_need_update=bool(set(capture.get("thread_refs", [])) - set(updates)),
            archive_candidates_exist=bool(cycle and cycle.fading),
        )
        hints = state["context_hints"]
        hints["last_topic_position"] = summary.split("\n")[0][:300]
        if mood:
            hints["current_mood_hypothesis"] = mood
        batch.write(self.space.state, render_state(state))

    def rebuild_index(self, now: datetime | None = None) -> str:
        """Rewrite memory/index.md from the daily logs."""
        text = self._index_text(_now(now))
        write_atomic(self.space.index, text)
        return text

    def _index_text(self, moment: datetime, batch: FileBatch | None = None) -> str:
        """index.md for the logs on disk, or as ``batch`` will leave them (with today's log, maybe new)."""
        logs = self.space.daily_logs()
        today = self.space.daily_log_path(moment.date())
        if batch is not None and today not in {log.path for log in logs}:
            flat = [log for log in logs if log.path.parent == today.parent]  # a new flat log hides the mirror
            fresh = DailyLog(moment.date(), "", str(today), self.space.rel(today))
            logs = sorted([*flat, fresh], key=lambda log: log.rel, reverse=True)
        root = self.space.root
        texts = [batch.read(log.path, strict=False) if batch else read_text(log.path, root=root) for log in logs]
        facts = [log_facts(log.day, log.rel, text or "") for log, text in zip(logs, texts, strict=True)]
        return render_index(facts, moment.date())

    def complete_review(self, note: str = "Memory review completed", *, now: datetime | None = None) -> None:
        """A curation pass is done: reset the review counter and flag, and log it in MEMORY.md."""
        today = _now(now).date().isoformat()
        with workspace_lock(self.space.root):
            update_text(self.space.memory_md, lambda t: None if t is None else curation.complete_review(t, today, note))

            def reset(current: str | None) -> str:
                state = self._state(current, write_atomic)
                state["session_counter"]["since_last_memory_review"] = 0
                state["flags"]["memory_review_due"] = False
                return render_state(state)

            update_text(self.space.state, reset)

    def _state(self, text: str | None, keep: Callable[[Path, str], None]) -> dict[str, Any]:
        """state.json parsed; one that cannot be read is kept beside it (``keep``) before a fresh one replaces
        it, so a person's half-finished edit is never lost."""
        state, problem = parse_state(text)
        if text is not None and problem is not None:
            keep(damaged_copy(self.space.state, text), text)
        return state

    def pending(self) -> dict[str, Any]:
        """The notes captured since the last session end."""
        state, _ = parse_state(read_text(self.space.state, root=self.space.root))
        return dict(state.get("current_session", {}))


def render_log_entry(moment: datetime, capture: Mapping[str, Any], summary: str, what: str | None, mood: str) -> str:
    refs = ", ".join(capture.get("thread_refs", [])) or "—"
    started = capture.get("started")
    minutes = 0
    if isinstance(started, str):
        minutes = max(0, int((moment - datetime.fromisoformat(started.replace("Z", "+00:00"))).total_seconds() // 60))
    parts = [
        f"> Session: {moment:%H:%M} UTC, ~{minutes} min\n> Thread(s) active: {refs}\n",
        f"## Session Summary\n\n{summary}\n",
    ]
    if what:
        parts.append(f"## What Happened\n\n{what.strip()}\n")
    if capture.get("decisions"):
        rows = [f"| {_cell(d['decision'])} | {_cell(d.get('reasoning', ''))} | {refs} |" for d in capture["decisions"]]
        parts.append(
            "## Decisions\n\n| Decision | Reasoning | Ref |\n|----------|-----------|-----|\n" + "\n".join(rows) + "\n"
        )
    for title, key in (("Open Questions (New This Session)", "open_questions"), ("Patterns Noticed", "patterns")):
        if capture.get(key):
            parts.append(f"## {title}\n\n" + "\n".join(f"- {item}" for item in capture[key]) + "\n")
    tone = [*capture.get("emotional_notes", []), *([f"Mood: {mood}"] if mood else [])]
    if tone:
        parts.append("## Emotional/Tonal Notes\n\n" + "\n".join(f"- {item}" for item in tone) + "\n")
    return "\n---\n\n".join(parts)


def _capture_text(capture: Mapping[str, Any]) -> str:
    decisions = [f"{d.get('decision', '')} {d.get('reasoning', '')}" for d in capture.get("decisions", [])]
    return "\n".join([*decisions, *(str(x) for k in _NOTE_KINDS[1:] for x in capture.get(k, []))])


def _merge_threads(old: Sequence[Mapping[str, Any]], found: Sequence[dict[str, str]]) -> list[dict[str, Any]]:
    """Active threads as threads.md has them, keeping the priority (and other keys) state.json gave them."""
    previous = {t["id"]: t for t in old}
    merged = []
    for position, thread in enumerate(found):
        default = "primary" if position == 0 else "secondary"
        merged.append({**previous.get(thread["id"], {"priority": default}), **thread})
    return merged


def _append_archive(current: str | None, entries: list[str]) -> str:
    text = (current or ARCHIVE_TEMPLATE).replace("(No archived entries yet.)\n", "").rstrip("\n")
    return text + "\n\n" + "\n\n---\n\n".join(entries) + "\n"


def _line(text: str, *, empty: bool = False) -> str:
    if empty and (text is None or not str(text).strip()):
        return ""
    value = check_text(text, 4096)
    if "\n" in value.strip():
        raise ValidationError("a note is one line; put longer text in the session summary")
    return _clean(value.strip())


def _clean(text: str) -> str:
    """Workspace text without secrets: state.json, the logs and MEMORY.md are files people commit and share
    (`tiermem note decision "use sk-..."` kept the key in state.json)."""
    return redact(text).text
