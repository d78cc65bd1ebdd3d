"""Two `tiermem serve` replicas over one PostgreSQL database, as behind a load balancer (docs/replicas.md).

Real processes on two loopback ports, real HTTP, no mocks. Whatever one replica writes, the other answers
with at once (get, list, search, the hot state, tokens), because a replica holds nothing PostgreSQL does not:
its only caches are of what never changes under it (a term's lexemes) or are checked against the database
on every read (the vector width).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest

import pg
from api_support import serve_process
from builders import make_record
from tiermem import Memory
from tiermem.interfaces.auth import create_token, revoke_token
from tiermem.providers.embedders import WordLlamaEmbedder

pytestmark = pytest.mark.slow

AGENT = "team"


class Replica:
    def __init__(self, url: str, token: str) -> None:
        self.http = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=60)

    def store(self, text: str, **fields: Any) -> dict[str, Any]:
        made = self.http.post(f"/v1/agents/{AGENT}/memories", json={"text": text, **fields})
        assert made.status_code in (200, 201), made.text  # 200: a duplicate
        return dict(made.json())

    def get(self, memory_id: str) -> dict[str, Any]:
        found = self.http.get(f"/v1/agents/{AGENT}/memories/{memory_id}")
        assert found.status_code == 200, found.text
        return dict(found.json())

    def search(self, query: str) -> list[str]:
        found = self.http.post(f"/v1/agents/{AGENT}/search", json={"query": query, "reinforce": False})
        assert found.status_code == 200, found.text
        return [hit["memory"]["id"] for hit in found.json()["hits"]]


@pytest.fixture(scope="module")
def database(embedder: WordLlamaEmbedder) -> Iterator[tuple[str, str]]:
    """A PostgreSQL store with a write token for the team agent: (URL, token)."""
    url = pg.database_url()
    with Memory.open(url, embedder=embedder) as mem:
        token, _ = create_token(mem, [AGENT], "write")
    yield url, token


@pytest.fixture(scope="module")
def replicas(database: tuple[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Replica, Replica]]:
    """Two servers; their one workspace (where MEMORY.md is rendered) a directory both see, as a shared
    volume would be."""
    url, token = database
    args = ("--store", url, "--workers", "1", "--workspace", str(tmp_path_factory.mktemp("workspace")))
    with serve_process(*args) as a, serve_process(*args) as b:
        assert a != b
        yield Replica(a, token), Replica(b, token)


def test_a_write_through_one_replica_is_read_through_the_other_at_once(replicas: tuple[Replica, Replica]) -> None:
    a, b = replicas
    for replica in (a, b):  # both have searched (and filled whatever they keep per process) before the write
        assert replica.search("freezer inventory spreadsheet") == []
    made = a.store("The quokka team keeps the freezer inventory in a spreadsheet called Icebox")
    assert b.get(made["id"])["text"] == made["memory"]["text"]
    assert b.search("freezer inventory spreadsheet")[:1] == [made["id"]]
    listed = b.http.get(f"/v1/agents/{AGENT}/memories").json()["items"]
    assert made["id"] in [m["id"] for m in listed]
    # And back the other way, many writes in a row, each visible on the next request.
    for n in range(5):
        other = b.store(f"Standup number {n} moved to room Walrus{n}")
        assert a.search(f"Walrus{n}")[:1] == [other["id"]]


def test_changes_and_forgetting_through_one_replica_reach_the_other(replicas: tuple[Replica, Replica]) -> None:
    a, b = replicas
    made = a.store("The staging database lives on host pelican")
    assert b.search("staging database host")[:1] == [made["id"]]
    changed = b.http.patch(
        f"/v1/agents/{AGENT}/memories/{made['id']}", json={"text": "The staging database lives on host albatross"}
    )
    assert changed.status_code == 200, changed.text
    new = changed.json()["id"]  # new text supersedes the memory with a new one
    assert a.get(made["id"])["superseded_by"] == new
    assert a.get(new)["text"].endswith("albatross")
    assert a.search("staging database albatross")[:1] == [new]
    assert b.http.patch(f"/v1/agents/{AGENT}/memories/{new}", json={"importance": 0.95}).status_code == 200
    assert a.get(new)["importance"] == 0.95  # changed in place
    assert b.http.delete(f"/v1/agents/{AGENT}/memories/{new}").status_code == 200
    assert a.get(new)["status"] == "forgotten"
    assert new not in a.search("staging database albatross")


def test_a_restatement_through_the_other_replica_is_a_duplicate(replicas: tuple[Replica, Replica]) -> None:
    a, b = replicas
    made = a.store("Deploys to production need two approvals")
    again = b.store("deploys to production need two approvals!")
    assert again["duplicate_of"] == made["id"]


def test_the_hot_state_and_tokens_are_shared(replicas: tuple[Replica, Replica], database: tuple[str, str]) -> None:
    a, b = replicas
    lesson = {"text": "Run the migrations before the deploy", "category": "ops", "importance": 0.9}
    updated = a.http.post(f"/v1/agents/{AGENT}/hot", json={"key": "lesson", "value": lesson})
    assert updated.status_code == 200, updated.text
    hot = b.http.get(f"/v1/agents/{AGENT}/hot").json()
    assert hot["critical_lessons"][0]["text"] == "Run the migrations before the deploy"
    url, _ = database
    with Memory.open(url) as mem:  # a third process (the CLI) makes a token and revokes it
        token, record = create_token(mem, [AGENT], "read")
        auth = {"Authorization": f"Bearer {token}"}
        for replica in (a, b):
            assert replica.http.get(f"/v1/agents/{AGENT}/stats", headers=auth).status_code == 200
        revoke_token(mem, record.id)
    for replica in (a, b):
        assert replica.http.get(f"/v1/agents/{AGENT}/stats", headers=auth).status_code == 401


def test_the_vector_width_is_read_again_when_another_process_changes_it() -> None:
    """The one thing a backend keeps about the store, its vector width, follows a re-embedding done by
    another process (here: every vector replaced by narrower ones under an open backend)."""
    from tiermem.storage.postgres import PostgresBackend

    url = pg.database_url()
    first, other = PostgresBackend(url), PostgresBackend(url)
    try:
        with first.write():
            first.meta_set("embedder_dims", "4")
        record = make_record("the only memory")
        first.insert([record], np.ones((1, 4), dtype=np.float32))
        assert first.vector(record.agent_id, np.ones(4, dtype=np.float32), limit=1)[0][0][0] == record.id
        # `tiermem doctor --repair` after a change of embedder, in another process: old vectors out, new width, new.
        other.delete_vectors(record.agent_id, [record.id])
        with other.write():
            other.meta_set("embedder_dims", "3")
        other.replace_vectors([record], np.ones((1, 3), dtype=np.float32))
        found = first.vector(record.agent_id, np.ones(3, dtype=np.float32), limit=1)
        assert found[0][0][0] == record.id and found[0][0][1] == pytest.approx(1.0)
    finally:
        first.close()
        other.close()


def test_settings_for_a_database_store_come_from_config_in_every_worker(
    database: tuple[str, str], tmp_path: Path
) -> None:
    """A postgresql:// store has no config.json: ``--config`` gives its settings, to each worker process."""
    url, token = database
    (tmp_path / "settings.json").write_text(json.dumps({"max_text_bytes": 120}))
    args = ("--store", url, "--config", str(tmp_path / "settings.json"), "--workers", "2")
    with serve_process(*args, "--workspace", str(tmp_path)) as served:
        headers = {"Authorization": f"Bearer {token}"}
        for _ in range(12):  # a new connection each: the kernel spreads them over both workers
            long = httpx.post(
                f"{served}/v1/agents/{AGENT}/memories", json={"text": "a long sentence " * 10}, headers=headers
            )
            assert long.status_code == 400 and "120-byte limit" in long.text, long.text
        assert Replica(served, token).store("The config file reached this worker")["created"]
