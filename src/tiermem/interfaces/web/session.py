"""Who is browsing: a session started by signing in with a REST bearer token, and the forms' CSRF tokens.

Signing in checks a token exactly as the REST API does, then starts a session: the browser gets a random
session id in an HttpOnly, SameSite=Strict cookie scoped to the pages' path (never the token itself, so a
leaked cookie is not a bearer token for the API), and the store keeps a hash of the id with the token it
stands for and an end time. Every request checks the token again, so revoking it (`tiermem tokens revoke`)
or its expiry signs the browser out at once; signing out ends the session in the store.

Each form that changes memory carries a CSRF token: an HMAC, under a per-server secret, of the session id,
or before signing in of a random per-visitor cookie the sign-in page sets (so the sign-in form's token is
not one value per server, which another site could learn and use to sign this browser in as someone else).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable

from fastapi import Request
from starlette.responses import Response

from ..auth import ForbiddenError, Principal, session_principal

PREFIX = "/ui"
COOKIE = "tiermem_ui"  # the session id
VISITOR = "tiermem_ui_visitor"  # before signing in: what the sign-in form's CSRF token is bound to
SESSION_HOURS = 12.0


def principal(request: Request) -> Principal:
    """The caller behind the session cookie (without one, only ``--insecure-local`` lets anyone in)."""
    session = request.cookies.get(COOKIE)
    if session:
        return session_principal(request.app.state.memory, session)
    source: Callable[[str | None], Principal] = request.app.state.principal
    return source(None)


def visitor(request: Request) -> str:
    """This browser's pre-sign-in id (a new one when it has none yet; :func:`keep_visitor` sets it)."""
    return request.cookies.get(VISITOR) or secrets.token_urlsafe(24)


def csrf_token(request: Request, bound_to: str | None = None) -> str:
    secret: bytes = request.app.state.ui_secret
    value = bound_to or request.cookies.get(COOKIE) or request.cookies.get(VISITOR) or ""
    return hmac.new(secret, value.encode(), hashlib.sha256).hexdigest()


def check_csrf(request: Request, given: str) -> None:
    bound = request.cookies.get(COOKIE) or request.cookies.get(VISITOR)
    if not bound or not hmac.compare_digest(given.encode(), csrf_token(request).encode()):
        raise ForbiddenError("this form expired or came from another page; go back, reload and try again")


def _cookie(request: Request, response: Response, name: str, value: str) -> None:
    response.set_cookie(
        name, value, path=PREFIX, httponly=True, samesite="strict", secure=request.url.scheme == "https"
    )


def keep_visitor(request: Request, response: Response, value: str) -> None:
    _cookie(request, response, VISITOR, value)


def set_session(request: Request, response: Response, session: str) -> None:
    _cookie(request, response, COOKIE, session)
    response.delete_cookie(VISITOR, path=PREFIX)
