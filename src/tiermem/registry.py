"""One registry of what tiermem can be extended with: storage backends, embedders and LLM providers.

Each kind is an entry-point group. tiermem registers its built-ins there exactly as a plugin registers its
own (see ``[project.entry-points]`` in pyproject.toml), so a third-party package adds a backend, an
embedder or an LLM protocol by declaring an entry point in one of these groups, and nothing else:

* ``tiermem.backends``: name = a URL scheme (``postgresql`` for ``postgresql://...``; ``sqlite`` for a
  directory); value = a callable ``(location, config) -> OpenedStore`` (a backend and its settings);
* ``tiermem.embedders``: value = a callable ``(EmbedderSettings) -> Embedder``;
* ``tiermem.llm``: value = a callable ``(LLMSettings, sleep) -> Sender``.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, distributions
from typing import Any

from .errors import ConfigError

BACKENDS = "tiermem.backends"
EMBEDDERS = "tiermem.embedders"
LLM_PROVIDERS = "tiermem.llm"
_OWN = {BACKENDS: "sqlite", EMBEDDERS: "wordllama", LLM_PROVIDERS: "openai"}  # a built-in of each group


@cache
def _installed() -> dict[str, dict[str, EntryPoint]]:
    """tiermem's entry points by group and name: one scan of the installed packages (~15 ms) per process.
    As ``entry_points()`` does, the first distribution on the path wins a name."""
    groups: dict[str, dict[str, EntryPoint]] = {}
    for dist in distributions():
        for entry in dist.entry_points:
            if entry.group.startswith("tiermem."):
                groups.setdefault(entry.group, {}).setdefault(entry.name, entry)
    return groups


def _group(group: str) -> dict[str, EntryPoint]:
    found = _installed().get(group, {})
    if _OWN[group] not in found:  # tiermem's own entry points are missing: its metadata is not installed
        raise ConfigError(
            f"tiermem's built-in {group} entry points are not installed: reinstall tiermem "
            "(`pip install tiermem`, or `pip install -e .` in a checkout)"
        )
    return found


def names(group: str) -> list[str]:
    """Every registered name of a group, built-ins and plugins alike, sorted."""
    return sorted(_group(group))


def load(group: str, name: str, what: str, *, also: tuple[str, ...] = ()) -> Any:
    """The object registered under ``name`` in ``group``; ``what`` names the kind in the error, which lists
    the registered names and ``also`` (names the caller handles itself)."""
    entry = _group(group).get(name)
    if entry is None:
        known = ", ".join(sorted([*names(group), *also]))
        raise ConfigError(f"unknown {what} {name!r}; available providers: {known}")
    return entry.load()
