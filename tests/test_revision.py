"""The write path's four decisions: restatement, update, contradiction, elaboration (write/revision.py, pure)
and what the engine does with each (supersede with history and links, never fold a changed value)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from difflib import SequenceMatcher

import pytest

from tiermem import Memory
from tiermem.recall.query import analyse
from tiermem.write.derivation import same_roots
from tiermem.write.frames import _kept_bound
from tiermem.write.marks import change_marks
from tiermem.write.names import reconciled
from tiermem.write.revision import compare
from tiermem.write.spans import code_spans
from tiermem.write.statement import is_name, kind_of, read
from tiermem.write.versions import competing_value, qualifier_swapped

UPDATES = [
    ("The API key rotation happens every 30 days", "The API key rotation happens every 90 days", 0.97),
    ("Meeting with Rachel on Monday at 10am", "Meeting with Rachel on Tuesday at 10am", 0.96),
    ("The API rate limit is 100 requests per minute", "The API rate limit is 1000 requests per minute", 0.999),
    ("The staging database listens on port 5433", "The staging database listens on port 5432", 0.97),
    ("The user's favourite editor is vim", "The user's favourite editor is emacs", 0.67),
    ("The daily standup is at 9am", "The standup moved to 10am", 0.68),
    ("The staging database listens on port 5433", "The staging database now listens on port 6380", 0.95),
    ("Alice lives in Paris", "Alice moved to Berlin", 0.34),
    # the new word is a form of one the sentence already holds: no new content, yet another value in its place
    ("The nightly export writes to the warehouse schema", "The nightly export writes to the exports schema", 0.81),
]
CONTRADICTIONS = [
    ("The user is allergic to peanuts", "The user is not allergic to peanuts", 0.98),
    ("always run the database migrations on staging", "never run the database migrations on staging", 0.92),
    ("Dark mode is enabled in the terminal", "Dark mode is disabled in the terminal", 0.88),
    ("The feature flag for search is on", "The feature flag for search is off", 0.95),
    ("Tomás is on the rota this week.", "Tomás is off the rota this week.", 0.9),  # both govern "the rota"
    ("The user likes cilantro", "The user hates cilantro", 0.8),
    # one negation of the fact, another in a clause about something else: the fact is still flipped
    (
        "Mobile alerts are enabled for the backup job.",
        "Mobile alerts are switched off for the backup job — nobody was reading them.",
        0.78,
    ),
    # the negation said in one clause, why in another: the subject is the negated clause's
    (
        "Grandpa drives himself to the shops.",
        "Grandpa isn't driving anymore; his GP asked him to give up his licence.",
        0.45,
    ),
]
DISTINCT = [
    ("The staging database listens on port 5433", "The production database listens on port 5432", 0.84),
    ("The staging server runs Ubuntu 22.04", "The build server runs Ubuntu 22.04", 0.9),  # another subject
    ("I went to a yoga class on Monday morning.", "I went to a yoga class on Thursday evening.", 0.9),  # events
    ("The user eats meat", "The user likes cilantro", 0.5),
    ("cause of the outage", "the outage itself", 0.7),
    # "now" is no part of the sentence's frame: two places swapped in it, another subject's change
    ("The staging database listens on port 5433", "The staging cache now listens on port 6380", 0.9),
    # a change word both notes hold is their frame: two notes of one kind, not a change of the first
    (
        "Today we paired on internal/storage/search.go and postponed the data retention discussion to Tuesday.",
        "Today we paired on scripts/storage/metrics.ts and postponed the tech debt discussion to Tuesday, "
        "after a long.",
        0.9,
    ),
]


def test_a_name_of_several_words_is_one_value() -> None:
    revision = compare("The user's favourite editor is Helix", "The user's favourite editor is VS Code", 0.7)
    assert (revision.kind, revision.old_values, revision.new_values) == ("update", ("VS Code",), ("Helix",))
    assert compare("Lunch with Carol, Bob", "Lunch with Carol", 0.9).kind == "elaboration"  # a list: two names
    longer = compare("My editor theme is Solarized Dark", "My editor theme is Solarized", 0.9)
    assert (longer.kind, longer.why) == ("elaboration", "adds Solarized Dark")


def test_one_more_word_in_a_sentence_built_anew_is_a_restatement() -> None:
    reworded = compare("4 engineers share the on-call rotation", "The on-call rotation has 4 engineers", 0.93)
    assert reworded.kind == "restatement"
    # The same words, one added to the sentence as it was: detail, kept beside the memory.
    assert compare("The user is severely allergic to peanuts", "The user is allergic to peanuts", 0.94).kind == (
        "elaboration"
    )


@pytest.mark.parametrize(("old", "new", "cosine"), UPDATES)
def test_a_changed_value_is_an_update(old: str, new: str, cosine: float) -> None:
    revision = compare(new, old, cosine)
    assert revision.kind == "update", revision
    assert revision.replaces


@pytest.mark.parametrize(("old", "new", "cosine"), CONTRADICTIONS)
def test_a_flipped_statement_is_a_contradiction(old: str, new: str, cosine: float) -> None:
    assert compare(new, old, cosine).kind == "contradiction"


@pytest.mark.parametrize(("old", "new", "cosine"), DISTINCT)
def test_lookalike_facts_stay_distinct(old: str, new: str, cosine: float) -> None:
    assert compare(new, old, cosine).kind == "distinct"


def test_restatements_and_elaborations() -> None:
    assert compare("API keys are rotated every 30 days", "The API key rotation happens every 30 days", 0.86).kind == (
        "restatement"
    )
    assert compare("the user prefers dark mode!", "The user prefers dark mode", 0.99).kind == "restatement"
    shorter = compare("The user likes dark mode", "The user likes dark mode in every editor", 0.93)
    assert (shorter.kind, shorter.why) == ("restatement", "says less than the stored memory, nothing new")
    elaborated = compare("Meeting with Rachel on Tuesday at 10am in room 4", "Meeting with Rachel on Tuesday", 0.9)
    assert elaborated.kind == "elaboration" and "10am" in elaborated.why


def test_the_explanation_names_the_values() -> None:
    revision = compare("The API rate limit is 1,000 requests per minute", "The API rate limit is 100 per minute", 0.99)
    assert (revision.old_values, revision.new_values) == (("100",), ("1,000",))
    assert revision.why == "new value: 1,000 (was 100)"


def test_a_title_before_a_name_does_not_end_a_clause() -> None:
    # "Mr. Abara" is one clause with the rest: the change told inside a longer report is still found in it.
    old = "Nina's chess club is run by Mr. Abara."
    new = (
        "Got a long email from the school office over the weekend saying Ms. Duarte is taking over the running of "
        "Nina's chess club."
    )
    revision = compare(new, old, 0.65)
    assert (revision.kind, revision.old_values, revision.new_values) == ("update", ("Mr Abara",), ("Ms Duarte",))


def test_the_same_name_and_number_told_in_other_words_is_a_restatement() -> None:
    # No word of content in common, but the same product and version: the fact told again...
    old, new = "Our wiki runs on Confluence 8.5.4.", "The installed Confluence release is 8.5.4."
    assert compare(new, old, 0.65).kind == "restatement"
    # ...unless the two are not close in meaning: another fact about that version.
    assert compare("Confluence 8.5.4 has a known search bug.", old, 0.48).kind == "distinct"
    # A number alone with other words around it is not enough: many facts share "14 days".
    assert compare("Old logs are deleted after 14 days.", "Invoices are due within 14 days.", 0.6).kind == "distinct"


def test_a_plural_noun_opening_a_sentence_is_not_a_name_a_new_name_replaces() -> None:
    # "Cats are ..." is a kind of thing, not someone: "Tom Hale" is no new value of it, and the fact stays.
    assert compare("Unit 4 is let to Tom Hale.", "Cats are allowed in unit 4", 0.25).kind == "distinct"
    # A name opening a sentence takes the singular, and is still read as one.
    assert compare("Ingrid took over as lead designer.", "The lead designer is Hiro.", 0.46).kind == "update"
    # A word in the plural's -s is a kind of thing unless a verb of the singular follows it: "Visitors sign" /
    # "Members can" are no names that "PureGym" replaces; "Ross takes" is one, ending in -s or not.
    gym = "My gym membership lapsed, so I signed up with PureGym instead."
    assert compare(gym, "Visitors sign the register at reception.", 0.5).kind == "distinct"
    assert compare(gym, "Members can use the sauna for free.", 0.5).kind == "distinct"
    assert compare(gym, "Children sign in at the front desk.", 0.5).kind == "distinct"  # a plural without -s
    minutes = "The minutes at the board meeting are taken by Priya now."
    assert compare(minutes, "Ross takes the minutes at the board meeting.", 0.6).kind == "update"


def test_a_text_saying_the_opposite_is_never_folded_into_the_memory_it_changes() -> None:
    # The same names and close in meaning, but "off" where the stored memory says "on": it contradicts it.
    old, new = "The Harbor Lights demo is live on itch.io", "We yanked the Harbor Lights demo off itch.io"
    revision = compare(new, old, 0.84)
    assert (revision.kind, revision.why) == ("contradiction", "'on' became 'off'")
    # The same facts with the negation flipped, whatever the verb that flips it.
    assert compare("Dad's warfarin has been discontinued", "Dad takes warfarin", 0.73).kind == "contradiction"
    assert (
        compare(
            "Brightwave ended their monthly retainer with me", "Brightwave is on a monthly retainer with me", 0.96
        ).kind
        == "contradiction"
    )
    assert compare("My ethics application was rejected", "My ethics application has been approved", 0.69).kind == (
        "contradiction"
    )
    # A verb of ending in the present tells when, not that the thing is over.
    assert compare("The standup ends at 10:15", "The standup is at 10 am", 0.7).kind != "contradiction"
    # Banning is the opposite of allowing, as forbidding is.
    assert compare("Smoking is banned on the balcony", "Smoking is permitted on the balcony", 0.86).kind == (
        "contradiction"
    )


def test_also_or_another_adds_a_value_only_in_the_clause_that_holds_it() -> None:
    old = "The quarterly report is due on May 3."
    # "another" belongs to the reason told around the change: the new date replaces the old one...
    told = "Finance asked for another review pass, so the quarterly report is now due on May 17."
    assert compare(told, old, 0.8).kind == "update"
    # ...where "also" beside the new value adds one more.
    assert compare("The quarterly report is also due on May 17.", old, 0.9).kind == "elaboration"


def test_a_change_keeping_every_other_value_is_an_update_however_much_is_told_around_it() -> None:
    old = "Ben's regular squash partner on Tuesdays is Carla."
    told = "His old partner took a job abroad, so Ben has been booking courts with Idris on Tuesdays instead."
    revision = compare(told, old, 0.45)
    assert (revision.kind, revision.new_values) == ("update", ("Idris",))
    # One more partner ("also") is no replacement; another person on another day is another fact.
    assert compare("Ben has also been booking courts with Idris on Tuesdays.", old, 0.45).kind != "update"
    assert compare("Since the move, Ana has been booking courts with Idris on Mondays instead.", old, 0.45).kind != (
        "update"
    )


def test_long_texts_compare_in_linear_time() -> None:
    import time

    long_a, long_b = "word " * 20_000 + "5432", "word " * 20_000 + "5433"
    started = time.perf_counter()
    compare(long_b, long_a, 0.99)
    framed = "The office said " + "that " * 20_000 + "the rent is $900 because " + " " * 20_000 + "of"
    compare(framed, "The rent is $800", 0.5)  # a report and a reason are looked for once
    assert time.perf_counter() - started < 2.0


# --- through the engine -----------------------------------------------------------------------------------


def test_an_update_supersedes_the_old_memory_which_stays_readable(mem: Memory) -> None:
    old = mem.store("The API rate limit is 100 requests per minute").memory
    result = mem.store("The API rate limit is 1000 requests per minute")
    assert (result.created, result.decision, result.supersedes) == (True, "update", old.id)
    assert result.changes == {"old": ["100"], "new": ["1000"]} and "1000" in result.why
    kept = mem.get(old.id)
    assert not kept.is_current and kept.superseded_by == result.id and kept.valid_to is not None
    assert {(x["other_id"], x["relation"]) for x in mem.links(old.id)} == {(result.id, "superseded_by")}
    assert mem.history(old.id)[-1].action == "superseded"
    hits = mem.search("what is the API rate limit?")
    assert hits[0].memory.id == result.id and old.id not in {h.memory.id for h in hits}


def test_a_restatement_still_reinforces(mem: Memory) -> None:
    first = mem.store("The API key rotation happens every 30 days")
    again = mem.store("API keys are rotated every 30 days")
    assert (again.created, again.decision, again.duplicate_of) == (False, "restatement", first.id)
    assert mem.get(first.id).access_count == 1 and mem.history(first.id)[-1].detail["text"].startswith("API keys")


def test_a_contradiction_links_both_ways(mem: Memory) -> None:
    old = mem.store("The user is allergic to peanuts").memory
    new = mem.store("The user is not allergic to peanuts")
    assert new.decision == "contradiction"
    assert {x["relation"] for x in mem.links(old.id)} == {"superseded_by", "contradicts"}


def test_an_elaboration_is_kept_beside_and_linked(mem: Memory) -> None:
    old = mem.store("Meeting with Rachel on Tuesday").memory
    new = mem.store("Meeting with Rachel on Tuesday at 10am in room 4")
    assert (new.created, new.decision, new.related_to) == (True, "elaboration", old.id)
    assert mem.get(old.id).is_current
    assert [x["relation"] for x in mem.links(new.id)] == ["elaborates"]


def test_a_back_dated_import_does_not_replace_the_newer_value(mem: Memory) -> None:
    now = datetime.now(UTC)
    current = mem.store("The office is in Berlin", created_at=now).memory
    imported = mem.store("The office is in Munich", created_at=now - timedelta(days=400))
    assert imported.decision == "update" and imported.supersedes is None
    assert mem.get(current.id).is_current
    assert mem.get(imported.id).superseded_by == current.id


def test_a_batch_chains_updates_of_one_fact(mem: Memory) -> None:
    results = mem.store_many([{"text": f"The standup is at {hour}am"} for hour in (8, 9, 10)])
    assert [r.decision for r in results] == ["new", "update", "update"]
    assert [m.text for m in mem.list()] == ["The standup is at 10am"]
    assert mem.get(results[0].id).superseded_by == results[1].id


# A word the two texts share by chance ("keep" / "kept jamming"), a change said and a name in another's place:
# the rules alone read an update; the embedder finds the two about other things (cosines 0.07 and 0.05).
UNRELATED = [
    ("We keep the spare keys at Aunt Jo's house.", "The boiler kept cutting out, so we had a Worcester Bosch "
     "fitted instead."),
    ("I keep my passport at Mum's flat.", "The printer kept jamming, so the office switched to Brother instead."),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new"), UNRELATED)
def test_a_word_shared_by_chance_retires_nothing_the_embedder_finds_unrelated(old: str, new: str) -> None:
    assert compare(new, old, 0.5).kind == "update"  # what the words alone say
    assert compare(new, old, 0.05).kind == "distinct"


def test_a_small_store_keeps_a_fact_when_an_unrelated_one_comes_after_it(mem: Memory) -> None:
    """In a store this small every memory is among a new one's nearest: nothing keeps them apart but the
    cosine."""
    for n, (old, new) in enumerate(UNRELATED):
        first = mem.store(old, agent_id=f"a{n}")
        second = mem.store(new, agent_id=f"a{n}")
        assert second.decision == "new"
        assert mem.get(first.id, agent_id=f"a{n}").is_current


def test_the_previous_behaviour_folds_changed_values(open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(config={"revisions": False})
    first = mem.store("The API rate limit is 100 requests per minute")
    again = mem.store("The API rate limit is 1000 requests per minute")
    assert (again.created, again.duplicate_of) == (False, first.id)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("the editor is vim", "the editor is emacs"),
        ("a b a c a", "a a b"),
        ("the build server runs ubuntu", "ubuntu runs the build server"),
        ("", "alice"),
        ("", ""),
    ],
)
def test_the_word_bag_bound_is_difflibs_quick_ratio(old: str, new: str) -> None:
    # An upper bound of the ratio in order, so a pair under the frame threshold on it is under it in order too.
    a, b = tuple(old.split()), tuple(new.split())
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    assert _kept_bound(a, b) == matcher.quick_ratio() >= matcher.ratio()


def test_a_statement_knows_whether_it_says_a_change() -> None:
    assert read("The standup moved to 10am").says_change
    assert read("These days the user prefers emacs").says_change  # a phrase, no change word
    assert not read("The daily standup is at 9am").says_change
    assert read("The user likes cilantro").vocabulary == {"the", "user", "likes", "cilantro"}


LISBON = "When does our flight to Lisbon leave?"


@pytest.mark.parametrize(
    ("new", "old", "question", "competes"),
    [
        ("The airline rebooked us, so we now fly to Lisbon on March 21", "Our flight to Lisbon leaves on March 14",
         LISBON, True),  # another date, told another way
        ("Our flight to Rome leaves on March 21", "Our flight to Lisbon leaves on March 14", LISBON, False),
        ("The Lisbon trip has 4 travellers", "Our flight to Lisbon leaves on March 14", LISBON, False),  # no date
        ("The staging cache now listens on port 6380", "The staging database listens on port 5433",
         "What port does the staging database listen on?", False),  # two places of one sentence swapped
        ("We're tracking bugs in Linear these days", "The team files its bugs in Jira",
         "Which tool do we track bugs in?", True),  # a name for a name
        ("CI was moved to Python 3.11", "The CI pipeline uses Python 3.10", "Which Python does CI use?",
         True),  # "CI" opens the new sentence: the name the old one and the question have
        ("Since the upgrade the nightly backup wraps up in roughly 2 hours",
         "The nightly backup takes about 40 minutes", "How long does the nightly backup take?",
         True),  # a length of time for a length of time, whatever the unit
        ("The nightly backup keeps 14 copies", "The nightly backup takes about 40 minutes",
         "How long does the nightly backup take?", False),  # a count is no length of time
        ("The club changed the rules: matches now last 50 minutes", "Matches in the U-12 cup last 40 minutes",
         "How long are matches in the U-12 cup?", True),  # the cup left out, nothing of its kind in its place
        ("Matches in the Co-op Cup now last 50 minutes", "Matches in the U-12 cup last 40 minutes",
         "How long are matches in the U-12 cup?", False),  # a name in the place of the code: another cup
        ("Format Heron with `npm run fmt` from now on", "Format Heron with `prettier --write .`",
         "How do I format Heron?", True),  # a command for a command
        ("Heron keeps its fixtures in `tests/data/heron`", "Format Heron with `prettier --write .`",
         "How do I format Heron?", False),  # a path is no command
        ("Heron reads its token from `HERON_API_TOKEN`", "Heron's buckets are all in `ap-south-1`",
         "Which region are Heron's buckets in?", False),  # an environment variable is no region
        ("Heron's logs go to `/srv/logs/heron.log` now", "Heron logs to `/var/log/heron.log`",
         "Where does Heron log to?", True),  # a path for a path
        ("We set the importer's max attempts to 6; past that it gives up", "The importer tries a file 4 times",
         "How many times does the importer try a file?", True),  # "6;": the word after is no unit of it
        ("With the new filters the pump can go 300 hours between services", "Service the pump every 250 running hours",
         "How often does the pump need a service?", True),  # two lengths of time
    ],
)  # fmt: skip
def test_a_competing_value_is_another_of_the_same_kind_for_the_same_question(
    new: str, old: str, question: str, competes: bool
) -> None:
    assert competing_value(new, old, question) is competes


@pytest.mark.parametrize(
    ("new", "old", "question", "swapped"),
    [
        # the thing asked about, said of another of its kind
        ("The monthly report takes roughly 3 hours", "The weekly report takes about 40 minutes",
         "How long does the weekly report take?", True),
        ("The staging cluster was scaled to 5 nodes", "The billing cluster runs 3 nodes",
         "How many nodes does the billing cluster run?", True),
        # the same thing, told without its qualifier, or its version named ("the first venue")
        ("The report now takes 55 minutes", "The weekly report takes about 40 minutes",
         "How long does the weekly report take?", False),
        ("The first venue fell through, so we're getting married at the Old Mill.", "Our wedding venue is the Grange",
         "Where is our wedding venue?", False),
        # another word of the question in the qualifier's place: still the thing asked about
        ("We raised the unvaccinated puppy boarding rate; it's $48 a night now.",
         "Standard puppy boarding for unvaccinated dogs costs $40 a night.",
         "How much is standard puppy boarding for an unvaccinated dog?", False),
        # the qualifier is the answer: the old value, said in words ("Which pipeline ...")
        ("Staging deploys are triggered from the release-candidate pipeline.",
         "Staging deploys are triggered from the deploy-staging pipeline.", "Which pipeline deploys to staging?",
         False),
        # the qualifier cut short: the same thing
        ("The dev database now lives on port 5544", "The development database listens on port 5432",
         "Which port does the development database listen on?", False),
    ],
)  # fmt: skip
def test_a_qualifier_of_the_question_swapped_for_another_names_another_thing(
    new: str, old: str, question: str, swapped: bool
) -> None:
    asked = frozenset(analyse(question, datetime(2030, 1, 1, tzinfo=UTC)).stems)
    assert qualifier_swapped(new, old, asked) is swapped


@pytest.mark.parametrize(
    ("old", "new", "cosine", "was", "now"),
    [
        # a name spelt like a function word, written with its capital inside a sentence
        ("The checkout service is written in Java.", "The checkout service is written in Go.", 0.77, "Java", "Go"),
        # a rooted path is a value as a whole, its slash included
        ("The health check hits /healthz.", "The health check hits /status.", 0.83, "/healthz", "/status"),
        # "I'm" is the speaker, not a name beside the new count
        ("I swim 20 laps every morning.", "These days I'm up to 30 laps in my morning swim.", 0.79, "20", "30"),
    ],
)
def test_values_as_written_make_it_an_update(old: str, new: str, cosine: float, was: str, now: str) -> None:
    found = compare(new, old, cosine)
    assert (found.kind, found.old_values, found.new_values) == ("update", (was,), (now,))


def test_an_adverb_opening_a_sentence_is_no_part_of_the_name_after_it() -> None:
    assert read("Usually Ines delivers in three days").values == {"ine", "three"}
    assert read("Apparently Tom is the new team lead").values == {"tom"}
    assert read("Emily Watson is our landlord").values == {"emili watson"}  # a name ending in -ly is still one
    assert read("Kimberly Ortiz runs the clinic").values == {"kimber ortiz"}  # stemmed, as names are
    restated = compare("Normally Ines needs three days to deliver a 5,000-word job.",
                       "Ines's standard turnaround for a 5,000-word job is three days.", 0.76)  # fmt: skip
    assert restated.kind == "restatement"


def test_a_capitalised_opening_word_after_another_is_no_name() -> None:
    assert read("Again, The staging environment uses Go").values == {"go"}
    assert read("FYI The team paired with Will").values == {"will"}
    assert read("run helm upgrade ./chart").values == frozenset()  # a relative path's tail is a word


@pytest.mark.parametrize(
    ("old", "new", "cosine", "now"),
    [
        # the clause holding the new value is compared, the rest of the text is context ("from now on" in it)
        ("Our car insurance premium is $980 a year.",
         "The renewal letter came: the car insurance will cost $1,120 per year from now on.", 0.60, "$1,120"),
        # ...and a change word said in the context clause counts for it
        ("The walk is at 7 pm.", "Since it gets dark early now, the dog walk is at 6 pm.", 0.6, "6 pm"),
        # an irregular past compares as its verb ("fed" / "feed", "hold" / "held"); "instead" ending a sentence
        ("We feed the fish 3 times a day.", "The fish get fed 2 times a day now.", 0.63, "2"),
        ("The quarterly board meeting is held in Boston.",
         "The board voted to hold its quarterly meeting in Chicago instead.", 0.58, "Chicago"),
        # a verb of change ("relocated") says the change
        ("The build cache lives in /var/cache/build.", "We relocated the build cache to /mnt/fast/build-cache.", 0.88,
         "/mnt/fast/build-cache"),
        # a number followed by a function word has no unit: "iOS 16 or later" is the kind of "version is 15."
        ("The mobile app's minimum iOS version is 15.", "The app now needs iOS 16 or later.", 0.58, "16"),
    ],
)  # fmt: skip
def test_an_update_told_with_context_around_it(old: str, new: str, cosine: float, now: str) -> None:
    found = compare(new, old, cosine)
    assert (found.kind, found.new_values) == ("update", (now,))


def test_context_clauses_do_not_make_a_note_of_several_clauses_an_update() -> None:
    # the old text is not one clause: its other clauses say other things than the new text's
    found = compare(
        "Session with Diego: reviewed the permissions model, agreed on idempotency keys.",
        "Session with Carmen: reviewed the auth service, agreed on pagination.",
        0.8,
    )
    assert found.kind == "distinct"
    assert compare("The room projector is broken", "The room projector works", 0.88).kind == "contradiction"


@pytest.mark.parametrize(
    ("old", "new", "cosine", "kind"),
    [
        # an abbreviation's full stop ends no sentence: "Dr. Patel" is one name
        ("My dentist is Dr. Patel.", "My dentist is Dr. Nguyen.", 0.66, "update"),
        # "went up" says the change
        ("We pay $40 a month for the gym", "The gym fee went up to $45 a month", 0.6, "update"),
        # "turned off" is the opposite of "enabled"
        ("Dependabot is enabled for the backend repo", "Dependabot is turned off for the backend repo", 0.92,
         "contradiction"),
    ],
)  # fmt: skip
def test_abbreviations_change_phrases_and_antonyms(old: str, new: str, cosine: float, kind: str) -> None:
    assert compare(new, old, cosine).kind == kind


def test_a_number_without_its_unit_competes_with_a_number_of_any_unit() -> None:
    question = "What is the linter's maximum line length?"
    new = "We loosened the linter so lines may be up to 100 characters."
    assert competing_value(new, "The linter's maximum line length is 88.", question)
    # two units, each said: two measures of one thing, not competing values
    assert not competing_value("The cluster now has 3 regions", "The cluster has 12 nodes", "How big is the cluster?")


@pytest.mark.parametrize(
    ("old", "new", "cosine"),
    [
        # a weekday said in the plural joins no name ("On Saturdays Maya ...": two values, not one)
        ("Maya's piano lesson is at 10 am on Saturdays.", "On Saturdays Maya has piano at 10 am.", 0.94),
        # "hold" is a light verb, like "happen": "we hold design reviews" = "design reviews happen"
        ("Our design reviews happen on Tuesday afternoons.", "Tuesday afternoon is when we hold design reviews.", 0.55),
    ],
)
def test_restatements_told_another_way(old: str, new: str, cosine: float) -> None:
    assert compare(new, old, cosine).kind == "restatement"


@pytest.mark.parametrize(
    ("old", "new", "cosine", "kind"),
    [
        # an indefinite pronoun names nothing: the same content, told another way
        ("The user enjoys cilantro", "Cilantro is something the user enjoys", 0.7, "restatement"),
        # a verb that ends what it names is a negation
        ("I have a gym membership", "I cancelled my gym membership", 0.78, "contradiction"),
        # a compound says what its parts say: "home-office" is about "home"
        ("I work from home on Fridays.", "My home-office day is Monday now.", 0.5, "update"),
    ],
)
def test_pronouns_ending_verbs_and_compounds(old: str, new: str, cosine: float, kind: str) -> None:
    assert compare(new, old, cosine).kind == kind


@pytest.mark.parametrize(
    ("old", "new", "cosine", "was", "now"),
    [
        # "dropped" and "over to" say a change
        ("The hotel in Porto costs €120 per night.", "The hotel in Porto dropped its rate to €95 per night.", 0.78,
         "€120", "€95"),
        ("The database backups are encrypted with AES-256.",
         "Security rotated the backup encryption over to ChaCha20.", 0.5, "AES-256", "ChaCha20"),
        # the context clause's values the old text holds stay part of the subject ("CI")
        ("Our CI minutes budget is 3,000 minutes per month.",
         "Finance approved more CI minutes: 5,000 minutes a month starting next cycle.", 0.69, "3,000", "5,000"),
        # a weekday beside the new value says when the change happened
        ("The staging cluster runs Kubernetes 1.28.", "We upgraded the staging cluster to Kubernetes 1.29 on Tuesday.",
         0.81, "1.28", "1.29"),
    ],
)  # fmt: skip
def test_changes_with_their_circumstances(old: str, new: str, cosine: float, was: str, now: str) -> None:
    found = compare(new, old, cosine)
    assert (found.kind, found.old_values, found.new_values) == ("update", (was,), (now,))


def test_a_weekday_is_the_time_of_a_change_only_when_a_change_is_said() -> None:
    found = compare(
        "The staging cluster got Kubernetes 1.29 on Tuesday too.", "The staging cluster runs Kubernetes 1.28.", 0.81
    )
    assert found.kind == "distinct"


def test_verbs_of_liking_say_one_fact_and_still_oppose_hating() -> None:
    assert compare("Dark mode is what the user prefers", "The user likes dark mode", 0.71).kind == "restatement"
    assert compare("My daughter enjoys eating mushrooms", "My daughter likes mushrooms", 0.84).kind == "restatement"
    assert compare("The user hates dark mode", "The user likes dark mode", 0.9).kind == "contradiction"


@pytest.mark.parametrize(
    ("old", "new", "cosine", "was", "now"),
    [
        # noon and midnight are times of the clock, of the kind "8 am" is
        ("Granddad takes his heart pills at 8 am.", "The doctor said granddad should take his heart pills at noon.",
         0.71, "8 am", "noon"),
        # "goes" is a form of "go", which the stemmer alone keeps apart ("goe")
        ("The newsletter goes out on the 1st of each month.",
         "Marketing decided the newsletter will go out on the 15th of each month.", 0.72, "1st", "15th"),
    ],
)  # fmt: skip
def test_clock_words_and_present_forms(old: str, new: str, cosine: float, was: str, now: str) -> None:
    found = compare(new, old, cosine)
    assert (found.kind, found.old_values, found.new_values) == ("update", (was,), (now,))


def test_a_value_left_out_beside_a_said_change_is_not_a_second_replaced_value() -> None:
    old = "The API gateway times out requests after 30 seconds."
    found = compare("Because of the slow report endpoint, the gateway timeout went up to 60 seconds.", old, 0.64)
    assert (found.kind, found.old_values, found.new_values) == ("update", ("30",), ("60",))
    # unsaid, two values of two kinds differing are another fact of its kind
    other = compare("Alice reviewed auth.py on Monday", "Bob reviewed the Go module on Monday", 0.7)
    assert other.kind == "distinct"


@pytest.mark.parametrize(
    ("old", "new", "cosine", "was", "now"),
    [
        ("The default branch of the repo is master.",
         "Heads up, we renamed the default branch of the repo to main yesterday.", 0.67, "master", "main"),
        ("The meeting notes are kept in the shared drive.", "We moved the meeting notes into the wiki last week.", 0.53,
         "shared drive", "wiki"),
    ],
)  # fmt: skip
def test_a_change_said_with_its_new_value_after_to(old: str, new: str, cosine: float, was: str, now: str) -> None:
    found = compare(new, old, cosine)
    assert (found.kind, found.old_values, found.new_values) == ("update", (was,), (now,))


def test_a_new_value_after_to_needs_the_old_one_in_the_predicate_and_a_change_said() -> None:
    # no change said: one more thing about the notes
    assert (
        compare("We copy the meeting notes to the wiki.", "The meeting notes are kept in the shared drive.", 0.6).kind
        != "update"
    )
    # the old text's own word is its subject, not what is said of it
    assert (
        compare("We moved the drive notes to the wiki.", "Drive notes are useful for the meeting.", 0.5).kind
        != "update"
    )


# One case per rule of the write path, by the English it reads: (old, new, cosine, decision).
RULES = [
    # A verb that ended what follows it ("stopped drinking", "gave up") is a negation, in the past tense only.
    ("I drink coffee in the morning", "I stopped drinking coffee in the morning", 0.91, "contradiction"),
    ("My brother smokes", "My brother gave up smoking", 0.86, "contradiction"),
    ("The team stopped using Slack", "The team does not use Slack anymore", 0.8, "restatement"),
    ("Ben has stopped drinking alcohol", "Ben doesn't drink alcohol", 0.92, "restatement"),
    # Opposite words are the change when the rest is the subject told another way...
    ("The balcony door is locked at night", "We leave the balcony door unlocked at night now", 0.83, "contradiction"),
    ("Two-factor login is required for admins", "Two-factor login is optional for admins now", 0.89, "contradiction"),
    # ...and not with a second difference beside them: a part, or another thing of its kind.
    ("The server is public", "The backup server is private", 0.53, "distinct"),
    ("The kitchen window is open", "The small kitchen window is closed", 0.83, "distinct"),
    ("Dogs are allowed in the park", "Dogs are forbidden in the park playground", 0.79, "distinct"),
    ("Port 8080 is open", "Port 22 is closed", 0.6, "distinct"),
    # "since" of time says a change; a value added after it is no value replaced.
    ("The maximum upload size is 25 MB.", "Uploads are capped at 50 MB since the storage change.", 0.58, "update"),
    ("The kids go to bed at 8pm.", "Since school started, bedtime for the kids is 7:30pm.", 0.73, "update"),
    ("I live in Berlin", "I have lived in Berlin since 2019", 0.93, "elaboration"),
    # The values both hold are part of what they share.
    ("My car is a Honda Civic.", "I drive a Honda Civic.", 0.86, "restatement"),
    ("The VPN gateway is vpn.eu.example.com.", "Connect the VPN to vpn.eu.example.com.", 0.89, "restatement"),
    # A name never replaces a quantity; a number word or another time does.
    ("The shop charges $7.25 for standard shipping.", "The shop ships to Canada", 0.41, "distinct"),
    ("The team has 5 engineers", "The team has six engineers", 0.88, "update"),
    ("The meeting is at 3pm", "The meeting is on Monday", 0.66, "update"),
    # "again" beside a said change is the change told once more; "also" still adds.
    ("Noah's shoe size is 32.", "Noah grew again, he wears size 33 shoes now.", 0.73, "update"),
    ("The frontend is deployed to us-east-1", "The frontend is now also deployed to eu-west-1", 0.68, "elaboration"),
    # Beside the same values, words only added or left out tell them another way; without a value, not.
    ("Grandma's birthday party is on June 8.", "We're celebrating grandma's birthday on June 8.", 0.86, "restatement"),
    (
        "The product photos are stored in the Catalog folder.",
        "You'll find the product photos in the Catalog folder.",
        0.84,
        "restatement",
    ),
    (
        "The user likes latency budget to be discussed in short written notes rather than meetings",
        "The user likes budget approval to be discussed in short written notes rather than meetings",
        0.83,
        "distinct",
    ),
    ("My mother takes her pill at 8 am", "My father takes his pill at 8 am", 0.63, "distinct"),
    # The place a predicate names with "the" is one place; "of" says which thing; a place without "the" is one
    # of many.
    ("I keep the spare key under the doormat.", "I keep the spare key under the flower pot.", 0.47, "update"),
    (
        "The nightly export writes to the reporting schema.",
        "The nightly export writes to the analytics schema.",
        0.87,
        "update",
    ),
    (
        "The service runs 3 replicas of the auth service",
        "The service runs 3 replicas of the search service",
        0.84,
        "distinct",
    ),
    ("Carlos is allergic to peanuts", "Carlos is allergic to shellfish", 0.53, "distinct"),
    # A month is no name: the one who tells the change is no second value of it.
    ("The book fair is on October 3", "Dad says the book fair got moved to November 9", 0.65, "update"),
    # A few words swapped is the fact told again at a lower similarity than a long sentence with clauses of its
    # own; never when the new text says a change or flips the negation.
    ("My sister enjoys jazz", "Jazz is a favourite of my sister", 0.78, "restatement"),
    ("My daughter loves horse riding", "Horse riding is my daughter's passion", 0.72, "restatement"),
    ("Leo walks to school", "Leo takes the bus to school now", 0.85, "distinct"),
    ("Our son eats fish", "Fish is never on our son's plate", 0.85, "contradiction"),
    (
        "The team lunch spot is the taco place downtown",  # a standing fact, and a thing that happened once
        "The team offsite lunch was at the taco place",
        0.79,
        "distinct",
    ),
    # A verb of ending with its particle negates ("dropped out", "pulled out", "took ... off"); "took off" alone
    # is a departure. A text that says a change is never folded as the same fact: it is kept beside it.
    ("Maya is on the school chess team", "Maya dropped out of the school chess team", 0.79, "contradiction"),
    ("Ravi is in the Thursday book club", "Ravi pulled out of the Thursday book club", 0.9, "contradiction"),
    ("The rocket took off at noon", "The rocket launched at noon", 0.84, "distinct"),
    (
        "The office printer is shared by the design team",
        "The design team's shared printer was replaced",
        0.82,
        "elaboration",
    ),
    # The same values said with the other polarity are never folded as the same fact: the negation flipped on
    # the same facts supersedes the memory (a fact said the other way is superseded by itself, still current).
    ("The upload limit is 25 MB", "Files larger than 25 MB can't be uploaded", 0.74, "contradiction"),
    # A change said of a sentence that opens on another thing is another fact of its kind; a time, a change
    # word or the one who tells it opening the sentence is not what it is about.
    ("My car insurance costs $90 a month", "My gym pass now costs $40 a month", 0.56, "distinct"),
    ("The weekly sync starts at 10 am", "Starting next month, the weekly sync begins at 11 am", 0.84, "update"),
    ("Our rent is $1,200 a month", "The landlord raised our rent, we pay $1,300 a month now", 0.77, "update"),
    # Two words more in a sentence built anew tell the fact again; not a name of hyphened parts swapped in
    # place, nor a word of the old text under a negating prefix.
    ("My bike is in the garage", "The garage is where my bike is parked overnight", 0.73, "restatement"),
    ("My bike is in the garage", "The garage is where I keep my bike these days", 0.81, "elaboration"),  # a change?
    ("Release builds use the release-build runner", "Release builds use the canary-fleet runner", 0.81, "elaboration"),
    ("The back door is locked", "The back door lock broke, the door is unlocked", 0.89, "elaboration"),
    (
        "The user likes vacation plans to be discussed in short written notes rather than meetings.",
        "The user likes customer escalation to be discussed in short written notes rather than meetings, with a "
        "follow-up planned for the query plans",
        0.75,
        "distinct",
    ),
    # Who reported a statement and the reason it gives are context: the statement itself is compared.
    (
        "The dentist appointment is on May 3",
        "The clinic called saying the dentist appointment moved to May 10 due to a staff shortage",
        0.5,
        "update",
    ),
    ("Anna's flight lands at 6 pm", "The airline says Anna's connecting bus leaves at 9 pm", 0.5, "distinct"),
    # The doer or the state named after a verb or a noun is a word of its root: the same fact told again.
    ("My sister drives a school bus", "My sister is a school bus driver", 0.88, "restatement"),
    ("I have a museum membership", "I'm a member of the museum", 0.84, "restatement"),
    ("Lena supervises the night shift", "Lena is the night shift supervisor", 0.91, "restatement"),
    # "one" after a determiner is a pronoun, not a count.
    ("Our dentist is Dr. Brandt", "Dr. Brandt is the one who does our check-ups", 0.8, "restatement"),
    ("The cat has one kitten", "The cat has two kittens", 0.9, "update"),
    # Several values in one stretch that ends both sentences are one slot: a change; a subject beside its value
    # ("Python is 3.11") or words of content after the stretch are not.
    (
        "Dad's prescriptions get filled at Rite Aid in Oakdale.",
        "Dad's prescriptions get filled at Costco Pharmacy.",
        0.52,
        "update",
    ),
    ("Our home kit is red and black.", "Our home kit is sky blue.", 0.8, "update"),
    ("The cluster's default Python is 3.11.", "The cluster's default CUDA is 12.2.", 0.7, "distinct"),
    ("the access code for the Kazotan unit is 4417", "the access code for the Velmir unit is 1234", 0.37, "distinct"),
    # "both" in both texts counts the things both name: no value added beside the other.
    ("Our gas and electricity are both with EDF.", "Our gas and electricity are both with Ovo.", 0.54, "update"),
    # The nouns of a change say it as their verbs do ("ran the upgrade", "after the migration").
    (
        "My Nextcloud server is running version 27.1.3.",
        "Ran the upgrade last night; Nextcloud is on 28.0.1.",
        0.6,
        "update",
    ),
    # A sentence opening on the first word of the other's name, a change said, names it ("Kingsmead chess ...").
    (
        "- Kingsmead Chess Club sub: £40 a year",
        "Kingsmead chess subs going up to £45 a year, the treasurer said.",
        0.67,
        "update",
    ),
    # A word swapped in the second half of its clause is said of the subject, whatever clause follows.
    (
        "My terminal shell is zsh, so give me commands that work there.",
        "My terminal shell is fish, so give me commands that work there.",
        0.84,
        "update",
    ),
    # The values of a place said again in words, the rest of the sentence kept: the place replaced.
    (
        "The Sunday group ride leaves from Halford's Bakery.",
        "The Sunday group ride leaves from the station clock tower.",
        0.37,
        "update",
    ),
    ("We buy the bakery's flour from Shipton Mill.", "We buy the bakery's butter from Yeo Valley.", 0.7, "distinct"),
    # A measure before "long" or "old" is no word saying which thing is meant.
    ("The on-call rotation is two weeks long.", "The on-call rotation is four days long.", 0.89, "update"),
    # A fact denied in each of two clauses is denied: the negations are not summed across clauses.
    ("Jake is the band's drummer", "Jake quit the band, so he isn't our drummer anymore", 0.7, "contradiction"),
    # The same code under another word of a note's label is told again; another name opening a sentence is not.
    ("- Quarry install: `npm ci`", "Quarry deps → `npm ci`", 0.86, "restatement"),
    ("Ollie's phone contract is £18 a month.", "My phone contract is £18 a month.", 0.9, "distinct"),
    # "no." before a number is "number", no negation.
    ("allotment: plot 14B", "- allotment: ours is no. 14B", 0.74, "restatement"),
    # The same specific value built anew: a count spelled out on one side only is a detail, not a second value
    # ("one episode", "the first £100"); one that scales the quantity ("twice a day") is not told again.
    (
        "Sponsor reads cost $150 per episode.",
        "A single sponsor read in one episode goes for $150.",
        0.59,
        "restatement",
    ),
    ("The excess on my policy is £100.", "if I claim on the policy I pay the first £100 myself", 0.73, "restatement"),
    ("I take 20 mg of sertraline.", "I take 20 mg of sertraline twice a day.", 0.89, "elaboration"),
    # ...and a name on one side only, even where it opens the sentence ("RAM" for "memory").
    (
        "Each CI runner is provisioned with 8 GB of memory",
        "8 GB of RAM is what every CI runner gets",
        0.82,
        "restatement",
    ),
    # "taking over" says a change as "took over" does: a new name opening the sentence is the new value.
    (
        "The choir is directed by Mrs. Lind.",
        "Mr. Abara is taking over as director of the choir this autumn.",
        0.43,
        "update",
    ),
    ("The office manager is Greta.", "Tom takes over as office manager next month.", 0.42, "update"),
]


@pytest.mark.parametrize(("old", "new", "cosine", "kind"), RULES)
def test_each_rule_decides_as_its_english_says(old: str, new: str, cosine: float, kind: str) -> None:
    assert compare(new, old, cosine).kind == kind


# A change said, one quantity replaced by another of its kind: a name told beside the old one ("at the Eastgate
# marina") and left out of the change is where it is, not a second value changed.
NAME_LEFT_OUT = [
    ("Our mooring is berth 6 at the Eastgate marina.",
     "The harbour master reshuffled the moorings and we are on berth 11 now.", ("6",), ("11",)),
    ("My locker at the gym is number 52 in the Westside block.", "They reassigned the lockers, mine is number 17 now.",
     ("52",), ("17",)),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "was", "now"), NAME_LEFT_OUT)
def test_a_name_left_out_of_a_change_of_quantity_is_no_second_value(
    old: str, new: str, was: tuple[str, ...], now: tuple[str, ...]
) -> None:
    found = compare(new, old, 0.5)
    assert (found.kind, found.old_values, found.new_values) == ("update", was, now)


def test_a_name_told_beside_a_changed_quantity_is_no_second_value_unless_it_is_what_the_text_is_about() -> None:
    more = "Every build agent was upgraded to 8 GB of RAM"
    assert compare(more, "Each build agent has 4 GB of memory", 0.8).kind == "update"
    other = "Fitzroy Leisure have put their day pass price up to £8, blaming energy costs."
    assert compare(other, "My gym membership costs £30 a month.", 0.4).kind == "distinct"


def test_words_of_one_root_are_read_as_one_and_short_roots_are_not() -> None:
    smoker, smokes = same_roots(read("My brother is a smoker"), read("My brother smokes"))
    assert smoker.content == smokes.content
    porter, port = same_roots(read("The porter is at the gate"), read("The port is at the gate"))
    assert porter.content != port.content  # "port" is too short a root to take "-er" as its doer
    delivery, delivers = same_roots(read("The courier made the delivery"), read("The courier delivers"))
    assert delivery.content == delivers.content  # the act named with "-ery"
    battery, bats = same_roots(read("The battery is flat"), read("The batt is flat"))
    assert battery.content != bats.content


def test_only_the_past_tense_of_stopping_negates() -> None:
    assert read("I stopped drinking coffee").negations == 1
    assert read("The alarm stops ringing after a minute").negations == 0  # when a routine ends
    assert read("The bus stopped at Main Street").negations == 0  # no verb ended


def test_a_since_of_time_says_a_change_and_a_since_of_reason_does_not() -> None:
    assert read("Since the migration the nightly export writes to the analytics schema").says_change
    assert read("Uploads are capped at 50 MB since the storage change").says_change
    assert not read("Omar is the main contact for billing, since the identity team owns that part").says_change


def test_a_name_opening_a_context_clause_is_no_value_of_the_change() -> None:
    old = "The product photos are stored in the Catalog folder."
    new = "Marta reorganised the drive; product photos now live in the Assets folder."
    found = compare(new, old, 0.46)
    assert (found.kind, found.old_values, found.new_values) == ("update", ("Catalog",), ("Assets",))


def test_a_time_said_relative_to_now_beside_a_change_is_when_not_what() -> None:
    assert compare("Sara gave up meat last year", "Sara eats meat", 0.76).kind == "contradiction"
    found = compare(
        "Ana changed schools this year and teaches at Riverside Academy.", "Ana teaches at Lincoln High.", 0.6
    )
    assert (found.kind, found.new_values) == ("update", ("Riverside Academy",))


def test_two_times_said_relative_to_now_are_two_facts_unless_a_change_is_said() -> None:
    assert compare("The budget next year is $5M", "The budget this year is $4M", 0.88).kind == "distinct"
    moved = compare("The standup moved to Wednesday next week", "The standup this week is on Tuesday", 0.75)
    assert moved.kind == "update"


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [("The door is painted orange", "orang", "colour"), ("The fair is on July 3", "juli", "month")],
)
def test_a_closed_value_keeps_its_kind_when_stemmed(text: str, value: str, kind: str) -> None:
    statement = read(text)
    assert value in statement.values and kind_of(statement, value) == kind and not is_name(value)


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("Retries go up to 5; past that the job fails", "5", "number "),  # punctuation ends the value: no unit after it
        ("Retries go up to 5 times", "5", "number time"),
        ("Service the pump every 250 running hours", "250", "number hour"),  # a length of time, whatever runs
        ("Refunds cost 3 per day", "3", "number per"),  # a rate is no length of time
        ("The deadline is 4 March", "4", "day"),  # a day of a month, its month after it
        ("The deadline is March 21", "21", "day"),  # ... or before it
    ],
)
def test_a_number_s_unit_is_read_from_the_words_after_it(text: str, value: str, kind: str) -> None:
    statement = read(text)
    assert value in statement.values and kind_of(statement, value) == kind


def test_from_a_day_says_when_a_new_state_begins_a_span_does_not() -> None:
    old = "The tenant in flat 2 pays £850 a month in rent."
    new = "After the annual review, rent for flat 2 will be £895 a month from June."
    revision = compare(new, old, 0.68)
    assert (revision.kind, revision.old_values, revision.new_values) == ("update", ("£850",), ("£895",))
    # "from June" is when the new value holds, not a second value replaced beside the amount.
    assert "from june" in change_marks(read(new).words)
    # "from Monday to Friday" is a span of days, not the day a change begins.
    assert change_marks(read("The office is open from Monday to Friday").words) == frozenset()
    assert change_marks(read("Starting 1 March the fee is $20").words) == {"starting march"}


def test_the_day_a_change_takes_effect_is_not_a_second_value_replaced() -> None:
    old = "Mum's morning carer arrives at 8:30 am."
    new = "The care agency rang: from Monday the morning visit will be at 9:15 am."
    revision = compare(new, old, 0.33)
    assert (revision.kind, revision.old_values, revision.new_values) == ("update", ("8:30 am",), ("9:15 am",))
    # Without the change said, a weekday beside a new time is another fact of its kind.
    assert compare("The morning visit is at 9:15 am on Monday.", old, 0.33).kind != "update"


def test_a_verb_of_ending_in_place_of_the_old_verb_contradicts_it() -> None:
    revision = compare(
        "I shut the drip irrigation system off for the winter", "The drip irrigation system is running", 0.73
    )
    assert revision.kind == "contradiction"
    assert compare("I cut dairy out of my diet", "I eat dairy", 0.74).kind == "contradiction"
    # A flip beside other things said is about them: "the vegetable garden" is not "the lawn".
    assert compare("I shut the lawn sprinklers off", "The vegetable garden sprinklers are running", 0.6).kind != (
        "contradiction"
    )


def test_a_change_word_both_hold_in_other_forms_is_their_common_frame() -> None:
    old = "The car's oil was last changed at 42,000 miles."
    new = "The cambelt on the car needs changing at 60,000 miles."
    assert compare(new, old, 0.55).kind == "distinct"
    # Said by the new text alone, the change word still tells a change.
    assert compare("The car's oil was changed at 45,000 miles.", "The car's oil is due at 42,000 miles.", 0.8).kind == (
        "update"
    )


def test_a_word_swapped_beside_the_values_is_another_thing_of_its_kind_however_long_the_values() -> None:
    assert compare("My backup camera is a Canon R7 now.", "My main camera is a Nikon Z6.", 0.36).kind == "distinct"
    # The same frame with only the value replaced is the change.
    assert compare("My main camera is a Canon R7 now.", "My main camera is a Nikon Z6.", 0.6).kind == "update"


def test_a_name_left_out_for_words_of_its_own_is_another_thing_when_a_change_is_told() -> None:
    old = "Dr Patel's clinic opens at 8 am."
    assert compare("The walk-in clinic on the high street now opens at 9 am.", old, 0.45).kind == "distinct"
    # The name kept, the same words told around it are the change.
    assert compare("Dr Patel's clinic on the high street now opens at 9 am.", old, 0.45).kind == "update"


def test_a_verb_of_ending_with_its_particle_negates_what_it_names() -> None:
    assert read("I cut dairy out of my diet").negations == 1
    assert read("We pulled the demo off Steam").negations == 1
    assert read("I moved out of the campus student housing").negations == 1
    assert read("I moved the meeting to Friday").negations == 0


def test_one_name_kept_and_a_change_said_is_the_fact_however_much_is_told_around_it() -> None:
    old = "Invoices to Harbor & Pine are due within 15 days."
    new = "Harbor & Pine's finance department wants payment terms of 30 days on all their invoices going forward."
    revision = compare(new, old, 0.72)
    assert (revision.kind, revision.old_values, revision.new_values) == ("update", ("15",), ("30",))
    assert (
        compare(
            "Jonas took a job abroad and lives in Dublin these days.", "My best friend Jonas lives in Leeds.", 0.26
        ).kind
        == "update"
    )
    # Without the change said, the same name and a figure of its kind may be another fact about the client.
    assert compare(new.replace(" going forward", ""), old, 0.72).kind == "distinct"


def test_the_same_specific_values_told_anew_of_something_both_name_is_a_restatement() -> None:
    old = "We need 12 volunteers for the Saturday distribution."
    revision = compare("The Saturday food parcel shift takes 12 volunteers to run.", old, 0.47)
    assert (revision.kind, revision.why) == ("restatement", "the same 12 told another way")
    # A name one of them leaves out is still the same fact.
    assert (
        compare(
            "The agarose concentration in my gels is 1%.", "I cast my gels at 1% agarose for the PCR products.", 0.60
        ).kind
        == "restatement"
    )
    # Never with a change said or a thing redone: the value of something else may have changed.
    tank = "The 75-gallon tank is stocked with a school of harlequin rasboras."
    assert (
        compare(
            "An ich outbreak wiped out the old school, so I restocked the 75-gallon with ember tetras.", tank, 0.34
        ).kind
        != "restatement"
    )
    assert compare("We now need 12 volunteers for the Saturday distribution run.", old, 0.6).kind != "restatement"
    # Never the same sentence with its subject swapped: the same value of another thing.
    assert (
        compare("The pool opens at 6 am on weekdays.", "The gym opens at 6 am on weekdays.", 0.8).kind != "restatement"
    )
    # Nor without a word of content in common, or far apart in meaning.
    assert compare("Invoices are paid within 12 days.", old, 0.2).kind == "distinct"


def test_a_change_said_of_the_subject_however_much_is_told_around_it_is_an_update() -> None:
    old = "Volunteers at the food bank wear orange vests so clients can spot them."
    new = "The new batch of vests arrived and they're yellow, so that's what everyone wears from today."
    revision = compare(new, old, 0.21)
    assert (revision.kind, revision.old_values, revision.new_values) == ("update", ("orange",), ("yellow",))
    # Without the change said ("new", "from today"), another colour of vests may be another fact.
    assert compare("The batch of vests that arrived is yellow.", old, 0.3).kind != "update"
    # The same change said of another thing of its kind, the sentence kept with two places swapped: kept apart.
    assert (
        compare("The staging cache now listens on port 6380", "The staging database listens on port 5433", 0.9).kind
        == "distinct"
    )


def test_will_says_what_a_fact_will_be_from_now_and_restates_it_in_the_future() -> None:
    assert "will" in change_marks(read("The team swapped rotas, so it'll be Priya locking up").words)
    assert "will" in change_marks(read("Rent for flat 2 will be £895 a month").words)
    # Said of the same facts, the future tense restates them: never kept beside as a change.
    assert compare("The standup will be at 10 am in room 4", "The standup is at 10 am in room 4", 0.95).kind == (
        "restatement"
    )


def test_a_code_span_is_read_as_one_value_shown_as_written() -> None:
    statement = read("Run the tests with `pytest -n auto` before pushing")
    assert [statement.shown[v] for v in statement.values] == ["`pytest -n auto`"]
    assert {"pytest", "auto"} <= statement.spanned  # what it is about, said only inside the span
    assert "test" in statement.content and "test" not in statement.spanned  # said outside it too


def test_a_lone_backtick_or_a_span_over_a_line_break_is_plain_text() -> None:
    assert code_spans("it`s fine")[1] == {}
    assert code_spans("`make\ntest`")[1] == {}
    text, spans = code_spans("use `a` or `b`")
    assert text == "use _a_ or _b_" and spans == {"_a_": "`a`", "_b_": "`b`"}


def test_a_short_word_in_ed_opening_a_name_is_no_verb_and_is_cut_off_as_a_word() -> None:
    """ "Shed Kestrel ..." beside "The shed at Kestrel ...": "shed" is the other's word, "Kestrel" the name; a
    word of four letters in -ed ("shed", "Fred") is no past form, as the reader has it."""
    new, old = reconciled(read("Shed Kestrel stores the mower"), read("The shed at Kestrel stores the mower"))
    assert (new.values, "shed" in new.content) == (frozenset({"kestrel"}), True)
    assert old.values == {"kestrel"}


def test_a_capitalised_word_alone_after_a_labels_colon_is_the_name_it_gives() -> None:
    """ "... a new engineer: Lindqvist." names the value as "the engineer is Lindqvist" does; after a speaker's
    name ("Ana: Thanks!") or a note's label ("Note: Deploys ...") a capital opens a sentence as anywhere."""
    assert read("The boiler's service engineer: Okafor.").values == {"okafor"}
    assert read("Ana: Thanks! See you soon.").values == frozenset()
    assert read("Note: Deploys need a review.").values == frozenset()
    old = "Okafor services the Riverside boiler, so call them about any heating faults."
    new = "Riverside boiler has a new engineer: Lindqvist. Call them about heating faults from now on."
    found = compare(new, old, 0.5)
    assert (found.kind, found.old_values, found.new_values) == ("update", ("Okafor",), ("Lindqvist",))


