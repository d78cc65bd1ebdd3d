"""``mem.llm``: the LLM layer's status, usage, queue and the features that use it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..core.items import check_limit, now_or
from ..core.port import MemoryCore
from ..llm.fallback import Outcome
from ..llm.reports import CoreConsolidation, Drained, Status, TreeRebuild
from ..llm.service import LLMService
from ..model import check_agent_id, check_text, check_unit
from ..providers.llm import LLMClient


class LLMNamespace:
    def __init__(self, core: MemoryCore, service: LLMService) -> None:
        self._core = core
        self._service = service

    def client(self, purpose: str = "other") -> LLMClient | None:
        """The configured LLM (``complete(prompt) -> str``), its usage counted under ``purpose``; None if
        there is none. Features pass it to their ``attempt(client, llm_path, rule_path)``."""
        return self._service.client(purpose)

    def status(self, *, agent_id: str | None = None, ping: bool = False) -> Status:
        """Provider, features, today's budget use, the queue and the last fallback reason; ``ping`` also
        makes one tiny call to the endpoint."""
        status = self._service.status(None if agent_id is None else check_agent_id(agent_id))
        return {**status, "ping": self._service.ping()} if ping else status

    def usage(self, *, days: int = 7) -> dict[str, dict[str, dict[str, int]]]:
        """LLM calls, failures, refusals, cache hits and tokens: day -> purpose -> counters."""
        return self._service.usage(check_limit(days, 366))

    def drain(self, *, agent_id: str | None = None, limit: int | None = None) -> Drained:
        """Run queued LLM enrichment now (facts, search keys, links) and say what was done."""
        return self._service.drain(
            agent_id=None if agent_id is None else check_agent_id(agent_id),
            limit=None if limit is None else check_limit(limit, 10**9),
        )

    def consolidate_core(
        self,
        *,
        agent_id: str = "default",
        limit: int = 2000,
        min_size: int = 3,
        threshold: float = 0.5,
        dry_run: bool = False,
    ) -> CoreConsolidation:
        """Summarise clusters of related memories into core memories that link to their sources (which are
        kept unchanged); by the LLM if there is one, else extractively."""
        return self._service.consolidate(
            check_agent_id(agent_id),
            limit=check_limit(limit, 100_000),
            min_size=check_limit(min_size, 100, low=2),
            threshold=check_unit("threshold", threshold),
            dry_run=bool(dry_run),
        )

    def expand(self, query: str) -> Outcome[list[str]]:
        """The extra search terms recall would add for ``query`` (LLM, else the synonym table)."""
        return self._service.expand(check_text(query, 10_000))

    def rebuild_tree(
        self, *, agent_id: str = "default", now: datetime | str | float | None = None, dry_run: bool = False
    ) -> TreeRebuild:
        """The monthly tree rebuild: the LLM's restructure if it fits the limits and files every category as
        before, else the rule rebuild; the result says which ran and why."""
        tree = self._core.settings.lifecycle.tree
        return self._service.rebuild_tree(check_agent_id(agent_id), tree, now_or(now), dry_run=bool(dry_run))

    def jobs(self, memory_id: str, *, agent_id: str = "default") -> list[dict[str, Any]]:
        """The enrichment jobs of a memory: status, which path ran and why, what they found."""
        record = self._core.get(memory_id, agent_id=agent_id)
        return self._service.tables.jobs_for(record.agent_id, record.id)
