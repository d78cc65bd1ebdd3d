"""The MCP server end to end with the SDK's own client (``ClientSession``): over stdio (a real `tiermem mcp`
process) and over streamable HTTP (uvicorn on 127.0.0.1, bearer tokens): list tools, store, search, context,
the other tools, resources, errors, and isolation between agents for every tool."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

import tiermem
from api_support import serve_asgi, serve_process
from tiermem import Memory
from tiermem.interfaces.auth import create_token
from tiermem.interfaces.mcp import http_app
from tiermem.providers.embedders import WordLlamaEmbedder

TOOLS = {"store", "search", "retrieve", "context", "forget", "reinstate", "hot_update", "tree", "consolidate"}
READ_ONLY = {"search", "retrieve", "context", "tree"}
Scenario = Callable[[ClientSession], Awaitable[Any]]


def payload(result: Any) -> Any:
    """A tool result's JSON answer (or its error text)."""
    text = result.content[0].text
    return text if result.is_error else json.loads(text)


def over_stdio(store: Path, scenario: Scenario) -> Any:
    tiermem = Path(sys.executable).with_name("tiermem")
    params = StdioServerParameters(command=str(tiermem), args=["mcp", "--store", str(store), "--agent-id", "alice"])

    async def main() -> Any:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            return await scenario(session)

    return anyio.run(main)


