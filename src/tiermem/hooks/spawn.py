"""Starting the resident helper process (stdlib only: the hook client imports this on every call)."""

from __future__ import annotations

import os
import sys

from .locate import Place

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: importing typing would cost every hook call ~10 ms
if TYPE_CHECKING:
    from pathlib import Path


def start_helper(place: Place, job: Path | None = None, *, serve: bool = True) -> None:
    """Start the resident helper (or, ``serve=False``, a one-off process for ``job``), detached."""
    import subprocess

    place.state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    args = [sys.executable, "-m", "tiermem.hooks.helper", "--project", str(place.project), "--agent", place.agent_id]
    args += ["--user", str(place.user)] if place.user else []
    args += ["--job", str(job)] if job else []
    args += [] if serve else ["--once"]
    with open(os.open(place.state_dir / "helper.log", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600), "ab") as log:
        subprocess.Popen(
            args,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
            start_new_session=True,  # survives the hook process and Claude Code's kill of its group
            close_fds=True,
        )
