"""The benchmarks for someone who cloned only this repository: the data path is an argument or an environment
variable, and a missing dataset is skipped with where to download it and its licence."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _run(script: str, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
        check=False,
    )


def test_a_missing_dataset_is_skipped_with_its_source_and_licence(tmp_path: Path) -> None:
    done = _run("retrieval.py", "--data", str(tmp_path), "--out", str(tmp_path / "r.json"))
    assert done.returncode == 0, done.stderr
    assert f"skipped: no locomo10.json in {tmp_path}." in done.stderr
    assert "https://github.com/snap-research/LoCoMo" in done.stderr and "CC BY-NC 4.0" in done.stderr
    assert "longmemeval_s_dev.json" in done.stderr and "licence MIT" in done.stderr
    assert not (tmp_path / "r.json").exists()


def test_the_environment_variable_names_the_directory(tmp_path: Path) -> None:
    done = _run("llm.py", env={"TIERMEM_BENCH_DATA": str(tmp_path)})
    assert done.returncode == 0 and f"no locomo10.json in {tmp_path}." in done.stderr
