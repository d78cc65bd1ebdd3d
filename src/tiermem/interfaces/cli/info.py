"""Where the store is and what is in it: init, stats."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from . import render
from .options import STORE_DIR, agent_id, current, open_memory, store_exists, wants_json, with_globals

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
            grid.add_row("by tier", render.tier_bars(found["by_tier"]))
        else:
            grid.add_row(key.replace("_", " "), _counts(value) if isinstance(value, Mapping) else str(value))
    render.console().print(grid)


@app.command()
@with_globals
def init() -> None:
    """Create an empty store here (./.tiermem), in --workspace or at --home; found from subdirectories too.

    Reads never create a store; the first write does, saying where on stderr."""
    from ...engine import Memory  # lazy: `tiermem --help` must not pay for numpy and the embedder

    chosen = current()
    workspace = (chosen.workspace or Path.cwd()).expanduser()
    path = chosen.home.expanduser() if chosen.home is not None else workspace / STORE_DIR
    existed = store_exists(path)
    if not existed:
        with Memory.open(path, config={"llm": {"provider": "none", "background": False}}):
            pass
    if wants_json():
        render.emit_json({"store": str(path.absolute()), "created": not existed})
    else:
        done = "a store already exists in {} (left as it is)" if existed else "created an empty store in {}"
        render.console().print(done.format(path.absolute()))
