"""Migration from and to an EvoClaw workspace (seed 000's files), without losing anything.

Import reads, per agent, ``memory/[<agent>/]warm-memory.json`` and ``cold-memories.json`` (facts: text,
category, importance, created time, access count, metadata and the original id, kept in the memory's
source), ``memory-tree.json`` (node paths, descriptions and last access; counts are recomputed from the
store), ``hot-memory-state.json``, ``metrics.json`` (the counters; the rest is derived) and ``MEMORY.md`` /
``MEMORY-<agent>.md``. A generated MEMORY.md (the seed rewrote it whole) is backed up and replaced by
tiermem's block; a hand-written one keeps its text, with the block added. Importing again skips what is
already there. Export writes the same files back in the seed's ``memory/<agent>/`` layout (plus
``cold-memories.json`` for the archive the seed kept in Turso, imported as cold memories) and refuses to
overwrite.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import NotFoundError, ValidationError
from ..model import AGENT_ID_RE, StoreItem, check_category, check_unit, load_json
from ..results import Result, optional
from ..storage.lifecycle import Transition
from ..text import content_hash
from ..workspace.files import read_text, write_atomic
from ..workspace.layout import Workspace
from . import hot
from .metrics import metrics
from .store import DEFAULT_AGENT, LifecycleStore
from .tiers import WARM_STORE
from .tree import ROOT, Tree

SCHEMA_VERSION = "2.0"
FILES = ("warm-memory.json", "memory-tree.json", "hot-memory-state.json", "metrics.json")
COLD_FILE = "cold-memories.json"
BACKUP_SUFFIX = ".evoclaw.bak"
_SEED_HEADERS = ("## 🤖 Agent Identity", "## 👤 Owner Profile", "## 💼 Active Projects", "## 🎯 Critical Lessons")
_BAD_SEGMENT = re.compile(r"[^A-Za-z0-9_ .-]")


@dataclass(frozen=True, slots=True)
class FactsImport(Result):
    found: int
    imported: int
    already_present: int


@dataclass(frozen=True, slots=True)
class SkippedNode(Result):
    path: str
    why: str


@dataclass(frozen=True, slots=True)
class TreeImport(Result):
    nodes: int
    added: list[str]
    skipped: list[SkippedNode]


@dataclass(frozen=True, slots=True)
class FileImport(Result):
    """hot-memory-state.json or metrics.json: imported or not there, and what the import kept."""

    imported: bool
    bytes: int | None = optional()
    pruned: list[str] | None = optional()
    last_consolidation_kept: bool | None = optional()


@dataclass(frozen=True, slots=True)
class MemoryMdImport(Result):
    """What became of the workspace's MEMORY.md (``outcome``), and the block written into ours."""

    source: str | None
    outcome: str
    path: str
    block_bytes: int
    hot_memories: int


@dataclass(frozen=True, slots=True)
class AgentImport(Result):
    facts: FactsImport
    cold_facts: FactsImport
    tree: TreeImport
    hot_state: FileImport
    metrics: FileImport
    memory_md: MemoryMdImport


@dataclass(frozen=True, slots=True)
class EvoClawImport(Result):
    source: str
    agents: dict[str, AgentImport]


@dataclass(frozen=True, slots=True)
class EvoClawExport(Result):
    directory: str
    agent_id: str
    warm_facts: int
    cold_facts: int
    files: list[str]
    exported_at: str


def _locate(directory: Path) -> tuple[Path, Path]:
    """(workspace root, memory dir) of an EvoClaw workspace given as either of them."""
    if not directory.is_dir():
        raise NotFoundError(f"{directory} is not a directory; give an EvoClaw workspace (the one holding memory/)")
    if (directory / "memory").is_dir():
        return directory, directory / "memory"
    if any((directory / name).is_file() for name in FILES):
        return directory.parent, directory
    raise NotFoundError(f"no EvoClaw files in {directory}: expected memory/warm-memory.json and its siblings")


