"""``mem.workspace``: the file workspace (MEMORY.md, daily logs, threads) as the store sees it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from ..core.items import now_or
from ..core.port import MemoryCore
from ..lifecycle.service import lifecycle_for
from ..workspace import service
from ..workspace.budget import SessionContext


class WorkspaceNamespace:
    def __init__(self, core: MemoryCore) -> None:
        self._core = core

    def context(
        self,
        message: str,
        *,
        agent_id: str = "default",
        budget_tokens: int = 2000,
        now: object = None,
        workspace: str | Path | None = None,
        index: bool = True,
    ) -> SessionContext:
        """The agent's memory for ``message`` in one labelled block within ``budget_tokens``: the
        workspace's phases (orientation, resumption, threads, MEMORY.md, events) and recalled memories,
        with ``.metadata`` saying what was loaded and why. ``index=False`` skips re-indexing the files."""
        core, moment = self._core, now_or(now)

        def session_start(root: Path | None, agent: str, at: datetime) -> tuple[str, str, int]:
            start = lifecycle_for(core, root).session_start(agent_id=agent, now=at)
            return start.hot_block, start.tree, start.tree_nodes

        return service.build_context(
            core,
            core.backend,
            message,
            agent_id=agent_id,
            budget_tokens=budget_tokens,
            now=moment,
            workspace=workspace,
            index=index,
            reinforce=lambda agent, ids: core.record_access(agent, ids, moment),
            session_start=session_start,
        )

    def sync(
        self,
        *,
        agent_id: str = "default",
        workspace: str | Path | None = None,
        rebuild: bool = False,
        quick: bool = False,
    ) -> service.SyncReport:
        """Index the workspace files for recall by checksum (``rebuild``: from scratch; ``quick``: older logs
        only every minute, as each context does); say what changed."""
        root = service.require_root(self._core, workspace)
        return service.sync(self._core, self._core.backend, root, agent_id, rebuild=rebuild, quick=quick)

    def root(self, workspace: str | Path | None = None) -> Path | None:
        """The workspace directory: given, configured, or the store's parent for ``<dir>/.tiermem``."""
        return service.workspace_root(self._core, workspace)
