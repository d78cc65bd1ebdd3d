"""`tiermem session ...`: end a session (write everything), record a memory review, show what is pending."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from ...model import load_json
from . import render
from .options import NowOpt, UsageError, agent_id, wants_json, with_globals
from .workspace import agent_workspace, moment, summary

app = typer.Typer()
group = typer.Typer(name="session", help="End a session, record a memory review, see the notes pending.")
app.add_typer(group)


def _threads(raw: str | None) -> dict[str, Any]:
    if raw is None:
        return {}
    try:
        value = load_json(raw)
    except json.JSONDecodeError as exc:
        raise UsageError(f"--threads is not valid JSON ({exc.msg}); give an object of thread id -> update") from None
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise UsageError('--threads must be a JSON object like {"thread-x": {"current_position": "..."}}')
    return value


@group.command()
@with_globals
def end(
    summary_: Annotated[str, typer.Option("--summary", metavar="TEXT", help="What happened, in 2-5 sentences.")],
    resumption: Annotated[
        str, typer.Option("--resumption", metavar="TEXT", help="A first-person handoff to your next session.")
    ],
    what: Annotated[str | None, typer.Option("--what-happened", metavar="TEXT", help="The detailed account.")] = None,
    mood: Annotated[str, typer.Option("--mood", metavar="TEXT", help="The tone of the session.")] = "",
    threads: Annotated[
        str | None,
        typer.Option(
            "--threads",
            metavar="JSON",
            help='Updates: {"thread-x": {"current_position": "...", '
            '"new_open_questions": [...], "closed_questions": [...], "title": "for a new thread"}}',
        ),
    ] = None,
    now: NowOpt = None,
) -> None:
    """Write the session: daily log, threads, MEMORY.md curation, state.json, resumption.md, index.md."""
    from ...workspace.writer import MemoryWriter

    found = MemoryWriter(agent_workspace(), agent_id()).end_session(
        summary_, resumption, _threads(threads), mood, what, now=moment(now)
    )
    if wants_json():
        render.emit_json(found)
    else:
        render.console().print(summary(found))


@group.command()
@with_globals
def review(
    note: Annotated[str, typer.Option("--note", metavar="TEXT", help="For the Maintenance Log.")] = (
        "Memory review completed"
    ),
    now: NowOpt = None,
) -> None:
    """Record that MEMORY.md was curated: clears the review flag and restarts its 5-session count."""
    from ...workspace.writer import MemoryWriter

    MemoryWriter(agent_workspace(), agent_id()).complete_review(note, now=moment(now))
    if wants_json():
        render.emit_json({"reviewed": True, "note": note})
    else:
        render.console().print("memory review recorded")


@group.command()
@with_globals
def status() -> None:
    """The notes captured since the last session end."""
    from ...workspace.writer import MemoryWriter

    pending = MemoryWriter(agent_workspace(), agent_id()).pending()
    if wants_json():
        render.emit_json({"pending": pending})
        return
    out = render.console()
    if not pending:
        out.print("no notes since the last session end")
    for key, value in pending.items():
        out.print(f"{key}: {render.compact(value, 200)}")
