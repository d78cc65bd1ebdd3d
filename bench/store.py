"""Store benchmark: ingest throughput, search latency and backend primitives at 10k and 100k memories.

Run: ``.venv/bin/python bench/store.py [--sizes 10000,100000] [--quick]``

For every size it builds a fresh store in a temporary folder with ``Memory.store_many`` (batches of 500,
the real embedder and the full 3-tier dedup), then measures in the same warm process:

* ingest throughput (memories/s, embedding and dedup included) over the whole build and over its last 10k;
* ``Memory.search(query, limit=10)`` latency over >= 200 varied queries, after one warm-up query;
* the backend primitives the recall pipeline builds on: ``lexical`` and ``vector`` (candidate depth as in
  the recall settings) and ``get_many`` of 100 candidate ids, plus the query embedding on its own;
* ``Memory.store()`` latency for single new items on the finished store.

Reported figures are medians and p99 (nearest rank), never means. The corpus is synthetic but varied
(templated agent memories over a few thousand distinct words plus generated names, paths, versions and
ticket ids; 8-40 words; all 13 built-in types; ~3% near-duplicates of earlier items) and deterministic
for a given seed. Results go to a table on stdout and to ``bench/results/store.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from progress import steps
from tiermem.engine import Memory
from tiermem.storage import vectors as vectors_module
from tiermem.storage.sqlite_search import MIRROR_FROM_QUERY
from tiermem.text import tokens
from tiermem.write import decisions as decisions_module

try:  # the recall pipeline's query terms (stop words removed), when this version has them
    from tiermem.recall.query import analyse

    def content_terms(query: str) -> Sequence[str]:
        return analyse(query, datetime.now(UTC)).terms
except ImportError:  # pragma: no cover - older or rewritten recall package

    def content_terms(query: str) -> Sequence[str]:
        return tokens(query)


ROOT = Path(__file__).resolve().parent
RESULTS = ROOT / "results" / "store.json"
AGENT = "default"

# --- a synthetic but varied corpus --------------------------------------------------------------------


def _split(text: str, sep: str | None = None) -> tuple[str, ...]:
    return tuple(text.split(sep))


FIRST = _split(
    "Alice Bob Carmen Dmitri Elena Farid Grace Hiro Ines Jonas Keiko Liam Maya Nikolai Olga Pavel Quinn "
    "Rosa Sami Tomas Uma Viktor Wen Xavier Yara Zoe Amara Bruno Chen Dara Emeka Fatima Goran Hana Ivan "
    "Jade Kofi Lena Mateo Noor Omar Priya Rafael Sofia Tariq Ulla Vera Wilhelm Ximena Yusuf Zara Aiko "
    "Bjorn Celine Diego Esther Felix Gita Hugo"
)
LAST = _split(
    "Okafor Lindqvist Tanaka Moreau Kowalski Haddad Novak Fischer Rossi Silva Nakamura Petrov Dubois "
    "Andersen Costa Yilmaz Kim Mbeki Hernandez Schmidt Ivanova Laurent Murphy Singh Olsen Varga Reyes "
    "Becker Kaur Sato Romano Nguyen Jansen Horvat Alves Suzuki Larsen Castillo Weber Das"
)
TEAMS = _split("platform infra billing search growth mobile payments data security support identity design")
ADJ = _split(
    "blue silent rapid northern quiet golden amber iron crimson lunar solar hidden bright frozen swift "
    "little grand wild hollow coral scarlet misty copper velvet"
)
NOUN = _split(
    "falcon harbor orchard beacon lantern compass meadow river summit canyon glacier forest pioneer "
    "atlas comet prairie anchor quartz willow ember tundra delta mesa"
)
TECH = _split(
    "PostgreSQL SQLite Redis Kafka RabbitMQ Elasticsearch OpenSearch ClickHouse DuckDB MongoDB Cassandra "
    "Kubernetes Docker Terraform Ansible Helm Nomad Consul Vault Prometheus Grafana Loki Jaeger Sentry "
    "FastAPI Django Flask Starlette Celery Dramatiq Pydantic SQLAlchemy Alembic pytest Hypothesis mypy ruff "
    "black uv Poetry React Vue Svelte Next.js Vite webpack esbuild TypeScript GraphQL gRPC protobuf "
    "nginx Caddy Envoy Traefik S3 CloudFront Lambda Fargate BigQuery Snowflake dbt Airflow Dagster Spark "
    "Pandas Polars NumPy PyTorch ONNX Rust Go Kotlin Swift Java Ruby Elixir Erlang Zig Bazel GitHub "
    "GitLab Jenkins CircleCI Buildkite ArgoCD Istio Linkerd OAuth JWT WebSockets SSE HTTP/2 QUIC Tailscale "
    "WireGuard OpenTelemetry Datadog PagerDuty Slack Jira Linear Notion Figma Stripe Twilio SendGrid"
)
COMPONENT = _split(
    "ingestion pipeline|auth service|billing worker|search index|notification service|rate limiter|"
    "feature flag system|checkout flow|recommendation engine|audit log|session store|job scheduler|"
    "image resizer|export service|webhook dispatcher|admin dashboard|onboarding wizard|public API|"
    "mobile sync|CSV importer|report generator|cache layer|payment gateway|email renderer|"
    "permissions model|metrics exporter|search ranking|data warehouse loader|config loader|CLI",
    "|",
)
MODULE = _split(
    "invoice sync retry cache client parser router worker scheduler queue models views schema loader "
    "exporter handlers middleware settings utils storage adapters tokens session crypto migrations "
    "billing search ranking embed ingest backup restore compaction metrics alerts"
)
DIRS = _split("src lib app services pkg internal core api tests scripts tools")
EXT = _split("py ts go rs sql yaml toml js kt")
ERRORS = _split(
    "ConnectionResetError: [Errno 104] Connection reset by peer|TimeoutError after {n}s waiting for {tech}|"
    "KeyError: '{module}_id'|deadlock detected while updating {module} rows|OOMKilled in the {component} pod|"
    "SSL: CERTIFICATE_VERIFY_FAILED when calling {tech}|too many open files|segfault in the {tech} driver|"
    "HTTP 429 Too Many Requests from {tech}|HTTP 502 Bad Gateway behind {tech}|UnicodeDecodeError in {file}|"
    "ImportError: cannot import name '{module}' from {file}|disk full on the {tech} volume|"
    "race condition between the {component} and the {module} worker|null pointer in {file} line {n}|"
    "flaky assertion in test_{module}_{n}|migration {n} failed halfway|stale cache entries for {module}|"
    "clock skew of {n} seconds between nodes|JSON schema mismatch in the {component} payload",
    "|",
)
TOPICS = _split(
    "latency budget|error budget|on-call rotation|code review|release train|dark mode|keyboard shortcuts|"
    "accessibility audit|GDPR request|data retention|cost reduction|load testing|chaos drill|"
    "postmortem|roadmap planning|hiring loop|pairing session|tech debt|dependency upgrades|"
    "API versioning|pagination|timezone handling|currency rounding|unicode normalisation|backfill|"
    "blue-green deploys|canary release|schema migration|index tuning|query plans|connection pooling|"
    "retry policy|idempotency keys|observability|structured logging|secret rotation|SSO rollout|"
    "monorepo split|build caching|test flakiness|documentation sprint|customer escalation|quarterly review|"
    "vacation plans|team offsite|mentoring|interview feedback|budget approval|vendor contract",
    "|",
)
PLACES = _split(
    "Berlin Lisbon Tokyo Nairobi Toronto Oslo Austin Lyon Seoul Warsaw Dublin Bogota Melbourne "
    "Zurich Cairo Taipei Montreal Helsinki Porto Denver"
)
DAYS = _split("Monday Tuesday Wednesday Thursday Friday Saturday Sunday")
EMOTIONS = _split(
    "frustrated relieved excited anxious proud disappointed grateful surprised annoyed delighted "
    "worried confident exhausted curious"
)
TASKS = _split(
    "code review|writing docs|debugging|deployments|note taking|planning sprints|reading logs|"
    "pair programming|writing tests|profiling|incident response|design reviews|data analysis|"
    "answering support tickets|refactoring|onboarding new hires",
    "|",
)
REASONS = _split(
    "it is faster on large inputs|the team already knows it|it has better error messages|it avoids vendor lock-in|"
    "the licence is permissive|it halves the cloud bill|it keeps the data local|the old one is unmaintained|"
    "it supports streaming|it plays well with the CI cache|startup time matters for the CLI|"
    "it makes rollbacks trivial|the benchmarks were convincing|security asked for it|it needs no extra daemon|"
    "it has first-class async support|the schema stays explicit|it reduces cold starts",
    "|",
)
FIXES = _split(
    "adding exponential backoff with jitter|pinning the client library|raising the pool size to {n}|"
    "moving the work into a background job|adding a unique index|switching to streaming reads|"
    "batching the writes in groups of {n}|setting an explicit timeout of {n} seconds|normalising the input first|"
    "retrying only idempotent requests|bumping the memory limit to {n} MiB|caching the lookup for {n} minutes|"
    "splitting the transaction|rewriting the query to use the covering index|upgrading {tech}|"
    "rotating the expired certificate|clearing the stale lock file|reordering the migrations",
    "|",
)
FILLERS = _split(
    "which should make the {component} easier to maintain|and {person} wants to revisit it next quarter|"
    "although the numbers from {place} look different|so we can drop the {tech} dependency later|"
    "see ticket {ticket} for the full discussion|according to the dashboard the p99 went from {n} ms to {m} ms|"
    "after a long thread in the {team} channel|but only for customers on the legacy plan|"
    "because the previous attempt broke the {component}|and the change shipped in version {version}|"
    "while {person} was on call|unless the load test in {place} says otherwise|"
    "which took about {n} minutes to roll out|as agreed in the {day} sync with {person}|"
    "and it touches {file}|with a follow-up planned for the {topic} work|"
    "since the {team} team owns that part|which matters for the {topic} goals",
    "|",
)

TEMPLATES: dict[str, tuple[str, ...]] = {
    "user_preference": (
        "{person} prefers {tech} over {tech2} for {task} because {reason}",
        "The user likes {topic} to be discussed in short written notes rather than meetings",
        "{person} wants answers with code examples in {tech} and no more than {n} bullet points",
        "Always use {tech} conventions when editing {file} for {person}",
        "{person} asked to be pinged in the {team} channel instead of email for anything about {topic}",
    ),
    "architectural_decision": (
        "We decided to use {tech} for the {component} of {project} because {reason}",
        "The {team} team chose {tech} instead of {tech2} for the {component} after comparing {topic}",
        "Decision: the {component} stores its state in {tech} and publishes events through {tech2}",
        "{project} will keep a single {tech} database per region; cross-region reads go through {tech2}",
    ),
    "working_solution": (
        "Running the {component} behind {tech} with {fix} solved the {topic} problem",
        "To unblock {project} we used {tech} for {task} and it worked on the first try",
        "The {module} sync works reliably once {fix} and the {tech} client reuses connections",
    ),
    "failed_approach": (
        "Tried {fix} to fix the {component} but it made {topic} worse",
        "Using {tech} for the {component} failed because of {error}",
        "{person} attempted to migrate {project} to {tech} and rolled back after {n} hours",
    ),
    "error_resolution": (
        "Fixed {error} in {file} by {fix}",
        "The {component} crashed with {error}; {fix} resolved it",
        "{person} traced {error} to {file} and fixed it by {fix}",
    ),
    "codebase_pattern": (
        "In {project} every {module} handler validates input with {tech} before touching {tech2}",
        "Repository convention: tests for {file} live next to it and use {tech} fixtures",
        "All {component} code in {project} goes through the {module} adapter, never {tech} directly",
    ),
    "test_result": (
        "{n} of {m} tests in the {module} suite passed after {fix}",
        "Load test of the {component} in {place}: p50 {n} ms, p99 {m} ms at {k} requests per second",
        "The nightly {tech} integration run failed {n} times this week, all in test_{module}",
    ),
    "session_note": (
        "Session with {person}: reviewed the {component}, agreed on {topic}, next step is {task}",
        "Left off while {task} on {project}; the open question is {topic}",
        "Today we paired on {file} and postponed the {topic} discussion to {day}",
    ),
    "episodic": (
        "On {day} {person} and {person2} met in {place} to discuss {topic} for {project}",
        "{person} presented the {project} roadmap at the {team} all-hands on {day}",
        "Last {day} the {component} went down for {n} minutes during the {topic} rollout",
        "{person} flew to {place} for the {team} offsite and came back with ideas about {topic}",
    ),
    "semantic": (
        "{project} is owned by the {team} team and runs on {tech} in {place}",
        "{person} is the {team} lead and the main contact for {topic}",
        "The {component} of {project} depends on {tech} and {tech2}",
        "{tech} version {version} is the minimum supported version for {project}",
        "The staging environment for {project} lives at {host}",
    ),
    "emotional": (
        "{person} was {emotion} about the {topic} outcome and said so in the retro",
        "The team felt {emotion} after the {component} incident on {day}",
        "{person} seemed {emotion} when {project} slipped by {n} weeks",
    ),
    "procedural": (
        "To deploy {project}, run `{command}` then check the {tech} dashboard",
        "To rotate secrets for the {component}: open {tech}, create a new key, then run `{command}`",
        "Release checklist for {project}: bump the version to {version}, run `{command}`, tag, announce in {team}",
    ),
    "reflection": (
        "Looking back, choosing {tech} for the {component} was right but {topic} needed more time",
        "Lesson from {project}: {fix} earlier would have saved about {n} hours",
        "We keep underestimating {topic}; next time involve {person} from the start",
    ),
}
TYPE_WEIGHTS = {
    "semantic": 14,
    "episodic": 12,
    "session_note": 10,
    "user_preference": 8,
    "error_resolution": 9,
    "architectural_decision": 7,
    "working_solution": 7,
    "failed_approach": 5,
    "codebase_pattern": 6,
    "test_result": 7,
    "procedural": 6,
    "reflection": 5,
    "emotional": 4,
}
COMMANDS = _split(
    "make deploy ENV={env}|kubectl rollout restart deploy/{module}|terraform apply -target=module.{module}|"
    "uv run pytest tests/{module}|git tag v{version} && git push --tags|helm upgrade {module} ./chart|"
    "python -m {module}.cli backfill --days {n}|docker compose up -d {module}",
    "|",
)


class Corpus:
    """Deterministic generator of agent memories and queries."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        rng = self.rng
        self.projects = [f"{a.capitalize()} {n.capitalize()}" for a in ADJ for n in NOUN]
        rng.shuffle(self.projects)
        self.people = [f"{f} {la}" for f in FIRST for la in LAST]
        rng.shuffle(self.people)
        self.files = [f"{d}/{m}/{m2}.{e}" for d in DIRS for m in MODULE[:20] for m2 in MODULE[10:] for e in EXT[:3]]
        rng.shuffle(self.files)
        self.types = list(TYPE_WEIGHTS)
        self.type_weights = [TYPE_WEIGHTS[t] for t in self.types]

    def _zipf(self, pool: Sequence[str], skew: float = 1.1) -> str:
        """Pick from ``pool`` with a Zipf-like skew: a few values are common, most are rare."""
        n = len(pool)
        index = int(n * self.rng.random() ** (1 + skew * 2)) % n
        return pool[index]

    def _fill(self, template: str) -> str:
        rng = self.rng
        values: dict[str, Any] = {
            "person": self._zipf(self.people).split()[0] if rng.random() < 0.5 else self._zipf(self.people),
            "person2": self._zipf(self.people),
            "tech": self._zipf(TECH, 0.6),
            "tech2": self._zipf(TECH, 0.6),
            "component": rng.choice(COMPONENT),
            "project": self._zipf(self.projects),
            "team": rng.choice(TEAMS),
            "topic": rng.choice(TOPICS),
            "task": rng.choice(TASKS),
            "reason": rng.choice(REASONS),
            "place": rng.choice(PLACES),
            "day": rng.choice(DAYS),
            "emotion": rng.choice(EMOTIONS),
            "module": rng.choice(MODULE),
            "file": self._zipf(self.files, 0.4),
            "n": rng.choice((2, 3, 5, 8, 10, 12, 15, 20, 30, 45, 60, 90, 120, 250, 500, rng.randint(1, 999))),
            "m": rng.randint(10, 2000),
            "k": rng.choice((100, 250, 500, 1000, 2500, 5000)),
            "version": f"{rng.randint(0, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 12)}",
            "ticket": f"{rng.choice(('OPS', 'BILL', 'SRCH', 'PLAT', 'MOB'))}-{rng.randint(100, 9999)}",
            "host": f"https://{rng.choice(MODULE)}.staging.{rng.choice(NOUN)}-{rng.choice(ADJ)}.dev",
            "env": rng.choice(("staging", "prod", "dev", "eu", "us")),
        }
        values["error"] = rng.choice(ERRORS).format(**values)
        values["fix"] = rng.choice(FIXES).format(**values)
        values["command"] = rng.choice(COMMANDS).format(**values)
        values["file"] = f"`{values['file']}`" if rng.random() < 0.3 else values["file"]
        return template.format(**values)

    def memory(self) -> dict[str, Any]:
        rng = self.rng
        mtype = rng.choices(self.types, self.type_weights)[0]
        clauses = [self._fill(rng.choice(TEMPLATES[mtype]))]
        target = rng.randint(8, 40)
        while sum(len(c.split()) for c in clauses) < target:
            clauses.append(self._fill(rng.choice(FILLERS)))
        words = ", ".join(clauses).split()
        words = words[: max(target, len(clauses[0].split()) if len(clauses) == 1 else target)]
        text = " ".join(words[:40]).rstrip(",;:") + rng.choice((".", ".", ".", "!", ""))
        item: dict[str, Any] = {"text": text[0].upper() + text[1:], "type": mtype}
        if rng.random() < 0.5:
            item["category"] = f"projects/{rng.choice(TEAMS)}"
        if rng.random() < 0.4:
            tags = ("infra", "urgent", "customer", "q3", "perf", "docs", "security", "ux")
            item["tags"] = rng.sample(tags, rng.randint(1, 3))
        if rng.random() < 0.3:
            item["importance"] = round(rng.uniform(0.1, 1.0), 2)
        if rng.random() < 0.5:
            item["created_at"] = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=rng.randint(0, 400_000))
        return item

    def near_duplicate(self, original: dict[str, Any]) -> dict[str, Any]:
        """A restatement of an earlier memory: same text re-cased/re-punctuated, one word changed, or reworded."""
        rng = self.rng
        text = original["text"]
        kind = rng.random()
        words = text.split()
        if kind < 0.35:
            text = text.lower().rstrip(".!") + rng.choice(("", " !", " ..."))
        elif kind < 0.7 and len(words) > 12:
            words[rng.randrange(len(words))] = rng.choice(("really", "also", "still", "now", "again"))
            text = " ".join(words)
        else:
            text = rng.choice(("Reminder: ", "Note: ", "Again, ", "FYI ")) + text
        return {**original, "text": text}

    def memories(self, n: int, dup_rate: float = 0.03) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for _ in range(n):
            if out and self.rng.random() < dup_rate:
                back = min(len(out), self.rng.choice((50, 400, 3000, 10**9)))
                out.append(self.near_duplicate(out[-self.rng.randint(1, back)]))
            else:
                out.append(self.memory())
        return out

    def queries(self, n: int) -> list[str]:
        rng = self.rng
        shapes = (
            "what does {person} prefer for {task}",
            "why did we choose {tech} for the {component}",
            "how did we fix {error}",
            "{project} {component}",
            "{tech} {topic}",
            "who owns {project}",
            "how do I deploy {project}",
            "tests failing in {module}",
            "meeting with {person} in {place}",
            "what went wrong with the {component} rollout",
            "{file}",
            "{topic}",
            "{person}",
            "lessons learned about {topic} on {project}",
            "is there a runbook for rotating secrets in {tech}",
            "p99 latency of the {component}",
            "which approach failed for {topic}",
            "what is the minimum {tech} version",
            "staging environment url for {project}",
            "how was the team feeling after the incident",
            "{tech2} vs {tech} decision",
            "remind me what {person} said about {topic} last {day}",
        )
        return [self._fill(rng.choice(shapes)) for _ in range(n)]


