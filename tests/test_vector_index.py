"""The in-memory vector mirror (storage/vectors.py): exact top-k, exact search, the dedup shortlist.

The shortlist threshold is lowered so the prefix-shortlist path runs on a few thousand rows.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiermem.storage import vectors
from tiermem.storage.vectors import VectorIndex, one_blas_thread, top_k

DIMS = 96


def unit_rows(rng: np.random.Generator, n: int, dims: int = DIMS) -> np.ndarray:
    rows = rng.standard_normal((n, dims)).astype(np.float32)
    units: np.ndarray = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    return units


def clustered(rng: np.random.Generator, n: int) -> np.ndarray:
    """Unit rows like memories: many topics, each with variations."""
    centres = unit_rows(rng, 60)
    data = centres[rng.integers(0, 60, n)] + 0.35 * unit_rows(rng, n)
    unit: np.ndarray = (data / np.linalg.norm(data, axis=1, keepdims=True)).astype(np.float32)
    return unit


def assert_twins_found(
    data: np.ndarray, twins: np.ndarray, queries: np.ndarray, found: list[list[tuple[int, float]]]
) -> None:
    """Each query (a restated row) finds its twin first, best first, with exact full-width similarities."""
    assert all(len(hits) == 8 for hits in found)
    assert sum(int(t) == hits[0][0] for t, hits in zip(twins, found, strict=True)) >= len(twins) - 1
    for query, hits in zip(queries, found, strict=True):
        assert [s for _, s in hits] == sorted((s for _, s in hits), reverse=True)
        for row, sim in hits:
            assert sim == pytest.approx(float(data[row] @ query), abs=1e-5)


def restated(rng: np.random.Generator, data: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random rows (the twins) and a slight variation of each (the queries)."""
    twins = rng.choice(len(data), n, replace=False)
    queries = data[twins] + 0.05 * unit_rows(rng, n)
    return twins, queries / np.linalg.norm(queries, axis=1, keepdims=True)


def brute(scores: np.ndarray, k: int) -> list[list[int]]:
    return [list(np.argsort(-row, kind="stable")[:k]) for row in scores]


@pytest.mark.parametrize(
    ("rows", "cols", "k"),
    [
        (3, 10, 4),
        (5, 5000, 8),
        (4, 6403, 200),
        (2, 64 * 40 + 7, 1),
        (3, 7, 20),
        (1, 100_000, 200),
        (1, 6403, 200),
        (1, 100_000, 1600),  # one long row, a large k: through a sampled threshold
        (1, 40_000, 3000),
    ],
)
def test_top_k_is_exact_and_ordered(rows: int, cols: int, k: int) -> None:
    scores = np.random.default_rng(cols).standard_normal((rows, cols)).astype(np.float32)
    columns, values = top_k(scores, k)
    assert columns.shape == (rows, min(k, cols))
    assert columns.tolist() == brute(scores, k)
    np.testing.assert_array_equal(values, np.take_along_axis(scores, columns, 1))


@settings(max_examples=80, deadline=None)
@given(
    rows=st.integers(1, 3),
    cols=st.integers(1, 64 * 30 + 9),
    k=st.integers(1, 12),
    levels=st.integers(1, 6),
    seed=st.integers(0, 2**32 - 1),
)
def test_top_k_with_ties_keeps_every_better_score_and_column_order(
    rows: int, cols: int, k: int, levels: int, seed: int
) -> None:
    """Scores from a few levels, so many are equal (both paths: few and many blocks of 64)."""
    scores = np.random.default_rng(seed).integers(0, levels, (rows, cols)).astype(np.float32)
    columns, values = top_k(scores, k)
    for row, picked, got in zip(scores, columns.tolist(), values.tolist(), strict=True):
        expected = sorted(row.tolist(), reverse=True)[: min(k, cols)]
        assert got == expected  # the k best values, best first
        cut = expected[-1]
        assert set(np.flatnonzero(row > cut).tolist()) <= set(picked)  # every strictly better column is in
        for value in set(got):  # equal scores in column order
            same = [c for c, v in zip(picked, got, strict=True) if v == value]
            assert same == sorted(same)


