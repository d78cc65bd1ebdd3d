"""Eight processes mixing store, search, context, consolidate and workspace writes on one store and one
workspace (issue 9): nothing reaches a caller as an error ("database is locked" included), no write is
lost or doubled, and the counts reconcile. bench/reliability.py runs the same for 60 seconds."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from reliability import MIX, run_mixed
from tiermem.providers.embedders import WordLlamaEmbedder

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not hasattr(os, "fork"), reason="the runners fork (POSIX)")]


def test_eight_processes_mixing_everything_lose_and_double_nothing(tmp_path: Path, embedder: WordLlamaEmbedder) -> None:
    report = run_mixed(tmp_path / "store", tmp_path / "ws", embedder, processes=8, seconds=15)

    assert report.errors == []
    assert report.problems == []
    assert (report.lost, report.duplicated) == (0, 0)
    assert report.rows == report.stored > 50
    assert set(report.operations) == set(MIX)  # every kind of operation really ran, side by side
    assert report.sessions >= 3
