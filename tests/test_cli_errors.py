"""Bad input through the CLI: exit 2, one line on stderr, nothing on stdout, and nothing already stored lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cli_support import CLEAN_ENV, Cli
from tiermem.interfaces.cli.main import TiermemGroup

SEED = "The seed memory must survive every bad command"
HUGE = "x" * (64 * 1024 + 1)

# "{id}" is replaced by the seeded memory's id.
BAD_INPUTS = {
    "agent id with a path": (["--agent-id", "../x", "list"], "invalid agent id"),
    "agent id with a space": (["store", "hi", "--agent-id", "a b"], "invalid agent id"),
    "empty agent id": (["--agent-id", "", "store", "hi"], "invalid agent id"),
    "importance above 1": (["store", "hi", "--importance", "1.5"], "importance must be in [0, 1]"),
    "importance below 0": (["store", "hi", "--importance", "-0.1"], "importance must be in [0, 1]"),
    "importance nan": (["store", "hi", "--importance", "nan"], "importance must be in [0, 1]"),
    "importance not a number": (["store", "hi", "--importance", "abc"], "--importance"),
    "empty text": (["store", ""], "text is empty"),
    "blank text": (["store", "   \n\t"], "text is empty"),
    "text over 64KB": (["store", HUGE], "over the 65536-byte limit"),
    "NUL byte in text": (["store", "a\x00b"], "NUL byte"),
    "no text": (["store"], "missing the text"),
    "text twice": (["store", "a", "--text", "b"], "give the text once"),
    "unknown type": (["store", "hi", "--type", "gossip"], "unknown memory type 'gossip'"),
    "malformed metadata": (["store", "hi", "--metadata", "{bad"], "metadata is not valid JSON"),
    "metadata not an object": (["store", "hi", "--metadata", "[1, 2]"], "metadata must be a JSON object"),
    "metadata urls not a list": (["store", "hi", "--metadata", '{"urls": "x"}', "--url", "https://a.b"], "non-list"),
    "NUL in metadata": (["store", "hi", "--metadata", '{"a": "\\u0000"}'], "NUL"),
    "bad created_at": (["store", "hi", "--created-at", "yesterday-ish"], "not an ISO-8601 date"),
    "impossible event_at": (["store", "hi", "--event-at", "2026-13-45"], "not an ISO-8601 date"),
    "created_at out of range": (["store", "hi", "--created-at", "3000-01-01"], "out of range"),
    "tag too long": (["store", "hi", "--tags", "t" * 65], "invalid tag"),
    "category escapes": (["store", "hi", "--category", "a/../b"], "invalid segment"),
    "empty source": (["store", "hi", "--source", ""], "source must be"),
    "bad since": (["list", "--since", "last tuesday-ish"], "since"),
    "limit zero": (["list", "--limit", "0"], "limit"),
    "limit not a number": (["list", "--limit", "ten"], "--limit"),
    "unknown order": (["list", "--order", "sideways"], "order must be one of"),
    "unknown tier": (["list", "--tier", "lukewarm"], "tier must be one of"),
    "unknown type filter": (["search", "seed", "--type", "gossip"], "unknown memory type"),
    "empty query": (["search", ""], "query is empty"),
    "huge query": (["search", "q" * 10_001], "under 10,000 characters"),
    "NUL in query": (["search", "a\x00b"], "NUL"),
    "bad --now": (["search", "seed", "--now", "soonish"], "not an ISO-8601 date"),
    "unknown relation": (["link", "{id}", "{id}", "befriends"], "relation must be one of"),
    "self link": (["link", "{id}", "{id}", "related_to"], "cannot be linked to itself"),
    "missing id": (["get", "01NOSUCHMEMORY0000000000000"], "no memory"),
    "missing id on forget": (["forget", "nope"], "no memory 'nope'"),
    "missing id on links": (["links", "nope"], "no memory 'nope'"),
    "id too long": (["get", "x" * 65], "invalid memory id"),
    "purge without --yes": (["purge", "{id}"], "add --yes"),
    "update with nothing": (["update", "{id}"], "nothing to update"),
    "update out of range": (["update", "{id}", "--importance", "7"], "importance must be in [0, 1]"),
    "update bad scope": (["update", "{id}", "--scope", "forever"], "scope must be one of"),
    "update empty text": (["update", "{id}", "--text", " "], "text is empty"),
    "missing argument": (["get"], "Missing argument"),
    "unknown option": (["store", "hi", "--colour", "red"], "No such option: --colour"),
    "unknown command": (["remember", "hi"], "No such command"),
    "workspace is missing": (["--workspace", "/nonexistent/tiermem-ws", "list"], "is not a directory"),
}


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "store")


@pytest.mark.parametrize(("argv", "expected"), BAD_INPUTS.values(), ids=BAD_INPUTS.keys())
def test_bad_input_exits_2_with_one_line(cli: Cli, argv: list[str], expected: str) -> None:
    seed = cli.store(SEED, "--tags", "seed")
    args = [a.replace("{id}", seed) for a in argv]
    home = "--workspace" not in args
    result = cli(*args, home=home)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("tiermem: error: ") and expected in lines[0]
    with cli.memory() as mem:
        assert [r.id for r in mem.list(include_forgotten=True)] == [seed]
        record = mem.get(seed)
        assert (record.text, record.tags, record.status) == (SEED, ("seed",), "active")


BAD_CONFIGS = {
    "missing file": (None, "cannot read --config"),
    "not JSON": ("{recall: 1", "is not valid JSON"),
    "not an object": ("[1, 2]", "must hold a JSON object"),
    "unknown section": ('{"no_such_section": {}}', "--config cfg.json: no_such_section: Extra inputs"),
    "bad value": ('{"recall": {"relevance_floor": "high"}}', "--config cfg.json: recall.relevance_floor"),
}


@pytest.mark.parametrize(("content", "expected"), BAD_CONFIGS.values(), ids=BAD_CONFIGS.keys())
@pytest.mark.parametrize("command", ["serve", "mcp"])
def test_a_bad_config_file_exits_2_naming_it(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, content: str | None, expected: str
) -> None:
    monkeypatch.chdir(tmp_path)
    if content is not None:
        Path("cfg.json").write_text(content)
    result = cli(command, "--config", "cfg.json")
    assert result.exit_code == 2, (result.stdout, result.stderr)
    (line,) = result.stderr.splitlines()
    assert line.startswith("tiermem: error: ") and expected in line


@pytest.mark.parametrize(
    "query",
    [
        '"',
        "*",
        "NEAR(",
        "OR",
        "AND NOT",
        "a:b",
        "(",
        "^seed",
        "-seed",
        "NEAR(a b, 2)",
        "seed*",
        '"unbalanced',
        "col:seed OR",
        "\\",
        "'",
        "%",
        "_",
    ],
)
def test_fts_syntax_in_queries_just_works(cli: Cli, query: str) -> None:
    cli.store(SEED)
    doc = cli.json("search", "--", query)  # `--`: a query may start with "-"
    assert isinstance(doc["hits"], list)


@pytest.mark.parametrize(
    "text",
    [
        "'; DROP TABLE memories; --",
        "Robert'); DELETE FROM memories;--",
        "1 OR 1=1",
        'x" OR "1"="1',
        "memories_fts MATCH '*'",
        "%_% LIKE",
    ],
)
def test_sql_looking_text_is_stored_and_found_verbatim(cli: Cli, text: str) -> None:
    cli.store(SEED)
    mid = cli.store(text)
    assert cli.json("get", mid)["memory"]["text"] == text
    assert mid in [h["memory"]["id"] for h in cli.json("search", text, "--limit", "5")["hits"]]
    with cli.memory() as mem:
        assert mem.stats()["memories"] == 2


def test_control_characters_are_shown_not_sent_to_the_terminal(cli: Cli) -> None:
    mid = cli.store("red \x1b[31malert\x1b[0m and a bell \x07")
    out = cli.ok("get", mid)
    assert "\x1b" not in out and "\\x1b[31malert" in out and "\x07" not in out
    assert cli.json("get", mid)["memory"]["text"] == "red \x1b[31malert\x1b[0m and a bell \x07"


def test_rich_markup_in_text_is_printed_literally(cli: Cli) -> None:
    mid = cli.store("[bold red]not markup[/] and [link=x]y[/link]")
    assert "[bold red]not markup[/] and [link=x]y[/link]" in cli.ok("get", mid)
    assert "[bold red]not markup[/]" in cli.ok("list")


def test_undecodable_query_is_a_usage_error(cli: Cli) -> None:
    cli.store(SEED)
    cli.fails("search", "caf\udce9")


def test_undecodable_metadata_is_a_usage_error(cli: Cli) -> None:
    cli.store(SEED)
    cli.fails("store", "hi", "--metadata", '{"a": "caf\udce9"}')
    with cli.memory() as mem:
        assert mem.stats()["memories"] == 1


def _broken_app() -> typer.Typer:
    app = typer.Typer(cls=TiermemGroup)

    @app.command()
    def explode() -> None:
        raise RuntimeError("disk on fire")

    @app.command()
    def other() -> None:  # a second command keeps `explode` a subcommand
        pass

    return app


def test_unexpected_errors_exit_1_with_a_hint() -> None:
    result = CliRunner(env=CLEAN_ENV).invoke(_broken_app(), ["explode"])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (
        "tiermem: error: unexpected RuntimeError: disk on fire; rerun with TIERMEM_DEBUG=1 to see the traceback\n"
    )


def test_tiermem_debug_shows_the_traceback() -> None:
    result = CliRunner(env={**CLEAN_ENV, "TIERMEM_DEBUG": "1"}).invoke(_broken_app(), ["explode"])
    assert result.exit_code == 1
    assert "Traceback" in result.stderr and 'raise RuntimeError("disk on fire")' in result.stderr
    assert result.stderr.splitlines()[-1] == "tiermem: error: unexpected RuntimeError: disk on fire"


def test_damaged_store_is_a_clean_error(cli: Cli) -> None:
    cli.home.mkdir()
    (cli.home / "tiermem.db").write_bytes(b"this is not a database" * 100)
    assert "cannot open the store" in cli.fails("list")


def test_bad_config_is_a_clean_error(cli: Cli) -> None:
    cli.home.mkdir()
    (cli.home / "config.json").write_text('{"no_such_setting": 1}')
    assert "config.json" in cli.fails("store", "a first memory")


def test_home_that_is_a_file_is_a_clean_error(cli: Cli) -> None:
    cli.home.write_text("I am a file")
    assert "cannot create the store directory" in cli.fails("store", "a first memory")


def test_version(cli: Cli) -> None:
    from tiermem import __version__

    assert cli.ok("--version") == f"tiermem {__version__}\n"


def test_under_json_an_error_is_one_json_document(cli: Cli) -> None:
    cli.init()
    for args, message in (
        (("--json", "get", "NOPE"), "no memory 'NOPE'"),
        (("list", "--json", "--lmit", "3"), "did you mean --limit?"),
    ):
        result = cli(*args)
        assert (result.exit_code, result.stdout) == (2, "")
        document = json.loads(result.stderr)  # the whole of stderr is one document
        assert document["error"]["exit_code"] == 2 and message in document["error"]["message"]


def test_did_you_mean_names_the_closest_option(cli: Cli) -> None:
    assert cli.fails("list", "--lmit", "3").startswith("No such option: --lmit; did you mean --limit?")
    assert "did you mean --importance?" in cli.fails("store", "x", "--importanc", "1")
    assert cli.fails("store", "x", "--colour", "red").startswith("No such option: --colour (see")  # no wild guess


def test_shell_completion_is_installable(cli: Cli) -> None:
    script = cli("--show-completion", "bash").stdout
    assert "_tiermem_completion" in script and "complete" in script
