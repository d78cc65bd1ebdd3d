"""What is in the store: stats."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import typer
from rich.table import Table

from . import render
from .options import agent_id, open_memory, wants_json, with_globals

app = typer.Typer()


def _counts(values: Mapping[str, Any]) -> str:
    return ", ".join(f"{key} {value}" for key, value in sorted(values.items())) or "—"


@app.command()
@with_globals
def stats() -> None:
    """Counts by status, type and tier, links, the embedder and where the store lives."""
    with open_memory() as memory:
        found = memory.stats(agent_id=agent_id())
    if wants_json():
        render.emit_json(found)
        return
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim")
    grid.add_column()
    for key, value in found.items():
        if key == "by_tier":
            grid.add_row("by tier", render.tier_bars(value))
        else:
            grid.add_row(key.replace("_", " "), _counts(value) if isinstance(value, Mapping) else str(value))
    render.console().print(grid)
