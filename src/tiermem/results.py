"""What public functions return: frozen dataclasses, rendered as JSON by one ``to_dict``.

A result's fields are its JSON keys, in order. ``to_dict`` renders nested results (and anything else with a
``to_dict``, such as a memory record), datetimes as ISO-8601, and lists, tuples and mappings item by item, so
the CLI's ``--json``, the REST API and MCP print the same document a Python caller reads as attributes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

_KEY, _OMIT = "json_key", "omit_default"


def json_key(name: str) -> dict[str, str]:
    """The metadata of a field whose JSON key is not a Python name: ``field(metadata=json_key("from"))``."""
    return {_KEY: name}


def optional(default: Any = None) -> Any:
    """A field left out of the JSON while it holds ``default`` (a key that only some results carry)."""
    return field(default=default, metadata={_OMIT: True})


@runtime_checkable
class Renders(Protocol):
    """Anything with a JSON rendering: a result, a memory record, a hit."""

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Result:
    def to_dict(self) -> dict[str, Any]:
        return {
            f.metadata.get(_KEY, f.name): jsonable(getattr(self, f.name))
            for f in fields(self)
            if not _left_out(f, getattr(self, f.name))
        }


def _left_out(spec: Field[Any], value: object) -> bool:
    return bool(spec.metadata.get(_OMIT)) and value == spec.default


def jsonable(value: object) -> object:
    """``value`` as JSON types: results and records by their ``to_dict``, datetimes as ISO-8601."""
    if isinstance(value, Renders):
        return value.to_dict()
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {k: jsonable(v) for k, v in value.items()}
    return value
