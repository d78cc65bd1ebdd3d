"""How a new memory relates to a stored one about the same thing: restatement, update, contradiction,
elaboration, or a distinct fact. Pure, rule-based, no LLM.

Similarity alone cannot tell these apart: "The API rate limit is 1000 requests per minute" and "... 100 ..."
have an embedding cosine of 0.9986, and "The user is not allergic to peanuts" shares 6 of 7 words with its
opposite. So each statement is read into three parts, and the parts are compared:

* **values**: the slots a fact's changes live in: anything with a digit (numbers, amounts, dates, times,
  durations, versions, ports, counts), weekday and month names, number words, colours, capitalised names
  inside a sentence, and identifiers (``example.com``, ``snake_case``, ``/etc/hosts``, ``PostgreSQL``);
* **polarity**: the parity of its negations (``not``, ``never``, ``n't``, ``no``, ``without``...), plus
  antonym pairs between the words the two texts do not share (``always``/``never``, ``enabled``/``disabled``,
  and the negating prefixes ``un-``, ``in-``, ``dis-``, ``non-``...);
* **content**: the stems of its other words, minus English function words: what the fact is about.

Two statements are about the same subject when they share content and one's content holds the other's (or
they share most of it), or when one is the other with a single slot replaced in the same word order (the
way people correct themselves: "... is vim" → "... is emacs"). On the same subject, a flipped polarity is a
contradiction, a changed value an update, added content or values an elaboration, and the same content and
values a restatement. Every word list here is closed-class English (negations, weekdays, colours, antonyms of
general words), chosen for the language and not for any data set.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from ..recall.query import stem
from ..text import jaccard, word_set
from .again import TOLD_AGAIN_COSINE, same_values, substituted, told_again
from .changes import adds_to, redone, replaced, standing_in, tells_change, without_when
from .dedup import JACCARD_THRESHOLD  # ClarkOS' word-overlap tier: more than this is the same words
from .frames import (
    MAX_SLOT,
    _kept_in_order,
    acts_apart,
    clause_breaks,
    clauses,
    placed_slot,
    relative_times,
    replaced_slot,
    reported,
    slot_at,
    stretch,
    swaps,
    told_when,
    verb_swap,
)
from .marks import CHANGE_WORDS, STATE_WORDS
from .names import reconciled
from .opposites import flip_why, negated_by_prefix, opposed_frame, opposite_words
from .statement import (
    COPULAS,
    DETERMINERS,
    DURATION_UNITS,
    IGNORED,
    VALUE_CHARACTER,
    Statement,
    is_name,
    kind_of,
    past_form,
    read,
    value_runs,
)
from .subject import (
    CLAUSE_CHARS,
    MAX_REWORDED,
    another_kind,
    focus_of,
    identity,
    in_common,
    label_before,
    labelled_apart,
    left_out,
    names_a_thing,
    negated_apart,
    negated_clause,
    negated_in_its_words,
    negated_within,
    occurrences,
    one_quantity,
    openers,
    opening,
    opens,
    other_opening,
    qualified,
    subject_words,
    told_around,
    topic_only,
    values_apart,
)

RESTATEMENT, UPDATE, CONTRADICTION, ELABORATION, DISTINCT = (
    "restatement",
    "update",
    "contradiction",
    "elaboration",
    "distinct",
)
PARAPHRASE_COSINE = 0.80  # same values, same polarity, reworded: a restatement from this cosine up...
PARAPHRASE_SUBJECT = 0.5  # ...when at least half of the two texts' content stems are shared
REWORDED_COSINE = 0.70  # ...or from this one, when at most MAX_REWORDED content words differ
SUBJECT_SHARE = 0.75  # content Jaccard from which two statements are about one subject, whatever else differs
ELABORATION_COSINE = 0.6  # below this, containing the other's few content words is a coincidence
ANCHOR_COSINE = 0.3  # one word in common and this close in meaning: the same subject, when a change is said
_BROAD_KINDS = frozenset(["code", "name"])  # kinds of value that say no slot of their own (see _swapped_alike)
VALUE_PARAPHRASE_COSINE = 0.72  # the same specific values (a number, an address, a name), reworded: a restatement
CHANGE_SUBJECT = 1 / 3  # with a change word ("moved to", "now"), this much shared content is the same subject
UNRELATED_COSINE = 0.1  # below this the two are about other things, whatever the rules find: no new version
SAME_TEXT = "the same text"
KEPT_BESIDE = "says a change or a negation the stored memory does not: kept beside it"  # the same facts otherwise
ELSEWHERE = "about something else"  # what the rules say of a pair they cannot place
SAME_KIND = "the same kind of fact about something else"  # ...and of one that looks like another fact
ANOTHER_SUBJECT = "about another subject"  # ...and of a word swapped where the subject is named


@dataclass(frozen=True, slots=True)
class Revision:
    """How a new text relates to an old one, and why, in words a person can check."""

    kind: str
    why: str
    old_values: tuple[str, ...] = ()
    new_values: tuple[str, ...] = ()

    @property
    def replaces(self) -> bool:
        """An update or a contradiction: the new statement takes the old one's place."""
        return self.kind in (UPDATE, CONTRADICTION)


