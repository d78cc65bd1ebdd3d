"""How a new memory relates to a stored one about the same thing: restatement, update, contradiction,
elaboration, or a distinct fact. Pure, rule-based, no LLM.

Similarity alone cannot tell these apart: "The API rate limit is 1000 requests per minute" and "... 100 ..."
have an embedding cosine of 0.9986, and "The user is not allergic to peanuts" shares 6 of 7 words with its
opposite. So each statement is read into three parts, and the parts are compared:

* **values**: the slots a fact's changes live in: anything with a digit (numbers, amounts, dates, times,
  durations, versions, ports, counts), weekday and month names, number words, colours, capitalised names
  inside a sentence, and identifiers (``example.com``, ``snake_case``, ``/etc/hosts``, ``PostgreSQL``);
* **polarity**: the parity of its negations (``not``, ``never``, ``n't``, ``no``, ``without``...), plus
  antonym pairs between the words the two texts do not share (``always``/``never``, ``enabled``/``disabled``,
  and the negating prefixes ``un-``, ``in-``, ``dis-``, ``non-``...);
* **content**: the stems of its other words, minus English function words: what the fact is about.

Two statements are about the same subject when they share content and one's content holds the other's (or
they share most of it), or when one is the other with a single slot replaced in the same word order (the
way people correct themselves: "... is vim" → "... is emacs"). On the same subject, a flipped polarity is a
contradiction, a changed value an update, added content or values an elaboration, and the same content and
values a restatement. Every word list here is closed-class English (negations, weekdays, colours, antonyms of
general words), chosen for the language and not for any data set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from functools import lru_cache
from typing import NamedTuple

from ..recall.query import STOP_WORDS, stem
from ..temporal import MONTHS, WEEKDAYS
from ..text import jaccard, normalize, word_set
from .dedup import JACCARD_THRESHOLD  # ClarkOS' word-overlap tier: more than this is the same words

RESTATEMENT, UPDATE, CONTRADICTION, ELABORATION, DISTINCT = (
    "restatement",
    "update",
    "contradiction",
    "elaboration",
    "distinct",
)
PARAPHRASE_COSINE = 0.80  # same values, same polarity, reworded: a restatement from this cosine up...
PARAPHRASE_SUBJECT = 0.5  # ...when at least half of the two texts' content stems are shared
SUBJECT_SHARE = 0.75  # content Jaccard from which two statements are about one subject, whatever else differs
ELABORATION_COSINE = 0.6  # below this, containing the other's few content words is a coincidence
VALUE_PARAPHRASE_COSINE = 0.72  # the same specific values (a number, an address, a name), reworded: a restatement
CHANGE_SUBJECT = 1 / 3  # with a change word ("moved to", "now"), this much shared content is the same subject
SUBJECT_PART = 1 / 3  # a value in the first third of a sentence names what it is about, not its new value
MAX_REWORDED = 3  # ...when at most this many content words differ ("reports to" / "manager is")
FRAME_TOKENS = 64  # word-order comparison only for sentence-sized texts (difflib is quadratic in the worst case)
MAX_SLOT = 3  # a replaced slot is at most this many words on each side

# A token (it ends on a letter, digit or symbol, not on punctuation), the punctuation after it, and the next
# character: one pass of the regex engine (the last class is disjoint from the trailing one: no backtracking).
_TOKEN_PARTS = re.compile(r"([$€£#]?\w(?:[\w$€£%.,:/@'+-]*[\w$€£%/@+])?)([.,:;'-]*)(?=(.?))", re.DOTALL)
_SENTENCE_ENDS = frozenset({".", "!", "?", ":", "\n"})
_NEGATIONS = frozenset(
    {"not", "no", "never", "without", "none", "nobody", "nothing", "nowhere", "neither", "nor", "cannot", "nope"}
)


def _split(words: str) -> tuple[str, ...]:
    return tuple(words.split())


_WEEKDAYS, _MONTHS = WEEKDAYS, MONTHS
_NUMBER_WORDS = _split(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million "
    "billion once twice half double triple dozen first second third fourth fifth"
)
_COLOURS = _split(
    "red orange yellow green blue purple violet pink brown black white grey gray silver gold beige navy teal "
    "cyan magenta maroon turquoise"
)
_CLOSED_VALUES = frozenset({*_WEEKDAYS, *(m for m in _MONTHS if m != "may"), *_NUMBER_WORDS, *_COLOURS})
_TIME_SUFFIX = frozenset({"am", "pm", "a.m", "p.m", "a.m.", "p.m."})
# Words that mark a change without being part of what the fact is about ("now", "instead", "moved to").
_CHANGE_WORDS = frozenset(
    _split(
        "now instead anymore currently changed change switched switch moved updated update rescheduled replaced "
        "became become becomes new newly longer today actually correction corrected pushed upgraded downgraded "
        "raised lowered grew increased decreased reduced bumped extended shortened postponed delayed"
    )
)
# Light verbs and fillers a paraphrase swaps freely ("happens every 30 days" / "is done every 30 days").
_LIGHT = frozenset(
    _split(
        "happen happens happened occur occurs occurred done take takes place make makes use set give gives got "
        "every each per whole entire"
    )
)
# Past-tense verbs of English that do not end in -ed, and the present forms that make a text a state: an event
# told in the past ("I went to a yoga class on Monday") is an occurrence, and another on Thursday is a second
# one, not a correction of the first.
_IRREGULAR_PAST = frozenset(
    _split(
        "went had did saw met made took got came bought ate drank ran wrote gave found told said left felt thought "
        "heard began brought caught chose drove flew forgot grew held kept knew lost paid read rode sang sat slept "
        "spent spoke stood swam taught threw understood woke won wore"
    )
)
_PRESENT = frozenset(_split("is are am has have does do can must should will lives works runs"))
_IGNORED = STOP_WORDS | _NEGATIONS | _CHANGE_WORDS | _LIGHT
# Words read as nothing but a word: ignored, and neither a negation, a value nor a time suffix (the fast path).
_PLAIN = _IGNORED - _NEGATIONS - _TIME_SUFFIX - _CLOSED_VALUES
# Antonyms of general English words (pairs the negating prefixes below do not produce).
_ANTONYMS = _split(
    "always/never enable/disable on/off true/false yes/no allow/deny allow/forbid allow/block accept/reject "
    "include/exclude increase/decrease open/close open/closed start/stop public/private success/failure "
    "succeed/fail pass/fail love/hate before/after above/below more/less required/optional mandatory/optional "
    "good/bad up/down first/last same/different visible/hidden online/offline permanent/temporary "
    "present/absent win/lose won/lost high/low fast/slow early/late inside/outside maximum/minimum max/min "
    "add/remove join/leave buy/sell internal/external manual/automatic light/dark black/white left/right "
    "import/export encrypt/decrypt allowed/forbidden allowed/denied enabled/disabled increased/decreased "
    "opened/closed started/stopped passed/failed added/removed like/hate better/worse"
)
_OPPOSITE = {(stem(a), stem(b)) for pair in _ANTONYMS for a, b in [pair.split("/")]} | {
    (stem(b), stem(a)) for pair in _ANTONYMS for a, b in [pair.split("/")]
}
_NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non", "non-", "de")
_OPPOSITES = {a: frozenset(b for x, b in _OPPOSITE if x == a) for a, _ in _OPPOSITE}


@dataclass(frozen=True, slots=True)
class Statement:
    """A text as the comparison reads it (see the module docstring)."""

    words: tuple[str, ...]  # lower-cased tokens in order: the word-order (frame) comparison
    values: frozenset[str]
    content: frozenset[str]
    negations: int
    shown: dict[str, str]  # value as compared -> as written (for the explanation)
    initial: dict[str, str]  # capitalised words opening a sentence (read as content): value key -> stem
    vocabulary: frozenset[str]  # the distinct lower-cased tokens, function words too
    normal: str  # the normalised text (the same text, whatever its case and punctuation)
    redone: frozenset[str]  # content stems of re- verbs ("repaint"): a change when the other text has "paint"
    event: bool  # told in the past tense with no present verb: something that happened once
    where: dict[str, float]  # value -> where it first stands in the sentence (0 = first word, 1 = last)


@dataclass(frozen=True, slots=True)
class Revision:
    """How a new text relates to an old one, and why, in words a person can check."""

    kind: str
    why: str
    old_values: tuple[str, ...] = ()
    new_values: tuple[str, ...] = ()

    @property
    def replaces(self) -> bool:
        """An update or a contradiction: the new statement takes the old one's place."""
        return self.kind in (UPDATE, CONTRADICTION)


