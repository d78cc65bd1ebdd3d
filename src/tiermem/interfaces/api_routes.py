"""The REST routes. Each one: check the caller may act on the path's agent, call Memory, return JSON.

Handlers are plain functions (FastAPI runs them on its thread pool): the engine is synchronous, and the event
loop never waits for it. Each plain dependency is one more trip to the pool, so the ones that touch no store
(which agent, which role) are coroutines and only the token lookup goes there; the hot routes (search,
store) encode their answer in the handler's own trip (see :func:`_json`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response, StreamingResponse
from pydantic import AliasChoices, BaseModel, ConfigDict, Field
from pydantic_core import to_json

from .. import __version__
from ..engine import Memory
from ..errors import ValidationError
from ..lifecycle.service import LifecycleService
from ..results import Renders
from ..write.provenance import stamp
from .auth import Principal, TokenInfo

router = APIRouter()
MAX_BATCH = 1000
AgentPath = Annotated[str, Path(description="The agent whose memories these are.", examples=["default"])]
IdPath = Annotated[str, Path(description="A memory id.", max_length=64)]


# --- who is calling ------------------------------------------------------------------------------------


def _lifecycle(request: Request) -> LifecycleService:
    memory: Memory = request.app.state.memory
    return memory.lifecycle(request.app.state.workspace)


async def _memory(request: Request) -> Memory:
    memory: Memory = request.app.state.memory
    return memory


def _principal(request: Request, authorization: Annotated[str | None, Header()] = None) -> Principal:
    source: Callable[[str | None], Principal] = request.app.state.principal
    return source(authorization)


Caller = Annotated[Principal, Depends(_principal)]
Store = Annotated[Memory, Depends(_memory)]
Lifecycle = Annotated[LifecycleService, Depends(_lifecycle)]


def _agent(role: str) -> Callable[..., Awaitable[str]]:
    async def check(agent_id: AgentPath, caller: Caller) -> str:  # no I/O: the token was read already
        return caller.check(agent_id, role)

    return check


def _json(content: Any, status_code: int = 200) -> Response:
    """``content`` as a JSON answer, encoded here (in the handler's thread, by pydantic's encoder, as FastAPI
    would): returning the dict instead costs a validation against ``dict[str, Any]`` in one more trip to the
    thread pool, then the encoding in the event loop."""
    return Response(to_json(content), status_code, media_type="application/json")


Reader = Annotated[str, Depends(_agent("read"))]
Writer = Annotated[str, Depends(_agent("write"))]
Admin = Annotated[str, Depends(_agent("admin"))]


# --- bodies ---------------------------------------------------------------------------------------------


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MemoryFields(_Body):
    """What a memory is made of. Everything but ``text`` is optional; the engine validates every value."""

    # "content" too: seed 001's memory.store({content, type, importance}) posts as it is written.
    text: str = Field(
        description="What to remember (also accepted as content).",
        examples=["The user prefers dark mode"],
        validation_alias=AliasChoices("text", "content"),
    )
    type: str | None = Field(None, description="A memory type, e.g. user_preference, episodic.")
    category: str | None = Field(None, description="A tree path, e.g. projects/tiermem.", examples=["preferences"])
    importance: float | None = Field(None, description="0..1 (default 0.5).")
    tags: list[str] | None = None
    metadata: dict[str, Any] | None = None
    source: str | dict[str, Any] | None = Field(None, description="Who or what wrote it.")
    created_at: str | float | None = Field(None, description="ISO-8601 or epoch seconds (default: now).")
    event_at: str | float | None = Field(None, description="When the thing happened.")
    salience: float | None = None
    confidence: float | None = None
    valence: float | None = None
    scope: str | None = None
    session: str | None = Field(None, description="The conversation or thread it came from.", examples=["chat-42"])

    def item(self) -> dict[str, Any]:
        """The memory as the engine takes it, its source stamped with the interface it came through."""
        fields = self.model_dump(exclude_unset=True)
        return {**fields, "source": stamp(fields.get("source"), "rest")}


class StoreBody(MemoryFields):
    """One memory to store."""

    dedup: bool = Field(True, description="Reinforce a duplicate instead of storing it again.")


class StoreManyBody(_Body):
    items: list[MemoryFields] = Field(max_length=MAX_BATCH)
    dedup: bool = True


class Filters(_Body):
    type: str | list[str] | None = None
    category: str | None = None
    tags: list[str] | None = None
    tier: str | list[str] | None = None
    scope: str | None = None
    since: str | float | None = None
    until: str | float | None = None


class SearchBody(Filters):
    query: str = Field(examples=["what theme does the user like?"])
    limit: int = Field(10, ge=1, le=100)
    reinforce: bool = Field(True, description="Count the hits as accessed (retrieval is reinforcement).")


class UpdateBody(_Body):
    text: str | None = None
    type: str | None = None
    category: str | None = None
    importance: float | None = None
    tags: list[str] | None = None
    metadata: dict[str, Any] | None = None
    valence: float | None = None
    scope: str | None = None
    event_at: str | float | None = None
    tier: str | None = None


class LinkBody(_Body):
    source_id: str
    target_id: str
    relation: str = Field(examples=["caused_by"])


class RetrieveBody(_Body):
    query: str = Field(examples=["what do I know about the billing service?"])
    limit: int = Field(5, ge=1, le=100)


class HotBody(_Body):
    key: str = Field(description="identity, owner_profile, lesson, event, task or project.", examples=["lesson"])
    value: dict[str, Any] = Field(examples=[{"text": "Run the tests before pushing", "importance": 0.9}])


class ConsolidateBody(_Body):
    mode: str = Field("quick", description="quick, daily, monthly or full.")


class ContextBody(_Body):
    message: str = Field("", description="The user's message (may be empty at the start of a session).")
    budget_tokens: int = Field(2000, description="The most tokens the block may cost.")


# --- answers ------------------------------------------------------------------------------------------
# Answers assembled here are response models (the OpenAPI schema shows their fields); results of the engine
# are rendered by their own to_dict, which the CLI's --json and MCP print too.


class Rendered(JSONResponse):
    """An engine result's JSON, byte for byte what ``to_dict`` gives."""

    def __init__(self, result: Renders, status_code: int = 200) -> None:
        super().__init__(result.to_dict(), status_code)


