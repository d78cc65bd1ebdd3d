"""Migrating a legacy workspace: nothing lost (byte-compared with the backups), idempotent, dry runs write
nothing; and scaffolding, which never overwrites."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tiermem.errors import ValidationError, WorkspaceError
from tiermem.workspace.layout import Workspace
from tiermem.workspace.migrate import PATCH_MARKER, migrate
from tiermem.workspace.scaffold import scaffold

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
AGENTS = """# AGENTS.md - Your Workspace

## Every Session

1. Read `SOUL.md`
2. Read `USER.md`
3. Read `memory/YYYY-MM-DD.md` (today + yesterday)
4. **If in MAIN SESSION**: Also read `MEMORY.md`

Don't ask permission. Just do it.

## Memory

- **Daily notes:** `memory/YYYY-MM-DD.md`
- **Long-term:** `MEMORY.md` — your curated memories

### 📝 Write It Down - No "Mental Notes"!

## Red Lines

- Don't exfiltrate private data.

## Heartbeats

4. Remove outdated info from MEMORY.md that's no longer relevant
"""
MEMORY = "# Memory\n\n- Alice likes short answers.\n- The repo uses pnpm, not npm.\n\nSome free prose ünïcode.\n"


def _legacy(root: Path) -> dict[str, bytes]:
    (root / "memory").mkdir(parents=True)
    (root / "AGENTS.md").write_text(AGENTS, encoding="utf-8")
    (root / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    for day in range(1, 6):
        (root / "memory" / f"2026-03-0{day}.md").write_text(
            f"# 2026-03-0{day}\n\n## Session Summary\nWorked on the billing export, part {day}.\n", encoding="utf-8"
        )
    return _snapshot(root)


def _snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_a_dry_run_writes_nothing(tmp_path: Path) -> None:
    before = _legacy(tmp_path)
    report = migrate(tmp_path, now=NOW, dry_run=True)
    assert _snapshot(tmp_path) == before and not (tmp_path / "memory" / "daily").exists()
    actions = dict((path, action) for action, path in report.actions)
    assert actions["MEMORY.md"] == "would restructure" and actions["AGENTS.md"] == "would patch"
    assert actions["memory/state.json"] == "would create"


def test_migration_loses_nothing_and_is_idempotent(tmp_path: Path) -> None:
    before = _legacy(tmp_path)
    migrate(tmp_path, now=NOW)
    after = _snapshot(tmp_path)
    assert after["MEMORY.md.bak"] == before["MEMORY.md"] and after["AGENTS.md.bak"] == before["AGENTS.md"]
    assert all(after[name] == data for name, data in before.items() if name.startswith("memory/"))  # logs untouched
    memory = after["MEMORY.md"].decode()
    assert MEMORY.rstrip("\n") in memory
    assert memory.index("## Active") < memory.index(MEMORY.strip()) < memory.index("## Fading")
    assert "## Maintenance Log" in memory
    agents = after["AGENTS.md"].decode()
    original = AGENTS.split("\n")
    remaining = iter(agents.split("\n"))
    assert all(line in remaining for line in original)  # every original line, in order
    assert agents.rstrip().endswith(PATCH_MARKER) and "## Working Memory (added by tiermem)" not in agents
    assert agents.index("memory/state.json") < agents.index("Don't ask permission")
    assert agents.index("Session End: Close the Loop") < agents.index("## Red Lines")
    state = json.loads(after["memory/state.json"])
    assert state["session_counter"] == {"total": 5, "since_last_memory_review": 5, "this_week": 4}
    assert state["last_session"]["timestamp"] == "2026-03-05T23:59:00Z" and state["flags"]["memory_review_due"]
    assert "billing export, part 5" in after["memory/resumption.md"].decode()
    assert b"| 2026-03-05 |" in after["memory/index.md"] and json.loads(after["memory/events.json"]) == {"events": []}
    assert (tmp_path / "memory" / "daily").is_dir()
    report = migrate(tmp_path, now=NOW)
    assert _snapshot(tmp_path) == after  # twice is once
    assert ("skip (already structured)", "MEMORY.md") in report.actions
    assert ("skip (already patched)", "AGENTS.md") in report.actions


def test_an_agent_file_without_the_anchors_gets_a_section(tmp_path: Path) -> None:
    (tmp_path / "AGENT.md").write_text("# My agent\n\nBe kind.\n", encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text("## Active\n\n- a fact\n", encoding="utf-8")
    migrate(tmp_path, now=NOW, skip_agent_patch=False)
    agent = (tmp_path / "AGENT.md").read_text(encoding="utf-8")
    assert agent.startswith("# My agent\n\nBe kind.\n") and "## Working Memory (added by tiermem)" in agent
    memory = (tmp_path / "MEMORY.md").read_text(encoding="utf-8")
    assert memory.startswith("## Active\n\n- a fact") and memory.count("## Active") == 1 and "## Fading" in memory
    (tmp_path / "AGENT.md").write_text("changed by hand\n", encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text("flat again\n", encoding="utf-8")
    migrate(tmp_path, now=NOW)
    assert (tmp_path / "MEMORY.md.bak").read_text(encoding="utf-8").startswith("## Active")  # earlier backup kept
    assert (tmp_path / "MEMORY.md.bak.1").read_text(encoding="utf-8") == "flat again\n"


def test_the_appended_section_reads_on_its_own(tmp_path: Path) -> None:
    (tmp_path / "AGENT.md").write_text("# My agent\n\n## Rules\n1. Be concise.\n", encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text("- a fact\n", encoding="utf-8")
    migrate(tmp_path, now=NOW)
    added = (tmp_path / "AGENT.md").read_text(encoding="utf-8").split("## Working Memory (added by tiermem)")[1]
    assert "### Session Start\n\n1. Read `memory/state.json`" in added and "does steps 1-3 under" in added
    assert "### Memory Maintenance\n\n1. Check `memory/state.json`" in added
    assert "\n5. " not in added and "steps 5-7" not in added  # numbered for this file, not OpenClaw's list
    assert "archive.md`: memories demoted from MEMORY.md, still searchable\n\n### New Memory Files" in added


LEGACY_LOGS = {
    "2026-03-01.md": "# 2026-03-01\n\nWorked on the API design with Ada.\n\n## Decisions\n- Use REST, not GraphQL\n"
    "- Version the API under /v1\n\n## Open questions\n- How to handle auth tokens?\n",
    "2026-03-02.md": "# 2026-03-02\n\n## Summary\nFinished the API design; started writing the test plan.\n\n"
    "## Decisions\n1. Tests run against a real database\n",
}


def test_legacy_logs_seed_the_resumption_note_and_the_index(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("- a fact\n", encoding="utf-8")
    for name, text in LEGACY_LOGS.items():
        (tmp_path / "memory" / name).write_text(text, encoding="utf-8")
    migrate(tmp_path, now=datetime(2026, 12, 1, tzinfo=UTC))  # months later: the logs are old
    resumption = (tmp_path / "memory" / "resumption.md").read_text(encoding="utf-8")
    assert "It was about: Finished the API design; started writing the test plan." in resumption
    index = (tmp_path / "memory" / "index.md").read_text(encoding="utf-8")
    assert "| 2026-03-02 | — | finished, design, started, writing | 1 | — |" in index  # a row, its decision
    assert "| 2026-03-01 | — | design | 2 | — |" in index  # first paragraph for a summary; list decisions


def test_skip_agent_patch_and_nothing_to_migrate(tmp_path: Path) -> None:
    before = _legacy(tmp_path)
    migrate(tmp_path, now=NOW, skip_agent_patch=True)
    assert (tmp_path / "AGENTS.md").read_bytes() == before["AGENTS.md"] and not (tmp_path / "AGENTS.md.bak").exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(WorkspaceError, match="nothing to migrate"):
        migrate(empty, now=NOW)
    assert list(empty.iterdir()) == []
    migrate(empty, now=NOW, force_scaffold=True)
    assert (empty / "memory" / "state.json").is_file()


def test_scaffold_never_overwrites_and_spots_legacy_workspaces(tmp_path: Path) -> None:
    report = scaffold(tmp_path, NOW.date(), agent="Bot", user="Ada")
    assert {a for a, _ in report.actions} == {"create"} and len(report.actions) == 7
    assert "### About Ada" in (tmp_path / "MEMORY.md").read_text(encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text("mine\n", encoding="utf-8")
    again = scaffold(tmp_path, NOW.date())
    assert {a for a, _ in again.actions} == {"skip (exists)"}
    assert (tmp_path / "MEMORY.md").read_text(encoding="utf-8") == "mine\n"
    legacy = tmp_path / "legacy"
    _legacy(legacy)
    with pytest.raises(WorkspaceError, match="legacy workspace"):
        scaffold(legacy, NOW.date())
    assert not (legacy / "memory" / "state.json").exists()
    scaffold(legacy, NOW.date(), force=True)
    assert (legacy / "MEMORY.md").read_text(encoding="utf-8") == MEMORY


def test_each_agent_has_its_own_files_in_one_workspace(tmp_path: Path) -> None:
    scaffold(tmp_path, NOW.date())
    scaffold(tmp_path, NOW.date(), agent_id="bob")
    assert (tmp_path / "MEMORY-bob.md").is_file() and (tmp_path / "memory" / "bob" / "threads.md").is_file()
    assert Workspace(tmp_path, "bob").daily_logs() == [] and Workspace(tmp_path).exists()
    with pytest.raises(ValidationError, match="daily"):
        Workspace(tmp_path, "daily")
    with pytest.raises(ValidationError, match="invalid agent id"):
        Workspace(tmp_path, "../x")
