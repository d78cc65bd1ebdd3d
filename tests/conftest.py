"""Shared fixtures: the offline embedder (loaded once per process), stores in temporary directories, and
the storage backends the contract suite runs against.

Adding a backend to the contract suite: write a factory ``(tmp_path) -> opener`` where ``opener()`` returns a
new connection to one fresh, empty store (every call reaches the same store, as another process would),
and add it to :data:`BACKEND_FACTORIES`. Everything in ``test_contract.py`` then runs against it too.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from builders import DIMS
from llm_support import open_llm_memory, server  # noqa: F401 - the scripted LLM server fixtures
from tiermem import Memory
from tiermem.providers.embedders import WordLlamaEmbedder
from tiermem.storage.base import Backend
from tiermem.storage.sqlite import SQLiteBackend

# `tiermem hook` processes started by any test answer in-process (no resident helper outliving the run) and
# never read or create the real ~/.tiermem: the hook tests that want either set these themselves.
os.environ["TIERMEM_HOOK_HELPER"] = "0"
os.environ["TIERMEM_USER_HOME"] = "off"

settings.register_profile("tiermem", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("tiermem")

BackendOpener = Callable[[], Backend]


def _sqlite_factory(tmp_path: Path) -> BackendOpener:
    directory = tmp_path / "sqlite-backend"
    directory.mkdir()
    return lambda: SQLiteBackend(directory)


def _postgres_factory(tmp_path: Path) -> BackendOpener:
    """A fresh database on this process's throwaway cluster (tests/pg.py; skipped or, under CI, failed
    when no PostgreSQL with pgvector can start)."""
    import pg
    from tiermem.storage.postgres import PostgresBackend

    url = pg.database_url()
    return lambda: PostgresBackend(url, pool_max=4)


#: name -> factory; the ``backend`` fixture is parameterised over these
BACKEND_FACTORIES: dict[str, Callable[[Path], BackendOpener]] = {
    "sqlite": _sqlite_factory,
    "postgres": _postgres_factory,
}


@pytest.fixture(params=sorted(BACKEND_FACTORIES))
def open_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[BackendOpener]:
    """Opens connections to one fresh store of the parameterised backend; all are closed afterwards."""
    make = BACKEND_FACTORIES[request.param](tmp_path)
    opened: list[Backend] = []

    def opener() -> Backend:
        backend = make()
        opened.append(backend)
        # The engine records the embedder identity before any vector is written; backends rely on it.
        with backend.write():
            backend.meta_set("embedder_name", "contract-test")
            backend.meta_set("embedder_dims", str(DIMS))
        return backend

    yield opener
    for backend in opened:
        backend.close()


@pytest.fixture
def backend(open_backend: BackendOpener) -> Backend:
    return open_backend()


@pytest.fixture(scope="session")
def embedder() -> WordLlamaEmbedder:
    """The offline default embedder; its model is loaded once per process and shared."""
    return WordLlamaEmbedder()


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    return tmp_path / "store"


@pytest.fixture
def open_memory(store_path: Path, embedder: WordLlamaEmbedder) -> Iterator[Callable[..., Memory]]:
    """``open_memory(path=store_path, **kwargs)`` opens a store with the shared embedder; closed at teardown."""
    opened: list[Memory] = []

    def opener(path: Path | None = None, **kwargs: Any) -> Memory:
        kwargs.setdefault("embedder", embedder)
        memory = Memory.open(path or store_path, **kwargs)
        opened.append(memory)
        return memory

    yield opener
    for memory in opened:
        memory.close()


@pytest.fixture
def mem(open_memory: Callable[..., Memory]) -> Memory:
    return open_memory()
