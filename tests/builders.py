"""Small builders shared by the tests: records for the backend contract, unit vectors, distinct texts."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar, cast

import numpy as np
import pytest

from tiermem import _ids
from tiermem.model import MemoryRecord
from tiermem.storage.lexical import LexicalIndex
from tiermem.text import content_hash

#: the dimension of the hand-made vectors of the contract suite
DIMS = 8
BASE_TIME = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)

T = TypeVar("T")


def make_record(text: str, *, agent_id: str = "agent-a", minutes: float = 0, **overrides: Any) -> MemoryRecord:
    """A valid record created ``minutes`` after :data:`BASE_TIME`; keyword arguments override fields."""
    created = overrides.pop("created_at", BASE_TIME + timedelta(minutes=minutes))
    record = MemoryRecord(
        id=_ids.new_id(created.timestamp()),
        agent_id=agent_id,
        text=text,
        type="semantic",
        category=None,
        tags=(),
        importance=0.5,
        salience=0.5,
        confidence=0.7,
        valence=0.0,
        scope="long_term",
        tier="warm",
        created_at=created,
        updated_at=created,
        event_at=None,
        last_accessed_at=None,
        access_count=0,
        source={"type": "user"},
        metadata={},
        content_hash=content_hash(text),
    )
    return replace(record, **overrides)


def unit(*components: float, dims: int = DIMS) -> np.ndarray:
    """A unit vector whose leading components are ``components`` (before normalisation)."""
    vec = np.zeros(dims, dtype=np.float32)
    vec[: len(components)] = components
    return vec / np.linalg.norm(vec)


def axis(i: int, dims: int = DIMS) -> np.ndarray:
    vec = np.zeros(dims, dtype=np.float32)
    vec[i] = 1.0
    return vec


def present(value: T | None) -> T:
    """``value``, asserted not to be None (a lookup the test expects to find something)."""
    assert value is not None
    return value


# Words with unrelated meanings, so random sentences built from them are neither lexical nor semantic
# near-duplicates of each other.
_WORDS = """
anchor apple argue autumn bakery balloon banana battery beach bicycle blanket bottle bridge bucket
butter cabin camera candle canyon carpet castle cattle cello cement cherry chess chimney circus cliff
clock cloud coffee comet copper cotton crayon cricket crystal cushion dancer desert diamond dolphin
dragon drum eagle elbow engine falcon feather fence fiddle forest fossil fountain garden garlic ghost
giraffe glacier glove granite guitar hammer harbor harvest helmet hockey honey island ivory jacket jelly
jungle kettle kitten ladder lantern lemon library lizard lobster magnet mango marble meadow mirror
monkey mountain museum needle noodle ocean olive onion orchard oyster paddle palace panther parrot
pebble pencil pepper piano pillow pirate planet plumber pocket potato pumpkin puzzle quartz rabbit radio
rainbow raven ribbon river rocket saddle salmon sandal satellite scarf scissors shadow shovel silver
skate sledge snail soccer spider sponge squirrel statue tiger tomato tractor trumpet tulip tunnel turtle
umbrella valley velvet violin volcano wagon walnut whale whistle window wizard wolf yacht zebra
"""
VOCABULARY = tuple(_WORDS.split())


def distinct_texts(count: int, *, seed: int, prefix: str = "", words: int = 7) -> list[str]:
    """``count`` different sentences of random vocabulary words (deterministic for a seed)."""
    rng = random.Random(seed)
    seen: set[str] = set()
    texts: list[str] = []
    while len(texts) < count:
        text = f"{prefix}{' '.join(rng.sample(VOCABULARY, words))}"
        if text not in seen:
            seen.add(text)
            texts.append(text)
    return texts


# Seed 003's end_session example ("Session end" of Step 3), as the seed writes it.
SEED_003_END_SESSION: dict[str, Any] = {
    "session_summary": "High-level summary of what happened",
    "resumption_note": "First-person handoff to next session self...",
    "thread_updates": {
        "thread-project-alpha": {
            "current_position": "Finished the API design. Moving to testing.",
            "new_open_questions": ["How to handle auth tokens?"],
            "closed_questions": ["Which framework to use?"],
        }
    },
    "mood": "focused, productive",
}


def count_snapshot_loads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gets an entry each time a saved BM25 mirror is loaded (the real load still runs)."""
    loads: list[int] = []
    real = LexicalIndex.from_bytes.__func__  # type: ignore[attr-defined]

    def counted(cls: type[LexicalIndex], data: bytes) -> LexicalIndex:
        loads.append(1)
        return cast(LexicalIndex, real(cls, data))

    monkeypatch.setattr(LexicalIndex, "from_bytes", classmethod(counted))
    return loads
