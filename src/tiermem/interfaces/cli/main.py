"""The ``tiermem`` app: global options, command registration and the one-line error contract.

Every usage error and every ``TiermemError`` exits 2 with one line on stderr (``tiermem: error: ...``);
anything unexpected exits 1 with one line and a hint to rerun with ``TIERMEM_DEBUG=1`` for the traceback.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

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
EXIT_USAGE = 2


def _fail(message: str, code: int) -> NoReturn:
    line = " ".join(message.split()) or "failed"
    sys.stderr.write(f"{PROG}: error: {line}\n")
    sys.exit(code)


def _usage_message(exc: typer.TyperException) -> str:
    ctx = getattr(exc, "ctx", None)
    path = getattr(ctx, "command_path", None)
    return exc.format_message() if not path else f"{exc.format_message()} (see '{path} --help')"


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
        try:
            code = super().main(args, prog_name or PROG, complete_var, False, windows_expand_args, **extra)
        except (UsageError, TiermemError) as exc:
            _debug_traceback(exc)
            _fail(str(exc), EXIT_USAGE)
        except typer.TyperException as exc:  # typer's (vendored) click errors: bad option, missing argument...
            _fail(_usage_message(exc), exc.exit_code)
        except typer.Abort:
            _fail("aborted", 130)
        except BrokenPipeError:  # the reader went away (`tiermem list | head`): nothing left to say
            _silence_stdout()
            sys.exit(1)
        except Exception as exc:  # the last line of defence: anything else is a bug, still one line
            _debug_traceback(exc)
            hint = "" if _debugging() else "; rerun with TIERMEM_DEBUG=1 to see the traceback"
            _fail(f"unexpected {type(exc).__name__}: {exc}{hint}", 1)
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
    add_completion=False,
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


@app.callback()
def root(
    ctx: typer.Context,
    json_: RootJson = False,
    agent_id: RootAgent = None,
    workspace: RootWorkspace = None,
    home: RootHome = None,
    llm_: RootLLM = False,
    llm_endpoint: RootEndpoint = None,
) -> None:
    """Long-term memory for AI agents: store, search and explain what an agent remembers."""
    ctx.obj = Globals(json_, agent_id, workspace, home, llm_, llm_endpoint)
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())
        raise typer.Exit(0)


def run() -> None:
    """Console-script entry point (`tiermem`, `python -m tiermem`)."""
    app(prog_name=PROG)
