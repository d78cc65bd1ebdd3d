"""Claude Code hook input: event names and the stdin JSON, read leniently through one typed view.

Stdlib only (the hook client imports it). A payload that is not a JSON object raises :class:`PayloadError`;
a field of the wrong type reads as absent, so an unexpected shape from a newer Claude Code degrades to
"nothing to learn" instead of failing the hook.
"""

from __future__ import annotations

import json
import re

from ..errors import ValidationError

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: the hook client must not pay for importing typing
if TYPE_CHECKING:
    from typing import Any

EVENTS = (
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "Stop",
    "SessionEnd",
    "PreCompact",
)
_BY_KEY = {e.lower(): e for e in EVENTS}
MAX_FIELD_CHARS = 200_000  # a prompt or a tool output longer than this is cut before any rule reads it
_SESSION_SAFE = re.compile(r"[^A-Za-z0-9_.-]")


class PayloadError(ValidationError):
    """The hook's stdin is not the JSON object Claude Code sends."""


def canonical_event(name: str) -> str:
    """``UserPromptSubmit``, ``user-prompt-submit`` and ``user_prompt_submit`` all name one event."""
    key = name.replace("-", "").replace("_", "").lower()
    if key not in _BY_KEY:
        raise PayloadError(f"unknown hook event {name!r}; use one of {', '.join(EVENTS)}")
    return _BY_KEY[key]


class HookInput:
    """The fields tiermem reads from one hook call, taken from the payload on access; a field that is absent
    or of the wrong type is empty. (A plain class, not a dataclass: the hook client imports this module.)"""

    __slots__ = ("data", "event")

    def __init__(self, event: str, data: dict[str, Any]) -> None:
        self.event = event
        self.data = data

    def _text(self, *keys: str) -> str:
        for key in keys:
            value = _text(self.data.get(key))
            if value:
                return value
        return ""

    @property
    def session_id(self) -> str:
        return self._text("session_id") or "unknown"

    @property
    def session_key(self) -> str:
        """The session id made safe for a file name."""
        return _SESSION_SAFE.sub("_", self.session_id)[:80] or "unknown"

    @property
    def transcript_path(self) -> str:
        return self._text("transcript_path")

    @property
    def cwd(self) -> str:
        return self._text("cwd")

    @property
    def prompt(self) -> str:
        return self._text("prompt")

    @property
    def tool_name(self) -> str:
        return self._text("tool_name")

    @property
    def tool_input(self) -> dict[str, Any]:
        return _object(self.data.get("tool_input"))

    @property
    def tool_response(self) -> dict[str, Any]:
        response = self.data.get("tool_response")
        return {"stdout": _text(response)} if isinstance(response, str) else _object(response)  # text-only tools

    @property
    def error(self) -> str:
        return self._text("error", "error_message")

    @property
    def is_interrupt(self) -> bool:
        return self.data.get("is_interrupt") is True

    @property
    def source(self) -> str:
        return self._text("source")

    @property
    def reason(self) -> str:
        return self._text("reason", "trigger")

    @property
    def stop_hook_active(self) -> bool:
        return self.data.get("stop_hook_active") is True

    @property
    def command(self) -> str:
        """The Bash command of a Bash tool call."""
        return _text(self.tool_input.get("command"))


def parse_payload(raw: str | bytes, event: str) -> HookInput:
    """The hook input for ``event`` from stdin; :class:`PayloadError` when it is not a JSON object."""
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8", errors="replace")
    try:
        data = json.loads(raw) if raw.strip() else {}
    except (json.JSONDecodeError, RecursionError) as exc:
        raise PayloadError(f"hook input is not valid JSON ({type(exc).__name__})") from None
    if not isinstance(data, dict):
        raise PayloadError(f"hook input must be a JSON object, got {type(data).__name__}")
    return from_dict(data, event)


def from_dict(data: dict[str, Any], event: str) -> HookInput:
    return HookInput(canonical_event(event), data)


def _text(value: object) -> str:
    if not isinstance(value, str):
        return ""
    return value[:MAX_FIELD_CHARS].replace("\x00", "")


def _object(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def response_text(response: dict[str, Any]) -> str:
    """A Bash tool's output: ``stdout`` and ``stderr`` (older payload shapes: ``output``)."""
    parts = [_text(response.get(key)) for key in ("stdout", "stderr", "output")]
    return "\n".join(p for p in parts if p)


def legacy_exit_code(response: dict[str, Any]) -> int | None:
    """``exitCode`` / ``exit_code``: absent from real Bash payloads, honoured when a caller sends one."""
    for key in ("exitCode", "exit_code"):
        value = response.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None