def test_a_name_said_short_where_a_change_is_told_is_the_longer_name() -> None:
    """ "Fernhill" beside "Fernhill Bakery", "Kestrel" beside "Kestrel Rowing Club": the same name, its first words
    only, both on the write path and for a question that names it in full. Read so only where a change is said;
    without one the two stay apart as before."""
    old = "Fernhill Bakery charges £3.20 for a sourdough loaf."
    new = "The sourdough loaf at Fernhill now costs £3.50 after the flour price rise."
    found = compare(new, old, 0.5)
    assert (found.kind, found.old_values, found.new_values) == ("update", ("£3.20",), ("£3.50",))
    assert competing_value(new, old, "How much is a sourdough loaf at Fernhill Bakery?")
    training = compare(
        "Training at Kestrel has moved to Thursday evenings.", "Kestrel Rowing Club trains on Tuesday evenings.", 0.5
    )
    assert training.kind == "update" and training.new_values == ("Thursday",)
    assert compare("The sourdough loaf at Fernhill costs £3.20.", old, 0.5).kind == "distinct"


def test_at_this_point_and_for_the_time_being_say_how_things_stand_now() -> None:
    assert "at this point" in change_marks(read("Alpha Lingua is my main client at this point").words)
    assert "for the time being" in change_marks(read("We're rehearsing in the Memorial Hall for the time being").words)
    assert change_marks(read("The point of the drill is balance, for the most part").words) == frozenset()


