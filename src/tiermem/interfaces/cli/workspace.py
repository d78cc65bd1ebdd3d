"""`tiermem workspace ...`: create, migrate and index the file workspace, and its deep-recall lookups."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from . import render
from .options import NowOpt, UsageError, agent_id, open_memory, wants_json, with_globals, workspace_root

if TYPE_CHECKING:
    from ...workspace.budget import LoadedContent
    from ...workspace.scaffold import FileReport
    from ...workspace.writer import SessionEnd

app = typer.Typer()
group = typer.Typer(name="workspace", help="The file workspace: MEMORY.md, daily logs and the working-memory files.")
app.add_typer(group)


def workspace_base() -> Path:
    """``--workspace``, else the workspace of the store found upward (git-like), else the current directory."""
    base = workspace_root()
    if not base.is_dir():
        raise UsageError(f"workspace {base} is not a directory; create it or pass another --workspace")
    return base


def agent_workspace(*, must_exist: bool = True) -> Path:
    """The workspace directory, checked to hold this agent's files (MEMORY.md or memory/; for another
    agent MEMORY-<id>.md or memory/<id>/)."""
    from ...workspace.layout import Workspace

    root = workspace_base()
    if must_exist and not Workspace(root, agent_id()).exists():
        raise UsageError(f"no workspace for agent {agent_id()!r} in {root}; run `tiermem workspace scaffold` first")
    return root


def moment(value: str | None) -> datetime:
    from ...model import to_datetime

    return to_datetime("--now", value) or datetime.now(UTC)


def _report(report: FileReport) -> None:
    if wants_json():
        render.emit_json(report.to_dict())
        return
    out = render.console()
    out.print(Text(f"workspace {report.root}", style="bold"))
    for action, path in report.actions:
        out.print(f"  {action:<28} {path}")


@group.command()
@with_globals
def scaffold(
    agent_name: Annotated[str, typer.Option("--agent-name", metavar="NAME", help="The agent, in MEMORY.md.")] = "Agent",
    user_name: Annotated[str, typer.Option("--user-name", metavar="NAME", help="The user, in MEMORY.md.")] = "User",
    force_scaffold: Annotated[bool, typer.Option("--force-scaffold", help="Scaffold even a legacy workspace.")] = False,
    now: NowOpt = None,
) -> None:
    """Create the missing workspace files (MEMORY.md, memory/state.json, threads, ...). Never overwrites."""
    from ...workspace.scaffold import scaffold as make

    _report(
        make(
            agent_workspace(must_exist=False),
            moment(now).date(),
            agent=agent_name,
            user=user_name,
            force=force_scaffold,
            agent_id=agent_id(),
        )
    )


@group.command()
@with_globals
def migrate(
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Say what would change; write nothing.")] = False,
    skip_agent_patch: Annotated[bool, typer.Option("--skip-agent-patch", help="Leave AGENTS.md alone.")] = False,
    force_scaffold: Annotated[
        bool, typer.Option("--force-scaffold", help="Scaffold when there is nothing to migrate.")
    ] = False,
    now: NowOpt = None,
) -> None:
    """Bring a legacy workspace (AGENTS.md + MEMORY.md + daily logs) to the layered layout, losing nothing."""
    from ...workspace.migrate import migrate as run

    _report(
        run(
            agent_workspace(must_exist=False),
            now=moment(now),
            dry_run=dry_run,
            skip_agent_patch=skip_agent_patch,
            force_scaffold=force_scaffold,
        )
    )


@group.command()
@with_globals
def index(
    rebuild: Annotated[bool, typer.Option("--rebuild", help="Re-index every file from scratch.")] = False,
) -> None:
    """Index the workspace files for recall (by checksum: only changed files are read)."""
    root = agent_workspace()
    with (
        open_memory("write") as memory,
        render.working("re-indexing the workspace" if rebuild else "indexing the workspace"),
    ):
        found = memory.workspace.sync(agent_id=agent_id(), workspace=root, rebuild=rebuild)
    if wants_json():
        render.emit_json(found)
        return
    render.console().print(
        f"{root}: {found['files']} files, {len(found['reindexed'])} re-indexed, "
        f"{found['added']} pieces added, {found['moved']} moved, {found['forgotten']} forgotten"
    )


def _loaded(content: LoadedContent | None, what: str) -> None:
    if wants_json():
        render.emit_json(
            {
                "found": content is not None,
                **({"text": content.text, **content.describe()} if content is not None else {}),
            }
        )
    elif content is None:
        render.console().print(f"nothing found for {what}")
    else:
        render.console().print(Text(render.safe(content.text)))


@group.command()
@with_globals
def log(
    ref: Annotated[str, typer.Argument(metavar="LOG", help="A daily log: 2026-03-22 or memory/2026-03-22.md.")],
    section: Annotated[str | None, typer.Option("--section", metavar="TITLE", help="e.g. Decisions.")] = None,
) -> None:
    """Show a daily log, or one section of it (phase 4: targeted lookup)."""
    from ...workspace.loader import MemoryLoader

    _loaded(MemoryLoader(agent_workspace(), agent_id=agent_id()).phase_4_targeted_lookup(ref, section), ref)


@group.command()
@with_globals
def find(query: Annotated[str, typer.Argument(metavar="QUERY", help="What the logs were about.")]) -> None:
    """The daily logs whose index row matches (phase 4: index search)."""
    from ...workspace.loader import MemoryLoader

    found = MemoryLoader(agent_workspace(), agent_id=agent_id()).phase_4_index_search(query)
    if wants_json():
        render.emit_json({"query": query, "logs": found})
    else:
        render.console().print("\n".join(found) or "no matching logs")


@group.command()
@with_globals
def archive(topic: Annotated[str, typer.Argument(metavar="TOPIC", help="A topic that resurfaced.")]) -> None:
    """The archived MEMORY.md entries about a topic (phase 4: archive recovery)."""
    from ...workspace.loader import MemoryLoader

    _loaded(MemoryLoader(agent_workspace(), agent_id=agent_id()).phase_4_archive_recovery(topic), topic)


@group.command()
@with_globals
def events(
    query: Annotated[str, typer.Argument(metavar="QUERY", help="What happened, e.g. 'white sneakers'.")],
    limit: Annotated[int, typer.Option("--limit", "-n", metavar="N", min=1, max=100)] = 12,
) -> None:
    """Dated events naming the query's entities, with ordering evidence (phase 4: event lookup)."""
    from ...workspace.loader import MemoryLoader

    _loaded(MemoryLoader(agent_workspace(), agent_id=agent_id()).phase_4_event_lookup(query, limit), query)


def summary(found: SessionEnd) -> str:
    """One line for a session end's report."""
    curation = found.get("curation") or []
    return (
        f"session {found['session']} written to {found['daily_log']}; threads: "
        f"{', '.join(found['threads']) or '—'}; curation: {'; '.join(curation) or 'no changes'}"
    )
