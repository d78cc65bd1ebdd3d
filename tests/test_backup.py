"""Backup: export to JSON Lines and import back, losslessly, on SQLite and PostgreSQL; every line validated,
nothing half-imported; the CLI and REST faces."""

from __future__ import annotations

import io
import json
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pg
from api_support import serve_asgi
from builders import make_record, unit
from cli_support import Cli
from tiermem import Memory
from tiermem.backup import DOC_KEYS, decode_vector, encode_vector
from tiermem.errors import ValidationError
from tiermem.interfaces.api import create_app
from tiermem.interfaces.auth import create_token
from tiermem.model import RELATIONS, Link, MemoryRecord
from tiermem.storage.base import HistoryEntry
from tiermem.text import content_hash

KEY = "sk-proj-" + "a1B2c3D4e5F6g7H8i9J0k1L2"


@pytest.fixture(params=["sqlite", "postgres"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[str], Any]:
    """``place(name)``: where a fresh store lives, on the parameterised backend."""
    if request.param == "sqlite":
        return lambda name: tmp_path / name
    return lambda _name: pg.database_url()


def snapshot(memory: Memory) -> dict[str, Any]:
    """Everything an export should carry, read straight from the backend."""
    backend = memory._backend
    out: dict[str, Any] = {}
    for agent in backend.agents():
        records = list(backend.iter_all(agent))
        vectors = backend.vectors_for(agent, [r.id for r in records])
        out[agent] = (
            records,
            list(backend.iter_links(agent)),
            list(backend.iter_history(agent)),
            {k: v.tobytes() for k, v in sorted(vectors.items())},
            {key: backend.doc_get(agent, key) for key in DOC_KEYS},
        )
    return out


def dump(memory: Memory, **options: Any) -> str:
    out = io.StringIO()
    memory.export(out, **options)
    return out.getvalue()


# --- the lossless round trip, with a hypothesis-generated store -------------------------------------------

_text = st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"), min_size=1, max_size=60)
_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.floats(allow_nan=False, allow_infinity=False) | _text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=6,
)
_moment = st.datetimes(min_value=datetime(1901, 1, 1), max_value=datetime(2199, 1, 1), timezones=st.just(UTC))


@st.composite
def stores(draw: st.DrawFn) -> tuple[list[Any], list[tuple[str, Link]], list[tuple[str, HistoryEntry]], Any]:
    count = draw(st.integers(1, 8))
    records: list[MemoryRecord] = []
    for i in range(count):
        text = draw(_text.filter(str.strip))
        status = draw(st.sampled_from(["active", "active", "forgotten"]))
        superseded = draw(st.booleans()) and i > 0
        records.append(
            make_record(
                text,
                agent_id=draw(st.sampled_from(["alice", "bob"])),
                created_at=draw(_moment),
                updated_at=draw(_moment),
                event_at=draw(st.none() | _moment),
                last_accessed_at=draw(st.none() | _moment),
                access_count=draw(st.integers(0, 10**6)),
                type=draw(st.sampled_from(["semantic", "episodic", "user_preference", "failed_approach"])),
                category=draw(st.none() | st.sampled_from(["projects/tiermem", "people", "a/b c/d.e"])),
                tags=tuple(draw(st.lists(st.sampled_from(["ui", "ops", "ünï", "x y"]), unique=True, max_size=3))),
                importance=draw(st.floats(0, 1)),
                salience=draw(st.floats(0, 1)),
                confidence=draw(st.floats(0, 1)),
                valence=draw(st.floats(-1, 1)),
                scope=draw(st.sampled_from(["short_term", "working", "long_term"])),
                tier=draw(st.sampled_from(["hot", "warm", "cold", "frozen"])),
                source=draw(st.dictionaries(_text, _json, max_size=3)),
                metadata=draw(st.dictionaries(_text, _json, max_size=3)),
                content_hash=content_hash(text),
                status=status,
                valid_to=draw(_moment) if superseded else None,
                superseded_by=records[0].id if superseded else None,
            )
        )
    links, history = [], []
    for _ in range(draw(st.integers(0, 6))):
        a, b = draw(st.sampled_from(records)), draw(st.sampled_from(records))
        if a.agent_id == b.agent_id and a.id != b.id:
            links.append((a.agent_id, Link(a.id, b.id, draw(st.sampled_from(RELATIONS)), draw(_moment))))
    for _ in range(draw(st.integers(0, 6))):
        r = draw(st.sampled_from(records))
        detail = draw(st.dictionaries(_text, _json, max_size=3))
        history.append(
            (r.agent_id, HistoryEntry(r.id, draw(_moment), draw(st.sampled_from(["created", "updated"])), detail))
        )
    docs = {
        (r.agent_id, draw(st.sampled_from(DOC_KEYS))): draw(st.dictionaries(_text, _json, max_size=3))
        for r in records[:2]
    }
    return records, links, history, docs


