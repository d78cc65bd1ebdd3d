"""An exact in-memory vector index, mirrored from the store's vector table.

Why not sqlite-vec: its 0.1.x KNN is itself an exact scan, measured here at 30-60 ms for 100k x 256
vectors, and the stdlib ``sqlite3`` of many Pythons cannot load extensions at all. A contiguous numpy
matrix scanned with one BLAS call returns the same (exact) neighbours in ~4 ms. SQLite stays the source of
truth; each process keeps this mirror current by reading rows past its watermark, and rebuilds it when
the store's vector epoch changes (a delete or re-embed).

The matrix lives in a buffer that grows geometrically, so appending a batch costs the batch, not a copy
of the whole matrix. Top-k selection scans block maxima first (see :func:`top_k`), which is exact and
several times cheaper than a full ``argpartition`` of every row.

Dedup compares every new vector of a batch with the store. On large stores a full scan per batch item
costs more than everything else on the write path together, so dedup goes through an inverted-file
shortlist instead: the unit prefix of the dimensions (wordllama is Matryoshka-trained, so a prefix keeps
the ranking) is clustered by spherical k-means, each item scans only the lists of its nearest centroids,
and the best few candidates are compared at full width. It is approximate (near-duplicates sit in their
twin's list or a neighbouring one, which is what dedup needs); ``search`` stays exact. The clustering is
trained on the first 20k, 40k, 80k... rows with a fixed seed, so every process builds the same lists.
Measured on bench/store.py's corpus at ~95k rows, 2,000 queries: of the exact top-8 neighbours with cosine
>= 0.85 it found 946 of 947 (the exact 64-dim prefix scan it replaces: 944), at ~80 ms of CPU per batch of
500 against ~400 ms for the prefix scan.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

try:  # optional: bounds BLAS threads around the many small products of the dedup shortlist
    from threadpoolctl import ThreadpoolController  # type: ignore[import-untyped,import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - depends on the environment
    ThreadpoolController = None

PREFIX_DIMS = 64
SHORTLIST_FROM = 20_000  # below this many rows dedup uses the exact search
PROBES = 16  # lists scanned per dedup query
LIST_FACTOR = 0.5  # lists per sqrt(rows): ~160 lists of ~600 rows at 100k
_TRAIN_ITERATIONS = 8
_TRAIN_PER_LIST = 40  # k-means sample size per centroid
_BLOCK = 64  # columns per block in top_k
_QUERY_CHUNK = 128  # query rows scored at once (bounds the temporary score matrix)
_blas: Any = None  # the ThreadpoolController, made on first use (it inspects the loaded libraries)


@contextmanager
def one_blas_thread() -> Iterator[bool]:
    """Hold BLAS to one thread inside the block; yields whether it could (threadpoolctl is installed).

    numpy's OpenBLAS wakes its threads for any product above a tiny size, and when the CPUs are busy with
    anything else that costs milliseconds per call: measured here, a 20x64 by 64x300 product took 2-5 ms
    with two threads and 16 us with one. Its idle threads also spin for a while after each call, burning
    the core that the rest of the write path could use. The write path makes many small products, so it
    runs inside this block. The limit applies to the whole process while the block runs.
    """
    global _blas
    if ThreadpoolController is None:
        yield False
        return
    if _blas is None:
        _blas = ThreadpoolController()
    with _blas.limit(limits=1, user_api="blas"):
        yield True


@contextmanager
def _products() -> Iterator[Callable[[np.ndarray, np.ndarray], np.ndarray]]:
    """``a @ b.T`` for many small matrices: BLAS on one thread, or without threadpoolctl numpy's own einsum
    loop (no threads; ~10x slower than BLAS per product but immune to the wait described above)."""
    with one_blas_thread() as limited:
        yield (lambda a, b: a @ b.T) if limited else (lambda a, b: np.einsum("ij,kj->ik", a, b, optimize=False))


@dataclass
class VectorIndex:
    dims: int
    ids: list[str] = field(default_factory=list)
    watermark: int = 0
    epoch: str = ""
    _buffer: np.ndarray | None = None  # rows [0, len(ids)) are in use; the rest is spare capacity
    _rows: dict[str, int] = field(default_factory=dict)
    _lists: _InvertedLists | None = None  # the dedup shortlist; built on first use above SHORTLIST_FROM

    def __len__(self) -> int:
        return len(self.ids)

    def add(self, ids: list[str], vectors: np.ndarray, watermark: int) -> None:
        if ids:
            block = np.asarray(vectors, dtype=np.float32).reshape(len(ids), self.dims)
            start, end = len(self.ids), len(self.ids) + len(ids)
            self._buffer = _reserve(self._buffer, end, self.dims)
            self._buffer[start:end] = block
            if self._lists is not None:
                self._lists.add(np.arange(start, end), _unit_prefix(block, self._lists.width))
            self._rows.update(zip(ids, range(start, end), strict=True))
            self.ids.extend(ids)
        self.watermark = max(self.watermark, watermark)

    @property
    def matrix(self) -> np.ndarray:
        """The vectors as one contiguous (rows, dims) array (a view: do not keep it across ``add``)."""
        if self._buffer is None:
            return np.zeros((0, self.dims), dtype=np.float32)
        return self._buffer[: len(self.ids)]

    def row_of(self, memory_id: str) -> int | None:
        return self._rows.get(memory_id)

    def _shortlist_lists(self) -> _InvertedLists:
        """The inverted lists, (re)trained when the row count crosses 20k, 40k, 80k..."""
        trained_on = SHORTLIST_FROM
        while trained_on * 2 <= len(self):
            trained_on *= 2
        if self._lists is None or self._lists.trained_on != trained_on:
            width = min(PREFIX_DIMS, self.dims)
            prefix = _unit_prefix(self.matrix, width)
            lists = _InvertedLists.train(prefix[:trained_on], trained_on)
            lists.add(np.arange(len(self)), prefix)
            self._lists = lists
        return self._lists

    def search(self, queries: np.ndarray, limit: int) -> list[list[tuple[int, float]]]:
        """Exact top-``limit`` rows by cosine for each query row, as (row, similarity)."""
        queries = np.atleast_2d(np.asarray(queries, dtype=np.float32))
        matrix = self.matrix
        if not len(matrix) or limit <= 0:
            return [[] for _ in range(len(queries))]
        result: list[list[tuple[int, float]]] = []
        for start in range(0, len(queries), _QUERY_CHUNK):
            chunk = queries[start : start + _QUERY_CHUNK]
            sims = matrix @ chunk[0] if len(chunk) == 1 else chunk @ matrix.T  # one query: a GEMV
            rows, scores = top_k(np.atleast_2d(sims), limit)
            result += _pairs(rows, scores)
        return result

    def candidates(self, queries: np.ndarray, limit: int) -> list[list[tuple[int, float]]]:
        """Approximate shortlist through the prefix dims, re-scored at full width (for dedup)."""
        queries = np.atleast_2d(np.asarray(queries, dtype=np.float32))
        if len(self) <= SHORTLIST_FROM or self.dims <= PREFIX_DIMS:
            return self.search(queries, limit)
        lists = self._shortlist_lists()
        rows = lists.search(_unit_prefix(queries, lists.width), max(limit * 8, 64))
        found = rows >= 0  # a query whose lists hold fewer rows than the shortlist gets -1 padding
        exact = np.einsum("qkd,qd->qk", self.matrix[np.where(found, rows, 0)], queries)  # full-width cosine
        exact[~found] = -np.inf
        order = np.argsort(-exact, axis=1, kind="stable")[:, :limit]
        rows, exact = np.take_along_axis(rows, order, 1), np.take_along_axis(exact, order, 1)
        return [[(r, s) for r, s in pairs if r >= 0] for pairs in _pairs(rows, exact)]


@dataclass
class _InvertedLists:
    """Rows grouped by their nearest centroid, each list with its unit prefix vectors kept contiguous."""

    centroids: np.ndarray  # (lists, width), unit rows
    trained_on: int
    rows: list[np.ndarray] = field(default_factory=list)  # per list: row numbers (a growable buffer)
    vectors: list[np.ndarray] = field(default_factory=list)  # per list: their unit prefix vectors
    sizes: np.ndarray = field(default_factory=lambda: np.zeros(0, np.intp))

    @property
    def width(self) -> int:
        return int(self.centroids.shape[1])

    @classmethod
    def train(cls, prefix: np.ndarray, trained_on: int) -> _InvertedLists:
        """Spherical k-means with about sqrt(n) centroids on a fixed-seed sample of ``prefix``."""
        rng = np.random.default_rng(0)
        count = max(16, int(LIST_FACTOR * np.sqrt(len(prefix))))
        sample = prefix[np.sort(rng.choice(len(prefix), min(len(prefix), count * _TRAIN_PER_LIST), replace=False))]
        centroids = sample[rng.choice(len(sample), count, replace=False)]
        for _ in range(_TRAIN_ITERATIONS):
            nearest = np.argmax(sample @ centroids.T, axis=1)
            sums = np.zeros_like(centroids)
            np.add.at(sums, nearest, sample)
            norms = np.linalg.norm(sums, axis=1, keepdims=True)
            empty = norms[:, 0] == 0  # an empty cluster restarts from a random sample row
            sums[empty] = sample[rng.choice(len(sample), int(empty.sum()))]
            norms[empty] = 1.0
            centroids = np.ascontiguousarray(sums / norms, dtype=np.float32)
        return cls(
            centroids,
            trained_on,
            [np.empty(0, np.intp)] * count,
            [np.empty((0, prefix.shape[1]), np.float32)] * count,
            np.zeros(count, np.intp),
        )

    def add(self, rows: np.ndarray, prefix: np.ndarray) -> None:
        nearest = (
            np.concatenate(
                [np.argmax(prefix[i : i + 8192] @ self.centroids.T, axis=1) for i in range(0, len(prefix), 8192)]
            )
            if len(prefix)
            else np.zeros(0, np.intp)
        )
        order = np.argsort(nearest, kind="stable")
        lists, starts = np.unique(nearest[order], return_index=True)
        for c, lo, hi in zip(lists.tolist(), starts.tolist(), [*starts[1:].tolist(), len(order)], strict=True):
            take = order[lo:hi]
            size, end = int(self.sizes[c]), int(self.sizes[c]) + len(take)
            if len(self.rows[c]) < end:
                grown = max(end, 16, len(self.rows[c]) * 3 // 2)
                self.rows[c] = np.concatenate([self.rows[c][:size], np.empty(grown - size, np.intp)])
                self.vectors[c] = np.concatenate(
                    [self.vectors[c][:size], np.empty((grown - size, self.width), np.float32)]
                )
            self.rows[c][size:end] = rows[take]
            self.vectors[c][size:end] = prefix[take]
            self.sizes[c] = end

    def search(self, heads: np.ndarray, k: int) -> np.ndarray:
        """For each unit prefix query, the ``k`` rows of its nearest lists that score best (-1 pads)."""
        with _products() as product:
            return self._search(heads, k, product)

    def _search(self, heads: np.ndarray, k: int, product: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> np.ndarray:
        probes = min(PROBES, len(self.centroids))
        nearest, _ = top_k(heads @ self.centroids.T, probes)  # (queries, probes) list numbers
        best = np.full((len(heads), probes * k), -np.inf, np.float32)
        found = np.full((len(heads), probes * k), -1, np.intp)
        flat = nearest.ravel()
        order = np.argsort(flat, kind="stable")
        lists, starts = np.unique(flat[order], return_index=True)
        for c, lo, hi in zip(lists.tolist(), starts.tolist(), [*starts[1:].tolist(), len(order)], strict=True):
            size = int(self.sizes[c])
            if not size:
                continue
            who = order[lo:hi]  # (query, probe slot) pairs, flattened
            queries, slots = who // probes, who % probes
            sims = product(heads[queries], self.vectors[c][:size])
            if size > k:  # the list's k best, unordered: the merge below orders them
                columns = np.argpartition(sims, size - k, axis=1)[:, size - k :]
                scores = sims[np.arange(len(sims))[:, None], columns]
            else:
                columns, scores = np.broadcast_to(np.arange(size), sims.shape), sims
            place = slots[:, None] * k + np.arange(columns.shape[1])
            best[queries[:, None], place] = scores
            found[queries[:, None], place] = self.rows[c][columns]
        picked, _ = top_k(best, k)
        rows: np.ndarray = np.take_along_axis(found, picked, 1)
        return rows


def top_k(scores: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` best columns of each row of ``scores``, best first: (column indices, scores).

    Exact: split the columns into blocks of 64; each of the k best values lies in a block whose maximum is
    at least the k-th best value, and at most k blocks have that, so the k blocks with the highest maxima
    hold them all. One vectorised max over the matrix then leaves ~64k values per row to partition.
    """
    n_rows, n_cols = scores.shape
    k = min(k, n_cols)
    if k <= 0:
        return np.zeros((n_rows, 0), np.intp), np.zeros((n_rows, 0), scores.dtype)
    n_blocks = n_cols // _BLOCK
    if n_blocks <= 4 * k:
        columns = np.broadcast_to(np.arange(n_cols), (n_rows, n_cols))
        values = scores
    else:
        blocked = n_blocks * _BLOCK
        maxima = scores[:, :blocked].reshape(n_rows, n_blocks, _BLOCK).max(axis=2)
        best = np.argpartition(maxima, n_blocks - k, axis=1)[:, n_blocks - k :]
        columns = (best[:, :, None] * _BLOCK + np.arange(_BLOCK)).reshape(n_rows, k * _BLOCK)
        if blocked < n_cols:  # the ragged tail is always a candidate
            tail = np.broadcast_to(np.arange(blocked, n_cols), (n_rows, n_cols - blocked))
            columns = np.concatenate([columns, tail], axis=1)
        columns.sort(axis=1)  # ties then resolve to the lowest column, as a full sort would
        values = np.take_along_axis(scores, columns, axis=1)
    if k < values.shape[1]:
        part = np.argpartition(values, values.shape[1] - k, axis=1)[:, values.shape[1] - k :]
        part.sort(axis=1)
    else:
        part = np.broadcast_to(np.arange(values.shape[1]), values.shape)
    top_values = np.take_along_axis(values, part, axis=1)
    order = np.argsort(-top_values, axis=1, kind="stable")
    return (
        np.take_along_axis(np.take_along_axis(columns, part, axis=1), order, axis=1),
        np.take_along_axis(top_values, order, axis=1),
    )


def _pairs(rows: np.ndarray, scores: np.ndarray) -> list[list[tuple[int, float]]]:
    return [list(zip(r, s, strict=True)) for r, s in zip(rows.tolist(), scores.tolist(), strict=True)]


def _unit_prefix(vectors: np.ndarray, width: int) -> np.ndarray:
    head = np.ascontiguousarray(vectors[:, :width], dtype=np.float32)
    norms = np.linalg.norm(head, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    unit: np.ndarray = head / norms
    return unit


def _reserve(buffer: np.ndarray | None, rows: int, width: int) -> np.ndarray:
    """``buffer`` with room for ``rows`` rows: the same array if it fits, else a copy 1.5x larger."""
    if buffer is not None and len(buffer) >= rows:
        return buffer
    grown = np.empty((max(rows, 1024, int((len(buffer) if buffer is not None else 0) * 1.5)), width), np.float32)
    if buffer is not None:
        grown[: len(buffer)] = buffer
    return grown
