"""The hooks' pure parts: payload and transcript parsing (fuzzed), capture rules, the session tracker and the
settings.json merge. Fixtures are real Claude Code payload shapes (tests/fixtures/claude_code/)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builders import make_record
from tiermem.hooks import install, journal, rules, tracker
from tiermem.hooks.payload import EVENTS, PayloadError, canonical_event, from_dict, parse_payload
from tiermem.hooks.transcript import parse_line, read_new

FIXTURES = Path(__file__).parent / "fixtures" / "claude_code"


def fixture(name: str, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / name).read_text())
    data.update(changes)
    return data


# --- payloads ---------------------------------------------------------------------------------------------


def test_event_names_accept_claude_and_kebab_spellings() -> None:
    assert canonical_event("user-prompt-submit") == "UserPromptSubmit"
    assert canonical_event("post_tool_use") == "PostToolUse"
    assert canonical_event("SessionEnd") == "SessionEnd"
    with pytest.raises(PayloadError, match="unknown hook event"):
        canonical_event("PostTool")


def test_real_bash_payloads_have_no_exit_code_and_are_read_from_their_real_fields() -> None:
    ok = from_dict(fixture("post_tool_use_bash.json"), "PostToolUse")
    assert ok.command == "python -m pytest tests/test_dates.py -q"
    assert ok.tool_response["stdout"].endswith("3 passed in 0.04s\n")
    failed = from_dict(fixture("post_tool_use_failure_bash.json"), "PostToolUseFailure")
    assert failed.error.startswith("Exit code 1") and not failed.is_interrupt
    assert rules.exit_code_in(failed.error) == 1


@pytest.mark.parametrize("raw", ["", "   "])
def test_empty_stdin_is_an_empty_payload(raw: str) -> None:
    assert parse_payload(raw, "Stop").session_id == "unknown"


@pytest.mark.parametrize("raw", ["{", "[1, 2]", '"text"', "null", '{"prompt": "trunc', b"\xff\xfe{"])
def test_malformed_and_truncated_payloads_are_refused(raw: str | bytes) -> None:
    with pytest.raises(PayloadError):
        parse_payload(raw, "UserPromptSubmit")


def test_fields_of_the_wrong_type_read_as_absent() -> None:
    hook = from_dict(
        {"session_id": 7, "prompt": ["x"], "tool_input": "rm -rf /", "tool_response": "plain"}, "PostToolUse"
    )
    assert (hook.session_id, hook.prompt, hook.tool_input) == ("unknown", "", {})
    assert hook.tool_response == {"stdout": "plain"}


def test_session_key_is_safe_for_file_names() -> None:
    assert from_dict({"session_id": "../../etc/passwd"}, "Stop").session_key == ".._.._etc_passwd"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=20,
)
payload_keys = st.sampled_from(
    ["session_id", "prompt", "tool_name", "tool_input", "tool_response", "error", "cwd", "transcript_path", "source"]
)


@given(st.dictionaries(payload_keys, json_values, max_size=8), st.sampled_from(EVENTS))
def test_any_json_object_parses_and_the_tracker_takes_it(data: dict[str, Any], event: str) -> None:
    hook = parse_payload(json.dumps(data), event)
    assert hook.event == event and isinstance(hook.prompt, str)
    state = tracker.new_state()
    for learning in tracker.observe(state, hook, 1000.0):
        assert learning.text
    rules.detect_correction(hook.prompt)


@given(st.binary(max_size=200))
def test_arbitrary_bytes_either_parse_or_raise_payload_error(raw: bytes) -> None:
    with contextlib.suppress(PayloadError):
        parse_payload(raw, "PostToolUse")


# --- transcript -------------------------------------------------------------------------------------------


def test_transcript_keeps_user_and_assistant_text_only() -> None:
    lines = (FIXTURES / "transcript.jsonl").read_bytes().splitlines()
    messages = [m for m in map(parse_line, lines) if m]
    assert [m.role for m in messages] == ["user", "assistant", "user", "assistant"]
    assert messages[1].text.startswith("The root cause was")


def test_transcript_is_read_incrementally_and_a_partial_last_line_waits(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    full = (FIXTURES / "transcript.jsonl").read_bytes()
    cut = full.rfind(b'{"sessionId"')  # the last record, half written
    path.write_bytes(full[: cut + 40])
    first, offset = read_new(path, 0)
    assert len(first) == 3 and offset == cut
    again, same = read_new(path, offset)
    assert again == [] and same == offset
    path.write_bytes(full)
    rest, end = read_new(path, offset)
    assert [m.role for m in rest] == ["assistant"] and end == len(full)


def test_a_replaced_transcript_is_read_from_the_start(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes((FIXTURES / "transcript.jsonl").read_bytes()[:400])
    assert read_new(path, 10_000)[1] <= 400
    assert read_new(tmp_path / "missing.jsonl", 5) == ([], 5)


@given(st.binary(max_size=300))
def test_transcript_lines_of_any_bytes_never_raise(raw: bytes) -> None:
    message = parse_line(raw)
    assert message is None or message.text


@given(st.lists(st.dictionaries(st.sampled_from(["type", "message", "isMeta"]), json_values, max_size=3), max_size=6))
def test_transcript_files_of_odd_records_never_raise(
    tmp_path_factory: pytest.TempPathFactory, records: list[Any]
) -> None:
    path = tmp_path_factory.mktemp("t") / "t.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    messages, end = read_new(path, 0)
    assert end == path.stat().st_size and len(messages) <= len(records)


# --- capture rules ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind", "text"),
    [
        ("no, use pnpm instead of npm for this repo", "user_correction", "use pnpm instead of npm for this repo"),
        ("Never use print for logging here, use the logger", "user_correction", "Never use print for logging here"),
        ("Use ruff, not flake8 in this project please", "user_correction", "Use ruff, not flake8 in this project"),
        ("I already told you: run the tests with pytest -x", "repeated_correction", "run the tests with pytest -x"),
        ("I prefer small functions with type hints everywhere", "user_preference", "I prefer small functions"),
    ],
)
def test_corrections_and_preferences_are_detected(prompt: str, kind: str, text: str) -> None:
    found = rules.detect_correction(prompt)
    assert found is not None and found.kind == kind and found.text.startswith(text)


@pytest.mark.parametrize(
    "prompt",
    [
        "can you add a function that parses dates",
        "please fix the failing test",
        "no",
        "```never use x in y z```",
        "what do I prefer for functions and type hints?",
    ],
)
def test_ordinary_prompts_are_not_corrections(prompt: str) -> None:
    assert rules.detect_correction(prompt) is None


def test_error_line_prefers_the_specific_line() -> None:
    error = fixture("post_tool_use_failure_bash.json")["error"]
    assert rules.error_line(error) == "E       AssertionError: parse_date accepted 2024-02-30"
    assert rules.error_line("Exit code 2\nsomething odd\nlast words") == "last words"
    assert rules.error_line("Traceback (most recent call last):\n  x\nKeyError: 'a'") == "KeyError: 'a'"


@pytest.mark.parametrize(
    ("command", "test"),
    [
        ("python -m pytest -q", True),
        ("cd web && npm test", True),
        ("npm run test -- --watch=false", True),
        ("cargo test --release", True),
        ("go test ./...", True),
        ("uv run pytest -x", True),
        ("FOO=1 .venv/bin/pytest tests", True),
        ("npx vitest run", True),
        ("pip install pytest", False),
        ("git commit -m 'test'", False),
    ],
)
def test_test_commands(command: str, test: bool) -> None:
    assert rules.is_test_command(command) is test


def test_similar_commands() -> None:
    assert rules.similar_command("pip install psycopg2", "pip  install psycopg2")
    assert rules.similar_command("pip install -q psycopg2 requests", "pip install psycopg2 requests")
    assert not rules.similar_command("pip install psycopg2", "pip install requests")
    assert not rules.similar_command("", "")


def test_test_outcome_reads_the_output_not_only_the_exit_status() -> None:
    assert rules.tests_failed("1 failed, 2 passed in 0.1s")
    assert rules.tests_failed("--- FAIL: TestX (0.00s)")
    assert not rules.tests_failed("3 passed in 0.04s")
    assert rules.test_summary("....\n3 passed in 0.04s\n") == "3 passed in 0.04s"


def test_learnings_from_assistant_text() -> None:
    text = (
        "The root cause was that parse_date never checked the day against calendar.monthrange. "
        "I decided to validate days before constructing the datetime object. Short."
    )
    kinds = [kind for kind, _ in rules.extract_learnings(text)]
    assert kinds == ["working_solution", "architectural_decision"]


# --- tracker ----------------------------------------------------------------------------------------------


def observe(state: dict[str, Any], name: str, now: float, **changes: Any) -> list[tracker.Learning]:
    data = fixture(name, **changes)
    return tracker.observe(state, from_dict(data, data["hook_event_name"]), now)


def test_failing_run_edit_passing_run_gives_an_error_resolution_and_a_test_result() -> None:
    state = tracker.new_state()
    assert observe(state, "post_tool_use_failure_bash.json", 100.0) == []
    assert observe(state, "post_tool_use_edit.json", 150.0) == []
    learned = observe(state, "post_tool_use_bash.json", 200.0)
    assert [item.type for item in learned] == ["error_resolution", "test_result"]
    resolution, result = learned
    assert "parse_date accepted 2024-02-30" in resolution.text and "edited dates.py" in resolution.text
    assert result.metadata["files"] == ["dates.py"] and "3 passed" in result.text
    assert state["errors"] == [] and state["edits"] == []


def test_no_pair_outside_the_window_and_none_without_work_in_between() -> None:
    late = tracker.new_state()
    observe(late, "post_tool_use_failure_bash.json", 100.0)
    observe(late, "post_tool_use_edit.json", 150.0)
    types = [i.type for i in observe(late, "post_tool_use_bash.json", 100.0 + tracker.PAIR_WINDOW_S + 1)]
    assert types == ["test_result"]  # the edit is recent; the error is not
    flaky = tracker.new_state()
    observe(flaky, "post_tool_use_failure_bash.json", 100.0)
    assert observe(flaky, "post_tool_use_bash.json", 110.0) == []


def test_tests_failing_after_edits_are_a_failed_approach_that_learns_what_worked() -> None:
    state = tracker.new_state()
    observe(state, "post_tool_use_multiedit.json", 100.0)
    failed = observe(state, "post_tool_use_failure_bash.json", 120.0)
    assert [i.type for i in failed] == ["failed_approach"]
    assert "Tests FAILED after editing dates.py" in failed[0].text and failed[0].key
    state["ids"][failed[0].key] = "ID-OF-FAILED"
    observe(state, "post_tool_use_write.json", 150.0)
    passed = observe(state, "post_tool_use_bash.json", 180.0)
    assert passed[-1].type == "test_result" and passed[-1].resolves == failed[0].key
    assert "calendar_rules.py" in passed[-1].text


def test_interrupted_and_non_bash_calls_teach_nothing() -> None:
    state = tracker.new_state()
    assert observe(state, "post_tool_use_failure_bash.json", 1.0, is_interrupt=True) == []
    assert observe(state, "post_tool_use_bash.json", 2.0, tool_name="Read") == []
    assert state["errors"] == []


def test_a_broken_state_file_is_repaired() -> None:
    state: dict[str, Any] = {"activities": "junk", "edits": None}
    observe(state, "post_tool_use_edit.json", 1.0)
    assert len(state["edits"]) == 1 and state["ids"] == {}


# --- settings.json ----------------------------------------------------------------------------------------


def test_merge_keeps_other_settings_and_hooks_and_is_idempotent() -> None:
    mine = {"type": "command", "command": "ruff format", "timeout": 30}
    settings: dict[str, Any] = {"model": "opus", "hooks": {"PostToolUse": [{"matcher": "Edit", "hooks": [mine]}]}}
    once = install.merged(settings, "/venv/bin/tiermem")
    twice = install.merged(once, "/venv/bin/tiermem")
    assert once == twice and once["model"] == "opus"
    assert once["hooks"]["PostToolUse"][0] == {"matcher": "Edit", "hooks": [mine]}
    assert set(install.installed(once)) == set(install.HOOKS)
    pre = once["hooks"]["PreToolUse"][0]
    assert pre["matcher"] == install.TOOLS and isinstance(pre["matcher"], str)
    ours = [h for groups in once["hooks"].values() for g in groups for h in g["hooks"] if install.is_ours(h)]
    assert len(ours) == len(install.HOOKS) and all(h["timeout"] <= 15 for h in ours)  # seconds, not ms
    assert install.removed(once) == settings
    assert settings["hooks"]["PostToolUse"][0]["hooks"] == [mine]  # the input was not changed


def test_gate_is_added_to_pre_tool_use_only() -> None:
    gated = install.installed(install.merged({}, "tiermem", gate=True))
    assert gated["PreToolUse"] == "tiermem hook PreToolUse --gate" and gated["Stop"] == "tiermem hook Stop"
    assert install.removed(install.merged({}, "tiermem", gate=True)) == {}


# --- the core view ----------------------------------------------------------------------------------------


def test_the_core_stays_within_200_lines_and_puts_repeated_corrections_first() -> None:
    records = [
        make_record(f"Learning number {i} about {kind} in module m{i}", minutes=i, type=kind, tags=("t",))
        for kind in journal.PRIORITY
        for i in range(60)
    ]
    worked = make_record(
        "Tests FAILED after editing a.py", minutes=999, type="failed_approach", metadata={"worked_instead": "b"}
    )
    chosen = journal.select([*records, worked])
    text = journal.render_core(chosen)
    assert len(text.splitlines()) <= journal.MAX_CORE_LINES
    corrections = [e for e in chosen if e.section == "Corrections and preferences"]
    assert corrections[0].type == "repeated_correction" and corrections[0].text.endswith("m59")
    assert any(e.text.endswith("→ worked instead: b") for e in chosen)
    universal = journal.render_universal(chosen)
    assert universal.startswith("# Always") and "session_note" not in universal
