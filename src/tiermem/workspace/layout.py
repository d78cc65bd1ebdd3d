"""Where a workspace keeps its files (seed 003's layout, OpenClaw-compatible) and how daily logs are found.

Daily logs are canonical at ``memory/YYYY-MM-DD.md`` (OpenClaw's session hook also writes
``memory/YYYY-MM-DD-<slug>.md``); ``memory/daily/`` is only a mirror, read when no flat log exists.
The ``default`` agent owns ``MEMORY.md`` and ``memory/``; any other agent has ``MEMORY-<agent id>.md`` and
``memory/<agent id>/`` in the same workspace (seed 000's multi-agent layout, which the lifecycle's hot
block uses too), so one agent never reads another's files.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from ..model import check_agent_id

DAILY_NAME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:-([A-Za-z0-9][A-Za-z0-9_.-]*))?\.md$")
AGENT_FILES = ("AGENTS.md", "AGENT.md")  # OpenClaw's name first, as the seed's migration prefers it


@dataclass(frozen=True, slots=True)
class DailyLog:
    day: date
    slug: str
    path: Path
    rel: str  # as the workspace refers to it: memory/2026-03-22.md

    @property
    def session(self) -> str:
        """The session key recall groups this log's lines by (neighbour lifting stays inside it)."""
        return self.path.stem


@dataclass(frozen=True, slots=True)
class Workspace:
    """The files of one agent in the workspace ``root``. Paths only; reading and writing is files.py's job."""

    root: Path
    agent_id: str = "default"

    def __post_init__(self) -> None:
        check_agent_id(self.agent_id)

    @property
    def default(self) -> bool:
        return self.agent_id == "default"

    @property
    def memory_md(self) -> Path:
        return self.root / ("MEMORY.md" if self.default else f"MEMORY-{self.agent_id}.md")

    @property
    def memory_dir(self) -> Path:
        return self.root / "memory" if self.default else self.root / "memory" / self.agent_id

    @property
    def state(self) -> Path:
        return self.memory_dir / "state.json"

    @property
    def resumption(self) -> Path:
        return self.memory_dir / "resumption.md"

    @property
    def threads(self) -> Path:
        return self.memory_dir / "threads.md"

    @property
    def index(self) -> Path:
        return self.memory_dir / "index.md"

    @property
    def archive(self) -> Path:
        return self.memory_dir / "archive.md"

    @property
    def events(self) -> Path:
        return self.memory_dir / "events.json"

    @property
    def mirror(self) -> Path:
        return self.memory_dir / "daily"

    def rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def exists(self) -> bool:
        """A workspace is there when it has a MEMORY.md or a memory/ directory."""
        return self.memory_md.is_file() or self.memory_dir.is_dir()

    def agent_file(self) -> Path | None:
        """AGENTS.md / AGENT.md: the default agent's instructions (the ones a migration patches)."""
        if not self.default:
            return None
        return next((self.root / name for name in AGENT_FILES if (self.root / name).is_file()), None)

    def daily_log_path(self, day: date) -> Path:
        return self.memory_dir / f"{day.isoformat()}.md"

    def daily_logs(self) -> list[DailyLog]:
        """Daily logs, newest first: the flat canonical ones, or the mirror's only when there are none."""
        flat = _logs_in(self.memory_dir, self.root)
        return flat if flat else _logs_in(self.mirror, self.root)


def _logs_in(directory: Path, root: Path) -> list[DailyLog]:
    try:
        entries = list(os.scandir(directory))  # one directory read; file types come with it
    except OSError:
        return []
    prefix = directory.relative_to(root).as_posix() + "/"
    logs = []
    for entry in entries:
        match = DAILY_NAME.match(entry.name)
        if match is None or not entry.is_file():
            continue
        try:
            day = date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
        except ValueError:  # 2026-13-45.md is not a daily log
            continue
        logs.append(DailyLog(day, match.group(4) or "", Path(entry.path), prefix + entry.name))
    logs.sort(key=lambda log: (log.day, log.slug), reverse=True)
    return logs
