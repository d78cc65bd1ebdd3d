"""Query understanding: content terms, stems, rare terms, time windows, URL fragments, and the two question
forms that need evidence from more than one place (choices and counts). Pure."""

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
    alternatives: tuple[str, ...] = ()  # "which came first, A or B?" -> ("A", "B"); see choice_alternatives
    aggregate: bool = False  # "how many...", "how much...", "total": the answer adds up several mentions
    past: bool = False  # about what used to be true: old versions of facts are shown too
    _plain_stems: tuple[str, ...] | None = None  # the stems longest first, when all are lower-case ASCII (_plain)
    asks: frozenset[str] = frozenset()  # kinds of value the question asks for (see asked_kinds)
    yes_no: bool = False  # "Is the guest Wi-Fi on?", "Does Oliver like broccoli?": answered by a fact or its negation

    def stems_in(self, text: str) -> set[str]:
        """Query stems that begin a word of ``text`` (stem and prefix matches, as seed 002 counts them)."""
        if not self.stems:
            return set()
        if self._plain_stems is not None and text.isascii():
            found = _starting_words(self._plain_stems, text.lower())
            if found is not None:
                return found
        return {m.lower() for m in _stems_pattern(self.stems).findall(text)}


# A choice closes the question: a clause, a delimiter (comma, colon, semicolon, a spaced dash), then the
# alternatives, "A or B" or a list "A, B(,) or C".
# (No pattern here starts with an unbounded run of spaces: on a long run, that costs quadratic time.)
_DELIMITER = re.compile(r"[,:;]|\s[-\u2013\u2014]")
_OR = re.compile(r"(?<=\s)or(?=\s)", re.IGNORECASE)
MAX_ALTERNATIVE_WORDS = 8  # alternatives are noun phrases; a longer "A" is a clause that happens to hold "or"
MAX_ALTERNATIVES = 4  # each is one more search; a longer list is an enumeration, not a choice
# Closed-class English words a question clause starts with and an alternative does not.
_INTERROGATIVES = ("which", "what", "who", "whom", "whose", "when", "where", "why", "how")
_AUXILIARIES = ("did", "do", "does", "was", "were", "is", "are", "have", "has", "had", "can", "could", "would")
CLAUSE_START = frozenset((*_INTERROGATIVES, *_AUXILIARIES, "should", "will", "shall", "may", "might"))
_AGGREGATE = re.compile(r"\bhow\s+(?:many|much)\b|\btotal\b", re.IGNORECASE)
# A question about what used to be true ("what did I use before?", "my previous editor"): old versions of a
# fact, which search leaves out otherwise, are shown under the current one.
_PAST = re.compile(r"\b(?:previous(?:ly)?|former(?:ly)?|original(?:ly)?|used to)\b", re.IGNORECASE)


def choice_alternatives(text: str) -> tuple[str, ...]:
    """The alternatives of a choice question, or (): "which did I do first, A or B?", "... - A or B?",
    "which city did I visit first, Paris, Rome, or Berlin?".

    Each alternative is searched on its own: one side's strong matches would otherwise fill the top of the
    ranking, and the answer needs evidence about every side.
    """
    question = text.strip().rstrip("?.! ")
    ors = list(_OR.finditer(question))
    if not ors:
        return ()
    # the last "or" precedes the last item
    head, last = question[: ors[-1].start()].strip(), question[ors[-1].end() :].strip()
    parts = [part.strip() for part in _DELIMITER.split(head)]
    if len(parts) < 2 or _DELIMITER.search(last):  # no listed choice, or one that does not close the question
        return ()
    before = parts[:-1] if not parts[-1] else parts  # "A, B, or C": the Oxford comma leaves an empty part
    items = [last]
    for part in reversed(before):
        if not _is_alternative(part):
            break
        items.insert(0, part)
    if not _is_alternative(last) or len(items) < 2 or len(items) > MAX_ALTERNATIVES:
        return ()
    if {item.lower() for item in items} == {"yes", "no"}:  # "answer yes or no" is not a choice to search
        return ()
    return tuple(items)


def _is_alternative(part: str) -> bool:
    found = tokens(part)
    return 0 < len(found) <= MAX_ALTERNATIVE_WORDS and found[0] not in CLAUSE_START


# Starts where a run of its characters starts and never backtracks into it (linear on a 10k-character word).
_URL_FRAGMENT = re.compile(r"(?<![a-z0-9-])[a-z0-9-]++\.[a-z]{2,}(?:/[^\s]*)?", re.IGNORECASE)


# Every term is matched against every candidate's text (one alternation of all stems): 1,500 distinct words
# in a pasted 10,000-character query cost seconds per search. A question has a few dozen content terms; a
# longer query is searched by its first MAX_QUERY_TERMS distinct ones.
MAX_QUERY_TERMS = 128


def query_terms(text: str) -> tuple[str, ...]:
    """The words a query is searched by: its content words (all of its words when it has none), each once."""
    words = tokens(text)
    content = [w for w in words if w not in STOP_WORDS]
    return tuple(dict.fromkeys(content or words))[:MAX_QUERY_TERMS]


