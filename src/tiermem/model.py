"""Memory records, the type registry and boundary validation. Pure: no I/O."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Required, TypedDict

from .errors import ValidationError

AGENT_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}\Z")
CATEGORY_SEGMENT_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_ .-]{0,63}\Z")
TAG_RE = re.compile(r"^[^\x00-\x1f]{1,64}\Z")
MAX_CATEGORY_DEPTH = 4
MAX_TAGS = 32
DEFAULT_MAX_TEXT_BYTES = 64 * 1024
MAX_METADATA_BYTES = 64 * 1024

SCOPES = ("short_term", "working", "long_term")
TIERS = ("hot", "warm", "cold", "frozen")
STATUSES = ("active", "forgotten")
RELATIONS = (
    "caused_by",
    "related_to",
    "contradicts",
    "elaborates",
    "supersedes",
    "temporal_before",
    "temporal_after",
)
# Reading a link from its target's side gives the inverse relation ("A caused_by B" = "B causes A").
INVERSE_RELATIONS = {
    "caused_by": "causes",
    "related_to": "related_to",
    "contradicts": "contradicts",
    "elaborates": "elaborated_by",
    "supersedes": "superseded_by",
    "temporal_before": "temporal_after",
    "temporal_after": "temporal_before",
}


@dataclass(frozen=True, slots=True)
class MemoryType:
    """A registry entry: dedup threshold (cosine) and recall boost for one memory type."""

    name: str
    dedup_threshold: float
    recall_boost: float = 1.0
    family: str = "custom"
    aliases: tuple[str, ...] = ()


_COGNITIVE = {"episodic": 0.92, "semantic": 0.95, "emotional": 0.88, "procedural": 0.97, "reflection": 0.90}
# Seed 002 boosts types that carry hard-won knowledge (decisions, fixes, failures) by 1.5 on recall.
_KNOWLEDGE = {
    "architectural_decision": 1.5,
    "working_solution": 1.5,
    "codebase_pattern": 1.0,
    "failed_approach": 1.5,
    "error_resolution": 1.5,
    "test_result": 1.0,
    "user_preference": 1.5,
    "session_note": 1.0,
    # What the Claude Code hooks detect in prompts ("no, use X"; said again: repeated).
    "user_correction": 1.5,
    "repeated_correction": 1.5,
}
DEFAULT_TYPE = "semantic"


def builtin_types() -> dict[str, MemoryType]:
    """The 5 cognitive types (seed 001) and the 8 knowledge types (seed 002)."""
    types = {n: MemoryType(n, t, 1.0, "cognitive") for n, t in _COGNITIVE.items()}
    for name, boost in _KNOWLEDGE.items():
        types[name] = MemoryType(name, 0.92, boost, "knowledge", (name.upper(),))
    return types


class TypeRegistry:
    """Looks up memory types by name or alias; users add their own through configuration."""

    def __init__(self, extra: Iterable[MemoryType] = ()) -> None:
        self._types = builtin_types()
        for entry in extra:
            self.add(entry)

    def add(self, entry: MemoryType) -> None:
        if not re.fullmatch(r"[a-z][a-z0-9_]{0,47}", entry.name):
            raise ValidationError(
                f"type name {entry.name!r} is invalid: use lower-case letters, digits and '_' (max 48)"
            )
        check_unit("dedup_threshold", entry.dedup_threshold)
        if not 0 < entry.recall_boost <= 10:
            raise ValidationError(f"recall_boost of type {entry.name!r} must be in (0, 10]")
        self._types[entry.name] = entry

    def resolve(self, name: str | None) -> MemoryType:
        if name is None or name == "":
            return self._types[DEFAULT_TYPE]
        if not isinstance(name, str):
            raise ValidationError(f"type must be a string, not {type(name).__name__}")
        key = name.strip()
        found = self._types.get(key) or self._types.get(key.lower())
        if found is None:
            known = ", ".join(sorted(self._types))
            raise ValidationError(f"unknown memory type {name!r}; known types: {known} (add one in config.json)")
        return found

    def names(self) -> list[str]:
        return sorted(self._types)

    def thresholds(self) -> dict[str, float]:
        return {n: t.dedup_threshold for n, t in self._types.items()}


@dataclass(frozen=True, slots=True)
class MemoryRecord:
    """One stored memory. Times are timezone-aware UTC datetimes."""

    id: str
    agent_id: str
    text: str
    type: str
    category: str | None
    tags: tuple[str, ...]
    importance: float
    salience: float
    confidence: float
    valence: float
    scope: str
    tier: str
    created_at: datetime
    updated_at: datetime
    event_at: datetime | None
    last_accessed_at: datetime | None
    access_count: int
    source: dict[str, Any]
    metadata: dict[str, Any]
    content_hash: str
    status: str = "active"
    valid_to: datetime | None = None
    superseded_by: str | None = None

    @property
    def is_current(self) -> bool:
        """True when the memory is neither forgotten nor superseded."""
        return self.status == "active" and self.valid_to is None

    @property
    def session(self) -> str | None:
        """The conversation or thread the memory came from (``store(..., session=...)``), if any."""
        found = self.source.get("session")
        return None if found is None else str(found)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with ISO-8601 times."""
        out: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if isinstance(value, datetime):
                value = value.isoformat()
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out


