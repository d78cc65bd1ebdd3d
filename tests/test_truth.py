"""Memory that stays true over time, through the public API: the relevance floor and recall tiers ("nothing
matches"), old versions under the current one, and forgetting that never destroys what matters (back-dated
imports, importance, recent use, dry runs)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from builders import make_record
from tiermem import Memory
from tiermem.errors import NotFoundError
from tiermem.recall import scoring
from tiermem.recall.candidate import Candidate
from tiermem.recall.lineage import RetiredMeanings
from tiermem.recall.newer import _asked_value_changed, newer_first
from tiermem.recall.pipeline import _answer_first
from tiermem.recall.query import analyse, asked_kinds
from tiermem.write.decisions import MESSAGE
from tiermem.write.versions import holds_kind, may_hold_kind, says_change_of

NOW = datetime(2031, 6, 1, 12, tzinfo=UTC)
BOATS = [
    "Booked the sailing boat for Saturday morning at the marina",
    "The kayak rental closes at 6pm on weekdays",
    "Ferry tickets to the island cost 18 euros return",
    "The boat trip was moved to pier 4 because of the wind",
]


@pytest.fixture
def boats(mem: Memory) -> Memory:
    mem.store_many([{"text": t} for t in BOATS])
    return mem


# --- knowing when nothing matches ---------------------------------------------------------------------


def test_an_unrelated_query_returns_nothing_and_reinforces_nothing(boats: Memory) -> None:
    assert boats.search("quantum chromodynamics lecture") == []
    assert all(m.access_count == 0 for m in boats.list())


def test_a_strong_match_is_hot_and_explained_in_words(boats: Memory) -> None:
    (best, *_) = boats.search("how much are the ferry tickets to the island?")
    assert best.memory.text == BOATS[2] and best.tier == "hot"
    assert best.explain["tier_reason"].startswith("a strong match")
    assert scoring.HOT_RELEVANCE <= best.explain["relevance"] <= 1.0


def test_the_floor_can_be_switched_off(open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(config={"recall": {"relevance_floor": 0.0}})
    mem.store_many([{"text": t} for t in BOATS])
    hits = mem.search("quantum chromodynamics lecture")
    assert hits and all(h.tier != "hot" for h in hits)


def test_lexical_only_recall_still_finds_what_matches(open_memory: Callable[..., Memory]) -> None:
    """With the vector signal and rescoring switched off nothing measures relevance, so the floor cannot
    judge by it: BM25's own matches are returned (they were all dropped)."""
    mem = open_memory(config={"recall": {"vector": False, "rescore": False}})
    mem.store_many([{"text": t} for t in BOATS])
    hits = mem.search("ferry tickets island")
    assert hits and hits[0].memory.text == BOATS[2]


def test_context_recalls_nothing_rather_than_fill_its_budget(boats: Memory, tmp_path: Path) -> None:
    context = boats.context("quantum chromodynamics lecture", budget_tokens=2000, workspace=tmp_path)
    assert context.metadata["recalled"] == []  # the hot state is standing context, not recall
    assert context.metadata["total_tokens"] < 2000 // 4
    assert boats.search("when do the ferry tickets and the kayak rental close?")  # (shown in the hot block)


# --- versions of a fact on the read path ----------------------------------------------------------------


def test_the_current_value_is_shown_with_what_it_replaced(mem: Memory) -> None:
    old = mem.store("The staging database listens on port 5433").memory
    new = mem.store("The staging database listens on port 5432").memory
    (hit,) = mem.search("which port does the staging database use?")
    assert hit.memory.id == new.id
    assert hit.explain["replaces"] == [{"id": old.id, "text": old.text}]


@pytest.mark.parametrize(
    ("query", "filters"),
    [("which port does the staging database use?", {"include_superseded": True}),
     ("which port did the staging database use before?", {})],
)  # fmt: skip
def test_old_versions_come_right_under_their_successor_when_asked(
    mem: Memory, query: str, filters: dict[str, Any]
) -> None:
    old = mem.store("The staging database listens on port 5433").memory
    new = mem.store("The staging database listens on port 5432").memory
    hits = mem.search(query, **filters)
    assert [h.memory.id for h in hits] == [new.id, old.id]
    assert hits[1].score < hits[0].score and hits[1].explain["superseded_by"] == new.id


# --- forgetting -------------------------------------------------------------------------------------------


def _years(n: float) -> timedelta:
    return timedelta(days=365.25 * n)


def test_a_back_dated_important_memory_survives_years_of_consolidation(mem: Memory) -> None:
    start = NOW - _years(5)
    kept = mem.store("The vault combination is kept by Ingrid", created_at="2015-02-03", importance=1.0, now=start)
    trivia = mem.store("Somebody mentioned the weather in 2014", created_at="2014-05-01", importance=0.2, now=start)
    for _ in range(2):
        mem.search("vault combination", now=start)
    for month in range(0, 61, 3):  # five years of quarterly monthly consolidations
        mem.consolidate("monthly", now=start + timedelta(days=30.5 * month))
    assert mem.get(kept.id).tier == "cold"  # faded, never frozen
    assert [h.memory.id for h in mem.search("vault combination", now=NOW)] == [kept.id]
    assert mem.get(trivia.id).tier == "frozen"  # imported five years ago: not yet past the retention period


