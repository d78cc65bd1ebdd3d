"""What a sentence is about, as the revision rules read it: the words it opens on (English puts its subject
first), the capitalised words opening a sentence, which may be names, and which values name a thing rather
than measure one; and whether a negation is said of it at all, or of something else. Pure."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from ..recall.query import stem
from .ceasing import CEASE_TRIGGERS
from .changes import tells_change
from .frames import clauses, slot_at, told_when
from .marks import change_marks
from .names import as_values, reconciled
from .statement import (
    COPULAS,
    DURATION_UNITS,
    NEGATIONS,
    NUMBER_KEYS,
    VALUE_CHARACTER,
    Statement,
    is_name,
    kind_of,
    past_form,
    read,
)

SUBJECT_PART = 1 / 3  # a value in the first third of a sentence names what it is about, not its new value
CLAUSE_CHARS = 1000  # a text is read clause by clause over this many characters at most (a memory-sized one)


def other_opening(new: Statement, old: Statement) -> bool:
    """Whether the two texts open on other things: neither of the first two words of content or values of one is
    in the other. English puts what a sentence is about first, so a change said of another subject is another
    fact of its kind ("My phone plan now costs $60 a month" after "My gym membership costs $45 a month")."""
    first, their_first = opening(new), opening(old)
    return bool(first and their_first) and first.isdisjoint(_said(old)) and their_first.isdisjoint(_said(new))


def left_out(new: Statement, old: Statement) -> bool:
    """A name of the old text left out and words of the new one's own in its place, no name added: whose or
    which it was is no longer said, another thing is ("The walk-in clinic on the high street now opens at 9 am"
    beside "Dr Patel's clinic opens at 8 am"). Capitalised words only: an acronym left out is said less ("The
    API gateway times out requests after 30 seconds" / "the gateway timeout went up to 60 seconds")."""
    left = [v for v in old.values - new.values if is_name(v) and old.shown[v].istitle()]
    return bool(left and new.content - old.content) and not any(is_name(v) for v in new.values - old.values)


def _said(statement: Statement) -> frozenset[str]:
    return statement.content | statement.values


def opening(statement: Statement) -> frozenset[str]:
    """The first two words of content or values, the parts of a hyphened word each one, a time or a change
    said aside ("Starting next week, on-call hands off at 4 pm" opens on "on-call hands")."""
    said = _said(statement) - told_when(statement)
    marks = {word for mark in statement.marks for word in mark.split()}
    keys = (
        key
        for word in statement.words
        if word not in marks
        for key in ([word] if word in said else [stem(part) for part in word.split("-")])
        if key in said
    )
    return frozenset(itertools.islice(keys, 2))


def openers(new: Statement, old: Statement) -> set[str]:
    """The capitalised words opening a sentence of either text that the other does not write in lower case:
    read as content, but names as often ("Sam: ...", "Alice now lives ..."; not "Standup was moved ..." beside
    "the team standup is ...")."""
    return _capitalised(new, old) | _capitalised(old, new)


# Content words that may differ between two texts that tell one fact in other words ("reports to" / "manager is").
MAX_REWORDED = 3


def told_around(content: set[str], new: Statement, old: Statement) -> bool:
    """A change told with more around it than a rewording has (when, why, what else was touched): still the
    old fact ("We shortened the session cookie lifetime to 7 days after the account-takeover report" after
    "The session cookies expire after 30 days") when

    - a value of the old text is replaced: a chat turn that only says more is no new version of an earlier one
      ("Tom: Yeah, Priya! We'll smash the marathon ..." / "Tom: Let's keep going and chase our goals!");
    - at most :data:`MAX_REWORDED` of its words of content are missing;
    - the name it opens on, if any, is kept ("Zoe flew to Berlin for the search offsite ..." is not "Wilhelm
      flew to Berlin for the platform offsite ...");
    - two of the words both hold are words of the subject: not a name opening either text, nor a word inside a
      command; a value both hold counts as one ("The airline rebooked us, so we now fly to Lisbon on March 21"
      after "Our flight to Lisbon leaves on March 14": "Lisbon" and "March" say which flight, where "fly" and
      "flight" are two stems).

    ``content``: the new text's content stems, a re- verb's as its bare verb."""
    if len(old.content - content) > MAX_REWORDED or not (old.values - new.values and new.values - old.values):
        return False
    if any(is_name(v) and opens(old, v) for v in old.values - new.values):
        return False
    common = (content & old.content) - new.spanned - old.spanned - openers(new, old)
    return len(common) + len(old.values & new.values) >= 2


def _capitalised(statement: Statement, other: Statement) -> set[str]:
    lower = other.content - set(other.initial.values())
    return {stemmed for stemmed in statement.initial.values() if stemmed not in lower}


# Amounts and times (of day, or dates): what a name never stands in for ("New episodes go out every Wednesday" /
# "The episodes are edited by Kofi Mensah": a day and a person are two facts, whatever the words in common), nor
# one for the other ("I walk dogs on Sundays" / "Each group walk is capped at three dogs"). A time of day and a
# date are both when a thing happens: one may replace the other ("The meeting is at 3pm" / "... on Monday").
_AMOUNTS: tuple[str, ...] = ("money", "percent", "number ")
_TIMES: tuple[str, ...] = ("time", "weekday", "month", "day")
_QUANTITIES = (*_AMOUNTS, *_TIMES)
# A price, a share and a count are no values of one slot ("rent £48/yr" / "padlock changed to 8815"); the times
# of a day, a week and a year may be ("the bins go out on Thursday" / "... at 7 am").
_FAMILIES: tuple[tuple[str, ...], ...] = (("money",), ("percent",), ("number ",), _TIMES)


def quantity_for_name(old: Statement, removed: frozenset[str], new: Statement, added: frozenset[str]) -> bool:
    """Whether names or identifiers stand where only quantities or dates stood, or quantities or dates where only
    names or identifiers stood ("go 1.21" / "`go test ./...`"), or a quantity of one family (a price, a share,
    a count, a time) where only quantities of others stood."""

    def families(statement: Statement, values: frozenset[str]) -> set[tuple[str, ...]] | None:
        """The families of ``values``; None unless each is a quantity."""
        kinds = [_quantity_kind(statement, v) for v in values]
        found = {f for f in _FAMILIES for k in kinds if k.startswith(f)}
        return found if values and all(k.startswith(_QUANTITIES) for k in kinds) else None

    def names(statement: Statement, values: frozenset[str]) -> bool:
        return bool(values) and all((is_name(v) and v not in _DAYS_SHORT) or _identifier(statement, v) for v in values)

    was, now = families(old, removed), families(new, added)
    if was is not None and now is not None:
        return was.isdisjoint(now)
    return (was is not None and names(new, added)) or (names(old, removed) and now is not None)


# A weekday written short with its capital is read as a name ("moved to Thurs"): a day where a name stood is no
# new value of it. Only here: read as a weekday everywhere, it changed which hit the read path puts first.
_DAYS_SHORT = frozenset({"mon", "tue", "wed", "thu", "thur", "fri", "sat", "sun"})


def _quantity_kind(statement: Statement, value: str) -> str:
    if value in NUMBER_KEYS:
        return _AMOUNTS[-1]  # "three dogs"
    return "weekday" if value in _DAYS_SHORT else kind_of(statement, value)


def another_kind(
    old: Statement, removed: frozenset[str], swapped: frozenset[str], new: Statement, added: frozenset[str]
) -> bool:
    """Whether the ``added`` values are of another kind than the old ones they would replace (``swapped``, of
    the ``removed``): no new value of the same slot."""
    return (
        quantity_for_name(old, swapped, new, added)
        or qualifier_for_value(old, removed, new, added)
        or other_shape(old, swapped, new, added)
    )


def other_shape(old: Statement, removed: frozenset[str], new: Statement, added: frozenset[str]) -> bool:
    """Whether code spans stand where only code spans of another shape stood: a command (or an option) is
    replaced by a command, an environment variable by one, a name (a branch, a package, a path, a table) by a
    name ("`/healthz`" / "`RUST_LOG=debug`": what two notes about one service say, not one setting changed)."""
    was, now = {_code_shape(old, v) for v in removed}, {_code_shape(new, v) for v in added}
    return bool(was) and bool(now) and None not in was | now and was.isdisjoint(now)


_VARIABLE = re.compile(r"[A-Z]{2,}|[A-Z][A-Z0-9]*_[A-Z0-9_]+")  # RILLRC, DATABASE_URL; not ES256


def _code_shape(statement: Statement, value: str) -> str | None:
    """A code span's shape: an assignment has the shape of what it sets ("`RUST_LOG=debug`": a variable).
    Coarser than the read path's (:func:`~tiermem.write.versions.competing_value`): a branch `stable` is
    replaced by `release/v2`, a package `zustand` by `@reduxjs/toolkit`, a name by a path."""
    shown = statement.shown.get(value, "")
    if not shown.startswith("`"):
        return None
    code = shown.strip("`").partition("=")[0].strip()
    if code.startswith("-") or any(c.isspace() for c in code):
        return "command"
    return "variable" if _VARIABLE.fullmatch(code) else "name"


def labelled_apart(new: Statement, old: Statement, slot: tuple[str, str, bool]) -> bool:
    """Whether a replaced run after a bare label (nothing but words of content or values before it: a note's
    "- side proj", "- mum carer") holds a word of its own beside its value, and a value of another kind, or one
    on one side only, stands in it: the note names another thing of the subject and gives its value ("- side
    proj node 18.19" / "- side proj dev server :5173"), as "the shop charges $7.25" and "the shop ships to
    Canada" are two facts (:func:`another_kind`), not a value changed. So is a value of the same kind under
    words of its own on both sides, none in common, with no change said ("- side proj: deploy `fly deploy`" /
    "- side proj migrate: `alembic upgrade head`"; not "- Heron prod image: ..." / "- Heron prod rolled to
    ...", where the verb in the past tells the change)."""
    if not label_before(old, slot_at(old, slot)):
        return False
    was, now = slot[0].split(), slot[1].split()
    labels, their_labels = _labels(new, now), _labels(old, was)
    if not (labels or their_labels):
        return False
    old_values, new_values = _values_in(old, was), _values_in(new, now)
    if not old_values or not new_values:
        return bool(old_values or new_values)
    if _kinds(old, old_values) != _kinds(new, new_values):
        return True
    return bool(labels and their_labels) and labels.isdisjoint(their_labels) and not tells_change(new, old)


def label_before(statement: Statement, at: int) -> bool:
    """Whether the words before the ``at``-th are all words of content or values: a note's bare label ("- side
    proj", "- Quarry"), not a sentence's opening ("My phone contract ...")."""
    return all(stem(w) in statement.content or w in statement.values for w in statement.words[:at])


def _labels(statement: Statement, words: Sequence[str]) -> set[str]:
    """The words of content among ``words`` that are no value, the unit of one, a verb in the past (which tells
    what was done: "rolled to") nor a weekday written short ("Fri")."""
    return {
        w
        for w in words
        if w not in statement.values
        and (key := stem(w)) in statement.content
        and key not in DURATION_UNITS
        and not past_form(w)
        and w not in _DAYS_SHORT
    }


def _values_in(statement: Statement, words: Sequence[str]) -> frozenset[str]:
    return frozenset(v for v in statement.values if not set(v.split()).isdisjoint(words))


def _kinds(statement: Statement, values: frozenset[str]) -> set[tuple[str, str | None]]:
    return {(kind_of(statement, v), _code_shape(statement, v)) for v in values}


def names_a_thing(statement: Statement, value: str) -> bool:
    """A name or an identifier (a file, a host, a ticket): what a sentence can be about, unlike a quantity."""
    return is_name(value) or kind_of(statement, value) == "code"


def in_common(new: Statement, old: Statement) -> frozenset[str]:
    """The content words two texts share outside their code spans: a word inside a changed command ("`cap
    production deploy`") is no subject the two are about ("... is on in Larkspur production")."""
    return (new.content - new.spanned) & (old.content - old.spanned)


def subject_words(new: Statement, old: Statement) -> int:
    """The words of content two texts share, a sentence's opening capitalised word aside, and the names they
    keep when they keep two or more: "CI" and "Python" are what "CI was moved to Python 3.11" and "The CI
    pipeline uses Python 3.10" are about, where one name alone is in everything said about it."""
    names = sum(len(v.split()) for v in new.values & old.values if is_name(v))  # "Corsa MOT": two names
    return len(in_common(new, old) - openers(new, old)) + (names if names >= 2 else 0)


def focus_of(new_text: str, old: Statement) -> str | None:
    """The clause of a text of several that holds every value the text has and the old one (a clause) lacks,
    with the change words its other clauses say and the values they share with the old one: what the rest is
    context for ("The renewal letter came: the car insurance will cost $1,120 per year from now on"; "Since it
    gets dark early now, the dog goes out at 6 pm"). None for a text of one clause, or with the new values
    spread over several, unless one clause alone puts values of their kinds in the place of the old text's
    (:func:`_replacing`); the change it says is then told in it or before it, what follows being a reason or
    an aside. A capitalised word opening the text counts as its own reading has it: a name only where it reads
    as one ("Marta reorganised the drive; product photos now live in the Assets folder")."""
    added = read(new_text).values - old.values
    if not added:
        return None
    parts = clauses(new_text[:CLAUSE_CHARS])
    if len(parts) < 2:  # one clause: nothing to focus on
        return None
    held = [as_values(read(c), old) for c in parts]
    holding = [i for i, c in enumerate(held) if added <= c.values]
    replacing = not holding
    if replacing:
        holding = _replacing(held, added, old)
    if len(holding) != 1:
        return None
    others = [c for i, c in enumerate(parts) if i != holding[0]]
    context = read(" ".join(others))
    kept = [context.shown[v] for v in sorted(context.values & old.values)]  # "CI" in "more CI minutes: 5,000 ..."
    said = read(" ".join(others[: holding[0]])) if replacing else context  # there, the change told before it
    return " ".join([parts[holding[0]], *sorted(change_marks(said.words)), *kept])


def _replacing(parts: Sequence[Statement], added: frozenset[str], old: Statement) -> list[int]:
    """The clauses that hold new values of every kind the old text has and the new one lacks, and a word of
    the old text's content (not a unit of time): where the change is, when the text's other clauses bring values
    of their own ("Pebblecast moved to Go 1.22; the `go` directive in `go.mod` is bumped too" after
    "Pebblecast builds with Go 1.21")."""
    kept = frozenset().union(*(p.values for p in parts))
    kinds = {kind_of(old, v) for v in old.values - kept}
    if not kinds:
        return []
    return [
        i
        for i, p in enumerate(parts)
        if kinds <= {kind_of(p, v) for v in p.values & added} and (p.content & old.content) - DURATION_UNITS
    ]


def opens(statement: Statement, value: str) -> bool:
    """Whether ``value`` stands where English puts what a sentence is about: before its copula ("the hotel in
    Paris is booked"), or, with none, in the first third of it."""
    at = statement.at.get(value, len(statement.words))
    copula = next((i for i, w in enumerate(statement.words) if w in COPULAS and w != "as"), None)
    if copula is not None:
        return at < copula
    return at < SUBJECT_PART * max(1, len(statement.words) - 1)


def identity(statement: Statement) -> bool:
    """Whether the sentence says who or what *the* one thing is ("Tomás Ortega is the on-call lead"): its
    opening name is then the value, as in "the on-call lead is Tomás Ortega"."""
    words = statement.words
    return any(a in COPULAS and b == "the" for a, b in itertools.pairwise(words))


def qualified(new: Statement, old: Statement) -> bool:
    """One text names a thing the other names with a word more before it, says no change, and has a command or
    a path in the place of another, or a measure in the place of one of its kind (a time, an amount, a count of
    a unit): another thing of its kind ("- app docs build: `pnpm build:docs`" / "- app build: `pnpm build`";
    "mum carer visits 9:30" / "mum carer evening visit 6:15"; "Our window cleaner charges $40 an hour" / "Our
    cleaner charges $25 an hour"). A name in the place of a name is not one: "a closer vet" is the vet. (The
    measures: 3 fewer wrong supersessions among chat turns stored as facts, bench/chat_facts.py; the truth
    sets and the store corpus decide as before, but two near misses of a development set.)"""
    was, now = old.values - new.values, new.values - old.values
    if tells_change(new, old) or not (
        (_identifiers(old, was) and _identifiers(new, now)) or _measures(old, was, new, now)
    ):
        return False
    for wider, narrower in ((new, old), (old, new)):
        own = wider.content - narrower.content
        stems = [stem(w) for w in wider.words]
        if any(a in own and b in narrower.content for a, b in itertools.pairwise(stems)):
            return True
    return False


def topic_only(new: Statement, old: Statement, shared: frozenset[str]) -> bool:
    """One text's words inside the other's, a value of the old one replaced, and all they share is one word
    both open on, no change said: the thing both are about, not the slot of one fact ("- app MSRV 1.79" /
    "- app bench: `just bench`"). With the old values kept, the new text adds to it ("... at 10am in room 4")."""
    inside = new.content < old.content or old.content < new.content
    if not inside or old.values <= new.values or not shared <= opening(new) & opening(old) or tells_change(new, old):
        return False
    # One word of the text, a hyphened name's parts together ("rill-cli"): the name of what they are about.
    return any(shared <= {stem(part) for part in word.split("-")} for word in new.words)


def _measures(old: Statement, was: frozenset[str], new: Statement, now: frozenset[str]) -> bool:
    """One measure in the place of another of its kind (a time, an amount, a count of a unit)."""
    if len(was) != 1 or len(now) != 1:
        return False
    kind = kind_of(old, next(iter(was)))
    return kind == kind_of(new, next(iter(now))) and (
        kind in ("time", "money", "percent") or kind.startswith("number ")
    )


def _identifiers(statement: Statement, values: frozenset[str]) -> bool:
    return bool(values) and all(_identifier(statement, v) for v in values)


def _identifier(statement: Statement, value: str) -> bool:
    """A code that does not open on a digit: "`pnpm build`", not "5K" or "plot 27b", read as numbers are."""
    return kind_of(statement, value) == "code" and not value[:1].isdigit()


def negated_apart(new_text: str, old_text: str, new: Statement, old: Statement) -> bool:
    """Whether the text with the odd number of negations says them only in clauses that share no word of
    content with the other text: a negation of something else, which flips nothing of it (chat turns: "Can't
    wait to hear about it. Have a great day! Take care." / "Take care!"). A negation of the fact itself shares
    its subject ("The car insurance lapsed, the car is not insured anymore" / "The car is insured")."""
    negated, other = (new_text, old) if new.negations % 2 else (old_text, new)
    parts = clauses(negated[:CLAUSE_CHARS])
    if len(parts) < 2:
        return False
    negated_parts = [part for part in map(read, parts) if part.negations]
    # No clause holds the negation on its own (it is read from the whole text): it is not apart.
    return bool(negated_parts) and all(part.content.isdisjoint(other.content) for part in negated_parts)


def negated_clause(new_text: str, new: Statement, old: Statement) -> frozenset[str] | None:
    """The content of the one clause of a short statement (:func:`_told_clauses`) that says its negations, when
    that clause shares a word with the old text: what the negation is said of, the other clauses being why or
    what follows ("Dad isn't driving anymore; the neurologist told him to hand over the keys" after "Dad drives
    himself to his medical appointments"). When the others say a negation of something else
    (:func:`negated_within`), the one negated clause that shares a word with the old text. None otherwise."""
    negated = [part for part in _told_clauses(new_text) if part.negations]
    if negated_within(new_text, new, old):  # a negation of something else beside: the clause about the fact
        negated = [part for part in negated if not part.content.isdisjoint(old.content)]
        return negated[0].content if len(negated) == 1 else None
    if len(negated) != 1 or negated[0].negations != new.negations or negated[0].content.isdisjoint(old.content):
        return None
    return negated[0].content


def negated_in_its_words(new_text: str, old_text: str) -> bool:
    """Whether the new text negates the old one in its words, the same values kept: two words of content in
    common in the one clause that says the negation, and the negation word denies the old text's words (two of
    them, or only words of it: :func:`_denied`), not "without" a thing. Told with why or since when around it,
    the subject the other rules weigh is diluted ("Mom doesn't need the walker indoors anymore, all that physio
    is paying off" after "Mom needs her walker to get around the house"; "Grandad handed over his car keys
    after the eye test and doesn't drive any more" after "Grandad still drives"). A reason told with a negation
    of its own is left out (:func:`negated_within`: "We stopped doing the village fete stall, it wasn't worth the
    early mornings")."""
    new, old = read(new_text), read(old_text)
    within = new.negations >= 2 and negated_within(new_text, new, old)  # and a negation of something else
    if new.negations % 2 == old.negations % 2 and not within:  # most pairs: decided before any clause is read
        return False
    if "?" in new_text + old_text or len(clauses(old_text[:CLAUSE_CHARS])) > 3:  # a question, a chat message
        return False
    new, old = reconciled(new, old)
    if new.values != old.values:
        return False
    if len(new.content & old.content) < 2 or "without" in new.words + old.words:
        return False  # "without" denies a thing, not what is said of it: "tubeless" / "without inner tubes"
    said = _denied(new_text, new, old if within else None)
    return said is not None and (len(said & old.content) >= 2 or (bool(said) and said <= old.content))


def _denied(text: str, statement: Statement, about: Statement | None = None) -> frozenset[str] | None:
    """The words of content a negation word ("not", "never", "no", "n't") or a verb of ending ("stopped",
    "gave up", "turned ... off": :data:`~tiermem.write.ceasing.CEASE_TRIGGERS`) denies: those after the first
    one, in the one clause of a short statement (one to three clauses) that says its negations ("work's stopped
    doing salary sacrifice, so ..."); with ``about``, in the one negated clause that shares a word of content
    with it. None without such a word there (a negation read from a prefix), with negations in several
    clauses, or in a longer text."""
    told = _told_clauses(text) or ([statement] if len(clauses(text[:CLAUSE_CHARS])) == 1 else [])
    negated = [part for part in told if part.negations]
    if about is not None:
        negated = [part for part in negated if not part.content.isdisjoint(about.content)]
    if len(negated) != 1:  # a chat message of many sentences tells no one fact: "can't wait", "don't know"
        return None
    words, content = negated[0].words, negated[0].content
    at = next((i for i, w in enumerate(words) if w in NEGATIONS or w.endswith("n't") or w in CEASE_TRIGGERS), None)
    if at is None:
        return None
    said = [key for key in map(stem, words[at + 1 :]) if key in content][:_PREDICATE]
    return None if said[:1] and said[0] in _SPEAKERS_STATE else frozenset(said)


_PREDICATE = 3  # the words of content a negation denies: the verb and its object, the first few after it
# Negated, these say how the speaker stands ("I had no idea ...", "can't wait to ...", "I'm not sure ..."), not
# that a fact no longer holds.
_SPEAKERS_STATE = frozenset(map(stem, ("idea", "wait", "believe", "sure", "help", "imagine")))


def negated_within(new_text: str, new: Statement, old: Statement) -> bool:
    """Whether a clause of a short statement (:func:`_told_clauses`) that shares a word with the old text flips
    its polarity when the whole text does not: one negation of the fact and another of something else
    ("Dependabot is turned off on Pebblecast — nobody was reviewing its PRs" after "Dependabot is enabled for
    Pebblecast"), or the fact denied twice ("Jake quit the band, so he isn't our drummer anymore" after "Jake
    is the band's drummer"; the clauses' negations summed missed it: +1 change on each part, chat turns
    unchanged)."""
    if new.negations < 2 or new.negations % 2 != old.negations % 2:
        return False
    about = [part for part in _told_clauses(new_text) if not part.content.isdisjoint(old.content)]
    return any(part.negations % 2 != old.negations % 2 for part in about)


def _told_clauses(text: str) -> list[Statement]:
    """The clauses of a statement of two or three that asks nothing, read; none for any other text. Chat
    messages stored as facts ("That sounds great! I don't have an Xbox console, but ... Do I need ...?") took
    46 more wrong contradictions of LongMemEval's 36,739 turns through :func:`negated_clause` without these
    bounds, 3 with them."""
    if "?" in text:  # a question asks, it tells nothing
        return []
    parts = clauses(text[:CLAUSE_CHARS])
    return [read(part) for part in parts] if 2 <= len(parts) <= 3 else []


def occurrences(new: Statement, old: Statement) -> bool:
    """Two events, the later not saying it changes the earlier: two occurrences, each its own memory."""
    return old.event and new.event and not tells_change(new, old)


def qualifier_for_value(old: Statement, removed: frozenset[str], new: Statement, added: frozenset[str]) -> bool:
    """Whether one value of one text stands, after the same word, where the other has a word of its own, and the
    other's one value, of another kind, is said elsewhere: the fact told of another case ("The bakery opens at
    8am on weekdays" / "The bakery is open on Sundays"), not its new value."""
    return _qualifier(old, removed, new, added) or _qualifier(new, added, old, removed)


def _qualifier(old: Statement, removed: frozenset[str], new: Statement, added: frozenset[str]) -> bool:
    if len(removed) != 1 or len(added) != 1:
        return False
    (was,), (now,) = removed, added
    at, was_at = new.at.get(now, 0), old.at.get(was, 0)
    if (
        not at
        or kind_of(old, was).split()[0] == kind_of(new, now).split()[0]
        or old.words[was_at - 1 : was_at] == new.words[at - 1 : at]
    ):
        return False
    lead, own = new.words[at - 1], old.content - new.content
    taken = {old.at[v] + i for v in old.values if v in old.at for i in range(len(v.split()))}
    return any(
        word == lead and i + 1 not in taken and stem(old.words[i + 1]) in own for i, word in enumerate(old.words[:-1])
    )


def values_apart(new: Statement, old: Statement) -> bool:
    """Values on both sides and none in common, names aside too: the other polarity of another fact ("I never
    take more than three dogs out at once" says nothing against "I walk dogs on Sundays"), or of another case
    of one thing ("Tundra's API allows external partners 60 requests per minute" against "... internal
    clients 600 requests per minute")."""
    measures, their_measures = ({v for v in s.values if not is_name(v)} for s in (new, old))
    return _apart(new.values, old.values) or _apart(measures, their_measures)


def _apart(values: set[str] | frozenset[str], others: set[str] | frozenset[str]) -> bool:
    return bool(values and others) and values.isdisjoint(others)


def _quantities(statement: Statement, values: frozenset[str]) -> frozenset[str]:
    """The values of ``values`` that are no names (quantities, dates, times), when none is a code; empty
    otherwise."""
    names = {v for v in values if is_name(v)}
    return frozenset() if any(kind_of(statement, v) == "code" for v in values - names) else values - names


def one_quantity(old: Statement, removed: frozenset[str], new: Statement, added: frozenset[str]) -> bool:
    """One amount, date or time written with digits replaced by one of its kind, and one name told beside it, on
    one side: where it is, said or left out ("Our mooring is berth 6 at the Eastgate marina" / "... we're on
    berth 11 now"; "Every CI runner got bumped to 16 GB of RAM" / "Each CI runner is provisioned with 8 GB of
    memory"), not a name the new text is about (:func:`opens`). A name on each side is another thing ("the
    Kazotan unit is 4417" / "the Velmir unit ..."). Held out, 25 more changes retired their old version, and one
    pair of unrelated facts alone in an agent was taken for a change; development, 6 more, and a name that says
    which thing is meant was read so too (one look-alike pair alone in an agent: "A ball of the merino DK sells
    for £6.50" / "The alpaca chunky has gone up to £9.80")."""
    told, told_new = _quantities(old, removed), _quantities(new, added)
    if len(told) != 1 or len(told_new) != 1 or len((removed - told) | (added - told_new)) != 1:
        return False
    if not all(VALUE_CHARACTER.search(v) for v in told | told_new) or any(opens(new, v) for v in added - told_new):
        return False
    return {kind_of(old, v) for v in told} == {kind_of(new, v) for v in told_new}
