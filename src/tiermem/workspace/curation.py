"""The MEMORY.md curation cycle (seed 003's decay rules). Pure: text and tracker in, text and tracker out.

Entries are ``- [N sessions] [high|medium|low] text`` lines under ``## Active`` and ``- [N sessions ago]
text`` lines under ``## Fading``. At each session end: a referenced entry's count goes up by one; an Active
entry unreferenced for 7 sessions moves to Fading; a Fading entry that is referenced again returns to Active
with its count reset; one that stays in Fading for 20 sessions moves to archive.md. Every other line (the
author's prose, plain bullets, the generated hot-state block, other sections) is left byte for byte.
The tracker (in state.json) remembers when each entry was last referenced.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..recall.query import STOP_WORDS, stem
from ..text import content_hash, normalize, tokens
from .markdown import heading, plain_lines, section_spans

ACTIVE_ENTRY = re.compile(r"^- \[(\d{1,9}) sessions?\] \[(high|medium|low)\] (.+?)\s*$")
FADING_ENTRY = re.compile(r"^- \[(\d{1,9}) sessions? ago\] (.+?)\s*$")
FADE_AFTER = 7
ARCHIVE_AFTER = 20
REVIEW_EVERY = 5
REFERENCE_SHARE = 0.6
_PLACEHOLDER = re.compile(r"^\(.*\)$")
_NOTHING_YET = re.compile(r"^\(Nothing here yet.*\)$")
_LAST_REVIEWED = re.compile(r"^> Last reviewed: .*$")

Referenced = Callable[[str], bool]


@dataclass(frozen=True, slots=True)
class Archived:
    text: str
    section: str
    first_day: str
    last_day: str


@dataclass
class Curation:
    text: str
    tracker: dict[str, dict[str, Any]]
    archived: list[Archived] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)

    @property
    def fading(self) -> bool:
        """Whether any entry is waiting in Fading (the archive_candidates_exist flag)."""
        return any(FADING_ENTRY.match(line) for line in self.text.split("\n"))


def entry_key(text: str) -> str:
    return content_hash(text)[:16]


def _content_stems(text: str) -> set[str]:
    return {stem(w) for w in tokens(text) if len(w) > 2 and w not in STOP_WORDS}


def reference_matcher(corpus: str, explicit: Sequence[str] = ()) -> Referenced:
    """An entry counts as referenced when named explicitly, or when most of its content words (stemmed)
    occur in what the session wrote (summary, notes, decisions, thread positions)."""
    seen = _content_stems(corpus)
    named = [n for n in (normalize(e) for e in explicit) if n]

    def referenced(entry: str) -> bool:
        flat = normalize(entry)
        if any(n in flat or flat in n for n in named):
            return True
        stems = _content_stems(entry)
        return len(stems) >= 2 and len(stems & seen) >= REFERENCE_SHARE * len(stems)

    return referenced


@dataclass
class _Plan:
    """Line edits against the original text: replacements, removals and insertions after a line."""

    replace: dict[int, str] = field(default_factory=dict)
    remove: set[int] = field(default_factory=set)
    insert: dict[int, list[str]] = field(default_factory=dict)

    def add(self, after: int, lines: list[str]) -> None:
        self.insert.setdefault(after, []).extend(lines)

    def apply(self, lines: list[str]) -> list[str]:
        out = list(self.insert.get(-1, []))
        for i, line in enumerate(lines):
            if i not in self.remove:
                out.append(self.replace.get(i, line))
            out.extend(self.insert.get(i, []))
        return out


def curate(text: str, tracker: dict[str, dict[str, Any]], session: int, today: str, referenced: Referenced) -> Curation:
    """One session end's pass of the decay rules over MEMORY.md."""
    lines = text.split("\n")
    spans = {name.lower(): (start, end) for name, start, end in reversed(section_spans(lines, 2))}
    if "active" not in spans:
        return Curation(text, dict(tracker))
    result = Curation(text, {})
    plan = _Plan()
    plain = plain_lines(lines)
    revived = _walk_fading(lines, plain, spans.get("fading"), tracker, session, today, referenced, plan, result)
    faded = _walk_active(lines, plain, spans["active"], tracker, session, today, referenced, plan, result)
    _place_revived(lines, spans["active"], revived, plan)
    _place_faded(lines, spans, faded, plan)
    _log(lines, spans.get("maintenance log"), today, result.changes, plan)
    result.text = "\n".join(plan.apply(lines))
    return result


def _walk_active(
    lines: list[str],
    plain: list[bool],
    span: tuple[int, int],
    tracker: dict[str, dict[str, Any]],
    session: int,
    today: str,
    referenced: Referenced,
    plan: _Plan,
    result: Curation,
) -> list[str]:
    faded = []
    section = ""
    for i in range(span[0] + 1, span[1]):
        found = heading(lines[i]) if plain[i] else None
        if found is not None and found[0] == 3:
            section = found[1]
        match = ACTIVE_ENTRY.match(lines[i]) if plain[i] else None
        if match is None or _PLACEHOLDER.match(match.group(3)):
            continue
        count, confidence, body = int(match.group(1)), match.group(2), match.group(3)
        info = dict(tracker.get(entry_key(body)) or {"last": session, "first_day": today, "last_day": today})
        info.update(section=section, confidence=confidence, fading_since=None)
        if referenced(body):
            info.update(last=session, last_day=today)
            plan.replace[i] = _active_line(count + 1, confidence, body)
        elif session - int(info["last"]) >= FADE_AFTER:
            info["fading_since"] = session
            plan.remove.add(i)
            faded.append(_fading_line(session - int(info["last"]), body))
            result.changes.append(f"Faded (unreferenced {session - int(info['last'])} sessions): {_short(body)}")
        result.tracker[entry_key(body)] = info
    return faded