@pytest.mark.parametrize("levels", [3, 50])
def test_top_k_of_a_long_row_is_exact_with_ties_and_when_the_sample_misleads(levels: int) -> None:
    """A long row and a large k go through a threshold read from every 8th column: exact with many equal scores,
    and when the sampled columns hold the best values (few columns reach the sample's threshold)."""
    rng = np.random.default_rng(levels)
    tied = rng.integers(0, levels, (1, 50_000)).astype(np.float32)
    skewed = np.full((1, 50_000), -1.0, np.float32)
    skewed[0, ::8] = rng.standard_normal(50_000 // 8)  # every sampled column beats every other one
    for scores in (tied, skewed):
        columns, values = top_k(scores, 2000)
        expected = np.sort(scores[0])[::-1][:2000]
        np.testing.assert_array_equal(values[0], expected)
        assert len(set(columns[0].tolist())) == 2000
        assert set(np.flatnonzero(scores[0] > expected[-1]).tolist()) <= set(columns[0].tolist())


def test_top_k_of_nothing() -> None:
    columns, values = top_k(np.zeros((2, 5), np.float32), 0)
    assert columns.shape == values.shape == (2, 0)


def test_search_is_exact_and_survives_growth() -> None:
    rng = np.random.default_rng(1)
    index = VectorIndex(dims=DIMS)
    data = unit_rows(rng, 5000)
    for start in range(0, 5000, 700):  # appends cross several buffer growths
        ids = [f"m{i}" for i in range(start, min(start + 700, 5000))]
        index.add(ids, data[start : start + 700], range(start + 11, start + len(ids) + 11), ["semantic"] * len(ids))
    np.testing.assert_array_equal(index.matrix, data)
    assert index.row_of("m4321") == 4321 and index.row_of("missing") is None
    assert index.rowids_of(["m4321", "missing", "m0"]) == {"m4321": 4332, "m0": 11} and index.watermark == 5010
    queries = unit_rows(rng, 3)
    found = index.search(queries, 10)
    assert [[r for r, _ in hits] for hits in found] == brute(queries @ data.T, 10)
    assert index.search(queries, 0) == [[], [], []]
    assert VectorIndex(dims=DIMS).search(queries, 5) == [[], [], []]


def test_dedup_shortlist_finds_near_duplicates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vectors, "SHORTLIST_FROM", 1000)
    rng = np.random.default_rng(2)
    data = clustered(rng, 4000)
    index = VectorIndex(dims=DIMS)
    for start in range(0, 4000, 500):  # the prefix rows are built once, then kept up to date on add
        index.add(
            [f"m{i}" for i in range(start, start + 500)],
            data[start : start + 500],
            range(start, start + 500),
            ["semantic"] * 500,
        )
        index.candidates(data[:2], 8)
    np.testing.assert_allclose(index._prefix_matrix(), vectors._unit_prefix(data, vectors.PREFIX_DIMS), atol=1e-6)

    twins, queries = restated(rng, data, 300)
    assert_twins_found(data, twins, queries, index.candidates(queries, 8))


def test_dedup_shortlist_below_the_threshold_is_the_exact_search() -> None:
    rng = np.random.default_rng(3)
    index = VectorIndex(dims=DIMS)
    index.add([f"m{i}" for i in range(50)], unit_rows(rng, 50), range(50), ["semantic"] * 50)
    queries = unit_rows(rng, 4)
    assert index.candidates(queries, 8) == index.search(queries, 8)


def test_one_blas_thread_is_reentrant() -> None:
    with one_blas_thread() as outer, one_blas_thread() as inner:
        assert outer == inner
        assert (np.ones((64, 64), np.float32) @ np.ones((64, 64), np.float32))[0, 0] == 64


