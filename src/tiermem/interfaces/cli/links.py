"""Typed edges between memories: link, links."""

from __future__ import annotations

from typing import Annotated

import typer

from . import render
from .options import agent_id, open_memory, wants_json, with_globals

app = typer.Typer()


@app.command()
@with_globals
def link(
    source_id: Annotated[str, typer.Argument(metavar="A", help="The memory the relation starts from.")],
    target_id: Annotated[str, typer.Argument(metavar="B", help="The memory it points to.")],
    relation: Annotated[
        str,
        typer.Argument(
            metavar="RELATION",
            help="caused_by, related_to, contradicts, elaborates, supersedes, temporal_before or temporal_after.",
        ),
    ],
) -> None:
    """Record that A <relation> B, e.g. `tiermem link FIX BUG caused_by`."""
    with open_memory("write") as memory:
        made = memory.link(source_id, target_id, relation, agent_id=agent_id())
    if wants_json():
        render.emit_json(
            {
                "source_id": made.source_id,
                "target_id": made.target_id,
                "relation": made.relation,
                "created_at": made.created_at.isoformat(),
            }
        )
        return
    render.console().print(f"linked {made.source_id} {made.relation} {made.target_id}")


@app.command()
@with_globals
def links(memory_id: Annotated[str, typer.Argument(metavar="ID", help="A memory id.")]) -> None:
    """Show a memory's links, outgoing (→) and incoming (←, as the inverse relation)."""
    with open_memory() as memory:
        record = memory.get(memory_id, agent_id=agent_id())
        found = memory.links(record.id, agent_id=agent_id())
        texts = {str(e["other_id"]): memory.get(str(e["other_id"]), agent_id=agent_id()).text for e in found}
    if wants_json():
        render.emit_json({"id": record.id, "links": found})
        return
    out = render.console()
    if not found:
        out.print(f"{record.id} has no links; add one with `tiermem link {record.id} OTHER_ID related_to`")
        return
    render.print_links(out, found, texts)
