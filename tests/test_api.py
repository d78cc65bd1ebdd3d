"""The REST server end to end: httpx against uvicorn on 127.0.0.1, a real store behind it.

Covers every route, tokens (none, malformed, unknown, revoked, wrong agent, wrong role), JSON errors with the
engine's messages, the request size limit, pagination and the OpenAPI document.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from api_support import serve_asgi
from servers import embedding_server
from tiermem import Memory
from tiermem.interfaces.api import create_app
from tiermem.interfaces.auth import create_token, list_tokens, revoke_token
from tiermem.providers.embedders import OpenAIEmbedder


@pytest.fixture
def server(mem: Memory) -> Iterator[str]:
    with serve_asgi(create_app(mem, max_body_bytes=256 * 1024)) as url:
        yield url


@pytest.fixture
def client_for(mem: Memory, server: str) -> Iterator[Callable[..., httpx.Client]]:
    """``client_for(agents, role)``: an httpx client holding a fresh token with that scope."""
    clients: list[httpx.Client] = []

    def make(agents: tuple[str, ...] = ("alice",), role: str = "write") -> httpx.Client:
        secret, _ = create_token(mem, agents, role)
        client = httpx.Client(base_url=server, headers={"Authorization": f"Bearer {secret}"}, timeout=30)
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()


def error(response: httpx.Response) -> tuple[int, str, str]:
    body = response.json()["error"]
    return response.status_code, body["type"], body["message"]


# --- the memory routes, as a client uses them ----------------------------------------------------------


def test_store_get_search_update_forget_round_trip(client_for: Callable[..., httpx.Client]) -> None:
    api = client_for()
    made = api.post("/v1/agents/alice/memories", json={"text": "The user prefers dark mode", "type": "user_preference",
                                                      "tags": ["ui"], "importance": 0.8})  # fmt: skip
    assert made.status_code == 201
    memory = made.json()["memory"]
    assert (made.json()["created"], memory["agent_id"], memory["type"], memory["tags"]) == (
        True, "alice", "user_preference", ["ui"])  # fmt: skip
    again = api.post("/v1/agents/alice/memories", json={"text": "the user prefers dark mode!"})
    assert again.status_code == 200 and again.json()["duplicate_of"] == memory["id"]
    assert made.json()["redacted"] is None
    secret = api.post("/v1/agents/alice/memories", json={"text": "The office wifi password is sunflower42."})
    assert secret.json()["redacted"] == {"password": 1}

    assert api.get(f"/v1/agents/alice/memories/{memory['id']}").json()["text"] == "The user prefers dark mode"
    hits = api.post("/v1/agents/alice/search", json={"query": "which theme does the user like?"}).json()["hits"]
    assert hits[0]["memory"]["id"] == memory["id"] and hits[0]["tier"] in ("hot", "warm", "cold")

    changed = api.patch(f"/v1/agents/alice/memories/{memory['id']}", json={"importance": 0.3, "tags": ["ui", "x"]})
    assert changed.json()["importance"] == 0.3 and changed.json()["tags"] == ["ui", "x"]
    rewritten = api.patch(f"/v1/agents/alice/memories/{memory['id']}", json={"text": "The user prefers light mode"})
    assert rewritten.json()["id"] != memory["id"]
    history = api.get(f"/v1/agents/alice/memories/{memory['id']}/history").json()["history"]
    assert [h["action"] for h in history][-1] == "superseded"

    gone = api.delete(f"/v1/agents/alice/memories/{rewritten.json()['id']}", params={"reason": "changed mind"})
    assert gone.json()["status"] == "forgotten"
    assert api.post("/v1/agents/alice/search", json={"query": "light mode"}).json()["hits"] == []


def test_a_superseded_memory_is_reinstated_by_a_post(client_for: Callable[..., httpx.Client]) -> None:
    reader, api = client_for(role="read"), client_for()
    fact = api.post("/v1/agents/alice/memories", json={"text": "The library closes at 8 pm"}).json()
    other = api.post(
        "/v1/agents/alice/memories", json={"text": "The cafe inside the library now closes at 6 pm"}
    ).json()
    assert other["decision"] == "update"
    url = f"/v1/agents/alice/memories/{fact['id']}/reinstate"
    assert error(reader.post(url))[0] == 403
    back = api.post(url, params={"reason": "a different place"})
    assert back.status_code == 200 and back.json()["superseded_by"] is None
    listed = {m["id"] for m in api.get("/v1/agents/alice/memories").json()["items"]}
    assert listed == {fact["id"], other["id"]}
    assert error(api.post(url))[:2] == (400, "ValidationError")


def test_seed_001_store_body_posts_as_written(client_for: Callable[..., httpx.Client]) -> None:
    """ClarkOS' agent.memory.store({content, type, importance}), as a REST body."""
    api = client_for()
    made = api.post("/v1/agents/alice/memories", json={"content": "Learned about vector databases", "type": "semantic",
                                                      "importance": 0.7})  # fmt: skip
    assert made.status_code == 201 and made.json()["memory"]["text"] == "Learned about vector databases"
    found = api.get("/v1/agents/alice/memories", params={"type": "semantic", "limit": 10}).json()["items"]
    assert [m["text"] for m in found] == ["Learned about vector databases"]
    hits = api.post("/v1/agents/alice/search", json={"query": "database concepts", "limit": 5}).json()["hits"]
    assert hits[0]["memory"]["text"] == "Learned about vector databases"


