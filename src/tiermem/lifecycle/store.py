"""The lifecycle's view of one store and workspace: hot state, tree, counters, warm facts and MEMORY.md.

Everything here reads or writes through the backend's lifecycle tables and the workspace's atomic, locked
file helpers; the decisions themselves live in the pure modules (tiers, hot, tree).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol, TypedDict, TypeVar, cast

from ..config import LifecycleSettings
from ..model import MemoryRecord, check_agent_id
from ..results import Result
from ..storage.lifecycle import COUNTERS_DOC, HOT_DOC, TREE_DOC, LifecycleBackend
from ..workspace.files import update_text, workspace_lock
from ..workspace.layout import Workspace
from . import hot
from .tiers import WARM_STORE, TierPolicy, record_age, score_all, tier_score
from .tree import Tree

if TYPE_CHECKING:
    from ..core.port import MemoryCore

T = TypeVar("T")
DEFAULT_AGENT = "default"
HOT_BATCH = 32  # warm-store memories decoded at a time for MEMORY.md's block (about what 5 KB shows)


class Store(LifecycleBackend, Protocol):
    """The backend calls the lifecycle makes beyond its own tables."""

    def get_many(self, agent_id: str, memory_ids: Sequence[str]) -> dict[str, MemoryRecord]: ...

    def record_access(self, agent_id: str, counts: Mapping[str, int], at: datetime) -> None: ...

    def find_by_hashes(self, agent_id: str, content_hashes: Sequence[str]) -> dict[str, MemoryRecord]: ...

    def write(self) -> AbstractContextManager[None]: ...

    def meta_get(self, key: str) -> str | None: ...

    def meta_set(self, key: str, value: str) -> None: ...


def epoch(moment: datetime | None) -> float:
    return (moment or datetime.now(UTC)).timestamp()


class SeedFact(TypedDict):
    """A fact of the seed's warm-memory.json (a file format, hence a typed dict rather than a result)."""

    id: str
    text: str
    category: str
    importance: float
    created_at: float
    access_count: int
    score: float
    tier: str
    metadata: dict[str, list[str]]


@dataclass(frozen=True, slots=True)
class Counters(Result):
    """The agent's running counters (the seed's metrics.json kept these as totals)."""

    retrieval_count: int = 0
    consolidation_count: int = 0
    last_consolidation: float | None = None


@dataclass(frozen=True, slots=True)
class MemoryMdWrite(Result):
    """MEMORY.md rewritten: where, how big its block is, and how many hot memories it shows."""

    path: str
    block_bytes: int
    hot_memories: int


def seed_fact(record: MemoryRecord, now: float, policy: TierPolicy) -> SeedFact:
    """A memory as the seed's warm-memory.json holds a fact (its original id when it was imported)."""
    age = record_age(record, now)
    metadata = {key: list(record.metadata.get(key, [])) for key in ("urls", "commands", "paths")}
    return {
        "id": str(record.source.get("id") or record.id) if record.source.get("type") == "evoclaw" else record.id,
        "text": record.text,
        "category": record.category or "general",
        "importance": record.importance,
        "created_at": record.created_at.timestamp(),
        "access_count": record.access_count,
        "score": round(tier_score(record.importance, age, record.access_count, policy), 4),
        "tier": record.tier,
        "metadata": metadata,
    }


def fact_size(fact: Mapping[str, object]) -> int:
    return len(json.dumps(fact, ensure_ascii=False).encode("utf-8"))


@dataclass(frozen=True, slots=True)
class SessionStart:
    """Seed 000's session start, in parts: MEMORY.md's hot block, the tree index rendered, its node count."""

    hot_block: str
    tree: str
    tree_nodes: int

    def render(self) -> str:
        return f"{self.hot_block}\n\n{self.tree}\n"


