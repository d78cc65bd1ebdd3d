"""The workspace service, over the memory core (the facade's ``mem.workspace`` calls it): keep the files
indexed in the store, and assemble ``Memory.context``.

Indexing is by checksum. A manifest in the store's meta table records each file's checksum, size and
modification time, and the ids of its pieces; a file whose size and time have not moved is not even read.
A changed file keeps the memories of its unchanged leading lines (daily logs only grow at the end), the
pieces after the first change are re-stored in order (so neighbour lifting stays right), pieces that moved
are purged and re-stored, and pieces whose text left the file are forgotten. Everything is rebuildable from
the files (``rebuild=True``). A line that the lifecycle's ``ingest-daily`` turned into a fact is not indexed
as well: the fact is that line's one memory (``release_pieces``).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

from ..errors import NotFoundError, StoreError, ValidationError
from ..model import Hit, MemoryRecord, check_agent_id
from ..text import tokens
from .budget import Budget, BudgetConfig, LoadedContent, SessionContext, count_tokens, fence_tokens
from .chunks import Chunk, event_chunks, markdown_chunks
from .events import parse_events
from .files import read_text, workspace_lock
from .layout import Workspace
from .loader import MemoryLoader, describe, seal

if TYPE_CHECKING:
    from ..core.port import MemoryCore
    from ..storage.base import Backend

STORE_DIR = ".tiermem"
MIN_BUDGET, MAX_BUDGET = 100, 200_000
SHOWN_SHARE = 0.85  # a recalled memory whose words are mostly in the block already adds nothing
FULL_SCAN_S = 60.0  # how stale a quick index check may let an edit of an old daily log get
RECENT_LOGS = 14  # the newest logs a quick check always looks at (today's grows at every session end)
# A file's first pieces only: a runaway or planted file (10 MB of one-liners) must not flood the store
# and push real memories out of the warm tier; a healthy MEMORY.md or daily log has a few hundred.
MAX_FILE_PIECES = 5000


def workspace_root(memory: MemoryCore, workspace: str | Path | None = None) -> Path | None:
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


def require_root(memory: MemoryCore, workspace: str | Path | None = None) -> Path:
    root = workspace_root(memory, workspace)
    if root is None:
        raise ValidationError("no workspace: pass one, or set workspace.root in the store's config.json")
    return root


def indexable(space: Workspace, known: dict[str, list[Any]] | None = None) -> dict[str, tuple[str, list[int]]]:
    """The files recall indexes (MEMORY.md, the daily logs, threads, archive, events): relative path ->
    (path, [modification time ns, size]). With ``known`` (the manifest), only the top-level files, the
    newest logs and logs it does not know are checked; older logs are taken as the manifest has them."""
    fixed = _fixed(space)
    files: dict[str, tuple[str, list[int]]] = {}
    for position, (rel, path) in enumerate([*fixed, *space.daily_log_files()]):
        if known is not None and position >= len(fixed) + RECENT_LOGS and rel in known:
            files[rel] = (path, known[rel][1:])
        elif (seen := _stat(path)) is not None:
            files[rel] = (path, seen)
    return files


def _fixed(space: Workspace) -> list[tuple[str, str]]:
    return [(space.rel(p), str(p)) for p in (space.memory_md, space.threads, space.archive, space.events)]


def _stat(path: str) -> list[int] | None:
    """[modification time ns, size] of a regular file, None when there is none."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return [info.st_mtime_ns, info.st_size] if stat.S_ISREG(info.st_mode) else None


def _looks_unchanged(space: Workspace, known: dict[str, list[Any]]) -> bool:
    """The quick check between full scans, without a look at older logs: the manifest names the same files,
    and the top-level files and newest logs have not moved."""
    logs = space.daily_log_files()
    checked = {rel: seen for rel, path in [*_fixed(space), *logs[:RECENT_LOGS]] if (seen := _stat(path)) is not None}
    older = logs[RECENT_LOGS:]
    return (
        len(known) == len(checked) + len(older)
        and all(known.get(rel, [None])[1:] == seen for rel, seen in checked.items())
        and all(rel in known for rel, _ in older)
    )


def chunks_of(rel: str, text: str) -> list[Chunk]:
    # A NUL byte (a binary file saved under a workspace name) is no text to recall, and the store refuses
    # it: without this, one bad byte in threads.md would fail every context call.
    text = text.replace("\x00", "")
    if rel.endswith(".json"):
        return event_chunks(rel, parse_events(text)[0])[:MAX_FILE_PIECES]
    return markdown_chunks(rel, text)[:MAX_FILE_PIECES]


class SyncReport(TypedDict):
    """What ``sync`` did: the workspace's files, those read again, and the pieces added, moved and forgotten."""

    root: str
    files: int
    reindexed: list[str]
    added: int
    moved: int
    forgotten: int


