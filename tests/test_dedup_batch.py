"""With ``revisions: false`` (ClarkOS' similarity tiers alone) the batch write path cuts each record's
candidate pool for speed; its decisions must be exactly those of the plain 3-tier check against the full pool
(the oldest current memory with the same normalised text, every stored neighbour, every earlier unique item of
the batch). The default write path must decide a batch as it decides the same items stored one by one."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tiermem import Memory
from tiermem.model import MemoryRecord
from tiermem.storage import vectors as vector_index
from tiermem.write.decisions import NEIGHBOURS as DEDUP_NEIGHBOURS
from tiermem.write.dedup import Candidate, DedupResult, check_duplication

SUBJECTS = ["the billing worker", "our search index", "Alice", "the nightly build", "the mobile app", "Bob's CLI"]
VERBS = ["crashed during", "was rewritten for", "slowed down after", "now depends on", "was tested against"]
OBJECTS = [
    "the Redis upgrade",
    "the March release",
    "a schema migration",
    "the new rate limiter",
    "PostgreSQL 16",
    "the SSO rollout",
    "an expired certificate",
    "the load test in Berlin",
]
TYPES = ["semantic", "episodic", "error_resolution", "session_note"]


def corpus(n: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    items: list[dict[str, Any]] = []
    for _ in range(n):
        if items and rng.random() < 0.25:  # a restatement of an earlier item, sometimes with another type
            text = rng.choice(items)["text"]
            words = text.split()
            kind = rng.random()
            if kind < 0.3:
                text = text.upper() + "!"
            elif kind < 0.6:
                words[rng.randrange(len(words))] = "really"
                text = " ".join(words)
            else:
                text = "Note: " + text
        else:
            text = (
                f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} and "
                f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)}"
            )
        items.append({"text": text, "type": rng.choice(TYPES)})
    return items


def reference(mem: Memory, records: Sequence[MemoryRecord], vectors: np.ndarray) -> list[DedupResult | None]:
    """The straightforward version: every candidate in the pool, in order."""
    backend = mem._backend
    thresholds = mem.core.registry.thresholds()
    neighbours = backend.dedup_candidates("default", vectors, limit=DEDUP_NEIGHBOURS, types=[r.type for r in records])
    ids = list({m for row in neighbours for m, _ in row})
    stored = backend.get_many("default", ids)
    stored_vecs = backend.vectors_for("default", ids)
    accepted: list[Candidate] = []
    out: list[DedupResult | None] = []
    for record, vector, row in zip(records, vectors, neighbours, strict=True):
        exact = backend.find_by_hash("default", record.content_hash)
        pool = [Candidate(exact.id, exact.text, exact.type)] if exact else []
        pool += [
            Candidate(m, stored[m].text, stored[m].type, stored_vecs.get(m))
            for m, _ in row
            if m in stored and stored[m].is_current
        ]
        result = check_duplication(record.text, record.type, vector, pool + accepted, thresholds)
        if result.is_unique:
            accepted.append(Candidate(record.id, record.text, record.type, vector))
        out.append(None if result.is_unique else result)
    return out


@pytest.mark.parametrize("shortlist_from", [vector_index.SHORTLIST_FROM, 100])
def test_batch_dedup_decides_exactly_like_the_full_pool(
    open_memory: Callable[..., Memory], monkeypatch: pytest.MonkeyPatch, shortlist_from: int
) -> None:
    """Also with neighbours shortlisted through the prefix rows of each type, as in stores above 20k rows."""
    monkeypatch.setattr(vector_index, "SHORTLIST_FROM", shortlist_from)
    mem = open_memory(config={"revisions": False})
    items = corpus(900, seed=7)
    seen: set[str] = set()
    for start in range(0, len(items), 150):
        now = datetime.now(UTC)
        records = [
            mem.core.preparer.record(item, "default", now, i) for i, item in enumerate(items[start : start + 150])
        ]
        vectors = mem.embedder.embed([r.text for r in records])
        with mem._backend.write():
            fast = mem.core.decisions.decide("default", records, vectors)
            slow = reference(mem, records, vectors)
            assert [(d.reason, d.matched_id, round(d.similarity, 4)) if d else None for d in fast] == [
                (d.reason, d.matched_id, round(d.similarity, 4)) if d else None for d in slow
            ]
            mem.core.commit_batch("default", records, vectors, fast, now, [False] * len(records))
        seen.update(d.reason for d in fast if d)
    assert seen == {"exact_match", "content_overlap", "embedding_similarity"}  # every tier was exercised


def test_a_batch_decides_as_the_same_items_stored_one_by_one(
    open_memory: Callable[..., Memory], tmp_path: Path
) -> None:
    items = corpus(120, seed=3)
    batched = open_memory(tmp_path / "batched").store_many(items)
    single = open_memory(tmp_path / "single")
    one_by_one = [single.store(**item) for item in items]
    assert [r.decision for r in batched] == [r.decision for r in one_by_one]
    assert {"new", "restatement"} <= {r.decision for r in batched}
