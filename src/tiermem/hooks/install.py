"""Installing the hooks into Claude Code's ``settings.json``: merge, keep everything else, idempotent.

Claude Code's format: ``{"hooks": {"Event": [{"matcher": "regex", "hooks": [{"type": "command",
"command": "...", "timeout": seconds}]}]}}``. The matcher is a regex *string* on the tool name and the
timeout is in *seconds* (the seed's installer wrote an object and milliseconds). tiermem's own entries are
recognised by their command (``... tiermem hook EVENT``), so reinstalling replaces them and uninstalling
removes only them.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shlex
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypedDict

from ..errors import ConfigError
from ..workspace.files import write_atomic

TOOLS = "Bash|Edit|Write|MultiEdit|NotebookEdit"
# event -> (matcher or None, timeout in seconds)
HOOKS: dict[str, tuple[str | None, int]] = {
    "SessionStart": (None, 10),
    "UserPromptSubmit": (None, 15),
    "PreToolUse": (TOOLS, 10),
    "PostToolUse": (TOOLS, 10),
    "PostToolUseFailure": ("Bash", 10),
    "Stop": (None, 10),
    "SessionEnd": (None, 10),
    "PreCompact": (None, 10),
}
_OURS = re.compile(r"tiermem\S*\s+hook\s+[A-Za-z-]+")


def default_command() -> str:
    """How Claude Code should start tiermem: the console script beside this Python, else ``python -m``."""
    script = Path(sys.executable).with_name("tiermem")
    if script.exists():
        return shlex.quote(str(script))
    found = shutil.which("tiermem")
    return shlex.quote(found) if found else f"{shlex.quote(sys.executable)} -m tiermem"


def is_ours(entry: object) -> bool:
    return isinstance(entry, dict) and isinstance(entry.get("command"), str) and bool(_OURS.search(entry["command"]))


def merged(settings: dict[str, Any], command: str, *, gate: bool = False) -> dict[str, Any]:
    """``settings`` with tiermem's hooks (re)installed; everything else kept as it was."""
    result = removed(settings)
    hooks = result.setdefault("hooks", {})
    for event, (matcher, timeout) in HOOKS.items():
        line = f"{command} hook {event}" + (" --gate" if gate and event == "PreToolUse" else "")
        group: dict[str, Any] = {} if matcher is None else {"matcher": matcher}
        group["hooks"] = [{"type": "command", "command": line, "timeout": timeout}]
        hooks.setdefault(event, []).append(group)
    return result


def removed(settings: dict[str, Any]) -> dict[str, Any]:
    """``settings`` without tiermem's hooks; groups and events left empty are dropped."""
    result = copy.deepcopy(settings)
    hooks = result.get("hooks")
    if not isinstance(hooks, dict):
        return result
    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        kept = []
        for group in groups:
            if isinstance(group, dict) and isinstance(group.get("hooks"), list):
                group["hooks"] = [h for h in group["hooks"] if not is_ours(h)]
                if not group["hooks"]:
                    continue
            kept.append(group)
        if kept:
            hooks[event] = kept
        else:
            del hooks[event]
    if not hooks:
        del result["hooks"]
    return result


def installed(settings: dict[str, Any]) -> dict[str, str]:
    """event -> tiermem's command, for the events where it is installed."""
    found: dict[str, str] = {}
    hooks = settings.get("hooks")
    for event, groups in hooks.items() if isinstance(hooks, dict) else []:
        for group in groups if isinstance(groups, list) else []:
            for entry in group.get("hooks", []) if isinstance(group, dict) else []:
                if is_ours(entry):
                    found[event] = entry["command"]
    return found


def read(path: Path) -> dict[str, Any]:
    """The settings file (empty when missing); a file that is not a JSON object is refused, not replaced."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from None
    try:
        data = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError as exc:
        raise ConfigError(
            f"{path} is not valid JSON ({exc.msg}, line {exc.lineno}); fix it, then install again"
        ) from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path} must hold a JSON object; fix it, then install again")
    return data


def write(path: Path, settings: dict[str, Any]) -> Path | None:
    """Write ``settings`` atomically, backing up the previous file first; the backup's path (if any)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    backup = None
    if path.exists():
        backup = path.with_name(f"{path.name}.bak-{time.strftime('%Y%m%dT%H%M%S')}")
        shutil.copy2(path, backup)
    write_atomic(path, json.dumps(settings, indent=2, ensure_ascii=False) + "\n")
    return backup


class Applied(TypedDict):
    """What an install or removal did to a settings file (``settings``: the file as it is, or would be, after)."""

    path: str
    changed: bool
    dry_run: bool
    backup: str | None
    events: list[str]
    settings: dict[str, Any]


def apply(path: Path, change: Callable[[dict[str, Any]], dict[str, Any]], *, dry_run: bool = False) -> Applied:
    """Rewrite ``path`` with ``change(settings)`` unless nothing changes or ``dry_run``; report what happened."""
    before = read(path)
    after = change(before)
    changed = after != before
    backup = write(path, after) if changed and not dry_run else None
    return {
        "path": str(path),
        "changed": changed,
        "dry_run": dry_run,
        "backup": None if backup is None else str(backup),
        "events": sorted(installed(after)),
        "settings": after,
    }


def settings_path(user: bool, project_dir: Path) -> Path:
    """``~/.claude/settings.json`` (``$CLAUDE_CONFIG_DIR`` moves it) or ``<project>/.claude/settings.json``."""
    if user:
        base = os.environ.get("CLAUDE_CONFIG_DIR")
        return (Path(base).expanduser() if base else Path.home() / ".claude") / "settings.json"
    return project_dir / ".claude" / "settings.json"
