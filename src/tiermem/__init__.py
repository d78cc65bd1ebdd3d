"""tiermem: long-term memory for AI agents that stays useful for years.

>>> from tiermem import Memory
>>> with Memory.open(".tiermem") as mem:   # doctest: +SKIP
...     mem.store("The user prefers dark mode", type="user_preference")
...     hits = mem.search("what theme does the user like?")
"""

from __future__ import annotations

from importlib import import_module

from .errors import (
    ConfigError,
    EmbedderError,
    LLMError,
    NotFoundError,
    StoreError,
    TiermemError,
    ValidationError,
    WorkspaceError,
)

# Not `typing.TYPE_CHECKING`: importing typing costs the `tiermem hook` fast path ~10 ms (mypy knows this idiom).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .engine import Memory
    from .model import Hit, Link, MemoryRecord, MemoryType, StoreResult
    from .providers.embedders import Embedder

__all__ = [
    "ConfigError",
    "Embedder",
    "EmbedderError",
    "Hit",
    "LLMError",
    "Link",
    "Memory",
    "MemoryRecord",
    "MemoryType",
    "NotFoundError",
    "StoreError",
    "StoreResult",
    "TiermemError",
    "ValidationError",
    "WorkspaceError",
]
__version__ = "0.1.0"

# Heavy modules (numpy, the engine) load on first use, so `tiermem --help` and hooks start fast.
_LAZY = {
    "Memory": ".engine",
    "Hit": ".model",
    "Link": ".model",
    "MemoryRecord": ".model",
    "MemoryType": ".model",
    "StoreResult": ".model",
    "Embedder": ".providers.embedders",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tiermem' has no attribute {name!r}")
