"""The LLM layer's orchestration: the client, the enrichment queue and its worker, links applied without
loss, consolidation into core memories, and the hints recall takes (expansion terms, search-key matches).

The facade wires one :class:`LLMService` to the memory core (as the core's enrichment). What the LLM finds
(facts, core memories) is stored back through the core's ``store_many``, so it is validated, deduplicated
and queued like anything else.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from ..config import TreeSettings
from ..errors import LLMError, StoreError
from ..lifecycle.tree import Tree
from ..model import Hit, Link, MemoryRecord, StoreResult
from ..providers.llm import LLM, create_llm, today
from ..recall.query import query_terms
from ..storage.base import Filters, HistoryEntry
from ..storage.lifecycle import TREE_DOC
from ..storage.llm_state import Job, LLMState, LocalTables
from ..text import normalize, tokens
from . import consolidate as core
from . import enrich, expand, tree_rebuild
from .fallback import ANSWER_ERRORS, Outcome, attempt, fallback_reason
from .links import INVALIDATING, Neighbour, Proposed
from .reports import CoreConsolidation, CoreMemory, Drained, Ping, Status, TreeRebuild

if TYPE_CHECKING:
    from ..core.port import MemoryCore

EXTRACTION = "extraction"  # source type of facts the LLM extracted
CONSOLIDATION = "consolidation"  # source type of core memories
LINK_CANDIDATES = 5
LINK_MIN_COSINE = 0.3
KEY_WEIGHT = 0.7  # a search-key match counts like the best lexical match on the text itself
KEY_CANDIDATES = 50
IDLE_WAKE_S = 5.0  # the worker also looks for jobs other processes queued
STOP_WAIT_S = 2.0
RULE_BATCH = 64


class LLMService:
    def __init__(self, memory: MemoryCore) -> None:
        self._memory = memory
        self._backend = backend = memory.backend
        self.settings = settings = memory.settings.llm
        self._registry = memory.registry
        # The queue, usage, cache and keys live in SQLite tables; a database backend gets the LLM (usage kept
        # in this process) but no queue, keys or core memories yet.
        self.state = backend.llm_tables() if isinstance(backend, LocalTables) else None
        self.llm = create_llm(settings, self.state)
        self._wanted = enrich.Wanted(settings.extract, settings.fact_keys, settings.link_detection)
        self._drain_lock = threading.Lock()
        self._worker: _Worker | None = None
        self.worker_error: str | None = None

    @property
    def queueing(self) -> bool:
        """Are new memories queued for enrichment (an LLM, or rules asked for without one)?"""
        wanted = self._wanted.facts or self._wanted.keys or self._wanted.links
        return wanted and self.state is not None and (self.llm is not None or self.settings.rules_without_llm)

    @property
    def decides_links(self) -> bool:
        """Does a configured LLM decide updates and contradictions (in the background, after the write)?"""
        return self.llm is not None and self._wanted.links and self.state is not None

    @property
    def tables(self) -> LLMState:
        if self.state is None:
            raise StoreError("the LLM queue, search keys and core memories need the SQLite store (for now)")
        return self.state

    def client(self, purpose: str, *, cache: bool = True) -> LLM | None:
        """The configured LLM, counting its usage under ``purpose``; None when there is none."""
        return None if self.llm is None else self.llm.for_purpose(purpose, cache=cache)

    # --- the write path: queue, then drain --------------------------------------------------------------

    def queue(self, agent_id: str, results: Sequence[StoreResult]) -> None:
        """Queue enrichment for newly created memories; called inside ``store``'s transaction."""
        if not self.queueing:
            return
        ids = [r.id for r in results if r.created and r.memory.source.get("type") != CONSOLIDATION]
        if ids:
            self.tables.enqueue(agent_id, ids, "enrich", time.time())

    def kick(self) -> None:
        """After a write: rules run now (they are cheap); an LLM's work goes to the background worker."""
        if not self.queueing:
            return
        if self.llm is None:
            self.drain(blocking=False)
        elif self.settings.background:
            if self._worker is None:
                self._worker = _Worker(self)
            self._worker.wake()

    def drain(
        self,
        *,
        agent_id: str | None = None,
        limit: int | None = None,
        blocking: bool = True,
        stop: threading.Event | None = None,
    ) -> Drained:
        """Process queued jobs until none is left (or ``limit`` jobs); returns what was done."""
        report: Counter[str] = Counter()
        started = time.monotonic()
        if not self._drain_lock.acquire(blocking=blocking):
            return self._report(report, started, agent_id)  # another drain of this process is on it
        try:
            while (limit is None or report["jobs"] < limit) and not (stop and stop.is_set()):
                size = self.settings.batch_size * self.settings.concurrency if self.llm else RULE_BATCH
                wanted = size if limit is None else min(size, limit - report["jobs"])
                jobs = self.tables.claim(wanted, time.time(), self._lease_s(), agent_id)
                if not jobs:
                    break
                self._run(jobs, report)
        finally:
            self._drain_lock.release()
        return self._report(report, started, agent_id)

    def _report(self, report: Counter[str], started: float, agent_id: str | None) -> Drained:
        return Drained(
            jobs=report["jobs"],
            llm=report["llm"],
            rule=report["rule"],
            skipped=report["skipped"],
            facts=report["facts"],
            links=report["links"],
            superseded=report["superseded"],
            keys=report["keys"],
            dropped=report["dropped"],
            seconds=round(time.monotonic() - started, 3),
            pending=self.tables.queue_counts(agent_id)["pending"],
            last_fallback=self.tables.last_fallback(agent_id),
        )

    def _lease_s(self) -> float:
        """Long enough for one batch with every retry and one repair; a crashed worker's jobs come back after."""
        s = self.settings
        return 2 * (s.retries + 1) * (s.timeout_s + s.backoff_s * 2.0**s.retries) + 60

    def _run(self, jobs: Sequence[Job], report: Counter[str]) -> None:
        size = self.settings.batch_size
        batches: list[list[tuple[Job, MemoryRecord, enrich.Item]]] = []
        for agent_id in dict.fromkeys(j.agent_id for j in jobs):  # one agent per prompt: none sees another's text
            ready = self._prepare(agent_id, [j for j in jobs if j.agent_id == agent_id], report)
            batches += [ready[i : i + size] for i in range(0, len(ready), size)]
        # Several batches go to the LLM at once (a slow model is the bottleneck); the store is written serially.
        with ThreadPoolExecutor(max_workers=self.settings.concurrency) as pool:
            answers = list(pool.map(self._ask, [[item for _, _, item in batch] for batch in batches]))
        for batch, outcomes in zip(batches, answers, strict=True):
            for job, record, item in batch:
                self._apply(job, record, outcomes[item.n], report)

    def _prepare(
        self, agent_id: str, jobs: Sequence[Job], report: Counter[str]
    ) -> list[tuple[Job, MemoryRecord, enrich.Item]]:
        records = self._backend.get_many(agent_id, [j.memory_id for j in jobs])
        ready: list[tuple[Job, MemoryRecord]] = []
        for job in jobs:
            record = records.get(job.memory_id)
            if record is None or not record.is_current:
                why = "the memory was purged" if record is None else f"the memory is {_state(record)}"
                self.tables.finish(job, "skipped", {"skipped": why}, time.time())
                report.update(jobs=1, skipped=1)
            else:
                ready.append((job, record))
        near = self._neighbours(agent_id, [r for _, r in ready]) if self._wanted.links else {}
        items = [
            enrich.Item(n, r.id, r.text, self._extractable(r), tuple(near.get(r.id, ())))
            for n, (_, r) in enumerate(ready, start=1)
        ]
        return [(job, record, item) for (job, record), item in zip(ready, items, strict=True)]

    def _extractable(self, record: MemoryRecord) -> bool:
        origin = record.source.get("type")
        return self._wanted.facts and origin not in (EXTRACTION, CONSOLIDATION) and enrich.worth_extracting(record.text)

    def _neighbours(self, agent_id: str, records: Sequence[MemoryRecord]) -> dict[str, list[Neighbour]]:
        """Up to 5 current memories near each record by meaning (vectors) or by shared words (BM25: a small
        embedder puts "the office is in Berlin" far from "... in Munich"), nearest first, leaving out its own
        sources and derivatives."""
        vectors = self._backend.vectors_for(agent_id, [r.id for r in records])
        mine = [r for r in records if r.id in vectors]
        if not mine:
            return {}
        by_meaning = self._backend.vector(agent_id, np.stack([vectors[r.id] for r in mine]), limit=LINK_CANDIDATES + 4)
        by_words = [self._backend.lexical(agent_id, query_terms(r.text), limit=LINK_CANDIDATES + 4) for r in mine]
        pools = [list(dict.fromkeys(mid for mid, _ in [*a, *b])) for a, b in zip(by_meaning, by_words, strict=True)]
        every = list({mid for pool in pools for mid in pool})
        others, their_vectors = self._backend.get_many(agent_id, every), self._backend.vectors_for(agent_id, every)
        out: dict[str, list[Neighbour]] = {}
        for record, pool in zip(mine, pools, strict=True):
            near = [
                Neighbour(mid, others[mid].text, float(vectors[record.id] @ their_vectors[mid]))
                for mid in pool
                if mid in others and mid in their_vectors and _may_link(record, others[mid])
            ]
            near = sorted((n for n in near if n.cosine >= LINK_MIN_COSINE), key=lambda n: -n.cosine)
            out[record.id] = near[:LINK_CANDIDATES]
        return out

    def _ask(self, items: list[enrich.Item]) -> dict[int, Outcome[enrich.Enrichment]]:
        """One LLM call for a batch; an item the answer lacks (or every item, if the call fails) gets rules."""
        client = self.client("enrich", cache=False)
        if client is None:
            return {i.n: Outcome(enrich.rules(i, self._wanted), "rule") for i in items}
        try:
            answers = client.complete_json(
                enrich.prompt(items, self._wanted, self._registry.names()),
                lambda raw: enrich.parse_answer(raw, items, self._wanted, self._registry),
            )
        except ANSWER_ERRORS as exc:
            reason = fallback_reason(exc)
            return {i.n: Outcome(enrich.rules(i, self._wanted), "rule", reason) for i in items}
        return {
            i.n: Outcome(a, "llm")
            if isinstance(a := answers[i.n], enrich.Enrichment)
            else Outcome(enrich.rules(i, self._wanted), "rule", a)
            for i in items
        }

    def _apply(self, job: Job, record: MemoryRecord, outcome: Outcome[enrich.Enrichment], report: Counter[str]) -> None:
        """Write one job's links, keys and facts and close the job, all in one transaction."""
        found = outcome.value
        now = datetime.now(UTC)
        with self._backend.write():
            if not self.tables.holds(job):  # our lease ran out and another worker took the job over
                return
            links = [done for p in found.links if (done := self._link(record, p, outcome.mode, now))]
            if found.keys:
                self.tables.set_keys(record.agent_id, {record.id: list(found.keys)})
            facts = self._store_facts(record, found.facts, now) if found.facts else []
            result = {
                **outcome.report(),
                "links": links,
                "keys": list(found.keys),
                "facts": facts,
                "dropped": found.dropped,
            }
            self.tables.finish(job, outcome.mode, result, now.timestamp())
        report.update(
            jobs=1,
            facts=len(facts),
            links=len(links),
            keys=len(found.keys),
            dropped=found.dropped,
            superseded=sum(1 for link in links if link.get("invalidated")),
            **{outcome.mode: 1},
        )

    def _link(self, record: MemoryRecord, proposed: Proposed, mode: str, now: datetime) -> dict[str, Any] | None:
        """Record ``record <relation> other``. Supersedes / contradicts give the older of the two
        ``valid_to`` and ``superseded_by`` (never a deletion); the same text twice invalidates nothing."""
        agent_id = record.agent_id
        other = self._backend.get(agent_id, proposed.target_id)
        if other is None:
            return None
        relation = proposed.relation
        if relation in INVALIDATING and normalize(other.text) == normalize(record.text):
            relation = "related_to"
        source, target, invalidated = record, other, False
        if relation in INVALIDATING:
            source, target = (record, other) if _when(record) >= _when(other) else (other, record)
            invalidated = self._invalidate(target, source, relation, proposed.reason, mode, now)
        if not self._backend.add_link(agent_id, Link(source.id, target.id, relation, now)):
            return None  # already linked so
        detail = {"relation": relation, "to": target.id, "reason": proposed.reason, "mode": mode}
        self._backend.add_history(agent_id, [HistoryEntry(source.id, now, "linked", detail)])
        return {"from": source.id, **detail, "invalidated": invalidated}

    def _invalidate(
        self, older: MemoryRecord, newer: MemoryRecord, relation: str, reason: str, mode: str, now: datetime
    ) -> bool:
        current = self._backend.get(older.agent_id, older.id)
        if current is None or not current.is_current:
            return False
        self._backend.update(
            older.agent_id, older.id, {"valid_to": _when(newer), "superseded_by": newer.id, "updated_at": now}
        )
        self._backend.delete_vectors(older.agent_id, [older.id])
        detail = {"by": newer.id, "relation": relation, "reason": reason, "mode": mode}
        self._backend.add_history(older.agent_id, [HistoryEntry(older.id, now, "superseded", detail)])
        return True

    def _store_facts(self, record: MemoryRecord, facts: Sequence[enrich.Fact], now: datetime) -> list[str]:
        """Store extracted facts as memories of their own; the raw memory stays and ``elaborates`` each."""
        items = [
            {
                "text": f.text,
                "type": f.type,
                "importance": f.importance,
                "category": record.category,
                "tags": record.tags,
                "created_at": record.created_at,
                "event_at": record.event_at,
                "source": {"type": EXTRACTION, "from": record.id},
            }
            for f in facts
        ]
        ids = [r.id for r in self._memory.store_many(items, agent_id=record.agent_id)]
        for fact_id in dict.fromkeys(ids):
            if fact_id != record.id:
                self._backend.add_link(record.agent_id, Link(record.id, fact_id, "elaborates", now))
        return ids

    # --- the read path --------------------------------------------------------------------------------

    def expand(self, query: str) -> Outcome[list[str]]:
        asked = tokens(query)
        return attempt(
            self.client("expand"),
            lambda llm: llm.complete_json(expand.prompt(query), lambda raw: expand.parse_terms(raw, asked)),
            lambda: expand.rule_terms(query),
        )

    def recall_hint(
        self, agent_id: str, query: str
    ) -> tuple[list[str], dict[str, tuple[str, float]], Outcome[list[str]] | None]:
        """Expansion terms (only when ``llm.query_expansion`` is on: an LLM call on the read path), memories
        whose search keys match, and the expansion's outcome for the explanation."""
        expansion = self.expand(query) if self.settings.query_expansion else None
        terms = expansion.value if expansion else []
        if not self.settings.fact_keys or self.state is None:
            return terms, {}, expansion
        found = self.tables.search_keys(agent_id, [*query_terms(query), *terms], limit=KEY_CANDIDATES)
        top = max((score for _, score in found), default=0.0)
        matches = {mid: ("search keys", KEY_WEIGHT * score / top) for mid, score in found if top > 0}
        return terms, matches, expansion

    @staticmethod
    def explain(hits: Sequence[Hit], expansion: Outcome[list[str]] | None) -> None:
        if expansion is not None:
            for hit in hits:
                hit.explain["expansion"] = {"terms": expansion.value, **expansion.report()}

    # --- consolidation into core memories -------------------------------------------------------------

    def consolidate(
        self,
        agent_id: str,
        *,
        limit: int = 2000,
        min_size: int = core.MIN_CLUSTER,
        threshold: float = core.CLUSTER_COSINE,
        dry_run: bool = False,
    ) -> CoreConsolidation:
        """Cluster recent current memories not yet in a core memory; summarise each cluster into one."""
        pool = self._pool(agent_id, limit)
        vectors = self._backend.vectors_for(agent_id, [r.id for r in pool])
        pool = [r for r in pool if r.id in vectors]
        matrix = np.stack([vectors[r.id] for r in pool]) if pool else np.zeros((0, 1), dtype=np.float32)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        groups = core.clusters(matrix / np.where(norms == 0, 1, norms), threshold=threshold, min_size=min_size)
        cores = [self._core(agent_id, [pool[i] for i in group], dry_run) for group in groups]
        return {
            "agent_id": agent_id,
            "considered": len(pool),
            "clusters": len(groups),
            "dry_run": dry_run,
            "cores": cores,
        }

    def _pool(self, agent_id: str, limit: int) -> list[MemoryRecord]:
        done = self.tables.consolidated(agent_id, CONSOLIDATION)
        recent = self._backend.list(agent_id, Filters(), limit=limit, order="newest")
        return [r for r in recent if r.id not in done and r.source.get("type") != CONSOLIDATION]

    def _core(self, agent_id: str, members: Sequence[MemoryRecord], dry_run: bool) -> CoreMemory:
        sources = [core.Source(r.id, r.text, r.type, r.category, r.importance) for r in members]
        outcome = attempt(
            self.client("consolidate"),
            lambda llm: llm.complete_json(core.prompt(sources), core.parse_summary),
            lambda: (core.rule_summary(sources), None),
        )
        summary, importance = outcome.value
        made = CoreMemory(
            sources=[s.id for s in sources], text=summary, mode=outcome.mode, llm_fallback=outcome.llm_fallback
        )
        if dry_run:
            return made
        now = datetime.now(UTC)
        item = {
            "text": summary,
            **core.core_fields(sources, importance),
            "tags": ["core"],
            "source": {"type": CONSOLIDATION, "sources": made["sources"], "mode": outcome.mode},
        }
        with self._backend.write():  # the core memory and all its links, or nothing
            core_id = self._memory.store_many([item], agent_id=agent_id)[0].id
            linked = [s.id for s in sources if s.id != core_id]
            for source_id in linked:
                self._backend.add_link(agent_id, Link(source_id, core_id, "elaborates", now))
            entries = [HistoryEntry(s, now, "consolidated", {"into": core_id}) for s in linked]
            self._backend.add_history(agent_id, entries)
        return {"id": core_id, **made}

    # --- the monthly tree rebuild ---------------------------------------------------------------------

    def rebuild_tree(self, agent_id: str, limits: TreeSettings, now: datetime, *, dry_run: bool) -> TreeRebuild:
        """The LLM's restructure of the tree index when it fits the limits and files every category as
        before, else the rule rebuild (the strongest categories win the nodes); saved unless ``dry_run``."""
        backend = self._backend
        if self.state is None:
            raise StoreError("the tree index needs the SQLite store")
        stats = backend.category_stats(agent_id)
        before = Tree.load(backend.doc_get(agent_id, TREE_DOC), stats, limits)
        at = now.timestamp()

        def rules() -> Tree:
            tree = Tree.load(backend.doc_get(agent_id, TREE_DOC), stats, limits)
            tree.refresh(at, rebuild=True)
            return tree

        outcome = attempt(
            self.client("tree_rebuild"),
            lambda llm: llm.complete_json(
                tree_rebuild.prompt(before, stats), lambda raw: tree_rebuild.apply_proposal(raw, before, stats, at)
            ),
            rules,
        )
        after = outcome.value
        if not dry_run:
            backend.doc_set(agent_id, TREE_DOC, after.to_doc(), now)
        return {
            **outcome.report(),
            "added": sorted(set(after.nodes) - set(before.nodes)),
            "dropped": sorted(set(before.nodes) - set(after.nodes)),
            "nodes": len(after.nodes),
            "size_bytes": after.size_bytes(),
            "dry_run": dry_run,
            "tree": after.to_doc()["nodes"],
        }

    # --- status ---------------------------------------------------------------------------------------

    def status(self, agent_id: str | None = None) -> Status:
        s, state = self.settings, self.state
        used = state.usage_totals(today()) if state else None
        return {
            "provider": s.provider,
            "endpoint": self.llm.describe if self.llm else None,
            "model": s.model,
            "features": {
                "extract": s.extract,
                "link_detection": s.link_detection,
                "fact_keys": s.fact_keys,
                "query_expansion": s.query_expansion,
                "queueing": self.queueing,
            },
            "budget": {
                "daily_tokens": s.daily_token_budget,
                "daily_calls": s.daily_call_budget,
                "used": dict(zip(("calls", "tokens"), used, strict=True)) if used else None,
            },
            "queue": state.queue_counts(agent_id) if state else None,
            "last_fallback": state.last_fallback(agent_id) if state else None,
            "worker": {"running": self._worker is not None and self._worker.alive, "error": self.worker_error},
        }

    def ping(self) -> Ping:
        """One tiny call: does the endpoint answer, and how fast?"""
        client = self.client("ping", cache=False)
        if client is None:
            return {"ok": False, "error": "no LLM configured: set llm.provider in config.json or pass --llm-endpoint"}
        started = time.monotonic()
        try:
            answer = client.complete("Reply with the single word: pong")
        except LLMError as exc:
            return {"ok": False, "error": str(exc), "seconds": round(time.monotonic() - started, 3)}
        return {"ok": True, "answer": answer.strip()[:80], "seconds": round(time.monotonic() - started, 3)}

    def usage(self, days: int = 7) -> dict[str, dict[str, dict[str, int]]]:
        return self.tables.usage(today(time.time() - (days - 1) * 86400))

    def close(self) -> None:
        if self._worker is not None:
            self._worker.stop(STOP_WAIT_S)
        if self.llm is not None:
            self.llm.close()


