"""The input model of a memory: which fields a caller may give or change, and how each is checked.

Every face (Python, CLI, REST, MCP, hooks, imports) stores through :func:`prepare`, so a field is validated
in one place; the interfaces name their parameters after :data:`STORE_FIELDS` and :data:`UPDATE_FIELDS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from .. import _ids
from ..config import Settings
from ..errors import ValidationError
from ..lifecycle.pins import AUTO
from ..lifecycle.tiers import TierPolicy, classify_tier
from ..model import (
    SCOPES,
    TIERS,
    MemoryRecord,
    TypeRegistry,
    check_category,
    check_choice,
    check_json_object,
    check_tags,
    check_text,
    check_unit,
    to_datetime,
)
from ..storage.base import Filters
from ..text import confidence, content_hash, extract_metadata, salience
from ..write import provenance
from ..write.secrets import REDACTIONS, redact_item, redact_labels

# What a caller may give when storing (besides the text, all optional) and what ``update`` may change.
STORE_FIELDS = (
    "text",
    "type",
    "category",
    "importance",
    "tags",
    "metadata",
    "created_at",
    "event_at",
    "source",
    "salience",
    "confidence",
    "valence",
    "scope",
    "tier",
    "session",
)
UPDATE_FIELDS = ("text", "type", "category", "importance", "tags", "metadata", "valence", "scope", "event_at", "tier")
BACKDATED = timedelta(days=1)  # a memory created this long before it is stored is an import of old history
_STORE_KEYS = frozenset(STORE_FIELDS)


def now_or(now: object = None) -> datetime:
    """The moment ``now`` names (a datetime, an ISO string, an epoch), else the clock."""
    return to_datetime("now", now) or datetime.now(UTC)


def source_of(value: object) -> dict[str, Any]:
    """The caller's source with its provenance completed (interface, trust): see write/provenance.py."""
    if value is None:
        return provenance.complete({"type": "user"})
    if isinstance(value, str):
        if not value.strip() or len(value) > 512 or "\x00" in value:
            raise ValidationError("source must be a non-empty string of at most 512 characters, or a JSON object")
        return provenance.complete({"type": value})
    return provenance.complete(check_json_object("source", value))


def check_session(value: object) -> str:
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise ValidationError(f"session must be a conversation or thread id (a string), got {type(value).__name__}")
    session = str(value).strip()
    if not session or len(session) > 200 or "\x00" in session:
        raise ValidationError("session must be a non-empty id of at most 200 characters")
    return session


def with_session(source: dict[str, Any], session: object) -> dict[str, Any]:
    """The source with the conversation (thread) a memory came from: recall keeps a conversation's turns
    together through it (see recall/pipeline.py). Kept in the source, beside the rest of the provenance."""
    return source if session is None else {**source, "session": check_session(session)}


class Preparer:
    """Turns store items into validated records, with the store's settings."""

    def __init__(self, settings: Settings, registry: TypeRegistry) -> None:
        self._settings = settings
        self._registry = registry
        self._tiers = TierPolicy.from_settings(settings.lifecycle)  # a memory is born in the tier its importance earns

    def record(
        self, item: Mapping[str, Any], agent_id: str, now: datetime, position: int, redact: bool = True
    ) -> MemoryRecord:
        """The record of one item (``position`` names it in errors); secrets redacted when ``redact``."""
        if not isinstance(item, Mapping):
            raise ValidationError(f"item {position} must be a dict with a 'text' key, got {type(item).__name__}")
        unknown = set(item) - _STORE_KEYS
        if unknown:
            raise ValidationError(f"item {position}: unknown key(s) {', '.join(sorted(unknown))}")
        text = check_text(item.get("text"), self._settings.max_text_bytes)
        source = with_session(source_of(item.get("source")), item.get("session"))
        given = item.get("importance")
        importance = check_unit("importance", self._settings.default_importance if given is None else given)
        created = to_datetime("created_at", item.get("created_at")) or now
        given_metadata = check_json_object("metadata", item.get("metadata"))
        tags, category = check_tags(item.get("tags")), check_category(item.get("category"))
        if redact:  # before metadata extraction, so extracted commands and URLs carry no secret either
            text, source, given_metadata = redact_item(text, source, given_metadata)
            tags, category, given_metadata = redact_labels(tags, category, given_metadata)
        return MemoryRecord(
            id=_ids.new_id(created.timestamp()),
            agent_id=agent_id,
            text=text,
            type=self._registry.resolve(item.get("type")).name,
            category=category,
            tags=tags,
            importance=importance,
            salience=_given_unit(item, "salience", lambda: salience(text)),
            confidence=_given_unit(item, "confidence", lambda: confidence(text, str(source.get("type", "user")))),
            valence=check_unit("valence", 0.0 if item.get("valence") is None else item["valence"], -1.0, 1.0),
            scope=check_choice("scope", item.get("scope") or "long_term", SCOPES),
            # Born by importance alone against the configured thresholds (as the seed does) unless the caller
            # knows better (an index of workspace files is born cold); the lifecycle re-tiers memories as they age.
            tier=check_choice("tier", item["tier"], TIERS)
            if item.get("tier")
            else classify_tier(importance, self._tiers),
            created_at=created,
            updated_at=now,
            event_at=to_datetime("event_at", item.get("event_at")),
            # Importing old history is its use now: decay counts from the import, not from created_at.
            last_accessed_at=now if created < now - BACKDATED else None,
            access_count=0,
            source=source,
            metadata=merge_metadata(extract_metadata(text), given_metadata),
            content_hash=content_hash(text),
        )

    def new_version(self, record: MemoryRecord, item: Mapping[str, Any], old: MemoryRecord) -> MemoryRecord:
        """``record`` as the new version of the fact ``old`` held: what the caller left out of ``item`` (the
        importance, tags, category) is the fact's, not the new value's, and carries over. The current value of a
        fact told as important stays as protected from retention, and as found by its tags, as the old one."""
        importance = old.importance if item.get("importance") is None else record.importance
        return replace(
            record,
            importance=importance,
            tier=record.tier if item.get("tier") else classify_tier(importance, self._tiers),
            tags=record.tags or old.tags,
            category=record.category or old.category,
        )