class IndexStore(Protocol):
    """What the manifest needs of a store (a backend, or the lifecycle's view of one)."""

    def write(self) -> AbstractContextManager[None]: ...

    def meta_get(self, key: str) -> str | None: ...

    def meta_set(self, key: str, value: str) -> None: ...

    def find_by_hashes(self, agent_id: str, content_hashes: Sequence[str]) -> dict[str, MemoryRecord]: ...


_PARSED: dict[str, tuple[str, dict[str, Any]]] = {}  # manifest key -> (its text, parsed), for read-only use


class _Index:
    """The manifest (``workspace:<agent>``) and each file's piece ids (``workspace:<agent>:<file>``)."""

    def __init__(self, backend: IndexStore, agent_id: str, *, read_only: bool = False) -> None:
        """``read_only``: may share the parse of an identical manifest read before (a context's quick check
        re-reads it every time; years of logs make it a large document)."""
        self.backend, self.key = backend, f"workspace:{agent_id}"
        raw = backend.meta_get(self.key) or ""
        cached = _PARSED.get(self.key)
        if not read_only:
            loaded = json.loads(raw) if raw else {}
        else:
            if cached is None or cached[0] != raw:
                cached = _PARSED[self.key] = (raw, json.loads(raw) if raw else {})
            loaded = cached[1]
        self.root: str | None = loaded.get("root")
        self.files: dict[str, list[Any]] = loaded.get("files", {})  # rel -> [checksum, mtime_ns, size]
        self.scanned: float = loaded.get("scanned", 0.0)  # when every file was last checked (epoch s)
        self._facts: set[str] | None = None

    def fact_hashes(self) -> set[str]:
        """Text hashes of the lines ingest-daily made facts of (``workspace:<agent>:facts``; kept by rebuilds)."""
        if self._facts is None:
            raw = self.backend.meta_get(f"{self.key}:facts")
            self._facts = set(json.loads(raw)) if raw else set()
        return self._facts

    def add_fact_hashes(self, hashes: set[str]) -> None:
        self.backend.meta_set(f"{self.key}:facts", json.dumps(sorted(self.fact_hashes() | hashes)))
        self._facts = None

    def ids(self, rel: str) -> list[list[str]]:  # [[memory id, chunk key], ...] in file order
        raw = self.backend.meta_get(f"{self.key}:{rel}")
        return json.loads(raw) if raw else []

    def set_ids(self, rel: str, ids: list[list[str]]) -> None:
        self.backend.meta_set(f"{self.key}:{rel}", json.dumps(ids))

    def save(self) -> None:
        self.backend.meta_set(self.key, json.dumps({"root": self.root, "files": self.files, "scanned": self.scanned}))


def sync(
    memory: MemoryCore, backend: Backend, root: Path, agent_id: str, *, rebuild: bool = False, quick: bool = False
) -> SyncReport:
    """Bring the store's index of the workspace up to date with its files. ``quick`` (what each context
    does) checks older logs only every FULL_SCAN_S seconds: an edit of an old log is seen within a minute."""
    space = Workspace(root, check_agent_id(agent_id))
    where = str(root.resolve())
    report = SyncReport(root=where, files=0, reindexed=[], added=0, moved=0, forgotten=0)
    seen = _Index(backend, agent_id, read_only=True)
    trusted = quick and not rebuild and seen.root == where and time.time() - seen.scanned < FULL_SCAN_S
    if trusted and _looks_unchanged(space, seen.files):
        report["files"] = len(seen.files)
        return report  # what every context meets: nothing moved, checked without a lock or a read
    files = indexable(space, seen.files if trusted else None)
    report["files"] = len(files)
    if not rebuild and seen.root == where and _unchanged(seen, files):
        if not trusted:  # a full scan found nothing: remember when, so quick checks may trust it a while
            seen.scanned = time.time()
            seen.save()
        return report  # the common case, without a lock or a read: nothing moved
    with workspace_lock(root), backend.write():
        index = _Index(backend, agent_id)
        index.scanned = 0.0 if trusted else time.time()
        kept_forgotten: set[str] = set()
        if rebuild or index.root != where:
            kept_forgotten = _drop_everything(memory, backend, index, agent_id)
        index.root = where
        for rel in set(index.files) - set(files):
            report["forgotten"] += _drop(memory, index.ids(rel), agent_id, f"{rel} was removed from the workspace")
            index.set_ids(rel, [])
            del index.files[rel]
        for rel, found in sorted(files.items()):
            _sync_file(memory, index, space, rel, found, report, kept_forgotten)
        index.save()
    return report


def _unchanged(index: _Index, files: dict[str, tuple[str, list[int]]]) -> bool:
    return set(index.files) == set(files) and all(index.files[rel][1:] == seen for rel, (_, seen) in files.items())


