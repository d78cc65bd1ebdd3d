"""The guided-session part of `tiermem demo`: a scaffolded workspace, three sessions, the context at each start.

It runs in a temporary workspace that is removed afterwards, and reads the store without indexing the
workspace into it, so the demo stays repeatable and leaves the store exactly as the conversation left it.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from . import render

if TYPE_CHECKING:
    from ...engine import Memory

BUDGET = 900


@dataclass(frozen=True, slots=True)
class Step:
    """One session: what the user opens with, the hours since the last one, and what the agent notes."""

    message: str
    gap_hours: float
    summary: str
    resumption: str
    decision: tuple[str, str] | None = None
    event: tuple[str, str, str] | None = None  # type, text, object
    threads: dict[str, dict[str, Any]] = field(default_factory=dict)


STEPS = (
    Step(
        "Let's plan the Harbor reminder emails.",
        0,
        "Planned Harbor's reminder emails with Maya.",
        "Maya wants reminders live before the spring regatta. Next: the email template; expect questions on "
        "time zones.",
        decision=("Send reminders 24 h before a booking", "members asked for a day's notice"),
        event=("purchase", "Maya bought a new laptop on 3/12.", "new laptop"),
        threads={
            "thread-harbor-reminders": {
                "title": "Harbor reminder emails",
                "current_position": "Timing decided (24 h before); template next.",
            }
        },
    ),
    Step(
        "Back to the reminder emails: the template.",
        1,
        "Drafted the reminder template.",
        "Template drafted; Maya will review the wording.",
        threads={"thread-harbor-reminders": {"current_position": "Template drafted; waiting for Maya's review."}},
    ),
    Step("When did I buy the new laptop?", 72, "Answered a laptop question.", "Nothing open besides the template."),
)


def run(memory: Memory, agent: str, start: datetime) -> list[dict[str, Any]]:
    """Scaffold, run the sessions, and return each start's context with what was loaded and why."""
    from ...workspace.scaffold import scaffold
    from ...workspace.writer import MemoryWriter

    shown = []
    with tempfile.TemporaryDirectory(prefix="tiermem-demo-") as directory:
        root = Path(directory)
        scaffold(root, start.date(), agent="Assistant", user="Maya", agent_id=agent)
        writer, now = MemoryWriter(root, agent), start
        for number, step in enumerate(STEPS, 1):
            now += timedelta(hours=step.gap_hours)
            ctx = memory.context(
                step.message, agent_id=agent, budget_tokens=BUDGET, now=now, workspace=root, index=False
            )
            shown.append(
                {
                    "session": number,
                    "message": step.message,
                    "at": now.isoformat(),
                    "text": ctx.text,
                    "total_tokens": ctx.total_tokens,
                    "decisions": ctx.metadata.get("decisions", {}),
                    "sources": [(s["source"], s["section"]) for s in ctx.metadata["sources_loaded"]],
                }
            )
            _work(writer, step, now)
            now += timedelta(minutes=30)
    return shown


def _work(writer: Any, step: Step, now: datetime) -> None:
    if step.decision:
        writer.note_decision(*step.decision, now=now)
    if step.event:
        writer.note_event(step.event[0], step.event[1], action=step.event[0], object_hint=step.event[2], now=now)
    for thread_id in step.threads:
        writer.note_thread_touched(thread_id, now=now)
    writer.end_session(step.summary, step.resumption, step.threads, now=now + timedelta(minutes=30))


def show(out: Console, sessions: list[dict[str, Any]]) -> None:
    out.print()
    out.print(Rule(Text("a guided session: the memory an agent gets at each start", style="bold cyan"), align="left"))
    out.print(
        "A fresh workspace (MEMORY.md, memory/state.json, threads, events...), three sessions, and at each "
        f"start `tiermem context` within {BUDGET} tokens:"
    )
    for item in sessions:
        decisions = item["decisions"]
        branch = decisions.get("phase_3_branch", "no phase 3")
        gap = decisions.get("time_gap_hours")
        out.print()
        out.print(Text(f"session {item['session']}: {item['message']}", style="bold"))
        out.print(
            Text(
                f"  {'first session' if gap is None else f'{gap} h since the last one'} → strategy "
                f"{decisions.get('strategy')}, phase 3: {branch}, {item['total_tokens']} tokens from "
                + ", ".join(dict.fromkeys(source for source, _ in item["sources"])),
                style="dim",
            )
        )
        for line in item["text"].split("\n"):
            out.print(Text(f"  │ {render.safe(line)}"), soft_wrap=False, no_wrap=True, overflow="ellipsis")
