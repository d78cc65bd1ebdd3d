"""``tiermem workspace migrate``: bring a legacy workspace (AGENTS.md / AGENT.md + MEMORY.md + daily logs)
to the layered layout without losing anything.

Only missing files are created. state.json and resumption.md are bootstrapped from the existing daily logs;
MEMORY.md gets ``## Active`` / ``## Fading`` / ``## Maintenance Log`` around its untouched text, after a
``.bak`` copy; the agent file gets the memory workflow at OpenClaw's template anchors (appended at the end
where an anchor is missing), after a ``.bak`` copy, once (a marker makes it idempotent); index.md is rebuilt.
A dry run reports the same steps and writes nothing.
"""

from __future__ import annotations

import re
import shutil
from datetime import UTC, datetime
from pathlib import Path

from ..errors import WorkspaceError
from . import threads as th
from .curation import FADING_ENTRY
from .events import render_events
from .files import read_text, workspace_lock, write_atomic
from .index import log_facts, log_summary, render_index
from .layout import DailyLog, Workspace
from .markdown import heading
from .scaffold import (
    ARCHIVE_TEMPLATE,
    RESUMPTION_TEMPLATE,
    THREADS_TEMPLATE,
    FileReport,
    create_missing,
    scaffold,
)
from .state import fresh_state, render_state

PATCH_MARKER = "<!-- tiermem:workspace-migrated -->"
SEED_MARKER = "<!-- wm-migrated -->"  # the original migrate.py's marker: that agent file is patched already
_TAIL_SECTIONS = """

---

## Fading

(Nothing here yet)

---

## Maintenance Log

| Date       | Action                                  |
|------------|-----------------------------------------|
| {today} | Migrated from a legacy MEMORY.md by tiermem |
"""

# (anchor, before or after the anchor's line, text): OpenClaw's default AGENTS.md lines.
PATCHES: tuple[tuple[str, str, str], ...] = (
    (
        "Don't ask permission. Just do it.",
        "before",
        (
            "5. Read `memory/state.json`: how long you have been away, the active threads, the flags\n"
            "6. Read `memory/resumption.md`: the note past-you left for you\n"
            "7. **If in MAIN SESSION**: skim `memory/threads.md` for ongoing topics\n"
            '   (`tiermem context "<first message>"` does steps 5-7 under a token budget)\n'
        ),
    ),
    (
        "**Long-term:** `MEMORY.md`",
        "after",
        (
            "- **Resumption:** `memory/resumption.md`: a handoff note from past-you to present-you\n"
            "- **Threads:** `memory/threads.md`: ongoing topics with enough state to resume cold\n"
            "- **State:** `memory/state.json`: timestamps, counters, flags (machine-readable, safe anywhere)\n"
            "- **Events:** `memory/events.json`: dated events (purchases, issues, meetings) for date questions\n"
            "- **Archive:** `memory/archive.md`: memories demoted from MEMORY.md, still searchable"
        ),
    ),
    (
        "Write It Down",
        "before",
        (
            "### New Memory Files: Same Privacy Rules\n\n"
            "- `memory/resumption.md`, `memory/threads.md`, `memory/events.json`, `memory/archive.md`: "
            "**MAIN SESSION ONLY** (personal context)\n"
            "- `memory/state.json` and `memory/YYYY-MM-DD.md`: safe anywhere (counters and operational logs)\n"
        ),
    ),
    (
        "## Red Lines",
        "before",
        (
            "### Session End: Close the Loop\n\n"
            'Before a session wraps up, run `tiermem session end --summary "..." --resumption "..."`, which:\n\n'
            "1. appends to today's `memory/YYYY-MM-DD.md` (what happened, decisions, open questions),\n"
            "2. advances `memory/threads.md` and closes resolved questions,\n"
            "3. writes `memory/resumption.md`: a handoff to future-you, with predictions, not a recap,\n"
            "4. updates `memory/state.json` (timestamp, counters, flags) and curates MEMORY.md.\n\n"
            'Log dated events as they come up: `tiermem note event "..." --type purchase --object "..."`.\n'
        ),
    ),
    (
        "Remove outdated info from MEMORY.md",
        "after",
        (
            "5. Check `memory/state.json`: if `memory_review_due` is true, curate MEMORY.md, then "
            "`tiermem session review`\n"
            "6. Prune `memory/threads.md`: close stale threads\n"
            "7. Review `memory/events.json`: fix events with missing dates or duplicates"
        ),
    ),
)


