"""``Memory``: the one orchestration layer. Interfaces call it; it calls the domain and the adapters."""

from __future__ import annotations

import builtins
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

import numpy as np

from . import _ids, backup
from .config import Settings, load_settings, parse_settings
from .errors import EmbedderError, NotFoundError, StoreError, ValidationError
from .lifecycle.pins import AUTO, set_tier
from .lifecycle.tiers import TierPolicy, classify_tier
from .llm.fallback import Outcome
from .llm.service import LLMService
from .model import (
    INVERSE_RELATIONS,
    RELATIONS,
    SCOPES,
    TIERS,
    Hit,
    Link,
    MemoryRecord,
    StoreResult,
    TypeRegistry,
    check_agent_id,
    check_category,
    check_choice,
    check_json_object,
    check_tags,
    check_text,
    check_unit,
    to_datetime,
)
from .providers.embedders import Embedder, create_embedder
from .providers.llm import LLMClient
from .recall.pipeline import Recall
from .recall.reinforce import AccessLog
from .storage.base import Filters, HistoryEntry
from .storage.sqlite import SQLiteBackend
from .storage.vectors import one_blas_thread
from .text import confidence, content_hash, extract_metadata, salience
from .write import provenance
from .write.decisions import Decision, WriteDecisions
from .write.secrets import REDACTIONS, redact_fields, redact_item, redact_labels

if TYPE_CHECKING:
    from .doctor import Report as DoctorReport
    from .lifecycle.retrieve import RetrieveResult
    from .lifecycle.service import LifecycleService
    from .storage.postgres import PostgresBackend
    from .workspace.budget import SessionContext

_STORE_KEYS = frozenset(
    {
        "text",
        "type",
        "category",
        "importance",
        "tags",
        "metadata",
        "created_at",
        "event_at",
        "source",
        "salience",
        "confidence",
        "valence",
        "scope",
        "tier",
    }
)
REINFORCE_BUMP = 0.05
BACKDATED = timedelta(days=1)  # a memory created this long before it is stored is an import of old history


def _now(now: object = None) -> datetime:
    return to_datetime("now", now) or datetime.now(UTC)


def _source(value: object) -> dict[str, Any]:
    """The caller's source with its provenance completed (interface, trust): see write/provenance.py."""
    if value is None:
        return provenance.complete({"type": "user"})
    if isinstance(value, str):
        if not value.strip() or len(value) > 512 or "\x00" in value:
            raise ValidationError("source must be a non-empty string of at most 512 characters, or a JSON object")
        return provenance.complete({"type": value})
    return provenance.complete(check_json_object("source", value))


