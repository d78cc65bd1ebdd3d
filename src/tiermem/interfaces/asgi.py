"""The few ASGI pieces the REST and MCP servers share: type names and a JSON error answer."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, TypedDict

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: uvicorn's limits for both servers: idle connections close after 5 s, request heads over 64 KiB are refused, and
#: past 256 connections at once new ones get 503 rather than memory (body read time: api.BodyLimit)
SERVER_LIMITS: dict[str, Any] = {"timeout_keep_alive": 5, "h11_max_incomplete_event_size": 64 * 1024,
                                 "limit_concurrency": 256}  # fmt: skip


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
