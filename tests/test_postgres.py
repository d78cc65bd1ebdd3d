"""What is particular to the PostgreSQL store: opening by URL, errors, migrations, the HNSW index, per-agent
write locks, and several processes sharing one database. (The backend contract, engine and recall suites
run against PostgreSQL too: test_contract.py, test_postgres_engine.py.)"""

from __future__ import annotations

import threading
import time

import numpy as np
import psycopg
import pytest

import pg
from builders import distinct_texts, make_record
from test_concurrency import run_workers
from tiermem import Memory, StoreError
from tiermem.providers.embedders import WordLlamaEmbedder
from tiermem.storage.postgres import PostgresBackend, redact
from tiermem.storage.postgres_migrations import MIGRATIONS


@pytest.fixture
def url() -> str:
    return pg.database_url()


def _indexes(url: str) -> list[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE 'vectors_hnsw%'"
        ).fetchall()
    return [r[0] for r in rows]


def test_open_by_url_stores_and_searches(url: str, embedder: WordLlamaEmbedder) -> None:
    with Memory.open(url, embedder=embedder) as mem:
        stored = mem.store("The staging database runs on port 5433", tags=["infra"]).memory
        assert mem.search("which port does staging use?")[0].memory.id == stored.id
        assert mem.stats()["path"] == mem.location == url
        with pytest.raises(StoreError, match="is a database, not a directory"):
            _ = mem.path
    with Memory.open(url, embedder=embedder) as again:
        assert again.get(stored.id).text == stored.text
        assert again.get(stored.id).access_count == 1  # the search reinforced it, flushed on close


def test_unreachable_server_is_a_clear_store_error_without_the_password(embedder: WordLlamaEmbedder) -> None:
    started = time.monotonic()
    with pytest.raises(StoreError) as caught:
        Memory.open("postgresql://someone:s3cret@127.0.0.1:1/nowhere", embedder=embedder, config={
            "postgres": {"connect_timeout_s": 2}})  # fmt: skip
    message = str(caught.value)
    assert "cannot open the PostgreSQL store postgresql://someone:***@127.0.0.1:1/nowhere" in message
    assert "s3cret" not in message and "\n" not in message
    assert time.monotonic() - started < 10


def test_redact_hides_only_the_password() -> None:
    assert redact("postgresql://u:pw@h:5/db?x=1") == "postgresql://u:***@h:5/db?x=1"
    assert redact("postgresql://u@h/db") == "postgresql://u@h/db"


def test_bad_postgres_settings_are_config_errors(url: str, embedder: WordLlamaEmbedder) -> None:
    with pytest.raises(Exception, match=r"postgres\.pool_max"):
        Memory.open(url, embedder=embedder, config={"postgres": {"pool_max": 0}})


def test_missing_pgvector_says_how_to_install_it(embedder: WordLlamaEmbedder) -> None:
    """A user who may not create extensions, in a database without pgvector."""
    cluster = pg.cluster()
    with psycopg.connect(cluster.admin_url, autocommit=True) as conn:
        conn.execute("DROP ROLE IF EXISTS plain_user")
        conn.execute("CREATE ROLE plain_user LOGIN")
        name = f"novector_{id(conn)}"
        conn.execute(f'CREATE DATABASE "{name}" OWNER plain_user')
    plain = f"postgresql://plain_user@127.0.0.1:{cluster.port}/{name}"
    with pytest.raises(StoreError, match="CREATE EXTENSION vector"):
        Memory.open(plain, embedder=embedder)


def test_migrations_apply_once_and_refuse_a_newer_schema(url: str) -> None:
    PostgresBackend(url).close()
    PostgresBackend(url).close()  # reopening applies nothing new
    with psycopg.connect(url, autocommit=True) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM schema_migrations ORDER BY name")]
        assert names == [name for name, _ in MIGRATIONS]
        conn.execute("INSERT INTO schema_migrations VALUES ('9999_from_the_future', 0)")
    with pytest.raises(StoreError, match="newer tiermem"):
        PostgresBackend(url)


def test_hnsw_index_follows_the_embedder_width(url: str, embedder: WordLlamaEmbedder) -> None:
    Memory.open(url, embedder=embedder).close()
    assert _indexes(url) == ["vectors_hnsw_256"]
    backend = PostgresBackend(url)
    try:
        backend.meta_set("embedder_dims", "128")  # what a re-embedding with a narrower model records
        assert _indexes(url) == ["vectors_hnsw_128"]
        with psycopg.connect(url) as conn:
            conn.execute("SET enable_seqscan = off")
            plan = "\n".join(r[0] for r in conn.execute(
                "EXPLAIN SELECT id FROM vectors v ORDER BY v.vec::vector(128) <=> %s::vector LIMIT 5",
                (str([0.1] * 128),)))  # fmt: skip
        assert "vectors_hnsw_128" in plan
    finally:
        backend.close()