def _tokens(text: str) -> list[tuple[str, bool, bool]]:
    """Each token with whether a sentence ends right after it (trailing punctuation is not part of it) and
    whether only whitespace follows it (no punctuation: "Visual Studio Code" is one name, "Alice, Bob" two).

    A token never spans whitespace, so the text is read a whitespace-free chunk at a time: a chunk of
    letters and digits alone is one token (most are), any other is read once by the regex and remembered
    (:func:`_chunk`: chunks repeat across memories as words do). The whitespace after a chunk ends a
    sentence when it is a line break."""
    text = text.replace("’", "'")
    found: list[tuple[str, bool, bool]] = []
    if "\n" not in text:
        for chunk in text.split():
            if chunk.isalnum():  # what the regex's \w matches: the whole chunk is the token
                found.append((chunk, False, True))
            else:
                found += _chunk(chunk, False)
        return found
    for chunk, line_break in _CHUNKS.findall(text):
        found += _chunk(chunk, bool(line_break))
    return found


_CHUNKS = re.compile(r"(\S+)(\n?)")


@lru_cache(maxsize=65536)
def _chunk(chunk: str, line_break: bool) -> tuple[tuple[str, bool, bool], ...]:
    """The tokens of one chunk of non-space characters; ``line_break``: a line break follows it."""
    found = []
    for token, trail, following in _TOKEN_PARTS.findall(chunk):
        if token.endswith(("'s", "'S")) and len(token) > 2:
            token = token[:-2]
        after = trail[:1] or following or ("\n" if line_break else "")
        found.append((token, after in _SENTENCE_ENDS, not (trail or following)))
    return tuple(found)


