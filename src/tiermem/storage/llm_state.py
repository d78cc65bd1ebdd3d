"""The LLM layer's tables in the SQLite store (migration ``0004_llm``): the enrichment queue, usage per day
and purpose, cached answers, and the search keys indexed beside each memory.

Part of the SQLite backend, kept in its own module: it shares the backend's connection and write lock, so
a job is queued in the same transaction as the memory it is about (a crash cannot keep one and lose the
other), and usage written by one process counts against the budget of all.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .sqlite_base import SQLiteConnection

USAGE_COUNTERS = (
    "calls", "failures", "refused", "cache_hits", "prompt_tokens", "completion_tokens", "cached_tokens",
)  # fmt: skip
_CACHE_PRUNE_EVERY = 200  # puts between sweeps of expired answers


@dataclass(frozen=True, slots=True)
class Job:
    id: int
    agent_id: str
    memory_id: str
    kind: str
    attempts: int
    claim: str


class LLMState:
    """Queue, usage, cache and keys for one store; every method is one short transaction (or joins the
    caller's, e.g. :meth:`enqueue` inside ``store``'s)."""

    def __init__(self, backend: SQLiteConnection) -> None:
        self._backend = backend
        self._puts = 0

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        with self._backend._lock:  # the backend's own lock: one connection, shared with its writers
            return self._backend._execute(sql, params).fetchall()

    def _write(self, sql: str, params: Sequence[Any] = ()) -> int:
        with self._backend.write():
            return self._backend._execute(sql, params).rowcount

    # --- the queue ------------------------------------------------------------------------------------

    def enqueue(self, agent_id: str, memory_ids: Sequence[str], kind: str, now: float) -> None:
        with self._backend.write():
            self._backend._conn.executemany(
                "INSERT INTO llm_jobs(agent_id, memory_id, kind, created_at) VALUES (?, ?, ?, ?)",
                [(agent_id, mid, kind, now) for mid in memory_ids],
            )

    def claim(self, limit: int, now: float, lease_s: float, agent_id: str | None = None) -> list[Job]:
        """Take up to ``limit`` pending jobs (or ones whose worker's lease ran out), oldest first."""
        token = uuid.uuid4().hex
        scope, params = ("AND agent_id = ?", [agent_id]) if agent_id else ("", [])
        with self._backend.write():
            rows = self._backend._execute(
                "SELECT rowid FROM llm_jobs WHERE (status = 'pending' OR (status = 'running' AND lease_until < ?)) "
                f"{scope} ORDER BY rowid LIMIT ?",
                [now, *params, limit],
            ).fetchall()
            self._backend._conn.executemany(
                "UPDATE llm_jobs SET status = 'running', lease_until = ?, claim = ?, attempts = attempts + 1 "
                "WHERE rowid = ?",
                [(now + lease_s, token, r[0]) for r in rows],
            )
            found = self._backend._execute(
                "SELECT rowid, agent_id, memory_id, kind, attempts, claim FROM llm_jobs WHERE claim = ? ORDER BY rowid",
                (token,),
            ).fetchall()
        return [Job(*row) for row in found]

    def holds(self, job: Job) -> bool:
        """Is the job still ours (not taken over by another worker after our lease ran out)?"""
        rows = self._rows(
            "SELECT 1 FROM llm_jobs WHERE rowid = ? AND claim = ? AND status = 'running'", (job.id, job.claim)
        )
        return bool(rows)

    def finish(self, job: Job, mode: str, result: Mapping[str, Any], now: float) -> None:
        self._write(
            "UPDATE llm_jobs SET status = 'done', mode = ?, result = ?, finished_at = ?, lease_until = NULL "
            "WHERE rowid = ? AND claim = ?",
            (mode, json.dumps(result, ensure_ascii=False), now, job.id, job.claim),
        )

    def release(self, jobs: Sequence[Job]) -> None:
        """Hand claimed jobs back (a worker stopping early): they are pending again, attempt not counted."""
        with self._backend.write():
            self._backend._conn.executemany(
                "UPDATE llm_jobs SET status = 'pending', lease_until = NULL, claim = NULL, attempts = attempts - 1 "
                "WHERE rowid = ? AND claim = ? AND status = 'running'",
                [(j.id, j.claim) for j in jobs],
            )

    def queue_counts(self, agent_id: str | None = None) -> dict[str, int]:
        """pending, running, and finished jobs by the path that ran: llm, rule, skipped."""
        scope, params = ("WHERE agent_id = ?", [agent_id]) if agent_id else ("", [])
        rows = self._rows(
            f"SELECT CASE WHEN status = 'done' THEN COALESCE(mode, 'done') ELSE status END, COUNT(*) "
            f"FROM llm_jobs {scope} GROUP BY 1",
            params,
        )
        counts = {"pending": 0, "running": 0, "llm": 0, "rule": 0, "skipped": 0}
        counts.update({r[0]: r[1] for r in rows})
        return counts

    def jobs_for(self, agent_id: str, memory_id: str) -> list[dict[str, Any]]:
        rows = self._rows(
            "SELECT kind, status, mode, attempts, result FROM llm_jobs WHERE agent_id = ? AND memory_id = ? "
            "ORDER BY rowid",
            (agent_id, memory_id),
        )
        return [
            {"kind": r[0], "status": r[1], "mode": r[2], "attempts": r[3], "result": json.loads(r[4])} for r in rows
        ]

    def last_fallback(self, agent_id: str | None = None) -> str | None:
        scope, params = ("AND agent_id = ?", [agent_id]) if agent_id else ("", [])
        rows = self._rows(
            f"SELECT json_extract(result, '$.llm_fallback') FROM llm_jobs WHERE mode = 'rule' {scope} "
            "ORDER BY finished_at DESC, rowid DESC LIMIT 1",
            params,
        )
        return str(rows[0][0]) if rows and rows[0][0] is not None else None

    # --- usage and cache (the providers' UsageStore) ----------------------------------------------------

    def add_usage(self, day: str, purpose: str, counts: Mapping[str, int]) -> None:
        names = [n for n in USAGE_COUNTERS if counts.get(n)]
        if not names:
            return
        updates = ", ".join(f"{n} = {n} + excluded.{n}" for n in names)
        self._write(
            f"INSERT INTO llm_usage(day, purpose, {', '.join(names)}) VALUES (?, ?, {', '.join('?' for _ in names)}) "
            f"ON CONFLICT(day, purpose) DO UPDATE SET {updates}",
            [day, purpose, *(int(counts[n]) for n in names)],
        )

    def usage_totals(self, day: str) -> tuple[int, int]:
        row = self._rows(
            "SELECT COALESCE(SUM(calls), 0), COALESCE(SUM(prompt_tokens + completion_tokens), 0) FROM llm_usage "
            "WHERE day = ?",
            (day,),
        )[0]
        return int(row[0]), int(row[1])

    def usage(self, since_day: str | None = None) -> dict[str, dict[str, dict[str, int]]]:
        """day -> purpose -> counters, newest day first."""
        where, params = ("WHERE day >= ?", [since_day]) if since_day else ("", [])
        rows = self._rows(
            f"SELECT day, purpose, {', '.join(USAGE_COUNTERS)} FROM llm_usage {where} ORDER BY day DESC, purpose",
            params,
        )
        out: dict[str, dict[str, dict[str, int]]] = {}
        for day, purpose, *values in rows:
            out.setdefault(day, {})[purpose] = dict(zip(USAGE_COUNTERS, values, strict=True))
        return out

    def cache_get(self, key: str, newer_than: float) -> str | None:
        rows = self._rows("SELECT answer FROM llm_cache WHERE key = ? AND created_at > ?", (key, newer_than))
        return str(rows[0][0]) if rows else None

    def cache_put(self, key: str, answer: str, now: float, ttl_s: float) -> None:
        with self._backend.write():
            self._backend._execute(
                "INSERT INTO llm_cache(key, answer, created_at) VALUES (?, ?, ?) "
                "ON CONFLICT(key) DO UPDATE SET answer = excluded.answer, created_at = excluded.created_at",
                (key, answer, now),
            )
            self._puts += 1
            if self._puts % _CACHE_PRUNE_EVERY == 0:
                self._backend._execute("DELETE FROM llm_cache WHERE created_at <= ?", (now - ttl_s,))

    def consolidated(self, agent_id: str, origin: str) -> set[str]:
        """Ids of memories that already ``elaborate`` a current memory whose source type is ``origin``."""
        rows = self._rows(
            "SELECT l.source_id FROM links l JOIN memories m ON m.id = l.target_id AND m.agent_id = l.agent_id "
            "WHERE l.agent_id = ? AND l.relation = 'elaborates' AND json_extract(m.source, '$.type') = ? "
            "AND m.status = 'active' AND m.valid_to IS NULL",
            (agent_id, origin),
        )
        return {r[0] for r in rows}

    # --- search keys ----------------------------------------------------------------------------------

    def set_keys(self, agent_id: str, keys: Mapping[str, Sequence[str]]) -> None:
        """Replace the search keys of each memory (id -> phrases); an empty list removes them."""
        with self._backend.write():
            for memory_id, phrases in keys.items():
                text = " · ".join(phrases)
                self._backend._execute(
                    "DELETE FROM memory_keys WHERE rowid = (SELECT rowid FROM memories WHERE agent_id = ? AND id = ?)",
                    (agent_id, memory_id),
                )
                if text:
                    self._backend._execute(
                        "INSERT INTO memory_keys(rowid, agent_id, keys) "
                        "SELECT rowid, agent_id, ? FROM memories WHERE agent_id = ? AND id = ?",
                        (text, agent_id, memory_id),
                    )

    def keys_of(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        ids = list(dict.fromkeys(memory_ids))
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            rows = self._rows(
                f"SELECT m.id, k.keys FROM memory_keys k JOIN memories m ON m.rowid = k.rowid "
                f"WHERE m.id IN ({', '.join('?' for _ in chunk)}) AND k.agent_id = ?",
                [*chunk, agent_id],
            )
            found.update((r[0], r[1].split(" · ")) for r in rows)
        return found

    def search_keys(self, agent_id: str, terms: Sequence[str], *, limit: int) -> list[tuple[str, float]]:
        """Current memories whose keys match any term, best BM25 first, as (id, score), higher = better."""
        quoted = [f'"{t.replace(chr(34), "")}"' for t in terms if t.replace('"', "").strip()]
        if not quoted:
            return []
        rows = self._rows(
            "SELECT m.id, -bm25(memory_keys_fts) FROM memory_keys_fts JOIN memory_keys k ON k.rowid = "
            "memory_keys_fts.rowid JOIN memories m ON m.rowid = k.rowid WHERE memory_keys_fts MATCH ? AND "
            "k.agent_id = ? AND m.status = 'active' AND m.valid_to IS NULL ORDER BY bm25(memory_keys_fts) LIMIT ?",
            (" OR ".join(quoted), agent_id, limit),
        )
        return [(r[0], float(r[1])) for r in rows]


@runtime_checkable
class LocalTables(Protocol):
    """A store that holds the LLM layer's tables (queue, usage, cache, search keys): the SQLite store."""

    def llm_tables(self) -> LLMState: ...
