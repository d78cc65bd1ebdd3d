"""`tiermem ui`: the memory browser, a local web page served by the REST app (same tokens, same store)."""

from __future__ import annotations

from typing import Annotated

import typer

from .options import with_globals
from .serve import DEFAULT_PORT, ConfigOpt, HostOpt, PortOpt, StoreOpt, read_config, run_rest

app = typer.Typer()


@app.command()
@with_globals
def ui(
    host: HostOpt = "127.0.0.1",
    port: PortOpt = DEFAULT_PORT,
    insecure_local: Annotated[
        bool, typer.Option("--insecure-local", help="No sign-in: for development on a loopback address only.")
    ] = False,
    store: StoreOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Browse memory in a web page: search with reasons, the tree, tiers over time, forget / pin / edit.

    Sign in with a token from `tiermem tokens create`. The page is the REST server's /ui, so `tiermem serve`
    serves it too."""
    banner = "memory browser on http://{host}:{port}/ui/ (REST API too)"
    run_rest(host, port, insecure_local, store, banner, config=read_config(config))