def _holds_files(folder: Path) -> bool:
    return any((folder / n).is_file() for n in (*FILES, COLD_FILE))


def _folder(memory_dir: Path, agent: str) -> Path:
    """The seed's ``memory/<agent>/``; the default agent's files may also sit in ``memory/`` itself (v1)."""
    nested = memory_dir / agent
    return nested if agent != DEFAULT_AGENT or _holds_files(nested) else memory_dir


def _agents(memory_dir: Path, only: str | None) -> list[str]:
    found = [DEFAULT_AGENT] if _holds_files(memory_dir) else []
    found += sorted(
        p.name for p in memory_dir.iterdir() if p.is_dir() and AGENT_ID_RE.match(p.name) and _holds_files(p)
    )
    found = list(dict.fromkeys(found))
    if only is not None:
        if only not in found:
            raise NotFoundError(f"no EvoClaw files for agent {only!r} in {memory_dir}")
        return [only]
    if not found:
        raise NotFoundError(f"no EvoClaw files in {memory_dir}: expected warm-memory.json and its siblings")
    return found


def _load(path: Path) -> Any:
    text = read_text(path, strict=True)
    if text is None:
        return None
    try:
        return load_json(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"{path} is not valid JSON ({exc.msg} at line {exc.lineno}); fix it and retry") from None


def import_workspace(store: LifecycleStore, directory: Path, *, agent_id: str | None, now: datetime) -> EvoClawImport:
    root, memory_dir = _locate(directory)
    return EvoClawImport(
        str(root),
        {agent: _import_agent(store, root, memory_dir, agent, now) for agent in _agents(memory_dir, agent_id)},
    )


def _import_agent(store: LifecycleStore, root: Path, memory_dir: Path, agent: str, now: datetime) -> AgentImport:
    folder = _folder(memory_dir, agent)
    return AgentImport(
        facts=_import_facts(store, agent, folder / "warm-memory.json", now),
        cold_facts=_import_facts(store, agent, folder / COLD_FILE, now, archived=True),
        tree=_import_tree(store, agent, _load(folder / "memory-tree.json"), now),
        hot_state=_import_hot(store, agent, _load(folder / "hot-memory-state.json"), now),
        metrics=_import_metrics(store, agent, _load(folder / "metrics.json"), now),
        memory_md=_import_memory_md(store, agent, Workspace(root, agent).memory_md, now),
    )


def _category(value: object) -> tuple[str | None, str | None]:
    """(our category, the original when it had to change)."""
    if value is None or value == "":
        return None, None
    raw = str(value)
    try:
        return check_category(raw), None
    except ValidationError:
        parts = [_BAD_SEGMENT.sub("_", p.strip()) or "_" for p in raw.strip("/").split("/") if p.strip()][:4]
        return check_category("/".join(p.lstrip(".") or "_" for p in parts) or None), raw


def _fact_item(fact: object, position: int, file: str) -> StoreItem:
    if not isinstance(fact, dict) or not isinstance(fact.get("text"), str) or not fact["text"].strip():
        raise ValidationError(f"{file}: fact {position} has no text")
    category, original = _category(fact.get("category"))
    source: dict[str, Any] = {"type": "evoclaw", "id": str(fact.get("id") or ""), "file": file}
    if original is not None:
        source["category"] = original
    created = fact.get("created_at", fact.get("timestamp"))
    return {
        "text": fact["text"],
        "category": category,
        "importance": check_unit(f"{file}: fact {position} importance", fact.get("importance", 0.5)),
        "created_at": created if isinstance(created, int | float) and not isinstance(created, bool) else None,
        "metadata": fact.get("metadata") if isinstance(fact.get("metadata"), dict) else None,
        "source": source,
    }


