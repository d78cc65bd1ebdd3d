"""The recall pipeline: candidates from several signals, rank fusion, rescoring, explanations."""

from __future__ import annotations

from datetime import datetime

from ..model import Hit, TypeRegistry
from ..providers.embedders import Embedder
from ..storage.base import Filters
from ..storage.sqlite import SQLiteBackend
from ..text import tokens

RRF_K = 60
CANDIDATES = 100


class Recall:
    def __init__(self, backend: SQLiteBackend, embedder: Embedder, registry: TypeRegistry) -> None:
        self._backend = backend
        self._embedder = embedder
        self._registry = registry

    def search(self, agent_id: str, query: str, *, limit: int, now: datetime, filters: Filters) -> list[Hit]:
        depth = max(CANDIDATES, limit * 4)
        lexical = self._backend.lexical(agent_id, tokens(query), limit=depth)
        vector = self._backend.vector(agent_id, self._embedder.embed([query]), limit=depth)[0]
        fused: dict[str, dict[str, float]] = {}
        for rank, (mid, score) in enumerate(lexical, 1):
            fused.setdefault(mid, {})["lexical_rank"] = rank
            fused[mid]["bm25"] = round(score, 4)
        for rank, (mid, sim) in enumerate(vector, 1):
            fused.setdefault(mid, {})["vector_rank"] = rank
            fused[mid]["cosine"] = round(sim, 4)
        for signals in fused.values():
            signals["rrf"] = sum(1.0 / (RRF_K + signals[k]) for k in ("lexical_rank", "vector_rank") if k in signals)
        ranked = sorted(fused, key=lambda m: fused[m]["rrf"], reverse=True)
        records = self._backend.get_many(agent_id, ranked[: depth])
        allowed = self._backend.matching(agent_id, list(records), filters)
        hits = []
        top = fused[ranked[0]]["rrf"] if ranked else 1.0
        for mid in ranked:
            record = records.get(mid)
            if record is None or mid not in allowed or not record.is_current:
                continue
            score = fused[mid]["rrf"] / top
            hits.append(Hit(record, round(score, 4), "hot" if score >= 0.6 else "warm" if score >= 0.3 else "cold",
                            {"signals": fused[mid]}))
            if len(hits) == limit:
                break
        return hits

