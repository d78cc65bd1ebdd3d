"""Bad input at the boundaries test_bad_input.py (Python API) and test_cli_errors.py (CLI) do not reach: REST,
MCP, Claude Code hooks, workspace files, config.json, imported EvoClaw and JSONL files, and damaged store files.

Each case gets a clear answer (REST 4xx JSON, an MCP tool error, CLI exit 2 with one line, a TiermemError
naming the file, or a documented repair such as keeping a damaged file beside its replacement), and loses
nothing: the store's rows are exactly as they were. Case ids start with their boundary (``rest-``,
``mcp-``...): bench/reliability.py counts them that way.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator, Mapping
from datetime import date
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp.shared.exceptions import MCPError

from api_support import serve_asgi
from builders import distinct_texts
from cli_support import Cli
from test_mcp import over_http, payload
from tiermem import ConfigError, Memory, StoreError, TiermemError, ValidationError
from tiermem.backup import KINDS
from tiermem.interfaces.api import create_app
from tiermem.interfaces.auth import create_token
from tiermem.interfaces.mcp import http_app
from tiermem.providers.embedders import WordLlamaEmbedder
from tiermem.storage.sqlite import DB_FILE
from tiermem.workspace.files import JOURNAL_NAME
from tiermem.workspace.scaffold import scaffold
from tiermem.workspace.writer import MemoryWriter

KEEP = "The keeper memory: the staging database is restored every Monday"
TEN_MB = "x" * (10 * 1024 * 1024)
DEEP = "[" * 100_000 + "]" * 100_000


READS = ("access_count", "last_accessed_at", "salience")  # what a successful read may change (reinforcement)


def rows(mem: Memory, *, reads: bool = True) -> list[dict[str, Any]]:
    """Every row of every agent, as it is stored (without the read counters unless ``reads``)."""
    found = [
        r.to_dict()
        for agent in mem.agents()
        for r in mem.list(agent_id=agent, limit=10_000, include_forgotten=True, include_superseded=True)
    ]
    return found if reads else [{k: v for k, v in r.items() if k not in READS} for r in found]


@pytest.fixture
def seeded(mem: Memory) -> Memory:
    mem.store(KEEP, agent_id="alice", tags=["ops"])
    mem.store("bob's private note about the launch", agent_id="bob")
    return mem


# --- REST ------------------------------------------------------------------------------------------------

A = "/v1/agents/alice"
JSON = {"content-type": "application/json"}
Request = tuple[str, str, dict[str, Any]]  # method, path, httpx keyword arguments
REST_CASES: dict[str, tuple[Request, int, str]] = {
    "rest-invalid-json": (
        ("POST", f"{A}/memories", {"content": b'{"text": ', "headers": JSON}),
        422,
        "request body is not valid JSON: Expecting value at position 9",
    ),
    "rest-truncated-json": (
        ("POST", f"{A}/memories", {"content": b'{"text":', "headers": JSON}),
        422,
        "request body is not valid JSON: Expecting value at position 8",
    ),
    "rest-json-array": (("POST", f"{A}/memories", {"json": [1, 2]}), 422, "valid dictionary"),
    "rest-deeply-nested-json": (("POST", f"{A}/memories", {"content": DEEP.encode(), "headers": JSON}), 4, ""),
    "rest-10mb-body": (("POST", f"{A}/memories", {"json": {"text": TEN_MB}}), 413, "request body over"),
    "rest-text-number": (("POST", f"{A}/memories", {"json": {"text": 5}}), 422, "text"),
    "rest-text-missing": (("POST", f"{A}/memories", {"json": {"tags": ["a"]}}), 422, "text: Field required"),
    "rest-importance-word": (
        ("POST", f"{A}/memories", {"json": {"text": "x y", "importance": "high"}}),
        422,
        "importance",
    ),
    "rest-importance-out-of-range": (
        ("POST", f"{A}/memories", {"json": {"text": "x y", "importance": 7}}),
        400,
        "importance must be in",
    ),
    "rest-tags-not-a-list": (("POST", f"{A}/memories", {"json": {"text": "x y", "tags": "a,b"}}), 422, "tags"),
    "rest-nul-in-text": (("POST", f"{A}/memories", {"json": {"text": "a\x00b"}}), 400, "NUL"),
    "rest-invalid-utf8": (
        ("POST", f"{A}/memories", {"content": b'{"text": "caf\xe9 \xff"}', "headers": JSON}),
        400,
        "error parsing the body",
    ),
    "rest-lone-surrogate": (
        ("POST", f"{A}/memories", {"content": b'{"text": "broken \\ud800 pair"}', "headers": JSON}),
        400,
        "surrogate",
    ),
    "rest-text-over-64kb": (("POST", f"{A}/memories", {"json": {"text": "y" * 70_000}}), 400, "65536-byte limit"),
    "rest-event-at-year-3000": (
        ("POST", f"{A}/memories", {"json": {"text": "x y", "event_at": "3000-01-01"}}),
        400,
        "out of range",
    ),
    "rest-created-at-garbage": (
        ("POST", f"{A}/memories", {"json": {"text": "x y", "created_at": "soonish"}}),
        400,
        "ISO-8601",
    ),
    "rest-category-traversal": (
        ("POST", f"{A}/memories", {"json": {"text": "x y", "category": "a/../../b"}}),
        400,
        "invalid segment",
    ),
    "rest-batch-one-bad-item": (
        ("POST", f"{A}/memories/batch", {"json": {"items": [{"text": "fine"}, {"text": ""}]}}),
        400,
        "text is empty",
    ),
    "rest-agent-path-traversal": (("GET", "/v1/agents/..%2Fbob/memories", {}), 404, "Not Found"),
    "rest-agent-id-dots": (("GET", "/v1/agents/../memories", {}), 404, "Not Found"),
    "rest-agent-id-65-chars": (("GET", f"/v1/agents/{'a' * 65}/memories", {}), 400, "invalid agent id"),
    "rest-memory-id-traversal": (("GET", f"{A}/memories/..%2F..%2Fetc%2Fpasswd", {}), 404, "Not Found"),
    "rest-memory-id-65-chars": (("GET", f"{A}/memories/{'x' * 65}", {}), 422, "at most 64 characters"),
    "rest-limit-zero": (("GET", f"{A}/memories", {"params": {"limit": 0}}), 422, "limit"),
    "rest-since-garbage": (("GET", f"{A}/memories", {"params": {"since": "last tuesday-ish"}}), 400, "since"),
    "rest-empty-query": (("POST", f"{A}/search", {"json": {"query": "  "}}), 400, "query is empty"),
    "rest-huge-query": (("POST", f"{A}/search", {"json": {"query": "q" * 20_000}}), 400, "10,000"),
    "rest-context-budget-huge": (
        ("POST", f"{A}/context", {"json": {"message": "x", "budget_tokens": 10**9}}),
        400,
        "budget_tokens",
    ),
    "rest-hot-update-unknown-key": (("POST", f"{A}/hot", {"json": {"key": "nonsense", "value": {}}}), 400, "nonsense"),
    "rest-hot-update-value-not-an-object": (
        ("POST", f"{A}/hot", {"json": {"key": "identity", "value": 1}}),
        422,
        "valid dictionary",
    ),
    "rest-consolidate-bad-mode": (("POST", f"{A}/consolidate", {"json": {"mode": "forever"}}), 4, "mode"),
    "rest-import-garbage": (("POST", f"{A}/import", {"content": b"not an export\n"}), 4, "line 1"),
    # query syntax and SQL are not errors: they are searched as words
    "rest-fts-syntax-query": (("POST", f"{A}/search", {"json": {"query": 'NEAR( "staging* OR AND'}}), 200, ""),
    "rest-sql-looking-query": (("POST", f"{A}/search", {"json": {"query": "'; DROP TABLE memories; --"}}), 200, ""),
}


@pytest.fixture
def rest(seeded: Memory) -> Iterator[httpx.Client]:
    secret, _ = create_token(seeded, ["alice"], "admin")
    with (
        serve_asgi(create_app(seeded, max_body_bytes=1024 * 1024)) as url,
        httpx.Client(base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=60) as client,
    ):
        yield client


@pytest.mark.parametrize("name", sorted(REST_CASES))
def test_rest_bad_input(seeded: Memory, rest: httpx.Client, name: str) -> None:
    (method, path, kwargs), status, message = REST_CASES[name]
    before = rows(seeded, reads=False)
    response = rest.request(method, path, **kwargs)
    if status < 10:  # only the class is fixed (4 = some 4xx)
        assert response.status_code // 100 == status, response.text
    else:
        assert response.status_code == status, response.text
    if status != 200:
        error = response.json()["error"]
        assert error["type"] and message in error["message"], error
        assert "Traceback" not in response.text
    assert rows(seeded, reads=False) == before


# --- MCP -------------------------------------------------------------------------------------------------

REFUSED = "refused by the transport"  # the SDK answers 413 to a body over 4 MiB, before any tool runs
MCP_CASES: dict[str, tuple[str, dict[str, Any], str]] = {
    "mcp-store-empty-text": ("store", {"text": "  "}, "text is empty"),
    "mcp-store-nul": ("store", {"text": "a\x00b"}, "NUL"),
    "mcp-store-1mb-text": ("store", {"text": TEN_MB[: 1 << 20]}, "65536-byte limit"),
    "mcp-store-10mb-text": ("store", {"text": TEN_MB}, REFUSED),
    "mcp-store-text-not-a-string": ("store", {"text": {"a": 1}}, "text"),
    "mcp-store-importance-7": ("store", {"text": "x y", "importance": 7}, "importance"),
    "mcp-store-tags-not-a-list": ("store", {"text": "x y", "tags": "a,b"}, "tags"),
    "mcp-store-unknown-type": ("store", {"text": "x y", "type": "gossip"}, "unknown memory type"),
    "mcp-store-agent-traversal": ("store", {"text": "x y", "agent_id": "../bob"}, "invalid agent id"),
    "mcp-search-limit-zero": ("search", {"query": "staging", "limit": 0}, "limit"),
    "mcp-search-nul": ("search", {"query": "a\x00b"}, "NUL"),
    "mcp-context-budget-10": ("context", {"message": "hi", "budget_tokens": 10}, "budget_tokens"),
    "mcp-forget-id-traversal": ("forget", {"memory_id": "../../etc/passwd"}, "no memory '../../etc/passwd'"),
    "mcp-forget-id-65-chars": ("forget", {"memory_id": "x" * 65}, "invalid memory id"),
    "mcp-consolidate-bad-mode": ("consolidate", {"mode": "forever"}, "mode must be one of"),
    "mcp-hot-update-unknown-key": ("hot_update", {"key": "nonsense", "value": {}}, "nonsense"),
    "mcp-hot-update-value-not-an-object": ("hot_update", {"key": "identity", "value": 1}, "valid dictionary"),
    "mcp-unknown-tool": ("drop_all_memories", {}, "Unknown tool"),
}


@pytest.fixture
def mcp(seeded: Memory) -> Iterator[tuple[str, str]]:
    secret, _ = create_token(seeded, ["alice"], "admin")
    with serve_asgi(http_app(seeded, default_agent="alice")) as url:
        yield url, secret


@pytest.mark.parametrize("name", sorted(MCP_CASES))
def test_mcp_bad_input(seeded: Memory, mcp: tuple[str, str], name: str) -> None:
    tool, arguments, message = MCP_CASES[name]
    before = rows(seeded, reads=False)

    async def call(session: Any) -> Any:
        return await session.call_tool(tool, arguments)

    if message == REFUSED:
        with pytest.raises(BaseExceptionGroup) as caught:
            over_http(mcp[0], call, mcp[1])
        assert caught.group_contains(MCPError)  # -32603: the server answered 413
        assert rows(seeded, reads=False) == before
        return
    result = over_http(mcp[0], call, mcp[1])
    assert result.is_error
    assert message in payload(result) and "Traceback" not in payload(result), payload(result)
    assert rows(seeded, reads=False) == before


def test_mcp_fts_and_sql_queries_are_searched_as_words(seeded: Memory, mcp: tuple[str, str]) -> None:
    async def calls(session: Any) -> list[Any]:
        return [await session.call_tool("search", {"query": q}) for q in ('"staging* NEAR(', "'; DROP TABLE x; --")]

    results = over_http(mcp[0], calls, mcp[1])
    assert not any(r.is_error for r in results)
    assert payload(results[0])["hits"][0]["text"] == KEEP


# --- Claude Code hooks: whatever arrives on stdin, the agent is never blocked and nothing is lost ------------

HOOK_CASES: dict[str, tuple[str, str]] = {
    "hook-invalid-json": ("UserPromptSubmit", '{"prompt": '),
    "hook-json-array": ("UserPromptSubmit", "[1, 2]"),
    "hook-deeply-nested": ("UserPromptSubmit", DEEP),
    "hook-wrong-types": ("UserPromptSubmit", '{"prompt": 5, "session_id": ["x"], "cwd": 7}'),
    "hook-nul-in-prompt": ("UserPromptSubmit", '{"prompt": "stage\\u0000db", "session_id": "s1"}'),
    "hook-session-id-traversal": ("SessionStart", '{"session_id": "../../../../tmp/evil", "source": "startup"}'),
    "hook-10mb-prompt": ("UserPromptSubmit", json.dumps({"prompt": TEN_MB, "session_id": "s2"})),
    "hook-unknown-event": ("NoSuchEvent", '{"session_id": "s3"}'),
    "hook-tool-response-garbage": ("PostToolUse", '{"tool_name": "Bash", "tool_input": 3, "tool_response": [1]}'),
}


@pytest.mark.parametrize("name", sorted(HOOK_CASES))
def test_hook_bad_input(tmp_path: Path, name: str) -> None:
    event, stdin = HOOK_CASES[name]
    workspace = tmp_path / "project"
    workspace.mkdir()
    cli = Cli(workspace / ".tiermem")
    keeper = cli.store(KEEP)
    with cli.memory() as mem:
        before = rows(mem)
    result = cli("--workspace", str(workspace), "hook", event, stdin=stdin, home=False)
    assert result.exit_code == 0, result.stderr  # a hook never fails the agent's turn
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) <= 1
    assert isinstance(json.loads(result.stdout or "{}"), dict)
    with cli.memory() as mem:
        assert [r for r in rows(mem) if r["id"] == keeper] == [r for r in before if r["id"] == keeper]
    assert not (tmp_path / "evil").exists() and not Path("/tmp/evil").exists()


# --- workspace files ----------------------------------------------------------------------------------------

TODAY = date.today().isoformat()
#: file (relative to the workspace) -> what is written there; "kept" cases must keep every byte (in the file,
#: or in a ``<name>.damaged-*`` copy beside the fresh one), "normalised" ones are documented repairs
WORKSPACE_CASES: dict[str, tuple[str, bytes, str]] = {
    "workspace-state-garbage": ("memory/state.json", b"{garbage", "kept"),
    "workspace-state-array": ("memory/state.json", b"[1, 2]", "kept"),
    "workspace-state-deeply-nested": ("memory/state.json", DEEP.encode(), "kept"),
    "workspace-state-invalid-utf8": ("memory/state.json", b'{"a": "\xff\xfe"}', "kept"),
    "workspace-state-wrong-types": (
        "memory/state.json",
        b'{"session_counter": {"total": "many"}, "flags": []}',
        "normalised",
    ),
    "workspace-events-truncated": ("memory/events.json", b'{"events": [{"text": "the real event"}, ', "kept"),
    "workspace-events-not-a-list": ("memory/events.json", b'{"events": 5}', "kept"),
    "workspace-events-bad-entries": (
        "memory/events.json",
        b'{"events": [1, "x", {"text": 5}, {"text": "ok", "normalized_date": "3000-99-99"}]}',
        "kept",
    ),
    "workspace-events-other-keys": ("memory/events.json", b'{"version": 3, "events": [], "owner": "ada"}', "kept"),
    "workspace-threads-binary": ("memory/threads.md", bytes(range(256)) * 20, "kept"),
    "workspace-threads-nul": ("memory/threads.md", b"## Thread: x\x00\n- **ID**: thread-x\n", "kept"),
    "workspace-threads-unclosed-comment": ("memory/threads.md", b"# Active Threads\n<!-- never closed\n", "kept"),
    "workspace-threads-no-ids": ("memory/threads.md", b"## Thread: nothing here\n### Current Position\n", "kept"),
    "workspace-memory-md-invalid-utf8": ("MEMORY.md", b"# Memory\n\xff\xfe bad bytes\n", "kept"),
    "workspace-memory-md-10mb": ("MEMORY.md", b"# Memory\n" + b"- one curated line of memory text\n" * 320_000, "kept"),
    "workspace-memory-md-half-hot-block": (
        "MEMORY.md",
        b"# Memory\n<!-- tiermem:hot:start -->\nhalf a block\n",
        "kept",
    ),
    "workspace-daily-log-nul": (f"memory/{TODAY}.md", b"# Daily\x00 log\n\n## Session Summary\n\nx\x00y\n", "kept"),
    "workspace-daily-log-invalid-utf8": (f"memory/{TODAY}.md", b"# Daily log\n\n\xc3\x28 broken\n", "kept"),
    "workspace-daily-log-impossible-date": ("memory/2026-13-45.md", b"# not a day\n", "kept"),
    "workspace-daily-log-year-9999": ("memory/9999-12-31.md", b"# Daily log\n\n## Session Summary\n\nfar\n", "kept"),
    "workspace-resumption-garbage": ("memory/resumption.md", b"\xff" * 1000, "normalised"),  # rewritten each session
    "workspace-journal-garbage": (f"memory/{JOURNAL_NAME}", b"{half a journal", "kept"),
}


def _workspace_operations(mem: Memory, root: Path) -> dict[str, Callable[[], Any]]:
    writer = MemoryWriter(root)
    return {
        "context": lambda: mem.context("what about staging?", workspace=root),
        "note_event": lambda: writer.note_event("generic-event", "a thing happened"),
        "end_session": lambda: writer.end_session("summary here", "resume here", {"thread-y": {"title": "Y"}}),
        "consolidate": lambda: mem.consolidate("daily", workspace=root).to_dict(),
    }


@pytest.mark.parametrize("name", sorted(WORKSPACE_CASES))
def test_workspace_file_bad_input(open_memory: Callable[..., Memory], tmp_path: Path, name: str) -> None:
    rel, data, promise = WORKSPACE_CASES[name]
    root = tmp_path / "ws"
    scaffold(root, date.today())
    mem = open_memory(root / ".tiermem")
    keeper = mem.store(KEEP).id
    (root / rel).write_bytes(data)

    outcomes = {}
    for operation, call in _workspace_operations(mem, root).items():
        try:
            call()
            outcomes[operation] = "ok"
        except TiermemError as exc:  # a clear error saying which file and what to do
            assert any(hint in str(exc) for hint in ("re-save it as UTF-8", "keep exactly one", "close it")), str(exc)
            outcomes[operation] = "error"
    assert outcomes["context"] == "ok"  # reading never fails on a bad file

    record = mem.get(keeper)
    assert (record.text, record.status, record.is_current) == (KEEP, "active", True)
    assert mem.search("when is the staging database restored?", limit=1)[0].memory.id == keeper
    if promise == "kept":
        assert _kept(data, root / rel), "the original content is gone"


def _kept(data: bytes, path: Path) -> bool:
    """The original bytes are in the file, or in a damaged copy beside it; a JSON ledger may be re-indented
    but keeps every entry and key it had."""
    current = path.read_bytes() if path.exists() else b""
    if data in current or any(data == p.read_bytes() for p in path.parent.glob(path.name + ".damaged-*")):
        return True
    try:
        old, new = json.loads(data), json.loads(current)
    except ValueError:
        return False
    return (
        all(new.get(k) == v for k, v in old.items() if k != "events")
        and new["events"][: len(old["events"])] == old["events"]
    )


# --- config.json ---------------------------------------------------------------------------------------------

CONFIG_CASES: dict[str, tuple[bytes, str]] = {
    "config-invalid-json": (b"{not json", "is not valid JSON"),
    "config-array": (b"[1, 2]", "must hold a JSON object"),
    "config-deeply-nested": (DEEP.encode(), "nested too deeply"),
    "config-utf8-bom": ('\ufeff{"max_text_bytes": 1000}'.encode(), "is not valid JSON"),
    "config-invalid-utf8": (b'{"a": "\xff"}', "is not valid JSON"),
    "config-nul-key": (b'{"a\\u0000": 1}', "Extra inputs are not permitted"),
    "config-wrong-type": (b'{"busy_timeout_s": "soon"}', "busy_timeout_s"),
    "config-unknown-key": (b'{"colour": "red"}', "colour"),
    "config-10mb": (json.dumps({"x": TEN_MB}).encode(), "Extra inputs are not permitted"),
    "config-text-cap-too-small": (b'{"max_text_bytes": 1}', "max_text_bytes"),
    "config-unknown-embedder": (b'{"embedder": {"provider": "nonexistent"}}', "unknown embedder provider"),
    "config-threshold-above-one": (b'{"dedup_thresholds": {"semantic": 1.5}}', "dedup_threshold must be in"),
}


@pytest.mark.parametrize("name", sorted(CONFIG_CASES))
def test_config_json_bad_input(tmp_path: Path, embedder: WordLlamaEmbedder, name: str) -> None:
    content, message = CONFIG_CASES[name]
    store = tmp_path / "store"
    with Memory.open(store, embedder=embedder) as mem:
        mem.store(KEEP)
        before = rows(mem)
    (store / "config.json").write_bytes(content)
    with pytest.raises(ConfigError, match=message.replace("(", r"\(")):
        Memory.open(store)  # no embedder given: the config's choice is read too
    assert message.split()[0] in Cli(store).fails("list")  # the CLI: exit 2, one line
    (store / "config.json").unlink()
    with Memory.open(store, embedder=embedder) as mem:
        assert rows(mem) == before


# --- imported files: EvoClaw workspaces and tiermem's JSONL ------------------------------------------------

EVOCLAW_CASES: dict[str, tuple[str, bytes, str]] = {
    "evoclaw-warm-not-json": ("warm-memory.json", b"[{", "not valid JSON"),
    "evoclaw-warm-not-a-list": ("warm-memory.json", b'{"facts": []}', "JSON list of facts"),
    "evoclaw-warm-deeply-nested": ("warm-memory.json", DEEP.encode(), "not valid JSON"),
    "evoclaw-warm-invalid-utf8": ("warm-memory.json", b'[{"text": "\xff"}]', "not valid UTF-8"),
    "evoclaw-fact-without-text": ("warm-memory.json", b'[{"text": "fine fact"}, {"importance": 0.5}]', "has no text"),
    "evoclaw-fact-importance-7": ("warm-memory.json", b'[{"text": "fine fact", "importance": 7}]', "importance"),
    "evoclaw-fact-nul": ("warm-memory.json", b'[{"text": "bad \\u0000 fact"}]', "NUL"),
    "evoclaw-fact-10mb": ("warm-memory.json", json.dumps([{"text": TEN_MB}]).encode(), "65536-byte limit"),
    "evoclaw-fact-category-traversal": ("warm-memory.json", b'[{"text": "fine fact", "category": "../../etc"}]', ""),
    "evoclaw-tree-garbage": ("memory-tree.json", b"{tree", "not valid JSON"),
    "evoclaw-hot-state-wrong-type": ("hot-memory-state.json", b"[1, 2, 3]", ""),
}


@pytest.mark.parametrize("name", sorted(EVOCLAW_CASES))
def test_evoclaw_import_bad_input(open_memory: Callable[..., Memory], tmp_path: Path, name: str) -> None:
    file, content, message = EVOCLAW_CASES[name]
    source = tmp_path / "evoclaw" / "memory"
    source.mkdir(parents=True)
    (source / file).write_bytes(content)
    mem = open_memory(tmp_path / "store")
    mem.store(KEEP)
    before = rows(mem)
    try:
        report = mem.lifecycle(tmp_path / "ws").import_evoclaw(source.parent).to_dict()
    except TiermemError as exc:
        assert message in str(exc), str(exc)
        assert rows(mem) == before
    else:  # a documented repair: what could not be used is skipped or filed under a safe category
        assert message == "", f"expected an error saying {message!r}, got {report}"
        assert all(r["category"] is None or ".." not in r["category"] for r in rows(mem))
        assert [r for r in rows(mem) if r["text"] == KEEP] == [r for r in before if r["text"] == KEEP]
    assert not (tmp_path / "etc").exists()


HEADER = {
    "kind": "header",
    "format": "tiermem-export",
    "version": 1,
    "agents": ["alice"],
    "embedder": {"name": "wordllama:l2_supercat_256", "dims": 256},
    "embeddings": False,
}
GOOD: dict[str, Any] = {
    "kind": "memory",
    "id": "01M8M330MXKNN2HRDNS0J0X24M",
    "agent_id": "alice",
    "text": "an imported memory",
    "type": "semantic",
    "category": None,
    "tags": [],
    "importance": 0.5,
    "salience": 0.5,
    "confidence": 0.5,
    "valence": 0.0,
    "scope": "long_term",
    "tier": "warm",
    "created_at": "2026-01-01T00:00:00+00:00",
    "updated_at": "2026-01-01T00:00:00+00:00",
    "event_at": None,
    "last_accessed_at": None,
    "access_count": 0,
    "source": {"type": "user"},
    "metadata": {},
    "content_hash": "87753c8679610bd18fd43eb7b00f5af6",
    "status": "active",
    "valid_to": None,
    "superseded_by": None,
}
END: dict[str, Any] = {"kind": "end", "counts": {**dict.fromkeys(KINDS, 0), "memory": 1}}


def _jsonl(*lines: Any) -> bytes:
    return b"".join((line if isinstance(line, bytes) else json.dumps(line).encode()) + b"\n" for line in lines)


JSONL_CASES: dict[str, bytes] = {
    "jsonl-not-json": _jsonl(HEADER, b"{not json", END),
    "jsonl-line-is-an-array": _jsonl(HEADER, [1, 2], END),
    "jsonl-deeply-nested-line": _jsonl(HEADER, DEEP.encode(), END),
    "jsonl-no-header": _jsonl(GOOD, END),
    "jsonl-unknown-kind": _jsonl(HEADER, {**GOOD, "kind": "virus"}, END),
    "jsonl-no-end-line": _jsonl(HEADER, GOOD),
    "jsonl-agent-traversal": _jsonl({**HEADER, "agents": ["../x"]}, {**GOOD, "agent_id": "../x"}, END),
    "jsonl-text-nul": _jsonl(HEADER, {**GOOD, "text": "a\x00b"}, END),
    "jsonl-invalid-utf8": _jsonl(HEADER, b'{"kind": "memory", "text": "\xff\xfe"}', END),
    "jsonl-10mb-line": _jsonl(HEADER, {**GOOD, "text": TEN_MB}, END),
    "jsonl-date-year-3000": _jsonl(HEADER, {**GOOD, "created_at": "3000-01-01T00:00:00+00:00"}, END),
    "jsonl-importance-word": _jsonl(HEADER, {**GOOD, "importance": "high"}, END),
    "jsonl-bad-id": _jsonl(HEADER, {**GOOD, "id": "../../etc/passwd"}, END),
    "jsonl-counts-disagree": _jsonl(HEADER, GOOD, {"kind": "end", "counts": {**END["counts"], "memory": 5}}),
}


@pytest.mark.parametrize("name", sorted(JSONL_CASES))
def test_jsonl_import_bad_input(tmp_path: Path, name: str) -> None:
    cli = Cli(tmp_path / "store")
    cli.store(KEEP, "--agent-id", "alice")
    with cli.memory() as mem:
        before = rows(mem)
    (tmp_path / "export.jsonl").write_bytes(JSONL_CASES[name])
    message = cli.fails("import", str(tmp_path / "export.jsonl"))
    assert "line" in message or "export" in message, message
    with cli.memory() as mem:
        assert rows(mem) == before  # all or nothing
        with pytest.raises(ValidationError):
            mem.import_from(tmp_path / "export.jsonl")
        assert rows(mem) == before


def test_a_valid_jsonl_line_set_imports(tmp_path: Path) -> None:
    """The cases above fail for the reason they name, not because the base lines are wrong."""
    cli = Cli(tmp_path / "store")
    (tmp_path / "export.jsonl").write_bytes(_jsonl(HEADER, GOOD, END))
    cli.ok("import", str(tmp_path / "export.jsonl"))
    with cli.memory() as mem:
        assert [r.text for r in mem.list(agent_id="alice")] == ["an imported memory"]


# --- file arguments on the command line -----------------------------------------------------------------------

FILE_ARGUMENT_CASES: dict[str, tuple[list[str], str]] = {
    "cli-import-missing-file": (["import", "/nonexistent/export.jsonl"], "/nonexistent/export.jsonl"),
    "cli-import-a-directory": (["import", "{tmp}"], "directory"),
    "cli-import-traversal-to-etc-passwd": (["import", "{tmp}/../../../../../../etc/passwd"], "line 1"),
    "cli-import-evoclaw-missing": (["import-evoclaw", "/nonexistent/evoclaw"], "is not a directory"),
    "cli-import-evoclaw-a-file": (["import-evoclaw", "/etc/hostname"], "is not a directory"),
    "cli-validate-missing-note": (["validate", "/nonexistent/2026-01-01.md"], "/nonexistent"),
    "cli-extract-metadata-binary": (["extract-metadata", "/nonexistent/file.md"], "/nonexistent"),
    "cli-workspace-is-a-file": (["--workspace", "/etc/hostname", "list"], "not a directory"),
}


@pytest.mark.parametrize("name", sorted(FILE_ARGUMENT_CASES))
def test_cli_file_argument_bad_input(tmp_path: Path, name: str) -> None:
    argv, message = FILE_ARGUMENT_CASES[name]
    cli = Cli(tmp_path / "store")
    cli.store(KEEP)
    with cli.memory() as mem:
        before = rows(mem)
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    result = cli(*args, home="--workspace" not in args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stderr.startswith("tiermem: error: ") and len(result.stderr.splitlines()) == 1, result.stderr
    assert message.replace("{tmp}", str(tmp_path)) in result.stderr
    with cli.memory() as mem:
        assert rows(mem) == before


# --- damaged store files -----------------------------------------------------------------------------------


def _damaged(store: Path, name: str) -> None:
    db = store / DB_FILE
    data = db.read_bytes()
    if name == "store-truncated-half":
        db.write_bytes(data[: len(data) // 2])
    elif name == "store-truncated-to-header":
        db.write_bytes(data[:100])
    elif name == "store-garbage-page":
        db.write_bytes(data[:4096] + b"\xde\xad" * 2048 + data[8192:])


@pytest.mark.parametrize("name", ["store-truncated-half", "store-truncated-to-header", "store-garbage-page"])
def test_a_damaged_store_file_is_a_store_error_and_a_copy_is_untouched(
    tmp_path: Path, embedder: WordLlamaEmbedder, name: str
) -> None:
    store = tmp_path / "store"
    with Memory.open(store, embedder=embedder) as mem:
        mem.store_many([{"text": t} for t in distinct_texts(2000, seed=5)])
    backup = tmp_path / "backup"
    shutil.copytree(store, backup)
    _damaged(store, name)
    damaged = (store / DB_FILE).read_bytes()
    try:
        with Memory.open(store, embedder=embedder) as mem:
            report = mem.doctor(repair=True).to_dict()
    except StoreError as exc:  # SQLite refused the file: every interface says so in one line
        assert "restore it from a backup" in str(exc), str(exc)
        assert "cannot open the store" in Cli(store).fails("list")
    else:  # SQLite opened it: `doctor` must find the damage, and not pretend to repair it
        integrity = next(c for c in report["checks"] if c["name"] == "integrity")
        assert (report["ok"], integrity["status"]) == (False, "problem"), report
        assert "restore a backup" in integrity["fix"]
        assert (store / DB_FILE).read_bytes() == damaged
    with Memory.open(backup, embedder=embedder) as mem:
        assert mem.stats()["memories"] == 2000


def test_there_are_at_least_sixty_named_cases_across_the_boundaries() -> None:
    tables: list[Mapping[str, object]] = [
        REST_CASES,
        MCP_CASES,
        HOOK_CASES,
        WORKSPACE_CASES,
        CONFIG_CASES,
        EVOCLAW_CASES,
        JSONL_CASES,
        FILE_ARGUMENT_CASES,
    ]
    assert sum(len(t) for t in tables) >= 60
