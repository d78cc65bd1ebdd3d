"""Server and scale-out benchmark: the REST and MCP servers under concurrent load, search at 1M memories, and a
restore.

Run: ``.venv/bin/python bench/server.py [--clients 16] [--seconds 50] [--rounds 5] [--workers 1,2]
[--scale 1000000] [--parts load,scale,restore]`` (the parts: load, mcp, scale, bulk, restore; mcp and bulk
only when named)

* **load**: a store seeded with 5,000 memories (bench/store.py's corpus), one agent, bearer tokens on. A
  mix of 70% searches and 30% stores of new memories runs through `tiermem serve --workers N` for each
  worker count, each server on a fresh copy of the seeded store, in ``--rounds`` turns: each turn runs the
  same mix in-process on one thread (the rate to beat, on a fresh copy) and then against the server, as
  long each; the ratio is reported per turn and as their median (the host's other tenants move either rate
  by up to ~30% from one minute to the next). The load generator is wrk (one thread, ``--clients``
  keep-alive connections, a Lua script holding the mix) when it is installed, else Python threads in a
  process of their own. Reported: errors (non-2xx answers, socket errors), throughput and its ratio to the
  in-process rate, p50 / p99 latency, the server's CPU per request, each worker's share of a core and RSS,
  and the load average at the start.
* **mcp**: the load part's store, tokens, turns and mix, served by `tiermem mcp --http --workers N`
  (one worker keeps MCP sessions; several are stateless). The warm-up speaks the protocol as the SDK's client
  does (a ``server/discover`` probe, then the 2026-07-28 protocol without a handshake when the server offers
  it, else the initialize handshake); the version spoken is reported. The load is one JSON-RPC
  ``tools/call`` POST of ``search`` or ``store`` per operation, at that version: sent by wrk (the same Lua
  script, each request carrying the protocol's headers and ``_meta``) when it is installed and no handshake
  was needed, else by Python threads in a process of their own (reported with the generator's own share
  of a core), which also read event-stream answers. Errors: non-2xx answers, socket errors, JSON-RPC and
  tool errors (``isError``), and searches answered without hits; the warm-up's searches must hold hits, or
  the part stops.
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
import contextlib
import itertools
import json
import logging
import multiprocessing
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar, Protocol

import httpx

ROOT = Path(__file__).resolve().parent
sys.path[:0] = [str(ROOT), str(ROOT.parent / "tests")]

import pg  # noqa: E402 - the throwaway PostgreSQL cluster of the tests
from api_support import serve_process  # noqa: E402 - `tiermem serve` as a real process, as the tests run it
from store import MIRROR_FROM_QUERY, Corpus, latency, machine_info  # noqa: E402 - bench/store.py's corpus, stats
from tiermem import Memory  # noqa: E402
from tiermem.interfaces.auth import create_token  # noqa: E402
from tiermem.interfaces.serving import default_workers  # noqa: E402

RESULTS = ROOT / "results" / "server.json"
AGENT = "bench"
PG_SETTINGS = "-c shared_buffers=2GB -c maintenance_work_mem=3GB -c max_parallel_maintenance_workers=1"


logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per request otherwise


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@contextmanager
def location(backend: str, directory: Path, url: str | None = None) -> Iterator[str]:
    """Where a fresh store of this backend lives: a directory, or a new PostgreSQL database (or ``url``)."""
    if backend == "sqlite":
        yield str(directory / "store")
    else:
        yield url or pg.cluster(PG_SETTINGS).create_database("bench")


# --- load: concurrent clients against the server, and the same mix in-process ---------------------------

SEED_MEMORIES = 5000  # the store the issue measured (issue 21)


def run_load(
    backend: str, *, clients: int, seconds: float, workers: Sequence[int], seed: int, tmp: Path, generator: str,
    rounds: int, mcp: bool = False,
) -> list[dict[str, Any]]:  # fmt: skip
    """The 70% search / 30% store mix through `tiermem serve` (``mcp``: `tiermem mcp --http`) with each worker
    count, each server on a fresh copy of the same seeded store (SQLite) or on the growing database, in
    ``rounds`` turns with the same mix in-process on one thread (see :func:`_served`)."""
    corpus = Corpus(seed)
    plan = _plan(corpus, 6000, random.Random(seed))
    with location(backend, tmp) as store:
        with Memory.open(store) as mem:
            seeded = corpus.memories(SEED_MEMORIES)
            for start in range(0, len(seeded), 500):
                mem.store_many(seeded[start : start + 500], agent_id=AGENT)
            token, _ = create_token(mem, [AGENT], "write")
        results = []
        for count in workers:
            served = _copy(store, tmp / f"served-{count}")

            def baseline(part_s: float, n: int, count: int = count) -> dict[str, Any]:
                return _in_process(_copy(store, tmp / f"inprocess-{count}-{n}"), plan, part_s)

            result = _served(
                served, token, plan, clients=clients, seconds=seconds, workers=count, generator=generator, mcp=mcp,
                rounds=rounds, baseline=baseline,
            )  # fmt: skip
            result.update(backend=backend)
            rate, ratio, p99 = result["throughput_rps"], result["vs_in_process"], result["all"]["p99_ms"]
            log(f"  {backend}: {count} worker(s) {rate:.1f} requests/s ({ratio}x in-process), p99 {p99} ms, "
                f"{result['errors']} errors")  # fmt: skip
            results.append(result)
    return results


def _copy(store: str, where: Path) -> str:
    """A copy of a SQLite store (each run starts from the same memories); a database URL as it is."""
    if store.startswith("postgresql://"):
        return store
    with Memory.open(store) as mem:  # everything in the main file: the WAL is not copied
        mem._backend._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copytree(store, where)
    return str(where)


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


def _in_process(store: str, plan: list[tuple[str, dict[str, Any]]], seconds: float) -> dict[str, Any]:
    """The same operations through Memory on this thread, for ``seconds`` (warm: the mirrors loaded first)."""
    samples: list[tuple[str, float]] = []
    with Memory.open(store) as mem:
        for query in ("warm up", "billing worker", "deploy"):
            mem.search(query, agent_id=AGENT)
        started = cpu = time.perf_counter()
        cpu = time.process_time()
        for kind, body in itertools.cycle(plan):
            t0 = time.perf_counter()
            if kind == "search":
                mem.search(body["query"], agent_id=AGENT, limit=body["limit"])
            else:
                mem.store_many([body], agent_id=AGENT)
            samples.append((kind, time.perf_counter() - t0))
            if time.perf_counter() - started >= seconds:
                break
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"ops": len(samples), "seconds": round(wall, 2), "ops_per_s": round(len(samples) / wall, 1),
            "cpu_ms_per_op": round(cpu * 1000 / len(samples), 2), "all": latency([s for _, s in samples]),
            "search": latency([s for k, s in samples if k == "search"]),
            "store": latency([s for k, s in samples if k == "store"])}  # fmt: skip


def _served(
    store: str, token: str, plan: list[tuple[str, dict[str, Any]]], *, clients: int, seconds: float, workers: int,
    generator: str, mcp: bool, rounds: int, baseline: Callable[[float, int], dict[str, Any]],
) -> dict[str, Any]:  # fmt: skip
    """The plan against a server process (`tiermem serve`, or with ``mcp`` `tiermem mcp --http`) for
    ``seconds`` in all, in ``rounds`` turns, each right after the in-process rate over as long
    (``baseline``, on a fresh copy of the store, the server idle). The host's other tenants move the rate of
    either by up to ~30% from one minute to the next: the ratio is each turn's, and their median is reported.
    Latency: the median of the turns' p50 and the highest of their p99."""
    headers = {"Authorization": f"Bearer {token}"}
    calls: type[Calls] = McpCalls if mcp else RestCalls
    command = ["mcp", "--http"] if mcp else ["serve"]
    turns: list[dict[str, Any]] = []
    part_s = seconds / rounds
    with serve_process(*command[1:], "--store", store, "--workers", str(workers), command=command[0]) as url:
        pids = _server_pids(url)
        spoken = _warm(url, headers, calls, workers)
        load = os.getloadavg()[0]
        cpu = dict.fromkeys(pids, 0.0)
        for n in range(rounds):
            inprocess = baseline(part_s, n)
            before = {pid: _cpu_s(pid) for pid in pids}
            if generator == "wrk" and (not mcp or spoken == McpCalls.modern_version()):
                turn = _wrk(url, token, plan, clients=clients, seconds=part_s, mcp_version=spoken if mcp else None)
            else:  # wrk sends each request on its own: the handshake's session needs the Python clients
                generator = "python"
                turn = _python_load(url, headers, plan, clients=clients, seconds=part_s, calls=calls)
            for pid in pids:
                cpu[pid] += _cpu_s(pid) - before[pid]
            turn.update(in_process=inprocess, vs_in_process=round(turn["throughput_rps"] / inprocess["ops_per_s"], 2))
            turns.append(turn)
        rss = {pid: _rss_mib(pid) for pid in pids}
    requests, wall = sum(t["requests"] for t in turns), sum(t["seconds"] for t in turns)
    ops, ops_s = sum(t["in_process"]["ops"] for t in turns), sum(t["in_process"]["seconds"] for t in turns)
    return {
        "requests": requests, "errors": sum(t["errors"] for t in turns), "seconds": round(wall, 2),
        "throughput_rps": round(requests / wall, 1),
        "vs_in_process": round(statistics.median(t["vs_in_process"] for t in turns), 2),
        "in_process": {"ops_per_s": round(ops / ops_s, 1),
                       "turns_ops_per_s": [t["in_process"]["ops_per_s"] for t in turns]},
        "all": {"p50_ms": statistics.median(t["all"]["p50_ms"] for t in turns),
                "p99_ms": max(t["all"]["p99_ms"] for t in turns), "max_ms": max(t["all"]["max_ms"] for t in turns),
                "n": requests},
        "rounds": turns, "workers": workers, "clients": clients, "generator": generator,
        "protocol": f"mcp {spoken}" if mcp else "rest", "load_average_1min": round(load, 2),
        "worker_cpu_share": [round(cpu[p] / wall, 2) for p in pids], "worker_rss_mib": [rss[p] for p in pids],
        "server_cpu_ms_per_request": round(sum(cpu.values()) * 1000 / max(1, requests), 2),
    } | ({"generator_cpu_share": statistics.median(t["generator_cpu_share"] for t in turns)}
         if generator == "python" else {})  # fmt: skip


