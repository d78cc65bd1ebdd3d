"""The tiered lifecycle (seed 000): retrieve, consolidate, schedule, hot, tree, metrics, why.

Command names and flags are the seed's (``memory_cli.py retrieve --query ... --limit 5``); ``--json`` prints
its JSON shapes. Hot state and the tree live in the store; MEMORY.md (MEMORY-<agent>.md) is written in the
workspace, the parent of the store directory unless ``--workspace`` says otherwise.
"""

from __future__ import annotations

import json
import shlex
import shutil
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from ...model import load_json
from . import render
from .cold import seed_archive
from .options import (
    Access,
    NowOpt,
    SeedAuthToken,
    SeedDbUrl,
    UsageError,
    agent_id,
    current,
    open_memory,
    store_path,
    wants_json,
    with_globals,
    workspace_dir,
)

if TYPE_CHECKING:
    from ...engine import Memory
    from ...lifecycle.service import LifecycleService
    from ...lifecycle.tree import Tree
    from ...providers.llm import LLMClient

app = typer.Typer()

PromptFileOpt = Annotated[
    Path | None,
    typer.Option("--llm-prompt-file", metavar="FILE", help="Write the LLM tree-search prompt to FILE and stop."),
]


@contextmanager
def open_lifecycle(access: Access = "read") -> Iterator[tuple[Memory, LifecycleService]]:
    with open_memory(access) as memory:
        yield memory, memory.lifecycle(workspace_dir())


def llm_client(memory: Memory, purpose: str, *, configured: bool = False) -> LLMClient | None:
    """The LLM when the command line asks for it (``--llm``, ``--llm-endpoint``) or ``configured`` says to."""
    chosen = current()
    return memory.llm.client(purpose) if chosen.llm or chosen.llm_endpoint or configured else None


def _write_prompt(path: Path, prompt: str) -> None:
    from ...workspace.files import write_atomic

    write_atomic(path, prompt + "\n")
    if wants_json():
        render.emit_json({"prompt_file": str(path), "bytes": len(prompt.encode("utf-8"))})
    else:
        render.console().print(f"wrote the tree-search prompt to {path}")


# --- retrieve ----------------------------------------------------------------------------------------


@app.command()
@with_globals
def retrieve(
    query_arg: Annotated[
        str | None, typer.Argument(metavar="QUERY", help="What to recall.", show_default=False)
    ] = None,
    query: Annotated[
        str | None, typer.Option("--query", "-q", metavar="TEXT", help="The query (seed spelling).")
    ] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", metavar="N", help="At most this many memories.")] = 5,
    llm_prompt_file: PromptFileOpt = None,
    now: NowOpt = None,
    db_url: SeedDbUrl = None,
    auth_token: SeedAuthToken = None,
) -> None:
    """Tiered retrieval: tree routing (LLM with --llm), warm and cold memories, merged with search.
    With --db-url, the Turso cold archive fills the list up to --limit (as seed 000 does)."""

    if query_arg is not None and query is not None:
        raise UsageError("give the query once: as an argument or with --query, not both")
    text = query_arg if query_arg is not None else query
    if text is None:
        raise UsageError("missing the query: tiermem retrieve --query 'what did we decide?'")
    with open_lifecycle() as (memory, lifecycle):
        if llm_prompt_file is not None:
            _write_prompt(llm_prompt_file, lifecycle.tree_prompt(text, agent_id=agent_id(), now=now))
            return
        llm = llm_client(memory, "tree_search")
        found = lifecycle.retrieve(text, agent_id=agent_id(), limit=limit, llm=llm, now=now)
    results: list[Mapping[str, Any]] = [*found.results]
    with seed_archive(db_url, auth_token) as archive:
        if archive is not None and len(results) < limit:
            results.extend(_archived(archive.query(agent_id(), text, limit=limit), results, limit))
    if wants_json():
        extra = {"llm_fallback": found.llm_fallback} if llm is not None else {}
        render.emit_json([{**r, **extra} for r in results])  # the seed prints a list of facts
        return
    _print_retrieved(results, found.llm_fallback)


def _archived(rows: list[dict[str, Any]], have: Sequence[Mapping[str, Any]], limit: int) -> list[dict[str, Any]]:
    """Archive rows not already found, in the shape of retrieve's own, up to ``limit`` in all."""
    seen = {r["id"] for r in have}
    fresh = [r for r in rows if r["id"] not in seen][: max(0, limit - len(have))]
    return [
        {**r, "tier": "cold", "tree_path": r.get("category") or "", "score": float(r.get("importance") or 0.0),
         "relevance": None, "search_method": "cold-archive"}
        for r in fresh
    ]  # fmt: skip


