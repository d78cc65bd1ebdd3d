"""The memory browser's pages: each one checks the caller, asks Memory (or its lifecycle), renders a template.

Every page lives under ``/ui/a/{agent_id}/``, checked against the signed-in token like the REST routes.
Browsing is not recall: searches here do not reinforce what they find, so looking at memories does not keep
them warm. Changes (forget, pin, edit) take two steps: a page that says what will happen, then a POST form
carrying the CSRF token.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, FastAPI, Form, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from fastapi.templating import Jinja2Templates
from starlette.responses import FileResponse, RedirectResponse, Response

from ...engine import Memory
from ...errors import TiermemError, ValidationError
from ...lifecycle.service import LifecycleService
from ...lifecycle.tree import ROOT
from ...model import MemoryRecord
from ..asgi import client_message
from ..auth import ANY_AGENT, AuthError, ForbiddenError, Principal, authenticate, end_session, start_session
from ..cli.render import explain_text
from ..http_errors import status_of, validation_message
from . import views
from .session import (
    COOKIE,
    PREFIX,
    SESSION_HOURS,
    check_csrf,
    csrf_token,
    keep_visitor,
    principal,
    set_session,
    visitor,
)

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")
PAGE = 50
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}
DONE = {
    "forgotten": "Forgotten: it left search and listings; its record and history stay here.",
    "pinned": "Pinned to the hot tier: consolidation leaves it there until you unpin it.",
    "unpinned": "Unpinned: the next consolidation places it by its score again.",
    "edited": "Saved. A new text made a new version; the old one is kept in the chain below.",
}
Handler = Callable[[Request], Coroutine[Any, Any, Response]]


class HtmlRoute(APIRoute):
    """Errors as pages, not JSON: signed out goes to the sign-in page, anything else says what went wrong."""

    def get_route_handler(self) -> Handler:
        handler = super().get_route_handler()

        async def guarded(request: Request) -> Response:
            try:
                response = await handler(request)
            except AuthError:
                target = quote(request.url.path + (f"?{request.url.query}" if request.url.query else ""))
                response = RedirectResponse(f"{PREFIX}/login?next={target}", 303)
            except TiermemError as exc:
                response = _render(request, "error.html", status=status_of(exc), message=client_message(exc))
            except RequestValidationError as exc:  # a hand-edited URL or form: say which field, as the API does
                response = _render(request, "error.html", status=422, message=validation_message(exc))
            response.headers.update(HEADERS)
            return response

        return guarded


router = APIRouter(prefix=PREFIX, route_class=HtmlRoute, include_in_schema=False)


def install(app: FastAPI) -> None:
    """Serve the pages from the REST app (``tiermem serve`` and ``tiermem ui`` alike)."""
    app.state.ui_secret = secrets.token_bytes(32)
    app.include_router(router)


# --- who, which store, which agent ------------------------------------------------------------------------


def _memory(request: Request) -> Memory:
    memory: Memory = request.app.state.memory
    return memory


def _lifecycle(request: Request) -> LifecycleService:
    return _memory(request).lifecycle(request.app.state.workspace)


def _agent(role: str) -> Callable[[str, Request], str]:
    def check(agent_id: str, request: Request) -> str:
        return principal(request).check(agent_id, role)

    return check


Store = Annotated[Memory, Depends(_memory)]
Lifecycle = Annotated[LifecycleService, Depends(_lifecycle)]
Reader = Annotated[str, Depends(_agent("read"))]
Writer = Annotated[str, Depends(_agent("write"))]
Csrf = Annotated[str, Form()]


def _may(request: Request, agent_id: str, role: str) -> bool:
    try:
        principal(request).check(agent_id, role)
    except ForbiddenError:
        return False
    return True


def _agents(memory: Memory, caller: Principal) -> list[str]:
    named = [] if caller.token is None else [a for a in caller.token.agents if a != ANY_AGENT]
    return sorted(set(caller.visible(memory.agents())) | set(named)) or ["default"]


def _render(request: Request, name: str, *, status: int = 200, csrf: str | None = None, **context: Any) -> Response:
    agent = request.path_params.get("agent_id")
    return templates.TemplateResponse(
        request,
        name,
        {"prefix": PREFIX, "agent": agent, "csrf": csrf or csrf_token(request), "signed_in": COOKIE in request.cookies,
         "base": _to(agent, "") if agent else PREFIX, **context},
        status_code=status,
    )  # fmt: skip


def _page(request: Request, memory: Memory, name: str, **context: Any) -> Response:
    return _render(request, name, agents=_agents(memory, principal(request)), **context)


def _to(agent: str, path: str = "/") -> str:
    return f"{PREFIX}/a/{quote(agent, safe='')}{path}"


def _see_other(url: str) -> RedirectResponse:
    return RedirectResponse(url, 303)


# --- signing in ---------------------------------------------------------------------------------------------


@router.get("/static/ui.css")
def stylesheet() -> FileResponse:
    return FileResponse(HERE / "static" / "ui.css", media_type="text/css")


@router.get("")
@router.get("/")
def index(request: Request, memory: Store, agent: Annotated[str | None, Query()] = None) -> Response:
    """The chosen agent's overview (the agent picker sends ``?agent=``), else the default agent's."""
    agents = _agents(memory, principal(request))
    chosen = agent if agent is not None else ("default" if "default" in agents else agents[0])
    return _see_other(_to(principal(request).check(chosen, "read")))


@router.get("/login")
def login_page(request: Request, next_: Annotated[str, Query(alias="next")] = "") -> Response:
    """The sign-in form, its CSRF token bound to this browser's own visitor cookie."""
    who = visitor(request)
    response = _render(request, "login.html", csrf=csrf_token(request, who), next=next_, error=None)
    keep_visitor(request, response, who)
    return response


