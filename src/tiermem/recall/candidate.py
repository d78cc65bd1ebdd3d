"""A hit of the recall pipeline while it is ranked: its record, its signals and its score so far."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model import MemoryRecord


@dataclass
class Candidate:
    record: MemoryRecord
    signals: dict[str, Any] = field(default_factory=dict)
    score: float = 0.0
    vector: np.ndarray | None = None  # its embedding, once a stage has read it (not read twice)
    earlier: list[MemoryRecord] = field(default_factory=list)  # retired versions it replaced: it answers for them
    own_cosine: float = 0.0  # with earlier versions: the cosine of its own text
