"""Seed 000's text tools: distill, ingest-daily, validate, extract-metadata, search-url; and the EvoClaw
migration (import-evoclaw, export-evoclaw)."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from . import render
from .lifecycle import llm_client, open_lifecycle
from .options import NowOpt, UsageError, agent_id, current, wants_json, with_globals

app = typer.Typer()

FileOpt = Annotated[Path | None, typer.Option("--file", "-f", metavar="PATH", help="A daily note (or any text file).")]


def _print_json_or(document: Mapping[str, object], text: str) -> None:
    if wants_json():
        render.emit_json(document)
    else:
        render.console().print(Text(text))


@app.command()
@with_globals
def distill(
    text_arg: Annotated[
        str | None, typer.Argument(metavar="TEXT", help="Raw conversation text; - reads stdin.")
    ] = None,
    text: Annotated[
        str | None, typer.Option("--text", metavar="TEXT", help="The text (seed spelling); - reads stdin.")
    ] = None,
    file: FileOpt = None,
    core_summary: Annotated[bool, typer.Option("--core-summary", help="Add the one-line core summary.")] = False,
    mode: Annotated[
        str | None, typer.Option("--mode", metavar="MODE", help="rule or llm (seed 000's spelling of --llm).")
    ] = None,
) -> None:
    """Distill a conversation into one fact (people, topics, emotion, actions, outcome): rules, or the LLM."""
    if mode not in (None, "rule", "llm"):
        raise UsageError(f"--mode must be rule or llm, not {mode!r}")
    given = [v for v in (text_arg, text, file) if v is not None]
    if len(given) != 1:
        raise UsageError("give the text once: as an argument, with --text, or with --file PATH")
    if file is not None:
        from ...workspace.files import read_text

        body = read_text(file, strict=True)
        if body is None:
            raise UsageError(f"no file at {file}")
    else:
        body = sys.stdin.read() if given[0] == "-" else str(given[0])
    with open_lifecycle("scratch") as (memory, lifecycle):
        configured = (mode or memory.settings.lifecycle.distillation.mode) == "llm"
        result = lifecycle.distill(
            body,
            llm=None if mode == "rule" else llm_client(memory, "distill", configured=configured),
            core_summary=core_summary,
        )
    d = result["distilled"]
    summary = f"\nsummary: {result['core_summary']}" if core_summary else ""
    _print_json_or(
        result,
        f"{d['fact']}\npeople {', '.join(d['people']) or '—'} · topics {', '.join(d['topics']) or '—'}"
        f" · emotion {d['emotion']} · outcome {d['outcome']} ({result['mode']}){summary}",
    )


@app.command("ingest-daily")
@with_globals
def ingest_daily(
    days: Annotated[
        int | None, typer.Option("--days", metavar="N", help="Notes of the last N days (default 2).")
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show the facts without storing them.")] = False,
    now: NowOpt = None,
) -> None:
    """Turn recent daily notes (memory/YYYY-MM-DD*.md) into facts: checked tasks, bold lines, decisions."""
    with open_lifecycle("scratch" if dry_run else "write") as (_, lifecycle), render.working("reading the daily notes"):
        report = lifecycle.ingest_daily(agent_id=agent_id(), days=days, dry_run=dry_run, now=now, interface="cli")
    verb = "would store" if dry_run else "stored"
    lines = [
        f"{report.files_scanned} notes, {report.facts_found} facts: {verb} "
        f"{sum(f.status in ('new', 'stored') for f in report.facts)}, skipped {report.facts_skipped}"
    ]
    lines += [f"  [{f.status}] {f.category}: {render.snippet(f.text, 100)}" for f in report.facts]
    _print_json_or(report.to_dict(), "\n".join(lines))


@app.command()
@with_globals
def validate(file: FileOpt = None, now: NowOpt = None) -> None:
    """Check a daily note (today's by default) for tools without links, setups without commands and
    decisions without next steps. Exit status 1 when there are warnings."""
    with open_lifecycle("scratch") as (_, lifecycle):
        report = lifecycle.validate(file, agent_id=agent_id(), now=now)
    lines = [f"{report['file']}: {report['status']}"] + [f"  warning: {w}" for w in report["warnings"]]
    lines += [f"  suggestion: {s}" for s in report["suggestions"]]
    _print_json_or(report, "\n".join(lines))
    if report["warnings"]:
        raise typer.Exit(1)


@app.command("extract-metadata")
@with_globals
def extract_metadata(file: FileOpt = None) -> None:
    """URLs, shell commands and file paths mentioned in a file."""
    if file is None:
        raise UsageError("give the file to read: tiermem extract-metadata --file memory/2026-02-13.md")
    with open_lifecycle("scratch") as (_, lifecycle):
        report = lifecycle.extract_metadata(file)
    lines = [f"{key}: {', '.join(values) or '—'}" for key, values in report["metadata"].items()]
    _print_json_or(report, "\n".join(lines))


@app.command("search-url")
@with_globals
def search_url(
    url: Annotated[
        str | None, typer.Option("--url", metavar="FRAGMENT", help="Part of a URL, e.g. github.com.")
    ] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", metavar="N", help="At most this many memories.")] = 5,
) -> None:
    """Memories whose URLs contain a fragment."""
    if url is None:
        raise UsageError("give the URL fragment: tiermem search-url --url github.com")
    with open_lifecycle() as (_, lifecycle):
        report = lifecycle.search_url(url, agent_id=agent_id(), limit=limit)
    lines = [f"{r.id}  {render.snippet(r.text, 100)}\n    {', '.join(r.metadata['urls'])}" for r in report.results] or [
        f"no memory has a URL containing {url!r}"
    ]
    _print_json_or(report.to_dict(), "\n".join(lines))


@app.command("import-evoclaw")
@with_globals
def import_evoclaw(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="An EvoClaw workspace (holding memory/).")],
    now: NowOpt = None,
) -> None:
    """Migrate an EvoClaw workspace: warm facts, tree, hot state, metrics and MEMORY.md (all agents, or --agent-id)."""
    with open_lifecycle("write") as (_, lifecycle), render.working(f"importing {directory}"):
        report = lifecycle.import_evoclaw(directory, agent_id=current().agent_id, now=now)
    lines = [f"imported {report.source}"]
    for agent, parts in report.agents.items():
        facts, cold, tree = parts.facts, parts.cold_facts, parts.tree
        lines.append(
            f"  {agent}: {facts.imported} warm and {cold.imported} cold facts "
            f"({facts.already_present + cold.already_present} already present), "
            f"tree of {tree.nodes} nodes ({len(tree.added)} new), "
            f"hot state {'yes' if parts.hot_state.imported else 'no'}, MEMORY.md {parts.memory_md.outcome}"
        )
    _print_json_or(report.to_dict(), "\n".join(lines))


@app.command("export-evoclaw")
@with_globals
def export_evoclaw(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="Where to write the EvoClaw files.")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing EvoClaw files.")] = False,
    now: NowOpt = None,
) -> None:
    """Write the agent's memory as an EvoClaw workspace (warm-memory.json, memory-tree.json, ...)."""
    with open_lifecycle() as (_, lifecycle):
        report = lifecycle.export_evoclaw(directory, agent_id=agent_id(), force=force, now=now)
    _print_json_or(
        report.to_dict(),
        f"exported {report.warm_facts} warm and {report.cold_facts} archived memories "
        f"of {report.agent_id} to {report.directory}",
    )