def test_store_many_links_stats_and_agents(client_for: Callable[..., httpx.Client]) -> None:
    api = client_for(("alice", "bob"))
    results = api.post("/v1/agents/alice/memories/batch", json={"items": [
        {"text": "The deploy failed because the disk was full"}, {"text": "Cleaning /var/log fixed the deploy"},
        {"text": "cleaning /var/log fixed the deploy!"}]}).json()["results"]  # fmt: skip
    assert [r["created"] for r in results] == [True, True, False]
    fix, cause = results[1]["id"], results[0]["id"]
    linked = api.post("/v1/agents/alice/links", json={"source_id": fix, "target_id": cause, "relation": "caused_by"})
    assert linked.status_code == 201
    assert api.get(f"/v1/agents/alice/memories/{cause}/links").json()["links"][0]["relation"] == "causes"
    stats = api.get("/v1/agents/alice/stats").json()
    assert stats["memories"] == 2 and stats["links"] == 1
    api.post("/v1/agents/bob/memories", json={"text": "bob's own note"})
    assert api.get("/v1/agents").json()["agents"] == ["alice", "bob"]
    assert client_for(("bob",), "read").get("/v1/agents").json()["agents"] == ["bob"]


def test_list_pages_through_everything_once(client_for: Callable[..., httpx.Client]) -> None:
    api = client_for()
    texts = [f"note number {i} about topic {i * 7919 % 101}" for i in range(23)]
    api.post("/v1/agents/alice/memories/batch", json={"items": [{"text": t} for t in texts], "dedup": False})
    seen: list[str] = []
    offset: int | None = 0
    while offset is not None:
        page = api.get("/v1/agents/alice/memories", params={"limit": 10, "offset": offset, "order": "oldest"}).json()
        seen += [m["text"] for m in page["items"]]
        offset = page["next_offset"]
    assert seen == texts
    tagged = api.get("/v1/agents/alice/memories", params={"tag": "nothing"}).json()
    assert tagged["items"] == [] and tagged["next_offset"] is None


def test_context_route(client_for: Callable[..., httpx.Client]) -> None:
    api = client_for()
    api.post("/v1/agents/alice/memories", json={"text": "Alice's cat is called Miso"})
    built = api.post("/v1/agents/alice/context", json={"message": "what is my cat called?", "budget_tokens": 500})
    assert built.status_code == 200
    body = built.json()
    assert "Miso" in body["text"] and 0 < body["total_tokens"] <= 500
    assert body["metadata"]["agent_id"] == "alice"


# --- tokens --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("headers", "fragment"),
    [
        ({}, "missing bearer token"),
        ({"Authorization": "Basic abc"}, "malformed token"),
        ({"Authorization": "Bearer tmk_000000000000_" + "A" * 43}, "unknown token"),
        ({"Authorization": "Bearer not-a-token"}, "malformed token"),
    ],
)
def test_requests_without_a_valid_token_are_refused(server: str, headers: dict[str, str], fragment: str) -> None:
    response = httpx.get(f"{server}/v1/agents/alice/memories", headers=headers)
    status, kind, message = error(response)
    assert (status, kind) == (401, "AuthError") and fragment in message
    assert response.headers["www-authenticate"] == "Bearer"


def test_a_revoked_token_stops_working_at_once(mem: Memory, client_for: Callable[..., httpx.Client]) -> None:
    api = client_for()
    assert api.get("/v1/agents/alice/memories").status_code == 200
    token = list_tokens(mem)[-1]
    revoke_token(mem, token.id)
    assert error(api.get("/v1/agents/alice/memories"))[:2] == (401, "AuthError")


