"""Word-order tests of two sentences, for the revision rules: cheap bounds that spare most pairs difflib."""

from __future__ import annotations

from .statement import IGNORED, Statement

MAX_SLOT = 3  # a replaced slot is at most this many words on each side


def _one_run_differs(old: tuple[str, ...], new: tuple[str, ...]) -> bool:
    """Whether, past their common start and end, each sequence has at most MAX_SLOT words left and no word
    left in one is left in the other: necessary for difflib to see one short replaced run (a run it
    replaces has no word in common with its replacement, or it would have matched that word), and far
    cheaper, so difflib runs only on the few pairs that pass."""
    shortest = min(len(old), len(new))
    start = 0
    while start < shortest and old[start] == new[start]:
        start += 1
    end = 0
    while end < shortest - start and old[-1 - end] == new[-1 - end]:
        end += 1
    was, now = old[start : len(old) - end], new[start : len(new) - end]
    return 0 < len(was) <= MAX_SLOT and 0 < len(now) <= MAX_SLOT and set(was).isdisjoint(now)


def _kept_bound(old: tuple[str, ...], new: tuple[str, ...]) -> float:
    """An upper bound of difflib's ratio of the two word sequences (its ``quick_ratio``: the words they have
    in common, counted with repeats, whatever their order), without building a matcher: most pairs of
    sentences built apart fall below :data:`FRAME_KEPT` on it, and only the rest are matched in order."""
    left: dict[str, int] = {}
    for word in old:
        left[word] = left.get(word, 0) + 1
    common = 0
    for word in new:
        if left.get(word, 0) > 0:
            left[word] -= 1
            common += 1
    return 2.0 * common / (len(old) + len(new)) if old or new else 1.0


def _kept_in_order(old: Statement, new: Statement) -> bool:
    """Whether the words of ``old`` that say something (function words aside) stand in ``new`` in the same
    order: ``new`` is ``old`` with words added, not the fact told again."""
    remaining = iter([w for w in new.words if w not in IGNORED])
    return all(word in remaining for word in old.words if word not in IGNORED)