def _import_facts(
    store: LifecycleStore, agent: str, path: Path, now: datetime, *, archived: bool = False
) -> FactsImport:
    """The facts of warm-memory.json (the warm store), or of cold-memories.json (``archived``: the archive
    the seed kept in Turso, which tiermem keeps in the store as cold and frozen memories)."""
    facts = _load(path)
    if facts is None:
        return FactsImport(0, 0, 0)
    if not isinstance(facts, list):
        raise ValidationError(f"{path} must hold a JSON list of facts")
    file = f"{path.parent.name}/{path.name}"
    items = [_fact_item(f, i, file) for i, f in enumerate(facts)]
    present = store.backend.find_by_hashes(agent, [content_hash(i["text"]) for i in items])
    fresh = [(f, i) for f, i in zip(facts, items, strict=True) if content_hash(i["text"]) not in present]
    results = store.memory.store_many([i for _, i in fresh], agent_id=agent, dedup=False) if fresh else []
    with store.backend.write():
        for (fact, _), result in zip(fresh, results, strict=True):
            _restore_usage(store, agent, result.id, fact, now, archived)
    return FactsImport(len(facts), len(results), len(facts) - len(fresh))


def _restore_usage(
    store: LifecycleStore, agent: str, memory_id: str, fact: dict[str, Any], now: datetime, archived: bool
) -> None:
    """The fact's access count, and its tier: in the warm store for warm-memory.json, cold (or the frozen
    the export wrote) for cold-memories.json."""
    record = store.backend.get_many(agent, [memory_id])[memory_id]
    count = fact.get("access_count")
    if isinstance(count, int) and not isinstance(count, bool) and count > 0:
        store.backend.record_access(agent, {memory_id: count}, record.created_at)
    if archived:
        tier, file = ("frozen" if fact.get("tier") == "frozen" else "cold"), "cold-memories.json (the archive)"
    else:
        tier, file = ("hot" if fact.get("tier") == "hot" else "warm"), "warm-memory.json, which holds the warm store"
    if record.tier != tier:
        why = {"why": f"imported from an EvoClaw {file}"}
        given = fact.get("score")
        score = float(given) if isinstance(given, int | float) else 0.0
        store.backend.apply_transitions(agent, [Transition(memory_id, now, record.tier, tier, "imported", score, why)])


def _import_tree(store: LifecycleStore, agent: str, nodes: object, now: datetime) -> TreeImport:
    if nodes is None:
        return TreeImport(0, [], [])
    if not isinstance(nodes, dict):
        raise ValidationError("memory-tree.json must hold a JSON object of nodes")

    def change(tree: Tree) -> TreeImport:
        added: list[str] = []
        skipped: list[SkippedNode] = []
        for path, node in nodes.items():
            if path in (ROOT, "_schema_version") or not isinstance(node, dict):
                continue  # the seed's own root and its file-format marker (which crashed its tree search)
            try:
                added += tree.add(path, str(node.get("desc") or "") or None, now.timestamp())
                last = node.get("last_access")
                tree.touch([check_category(path) or ""], float(last) if isinstance(last, int | float) else 0.0)
            except ValidationError as exc:
                skipped.append(SkippedNode(path, str(exc)))
        return TreeImport(len(tree.nodes), added, skipped)

    return store.change_tree(agent, now, change)


def _import_hot(store: LifecycleStore, agent: str, state: object, now: datetime) -> FileImport:
    if state is None:
        return FileImport(imported=False)
    checked, pruned = hot.enforce_limits(hot.check_state(state, now.timestamp()), store.settings.hot)
    store.save_hot(agent, checked, now)
    return FileImport(imported=True, bytes=hot.size_bytes(checked), pruned=pruned)


def _import_metrics(store: LifecycleStore, agent: str, found: object, now: datetime) -> FileImport:
    if not isinstance(found, dict):
        return FileImport(imported=False)
    counters = store.counters(agent)
    for key in ("retrieval_count", "consolidation_count"):
        if isinstance(found.get(key), int) and not isinstance(found[key], bool):
            counters = replace(counters, **{key: getattr(counters, key) + found[key]})
    last = found.get("last_consolidation")
    # The seed added every consolidation's timestamp to this field: only a real moment is kept.
    plausible = isinstance(last, int | float) and 0 < last <= now.timestamp()
    if isinstance(last, int | float) and plausible and (counters.last_consolidation or 0) < last:
        counters = replace(counters, last_consolidation=float(last))
    store.save_counters(agent, counters, now)
    return FileImport(imported=True, last_consolidation_kept=plausible)


