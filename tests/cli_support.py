"""Helpers for the CLI tests: run `tiermem` in-process against a real store, and normalise output for goldens."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from tiermem import Memory
from tiermem.interfaces.cli.main import app

GOLDEN = Path(__file__).parent / "golden"
ID_RE = re.compile(r"\b[0-9A-HJKMNP-TV-Z]{26}\b")
ISO_RE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?\+00:00")
ANSI_RE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
CLEAN_ENV: dict[str, str | None] = {
    "TIERMEM_AGENT_ID": None,
    "TIERMEM_WORKSPACE": None,
    "TIERMEM_HOME": None,
    "TIERMEM_DEBUG": None,
    "TIERMEM_LLM_ENDPOINT": None,
    "TIERMEM_LLM_PROVIDER": None,
    "TIERMEM_LLM_BASE_URL": None,
    "TIERMEM_LLM_MODEL": None,
    "FORCE_COLOR": None,
    "NO_COLOR": "1",
    "COLUMNS": "100",
}


@dataclass
class Cli:
    """`tiermem --home <home> ...` run in-process, with exit code, stdout and stderr kept apart."""

    home: Path
    runner: CliRunner = field(default_factory=lambda: CliRunner(env=CLEAN_ENV))

    def __call__(
        self, *args: str, stdin: str | None = None, env: Mapping[str, str | None] | None = None, home: bool = True
    ) -> Result:
        argv = ["--home", str(self.home), *args] if home else list(args)
        return self.runner.invoke(app, argv, input=stdin, env=env, catch_exceptions=False)

    def ok(self, *args: str, stdin: str | None = None) -> str:
        """Run a command that must succeed quietly (the first write's note that it created the store aside)."""
        result = self(*args, stdin=stdin)
        assert result.exit_code == 0, (result.exit_code, result.stdout, result.stderr)
        assert result.stderr in ("", self.created_note), result.stderr
        return result.stdout

    def init(self) -> Cli:
        """Create the (empty) store: reads on a store that does not exist fail, as they should."""
        self.ok("init")
        return self

    @property
    def created_note(self) -> str:
        return f"tiermem: created a new store in {self.home}\n"

    def json(self, *args: str, stdin: str | None = None) -> Any:
        return json.loads(self.ok("--json", *args, stdin=stdin))

    def fails(self, *args: str, stdin: str | None = None, code: int = 2) -> str:
        """Run a command that must fail: exit ``code``, one line on stderr, nothing on stdout."""
        result = self(*args, stdin=stdin)
        assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
        assert result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("tiermem: error: "), result.stderr
        assert "Traceback" not in result.stderr
        return lines[0].removeprefix("tiermem: error: ")

    def store(self, text: str, *options: str) -> str:
        return str(self.json("store", text, *options)["id"])

    def memory(self) -> Memory:
        return Memory.open(self.home)


def normalise(text: str, *, keep_times: tuple[str, ...] = (), home: Path | None = None) -> str:
    """Replace ids by <ID1>, <ID2>... (in order of appearance), current timestamps by <NOW> and the store path."""
    ids: dict[str, str] = {}
    text = ID_RE.sub(lambda m: ids.setdefault(m.group(), f"<ID{len(ids) + 1}>"), text)
    text = ISO_RE.sub(lambda m: m.group() if m.group() in keep_times else "<NOW>", text)
    if home is not None:
        text = text.replace(str(home), "<HOME>")
    return "".join(line.rstrip() + "\n" for line in ANSI_RE.sub("", text).splitlines())


def check_golden(name: str, actual: str) -> None:
    """Compare with tests/golden/<name>; TIERMEM_UPDATE_GOLDEN=1 rewrites the file instead."""
    path = GOLDEN / name
    if os.environ.get("TIERMEM_UPDATE_GOLDEN"):
        path.write_text(actual, encoding="utf-8")
    assert path.exists(), f"{path} is missing; create it with TIERMEM_UPDATE_GOLDEN=1"
    assert actual == path.read_text(encoding="utf-8"), f"{name} differs; rerun with TIERMEM_UPDATE_GOLDEN=1 if intended"
