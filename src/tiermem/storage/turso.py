"""The seed's cold archive and critical sync on libSQL / Turso, over Turso's HTTP protocol (Hrana ``/v2/pipeline``).

Every statement is parameterised (the original built its archive queries from strings, which let a query
inject SQL). Requests that fail for reasons that may pass (connection refused, timeouts, HTTP 429 and 5xx)
are retried with the seed's backoff of 5, 10, 20 and 40 seconds; the others (a bad token, a bad statement)
fail at once with the server's message. Every write is an upsert, so a retried request that had in fact
succeeded changes nothing.

Tables: the seed's ``cold_memories`` and ``critical_state``. ``cold_memories`` gains a ``record`` column with
the whole memory as JSON, so a restore brings a memory back exactly; archives written by the seed (without
it) still read, with the seed's columns filling what they can.
"""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any

import httpx

from ..errors import StoreError
from ..model import MemoryRecord, to_datetime

BACKOFF_S = (5.0, 10.0, 20.0, 40.0)  # seed 000: "Exponential backoff if cloud unreachable (5s, 10s, 20s, 40s)"
TIMEOUT_S = 10.0  # the seed's request timeout
PAGE = 500
_RETRY_STATUS = frozenset({408, 425, 429, 500, 502, 503, 504})

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS cold_memories (id TEXT PRIMARY KEY, agent_id TEXT NOT NULL, text TEXT NOT NULL, "
    "category TEXT NOT NULL, importance REAL DEFAULT 0.5, created_at INTEGER NOT NULL, access_count INTEGER DEFAULT 0, "
    "record TEXT)",
    "CREATE INDEX IF NOT EXISTS idx_cold_agent_category ON cold_memories(agent_id, category)",
    "CREATE INDEX IF NOT EXISTS idx_cold_agent_created ON cold_memories(agent_id, created_at)",
    "CREATE TABLE IF NOT EXISTS critical_state (agent_id TEXT PRIMARY KEY, data TEXT NOT NULL, "
    "updated_at INTEGER NOT NULL)",
)


class ColdStoreError(StoreError):
    """The cold archive (Turso / libSQL) refused a request or could not be reached."""


def http_url(url: str) -> str:
    """``libsql://db.turso.io`` -> ``https://db.turso.io`` (what Turso's HTTP protocol is served on)."""
    url = url.strip().rstrip("/")
    if url.startswith("libsql://"):
        return "https://" + url.removeprefix("libsql://")
    if not url.startswith(("http://", "https://")):
        raise ColdStoreError(f"cold archive URL {url!r} must start with libsql://, https:// or http://")
    return url


