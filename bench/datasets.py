"""Where the benchmarks find the public datasets, where to download them from, and their licences.

The data is not in this repository (the licences do not allow it). The directory is ``--data DIR``, else
``$TIERMEM_BENCH_DATA``, else ``../shared/data`` beside the checkout when that exists. A benchmark whose file
is missing says which file, where to get it and under what licence, and skips (exit status 0).
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path

ENV = "TIERMEM_BENCH_DATA"
SIBLING = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@dataclass(frozen=True)
class Dataset:
    name: str
    source: str
    licence: str


LOCOMO = Dataset(
    "locomo10.json",
    "https://github.com/snap-research/LoCoMo (data/locomo10.json)",
    "CC BY-NC 4.0 (non-commercial use)",
)
LONGMEMEVAL = Dataset(
    "longmemeval_s_dev.json",
    "https://huggingface.co/datasets/xiaowu0162/longmemeval-cleaned (longmemeval_s_cleaned.json; the figures in "
    "the README use a 56-question stratified subset of it, any list of questions in that schema works)",
    "MIT",
)
LONGMEMEVAL_MORE = Dataset(
    "longmemeval_s_more.json",
    "the same release as longmemeval_s_dev.json: 150 other questions of it, disjoint from the dev subset (the "
    "figures judge on them what was tuned on the dev subset)",
    "MIT",
)


def data_dir(given: Path | None) -> Path | None:
    """``--data``, else the environment variable, else the sibling folder if present; None when none is set."""
    if given is not None:
        return given
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    return SIBLING if SIBLING.is_dir() else None


def locate(directory: Path | None, dataset: Dataset) -> Path | None:
    """The dataset's file, or None after saying (on stderr) why it is skipped and how to get it."""
    path = None if directory is None else directory / dataset.name
    if path is not None and path.is_file():
        return path
    where = f"no {dataset.name} in {directory}" if directory is not None else f"no data directory for {dataset.name}"
    sys.stderr.write(
        f"skipped: {where}. Download it from {dataset.source}, licence {dataset.licence}; save it as "
        f"DIR/{dataset.name} and pass --data DIR or set {ENV}=DIR.\n"
    )
    return None


def add_data_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, default=None, help=f"the datasets' directory (default: ${ENV})")