# Notes about one service, a change said, a code span in another's place: one setting changed only when the new
# span has the old one's shape (a command for a command, a variable for a variable, a name for a name).
CODE_NOTES = [
    ("- billing-api build: `make build`", "- billing-api: moved artifacts to `dist/bin/`", 0.5, "distinct"),
    ("The billing-api health check is served at `/healthz`.", "billing-api logs are now at `LOG_LEVEL=warn`.", 0.5,
     "distinct"),
    ("billing-api stores sessions in `redis`.", "billing-api tests now run with `pytest -x`.", 0.5, "distinct"),
    ("- billing-api build: `make build`", "- billing-api build is `just build` now", 0.7, "update"),
    ("billing-api reads its token from `BILLING_TOKEN`.", "billing-api token env var renamed to `BILLING_API_KEY`.",
     0.7, "update"),
    ("billing-api deploys from the `release` branch.", "billing-api now deploys from `deploy/prod`.", 0.7, "update"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "cosine", "kind"), CODE_NOTES)
def test_a_code_span_replaces_only_one_of_its_shape(old: str, new: str, cosine: float, kind: str) -> None:
    assert compare(new, old, cosine).kind == kind


def test_a_weekday_written_short_where_a_name_stood_is_no_new_value_of_it() -> None:
    # Read as a name ("Weds", "Fri"), it is still a day: two notes about one person, not a changed doctor.
    assert compare("gran's prescription pickup moved to Weds", "gran's GP: Dr Patel", 0.4).kind == "distinct"
    assert compare("- bins now go out on Tues", "- bins go out on Mon", 0.8).kind == "update"


