"""The seeds' own examples, pasted as written (seed 000's `memory_cli.py ...` lines become `tiermem ...`), run
in order in one workspace against a real Turso archive on 127.0.0.1. Each must exit as the seed says it does.

Left out: the examples that need an LLM endpoint (`--llm --llm-endpoint http://localhost:8080/complete`) and
the separate scripts (`distiller.py`, `tree_search.py`), which tiermem folds into `distill` and `tree --search`.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from builders import SEED_003_END_SESSION
from cli_support import CLEAN_ENV
from tiermem.interfaces.cli.main import app
from tiermem.workspace.writer import MemoryWriter
from turso_server import turso_server

# Seed 000, in the order its sections give them (a shell line each; "memory_cli.py" is tiermem). Only the
# multi-agent store line has its placeholders ("...") filled in: a category must be a path.
SEED_000 = r"""
memory_cli.py cold --init --db-url "$TURSO_URL" --auth-token "$TURSO_TOKEN"
memory_cli.py store --text "Fact text" --category "path/to/category" --importance 0.8 --agent-id default
memory_cli.py store --text "Decided to deploy EvoClaw on BSC testnet before mainnet" --category "projects/evoclaw/deployment" --importance 0.85 --db-url "$TURSO_URL" --auth-token "$TURSO_TOKEN"
memory_cli.py store --text "Z-Image ComfyUI model for photorealistic images" --category "tools/image-generation" --importance 0.8 --url "https://docs.comfy.org/tutorials/image/z-image/z-image" --command "huggingface-cli download Tongyi-MAI/Z-Image" --path "/home/user/models/"
memory_cli.py store --text "Agent 2 keeps its own facts" --category "agents/agent-2" --agent-id agent-2
memory_cli.py retrieve --query "..." --agent-id agent-2
memory_cli.py consolidate --mode daily --agent-id agent-2
memory_cli.py consolidate
memory_cli.py consolidate --mode daily
memory_cli.py consolidate --mode monthly --db-url "$TURSO_URL" --auth-token "$TURSO_TOKEN"
memory_cli.py sync-critical --db-url "$TURSO_URL" --auth-token "$TURSO_TOKEN" --agent-id default
memory_cli.py metrics --agent-id default
memory_cli.py validate --file memory/2026-02-13.md
memory_cli.py extract-metadata --file memory/2026-02-13.md
memory_cli.py search-url --url "comfy.org"
memory_cli.py search-url --url "github.com" --limit 10
memory_cli.py retrieve --query "BSC deployment decision" --limit 5
memory_cli.py retrieve --query "search query" --limit 5 --db-url "$TURSO_URL" --auth-token "$TURSO_TOKEN"
memory_cli.py distill --text "User: Let's deploy to testnet first. Agent: Good idea, safer that way."
memory_cli.py hot --update owner_profile '{"timezone": "Australia/Sydney", "work_hours": "9am-6pm"}'
memory_cli.py hot --update lesson '{"text": "Always test on testnet first", "category": "blockchain", "importance": 0.9}'
memory_cli.py hot --update project '{"name": "EvoClaw", "status": "Active", "description": "Self-evolving agent framework"}'
memory_cli.py hot --rebuild
memory_cli.py hot
memory_cli.py tree --show
memory_cli.py tree --add "projects/evoclaw/bsc" "BSC blockchain integration"
memory_cli.py tree --prune
memory_cli.py cold --query "blockchain decision" --limit 10 --db-url "$TURSO_URL" --auth-token "$TURSO_TOKEN"
memory_cli.py hot --update project '{"name": "OldProject", "status": "Completed"}'
memory_cli.py retrieve --query "..." --limit 5
"""  # noqa: E501 (the seed's lines, as written)

# The daily note seed 000's validate and extract-metadata examples read (its documented output names these).
DAILY_NOTE = """# 2026-02-13

