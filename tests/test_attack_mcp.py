"""Attacks on `tiermem mcp` over stdio, a real process: a server started for one agent reaching another's memory
(with the SDK's own client), and lines the SDK used to drop without an answer, leaving the client waiting."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession

from builders import present
from test_mcp import over_stdio, payload
from tiermem import Memory
from tiermem.providers.embedders import WordLlamaEmbedder

pytestmark = pytest.mark.attack

#: every tool aimed at bob, from a server started with --agent-id alice
AT_BOB: dict[str, dict[str, Any]] = {
    "store": {"text": "mallory was here", "agent_id": "bob"},
    "search": {"query": "plan", "agent_id": "bob"},
    "retrieve": {"query": "plan", "agent_id": "bob"},
    "context": {"message": "plan", "agent_id": "bob"},
    "forget": {"memory_id": "{bob_id}", "agent_id": "bob"},
    "hot_update": {"key": "identity", "value": {"name": "Mallory"}, "agent_id": "bob"},
    "tree": {"agent_id": "bob"},
    "consolidate": {"mode": "quick", "agent_id": "bob"},
}


def test_a_stdio_server_for_alice_cannot_reach_bob(tmp_path: Path, embedder: WordLlamaEmbedder) -> None:
    store = tmp_path / "store"
    with Memory.open(store, embedder=embedder) as mem:
        bob_id = mem.store("bob's secret launch plan", agent_id="bob").id

    async def scenario(session: ClientSession) -> dict[str, Any]:
        answers: dict[str, Any] = {}
        for tool, args in AT_BOB.items():
            filled = {k: (v.format(bob_id=bob_id) if isinstance(v, str) else v) for k, v in args.items()}
            answers[tool] = await session.call_tool(tool, filled)
        for uri in ("tiermem://agents/bob/MEMORY.md", "tiermem://agents/bob/tree"):
            try:
                answers[uri] = await session.read_resource(uri)
            except Exception as exc:  # the SDK raises the resource's error
                answers[uri] = exc
        answers["own"] = payload(await session.call_tool("search", {"query": "plan", "agent_id": "alice"}))
        return answers

    answers = over_stdio(store, scenario)
    for tool in AT_BOB:
        assert answers[tool].is_error, tool
        assert "serves agent 'alice' only" in payload(answers[tool]), tool
    for uri in ("tiermem://agents/bob/MEMORY.md", "tiermem://agents/bob/tree"):
        assert isinstance(answers[uri], Exception) and "serves agent 'alice' only" in str(answers[uri])
    assert answers["own"]["hits"] == []
    with Memory.open(store, embedder=embedder) as mem:
        (kept,) = mem.list(agent_id="bob")
        assert (kept.id, kept.status, mem.agents()) == (bob_id, "active", ["bob"])


# --- lines the SDK cannot decode: each gets an answer ---------------------------------------------------------


class Wire:
    """A `tiermem mcp` process spoken to line by line, as a client that waits for its answers."""

    def __init__(self, store: Path) -> None:
        tiermem = Path(sys.executable).with_name("tiermem")
        self.process = subprocess.Popen(
            [str(tiermem), "mcp", "--store", str(store), "--agent-id", "alice"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )  # fmt: skip

    def send(self, raw: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(raw + b"\n")
        self.process.stdin.flush()

    def answer(self, timeout: float = 30) -> dict[str, Any]:
        """The next line the server writes, or a failure after ``timeout`` seconds (the client would hang)."""
        got: list[bytes] = []
        reader = threading.Thread(target=lambda: got.append(present(self.process.stdout).readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        assert got and got[0], f"no answer within {timeout} s: the client would hang"
        answer: dict[str, Any] = json.loads(got[0])
        return answer

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        self.send(json.dumps(message).encode())
        return self.answer()


@pytest.fixture(scope="module")
def wire(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Wire]:
    client = Wire(tmp_path_factory.mktemp("wire") / "store")
    hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    assert "result" in client.ask({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello})
    client.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
    yield client
    present(client.process.stdin).close()
    client.process.wait(timeout=20)


def _call(request_id: int, query: bytes) -> bytes:
    """A tools/call of search whose ``query`` is the raw JSON ``query``."""
    head = b'{"jsonrpc": "2.0", "id": %d, "method": "tools/call", "params": {"name": "search", "arguments": {"query": '
    return head % request_id + query + b"}}}"


DEEP = 100_000
#: name -> (line, the id its answer must carry)
HOSTILE: dict[str, tuple[bytes, int]] = {
    "lone-surrogate-escape": (_call(11, b'"\\ud800"'), 11),
    "lone-low-surrogate": (_call(12, b'"\\udfff tail"'), 12),
    "deep-array": (_call(14, b"[" * DEEP + b"]" * DEEP), 14),
    "deep-object": (_call(15, b'{"a":' * DEEP + b"1" + b"}" * DEEP), 15),
    "deep-unclosed": (_call(16, b"[" * DEEP), 16),
    "not-json": (b'{"jsonrpc": "2.0", "id": 17, "method": ', 17),
    "wrong-shape": (b'{"jsonrpc": "1.0", "id": 18, "method": 7}', 18),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_line_the_sdk_cannot_decode_gets_an_error_answer(wire: Wire, kind: str) -> None:
    line, request_id = HOSTILE[kind]
    wire.send(line)
    answer = wire.answer()
    assert answer["id"] == request_id and answer["error"]["code"] in (-32700, -32600), answer
    assert wire.ask({"jsonrpc": "2.0", "id": 99, "method": "ping"}) == {"jsonrpc": "2.0", "id": 99, "result": {}}


def test_bytes_that_are_not_utf8_are_read_as_replacement_characters(wire: Wire) -> None:
    wire.send(_call(13, b'"\xed\xa0\x80 \xff"'))  # an encoded surrogate, and a byte no UTF-8 text holds
    answer = wire.answer()
    assert answer["id"] == 13 and answer["result"]["isError"] is False, answer


def test_a_batch_gets_an_error_for_each_request(wire: Wire) -> None:
    wire.send(json.dumps([{"jsonrpc": "2.0", "id": 21, "method": "ping"}, {"jsonrpc": "2.0", "id": 22,
                                                                          "method": "ping"}]).encode())  # fmt: skip
    answers = [wire.answer(), wire.answer()]
    assert [a["id"] for a in answers] == [21, 22]
    assert all("batches are not supported" in a["error"]["message"] for a in answers)
    empty = json.dumps([]).encode()
    wire.send(empty)
    assert wire.answer()["id"] is None
