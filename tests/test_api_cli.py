"""`tiermem tokens ...` and `tiermem serve` from the command line: tokens made, listed and revoked; servers
started as real processes (two of them sharing one PostgreSQL database), and usage errors in one line."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

import pg
from cli_support import Cli
from tiermem import Memory


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "store")


def test_tokens_create_list_revoke(cli: Cli) -> None:
    made = cli.json("tokens", "create", "--agent-id", "alice,bob", "--role", "write", "--label", "laptop")
    assert made["token"].startswith(f"tmk_{made['id']}_")
    assert (made["agents"], made["role"], made["label"], made["revoked_at"]) == (
        ["alice", "bob"],
        "write",
        "laptop",
        None,
    )
    listed = cli.json("tokens", "list")["tokens"]
    assert [t["id"] for t in listed] == [made["id"]]
    assert "secret_hash" not in listed[0] and "token" not in listed[0]
    assert made["token"] not in cli.ok("tokens", "list")
    revoked = cli.json("tokens", "revoke", made["id"])
    assert revoked["revoked_at"] is not None
    assert cli.json("tokens", "list")["tokens"][0]["revoked_at"] == revoked["revoked_at"]


def test_token_secrets_are_stored_hashed(cli: Cli) -> None:
    made = cli.json("tokens", "create", "--agent-id", "*", "--role", "admin")
    with cli.memory() as mem:
        stored = mem.token_record(made["id"])
    assert stored is not None and made["token"].split("_")[2] not in stored


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("tokens", "create", "--role", "write"), "give the token's agents: --agent-id ID"),
        (("tokens", "create", "--agent-id", "a", "--role", "boss"), "--role must be one of read, write, admin"),
        (("tokens", "create", "--agent-id", "bad id!"), "invalid agent id 'bad id!'"),
        (("tokens", "revoke", "nope"), "no token 'nope'"),
        (("serve", "--insecure-local", "--host", "0.0.0.0"), "only on a loopback address, not 0.0.0.0"),
        (("mcp", "--http", "--insecure-local", "--host", "10.1.2.3"), "only on a loopback address, not 10.1.2.3"),
    ],
)
def test_usage_errors_are_one_line(cli: Cli, args: tuple[str, ...], message: str) -> None:
    assert message in cli.fails(*args)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve_process(*args: str) -> Iterator[str]:
    """`tiermem serve` as a real process on a free port; stopped with SIGINT (Ctrl-C) at the end."""
    port = _free_port()
    tiermem = Path(sys.executable).with_name("tiermem")
    process = subprocess.Popen([str(tiermem), "serve", *args, "--port", str(port)], stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "the server did not come up"
            time.sleep(0.1)
        yield url
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.mark.slow
def test_serve_runs_a_server_that_honours_tokens(cli: Cli) -> None:
    token = cli.json("tokens", "create", "--agent-id", "alice", "--role", "write")["token"]
    with serve_process("--home", str(cli.home)) as url:
        auth = {"Authorization": f"Bearer {token}"}
        made = httpx.post(f"{url}/v1/agents/alice/memories", json={"text": "served by a real process"}, headers=auth)
        assert made.status_code == 201
        assert httpx.get(f"{url}/v1/agents/alice/memories", timeout=10).status_code == 401
        assert httpx.get(f"{url}/v1/agents/bob/memories", headers=auth, timeout=10).status_code == 403
    with cli.memory() as mem:
        assert [r.text for r in mem.list(agent_id="alice")] == ["served by a real process"]


@pytest.mark.slow
def test_two_servers_share_one_postgresql_database(embedder) -> None:
    url = pg.database_url()
    with Memory.open(url, embedder=embedder) as mem:
        from tiermem.interfaces.auth import create_token

        token, _ = create_token(mem, ["team"], "write")
    auth = {"Authorization": f"Bearer {token}"}
    with serve_process("--store", url) as first, serve_process("--store", url) as second:
        made = httpx.post(f"{first}/v1/agents/team/memories", json={"text": "The release freeze starts Friday"},
                          headers=auth, timeout=30)  # fmt: skip
        assert made.status_code == 201
        dup = httpx.post(f"{second}/v1/agents/team/memories", json={"text": "the release freeze starts friday!"},
                         headers=auth, timeout=30)  # fmt: skip
        assert dup.json()["duplicate_of"] == made.json()["id"]
        hits = httpx.post(f"{second}/v1/agents/team/search", json={"query": "when does the freeze start?"},
                          headers=auth, timeout=30).json()["hits"]  # fmt: skip
        assert hits[0]["memory"]["id"] == made.json()["id"]
