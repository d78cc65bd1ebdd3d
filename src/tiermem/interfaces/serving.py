"""`tiermem serve` and `tiermem mcp --http` in several worker processes: one per core by default, each with its
own store handle.

The engine is synchronous Python, so one process serves one request's CPU work at a time (the GIL), whatever
its thread pool: on a 2-core machine a single process left the second core idle and queued the rest. Here a
supervisor (:func:`serve_workers`) starts ``workers`` processes; each calls :func:`worker_app`, which opens
the store in that process, and keeps its own in-memory mirrors (BM25 and vectors), kept current with what
the others commit exactly as separate processes always were (SQLite: the meta table's epochs and the file's
data version; PostgreSQL holds no state in the server).

Each worker listens on the port through a socket of its own with ``SO_REUSEPORT``, and the kernel spreads
new connections over them. One socket shared by every worker (uvicorn's ``workers=``) was measured here to
send all 16 keep-alive connections of a load test to one worker while the other sat idle: whichever process
wakes first accepts every pending connection, and keep-alive connections never move. Where the system has
no ``SO_REUSEPORT``, uvicorn's own supervisor is used.

What a worker needs to open the same store reaches it through one environment variable (workers start with
``spawn``: they inherit the environment, not the parent's objects).
"""

from __future__ import annotations

import json
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
import sys
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

    from ..engine import Memory

ENV = "TIERMEM_SERVE_WORKER"
# Thread pools of numerical libraries: with one process per core, a library that also starts a thread per
# core in each of them only makes them fight (OpenBLAS' idle threads spin; see storage.vectors).
_ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


@dataclass(frozen=True, slots=True)
class WorkerConfig:
    """What every worker opens and how it serves it."""

    store: str
    insecure_local: bool = False
    max_body_bytes: int = 4 * 1024 * 1024
    workspace: str | None = None
    host: str | None = None
    config: dict[str, Any] | None = None  # settings over the store's (serve --config)
    mcp: bool = False  # the MCP streamable HTTP app instead of REST
    default_agent: str = "default"  # MCP: the agent of calls that name none

    def to_env(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> WorkerConfig:
        raw = (os.environ if environ is None else environ).get(ENV)
        if not raw:
            raise RuntimeError(f"{ENV} is not set: worker_app runs inside `tiermem serve --workers N`")
        data: dict[str, Any] = json.loads(raw)
        return cls(**data)


def default_workers() -> int:
    """One worker per core this process may run on (a container's CPU set, not the host's core count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - macOS and Windows have no affinity call
        return max(1, os.cpu_count() or 1)


def prepare_environment(config: WorkerConfig) -> None:
    """Set what the workers inherit: their configuration, and one thread per numerical library."""
    os.environ[ENV] = config.to_env()
    for name in _ONE_THREAD:
        os.environ.setdefault(name, "1")


def build_app(memory: Memory, config: WorkerConfig, *, shared: bool) -> Any:
    """The ASGI app ``config`` describes over ``memory``: REST (its pages included) or MCP's streamable HTTP.
    ``shared``: one of several worker processes; MCP is then stateless (a session kept in one process would
    be unknown to the worker the kernel hands the client's next connection to)."""
    if config.mcp:
        from .mcp import http_app

        host = config.host or "127.0.0.1"
        return http_app(
            memory,
            default_agent=config.default_agent,
            insecure_local=config.insecure_local,
            workspace=config.workspace,
            host=host,
            stateless=shared,
        )
    from .api import create_app

    return create_app(
        memory,
        insecure_local=config.insecure_local,
        max_body_bytes=config.max_body_bytes,
        workspace=config.workspace,
        host=config.host,
    )


def worker_app() -> Any:
    """uvicorn's app factory, called once in each worker: the store opened in this process, closed when the
    worker stops (which writes the reinforcement counts it still holds)."""
    from ..engine import Memory

    config = WorkerConfig.from_env()
    memory = Memory.open(config.store, config=config.config)
    app = build_app(memory, config, shared=True)

    async def closing(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "lifespan":
            await app(scope, receive, send)
            return
        try:  # the lifespan call lasts from the worker's start to its stop
            await app(scope, receive, send)
        finally:
            memory.close()

    return closing


def serve_workers(config: WorkerConfig, count: int, port: int, options: dict[str, Any]) -> None:
    """Run ``count`` workers on ``port`` (uvicorn ``options`` each) until SIGINT or SIGTERM; a worker that
    dies is started again."""
    import uvicorn

    prepare_environment(config)
    host = config.host or "127.0.0.1"
    if not hasattr(socket, "SO_REUSEPORT"):  # pragma: no cover - not on Linux, macOS or the BSDs
        uvicorn.run(f"{__name__}:worker_app", factory=True, workers=count, host=host, port=port, **options)
        return
    port = claim_port(host, port)
    context = multiprocessing.get_context("spawn")
    stopping: list[int] = []

    def stop(signum: int, _frame: object) -> None:
        stopping.append(signum)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    workers: list[BaseProcess] = []
    try:
        workers = [_start(context, host, port, options) for _ in range(count)]
        while not stopping:
            multiprocessing.connection.wait([w.sentinel for w in workers], timeout=0.5)
            for i, worker in enumerate(workers):
                if not worker.is_alive() and not stopping:
                    sys.stderr.write(f"tiermem: worker {worker.pid} exited ({worker.exitcode}); starting another\n")
                    workers[i] = _start(context, host, port, options)
    finally:
        _stop(workers)
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def claim_port(host: str, port: int) -> int:
    """The port, checked free (a server already on it refuses this plain bind, where the workers' shared one
    would join it); port 0: a free one, chosen now so that every worker listens on the same."""
    with socket.socket(_family(host), socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # Linux: past TIME_WAIT, never a listener
        probe.bind((host, port))
        return int(probe.getsockname()[1])


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def _start(context: Any, host: str, port: int, options: dict[str, Any]) -> BaseProcess:
    process: BaseProcess = context.Process(target=_worker, args=(host, port, options), daemon=True)
    process.start()
    return process


def _stop(workers: list[BaseProcess], grace_s: float = 30.0) -> None:
    """SIGTERM to each worker (a graceful stop: open requests finish, the store is closed), then wait."""
    for worker in workers:
        if worker.is_alive() and worker.pid is not None:
            os.kill(worker.pid, signal.SIGTERM)
    for worker in workers:
        worker.join(grace_s)
        if worker.is_alive():
            worker.kill()
            worker.join()


def _worker(host: str, port: int, options: dict[str, Any]) -> None:
    """One worker process: its own listening socket on the shared port, uvicorn serving the store's app."""
    import uvicorn

    sock = socket.socket(_family(host), socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    server = uvicorn.Server(uvicorn.Config(worker_app, factory=True, **options))
    server.run(sockets=[sock])