class Health(BaseModel):
    status: str
    version: str


class WhoAmI(BaseModel):
    token: TokenInfo | None
    insecure_local: bool


class Agents(BaseModel):
    agents: list[str]


class Stored(BaseModel):
    results: list[dict[str, Any]]


class Page(BaseModel):
    items: list[dict[str, Any]]
    limit: int
    offset: int
    next_offset: int | None


class Purged(BaseModel):
    purged: str


class HistoryRow(BaseModel):
    at: str
    action: str
    detail: dict[str, Any]


class History(BaseModel):
    id: str
    history: list[HistoryRow]


class Links(BaseModel):
    id: str
    links: list[dict[str, Any]]


class Linked(BaseModel):
    source_id: str
    target_id: str
    relation: str
    created_at: str


class Hits(BaseModel):
    query: str
    hits: list[dict[str, Any]]


class ContextBlock(BaseModel):
    text: str
    total_tokens: int
    metadata: dict[str, Any]


class TreeView(BaseModel):
    tree: str
    nodes: dict[str, Any]
    size_bytes: int


# --- routes ---------------------------------------------------------------------------------------------


@router.get("/health", tags=["server"], summary="Liveness (no token needed)")
def health() -> Health:
    return Health(status="ok", version=__version__)


@router.get("/v1/whoami", tags=["server"], summary="The calling token: its agents and role")
def whoami(caller: Caller) -> WhoAmI:
    return WhoAmI(token=None if caller.token is None else caller.token.public(), insecure_local=caller.token is None)


@router.get("/v1/agents", tags=["server"], summary="Agents with memories that this token may see")
def agents(caller: Caller, memory: Store) -> Agents:
    return Agents(agents=caller.visible(memory.agents()))


@router.post("/v1/agents/{agent_id}/memories", tags=["memories"], summary="Store one memory", status_code=201)
def store(body: StoreBody, agent: Writer, memory: Store) -> Response:
    result = memory.store_many([body.item()], agent_id=agent, dedup=body.dedup)[0]
    return _json(result.to_dict(), 201 if result.created else 200)  # 200: a duplicate reinforced its match


@router.post("/v1/agents/{agent_id}/memories/batch", tags=["memories"], summary="Store many memories at once")
def store_many(body: StoreManyBody, agent: Writer, memory: Store) -> Stored:
    results = memory.store_many([i.item() for i in body.items], agent_id=agent, dedup=body.dedup)
    return Stored(results=[r.to_dict() for r in results])


