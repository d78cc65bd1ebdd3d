"""The stores and per-session state one hook call works with, opened lazily (a PostToolUse that learns
nothing never loads the engine). The resident helper keeps one :class:`Runtime` open between calls."""

from __future__ import annotations

import contextlib
import json
import os
import time
import traceback
from collections import Counter
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import EmbedderError, TiermemError
from ..write.provenance import trust_of
from ..write.secrets import redact, redact_json
from . import journal, rules
from .locate import Place
from .output import Recalled
from .tracker import Learning

if TYPE_CHECKING:
    from ..engine import Memory
    from ..model import MemoryRecord
    from ..providers.embedders import Embedder

MAX_LOG_BYTES = 1_000_000
STATE_KINDS = ("session", "ack", "transcript", "checkpoint")  # the per-session state files: <kind>-<key>.json
STATE_MAX_AGE_S = 2 * 86400.0
RECALL_PER_STORE = 6
MAX_QUERY_CHARS = 2000
SOURCE = "claude-code"
HOT_SHARED_WORDS = 2
# Every prompt pays for recall: a shallower candidate pool (60, not 200) keeps it ~30% cheaper at 10k
# memories, with the same top hit for most queries (measured on bench/store.py's corpus: 33 of 40).
HOOK_CONFIG = {"llm": {"background": False}, "recall": {"candidates": 60}}


