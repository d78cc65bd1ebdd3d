"""events.json: the structured, date-aware event ledger (seed 003). Pure: records, ranking and evidence.

An event keeps the words it was said in (``date_text`` / ``relative_time``) beside the day they resolve to
(``normalized_date``), and says when that day is only an approximation, so precise dates are never
overwhelmed by guessed ones. The ordering, delta and counting helpers return evidence for a model to
weigh, not answers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from functools import lru_cache
from itertools import combinations
from typing import Any, TypedDict

from ..errors import ValidationError
from ..model import check_choice, check_text, load_json, to_datetime
from ..recall.query import STOP_WORDS, stem
from ..temporal import resolve_event_date
from ..text import tokens

EVENT_TYPES = (
    "purchase",
    "issue",
    "attendance",
    "action",
    "milestone",
    "social",
    "life",
    "delivery",
    "membership",
    "generic-event",
)
ACTIONS = (
    "purchase",
    "preorder",
    "order",
    "arrival",
    "booking",
    "issue",
    "malfunction",
    "clean",
    "fix",
    "trim",
    "setup",
    "service",
    "repair",
    "attendance",
    "start",
    "finish",
    "met",
    "joined",
    "moved",
    "accepted",
    "generic",
)
# Singleton, answer-bearing kinds of event rank above generic ones when the match is otherwise equal.
SPECIFIC_TYPES = frozenset({"issue", "purchase", "attendance", "action", "milestone"})
MAX_RESULTS = 12
MAX_CANDIDATES = 6  # pairwise deltas are computed over a small candidate set only
_SEED_TIME = re.compile(r"^(\d{4})/(\d{2})/(\d{2})(?:\s+\(\w+\))?(?:\s+(\d{1,2}):(\d{2}))?$")
_QUERY_NOISE = frozenset({"happen", "happened", "happens", "went", "going"})


def session_timestamp(moment: datetime) -> str:
    """The seed's event timestamp form: ``2023/05/30 (Tue) 09:00``."""
    return moment.strftime("%Y/%m/%d (%a) %H:%M")


class Event(TypedDict):
    """An entry of events.json, as the seed writes it."""

    event_type: str
    action: str
    object_hint: str
    text: str
    session_id: str
    timestamp: str  # the seed's "2023/05/30 (Tue) 09:00"
    date_text: str | None
    normalized_date: str | None  # YYYY-MM-DD
    relative_time: str | None
    has_explicit_date: bool
    has_relative_time: bool
    date_approximate: bool


def make_event(
    text: str,
    *,
    session_id: str,
    at: datetime,
    event_type: str = "generic-event",
    action: str = "generic",
    object_hint: str = "",
    normalized_date: str | None = None,
    relative_time: str | None = None,
) -> Event:
    """An event record; its date is resolved from ``text`` against the session day unless given."""
    text = check_text(text, 4096).strip()
    found = resolve_event_date(text, at.date())
    day, approximate = found.day, found.approximate
    if normalized_date is not None:
        day, approximate = _check_day(normalized_date), False
    relative = relative_time if relative_time is not None else found.relative_time
    return {
        "event_type": check_choice("event_type", event_type, EVENT_TYPES),
        "action": check_choice("action", action, ACTIONS),
        "object_hint": object_hint.strip().lower(),
        "text": text,
        "session_id": session_id,
        "timestamp": session_timestamp(at),
        "date_text": found.date_text,
        "normalized_date": day.isoformat() if day else None,
        "relative_time": relative,
        "has_explicit_date": found.date_text is not None or normalized_date is not None,
        "has_relative_time": relative is not None,
        "date_approximate": approximate,
    }


