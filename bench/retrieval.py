"""Retrieval benchmark: tiermem vs BM25 on LoCoMo and LongMemEval (../shared/data), same run, same data.

    python bench/retrieval.py                      # both datasets, default configuration
    python bench/retrieval.py --ablation           # + lexical only / vector only / fused / ... variants
    python bench/retrieval.py --dataset locomo --conversations 2   # a quick look
    python bench/retrieval.py --part tune --ablation   # what mechanisms are tuned on
    python bench/retrieval.py --part judge --ablation  # what they are judged by (never tuned on)

Parts: *tune* is LoCoMo conversations 1-5 and the LongMemEval dev subset; *judge* is LoCoMo conversations 6-10
and longmemeval_s_more.json (150 other questions). A mechanism is kept only if it helps on the judge part.

Protocols follow ../shared/data/README.md: LoCoMo paper-style R@k over evidence dia_ids (one memory per
turn, "<speaker>: <text>", the session's date); LongMemEval turn-level recall_all / recall_any and
session-level recall (one memory per user turn). Each conversation / question gets a fresh agent
namespace; ``now`` is the end of the conversation (LoCoMo) or the question date (LongMemEval).
Writes bench/results/retrieval.json, retrieval_recall.png (LoCoMo) and retrieval_lme_types.png.

    python bench/retrieval.py --backend postgres --variants "lexical only,default"   # the same on PostgreSQL

``--backend postgres`` puts each store in a schema of its own on a throwaway PostgreSQL cluster (tests/pg.py), or
of the database ``--postgres-url`` names; results go to retrieval[_PART]_postgres.json (no plots).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rank_bm25 import BM25Okapi

from datasets import LOCOMO, LONGMEMEVAL, LONGMEMEVAL_MORE, data_dir, locate
from progress import steps
from tiermem import Embedder, Memory
from tiermem.write.decisions import MESSAGE

RESULTS = Path(__file__).resolve().parent / "results"
# part -> (LoCoMo conversations, LongMemEval file): tune on one half, judge on the other.
PARTS = {
    "all": (slice(None), LONGMEMEVAL),
    "tune": (slice(0, 5), LONGMEMEVAL),
    "judge": (slice(5, 10), LONGMEMEVAL_MORE),
}
KS = (5, 10, 25)
LOCOMO_CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
TOKEN = re.compile(r"[a-z0-9]+")
# Variants for the ablation: each is a recall configuration (see tiermem.recall.pipeline.RecallSettings).
VARIANTS: dict[str, dict[str, Any]] = {
    "lexical only": {
        "vector": False,
        "rescore": False,
        "neighbours": False,
        "diversity": False,
        "question_forms": False,
        "newer_first": False,
    },
    "vector only": {
        "lexical": False,
        "rescore": False,
        "neighbours": False,
        "diversity": False,
        "question_forms": False,
        "newer_first": False,
    },
    "fused": {"rescore": False, "neighbours": False, "diversity": False, "question_forms": False, "newer_first": False},
    "+ rescoring": {"neighbours": False, "diversity": False, "question_forms": False, "newer_first": False},
    "+ neighbours": {"diversity": False, "question_forms": False, "newer_first": False},
    "+ diversity": {"question_forms": False, "newer_first": False},
    "+ question forms": {"newer_first": False},
    "+ newer first (default)": {},
}

Retriever = Callable[[str, datetime], list[str]]
BACKEND: dict[str, str | None] = {"name": "sqlite", "url": None}  # set by --backend / --postgres-url


def open_store(directory: Path, **kwargs: Any) -> Memory:
    """A fresh store of the chosen backend: ``directory`` (SQLite), or a new schema of a PostgreSQL database."""
    if BACKEND["name"] == "sqlite":
        return Memory.open(directory, **kwargs)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import pg

    return Memory.open(_schema(BACKEND["url"]) if BACKEND["url"] else pg.cluster().create_schema(), **kwargs)


def _schema(url: str) -> str:
    import uuid

    import psycopg

    name = f"r_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{name}"')
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{name},public"


def bm25_tokens(text: str) -> list[str]:
    return TOKEN.findall(text.lower())


class BM25Baseline:
    """rank_bm25's Okapi BM25 (k1 1.5, b 0.75) over lower-cased alphanumeric tokens."""

    def __init__(self, docs: Sequence[tuple[str, str]]) -> None:
        self.ids = [doc_id for doc_id, _ in docs]
        self.bm25 = BM25Okapi([bm25_tokens(text) or ["_"] for _, text in docs], k1=1.5, b=0.75)

    def __call__(self, query: str, now: datetime, k: int = 50) -> list[str]:
        scores = self.bm25.get_scores(bm25_tokens(query))
        order = sorted(range(len(scores)), key=lambda i: -scores[i])[:k]
        return [self.ids[i] for i in order]