def test_roles_nest(client_for: Callable[..., httpx.Client]) -> None:
    reader, writer, admin = client_for(role="read"), client_for(role="write"), client_for(role="admin")
    denied = reader.post("/v1/agents/alice/memories", json={"text": "readers cannot write"})
    assert error(denied) == (403, "ForbiddenError", denied.json()["error"]["message"])
    assert "needs 'write'" in denied.json()["error"]["message"]
    made = writer.post("/v1/agents/alice/memories", json={"text": "writers can write"}).json()
    assert reader.get(f"/v1/agents/alice/memories/{made['id']}").status_code == 200
    assert error(writer.post(f"/v1/agents/alice/memories/{made['id']}/purge"))[0] == 403
    assert admin.post(f"/v1/agents/alice/memories/{made['id']}/purge").json() == {"purged": made["id"]}
    assert error(reader.get(f"/v1/agents/alice/memories/{made['id']}"))[0] == 404


def test_a_wildcard_token_reaches_every_agent(client_for: Callable[..., httpx.Client]) -> None:
    api = client_for(("*",), "write")
    for agent in ("a1", "b2"):
        assert api.post(f"/v1/agents/{agent}/memories", json={"text": f"note of {agent}"}).status_code == 201
    assert api.get("/v1/whoami").json()["token"]["agents"] == ["*"]


def test_insecure_local_needs_no_token(mem: Memory) -> None:
    with serve_asgi(create_app(mem, insecure_local=True)) as url:
        made = httpx.post(f"{url}/v1/agents/dev/memories", json={"text": "local development"})
        assert made.status_code == 201
        assert httpx.get(f"{url}/v1/whoami").json() == {"token": None, "insecure_local": True}


# --- errors ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "body", "expected"),
    [
        (
            "post",
            "/v1/agents/alice/memories",
            {"text": "  "},
            (400, "ValidationError", "text is empty; give the memory some content"),
        ),
        (
            "post",
            "/v1/agents/alice/memories",
            {"text": "x", "importance": 7},
            (400, "ValidationError", "importance must be in [0, 1], got 7.0"),
        ),
        ("post", "/v1/agents/alice/memories", {"text": "x", "type": "nonsense"}, (400, "ValidationError", None)),
        (
            "post",
            "/v1/agents/alice/memories",
            {"text": "x", "colour": "red"},
            (422, "ValidationError", "unknown field 'colour': not one this endpoint takes (check its spelling)"),
        ),
        (
            "post",
            "/v1/agents/alice/memories",
            {"txt": "a typo of text"},  # the typo is named, not only the field it left missing
            (
                422,
                "ValidationError",
                "unknown field 'txt': not one this endpoint takes (check its spelling) (and 1 more)",
            ),
        ),
        (
            "post",
            "/v1/agents/alice/memories",
            {"text": 5},
            (422, "ValidationError", "text: Input should be a valid string"),
        ),
        (
            "get",
            "/v1/agents/alice/memories/01NOSUCHID",
            None,
            (404, "NotFoundError", "no memory '01NOSUCHID' for agent 'alice'; `tiermem list` shows the ids"),
        ),
        (
            "get",
            "/v1/agents/alice/memories?limit=0",
            None,
            (422, "ValidationError", "query.limit: Input should be greater than or equal to 1"),
        ),
        (
            "get",
            "/v1/agents/alice/memories?order=sideways",
            None,
            (400, "ValidationError", "order must be one of newest, oldest, importance, accessed; got 'sideways'"),
        ),
        (
            "post",
            "/v1/agents/alice/search",
            {"query": ""},
            (400, "ValidationError", "query is empty; say what to search for"),
        ),
        (
            "patch",
            "/v1/agents/alice/memories/01X",
            {},
            (400, "ValidationError", "nothing to update: give at least one field"),
        ),
        (
            "post",
            "/v1/agents/bad%20agent/memories",
            {"text": "x"},
            (400, "ValidationError", "invalid agent id 'bad agent': use 1-64 characters from A-Z a-z 0-9 _ -"),
        ),
        ("get", "/v1/nowhere", None, (404, "HTTPError", "Not Found")),
    ],
)
def test_errors_are_json_with_the_engine_messages(
    client_for: Callable[..., httpx.Client], method: str, path: str, body: Any, expected: tuple[int, str, str | None]
) -> None:
    api = client_for(("*",))
    response = api.request(method.upper(), path, json=body)
    status, kind, message = error(response)
    assert (status, kind) == expected[:2]
    if expected[2] is not None:
        assert message == expected[2]


def test_cli_and_api_say_the_same_thing(client_for: Callable[..., httpx.Client], mem: Memory) -> None:
    """The message the engine raises is what both interfaces show (the CLI prints it after 'tiermem: error:')."""
    with pytest.raises(Exception) as raised:
        mem.store("x", agent_id="alice", importance=2.0)
    response = client_for().post("/v1/agents/alice/memories", json={"text": "x", "importance": 2})
    assert error(response)[2] == str(raised.value)


