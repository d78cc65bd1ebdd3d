"""`tiermem doctor`: find damage in a store and its workspace, and repair what can be repaired safely.

Every check reports what it found; with ``repair`` it also fixes it, and only from a source of truth:
the full-text index is rebuilt from the memories table, vectors are re-embedded from the memories' text,
orphaned vectors (of no memory, of a forgotten or superseded one) are deleted, the store's index of the
workspace is rebuilt from the files and index.md from the daily logs. Nothing that holds a memory's
content is ever deleted. Damage to the database file itself (``PRAGMA integrity_check``) is reported
with the way out (restore a backup, or export what is readable and import it into a fresh store): no
automatic repair of a damaged file is safe.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .storage import wal
from .storage.base import FullTextIndex, LocalFile, StoreBackend

if TYPE_CHECKING:
    from .core.port import MemoryCore

EMBED_BATCH = 256
_TOTAL_LOGS = re.compile(r"^> Total logs: (\d{1,9})\s*$", re.MULTILINE)


@dataclass
class Check:
    """One line of the report: ``status`` is ok, problem, repaired or skipped."""

    name: str
    status: str
    found: int
    detail: str
    fix: str = ""


@dataclass
class Report:
    checks: list[Check]
    repair: bool

    @property
    def ok(self) -> bool:
        """No problem is left (everything was fine, or repaired)."""
        return all(c.status != "problem" for c in self.checks)

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "repair": self.repair, "checks": [asdict(c) for c in self.checks]}


def run(memory: MemoryCore, backend: StoreBackend, *, repair: bool, workspace: Path | None) -> Report:
    """Every check in order (the embedder first: its repair re-embeds everything the vector checks look at)."""
    integrity = _integrity(backend)
    if integrity.status == "problem":  # repairs on a damaged file could spread the damage: stop here
        rest = ("migrations", "embedder", "full-text index", "orphaned vectors", "missing vectors", "wal")
        return Report([integrity, *(Check(name, "skipped", 0, "the file is damaged") for name in rest)], repair)
    steps: list[Callable[[bool], Check]] = [
        partial(_embedder, memory, backend),
        partial(_fulltext, backend),
        partial(_orphaned_vectors, memory, backend),
        partial(_missing_vectors, memory, backend),
    ]
    if workspace is not None:
        for agent_id in _workspace_agents(backend, workspace):
            steps += [
                partial(_workspace_files, memory, backend, workspace, agent_id),
                partial(_daily_index, workspace, agent_id),
            ]
    checks = [integrity, _migrations(backend), *(_verified(step, repair) for step in steps), _wal(backend)]
    return Report(checks, repair)


def _verified(step: Callable[[bool], Check], repair: bool) -> Check:
    """Run a check; after a repair run it again, so "repaired" is only said of a problem that is gone."""
    done = step(repair)
    if done.status != "repaired":
        return done
    after = step(False)
    if after.status == "ok":
        return done
    return Check(done.name, "problem", after.found, after.detail, "the repair ran but did not fix it; please report it")


def _outcome(name: str, found: int, detail: str, fix: str, repair: bool, do: Callable[[], object]) -> Check:
    """A check's line: ok when nothing was found; else repaired (after running ``do``) or a problem."""
    if not found:
        return Check(name, "ok", 0, detail)
    if not repair:
        return Check(name, "problem", found, detail, f"--repair will {fix}")
    do()
    return Check(name, "repaired", found, detail, f"{fix}: done")


# --- the database ------------------------------------------------------------------------------------------


def _integrity(backend: StoreBackend) -> Check:
    if not isinstance(backend, LocalFile):
        return Check("integrity", "skipped", 0, "PostgreSQL checks its own pages (see pg_amcheck)")
    # Rows out of step with each other (an orphaned vector) are the checks below; this is the file itself.
    problems = [line for line in backend.integrity_check() if line != "ok"]
    if not problems:
        return Check("integrity", "ok", 0, "PRAGMA integrity_check: ok")
    way_out = "not repairable in place: restore a backup, or `tiermem export` what is readable and import it"
    return Check("integrity", "problem", len(problems), "; ".join(problems[:3]), way_out)


def _wal(backend: StoreBackend) -> Check:
    """Commits in the WAL that SQLite would silently drop (see storage/wal.py)."""
    if not isinstance(backend, LocalFile):
        return Check("wal", "skipped", 0, "PostgreSQL keeps its own log")
    found = wal.check(backend.path.with_name(backend.path.name + "-wal"))
    if not found.problem:
        return Check("wal", "ok", 0, f"{found.valid} frame(s) waiting for a checkpoint, all readable")
    way_out = "the lost commits cannot be recovered from the WAL: restore a backup taken after them"
    return Check("wal", "problem", found.lost, found.problem, way_out)


def _migrations(backend: StoreBackend) -> Check:
    applied = backend.applied_migrations()
    missing = [name for name in backend.known_migrations() if name not in applied]
    detail = f"{len(applied)} applied, latest {applied[-1] if applied else 'none'}"
    if missing:  # opening the store applies them, so this means another process is applying them right now
        return Check(
            "migrations", "problem", len(missing), f"{detail}; missing {', '.join(missing)}", "reopen the store"
        )
    return Check("migrations", "ok", 0, detail)