class Memory:
    """A memory store. Open one with :meth:`Memory.open`; close it (or use ``with``) when done."""

    def __init__(
        self,
        backend: SQLiteBackend | PostgresBackend,
        embedder: Embedder,
        settings: Settings,
        *,
        check_embedder: bool = True,
    ) -> None:
        self._backend = backend
        self._embedder = embedder
        self.settings = settings
        self._registry = settings.registry()
        self._tiers = TierPolicy.from_settings(settings.lifecycle)  # a memory is born in the tier its importance earns
        # The store's embedder when it is not the configured one (opened unchecked, for `tiermem doctor`).
        self.embedder_mismatch: tuple[str, int] | None = None
        self._check_embedder(check_embedder)
        self._recall = Recall(backend, embedder, self._registry, settings.recall)
        self._access = AccessLog(backend)
        self._decisions = WriteDecisions(backend, self._registry.thresholds(), revisions=settings.revisions)
        self._llm = LLMService(self, backend, settings.llm, self._registry)

    # --- lifecycle ------------------------------------------------------------------------------------

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

        ``path`` may also be a ``postgresql://`` URL: the store is that database (settings then come from
        ``config`` alone, there being no directory for a config.json). ``check_embedder=False`` opens a
        store embedded with another model (see :attr:`embedder_mismatch`) for ``doctor --repair`` to
        re-embed; nothing else should use such a store until then."""
        if str(path).startswith(("postgresql://", "postgres://")):
            return cls._open_postgres(str(path), embedder, config, check_embedder)
        directory = Path(path).expanduser()
        try:  # a new store is its owner's alone: other local users must not read its memories or tokens
            directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the store directory {directory}: {exc.strerror}") from None
        if not directory.is_dir():
            raise StoreError(f"{directory} is not a directory; give a directory for the store")
        settings = load_settings(directory, dict(config or {}))
        backend = SQLiteBackend(directory, busy_timeout_s=settings.busy_timeout_s)
        try:
            return cls(backend, embedder or create_embedder(settings.embedder), settings, check_embedder=check_embedder)
        except BaseException:
            backend.close()
            raise

    @classmethod
    def _open_postgres(
        cls, url: str, embedder: Embedder | None, config: Mapping[str, Any] | None, check_embedder: bool = True
    ) -> Memory:
        from .storage.postgres import PostgresBackend  # lazy: psycopg is needed only for these stores

        settings = parse_settings(dict(config or {}), where="config")
        pg = settings.postgres
        backend = PostgresBackend(
            url,
            pool_min=pg.pool_min,
            pool_max=pg.pool_max,
            connect_timeout_s=pg.connect_timeout_s,
            ef_search=pg.hnsw_ef_search,
            match_budget=pg.lexical_match_budget,
        )
        try:
            return cls(backend, embedder or create_embedder(settings.embedder), settings, check_embedder=check_embedder)
        except BaseException:
            backend.close()
            raise

    def _settle(self) -> None:
        """Write deferred access counts before reading records back, so callers see their own reads."""
        if self._access.pending:
            self._access.flush()

    def close(self) -> None:
        self._llm.close()
        self._access.flush()
        self._backend.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @property
    def embedder(self) -> Embedder:
        return self._embedder

    @property
    def path(self) -> Path:
        """The store directory. A database store (PostgreSQL) has none: see :attr:`location`."""
        if isinstance(self._backend, SQLiteBackend):
            return self._backend.path.parent
        raise StoreError(f"the store {self.location} is a database, not a directory")

    @property
    def location(self) -> str:
        """Where the store lives: its directory, or its database URL without the password."""
        return str(self.path) if isinstance(self._backend, SQLiteBackend) else self._backend.location

    def _check_embedder(self, strict: bool = True) -> None:
        """Vectors from different models are not comparable: refuse to mix them."""
        name, dims = self._backend.meta_get("embedder_name"), self._backend.meta_get("embedder_dims")
        if name is None:
            with self._backend.write():
                if self._backend.meta_get("embedder_name") is None:
                    self._backend.meta_set("embedder_name", self._embedder.name)
                    self._backend.meta_set("embedder_dims", str(self._embedder.dims))
            return
        if name != self._embedder.name or int(dims or 0) != self._embedder.dims:
            if not strict:
                self.embedder_mismatch = (name, int(dims or 0))
                return
            raise EmbedderError(
                f"this store was embedded with {name} ({dims} dims) but the configured embedder is "
                f"{self._embedder.name} ({self._embedder.dims} dims); configure the original embedder, "
                "or run `tiermem doctor --repair` to re-embed every memory with the new one"
            )

    # --- write path -----------------------------------------------------------------------------------

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
        dedup: bool = True,
        redact_secrets: bool | None = None,
        now: object = None,
        **extra: Any,
    ) -> StoreResult:
        """Store one memory; the result's ``decision`` says what it was: new, a restatement (the memory it
        repeats is reinforced instead), an update or contradiction (it supersedes the old memory) or an
        elaboration (linked to the one it adds to); see :mod:`tiermem.write.revision`.
        ``now``: the moment of the write (default: the clock), for imports and simulations.

        Secrets (API keys, tokens, private keys, passwords) are redacted first unless ``redact_secrets`` is
        False (default: the store's ``redact_secrets`` setting); see :mod:`tiermem.write.secrets`."""
        item = {
            "text": text,
            "type": type,
            "category": category,
            "importance": importance,
            "tags": tags,
            "metadata": metadata,
            "created_at": created_at,
            "event_at": event_at,
            "source": source,
            **extra,
        }
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
        agent_id = check_agent_id(agent_id)
        now = _now(now)
        redact = self._redacting(redact_secrets)
        records = [self._prepare(item, agent_id, now, position, redact) for position, item in enumerate(items)]
        if not records:
            return []
        vectors = self._embedder.embed([r.text for r in records])
        with self._backend.write(), one_blas_thread():  # dedup makes many small products: see one_blas_thread
            decisions = self._decisions.decide(agent_id, records, vectors) if dedup else [None] * len(records)
            if self._llm.decides_links:  # the LLM's link job decides; the rule decision is shown meanwhile
                decisions = [_deferred(d) for d in decisions]
            results = self._commit_batch(agent_id, records, vectors, decisions, now)
            self._llm.queue(agent_id, results)  # same transaction: a stored memory always gets its job
        self._llm.kick()
        return results

    def _redacting(self, asked: bool | None) -> bool:
        return self.settings.redact_secrets if asked is None else bool(asked)

    def _prepare(
        self, item: Mapping[str, Any], agent_id: str, now: datetime, position: int, redact: bool = True
    ) -> MemoryRecord:
        if not isinstance(item, Mapping):
            raise ValidationError(f"item {position} must be a dict with a 'text' key, got {type(item).__name__}")
        unknown = set(item) - _STORE_KEYS
        if unknown:
            raise ValidationError(f"item {position}: unknown key(s) {', '.join(sorted(unknown))}")
        text = check_text(item.get("text"), self.settings.max_text_bytes)
        mtype = self._registry.resolve(item.get("type"))
        source = _source(item.get("source"))
        given = item.get("importance")
        importance = check_unit("importance", self.settings.default_importance if given is None else given)
        created = to_datetime("created_at", item.get("created_at")) or now
        given_metadata = check_json_object("metadata", item.get("metadata"))
        tags, category = check_tags(item.get("tags")), check_category(item.get("category"))
        if redact:  # before metadata extraction, so extracted commands and URLs carry no secret either
            text, source, given_metadata = redact_item(text, source, given_metadata)
            tags, category, given_metadata = redact_labels(tags, category, given_metadata)
        metadata = merge_metadata(extract_metadata(text), given_metadata)
        return MemoryRecord(
            id=_ids.new_id(created.timestamp()),
            agent_id=agent_id,
            text=text,
            type=mtype.name,
            category=category,
            tags=tags,
            importance=importance,
            salience=check_unit("salience", item["salience"]) if item.get("salience") is not None else salience(text),
            confidence=check_unit("confidence", item["confidence"])
            if item.get("confidence") is not None
            else confidence(text, str(source.get("type", "user"))),
            valence=check_unit("valence", 0.0 if item.get("valence") is None else item["valence"], -1.0, 1.0),
            scope=check_choice("scope", item.get("scope") or "long_term", SCOPES),
            # Born by importance alone against the configured thresholds (as the seed does) unless the caller
            # knows better (an index of workspace files is born cold); the lifecycle re-tiers memories as they age.
            tier=check_choice("tier", item["tier"], TIERS)
            if item.get("tier")
            else classify_tier(importance, self._tiers),
            created_at=created,
            updated_at=now,
            event_at=to_datetime("event_at", item.get("event_at")),
            # Importing old history is its use now: decay counts from the import, not from created_at.
            last_accessed_at=now if created < now - BACKDATED else None,
            access_count=0,
            source=source,
            metadata=metadata,
            content_hash=content_hash(text),
        )

    def _commit_batch(
        self,
        agent_id: str,
        records: Sequence[MemoryRecord],
        vectors: np.ndarray,
        decisions: Sequence[Decision | None],
        now: datetime,
    ) -> list[StoreResult]:
        keep = [i for i, d in enumerate(decisions) if d is None or d.stores]
        fresh = [records[i] for i in keep]
        self._backend.insert(fresh, vectors[keep] if keep else None)
        history = [
            HistoryEntry(r.id, now, "created", _created_detail(r, d))
            for r, d in zip(records, decisions, strict=True)
            if d is None or d.stores
        ]
        reinforced = [(r, d) for r, d in zip(records, decisions, strict=True) if d is not None and not d.stores]
        history += [
            HistoryEntry(
                d.matched_id,
                now,
                "reinforced",
                {"reason": d.reason, "similarity": round(d.similarity, 4), "source": r.source, "text": r.text[:200]},
            )
            for r, d in reinforced
        ]
        if reinforced:
            self._backend.reinforce(agent_id, [d.matched_id for _, d in reinforced], now, REINFORCE_BUMP)
        successor = self._relate(agent_id, records, decisions, now, history)
        self._backend.add_history(agent_id, history)
        # New records are exactly what was inserted, but for back-dated ones that came in superseded.
        current = {r.id: r for r in fresh}
        current.update(self._backend.get_many(agent_id, [old for old in successor if old in current]))
        current.update(self._backend.get_many(agent_id, [d.matched_id for _, d in reinforced]))
        return [
            _result(record, decision, current, successor) for record, decision in zip(records, decisions, strict=True)
        ]

    def _relate(
        self,
        agent_id: str,
        records: Sequence[MemoryRecord],
        decisions: Sequence[Decision | None],
        now: datetime,
        history: builtins.list[HistoryEntry],
    ) -> dict[str, str]:
        """Supersede what updates and contradictions replace, link elaborations; returns old id -> new id.

        Two items of one batch replacing the same memory make a chain: the second replaces the first."""
        successor: dict[str, str] = {}
        replaced = [d.matched_id for d in decisions if d is not None and d.kind in ("update", "contradiction")]
        known = {r.id: r for r in records} | self._backend.get_many(agent_id, replaced)
        for record, decision in zip(records, decisions, strict=True):
            if decision is None or not decision.stores or decision.kind == "pending":
                continue
            if decision.kind == "elaboration":
                self._backend.add_link(agent_id, Link(record.id, decision.matched_id, "elaborates", now))
                continue
            old = decision.matched_id
            while old in successor:
                old = successor[old]
            # A back-dated import older than what it changes is the older version: it is stored superseded.
            older, newer = (old, record.id) if known[old].created_at <= record.created_at else (record.id, old)
            successor[older] = newer
            self._supersede_with(agent_id, older, newer, decision, now, history)
        return successor

    def _supersede_with(
        self,
        agent_id: str,
        old: str,
        new: str,
        decision: Decision,
        now: datetime,
        history: builtins.list[HistoryEntry],
    ) -> None:
        self._backend.update(agent_id, old, {"valid_to": now, "superseded_by": new, "updated_at": now})
        self._backend.delete_vectors(agent_id, [old])
        self._backend.add_link(agent_id, Link(new, old, "supersedes", now))
        if decision.kind == "contradiction":
            self._backend.add_link(agent_id, Link(new, old, "contradicts", now))
        history.append(HistoryEntry(old, now, "superseded", {"by": new, "kind": decision.kind, "why": decision.why}))

    # --- read path ------------------------------------------------------------------------------------

    def get(self, memory_id: str, *, agent_id: str = "default") -> MemoryRecord:
        """The memory with this id (forgotten and superseded ones too); NotFoundError otherwise."""
        agent_id = check_agent_id(agent_id)
        if not isinstance(memory_id, str) or not memory_id.strip() or len(memory_id) > 64:
            raise ValidationError(f"invalid memory id {memory_id!r}")
        self._settle()
        found = self._backend.get(agent_id, memory_id.strip())
        if found is None:
            raise NotFoundError(f"no memory {memory_id!r} for agent {agent_id!r}; `tiermem list` shows the ids")
        return found

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
        self._settle()
        return self._backend.list(
            agent_id,
            make_filters(self._registry, **filters),
            limit=_check_limit(limit, 10_000),
            offset=_check_limit(offset, 10**9, low=0),
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
        if not isinstance(query, str) or not query.strip():
            raise ValidationError("query is empty; say what to search for")
        if len(query) > 10_000 or "\x00" in query:
            raise ValidationError("query must be under 10,000 characters, without NUL bytes")
        if not query.isascii():
            check_text(query)  # rejects lone surrogates (invalid UTF-8 from a terminal) with a clear error
        if filters.get("include_forgotten"):
            raise ValidationError(
                "search covers current memories only; use list --include-forgotten to see forgotten ones"
            )
        moment = _now(now)
        terms, matches, expansion = self._llm.recall_hint(agent_id, query, moment)
        hits = self._recall.search(
            agent_id,
            query,
            limit=_check_limit(limit, 1000),
            now=moment,
            filters=make_filters(self._registry, **filters),
            extra_terms=terms,
            extra_matches=matches,
        )
        self._llm.explain(hits, expansion)
        if reinforce and hits:
            self._access.record(agent_id, [hit.memory.id for hit in hits], moment)
        return hits

    # --- changes --------------------------------------------------------------------------------------

    def update(
        self, memory_id: str, *, agent_id: str = "default", redact_secrets: bool | None = None, **changes: Any
    ) -> MemoryRecord:
        """Change a memory. New text (or type) supersedes it with a new memory; other fields change in
        place. Either way the old values are kept in its history. Returns the current memory. Secrets in
        new text or metadata are redacted as :meth:`store` does."""
        old = self.get(memory_id, agent_id=agent_id)
        if not old.is_current:
            raise ValidationError(
                f"memory {memory_id} is {old.status if old.status != 'active' else 'superseded'}; "
                f"update its current version{f' {old.superseded_by}' if old.superseded_by else ''}"
            )
        allowed = {"text", "type", "category", "importance", "tags", "metadata", "valence", "scope", "event_at", "tier"}
        unknown = set(changes) - allowed
        if unknown:
            raise ValidationError(
                f"cannot update {', '.join(sorted(unknown))}; changeable: {', '.join(sorted(allowed))}"
            )
        redact = self._redacting(redact_secrets)
        if "text" in changes or "type" in changes:
            return self._supersede(old, changes, redact)
        fields = self._checked_fields(changes)
        if redact:
            fields = redact_fields(fields)
        now = datetime.now(UTC)
        pin = fields.pop("tier") if fields.get("tier") == AUTO else fields.get("tier")  # auto: unpin, tier unchanged
        with self._backend.write():
            if fields:
                self._backend.update(old.agent_id, old.id, {**fields, "updated_at": now})
                previous = {k: _jsonable(getattr(old, k)) for k in fields}
                self._backend.add_history(old.agent_id, [HistoryEntry(old.id, now, "updated", {"previous": previous})])
            if pin is not None:  # a tier set by hand is a pin: consolidation leaves it there (lifecycle/pins.py)
                set_tier(self._backend, old, pin, now, self.settings.lifecycle)
        return self.get(old.id, agent_id=old.agent_id)

    def _checked_fields(self, changes: Mapping[str, Any]) -> dict[str, Any]:
        checks: dict[str, Callable[[Any], Any]] = {
            "category": check_category,
            "importance": lambda v: check_unit("importance", v),
            "tags": check_tags,
            "metadata": lambda v: check_json_object("metadata", v),
            "valence": lambda v: check_unit("valence", v, -1.0, 1.0),
            "scope": lambda v: check_choice("scope", v, SCOPES),
            "event_at": lambda v: to_datetime("event_at", v),
            "tier": lambda v: check_choice("tier", v, (*TIERS, AUTO)),
        }
        return {name: checks[name](value) for name, value in changes.items()}

    def _supersede(self, old: MemoryRecord, changes: Mapping[str, Any], redact: bool) -> MemoryRecord:
        now = datetime.now(UTC)
        item = {
            "text": old.text,
            "type": old.type,
            "category": old.category,
            "importance": old.importance,
            "tags": old.tags,
            "metadata": _without_extracted(old),
            "event_at": old.event_at,
            "source": old.source,
            "valence": old.valence,
            "scope": old.scope,
            **changes,
        }
        item.pop("tier", None)
        new = self._prepare(item, old.agent_id, now, 0, redact)
        vector = self._embedder.embed([new.text])
        with self._backend.write():
            self._backend.insert([new], vector)
            self._backend.update(old.agent_id, old.id, {"valid_to": now, "superseded_by": new.id, "updated_at": now})
            self._backend.delete_vectors(old.agent_id, [old.id])
            self._backend.add_link(old.agent_id, Link(new.id, old.id, "supersedes", now))
            self._backend.add_history(
                old.agent_id,
                [
                    HistoryEntry(old.id, now, "superseded", {"by": new.id}),
                    HistoryEntry(new.id, now, "created", {"supersedes": old.id, "source": new.source}),
                ],
            )
        return self.get(new.id, agent_id=old.agent_id)

    def forget(self, memory_id: str, *, agent_id: str = "default", reason: str | None = None) -> MemoryRecord:
        """Tombstone a memory: it leaves search and listings but stays inspectable (``get``, history)."""
        old = self.get(memory_id, agent_id=agent_id)
        now = datetime.now(UTC)
        with self._backend.write():
            self._backend.update(old.agent_id, old.id, {"status": "forgotten", "updated_at": now})
            self._backend.delete_vectors(old.agent_id, [old.id])
            self._backend.add_history(old.agent_id, [HistoryEntry(old.id, now, "forgotten", {"reason": reason})])
        return replace(old, status="forgotten", updated_at=now)

    def purge(self, memory_id: str, *, agent_id: str = "default") -> None:
        """Delete a memory for good: record, vector, links and history. There is no undo."""
        old = self.get(memory_id, agent_id=agent_id)
        self._backend.purge(old.agent_id, old.id)

    def link(self, source_id: str, target_id: str, relation: str, *, agent_id: str = "default") -> Link:
        """Record that ``source_id`` <relation> ``target_id`` (e.g. A caused_by B)."""
        relation = check_choice("relation", relation, RELATIONS)
        source, target = self.get(source_id, agent_id=agent_id), self.get(target_id, agent_id=agent_id)
        if source.id == target.id:
            raise ValidationError("a memory cannot be linked to itself")
        link = Link(source.id, target.id, relation, datetime.now(UTC))
        self._backend.add_link(source.agent_id, link)
        return link

    def links(self, memory_id: str, *, agent_id: str = "default") -> builtins.list[dict[str, Any]]:
        """Every link of a memory, read from its side: outgoing as stored, incoming as the inverse relation."""
        record = self.get(memory_id, agent_id=agent_id)
        out = []
        for link in self._backend.links(record.agent_id, record.id):
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
        return self._backend.history(record.agent_id, record.id)

    def stats(self, *, agent_id: str = "default") -> dict[str, Any]:
        agent_id = check_agent_id(agent_id)
        return {
            "agent_id": agent_id,
            "memories": self._backend.count(agent_id),
            **self._backend.stats(agent_id),
            "embedder": self._embedder.name,
            "dims": self._embedder.dims,
            "path": self.location,
        }

    def agents(self) -> builtins.list[str]:
        return self._backend.agents()

    # --- the LLM layer (tiermem.llm.service) ------------------------------------------------------------

    def llm_client(self, purpose: str = "other") -> LLMClient | None:
        """The configured LLM (``complete(prompt) -> str``), its usage counted under ``purpose``; None if
        there is none. Features pass it to their ``attempt(client, llm_path, rule_path)``."""
        return self._llm.client(purpose)

    def llm_status(self, *, agent_id: str | None = None, ping: bool = False) -> dict[str, Any]:
        """Provider, features, today's budget use, the queue and the last fallback reason; ``ping`` also
        makes one tiny call to the endpoint."""
        status = self._llm.status(None if agent_id is None else check_agent_id(agent_id))
        return {**status, "ping": self._llm.ping()} if ping else status

    def llm_usage(self, *, days: int = 7) -> dict[str, dict[str, dict[str, int]]]:
        """LLM calls, failures, refusals, cache hits and tokens: day -> purpose -> counters."""
        return self._llm.usage(_check_limit(days, 366))

    def drain(self, *, agent_id: str | None = None, limit: int | None = None) -> dict[str, Any]:
        """Run queued LLM enrichment now (facts, search keys, links) and say what was done."""
        return self._llm.drain(
            agent_id=None if agent_id is None else check_agent_id(agent_id),
            limit=None if limit is None else _check_limit(limit, 10**9),
        )

    def consolidate_core(
        self,
        *,
        agent_id: str = "default",
        limit: int = 2000,
        min_size: int = 3,
        threshold: float = 0.5,
        dry_run: bool = False,
    ) -> dict[str, Any]:
        """Summarise clusters of related memories into core memories that link to their sources (which are
        kept unchanged); by the LLM if there is one, else extractively."""
        return self._llm.consolidate(
            check_agent_id(agent_id),
            limit=_check_limit(limit, 100_000),
            min_size=_check_limit(min_size, 100, low=2),
            threshold=check_unit("threshold", threshold),
            dry_run=bool(dry_run),
        )

    def expand_query(self, query: str) -> Outcome[builtins.list[str]]:
        """The extra search terms recall would add for ``query`` (LLM, else the synonym table)."""
        return self._llm.expand(check_text(query, 10_000))

    def rebuild_tree(self, *, agent_id: str = "default", now: object = None, dry_run: bool = False) -> dict[str, Any]:
        """The monthly tree rebuild: the LLM's restructure if it fits the limits and files every category as
        before, else the rule rebuild; the result says which ran and why."""
        return self._llm.rebuild_tree(
            check_agent_id(agent_id), self.settings.lifecycle.tree, _now(now), dry_run=bool(dry_run)
        )

    def llm_jobs(self, memory_id: str, *, agent_id: str = "default") -> builtins.list[dict[str, Any]]:
        """The enrichment jobs of a memory: status, which path ran and why, what they found."""
        record = self.get(memory_id, agent_id=agent_id)
        return self._llm.tables.jobs_for(record.agent_id, record.id)

    # --- the file workspace (tiermem.workspace.service) -------------------------------------------------

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
        """The agent's memory for ``message`` in one labelled block within ``budget_tokens``: the
        workspace's phases (orientation, resumption, threads, MEMORY.md, events) and recalled memories,
        with ``.metadata`` saying what was loaded and why. ``index=False`` skips re-indexing the files."""
        from .workspace import service

        moment = _now(now)
        return service.build_context(
            self,
            self._backend,
            message,
            agent_id=agent_id,
            budget_tokens=budget_tokens,
            now=moment,
            workspace=workspace,
            index=index,
            reinforce=lambda agent, ids: self._access.record(agent, ids, moment),
        )

    def sync_workspace(
        self,
        *,
        agent_id: str = "default",
        workspace: str | Path | None = None,
        rebuild: bool = False,
        quick: bool = False,
    ) -> dict[str, Any]:
        """Index the workspace files for recall by checksum (``rebuild``: from scratch; ``quick``: older logs
        only every minute, as each context does); say what changed."""
        from .workspace import service

        root = service.require_root(self, workspace)
        return service.sync(self, self._backend, root, agent_id, rebuild=rebuild, quick=quick).to_dict()

    # --- access tokens of the REST and MCP servers (interfaces/auth.py makes and checks them) ----------

    def put_token(self, token_id: str, record: str) -> None:
        """Store a token record (JSON, holding only a hash of the secret) under its id."""
        self._backend.meta_set(f"token:{token_id}", record)

    def token_record(self, token_id: str) -> str | None:
        return self._backend.meta_get(f"token:{token_id}")

    def put_session(self, key: str, record: str) -> None:
        """Store a browser session of the memory browser (JSON, naming its token) under a hash of its id."""
        self._backend.meta_set(f"session:{key}", record)

    def session_record(self, key: str) -> str | None:
        return self._backend.meta_get(f"session:{key}")

    def token_records(self) -> dict[str, str]:
        """Every token record, by token id."""
        return {key.removeprefix("token:"): value for key, value in self._backend.meta_items("token:").items()}

    # --- the tiered lifecycle (tiermem.lifecycle.service) -----------------------------------------------

    def lifecycle(self, workspace: str | Path | None = None) -> LifecycleService:
        """Tiers, hot state, tree index, distillation, daily notes and consolidation (seed 000), for the
        workspace that holds MEMORY.md and memory/ (default: the store directory's parent)."""
        from .lifecycle.service import LifecycleService

        if workspace is None and not isinstance(self._backend, SQLiteBackend):  # no directory to sit beside
            workspace = self.settings.workspace.root
            if not workspace:
                raise ValidationError(
                    f"the store {self.location} is a database: give the workspace that holds MEMORY.md "
                    "(or set workspace.root in the settings)"
                )
        root = Path(workspace) if workspace is not None else self.path.parent
        return LifecycleService(self, self._backend, self.settings.lifecycle, root, self._settle)

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
        """The seed's tiered retrieval: tree routing (LLM when ``llm`` is given, else keywords), warm and cold
        memories, merged with :meth:`search`; each result says how it was found and which tree node files it."""
        return self.lifecycle(workspace).retrieve(query, agent_id=agent_id, limit=limit, llm=llm, now=now)

    def consolidate(
        self,
        mode: str = "quick",
        *,
        agent_id: str = "default",
        now: object = None,
        workspace: str | Path | None = None,
        dry_run: bool = False,
    ) -> dict[str, Any]:
        """Rescore and re-tier memories, maintain the tree and MEMORY.md (quick / daily / monthly / full);
        ``dry_run`` reports what would move or be deleted and changes nothing."""
        return self.lifecycle(workspace).consolidate(mode, agent_id=agent_id, now=now, dry_run=dry_run)

    # --- backup (tiermem.backup) -------------------------------------------------------------------------

    def export_lines(self, *, agent_id: str | None = None, embeddings: bool = False) -> Iterator[str]:
        """The store (or one agent) as JSON Lines, one line at a time: see :mod:`tiermem.backup`."""
        return self._export(agent_id, embeddings, dict.fromkeys(backup.KINDS, 0))

    def _export(self, agent_id: str | None, embeddings: bool, counts: dict[str, int]) -> Iterator[str]:
        agents = [check_agent_id(agent_id)] if agent_id is not None else self.agents()
        self._settle()
        yield backup.header(agents, (self._embedder.name, self._embedder.dims), embeddings, backup.now())
        for agent in agents:
            yield from backup.agent_lines(self._backend, agent, embeddings, counts)
        yield backup.end(counts)

    def export(
        self, target: str | Path | IO[str], *, agent_id: str | None = None, embeddings: bool = False
    ) -> dict[str, int]:
        """Write :meth:`export_lines` to a file (atomically: a failed export leaves no partial file) or an
        open text stream; returns how many memories, links and history entries were written."""
        counts = dict.fromkeys(backup.KINDS, 0)
        lines = self._export(agent_id, embeddings, counts)
        if not isinstance(target, str | Path):
            target.writelines(lines)
            return counts
        path = Path(target).expanduser()
        partial = path.with_name(f".{path.name}.partial")
        try:
            with open(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="utf-8") as out:
                out.writelines(lines)
                out.flush()
                os.fsync(out.fileno())
            os.replace(partial, path)
        except OSError as exc:
            partial.unlink(missing_ok=True)
            raise ValidationError(f"cannot write the export to {path}: {exc.strerror}") from None
        return counts

    def import_from(
        self,
        source: str | Path | IO[str] | IO[bytes] | Iterable[str | bytes],
        *,
        agent_id: str | None = None,
        on_conflict: str = "error",
        redact_secrets: bool | None = None,
        provenance: Mapping[str, Any] | None = None,
    ) -> backup.ImportReport:
        """Read an export (a path, an open file or lines) into the store, all or nothing, validating every
        line; ``agent_id`` imports that agent's memories only. ``provenance``: the ``source`` every memory gets
        instead of the file's (which is kept under ``claimed``), with no pins and no hot tier taken from the
        file: for files that arrive over a network. See :mod:`tiermem.backup` for the rules."""
        importer = backup.Importer(
            self._backend,
            self._embedder.embed,
            self._registry,
            (self._embedder.name, self._embedder.dims),
            max_text_bytes=self.settings.max_text_bytes,
            redact=self._redacting(redact_secrets),
            only_agent=agent_id,
            on_conflict=on_conflict,
            provenance=provenance,
        )
        if not isinstance(source, str | Path):
            return importer.run(source)
        path = Path(source).expanduser()
        try:
            with path.open("rb") as lines:
                return importer.run(lines)
        except OSError as exc:
            raise ValidationError(f"cannot read {path}: {exc.strerror}") from None

    def doctor(self, *, repair: bool = False, workspace: str | Path | None = None) -> DoctorReport:
        """Check the store (integrity, migrations, embedder, full-text index, vectors) and its workspace
        (the files' index, index.md); ``repair`` fixes what can be fixed safely. See :mod:`tiermem.doctor`."""
        from . import doctor
        from .workspace.service import workspace_root

        self._settle()
        return doctor.run(self, self._backend, repair=bool(repair), workspace=workspace_root(self, workspace))

    # --- restoring archived memories (tiermem.coldsync) ------------------------------------------------

    def adopt(self, records: Sequence[MemoryRecord]) -> int:
        """Put memories back exactly as they were (a restore from an archive): same ids, texts, times, tiers
        and counters; current ones get their vectors again. Ids already in the store are left alone; returns
        how many were added."""
        for record in records:
            check_agent_id(record.agent_id)
        fresh: builtins.list[MemoryRecord] = []
        for agent_id in {r.agent_id for r in records}:
            mine = [r for r in records if r.agent_id == agent_id]
            present = self._backend.get_many(agent_id, [r.id for r in mine])
            fresh += [r for r in mine if r.id not in present]
        current = [r for r in fresh if r.is_current]
        vectors = self._embedder.embed([r.text for r in current]) if current else None
        with self._backend.write():
            self._backend.insert(current, vectors)
            self._backend.insert([r for r in fresh if not r.is_current], None)
        return len(fresh)


def _without_extracted(record: MemoryRecord) -> dict[str, Any]:
    """A record's metadata minus what was extracted from its text (new text brings its own)."""
    stale = extract_metadata(record.text)
    kept = dict(record.metadata)
    kept.pop(REDACTIONS, None)  # they described the old text
    for key, values in stale.items():
        if isinstance(kept.get(key), list):
            kept[key] = [v for v in kept[key] if v not in values]
            if not kept[key]:
                del kept[key]
    return kept


def merge_metadata(extracted: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """The caller's metadata wins, but extracted URL/command/path lists are merged, not replaced."""
    merged = {**extracted, **given}
    for key, found in extracted.items():
        if isinstance(given.get(key), list):
            merged[key] = list(dict.fromkeys([*given[key], *found]))
    return merged


def _deferred(decision: Decision | None) -> Decision | None:
    """An update or contradiction left to the LLM's link job: the memory is written, nothing replaced yet."""
    if decision is None or decision.kind not in ("update", "contradiction"):
        return decision
    return replace(decision, why=f"{decision.kind} by the rules ({decision.why}); the LLM decides", kind="pending")


def _created_detail(record: MemoryRecord, decision: Decision | None) -> dict[str, Any]:
    detail: dict[str, Any] = {"source": record.source}
    if decision is not None:
        relation = {"update": "supersedes", "contradiction": "supersedes", "elaboration": "elaborates"}
        detail.update({"kind": decision.kind, "why": decision.why})
        if decision.kind in relation:
            detail[relation[decision.kind]] = decision.matched_id
    return detail


def _result(
    record: MemoryRecord, decision: Decision | None, current: Mapping[str, MemoryRecord], successor: Mapping[str, str]
) -> StoreResult:
    if decision is None:
        return StoreResult(current[record.id], True)
    if not decision.stores:
        return StoreResult(
            current[decision.matched_id],
            False,
            decision.matched_id,
            decision.reason,
            round(decision.similarity, 4),
            decision="restatement",
            why=decision.why,
        )
    replaced = next((old for old, new in successor.items() if new == record.id), None)
    return StoreResult(
        current[record.id],
        True,
        reason=decision.kind,
        similarity=round(decision.similarity, 4),
        decision=decision.kind,
        why=decision.why,
        supersedes=replaced,
        related_to=decision.matched_id,
        changes={"old": list(decision.old_values), "new": list(decision.new_values)}
        if decision.old_values or decision.new_values
        else None,
    )


def _check_limit(value: object, high: int, low: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValidationError(f"limit/offset must be a whole number from {low} to {high}, got {value!r}")
    return value


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    return list(value) if isinstance(value, tuple) else value


def make_filters(
    registry: TypeRegistry,
    *,
    type: str | Sequence[str] | None = None,  # noqa: A002
    category: str | None = None,
    tags: Iterable[str] | str | None = None,
    tier: str | Sequence[str] | None = None,
    scope: str | None = None,
    since: object = None,
    until: object = None,
    include_forgotten: bool = False,
    include_superseded: bool = False,
    **unknown: Any,
) -> Filters:
    """Validate list/search filters given as keyword arguments."""
    if unknown:
        raise ValidationError(f"unknown filter(s) {', '.join(sorted(unknown))}")
    types = None if type is None else tuple([type] if isinstance(type, str) else type)
    tiers = None if tier is None else tuple([tier] if isinstance(tier, str) else tier)
    return Filters(
        types=None if types is None else tuple(registry.resolve(t).name for t in types),
        category=check_category(category),
        tags=check_tags(tags),
        tiers=None if tiers is None else tuple(check_choice("tier", t, TIERS) for t in tiers),
        scope=None if scope is None else check_choice("scope", scope, SCOPES),
        since=to_datetime("since", since),
        until=to_datetime("until", until),
        include_forgotten=bool(include_forgotten),
        include_superseded=bool(include_superseded),
    )
