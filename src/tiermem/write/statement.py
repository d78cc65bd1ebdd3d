"""How tiermem reads a statement for the write path's comparison (:mod:`tiermem.write.revision`): its
values, polarity and content, where each value stands, and the closed-class English words that mark a habit,
an addition or a copula (the words that mark a change: :mod:`tiermem.write.marks`). Pure, cached per text.

Every word list here is closed-class English (negations, weekdays, colours, copulas, change adverbs), chosen
for the language and not for any data set.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from ..recall.query import STOP_WORDS, stem
from ..temporal import MONTHS, WEEKDAYS
from ..text import normalize
from .antonyms import OPPOSITES, unprefixed
from .ceasing import CEASE_TRIGGERS, ceased
from .marks import CHANGE_WORDS, WILL, change_marks, split_words
from .spans import code_spans, span_words
from .wordforms import is_adverb

# A token (it ends on a letter, digit or symbol, not on punctuation), the punctuation after it, and the next
# character: one pass of the regex engine (the last class is disjoint from the trailing one: no backtracking).
_TOKEN_PARTS = re.compile(r"((?:[$€£#]|(?<![.\w])/)?\w(?:[\w$€£%.,:/@'+-]*[\w$€£%/@+])?)([.,:;'-]*)(?=(.?))", re.DOTALL)

_SENTENCE_ENDS = frozenset({".", "!", "?", ":", "\n"})

# Abbreviations whose full stop does not end a sentence ("my dentist is Dr. Patel", "St. Louis").
ABBREVIATIONS = frozenset({"Dr", "Mr", "Mrs", "Ms", "Prof", "St", "Mt", "Jr", "Sr", "vs", "approx", "dept", "Fig"})

NEGATIONS = frozenset(
    {"not", "no", "never", "without", "none", "nobody", "nothing", "nowhere", "neither", "nor", "cannot", "nope"}
    # Verbs that end what they name, in the past ("I cancelled my gym membership", "Dad's warfarin has been
    # discontinued"); the present tells when a thing ends ("the meeting ends at 5"), not that it is over.
    | {"quit", "cancelled", "canceled", "ended", "discontinued", "terminated", "scrapped", "revoked"}
)


_WEEKDAYS, _MONTHS = WEEKDAYS, MONTHS

_NUMBER_WORDS = split_words(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million "
    "billion once twice half double triple dozen first second third fourth fifth"
)

_COLOURS = split_words(
    "red orange yellow green blue purple violet pink brown black white grey gray silver gold beige navy teal "
    "cyan magenta maroon turquoise"
)

# Times of day that are points on the clock, like "12 pm" ("morning" and "evening" are parts of a day: read as
# values, they made a part of the day beside a clock time a second replaced value).
_CLOCK_WORDS = frozenset({"noon", "midday", "midnight"})

_ONE_AS_PRONOUN = frozenset({"the", "this", "that", "which", "another", "no", "each", "every"})
_CLOSED_VALUES = frozenset({*_WEEKDAYS, *(m for m in _MONTHS if m != "may"), *_NUMBER_WORDS, *_COLOURS, *_CLOCK_WORDS})
_CLOSED_KEYS = frozenset(stem(v) for v in _CLOSED_VALUES)
NUMBER_KEYS = frozenset(stem(v) for v in _NUMBER_WORDS)  # "three", "once", "first": numbers spelled out
# Spelled-out numbers that scale the quantity beside them ("twice a day", "$12 million"): no count of their own.
COUNT_KEYS = NUMBER_KEYS - {
    stem(w) for w in split_words("twice double triple half dozen hundred thousand million billion")
}
_COLOUR_KEYS = frozenset(stem(c) for c in _COLOURS)  # values compare stemmed: "orang", "purpl"

_TIME_SUFFIX = frozenset({"am", "pm", "a.m", "p.m", "a.m.", "p.m."})

COPULAS = frozenset(split_words("is are was were am be been being becomes became remains as"))  # "works as a nurse"

DETERMINERS = frozenset(split_words("a an the my our your his her their its this that these those"))

# Words that add a value beside the stored one ("also deployed to eu-west-1", "speaks French as well").
ADDITIVE = frozenset(split_words("also too again additionally another both well besides plus"))

# Light verbs and fillers a paraphrase swaps freely ("happens every 30 days" / "is done every 30 days").
_LIGHT = frozenset(
    split_words(
        "happen happens happened occur occurs occurred done take takes place make makes use set give gives got hold "
        "every each per whole entire"
    )
)

# Past-tense verbs of English that do not end in -ed, with their base forms, and the present forms that make a
# text a state: an event told in the past ("I went to a yoga class on Monday") is an occurrence, and another on
# Thursday is a second one, not a correction of the first. A past form compares as its verb ("the meeting is
# held in Boston" / "... hold the meeting in Chicago"; "we feed the fish" / "the fish get fed").
_IRREGULAR = dict(
    pair.split(":")
    for pair in split_words(
        "went:go had:have did:do saw:see met:meet made:make took:take got:get came:come bought:buy ate:eat "
        "drank:drink ran:run wrote:write gave:give found:find told:tell said:say left:leave felt:feel "
        "thought:think heard:hear began:begin brought:bring caught:catch chose:choose drove:drive flew:fly "
        "forgot:forget grew:grow held:hold kept:keep knew:know lost:lose paid:pay read:read rode:ride sang:sing "
        "sat:sit slept:sleep spent:spend spoke:speak stood:stand swam:swim taught:teach threw:throw "
        "understood:understand woke:wake won:win wore:wear fed:feed led:lead fled:flee built:build sent:send "
        "lent:lend meant:mean dealt:deal fought:fight sought:seek struck:strike stuck:stick hung:hang sold:sell "
        "bent:bend broke:break"
    )
)
IRREGULAR_PAST = frozenset(_IRREGULAR)
_PAST_BE = frozenset({"was", "were"})  # "the offsite lunch was at the taco place": once, not a standing fact
# Their past participles, which are states as often as events ("is written in Java"): compared as the verb only.
_PARTICIPLES = dict(
    pair.split(":")
    for pair in split_words(
        "written:write taken:take given:give eaten:eat driven:drive chosen:choose spoken:speak broken:break "
        "forgotten:forget known:know shown:show grown:grow thrown:throw worn:wear ridden:ride begun:begin "
        "drunk:drink sung:sing swum:swim woken:wake gone:go"
    )
)
# Verbs of liking, one fact however it is said ("the user likes dark mode" / "dark mode is what the user
# prefers"); "like" itself is also a preposition, and stays a function word.
_LIKING = {w: "like" for w in split_words("likes liked enjoy enjoys enjoyed love loves loved prefer prefers preferred")}
# Present forms the stemmer keeps apart from their verb ("goes" stems to "goe").
_PRESENT_FORMS = {"goes": "go"}
_BASE_FORMS = {**_IRREGULAR, **_PARTICIPLES, **_LIKING, **_PRESENT_FORMS}

_PRESENT = WILL | frozenset(
    split_words(
        "is are am has have does do can must should lives works runs gets get goes comes keeps needs "
        # contracted, as chat and notes write them: "We've got 97 guests confirmed" is a state, not an event
        "i'm we're you're they're i've we've you've they've "
        # habits: what happens every time is a state of things, not one occurrence ("gets collected every week")
        "every each daily weekly monthly yearly nightly usually always often normally typically mornings "
        "evenings nights weekends afternoons mondays tuesdays wednesdays thursdays fridays saturdays sundays"
    )
)

# Words that say a change as often as they do not ("instead of email", "the change shipped"): ignored like the
# change words, but they mark nothing.
_LOOSE_CHANGE = frozenset(split_words("instead change since"))
# Indefinite pronouns, which stand for a thing without naming it ("spicy food is something I enjoy").
_INDEFINITE = frozenset(
    split_words("something someone somebody anything anyone anybody everything everyone everybody somewhere anywhere")
)
IGNORED = STOP_WORDS | NEGATIONS | CHANGE_WORDS | _LOOSE_CHANGE | _LIGHT | _INDEFINITE

# Words read as nothing but a word: ignored, and neither a negation, a value nor a time suffix (the fast path).
_PLAIN = IGNORED - NEGATIONS - _TIME_SUFFIX - _CLOSED_VALUES


@dataclass(frozen=True, slots=True)
class Statement:
    """A text as the comparison reads it (see the module docstring)."""

    words: tuple[str, ...]  # lower-cased tokens in order: the word-order (frame) comparison
    values: frozenset[str]
    content: frozenset[str]
    negations: int
    shown: dict[str, str]  # value as compared -> as written (for the explanation)
    initial: dict[str, str]  # capitalised words opening a sentence (read as content): value key -> stem
    normal: str  # the normalised text (the same text, whatever its case and punctuation)
    redone: frozenset[str]  # content stems of re- verbs ("repaint"): a change when the other text has "paint"
    event: bool  # told in the past tense with no present verb: something that happened once
    at: dict[str, int]  # value -> the index of its first token in ``words``
    marks: frozenset[str]  # the words and phrases that mark a change ("now", "moved", "these days"): change_marks
    opposable: frozenset[str]  # stems of its words that have an antonym (see write/antonyms.py)
    prefixed: tuple[tuple[str, frozenset[str]], ...]  # its words under a negating prefix, with their stems bare
    spanned: frozenset[str]  # content stems said only inside code spans (write/spans.py): the values' words
    closed: frozenset[str]  # values punctuation follows ("5;", "3,"): the next word is no unit of theirs

    @property
    def says_change(self) -> bool:
        return bool(self.marks)

    @property
    def vocabulary(self) -> frozenset[str]:
        """The distinct lower-cased tokens, function words too. Derived, not kept: the set is the biggest part
        of a statement, and the cache holds more statements without it (a 100k store's neighbours are old)."""
        return frozenset(self.words)


def _tokens(text: str) -> list[tuple[str, str, bool]]:
    """Each token with whether a sentence ends right after it (trailing punctuation is not part of it) and
    whether only whitespace follows it (no punctuation: "Visual Studio Code" is one name, "Alice, Bob" two).

    A token never spans whitespace, so the text is read a whitespace-free chunk at a time: a chunk of letters and
    digits alone is one token (most are), any other is read once by the regex and remembered (:func:`_chunk`: chunks
    repeat across memories as words do). The whitespace after a chunk ends a sentence when it is a line break."""
    text = text.replace("’", "'")
    found: list[tuple[str, str, bool]] = []
    if "\n" not in text:
        for chunk in text.split():
            if chunk.isalnum():  # what the regex's \w matches: the whole chunk is the token
                found.append((chunk, "", True))
            else:
                found += _chunk(chunk, False)
        return found
    for chunk, line_break in _CHUNKS.findall(text):
        found += _chunk(chunk, bool(line_break))
    return found


_CHUNKS = re.compile(r"(\S+)(\n?)")


@lru_cache(maxsize=65536)
def _chunk(chunk: str, line_break: bool) -> tuple[tuple[str, str, bool], ...]:
    """The tokens of one chunk of non-space characters; ``line_break``: a line break follows it."""
    found = []
    for token, trail, following in _TOKEN_PARTS.findall(chunk):
        if token.endswith(("'s", "'S")) and len(token) > 2:
            token = token[:-2]
        after = trail[:1] or following or ("\n" if line_break else "")
        ends = after if after in _SENTENCE_ENDS and not (after == "." and token in ABBREVIATIONS) else ""
        found.append((token, ends, not (trail or following) or (not ends and trail == ".")))
    return tuple(found)


_DIGIT = re.compile(r"\d")

VALUE_CHARACTER = re.compile(r"[\d._/@:$€£#]")


def _is_value(token: str, lowered: str, sentence_start: bool) -> bool:
    if lowered in _CLOSED_VALUES:
        return True
    if not token.isalpha() and VALUE_CHARACTER.search(token):
        return True  # numbers and identifiers: amounts, versions, hosts, paths, snake_case
    if not token[1:].islower() and len(token) > 1 and not token[1:].isupper():
        return True  # CamelCase names (PostgreSQL, iPhone)
    if not token[0].isupper() or sentence_start or lowered.startswith("i'"):  # "I'm", "I've": the speaker
        return False
    return lowered not in STOP_WORDS or _capitalised(token)


def _capitalised(token: str) -> bool:
    """A word of letters written with a capital inside a sentence: a name, even one spelt like a function word
    ("written in Go", "the WHO guidance"); never "I" ("I'm", "I've")."""
    return len(token) > 1 and token[0].isupper() and token.isalpha()


_PLAIN_WORD, _NEGATION, _VALUE, _CONTENT, _OTHER = range(5)

_INFLECTION = 3  # an ignored word's stem with at most this many letters more is its form ("uses", "happened")

_NO_WORDS: frozenset[str] = frozenset()  # shared: one tracked object fewer per cached statement


class _Word(NamedTuple):
    """One token as :func:`read` uses it, whatever text it stands in (see :func:`_word`). A tuple of
    strings, which the garbage collector stops tracking: the known words are many and long-lived, and a
    tracked object each made every full collection of a big store's process slower."""

    lowered: str
    kind: int  # _PLAIN_WORD, _NEGATION, _VALUE, _CONTENT or _OTHER (an ignored word)
    key: str  # a value as compared (a value, or a content word that may be a name opening a sentence)
    stemmed: str  # the content stem
    suffix: bool  # am / pm: part of the time before it
    past: bool  # a past-tense form
    opposed: str = ""  # its stem, when that has an antonym (write/antonyms.py)
    bare: frozenset[str] = frozenset()  # its stems without a negating prefix it starts with


_KNOWN_WORDS = 100_000  # tokens remembered per position kind (a dict each, emptied when full)

_WORDS: tuple[dict[str, _Word], dict[str, _Word]] = ({}, {})  # inside a sentence, opening one


def _word(token: str, sentence_start: bool) -> _Word:
    """What a token says, read once per token and position kind: a text is mostly words seen before (a
    plain dict: an lru_cache of two arguments costs as much as reading a short word again)."""
    known = _WORDS[sentence_start]
    found = known.get(token)
    if found is None:
        if len(known) >= _KNOWN_WORDS:
            known.clear()
        found = _read_word(token, sentence_start)
        opposed, bare = stem(found.lowered), unprefixed(found.lowered)
        if opposed in OPPOSITES or bare:
            found = found._replace(opposed=opposed if opposed in OPPOSITES else "", bare=bare)
        known[token] = found
    return found


# Adverbs of a period, read as the period ("monthly" / "every month"), which the stemmer keeps apart.
_PERIODS = {
    "hourly": "hour",
    "daily": "day",
    "nightly": "night",
    "weekly": "week",
    "monthly": "month",
    "yearly": "year",
    "annually": "year",
    "annual": "year",
}


def past_form(word: str) -> bool:  # a past tense or participle, irregular or in -ed ("seed", "need": none)
    return word in IRREGULAR_PAST or (word.endswith("ed") and len(word) > 4)


def _read_word(token: str, sentence_start: bool) -> _Word:
    lowered = token.lower()
    past = past_form(lowered) or lowered in _PAST_BE
    if lowered in _PLAIN and (sentence_start or lowered not in STOP_WORDS or not _capitalised(token)):  # most words
        return _Word(lowered, _PLAIN_WORD, "", "", False, past)
    if lowered in NEGATIONS or lowered.endswith("n't"):
        return _Word(lowered, _NEGATION, "", "", False, past)
    if "'" in lowered and lowered.partition("'")[0] in STOP_WORDS:  # "I'm", "we're", "you've": a pronoun
        return _Word(lowered, _OTHER, "", "", False, past)
    suffix = lowered in _TIME_SUFFIX
    if _is_value(token, lowered, sentence_start):
        return _Word(lowered, _VALUE, _number(lowered), "", suffix, past)
    base = _PERIODS.get(lowered) or _BASE_FORMS.get(lowered, lowered)
    if lowered not in IGNORED and (stemmed := stem(base.strip("'"))) not in IGNORED:
        return _Word(lowered, _CONTENT, _number(lowered), stemmed, suffix, past)
    if lowered not in IGNORED and len(lowered) - len(stemmed) > _INFLECTION:  # "settings" is no form of "set"
        return _Word(lowered, _CONTENT, _number(lowered), lowered, suffix, past)
    return _Word(lowered, _OTHER, "", "", suffix, past)


def _numbered(raw: Sequence[tuple[str, str, bool]], i: int) -> bool:
    """Whether the token after the ``i``-th holds a digit."""
    return i + 1 < len(raw) and any(ch.isdigit() for ch in raw[i + 1][0])


@lru_cache(maxsize=32768)
def read(text: str) -> Statement:
    """The statement's values, polarity and content (cached: a write compares one text with many, mostly older
    ones. 32768 statements of ~2.8 KB, ~90 MB at most: a 100k build of bench/store.py's corpus reads 178k
    statements for its 100k texts, where 16384 read 264k and 65536, twice the memory, 111k)."""
    text, spans = code_spans(text[:4000])
    raw = _tokens(text)
    read_words = []
    values: set[str] = set()
    content: set[str] = set()
    shown: dict[str, str] = {}
    initial: dict[str, str] = {}
    at: dict[str, int] = {}
    closed: set[str] = set()
    negations = 0
    sentence_start = True
    inside, opening = _WORDS
    polar: list[_Word] = []  # words with an antonym or a negating prefix: most texts have none
    name = ""  # the name value just read, when only whitespace follows it: a next name word continues it
    opener: _Word | None = None  # a capitalised word opening a sentence, read as content unless a name follows
    for i, (token, ends, bare) in enumerate(raw):
        opener, was_opener = None, opener
        word = (opening if sentence_start else inside).get(token) or _word(token, sentence_start)
        if word.kind == _CONTENT and sentence_start and _after_label(raw, i):
            word = inside.get(token) or _word(token, False)  # "Beacon has a new owner: Aiko.": a name
        if word.kind == _VALUE and not sentence_start and word.lowered in STOP_WORDS and not raw[i - 1][0][0].islower():
            # A capitalised function word is a name after a word of running text ("written in Go"), not after
            # an opening word ("Again, The staging ...", "FYI The team ...").
            word = opening.get(token) or _word(token, True)
        read_words.append(word)
        if word.opposed or word.bare:
            polar.append(word)
        kind = word.kind
        if kind == _PLAIN_WORD:
            pass
        elif kind == _NEGATION:
            if word.lowered == "no" and ends == "." and _numbered(raw, i):
                ends = ""  # "pitch no. B14", "member no. 4471": the abbreviation of "number", no negation
            else:
                negations += 1
        elif word.lowered == "one" and i and raw[i - 1][0].lower() in _ONE_AS_PRONOUN:
            pass  # "the one supervising my thesis", "this one", "no one": a pronoun, not a count
        elif word.suffix and i and (before := _number(raw[i - 1][0])) in values:
            values.discard(before)
            values.add(key := before + word.lowered.replace(".", ""))
            shown[key] = f"{raw[i - 1][0]} {token}"
        elif kind == _VALUE and was_opener and _names(token, word) and not is_adverb(was_opener.lowered):
            # "Tomás Ortega is ...": a name opens it ("Usually Ines ...": an adverb, then the name)
            content.discard(was_opener.stemmed)
            initial.pop(was_opener.key, None)
            values.add(key := f"{was_opener.key} {word.key}")
            shown[key] = f"{raw[i - 1][0]} {token}"
            at[key] = i - 1
            name = key if bare else ""
            sentence_start = bool(ends)
            continue
        elif kind == _VALUE and name and _names(token, word):  # "VS Code", "Carol Smith": one value
            values.discard(name)
            values.add(key := f"{name} {word.key}")
            shown[key] = f"{shown[name]} {token}"
            at[key] = at[name]
            name = key if bare else ""
            sentence_start = bool(ends)
            continue
        elif kind == _VALUE:
            values.add(word.key)
            shown.setdefault(word.key, token)
            at.setdefault(word.key, i)
            if not bare:
                closed.add(word.key)
            name = word.key if bare and _names(token, word) else ""
            sentence_start = bool(ends)
            continue
        elif kind == _CONTENT:
            if "-" in word.lowered:  # a compound says what its parts say ("home-office day" / "work from home")
                content.update(_compound(word.lowered) or (word.stemmed,))
            else:
                content.add(word.stemmed)
            if sentence_start and token[0].isupper():
                initial[word.key] = word.stemmed
                shown.setdefault(word.key, token)
                at.setdefault(word.key, i)
                opener = word if bare and token.isalpha() else None
        name = ""
        sentence_start = bool(ends)
    spanned: set[str] = set()
    for key in spans.keys() & shown.keys():
        shown[key] = spans[key]
        spanned.update(_span_content(spans[key]))
    spanned -= content
    content |= spanned
    words = tuple([w.lowered for w in read_words])
    vocabulary = frozenset(words)
    if not CEASE_TRIGGERS.isdisjoint(vocabulary):
        negations += ceased(words, content)
    return Statement(
        words,
        frozenset(values),
        frozenset(content),
        negations,
        shown,
        initial,
        normalize(text),
        frozenset(w for w in content if w.startswith("re")) or _NO_WORDS,
        _PRESENT.isdisjoint(vocabulary) and _told_past(read_words),  # the set test first: it is cheaper
        at,
        change_marks(words, vocabulary) or _NO_WORDS,
        frozenset(w.opposed for w in polar if w.opposed) or _NO_WORDS,
        tuple(sorted({w.lowered: w.bare for w in polar if w.bare}.items())),
        frozenset(spanned) or _NO_WORDS,
        frozenset(closed) or _NO_WORDS,
    )


def _after_label(raw: list[tuple[str, str, bool]], i: int) -> bool:
    """Whether token ``i`` stands alone after a label's colon ("Beacon has a new owner: Aiko."): what the label
    names, not a word opening a sentence; after a speaker's name ("Melanie: Wow!") it opens one."""
    return i > 0 and raw[i - 1][1] == ":" and raw[i - 1][0].islower() and (bool(raw[i][1]) or i == len(raw) - 1)


# Before these a past form is an adjective: "a failed message", "the updated config" tell no event.
_ATTRIBUTIVE = DETERMINERS - {"that"}  # "the job that failed" does


def _span_content(span: str) -> set[str]:
    """The content stems of a code span's words ("`ruff check`": ruff, check): what the note is about, as the
    words of a sentence are, beside the span as one value."""
    words = (_word(part, False) for part in span_words(span))
    return {w.stemmed for w in words if w.kind == _CONTENT}


def _told_past(read_words: list[_Word]) -> bool:
    """Whether a past form is used as a verb: not right after a determiner."""
    return any(w.past and not (i and read_words[i - 1].lowered in _ATTRIBUTIVE) for i, w in enumerate(read_words))


@lru_cache(maxsize=4096)
def _compound(word: str) -> tuple[str, ...]:
    """The content stems of a hyphenated word's parts ("work-from-home": work, home)."""
    parts = (_word(part, False) for part in word.split("-") if part)
    return tuple(p.stemmed for p in parts if p.kind == _CONTENT)


def _names(token: str, word: _Word) -> bool:
    """A capitalised word read as a value: a word of a name (not a weekday, month, number or colour)."""
    return token[0].isupper() and token.isalpha() and word.key not in _CLOSED_KEYS  # "Saturdays" too


def _number(token: str) -> str:
    """A value as compared: lower-cased, thousands separators dropped ("1,000" = "1000"), words stemmed."""
    lowered = token.lower()
    if lowered.isalpha():
        return stem(lowered)
    return lowered.replace(",", "") if _DIGIT.search(lowered) else lowered


def kind_of(statement: Statement, value: str) -> str:
    """What kind of value a value is: the kind an update keeps ("6%" and "8%"; "Tuesday" and "Friday"; a
    count of the same thing: "30 days" and "45 days", not "40 minutes")."""
    if "%" in value:
        return "percent"
    if value[:1] in "$€£":
        return "money"
    if value in _WEEKDAY_KEYS or value in _MONTH_KEYS:
        return "weekday" if value in _WEEKDAY_KEYS else "month"
    if value in _COLOUR_KEYS:
        return "colour"
    if _CLOCK.fullmatch(value) or value in _CLOCK_WORDS:
        return "time"
    if _DIGIT.search(value):
        if not value.replace(".", "").isdigit():
            return "code"
        at = statement.at.get(value, len(statement.words))
        after = at + len(value.split())
        words = statement.words
        if (at and words[at - 1] in _MONTHS) or words[after : after + 1] in _MONTH_AFTER:  # "March 14", "4 March"
            return "day"
        unit = words[after] if after < len(words) and value not in statement.closed else ""
        if unit not in _RATE and after + 1 < len(words) and stem(words[after + 1]) in DURATION_UNITS:
            unit = words[after + 1]  # "75 engine hours", "5 business days": the length of time is the unit
        return f"number {'' if unit in STOP_WORDS else stem(unit)}"  # "iOS 16 or later", "to 5; past that": no unit
    return "name" if value.replace(" ", "").isalpha() else "code"


def measure_of(statement: Statement, value: str) -> str:
    """:func:`kind_of`, with every length of time one kind whatever its unit ("40 minutes", "2 hours"): what a
    question such as "how long ...?" asks for. The write path keeps the units apart, where "30 days of
    snapshots" and "takes 40 minutes" are two facts about one backup."""
    kind = kind_of(statement, value)
    return "duration" if kind.startswith("number ") and kind[7:] in DURATION_UNITS else kind


DURATION_UNITS = frozenset(
    stem(w) for w in split_words("second seconds minute minutes hour hours day days week weeks month months year years")
)

_RATE = STOP_WORDS | {"per"}  # "3 per day", "2 a week": a rate, not a length of time

_CLOCK = re.compile(r"\d{1,2}(?::\d{2})?(?:am|pm)|\d{1,2}:\d{2}")

_WEEKDAY_KEYS = frozenset(stem(d) for d in _WEEKDAYS)

_MONTH_KEYS = frozenset(stem(m) for m in _MONTHS)

_MONTH_AFTER = frozenset((m,) for m in _MONTHS)  # a day's number then its month: "4 March" is "March 4"


def value_runs(statement: Statement, values: frozenset[str]) -> int:
    """How many runs of adjacent words ``values`` stand in: "March 21" is one run, "Alice ... auth.py" two."""
    spans = sorted((start := statement.at.get(v, -2), start + len(statement.shown.get(v, v).split())) for v in values)
    return sum(1 for i, (start, _) in enumerate(spans) if i == 0 or start > spans[i - 1][1])  # "NexStar 8SE": one


@lru_cache(maxsize=65536)
def is_name(value: str) -> bool:
    """A name (words of letters), not a quantity, a date, a time or an identifier (cached: the rules ask it of
    each value of both texts, most of them many times)."""
    return value.replace(" ", "").isalpha() and value not in _CLOSED_VALUES and value not in _CLOSED_KEYS  # "juli"
