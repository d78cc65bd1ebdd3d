"""Property-based fuzzing of every parser of outside text (issue 9): daily notes, threads.md, state.json,
events.json, the write-ahead journal, dates and relative times, queries, config.json, export lines, hook
payloads and transcripts. Whatever the text, a parser returns or raises the one documented TiermemError;
where a writer exists, what it writes parses back to the same thing."""

from __future__ import annotations

import contextlib
import json
import string
import subprocess
import sys
import tempfile
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tiermem import ConfigError, ValidationError
from tiermem.backup import parse_line
from tiermem.config import DailySettings, parse_settings
from tiermem.hooks.payload import PayloadError, parse_payload
from tiermem.hooks.rules import exit_code_in
from tiermem.hooks.transcript import parse_line as transcript_line
from tiermem.lifecycle.daily import extract_facts, file_metadata, note_date, validate_note
from tiermem.model import load_json, to_datetime
from tiermem.recall.query import analyse
from tiermem.temporal import find_window, resolve_event_date
from tiermem.workspace.chunks import markdown_chunks
from tiermem.workspace.curation import curate
from tiermem.workspace.events import append_event, make_event, parse_events, render_events
from tiermem.workspace.files import JOURNAL_NAME, recover
from tiermem.workspace.index import log_facts
from tiermem.workspace.migrate import _renumbered
from tiermem.workspace.state import fresh_state, parse_state, render_state
from tiermem.workspace.threads import apply_updates, parse_threads

NOW = datetime(2026, 3, 22, 15, 30, tzinfo=UTC)
# Markdown-ish text: headings, bullets, tables, checkboxes, fences, markers and odd characters mixed in.
PIECES = [
    "# ",
    "## ",
    "### Thread: ",
    "- ",
    "- [x] ",
    "- [ ] ",
    "**",
    "|",
    "---",
    "```",
    "\n",
    "\n\n",
    "> ",
    "<!-- tiermem:hot:start -->",
    "<!-- tiermem:hot:end -->",
    "- **ID**: thread-",
    "- **Status**: ",
    "## Session Summary",
    "## Decisions",
    "http://x.y/z",
    "`ls -la`",
    "\x00",
    "\ufeff",
    "\r\n",
    "é",
    "🤖",
]
markdown = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=30)), max_size=40).map("".join)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)
json_texts = st.one_of(json_values.map(json.dumps), st.text(max_size=200), st.sampled_from(["[" * 5000, "{" * 3000]))
quick = settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])


# --- daily notes, logs and markdown -------------------------------------------------------------------------


@quick
@given(markdown)
def test_daily_note_parsers_never_fail(text: str) -> None:
    facts = extract_facts(text, DailySettings())
    assert all(f.text.strip() for f in facts)
    checked = validate_note(text, ["docker"])
    assert checked["warnings_count"] == len(checked["warnings"])
    assert checked["status"] == ("warning" if checked["warnings"] else "ok")
    assert isinstance(file_metadata(text), dict)
    log_facts(date(2026, 3, 22), "memory/2026-03-22.md", text)
    for chunk in markdown_chunks("memory/2026-03-22.md", text):
        assert chunk.text.strip()


@quick
@given(st.text(max_size=40))
def test_daily_note_names_are_dates_or_none(name: str) -> None:
    found = note_date(name)
    assert found is None or isinstance(found, date)


# --- threads.md ------------------------------------------------------------------------------------------


@quick
@given(markdown)
def test_threads_parse_anything(text: str) -> None:
    for thread in parse_threads(text):
        assert 0 <= thread.start < thread.end <= len(text.split("\n"))


slug = st.text(string.ascii_lowercase + string.digits, min_size=1, max_size=12)
line = st.text(string.ascii_letters + " .,'", min_size=1, max_size=40).map(str.strip).filter(bool)


