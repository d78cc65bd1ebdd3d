"""How a new memory relates to the memories near it: the rule path, and the check of an LLM's answer. Pure.

Rules are deliberately cautious, since ``supersedes`` and ``contradicts`` take the older memory out of
search (it keeps its text, gets ``valid_to`` and stays in ``get``): a statement about the same key with a
new value supersedes ("my editor theme is Monokai" → "... is Solarized"); the same statement with the
negation flipped contradicts ("the user likes cilantro" / "the user does not like cilantro"); a near
paraphrase below the dedup threshold is related.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..recall.query import stem
from ..text import jaccard

LINK_RELATIONS = ("supersedes", "contradicts", "elaborates", "related_to")
INVALIDATING = frozenset({"supersedes", "contradicts"})  # the older memory gets valid_to
KEY_COSINE = 0.4  # a same-key statement must also be about the same thing (wordllama: new names lower it)
RELATED_COSINE = 0.85
NEGATION_OVERLAP = 0.7
MAX_REASON = 200

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_NEGATIONS = frozenset({
    "not", "no", "never", "don't", "doesn't", "didn't", "isn't", "wasn't", "aren't", "weren't", "won't",
    "can't", "cannot", "hasn't", "haven't", "hadn't", "shouldn't", "stopped", "quit",
})  # fmt: skip
_FILLER = frozenset({
    "do", "does", "did", "is", "are", "was", "were", "has", "have", "had", "will", "would", "be", "been",
    "longer", "any", "anymore", "more", "the", "a", "an", "now", "still",
})  # fmt: skip
_ARTICLES = frozenset({"the", "a", "an"})
# Verbs with one value at a time: "X moved to Paris" updates "X lives in Berlin". Not "prefers" or "uses":
# a person prefers tea and dark mode at once, and only a model can tell which preference a new one replaces.
_FAMILIES = (
    ("lives in", r"(?:now\s+)?(?:lives? in|moved to|relocated to|is based in)"),
    ("works at", r"(?:now\s+)?(?:works? (?:at|for)|joined|is employed (?:at|by))"),
)
_VERB = re.compile(
    r"^(?P<subject>[a-z0-9' ]{1,60}?)\s+(?P<verb>"
    + "|".join(f"(?P<f{i}>{p})" for i, (_, p) in enumerate(_FAMILIES))
    + r")\s+(?P<value>.+)$"
)
_COPULA = re.compile(r"^(?P<subject>[a-z0-9' ]{3,60}?)\s+(?:is|are|was|were)\s+(?:now\s+)?(?P<value>.+)$")


@dataclass(frozen=True, slots=True)
class Neighbour:
    """An existing memory close to the new one (cosine of their embeddings)."""

    id: str
    text: str
    cosine: float


@dataclass(frozen=True, slots=True)
class Proposed:
    """``new <relation> target`` with the reason given (by a rule or the LLM)."""

    target_id: str
    relation: str
    reason: str


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("’", "'"))


def negated(text: str) -> bool:
    words = _words(text)
    return any(w in _NEGATIONS for w in words) or "no longer" in " ".join(words)


def _content(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in _words(text) if w not in _NEGATIONS and w not in _FILLER)


def fact_key(text: str) -> tuple[str, str] | None:
    """(key, value) of a one-sentence statement about something, e.g. ("my editor theme", "monokai") or
    ("user|lives in", "berlin"); None for anything else (questions, several sentences, negations)."""
    sentence = " ".join(_words(text.strip().rstrip(".!")))
    stripped = text.strip()
    one_statement = sentence and not stripped.endswith("?") and not re.search(r"[.!?]\s", stripped)
    if not one_statement or negated(text) or len(sentence.split()) > 30:
        return None
    verb = _VERB.match(sentence)
    if verb:
        family = next(name for i, (name, _) in enumerate(_FAMILIES) if verb.group(f"f{i}"))
        return f"{_subject(verb.group('subject'))}|{family}", verb.group("value")
    copula = _COPULA.match(sentence)
    subject = _subject(copula.group("subject")) if copula else ""
    if copula and len(subject.split()) >= 2:  # "alice is ..." says too little to be one fact's key
        return subject, copula.group("value")
    return None


def _subject(phrase: str) -> str:
    return " ".join(w for w in phrase.split() if w not in _ARTICLES)


def rule_link(text: str, other: Neighbour) -> Proposed | None:
    """The relation the rules see between a new memory ``text`` and one neighbour, if any."""
    if negated(text) != negated(other.text) and jaccard(_content(text), _content(other.text)) >= NEGATION_OVERLAP:
        return Proposed(other.id, "contradicts", "the same statement with the negation flipped")
    mine, theirs = fact_key(text), fact_key(other.text)
    if mine and theirs and mine[0] == theirs[0] and other.cosine >= KEY_COSINE and mine[1] != theirs[1]:
        key = mine[0].replace("|", " ")
        if set(theirs[1].split()) <= set(mine[1].split()):
            return Proposed(other.id, "elaborates", f"adds detail to '{key}'")
        return Proposed(other.id, "supersedes", f"new value for '{key}': {mine[1]!r} (was {theirs[1]!r})")
    if other.cosine >= RELATED_COSINE:
        return Proposed(other.id, "related_to", f"similar wording (cosine {other.cosine:.2f})")
    return None


def rule_links(text: str, neighbours: Sequence[Neighbour]) -> list[Proposed]:
    return [p for n in neighbours if (p := rule_link(text, n)) is not None]


def parse_links(raw: Any, labels: Mapping[str, str]) -> tuple[list[Proposed], int]:
    """The valid links of an LLM answer (``[{"to": label, "relation", "reason"}]``) and how many were not.

    A link must name one of ``labels`` (label -> memory id: the neighbours shown for this memory) and a
    known relation; the first link to each memory wins.
    """
    if raw is None:
        return [], 0
    if not isinstance(raw, list):
        raise ValueError("'links' must be a list")
    found: dict[str, Proposed] = {}
    dropped = 0
    for entry in raw:
        target = labels.get(str(entry.get("to", "")).strip()) if isinstance(entry, dict) else None
        relation = str(entry.get("relation", "")).strip().lower() if isinstance(entry, dict) else ""
        if target is None or relation not in LINK_RELATIONS or target in found:
            dropped += relation != "none"  # "none" is a valid way to say "unrelated"
            continue
        reason = entry.get("reason")
        found[target] = Proposed(target, relation, str(reason)[:MAX_REASON] if reason else "")
    return list(found.values()), dropped
