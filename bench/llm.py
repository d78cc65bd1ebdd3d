"""LLM layer benchmark: does a slow LLM slow down writes, and does the queue keep every memory and fact?

    python bench/llm.py                                 # 1,000 LoCoMo turns, an LLM taking 2 s per call
    python bench/llm.py --memories 200 --latency 0.5    # a quick look

The LLM is tests/llm_server.py's scripted server on 127.0.0.1 (no internet): after ``--latency`` seconds it
answers tiermem's prompts validly (long memories split into their sentences, one search key each). Runs:

* ``no LLM``: ``store()`` of every memory, one call each (the baseline);
* ``LLM, queued``: the same with the LLM configured (jobs queued, nobody draining), then ``drain()``;
* ``LLM, worker``: the same with the background worker draining while the stores go on;
* ``LLM failing``: every call answers HTTP 500: the drain falls back to rules and must lose nothing.

Writes bench/results/llm.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from datasets import LOCOMO, data_dir, locate
from llm_server import LLMServer, Reply, llm_server
from tiermem import Memory
from tiermem.providers.embedders import WordLlamaEmbedder

RESULTS = Path(__file__).resolve().parent / "results"


def locomo_turns(path: Path, count: int) -> list[str]:
    turns: list[str] = []
    for conversation in json.loads(path.read_text(encoding="utf-8")):
        sessions = conversation["conversation"]
        for key in sorted(sessions, key=lambda k: (len(k), k)):
            if key.startswith("session_") and isinstance(sessions[key], list):
                turns += [f"{t['speaker']}: {t['text']}" for t in sessions[key]]
    return turns[:count]


def store_all(mem: Memory, texts: list[str]) -> tuple[list[str], list[float]]:
    """Store one by one, as a hook or an agent does; the ids kept and each call's seconds."""
    ids, seconds = [], []
    for i, text in enumerate(texts):
        started = time.perf_counter()
        result = mem.store(text, source={"type": "bench", "session": str(i // 20)})
        seconds.append(time.perf_counter() - started)
        if result.created:
            ids.append(result.id)
    return ids, seconds


def check_nothing_lost(mem: Memory, ids: list[str]) -> dict[str, int]:
    """Every stored memory still there and current; every fact a job reports stored, there and current."""
    missing = sum(1 for i in ids if not mem.get(i).is_current)
    facts = [f for i in ids for job in mem.llm.jobs(i) for f in job["result"].get("facts", [])]
    missing_facts = sum(1 for f in set(facts) if not mem.get(f).is_current)
    jobs = [job for i in ids for job in mem.llm.jobs(i)]
    return {
        "memories": len(ids),
        "missing": missing,
        "facts": len(set(facts)),
        "missing_facts": missing_facts,
        "jobs_not_done": sum(1 for j in jobs if j["status"] != "done"),
    }


def wait_drained(mem: Memory, timeout_s: float) -> float:
    started = time.monotonic()
    while True:
        queue = mem.llm.status()["queue"]
        if queue["pending"] == 0 and queue["running"] == 0:
            return time.monotonic() - started
        if time.monotonic() - started > timeout_s:
            raise SystemExit(f"the queue did not drain within {timeout_s} s: {queue}")
        time.sleep(0.2)


def run(
    name: str,
    texts: list[str],
    open_store: Callable[[], Memory],
    *,
    drain: str,
    server: LLMServer | None,
    timeout_s: float,
) -> dict[str, Any]:
    calls_before = server.calls if server else 0
    with open_store() as mem:
        started = time.perf_counter()
        ids, seconds = store_all(mem, texts)
        store_s = time.perf_counter() - started
        drain_s = 0.0
        if drain == "drain":
            started = time.perf_counter()
            mem.llm.drain()
            drain_s = time.perf_counter() - started
        elif drain == "worker":
            drain_s = wait_drained(mem, timeout_s)  # after the last store; the worker started with the first
        queue = mem.llm.status()["queue"]
        used = [c for purposes in mem.llm_usage().values() for c in purposes.values()]
        kept = check_nothing_lost(mem, ids) if drain != "none" else {"memories": len(ids), "missing": 0}
    return {
        "run": name,
        "stored": len(texts),
        "created": len(ids),
        "store_s": round(store_s, 3),
        "store_ms_mean": round(1000 * statistics.fmean(seconds), 2),
        "store_ms_p95": round(1000 * sorted(seconds)[int(0.95 * (len(seconds) - 1))], 2),
        "drain_s": round(drain_s, 2),
        "llm_calls": (server.calls - calls_before) if server else 0,
        "jobs_llm": queue["llm"],
        "jobs_rule": queue["rule"],
        **kept,
        "prompt_tokens": sum(c["prompt_tokens"] for c in used),
        "completion_tokens": sum(c["completion_tokens"] for c in used),
    }


def compare_stores(texts: list[str], openers: dict[str, Callable[[int], Memory]], repeats: int) -> dict[str, Any]:
    """Store timings with and without an LLM, alternating runs into fresh stores (a shared 2-core machine is
    noisy): the median over ``repeats`` of each run's mean and p95 per store."""
    found: dict[str, list[tuple[float, float]]] = {name: [] for name in openers}
    for attempt in range(repeats):
        for name, open_store in openers.items():
            with open_store(attempt) as mem:
                _, seconds = store_all(mem, texts)
            found[name].append((statistics.fmean(seconds), sorted(seconds)[int(0.95 * (len(seconds) - 1))]))
    return {
        name: {
            "ms_mean": round(1000 * statistics.median(m for m, _ in runs), 2),
            "ms_p95": round(1000 * statistics.median(p for _, p in runs), 2),
        }
        for name, runs in found.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memories", type=int, default=1000)
    parser.add_argument("--latency", type=float, default=2.0, help="seconds per LLM call")
    parser.add_argument("--batch-size", type=int, default=16, help="memories per LLM call")
    parser.add_argument("--concurrency", type=int, default=8, help="LLM calls in flight")
    parser.add_argument("--repeats", type=int, default=3, help="store timing runs with and without an LLM")
    parser.add_argument(
        "--data", type=Path, default=None, help="the datasets' directory (default: $TIERMEM_BENCH_DATA)"
    )
    args = parser.parse_args()
    locomo = locate(data_dir(args.data), LOCOMO)
    if locomo is None:
        return
    texts = locomo_turns(locomo, args.memories)
    embedder = WordLlamaEmbedder()
    with tempfile.TemporaryDirectory() as warm, Memory.open(warm, embedder=embedder) as mem:
        store_all(mem, texts[:50])  # first-use costs (model, SQLite, numpy) stay out of every run
    rows = []
    with llm_server(latency_s=args.latency) as server, tempfile.TemporaryDirectory() as scratch:
        llm = {
            "provider": "openai",
            "base_url": server.openai_url,
            "batch_size": args.batch_size,
            "concurrency": args.concurrency,
            "timeout_s": args.latency + 30,
            "daily_token_budget": None,
        }

        def opener(name: str, **extra: Any) -> Callable[[], Memory]:
            return lambda: Memory.open(Path(scratch) / name, embedder=embedder, config={"llm": {**llm, **extra}})

        timeout = 20 * args.latency * (args.memories / args.batch_size / args.concurrency + 5)
        timings = compare_stores(
            texts,
            {
                "no LLM": lambda i: Memory.open(Path(scratch) / f"t-plain-{i}", embedder=embedder),
                "LLM, queued": lambda i: opener(f"t-queued-{i}", background=False)(),
            },
            args.repeats,
        )
        rows.append(
            run(
                "no LLM",
                texts,
                lambda: Memory.open(Path(scratch) / "plain", embedder=embedder),
                drain="none",
                server=None,
                timeout_s=timeout,
            )
        )
        rows.append(
            run(
                "LLM, queued",
                texts,
                opener("queued", background=False),
                drain="drain",
                server=server,
                timeout_s=timeout,
            )
        )
        rows.append(
            run(
                "LLM, worker",
                texts,
                opener("worker", background=True),
                drain="worker",
                server=server,
                timeout_s=timeout,
            )
        )
        server.responder = lambda prompt: Reply.error(500)
        failing = texts[: max(1, len(texts) // 5)]
        rows.append(
            run(
                "LLM failing",
                failing,
                opener("failing", background=False, retries=0),
                drain="drain",
                server=server,
                timeout_s=timeout,
            )
        )
    show(rows, args)
    print(f"\nstore() with and without an LLM, median of {args.repeats} alternating runs of {len(texts)} stores:")
    for name, timing in timings.items():
        print(f"  {name:12} {timing['ms_mean']:6.2f} ms per store, p95 {timing['ms_p95']:6.2f} ms")
    RESULTS.mkdir(exist_ok=True)
    document = {
        "memories": args.memories,
        "latency_s": args.latency,
        "batch_size": args.batch_size,
        "concurrency": args.concurrency,
        "runs": rows,
        "store_timing_medians": timings,
    }
    (RESULTS / "llm.json").write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


def show(rows: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print(
        f"\n{args.memories} LoCoMo turns, LLM {args.latency:g} s per call, {args.batch_size} memories per call, "
        f"{args.concurrency} calls in flight\n"
    )
    head = (
        "run",
        "created",
        "store s",
        "ms/store",
        "p95 ms",
        "drain s",
        "calls",
        "tokens in/out",
        "by LLM",
        "by rules",
        "facts",
        "lost",
    )
    print(" | ".join(head))
    print(" | ".join("---" for _ in head))
    for r in rows:
        lost = r["missing"] + r.get("missing_facts", 0) + r.get("jobs_not_done", 0)
        cells = (
            r["run"],
            r["created"],
            r["store_s"],
            r["store_ms_mean"],
            r["store_ms_p95"],
            r["drain_s"],
            r["llm_calls"],
            f"{r['prompt_tokens']}/{r['completion_tokens']}",
            r["jobs_llm"],
            r["jobs_rule"],
            r.get("facts", "—"),
            lost,
        )
        print(" | ".join(str(c) for c in cells))


if __name__ == "__main__":
    main()