def fill(
    memory: Memory,
    records: list[Any],
    links: list[tuple[str, Link]],
    history: list[tuple[str, HistoryEntry]],
    docs: dict[tuple[str, str], dict[str, Any]],
) -> None:
    memory.admin.adopt(records)
    for agent, link in links:
        memory._backend.add_link(agent, link)
    for agent, entry in history:
        memory._backend.add_history(agent, [entry])
    for (agent, key), value in docs.items():
        memory._backend.doc_set(agent, key, value, datetime.now(UTC))


# ``place`` hands out a fresh store per call, so sharing the fixture across examples is fine.
@settings(max_examples=8, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(generated=stores())
def test_round_trip_is_lossless(place: Callable[[str], Any], embedder: Any, generated: Any) -> None:
    """Every field of every record, links, history, vectors and lifecycle documents survive export ->
    import, and a second export is byte for byte the first (but for its timestamp)."""
    name = tempfile.mkdtemp()
    with (
        Memory.open(place(name + "/a"), embedder=embedder) as source,
        Memory.open(place(name + "/b"), embedder=embedder) as target,
    ):
        fill(source, *generated)
        exported = dump(source, embeddings=True)
        report = target.import_from(exported.splitlines(), redact_secrets=False)
        assert report.memories_added == len(generated[0]) and report.embedded == 0
        assert snapshot(target) == snapshot(source)
        assert dump(target, embeddings=True).split("\n", 1)[1] == exported.split("\n", 1)[1]
        again = target.import_from(io.StringIO(exported), redact_secrets=False)  # idempotent
        assert (again.memories_added, again.memories_present, again.links_added, again.history_added) == (
            0, len(generated[0]), 0, 0)  # fmt: skip
        assert again.docs_added == 0 and report.docs_added == len(generated[3])
        assert snapshot(target) == snapshot(source)


def test_without_embeddings_or_with_another_embedder_import_embeds(
    mem: Memory, open_memory: Callable[..., Memory], tmp_path: Path
) -> None:
    mem.store("The user prefers dark mode")
    gone = mem.store("The staging server is called kestrel").memory
    mem.forget(gone.id)
    plain = dump(mem)
    assert '"embedding"' not in plain
    target = open_memory(tmp_path / "t1")
    report = target.import_from(plain.splitlines())
    assert (report.memories_added, report.embedded, report.vectors_from_file) == (2, 1, 0)  # forgotten: no vector
    assert snapshot(target)["default"][3] == snapshot(mem)["default"][3]
    other = dump(mem, embeddings=True).replace('"name": "wordllama', '"name": "another-model', 1)
    report = open_memory(tmp_path / "t2").import_from(other.splitlines())
    assert (report.embedded, report.vectors_from_file) == (1, 0)


def test_export_one_agent_and_import_one_agent(mem: Memory, open_memory: Callable[..., Memory], tmp_path: Path) -> None:
    mem.store("alice likes tea", agent_id="alice")
    mem.store("bob likes coffee", agent_id="bob")
    only_alice = dump(mem, agent_id="alice")
    assert "bob likes coffee" not in only_alice and json.loads(only_alice.splitlines()[0])["agents"] == ["alice"]
    target = open_memory(tmp_path / "t")
    report = target.import_from(dump(mem).splitlines(), agent_id="bob")
    assert (report.memories_added, report.other_agents_skipped, target.agents()) == (1, 1, ["bob"])


def test_export_streams_a_page_at_a_time(mem: Memory) -> None:
    mem.store_many([{"text": f"note number {i} about the {i}th kestrel"} for i in range(1200)], dedup=False)
    lines = mem.export_lines()
    assert json.loads(next(lines))["kind"] == "header"
    assert json.loads(next(lines))["kind"] == "memory"  # produced before the rest of the store is read
    assert sum(1 for _ in lines) == 1199 + 1200 + 1  # the rest, the history and the end line


# --- conflicts and bad input: clear errors, nothing half-imported ---------------------------------------------


def test_conflicting_id_fails_whole_import_or_is_skipped(
    mem: Memory, open_memory: Callable[..., Memory], tmp_path: Path
) -> None:
    first = mem.store("The deploy key rotates monthly").memory
    exported = dump(mem)
    target = open_memory(tmp_path / "t")
    target.store("something else entirely")
    target.admin.adopt([make_record("another text", agent_id="default", id=first.id)])
    before = snapshot(target)
    with pytest.raises(
        ValidationError, match=rf"line 2: memory {first.id} conflicts with a memory already in the store"
    ):
        target.import_from(exported.splitlines())
    assert snapshot(target) == before
    report = target.import_from(exported.splitlines(), on_conflict="skip")
    assert (report.conflicts_skipped, report.memories_added) == (1, 0)
    with pytest.raises(ValidationError, match="on_conflict must be one of error, skip"):
        target.import_from(exported.splitlines(), on_conflict="replace")


def _lines(mem: Memory) -> list[str]:
    mem.store("The user prefers dark mode")
    mem.store("Backups run nightly at 02:00")
    return dump(mem).splitlines()


def _with(lines: list[str], index: int, **changes: Any) -> list[str]:
    data = json.loads(lines[index])
    data.update(changes)
    return [*lines[:index], json.dumps(data), *lines[index + 1 :]]


def test_pins_round_trip_once_and_old_files_without_pins_still_import(
    mem: Memory, open_memory: Callable[..., Memory], tmp_path: Path
) -> None:
    kept = mem.store("The release checklist lives in docs/release.md").id
    mem.store("A memory nobody pinned")
    mem.update(kept, tier="hot")
    lines = dump(mem).splitlines()
    target = open_memory(tmp_path / "t")
    assert target.import_from(lines).pins_added == 1
    assert {k: p.tier for k, p in target._backend.pins("default").items()} == {kept: "hot"}
    assert target._backend.pins("default")[kept].at == mem._backend.pins("default")[kept].at
    assert target.import_from(lines).pins_added == 0  # already pinned: nothing to do
    # an export made before pins were exported: no pin line, no pin count
    old = [line for line in lines if json.loads(line)["kind"] != "pin"]
    end = json.loads(old[-1])
    del end["counts"]["pin"]
    fresh = open_memory(tmp_path / "old")
    assert fresh.import_from([*old[:-1], json.dumps(end)]).memories_added == 2
    assert fresh._backend.pins("default") == {}
    orphan = _with(lines, next(i for i, line in enumerate(lines) if '"pin"' in line), memory_id="01NOSUCHMEMORY")
    with pytest.raises(ValidationError, match=r"line \d+: the pin of 01NOSUCHMEMORY names a memory"):
        open_memory(tmp_path / "orphan").import_from(orphan)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda ls: [*ls[:2], "{not json", *ls[2:]], r"line 3 is not valid JSON"),
        (lambda ls: [*ls[:2], "[1, 2]", *ls[2:]], r"line 3 must be a JSON object"),
        (lambda ls: [*ls[:2], '{"kind": "spell"}', *ls[2:]], r"line 3 has unknown kind 'spell'"),
        (lambda ls: _with(ls, 1, importance=7), r"line 2: importance must be in \[0, 1\]"),
        (lambda ls: _with(ls, 2, text=""), r"line 3: text is empty"),
        (lambda ls: _with(ls, 1, agent_id="../etc"), r"line 2: invalid agent id"),
        (lambda ls: _with(ls, 1, created_at="yesterday"), r"line 2: created_at 'yesterday' is not an ISO-8601 date"),
        (lambda ls: _with(ls, 1, tier="lukewarm"), r"line 2: tier must be one of"),
        (lambda ls: _with(ls, 1, colour="red"), r"line 2: memory has unknown field\(s\) colour"),
        (lambda ls: _with(ls, 1, embedding="!!!"), r"line 2: embedding is not valid base64"),
        (lambda ls: [ls[0], ls[1], ls[1], *ls[2:]], r"line 3: memory \w+ appears twice \(first on line 2\)"),
        (lambda ls: ls[:-1], r"without its end line: it was cut short"),
        (lambda ls: [*ls, ls[1]], r"there are lines after the end line"),
        (lambda ls: _with(ls, len(ls) - 1, counts={"memory": 9, "link": 0, "history": 2}), r"the end line counts"),
        (lambda ls: _with(ls, 0, version=99), r"format version 99; this tiermem reads up to 1"),
        (lambda ls: ls[1:], r"line 1 is not a tiermem-export header"),
        (lambda ls: [*ls[:1], ls[0], *ls[1:]], r"line 2: a second header"),
        (lambda ls: [], r"the file is empty"),
    ],
)
def test_bad_lines_name_the_line_and_import_nothing(
    mem: Memory,
    open_memory: Callable[..., Memory],
    tmp_path: Path,
    damage: Callable[[list[str]], list[str]],
    message: str,
) -> None:
    target = open_memory(tmp_path / "t")
    with pytest.raises(ValidationError, match=message):
        target.import_from(damage(_lines(mem)))
    assert target.agents() == [] and target._backend.count(current_only=False) == 0


