"""Finding the store like git: upward from a subdirectory, never created by a read or a mistyped path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from cli_support import CLEAN_ENV
from tiermem import Memory
from tiermem.interfaces.cli.main import app


def run(*args: str) -> Result:
    return CliRunner(env=CLEAN_ENV).invoke(app, list(args), catch_exceptions=False)


def one_error(result: Result) -> str:
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tiermem: error: "), result.stderr
    return lines[0]


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "project"
    (root / "sub" / "dir").mkdir(parents=True)
    monkeypatch.chdir(root)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # the walk stops below $HOME: keep it out of the way
    return root


def test_a_read_in_a_fresh_directory_creates_nothing(workspace: Path) -> None:
    assert "no tiermem store at" in one_error(run("stats"))
    assert "parent directory" in one_error(run("search", "anything"))
    assert not (workspace / ".tiermem").exists()


def test_init_then_any_subdirectory_finds_the_store(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = run("init")
    assert (made.exit_code, made.stdout) == (0, f"created an empty store in {workspace / '.tiermem'}\n")
    again = run("--json", "init")
    assert json.loads(again.stdout) == {"store": str(workspace / ".tiermem"), "created": False}
    monkeypatch.chdir(workspace / "sub" / "dir")
    stored = run("store", "The deploy key lives in the vault")
    assert (stored.exit_code, stored.stderr) == (0, "")  # the store exists: no note
    found = json.loads(run("--json", "stats").stdout)
    assert (found["memories"], found["path"]) == (1, str(workspace / ".tiermem"))
    assert not (workspace / "sub" / "dir" / ".tiermem").exists()
    with Memory.open(workspace / ".tiermem") as mem:
        assert [r.text for r in mem.list()] == ["The deploy key lives in the vault"]


def test_the_first_write_creates_the_store_and_says_where(workspace: Path) -> None:
    result = run("store", "Tabs are four spaces wide")
    assert result.exit_code == 0
    assert result.stderr == f"tiermem: created a new store in {workspace / '.tiermem'}\n"
    assert (workspace / ".tiermem" / "tiermem.db").is_file()


def test_a_mistyped_home_or_workspace_is_an_error(workspace: Path, tmp_path: Path) -> None:
    missing = tmp_path / "nonexistent" / "x"
    assert f"no tiermem store at {missing};" in one_error(run("--home", str(missing), "stats"))
    assert "is not a directory" in one_error(run("--workspace", str(tmp_path / "nonexistent"), "stats"))
    assert not (tmp_path / "nonexistent").exists()
    refused = run("--home", str(missing), "store", "a fact", "--importance", "9")  # a first write that fails
    assert "importance" in one_error(refused) and not missing.exists()
    stored = run("--home", str(missing), "store", "a fact")  # a write may start it, and says where
    assert (stored.exit_code, stored.stderr) == (0, f"tiermem: created a new store in {missing}\n")


def test_store_free_commands_run_without_a_store_and_leave_none(workspace: Path) -> None:
    result = run("--json", "distill", "--text", "User: Sarah decided to deploy to testnet first.")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["mode"] == "rule"
    assert not (workspace / ".tiermem").exists()


def test_the_workspace_commands_use_the_found_workspace(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert run("init").exit_code == 0
    assert run("workspace", "scaffold").exit_code == 0
    monkeypatch.chdir(workspace / "sub")
    noted = run("note", "decision", "Ship on Friday", "--why", "the demo is Monday")
    assert noted.exit_code == 0, noted.stderr
    assert (workspace / "MEMORY.md").is_file() and not (workspace / "sub" / "MEMORY.md").exists()
    state = json.loads((workspace / "memory" / "state.json").read_text())
    assert state["current_session"]["decisions"] == [{"decision": "Ship on Friday", "reasoning": "the demo is Monday"}]
