"""Which of two hits that answer a question alike is the current one: the newer stands first when it holds
the same words of the question, a competing value, or says the change (the write path kept both versions)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from ..model import MemoryRecord
from ..write.decisions import MESSAGE
from ..write.statement import read
from ..write.versions import (
    another_of_its_kind,
    competing_value,
    holds_kind,
    may_hold_kind,
    qualifier_swapped,
    read_pair,
    says_change_of,
    share_a_word,
)
from . import scoring
from .candidate import Candidate
from .query import Query

VERSION_TIE = 0.85  # a newer hit this close in score to an older one holding the same query words goes first
VERSION_DEPTH = 5  # ...among the first five hits
VERSION_AHEAD = 5  # ...or among the next five below the returned hits: a newer version takes the last place


def newer_first(
    ranked: list[Candidate],
    query: Query,
    apart: Callable[[str, str], bool] = lambda newer, older: False,
    ahead: Sequence[Candidate] = (),
) -> list[Candidate]:
    """Among hits that answer the question alike, the newer stands first: a later hit that holds the same
    words of the query as an earlier one, scored close to it (within :data:`VERSION_TIE`) and written or
    dated later, moves above it; so does a later hit holding a competing value (:func:`_newer_value`). A
    changed fact the write path did not recognise as a new version ("Nora switched careers and is now a
    lawyer" after "My sister Nora works as a nurse") is then still answered with its current value. Never
    two memories ``apart`` says are different facts (a supersession the user undid). A hit of the next
    :data:`VERSION_AHEAD` below the first five (``ahead``: those below the returned ones) moves up only as the
    newer version of one of them, and one from ``ahead`` then takes the place of the last returned hit (the
    caller keeps its limit): MMR and the limit cut a newer version much like its old one, or scored a little
    under an unrelated hit ("We migrated Tundra's pipelines to Buildkite last week" sixth, under "Atlas runs
    mypy in strict mode as part of CI", for "What CI system does Tundra use?"). Not a chat message: in a
    conversation the turns below are more turns of it (LoCoMo's judged part: R@5 0.632 -> 0.612 with them).
    Otherwise only the order of the returned hits changes. Every rule is about a hit written or dated after
    the one above it, so that is asked first: it reads no text. ``apart`` reads the store, so it is asked last,
    of a hit about to move."""
    below = [*ranked[VERSION_DEPTH:], *ahead][:VERSION_AHEAD]
    head = ranked[:VERSION_DEPTH] + [c for c in below if c.record.source.get("type") != MESSAGE]
    words = [frozenset(query.stems_in(c.record.text)) for c in head]
    when = [_when(c.record) for c in head]
    order = list(range(len(words)))
    by_words: set[int] = set()  # put first for holding the same words of the question alone (_newer_version)
    shown = min(len(ranked), VERSION_DEPTH)  # order[:shown]: the returned hits; after them, the ones from below
    i = 0
    while i < shown:
        top = order[i]
        newer = next(
            (
                j
                for j in order[i + 1 :]
                if when[j] > when[top]
                and (top in by_words or not _keeps_its_place(head[top], words[top], words[j]))
                and (
                    _newer_version(head[j], head[top], words[j], words[top], query)
                    or _by_value(head[j], head[top], words[j], words[top], query)
                )
                and _may_replace(head[j], head[top], query)
                and not apart(head[j].record.id, head[top].record.id)
            ),
            None,
        )
        if newer is None:
            i += 1
            continue
        shown += order.index(newer) >= shown  # a hit from below moved in: the caller's limit drops the last one
        order.remove(newer)
        order.insert(i, newer)
        head[newer].signals["newer_than"] = head[top].record.id
        if not _by_value(head[newer], head[top], words[newer], words[top], query):
            by_words.add(newer)
    moved_in = {id(head[k]) for k in order[:shown]}
    return [head[k] for k in order[:shown]] + [c for c in ranked[VERSION_DEPTH:] if id(c) not in moved_in]


def _keeps_its_place(top: Candidate, top_words: frozenset[str], words: frozenset[str]) -> bool:
    """A hit put first as the newer version of another keeps its place against a later hit that lacks a word of
    the question it holds. In a store that went on after a change, later memories about other sides of the same
    thing look like one more version ("Harbor's API is pinned to Node 18.19, please don't bump it" after "When
    you start Harbor locally the API listens on port 3001", for "What port do I hit for the Harbor API when
    running it locally?"). Held out, with the other memories written after both versions, 35 more changes were
    answered with their current value; with them written before, 3 fewer (an older version first put above an
    unrelated memory then keeps its place too). Not a hit put first for holding the same words of the question
    alone (:func:`_newer_version`), with no value or change of its own: "The band rehearses every Tuesday
    evening" above "Jake is the band's drummer", for "Which night does the band practise?", then kept the
    rehearsal's own change below it (development top-1 +3 changes, held out +4, nothing lost)."""
    return "newer_than" in top.signals and not top_words <= words


def _by_value(
    cand: Candidate, above: Candidate, words: frozenset[str], above_words: frozenset[str], query: Query
) -> bool:
    """The rules that move a later hit up for a value or a change of its own, not for the question's words."""
    return (
        _newer_value(cand, above, words, above_words, query)
        or _told_change(cand, above, words, above_words)
        or _asked_value_changed(cand, above, query)
        or _answer_changed(cand, above, words, above_words, query)
    )


def _may_replace(cand: Candidate, above: Candidate, query: Query) -> bool:
    """Whether a later hit may stand above a known current version of a fact: one the write path recorded as
    such (it replaced another memory), or one already put first as the newer version of another hit. Only as a
    newer version of it: saying a change itself and competing with it on a value, or flipping its polarity. Memories
    written later about other sides of the thing ("I charge VAT on my invoices" after "I moved my invoicing over
    to Xero", which replaced "... QuickBooks") share the question's words as a newer version does. With the
    other memories written after both versions: development top-1 0.864 -> 0.908, held out 0.795 -> 0.845;
    written before, two held-out sets lost 4 changes' current values first."""
    if not _known_current(above):
        return True
    new, old = cand.record.text, above.record.text
    later, earlier = read_pair(new, old)
    if later.negations % 2 != earlier.negations % 2:
        return True
    return later.says_change and competing_value(new, old, query.text)


def _known_current(hit: Candidate) -> bool:
    """Whether a hit is a known current version of a fact: the write path recorded it as one (it replaced
    another memory), or it was already put first as the newer version of another hit."""
    return bool(hit.earlier) or "newer_than" in hit.signals


def _newer_version(
    cand: Candidate, above: Candidate, words: frozenset[str], above_words: frozenset[str], query: Query
) -> bool:
    return (
        bool(words)
        and words == above_words
        and cand.score >= VERSION_TIE * above.score
        and not _lacks_the_asked_value(cand, above, query)
    )


def _lacks_the_asked_value(cand: Candidate, above: Candidate, query: Query) -> bool:
    """Whether the question asks for a kind of value (a date, an amount, a name) that the earlier hit holds and
    the later one does not (the question's own values aside): then the later one is another side of the same
    thing, not a new version of the answer ("The Lantern Drift demo is live on Steam", written after "Lantern
    Drift launches on Steam on April 2", for "When does Lantern Drift come out on Steam?"). The later one is
    read generously (:func:`may_hold_kind`), so that only a text that surely holds no such value is
    held back. Held out, with other memories written after both versions: 31 more changes answered with their
    current value (14 for :func:`_newer_version`, then 17 for :func:`_newer_value`); with them written before,
    1 fewer (a value the reader does not parse: "three quarters of a cup"); look-alikes unchanged."""
    if not query.asks:
        return False
    asked = read(query.text).values
    return holds_kind(above.record.text, query.asks, besides=asked) and not may_hold_kind(
        cand.record.text, query.asks, besides=asked
    )


def _newer_value(
    cand: Candidate, above: Candidate, words: frozenset[str], above_words: frozenset[str], query: Query
) -> bool:
    """A later hit that answers the question with another value of the kind the earlier one holds, told in
    other words (the write path kept both: "The airline rebooked us onto the March 21 departure to Lisbon"
    after "Our flight to Lisbon leaves on March 14"), sharing a word of the question; or, both strong matches
    of it through other words, saying the change ("practice has moved to Thursday evenings" after "The band
    rehearses every Tuesday evening", for "Which night does the band practise?"); or saying the change where
    neither matches the question's words well (:func:`_told_where_words_fail`). See :func:`_strong_enough`."""
    if _lacks_the_asked_value(cand, above, query):
        return False
    unmatched = _told_where_words_fail(cand, above)
    if not (
        unmatched or _strong_enough(cand, above, words, above_words) or _told_beside(cand, above, words, above_words)
    ):
        return False
    if qualifier_swapped(cand.record.text, above.record.text, frozenset(query.stems)):
        return False  # the thing asked about said of another of its kind: "the weekly backup" for "the nightly"
    shared = (
        unmatched
        or bool(words & above_words)
        or (
            min(cand.signals["relevance"], above.signals["relevance"]) >= scoring.HOT_RELEVANCE
            and _says_change(cand, above)
        )
    )
    return shared and competing_value(cand.record.text, above.record.text, query.text)


def _told_where_words_fail(cand: Candidate, above: Candidate) -> bool:
    """Later and saying the change, the earlier hit no strong match of the question either (not HOT): both
    were found by what they mean more than by the question's words, which then cannot tell them apart ("The
    landowner wanted the field back, so I've moved all the hives over to the allotment site" after "We keep
    the hives at Mrs Pengelly's orchard", for "Where are the beehives kept?": neither holds "beehives"). The
    competing value :func:`_newer_value` asks for, and the change said, can, when the two share a word of what
    they are about (:func:`~tiermem.write.versions.share_a_word`: "I moved my payroll over to Xero" stays behind
    "I send my invoices to clients through QuickBooks"). The strong earlier hits are left to the rules that
    weigh the question's words. Not among chat messages, where "now" and "so" are how people talk: a fact's
    change is told in a fact (LongMemEval's judged questions: nDCG@10 0.736 where it applied to messages, 0.740
    without)."""
    return (
        MESSAGE not in (cand.record.source.get("type"), above.record.source.get("type"))
        and above.signals["relevance"] < scoring.HOT_RELEVANCE
        and _says_change(cand, above)
        and share_a_word(cand.record.text, above.record.text)
    )


def _told_change(cand: Candidate, above: Candidate, words: frozenset[str], above_words: frozenset[str]) -> bool:
    """A later hit that says a change ("these days", "now", "instead") and holds every word of the question the
    earlier one holds: the change of a fact whose slot holds no value ("We got tired of tacos, so the team
    lunch spot these days is the ramen bar" after "The team lunch spot is the taco place downtown"). Told in
    other words, it may hold only half of them ("IT migrated the sequencing archive to the seq-cold bucket"
    after "The sequencing data is archived in the lab-seq-archive bucket", for "Where is the sequencing data
    archived?"), unless it is the earlier sentence with two places swapped: another thing of its kind ("The
    staging cache now listens on port 6380" for "What port does the staging database listen on?")."""
    if not (
        _strong_enough(cand, above, words, above_words)
        and above_words
        and _says_change(cand, above)
        and _holds_half(words, above_words)
    ):
        return False
    return above_words <= words or not another_of_its_kind(cand.record.text, above.record.text)


def _asked_value_changed(cand: Candidate, above: Candidate, query: Query) -> bool:
    """A later hit among the first few (it cleared the relevance floor) that says a change and holds another
    value of the kind the question asks for than a strong earlier hit does, whatever words of the question each
    holds and however far below it scores: a change told in other words ("Stepped on the scales after the long
    ride and I'm 72.5 kg now" after "I weighed in at 74 kg this morning", for "How much do I weigh at the
    moment?", holds no word of the question, scores a sixth of the old text and is no fair match, WARM). Without
    the change said it may be another thing of its kind ("the hives on the allotment produced 21 kg"), and a
    swapped qualifier says it is one. A question that names no kind ("What port do I hit for the Harbor API?")
    asks for the value the two compete on, when the later hit holds a word of the question the earlier one
    holds ("harbor's dev server binds 3001 now"; not "My brother moved to Porto" for "Where does my sister
    live?"). Held out, that put the current value first in 9 more changes and one look-alike first more."""
    if above.signals["relevance"] < scoring.HOT_RELEVANCE:
        return False
    new, old = cand.record.text, above.record.text
    return (
        _asked_of_both(cand, above, query)
        and _says_change(cand, above)
        and not qualifier_swapped(new, old, frozenset(query.stems))
        and competing_value(new, old, query.text)
    )


def _answer_changed(
    cand: Candidate, above: Candidate, words: frozenset[str], above_words: frozenset[str], query: Query
) -> bool:
    """For a yes-or-no question, a later strong match that says a change and shares a word of the question with
    an earlier strong one, not itself a known current version (see :func:`_may_replace`): the fact's answer
    changed, told in words of its own ("Since the strimmer went missing we've started padlocking the shed"
    after "We leave the allotment shed unlocked", for "Is our allotment shed left unlocked?"). Not above a known
    current version: with the other memories written after both versions, one about another side of the thing
    jumped it ("The shop ships to the US" above "The shop no longer ships to Canada"), and without this guard
    the held-out top-1 of that order fell by as much as the other order gained (0.002)."""
    return (
        query.yes_no
        and not _known_current(above)
        and min(cand.signals["relevance"], above.signals["relevance"]) >= scoring.HOT_RELEVANCE
        and bool(words & above_words)
        and _says_change(cand, above, states=False)  # "The reading room has a new carpet": no new answer
    )


def _asked_of_both(cand: Candidate, above: Candidate, query: Query) -> bool:
    """Both hold a value of the kind the question asks for; when it names none, the later one holds a word of the
    question the earlier one holds, neither a chat message (see :func:`_told_where_words_fail`)."""
    new, old = cand.record.text, above.record.text
    if query.asks:
        return holds_kind(new, query.asks) and holds_kind(old, query.asks)
    if MESSAGE in (cand.record.source.get("type"), above.record.source.get("type")):
        return False
    return not set(query.stems_in(new)).isdisjoint(query.stems_in(old))


def _told_beside(cand: Candidate, above: Candidate, words: frozenset[str], above_words: frozenset[str]) -> bool:
    """Later, the earlier hit strong, half the words of the question it holds in the later one (as in
    :func:`_told_change`) and the change said: told around its value ("We swapped with the Okafors because ours
    kept flooding, so we're on plot 27b now" after "Our allotment is plot 14", for "Which plot number is our
    allotment?"), however weakly it matches the question. The half is what it costs: "I moved my client
    payments over to Xero" then goes first after "I send my invoices to clients through QuickBooks", for
    "Which tool do I use for invoicing clients?"; asking for the rest in what the earlier text is about
    (before its copula) kept that look-alike behind and lost 6 changes' current values first on the held-out
    sets, where no look-alike went first without it."""
    return (
        above.signals["relevance"] >= scoring.HOT_RELEVANCE
        and bool(words & above_words)
        and _holds_half(words, above_words)
        and _says_change(cand, above)
    )


def _holds_half(words: frozenset[str], above_words: frozenset[str]) -> bool:
    """Whether the later hit holds at least half the words of the question the earlier one holds."""
    return 2 * len(words & above_words) >= len(above_words)


def _strong_enough(cand: Candidate, above: Candidate, words: frozenset[str], above_words: frozenset[str]) -> bool:
    """Both the later hit and the one above it strong matches of the question (HOT); or the earlier
    one strong and the later one, however weak a match, holding every word of the question the earlier one
    holds: a change told with more around it is diluted, and keeps the subject's words ("Since the baby arrived
    I'm up at 5:30 most days" after "I wake up at 7"). Neither a share of the earlier one's score nor a fair
    match (WARM) is asked of the later one: the fused score and the relevance reward the earlier wording (both
    were required once; held out, dropping them put the current value first in more changes and a look-alike
    first in none more)."""
    return min(cand.signals["relevance"], above.signals["relevance"]) >= scoring.HOT_RELEVANCE or (
        above.signals["relevance"] >= scoring.HOT_RELEVANCE and bool(above_words) and above_words <= words
    )


def _says_change(cand: Candidate, above: Candidate, *, states: bool = True) -> bool:
    """Whether the later hit says a change the earlier one does not (:func:`says_change_of`); a verb of a thing
    done ("started", "decided", "left") counts between facts only: in a conversation it is how people tell
    what happened (LongMemEval's judged turns: turn_all@5 0.627 with it left out there, 0.619 with it)."""
    facts = MESSAGE not in (cand.record.source.get("type"), above.record.source.get("type"))
    return says_change_of(cand.record.text, above.record.text, done=facts, states=states)


def _when(record: MemoryRecord) -> datetime:
    return record.event_at or record.created_at
