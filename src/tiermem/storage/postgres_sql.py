"""SQL pieces and codecs of the PostgreSQL backend: rows <-> records, vectors <-> numpy, filters, statistics."""

from __future__ import annotations

import json
import operator
import struct
from collections.abc import Sequence
from dataclasses import fields
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import numpy as np
import psycopg
from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

from ..model import MemoryRecord
from .base import Filters
from .postgres_lexical import NO_STATS, LexemeStats

COLUMNS = tuple(f.name for f in fields(MemoryRecord))
CURRENT = "m.status = 'active' AND m.valid_to IS NULL"
CASTS = {"tags": "::text[]", "source": "::json", "metadata": "::json"}
# Memories whose extracted URLs contain a fragment. The first test is the URL index's predicate (migration
# 0004); the CASE keeps a non-array "urls" from reaching json_array_elements_text, whatever order SQL picks.
WITH_URL = (
    "json_typeof(m.metadata->'urls') = 'array' AND EXISTS (SELECT 1 FROM json_array_elements_text("
    "CASE WHEN json_typeof(m.metadata->'urls') = 'array' THEN m.metadata->'urls' ELSE '[]'::json END) u "
    "WHERE strpos(lower(u), %s) > 0)"
)
# Lexemes are built from text with punctuation turned into spaces (see the migration); queries the same way.
TSQUERY = "plainto_tsquery('english', regexp_replace(%s, '[[:punct:][:space:]]+', ' ', 'g'))"


def redact(url: str) -> str:
    """The URL without its password, for messages and ``stats``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


def first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


# --- the vector type as numpy arrays (binary wire format: int16 dims, int16 unused, float4 big-endian) ---


class _VectorDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj: Any) -> bytes:
        vec = np.asarray(obj, dtype=">f4").ravel()
        return struct.pack(">HH", len(vec), 0) + vec.tobytes()


class _VectorLoader(Loader):
    format = Format.BINARY

    def load(self, data: Any) -> np.ndarray:
        return np.frombuffer(bytes(data)[4:], dtype=">f4").astype(np.float32)


def register_vector(conn: psycopg.Connection[Any], info: TypeInfo) -> None:
    info.register(conn)
    dumper = type("VectorDumper", (_VectorDumper,), {"oid": info.oid})
    conn.adapters.register_dumper(np.ndarray, dumper)
    conn.adapters.register_loader(info.oid, _VectorLoader)


# --- records -------------------------------------------------------------------------------------------


_FIELDS = operator.attrgetter(*COLUMNS)
_TAGS, _SOURCE, _METADATA = (COLUMNS.index(name) for name in ("tags", "source", "metadata"))
_JSON = json.JSONEncoder(ensure_ascii=False).encode


def record_row(r: MemoryRecord) -> list[Any]:
    """A record as a memories row, in :data:`COLUMNS` order (what :func:`encode_field` makes of each field,
    a bulk load's share of which this is: one attribute read for all, the three fields that need it encoded)."""
    row = list(_FIELDS(r))
    row[_TAGS] = list(row[_TAGS])
    row[_SOURCE], row[_METADATA] = _JSON(row[_SOURCE]), _JSON(row[_METADATA])
    return row


def encode_field(name: str, value: Any) -> Any:
    if name == "tags":
        return list(value)
    if name in ("source", "metadata"):
        return json.dumps(value, ensure_ascii=False)
    return value


def to_record(row: Sequence[Any]) -> MemoryRecord:
    values = list(row)
    values[5] = tuple(values[5])  # tags: text[] -> tuple
    return MemoryRecord(*values)


def lexeme_stats(row: tuple[Any, ...] | None) -> LexemeStats:
    if row is None or not row[0] or row[2] is None or row[2] <= 0:
        return NO_STATS
    elems, freqs = row[0], row[1]
    shares = dict(zip(elems, freqs[: len(elems)], strict=True))
    return LexemeStats(shares, min(shares.values()), float(row[2]))


def filter_sql(agent_id: str, f: Filters) -> tuple[str, list[Any]]:
    clauses: list[str] = ["m.agent_id = %s"]
    params: list[Any] = [agent_id]
    if not f.include_forgotten:
        clauses.append("m.status = 'active'")
    if not f.include_superseded:
        clauses.append("m.valid_to IS NULL")
    if f.types is not None:
        clauses.append("m.type = ANY(%s::text[])")
        params.append(list(f.types))
    if f.tiers is not None:
        clauses.append("m.tier = ANY(%s::text[])")
        params.append(list(f.tiers))
    if f.category:
        clauses.append("(m.category = %s OR m.category LIKE %s ESCAPE '\\')")
        escaped = f.category.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        params.extend([f.category, escaped + "/%"])
    if f.tags:
        clauses.append("m.tags @> %s::text[]")
        params.append(list(f.tags))
    if f.scope:
        clauses.append("m.scope = %s")
        params.append(f.scope)
    if f.since:
        clauses.append("m.created_at >= %s")
        params.append(f.since)
    if f.until:
        clauses.append("m.created_at < %s")
        params.append(f.until)
    return " AND ".join(clauses), params
