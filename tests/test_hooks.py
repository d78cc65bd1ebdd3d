"""The Claude Code hooks end to end: each handler on real stores with payloads of the real shapes, the
seed's scenario (fail, edit, pass → remembered and recalled as HOT; a repeated correction stored once), the
transcript jobs, the two-tier files, the installer, and the real `tiermem hook` process with and without
its resident helper."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from builders import present
from cli_support import Cli
from llm_server import LLMServer, Reply
from llm_support import llm_config
from tiermem.hooks import client, handlers, journal
from tiermem.hooks.locate import PROTOCOL, Place
from tiermem.hooks.payload import from_dict
from tiermem.hooks.runtime import Runtime, log_failure
from tiermem.providers.embedders import WordLlamaEmbedder

FIXTURES = Path(__file__).parent / "fixtures" / "claude_code"
BIN = Path(sys.executable).with_name("tiermem")
NOISE = [
    "The deploy script pushes the Docker image to the registry after tagging it with the git sha",
    "Use the staging database for load tests; production is read-only for engineers",
    "The frontend uses React Query for caching API responses",
    "Release notes are written in CHANGELOG.md under the Unreleased heading",
    "The CI pipeline runs ruff, mypy and the unit tests on every pull request",
    "Logging goes through structlog with JSON output in production",
]


def fixture(name: str, transcript: Path | None = None, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / name).read_text())
    if transcript is not None:
        data["transcript_path"] = str(transcript)
    data.update(changes)
    return data


@pytest.fixture
def place(tmp_path: Path) -> Place:
    return Place(tmp_path / "app" / ".tiermem", tmp_path / "home" / ".tiermem")


@pytest.fixture
def rt(place: Place, embedder: WordLlamaEmbedder) -> Iterator[Runtime]:
    runtime = Runtime(place, resident=True, embedder=embedder)
    yield runtime
    runtime.close()


def call(rt: Runtime, data: dict[str, Any], now: float | None = None, gate: bool = False) -> handlers.Answer:
    return handlers.handle(rt, from_dict(data, data["hook_event_name"]), gate=gate, now=now)


def context_of(answer: handlers.Answer) -> str:
    return str(answer.output.get("hookSpecificOutput", {}).get("additionalContext", ""))


def prompt(text: str, session: str = "later-session") -> dict[str, Any]:
    return fixture("user_prompt_submit.json", prompt=text, session_id=session)


def of_type(rt: Runtime, store: str, *types: str) -> list[Any]:
    memory = rt.memory(store)
    assert memory is not None
    return memory.list(type=list(types))


# --- the scenario ---------------------------------------------------------------------------------


def test_fail_edit_pass_is_remembered_and_recalled_hot_within_budget(rt: Runtime) -> None:
    project = rt.memory("project")
    assert project is not None
    project.store_many([{"text": t} for t in NOISE])
    t0 = time.time() - 60
    assert call(rt, fixture("post_tool_use_failure_bash.json"), t0).output == {}
    call(rt, fixture("post_tool_use_edit.json"), t0 + 20)
    call(rt, fixture("post_tool_use_bash.json"), t0 + 40)
    (resolution,) = of_type(rt, "project", "error_resolution")
    (result,) = of_type(rt, "project", "test_result")
    assert "parse_date accepted 2024-02-30" in resolution.text and resolution.source["event"] == "PostToolUse"
    assert result.metadata["files"] == ["dates.py"]

    answer = call(rt, prompt("pytest tests/test_dates.py fails again: AssertionError, parse_date accepted 2024-02-30"))
    shown = context_of(answer)
    assert answer.output["hookSpecificOutput"]["hookEventName"] == "UserPromptSubmit"
    assert f"[HOT · error_resolution] (trust: tool)\n{resolution.text}" in shown
    assert "[HOT · test_result] (trust: tool)" in shown and "advisory" in shown
    assert len(shown) <= 4000 and "Docker image" not in shown
    logged = [e["type"] for e in journal.entries(rt.place.project)]
    assert logged == ["error_resolution", "test_result"]
    handlers.run_job(rt, call(rt, fixture("stop.json", transcript_path="")).jobs[0])
    (checkpoint,) = of_type(rt, "project", "session_note")
    assert "Tests passed after editing dates.py" in checkpoint.text and checkpoint.text.endswith("edited: dates.py")


def test_a_repeated_correction_is_stored_once_and_marked_repeated(rt: Runtime) -> None:
    first = context_of(call(rt, prompt("no, use pnpm instead of npm for installing packages", "s1")))
    assert first.startswith("[tiermem] New user correction remembered: use pnpm instead of npm")
    again = context_of(call(rt, prompt("I already told you: use pnpm instead of npm to install packages", "s2")))
    assert "REPEATED correction (said 2 times" in again
    (current,) = of_type(rt, "user", "user_correction", "repeated_correction", "user_preference")
    assert current.type == "repeated_correction" and current.metadata["repeats"] == 2 and "repeated" in current.tags
    assert of_type(rt, "project", "user_correction", "repeated_correction") == []  # the user's, not the project's
    other = context_of(call(rt, prompt("never commit generated files from the build directory", "s3")))
    assert other.startswith("[tiermem] New user correction")
    assert len(of_type(rt, "user", "user_correction", "repeated_correction")) == 2


def test_recall_searches_both_stores_project_first(rt: Runtime) -> None:
    user, project = rt.memory("user"), rt.memory("project")
    assert user is not None and project is not None
    user.store("Format Python code with black at line length 100 before committing", type="user_preference")
    project.store("This project formats Python code with ruff format at line length 120", type="codebase_pattern")
    shown = context_of(call(rt, prompt("how should I format the python code before committing?")))
    assert shown.index("ruff format") < shown.index("black at line length") and "(all projects)" in shown


def test_short_prompts_and_slash_commands_are_left_alone(rt: Runtime) -> None:
    assert call(rt, prompt("ok")).output == {}
    assert call(rt, prompt("/compact keep the test output")).output == {}


# --- failed approaches ----------------------------------------------------------------------------------------


def test_a_known_failure_warns_before_the_command_runs_again(rt: Runtime) -> None:
    t0 = time.time() - 100
    pip = {"command": "pip install psycopg2"}
    err = "Exit code 1\nError: pg_config executable not found.\nerror: subprocess-exited-with-error"
    call(rt, fixture("post_tool_use_failure_bash.json", tool_input=pip, error=err), t0)
    apt = {"stdout": "Setting up libpq-dev", "stderr": ""}
    call(
        rt,
        fixture("post_tool_use_bash.json", tool_input={"command": "apt-get install -y libpq-dev"}, tool_response=apt),
        t0 + 10,
    )
    call(
        rt,
        fixture("post_tool_use_bash.json", tool_input=pip, tool_response={"stdout": "Successfully installed"}),
        t0 + 20,
    )
    warning = context_of(call(rt, fixture("pre_tool_use_bash.json", session_id="new")))
    assert warning.startswith("[tiermem] Tried before (trust: tool):\n<tiermem-memory id=")
    assert "`pip install psycopg2` failed with Error: pg_config" in warning
    assert "What worked: ran `apt-get install -y libpq-dev`" in warning
    seen = context_of(call(rt, fixture("post_tool_use_failure_bash.json", tool_input=pip, error=err, session_id="new")))
    assert seen.startswith("[tiermem] This error was resolved before (trust: tool):\n<tiermem-memory id=")


def test_failed_approach_is_injected_as_a_warning_with_what_worked(rt: Runtime) -> None:
    t0 = time.time() - 100
    call(rt, fixture("post_tool_use_multiedit.json"), t0)
    call(rt, fixture("post_tool_use_failure_bash.json"), t0 + 10)
    call(rt, fixture("post_tool_use_write.json"), t0 + 20)
    call(rt, fixture("post_tool_use_bash.json"), t0 + 30)
    (failed,) = of_type(rt, "project", "failed_approach")
    assert failed.metadata["worked_instead"].startswith("Tests passed after editing")
    shown = context_of(
        call(rt, prompt("the dates.py parse_date test failed with AssertionError 2024-02-30 after editing"))
    )
    assert "⚠ Tried before and failed (trust: tool): Tests FAILED after editing dates.py" in shown
    assert "What worked instead: Tests passed after editing" in shown


# --- the gate ---------------------------------------------------------------------------------------------------


def test_gate_denies_once_after_hot_memories_and_the_marker_expires(rt: Runtime) -> None:
    project = rt.memory("project")
    assert project is not None
    project.store(
        "The parse_date function in src/dates.py must reject impossible days like 2024-02-30", type="codebase_pattern"
    )
    call(rt, prompt("fix parse_date in src/dates.py so it rejects 2024-02-30", "g"))
    edit = fixture("post_tool_use_edit.json", hook_event_name="PreToolUse", session_id="g")
    assert call(rt, edit, gate=False).output == {}  # off by default: the marker stays
    denied = call(rt, edit, gate=True).output["hookSpecificOutput"]
    assert denied["permissionDecision"] == "deny" and "parse_date" in denied["permissionDecisionReason"]
    assert call(rt, edit, gate=True).output == {}  # once
    call(rt, prompt("fix parse_date in src/dates.py so it rejects 2024-02-30", "g"))
    assert call(rt, edit, now=time.time() + handlers.ACK_TTL_S + 1, gate=True).output == {}


# --- transcript, checkpoints, the two-tier files ------------------------------------------------------------------


def test_stop_extracts_the_transcript_once_and_keeps_one_checkpoint(rt: Runtime, tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    transcript.write_bytes((FIXTURES / "transcript.jsonl").read_bytes())
    answer = call(rt, fixture("stop.json", transcript))
    assert answer.output == {} and [j["kind"] for j in answer.jobs] == ["extract"]
    assert handlers.run_job(rt, answer.jobs[0]) == {"learned": 4}
    types = sorted(
        m.type for m in of_type(rt, "project", "working_solution", "architectural_decision", "failed_approach")
    )
    assert types == ["architectural_decision", "failed_approach", "working_solution"]
    (rule,) = of_type(rt, "user", "user_correction")
    assert rule.text.startswith("Never use bare except clauses")
    assert handlers.run_job(rt, call(rt, fixture("stop.json", transcript)).jobs[0]) == {"learned": 0}
    notes = [e for e in journal.entries(rt.place.project) if e["type"] == "session_note"]
    assert len(notes) == 1  # nothing new: the checkpoint was not rewritten
    with transcript.open("a") as handle:
        line = {
            "type": "assistant",
            "message": {
                "role": "assistant",
                "content": "The fix was to pin tzdata to 2024.1 in requirements.txt for the CI image.",
            },
        }
        handle.write(json.dumps(line) + "\n")
    assert handlers.run_job(rt, call(rt, fixture("pre_compact.json", transcript)).jobs[0])["learned"] == 1
    (checkpoint,) = of_type(rt, "project", "session_note")  # superseded, not added: one current checkpoint
    assert checkpoint.text.startswith("Session 9f1c2e3a") and "pin tzdata" in checkpoint.text
    assert journal.CHECKPOINT_TAG in checkpoint.tags


def test_session_end_distils_the_core_and_session_start_injects_it(rt: Runtime, tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    transcript.write_bytes((FIXTURES / "transcript.jsonl").read_bytes())
    call(rt, prompt("never use print for debugging output in this service, use the logger", "s0"))
    done = handlers.run_job(rt, call(rt, fixture("session_end.json", transcript)).jobs[0])
    assert [d["core_entries"] > 0 for d in done["distilled"]] == [True, True]
    core = journal.read_core(rt.place.project, journal.CORE_MD)
    assert "## Decisions" in core and "calendar.monthrange" in core and len(core.splitlines()) <= journal.MAX_CORE_LINES
    universal = journal.read_core(rt.place.user or Path(), journal.UNIVERSAL)
    assert "never use print for debugging" in universal.lower()
    tagged = [json.loads(line) for line in journal.read_core(rt.place.project, journal.TAGGED).splitlines()]
    assert {t["section"] for t in tagged} >= {"Decisions", "Fixes that worked"} and all(t["priority"] for t in tagged)

    start = call(rt, fixture("session_start.json"))
    text = context_of(start)
    assert start.output["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    assert (
        "calendar.monthrange" in text
        and "never use print" in text.lower()
        and len(text) <= handlers.SESSION_BUDGET_CHARS
    )

    project = rt.memory("project")
    assert project is not None
    (decision,) = of_type(rt, "project", "architectural_decision")
    project.forget(decision.id)
    handlers.distill_all(rt)
    assert "## Decisions" not in journal.read_core(rt.place.project, journal.CORE_MD)  # its only entry was forgotten


def test_the_llm_extracts_when_configured_and_the_rules_take_over_when_it_fails(
    place: Place, embedder: WordLlamaEmbedder, server: LLMServer, tmp_path: Path
) -> None:
    place.project.mkdir(parents=True)
    (place.project / "config.json").write_text(json.dumps(llm_config(server)))
    transcript = tmp_path / "t.jsonl"
    transcript.write_bytes((FIXTURES / "transcript.jsonl").read_bytes())
    learned = {"type": "codebase_pattern", "content": "Dates are validated with calendar.monthrange before use"}
    server.play(Reply.json({"learnings": [learned, {"type": "bogus", "content": "dropped: unknown type"}]}))
    runtime = Runtime(place, embedder=embedder)
    try:
        assert handlers.run_job(runtime, call(runtime, fixture("stop.json", transcript)).jobs[0]) == {"learned": 1}
        (pattern,) = of_type(runtime, "project", "codebase_pattern")
        assert "llm_extracted" in pattern.tags and "[ASSISTANT] The root cause was" in server.prompts()[-1]
        with transcript.open("a") as handle:
            text = "The fix was to pin tzdata to 2024.1 in requirements.txt for the CI image."
            handle.write(json.dumps({"type": "assistant", "message": {"content": text}}) + "\n")
        server.play(*[Reply.error(500)] * 6)
        assert handlers.run_job(runtime, call(runtime, fixture("stop.json", transcript)).jobs[0]) == {"learned": 1}
        assert any("pin tzdata" in m.text for m in of_type(runtime, "project", "working_solution"))
    finally:
        runtime.close()


def test_session_start_with_nothing_remembered_adds_nothing(rt: Runtime) -> None:
    assert call(rt, fixture("session_start.json")).output == {}


def test_journal_skips_damaged_lines_and_keeps_the_rest(tmp_path: Path) -> None:
    journal.append(tmp_path, {"type": "t", "content": "before"})
    with journal.core_path(tmp_path, journal.JOURNAL).open("a", encoding="utf-8") as handle:
        handle.write("[" * 100_000 + "\n" + '{"torn": \n')  # nested past the parser's limit; a torn write
    journal.append(tmp_path, {"type": "t", "content": "after"})
    assert [e["content"] for e in journal.entries(tmp_path)] == ["before", "after"]


def test_journal_lines_are_never_interleaved_under_concurrent_appends(tmp_path: Path) -> None:
    for i in range(50):
        journal.append(tmp_path, {"type": "t", "content": "x" * (i * 100)})
    assert [len(e["content"]) for e in journal.entries(tmp_path)] == [i * 100 for i in range(50)]
    assert len(list(journal.entries(tmp_path, tail_bytes=300))) <= 1


# --- failure handling and the real process ----------------------------------------------------------------------------


def run_client(argv: list[str], stdin: bytes, env: dict[str, str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = client.main(argv, stdin=io.BytesIO(stdin), env=env)
    finally:
        sys.stdout, sys.stderr = saved
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("raw", [b'{"session_id": "x", "prompt": "trunc', b"\x00\xff", b"[]"])
def test_malformed_input_answers_empty_and_exits_0(tmp_path: Path, raw: bytes) -> None:
    env = {"TIERMEM_HOME": str(tmp_path / "s"), "TIERMEM_USER_HOME": "off", "TIERMEM_HOOK_HELPER": "0"}
    code, out, err = run_client(["UserPromptSubmit"], raw, env)
    assert (code, out) == (0, "{}\n") and err.startswith("tiermem: hook ignored:") and "Traceback" not in err


def test_a_failing_store_is_logged_and_the_answer_is_empty(tmp_path: Path) -> None:
    store = tmp_path / "s"
    store.mkdir()
    (store / "config.json").write_text("{not json")
    env = {"TIERMEM_HOME": str(store), "TIERMEM_USER_HOME": "off", "TIERMEM_HOOK_HELPER": "0"}
    raw = json.dumps(prompt("why does parse_date accept 2024-02-30 in the tests")).encode()
    assert run_client(["UserPromptSubmit"], raw, env) == (0, "{}\n", "")
    log = (store / "hooks" / "hooks.log").read_text()
    assert "UserPromptSubmit (in-process)" in log and "config.json is not valid JSON" in log


def test_the_failure_log_holds_no_secret_a_message_quoted(tmp_path: Path) -> None:
    secret = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    log_failure(Place(tmp_path / "s"), "UserPromptSubmit", ValueError(f"cannot read prompt 'deploy with {secret}'"))
    log = (tmp_path / "s" / "hooks" / "hooks.log").read_text()
    assert "cannot read prompt" in log and "[REDACTED:" in log and secret not in log


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("TIERMEM_", "CLAUDE_"))}
    return {**clean, "CLAUDE_PROJECT_DIR": str(tmp_path / "app"), "TIERMEM_USER_HOME": str(tmp_path / "home"), **extra}


def hook_process(event: str, data: dict[str, Any], env: dict[str, str]) -> dict[str, Any]:
    done = subprocess.run(
        [str(BIN), "hook", event],
        input=json.dumps(data),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_the_real_hook_process_answers_in_process_without_the_helper(tmp_path: Path) -> None:
    env = _env(tmp_path, TIERMEM_HOOK_HELPER="0")
    (tmp_path / "app").mkdir()
    transcript = tmp_path / "t.jsonl"
    transcript.write_bytes((FIXTURES / "transcript.jsonl").read_bytes())
    said = hook_process("user-prompt-submit", prompt("no, use pnpm instead of npm for installing packages"), env)
    assert said["hookSpecificOutput"]["additionalContext"].startswith("[tiermem] New user correction")
    started = time.time()
    assert hook_process("Stop", fixture("stop.json", transcript=transcript), env) == {}
    assert time.time() - started < 5  # the answer does not wait for the extraction
    store = tmp_path / "app" / ".tiermem"
    while not any(e["type"] == "session_note" for e in journal.entries(store)):  # a detached process extracts
        assert time.time() - started < 60, (store / "hooks" / "helper.log").read_text()
        time.sleep(0.2)
    assert {e["type"] for e in journal.entries(store)} >= {"working_solution", "architectural_decision"}
    assert not list((store / "hooks").glob("*.sock"))  # no resident helper was left behind


@pytest.mark.slow
def test_the_helper_starts_on_first_use_serves_later_calls_and_exits_when_idle(tmp_path: Path) -> None:
    env = _env(tmp_path, TIERMEM_HOOK_IDLE_S="3")
    (tmp_path / "app").mkdir()
    place = Place((tmp_path / "app" / ".tiermem").absolute(), (tmp_path / "home").absolute())
    first = hook_process("UserPromptSubmit", prompt("I prefer small functions with type hints everywhere"), env)
    assert "New user preference" in first["hookSpecificOutput"]["additionalContext"]
    deadline = time.time() + 30
    while (pong := client.ask(present(place.socket), {"v": PROTOCOL, "ping": True}, timeout=5)) is None:
        assert time.time() < deadline, (tmp_path / "app" / ".tiermem" / "hooks" / "helper.log").read_text()
        time.sleep(0.2)
    pid = json.loads(pong)["pid"]
    again = hook_process("UserPromptSubmit", prompt("what do I prefer for functions and type hints?"), env)
    assert "[HOT · user_preference] (all projects) (trust: user)" in again["hookSpecificOutput"]["additionalContext"]
    assert hook_process("PostToolUse", fixture("post_tool_use_edit.json"), env) == {}
    transcript = tmp_path / "t.jsonl"
    transcript.write_bytes((FIXTURES / "transcript.jsonl").read_bytes())
    assert hook_process("Stop", fixture("stop.json", transcript=transcript), env) == {}
    deadline = time.time() + 30
    while not any(e["type"] == "session_note" for e in journal.entries(place.project)):  # the helper's job
        assert time.time() < deadline
        time.sleep(0.2)
    deadline = time.time() + 30
    while os.path.exists(present(place.socket)):  # idle for 3 s: the helper leaves, removing its socket
        assert time.time() < deadline
        time.sleep(0.2)
    with pytest.raises(ProcessLookupError):
        for _ in range(50):
            os.kill(pid, 0)
            time.sleep(0.1)


# --- the installer -------------------------------------------------------------------------------------------------


def test_install_merges_backs_up_is_idempotent_and_uninstalls(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    original: dict[str, Any] = {
        "permissions": {"allow": ["Bash(ls)"]},
        "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]},
    }
    settings.write_text(json.dumps(original))
    cli = Cli(tmp_path / "store")
    ws = ["--workspace", str(project)]

    dry = json.loads(cli.ok("--json", "hooks", "install", "--claude-code", "--dry-run", *ws))
    assert dry["changed"] and json.loads(settings.read_text()) == original and dry["backup"] is None

    done = json.loads(cli.ok("--json", "hooks", "install", "--claude-code", "--project", *ws))
    written = json.loads(settings.read_text())
    assert written["permissions"] == original["permissions"] and done["backup"]
    assert json.loads(Path(done["backup"]).read_text()) == original
    assert written["hooks"]["Stop"][0] == original["hooks"]["Stop"][0]
    command = written["hooks"]["UserPromptSubmit"][0]["hooks"][0]["command"]
    assert command.startswith("TIERMEM_HOME=") and command.endswith("hook UserPromptSubmit")

    again = json.loads(cli.ok("--json", "hooks", "install", *ws))
    assert not again["changed"] and again["backup"] is None
    status = json.loads(cli.ok("--json", "hooks", "status", *ws))
    assert status["settings"]["project"]["events"] == sorted(done["events"])

    json.loads(cli.ok("--json", "hooks", "uninstall", *ws))
    assert json.loads(settings.read_text()) == original


def test_install_for_the_user_and_refusing_a_broken_settings_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    cli = Cli(tmp_path / "store")
    result = cli(
        "hooks", "install", "--user", "--gate", home=False, env={"CLAUDE_CONFIG_DIR": str(tmp_path / "claude")}
    )
    assert result.exit_code == 0, result.stderr
    written = json.loads((tmp_path / "claude" / "settings.json").read_text())
    assert written["hooks"]["PreToolUse"][0]["hooks"][0]["command"].endswith("hook PreToolUse --gate")
    broken = tmp_path / "p" / ".claude" / "settings.json"
    broken.parent.mkdir(parents=True)
    broken.write_text("{oops")
    message = cli.fails("hooks", "install", "--workspace", str(tmp_path / "p"))
    assert "is not valid JSON" in message and broken.read_text() == "{oops"
