"""``Memory.context`` on a real store and workspace: one labelled block within the budget, the workspace
indexed by checksum (edits re-index, removed lines are forgotten, rebuildable), agents kept apart; and the
CLI commands around it."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_support import Cli
from tiermem import Embedder, Memory
from tiermem.errors import ValidationError
from tiermem.model import MemoryRecord
from tiermem.workspace.budget import count_tokens
from tiermem.workspace.chunks import markdown_chunks
from tiermem.workspace.scaffold import scaffold
from tiermem.workspace.writer import MemoryWriter

START = datetime(2026, 1, 5, 10, 0, tzinfo=UTC)
FACT = "The office wifi password is stored in the blue 1Password vault"


def _history(root: Path, days: int = 12) -> datetime:
    """A scaffolded workspace with ``days`` daily sessions; the planted fact sits in the oldest log."""
    scaffold(root, START.date(), user="Ada")
    writer, now = MemoryWriter(root), START
    for day in range(days):
        now = START + timedelta(days=day)
        writer.note_decision(f"Ship release 1.{day}", "the tests are green", now=now)
        writer.note_thread_touched("thread-release", now=now)
        what = FACT + "." if day == 0 else f"Routine release work number {day}; nothing unusual happened."
        writer.end_session(
            f"Release 1.{day} went out.",
            f"Next: release 1.{day + 1}.",
            {"thread-release": {"title": "Releases", "current_position": f"1.{day} shipped."}},
            session_events=what,
            now=now,
        )
    return now


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    return root


def test_context_labels_sources_and_recalls_old_logs(mem: Memory, workspace: Path) -> None:
    last = _history(workspace)
    mem.store("Ada's cat is called Miso", agent_id="default")
    ctx = mem.context("where is the wifi password kept?", workspace=workspace, now=last + timedelta(hours=5))
    assert ctx.total_tokens <= 2000 and count_tokens(ctx.text) == ctx.total_tokens
    assert "<!-- source: memory/state.json (orientation) -->\nStrategy: standard" in ctx.text
    assert f"- {FACT}. (memory/2026-01-05.md:" in ctx.text  # an old log, reached through recall
    meta = ctx.metadata
    assert meta["decisions"]["strategy"] == "standard" and meta["workspace"] == str(workspace)
    files = [s["source"] for s in meta["sources_loaded"] if s["source"].startswith("memory/")]
    assert files[:2] == ["memory/state.json", "memory/resumption.md"]
    assert meta["sources_loaded"][-1]["source"] == "tiermem recall" and all(s["reason"] for s in meta["sources_loaded"])
    recalled = meta["recalled"][0]
    assert recalled["source"]["type"] == "workspace" and recalled["source"]["file"] == "memory/2026-01-05.md"
    assert recalled["source"]["session"] == "2026-01-05" and isinstance(recalled["source"]["line"], int)
    assert meta["index"]["added"] > 0 and meta["hot_state"] == "loaded" and ctx.contents[0].source == "hot state"
    assert all(c.phase == 0 for c in ctx.contents if c.source in ("hot state", "tree index"))
    cat = mem.context("what is my cat called?", workspace=workspace, now=last + timedelta(hours=5))
    assert "Ada's cat is called Miso" in cat.text  # store memories reach the context too (hot, or recalled)


def test_hot_state_and_tree_index_come_first(mem: Memory, workspace: Path) -> None:
    last = _history(workspace, days=2)
    life = mem.lifecycle(workspace)
    life.update_hot("identity", {"name": "Relbot", "role": "release manager"})  # also rendered into MEMORY.md
    life.tree_add("process/releases", "how releases are run")
    assert "Relbot" in (workspace / "MEMORY.md").read_text(encoding="utf-8")
    ctx = mem.context("how do releases work?", workspace=workspace, now=last + timedelta(hours=5))
    assert [c.source for c in ctx.contents[:2]] == ["hot state", "tree index"]
    assert "Relbot" in ctx.contents[0].text and "releases" in ctx.contents[1].text
    assert ctx.text.count("Relbot") == 1  # MEMORY.md's copy of the block is left out
    assert ctx.metadata["hot_state"] == ctx.metadata["tree_index"] == "loaded"
    assert ctx.contents[0].tokens <= int(2000 * 0.15) and ctx.contents[1].tokens <= int(2000 * 0.10)


def test_indexing_is_by_checksum_and_follows_edits(mem: Memory, workspace: Path) -> None:
    _history(workspace, days=3)
    first = mem.workspace.sync(workspace=workspace)
    assert (
        first["files"] == 7 and first["added"] == 13 and set(first["reindexed"]) >= {"MEMORY.md", "memory/events.json"}
    )
    assert mem.workspace.sync(workspace=workspace) == {**first, "reindexed": [], "added": 0}  # nothing read again
    log = workspace / "memory" / "2026-01-06.md"
    before = {r.text: r.id for r in _workspace_memories(mem, "memory/2026-01-06.md")}
    log.write_text(
        log.read_text(encoding="utf-8") + "\nA brand new line about the kettle descaling.\n", encoding="utf-8"
    )
    grown = mem.workspace.sync(workspace=workspace)
    assert grown["reindexed"] == ["memory/2026-01-06.md"] and grown["added"] == 1 and grown["forgotten"] == 0
    after = {r.text: r.id for r in _workspace_memories(mem, "memory/2026-01-06.md")}
    assert all(after[text] == mid for text, mid in before.items())  # unchanged lines keep their memories
    text = log.read_text(encoding="utf-8")
    log.write_text(
        "Inserted at the top, so every line moves.\n"
        + text.replace("Routine release work number 1;", "Unusual release work;"),
        encoding="utf-8",
    )
    edited = mem.workspace.sync(workspace=workspace)
    assert edited["forgotten"] == 1 and edited["moved"] == len(after) - 1 and edited["added"] == len(after) + 1
    gone = before["Routine release work number 1; nothing unusual happened."]
    assert mem.get(gone).status == "forgotten" and "left memory/2026-01-06.md" in str(mem.history(gone)[-1].detail)
    lines = {r.text: r.source["line"] for r in _workspace_memories(mem, "memory/2026-01-06.md")}
    assert lines["Inserted at the top, so every line moves."] == 1
    log.unlink()
    removed = mem.workspace.sync(workspace=workspace)
    assert removed["forgotten"] == len(lines) and not _workspace_memories(mem, "memory/2026-01-06.md")
    count = len(_workspace_memories(mem))
    rebuilt = mem.workspace.sync(workspace=workspace, rebuild=True)
    assert rebuilt["added"] == count and len(_workspace_memories(mem)) == count


def _workspace_memories(mem: Memory, file: str | None = None) -> list[MemoryRecord]:
    found = [r for r in mem.list(limit=10_000) if r.source.get("type") == "workspace"]
    return [r for r in found if file is None or r.source.get("file") == file]


def test_agents_never_see_each_others_workspace(mem: Memory, workspace: Path) -> None:
    _history(workspace, days=2)
    scaffold(workspace, START.date(), user="Bob", agent_id="bob")
    assert (workspace / "MEMORY-bob.md").is_file() and (workspace / "memory" / "bob" / "state.json").is_file()
    MemoryWriter(workspace, "bob").end_session("Bob planned a garden.", "Tomatoes next.", now=START)
    assert (workspace / "memory" / "bob" / "2026-01-05.md").is_file()
    ctx = mem.context("wifi password release garden", agent_id="bob", workspace=workspace, now=START)
    assert "garden" in ctx.text and FACT not in ctx.text and "Release 1." not in ctx.text
    assert ctx.contents[0].source == "memory/bob/state.json"
    assert all("Release 1." not in r.text and FACT not in r.text for r in mem.list(agent_id="bob"))
    default = mem.context("garden tomatoes", workspace=workspace, now=START)
    assert "Tomatoes" not in default.text and "garden" not in default.text


def test_without_a_workspace_the_store_still_answers(mem: Memory, tmp_path: Path) -> None:
    mem.store("Deploys go through fly.io", agent_id="default")
    ctx = mem.context("how do we deploy?", now=START)  # the fixture store is not <dir>/.tiermem
    assert ctx.metadata["workspace"] is None and "Deploys go through fly.io" in ctx.text
    empty = tmp_path / "nothing-here"
    empty.mkdir()
    ctx = mem.context("how do we deploy?", workspace=empty, now=START)
    assert "tiermem workspace scaffold" in ctx.metadata["workspace_note"]
    start = mem.context("", workspace=empty, now=START)  # a session start, before any message
    assert all(c.source != "tiermem recall" for c in start.contents) and "recalled" not in start.metadata
    for bad in (0, 99, 10**6, True, "2000"):
        with pytest.raises(ValidationError, match="budget_tokens"):
            mem.context("x", budget_tokens=bad)  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="no workspace"):
        mem.workspace.sync()


@settings(max_examples=12)
@given(
    budget=st.integers(100, 4000),
    hours=st.sampled_from([1, 5, 80, 400]),
    message=st.sampled_from(["", "wifi password", "release 1.3 decisions", "when did we ship 1.2?"]),
)
def test_no_context_exceeds_its_budget_or_a_share(
    embedder: Embedder, history: tuple[Path, datetime], budget: int, hours: int, message: str
) -> None:
    root, last = history
    with Memory.open(root / ".tiermem", embedder=embedder) as mem:
        ctx = mem.context(message, budget_tokens=budget, now=last + timedelta(hours=hours))
    assert ctx.total_tokens <= budget
    parts = ctx.metadata["sources_loaded"]
    # Orientation and anchor are "always": their share, or up to half the budget when the share is too small.
    assert sum(p["tokens"] for p in parts if p["phase"] in (1, 2)) <= max(int(budget * 0.15), budget // 2)
    assert sum(p["tokens"] for p in parts if p["phase"] == 3) <= int(budget * 0.35)


def test_the_resumption_note_is_always_loaded(mem: Memory, workspace: Path) -> None:
    """Seed 003: resumption.md is loaded "always second, every session", also at a small budget."""
    last = _history(workspace, days=2)
    note = workspace / "memory" / "resumption.md"
    paragraph = " ".join(["I was reworking the retrieval budget and found that the anchor gets squeezed."] * 14)
    note.write_text(note.read_text() + "\n" + paragraph + "\n")  # one long line: no line boundary to cut at
    ctx = mem.context("the release", workspace=workspace, budget_tokens=800, now=last + timedelta(hours=1))
    sources = [p["source"] for p in ctx.metadata["sources_loaded"]]
    assert sources.index("memory/resumption.md") == sources.index("memory/state.json") + 1
    assert ctx.total_tokens <= 800 and "anchor gets squeezed" in ctx.text


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, datetime]:
    root = tmp_path_factory.mktemp("history")
    return root, _history(root)


# --- the CLI ---------------------------------------------------------------------------------------


@pytest.fixture
def cli(tmp_path: Path, workspace: Path) -> Cli:
    return Cli(tmp_path / "home").init()


def test_the_cli_runs_a_whole_session(cli: Cli, workspace: Path) -> None:
    ws = ["--workspace", str(workspace)]
    made = cli.json(*ws, "workspace", "scaffold", "--user-name", "Ada", "--now", "2026-01-05T09:00:00Z")
    assert [a["path"] for a in made["actions"]][:2] == ["MEMORY.md", "memory/resumption.md"]
    cli.ok(*ws, "note", "decision", "Use SQLite", "--why", "embedded", "--now", "2026-01-05T09:00:00Z")
    cli.ok(*ws, "note", "question", "Backups?", "--now", "2026-01-05T09:05:00Z")
    cli.ok(*ws, "note", "thread", "thread-store", "--now", "2026-01-05T09:05:00Z")
    event = cli.json(
        *ws,
        "note",
        "event",
        "I bought a NAS last Saturday",
        "--type",
        "purchase",
        "--action",
        "purchase",
        "--object",
        "nas",
        "--now",
        "2026-01-05T09:10:00Z",
    )
    assert event["event"]["normalized_date"] == "2026-01-03"
    assert cli.json(*ws, "session", "status")["pending"]["open_questions"] == ["Backups?"]
    ended = cli.json(
        *ws,
        "session",
        "end",
        "--summary",
        "Chose the store.",
        "--resumption",
        "Backups next.",
        "--threads",
        '{"thread-store": {"title": "Store", "current_position": "SQLite chosen."}}',
        "--now",
        "2026-01-05T10:00:00Z",
    )
    assert ended["session"] == 1 and ended["threads"] == ["thread-store"]
    assert "session 2 written to memory/2026-01-05.md" in cli.ok(
        *ws, "session", "end", "--summary", "Again.", "--resumption", "x", "--now", "2026-01-05T11:00:00Z"
    )
    found = cli.json(*ws, "context", "when did I buy the NAS?", "--budget", "800", "--now", "2026-01-06T10:00:00Z")
    assert found["total_tokens"] <= 800 and "date=2026-01-03" in found["text"]
    assert found["metadata"]["decisions"]["date_sensitive"] is True
    plain = cli.ok(*ws, "context", "store", "--now", "2026-01-05T11:30:00Z")
    assert "<!-- source: memory/state.json (orientation) -->" in plain
    assert "I bought a NAS" in cli.ok(*ws, "workspace", "events", "nas")
    assert cli.json(*ws, "workspace", "find", "store")["logs"] == ["memory/2026-01-05.md"]
    assert "Use SQLite" in cli.ok(*ws, "workspace", "log", "2026-01-05", "--section", "Decisions")
    assert cli.json(*ws, "workspace", "index")["reindexed"] == []
    assert cli.json(*ws, "session", "review")["reviewed"] is True
    with cli.memory() as mem:
        assert any(r.source.get("type") == "workspace" for r in mem.list())


def test_seed_003_by_the_cli_without_a_store(tmp_path: Path, workspace: Path) -> None:
    """A workspace of files alone: the seed's Python calls as commands, then its context (no store made)."""
    cli = Cli(tmp_path / "none")
    cli.ok("--workspace", str(workspace), "workspace", "scaffold")
    assert "noted decision" in cli.ok(
        "--workspace", str(workspace), "note", "decision", "Chose X over Y", "reasoning here"
    )
    cli.ok("--workspace", str(workspace), "session", "end", "--summary", "Designed it", "--resumption", "Next: tests")
    log = next((workspace / "memory").glob("20*.md")).read_text(encoding="utf-8")
    assert "| Chose X over Y | reasoning here |" in log
    assert "give the reasoning once" in cli.fails(
        "--workspace", str(workspace), "note", "decision", "A", "b", "--why", "c"
    )
    shown = cli.ok("--workspace", str(workspace), "context", "the user's first message", "--budget", "800")
    assert "memory/state.json (orientation)" in shown and not (tmp_path / "none").exists()


