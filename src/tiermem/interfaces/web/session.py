"""Who is browsing: the REST server's bearer tokens, carried by a cookie, and the forms' CSRF tokens.

Signing in checks a token exactly as the REST API does and keeps it in an HttpOnly, SameSite=Strict cookie
scoped to the pages' path: scripts cannot read it, other sites cannot send it, and every request checks it
again, so revoking the token (`tiermem tokens revoke`) signs the browser out at once. Each form that changes
memory carries a CSRF token: an HMAC of the cookie under a per-server secret, which no other site can compute.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable

from fastapi import Request
from starlette.responses import Response

from ..auth import ForbiddenError, Principal

PREFIX = "/ui"
COOKIE = "tiermem_ui"


def principal(request: Request) -> Principal:
    """The caller behind the cookie (without one, only ``--insecure-local`` lets anyone in: AuthError)."""
    source: Callable[[str | None], Principal] = request.app.state.principal
    token = request.cookies.get(COOKIE)
    return source(f"Bearer {token}" if token else None)


def csrf_token(request: Request) -> str:
    secret: bytes = request.app.state.ui_secret
    return hmac.new(secret, request.cookies.get(COOKIE, "").encode(), hashlib.sha256).hexdigest()


def check_csrf(request: Request, given: str) -> None:
    if not hmac.compare_digest(given.encode(), csrf_token(request).encode()):
        raise ForbiddenError("this form expired or came from another page; go back, reload and try again")


def set_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        path=PREFIX,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )
