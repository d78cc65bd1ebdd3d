"""Engine-side work on a workspace, called by ``Memory``'s methods (which pass themselves and their backend):
keep the files indexed in the store, and assemble ``Memory.context``.

Indexing is by checksum. A manifest in the store's meta table records each file's checksum, size and
modification time, and the ids of its pieces; a file whose size and time have not moved is not even read.
A changed file keeps the memories of its unchanged leading lines (daily logs only grow at the end), the
pieces after the first change are re-stored in order (so neighbour lifting stays right), pieces that moved
are purged and re-stored, and pieces whose text left the file are forgotten. Everything is rebuildable from
the files (``rebuild=True``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import time
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import NotFoundError, StoreError, ValidationError
from ..model import Hit, check_agent_id
from ..text import tokens
from .budget import Budget, BudgetConfig, LoadedContent, SessionContext
from .chunks import Chunk, event_chunks, markdown_chunks
from .events import parse_events
from .files import read_text, workspace_lock
from .layout import Workspace
from .loader import MemoryLoader, describe, seal
from .markdown import HOT_END

if TYPE_CHECKING:
    from ..engine import Memory
    from ..storage.base import Backend

STORE_DIR = ".tiermem"
MIN_BUDGET, MAX_BUDGET = 100, 200_000
_NODES = re.compile(r"^Nodes: (\d+)/", re.MULTILINE)  # the tree render's node count (seed 000's tree --show)
SHOWN_SHARE = 0.85  # a recalled memory whose words are mostly in the block already adds nothing
FULL_SCAN_S = 60.0  # how stale a quick index check may let an edit of an old daily log get
RECENT_LOGS = 14  # the newest logs a quick check always looks at (today's grows at every session end)


def workspace_root(memory: Memory, workspace: str | Path | None = None) -> Path | None:
    """The workspace directory: given, configured, or the store's parent for ``<dir>/.tiermem``."""
    configured = memory.settings.workspace.root
    if workspace is not None:
        return Path(workspace).expanduser()
    if configured:
        return Path(configured).expanduser()
    try:
        store: Path | None = memory.path
    except StoreError:  # a database store has no directory to sit beside
        store = None
    return store.parent if store is not None and store.name == STORE_DIR else None


def require_root(memory: Memory, workspace: str | Path | None = None) -> Path:
    root = workspace_root(memory, workspace)
    if root is None:
        raise ValidationError("no workspace: pass one, or set workspace.root in the store's config.json")
    return root


def indexable(space: Workspace, known: dict[str, list[Any]] | None = None) -> dict[str, tuple[str, list[int]]]:
    """The files recall indexes (MEMORY.md, the daily logs, threads, archive, events): relative path ->
    (path, [modification time ns, size]). With ``known`` (the manifest), only the top-level files, the
    newest logs and logs it does not know are checked; older logs are taken as the manifest has them."""
    fixed = [(space.rel(p), str(p)) for p in (space.memory_md, space.threads, space.archive, space.events)]
    files: dict[str, tuple[str, list[int]]] = {}
    for position, (rel, path) in enumerate([*fixed, *space.daily_log_files()]):
        if known is not None and position >= len(fixed) + RECENT_LOGS and rel in known:
            files[rel] = (path, known[rel][1:])
            continue
        try:
            info = os.stat(path)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            files[rel] = (path, [info.st_mtime_ns, info.st_size])
    return files


def chunks_of(rel: str, text: str) -> list[Chunk]:
    if rel.endswith(".json"):
        return event_chunks(rel, parse_events(text)[0])
    return markdown_chunks(rel, text)


@dataclass
class SyncReport:
    root: str
    files: int = 0
    reindexed: list[str] = field(default_factory=list)
    added: int = 0
    moved: int = 0
    forgotten: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class _Index:
    """The manifest (``workspace:<agent>``) and each file's piece ids (``workspace:<agent>:<file>``)."""

    def __init__(self, backend: Backend, agent_id: str) -> None:
        self.backend, self.key = backend, f"workspace:{agent_id}"
        raw = backend.meta_get(self.key)
        loaded = json.loads(raw) if raw else {}
        self.root: str | None = loaded.get("root")
        self.files: dict[str, list[Any]] = loaded.get("files", {})  # rel -> [checksum, mtime_ns, size]
        self.scanned: float = loaded.get("scanned", 0.0)  # when every file was last checked (epoch s)

    def ids(self, rel: str) -> list[list[str]]:  # [[memory id, chunk key], ...] in file order
        raw = self.backend.meta_get(f"{self.key}:{rel}")
        return json.loads(raw) if raw else []

    def set_ids(self, rel: str, ids: list[list[str]]) -> None:
        self.backend.meta_set(f"{self.key}:{rel}", json.dumps(ids))

    def save(self) -> None:
        self.backend.meta_set(self.key, json.dumps({"root": self.root, "files": self.files, "scanned": self.scanned}))


