"""Words of one root the stemmer leaves apart: a doer or a state named after a verb or a noun ("supervisor" /
"supervising", "smoker" / "smokes", "membership" / "member", "deliveries" / "delivers"). Porter strips "-er" only
from longer words and "-or", "-ship" or "-ery" never, so two texts saying one thing with the verb and with its
noun share no stem there."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from .statement import Statement

# What English adds to a word to name the one who does it, the state of being it or the act ("-ery", stemmed
# "eri": "delivery"); "r" after a final "e" ("smoke" / "smoker"). A root is at least MIN_ROOT letters: "port" /
# "porter" is two words, and so are "batt" / "battery".
_SUFFIXES = ("er", "r", "or", "ship", "ment", "eri")
MIN_ROOT = 5


def same_roots(new: Statement, old: Statement) -> tuple[Statement, Statement]:
    """Both statements with each content stem of one that is the other's stem plus a suffix of
    :data:`_SUFFIXES` written as the other's (the shorter) stem; unchanged when there is none."""
    only_new, only_old = new.content - old.content, old.content - new.content
    if not only_new or not only_old:
        return new, old
    return _rooted(new, only_new, only_old), _rooted(old, only_old, only_new)


def _rooted(statement: Statement, own: frozenset[str], other: frozenset[str]) -> Statement:
    roots = {stem: root for stem in own for root in _roots_of(stem) if root in other}
    if not roots:
        return statement
    return replace(statement, content=frozenset(roots.get(stem, stem) for stem in statement.content))


@lru_cache(maxsize=65536)
def _roots_of(stem: str) -> tuple[str, ...]:
    """The roots ``stem`` may be named after (most stems have none); cached: every comparison asks."""
    return tuple(
        root for suffix in _SUFFIXES if stem.endswith(suffix) and len(root := stem[: -len(suffix)]) >= MIN_ROOT
    )