@router.post("/login")
def login(
    request: Request,
    memory: Store,
    token: Annotated[str, Form()] = "",
    next_: Annotated[str, Form(alias="next")] = "",
    csrf: Csrf = "",
) -> Response:
    check_csrf(request, csrf)  # or another site could sign this browser in as someone else (login CSRF)
    try:
        caller = authenticate(memory, f"Bearer {token.strip()}")
    except AuthError as exc:
        return _render(request, "login.html", status=401, next=next_, error=str(exc))
    if caller.token is None:  # authenticate always names a token; a principal without one cannot sign in
        raise AuthError("sign in with a token made by `tiermem tokens create`")
    # Only our own pages: an open redirect would let a link send people elsewhere after signing in.
    target = next_ if next_.startswith(f"{PREFIX}/") and not next_.startswith("//") else f"{PREFIX}/"
    response = _see_other(target)
    set_session(request, response, start_session(memory, caller.token.id, SESSION_HOURS))
    return response


@router.post("/logout")
def logout(request: Request, csrf: Csrf = "") -> Response:
    check_csrf(request, csrf)
    if COOKIE in request.cookies:
        end_session(_memory(request), request.cookies[COOKIE])
    response = _see_other(f"{PREFIX}/login")
    response.delete_cookie(COOKIE, path=PREFIX)
    return response


# --- looking --------------------------------------------------------------------------------------------------


@router.get("/a/{agent_id}/")
def overview(request: Request, agent_id: Reader, memory: Store, lifecycle: Lifecycle) -> Response:
    stats = memory.stats(agent_id=agent_id)
    moves = lifecycle.transitions(agent_id=agent_id, limit=10)
    return _page(
        request,
        memory,
        "overview.html",
        stats=stats,
        bars=views.tier_bars(stats.get("by_tier", {})),
        chart=views.tier_chart(lifecycle.tier_history(agent_id=agent_id, points=60)),
        moves=moves,
        texts=views.texts(memory, (t["memory_id"] for t in moves), agent_id),
    )


@router.get("/a/{agent_id}/search")
def search(
    request: Request,
    agent_id: Reader,
    memory: Store,
    lifecycle: Lifecycle,
    q: Annotated[str, Query(max_length=10_000)] = "",
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
) -> Response:
    hits = memory.search(q, agent_id=agent_id, limit=limit, reinforce=False) if q.strip() else []
    tree = lifecycle.tree(agent_id=agent_id) if hits else None
    found = [
        {
            "hit": h,
            "why": views.plain_why(h.explain),
            "numbers": explain_text(h.explain),  # the same, as the engine's signals, for who wants them
            "reason": h.explain.get("tier_reason", ""),
            "path": tree.node_for(h.memory.category) if tree else "",
        }
        for h in hits
    ]
    return _page(request, memory, "search.html", q=q, limit=limit, found=found)


@router.get("/a/{agent_id}/tree")
def tree(request: Request, agent_id: Reader, memory: Store, lifecycle: Lifecycle) -> Response:
    shown = lifecycle.tree(agent_id=agent_id)
    return _page(request, memory, "tree.html", tree=shown, root=shown.nodes[ROOT], rows=views.tree_rows(shown))


@router.get("/a/{agent_id}/timeline")
def timeline(
    request: Request,
    agent_id: Reader,
    memory: Store,
    lifecycle: Lifecycle,
    page: Annotated[int, Query(ge=0, le=100_000)] = 0,
) -> Response:
    records = memory.list(agent_id=agent_id, limit=PAGE, offset=page * PAGE)
    more = len(records) == PAGE
    oldest = records[-1].created_at if more else None
    newest = records[0].created_at if page and records else None
    moves = lifecycle.transitions(agent_id=agent_id, limit=1000, since=oldest)
    events = lifecycle.hot(agent_id=agent_id).get("active_context", {}).get("events", [])
    texts = views.texts(memory, (m["memory_id"] for m in moves), agent_id)
    days = views.timeline(records, moves, events, texts, (oldest, newest))
    return _page(request, memory, "timeline.html", days=days, page=page, more=more)


