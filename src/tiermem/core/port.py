"""What the application services may use of the memory core: :class:`MemoryCore`.

Services (lifecycle, workspace, LLM enrichment, doctor, backup, cold sync) are given a core, never the
``Memory`` facade, so nothing below the facade imports it. :class:`Enrichment` is the other direction: the
hooks the core calls on the LLM layer (which is wired in by the facade), so the core need not import it.
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from ..config import Settings
from ..model import Hit, MemoryRecord, StoreResult, TypeRegistry
from ..providers.embedders import Embedder
from ..storage.base import StoreBackend


class Enrichment(Protocol):
    """What the write and read paths tell the LLM layer, and ask of it."""

    @property
    def decides_links(self) -> bool:
        """Does an LLM decide updates and contradictions (the rules' decision is then shown as pending)?"""

    def queue(self, agent_id: str, results: Sequence[StoreResult]) -> None:
        """Queue enrichment of newly stored memories (inside the write's transaction)."""

    def kick(self) -> None:
        """After a write: start on what was queued."""

    def recall_hint(self, agent_id: str, query: str) -> tuple[list[str], dict[str, tuple[str, float]], Any]:
        """Extra terms and search-key matches for a query, and what to report about them."""

    def explain(self, hits: Sequence[Hit], expansion: Any) -> None:
        """Add the LLM's part to the hits' explanations."""

    def close(self) -> None: ...


class NoEnrichment:
    """The core on its own: nothing queued, no hints."""

    decides_links = False

    def queue(self, agent_id: str, results: Sequence[StoreResult]) -> None:
        return None

    def kick(self) -> None:
        return None

    def recall_hint(self, agent_id: str, query: str) -> tuple[list[str], dict[str, tuple[str, float]], Any]:
        return [], {}, None

    def explain(self, hits: Sequence[Hit], expansion: Any) -> None:
        return None

    def close(self) -> None:
        return None


class MemoryCore(Protocol):
    """The read and write path of one store (implemented by :class:`tiermem.core.Core`)."""

    settings: Settings
    registry: TypeRegistry
    backend: StoreBackend
    embedder: Embedder
    embedder_mismatch: tuple[str, int] | None

    @property
    def location(self) -> str: ...

    @property
    def path(self) -> Path: ...

    def settle(self) -> None:
        """Write deferred access counts, so that reads see them."""

    def record_access(self, agent_id: str, memory_ids: Sequence[str], at: datetime) -> None:
        """Count a use of these memories (deferred; reinforcement is retrieval)."""

    def store_many(
        self,
        items: Iterable[Mapping[str, Any]],
        *,
        agent_id: str = "default",
        dedup: bool = True,
        redact_secrets: bool | None = None,
        now: object = None,
    ) -> builtins.list[StoreResult]: ...

    def search(
        self,
        query: str,
        *,
        agent_id: str = "default",
        limit: int = 10,
        now: object = None,
        reinforce: bool = True,
        **filters: Any,
    ) -> builtins.list[Hit]: ...

    def get(self, memory_id: str, *, agent_id: str = "default") -> MemoryRecord: ...

    def list(
        self, *, agent_id: str = "default", limit: int = 100, offset: int = 0, order: str = "newest", **filters: Any
    ) -> builtins.list[MemoryRecord]: ...

    def forget(self, memory_id: str, *, agent_id: str = "default", reason: str | None = None) -> MemoryRecord: ...

    def purge(self, memory_id: str, *, agent_id: str = "default") -> None: ...

    def adopt(self, records: Sequence[MemoryRecord]) -> int: ...
