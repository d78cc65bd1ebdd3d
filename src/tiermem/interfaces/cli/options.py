"""Global options (accepted before or after the command), the workspace and the store they select."""

from __future__ import annotations

import functools
import inspect
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar, get_type_hints

import typer

if TYPE_CHECKING:
    from ...engine import Memory

STORE_DIR = ".tiermem"
GLOBAL_PANEL = "Global options"
F = TypeVar("F", bound=Callable[..., Any])


def _json_opt() -> Any:
    # TIERMEM_JSON=1: JSON by default, for scripts written for seed 000's memory_cli.py (which always prints
    # JSON: its integration code does json.loads(result.stdout) on distill and retrieve).
    return typer.Option(
        "--json",
        envvar="TIERMEM_JSON",
        help="Print one JSON document instead of text (TIERMEM_JSON=1: always).",
        rich_help_panel=GLOBAL_PANEL,
    )


def _agent_opt(envvar: str | None = None) -> Any:
    return typer.Option(
        "--agent-id",
        metavar="ID",
        show_default=False,
        envvar=envvar,
        rich_help_panel=GLOBAL_PANEL,
        help="Namespace of the memories (default: 'default').",
    )


def _workspace_opt(envvar: str | None = None) -> Any:
    return typer.Option(
        "--workspace",
        metavar="DIR",
        show_default=False,
        envvar=envvar,
        rich_help_panel=GLOBAL_PANEL,
        help="Workspace directory (default: the current directory).",
    )


def _home_opt(envvar: str | None = None) -> Any:
    return typer.Option(
        "--home",
        metavar="DIR",
        show_default=False,
        envvar=envvar,
        rich_help_panel=GLOBAL_PANEL,
        help="Store directory (default: <workspace>/.tiermem).",
    )


# The root reads the environment; a command's own copy must not, or it would override `tiermem --agent-id x`.
RootJson = Annotated[bool, _json_opt()]
RootAgent = Annotated[str | None, _agent_opt("TIERMEM_AGENT_ID")]
RootWorkspace = Annotated[Path | None, _workspace_opt("TIERMEM_WORKSPACE")]
RootHome = Annotated[Path | None, _home_opt("TIERMEM_HOME")]


def _llm_opt() -> Any:
    return typer.Option(
        "--llm", rich_help_panel=GLOBAL_PANEL, help="Use the LLM for this command's optional LLM steps (seed flag)."
    )


def _endpoint_opt(envvar: str | None = None) -> Any:
    return typer.Option(
        "--llm-endpoint",
        metavar="URL",
        show_default=False,
        envvar=envvar,
        rich_help_panel=GLOBAL_PANEL,
        help="LLM endpoint: an OpenAI-compatible .../v1 URL, or the seed's POST /complete URL.",
    )


RootLLM = Annotated[bool, _llm_opt()]
RootEndpoint = Annotated[str | None, _endpoint_opt("TIERMEM_LLM_ENDPOINT")]


# Seed 000 passes its Turso archive to `store` and `consolidate` too: the same archive `cold` uses. No
# environment variable here (unlike `cold --db-url`): a TURSO_URL set for `cold` must not make every store upload.
SeedDbUrl = Annotated[
    str | None,
    typer.Option(
        "--db-url",
        metavar="URL",
        show_default=False,
        help="Also archive to this Turso / libSQL cold archive (seed 000).",
    ),
]
SeedAuthToken = Annotated[
    str | None, typer.Option("--auth-token", metavar="TOKEN", show_default=False, help="The archive's auth token.")
]


@dataclass(slots=True)
class Globals:
    """What the global options chose; a command's own copy of an option wins over the root's."""

    json: bool = False
    agent_id: str | None = None
    workspace: Path | None = None
    home: Path | None = None
    llm: bool = False
    llm_endpoint: str | None = None

    def merge(
        self,
        json: bool,
        agent_id: str | None,
        workspace: Path | None,
        home: Path | None,
        llm: bool = False,
        llm_endpoint: str | None = None,
    ) -> None:
        self.llm = self.llm or llm
        self.llm_endpoint = llm_endpoint if llm_endpoint is not None else self.llm_endpoint
        self.json = self.json or json
        self.agent_id = agent_id if agent_id is not None else self.agent_id
        self.workspace = workspace if workspace is not None else self.workspace
        self.home = home if home is not None else self.home


class UsageError(Exception):
    """A command line that cannot work (missing text, nothing to update...): exit 2, like a bad option."""


_ACTIVE: ContextVar[Globals | None] = ContextVar("tiermem_cli_globals", default=None)


def current() -> Globals:
    """The global options of the running command (root options merged with the command's own)."""
    return _ACTIVE.get() or Globals()


def agent_id() -> str:
    chosen = current().agent_id
    return "default" if chosen is None else chosen


def wants_json() -> bool:
    return current().json


def store_path() -> Path:
    """``--home``; else ``<--workspace>/.tiermem``; else, like git, the nearest ``.tiermem`` store in the current
    directory or a parent (below the home directory, whose ``~/.tiermem`` is the hooks' user store), falling
    back to ``./.tiermem``. Finding a path creates nothing: :func:`open_memory` decides that."""
    chosen = current()
    if chosen.home is not None:
        return chosen.home.expanduser()
    if chosen.workspace is not None:
        workspace = chosen.workspace.expanduser()
        if not workspace.is_dir():
            raise UsageError(f"workspace {workspace} is not a directory; create it or pass another --workspace")
        return workspace / STORE_DIR
    cwd = Path.cwd()
    return discover_store(cwd) or cwd / STORE_DIR


