"""Enrichment of newly stored memories, many per LLM call: extracted facts, search keys and links. Pure.

Writes never wait for this: ``store`` keeps the text as given and queues a job; a worker (or ``tiermem llm
drain``) later sends a batch of queued memories in one prompt and applies what comes back. A memory the
answer leaves out, or answers badly, gets the rule path instead, and its job records why.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..fence import neutralise
from ..model import TypeRegistry
from ..text import normalize
from .links import Neighbour, Proposed, parse_links, rule_links

EXTRACT_MIN_CHARS = 200  # shorter memories are one fact already (the seed: "skip LLM for simple")...
EXTRACT_MIN_SENTENCES, EXTRACT_SHORTEST = 3, 120  # ...unless they pack several sentences (chit-chat does not)
MAX_FACTS = 8
FACT_CHARS = (10, 500)
MAX_KEYS = 8
KEY_CHARS = (2, 60)
DEFAULT_FACT_IMPORTANCE = 0.6  # the seed's default for distilled facts
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


@dataclass(frozen=True, slots=True)
class Wanted:
    """Which parts of enrichment are switched on (``llm.extract``, ``llm.fact_keys``, ``llm.link_detection``)."""

    facts: bool = True
    keys: bool = True
    links: bool = True


@dataclass(frozen=True, slots=True)
class Item:
    """One queued memory as the prompt shows it."""

    n: int
    memory_id: str
    text: str
    extract: bool  # worth splitting into facts
    neighbours: tuple[Neighbour, ...] = ()


@dataclass(frozen=True, slots=True)
class Fact:
    text: str
    type: str
    importance: float


@dataclass(frozen=True, slots=True)
class Enrichment:
    links: tuple[Proposed, ...] = ()
    keys: tuple[str, ...] = ()
    facts: tuple[Fact, ...] = ()
    dropped: int = 0  # entries of the answer that failed validation


def worth_extracting(text: str) -> bool:
    several = len(_SENTENCE_END.findall(text)) >= EXTRACT_MIN_SENTENCES and len(text) >= EXTRACT_SHORTEST
    return len(text) >= EXTRACT_MIN_CHARS or several


def labels_for(items: Sequence[Item]) -> dict[str, str]:
    """A short label per neighbour id (e1, e2...): models copy those far better than 26-character ids."""
    labels: dict[str, str] = {}
    for item in items:
        for other in item.neighbours:
            labels.setdefault(other.id, f"e{len(labels) + 1}")
    return labels


def prompt(items: Sequence[Item], wanted: Wanted, type_names: Sequence[str]) -> str:
    labels = labels_for(items)
    asks = []
    if wanted.facts:
        asks.append(
            '"facts": only for memories marked "split", each durable fact as one short self-contained sentence '
            f"(at most {MAX_FACTS}); copy URLs, shell commands and file paths exactly; [] otherwise. Types: "
            + ", ".join(type_names)
        )
    if wanted.keys:
        asks.append(
            '"keys": 3 to 6 short phrases someone might search for to find the memory, in words it does not '
            "use itself (synonyms, the topic, the kind of thing)"
        )
    if wanted.links:
        asks.append(
            '"links": how the memory relates to each EXISTING memory listed under it: "supersedes" (a new value '
            'for the same fact), "contradicts" (both cannot be true), "elaborates" (adds detail to it), '
            '"related_to"; leave out unrelated ones'
        )
    lines = [
        "You maintain an AI agent's long-term memory. For each NEW memory give:",
        *(f"- {ask}." for ask in asks),
        "",
        'Answer with JSON only: {"memories": [{"n": 1, "facts": [{"text": "...", "type": "semantic", '
        '"importance": 0.6}], "keys": ["..."], "links": [{"to": "e1", "relation": "supersedes", "reason": "..."}]}]}',
        "",
    ]
    for item in items:
        lines.append(f"NEW {item.n}{' (split)' if wanted.facts and item.extract else ''}: {_one_line(item.text)}")
        if wanted.links:
            lines += [f"  EXISTING {labels[o.id]}: {_one_line(o.text, 300)}" for o in item.neighbours]
    return "\n".join(lines)


def _one_line(text: str, limit: int = 2000) -> str:
    """Memory text as one line of the prompt, neutralised: it is data for the model (tiermem.fence)."""
    flat = " ".join(neutralise(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def parse_answer(
    raw: Any, items: Sequence[Item], wanted: Wanted, registry: TypeRegistry
) -> dict[int, Enrichment | str]:
    """item number -> its validated enrichment, or why the answer for it is unusable."""
    entries = raw.get("memories") if isinstance(raw, dict) else raw
    if not isinstance(entries, list):
        raise ValueError('expected {"memories": [...]}')
    by_n: dict[int, Any] = {}
    for entry in entries:
        n = entry.get("n") if isinstance(entry, dict) else None
        if isinstance(n, int) and not isinstance(n, bool) and n not in by_n:
            by_n[n] = entry
    labels = labels_for(items)
    out: dict[int, Enrichment | str] = {}
    for item in items:
        entry = by_n.get(item.n)
        if entry is None:
            out[item.n] = f"the answer left out memory {item.n}"
            continue
        try:
            out[item.n] = _item(entry, item, labels, wanted, registry)
        except (ValueError, TypeError) as exc:
            out[item.n] = f"invalid answer for memory {item.n}: {exc}"
    if items and not any(isinstance(v, Enrichment) for v in out.values()):
        raise ValueError(str(out[items[0].n]))  # nothing usable: worth asking again
    return out


def _item(
    entry: dict[str, Any], item: Item, labels: Mapping[str, str], wanted: Wanted, registry: TypeRegistry
) -> Enrichment:
    mine = {labels[o.id]: o.id for o in item.neighbours}
    links, bad_links = parse_links(entry.get("links"), mine) if wanted.links else ([], 0)
    keys, bad_keys = parse_keys(entry.get("keys"), item.text) if wanted.keys else ([], 0)
    facts, bad_facts = parse_facts(entry.get("facts"), registry) if wanted.facts and item.extract else ([], 0)
    return Enrichment(tuple(links), tuple(keys), tuple(facts), bad_links + bad_keys + bad_facts)


def parse_keys(raw: Any, text: str) -> tuple[list[str], int]:
    """Search phrases: strings of 2-60 characters, at most 8, none repeating the memory's own text."""
    if raw is None:
        return [], 0
    if not isinstance(raw, list):
        raise ValueError("'keys' must be a list of strings")
    own = normalize(text)
    keys: list[str] = []
    dropped = 0
    for value in raw:
        phrase = " ".join(value.split()) if isinstance(value, str) else ""
        low, high = KEY_CHARS
        if not low <= len(phrase) <= high or normalize(phrase) in (own, *map(normalize, keys)):
            dropped += 1
        elif len(keys) < MAX_KEYS:
            keys.append(phrase)
    return keys, dropped


