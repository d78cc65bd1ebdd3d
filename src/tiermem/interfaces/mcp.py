"""The MCP server (official ``mcp`` SDK): memory tools and resources for agents, over stdio or streamable HTTP.

Each tool is a thin call into :class:`~tiermem.engine.Memory`. Over HTTP every request needs a bearer token
(``tiermem tokens create``) and every tool checks it against the agent it acts on, exactly like the REST
server; over stdio the server belongs to the local user who started it, for the one agent it was started for
(``--agent-id``). Tool descriptions are written for the agent that reads them: when to call, an example, and
whether the tool only reads or changes memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NotRequired

import anyio.to_thread
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from mcp.types import ToolAnnotations
from pydantic import Field
from typing_extensions import TypedDict  # the SDK's pydantic reads only this one on Python 3.11

from .. import __version__
from ..engine import Memory
from ..errors import TiermemError
from ..fence import NOTICE, fence, neutralise
from ..lifecycle.service import LifecycleService
from ..lifecycle.tree import SeedNode
from ..model import Hit, StoreResult
from ..write.provenance import stamp, trust_of
from .asgi import ASGIApp, Receive, Scope, Send, client_message, limit_engine_threads, send_error
from .auth import AuthError, ForbiddenError, Principal, authenticate
from .guard import CrossSite, LoopbackHosts, is_loopback_name

INSTRUCTIONS = """tiermem is your long-term memory. At the start of a task call `context` with the user's
message to load what you know; call `store` when you learn something worth keeping (a preference, a
decision, a fix, a fact about the project); call `search` when you need a specific memory. Memories are
deduplicated: storing the same thing twice reinforces it instead of repeating it."""

#: where the HTTP app's bearer check leaves ``(header, principal)`` for the tools of the same request
_CHECKED = "tiermem.principal"

READ = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)
ADD = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False)
CHANGE = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False)
DESTROY = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False)

AgentArg = Annotated[
    str | None,
    Field(description="Whose memory (default: this server's agent). Leave it out unless told otherwise."),
]


class Stored(TypedDict):
    """What ``store`` did (see StoreResult), with the memory it is about."""

    id: str
    created: bool
    duplicate_of: str | None
    reason: str
    similarity: float | None
    decision: str
    supersedes: str | None
    related_to: str | None
    changes: dict[str, list[str]] | None
    redacted: dict[str, int] | None
    why: str
    text: str
    type: str
    tier: str


class Replaced(TypedDict):
    id: str
    text: str


class FoundMemory(TypedDict):
    """A hit as the agent sees it: its text neutralised (it is data, see tiermem.fence) and how far to trust it."""

    id: str
    text: str
    type: str
    category: str | None
    score: float
    tier: str
    created_at: str
    trust: str
    replaces: NotRequired[list[Replaced]]
    superseded_by: NotRequired[str]


class Found(TypedDict):
    notice: str
    hits: list[FoundMemory]


class Loaded(TypedDict):
    text: str
    total_tokens: int


class Forgotten(TypedDict):
    id: str
    status: str


class Reinstated(TypedDict):
    id: str
    current: bool


class TreeAnswer(TypedDict):
    tree: str
    nodes: dict[str, SeedNode]


class Access:
    """Decides which agent a tool call acts on, and whether the caller may. ``confined``: only the default agent
    (a stdio server started with ``--agent-id``: it has no tokens to say otherwise)."""

    def __init__(
        self, memory: Memory, default_agent: str, *, tokens: bool, workspace: str | None = None, confined: bool = False
    ) -> None:
        self.memory, self.default_agent, self.tokens = memory, default_agent, tokens
        self.workspace = workspace  # where MEMORY.md lives (None: the store's default)
        self.confined = confined

    def lifecycle(self) -> LifecycleService:
        return self.memory.lifecycle(self.workspace)

    def principal(self, ctx: Context[Any, Any] | None) -> Principal:
        if not self.tokens:
            return Principal(None)
        headers = (ctx.headers if ctx is not None else None) or {}
        header = headers.get("authorization")
        checked = _checked(ctx, header) if ctx is not None else None
        return checked if checked is not None else authenticate(self.memory, header)

    def agent(self, ctx: Context[Any, Any] | None, agent_id: str | None, role: str) -> str:
        if self.confined and agent_id is not None and agent_id != self.default_agent:
            raise ForbiddenError(
                f"this server serves agent {self.default_agent!r} only; to reach {agent_id!r}, start another "
                f"`tiermem mcp --agent-id {agent_id}`"
            )
        caller = self.principal(ctx)
        if agent_id is None and caller.token is not None and len(caller.token.agents) == 1:
            agent_id = caller.token.agents[0] if caller.token.agents[0] != "*" else None
        return caller.check(agent_id or self.default_agent, role)

    @contextmanager
    def errors(self, kind: type[Exception] = ToolError) -> Iterator[None]:
        """Engine errors reach the agent as the tool's (or resource's) error text: the words the CLI prints,
        except that a client with a token (a remote one) is told the server's own troubles by kind only."""
        try:
            yield
        except TiermemError as exc:
            said = client_message(exc) if self.tokens else str(exc)
            raise kind(" ".join(said.split())) from None


