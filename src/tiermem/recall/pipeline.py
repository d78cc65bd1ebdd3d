"""The recall pipeline: understand the query, gather candidates from several signals, fuse, lift by
conversational neighbours, rescore with the seeds' factors, diversify, classify and explain.

Each stage can be switched off (``RecallSettings``), which is how the benchmark's ablation is measured.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from ..config import RecallSettings
from ..model import Hit, MemoryRecord, TypeRegistry
from ..providers.embedders import Embedder
from ..storage.base import Filters
from ..storage.sqlite import SQLiteBackend
from ..text import tokens
from . import scoring
from .query import Query, analyse, stem

W_LEXICAL, W_VECTOR = 0.7, 0.3  # lexical carries exact names and numbers; vectors carry paraphrase
NEIGHBOUR_WINDOW = 1
NEIGHBOUR_WEIGHT = 0.3
COVERAGE_WEIGHT = 0.3
MMR_LAMBDA = 0.8
NEAR_DUPLICATE = 0.97
TIME_WINDOW_BOOST = 1.3
TAG_BOOST = 1.2


@dataclass
class _Candidate:
    record: MemoryRecord
    signals: dict[str, Any] = field(default_factory=dict)
    score: float = 0.0


class Recall:
    def __init__(
        self, backend: SQLiteBackend, embedder: Embedder, registry: TypeRegistry, settings: RecallSettings
    ) -> None:
        self._settings = settings
        self._backend = backend
        self._embedder = embedder
        self._registry = registry

    def search(self, agent_id: str, text: str, *, limit: int, now: datetime, filters: Filters) -> list[Hit]:
        query = analyse(text, now)
        qvec = self._embedder.embed([text])[0]
        pool = self._candidates(agent_id, query, qvec, max(self._settings.candidates, limit * 4), filters)
        if not pool:
            return []
        if self._settings.neighbours:
            self._lift_by_neighbours(agent_id, pool)
        if self._settings.rescore:
            self._rescore(pool, query, now)
        ranked = sorted(pool.values(), key=lambda c: c.score, reverse=True)
        if self._settings.diversity:
            ranked = self._diversify(agent_id, ranked, limit)
        return [self._hit(c, ranked[0].score) for c in ranked[:limit]]

    # --- stages -----------------------------------------------------------------------------------

    def _candidates(
        self, agent_id: str, query: Query, qvec: np.ndarray, depth: int, filters: Filters
    ) -> dict[str, _Candidate]:
        s = self._settings
        lexical = dict(self._backend.lexical(agent_id, query.terms, limit=depth)) if s.lexical else {}
        vector = dict(self._backend.vector(agent_id, qvec[None, :], limit=depth)[0]) if s.vector else {}
        fused = scoring.combine(scoring.normalise(lexical), scoring.normalise_cosines(vector),
                                W_LEXICAL if s.lexical else 0.0, W_VECTOR if s.vector else 0.0)
        allowed = self._backend.matching(agent_id, list(fused), filters)
        records = self._backend.get_many(agent_id, [i for i in fused if i in allowed])
        pool = {}
        for mid, record in records.items():
            signals: dict[str, Any] = {"fused": round(fused[mid], 4)}
            if mid in lexical:
                signals["bm25"] = round(lexical[mid], 3)
            if mid in vector:
                signals["cosine"] = round(vector[mid], 3)
            pool[mid] = _Candidate(record, signals, fused[mid])
        return pool

    def _lift_by_neighbours(self, agent_id: str, pool: dict[str, _Candidate]) -> None:
        """Answers often sit next to the turn that matches the question: share some of a neighbour's score."""
        base = {mid: c.score for mid, c in pool.items()}
        for mid, others in self._backend.neighbours(agent_id, list(pool), NEIGHBOUR_WINDOW).items():
            best = max((base.get(o, 0.0) for o in others), default=0.0)
            if best > 0:
                pool[mid].score += NEIGHBOUR_WEIGHT * best
                pool[mid].signals["neighbour"] = round(best, 4)

    def _rescore(self, pool: dict[str, _Candidate], query: Query, now: datetime) -> None:
        doc_stems = {mid: {stem(t) for t in tokens(c.record.text)} for mid, c in pool.items()}
        df = Counter(s for stems in doc_stems.values() for s in set(query.stems) & stems)
        idf = {s: math.log(1 + len(pool) / df[s]) if df[s] else math.log(1 + len(pool)) for s in query.stems}
        for mid, cand in pool.items():
            record, signals = cand.record, cand.signals
            match = scoring.coverage(query.stems, doc_stems[mid], idf)
            factors = {
                "coverage": 1.0 + COVERAGE_WEIGHT * match,
                "importance": scoring.importance_factor(record.importance),
                "reinforcement": scoring.reinforcement_factor(record.access_count),
                "type": scoring.type_factor(self._registry.resolve(record.type).recall_boost),
                "recency": scoring.recency(_age_days(record, now), self._settings.recency_floor,
                                           self._settings.recency_tau_days),
            }
            if query.window and query.window.contains(record.event_at or record.created_at):
                factors["time_window"] = TIME_WINDOW_BOOST
            if set(query.terms) & {t.lower() for t in record.tags}:
                factors["tags"] = TAG_BOOST
            for value in factors.values():
                cand.score *= value
            signals["match"] = round(match, 3)
            signals["factors"] = {k: round(v, 3) for k, v in factors.items() if abs(v - 1.0) > 1e-3}

    def _diversify(self, agent_id: str, ranked: list[_Candidate], limit: int) -> list[_Candidate]:
        """MMR over the head of the ranking, then drop near-duplicates of what was already picked."""
        head = ranked[: limit * 3]
        vectors = self._backend.vectors_for(agent_id, [c.record.id for c in head])
        scores = {c.record.id: c.score for c in head}
        order = scoring.mmr([c.record.id for c in head], scores, vectors, MMR_LAMBDA)
        by_id = {c.record.id: c for c in head}
        kept: list[_Candidate] = []
        dropped: list[_Candidate] = []
        kept_vecs: list[np.ndarray] = []
        for mid in order:
            vec = vectors.get(mid)
            if vec is not None and kept_vecs and float(np.max(np.stack(kept_vecs) @ vec)) >= NEAR_DUPLICATE:
                by_id[mid].signals["near_duplicate"] = True
                dropped.append(by_id[mid])
                continue
            kept.append(by_id[mid])
            if vec is not None:
                kept_vecs.append(vec)
        return kept + dropped + ranked[limit * 3 :]

    def _hit(self, cand: _Candidate, top: float) -> Hit:
        relative = cand.score / top if top > 0 else 0.0
        # The tier needs an absolute notion of match too: the top hit of a poor query is not HOT.
        strength = relative * max(cand.signals.get("fused", 0.0), cand.signals.get("match", 0.0))
        cand.signals["normalised"] = round(strength, 4)
        return Hit(cand.record, round(cand.score, 6), scoring.recall_tier(strength), cand.signals)


def _age_days(record: MemoryRecord, now: datetime) -> float:
    return (now - (record.event_at or record.created_at)).total_seconds() / 86400
