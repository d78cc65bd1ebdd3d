"""Daily notes (``memory/YYYY-MM-DD*.md``, seed 000): facts worth keeping, completeness checks, metadata. Pure.

Facts come from the seed's three rules: checked tasks (``- [x]``, ``* [x]``), bold lines and bold list items
(``- **Decision: ...**``), and list items with a decision verb; a list item saying something was done
("Installed ...", "Fixed ...") is kept too, as ``done``, not as a decision. The ``## section`` a line sits
under chooses its category through configurable keyword rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from itertools import pairwise
from typing import TypedDict

from ..config import DailySection, DailySettings
from ..results import Result
from ..text import extract_commands, extract_metadata, extract_paths, extract_urls, normalize, running_commands

NOTE_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2})[^/\\]*\.md$")
_DECISION = re.compile(
    r"\b(?:decided|decision|agreed|chose|chosen|settled on|going with|will use|opted)\b", re.IGNORECASE
)
# Something done is worth keeping, but it is not a decision.
_DONE = re.compile(
    r"\b(?:confirmed|fixed|blocked|resolved|deployed|installed|created|published|completed|migrated|"
    r"downloaded|cloned|upgraded|merged|released|shipped)\b",
    re.IGNORECASE,
)
_BULLET = re.compile(r"^(?:[-*+]|\d{1,3}[.)])\s+")
_CHECKED = re.compile(r"^\[[xX]\]\s*")
_DECISION_LABEL = re.compile(r"^decision\s*:", re.IGNORECASE)
MIN_FACT_CHARS = 15
IMPORTANCE = {"checked_task": 0.7, "bold": 0.7, "decision": 0.75, "done": 0.65}


@dataclass(frozen=True, slots=True)
class NoteFact(Result):
    text: str
    category: str
    importance: float
    line: int  # 1-based
    rule: str  # checked_task, bold or decision
    metadata: dict[str, list[str]]


class NoteCheck(TypedDict):
    """The seed's completeness check of a daily note."""

    status: str
    warnings_count: int
    warnings: list[str]
    suggestions: list[str]


class FileMetadata(TypedDict):
    """The seed's ``extract-metadata``: the lists found (urls, commands, paths) and their counts."""

    metadata: dict[str, list[str]]
    summary: dict[str, int]


def note_date(name: str) -> date | None:
    """The date a daily note's file name starts with (None for other files)."""
    match = NOTE_NAME.match(name)
    if match is None:
        return None
    try:
        return date.fromisoformat(match.group(1))
    except ValueError:
        return None


def section_category(header: str, sections: Sequence[DailySection], default: str) -> str:
    lowered = header.lower()
    for section in sections:
        if any(word.lower() in lowered for word in section.match):
            return section.category
    return default


def _fact_of(line: str) -> tuple[str, str] | None:
    """(text, rule) when a line is a fact by one of the seed's rules; any list marker (-, *, +, 1.)."""
    bullet = _BULLET.match(line)
    item = line[bullet.end() :] if bullet else line
    checked = _CHECKED.match(item) if bullet else None
    if checked:
        return item[checked.end() :].strip().lstrip("* ").rstrip(), "checked_task"
    if item.startswith("**") and item.count("**") >= 2 and len(item) > 10:
        text = item.replace("**", "").strip().rstrip(":").strip()
        return text, "decision" if _DECISION_LABEL.match(text) else "bold"
    if bullet and len(line) > 30:
        if _DECISION.search(item):
            return item.strip(), "decision"
        if _DONE.search(item):
            return item.strip(), "done"
    return None


def extract_facts(text: str, settings: DailySettings) -> list[NoteFact]:
    facts: list[NoteFact] = []
    seen: set[str] = set()
    category = settings.default_category
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("## "):
            category = section_category(line[3:], settings.sections, settings.default_category)
            continue
        found = _fact_of(line)
        if found is None:
            continue
        body, rule = " ".join(found[0].replace("**", "").split()), found[1]
        if len(body) < MIN_FACT_CHARS or normalize(body) in seen:
            continue
        seen.add(normalize(body))
        facts.append(NoteFact(body, category, IMPORTANCE[rule], number, rule, extract_metadata(body)))
    return facts


# --- validate ----------------------------------------------------------------------------------------

_LINK = re.compile(r"https?://|www\.", re.IGNORECASE)
_COMMAND = re.compile(r"`[^`\n]+`|^[ \t]*\$[ \t]+\S", re.MULTILINE)  # [ \t]: one line, and linear on blank lines
ACTIONS = ("download", "install", "configure", "setup", "deploy")
DECISIONS = ("decided", "chose", "selected", "will use")
NEXT_STEPS = ("next", "todo", "action", "download", "install", "configure", "http")
SUGGESTIONS = {
    "url": "Add URLs for mentioned tools/services",
    "command": "Include command examples for setup/installation steps",
    "next": "Document next steps after decisions",
}


def _first(text: str, word: str) -> int:
    match = re.search(rf"\b{re.escape(word)}", text, re.IGNORECASE)
    return -1 if match is None else match.start()


_HEADER = re.compile(r"^#{1,6}[ \t]", re.MULTILINE)


def _sections(text: str) -> list[str]:
    """The note cut at its markdown headers: a setup step and its command sit under the same one."""
    starts = [0, *(m.start() for m in _HEADER.finditer(text)), len(text)]
    return [text[a:b] for a, b in pairwise(starts) if b > a]


def _without_command(text: str, action: str) -> bool:
    """``action`` ("install") is mentioned, but no section that mentions it shows a command (in backticks, after
    ``$``, or written in the sentence: "run pip install comfyui"), and no command anywhere does it."""
    if _first(text, action) < 0:
        return False
    if any(action in command.lower() for command in extract_commands(text, limit=50)):
        return False
    mentioning = [part for part in _sections(text) if _first(part, action) >= 0]
    return not any(_COMMAND.search(part) or running_commands(part) for part in mentioning)


def validate_note(text: str, tools: Sequence[str]) -> NoteCheck:
    """The seed's completeness check: tools without a link, setup steps without a command (judged by the
    note's sections), decisions without a next step (judged in a window around their first mention)."""
    warnings: list[str] = []
    kinds: list[str] = []

    def warn(kind: str, message: str) -> None:
        warnings.append(message)
        if kind not in kinds:
            kinds.append(kind)

    for tool in tools:
        at = _first(text, tool)
        if at >= 0 and not _LINK.search(text[max(0, at - 250) : at + len(tool) + 250]):
            warn("url", f"Tool '{text[at : at + len(tool)]}' mentioned without URL/documentation link")
    for action in ACTIONS:
        if _without_command(text, action):
            warn("command", f"Action '{action}' mentioned without command example")
    for decision in DECISIONS:
        at = _first(text, decision)
        if at >= 0 and not any(w in text[max(0, at - 50) : at + 300].lower() for w in NEXT_STEPS):
            warn("next", f"Decision '{decision}' mentioned without next steps")
    return {
        "status": "warning" if warnings else "ok",
        "warnings_count": len(warnings),
        "warnings": warnings,
        "suggestions": [SUGGESTIONS[k] for k in kinds],
    }


def file_metadata(text: str) -> FileMetadata:
    """The seed's ``extract-metadata``: every list present, with counts."""
    metadata = {"urls": extract_urls(text), "commands": extract_commands(text), "paths": extract_paths(text)}
    return {"metadata": metadata, "summary": {f"{k}_count": len(v) for k, v in metadata.items()}}