def _walk_fading(
    lines: list[str],
    plain: list[bool],
    span: tuple[int, int] | None,
    tracker: dict[str, dict[str, Any]],
    session: int,
    today: str,
    referenced: Referenced,
    plan: _Plan,
    result: Curation,
) -> list[tuple[str, str]]:
    revived: list[tuple[str, str]] = []
    for i in range(span[0] + 1, span[1]) if span else ():
        match = FADING_ENTRY.match(lines[i]) if plain[i] else None
        if match is None:
            continue
        ago, body = int(match.group(1)), match.group(2)
        info = dict(
            tracker.get(entry_key(body))
            or {"last": session - ago, "first_day": today, "last_day": today, "section": "", "confidence": "medium"}
        )
        info["fading_since"] = info.get("fading_since") or session
        if referenced(body):
            info.update(last=session, last_day=today, fading_since=None)
            plan.remove.add(i)
            revived.append(
                (str(info.get("section") or ""), _active_line(1, str(info.get("confidence", "medium")), body))
            )
            result.changes.append(f"Recalled back to Active: {_short(body)}")
        elif session - int(info["fading_since"]) >= ARCHIVE_AFTER:
            plan.remove.add(i)
            result.archived.append(
                Archived(
                    body,
                    str(info.get("section") or "Fading"),
                    str(info.get("first_day", today)),
                    str(info.get("last_day", today)),
                )
            )
            result.changes.append(
                f"Archived (in Fading {session - int(info['fading_since'])} sessions): {_short(body)}"
            )
            continue
        else:
            plan.replace[i] = _fading_line(session - int(info["last"]), body)
        result.tracker[entry_key(body)] = info
    return revived


def _place_revived(lines: list[str], active: tuple[int, int], revived: list[tuple[str, str]], plan: _Plan) -> None:
    """A recalled entry goes back to the end of the subsection it faded from (else the first one)."""
    subsections = section_spans(lines[active[0] : active[1]], 3)
    for section, line in revived:
        target = next((s for s in subsections if s[0] == section), subsections[0] if subsections else None)
        if target is None:
            plan.add(active[0], [line])
            continue
        start, end = active[0] + target[1], active[0] + target[2]
        plan.add(_last_content(lines, start, end), [line])


def _place_faded(lines: list[str], spans: dict[str, tuple[int, int]], faded: list[str], plan: _Plan) -> None:
    if not faded:
        return
    fading = spans.get("fading")
    if fading is None:  # a MEMORY.md without the section gets one after Active
        plan.add(_last_content(lines, *spans["active"]), ["", "## Fading", "", *faded])
        return
    for i in range(fading[0] + 1, fading[1]):
        if _NOTHING_YET.match(lines[i].strip()):
            plan.remove.add(i)
    after = _last_content(lines, *fading, skip=plan.remove)
    plan.add(after, ["", *faded] if after == fading[0] else faded)


def _last_content(lines: list[str], start: int, end: int, skip: set[int] | None = None) -> int:
    """The last line of a section that is neither blank nor a rule (the heading when there is none)."""
    for i in range(end - 1, start, -1):
        if lines[i].strip() not in ("", "---") and i not in (skip or set()):
            return i
    return start


def _log(lines: list[str], span: tuple[int, int] | None, today: str, changes: list[str], plan: _Plan) -> None:
    if not changes or span is None:
        return
    rows = [f"| {today} | {change.replace('|', '/')} |" for change in changes]
    plan.add(_last_content(lines, *span), rows)


def complete_review(text: str, today: str, note: str = "Memory review completed") -> str:
    """Record a curation pass: the ``> Last reviewed:`` line and a Maintenance Log row."""
    lines = [f"> Last reviewed: {today}" if _LAST_REVIEWED.match(line) else line for line in text.split("\n")]
    spans = {name.lower(): (start, end) for name, start, end in section_spans(lines, 2)}
    plan = _Plan()
    _log(lines, spans.get("maintenance log"), today, [note], plan)
    return "\n".join(plan.apply(lines))


def _active_line(count: int, confidence: str, body: str) -> str:
    return f"- [{count} session{'s' if count != 1 else ''}] [{confidence}] {body}"


def _fading_line(ago: int, body: str) -> str:
    return f"- [{ago} session{'s' if ago != 1 else ''} ago] {body}"


def _short(text: str, width: int = 80) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def archive_entry(item: Archived, today: str) -> str:
    """An archive.md entry in the seed's format."""
    slug = re.sub(r"[^a-z0-9]+", "-", item.text.lower()).strip("-")[:48] or "entry"
    return (
        f"## {_short(item.text, 60)} {{#{slug}}}\n- **Active period**: {item.first_day} to {item.last_day}\n"
        f"- **Archived**: {today}\n- **Related thread**: —\n\n{item.text}\n\n"
        f"**Why this might matter again**: it was a curated memory ({item.section}); recover it if the topic "
        "resurfaces.\n\n**Key references**: MEMORY.md"
    )