def test_a_bad_line_after_a_full_batch_rolls_the_batch_back(
    mem: Memory, open_memory: Callable[..., Memory], tmp_path: Path
) -> None:
    mem.store_many([{"text": f"fact {i}: the {i}th lantern is blue"} for i in range(700)], dedup=False)
    lines = dump(mem).splitlines()
    broken = _with(lines, 650, valence=3)
    target = open_memory(tmp_path / "t")
    with pytest.raises(ValidationError, match="line 651: valence"):
        target.import_from(broken)
    assert target._backend.count(current_only=False) == 0
    assert target.import_from(lines).memories_added == 700  # the good file still imports in full


def test_links_must_name_known_memories(mem: Memory, open_memory: Callable[..., Memory], tmp_path: Path) -> None:
    a, b = mem.store("cause of the outage").memory, mem.store("the outage itself").memory
    mem.link(b.id, a.id, "caused_by")
    lines = dump(mem).splitlines()
    link_at = next(i for i, line in enumerate(lines) if '"kind": "link"' in line)
    broken = _with(lines, link_at, target_id="01ZZZZZZZZZZZZZZZZZZZZZZZZ")
    with pytest.raises(ValidationError, match=rf"line {link_at + 1}: the link .* names a memory that is neither"):
        open_memory(tmp_path / "t").import_from(broken)


