"""The core's write path: store (with the write decisions), update, forget, purge, link, adopt.

A batch is decided against the store and itself (:mod:`tiermem.write.decisions`), then committed in one
transaction: new memories inserted, restatements reinforce what they repeat, updates and contradictions
supersede what they replace, elaborations are linked; every step leaves a history entry.
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import numpy as np

from ..errors import ValidationError
from ..lifecycle.pins import AUTO, set_tier
from ..model import RELATIONS, Link, MemoryRecord, StoreResult, check_agent_id, check_choice
from ..storage.base import REINSTATED_APART, HistoryEntry
from ..storage.vectors import one_blas_thread
from ..write.decisions import Decision, WriteDecisions
from ..write.secrets import redact_fields, redacted_kinds
from .items import Preparer, check_change_names, checked_changes, jsonable, now_or, successor_item
from .state import CoreState

REINFORCE_BUMP = 0.05
_NEW_VERSION = frozenset({"update", "contradiction"})


class WritePath(CoreState):
    decisions: WriteDecisions
    preparer: Preparer

    def store_many(
        self,
        items: Iterable[Mapping[str, Any]],
        *,
        agent_id: str = "default",
        dedup: bool = True,
        redact_secrets: bool | None = None,
        now: object = None,
    ) -> builtins.list[StoreResult]:
        """Store several memories in one transaction; items are dicts with ``Memory.store()``'s keys."""
        agent_id = check_agent_id(agent_id)
        moment = now_or(now)
        redact = self.redacting(redact_secrets)
        given = list(items)
        records = [self.preparer.record(item, agent_id, moment, i, redact) for i, item in enumerate(given)]
        if not records:
            return []
        rated = [item.get("importance") is not None for item in given]  # mappings: record() checked them
        vectors = self.embedder.embed([r.text for r in records])
        with self.backend.write(), one_blas_thread():  # dedup makes many small products: see one_blas_thread
            decisions = self.decisions.decide(agent_id, records, vectors) if dedup else [None] * len(records)
            records = self._new_versions(agent_id, records, given, decisions)
            if self.enrichment.decides_links:  # the LLM's link job decides; the rule decision is shown meanwhile
                decisions = [_deferred(d) for d in decisions]
            results = self.commit_batch(agent_id, records, vectors, decisions, moment, rated)
            self.enrichment.queue(agent_id, results)  # same transaction: a stored memory always gets its job
        self.enrichment.kick()
        return results

    def _new_versions(
        self,
        agent_id: str,
        records: builtins.list[MemoryRecord],
        items: Sequence[Mapping[str, Any]],
        decisions: Sequence[Decision | None],
    ) -> builtins.list[MemoryRecord]:
        """Each update or contradiction as the new version of the fact it replaces (Preparer.new_version)."""
        replacing = {i: d.matched_id for i, d in enumerate(decisions) if d is not None and d.kind in _NEW_VERSION}
        if not replacing:
            return records
        known = {r.id: r for r in records}
        known.update(self.backend.get_many(agent_id, [m for m in replacing.values() if m not in known]))
        out = list(records)
        for i, old in replacing.items():
            out[i] = known[records[i].id] = self.preparer.new_version(records[i], items[i], known[old])
        return out

    def redacting(self, asked: bool | None) -> bool:
        return self.settings.redact_secrets if asked is None else bool(asked)

    def commit_batch(
        self,
        agent_id: str,
        records: Sequence[MemoryRecord],
        vectors: np.ndarray,
        decisions: Sequence[Decision | None],
        now: datetime,
        rated: Sequence[bool],
    ) -> builtins.list[StoreResult]:
        """Write a decided batch (inside the caller's transaction) and say what became of each record;
        ``rated``: whether the caller gave each record's importance (not the default)."""
        keep = [i for i, d in enumerate(decisions) if d is None or d.stores]
        fresh = [records[i] for i in keep]
        self.backend.insert(fresh, vectors[keep] if keep else None)
        pairs = list(zip(records, decisions, strict=True))
        history = [HistoryEntry(r.id, now, "created", _created_detail(r, d)) for r, d in pairs if d is None or d.stores]
        reinforced = [(r, d, g) for (r, d), g in zip(pairs, rated, strict=True) if d is not None and not d.stores]
        if reinforced:
            self.backend.reinforce(agent_id, [d.matched_id for _, d, _ in reinforced], now, REINFORCE_BUMP)
            history += self._fold_in(agent_id, reinforced, now)
        successor = self._relate(agent_id, records, decisions, now, history)
        self.backend.add_history(agent_id, history)
        # New records are exactly what was inserted, but for back-dated ones that came in superseded.
        current = {r.id: r for r in fresh}
        current.update(self.backend.get_many(agent_id, [old for old in successor if old in current]))
        current.update(self.backend.get_many(agent_id, [d.matched_id for _, d, _ in reinforced]))
        return [_result(record, decision, current, successor) for record, decision in pairs]

    def _fold_in(
        self, agent_id: str, reinforced: Sequence[tuple[MemoryRecord, Decision, bool]], now: datetime
    ) -> builtins.list[HistoryEntry]:
        """What each restatement adds to the memory it repeats, so that dedup drops nothing the caller gave:
        its words, source, tags, metadata, type, category and date go to that memory's history, and an
        importance it was given above the memory's raises the memory's (retention protects important
        memories: a fact told again as important must not stay unimportant). Its tags are not added to the
        memory: they are part of its indexed words, and re-wording a row makes every process rebuild the
        agent's BM25 mirror."""
        held = self.backend.get_many(agent_id, list(dict.fromkeys(d.matched_id for _, d, _ in reinforced)))
        entries = []
        for record, decision, rated in reinforced:
            target = held[decision.matched_id]
            detail: dict[str, Any] = {
                "reason": decision.reason,
                "similarity": round(decision.similarity, 4),
                "source": record.source,
                "text": record.text,
            }
            detail.update({"tags": list(record.tags)} if record.tags else {})
            detail.update({"metadata": record.metadata} if record.metadata else {})
            detail.update({"type": record.type} if record.type != target.type else {})  # an exact match: any type
            detail.update({"category": record.category} if record.category not in (None, target.category) else {})
            detail.update({"created_at": record.created_at.isoformat()} if record.created_at != now else {})
            if rated and record.importance > target.importance:
                detail["importance"] = [round(target.importance, 4), record.importance]
                self.backend.update(agent_id, target.id, {"importance": record.importance})
                held[target.id] = replace(target, importance=record.importance)
            entries.append(HistoryEntry(target.id, now, "reinforced", detail))
        return entries

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
        known = {r.id: r for r in records} | self.backend.get_many(agent_id, replaced)
        for record, decision in zip(records, decisions, strict=True):
            if decision is None or not decision.stores or decision.kind == "pending":
                continue
            if decision.kind == "elaboration":
                self.backend.add_link(agent_id, Link(record.id, decision.matched_id, "elaborates", now))
                continue
            old = decision.matched_id
            while old in successor:
                old = successor[old]
            # A back-dated import older than what it changes is the older version: it is stored superseded.
            older, newer = (old, record.id) if known[old].created_at <= record.created_at else (record.id, old)
            successor[older] = newer
            self._retire(agent_id, older, newer, now, decision.kind, vectors=False)
            history.append(
                HistoryEntry(older, now, "superseded", {"by": newer, "kind": decision.kind, "why": decision.why})
            )
        if successor:  # the replaced memories' vectors, in one statement for the batch
            self.backend.delete_vectors(agent_id, list(successor))
        return successor

    def _retire(
        self, agent_id: str, old: str, new: str, now: datetime, kind: str | None = None, *, vectors: bool = True
    ) -> None:
        """``new`` replaces ``old``: the old one leaves recall but stays readable, linked from its successor
        (``vectors``: its vector is deleted here; else the caller deletes it)."""
        self.backend.update(agent_id, old, {"valid_to": now, "superseded_by": new, "updated_at": now})
        if vectors:
            self.backend.delete_vectors(agent_id, [old])
        self.backend.add_link(agent_id, Link(new, old, "supersedes", now))
        if kind == "contradiction":
            self.backend.add_link(agent_id, Link(new, old, "contradicts", now))

    def update(
        self, memory_id: str, *, agent_id: str = "default", redact_secrets: bool | None = None, **changes: Any
    ) -> MemoryRecord:
        """Change a memory. New text (or type) supersedes it with a new memory; other fields change in
        place. Either way the old values are kept in its history. Returns the current memory."""
        old = self.get(memory_id, agent_id=agent_id)
        if not old.is_current:
            raise ValidationError(
                f"memory {memory_id} is {old.status if old.status != 'active' else 'superseded'}; "
                f"update its current version{f' {old.superseded_by}' if old.superseded_by else ''}"
            )
        check_change_names(changes)
        redact = self.redacting(redact_secrets)
        if "text" in changes or "type" in changes:
            return self._supersede(old, changes, redact)
        fields = checked_changes(changes)
        if redact:
            fields = redact_fields(fields)
        now = datetime.now(UTC)
        pin = fields.pop("tier") if fields.get("tier") == AUTO else fields.get("tier")  # auto: unpin, tier unchanged
        with self.backend.write():
            if fields:
                self.backend.update(old.agent_id, old.id, {**fields, "updated_at": now})
                previous = {k: jsonable(getattr(old, k)) for k in fields}
                self.backend.add_history(old.agent_id, [HistoryEntry(old.id, now, "updated", {"previous": previous})])
            if pin is not None:  # a tier set by hand is a pin: consolidation leaves it there (lifecycle/pins.py)
                set_tier(self.backend, old, pin, now, self.settings.lifecycle)
        return self.get(old.id, agent_id=old.agent_id)

    def _supersede(self, old: MemoryRecord, changes: Mapping[str, Any], redact: bool) -> MemoryRecord:
        now = datetime.now(UTC)
        new = self.preparer.record(successor_item(old, changes), old.agent_id, now, 0, redact)
        vector = self.embedder.embed([new.text])
        with self.backend.write():
            self.backend.insert([new], vector)
            self._retire(old.agent_id, old.id, new.id, now)
            self.backend.add_history(
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
        with self.backend.write():
            self.backend.update(old.agent_id, old.id, {"status": "forgotten", "updated_at": now})
            self.backend.delete_vectors(old.agent_id, [old.id])
            self.backend.add_history(old.agent_id, [HistoryEntry(old.id, now, "forgotten", {"reason": reason})])
        return replace(old, status="forgotten", updated_at=now)

    def reinstate(self, memory_id: str, *, agent_id: str = "default", reason: str | None = None) -> MemoryRecord:
        """Make a superseded memory current again, beside the memory that replaced it: the undo of a write
        decision that took another fact for a new version of this one. It returns to search (embedded
        again), its successor no longer says it replaced it, and both keep their history."""
        old = self.get(memory_id, agent_id=agent_id)
        if old.status != "active" or old.valid_to is None:
            state = "forgotten" if old.status != "active" else "current"
            raise ValidationError(f"memory {old.id} is {state}; only a superseded memory can be reinstated")
        now = datetime.now(UTC)
        successor = old.superseded_by  # None, or gone, when the memory that replaced it was purged since
        if successor is not None and self.backend.get(old.agent_id, successor) is None:
            successor = None
        restored = replace(old, valid_to=None, superseded_by=None, updated_at=now)
        vector = self.embedder.embed([old.text])
        with self.backend.write():
            self.backend.update(old.agent_id, old.id, {"valid_to": None, "superseded_by": None, "updated_at": now})
            self.backend.replace_vectors([restored], vector)
            detail = {"was_superseded_by": old.superseded_by, "reason": reason}
            entries = [HistoryEntry(old.id, now, "reinstated", detail)]
            if successor:
                self.backend.remove_links(old.agent_id, successor, old.id, ("supersedes", "contradicts"))
                entries.append(HistoryEntry(successor, now, REINSTATED_APART, {"id": old.id, "reason": reason}))
            self.backend.add_history(old.agent_id, entries)
        return self.get(old.id, agent_id=old.agent_id)

    def purge(self, memory_id: str, *, agent_id: str = "default") -> None:
        """Delete a memory for good: record, vector, links and history. There is no undo."""
        old = self.get(memory_id, agent_id=agent_id)
        self.backend.purge(old.agent_id, old.id)

    def link(self, source_id: str, target_id: str, relation: str, *, agent_id: str = "default") -> Link:
        """Record that ``source_id`` <relation> ``target_id`` (e.g. A caused_by B)."""
        relation = check_choice("relation", relation, RELATIONS)
        source, target = self.get(source_id, agent_id=agent_id), self.get(target_id, agent_id=agent_id)
        if source.id == target.id:
            raise ValidationError("a memory cannot be linked to itself")
        link = Link(source.id, target.id, relation, datetime.now(UTC))
        self.backend.add_link(source.agent_id, link)
        return link

    def adopt(self, records: Sequence[MemoryRecord]) -> int:
        """Put memories back exactly as they were (a restore from an archive): same ids, texts, times, tiers
        and counters; current ones get their vectors again. Ids already in the store are left alone; returns
        how many were added."""
        for record in records:
            check_agent_id(record.agent_id)
        fresh: builtins.list[MemoryRecord] = []
        for agent_id in {r.agent_id for r in records}:
            mine = [r for r in records if r.agent_id == agent_id]
            present = self.backend.get_many(agent_id, [r.id for r in mine])
            fresh += [r for r in mine if r.id not in present]
        current = [r for r in fresh if r.is_current]
        vectors = self.embedder.embed([r.text for r in current]) if current else None
        with self.backend.write():
            self.backend.insert(current, vectors)
            self.backend.insert([r for r in fresh if not r.is_current], None)
        return len(fresh)


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
    redacted = redacted_kinds(record.metadata)  # of the text as given: a duplicate's match is another text
    if decision is None:
        return StoreResult(current[record.id], True, redacted=redacted)
    if not decision.stores:
        return StoreResult(
            current[decision.matched_id],
            False,
            decision.matched_id,
            decision.reason,
            round(decision.similarity, 4),
            decision="restatement",
            why=decision.why,
            redacted=redacted,
        )
    replaced = next((old for old, new in successor.items() if new == record.id), None)
    changes = {"old": list(decision.old_values), "new": list(decision.new_values)}
    return StoreResult(
        current[record.id],
        True,
        reason=decision.kind,
        similarity=round(decision.similarity, 4),
        decision=decision.kind,
        why=decision.why,
        supersedes=replaced,
        related_to=decision.matched_id,
        changes=changes if decision.old_values or decision.new_values else None,
        redacted=redacted,
    )
