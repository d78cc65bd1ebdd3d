"""`tiermem doctor`: each kind of damage made for real, found, and (where safe) repaired."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import pytest

import pg
from builders import DIMS, make_record, unit
from cli_support import Cli
from tiermem import Memory
from tiermem.errors import EmbedderError
from tiermem.providers.embedders import WordLlamaEmbedder
from tiermem.storage import sqlite_search
from tiermem.storage.migrations import MIGRATIONS
from tiermem.workspace.scaffold import scaffold
from tiermem.workspace.writer import MemoryWriter

if TYPE_CHECKING:
    from tiermem.storage.postgres import PostgresBackend

START = datetime(2026, 1, 5, 10, 0, tzinfo=UTC)


def statuses(report: Any) -> dict[str, tuple[str, int]]:
    return {c.name: (c.status, c.found) for c in report.checks}


def db(mem: Memory) -> sqlite3.Connection:
    """A second, raw connection to the store's file: how outside damage happens."""
    conn = sqlite3.connect(mem.path / "tiermem.db", isolation_level=None)
    conn.execute("PRAGMA foreign_keys = OFF")
    return conn


def test_a_healthy_store_is_all_ok(mem: Memory) -> None:
    mem.store("The user prefers dark mode")
    report = mem.doctor()
    assert report.ok and {s for s, _ in statuses(report).values()} == {"ok"}
    migrations = next(c for c in report.checks if c.name == "migrations")
    assert migrations.detail == f"{len(MIGRATIONS)} applied, latest {MIGRATIONS[-1][0]}"


def test_fulltext_index_out_of_step_is_rebuilt(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_search, "SMALL_AGENT", 0)  # FTS5 answers, not the in-memory mirror of the rows
    record = mem.store("The kestrel server runs the nightly backups").memory
    with db(mem) as conn:  # drop the row from the index behind the table's back
        rowid, text, tags, category = conn.execute(
            "SELECT rowid, text, tags, category FROM memories WHERE id = ?", (record.id,)
        ).fetchone()
        conn.execute(
            "INSERT INTO memories_fts(memories_fts, rowid, text, tags, category) VALUES ('delete', ?, ?, ?, ?)",
            (rowid, text, tags, category),
        )
    assert mem._backend.lexical("default", ["kestrel"], limit=5) == []
    found = mem.doctor()
    assert statuses(found)["full-text index"] == ("problem", 1) and not found.ok
    assert "--repair will rebuild it from the rows" in next(c.fix for c in found.checks if c.name == "full-text index")
    assert statuses(mem.doctor(repair=True))["full-text index"] == ("repaired", 1)
    assert [mid for mid, _ in mem._backend.lexical("default", ["kestrel"], limit=5)] == [record.id]
    assert mem.doctor().ok


def test_orphaned_and_missing_vectors_sqlite(mem: Memory) -> None:
    keep = mem.store("Deploys go through staging first").memory
    lost = mem.store("The VPN needs a hardware key").memory
    gone = mem.store("An old note about the printer").memory
    mem.forget(gone.id)
    with db(mem) as conn:
        conn.execute("DELETE FROM vectors WHERE rowid = (SELECT rowid FROM memories WHERE id = ?)", (lost.id,))
        # a vector left behind by a row deleted with the foreign keys off, and one beside a forgotten memory
        rowid = conn.execute("SELECT rowid FROM memories WHERE id = ?", (keep.id,)).fetchone()[0]
        blob = conn.execute("SELECT vec FROM vectors WHERE rowid = ?", (rowid,)).fetchone()[0]
        conn.execute("INSERT INTO vectors(rowid, agent_id, vec) VALUES (999999, 'default', ?)", (blob,))
        conn.execute(
            "INSERT INTO vectors(rowid, agent_id, vec) SELECT rowid, agent_id, ? FROM memories WHERE id = ?",
            (blob, gone.id),
        )
        conn.execute("UPDATE vectors SET vec = zeroblob(12) WHERE rowid = ?", (rowid,))  # the wrong width
    found = statuses(mem.doctor())
    assert found["orphaned vectors"] == ("problem", 2) and found["missing vectors"] == ("problem", 2)
    repaired = statuses(mem.doctor(repair=True))
    assert repaired["orphaned vectors"] == ("repaired", 2) and repaired["missing vectors"] == ("repaired", 2)
    assert mem.doctor().ok
    vectors = mem._backend.vectors_for("default", [keep.id, lost.id, gone.id])
    assert set(vectors) == {keep.id, lost.id}
    expected = mem.embedder.embed([lost.text])[0]
    assert np.allclose(vectors[lost.id], expected, atol=1e-6)
    assert mem.search("hardware key for the VPN")[0].memory.id == lost.id


