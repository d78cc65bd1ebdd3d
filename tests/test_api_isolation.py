"""One agent never sees another's data through the REST server, on SQLite and on PostgreSQL.

* Every agent-scoped route (found in the app itself, so a new route is covered or this test fails) refuses a
  token of agent A naming agent B, and leaves B's memories exactly as they were.
* Naming B's memory ids under A's own path finds nothing.
* A property test runs random operations of random agents, each with its own token (and now and then a
  token of another agent), and checks that every memory in every answer belongs to the agent in the path.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pg
from api_support import serve_asgi
from builders import present
from tiermem import Memory
from tiermem.interfaces.api import create_app
from tiermem.interfaces.api_routes import router
from tiermem.interfaces.auth import create_token
from tiermem.providers.embedders import WordLlamaEmbedder

#: a valid body for each agent-scoped route that takes one, given two memory ids (add new routes here)
BODIES: dict[str, Callable[[list[str]], dict[str, Any]]] = {
    "store": lambda _: {"text": "written through a foreign token"},
    "store_many": lambda _: {"items": [{"text": "written through a foreign token"}]},
    "update": lambda _: {"importance": 0.99},
    "link": lambda ids: {"source_id": ids[0], "target_id": ids[1], "relation": "related_to"},
    "search": lambda _: {"query": "secret"},
    "context": lambda _: {"message": "secret"},
    "retrieve": lambda _: {"query": "secret"},
    "hot_update": lambda _: {"key": "identity", "value": {"agent_name": "Mallory"}},
    "consolidate": lambda _: {"mode": "quick"},
    "import_memories": lambda _: {"kind": "header", "format": "tiermem-export"},  # an export line (never read)
}


@pytest.fixture(params=["sqlite", "postgres"])
def memory(request: pytest.FixtureRequest, tmp_path: Path, embedder: WordLlamaEmbedder) -> Iterator[Memory]:
    location = str(tmp_path / "store") if request.param == "sqlite" else pg.database_url()
    with Memory.open(location, embedder=embedder) as opened:
        yield opened


@pytest.fixture
def server(memory: Memory) -> Iterator[str]:
    with serve_asgi(create_app(memory)) as url:
        yield url


def client(server: str, memory: Memory, agents: tuple[str, ...], role: str = "admin") -> httpx.Client:
    secret, _ = create_token(memory, agents, role)
    return httpx.Client(base_url=server, headers={"Authorization": f"Bearer {secret}"}, timeout=30)


def snapshot(memory: Memory, agent: str) -> list[dict[str, Any]]:
    rows = memory.list(agent_id=agent, limit=1000, include_forgotten=True, include_superseded=True)
    return [r.to_dict() for r in rows]


def agent_routes() -> list[tuple[str, str, str]]:
    return [(method, route.path, route.name) for route in router.routes if isinstance(route, APIRoute)
            and "{agent_id}" in route.path for method in sorted(present(route.methods))]  # fmt: skip


def test_every_agent_route_refuses_a_token_of_another_agent(memory: Memory, server: str) -> None:
    secret_ids = [r.id for r in memory.store_many([{"text": "bob's secret plan"}, {"text": "bob's other secret"}],
                                                   agent_id="bob")]  # fmt: skip
    before = snapshot(memory, "bob")
    routes = agent_routes()
    assert len(routes) >= 19
    with client(server, memory, ("alice",)) as alice:
        for method, path, name in routes:
            url = path.format(agent_id="bob", memory_id=secret_ids[0])
            body = _body(name, method, secret_ids)
            response = alice.request(method, url, json=body)
            assert response.status_code == 403, (method, path, response.text)
            assert response.json()["error"]["type"] == "ForbiddenError"
            assert "bob" not in str(response.json()).replace("agent 'bob'", "")
    assert snapshot(memory, "bob") == before


def test_another_agents_ids_are_not_found_under_ones_own_agent(memory: Memory, server: str) -> None:
    theirs = memory.store("bob's secret plan", agent_id="bob").id
    mine = memory.store("alice's note", agent_id="alice").id
    before = snapshot(memory, "bob")
    with client(server, memory, ("alice",)) as alice:
        base = "/v1/agents/alice"
        attempts = [
            ("GET", f"{base}/memories/{theirs}", None),
            ("PATCH", f"{base}/memories/{theirs}", {"importance": 0.9}),
            ("DELETE", f"{base}/memories/{theirs}", None),
            ("POST", f"{base}/memories/{theirs}/purge", None),
            ("POST", f"{base}/memories/{theirs}/reinstate", None),
            ("GET", f"{base}/memories/{theirs}/history", None),
            ("GET", f"{base}/memories/{theirs}/links", None),
            ("POST", f"{base}/links", {"source_id": mine, "target_id": theirs, "relation": "related_to"}),
        ]
        for method, url, body in attempts:
            response = alice.request(method, url, json=body)
            assert response.status_code == 404, (method, url, response.text)
        found = alice.post(f"{base}/search", json={"query": "secret plan"}).json()["hits"]
        assert [h["memory"]["id"] for h in found] == [mine] or all(h["memory"]["agent_id"] == "alice" for h in found)
        listed = alice.get(f"{base}/memories", params={"include_forgotten": True, "include_superseded": True})
        assert [m["id"] for m in listed.json()["items"]] == [mine]
    assert snapshot(memory, "bob") == before


def _body(name: str, method: str, ids: list[str]) -> dict[str, Any] | None:
    if method in ("GET", "DELETE") or name in ("purge", "reinstate"):  # no body
        return None
    assert name in BODIES, f"add a body for the new route {name!r} to BODIES"
    return BODIES[name](ids)


# --- the property test -----------------------------------------------------------------------------------

AGENTS = 3
WORDS = ("apple", "harbor", "violin", "glacier", "copper")
_examples = itertools.count()
Operation = tuple[int, int, str, int, str]  # (token's agent, path's agent, action, index, word)
operations = st.lists(
    st.tuples(
        st.integers(0, AGENTS - 1),
        st.integers(0, AGENTS - 1),
        st.sampled_from(["store", "search", "list", "get", "update", "forget", "link", "stats", "context"]),
        st.integers(0, 7),
        st.sampled_from(WORDS),
    ),
    min_size=1,
    max_size=20,
)


@settings(max_examples=12, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=operations)
def test_random_operations_never_leak_across_agents(memory: Memory, server: str, ops: list[Operation]) -> None:
    run = next(_examples)
    agents = [f"p{run}-agent{i}" for i in range(AGENTS)]
    clients = [client(server, memory, (agent,), "write") for agent in agents]
    stored: dict[str, list[str]] = {agent: [] for agent in agents}  # ids each agent stored, in order
    try:
        for caller, target, action, index, word in ops:
            agent = agents[target]
            response = _do(clients[caller], agent, action, stored[agent], index, word)
            if caller != target:
                assert response.status_code == 403, response.text
                continue
            assert response.status_code < 500, response.text
            body = response.json()
            assert _agent_ids(body) <= {agent}, body
            if action == "store" and response.status_code in (200, 201):
                stored[agent].append(body["id"])
    finally:
        for c in clients:
            c.close()
    for agent in agents:
        assert {r["agent_id"] for r in snapshot(memory, agent)} <= {agent}


def _do(api: httpx.Client, agent: str, action: str, ids: list[str], index: int, word: str) -> httpx.Response:
    base = f"/v1/agents/{agent}"
    target = ids[index % len(ids)] if ids else "01NOSUCHMEMORY"
    if action == "store":
        return api.post(f"{base}/memories", json={"text": f"{agent} remembers the {word} number {index}"})
    if action == "search":
        return api.post(f"{base}/search", json={"query": f"the {word}"})
    if action == "list":
        return api.get(f"{base}/memories", params={"include_forgotten": True, "include_superseded": True})
    if action == "get":
        return api.get(f"{base}/memories/{target}")
    if action == "update":
        return api.patch(f"{base}/memories/{target}", json={"text": f"{agent} changed the {word}"})
    if action == "forget":
        return api.delete(f"{base}/memories/{target}")
    if action == "link":
        other = ids[(index + 1) % len(ids)] if ids else target
        return api.post(f"{base}/links", json={"source_id": target, "target_id": other, "relation": "related_to"})
    if action == "stats":
        return api.get(f"{base}/stats")
    return api.post(f"{base}/context", json={"message": f"what about the {word}?"})


def _agent_ids(body: Any) -> set[str]:
    """Every ``agent_id`` anywhere in a JSON answer, and agent names inside the texts it returns."""
    found: set[str] = set()
    if isinstance(body, dict):
        for key, value in body.items():
            if key == "agent_id" and isinstance(value, str):
                found.add(value)
            elif key in ("text",) and isinstance(value, str):
                found.update(re.findall(r"p\d+-agent\d", value))
            else:
                found |= _agent_ids(value)
    elif isinstance(body, list):
        for item in body:
            found |= _agent_ids(item)
    return found