def sync(
    memory: Memory, backend: Backend, root: Path, agent_id: str, *, rebuild: bool = False, quick: bool = False
) -> SyncReport:
    """Bring the store's index of the workspace up to date with its files. ``quick`` (what each context
    does) checks older logs only every FULL_SCAN_S seconds: an edit of an old log is seen within a minute."""
    space = Workspace(root, check_agent_id(agent_id))
    where = str(root.resolve())
    report = SyncReport(where)
    seen = _Index(backend, agent_id)
    trusted = quick and not rebuild and seen.root == where and time.time() - seen.scanned < FULL_SCAN_S
    files = indexable(space, seen.files if trusted else None)
    report.files = len(files)
    if not rebuild and seen.root == where and _unchanged(seen, files):
        if not trusted:  # a full scan found nothing: remember when, so quick checks may trust it a while
            seen.scanned = time.time()
            seen.save()
        return report  # the common case, without a lock or a read: nothing moved
    with workspace_lock(root), backend.write():
        index = _Index(backend, agent_id)
        index.scanned = 0.0 if trusted else time.time()
        if rebuild or index.root != where:
            _drop_everything(memory, index, agent_id)
        index.root = where
        for rel in set(index.files) - set(files):
            report.forgotten += _drop(memory, index.ids(rel), agent_id, f"{rel} was removed from the workspace")
            index.set_ids(rel, [])
            del index.files[rel]
        for rel, found in sorted(files.items()):
            _sync_file(memory, index, agent_id, rel, found, report)
        index.save()
    return report


def _unchanged(index: _Index, files: dict[str, tuple[str, list[int]]]) -> bool:
    return set(index.files) == set(files) and all(index.files[rel][1:] == seen for rel, (_, seen) in files.items())


def _sync_file(
    memory: Memory, index: _Index, agent_id: str, rel: str, found: tuple[str, list[int]], report: SyncReport
) -> None:
    path, seen = found
    known = index.files.get(rel)
    if known is not None and known[1:] == seen:
        return
    text = read_text(Path(path)) or ""
    checksum = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if known is None or known[0] != checksum:
        _reindex(memory, index, agent_id, rel, chunks_of(rel, text), report)
    index.files[rel] = [checksum, *seen]


def _reindex(memory: Memory, index: _Index, agent_id: str, rel: str, chunks: list[Chunk], report: SyncReport) -> None:
    old = index.ids(rel)
    keep = 0
    while keep < min(len(old), len(chunks)) and old[keep][1] == chunks[keep].key:
        keep += 1
    still_there = {c.key.split(":", 1)[1] for c in chunks[keep:]}
    moved = [mid for mid, key in old[keep:] if key.split(":", 1)[1] in still_there]
    gone = [mid for mid, key in old[keep:] if key.split(":", 1)[1] not in still_there]
    report.moved += _drop(memory, moved, agent_id, None)
    report.forgotten += _drop(memory, gone, agent_id, f"the line left {rel}")
    fresh = memory.store_many([c.item() for c in chunks[keep:]], agent_id=agent_id, dedup=False)
    report.added += len(fresh)
    report.reindexed.append(rel)
    index.set_ids(rel, [*old[:keep], *([r.id, c.key] for r, c in zip(fresh, chunks[keep:], strict=True))])


def _drop(memory: Memory, ids: list[Any], agent_id: str, reason: str | None) -> int:
    """Forget (with a reason: the text is gone from the file) or purge (it is re-stored elsewhere)."""
    done = 0
    for entry in ids:
        mid = entry[0] if isinstance(entry, list) else entry
        try:
            if reason is None:
                memory.purge(mid, agent_id=agent_id)
            else:
                memory.forget(mid, agent_id=agent_id, reason=reason)
            done += 1
        except (NotFoundError, ValidationError):
            pass  # already purged or superseded by hand: nothing left to do
    return done


def _drop_everything(memory: Memory, index: _Index, agent_id: str) -> None:
    """Before a rebuild: purge every current workspace memory of the agent (they come back from the files)."""
    stale = [r.id for r in index.backend.iter_all(agent_id) if r.is_current and r.source.get("type") == "workspace"]
    _drop(memory, stale, agent_id, None)
    for rel in list(index.files):
        index.set_ids(rel, [])
    index.files = {}


# --- Memory.context ----------------------------------------------------------------------------------