@dataclass(frozen=True, slots=True)
class Link:
    """A typed edge between two memories of one agent, seen from ``memory_id``'s side."""

    source_id: str
    target_id: str
    relation: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Hit:
    """A search result: the memory, its score and why it was found. ``tier`` is the *recall* tier (HOT, WARM,
    COLD: how well it matches this search; also ``recall_tier``), not ``memory.tier``, the *lifecycle* tier
    (where the store keeps it over time)."""

    memory: MemoryRecord
    score: float
    tier: str = "warm"
    explain: dict[str, Any] = field(default_factory=dict)

    @property
    def recall_tier(self) -> str:
        """How well the hit answers the query (HOT / WARM / COLD): ``tier``, named apart from the memory's own
        lifecycle tier (``memory.tier``). See docs/glossary.md."""
        return self.tier

    def to_dict(self) -> dict[str, Any]:
        return {"memory": self.memory.to_dict(), "score": self.score, "tier": self.tier, "explain": self.explain}


@dataclass(frozen=True, slots=True)
class StoreResult:
    """What ``store`` did, as ``decision``: ``new``; ``restatement`` (nothing written: the memory it repeats,
    ``duplicate_of``, was reinforced and is ``memory``); ``update`` or ``contradiction`` (a new memory that
    ``supersedes`` the old one, which keeps its text and history but leaves search); ``elaboration`` (a new
    memory linked to the one it adds to, ``related_to``, which stays current). ``why`` says what differed
    (``changes``: the old and new values). ``redacted``: the secrets taken out of the given text before it was
    stored or compared, as a count by kind (None: none)."""

    memory: MemoryRecord
    created: bool
    duplicate_of: str | None = None
    reason: str = "unique"
    similarity: float | None = None
    decision: str = "new"
    why: str = ""
    supersedes: str | None = None
    related_to: str | None = None
    changes: dict[str, list[str]] | None = None
    redacted: dict[str, int] | None = None

    @property
    def id(self) -> str:
        return self.memory.id

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.memory.id,
            "created": self.created,
            "duplicate_of": self.duplicate_of,
            "reason": self.reason,
            "similarity": self.similarity,
            "decision": self.decision,
            "why": self.why,
            "supersedes": self.supersedes,
            "related_to": self.related_to,
            "changes": self.changes,
            "redacted": self.redacted,
            "memory": self.memory.to_dict(),
        }


# --- boundary validation -------------------------------------------------------------------------


def check_agent_id(agent_id: object) -> str:
    if not isinstance(agent_id, str) or not AGENT_ID_RE.match(agent_id):
        raise ValidationError(f"invalid agent id {agent_id!r}: use 1-64 characters from A-Z a-z 0-9 _ -")
    return agent_id