def _print_retrieved(results: Sequence[Mapping[str, Any]], fallback: str | None) -> None:
    out = render.console()
    if fallback:
        out.print(Text(f"LLM tree search failed ({fallback}); used keyword tree search", style="yellow"))
    if not results:
        out.print("nothing found; store memories with `tiermem store TEXT`")
        return
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    for name in ("#", "how", "tier", "memory"):
        table.add_column(name, no_wrap=name != "memory")
    for rank, item in enumerate(results, 1):
        body = Text(render.snippet(item["text"], 300))
        # Rows are ranked by relevance to the query; the tier score (importance x decay x use) is shown apart.
        relevance = "—" if item.get("relevance") is None else f"{item['relevance']:.3f}"
        body.append(
            f"\n{item['id']} · tree {item['tree_path']} · relevance {relevance} · tier score {item['score']:.3f}",
            style="dim",
        )
        table.add_row(str(rank), item["search_method"], render.tier_text(item["tier"]), body)
    out.print(table)


def _planned(report: dict[str, Any]) -> str:
    """What a dry run would do: the moves by tier, then each deletion with its reason and text."""
    tiers = report["tiers"]
    moved = ", ".join(f"{k} {v}" for k, v in tiers["moved"].items()) or "none"
    lines = [f"dry run of a {report['mode']} consolidation of {report['agent_id']}: nothing was changed"]
    lines.append(f"  would score {tiers['scored']} memories; move: {moved}; delete: {tiers['deleted']}")
    for t in tiers["transitions"]:
        if t["to"] == "deleted":
            lines.append(f"  would delete {t['memory_id']}: {t['detail']['why']} — {t['detail'].get('text', '')[:80]}")
    return "\n".join(lines)


# --- consolidate and schedule --------------------------------------------------------------------------


@app.command()
@with_globals
def consolidate(
    mode: Annotated[str, typer.Option("--mode", "-m", metavar="MODE", help="quick, daily, monthly or full.")] = "quick",
    now: NowOpt = None,
    db_url: SeedDbUrl = None,
    auth_token: SeedAuthToken = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Only show which tier moves and deletions a run would make.")
    ] = False,
) -> None:
    """Rescore and re-tier memories, maintain the tree and MEMORY.md; daily+ ingests daily notes first.
    With --db-url, the cold tier is then archived there (as `cold --push`)."""
    from ...coldsync import push

    working = render.working(f"{mode} consolidation")
    with seed_archive(db_url, auth_token) as archive, open_lifecycle("write") as (memory, lifecycle), working:
        report = lifecycle.consolidate(mode, agent_id=agent_id(), now=now, dry_run=dry_run, interface="cli").to_dict()
        if archive is not None and not dry_run:
            report["cold_archive"] = push(memory.core, archive, agent_id())
    if wants_json():
        render.emit_json(report)
        return
    if dry_run:
        render.console().print(_planned(report))
        return
    tiers, tree = report["tiers"], report["tree"]
    lines = [f"{report['mode']} consolidation of {report['agent_id']} in {report['duration_ms']:.0f} ms"]
    if "ingest" in report:
        ingest = report["ingest"]
        lines.append(f"  daily notes: {ingest['facts_stored']} new facts from {ingest['files_scanned']} files")
    moved = ", ".join(f"{k} {v}" for k, v in tiers["moved"].items()) or "none"
    lines.append(f"  scored {tiers['scored']} memories; moved: {moved}")
    lines.append(f"  warm store: {tiers['warm']['count']} memories, {tiers['warm']['bytes'] / 1024:.1f} KB")
    removed = len(tree["dropped"]) + len(tree["pruned"])
    lines.append(f"  tree: {tree['nodes']} nodes, {tree['size_bytes']} bytes (+{len(tree['added'])} −{removed})")
    lines.append(
        f"  {report['memory_md']['path']}: {report['memory_md']['hot_memories']} memories listed (hot, then warm)"
    )
    if "cold_archive" in report:
        lines.append(f"  cold archive: {report['cold_archive']['archived']} cold memories archived")
    render.console().print("\n".join(lines))


@app.command()
@with_globals
def schedule() -> None:
    """Print cron lines for the recommended consolidation schedule (from config.json's consolidation)."""
    with open_lifecycle() as (_, lifecycle):
        jobs = lifecycle.schedule(_command_prefix(lifecycle.workspace))
    if wants_json():
        render.emit_json({"agent_id": agent_id(), "jobs": jobs})
        return
    render.console().print("\n".join(f"{j['line']}" for j in jobs))


def _command_prefix(workspace: Path) -> str:
    """How cron should call tiermem: this executable, this store, this agent (cron has no working directory)."""
    found = shutil.which("tiermem")
    exe = [found] if found else [sys.executable, "-m", "tiermem"]
    parts = [*exe, "--workspace", str(workspace.resolve()), "--home", str(store_path().resolve())]
    if agent_id() != "default":
        parts += ["--agent-id", agent_id()]
    return shlex.join(parts)