def locomo_date(text: str) -> datetime:
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def lme_date(text: str) -> datetime:
    return datetime.strptime(text.split(" (")[0] + " " + text.split(") ")[1], "%Y/%m/%d %H:%M").replace(tzinfo=UTC)


def normalise_evidence(evidence: Sequence[str]) -> list[str]:
    ids: list[str] = []
    for item in evidence:
        for part in re.split(r"[;\s]+", item):
            match = re.match(r"D:?(\d+):(\d+)", part.strip())
            if match:
                ids.append(f"D{int(match.group(1))}:{int(match.group(2))}")
    return ids


# --- datasets -----------------------------------------------------------------------------------------


def locomo_items(sample: dict[str, Any]) -> tuple[list[dict[str, Any]], datetime]:
    conv = sample["conversation"]
    items, last = [], datetime.min.replace(tzinfo=UTC)
    sessions = sorted(int(k.split("_")[1]) for k in conv if re.fullmatch(r"session_\d+", k))
    for n in sessions:
        when = locomo_date(conv[f"session_{n}_date_time"])
        last = max(last, when)
        for i, turn in enumerate(conv[f"session_{n}"]):
            items.append(
                {
                    "text": f"{turn['speaker']}: {turn['text']}",
                    "created_at": when,
                    "event_at": when,
                    "metadata": {"dia_id": turn["dia_id"], "session": f"session_{n}"},
                    "session": f"session_{n}",
                    "source": {"type": MESSAGE, "speaker": turn["speaker"], "turn": i},
                }
            )
    return items, last


def lme_items(question: dict[str, Any]) -> list[dict[str, Any]]:
    items = []
    for sid, date, session in zip(
        question["haystack_session_ids"], question["haystack_dates"], question["haystack_sessions"], strict=True
    ):
        when = lme_date(date)
        for i, turn in enumerate(session):
            if turn["role"] != "user" or not turn["content"].strip():  # a few turns of the release are empty
                continue
            items.append(
                {
                    "text": turn["content"],
                    "created_at": when,
                    "event_at": when,
                    "metadata": {"unit": f"{sid}:{i}", "session": sid, "has_answer": bool(turn.get("has_answer"))},
                    "session": sid,
                    "source": {"type": MESSAGE, "turn": i},
                }
            )
    return items


# --- running ------------------------------------------------------------------------------------------


class TiermemRetriever:
    """Searches with reinforcement off, so that the order of the questions cannot change the results.
    Latency is timed at the k the metrics need and, separately, at limit=10 (what an agent asks for)."""

    def __init__(self, mem: Memory, agent_id: str, key: str) -> None:
        self.mem, self.agent_id, self.key = mem, agent_id, key
        self.latencies: list[float] = []
        self.latencies_at_10: list[float] = []

    def __call__(self, query: str, now: datetime, k: int = max(KS)) -> list[str]:
        start = time.perf_counter()
        self.mem.search(query, agent_id=self.agent_id, limit=10, now=now, reinforce=False)
        self.latencies_at_10.append(time.perf_counter() - start)
        start = time.perf_counter()
        hits = self.mem.search(query, agent_id=self.agent_id, limit=k, now=now, reinforce=False)
        self.latencies.append(time.perf_counter() - start)
        return [h.memory.metadata[self.key] for h in hits]


