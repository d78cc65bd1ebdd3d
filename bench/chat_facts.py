"""Chat turns stored as facts: how many the write decisions fold or retire when a transcript goes through
``store`` instead of ``store_conversation``.

Run: ``.venv/bin/python bench/chat_facts.py [--data DIR] [--out FILE]``

Every turn of LoCoMo's 10 conversations ("<speaker>: <text>") and every user turn of the 150 LongMemEval_S
questions of ``longmemeval_s_more.json`` is stored as a fact, with its session and date, one store per
conversation or question, in the order it was said. A chat turn is seldom a new version of an earlier turn,
so nearly every update or contradiction here is a wrong one, and a fold (a restatement) keeps the new turn
only in the history of the one it repeats: the counts are false alarms, lower is better, with the
similarity-only write path (``"revisions": false``) beside them in the same run. There are no labels: read
the examples the run prints. A transcript belongs in ``store_conversation``, where no message is folded or
superseded; this measures what happens to an agent that stores chat turns as facts anyway.
Results: a table on stdout and bench/results/chat_facts.json.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from datasets import LOCOMO, LONGMEMEVAL_MORE, add_data_argument, data_dir, locate
from progress import steps, write_results
from retrieval import lme_items, locomo_items
from tiermem import Memory

RESULTS = Path(__file__).resolve().parent / "results" / "chat_facts.json"
SYSTEMS = {"default": {}, "similarity only": {"revisions": False}}
SUPERSEDING = ("update", "contradiction")


def as_facts(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The items of a conversation as ``store(text, session=...)`` stores facts: no message source."""
    return [{k: v for k, v in item.items() if k not in ("source", "metadata")} for item in items]


def conversations(directory: Path | None) -> Iterator[tuple[str, list[list[dict[str, Any]]]]]:
    if (path := locate(directory, LOCOMO)) is not None:
        yield "LoCoMo", [as_facts(locomo_items(sample)[0]) for sample in json.loads(path.read_text())]
    if (path := locate(directory, LONGMEMEVAL_MORE)) is not None:
        yield "LongMemEval_S more", [as_facts(lme_items(q)) for q in json.loads(path.read_text())]


def measure(name: str, chats: list[list[dict[str, Any]]], config: dict[str, Any]) -> dict[str, Any]:
    decisions: Counter[str] = Counter()
    examples: list[tuple[str, str, str]] = []
    with tempfile.TemporaryDirectory() as tmp, Memory.open(tmp, config=config) as mem:
        for n, items in enumerate(steps(chats, name)):
            texts: dict[str, str] = {}
            for item, result in zip(items, mem.store_many(items, agent_id=f"c{n}"), strict=True):
                texts[result.id] = item["text"]
                decisions[result.decision] += 1
                if result.decision in SUPERSEDING and len(examples) < 5:
                    examples.append((item["text"][:120], texts.get(result.supersedes or "", "")[:120], result.why))
    turns = sum(decisions.values())
    superseded = sum(decisions[d] for d in SUPERSEDING)
    return {
        "turns": turns,
        "decisions": dict(decisions),
        "superseded": superseded,
        "folded": decisions["restatement"],
        "superseded_share": round(superseded / turns, 4) if turns else 0.0,
        "folded_share": round(decisions["restatement"] / turns, 4) if turns else 0.0,
        "examples": examples,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_data_argument(parser)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    started = time.perf_counter()
    results: dict[str, dict[str, Any]] = {}
    for name, chats in conversations(data_dir(args.data)):
        results[name] = {system: measure(name, chats, config) for system, config in SYSTEMS.items()}
    if not results:  # no dataset found: said on stderr, nothing measured, the last results kept
        return
    print("| data | system | turns | superseded (update, contradiction) | folded (restatement) |")
    print("|---|---|---:|---:|---:|")
    for name, systems in results.items():
        for system, r in systems.items():
            print(f"| {name} | {system} | {r['turns']:,} | {r['superseded']} ({r['superseded_share']:.2%}) "
                  f"| {r['folded']} ({r['folded_share']:.2%}) |")  # fmt: skip
        for new, old, why in systems["default"]["examples"]:
            print(f"  superseded ({name}): {new!r} retired {old!r}: {why}")
    write_results(args.out, started, results)


if __name__ == "__main__":
    main()
