"""threads.md: ongoing topics with state and momentum. Parsing and updates are pure and stay inside one
thread's block, so an update can never spill into the next thread (the original writer's regexes could).

A thread block starts at ``## Thread: Title`` and ends at the next ``##`` or ``#`` heading. Its fields are
``- **ID**:``, ``- **Status**:``, ``- **Started**:``, ``- **Last touched**:``, ``- **Sessions involved**:``
and ``###`` subsections (Current Position, Key Decisions Made, Open Questions, Next Likely Steps, Related).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import ValidationError
from .markdown import heading, plain_lines

THREAD_ID = re.compile(r"^thread-[a-z0-9][a-z0-9-]{0,62}\Z")
_FIELD = re.compile(r"^- \*\*(ID|Status|Started|Last touched|Sessions involved)\*\*:\s*(.*)$")
CLOSED_HEADING = "# Closed Threads"
_PLACEHOLDER = re.compile(r"^\(No active threads yet\..*\)$")
_UPDATE_KEYS = frozenset(
    {"title", "current_position", "new_open_questions", "closed_questions", "status", "next_steps", "decision"}
)


@dataclass(frozen=True, slots=True)
class Thread:
    id: str
    title: str
    status: str
    start: int  # line index of "## Thread:"
    end: int  # line index after the block
    closed_section: bool  # under "# Closed Threads"
    fields: dict[str, str]


def check_thread_id(value: object) -> str:
    if not isinstance(value, str) or not THREAD_ID.match(value):
        raise ValidationError(f"invalid thread id {value!r}: use thread-<slug> (lower-case letters, digits, '-')")
    return value


def parse_threads(text: str) -> list[Thread]:
    lines = text.split("\n")
    plain = plain_lines(lines)
    starts = []
    closed = False
    bounds: list[int] = []
    for i, line in enumerate(lines):
        found = heading(line) if plain[i] else None
        if found is None or found[0] > 2:
            continue
        bounds.append(i)
        if found[0] == 1:
            closed = found[1].lower().startswith("closed threads")
        elif found[1].startswith("Thread:"):
            starts.append((i, found[1].removeprefix("Thread:").strip(), closed))
    threads = []
    for start, title, in_closed in starts:
        end = next((b for b in bounds if b > start), len(lines))
        while end > start + 1 and lines[end - 1].strip() in ("", "---"):
            end -= 1  # the rule and blank lines before the next heading separate threads; they belong to none
        fields = {m.group(1): m.group(2).strip() for line in lines[start:end] if (m := _FIELD.match(line))}
        if "ID" in fields:
            status = fields.get("Status", "active").split()[0].lower() if fields.get("Status") else "active"
            threads.append(
                Thread(fields["ID"], title, "closed" if in_closed else status, start, end, in_closed, fields)
            )
    return threads


def block(text: str, thread: Thread) -> str:
    return "\n".join(text.split("\n")[thread.start : thread.end]).strip()


def headers(text: str) -> str:
    """Title, ID, status and current position of every open thread: what a new topic needs to see."""
    lines = text.split("\n")
    out = []
    for thread in parse_threads(text):
        if thread.closed_section:
            continue
        head = [lines[thread.start], f"- **ID**: {thread.id}", f"- **Status**: {thread.fields.get('Status', '')}"]
        position = _subsection(lines[thread.start : thread.end], "Current Position")
        if position:
            head += ["### Current Position", *position]
        out.append("\n".join(head))
    return "\n\n".join(out)


def _subsection(lines: Sequence[str], title: str) -> list[str]:
    """Body lines of ``### title`` inside a thread block, blank edges trimmed."""
    body: list[str] = []
    inside = False
    for line in lines:
        found = heading(line)
        if found is not None:
            if inside:
                break
            inside = found[0] == 3 and found[1].lower().startswith(title.lower())
            continue
        if inside:
            body.append(line)
    while body and not body[-1].strip():
        body.pop()
    while body and not body[0].strip():
        body.pop(0)
    return body


def new_block(thread_id: str, title: str, today: str, position: str = "") -> str:
    return (
        f"## Thread: {title}\n- **ID**: {thread_id}\n- **Status**: active\n- **Started**: {today}\n"
        f"- **Last touched**: {today}\n- **Sessions involved**: 0\n\n### Current Position\n"
        f"{position or '(Where this stands: enough to resume it cold.)'}\n\n### Key Decisions Made\n\n"
        "### Open Questions\n\n### Next Likely Steps\n\n### Related\n"
    )


def title_from_id(thread_id: str) -> str:
    """``thread-project-alpha`` → ``Project alpha``: the title of a thread created by an update without one."""
    words = thread_id.removeprefix("thread-").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


@dataclass(frozen=True, slots=True)
class SessionDecision:
    """A decision of the session, for the Key Decisions Made of the threads it touched."""

    decision: str
    reasoning: str
    ref: str  # where the daily log records it, e.g. memory/2026-02-13.md#decisions