def test_vector_damage_on_postgres(open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(pg.database_url())
    keep = mem.store("Deploys go through staging first").memory
    lost = mem.store("The VPN needs a hardware key").memory
    gone = mem.store("An old note about the printer").memory
    mem.forget(gone.id)
    with cast("PostgresBackend", mem._backend)._conn() as conn:
        conn.execute("DELETE FROM vectors WHERE id = %s", (lost.id,))
        conn.execute(
            "INSERT INTO vectors(id, agent_id, vec) SELECT %s, agent_id, vec FROM vectors WHERE id = %s",
            (gone.id, keep.id),
        )
    found = statuses(mem.doctor())
    assert found["orphaned vectors"] == ("problem", 1) and found["missing vectors"] == ("problem", 1)
    assert found["integrity"][0] == found["full-text index"][0] == "skipped"
    mem.doctor(repair=True)
    assert mem.doctor().ok and set(mem._backend.vectors_for("default", [keep.id, lost.id, gone.id])) == {
        keep.id,
        lost.id,
    }


@pytest.mark.parametrize("backend_name", ["sqlite", "postgres"])
def test_embedder_changed_is_found_and_everything_reembedded(
    backend_name: str, tmp_path: Path, embedder: WordLlamaEmbedder
) -> None:
    store_path = tmp_path / "store" if backend_name == "sqlite" else pg.database_url()
    with Memory.open(store_path, embedder=embedder) as mem:
        made = mem.store("The user prefers dark mode").memory
        mem.store("Backups run nightly at two")
    smaller = WordLlamaEmbedder(128)
    with pytest.raises(EmbedderError, match="tiermem doctor --repair"):
        Memory.open(store_path, embedder=smaller)
    with Memory.open(store_path, embedder=smaller, check_embedder=False) as mem:
        found = mem.doctor()
        assert statuses(found)["embedder"] == ("problem", 2)
        assert "store embedded with wordllama:l2_supercat_256 (256 dims)" in found.checks[2].detail
        assert statuses(mem.doctor(repair=True))["embedder"] == ("repaired", 2)
    with Memory.open(store_path, embedder=smaller) as mem:  # opens normally now
        assert mem.doctor().ok
        assert mem._backend.vectors_for("default", [made.id])[made.id].shape == (128,)
        assert mem.search("dark theme")[0].memory.id == made.id


def test_damaged_file_is_reported_not_repaired(mem: Memory, embedder: WordLlamaEmbedder) -> None:
    mem.store_many([{"text": f"fact {i}: the {i}th lantern of the harbour is blue"} for i in range(300)], dedup=False)
    path = mem.path
    mem.close()
    with sqlite3.connect(path / "tiermem.db") as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'memories_agent_created'").fetchone()[0]
        size = conn.execute("PRAGMA page_size").fetchone()[0]
    with open(path / "tiermem.db", "r+b") as raw:  # scribble over one page of an index
        raw.seek((root - 1) * size + 8)
        raw.write(b"\x00\x07" * 64)  # the page's cell pointers now point into its header
    with Memory.open(path, embedder=embedder) as damaged:
        report = damaged.doctor(repair=True)
        check = next(c for c in report.checks if c.name == "integrity")
        assert check.status == "problem" and check.found > 0 and not report.ok
        assert "restore a backup" in check.fix


# --- the workspace -----------------------------------------------------------------------------------------


def _workspace(root: Path, days: int = 3) -> None:
    scaffold(root, START.date(), user="Ada")
    writer = MemoryWriter(root)
    for day in range(days):
        now = START + timedelta(days=day)
        writer.note_decision(f"Ship release 1.{day}", "the tests are green", now=now)
        writer.end_session(f"Release 1.{day} went out.", f"Next: release 1.{day + 1}.", {}, now=now)


def test_workspace_drift_found_and_repaired(open_memory: Callable[..., Memory], tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    _workspace(root)
    mem = open_memory(root / ".tiermem")
    mem.workspace.sync()
    assert mem.doctor().ok
    log = root / "memory" / "2026-01-06.md"
    log.write_text(log.read_text() + "\nThe release train moves to Thursdays.\n")
    (root / "memory" / "2026-01-09.md").write_text("# 2026-01-09\n\n## Session Summary\nA quiet day.\n")
    found = statuses(mem.doctor())
    assert found["workspace index"] == ("problem", 2)  # one log edited, one added
    assert found["index.md"] == ("problem", 1)  # 4 logs on disk, index.md lists 3
    fixed = statuses(mem.doctor(repair=True))
    assert fixed["workspace index"] == ("repaired", 2) and fixed["index.md"] == ("repaired", 1)
    assert mem.doctor().ok
    assert "> Total logs: 4" in (root / "memory" / "index.md").read_text()
    assert any("Thursdays" in r.text for r in mem.list(limit=500))


def test_workspace_pieces_missing_from_store_are_reindexed(open_memory: Callable[..., Memory], tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    _workspace(root)
    mem = open_memory(root / ".tiermem")
    mem.workspace.sync()
    piece = next(r for r in mem.list(limit=500) if r.source.get("type") == "workspace")
    mem.purge(piece.id)
    assert statuses(mem.doctor())["workspace index"] == ("problem", 1)
    mem.doctor(repair=True)
    assert mem.doctor().ok and any(r.text == piece.text for r in mem.list(limit=500))


# --- the command line ------------------------------------------------------------------------------------


def test_cli_doctor_table_json_and_exit_codes(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "home")
    made = cli.store("The kestrel server runs the nightly backups")
    table = cli.ok("doctor")
    assert table.splitlines()[0].split() == ["check", "status", "found", "detail", "fix"]
    assert "full-text index" in table and "problem" not in table
    with sqlite3.connect(tmp_path / "home" / "tiermem.db") as conn:
        conn.execute("DELETE FROM vectors")
    broken = cli("--json", "doctor")
    assert broken.exit_code == 1
    document = json.loads(broken.stdout)
    assert (
        document["ok"] is False
        and {"name": "missing vectors", "status": "problem", "found": 1}.items()
        <= next(c for c in document["checks"] if c["name"] == "missing vectors").items()
    )
    assert "missing vectors  repaired" in " ".join(cli.ok("doctor", "--repair").split("  "))
    assert cli.json("doctor")["ok"] is True
    assert cli.json("search", "kestrel backups")["hits"][0]["memory"]["id"] == made


# --- the backend methods doctor uses, on every backend (conftest's BACKEND_FACTORIES) ----------------------


def test_backend_finds_and_deletes_vector_problems(backend: Any) -> None:
    keep, bare, forgotten = make_record("kept"), make_record("no vector"), make_record("forgotten", status="forgotten")
    backend.insert([keep, forgotten], np.stack([unit(1.0), unit(0.0, 1.0)]))
    backend.insert([bare], None)
    orphans, missing = backend.vector_problems(DIMS)
    assert len(orphans) == 1 and missing == [("agent-a", bare.id)]
    assert backend.vector_problems(DIMS + 1)[1] == [("agent-a", keep.id), ("agent-a", bare.id)]  # wrong width
    backend.delete_vector_rows(orphans)
    assert backend.vector_problems(DIMS)[0] == [] and set(backend.vectors_for("agent-a", [keep.id, forgotten.id])) == {
        keep.id
    }
    assert backend.applied_migrations()  # every backend records its migrations by name


def test_repair_never_revives_a_forgotten_piece(open_memory: Callable[..., Memory], tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    _workspace(root)
    mem = open_memory(root / ".tiermem")
    mem.workspace.sync()
    pieces = [r for r in mem.list(limit=500) if r.source.get("type") == "workspace"]
    forgotten, purged = pieces[0], pieces[1]
    mem.forget(forgotten.id, reason="wrong")
    assert mem.doctor().ok  # forgotten on purpose: no damage
    mem.purge(purged.id)  # a row really gone: the repair re-indexes, from scratch
    assert statuses(mem.doctor(repair=True))["workspace index"] == ("repaired", 1)
    assert mem.doctor().ok
    texts = [r.text for r in mem.list(limit=500)]
    assert purged.text in texts and forgotten.text not in texts


def test_a_repair_that_fixes_nothing_is_not_called_repaired(tmp_path: Path) -> None:
    """doctor re-checks after each repair: one that left the problem is reported as a problem."""
    from tiermem.doctor import Check, _verified

    calls: list[bool] = []

    def stubborn(fix: bool) -> Check:
        calls.append(fix)
        return Check("thing", "repaired" if fix else "problem", 1, "1 broken", "--repair will fix it")

    done = _verified(stubborn, True)
    assert (done.status, calls) == ("problem", [True, False])
    assert "did not fix it" in done.fix
