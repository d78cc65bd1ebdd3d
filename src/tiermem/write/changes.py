"""What a text that says a change changes: whether it says one the old text does not, which of the old
text's values it replaces, which of its own stand in for them, and which only say when or by whom. Pure."""

from __future__ import annotations

from dataclasses import replace

from ..recall.query import stem
from .marks import CHANGE_WORDS
from .statement import ADDITIVE, Statement, kind_of


def tells_change(new: Statement, old: Statement) -> bool:
    """Whether the new text says a change the old one does not say too: a change word both hold is part of
    their shared frame ("... and postponed the tech debt discussion to Tuesday" beside "... and postponed the
    data retention discussion to Tuesday": two notes of one kind, not a change of the first), in any of its
    forms ("The car's oil was last changed at 42,000 miles" / "The cambelt needs changing at 60,000 miles")."""
    return new.says_change and bool(_marks(new) - _marks(old))


def adds_to(new: Statement, old: Statement) -> bool:
    """Whether a word of either text adds a value beside the other's; "again" beside a said change is the
    change told once more ("Noah grew again, he wears size 33 shoes now"), not one more value, and "both" in
    both texts counts the things both name ("Our gas and electricity are both with EDF" / "... with Ovo")."""
    adding = (new.vocabulary | old.vocabulary) & ADDITIVE
    if "both" in new.vocabulary and "both" in old.vocabulary:
        adding -= {"both"}
    if adding == {"again"} and tells_change(new, old):
        return False
    return bool(adding)


def redone(new: Statement, old: Statement) -> frozenset[str]:
    """The new text's words that do again what a word of the old one names ("remortgaged" / "mortgage",
    "restocked" / "stocked"): a change said without a change word."""
    return frozenset(w for w in new.redone if w[2:] in old.content)


def _marks(statement: Statement) -> frozenset[str]:
    return frozenset(" ".join(map(stem, mark.split())) for mark in statement.marks)


def replaced(old: Statement, removed: frozenset[str], new: Statement, added: frozenset[str]) -> frozenset[str]:
    """The removed values that a new value of their kind stands in for, when a change is said: a value of
    another kind left out is said less, not replaced ("The API gateway times out requests after 30 seconds" /
    "... the gateway timeout went up to 60 seconds": "API" is left out, 30 seconds replaced)."""
    if not tells_change(new, old):  # unsaid, values of two kinds differing are another fact of its kind
        return removed
    kinds = {kind_of(new, v) for v in added}
    return frozenset(v for v in removed if kind_of(old, v) in kinds)


def standing_in(new: Statement, added: frozenset[str], old: Statement, removed: frozenset[str]) -> frozenset[str]:
    """The added values that may stand in for a removed one, when a change is said: a name before the word of
    change, beside new values of the removed ones' kinds after it, says who made the change, not one more new
    value ("The GP reviewed her blood pressure and changed Mum's amlodipine to 2.5 mg a day" after "Mum takes
    5 mg of amlodipine every morning"). A name after it is what was changed ("... after upgrading Envoy").
    The word of change is a verb ("changed", "switching"), not a word such as "new" ("create a new key"). All
    of them otherwise, or when a name was removed."""
    verb = next((i for i, w in enumerate(new.words) if w in CHANGE_WORDS and w.endswith(("ed", "ing"))), None)
    if verb is None or not tells_change(new, old) or any(kind_of(old, v) == "name" for v in removed):
        return added
    doers = frozenset(v for v in added if kind_of(new, v) == "name" and new.at.get(v, verb) < verb)
    rest = added - doers
    kinds = {kind_of(old, v) for v in removed}
    after = all(kind_of(new, v) in kinds and new.at.get(v, -1) > verb for v in rest)  # a value read from a
    return rest if doers and rest and after else added  # capitalised opener (names.as_values) has no place


_WHEN = frozenset({"weekday", "month", "day", "time"})


def without_when(new: Statement, old: Statement) -> Statement:
    """A text that says a change, without the values that say when it happened: a weekday, a date or a time of
    a kind the old text holds none of, beside another new value ("We upgraded the staging cluster to
    Kubernetes 1.29 on Tuesday" after "The staging cluster runs Kubernetes 1.28")."""
    added = new.values - old.values
    if len(added) < 2 or not tells_change(new, old):
        return new
    held = {kind_of(old, v) for v in old.values}
    when = {v for v in added if (kind := kind_of(new, v)) in _WHEN and kind not in held}
    return replace(new, values=new.values - when) if when and when != added else new
