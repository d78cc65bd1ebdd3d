"""Fixtures for the LLM tests: the scripted server and stores configured to use it (fast timeouts)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from llm_server import LLMServer, llm_server
from tiermem import Memory

TIMEOUT_S = 0.3  # the client gives up after this; Reply.timeout() answers later
PROTOCOLS = ("openai", "complete")


@pytest.fixture
def server() -> Iterator[LLMServer]:
    with llm_server() as running:
        yield running


def llm_config(server: LLMServer, protocol: str = "openai", **extra: Any) -> dict[str, Any]:
    url = server.openai_url if protocol == "openai" else server.complete_url
    section = {
        "provider": protocol,
        "base_url": url,
        "timeout_s": TIMEOUT_S,
        "backoff_s": 0.01,
        "background": False,
        **extra,
    }
    return {"llm": section}


@pytest.fixture
def open_llm_memory(open_memory: Callable[..., Memory], server: LLMServer, store_path: Path) -> Callable[..., Memory]:
    """``open_llm_memory(protocol="openai", **llm_settings)``: a store using the scripted server."""

    def opener(protocol: str = "openai", path: Path | None = None, **extra: Any) -> Memory:
        return open_memory(path or store_path, config=llm_config(server, protocol, **extra))

    return opener
