"""Amounts said per period: "£32/mo" in a note is "£32 a month" in a sentence, and "£96/qtr" is not "£96/mo".
Closed-class English abbreviations, chosen for the language and not for any data set. Pure."""

from __future__ import annotations

import re
from dataclasses import replace

from ..recall.query import stem
from .statement import VALUE_CHARACTER, Statement

_PER = re.compile(r"(?<=\d)/([a-z]+)$")  # "£32/mo", "£12/walk": the period written after the amount
_PERIODS = {
    **dict.fromkeys(("mo", "mth", "month", "monthly", "pcm"), "month"),
    **dict.fromkeys(("yr", "year", "annual", "annually", "pa"), "year"),
    **dict.fromkeys(("wk", "week", "weekly"), "week"),
    **dict.fromkeys(("qtr", "quarter", "quarterly"), "quarter"),
    **dict.fromkeys(("day", "daily"), "day"),
    **dict.fromkeys(("hr", "hour", "hourly"), "hour"),
}


def per_period(new: Statement, old: Statement) -> tuple[Statement, Statement]:
    """The two statements with an amount written per period read as the amount, where both hold the same
    specific values that way (:func:`_same_amounts`): "- broadband: £32/mo" holds the "£32" of "My broadband
    costs £32 a month". Otherwise as they are: "£96/qtr" is no "£96/mo", nor "£96" said of no period."""
    if not (_written_per(new) or _written_per(old)) or not _same_amounts(new, old):
        return new, old  # most pairs: no period written after an amount
    return _bare(new), _bare(old)


def _written_per(statement: Statement) -> bool:
    values = statement.values  # a slash in none of them: most statements, told in one C-level scan
    return "/" in "\0".join(values) and any(_PER.search(value) for value in values)  # not a path: "src/app.py"


def _same_amounts(new: Statement, old: Statement) -> bool:
    """Whether a value is written per period on either side, and the two hold the same specific values, the
    period where one writes it said by the other (after its amount or in its words)."""
    mine, theirs = _amounts(new), _amounts(old)
    if mine.keys() != theirs.keys() or not any([*mine.values(), *theirs.values()]):
        return False
    return all(_agree(per, theirs[amount], old) and _agree(theirs[amount], per, new) for amount, per in mine.items())


def _amounts(statement: Statement) -> dict[str, str | None]:
    """Each specific value's amount, with the period written after it if any."""
    found: dict[str, str | None] = {}
    for value in statement.values:
        if VALUE_CHARACTER.search(value):
            per = _PER.search(value)
            found[_PER.sub("", value)] = _period(per.group(1)) if per else None
    return found


def _agree(per: str | None, other: str | None, other_statement: Statement) -> bool:
    """A period one side writes after its amount is the other's, or said in its words."""
    if per is None:
        return True
    if other is not None:
        return per == other
    return per in {_period(word) for word in other_statement.words}


def _period(word: str) -> str:
    return _PERIODS.get(word, stem(word))


def _bare(statement: Statement) -> Statement:
    written = {value: bare for value in statement.values if (bare := _PER.sub("", value)) != value}
    if not written:
        return statement
    return replace(
        statement,
        values=frozenset(written.get(v, v) for v in statement.values),
        shown={written.get(v, v): shown for v, shown in statement.shown.items()},
        at={written.get(v, v): at for v, at in statement.at.items()},
    )
