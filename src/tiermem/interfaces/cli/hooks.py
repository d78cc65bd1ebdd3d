"""`tiermem hooks install|uninstall|status|distill` and `tiermem hook EVENT` (Claude Code integration).

`tiermem hook EVENT` normally never gets here: the console script hands it to ``tiermem.hooks.client``
before typer loads. This command serves the same call when global options come first
(`tiermem --home DIR hook UserPromptSubmit`) and documents it in `--help`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from . import render
from .options import UsageError, agent_id, current, store_path, wants_json, with_globals

if TYPE_CHECKING:
    from ...hooks.install import Applied

app = typer.Typer()
group = typer.Typer(name="hooks", help="Claude Code hooks: install, uninstall, status; distill the core memory.")
app.add_typer(group)

ProjectOpt = Annotated[bool, typer.Option("--project", help="The project's .claude/settings.json (the default).")]
UserOpt = Annotated[bool, typer.Option("--user", help="Your ~/.claude/settings.json (every project).")]
DryRunOpt = Annotated[bool, typer.Option("--dry-run", help="Show the resulting settings; write nothing.")]


def _place() -> Any:
    from ...hooks.locate import Place, user_store

    user = user_store()
    project = str(store_path().absolute())
    return Place(project, None if user == project else user, agent_id())


def _settings_file(user: bool, project: bool) -> Path:
    from ...hooks.install import settings_path

    if user and project:
        raise UsageError("give --project or --user, not both")
    return settings_path(user, (current().workspace or Path.cwd()).expanduser().absolute())


def _report(found: Applied, verb: str) -> None:
    if wants_json():
        render.emit_json(found)
        return
    out = render.console()
    if found["dry_run"]:
        out.print(f"dry run: {found['path']} would become:")
        out.print(_dumps(found["settings"]))
        return
    if not found["changed"]:
        out.print(f"{found['path']}: already up to date ({', '.join(found['events']) or 'no tiermem hooks'})")
        return
    backup = f" (backup: {found['backup']})" if found["backup"] else ""
    out.print(f"{verb} {found['path']}{backup}")
    out.print(f"tiermem hooks: {', '.join(found['events']) or 'none'}")


def _dumps(value: Any) -> str:
    import json

    return json.dumps(value, indent=2, ensure_ascii=False)


@group.command()
@with_globals
def install(
    claude_code: Annotated[
        bool, typer.Option("--claude-code", help="Install for Claude Code (the only target).")
    ] = True,
    project: ProjectOpt = False,
    user: UserOpt = False,
    dry_run: DryRunOpt = False,
    gate: Annotated[
        bool, typer.Option("--gate", help="PreToolUse asks Claude once to acknowledge recalled HOT memories.")
    ] = False,
    command: Annotated[
        str | None, typer.Option("--command", metavar="CMD", help="How Claude Code starts tiermem (default: this one).")
    ] = None,
) -> None:
    """Merge tiermem's hooks into Claude Code's settings.json: other settings and hooks are kept, a backup is
    written first, and installing again changes nothing."""
    from ...hooks import install as setup

    base = command or setup.default_command()
    if current().home is not None:  # the store chosen now is the store the hooks use
        base = f"TIERMEM_HOME={_quote(str(store_path().absolute()))} {base}"
    path = _settings_file(user, project)
    _report(setup.apply(path, lambda s: setup.merged(s, base, gate=gate), dry_run=dry_run), "installed into")


def _quote(text: str) -> str:
    import shlex

    return shlex.quote(text)


@group.command()
@with_globals
def uninstall(project: ProjectOpt = False, user: UserOpt = False, dry_run: DryRunOpt = False) -> None:
    """Remove tiermem's hooks (only them) from Claude Code's settings.json, backing it up first."""
    from ...hooks import install as setup

    _report(setup.apply(_settings_file(user, project), setup.removed, dry_run=dry_run), "removed from")


@group.command()
@with_globals
def status() -> None:
    """Where the hooks are installed, whether the helper runs, and what they captured."""
    from ...hooks import install as setup
    from ...hooks import journal

    place = _place()
    found: dict[str, Any] = {"settings": {}, "stores": {}, "helper": _helper_state(place)}
    for scope, user in (("project", False), ("user", True)):
        path = _settings_file(user, False)
        found["settings"][scope] = {"path": str(path), "events": sorted(setup.installed(setup.read(path)))}
    for name, path in place.stores():
        found["stores"][name] = {
            "path": str(path),
            "journal_entries": sum(1 for _ in journal.entries(path)),
            "core_lines": journal.read_core(path, journal.CORE_MD).count("\n"),
        }
    if wants_json():
        render.emit_json(found)
        return
    out = render.console()
    for scope, info in found["settings"].items():
        out.print(f"{scope} settings {info['path']}: {', '.join(info['events']) or 'not installed'}")
    out.print(f"helper: {found['helper']}")
    for name, info in found["stores"].items():
        out.print(
            f"{name} store {info['path']}: {info['journal_entries']} journal entries, core {info['core_lines']} lines"
        )


def _helper_state(place: Any) -> str:
    from ...hooks.client import ask
    from ...hooks.locate import PROTOCOL

    if place.socket is None:
        return "off: the shared temporary folder for its socket is not private (owner or mode); calls run in-process"
    reply = ask(place.socket, {"v": PROTOCOL, "ping": True}, timeout=2.0)
    return "not running (the next hook call starts it)" if reply is None else f"running {reply}"


@group.command()
@with_globals
def distill() -> None:
    """Rewrite the core (core/MEMORY.md, core_tagged.jsonl, core_universal.md) from the journal of learnings;
    forgotten memories drop out."""
    from ...hooks.handlers import distill_all
    from ...hooks.runtime import Runtime

    runtime = Runtime(_place())
    try:
        done = distill_all(runtime)
    finally:
        runtime.close()
    if wants_json():
        render.emit_json(done)
        return
    for item in done:
        render.console().print(
            f"{item['store']}: {item['core_entries']} core entries ({item['core_lines']} lines) from "
            f"{item['journal_ids']} journal memories, {item['dropped']} forgotten"
        )


@app.command()
@with_globals
def hook(
    event: Annotated[str, typer.Argument(metavar="EVENT", help="The Claude Code event, e.g. UserPromptSubmit.")],
    gate: Annotated[bool, typer.Option("--gate", help="PreToolUse: ask once to acknowledge HOT memories.")] = False,
) -> None:
    """Answer one Claude Code hook call: the event JSON on stdin, Claude Code's JSON answer on stdout."""
    from ...hooks.client import main

    env = dict(os.environ)
    if current().home is not None or current().workspace is not None:
        env["TIERMEM_HOME"] = str(store_path().absolute())
    if current().agent_id is not None:
        env["TIERMEM_AGENT_ID"] = agent_id()
    main([event, *(["--gate"] if gate else [])], stdin=sys.stdin.buffer, env=env)