def test_only_the_retention_policy_deletes_and_every_deletion_is_recorded(mem: Memory) -> None:
    stored = NOW - _years(11)
    doomed = mem.store("A chat about nothing in particular", importance=0.3, created_at=stored, now=stored)
    important = mem.store("The escrow account is at Northbank", importance=0.85, created_at=stored, now=stored)
    used = mem.store("The garage door code lives in the drawer", importance=0.3, created_at=stored, now=stored)
    mem.search("garage door code", now=NOW - timedelta(days=100))  # used within the last year
    plan = mem.consolidate("monthly", now=NOW, dry_run=True).to_dict()
    assert plan["dry_run"] and plan["tiers"]["deleted"] == 1 and mem.get(doomed.id)  # nothing changed yet
    (planned,) = [t for t in plan["tiers"]["transitions"] if t["to"] == "deleted"]
    assert planned["memory_id"] == doomed.id and planned["detail"]["text"] == doomed.memory.text
    report = mem.consolidate("monthly", now=NOW).to_dict()
    assert report["tiers"]["deleted"] == 1
    with pytest.raises(NotFoundError):
        mem.get(doomed.id)
    assert mem.get(important.id).tier == "cold" and mem.get(used.id)
    gone = next(t for t in mem.lifecycle().why(doomed.id, now=NOW).to_dict()["transitions"] if t["to"] == "deleted")
    assert "retention" in gone["detail"]["why"] and gone["detail"]["text"] == doomed.memory.text


def test_a_fact_told_again_as_important_is_protected_as_important(mem: Memory) -> None:
    """Dedup folds the second telling into the first; the importance it was given goes with it, so the
    retention policy that deletes old unimportant memories keeps this one."""
    stored = NOW - _years(11)
    first = mem.store("The spare office keys are with the building manager", importance=0.3, now=stored)
    again = mem.store("The spare office keys are with the building manager.", importance=0.9, now=stored)
    assert again.id == first.id and mem.get(first.id).importance == 0.9
    assert mem.consolidate("monthly", now=NOW).to_dict()["tiers"]["deleted"] == 0
    assert [h.memory.id for h in mem.search("spare office keys", now=NOW)] == [first.id]


def test_the_new_value_of_an_important_fact_is_as_important_as_the_old(mem: Memory) -> None:
    """Importance, tags and category belong to the fact, not to its value: a change told without them keeps
    the old version's, so retention protects the current value as it protected the old one; given, they win."""
    stored = NOW - _years(11)
    old = mem.store("The safe deposit box is at Northbank branch 12", importance=0.9, tags=["bank"], now=stored)
    new = mem.store("The safe deposit box is at Northbank branch 40", created_at=stored, now=stored)
    assert new.decision == "update" and new.supersedes == old.id
    assert (new.memory.importance, new.memory.tags) == (0.9, ("bank",))
    assert mem.consolidate("monthly", now=NOW).to_dict()["tiers"]["deleted"] == 0
    assert [h.memory.id for h in mem.search("safe deposit box", now=NOW)] == [new.id]
    told = mem.store("The safe deposit box is at Northbank branch 7", importance=0.4, tags=["archive"], now=NOW)
    assert (told.decision, told.memory.importance, told.memory.tags) == ("update", 0.4, ("archive",))


def test_reads_are_dated_by_the_searchs_now(mem: Memory) -> None:
    record = mem.store("The boiler was serviced by Anna", now=NOW - timedelta(days=400)).memory
    mem.search("who serviced the boiler", now=NOW - timedelta(days=10))
    assert mem.get(record.id).last_accessed_at == NOW - timedelta(days=10)


def test_a_newer_value_told_another_way_stands_first_with_the_older_beside_it(mem: Memory) -> None:
    old = mem.store("Our flight to Lisbon leaves on March 14")
    new = mem.store("The airline rebooked us onto the March 21 departure to Lisbon")
    other = mem.store("Our flight to Rome leaves on March 28")  # newer still, but another trip
    assert new.created and mem.get(old.id).is_current  # not recognised as an update: both kept
    hits = mem.search("When does our flight to Lisbon leave?", limit=5, reinforce=False)
    assert [h.memory.id for h in hits[:2]] == [new.id, old.id] and other.id not in [h.memory.id for h in hits[:2]]
    assert hits[0].explain["newer_than"] == old.id