def _warm(url: str, headers: dict[str, str], calls: type[Calls], workers: int) -> str:
    """Every worker loads its mirrors before the clock starts (a new connection a search: the kernel spreads
    them), and every answer is checked: a run against a server that answers only errors measures nothing.
    Returns the protocol version the clients spoke (MCP), else ''."""
    spoken = ""
    for query in ("warm up", "billing worker", "deploy") * workers:
        with httpx.Client(base_url=url, headers=headers, timeout=60) as http:
            call = calls(http)
            failed = call("search", {"query": query, "limit": 10})
            call.close()
        if failed:
            raise RuntimeError(f"the warm-up's {failed}")
        spoken = getattr(call, "protocol", "")
    return spoken


class Calls(Protocol):
    """One client's side of the plan over its own connection (``http``): each operation sent as the server
    expects it, answered with what went wrong (None: nothing)."""

    def __init__(self, http: httpx.Client) -> None: ...

    def __call__(self, kind: str, body: dict[str, Any]) -> str | None: ...

    def close(self) -> None: ...


class RestCalls:
    """The plan as REST requests: a non-2xx answer is an error."""

    def __init__(self, http: httpx.Client) -> None:
        self.http = http

    def __call__(self, kind: str, body: dict[str, Any]) -> str | None:
        response = self.http.post(_path(kind), json=body)
        return None if response.status_code < 300 else f"{kind}: HTTP {response.status_code}"

    def close(self) -> None:
        pass


