"""One handler per Claude Code event: read the hook input, use the stores, answer in Claude Code's format.

Handlers answer fast; transcript extraction and distillation are returned as *jobs*, which the helper runs
after answering (or a detached process does, when there is no helper). Every failure is the caller's to
log: :func:`handle` itself may raise.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from ..errors import LLMError, TiermemError
from ..fence import fence
from ..write.provenance import trust_of
from . import journal, output, rules, tracker
from .payload import HookInput
from .runtime import Runtime
from .tracker import Learning
from .transcript import Message, read_new

if TYPE_CHECKING:
    from ..model import MemoryRecord

ACK_TTL_S = 600.0  # the seed's memory-marker TTL: a gate marker older than this no longer blocks
SESSION_BUDGET_CHARS = 6000
MIN_PROMPT_CHARS = 15
REPEAT_SIMILARITY = 0.5  # word overlap (Jaccard) above which a correction restates an earlier one
REPEAT_COSINE = 0.85
EXTRACT_WINDOW_CHARS = 12_000


@dataclass(slots=True)
class Answer:
    output: output.HookOutput = field(default_factory=lambda: output.HookOutput())
    jobs: list[dict[str, Any]] = field(default_factory=list)


def handle(rt: Runtime, hook: HookInput, *, gate: bool = False, now: float | None = None) -> Answer:
    moment = time.time() if now is None else now
    handler = _HANDLERS[hook.event]
    return handler(rt, hook, gate, moment)


# --- SessionStart ------------------------------------------------------------------------------------------


def session_start(rt: Runtime, hook: HookInput, gate: bool, now: float) -> Answer:
    """Core memory, the user's universal rules, the resumption note and recent checkpoints (files only)."""
    place = rt.place
    parts = []
    universal = journal.read_core(place.user, journal.UNIVERSAL) if place.user else ""
    if universal.strip():
        parts.append(universal)
    core = journal.read_core(place.project, journal.CORE_MD)
    if core.strip():
        parts.append(core)
    resumption = journal.read_inside(place.project.parent / "memory" / "resumption.md", place.project.parent)
    if resumption.strip():
        parts.append("## Resumption note\n\n" + resumption)
    checkpoints = [c for c in journal.recent_checkpoints(place.project, hook.session_id) if c not in core]
    if checkpoints:
        parts.append("## Recent sessions\n\n" + "\n".join(f"- {c}" for c in checkpoints))
    if not parts:
        return Answer()
    header = "# tiermem: memory from past sessions (advisory; revalidate before relying on it)"
    # Distilled from what the hooks captured (the user's prompts, tool output, the agent's transcript): data.
    body = output.fit(parts, SESSION_BUDGET_CHARS - len(header) - output.FENCE_CHARS - 2)
    return Answer(output.context("SessionStart", output.noted(header, body)))


# --- UserPromptSubmit --------------------------------------------------------------------------------------


def user_prompt_submit(rt: Runtime, hook: HookInput, gate: bool, now: float) -> Answer:
    prompt = hook.prompt.strip()
    if len(prompt) < MIN_PROMPT_CHARS or prompt.startswith("/") or "<task-notification>" in prompt:
        return Answer()
    parts: list[str] = []
    exclude: set[str] = set()
    correction = rules.detect_correction(prompt)
    if correction is not None:
        record_id, note = _remember_correction(rt, correction, hook.session_id)
        exclude.add(record_id)
        parts.append(note)
    rendered = output.render_recall(rt.recall(prompt, exclude=exclude), output.RECALL_BUDGET_CHARS)
    if rendered.text:
        parts.append(rendered.text)
    if rendered.hot:
        summary = "\n".join(f"- [{i.type}] {i.text.splitlines()[0][:100]}" for i in rendered.hot)
        rt.save(hook.session_key, "ack", {"count": len(rendered.hot), "summary": summary, "t": now})
    return Answer(output.context("UserPromptSubmit", "\n\n".join(parts)))