def test_a_strong_match_stands_first_above_a_weaker_one(mem: Memory) -> None:
    # rank fusion puts the short text holding the question's rarest word first: "tomas" is in both versions
    notes = ("Lunch with the design team went well", "Remember to water the plants on the balcony",
             "The user is learning Portuguese on weekends", "Our logo files are in the brand folder")  # fmt: skip
    mem.store_many([{"text": t} for t in notes])
    weak = mem.store("The conference room projector works")  # one word of the question, nothing else of it
    mem.store("Tomas is our point of contact at Stripe.")
    answer = mem.store("Tomas is our point of contact at Adyen.")
    assert answer.decision == "update"
    hits = mem.search("Where does Tomas work?", limit=5, reinforce=False)
    assert [h.memory.id for h in hits[:2]] == [answer.id, weak.id]
    assert hits[0].tier == "hot" != hits[1].tier and hits[0].explain["above_weaker"] == weak.id


def test_a_newer_hit_that_says_a_change_stands_first(mem: Memory) -> None:
    old = mem.store("The team lunch spot is the taco place downtown.")
    new = mem.store("We got tired of tacos, so the team lunch spot these days is the ramen bar.")
    other = mem.store("The team offsite lunch was at the taco place")  # older, fewer of the question's words
    assert new.created and mem.get(old.id).is_current  # no value replaced by one of its kind: both kept
    hits = mem.search("Where is the team lunch spot?", limit=5, reinforce=False)
    assert [h.memory.id for h in hits[:2]] == [new.id, old.id] and hits[0].explain["newer_than"] == old.id
    assert other.id not in [h.memory.id for h in hits[:2]]


def test_a_change_told_in_other_words_stands_first_with_half_the_question_words(mem: Memory) -> None:
    notes = ("Lunch with the design team went well", "Remember to water the plants on the balcony",
             "The user is learning Portuguese on weekends", "Our logo files are in the brand folder")  # fmt: skip
    mem.store_many([{"text": t} for t in notes])
    old = mem.store("The release notes are published on the changelog page.")
    new = mem.store("These days the release notes go out on the product blog instead.")  # no "publish"
    assert new.created and mem.get(old.id).is_current
    hits = mem.search("Where are the release notes published?", limit=5, reinforce=False)
    assert [h.memory.id for h in hits[:2]] == [new.id, old.id] and hits[0].explain["newer_than"] == old.id


OFFSITE = ("The team offsite agenda includes a hike on the first morning",
           "Our team standup is at 9:30 every weekday", "The team budget for the quarter is 4,000 euros")  # fmt: skip


def test_a_change_told_in_other_words_answers_in_the_words_of_the_version_it_replaced(mem: Memory) -> None:
    mem.store_many([{"text": t} for t in OFFSITE])
    old = mem.store("The team offsite is at Lakeview Lodge")
    new = mem.store("Change of plan: the offsite moved to Birchwood Farm")  # no "team": a weaker match alone
    assert (new.decision, new.supersedes) == ("update", old.id)
    hits = mem.search("Where is the team offsite?", limit=5, reinforce=False)
    assert hits[0].memory.id == new.id and hits[0].explain["answers_for"] == old.id
    assert hits[0].tier == "hot" and hits[0].explain["replaces"] == [{"id": old.id, "text": old.memory.text}]
    assert hits[0].explain["factors"]["versions"] > 1  # ranked as relevant as the version it answers for


OSPREY = ("Osprey writes its build cache to /var/cache/osprey.", "Osprey's worker nodes run on c6i.2xlarge instances.",
          "Heron uses pnpm for dependencies, so don't commit any other lockfile or the wiki check fails.",
          "Atlas keeps its runbooks in the team wiki.", "The wiki search fails if a page title has a slash in it.",
          "Osprey's API is served from the eu-west-1 region.", "The Osprey team hosts a demo every other Friday.",
          "Every wiki page needs an owner listed at the top.", "Osprey's on-call rota lives in PagerDuty.")  # fmt: skip


@pytest.mark.parametrize("limit", [5, 20])
def test_a_newer_version_ranked_below_the_returned_hits_comes_in_first(mem: Memory, limit: int) -> None:
    mem.store_many([{"text": t} for t in OSPREY])
    old = mem.store("The Osprey wiki is hosted on Confluence.")
    new = mem.store("We moved Osprey's docs over to Notion last month; the old space is read-only now.")
    assert new.decision == "new"  # both kept: only the read path can tell which one is current
    hits = mem.search("Which tool hosts the Osprey wiki?", limit=limit, reinforce=False)
    # Eighth by score (a weak match of the question's words), it comes in as the newer version of the first hit
    # at any limit; at five, the last of the five it would have returned makes room for it.
    assert hits[0].memory.id == new.id and hits[0].explain["newer_than"] == old.id
    assert len(hits) == min(limit, len(OSPREY) + 2) and hits[1].memory.id == old.id
    assert len({h.memory.id for h in hits}) == len(hits)


