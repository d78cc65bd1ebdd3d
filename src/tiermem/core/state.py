"""What the read path and the write path of the core share: the store, its embedder and settings."""

from __future__ import annotations

from pathlib import Path

from ..config import Settings
from ..errors import NotFoundError, StoreError, ValidationError
from ..model import MemoryRecord, TypeRegistry, check_agent_id
from ..providers.embedders import Embedder
from ..recall.reinforce import AccessLog
from ..storage.base import LocalFile, StoreBackend
from .port import Enrichment


class CoreState:
    """The parts of :class:`~tiermem.core.Core` both paths use (set by its constructor)."""

    settings: Settings
    registry: TypeRegistry
    backend: StoreBackend
    embedder: Embedder
    embedder_mismatch: tuple[str, int] | None
    enrichment: Enrichment
    access: AccessLog

    @property
    def path(self) -> Path:
        """The store directory. A database store (PostgreSQL) has none: see :attr:`location`."""
        if isinstance(self.backend, LocalFile):
            return self.backend.path.parent
        raise StoreError(f"the store {self.location} is a database, not a directory")

    @property
    def location(self) -> str:
        """Where the store lives: its directory, or its database URL without the password."""
        return self.backend.location

    def settle(self) -> None:
        """Write deferred access counts before reading records back, so callers see their own reads."""
        if self.access.pending:
            self.access.flush()

    def get(self, memory_id: str, *, agent_id: str = "default") -> MemoryRecord:
        """The memory with this id (forgotten and superseded ones too); NotFoundError otherwise."""
        agent_id = check_agent_id(agent_id)
        if not isinstance(memory_id, str) or not memory_id.strip() or len(memory_id) > 64:
            raise ValidationError(f"invalid memory id {memory_id!r}")
        self.settle()
        found = self.backend.get(agent_id, memory_id.strip())
        if found is None:
            raise NotFoundError(f"no memory {memory_id!r} for agent {agent_id!r}; `tiermem list` shows the ids")
        return found
