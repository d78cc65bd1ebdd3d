"""What a session's tool calls teach (seed 002's auto-learning, built on the real payload fields).

A per-session state (a JSON-ready dict the caller persists) remembers recent edits, commands and the
errors not yet resolved. :func:`observe` folds one PostToolUse / PostToolUseFailure call into it and returns
the learnings it completes:

* an error followed, within :data:`PAIR_WINDOW_S`, by work (edits, commands) and then by the same command
  succeeding → ``error_resolution`` ("`cmd` failed with E; fixed by ...");
* a test run after edits → ``test_result`` when it passes, ``failed_approach`` when it fails.

Real Bash payloads carry no exit code: success arrives as PostToolUse (``stdout``/``stderr``/
``interrupted``), failure as PostToolUseFailure (``error``). Pure; stdlib only.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from . import rules
from .payload import HookInput, legacy_exit_code, response_text

PAIR_WINDOW_S = 300.0
EDIT_TOOLS = frozenset({"Edit", "Write", "MultiEdit", "NotebookEdit"})
MAX_ACTIVITIES, MAX_EDITS, MAX_ERRORS, MAX_FILES = 30, 10, 5, 30


@dataclass(frozen=True, slots=True)
class Learning:
    """A memory to store. ``key`` names it in the session state (its id is kept there once stored);
    ``resolves`` names an earlier learning this one answers (a failed approach that now works)."""

    type: str
    text: str
    tags: tuple[str, ...] = ()
    metadata: dict[str, Any] = field(default_factory=dict)
    key: str = ""
    resolves: str = ""


def new_state() -> dict[str, Any]:
    """``files``: every file edited in the session (for its checkpoint); ``ids``: stored learnings by key."""
    return {"activities": [], "edits": [], "errors": [], "files": [], "ids": {}}


def observe(state: dict[str, Any], hook: HookInput, now: float) -> list[Learning]:
    """Fold one tool call into ``state`` (changed in place); the learnings it completes."""
    _repair(state)
    if hook.tool_name in EDIT_TOOLS and hook.event == "PostToolUse":
        _edited(state, hook, now)
        return []
    if hook.tool_name != "Bash" or not hook.command.strip() or hook.is_interrupt:
        return []
    if hook.tool_response.get("interrupted") is True:
        return []
    output = "\n".join(p for p in (hook.error, response_text(hook.tool_response)) if p)
    if _failed(hook, output):
        return _command_failed(state, hook.command, output, now)
    return _command_passed(state, hook.command, output, now)


def _repair(state: dict[str, Any]) -> None:
    """A state file from an older version, or hand-edited, must not break the hook."""
    for key, empty in new_state().items():
        if not isinstance(state.get(key), type(empty)):
            state[key] = empty


def _failed(hook: HookInput, output: str) -> bool:
    if hook.event == "PostToolUseFailure":
        return True
    code = legacy_exit_code(hook.tool_response)
    if code is not None:
        return code != 0
    return rules.is_test_command(hook.command) and rules.tests_failed(output)


def _edited(state: dict[str, Any], hook: HookInput, now: float) -> None:
    path = str(hook.tool_input.get("file_path") or hook.tool_input.get("notebook_path") or "")
    if not path:
        return
    change = _change(hook)
    name = os.path.basename(path)
    state["edits"] = [*state["edits"], {"file": path, "change": change, "t": now}][-MAX_EDITS:]
    state["files"] = [*(f for f in state["files"] if f != name), name][-MAX_FILES:]
    _activity(state, "edit", f"edited {name}" + (f" ({change})" if change else ""), now)


def _change(hook: HookInput) -> str:
    edits = hook.tool_input.get("edits")
    source = edits[0] if hook.tool_name == "MultiEdit" and isinstance(edits, list) and edits else hook.tool_input
    if not isinstance(source, dict):
        return ""
    old, new = source.get("old_string"), source.get("new_string")
    if isinstance(old, str) and isinstance(new, str):
        return f"{_short(old)} -> {_short(new)}"
    content = hook.tool_input.get("content")
    return f"wrote {content.count(chr(10)) + 1} lines" if isinstance(content, str) else ""


def _short(text: str, limit: int = 40) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _activity(state: dict[str, Any], kind: str, desc: str, now: float) -> None:
    state["activities"] = [*state["activities"], {"kind": kind, "desc": desc, "t": now}][-MAX_ACTIVITIES:]


def _recent_edits(state: dict[str, Any], now: float, since: float | None = None) -> list[dict[str, Any]]:
    low = now - PAIR_WINDOW_S if since is None else since
    return [e for e in state["edits"] if isinstance(e, dict) and _t(e) > low]


def _t(item: dict[str, Any]) -> float:
    value = item.get("t")
    return float(value) if isinstance(value, int | float) else 0.0


def _files(edits: list[dict[str, Any]]) -> list[str]:
    return list(dict.fromkeys(os.path.basename(str(e.get("file", ""))) for e in edits))


def _command_failed(state: dict[str, Any], command: str, output: str, now: float) -> list[Learning]:
    error = rules.error_line(output) or "no output"
    test = rules.is_test_command(command)
    errors = [e for e in state["errors"] if not rules.same_command(str(e.get("command", "")), command)]
    state["errors"] = [*errors, {"command": command, "error": error, "t": now, "test": test}][-MAX_ERRORS:]
    _activity(state, "fail", f"`{_short(command, 80)}` failed: {error}", now)
    edits = _recent_edits(state, now)
    if not test or not edits:
        return []
    files = _files(edits)
    changes = "; ".join(str(e.get("change")) for e in edits if e.get("change"))
    text = f"Tests FAILED after editing {', '.join(files)}: `{_short(command, 120)}` gave {error}"
    text += f". Changes tried: {changes}" if changes else ""
    return [
        Learning(
            "failed_approach",
            text,
            ("test_fail", "auto_extracted", *rules.keywords(error, 4)),
            {"command": command, "error": error, "files": files, "changes": changes},
            key=_test_key(command),
        )
    ]


def _command_passed(state: dict[str, Any], command: str, output: str, now: float) -> list[Learning]:
    learnings = _resolutions(state, command, now)
    if rules.is_test_command(command):
        fixed = [str(r.metadata["error"]) for r in learnings if rules.same_command(r.metadata["command"], command)]
        learnings += _tests_passed(state, command, output, now, fixed[0] if fixed else "")
    if not rules.READ_ONLY.match(command):
        _activity(state, "ok", f"ran `{_short(command, 80)}`", now)
    return learnings


def _resolutions(state: dict[str, Any], command: str, now: float) -> list[Learning]:
    """Errors this success resolves: the same command (or, for tests, any test run) failed within the
    window, and work happened in between."""
    found: list[Learning] = []
    pending: list[dict[str, Any]] = []
    test = rules.is_test_command(command)
    for error in state["errors"]:
        if not isinstance(error, dict) or now - _t(error) > PAIR_WINDOW_S:
            continue
        failed = str(error.get("command", ""))
        if not (rules.same_command(failed, command) or (test and error.get("test"))):
            pending.append(error)
            continue
        fixes = [a for a in state["activities"] if _t(a) > _t(error) and a.get("kind") in ("edit", "ok")]
        if fixes:
            found.append(_resolution(failed, str(error.get("error", "")), fixes, state, _t(error), now))
    state["errors"] = pending
    return found


def _resolution(
    command: str, error: str, fixes: list[dict[str, Any]], state: dict[str, Any], since: float, now: float
) -> Learning:
    steps = [str(a.get("desc", "")) for a in fixes][-6:]
    files = _files(_recent_edits(state, now, since))
    text = f"`{_short(command, 120)}` failed with: {error}. Fixed by: {'; '.join(steps)}"
    return Learning(
        "error_resolution",
        text,
        ("error_resolution", "auto_extracted", *rules.keywords(error, 4)),
        {"command": command, "error": error, "fix": steps, "files": files},
    )


def _tests_passed(state: dict[str, Any], command: str, output: str, now: float, fixed: str) -> list[Learning]:
    edits = _recent_edits(state, now)
    key = _test_key(command)
    failed_before = key in state["ids"]
    state["edits"] = []
    if not edits:
        return []
    files = _files(edits)
    changes = "; ".join(str(e.get("change")) for e in edits if e.get("change"))
    summary = rules.test_summary(output)
    text = f"Tests passed after editing {', '.join(files)}: `{_short(command, 120)}`"
    text += f" ({summary})" if summary else ""
    text += f". Changes: {changes}" if changes else ""
    text += f". Before the changes it failed with: {fixed}" if fixed else ""
    return [
        Learning(
            "test_result",
            text,
            ("test_pass", "auto_extracted"),
            {"command": command, "files": files, "changes": changes, "summary": summary},
            resolves=key if failed_before else "",
        )
    ]


def _test_key(command: str) -> str:
    return "failed-test:" + " ".join(command.split())[:200]