def ingest(mem: Memory, agent_id: str, items: list[dict[str, Any]]) -> None:
    # Through the default write path, as store_conversation stores messages (source type "conversation"): a
    # message is folded only into itself imported again, so each turn is one memory, as the protocol counts.
    mem.store_many(items, agent_id=agent_id)


def run_locomo(
    path: Path, store: Path, variants: dict[str, dict[str, Any]], chosen: slice, embedder: Embedder | None = None
) -> dict[str, Any]:
    samples = json.loads(path.read_text())[chosen]
    per_system: dict[str, list[tuple[int, dict[int, float]]]] = defaultdict(list)
    latencies: dict[str, list[float]] = defaultdict(list)
    for index, sample in enumerate(steps(samples, "LoCoMo conversations")):
        items, last = locomo_items(sample)
        agent = f"locomo{index}"
        systems: dict[str, Retriever] = {"BM25": BM25Baseline([(i["metadata"]["dia_id"], i["text"]) for i in items])}
        mems = []
        for name, recall in variants.items():
            mem = open_store(store / f"{name.replace(' ', '_')}_{index}", config={"recall": recall}, embedder=embedder)
            mems.append(mem)
            ingest(mem, agent, items)
            systems[f"tiermem {name}" if len(variants) > 1 else "tiermem"] = TiermemRetriever(mem, agent, "dia_id")
        for qa in sample["qa"]:
            gold = set(normalise_evidence(qa.get("evidence", [])))
            if not gold:
                continue
            for name, retrieve in systems.items():
                ranked = retrieve(qa["question"], last)
                per_system[name].append((qa["category"], {k: len(gold & set(ranked[:k])) / len(gold) for k in KS}))
        for name, retrieve in systems.items():
            if isinstance(retrieve, TiermemRetriever):
                latencies[name].extend(retrieve.latencies)
                latencies[f"{name} @limit=10"].extend(retrieve.latencies_at_10)
        for mem in mems:
            mem.close()
        print(f"  locomo conversation {index + 1}/{len(samples)} done", file=sys.stderr)
    return {"scores": summarise_locomo(per_system), "latency_ms": summarise_latency(latencies)}