def create_server(
    memory: Memory,
    *,
    default_agent: str = "default",
    tokens: bool = False,
    workspace: str | None = None,
    confined: bool = False,
) -> MCPServer:
    """The MCP server over an open store. ``tokens``: require bearer tokens (HTTP); ``confined``: serve
    ``default_agent`` only (stdio)."""
    # The version: clients see which tiermem. WARNING: at INFO the SDK logs a line (through rich) per request.
    server = MCPServer("tiermem", instructions=INSTRUCTIONS, version=__version__, log_level="WARNING")
    access = Access(memory, default_agent, tokens=tokens, workspace=workspace, confined=confined)
    _memory_tools(server, access)
    _lifecycle_tools(server, access)
    _resources(server, access)
    return server


def _memory_tools(server: MCPServer, access: Access) -> None:
    memory = access.memory

    @server.tool(annotations=ADD)
    def store(
        text: Annotated[str, Field(description="One self-contained fact, in a sentence.")],
        ctx: Context[Any, Any],
        type: Annotated[  # noqa: A002 - the tool's argument name, as in the API
            str | None, Field(description="e.g. user_preference, architectural_decision, error_resolution, episodic.")
        ] = None,
        category: Annotated[str | None, Field(description="A path like projects/tiermem (at most 4 levels).")] = None,
        importance: Annotated[float | None, Field(ge=0, le=1, description="0..1; 0.5 if unsure.")] = None,
        tags: list[str] | None = None,
        session: Annotated[
            str | None, Field(description="The conversation or thread id, so its turns are recalled together.")
        ] = None,
        agent_id: AgentArg = None,
    ) -> Stored:
        """Remember something for later sessions. Call it when the user states a preference, a decision is made,
        a problem is solved, or you learn a fact you will need again. Example: store(text="The user prefers dark
        mode in every editor", type="user_preference"). The answer's `decision` says what it was: new, a
        restatement (it reinforced `duplicate_of`), an update or contradiction (it `supersedes` the old memory,
        which leaves search), or an elaboration (linked to `related_to`); `why` says what differed; `redacted`
        counts the secrets (keys, passwords) taken out of the text before it was stored."""
        with access.errors():
            agent = access.agent(ctx, agent_id, "write")
            item = {"text": text, "type": type, "category": category, "importance": importance, "tags": tags or (),
                    "source": stamp("agent", "mcp", tool="store"), "session": session}  # fmt: skip
            return _compact_result(memory.store_many([item], agent_id=agent)[0])

    @server.tool(annotations=READ)
    def search(
        query: Annotated[str, Field(description="What you want to know, in words.")],
        ctx: Context[Any, Any],
        limit: Annotated[int, Field(ge=1, le=50)] = 5,
        agent_id: AgentArg = None,
    ) -> Found:
        """Find the memories that best answer a question, best first, each with its score, recall tier (hot,
        warm, cold) and why it matched. Read-only. Example: search(query="which database does staging use?")."""
        with access.errors():
            hits = memory.search(query, agent_id=access.agent(ctx, agent_id, "read"), limit=limit)
            return {"notice": NOTICE, "hits": [_compact_hit(h) for h in hits]}

    @server.tool(annotations=READ)
    def context(
        ctx: Context[Any, Any],
        message: Annotated[str, Field(description="The user's message; empty at the start of a session.")] = "",
        budget_tokens: Annotated[int, Field(ge=100, le=200_000)] = 2000,
        agent_id: AgentArg = None,
    ) -> Loaded:
        """Load your memory for the conversation: hot state, the category tree, workspace notes and the memories
        most relevant to the message, in one block within the token budget. Call it at the start of a session
        and when the topic changes. Read-only."""
        with access.errors():
            built = memory.context(message, agent_id=access.agent(ctx, agent_id, "read"), budget_tokens=budget_tokens)
            return {"text": built.text, "total_tokens": built.total_tokens}

    @server.tool(annotations=DESTROY)
    def forget(
        memory_id: Annotated[str, Field(description="The id from a search or store answer.")],
        ctx: Context[Any, Any],
        reason: str | None = None,
        agent_id: AgentArg = None,
    ) -> Forgotten:
        """Forget a memory that is wrong or no longer true: it leaves search and context at once (kept in the
        history for audit). Destructive. Prefer `store` with the corrected fact when something changed."""
        with access.errors():
            forgotten = memory.forget(memory_id, agent_id=access.agent(ctx, agent_id, "write"), reason=reason)
            return {"id": forgotten.id, "status": forgotten.status}

    @server.tool(annotations=CHANGE)
    def reinstate(
        memory_id: Annotated[str, Field(description="The id a hit's `replaces` names.")],
        ctx: Context[Any, Any],
        reason: str | None = None,
        agent_id: AgentArg = None,
    ) -> Reinstated:
        """Make a superseded memory current again, beside the memory that replaced it, when a search hit's
        `replaces` names a different fact rather than an older version of the same one (another bill, another
        person). Both stay in search; the history says why."""
        with access.errors():
            back = memory.reinstate(memory_id, agent_id=access.agent(ctx, agent_id, "write"), reason=reason)
            return {"id": back.id, "current": back.is_current}


