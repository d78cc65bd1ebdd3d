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
import resource
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from store import Corpus, latency, machine_info
from tiermem import Memory

RESULTS = Path(__file__).resolve().parent / "results"


def rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def build(mem: Memory, corpus: Corpus, agents: Sequence[str], per_agent: int) -> float:
    start = time.perf_counter()
    for agent in agents:
        mem.store_many(corpus.memories(per_agent), agent_id=agent, dedup=False)
    return time.perf_counter() - start


def searches(
    mem: Memory, agents: Sequence[str], queries: Sequence[str], n: int, seed: int, *, in_turn: bool = False
) -> dict[str, float]:
    """``n`` searches of agents picked at random (``in_turn``: each agent once, in order)."""
    rng = random.Random(seed)
    samples = []
    for i in range(n):
        agent = agents[i % len(agents)] if in_turn else rng.choice(agents)
        start = time.perf_counter()
        mem.search(queries[i % len(queries)], agent_id=agent, limit=10, reinforce=False)
        samples.append(time.perf_counter() - start)
    return latency(samples)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agents", type=int, default=1000)
    parser.add_argument("--per-agent", type=int, default=100)
    parser.add_argument("--mirror-agents", type=int, default=256)
    parser.add_argument("--searches", type=int, default=600)
    parser.add_argument("--out", type=Path, default=RESULTS / "agents.json")
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
        single = Memory.open(Path(tmp) / "one")
        build(single, Corpus(1), ["solo"], args.per_agent)
        searches(single, ["solo"], queries, 50, 0)  # warm: the mirrors, caches
        rows["one agent"] = {"agents": 1, **searches(single, ["solo"], queries, args.searches, 1)}
        single.close()
        place = args.store or Path(tmp) / "many"
        names = [f"agent-{i}" for i in range(args.agents)]
        fresh = not (place / "tiermem.db").exists()
        many = Memory.open(place, config={"mirror_agents": args.mirror_agents})
        if fresh:
            built = build(many, Corpus(2), names, args.per_agent)
            print(f"built {args.agents} agents in {built:.0f} s", file=sys.stderr)
        elif len(many.agents()) != args.agents or many.stats(agent_id=names[-1])["memories"] != args.per_agent:
            sys.exit(f"{place} holds another store, not {args.agents:,} agents x {args.per_agent:,} memories")
        if fresh:  # agents no process has searched yet: their mirrors are built from their rows (and saved)
            rows["many agents, first search of each"] = {
                "agents": args.agents,
                **searches(many, names[: args.searches], queries, args.searches, 3, in_turn=True),
            }
        print("serving every agent once (each one's BM25 mirror saved in the store)", file=sys.stderr)
        served = searches(many, names, queries, len(names), 4, in_turn=True)
        many.close()
        many = Memory.open(place, config={"mirror_agents": args.mirror_agents})  # a new process: no mirror held
        searches(many, names, queries, 50, 0)
        before = rss_mb()
        found = searches(many, names, queries, args.searches, 1)
        rows["many agents"] = {"agents": args.agents, **found, "rss_mb": rss_mb(), "rss_before_mb": before}
        rows["many agents"]["serving pass p50_ms"] = served["p50_ms"]
        hot = names[: max(1, args.mirror_agents // 2)]  # a working set that fits the cap
        for agent in hot:  # each one's mirrors loaded once: what is measured is searching, not loading
            many.search(queries[0], agent_id=agent, limit=10, reinforce=False)
        rows["many agents, working set within the cap"] = {
            "agents": len(hot),
            **searches(many, hot, queries, args.searches, 2),
        }
        many.close()
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
    print(f"p50 ratio, random agents / one agent: {ratio:.2f}; peak RSS {rss_mb()} MB")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
