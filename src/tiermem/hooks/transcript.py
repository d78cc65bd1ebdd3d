"""Claude Code's transcript JSONL: read what was added since the last extraction, keep the user's and the
assistant's words.

Each line is one JSON record; ``user`` and ``assistant`` records carry ``message.content`` as a string or a
list of blocks (``text``, ``tool_use``, ``tool_result``, ``thinking``). The format is internal to Claude Code
and changes, so every line is parsed defensively and anything unexpected is skipped. The file is written
while the hook runs: a last line without its newline is left for the next read. Stdlib only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_READ_BYTES = 2_000_000  # one extraction reads at most this much (a first read takes the tail)
MAX_TEXT_CHARS = 20_000


@dataclass(frozen=True, slots=True)
class Message:
    role: str  # user | assistant
    text: str


def parse_line(line: bytes | str) -> Message | None:
    """The message of one transcript line, or None for anything else (tool results, summaries, junk)."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(record, dict) or record.get("type") not in ("user", "assistant") or record.get("isMeta"):
        return None
    message = record.get("message")
    if not isinstance(message, dict):
        return None
    text = _text_of(message.get("content")).strip()
    return Message(str(record["type"]), text[:MAX_TEXT_CHARS]) if text else None


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    parts = [
        b["text"] for b in content if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)
    ]
    return "\n".join(parts)


def read_new(path: str | Path, offset: int) -> tuple[list[Message], int]:
    """Messages of the complete lines after byte ``offset``, and the offset to resume from.

    A file shorter than ``offset`` was replaced (``/clear``): read it from the start. A first read of a
    long file takes its tail only."""
    try:
        with open(path, "rb") as handle:
            size = handle.seek(0, 2)
            start = 0 if offset > size or offset < 0 else offset
            skip_partial = size - start > MAX_READ_BYTES
            start = max(start, size - MAX_READ_BYTES)
            handle.seek(start)
            data = handle.read(size - start)
    except OSError:
        return [], max(offset, 0)
    if skip_partial:  # we started mid-line: drop up to the first newline
        cut = data.find(b"\n") + 1
        data, start = data[cut:], start + cut
    end = data.rfind(b"\n") + 1
    messages = [m for m in (parse_line(line) for line in data[:end].splitlines() if line.strip()) if m]
    return messages, start + end