@quick
@given(markdown.filter(lambda t: "thread-" not in t), slug, line, line)
def test_a_thread_written_into_any_file_parses_back(text: str, name: str, title: str, position: str) -> None:
    thread_id = f"thread-{name}"
    try:
        updated = apply_updates(text, {thread_id: {"title": title, "current_position": position}}, [], "2026-03-22")
    except ValidationError as exc:  # the file hides whatever follows (an unclosed fence or comment)
        assert "unclosed" in str(exc)
        return
    found = [t for t in parse_threads(updated) if t.id == thread_id]
    assert len(found) == 1 and found[0].status == "active"
    assert position in updated


# --- numbers longer than int() reads ----------------------------------------------------------------------

HUGE = "9" * 5000  # Python refuses to read an int of more than 4,300 digits from text (ValueError)


def test_counts_of_any_length_in_outside_text_are_read_or_left_as_words() -> None:
    assert exit_code_in(f"Exit code {HUGE}\nboom") is None
    memory_md = (
        f"# Memory\n\n## Active\n\n- [{HUGE} sessions] [high] Use uv\n\n## Fading\n\n- [{HUGE} sessions ago] Old\n"
    )
    assert curate(memory_md, {}, 5, "2026-03-22", lambda entry: True).text.count(HUGE) == 2  # kept as written
    thread = f"## Thread: A\n- **ID**: thread-a\n- **Status**: active\n- **Sessions involved**: {HUGE}\n"
    assert "**Sessions involved**: 1000000000" in apply_updates(thread, {}, ["thread-a"], "2026-03-22")
    assert _renumbered(f"{HUGE}. step\nsteps {HUGE}-{HUGE}") == f"{HUGE}. step\nsteps {HUGE}-{HUGE}"


# --- state.json and events.json ------------------------------------------------------------------------------


@quick
@given(json_texts)
def test_state_parses_anything_into_a_full_state(text: str) -> None:
    state, problem = parse_state(text)
    assert set(fresh_state()) <= set(state)
    assert isinstance(state["session_counter"], dict) and isinstance(state["active_threads"], list)
    again, second = parse_state(render_state(state))
    assert (again, second) == (state, None)  # what the writer writes reads back unchanged
    assert problem is None or isinstance(problem, str)


@quick
@given(json_texts)
def test_events_parse_anything_and_appending_keeps_every_entry(text: str) -> None:
    events, problem = parse_events(text)
    assert all(isinstance(e["text"], str) for e in events)
    event = make_event("the team met about the launch", session_id="s1", at=NOW)
    ledger, unreadable = append_event(text, event)
    found, ok = parse_events(ledger)
    assert ok is None and found[-1] == event
    if problem is None:  # a readable ledger keeps all it had, the entries parse_events skips included
        assert unreadable is None and json.loads(ledger)["events"][:-1] == json.loads(text)["events"]
    else:
        assert unreadable == problem


@quick
@given(st.lists(st.text(min_size=1, max_size=60).filter(lambda t: t.strip() and "\x00" not in t), max_size=5))
def test_rendered_events_round_trip(texts: list[str]) -> None:
    events = [make_event(t, session_id="s", at=NOW - timedelta(days=i)) for i, t in enumerate(texts)]
    assert parse_events(render_events(events)) == (events, None)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(json_texts)
def test_any_journal_is_applied_inside_the_workspace_or_set_aside(tmp_path: Path, text: str) -> None:
    root = Path(tempfile.mkdtemp(prefix="ws", dir=tmp_path))
    (root / "memory").mkdir()
    (root / "memory" / JOURNAL_NAME).write_text(text, encoding="utf-8")
    recover(root)
    assert not (root / "memory" / JOURNAL_NAME).exists()
    assert not any(p for p in tmp_path.iterdir() if p.name != root.name and not p.name.startswith("ws"))


# --- dates, relative times and queries --------------------------------------------------------------------

date_words = st.sampled_from(
    [
        "today",
        "yesterday",
        "last saturday",
        "last weekend",
        "3 days ago",
        "two weeks ago",
        "mid-march",
        "12/31",
        "2/30",
        "march 5th",
        "last month",
        "in 2025",
        "9999-99-99",
        "2026-13-45",
        "0/0",
        "99999999 days ago",
        "last year",
        "feb 29",
    ]
)
dated_text = st.lists(st.one_of(date_words, st.text(max_size=15)), max_size=6).map(" ".join)


