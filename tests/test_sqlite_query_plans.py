"""The SQLite store reads what a question needs through the index made for it: the (agent_id) index that gives
a mirror's catch-up the agent's rows in rowid order never stands in for a selective one (it would read every
memory of the agent: a write batch's exact-text lookup cost 2.5 ms at 10k memories and grows with the store)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import cast

from tiermem import Memory
from tiermem.storage.sqlite import SQLiteBackend

SELECTIVE = ("content_hash", "m.tier IN")  # filters with an index of their own beside agent_id


def _plans(conn: sqlite3.Connection, statements: list[str]) -> dict[str, str]:
    """statement -> its query plan, for the reads among ``statements`` that filter on a selective column."""
    out = {}
    for sql in statements:
        if sql.lstrip().upper().startswith("SELECT") and any(s in sql for s in SELECTIVE):
            out[sql] = " | ".join(row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}"))
    return out


def test_exact_text_and_tier_lookups_do_not_read_every_memory_of_the_agent(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "store") as mem:
        mem.store_many([{"text": f"note {n}: the {n % 7} build runs on worker {n}"} for n in range(300)])
        conn = cast(SQLiteBackend, mem._backend)._conn
        statements: list[str] = []
        conn.set_trace_callback(statements.append)  # the statements as run, their parameters bound
        mem.store_many([{"text": "note 3: the 3 build runs on worker 3"}, {"text": "a new note"}])
        mem.store("note 4: the 4 build runs on worker 4")
        mem.consolidate(mode="daily")
        conn.set_trace_callback(None)
        plans = _plans(conn, statements)
    assert any("content_hash" in sql for sql in plans)  # the workload did look texts up
    assert any("m.tier IN" in sql for sql in plans)  # ...and memories by tier
    wrong = {sql[:120]: plan for sql, plan in plans.items() if "memories_agent_rows" in plan}
    assert not wrong