# --- hot --------------------------------------------------------------------------------------------


@app.command()
@with_globals
def hot(
    update: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--update",
            metavar="KEY JSON",
            help="identity, owner_profile, lesson, event, task or project, and its JSON object. For lesson, event "
            "and task a plain text (not JSON) is the entry's text, said on stderr; the same text twice is one "
            "entry (updated).",
        ),
    ] = None,
    rebuild: Annotated[bool, typer.Option("--rebuild", help="Re-apply the limits and rewrite MEMORY.md.")] = False,
    now: NowOpt = None,
) -> None:
    """Show the hot state (always in context), update one key of it, or rebuild MEMORY.md from it."""
    if update is not None and rebuild:
        raise UsageError("give --update or --rebuild, not both")
    if update is None and not rebuild:
        with open_lifecycle("read") as (_, lifecycle):
            state = lifecycle.hot(agent_id=agent_id())
        render.emit_json(state)
        return
    with open_lifecycle("write") as (_, lifecycle):
        if update is not None:
            result = lifecycle.update_hot(update[0], _json_value(*update), agent_id=agent_id(), now=now).to_dict()
        else:
            result = lifecycle.rebuild_memory_md(agent_id=agent_id(), now=now).to_dict()
    if wants_json():
        render.emit_json(result)
        return
    pruned = f"; pruned {len(result['pruned'])}: " + "; ".join(result["pruned"]) if result["pruned"] else ""
    render.console().print(
        f"hot state {result['hot_memory_size_bytes']} bytes; wrote {result['memory_md']['path']}{pruned}"
    )


TEXT_KEYS = ("lesson", "event", "task")


def _json_value(key: str, raw: str) -> object:
    """The update's value: JSON; or, for the keys that take a text (lesson, event, task), a plain text, said on
    stderr so a mistyped JSON value is not silently taken as text. What looks like JSON must be JSON."""
    try:
        return load_json(raw)
    except json.JSONDecodeError as exc:
        if key not in TEXT_KEYS or raw.lstrip()[:1] in ("{", "[", '"'):
            reason = exc.msg.removesuffix(" at")  # "Unterminated string starting at" + a position
            raise UsageError(f"{key} is not valid JSON at position {exc.pos}: {reason}") from None
    sys.stderr.write(f"tiermem: note: the value is not JSON; it is taken as the {key}'s text\n")
    return raw


# --- tree -------------------------------------------------------------------------------------------


@app.command()
@with_globals
def tree(
    show: Annotated[bool, typer.Option("--show", help="Print the tree (the default).")] = False,
    plain: Annotated[
        bool, typer.Option("--plain", help="Print the seed's plain text instead of a drawn tree.")
    ] = False,
    add: Annotated[
        tuple[str, str] | None, typer.Option("--add", metavar="PATH DESC", help="Add a category node.")
    ] = None,
    remove: Annotated[
        str | None, typer.Option("--remove", metavar="PATH", help="Remove a node (only if no memories).")
    ] = None,
    prune: Annotated[bool, typer.Option("--prune", help="Remove dead nodes (no memories, idle 60+ days).")] = False,
    search: Annotated[
        str | None, typer.Option("--search", metavar="QUERY", help="Tree search: which categories fit a query.")
    ] = None,
    top_k: Annotated[int, typer.Option("--top-k", metavar="N", help="Categories --search returns.")] = 5,
    llm_prompt_file: PromptFileOpt = None,
    now: NowOpt = None,
) -> None:
    """The category tree index: show it, add, remove or prune nodes, or search it (keyword, or LLM with --llm)."""
    chosen = [
        name for name, on in (("--add", add), ("--remove", remove), ("--prune", prune), ("--search", search)) if on
    ]
    if len(chosen) > 1:
        raise UsageError(f"give one of --show --add --remove --prune --search, not {' and '.join(chosen)}")
    if llm_prompt_file is not None and search is None:
        raise UsageError("--llm-prompt-file writes the prompt of a --search QUERY; give the query too")
    with open_lifecycle("write" if add or remove or prune else "read") as (memory, lifecycle):
        if search is not None and llm_prompt_file is not None:
            _write_prompt(llm_prompt_file, lifecycle.tree_prompt(search, agent_id=agent_id(), now=now))
            return
        result = _tree_action(memory, lifecycle, add, remove, prune, search, top_k, now)
        shown = lifecycle.tree(agent_id=agent_id(), now=now)
    if result is None:
        _show_tree(shown, plain)
    elif wants_json():
        render.emit_json(result)
    else:
        render.console().print(_tree_text(result))