@quick
@given(dated_text, st.dates(date(1901, 1, 1), date(2199, 12, 31)))
def test_dates_and_relative_times_resolve_or_are_none(text: str, session: date) -> None:
    found = resolve_event_date(text, session)
    assert found.day is None or isinstance(found.day, date)
    window = find_window(text, datetime.combine(session, datetime.min.time(), UTC))
    assert window is None or window.start <= window.end


@quick
@given(st.one_of(st.text(max_size=40), st.integers(), st.floats(), st.booleans(), st.none(), st.datetimes()))
def test_timestamps_are_accepted_or_a_validation_error(value: Any) -> None:
    try:
        moment = to_datetime("when", value)
    except ValidationError as exc:
        assert "when" in str(exc)
    else:
        assert moment is None or (moment.tzinfo is not None and 1900 <= moment.year <= 2200)


@quick
@given(
    st.lists(
        st.one_of(
            date_words,
            st.sampled_from(['"', "*", "NEAR(", "OR", "'; DROP", "http://a.b/c?d=1", "-", "^", ":"]),
            st.text(max_size=12),
        ),
        max_size=8,
    ).map(" ".join)
)
def test_any_query_is_analysed(text: str) -> None:
    query = analyse(text, NOW)
    assert query is not None


# --- config.json, export lines, hook payloads, transcripts ------------------------------------------------


@quick
@given(json_values)
def test_any_settings_are_valid_or_a_config_error(value: Any) -> None:
    if not isinstance(value, dict):
        return
    try:
        parse_settings(value)
    except ConfigError as exc:
        assert str(exc)


@quick
@given(json_texts)
def test_json_is_loaded_or_a_decode_error(text: str) -> None:
    with contextlib.suppress(json.JSONDecodeError):  # anything else escaping fails the test
        json.dumps(load_json(text))


@quick
@given(st.one_of(json_texts, st.binary(max_size=100)))
def test_export_lines_parse_or_name_their_line(raw: str | bytes) -> None:
    try:
        assert isinstance(parse_line(raw, 7), dict)
    except ValidationError as exc:
        assert "line 7" in str(exc)


@quick
@given(st.one_of(json_texts, st.binary(max_size=100)))
def test_hook_payloads_parse_or_are_a_payload_error(raw: str | bytes) -> None:
    with contextlib.suppress(PayloadError):  # anything else escaping fails the test
        assert isinstance(parse_payload(raw, "UserPromptSubmit").data, dict)


@quick
@given(st.one_of(json_texts, st.binary(max_size=100)))
def test_transcript_lines_are_a_message_or_none(raw: str | bytes) -> None:
    message = transcript_line(raw)
    assert message is None or (message.role in ("user", "assistant") and message.text)


# --- pathological input --------------------------------------------------------------------------------

# Runs that once made a pattern rescan the rest of the text from each of their positions (quadratic): at
# 200k-600k characters that is minutes (the ";" run in a Bash command: ~1 min; the blank lines fenced into a
# context: ~25 min), where the linear patterns take 20-450 ms. The bound is far from both, so it cannot flake.
# A child process, because a regular expression holds the GIL: a thread could not be timed out.
PATHOLOGICAL = {  # case: (what to import, the call)
    "a key prefix repeated (redaction's URL credentials)": (
        "tiermem.write.secrets import redact",
        "redact('y' + 'sk-' * 200_000)",
    ),
    "a JWT prefix repeated (redaction)": ("tiermem.write.secrets import redact", "redact('eyJ-' * 150_000)"),
    "one long word (the query's URL fragments)": (
        "tiermem.recall.query import analyse; from datetime import datetime",
        "analyse('y' + 'x' * 200_000, datetime.now())",
    ),
    "a run of spaces before a choice (the query's choices)": (
        "tiermem.recall.query import choice_alternatives",
        "choice_alternatives('x' + ' ' * 200_000 + 'a or b')",
    ),
    "blank lines (fencing memories into a context)": (
        "tiermem.fence import neutralise",
        "neutralise(chr(10) * 200_000)",
    ),
    "a run of separators (is this Bash command a test run?)": (
        "tiermem.hooks.rules import is_test_command",
        "is_test_command(';' * 200_000)",
    ),
}


