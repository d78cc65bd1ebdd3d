"""`tiermem report`: PNG charts of one agent's memory (matplotlib, drawn off-screen).

Three charts: the tier distribution now, the tier sizes over time (rebuilt from the recorded tier changes)
and the store's growth. ``bench/plots.py`` draws the benchmark charts with the same colours.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ...lifecycle.history import TierTimeline
from ...model import TIERS
from . import render
from .lifecycle import open_lifecycle
from .options import UsageError, agent_id, wants_json, with_globals

if TYPE_CHECKING:
    from matplotlib.figure import Figure

app = typer.Typer()

#: one colour per tier, shared by these charts, the benchmark charts and the web page's stylesheet
TIER_COLOURS = {"hot": "#d9480f", "warm": "#e5a50a", "cold": "#1c7ed6", "frozen": "#5f3dc4"}


def _need_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError("matplotlib is not installed; install the plots extra: pip install 'tiermem[plots]'") from None


def figure(width: float = 6.4, height: float = 3.6) -> Figure:
    """A new off-screen figure, drawn by Agg (no display, and no global pyplot state)."""
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=120, layout="constrained")


def save(fig: Figure, path: Path) -> str:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    return str(path)


@app.command()
@with_globals
def report(
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="Where to write the PNG files.")] = Path("report"),
    points: Annotated[
        int, typer.Option("--points", metavar="N", min=2, max=1000, help="Moments on the time axis.")
    ] = 120,
) -> None:
    """Draw PNG charts: tier distribution, tier sizes over time, store growth (needs matplotlib)."""
    _need_matplotlib()  # before reading the store
    with render.working("reading the tier history"), open_lifecycle() as (memory, lifecycle):
        stats = memory.stats(agent_id=agent_id())
        history = lifecycle.tier_history(agent_id=agent_id(), points=points)
    with render.working("drawing"):
        files = [
            _distribution(stats.get("by_tier", {}), out / "tiers.png"),
            _over_time(history, out / "tiers-over-time.png"),
            _growth(history, out / "growth.png"),
        ]
    if wants_json():
        render.emit_json({"agent_id": agent_id(), "memories": stats["memories"], "files": files})
        return
    render.console().print("\n".join(["wrote", *(f"  {f}" for f in files)]))


def _distribution(by_tier: dict[str, int], path: Path) -> str:
    fig = figure(5.0, 3.0)
    ax = fig.add_subplot()
    counts = [by_tier.get(t, 0) for t in TIERS]
    bars = ax.barh(TIERS, counts, color=[TIER_COLOURS[t] for t in TIERS])
    ax.bar_label(bars, padding=3)
    ax.invert_yaxis()
    ax.set(xlabel="current memories", title=f"Tier distribution ({sum(counts)} memories)")
    ax.margins(x=0.15)
    return save(fig, path)


def _times(history: TierTimeline) -> list[Any]:
    from datetime import datetime

    return [datetime.fromisoformat(at) for at in history["at"]]


def _over_time(history: TierTimeline, path: Path) -> str:
    fig = figure()
    ax = fig.add_subplot()
    if history["at"]:
        ax.stackplot(
            _times(history),
            *(history["tiers"][t] for t in TIERS),
            labels=TIERS,
            colors=[TIER_COLOURS[t] for t in TIERS],
        )
        ax.legend(loc="upper left", fontsize=8)
    ax.set(ylabel="memories", title="Tier sizes over time")
    ax.grid(alpha=0.3)
    fig.autofmt_xdate()
    return save(fig, path)


def _growth(history: TierTimeline, path: Path) -> str:
    fig = figure()
    ax = fig.add_subplot()
    if history["at"]:
        ax.plot(_times(history), history["memories"], color="#1d2330")
        ax.fill_between(_times(history), history["memories"], alpha=0.15, color="#1d2330")
    ax.set(ylabel="current memories", title="Store growth")
    ax.grid(alpha=0.3)
    fig.autofmt_xdate()
    return save(fig, path)
