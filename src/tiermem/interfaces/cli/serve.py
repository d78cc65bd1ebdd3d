"""The servers: `tiermem serve` (REST) and `tiermem mcp` (Model Context Protocol), and the store they open.

Both serve the workspace's store unless ``--store`` names another: a directory, or a ``postgresql://`` URL
that several servers on several machines can share.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .options import UsageError, agent_id, current, ensure_store, new_store_guard, store_path, with_globals

if TYPE_CHECKING:
    from ...engine import Memory

app = typer.Typer()

DEFAULT_PORT = 8787
StoreOpt = Annotated[
    str | None,
    typer.Option(
        "--store",
        metavar="DIR|URL",
        envvar="TIERMEM_STORE",
        show_default=False,
        help="The store: a directory or a postgresql:// URL (default: the workspace's store).",
    ),
]
ConfigOpt = Annotated[
    Path | None,
    typer.Option(
        "--config",
        metavar="FILE",
        envvar="TIERMEM_CONFIG",
        show_default=False,
        help="Settings as JSON, config.json's keys: for a postgresql:// store (it has no config.json), or over a "
        "directory store's own.",
    ),
]
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        "--workers",
        metavar="N",
        min=1,
        max=256,
        envvar="TIERMEM_WORKERS",
        show_default=False,
        help="Worker processes (default: config.json's server.workers, else one per core).",
    ),
]
MAX_CONFIG_BYTES = 1 << 20  # a settings file is a few hundred bytes; anything near this is not one
HostOpt = Annotated[str, typer.Option("--host", metavar="ADDR", help="Address to listen on.")]
PortOpt = Annotated[int, typer.Option("--port", metavar="N", min=0, max=65535, help="Port to listen on.")]


@contextmanager
def open_store(store: str | None, *, create: bool = True, config: dict[str, Any] | None = None) -> Iterator[Memory]:
    """The store ``--store`` names, else the workspace's; with its own config.json settings, ``config`` (from
    ``--config``) over them. A server is a writer, so it may start the store (saying so on stderr)."""
    from ...engine import Memory  # lazy: `tiermem --help` must not pay for numpy and the embedder

    target: str | Path = store or store_path()
    new = False
    if not _is_url(str(target)):
        target = Path(target).expanduser()
        new = ensure_store(target, create=create)
    with new_store_guard(Path(target), new), Memory.open(target, config=config) as memory:
        yield memory


def read_config(path: Path | None) -> dict[str, Any] | None:
    """``--config FILE``: a JSON object of settings (validated when the store opens with them)."""
    if path is None:
        return None
    try:
        with path.expanduser().open("rb") as file:
            raw = file.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"cannot read --config {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_CONFIG_BYTES:
        raise UsageError(f"--config {path} is larger than {MAX_CONFIG_BYTES:,} bytes: is it a settings file?")
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UsageError(f"--config {path} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise UsageError(f"--config {path} must hold a JSON object of settings, like config.json")
    from ...config import parse_settings

    parse_settings(dict(data), where=f"--config {path}")  # its own mistakes named as its own, not config.json's
    return data


def _is_url(store: str | None) -> bool:
    return bool(store) and str(store).startswith(("postgresql://", "postgres://"))


def is_loopback(host: str) -> bool:
    from ..guard import is_loopback_name

    return is_loopback_name(host)


def _workspace() -> str | None:
    """``--workspace``: where MEMORY.md lives. Unset: beside the store (or the settings' workspace.root)."""
    chosen = current().workspace
    return None if chosen is None else str(chosen.expanduser())


def _require(module: str) -> None:
    try:
        __import__(module)
    except ImportError:
        raise UsageError(
            f"{module} is not installed; install the server extra: pip install 'tiermem[server]'"
        ) from None


@app.command()
@with_globals
def serve(
    host: HostOpt = "127.0.0.1",
    port: PortOpt = DEFAULT_PORT,
    insecure_local: Annotated[
        bool, typer.Option("--insecure-local", help="No tokens: for development on a loopback address only.")
    ] = False,
    max_body_bytes: Annotated[
        int, typer.Option("--max-body-bytes", metavar="N", min=1024, help="Largest request body accepted.")
    ] = 4 * 1024 * 1024,
    store: StoreOpt = None,
    config: ConfigOpt = None,
    workers: WorkersOpt = None,
) -> None:
    """Run the REST server (OpenAPI docs at /docs). Every request needs a bearer token from `tiermem tokens create`."""
    banner = "REST on http://{host}:{port} (docs /docs, pages /ui)"
    run_rest(host, port, insecure_local, store, banner, max_body_bytes, workers=workers, config=read_config(config))


def run_rest(
    host: str,
    port: int,
    insecure_local: bool,
    store: str | None,
    banner: str,
    max_body_bytes: int = 4 * 1024 * 1024,
    *,
    workers: int | None = 1,
    config: dict[str, Any] | None = None,
    mcp: bool = False,
) -> None:
    """Serve the REST app (its pages included), or with ``mcp`` the MCP streamable HTTP app, until interrupted;
    ``banner`` says what is where. ``workers``: processes (None: the store's setting, else one per core);
    ``config``: settings over the store's."""
    if insecure_local and not is_loopback(host):
        raise UsageError(f"--insecure-local serves without tokens, so only on a loopback address, not {host}")
    for module in ("mcp", "uvicorn") if mcp else ("fastapi", "uvicorn"):
        _require(module)
    import uvicorn

    from ..asgi import SERVER_LIMITS
    from ..serving import WorkerConfig, build_app, claim_port, default_workers, serve_workers

    with open_store(store, config=config) as memory:
        count = workers or memory.settings.server.workers or default_workers()
        auth = "NO AUTH (--insecure-local)" if insecure_local else "bearer tokens"
        where = banner.format(host=host, port=port)
        plural = "es" if count > 1 else ""
        sys.stderr.write(f"tiermem {where} · store {memory.location} · {auth} · {count} process{plural}\n")
        if not is_loopback(host):
            sys.stderr.write("tiermem: listening beyond loopback: put a TLS-terminating proxy in front of it\n")
        options: dict[str, Any] = {"log_level": "warning", "server_header": False, **SERVER_LIMITS}
        target = store if store and _is_url(store) else str(memory.path)  # (location hides a URL's password)
        worker = WorkerConfig(target, insecure_local, max_body_bytes, _workspace(), host, config, mcp, agent_id())
        if count == 1:
            uvicorn.run(build_app(memory, worker, shared=False), host=host, port=port, **options)
            return
    # Several processes: each worker opens the store itself (this process only made sure it exists).
    try:
        port = claim_port(host, port)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; choose another --port") from None
    serve_workers(worker, count, port, options)


@app.command()
@with_globals
def mcp(
    http: Annotated[bool, typer.Option("--http", help="Streamable HTTP instead of stdio.")] = False,
    host: HostOpt = "127.0.0.1",
    port: PortOpt = DEFAULT_PORT + 1,
    insecure_local: Annotated[
        bool, typer.Option("--insecure-local", help="HTTP without tokens: loopback development only.")
    ] = False,
    store: StoreOpt = None,
    config: ConfigOpt = None,
    workers: WorkersOpt = None,
) -> None:
    """Run the MCP server: stdio by default (for Claude Code, Claude Desktop, Cursor), or streamable HTTP.

    Over HTTP it runs several worker processes, as `serve` does: then it is stateless, each request on its own."""
    settings = read_config(config)
    if http:
        banner = "MCP on http://{host}:{port}/mcp"
        run_rest(host, port, insecure_local, store, banner, workers=workers, config=settings, mcp=True)
        return
    _require("mcp")
    from ..mcp import run_stdio

    with open_store(store, config=settings) as memory:
        run_stdio(memory, default_agent=agent_id(), workspace=_workspace())
