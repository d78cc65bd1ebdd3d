"""Seed 000's cloud side: archive memories to the cold store, sync the critical state after important
conversations, and restore both onto a fresh device ("the device is replaceable").

* ``push``: the agent's cold and frozen memories (``everything``: every memory, forgotten and superseded
  included, which makes the archive a full backup) are upserted into ``cold_memories``, whole.
* ``sync_critical``: the seed's ``{hot_state, tree_nodes, timestamp}`` into ``critical_state``.
* ``restore``: archived memories back into the store exactly (same ids, times, tiers, counters; vectors
  re-embedded), then the hot state and the tree's nodes. The critical state is in the seed's own file formats
  (``hot-memory-state.json``, ``memory-tree.json``), so it goes back through the EvoClaw importer, the one
  path that checks and loads them.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from .errors import NotFoundError
from .lifecycle.service import lifecycle_for
from .model import StoreItem, check_agent_id
from .storage.turso import ColdArchive, record_from_dict

if TYPE_CHECKING:
    from .core.port import MemoryCore

COLD_TIERS = ("cold", "frozen")
PAGE = 5000


class Pushed(TypedDict):
    agent_id: str
    archived: int
    scope: str  # "cold tier" or "everything"


class Synced(TypedDict):
    agent_id: str
    synced: bool
    bytes: int
    timestamp: float


class CriticalRestore(TypedDict, total=False):
    """The critical state brought back (the importer's results as JSON), when one was archived."""

    hot_state: dict[str, Any]
    tree: dict[str, Any]
    synced_at: float | None
    pins: int
    memory_md: dict[str, Any]


class Restored(CriticalRestore):
    """What ``restore`` brought back; its JSON lists the counts, the critical state, then the seconds taken."""

    agent_id: str
    archived: int
    restored_memories: int
    seed_rows_stored: int
    seconds: float


def push(memory: MemoryCore, archive: ColdArchive, agent_id: str, *, everything: bool = False) -> Pushed:
    """Archive the agent's cold tier (or every memory): how many were sent."""
    agent_id = check_agent_id(agent_id)
    filters: dict[str, Any] = (
        {"include_forgotten": True, "include_superseded": True} if everything else {"tier": list(COLD_TIERS)}
    )
    sent, offset = 0, 0
    while True:
        page = memory.list(agent_id=agent_id, limit=PAGE, offset=offset, order="oldest", **filters)
        sent += archive.archive(page)
        if len(page) < PAGE:
            break
        offset += PAGE
    return {"agent_id": agent_id, "archived": sent, "scope": "everything" if everything else "cold tier"}


def sync_critical(
    memory: MemoryCore, archive: ColdArchive, agent_id: str, *, workspace: str | Path | None = None, now: object = None
) -> Synced:
    """The seed's critical sync: hot state, tree and timestamp, after every important conversation."""
    agent_id = check_agent_id(agent_id)
    state = lifecycle_for(memory, workspace).critical_state(agent_id=agent_id, now=now)
    size = archive.save_critical(agent_id, state.to_dict())
    return {"agent_id": agent_id, "synced": True, "bytes": size, "timestamp": state.timestamp}


def restore(
    memory: MemoryCore, archive: ColdArchive, agent_id: str, *, workspace: str | Path | None = None
) -> Restored:
    """Bring the agent back on this store: archived memories, then hot state and tree; timed."""
    agent_id = check_agent_id(agent_id)
    started = time.perf_counter()
    state = archive.load_critical(agent_id)
    archived = list(archive.records(agent_id))
    if state is None and not archived:
        raise NotFoundError(f"the cold archive holds nothing for agent {agent_id!r}; run `tiermem sync-critical` first")
    whole = [record_from_dict(found) for found in archived if "type" in found]
    # Rows the seed archived carry only text, category, importance, time and accesses: stored anew.
    seed_rows = [_seed_item(found) for found in archived if "type" not in found]
    restored = memory.adopt(whole)
    stored = sum(r.created for r in memory.store_many(seed_rows, agent_id=agent_id))
    critical = _restore_critical(memory, workspace, agent_id, state) if state is not None else CriticalRestore()
    return Restored(
        agent_id=agent_id,
        archived=len(archived),
        restored_memories=restored,
        seed_rows_stored=stored,
        **critical,
        seconds=round(time.perf_counter() - started, 3),
    )


def _restore_critical(
    memory: MemoryCore, workspace: str | Path | None, agent_id: str, state: dict[str, Any]
) -> CriticalRestore:
    """The hot state and tree through the EvoClaw importer (the seed's files), then pins and MEMORY.md."""
    lifecycle = lifecycle_for(memory, workspace)
    with tempfile.TemporaryDirectory(prefix="tiermem-restore-") as scratch:
        _write_seed_files(Path(scratch), agent_id, state)
        imported = lifecycle.import_evoclaw(Path(scratch), agent_id=agent_id).agents[agent_id]
    return CriticalRestore(
        hot_state=imported.hot_state.to_dict(),
        tree=imported.tree.to_dict(),
        synced_at=state.get("timestamp"),
        pins=lifecycle.restore_pins(state.get("pins") or {}, agent_id=agent_id),
        memory_md=lifecycle.rebuild_memory_md(agent_id=agent_id).memory_md.to_dict(),
    )


def _seed_item(row: dict[str, Any]) -> StoreItem:
    return {"text": row["text"], "category": row["category"], "importance": row["importance"],
            "created_at": row["created_at"], "source": {"type": "turso", "id": row["id"]}}  # fmt: skip


def _write_seed_files(root: Path, agent_id: str, state: dict[str, Any]) -> None:
    """The critical state as the seed's two files, laid out as an EvoClaw workspace holds them."""
    folder = root / "memory" if agent_id == "default" else root / "memory" / agent_id
    folder.mkdir(parents=True)
    (folder / "hot-memory-state.json").write_text(json.dumps(state.get("hot_state") or {}), encoding="utf-8")
    (folder / "memory-tree.json").write_text(json.dumps(state.get("tree_nodes") or {}), encoding="utf-8")