def _values_why(old: Statement, new: Statement) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    removed, added = old.values - new.values, new.values - old.values
    added = standing_in(new, added, old, removed)
    was = tuple(sorted(old.shown[v] for v in replaced(old, removed, new, added) or removed))
    now = tuple(sorted(new.shown[v] for v in added))
    return f"new value: {', '.join(now) or '(none)'} (was {', '.join(was) or '(none)'})", was, now


def compare(
    new_text: str, old_text: str, cosine: float, *, same_type: bool = True, threshold: float = 0.95
) -> Revision:
    """How ``new_text`` relates to ``old_text`` (``cosine``: of their embeddings; ``threshold``: the type's
    dedup threshold, ClarkOS' tier 3, which a restatement in other words may also pass)."""
    found = _relate(new_text, old_text, cosine, same_type, threshold)
    if _unplaced(found, old_text) and cosine >= TOLD_AGAIN_COSINE and (held := told_again(new_text, old_text)):
        return Revision(RESTATEMENT, f"the same {', '.join(held)} told another way")
    if found.kind == UPDATE and adds_to(read(_clause_of(new_text, found.new_values)), read(old_text)):
        # "also", "too", "again", "as well": one more value beside the stored one, not a replacement ("the
        # frontend is also deployed to eu-west-1"; "I fed the cat again on Wednesday").
        return _elaboration(frozenset(found.new_values), cosine)
    if found.kind == RESTATEMENT and found.why != SAME_TEXT:
        new, old = reconciled(read(new_text), read(old_text))
        flipped = new.negations % 2 != old.negations % 2  # "... switched off", or the fact said the other way
        settled = old.says_change or old.negations  # the old text already tells a change or an absence
        marks = new.marks - old.marks - STATE_WORDS
        opposed = opposite_words(new, old)  # "... live on Steam" / "We pulled the ... demo off Steam"
        if flipped != bool(opposed):  # both: the opposite word negated, the same polarity
            # The same facts otherwise, told the other way: the new text contradicts the memory ("Slack alerts
            # for pipeline failures have been switched off" after "The pipeline sends Slack alerts when it fails").
            return Revision(CONTRADICTION, flip_why(old, new, None if flipped else opposed))
        if flipped or opposed or (marks and new.says_change and not settled):  # marks: as tells_change, less states
            # Never fold a text that says a change into the memory it may change: the change would be lost in
            # the old memory's history. Kept beside it, linked.
            return Revision(ELABORATION, KEPT_BESIDE)
    if found.kind == DISTINCT and cosine >= TOLD_AGAIN_COSINE and negated_in_its_words(new_text, old_text):
        return Revision(CONTRADICTION, flip_why(read(old_text), read(new_text), None))
    if found.replaces and cosine < UNRELATED_COSINE:
        # A word the two share by chance ("books" / "the car we booked"), in a store small enough that its
        # memories about other things are the nearest: never retire a memory for it.
        return Revision(DISTINCT, ELSEWHERE)
    return found