def _lifecycle_tools(server: MCPServer, access: Access) -> None:
    memory = access.memory

    @server.tool(annotations=READ)
    def retrieve(
        query: Annotated[str, Field(description="What you want to know, in words.")],
        ctx: Context[Any, Any],
        limit: Annotated[int, Field(ge=1, le=50)] = 5,
        agent_id: AgentArg = None,
    ) -> dict[str, Any]:
        """Tiered retrieval: route the query through the category tree, then warm and cold memories, merged with
        search. Each result says how it was found and which category explains it. Use it for broad questions
        ("what do I know about project X?"); use `search` for a specific fact. Read-only."""
        with access.errors():
            found = memory.retrieve(
                query, agent_id=access.agent(ctx, agent_id, "read"), limit=limit, workspace=access.workspace
            ).to_dict()
            results = [{**r, "text": neutralise(r["text"])} for r in found["results"]]  # data, not orders
            return _jsonable({**found, "notice": NOTICE, "results": results})

    @server.tool(annotations=CHANGE)
    def hot_update(
        key: Annotated[
            str,
            Field(description="identity or owner_profile (merged), lesson, event or task (added), project (by name)."),
        ],
        value: Annotated[dict[str, Any], Field(description='A JSON object, e.g. {"text": ..., "importance": 0.9}.')],
        ctx: Context[Any, Any],
        agent_id: AgentArg = None,
    ) -> dict[str, Any]:
        """Change the always-loaded hot state (at most 5 KB): who you are, who the owner is, active projects,
        events and tasks, and critical lessons. Example: hot_update(key="lesson", value={"text": "Run the tests
        before pushing", "category": "workflow", "importance": 0.9}). Limits are enforced on every change; the
        answer lists what was pruned to fit."""
        with access.errors():
            agent = access.agent(ctx, agent_id, "write")
            return access.lifecycle().update_hot(key, value, agent_id=agent).to_dict()

    @server.tool(annotations=READ)
    def tree(ctx: Context[Any, Any], agent_id: AgentArg = None) -> TreeAnswer:
        """The category tree of your memory (at most 50 nodes) with warm and cold counts per node. Read-only:
        use it to see what you know about, and which categories to search."""
        with access.errors():
            found = access.lifecycle().tree(agent_id=access.agent(ctx, agent_id, "read"))
            return {"tree": found.render(), "nodes": found.seed_dict()}

    @server.tool(annotations=CHANGE)
    def consolidate(
        ctx: Context[Any, Any],
        mode: Annotated[str, Field(description="quick (hourly), daily, monthly or full.")] = "quick",
        agent_id: AgentArg = None,
    ) -> dict[str, Any]:
        """Maintenance: rescore memories and move them between tiers, prune the tree, rebuild MEMORY.md. Run
        `quick` at the end of a long session; the others run on a schedule. Changes tiers, never deletes recent
        memories."""
        with access.errors():
            agent = access.agent(ctx, agent_id, "write")
            return access.lifecycle().consolidate(mode, agent_id=agent, interface="mcp").to_dict()


def _resources(server: MCPServer, access: Access) -> None:
    @server.resource("tiermem://agents/{agent_id}/MEMORY.md", mime_type="text/markdown")
    def memory_md(agent_id: str, ctx: Context[Any, Any]) -> str:
        """The agent's hot state as rendered into MEMORY.md, then the category tree: what it loads every session."""
        with access.errors(ResourceError):
            return fence(access.lifecycle().session_context(agent_id=access.agent(ctx, agent_id, "read")))

    @server.resource("tiermem://agents/{agent_id}/tree", mime_type="text/plain")
    def tree_index(agent_id: str, ctx: Context[Any, Any]) -> str:
        """The agent's category tree index with warm/cold counts (at most 50 nodes, 2 KB)."""
        with access.errors(ResourceError):
            return access.lifecycle().tree(agent_id=access.agent(ctx, agent_id, "read")).render()


