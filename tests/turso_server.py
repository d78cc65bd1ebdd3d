"""A real libSQL server speaking Turso's HTTP protocol for the cold archive tests: ``tursodb --sync-server``
from the npm ``turso`` package (``.ci/run`` installs it into ~/.cache/tiermem/turso), on a free loopback port.

``FlakyProxy`` sits in front of it to play the network's failures (HTTP 503, dropped connections) and to
record what the client sent, so retries and headers are checked against the real server's answers.
Missing tursodb: the tests skip, except under ``CI=true``, where they fail.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import httpx
import pytest

from servers import serving

_CACHE = Path.home() / ".cache" / "tiermem" / "turso" / "node_modules" / "@tursodatabase"


def tursodb_path() -> str | None:
    found = os.environ.get("TIERMEM_TURSODB") or shutil.which("tursodb")
    if found:
        return found
    candidates = sorted(glob.glob(str(_CACHE / "cli-*" / "tursodb")))
    return candidates[0] if candidates else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def turso_server(directory: Path) -> Iterator[str]:
    """``tursodb <directory>/archive.db --sync-server 127.0.0.1:<port>``; yields its URL."""
    binary = tursodb_path()
    if binary is None:
        reason = "tursodb not found (run .ci/run, or npm install turso, or set TIERMEM_TURSODB)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"the cold archive tests need tursodb under CI=true: {reason}", pytrace=False)
        pytest.skip(reason)
    port = _free_port()
    log = (directory / "tursodb.log").open("w")
    process = subprocess.Popen(
        [binary, str(directory / "archive.db"), "--sync-server", f"127.0.0.1:{port}"], stdout=log, stderr=log
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url, process)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def _wait_until_up(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            httpx.post(f"{url}/v2/pipeline", json={"requests": []}, timeout=1)
            return
        except httpx.TransportError:
            if process.poll() is not None:
                raise RuntimeError("tursodb exited at start") from None
            time.sleep(0.05)
    raise RuntimeError("tursodb did not start")


@dataclass
class FlakyProxy:
    """Forwards to ``upstream``; ``fail_next`` requests first get ``failure`` (an HTTP status, or "drop")."""

    upstream: str
    fail_next: int = 0
    failure: int | str = 503
    seen: list[dict[str, Any]] = field(default_factory=list)
    url: str = ""
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def take_failure(self) -> int | str | None:
        with self._lock:
            if self.fail_next <= 0:
                return None
            self.fail_next -= 1
            return self.failure


def _proxy_handler(state: FlakyProxy) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            state.seen.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}})
            failure = state.take_failure()
            if failure == "drop":
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            if failure is not None:
                self._send(int(failure), b'{"error": "try later"}')
                return
            answer = httpx.post(state.upstream + self.path, content=body, headers={"Content-Type": "application/json"})
            self._send(answer.status_code, answer.content)

        def _send(self, status: int, payload: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
            pass

    return Handler


@contextmanager
def flaky_proxy(upstream: str) -> Iterator[FlakyProxy]:
    state = FlakyProxy(upstream)
    with serving(_proxy_handler(state), "flaky-proxy") as state.url:
        yield state
