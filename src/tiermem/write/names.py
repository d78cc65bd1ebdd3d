"""Which capitalised words are names: English capitalises the first word of a sentence whatever it is, so a
word there is read as a name only when the text it is compared with says so.
"""

from __future__ import annotations

from dataclasses import replace

from ..recall.query import stem
from .derivation import same_roots
from .periods import per_period
from .statement import DETERMINERS, Statement, is_name, past_form


def reconciled(new: Statement, old: Statement) -> tuple[Statement, Statement]:
    """A capitalised word opening a sentence may be a name or an ordinary word; it is a value when the other
    text has it as one ("Kubernetes 1.27 is what runs" / "the cluster runs Kubernetes 1.27"), or when the
    other has a name this one lacks and the word is not one of the other's words ("Ingrid took over as lead
    designer" / "the lead designer is Hiro": a name in the place of a name). A name a text opens on is cut after
    its first word when the other has that word in lower case (:func:`_opening_apart`); where a change is said,
    a word in lower case is the other's name of one word (:func:`_lowered_names`) and a name said short the
    other's longer name (:func:`_shortened`). Words of one root are one word; an acronym is the words the other
    text spells it out in (:func:`_spelled_out`); an amount written per period ("£32/mo") is the amount said with
    its period (:func:`~tiermem.write.periods.per_period`)."""
    new, old = _opening_apart(new, old), _opening_apart(old, new)
    if new.says_change:  # a change told of a thing the other names (see _lowered_names, _shortened)
        new, old = _shortened(new, old), _shortened(old, new)
        new, old = _lowered_names(_pronoun_one(new), old), _lowered_names(_pronoun_one(old), new)
    new, old = same_roots(as_values(new, old), as_values(old, new))
    return per_period(_spelled_out(new, old), _spelled_out(old, new))


_ACRONYM = range(2, 6)  # letters of a value written in capitals read as an acronym ("PB", "DD")


def _spelled_out(statement: Statement, other: Statement) -> Statement:
    """``statement`` with a value written in capitals that is the initials of a run of ``other``'s words of
    content read as those words: notes shorten what a sentence spells out ("knocked my 5k PB down to 23:38" /
    "My 5k personal best is 24:12"; "utils: elec DD £118" / "... paid by direct debit"). A name ("Sam") is
    no acronym of "Saturday afternoon meeting"."""
    acronyms = [
        v for v in statement.values if len(v) in _ACRONYM and v.isalpha() and statement.shown.get(v, "").isupper()
    ]
    found = {v: spelled for v in acronyms if (spelled := _spelling(v, other))}
    if not found:
        return statement
    return replace(statement, values=statement.values - found.keys(), content=statement.content.union(*found.values()))


def _spelling(acronym: str, statement: Statement) -> frozenset[str]:
    """The stems of the first run of the statement's words of content whose initials are ``acronym``; empty when
    none."""
    words, size = statement.words, len(acronym)
    initials = "".join(w[:1] or " " for w in words)  # one letter a word: a run's initials are found in C
    i = initials.find(acronym)
    while i != -1:
        stems = frozenset(map(stem, words[i : i + size]))
        if len(stems) == size and stems <= statement.content:
            return stems
        i = initials.find(acronym, i + 1)
    return frozenset()


def _lowered_names(statement: Statement, other: Statement) -> Statement:
    """``statement`` with the words it writes in lower case that ``other`` writes as a name of one word read as
    that name: chat and notes drop capitals ("corsa's on 51,900 miles now" / "The Corsa has 48,200 miles on the
    clock"; "switched pickle to ..." / "Pickle's on ..."); a word of a code span stays the span's. Read so only
    where the new text says a change: beside texts that say none (chat turns on one topic) the name in common
    folded them as the same facts told again (LongMemEval turns stored as facts: 12 more folds read so
    everywhere, 5 read so only there)."""
    names = {v for v in (other.values & statement.content) - statement.spanned if " " not in v and is_name(v)}
    if not names:
        return statement
    at: dict[str, int] = {}
    for i, word in enumerate(statement.words):
        if (key := stem(word)) in names:
            at.setdefault(key, i)
    return replace(
        statement,
        values=statement.values | names,
        content=statement.content - names,
        shown={**{n: other.shown.get(n, n) for n in names}, **statement.shown},
        at={**at, **statement.at},
    )


