"""The versions a memory replaced, read once for a search's candidates.

A memory that replaced another (an update, a contradiction) is the current version of that fact, and a
question is often asked in the words of the first telling: "Where is the wedding reception?" after "The
wedding reception is at Hartwell Manor" was replaced by "We lost the booking, so the reception has moved to
the Old Mill barn instead". The retired versions are out of search, so the recall pipeline lets their
successor answer for them: it matches the question's words and meaning in its own text or in any version
it replaced (see Recall._rescore and Recall._measure_meaning).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..model import MemoryRecord
from ..providers.embedders import Embedder
from ..storage.base import Backend

# Versions followed back from a memory: a fact changed three times still answers in its first words, and
# a search reads the links at most this many times.
DEPTH = 3
# Retired versions' vectors kept by a process (RetiredMeanings): 4,096 x 256 floats, 4 MB.
RETIRED_VECTORS = 4096


@dataclass(frozen=True, slots=True)
class Lineage:
    replaced: dict[str, list[MemoryRecord]]  # id -> the memories it replaced directly (explain, past questions)
    earlier: dict[str, list[MemoryRecord]]  # id -> every retired version before it, nearest first


def lineage(backend: Backend, agent_id: str, memory_ids: Sequence[str]) -> Lineage:
    """What each of ``memory_ids`` replaced, directly and through the versions before those."""
    direct = backend.replaced(agent_id, memory_ids)
    if not direct:
        return Lineage({}, {})
    ancestors = {mid: list(olds) for mid, olds in direct.items()}
    frontier = {old: [mid] for mid, olds in direct.items() for old in olds}
    for _ in range(DEPTH - 1):
        found = backend.replaced(agent_id, list(frontier))
        following: dict[str, list[str]] = {}
        for old, olders in found.items():
            for heir in frontier[old]:
                ancestors[heir] += [o for o in olders if o not in ancestors[heir]]
            for older in olders:
                following.setdefault(older, []).extend(frontier[old])
        if not following:
            break
        frontier = following
    records = backend.get_many(agent_id, list({o for olds in ancestors.values() for o in olds}))
    return Lineage(
        {mid: [records[o] for o in olds if o in records] for mid, olds in direct.items()},
        {
            mid: [records[o] for o in olds if o in records and not records[o].is_current]
            for mid, olds in ancestors.items()
        },
    )


class RetiredMeanings:
    """The vectors of retired versions, for the cosine their successors answer with. A version's stored
    vector is deleted when it is superseded, so its text is embedded at query time; kept here, it is not
    embedded again when the same successor comes back among a later search's candidates (bench/store.py's
    100k store: ~6 retired texts a search, re-embedding them ~0.75 ms of a 6.5 ms search). Keyed by text:
    an embedding depends on nothing else (a text embedded alone or in any batch gives the same vector)."""

    def __init__(self, embedder: Embedder, size: int = RETIRED_VECTORS) -> None:
        self._embedder = embedder
        self._size = size
        self._held: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()  # a server's threads search at once

    def of(self, texts: Sequence[str]) -> np.ndarray:
        """One vector per text, in order."""
        with self._lock:
            found = {text: vec for text in texts if (vec := self._held.get(text)) is not None}
            for text in found:
                self._held.move_to_end(text)
        missing = list(dict.fromkeys(text for text in texts if text not in found))
        if missing:
            fresh = self._embedder.embed(missing)
            fresh.flags.writeable = False  # rows handed to later searches: nobody writes into them
            found.update(zip(missing, fresh, strict=True))
            with self._lock:
                self._held.update(zip(missing, fresh, strict=True))
                while len(self._held) > self._size:
                    self._held.popitem(last=False)
        return np.stack([found[text] for text in texts])