def test_every_version_back_is_answered_for_by_the_current_one(mem: Memory) -> None:
    mem.store_many([{"text": t} for t in OFFSITE])
    first = mem.store("The team offsite is at Lakeview Lodge").memory
    second = mem.update(first.id, text="Change of plan: the offsite moved to Birchwood Farm")
    third = mem.update(second.id, text="Birchwood flooded, so the offsite is at Oakridge Barn")
    hits = mem.search("Where is the team offsite?", limit=5, reinforce=False)
    assert hits[0].memory.id == third.id and hits[0].explain["answers_for"] in {first.id, second.id}
    assert hits[0].explain["replaces"] == [{"id": second.id, "text": second.text}]
    assert first.id not in {h.memory.id for h in hits} and second.id not in {h.memory.id for h in hits}


def test_a_retired_versions_meaning_is_embedded_once_and_answers_the_same_every_time(mem: Memory) -> None:
    """The retired version's vector is gone from the store; its text is embedded for the first search that
    needs it and kept: the next search answers for it exactly as the first did."""
    mem.store_many([{"text": t} for t in OFFSITE])
    old = mem.store("The team offsite is at Lakeview Lodge").memory
    mem.store("Change of plan: the offsite moved to Birchwood Farm")
    first = mem.search("Where is the team offsite?", limit=5, reinforce=False)
    again = mem.search("Where is the team offsite?", limit=5, reinforce=False)
    assert [(h.memory.id, h.explain["cosine"]) for h in again] == [(h.memory.id, h.explain["cosine"]) for h in first]
    assert first[0].explain["answers_for"] == old.id

    kept = RetiredMeanings(mem.embedder, size=2)
    texts = [old.text, OFFSITE[0], OFFSITE[1]]
    assert np.array_equal(kept.of(texts[:2]), mem.embedder.embed(texts[:2]))
    assert np.array_equal(kept.of(texts), mem.embedder.embed(texts))  # one more embedded, the oldest let go
    assert list(kept._held) == texts[1:]


def test_a_reinstated_version_is_not_answered_for_by_what_replaced_it(mem: Memory) -> None:
    mem.store_many([{"text": t} for t in OFFSITE])
    old = mem.store("The team offsite is at Lakeview Lodge")
    new = mem.store("Change of plan: the offsite moved to Birchwood Farm")
    mem.reinstate(old.id)  # two facts after all: each answers in its own words
    hits = mem.search("Where is the team offsite?", limit=5, reinforce=False)
    assert hits[0].memory.id == old.id
    assert all("answers_for" not in h.explain and "replaces" not in h.explain for h in hits)
    assert new.id in {h.memory.id for h in hits}


def test_a_question_for_a_name_is_answered_by_the_memory_holding_one(mem: Memory) -> None:
    notes = ("Lunch with the design team went well", "Remember to water the plants on the balcony",
             "The user is learning Portuguese on weekends", "Our logo files are in the brand folder")  # fmt: skip
    mem.store_many([{"text": t} for t in notes])
    words = mem.store("The tenant in flat 2 pays £850 a month in rent.")  # the question's words, no name
    answer = mem.store("Flat 1 is let to Marcus Bell.")
    hits = mem.search("Who is the tenant in flat 1?", limit=5, reinforce=False)
    assert [h.memory.id for h in hits[:2]] == [answer.id, words.id] and hits[0].explain["answers_kind"] == "name"


def test_the_same_sentence_with_two_places_swapped_stays_behind(mem: Memory) -> None:
    fact = mem.store("The staging database listens on port 5433")
    other = mem.store("The staging cache now listens on port 6380")  # another thing of its kind, said as a change
    assert other.created and mem.get(fact.id).is_current
    hits = mem.search("What port does the staging database listen on?", limit=5, reinforce=False)
    assert hits[0].memory.id == fact.id


def _hit(text: str, minutes: int, relevance: float, score: float) -> Candidate:
    return Candidate(make_record(text, minutes=minutes), {"relevance": relevance}, score)


def test_a_newer_version_put_first_keeps_its_place_against_a_later_hit_holding_fewer_question_words() -> None:
    query = analyse("Which port does the Wren dashboard listen on locally?", NOW)

    def first(*later: Candidate) -> str:
        old = _hit("Locally the Wren dashboard listens on port 8080.", 0, 0.8, 1.0)
        new = _hit("Run locally, the Wren dashboard now listens on port 3000.", 5, 0.8, 0.9)
        return newer_first([old, new, *later], query)[0].record.text

    assert first() == "Run locally, the Wren dashboard now listens on port 3000."
    aside = _hit("The Wren dashboard is pinned to React 18.2, so leave it be.", 10, 0.7, 0.8)
    assert first(aside) == "Run locally, the Wren dashboard now listens on port 3000."
    # a later hit holding every word of the question the newer version holds still goes above it
    later = _hit("Run locally, the Wren dashboard now listens on port 4000.", 15, 0.8, 0.85)
    assert first(later) == "Run locally, the Wren dashboard now listens on port 4000."


