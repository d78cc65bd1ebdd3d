"""The tiered memory lifecycle of one store and workspace (seed 000): what ``Memory`` delegates to.

Get one with ``Memory.lifecycle(workspace)``. Every method takes the agent id, and ``now`` (a simulated
clock for tests and benchmarks; the current time by default). LLM-capable methods take an optional client
with ``complete(prompt) -> str``; without one, or when it fails, they use their rules and say so
(``mode``, ``llm_fallback``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import NotFoundError, ValidationError
from ..model import check_agent_id, check_text, to_datetime
from ..providers.llm import LLMClient
from ..results import Result, optional
from ..storage.base import LocalFile
from ..storage.lifecycle import Pin, Transition
from ..write.secrets import redact_json
from . import consolidate as consolidation
from . import distill as distiller
from . import evoclaw, history, hot, notes
from . import metrics as measures
from .consolidate import Consolidation
from .distill import Distillation
from .evoclaw import EvoClawExport, EvoClawImport
from .history import TierTimeline
from .metrics import Metrics
from .notes import CheckedNote, FileMetadataOf, IngestReport
from .retrieve import EVIDENCE_HITS, RetrieveResult, retrieve, search_evidence
from .store import LifecycleStore, MemoryMdWrite, SessionStart
from .tiers import explain_score, record_age
from .tree import LLM_TOP_K, Tree, TreeHit

if TYPE_CHECKING:
    from ..core.port import MemoryCore

MAX_LIMIT = 1000


@dataclass(frozen=True, slots=True, kw_only=True)
class HotChange(Result):
    """The hot state changed (``updated``: the key) or its limits re-applied (``rebuilt``), and MEMORY.md."""

    updated: str | None = optional()
    rebuilt: bool = optional(False)
    pruned: list[str]
    hot_memory_size_bytes: int
    memory_md: MemoryMdWrite


@dataclass(frozen=True, slots=True)
class CriticalState(Result):
    """The seed's critical sync payload and the pins (memory id -> {tier, at})."""

    hot_state: hot.HotState
    tree_nodes: dict[str, Any]
    timestamp: float
    pins: dict[str, Pin]


@dataclass(frozen=True, slots=True, kw_only=True)
class TreeChange(Result):
    """The paths a tree edit added, removed or pruned (one of them), and the tree's size after it."""

    added: list[str] | None = optional()
    removed: list[str] | None = optional()
    pruned: list[str] | None = optional()
    nodes: int
    size_bytes: int


@dataclass(frozen=True, slots=True)
class TreeSearch(Result):
    """The seed's tree search: the categories a query is about, best first, and which path chose them."""

    query: str
    mode: str
    llm_fallback: str | None
    results: list[TreeHit]


@dataclass(frozen=True, slots=True)
class UrlHit(Result):
    id: str
    text: str
    category: str | None
    metadata: dict[str, list[str]]  # urls, commands, paths


@dataclass(frozen=True, slots=True)
class UrlSearch(Result):
    query: str
    results_count: int
    results: list[UrlHit]


@dataclass(frozen=True, slots=True)
class Why(Result):
    """Where a memory lives and why: its score now, factor by factor, and the tier changes it went through."""

    id: str
    exists: bool
    text: str
    tier: str
    pinned: Pin | None
    scored_at: str
    score: dict[str, Any]
    transitions: list[Transition]


@dataclass(frozen=True, slots=True)
class Gone(Result):
    """A purged memory: only the tier changes recorded before it went (``exists`` is False)."""

    id: str
    exists: bool
    transitions: list[Transition]


def _now(now: object) -> datetime:
    return to_datetime("now", now) or datetime.now(UTC)