def build_context(
    memory: Memory,
    backend: Backend,
    message: str,
    *,
    agent_id: str,
    budget_tokens: int,
    now: datetime,
    workspace: str | Path | None = None,
    index: bool = True,
) -> SessionContext:
    """Workspace phases + recalled memories in one labelled block within ``budget_tokens``."""
    agent_id = check_agent_id(agent_id)
    if (
        isinstance(budget_tokens, bool)
        or not isinstance(budget_tokens, int)
        or not (MIN_BUDGET <= budget_tokens <= MAX_BUDGET)
    ):
        raise ValidationError(f"budget_tokens must be a whole number from {MIN_BUDGET} to {MAX_BUDGET}")
    if not isinstance(message, str):
        raise ValidationError("message must be a string (it may be empty at the start of a session)")
    cfg = memory.settings.workspace
    shares = {"hot": cfg.hot_share, "tree": cfg.tree_share, "phase_1_2": cfg.anchor_share, "phase_3": cfg.phase_3_share}
    budget = Budget(budget_tokens, {name: int(budget_tokens * share) for name, share in shares.items()})
    ctx = SessionContext(metadata={"agent_id": agent_id, "budget_tokens": budget_tokens})
    root = workspace_root(memory, workspace)
    hot = _admit_lifecycle(ctx, budget, memory, root, agent_id, now)
    space = None if root is None else Workspace(root, agent_id)
    ctx.metadata["workspace"] = None if root is None else str(root)
    if space is not None and space.exists():
        if index and cfg.index:
            ctx.metadata["index"] = sync(memory, backend, space.root, agent_id, quick=True).to_dict()
        loader = MemoryLoader(
            space.root, BudgetConfig(total_memory_cap=cfg.total_memory_cap), hot_block=not hot, agent_id=agent_id
        )
        _admit_phases(ctx, budget, loader, message, now)
    elif space is not None:
        ctx.metadata["workspace_note"] = f"no workspace for {agent_id} in {root}: run `tiermem workspace scaffold`"
    if message.strip() and cfg.recall_limit:
        hits = memory.search(message, agent_id=agent_id, limit=cfg.recall_limit, now=now)
        _admit_recall(ctx, budget, hits)
    seal(ctx, budget_tokens, budget)
    ctx.metadata.update(describe(ctx, budget))
    return ctx


def _admit_lifecycle(
    ctx: SessionContext, budget: Budget, memory: Memory, root: Path | None, agent_id: str, now: datetime
) -> bool:
    """The hot state and the tree index (seed 000's session start), when there are any; True if the hot
    state was loaded (MEMORY.md's copy of it is then left out)."""
    try:
        both = memory.lifecycle(root).session_context(agent_id=agent_id, now=now)
    except StoreError as exc:
        ctx.metadata["hot_state"] = ctx.metadata["tree_index"] = f"not available: {exc}"
        return False
    hot_text, marker, tree_text = both.partition(HOT_END)  # the block, then the tree (one call, one tree load)
    hot_text, tree_text = (hot_text + marker).strip(), tree_text.strip()
    nodes = _NODES.search(tree_text)
    parts = [
        (hot_text, "hot", "hot state", "identity, owner, active context, lessons and hot memories", _says(hot_text)),
        (
            tree_text,
            "tree",
            "tree index",
            "the category tree the memories are filed under",
            nodes is not None and int(nodes.group(1)) > 1,
        ),
    ]
    loaded = False
    for text, cap, source, what, useful in parts:
        kept = budget.admit(LoadedContent(source, "store", text, 0, f"{source}: {what}"), cap) if useful else None
        ctx.metadata["hot_state" if cap == "hot" else "tree_index"] = "loaded" if kept else "empty or no room"
        if kept is not None:
            ctx.contents.append(kept)
            loaded = loaded or cap == "hot"
    return loaded


def _says(block: str) -> bool:
    """Whether a rendered hot block holds anything beyond its markers and generation stamp."""
    return any(line.strip() and not line.startswith(("<!--", "*Generated")) for line in block.split("\n"))


def _admit_phases(ctx: SessionContext, budget: Budget, loader: MemoryLoader, message: str, now: datetime) -> None:
    decisions, wanted = loader.plan(message or None, now)
    ctx.metadata["decisions"] = decisions
    for content, cap_name in wanted:
        kept = budget.admit(content, cap_name)
        if kept is not None:
            ctx.contents.append(kept)


def _admit_recall(ctx: SessionContext, budget: Budget, hits: list[Hit]) -> None:
    """The recalled memories not already in the block, best first, as many as the remaining room takes."""
    present = set(tokens(ctx.text))
    lines, used = [], []
    for hit in hits:
        record = hit.memory
        words = set(tokens(record.text))
        if len(words & present) >= SHOWN_SHARE * len(words):
            continue  # already in the block (a line of a file loaded above, an event listed above)
        lines.append(f"- {' '.join(record.text.split())} ({_where(record.source, record.id, record.created_at)})")
        used.append({"id": record.id, "score": hit.score, "tier": hit.tier, "source": record.source})
    content = LoadedContent(
        "tiermem recall",
        "search",
        "\n".join(lines),
        5,
        "recall: the best memories for the message that are not shown above",
    )
    kept = budget.admit(content) if lines else None
    shown = 0 if kept is None else sum(1 for line in kept.text.split("\n") if line.startswith("- "))
    ctx.metadata["recalled"] = used[:shown]
    if kept is not None:
        ctx.contents.append(kept)


def _where(source: dict[str, Any], memory_id: str, created: datetime) -> str:
    if source.get("type") == "workspace" and source.get("file"):
        return f"{source['file']}:{source.get('line', '?')}"
    return f"memory {memory_id}, {created:%Y-%m-%d}"