def encode(value: object) -> dict[str, Any]:
    """A Python value as a Hrana value (integers travel as strings, as the protocol says)."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool | int):
        return {"type": "integer", "value": str(int(value))}
    if isinstance(value, float):
        return {"type": "float", "value": value}
    if isinstance(value, str):
        return {"type": "text", "value": value}
    if isinstance(value, bytes):
        return {"type": "blob", "base64": base64.b64encode(value).decode("ascii")}
    raise ColdStoreError(f"cannot send a {type(value).__name__} to the cold archive")


def decode(value: dict[str, Any]) -> object:
    kind = value.get("type")
    if kind == "null":
        return None
    if kind == "integer":
        return int(value["value"])
    if kind == "float":
        return float(value["value"])
    if kind == "text":
        return str(value["value"])
    if kind == "blob":
        raw = str(value.get("base64", ""))
        return base64.b64decode(raw + "=" * (-len(raw) % 4))
    raise ColdStoreError(f"the cold archive sent a value of unknown type {kind!r}")


@dataclass(frozen=True, slots=True)
class Rows:
    columns: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]


Statement = tuple[str, Sequence[object]]


class TursoClient:
    """Hrana over HTTP: one POST to ``/v2/pipeline`` per call, with retries."""

    def __init__(
        self,
        url: str,
        token: str | None = None,
        *,
        timeout_s: float = TIMEOUT_S,
        backoff_s: Sequence[float] = BACKOFF_S,
        sleep: Callable[[float], None] = time.sleep,
        transport: httpx.BaseTransport | None = None,
        deadline_s: float | None = None,
        on_retry: Callable[[str, int, int, float], None] | None = None,
    ) -> None:
        """``deadline_s``: the most one call may take, retries included (no retry that would end past it);
        ``on_retry(failure, attempt, attempts, delay)`` is told before each wait, so a caller can show it."""
        self.url = http_url(url)
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        per_request = timeout_s if deadline_s is None else min(timeout_s, deadline_s)
        self._http = httpx.Client(timeout=per_request, headers=headers, transport=transport)
        self._backoff, self._sleep = tuple(backoff_s), sleep
        self._deadline_s, self._on_retry, self._per_request = deadline_s, on_retry, per_request

    def close(self) -> None:
        self._http.close()

    def execute(self, sql: str, args: Sequence[object] = ()) -> Rows:
        return self.pipeline([(sql, args)])[0]

    def pipeline(self, statements: Sequence[Statement]) -> list[Rows]:
        """Run statements in order (each on its own: use :meth:`transaction` for all-or-nothing)."""
        requests = [{"type": "execute", "stmt": _stmt(sql, args)} for sql, args in statements]
        return [_rows(r) for r in self._post(requests)]

    def transaction(self, statements: Sequence[Statement]) -> None:
        """All statements or none, as one Hrana batch: BEGIN, each step only if the last succeeded, COMMIT,
        and ROLLBACK if the COMMIT step did not run."""
        steps: list[dict[str, Any]] = [{"stmt": {"sql": "BEGIN"}}]
        for sql, args in [*statements, ("COMMIT", ())]:
            steps.append({"stmt": _stmt(sql, args), "condition": {"type": "ok", "step": len(steps) - 1}})
        steps.append(
            {"stmt": {"sql": "ROLLBACK"}, "condition": {"type": "not", "cond": {"type": "ok", "step": len(steps) - 1}}}
        )
        result = self._post([{"type": "batch", "batch": {"steps": steps}}])[0]
        errors = [e for e in result.get("step_errors") or [] if e]
        if errors:
            raise ColdStoreError(f"the cold archive rejected a statement: {errors[0].get('message', errors[0])}")

    def _post(self, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Send one pipeline, retrying with backoff while the failure may pass; the results, in order."""
        started, waited = time.monotonic(), 0.0
        for attempt, delay in enumerate([*self._backoff, None]):
            try:
                response = self._http.post(
                    f"{self.url}/v2/pipeline", json={"requests": requests}, timeout=self._request_timeout(started)
                )
            except httpx.TransportError as exc:
                failure = f"cannot reach {self.url} ({type(exc).__name__})"
            else:
                if response.status_code not in _RETRY_STATUS:
                    return _results(response, self.url)
                failure = f"{self.url} answered HTTP {response.status_code}"
            spent = max(time.monotonic() - started, waited)  # the waits count even when ``sleep`` returns early
            late = self._deadline_s is not None and spent + (delay or 0) > self._deadline_s
            if delay is None or late:
                raise ColdStoreError(f"{failure}; gave up after {attempt + 1} attempts; check the URL and retry later")
            if self._on_retry is not None:
                self._on_retry(failure, attempt + 1, len(self._backoff) + 1, delay)
            self._sleep(delay)
            waited += delay
        raise AssertionError("unreachable")

    def _request_timeout(self, started: float) -> float:
        """A request's timeout: the usual one, or what is left of the deadline when that is less."""
        if self._deadline_s is None:
            return self._per_request
        return max(0.5, min(self._per_request, self._deadline_s - (time.monotonic() - started)))


def _stmt(sql: str, args: Sequence[object]) -> dict[str, Any]:
    return {"sql": sql, "args": [encode(a) for a in args]}


def _results(response: httpx.Response, url: str) -> list[dict[str, Any]]:
    if response.status_code in (401, 403):
        raise ColdStoreError(f"{url} refused the auth token (HTTP {response.status_code}); check --auth-token")
    if response.status_code != 200:
        raise ColdStoreError(f"{url} answered HTTP {response.status_code}: {response.text[:200]}")
    try:
        results = response.json()["results"]
    except (ValueError, KeyError, TypeError):
        raise ColdStoreError(f"{url} did not answer in Turso's pipeline format") from None
    out = []
    for result in results:
        if result.get("type") != "ok":
            message = (result.get("error") or {}).get("message", "unknown error")
            raise ColdStoreError(f"the cold archive rejected a statement: {message}")
        out.append(result["response"].get("result") or {})
    return out


def _rows(result: dict[str, Any]) -> Rows:
    columns = tuple(str(c.get("name")) for c in result.get("cols") or [])
    return Rows(columns, tuple(tuple(decode(v) for v in row) for row in result.get("rows") or []))


# --- the archive -------------------------------------------------------------------------------------------


