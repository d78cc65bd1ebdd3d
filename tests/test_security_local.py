"""Attacks on the local side of tiermem (issue 18): hostile text reaching Claude through the hooks, secrets
escaping redaction into files, quadratic work on outside text, workspace symlinks, the helper's socket
directory, damaged and read-only stores, file modes and the WAL. Each test reproduces the attack for real
(real files, real SQLite, real hook processes) and fails on the code before the fix."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from test_hooks import _env, hook_process, prompt

pytestmark = pytest.mark.attack


# --- item 9: correction detection on a long prompt line --------------------------------------------------------


@pytest.mark.parametrize("lead", ["no, ", "what? no, ", "i already told you ", "instead of "])
def test_a_long_prompt_line_after_a_correction_word_is_answered_fast(tmp_path: Path, lead: str) -> None:
    (tmp_path / "app").mkdir()
    env = _env(tmp_path, TIERMEM_HOOK_HELPER="0")
    started = time.monotonic()
    hook_process("UserPromptSubmit", prompt(lead + "a" * 199_000), env)  # ~2 minutes before (quadratic)
    assert time.monotonic() - started < 30
