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


@pytest.mark.parametrize(
    ("rows", "cols", "k"),
    [(3, 10, 4), (5, 5000, 8), (4, 6403, 200), (2, 64 * 40 + 7, 1), (3, 7, 20), (1, 100_000, 200)],
)
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
    for start in range(0, 4000, 500):  # the prefix rows are built once, then kept up to date on add
        index.add([f"m{i}" for i in range(start, start + 500)], data[start : start + 500], start + 500)
        index.candidates(data[:2], 8)
    np.testing.assert_allclose(index._prefix_matrix(), vectors._unit_prefix(data, vectors.PREFIX_DIMS), atol=1e-6)

    twins = rng.choice(4000, 300, replace=False)
    queries = data[twins] + 0.05 * unit_rows(rng, 300)
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    found = index.candidates(queries, 8)
    assert all(len(hits) == 8 for hits in found)
    assert all(sims == sorted(sims, reverse=True) for sims in ([s for _, s in hits] for hits in found))
    assert sum(int(t) == hits[0][0] for t, hits in zip(twins, found, strict=True)) >= 299
    for query, hits in zip(queries, found, strict=True):  # similarities are the exact full-width ones
        for row, sim in hits:
            assert sim == pytest.approx(float(data[row] @ query), abs=1e-5)


def test_dedup_shortlist_below_the_threshold_is_the_exact_search() -> None:
    rng = np.random.default_rng(3)
    index = VectorIndex(dims=DIMS)
    index.add([f"m{i}" for i in range(50)], unit_rows(rng, 50), 50)
    queries = unit_rows(rng, 4)
    assert index.candidates(queries, 8) == index.search(queries, 8)


def test_one_blas_thread_is_reentrant() -> None:
    with one_blas_thread() as outer, one_blas_thread() as inner:
        assert outer == inner
        assert (np.ones((64, 64), np.float32) @ np.ones((64, 64), np.float32))[0, 0] == 64
