"""An in-memory BM25 index of one agent's memories, mirrored from the store like the vector index.

Why: FTS5 ranks an OR query by calling ``bm25()`` for every matching row, so a query with one common word
costs tens of milliseconds on a 100k store (measured 14-32 ms p50). Here each query term is one numpy pass
over its postings: ~1 ms at 100k. The index reproduces FTS5's tokenizer (``porter unicode61``: letters and
digits, diacritics folded, Porter-stemmed) and its BM25 (k1 1.2, b 0.75, the same idf with its floor), so
switching from one to the other does not reorder results (one known difference: FTS5 also counts
emoji as words, which only changes document lengths); its statistics are the agent's own, where FTS5's
span every agent of the file.

SQLite stays the source of truth (FTS5 answers until a process has searched an agent a few times, see
``SQLiteBackend.lexical``). Each process keeps its mirror current by reading rows past its watermark and
rebuilds it when the store's epoch changes (a purge, or a text edited in place).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import snowballstemmer

K1, B = 1.2, 0.75  # FTS5's bm25() constants
_IDF_FLOOR = 1e-6  # FTS5 floors a negative idf (a term in most rows) to this
_WORD = re.compile(r"[^\W_]+")
_ASCII_WORD = re.compile(r"[a-z0-9]+", re.ASCII)  # the same tokens for ASCII text, ~35% faster
_PORTER = snowballstemmer.stemmer("porter")
_MAX_TF = 65535  # term frequencies are stored as uint16


@lru_cache(maxsize=1 << 18)
def index_term(word: str) -> str:
    """One lower-cased token as FTS5's ``porter`` tokenizer indexes it."""
    if not word.isascii():
        folded = unicodedata.normalize("NFKD", word)
        word = "".join(c for c in folded if not unicodedata.combining(c))
        if not word.isascii():  # the Porter algorithm only handles ASCII words
            return word
    return str(_PORTER.stemWord(word))


def index_terms(text: str) -> list[str]:
    """The indexed terms of ``text``, in order (repeats kept: they are term frequencies)."""
    return [index_term(w) for w in _WORD.findall(text.lower())]


class _TermIds(dict[str, int]):
    """word -> term id, filled on first sight of a word (so a bulk build maps tokens with one C-level call)."""

    def __init__(self, vocab: dict[str, int]) -> None:
        super().__init__()
        self._vocab = vocab

    def __missing__(self, word: str) -> int:
        tid = self[word] = self._vocab.setdefault(index_term(word), len(self._vocab))
        return tid


@dataclass
class LexicalIndex:
    """Postings per term over the rows added so far: each ``add`` appends one chunk of (rows, frequencies)
    to the terms it saw; a term's chunks are merged the first time a query reads it."""

    ids: list[str] = field(default_factory=list)
    rowids: list[int] = field(default_factory=list)
    sessions: list[str | None] = field(default_factory=list)  # each row's source session (recall's context)
    turns: list[int] = field(default_factory=list)  # each row's position in its session (0, 1, ...; -1: none)
    rows: dict[str, int] = field(default_factory=dict)  # memory id -> row
    watermark: int = 0
    epoch: str = ""
    checked: tuple[int, int] | None = None  # the store's stamp when last brought up to date (SQLiteSearch)
    stale: set[int] = field(default_factory=set)  # rows that are no longer current (forgotten, superseded)
    stale_epoch: str = ""  # the store's "cur" version ``stale`` was read at
    _vocab: dict[str, int] = field(default_factory=dict)
    _chunks: dict[int, list[tuple[np.ndarray, np.ndarray]]] = field(default_factory=dict)
    _lengths: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float32))
    _total_length: float = 0.0
    _session_sizes: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._term_ids = _TermIds(self._vocab)

    def __len__(self) -> int:
        return len(self.ids)

    def add(self, rows: Iterable[tuple[int, str, str, str | None]]) -> None:
        """Index ``(rowid, memory id, document text, source session)`` rows, in rowid order."""
        tokens: list[int] = []
        lengths: list[int] = []
        lookup = self._term_ids.__getitem__
        for rowid, memory_id, document, session in rows:
            before = len(tokens)
            tokens += map(lookup, (_ASCII_WORD if document.isascii() else _WORD).findall(document.lower()))
            lengths.append(len(tokens) - before)
            self.rows[memory_id] = len(self.ids)
            self.ids.append(memory_id)
            self.rowids.append(rowid)
            self.sessions.append(session)
            if session is None:
                self.turns.append(-1)
            else:
                self.turns.append(self._session_sizes.get(session, 0))
                self._session_sizes[session] = self.turns[-1] + 1
        if not lengths:
            return
        self.watermark = max(self.watermark, self.rowids[-1])
        first = len(self._lengths)
        self._lengths = np.concatenate([self._lengths, np.asarray(lengths, dtype=np.float32)])
        self._total_length += len(tokens)
        if not tokens:  # rows with no word at all ("!!!", an emoji): counted as documents, nothing to post
            return
        # (term, row) pairs sorted and counted in numpy: the term frequencies without a Counter per row.
        row_of = np.repeat(np.arange(first, first + len(lengths), dtype=np.int64), lengths)
        pairs, counts = np.unique((np.asarray(tokens, dtype=np.int64) << 32) | row_of, return_counts=True)
        terms = pairs >> 32
        starts = np.flatnonzero(np.r_[True, terms[1:] != terms[:-1]])
        ends = np.r_[starts[1:], len(pairs)]
        rows_ = (pairs & 0xFFFFFFFF).astype(np.int32)
        freqs = np.minimum(counts, _MAX_TF).astype(np.uint16)
        for tid, a, b in zip(terms[starts].tolist(), starts.tolist(), ends.tolist(), strict=True):
            self._chunks.setdefault(tid, []).append((rows_[a:b], freqs[a:b]))

    def _postings(self, tid: int) -> tuple[np.ndarray, np.ndarray]:
        chunks = self._chunks[tid]
        if len(chunks) > 1:
            chunks[:] = [(np.concatenate([c[0] for c in chunks]), np.concatenate([c[1] for c in chunks]))]
        return chunks[0]

    def search(self, terms: Sequence[str], limit: int) -> list[tuple[int, float]]:
        """The ``limit`` best rows for an OR of ``terms`` by BM25, best first (ties: older first), as
        (row, score > 0)."""
        n = len(self.ids)
        # Repeats count again, as in FTS5 ("running runs" is two phrases of one stem): rankings stay FTS5's.
        wanted = [tid for t in index_terms(" ".join(terms)) if (tid := self._vocab.get(t)) in self._chunks]
        if not n or not wanted or limit <= 0:
            return []
        norm = K1 * (1 - B + B * self._lengths / (self._total_length / n))
        scores = np.zeros(n, dtype=np.float64)
        for tid in wanted:
            rows, freqs = self._postings(tid)
            tf = freqs.astype(np.float64)
            idf = max(math.log((n - len(rows) + 0.5) / (len(rows) + 0.5)), _IDF_FLOOR)
            scores[rows] += idf * tf * (K1 + 1) / (tf + norm[rows])
        hit = np.flatnonzero(scores)  # ascending rows, so stable sorts break ties by age
        if len(hit) > limit:
            values = scores[hit]
            kth = np.partition(values, len(hit) - limit)[len(hit) - limit]
            above, ties = hit[values > kth], hit[values == kth]
            hit = np.sort(np.concatenate([above, ties[: limit - len(above)]]))
        order = hit[np.argsort(-scores[hit], kind="stable")]
        return list(zip(order.tolist(), scores[order].tolist(), strict=True))