def _when(record: MemoryRecord) -> datetime:
    return record.event_at or record.created_at


def _state(record: MemoryRecord) -> str:
    return "forgotten" if record.status == "forgotten" else f"superseded by {record.superseded_by or 'a newer one'}"


def _may_link(record: MemoryRecord, other: MemoryRecord) -> bool:
    """Not itself, not a core memory, and not its own source or derivative (a fact never supersedes the
    text it was extracted from)."""
    return (
        other.id != record.id
        and other.source.get("type") != CONSOLIDATION
        and other.source.get("from") != record.id
        and record.source.get("from") != other.id
    )


class _Worker:
    """Drains the queue in a background thread while the store is open; wakes on every write."""

    def __init__(self, service: LLMService) -> None:
        self._service = service
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="tiermem-llm", daemon=True)
        self._thread.start()

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def wake(self) -> None:
        self._wake.set()

    def _loop(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(IDLE_WAKE_S)
            self._wake.clear()
            try:
                self._service.drain(stop=self._stop)
            except Exception as exc:  # a background thread has no caller: keep the reason for `llm status`
                self._service.worker_error = f"{type(exc).__name__}: {exc}"
                if self._stop.is_set():
                    return
                self._stop.wait(IDLE_WAKE_S)

    def stop(self, wait_s: float) -> None:
        """Stop after the batch in flight; claimed jobs of a batch cut short return to the queue by lease."""
        self._stop.set()
        self._wake.set()
        self._thread.join(wait_s)