def _sync_file(
    memory: MemoryCore,
    index: _Index,
    space: Workspace,
    rel: str,
    found: tuple[str, list[int]],
    report: SyncReport,
    forgotten: set[str],
) -> None:
    path, seen = found
    known = index.files.get(rel)
    if known is not None and known[1:] == seen:
        return
    text = read_text(Path(path), root=space.root) or ""  # a file linked from outside the workspace: empty
    checksum = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if known is None or known[0] != checksum:
        _reindex(memory, index, space.agent_id, rel, chunks_of(rel, text), report, forgotten)
    index.files[rel] = [checksum, *seen]


def _reindex(
    memory: MemoryCore,
    index: _Index,
    agent_id: str,
    rel: str,
    chunks: list[Chunk],
    report: SyncReport,
    forgotten: set[str] = frozenset(),  # type: ignore[assignment]
) -> None:
    old = index.ids(rel)
    keep = 0
    while keep < min(len(old), len(chunks)) and old[keep][1] == chunks[keep].key:
        keep += 1
    still_there = {_hash(c.key) for c in chunks[keep:]}
    moved = [mid for mid, key in old[keep:] if _hash(key) in still_there]
    gone = [mid for mid, key in old[keep:] if _hash(key) not in still_there]
    report["moved"] += _drop(memory, moved, agent_id, None)
    report["forgotten"] += _drop(memory, gone, agent_id, f"the line left {rel}")
    facts = _facts(index, agent_id, chunks[keep:]) | forgotten  # held lines, and lines a person forgot
    wanted = [c for c in chunks[keep:] if _hash(c.key) not in facts]
    stored = iter(memory.store_many([c.item() for c in wanted], agent_id=agent_id, dedup=False))
    report["added"] += len(wanted)
    report["reindexed"].append(rel)
    # A line held by a fact keeps its place in the list, with no id of its own (see release_pieces).
    fresh = [["" if _hash(c.key) in facts else next(stored).id, c.key] for c in chunks[keep:]]
    index.set_ids(rel, [*old[:keep], *fresh])


def _hash(key: str) -> str:
    return key.split(":", 1)[1]


def _facts(index: _Index, agent_id: str, chunks: list[Chunk]) -> set[str]:
    """Text hashes of the pieces a daily-note fact already holds (lifecycle ``ingest-daily``): that fact is the
    line's one memory, so recall never finds the same line twice. Only hashes ingest-daily recorded are looked
    up (routine lines repeat thousands of times in years of logs), and only a current fact counts."""
    held = index.fact_hashes() & {_hash(c.key) for c in chunks}
    found = index.backend.find_by_hashes(agent_id, sorted(held)) if held else {}
    return {h for h, record in found.items() if record.source.get("type") == "daily"}


def release_pieces(
    memory: MemoryCore, backend: IndexStore, root: Path, agent_id: str, lines: dict[str, set[str]]
) -> int:
    """Purge the indexed pieces whose text is about to become a daily-note fact: ``lines`` maps a file (relative
    to ``root``) to text hashes. The manifest keeps their places without ids, so an unchanged file stays as it
    is and a re-index does not bring them back (see ``_facts``). Returns how many pieces were released."""
    released = 0
    with workspace_lock(root), backend.write():
        index = _Index(backend, agent_id)
        index.add_fact_hashes(set().union(*lines.values()))  # so no later index of these lines adds them again
        if index.root != str(root.resolve()):
            return 0  # the store indexes another workspace (or none): nothing of these files is in it
        for rel, hashes in lines.items():
            entries = index.ids(rel)
            chosen = {mid for mid, key in entries if mid and _hash(key) in hashes}
            released += _drop(memory, sorted(chosen), agent_id, None)
            index.set_ids(rel, [["" if mid in chosen else mid, key] for mid, key in entries])
    return released


def _drop(memory: MemoryCore, ids: list[Any], agent_id: str, reason: str | None) -> int:
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


def _drop_everything(memory: MemoryCore, backend: Backend, index: _Index, agent_id: str) -> set[str]:
    """Before a rebuild: purge every current workspace memory of the agent (they come back from the files).
    Returns the text hashes of the pieces that are forgotten and have no current copy: a person forgot them
    (a line that left its file and came back has a current copy), so the rebuild must not bring them back."""
    pieces = [r for r in backend.iter_all(agent_id) if r.source.get("type") == "workspace"]
    current = {r.content_hash for r in pieces if r.is_current}
    forgotten = {r.content_hash for r in pieces if r.status == "forgotten"} - current
    _drop(memory, [r.id for r in pieces if r.is_current], agent_id, None)
    for rel in list(index.files):
        index.set_ids(rel, [])
    index.files = {}
    return forgotten


# --- Memory.context ----------------------------------------------------------------------------------