def _tree_text(result: dict[str, Any]) -> str:
    """A tree change or search in words (``--json`` keeps the document)."""
    if "results" in result:  # --search
        fallback = (
            f"LLM tree search failed ({result['llm_fallback']}); keyword search:\n" if result["llm_fallback"] else ""
        )
        rows = [f"{r['relevance']:.2f}  {r['path']}  ({r['reason']})" for r in result["results"]]
        return fallback + ("\n".join(rows) or f"no category fits {result['query']!r}")
    changed = next(
        (f"{key}: {', '.join(paths) or 'nothing'}" for key, paths in result.items() if isinstance(paths, list)), ""
    )
    return f"{changed} · {result['nodes']} nodes, {result['size_bytes']} bytes"


def _tree_action(
    memory: Memory,
    lifecycle: LifecycleService,
    add: tuple[str, str] | None,
    remove: str | None,
    prune: bool,
    search: str | None,
    top_k: int,
    now: str | None,
) -> dict[str, Any] | None:
    if add is not None:
        return lifecycle.tree_add(add[0], add[1], agent_id=agent_id(), now=now).to_dict()
    if remove is not None:
        return lifecycle.tree_remove(remove, agent_id=agent_id(), now=now).to_dict()
    if prune:
        return lifecycle.tree_prune(agent_id=agent_id(), now=now).to_dict()
    if search is not None:
        return lifecycle.tree_search(
            search, agent_id=agent_id(), llm=llm_client(memory, "tree_search"), top_k=top_k, now=now
        ).to_dict()
    return None


def _show_tree(shown: Tree, plain: bool) -> None:
    if wants_json():
        render.emit_json(
            {
                "nodes": shown.seed_dict(),
                "node_count": len(shown.nodes),
                "max_nodes": shown.limits.max_nodes,
                "size_bytes": shown.size_bytes(),
                "max_size_bytes": shown.limits.max_size_bytes,
            }
        )
        return
    render.console().print(Text(shown.render()) if plain else render.tree_view(shown))


# --- metrics and why ------------------------------------------------------------------------------------


@app.command()
@with_globals
def metrics(now: NowOpt = None) -> None:
    """The seed's metrics.json: tree, hot and warm sizes, retrievals, evictions, tokens saved..."""
    with open_lifecycle() as (memory, lifecycle):
        found = lifecycle.metrics(agent_id=agent_id(), now=now).to_dict()
        found["llm_today"] = next(iter(memory.llm_usage(days=1).values()), {})  # calls and tokens by purpose
    if wants_json():
        render.emit_json(found)
        return
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim")
    grid.add_column()
    for key, value in found.items():
        shown = _iso(value) if key in EPOCH_KEYS and isinstance(value, int | float) else render.compact(value)
        grid.add_row(key.replace("_", " "), shown)
    render.console().print(grid)


EPOCH_KEYS = frozenset({"last_consolidation"})  # epoch seconds in the JSON (the seed's), dates for people


def _iso(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


@app.command()
@with_globals
def why(
    memory_id: Annotated[str, typer.Argument(metavar="ID", help="A memory id (see `tiermem list`).")],
    now: NowOpt = None,
) -> None:
    """Why a memory is in its tier: its score factor by factor, and every tier change with its reason."""
    with open_lifecycle() as (_, lifecycle):
        found = lifecycle.why(memory_id, agent_id=agent_id(), now=now).to_dict()
    if wants_json():
        render.emit_json(found)
        return
    out = render.console()
    if found["exists"]:
        score = found["score"]
        out.print(
            Text(f"{found['id']} is ")
            .append_text(render.tier_text(found["tier"]))
            .append(
                f": score as of {found['scored_at'][:16]} {score['score']:.3f} = importance {score['importance']:.2f}"
                f" × decay {score['decay']:.3f} (age {score['age_days']:.0f} days) × reinforcement "
                f"{score['reinforcement']:.2f}"
            )
        )
        last = found["transitions"][0]["at"] if found["transitions"] else None  # newest first
        if last is not None and last[:16] != found["scored_at"][:16]:
            # The tier was set by a consolidation at another moment (perhaps a --now one): say so, not mix them.
            out.print(f"  its tier was set at {last[:16]}; `why {found['id']} --now {last[:16]}` scores it then")
        if found["pinned"]:
            pin, unpin = found["pinned"], f"update {found['id']} --tier auto"
            out.print(f"  pinned to {pin['tier']} by hand since {pin['at'][:16]} (unpin: {unpin})")
    else:
        out.print(f"{found['id']} no longer exists")
    for move in found["transitions"]:
        out.print(f"  {move['at'][:16]}  {move['from']} → {move['to']}: {move['detail'].get('why', move['reason'])}")
    if not found["transitions"]:
        out.print("  no tier changes yet (it is where it was stored)")
