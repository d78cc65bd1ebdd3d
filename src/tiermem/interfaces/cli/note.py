"""`tiermem note ...`: capture what happens during a session (kept until `tiermem session end`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from . import render
from .options import NowOpt, UsageError, agent_id, wants_json, with_globals
from .workspace import agent_workspace, moment

app = typer.Typer()
group = typer.Typer(name="note", help="Capture decisions, questions, patterns, tone, threads and events.")
app.add_typer(group)

TextArg = Annotated[str, typer.Argument(metavar="TEXT", show_default=False)]


def _note(kind: str, text: str, write: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    result = write(*args, **kwargs)
    if wants_json():
        render.emit_json({"noted": kind, "text": text, **({"event": result} if isinstance(result, dict) else {})})
    else:
        render.console().print(f"noted {kind}: {render.snippet(text, 200)}")


def _writer() -> Any:
    from ...workspace.writer import MemoryWriter

    return MemoryWriter(agent_workspace(), agent_id())


@group.command()
@with_globals
def decision(
    text: TextArg,
    reasoning: Annotated[
        str | None,
        typer.Argument(metavar="[REASONING]", help="The reasoning (as note_decision(text, reasoning) takes it)."),
    ] = None,
    why: Annotated[str, typer.Option("--why", metavar="TEXT", help="The reasoning.")] = "",
    now: NowOpt = None,
) -> None:
    """A decision and its reasoning (goes to the daily log's Decisions table)."""
    if reasoning is not None and why:
        raise UsageError("give the reasoning once: as the second argument or with --why")
    _note("decision", text, _writer().note_decision, text, reasoning or why, now=moment(now))


@group.command()
@with_globals
def question(text: TextArg, now: NowOpt = None) -> None:
    """An open question (kept in state.json's pending questions until closed)."""
    _note("question", text, _writer().note_open_question, text, now=moment(now))


@group.command()
@with_globals
def pattern(text: TextArg, now: NowOpt = None) -> None:
    """A pattern noticed in how the user works or what keeps coming up."""
    _note("pattern", text, _writer().note_pattern, text, now=moment(now))


@group.command()
@with_globals
def tone(text: TextArg, now: NowOpt = None) -> None:
    """An emotional or tonal observation."""
    _note("tone", text, _writer().note_emotional_tone, text, now=moment(now))


@group.command()
@with_globals
def thread(
    thread_id: Annotated[str, typer.Argument(metavar="THREAD_ID", help="e.g. thread-api-design.")],
    now: NowOpt = None,
) -> None:
    """A thread this session touched (its Last touched date and session count advance at session end)."""
    _note("thread", thread_id, _writer().note_thread_touched, thread_id, now=moment(now))


@group.command()
@with_globals
def referenced(text: TextArg, now: NowOpt = None) -> None:
    """A MEMORY.md entry that mattered this session (it stays Active, or comes back from Fading)."""
    _note("referenced", text, _writer().note_referenced, text, now=moment(now))


@group.command()
@with_globals
def event(
    text: TextArg,
    type_: Annotated[str, typer.Option("--type", metavar="TYPE", help="purchase, issue, attendance, ...")] = (
        "generic-event"
    ),
    action: Annotated[str, typer.Option("--action", metavar="ACTION", help="purchase, fix, met, ...")] = "generic",
    object_hint: Annotated[str, typer.Option("--object", metavar="WHAT", help="e.g. white adidas sneakers.")] = "",
    date: Annotated[str | None, typer.Option("--date", metavar="YYYY-MM-DD", help="When, if known.")] = None,
    when: Annotated[str | None, typer.Option("--when", metavar="PHRASE", help="e.g. 'last weekend'.")] = None,
    now: NowOpt = None,
) -> None:
    """A dated event, resolved against the session day ("last Saturday", "3/15") and logged to events.json."""
    _note(
        "event",
        text,
        _writer().note_event,
        type_,
        text,
        action=action,
        object_hint=object_hint,
        normalized_date=date,
        relative_time=when,
        now=moment(now),
    )
