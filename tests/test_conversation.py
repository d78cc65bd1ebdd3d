"""Conversations as input: the documented ``session`` field on every face, and ``store_conversation``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from api_support import serve_asgi
from cli_support import Cli
from tiermem import Memory, ValidationError
from tiermem.interfaces.api import create_app
from tiermem.interfaces.auth import create_token
from tiermem.interfaces.mcp import http_app

CHAT = [
    {"role": "system", "content": "You are a travel assistant."},
    {"role": "user", "name": "Mia", "content": "I'm flying to Tokyo on May 3rd", "at": "2026-04-20T10:00:00+00:00"},
    {"role": "assistant", "content": "Great! Do you need a Suica card for the trains?"},
    {"role": "user", "name": "Mia", "content": "   "},
    {"role": "user", "name": "Mia", "content": "Yes, and I want to see the Ghibli museum"},
]


def test_store_keeps_the_session_beside_the_provenance(mem: Memory) -> None:
    made = mem.store("We picked Postgres for the ledger", session="standup-7", source={"type": "agent"}).memory
    assert made.session == "standup-7"
    assert made.source["type"] == "agent" and made.source["session"] == "standup-7"
    many = mem.store_many([{"text": "The demo moved to Friday", "session": 42}])
    assert many[0].memory.session == "42"
    assert mem.store("A note with no conversation").memory.session is None


@pytest.mark.parametrize("bad", ["", "   ", "x" * 201, "a\x00b", {"id": 1}, True])
def test_a_bad_session_is_a_clear_error(mem: Memory, bad: Any) -> None:
    with pytest.raises(ValidationError, match="session must be"):
        mem.store("something to remember", session=bad)
    assert mem.list() == []


def test_store_conversation_stores_each_said_message_of_one_session(mem: Memory) -> None:
    results = mem.store_conversation(CHAT, session="trip", at="2026-04-21T09:00:00+00:00")
    texts = [r.memory.text for r in results]
    assert texts == [
        "Mia: I'm flying to Tokyo on May 3rd",
        "Great! Do you need a Suica card for the trains?",
        "Mia: Yes, and I want to see the Ghibli museum",
    ]  # the system prompt and the blank message are not memories
    records = [r.memory for r in results]
    assert {r.session for r in records} == {"trip"}
    assert records[0].source["speaker"] == "Mia" and records[1].source["role"] == "assistant"
    assert records[0].created_at.isoformat() == "2026-04-20T10:00:00+00:00"  # the message's own time wins
    assert records[1].created_at.isoformat() == "2026-04-21T09:00:00+00:00"
    hit = mem.search("which museum does Mia want to visit?")[0]
    assert hit.memory.id == records[2].id


def test_a_message_is_what_was_said_there_and_then_not_a_fact_to_fold(mem: Memory) -> None:
    """The same words said in another conversation, or a changed answer, are messages of their own: each stays
    where it was said (a search in its conversation finds it). Importing the same conversation again stores
    nothing twice."""
    puppy = [{"role": "user", "content": "I adopted a puppy named Rex"}, {"role": "assistant", "content": "Wonderful!"}]
    first = mem.store_conversation(puppy, session="s1", at="2026-11-01T10:00:00Z")
    later = [{"role": "user", "content": "I got promoted today"}, {"role": "assistant", "content": "Wonderful!"}]
    second = mem.store_conversation(later, session="s2", at="2026-11-20T10:00:00Z")
    renamed = mem.store_conversation([{"role": "user", "content": "I adopted a puppy named Max"}], session="s3")
    assert [r.decision for r in [*first, *second, *renamed]] == ["new"] * 5
    assert second[1].memory.session == "s2" and second[1].id != first[1].id
    assert all(mem.get(r.id).valid_to is None for r in first)  # nothing superseded
    again = mem.store_conversation(puppy, session="s1", at="2026-11-01T10:00:00Z")
    assert [r.id for r in again] == [r.id for r in first] and {r.decision for r in again} == {"restatement"}
    assert len(mem.list()) == 5


def test_store_conversation_chooses_roles_and_rejects_malformed_messages(mem: Memory) -> None:
    only_user = mem.store_conversation(CHAT, session="trip", roles=("user",))
    assert [r.memory.source["role"] for r in only_user] == ["user", "user"]
    for bad, message in [
        ({"content": "no role"}, "needs a 'role'"),
        ({"role": "user", "content": 3}, "needs a text 'content'"),
        ({"role": "user", "content": "hi", "mood": "glad"}, "unknown key"),
        ({"role": "user", "content": "hi", "name": ""}, "'name' must be"),
        ("just text", "must be a dict"),
    ]:
        with pytest.raises(ValidationError, match=message):
            mem.store_conversation([bad], session="s")  # type: ignore[list-item]
    with pytest.raises(ValidationError, match="session must be"):
        mem.store_conversation(CHAT, session="")


def test_cli_store_session(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "home")
    stored = cli.json("store", "The retro is on Thursdays", "--session", "team-chat")
    assert stored["memory"]["source"]["session"] == "team-chat"
    assert "session must be" in cli.fails("store", "The retro is on Thursdays", "--session", " ")


def test_rest_store_session(mem: Memory) -> None:
    with serve_asgi(create_app(mem, insecure_local=True)) as url:
        made = httpx.post(f"{url}/v1/agents/dev/memories", json={"text": "Lunch is at noon", "session": "c-1"})
        assert made.status_code == 201, made.text
        bad = httpx.post(f"{url}/v1/agents/dev/memories", json={"text": "Lunch is at noon", "session": ""})
        assert bad.status_code == 400 and "session must be" in bad.json()["error"]["message"]
    assert mem.list(agent_id="dev")[0].session == "c-1"


def test_mcp_store_session(mem: Memory) -> None:
    token, _ = create_token(mem, ["alice"], "write")

    async def main(url: str) -> None:
        async with (
            create_mcp_http_client(headers={"Authorization": f"Bearer {token}"}) as client,
            streamable_http_client(f"{url}/mcp", http_client=client) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            result = await session.call_tool("store", {"text": "The cat is called Miso", "session": "chat-9"})
            assert not result.is_error, result.content

    with serve_asgi(http_app(mem)) as url:
        anyio.run(main, url)
    assert mem.list(agent_id="alice")[0].session == "chat-9"