def test_a_hit_put_first_for_the_question_words_alone_keeps_no_place_against_a_told_change() -> None:
    # "Jake is the band's drummer" shares only "band" with the question: the rehearsal note written after it goes
    # first for that alone, and must not then keep the rehearsal's own change out of the first place.
    query = analyse("Which night does the band practise?", NOW)
    drummer = _hit("Jake is the band's drummer", 0, 0.45, 1.06)
    old = _hit("The band rehearses every Tuesday evening at the studio.", 5, 0.45, 0.98)
    new = _hit("Since our drummer started night classes, practice has moved to Thursday evenings.", 10, 0.45, 0.91)
    ranked = newer_first([drummer, old, new], query)
    assert [c.record.text for c in ranked][:2] == [new.record.text, old.record.text]
    assert new.signals["newer_than"] == old.record.id


def test_a_hit_from_below_comes_in_only_as_a_newer_version_and_never_as_a_chat_message() -> None:
    query = analyse("Which port does the Wren dashboard listen on locally?", NOW)
    old = _hit("Locally the Wren dashboard listens on port 8080.", 0, 0.8, 1.0)
    aside = _hit("The Wren dashboard is pinned to React 18.2.", -1, 0.5, 0.6)  # older: no version of the first
    unrelated = _hit("The Kite API listens on port 9000.", 2, 0.5, 0.5)
    new = "Run locally, the Wren dashboard now listens on port 3000."
    below = _hit(new, 5, 0.8, 0.4)
    assert [c.record.text for c in newer_first([old, aside], query, ahead=[unrelated, below])] == [
        new, old.record.text, aside.record.text]  # the caller cuts this to its limit  # fmt: skip
    assert newer_first([old, aside], query, ahead=[unrelated]) == [old, aside]  # not a version: stays out
    said = Candidate(make_record(new, minutes=5, source={"type": MESSAGE}), {"relevance": 0.8}, 0.4)
    assert newer_first([old, aside], query, ahead=[said]) == [old, aside]


def test_a_changed_answer_to_a_yes_or_no_question_goes_first_unless_the_earlier_hit_is_known_current() -> None:
    query = analyse("Is the reading room open on Sundays?", NOW)
    assert query.yes_no and not analyse("When is the reading room open?", NOW).yes_no
    old = _hit("The reading room is open on Sundays for members.", 0, 0.8, 1.0)
    shut = _hit("Since the budget cuts we've started locking the room at weekends.", 5, 0.5, 0.6)  # one word of it
    assert newer_first([old, shut], query)[0] is shut
    known = _hit("The reading room is open on Sundays for members.", 0, 0.8, 1.0)
    known.earlier = [make_record("The reading room is open on Saturdays for members.", minutes=-5)]  # it replaced one
    assert newer_first([known, shut], query)[0] is known
    idle = _hit("The room got a new carpet.", 5, 0.5, 0.6)  # "new" tells a state here, not a new answer
    assert newer_first([old, idle], query)[0] is old


def test_a_later_hit_without_a_value_of_the_asked_kind_is_no_newer_version() -> None:
    query = analyse("When does the Orchard Fair open to visitors?", NOW)
    dated = _hit("The Orchard Fair opens to visitors on 14 September.", 0, 0.8, 1.0)
    aside = _hit("The Orchard Fair is open to dogs on leads for visitors.", 5, 0.8, 0.95)
    assert newer_first([dated, aside], query)[0] is dated
    # another date in the same words is a newer version
    moved = _hit("The Orchard Fair opens to visitors on 21 September.", 5, 0.8, 0.95)
    assert newer_first([dated, moved], query)[0] is moved
    # a question that asks for no kind of value: the later hit holding the same words goes first
    plain = analyse("Tell me about the Orchard Fair visitors.", NOW)
    assert newer_first([dated, aside], plain)[0] is aside


def test_a_later_value_of_another_side_of_the_thing_is_no_newer_value_of_the_asked_kind() -> None:
    query = analyse("Who looks after the bees at Hill Farm?", NOW)
    keeper = _hit("The 12 hives of bees at Hill Farm are looked after by Ruth Adeyemi.", 0, 0.8, 1.0)
    swarms = _hit("The Hill Farm bees swarmed twice in May.", 5, 0.7, 0.9)
    assert newer_first([keeper, swarms], query)[0] is keeper
    handed = _hit("Since the spring the 12 Hill Farm hives are looked after by Tom Fairweather.", 5, 0.7, 0.9)
    assert newer_first([keeper, handed], query)[0] is handed


def test_a_known_current_version_keeps_its_place_against_a_later_hit_that_is_no_newer_version_of_it() -> None:
    """A known current version (it replaced the old one, or was put first above it): a memory written later that
    shares the question's words goes above it only as a newer version of it (a competing value with a change
    said, or a flipped polarity)."""
    query = analyse("Which tool do I use for invoicing?", NOW)

    def first(later: Candidate, known: str = "replaced") -> Candidate:
        current = _hit("I send my invoices through Xero.", 5, 0.8, 1.0)
        if known == "replaced":  # the write path tied it to the version it replaced
            current.earlier = [make_record("I send my invoices through QuickBooks.", minutes=0)]
        elif known == "put first":  # the read path put it above an older version
            current.signals["newer_than"] = "an older version"
        return newer_first([current, later], query)[0]

    aside = _hit("I charge VAT on my invoices.", 10, 0.8, 0.95)
    assert first(aside).record.text == "I send my invoices through Xero."
    assert first(aside, known="put first").record.text == "I send my invoices through Xero."
    assert first(aside, known="").record.text == aside.record.text  # not known as a version: the later goes first
    moved = _hit("I moved my invoices over to FreeAgent now.", 10, 0.8, 0.95)
    assert first(moved).record.text == moved.record.text
    stopped = _hit("I don't send my invoices through Xero anymore.", 10, 0.8, 0.95)
    assert first(stopped).record.text == stopped.record.text