def _is_generated(text: str) -> bool:
    return hot.MARK_START not in text and "*Generated:" in text and any(h in text for h in _SEED_HEADERS)


def _import_memory_md(store: LifecycleStore, agent: str, source: Path, now: datetime) -> MemoryMdImport:
    text = read_text(source, strict=True)
    target = store.memory_md_path(agent)
    outcome = "none"
    if text is not None:
        same = target.exists() and target.resolve() == source.resolve()
        if same:
            write_atomic(target.with_name(target.name + BACKUP_SUFFIX), text)
        if _is_generated(text) and (same or not target.exists()):
            write_atomic(target, "")  # the seed regenerated it whole: our block takes its place
            outcome = "generated file replaced (backup kept)" if same else "generated file not copied"
        elif not target.exists():
            write_atomic(target, text)
            outcome = "copied"
        else:
            outcome = "kept"
    written = store.write_memory_md(agent, now)
    found = str(source) if text is not None else None
    return MemoryMdImport(found, outcome, written.path, written.block_bytes, written.hot_memories)


# --- export ------------------------------------------------------------------------------------------


def export_workspace(
    store: LifecycleStore, directory: Path, *, agent_id: str, now: datetime, force: bool = False
) -> EvoClawExport:
    folder = directory / "memory" / agent_id  # the seed's multi-agent layout: memory/<agent>/, default too
    md = Workspace(directory, agent_id).memory_md  # MEMORY.md, MEMORY-<agent>.md
    targets = [folder / n for n in (*FILES, COLD_FILE)] + [md]
    existing = [str(p) for p in targets if p.exists()]
    if existing and not force:
        raise ValidationError(f"{existing[0]} exists; export into an empty directory, or pass --force to overwrite")
    at = now.timestamp()
    rows = store.backend.tier_rows(agent_id)
    warm = [m for m, t in zip(rows.ids, rows.tiers, strict=True) if t in WARM_STORE]
    cold = [m for m, t in zip(rows.ids, rows.tiers, strict=True) if t not in WARM_STORE]
    seed_metrics = metrics(store, agent_id, now).to_dict()
    documents: dict[Path, Any] = {
        folder / "warm-memory.json": store.warm_facts(agent_id, warm, at),
        folder / COLD_FILE: store.warm_facts(agent_id, cold, at),
        folder / "memory-tree.json": {**store.tree(agent_id, now).seed_dict(), "_schema_version": SCHEMA_VERSION},
        folder / "hot-memory-state.json": {**store.hot_state(agent_id), "_schema_version": SCHEMA_VERSION},
        folder / "metrics.json": {
            **{k: v for k, v in seed_metrics.items() if k in _SEED_METRICS},
            "_schema_version": SCHEMA_VERSION,
        },
    }
    for path, value in documents.items():
        write_atomic(path, json.dumps(value, ensure_ascii=False, indent=2) + "\n")
    block, _ = store.hot_block(agent_id, now)
    write_atomic(md, block + "\n")
    return EvoClawExport(
        str(directory),
        agent_id,
        len(warm),
        len(cold),
        [str(p) for p in targets],
        datetime.fromtimestamp(at, UTC).isoformat(),
    )


_SEED_METRICS = (
    "tree_index_size_bytes",
    "tree_node_count",
    "hot_memory_size_bytes",
    "warm_memory_count",
    "warm_memory_size_kb",
    "retrieval_count",
    "evictions_today",
    "reinforcements_today",
    "consolidation_count",
    "last_consolidation",
    "context_tokens_saved",
    "timestamp",
)