class Runtime:
    def __init__(self, place: Place, *, resident: bool = False, embedder: Embedder | None = None) -> None:
        self.place = place
        self.resident = resident
        self._embedder = embedder
        self._open: dict[str, Memory] = {}

    # --- stores ---------------------------------------------------------------------------------------

    def memory(self, name: str) -> Memory | None:
        """The ``project`` or ``user`` store, opened on first use; None when there is no user store."""
        if name in self._open:
            return self._open[name]
        path = dict(self.place.stores()).get(name)
        if path is None:
            return None
        from ..engine import Memory  # lazy: the engine costs ~1 s to import and load

        try:  # the second store shares the model already loaded (loading one costs ~0.5 s)...
            opened = Memory.open(path, embedder=self._embedder, config=HOOK_CONFIG)
        except EmbedderError:  # ...unless it was built with another embedder: then its own
            opened = Memory.open(path, config=HOOK_CONFIG)
        self._embedder = self._embedder or opened.embedder
        self._open[name] = opened
        return opened

    def store_for(self, memory_type: str) -> str:
        """Corrections and preferences are the user's, wherever they were said: the user store keeps them."""
        if memory_type in journal.CORRECTION_TYPES and self.place.user is not None:
            return "user"
        return "project"

    def path_of(self, name: str) -> Path:
        return dict(self.place.stores())[name]

    def close(self) -> None:
        for memory in self._open.values():
            memory.close()
        self._open.clear()

    # --- writing learnings ------------------------------------------------------------------------------

    def learn(
        self, learning: Learning, session_id: str, event: str, store: str | None = None, *, dedup: bool = True
    ) -> MemoryRecord:
        """Store one learning and journal it; a duplicate reinforces the memory it matches."""
        name = store or self.store_for(learning.type)
        memory = self.memory(name)
        assert memory is not None
        result = memory.store(
            learning.text,
            agent_id=self.place.agent_id,
            type=learning.type,
            tags=learning.tags,
            metadata={**learning.metadata, "session_id": session_id},
            source={"type": SOURCE, "event": event, "interface": "hook", "trust": _trust(learning, event)},
            session=session_id or None,
            dedup=dedup,
        )
        self.journal(name, result.memory, session_id, event, created=result.created)
        return result.memory

    def journal(self, store: str, record: MemoryRecord, session_id: str, event: str, **extra: Any) -> None:
        journal.append(
            self.path_of(store),
            {
                "type": record.type,
                "content": record.text,
                "tags": list(record.tags),
                "session_id": session_id,
                "source": f"hook:{event}",
                "id": record.id,
                **extra,
            },
        )

    # --- recall -------------------------------------------------------------------------------------------

    def recall(self, query: str, *, exclude: Collection[str] = (), **filters: Any) -> list[Recalled]:
        """HOT and WARM hits of both stores: by tier, then the project's first, then by score."""
        found: list[tuple[int, int, float, Recalled]] = []
        wanted = rules.stems(query)
        for rank, (name, path) in enumerate(self.place.stores()):
            memory = self.memory(name) if path.is_dir() else None  # searching must not create a store
            if memory is None:
                continue
            hits = memory.search(
                query[:MAX_QUERY_CHARS], agent_id=self.place.agent_id, limit=RECALL_PER_STORE, **filters
            )
            for hit in hits:
                tier = _tier(hit.tier, len(wanted & rules.stems(" ".join((hit.memory.text, *hit.memory.tags)))))
                if tier == "cold" or hit.memory.id in exclude:
                    continue
                record = hit.memory
                item = Recalled(
                    name, record.id, record.type, record.text, tier, hit.score, record.metadata, trust_of(record.source)
                )
                found.append((0 if tier == "hot" else 1, rank, -hit.score, item))
        found.sort(key=lambda row: row[:3])
        return [row[3] for row in found]

    # --- session state --------------------------------------------------------------------------------------

    def state_file(self, session_key: str, kind: str) -> Path:
        return self.place.state_dir / f"{kind}-{session_key}.json"

    def load(self, session_key: str, kind: str) -> dict[str, Any]:
        try:
            data = json.loads(self.state_file(session_key, kind).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def save(self, session_key: str, kind: str, data: dict[str, Any]) -> None:
        """Atomic but not fsynced (unlike workspace.files.write_atomic): this runs on every tool call, and
        session state lost to a power cut costs one unpaired error, nothing more. Redacted (it keeps raw
        commands and errors: bearer tokens, keys) and 0600; a lone surrogate in a payload is escaped
        rather than making the write fail (which lost the call's state)."""
        path = self.state_file(session_key, kind)
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        text = json.dumps(redact_json(data, Counter()), ensure_ascii=False).encode("utf-8", "backslashreplace")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(text)
        os.replace(temp, path)

    def end_session(self, session_key: str) -> None:
        """The session is over: its state files go (they hold its commands and errors), and so does any
        other session's state untouched for STATE_MAX_AGE_S (sessions that never saw their SessionEnd)."""
        for kind in STATE_KINDS:
            self.forget_state(session_key, kind)
        cutoff = time.time() - STATE_MAX_AGE_S
        with contextlib.suppress(OSError):
            for path in self.place.state_dir.glob("*-*.json"):
                if path.name.split("-", 1)[0] in STATE_KINDS and path.stat().st_mtime < cutoff:
                    path.unlink(missing_ok=True)

    def forget_state(self, session_key: str, kind: str) -> None:
        with contextlib.suppress(OSError):
            self.state_file(session_key, kind).unlink()


def _trust(learning: Learning, event: str) -> str:
    """What a capture is worth trusting: the user's own words (a correction said in a prompt), a tool's
    output (PostToolUse: what a command printed), else the agent's (its transcript, checkpoints)."""
    if learning.type in journal.CORRECTION_TYPES:
        return "user"
    return "tool" if event.startswith("PostToolUse") else "agent"


def _tier(tier: str, shared_words: int) -> str:
    """Injected context must be on topic: HOT needs two of the prompt's words in the memory (the seed's
    "exact matches >= 2"), WARM one; the engine's tier, relative to a small store, is not enough alone."""
    if shared_words == 0:
        return "cold"
    return "warm" if tier == "hot" and shared_words < HOT_SHARED_WORDS else tier


def log_failure(place: Place | None, where: str, exc: BaseException) -> None:
    """Hooks never show a traceback to Claude Code: it goes to ``<store>/hooks/hooks.log``."""
    directory = place.state_dir if place is not None else None
    if directory is None:
        return
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        path = directory / "hooks.log"
        if path.exists() and path.stat().st_size > MAX_LOG_BYTES:
            path.replace(path.with_suffix(".log.1"))
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
        kind = "error" if isinstance(exc, TiermemError) else "bug"
        detail = "".join(traceback.format_exception(exc))
        entry = redact(f"{stamp} {kind} in {where}: {exc}\n{detail}\n").text  # a message may quote a prompt
        with open(os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600), "a", encoding="utf-8") as handle:
            handle.write(entry)
    except OSError:
        pass