def test_request_size_limit(client_for: Callable[..., httpx.Client], server: str) -> None:
    api = client_for()
    big = {"text": "word " * 60_000}  # 300 KB over a 256 KB limit
    response = api.post("/v1/agents/alice/memories", json=big)
    assert error(response)[:2] == (413, "PayloadTooLarge")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted while streaming
        yield b'{"text": "'
        for _ in range(300):
            yield b"x" * 1024
        yield b'"}'

    streamed = api.post("/v1/agents/alice/memories", content=chunks(), headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413
    assert api.get("/v1/agents/alice/memories").json()["items"] == []


def test_openapi_documents_every_route(server: str) -> None:
    document = httpx.get(f"{server}/openapi.json").json()
    paths = set(document["paths"])
    assert {"/v1/agents/{agent_id}/memories", "/v1/agents/{agent_id}/search", "/v1/agents/{agent_id}/context",
            "/v1/agents/{agent_id}/memories/{memory_id}", "/health"} <= paths  # fmt: skip
    assert "StoreBody" in document["components"]["schemas"]
    assert httpx.get(f"{server}/docs").status_code == 200
    assert httpx.get(f"{server}/health").json()["status"] == "ok"


def test_docs_and_redoc_work_offline(server: str) -> None:
    """Every script and stylesheet the two pages load is served by this server: no CDN."""
    for page, assets in (("/docs", ("swagger-ui-bundle.js", "swagger-ui.css")), ("/redoc", ("redoc.standalone.js",))):
        html = httpx.get(f"{server}{page}").text
        urls = re.findall(r'(?:src|href)="([^"]+)"', html)
        assert urls and all(u.startswith("/") for u in urls), urls  # nothing from another host
        for name in assets:
            assert f"/docs-assets/{name}" in urls
            served = httpx.get(f"{server}/docs-assets/{name}")
            assert served.status_code == 200 and len(served.content) > 100_000
        assert "openapi.json" in html


def test_lifecycle_routes(client_for: Callable[..., httpx.Client], tmp_path: Path) -> None:
    api = client_for(("default",), "write")
    base = "/v1/agents/default"
    api.post(f"{base}/memories", json={"text": "Deploys go through the staging cluster", "category": "projects/infra"})
    lesson = {"text": "Never deploy on a Friday", "category": "ops", "importance": 0.9}
    updated = api.post(f"{base}/hot", json={"key": "lesson", "value": lesson}).json()
    assert updated["updated"] == "lesson"
    assert api.get(f"{base}/hot").json()["critical_lessons"][0]["text"] == "Never deploy on a Friday"
    assert "Never deploy on a Friday" in (tmp_path / "MEMORY.md").read_text()  # rendered into the workspace
    tree = api.get(f"{base}/tree").json()
    assert "projects/infra" in tree["nodes"] and tree["size_bytes"] <= 2048
    found = api.post(f"{base}/retrieve", json={"query": "how do deploys work?"}).json()
    assert found["results"][0]["text"] == "Deploys go through the staging cluster"
    assert api.post(f"{base}/consolidate", json={"mode": "quick"}).json()["mode"] == "quick"
    assert api.get(f"{base}/metrics").json()["memory_count"] == 1
    assert error(api.post(f"{base}/hot", json={"key": "mood", "value": {}}))[:2] == (400, "ValidationError")


def test_the_servers_own_troubles_reach_a_client_by_kind_only(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """An embedder (or database) failure names its endpoint, host or path: the operator's business. The client
    gets 503 with the kind and a reference; the server's log has the whole message under that reference."""
    with (
        embedding_server() as embeddings,
        Memory.open(tmp_path / "s", embedder=OpenAIEmbedder(embeddings.url, "test-embed", dims=32)) as mem,
        serve_asgi(create_app(mem, insecure_local=True)) as url,
    ):
        embeddings.mode = "http_500"
        answer = httpx.post(f"{url}/v1/agents/alice/memories", json={"text": "The staging host is db-7"}, timeout=30)
        status, kind, message = error(answer)
        assert (status, kind) == (503, "EmbedderError")
        reference = re.fullmatch(r"the embedder cannot answer right now \(error ([0-9a-f]{8}): .*\)", message)
        assert reference is not None and embeddings.url not in answer.text
        logged = [r.getMessage() for r in caplog.records if reference[1] in r.getMessage()]
        assert len(logged) == 1 and embeddings.url.split("//")[1] in logged[0]
        # A client's own mistake is still told in full.
        assert "text is empty" in error(httpx.post(f"{url}/v1/agents/alice/memories", json={"text": " "}))[2]