@lru_cache(maxsize=256)
def _stems_pattern(stems: tuple[str, ...]) -> re.Pattern[str]:
    """Any of ``stems`` at the start of a word, longest first. The lookahead on their first letters lets the
    engine pass over the other words' starts at once: a quarter less time over a search's rescored texts.
    Compiled only for a text or a stem beyond ASCII, or a stem inside many words (see :func:`_starting_words`)."""
    alternatives = "|".join(map(re.escape, sorted(stems, key=len, reverse=True)))
    if not all(stems):  # an empty stem matches at every word: no letter to look ahead for
        return re.compile(rf"\b({alternatives})", re.IGNORECASE)
    firsts = re.escape("".join(sorted({s[0] for s in stems})))
    return re.compile(rf"\b(?=[{firsts}])({alternatives})", re.IGNORECASE)


def _starting_words(stems: tuple[str, ...], text: str) -> set[str] | None:
    """What :func:`_stems_pattern` finds in a lower-cased ASCII ``text``, for ASCII ``stems`` (longest first),
    without compiling it for each query (~8% of a first search at 10k memories): each word gives the
    longest stem it begins with. None when a stem is in more than :data:`_MAX_FINDS` words of the text: the
    pattern scans those in C."""
    found: set[str] = set()
    taken: set[int] = set()  # word starts a longer stem holds
    for word_stem in stems:
        at, finds = text.find(word_stem), 0
        while at != -1:
            finds += 1
            if finds > _MAX_FINDS:
                return None
            if at not in taken and (at == 0 or not _word_character(text[at - 1])):
                taken.add(at)
                found.add(word_stem)
            at = text.find(word_stem, at + len(word_stem))  # no word starts inside a stem's letters
    return found


_MAX_FINDS = 64


def _word_character(char: str) -> bool:
    return char.isalnum() or char == "_"


def _plain(stems: tuple[str, ...]) -> tuple[str, ...] | None:
    """``stems`` longest first when each is lower-case ASCII letters and digits, else None (see
    :func:`_starting_words`)."""
    if not all(s.isascii() and s.isalnum() and s == s.lower() for s in stems):
        return None
    return tuple(sorted(stems, key=len, reverse=True))


def analyse(text: str, now: datetime) -> Query:
    terms = query_terms(text)
    urls = tuple(dict.fromkeys(extract_urls(text) + _URL_FRAGMENT.findall(text)))
    stems = tuple(dict.fromkeys(stem(t) for t in terms))
    return Query(
        text,
        terms,
        stems,
        find_window(text, now),
        urls,
        choice_alternatives(text),
        bool(_AGGREGATE.search(text)),
        asks_about_the_past(text),
        _plain(stems),
        asked_kinds(text),
        bool(_YES_NO.match(text.lower())),
    )


# A question opening on an auxiliary verb asks whether something holds (closed-class English).
_YES_NO = re.compile(
    r"\W*(?:is|are|am|was|were|does|do|did|can|could|has|have|had|will|would|should|isn't|aren't|doesn't|don't)\b"
)


# What kind of value a question asks for, read from its wh-phrase (closed-class English): the kinds of
# write.statement.measure_of, and NUMBER for a number of any unit. A question that names no kind ("what is...",
# "where...", "which tool...") asks for none: a place or a thing is as often told without a value as with one.
# "who" and "when" ask only as the question's first word: inside it they open a clause ("the person who called",
# "what do I do when the build fails?").
NUMBER = "number"
_OPENING = r"^\W*(?:and |so |but |then )?"
_ASKED = (
    (re.compile(r"\bhow long\b"), frozenset({"duration"})),
    (re.compile(r"\bhow often\b"), frozenset({"duration", NUMBER})),
    (re.compile(r"\bhow (?:many|far|old|big|large|tall|heavy|fast)\b"), frozenset({NUMBER})),
    (re.compile(r"\bhow much\b"), frozenset({"money", "percent", NUMBER})),
    (re.compile(rf"\bwhat time\b|{_OPENING}when\b"), frozenset({"time", "weekday", "day", "month", NUMBER})),
    (re.compile(r"\b(?:what|which) (?:day|days|night|nights|weekday|date)\b"), frozenset({"weekday", "day", "month"})),
    (re.compile(r"\b(?:percent|percentage|rate|share)\b"), frozenset({"percent"})),
    (re.compile(rf"{_OPENING}who(?:m|se)?\b"), frozenset({"name"})),
)


def asked_kinds(text: str) -> frozenset[str]:
    """The kinds of value ``text`` asks for ("Who is the tenant?": a name; "How long ...?": a duration); empty
    when it names none."""
    lowered = text.lower()
    return next((kinds for pattern, kinds in _ASKED if pattern.search(lowered)), frozenset())


def asks_about_the_past(text: str) -> bool:
    """ "what did I use before?", "my previous editor", "where did I use to live"."""
    return bool(_PAST.search(text)) or text.rstrip(" ?.!").lower().endswith(" before")
