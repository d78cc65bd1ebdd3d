"""An exact in-memory vector index, mirrored from the store's vector table.

Why not sqlite-vec: its 0.1.x KNN is itself an exact scan, measured here at 30-60 ms for 100k x 256
vectors, and the stdlib ``sqlite3`` of many Pythons cannot load extensions at all. A contiguous numpy
matrix scanned with one BLAS call returns the same (exact) neighbours in ~4 ms. SQLite stays the source of
truth; each process keeps this mirror current by reading rows past its watermark, and rebuilds it when
the store's vector epoch changes (a delete or re-embed).

Dedup compares many new vectors against the whole matrix; for that a prefix of the dimensions is scanned
first (wordllama is Matryoshka-trained, so a prefix keeps the ranking) and only the best few candidates
are compared at full width.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

PREFIX_DIMS = 64


@dataclass
class VectorIndex:
    dims: int
    ids: list[str] = field(default_factory=list)
    watermark: int = 0
    epoch: str = ""
    _matrix: np.ndarray | None = None
    _pending: list[np.ndarray] = field(default_factory=list)
    _prefix: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.ids)

    def add(self, ids: list[str], vectors: np.ndarray, watermark: int) -> None:
        if ids:
            self.ids.extend(ids)
            self._pending.append(np.asarray(vectors, dtype=np.float32).reshape(len(ids), self.dims))
            self._prefix = None
        self.watermark = max(self.watermark, watermark)

    @property
    def matrix(self) -> np.ndarray:
        if self._pending:
            parts = ([self._matrix] if self._matrix is not None else []) + self._pending
            self._matrix = np.ascontiguousarray(np.vstack(parts))
            self._pending = []
        if self._matrix is None:
            self._matrix = np.zeros((0, self.dims), dtype=np.float32)
        return self._matrix

    def _prefix_matrix(self) -> np.ndarray:
        if self._prefix is None:
            head = self.matrix[:, : min(PREFIX_DIMS, self.dims)]
            norms = np.linalg.norm(head, axis=1, keepdims=True)
            norms[norms == 0] = 1.0
            self._prefix = np.ascontiguousarray(head / norms)
        return self._prefix

    def search(self, queries: np.ndarray, limit: int) -> list[list[tuple[int, float]]]:
        """Exact top-``limit`` rows by cosine for each query row, as (row, similarity)."""
        matrix = self.matrix
        if not len(matrix) or limit <= 0:
            return [[] for _ in range(len(queries))]
        sims = queries @ matrix.T
        return [_top(row, limit) for row in np.atleast_2d(sims)]

    def candidates(self, queries: np.ndarray, limit: int) -> list[list[tuple[int, float]]]:
        """Approximate shortlist through the prefix dims, re-scored at full width (for dedup)."""
        if len(self) <= 20_000 or self.dims <= PREFIX_DIMS:
            return self.search(queries, limit)
        head = queries[:, :PREFIX_DIMS]
        head = head / np.maximum(np.linalg.norm(head, axis=1, keepdims=True), 1e-12)
        shortlist = np.atleast_2d(head @ self._prefix_matrix().T)
        matrix = self.matrix
        result = []
        for query, row in zip(queries, shortlist, strict=True):
            rows = [r for r, _ in _top(row, max(limit * 4, 16))]
            exact = matrix[rows] @ query
            order = np.argsort(-exact)[:limit]
            result.append([(rows[i], float(exact[i])) for i in order])
        return result


def _top(scores: np.ndarray, limit: int) -> list[tuple[int, float]]:
    if limit < len(scores):
        part = np.argpartition(-scores, limit - 1)[:limit]
    else:
        part = np.arange(len(scores))
    order = part[np.argsort(-scores[part], kind="stable")]
    return [(int(i), float(scores[i])) for i in order]
