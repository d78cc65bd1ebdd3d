"""The ``tiermem`` app: global options, command registration and the one-line error contract.

Every usage error and every ``TiermemError`` exits 2 with one line on stderr (``tiermem: error: ...``);
anything unexpected exits 1 with one line and a hint to rerun with ``TIERMEM_DEBUG=1`` for the traceback.
"""

from __future__ import annotations

import difflib
import json
import os
import sys
import traceback
from collections.abc import Sequence
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup

from ... import __version__
from ...errors import TiermemError
from . import (
    backup,
    cold,
    context,
    daily,
    demo,
    doctor,
    hooks,
    info,
    lifecycle,
    links,
    llm,
    memory,
    note,
    report,
    serve,
    session,
    tokens,
    ui,
    workspace,
)
from .options import Globals, RootAgent, RootEndpoint, RootHome, RootJson, RootLLM, RootWorkspace, UsageError

PROG = "tiermem"
JSON_ON = ("1", "true", "yes", "on")  # TIERMEM_JSON values that mean JSON output (and JSON errors)
EXIT_USAGE = 2
SUGGEST_CUTOFF = 0.75  # difflib ratio: --lmit/--limit 0.92, --colour/--source 0.62


def _fail(message: str, code: int, as_json: bool = False) -> NoReturn:
    """One line on stderr; under ``--json`` that line is a JSON document, for scripts that parse the output."""
    line = " ".join(message.split()) or "failed"
    if as_json:
        sys.stderr.write(json.dumps({"error": {"message": line, "exit_code": code}}, ensure_ascii=False) + "\n")
    else:
        sys.stderr.write(f"{PROG}: error: {line}\n")
    sys.exit(code)


def _usage_message(exc: typer.TyperException) -> str:
    ctx = getattr(exc, "ctx", None)
    path = getattr(ctx, "command_path", None)
    message = _no_such_option(exc) or exc.format_message()
    return message if not path else f"{message} (see '{path} --help')"


def _no_such_option(exc: typer.TyperException) -> str | None:
    """click lists every option it finds vaguely close (`--lmit`: --limit, --llm, --llm-endpoint; `--colour`:
    --source); name the closest only, and only when it is close."""
    name, possible = getattr(exc, "option_name", None), getattr(exc, "possibilities", None)
    if not isinstance(name, str) or not possible:
        return None
    best = difflib.get_close_matches(name, list(possible), n=1, cutoff=SUGGEST_CUTOFF)
    return f"No such option: {name}" + (f"; did you mean {best[0]}?" if best else "")


def _silence_stdout() -> None:
    """After a broken pipe (`tiermem list | head`), stop Python complaining while it flushes stdout at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


class TiermemGroup(TyperGroup):
    """Runs click in non-standalone mode so every failure ends the same way: exit code + one line."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        as_json = "--json" in (sys.argv[1:] if args is None else args) or os.environ.get("TIERMEM_JSON") in JSON_ON
        try:
            code = super().main(args, prog_name or PROG, complete_var, False, windows_expand_args, **extra)
        except (UsageError, TiermemError) as exc:
            _debug_traceback(exc)
            _fail(str(exc), EXIT_USAGE, as_json)
        except typer.TyperException as exc:  # typer's (vendored) click errors: bad option, missing argument...
            _fail(_usage_message(exc), exc.exit_code, as_json)
        except typer.Abort:
            _fail("aborted", 130, as_json)
        except BrokenPipeError:  # the reader went away (`tiermem list | head`): nothing left to say
            _silence_stdout()
            sys.exit(1)
        except Exception as exc:  # the last line of defence: anything else is a bug, still one line
            _debug_traceback(exc)
            hint = "" if _debugging() else "; rerun with TIERMEM_DEBUG=1 to see the traceback"
            _fail(f"unexpected {type(exc).__name__}: {exc}{hint}", 1, as_json)
        sys.exit(code if isinstance(code, int) else 0)


def _debugging() -> bool:
    return bool(os.environ.get("TIERMEM_DEBUG"))


def _debug_traceback(exc: BaseException) -> None:
    if _debugging():
        traceback.print_exception(exc, file=sys.stderr)


app = typer.Typer(
    cls=TiermemGroup,
    name=PROG,
    epilog="The store is the nearest .tiermem in this directory or a parent, like git (`tiermem init` makes one;"
    " the first write does too). Try `tiermem demo`.",
    invoke_without_command=True,
    add_completion=True,  # --install-completion / --show-completion (bash, zsh, fish, PowerShell)
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
for group in (
    memory.app,
    links.app,
    info.app,
    context.app,
    note.app,
    session.app,
    workspace.app,
    demo.app,
    llm.app,
    lifecycle.app,
    daily.app,
    serve.app,
    ui.app,
    report.app,
    tokens.app,
    cold.app,
    hooks.app,
    backup.app,
    doctor.app,
):
    app.add_typer(group)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"{PROG} {__version__}")
        raise typer.Exit(0)


@app.callback()
def root(
    ctx: typer.Context,
    json_: RootJson = False,
    agent_id: RootAgent = None,
    workspace: RootWorkspace = None,
    home: RootHome = None,
    llm_: RootLLM = False,
    llm_endpoint: RootEndpoint = None,
    _version: Annotated[
        bool, typer.Option("--version", is_eager=True, callback=_print_version, help="Print the version and exit.")
    ] = False,
) -> None:
    """Long-term memory for AI agents: store, search and explain what an agent remembers."""
    ctx.obj = Globals(json_, agent_id, workspace, home, llm_, llm_endpoint)
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())
        raise typer.Exit(0)


def run() -> None:
    """Console-script entry point (`tiermem`, `python -m tiermem`)."""
    app(prog_name=PROG)
