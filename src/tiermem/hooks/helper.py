"""The resident helper: one process per project store that keeps the stores (and the embedding model)
open, so a hook call costs a socket round trip instead of loading the engine.

It listens on a unix socket (mode 0600, in the store's ``hooks/`` directory), answers one request per
connection, and runs deferred jobs (transcript extraction) when no request is waiting. A lock file makes it
the only helper of its socket; it exits after ``--idle`` seconds without requests. Started by the hook client
(``python -m tiermem.hooks.helper``), never by hand.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import select
import signal
import socket
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any

from .client import _read_all, ask
from .handlers import handle, run_job
from .locate import PROTOCOL, Place
from .payload import HookInput, PayloadError, parse_payload
from .runtime import Runtime, log_failure

DEFAULT_IDLE_S = 1800.0
READ_TIMEOUT_S = 5.0
CHECK_EVERY_S = 30.0  # how often an idle helper checks that its socket (and store) still exist


class Helper:
    def __init__(self, place: Place, runtime: Runtime) -> None:
        self.place = place
        self.runtime = runtime
        self.jobs: deque[dict[str, Any]] = deque()

    def respond(self, raw: bytes) -> str:
        """The answer to one request (a hook call, a job to queue, or a ping)."""
        try:
            request = json.loads(raw)
            if not isinstance(request, dict) or request.get("v") != PROTOCOL:
                return "{}"
            if "job" in request:
                self.jobs.append(dict(request["job"]))
                return "{}"
            if request.get("ping"):
                return json.dumps({"pid": os.getpid(), "jobs": len(self.jobs)})
            hook = parse_payload(str(request.get("payload", "")), str(request.get("event", "")))
        except (ValueError, TypeError, PayloadError) as exc:
            log_failure(self.place, "helper request", exc)
            return "{}"
        return self.answer(hook, bool(request.get("gate")))

    def answer(self, hook: HookInput, gate: bool) -> str:
        try:
            found = handle(self.runtime, hook, gate=gate)
        except Exception as exc:  # one bad call must not take the helper down
            log_failure(self.place, f"{hook.event} (helper)", exc)
            return "{}"
        self.jobs.extend(found.jobs)
        return json.dumps(found.output, ensure_ascii=False)

    def run_jobs(self, server: socket.socket | None) -> None:
        """Deferred work, one job at a time, while no hook call is waiting."""
        while self.jobs and (server is None or not select.select([server], [], [], 0)[0]):
            job = self.jobs.popleft()
            try:
                run_job(self.runtime, job)
            except Exception as exc:
                log_failure(self.place, "helper job", exc)


def serve(helper: Helper, server: socket.socket, path: str, idle_s: float) -> None:
    """Answer until ``idle_s`` pass without a call, or the socket file goes (the store was deleted or
    moved): either way the next hook call starts a new helper."""
    try:
        last = time.monotonic()
        while time.monotonic() - last < idle_s and os.path.exists(path):
            helper.run_jobs(server)
            wait = min(CHECK_EVERY_S, idle_s - (time.monotonic() - last))
            if not select.select([server], [], [], max(wait, 0.0))[0]:
                continue
            last = time.monotonic()
            conn, _ = server.accept()
            with conn:
                try:
                    conn.settimeout(READ_TIMEOUT_S)
                    reply = helper.respond(_read_all(conn))
                    conn.sendall(reply.encode("utf-8"))
                except OSError:
                    continue  # the client gave up (its timeout): nothing to answer
    finally:
        server.close()
        _unlink(path)


def _bind(path: str) -> socket.socket:
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    _unlink(path)  # a stale socket of a helper that died: we hold the lock, so it is not in use
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)  # the socket is created 0600: only this user may talk to the helper
    try:
        server.bind(path)
    finally:
        os.umask(old)
    server.listen(32)
    return server


def _unlink(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def _lock(path: str) -> Any:
    """The helper's lock, or None when another helper of this socket holds it."""
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    handle = open(os.path.splitext(path)[0] + ".lock", "w")  # noqa: SIM115 - held (and locked) for the process lifetime
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


def _take_job(path: Path | None) -> dict[str, Any] | None:
    if path is None:
        return None
    try:
        job = json.loads(path.read_text(encoding="utf-8"))
        path.unlink()
    except (OSError, ValueError):
        return None
    return job if isinstance(job, dict) else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tiermem.hooks.helper")
    parser.add_argument("--project", required=True, type=Path)
    parser.add_argument("--user", type=Path)
    parser.add_argument("--agent", default="default")
    parser.add_argument("--job", type=Path, help="a job file to run first")
    parser.add_argument("--once", action="store_true", help="run the job and exit")
    parser.add_argument("--idle", type=float, default=float(os.environ.get("TIERMEM_HOOK_IDLE_S", DEFAULT_IDLE_S)))
    args = parser.parse_args(argv)
    place = Place(args.project, args.user, args.agent)
    job = _take_job(args.job)
    path = place.socket
    once = args.once or path is None  # no private place for a socket: run the job, serve nothing
    lock = None if once or path is None else _lock(path)
    if path is not None and lock is None and not once:  # another helper serves this store: give it the job
        if job is not None:
            ask(path, {"v": PROTOCOL, "job": job}, timeout=5.0)
        return 0
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # `finally` blocks unlink the socket
    runtime = Runtime(place, resident=not once)
    helper = Helper(place, runtime)
    try:
        if job is not None:
            helper.jobs.append(job)
        if once or path is None:
            helper.run_jobs(None)
            return 0
        server = _bind(path)  # bound before warming up: early calls wait instead of starting helpers
        _warm(runtime)
        serve(helper, server, path, args.idle)
        return 0
    finally:
        runtime.close()


def _warm(runtime: Runtime) -> None:
    """Open the stores and load the model now, before the first call waits for them."""
    for name, path in runtime.place.stores():
        memory = runtime.memory(name) if path.is_dir() else None  # a store is created when first written
        if memory is not None:
            memory.embedder.embed(["warm up"])


if __name__ == "__main__":
    sys.exit(main())