def _remember_correction(rt: Runtime, correction: rules.Correction, session_id: str) -> tuple[str, str]:
    """Store a correction once: a restatement of an earlier one marks that one repeated instead."""
    name = rt.store_for(correction.kind)
    memory = rt.memory(name)
    assert memory is not None
    earlier = _earlier_correction(rt, name, correction.text)
    if earlier is None:
        record = rt.learn(
            Learning(correction.kind, correction.text, (*correction.tags, "auto_detected")),
            session_id,
            "UserPromptSubmit",
            store=name,
        )
        return record.id, f"[tiermem] New {correction.kind.replace('_', ' ')} remembered: {correction.text}"
    repeats = int(earlier.metadata.get("repeats", 1)) + 1
    tags = tuple(dict.fromkeys([*earlier.tags, "repeated"]))
    changes: dict[str, Any] = {
        "tags": tags,
        "metadata": {**earlier.metadata, "repeats": repeats, "last_said": correction.text},
        "importance": min(1.0, earlier.importance + 0.1),
    }
    if earlier.type != "repeated_correction":
        changes["type"] = "repeated_correction"
    record = memory.update(earlier.id, agent_id=rt.place.agent_id, **changes)
    rt.journal(name, record, session_id, "UserPromptSubmit", repeated=repeats)
    note = f"[tiermem] REPEATED correction (said {repeats} times; follow it without being asked again):"
    return record.id, output.noted(note, record.text)


def _earlier_correction(rt: Runtime, name: str, text: str) -> MemoryRecord | None:
    memory = rt.memory(name)
    assert memory is not None
    hits = memory.search(
        text, agent_id=rt.place.agent_id, limit=3, type=list(journal.CORRECTION_TYPES), reinforce=False
    )
    words = set(rules.keywords(text, 50))
    for hit in hits:
        other = set(rules.keywords(hit.memory.text, 50))
        overlap = len(words & other) / len(words | other) if words | other else 0.0
        if overlap >= REPEAT_SIMILARITY or float(hit.explain.get("cosine", 0.0)) >= REPEAT_COSINE:
            return hit.memory
    return None


# --- PreToolUse --------------------------------------------------------------------------------------------


def pre_tool_use(rt: Runtime, hook: HookInput, gate: bool, now: float) -> Answer:
    """The optional gate (HOT memories injected and not yet acknowledged: deny once, saying what to
    acknowledge), and a warning when a pending command failed before."""
    if gate:
        marker = rt.load(hook.session_key, "ack")
        if marker:
            rt.forget_state(hook.session_key, "ack")
            fresh = now - float(marker.get("t", 0) or 0) <= ACK_TTL_S
            if fresh and int(marker.get("count", 0) or 0) > 0:
                return Answer(output.deny(_gate_reason(marker)))
    if hook.tool_name != "Bash" or not rt.resident:  # without the helper a search would cost each tool call ~1 s
        return Answer()
    return Answer(output.context("PreToolUse", _command_warning(rt, hook.command)))


def _gate_reason(marker: dict[str, Any]) -> str:
    note = f"{marker.get('count')} relevant learning(s) from past sessions were recalled for this task:"
    return output.noted(note, str(marker.get("summary", ""))) + (
        "\n\nSay which of them apply before proceeding, then retry. "
        "(tiermem asks once per prompt; this is the normal workflow, not an error.)"
    )


def _command_warning(rt: Runtime, command: str) -> str:
    """A "tried before: failed with ..., what worked ..." note for a pending command that failed before."""
    if not command.strip() or rules.is_test_command(command) or rules.READ_ONLY.match(command):
        return ""
    memory = rt.memory("project")
    assert memory is not None
    hits = memory.search(
        command[:500],
        agent_id=rt.place.agent_id,
        limit=5,
        type=["error_resolution", "failed_approach"],
        reinforce=False,
    )
    for hit in hits:
        before = str(hit.memory.metadata.get("command", ""))
        if before and rules.similar_command(before, command):
            error = hit.memory.metadata.get("error", "")
            fix = "; ".join(hit.memory.metadata.get("fix") or []) or hit.memory.metadata.get("worked_instead", "")
            told = f"`{command[:200]}` failed with {error}." + (f" What worked: {fix}." if fix else "")
            return output.noted(f"[tiermem] Tried before (trust: {trust_of(hit.memory.source)}):", told)
    return ""


# --- PostToolUse / PostToolUseFailure ------------------------------------------------------------------------


