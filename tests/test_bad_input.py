"""Bad input through the Python API: every case raises a ``TiermemError`` subclass whose message says what
was wrong, and the store is unchanged afterwards. Query syntax and SQL-looking text are not errors: they
must simply work."""

from __future__ import annotations

import json
import math
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tiermem import ConfigError, EmbedderError, Memory, NotFoundError, StoreError, TiermemError, ValidationError
from tiermem.providers.embedders import WordLlamaEmbedder
from tiermem.storage.sqlite import DB_FILE

KEEP = "The keeper memory: backups run nightly at 02:00"
MISSING = "01ZZZZZZZZZZZZZZZZZZZZZZZZ"

Case = Callable[[Memory, str], Any]

# The cases marked ``type: ignore`` pass a value of the wrong type on purpose: the engine must reject it (or, for
# a string holding JSON, parse it) at run time, whatever the annotations say.
CASES: dict[str, tuple[Case, type[TiermemError], str]] = {
    # agent ids
    "agent_path_traversal": (lambda m, k: m.store("x y", agent_id="../x"), ValidationError, "invalid agent id"),
    "agent_empty": (lambda m, k: m.store("x y", agent_id=""), ValidationError, "invalid agent id"),
    "agent_65_chars": (lambda m, k: m.store("x y", agent_id="a" * 65), ValidationError, "1-64 characters"),
    "agent_with_space": (lambda m, k: m.list(agent_id="a b"), ValidationError, "invalid agent id"),
    "agent_none": (lambda m, k: m.search("backups", agent_id=None), ValidationError, "invalid agent id"),  # type: ignore[arg-type]
    "agent_not_str": (lambda m, k: m.get(k, agent_id=42), ValidationError, "invalid agent id"),  # type: ignore[arg-type]
    "agent_trailing_newline": (lambda m, k: m.store("x y", agent_id="alice\n"), ValidationError, "invalid agent id"),
    "metadata_deeply_nested": (
        lambda m, k: m.store("x y", metadata="[" * 100_000),  # type: ignore[arg-type]
        ValidationError,
        "nested too deeply",
    ),
    "query_99999999_days_ago": (lambda m, k: m.search("backups 99999999 days ago", now="nope"), ValidationError, "now"),
    # numbers
    "importance_negative": (
        lambda m, k: m.store("x y", importance=-0.1),
        ValidationError,
        r"importance must be in \[0, 1\]",
    ),
    "importance_above_one": (lambda m, k: m.store("x y", importance=1.5), ValidationError, "importance must be in"),
    "importance_nan": (lambda m, k: m.store("x y", importance=math.nan), ValidationError, "importance must be in"),
    "importance_inf": (lambda m, k: m.store("x y", importance=math.inf), ValidationError, "importance must be in"),
    "importance_bool": (lambda m, k: m.store("x y", importance=True), ValidationError, "importance must be a number"),
    "importance_word": (lambda m, k: m.store("x y", importance="high"), ValidationError, "importance must be a number"),  # type: ignore[arg-type]
    "valence_2": (lambda m, k: m.store("x y", valence=2), ValidationError, r"valence must be in \[-1, 1\]"),
    "valence_bool": (lambda m, k: m.store("x y", valence=False), ValidationError, "valence must be a number"),
    "salience_above_one": (lambda m, k: m.store("x y", salience=1.2), ValidationError, "salience must be in"),
    "update_importance": (lambda m, k: m.update(k, importance=2), ValidationError, "importance must be in"),
    # text
    "text_empty": (lambda m, k: m.store(""), ValidationError, "text is empty"),
    "text_whitespace": (lambda m, k: m.store(" \n\t "), ValidationError, "text is empty"),
    "text_none": (lambda m, k: m.store(None), ValidationError, "text must be a string"),  # type: ignore[arg-type]
    "text_over_64kb": (lambda m, k: m.store("é" * 32_769), ValidationError, "65538 bytes, over the 65536-byte limit"),
    "text_invalid_utf8": (lambda m, k: m.store(b"caf\xe9 \xff"), ValidationError, "not valid UTF-8 .byte 3"),  # type: ignore[arg-type]
    "text_nul": (lambda m, k: m.store("before\x00after"), ValidationError, "NUL byte"),
    "text_lone_surrogate": (lambda m, k: m.store("broken \ud800 pair"), ValidationError, "lone surrogate"),
    "update_text_empty": (lambda m, k: m.update(k, text="  "), ValidationError, "text is empty"),
    # categories, types, tags, scope
    "category_dotdot": (lambda m, k: m.store("x y", category="a/../b"), ValidationError, "invalid segment '..'"),
    "category_5_levels": (lambda m, k: m.store("x y", category="a/b/c/d/e"), ValidationError, "5 levels deep"),
    "category_empty_segment": (lambda m, k: m.store("x y", category="a//b"), ValidationError, "invalid segment"),
    "type_unknown": (lambda m, k: m.store("x y", type="gossip"), ValidationError, "unknown memory type 'gossip'"),
    "tags_33": (lambda m, k: m.store("x y", tags=[f"t{i}" for i in range(33)]), ValidationError, "maximum is 32"),
    "tag_empty": (lambda m, k: m.store("x y", tags=["ok", ""]), ValidationError, "invalid tag"),
    "scope_unknown": (lambda m, k: m.store("x y", scope="forever"), ValidationError, "scope must be one of"),
    # metadata and keywords
    "metadata_malformed_json": (lambda m, k: m.store("x y", metadata='{"a": '), ValidationError, "not valid JSON"),  # type: ignore[arg-type]
    "metadata_json_list": (lambda m, k: m.store("x y", metadata="[1, 2]"), ValidationError, "must be a JSON object"),  # type: ignore[arg-type]
    "metadata_list": (lambda m, k: m.store("x y", metadata=[1, 2]), ValidationError, "must be a JSON object"),  # type: ignore[arg-type]
    "metadata_nan": (lambda m, k: m.store("x y", metadata={"x": math.nan}), ValidationError, "not JSON-serialisable"),
    "metadata_object": (
        lambda m, k: m.store("x y", metadata={"x": object()}),
        ValidationError,
        "not JSON-serialisable",
    ),
    "store_unknown_keyword": (lambda m, k: m.store("x y", colour="red"), ValidationError, "unknown key.s. colour"),
    "store_many_not_a_dict": (lambda m, k: m.store_many(["x y"]), ValidationError, "item 0 must be a dict"),  # type: ignore[list-item]
    "store_many_one_bad_item": (
        lambda m, k: m.store_many([{"text": "fine text"}, {"text": "x", "importance": 9}]),
        ValidationError,
        "importance must be in",
    ),
    "source_empty": (lambda m, k: m.store("x y", source=""), ValidationError, "source must be a non-empty string"),
    # dates
    "date_yesterday_ish": (lambda m, k: m.store("x y", created_at="yesterday-ish"), ValidationError, "not an ISO-8601"),
    "date_year_3000": (lambda m, k: m.store("x y", event_at="3000-01-01"), ValidationError, "out of range"),
    "date_epoch_huge": (lambda m, k: m.store("x y", created_at=1e12), ValidationError, "out of range"),
    "date_bool": (lambda m, k: m.store("x y", event_at=True), ValidationError, "epoch seconds"),
    "since_bad": (lambda m, k: m.list(since="soon"), ValidationError, "since 'soon' is not an ISO-8601"),
    "search_now_bad": (lambda m, k: m.search("backups", now="whenever"), ValidationError, "now 'whenever'"),
    # limits, filters, queries
    "limit_zero": (lambda m, k: m.list(limit=0), ValidationError, "whole number from 1 to 10000"),
    "limit_string": (lambda m, k: m.search("backups", limit="10"), ValidationError, "whole number"),  # type: ignore[arg-type]
    "limit_too_big": (lambda m, k: m.search("backups", limit=1001), ValidationError, "from 1 to 1000"),
    "offset_negative": (lambda m, k: m.list(offset=-1), ValidationError, "from 0 to"),
    "filter_unknown": (lambda m, k: m.list(colour="red"), ValidationError, "unknown filter.s. colour"),
    "order_unknown": (lambda m, k: m.list(order="random"), ValidationError, "order must be one of"),
    "query_empty": (lambda m, k: m.search("   "), ValidationError, "query is empty"),
    "query_nul": (lambda m, k: m.search("a\x00b"), ValidationError, "without NUL"),
    # ids and links
    "relation_unknown": (lambda m, k: m.link(k, k, "befriends"), ValidationError, "relation must be one of"),
    "link_self": (lambda m, k: m.link(k, k, "related_to"), ValidationError, "linked to itself"),
    "link_missing_target": (lambda m, k: m.link(k, MISSING, "related_to"), NotFoundError, "no memory"),
    "get_missing": (lambda m, k: m.get(MISSING), NotFoundError, "no memory '01Z"),
    "get_bad_id": (lambda m, k: m.get(""), ValidationError, "invalid memory id"),
    "update_missing": (lambda m, k: m.update(MISSING, importance=0.5), NotFoundError, "no memory"),
    "update_unknown_field": (lambda m, k: m.update(k, colour="red"), ValidationError, "cannot update colour"),
    "forget_missing": (lambda m, k: m.forget(MISSING), NotFoundError, "no memory"),
    "purge_missing": (lambda m, k: m.purge(MISSING), NotFoundError, "no memory"),
    "history_missing": (lambda m, k: m.history(MISSING), NotFoundError, "no memory"),
}


