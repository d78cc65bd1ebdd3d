"""The package's import graph (every import: top level, inside functions, under TYPE_CHECKING) and its layers,
for tests/test_architecture.py."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "tiermem"

# Lowest first. A module may import its own layer and those below, never one above. The longest matching
# prefix decides; ARCHITECTURE.md describes each layer.
LAYERS: tuple[tuple[str, ...], ...] = (
    # 0 foundation: values, errors, settings, the registry
    ("tiermem._ids", "tiermem.errors", "tiermem.model", "tiermem.text", "tiermem.fence", "tiermem.temporal",
     "tiermem.config", "tiermem.data", "tiermem.registry", "tiermem.results"),
    # 1 adapters: storage backends, embedders and LLM clients
    ("tiermem.storage", "tiermem.providers"),
    # 2 domain: pure rules of writing, recall, the lifecycle, the workspace files, the LLM features
    ("tiermem.write", "tiermem.recall", "tiermem.lifecycle", "tiermem.workspace", "tiermem.llm"),
    # 3 the memory core: the read and write path
    ("tiermem.core",),
    # 4 application services over the core
    ("tiermem.lifecycle.service", "tiermem.lifecycle.store", "tiermem.lifecycle.consolidate",
     "tiermem.lifecycle.retrieve", "tiermem.lifecycle.notes", "tiermem.lifecycle.evoclaw", "tiermem.lifecycle.metrics",
     "tiermem.workspace.service", "tiermem.llm.service", "tiermem.doctor", "tiermem.backup", "tiermem.bulk_import",
     "tiermem.coldsync"),
    # 5 the facade
    ("tiermem.engine", "tiermem.facade"),
    # 6 interfaces
    ("tiermem.interfaces", "tiermem.hooks", "tiermem.console", "tiermem.__main__"),
)  # fmt: skip


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _targets(module: str, node: ast.Import | ast.ImportFrom, is_package: bool, known: dict[str, Path]) -> list[str]:
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names if a.name.startswith("tiermem")]
    else:
        base = module.split(".") if is_package else module.split(".")[:-1]
        if node.level > 1:
            base = base[: len(base) - (node.level - 1)]
        target = ".".join([*base, node.module]) if node.level and node.module else ".".join(base)
        target = target if node.level else (node.module or "")
        if not target.startswith("tiermem"):
            return []
        names = [f"{target}.{a.name}" if f"{target}.{a.name}" in known else target for a in node.names]
    return [name if name in known else name.rsplit(".", 1)[0] for name in names]


def graph() -> dict[str, set[str]]:
    """module -> the tiermem modules it imports (the package itself excluded: its __init__ only re-exports)."""
    known = modules()
    edges: dict[str, set[str]] = defaultdict(set)
    for module, path in known.items():
        edges[module]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in _targets(module, node, path.name == "__init__.py", known):
                    if target in known and target not in (module, "tiermem"):
                        edges[module].add(target)
    return dict(edges)


def layer_of(module: str) -> int:
    best, rank = "", -1
    for level, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > len(best):
                best, rank = prefix, level
    return rank


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found
