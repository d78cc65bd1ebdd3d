"""The words and phrases that mark a change in a text ("now", "moved", "these days", "from June", "it'll be"):
closed-class English, chosen for the language and not for any data set. :func:`change_marks` finds them in a
text's words; tiermem.write.statement reads them into each statement."""

from __future__ import annotations

from itertools import pairwise

from ..temporal import MONTHS, WEEKDAYS


def split_words(words: str) -> tuple[str, ...]:
    return tuple(words.split())


# Words that mark a change without being part of what the fact is about ("now", "instead", "moved to").
CHANGE_WORDS = frozenset(
    split_words(
        "now anymore currently changed switched switch moved updated update rescheduled replaced "
        "became become becomes new newly longer today actually correction corrected pushed upgraded downgraded "
        "raised lowered grew increased decreased reduced bumped extended shortened postponed delayed nowadays "
        "lately recently mistake mistaken wrong misremembered relocated migrated renamed reassigned swapped "
        "shifted adjusted revised rewrote rewritten modified altered amended dropped upgrade downgrade migration"
    )
    # the same verbs as they tell a change under way or a plan ("I'm switching the gels to 2% agarose")
    + split_words(
        "changing switching moving updating upgrading downgrading raising lowering increasing decreasing "
        "reducing extending shortening postponing delaying replacing swapping shifting adjusting"
    )
)

# Change words that also describe a state ("a new branch", "lines longer than 88", "the flag is switched on",
# "the standup will be at 10").
STATE_WORDS = frozenset(["new", "newly", "longer", "switch", "switched", "today", "currently", "will"])

# Phrases that say a change in words that do not on their own ("took over as lead", "these days").
CHANGE_PHRASES = tuple(
    f" {p} "
    for p in (
        "these days",
        "took over",
        "taking over",
        "takes over",
        "turns out",
        "turned out",
        "handed over",
        "went with",
        "from now on",
        "going forward",
        "went up",
        "went down",
        "gone up",
        "gone down",
        "going up",
        "going down",
        "goes up",
        "goes down",
        "over to",
        "starting next",
        "starting this",
        "starting from",
        "as of",
        "from next",
        "at this point",
        "for the time being",
    )
)

_PHRASE_WORDS = frozenset(w for p in CHANGE_PHRASES for w in p.split()[-1:]) | {"instead"}

# The future: a fact as it will be from now ("rent will be £895", "it'll be Priya locking up").
WILL = frozenset(split_words("will i'll you'll he'll she'll it'll we'll they'll that'll there'll"))


def change_marks(words: tuple[str, ...], vocabulary: frozenset[str] | None = None) -> frozenset[str]:
    """The words and phrases of a text that mark a change: a change word, a change phrase, "instead" not
    followed by "of" ("the board will meet in Chicago instead", not "by chat instead of email"), or a "since"
    of time (see :data:`_SINCE_WORDS`)."""
    vocabulary = frozenset(words) if vocabulary is None else vocabulary
    marks = set(vocabulary & CHANGE_WORDS)
    if not _PHRASE_WORDS.isdisjoint(vocabulary):
        said = f" {' '.join(words)} "
        marks.update(phrase.strip() for phrase in CHANGE_PHRASES if phrase in said)
    if "instead" in vocabulary and any(w == "instead" and n != "of" for w, n in pairwise((*words, ""))):
        marks.add("instead")
    if "since" in vocabulary and any(
        w == "since" and (i == 0 or len(words) - i <= _SINCE_WORDS) for i, w in enumerate(words)
    ):
        marks.add("since")
    if not _FROM.isdisjoint(vocabulary):
        marks.update(_from_when(words))
    if not WILL.isdisjoint(vocabulary):
        marks.add("will")  # what a fact will be from now: "rent for flat 2 will be £895", "it'll be Priya locking up"
    if not _SHIFTING.isdisjoint(vocabulary):
        marks.update(_shifted(words))
    return frozenset(marks)


# A verb that moves a quantity or a date, then its particle and "to" with the new value, the object between or
# not: "put their fee for preparing my return up to £420", "brought the booster forward to 3 March", "knocked it
# down to £27.50", "cut the retention down to 7 days"). Without the verb "up to" is a limit ("holds up to 80
# people").
_SHIFTING = frozenset(
    split_words("put brought pushed moved bumped knocked turned nudged cranked dialled dialed scaled cut cutting")
    + split_words("hiked upped upping slashed trimmed")
)
_PARTICLES = frozenset(split_words("up down forward forwards back"))
_SHIFT_GAP = 7  # words between the verb and its particle: "put their fee for preparing my return up"
_DATED = frozenset(WEEKDAYS) | frozenset(MONTHS)


def _shifted(words: tuple[str, ...]) -> list[str]:
    """The particles of :data:`_SHIFTING` verbs followed by "to" and an amount or a date, as change marks."""
    return [
        f"{word} to"
        for i, word in enumerate(words[:-2])
        if word in _PARTICLES
        and words[i + 1] == "to"
        and (words[i + 2][:1].isdigit() or words[i + 2][:1] in "$€£" or words[i + 2] in _DATED)
        and not _SHIFTING.isdisjoint(words[max(0, i - _SHIFT_GAP) : i])
    ]


# "from June", "starting Monday", "effective 1 March": the day a new state of things begins; "from Monday to
# Friday" is a span, not a change.
_FROM = frozenset({"from", "starting", "effective"})
_DAYS = frozenset(WEEKDAYS) | frozenset(MONTHS) | {"tomorrow", "today", "tonight"}
_SPAN = frozenset({"to", "through", "till", "until", "-", "and"})


def _from_when(words: tuple[str, ...]) -> list[str]:
    found = []
    for i, word in enumerate(words[:-1]):
        if word not in _FROM:
            continue
        at = i + 1 + (words[i + 1].isdigit() and i + 2 < len(words))  # "from 1 March"
        if words[at] in _DAYS and not _SPAN.intersection(words[at + 1 : at + 3]):
            found.append(f"{word} {words[at]}")
    return found


# "since" tells from when a fact holds when it opens the text or a few words close it ("Since the migration the
# export writes to ...", "... capped at 50 MB since the storage change", "... since v3"); a longer clause after
# it gives a reason ("..., since the identity team owns that part").
_SINCE_WORDS = 4
