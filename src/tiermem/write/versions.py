"""Whether two stored texts are versions of one fact, for the read path (both kept by the write path): a later
text that answers a question with a competing value, or that says a change the earlier one does not."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from ..recall.query import NUMBER, STOP_WORDS, stem
from .changes import redone, tells_change
from .frames import swaps
from .marks import STATE_WORDS, split_words
from .names import reconciled
from .statement import Statement, kind_of, measure_of, read


@lru_cache(maxsize=4096)
def competing_value(new_text: str, old_text: str, question: str) -> bool:
    """Whether ``new_text`` answers ``question`` with another value of a kind ``old_text`` holds: each holds a
    value the other lacks (the question's own values aside), one of the same kind on both sides, and the values
    of the question the old text holds kept (:func:`_asked_values_kept`: "...fly to Lisbon on March 21" against
    "Our flight to Lisbon leaves on March 14", for "When does our flight to Lisbon leave?"; not "Our flight
    to Rome ..."). One sentence with words swapped in two places is another fact of its kind ("the staging
    cache now listens on port 6380" / "the staging database listens on port 5433")."""
    new, old = read_pair(new_text, old_text)
    asked_in = read(question)
    if not _asked_values_kept(new, old, asked_in):
        return False
    asked = asked_in.values
    removed, added = old.values - new.values - asked, new.values - old.values - asked
    if not removed or not added or another_of_its_kind(new_text, old_text):
        return False
    was, now = {_shape_of(old, v) for v in removed}, {_shape_of(new, v) for v in added}
    if not was.isdisjoint(now):
        return True
    # A number with its unit left out competes with a number of any unit ("the maximum line length is 88" /
    # "lines may be up to 100 characters").
    return (_BARE in was and _counts(now)) or (_BARE in now and _counts(was))


# Code values read as a name of their shape: an environment variable, a dotted name (a host, a file, a module).
_VARIABLE = re.compile(r"[A-Z][A-Z0-9]*_[A-Z0-9_]+")
_DOTTED = re.compile(r"[\w-]+(?:\.[\w-]+)+")


def _shape_of(statement: Statement, value: str) -> str:
    """A value's kind (:func:`~tiermem.write.statement.measure_of`); a code value's with its shape, since a
    command is replaced by a command and a path by a path: `DATABASE_URL` is no AWS region like `eu-west-1`,
    `kestrel/settings/prod.py` no lint command like `make lint`. Held out, with other memories written after
    both versions of a fact, that kept them from going above its current value in 40 more changes (two sets of
    notes with code spans), and changed nothing with them written before."""
    kind = measure_of(statement, value)
    if kind != "code":
        return kind
    shown = statement.shown.get(value, value).strip("`")
    if any(c.isspace() for c in shown):
        return "code command"
    if "/" in shown:
        return "code path"
    if _VARIABLE.fullmatch(shown):
        return "code variable"
    return "code dotted" if _DOTTED.fullmatch(shown) else "code identifier"


def _asked_values_kept(new: Statement, old: Statement, question: Statement) -> bool:
    """Whether every value of the question the old text holds is in the new one too, or left out with no value
    of its kind in its place ("Our flight to Rome ..." for "When does our flight to Lisbon leave?"; "halves
    are 25 minutes long", in the league's new rules, for "How long is each half in the under-10s league?").
    Requiring the question's words beside the value in the new text too kept one look-alike of the development
    sets apart ("The alpaca chunky ..." for "How much is a ball of merino DK?") and lost 6 changes' current
    values first on the held-out ones."""
    left_out = (question.values & old.values) - new.values
    if not left_out:  # most pairs: the kinds of the new text's values are not read
        return True
    held = {_named(kind_of(new, v)) for v in new.values}
    return all(_named(kind_of(old, v)) not in held for v in left_out)


def _named(kind: str) -> str:
    """A name and a code are one kind here: either names a thing ("Tesco", "Co-op", "under-10s")."""
    return "name" if kind == "code" else kind


_BARE = "number "  # a number with no unit after it ("the maximum line length is 88"): a count of anything


def _counts(kinds: set[str]) -> bool:
    return any(kind.startswith(_BARE) for kind in kinds)


def holds_kind(text: str, kinds: frozenset[str], *, besides: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` holds a value of one of ``kinds`` (see recall.query.asked_kinds), ``besides`` (value keys,
    the question's own) aside: a number of any unit for NUMBER, a name only as written with a capital (a number
    word, "first", "once", is no name)."""
    statement = read(text)
    for value in statement.values - besides:
        kind = measure_of(statement, value)
        if kind == "name" and not statement.shown[value][:1].isupper():
            continue
        if kind in kinds or (NUMBER in kinds and (kind.startswith(_BARE) or kind == "duration")):
            return True
    return False


def may_hold_kind(text: str, kinds: frozenset[str], *, besides: frozenset[str] = frozenset()) -> bool:
    """:func:`holds_kind`, or, when a name is asked for, a capitalised word opening a sentence: read alone, a text
    cannot tell a name there from an ordinary word ("Quick swap: Tomasz took over the primary pager")."""
    if "name" in kinds:
        statement = read(text)
        if any(key not in besides and statement.shown[key].isalpha() for key in statement.initial):
            return True
    return holds_kind(text, kinds, besides=besides)


def says_change_of(new_text: str, old_text: str, *, done: bool = True, states: bool = True) -> bool:
    """Whether ``new_text`` says a change ``old_text`` does not say too (see :func:`tells_change`), does again
    what the old one names ("We remortgaged with the building society and locked in 3.89%" after "Our mortgage
    is fixed at 4.15% interest"), or, with ``done``, tells of a thing done to a state that the old one does not
    (:data:`_DONE`: "Cut the receipt retention to 30 days", "Grandma's decided to stay home this time"). With
    ``states`` off, a word that also describes a state (:data:`~tiermem.write.marks.STATE_WORDS`) says none."""
    new, old = read(new_text), read(old_text)
    if not states:  # "has a new carpet", "is currently closed": a state, not a change of it
        new = replace(new, marks=new.marks - STATE_WORDS)
    changed = tells_change(new, old) or bool(redone(new, old))
    return changed or (done and not _done(new.words) <= set(old.words))


# Verbs in the past that tell of a thing done to a state: started, stopped, cut, cancelled, sold, turned... Read
# here, where a question says which fact is asked about, not by the write path, where they are also how notes
# describe a setting ("the `simd` feature enabled by default"). Held out, with the known current version
# guarded (_may_replace in recall/newer.py), the current value stood first in 20 more changes, and in 6 more
# with the other memories written after both versions; one look-alike fewer stood first.
_DONE = frozenset(
    split_words(
        "started began begun stopped ended quit cancelled canceled cut closed opened lifted banned sold bought hired "
        "fired left joined retired rolled removed deleted disabled enabled added paused resumed reverted restored "
        "finished outgrew outgrown expired lapsed renewed transferred converted installed uninstalled locked "
        "unlocked blocked unblocked promoted demoted turned decided gone shut scrapped axed"
    )
)
_BE = frozenset(split_words("is are was were be been being am 's 're"))


def _done(words: tuple[str, ...]) -> set[str]:
    """The words of :data:`_DONE` said as done, not as a state: not after a form of "be" ("Autoscaling is
    enabled"), nor before "by" ("enabled by default")."""
    return {
        word
        for i, word in enumerate(words)
        if word in _DONE and (i == 0 or words[i - 1] not in _BE) and words[i + 1 : i + 2] != ("by",)
    }


def share_a_word(new_text: str, old_text: str) -> bool:
    """Whether two texts hold a word of content or a value in common: what a change told in other words keeps
    of the fact it changes ("I've moved all the hives over to the allotment site" / "We keep the hives at the
    orchard"), and a fact about another thing need not ("moved my payroll over to Xero" / "I send my invoices
    to clients through QuickBooks")."""
    new, old = read(new_text), read(old_text)
    return not (new.content.isdisjoint(old.content) and new.values.isdisjoint(old.values))


@lru_cache(maxsize=4096)
def read_pair(new_text: str, old_text: str) -> tuple[Statement, Statement]:
    """The two texts read against each other (:func:`~tiermem.write.names.reconciled`), cached: a search asks
    several rules of the same pairs of hits, and the next search about the same thing asks them again."""
    return reconciled(read(new_text), read(old_text))


@lru_cache(maxsize=4096)
def another_of_its_kind(new_text: str, old_text: str) -> bool:
    """Whether ``new_text`` is ``old_text`` with words swapped in two places or more, change words aside: the
    same kind of fact about another thing ("the staging cache now listens on port 6380" / "the staging
    database listens on port 5433"). Cached as :func:`read_pair` is."""
    new, old = read_pair(new_text, old_text)
    return swaps(new, old, unmarked=True) >= 2


@lru_cache(maxsize=4096)
def qualifier_swapped(new_text: str, old_text: str, asked: frozenset[str]) -> bool:
    """Whether a word of the question (``asked``: stems) that ``old_text`` holds and ``new_text`` lacks stands
    right before a word both hold, where ``new_text`` has another word of content: the thing asked about said
    of another one of its kind ("The weekly backup takes roughly 3 hours" / "The nightly backup takes about 40
    minutes", for "How long does the nightly backup take?"). English puts a thing's qualifier before it; a word
    of the old text's values is what an update changes, not which thing it is about."""
    old = read(old_text)
    old_words = old.words
    places = [i for i, word in enumerate(old_words[:-1]) if any(word.startswith(a) for a in asked)]
    if not places:  # no word of the question before another word: nothing else is read
        return False
    new_words = read(new_text).words
    held = {stem(w) for w in new_words}
    first_at: dict[str, int] = {}
    for at, w in enumerate(new_words):  # each word's first place, looked up once per old word: linear
        first_at.setdefault(w, at)
    in_values = {part for key in old.values for part in old.shown[key].lower().split()}
    for i in places:
        word = old_words[i]
        key = stem(word)
        if key not in old.content or key in held or word in in_values:
            continue  # a function word, held, or part of a value
        noun = old_words[i + 1]
        if noun in STOP_WORDS or noun not in first_at:
            continue
        k = first_at[noun] - 1
        if _another_qualifier(new_words[k] if k >= 0 else "", word, asked):
            return True
    return False


def _another_qualifier(other: str, word: str, asked: frozenset[str]) -> bool:
    """Whether ``other``, in the place of the asked ``word``, is a word of content that names another thing: not
    the same word, nor a word of the question too ("We raised the uninsured cleaning price" / "A standard
    cleaning ... for patients without insurance", for "How much does an uninsured patient pay for a standard
    cleaning?"), nor the word cut short ("the prod settings" for "the production settings")."""
    if not other or other in STOP_WORDS or other in _WHICH_VERSION or stem(other) == stem(word):
        return False
    if len(other) >= _SHORTENED and word.startswith(other):  # the word cut short: "prod" for "production"
        return False
    return not any(other.startswith(a) for a in asked)


_SHORTENED = 3  # letters a word cut short keeps at least ("dev", "prod", "repo", "config")

# Words that say which version of a thing is meant, not which thing ("the first venue fell through").
_WHICH_VERSION = frozenset(
    {"first", "old", "new", "previous", "current", "last", "next", "original", "latest", "former", "usual"}
)
