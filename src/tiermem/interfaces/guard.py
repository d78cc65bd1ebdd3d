"""What keeps web pages the user visits away from a server on their own machine (REST, the pages, MCP over HTTP).

Two attacks need no token when the server runs with ``--insecure-local``, and a browser makes both for any page:

- **DNS rebinding**: a page's own domain re-resolves to 127.0.0.1, so the browser treats the loopback server as
  that site and lets the page read the answers. :class:`LoopbackHosts` answers only requests whose ``Host``
  names a loopback address (127.0.0.0/8, ``[::1]``, ``localhost``), whatever loopback address it listens on.
- **Cross-site writes**: a page cannot read a cross-origin answer, but it can *send* a form or a ``no-cors``
  ``fetch`` with a ``text/plain`` body (no preflight) and so store, import or purge. :class:`CrossSite` refuses
  every state-changing request a browser marks as coming from another origin (``Sec-Fetch-Site``, ``Origin``,
  ``null`` included), and on the JSON API also one that no page could send without a CORS preflight the server
  never grants: a POST must carry a JSON content type, a bearer token, or the ``X-Tiermem-Client`` header. The pages'
  forms are same-origin and carry their CSRF token instead (:mod:`tiermem.interfaces.web.session`).

Clients that are not browsers (curl, httpx, MCP SDKs) send neither ``Origin`` nor ``Sec-Fetch-*``, so they only
need the content type they already send.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable

from .asgi import ASGIApp, Receive, Scope, Send, send_error

CHANGES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
CLIENT_HEADER = b"x-tiermem-client"
_JSON_TYPES = ("application/json", "application/x-ndjson", "application/jsonl")
_SAME = frozenset({"same-origin", "none"})  # "none": the user typed the URL or used a bookmark
_DEFAULT_PORTS = {"http": "80", "https": "443"}
# host[:port], the host a name, an IPv4 address or a bracketed IPv6 address; anything else is no valid Host
_HOST = re.compile(r"(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::([0-9]{1,5}))?\Z")


def is_loopback_name(host: str) -> bool:
    """127.0.0.0/8, ::1 (bracketed or not) and localhost: the names that can only mean this machine."""
    bare = host.lower().removeprefix("[").removesuffix("]").rstrip(".")
    if bare == "localhost":
        return True
    try:
        return ipaddress.ip_address(bare).is_loopback
    except ValueError:
        return False


class LoopbackHosts:
    """Answers 400 to a request whose ``Host`` is not a loopback name (see the module docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            raw = _header(scope, b"host")
            parsed = split_host(raw or "")
            if parsed is None or not is_loopback_name(parsed[0]):
                await send_error(
                    send, 400, "InvalidHost",
                    f"Host header {raw!r} is not a loopback name: this server listens on loopback and answers only "
                    "requests addressed to 127.0.0.1, [::1] or localhost (a DNS-rebinding guard)",
                )  # fmt: skip
                return
        await self.app(scope, receive, send)


class CrossSite:
    """Refuses cross-site state-changing requests with 403 (see the module docstring). ``marked(path)``: does
    this path need the API's proof of a non-browser client (JSON content type, token or custom header)?"""

    def __init__(self, app: ASGIApp, marked: Callable[[str], bool] = lambda _path: True) -> None:
        self.app, self.marked = app, marked

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in CHANGES:
            # Only POST can cross sites without a preflight (PUT, PATCH and DELETE always ask first).
            marked = scope["method"] == "POST" and self.marked(scope["path"])
            refusal = cross_site_refusal(scope) or (marked and unmarked_refusal(scope))
            if refusal:
                await send_error(send, 403, "CrossSiteRequest", refusal)
                return
        await self.app(scope, receive, send)


def cross_site_refusal(scope: Scope) -> str | None:
    """Why a browser's request from another origin is refused, or None when it is not one."""
    site = _header(scope, b"sec-fetch-site")
    if site is not None and site.lower() not in _SAME:
        return f"refused a {site} request (Sec-Fetch-Site): only this server's own pages may change memory"
    origin = _header(scope, b"origin")
    if origin is not None and not _same_origin(origin, _header(scope, b"host") or ""):
        return f"refused a request from origin {origin!r}: only this server's own pages may change memory"
    return None


def unmarked_refusal(scope: Scope) -> str | None:
    """Why an API POST a web page could have sent without a preflight (form or text/plain types, or no body) is
    refused, or None."""
    kind = (_header(scope, b"content-type") or "").split(";", 1)[0].strip().lower()
    if kind in _JSON_TYPES or kind.endswith("+json"):
        return None
    if _header(scope, b"authorization") is not None or _header(scope, CLIENT_HEADER) is not None:
        return None
    shown = f"Content-Type {kind!r}" if kind else "no Content-Type"
    return (
        f"refused a {scope['method']} with {shown}: send 'Content-Type: application/json' (or the bearer token, or "
        "an 'X-Tiermem-Client: 1' header) so that no web page can forge it"
    )


def _same_origin(origin: str, host: str) -> bool:
    """Does ``Origin`` (``scheme://host[:port]``, or ``null``) name the host the request was sent to?"""
    scheme, sep, rest = origin.strip().lower().partition("://")
    mine, theirs = split_host(host), split_host(rest)
    if not sep or scheme not in _DEFAULT_PORTS or mine is None or theirs is None:
        return False
    default = _DEFAULT_PORTS[scheme]
    return (theirs[0], theirs[1] or default) == (mine[0], mine[1] or default)


def split_host(value: str) -> tuple[str, str] | None:
    """``(host, port)`` of a Host header value (port "" when absent, host lower-cased), None if malformed."""
    found = _HOST.match(value.strip().lower())
    return None if found is None else (found.group(1), found.group(2) or "")


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or ():
        if key == name:
            return bytes(value).decode("latin-1")
    return None
