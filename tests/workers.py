"""Functions run in child processes by the concurrency tests (importable by multiprocessing's spawn)."""

from __future__ import annotations

import traceback
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from typing import Any


def store_texts(path: str, texts: list[str], barrier: Barrier, results: Queue[tuple[str, str, Any]], tag: str) -> None:
    """Open the store, wait for every sibling, then store ``texts`` one call at a time (like hooks do)."""
    try:
        from tiermem import Memory

        with Memory.open(path) as mem:
            mem.embedder.embed(["warm up the model before the race"])
            barrier.wait(timeout=120)
            outcome: list[dict[str, Any]] = []
            for text in texts:
                result = mem.store(text, source={"type": "worker", "worker": tag})
                outcome.append({"id": result.id, "created": result.created, "reason": result.reason})
        results.put((tag, "ok", outcome))
    except BaseException:
        results.put((tag, "error", traceback.format_exc()))
        raise
