"""Event dates (seed 003's normalisation rules), the event ledger's ranking and its temporal evidence."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builders import present
from tiermem.errors import ValidationError
from tiermem.temporal import resolve_event_date
from tiermem.workspace import events as ev

SESSION = date(2023, 5, 30)  # a Tuesday, the seed's example session
AT = datetime(2023, 5, 30, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "day", "approximate", "relative"),
    [
        ("I went for a run today", date(2023, 5, 30), False, "today"),
        ("yesterday I met Bob", date(2023, 5, 29), False, "yesterday"),
        ("Last Saturday we hiked", date(2023, 5, 27), False, "Last Saturday"),
        ("last sunday", date(2023, 5, 28), False, "last sunday"),
        ("last Tuesday", date(2023, 5, 23), False, "last Tuesday"),  # the previous one, not the session day
        ("last weekend was busy", date(2023, 5, 27), True, "last weekend"),
        ("2 days ago", date(2023, 5, 28), False, "2 days ago"),
        ("three weeks ago", date(2023, 5, 9), True, "three weeks ago"),
        ("2 months ago", date(2023, 3, 31), True, "2 months ago"),
        ("a few days ago", date(2023, 5, 27), True, "a few days ago"),
    ],
)
def test_relative_phrases_resolve_against_the_session_day(
    text: str, day: date, approximate: bool, relative: str
) -> None:
    found = resolve_event_date(text, SESSION)
    assert (found.day, found.approximate, found.relative_time, found.date_text) == (day, approximate, relative, None)


@pytest.mark.parametrize(
    ("text", "day", "approximate", "words"),
    [
        ("I bought white Adidas sneakers on 3/15.", date(2023, 3, 15), False, "3/15"),
        ("on March 3rd", date(2023, 3, 3), False, "March 3rd"),
        ("the 7 May meeting", date(2023, 5, 7), False, "7 May"),
        ("in mid-February", date(2023, 2, 15), True, "mid-February"),
        ("around mid March", date(2023, 3, 15), True, "mid March"),
        ("on 2022-11-02", date(2022, 11, 2), False, "2022-11-02"),
        ("on 6/10/2021", date(2021, 6, 10), False, "6/10/2021"),
        ("on 7/4", date(2023, 7, 4), False, "7/4"),  # a month ahead: still this year
        ("on 12/28", date(2022, 12, 28), False, "12/28"),  # half a year ahead is clearly last December
    ],
)
def test_calendar_dates_take_the_session_year_unless_clearly_impossible(
    text: str, day: date, approximate: bool, words: str
) -> None:
    found = resolve_event_date(text, SESSION)
    assert (found.day, found.approximate, found.date_text) == (day, approximate, words)


def test_impossible_dates_and_vague_phrases_get_no_invented_day() -> None:
    assert resolve_event_date("on 2/30", SESSION).day is None
    assert resolve_event_date("on 2/30", SESSION).date_text == "2/30"
    vague = resolve_event_date("I cleaned my white Adidas sneakers last month.", SESSION)
    assert (vague.day, vague.relative_time) == (None, "last month")
    for text in ("recently", "a while ago", "the other day", "early March", "2 years ago"):
        found = resolve_event_date(text, SESSION)
        assert found.day is None and found.relative_time is not None, text
    assert resolve_event_date("nothing dated here", SESSION) == resolve_event_date("", SESSION)


def test_a_calendar_date_wins_and_both_words_are_kept() -> None:
    found = resolve_event_date("on 5/30, which was last month for them", SESSION)
    assert (found.day, found.date_text, found.relative_time) == (date(2023, 5, 30), "5/30", "last month")


def test_fractions_and_versions_are_not_dates() -> None:
    assert resolve_event_date("add 1/2 cup", SESSION).day == date(2023, 1, 2)  # M/D is M/D: the seed's rule
    assert resolve_event_date("version 13/45", SESSION).day is None


@given(st.text(max_size=80), st.dates(min_value=date(1950, 1, 1), max_value=date(2150, 12, 31)))
def test_resolution_never_fails_and_never_claims_more_than_it_has(text: str, session: date) -> None:
    found = resolve_event_date(text, session)
    assert not found.approximate or found.day is not None
    if found.day is not None:
        assert found.date_text is not None or found.relative_time is not None
        if found.date_text is None:  # relative rules only look back
            assert found.day <= session


def test_the_seed_sneakers_event() -> None:
    event = ev.make_event(
        "I bought white Adidas sneakers on 3/15.",
        session_id="abc123",
        at=ev.session_moment("2023/05/30 (Tue) 09:00"),
        event_type="purchase",
        action="purchase",
        object_hint="White Adidas sneakers",
    )
    assert event == {
        "event_type": "purchase",
        "action": "purchase",
        "object_hint": "white adidas sneakers",
        "text": "I bought white Adidas sneakers on 3/15.",
        "session_id": "abc123",
        "timestamp": "2023/05/30 (Tue) 09:00",
        "date_text": "3/15",
        "normalized_date": "2023-03-15",
        "relative_time": None,
        "has_explicit_date": True,
        "has_relative_time": False,
        "date_approximate": False,
    }


def test_an_explicit_date_overrides_and_bad_input_is_refused() -> None:
    event = ev.make_event("Cleaned them", session_id="s", at=AT, normalized_date="2023-04-01", action="clean")
    assert (event["normalized_date"], event["has_explicit_date"]) == ("2023-04-01", True)
    with pytest.raises(ValidationError, match="YYYY-MM-DD"):
        ev.make_event("x y", session_id="s", at=AT, normalized_date="April")
    with pytest.raises(ValidationError, match="event_type"):
        ev.make_event("x y", session_id="s", at=AT, event_type="party")
    with pytest.raises(ValidationError, match="session time"):
        ev.session_moment("2023/02/30 (Thu) 09:00")


def _events() -> list[dict[str, object]]:
    def make(text: str, kind: str, action: str, hint: str) -> dict[str, object]:
        return dict(ev.make_event(text, session_id="s", at=AT, event_type=kind, action=action, object_hint=hint))

    return [
        make("We chatted about sneakers in general", "generic-event", "generic", "sneakers"),
        make("I cleaned my white Adidas sneakers last month.", "action", "clean", "white adidas sneakers"),
        make("I bought white Adidas sneakers on 3/15.", "purchase", "purchase", "white adidas sneakers"),
        make("I bought a cardigan yesterday", "purchase", "purchase", "cardigan"),
        make("My car broke down 3 weeks ago", "issue", "malfunction", "car"),
        make("The car was repaired on 5/20", "action", "repair", "car"),
    ]


def test_lookup_ranks_entity_matches_then_dated_then_specific() -> None:
    found = ev.lookup(_events(), "When did I buy my white Adidas sneakers?")
    assert [e["text"] for e in found] == [
        "I bought white Adidas sneakers on 3/15.",  # 4 entities and a precise date
        "I cleaned my white Adidas sneakers last month.",  # 4 entities, no day
        "We chatted about sneakers in general",
    ]
    assert ev.lookup(_events(), "what happened to the car?")[0]["text"] == "The car was repaired on 5/20"
    assert all("cardigan" not in e["text"] for e in ev.lookup(_events(), "car"))  # whole words only
    assert ev.lookup(_events(), "the and of") == [] and ev.lookup(_events(), "sneakers", max_results=1)[0]


def test_format_shows_approximate_days_as_such() -> None:
    text = ev.format_events(ev.lookup(_events(), "car"))
    assert "(object=car, date=2023-05-20)" in text and "date=≈2023-05-09 (3 weeks ago)" in text


def test_ordering_deltas_and_counting_are_evidence() -> None:
    events = _events()
    ordered = ev.in_order(events, ["white adidas sneakers", "car"])
    assert [e["normalized_date"] for e in ordered] == ["2023-03-15", "2023-05-09", "2023-05-20"]
    pairs = ev.deltas(ordered)
    days = [(a["normalized_date"], b["normalized_date"], d) for a, b, d in pairs]
    assert days == [
        ("2023-03-15", "2023-05-09", 55),
        ("2023-03-15", "2023-05-20", 66),
        ("2023-05-09", "2023-05-20", 11),
    ]
    before = ev.count_before(events, events[3], "purchase")  # the cardigan, bought yesterday
    assert [e["object_hint"] for e in before] == ["white adidas sneakers"]
    assert ev.count_before(events, events[1], "purchase") == []  # an undated threshold counts nothing
    text = ev.evidence_text(events, ["car"])
    assert text.startswith("# Temporal Evidence") and "11 days from car to car" in text


def test_damaged_ledgers_are_skipped_not_fatal() -> None:
    assert ev.parse_events(None) == ([], "missing")
    assert present(ev.parse_events("{broken")[1]).startswith("not valid JSON")
    assert ev.parse_events('{"events": [1, {"text": "ok"}, {"no": "text"}]}') == ([{"text": "ok"}], None)
    assert ev.parse_events("[]") == ([], "no 'events' list")
    assert ev.event_day({"normalized_date": "2023-02-30"}) is None
    assert ev.session_moment(AT + timedelta(hours=1)) == AT + timedelta(hours=1)
