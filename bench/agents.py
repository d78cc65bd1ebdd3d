"""Many agents in one store (a hosted memory service): search latency against a single-agent store of the
same size per agent, and what the process holds in memory with its per-agent mirrors bounded.

    python bench/agents.py                              # 1,000 agents x 100 memories
    python bench/agents.py --agents 10000 --per-agent 100 --mirror-agents 256 --store /tmp/agents-10k

Each agent gets its own memories from bench/store.py's corpus; searches go to agents picked at random (so a
process keeps evicting and reloading mirrors when there are more agents than ``mirror_agents``), and to the
same number of searches on a store holding one agent of the same size. The headline row runs in a new process
state after every agent has been searched once (a service that has served its agents before: each one's BM25
mirror is saved in the store then); on a freshly built store, searches of agents never searched before (their
mirrors built from their rows) are timed too. Writes bench/results/agents.json.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import resource
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
sys.path[:0] = [str(ROOT), str(ROOT.parent / "tests")]

import pg  # noqa: E402 - the throwaway PostgreSQL cluster of the tests (--postgres)
from store import Corpus, latency, machine_info  # noqa: E402
from tiermem import Memory  # noqa: E402

RESULTS = ROOT / "results"
BLOCK = 25


def rss_mb() -> float:
    """Peak resident memory of the process (SQLite's memory-mapped file pages included)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def anon_mb() -> float | None:
    """Resident memory the process allocated (RssAnon: mirrors, caches; not the mapped store file); Linux."""
    status = Path("/proc/self/status")
    if not status.exists():
        return None
    found = re.search(r"^RssAnon:\s+(\d+) kB", status.read_text(), re.MULTILINE)
    return round(int(found.group(1)) / 1024, 1) if found else None


def build(mem: Memory, corpus: Corpus, agents: Sequence[str], per_agent: int) -> float:
    start = time.perf_counter()
    for agent in agents:
        mem.store_many(corpus.memories(per_agent), agent_id=agent, dedup=False)
    return time.perf_counter() - start


def searches(
    stores: Sequence[tuple[Memory, Sequence[str]]], queries: Sequence[str], n: int, seed: int, *, in_turn: bool = False
) -> list[dict[str, float]]:
    """``n`` searches of each store, of agents picked at random (``in_turn``: each agent once, in order); the
    stores take turns by blocks of :data:`BLOCK` searches, so a machine's drift touches them alike (one by one,
    each search would find the CPU caches filled by the other store's)."""
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in stores]
    for block in range(0, n, BLOCK):
        for (mem, agents), times in zip(stores, samples, strict=True):
            for i in range(block, min(n, block + BLOCK)):
                agent = agents[i % len(agents)] if in_turn else rng.choice(agents)
                start = time.perf_counter()
                mem.search(queries[i % len(queries)], agent_id=agent, limit=10, reinforce=False)
                times.append(time.perf_counter() - start)
    return [latency(times) for times in samples]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agents", type=int, default=1000)
    parser.add_argument("--per-agent", type=int, default=100)
    parser.add_argument("--mirror-agents", type=int, default=256)
    parser.add_argument("--searches", type=int, default=600)
    parser.add_argument("--out", type=Path, default=RESULTS / "agents.json")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="both stores in databases of a throwaway PostgreSQL cluster on loopback (tests/pg.py), built anew",
    )
    parser.add_argument(
        "--store",
        type=Path,
        default=None,
        help="build the many-agents store here once, reuse it later (default: a temporary one)",
    )
    args = parser.parse_args(argv)
    queries = Corpus(7).queries(200)
    rows: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        cluster = pg.cluster() if args.postgres else None
        single = Memory.open(cluster.create_database("one") if cluster else Path(tmp) / "one")
        build(single, Corpus(1), ["solo"], args.per_agent)
        solo = (single, ["solo"])
        place: Path | str = cluster.create_database("many") if cluster else args.store or Path(tmp) / "many"
        names = [f"agent-{i}" for i in range(args.agents)]
        fresh = cluster is not None or not (Path(place) / "tiermem.db").exists()
        many = Memory.open(place, config={"mirror_agents": args.mirror_agents})
        if fresh:
            built = build(many, Corpus(2), names, args.per_agent)
            print(f"built {args.agents} agents in {built:.0f} s", file=sys.stderr)
        elif len(many.agents()) != args.agents or many.stats(agent_id=names[-1])["memories"] != args.per_agent:
            sys.exit(f"{place} holds another store, not {args.agents:,} agents x {args.per_agent:,} memories")
        searches([solo], queries, 50, 0)  # warm: the single store's mirrors, the embedder
        if fresh:  # agents no process has searched yet: their mirrors are built from their rows (and saved)
            one, first = searches([solo, (many, names[: args.searches])], queries, args.searches, 3, in_turn=True)
            rows["one agent (beside the first searches)"] = {"agents": 1, **one}
            rows["many agents, first search of each"] = {"agents": args.agents, **first}
        print("serving every agent once (each one's BM25 mirror saved in the store)", file=sys.stderr)
        [served] = searches([(many, names)], queries, len(names), 4, in_turn=True)
        many.close()
        many = Memory.open(place, config={"mirror_agents": args.mirror_agents})  # a new process: no mirror held
        searches([(many, names)], queries, 50, 0)
        before = rss_mb()
        one, found = searches([solo, (many, names)], queries, args.searches, 1)
        rows["one agent"] = {"agents": 1, **one}
        rows["many agents"] = {"agents": args.agents, **found, "rss_mb": rss_mb(), "rss_before_mb": before}
        rows["many agents"] |= {"anon_mb": anon_mb(), "serving pass p50_ms": served["p50_ms"]}
        hot = names[: max(1, args.mirror_agents // 2)]  # a working set that fits the cap
        for agent in hot:  # each one's mirrors loaded once: what is measured is searching, not loading
            many.search(queries[0], agent_id=agent, limit=10, reinforce=False)
        one_again, within = searches([solo, (many, hot)], queries, args.searches, 2)
        rows["one agent (beside the working set)"] = {"agents": 1, **one_again}
        rows["many agents, working set within the cap"] = {"agents": len(hot), **within}
        many.close()
        single.close()
    ratio = rows["many agents"]["p50_ms"] / rows["one agent"]["p50_ms"]
    results = {
        "machine": machine_info(),
        "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "rows": rows,
        "p50_ratio": ratio,
    }
    print(f"\n{'store':<42}{'agents':>8}{'p50 ms':>10}{'p99 ms':>10}")
    for name, row in rows.items():
        print(f"{name:<42}{row['agents']:>8}{row['p50_ms']:>10.2f}{row['p99_ms']:>10.2f}")
    print(f"p50 ratio, random agents / one agent: {ratio:.2f}; peak RSS {rss_mb()} MB, RssAnon {anon_mb()} MB")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