## GPU server
- **Decision: use Z-Image for portraits** (https://docs.comfy.org/tutorials/image/z-image/z-image)
- Download with huggingface-cli download Tongyi-MAI/Z-Image into /home/peter/ai-stack/comfyui/models
- Cloned LTX: `git clone https://github.com/Lightricks/LTX-Video.git`, config in ./configs/ltx-video-2-config.yaml
"""

# Exit statuses the seed documents: validate's is the number of warnings (tiermem: 1 when any).
EXPECTED_EXIT = {"validate": {0, 1}}


@pytest.fixture
def turso(tmp_path: Path) -> Iterator[str]:
    cloud = tmp_path / "cloud"
    cloud.mkdir()
    with turso_server(cloud) as url:
        yield url


def _argv(line: str, env: dict[str, str]) -> list[str]:
    words = shlex.split(_expand(line, env))
    assert words[0] == "memory_cli.py"
    return words[1:]


def _expand(line: str, env: dict[str, str]) -> str:
    for name, value in env.items():
        line = line.replace(f"${name}", value)
    return line


def test_seed_000_examples_run_as_written(tmp_path: Path, turso: str, monkeypatch: pytest.MonkeyPatch) -> None:
    workspace = tmp_path / "agent"
    (workspace / "memory").mkdir(parents=True)
    (workspace / "memory" / "2026-02-13.md").write_text(DAILY_NOTE, encoding="utf-8")
    monkeypatch.chdir(workspace)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    env = {"TURSO_URL": turso, "TURSO_TOKEN": "seed-token"}
    runner = CliRunner(env=CLEAN_ENV)
    for line in (raw for raw in SEED_000.strip().splitlines() if raw.strip()):
        argv = _argv(line, env)
        result = runner.invoke(app, argv, catch_exceptions=False)
        allowed = EXPECTED_EXIT.get(argv[0], {0})
        assert result.exit_code in allowed, (line, result.exit_code, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr
    found = runner.invoke(app, ["--json", "search-url", "--url", "comfy.org"]).stdout
    assert "Z-Image ComfyUI model" in found
    assert (workspace / ".tiermem" / "tiermem.db").is_file() and (workspace / "MEMORY.md").is_file()


def test_seed_003_python_examples_run_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 003's Step 3, with the project root given as a path (it writes "/path/to/project-root")."""
    root = tmp_path / "project-root"
    root.mkdir()
    assert CliRunner(env=CLEAN_ENV).invoke(app, ["--workspace", str(root), "workspace", "scaffold"]).exit_code == 0
    from tiermem.workspace.loader import MemoryLoader

    loader = MemoryLoader(str(root))
    context = loader.load_session_context(user_message="the user's first message")
    assert context.text and context.total_tokens > 0 and isinstance(context.metadata, dict)
    writer = MemoryWriter(str(root))
    writer.note_decision("Chose X over Y", "reasoning here")
    writer.note_open_question("Should we revisit Z?")
    writer.note_pattern("User tends to ask for examples after abstract explanations")
    writer.note_thread_touched("thread-project-alpha")
    writer.note_event(
        event_type="purchase",
        text="I bought white Adidas sneakers on 3/15.",
        action="purchase",
        object_hint="white adidas sneakers",
        normalized_date="2023-03-15",
    )
    writer.end_session(**SEED_003_END_SESSION)
    assert "Finished the API design" in (root / "memory" / "threads.md").read_text(encoding="utf-8")
    event_results = loader.phase_4_event_lookup("white adidas sneakers")
    assert event_results and "Adidas" in event_results.text


# Seed 000's "Integration with OpenClaw Agents" code, as written but for where memory_cli.py lives (tiermem's
# executable) and the LLM endpoint (a real test server on 127.0.0.1). Its scripts read the commands' stdout
# as JSON: TIERMEM_JSON=1 makes that the default. The seed's first snippet uses os without importing it.
SEED_000_INTEGRATION = """
import subprocess
import json

def process_conversation(user_message, agent_response, category="conversations"):
    # 1. Distill conversation
    text = f"User: {user_message}\\nAgent: {agent_response}"
    result = subprocess.run(
        ["python3", "skills/tiered-memory/scripts/memory_cli.py", "distill", "--text", text],
        capture_output=True, text=True
    )
    distilled = json.loads(result.stdout)

    # 2. Determine importance
    importance = 0.7 if "decision" in distilled["distilled"]["outcome"] else 0.5

    # 3. Store
    subprocess.run([
        "python3", "skills/tiered-memory/scripts/memory_cli.py", "store",
        "--text", distilled["distilled"]["fact"],
        "--category", category,
        "--importance", str(importance),
        "--db-url", os.getenv("TURSO_URL"),
        "--auth-token", os.getenv("TURSO_TOKEN")
    ])

    # 4. Critical sync
    subprocess.run([
        "python3", "skills/tiered-memory/scripts/memory_cli.py", "sync-critical",
        "--db-url", os.getenv("TURSO_URL"),
        "--auth-token", os.getenv("TURSO_TOKEN")
    ])

def get_relevant_context(query):
    result = subprocess.run(
        [
            "python3", "skills/tiered-memory/scripts/memory_cli.py", "retrieve",
            "--query", query,
            "--limit", "5",
            "--llm",
            "--llm-endpoint", "http://localhost:8080/complete",
            "--db-url", os.getenv("TURSO_URL"),
            "--auth-token", os.getenv("TURSO_TOKEN")
        ],
        capture_output=True, text=True
    )

    memories = json.loads(result.stdout)
    return "\\n".join([f"- {m['text']}" for m in memories])
"""


def test_seed_000_integration_code_runs(tmp_path: Path, turso: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import sys

    from llm_server import Reply, llm_server

    workspace = tmp_path / "agent"
    workspace.mkdir()
    monkeypatch.chdir(workspace)
    for name, value in {**CLEAN_ENV, "HOME": str(tmp_path / "home"), "TIERMEM_JSON": "1"}.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    monkeypatch.setenv("TURSO_URL", turso)
    monkeypatch.setenv("TURSO_TOKEN", "seed-token")
    tiermem = str(Path(sys.executable).with_name("tiermem"))
    with llm_server() as server:
        code = SEED_000_INTEGRATION.replace('"python3", "skills/tiered-memory/scripts/memory_cli.py"', repr(tiermem))
        code = code.replace("http://localhost:8080/complete", server.complete_url)
        scope: dict[str, Any] = {"os": os}
        exec(compile(code, "seed 000", "exec"), scope)  # the seed's text, run as a script would
        scope["process_conversation"](
            "Let's deploy to testnet first.", "Good idea, safer that way.", "projects/evoclaw"
        )
        server.play(Reply.json([{"path": "projects/evoclaw", "relevance": 0.9, "reason": "deployments"}]))
        context = scope["get_relevant_context"]("what did we decide about the deployment?")
    assert context == "- Decided to deploy to testnet first"
