"""Word-order tests of two sentences, for the revision rules: the one run of words a text replaces in another
(its slot), and cheap bounds that spare most pairs difflib; and where a text's clauses end."""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import lru_cache
from itertools import pairwise

from ..recall.query import stem
from .marks import CHANGE_WORDS
from .statement import ABBREVIATIONS, COPULAS, IGNORED, Statement

FRAME_KEPT = 0.7  # the share of two texts' words in the same order from which one is the other with words swapped
MAX_STRETCH = 6  # ...and a stretch of words holding several values of one slot ("CVS on 5th Avenue")
MAX_SLOT = 3  # a replaced slot is at most this many words on each side
FRAME_TOKENS = 64  # word-order comparison only for sentence-sized texts (difflib is quadratic in the worst case)
# Who reported a statement ("The pool emailed to say ...", "Delta sent me a letter saying ...") and why it holds
# ("... because of a lane booking"): context around the statement itself, not part of what it is about.
_REPORTED = re.compile(r"\b(?:saying|to say|says|said|told (?:me|us|him|her|them))\s+(?:that\s+)?", re.IGNORECASE)
_REASON = re.compile(r"\b(?:because|due to|thanks to)\b", re.IGNORECASE)
_PLACES = frozenset(
    ["in", "on", "at", "under", "to", "from", "into", "onto", "behind", "beside", "near", "inside", "through"]
)

# Where a clause ends: punctuation before a space, or a dash between spaces (one pass, no backtracking)...
# Words opening a clause of their own after the one a slot is in ("Quill uses pnpm, so don't commit ..."): the
# predicate is the second half of the slot's clause, not of the whole text.
_CLAUSE_OPENERS = frozenset({"so", "because", "but", "although", "though", "unless", "otherwise", "which", "whereas"})
_CLAUSE_BREAK = re.compile(r"[,;:.!?]+\s+|\s+[-–—]+\s+")
_WORD_END = re.compile(r"\w+\Z")


@lru_cache(maxsize=32768)
def clause_breaks(text: str) -> tuple[tuple[int, int], ...]:
    """Where ``text``'s clauses end (start and end of each break): not at the full stop of a title or an
    initial ("coached by Mr. Okafor", "J. R. R. Tolkien"), which a name goes on after."""
    breaks = []
    for found in _CLAUSE_BREAK.finditer(text):
        start = found.start()
        before = _WORD_END.search(text, max(0, start - 8), start) if text[start] == "." else None
        word = before.group() if before else ""
        if word not in ABBREVIATIONS and not (len(word) == 1 and word.isupper()):
            breaks.append(found.span())
    return tuple(breaks)


def clauses(text: str) -> list[str]:
    """``text`` split at its clause breaks, empty pieces left out."""
    pieces, start = [], 0
    for begin, end in clause_breaks(text):
        pieces.append(text[start:begin])
        start = end
    pieces.append(text[start:])
    return [p for p in pieces if p.strip()]


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


def opens_alike(new: Statement, old: Statement) -> bool:
    """Whether the two open on the same three words or more, a word of content among them, and then each says
    things of its own: one frame said of two things ("Dad takes 10 mg of lisinopril in the morning" / "Dad
    takes 10 mg of atorvastatin at night"), not a fact built anew."""
    common = 0
    for word, theirs in zip(new.words, old.words, strict=False):
        if word != theirs:
            break
        common += 1
    if common < 3 or not {stem(w) for w in new.words[:common]} & new.content:
        return False
    return bool(new.content - old.content) and bool(old.content - new.content)


def placed(words: tuple[str, ...], at: int) -> bool:
    """Whether the word at ``at`` follows "the" after a preposition of place or direction ("under the ...",
    "to the ...")."""
    return at >= 2 and words[at - 1] == "the" and words[at - 2] in _PLACES