def _unplaced(found: Revision, old_text: str) -> bool:
    """Found no relation, or taken for another thing of its kind by the words around the values: the same
    specific values told anew may still be one fact (:func:`~tiermem.write.again.told_again`, which keeps the
    same sentence with a word swapped apart). A word swapped where the subject is named counts only after a
    note's bare label, its name kept ("- Quarry install: `npm ci`" / "Quarry deps → `npm ci`"), not in a
    sentence's opening ("Ollie's phone contract is £18 a month" / "My phone contract is £18 a month")."""
    if found.kind != DISTINCT:
        return False
    if found.why.startswith(ANOTHER_SUBJECT):
        old = read(old_text)
        at = slot_at(old, (found.old_values[0], found.new_values[0], False))
        return at > 0 and label_before(old, at)
    return found.why.startswith((ELSEWHERE, SAME_KIND))


def _clause_of(text: str, values: tuple[str, ...]) -> str:
    """The one clause of ``text`` that holds every value of ``values`` (the text when none or several do): an
    "also" or "another" there adds the value; in a clause of context it does not ("The publisher wants another
    round of polish, so the Steam launch is now April 2")."""
    wanted = [v.lower() for v in values]
    holding = [c for c in clauses(text[:CLAUSE_CHARS]) if all(v in c.lower() for v in wanted)]
    return holding[0] if len(holding) == 1 else text


