"""Every example of seed 000's Commands Reference, run through `tiermem` against a real store, with the
shape of its JSON output checked; plus the lifecycle commands' errors and exit codes. The cloud examples
(`cold`, `sync-critical`) run against a real libSQL server: tursodb on 127.0.0.1 (tests/turso_server.py).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from cli_support import Cli
from llm_server import LLMServer, Reply, llm_server
from turso_server import turso_server

NOW = "2026-02-13T12:00:00Z"
NOTE = """# 2026-02-13

## Image generation
- Tried Z-Image for photorealistic product shots, very promising.
- Still need to install the video nodes for the new pipeline.
- Decided to try LTX-2 for video next week

The rest of the day went to reading papers about diffusion schedulers and to a long walk by the river. Nothing
else of note happened; the weather was grey, lunch was soup, and the evening was spent tidying the desk and
sorting old receipts into folders for the accountant.

## Links and commands
- Docs: https://docs.comfy.org/tutorials/image/z-image/z-image
- [x] Downloaded Z-Image: `huggingface-cli download Tongyi-MAI/Z-Image` into /home/peter/ai-stack/comfyui/models
- [x] Cloned LTX: `git clone https://github.com/Lightricks/LTX-Video.git` with ./configs/ltx-video-2-config.yaml
"""


def stored_at(when: str) -> tuple[str, ...]:
    """Created and stored then (a memory stored back-dated is an import, aged from its import)."""
    return ("--created-at", when, "--now", when)


FACT = {"id", "text", "category", "importance", "created_at", "access_count", "score", "tier", "metadata"}


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "2026-02-13.md").write_text(NOTE)
    monkeypatch.chdir(tmp_path)  # the examples name files relative to the workspace
    return tmp_path


@pytest.fixture
def cli(workspace: Path) -> Cli:
    return Cli(workspace / ".tiermem")


@pytest.fixture
def server() -> Iterator[LLMServer]:
    with llm_server() as running:
        yield running


def test_store_examples(cli: Cli) -> None:
    plain = cli.json(
        "store", "--text", "Fact text", "--category", "path/to/category", "--importance", "0.8", "--agent-id", "default"
    )
    assert plain["created"] is True and plain["memory"]["category"] == "path/to/category"
    deploy = cli.json(
        "store",
        "--text",
        "Decided to deploy EvoClaw on BSC testnet before mainnet",
        "--category",
        "projects/evoclaw/deployment",
        "--importance",
        "0.85",
    )
    assert deploy["memory"]["tier"] == "hot"  # born by importance, as the seed prints it
    rich = cli.json(
        "store",
        "--text",
        "Z-Image ComfyUI model for photorealistic images",
        "--category",
        "tools/image-generation",
        "--importance",
        "0.8",
        "--url",
        "https://docs.comfy.org/tutorials/image/z-image/z-image",
        "--command",
        "huggingface-cli download Tongyi-MAI/Z-Image",
        "--path",
        "/home/user/models/",
    )
    assert rich["memory"]["metadata"]["urls"] == ["https://docs.comfy.org/tutorials/image/z-image/z-image"]
    assert rich["memory"]["metadata"]["commands"] == ["huggingface-cli download Tongyi-MAI/Z-Image"]


def test_validate_examples(cli: Cli, workspace: Path) -> None:
    result = cli("--json", "validate", "--now", NOW)  # today's note
    assert result.exit_code == 1 and result.stderr == ""  # warnings: exit status 1
    today = json.loads(result.stdout)
    assert set(today) == {"file", "status", "warnings_count", "warnings", "suggestions"}
    assert today["status"] == "warning" and today["warnings_count"] == len(today["warnings"]) > 0
    assert today["warnings"] == [
        "Tool 'Z-Image' mentioned without URL/documentation link",
        "Tool 'LTX-2' mentioned without URL/documentation link",
        "Action 'install' mentioned without command example",
    ]
    assert today["suggestions"] == [
        "Add URLs for mentioned tools/services",
        "Include command examples for setup/installation steps",
    ]
    named = cli("--json", "validate", "--file", "memory/2026-02-13.md")
    assert json.loads(named.stdout)["warnings"] == today["warnings"]
    (workspace / "memory" / "2026-02-14.md").write_text("Read https://example.org today.\n")
    assert cli.json("validate", "--file", "memory/2026-02-14.md")["status"] == "ok"  # exit 0
    assert "no daily note at" in cli.fails("validate", "--now", "2030-01-01T00:00:00Z")


def test_extract_metadata_example(cli: Cli) -> None:
    out = cli.json("extract-metadata", "--file", "memory/2026-02-13.md")
    assert out["file"] == "memory/2026-02-13.md"
    assert out["metadata"] == {
        "urls": [
            "https://docs.comfy.org/tutorials/image/z-image/z-image",
            "https://github.com/Lightricks/LTX-Video.git",
        ],
        "commands": [
            "huggingface-cli download Tongyi-MAI/Z-Image",
            "git clone https://github.com/Lightricks/LTX-Video.git",
        ],
        "paths": ["/home/peter/ai-stack/comfyui/models", "./configs/ltx-video-2-config.yaml"],
    }
    assert out["summary"] == {"urls_count": 2, "commands_count": 2, "paths_count": 2}
    assert "no file at" in cli.fails("extract-metadata", "--file", "memory/missing.md")


def test_search_url_examples(cli: Cli) -> None:
    cli.store(
        "Z-Image ComfyUI model for photorealistic images",
        "--category",
        "tools/image-generation",
        "--url",
        "https://docs.comfy.org/tutorials/image/z-image/z-image",
    )
    cli.store("The LTX repo is https://github.com/Lightricks/LTX-Video")
    comfy = cli.json("search-url", "--url", "comfy.org")
    assert set(comfy) == {"query", "results_count", "results"} and comfy["results_count"] == 1
    assert set(comfy["results"][0]) == {"id", "text", "category", "metadata"}
    assert set(comfy["results"][0]["metadata"]) == {"urls", "commands", "paths"}
    assert cli.json("search-url", "--url", "github.com", "--limit", "10")["results_count"] == 1
    assert "give the URL fragment" in cli.fails("search-url")


def test_retrieve_examples(cli: Cli, server: LLMServer) -> None:
    cli.store("Decided to deploy on BSC testnet first", "--category", "projects/evoclaw/bsc", "--importance", "0.9")
    cli.store("Blockchain integration uses raw JSON-RPC", "--category", "projects/evoclaw/bsc")
    found = cli.json("retrieve", "--query", "BSC deployment decision", "--limit", "5")
    assert (
        isinstance(found, list) and found and FACT | {"search_method", "tree_path", "relevance", "why"} <= set(found[0])
    )
    assert found[0]["search_method"] == "keyword-tree" and found[0]["tree_path"] == "projects/evoclaw/bsc"
    server.play(Reply.json([{"path": "projects/evoclaw/bsc", "relevance": 0.95, "reason": "BSC integration"}]))
    smart = cli.json(
        "retrieve",
        "--query",
        "what did we decide about blockchain integration?",
        "--llm",
        "--llm-endpoint",
        server.complete_url,
    )
    assert smart[0]["search_method"] == "llm-tree" and smart[0]["llm_fallback"] is None
    server.play(Reply.error(500), Reply.error(500), Reply.error(500))
    fallback = cli.json("retrieve", "--query", "BSC integration", "--llm-endpoint", server.complete_url)
    assert fallback[0]["search_method"] == "keyword-tree" and "500" in fallback[0]["llm_fallback"]
    assert "missing the query" in cli.fails("retrieve")


def test_tree_search_answers_the_seeds_own_query(cli: Cli) -> None:
    """Seed 000's example: the node is "BSC integration", the deadline lives in a memory and a hot event."""
    cli.ok("tree", "--add", "projects/evoclaw/bsc", "BSC integration")
    cli.store("We decided the hackathon demo ships before the deadline", "--category", "projects/evoclaw/bsc")
    cli.ok("hot", "--update", "event", '{"text": "Hackathon deadline Feb 15"}')
    found = cli.json("tree", "--search", "what did we decide about the hackathon deadline?")["results"]
    assert [r["path"] for r in found] == ["projects/evoclaw/bsc", "active_context/events"]
    assert found[0]["reason"] == "Memories mention: deadline, decide, hackathon"
    assert found[1]["reason"] == "Hot state: deadline, hackathon"
    rows = cli.json("retrieve", "--query", "what did we decide about the hackathon deadline?")
    assert rows[0]["search_method"] == "keyword-tree" and rows[0]["tree_path"] == "projects/evoclaw/bsc"


