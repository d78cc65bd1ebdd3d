"""Real servers on 127.0.0.1 for the REST and MCP tests: uvicorn in a thread, or `tiermem serve` as a process,
on a free port."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn


@contextmanager
def serve_asgi(app: Any) -> Iterator[str]:
    """Run an ASGI app with uvicorn on a free loopback port; yields its base URL."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="test-uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def _free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def _answers(url: str, command: str) -> bool:
    if command == "mcp":  # no /health: an empty POST is refused at once (a GET would open an event stream)
        return httpx.post(f"{url}/mcp", json={}, timeout=1).status_code < 500
    return httpx.get(f"{url}/health", timeout=1).status_code == 200


@contextmanager
def serve_process(*args: str, command: str = "serve", host: str = "127.0.0.1") -> Iterator[str]:
    """`tiermem serve` (or ``command``: `tiermem ui`, `tiermem mcp --http`) as a real process on a free port of
    ``host``; stopped with SIGINT (Ctrl-C) at the end. Its stderr is read all along (the last lines kept for a
    failure's message): a server that logs a line a request would otherwise fill the pipe and stop, blocked
    on the write, after some hundreds of requests (the MCP SDK logs each stateless request)."""
    port = _free_port(host)
    tiermem = Path(sys.executable).with_name("tiermem")
    where = ["--port", str(port)] + (["--host", host] if host != "127.0.0.1" else [])
    process = subprocess.Popen([str(tiermem), command, *args, *where], stderr=subprocess.PIPE, text=True)
    said: deque[str] = deque(maxlen=200)
    assert process.stderr is not None
    drain = threading.Thread(target=_keep, args=(process.stderr, said), name="server-stderr", daemon=True)
    drain.start()
    url = f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if _answers(url, command):
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None:
                drain.join(timeout=5)  # the rest of what it said (a worker may hold the pipe open)
                raise AssertionError("".join(said))
            assert time.monotonic() < deadline, "the server did not come up"
            time.sleep(0.1)
        yield url
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _keep(lines: Iterable[str], said: deque[str]) -> None:
    """Read a process's stderr to its end, keeping the last lines."""
    said.extend(lines)