def _relate(new_text: str, old_text: str, cosine: float, same_type: bool, threshold: float) -> Revision:
    new, old = read(new_text), read(old_text)
    if new.normal == old.normal:
        return Revision(RESTATEMENT, SAME_TEXT)
    new, old = reconciled(new, old)
    times, their_times = relative_times(new), relative_times(old)
    if times and their_times and times != their_times and not tells_change(new, old):
        # "The budget this year is $4M" / "The budget next year is $5M": two times, a fact of each.
        return Revision(DISTINCT, f"about another time ({', '.join(sorted(times))})")
    if (new.says_change or new.negations % 2 != old.negations % 2) and (when := told_when(new) - old.content):
        new = replace(new, content=new.content - when)  # "Sara gave up meat last year": when, not what
    if new.content.isdisjoint(old.content) and new.values.isdisjoint(old.values) and cosine < threshold:
        return Revision(DISTINCT, ELSEWHERE)  # most neighbours of a new memory: decided cheaply
    shared = new.content & old.content
    only_new, only_old = new.content - old.content, old.content - new.content
    union = len(shared) + len(only_new) + len(only_old)
    share = len(shared) / union if union else 0.0
    same_subject = _same_subject(new.content, old.content, cosine) and not topic_only(new, old, shared)
    # A replaced slot leaves a frame that says what the fact is about: at least two shared words of content.
    slot = replaced_slot(new, old) if len(shared) + len(new.values & old.values) >= 2 else None
    if slot and acts_apart(slot):  # "... is running Debian 12" / "... is on a UPS": two things said of it
        return Revision(DISTINCT, ELSEWHERE)
    flipped = (new.negations % 2) != (old.negations % 2) or negated_within(new_text, new, old)
    opposed = None if flipped else opposite_words(new, old)
    if opposed and not (same_subject or slot):
        mapped = opposed_frame(new, old, opposed)
        same_subject = mapped is not None and _same_subject(mapped, old.content, cosine)
    # The rest kept: the old text's values too ("Olu mentioned Velsefvel on a call; nothing to do yet" flips
    # nothing of "Our contact at Velseflum prefers calls after 8 pm").
    in_place = flipped and old.values <= new.values and _in_place(shared, only_new, only_old, cosine)
    other_values = values_apart(new, old)
    apart = other_values or (flipped and negated_apart(new_text, old_text, new, old))  # a negation of another clause
    if flipped and not same_subject and (clause := negated_clause(new_text, new, old)) is not None:
        same_subject = _same_subject(clause, old.content, cosine)  # the clause the negation is said in
    if (flipped or opposed) and (same_subject or slot or in_place) and not apart:
        return Revision(CONTRADICTION, flip_why(old, new, opposed))
    if (new.values != old.values or slot) and occurrences(new, old):
        return Revision(DISTINCT, "another occurrence of an event")
    if new.values != old.values:
        found = _value_change(
            new,
            old,
            _announced(new, old, cosine)
            or (same_subject and not (only_new and only_old) and not qualified(new, old))
            or _values_kept(new, old),
            slot,
            cosine,
        )
        if found.kind != DISTINCT or clause_breaks(old_text.strip()):
            return found
        focus = focus_of(new_text, old) or reported(new_text)
        inner = _relate(focus, old_text, cosine, same_type, threshold) if focus else found
        return inner if inner.kind == UPDATE else found
    if not only_new and not only_old:
        return Revision(RESTATEMENT, "the same facts in other words")
    if only_new and only_old and len(shared) >= 2 and (moved := _changed_to(new, old, only_new, only_old)):
        return moved
    # One text inside the other is the same subject only when the smaller says something: two words of
    # content or values ("the outage itself" is not "the cause of the outage" said shorter).
    said = len(shared) + len(new.values) >= 2
    if not only_old:
        low = REWORDED_COSINE if new.event == old.event else PARAPHRASE_COSINE
        if said and cosine >= low and not _kept_in_order(old, new) and _few_more(new, old, only_new):
            # A word or two more, the sentence built anew: the same fact told another way ("the rotation has 4
            # engineers" / "4 engineers share the rotation"). Detail is added to a sentence kept as it was
            # ("the user is severely allergic to peanuts").
            return Revision(RESTATEMENT, f"the same facts told another way (similarity {cosine:.2f})")
        return _elaboration(only_new, cosine) if said else Revision(DISTINCT, ELSEWHERE)
    if not only_new and not slot:  # a word put in another's place says something else, not less (see below)
        if cosine < ELABORATION_COSINE or not said:
            return Revision(DISTINCT, ELSEWHERE)
        return Revision(RESTATEMENT, "says less than the stored memory, nothing new")
    if slot and (slot[2] or tells_change(new, old)) and (placed_slot(old, slot) or _attribute(new, old, slot)):
        return _slot_update(new, old, slot)
    if slot and not verb_swap(slot):  # a word swapped in the subject or before a noun: "the staging server" /
        return Revision(DISTINCT, f"{ANOTHER_SUBJECT} ('{slot[1]}', not '{slot[0]}')", (slot[0],), (slot[1],))
    if same_values(new, old, cosine):
        return Revision(RESTATEMENT, f"the same {', '.join(sorted(new.shown[v] for v in new.values))} in other words")
    if same_type and cosine >= threshold:  # the type's own similarity tier, as configured, comes first
        return Revision(RESTATEMENT, f"the same facts in other words (similarity {cosine:.2f})")
    if substituted(new, old):
        # The same sentence with other words in its places ("wet food in the morning" / "dry food in the
        # evening"; "my mother takes her pill at 8 am" / "my father ..."): the same kind of fact about
        # something else. A restatement in other words is built anew.
        return Revision(DISTINCT, SAME_KIND)
    # The values both hold are part of what they share ("My car is a Honda Civic" / "I drive a Honda Civic").
    held = len(new.values)
    if held and cosine >= VALUE_PARAPHRASE_COSINE and (len(shared) + held) / (union + held) >= CHANGE_SUBJECT:
        return Revision(RESTATEMENT, f"the same values in other words (similarity {cosine:.2f})")
    told = tells_change(new, old) or flipped
    few = len(only_new | only_old) if new.event == old.event else None
    return _reworded(new_text, old_text, cosine, share, same_type, few=few, told=told)