def migrate(
    root: Path,
    *,
    now: datetime | None = None,
    dry_run: bool = False,
    skip_agent_patch: bool = False,
    force_scaffold: bool = False,
) -> FileReport:
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    space = Workspace(root)
    if not space.memory_md.is_file() and not space.memory_dir.is_dir():
        if force_scaffold and not dry_run:
            return scaffold(root, moment.date(), force=True)
        raise WorkspaceError(
            f"{root} has no MEMORY.md and no memory/ directory: nothing to migrate; run "
            "`tiermem workspace scaffold` (or pass --force-scaffold)"
        )
    report = FileReport(root)
    if dry_run:
        _steps(space, moment, report, dry_run=True, skip_agent_patch=skip_agent_patch)
        return report
    with workspace_lock(root):
        _steps(space, moment, report, dry_run=False, skip_agent_patch=skip_agent_patch)
    return report


def _steps(space: Workspace, moment: datetime, report: FileReport, *, dry_run: bool, skip_agent_patch: bool) -> None:
    today = moment.date()
    logs = space.daily_logs()
    if space.memory_md.is_file():
        restructure_memory(space, today.isoformat(), report, dry_run)
    create_missing(
        space,
        {
            space.resumption: RESUMPTION_TEMPLATE.format(
                today=today.isoformat(), occasion="legacy migration", note=bootstrap_resumption(logs)
            ),
            space.threads: THREADS_TEMPLATE,
            space.state: render_state(bootstrap_state(space, logs)),
            space.archive: ARCHIVE_TEMPLATE,
            space.events: render_events([]),
        },
        report,
        dry_run,
    )
    if logs or not space.index.exists():
        if dry_run:
            report.note("would rebuild", space.rel(space.index))
        else:
            facts = [log_facts(log.day, log.rel, read_text(log.path, root=space.root) or "") for log in logs]
            write_atomic(space.index, render_index(facts, today))
            report.note("rebuild", space.rel(space.index))
    if not dry_run:
        space.mirror.mkdir(parents=True, exist_ok=True)
    agent_file = space.agent_file()
    if agent_file is not None and not skip_agent_patch:
        patch_agent_file(space, agent_file, report, dry_run)


def restructure_memory(space: Workspace, today: str, report: FileReport, dry_run: bool) -> None:
    """Give MEMORY.md the Active / Fading / Maintenance Log sections, keeping every line of it."""
    text = read_text(space.memory_md, strict=True, root=space.root) or ""
    titles = {found[1].lower() for line in text.split("\n") if (found := heading(line)) and found[0] == 2}
    if "active" in titles and "fading" in titles:
        report.note("skip (already structured)", space.rel(space.memory_md))
        return
    if dry_run:
        report.note("would restructure", space.rel(space.memory_md))
        return
    report.note("backup", space.rel(backup(space.memory_md)))
    if "active" in titles:  # only the Fading and log sections are missing
        new = text.rstrip("\n") + _TAIL_SECTIONS.format(today=today)
    else:
        new = (
            f"# Long-Term Memory\n\n> Last reviewed: {today}\n> Next review due: after 5 sessions or 7 days, "
            "whichever comes first\n> Migrated from a legacy MEMORY.md: review and curate the entries below.\n\n"
            f"---\n\n## Active\n\n{text.rstrip(chr(10))}" + _TAIL_SECTIONS.format(today=today)
        )
    write_atomic(space.memory_md, new)
    report.note("restructure", space.rel(space.memory_md))


def backup(path: Path) -> Path:
    """Copy ``path`` to ``<name>.bak``; an existing different backup is kept and the copy gets a number."""
    target = path.with_name(path.name + ".bak")
    number = 0
    while target.exists() and target.read_bytes() != path.read_bytes():
        number += 1
        target = path.with_name(f"{path.name}.bak.{number}")
    if not target.exists():
        shutil.copy2(path, target)
    return target