class McpCalls:
    """The plan as MCP tool calls over streamable HTTP, spoken as the SDK's client speaks it (``mode="auto"``):
    one ``server/discover`` probe at the newest version; a server that offers it is then called without a
    handshake, each request carrying the version, the client and its capabilities in ``_meta`` and the
    routing headers (``mcp-method``, ``mcp-name``); any other server gets the initialize handshake at the
    newest handshake version (the session id, when it keeps sessions, sent on every later request). Then one
    JSON-RPC ``tools/call`` POST an operation (the tools ``search`` and ``store`` take the REST bodies as
    their arguments), the answer read as an event stream or as JSON. An error: a non-2xx answer, a JSON-RPC
    error, a tool error (``isError``), or a search answered without hits (the store holds 5,000 memories:
    every query has neighbours)."""

    CLIENT: ClassVar[dict[str, str]] = {"name": "tiermem-bench", "version": "1"}

    def __init__(self, http: httpx.Client) -> None:
        self.http, self.ids = http, itertools.count(1)
        self.headers = {"Accept": "application/json, text/event-stream"}
        self.meta: dict[str, Any] = {}
        self._modern(modern := self.modern_version())
        _, found = self._request("server/discover", {})
        if found is None or modern not in found.get("result", {}).get("supportedVersions", []):
            self._handshake()
        self.protocol = self.headers["mcp-protocol-version"]

    @staticmethod
    def modern_version() -> str:
        from mcp.types.version import LATEST_MODERN_VERSION

        return LATEST_MODERN_VERSION

    @classmethod
    def envelope(cls, version: str) -> dict[str, Any]:
        """The ``_meta`` a request carries at a handshake-free version."""
        return {"io.modelcontextprotocol/protocolVersion": version,
                "io.modelcontextprotocol/clientInfo": cls.CLIENT,
                "io.modelcontextprotocol/clientCapabilities": {}}  # fmt: skip

    def _modern(self, version: str) -> None:
        self.headers["mcp-protocol-version"] = version
        self.meta = self.envelope(version)

    def _handshake(self) -> None:
        from mcp.types.version import LATEST_HANDSHAKE_VERSION

        self.meta = {}
        self.headers = {"Accept": self.headers["Accept"]}
        hello = {"protocolVersion": LATEST_HANDSHAKE_VERSION, "capabilities": {}, "clientInfo": self.CLIENT}
        response, answer = self._request("initialize", hello)
        if answer is None or "result" not in answer:
            raise RuntimeError(f"MCP initialize: HTTP {response.status_code}: {response.text[:200]}")
        self.headers["mcp-protocol-version"] = answer["result"]["protocolVersion"]
        if session := response.headers.get("mcp-session-id"):
            self.headers["mcp-session-id"] = session
        self.http.post("/mcp", json={"jsonrpc": "2.0", "method": "notifications/initialized"},
                       headers=self.headers).raise_for_status()  # fmt: skip

    def _request(self, method: str, params: dict[str, Any]) -> tuple[httpx.Response, dict[str, Any] | None]:
        """One JSON-RPC request: the HTTP response, and the answer it holds (None: none, or not 2xx)."""
        request_id = next(self.ids)
        headers = self.headers
        if self.meta:  # the modern protocol: the envelope in _meta, the routing in headers
            params = {**params, "_meta": self.meta}
            headers = {**headers, "mcp-method": method} | ({"mcp-name": params["name"]} if "name" in params else {})
        message = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
        response = self.http.post("/mcp", json=message, headers=headers)
        return response, (_jsonrpc_answer(response, request_id) if response.status_code < 300 else None)

    def __call__(self, kind: str, body: dict[str, Any]) -> str | None:
        arguments = {**body, "agent_id": AGENT}
        response, answer = self._request("tools/call", {"name": kind, "arguments": arguments})
        if response.status_code >= 300:
            return f"{kind}: HTTP {response.status_code}"
        if answer is None:
            return f"{kind}: no JSON-RPC answer in {response.text[:200]!r}"
        if "error" in answer:
            return f"{kind}: JSON-RPC error {answer['error']}"
        result = answer["result"]
        if result.get("isError"):
            return f"{kind}: tool error: {result['content'][0]['text'][:200]}"
        if kind == "search" and not (result.get("structuredContent") or {}).get("hits"):
            return "search: answered without hits"
        return None

    def close(self) -> None:
        if "mcp-session-id" in self.headers:  # the session ends, as the SDK's client ends it
            self.http.delete("/mcp", headers=self.headers)


