"""Server and scale-out benchmark: the REST server under concurrent load, search at 1M memories, and a restore.

Run: ``.venv/bin/python bench/server.py [--clients 32] [--requests 200] [--scale 1000000] [--parts load,scale,restore]``

* **load**: one `tiermem serve` process (bearer tokens on) over a store seeded with 2,000 memories, on SQLite
  and on PostgreSQL. 32 client threads (each with its own HTTP connection, released together) send 200
  requests each, 70% searches and 30% stores of new memories, all for one agent. Reported: errors (any
  non-2xx answer or failed request), throughput, and p50 / p99 latency overall and per kind.
* **scale**: a store of ``--scale`` memories (1M by default) built with ``Memory.store_many`` (dedup off,
  the real embedder), then ``Memory.search(limit=10)`` over 200 queries (the full recall pipeline) and the
  backend's vector query alone: on PostgreSQL (pgvector HNSW, built after the bulk load and timed) and on
  the embedded SQLite store (exact vector scan).
* **restore**: `cold --push --all` + `sync-critical` of a 10,000-memory agent to a local libSQL server
  (tursodb), then the timed restore onto a fresh store (the seed promises under two minutes).

PostgreSQL runs as a throwaway cluster on loopback (tests/pg.py) with shared_buffers 2 GB. The corpus is
bench/store.py's. Medians and p99 are nearest-rank. Results: a table on stdout and bench/results/server.json.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent
sys.path[:0] = [str(ROOT), str(ROOT.parent / "tests")]

import pg  # noqa: E402 - the throwaway PostgreSQL cluster of the tests
from api_support import serve_process  # noqa: E402 - `tiermem serve` as a real process, as the tests run it
from store import MIRROR_FROM_QUERY, Corpus, latency, machine_info  # noqa: E402 - bench/store.py's corpus, stats
from tiermem import Memory  # noqa: E402
from tiermem.interfaces.auth import create_token  # noqa: E402

RESULTS = ROOT / "results" / "server.json"
AGENT = "bench"
PG_SETTINGS = "-c shared_buffers=2GB -c maintenance_work_mem=3GB -c max_parallel_maintenance_workers=1"


logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per request otherwise


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@contextmanager
def location(backend: str, directory: Path) -> Iterator[str]:
    """Where a fresh store of this backend lives: a directory, or a new PostgreSQL database."""
    if backend == "sqlite":
        yield str(directory / "store")
    else:
        yield pg.cluster(PG_SETTINGS).create_database("bench")


# --- load: concurrent clients against one server ------------------------------------------------------


def run_load(backend: str, *, clients: int, requests: int, seed: int, tmp: Path) -> dict[str, Any]:
    corpus = Corpus(seed)
    with location(backend, tmp) as store:
        with Memory.open(store) as mem:
            seeded = corpus.memories(2000)
            for start in range(0, len(seeded), 500):
                mem.store_many(seeded[start : start + 500], agent_id=AGENT)
            token, _ = create_token(mem, [AGENT], "write")
        plans = [_plan(corpus, requests, random.Random(seed + c)) for c in range(clients)]
        with serve_process("--store", store) as url:
            headers = {"Authorization": f"Bearer {token}"}
            httpx.post(f"{url}/v1/agents/{AGENT}/search", json={"query": "warm up"}, headers=headers, timeout=60)
            samples, errors, wall = _fire(url, headers, plans)
    total = sum(len(p) for p in plans)
    return {
        "backend": backend, "clients": clients, "requests": total, "errors": len(errors), "error_samples": errors[:5],
        "seconds": round(wall, 2), "throughput_rps": round(total / wall, 1),
        "all": latency([s for _, s in samples]),
        "search": latency([s for kind, s in samples if kind == "search"]),
        "store": latency([s for kind, s in samples if kind == "store"]),
    }  # fmt: skip


def _plan(corpus: Corpus, n: int, rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    plan: list[tuple[str, dict[str, Any]]] = []
    for _ in range(n):
        if rng.random() < 0.7:
            plan.append(("search", {"query": corpus.queries(1)[0], "limit": 10}))
        else:
            item = corpus.memory()
            item.pop("created_at", None)
            plan.append(("store", item))
    return plan


def _fire(url: str, headers: dict[str, str], plans: list[list[tuple[str, dict[str, Any]]]]) -> tuple[
        list[tuple[str, float]], list[str], float]:  # fmt: skip
    samples: list[tuple[str, float]] = []
    errors: list[str] = []
    lock = threading.Lock()
    gate = threading.Barrier(len(plans) + 1)

    def client(plan: list[tuple[str, dict[str, Any]]]) -> None:
        with httpx.Client(base_url=url, headers=headers, timeout=120) as http:
            gate.wait()
            for kind, body in plan:
                path = f"/v1/agents/{AGENT}/search" if kind == "search" else f"/v1/agents/{AGENT}/memories"
                start = time.perf_counter()
                try:
                    response = http.post(path, json=body)
                    failed = (
                        None
                        if response.status_code < 300
                        else f"{kind}: HTTP {response.status_code} {response.text[:120]}"
                    )
                except httpx.HTTPError as exc:
                    failed = f"{kind}: {type(exc).__name__}: {exc}"
                elapsed = time.perf_counter() - start
                with lock:
                    samples.append((kind, elapsed))
                    if failed:
                        errors.append(failed)

    threads = [threading.Thread(target=client, args=(plan,)) for plan in plans]
    for thread in threads:
        thread.start()
    gate.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    return samples, errors, time.perf_counter() - started


# --- scale: search at a million memories -----------------------------------------------------------------


def run_scale(backend: str, *, size: int, seed: int, tmp: Path, batch: int = 20_000) -> dict[str, Any]:
    corpus = Corpus(seed)
    queries = corpus.queries(200)
    with location(backend, tmp) as store, Memory.open(store) as mem:
        if backend == "postgres":
            _drop_vector_index(store)  # HNSW is built once after the bulk load, not row by row
        started = time.perf_counter()
        for start in range(0, size, batch):
            mem.store_many(corpus.memories(min(batch, size - start), dup_rate=0.0), agent_id=AGENT, dedup=False)
            if (start // batch) % 10 == 0:
                done = min(start + batch, size)
                log(f"  {backend}: {done:,} / {size:,} stored ({time.perf_counter() - started:.0f} s)")
        load_s = time.perf_counter() - started
        index_s = _build_vector_index(store) if backend == "postgres" else 0.0
        if backend == "postgres":
            _analyze(store)  # what autovacuum does after a bulk load, done now rather than whenever it runs
        backend_ = mem._backend  # the primitive, measured on its own
        qvecs = mem.embedder.embed(queries)
        for query in queries[:MIRROR_FROM_QUERY]:  # warm: caches, the vector mirror, the BM25 mirror
            mem.search(query, agent_id=AGENT, reinforce=False)
        search, vector = [], []
        for query, qvec in zip(queries, qvecs, strict=True):
            t0 = time.perf_counter()
            mem.search(query, agent_id=AGENT, limit=10, reinforce=False)
            t1 = time.perf_counter()
            backend_.vector(AGENT, qvec[None, :], limit=200)
            search.append(t1 - t0)
            vector.append(time.perf_counter() - t1)
        count = mem.stats(agent_id=AGENT)["memories"]
    return {"backend": backend, "memories": count, "load_s": round(load_s, 1), "index_build_s": round(index_s, 1),
            "search": latency(search), "vector_200": latency(vector)}  # fmt: skip


def _drop_vector_index(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        for (name,) in conn.execute(
            "SELECT indexname FROM pg_indexes WHERE indexname LIKE 'vectors_hnsw_%'"
        ).fetchall():
            conn.execute(f'DROP INDEX "{name}"')


def _analyze(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("ANALYZE")


def _build_vector_index(url: str) -> float:
    from tiermem.storage.postgres import PostgresBackend

    started = time.perf_counter()
    backend = PostgresBackend(url)
    backend.ensure_vector_index(256)
    backend.close()
    return time.perf_counter() - started


# --- restore: the device is replaceable ----------------------------------------------------------------


def run_restore(*, size: int, seed: int, tmp: Path) -> dict[str, Any]:
    from tiermem.coldsync import push, restore, sync_critical
    from tiermem.storage.turso import ColdArchive, TursoClient
    from turso_server import turso_server, tursodb_path

    if tursodb_path() is None:
        return {"skipped": "tursodb not installed (bash .ci/run installs it)"}
    corpus = Corpus(seed)
    (tmp / "cloud").mkdir()
    with turso_server(tmp / "cloud") as url:
        client = TursoClient(url)
        archive = ColdArchive(client)
        archive.init()
        with Memory.open(tmp / "device" / ".tiermem") as mem:
            for start in range(0, size, 1000):
                mem.store_many(corpus.memories(min(1000, size - start)), agent_id=AGENT)
            mem.lifecycle().update_hot("identity", {"agent_name": "Bench"}, agent_id=AGENT)
            t0 = time.perf_counter()
            pushed = push(mem, archive, AGENT, everything=True)["archived"]
            push_s = time.perf_counter() - t0
            sync_critical(mem, archive, AGENT)
        shutil.rmtree(tmp / "device")
        with Memory.open(tmp / "new-device" / ".tiermem") as mem:
            t0 = time.perf_counter()
            report = restore(mem, archive, AGENT)
            restore_s = time.perf_counter() - t0
        client.close()
    return {"memories": pushed, "push_s": round(push_s, 2), "restore_s": round(restore_s, 2),
            "restored": report["restored_memories"]}  # fmt: skip


# --- report --------------------------------------------------------------------------------------------


def render(report: dict[str, Any]) -> None:
    rows: list[tuple[str, str]] = []
    for r in report.get("load", []):
        b = r["backend"]
        rows += [
            (f"load {b}: {r['clients']} clients x {r['requests'] // r['clients']} requests, errors", str(r["errors"])),
            (f"load {b}: throughput (requests/s)", f"{r['throughput_rps']:,.1f}"),
            (f"load {b}: all p50 / p99 (ms)", _pair(r["all"])),
            (f"load {b}: search p50 / p99 (ms)", _pair(r["search"])),
            (f"load {b}: store p50 / p99 (ms)", _pair(r["store"])),
        ]
    for r in report.get("scale", []):
        b = r["backend"]
        rows += [
            (f"scale {b}: memories", f"{r['memories']:,}"),
            (f"scale {b}: bulk load / index build (s)", f"{r['load_s']:,.0f} / {r['index_build_s']:,.0f}"),
            (f"scale {b}: Memory.search p50 / p99 (ms)", _pair(r["search"])),
            (f"scale {b}: backend.vector(200) p50 / p99 (ms)", _pair(r["vector_200"])),
        ]
    restore = report.get("restore") or {}
    if "restore_s" in restore:
        rows += [(f"restore: {restore['memories']:,} memories, push / restore (s)",
                  f"{restore['push_s']:.1f} / {restore['restore_s']:.1f}")]  # fmt: skip
    width = max(len(label) for label, _ in rows) + 2 if rows else 10
    print(f"tiermem server benchmark ({report['machine'].get('cpu_count')} cpus, {report['machine']['date']})")
    for label, value in rows:
        print(f"{label:<{width}}{value:>20}")


def _pair(stats: dict[str, float]) -> str:
    return f"{stats['p50_ms']:.1f} / {stats['p99_ms']:.1f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--requests", type=int, default=200, help="per client")
    parser.add_argument("--scale", type=int, default=1_000_000, help="memories in the scale part")
    parser.add_argument("--restore-size", type=int, default=10_000)
    parser.add_argument("--parts", default="load,scale,restore")
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    parts, backends = set(args.parts.split(",")), args.backends.split(",")
    report: dict[str, Any] = {
        "benchmark": "server",
        "machine": machine_info(),
        "config": vars(args) | {"out": str(args.out)},
    }
    steps: list[tuple[str, Callable[[Path], Any]]] = []
    for b in backends:
        steps.append(
            (
                "load",
                lambda tmp, b=b: run_load(b, clients=args.clients, requests=args.requests, seed=args.seed, tmp=tmp),
            )
        )
    for b in backends:
        steps.append(("scale", lambda tmp, b=b: run_scale(b, size=args.scale, seed=args.seed, tmp=tmp)))
    steps.append(("restore", lambda tmp: run_restore(size=args.restore_size, seed=args.seed, tmp=tmp)))
    for part, step in steps:
        if part not in parts:
            continue
        tmp = Path(tempfile.mkdtemp(prefix=f"tiermem-bench-{part}-"))
        log(f"{part} ...")
        try:
            result = step(tmp)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        if part == "restore":
            report["restore"] = result
        else:
            report.setdefault(part, []).append(result)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")  # kept after every part
    render(report)
    log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
