"""The package's shape, kept by tests: layers point one way, no import cycles (type-only and function-level
imports included), small modules, a thin facade, backends found through the one registry."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

import tiermem
from architecture_support import LAYERS, PACKAGE, SRC, cycles, graph, layer_of, modules
from tiermem import registry

MAX_MODULE_LINES = 600
MAX_FACADE_LINES = 400
# Functions annotated ``-> dict[str, Any]`` (private ones too). Issue 20: results are tiermem.results
# dataclasses, JSON documents TypedDicts; lower this as modules are converted, never raise it.
MAX_UNTYPED_DICT_RETURNS = 54


def test_there_is_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_cycle_finder_sees_a_cycle() -> None:  # the test above can fail
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_every_module_has_a_layer() -> None:
    assert [m for m in modules() if m != "tiermem" and layer_of(m) < 0] == []


def test_layers_point_one_way() -> None:
    upward = [
        f"{module} (layer {layer_of(module)}) imports {target} (layer {layer_of(target)})"
        for module, targets in graph().items()
        if module != "tiermem"  # the package's __init__ re-exports the facade lazily
        for target in targets
        if layer_of(target) > layer_of(module)
    ]
    assert upward == []


def test_layer_table_orders_the_facade_above_the_core_above_storage() -> None:
    assert layer_of("tiermem.engine") > layer_of("tiermem.lifecycle.service") > layer_of("tiermem.core.writes")
    assert layer_of("tiermem.core") > layer_of("tiermem.write.revision") > layer_of("tiermem.storage.sqlite")
    assert layer_of("tiermem.interfaces.api") == len(LAYERS) - 1


def test_no_module_is_over_the_size_limit() -> None:
    sizes = {m: len(p.read_text(encoding="utf-8").splitlines()) for m, p in modules().items()}
    assert {m: n for m, n in sizes.items() if n > MAX_MODULE_LINES} == {}
    assert sizes["tiermem.engine"] <= MAX_FACADE_LINES


def _untyped_dict_returns() -> list[str]:
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or node.returns is None:
                continue
            if ast.unparse(node.returns).replace(" ", "") == "dict[str,Any]":
                found.append(f"{path.relative_to(SRC)}:{node.lineno} {node.name}")
    return found


def test_few_functions_return_untyped_dicts() -> None:
    found = _untyped_dict_returns()
    assert len(found) <= MAX_UNTYPED_DICT_RETURNS, "\n".join(found)


def test_no_concrete_backend_check_outside_storage() -> None:
    concrete = {"SQLiteBackend", "PostgresBackend"}
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path.is_relative_to(PACKAGE / "storage"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance" and len(node.args) == 2:
                names = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
                if names & concrete:
                    found.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert found == []


def test_builtins_are_registered_as_entry_points_like_plugins() -> None:
    project = tomllib.loads((SRC.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    groups = project["entry-points"]
    assert {"sqlite", "postgresql"} <= set(groups[registry.BACKENDS])
    assert {"wordllama", "openai"} <= set(groups[registry.EMBEDDERS])
    assert {"openai", "complete"} <= set(groups[registry.LLM_PROVIDERS])
    for group in (registry.BACKENDS, registry.EMBEDDERS, registry.LLM_PROVIDERS):  # the installed metadata too
        assert set(groups[group]) <= set(registry.names(group))


def test_an_unknown_store_scheme_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(tiermem.ConfigError, match="unknown store backend 'mysql'; available providers: "):
        tiermem.Memory.open("mysql://localhost/memories")
    assert list(tmp_path.iterdir()) == []  # not taken for a directory named "mysql:"


def test_exported_names_are_the_documented_ones() -> None:
    assert sorted(tiermem.__all__) == sorted(
        [
            "ConfigError",
            "Embedder",
            "EmbedderError",
            "Hit",
            "LLMError",
            "Link",
            "Memory",
            "MemoryRecord",
            "MemoryType",
            "NotFoundError",
            "StoreError",
            "StoreResult",
            "TiermemError",
            "ValidationError",
            "WorkspaceError",
        ]
    )
    for name in tiermem.__all__:
        assert getattr(tiermem, name) is not None


def test_every_face_names_the_memory_fields_of_the_one_input_model() -> None:
    """The fields a caller may give are :data:`tiermem.core.items.STORE_FIELDS`, validated in one place
    (``core.items.Preparer``); each face spells a subset of them, never a field of its own."""
    import inspect

    from tiermem.core.items import STORE_FIELDS
    from tiermem.engine import Memory
    from tiermem.interfaces.api_routes import MemoryFields

    controls = {"self", "agent_id", "dedup", "redact_secrets", "now", "extra"}
    assert set(inspect.signature(Memory.store).parameters) - controls <= set(STORE_FIELDS)
    assert set(MemoryFields.model_fields) <= set(STORE_FIELDS)
    assert {"text", "session", "created_at", "source"} <= set(MemoryFields.model_fields)