# A negation of the stored fact told in its words with why or since when around it: a contradiction. A negation of
# another thing said with the same subject and verb, "without" a thing, or "can't wait" contradicts nothing.
NEGATED_IN_ITS_WORDS = [
    ("Our neighbour feeds the cat when we travel.",
     "After her knee operation our neighbour can't feed the cat for us any more.", 0.5, "contradiction"),
    ("Dad drives to the allotment.", "Dad sold the van last month and doesn't drive now.", 0.45, "contradiction"),
    ("Mom needs her glasses to read.", "Mom doesn't need the walker indoors anymore.", 0.35, "distinct"),
    ("The kids eat lunch at school.", "The kids don't eat meat anymore.", 0.59, "distinct"),
    ("Sam plays the guitar in a band.", "Sam doesn't play football anymore.", 0.5, "distinct"),
    ("My bike is set up tubeless.", "I'm riding the bike without inner tubes these days.", 0.6, "distinct"),
    ("We hope to make new memories with the dogs on the beach soon.",
     "Can't wait to make more memories with the dogs on the beach.", 0.7, "distinct"),  # how the speaker stands
    # a verb of ending denies what follows it, as "not" does
    ("My parking at work is covered by the company.",
     "the company's stopped covering staff parking, so I pay for it myself out of my wages now", 0.6, "contradiction"),
    ("Our rent includes the water bill.",
     "the landlord stopped including water in the rent, so we pay the water company ourselves now", 0.6,
     "contradiction"),
    # the reason told beside it with a negation of its own: the clause about the fact says the negation
    ("We run a cake stall at the village fete every summer.",
     "We stopped doing the village fete stall, it wasn't worth the early mornings.", 0.5, "contradiction"),
    ("We run a cake stall at the village fete every summer.",
     "We don't sell scones at the village fete, they aren't popular.", 0.5, "distinct"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "cosine", "kind"), NEGATED_IN_ITS_WORDS)
