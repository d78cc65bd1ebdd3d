"""The core's read path: listings, search (the recall pipeline), links, history and counts."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from datetime import datetime
from typing import Any, TypedDict

from ..errors import ValidationError
from ..model import INVERSE_RELATIONS, Hit, MemoryRecord, check_agent_id, check_text
from ..recall.pipeline import Recall
from ..storage.base import HistoryEntry
from .items import check_limit, make_filters, now_or
from .state import CoreState


class Stats(TypedDict):
    """What ``stats`` counts (a JSON document, indexed as ``mem.stats()["memories"]``)."""

    agent_id: str
    memories: int  # current ones
    by_status: dict[str, int]  # current, superseded, forgotten
    by_type: dict[str, int]  # of the current memories, as by_tier
    by_tier: dict[str, int]
    links: int
    embedder: str
    dims: int
    path: str  # where the store lives


class ReadPath(CoreState):
    recall: Recall

    def record_access(self, agent_id: str, memory_ids: Sequence[str], at: datetime) -> None:
        self.access.record(agent_id, list(memory_ids), at)

    def list(
        self,
        *,
        agent_id: str = "default",
        limit: int = 100,
        offset: int = 0,
        order: str = "newest",
        **filters: Any,
    ) -> builtins.list[MemoryRecord]:
        """Memories matching the filters, newest first by default."""
        agent_id = check_agent_id(agent_id)
        self.settle()
        return self.backend.list(
            agent_id,
            make_filters(self.registry, **filters),
            limit=check_limit(limit, 10_000),
            offset=check_limit(offset, 10**9, low=0),
            order=order,
        )

    def search(
        self,
        query: str,
        *,
        agent_id: str = "default",
        limit: int = 10,
        now: object = None,
        reinforce: bool = True,
        **filters: Any,
    ) -> builtins.list[Hit]:
        """The memories that best answer ``query``, best first, each with its score and explanation."""
        agent_id = check_agent_id(agent_id)
        _check_query(query)
        if filters.get("include_forgotten"):
            raise ValidationError(
                "search covers current memories only; use list --include-forgotten to see forgotten ones"
            )
        moment = now_or(now)
        terms, matches, expansion = self.enrichment.recall_hint(agent_id, query)
        hits = self.recall.search(
            agent_id,
            query,
            limit=check_limit(limit, 1000),
            now=moment,
            filters=make_filters(self.registry, **filters),
            extra_terms=terms,
            extra_matches=matches,
        )
        self.enrichment.explain(hits, expansion)
        if reinforce and hits:
            self.access.record(agent_id, [hit.memory.id for hit in hits], moment)
        return hits

    def links(self, memory_id: str, *, agent_id: str = "default") -> builtins.list[dict[str, Any]]:
        """Every link of a memory, read from its side: outgoing as stored, incoming as the inverse relation."""
        record = self.get(memory_id, agent_id=agent_id)
        out = []
        for link in self.backend.links(record.agent_id, record.id):
            outgoing = link.source_id == record.id
            out.append(
                {
                    "other_id": link.target_id if outgoing else link.source_id,
                    "relation": link.relation if outgoing else INVERSE_RELATIONS[link.relation],
                    "direction": "out" if outgoing else "in",
                    "created_at": link.created_at.isoformat(),
                }
            )
        return out

    def history(self, memory_id: str, *, agent_id: str = "default") -> builtins.list[HistoryEntry]:
        record = self.get(memory_id, agent_id=agent_id)
        return self.backend.history(record.agent_id, record.id)

    def stats(self, *, agent_id: str = "default") -> Stats:
        agent_id = check_agent_id(agent_id)
        counts = self.backend.stats(agent_id)  # the contract's four counts (tests/test_contract.py)
        return Stats(
            agent_id=agent_id,
            memories=self.backend.count(agent_id),
            by_status=counts["by_status"],
            by_type=counts["by_type"],
            by_tier=counts["by_tier"],
            links=counts["links"],
            embedder=self.embedder.name,
            dims=self.embedder.dims,
            path=self.location,
        )

    def agents(self) -> builtins.list[str]:
        return self.backend.agents()


def _check_query(query: object) -> None:
    if not isinstance(query, str) or not query.strip():
        raise ValidationError("query is empty; say what to search for")
    if len(query) > 10_000 or "\x00" in query:
        raise ValidationError("query must be under 10,000 characters, without NUL bytes")
    if not query.isascii():
        check_text(query)  # rejects lone surrogates (invalid UTF-8 from a terminal) with a clear error
