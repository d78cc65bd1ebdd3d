"""The few ASGI pieces the REST and MCP servers share: type names and a JSON error answer."""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, TypedDict

import anyio.to_thread

from ..errors import ConfigError, EmbedderError, StoreError, StoreReadOnlyError, TiermemError

if TYPE_CHECKING:
    from starlette.applications import Starlette

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: uvicorn's limits for both servers: idle connections close after 5 s, request heads over 64 KiB are refused, and
#: past 256 connections at once new ones get 503 rather than memory (body read time: api.BodyLimit)
SERVER_LIMITS: dict[str, Any] = {"timeout_keep_alive": 5, "h11_max_incomplete_event_size": 64 * 1024,
                                 "limit_concurrency": 256}  # fmt: skip


_LOG = logging.getLogger("tiermem.server")
# The server's own troubles: their messages name a database host, a file path, an endpoint or a setting, which
# are the operator's business, not a client's. A read-only store is the client's to know (writes will fail).
_SERVER_SIDE: tuple[tuple[type[TiermemError], str], ...] = (
    (StoreError, "the store cannot answer right now"),
    (EmbedderError, "the embedder cannot answer right now"),
    (ConfigError, "the server's settings are invalid"),
)


def client_message(exc: TiermemError) -> str:
    """What a remote client is told of an error: the error itself, except for the server's own troubles,
    which go to the server's log in full under a reference the answer names."""
    said = next((s for kind, s in _SERVER_SIDE if isinstance(exc, kind)), None)
    if said is None or isinstance(exc, StoreReadOnlyError):
        return str(exc)
    reference = secrets.token_hex(4)
    _LOG.error("tiermem: error %s: %s: %s", reference, type(exc).__name__, exc)
    return f"{said} (error {reference}: the server's log says why)"


class ErrorDetail(TypedDict):
    type: str
    message: str


class ErrorBody(TypedDict):
    error: ErrorDetail


def error_body(kind: str, message: str) -> ErrorBody:
    """The servers' error shape, ``{"error": {"type", "message"}}``, the message on one line."""
    return {"error": {"type": kind, "message": " ".join(message.split())}}


async def send_error(send: Send, status: int, kind: str, message: str, *, bearer: bool = False) -> None:
    """Answer a request with a JSON error, before any framework has seen it."""
    headers = [(b"content-type", b"application/json")] + ([(b"www-authenticate", b"Bearer")] if bearer else [])
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": json.dumps(error_body(kind, message)).encode()})


def limit_engine_threads(app: Starlette, threads: int) -> None:
    """At most ``threads`` handlers in the engine at once (the thread pool's size; anyio's default is 40): REST's
    routes and MCP's tools are plain functions that both frameworks run in that pool.

    The engine is CPU-bound Python: more threads only take turns at the GIL and at the store's lock, and the
    turns cost. Measured on 2 cores with 16 connections into one process: 16 ms of CPU per request with 40
    threads, 9.9 with 4, 8.5 with 2. A request waiting for a thread waits in the event loop, which goes on
    serving everything else; more cores are more worker processes (`tiermem serve --workers`)."""
    inner = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(application: Any) -> AsyncIterator[Any]:
        anyio.to_thread.current_default_thread_limiter().total_tokens = threads
        async with inner(application) as state:
            yield state

    app.router.lifespan_context = lifespan
