"""Query understanding: content terms, stems, rare terms, time windows, URL fragments. Pure."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

import snowballstemmer

from ..temporal import TimeWindow, find_window
from ..text import extract_urls, tokens

# A general English stop-word list (function words, auxiliaries, pronouns, question words). Removing them
# from the *query* keeps BM25 from rewarding texts for matching "what did you do", whatever the data.
STOP_WORDS = frozenset("""
a about above after again against all am an and any are aren as at be because been before being below
between both but by can cannot could couldn did didn do does doesn doing don down during each few for
from further had hadn has hasn have haven having he her here hers herself him himself his how i if in
into is isn it its itself just let me more most my myself no nor not now of off on once only or other
ought our ours ourselves out over own same she should shouldn so some such than that the their theirs
them themselves then there these they this those through to too under until up very was wasn we were
weren what when where which while who whom why will with won would wouldn you your yours yourself
yourselves s t d ll m re ve y also ever get got go going kind like maybe much really still thing things
tell told know think say said would've could've might must shall may yes yeah oh ok okay hey hi
""".split())

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
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(stems, key=len, reverse=True))) + ")", re.IGNORECASE) if stems else None
    return Query(text, terms, stems, find_window(text, now), urls, pattern)
