"""``Memory``: the facade. It opens a store, wires the memory core to the application services, and offers
the everyday verbs; the rest lives in namespaces (``mem.lifecycle(...)``, ``mem.llm``, ``mem.workspace``,
``mem.admin``). See ARCHITECTURE.md for the layers."""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

from . import registry
from .backup import ImportReport
from .config import Settings
from .core import Core, conversation
from .core.reads import Stats
from .facade.admin import Admin
from .facade.llm import LLMNamespace
from .facade.workspace import WorkspaceNamespace
from .lifecycle.consolidate import Consolidation
from .lifecycle.service import LifecycleService, lifecycle_for
from .llm.fallback import Outcome
from .llm.service import LLMService
from .model import Hit, Link, MemoryRecord, StoreResult
from .providers.embedders import Embedder, create_embedder
from .providers.llm import LLMClient
from .storage.base import HistoryEntry, OpenedStore, StoreBackend

if TYPE_CHECKING:
    from .doctor import Report as DoctorReport
    from .lifecycle.retrieve import RetrieveResult
    from .workspace.budget import SessionContext


class Memory:
    """A memory store. Open one with :meth:`Memory.open`; close it (or use ``with``) when done."""

    def __init__(
        self, backend: StoreBackend, embedder: Embedder, settings: Settings, *, check_embedder: bool = True
    ) -> None:
        self.core = Core(backend, embedder, settings, check_embedder=check_embedder)
        self._backend = backend
        self.settings = settings
        self._llm = LLMService(self.core)
        self.core.enrichment = self._llm  # the core tells the LLM layer of writes, and asks it for hints
        self.llm = LLMNamespace(self.core, self._llm)
        self.workspace = WorkspaceNamespace(self.core)
        self.admin = Admin(self.core)

    @classmethod
    def open(
        cls,
        path: str | Path,
        *,
        embedder: Embedder | None = None,
        config: Mapping[str, Any] | None = None,
        check_embedder: bool = True,
    ) -> Memory:
        """Open (creating if missing) the store in directory ``path``; ``config`` overrides config.json.

        ``path`` may also be a database URL (``postgresql://...``, or a scheme a plugin registers in the
        ``tiermem.backends`` entry points): settings then come from ``config`` alone. ``check_embedder=False``
        opens a store embedded with another model (see :attr:`embedder_mismatch`) for ``doctor --repair``
        to re-embed; nothing else should use such a store until then."""
        location = str(path)
        scheme = location.split("://", 1)[0].lower() if "://" in location else "sqlite"
        opened: OpenedStore = registry.load(registry.BACKENDS, scheme, "store backend")(location, config or {})
        try:
            made = embedder or create_embedder(opened.settings.embedder)
            return cls(opened.backend, made, opened.settings, check_embedder=check_embedder)
        except BaseException:
            opened.backend.close()
            raise

    def close(self) -> None:
        self.core.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @property
    def embedder(self) -> Embedder:
        return self.core.embedder

    @property
    def embedder_mismatch(self) -> tuple[str, int] | None:
        """The model the store was embedded with, when it is not the configured one (opened unchecked)."""
        return self.core.embedder_mismatch

    @property
    def path(self) -> Path:
        """The store directory. A database store (PostgreSQL) has none: see :attr:`location`."""
        return self.core.path

    @property
    def location(self) -> str:
        """Where the store lives: its directory, or its database URL without the password."""
        return self.core.location

    # --- the everyday verbs (tiermem.core) -------------------------------------------------------------

    def store(
        self,
        text: str,
        *,
        agent_id: str = "default",
        type: str | None = None,  # noqa: A002 - the API contract's name
        category: str | None = None,
        importance: float | None = None,
        tags: Iterable[str] = (),
        metadata: Mapping[str, Any] | None = None,
        created_at: object = None,
        event_at: object = None,
        source: object = None,
        session: str | None = None,
        dedup: bool = True,
        redact_secrets: bool | None = None,
        now: object = None,
        **extra: Any,
    ) -> StoreResult:
        """Store one memory; the result's ``decision`` says what it was: new, a restatement (the memory it
        repeats is reinforced instead), an update or contradiction (it supersedes the old memory) or an
        elaboration (linked to the one it adds to); see :mod:`tiermem.write.revision`.
        ``session``: the conversation or thread it came from (recall keeps a conversation's turns together).
        ``now``: the moment of the write (default: the clock), for imports and simulations. ``extra``: the
        other fields of :data:`tiermem.core.items.STORE_FIELDS` (salience, confidence, valence, scope, tier).

        Secrets (API keys, tokens, private keys, passwords) are redacted first unless ``redact_secrets`` is
        False (default: the store's ``redact_secrets`` setting); see :mod:`tiermem.write.secrets`."""
        given = {"type": type, "category": category, "importance": importance, "tags": tags, "metadata": metadata}
        item = {"text": text, **given, "created_at": created_at, "event_at": event_at, "source": source, **extra}
        if session is not None:
            item["session"] = session
        return self.store_many([item], agent_id=agent_id, dedup=dedup, redact_secrets=redact_secrets, now=now)[0]

    def store_many(
        self,
        items: Iterable[Mapping[str, Any]],
        *,
        agent_id: str = "default",
        dedup: bool = True,
        redact_secrets: bool | None = None,
        now: object = None,
    ) -> list[StoreResult]:
        """Store several memories in one transaction; items are dicts with ``store()``'s keys."""
        return self.core.store_many(items, agent_id=agent_id, dedup=dedup, redact_secrets=redact_secrets, now=now)

    def store_conversation(
        self,
        messages: Iterable[Mapping[str, Any]],
        *,
        session: str,
        at: object = None,
        agent_id: str = "default",
        roles: Iterable[str] = ("user", "assistant"),
        dedup: bool = True,
    ) -> list[StoreResult]:
        """Store an exchange at once, one memory per message, as the chat APIs write it: ``{"role", "content"}``,
        with an optional ``name`` (the speaker, kept as ``name: content``) and ``at`` (when it was said;
        default ``at``, else now). Messages of other ``roles`` (system prompts) are skipped; see
        :func:`tiermem.core.conversation.items`."""
        made = conversation.items(messages, session=session, at=at, roles=roles)
        return self.store_many(made, agent_id=agent_id, dedup=dedup)

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
        return self.core.search(query, agent_id=agent_id, limit=limit, now=now, reinforce=reinforce, **filters)

    def get(self, memory_id: str, *, agent_id: str = "default") -> MemoryRecord:
        """The memory with this id (forgotten and superseded ones too); NotFoundError otherwise."""
        return self.core.get(memory_id, agent_id=agent_id)

    def list(
        self, *, agent_id: str = "default", limit: int = 100, offset: int = 0, order: str = "newest", **filters: Any
    ) -> builtins.list[MemoryRecord]:
        """Memories matching the filters, newest first by default."""
        return self.core.list(agent_id=agent_id, limit=limit, offset=offset, order=order, **filters)

    def update(
        self, memory_id: str, *, agent_id: str = "default", redact_secrets: bool | None = None, **changes: Any
    ) -> MemoryRecord:
        """Change a memory. New text (or type) supersedes it with a new memory; other fields change in
        place. Either way the old values are kept in its history. Returns the current memory. Secrets in
        new text or metadata are redacted as :meth:`store` does."""
        return self.core.update(memory_id, agent_id=agent_id, redact_secrets=redact_secrets, **changes)

    def forget(self, memory_id: str, *, agent_id: str = "default", reason: str | None = None) -> MemoryRecord:
        """Tombstone a memory: it leaves search and listings but stays inspectable (``get``, history)."""
        return self.core.forget(memory_id, agent_id=agent_id, reason=reason)

    def reinstate(self, memory_id: str, *, agent_id: str = "default", reason: str | None = None) -> MemoryRecord:
        """Make a superseded memory current again, beside the memory that replaced it (when a different fact
        was taken for its new version): it returns to search, and both keep their history."""
        return self.core.reinstate(memory_id, agent_id=agent_id, reason=reason)

    def purge(self, memory_id: str, *, agent_id: str = "default") -> None:
        """Delete a memory for good: record, vector, links and history. There is no undo."""
        self.core.purge(memory_id, agent_id=agent_id)

    def link(self, source_id: str, target_id: str, relation: str, *, agent_id: str = "default") -> Link:
        """Record that ``source_id`` <relation> ``target_id`` (e.g. A caused_by B)."""
        return self.core.link(source_id, target_id, relation, agent_id=agent_id)

    def links(self, memory_id: str, *, agent_id: str = "default") -> builtins.list[dict[str, Any]]:
        """Every link of a memory, read from its side: outgoing as stored, incoming as the inverse relation."""
        return self.core.links(memory_id, agent_id=agent_id)

    def history(self, memory_id: str, *, agent_id: str = "default") -> builtins.list[HistoryEntry]:
        return self.core.history(memory_id, agent_id=agent_id)

    def stats(self, *, agent_id: str = "default") -> Stats:
        return self.core.stats(agent_id=agent_id)

    def agents(self) -> builtins.list[str]:
        return self.core.agents()

    def context(
        self,
        message: str,
        *,
        agent_id: str = "default",
        budget_tokens: int = 2000,
        now: object = None,
        workspace: str | Path | None = None,
        index: bool = True,
    ) -> SessionContext:
        """The agent's memory for ``message`` in one labelled block within ``budget_tokens``: see
        :meth:`tiermem.facade.workspace.WorkspaceNamespace.context`."""
        return self.workspace.context(
            message, agent_id=agent_id, budget_tokens=budget_tokens, now=now, workspace=workspace, index=index
        )

    # --- the tiered lifecycle (seed 000) -------------------------------------------------------------------

    def lifecycle(self, workspace: str | Path | None = None) -> LifecycleService:
        """Tiers, hot state, tree index, distillation, daily notes and consolidation (seed 000), for the
        workspace that holds MEMORY.md and memory/ (default: the store directory's parent)."""
        return lifecycle_for(self.core, workspace)

    def retrieve(
        self,
        query: str,
        *,
        agent_id: str = "default",
        limit: int = 5,
        llm: LLMClient | None = None,
        now: object = None,
        workspace: str | Path | None = None,
    ) -> RetrieveResult:
        """The seed's tiered retrieval (``mem.lifecycle(workspace).retrieve``): tree routing, warm and cold
        memories, merged with :meth:`search`; each result says how it was found and which node files it."""
        return self.lifecycle(workspace).retrieve(query, agent_id=agent_id, limit=limit, llm=llm, now=now)

    def consolidate(
        self,
        mode: str = "quick",
        *,
        agent_id: str = "default",
        now: object = None,
        workspace: str | Path | None = None,
        dry_run: bool = False,
    ) -> Consolidation:
        """Rescore and re-tier memories, maintain the tree and MEMORY.md (``mem.lifecycle(workspace)
        .consolidate``); ``dry_run`` reports what would move or be deleted and changes nothing."""
        return self.lifecycle(workspace).consolidate(mode, agent_id=agent_id, now=now, dry_run=dry_run)

    # --- shorthands of the namespaces that the README shows --------------------------------------------

    def expand_query(self, query: str) -> Outcome[builtins.list[str]]:
        """``mem.llm.expand``: the extra search terms recall would add for ``query``."""
        return self.llm.expand(query)

    def llm_usage(self, *, days: int = 7) -> dict[str, dict[str, dict[str, int]]]:
        """``mem.llm.usage``: LLM calls, failures, refusals, cache hits and tokens per day and purpose."""
        return self.llm.usage(days=days)

    def export_lines(self, *, agent_id: str | None = None, embeddings: bool = False) -> Iterator[str]:
        """``mem.admin.export_lines``: the store (or one agent) as JSON Lines."""
        return self.admin.export_lines(agent_id=agent_id, embeddings=embeddings)

    def export(
        self, target: str | Path | IO[str], *, agent_id: str | None = None, embeddings: bool = False
    ) -> dict[str, int]:
        """``mem.admin.export``: the export written to a file (atomically) or a text stream."""
        return self.admin.export(target, agent_id=agent_id, embeddings=embeddings)

    def import_from(
        self,
        source: str | Path | IO[str] | IO[bytes] | Iterable[str | bytes],
        *,
        agent_id: str | None = None,
        on_conflict: str = "error",
        redact_secrets: bool | None = None,
        provenance: Mapping[str, Any] | None = None,
    ) -> ImportReport:
        """``mem.admin.import_from``: read an export into the store, all or nothing."""
        return self.admin.import_from(
            source, agent_id=agent_id, on_conflict=on_conflict, redact_secrets=redact_secrets, provenance=provenance
        )

    def doctor(self, *, repair: bool = False, workspace: str | Path | None = None) -> DoctorReport:
        """``mem.admin.doctor``: check the store and its workspace; ``repair`` fixes what is safe to fix."""
        return self.admin.doctor(repair=repair, workspace=workspace)