_DIGIT = re.compile(r"\d")
_VALUE_CHARACTER = re.compile(r"[\d._/@:$€£#]")


def _is_value(token: str, lowered: str, sentence_start: bool) -> bool:
    if lowered in _CLOSED_VALUES:
        return True
    if not token.isalpha() and _VALUE_CHARACTER.search(token):
        return True  # numbers and identifiers: amounts, versions, hosts, paths, snake_case
    if not token[1:].islower() and len(token) > 1 and not token[1:].isupper():
        return True  # CamelCase names (PostgreSQL, iPhone)
    return token[0].isupper() and not sentence_start and lowered not in STOP_WORDS


_PLAIN_WORD, _NEGATION, _VALUE, _CONTENT, _OTHER = range(5)
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
        found = known[token] = _read_word(token, sentence_start)
    return found


def _read_word(token: str, sentence_start: bool) -> _Word:
    lowered = token.lower()
    past = lowered in _IRREGULAR_PAST or (lowered.endswith("ed") and len(lowered) > 4)
    if lowered in _PLAIN:  # most words: a function word, nothing else to learn from it
        return _Word(lowered, _PLAIN_WORD, "", "", False, past)
    if lowered in _NEGATIONS or lowered.endswith("n't"):
        return _Word(lowered, _NEGATION, "", "", False, past)
    suffix = lowered in _TIME_SUFFIX
    if _is_value(token, lowered, sentence_start):
        return _Word(lowered, _VALUE, _number(lowered), "", suffix, past)
    if lowered not in _IGNORED and (stemmed := stem(lowered.strip("'"))) not in _IGNORED:
        return _Word(lowered, _CONTENT, _number(lowered), stemmed, suffix, past)
    return _Word(lowered, _OTHER, "", "", suffix, past)