@settings(max_examples=40, deadline=None)
@given(
    sizes=st.lists(st.integers(1, 300), min_size=1, max_size=4),
    n_types=st.integers(1, 4),
    limit=st.integers(1, 12),
    seed=st.integers(0, 2**32 - 1),
)
def test_nearest_of_type_is_the_exact_search_among_rows_of_the_type(
    sizes: list[int], n_types: int, limit: int, seed: int
) -> None:
    """Below SHORTLIST_FROM rows each query gets exactly the nearest rows of its type, however the rows
    arrived (the partition is built on first use, then kept up to date on add)."""
    rng = np.random.default_rng(seed)
    kinds = [f"type{i}" for i in range(n_types)]
    index = VectorIndex(dims=DIMS)
    data, types = np.zeros((0, DIMS), np.float32), np.array([], dtype=object)
    for size in sizes:
        block, block_types = unit_rows(rng, size), rng.choice(kinds, size)
        index.add(
            [f"m{len(index) + i}" for i in range(size)], block, range(len(index), len(index) + size), list(block_types)
        )
        data, types = np.vstack([data, block]), np.concatenate([types, block_types])
        queries, asked = unit_rows(rng, 5), list(rng.choice([*kinds, "unseen"], 5))
        found = index.nearest_of_type(queries, asked, limit)
        for query, kind, hits in zip(queries, asked, found, strict=True):
            scores = np.where(types == kind, data @ query, -np.inf)
            assert [r for r, _ in hits] == brute(scores[None, :], min(limit, int((types == kind).sum())))[0]
            for row, sim in hits:
                assert sim == pytest.approx(float(data[row] @ query), abs=1e-5)


def test_nearest_of_type_above_the_threshold_shortlists_within_the_type(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vectors, "SHORTLIST_FROM", 1000)
    rng = np.random.default_rng(4)
    data = clustered(rng, 4000)
    types = [("semantic", "episodic", "procedural")[i % 3] for i in range(4000)]
    index = VectorIndex(dims=DIMS)
    index.add([f"m{i}" for i in range(2000)], data[:2000], range(2000), types[:2000])
    index.nearest_of_type(data[:1], types[:1], 8)  # builds the partition, which the next add extends
    index.add([f"m{i}" for i in range(2000, 4000)], data[2000:], range(2000, 4000), types[2000:])
    twins, queries = restated(rng, data, 300)
    found = index.nearest_of_type(queries, [types[t] for t in twins], 8)
    assert_twins_found(data, twins, queries, found)
    assert all(types[row] == types[t] for t, hits in zip(twins, found, strict=True) for row, _ in hits)


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(0, 60),
    kept=st.lists(st.booleans(), min_size=60, max_size=60),
    seed=st.integers(0, 2**32 - 1),
    warm=st.booleans(),
)
def test_retain_equals_a_mirror_of_the_kept_rows(size: int, kept: list[bool], seed: int, warm: bool) -> None:
    """Dropping deleted rows in place answers exactly like a mirror built from the rows left, and rows
    added afterwards join it as usual."""
    rng = np.random.default_rng(seed)
    data, types = unit_rows(rng, size + 5), [("semantic", "episodic")[i % 2] for i in range(size + 5)]
    keys = list(range(10, 10 + 3 * (size + 5), 3))  # store keys: ascending, with gaps
    index = VectorIndex(dims=DIMS)
    index.add([f"m{i}" for i in range(size)], data[:size], keys[:size], types[:size])
    if warm:  # the prefix rows and the type partitions exist before the deletion
        index.nearest_of_type(data[:1], ["semantic"], 3)
    keep = [i for i in range(size) if kept[i]]
    index.retain(np.array([keys[i] for i in keep], dtype=np.int64))
    fresh = VectorIndex(dims=DIMS)
    fresh.add([f"m{i}" for i in keep], data[keep], [keys[i] for i in keep], [types[i] for i in keep])
    for mirror in (index, fresh):  # a later write reaches both
        mirror.add([f"m{i}" for i in range(size, size + 5)], data[size:], keys[size:], types[size:])
    assert index.ids == fresh.ids and index.rowids == fresh.rowids and index.types == fresh.types
    assert all(index.row_of(mid) == fresh.row_of(mid) for mid in fresh.ids)
    queries = unit_rows(rng, 3)
    assert index.search(queries, 7) == fresh.search(queries, 7)
    assert index.nearest_of_type(queries, ["semantic", "episodic", "x"], 4) == fresh.nearest_of_type(
        queries, ["semantic", "episodic", "x"], 4
    )


