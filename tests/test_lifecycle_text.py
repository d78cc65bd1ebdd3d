"""Distillation and daily notes (lifecycle/distill.py, lifecycle/daily.py): the seed's heuristics, the size
limits it only tried to keep, and LLM distillation against a real server with its fallbacks."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from llm_server import LLMServer, Reply, llm_server
from llm_support import llm_config
from tiermem import Memory
from tiermem.config import DailySection, DailySettings, DistillationSettings
from tiermem.errors import ValidationError
from tiermem.lifecycle import daily, distill

SETTINGS = DistillationSettings()
CHAT = (
    "Had a productive chat with John Smith about the BSC integration. Sarah said the go-ethereum dependency is "
    "too heavy, so we decided to use raw JSON-RPC. See https://docs.bnbchain.org/rpc and run "
    "`go build ./cmd/evoclaw` from /home/user/evoclaw. It worked great!"
)


def test_rule_distillation_of_a_conversation() -> None:
    out = distill.distill(CHAT, SETTINGS, with_summary=True)
    d = out["distilled"]
    assert out["mode"] == "rule" and out["llm_fallback"] is None
    # The sentence with the decision, not the small talk that opens the chat.
    assert d["fact"] == "Sarah said the go-ethereum dependency is too heavy, so we decided to use raw JSON-RPC"
    assert d["people"] == ["John Smith", "Sarah"]
    assert d["topics"][:2] == ["bsc", "integration"]
    assert d["actions"] == ["decided to use raw JSON-RPC"]
    assert (d["emotion"], d["outcome"]) == ("happy", "positive")
    assert d["metadata"] == {
        "urls": ["https://docs.bnbchain.org/rpc"],
        "commands": ["go build ./cmd/evoclaw"],
        "paths": ["./cmd/evoclaw", "/home/user/evoclaw"],
    }
    assert out["original_size"] == len(CHAT.encode()) and out["distilled_size"] > 0
    assert out["core_summary"] == "BSC: Use raw JSON-RPC"


def test_seed_example_shape() -> None:
    out = distill.distill("User: Let's deploy to testnet first. Agent: Good idea, safer that way.", SETTINGS)
    assert set(out) == {"distilled", "mode", "llm_fallback", "original_size", "distilled_size"}
    assert set(out["distilled"]) == {"fact", "emotion", "people", "topics", "actions", "outcome"}
    assert out["distilled"]["actions"] == ["deploy to testnet first"]
    assert out["distilled"]["fact"] == "Decided to deploy to testnet first"  # a proposal the agent agreed to
    assert out["distilled"]["people"] == []  # "Let's" is not a person
    assert out["distilled"]["emotion"] == "cautious"


SEED_CHAT = (
    "Had a productive chat about the BSC integration with Sarah. We decided to use raw JSON-RPC for BSC to avoid "
    "the go-ethereum dependency, and agreed to ship the testnet build by Friday."
)
LONG_CHAT = (
    "User: The staging database keeps running out of connections every afternoon. Agent: That usually means the "
    "pool is too small for the worker count. How many workers do you run? User: Twelve workers, pool size 10. "
    "Agent: Then raise the pool to 30 and set a 5 second checkout timeout so a stuck worker fails fast instead "
    "of blocking the rest. User: OK, I will change it in config/db.yaml tonight and tell Priya tomorrow. Agent: "
    "Good. If it still happens, we should look at long transactions in the nightly report job."
)


def test_rule_fact_names_and_actions() -> None:
    d = distill.distill(SEED_CHAT, SETTINGS)["distilled"]
    assert d["fact"] == "We decided to use raw JSON-RPC for BSC to avoid the go-ethereum dependency"
    assert d["people"] == ["Sarah"]  # "with Sarah": a name in a person's place; "Friday" is a day
    # Whole phrases: cut before "to avoid", never "... to avoid the".
    assert d["actions"] == ["decided to use raw JSON-RPC for BSC", "agreed to ship the testnet build by Friday"]
    assert "decided" not in d["topics"] and "use" not in d["topics"]
    assert distill.extract_people("I will tell Priya tomorrow; Turso said nothing") == ["Priya", "Turso"]


def test_core_summary_is_a_short_line_not_a_prefix() -> None:
    for text, summary in [
        (SEED_CHAT, "Use raw JSON-RPC for BSC"),
        ("User: Let's deploy to testnet first. Agent: Good idea, safer that way.", "Deploy to testnet first"),
        (LONG_CHAT, "Change it in config/db.yaml"),
    ]:
        out = distill.distill(text, SETTINGS, with_summary=True)
        assert out["core_summary"] == summary
        assert len(summary.encode()) < 30 and not summary.endswith(("…", "..."))


def test_distilled_json_is_smaller_than_a_real_conversation() -> None:
    out = distill.distill(LONG_CHAT, SETTINGS)
    assert out["distilled"]["people"] == ["Priya"]
    assert out["distilled_size"] < out["original_size"] / 2  # compact JSON, four topics, whole-phrase actions


def test_cut_phrase_is_linear_and_whole() -> None:
    assert distill.cut_phrase("use raw JSON-RPC for BSC to avoid the go-ethereum dependency", 50) == (
        "use raw JSON-RPC for BSC"
    )
    assert len(distill.cut_phrase("to " * 200_000, 60).encode()) <= 60


@pytest.mark.parametrize(
    ("text", "outcome"),
    [
        ("The deploy failed again", "negative"),
        ("It worked, all solved", "positive"),
        ("We still need to migrate", "pending"),
        ("Talked about lunch", "ongoing"),
        ("It worked but then failed", "ongoing"),
    ],
)
def test_outcome(text: str, outcome: str) -> None:
    assert distill.extract_outcome(text) == outcome


def test_emotions_in_the_order_they_appear() -> None:
    assert distill.extract_emotion("I was worried at first, then relieved it worked") == "worried → relieved"
    assert distill.extract_emotion("nothing special") == "neutral"
    assert distill.extract_emotion("the madness of it") == "neutral"  # whole words only


def test_sentences_keep_urls_whole() -> None:
    assert distill.sentences("Read docs.comfy.org/x first. Then go!") == ["Read docs.comfy.org/x first.", "Then go!"]


@given(st.text(min_size=1, max_size=2000))
def test_fact_and_summary_always_fit_their_byte_limits(text: str) -> None:
    if not text.strip():
        return
    out = distill.distill(text, SETTINGS, with_summary=True)
    assert len(out["distilled"]["fact"].encode("utf-8")) <= 100
    assert len(out["core_summary"].encode("utf-8")) <= 30


def test_cut_bytes_never_splits_a_character() -> None:
    assert distill.cut_bytes("ééééé", 5) == "éé"
    assert distill.cut_bytes("one two three four", 12, "...") == "one two..."
    assert distill.cut_bytes("short", 10) == "short"


def test_empty_text_is_refused() -> None:
    with pytest.raises(ValidationError, match="nothing to distill"):
        distill.distill("   ", SETTINGS)


@pytest.fixture
def server() -> Iterator[LLMServer]:
    with llm_server() as running:
        yield running


@pytest.fixture
def llm_memory(open_memory: Callable[..., Memory], server: LLMServer) -> Memory:
    return open_memory(config=llm_config(server, "openai", extract=False, link_detection=False, fact_keys=False))


def test_llm_distillation_keeps_metadata_and_limits(llm_memory: Memory, server: LLMServer) -> None:
    server.play(
        Reply.fenced(
            {
                "fact": "Chose raw JSON-RPC for BSC " + "x" * 200,
                "emotion": "determined",
                "people": ["User"],
                "topics": ["blockchain"],
                "actions": ["chose JSON-RPC"],
                "outcome": "positive",
            }
        )
    )
    out = distill.distill(CHAT, SETTINGS, llm_memory.llm.client("distill"), with_summary=True)
    assert (out["mode"], out["llm_fallback"]) == ("llm", None)
    assert out["distilled"]["emotion"] == "determined"
    assert len(out["distilled"]["fact"].encode()) <= 100
    assert out["distilled"]["metadata"]["urls"] == ["https://docs.bnbchain.org/rpc"]  # kept whatever the LLM said
    assert "Keep URLs, shell commands and file paths exactly as written." in server.prompts()[0]


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        (Reply.malformed(), "malformed JSON"),
        (Reply.json({"emotion": "x"}), "no 'fact'"),
        (Reply.json({"fact": "f", "topics": "not a list"}), "lists of strings"),
        (Reply.error(500), "500"),
    ],
)
def test_llm_distillation_falls_back_to_rules(llm_memory: Memory, server: LLMServer, reply: Reply, reason: str) -> None:
    server.play(reply, reply, reply)
    out = distill.distill(CHAT, SETTINGS, llm_memory.llm.client("distill"))
    assert out["mode"] == "rule" and reason in str(out["llm_fallback"])
    assert out["distilled"]["people"] == ["John Smith", "Sarah"]


NOTE = """# 2026-02-13

