"""The memory core: one store's read and write path, over a backend and an embedder.

:class:`Core` is what the application services build on (as :class:`~tiermem.core.port.MemoryCore`); the
``Memory`` facade wires it to them. The core imports the domain (write decisions, recall) and the storage
adapters, never a service or an interface.
"""

from __future__ import annotations

from ..config import Settings
from ..errors import EmbedderError
from ..providers.embedders import Embedder
from ..recall.pipeline import Recall
from ..recall.reinforce import AccessLog
from ..storage.base import StoreBackend
from ..write.decisions import WriteDecisions
from .items import Preparer
from .port import Enrichment, MemoryCore, NoEnrichment
from .reads import ReadPath
from .writes import WritePath

__all__ = ["Core", "Enrichment", "MemoryCore", "NoEnrichment"]


class Core(ReadPath, WritePath):
    """One store's memories: validated writes with their decisions, recall, and the records' history."""

    def __init__(
        self, backend: StoreBackend, embedder: Embedder, settings: Settings, *, check_embedder: bool = True
    ) -> None:
        self.backend = backend
        self.embedder = embedder
        self.settings = settings
        self.registry = settings.registry()
        # The store's embedder when it is not the configured one (opened unchecked, for `tiermem doctor`).
        self.embedder_mismatch = _embedder_mismatch(backend, embedder, check_embedder)
        self.preparer = Preparer(settings, self.registry)
        self.recall = Recall(backend, embedder, self.registry, settings.recall)
        self.access = AccessLog(backend)
        self.decisions = WriteDecisions(backend, self.registry.thresholds(), revisions=settings.revisions)
        self.enrichment: Enrichment = NoEnrichment()

    def close(self) -> None:
        self.enrichment.close()
        self.access.flush()
        self.backend.close()


def _embedder_mismatch(backend: StoreBackend, embedder: Embedder, strict: bool) -> tuple[str, int] | None:
    """Vectors from different models are not comparable: refuse to mix them (``strict``), or say which
    model the store was embedded with."""
    name, dims = backend.meta_get("embedder_name"), backend.meta_get("embedder_dims")
    if name is None:
        with backend.write():
            if backend.meta_get("embedder_name") is None:
                backend.meta_set("embedder_name", embedder.name)
                backend.meta_set("embedder_dims", str(embedder.dims))
        return None
    if name == embedder.name and int(dims or 0) == embedder.dims:
        return None
    if not strict:
        return name, int(dims or 0)
    raise EmbedderError(
        f"this store was embedded with {name} ({dims} dims) but the configured embedder is "
        f"{embedder.name} ({embedder.dims} dims); configure the original embedder, "
        "or run `tiermem doctor --repair` to re-embed every memory with the new one"
    )