@lru_cache(maxsize=16384)
def read(text: str) -> Statement:
    """The statement's values, polarity and content (cached: a write compares one text with many)."""
    raw = _tokens(text[:4000])
    read_words = []
    values: set[str] = set()
    content: set[str] = set()
    shown: dict[str, str] = {}
    initial: dict[str, str] = {}
    where: dict[str, float] = {}
    negations = 0
    sentence_start = True
    last = max(1, len(raw) - 1)
    inside, opening = _WORDS
    name = ""  # the name value just read, when only whitespace follows it: a next name word continues it
    for i, (token, ends, bare) in enumerate(raw):
        word = (opening if sentence_start else inside).get(token) or _word(token, sentence_start)
        read_words.append(word)
        kind = word.kind
        if kind == _PLAIN_WORD:
            pass
        elif kind == _NEGATION:
            negations += 1
        elif word.suffix and i and (before := _number(raw[i - 1][0])) in values:
            values.discard(before)
            values.add(key := before + word.lowered.replace(".", ""))
            shown[key] = f"{raw[i - 1][0]} {token}"
        elif kind == _VALUE and name and _names(token, word):  # "VS Code", "Carol Smith": one value
            values.discard(name)
            values.add(key := f"{name} {word.key}")
            shown[key] = f"{shown[name]} {token}"
            where[key] = where[name]
            name = key if bare else ""
            sentence_start = ends
            continue
        elif kind == _VALUE:
            values.add(word.key)
            shown.setdefault(word.key, token)
            where.setdefault(word.key, i / last)
            name = word.key if bare and _names(token, word) else ""
            sentence_start = ends
            continue
        elif kind == _CONTENT:
            content.add(word.stemmed)
            if sentence_start and token[0].isupper():
                initial[word.key] = word.stemmed
                shown.setdefault(word.key, token)
                where.setdefault(word.key, i / last)
        name = ""
        sentence_start = ends
    words = tuple([w.lowered for w in read_words])
    return Statement(
        words,
        frozenset(values),
        frozenset(content),
        negations,
        shown,
        initial,
        vocabulary := frozenset(words),
        normalize(text),
        frozenset(w for w in content if w.startswith("re")) or _NO_WORDS,
        any(w.past for w in read_words) and _PRESENT.isdisjoint(vocabulary),
        where,
    )


def _names(token: str, word: _Word) -> bool:
    """A capitalised word read as a value: a word of a name (not a weekday, month, number or colour)."""
    return token[0].isupper() and token.isalpha() and word.lowered not in _CLOSED_VALUES


def _number(token: str) -> str:
    """A value as compared: lower-cased, thousands separators dropped ("1,000" = "1000"), words stemmed
    ("Fridays" = "Friday")."""
    lowered = token.lower()
    if lowered.isalpha():
        return stem(lowered)
    return lowered.replace(",", "") if _DIGIT.search(lowered) else lowered


def _reconciled(new: Statement, old: Statement) -> tuple[Statement, Statement]:
    """A capitalised word opening a sentence may be a name or an ordinary word; it is a value when the other
    text has it as one ("Kubernetes 1.27 is what runs" / "the cluster runs Kubernetes 1.27")."""
    return _as_values(new, old.values), _as_values(old, new.values)


def _as_values(statement: Statement, values: frozenset[str]) -> Statement:
    if values.isdisjoint(statement.initial):  # most texts: no opening word is a value of the other
        return statement
    names = {key: stemmed for key, stemmed in statement.initial.items() if key in values}
    return replace(
        statement,
        values=statement.values | names.keys(),
        content=statement.content - set(names.values()),
        initial={k: v for k, v in statement.initial.items() if k not in names},
    )