def test_cli_errors_are_one_line(cli: Cli, workspace: Path) -> None:
    ws = ["--workspace", str(workspace)]
    assert "no workspace for agent" in cli.fails(*ws, "note", "pattern", "x")
    assert "no workspace for agent" in cli.fails(*ws, "session", "end", "--summary", "s", "--resumption", "r")
    cli.ok(*ws, "workspace", "scaffold")
    assert "invalid thread id" in cli.fails(*ws, "note", "thread", "Not An Id")
    assert "--threads is not valid JSON" in cli.fails(
        *ws, "session", "end", "--summary", "s", "--resumption", "r", "--threads", "{"
    )
    assert "event_type must be one of" in cli.fails(*ws, "note", "event", "x happened", "--type", "party")
    assert "nothing to migrate" in cli.fails("--workspace", str(workspace / "memory" / "daily"), "workspace", "migrate")
    assert "not a directory" in cli.fails("--workspace", str(workspace / "nope"), "context", "x")
    dry = cli.json(*ws, "workspace", "migrate", "--dry-run")
    assert ("MEMORY.md", "skip (already structured)") in {(a["path"], a["action"]) for a in dry["actions"]}
    (workspace / "AGENTS.md").write_text("# agent\n", encoding="utf-8")
    (workspace / "memory" / "state.json").unlink()
    assert "legacy workspace" in cli.fails(*ws, "workspace", "scaffold")
    assert json.loads((workspace / "memory" / "events.json").read_text(encoding="utf-8")) == {"events": []}