@pytest.fixture
def keeper(mem: Memory) -> str:
    return mem.store(KEEP, tags=["ops"], importance=0.6).id


def assert_intact(mem: Memory, keeper_id: str, snapshot: dict[str, Any]) -> None:
    record = mem.get(keeper_id)
    assert record.to_dict() == snapshot
    assert [r.id for r in mem.list(include_forgotten=True, include_superseded=True)] == [keeper_id]
    assert [h.action for h in mem.history(keeper_id)] == ["created"]
    assert mem.links(keeper_id) == []
    assert mem.search("when do backups run", limit=1)[0].memory.id == keeper_id
    assert mem.agents() == ["default"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_raises_a_clear_error_and_changes_nothing(mem: Memory, keeper: str, name: str) -> None:
    call, error, message = CASES[name]
    snapshot = mem.get(keeper).to_dict()
    with pytest.raises(error, match=message) as caught:
        call(mem, keeper)
    assert isinstance(caught.value, TiermemError)
    assert len(str(caught.value)) >= 15
    assert_intact(mem, keeper, snapshot)


def test_there_are_enough_named_cases() -> None:
    assert len(CASES) >= 25


def test_text_at_the_limit_is_accepted(mem: Memory) -> None:
    assert mem.store("é" * 32_768).created  # exactly 65536 bytes


def test_a_backslash_before_u0000_is_text_and_a_nul_after_one_is_refused(mem: Memory) -> None:
    kept = mem.store("a note on escapes", metadata={"pattern": "\\u0000", "\\\\u0000": 1}).memory
    assert mem.get(kept.id).metadata == {"pattern": "\\u0000", "\\\\u0000": 1}
    with pytest.raises(ValidationError, match="NUL"):
        mem.store("another note", metadata={"pattern": "\\\x00"})


def test_custom_lower_text_cap_from_config(open_memory: Callable[..., Memory], store_path: Path) -> None:
    store_path.mkdir(parents=True)
    (store_path / "config.json").write_text(json.dumps({"max_text_bytes": 100}))
    mem = open_memory()
    assert mem.settings.max_text_bytes == 100
    assert mem.store("x" * 100).created
    with pytest.raises(ValidationError, match="101 bytes, over the 100-byte limit"):
        mem.store("y" * 101)
    with pytest.raises(ValidationError, match="over the 100-byte limit"):
        mem.update(mem.list()[0].id, text="z" * 101)
    assert len(mem.list()) == 1


# --- query syntax and SQL-looking text work ---------------------------------------------------------------

FTS_QUERIES = ['"backups', "backups*", "NEAR(backups nightly", "backups OR", "backups AND NOT nightly",
               "text:backups", "nightly -backups", "^backups", "(backups", "backups)", "*", '"']  # fmt: skip


@pytest.mark.parametrize("query", FTS_QUERIES)
def test_fts_syntax_in_queries_is_searched_as_words(mem: Memory, keeper: str, query: str) -> None:
    mem.store("An unrelated note about the garden")
    hits = mem.search(query, limit=5)
    if not any(c.isalpha() for c in query):
        assert hits == [], query  # no word to match: nothing matches, and no error
        return
    assert hits, query
    assert hits[0].memory.id == keeper
    # the match came from the full-text index, not only from the vectors
    assert re.search("bm25|lexical", json.dumps(hits[0].explain)), hits[0].explain


@pytest.mark.parametrize(
    "text",
    [
        "'; DROP TABLE memories; --",
        'Robert"); DROP TABLE memories;--',
        "1 OR 1=1; SELECT * FROM meta",
        "%_\\ wildcards in text",
    ],
)
def test_sql_looking_text_is_stored_and_found_verbatim(mem: Memory, keeper: str, text: str) -> None:
    record = mem.store(text, category="a_b", tags=["%", "'"]).memory
    assert mem.get(record.id).text == text
    assert any(h.memory.text == text for h in mem.search(text, limit=5))
    assert [r.text for r in mem.list(category="a_b")] == [text]
    assert [r.text for r in mem.list(tags=["'"])] == [text]
    assert mem.get(keeper).text == KEEP
    assert len(mem.list()) == 2


# --- bad files and configuration ----------------------------------------------------------------------------


def test_corrupt_config_json_is_a_config_error(open_memory: Callable[..., Memory], store_path: Path) -> None:
    keeper = open_memory().store(KEEP).id
    contents: list[tuple[str | bytes, str]] = [
        ("{not json", "is not valid JSON"),
        ("[1, 2]", "must hold a JSON object"),
        ('{"colour": "red"}', "colour: Extra inputs are not permitted"),
        ('{"max_text_bytes": 1}', "max_text_bytes"),
        ('{"dedup_thresholds": {"gossip": 0.5}}', "unknown memory type 'gossip'"),
        ('{"dedup_thresholds": {"semantic": 1.5}}', "dedup_threshold must be in"),
        ('{"embedder": {"provider": "nonexistent"}}', "unknown embedder provider"),
        (b"\xff\xfe\x00garbage", "is not valid JSON"),
    ]
    for content, message in contents:
        config = store_path / "config.json"
        config.write_bytes(content if isinstance(content, bytes) else content.encode())
        with pytest.raises(ConfigError, match=message):
            Memory.open(store_path)
    (store_path / "config.json").unlink()
    assert open_memory().get(keeper).text == KEEP


def test_a_file_that_is_not_sqlite_is_a_store_error(tmp_path: Path, embedder: WordLlamaEmbedder) -> None:
    store = tmp_path / "store"
    store.mkdir()
    (store / DB_FILE).write_bytes(b"this is not a database, just some text\n" * 100)
    with pytest.raises(StoreError, match="cannot open the store"):
        Memory.open(store, embedder=embedder)
    file_path = tmp_path / "plain-file"
    file_path.write_text("x")
    with pytest.raises(StoreError, match=r"not a directory|cannot create"):
        Memory.open(file_path, embedder=embedder)


def test_a_store_from_a_newer_version_is_a_store_error(open_memory: Callable[..., Memory], store_path: Path) -> None:
    open_memory().store(KEEP)
    with sqlite3.connect(store_path / DB_FILE) as conn:
        conn.execute("INSERT INTO schema_migrations(name, applied_at) VALUES ('9999_from_the_future', 0)")
    with pytest.raises(StoreError, match="newer tiermem"):
        open_memory()


def test_opening_with_a_different_embedder_is_an_embedder_error(
    open_memory: Callable[..., Memory], store_path: Path
) -> None:
    keeper = open_memory().store(KEEP).id
    with pytest.raises(EmbedderError, match=r"embedded with wordllama:l2_supercat_256 \(256 dims\).*doctor --repair"):
        Memory.open(store_path, embedder=WordLlamaEmbedder(64))
    with pytest.raises(EmbedderError, match="wordllama:l2_supercat_128"):
        Memory.open(store_path, config={"embedder": {"dims": 128}})
    assert open_memory().get(keeper).text == KEEP


# --- nothing but TiermemError escapes, whatever the text ----------------------------------------------------


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=200), st.text(max_size=60))
def test_any_text_or_query_is_stored_searched_or_rejected_cleanly(mem: Memory, text: str, query: str) -> None:
    try:
        result = mem.store(text)
    except ValidationError:
        assert not text.strip() or "\x00" in text or any(0xD800 <= ord(c) <= 0xDFFF for c in text)
    else:
        if result.created:
            assert mem.get(result.id).text == text
        else:
            assert result.duplicate_of == result.id
            assert result.reason in ("exact_match", "content_overlap", "embedding_similarity", "paraphrase")
    try:
        mem.search(query)
    except ValidationError:
        assert not query.strip() or "\x00" in query