def summarise_locomo(per_system: dict[str, list[tuple[int, dict[int, float]]]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, rows in per_system.items():
        groups: dict[str, list[dict[int, float]]] = defaultdict(list)
        for category, recall in rows:
            groups[LOCOMO_CATEGORIES[category]].append(recall)
            groups["all (1-5)"].append(recall)
            if category != 5:
                groups["1-4"].append(recall)
        out[name] = {
            g: {f"R@{k}": round(statistics.fmean(r[k] for r in v), 4) for k in KS} | {"n": len(v)}
            for g, v in groups.items()
        }
        out[name]["all (1-5)"]["R@10_ci95"] = interval([r[10] for r in groups["all (1-5)"]])
    return out


def interval(values: Sequence[float], resamples: int = 2000) -> list[float]:
    """95% bootstrap interval of the mean over questions (a fixed seed: the same data gives the same interval)."""
    rng = random.Random(0)
    means = sorted(statistics.fmean(rng.choices(values, k=len(values))) for _ in range(resamples))
    return [round(means[int(0.025 * resamples)], 4), round(means[int(0.975 * resamples) - 1], 4)]


def run_lme(
    path: Path, store: Path, variants: dict[str, dict[str, Any]], limit: int | None, embedder: Embedder | None = None
) -> dict[str, Any]:
    questions = [q for q in json.loads(path.read_text()) if not q["question_id"].endswith("_abs")][:limit]
    rows: dict[str, list[dict[str, float]]] = defaultdict(list)
    kinds: list[str] = []  # each scored question's type, in the order of every system's rows
    latencies: dict[str, list[float]] = defaultdict(list)
    for index, q in enumerate(steps(questions, "LongMemEval questions")):
        items = lme_items(q)
        gold = {
            i["metadata"]["unit"] for i in items if i["metadata"]["has_answer"] and "answer" in i["metadata"]["session"]
        }
        if not gold:
            continue
        gold_sessions = {u.rsplit(":", 1)[0] for u in gold}
        kinds.append(q["question_type"])
        now = lme_date(q["question_date"])
        agent = f"lme{index}"
        systems: dict[str, Retriever] = {"BM25": BM25Baseline([(i["metadata"]["unit"], i["text"]) for i in items])}
        mems = {
            name: open_store(store / f"lme_{name.replace(' ', '_')}_{index}", config={"recall": r}, embedder=embedder)
            for name, r in variants.items()
        }
        for name, mem in mems.items():
            ingest(mem, agent, items)
            systems[f"tiermem {name}" if len(variants) > 1 else "tiermem"] = TiermemRetriever(mem, agent, "unit")
        for name, retrieve in systems.items():
            ranked = retrieve(q["question"], now, 50)
            rows[name].append(lme_metrics(ranked, gold, gold_sessions))
            if isinstance(retrieve, TiermemRetriever):
                # Each question has a store of its own, so its search is that store's first (the process
                # builds the mirrors then); an agent searching its store again pays the warm figure: another
                # question searched right after, on the same store.
                latencies[name].extend(retrieve.latencies)
                latencies[f"{name} @limit=10, first"].extend(retrieve.latencies_at_10)
                other, start = questions[index - 1]["question"], time.perf_counter()
                retrieve.mem.search(other, agent_id=agent, limit=10, now=now, reinforce=False)
                latencies[f"{name} @limit=10, warm"].append(time.perf_counter() - start)
                retrieve.latencies.clear()
                retrieve.latencies_at_10.clear()
        for mem in mems.values():
            mem.close()
    summary = {
        name: {m: round(statistics.fmean(r[m] for r in v), 4) for m in v[0]}
        | {"turn_all@5_ci95": interval([r["turn_all@5"] for r in v]), "n": len(v)}
        for name, v in rows.items()
    }
    by_type = {  # turn_all@5 per question type: where the misses are
        name: {
            kind: {
                "turn_all@5": round(
                    statistics.fmean(r["turn_all@5"] for r, k in zip(v, kinds, strict=True) if k == kind), 4
                ),
                "n": kinds.count(kind),
            }
            for kind in sorted(set(kinds))
        }
        for name, v in rows.items()
    }
    return {"scores": summary, "by_type": by_type, "latency_ms": summarise_latency(latencies)}


def lme_metrics(ranked: list[str], gold: set[str], gold_sessions: set[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for k in (5, 10):
        top = set(ranked[:k])
        out[f"turn_all@{k}"] = float(gold <= top)
        out[f"turn_any@{k}"] = float(bool(gold & top))
    out["turn_ndcg_any@10"] = ndcg(ranked[:10], gold)
    sessions: list[str] = []
    for unit in ranked:
        sid = unit.rsplit(":", 1)[0]
        if sid not in sessions:
            sessions.append(sid)
    for k in (5, 10):
        out[f"session_all@{k}"] = float(gold_sessions <= set(sessions[:k]))
        out[f"session_any@{k}"] = float(bool(gold_sessions & set(sessions[:k])))
    return out


def ndcg(ranked: list[str], gold: set[str]) -> float:
    dcg = sum(1 / math.log2(i + 2) for i, unit in enumerate(ranked) if unit in gold)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(len(gold), len(ranked))))
    return dcg / ideal if ideal else 0.0


def summarise_latency(latencies: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    out = {}
    for name, values in latencies.items():
        ordered = sorted(values)
        out[name] = {
            "p50": round(1000 * statistics.median(ordered), 2),
            "p99": round(1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 2),
            "n": len(ordered),
        }
    return out


# --- output -------------------------------------------------------------------------------------------


def print_tables(results: dict[str, Any]) -> None:
    if "locomo" in results:
        scores = results["locomo"]["scores"]
        groups = ["single-hop", "multi-hop", "temporal", "open-domain", "adversarial", "1-4", "all (1-5)"]
        print("\nLoCoMo, paper-style recall (R@5 / R@10 / R@25)")
        print(f"{'system':<32}" + "".join(f"{g:>22}" for g in groups))
        for name, row in scores.items():
            cells = "".join(f"{row[g]['R@5']:>8.3f}{row[g]['R@10']:>7.3f}{row[g]['R@25']:>7.3f}" for g in groups)
            print(f"{name:<32}{cells}")
    if "longmemeval" in results:
        scores = results["longmemeval"]["scores"]
        metrics = ["turn_all@5", "turn_all@10", "turn_any@5", "turn_ndcg_any@10", "session_all@5", "session_all@10"]
        print("\nLongMemEval_S dev subset")
        print(f"{'system':<32}" + "".join(f"{m:>18}" for m in metrics))
        for name, row in scores.items():
            print(f"{name:<32}" + "".join(f"{row[m]:>18.3f}" for m in metrics))
        by_type = results["longmemeval"]["by_type"]
        kinds = sorted({k for per in by_type.values() for k in per})
        print("\nLongMemEval turn_all@5 by question type (n)")
        print(f"{'system':<32}" + "".join(f"{k[:22]:>24}" for k in kinds))
        for name, per in by_type.items():
            print(f"{name:<32}" + "".join(f"{per[k]['turn_all@5']:>19.3f} ({per[k]['n']:>2})" for k in kinds))
    print("\n95% bootstrap intervals over questions (how far these numbers could move on other questions):")
    for name, row in results.get("locomo", {}).get("scores", {}).items():
        low, high = row["all (1-5)"]["R@10_ci95"]
        print(f"  LoCoMo R@10 all (1-5)       {name:<32} {low:.3f} - {high:.3f}")
    for name, row in results.get("longmemeval", {}).get("scores", {}).items():
        low, high = row["turn_all@5_ci95"]
        print(f"  LongMemEval turn_all@5      {name:<32} {low:.3f} - {high:.3f}")
    for dataset in ("locomo", "longmemeval"):
        for name, lat in results.get(dataset, {}).get("latency_ms", {}).items():
            print(
                f"search latency {dataset:<12} {name:<32} "
                f"p50 {lat['p50']:.2f} ms  p99 {lat['p99']:.2f} ms  (n={lat['n']})"
            )


def plot(results: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if "locomo" not in results:
        return
    fig, ax = plt.subplots(figsize=(6, 4), dpi=120)
    for name, row in results["locomo"]["scores"].items():
        ax.plot(KS, [row["all (1-5)"][f"R@{k}"] for k in KS], marker="o", label=name)
    ax.axhline(0.662, color="grey", linestyle=":", label="DRAGON R@10 (paper)")
    ax.set(xlabel="k (memories retrieved)", ylabel="recall of evidence turns", title="LoCoMo, all 10 conversations")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path)


def plot_lme_types(results: dict[str, Any], path: Path) -> None:
    """Grouped bars: LongMemEval turn_all@5 per question type, BM25 against tiermem (lexical only, default)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    by_type = results.get("longmemeval", {}).get("by_type", {})
    shown = [name for name in by_type if name in ("BM25", "tiermem lexical only") or name.endswith("(default)")]
    shown = shown or list(by_type)  # a run without --ablation: BM25 and "tiermem"
    if not shown:
        return
    kinds = sorted({k for per in by_type.values() for k in per})
    fig, ax = plt.subplots(figsize=(7, 3.6), dpi=120)
    width = 0.8 / len(shown)
    for i, name in enumerate(shown):
        xs = [j + (i - (len(shown) - 1) / 2) * width for j in range(len(kinds))]
        ax.bar(xs, [by_type[name].get(k, {}).get("turn_all@5", 0.0) for k in kinds], width, label=name)
    labels = [k.replace("single-session-", "single-session\n") + f"\n(n={by_type[shown[0]][k]['n']})" for k in kinds]
    ax.set_xticks(range(len(kinds)), labels, fontsize=7)
    ax.set(ylabel="turn recall_all@5", ylim=(0, 1.2), title="LongMemEval_S dev subset, by question type")
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=7, loc="upper center", ncols=len(shown))
    fig.tight_layout()
    fig.savefig(path)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dataset", choices=["locomo", "longmemeval", "both"], default="both")
    parser.add_argument("--conversations", type=int, default=None, help="LoCoMo conversations to use (default all)")
    parser.add_argument("--questions", type=int, default=None, help="LongMemEval questions to use (default all)")
    parser.add_argument("--ablation", action="store_true", help="also run each mechanism's variant")
    parser.add_argument(
        "--part",
        choices=list(PARTS),
        default="all",
        help="tune / judge halves (see above); all: every LoCoMo conversation and the LongMemEval dev subset",
    )
    parser.add_argument("--out", type=Path, default=None, help="default bench/results/retrieval[_PART].json")
    parser.add_argument(
        "--data", type=Path, default=None, help="the datasets' directory (default: $TIERMEM_BENCH_DATA)"
    )
    parser.add_argument("--backend", choices=["sqlite", "postgres"], default="sqlite", help="where the stores live")
    parser.add_argument("--postgres-url", default=None, help="--backend postgres: this database (a schema per store)")
    parser.add_argument(
        "--variants", default=None, help="comma-separated variant names of the ablation to run (default: all of them)"
    )
    args = parser.parse_args(argv)
    BACKEND.update(name=args.backend, url=args.postgres_url)
    variants = VARIANTS if args.ablation or args.variants else {"default": {}}
    if args.variants:
        named = {"default": next(name for name in VARIANTS if name.endswith("(default)"))}
        variants = {n: VARIANTS[named.get(n, n)] for n in args.variants.split(",")}
    results: dict[str, Any] = {"date": datetime.now(UTC).isoformat(), "part": args.part, "variants": variants}
    conversations, lme_file = PARTS[args.part]
    if args.conversations is not None:
        conversations = slice(conversations.start, (conversations.start or 0) + args.conversations)
    suffix = "" if args.part == "all" else f"_{args.part}"
    out = args.out or RESULTS / f"retrieval{suffix}{'' if args.backend == 'sqlite' else '_' + args.backend}.json"
    directory = data_dir(args.data)
    locomo = locate(directory, LOCOMO) if args.dataset in ("locomo", "both") else None
    lme = locate(directory, lme_file) if args.dataset in ("longmemeval", "both") else None
    if locomo is None and lme is None:
        return
    with tempfile.TemporaryDirectory() as tmp:
        if locomo is not None:
            results["locomo"] = run_locomo(locomo, Path(tmp), variants, conversations)
        if lme is not None:
            results["longmemeval"] = run_lme(lme, Path(tmp), variants, args.questions)
    print_tables(results)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results | {"backend": args.backend}, indent=2))
    if args.backend != "sqlite":
        print(f"\nwrote {out}")
        return
    if "locomo" in results:
        plot(results, out.with_name(f"retrieval_recall{suffix}.png"))
    if "longmemeval" in results:
        plot_lme_types(results, out.with_name(f"retrieval_lme_types{suffix}.png"))
    print(f"\nwrote {out}")


if __name__ == "__main__":
    main()
