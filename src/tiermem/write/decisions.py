"""The write path's decision for each new memory, against its stored neighbours and the earlier items of its
batch: new, a restatement (reinforces the memory it repeats), an update or a contradiction (a new memory
that supersedes the old one), or an elaboration (a new memory linked to the one it adds to).

The candidates are the memory with the same normalised text (any type), then the nearest current memories of
the same type by embedding, and the earlier batch items near it, nearest first. Each is compared by
:func:`tiermem.write.revision.compare`; the first restatement, update or contradiction decides, else the
first elaboration, else the memory is new. Similarity alone never folds two memories whose values differ,
nor two dated tellings of an event for different moments (:func:`another_occurrence`). A message of a
conversation is no fact: only the same message stored again is folded (:func:`_as_message`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

import numpy as np

from ..model import MemoryRecord
from ..storage.base import Backend
from ..text import jaccard, normalize, word_set
from . import dedup
from .revision import ELABORATION, KEPT_BESIDE, RESTATEMENT, Revision, compare
from .statement import read

NEIGHBOURS = 4  # nearest memories compared with each new one
# Memories tiermem derives from stored ones (facts split from a long memory, core summaries of a cluster)
# restate their sources by design: only the similarity tiers apply to them, never an update.
DERIVED_SOURCES = frozenset({"extraction", "consolidation"})
MESSAGE = "conversation"  # the source type of a message stored by store_conversation (core/conversation.py)
EXACT = "exact_match"


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


class _Candidate(NamedTuple):
    id: str
    text: str
    type: str
    cosine: float


def _unit_rows(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return np.asarray(vectors / np.where(norms == 0, 1.0, norms), dtype=np.float32)


def _restatement_reason(new_text: str, old_text: str, cosine: float, threshold: float) -> str:
    if normalize(new_text) == normalize(old_text):
        return EXACT
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
        if revision.why == KEPT_BESIDE:  # the memory it is about, found: no farther one decides instead
            return _decision(revision, cand, text, threshold)
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
        # Twice as deep as compared: earlier items of the batch may replace some, as storing one by one would.
        found = self._backend.dedup_candidates(agent_id, vectors, limit=2 * NEIGHBOURS, types=[r.type for r in records])
        units = _unit_rows(vectors)
        batch = _Batch(records, units @ units.T, _StoredTexts(self._backend, agent_id, found))
        decisions: list[Decision | None] = []
        stored = partial(_stored, {r.id: r for r in records}, self._backend, agent_id)
        for i, record in enumerate(records):
            pool = batch.pool(i, found[i], by_hash.get(record.content_hash))
            if record.source.get("type") == MESSAGE:
                batch.decided(i, decision := _as_message(record, pool, stored))
                decisions.append(decision)
                continue
            derived = record.source.get("type") in DERIVED_SOURCES
            decide = similarity_only if derived else self._decide_one
            decision = decide(record.text, record.type, pool, self._thresholds)
            while decision is not None and not decision.stores and record.event_at is not None:
                if not another_occurrence(record, stored(decision.matched_id)):
                    break
                pool = [c for c in pool if c.id != decision.matched_id]  # what the others make of it decides
                decision = decide(record.text, record.type, pool, self._thresholds)
            batch.decided(i, decision)
            decisions.append(decision)
        return decisions


def _stored(
    in_batch: Mapping[str, MemoryRecord], backend: Backend, agent_id: str, memory_id: str
) -> MemoryRecord | None:
    return in_batch.get(memory_id) or backend.get(agent_id, memory_id)


def _as_message(
    record: MemoryRecord, pool: Sequence[_Candidate], stored: Callable[[str], MemoryRecord | None]
) -> Decision | None:
    """A message of a conversation (``store_conversation``) is what was said at that point of it, not a fact
    told: it is folded only into the same message stored before (the conversation imported again: the same
    text, session, moment and place in it), and it never supersedes another message; of two answers that
    changed, the read path puts the newer first. (Folding and superseding messages as facts cost recall on
    both parts of bench/retrieval.py: LoCoMo R@10 0.7245 -> 0.7078 judged, LongMemEval turn_all@5 0.6269 ->
    0.6119.)"""
    said = normalize(record.text)
    for cand in pool:
        if normalize(cand.text) != said:
            continue
        earlier = stored(cand.id)
        if earlier is not None and _same_message(record, earlier):
            return Decision(RESTATEMENT, cand.id, "the same message of the conversation, stored again", 1.0, EXACT)
    return None


def _same_message(new: MemoryRecord, old: MemoryRecord) -> bool:
    """Said in the same conversation, at the same moment, at the same place in it."""
    same = ("session", "turn")
    return all(new.source.get(k) == old.source.get(k) for k in same) and new.event_at == old.event_at


def another_occurrence(new: MemoryRecord, old: MemoryRecord | None) -> bool:
    """The same event told for another moment ("Ran 5 km along the river", dated the 2nd, then the 4th): two
    occurrences, each a memory of its own, which a search for its day finds; not a restatement. Both dated
    (``event_at``) and both told as something that happened (past tense, no present verb): a state told
    again on another day ("My sister lives in Berlin") is still a restatement."""
    return (
        old is not None
        and old.event_at is not None
        and new.event_at is not None
        and old.event_at != new.event_at
        and read(new.text).event
        and read(old.text).event
    )


class _StoredTexts:
    """(text, type) of the current stored neighbours, read from the store as the pools need them: the
    :data:`NEIGHBOURS` nearest of each item up front (one query for the batch), deeper ones only for the
    few items whose nearest are not current or were replaced by an earlier item of the batch."""

    def __init__(self, backend: Backend, agent_id: str, found: Sequence[Sequence[tuple[str, float]]]) -> None:
        self._backend = backend
        self._agent_id = agent_id
        self._known: dict[str, tuple[str, str]] = {}
        self._asked: set[str] = set()
        self._read([m for row in found for m, _ in row[:NEIGHBOURS]])

    def _read(self, ids: Sequence[str]) -> None:
        wanted = [m for m in dict.fromkeys(ids) if m not in self._asked]
        if wanted:
            self._asked.update(wanted)
            self._known.update(self._backend.current_texts(self._agent_id, wanted))

    def nearest(self, neighbours: Sequence[tuple[str, float]], taken: set[str]) -> list[_Candidate]:
        """The first :data:`NEIGHBOURS` of ``neighbours`` (nearest first) that are current and not ``taken``."""
        out: list[_Candidate] = []
        for position, (m, cosine) in enumerate(neighbours):
            if m in taken:
                continue
            if m not in self._asked:  # deeper than read up front: read the rest of this item's neighbours
                self._read([n for n, _ in neighbours[position:]])
            text_type = self._known.get(m)
            if text_type is not None:
                out.append(_Candidate(m, text_type[0], text_type[1], cosine))
                if len(out) == NEIGHBOURS:
                    break
        return out


class _Batch:
    """The state of a batch being decided in order: which earlier items are written (a later one may match
    them), the first written item of each text, and what earlier items replaced."""

    def __init__(self, records: Sequence[MemoryRecord], cosines: np.ndarray, stored: _StoredTexts) -> None:
        self._records = records
        self._stored = stored
        self._position = {r.id: i for i, r in enumerate(records)}
        # Written and not replaced by a later item: the earlier items a later one is compared with.
        self._open = [False] * len(records)
        self._first_of_text: dict[str, int] = {}  # content hash -> the first written batch item with it (any type)
        self._retired: set[str] = set()  # replaced by an earlier item of this batch: no longer a candidate
        self._earlier: list[tuple[_Earlier, int] | None] = [None] * len(records)  # its type's, its row there
        members: dict[str, list[int]] = {}
        for i, record in enumerate(records):
            members.setdefault(record.type, []).append(i)
        for group in members.values():
            if len(group) > 1:
                earlier = _Earlier(np.asarray(group), cosines)
                for row, i in enumerate(group[1:], 1):
                    self._earlier[i] = (earlier, row)

    def pool(self, i: int, neighbours: Sequence[tuple[str, float]], exact: MemoryRecord | None) -> list[_Candidate]:
        """Item ``i``'s candidates, as storing it alone after the earlier items would see them: the oldest
        memory with its text (stored, else the first such batch item), then its :data:`NEIGHBOURS` nearest of
        its type among the stored memories and the earlier batch items together."""
        record, records, retired = self._records[i], self._records, self._retired
        first: list[_Candidate] = []
        if exact is not None and exact.id not in retired:
            first.append(_Candidate(exact.id, exact.text, exact.type, 1.0))
        twin = self._first_of_text.get(record.content_hash)
        if twin is not None and records[twin].id not in retired:
            first.append(_Candidate(records[twin].id, records[twin].text, records[twin].type, 1.0))
        taken = {c.id for c in first} | retired
        near = self._stored.nearest(sorted(neighbours, key=_by_cosine), taken)
        near += self._nearest_in_batch(i, twin)
        near.sort(key=_candidate_cosine, reverse=True)  # stable: stored first, then batch items in order
        return first + near[:NEIGHBOURS]

    def _nearest_in_batch(self, i: int, twin: int | None) -> list[_Candidate]:
        """The :data:`NEIGHBOURS` earlier written items of item ``i``'s type nearest to it, but those replaced
        and its ``twin`` (already a candidate), nearest first (of equal cosines, the earlier item first)."""
        place = self._earlier[i]
        if place is None:
            return []
        found: list[tuple[int, float]] = []
        is_open = self._open
        for j, cosine in place[0].nearest(place[1]):
            if is_open[j] and j != twin:
                found.append((j, cosine))
                if len(found) == NEIGHBOURS:
                    break
        records = self._records
        return [_Candidate(records[j].id, records[j].text, records[j].type, cosine) for j, cosine in found]

    def decided(self, i: int, decision: Decision | None) -> None:
        record = self._records[i]
        if decision is None or decision.stores:
            self._open[i] = True
            self._first_of_text.setdefault(record.content_hash, i)
        if decision is not None and decision.kind in ("update", "contradiction"):
            self._retired.add(decision.matched_id)
            replaced = self._position.get(decision.matched_id)
            if replaced is not None:
                self._open[replaced] = False


class _Earlier:
    """For each item of one type in a batch, the earlier items of that type nearest first (of equal cosines,
    the earlier first): one sort of the type's cosines for the batch, walked lazily per item."""

    def __init__(self, group: np.ndarray, cosines: np.ndarray) -> None:
        self._group = group
        self._cosines = cosines[np.ix_(group, group)]
        size = len(group)
        # Only earlier items count: later ones (and the item itself) score +inf and sort last.
        below = np.tri(size, size, -1, dtype=bool)
        self._order = np.argsort(np.where(below, -self._cosines, np.inf), axis=1, kind="stable")

    def nearest(self, row: int) -> Iterator[tuple[int, float]]:
        """The earlier items of the item at ``row`` (its batch position, its cosine), nearest first."""
        columns = self._order[row, :row]
        return zip(self._group[columns].tolist(), self._cosines[row, columns].tolist(), strict=True)


def _by_cosine(neighbour: tuple[str, float]) -> float:
    return -neighbour[1]


def _candidate_cosine(candidate: _Candidate) -> float:
    return candidate.cosine
