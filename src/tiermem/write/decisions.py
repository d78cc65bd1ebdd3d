"""The write path's decision for each new memory, against its stored neighbours and the earlier items of its
batch: new, a restatement (reinforces the memory it repeats), an update or a contradiction (a new memory
that supersedes the old one), or an elaboration (a new memory linked to the one it adds to).

The candidates are the memory with the same normalised text (any type), then the nearest current memories of
the same type by embedding, and the earlier batch items near it, nearest first. Each is compared by
:func:`tiermem.write.revision.compare`; the first restatement, update or contradiction decides, else the
first elaboration, else the memory is new. Similarity alone never folds two memories whose values differ.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..model import MemoryRecord
from ..storage.base import Backend
from ..text import jaccard, normalize, word_set
from . import dedup
from .revision import ELABORATION, RESTATEMENT, Revision, compare

NEIGHBOURS = 4  # nearest memories compared with each new one
# Memories tiermem derives from stored ones (facts split from a long memory, core summaries of a cluster)
# restate their sources by design: only the similarity tiers apply to them, never an update.
DERIVED_SOURCES = frozenset({"extraction", "consolidation"})


@dataclass(frozen=True, slots=True)
class Decision:
    """What to do with one new memory: ``kind`` is restatement, update, contradiction or elaboration of the
    memory ``matched_id`` (stored, or an earlier item of the batch); ``reason`` is the dedup tier of a
    restatement (exact_match, content_overlap, embedding_similarity, paraphrase) or the kind itself."""

    kind: str
    matched_id: str
    why: str
    similarity: float
    reason: str
    old_values: tuple[str, ...] = ()
    new_values: tuple[str, ...] = ()

    @property
    def stores(self) -> bool:
        """Whether the new memory is written (everything but a restatement is)."""
        return self.kind != RESTATEMENT


@dataclass(frozen=True, slots=True)
class _Candidate:
    id: str
    text: str
    type: str
    cosine: float


def _unit_rows(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return np.asarray(vectors / np.where(norms == 0, 1.0, norms), dtype=np.float32)


def _restatement_reason(new_text: str, old_text: str, cosine: float, threshold: float) -> str:
    if normalize(new_text) == normalize(old_text):
        return "exact_match"
    if jaccard(word_set(new_text), word_set(old_text)) > dedup.JACCARD_THRESHOLD:
        return "content_overlap"
    return "embedding_similarity" if cosine >= threshold else "paraphrase"


def decide_one(
    text: str, type_: str, candidates: Sequence[_Candidate], thresholds: Mapping[str, float]
) -> Decision | None:
    """The decision for one new memory over its candidates (nearest first); None: a new memory."""
    threshold = thresholds[type_]
    elaboration: Decision | None = None
    for cand in candidates:
        revision = compare(text, cand.text, cand.cosine, same_type=cand.type == type_, threshold=threshold)
        if revision.kind == ELABORATION:
            elaboration = elaboration or _decision(revision, cand, text, threshold)
        elif revision.kind != "distinct":
            return _decision(revision, cand, text, threshold)
    return elaboration


def similarity_only(
    text: str, type_: str, candidates: Sequence[_Candidate], thresholds: Mapping[str, float]
) -> Decision | None:
    """ClarkOS' three tiers alone (``revisions: false``): the same text (any type), more than 0.85 word
    overlap or the type's cosine threshold (same type) is a restatement, whatever values differ."""
    pool = [dedup.Candidate(c.id, c.text, c.type, similarity=c.cosine) for c in candidates]
    found = dedup.check_duplication(text, type_, None, pool, thresholds)
    if found.is_unique:
        return None
    cand = next(c for c in candidates if c.id == found.matched_id)
    return _decision(Revision(RESTATEMENT, "similar enough"), cand, text, thresholds[type_])


