"""The error tree. Every error tiermem raises derives from :class:`TiermemError`.

Messages are written for the person who reads them: they say what was wrong and what to do.
Interfaces turn these into exit code 2 (CLI), HTTP 4xx (REST) or tool errors (MCP).
"""

from __future__ import annotations


class TiermemError(Exception):
    """Root of every error tiermem raises."""


class ValidationError(TiermemError, ValueError):
    """Input was rejected at a boundary (bad agent id, out-of-range number, bad text...)."""


class NotFoundError(TiermemError, LookupError):
    """A memory, link or file that was named does not exist (for this agent)."""


class StoreError(TiermemError):
    """The store cannot be opened or used (corrupt file, locked past the timeout, bad schema)."""


class StoreDamagedError(StoreError):
    """The store's file is damaged: reads that reach the damage fail (``tiermem doctor`` says where)."""


class StoreReadOnlyError(StoreError):
    """A change was asked of a store opened read-only (a backup on read-only media, a 0444 file)."""


class EmbedderError(TiermemError):
    """The embedder failed, or does not match the vectors already in the store."""


class ConfigError(TiermemError):
    """A configuration file or setting is invalid."""


class LLMError(TiermemError):
    """An LLM call failed or its answer was unusable; every LLM feature then falls back to its rules."""


class WorkspaceError(TiermemError):
    """A workspace file cannot be read or written safely (not UTF-8, locked past the timeout, unwritable)."""