def test_a_negation_told_in_the_facts_words_contradicts_it_and_of_another_thing_does_not(
    old: str, new: str, cosine: float, kind: str
) -> None:
    assert compare(new, old, cosine).kind == kind


# A note of a bare label ("- garden shed ..."): what follows names a thing of it and gives that thing's value.
# Another such thing with a value of another kind, or with none, is another note, not the value changed.
SHED_NOTES = [
    ("- garden shed padlock 4471", "- garden shed key hook `back door`", "distinct"),  # a code where a number stood
    ("- garden shed padlock 4471", "- garden shed: roof felt replaced", "distinct"),  # no value in its place
    ("- garden shed padlock 4471", "- garden shed gate 9012", "distinct"),  # a value of its kind, other words
    ("- garden shed padlock 4471", "- garden shed padlock 5182", "update"),
    ("- garden shed padlock 4471", "- garden shed padlock reset 5182", "update"),
    ("- garden shed padlock 4471", "- garden shed padlock moved to 5182", "update"),
    ("Our garden shed is painted sage green", "Our garden shed is painted slate grey", "update"),  # not a bare label
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "kind"), SHED_NOTES)
def test_another_thing_named_after_a_notes_label_is_no_new_value_of_the_first(old: str, new: str, kind: str) -> None:
    assert compare(new, old, 0.4).kind == kind


