"""How a memory is laid out in SQLite: its columns, their encoding, and the WHERE clause of the filters."""

from __future__ import annotations

import builtins
import json
from collections.abc import Sequence
from dataclasses import fields
from datetime import UTC, datetime
from typing import Any

from ..model import MemoryRecord, to_epoch
from .base import Filters

COLUMNS = (
    "id",
    "agent_id",
    "text",
    "type",
    "category",
    "tags",
    "importance",
    "salience",
    "confidence",
    "valence",
    "scope",
    "tier",
    "created_at",
    "updated_at",
    "event_at",
    "last_accessed_at",
    "access_count",
    "source",
    "metadata",
    "content_hash",
    "status",
    "valid_to",
    "superseded_by",
)
TIME_COLUMNS = frozenset({"created_at", "updated_at", "event_at", "last_accessed_at", "valid_to"})
JSON_COLUMNS = frozenset({"tags", "source", "metadata"})
SELECT = ", ".join(f"m.{c}" for c in COLUMNS)
ORDER_SQL = {
    "newest": "m.created_at DESC, m.rowid DESC",
    "oldest": "m.created_at ASC, m.rowid ASC",
    "importance": "m.importance DESC, m.created_at DESC",
    "accessed": "COALESCE(m.last_accessed_at, 0) DESC, m.created_at DESC",
}
CURRENT = "m.status = 'active' AND m.valid_to IS NULL"
IN_CHUNK = 500
_loads = json.loads
_dumps = json.dumps
_fromtimestamp = datetime.fromtimestamp


def marks(n: int) -> str:
    return ", ".join(["?"] * n)


def encode(column: str, value: Any) -> Any:
    if column in TIME_COLUMNS:
        return to_epoch(value)
    if column in JSON_COLUMNS:
        return json.dumps(list(value) if column == "tags" else value, ensure_ascii=False)
    return value


if tuple(f.name for f in fields(MemoryRecord)) != COLUMNS:  # rows and records are mapped positionally
    raise ImportError("storage.sqlite._COLUMNS is out of step with model.MemoryRecord's fields")


def record_row(r: MemoryRecord) -> tuple[Any, ...]:
    """The memories row of a record, in ``COLUMNS`` order: :func:`encode` unrolled for bulk inserts."""
    return (
        r.id,
        r.agent_id,
        r.text,
        r.type,
        r.category,
        _dumps(list(r.tags), ensure_ascii=False) if r.tags else "[]",
        r.importance,
        r.salience,
        r.confidence,
        r.valence,
        r.scope,
        r.tier,
        r.created_at.timestamp(),
        r.updated_at.timestamp(),
        to_epoch(r.event_at),
        to_epoch(r.last_accessed_at),
        r.access_count,
        _dumps(r.source, ensure_ascii=False),
        _dumps(r.metadata, ensure_ascii=False) if r.metadata else "{}",
        r.content_hash,
        r.status,
        to_epoch(r.valid_to),
        r.superseded_by,
    )


def row_to_record(row: Sequence[Any]) -> MemoryRecord:
    # Positional and unrolled: get_many decodes hundreds of rows per search, and this is most of its cost.
    (
        mid,
        agent_id,
        text,
        mtype,
        category,
        tags,
        importance,
        salience_,
        confidence_,
        valence,
        scope,
        tier,
        created_at,
        updated_at,
        event_at,
        last_accessed_at,
        access_count,
        source,
        metadata,
        content_hash,
        status,
        valid_to,
        superseded_by,
    ) = row
    return _record(
        (
            mid,
            agent_id,
            text,
            mtype,
            category,
            () if tags == "[]" else _tags(tags),
            importance,
            salience_,
            confidence_,
            valence,
            scope,
            tier,
            _fromtimestamp(created_at, UTC),
            _fromtimestamp(updated_at, UTC),
            None if event_at is None else _fromtimestamp(event_at, UTC),
            None if last_accessed_at is None else _fromtimestamp(last_accessed_at, UTC),
            access_count,
            _source(source),
            {} if metadata == "{}" else _loads(metadata),
            content_hash,
            status,
            None if valid_to is None else _fromtimestamp(valid_to, UTC),
            superseded_by,
        )
    )


# A record built by its slots' own setters: the frozen dataclass's __init__ goes through object.__setattr__
# once per field, twice as slow for 23 fields (the same record: nothing runs after the assignments).
_SETTERS = tuple(getattr(MemoryRecord, name).__set__ for name in COLUMNS)
_new = object.__new__


def _record(values: Sequence[Any]) -> MemoryRecord:
    record: MemoryRecord = _new(MemoryRecord)
    for put, value in zip(_SETTERS, values, strict=True):
        put(record, value)
    return record


# Sources and tag lists repeat across memories (one interface, one session): decoded once, kept until the
# cache fills, then forgotten all at once. A source comes back as a copy (a record's dict is its own), and
# only a flat one is kept, so that no copy shares a nested value.
_CACHE_MAX = 4096
_sources: dict[str, dict[str, Any]] = {}
_tag_lists: dict[str, tuple[str, ...]] = {}
_SCALARS = (str, int, float, bool, type(None))


def _source(raw: str) -> dict[str, Any]:
    cached = _sources.get(raw)
    if cached is not None:
        return dict(cached)
    value: dict[str, Any] = _loads(raw)
    if isinstance(value, dict) and all(isinstance(v, _SCALARS) for v in value.values()):
        if len(_sources) >= _CACHE_MAX:
            _sources.clear()
        _sources[raw] = dict(value)
    return value


def _tags(raw: str) -> tuple[str, ...]:
    cached = _tag_lists.get(raw)
    if cached is None:
        if len(_tag_lists) >= _CACHE_MAX:
            _tag_lists.clear()
        cached = _tag_lists[raw] = tuple(_loads(raw))
    return cached


def filter_sql(agent_id: str, f: Filters, *, by_id: bool = False) -> tuple[str, builtins.list[Any]]:
    """WHERE clause for the filters. ``by_id``: the query also selects ids, and should find rows through the
    id index (a plain ``agent_id = ?`` makes SQLite scan the agent's whole index instead)."""
    clauses: builtins.list[str] = ["+m.agent_id = ?" if by_id else "m.agent_id = ?"]
    params: builtins.list[Any] = [agent_id]
    if not f.include_forgotten:
        clauses.append("m.status = 'active'")
    if not f.include_superseded:
        clauses.append("m.valid_to IS NULL")
    if f.types is not None:
        clauses.append(f"m.type IN ({', '.join('?' for _ in f.types)})")
        params.extend(f.types)
    if f.tiers is not None:
        clauses.append(f"m.tier IN ({', '.join('?' for _ in f.tiers)})")
        params.extend(f.tiers)
    if f.category:
        clauses.append("(m.category = ? OR m.category LIKE ? ESCAPE '\\')")
        escaped = f.category.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        params.extend([f.category, escaped + "/%"])
    for tag in f.tags:
        clauses.append("EXISTS (SELECT 1 FROM json_each(m.tags) WHERE json_each.value = ?)")
        params.append(tag)
    if f.scope:
        clauses.append("m.scope = ?")
        params.append(f.scope)
    if f.since:
        clauses.append("m.created_at >= ?")
        params.append(f.since.timestamp())
    if f.until:
        clauses.append("m.created_at < ?")
        params.append(f.until.timestamp())
    return " AND ".join(clauses), params


# --- opening, and errors at the boundary ------------------------------------------------------------------