def post_tool_use(rt: Runtime, hook: HookInput, gate: bool, now: float) -> Answer:
    state = rt.load(hook.session_key, "session") or tracker.new_state()
    learnings = tracker.observe(state, hook, now)
    for learning in learnings:
        record = rt.learn(learning, hook.session_id, hook.event)
        if learning.key:
            state["ids"][learning.key] = record.id
        if learning.resolves:
            _mark_worked(rt, state["ids"].pop(learning.resolves, None), learning.text)
    rt.save(hook.session_key, "session", state)
    if hook.event == "PostToolUseFailure" and hook.tool_name == "Bash" and rt.resident:
        return Answer(output.context(hook.event, _seen_before(rt, hook)))
    return Answer()


def _mark_worked(rt: Runtime, memory_id: str | None, what: str) -> None:
    """A failed approach learns what worked instead (shown with its warning)."""
    memory = rt.memory("project")
    if memory_id is None or memory is None:
        return
    record = memory.get(memory_id, agent_id=rt.place.agent_id)
    if record.is_current:
        memory.update(record.id, agent_id=rt.place.agent_id, metadata={**record.metadata, "worked_instead": what})


def _seen_before(rt: Runtime, hook: HookInput) -> str:
    """After a failure: how the same error was resolved before, if it was."""
    error = rules.error_line(hook.error)
    if len(error) < 10:
        return ""
    memory = rt.memory("project")
    assert memory is not None
    for hit in memory.search(error, agent_id=rt.place.agent_id, limit=3, type="error_resolution", reinforce=False):
        if hit.tier == "hot" and str(hit.memory.metadata.get("error", "")).strip() == error.strip():
            trust = trust_of(hit.memory.source)
            return output.noted(f"[tiermem] This error was resolved before (trust: {trust}):", hit.memory.text)
    return ""


# --- Stop / SessionEnd / PreCompact --------------------------------------------------------------------------


def session_boundary(rt: Runtime, hook: HookInput, gate: bool, now: float) -> Answer:
    """Answer at once; the transcript is read by a job after the answer (never twice for the same lines)."""
    job: dict[str, Any] = {
        "kind": "extract",
        "event": hook.event,
        "session_id": hook.session_id,
        "session_key": hook.session_key,
        "transcript_path": hook.transcript_path,
        "distill": hook.event in ("SessionEnd", "PreCompact"),
    }
    return Answer(jobs=[job])


class JobDone(TypedDict):
    learned: int
    distilled: NotRequired[list[journal.Distilled]]


def run_job(rt: Runtime, job: dict[str, Any]) -> JobDone:
    """Extract learnings from the transcript's new lines, write the session checkpoint, distil if asked."""
    session_id, key = str(job.get("session_id", "unknown")), str(job.get("session_key", "unknown"))
    event = str(job.get("event", "Stop"))
    learned = 0
    path = str(job.get("transcript_path") or "")
    if path:
        offsets = rt.load(key, "transcript")
        start = int(offsets.get("offset", 0)) if offsets.get("path") == path else 0
        messages, end = read_new(path, start)
        for learning in extract(rt, messages):
            rt.learn(learning, session_id, event)
            learned += 1
        rt.save(key, "transcript", {"path": path, "offset": end})  # these lines are never read again
    _checkpoint(rt, key, session_id, event)
    done: JobDone = {"learned": learned}
    if job.get("distill"):
        done["distilled"] = distill_all(rt)
    if event == "SessionEnd":
        rt.end_session(key)
    return done


def extract(rt: Runtime, messages: list[Message]) -> list[Learning]:
    """Learnings the new transcript lines state: the LLM's when one is configured, else the rules'."""
    if not messages:
        return []
    llm = _llm(rt)
    if llm is not None:
        try:
            return llm(messages)
        except LLMError:
            pass  # the rules below still run: an LLM outage never loses the session's learnings
    found: list[Learning] = []
    for message in messages:
        if message.role == "assistant":
            found += [
                Learning(t, text, ("stop_hook", *rules.keywords(text, 5)))
                for t, text in rules.extract_learnings(message.text)
            ]
        else:
            correction = rules.detect_correction(message.text)
            if correction is not None:
                found.append(Learning(correction.kind, correction.text, (*correction.tags, "stop_hook")))
    return found[: rules.MAX_LEARNINGS_PER_RUN * 2]