def test_files_are_cut_into_pieces_recall_can_point_at() -> None:
    memory = (
        "# Long-Term Memory\n\n> Last reviewed: 2026-01-01\n\n## Active\n<!-- tiermem:hot:start -->\n- generated line\n"
        "<!-- tiermem:hot:end -->\n\n### About Ada\n- [3 sessions] [high] Ada prefers short answers\n"
        "- [1 session] [low] (Add observations here)\nA paragraph written\nover two lines by hand.\n\n---\n\n"
        "## Fading\n\n- [9 sessions ago] Ada once used Emacs\n\n## Maintenance Log\n\n| Date | Action |\n"
        "|---|---|\n| 2026-01-01 | Faded: something |\n"
    )
    pieces = [(c.line, c.text, c.importance, c.type) for c in markdown_chunks("MEMORY.md", memory)]
    assert pieces == [
        (11, "Ada prefers short answers", 0.8, "semantic"),
        (13, "A paragraph written over two lines by hand.", 0.6, "semantic"),
        (20, "Ada once used Emacs", pytest.approx(0.48), "semantic"),
    ]
    log = "## Decisions\n\n| Decision | Reasoning | Ref |\n|---|---|---|\n| Use SQLite | embedded | — |\n"
    (row,) = markdown_chunks("memory/2026-01-05-standup.md", log)
    assert (row.text, row.line, row.session, row.event_at) == (
        "Use SQLite — embedded",
        5,
        "2026-01-05-standup",
        "2026-01-05",
    )
    assert row.item()["tier"] == "cold" and row.item()["source"] == {
        "type": "workspace",
        "file": "memory/2026-01-05-standup.md",
        "line": 5,
        "session": "2026-01-05-standup",
    }