def _given_unit(item: Mapping[str, Any], name: str, derived: Callable[[], float]) -> float:
    value = item.get(name)
    return derived() if value is None else check_unit(name, value)


def successor_item(old: MemoryRecord, changes: Mapping[str, Any]) -> dict[str, Any]:
    """The store item of a memory's new version: its fields, with ``changes`` applied (tier left to the new one)."""
    item = {
        "text": old.text,
        "type": old.type,
        "category": old.category,
        "importance": old.importance,
        "tags": old.tags,
        "metadata": without_extracted(old),
        "event_at": old.event_at,
        "source": old.source,
        "valence": old.valence,
        "scope": old.scope,
        **changes,
    }
    item.pop("tier", None)
    return item


def check_change_names(changes: Mapping[str, Any]) -> None:
    unknown = set(changes) - set(UPDATE_FIELDS)
    if unknown:
        raise ValidationError(
            f"cannot update {', '.join(sorted(unknown))}; changeable: {', '.join(sorted(UPDATE_FIELDS))}"
        )


def checked_changes(changes: Mapping[str, Any]) -> dict[str, Any]:
    """In-place changes (not text or type), validated; ``tier`` may also be ``auto`` (unpin)."""
    checks: dict[str, Callable[[Any], Any]] = {
        "category": check_category,
        "importance": lambda v: check_unit("importance", v),
        "tags": check_tags,
        "metadata": lambda v: check_json_object("metadata", v),
        "valence": lambda v: check_unit("valence", v, -1.0, 1.0),
        "scope": lambda v: check_choice("scope", v, SCOPES),
        "event_at": lambda v: to_datetime("event_at", v),
        "tier": lambda v: check_choice("tier", v, (*TIERS, AUTO)),
    }
    return {name: checks[name](value) for name, value in changes.items()}


def without_extracted(record: MemoryRecord) -> dict[str, Any]:
    """A record's metadata minus what was extracted from its text (new text brings its own)."""
    stale = extract_metadata(record.text)
    kept = dict(record.metadata)
    kept.pop(REDACTIONS, None)  # they described the old text
    for key, values in stale.items():
        if isinstance(kept.get(key), list):
            kept[key] = [v for v in kept[key] if v not in values]
            if not kept[key]:
                del kept[key]
    return kept


def merge_metadata(extracted: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """The caller's metadata wins, but extracted URL/command/path lists are merged, not replaced."""
    merged = {**extracted, **given}
    for key, found in extracted.items():
        if isinstance(given.get(key), list):
            merged[key] = list(dict.fromkeys([*given[key], *found]))
    return merged


def check_limit(value: object, high: int, low: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValidationError(f"limit/offset must be a whole number from {low} to {high}, got {value!r}")
    return value


def jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    return list(value) if isinstance(value, tuple) else value


def make_filters(
    registry: TypeRegistry,
    *,
    type: str | Sequence[str] | None = None,  # noqa: A002
    category: str | None = None,
    tags: Iterable[str] | str | None = None,
    tier: str | Sequence[str] | None = None,
    scope: str | None = None,
    since: object = None,
    until: object = None,
    include_forgotten: bool = False,
    include_superseded: bool = False,
    **unknown: Any,
) -> Filters:
    """Validate list/search filters given as keyword arguments."""
    if unknown:
        raise ValidationError(f"unknown filter(s) {', '.join(sorted(unknown))}")
    types = None if type is None else tuple([type] if isinstance(type, str) else type)
    tiers = None if tier is None else tuple([tier] if isinstance(tier, str) else tier)
    return Filters(
        types=None if types is None else tuple(registry.resolve(t).name for t in types),
        category=check_category(category),
        tags=check_tags(tags),
        tiers=None if tiers is None else tuple(check_choice("tier", t, TIERS) for t in tiers),
        scope=None if scope is None else check_choice("scope", scope, SCOPES),
        since=to_datetime("since", since),
        until=to_datetime("until", until),
        include_forgotten=bool(include_forgotten),
        include_superseded=bool(include_superseded),
    )