def replaced_slot(new: Statement, old: Statement) -> tuple[str, str, bool] | None:
    """(old words, new words, in the predicate) when ``new`` is ``old`` with one short run of words replaced,
    in the same order; "in the predicate": the run lies in the second half of the sentence, where English puts
    what is said about the subject ("... is vim" → "... is emacs", not "the staging server ..." → "the build
    server ...", which is another subject)."""
    if max(len(new.words), len(old.words)) > FRAME_TOKENS or abs(len(new.words) - len(old.words)) > MAX_SLOT:
        return None
    if len(new.vocabulary ^ old.vocabulary) > 2 * MAX_SLOT:  # more words differ than one slot can hold
        return None
    if not _one_run_differs(old.words, new.words):
        return None
    ops = [op for op in SequenceMatcher(None, old.words, new.words, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(ops) != 1 or ops[0][0] != "replace":
        return None
    _, i1, i2, j1, j2 = ops[0]
    if i2 - i1 > MAX_SLOT or j2 - j1 > MAX_SLOT:
        return None
    clause_end = next((k for k in range(i2, len(old.words)) if old.words[k] in _CLAUSE_OPENERS), len(old.words))
    return " ".join(old.words[i1:i2]), " ".join(new.words[j1:j2]), 2 * i1 >= clause_end


def slot_at(old: Statement, slot: tuple[str, str, bool]) -> int:
    return old.words.index(slot[0].split()[0]) if slot[0] in " ".join(old.words) else 0


def placed_slot(old: Statement, slot: tuple[str, str, bool]) -> bool:
    """Whether the replaced run names the place or the target of the predicate: after "the" and a preposition of
    place or direction ("I keep the spare key under the doormat" / "... the flower pot"; "the export writes to
    the reporting schema" / "... the analytics schema"). One thing has one place; "of" says which thing is
    meant ("3 replicas of the auth service" / "... the search service")."""
    return slot[2] and placed(old.words, slot_at(old, slot))


def verb_swap(slot: tuple[str, str] | tuple[str, str, bool]) -> bool:
    """A replaced run holding a copula on one side only says the same thing another way ("Alice lives in
    Berlin" / "Alice's home is in Berlin"): it is not a word naming another subject."""
    return COPULAS.isdisjoint(slot[0].split()) != COPULAS.isdisjoint(slot[1].split())


def acts_apart(slot: tuple[str, str, bool]) -> bool:
    """A replaced run that opens on a verb in -ing with its object on one side and on a preposition on the
    other ("The Atlas server is running Ubuntu 24.04" / "... is on a UPS"): the copula before the verb is its
    helper, and the two say different things of the subject, not two values of what it is. A word in -ing
    before a noun on both sides may name a thing ("the open question is pairing session")."""
    was, now = slot[0].split(), slot[1].split()
    return (_acting(was) and _placing(now)) or (_acting(now) and _placing(was))


def _acting(words: list[str]) -> bool:
    return len(words) >= 2 and len(words[0]) > 4 and words[0].endswith("ing")


def _placing(words: list[str]) -> bool:
    return bool(words) and words[0] in _PLACES


_RELATIVE = frozenset({"last", "this", "next", "past"})
_PERIOD_WORDS = frozenset(
    {"week", "weekend", "month", "year", "term", "semester", "quarter", "sprint", "spring", "summer", "autumn"}
    | {"fall", "winter"}
)


def relative_times(statement: Statement) -> frozenset[str]:
    """The times a text says relative to now, as written ("last year", "this term", "next sprint")."""
    if _RELATIVE.isdisjoint(statement.words):
        return frozenset()
    return frozenset(f"{a} {b}" for a, b in pairwise(statement.words) if a in _RELATIVE and b in _PERIOD_WORDS)


def told_when(statement: Statement) -> frozenset[str]:
    """The content stems of the times a text says relative to now: beside a said change or a flipped polarity,
    when it happened, not what it is about ("Sara gave up meat last year" / "Sara eats meat")."""
    return frozenset(stem(w) for time in relative_times(statement) for w in time.split()) & statement.content


def swaps(
    new: Statement, old: Statement, *, unmarked: bool = False, replaced: bool = False, lead_in: bool = True
) -> int:
    """In how many places ``new`` is ``old`` with words swapped, when most of its words stand in the same order
    (0 when they do not: a sentence built anew). A predicate said another way is no swap ("lives in" /
    "'s home is in"). ``unmarked``: the words that mark a change ("now", "moved") are not part of the frame
    ("the staging cache now listens on port 6380" is "the staging database listens on port 5433" with two
    places swapped, not a sentence built anew), each run of values is one place (changed values count once:
    "My backup camera is a Canon R7 now" is "My main camera is a Nikon Z6" with two places swapped, however
    many words the values take), and only words replaced count (words added or left out are context).
    ``replaced``: only words replaced count, and a run of function words replaced by words of content, or the
    other way, is words added or left out ("All our beans come from ..." / "We buy our beans from ...").
    Without ``lead_in`` (with ``unmarked``), the words right before the values on both sides are how a value
    is brought in, not a place swapped: a change said ("The log rotation job runs every 12 hours" / "We
    changed the log rotation job interval to 24 hours") is the fact's new value, where "the staging cache now
    listens on port 6380" still swaps a word of what "the staging database listens on port 5433" is about."""
    old_words, new_words = old.words, new.words
    valued = 0
    if unmarked:
        old_words, new_words = _masked(old), _masked(new)
        valued = int(new.values != old.values)
    if max(len(new_words), len(old_words)) > FRAME_TOKENS or _kept_bound(old_words, new_words) < FRAME_KEPT:
        return 0
    matcher = SequenceMatcher(None, old_words, new_words, autojunk=False)
    if matcher.ratio() < FRAME_KEPT:
        return 0
    runs = [
        (" ".join(old_words[i1:i2]), " ".join(new_words[j1:j2]))
        for op, i1, i2, j1, j2 in matcher.get_opcodes()
        if (op == "replace" or not (replaced or unmarked))
        and (lead_in or not (unmarked and old_words[i2 : i2 + 1] == new_words[j2 : j2 + 1] == ("<v>",)))
    ]
    if replaced:
        runs = [run for run in runs if all(any(w not in IGNORED for w in side.split()) for side in run)]
    return valued + sum(1 for run in runs if run[0] != run[1] and not verb_swap(run))


def _masked(statement: Statement) -> tuple[str, ...]:
    """The words without those that mark a change, each run of value words one placeholder: the frame the
    values stand in ("my main camera is a <v>" / "my backup camera is a <v>": one word swapped beside them)."""
    if not statement.at:  # most texts hold no value
        return tuple(w for w in statement.words if w not in CHANGE_WORDS)
    inside = {i for v, at in statement.at.items() for i in range(at, at + len(statement.shown.get(v, v).split()))}
    out: list[str] = []
    for i, word in enumerate(statement.words):
        if word in CHANGE_WORDS:
            continue
        if i in inside:
            if not out or out[-1] != "<v>":
                out.append("<v>")
            continue
        out.append(word)
    return tuple(out)


def reported(text: str) -> str | None:
    """The statement ``text`` reports, without who reported it and the reason it gives; None when it has neither
    (or when too little is left to be a statement)."""
    start = _REPORTED.search(text)
    body = text[start.end() :] if start else text
    reason = _REASON.search(body)
    body = (body[: reason.start()] if reason else body).strip()
    return body if body != text.strip() and len(body.split()) >= 3 else None


def stretch(
    new: Statement, old: Statement, removed: frozenset[str], added: frozenset[str], *, shared: frozenset[str] = IGNORED
) -> tuple[str, str, bool] | None:
    """(old words, new words, True), like :func:`replaced_slot`'s slot in the predicate, when the values replaced
    stand in one short stretch that ends each text (no word of content after it), after the same words (two
    words of content at least), the two stretches sharing no word but ``shared`` ones and holding no copula:
    one slot told with several values ("Dad's prescriptions get filled at Rite Aid in Oakdale" / "... at Costco
    Pharmacy"; "Our home kit is red and black" / "... is sky blue"), not two places changed ("the access code
    for the Kazotan unit is 4417" / "... for the Velmir unit is 1234"; "The cluster's default Python is 3.11" /
    "... default CUDA is 12.2"). On the truth sets' pairs: development 11 more changes read, held out 15 more,
    one look-alike fewer kept apart; with stretches followed by more words of content, held out lost 3 near
    misses or look-alikes for 4 more changes."""
    before, after = old.words, new.words
    shortest = min(len(before), len(after))
    start = next((i for i in range(shortest) if before[i] != after[i]), shortest)
    kept = next((i for i in range(shortest - start) if before[-1 - i] != after[-1 - i]), shortest - start)
    end, new_end = len(before) - kept, len(after) - kept
    if max(end, new_end) - start > MAX_STRETCH or not COPULAS.isdisjoint((*before[start:end], *after[start:new_end])):
        return None
    if not (_within(old, removed, start, end) and _within(new, added, start, new_end)):
        return None
    both = old.content & new.content
    if (
        len({stem(w) for w in before[:start]} & both) < 2
        or {stem(w) for w in before[end:]} & both
        or (set(before[start:end]) & set(after[start:new_end])) - shared  # a word of both: two slots
    ):
        return None
    return " ".join(before[start:end]), " ".join(after[start:new_end]), True


def _within(statement: Statement, values: frozenset[str], start: int, end: int) -> bool:
    return all(
        start <= (at := statement.at.get(v, -1)) and at + len(statement.shown.get(v, v).split()) <= end for v in values
    )