@dataclass
class LifecycleStore:
    memory: MemoryCore
    backend: Store
    settings: LifecycleSettings
    workspace: Path
    settle: Callable[[], None]  # writes deferred access counts, so reads see every reinforcement

    @property
    def policy(self) -> TierPolicy:
        return TierPolicy.from_settings(self.settings)

    # --- documents ------------------------------------------------------------------------------

    def hot_state(self, agent_id: str) -> hot.HotState:
        doc = self.backend.doc_get(check_agent_id(agent_id), HOT_DOC)
        return cast(hot.HotState, doc) if doc else hot.empty_state()  # written by save_hot (or a backup of it)

    def save_hot(self, agent_id: str, state: hot.HotState, now: datetime) -> None:
        self.backend.doc_set(agent_id, HOT_DOC, state, now)

    def change_hot(
        self, agent_id: str, now: datetime, change: Callable[[hot.HotState], tuple[hot.HotState, list[str]]]
    ) -> tuple[hot.HotState, list[str]]:
        """Read, change and save the hot state in one transaction, so concurrent writers never lose an update."""
        with self.backend.write():
            state, pruned = change(self.hot_state(agent_id))
            self.save_hot(agent_id, state, now)
        return state, pruned

    def tree(self, agent_id: str, now: datetime, *, refresh: bool = True) -> Tree:
        """The agent's tree with fresh counts; ``refresh`` also gives new categories nodes where there is room
        (as the seed's ``store`` did), so the tree never waits for a consolidation to show them."""
        agent_id = check_agent_id(agent_id)
        tree = Tree.load(
            self.backend.doc_get(agent_id, TREE_DOC), self.backend.category_stats(agent_id), self.settings.tree
        )
        if refresh:
            tree.refresh(now.timestamp())
        return tree

    def save_tree(self, agent_id: str, tree: Tree, now: datetime) -> None:
        self.backend.doc_set(agent_id, TREE_DOC, tree.to_doc(), now)

    def change_tree(self, agent_id: str, now: datetime, change: Callable[[Tree], T], *, refresh: bool = True) -> T:
        """Load, change and save the tree in one transaction; returns what ``change`` returned."""
        with self.backend.write():
            tree = self.tree(agent_id, now, refresh=refresh)
            result = change(tree)
            self.save_tree(agent_id, tree, now)
        return result

    def counters(self, agent_id: str) -> Counters:
        found = self.backend.doc_get(agent_id, COUNTERS_DOC) or {}
        return Counters(
            int(found.get("retrieval_count") or 0),
            int(found.get("consolidation_count") or 0),
            found.get("last_consolidation"),
        )

    def save_counters(self, agent_id: str, counters: Counters, now: datetime) -> None:
        self.backend.doc_set(agent_id, COUNTERS_DOC, counters.to_dict(), now)

    def bump(
        self,
        agent_id: str,
        now: datetime,
        counter: Literal["retrieval_count", "consolidation_count"],
        last_consolidation: float | None = None,
    ) -> Counters:
        """Add one to ``counter`` (and set when the last consolidation ran: the seed summed timestamps here)."""
        with self.backend.write():
            old = self.counters(agent_id)
            counters = replace(old, **{counter: getattr(old, counter) + 1})
            if last_consolidation is not None:
                counters = replace(counters, last_consolidation=last_consolidation)
            self.save_counters(agent_id, counters, now)
        return counters

    # --- warm store -----------------------------------------------------------------------------

    def warm_facts(self, agent_id: str, memory_ids: Sequence[str], now: float) -> list[SeedFact]:
        found = self.backend.get_many(agent_id, memory_ids)
        return [seed_fact(found[m], now, self.policy) for m in memory_ids if m in found]

    def hot_memories(self, agent_id: str, now: float) -> Iterator[MemoryRecord]:
        """The warm store (tiers hot and warm): memories pinned hot first, then best score first (the hot tier
        leads, as its scores are highest).

        Scored from its columns and decoded a batch at a time, so a caller that stops early (the hot block
        fits 5 KB) reads only what it shows, however large the store grew. Access counts still deferred in
        this process are not waited for (a session start must stay a read); MEMORY.md's writers settle first.
        """
        rows = self.backend.tier_rows(agent_id, WARM_STORE)
        scores = score_all(rows, now, self.policy).scores
        pinned_hot = {m for m, pin in self.backend.pins(agent_id).items() if pin.tier == "hot"}  # lead the block
        rank = sorted(range(len(rows)), key=lambda i: (rows.ids[i] not in pinned_hot, -scores[i], rows.ids[i]))
        order = [rows.ids[i] for i in rank]
        for start in range(0, len(order), HOT_BATCH):
            batch = order[start : start + HOT_BATCH]
            found = self.backend.get_many(agent_id, batch)
            yield from (found[m] for m in batch if m in found)

    # --- MEMORY.md ------------------------------------------------------------------------------

    def memory_md_path(self, agent_id: str) -> Path:
        """MEMORY.md, or MEMORY-<agent>.md: the workspace layout (seed 000's, shared with seed 003's files)."""
        return Workspace(self.workspace, agent_id).memory_md

    def notes_dir(self, agent_id: str) -> Path:
        """Daily notes: ``memory/`` for the default agent, ``memory/<agent>/`` for the others."""
        return Workspace(self.workspace, agent_id).memory_dir

    def hot_block(self, agent_id: str, now: datetime) -> tuple[str, int]:
        """The MEMORY.md block (hot state + as many hot memories as fit) and the number of hot memories in it."""
        at = now.timestamp()
        memories = ((r.text, r.category, r.tier) for r in self.hot_memories(agent_id, at))
        return hot.render_block(
            self.hot_state(agent_id), memories, agent_id=agent_id, now=at, max_bytes=self.settings.hot.max_bytes
        )

    def write_memory_md(self, agent_id: str, now: datetime) -> MemoryMdWrite:
        """Render the block into MEMORY.md (MEMORY-<agent>.md); text outside the markers is never touched."""
        self.settle()
        block, shown = self.hot_block(agent_id, now)
        path = self.memory_md_path(agent_id)
        with workspace_lock(self.workspace):
            update_text(path, lambda old: hot.splice(old, block))
        return MemoryMdWrite(str(path), len(block.encode("utf-8")), shown)

    def session_start(self, agent_id: str, now: datetime) -> SessionStart:
        """What an agent loads at the start of every session: the hot block and the tree index."""
        block, _ = self.hot_block(agent_id, now)
        tree = self.tree(agent_id, now)
        return SessionStart(block, tree.render(), len(tree.nodes))