# --- measurement helpers ------------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (no interpolation): p99 of 200 samples is the 198th smallest."""
    ordered = sorted(values)
    rank = max(1, int(np.ceil(q / 100 * len(ordered))))
    return ordered[rank - 1]


def latency(samples_s: Sequence[float]) -> dict[str, float]:
    ms = [s * 1000 for s in samples_s]
    return {
        "p50_ms": round(percentile(ms, 50), 3),
        "p99_ms": round(percentile(ms, 99), 3),
        "max_ms": round(max(ms), 3),
        "n": len(ms),
    }


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def machine_info() -> dict[str, Any]:
    info: dict[str, Any] = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu_count": os.cpu_count(),
        "processor": platform.processor() or None,
        "numpy": np.__version__,
        "sqlite": sqlite3.sqlite_version,
        "load_average_1min_at_start": round(os.getloadavg()[0], 2),
        # with threadpoolctl installed the dedup shortlist holds BLAS to one thread around its small products
        "threadpoolctl_in_use": getattr(vectors_module, "ThreadpoolController", None) is not None,
    }
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            models = {line.split(":", 1)[1].strip() for line in handle if line.startswith("model name")}
        info["cpu_model"] = ", ".join(sorted(models)) or None
    except OSError:
        pass
    try:
        from threadpoolctl import threadpool_info

        info["blas"] = [{k: v for k, v in pool.items() if k != "filepath"} for pool in threadpool_info()]
    except ImportError:
        info["blas"] = "threadpoolctl not installed"
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT.parent, capture_output=True, text=True, check=False
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "src"], cwd=ROOT.parent, capture_output=True, text=True, check=False
        ).stdout.strip()
        info["git"] = f"{commit}{'+dirty' if dirty else ''}"
    except OSError:
        info["git"] = None
    return info