def test_retrieve_rows_are_in_relevance_order(cli: Cli) -> None:
    cli.store("The hackathon deadline is Feb 15", "--category", "projects/evoclaw", "--importance", "0.3")
    cli.store("Hackathon travel is booked", "--category", "travel", "--importance", "0.95")
    cli.store("The deadline for taxes is April", "--category", "admin", "--importance", "0.9")
    rows = cli.json("retrieve", "--query", "hackathon deadline")
    relevance = [r["relevance"] for r in rows]
    assert relevance == sorted(relevance, reverse=True) and rows[0]["text"] == "The hackathon deadline is Feb 15"
    text = cli.ok("retrieve", "--query", "hackathon deadline")
    shown = [float(m) for m in re.findall(r"relevance (\d\.\d+)", text)]
    assert shown == sorted(shown, reverse=True) and len(shown) == len(rows)  # the number the rows are ranked by
    assert "tier score" in text


def test_retrieve_writes_the_llm_prompt(cli: Cli, workspace: Path) -> None:
    cli.store("Deadline is Feb 15", "--category", "projects/evoclaw")
    out = cli.json("retrieve", "--query", "hackathon deadline", "--llm-prompt-file", "prompt.txt")
    prompt = (workspace / "prompt.txt").read_text()
    assert out["prompt_file"] == "prompt.txt" and "projects/evoclaw — Evoclaw (warm:1, cold:0)" in prompt
    assert "User Query: hackathon deadline" in prompt


