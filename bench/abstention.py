"""Knowing when nothing matches: recall tiers and the relevance floor on LongMemEval, answerable and not.

Run: ``.venv/bin/python bench/abstention.py [--data DIR] [--out FILE]``

For each LongMemEval question a fresh agent holds its history (user turns, as bench/retrieval.py ingests
them), and two searches run (limit 10, reinforcement off):

* its own question: answerable (its evidence turns are in the history), or, for the ``_abs`` questions,
  unanswerable by construction (the dataset's abstention questions);
* another question of the file, drawn at random: unanswerable (that history never talks about it).

Reported: answerable questions whose evidence is among the hits and HOT; unanswerable searches that return a
HOT hit, any WARM-or-better hit, or nothing at all; the same for knowledge-update questions alone. The dev
file is the part the tier thresholds and the floor were chosen on; ``longmemeval_s_more.json`` (150 other
questions) is the part they were judged on. Each is run with the relevance floor on (default) and off, in the
same process. Results: a table on stdout and bench/results/abstention.json.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from datasets import LONGMEMEVAL, LONGMEMEVAL_MORE, data_dir, locate
from progress import steps, write_results
from retrieval import ingest, lme_date, lme_items
from tiermem import Memory
from tiermem.model import Hit

RESULTS = Path(__file__).resolve().parent / "results" / "abstention.json"
SYSTEMS = {"default (floor 0.15)": {}, "no floor": {"recall": {"relevance_floor": 0.0}}}


def run(path: Path, config: dict[str, Any], label: str) -> list[dict[str, Any]]:
    questions = json.loads(path.read_text())
    rng = random.Random(5)
    rows = []
    with tempfile.TemporaryDirectory() as tmp, Memory.open(tmp, config=config) as mem:
        for i, q in enumerate(steps(questions, f"{path.name} ({label})")):
            items = [item for item in lme_items(q) if item["text"].strip()]
            agent = f"q{i}"
            ingest(mem, agent, items)
            gold = {
                it["metadata"]["unit"]
                for it in items
                if it["metadata"]["has_answer"] and "answer" in it["metadata"]["session"]
            }
            other = questions[(i + 1 + rng.randrange(len(questions) - 1)) % len(questions)]
            now = lme_date(q["question_date"])
            own = mem.search(q["question"], agent_id=agent, limit=10, now=now, reinforce=False)
            cross = mem.search(other["question"], agent_id=agent, limit=10, now=now, reinforce=False)
            abstain = q["question_id"].endswith("_abs")
            rows.append(row(q["question_type"], own, gold, answerable=not abstain and bool(gold)))
            rows.append(row("cross", cross, set(), answerable=False))
    return rows


def row(kind: str, hits: Sequence[Hit], gold: set[str], *, answerable: bool) -> dict[str, Any]:
    return {
        "kind": kind,
        "answerable": answerable,
        "evidence_hot": any(h.tier == "hot" and h.memory.metadata["unit"] in gold for h in hits),
        "any_hot": any(h.tier == "hot" for h in hits),
        "any_warm": any(h.tier in ("hot", "warm") for h in hits),
        "empty": not hits,
    }


def share(rows: Sequence[dict[str, Any]], key: str) -> float | None:
    return round(sum(r[key] for r in rows) / len(rows), 3) if rows else None


def summarise(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    answerable = [r for r in rows if r["answerable"]]
    unanswerable = [r for r in rows if not r["answerable"] and r["kind"] != "knowledge-update"]
    update = [r for r in answerable if r["kind"] == "knowledge-update"]
    return {
        "answerable": len(answerable),
        "evidence_hot": share(answerable, "evidence_hot"),
        "knowledge_update": len(update),
        "knowledge_update_evidence_hot": share(update, "evidence_hot"),
        "unanswerable": len(unanswerable),
        "unanswerable_hot": share(unanswerable, "any_hot"),
        "unanswerable_warm_or_hot": share(unanswerable, "any_warm"),
        "unanswerable_nothing": share(unanswerable, "empty"),
    }


COLUMNS = (
    ("answerable: evidence HOT", "evidence_hot"),
    ("knowledge-update: evidence HOT", "knowledge_update_evidence_hot"),
    ("unanswerable: a HOT hit", "unanswerable_hot"),
    ("unanswerable: WARM or HOT", "unanswerable_warm_or_hot"),
    ("unanswerable: nothing returned", "unanswerable_nothing"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=None, help="the folder with the LongMemEval files")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    directory = data_dir(args.data)
    parts = {"tuned (dev)": locate(directory, LONGMEMEVAL), "judged (more)": locate(directory, LONGMEMEVAL_MORE)}
    started = time.perf_counter()
    results: dict[str, dict[str, Any]] = {}
    for part, path in parts.items():
        if path is not None:
            results[part] = {name: summarise(run(path, config, name)) for name, config in SYSTEMS.items()}
    print("| part | system | n answerable / unanswerable | " + " | ".join(c for c, _ in COLUMNS) + " |")
    print("|---|---|---:|" + "---:|" * len(COLUMNS))
    for part, systems in results.items():
        for name, r in systems.items():
            cells = " | ".join(str(r[key]) for _, key in COLUMNS)
            print(f"| {part} | {name} | {r['answerable']} / {r['unanswerable']} | {cells} |")
    write_results(args.out, started, results)


if __name__ == "__main__":
    main()