def check_unit(name: str, value: object, low: float = 0.0, high: float = 1.0) -> float:
    """A finite number in [low, high]; bools are not numbers here."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValidationError(f"{name} must be a number in [{low:g}, {high:g}], got {value!r}")
    number = float(value)
    if not math.isfinite(number) or not low <= number <= high:
        raise ValidationError(f"{name} must be in [{low:g}, {high:g}], got {value!r}")
    return number


def check_text(text: object, max_bytes: int = DEFAULT_MAX_TEXT_BYTES) -> str:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValidationError(f"text is not valid UTF-8 (byte {exc.start}); re-encode it as UTF-8") from None
    if not isinstance(text, str):
        raise ValidationError(f"text must be a string, got {type(text).__name__}")
    if "\x00" in text:
        raise ValidationError("text contains a NUL byte; remove it")
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        raise ValidationError("text is not valid UTF-8 (it contains a lone surrogate)") from None
    if not text.strip():
        raise ValidationError("text is empty; give the memory some content")
    if size > max_bytes:
        raise ValidationError(
            f"text is {size} bytes, over the {max_bytes}-byte limit; split it or raise max_text_bytes in config.json"
        )
    return text


def check_category(category: object) -> str | None:
    if category is None or category == "":
        return None
    if not isinstance(category, str):
        raise ValidationError(f"category must be a string path like 'projects/tiermem', got {category!r}")
    parts = [p.strip() for p in category.strip().strip("/").split("/")]
    if len(parts) > MAX_CATEGORY_DEPTH:
        raise ValidationError(f"category {category!r} is {len(parts)} levels deep; the maximum is {MAX_CATEGORY_DEPTH}")
    for part in parts:
        if part in ("", ".", "..") or not CATEGORY_SEGMENT_RE.match(part):
            raise ValidationError(
                f"category {category!r} has an invalid segment {part!r}: use letters, digits, '_', '-', '.', spaces"
            )
    return "/".join(parts)


def check_tags(tags: object) -> tuple[str, ...]:
    if tags is None:
        return ()
    if isinstance(tags, str):
        tags = [t for t in tags.split(",") if t.strip()]
    if not isinstance(tags, list | tuple | set | frozenset):
        raise ValidationError(f"tags must be a list of strings, got {type(tags).__name__}")
    cleaned: list[str] = []
    for tag in tags:
        if not isinstance(tag, str) or not TAG_RE.match(tag.strip()):
            raise ValidationError(f"invalid tag {tag!r}: 1-64 printable characters")
        if tag.strip() not in cleaned:
            cleaned.append(tag.strip())
    if len(cleaned) > MAX_TAGS:
        raise ValidationError(f"{len(cleaned)} tags given; the maximum is {MAX_TAGS}")
    return tuple(cleaned)


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise ValidationError(f"{name} must be one of {', '.join(choices)}; got {value!r}")
    return str(value)


def load_json(text: str | bytes) -> Any:
    """``json.loads`` that reports input nested too deeply to parse (``[[[[...``) as the JSONDecodeError any
    other bad JSON gets; the parser itself raises RecursionError, which no caller expects."""
    try:
        return json.loads(text)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply", "", 0) from None


class StoreItem(TypedDict, total=False):
    """One memory to store, as callers give it to ``store_many``: the text and any other field, each value still
    unchecked (core/items.py validates them all in one place)."""

    text: Required[str]
    type: str | None
    category: str | None
    importance: float | None
    tags: list[str] | None
    metadata: dict[str, Any] | None
    created_at: datetime | float | str | None
    event_at: datetime | float | str | None
    source: str | dict[str, Any] | None
    salience: float | None
    confidence: float | None
    valence: float | None
    scope: str | None
    tier: str | None


def check_json_object(name: str, value: object) -> dict[str, Any]:
    """A JSON object (dict, or a string holding one) that serialises within the size cap."""
    if value is None:
        return {}
    if isinstance(value, str):
        try:
            value = load_json(value)
        except json.JSONDecodeError as exc:
            raise ValidationError(f"{name} is not valid JSON ({exc.msg} at position {exc.pos})") from None
    if not isinstance(value, Mapping):
        raise ValidationError(f"{name} must be a JSON object, got {type(value).__name__}")
    try:
        encoded = json.dumps(dict(value), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValidationError(f"{name} is not JSON-serialisable: {exc}") from None
    try:
        encoded.encode("utf-8")
    except UnicodeEncodeError:
        raise ValidationError(f"{name} contains invalid UTF-8 (a lone surrogate); re-encode it") from None
    # A NUL is written "\u0000"; a backslash as text is written "\\" and may be followed by "u0000" as text.
    if "\\u0000" in encoded.replace("\\\\", ""):
        raise ValidationError(f"{name} contains a NUL character; remove it")
    if len(encoded.encode("utf-8")) > MAX_METADATA_BYTES:
        raise ValidationError(f"{name} is larger than {MAX_METADATA_BYTES} bytes once serialised")
    result: dict[str, Any] = json.loads(encoded)
    return result


# Year bounds keep epoch arithmetic and SQLite REAL columns sane.
_MIN_TS = datetime(1900, 1, 1, tzinfo=UTC).timestamp()
_MAX_TS = datetime(2200, 1, 1, tzinfo=UTC).timestamp()


def to_datetime(name: str, value: object) -> datetime | None:
    """Accept a datetime, an ISO-8601 string or epoch seconds; return an aware UTC datetime."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise ValidationError(f"{name} must be a datetime, ISO-8601 string or epoch seconds, got {value!r}")
    if isinstance(value, datetime):
        moment = value if value.tzinfo else value.replace(tzinfo=UTC)
    elif isinstance(value, int | float):
        if not math.isfinite(value) or not _MIN_TS <= value <= _MAX_TS:
            raise ValidationError(f"{name} epoch seconds {value!r} is out of range (years 1900-2200)")
        return datetime.fromtimestamp(float(value), tz=UTC)
    elif isinstance(value, str):
        moment = _parse_iso(name, value)
    else:
        raise ValidationError(
            f"{name} must be a datetime, ISO-8601 string or epoch seconds, got {type(value).__name__}"
        )
    if not _MIN_TS <= moment.timestamp() <= _MAX_TS:
        raise ValidationError(f"{name} {value!r} is out of range (years 1900-2200)")
    return moment.astimezone(UTC)


def _parse_iso(name: str, value: str) -> datetime:
    text = value.strip()
    try:
        number = float(text)
    except ValueError:
        pass
    else:
        moment = to_datetime(name, number)
        assert moment is not None
        return moment
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ValidationError(f"{name} {value!r} is not an ISO-8601 date (e.g. 2026-05-01T14:30:00Z)") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def to_epoch(moment: datetime | None) -> float | None:
    return None if moment is None else moment.timestamp()


def from_epoch(value: float | None) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, tz=UTC)