def _compact_result(result: StoreResult) -> Stored:
    record = result.memory  # a duplicate's answer is the memory it matched: stored text, so data
    return Stored(
        id=record.id,
        created=result.created,
        duplicate_of=result.duplicate_of,
        reason=result.reason,
        similarity=result.similarity,
        decision=result.decision,
        supersedes=result.supersedes,
        related_to=result.related_to,
        changes=result.changes,
        redacted=result.redacted,
        why=neutralise(result.why),  # it quotes stored values
        text=neutralise(record.text),
        type=record.type,
        tier=record.tier,
    )


def _compact_hit(hit: Hit) -> FoundMemory:
    record = hit.memory
    compact = FoundMemory(id=record.id, text=neutralise(record.text), type=record.type, category=record.category,
                          score=hit.score, tier=hit.tier, created_at=record.created_at.isoformat(),
                          trust=trust_of(record.source))  # fmt: skip
    replaced = hit.explain.get("replaces")
    if replaced:  # the current value; what it replaced is history, as data
        compact["replaces"] = [{"id": old["id"], "text": neutralise(old["text"])} for old in replaced]
    if hit.explain.get("superseded_by"):
        compact["superseded_by"] = hit.explain["superseded_by"]
    return compact


def _checked(ctx: Context[Any, Any], header: str | None) -> Principal | None:
    """The principal that :func:`http_app`'s bearer check found for this same request, if it checked this
    ``header``: one token lookup a call, as REST makes."""
    scope = getattr(ctx.request_context.request, "scope", None)
    found = (scope.get("state") or {}).get(_CHECKED) if isinstance(scope, dict) else None
    return found[1] if found is not None and found[0] == header else None


def _jsonable(value: dict[str, Any]) -> dict[str, Any]:
    """Datetimes and other non-JSON values as strings, so the SDK can send the answer."""
    out: dict[str, Any] = json.loads(json.dumps(value, default=str))
    return out


# --- running --------------------------------------------------------------------------------------------


def run_stdio(memory: Memory, *, default_agent: str = "default", workspace: str | None = None) -> None:
    """Serve one agent over stdin/stdout: whoever can write to the pipe is that agent, and no other."""
    from .mcp_stdio import run_stdio as serve

    serve(create_server(memory, default_agent=default_agent, workspace=workspace, confined=True))


def http_app(
    memory: Memory,
    *,
    default_agent: str = "default",
    insecure_local: bool = False,
    workspace: str | None = None,
    host: str = "127.0.0.1",
    stateless: bool = False,
) -> Any:
    """The streamable HTTP app (at ``/mcp``); with tokens, requests without a valid one get 401 up front.
    ``stateless``: no sessions, each request on its own (what several worker processes need).

    ``host`` is the address it is served on: on loopback the SDK refuses requests whose Host or Origin header
    names another site (DNS rebinding: a web page the user visits cannot reach the local server through its
    own domain); on any other address that check would refuse the server's own clients, so it is off."""
    server = create_server(memory, default_agent=default_agent, tokens=not insecure_local, workspace=workspace)
    # Answers as plain JSON, not an event stream per request: the tools send nothing before their result, and
    # the stream's machinery cost ~2 ms of CPU per call (2 workers, 16 clients: 122 -> 160 calls/s).
    starlette = server.streamable_http_app(host=host, stateless_http=stateless, json_response=True)
    limit_engine_threads(starlette, memory.settings.server.threads)  # the tools run in anyio's thread pool
    app: ASGIApp = starlette
    if is_loopback_name(host):
        # The SDK's own check covers only 127.0.0.1, localhost and ::1 as written; ours every loopback form.
        app = LoopbackHosts(CrossSite(app))
    if insecure_local:
        return app

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            header = dict(scope.get("headers") or []).get(b"authorization")
            value = header.decode("latin-1") if header else None
            try:  # a store lookup: off the event loop
                principal = await anyio.to_thread.run_sync(authenticate, memory, value)
            except AuthError as exc:
                await send_error(send, 401, "AuthError", str(exc), bearer=True)
                return
            # The request's tools take it from here (request.state) rather than look the token up again.
            scope.setdefault("state", {})[_CHECKED] = (value, principal)
        await app(scope, receive, send)

    return guarded
