"""Global options (accepted before or after the command), the workspace and the store they select."""

from __future__ import annotations

import functools
import inspect
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, get_type_hints

import typer

if TYPE_CHECKING:
    from ...engine import Memory

STORE_DIR = ".tiermem"
GLOBAL_PANEL = "Global options"
F = TypeVar("F", bound=Callable[..., Any])


def _json_opt() -> Any:
    return typer.Option("--json", help="Print one JSON document instead of text.", rich_help_panel=GLOBAL_PANEL)


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
    """``--home``, else ``<workspace>/.tiermem`` where the workspace defaults to the current directory."""
    chosen = current()
    if chosen.home is not None:
        return chosen.home.expanduser()
    workspace = (chosen.workspace or Path.cwd()).expanduser()
    if not workspace.is_dir():
        raise UsageError(f"workspace {workspace} is not a directory; create it or pass another --workspace")
    return workspace / STORE_DIR


def llm_config() -> dict[str, Any]:
    """Settings the command line adds to config.json: the LLM the environment and the seed's ``--llm`` /
    ``--llm-endpoint`` choose, and no background worker (a command is too short-lived for one; queued LLM
    work waits for `tiermem llm drain` or a long-running process)."""
    from ...config import llm_overrides, load_settings

    chosen = current()
    configured = load_settings(store_path()).llm.provider if chosen.llm else "none"
    section = llm_overrides(os.environ, endpoint=chosen.llm_endpoint, asked=chosen.llm, configured=configured)
    return {"llm": {**section, "background": False}}


@contextmanager
def open_memory() -> Iterator[Memory]:
    from ...engine import Memory  # lazy: `tiermem --help` must not pay for numpy and the embedder

    with Memory.open(store_path(), config=llm_config()) as memory:
        yield memory


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