def _few_more(new: Statement, old: Statement, only_new: frozenset[str]) -> bool:
    """One word of content more; or two, when no run of the old sentence is swapped for them (a name of parts
    joined by hyphens, "the deploy-staging pipeline" / "the release-candidate pipeline") and neither is a word
    of the old text under a negating prefix ("the car is insured" / "the car insurance lapsed, the car is
    uninsured")."""
    if len(only_new) == 1:
        return True
    return len(only_new) == 2 and swaps(new, old) == 0 and not negated_by_prefix(new, old)


def _in_place(shared: frozenset[str], only_new: frozenset[str], only_old: frozenset[str], cosine: float) -> bool:
    """A polarity flipped where one word of the old text stood, the rest of it kept: the verb of ending in
    place of the old verb ("I shut the drip irrigation system off for the winter" / "The drip irrigation
    system is running"; "I cut dairy out of my diet" / "I eat dairy")."""
    return bool(shared) and len(only_old) == 1 and len(only_new) <= 2 and cosine >= ELABORATION_COSINE


def _same_subject(new: frozenset[str], old: frozenset[str], cosine: float) -> bool:
    """Whether two texts' content words are about one subject: most of them shared, or one side holding the
    other's, when that is not a word or two of a longer, different text ("meeting" inside "meeting notes: the
    budget was approved")."""
    shared = len(new & old)
    union = len(new | old)
    share = shared / union if union else 0.0
    contains = shared > 0 and (new <= old or old <= new)
    return share >= SUBJECT_SHARE or (contains and (share >= PARAPHRASE_SUBJECT or cosine >= ELABORATION_COSINE))


def _changed_to(new: Statement, old: Statement, only_new: frozenset[str], only_old: frozenset[str]) -> Revision | None:
    """A change said with its new value after "to" or "into", and the old text's own words right after its copula:
    the value in words no capital or digit marks ("The repo's default branch is master" / "we renamed the
    default branch of the repo to main"; "The editor is vim" / "I switched the editor to helix")."""
    if not tells_change(new, old):
        return None
    words = new.words
    marked = next((i for i, w in enumerate(words) if w in CHANGE_WORDS), None)
    into = (
        next((i for i in range(marked + 1, len(words)) if words[i] in _TARGETS), None) if marked is not None else None
    )
    if into is None:
        return None
    run = itertools.dropwhile(lambda w: w in DETERMINERS, words[into + 1 :])
    target = list(itertools.takewhile(lambda w: w not in _WHEN_SAID and stem(w) in only_new, run))[: MAX_SLOT + 1]
    if not target or len(target) > MAX_SLOT:
        return None
    copula = next((i for i, w in enumerate(old.words) if w in COPULAS and w != "as"), None)
    was = [w for w in old.words if stem(w) in only_old]
    if copula is None or not was or len(was) > MAX_SLOT or old.words.index(was[0]) <= copula:
        return None
    between = old.words[copula + 1 : old.words.index(was[0])]
    if not all(w in IGNORED or read(w).event for w in between):  # "is master", "are kept in the drive"; not
        return None  # "are useful for the meeting"
    return Revision(UPDATE, f"'{' '.join(was)}' became '{' '.join(target)}'", (" ".join(was),), (" ".join(target),))


_TARGETS = frozenset({"to", "into"})
_WHEN_SAID = frozenset({"yesterday", "tomorrow", "tonight", "last", "next"})  # "... to main yesterday"


_ARTICLES = frozenset({"the", "a", "an"})
_DIMENSIONS = frozenset({"long", "old", "wide", "tall", "high", "deep", "thick", "away"})  # "two weeks long": a measure


def _modifies(new: Statement, old: Statement, slot: tuple[str, str, bool]) -> bool:
    """Whether the replaced run stands before a word of content both texts have, unless the text says it is a
    change: it says which thing is meant ("3 replicas of the auth service" / "... the search service"; "the
    CLI supports JSON output" / "... YAML output"), not a new value of one thing."""
    if tells_change(new, old):
        return False
    after = old.words.index(slot[0].split()[-1]) + 1 if slot[0] else len(old.words)
    following = old.words[after] if after < len(old.words) else ""
    return following not in _DIMENSIONS and stem(following) in (old.content & new.content)


