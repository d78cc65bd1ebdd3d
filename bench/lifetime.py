"""Lifetime benchmark: five simulated years of one agent under the tiered lifecycle (seed 000).

Run: ``.venv/bin/python bench/lifetime.py [--years 5] [--facts-per-day 30] [--quick-every-hours 4] [--seed 7]
[--out FILE]``

A simulated clock drives everything (store times, consolidation, retrieval). Every day the agent has one
session at 10:00: it loads its session-start context (MEMORY.md's hot block + the tree index), stores about
``--facts-per-day`` facts (27 directly, 3 through a daily note ``memory/YYYY-MM-DD.md`` that the midnight
consolidation ingests), sometimes updates its hot state (lessons, events, tasks, projects), and retrieves a
few memories. Categories drift: a new project appears every quarter and old ones go quiet. Consolidation
follows the seed's schedule: quick every ``--quick-every-hours`` hours, daily at midnight, monthly on the 1st.

Planted facts (two a week, importance 0.8-1.0, each about a made-up name) are retrieved after 1, 3 and 5 years
by a paraphrase that shares no word with the fact but the name ("what PIN opens the Kazotan locker" for "The
access code for the Kazotan storage unit is 4417"); and each name also turns up in six unrelated memories of
the following days, more than the top 5 holds, so the name alone does not single the fact out. Recall =
share found in the top 5 of ``retrieve``.

On the first day the agent also imports 300 memories of old history, back-dated 2015 to the start (a third of
importance >= 0.8), and every week it looks two of them up again. Each year the archive check counts imported
memories that are gone: important ones, ones used in the last year (neither may ever be deleted), and whether
each of those is still found by a search for its own words. The same run counts what the previous retention
rules (age from created_at, no protection) would have deleted at the first monthly consolidation.

Per simulated year the table shows the largest hot state, tree and warm store seen after any consolidation,
the session-start context size (min / max), and the daily consolidation time. Results also go to
``bench/results/lifetime.json``. The corpus is synthetic and deterministic for a given seed.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from progress import steps
from tiermem import Memory
from tiermem.errors import NotFoundError
from tiermem.lifecycle import hot
from tiermem.lifecycle.service import LifecycleService

ROOT = Path(__file__).resolve().parent
RESULTS = ROOT / "results" / "lifetime.json"
START = datetime(2026, 1, 1, tzinfo=UTC)
SESSION_HOUR = 10  # the session starts at 10:30, between quick consolidations
# fmt: off
STABLE = ["owner/preferences", "owner/family", "technical/servers", "technical/deploy", "technical/tools",
          "people/colleagues", "health", "finance", "travel", "notes"]
TOPICS = ("backups", "invoices", "the staging cluster", "the release notes", "a flaky test", "the CI runners",
          "the new laptop", "the quarterly plan", "a customer call", "the logging costs", "the DNS records",
          "the on-call rota", "the API rate limits", "the database index", "the design review", "a memory leak",
          "the onboarding doc", "the feature flag", "the TLS certificates", "the cache hit rate", "the GPU quota",
          "the mobile build", "the search ranking", "the billing export", "the VPN config", "the audit log",
          "the data retention policy", "the hiring loop", "the team offsite", "the error budget", "the load test",
          "the payment webhook", "the translation files", "the dependency upgrade", "the disk alerts",
          "the sprint retro", "the pricing page", "the support queue", "the email templates", "the SSO setup")
PEOPLE = ("Sam", "Priya", "Jonas", "Mei", "Carlos", "Aisha", "Tomasz", "Lena", "Kofi", "Yuki", "Ingrid", "Ravi",
          "Olu", "Hana", "Marek", "Zoe", "Diego", "Fatima", "Nils", "Amara")
PLACES = ("in the standup", "over lunch", "on a call", "in the design doc", "on Slack", "at the whiteboard",
          "in a code review", "during the incident", "in the planning meeting", "by email")
VERBS = ("Discussed", "Reviewed", "Fixed", "Looked into", "Planned", "Measured", "Cleaned up", "Documented",
         "Profiled", "Refactored", "Escalated", "Benchmarked")
OUTCOMES = ("it went well", "still open", "needs a follow-up", "done for now", "blocked on review",
            "cheaper than expected", "took longer than planned", "worth revisiting", "rolled back", "shipped",
            "waiting on legal", "parked until next quarter", "measured a 20% gain", "no change observed")
# Several sentence shapes: one template over a small vocabulary makes near-duplicates that dedup merges.
TEMPLATES = (
    "{verb} {topic} with {person} {place} (ticket {n}): {outcome}",
    "{person} asked about {topic}; we agreed it is {outcome} (ref {n})",
    "Note from {place}: {topic} {outcome}, owner {person}, estimate {n} minutes",
    "{person} reported that {topic} costs {n} per month; {outcome}",
    "Idea {n}: revisit {topic} next week, {person} thinks it is {outcome}",
    "{verb} {topic} after {person} flagged it {place}; result: {outcome}; build {n}",
)
SYLLABLES = ("ka", "zo", "vel", "mir", "tan", "quo", "rix", "lum", "dra", "sef", "oth", "nuv", "pel", "gar")
PLANTS = (
    "The access code for the {n} storage unit is {k}",
    "The {n} contract renews on day {k} of the month",
    "The {n} server root password hint is {k}",
    "Our contact at {n} prefers calls after {k} pm",
    "The {n} project budget is {k} thousand euros",
)
QUESTIONS = (  # paraphrases: no word in common with the planted fact but its name
    "what PIN opens the {n} locker",
    "when is the {n} agreement up again",
    "reminder for the admin login of the {n} machine",
    "what time should I phone the person at {n}",
    "how much money do we have for {n}",
)
DECOYS = (  # other memories naming a planted fact's name, about nothing the questions ask
    "{person} mentioned {n} {place}; nothing to do yet",
    "Looked up {n} on the wiki, page {k} is out of date",
    "{n} came up while we discussed {topic}; {outcome}",
    "{person} forwarded a newsletter from {n} about {topic}",
    "Filed the {n} receipts from {place} under ticket {k}",
    "{n} sent a survey about {topic}; {outcome}",
)
ARCHIVE_FROM = datetime(2015, 1, 1, tzinfo=UTC)
ARCHIVE_SIZE = 300
YEAR = timedelta(days=365.25)
DECOYS_PER_NAME, DECOYS_PER_DAY = 6, 2  # two plants a week: 12 decoys, stored within the week

# fmt: on


@dataclass
class Year:
    hot_bytes: int = 0
    block_bytes: int = 0
    tree_bytes: int = 0
    warm_bytes: int = 0
    context: list[int] = field(default_factory=list)
    daily_s: list[float] = field(default_factory=list)
    memories: int = 0


def name(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(3)).title()


class Simulation:
    def __init__(self, life: LifecycleService, memory: Memory, args: argparse.Namespace) -> None:
        self.life, self.memory, self.args = life, memory, args
        self.rng = random.Random(args.seed)
        self.planted: list[tuple[str, str, float]] = []  # (id, question, planted at: years)
        self.years: list[Year] = []
        self.recall: dict[int, dict[str, Any]] = {}
        self.used_names: set[str] = set()
        self.decoys: list[str] = []  # texts naming planted names, stored one a day among the filler
        self.archive: list[tuple[str, str, float, datetime]] = []  # imported: (id, text, importance, created)
        self.archive_used: dict[str, datetime] = {}
        self.archive_checks: dict[int, dict[str, Any]] = {}

    # --- one simulated day -------------------------------------------------------------------------

    def projects(self, day: int) -> list[str]:
        quarter = day // 91
        return [f"projects/p{q:02d}" for q in range(max(0, quarter - 2), quarter + 1)]

    def filler(self, day: int) -> dict[str, Any]:
        rng = self.rng
        category = rng.choice(self.projects(day) + STABLE)
        text = rng.choice(TEMPLATES).format(
            verb=rng.choice(VERBS),
            topic=rng.choice(TOPICS),
            person=rng.choice(PEOPLE),
            place=rng.choice(PLACES),
            outcome=rng.choice(OUTCOMES),
            n=rng.randint(100, 99999),
        )
        return {"text": text, "category": category, "importance": round(rng.uniform(0.25, 0.75), 2)}

    def plant(self, at: datetime, day: int) -> dict[str, Any]:
        n = name(self.rng)
        while n in self.used_names:
            n = name(self.rng)
        self.used_names.add(n)
        which = self.rng.randrange(len(PLANTS))
        text = PLANTS[which].format(n=n, k=self.rng.randint(2, 9999))
        self.pending_question = QUESTIONS[which].format(n=n)
        for decoy in self.rng.sample(DECOYS, DECOYS_PER_NAME):
            self.decoys.append(
                decoy.format(
                    n=n,
                    k=self.rng.randint(2, 999),
                    person=self.rng.choice(PEOPLE),
                    place=self.rng.choice(PLACES),
                    topic=self.rng.choice(TOPICS),
                    outcome=self.rng.choice(OUTCOMES),
                )
            )
        return {
            "text": text,
            "category": self.rng.choice(STABLE),
            "importance": round(self.rng.uniform(0.8, 1.0), 2),
            "created_at": at,
        }

    def import_history(self, at: datetime) -> None:
        """Old history, back-dated: created between 2015 and the start, stored now."""
        span = (at - ARCHIVE_FROM).total_seconds()
        items = []
        for i in range(ARCHIVE_SIZE):
            created = ARCHIVE_FROM + timedelta(seconds=self.rng.uniform(0, span - 86400 * 30))
            importance = round(self.rng.uniform(0.8, 1.0), 2) if i % 3 == 0 else round(self.rng.uniform(0.2, 0.7), 2)
            text = f"Archived note about {name(self.rng)} and {name(self.rng)}: {self.rng.choice(TOPICS)} ({i})"
            items.append({"text": text, "created_at": created, "importance": importance})
        results = self.memory.store_many(items, now=at)
        self.archive = [
            (r.id, it["text"], it["importance"], it["created_at"]) for r, it in zip(results, items, strict=True)
        ]

    def use_archive(self, at: datetime) -> None:
        for mid, text, _, _ in self.rng.sample(self.archive, 2):
            self.memory.search(text, limit=5, now=at)
            self.archive_used[mid] = at

    def check_archive(self, years: int, at: datetime) -> None:
        important = [a for a in self.archive if a[2] >= 0.8]
        recent = [a for a in self.archive if a[0] in self.archive_used and at - self.archive_used[a[0]] < YEAR]
        present = {a[0] for a in self.archive if self.exists(a[0])}

        def findable(entry: tuple[str, str, float, datetime]) -> bool:
            hits = self.memory.search(entry[1], limit=5, now=at, reinforce=False)
            return any(h.memory.id == entry[0] for h in hits)

        protected = {a[0]: a for a in important + recent}
        self.archive_checks[years] = {
            "imported": len(self.archive),
            "deleted": sum(a[0] not in present for a in self.archive),
            "important_deleted": sum(a[0] not in present for a in important),
            "used_last_year_deleted": sum(a[0] not in present for a in recent),
            "protected_findable": round(sum(map(findable, protected.values())) / max(1, len(protected)), 4),
            "protected": len(protected),
        }

    def exists(self, memory_id: str) -> bool:
        try:
            self.memory.get(memory_id)
        except NotFoundError:
            return False
        return True

    def previous_rules_would_delete(self) -> dict[str, int]:
        """The previous policy: age from created_at, frozen after ~90 idle days, deleted once frozen and older
        than 10 years, importance and use notwithstanding (its first monthly consolidation)."""
        cutoff = START - timedelta(days=10 * 365.25)
        doomed = [a for a in self.archive if a[3] < cutoff]
        return {"deleted": len(doomed), "important_deleted": sum(a[2] >= 0.8 for a in doomed)}

    def session(self, day: int, at: datetime, year: Year) -> None:
        year.context.append(len(self.life.session_context(now=at).encode("utf-8")))
        items = [
            {**self.filler(day), "created_at": at + timedelta(minutes=i)} for i in range(self.args.facts_per_day - 3)
        ]
        for item in items[-DECOYS_PER_DAY:]:
            if self.decoys:
                item["text"] = self.decoys.pop(0)
        planted_now = day % 7 in (1, 4)
        if planted_now:
            items[0] = self.plant(at, day)
        results = self.memory.store_many(items, now=at)
        if day % 7 == 3:
            self.use_archive(at + timedelta(minutes=30))
        if planted_now and results[0].created:
            self.planted.append((results[0].id, self.pending_question, day / 365.25))
        self.hot_updates(day, at)
        self.note(day, at)
        for _ in range(3):
            self.life.retrieve(
                f"{self.rng.choice(TOPICS)} {self.rng.choice(PEOPLE)}", limit=5, now=at + timedelta(hours=1)
            )

    def hot_updates(self, day: int, at: datetime) -> None:
        rng = self.rng
        if day % 7 == 0:
            self.life.update_hot(
                "lesson",
                {
                    "text": f"Lesson {day}: check {rng.choice(TOPICS)} before releasing",
                    "category": "ops",
                    "importance": round(rng.uniform(0.5, 1.0), 2),
                },
                now=at,
            )
        if day % 3 == 0:
            self.life.update_hot("event", {"text": f"Event on day {day}: {rng.choice(TOPICS)} review"}, now=at)
            self.life.update_hot("task", {"text": f"Follow up on {rng.choice(TOPICS)} (day {day})"}, now=at)
        if day % 30 == 0:
            project = self.projects(day)[-1]
            self.life.update_hot(
                "project", {"name": project, "status": "Active", "description": f"Quarter {day // 91}"}, now=at
            )

    def note(self, day: int, at: datetime) -> None:
        rng = self.rng
        lines = [
            f"# {at.date()}",
            "",
            "## Project work",
            f"- [x] Shipped the {rng.choice(TOPICS)} change for ticket {rng.randint(100, 99999)}",
            f"- Decided to move {rng.choice(TOPICS)} to the new runner (day {day})",
            f"**Reminder: renew {rng.choice(TOPICS)} before day {day + 30}**",
        ]
        path = self.life.workspace / "memory" / f"{at.date()}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n")

    # --- consolidation and measurement --------------------------------------------------------------

    def consolidate(self, mode: str, at: datetime, year: Year) -> None:
        started = time.perf_counter()
        report = self.life.consolidate(mode, now=at)
        if mode == "daily":
            year.daily_s.append(time.perf_counter() - started)
        assert report.tree is not None and report.memory_md is not None  # a run, not a dry run
        year.warm_bytes = max(year.warm_bytes, report.tiers.warm.bytes)
        year.tree_bytes = max(year.tree_bytes, report.tree.size_bytes)
        year.block_bytes = max(year.block_bytes, report.memory_md.block_bytes)
        year.hot_bytes = max(year.hot_bytes, hot.size_bytes(self.life.hot()))

    def measure_recall(self, years: int, at: datetime) -> None:
        missed = []
        for mid, question, _ in self.planted:
            top = self.life.retrieve(question, limit=5, now=at).results
            if not any(r["id"] == mid for r in top):
                missed.append(self.why_missed(mid, question, [str(r["text"]) for r in top], at))
        found = len(self.planted) - len(missed)
        self.recall[years] = {
            "planted": len(self.planted),
            "found": found,
            "recall": round(found / len(self.planted), 4) if self.planted else 0.0,
            "missed": missed,
        }

    def why_missed(self, memory_id: str, question: str, top: list[str], at: datetime) -> dict[str, Any]:
        """A missed planted fact as it stands: its text, tier, status, what replaced it if anything, and what
        the top 5 held instead; ``search_rank``: its place in ``Memory.search`` alone (None: not in its top 10)."""
        record = self.memory.get(memory_id)
        out: dict[str, Any] = {"question": question, "text": record.text, "tier": record.tier, "status": record.status}
        if record.superseded_by:
            out["superseded_by"] = self.memory.get(record.superseded_by).text
        hits = self.memory.search(question, limit=10, now=at, reinforce=False)
        rank = next((i for i, hit in enumerate(hits, 1) if hit.memory.id == memory_id), None)
        return out | {"search_rank": rank, "top": top}

    def run(self) -> None:
        days = round(self.args.years * 365.25)
        checkpoints = {round(y * 365.25): y for y in (1, 3, 5)}
        quick = range(self.args.quick_every_hours, 24, self.args.quick_every_hours)
        for day in steps(range(days), f"{self.args.years} simulated years"):
            midnight = START + timedelta(days=day)
            if day == 0:
                self.import_history(midnight)
            if (day % 365 == 0 and len(self.years) < 5) or not self.years:
                self.years.append(Year())
            year = self.years[-1]
            self.consolidate("monthly" if midnight.day == 1 else "daily", midnight, year)
            # the session (10:30) and the quick consolidations of the day, in time order
            for hour in sorted([*quick, SESSION_HOUR + 0.5]):
                if hour == SESSION_HOUR + 0.5:
                    self.session(day, midnight + timedelta(hours=hour), year)
                else:
                    self.consolidate("quick", midnight + timedelta(hours=hour), year)
            year.memories = self.memory.stats()["memories"]
            if day + 1 in checkpoints:
                self.measure_recall(checkpoints[day + 1], midnight + timedelta(days=1))
            if (day + 1) % 365 == 0 or day + 1 == days:
                self.check_archive(len(self.years), midnight + timedelta(days=1))
            if (day + 1) % 91 == 0:
                print(f"  day {day + 1}: {year.memories} memories", flush=True)


def table(sim: Simulation) -> list[dict[str, Any]]:
    month2 = [c for y in sim.years for c in y.context][31:]
    mean = statistics.fmean(month2) if month2 else 0.0
    rows = []
    for number, y in enumerate(sim.years, 1):
        rows.append(
            {
                "year": number,
                "memories": y.memories,
                "hot_state_bytes_max": y.hot_bytes,
                "memory_md_block_bytes_max": y.block_bytes,
                "tree_bytes_max": y.tree_bytes,
                "warm_bytes_max": y.warm_bytes,
                "context_bytes_min": min(y.context),
                "context_bytes_max": max(y.context),
                "daily_consolidation_s_median": round(statistics.median(y.daily_s), 3),
                "daily_consolidation_s_max": round(max(y.daily_s), 3),
                "recall_important": sim.recall.get(number, {}).get("recall"),
            }
        )
    spread = max(abs(c - mean) / mean for c in month2) if month2 else 0.0
    return [*rows, {"context_mean_from_month_2": round(mean), "context_max_deviation": round(spread, 4)}]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--years", type=float, default=5)
    parser.add_argument("--facts-per-day", type=int, default=30)
    parser.add_argument("--quick-every-hours", type=int, default=4, choices=(2, 3, 4, 6))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=RESULTS, help="where the JSON goes (short runs: elsewhere)")
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp, Memory.open(Path(tmp) / ".tiermem") as memory:
        sim = Simulation(memory.lifecycle(Path(tmp)), memory, args)
        sim.run()
    rows = table(sim)
    summary = rows.pop()
    header = (
        "year",
        "memories",
        "hot B",
        "MEMORY.md block B",
        "tree B",
        "warm B",
        "context B (min-max)",
        "daily consolidation s (median / max)",
        "recall ≥0.8",
    )
    print(" | ".join(header))
    for r in rows:
        recall = "—" if r["recall_important"] is None else f"{r['recall_important']:.3f}"
        print(
            f"{r['year']} | {r['memories']} | {r['hot_state_bytes_max']} | {r['memory_md_block_bytes_max']} | "
            f"{r['tree_bytes_max']} | {r['warm_bytes_max']} | {r['context_bytes_min']}-{r['context_bytes_max']} | "
            f"{r['daily_consolidation_s_median']} / {r['daily_consolidation_s_max']} | {recall}"
        )
    print("archive (back-dated import) | deleted | important deleted | used in the last year deleted | findable")
    for years, c in sim.archive_checks.items():
        print(
            f"after year {years} | {c['deleted']} of {c['imported']} | {c['important_deleted']} | "
            f"{c['used_last_year_deleted']} | {c['protected_findable']:.3f} of {c['protected']}"
        )
    previous = sim.previous_rules_would_delete()
    print(
        f"previous retention rules, first monthly: would delete {previous['deleted']} "
        f"({previous['important_deleted']} important)"
    )
    print(
        f"context from month 2: mean {summary['context_mean_from_month_2']} B, "
        f"max deviation {summary['context_max_deviation']:.1%}; recall detail {sim.recall}"
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(
            {
                "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
                "years": rows,
                "context": summary,
                "recall": sim.recall,
                "archive": sim.archive_checks,
                "archive_previous_rules": previous,
                "wall_s": round(time.perf_counter() - started, 1),
                "python": platform.python_version(),
                "machine": platform.machine(),
                "run_at": datetime.now(UTC).isoformat(timespec="seconds"),
            },
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