@router.get("/a/{agent_id}/hot")
def hot(request: Request, agent_id: Reader, memory: Store, lifecycle: Lifecycle) -> Response:
    return _page(
        request,
        memory,
        "hot.html",
        state=lifecycle.hot(agent_id=agent_id),
        preview=lifecycle.session_context(agent_id=agent_id),
    )


@router.get("/a/{agent_id}/m/{memory_id}")
def memory_page(
    request: Request,
    agent_id: Reader,
    memory_id: str,
    memory: Store,
    lifecycle: Lifecycle,
    done: Annotated[str, Query()] = "",
) -> Response:
    record = memory.get(memory_id, agent_id=agent_id)
    return _page(
        request,
        memory,
        "memory.html",
        m=record,
        can_write=_may(request, agent_id, "write"),  # a read-only token sees no Edit / Pin / Forget
        done=DONE.get(done),
        path=lifecycle.tree(agent_id=agent_id).node_for(record.category),
        links=views.linked(memory, memory.links(record.id, agent_id=agent_id), agent_id),
        history=memory.history(record.id, agent_id=agent_id),
        fields=views.history_fields,
        why=lifecycle.why(record.id, agent_id=agent_id).to_dict(),
        chain=views.supersede_chain(memory, record),
        sources=views.sources(record),
    )


# --- changing: a confirmation page, then the form's POST ------------------------------------------------------


CONFIRM = {"forget": "forget.html", "pin": "pin.html", "unpin": "pin.html", "edit": "edit.html"}


@router.get("/a/{agent_id}/m/{memory_id}/{action}")
def confirm(request: Request, agent_id: Writer, memory_id: str, action: str, memory: Store) -> Response:
    if action not in CONFIRM:
        raise ValidationError(f"no action {action!r}: a memory can be forgotten, pinned, unpinned or edited")
    record = memory.get(memory_id, agent_id=agent_id)
    return _page(request, memory, CONFIRM[action], m=record, action=action, changes=None)


@router.post("/a/{agent_id}/m/{memory_id}/forget")
def forget(
    request: Request,
    agent_id: Writer,
    memory_id: str,
    memory: Store,
    csrf: Csrf = "",
    reason: Annotated[str, Form(max_length=500)] = "",
) -> Response:
    check_csrf(request, csrf)
    record = memory.forget(memory_id, agent_id=agent_id, reason=reason.strip() or "forgotten in the browser")
    return _see_other(_to(agent_id, f"/m/{record.id}?done=forgotten"))


@router.post("/a/{agent_id}/m/{memory_id}/pin")
def pin(request: Request, agent_id: Writer, memory_id: str, memory: Store, csrf: Csrf = "") -> Response:
    check_csrf(request, csrf)
    record = memory.update(memory_id, agent_id=agent_id, tier="hot")  # a tier set by hand is a pin
    return _see_other(_to(agent_id, f"/m/{record.id}?done=pinned"))


@router.post("/a/{agent_id}/m/{memory_id}/unpin")
def unpin(request: Request, agent_id: Writer, memory_id: str, memory: Store, csrf: Csrf = "") -> Response:
    check_csrf(request, csrf)
    record = memory.update(memory_id, agent_id=agent_id, tier="auto")
    return _see_other(_to(agent_id, f"/m/{record.id}?done=unpinned"))


@router.post("/a/{agent_id}/m/{memory_id}/edit")
def edit(
    request: Request,
    agent_id: Writer,
    memory_id: str,
    memory: Store,
    csrf: Csrf = "",
    text: Annotated[str, Form()] = "",
    category: Annotated[str, Form()] = "",
    importance: Annotated[str, Form()] = "",
    tags: Annotated[str, Form()] = "",
    step: Annotated[str, Form()] = "review",
) -> Response:
    """``step=review`` shows what would change; ``step=confirm`` (from that page) changes it."""
    check_csrf(request, csrf)
    record = memory.get(memory_id, agent_id=agent_id)
    changes = _changes(record, text, category, importance, tags)
    if step != "confirm" or not changes:
        return _page(request, memory, "edit.html", m=record, changes=changes, form=dict(text=text,
                     category=category, importance=importance, tags=tags))  # fmt: skip
    updated = memory.update(record.id, agent_id=agent_id, **changes)
    return _see_other(_to(agent_id, f"/m/{updated.id}?done=edited"))


def _changes(record: MemoryRecord, text: str, category: str, importance: str, tags: str) -> dict[str, Any]:
    """The fields the form changed, as ``Memory.update`` takes them (it validates the values)."""
    try:
        level = float(importance) if importance.strip() else record.importance
    except ValueError:
        raise ValidationError(f"importance must be a number from 0 to 1, not {importance!r}") from None
    given = {
        "text": text.strip() or record.text,
        "category": category.strip() or None,
        "importance": level,
        "tags": [t.strip() for t in tags.split(",") if t.strip()],
    }
    old = {"text": record.text, "category": record.category, "importance": record.importance, "tags": list(record.tags)}
    return {key: value for key, value in given.items() if value != old[key]}
