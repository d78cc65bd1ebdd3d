"""state.json (seed 003, schema 0.2.0): parsed leniently, rendered stably. Pure.

A missing or damaged state.json is a fresh start, never a crash: every known key gets its default when
absent or of the wrong type, and keys a person or another tool added are kept as they are. tiermem adds
two keys of its own: ``current_session`` (notes captured since the last session end, so a ``tiermem
note`` in one process reaches ``tiermem session end`` in another) and ``memory_curation`` (when each
MEMORY.md entry was last referenced, which drives the Active -> Fading -> archive cycle).
"""

from __future__ import annotations

import copy
import json
from datetime import datetime
from typing import Any

from ..model import load_json, to_datetime

SCHEMA_VERSION = "0.2.0"
FRESH_POSITION = "Fresh system — no prior sessions."
FLAGS = ("memory_review_due", "threads_need_update", "archive_candidates_exist")


def fresh_state(position: str = FRESH_POSITION) -> dict[str, Any]:
    return {
        "_schema_version": SCHEMA_VERSION,
        "_description": "Machine-readable ephemeral state (timestamps, counters, flags).",
        "last_session": {"timestamp": None, "duration_minutes": 0, "daily_log": None},
        "session_counter": {"total": 0, "this_week": 0, "since_last_memory_review": 0},
        "active_threads": [],
        "pending_questions": [],
        "flags": dict.fromkeys(FLAGS, False),
        "context_hints": {"current_mood_hypothesis": None, "conversation_style": None, "last_topic_position": position},
    }


def parse_state(text: str | None) -> tuple[dict[str, Any], str | None]:
    """(state, problem): the normalised state, and why it is a fresh one (missing / unreadable) or None."""
    if text is None:
        return fresh_state(), "missing"
    try:
        raw = load_json(text)
    except json.JSONDecodeError as exc:
        return fresh_state(), f"not valid JSON ({exc.msg} at line {exc.lineno})"
    if not isinstance(raw, dict):
        return fresh_state(), "not a JSON object"
    return normalise(raw), None


def normalise(raw: dict[str, Any]) -> dict[str, Any]:
    """Every known key present with the right type; unknown keys kept."""
    state = copy.deepcopy(raw)
    defaults = fresh_state()
    for key, default in defaults.items():
        if not isinstance(state.get(key), type(default)):
            state[key] = default
        elif isinstance(default, dict):
            for sub, value in default.items():
                if sub not in state[key] or (value is not None and not isinstance(state[key][sub], type(value))):
                    state[key][sub] = value
    state["active_threads"] = [
        t for t in state["active_threads"] if isinstance(t, dict) and isinstance(t.get("id"), str)
    ]
    state["pending_questions"] = [q for q in state["pending_questions"] if isinstance(q, str)]
    for name in ("current_session", "memory_curation"):
        if name in state and not isinstance(state[name], dict):
            state[name] = {}
    return state


def render_state(state: dict[str, Any]) -> str:
    return json.dumps(state, indent=2, ensure_ascii=False) + "\n"


def last_session_at(state: dict[str, Any]) -> datetime | None:
    """When the last session ended, or None when unknown or unreadable."""
    stamp = state["last_session"].get("timestamp")
    if not isinstance(stamp, str):
        return None
    try:
        return to_datetime("timestamp", stamp)
    except ValueError:
        return None


def iso_z(moment: datetime) -> str:
    """UTC with a Z suffix, to the second: the form state.json documents."""
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")
