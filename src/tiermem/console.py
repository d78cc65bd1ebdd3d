"""The ``tiermem`` console script. Standard library only: ``tiermem hook EVENT`` (Claude Code runs it on every
hook) goes to :mod:`tiermem.hooks.client` before typer, rich and the engine are imported; everything else
goes to the command line (:mod:`tiermem.interfaces.cli.main`)."""

from __future__ import annotations

import sys


def main() -> None:
    args = sys.argv[1:]
    if len(args) >= 2 and args[0] == "hook" and not args[1].startswith("-"):
        from .hooks.client import main as hook

        sys.exit(hook(args[1:]))
    from .interfaces.cli.main import run

    run()
