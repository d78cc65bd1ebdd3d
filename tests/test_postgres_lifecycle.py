"""The lifecycle suite (tiers, transitions, hot state, tree, retrieval, consolidation) again, on PostgreSQL.

test_lifecycle_service.py runs unchanged with its store replaced by a fresh PostgreSQL database whose settings
name the workspace (a database store has no directory to sit beside). Two tests about that directory do not apply.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import pg
from test_lifecycle_service import *  # noqa: F403
from tiermem import Memory

# About the embedded store's directory, which a database does not have: where the workspace defaults to, and
# the config.json written into the store directory.
del test_workspace_defaults_to_the_stores_parent  # noqa: F821
del test_seed_config_keys_are_accepted  # noqa: F821


@pytest.fixture
def store_path() -> str:
    return pg.database_url()


@pytest.fixture
def open_memory(store_path: str, workspace: Path, embedder: Any) -> Iterator[Callable[..., Memory]]:
    """conftest's opener, with the workspace in the settings."""
    opened: list[Memory] = []

    def opener(path: str | None = None, **kwargs: Any) -> Memory:
        config = kwargs.pop("config", None) or {}
        config = {**config, "workspace": {**config.get("workspace", {}), "root": str(workspace)}}
        memory = Memory.open(path or store_path, embedder=kwargs.pop("embedder", embedder), config=config, **kwargs)
        opened.append(memory)
        return memory

    yield opener
    for memory in opened:
        memory.close()