def test_a_change_told_with_more_around_it_stands_first_when_it_holds_the_questions_words() -> None:
    """Diluted by what is told around it, the newer version is only a fair or weak match of the question: it
    goes first when it holds every word of the question the older one holds, or half of them with the change
    said, and stays behind when it holds fewer (a fact of its kind about something else: payroll is not
    invoicing clients)."""
    query = analyse("Which tool do I use for invoicing clients?", NOW)
    old = _hit("I send my invoices to clients through QuickBooks.", 0, 0.45, 0.9)
    new = _hit("I got fed up with the fees and moved all my client invoicing over to Xero.", 5, 0.3, 0.6)
    assert scoring.recall_tier(new.signals["relevance"]) == "warm"
    assert newer_first([old, new], query)[0] is new and new.signals["newer_than"] == old.record.id
    other = _hit("I got fed up with the fees and moved my payroll over to Xero.", 5, 0.3, 0.6)
    assert newer_first([old, other], query)[0] is old
    weak = _hit("I got fed up with the fees and moved all my client invoicing over to Xero.", 5, 0.2, 0.6)
    assert newer_first([old, weak], query)[0] is weak  # below WARM, among the first five: its words decide
    fair = _hit("I send my invoices to clients through QuickBooks.", 0, 0.3, 0.9)  # no strong match either
    assert newer_first([fair, weak], query)[0] is weak  # the change said of the fact's own words
    payroll = _hit("I got fed up with the fees and moved my payroll over to Xero.", 5, 0.2, 0.6)
    assert newer_first([fair, payroll], query)[0] is fair  # no word of the fact's: another thing


@pytest.mark.parametrize(
    ("question", "kinds"),
    [
        ("Who is the tenant in flat 1?", {"name"}),
        ("How long does the nightly backup take?", {"duration"}),
        ("How often do we ship a release?", {"duration", "number"}),
        ("How many volunteers does the Saturday shift need?", {"number"}),
        ("What interest rate are we paying on the house?", {"percent"}),
        ("Which night does the band practise?", {"weekday", "day", "month"}),
        ("When is the chapter three draft due?", {"time", "weekday", "day", "month", "number"}),
        ("Which tool do I use for invoicing?", set()),  # a thing is as often told without a value as with one
        ("Where is the spare key?", set()),
        ("Is the drip irrigation on?", set()),
        ("And who owns Scarlet Harbor?", {"name"}),
        ("What did the person who called want?", set()),  # "who" and "when" opening a clause ask nothing
        ("What do I do when the build fails?", set()),
    ],
)
def test_a_question_asks_for_the_kind_of_value_its_wh_phrase_names(question: str, kinds: set[str]) -> None:
    assert asked_kinds(question) == kinds


def test_a_text_holds_a_value_of_a_kind() -> None:
    assert holds_kind("Flat 1 is let to Marcus Bell.", frozenset({"name"}))
    assert not holds_kind("The tenant in flat 2 pays 850 pounds a month.", frozenset({"name"}))
    assert holds_kind("The backup takes about 40 minutes", frozenset({"duration"}))
    assert holds_kind("Our mortgage is fixed at 3.89% interest.", frozenset({"percent"}))
    assert not holds_kind("We pay the mortgage by automatic direct debit", frozenset({"percent"}))
    assert holds_kind("The release train leaves every 3 weeks.", frozenset({"number"}))
    # the question's own values aside
    assert not holds_kind("Flat 1 is let to Marcus Bell.", frozenset({"name"}), besides=frozenset({"marcus bell"}))


def test_a_name_may_open_a_sentence_where_a_name_is_asked_for() -> None:
    name = frozenset({"name"})
    opened = "Last-minute change: Okonkwo runs the stand-up this week."
    assert not holds_kind(opened, name)  # read alone, "Okonkwo" opening a sentence may be an ordinary word
    assert may_hold_kind(opened, name)
    assert not may_hold_kind("the stand-up runs every morning this week.", name)
    assert not may_hold_kind(opened, frozenset({"duration"}))