def _attribute(new: Statement, old: Statement, slot: tuple[str, str, bool]) -> bool:
    """Whether a replaced word, not one naming which thing is meant (:func:`_modifies`), is what the sentence
    says its subject *is* (a copula before it: "the editor is vim" -> "... is emacs"). After another verb it
    is one of many ("Carlos is allergic to peanuts" / "... to shellfish"; "we bought a new sofa" / "... a new
    rug")."""
    if _modifies(new, old, slot) or _done_when(new, old, slot):
        return False
    before = [w for w in old.words[: slot_at(old, slot)] if w not in DETERMINERS]
    return bool(before) and before[-1] in COPULAS


def _done_when(new: Statement, old: Statement, slot: tuple[str, str, bool]) -> bool:
    """Whether the replaced words are one past participle for another, the values both keep said of each: two
    things done, at one time or place ("New episodes are released on Tuesdays" / "... recorded on Tuesdays"),
    not the state a thing is in."""
    was, now = slot[0].split(), slot[1].split()
    participles = len(was) == len(now) == 1 and all(map(past_form, (*was, *now)))
    return participles and bool(new.values) and new.values == old.values


def _announced(new: Statement, old: Statement, cosine: float) -> bool:
    """The new text says a change ("moved to", "now", a re- verb such as "repainted"), and the two texts
    share enough of their subject, counting the values they have in common ("CI moved to Python 3.11" /
    "the CI pipeline uses Python 3.10")."""
    again = redone(new, old)
    if not (again or tells_change(new, old)):
        return False
    if swaps(new, old, unmarked=True, lead_in=False) >= 2:  # two places swapped: another fact of its kind
        return False
    if left_out(new, old):
        return False
    if other_opening(new, old):
        return False
    if _swapped_alike(new, old, cosine):
        return True
    content = {w[2:] if w in again else w for w in new.content}
    if len(content ^ old.content) > MAX_REWORDED:  # more than a rewording: is what it tells still the subject?
        return told_around(content, new, old)
    common = (content & old.content) - new.spanned - old.spanned  # a word of a changed command is no subject
    if not common - openers(new, old):  # a name in common is not a subject in common
        return False
    shared = len(common) + len(new.values & old.values)
    union = len(content | old.content) + len(new.values & old.values)  # the changed values are the change
    return shared > 0 and shared / union >= CHANGE_SUBJECT


def _values_kept(new: Statement, old: Statement) -> bool:
    """A change said, one value replaced by one of its kind, every other value of the old text kept and a word
    of content in common: what the fact is about, however much is told around it ("His old partner switched to
    the early shift, so Leo has been roping up with Jonah on Thursdays instead" / "Leo's regular belay partner
    on Thursdays is Marta"; "The new batch of vests arrived and they're yellow, so that's what everyone wears
    from today" / "Volunteers at the food bank wear orange vests"). Without a name kept, the word in common
    is one of the subject (not a name opening a sentence, a time said, or the unit of a length of time), and
    the two are not one sentence with words swapped nor open on other things: another thing of its kind ("The
    staging cache now listens on port 6380" / "The staging database listens on port 5433"). A day or a time
    said as when the change holds is no second value ("from Monday the morning visit will be at 9:15 am"), nor a
    name told beside the quantity replaced (:func:`~tiermem.write.subject.one_quantity`: "Our mooring is berth 6
    at the Eastgate marina" / "... we're on berth 11 now")."""
    new = without_when(new, old)
    kept, removed, added = old.values & new.values, old.values - new.values, new.values - old.values
    if not removed or not added or not tells_change(new, old):
        return False
    added = standing_in(new, added, old, removed)
    if not any(map(is_name, kept)):
        # Both opening on one word, that is whom or what both are about ("the user"): a word beyond it is shared.
        anchor = in_common(new, old) - openers(new, old) - told_when(new) - DURATION_UNITS
        anchor -= opening(new) & opening(old)
        if not anchor or other_opening(new, old) or substituted(new, old) or swaps(new, old, unmarked=True) >= 2:
            return False
    # A word of the subject in common too: names and dates alone are shared by other facts ("Our hotel in
    # Lisbon is now booked from March 21" is no new date of "Our flight to Lisbon leaves on March 14").
    if not in_common(new, old):
        return False
    if value_runs(old, removed) != 1 or value_runs(new, added) != 1:
        return one_quantity(old, removed, new, added)
    return {kind_of(old, v) for v in removed} == {kind_of(new, v) for v in added}