def test_import_redacts_secrets_unless_told_not_to(
    mem: Memory, open_memory: Callable[..., Memory], tmp_path: Path
) -> None:
    mem.store(f"the key is {KEY}", redact_secrets=False)
    lines = dump(mem, embeddings=True).splitlines()
    target = open_memory(tmp_path / "t")
    report = target.import_from(lines)
    (record,) = target.list()
    assert report.redacted == 1 and report.embedded == 1 and KEY not in record.text
    assert record.text == "the key is [REDACTED:openai_key]" and record.content_hash == content_hash(record.text)
    assert record.metadata["redactions"] == {"count": 1, "kinds": {"openai_key": 1}}
    kept = open_memory(tmp_path / "t2")
    kept.import_from(lines, redact_secrets=False)
    assert kept.list()[0].text == f"the key is {KEY}"


@given(st.lists(st.floats(width=32, allow_nan=False, allow_infinity=False), min_size=1, max_size=16))
def test_vector_encoding_round_trips(values: list[float]) -> None:
    vector = np.array(values, dtype=np.float32)
    assert decode_vector(encode_vector(vector), len(values)).tobytes() == vector.tobytes()
    with pytest.raises(ValidationError, match="dimensions; the header says"):
        decode_vector(encode_vector(vector), len(values) + 1)


# --- the command line -------------------------------------------------------------------------------------------


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "home")


def test_cli_export_import_round_trip(cli: Cli, tmp_path: Path) -> None:
    cli.store("The user prefers dark mode")
    cli.store("ops runs the deploys", "--agent-id", "ops")
    backup = tmp_path / "backup.jsonl"
    out = cli.ok("export", "--embeddings", "-o", str(backup))
    assert out == f"exported 2 memories, 0 links and 2 history entries to {backup}\n"
    streamed = cli.ok("export", "--agent-id", "ops")
    assert [json.loads(line)["kind"] for line in streamed.splitlines()] == ["header", "memory", "history", "end"]
    other = Cli(tmp_path / "other")
    report = other.json("import", str(backup))
    assert (report["memories_added"], report["vectors_from_file"], report["agents"]) == (2, 2, ["default", "ops"])
    again = other.json("import", "-", stdin=backup.read_text())
    assert (again["memories_added"], again["memories_present"]) == (0, 2)
    backup.write_text(backup.read_text()[:-40])
    assert other.fails("import", str(backup)).startswith("line 6 is not valid JSON")
    assert "cannot read" in other.fails("import", str(tmp_path / "missing.jsonl"))