def test_the_first_place_goes_to_a_hit_that_holds_the_kind_of_value_asked_for() -> None:
    """Among the first three, close in score and a fair match; never an older version above the newer one."""
    query = analyse("Who is the tenant in flat 1?", NOW)
    words = _hit("The tenant in flat 2 pays 850 pounds a month in rent.", 0, 0.45, 0.9)
    answer = _hit("Flat 1 is let to Marcus Bell.", 1, 0.3, 0.7)
    assert _answer_first([words, answer], query)[0] is answer and answer.signals["answers_kind"] == "name"
    far = _hit("Flat 1 is let to Marcus Bell.", 1, 0.3, 0.5)  # under 0.7 of the first's score
    assert _answer_first([words, far], query)[0] is words
    weak = _hit("Flat 1 is let to Marcus Bell.", 1, 0.2, 0.8)  # below WARM
    assert _answer_first([words, weak], query)[0] is words
    plain, holder = _hit("Rent is due on the first.", 2, 0.4, 0.85), _hit("Flat 1 is let to Hana Cole.", 3, 0.4, 0.8)
    assert _answer_first([words, plain, holder], query)[0] is holder  # the third place may go first...
    assert _answer_first([words, plain, plain, holder], query)[0] is words  # ...the fourth never
    newer = _hit("The old tenancy in flat 1 ended and the new lease is signed.", 5, 0.4, 0.9)
    older = _hit("Flat 1 is let to Olivia Grant.", 0, 0.4, 0.85)
    newer.signals["newer_than"] = older.record.id
    assert _answer_first([newer, older], query)[0] is newer
    assert _answer_first([answer, words], analyse("Can the flat 1 tenant keep a pet?", NOW))[0] is answer


def test_a_later_hit_saying_a_change_of_the_value_asked_for_goes_first_whatever_words_it_shares() -> None:
    """However far below the strong earlier hit it scores: a change told in other words shares few of them."""
    query = analyse("How much do I weigh at the moment?", NOW)
    old = _hit("I weighed in at 74 kg this morning.", 0, 0.45, 0.9)
    new = _hit("Stepped on the scales after the long ride and I'm 72.5 kg now.", 5, 0.3, 0.6)
    assert _asked_value_changed(new, old, query)
    assert newer_first([old, new], query)[0] is new and new.signals["newer_than"] == old.record.id
    weak = _hit("Stepped on the scales after the long ride and I'm 72.5 kg now.", 5, 0.18, 0.12)  # below WARM
    assert newer_first([old, weak], query)[0] is weak
    assert not _asked_value_changed(new, _hit("I weighed in at 74 kg this morning.", 0, 0.3, 0.9), query)  # not HOT
    assert not _asked_value_changed(old, new, query)  # the earlier one never goes above the later
    unsaid = _hit("After the long ride the scales said 72.5 kg.", 5, 0.3, 0.6)  # no change said
    assert not _asked_value_changed(unsaid, old, query)
    fair = analyse("How much did the spring fair raise?", NOW)
    raised = _hit("The spring fair raised $1,200 for the school.", 0, 0.45, 0.9)
    other = _hit("The autumn fair now raises $900 for the school.", 5, 0.3, 0.7)  # another fair, said as a change
    assert not _asked_value_changed(other, raised, fair)
    assert not _asked_value_changed(new, old, analyse("Do I weigh myself every morning?", NOW))  # asks no kind


def test_a_strong_later_hit_that_says_a_change_of_value_goes_first_without_a_question_word_in_common() -> None:
    """Both strong matches of the question, each through other words of it ("night" / "play"): the later one,
    saying a change to another value of the kind the earlier one holds, goes first; without the change said it
    is another fact of its kind and stays behind; a fair match (WARM) needs the earlier one's question words,
    unless the question names the kind of value it asks for ("which night": a weekday) and the later one holds
    another value of it (see :func:`_asked_value_changed`)."""
    query = analyse("Which night do the kids play chess?", NOW)
    old = _hit("Chess club is every Monday night.", 0, 0.45, 0.9)
    new = _hit("Since the hall was booked, the kids will play on Wednesday from now on.", 5, 0.42, 0.85)
    assert newer_first([old, new], query)[0] is new and new.signals["newer_than"] == old.record.id
    unsaid = _hit("The kids play football on Wednesday.", 5, 0.42, 0.85)
    assert newer_first([old, unsaid], query)[0] is old
    fair = _hit("Since the hall was booked, the kids will play on Wednesday from now on.", 5, 0.3, 0.85)
    assert newer_first([old, fair], query)[0] is fair
    far = _hit("Since the hall was booked, the kids will play on Wednesday from now on.", 5, 0.4, 0.1)
    evening = analyse("What evening do the kids play chess?", NOW)  # no kind of value asked for
    assert newer_first([old, far], evening)[0] is far  # a strong match scored far below: the fused score is no tie
    assert newer_first([old, fair], analyse("What evening do the kids play chess?", NOW))[0] is old  # no kind


def test_a_newer_fact_about_another_thing_of_the_kind_asked_about_stays_behind() -> None:
    """A later hit holding a competing value, but with the question's qualifier swapped for another ("monthly"
    where the question and the fact say "weekly"), is another thing of its kind: it does not go first."""
    query = analyse("How long does the weekly report take?", NOW)
    fact = _hit("The weekly report takes about 40 minutes", 0, 0.8, 1.2)
    other = _hit("The monthly report takes roughly 3 hours", 5, 0.6, 0.8)
    assert newer_first([fact, other], query)[0] is fact
    update = _hit("The weekly report now takes roughly 3 hours", 5, 0.75, 1.0)
    assert newer_first([fact, update], query)[0] is update