# A price, a share and a count are values of different slots, however the rest is worded.
PRICE_NOTES = [
    ("- boat mooring £900/yr", "boat mooring swapped to berth 14", "distinct"),
    ("- boat mooring £900/yr", "boat mooring went up to £950/yr", "update"),
    ("The marina takes a 15% deposit", "The marina deposit changed to £200", "distinct"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "kind"), PRICE_NOTES)
def test_a_count_or_a_share_where_a_price_stood_is_no_new_price(old: str, new: str, kind: str) -> None:
    assert compare(new, old, 0.3).kind == kind


def test_a_quantity_moved_up_or_down_to_a_new_value_says_the_change() -> None:
    assert "up to" in change_marks(read("The club have put the annual fee for juniors up to £85").words)
    assert "forward to" in change_marks(read("The dentist brought my check-up forward to 3 May").words)
    assert "down to" in change_marks(read("We cut the log retention down to 7 days").words)
    assert change_marks(read("The minibus takes up to 16 passengers").words) == frozenset()  # a limit
    old = "The sauna at the gym is kept at 80 C."
    new = "Members complained about the sauna heat, so the manager turned it down to 75 C."
    assert compare(new, old, 0.45).kind == "update"


# A note writes the period after an amount ("£32/mo"); a sentence says it in words ("£32 a month").
PERIOD_NOTES = [
    ("The piano lessons cost £28 a week.", "- piano lessons £28/wk, cash on the day", "restatement"),
    ("The piano lessons cost £28 a week.", "- piano: paid £28/mo for the practice room", "distinct"),  # another period
    ("- water rates £96/qtr", "- electricity £96", "distinct"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "kind"), PERIOD_NOTES)
def test_an_amount_written_per_period_is_the_amount_said_with_its_period(old: str, new: str, kind: str) -> None:
    assert compare(new, old, 0.5).kind == kind


def test_an_acronym_is_the_words_the_other_text_spells_it_out_in() -> None:
    old = "My half marathon personal best is 1:52:10."
    assert compare("knocked my half marathon PB down to 1:48:30!", old, 0.3).kind == "update"
    assert compare("knocked my half marathon PW down to 1:48:30!", old, 0.3).kind == "distinct"  # spells nothing
