"""Real HTTP servers on 127.0.0.1 that speak the provider protocols, for tests (no mocks, no internet).

``EmbeddingServer`` answers OpenAI's ``POST /v1/embeddings`` with deterministic vectors: a hashed bag of
words, so texts sharing words get similar vectors and search over them behaves sensibly. Its ``mode``
switches it into failure behaviours, and it records every request it served.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np

_WORD = re.compile(r"[a-z0-9]+")

#: what the server does with a request; "ok" answers properly, the others fail in one specific way
MODES = ("ok", "http_500", "not_json", "no_data", "missing_embedding", "wrong_count", "ragged")


def bag_of_words_vector(text: str, dims: int) -> list[float]:
    """Deterministic vector: each word adds a hashed signed unit to one dimension."""
    vec = np.zeros(dims, dtype=np.float64)
    for word in _WORD.findall(text.lower()) or [text]:
        digest = hashlib.sha256(word.encode("utf-8")).digest()
        vec[int.from_bytes(digest[:4], "big") % dims] += 1.0 if digest[4] % 2 else -1.0
    if not vec.any():
        vec[0] = 1.0
    return [float(x) for x in vec]


@dataclass
class RecordedRequest:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


@dataclass
class EmbeddingServer:
    """State shared with the handler threads; change ``mode`` or ``dims`` at any time."""

    dims: int = 32
    mode: str = "ok"
    requests: list[RecordedRequest] = field(default_factory=list)
    url: str = ""
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def embedding_requests(self) -> list[RecordedRequest]:
        with self._lock:
            return [r for r in self.requests if r.path.endswith("/embeddings")]

    def answer(self, body: dict[str, Any]) -> tuple[int, bytes]:
        """The status and body this server sends for one embeddings request."""
        texts = body.get("input")
        if isinstance(texts, str):
            texts = [texts]
        if not isinstance(texts, list):
            return 400, json.dumps({"error": {"message": "input must be a string or a list"}}).encode()
        if self.mode == "http_500":
            return 500, b'{"error": {"message": "internal error"}}'
        if self.mode == "not_json":
            return 200, b"<html>this is not json</html>"
        if self.mode == "no_data":
            return 200, json.dumps({"object": "list", "model": body.get("model")}).encode()
        data: list[dict[str, Any]] = [
            {"object": "embedding", "index": i, "embedding": bag_of_words_vector(str(t), self.dims)}
            for i, t in enumerate(texts)
        ]
        if self.mode == "missing_embedding":
            data = [{"object": "embedding", "index": d["index"]} for d in data]
        elif self.mode == "wrong_count":
            data = data[:-1]
        elif self.mode == "ragged" and data:
            data[0]["embedding"] = data[0]["embedding"][:-1]
        # Real servers may answer out of order: the client must sort by "index".
        data.reverse()
        answer = {"object": "list", "data": data, "model": body.get("model"), "usage": {"prompt_tokens": 0}}
        return 200, json.dumps(answer).encode()


def _handler(state: EmbeddingServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                body = {}
            state.record(RecordedRequest(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            if self.path not in ("/v1/embeddings", "/embeddings") and not self.path.endswith("/v1/embeddings"):
                self._send(404, b'{"error": {"message": "not found"}}')
                return
            self._send(*state.answer(body))

        def _send(self, status: int, payload: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
            pass  # keep test output clean

    return Handler


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler], name: str) -> Iterator[str]:
    """Serve ``handler`` on a free port of 127.0.0.1, in a thread, for the duration of the block; yields the URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), name=name, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@contextmanager
def embedding_server(dims: int = 32) -> Iterator[EmbeddingServer]:
    """Run an :class:`EmbeddingServer` on a free port of 127.0.0.1 for the duration of the block."""
    state = EmbeddingServer(dims=dims)
    with serving(_handler(state), "embedding-server") as state.url:
        yield state
