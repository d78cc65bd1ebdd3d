"""MCP over stdio, with an answer for every line.

The SDK's stdio transport drops a line it cannot decode into a JSON-RPC message (a lone surrogate, a batch, an
object nested past its parser's limit) without a word, so the client waits for an answer that never comes. Here
each line is screened first: one the SDK would drop gets a JSON-RPC error carrying the request's id (when it can
be found), and only clean messages reach the SDK.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import AsyncIterable, AsyncIterator
from typing import Any, cast

import anyio
import mcp_types as types
from anyio.streams.memory import MemoryObjectSendStream
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage

MAX_DEPTH = 64  # far deeper than any tool's arguments; the SDK's parser gives up somewhere above it
_ID = re.compile(r'"id"\s*:\s*(-?[0-9]{1,18}|"(?:[^"\\]|\\.){0,200}")')


def screen(line: str) -> list[types.JSONRPCError]:
    """The error answers for a line the SDK would drop (none for a message it takes)."""
    try:
        data = json.loads(line)
        _check_depth(data)
        json.dumps(data, ensure_ascii=False).encode("utf-8")  # a lone surrogate cannot be encoded
    except (ValueError, RecursionError) as exc:  # UnicodeError and JSONDecodeError are ValueErrors
        return [_error(_guess_id(line), types.PARSE_ERROR, f"not a JSON-RPC message: {_reason(exc)}")]
    if isinstance(data, list):
        ids = [m.get("id") for m in data if isinstance(m, dict) and _valid_id(m.get("id"))] or [None]
        return [_error(i, types.INVALID_REQUEST, "JSON-RPC batches are not supported: send one message a line")
                for i in ids]  # fmt: skip
    try:
        types.jsonrpc_message_adapter.validate_python(data, by_name=False)
    except ValueError as exc:
        found = data.get("id") if isinstance(data, dict) else None
        return [_error(found if _valid_id(found) else None, types.INVALID_REQUEST, f"invalid message: {exc}")]
    return []


def _check_depth(data: Any) -> None:
    """ValueError past MAX_DEPTH levels of nesting (iterative: a deep value must not exhaust the stack here)."""
    pending: list[tuple[Any, int]] = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise ValueError(f"nested more than {MAX_DEPTH} levels deep")
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        pending.extend((child, depth + 1) for child in children)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, UnicodeError):
        return "it holds a lone surrogate (text must be valid Unicode)"
    return " ".join(str(exc).split())[:200]


def _guess_id(line: str) -> str | int | None:
    """The request's id from a line that does not parse: the first ``"id": ...`` in it, the client's best hope."""
    found = _ID.search(line)
    if found is None:
        return None
    try:
        value: str | int = json.loads(found.group(1))
    except ValueError:
        return None
    return value


def _valid_id(value: object) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


def _error(request_id: Any, code: int, message: str) -> types.JSONRPCError:
    return types.JSONRPCError(jsonrpc="2.0", id=request_id, error=types.ErrorData(code=code, message=message))


class _Screened:
    """The lines of stdin that reach the SDK; the others are answered on ``answers`` once the transport is up."""

    def __init__(self, lines: AsyncIterable[str]) -> None:
        self.lines = lines
        self.answers: MemoryObjectSendStream[SessionMessage] | None = None
        self.ready = anyio.Event()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._screen()

    async def _screen(self) -> AsyncIterator[str]:
        async for line in self.lines:
            if not line.strip():
                continue
            refused = screen(line)
            if not refused:
                yield line
                continue
            await self.ready.wait()
            assert self.answers is not None
            for error in refused:
                await self.answers.send(SessionMessage(error))


def run_stdio(server: MCPServer) -> None:
    """Serve ``server`` on stdin and stdout until stdin closes."""
    anyio.run(_serve, server)


async def _serve(server: MCPServer) -> None:
    raw = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")  # bad bytes: U+FFFD, answered
    screened = _Screened(anyio.wrap_file(raw))
    async with stdio_server(stdin=cast("anyio.AsyncFile[str]", screened)) as (read_stream, write_stream):
        screened.answers = cast("MemoryObjectSendStream[SessionMessage]", write_stream)
        screened.ready.set()
        lowlevel = server._lowlevel_server  # as MCPServer.run("stdio") does
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())