def _limit(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_LIMIT:
        raise ValidationError(f"limit must be a whole number from 1 to {MAX_LIMIT}, got {value!r}")
    return value


def lifecycle_for(core: MemoryCore, workspace: str | Path | None = None) -> LifecycleService:
    """The lifecycle of a store for the workspace that holds MEMORY.md and memory/ (default: the store
    directory's parent; a database store needs one given or configured)."""
    if workspace is None and not isinstance(core.backend, LocalFile):  # no directory to sit beside
        workspace = core.settings.workspace.root
        if not workspace:
            raise ValidationError(
                f"the store {core.location} is a database: give the workspace that holds MEMORY.md "
                "(or set workspace.root in the settings)"
            )
    root = Path(workspace) if workspace is not None else core.path.parent
    return LifecycleService(core, root)


class LifecycleService:
    def __init__(self, core: MemoryCore, workspace: Path) -> None:
        settings = core.settings.lifecycle
        self._store = LifecycleStore(core, core.backend, settings, Path(workspace).expanduser(), core.settle)

    @property
    def workspace(self) -> Path:
        return self._store.workspace

    # --- hot state --------------------------------------------------------------------------------

    def hot(self, *, agent_id: str = "default") -> hot.HotState:
        return self._store.hot_state(agent_id)

    def update_hot(self, key: str, value: object, *, agent_id: str = "default", now: object = None) -> HotChange:
        """``hot --update KEY JSON``: change the hot state within its limits and re-render MEMORY.md."""
        moment = _now(now)
        limits = self._store.settings.hot
        # Always redacted (no opt-out): every face (CLI, REST, MCP) lands here, and the hot state is rendered
        # into MEMORY.md, a file people commit.
        clean = redact_json(value, Counter())
        state, pruned = self._store.change_hot(
            agent_id,
            moment,
            lambda old: hot.enforce_limits(hot.apply_update(old, key, clean, moment.timestamp()), limits),
        )
        return HotChange(
            updated=key,
            pruned=pruned,
            hot_memory_size_bytes=hot.size_bytes(state),
            memory_md=self._store.write_memory_md(agent_id, moment),
        )

    def rebuild_memory_md(self, *, agent_id: str = "default", now: object = None) -> HotChange:
        """``hot --rebuild``: re-apply the limits (they may have been lowered) and rewrite the block."""
        moment = _now(now)
        limits = self._store.settings.hot
        state, pruned = self._store.change_hot(agent_id, moment, lambda old: hot.enforce_limits(old, limits))
        return HotChange(
            rebuilt=True,
            pruned=pruned,
            hot_memory_size_bytes=hot.size_bytes(state),
            memory_md=self._store.write_memory_md(agent_id, moment),
        )

    def session_context(self, *, agent_id: str = "default", now: object = None) -> str:
        """What an agent loads at every session start: MEMORY.md's hot block and the tree index."""
        return self.session_start(agent_id=agent_id, now=now).render()

    def session_start(self, *, agent_id: str = "default", now: object = None) -> SessionStart:
        """:meth:`session_context` in its parts (the hot block, the tree), for the context assembly."""
        return self._store.session_start(check_agent_id(agent_id), _now(now))

    def critical_state(self, *, agent_id: str = "default", now: object = None) -> CriticalState:
        """The seed's critical sync payload ``{hot_state, tree_nodes, timestamp}``, and the pins (tiers set by
        hand, which a restore puts back)."""
        moment = _now(now)
        tree = self._store.tree(agent_id, moment)
        pins = self._store.backend.pins(check_agent_id(agent_id))
        return CriticalState(self._store.hot_state(agent_id), tree.seed_dict(), moment.timestamp(), pins)

    def restore_pins(self, pins: dict[str, dict[str, Any]], *, agent_id: str = "default") -> int:
        """Put back pins of :meth:`critical_state` on the memories that exist here; how many."""
        agent_id = check_agent_id(agent_id)
        found = self._store.backend.get_many(agent_id, list(pins))
        for memory_id in found:
            pin = pins[memory_id]
            self._store.backend.set_pin(agent_id, memory_id, str(pin["tier"]), _now(pin.get("at")))
        return len(found)

    # --- tree -------------------------------------------------------------------------------------

    def tree(self, *, agent_id: str = "default", now: object = None) -> Tree:
        return self._store.tree(agent_id, _now(now))

    def tree_add(self, path: str, desc: str, *, agent_id: str = "default", now: object = None) -> TreeChange:
        return self._change_tree(agent_id, now, lambda tree, at: _sized(tree, added=tree.add(path, desc, at)))

    def tree_remove(self, path: str, *, agent_id: str = "default", now: object = None) -> TreeChange:
        return self._change_tree(agent_id, now, lambda tree, at: _sized(tree, removed=tree.remove(path)))

    def tree_prune(self, *, agent_id: str = "default", now: object = None) -> TreeChange:
        days = self._store.settings.tree.prune_after_days
        return self._change_tree(agent_id, now, lambda tree, at: _sized(tree, pruned=tree.prune(at, days)))

    def _change_tree(self, agent_id: str, now: object, action: Callable[[Tree, float], TreeChange]) -> TreeChange:
        moment = _now(now)
        return self._store.change_tree(agent_id, moment, lambda tree: action(tree, moment.timestamp()))

    def tree_search(
        self,
        query: str,
        *,
        agent_id: str = "default",
        llm: LLMClient | None = None,
        top_k: int = LLM_TOP_K,
        now: object = None,
    ) -> TreeSearch:
        """The seed's tree_search.py: categories for a query (LLM, or keyword when there is none or it fails)."""
        moment = _now(now)
        tree = self._store.tree(agent_id, moment)
        check_text(query)

        def evidence() -> dict[str, list[str]]:
            hits = self._store.memory.search(query, agent_id=agent_id, limit=EVIDENCE_HITS, now=moment, reinforce=False)
            return search_evidence(self._store, agent_id, tree, hits)

        found = tree.search(query, moment.timestamp(), llm, _limit(top_k), evidence)
        return TreeSearch(query, found.mode, found.llm_fallback, found.value)

    def tree_prompt(self, query: str, *, agent_id: str = "default", now: object = None) -> str:
        """The LLM tree-search prompt, for an external LLM (``--llm-prompt-file``)."""
        return self._store.tree(agent_id, _now(now)).llm_prompt(check_text(query))

    # --- retrieval --------------------------------------------------------------------------------

    def retrieve(
        self,
        query: str,
        *,
        agent_id: str = "default",
        limit: int = 5,
        llm: LLMClient | None = None,
        now: object = None,
    ) -> RetrieveResult:
        return retrieve(self._store, check_agent_id(agent_id), query, limit=_limit(limit), llm=llm, now=_now(now))

    def search_url(self, fragment: str, *, agent_id: str = "default", limit: int = 5) -> UrlSearch:
        """The seed's ``search-url``: memories whose metadata URLs contain ``fragment``."""
        if not isinstance(fragment, str) or not fragment.strip() or len(fragment) > 2000:
            raise ValidationError("give a URL fragment to look for, e.g. --url github.com")
        found = self._store.backend.find_by_url(check_agent_id(agent_id), fragment.strip(), _limit(limit))
        results = [
            UrlHit(r.id, r.text, r.category, {k: r.metadata.get(k, []) for k in ("urls", "commands", "paths")})
            for r in found
        ]
        return UrlSearch(fragment.strip(), len(results), results)

    # --- distillation and daily notes ---------------------------------------------------------------

    def distill(self, text: str, *, llm: LLMClient | None = None, core_summary: bool = False) -> Distillation:
        return distiller.distill(check_text(text), self._store.settings.distillation, llm, with_summary=core_summary)

    def ingest_daily(
        self,
        *,
        agent_id: str = "default",
        days: int | None = None,
        dry_run: bool = False,
        now: object = None,
        interface: str = "python",
    ) -> IngestReport:
        """``interface``: the face the facts arrive through, as their source says (cli, rest, mcp...)."""
        chosen = self._store.settings.daily.days if days is None else days
        agent = check_agent_id(agent_id)
        return notes.ingest_daily(self._store, agent, days=chosen, dry_run=dry_run, now=_now(now), interface=interface)

    def validate(self, path: Path | None = None, *, agent_id: str = "default", now: object = None) -> CheckedNote:
        return notes.validate(self._store, check_agent_id(agent_id), path, _now(now))

    def extract_metadata(self, path: Path) -> FileMetadataOf:
        return notes.metadata(path)

    # --- tiers, consolidation, metrics ----------------------------------------------------------------

    def consolidate(
        self,
        mode: str = "quick",
        *,
        agent_id: str = "default",
        now: object = None,
        dry_run: bool = False,
        interface: str = "python",
    ) -> Consolidation:
        """Rescore and re-tier, maintain the tree and MEMORY.md; ``dry_run``: only report what would move or be
        deleted."""
        return consolidation.consolidate(
            self._store, agent_id, mode, now=_now(now), dry_run=bool(dry_run), interface=interface
        )

    def schedule(self, command: str) -> list[dict[str, str]]:
        return consolidation.cron_schedule(self._store.settings.consolidation, command)

    def why(self, memory_id: str, *, agent_id: str = "default", now: object = None) -> Why | Gone:
        """Where a memory lives and why: its score now, factor by factor, and every tier change it went through."""
        agent_id = check_agent_id(agent_id)
        moment = _now(now)
        try:
            record = self._store.memory.get(memory_id, agent_id=agent_id)
        except NotFoundError:
            gone = self._store.backend.transitions(agent_id, memory_id.strip(), limit=MAX_LIMIT)
            if not gone:
                raise
            return Gone(memory_id.strip(), False, gone)
        found = self._store.backend.transitions(agent_id, record.id, limit=MAX_LIMIT)
        age = record_age(record, moment.timestamp())
        score = explain_score(record.importance, age, record.access_count, self._store.policy)
        pin = self._store.backend.pins(agent_id).get(record.id)
        scored_at = moment.astimezone(UTC).isoformat(timespec="seconds")  # the clock the score used
        return Why(record.id, True, record.text, record.tier, pin, scored_at, score, found)

    def pins(self, *, agent_id: str = "default") -> dict[str, dict[str, Any]]:
        """The agent's pinned memories: id -> {tier, at} (pin with ``Memory.update(id, tier=...)``, unpin with
        ``tier="auto"``)."""
        return {mid: pin.to_dict() for mid, pin in self._store.backend.pins(check_agent_id(agent_id)).items()}

    def metrics(self, *, agent_id: str = "default", now: object = None) -> Metrics:
        return measures.metrics(self._store, agent_id, _now(now))

    def transitions(self, *, agent_id: str = "default", limit: int = 100, since: object = None) -> list[dict[str, Any]]:
        """The agent's latest tier changes, newest first (what faded, what came back, and why)."""
        found = self._store.backend.transitions(
            check_agent_id(agent_id), since=to_datetime("since", since), limit=_limit(limit)
        )
        return [t.to_dict() for t in found]

    def tier_history(self, *, agent_id: str = "default", points: int = 60, now: object = None) -> TierTimeline:
        """Tier sizes and store size over time, from the first memory to now, rebuilt from the transitions."""
        agent_id = check_agent_id(agent_id)
        self._store.settle()
        rows = self._store.backend.tier_rows(agent_id)
        moves = self._store.backend.transitions(agent_id, limit=10**9)
        return history.tier_timeline(rows, moves, _now(now).timestamp(), _limit(points))

    # --- EvoClaw ----------------------------------------------------------------------------------

    def import_evoclaw(self, directory: Path, *, agent_id: str | None = None, now: object = None) -> EvoClawImport:
        only = None if agent_id is None else check_agent_id(agent_id)
        return evoclaw.import_workspace(self._store, Path(directory).expanduser(), agent_id=only, now=_now(now))

    def export_evoclaw(
        self, directory: Path, *, agent_id: str = "default", force: bool = False, now: object = None
    ) -> EvoClawExport:
        return evoclaw.export_workspace(
            self._store, Path(directory).expanduser(), agent_id=check_agent_id(agent_id), now=_now(now), force=force
        )


def _sized(tree: Tree, **paths: list[str]) -> TreeChange:
    """A tree edit's report: the paths it changed (arguments evaluated first, so the size is the one after it)."""
    return TreeChange(**paths, nodes=len(tree.nodes), size_bytes=tree.size_bytes())