def test_hnsw_search_finds_the_exact_neighbours_of_a_few_thousand_vectors(url: str) -> None:
    rng = np.random.default_rng(7)
    vectors = rng.normal(size=(3000, 32)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    records = [make_record(f"v{i}", minutes=i) for i in range(len(vectors))]
    backend = PostgresBackend(url)
    try:
        backend.meta_set("embedder_dims", "32")
        with backend.write():
            backend.insert(records, vectors)
        queries = vectors[:20] + 0.05 * rng.normal(size=(20, 32)).astype(np.float32)
        queries /= np.linalg.norm(queries, axis=1, keepdims=True)
        found = backend.vector("agent-a", queries, limit=10)
        exact = np.argsort(-(queries @ vectors.T), axis=1)[:, :10]
        recall = np.mean([len({r.id for r in np.array(records)[row]} & {i for i, _ in hits}) / 10
                          for row, hits in zip(exact, found, strict=True)])  # fmt: skip
        assert recall >= 0.9
        assert all(len(hits) == 10 for hits in found)
    finally:
        backend.close()


def test_writes_of_one_agent_queue_while_other_agents_write_freely(url: str) -> None:
    backend = PostgresBackend(url, pool_max=6)
    holding, release = threading.Event(), threading.Event()
    done: dict[str, float] = {}

    def hold_agent_a() -> None:
        with backend.write():
            backend.insert([make_record("held by the first writer")], None)
            holding.set()
            release.wait(10)

    def write(agent: str) -> None:
        backend.insert([make_record(f"written for {agent}", agent_id=agent)], None)
        done[agent] = time.monotonic()

    try:
        first = threading.Thread(target=hold_agent_a)
        first.start()
        assert holding.wait(10)
        same, other = (
            threading.Thread(target=write, args=("agent-a",)),
            threading.Thread(target=write, args=("agent-b",)),
        )
        same.start()
        other.start()
        other.join(10)
        assert "agent-b" in done  # not blocked by agent A's open transaction
        time.sleep(0.3)
        assert "agent-a" not in done  # waits for agent A's lock
        released = time.monotonic()
        release.set()
        first.join(10)
        same.join(10)
        assert done["agent-a"] >= released
        assert backend.count("agent-a") == 2
    finally:
        release.set()
        backend.close()


@pytest.mark.slow
def test_four_processes_share_one_database(url: str, embedder: WordLlamaEmbedder) -> None:
    Memory.open(url, embedder=embedder).close()
    jobs = {f"w{n}": distinct_texts(60, seed=n, prefix=f"w{n} ") for n in range(4)}
    outcomes = run_workers(url, jobs)
    assert all(all(r["created"] for r in outcome) for outcome in outcomes.values())
    with Memory.open(url, embedder=embedder) as mem:
        rows = mem.list(limit=1000)
        assert sorted(r.text for r in rows) == sorted(t for texts in jobs.values() for t in texts)


@pytest.mark.slow
def test_concurrent_duplicates_from_several_processes_end_as_one_row(url: str, embedder: WordLlamaEmbedder) -> None:
    Memory.open(url, embedder=embedder).close()
    variants = ["The build server restarts every Sunday", "the build server restarts every sunday!",
                "THE BUILD SERVER RESTARTS EVERY SUNDAY.", "The build server restarts, every Sunday"]  # fmt: skip
    outcomes = run_workers(url, {f"w{n}": [variants[n]] * 10 for n in range(4)})
    results = [r for outcome in outcomes.values() for r in outcome]
    assert sum(r["created"] for r in results) == 1
    assert len({r["id"] for r in results}) == 1
    with Memory.open(url, embedder=embedder) as mem:
        rows = mem.list(include_forgotten=True, include_superseded=True)
        assert len(rows) == 1 and rows[0].access_count == 39


@pytest.mark.parametrize(("ci", "outcome"), [("true", pytest.fail.Exception), ("", pytest.skip.Exception)])
def test_a_missing_server_fails_under_ci_and_skips_elsewhere(
    monkeypatch: pytest.MonkeyPatch, ci: str, outcome: type
) -> None:
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match="no server here"):
        pg._unavailable("no server here")


def test_the_vector_query_is_sent_from_another_thread_and_gives_what_it_gives_alone(
    url: str, embedder: WordLlamaEmbedder
) -> None:
    """Recall waits for the slower of BM25 and the HNSW query, not both; each signal is what it is alone. Inside
    a write transaction the query stays on the caller's thread, whose connection sees the uncommitted rows."""
    from tiermem.recall.signals import text_signals

    with Memory.open(url, embedder=embedder) as mem:
        mem.store_many([{"text": t} for t in distinct_texts(40, seed=3)])
        mem.store("The staging database listens on port 5433")
        backend = mem._backend
        assert isinstance(backend, PostgresBackend) and backend.vector_elsewhere()
        query = embedder.embed(["the staging database port"])[0]
        terms = ["staging", "database", "port"]
        alone = (
            dict(backend.lexical("default", terms, limit=20)),
            dict(backend.vector("default", query[None, :], limit=20)[0]),
        )
        threads: set[str] = set()
        vector = backend.vector

        def traced(*args: object, **kwargs: object) -> list[list[tuple[str, float]]]:
            threads.add(threading.current_thread().name)
            return vector(*args, **kwargs)  # type: ignore[arg-type]

        backend.vector = traced  # type: ignore[method-assign]  # records the thread, runs the real query
        assert text_signals(backend, "default", terms, query, 20, words=True, meaning=True) == alone
        assert threads and threading.current_thread().name not in threads
        with backend.write():
            assert not backend.vector_elsewhere()
            threads.clear()
            text_signals(backend, "default", terms, query, 20, words=True, meaning=True)
            assert threads == {threading.current_thread().name}
