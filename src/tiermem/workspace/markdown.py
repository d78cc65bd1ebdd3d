"""Markdown helpers for the workspace files: headings, sections, and the generated hot-state block. Pure.

Sections are found line by line, never with one regex over the whole file (the original loader's
``.*?`` patterns could run from one thread into the next). Headings inside fenced code blocks count as text.
"""

from __future__ import annotations

import re

HOT_START = "<!-- tiermem:hot:start -->"
HOT_END = "<!-- tiermem:hot:end -->"
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_RULE = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,})\s*$")


def heading(line: str) -> tuple[int, str] | None:
    """(level, title) of a markdown heading line, else None."""
    match = _HEADING.match(line)
    return (len(match.group(1)), match.group(2)) if match else None


def plain_lines(lines: list[str]) -> list[bool]:
    """For each line, True when it is ordinary text: outside fenced code, multi-line HTML comments (the
    templates' examples) and the hot block."""
    plain, fence, comment, hot = [], False, False, False
    for line in lines:
        stripped = line.strip()
        if not comment and (stripped.startswith("```") or stripped.startswith("~~~")):
            fence = not fence
            plain.append(False)
            continue
        if not fence and not comment and stripped.startswith("<!--") and "-->" not in stripped:
            comment = True
        if stripped == HOT_START:
            hot = True
        plain.append(not fence and not comment and not hot)
        if comment and "-->" in stripped:
            comment = False
        if stripped == HOT_END:
            hot = False
    return plain


def section_spans(lines: list[str], level: int, *, stop_at_rule: bool = False) -> list[tuple[str, int, int]]:
    """(title, first line, end line) of every heading of ``level``; a section ends at the next heading of
    the same or a higher level (or at a horizontal rule, when asked)."""
    plain = plain_lines(lines)
    spans: list[tuple[str, int, int]] = []
    current: tuple[str, int] | None = None
    for i, line in enumerate(lines):
        found = heading(line) if plain[i] else None
        ends = (found is not None and found[0] <= level) or (stop_at_rule and plain[i] and bool(_RULE.match(line)))
        if current is not None and ends:
            spans.append((current[0], current[1], i))
            current = None
        if found is not None and found[0] == level:
            current = (found[1], i)
    if current is not None:
        spans.append((current[0], current[1], len(lines)))
    return spans


def sections(text: str, title: str, level: int, *, stop_at_rule: bool = False) -> list[str]:
    """Every section of ``level`` whose title starts with ``title`` (case-insensitive), heading included."""
    lines = text.split("\n")
    wanted = title.lower()
    return [
        _trim_rules("\n".join(lines[start:end]))
        for name, start, end in section_spans(lines, level, stop_at_rule=stop_at_rule)
        if name.lower().startswith(wanted)
    ]


def _trim_rules(text: str) -> str:
    """Without the horizontal rules and blank lines that separate it from what follows."""
    lines = text.strip().split("\n")
    while len(lines) > 1 and (not lines[-1].strip() or _RULE.match(lines[-1])):
        lines.pop()
    return "\n".join(lines).strip()


def without_hot_block(text: str) -> str:
    """The text minus the generated hot-state block (shown separately when the hot state is loaded)."""
    lines = text.split("\n")
    plain = plain_lines(lines)
    kept = [line for line, keep in zip(lines, plain, strict=True) if keep and line.strip() != HOT_END]
    return "\n".join(kept)


def without_sections(text: str, titles: tuple[str, ...], level: int = 2) -> str:
    """The text minus the named sections of ``level`` (e.g. MEMORY.md's Maintenance Log)."""
    lines = text.split("\n")
    drop: set[int] = set()
    for name, start, end in section_spans(lines, level):
        if name.lower().startswith(tuple(t.lower() for t in titles)):
            drop.update(range(start, end))
    return "\n".join(line for i, line in enumerate(lines) if i not in drop).strip()
