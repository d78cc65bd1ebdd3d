"""Backup: `tiermem export` and `tiermem import` (JSON Lines; see tiermem.backup for the format and rules)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from . import render
from .options import current, open_memory, wants_json, with_globals

app = typer.Typer()


@app.command("export")
@with_globals
def export(
    output: Annotated[
        str, typer.Option("--output", "-o", metavar="FILE", help="Where to write the JSON Lines; - is stdout.")
    ] = "-",
    embeddings: Annotated[
        bool, typer.Option("--embeddings", help="Include the vectors (an import then need not embed again).")
    ] = False,
) -> None:
    """Write every memory (all agents, or --agent-id's) with its links and history as JSON Lines."""
    with open_memory() as memory:
        if output == "-":
            memory.export(sys.stdout, agent_id=current().agent_id, embeddings=embeddings)
            return
        with render.working(f"exporting to {output}"):
            counts = memory.export(Path(output), agent_id=current().agent_id, embeddings=embeddings)
    if wants_json():
        render.emit_json({"output": output, **counts})
        return
    render.console().print(
        f"exported {counts['memory']} memories, {counts['link']} links and {counts['history']} history "
        f"entries to {render.safe(output)}"
    )


@app.command("import")
@with_globals
def import_(
    source: Annotated[str, typer.Argument(metavar="FILE", help="A `tiermem export` file; - reads stdin.")],
    on_conflict: Annotated[
        str,
        typer.Option(
            "--on-conflict", metavar="POLICY", help="A memory id already there with other text: error or skip."
        ),
    ] = "error",
    keep_secrets: Annotated[
        bool, typer.Option("--keep-secrets", help="Do not redact secrets (API keys, passwords...) in the file.")
    ] = False,
) -> None:
    """Read an export back, all or nothing (with --agent-id: that agent's memories only). Idempotent."""
    with open_memory("write") as memory, render.working(f"importing {source}"):
        report = memory.import_from(
            sys.stdin.buffer if source == "-" else Path(source),
            agent_id=current().agent_id,
            on_conflict=on_conflict,
            redact_secrets=False if keep_secrets else None,
        )
    if wants_json():
        render.emit_json(report.to_dict())
        return
    render.console().print(
        f"imported {report.memories_added} memories ({report.memories_present} already there, "
        f"{report.conflicts_skipped} conflicts skipped), {report.links_added} links, {report.history_added} "
        f"history entries, {report.docs_added} lifecycle documents; {report.embedded} embedded, "
        f"{report.redacted} redacted"
    )