# --- REST -------------------------------------------------------------------------------------------------------


@pytest.fixture
def api(mem: Memory) -> Iterator[tuple[str, Memory]]:
    with serve_asgi(create_app(mem, max_body_bytes=64 * 1024)) as url:
        yield url, mem


def _client(url: str, mem: Memory, agents: tuple[str, ...], role: str) -> httpx.Client:
    secret, _ = create_token(mem, agents, role)
    return httpx.Client(base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=30)


def test_rest_export_streams_and_import_needs_admin(
    api: tuple[str, Memory], open_memory: Callable[..., Memory], tmp_path: Path
) -> None:
    url, mem = api
    mem.store("alice likes tea", agent_id="alice")
    mem.store("bob likes coffee", agent_id="bob")
    with _client(url, mem, ("alice",), "read") as reader, _client(url, mem, ("alice",), "admin") as admin:
        exported = reader.get("/v1/agents/alice/export", params={"embeddings": True})
        assert exported.status_code == 200 and exported.headers["content-type"].startswith("application/x-ndjson")
        assert [json.loads(x)["kind"] for x in exported.text.splitlines()] == ["header", "memory", "history", "end"]
        assert reader.get("/v1/agents/bob/export").status_code == 403
        assert reader.post("/v1/agents/alice/import", content=exported.text).status_code == 403
        whole = dump(mem)  # both agents: the alice-scoped route imports alice's lines only
        mem.purge(mem.list(agent_id="alice")[0].id, agent_id="alice")
        done = admin.post("/v1/agents/alice/import", content=whole)
        assert done.status_code == 200, done.text
        assert (done.json()["memories_added"], done.json()["other_agents_skipped"]) == (1, 1)
        assert [r.text for r in mem.list(agent_id="alice")] == ["alice likes tea"]
        bad = admin.post("/v1/agents/alice/import", content=whole.replace('"importance": 0.5', '"importance": 5', 1))
        assert bad.status_code == 400 and "line 2: importance" in bad.json()["error"]["message"]
        assert admin.post("/v1/agents/alice/import", content="x" * (65 * 1024)).status_code == 413


def test_import_keeps_times_it_was_given(mem: Memory, open_memory: Callable[..., Memory], tmp_path: Path) -> None:
    """A restored memory keeps its own created/updated/accessed times and counters, not the import's."""
    old = datetime(2020, 5, 17, 8, 30, tzinfo=UTC)
    mem.admin.adopt([make_record("an old memory", agent_id="default", created_at=old,
                                 updated_at=old + timedelta(days=1), last_accessed_at=old + timedelta(days=2),
                                 access_count=41)])  # fmt: skip
    target = open_memory(tmp_path / "t")
    target.import_from(dump(mem).splitlines())
    (record,) = target.list()
    assert (record.created_at, record.updated_at, record.last_accessed_at, record.access_count) == (
        old, old + timedelta(days=1), old + timedelta(days=2), 41)  # fmt: skip


# --- the backend methods export uses, on every backend (conftest's BACKEND_FACTORIES) ---------------------


def test_backend_iterates_links_history_and_memories_past_a_page(backend: Any) -> None:
    records = [make_record(f"memory number {i}", minutes=i) for i in range(1003)]
    backend.insert(records, np.stack([unit(1.0, i % 7 + 1) for i in range(1003)]))
    links = [Link(records[i].id, records[i + 1].id, "related_to", records[i].created_at) for i in range(1002)]
    with backend.write():
        for link in links:
            backend.add_link("agent-a", link)
    history = [HistoryEntry(r.id, r.created_at, "created", {"n": i}) for i, r in enumerate(records)]
    backend.add_history("agent-a", history)
    other = make_record("someone else's", agent_id="agent-b")
    backend.insert([other], None)
    backend.add_history("agent-b", [HistoryEntry(other.id, other.created_at, "created", {})])
    assert list(backend.iter_all("agent-a")) == records  # insertion order, across the page boundary
    assert list(backend.iter_links("agent-a")) == links
    assert list(backend.iter_history("agent-a")) == history
    assert [e.memory_id for e in backend.iter_history("agent-b")] == [other.id]
    assert list(backend.iter_links("agent-b")) == []
    assert backend.owners([records[5].id, other.id, "01NOSUCHID"]) == {records[5].id: "agent-a", other.id: "agent-b"}
    assert backend.owners([]) == {}
