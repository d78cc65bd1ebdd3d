"""The in-memory vector mirror (storage/vectors.py): exact top-k, exact search, the dedup shortlist.

The shortlist threshold is lowered so the inverted-file path runs on a few thousand rows.
"""

from __future__ import annotations

import numpy as np
import pytest

from tiermem.storage import vectors
from tiermem.storage.vectors import VectorIndex, one_blas_thread, top_k

DIMS = 96


def unit_rows(rng: np.random.Generator, n: int, dims: int = DIMS) -> np.ndarray:
    rows = rng.standard_normal((n, dims)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def brute(scores: np.ndarray, k: int) -> list[list[int]]:
    return [list(np.argsort(-row, kind="stable")[:k]) for row in scores]


@pytest.mark.parametrize(("rows", "cols", "k"), [(3, 10, 4), (5, 5000, 8), (4, 6403, 200), (2, 64 * 40 + 7, 1),
                                                 (3, 7, 20), (1, 100_000, 200)])
def test_top_k_is_exact_and_ordered(rows: int, cols: int, k: int) -> None:
    scores = np.random.default_rng(cols).standard_normal((rows, cols)).astype(np.float32)
    columns, values = top_k(scores, k)
    assert columns.shape == (rows, min(k, cols))
    assert columns.tolist() == brute(scores, k)
    np.testing.assert_array_equal(values, np.take_along_axis(scores, columns, 1))


def test_top_k_of_nothing() -> None:
    columns, values = top_k(np.zeros((2, 5), np.float32), 0)
    assert columns.shape == values.shape == (2, 0)


def test_search_is_exact_and_survives_growth() -> None:
    rng = np.random.default_rng(1)
    index = VectorIndex(dims=DIMS)
    data = unit_rows(rng, 5000)
    for start in range(0, 5000, 700):  # appends cross several buffer growths
        index.add([f"m{i}" for i in range(start, min(start + 700, 5000))], data[start : start + 700], start + 700)
    np.testing.assert_array_equal(index.matrix, data)
    assert index.row_of("m4321") == 4321 and index.row_of("missing") is None
    queries = unit_rows(rng, 3)
    found = index.search(queries, 10)
    assert [[r for r, _ in hits] for hits in found] == brute(queries @ data.T, 10)
    assert index.search(queries, 0) == [[], [], []]
    assert VectorIndex(dims=DIMS).search(queries, 5) == [[], [], []]


def test_dedup_shortlist_finds_near_duplicates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vectors, "SHORTLIST_FROM", 1000)
    rng = np.random.default_rng(2)
    # Clustered data, like memories: many topics, each with variations.
    centres = unit_rows(rng, 60)
    data = centres[rng.integers(0, 60, 4000)] + 0.35 * unit_rows(rng, 4000)
    data = (data / np.linalg.norm(data, axis=1, keepdims=True)).astype(np.float32)
    index = VectorIndex(dims=DIMS)
    for start in range(0, 3500, 500):  # trained at 1000 and 2000 rows, then appended to
        index.add([f"m{i}" for i in range(start, start + 500)], data[start : start + 500], start + 500)
        index.candidates(data[:2], 8)
    index.add([f"m{i}" for i in range(3500, 4000)], data[3500:], 4000)
    assert index._lists is not None and index._lists.trained_on == 2000
    assert int(index._lists.sizes.sum()) == 4000

    twins = rng.choice(4000, 300, replace=False)
    queries = data[twins] + 0.05 * unit_rows(rng, 300)
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    found = index.candidates(queries, 8)
    exact = index.search(queries, 8)
    assert all(len(hits) == 8 for hits in found)
    assert all(sims == sorted(sims, reverse=True) for sims in ([s for _, s in hits] for hits in found))
    assert sum(int(t) == hits[0][0] for t, hits in zip(twins, found, strict=True)) >= 297
    # every returned similarity is the exact full-width one
    for query, hits in zip(queries, found, strict=True):
        for row, sim in hits:
            assert sim == pytest.approx(float(data[row] @ query), abs=1e-5)
    close = [(r, s) for hits in exact for r, s in hits if s >= 0.9]
    shortlisted = {(q, r) for q, hits in enumerate(found) for r, _ in hits}
    assert sum((q, r) in shortlisted for q, hits in enumerate(exact) for r, s in hits if s >= 0.9) >= 0.99 * len(close)


def test_dedup_shortlist_with_tiny_lists_pads_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer rows in the probed lists than the shortlist asks for: every real row comes back, no filler."""
    monkeypatch.setattr(vectors, "SHORTLIST_FROM", 40)
    rng = np.random.default_rng(3)
    index = VectorIndex(dims=DIMS)
    index.add([f"m{i}" for i in range(50)], unit_rows(rng, 50), 50)
    found = index.candidates(unit_rows(rng, 4), 8)
    assert all(0 < len(hits) <= 8 and all(0 <= r < 50 for r, _ in hits) for hits in found)


def test_one_blas_thread_is_reentrant() -> None:
    with one_blas_thread() as outer, one_blas_thread() as inner:
        assert outer == inner
        assert (np.ones((64, 64), np.float32) @ np.ones((64, 64), np.float32))[0, 0] == 64