def _embedder(memory: MemoryCore, backend: StoreBackend, repair: bool) -> Check:
    configured = (memory.embedder.name, memory.embedder.dims)
    found = memory.embedder_mismatch
    detail = f"{configured[0]} ({configured[1]} dims)"
    if found is None:
        return Check("embedder", "ok", 0, detail)
    detail = f"store embedded with {found[0]} ({found[1]} dims), configured {detail}"

    def reembed() -> None:
        # Old vectors go first: PostgreSQL's vector index is built for one width, and would refuse the new
        # ones beside the old. Interrupted, the store then opens with the new model and lacks vectors,
        # which the next run embeds ("missing vectors").
        current = [(r.agent_id, r.id) for a in backend.agents() for r in backend.iter_all(a) if r.is_current]
        for agent_id in dict.fromkeys(a for a, _ in current):
            backend.delete_vectors(agent_id, [i for a, i in current if a == agent_id])
        with backend.write():
            backend.meta_set("embedder_name", configured[0])
            backend.meta_set("embedder_dims", str(configured[1]))
        memory.embedder_mismatch = None
        _reembed(memory, backend, current)

    return _outcome("embedder", backend.count(), detail, "re-embed every current memory", repair, reembed)


def _fulltext(backend: StoreBackend, repair: bool) -> Check:
    if not isinstance(backend, FullTextIndex):
        return Check("full-text index", "skipped", 0, "PostgreSQL computes lexemes in the row itself")
    drift = backend.fts_drift()
    detail = ", ".join(f"{name}: {count} rows out of step" for name, count in drift.items())
    return _outcome(
        "full-text index", sum(drift.values()), detail, "rebuild it from the rows", repair, backend.rebuild_fts
    )


def _orphaned_vectors(memory: MemoryCore, backend: StoreBackend, repair: bool) -> Check:
    orphans, _ = backend.vector_problems(memory.embedder.dims)
    detail = "vectors of no memory, or of a forgotten, superseded or other agent's one"
    return _outcome(
        "orphaned vectors", len(orphans), detail, "delete them", repair, lambda: backend.delete_vector_rows(orphans)
    )


def _missing_vectors(memory: MemoryCore, backend: StoreBackend, repair: bool) -> Check:
    _, missing = backend.vector_problems(memory.embedder.dims)
    detail = f"current memories without a {memory.embedder.dims}-dim vector"
    return _outcome(
        "missing vectors", len(missing), detail, "embed them", repair, lambda: _reembed(memory, backend, missing)
    )


def _reembed(memory: MemoryCore, backend: StoreBackend, pairs: Sequence[tuple[str, str]]) -> None:
    """Embed these (agent, id) memories again and write their vectors, a batch at a time."""
    for agent_id in dict.fromkeys(a for a, _ in pairs):
        ids = [i for a, i in pairs if a == agent_id]
        for start in range(0, len(ids), EMBED_BATCH):
            records = list(backend.get_many(agent_id, ids[start : start + EMBED_BATCH]).values())
            backend.replace_vectors(records, memory.embedder.embed([r.text for r in records]))


# --- the workspace -----------------------------------------------------------------------------------------


def _workspace_agents(backend: StoreBackend, root: Path) -> list[str]:
    """Agents whose workspace the store indexes (``workspace:<agent>`` manifests), and the default one's
    when the workspace has its files."""
    from .workspace.layout import Workspace

    agents = {key.split(":")[1] for key in backend.meta_items("workspace:") if key.count(":") == 1}
    if Workspace(root, "default").exists():
        agents.add("default")
    return sorted(agents)


def _workspace_files(memory: MemoryCore, backend: StoreBackend, root: Path, agent_id: str, repair: bool) -> Check:
    """Files changed since the store last indexed them, and indexed pieces whose memory is gone."""
    from .workspace.layout import Workspace
    from .workspace.service import indexable, sync

    # The manifest workspace/service.py keeps: {"root", "files": {rel: [checksum, mtime_ns, size]}}.
    manifest = json.loads(backend.meta_get(f"workspace:{agent_id}") or "{}")
    known: dict[str, list[Any]] = manifest.get("files", {})
    on_disk = indexable(Workspace(root, agent_id))
    changed = sorted(
        set(known) ^ set(on_disk) | {rel for rel in set(known) & set(on_disk) if known[rel][1:] != on_disk[rel][1]}
    )
    ids = [entry[0] for rel in known for entry in json.loads(backend.meta_get(f"workspace:{agent_id}:{rel}") or "[]")]
    # Gone means no row (purged, or a store restored from an older backup). A forgotten piece was forgotten on
    # purpose: it is no damage, and re-indexing must not bring it back.
    present = set(backend.get_many(agent_id, [i for i in ids if i]))
    dangling = len({i for i in ids if i} - present)
    detail = f"{agent_id}: {len(changed)} files changed since indexed, {dangling} indexed pieces missing from the store"

    def reindex() -> None:
        sync(memory, memory.backend, root, agent_id, rebuild=bool(dangling))

    return _outcome("workspace index", len(changed) + dangling, detail, "re-index the files", repair, reindex)


def _daily_index(root: Path, agent_id: str, repair: bool) -> Check:
    """index.md lists every daily log (its "Total logs" line counts them)."""
    from .workspace.files import read_text
    from .workspace.layout import Workspace
    from .workspace.writer import MemoryWriter

    space = Workspace(root, agent_id)
    logs = len(space.daily_logs())
    text = read_text(space.index) or ""
    stated = _TOTAL_LOGS.search(text)
    listed = int(stated.group(1)) if stated else 0
    detail = f"{agent_id}: index.md lists {listed} daily logs, {logs} on disk"
    return _outcome(
        "index.md",
        abs(logs - listed),
        detail,
        "rebuild it from the logs",
        repair,
        lambda: MemoryWriter(root, agent_id).rebuild_index(),
    )