def _jsonrpc_answer(response: httpx.Response, request_id: int) -> dict[str, Any] | None:
    """The JSON-RPC answer to ``request_id`` in a streamable-HTTP response: a JSON body, or an event stream
    whose events' ``data`` lines hold JSON-RPC messages (priming events and notifications among them)."""
    if response.headers.get("content-type", "").startswith("application/json"):
        messages = [response.json()]
    else:
        messages, data = [], []
        for line in [*response.text.splitlines(), ""]:
            if line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
            elif not line and data:  # an event ends
                joined, data = "\n".join(data), []
                if joined.strip():
                    messages.append(json.loads(joined))
    return next((m for m in messages if isinstance(m, dict) and m.get("id") == request_id), None)


def _server_pids(url: str) -> list[int]:
    """The processes serving ``url``: the listening process, or, with workers, its worker children."""
    port = url.rsplit(":", 1)[1]
    parent = next(
        int(p.name) for p in Path("/proc").iterdir()
        if p.name.isdigit() and f"--port\0{port}".encode() in _read(p / "cmdline")
    )  # fmt: skip
    children = [
        int(p.name) for p in Path("/proc").iterdir()
        if p.name.isdigit() and _read(p / "stat").split(b") ", 1)[-1].split()[1:2] == [str(parent).encode()]
        and b"multiprocessing" in _read(p / "cmdline") and b"resource_tracker" not in _read(p / "cmdline")
    ]  # fmt: skip
    return children or [parent]


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _cpu_s(pid: int) -> float:
    fields = _read(Path(f"/proc/{pid}/stat")).split(b") ", 1)[-1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") if len(fields) > 12 else 0.0


def _rss_mib(pid: int) -> float:
    for line in _read(Path(f"/proc/{pid}/status")).decode().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


WRK_SCRIPT = """
local heads, reqs, i = {%(headers)s}, {%(requests)s}, 0
local threads = {}
setup = function(thread) table.insert(threads, thread) end
init = function(args) i = math.random(#reqs); bad = 0 end
request = function() i = i %% #reqs + 1; return wrk.format("POST", reqs[i][1], heads[reqs[i][3]], reqs[i][2]) end
%(response)s
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  for _, thread in ipairs(threads) do errors = errors + thread:get("bad") end
  io.write(string.format('WRK {"requests": %%d, "us": %%d, "errors": %%d, "status": %%d, ' ..
    '"p50": %%d, "p99": %%d, "max": %%d}\\n',
    summary.requests, summary.duration, errors, summary.errors.status,
    latency:percentile(50), latency:percentile(99), latency.max))
end
"""
# MCP answers come back 200 whatever happened inside: a JSON-RPC error, a tool error or a search without hits
# is read from the body (plain JSON, as `tiermem mcp --http` answers; quotes inside strings are escaped, so
# these cannot match a memory's text).
WRK_MCP_ERRORS = """
response = function(status, headers, body)
  if status < 300 and (body:find('"isError":true', 1, true) or body:find('"error":{', 1, true)
      or body:find('"hits":[]', 1, true)) then bad = bad + 1 end
end
"""


def _wrk(
    url: str, token: str, plan: list[tuple[str, dict[str, Any]]], *, clients: int, seconds: float,
    mcp_version: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    """wrk (one thread: it is C and needs a fraction of a core) with the plan's requests, round robin. With
    ``mcp_version``: each operation as the MCP tool call the Python clients send at that (handshake-free)
    version, to ``/mcp``."""

    def lua(text: str) -> str:
        return "[==[" + text + "]==]"

    def table(headers: dict[str, str]) -> str:
        return "{" + ", ".join(f"[ {lua(k)} ] = {lua(v)}" for k, v in headers.items()) + "}"

    kinds = sorted({kind for kind, _ in plan})
    base = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    if mcp_version is None:
        heads = [base] * len(kinds)
        rows = [(_path(kind), json.dumps(body), kinds.index(kind) + 1) for kind, body in plan]
    else:
        base |= {"Accept": "application/json, text/event-stream", "mcp-protocol-version": mcp_version}
        heads = [base | {"mcp-method": "tools/call", "mcp-name": kind} for kind in kinds]
        meta = McpCalls.envelope(mcp_version)
        rows = [("/mcp", json.dumps({"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": {
            "name": kind, "arguments": {**body, "agent_id": AGENT}, "_meta": meta}}), kinds.index(kind) + 1)
            for n, (kind, body) in enumerate(plan, 1)]  # fmt: skip
    script_text = WRK_SCRIPT % {
        "headers": ",".join(table(h) for h in heads),
        "requests": ",".join(f"{{{lua(path)}, {lua(body)}, {n}}}" for path, body, n in rows),
        "response": WRK_MCP_ERRORS if mcp_version else "",
    }
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(script_text)
    try:
        out = subprocess.run(
            ["wrk", "-t1", f"-c{clients}", f"-d{int(seconds)}s", "--timeout", "30s", "-s", script.name, url],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
    finally:
        os.unlink(script.name)
    stats = json.loads(out.split("WRK ", 1)[1].splitlines()[0])
    wall = stats["us"] / 1e6
    return {"requests": stats["requests"], "errors": stats["errors"] + stats["status"], "seconds": round(wall, 2),
            "throughput_rps": round(stats["requests"] / wall, 1),
            "all": {"p50_ms": stats["p50"] / 1000, "p99_ms": stats["p99"] / 1000, "max_ms": stats["max"] / 1000,
                    "n": stats["requests"]}}  # fmt: skip


def _path(kind: str) -> str:
    return f"/v1/agents/{AGENT}/search" if kind == "search" else f"/v1/agents/{AGENT}/memories"


def _python_load(url: str, headers: dict[str, str], plan: list[tuple[str, dict[str, Any]]], *, clients: int,
                 seconds: float, calls: type[Calls] = RestCalls) -> dict[str, Any]:  # fmt: skip
    """Without wrk (or for MCP): ``clients`` threads with a connection each, in a process of their own (not
    this one's GIL), for ``seconds``; ``calls`` sends the operations."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        samples, errors, wall, cpu = pool.apply(_fire, (url, headers, plan, clients, seconds, calls))
    return {"requests": len(samples), "errors": len(errors), "error_samples": errors[:5], "seconds": round(wall, 2),
            "generator_cpu_share": round(cpu / wall, 2),
            "throughput_rps": round(len(samples) / wall, 1), "all": latency([s for _, s in samples]),
            "search": latency([s for kind, s in samples if kind == "search"]),
            "store": latency([s for kind, s in samples if kind == "store"])}  # fmt: skip


def _fire(url: str, headers: dict[str, str], plan: list[tuple[str, dict[str, Any]]], clients: int,
          seconds: float, calls: type[Calls]) -> tuple[list[tuple[str, float]], list[str], float, float]:  # fmt: skip
    """The samples (kind, seconds), the errors, the wall time and this process's CPU seconds of the run."""
    samples: list[tuple[str, float]] = []
    errors: list[str] = []
    lock = threading.Lock()
    deadline = [0.0]
    # the clock starts when every client is connected (MCP: after the handshakes), before any is let go
    gate = threading.Barrier(clients + 1, action=lambda: deadline.__setitem__(0, time.perf_counter() + seconds))

    def client(offset: int) -> None:
        with httpx.Client(base_url=url, headers=headers, timeout=120) as http:
            try:  # before the clock (MCP: the handshake)
                call: Calls | None = calls(http)
            except Exception as exc:  # counted, and the others are not left waiting at the gate
                call = None
                with lock:
                    errors.append(f"connect: {type(exc).__name__}: {exc}")
            gate.wait()
            for kind, body in itertools.islice(itertools.cycle(plan), offset, None):
                if call is None or time.perf_counter() >= deadline[0]:
                    break
                start = time.perf_counter()
                try:
                    failed = call(kind, body)
                except Exception as exc:  # a socket error, or an answer that is not what the protocol says
                    failed = f"{kind}: {type(exc).__name__}: {exc}"
                with lock:
                    samples.append((kind, time.perf_counter() - start))
                    if failed:
                        errors.append(failed)
            if call is not None:
                with contextlib.suppress(httpx.HTTPError):
                    call.close()

    threads = [threading.Thread(target=client, args=(c * len(plan) // clients,)) for c in range(clients)]
    for thread in threads:
        thread.start()
    gate.wait()
    started, cpu = time.perf_counter(), time.process_time()
    for thread in threads:
        thread.join()
    return samples, errors, time.perf_counter() - started, time.process_time() - cpu


# --- scale: search at a million memories -----------------------------------------------------------------


def run_scale(
    backend: str, *, size: int, seed: int, tmp: Path, batch: int = 20_000, url: str | None = None
) -> dict[str, Any]:
    """``size`` memories stored with ``Memory.store_many`` (on PostgreSQL inside ``bulk_load``: the HNSW
    index built once after the load, timed apart), then searched. A PostgreSQL ``url`` that already holds
    ``size`` memories of the bench agent is searched as it is (no load)."""
    corpus = Corpus(seed)
    queries = corpus.queries(200)
    with location(backend, tmp, url) as store, Memory.open(store) as mem:
        backend_ = mem._backend  # the primitive, measured on its own
        load_s = index_s = None
        others = [a for a in backend_.agents() if a != AGENT] if url else []
        if others:  # a database loaded by something else: loading the bench agent beside it measures neither
            sys.exit(
                f"{url} holds other agents ({', '.join(others[:3])}); pass an empty database or one this part loaded"
            )
        if backend_.count(AGENT) < size:
            bulk = backend_.bulk_load(size) if backend == "postgres" else contextlib.nullcontext(False)
            started = time.perf_counter()
            with bulk:
                for start in range(0, size, batch):
                    items = corpus.memories(min(batch, size - start), dup_rate=0.0)
                    mem.store_many(items, agent_id=AGENT, dedup=False)
                    if (start // batch) % 10 == 0:
                        done = min(start + batch, size)
                        log(f"  {backend}: {done:,} / {size:,} stored ({time.perf_counter() - started:.0f} s)")
                loaded = time.perf_counter()
            load_s, index_s = loaded - started, time.perf_counter() - loaded
            if backend == "postgres":
                _analyze(store)  # what autovacuum does after a bulk load, done now rather than whenever it runs
        qvecs = mem.embedder.embed(queries)
        for query in queries[:MIRROR_FROM_QUERY]:  # warm: caches, the vector mirror, the BM25 mirror
            mem.search(query, agent_id=AGENT, reinforce=False)
        search, vector, lexical = [], [], []
        # The signals alone are timed with another query than the search just ran, whose index pages it has read.
        others_vecs = [*qvecs[len(qvecs) // 2 :], *qvecs[: len(qvecs) // 2]]
        for query, qvec in zip(queries, others_vecs, strict=True):
            t0 = time.perf_counter()
            mem.search(query, agent_id=AGENT, limit=10, reinforce=False)
            t1 = time.perf_counter()
            backend_.vector(AGENT, qvec[None, :], limit=200)
            t2 = time.perf_counter()
            backend_.lexical(AGENT, query.split(), limit=200)
            search.append(t1 - t0)
            vector.append(t2 - t1)
            lexical.append(time.perf_counter() - t2)
        count = mem.stats(agent_id=AGENT)["memories"]
    return {"backend": backend, "memories": count, "load_s": _round(load_s), "index_build_s": _round(index_s),
            "load_per_s": round(size / load_s) if load_s else None, "load_average_1min": round(os.getloadavg()[0], 2),
            "search": latency(search), "vector_200": latency(vector), "lexical_200": latency(lexical)}  # fmt: skip


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def _analyze(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("ANALYZE")


# --- bulk: an export read back into an empty PostgreSQL database (COPY) ----------------------------------


def run_bulk(*, size: int, seed: int, tmp: Path, url: str | None = None, batch: int = 5000) -> dict[str, Any]:
    """``size`` memories (the scale part's database when ``url`` holds them, else a new store) loaded into an
    empty database twice, HNSW built after (timed apart): **copy**, the records and vectors read back and
    written with ``backend.insert`` (COPY, ``batch`` rows a call) inside ``bulk_load``: the backend's bulk
    path; **import**, an export with vectors read by ``Memory.admin.import_from`` (parse, check, redact, then
    the same COPY in batches of 500; the import itself decides to load in bulk): the whole path of
    ``tiermem import``."""
    import numpy as np

    dump = tmp / "export.jsonl"
    with location("postgres", tmp, url) as source, Memory.open(source) as mem:
        if mem._backend.count(AGENT) < size:
            corpus = Corpus(seed)
            with mem._backend.bulk_load(size):
                for start in range(0, size, 20_000):
                    items = corpus.memories(min(20_000, size - start), dup_rate=0.0)
                    mem.store_many(items, agent_id=AGENT, dedup=False)
        records = list(itertools.islice(mem._backend.iter_all(AGENT), size))
        vectors: dict[str, Any] = {}
        for start in range(0, len(records), 1000):
            vectors.update(mem._backend.vectors_for(AGENT, [r.id for r in records[start : start + 1000]]))
        exported = _export(mem, dump, size)
    result: dict[str, Any] = {"memories": len(records), "load_average_1min": round(os.getloadavg()[0], 2)}
    with Memory.open(pg.cluster(PG_SETTINGS).create_database("copy")) as mem:
        started = time.perf_counter()
        with mem._backend.bulk_load(len(records)) as rebuilt:
            for start in range(0, len(records), batch):
                rows = records[start : start + batch]
                mem._backend.insert(rows, np.stack([vectors[r.id] for r in rows]))
            loaded = time.perf_counter()
        done = time.perf_counter()
    result["copy"] = _bulk_times(len(records), started, loaded, done, rebuilt)
    with Memory.open(pg.cluster(PG_SETTINGS).create_database("import")) as mem:
        builds = _timed_index_builds(mem._backend)
        started = time.perf_counter()
        report = mem.admin.import_from(dump)
        done = time.perf_counter()
        assert report.embedded == 0 and report.memories_added == exported, "every vector came from the file"
    built = builds()
    result["import"] = _bulk_times(exported, started, done - sum(built), done, bool(built))
    return result


def _timed_index_builds(backend: Any) -> Callable[[], list[float]]:
    """Times every HNSW build of ``backend`` from now on (an import builds it after a bulk load, inside the
    call); returns what reads the times of the builds (not the no-op checks)."""
    ensure, times = backend.ensure_vector_index, []

    def timed(dims: int) -> None:
        had = backend._all("SELECT to_regclass(%s)", (f"vectors_hnsw_{dims}",))[0][0]
        started = time.perf_counter()
        ensure(dims)
        if had is None:
            times.append(time.perf_counter() - started)

    backend.ensure_vector_index = timed
    return lambda: times


def _export(mem: Memory, dump: Path, size: int) -> int:
    """The first ``size`` memories of the bench agent as an export with vectors (a file ``tiermem import``
    reads); returns how many."""
    lines = mem.admin.export_lines(agent_id=AGENT, embeddings=True)
    count = 0
    with dump.open("w", encoding="utf-8") as out:
        out.write(next(lines))  # the header
        for line in lines:
            if count == size or not line.startswith('{"kind": "memory"'):
                break
            out.write(line)
            count += 1
        counts = {"memory": count, "link": 0, "history": 0, "doc": 0, "pin": 0}
        out.write(json.dumps({"kind": "end", "counts": counts}) + "\n")
    return count


def _bulk_times(rows: int, started: float, loaded: float, done: float, rebuilt: bool) -> dict[str, Any]:
    return {"load_s": round(loaded - started, 1), "memories_per_s": round(rows / (loaded - started)),
            "index_rebuilt_after": rebuilt, "index_build_s": round(done - loaded, 1),
            "with_index_per_s": round(rows / (done - started))}  # fmt: skip


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
    for part in ("load", "mcp"):
        for r in report.get(part, []):
            rows += _load_rows(part, r)
    for r in report.get("scale", []):
        b = r["backend"]
        rows += [
            (f"scale {b}: memories", f"{r['memories']:,}"),
            (f"scale {b}: store_many load / index build (s)",
             "reused" if r["load_s"] is None else f"{r['load_s']:,.0f} / {r['index_build_s']:,.0f}"),
            (f"scale {b}: Memory.search p50 / p99 (ms)", _pair(r["search"])),
            (f"scale {b}: backend.vector(200) p50 / p99 (ms)", _pair(r["vector_200"])),
            (f"scale {b}: backend.lexical(200) p50 / p99 (ms)", _pair(r["lexical_200"])),
        ]  # fmt: skip
    bulk = report.get("bulk") or {}
    for path in ("copy", "import"):
        if path in bulk:
            r, n = bulk[path], f"{bulk['memories']:,}"
            rows += [
                (f"bulk {path} of {n} into PostgreSQL: memories/s (load / +HNSW after)",
                 f"{r['memories_per_s']:,} / {r['with_index_per_s']:,}"),
                (f"bulk {path}: load / HNSW build (s)", f"{r['load_s']:.1f} / {r['index_build_s']:.1f}"),
            ]  # fmt: skip
    restore = report.get("restore") or {}
    if "restore_s" in restore:
        rows += [(f"restore: {restore['memories']:,} memories, push / restore (s)",
                  f"{restore['push_s']:.1f} / {restore['restore_s']:.1f}")]  # fmt: skip
    width = max(len(label) for label, _ in rows) + 2 if rows else 10
    print(f"tiermem server benchmark ({report['machine'].get('cpu_count')} cpus, {report['machine']['date']})")
    for label, value in rows:
        print(f"{label:<{width}}{value:>20}")


def _load_rows(part: str, r: dict[str, Any]) -> list[tuple[str, str]]:
    """The rows of one run of the load (or mcp) part."""
    b, w, inp = r["backend"], f"{r['workers']} worker{'s' if r['workers'] > 1 else ''}", r["in_process"]
    generator = r["generator"] + (f", {r['generator_cpu_share']} cores" if "generator_cpu_share" in r else "")
    return [
        (f"{part} {b}, {w}: in-process, one thread (operations/s)", f"{inp['ops_per_s']:,.1f}"),
        (f"{part} {b}, {w}: {r['clients']} connections ({generator}), requests / errors",
         f"{r['requests']:,} / {r['errors']}"),
        (f"{part} {b}, {w}: throughput (requests/s, median x in-process)",
         f"{r['throughput_rps']:,.1f} ({r['vs_in_process']:.2f}x)"),
        (f"{part} {b}, {w}: each turn, x in-process",
         " ".join(f"{t['vs_in_process']:.2f}" for t in r.get("rounds", []))),
        (f"{part} {b}, {w}: p50 / p99 (ms)", _pair(r["all"])),
        (f"{part} {b}, {w}: server CPU per request (ms)", f"{r['server_cpu_ms_per_request']:.1f}"),
        (f"{part} {b}, {w}: worker CPU (cores) / RSS (MiB)",
         f"{'+'.join(map(str, r['worker_cpu_share']))} / {'+'.join(f'{m:.0f}' for m in r['worker_rss_mib'])}"),
        (f"{part} {b}, {w}: load average (1 min) at start", f"{r['load_average_1min']:.1f}"),
    ]  # fmt: skip


def _pair(stats: dict[str, float]) -> str:
    return f"{stats['p50_ms']:.1f} / {stats['p99_ms']:.1f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clients", type=int, default=16, help="concurrent connections in the load part")
    parser.add_argument("--seconds", type=float, default=50, help="length of each server's load, all turns")
    parser.add_argument("--rounds", type=int, default=5, help="turns of in-process and server load")
    parser.add_argument("--workers", default=f"1,{default_workers()}", help="worker counts of the load part")
    parser.add_argument("--generator", choices=["auto", "wrk", "python"], default="auto")
    parser.add_argument("--scale", type=int, default=1_000_000, help="memories in the scale part")
    parser.add_argument("--restore-size", type=int, default=10_000)
    parser.add_argument("--bulk-size", type=int, default=100_000, help="memories in the bulk (import) part")
    parser.add_argument(
        "--postgres-url",
        default=None,
        help="scale/bulk: this PostgreSQL database instead of a new one (reused if it holds --scale)",
    )
    parser.add_argument("--parts", default="load,scale,restore", help="of load, mcp, scale, bulk, restore")
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds / args.rounds < 1:
        parser.error("--seconds must give each of --rounds turns at least one second")
    parts, backends = set(args.parts.split(",")), args.backends.split(",")
    report: dict[str, Any] = {
        "benchmark": "server",
        "machine": machine_info(),
        "config": vars(args) | {"out": str(args.out)},
    }
    generator = ("wrk" if shutil.which("wrk") else "python") if args.generator == "auto" else args.generator
    counts = list(dict.fromkeys(int(w) for w in args.workers.split(",")))
    steps: list[tuple[str, Callable[[Path], Any]]] = []
    for part, b in itertools.product(("load", "mcp"), backends):
        steps.append(
            (
                part,
                lambda tmp, b=b, mcp=part == "mcp": run_load(
                    b, clients=args.clients, seconds=args.seconds, workers=counts, seed=args.seed, tmp=tmp,
                    rounds=args.rounds,
                    generator=generator, mcp=mcp,
                ),
            )
        )  # fmt: skip
    for b in backends:
        steps.append(
            ("scale", lambda tmp, b=b: run_scale(b, size=args.scale, seed=args.seed, tmp=tmp, url=args.postgres_url))
        )
    steps.append(("bulk", lambda tmp: run_bulk(size=args.bulk_size, seed=args.seed, tmp=tmp, url=args.postgres_url)))
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
        if part in ("restore", "bulk"):
            report[part] = result
        elif part in ("load", "mcp"):
            report.setdefault(part, []).extend(result)
        else:
            report.setdefault(part, []).append(result)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")  # kept after every part
    render(report)
    log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
