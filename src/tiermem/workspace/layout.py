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
import time
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

from ..errors import ValidationError
from ..model import check_agent_id

DAILY_NAME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:-([A-Za-z0-9][A-Za-z0-9_.-]*))?\.md$")
AGENT_FILES = ("AGENTS.md", "AGENT.md")  # OpenClaw's name first, as the seed's migration prefers it
# (folder, relative prefix) -> (folder mtime, when listed, logs)
_LISTINGS: dict[tuple[str, str], tuple[int, int, list[tuple[date, str, str, str]]]] = {}
_RACY_NS = 2_000_000_000  # coarse file systems tick in up to 2 s


@dataclass(frozen=True, slots=True)
class DailyLog:
    day: date
    slug: str
    file: str  # the absolute path, as text: listing years of logs must not build a Path per log
    rel: str  # as the workspace refers to it: memory/2026-03-22.md

    @property
    def path(self) -> Path:
        return Path(self.file)

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
        if check_agent_id(self.agent_id) == "daily":  # memory/daily/ is the default agent's log mirror
            raise ValidationError("the agent id 'daily' would share memory/daily/ with the log mirror; pick another")

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

    def daily_log_files(self) -> list[tuple[str, str]]:
        """(relative path, absolute path) of every daily log, as text: the cheap listing the indexer polls."""
        for directory in (self.memory_dir, self.mirror):
            found = _listing(str(directory), directory.relative_to(self.root).as_posix() + "/")
            if found:
                return [(rel, path) for _, _, rel, path in found]
        return []

    def daily_logs(self, limit: int | None = None) -> list[DailyLog]:
        """Daily logs, newest first: the flat canonical ones, or the mirror's only when there are none."""
        flat = _logs_in(self.memory_dir, self.root, limit)
        return flat if flat else _logs_in(self.mirror, self.root, limit)


def _logs_in(directory: Path, root: Path, limit: int | None) -> list[DailyLog]:
    """Newest first; only the first ``limit`` become objects."""
    found = _listing(str(directory), directory.relative_to(root).as_posix() + "/")
    return [DailyLog(day, slug, path, rel) for day, slug, rel, path in found[:limit]]


def _listing(folder: str, prefix: str) -> list[tuple[date, str, str, str]]:
    """(day, slug, relative path, absolute path) of the daily logs in ``folder``, newest first.

    Names are sorted as text (ISO dates sort by day). A listing is reused while the directory's modification
    time stays put (adding, removing or renaming a file moves it), unless that time was too close to the
    listing to rule out a change in the same tick: years of logs are then listed in no time.
    """
    try:
        changed = os.stat(folder).st_mtime_ns
    except OSError:
        return []
    cached = _LISTINGS.get((folder, prefix))
    if cached is not None and cached[0] == changed and cached[1] - changed > _RACY_NS:
        return cached[2]
    listed_at = time.time_ns()
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.is_file()]  # file types come free
    except OSError:
        return []
    dated = [
        (day, match.group(4) or "", prefix + name, os.path.join(folder, name))
        for name in names
        if (match := DAILY_NAME.match(name)) and (day := _day(match.group(1), match.group(2), match.group(3)))
    ]
    dated.sort(reverse=True)
    _LISTINGS[(folder, prefix)] = (changed, listed_at, dated)
    return dated


@lru_cache(maxsize=65536)
def _day(year: str, month: str, day: str) -> date | None:
    try:
        return date(int(year), int(month), int(day))
    except ValueError:  # 2026-13-45.md is not a daily log
        return None
