"""The LLM layer: status, usage, drain the enrichment queue, expand a query, a memory's jobs, core memories."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from . import render
from .options import agent_id, current, open_memory, wants_json, with_globals

app = typer.Typer(name="llm", help="The optional LLM: status, usage and cost, the queue, core memories.")

FOLLOW_POLL_S = 5.0


def _grid(rows: Mapping[str, Any]) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim")
    grid.add_column()
    for key, value in rows.items():
        shown = ", ".join(f"{k} {v}" for k, v in value.items()) if isinstance(value, Mapping) else str(value)
        grid.add_row(key.replace("_", " "), render.safe(shown))
    return grid


@app.command()
@with_globals
def status(
    ping: Annotated[bool, typer.Option("--ping", help="Also make one tiny call to the endpoint.")] = False,
) -> None:
    """Provider, features, today's budget use, the queue, and why the LLM was last left for rules."""
    with open_memory() as memory:
        found = memory.llm.status(agent_id=current().agent_id, ping=ping)
    if wants_json():
        render.emit_json(found)
        return
    render.console().print(_grid({k: "—" if v is None else v for k, v in found.items()}))


@app.command()
@with_globals
def usage(days: Annotated[int, typer.Option("--days", metavar="N", help="This many days back.")] = 7) -> None:
    """LLM calls, failures, budget refusals, cache hits and tokens, per day and purpose."""
    with open_memory() as memory:
        found = memory.llm_usage(days=days)
    if wants_json():
        render.emit_json({"days": days, "usage": found})
        return
    out = render.console()
    if not found:
        out.print(f"no LLM calls in the last {days} days")
        return
    table = Table("day", "purpose", "calls", "failures", "refused", "cache hits", "prompt tok", "answer tok")
    for day, purposes in found.items():
        for purpose, c in purposes.items():
            table.add_row(
                day,
                purpose,
                *(
                    str(c[k])
                    for k in ("calls", "failures", "refused", "cache_hits", "prompt_tokens", "completion_tokens")
                ),
            )
    out.print(table)


@app.command()
@with_globals
def drain(
    limit: Annotated[int | None, typer.Option("--limit", "-n", metavar="N", help="At most this many jobs.")] = None,
    follow: Annotated[
        bool, typer.Option("--follow", help="Keep draining as new jobs arrive (Ctrl-C to stop).")
    ] = False,
) -> None:
    """Run the queued LLM work now: facts, search keys, links.

    Every agent's jobs, unless --agent-id names one. Writes never wait for this: run it from cron or a
    heartbeat, or keep it running with --follow."""
    with open_memory("write") as memory:
        report = memory.llm.drain(agent_id=current().agent_id, limit=limit)
        _show_drain(report)
        while follow:
            time.sleep(FOLLOW_POLL_S)
            report = memory.llm.drain(agent_id=current().agent_id, limit=limit)
            if report["jobs"]:
                _show_drain(report)


def _show_drain(report: Mapping[str, Any]) -> None:
    if wants_json():
        render.emit_json(report)
        return
    fallback = f"; last fallback: {report['last_fallback']}" if report["rule"] and report["last_fallback"] else ""
    render.console().print(
        f"{report['jobs']} jobs in {report['seconds']} s: {report['llm']} by the LLM, {report['rule']} by rules, "
        f"{report['skipped']} skipped; {report['facts']} facts, {report['links']} links "
        f"({report['superseded']} superseded), {report['keys']} keys; {report['pending']} pending{fallback}"
    )


@app.command()
@with_globals
def expand(query: Annotated[str, typer.Argument(metavar="QUERY", help="A search query.", show_default=False)]) -> None:
    """The extra terms recall adds to QUERY when expansion is on (`--llm`), and which path gave them."""
    with open_memory() as memory:
        outcome = memory.expand_query(query)
    if wants_json():
        render.emit_json({"query": query, "terms": outcome.value, **outcome.report()})
        return
    why = f" (LLM fallback: {outcome.llm_fallback})" if outcome.llm_fallback else ""
    terms = ", ".join(outcome.value) or "none"
    render.console().print(f"{terms}  [{outcome.mode}{why}]")


@app.command()
@with_globals
def jobs(memory_id: Annotated[str, typer.Argument(metavar="ID", help="A memory id.", show_default=False)]) -> None:
    """A memory's LLM jobs: status, the path that ran and why, and what they found."""
    with open_memory() as memory:
        found = memory.llm.jobs(memory_id, agent_id=agent_id())
    if wants_json():
        render.emit_json({"id": memory_id.strip(), "jobs": found})
        return
    out = render.console()
    if not found:
        out.print(f"{memory_id.strip()} has no LLM jobs (none was queued when it was stored)")
        return
    for job in found:
        out.print(Text(f"{job['kind']}: {job['status']}", style="bold"))
        out.print(_grid({k: "—" if v is None else v for k, v in job["result"].items()}))


@app.command()
@with_globals
def consolidate(
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show the clusters and summaries; store nothing.")] = False,
    limit: Annotated[int, typer.Option("--limit", metavar="N", help="Consider the N newest memories.")] = 2000,
    min_size: Annotated[int, typer.Option("--min-size", metavar="N", help="Smallest cluster.")] = 3,
    threshold: Annotated[float, typer.Option("--threshold", metavar="0..1", help="Cosine to join a cluster.")] = 0.5,
) -> None:
    """Summarise clusters of related memories into core memories linked to their sources (kept as they are)."""
    with open_memory("write") as memory:
        report = memory.llm.consolidate_core(
            agent_id=agent_id(), limit=limit, min_size=min_size, threshold=threshold, dry_run=dry_run
        )
    if wants_json():
        render.emit_json(report)
        return
    out = render.console()
    verb = "would make" if dry_run else "made"
    out.print(f"{report['considered']} memories considered; {verb} {len(report['cores'])} core memories")
    for made in report["cores"]:
        why = f", LLM fallback: {made['llm_fallback']}" if made["llm_fallback"] else ""
        head = f"{made.get('id', '(dry run)')} from {len(made['sources'])} memories [{made['mode']}{why}]"
        out.print(Text(head, style="bold"))
        out.print("  " + render.safe(render.snippet(made["text"], 200)))


@app.command("rebuild-tree")
@with_globals
def rebuild_tree(
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show the new tree; save nothing.")] = False,
) -> None:
    """The monthly tree rebuild: the LLM's restructure if it fits the limits and files every category as
    before, else the rule rebuild (strongest categories win the nodes)."""
    with open_memory("write") as memory:
        report = memory.llm.rebuild_tree(agent_id=agent_id(), dry_run=dry_run)
    if wants_json():
        render.emit_json(report)
        return
    why = f" (LLM fallback: {report['llm_fallback']})" if report["llm_fallback"] else ""
    verb = "would have" if dry_run else "now has"
    out = render.console()
    out.print(f"[{report['mode']}{why}] the tree {verb} {report['nodes']} nodes, {report['size_bytes']} bytes")
    for key in ("added", "dropped"):
        if report[key]:
            out.print(f"  {key}: {', '.join(report[key])}")