def bootstrap_state(space: Workspace, logs: list[DailyLog]) -> dict[str, object]:
    """state.json inferred from what is on disk: sessions = daily logs, the last one ended that day."""
    state = fresh_state(f"Migrated from a legacy workspace: {len(logs)} session logs found.")
    total = len(logs)
    if logs:
        last = logs[0]
        week = last.day.isocalendar()[:2]
        state["last_session"] = {
            "timestamp": f"{last.day.isoformat()}T23:59:00Z",
            "duration_minutes": 0,
            "daily_log": last.rel,
        }
        state["session_counter"] = {
            "total": total,
            "since_last_memory_review": total,
            "this_week": sum(1 for log in logs if log.day.isocalendar()[:2] == week),
        }
    memory = read_text(space.memory_md, root=space.root) or ""
    threads_text = read_text(space.threads, root=space.root) or ""
    state["active_threads"] = th.open_thread_ids(threads_text)
    state["flags"] = {
        "memory_review_due": total >= 5,
        "threads_need_update": False,
        "archive_candidates_exist": any(FADING_ENTRY.match(line) for line in memory.split("\n")),
    }
    return state


def bootstrap_resumption(logs: list[DailyLog]) -> str:
    if not logs:
        return (
            "Just migrated from a legacy memory layout, with no session logs to resume from. Treat this as a "
            "fresh start; MEMORY.md holds what was remembered before."
        )
    summary = cut_words(log_summary(read_text(logs[0].path) or ""), 300)
    about = f" It was about: {summary}" if summary else " Read it if you need the context."
    return (
        f"Just migrated from the old memory layout. My last session was on {logs[0].day.isoformat()} "
        f"({logs[0].rel}).{about}\n\nPick up from there. MEMORY.md now has Active and Fading tiers: worth a "
        "curation pass in the next few sessions."
    )


def cut_words(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut after a whole word (with an ellipsis when cut)."""
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0].rstrip(" ,;:") + " …"


def patch_agent_file(space: Workspace, path: Path, report: FileReport, dry_run: bool) -> None:
    text = read_text(path, strict=True, root=space.root) or ""
    if PATCH_MARKER in text or SEED_MARKER in text:
        report.note("skip (already patched)", space.rel(path))
        return
    if dry_run:
        report.note("would patch", space.rel(path))
        return
    report.note("backup", space.rel(backup(path)))
    unanchored = []
    for (anchor, where, injection), title in zip(PATCHES, FALLBACK_TITLES, strict=True):
        patched = _insert(text, anchor, where, injection)
        if patched is None:
            unanchored.append(f"### {title}\n\n{_renumbered(injection)}" if title else injection)
        else:
            text = patched
    if unanchored:
        added = "\n\n".join(part.strip("\n") for part in unanchored)
        text = text.rstrip("\n") + "\n\n## Working Memory (added by tiermem)\n\n" + added
    write_atomic(path, text.rstrip("\n") + f"\n\n{PATCH_MARKER}\n")
    report.note(f"patch ({len(PATCHES) - len(unanchored)}/{len(PATCHES)} at anchors)", space.rel(path))


# Headings for the parts that found no anchor line: appended together, they read as a section of their own.
FALLBACK_TITLES = ("Session Start", "Memory Files", None, None, "Memory Maintenance")
_NUMBERED = re.compile(r"^(\d{1,9})\. ", re.MULTILINE)
_STEPS = re.compile(r"\bsteps (\d{1,9})-(\d{1,9})\b")


def _renumbered(injection: str) -> str:
    """A part written to continue an OpenClaw list ("5. ... 7.", "does steps 5-7"), numbered from 1 when it
    stands alone, its references to its own steps following."""
    numbers = [int(n) for n in _NUMBERED.findall(injection)]
    if not numbers or numbers[0] == 1:
        return injection
    shift = numbers[0] - 1
    text = _NUMBERED.sub(lambda m: f"{int(m.group(1)) - shift}. ", injection)
    return _STEPS.sub(lambda m: f"steps {int(m.group(1)) - shift}-{int(m.group(2)) - shift}", text)


def _insert(text: str, anchor: str, where: str, injection: str) -> str | None:
    lines = text.split("\n")
    at = next((i for i, line in enumerate(lines) if anchor in line), None)
    if at is None:
        return None
    position = at if where == "before" else at + 1
    return "\n".join([*lines[:position], injection.rstrip("\n"), *lines[position:]])
