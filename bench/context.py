"""Context benchmark: ``Memory.context`` latency, size and recall of planted facts as an agent ages.

Run: ``.venv/bin/python bench/context.py [--horizons 1,365,1825] [--facts 30] [--budget 2000]``

For each horizon (days of history) it builds a fresh workspace in a temporary folder: ``--sessions-per-day``
sessions a day (10: an assistant in steady use) in the writer's own daily-log format (summary, what happened,
decisions), a curated MEMORY.md (the same at every horizon: curation keeps it small),
four threads, a few dated events a week, state.json and resumption.md as the last session left them.
``--facts`` distinctive facts are planted at random days across the history, each in one session's "What
Happened", among routine work that shares their vocabulary. The workspace is then indexed into a fresh
store (timed, reported on its own), and for every planted fact the agent opens a session five hours after
the last one with a paraphrased question about it: ``Memory.context(question, budget_tokens=--budget)``.

Reported: median and p95 latency (nearest rank, after three warm-up calls: recall builds its in-memory
lexical index at a process's third query, a one-time cost of a long-running agent), mean and max context
size in tokens, the size of everything the agent remembers (the text of its current memories, in tokens),
and the share of planted facts whose text reaches the context. Size should stay flat however long the history
(within +-10%), latency should stay under 50 ms at the median. A history smaller than the budget cannot fill
it (at 1 day the context already holds every memory the agent has), so the spread is given twice: across all
horizons, and across those whose memory outgrew the budget. The last four columns time the parts of a
context on their own (medians): the recall search and the lifecycle's hot state + tree index (other
features), the index check and the workspace phases (this one). Results go to a table on stdout and to
``bench/results/context.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tiermem import Memory
from tiermem.workspace.budget import count_tokens
from tiermem.workspace.events import make_event, render_events
from tiermem.workspace.scaffold import scaffold
from tiermem.workspace.state import fresh_state, iso_z, render_state
from tiermem.workspace.writer import MemoryWriter, render_log_entry

RESULTS = Path(__file__).resolve().parent / "results"
START = datetime(2021, 1, 4, 9, 0, tzinfo=UTC)
PROJECTS = ["billing export", "mobile app", "search service", "data pipeline", "admin dashboard", "auth gateway"]
CODENAMES = [
    "Aurora",
    "Basalt",
    "Cobalt",
    "Dunlin",
    "Ember",
    "Fjord",
    "Garnet",
    "Harrier",
    "Indigo",
    "Juniper",
    "Kestrel",
    "Lumen",
    "Marlin",
    "Nimbus",
    "Onyx",
    "Peregrine",
    "Quartz",
    "Rowan",
    "Sable",
    "Tamarack",
    "Umber",
    "Vireo",
    "Willow",
    "Xenon",
    "Yarrow",
    "Zephyr",
    "Alder",
    "Bramble",
    "Cinder",
    "Drift",
    "Egret",
    "Fennel",
    "Gossamer",
    "Heron",
    "Ibis",
    "Jasper",
    "Kelp",
    "Larch",
    "Moss",
    "Nettle",
]
# (fact, paraphrased question): each fact names a codename nothing else in the history mentions.
TEMPLATES = [
    ("The {c} staging database listens on port {n}.", "Which port does the {c} staging database use?"),
    ("Maria asked us to freeze deploys of {c} every Friday after {n}:00.", "When are {c} deploys frozen?"),
    ("The {c} invoices are exported as CSV to the bucket acme-{n}.", "Where do the {c} invoices get exported?"),
    (
        "We decided {c} keeps its feature flags in LaunchDarkly, project key fx-{n}.",
        "Where are the feature flags for {c} kept?",
    ),
    ("The {c} on-call rotation is owned by Priya's team since sprint {n}.", "Who owns the {c} on-call rotation?"),
    ("{c} nightly backups are encrypted with key version {n}.", "Which key encrypts the {c} backups?"),
]
# A curated MEMORY.md as an assistant has after its setup: the same at every horizon (curation keeps it small).
CURATED = [
    f"The {p} is written in {lang} and deployed with {tool}"
    for p, lang, tool in zip(
        PROJECTS,
        ["Go", "Kotlin", "Rust", "Python", "TypeScript", "Elixir"],
        ["Nomad", "Fastlane", "Kubernetes", "Airflow", "Vercel", "Fly.io"],
        strict=True,
    )
] + [
    "Ada prefers short answers with a code example first",
    "Ada reviews pull requests in the morning",
    "Maria is the product manager and decides the release dates",
    "Priya leads the infrastructure team",
    "Releases go out on Tuesdays and Thursdays, never on Fridays",
    "Every change needs one approving review",
    "Incidents are written up in the runbook within two days",
    "The staging environment resets every Sunday night",
    "Secrets live in the 1Password team vault, never in the repositories",
    "CI runs on GitHub Actions with 4 workers",
    "Ada wants migrations to be reversible",
    "Ada dislikes meetings before 10:00",
]
ROUTINE = [
    "Reviewed pull requests for the {p}.",
    "Refactored the {p} module and fixed two flaky tests.",
    "Paired on the {p} deploy script; the staging database migration ran cleanly.",
    "Triaged bugs in the {p}; nothing urgent.",
    "Updated the {p} runbook after the incident review.",
    "Discussed the backlog of the {p} with Maria and Priya.",
    "Wrote docs for the {p} feature flags.",
]


def _log_entry(rng: random.Random, at: datetime, fact: str | None) -> str:
    project = rng.choice(PROJECTS)
    what = " ".join(rng.choice(ROUTINE).format(p=rng.choice(PROJECTS)) for _ in range(3))
    if fact:
        what = f"{what} {fact}"
    capture = {
        "thread_refs": [f"thread-{project.replace(' ', '-')}"],
        "started": iso_z(at - timedelta(minutes=40)),
        "decisions": [{"decision": f"Ship the {project} change behind a flag", "reasoning": "lower risk"}],
    }
    return render_log_entry(at, capture, f"Worked on the {project}.", what, "steady")


def build_workspace(
    root: Path, days: int, facts: int, seed: int, per_day: int
) -> tuple[datetime, list[tuple[str, str]]]:
    """Write ``days`` of history (``per_day`` sessions a day); return the last session and the planted facts."""
    rng = random.Random(seed)
    scaffold(root, START.date(), agent="Bot", user="Ada")
    sessions = [START + timedelta(days=d, hours=h) for d in range(days) for h in range(0, 2 * per_day, 2)]
    planted_at = dict(zip(rng.sample(range(len(sessions)), min(facts, len(sessions))), range(facts), strict=False))
    planted: list[tuple[str, str]] = []
    logs: dict[str, list[str]] = {}
    events = []
    for index, at in enumerate(sessions):
        fact = None
        if index in planted_at:
            number = planted_at[index]
            text, question = TEMPLATES[number % len(TEMPLATES)]
            values = {"c": CODENAMES[number % len(CODENAMES)], "n": rng.randint(10, 9999)}
            fact = text.format(**values)
            planted.append((fact, question.format(**values)))
        logs.setdefault(at.date().isoformat(), []).append(_log_entry(rng, at, fact))
        if index % 7 == 0:
            events.append(
                make_event(
                    f"Released the {rng.choice(PROJECTS)} on {at:%-m/%-d}.",
                    session_id=str(index),
                    at=at,
                    event_type="milestone",
                    action="finish",
                    object_hint="release",
                )
            )
    for day, entries in logs.items():
        (root / "memory" / f"{day}.md").write_text(
            f"# Daily Log — {day}\n\n---\n\n" + "\n\n---\n\n".join(entries), encoding="utf-8"
        )
    _curated_files(root, sessions[-1], len(sessions), events)
    return sessions[-1], planted


def _curated_files(root: Path, last: datetime, total: int, events: Sequence[dict[str, Any]]) -> None:
    memory = root / "MEMORY.md"
    entries = "\n".join(f"- [{3 + n % 5} sessions] [high] {fact}" for n, fact in enumerate(CURATED))
    text = memory.read_text(encoding="utf-8").replace(
        "### About This Project\n", f"### About This Project\n{entries}\n"
    )
    memory.write_text(text, encoding="utf-8")
    writer = MemoryWriter(root)
    threads = {
        f"thread-{p.replace(' ', '-')}": {"title": p.title(), "current_position": f"The {p} is stable."}
        for p in PROJECTS[:4]
    }
    writer.end_session("Set up the threads.", "Pick up the billing export next.", threads, now=START)
    state = fresh_state(f"Worked on the {PROJECTS[0]}.")
    state["last_session"] = {
        "timestamp": iso_z(last),
        "duration_minutes": 40,
        "daily_log": f"memory/{last:%Y-%m-%d}.md",
    }
    state["session_counter"] = {"total": total, "this_week": 3, "since_last_memory_review": 2}
    state["active_threads"] = [{"id": t, "title": u["title"], "status": "active"} for t, u in threads.items()]
    (root / "memory" / "state.json").write_text(render_state(state), encoding="utf-8")
    (root / "memory" / "events.json").write_text(render_events(events), encoding="utf-8")
    writer.rebuild_index(last)


def _remembered_tokens(memory: Memory, page: int = 10_000) -> int:
    """Tokens of every current memory's text: all the agent could be shown."""
    total, offset = 0, 0
    while found := memory.list(limit=page, offset=offset):
        total += sum(count_tokens(r.text) for r in found)
        offset += page
    return total