def parse_facts(raw: Any, registry: TypeRegistry) -> tuple[list[Fact], int]:
    """Facts of 10-500 characters (at most 8); an unknown type becomes the default, importance is clamped."""
    if raw is None:
        return [], 0
    if not isinstance(raw, list):
        raise ValueError("'facts' must be a list")
    facts: list[Fact] = []
    dropped = 0
    for value in raw:
        fact = _fact(value, registry)
        if fact is None or len(facts) >= MAX_FACTS:
            dropped += 1
        else:
            facts.append(fact)
    return facts, dropped


def _fact(value: Any, registry: TypeRegistry) -> Fact | None:
    entry = {"text": value} if isinstance(value, str) else value
    raw = entry.get("text") if isinstance(entry, dict) else None
    text = " ".join(raw.split()) if isinstance(raw, str) else ""
    low, high = FACT_CHARS
    if not low <= len(text) <= high:
        return None
    try:
        kind = registry.resolve(entry.get("type") or None).name
    except (ValueError, TypeError):  # the model's own name for a type: keep the fact, use the default
        kind = registry.resolve(None).name
    importance = entry.get("importance")
    number = float(importance) if isinstance(importance, int | float) and not isinstance(importance, bool) else math.nan
    return Fact(text, kind, min(1.0, max(0.0, number)) if math.isfinite(number) else DEFAULT_FACT_IMPORTANCE)


def rules(item: Item, wanted: Wanted) -> Enrichment:
    """The rule path: links by the cautious rules; no facts (the memory itself stays whole and searchable)
    and no search keys (those need a model's vocabulary)."""
    return Enrichment(tuple(rule_links(item.text, item.neighbours)) if wanted.links else ())