def test_distill_examples(cli: Cli, server: LLMServer) -> None:
    out = cli.json("distill", "--text", "User: Let's deploy to testnet first. Agent: Good idea, safer that way.")
    assert set(out) >= {"distilled", "mode", "original_size", "distilled_size"} and out["mode"] == "rule"
    assert set(out["distilled"]) >= {"fact", "emotion", "people", "topics", "actions", "outcome"}
    server.play(
        Reply.json(
            {
                "fact": "Decided to deploy to testnet before mainnet",
                "emotion": "cautious",
                "people": [],
                "topics": ["deployment", "testnet", "safety"],
                "actions": ["deploy to testnet"],
                "outcome": "positive",
            }
        )
    )
    smart = cli.json(
        "distill", "--text", "Long conversation with nuance...", "--llm", "--llm-endpoint", server.complete_url
    )
    assert smart["mode"] == "llm" and smart["distilled"]["fact"] == "Decided to deploy to testnet before mainnet"
    summary = cli.json("distill", "--file", "memory/2026-02-13.md", "--core-summary")
    assert len(summary["core_summary"].encode()) <= 30
    assert "give the text once" in cli.fails("distill")
    piped = cli.json("distill", "--text", "-", stdin="We decided to ship on Friday with Sarah.")
    assert piped["distilled"]["people"] == ["Sarah"] and piped["original_size"] == 40
    assert cli.json("distill", "-", stdin="Fixed the login bug.")["distilled"]["fact"] == "Fixed the login bug"


def test_hot_examples(cli: Cli, workspace: Path) -> None:
    cli.json("hot", "--update", "owner_profile", '{"timezone": "Australia/Sydney", "work_hours": "9am-6pm"}')
    lesson = cli.json(
        "hot",
        "--update",
        "lesson",
        '{"text": "Always test on testnet first", "category": "blockchain", "importance": 0.9}',
    )
    assert set(lesson) == {"updated", "pruned", "hot_memory_size_bytes", "memory_md"}
    cli.json(
        "hot",
        "--update",
        "project",
        '{"name": "EvoClaw", "status": "Active", "description": "Self-evolving agent framework"}',
    )
    cli.json("hot", "--update", "project", '{"name": "OldProject", "status": "Completed"}')
    state = cli.json("hot")
    assert set(state) == {"identity", "owner_profile", "active_context", "critical_lessons"}
    assert state["owner_profile"]["timezone"] == "Australia/Sydney"
    assert [p["name"] for p in state["active_context"]["projects"]] == ["EvoClaw", "OldProject"]
    rebuilt = cli.json("hot", "--rebuild")
    assert rebuilt["memory_md"]["path"] == str(workspace / "MEMORY.md")
    assert "**[blockchain]** Always test on testnet first" in (workspace / "MEMORY.md").read_text()
    assert "unknown hot state key 'mood'" in cli.fails("hot", "--update", "mood", "{}")
    assert "not both" in cli.fails("hot", "--update", "lesson", "x", "--rebuild")
    assert "project must be a JSON object" in cli.fails("hot", "--update", "project", "[1, 2]")


