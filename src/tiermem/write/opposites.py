"""Opposites between two statements: antonyms of general English words and negating prefixes, the polarity a
contradiction flips besides a negation ("enabled" / "disabled", "locked" / "unlocked"). Closed-class English,
chosen for the language and not for any data set."""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise

from ..recall.query import stem
from .statement import Statement, split_words

# Antonyms of general English words (pairs the negating prefixes below do not produce).
_ANTONYMS = split_words(
    "always/never enable/disable on/off true/false yes/no allow/deny allow/forbid allow/block accept/reject "
    "include/exclude increase/decrease open/close open/closed start/stop public/private success/failure "
    "succeed/fail pass/fail love/hate before/after above/below more/less required/optional mandatory/optional "
    "good/bad up/down first/last same/different visible/hidden online/offline permanent/temporary "
    "present/absent win/lose won/lost high/low fast/slow early/late inside/outside maximum/minimum max/min "
    "add/remove join/leave buy/sell internal/external manual/automatic light/dark black/white left/right "
    "import/export encrypt/decrypt allowed/forbidden allowed/denied enabled/disabled increased/decreased "
    "opened/closed started/stopped passed/failed added/removed like/hate better/worse work/broken working/broken "
    "fixed/broken full/empty hot/cold alive/dead busy/free cheap/expensive wet/dry heavy/light single/married "
    "loud/quiet easy/hard easy/difficult happy/sad awake/asleep healthy/sick rich/poor enabled/off disabled/on "
    "indoors/outdoors indoors/outside inside/outdoors allow/ban allowed/banned permitted/banned permit/ban "
    "allow/prohibit allowed/prohibited permitted/forbidden"
)
_OPPOSITE = {(stem(a), stem(b)) for pair in _ANTONYMS for a, b in [pair.split("/")]} | {
    (stem(b), stem(a)) for pair in _ANTONYMS for a, b in [pair.split("/")]
}
_NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non", "non-", "de")
_OPPOSITES = {a: frozenset(b for x, b in _OPPOSITE if x == a) for a, _ in _OPPOSITE}
_HAS_OPPOSITE = frozenset(_OPPOSITES)


def opposite_words(new: Statement, old: Statement) -> tuple[str, str] | None:
    """An antonym pair between the words only one of the texts has: (old word, new word). All words count
    here, function words included ("on" / "off", "before" / "after")."""
    new_stems, old_stems = _stems(new.words), _stems(old.words)
    mine, theirs = new_stems - old_stems, old_stems - new_stems
    for a in theirs & _HAS_OPPOSITE:  # linear in the words: each is looked up, never compared with every other
        if found := _OPPOSITES[a] & mine:
            return a, min(found)
    for word, unprefixed in _prefixed(old.words):  # the prefix comes off the word as written: "dislikes"
        if found := unprefixed & mine:  # -> "likes" -> "like"
            return word, min(found)
    for word, unprefixed in _prefixed(new.words):
        if found := unprefixed & theirs:
            return min(found), word
    return None


def negated_by_prefix(new: Statement, old: Statement) -> bool:
    """Whether a word only ``new`` has is a word of ``old`` under a negating prefix, whatever else the two share
    ("uninsured" beside "insured", where "insurance" in the new text keeps :func:`opposite_words` from seeing
    it)."""
    old_stems, old_words = _stems(old.words), old.vocabulary
    return any(unprefixed & old_stems for word, unprefixed in _prefixed(new.words) if word not in old_words)


# Cached by a text's words (the tuple a statement holds: a cache hit compares it by identity): the texts read
# for a batch are compared with several neighbours each.
@lru_cache(maxsize=32768)
def _stems(words: tuple[str, ...]) -> frozenset[str]:
    return frozenset(map(stem, words))


@lru_cache(maxsize=32768)
def _prefixed(words: tuple[str, ...]) -> tuple[tuple[str, frozenset[str]], ...]:
    """The words of ``words`` with a negating prefix (most have none), each with its stems without it."""
    return tuple((word, unprefixed) for word in sorted(set(words)) if (unprefixed := _unprefixed(word)))


@lru_cache(maxsize=65536)
def _unprefixed(word: str) -> frozenset[str]:
    """The stems of ``word`` without each negating prefix it starts with, where a word of at least 4 letters
    is left (unable: "able", dislikes: "like"); cached: the antonym test asks it of every word of both texts."""
    return frozenset(stem(word[len(p) :]) for p in _NEGATING_PREFIXES if word.startswith(p) and len(word) - len(p) >= 4)


def opposed_frame(new: Statement, old: Statement, opposed: tuple[str, str]) -> frozenset[str] | None:
    """The new text's content with its opposite word taken as the old one's, when the opposite words are what
    changed and the subject is the rest: one side holds all the other's content then ("Two-factor login is
    required for admins" / "... is optional for admins now"; "... is locked at night" / "we leave ...
    unlocked ..."). None when there is a second difference: words of their own on both sides, a word of its
    own beside a word both have, which names a part or another thing of its kind ("the server is public" /
    "the backup server is private"; "dogs are allowed in the park" / "... forbidden in the park
    playground"), or a value the old text has and the new one lacks ("port 8080 is open" / "port 22 is
    closed")."""
    was, now = stem(opposed[0]), stem(opposed[1])
    mapped = new.content - {now} | {was}
    if now not in new.content or not (mapped <= old.content or old.content <= mapped):
        return None
    if not old.values <= new.values:
        return None
    own, shared = mapped ^ old.content, new.content & old.content
    return None if _beside(new, own, shared) or _beside(old, own, shared) else mapped


def _beside(statement: Statement, own: frozenset[str], shared: frozenset[str]) -> bool:
    """Whether a word of ``own`` stands right before or after a word of ``shared`` in the statement's text."""
    stems = [stem(w) for w in statement.words]
    return any((a in own and b in shared) or (a in shared and b in own) for a, b in pairwise(stems))


def as_written(statement: Statement, word: str) -> str:
    """``word`` (a stem or a word) as the statement writes it ("requir": "required")."""
    return next((w for w in statement.words if w == word or stem(w) == word), word)