def _swapped_alike(new: Statement, old: Statement, cosine: float) -> bool:
    """One value replaced by one of the same kind (a percentage by a percentage, a date by a date), with a
    word or a value of the subject in common: with a change said, that is the change, however the rest is
    worded ("I put 6% of each paycheck into my 401(k)" / "Actually my 401(k) contribution is 8%")."""
    removed, added = old.values - new.values, new.values - old.values
    if not removed or not added or value_runs(old, removed) != 1 or value_runs(new, added) != 1:
        return False
    if max(len(new.content - old.content), len(old.content - new.content)) > MAX_REWORDED:
        return False  # told another way, but not about other things as well
    # What the two are about in common: an amount, a code or an address, two words, or one word and a close
    # meaning. A name alone is not: everything said about Sam has "Sam" in it.
    shared = subject_words(new, old)
    specific = any(VALUE_CHARACTER.search(v) for v in new.values & old.values)
    kinds = {kind_of(old, v) for v in removed}
    # A code or a name says no slot of its own, as a percentage or a day does: one word in common and a close
    # meaning are every note about one project ("tern releases are cut from `main`" / "Linting on tern goes
    # through `staticcheck ./...` now").
    close = shared == 1 and cosine >= ANCHOR_COSINE and not kinds <= _BROAD_KINDS
    return (specific or shared >= 2 or close) and kinds == {kind_of(new, v) for v in added}


def _value_change(
    new: Statement, old: Statement, same_subject: bool, slot: tuple[str, str, bool] | None, cosine: float
) -> Revision:
    if not same_subject:
        if slot and labelled_apart(new, old, slot):
            return Revision(DISTINCT, "another thing of the subject, with a value of its own")
        if slot and (slot[2] or tells_change(new, old)) and not _modifies(new, old, slot):
            return _slot_update(new, old, slot)
        return Revision(DISTINCT, ELSEWHERE)
    new = without_when(new, old)
    if old.values < new.values and old.content <= new.content:
        return _elaboration(frozenset(new.shown[v] for v in new.values - old.values), cosine)
    if new.values < old.values:  # fewer details; with words in their place, a value said another way
        # "... are navy blue" -> "... are coral"; not another thing of a note's subject with no value said
        if slot and slot[2] and new.content - old.content and not labelled_apart(new, old, slot):
            return _slot_update(new, old, slot)
        if cosine >= ELABORATION_COSINE and (new.content <= old.content or cosine >= VALUE_PARAPHRASE_COSINE):
            return Revision(RESTATEMENT, "says less than the stored memory, nothing new")
        return _stretch_update(new, old)
    removed, added = old.values - new.values, standing_in(new, new.values - old.values, old, old.values - new.values)
    if len(removed) == len(added) == 1 and set(next(iter(removed)).split()) < set(next(iter(added)).split()):
        # The same name, longer: more detail about the same value ("Solarized" / "Solarized Dark").
        return _elaboration(frozenset(new.shown[v] for v in added), cosine)
    swapped = replaced(old, removed, new, added) or removed
    if max(value_runs(old, swapped), value_runs(new, added)) > 1 and not (
        (tells_change(new, old) and one_quantity(old, removed, new, added)) or stretch(new, old, swapped, added)
    ):
        # An update changes one value (one run of adjacent value words: "March 21" -> "April 2"); a sentence
        # with several of its values replaced is the same kind of fact about something else ("the access code
        # for the Kazotan unit is 4417" / "... the Velmir unit is 1234"; "Alice reviewed auth.py" / "Bob
        # reviewed db.py"), even when it says "change" ("On Sunday Ines and Ivan met in Zurich, and the change
        # shipped" / "On Tuesday Fatima and Sofia met in Taipei").
        return Revision(DISTINCT, SAME_KIND)
    if (
        all(opens(new, v) and names_a_thing(new, v) for v in added)
        and not _announced(new, old, cosine)
        and not identity(new)
    ):
        # A changed name opens the sentence, where English puts what it is about: another subject ("the
        # nightly GitHub run failed 60 times" / "the nightly Kotlin run ..."), not a new value of this one.
        # A quantity there is what is said ("I put 6% of each paycheck..." / "... 8% ...").
        return Revision(DISTINCT, SAME_KIND)
    if another_kind(old, removed, swapped, new, added):
        # "The shop charges $7.25 for standard shipping" / "The shop ships to Canada": an amount and a place
        # are no two values of one slot, whatever the words in common.
        return Revision(DISTINCT, "another kind of value: the same kind of fact about something else")
    why, was, now = _values_why(old, new)
    return Revision(UPDATE, why, was, now)