def test_hot_values_and_duplicates(cli: Cli, workspace: Path) -> None:
    plain = cli("hot", "--update", "lesson", "Always test on testnet first")
    assert plain.exit_code == 0 and "not JSON; it is taken as the lesson's text" in plain.stderr
    assert cli.fails("hot", "--update", "lesson", '["Always') == (
        "lesson is not valid JSON at position 1: Unterminated string starting"
    )
    assert "owner_profile is not valid JSON" in cli.fails("hot", "--update", "owner_profile", "Sydney")
    for _ in range(2):
        cli.json("hot", "--update", "lesson", '{"text": "Always test on testnet first", "importance": 0.9}')
        cli.json("hot", "--update", "event", '{"text": "Hackathon deadline Feb 15"}')
    state = cli.json("hot")
    assert len(state["critical_lessons"]) == 1 and len(state["active_context"]["events"]) == 1
    assert isinstance(state["active_context"]["events"][0]["timestamp"], int)
    cli.store("The meeting is at 3pm")  # a warm memory: listed, but not as a hot one
    cli.json("hot", "--rebuild")
    block = (workspace / "MEMORY.md").read_text()
    assert "## 🔥 Hot Memories" not in block and "## 🟡 Warm Memories\n- The meeting is at 3pm" in block


def test_tree_examples(cli: Cli) -> None:
    cli.store("BSC uses raw JSON-RPC", "--category", "projects/evoclaw/bsc")
    shown = cli.ok("tree", "--show")
    assert shown.startswith("Memory Tree Index\n" + "=" * 50 + "\n📂 Root (warm:1, cold:0)")
    assert "Nodes: 4/50" in shown and "/ 2048 bytes" in shown
    added = cli.json("tree", "--add", "projects/evoclaw/bsc", "BSC blockchain integration")
    assert added["added"] == [] and "BSC blockchain integration" in cli.ok("tree")  # existed: description set
    cli.json("tree", "--add", "old/unused/path", "Nothing here")
    assert cli.json("tree", "--remove", "old/unused/path")["removed"] == ["old/unused/path"]
    assert cli.json("tree", "--prune", "--now", "2099-01-01T00:00:00Z")["pruned"] == ["old/unused", "old"]
    tree = cli.json("tree", "--show")
    assert set(tree) == {"nodes", "node_count", "max_nodes", "size_bytes", "max_size_bytes"}
    assert set(tree["nodes"]["projects/evoclaw/bsc"]) == {"desc", "warm_count", "cold_count", "last_access", "children"}
    assert "still indexes 1 warm" in cli.fails("tree", "--remove", "projects")
    assert "not --add and --prune" in cli.fails("tree", "--add", "a", "b", "--prune")
    found = cli.json("tree", "--search", "BSC integration")
    assert found["mode"] == "rule" and found["results"][0]["path"] == "projects/evoclaw/bsc"
    cli.ok("tree", "--search", "BSC integration", "--llm-prompt-file", "prompt.txt")
    assert "User Query: BSC integration" in Path("prompt.txt").read_text()
    assert "give the query too" in cli.fails("tree", "--llm-prompt-file", "prompt.txt")
    # Without --json the changes and searches read as words, not as a JSON document.
    assert cli.ok("tree", "--add", "a/b", "x").startswith("added: a, a/b · ")
    assert cli.ok("tree", "--remove", "a/b").startswith("removed: a/b · ")
    assert cli.ok("tree", "--search", "BSC integration").startswith("1.")  # relevance, path, reason
    assert "projects/evoclaw/bsc  (Keywords: bsc, integration)" in cli.ok("tree", "--search", "BSC integration")