def test_workspace_memories_are_born_cold(mem: Memory, workspace: Path) -> None:
    _history(workspace, days=1)
    mem.workspace.sync(workspace=workspace)
    assert {r.tier for r in _workspace_memories(mem)} == {"cold"}  # the hot block draws on the warm store only
    assert mem.store("An explicit tier", tier="frozen").memory.tier == "frozen"
    with pytest.raises(ValidationError, match="tier must be one of"):
        mem.store("A bad tier", tier="lukewarm")


def test_the_demo_runs_a_guided_session(cli: Cli) -> None:
    sessions = cli.json("demo", "--limit", "1")["session"]
    assert [s["decisions"]["strategy"] for s in sessions] == ["full_reload", "light", "full_reload"]
    assert sessions[0]["decisions"]["fresh_start"] is False and sessions[1]["decisions"]["time_gap_hours"] == 1.0
    assert all(s["total_tokens"] <= 900 for s in sessions)
    assert ("memory/demo/events.json", "query:When did I buy the new laptop?") in [
        tuple(x) for x in sessions[2]["sources"]
    ]
    with cli.memory() as mem:
        assert mem.agents() == ["demo"] and all(r.source.get("type") != "workspace" for r in mem.list(agent_id="demo"))
    text = cli.ok("demo", "--limit", "1")
    assert "a guided session" in text and "session 3: When did I buy the new laptop?" in text