# (workspace root, agent, now) -> the lifecycle's session start: (hot block, tree index, its node count)
SessionStart = Callable[[Path | None, str, datetime], tuple[str, str, int]]


def build_context(
    memory: MemoryCore,
    backend: Backend,
    message: str,
    *,
    agent_id: str,
    budget_tokens: int,
    now: datetime,
    workspace: str | Path | None = None,
    index: bool = True,
    reinforce: Callable[[str, list[str]], None] | None = None,
    session_start: SessionStart | None = None,
) -> SessionContext:
    """Workspace phases + recalled memories in one labelled block within ``budget_tokens``. ``reinforce``
    (the engine's deferred access log) is told which recalled memories made it into the block;
    ``session_start`` gives the lifecycle's hot state and tree index (the facade wires it: the lifecycle
    sits above the workspace, which must not import it)."""
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
    # The parts share what the fence around them leaves (the fence labels the block as data: tiermem.fence).
    room = budget_tokens - fence_tokens()
    # Shares, not a configured reserve: orientation and anchor may outgrow theirs (see Budget's ``always``).
    budget = Budget(room, {name: int(room * share) for name, share in shares.items()}, always=frozenset({"phase_1_2"}))
    ctx = SessionContext(metadata={"agent_id": agent_id, "budget_tokens": budget_tokens})
    root = workspace_root(memory, workspace)
    hot = session_start is not None and _admit_lifecycle(ctx, budget, session_start, root, agent_id, now)
    space = None if root is None else Workspace(root, agent_id)
    ctx.metadata["workspace"] = None if root is None else str(root)
    if space is not None and space.exists():
        if index and cfg.index:
            ctx.metadata["index"] = sync(memory, backend, space.root, agent_id, quick=True)
        loader = MemoryLoader(
            space.root, BudgetConfig(total_memory_cap=cfg.total_memory_cap), hot_block=not hot, agent_id=agent_id
        )
        _admit_phases(ctx, budget, loader, message, now)
    elif space is not None:
        ctx.metadata["workspace_note"] = f"no workspace for {agent_id} in {root}: run `tiermem workspace scaffold`"
    if message.strip() and cfg.recall_limit:
        hits = memory.search(message, agent_id=agent_id, limit=cfg.recall_limit, now=now, reinforce=False)
        shown = _admit_recall(ctx, budget, hits)
        if shown and reinforce is not None:  # only what the agent is shown counts as recalled
            reinforce(agent_id, shown)
    seal(ctx, budget_tokens, budget)
    ctx.metadata.update(describe(ctx, budget))
    return ctx


def _admit_lifecycle(
    ctx: SessionContext, budget: Budget, session_start: SessionStart, root: Path | None, agent_id: str, now: datetime
) -> bool:
    """The hot state and the tree index (seed 000's session start), when there are any; True if the hot
    state was loaded (MEMORY.md's copy of it is then left out)."""
    try:
        hot_text, tree_text, nodes = session_start(root, agent_id, now)
    except StoreError as exc:
        ctx.metadata["hot_state"] = ctx.metadata["tree_index"] = f"not available: {exc}"
        return False
    hot_text, tree_text = hot_text.strip(), tree_text.strip()
    parts = [
        (hot_text, "hot", "hot state", "identity, owner, active context, lessons and hot memories", _says(hot_text)),
        (
            tree_text,
            "tree",
            "tree index",
            "the category tree the memories are filed under",
            nodes > 1,
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


def _admit_recall(ctx: SessionContext, budget: Budget, hits: list[Hit]) -> list[str]:
    """The recalled memories not already in the block, best first, as many as the remaining room takes;
    returns the ids of those shown."""
    present = set(tokens(ctx.body))
    lines: list[str] = []
    used: list[dict[str, Any]] = []
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
        "\n".join(_within(lines, budget.room(None))),
        5,
        "recall: the best memories for the message that are not shown above",
    )
    kept = budget.admit(content) if lines else None
    shown = 0 if kept is None else sum(1 for line in kept.text.split("\n") if line.startswith("- "))
    ctx.metadata["recalled"] = used[:shown]
    if kept is not None:
        ctx.contents.append(kept)
    return [str(entry["id"]) for entry in used[:shown]]


def _within(lines: list[str], room: int) -> list[str]:
    """The lines that fit in ``room`` tokens, and the next one (admission then cuts exactly and records the
    cut): recall offers more memories than fit, and encoding them all costs more than the search saves."""
    total = 0
    for number, line in enumerate(lines):
        total += count_tokens(line) + 1  # and its newline
        if total > room:
            return lines[: number + 1]
    return lines


def _where(source: dict[str, Any], memory_id: str, created: datetime) -> str:
    if source.get("type") == "workspace" and source.get("file"):
        return f"{source['file']}:{source.get('line', '?')}"
    return f"memory {memory_id}, {created:%Y-%m-%d}"