def nearest_rank(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def run_horizon(days: int, facts: int, budget: int, seed: int, per_day: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        last, planted = build_workspace(root, days, facts, seed, per_day)
        with Memory.open(root / ".tiermem") as memory:
            began = time.perf_counter()
            indexed = memory.workspace.sync()
            index_s = time.perf_counter() - began
            now = last + timedelta(hours=5)
            for warm_up in ("what was I doing?", "what is next?", "any open questions?"):
                memory.context(warm_up, budget_tokens=budget, now=now)
            latencies, sizes, reached = [], [], 0
            for fact, question in planted:
                began = time.perf_counter()
                ctx = memory.context(question, budget_tokens=budget, now=now)
                latencies.append((time.perf_counter() - began) * 1000)
                sizes.append(ctx.total_tokens)
                reached += fact in ctx.text
            parts = _parts(memory, root, [q for _, q in planted], now)
            stats = memory.stats()
            remembered = _remembered_tokens(memory)
    return {
        "days": days,
        "sessions": per_day * days,
        "logs": days,
        "memories": stats["memories"],
        "memory_tokens": remembered,
        "pieces_indexed": indexed["added"],
        "index_s": round(index_s, 2),
        "p50_ms": round(statistics.median(latencies), 1),
        "p95_ms": round(nearest_rank(latencies, 0.95), 1),
        "mean_tokens": round(statistics.mean(sizes)),
        "max_tokens": max(sizes),
        "facts": len(planted),
        "facts_reached": round(reached / len(planted), 3),
        **parts,
    }


def _parts(memory: Memory, root: Path, questions: Sequence[str], now: datetime) -> dict[str, float]:
    """Where a context's time goes, each part timed on its own (median ms): the recall search and the
    lifecycle's hot state + tree index (other features), the index check and the workspace phases (this one)."""
    from tiermem.workspace.loader import MemoryLoader

    life = memory.lifecycle(root)
    loader = MemoryLoader(root)
    timed = {
        "search_ms": lambda q: memory.search(q, limit=memory.settings.workspace.recall_limit, now=now, reinforce=False),
        "lifecycle_ms": lambda q: life.session_context(now=now),
        "index_check_ms": lambda q: memory.workspace.sync(workspace=root, quick=True),
        "phases_ms": lambda q: loader.plan(q, now),
    }
    out = {}
    for name, run in timed.items():
        spent = []
        for question in questions:
            began = time.perf_counter()
            run(question)
            spent.append((time.perf_counter() - began) * 1000)
        out[name] = round(statistics.median(spent), 1)
    return out


def _spread(rows: Sequence[dict[str, Any]]) -> float:
    sizes = [r["mean_tokens"] for r in rows]
    return (max(sizes) - min(sizes)) / statistics.mean(sizes)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--horizons", default="1,30,365,1825", help="days of history, comma-separated")
    parser.add_argument("--facts", type=int, default=30)
    parser.add_argument("--budget", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--sessions-per-day", type=int, default=10)
    args = parser.parse_args(argv)
    rows = [
        run_horizon(int(d), args.facts, args.budget, args.seed, args.sessions_per_day) for d in args.horizons.split(",")
    ]
    spread = _spread(rows)
    grown = [r for r in rows if r["memory_tokens"] > args.budget]
    spread_grown = _spread(grown) if grown else None
    columns = [
        "days",
        "sessions",
        "memories",
        "memory_tokens",
        "index_s",
        "p50_ms",
        "p95_ms",
        "mean_tokens",
        "max_tokens",
        "facts",
        "facts_reached",
        "search_ms",
        "lifecycle_ms",
        "index_check_ms",
        "phases_ms",
    ]
    print(" | ".join(columns))
    print(" | ".join("---" for _ in columns))
    for row in rows:
        print(" | ".join(str(row[c]) for c in columns))
    print(f"\nsize spread across horizons: {spread:.1%} of the mean (budget {args.budget} tokens)")
    if spread_grown is not None:
        days = ", ".join(str(r["days"]) for r in grown)
        print(f"size spread across the horizons whose memory outgrew the budget ({days} days): {spread_grown:.1%}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "context.json").write_text(
        json.dumps(
            {
                "date": datetime.now(UTC).isoformat(),
                "machine": platform.platform(),
                "python": platform.python_version(),
                "budget_tokens": args.budget,
                "seed": args.seed,
                "size_spread": round(spread, 4),
                "size_spread_beyond_budget": None if spread_grown is None else round(spread_grown, 4),
                "horizons": rows,
            },
            indent=2,
        )
        + "\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