def test_a_context_checks_old_logs_only_now_and_then(mem: Memory, workspace: Path) -> None:
    last = _history(workspace, days=20)
    mem.workspace.sync(workspace=workspace)  # a full check
    new = workspace / "memory" / f"{last:%Y-%m-%d}.md"
    old = workspace / "memory" / "2026-01-05.md"  # older than the 14 newest logs
    for path in (new, old):
        path.write_text(
            path.read_text(encoding="utf-8") + "\nA late note about descaling the kettle.\n", encoding="utf-8"
        )
    ctx = mem.context("kettle", workspace=workspace, now=last + timedelta(hours=5))
    assert ctx.metadata["index"]["reindexed"] == [new.relative_to(workspace).as_posix()]  # within the minute
    assert mem.workspace.sync(workspace=workspace)["reindexed"] == ["memory/2026-01-05.md"]  # a full check


def test_recall_fills_the_room_left_and_reinforces_only_what_it_shows(mem: Memory, workspace: Path) -> None:
    last = _history(workspace, days=3)
    parts = ["changelog", "version tag", "release notes", "signed artefacts", "rollback plan", "smoke tests"]
    ids = [mem.store(f"Release checklist step {i}: check the {parts[i % 6]} twice ({i})", dedup=False).id
           for i in range(40)]  # fmt: skip
    ctx = mem.context("release checklist step", workspace=workspace, budget_tokens=800, now=last + timedelta(hours=5))
    shown = {r["id"] for r in ctx.metadata["recalled"]}
    assert ctx.total_tokens <= 800 and len(shown & set(ids)) >= 5 and not set(ids) <= shown
    assert any(h["source"] == "tiermem recall" for h in ctx.metadata["budget_hits"])  # cut where it ran out
    accessed = {r.id: r.access_count for r in mem.list(limit=500)}  # the checklist and the indexed logs
    assert {m for m, n in accessed.items() if n} == shown  # recalled = what the agent was shown


