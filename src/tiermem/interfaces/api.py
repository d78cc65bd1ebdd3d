"""The REST server (FastAPI): every route is a thin call into :class:`~tiermem.engine.Memory`.

Every agent-scoped route carries the agent in its path (``/v1/agents/{agent_id}/...``) and checks the caller's
bearer token against it before anything else runs, so a token for agent A cannot name agent B anywhere.
Errors are JSON, ``{"error": {"type": ..., "message": ...}}``, with the engine's own messages (the same
lines the CLI prints). Request bodies above ``max_body_bytes`` are refused before they are read in full.

Routes live in :mod:`tiermem.interfaces.api_routes`, the memory browser's pages (``/ui``) in
:mod:`tiermem.interfaces.web`; this module builds the app around them.
"""

from __future__ import annotations

from collections.abc import Callable

import anyio
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..engine import Memory
from ..errors import TiermemError
from .api_routes import router
from .asgi import ASGIApp, Message, Receive, Scope, Send, client_message, error_body, limit_engine_threads, send_error
from .auth import AuthError, Principal, authenticate
from .guard import CrossSite, LoopbackHosts, is_loopback_name
from .http_errors import status_of, validation_message

DEFAULT_MAX_BODY = 4 * 1024 * 1024
DEFAULT_READ_TIMEOUT = 30.0


class BodyLimit:
    """Refuses request bodies over ``limit`` bytes with 413 (by Content-Length up front, else once read that far),
    and bodies that do not arrive within ``timeout`` seconds with 408 (a client trickling bytes holds a
    connection and a worker for nothing). The body is read here and handed on whole."""

    def __init__(self, app: ASGIApp, limit: int, timeout: float = DEFAULT_READ_TIMEOUT) -> None:
        self.app, self.limit, self.timeout = app, limit, timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        try:
            with anyio.fail_after(self.timeout):
                body = await self._read(receive)
        except TimeoutError:
            await send_error(send, 408, "RequestTimeout", f"the request body did not arrive within {self.timeout:g} s")
            return
        if body is None:
            await self._refuse(send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)

    async def _read(self, receive: Receive) -> bytearray | None:
        """The whole body, or None past the limit."""
        body = bytearray()
        while True:
            message = await receive()
            body += message.get("body", b"")
            if len(body) > self.limit:
                return None
            if message["type"] != "http.request" or not message.get("more_body"):
                return body

    async def _refuse(self, send: Send) -> None:
        await send_error(send, 413, "PayloadTooLarge", f"request body over {self.limit} bytes; send less at once")


def create_app(
    memory: Memory,
    *,
    insecure_local: bool = False,
    max_body_bytes: int = DEFAULT_MAX_BODY,
    workspace: str | None = None,
    host: str | None = None,
    read_timeout: float = DEFAULT_READ_TIMEOUT,
) -> FastAPI:
    """The REST app over an open store. ``insecure_local``: no tokens (loopback development only);
    ``workspace``: where MEMORY.md lives (None: the store's default); ``host``: the address it listens on (a
    loopback one answers only loopback Host names: :mod:`tiermem.interfaces.guard`); ``read_timeout``: seconds a
    request body may take to arrive."""
    app = FastAPI(
        title="tiermem",
        version=__version__,
        description=(
            "Long-term memory for AI agents. Every `/v1/agents/{agent_id}/...` route needs "
            "`Authorization: Bearer tmk_...` with a token scoped to that agent (`tiermem tokens create`)."
        ),
        docs_url=None,  # FastAPI's pages load from a CDN: docs.install serves them from package assets
        redoc_url=None,
    )
    app.state.memory = memory
    app.state.workspace = workspace
    limit_engine_threads(app, memory.settings.server.threads)
    app.state.principal = _principal_source(memory, insecure_local)
    app.include_router(router)
    from .docs import install as install_docs
    from .web import install as install_pages  # lazy: the pages (jinja2 templates) only when asked for
    from .web.session import PREFIX

    install_pages(app)
    install_docs(app)
    _install_error_handlers(app)
    # The pages' forms carry CSRF tokens instead of the API's JSON content type.
    app.add_middleware(CrossSite, marked=lambda path: not (path == PREFIX or path.startswith(f"{PREFIX}/")))
    app.add_middleware(BodyLimit, limit=max_body_bytes, timeout=read_timeout)
    if host is not None and is_loopback_name(host):
        app.add_middleware(LoopbackHosts)  # outermost: a rebound request gets no further
    return app


def _principal_source(memory: Memory, insecure_local: bool) -> Callable[[str | None], Principal]:
    if insecure_local:
        return lambda _header: Principal(None)
    return lambda header: authenticate(memory, header)


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(TiermemError)
    async def tiermem_error(_request: Request, exc: TiermemError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if isinstance(exc, AuthError) else None
        return JSONResponse(error_body(type(exc).__name__, client_message(exc)), status_of(exc), headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(error_body("ValidationError", validation_message(exc)), 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(error_body("HTTPError", str(exc.detail)), exc.status_code)