def discover_store(start: Path) -> Path | None:
    """The nearest ``<dir>/.tiermem`` holding a store, from ``start`` up; ``~/.tiermem`` only from ``~`` itself."""
    from ...storage.sqlite import DB_FILE

    start = start.absolute()
    home = Path.home().absolute()
    for directory in (start, *start.parents):
        if directory == home and start != home:
            return None
        if (directory / STORE_DIR / DB_FILE).is_file():
            return directory / STORE_DIR
    return None


def workspace_root() -> Path:
    """``--workspace``; else the directory of the store found upward (the workspace root); else the current one."""
    chosen = current()
    if chosen.workspace is not None:
        return chosen.workspace.expanduser()
    found = None if chosen.home is not None else discover_store(Path.cwd())
    return found.parent if found is not None else Path.cwd()


def store_exists(path: Path) -> bool:
    from ...storage.sqlite import DB_FILE

    return (path / DB_FILE).is_file()


def ensure_store(path: Path, *, create: bool) -> bool:
    """Whether opening ``path`` starts a new store: reads never do (a missing store is an error, so a mistyped
    ``--home`` cannot pass for an empty store); a write may."""
    if store_exists(path):
        return False
    if not create:
        chosen = current()
        upward = "" if chosen.home or chosen.workspace else " or in a parent directory"
        raise UsageError(f"no tiermem store at {path}{upward}; `tiermem init` creates one, or store a memory first")
    return True


@contextmanager
def new_store_guard(path: Path, new: bool) -> Iterator[None]:
    """Around the first write to a new store: say where it was created once the write is done; if the write
    fails, remove the directory it created, so a refused first command leaves nothing behind."""
    fresh = new and not path.exists()
    try:
        yield
    except BaseException:
        if fresh and path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        raise
    if new:
        sys.stderr.write(f"tiermem: created a new store in {path}\n")


def llm_config() -> dict[str, Any]:
    """Settings the command line adds to config.json: the LLM the environment and the seed's ``--llm`` /
    ``--llm-endpoint`` choose, and no background worker (a command is too short-lived for one; queued LLM
    work waits for `tiermem llm drain` or a long-running process)."""
    from ...config import llm_overrides, load_settings

    chosen = current()
    configured = load_settings(store_path()).llm.provider if chosen.llm else "none"
    section = llm_overrides(os.environ, endpoint=chosen.llm_endpoint, asked=chosen.llm, configured=configured)
    return {"llm": {**section, "background": False}}


Access = Literal["read", "write", "scratch"]


@contextmanager
def open_memory(access: Access = "read") -> Iterator[Memory]:
    """The selected store. Only ``"write"`` commands may start one; ``"scratch"`` commands (distill, validate...)
    need no memories and run on a throwaway store when there is none, leaving nothing behind."""
    from ...engine import Memory  # lazy: `tiermem --help` must not pay for numpy and the embedder

    path = store_path()
    with ExitStack() as stack:
        if access == "scratch" and not store_exists(path):
            path = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="tiermem-scratch-")))
            new = False
        else:
            new = ensure_store(path, create=access == "write")
        stack.enter_context(new_store_guard(path, new))
        yield stack.enter_context(Memory.open(path, config=llm_config()))


_KW = inspect.Parameter.KEYWORD_ONLY
_CTX = inspect.Parameter("ctx_", _KW, annotation=typer.Context)
_GLOBAL_PARAMS = (
    inspect.Parameter("json_", _KW, default=False, annotation=Annotated[bool, _json_opt()]),
    inspect.Parameter("agent_id_", _KW, default=None, annotation=Annotated[str | None, _agent_opt()]),
    inspect.Parameter("workspace_", _KW, default=None, annotation=Annotated[Path | None, _workspace_opt()]),
    inspect.Parameter("home_", _KW, default=None, annotation=Annotated[Path | None, _home_opt()]),
    inspect.Parameter("llm_", _KW, default=False, annotation=Annotated[bool, _llm_opt()]),
    inspect.Parameter("llm_endpoint_", _KW, default=None, annotation=Annotated[str | None, _endpoint_opt()]),
)


def with_globals(func: F) -> F:
    """Give a command the global options too, so `tiermem list --json` works like `tiermem --json list`."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        root = kwargs.pop(_CTX.name).find_root()
        chosen = root.obj if isinstance(root.obj, Globals) else Globals()
        chosen.merge(*(kwargs.pop(p.name) for p in _GLOBAL_PARAMS))
        token = _ACTIVE.set(chosen)
        try:
            return func(*args, **kwargs)
        finally:
            _ACTIVE.reset(token)

    added = (_CTX, *_GLOBAL_PARAMS)
    signature = inspect.signature(func, eval_str=True)
    wrapper.__signature__ = signature.replace(parameters=[*signature.parameters.values(), *added])  # type: ignore[attr-defined]
    wrapper.__annotations__ = {**get_type_hints(func, include_extras=True), **{p.name: p.annotation for p in added}}
    return wrapper  # type: ignore[return-value]


NowOpt = Annotated[str | None, typer.Option("--now", metavar="WHEN", help="Act as if it were then (ISO-8601).")]


def workspace_dir() -> Path:
    """``--workspace``, else the parent of the store directory (the current directory by default)."""
    chosen = current().workspace
    return chosen.expanduser() if chosen is not None else store_path().parent