def _decision(revision: Revision, cand: _Candidate, text: str, threshold: float) -> Decision:
    reason = (
        _restatement_reason(text, cand.text, cand.cosine, threshold) if revision.kind == RESTATEMENT else revision.kind
    )
    similarity = {"exact_match": 1.0, "content_overlap": jaccard(word_set(text), word_set(cand.text))}.get(
        reason, cand.cosine
    )
    return Decision(revision.kind, cand.id, revision.why, similarity, reason, revision.old_values, revision.new_values)


class WriteDecisions:
    """Decides, for a batch of new records, what each one is (reads the store, writes nothing)."""

    def __init__(self, backend: Backend, thresholds: Mapping[str, float], *, revisions: bool = True) -> None:
        self._backend = backend
        self._thresholds = dict(thresholds)
        self._decide_one = decide_one if revisions else similarity_only

    def decide(self, agent_id: str, records: Sequence[MemoryRecord], vectors: np.ndarray) -> list[Decision | None]:
        by_hash = self._backend.find_by_hashes(agent_id, [r.content_hash for r in records])
        types = [r.type for r in records]
        # Twice as deep as compared: earlier items of the batch may replace some, as storing one by one would.
        found = self._backend.dedup_candidates(agent_id, vectors, limit=2 * NEIGHBOURS, types=types)
        wanted = {m for row in found for m, _ in row} | {exact.id for exact in by_hash.values()}
        stored = self._backend.current_texts(agent_id, list(wanted))
        units = _unit_rows(vectors)
        batch = units @ units.T
        decisions: list[Decision | None] = []
        kept: dict[str, list[int]] = {}  # type -> earlier batch items that are written (a later one may match)
        first_of_text: dict[str, int] = {}  # content hash -> the first written batch item with it (any type)
        retired: set[str] = set()  # replaced by an earlier item of this batch: no longer a candidate
        for i, record in enumerate(records):
            mine = kept.get(record.type, [])
            pool = self._pool(i, records, found[i], by_hash, stored, batch, mine, first_of_text, retired)
            derived = record.source.get("type") in DERIVED_SOURCES
            decision = (similarity_only if derived else self._decide_one)(
                record.text, record.type, pool, self._thresholds
            )
            if decision is None or decision.stores:
                kept.setdefault(record.type, []).append(i)
                first_of_text.setdefault(record.content_hash, i)
            if decision is not None and decision.kind in ("update", "contradiction"):
                retired.add(decision.matched_id)
            decisions.append(decision)
        return decisions

    @staticmethod
    def _pool(
        i: int,
        records: Sequence[MemoryRecord],
        neighbours: Sequence[tuple[str, float]],
        by_hash: Mapping[str, MemoryRecord],
        stored: Mapping[str, tuple[str, str]],
        batch: np.ndarray,
        kept: Sequence[int],
        first_of_text: Mapping[str, int],
        retired: set[str],
    ) -> list[_Candidate]:
        """Item ``i``'s candidates, as storing it alone after the earlier items would see them: the oldest
        memory with its text (stored, else the first such batch item), then its :data:`NEIGHBOURS` nearest of
        its type among the stored memories and the earlier batch items together."""
        record = records[i]
        exact = by_hash.get(record.content_hash)
        twin = first_of_text.get(record.content_hash)
        first: list[_Candidate] = []
        if exact is not None:
            first.append(_Candidate(exact.id, exact.text, exact.type, 1.0))
        if twin is not None:
            first.append(_Candidate(records[twin].id, records[twin].text, records[twin].type, 1.0))
        near = [_Candidate(m, stored[m][0], stored[m][1], c) for m, c in neighbours if m in stored]
        near += [_Candidate(records[j].id, records[j].text, records[j].type, float(batch[i, j])) for j in kept]
        near.sort(key=lambda c: c.cosine, reverse=True)
        first = [c for c in first if c.id not in retired]
        taken = {c.id for c in first} | retired
        return first + [c for c in near if c.id not in taken][:NEIGHBOURS]