@router.get("/v1/agents/{agent_id}/memories", tags=["memories"], summary="List memories, a page at a time")
def list_memories(
    agent: Reader,
    memory: Store,
    limit: Annotated[int, Query(ge=1, le=1000)] = 50,
    offset: Annotated[int, Query(ge=0)] = 0,
    order: str = "newest",
    type: Annotated[list[str] | None, Query()] = None,  # noqa: A002 - the API's name
    category: str | None = None,
    tag: Annotated[list[str] | None, Query()] = None,
    tier: Annotated[list[str] | None, Query()] = None,
    scope: str | None = None,
    since: str | None = None,
    until: str | None = None,
    include_forgotten: bool = False,
    include_superseded: bool = False,
) -> Page:
    found = memory.list(
        agent_id=agent, limit=limit, offset=offset, order=order, type=type, category=category, tags=tag,
        tier=tier, scope=scope, since=since, until=until, include_forgotten=include_forgotten,
        include_superseded=include_superseded,
    )  # fmt: skip
    more = len(found) == limit
    return Page(items=[r.to_dict() for r in found], limit=limit, offset=offset,
                next_offset=offset + limit if more else None)  # fmt: skip


@router.get("/v1/agents/{agent_id}/memories/{memory_id}", tags=["memories"], summary="One memory")
def get(memory_id: IdPath, agent: Reader, memory: Store) -> Rendered:
    return Rendered(memory.get(memory_id, agent_id=agent))


@router.patch("/v1/agents/{agent_id}/memories/{memory_id}", tags=["memories"], summary="Change a memory")
def update(memory_id: IdPath, body: UpdateBody, agent: Writer, memory: Store) -> Rendered:
    changes = body.model_dump(exclude_unset=True)
    if not changes:
        raise ValidationError("nothing to update: give at least one field")
    return Rendered(memory.update(memory_id, agent_id=agent, **changes))


@router.delete("/v1/agents/{agent_id}/memories/{memory_id}", tags=["memories"], summary="Forget (tombstone)")
def forget(memory_id: IdPath, agent: Writer, memory: Store, reason: str | None = None) -> Rendered:
    return Rendered(memory.forget(memory_id, agent_id=agent, reason=reason))


@router.post("/v1/agents/{agent_id}/memories/{memory_id}/reinstate", tags=["memories"], summary="Current again")
def reinstate(memory_id: IdPath, agent: Writer, memory: Store, reason: str | None = None) -> Rendered:
    return Rendered(memory.reinstate(memory_id, agent_id=agent, reason=reason))


@router.post("/v1/agents/{agent_id}/memories/{memory_id}/purge", tags=["memories"], summary="Delete for good")
def purge(memory_id: IdPath, agent: Admin, memory: Store) -> Purged:
    memory.purge(memory_id, agent_id=agent)
    return Purged(purged=memory_id)


@router.get("/v1/agents/{agent_id}/memories/{memory_id}/history", tags=["memories"], summary="What happened")
def history(memory_id: IdPath, agent: Reader, memory: Store) -> History:
    entries = memory.history(memory_id, agent_id=agent)
    rows = [HistoryRow(at=e.at.isoformat(), action=e.action, detail=e.detail) for e in entries]
    return History(id=memory_id, history=rows)


@router.get("/v1/agents/{agent_id}/memories/{memory_id}/links", tags=["links"], summary="A memory's links")
def links(memory_id: IdPath, agent: Reader, memory: Store) -> Links:
    return Links(id=memory_id, links=memory.links(memory_id, agent_id=agent))


@router.post("/v1/agents/{agent_id}/links", tags=["links"], summary="Link two memories", status_code=201)
def link(body: LinkBody, agent: Writer, memory: Store) -> Linked:
    made = memory.link(body.source_id, body.target_id, body.relation, agent_id=agent)
    return Linked(source_id=made.source_id, target_id=made.target_id, relation=made.relation,
                  created_at=made.created_at.isoformat())  # fmt: skip


@router.post("/v1/agents/{agent_id}/search", tags=["recall"], summary="The memories that best answer a query")
def search(body: SearchBody, agent: Reader, memory: Store) -> Response:
    filters = body.model_dump(exclude_unset=True, exclude={"query", "limit", "reinforce"})
    hits = memory.search(body.query, agent_id=agent, limit=body.limit, reinforce=body.reinforce, **filters)
    return _json({"query": body.query, "hits": [h.to_dict() for h in hits]})


