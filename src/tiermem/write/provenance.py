"""Provenance: who wrote a memory, through which interface, from which tool or file, and how far to trust it.

Provenance lives in the record's ``source`` object. Every interface stamps its name (``interface``:
python, cli, rest, mcp, hook) at its boundary, and the write path fills ``trust`` when the caller did not:

- ``user``: the user's own words (the default: unknown source types count as the user's, so plain
  stores and workspace files rank as before);
- ``agent``: what an agent concluded or chose to remember;
- ``tool``: output of a tool, command or hook capture;
- ``web``: content fetched from the web (a ``url`` in the source means web unless told otherwise).

Recall ranks untrusted sources below the user's own words with a bounded multiplier
(:func:`trust_factor`), so a poisoned web page cannot outrank what the user said. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TRUST_LEVELS = ("user", "agent", "tool", "web")
INTERFACES = ("python", "cli", "rest", "mcp", "hook")
# Bounded on purpose: trust orders near-ties and sinks junk, but a strong match from a tool still shows.
TRUST_FACTORS = {"user": 1.0, "agent": 0.95, "tool": 0.85, "web": 0.75}

_BY_TYPE = {
    "user": "user",
    "human": "user",
    "owner": "user",
    "workspace": "user",
    "agent": "agent",
    "assistant": "agent",
    "llm": "agent",
    "distill": "agent",
    "consolidation": "agent",
    "tool": "tool",
    "tool_output": "tool",
    "command": "tool",
    "hook": "tool",
    "capture": "tool",
    "web": "web",
    "url": "web",
    "browser": "web",
    "fetch": "web",
    "webpage": "web",
}


def trust_of(source: Mapping[str, Any]) -> str:
    """The source's trust level: as stated when valid, else inferred from its type (unknown: user)."""
    stated = source.get("trust")
    if stated in TRUST_LEVELS:
        return str(stated)
    kind = str(source.get("type", "user")).strip().lower()
    base = kind.split(":", 1)[0]  # "hook:session-end" is a hook's
    return _BY_TYPE.get(kind) or _BY_TYPE.get(base) or ("web" if source.get("url") else "user")


def stamp(source: object, interface: str, **where: Any) -> object:
    """A caller's ``source`` (None, a type name or an object) with the interface it arrived through (the
    boundary's word wins over the caller's) and the ``where`` details (tool, file...) it did not give.
    Anything else is passed on unchanged, for the write path to reject with its usual message."""
    if source is None:
        source = {"type": "user"}
    elif isinstance(source, str) and source.strip():
        source = {"type": source}
    if not isinstance(source, Mapping):
        return source
    extra = {key: value for key, value in where.items() if value is not None and key not in source}
    return {**source, **extra, "interface": interface}


def complete(source: Mapping[str, Any], default_interface: str = "python") -> dict[str, Any]:
    """What the write path stores: the caller's source plus ``interface`` and ``trust`` when missing."""
    out = dict(source)
    out.setdefault("type", "user")
    if out.get("interface") not in INTERFACES:
        out["interface"] = default_interface
    out["trust"] = trust_of(out)
    return out


def trust_factor(source: Mapping[str, Any]) -> float:
    """Recall's multiplier for a memory from this source: 1 for the user's words, down to 0.75 for the web."""
    return TRUST_FACTORS[trust_of(source)]
