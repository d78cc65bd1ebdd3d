"""Relative and absolute time expressions resolved against ``now`` ("last Saturday", "in May",
"two weeks ago"). Pure. Returns windows, never invented precision: "in May" is the whole month."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import datetime, timedelta

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
_WEEKDAYS = [d.lower() for d in calendar.day_name]
_MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
_MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_NUM = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple of|few)"
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
    if m := _AGO.search(lowered):
        amount = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]
        days = amount * _UNIT_DAYS[m.group(2)]
        slack = max(1, days // 4)  # "two weeks ago" is approximate: keep a margin on both sides
        centre = today - timedelta(days=days)
        return TimeWindow(centre - timedelta(days=slack), centre + timedelta(days=slack + 1), m.group(0))
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
