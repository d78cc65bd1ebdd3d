"""Consolidation into core memories (seed 001's roadmap): clusters of related memories, each summarised into
one core memory that links to its sources. Sources are never deleted or changed. Pure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

import numpy as np

from ..fence import fence
from ..text import extract_commands, extract_paths, extract_urls

CLUSTER_COSINE = 0.5  # tuned for the default embedder (wordllama); stronger models give higher cosines
MIN_CLUSTER = 3
MAX_CLUSTER = 12
SUMMARY_CHARS = (20, 1200)
RULE_SNIPPET = 80


@dataclass(frozen=True, slots=True)
class Source:
    id: str
    text: str
    type: str
    category: str | None
    importance: float


class CoreFields(TypedDict):
    """The store fields of a core memory besides its text, tags and source."""

    type: str
    category: str | None
    importance: float
    metadata: dict[str, list[str]]


def clusters(
    unit_vectors: np.ndarray,
    *,
    threshold: float = CLUSTER_COSINE,
    min_size: int = MIN_CLUSTER,
    max_size: int = MAX_CLUSTER,
) -> list[list[int]]:
    """Tight groups of rows: repeatedly take the row with the most unassigned neighbours at ``threshold``
    or above as a centre, and group it with its closest ones (at most ``max_size``). Centre first."""
    if len(unit_vectors) < min_size or max_size < min_size:
        return []
    sims = unit_vectors @ unit_vectors.T
    close = sims >= threshold
    np.fill_diagonal(close, False)
    free = np.ones(len(unit_vectors), dtype=bool)
    groups: list[list[int]] = []
    while True:
        degree = (close & free[None, :]).sum(axis=1) * free
        centre = int(degree.argmax())
        if degree[centre] + 1 < min_size:
            return groups
        members = np.flatnonzero(close[centre] & free)
        members = members[np.argsort(-sims[centre, members], kind="stable")][: max_size - 1]
        group = [centre, *members.tolist()]
        free[group] = False
        groups.append(group)


def prompt(sources: Sequence[Source]) -> str:
    listed = "\n".join(f"- {' '.join(s.text.split())}" for s in sources)
    return (
        "These memories of an AI agent are about one subject. Write one durable core memory that sums them "
        "up in 1 to 3 sentences: what holds across them, the latest state of anything that changed, and "
        "every URL, shell command and file path exactly as written. Answer with JSON only: "
        f'{{"summary": "...", "importance": 0.7}}\n\nMemories:\n{fence(listed)}'
    )


def parse_summary(raw: Any) -> tuple[str, float | None]:
    """(summary, importance or None): a summary of 20-1200 characters is required."""
    if not isinstance(raw, dict) or not isinstance(raw.get("summary"), str):
        raise ValueError('expected {"summary": "..."}')
    summary = " ".join(raw["summary"].split())
    low, high = SUMMARY_CHARS
    if not low <= len(summary) <= high:
        raise ValueError(f"the summary must be {low}-{high} characters, got {len(summary)}")
    value = raw.get("importance")
    importance = float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
    return summary, None if importance is None or not 0 <= importance <= 1 else importance


def rule_summary(sources: Sequence[Source]) -> str:
    """Extractive: the centre memory whole, then the start of each other one."""
    centre, *others = sources
    snippets = [_snippet(s.text) for s in others]
    return f"{' '.join(centre.text.split())} — related ({len(others)}): " + "; ".join(snippets)


def _snippet(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= RULE_SNIPPET else flat[: RULE_SNIPPET - 1].rsplit(" ", 1)[0] + "…"


def core_fields(sources: Sequence[Source], llm_importance: float | None) -> CoreFields:
    """Type, category, importance and metadata of the core memory: the sources' most common type, their
    shared category, a little above the most important source, and every URL, command and path they hold
    (so the core loses none of them, whatever the summary says)."""
    kind = Counter(s.type for s in sources).most_common(1)[0][0]
    categories = {s.category for s in sources}
    importance = llm_importance if llm_importance is not None else min(1.0, max(s.importance for s in sources) + 0.1)
    metadata: dict[str, list[str]] = {}
    for key, extract in (("urls", extract_urls), ("commands", extract_commands), ("paths", extract_paths)):
        found = list(dict.fromkeys(item for s in sources for item in extract(s.text)))
        if found:
            metadata[key] = found
    return {
        "type": kind,
        "category": categories.pop() if len(categories) == 1 else None,
        "importance": round(importance, 4),
        "metadata": metadata,
    }