_LLM_PROMPT = """From this coding-session transcript excerpt, list at most 5 durable learnings worth remembering in
future sessions: decisions, fixes that worked, approaches that failed (and why), codebase patterns, the user's
corrections and preferences. Skip anything specific to this one conversation.
Answer with JSON: {{"learnings": [{{"type": one of {types}, "content": "one self-contained sentence"}}]}}

Transcript:
{text}"""
_LLM_TYPES = (
    "architectural_decision",
    "working_solution",
    "failed_approach",
    "codebase_pattern",
    "user_correction",
    "user_preference",
)


def _llm(rt: Runtime) -> Callable[[list[Message]], list[Learning]] | None:
    memory = rt.memory("project")
    client = memory.llm.client("extract") if memory is not None else None
    if client is None or not hasattr(client, "complete_json"):
        return None

    def ask(messages: list[Message]) -> list[Learning]:
        text = "\n".join(f"[{m.role.upper()}] {m.text}" for m in messages)[-EXTRACT_WINDOW_CHARS:]
        prompt = _LLM_PROMPT.format(types=", ".join(_LLM_TYPES), text=fence(text))  # the transcript is data
        return list(client.complete_json(prompt, _valid_learnings))

    return ask


def _valid_learnings(answer: Any) -> list[Learning]:
    items = answer.get("learnings") if isinstance(answer, dict) else None
    if not isinstance(items, list):
        raise ValueError('expected {"learnings": [...]}')
    found = []
    for item in items[:5]:
        if isinstance(item, dict) and item.get("type") in _LLM_TYPES and isinstance(item.get("content"), str):
            content = " ".join(item["content"].split())[:500]
            if len(content) >= 20:
                found.append(
                    Learning(item["type"], content, ("stop_hook", "llm_extracted", *rules.keywords(content, 5)))
                )
    return found


def _checkpoint(rt: Runtime, key: str, session_id: str, event: str) -> None:
    """One checkpoint memory per session, rewritten (superseded) when what it says changes."""
    files = [str(f) for f in (rt.load(key, "session").get("files") or [])][-8:]
    notes = rt.load(key, "checkpoint")
    learned = _session_learnings(rt, session_id)[-3:]
    if not learned and not files:
        return
    day = datetime.now(UTC).date().isoformat()
    text = f"Session {session_id[:8]} ({day}): " + " | ".join(learned or ["no new learnings"])
    text += f" | edited: {', '.join(files)}" if files else ""
    if text == notes.get("text"):
        return
    memory = rt.memory("project")
    assert memory is not None
    record = None
    if isinstance(notes.get("id"), str):
        try:
            record = memory.update(notes["id"], agent_id=rt.place.agent_id, text=text)
            rt.journal("project", record, session_id, event)
        except TiermemError:  # forgotten or purged meanwhile: start a new checkpoint
            record = None
    if record is None:
        checkpoint = Learning("session_note", text, (journal.CHECKPOINT_TAG,))
        record = rt.learn(checkpoint, session_id, event, store="project", dedup=False)
    rt.save(key, "checkpoint", {"id": record.id, "text": text})


def _session_learnings(rt: Runtime, session_id: str) -> list[str]:
    """What this session taught, as the journals (project, then user) recorded it."""
    found = []
    for _, path in rt.place.stores():
        for entry in journal.entries(path, tail_bytes=256 * 1024):
            tags = entry.get("tags") or ()
            if entry.get("session_id") == session_id and journal.CHECKPOINT_TAG not in tags:
                found.append(str(entry.get("content", ""))[:100])
    return list(dict.fromkeys(found))


def distill_all(rt: Runtime) -> list[journal.Distilled]:
    done = []
    for name, path in rt.place.stores():
        memory = rt.memory(name)
        if memory is not None:
            done.append(journal.distill(memory, path, agent_id=rt.place.agent_id, universal=name == "user"))
    return done


_HANDLERS: dict[str, Callable[[Runtime, HookInput, bool, float], Answer]] = {
    "SessionStart": session_start,
    "UserPromptSubmit": user_prompt_submit,
    "PreToolUse": pre_tool_use,
    "PostToolUse": post_tool_use,
    "PostToolUseFailure": post_tool_use,
    "Stop": session_boundary,
    "SessionEnd": session_boundary,
    "PreCompact": session_boundary,
}