# --- one store ----------------------------------------------------------------------------------------


def bench_size(
    size: int,
    *,
    seed: int,
    batch: int,
    n_queries: int,
    n_single: int,
    depth: int,
    log: Callable[[str], None],
    revisions: bool = True,
) -> dict[str, Any]:
    corpus = Corpus(seed)
    items = corpus.memories(size)
    queries = corpus.queries(n_queries)
    singles = corpus.memories(n_single, dup_rate=0.0)
    words = [len(i["text"].split()) for i in items]
    tmp = Path(tempfile.mkdtemp(prefix=f"tiermem-bench-{size}-"))
    try:
        memory = Memory.open(tmp / "store", config={"revisions": revisions})
        memory.embedder.embed(["warm up the embedder model"])  # model load is not ingest
        backend = memory._backend  # the primitives the recall pipeline builds on

        # ingest
        batch_times: list[float] = []
        batch_cpu: list[float] = []
        outcomes: Counter[str] = Counter()
        load = {"before_ingest": round(os.getloadavg()[0], 2)}
        for start in steps(range(0, size, batch), f"ingesting {size:,} memories"):
            cpu = time.process_time()
            elapsed, results = timed(lambda s=start: memory.store_many(items[s : s + batch], agent_id=AGENT))
            batch_cpu.append(time.process_time() - cpu)
            batch_times.append(elapsed)
            outcomes.update(r.reason for r in results)
            if (start // batch) % max(1, (size // batch) // 10) == 0:
                log(f"  {size:>7,}: {start + batch:>7,} stored, {batch / elapsed:,.0f}/s this batch")
        total = sum(batch_times)
        tail_items = min(10_000, size)
        tail_batches = -(-tail_items // batch)
        tail_time = sum(batch_times[-tail_batches:])
        tail_count = min(tail_batches * batch, size)
        load["after_ingest"] = round(os.getloadavg()[0], 2)
        ingest = {
            "items": size,
            "batch_size": batch,
            "seconds": round(total, 3),
            "per_s": round(size / total, 1),
            "last_10k_per_s": round(tail_count / tail_time, 1),
            # memories per second of this process's CPU time (all its threads): less sensitive to other load
            "per_cpu_s": round(size / sum(batch_cpu), 1),
            "last_10k_per_cpu_s": round(tail_count / sum(batch_cpu[-tail_batches:]), 1),
            "batch_p50_ms": round(percentile(batch_times, 50) * 1000, 1),
            "batch_p99_ms": round(percentile(batch_times, 99) * 1000, 1),
            "outcomes": dict(outcomes),
            "stored": backend.count(AGENT),
            "words_per_memory_p50": percentile(words, 50),
        }
        log(f"  {size:>7,}: ingest {ingest['per_s']:,.0f}/s overall, {ingest['last_10k_per_s']:,.0f}/s last 10k")

        # search, warm process: the first queries also load the vector mirror and build the BM25 one
        warm_up, _ = timed(
            lambda: [
                memory.search(f"warm-up query {i} about the billing worker", agent_id=AGENT, limit=10)
                for i in range(MIRROR_FROM_QUERY)
            ]
        )
        search_times, search_cpu = [], []
        empty = 0
        for query in queries:
            cpu = time.process_time()
            elapsed, hits = timed(lambda q=query: memory.search(q, agent_id=AGENT, limit=10))
            search_cpu.append(time.process_time() - cpu)
            search_times.append(elapsed)
            empty += not hits

        # primitives
        embed_t, lexical_t, lexical_all_t, vector_t, get_t = [], [], [], [], []
        for query in queries:
            t, vec = timed(lambda q=query: memory.embedder.embed([q]))
            embed_t.append(t)
            terms = content_terms(query)
            t, lex = timed(lambda q=terms: backend.lexical(AGENT, q, limit=depth))
            lexical_t.append(t)
            t, _ = timed(lambda q=query: backend.lexical(AGENT, tokens(q), limit=depth))
            lexical_all_t.append(t)
            t, near = timed(lambda v=vec: backend.vector(AGENT, v, limit=depth))
            vector_t.append(t)
            ids = list(dict.fromkeys([m for m, _ in near[0]] + [m for m, _ in lex]))[:100]
            t, _ = timed(lambda i=ids: backend.get_many(AGENT, i))
            get_t.append(t)

        # single store() on the finished store
        single_t = []
        for item in singles:
            elapsed, _ = timed(lambda i=item: memory.store(**i, agent_id=AGENT))
            single_t.append(elapsed)
        load["end"] = round(os.getloadavg()[0], 2)
        memory.close()
        db_bytes = sum(p.stat().st_size for p in (tmp / "store").glob("tiermem.db*"))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return {
        "size": size,
        "revisions": revisions,
        "ingest": ingest,
        "search": {
            **latency(search_times),
            "cpu_p50_ms": round(percentile(search_cpu, 50) * 1000, 3),
            "warm_up_s": round(warm_up, 3),
            "limit": 10,
            "queries": len(queries),
            "empty_results": empty,
        },
        "primitives": {
            "depth": depth,
            "embed_query": latency(embed_t),
            "lexical": latency(lexical_t),
            "lexical_all_tokens": latency(lexical_all_t),
            "vector": latency(vector_t),
            "get_many_100": latency(get_t),
        },
        "store_single": latency(single_t),
        "db_mib": round(db_bytes / 2**20, 1),
        "load_average_1min": load,
    }


# --- report -------------------------------------------------------------------------------------------


def render(results: list[dict[str, Any]], info: dict[str, Any]) -> None:
    rows = [
        ("ingest (memories/s, whole build)", lambda r: f"{r['ingest']['per_s']:,.0f}"),
        ("ingest (memories/s, last 10k)", lambda r: f"{r['ingest']['last_10k_per_s']:,.0f}"),
        ("ingest (memories per CPU-second, last 10k)", lambda r: f"{r['ingest']['last_10k_per_cpu_s']:,.0f}"),
        (
            "store_many batch of 500 p50 / p99 (ms)",
            lambda r: f"{r['ingest']['batch_p50_ms']:.0f} / {r['ingest']['batch_p99_ms']:.0f}",
        ),
        ("search limit=10 p50 / p99 (ms)", lambda r: f"{r['search']['p50_ms']:.2f} / {r['search']['p99_ms']:.2f}"),
        ("  search p50 (CPU ms of this process)", lambda r: f"{r['search']['cpu_p50_ms']:.2f}"),
        ("  first queries: load the mirrors (s)", lambda r: f"{r['search']['warm_up_s']:.2f}"),
        ("  embed query p50 / p99 (ms)", lambda r: _pair(r["primitives"]["embed_query"])),
        ("  backend.lexical, content terms p50 / p99 (ms)", lambda r: _pair(r["primitives"]["lexical"])),
        ("  backend.lexical, all tokens p50 / p99 (ms)", lambda r: _pair(r["primitives"]["lexical_all_tokens"])),
        ("  backend.vector p50 / p99 (ms)", lambda r: _pair(r["primitives"]["vector"])),
        ("  backend.get_many(100) p50 / p99 (ms)", lambda r: _pair(r["primitives"]["get_many_100"])),
        ("store() single p50 / p99 (ms)", lambda r: _pair(r["store_single"])),
        ("dedup outcomes", lambda r: ", ".join(f"{k} {v}" for k, v in sorted(r["ingest"]["outcomes"].items()))),
        ("database size (MiB)", lambda r: f"{r['db_mib']:.1f}"),
        (
            "load average (1 min) before / after ingest / end",
            lambda r: " / ".join(f"{v:.1f}" for v in r["load_average_1min"].values()),
        ),
    ]
    blas = info.get("blas")
    blas_text = (
        ", ".join(f"{p.get('internal_api')} {p.get('version')} x{p.get('num_threads')}" for p in blas)
        if isinstance(blas, list)
        else str(blas)
    )
    caption = (
        f"{info.get('cpu_model')} ({info['cpu_count']} cpus), Python {info['python']}, numpy {info['numpy']}"
        f" ({blas_text}), SQLite {info['sqlite']}, {info['date']}, git {info.get('git')}"
    )
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        print(caption)
        for label, cell in rows:
            print(f"{label:<50}" + "".join(f"{cell(r):>24}" for r in results))
        return
    table = Table(title="tiermem store benchmark", caption=caption)
    table.add_column("metric")
    for r in results:
        mode = "" if r.get("revisions", True) else ", similarity only"
        table.add_column(f"{r['size']:,} memories{mode}", justify="right")
    for label, cell in rows:
        table.add_row(label, *(cell(r) for r in results))
    Console(width=140).print(table)


def _pair(stats: dict[str, float]) -> str:
    return f"{stats['p50_ms']:.2f} / {stats['p99_ms']:.2f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", default="10000,100000", help="comma-separated store sizes")
    parser.add_argument("--quick", action="store_true", help="small stores (2k, 10k) for a smoke run")
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--singles", type=int, default=200, help="store() calls timed on the finished store")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument(
        "--modes",
        default="similarity,revisions",
        help='write paths to build each size with, in this order: "revisions" (the default write decisions) '
        'and "similarity" (``"revisions": false``, the similarity tiers alone: the baseline, same run)',
    )
    args = parser.parse_args(argv)
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not modes or set(modes) - {"revisions", "similarity"}:
        parser.error("--modes takes revisions and/or similarity")
    sizes = [2_000, 10_000] if args.quick else [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]
    try:
        from tiermem.config import RecallSettings

        depth = RecallSettings().candidates  # the recall pipeline's candidate depth
    except ImportError:  # an older tiermem (for before/after runs)
        depth = 200

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    info = machine_info()
    results = []
    for size in sizes:
        for mode in modes:
            log(f"building a store of {size:,} memories ({mode})")
            results.append(
                bench_size(
                    size,
                    seed=args.seed,
                    batch=args.batch,
                    n_queries=max(200, args.queries),
                    n_single=args.singles,
                    depth=depth,
                    log=log,
                    revisions=mode == "revisions",
                )
            )
    report = {
        "benchmark": "store",
        "machine": info,
        "config": {
            "sizes": sizes,
            "modes": modes,
            "batch": args.batch,
            "seed": args.seed,
            "search_limit": 10,
            "candidate_depth": depth,
            "dedup_neighbours": decisions_module.NEIGHBOURS,
            "embedder": "wordllama:l2_supercat_256",
        },
        "results": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    render(results, info)
    log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
