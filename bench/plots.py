"""Charts of the benchmark results, for the README: reads bench/results/*.json, runs nothing heavy.

Run: ``.venv/bin/python bench/plots.py [--results bench/results] [--out docs/img]``

* ``bench-recall.png``: recall@k on LoCoMo, tiermem against its baselines (``retrieval.py``'s own chart);
* ``bench-latency.png``: ``Memory.search`` latency (p50, p99) against the store size, SQLite and PostgreSQL
  (``store.json`` for 10k and 100k memories, ``server*.json`` for 1M);
* ``bench-lifetime.png``: five simulated years (``lifetime.json``): the store keeps growing while the hot
  state, the warm store, the tree and the session-start context stay inside their caps.

A missing results file skips its chart, with a line saying so. ``--report-sample`` also fills a store with
120 simulated days (about 14 facts a day, searched and consolidated daily; ~10 s) and draws it with
``tiermem report`` into ``report-*.png``: the README's example of that command.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from retrieval import plot as plot_recall  # bench/ is on sys.path when run as a script
from tiermem import Memory
from tiermem.interfaces.cli.report import TIER_COLOURS

ROOT = Path(__file__).resolve().parent
BACKEND_COLOURS = {"sqlite": "#1c7ed6", "postgres": "#5f3dc4"}


def _load(path: Path) -> dict[str, Any] | None:
    if not path.is_file():
        print(f"skipped: no {path}")
        return None
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded


def search_latency(results: Path) -> dict[str, list[tuple[int, float, float]]]:
    """backend -> [(memories, p50 ms, p99 ms)], smallest store first (a later rerun of a backend wins)."""
    points: dict[str, dict[int, tuple[float, float]]] = {"sqlite": {}, "postgres": {}}
    store = _load(results / "store.json") or {}
    for row in store.get("results", []):
        points["sqlite"][row["size"]] = (row["search"]["p50_ms"], row["search"]["p99_ms"])
    for name in ("server.json", "server_sqlite_1m.json", "server_postgres_scale.json"):  # later reruns win
        for row in (_load(results / name) or {}).get("scale", []):
            points[row["backend"]][row["memories"]] = (row["search"]["p50_ms"], row["search"]["p99_ms"])
    return {b: [(n, *v) for n, v in sorted(found.items())] for b, found in points.items() if found}


def plot_latency(results: Path, path: Path) -> bool:
    series = search_latency(results)
    if not series:
        return False
    fig, ax = plt.subplots(figsize=(6, 4), dpi=120)
    for backend, rows in series.items():
        sizes = [r[0] for r in rows]
        colour = BACKEND_COLOURS[backend]
        ax.plot(sizes, [r[1] for r in rows], marker="o", color=colour, label=f"{backend} p50")
        ax.plot(sizes, [r[2] for r in rows], marker="s", linestyle="--", color=colour, label=f"{backend} p99")
    ax.set(xscale="log", yscale="log", xlabel="memories in the store", ylabel="Memory.search, ms (limit 10)")
    ax.set_title("Search latency against store size (2 shared cores)")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def plot_lifetime(results: Path, path: Path) -> bool:
    found = _load(results / "lifetime.json")
    if not found:
        return False
    years = [y["year"] for y in found["years"]]
    fig, (grow, caps) = plt.subplots(1, 2, figsize=(9, 3.8), dpi=120)
    grow.bar(years, [y["memories"] for y in found["years"]], color=TIER_COLOURS["cold"])
    grow.set(xlabel="simulated year", ylabel="memories stored", title="The store grows")
    sizes = {
        "warm store (cap 50 KB)": ("warm_bytes_max", TIER_COLOURS["warm"]),
        "session context": ("context_bytes_max", "#1d2330"),
        "hot state (cap 5 KB)": ("hot_state_bytes_max", TIER_COLOURS["hot"]),
        "tree index (cap 2 KB)": ("tree_bytes_max", TIER_COLOURS["frozen"]),
    }
    for label, (key, colour) in sizes.items():
        caps.plot(years, [y[key] / 1024 for y in found["years"]], marker="o", color=colour, label=label)
    caps.set(xlabel="simulated year", ylabel="largest size seen, KB", title="What is loaded stays flat")
    caps.set_ylim(bottom=0)
    caps.legend(fontsize=7, loc="center right")
    for ax in (grow, caps):
        ax.set_xticks(years)
        ax.grid(alpha=0.3)
    args = found.get("args", {})
    fig.suptitle(f"{len(years)} simulated years, {args.get('facts_per_day', '?')} facts a day", fontsize=10)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


SAMPLE_TOPICS = (
    "backups",
    "the deploy",
    "the billing export",
    "the search ranking",
    "the CI runners",
    "the API limits",
    "the mobile build",
    "the design review",
    "the on-call rota",
    "the TLS certificates",
)
SAMPLE_CATEGORIES = ("projects/harbor", "projects/search", "technical/ops", "technical/api", "people",
                     "owner/preferences", "owner/routine")  # fmt: skip


def report_sample(out: Path, days: int = 120, seed: int = 7) -> list[str]:
    """Fill a store with ``days`` simulated days ending now, then draw it with `tiermem report`."""
    rng = random.Random(seed)
    start = (datetime.now(UTC) - timedelta(days=days)).replace(hour=0, minute=0, second=0, microsecond=0)
    with tempfile.TemporaryDirectory() as tmp:
        with Memory.open(Path(tmp) / "store") as memory:
            lifecycle = memory.lifecycle(tmp)
            for day in range(days):
                at = start + timedelta(days=day, hours=10)
                memory.store_many([_sample_fact(rng, day, i, at) for i in range(rng.randint(8, 20))], dedup=False)
                for topic in rng.sample(SAMPLE_TOPICS, 2):
                    memory.search(f"what happened with {topic}", limit=3, now=at + timedelta(hours=2))
                lifecycle.consolidate("daily", now=start + timedelta(days=day + 1))
        drawn = subprocess.run(
            [sys.executable, "-m", "tiermem", "--json", "--home", f"{tmp}/store", "report", "--out", tmp],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        names = []
        for made in map(Path, json.loads(drawn.stdout)["files"]):
            names.append(f"report-{made.name}")
            made.replace(out / names[-1])
    return names


def _sample_fact(rng: random.Random, day: int, number: int, at: datetime) -> dict[str, Any]:
    outcome = rng.choice(("done", "still open", "needs a follow-up", "rolled back", "shipped"))
    return {
        "text": f"Day {day}: looked at {rng.choice(SAMPLE_TOPICS)} ({number}); {outcome}",
        "importance": round(rng.betavariate(2, 4), 2),
        "category": rng.choice(SAMPLE_CATEGORIES),
        "created_at": (at + timedelta(minutes=number)).isoformat(),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", type=Path, default=ROOT / "results")
    parser.add_argument("--out", type=Path, default=ROOT.parent / "docs" / "img")
    parser.add_argument("--report-sample", action="store_true", help="also draw a simulated store (~10 s)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    written = []
    retrieval = _load(args.results / "retrieval.json")
    if retrieval and "locomo" in retrieval:
        plot_recall(retrieval, args.out / "bench-recall.png")
        written.append("bench-recall.png")
    if plot_latency(args.results, args.out / "bench-latency.png"):
        written.append("bench-latency.png")
    if plot_lifetime(args.results, args.out / "bench-lifetime.png"):
        written.append("bench-lifetime.png")
    if args.report_sample:
        written += report_sample(args.out)
    print("wrote " + ", ".join(str(args.out / name) for name in written))


if __name__ == "__main__":
    main()
