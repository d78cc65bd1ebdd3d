"""Salience and confidence heuristics (ClarkOS) and structured metadata extraction (EvoClaw)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tiermem import Memory, _ids
from tiermem.text import (
    _URL,
    _URL_HINT,
    ROUTINE_SALIENCE,
    confidence,
    content_hash,
    extract_commands,
    extract_metadata,
    extract_paths,
    extract_urls,
    jaccard,
    normalize,
    salience,
    salience_factors,
    tokens,
    word_set,
)

any_text = st.text(st.characters(codec="utf-8"), max_size=300)
salient_text = st.lists(
    st.sampled_from(["critical", "URGENT", "alert", "42", "?", "Alice", "maybe", "proven", "the", ". ", "Zed"]),
    max_size=40,
).map(" ".join)


# --- salience -------------------------------------------------------------------------------------------


def test_salience_reference_expectations() -> None:
    assert salience("I had pasta for lunch") == ROUTINE_SALIENCE  # nothing draws attention
    assert salience("CRITICAL: the server is down") > salience("the server is down") > ROUTINE_SALIENCE
    assert salience("the build took 42 minutes on 3 machines") > salience("the build took long on many machines")
    assert salience("is the build green?") > salience("the build is green")
    assert salience("critical urgent important breaking alert warning danger amazing incredible shocking") <= 1.0
    assert 0.0 <= salience("") <= 1.0


def test_an_alarm_outranks_routine_by_a_wide_margin() -> None:
    """The inversion issue 19 found (0.53 < 0.55): urgency, severity and exclamation each count."""
    alarm, routine = salience("Emergency!! server on fire!!"), salience("the meeting is at 3pm")
    assert alarm >= 0.9 and routine < 0.5 and alarm - routine > 0.4
    assert salience("URGENT: the production database is corrupt, restore from backup NOW!") > 0.8
    assert salience("Don't deploy on Fridays") > salience("we deploy on Fridays")  # an order


@pytest.mark.parametrize(
    ("text", "factors"),
    [
        ("I had pasta for lunch", {}),
        ("Emergency!! server on fire!!", {"urgency": 0.2, "severity": 0.15, "exclamation": 0.2}),
        ("the meeting is at 3pm", {"specifics": 0.03}),
        ("CRITICAL: the server is down", {"severity": 0.3, "capitals": 0.05}),
        ("Hello. World", {}),  # a capital after a sentence end, or opening the text, is not a name
        ("Alice met Bob in Paris", {"specifics": 0.06}),
        ("wow" + "!" * 50, {"exclamation": 0.2}),  # each signal is capped
        ("fire fire fire fire", {"severity": 0.15}),  # a word counts once
        ("why?", {"question": 0.05}),
    ],
)
def test_salience_factors_explain_the_score(text: str, factors: dict[str, float]) -> None:
    assert salience_factors(text) == factors
    assert salience(text) == pytest.approx(min(1.0, ROUTINE_SALIENCE + sum(factors.values())))


@given(any_text)
def test_salience_is_always_a_unit_value(text: str) -> None:
    assert 0.0 <= salience(text) <= 1.0


@given(salient_text)
def test_salience_of_loaded_texts_is_a_unit_value(text: str) -> None:
    assert 0.0 <= salience(text) <= 1.0


# --- confidence -----------------------------------------------------------------------------------------


def test_confidence_reference_expectations() -> None:
    assert round(confidence("Normal content", "unknown"), 1) == 0.7
    assert confidence("the deploy finished", "api") > confidence("the deploy finished", "user")
    plain = confidence("the deploy finished", "unknown")
    assert confidence("the deploy might maybe have finished", "unknown") < plain
    assert confidence("the deploy is confirmed and verified", "unknown") > plain
    assert confidence("confirmed verified definitely certainly proven", "official api") <= 1.0
    assert confidence("maybe perhaps it might possibly be uncertain, could be", "rumor") >= 0.0


@pytest.mark.parametrize(
    ("text", "source_type", "expected"),
    [
        ("Normal content", "unknown", 0.7),
        ("x", "api", 0.9),
        ("x", "SYSTEM", 0.9),
        ("x", "user", 0.5),
        ("x", "unverified", 0.7),  # contains "verified" too: +0.2 and -0.2
        ("this might maybe be true", "user", 0.3),
        ("confirmed and verified", "user", 0.7),
        ("confirmed verified definitely certainly proven", "api", 1.0),
        ("maybe perhaps might could possibly uncertain", "rumor", 0.0),
    ],
)
def test_confidence_exact_values(text: str, source_type: str, expected: float) -> None:
    assert confidence(text, source_type) == pytest.approx(expected)


@given(any_text, st.text(max_size=40))
def test_confidence_is_always_a_unit_value(text: str, source_type: str) -> None:
    assert 0.0 <= confidence(text, source_type) <= 1.0


@given(salient_text, st.sampled_from(["api", "user", "rumor", "unverified", "system user", ""]))
def test_confidence_of_loaded_texts_is_a_unit_value(text: str, source_type: str) -> None:
    assert 0.0 <= confidence(text, source_type) <= 1.0


def test_store_computes_salience_and_confidence_from_text_and_source(mem: Memory) -> None:
    computed = mem.store("CRITICAL: is the build broken?", source="api")
    assert computed.memory.salience == salience("CRITICAL: is the build broken?")
    assert computed.memory.confidence == confidence("CRITICAL: is the build broken?", "api") == 0.9
    given_values = mem.store("a calm note", salience=0.1, confidence=0.2, valence=-0.5)
    assert (given_values.memory.salience, given_values.memory.confidence) == (0.1, 0.2)
    assert given_values.memory.valence == -0.5


# --- normalisation and tokens ---------------------------------------------------------------------------


def test_normalize_and_content_hash() -> None:
    assert normalize("  Hello,   World!\n") == "hello world"
    assert content_hash("Hello, World!") == content_hash("hello world")
    assert content_hash("hello world") != content_hash("hello worlds")
    assert tokens("Don't PANIC: 42 towels") == ["don", "t", "panic", "42", "towels"]


whitespace_heavy = st.text(
    st.sampled_from(["a", "É", "ß", "_", "-", "!", " ", "\t", "\n", "\x1c", "\u2028", "\xa0", "\u3000"])
)


@given(st.one_of(any_text, whitespace_heavy), st.one_of(any_text, whitespace_heavy))
def test_normalize_and_word_overlap_keep_their_regex_definitions(a: str, b: str) -> None:
    """Stored content hashes depend on normalize: it must stay exactly the regex rule it was first written as."""
    by_regex = re.sub(r"\s+", " ", re.sub(r"[^\w\s]", " ", a.lower())).strip()
    assert normalize(a) == by_regex
    assert word_set(a) == (frozenset(by_regex.split(" ")) if by_regex else frozenset())
    words_a, words_b = word_set(a), word_set(b)
    union = words_a | words_b
    assert jaccard(words_a, words_b) == (len(words_a & words_b) / len(union) if union else 0.0)


# --- structured metadata --------------------------------------------------------------------------------

NOTE = """Deployed to https://example.com/docs/page. Mirror at www.python.org/downloads, docs on tiermem.dev/guide
example.io is ours too. Run `git status` then
$ npm install --save left-pad
git commit -m "fix the thing"
Config lives in /etc/nginx/nginx.conf and ~/projects/tiermem/README.md and ./src/main.py; not /tmp.
See (https://foo.org/a/b/c) too."""


def test_extract_metadata_finds_urls_commands_and_paths() -> None:
    assert extract_metadata(NOTE) == {
        "urls": [
            "https://example.com/docs/page",
            "www.python.org/downloads",
            "tiermem.dev/guide",
            "example.io",
            "https://foo.org/a/b/c",
        ],
        "commands": ["git status", "npm install --save left-pad", 'git commit -m "fix the thing"'],
        "paths": ["/etc/nginx/nginx.conf", "~/projects/tiermem/README.md", "./src/main.py"],
    }


def test_a_urls_path_is_not_a_file_path() -> None:
    text = "read https://example.com/a/b/c and http://intranet.local/x/y/z and example.org/docs/api/v2"
    assert extract_paths(text) == []
    assert extract_urls(text) == ["https://example.com/a/b/c", "http://intranet.local/x/y/z", "example.org/docs/api/v2"]


def test_extract_metadata_edge_cases() -> None:
    assert extract_metadata("nothing to see here") == {}
    assert extract_urls("https://a.com/x, then https://a.com/x.") == ["https://a.com/x"]  # stripped and deduplicated
    assert extract_urls("not a url: https://") == []
    assert extract_commands("`ls` is too short, `ls -la` is not") == ["ls -la"]
    assert extract_paths("/tmp and /a/b are too short; /var/log/syslog is not") == ["/var/log/syslog"]
    many = " ".join(f"https://site{i}.com/p" for i in range(15))
    assert len(extract_urls(many)) == 10
    commands = "\n".join(f"git log -n {i}" for i in range(9))
    assert len(extract_commands(commands)) == 5


def test_commands_in_running_text() -> None:
    note = (
        "- Download with huggingface-cli download Tongyi-MAI/Z-Image into /home/peter/ai-stack/comfyui/models\n"
        "- Then we git clone https://github.com/Lightricks/LTX-Video.git and run it, after pip install comfyui.\n"
    )
    assert extract_commands(note) == [
        "huggingface-cli download Tongyi-MAI/Z-Image",  # the seed's own example: up to "into", prose again
        "git clone https://github.com/Lightricks/LTX-Video.git",
        "pip install comfyui",
    ]
    # A tool name in prose without a subcommand and an argument is no command; /usr/bin/git is a path.
    assert extract_commands("I pushed to git yesterday; docker is great; see /usr/bin/git status") == []
    assert extract_commands("run `git clone https://x.io/a.git` now, git clone https://x.io/a.git") == [
        "git clone https://x.io/a.git"
    ]
    assert len(extract_commands("git clone a/b " * 100_000, limit=5)) == 1  # linear, deduplicated


@given(any_text)
def test_extraction_never_fails_and_yields_strings(text: str) -> None:
    extracted = extract_metadata(text)
    assert set(extracted) <= {"urls", "commands", "paths"}
    for values in extracted.values():
        assert values and all(isinstance(v, str) and v for v in values)
        assert len(values) == len(set(values))
    for path in extracted.get("paths", []):
        assert "://" not in path


def test_store_keeps_extracted_metadata_beside_the_callers(mem: Memory) -> None:
    result = mem.store("see https://example.com/x and run `make test`", metadata={"project": "p", "urls": ["mine"]})
    # the caller's keys win, but extracted lists are merged into the caller's lists, not dropped
    assert result.memory.metadata == {"urls": ["mine", "https://example.com/x"], "commands": ["make test"],
                                      "project": "p"}  # fmt: skip
    assert mem.store("see https://example.org/y", metadata={"urls": "not a list"}).memory.metadata == {
        "urls": "not a list"
    }
    plain = mem.store("no structure in this sentence at all")
    assert plain.memory.metadata == {}


url_pieces = st.lists(
    st.sampled_from(
        ["HTTPS://", "http://", "WWW.", "www", "Example", ".COM", ".co", ".io/", ".dev", "x", " ", "\n", "."]
    ),
    max_size=10,
).map("".join)


@given(st.one_of(any_text, url_pieces))
def test_the_url_hint_is_in_every_text_with_a_url(text: str) -> None:
    """extract_urls skips ASCII texts without the hint: only a shortcut if every URL match has it."""
    if text.isascii() and not _URL_HINT.search(text.lower()):
        assert _URL.search(text) is None


# --- memory ids -------------------------------------------------------------------------------------


def _decode_id(text: str) -> int:
    return int("".join(f"{_ids._ALPHABET.index(c):05b}" for c in text), 2)


@given(st.integers(0, (1 << 48) - 1), st.integers(0, (1 << 48) - 1))
def test_ids_are_crockford_ulids_that_sort_by_time(ms_a: int, ms_b: int) -> None:
    a, b = _ids.new_id(ms_a / 1000), _ids.new_id(ms_b / 1000)
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{26}", a) and int(a[0]) <= 7  # 26 digits hold 130 bits: top 2 zero
    assert abs((_decode_id(a) >> 80) - ms_a) <= 1  # the millisecond (float seconds may round it down by one)
    if abs(ms_a - ms_b) > 1:
        assert (a < b) == (ms_a < ms_b)
