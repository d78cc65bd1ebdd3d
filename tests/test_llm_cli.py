"""`tiermem llm ...` and the seed's `--llm` / `--llm-endpoint` flags against a real store and the scripted
server: exit codes, output and what is left in the store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli_support import CLEAN_ENV, Cli, check_golden, normalise
from llm_server import LLMServer, Reply
from tiermem import Memory


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "store").init()


def test_store_with_an_endpoint_queues_and_drain_runs_it(cli: Cli, server: LLMServer) -> None:
    made = cli.json("--llm-endpoint", server.complete_url, "store", "The user prefers dark mode")
    assert server.calls == 0  # the command only queued the LLM's work
    status = cli.json("--llm-endpoint", server.complete_url, "llm", "status")
    assert status["provider"] == "complete" and status["queue"]["pending"] == 1
    assert status["endpoint"] == f"complete {server.complete_url}"
    report = cli.json("--llm-endpoint", server.complete_url, "llm", "drain")
    assert (report["jobs"], report["llm"], report["pending"]) == (1, 1, 0)
    (job,) = cli.json("llm", "jobs", made["id"])["jobs"]
    assert (job["mode"], job["result"]["keys"]) == ("llm", ["about the user"])
    assert server.requests[0].path == "/complete"


def with_env(cli: Cli, **env: str) -> Cli:
    """The same store, run with these environment variables (on top of the clean test environment)."""
    return Cli(cli.home, CliRunner(env={**CLEAN_ENV, **env}))


def test_endpoint_from_the_environment_speaks_openai(cli: Cli, server: LLMServer) -> None:
    cli = with_env(cli, TIERMEM_LLM_ENDPOINT=server.openai_url, TIERMEM_LLM_MODEL="llama3.2")
    cli.ok("store", "Backups run nightly")
    out = cli.ok("llm", "drain")
    assert out.startswith("1 jobs in ") and "1 by the LLM, 0 by rules" in out
    assert server.requests[-1].path == "/v1/chat/completions" and server.requests[-1].body["model"] == "llama3.2"


def test_drain_reports_a_fallback_in_one_line(cli: Cli, server: LLMServer) -> None:
    cli.home.mkdir(exist_ok=True)
    (cli.home / "config.json").write_text(json.dumps({"llm": {"backoff_s": 0.01}}))
    cli.ok("--llm-endpoint", server.openai_url, "store", "My editor theme is Monokai")
    server.play(*[Reply.error(500)] * 3)
    out = cli.ok("--llm-endpoint", server.openai_url, "llm", "drain")
    assert "0 by the LLM, 1 by rules" in out
    assert "; last fallback: HTTP 500 from http://127.0.0.1:" in out and "(gave up after 3 attempts)" in out


def test_search_with_llm_expands_the_query(cli: Cli, server: LLMServer) -> None:
    cli.ok("store", "Night mode is on for every app")
    server.play(Reply.json({"terms": ["night mode"]}))
    found = cli.json("--llm", "--llm-endpoint", server.openai_url, "search", "which colour scheme")
    assert found["hits"][0]["memory"]["text"] == "Night mode is on for every app"
    assert found["hits"][0]["explain"]["expansion"] == {"terms": ["night mode"], "mode": "llm", "llm_fallback": None}
    plain = cli.json("search", "which colour scheme")  # without --llm: no LLM call on the read path
    assert server.calls == 1 and all("expansion" not in h["explain"] for h in plain["hits"])


def test_expand_shows_the_path_and_the_fallback(cli: Cli, server: LLMServer) -> None:
    server.play(Reply.timeout(1.0))
    cli = with_env(cli, TIERMEM_LLM_ENDPOINT=server.openai_url)
    cli.home.mkdir(exist_ok=True)
    (cli.home / "config.json").write_text(json.dumps({"llm": {"timeout_s": 0.3}}))
    out = cli.ok("llm", "expand", "what theme do I prefer")
    assert out.startswith("like, favourite, favorite, love, enjoy, dark mode")
    assert out.rstrip().endswith("[rule (LLM fallback: timeout after 0.3 s)]")
    found = cli.json("llm", "expand", "what theme do I prefer")
    assert found["mode"] == "llm" and found["terms"] == ["scripted synonym", "another term"]


def test_llm_without_an_endpoint_looks_for_a_local_server(cli: Cli) -> None:
    found = cli.json("--llm", "llm", "expand", "deploy failed")
    if found["mode"] == "llm":
        pytest.skip("a local LLM server answers on this machine")
    assert found["llm_fallback"] == "no local LLM server answered on ports 8080, 11434, 1234; pass --llm-endpoint URL"
    assert "release" in found["terms"]


def test_status_ping_and_usage(cli: Cli, server: LLMServer) -> None:
    status = cli.json("--llm-endpoint", server.openai_url, "llm", "status", "--ping")
    assert status["ping"]["ok"] is True and status["ping"]["answer"].startswith('{"memories"')
    usage = cli.json("llm", "usage")["usage"]
    (day,) = usage
    assert usage[day]["ping"]["calls"] == 1
    table = cli.ok("llm", "usage", "--days", "1")
    assert day in table and "ping" in table
    assert cli.ok("--llm-endpoint", server.openai_url, "llm", "status").splitlines()[0].split() == [
        "provider",
        "openai",
    ]


def test_status_without_an_llm_is_stable(cli: Cli) -> None:
    out = cli.ok("--json", "llm", "status")
    check_golden("llm_status.json", normalise(out))
    assert cli.ok("llm", "usage") == "no LLM calls in the last 7 days\n"


def test_consolidate_from_the_command_line(cli: Cli, server: LLMServer) -> None:
    for text in ("Deploy the API with `fly deploy` from the repo root",
                 "Deploying the API needs the fly token from https://fly.io/user/tokens",
                 "The API deploy failed when the fly token had expired"):  # fmt: skip
        cli.ok("store", text)
    dry = cli.ok("llm", "consolidate", "--dry-run", "--threshold", "0.45")
    assert dry.startswith("3 memories considered; would make 1 core memories\n(dry run) from 3 memories [rule]")
    server.play(Reply.json({"summary": "Deploy with `fly deploy`; keep the fly token fresh.", "importance": 0.8}))
    made = cli.json("--llm-endpoint", server.openai_url, "llm", "consolidate", "--threshold", "0.45")
    (core,) = made["cores"]
    assert (core["mode"], core["text"]) == ("llm", "Deploy with `fly deploy`; keep the fly token fresh.")
    with Memory.open(cli.home) as mem:
        assert {link["relation"] for link in mem.links(core["id"])} == {"elaborated_by"}


def test_jobs_of_a_memory_without_any(cli: Cli) -> None:
    made = cli.store("A plain memory")
    assert cli.ok("llm", "jobs", made) == f"{made} has no LLM jobs (none was queued when it was stored)\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--llm-endpoint", "localhost:8080", "llm", "status"), "LLM endpoint 'localhost:8080' must be an http://"),
        (("llm", "consolidate", "--threshold", "2"), "threshold must be in [0, 1], got 2.0"),
        (("llm", "consolidate", "--min-size", "1"), "limit/offset must be a whole number from 2 to 100, got 1"),
        (("llm", "usage", "--days", "0"), "limit/offset must be a whole number from 1 to 366, got 0"),
        (("llm", "jobs", "NOPE"), "no memory 'NOPE' for agent 'default'"),
        (("--agent-id", "bad id", "llm", "drain"), "invalid agent id 'bad id'"),
    ],
)
def test_bad_input_exits_2_with_one_line(cli: Cli, args: tuple[str, ...], message: str) -> None:
    assert message in cli.fails(*args)


def test_a_bad_llm_section_in_config_json(cli: Cli) -> None:
    cli.home.mkdir(exist_ok=True)
    (cli.home / "config.json").write_text(json.dumps({"llm": {"provider": "openai"}}))
    assert "llm.provider 'openai' needs llm.base_url" in cli.fails("store", "x")
    (cli.home / "config.json").write_text(json.dumps({"llm": {"budget": 5}}))
    assert "llm.budget: Extra inputs are not permitted" in cli.fails("stats")


def test_rebuild_tree_from_the_command_line(cli: Cli, server: LLMServer) -> None:
    cli.ok("store", "The GPU box runs ComfyUI", "--category", "technical/gpu")
    out = cli.ok("llm", "rebuild-tree", "--dry-run")
    assert out.startswith("[rule] the tree would have 3 nodes, ")
    server.play(Reply.json({"nodes": [{"path": "technical", "desc": "Machines"}, {"path": "technical/gpu"}]}))
    made = cli.json("--llm-endpoint", server.openai_url, "llm", "rebuild-tree")
    assert (made["mode"], made["tree"]["technical"]["desc"]) == ("llm", "Machines")


def test_metrics_include_todays_llm_use(cli: Cli, server: LLMServer) -> None:
    assert cli.json("metrics")["llm_today"] == {}
    cli.json("--llm-endpoint", server.openai_url, "llm", "status", "--ping")
    today = cli.json("metrics")["llm_today"]
    assert today["ping"]["calls"] == 1 and today["ping"]["prompt_tokens"] > 0


def test_get_shows_the_chain_of_a_contradicted_memory(cli: Cli) -> None:
    cli.home.mkdir(exist_ok=True)
    (cli.home / "config.json").write_text(json.dumps({"llm": {"rules_without_llm": True}}))
    old = cli.store("The user likes cilantro")
    new = cli.store("The user does not like cilantro")
    shown = cli.json("get", old)
    assert shown["memory"]["text"] == "The user likes cilantro" and shown["memory"]["superseded_by"] == new
    assert {(link["other_id"], link["relation"]) for link in shown["links"]} == {
        (new, "contradicts"),
        (new, "superseded_by"),
    }
    assert shown["history"][-1]["action"] == "superseded"
    assert "contradicts" in cli.ok("get", old)
