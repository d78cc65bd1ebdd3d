"""`tiermem doctor [--repair]`: check the store and its workspace, repair what is safe (tiermem.doctor)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from . import render
from .options import current, ensure_store, store_path, wants_json, with_globals, workspace_root

app = typer.Typer()
_STYLE = {"ok": "green", "repaired": "cyan", "problem": "red", "skipped": "dim"}


def _workspace() -> Path | None:
    """--workspace; else the workspace the store was found in (not the current directory under --home)."""
    chosen = current()
    return chosen.workspace.expanduser() if chosen.workspace else None if chosen.home else workspace_root()


@app.command()
@with_globals
def doctor(
    repair: Annotated[
        bool, typer.Option("--repair", help="Fix what can be fixed safely (rebuild, re-embed...).")
    ] = False,
) -> None:
    """Check the store and its workspace index; --repair fixes what is safe. Exits 1 if a problem is left.

    Checks: file integrity, migrations, the embedder, the full-text index, orphaned and missing vectors, the
    workspace files' index and index.md."""
    from ...engine import Memory  # lazy, as open_memory: `tiermem --help` must not pay for numpy

    path = store_path()
    ensure_store(path, create=False)  # a doctor examines a store; it does not start one
    # Unchecked: a store embedded with another model is exactly what doctor must be able to open and repair.
    with Memory.open(path, config={"llm": {"provider": "none", "background": False}}, check_embedder=False) as memory:
        report = memory.doctor(repair=repair, workspace=_workspace())
    if wants_json():
        render.emit_json(report.to_dict())
    else:
        table = Table(box=None, pad_edge=False)
        for column in ("check", "status", "found", "detail", "fix"):
            table.add_column(column)
        for check in report.checks:
            status = Text(check.status, style=_STYLE[check.status])
            table.add_row(check.name, status, str(check.found), render.safe(check.detail), render.safe(check.fix))
        render.console().print(table)
    if not report.ok:
        raise typer.Exit(1)