def test_metrics_example(cli: Cli) -> None:
    cli.store("Something worth keeping", "--category", "notes")
    out = cli.json("metrics", "--agent-id", "default")
    assert {
        "tree_index_size_bytes",
        "tree_node_count",
        "hot_memory_size_bytes",
        "warm_memory_count",
        "warm_memory_size_kb",
        "retrieval_count",
        "evictions_today",
        "reinforcements_today",
        "consolidation_count",
        "last_consolidation",
        "context_tokens_saved",
        "timestamp",
    } <= set(out)
    assert out["warm_memory_count"] == 1


def test_consolidate_examples(cli: Cli, workspace: Path) -> None:
    quick = cli.json("consolidate")
    assert quick["mode"] == "quick" and "ingest" not in quick
    daily = cli.json("consolidate", "--mode", "daily", "--now", NOW)
    assert daily["ingest"]["facts_stored"] == 3 and daily["ingest"]["files_scanned"] == 1
    monthly = cli.json("consolidate", "--mode", "monthly", "--now", NOW)
    assert monthly["ingest"]["facts_stored"] == 0 and monthly["tree"]["rebuilt"] is True
    full = cli.json("consolidate", "--mode", "full", "--now", NOW)
    assert set(full["report"]) == {"memories_by_tier", "top_categories", "transitions_30d", "hot_state", "tree"}
    assert (workspace / "MEMORY.md").is_file()
    assert "mode must be one of quick, daily, monthly, full" in cli.fails("consolidate", "--mode", "weekly")
    text = cli.ok("consolidate", "--now", NOW)
    assert text.startswith("quick consolidation of default in ") and "warm store: 3 memories" in text


def test_multi_agent_examples(cli: Cli, workspace: Path) -> None:
    cli.json("store", "--text", "Agent two likes tea", "--category", "owner", "--agent-id", "agent-2")
    assert cli.json("retrieve", "--query", "tea", "--agent-id", "agent-2")[0]["text"] == "Agent two likes tea"
    assert cli.json("retrieve", "--query", "tea") == []
    cli.json("consolidate", "--mode", "daily", "--agent-id", "agent-2", "--now", NOW)
    assert (workspace / "MEMORY-agent-2.md").is_file()
    assert "invalid agent id" in cli.fails("hot", "--agent-id", "../x")


def test_ingest_daily_and_schedule(cli: Cli) -> None:
    dry = cli.json("ingest-daily", "--dry-run", "--now", NOW)
    assert dry["dry_run"] is True and dry["facts_found"] == 3 and {f["status"] for f in dry["facts"]} == {"new"}
    stored = cli.json("ingest-daily", "--now", NOW, "--days", "1")
    assert stored["facts_stored"] == 3
    source = cli.json("get", stored["facts"][0]["id"])["memory"]["source"]
    assert (source["type"], source["interface"]) == ("daily", "cli")  # ingested by the CLI, not "python"
    assert "days must be" in cli.fails("ingest-daily", "--days", "0")
    jobs = cli.json("schedule")["jobs"]
    assert [j["mode"] for j in jobs] == ["quick", "daily", "monthly"]
    assert jobs[1]["line"].startswith("0 0 * * * ") and jobs[1]["line"].endswith("consolidate --mode daily")
    assert "--home" in cli.ok("schedule")


def test_why_explains_a_memory(cli: Cli) -> None:
    old = cli.store("An old remark", "--importance", "0.5", *stored_at("2025-01-01T00:00:00Z"))
    cli.json("consolidate", "--now", NOW)
    why = cli.json("why", old, "--now", NOW)
    assert why["tier"] == "frozen" and why["transitions"][0]["reason"] == "retention"
    assert "older than 30 days" in cli.ok("why", old, "--now", NOW)
    assert "no memory" in cli.fails("why", "01NOSUCHMEMORY0000000000000")
    assert why["scored_at"].startswith(NOW[:10])
    later = cli.ok("why", old, "--now", "2027-06-01T00:00:00Z")  # another clock than the consolidation's
    assert "score as of 2027-06-01T00:00" in later
    assert f"its tier was set at {NOW[:16]}; `why {old} --now {NOW[:16]}` scores it then" in later
    assert "its tier was set" not in cli.ok("why", old, "--now", NOW)  # one clock: nothing to tell apart


