"""The `tiermem` commands against a real store: exit codes, output and the rows they leave behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import Cli
from tiermem import Memory


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "store")


def test_store_positional_text_creates_a_row(cli: Cli) -> None:
    out = cli.json("store", "The user prefers dark mode in every editor")
    assert out["created"] is True and out["reason"] == "unique"
    with cli.memory() as mem:
        record = mem.get(out["id"])
    assert record.text == "The user prefers dark mode in every editor"
    assert record.type == "semantic" and record.agent_id == "default"


def test_store_with_every_option(cli: Cli) -> None:
    out = cli.json(
        "store",
        "--text",
        "Deploys run flyctl deploy --remote-only",
        "--type",
        "working_solution",
        "--category",
        "projects/harbor",
        "--importance",
        "0.9",
        "--tags",
        "deploy,ci",
        "--metadata",
        '{"ticket": 42, "urls": ["https://fly.io/docs"]}',
        "--source",
        "hook",
        "--created-at",
        "2026-03-05T09:00:00Z",
        "--event-at",
        "2026-03-04",
        "--url",
        "https://github.com/x/harbor",
        "--command",
        "fly secrets set DATABASE_URL=...",
        "--path",
        "migrations/env.py",
        "--no-dedup",
    )
    with cli.memory() as mem:
        record = mem.get(out["id"])
    assert (record.type, record.category, record.importance) == ("working_solution", "projects/harbor", 0.9)
    assert record.tags == ("deploy", "ci")
    assert record.source == {"type": "hook", "tool": "tiermem store", "interface": "cli", "trust": "tool"}
    assert record.created_at.isoformat() == "2026-03-05T09:00:00+00:00"
    assert record.event_at is not None and record.event_at.isoformat() == "2026-03-04T00:00:00+00:00"
    assert record.metadata["ticket"] == 42
    assert record.metadata["urls"] == ["https://fly.io/docs", "https://github.com/x/harbor"]
    assert record.metadata["commands"] == ["fly secrets set DATABASE_URL=..."]
    assert record.metadata["paths"] == ["migrations/env.py"]


def test_store_reads_stdin_for_dash(cli: Cli) -> None:
    out = cli.json("store", "-", stdin="a memory\nover two lines\n")
    with cli.memory() as mem:
        assert mem.get(out["id"]).text == "a memory\nover two lines\n"


def test_duplicate_reinforces_and_no_dedup_stores_a_copy(cli: Cli) -> None:
    first = cli.store("The user is vegetarian")
    again = cli.json("store", "The user is vegetarian")
    assert again["created"] is False and again["duplicate_of"] == first
    assert "reinforced it instead of storing a copy" in cli.ok("store", "The user is vegetarian")
    cli.json("store", "The user is vegetarian", "--no-dedup")
    with cli.memory() as mem:
        assert mem.stats()["memories"] == 2
        assert [e.action for e in mem.history(first)].count("reinforced") == 2


def test_store_human_output_names_the_new_memory(cli: Cli) -> None:
    out = cli.ok("store", "Standup is at 9:30 on weekdays", "--type", "episodic")
    assert out.startswith("stored ") and "episodic" in out
    with cli.memory() as mem:
        assert mem.list()[0].id in out


def test_get_shows_record_links_both_ways_and_history(cli: Cli) -> None:
    bug = cli.store("The deploy fails with an empty DATABASE_URL", "--tags", "bug")
    fix = cli.store("Set DATABASE_URL as a Fly secret", "--type", "error_resolution")
    cli.ok("link", fix, bug, "caused_by")
    cli.ok("update", fix, "--importance", "0.9")
    shown = cli.ok("get", fix)
    assert "Set DATABASE_URL as a Fly secret" in shown and "error_resolution" in shown
    assert f"→ caused_by {bug}" in shown and "created" in shown and "updated" in shown
    assert f"← causes {fix}" in cli.ok("get", bug)
    doc = cli.json("get", bug)
    assert doc["memory"]["id"] == bug and doc["memory"]["tags"] == ["bug"]
    assert doc["links"] == [
        {"other_id": fix, "relation": "causes", "direction": "in", "created_at": doc["links"][0]["created_at"]}
    ]
    assert [h["action"] for h in doc["history"]] == ["created"]


def test_list_filters(cli: Cli) -> None:
    old = cli.store(
        "Flight to Lisbon on 14 May",
        "--type",
        "episodic",
        "--tags",
        "trip",
        "--created-at",
        "2026-01-10T10:00:00Z",
        "--category",
        "travel/lisbon",
    )
    new = cli.store(
        "Harbor uses PostgreSQL 16",
        "--type",
        "architectural_decision",
        "--importance",
        "0.9",
        "--category",
        "projects/harbor",
        "--created-at",
        "2026-03-02T10:00:00Z",
    )

    def ids(*args: str) -> list[str]:
        return [m["id"] for m in cli.json("list", *args)["memories"]]

    assert ids() == [new, old]
    assert ids("--order", "oldest") == [old, new]
    assert ids("--type", "episodic") == [old]
    assert ids("--type", "episodic", "--type", "architectural_decision") == [new, old]
    assert ids("--category", "projects") == [new]
    assert ids("--tag", "trip") == [old]
    assert ids("--since", "2026-02-01") == [new]
    assert ids("--until", "2026-02-01") == [old]
    assert ids("--limit", "1") == [new]
    tier = cli.json("get", new)["memory"]["tier"]
    assert new in ids("--tier", tier)


def test_list_human_output(cli: Cli) -> None:
    cli.ok("init")
    assert "no memories" in cli.ok("list")
    mid = cli.store("Tabs are four spaces wide")
    out = cli.ok("list")
    assert mid in out and "Tabs are four spaces wide" in out and "1 memories" in out


def test_search_finds_and_explains(cli: Cli) -> None:
    theme = cli.store("I use the Gruvbox dark theme in Neovim", "--type", "user_preference", "--tags", "editor")
    cli.store("The deploy failed because DATABASE_URL was empty")
    doc = cli.json("search", "what editor theme does the user like?", "--limit", "5")
    assert doc["query"] == "what editor theme does the user like?"
    assert doc["hits"][0]["memory"]["id"] == theme
    assert {"score", "tier", "explain"} <= set(doc["hits"][0])
    out = cli.ok("search", "gruvbox theme")
    assert theme in out and "why:" in out and "Gruvbox" in out


def test_search_filters_and_now(cli: Cli) -> None:
    pref = cli.store("The user likes dark themes", "--type", "user_preference")
    cli.store("The dark room of the museum was closed", "--type", "episodic")
    hits = cli.json("search", "dark", "--type", "user_preference", "--now", "2026-06-01T00:00:00Z")["hits"]
    assert [h["memory"]["id"] for h in hits] == [pref]
    assert cli.json("search", "dark", "--tag", "nothing-has-this")["hits"] == []
    assert "nothing found" in cli.ok("search", "zebra quantum", "--agent-id", "nobody")


def test_update_in_place_and_superseding(cli: Cli) -> None:
    mid = cli.store("The club has six dinghies")
    same = cli.json("update", mid, "--importance", "0.8", "--tags", "club,boats")
    assert same["memory"]["id"] == mid and same["superseded"] is None
    newer = cli.json("update", mid, "--text", "The club has seven dinghies")
    new_id = newer["memory"]["id"]
    assert new_id != mid and newer["superseded"] == mid
    assert "superseded by" in cli.ok("update", new_id, "--text", "The club has eight dinghies")
    with cli.memory() as mem:
        old = mem.get(mid)
        assert old.superseded_by == new_id and old.importance == 0.8 and old.tags == ("club", "boats")
        assert [r.text for r in mem.list()] == ["The club has eight dinghies"]


def test_reinstate_brings_a_retired_fact_back_beside_its_successor(cli: Cli) -> None:
    fact = cli.store("The library closes at 8 pm")
    other = cli.store("The cafe inside the library now closes at 6 pm")
    assert [m["id"] for m in cli.json("list")["memories"]] == [other]
    assert "reinstated" in cli.ok("reinstate", fact, "--reason", "a different place")
    assert {m["id"] for m in cli.json("list")["memories"]} == {fact, other}
    assert cli.json("get", fact)["memory"]["superseded_by"] is None
    assert "only a superseded memory" in cli.fails("reinstate", fact)


def test_forget_hides_but_keeps(cli: Cli) -> None:
    keep = cli.store("Keep this memory")
    gone = cli.store("Forget this memory")
    assert "forgot" in cli.ok("forget", gone, "--reason", "user asked")
    assert [m["id"] for m in cli.json("list")["memories"]] == [keep]
    assert {m["id"] for m in cli.json("list", "--include-forgotten")["memories"]} == {keep, gone}
    assert "forgotten" in cli.ok("list", "--include-forgotten")
    doc = cli.json("get", gone)
    assert doc["memory"]["status"] == "forgotten"
    assert doc["history"][-1] == {**doc["history"][-1], "action": "forgotten", "detail": {"reason": "user asked"}}


def test_purge_needs_yes_then_deletes(cli: Cli) -> None:
    mid = cli.store("Delete me for good")
    assert "--yes" in cli.fails("purge", mid)
    cli.json("get", mid)
    assert cli.json("purge", mid, "--yes") == {"purged": mid}
    assert "no memory" in cli.fails("get", mid)
    with cli.memory() as mem:
        assert mem.stats()["memories"] == 0


def test_link_and_links(cli: Cli) -> None:
    a, b = cli.store("First thing happened"), cli.store("Second thing happened later")
    made = cli.json("link", a, b, "temporal_before")
    assert (made["source_id"], made["target_id"], made["relation"]) == (a, b, "temporal_before")
    assert cli.json("links", b)["links"][0]["relation"] == "temporal_after"
    out = cli.ok("links", a)
    assert f"→ temporal_before {b}" in out and "Second thing happened later" in out
    assert "has no links" in cli.ok("links", cli.store("A lonely memory"))


def test_stats(cli: Cli) -> None:
    cli.store("One", "--type", "episodic")
    cli.store("Two is a different memory", "--type", "user_preference")
    doc = cli.json("stats")
    assert doc["memories"] == 2 and doc["by_type"] == {"episodic": 1, "user_preference": 1}
    assert doc["path"] == str(cli.home)
    assert "memories" in cli.ok("stats") and "embedder" in cli.ok("stats")


def test_global_options_work_before_and_after_the_command(cli: Cli) -> None:
    mine = cli.store("Agent one remembers this", "--agent-id", "one")
    assert cli.json("--agent-id", "one", "list")["memories"][0]["id"] == mine
    assert cli.json("list", "--agent-id", "one")["memories"][0]["id"] == mine
    assert cli.json("--agent-id", "two", "list", "--agent-id", "one")["count"] == 1
    assert cli.json("list")["count"] == 0
    assert cli("list", "--json", "--agent-id", "one").stdout.lstrip().startswith("{")
    env_run = cli("list", "--json", env={"TIERMEM_AGENT_ID": "one"})
    assert '"count": 1' in env_run.stdout
    with cli.memory() as mem:
        assert mem.agents() == ["one"]


def test_workspace_and_home_resolution(cli: Cli, tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    assert cli("--workspace", str(workspace), "store", "in the workspace", home=False).exit_code == 0
    assert (workspace / ".tiermem").is_dir()
    env = {"TIERMEM_WORKSPACE": str(workspace)}
    assert '"count": 1' in cli("--json", "list", home=False, env=env).stdout
    other = tmp_path / "elsewhere"
    assert cli("store", "x y z", "--home", str(other), "--workspace", str(workspace), home=False).exit_code == 0
    assert '"count": 1' in cli("--json", "list", home=False, env={"TIERMEM_HOME": str(other)}).stdout
    with Memory.open(other) as mem:
        assert mem.list()[0].text == "x y z"


def test_no_arguments_prints_help(cli: Cli) -> None:
    result = cli(home=False)
    assert result.exit_code == 0 and "Usage: tiermem" in result.stdout and "store" in result.stdout


def test_demo_is_idempotent_and_explains(cli: Cli) -> None:
    first = cli.json("demo")
    assert first["agent_id"] == "demo" and first["created"] == first["turns"] >= 40
    assert len(first["searches"]) >= 4 and all(s["hits"] for s in first["searches"])
    deploy = next(s for s in first["searches"] if "deploy" in s["query"])
    assert any("fly secrets set" in h["memory"]["text"] for h in deploy["hits"])
    second = cli.ok("demo")
    assert "0 new" in second and "dedup" in second and "never duplicates" in second
    assert "search: what editor theme does the user like?" in second and "why:" in second
    with cli.memory() as mem:
        assert mem.stats(agent_id="demo")["memories"] == first["turns"]
        assert mem.stats()["memories"] == 0


def test_demo_honours_an_explicit_agent(cli: Cli) -> None:
    assert cli.json("demo", "--agent-id", "trial", "--limit", "1")["agent_id"] == "trial"
    with cli.memory() as mem:
        assert mem.agents() == ["trial"]


def test_explanations_read_as_words_whatever_the_pipeline_reports() -> None:
    from tiermem.interfaces.cli.render import explain_text

    assert explain_text({"signals": {"bm25": 3.21, "cosine": 0.5}}) == "keywords (bm25) 3.21 · meaning (cosine) 0.5"
    flat = explain_text({"fused": 1.0, "factors": {"type": 1.5}, "near_duplicate": True, "new_signal": 2})
    assert flat == "fused 1 · factors: type ×1.5 · near-duplicate of a better hit · new signal 2"
    assert explain_text({}) == "no signals reported"
    assert explain_text({"alternative": "the pride parade"}) == "found for the alternative 'the pride parade'"
