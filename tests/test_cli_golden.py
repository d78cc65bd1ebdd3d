"""Stable CLI output compared with tests/golden/ (ids, current times and paths normalised).

Regenerate after an intended change with: TIERMEM_UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_cli_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_support import Cli, check_golden, normalise

T1, T2 = "2026-03-02T08:41:00+00:00", "2026-03-05T09:02:00+00:00"


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "store")


def _seed(cli: Cli) -> tuple[str, str]:
    pref = cli.store(
        "I use the Gruvbox dark theme in Neovim",
        "--type",
        "user_preference",
        "--category",
        "preferences/editor",
        "--tags",
        "editor,theme",
        "--importance",
        "0.8",
        "--created-at",
        T1,
    )
    fix = cli.store(
        "Fixed the deploy: fly secrets set DATABASE_URL, see https://fly.io/docs/apps/secrets/",
        "--type",
        "error_resolution",
        "--created-at",
        T2,
        "--event-at",
        T2,
        "--source",
        "chat",
        "--metadata",
        '{"ticket": "HAR-12"}',
        "--path",
        "migrations/env.py",
    )
    return pref, fix


def _golden_json(cli: Cli, name: str, *args: str) -> None:
    text = json.dumps(cli.json(*args), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    check_golden(name, normalise(text, keep_times=(T1, T2), home=cli.home))


def test_root_help(cli: Cli) -> None:
    check_golden("help_root.txt", normalise(cli.ok("--help")))


def test_store_json(cli: Cli) -> None:
    _golden_json(
        cli,
        "store.json",
        "store",
        "Harbor uses PostgreSQL 16 with btree_gist",
        "--type",
        "architectural_decision",
        "--tags",
        "harbor,database",
        "--created-at",
        T1,
    )


def test_get_json_with_links_and_history(cli: Cli) -> None:
    pref, fix = _seed(cli)
    cli.ok("link", fix, pref, "related_to")
    cli.ok("update", fix, "--importance", "0.9")
    cli.ok("store", "I use the Gruvbox dark theme in Neovim")  # reinforces pref
    _golden_json(cli, "get_links_history.json", "get", fix)


def test_list_json(cli: Cli) -> None:
    _seed(cli)
    _golden_json(cli, "list.json", "list", "--order", "oldest")


def test_stats_json(cli: Cli) -> None:
    _seed(cli)
    _golden_json(cli, "stats.json", "stats")


def test_usage_error_lines(cli: Cli) -> None:
    cases = [
        ["store"],
        ["store", "a", "--text", "b"],
        ["store", "hi", "--colour", "red"],
        ["get"],
        ["update", "01ABC"],
        ["purge", "01ABC"],
        ["list", "--limit", "ten"],
        ["remember"],
    ]
    lines = [f"$ tiermem {' '.join(case)}\n{cli.fails(*case)}\n" for case in cases]
    check_golden("usage_errors.txt", "".join(lines))