def test_metrics_prints_dates_not_epochs(cli: Cli) -> None:
    cli.store("A fact")
    cli.json("consolidate", "--now", NOW)
    found = cli.json("metrics")
    assert found["last_consolidation"] == int(datetime.fromisoformat(NOW).timestamp())  # the seed's int epoch
    text = cli.ok("metrics")
    assert f"last consolidation     {NOW}" in text and "e+09" not in text


def test_an_unreachable_archive_says_so_and_obeys_timeout(cli: Cli) -> None:
    started = time.monotonic()
    result = cli("cold", "--query", "x", "--db-url", "http://127.0.0.1:9", "--timeout", "6")
    lines = result.stderr.splitlines()
    assert result.exit_code == 2 and time.monotonic() - started < 12  # not the 75 s of the full backoff
    assert lines[0] == "tiermem: cannot reach http://127.0.0.1:9 (ConnectError); try 1 of 5 failed, retrying in 5 s"
    assert lines[-1].startswith("tiermem: error: cannot reach") and "gave up after 2 attempts" in lines[-1]
    assert "--timeout" in cli.fails("cold", "--query", "x", "--db-url", "http://x", "--timeout", "0")


def test_cold_and_sync_critical_examples(cli: Cli, workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cloud = workspace / "cloud"
    cloud.mkdir()
    with turso_server(cloud) as url:
        init = cli.json("cold", "--init", "--db-url", url, "--auth-token", "your-token")
        assert init["initialized"] is True and init["tables"] == ["cold_memories", "critical_state"]
        decision = cli.store(
            "Decided to use raw JSON-RPC for the blockchain integration",
            "--category", "projects/evoclaw/bsc", "--importance", "0.9", *stored_at("2025-12-15T00:00:00Z"),
        )  # fmt: skip
        cli.json("consolidate", "--now", NOW)  # two months old: archived
        assert cli.json("get", decision)["memory"]["tier"] == "cold"
        assert cli.json("cold", "--push", "--db-url", url)["archived"] == 1
        monkeypatch.setenv("TURSO_URL", url)  # the examples' "$TURSO_URL" / "$TURSO_TOKEN"
        monkeypatch.setenv("TURSO_TOKEN", "your-token")
        found = cli.json(
            "cold", "--query", "blockchain decision", "--limit", "10", "--db-url", url, "--auth-token", "t"
        )
        assert found["query"] == "blockchain decision" and [r["id"] for r in found["results"]] == [decision]
        assert {"id", "text", "category", "importance", "created_at", "access_count"} <= set(found["results"][0])
        assert found["results"][0]["category"] == "projects/evoclaw/bsc"
        nothing = cli.json("cold", "--query", "search term", "--limit", "10", "--agent-id", "default")  # from env
        assert nothing == {"query": "search term", "results": []}
        synced = cli.json("sync-critical", "--db-url", url, "--auth-token", "t", "--agent-id", "default")
        assert synced["synced"] is True and synced["agent_id"] == "default" and synced["bytes"] > 0
        assert cli.json("sync-critical")["synced"] is True
    assert "give the cold archive: --db-url URL" in cli.fails("cold", "--query", "x", "--db-url", "")


def test_update_tier_pins_until_auto(cli: Cli) -> None:
    old = cli.store("An old remark worth keeping close", "--importance", "0.5", *stored_at("2025-01-01T00:00:00Z"))
    cli.ok("update", old, "--tier", "hot")
    cli.json("consolidate", "--mode", "daily", "--now", NOW)
    why = cli.json("why", old, "--now", NOW)
    assert why["tier"] == "hot" and why["pinned"]["tier"] == "hot" and why["score"]["tier"] == "frozen"
    assert f"pinned to hot by hand since {why['pinned']['at'][:16]} (unpin: update {old} --tier auto)" in cli.ok(
        "why", old, "--now", NOW
    )
    cli.ok("update", old, "--tier", "auto")
    cli.json("consolidate", "--now", NOW)
    assert cli.json("why", old, "--now", NOW)["tier"] == "frozen"
    assert "tier must be one of hot, warm, cold, frozen, auto" in cli.fails("update", old, "--tier", "tepid")
