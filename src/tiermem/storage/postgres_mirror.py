"""The BM25 mirror of the embedded store (``storage/lexical.py``) on PostgreSQL, kept current with the database.

Why: PostgreSQL's full-text ranking is not BM25 (``ts_rank`` knows no document frequencies; weighed by the
planner's statistics of the lexeme column it still ranked LoCoMo 0.10 R@10 below SQLite's BM25, lexical signal
alone: 0.530 against 0.633), and it must read every matching row (88 ms p50 at a million memories). The mirror
is SQLite's: the same tokenizer, the same BM25 and the agent's own statistics, so both backends rank alike
(0.632 against 0.633: ``bench/results/retrieval_postgres.json``).

A process keeps nothing PostgreSQL does not: before every search its mirror of the agent is checked
against the database, in two indexed reads. ``agent_versions`` (kept by a trigger of migration 0007, whoever
writes) says whether rows were deleted or their words edited in place (``lex``: the mirror is rebuilt) or
memories stopped or started being current (``cur``: which are is read again); rows past the mirror's
watermark (``seq``) are read and added. The watermark is safe because an agent's writes hold its advisory
lock until they commit (``postgres_base``), so its rows commit in ``seq`` order: no row can appear later
below the watermark.

A new or one-shot process (a CLI call, a hook) is served by the SQL ranking until it has searched an agent
:data:`MIRROR_FROM_QUERY` times, unless the agent is small; the mirrors of at most ``mirror_agents`` agents are
kept (least recently used dropped).
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from .lexical import LexicalIndex
from .postgres_sql import CURRENT

MIRROR_FROM_QUERY = 3  # as SQLite's: a process that searched an agent this often will again
SMALL_AGENT = 2000  # an agent this small is mirrored at its first search (reading it costs a few ms)
DOCUMENT = "m.text || ' ' || array_to_string(m.tags, ' ') || ' ' || COALESCE(m.category, '')"
_CHECK = (
    "SELECT COALESCE((SELECT lex FROM agent_versions WHERE agent_id = %s), 0), "
    "COALESCE((SELECT cur FROM agent_versions WHERE agent_id = %s), 0), "
    "r.seq, r.id, r.document, r.session, r.stale FROM (SELECT 1) one LEFT JOIN LATERAL ("
    f"SELECT m.seq, m.id, {DOCUMENT} AS document, m.source->>'session' AS session, NOT ({CURRENT}) AS stale "
    "FROM memories m WHERE m.agent_id = %s AND m.seq > %s ORDER BY m.seq) r ON TRUE ORDER BY r.seq"
)

_SAVED = (
    "SELECT COALESCE(v.lex, 0), s.data FROM (SELECT 1) one LEFT JOIN agent_versions v ON v.agent_id = %s "
    "LEFT JOIN lexical_snapshots s ON s.agent_id = %s AND s.lex = COALESCE(v.lex, 0)"
)


class Mirrors:
    """The BM25 mirrors of one process, per agent."""

    def __init__(self, cap: int) -> None:
        self.cap = max(1, cap)
        self.lock = threading.Lock()
        self._indexes: OrderedDict[str, LexicalIndex] = OrderedDict()
        self._queries: Counter[str] = Counter()

    def wanted(self, agent_id: str, small: Callable[[], bool]) -> bool:
        """Is the mirror to answer this query of the agent (counted)?"""
        self._queries[agent_id] += 1
        if len(self._queries) > 4 * self.cap:  # a bounded count, not one entry per agent ever seen
            self._queries = Counter(dict(self._queries.most_common(self.cap)))
        return agent_id in self._indexes or self._queries[agent_id] >= MIRROR_FROM_QUERY or small()

    def has(self, agent_id: str) -> bool:
        return agent_id in self._indexes

    def peek(self, agent_id: str) -> LexicalIndex:
        """The agent's mirror as the last search left it (not checked against the database)."""
        return self._indexes[agent_id]

    def current(
        self,
        agent_id: str,
        read: Callable[..., list[tuple[Any, ...]]],
        save: Callable[[str, LexicalIndex], None] | None = None,
    ) -> LexicalIndex:
        """The agent's mirror, brought up to date with what every process committed; ``read(sql, params)``
        runs a query; ``save(agent_id, index)`` keeps a mirror built from many rows for other processes (a
        process that does not hold the agent's mirror loads the saved one, then reads the rows past it)."""
        index = self._indexes.get(agent_id) or _saved(agent_id, read)
        # One statement, one snapshot: the versions and the rows past the watermark (none: one row of NULLs).
        rows = read(_CHECK, (agent_id, agent_id, agent_id, index.watermark if index else 0))
        lex, cur = str(rows[0][0]), str(rows[0][1])
        rows = [row[2:] for row in rows if row[2] is not None]
        if index is None or index.epoch != lex:
            fresh = index is None or index.watermark == 0
            index = LexicalIndex(epoch=lex, stale_epoch=cur)
            if not fresh:  # rows were deleted or re-worded: read them all again
                rows = [row[2:] for row in read(_CHECK, (agent_id, agent_id, agent_id, 0)) if row[2] is not None]
        self._indexes[agent_id] = index
        self._indexes.move_to_end(agent_id)
        while len(self._indexes) > self.cap:
            self._indexes.popitem(last=False)
        index.add(row[:4] for row in rows)
        index.stale.update(index.rows[row[1]] for row in rows if row[4])
        if index.stale_epoch != cur:  # memories were forgotten, superseded or restored: which?
            stale = read(f"SELECT m.id FROM memories m WHERE m.agent_id = %s AND NOT ({CURRENT})", (agent_id,))
            index.stale = {row for (mid,) in stale if (row := index.rows.get(mid)) is not None}
            index.stale_epoch = cur
        if save is not None and index.worth_saving(len(rows)):
            save(agent_id, index)
        return index


def _saved(agent_id: str, read: Callable[..., list[tuple[Any, ...]]]) -> LexicalIndex | None:
    """The agent's mirror as saved at its current ``lex`` version; None when there is none (or it is unreadable:
    then it is built from the rows)."""
    [(lex, data)] = read(_SAVED, (agent_id, agent_id))
    if data is None:
        return None
    try:
        index = LexicalIndex.from_bytes(bytes(data))
    except ValueError:
        return None
    return index if index.epoch == str(lex) else None


def ranked_current(index: LexicalIndex, terms: Sequence[str], limit: int) -> list[tuple[str, float]]:
    """The first ``limit`` of the mirror's BM25 ranking that are current (deeper when many are not)."""
    depth = limit + limit // 4 + 8
    while True:
        found = index.search(terms, depth)
        kept = [(index.ids[row], score) for row, score in found if row not in index.stale]
        if len(kept) >= limit or len(found) < depth:
            return kept[:limit]
        depth *= 4
