"""Real servers on 127.0.0.1 for the REST and MCP tests: uvicorn in a thread, or `tiermem serve` as a process,
on a free port."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve_process(*args: str, command: str = "serve") -> Iterator[str]:
    """`tiermem serve` (or ``command``: `tiermem ui`) as a real process on a free port; stopped with SIGINT
    (Ctrl-C) at the end."""
    port = _free_port()
    tiermem = Path(sys.executable).with_name("tiermem")
    process = subprocess.Popen([str(tiermem), command, *args, "--port", str(port)], stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
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