def _check_day(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ValidationError(f"normalized_date {value!r} is not a YYYY-MM-DD date") from None


def parse_events(text: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """(events, problem). Damaged files and malformed entries are skipped, never fatal."""
    if text is None:
        return [], "missing"
    try:
        payload = load_json(text)
    except json.JSONDecodeError as exc:
        return [], f"not valid JSON ({exc.msg} at line {exc.lineno})"
    events = payload.get("events") if isinstance(payload, dict) else None
    if not isinstance(events, list):
        return [], "no 'events' list"
    return [e for e in events if isinstance(e, dict) and isinstance(e.get("text"), str)], None


def append_event(text: str | None, event: Mapping[str, Any]) -> tuple[str, str | None]:
    """(ledger, problem): ``event`` appended to the ledger ``text``, every entry and key already there kept
    (even the ones parse_events skips: the ledger is append-only). When ``text`` cannot be read, the ledger
    starts over and ``problem`` says why: the caller keeps the old text somewhere first."""
    _, problem = parse_events(text)
    if text is None or problem is not None:
        return render_events([event]), None if text is None else problem
    doc = load_json(text)
    doc["events"].append(event)
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n", None


def render_events(events: Iterable[Mapping[str, Any]]) -> str:
    return json.dumps({"events": list(events)}, indent=2, ensure_ascii=False) + "\n"


def event_day(event: dict[str, Any]) -> date | None:
    value = event.get("normalized_date")
    try:
        return date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


@lru_cache(maxsize=16384)  # an event's words are stemmed once per process, not at every lookup
def _stems(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in tokens(text) if len(w) > 2 and w not in STOP_WORDS and w not in _QUERY_NOISE)


@dataclass(frozen=True, slots=True)
class Match:
    event: dict[str, Any]
    entities: int  # query entities found in the event's text or object hint

    @property
    def key(self) -> tuple[int, float, int]:
        dated = 0.0 if event_day(self.event) is None else (0.5 if self.event.get("date_approximate") else 1.0)
        return self.entities, dated, int(self.event.get("event_type") in SPECIFIC_TYPES)


def lookup(events: Sequence[dict[str, Any]], query: str, max_results: int = MAX_RESULTS) -> list[dict[str, Any]]:
    """Events naming the query's entities, most entities first, then dated (precise before approximate),
    then specific kinds. Whole (stemmed) words match, so "car" does not find "cardigan"."""
    wanted = _stems(query)
    if not wanted:
        return []
    matches = []
    for event in events:
        found = len(wanted & _stems(f"{event.get('text', '')} {event.get('object_hint') or ''}"))
        if found:
            matches.append(Match(event, found))
    matches.sort(key=lambda m: m.key, reverse=True)
    return [m.event for m in matches[:max_results]]


def _when(event: dict[str, Any]) -> str:
    day = event.get("normalized_date")
    relative = event.get("relative_time")
    if day and event.get("date_approximate"):
        return f"≈{day} ({relative})" if relative else f"≈{day}"
    return str(day or relative or "unknown")


def format_events(events: Iterable[dict[str, Any]]) -> str:
    lines = ["# Structured Events", ""]
    for e in events:
        lines.append(
            f"- [{e.get('event_type', '?')}/{e.get('action', '?')}] {e.get('text', '')} "
            f"(object={e.get('object_hint') or '?'}, date={_when(e)})"
        )
    return "\n".join(lines)


# --- deterministic temporal support: evidence, not answers -------------------------------------------


def in_order(events: Sequence[dict[str, Any]], entities: Sequence[str]) -> list[dict[str, Any]]:
    """Dated events mentioning any of ``entities``, earliest first (pairwise "which came first")."""
    wanted = [_stems(e) for e in entities]
    chosen = [
        e
        for e in events
        if event_day(e) and any(w and w <= _stems(f"{e['text']} {e.get('object_hint') or ''}") for w in wanted)
    ]
    return sorted(chosen, key=lambda e: (event_day(e), bool(e.get("date_approximate"))))


def deltas(events: Sequence[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any], int]]:
    """Day differences between each pair of the first few dated events (later minus earlier)."""
    dated = sorted((e for e in events if event_day(e)), key=lambda e: event_day(e) or date.min)[:MAX_CANDIDATES]
    return [(a, b, ((event_day(b) or date.min) - (event_day(a) or date.min)).days) for a, b in combinations(dated, 2)]


def count_before(events: Sequence[dict[str, Any]], threshold: dict[str, Any], family: str) -> list[dict[str, Any]]:
    """Events of ``family`` (an event type or action) dated strictly before ``threshold``: count and examples."""
    limit = event_day(threshold)
    if limit is None:
        return []
    return [
        e
        for e in events
        if family in (e.get("event_type"), e.get("action")) and (day := event_day(e)) is not None and day < limit
    ]


def evidence_text(events: Sequence[dict[str, Any]], entities: Sequence[str]) -> str:
    """Ordering and day deltas of the events naming ``entities``, as hints for the model."""
    ordered = in_order(events, entities)
    if not ordered:
        return ""
    lines = ["# Temporal Evidence", "", "Dated events, earliest first:"]
    lines += [f"- {_when(e)}: {e['text']}" for e in ordered[:MAX_CANDIDATES]]
    pairs = deltas(ordered)
    if pairs:
        lines += ["", "Days between them (approximate when a date is):"]
        lines += [
            f"- {d} days from {a.get('object_hint') or _when(a)} to {b.get('object_hint') or _when(b)}"
            for a, b, d in pairs
        ]
    return "\n".join(lines)


def session_moment(value: object) -> datetime:
    """A session time given as a datetime, ISO-8601, or the seed's ``2023/05/30 (Tue) 09:00`` form."""
    if isinstance(value, str) and (m := _SEED_TIME.match(value.strip())):
        year, month, day, hour, minute = m.groups()
        try:
            return datetime(int(year), int(month), int(day), int(hour or 0), int(minute or 0), tzinfo=UTC)
        except ValueError:
            raise ValidationError(f"session time {value!r} is not a real date and time") from None
    moment = to_datetime("session time", value)
    if moment is None:
        raise ValidationError("session time is missing; give an ISO-8601 time")
    return moment
