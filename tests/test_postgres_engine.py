"""The engine and recall suites again, on a PostgreSQL store: ``Memory.open("postgresql://...")``.

Every test of test_engine.py and test_recall.py runs unchanged, with the store its fixtures open replaced by a
fresh PostgreSQL database (tests/pg.py starts the server).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

import pg
from test_engine import *  # noqa: F403
from test_recall import *  # noqa: F403
from tiermem import Memory


@pytest.fixture
def store_path() -> str:
    """test_engine.py's stores (through conftest's ``open_memory``)."""
    return pg.database_url()


@pytest.fixture  # type: ignore[no-redef]  # on purpose: replaces the star-imported fixture of test_recall.py
def mem(open_memory: Callable[..., Memory]) -> Iterator[Memory]:  # replaces test_recall.py's SQLite store
    yield open_memory()
