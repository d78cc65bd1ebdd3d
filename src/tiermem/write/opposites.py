"""Opposites between two statements: an antonym or a negating prefix, the polarity a contradiction flips besides
a negation ("enabled" / "disabled", "locked" / "unlocked"); the words themselves are in write/antonyms.py."""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise

from ..recall.query import stem
from .antonyms import OPPOSITES
from .statement import DETERMINERS, Statement


def opposite_words(new: Statement, old: Statement) -> tuple[str, str] | None:
    """An antonym pair between the words only one of the texts has: (old word, new word). All words count
    here, function words included ("on" / "off", "before" / "after")."""
    mine = new.opposable - old.opposable  # an antonym has an antonym: only these words can be one
    for a in sorted(old.opposable - new.opposable):
        if (found := OPPOSITES[a] & mine) and not _other_objects(old, a, new, min(found)):
            return a, min(found)
    if not (old.prefixed or new.prefixed):  # most texts have no word under a negating prefix
        return None
    new_stems, old_stems = _stems(new), _stems(old)
    mine, theirs = new_stems - old_stems, old_stems - new_stems
    for word, unprefixed in old.prefixed:  # the prefix comes off the word as written: "dislikes" -> "likes"
        if found := unprefixed & mine:  # -> "like"
            return word, min(found)
    for word, unprefixed in new.prefixed:
        if found := unprefixed & theirs:
            return min(found), word
    return None


def _other_objects(old: Statement, was: str, new: Statement, now: str) -> bool:
    """Whether "on" (or "off") governs a thing the other text's "off" (or "on") does not: "the café on Mercer
    Street" is a place, which "we drop off 18 loaves" does not undo; "on the rota" / "off the rota" and "is
    on" / "is off now" are opposites."""
    if {was, now} != _ON_OFF:
        return False
    governed = _governed(old, was)
    return bool(governed) and governed != _governed(new, now)


def _governed(statement: Statement, word: str) -> str:
    """The word after ``word`` when it opens what a preposition governs (a determiner, a number, a name)."""
    words = statement.words
    at = words.index(word) + 1 if word in words else len(words)
    if at >= len(words):
        return ""
    following = words[at]
    opens = (
        following in DETERMINERS or following[0].isdigit() or any(statement.at.get(v) == at for v in statement.values)
    )
    return following if opens else ""


_ON_OFF = frozenset({"on", "off"})


def negated_by_prefix(new: Statement, old: Statement) -> bool:
    """Whether a word only ``new`` has is a word of ``old`` under a negating prefix, whatever else the two share
    ("uninsured" beside "insured", where "insurance" in the new text keeps :func:`opposite_words` from seeing
    it)."""
    if not new.prefixed:
        return False
    old_stems, old_words = _stems(old), old.vocabulary
    return any(unprefixed & old_stems for word, unprefixed in new.prefixed if word not in old_words)


def _stems(statement: Statement) -> frozenset[str]:
    return _stems_of(statement.words)


@lru_cache(maxsize=16384)
def _stems_of(words: tuple[str, ...]) -> frozenset[str]:
    """Cached: a new text is compared with several neighbours, and a stored one with many new texts."""
    return frozenset(map(stem, words))


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


def flip_why(old: Statement, new: Statement, opposed: tuple[str, str] | None) -> str:
    """What a contradiction flipped, in words: the negation, or the opposite words as the texts write them."""
    if opposed is None:
        return "the negation is flipped"
    return f"'{as_written(old, opposed[0])}' became '{as_written(new, opposed[1])}'"
