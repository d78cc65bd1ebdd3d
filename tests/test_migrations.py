"""Schema migrations: a store written at an old schema is brought up to date on open, with its data."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tiermem import Memory, StoreError
from tiermem.storage.migrations import MIGRATIONS, apply_migrations
from tiermem.storage.sqlite import DB_FILE
from tiermem.text import content_hash

OLD_ROWS = [
    ("01HOLD0000000000000000000A", "default", "The quarterly budget review is every March", "semantic", "finance"),
    ("01HOLD0000000000000000000B", "default", "Grandma's lasagne recipe uses nutmeg", "procedural", None),
    ("01HOLD0000000000000000000C", "bob", "Bob's lasagne notes are private", "semantic", None),
]


def old_store(directory: Path, upto: str = "0001_initial") -> None:
    """A store as an early tiermem left it: schema up to ``upto``, rows written with plain SQL."""
    directory.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(directory / DB_FILE, isolation_level=None)
    try:
        assert apply_migrations(conn, upto=upto)[-1] == upto
        now = time.time() - 86400
        for mid, agent, text, mtype, category in OLD_ROWS:
            conn.execute(
                "INSERT INTO memories(id, agent_id, text, type, category, tags, importance, salience, confidence, "
                "scope, tier, created_at, updated_at, source, metadata, content_hash) "
                "VALUES (?, ?, ?, ?, ?, ?, 0.6, 0.5, 0.7, 'long_term', 'warm', ?, ?, ?, '{}', ?)",
                (
                    mid,
                    agent,
                    text,
                    mtype,
                    category,
                    json.dumps(["old"]),
                    now,
                    now,
                    json.dumps({"type": "import"}),
                    content_hash(text),
                ),
            )
    finally:
        conn.close()


def applied(directory: Path) -> list[str]:
    with sqlite3.connect(directory / DB_FILE) as conn:
        return [r[0] for r in conn.execute("SELECT name FROM schema_migrations ORDER BY name")]


def test_migrations_are_named_and_ordered() -> None:
    names = [name for name, _ in MIGRATIONS]
    assert names == sorted(names)
    assert len(set(names)) == len(names)
    assert names[0] == "0001_initial"


def test_an_old_store_is_upgraded_with_its_data(open_memory: Callable[..., Memory], store_path: Path) -> None:
    old_store(store_path)
    assert applied(store_path) == ["0001_initial"]

    mem = open_memory()
    assert applied(store_path) == sorted(name for name, _ in MIGRATIONS)
    old = mem.get(OLD_ROWS[0][0])
    assert (old.text, old.type, old.category, old.tags, old.importance) == (
        OLD_ROWS[0][2], "semantic", "finance", ("old",), 0.6,
    )  # fmt: skip
    assert old.source == {"type": "import"}
    assert old.is_current
    assert mem.get(OLD_ROWS[2][0], agent_id="bob").text == OLD_ROWS[2][2]

    # The FTS index was built over rows that existed before it.
    assert mem.search("quarterly budget", limit=1)[0].memory.id == OLD_ROWS[0][0]
    assert mem.search("lasagne nutmeg", limit=1)[0].memory.id == OLD_ROWS[1][0]
    assert all(h.memory.agent_id == "default" for h in mem.search("lasagne", limit=10))
    assert [r.id for r in mem.list(category="finance")] == [OLD_ROWS[0][0]]

    # New writes work beside the old rows: history exists, dedup sees the old text.
    again = mem.store("the quarterly budget review is every march!")
    assert (again.created, again.duplicate_of) == (False, OLD_ROWS[0][0])
    assert [h.action for h in mem.history(OLD_ROWS[0][0])] == ["reinforced"]
    fresh = mem.store("A brand new memory after the upgrade").memory
    assert mem.search("brand new upgrade", limit=1)[0].memory.id == fresh.id
    assert mem.stats()["memories"] == 3


@pytest.mark.parametrize("upto", [name for name, _ in MIGRATIONS][:-1])
def test_every_intermediate_schema_upgrades(open_memory: Callable[..., Memory], store_path: Path, upto: str) -> None:
    old_store(store_path, upto)
    mem = open_memory()
    assert applied(store_path) == sorted(name for name, _ in MIGRATIONS)
    assert mem.search("lasagne", limit=1)[0].memory.id == OLD_ROWS[1][0]
    # The lifecycle's category counts start from the rows that were already there.
    stats = mem.lifecycle().tree(now=time.time()).nodes
    assert (stats["root"].warm, stats["finance"].warm) == (2, 1)


def test_urls_stored_before_the_url_index_are_found(open_memory: Callable[..., Memory], store_path: Path) -> None:
    old_store(store_path, "0006_lifecycle_counts")
    with sqlite3.connect(store_path / DB_FILE) as conn:
        conn.execute(
            "UPDATE memories SET metadata = ? WHERE id = ?",
            (json.dumps({"urls": ["https://Example.com/Budget"]}), OLD_ROWS[0][0]),
        )
    mem = open_memory()
    assert [h.memory.id for h in mem.search("see example.com/budget", limit=1)] == [OLD_ROWS[0][0]]
    assert mem._backend.with_url("default", "example.com/budget", limit=5) == [OLD_ROWS[0][0]]


def test_opening_twice_applies_nothing_new(open_memory: Callable[..., Memory], store_path: Path) -> None:
    open_memory().store("first session")
    with sqlite3.connect(store_path / DB_FILE) as conn:
        before = conn.execute("SELECT name, applied_at FROM schema_migrations ORDER BY name").fetchall()
        assert apply_migrations(conn) == []
    open_memory()
    with sqlite3.connect(store_path / DB_FILE) as conn:
        assert conn.execute("SELECT name, applied_at FROM schema_migrations ORDER BY name").fetchall() == before


def test_a_store_claiming_an_unknown_newer_migration_is_refused(
    open_memory: Callable[..., Memory], store_path: Path
) -> None:
    old_store(store_path)
    with sqlite3.connect(store_path / DB_FILE) as conn:
        conn.execute("INSERT INTO schema_migrations(name, applied_at) VALUES ('0999_from_the_future', 0)")
    with pytest.raises(StoreError, match=r"newer tiermem.*0999_from_the_future.*upgrade tiermem"):
        open_memory()
    assert applied(store_path) == ["0001_initial", "0999_from_the_future"]  # nothing was applied


def test_a_failing_migration_leaves_the_store_unchanged(store_path: Path) -> None:
    old_store(store_path)
    with sqlite3.connect(store_path / DB_FILE) as conn:
        # Something in the way of the FTS migration: it must fail as a whole.
        conn.execute("CREATE TABLE memories_fts (x)")
    conn = sqlite3.connect(store_path / DB_FILE, isolation_level=None)
    try:
        with pytest.raises(sqlite3.OperationalError):
            apply_migrations(conn)
        assert [r[0] for r in conn.execute("SELECT name FROM schema_migrations")] == ["0001_initial"]
        triggers = conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall()
        assert triggers == []
    finally:
        conn.close()


def test_a_failing_migration_on_open_is_a_store_error(open_memory: Callable[..., Memory], store_path: Path) -> None:
    old_store(store_path)
    with sqlite3.connect(store_path / DB_FILE) as conn:
        conn.execute("CREATE TABLE memories_fts (x)")
    with pytest.raises(StoreError, match="cannot open the store"):
        open_memory()
    assert applied(store_path) == ["0001_initial"]