def over_http(url: str, scenario: Scenario, token: str | None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else None

    async def main() -> Any:
        async with (
            create_mcp_http_client(headers=headers) as client,
            streamable_http_client(f"{url}/mcp", http_client=client) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            return await scenario(session)

    return anyio.run(main)


async def first_session(session: ClientSession) -> dict[str, Any]:
    """What an agent does first: see the tools, remember something, find it, load its context."""
    listed = await session.list_tools()
    stored = payload(await session.call_tool("store", {"text": "The user's cat is called Miso", "type": "episodic"}))
    again = payload(await session.call_tool("store", {"text": "the user's cat is called Miso!"}))
    found = payload(await session.call_tool("search", {"query": "what is the cat called?"}))
    context = payload(await session.call_tool("context", {"message": "tell me about my cat", "budget_tokens": 400}))
    return {"tools": listed.tools, "stored": stored, "again": again, "found": found, "context": context}


def check_first_session(outcome: dict[str, Any]) -> None:
    tools = {t.name: t for t in outcome["tools"]}
    assert set(tools) == TOOLS
    assert {name for name, t in tools.items() if t.annotations and t.annotations.read_only_hint} == READ_ONLY
    assert tools["forget"].annotations.destructive_hint is True
    assert "Example" in tools["store"].description and tools["store"].input_schema["required"] == ["text"]
    assert outcome["stored"]["created"] is True
    assert outcome["again"]["duplicate_of"] == outcome["stored"]["id"] and outcome["stored"]["redacted"] is None
    assert outcome["found"]["hits"][0]["id"] == outcome["stored"]["id"]
    assert "Miso" in outcome["context"]["text"] and outcome["context"]["total_tokens"] <= 400


@pytest.mark.slow
def test_stdio_session(tmp_path: Path, embedder: WordLlamaEmbedder) -> None:
    store = tmp_path / "store"
    outcome = over_stdio(store, first_session)
    check_first_session(outcome)
    with Memory.open(store, embedder=embedder) as mem:  # the process wrote to the store it was given
        assert [r.text for r in mem.list(agent_id="alice")] == ["The user's cat is called Miso"]


@pytest.fixture
def mcp_url(mem: Memory) -> Any:
    with serve_asgi(http_app(mem)) as url:
        yield url


def test_http_session_with_a_token(mem: Memory, mcp_url: str) -> None:
    token, _ = create_token(mem, ["alice"], "write")
    check_first_session(over_http(mcp_url, first_session, token))
    assert mem.list(agent_id="alice")[0].text == "The user's cat is called Miso"  # the token's agent by default


def test_server_info_names_the_version(mem: Memory, mcp_url: str) -> None:
    token, _ = create_token(mem, ["alice"], "read")

    async def main() -> Any:
        async with (
            create_mcp_http_client(headers={"Authorization": f"Bearer {token}"}) as client,
            streamable_http_client(f"{mcp_url}/mcp", http_client=client) as (read, write),
            ClientSession(read, write) as session,
        ):
            return await session.initialize()

    info = anyio.run(main).server_info
    assert (info.name, info.version) == ("tiermem", tiermem.__version__) and info.version


@pytest.mark.parametrize("token", [None, "tmk_000000000000_" + "A" * 43])
def test_http_without_a_valid_token_is_refused_before_any_session(mcp_url: str, token: str | None) -> None:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = httpx.post(f"{mcp_url}/mcp", headers=headers, json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
    assert response.status_code == 401
    assert response.json()["error"]["type"] == "AuthError"


@pytest.mark.parametrize(
    ("bound_to", "host_header", "status"), [("127.0.0.1", "evil.example", 400), ("0.0.0.0", "mem.example:8848", 200)]
)
def test_host_header_is_checked_on_loopback_only(mem: Memory, bound_to: str, host_header: str, status: int) -> None:
    """On loopback a page on another site cannot reach the server through its own domain (DNS rebinding);
    bound to a public address, the server answers its own clients, whatever name they use."""
    token, _ = create_token(mem, ["alice"], "write")
    hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    with serve_asgi(http_app(mem, host=bound_to)) as url:
        response = httpx.post(
            f"{url}/mcp",
            headers={
                "Authorization": f"Bearer {token}",
                "Host": host_header,
                "Accept": "application/json, text/event-stream",
            },
            json={"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": hello},
        )
    assert response.status_code == status


#: arguments of each tool aimed at agent "bob"
FOREIGN_CALLS: dict[str, dict[str, Any]] = {
    "store": {"text": "alice writing into bob's memory"},
    "search": {"query": "secret"},
    "retrieve": {"query": "secret"},
    "context": {"message": "secret"},
    "forget": {"memory_id": "{bob_id}"},
    "reinstate": {"memory_id": "{bob_id}"},
    "hot_update": {"key": "identity", "value": {"agent_name": "Mallory"}},
    "tree": {},
    "consolidate": {"mode": "quick"},
}


def test_every_tool_and_resource_refuses_another_agent(mem: Memory, mcp_url: str) -> None:
    bob_id = mem.store("bob's secret plan", agent_id="bob").id
    before = [r.to_dict() for r in mem.list(agent_id="bob", include_forgotten=True)]
    token, _ = create_token(mem, ["alice"], "admin")
    assert set(FOREIGN_CALLS) == TOOLS

    async def attempts(session: ClientSession) -> dict[str, Any]:
        answers: dict[str, Any] = {}
        for name, arguments in FOREIGN_CALLS.items():
            filled = {k: (bob_id if v == "{bob_id}" else v) for k, v in arguments.items()}
            answers[name] = await session.call_tool(name, {**filled, "agent_id": "bob"})
        for uri in ("tiermem://agents/bob/tree", "tiermem://agents/bob/MEMORY.md"):
            try:
                answers[uri] = await session.read_resource(uri)
            except Exception as exc:  # the SDK raises the server's resource error
                answers[uri] = exc
        return answers

    answers = over_http(mcp_url, attempts, token)
    for name in TOOLS:
        assert answers[name].is_error, name
        assert "not scoped to agent 'bob'" in payload(answers[name]), (name, payload(answers[name]))
    for uri in ("tiermem://agents/bob/tree", "tiermem://agents/bob/MEMORY.md"):
        assert isinstance(answers[uri], Exception) and "not scoped" in str(answers[uri]), answers[uri]
    assert [r.to_dict() for r in mem.list(agent_id="bob", include_forgotten=True)] == before


def test_lifecycle_tools_and_resources(mem: Memory, mcp_url: str) -> None:
    token, _ = create_token(mem, ["default"], "write")

    async def session_(session: ClientSession) -> dict[str, Any]:
        await session.call_tool(
            "store", {"text": "Deploys go through the staging cluster", "category": "projects/infra"}
        )
        return {
            "hot": payload(await session.call_tool("hot_update", {"key": "identity", "value": {"agent_name": "Ada"}})),
            "tree": payload(await session.call_tool("tree", {})),
            "retrieve": payload(await session.call_tool("retrieve", {"query": "how do deploys work?"})),
            "consolidate": payload(await session.call_tool("consolidate", {})),
            "memory_md": await session.read_resource("tiermem://agents/default/MEMORY.md"),
            "templates": await session.list_resource_templates(),
        }

    outcome = over_http(mcp_url, session_, token)
    assert outcome["hot"]["updated"] == "identity"
    assert "projects/infra" in outcome["tree"]["tree"]
    assert outcome["retrieve"]["results"][0]["text"] == "Deploys go through the staging cluster"
    assert "mode" in outcome["consolidate"]
    assert "Ada" in outcome["memory_md"].contents[0].text
    uris = {t.uri_template for t in outcome["templates"].resource_templates}
    assert uris == {"tiermem://agents/{agent_id}/MEMORY.md", "tiermem://agents/{agent_id}/tree"}


def test_an_agent_reinstates_a_fact_another_one_replaced(mem: Memory, mcp_url: str) -> None:
    token, _ = create_token(mem, ["default"], "write")

    async def session_(session: ClientSession) -> dict[str, Any]:
        library = payload(await session.call_tool("store", {"text": "The library closes at 8 pm"}))
        cafe = payload(await session.call_tool("store", {"text": "The cafe inside the library now closes at 6 pm"}))
        back = payload(await session.call_tool("reinstate", {"memory_id": library["id"], "reason": "another place"}))
        again = await session.call_tool("reinstate", {"memory_id": library["id"]})
        found = payload(await session.call_tool("search", {"query": "When does the library close?"}))
        return {"library": library, "cafe": cafe, "back": back, "again": again, "found": found}

    outcome = over_http(mcp_url, session_, token)
    assert outcome["cafe"]["supersedes"] == outcome["library"]["id"]
    assert outcome["back"] == {"id": outcome["library"]["id"], "current": True}
    assert outcome["again"].is_error and "only a superseded memory" in payload(outcome["again"])
    assert outcome["found"]["hits"][0]["id"] == outcome["library"]["id"]
    assert mem.history(outcome["library"]["id"])[-1].detail["reason"] == "another place"


def test_engine_errors_reach_the_agent_as_tool_errors(mem: Memory, mcp_url: str) -> None:
    token, _ = create_token(mem, ["alice"], "read")

    async def session_(session: ClientSession) -> list[Any]:
        return [
            await session.call_tool("search", {"query": "   "}),
            await session.call_tool("store", {"text": "readers cannot write"}),
            await session.call_tool("forget", {"memory_id": "01NOSUCHID"}),
        ]

    empty, denied, missing = over_http(mcp_url, session_, token)
    assert payload(empty).endswith("query is empty; say what to search for")
    assert "has role 'read'; this needs 'write'" in payload(denied)
    assert missing.is_error


def test_consolidate_over_mcp_files_daily_facts_as_mcp(tmp_path: Path, embedder: Any) -> None:
    """Facts a consolidation ingests from the daily notes say which face ran it (here mcp), not python."""
    from datetime import UTC, datetime

    (tmp_path / "memory").mkdir()
    today = datetime.now(UTC).date().isoformat()
    (tmp_path / "memory" / f"{today}.md").write_text(f"# {today}\n\n- Decided to try LTX-2 for video next week\n")
    with Memory.open(tmp_path / ".tiermem", embedder=embedder) as mem:
        token, _ = create_token(mem, ["default"], "write")

        async def scenario(session: ClientSession) -> Any:
            return payload(await session.call_tool("consolidate", {"mode": "daily", "agent_id": "default"}))

        with serve_asgi(http_app(mem)) as url:
            report = over_http(url, scenario, token)
        assert report["ingest"]["facts_stored"] == 1
        (fact,) = [r for r in mem.list() if r.source.get("type") == "daily"]
        assert fact.source["interface"] == "mcp"


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.slow
def test_mcp_over_http_in_several_workers_shares_one_store(tmp_path: Path) -> None:
    """`tiermem mcp --http --workers 2`: real processes; each client connects anew (the kernel spreads the
    connections over the workers, which are stateless), and every one sees what the others stored."""
    store = tmp_path / "store"
    with serve_process("--http", "--workers", "2", "--store", str(store), "--insecure-local", command="mcp") as url:
        pids = [
            int(p.name)
            for p in Path("/proc").glob("[0-9]*")
            if f"mcp --http --workers 2 --store {store}" in _cmdline(p)
        ]
        assert any(len(_children(pid)) >= 2 for pid in pids), pids

        async def remember(n: int, session: ClientSession) -> list[str]:
            fact = f"Locker {n} of the quokka gym opens with code {4100 + n}"
            assert payload(await session.call_tool("store", {"text": fact}))["created"]
            found = payload(await session.call_tool("search", {"query": "quokka gym locker code", "limit": 20}))
            return [hit["text"] for hit in found["hits"]]

        for n in range(6):
            seen = over_http(url, functools.partial(remember, n), None)
            assert {f"Locker {k} of the quokka gym opens with code {4100 + k}" for k in range(n + 1)} <= set(seen)


def _cmdline(proc: Path) -> str:
    try:
        return (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def test_tool_calls_enter_the_engine_as_many_at_a_time_as_the_server_threads(
    open_memory: Callable[..., Memory],
) -> None:
    """The tools are plain functions that the SDK runs in anyio's thread pool (40 threads by default): the
    server holds it to ``server.threads`` as REST does, so concurrent calls queue instead of fighting over the
    GIL. Eight clients at once, one thread: never two searches in the engine together."""
    mem = open_memory(config={"server": {"threads": 1}})
    mem.store("The user's cat is called Miso")
    inside, most = 0, 0
    search = mem.search

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal inside, most
        inside += 1
        most = max(most, inside)
        try:
            anyio.from_thread.run(anyio.sleep, 0.05)  # long enough for the other calls to arrive meanwhile
            return search(*args, **kwargs)
        finally:
            inside -= 1

    mem.search = counted  # type: ignore[method-assign]

    async def one(session: ClientSession) -> Any:
        return payload(await session.call_tool("search", {"query": "what is the cat called?"}))

    with serve_asgi(http_app(mem, insecure_local=True)) as url:

        async def main() -> list[Any]:
            found: list[Any] = []

            async def client() -> None:
                found.append(await anyio.to_thread.run_sync(over_http, url, one, None))

            async with anyio.create_task_group() as group:
                for _ in range(8):
                    group.start_soon(client)
            return found

        found = anyio.run(main)
    assert len(found) == 8 and all(f["hits"][0]["text"].startswith("The user's cat") for f in found)
    assert most == 1