@pytest.mark.parametrize("case", list(PATHOLOGICAL))
def test_pathological_input_is_handled_in_linear_time(case: str) -> None:
    imports, call = PATHOLOGICAL[case]
    subprocess.run([sys.executable, "-c", f"from {imports}; {call}"], check=True, timeout=30)


# --- hostile shapes on every reader of outside text (issue 18) ---------------------------------------------------

# Each reader gets every shape in one child process, bounded in time: a long unbroken run of random letters
# (one pre-token for the token counter, one "word" for the patterns), a run of one character, lone
# surrogates (JSON can carry them), and deeply nested JSON. Before issue 18 the counter took ~40 min on the
# run, correction detection ~2 min; now each reader takes well under a second per shape.
_SHAPES = (
    "import random, string; from datetime import datetime, date; NOW = datetime(2026, 3, 22); "
    "RUN = ''.join(random.Random(1).choices(string.ascii_letters, k=200_000)); "
    "SHAPES = [RUN, 'no, ' + RUN, 'a' * 200_000, '\\ud800' * 2_000 + RUN[:1000], '[' * 100_000, "
    "'{\"a\":' * 50_000, '- ' + '\\udfff x ' * 5_000]"
)
HOSTILE_READERS = {  # reader: (what to import, the call on each shape `s`)
    "token counter": ("tiermem.workspace.budget import count_tokens, fit", "count_tokens(s); fit(s, 2000)"),
    "correction detection": ("tiermem.hooks.rules import detect_correction", "detect_correction(s)"),
    "tool output rules": (
        "tiermem.hooks import rules",
        "rules.error_line(s); rules.test_summary(s); rules.tests_failed(s); rules.is_test_command(s)",
    ),
    "transcript learnings": ("tiermem.hooks.rules import extract_learnings", "extract_learnings(s)"),
    "redaction": ("tiermem.write.secrets import redact", "redact(s)"),
    "fence": ("tiermem.fence import fence", "fence(s)"),
    "query analysis": ("tiermem.recall.query import analyse", "analyse(s[:10_000], NOW)"),
    "time windows": ("tiermem.temporal import find_window", "find_window(s, NOW)"),
    "hook payloads": (
        "tiermem.hooks.payload import parse_payload, PayloadError",
        'exec(\'try: parse_payload(s.encode("utf-8", "surrogatepass"), "UserPromptSubmit")\\n'
        "except PayloadError: pass')",
    ),
    "transcript lines": ("tiermem.hooks.transcript import parse_line", "parse_line(s)"),
    "json": ("tiermem.model import load_json", "exec('try: load_json(s)\\nexcept ValueError: pass')"),
    "export lines": (
        "tiermem.backup import parse_line; from tiermem.errors import ValidationError",
        "exec('try: parse_line(s, 1)\\nexcept ValidationError: pass')",
    ),
    "workspace files": (
        "tiermem.workspace.state import parse_state; from tiermem.workspace.events import parse_events; "
        "from tiermem.workspace.threads import parse_threads; from tiermem.workspace.service import chunks_of; "
        "from tiermem.workspace.index import log_facts; from tiermem.errors import WorkspaceError",
        "parse_state(s); parse_events(s); chunks_of('memory/2026-01-03.md', s); "
        "log_facts(date(2026, 1, 3), 'memory/2026-01-03.md', s); "
        "exec('try: parse_threads(s)\\nexcept WorkspaceError: pass')",
    ),
    "daily notes": (
        "tiermem.lifecycle.daily import extract_facts, file_metadata; from tiermem.config import DailySettings",
        "extract_facts(s, DailySettings()); file_metadata(s)",
    ),
}


@pytest.mark.attack
@pytest.mark.parametrize("reader", list(HOSTILE_READERS))
def test_every_reader_of_outside_text_takes_hostile_shapes_in_linear_time(reader: str) -> None:
    imports, call = HOSTILE_READERS[reader]
    script = f"{_SHAPES}\nfrom {imports}\nfor s in SHAPES:\n    {call}\n"
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