def apply_updates(
    text: str,
    updates: Mapping[str, Mapping[str, Any]],
    touched: Sequence[str],
    today: str,
    decisions: Sequence[SessionDecision] = (),
) -> str:
    """Advance the touched threads: position, open/closed questions, status, Last touched, sessions + 1, and
    the session's decisions under Key Decisions Made (the daily log refers each decision to these threads).

    A thread id that is not in the file is created by an update (seed 003's example gives no title: it then
    comes from the id); a bare touch of an unknown thread is recorded in the log only.
    """
    for thread_id in dict.fromkeys([*touched, *updates]):
        update = updates.get(thread_id, {})
        unknown = set(update) - _UPDATE_KEYS
        if unknown:
            raise ValidationError(
                f"unknown thread update key(s) {', '.join(sorted(unknown))} for {thread_id}; "
                f"known: {', '.join(sorted(_UPDATE_KEYS))}"
            )
        found = next((t for t in parse_threads(text) if t.id == thread_id), None)
        if found is None:
            if thread_id not in updates:
                continue
            title = str(update.get("title") or title_from_id(thread_id))
            position = str(update.get("current_position") or "")
            text = _insert(text, new_block(check_thread_id(thread_id), title, today, position))
            found = next((t for t in parse_threads(text) if t.id == thread_id), None)
            if found is None:  # the new block landed inside something that hides it
                raise ValidationError(
                    f"threads.md has an unclosed code fence, <!-- comment or tiermem block, which would hide the "
                    f"new thread {thread_id}; close it and end the session again"
                )
        lines = text.split("\n")
        lines[found.start : found.end] = _update_block(lines[found.start : found.end], update, today, decisions)
        text = "\n".join(lines)
    return text


def _insert(text: str, new: str) -> str:
    """A new thread goes before ``# Closed Threads`` (or at the end), replacing the template placeholder."""
    lines = [line for line in text.split("\n") if not _PLACEHOLDER.match(line.strip())]
    at = next((i for i, line in enumerate(lines) if line.strip() == CLOSED_HEADING), len(lines))
    while at > 0 and lines[at - 1].strip() in ("", "---"):
        at -= 1
    return "\n".join([*lines[:at], "", new.rstrip(), *lines[at:]]).rstrip() + "\n"


def _update_block(
    lines: list[str], update: Mapping[str, Any], today: str, decisions: Sequence[SessionDecision]
) -> list[str]:
    out = []
    for line in lines:
        match = _FIELD.match(line)
        if match and match.group(1) == "Last touched":
            line = f"- **Last touched**: {today}"
        elif match and match.group(1) == "Sessions involved":
            count = re.match(r"\d{1,9}", match.group(2))
            line = f"- **Sessions involved**: {int(count.group()) + 1 if count else 1}"
        elif match and match.group(1) == "Status" and update.get("status"):
            line = f"- **Status**: {update['status']}"
        out.append(line)
    if update.get("current_position"):
        out = _replace_subsection(out, "Current Position", [str(update["current_position"])])
    closed = [str(q) for q in update.get("closed_questions") or ()]
    out = [
        f"- [x] {line.strip()[6:]}" if line.strip()[6:] in closed and line.strip()[:6] == "- [ ] " else line
        for line in out
    ]
    unlisted = [q for q in closed if f"- [x] {q}" not in (line.strip() for line in out)]
    asked = [f"- [ ] {q}" for q in update.get("new_open_questions") or ()]
    if asked or unlisted:  # a question answered before it was ever listed is still worth the record
        out = _append_subsection(out, "Open Questions", [*asked, *(f"- [x] {q}" for q in unlisted)])
    made = [f"**{update['decision']}** ({today})"] if update.get("decision") else []
    made += [f"**{d.decision}**: {d.reasoning.rstrip('.')}. [ref: {d.ref}]" for d in decisions if d.reasoning]
    made += [f"**{d.decision}** [ref: {d.ref}]" for d in decisions if not d.reasoning]
    if made:
        out = _append_numbered(out, "Key Decisions Made", made)
    if update.get("next_steps"):
        out = _replace_subsection(out, "Next Likely Steps", [f"1. {s}" for s in update["next_steps"]])
    return out


def _subsection_span(lines: list[str], title: str) -> tuple[int, int] | None:
    for i, line in enumerate(lines):
        found = heading(line)
        if found and found[0] == 3 and found[1].lower().startswith(title.lower()):
            end = next((j for j in range(i + 1, len(lines)) if heading(lines[j])), len(lines))
            return i + 1, end
    return None


def _replace_subsection(lines: list[str], title: str, body: list[str]) -> list[str]:
    span = _subsection_span(lines, title)
    if span is None:
        return [*lines, "", f"### {title}", *body]
    trailing = [""] if span[1] < len(lines) else []
    return [*lines[: span[0]], *body, *trailing, *lines[span[1] :]]


def _append_subsection(lines: list[str], title: str, items: list[str]) -> list[str]:
    span = _subsection_span(lines, title)
    if span is None:
        return [*lines, "", f"### {title}", *items]
    body = lines[span[0] : span[1]]
    last = max((i for i, line in enumerate(body) if line.strip()), default=-1)
    body = [*body[: last + 1], *items, *body[last + 1 :]]
    if last == -1 and (not body or body[-1].strip()):
        body.append("")
    return [*lines[: span[0]], *body, *lines[span[1] :]]


def _append_numbered(lines: list[str], title: str, items: list[str]) -> list[str]:
    """Items numbered on from the subsection's last number (not "1." each, which reads wrong as plain text)."""
    span = _subsection_span(lines, title)
    body = lines[span[0] : span[1]] if span else []
    first = 1 + sum(1 for line in body if re.match(r"^\d+\. ", line.strip()))
    return _append_subsection(lines, title, [f"{first + i}. {item}" for i, item in enumerate(items)])


def open_thread_ids(text: str) -> list[dict[str, str]]:
    """state.json's active_threads, derived from the file (it is the source of truth for thread ids)."""
    return [
        {"id": t.id, "title": t.title, "status": t.status, "last_touched": t.fields.get("Last touched", "")}
        for t in parse_threads(text)
        if not t.closed_section and t.status in ("active", "paused")
    ]
