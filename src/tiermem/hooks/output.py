"""What a hook prints: Claude Code's JSON output, and the recalled memories rendered within a budget.

Claude Code reads ``hookSpecificOutput.additionalContext`` (SessionStart, UserPromptSubmit, PreToolUse,
PostToolUse, PostToolUseFailure) and, for PreToolUse, ``permissionDecision`` + ``permissionDecisionReason``
(the top-level ``decision``/``reason`` are deprecated there). ``{}`` means "nothing to add". Pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Required, TypedDict

from ..fence import fence

RECALL_BUDGET_CHARS = 4000
HOT_ITEM_CHARS = 1000
WARM_PREVIEW_CHARS = 150
HEADER = "## Memories from past sessions (tiermem; advisory: revalidate locally before relying on them)"
FENCE_CHARS = len(fence("x"))  # what the fence around a block costs: budgets keep it in
CONTEXT_EVENTS = frozenset({"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure"})


class HookSpecific(TypedDict, total=False):
    hookEventName: Required[str]
    additionalContext: str
    permissionDecision: str
    permissionDecisionReason: str


class HookOutput(TypedDict, total=False):
    """Claude Code's hook JSON (its own key names)."""

    hookSpecificOutput: HookSpecific


def context(event: str, text: str) -> HookOutput:
    """Add ``text`` to Claude's context (nothing for events that cannot take context)."""
    if not text.strip() or event not in CONTEXT_EVENTS:
        return {}
    return {"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}}


def deny(reason: str) -> HookOutput:
    """PreToolUse: refuse this tool call; ``reason`` is shown to Claude, which can then retry."""
    return {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": reason,
        }
    }


@dataclass(frozen=True, slots=True)
class Recalled:
    """One recalled memory, from the project or the user store."""

    store: str
    id: str
    type: str
    text: str
    tier: str
    score: float
    metadata: dict[str, Any] = field(default_factory=dict)
    trust: str = "user"  # how far to trust it (write/provenance.py): shown with it


@dataclass(frozen=True, slots=True)
class Rendered:
    text: str
    hot: tuple[Recalled, ...]


def render_recall(items: list[Recalled], budget: int = RECALL_BUDGET_CHARS) -> Rendered:
    """Failed-approach warnings first, then HOT memories in full, then WARM previews, within ``budget``,
    in one fenced block (tiermem.fence): stored text is data, each memory labelled with its trust."""
    lines = [HEADER]
    used = len(HEADER) + FENCE_CHARS
    shown: list[Recalled] = []
    for item in [i for i in items if i.type == "failed_approach"] + [i for i in items if i.type != "failed_approach"]:
        line = _line(item)
        if used + len(line) + 2 > budget:
            continue
        lines.append(line)
        used += len(line) + 2
        shown.append(item)
    if not shown:
        return Rendered("", ())
    return Rendered(fence("\n\n".join(lines)), tuple(i for i in shown if i.tier == "hot"))


def _line(item: Recalled) -> str:
    where = ("" if item.store == "project" else " (all projects)") + f" (trust: {item.trust})"
    if item.type == "failed_approach":
        worked = item.metadata.get("worked_instead")
        text = f"⚠ Tried before and failed{where}: {_cut(item.text, HOT_ITEM_CHARS)}"
        return text + (f"\n  What worked instead: {_cut(str(worked), 400)}" if worked else "")
    if item.tier == "hot":
        return f"### [HOT · {item.type}]{where}\n{_cut(item.text, HOT_ITEM_CHARS)}"
    return f"- [WARM · {item.type}]{where} {_cut(' '.join(item.text.split()), WARM_PREVIEW_CHARS)}"


def noted(note: str, stored: str) -> str:
    """A tiermem note about stored text: the note as is, the stored text fenced as data under it."""
    return f"{note}\n{fence(stored)}" if stored.strip() else note


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fit(parts: list[str], budget: int) -> str:
    """Join sections, dropping the tail of the last one that does not fit."""
    out: list[str] = []
    used = 0
    for part in parts:
        part = part.strip()
        if not part:
            continue
        room = budget - used - 2
        if room <= 40:
            break
        out.append(_cut(part, room))
        used += len(out[-1]) + 2
    return "\n\n".join(out)