def test_lifecycle_and_workspace_share_one_layout_per_agent(mem: Memory, workspace: Path) -> None:
    """Seed 000's multi-agent layout for both: MEMORY-<agent>.md and memory/<agent>/ (daily notes included)."""
    scaffold(workspace, START.date(), user="Bob", agent_id="bob")
    life = mem.lifecycle(workspace)
    life.update_hot("identity", {"name": "Bobbot", "role": "gardener"}, agent_id="bob")
    memory_md = (workspace / "MEMORY-bob.md").read_text(encoding="utf-8")
    assert "Bobbot" in memory_md and "## Active" in memory_md  # the hot block inside the scaffolded file
    MemoryWriter(workspace, "bob").end_session("Bob planned a garden.", "Tomatoes next.", now=START)
    note = workspace / "memory" / "bob" / f"{START.date()}.md"
    note.write_text(note.read_text(encoding="utf-8") + "\n- [x] Bought tomato seedlings at the market\n")
    assert life.ingest_daily(agent_id="bob", now=START).to_dict()["files_scanned"] == 1  # the writer's log is the note
    ctx = mem.context("what did I buy for the garden?", agent_id="bob", workspace=workspace, now=START)
    assert "Bobbot" in ctx.text and "Bought tomato seedlings at the market" in ctx.text
    assert not (workspace / "MEMORY.md").exists() or "Bobbot" not in (workspace / "MEMORY.md").read_text()


def test_a_quick_check_sees_old_logs_come_and_go(mem: Memory, workspace: Path) -> None:
    last = _history(workspace, days=20)
    mem.workspace.sync(workspace=workspace)  # a full check: the quick ones trust older logs for a minute
    (workspace / "memory" / "2025-12-24.md").write_text("- Wrapped the presents for the harbour crew.\n")
    (workspace / "memory" / "2026-01-06.md").unlink()
    ctx = mem.context("presents", workspace=workspace, now=last + timedelta(hours=5))
    index = ctx.metadata["index"]
    assert index["reindexed"] == ["memory/2025-12-24.md"] and index["forgotten"] > 0
    assert "Wrapped the presents for the harbour crew." in ctx.text
    again = mem.context("presents", workspace=workspace, now=last + timedelta(hours=5))
    assert again.metadata["index"]["reindexed"] == [] and again.metadata["index"]["files"] == index["files"]


def test_an_openclaw_workspace_works_as_it_is(mem: Memory, workspace: Path) -> None:
    (workspace / "MEMORY.md").write_text("# Memory\n\n- Ada's boat is called Wren.\n", encoding="utf-8")
    (workspace / "memory").mkdir()
    (workspace / "memory" / "2026-03-01.md").write_text("- Fixed the bilge pump.\n", encoding="utf-8")
    (workspace / "memory" / "2026-03-02-harbour-meeting.md").write_text(
        "# Harbour meeting\n\nThe harbour master moved the mooring fee deadline to 30 April.\n", encoding="utf-8"
    )
    before = sorted(p.relative_to(workspace).as_posix() for p in workspace.rglob("*"))
    ctx = mem.context("when is the mooring fee due?", workspace=workspace, now=datetime(2026, 3, 3, tzinfo=UTC))
    assert ctx.metadata["decisions"]["fresh_start"] and "Ada's boat is called Wren." in ctx.text
    sources = [(c.source, c.section) for c in ctx.contents]
    assert ("memory/2026-03-02-harbour-meeting.md", "head") in sources and ("memory/2026-03-01.md", "head") in sources
    assert "moved the mooring fee deadline to 30 April" in ctx.text
    after = sorted(p.relative_to(workspace).as_posix() for p in workspace.rglob("*"))
    assert [p for p in after if p not in before] == ["memory/.tiermem.lock"]  # no conversion, only the lock
