"""`tiermem context "message"`: the agent's memory for a message, in one block within a token budget."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from . import render
from .options import agent_id, open_memory, wants_json, with_globals
from .workspace import workspace_base

app = typer.Typer()


@app.command()
@with_globals
def context(
    message: Annotated[str, typer.Argument(metavar="MESSAGE", help="The user's message ('' at a session start).")],
    budget: Annotated[int, typer.Option("--budget", metavar="TOKENS", min=100, max=200_000, help="Token cap.")] = 2000,
    now: Annotated[str | None, typer.Option("--now", metavar="WHEN", help="As if it were then (ISO-8601).")] = None,
    no_index: Annotated[bool, typer.Option("--no-index", help="Do not re-index changed workspace files.")] = False,
) -> None:
    """Workspace phases (orientation, resumption, threads, MEMORY.md, events) and recalled memories, each
    labelled with its source; `--json` adds what was loaded and why."""
    # A workspace of files alone (seed 003's, scaffolded, no store yet) still has a context: the files are
    # read into a throwaway store for this call ("scratch"), and nothing is left behind.
    with open_memory("scratch") as memory:
        found = memory.context(
            message, agent_id=agent_id(), budget_tokens=budget, now=now, workspace=workspace_base(), index=not no_index
        )
    if wants_json():
        render.emit_json({"text": found.text, "total_tokens": found.total_tokens, "metadata": found.metadata})
    else:
        render.console().print(Text(render.safe(found.text)))
