"""Three-tier duplicate detection (ClarkOS): exact match, word overlap, embedding similarity. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import ValidationError
from ..text import jaccard, normalize, word_set

JACCARD_THRESHOLD = 0.85


@dataclass(frozen=True, slots=True)
class Candidate:
    """An existing memory as dedup sees it. Tier 3 needs ``embedding``, or its ``similarity`` to the new
    memory when the caller has it already (the write path's neighbour search returns cosines)."""

    id: str
    text: str
    type: str
    embedding: np.ndarray | None = None
    similarity: float | None = None


@dataclass(frozen=True, slots=True)
class DedupResult:
    is_unique: bool
    reason: str  # unique | exact_match | content_overlap | embedding_similarity
    similarity: float = 0.0
    matched_id: str | None = None


UNIQUE = DedupResult(True, "unique")


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    """Cosine similarity; 0 when either vector is all zeros; an error when dimensions differ."""
    if a.shape != b.shape:
        raise ValidationError(f"cannot compare embeddings of {a.shape[-1]} and {b.shape[-1]} dimensions")
    norms = float(np.linalg.norm(a) * np.linalg.norm(b))
    return float(np.dot(a, b) / norms) if norms else 0.0


def check_duplication(
    text: str,
    type_: str,
    embedding: np.ndarray | None,
    existing: Sequence[Candidate],
    thresholds: Mapping[str, float],
) -> DedupResult:
    """First match wins, tier by tier: exact (any type), Jaccard > 0.85 (same type), cosine ≥ threshold (same type)."""
    normalized = normalize(text)
    for cand in existing:
        if normalize(cand.text) == normalized:
            return DedupResult(False, "exact_match", 1.0, cand.id)
    words = word_set(text)
    same_type = [c for c in existing if c.type == type_]
    for cand in same_type:
        overlap = jaccard(words, word_set(cand.text))
        if overlap > JACCARD_THRESHOLD:
            return DedupResult(False, "content_overlap", overlap, cand.id)
    threshold = thresholds[type_]
    for cand in same_type:
        similarity = cand.similarity
        if similarity is None and embedding is not None and embedding.size and cand.embedding is not None:
            similarity = cosine(embedding, cand.embedding)
        if similarity is not None and similarity >= threshold:
            return DedupResult(False, "embedding_similarity", similarity, cand.id)
    return UNIQUE


def find_similar(
    text: str,
    embedding: np.ndarray | None,
    existing: Sequence[Candidate],
    *,
    limit: int = 5,
    min_similarity: float = 0.5,
) -> list[tuple[Candidate, float]]:
    """Most similar existing memories, best first: cosine when embeddings exist, else word Jaccard."""
    if embedding is None:
        words = word_set(text)
        scored = [(c, jaccard(words, word_set(c.text))) for c in existing]
    else:
        scored = [(c, cosine(embedding, c.embedding)) for c in existing if c.embedding is not None]
    kept = [pair for pair in scored if pair[1] >= min_similarity]
    kept.sort(key=lambda pair: pair[1], reverse=True)
    return kept[:limit]
