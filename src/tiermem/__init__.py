"""tiermem: long-term memory for AI agents that stays useful for years.

>>> from tiermem import Memory
>>> with Memory.open(".tiermem") as mem:   # doctest: +SKIP
...     mem.store("The user prefers dark mode", type="user_preference")
...     hits = mem.search("what theme does the user like?")
"""

from .engine import Memory
from .errors import (
    ConfigError,
    EmbedderError,
    NotFoundError,
    StoreError,
    TiermemError,
    ValidationError,
)
from .model import Hit, Link, MemoryRecord, MemoryType, StoreResult
from .providers.embedders import Embedder

__all__ = [
    "ConfigError",
    "Embedder",
    "EmbedderError",
    "Hit",
    "Link",
    "Memory",
    "MemoryRecord",
    "MemoryType",
    "NotFoundError",
    "StoreError",
    "StoreResult",
    "TiermemError",
    "ValidationError",
]
__version__ = "0.1.0"
