"""Relative and absolute time expressions resolved against ``now`` ("last Saturday", "in May",
"two weeks ago"). Pure. Returns windows, never invented precision: "in May" is the whole month."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "couple of": 2,
    "few": 3,
}
WEEKDAYS = tuple(d.lower() for d in calendar.day_name)  # monday..sunday
MONTHS = tuple(m.lower() for m in calendar.month_name if m)  # january..december
_WEEKDAYS = list(WEEKDAYS)
_MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
_MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_NUM = r"(\d{1,6}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple of|few)"
_AGO = re.compile(rf"\b{_NUM}\s+(day|week|month|year)s?\s+ago\b")
_LAST_UNIT = re.compile(r"\b(?:last|past|previous)\s+(week|month|year|weekend)\b")
_LAST_WEEKDAY = re.compile(rf"\blast\s+({'|'.join(_WEEKDAYS)})\b")
_MONTH_NAMES = "|".join(sorted(_MONTHS, key=len, reverse=True))
_MONTH_DAY = re.compile(rf"\b({_MONTH_NAMES})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?\b")
_DAY_MONTH = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_NAMES})(?:,?\s+(\d{{4}}))?\b")
_IN_MONTH = re.compile(rf"\b(?:in|during|since|early|mid|late|mid-)\s*({_MONTH_NAMES})(?:\s+(\d{{4}}))?\b")
_YEAR = re.compile(r"\b(?:in|during|since)\s+((?:19|20)\d{2})\b")


@dataclass(frozen=True, slots=True)
class TimeWindow:
    start: datetime
    end: datetime
    phrase: str

    def contains(self, moment: datetime) -> bool:
        return self.start <= moment < self.end


def _day(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _past_year(month: int, day: int, now: datetime, year: str | None) -> int:
    """An unqualified month/day means its most recent occurrence up to now."""
    if year:
        return int(year)
    return now.year if (month, day) <= (now.month, now.day) else now.year - 1


def find_window(text: str, now: datetime) -> TimeWindow | None:
    """The first time expression in ``text`` as a window ``[start, end)``, or None."""
    lowered = text.lower()
    today = _day(now)
    for word, offset in (("today", 0), ("yesterday", 1)):
        if re.search(rf"\b{word}\b", lowered):
            start = today - timedelta(days=offset)
            return TimeWindow(start, start + timedelta(days=1), word)
    if (m := _AGO.search(lowered)) and (window := _ago_window(m, today)) is not None:
        return window
    if m := _LAST_WEEKDAY.search(lowered):
        back = (today.weekday() - _WEEKDAYS.index(m.group(1))) % 7 or 7
        start = today - timedelta(days=back)
        return TimeWindow(start, start + timedelta(days=1), m.group(0))
    if m := _LAST_UNIT.search(lowered):
        return _last_unit(m.group(1), today, m.group(0))
    for pattern, order in ((_MONTH_DAY, "md"), (_DAY_MONTH, "dm")):
        if m := pattern.search(lowered):
            month_name, day_text = (m.group(1), m.group(2)) if order == "md" else (m.group(2), m.group(1))
            month, day = _MONTHS[month_name], int(day_text)
            if 1 <= day <= 31:
                year = _past_year(month, day, now, m.group(3))
                day = min(day, calendar.monthrange(year, month)[1])
                start = now.replace(year=year, month=month, day=day, hour=0, minute=0, second=0, microsecond=0)
                return TimeWindow(start, start + timedelta(days=1), m.group(0))
    if m := _IN_MONTH.search(lowered):
        month = _MONTHS[m.group(1)]
        year = _past_year(month, 1, now, m.group(2))
        start = now.replace(year=year, month=month, day=1, hour=0, minute=0, second=0, microsecond=0)
        end_day = calendar.monthrange(year, month)[1]
        return TimeWindow(start, start + timedelta(days=end_day), m.group(0))
    if m := _YEAR.search(lowered):
        start = now.replace(year=int(m.group(1)), month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
        return TimeWindow(start, start.replace(year=start.year + 1), m.group(0))
    return None


def _ago_window(m: re.Match[str], today: datetime) -> TimeWindow | None:
    """ "two weeks ago" is approximate: a margin on both sides. None when it reaches before the calendar
    ("99999999 days ago" is words, not a date)."""
    amount = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]
    days = amount * _UNIT_DAYS[m.group(2)]
    slack = max(1, days // 4)
    try:
        centre = today - timedelta(days=days)
        return TimeWindow(centre - timedelta(days=slack), centre + timedelta(days=slack + 1), m.group(0))
    except OverflowError:
        return None


def _last_unit(unit: str, today: datetime, phrase: str) -> TimeWindow:
    if unit == "weekend":
        back = (today.weekday() - 5) % 7 or 7
        start = today - timedelta(days=back)
        return TimeWindow(start, start + timedelta(days=2), phrase)
    if unit == "week":
        start = today - timedelta(days=today.weekday() + 7)
        return TimeWindow(start, start + timedelta(days=7), phrase)
    if unit == "month":
        first = today.replace(day=1)
        start = (first - timedelta(days=1)).replace(day=1)
        return TimeWindow(start, first, phrase)
    start = today.replace(year=today.year - 1, month=1, day=1)
    return TimeWindow(start, start.replace(year=today.year), phrase)


# --- event dates (seed 003's normalisation rules) ---------------------------------------------------
# A window answers "what happened in May"; an event needs the one day it happened on, and only when the
# words give it. These rules resolve a day against the session's date; approximate anchors are flagged.

_MID_MONTH = re.compile(rf"\bmid[- ]?({_MONTH_NAMES})\b")
_NUMERIC_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\d/])")
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_LAST_WEEKEND = re.compile(r"\blast\s+weekend\b")
_DAYS_AGO = re.compile(rf"\b(?:a\s+)?{_NUM}\s+(day|week|month)s?\s+ago\b")
# Relative phrases with no rule of their own: kept as text so no precision is invented for them.
_VAGUE = re.compile(
    rf"\b(?:last|past|previous)\s+(?:week|month|year)\b|\bearlier\s+this\s+(?:week|month|year)\b"
    rf"|\bthe\s+other\s+day\b|\ba\s+while\s+ago\b|\brecently\b|\b(?:early|late)\s+(?:{_MONTH_NAMES})\b"
    rf"|\b{_NUM}\s+years?\s+ago\b"
)
_FUTURE_SLACK_DAYS = 183


@dataclass(frozen=True, slots=True)
class EventDate:
    """What a text says about when something happened, resolved against the session day.

    ``day`` is None when nothing resolves honestly; ``approximate`` marks heuristic anchors ("3 weeks ago"
    is 21 days back, "mid-May" the 15th, "last weekend" its Saturday), whose phrase must be kept beside them.
    """

    date_text: str | None  # the calendar words ("3/15", "March 15", "mid-February")
    relative_time: str | None  # the relative words ("yesterday", "2 weeks ago", "last month")
    day: date | None
    approximate: bool = False


def _calendar_day(year: int, month: int, day: int, session: date, explicit_year: bool) -> date | None:
    """``month/day`` in the session's year unless that is clearly impossible: no such day (2/30), or more
    than half a year after the session (a December date said in January is last December)."""
    try:
        found = date(year, month, day)
    except ValueError:
        return None
    if not explicit_year and (found - session).days > _FUTURE_SLACK_DAYS:
        try:
            return date(year - 1, month, day)
        except ValueError:  # 29 February of a leap year, one year back
            return None
    return found


def _explicit(lowered: str, session: date) -> tuple[str, date | None, bool] | None:
    """The first calendar date in the text: (its words, its day or None, approximate?)."""
    found: list[tuple[int, str, date | None, bool]] = []
    if m := _ISO_DATE.search(lowered):
        year, month, day = (int(g) for g in m.groups())
        found.append((m.start(), m.group(0), _calendar_day(year, month, day, session, True), False))
    if m := _NUMERIC_DATE.search(lowered):
        month, day, year_text = int(m.group(1)), int(m.group(2)), m.group(3)
        year = session.year if year_text is None else int(year_text) + (2000 if len(year_text) == 2 else 0)
        if 1 <= month <= 12:
            found.append((m.start(), m.group(0), _calendar_day(year, month, day, session, bool(year_text)), False))
    for pattern, order in ((_MONTH_DAY, "md"), (_DAY_MONTH, "dm")):
        if m := pattern.search(lowered):
            month_name, day_text = (m.group(1), m.group(2)) if order == "md" else (m.group(2), m.group(1))
            year = int(m.group(3)) if m.group(3) else session.year
            day_value = _calendar_day(year, _MONTHS[month_name], int(day_text), session, bool(m.group(3)))
            found.append((m.start(), m.group(0), day_value, False))
    if m := _MID_MONTH.search(lowered):
        mid = _calendar_day(session.year, _MONTHS[m.group(1)], 15, session, False)
        found.append((m.start(), m.group(0), mid, True))
    if not found:
        return None
    _, words, day_value, approximate = min(found, key=lambda item: item[0])
    return words, day_value, approximate


def _relative(lowered: str, session: date) -> tuple[str, date | None, bool] | None:
    """The first relative phrase: (its words, its day when a rule gives one, approximate?)."""
    for word, back in (("today", 0), ("yesterday", 1)):
        if m := re.search(rf"\b{word}\b", lowered):
            return m.group(0), session - timedelta(days=back), False
    if m := _LAST_WEEKDAY.search(lowered):
        back = (session.weekday() - _WEEKDAYS.index(m.group(1))) % 7 or 7
        return m.group(0), session - timedelta(days=back), False
    if m := _LAST_WEEKEND.search(lowered):
        back = (session.weekday() - 5) % 7 or 7
        return m.group(0), session - timedelta(days=back), True
    if m := _DAYS_AGO.search(lowered):
        amount = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]
        vague_amount = not m.group(1).isdigit() and m.group(1) in ("few", "couple of")
        days = amount * _UNIT_DAYS[m.group(2)]
        try:
            return m.group(0), session - timedelta(days=days), m.group(2) != "day" or vague_amount
        except OverflowError:  # before the calendar starts: kept as text, with no day
            return m.group(0), None, True
    if m := _VAGUE.search(lowered):
        return m.group(0), None, True
    return None


def _original(text: str, lowered: str, phrase: str) -> str:
    """The phrase as the text spells it (lower-casing keeps ASCII positions; otherwise keep it lower-cased)."""
    at = lowered.find(phrase)
    return text[at : at + len(phrase)] if len(text) == len(lowered) and at >= 0 else phrase


def resolve_event_date(text: str, session: date) -> EventDate:
    """Seed 003's rules: today, yesterday, last <weekday>, last weekend (its Saturday), N days/weeks/months
    ago (N, 7N, 30N days back), mid-<Month> (the 15th), M/D and Month D (the session's year). A calendar
    date wins over a relative phrase; both are kept as text."""
    lowered = text.lower()
    explicit = _explicit(lowered, session)
    relative = _relative(lowered, session)
    day: date | None
    if explicit is not None and explicit[1] is not None:
        day, approximate = explicit[1], explicit[2]
    elif relative is not None:
        day, approximate = relative[1], relative[2]
    else:
        day, approximate = None, False
    return EventDate(
        date_text=_original(text, lowered, explicit[0]) if explicit else None,
        relative_time=_original(text, lowered, relative[0]) if relative else None,
        day=day,
        approximate=approximate and day is not None,
    )
