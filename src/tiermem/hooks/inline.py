"""Answering a hook in the hook's own process (no helper listening): open the stores, handle, close.
Jobs (transcript extraction) go to a detached process so the answer is not held up by them."""

from __future__ import annotations

import json
import os
import uuid
from typing import Any

from .handlers import Answer, handle
from .locate import Place
from .payload import HookInput
from .runtime import Runtime, log_failure
from .spawn import start_helper


def answer_inline(place: Place, hook: HookInput, *, gate: bool, helper: bool) -> str:
    runtime = Runtime(place)
    try:
        answer = handle(runtime, hook, gate=gate)
    except Exception as exc:  # logged, and the session goes on with an empty answer
        log_failure(place, f"{hook.event} (in-process)", exc)
        answer = Answer()
    finally:
        runtime.close()
    for job in answer.jobs:  # after SessionEnd no helper is worth keeping: the job runs, then the process exits
        defer(place, job, serve=helper and hook.event != "SessionEnd")
    return json.dumps(answer.output, ensure_ascii=False)


def defer(place: Place, job: dict[str, Any], *, serve: bool) -> None:
    """Hand ``job`` to a detached helper: it runs the job first, then serves (or exits, ``serve=False``)."""
    try:
        directory = place.state_dir / "jobs"
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"{uuid.uuid4().hex}.json"
        temp = path.with_suffix(".tmp")
        temp.write_text(json.dumps(job), encoding="utf-8")
        os.replace(temp, path)
        start_helper(place, path, serve=serve)
    except OSError as exc:
        log_failure(place, "deferring a job", exc)
