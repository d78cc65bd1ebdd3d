"""`tiermem tokens ...` and `tiermem serve` from the command line: tokens made, listed and revoked; servers
started as real processes (two of them sharing one PostgreSQL database), and usage errors in one line."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

import pg
from api_support import serve_process
from cli_support import Cli
from tiermem import Memory
from tiermem.providers.embedders import WordLlamaEmbedder


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "store").init()


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
        stored = mem.admin.token_record(made["id"])
    # The whole secret (it may hold "_" itself: split once after the id, or a fragment could match by chance).
    assert stored is not None and made["token"].split("_", 2)[2] not in stored


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
def test_a_loopback_server_answers_only_loopback_host_names(cli: Cli) -> None:
    with serve_process("--home", str(cli.home), "--insecure-local") as url:
        assert httpx.get(f"{url}/v1/agents/alice/memories", timeout=10).status_code == 200
        assert httpx.get(f"{url}/health", headers={"Host": f"localhost:{url.rsplit(':', 1)[1]}"}).status_code == 200
        rebound = httpx.get(f"{url}/v1/agents/alice/memories", headers={"Host": "attacker.example"}, timeout=10)
        assert rebound.status_code == 400


@pytest.mark.slow
def test_two_servers_share_one_postgresql_database(embedder: WordLlamaEmbedder) -> None:
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