@router.post("/v1/agents/{agent_id}/context", tags=["recall"], summary="The agent's memory block for a message")
def context(body: ContextBody, agent: Reader, memory: Store) -> ContextBlock:
    built = memory.context(body.message, agent_id=agent, budget_tokens=body.budget_tokens)
    return ContextBlock(text=built.text, total_tokens=built.total_tokens, metadata=built.metadata)


@router.get("/v1/agents/{agent_id}/stats", tags=["server"], summary="Counts by status, type and tier")
def stats(agent: Reader, memory: Store) -> Response:
    # Not the store's path: where the server keeps its files (or a database URL) is none of a client's business.
    return _json({key: value for key, value in memory.stats(agent_id=agent).items() if key != "path"})


# --- the tiered lifecycle (seed 000) ----------------------------------------------------------------------


@router.post("/v1/agents/{agent_id}/retrieve", tags=["recall"], summary="Tiered retrieval through the tree")
def retrieve(body: RetrieveBody, agent: Reader, memory: Store, request: Request) -> Rendered:
    found = memory.retrieve(body.query, agent_id=agent, limit=body.limit, workspace=request.app.state.workspace)
    return Rendered(found)


@router.get("/v1/agents/{agent_id}/hot", tags=["lifecycle"], summary="The hot state (always in context)")
def hot(agent: Reader, life: Lifecycle) -> Response:
    return _json(life.hot(agent_id=agent))  # as stored: with any keys a caller or an import gave


@router.post("/v1/agents/{agent_id}/hot", tags=["lifecycle"], summary="Change the hot state, within its limits")
def hot_update(body: HotBody, agent: Writer, life: Lifecycle) -> Rendered:
    return Rendered(life.update_hot(body.key, body.value, agent_id=agent))


@router.get("/v1/agents/{agent_id}/tree", tags=["lifecycle"], summary="The category tree index")
def tree(agent: Reader, life: Lifecycle) -> TreeView:
    found = life.tree(agent_id=agent)
    return TreeView(tree=found.render(), nodes=found.seed_dict(), size_bytes=found.size_bytes())


@router.post("/v1/agents/{agent_id}/consolidate", tags=["lifecycle"], summary="Re-tier, prune, rebuild MEMORY.md")
def consolidate(body: ConsolidateBody, agent: Writer, life: Lifecycle) -> Rendered:
    return Rendered(life.consolidate(body.mode, agent_id=agent, interface="rest"))


@router.get("/v1/agents/{agent_id}/metrics", tags=["lifecycle"], summary="The seed's metrics, computed")
def metrics(agent: Reader, life: Lifecycle) -> Rendered:
    return Rendered(life.metrics(agent_id=agent))


# --- backup (tiermem.backup) -------------------------------------------------------------------------------


@router.get("/v1/agents/{agent_id}/export", tags=["backup"], summary="The agent's memories as JSON Lines (streamed)")
def export_memories(agent: Reader, memory: Store, embeddings: bool = False) -> StreamingResponse:
    lines = memory.export_lines(agent_id=agent, embeddings=embeddings)
    return StreamingResponse(lines, media_type="application/x-ndjson")


@router.post("/v1/agents/{agent_id}/import", tags=["backup"], summary="Import an export, all or nothing (admin)")
async def import_memories(
    request: Request,
    agent: Admin,
    caller: Caller,
    memory: Store,
    on_conflict: Annotated[str, Query(description="A memory id already there with other text: error or skip.")] = (
        "error"
    ),
    keep_secrets: Annotated[bool, Query(description="Do not redact secrets found in the file.")] = False,
) -> Rendered:
    """The body is a `tiermem export` file (at most the server's body limit, `--max-body-bytes`); only this agent's
    lines are imported, others are counted as skipped. Provenance is this request's, not the file's: every memory
    comes in with `source.interface` rest and `source.trust` tool (the file's claim kept under `source.claimed`),
    and no pin or hot tier is taken from the file."""
    body = await request.body()
    report = await run_in_threadpool(
        memory.import_from,
        body.splitlines(),
        agent_id=agent,
        on_conflict=on_conflict,
        redact_secrets=False if keep_secrets else None,
        provenance=_imported_by(caller),
    )
    return Rendered(report)


def _imported_by(caller: Principal) -> dict[str, str]:
    """The provenance of a file sent over the network: whoever sent it, never what the file says of itself."""
    who = "insecure-local" if caller.token is None else caller.token.id
    return {"type": "import", "interface": "rest", "trust": "tool", "token": who}