def _by_id(index: VectorIndex, found: list[list[tuple[int, float]]]) -> list[list[tuple[str, float]]]:
    return [[(index.ids[row], sim) for row, sim in hits] for hits in found]


def _assert_same(got: list[list[tuple[str, float]]], want: list[list[tuple[str, float]]]) -> None:
    """Same neighbours in the same order, with the same similarity to float32 rounding (the two mirrors lay
    their rows out differently, so a dot product may differ in its last bits)."""
    assert [[mid for mid, _ in hits] for hits in got] == [[mid for mid, _ in hits] for hits in want]
    for mine, theirs in zip(got, want, strict=True):
        assert np.allclose([s for _, s in mine], [s for _, s in theirs], atol=1e-5)


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(0, 80),
    removed=st.lists(st.booleans(), min_size=80, max_size=80),
    seed=st.integers(0, 2**32 - 1),
    warm=st.booleans(),
    shortlist=st.booleans(),
    compact_from=st.sampled_from([2, 1024]),
)
def test_removed_rows_answer_like_a_mirror_without_them(
    size: int, removed: list[bool], seed: int, warm: bool, shortlist: bool, compact_from: int
) -> None:
    """Rows removed in place (marked dead, or copied out once enough are dead) are never found again, and
    every search answers exactly like a mirror built from the rows left, rows added afterwards included."""
    rng = np.random.default_rng(seed)
    n = size + 5
    data, types = unit_rows(rng, n), [("semantic", "episodic", "procedural")[i % 3] for i in range(n)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(vectors, "SHORTLIST_FROM", 10 if shortlist else 20_000)
        patch.setattr(vectors, "_COMPACT_FROM", compact_from)
        index = VectorIndex(dims=DIMS)
        index.add([f"m{i}" for i in range(size)], data[:size], range(size), types[:size])
        if warm:  # the prefix rows and the type partitions exist before the removal
            index.candidates(data[:1], 3)
            index.nearest_of_type(data[:1], ["semantic"], 3)
        gone = [i for i in range(size) if removed[i]]
        index.remove([f"m{i}" for i in gone] + ["never-stored"])
        keep = [i for i in range(size) if not removed[i]]
        fresh = VectorIndex(dims=DIMS)
        fresh.add([f"m{i}" for i in keep], data[keep], keep, [types[i] for i in keep])
        for mirror in (index, fresh):  # a later write reaches both
            mirror.add([f"m{i}" for i in range(size, n)], data[size:], range(size, n), types[size:])
        assert all(index.row_of(f"m{i}") is None for i in gone)
        assert index.rowids_of(f"m{i}" for i in range(n)) == fresh.rowids_of(f"m{i}" for i in range(n))
        queries, asked = unit_rows(rng, 4), ["semantic", "episodic", "procedural", "x"]
        for limit in (1, 6, 40):
            asks: list[tuple[str, tuple[object, ...]]] = [
                ("search", (queries, limit)),
                ("candidates", (queries, limit)),
                ("nearest_of_type", (queries, asked, limit)),
            ]
            for name, args in asks:
                _assert_same(_by_id(index, getattr(index, name)(*args)), _by_id(fresh, getattr(fresh, name)(*args)))


def test_a_small_mirror_keeps_its_array_and_a_large_one_gets_room_to_grow(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vectors, "ADOPT_UPTO", 50)
    rng = np.random.default_rng(5)
    for n, kept in ((40, True), (60, False)):
        block = unit_rows(rng, n)
        index = VectorIndex(dims=DIMS)
        index.add([f"m{i}" for i in range(n)], block, list(range(1, n + 1)), None)
        assert np.shares_memory(index.matrix, block) is kept
        more = unit_rows(rng, 3)
        index.add(["x", "y", "z"], more, [n + 1, n + 2, n + 3], None)  # grows past a kept array by copying it
        assert np.array_equal(index.matrix, np.vstack([block, more]))
        assert index.search(more[:1], 1)[0][0][0] == n