def _opposed(new: Statement, old: Statement) -> tuple[str, str] | None:
    """An antonym pair between the words only one of the texts has: (old word, new word). All words count
    here, function words included ("on" / "off", "before" / "after")."""
    new_stems, old_stems = _stems(new.vocabulary), _stems(old.vocabulary)
    mine, theirs = new_stems - old_stems, old_stems - new_stems
    for a in theirs:  # linear in the words: each is looked up, never compared with every other
        found = (_OPPOSITES.get(a, frozenset()) & mine) or _unprefixed(a) & mine
        if found:
            return a, min(found)
    for b in mine:
        if _unprefixed(b) & theirs:
            return next(iter(_unprefixed(b) & theirs)), b
    return None


def _stems(words: frozenset[str]) -> frozenset[str]:
    return frozenset(map(stem, words))


@lru_cache(maxsize=65536)
def _unprefixed(word: str) -> frozenset[str]:
    """``word`` without each negating prefix it starts with, where a word of at least 4 letters is left
    (unable: "able"); cached: the antonym test asks it of every word one text has and the other has not."""
    return frozenset(word[len(p) :] for p in _NEGATING_PREFIXES if word.startswith(p) and len(word) - len(p) >= 4)


def _slot(new: Statement, old: Statement) -> tuple[str, str, bool] | None:
    """(old words, new words, in the predicate) when ``new`` is ``old`` with one short run of words replaced,
    in the same order; "in the predicate": the run lies in the second half of the sentence, where English puts
    what is said about the subject ("... is vim" → "... is emacs", not "the staging server ..." → "the build
    server ...", which is another subject)."""
    if max(len(new.words), len(old.words)) > FRAME_TOKENS or abs(len(new.words) - len(old.words)) > MAX_SLOT:
        return None
    if len(new.vocabulary ^ old.vocabulary) > 2 * MAX_SLOT:  # more words differ than one slot can hold
        return None
    if not _one_run_differs(old.words, new.words):
        return None
    ops = [op for op in SequenceMatcher(None, old.words, new.words, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(ops) != 1 or ops[0][0] != "replace":
        return None
    _, i1, i2, j1, j2 = ops[0]
    if i2 - i1 > MAX_SLOT or j2 - j1 > MAX_SLOT:
        return None
    return " ".join(old.words[i1:i2]), " ".join(new.words[j1:j2]), 2 * i1 >= len(old.words)


def _one_run_differs(old: tuple[str, ...], new: tuple[str, ...]) -> bool:
    """Whether, past their common start and end, each sequence has at most MAX_SLOT words left and no word
    left in one is left in the other: necessary for difflib to see one short replaced run (a run it
    replaces has no word in common with its replacement, or it would have matched that word), and far
    cheaper, so difflib runs only on the few pairs that pass."""
    shortest = min(len(old), len(new))
    start = 0
    while start < shortest and old[start] == new[start]:
        start += 1
    end = 0
    while end < shortest - start and old[-1 - end] == new[-1 - end]:
        end += 1
    was, now = old[start : len(old) - end], new[start : len(new) - end]
    return 0 < len(was) <= MAX_SLOT and 0 < len(now) <= MAX_SLOT and set(was).isdisjoint(now)


def _values_why(old: Statement, new: Statement) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    was = tuple(sorted(old.shown[v] for v in old.values - new.values))
    now = tuple(sorted(new.shown[v] for v in new.values - old.values))
    return f"new value: {', '.join(now) or '(none)'} (was {', '.join(was) or '(none)'})", was, now


def compare(
    new_text: str, old_text: str, cosine: float, *, same_type: bool = True, threshold: float = 0.95
) -> Revision:
    """How ``new_text`` relates to ``old_text`` (``cosine``: of their embeddings; ``threshold``: the type's
    dedup threshold, ClarkOS' tier 3, which a restatement in other words may also pass)."""
    new, old = read(new_text), read(old_text)
    if new.normal == old.normal:
        return Revision(RESTATEMENT, "the same text")
    new, old = _reconciled(new, old)
    if new.content.isdisjoint(old.content) and new.values.isdisjoint(old.values) and cosine < threshold:
        return Revision(DISTINCT, "about something else")  # most neighbours of a new memory: decided cheaply
    shared = new.content & old.content
    only_new, only_old = new.content - old.content, old.content - new.content
    union = len(shared) + len(only_new) + len(only_old)
    share = len(shared) / union if union else 0.0
    contains = bool(shared) and (not only_new or not only_old)
    # One side holding the other's content is the same subject when that content is not a word or two of
    # a longer, different text ("meeting" inside "meeting notes: the budget was approved").
    same_subject = share >= SUBJECT_SHARE or (
        contains and (share >= PARAPHRASE_SUBJECT or cosine >= ELABORATION_COSINE)
    )
    # A replaced slot leaves a frame that says what the fact is about: at least two shared words of content.
    slot = _slot(new, old) if len(shared) + len(new.values & old.values) >= 2 else None
    flipped = (new.negations % 2) != (old.negations % 2)
    opposed = None if flipped or not (same_subject or slot) else _opposed(new, old)
    if (flipped or opposed) and (same_subject or slot):
        why = "the negation is flipped" if flipped else f"'{opposed[0]}' became '{opposed[1]}'"  # type: ignore[index]
        return Revision(CONTRADICTION, why)
    if (new.values != old.values or slot) and _occurrences(new, old):
        return Revision(DISTINCT, "another occurrence of an event")
    if new.values != old.values:
        return _value_change(
            new, old, _announced(new, old) or (same_subject and not (only_new and only_old)), slot, cosine
        )
    if not only_new and not only_old:
        return Revision(RESTATEMENT, "the same facts in other words")
    # One text inside the other is the same subject only when the smaller says something: two words of
    # content or values ("the outage itself" is not "the cause of the outage" said shorter).
    said = len(shared) + len(new.values) >= 2
    if not only_old:
        if said and len(only_new) == 1 and cosine >= PARAPHRASE_COSINE and not _kept_in_order(old, new):
            # One word more, the sentence built anew: the same fact told another way ("the rotation has 4
            # engineers" / "4 engineers share the rotation"). Detail is added to a sentence kept as it was
            # ("the user is severely allergic to peanuts").
            return Revision(RESTATEMENT, f"the same facts told another way (similarity {cosine:.2f})")
        return _elaboration(only_new, cosine) if said else Revision(DISTINCT, "about something else")
    if not only_new:
        if cosine < ELABORATION_COSINE or not said:
            return Revision(DISTINCT, "about something else")
        return Revision(RESTATEMENT, "says less than the stored memory, nothing new")
    if slot and (slot[2] or _marks_change(new)):
        return Revision(UPDATE, f"'{slot[0]}' became '{slot[1]}'", (slot[0],), (slot[1],))
    if slot:  # one word swapped in the subject, in the same sentence: "the staging server" / "the build server"
        return Revision(DISTINCT, f"about another subject ('{slot[1]}', not '{slot[0]}')")
    if new.values and cosine >= VALUE_PARAPHRASE_COSINE and share >= CHANGE_SUBJECT:
        return Revision(RESTATEMENT, f"the same values in other words (similarity {cosine:.2f})")
    return _reworded(new_text, old_text, cosine, share, same_type, threshold)


def _kept_in_order(old: Statement, new: Statement) -> bool:
    """Whether the words of ``old`` that say something (function words aside) stand in ``new`` in the same
    order: ``new`` is ``old`` with words added, not the fact told again."""
    remaining = iter([w for w in new.words if w not in _IGNORED])
    return all(word in remaining for word in old.words if word not in _IGNORED)


def _marks_change(new: Statement) -> bool:
    return not _CHANGE_WORDS.isdisjoint(new.vocabulary)


def _occurrences(new: Statement, old: Statement) -> bool:
    """Two events, the later not saying it changes the earlier: two occurrences, each its own memory."""
    return old.event and new.event and not _marks_change(new)


def _announced(new: Statement, old: Statement) -> bool:
    """The new text says a change ("moved to", "now", a re- verb such as "repainted"), and the two texts
    share enough of their subject, counting the values they have in common ("CI moved to Python 3.11" /
    "the CI pipeline uses Python 3.10")."""
    redone = {w for w in new.redone if w[2:] in old.content}
    if not (redone or _marks_change(new)):
        return False
    content = {w[2:] if w in redone else w for w in new.content}
    if len(content ^ old.content) > MAX_REWORDED:  # told another way, but not about other things
        return False
    shared = len(content & old.content) + len(new.values & old.values)
    union = len(content | old.content) + len(new.values & old.values)  # the changed values are the change
    return shared > 0 and shared / union >= CHANGE_SUBJECT


def _value_change(
    new: Statement, old: Statement, same_subject: bool, slot: tuple[str, str, bool] | None, cosine: float
) -> Revision:
    if not same_subject:
        if slot:
            return Revision(UPDATE, f"'{slot[0]}' became '{slot[1]}'", (slot[0],), (slot[1],))
        return Revision(DISTINCT, "about something else")
    if old.values < new.values and old.content <= new.content:
        return _elaboration(frozenset(new.shown[v] for v in new.values - old.values), cosine)
    if new.values < old.values:  # nothing new, only fewer details
        if cosine >= ELABORATION_COSINE and (new.content <= old.content or cosine >= VALUE_PARAPHRASE_COSINE):
            return Revision(RESTATEMENT, "says less than the stored memory, nothing new")
        return Revision(DISTINCT, "about something else")
    removed, added = old.values - new.values, new.values - old.values
    if len(removed) == len(added) == 1 and set(next(iter(removed)).split()) < set(next(iter(added)).split()):
        # The same name, longer: more detail about the same value ("Solarized" / "Solarized Dark").
        return _elaboration(frozenset(new.shown[v] for v in added), cosine)
    if max(len(removed), len(added)) > 1 and not _announced(new, old):
        # An update changes one value; a sentence with several of its values replaced is the same kind of fact
        # about something else ("the access code for the Kazotan unit is 4417" / "... the Velmir unit is
        # 1234"; "Alice reviewed auth.py" / "Bob reviewed db.py"), unless it says it is a change.
        return Revision(DISTINCT, "the same kind of fact about something else")
    if all(new.where.get(v, 1.0) < SUBJECT_PART for v in added) and not _announced(new, old):
        # The changed value opens the sentence, where English puts what it is about: another subject ("the
        # nightly GitHub run failed 60 times" / "the nightly Kotlin run ..."), not a new value of this one.
        return Revision(DISTINCT, "the same kind of fact about something else")
    why, was, now = _values_why(old, new)
    return Revision(UPDATE, why, was, now)


def _elaboration(added: frozenset[str], cosine: float) -> Revision:
    if cosine < ELABORATION_COSINE:
        return Revision(DISTINCT, "about something else")
    return Revision(ELABORATION, f"adds {', '.join(sorted(added)[:5])}")


def _reworded(new_text: str, old_text: str, cosine: float, share: float, same_type: bool, threshold: float) -> Revision:
    """Same values and polarity, some content words swapped for others: the same fact told another way, or
    two facts that look alike."""
    if same_type and cosine >= threshold:
        return Revision(RESTATEMENT, f"the same facts in other words (similarity {cosine:.2f})")
    if same_type and jaccard(word_set(new_text), word_set(old_text)) > JACCARD_THRESHOLD:
        return Revision(RESTATEMENT, "nearly the same words")
    if cosine >= PARAPHRASE_COSINE and share >= PARAPHRASE_SUBJECT:
        return Revision(RESTATEMENT, f"the same facts in other words (similarity {cosine:.2f})")
    return Revision(DISTINCT, "about something else")
