"""Seed 000's cloud commands: `cold --init | --query | --push`, `sync-critical`, `restore` (Turso / libSQL)."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Annotated, Any

import typer

from . import render
from .options import UsageError, agent_id, open_memory, wants_json, with_globals, workspace_dir

app = typer.Typer()

DbUrlOpt = Annotated[
    str | None,
    typer.Option(
        "--db-url",
        metavar="URL",
        envvar=["TURSO_DB_URL", "TURSO_URL"],
        show_default=False,
        help="The Turso / libSQL database (libsql://..., https://...); env TURSO_DB_URL or TURSO_URL.",
    ),
]
TokenOpt = Annotated[
    str | None,
    typer.Option(
        "--auth-token",
        metavar="TOKEN",
        envvar=["TURSO_AUTH_TOKEN", "TURSO_TOKEN"],
        show_default=False,
        help="Its auth token; env TURSO_AUTH_TOKEN or TURSO_TOKEN.",
    ),
]


TimeoutOpt = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        metavar="SECONDS",
        min=1,
        max=3600,
        show_default=False,
        help="Give up after this long, retries included (default: retry after 5, 10, 20 and 40 s).",
    ),
]


def _show_retry(failure: str, attempt: int, attempts: int, delay: float) -> None:
    """Each retry on stderr: an unreachable archive says so at once instead of waiting in silence."""
    sys.stderr.write(f"tiermem: {failure}; try {attempt} of {attempts} failed, retrying in {delay:g} s\n")
    sys.stderr.flush()


@contextmanager
def _archive(db_url: str | None, auth_token: str | None, timeout: float | None = None) -> Iterator[Any]:
    from ...storage.turso import ColdArchive, TursoClient

    if not db_url:
        raise UsageError("give the cold archive: --db-url URL (or set TURSO_DB_URL)")
    client = TursoClient(db_url, auth_token, deadline_s=timeout, on_retry=_show_retry)
    try:
        yield ColdArchive(client)
    finally:
        client.close()


@contextmanager
def seed_archive(db_url: str | None, auth_token: str | None) -> Iterator[Any | None]:
    """Seed 000's ``store`` / ``consolidate --db-url``: the cold archive to copy to, or None without a URL."""
    if db_url is None:
        if auth_token is not None:
            raise UsageError("--auth-token goes with --db-url URL")
        yield None
        return
    with _archive(db_url, auth_token) as archive:
        yield archive


def _emit(found: Mapping[str, object], line: str) -> None:
    if wants_json():
        render.emit_json(found)
    else:
        render.console().print(line)


@app.command()
@with_globals
def cold(
    init: Annotated[bool, typer.Option("--init", help="Create the archive's tables (safe to repeat).")] = False,
    query: Annotated[str | None, typer.Option("--query", metavar="TEXT", help="Search the archive.")] = None,
    push: Annotated[bool, typer.Option("--push", help="Archive the agent's cold and frozen memories.")] = False,
    everything: Annotated[bool, typer.Option("--all", help="With --push: every memory (a full backup).")] = False,
    limit: Annotated[int, typer.Option("--limit", metavar="N", min=1, max=1000, help="Most results.")] = 10,
    db_url: DbUrlOpt = None,
    auth_token: TokenOpt = None,
    timeout: TimeoutOpt = None,
) -> None:
    """The cold archive on Turso / libSQL: create it, query it, or push memories into it."""
    if sum([init, query is not None, push]) != 1:
        raise UsageError("give one of --init, --query TEXT or --push")
    if everything and not push:
        raise UsageError("--all goes with --push")
    with _archive(db_url, auth_token, timeout) as archive:
        if init:
            _emit(archive.init(), "cold archive ready: tables cold_memories and critical_state")
        elif query is not None:
            found = archive.query(agent_id(), query, limit=limit)
            if wants_json():
                render.emit_json({"query": query, "results": found})
            for item in [] if wants_json() else found:
                render.console().print(f"{item['id']}  {render.snippet(str(item['text']))}")
        else:
            from ...coldsync import push as push_

            with open_memory() as memory, render.working("archiving"):
                done = push_(memory.core, archive, agent_id(), everything=everything)
            _emit(done, f"archived {done['archived']} memories of {done['agent_id']} ({done['scope']})")


@app.command("sync-critical")
@with_globals
def sync_critical(db_url: DbUrlOpt = None, auth_token: TokenOpt = None, timeout: TimeoutOpt = None) -> None:
    """Back up hot state + tree + timestamp to the cold archive (run it after every important conversation)."""
    from ...coldsync import sync_critical as sync

    with _archive(db_url, auth_token, timeout) as archive, open_memory() as memory:
        done = sync(memory.core, archive, agent_id(), workspace=workspace_dir())
    _emit(done, f"synced the critical state of {done['agent_id']} ({done['bytes']} bytes)")


@app.command()
@with_globals
def restore(db_url: DbUrlOpt = None, auth_token: TokenOpt = None, timeout: TimeoutOpt = None) -> None:
    """Restore an agent on this device from the cold archive: its memories, hot state, tree and MEMORY.md."""
    from ...coldsync import restore as restore_

    with _archive(db_url, auth_token, timeout) as archive, open_memory("write") as memory, render.working("restoring"):
        done = restore_(memory.core, archive, agent_id(), workspace=workspace_dir())
    _emit(done, f"restored {done['restored_memories']} memories of {done['agent_id']} in {done['seconds']} s")
