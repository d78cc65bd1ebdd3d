"""How a new memory relates to the memories near it: the rule path, and the check of an LLM's answer. Pure.

The rules are the write path's own (:func:`tiermem.write.revision.compare`: one implementation of what an
update, a contradiction and an elaboration are), so a link job that falls back to them, or runs without an
LLM, decides what storing the memory decided: an update supersedes ("my editor theme is Monokai" → "... is
Solarized"), a flipped negation or an antonym contradicts ("the user likes cilantro" / "the user does not
like cilantro"), added detail elaborates; a near paraphrase is related.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..write.revision import CONTRADICTION, ELABORATION, UPDATE, compare

LINK_RELATIONS = ("supersedes", "contradicts", "elaborates", "related_to")
INVALIDATING = frozenset({"supersedes", "contradicts"})  # the older memory gets valid_to
RELATED_COSINE = 0.85
MAX_REASON = 200
_RELATIONS = {UPDATE: "supersedes", CONTRADICTION: "contradicts", ELABORATION: "elaborates"}


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


def rule_link(text: str, other: Neighbour) -> Proposed | None:
    """The relation the write path's rules see between a new memory ``text`` and one neighbour, if any."""
    revision = compare(text, other.text, other.cosine)
    if revision.kind in _RELATIONS:
        return Proposed(other.id, _RELATIONS[revision.kind], revision.why[:MAX_REASON])
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