## GPU server and media
- [x] **Installed ComfyUI** with `pip install comfyui` on /srv/ai
- [ ] Try LTX-2 later
- Decided to use Z-Image for photorealistic product shots
**Backups run nightly at 02:00 to the NAS:**
**Short bold**

## Project Evoclaw
- Deployed the BSC testnet contract and confirmed it works
- a short decided line
- [X] Merged the coverage pull request for the CI

## Random thoughts
- [x] Called mum about the weekend plans
- [x] Installed ComfyUI with `pip install comfyui` on /srv/ai
"""


def test_daily_extraction_rules_and_sections() -> None:
    settings = DailySettings(
        sections=(
            DailySection(match=("gpu", "media"), category="technical/gpu"),
            DailySection(match=("evoclaw",), category="projects/evoclaw"),
        )
    )
    facts = daily.extract_facts(NOTE, settings)
    assert [(f.text, f.category, f.rule, f.importance, f.line) for f in facts] == [
        ("Installed ComfyUI with `pip install comfyui` on /srv/ai", "technical/gpu", "checked_task", 0.7, 4),
        ("Decided to use Z-Image for photorealistic product shots", "technical/gpu", "decision", 0.75, 6),
        ("Backups run nightly at 02:00 to the NAS", "technical/gpu", "bold", 0.7, 7),
        ("Deployed the BSC testnet contract and confirmed it works", "projects/evoclaw", "done", 0.65, 11),
        ("Merged the coverage pull request for the CI", "projects/evoclaw", "checked_task", 0.7, 13),
        ("Called mum about the weekend plans", "general", "checked_task", 0.7, 16),
    ]  # the repeated ComfyUI line is one fact; short lines and unchecked tasks are none
    assert facts[0].metadata == {"commands": ["pip install comfyui"], "paths": ["/srv/ai"]}


def test_bold_items_star_bullets_and_done_lines() -> None:
    note = (
        "## GPU\n"
        "- **Decision: use Z-Image for portraits** (https://docs.comfy.org/z)\n"
        "* [x] Merged the coverage pull request for the CI\n"
        "+ [X] Wrote the release notes for 2.2\n"
        "- **Backups run nightly at 02:00 to the NAS**\n"
        "- Installed ComfyUI on the GPU server with pip\n"
        "1. We chose Turso for the cold archive\n"
    )
    facts = [(f.text, f.rule) for f in daily.extract_facts(note, DailySettings())]
    assert facts == [
        ("Decision: use Z-Image for portraits (https://docs.comfy.org/z)", "decision"),
        ("Merged the coverage pull request for the CI", "checked_task"),
        ("Wrote the release notes for 2.2", "checked_task"),
        ("Backups run nightly at 02:00 to the NAS", "bold"),
        ("Installed ComfyUI on the GPU server with pip", "done"),  # done, not decided
        ("We chose Turso for the cold archive", "decision"),
    ]


def test_default_sections_are_generic() -> None:
    facts = daily.extract_facts(NOTE, DailySettings())
    assert {f.category for f in facts} == {"technical", "projects", "general"}  # server / project / neither


def test_note_dates() -> None:
    assert str(daily.note_date("2026-02-13.md")) == "2026-02-13"
    assert str(daily.note_date("2026-02-13-standup.md")) == "2026-02-13"
    assert daily.note_date("2026-02-30.md") is None and daily.note_date("notes.md") is None


def test_validate_warnings_and_suggestions() -> None:
    report = daily.validate_note(NOTE, DailySettings().validate_tools)
    assert report["status"] == "warning"
    assert report["warnings"] == [
        "Tool 'Z-Image' mentioned without URL/documentation link",
        "Tool 'LTX-2' mentioned without URL/documentation link",
        "Tool 'ComfyUI' mentioned without URL/documentation link",
        "Action 'deploy' mentioned without command example",
        "Decision 'decided' mentioned without next steps",
    ]
    assert report["warnings_count"] == 5
    assert report["suggestions"] == [
        "Add URLs for mentioned tools/services",
        "Include command examples for setup/installation steps",
        "Document next steps after decisions",
    ]


def test_validate_passes_a_complete_note() -> None:
    note = (
        "Installed ComfyUI from https://github.com/comfyanonymous/ComfyUI with `pip install comfyui`.\n"
        "We decided to use it; next: download the models."
    )
    assert daily.validate_note(note, DailySettings().validate_tools) == {
        "status": "ok",
        "warnings_count": 0,
        "warnings": [],
        "suggestions": [],
    }
    assert daily.validate_note("Install it now.", ())["warnings"] == [
        "Action 'install' mentioned without command example"
    ]


def test_validate_finds_the_command_of_a_setup_anywhere_in_its_section() -> None:
    note = (
        "# 2026-02-13\n\n## Image stack\nSpent the morning reading about installation options for the image stack,"
        " comparing the docker route and the bare-metal route and how each handles the GPU drivers, which took a "
        "long while to sort out properly.\n\nIn the end: `pip install comfyui` on the GPU box.\n"
        "## Models\nDownload with huggingface-cli download Tongyi-MAI/Z-Image into /srv/models\n"
    )
    assert daily.validate_note(note, ())["warnings"] == []  # the command 200 characters on; one in a sentence
    assert daily.validate_note("## A\nInstall it now.\n## B\n`make build`\n", ())["warnings"] == [
        "Action 'install' mentioned without command example"  # a command in another section is not its example
    ]


def test_file_metadata_lists_everything_with_counts() -> None:
    found = daily.file_metadata(
        "See https://docs.comfy.org/z and run `git clone https://github.com/a/b.git`\n"
        "Models in /home/peter/ai-stack/comfyui/models and ./configs/ltx.yaml\n"
    )
    assert found["metadata"]["urls"] == ["https://docs.comfy.org/z", "https://github.com/a/b.git"]
    assert found["metadata"]["commands"] == ["git clone https://github.com/a/b.git"]
    assert found["metadata"]["paths"] == ["/home/peter/ai-stack/comfyui/models", "./configs/ltx.yaml"]
    assert found["summary"] == {"urls_count": 2, "commands_count": 1, "paths_count": 2}
