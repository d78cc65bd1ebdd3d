"""Query understanding: content terms, stems, rare terms, time windows, URL fragments. Pure."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from importlib.resources import files

import snowballstemmer

from ..temporal import TimeWindow, find_window
from ..text import extract_urls, tokens

# A general English stop-word list (function words, auxiliaries, pronouns, question words). Removing them
# from the *query* keeps BM25 from rewarding texts for matching "what did you do", whatever the data.
STOP_WORDS = frozenset(
    line.strip()
    for line in files("tiermem.data").joinpath("stopwords.txt").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
)

_STEMMER = snowballstemmer.stemmer("english")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    return str(_STEMMER.stemWord(word))


@dataclass(frozen=True, slots=True)
class Query:
    text: str
    terms: tuple[str, ...]  # content terms (stop words removed unless nothing else is left)
    stems: tuple[str, ...]
    window: TimeWindow | None
    urls: tuple[str, ...]
    _stem_re: re.Pattern[str] | None = None

    def stems_in(self, text: str) -> set[str]:
        """Query stems that begin a word of ``text`` (stem and prefix matches, as seed 002 counts them)."""
        if self._stem_re is None:
            return set()
        return {m.lower() for m in self._stem_re.findall(text)}


_URL_FRAGMENT = re.compile(r"[a-z0-9-]+\.[a-z]{2,}(?:/[^\s]*)?", re.IGNORECASE)


def analyse(text: str, now: datetime) -> Query:
    words = tokens(text)
    content = [w for w in words if w not in STOP_WORDS]
    terms = tuple(dict.fromkeys(content or words))
    urls = tuple(dict.fromkeys(extract_urls(text) + _URL_FRAGMENT.findall(text)))
    stems = tuple(dict.fromkeys(stem(t) for t in terms))
    pattern = (
        re.compile(r"\b(" + "|".join(map(re.escape, sorted(stems, key=len, reverse=True))) + ")", re.IGNORECASE)
        if stems
        else None
    )
    return Query(text, terms, stems, find_window(text, now), urls, pattern)