def _slot_update(new: Statement, old: Statement, slot: tuple[str, str, bool]) -> Revision:
    """The words in the replaced slot, as written: a code span shown with its backticks, not as read."""
    was, now = (
        " ".join(st.shown.get(w, w) if w[:1] == "_" else w for w in words.split())
        for st, words in ((old, slot[0]), (new, slot[1]))
    )
    return Revision(UPDATE, f"'{was}' became '{now}'", (was,), (now,))


def _stretch_update(new: Statement, old: Statement) -> Revision:
    """A text that names the thing the stored one names with a value in other words, in one stretch that ends
    both (:func:`~tiermem.write.frames.stretch`, no word but an article in common: "... leaves from Halford's
    Bakery" / "... leaves from the station clock tower"), not a note's label: the place replaced. Read so for
    two texts of one subject only: where the subject was not the same, held out gained 6 changes and lost 4
    near misses ("We buy the bakery's flour from Shipton Mill" / "... butter from Yeo Valley")."""
    found = stretch(new, old, old.values - new.values, new.values - old.values, shared=_ARTICLES)
    if found is None or labelled_apart(new, old, found):
        return Revision(DISTINCT, ELSEWHERE)
    return _slot_update(new, old, found)


def _elaboration(added: frozenset[str], cosine: float) -> Revision:
    if cosine < ELABORATION_COSINE:
        return Revision(DISTINCT, ELSEWHERE)
    return Revision(ELABORATION, f"adds {', '.join(sorted(added)[:5])}")


def _reworded(
    new_text: str, old_text: str, cosine: float, share: float, same_type: bool, *, few: int | None, told: bool
) -> Revision:
    """Same values, some content words (``few`` of them) swapped for others: the same fact told another way,
    or two facts that look alike. Words swapped in a text that says a change or flips the negation ("My
    brother avoids gluten now" after "My brother eats gluten") are the change, never the fact told again.
    Only a few words swapped ("favourite" / "likes best") is a restatement at a lower similarity than a
    sentence with more of its own: long sentences of one template ("The user likes tech debt to be discussed
    in short written notes, after ...") share half their words and are close in meaning about other things;
    so are a standing fact and a thing that happened once ("The team lunch spot is the taco place" / "The team
    offsite lunch was at the taco place"), whose ``few`` is None."""
    if same_type and jaccard(word_set(new_text), word_set(old_text)) > JACCARD_THRESHOLD:
        return Revision(RESTATEMENT, "nearly the same words")
    close = cosine >= PARAPHRASE_COSINE or (cosine >= REWORDED_COSINE and few is not None and few <= MAX_REWORDED)
    if close and share >= PARAPHRASE_SUBJECT and not told:
        return Revision(RESTATEMENT, f"the same facts in other words (similarity {cosine:.2f})")
    return Revision(DISTINCT, ELSEWHERE)