def _shortened(statement: Statement, other: Statement) -> Statement:
    """``statement`` with a name that is the first words of a longer name of ``other`` read as that name: a
    name said short ("Hollyhock's trade discount" / "Hollyhock Flowers gets a 12% trade discount"), the
    capitalised word opening a sentence too ("Kingsmead chess subs going up to £45" / "Kingsmead Chess Club
    sub: £40 a year")."""
    longer = {
        v: n
        for v in (statement.values | statement.initial.keys()) - other.values
        if is_name(v)
        for n in other.values - statement.values
        if n.startswith(v + " ") and is_name(n)
    }
    if not longer:
        return statement
    opening = {statement.initial[v] for v in longer.keys() - statement.values}  # "Kingsmead chess has moved"
    return replace(
        statement,
        values=statement.values - longer.keys() | set(longer.values()),
        content=statement.content - opening,
        initial={k: v for k, v in statement.initial.items() if k not in longer},
        shown={**statement.shown, **{n: statement.shown[v] for v, n in longer.items()}},
        at={**statement.at, **{n: statement.at[v] for v, n in longer.items() if v in statement.at}},
    )


def _opening_apart(statement: Statement, other: Statement) -> Statement:
    """``statement`` with the name it opens on cut after its first word when ``other`` writes that word in
    lower case, a word of its content, and holds the rest as a name ("Remote SSH access to the home server is
    enabled" / "I've disabled remote SSH access to the home server": "remote" is a word, "SSH" the name)."""
    for value, at in statement.at.items():
        if at:  # only a name the text opens on
            continue
        first, _, rest = value.partition(" ")
        if not rest or value not in statement.values or first not in other.content or rest not in other.values:
            continue
        opener, _, shown = statement.shown[value].partition(" ")
        if not past_form(opener.lower()):  # "Fixed ...": a verb
            return replace(
                statement,
                values=statement.values - {value} | {rest},
                content=statement.content | {first},
                shown={**statement.shown, rest: shown},
                at={**statement.at, rest: 1},
            )
    return statement


def as_values(statement: Statement, other: Statement) -> Statement:
    """``statement`` with the capitalised words opening its sentences read as names where ``other`` says
    they are (see :func:`reconciled`)."""
    if not statement.initial:  # most texts: no capitalised word of content opens a sentence
        return statement
    names = {key: stemmed for key, stemmed in statement.initial.items() if key in other.values}
    if not names and any(is_name(v) for v in other.values - statement.values):
        names = {
            key: stemmed
            for key, stemmed in statement.initial.items()
            if stemmed not in other.content
            and statement.shown[key].isalpha()  # not "We're"
            and not _plural_subject(statement, key)
        }
    if not names:
        return statement
    return replace(
        statement,
        values=statement.values | names.keys(),
        content=statement.content - set(names.values()),
        initial={k: v for k, v in statement.initial.items() if k not in names},
    )


_PLURAL_VERBS = frozenset({"are", "were", "have"})
_SINGULAR_VERBS = frozenset({"is", "was", "has", "does"})


def _plural_subject(statement: Statement, key: str) -> bool:
    """Whether the capitalised word ``key`` is followed by a verb of the plural: a person's name takes the
    singular ("Pets are allowed in flat 1": a kind of thing, not someone). A word in the plural's -s is one
    unless a verb of the singular follows ("Visitors sign the register", "Members can reserve books"; not
    "Ross takes the minutes")."""
    words = statement.words
    word = statement.shown[key].lower()
    at = words.index(word) if word in words else len(words)
    if at + 1 >= len(words):
        return False
    after = words[at + 1]
    if after in _PLURAL_VERBS:
        return True
    return _plural_form(word) and after not in _SINGULAR_VERBS and not (after.endswith("s") and len(after) > 3)


_IRREGULAR_PLURALS = frozenset({"children", "people", "men", "women", "staff", "police", "feet", "teeth", "mice"})


def _plural_form(word: str) -> bool:
    if word in _IRREGULAR_PLURALS:
        return True
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "os"))


def _pronoun_one(statement: Statement) -> Statement:
    """``statement`` without "one" as a count where each "one" it says follows a determiner and a word: the
    pronoun of the thing just named ("since the old one went on maternity leave", "after the old one packed
    in"), not a number. Read so where a change is said, whose texts name what replaced "the old one"."""
    if "one" not in statement.values:
        return statement
    words = statement.words
    places = [i for i, w in enumerate(words) if w == "one"]
    if not all(i >= 2 and words[i - 2] in DETERMINERS for i in places):
        return statement
    return replace(statement, values=statement.values - {"one"})