def test_a_later_hit_saying_a_change_goes_first_where_neither_matches_the_questions_words() -> None:
    """Neither holds a word of the question ("motorhome", "stored", "winter"): both were found by their meaning,
    and the change said, with a competing value, decides. A strong earlier match is left to the rules that
    weigh the question's words; without the change said the later one stays behind."""
    query = analyse("Where is the motorhome stored over winter?", NOW)
    old = _hit("We park the camper at Uncle Ray's farm.", 0, 0.3, 0.9)
    new = _hit("Ray is selling the farm, so I've moved the camper over to the storage yard on Mill Road.", 5, 0.28, 0.7)
    assert newer_first([old, new], query)[0] is new and new.signals["newer_than"] == old.record.id
    strong = _hit("We park the camper at Uncle Ray's farm.", 0, 0.45, 0.9)
    assert newer_first([strong, new], query)[0] is strong
    unsaid = _hit("Ray is selling the farm; the storage yard on Mill Road has spaces for a camper.", 5, 0.28, 0.7)
    assert newer_first([old, unsaid], query)[0] is old
    # Chat messages (store_conversation) say "so" and "now" as people talk: the rule weighs facts only.
    said = {"type": "conversation", "role": "user", "turn": 0}
    old_turn = Candidate(make_record(old.record.text, minutes=0, source=said), {"relevance": 0.3}, 0.9)
    new_turn = Candidate(make_record(new.record.text, minutes=5, source=said), {"relevance": 0.28}, 0.7)
    assert newer_first([old_turn, new_turn], query)[0] is old_turn


def test_a_question_naming_no_kind_asks_for_the_value_a_later_change_and_a_strong_hit_compete_on() -> None:
    """ "What port ...?" names no kind of value; a later hit that says a change, holds another value of the kind
    the strong earlier hit holds and a word of the question it holds, goes first however weakly it matches. One
    holding none of those words is another thing of its kind, left behind."""
    query = analyse("What port does the Kestrel web app use on my laptop?", NOW)
    assert not query.asks
    old = _hit("The Kestrel web app listens on port 5000 when you run it on your laptop.", 0, 0.45, 0.9)
    new = _hit("heads up, kestrel's dev server binds 5173 now, something else kept grabbing the old one", 5, 0.2, 0.3)
    assert _asked_value_changed(new, old, query)
    assert newer_first([old, new], query)[0] is new
    sister = analyse("Where does my sister live?", NOW)
    lives = _hit("My sister lives in Lyon.", 0, 0.45, 0.9)
    brother = _hit("My brother moved to Porto.", 5, 0.2, 0.3)
    assert not _asked_value_changed(brother, lives, sister)
    assert newer_first([lives, brother], sister)[0] is lives


def test_a_thing_done_to_a_state_says_a_change_and_a_state_does_not() -> None:
    """Verbs of a thing done ("cut", "enabled", "cancelled") say a change to the read path; after "is" or
    before "by" they say a state ("Autoscaling is enabled", "enabled by default")."""
    assert says_change_of("We enabled autoscaling on the GPU pool.", "The GPU pool has 4 nodes.")
    assert not says_change_of("Autoscaling is enabled on the GPU pool.", "The GPU pool has 4 nodes.")
    assert not says_change_of("- tidepool: `simd` feature enabled by default", "- tidepool ingest: `s3://in/`")
    query = analyse("How long does the shop keep receipts?", NOW)
    old = _hit("The shop keeps receipts for 90 days.", 0, 0.8, 1.0)
    new = _hit("Cut the receipt retention to 30 days to save space.", 5, 0.3, 0.5)
    assert newer_first([old, new], query)[0] is new


# A change told in words of its own: a value going up, a thing shut down (the answer to a yes-or-no question).
TOLD_CHANGES = [
    ("How much is the yearly subscription for Larchfield Tennis Club?", "- Larchfield Tennis Club sub: £40 a year",
     "Larchfield tennis subs going up to £45 a year, the treasurer said at the AGM.", 0.6),
    ("Does the climbing wall run a members' newsletter?", "The climbing wall runs a newsletter for its members.",
     "We shut down the members' newsletter at the wall, nobody was reading it.", 0.7),
]  # fmt: skip


@pytest.mark.parametrize(("question", "old_text", "new_text", "relevance"), TOLD_CHANGES)
def test_a_change_told_in_words_of_its_own_goes_first(
    question: str, old_text: str, new_text: str, relevance: float
) -> None:
    old = _hit(old_text, 0, 0.8, 1.0)
    told = _hit(new_text, 5, relevance, 0.8)
    assert newer_first([old, told], analyse(question, NOW))[0] is told