class ColdArchive:
    """The seed's cold archive and critical state, on a Turso / libSQL database."""

    def __init__(self, client: TursoClient) -> None:
        self._client = client

    def init(self) -> dict[str, Any]:
        """``cold --init``: create the tables (idempotent); adds the ``record`` column to a seed archive."""
        self._client.pipeline([(sql, ()) for sql in SCHEMA])
        try:
            self._client.execute("SELECT record FROM cold_memories LIMIT 0")
            upgraded = False
        except ColdStoreError:
            self._client.execute("ALTER TABLE cold_memories ADD COLUMN record TEXT")
            upgraded = True
        return {"initialized": True, "tables": ["cold_memories", "critical_state"], "added_record_column": upgraded}

    def archive(self, records: Sequence[MemoryRecord]) -> int:
        """Upsert memories into ``cold_memories`` (all of a page in one transaction); how many were sent."""
        sql = (
            "INSERT OR REPLACE INTO cold_memories (id, agent_id, text, category, importance, created_at, access_count, "
            "record) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        )
        for start in range(0, len(records), PAGE):
            page = [(sql, _cold_row(r)) for r in records[start : start + PAGE]]
            self._writing(partial(self._client.transaction, page))
        return len(records)

    def _writing(self, write: Callable[[], object]) -> None:
        """Run a write; an archive without its tables yet gets them (``init`` is idempotent) and the write is
        tried once more, so the seed's ``store --db-url`` works before anyone ran ``cold --init``."""
        try:
            write()
        except ColdStoreError as exc:
            if "no such table" not in str(exc):
                raise
            self.init()
            write()

    def query(self, agent_id: str, text: str, *, limit: int = 10) -> list[dict[str, Any]]:
        """The seed's cold query (any of the first three words, most important first), parameterised."""
        words = [w for w in text.split() if w.strip()][:3]
        if not words:
            return []
        likes = " OR ".join("text LIKE ? ESCAPE '\\'" for _ in words)
        rows = self._client.execute(
            f"SELECT id, agent_id, text, category, importance, created_at, access_count, record FROM cold_memories "
            f"WHERE agent_id = ? AND ({likes}) ORDER BY importance DESC, created_at DESC LIMIT ?",
            [agent_id, *(f"%{_escape_like(w)}%" for w in words), limit],
        )
        return [_cold_dict(row) for row in rows.rows]

    def records(self, agent_id: str) -> Iterator[dict[str, Any]]:
        """Every archived memory of the agent, by id, a page at a time."""
        after = ""
        while True:
            rows = self._client.execute(
                "SELECT id, agent_id, text, category, importance, created_at, access_count, record FROM cold_memories "
                "WHERE agent_id = ? AND id > ? ORDER BY id LIMIT ?",
                [agent_id, after, PAGE],
            ).rows
            yield from (_cold_dict(row) for row in rows)
            if len(rows) < PAGE:
                return
            after = str(rows[-1][0])

    def count(self, agent_id: str) -> int:
        rows = self._client.execute("SELECT COUNT(*) FROM cold_memories WHERE agent_id = ?", [agent_id]).rows
        return int(str(rows[0][0]))

    def save_critical(self, agent_id: str, state: dict[str, Any]) -> int:
        """``sync-critical``: the agent's {hot_state, tree_nodes, timestamp}; returns its size in bytes."""
        data = json.dumps(state, ensure_ascii=False, sort_keys=True)
        self._writing(
            lambda: self._client.execute(
                "INSERT OR REPLACE INTO critical_state (agent_id, data, updated_at) VALUES (?, ?, ?)",
                [agent_id, data, int(time.time())],
            )
        )
        return len(data.encode("utf-8"))

    def load_critical(self, agent_id: str) -> dict[str, Any] | None:
        rows = self._client.execute("SELECT data FROM critical_state WHERE agent_id = ?", [agent_id]).rows
        if not rows:
            return None
        loaded: dict[str, Any] = json.loads(str(rows[0][0]))
        return loaded


def _escape_like(word: str) -> str:
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _cold_row(r: MemoryRecord) -> list[object]:
    return [r.id, r.agent_id, r.text, r.category or "", r.importance, int(r.created_at.timestamp()), r.access_count,
            json.dumps(r.to_dict(), ensure_ascii=False)]  # fmt: skip


def _cold_dict(row: tuple[object, ...]) -> dict[str, Any]:
    """An archived memory as a dict: the full record when it was archived by tiermem, else the seed's columns."""
    if row[7]:
        record: dict[str, Any] = json.loads(str(row[7]))
        return record
    created = datetime.fromtimestamp(float(row[5]), tz=UTC)  # type: ignore[arg-type]
    return {"id": row[0], "agent_id": row[1], "text": row[2], "category": row[3] or None, "importance": row[4],
            "created_at": created.isoformat(), "access_count": row[6], "tier": "cold"}  # fmt: skip


def record_from_dict(data: dict[str, Any]) -> MemoryRecord:
    """A memory from its ``to_dict()`` form (what the archive keeps)."""
    values = dict(data)
    for name in ("created_at", "updated_at", "event_at", "last_accessed_at", "valid_to"):
        values[name] = to_datetime(name, values.get(name))
    values["tags"] = tuple(values.get("tags") or ())
    return MemoryRecord(**values)
