"""Scenario runners shared by the reliability tests and ``bench/reliability.py``: crashes (SIGKILL at random
points), many processes on one store, and the checks that say nothing was lost.

A crash round forks a child (POSIX ``fork``: the parent's loaded embedder is shared, so a round costs
milliseconds, not a Python start-up) that works in a loop and acknowledges each call after it returned, by
writing one line to a pipe. The parent kills it with SIGKILL after a random delay, then checks the store
and the workspace: integrity, every acknowledged write present, every file parseable and the files
consistent with each other. One store (and one workspace) is reused by every round of a scenario, so later
rounds start from whatever the earlier kills left behind.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import re
import signal
import sqlite3
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from builders import VOCABULARY, distinct_texts
from tiermem import Memory
from tiermem.providers.embedders import Embedder
from tiermem.storage.sqlite import DB_FILE
from tiermem.workspace.events import parse_events
from tiermem.workspace.files import JOURNAL_NAME, workspace_lock
from tiermem.workspace.layout import Workspace
from tiermem.workspace.markdown import HOT_END, HOT_START
from tiermem.workspace.scaffold import scaffold
from tiermem.workspace.state import parse_state
from tiermem.workspace.threads import parse_threads
from tiermem.workspace.writer import MemoryWriter

Ack = Callable[[str], None]
#: (store directory, workspace directory, embedder, round number, ack) -> never returns on its own
Workload = Callable[[Path, Path, Embedder, int, Ack], None]
SEEDED = 200  # memories the consolidation scenario starts with
_ROUND_END = re.compile(r"^end session (\d+)-\d+ reviewed")  # a crash round's session end: it made thread-r<round>


@dataclass
class CrashReport:
    scenario: str
    kills: int = 0
    survived: int = 0  # rounds after which every check passed
    acknowledged: int = 0  # writes the children reported done before they died
    lost: int = 0  # acknowledged writes missing afterwards (must be 0)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# --- the children's work ---------------------------------------------------------------------------------


def ingest_work(store: Path, _: Path, embedder: Embedder, round_: int, ack: Ack) -> None:
    """Bulk ingest as an importer or a hook storm does it: batches of 25, then single stores."""
    with Memory.open(store, embedder=embedder) as mem:
        for batch in itertools.count():
            texts = distinct_texts(30, seed=round_ * 1000 + batch, prefix=f"round{round_} batch{batch} ")
            for result in mem.store_many([{"text": t, "tags": ["bulk"]} for t in texts[:25]]):
                ack(result.id)
            for text in texts[25:]:
                ack(mem.store(text, importance=0.7).id)


def consolidate_work(store: Path, workspace: Path, embedder: Embedder, round_: int, ack: Ack) -> None:
    """Consolidation (rescoring, tier moves, tree upkeep, MEMORY.md) interleaved with new memories."""
    with Memory.open(store, embedder=embedder) as mem:
        for n in itertools.count():
            mode = ("quick", "daily", "full")[n % 3]
            mem.consolidate(mode, workspace=workspace)
            ack(mem.store(f"round {round_} consolidation {n} left this note about {mode} upkeep").id)


def workspace_work(_: Path, workspace: Path, __: Embedder, round_: int, ack: Ack) -> None:
    """A session's file writes: notes into state.json, events.json, then the multi-file session end."""
    writer = MemoryWriter(workspace)
    for n in itertools.count():
        writer.note_decision(f"use plan {round_}-{n}", "it was simplest")
        event = writer.note_event("attendance", f"met the team about topic {round_}-{n} today")
        ack(f"event {event['text']}")
        thread = f"thread-r{round_}"
        summary = f"session {round_}-{n} reviewed the plan"
        writer.end_session(
            summary,
            f"resume at step {round_}-{n}",
            {thread: {"title": f"Round {round_}", "current_position": f"step {n}"}},
        )
        ack(f"end {summary}")
        if n % 4 == 3:
            writer.complete_review(now=datetime.now(UTC))


# --- the checks ---------------------------------------------------------------------------------------


def store_problems(store: Path, acked_ids: set[str], agent_id: str = "default") -> tuple[list[str], int]:
    """(problems, lost): SQLite and FTS integrity, and every acknowledged id present with its vector."""
    problems: list[str] = []
    with contextlib.closing(sqlite3.connect(store / DB_FILE)) as conn:
        check = [r[0] for r in conn.execute("PRAGMA integrity_check")]
        if check != ["ok"]:
            problems.append(f"integrity_check: {check[:3]}")
        try:
            conn.execute("INSERT INTO memories_fts(memories_fts) VALUES ('integrity-check')")
        except sqlite3.DatabaseError as exc:
            problems.append(f"fts integrity-check: {exc}")
        present = {r[0] for r in conn.execute("SELECT id FROM memories WHERE agent_id = ?", (agent_id,))}
        unvectored = conn.execute(
            "SELECT count(*) FROM memories m WHERE m.status = 'active' AND m.valid_to IS NULL"
            " AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.rowid = m.rowid)"
        ).fetchone()[0]
    if unvectored:
        problems.append(f"{unvectored} current memories have no vector")
    lost = len(acked_ids - present)
    if lost:
        problems.append(f"{lost} acknowledged memories are missing")
    return problems, lost


def memory_md_problems(path: Path) -> list[str]:
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    if HOT_START not in text and HOT_END not in text:
        return []  # a curated MEMORY.md with no generated block yet
    if text.count(HOT_START) != 1 or text.count(HOT_END) != 1 or text.index(HOT_START) > text.index(HOT_END):
        return [f"{path.name}: the hot block's markers are damaged"]
    return []


def workspace_problems(root: Path, acked: list[str]) -> tuple[list[str], int]:
    """(problems, lost): every file parses, acknowledged events and session ends are there exactly once, and
    state.json counts exactly the sessions the daily logs hold (the files agree with each other)."""
    with workspace_lock(root):  # what any next writer does first: roll a left-over journal forward
        pass
    space = Workspace(root)
    problems: list[str] = []
    if (space.memory_dir / JOURNAL_NAME).exists():
        problems.append("the journal is still there after recovery")
    state, why = parse_state(_read(space.state))
    if why is not None:
        problems.append(f"state.json: {why}")
    events, why = parse_events(_read(space.events))
    if why is not None and why != "missing":
        problems.append(f"events.json: {why}")
    threads = parse_threads(_read(space.threads) or "")
    logs = "\n".join(_read(log.path) or "" for log in space.daily_logs())
    sessions = logs.count("## Session Summary")
    if sessions != state["session_counter"]["total"]:
        problems.append(f"state.json counts {state['session_counter']['total']} sessions, the logs hold {sessions}")
    texts = [e["text"] for e in events]
    lost = 0
    for line in acked:
        kind, _, what = line.partition(" ")
        found = texts.count(what) if kind == "event" else logs.count(f"\n{what}\n")
        if found != 1:
            lost += found == 0
            problems.append(f"{line!r} is there {found} times")
    expected = {f"thread-r{m.group(1)}" for line in acked if (m := _ROUND_END.match(line))}
    missing = expected - {t.id for t in threads}
    if missing:
        problems.append(f"threads.md lacks {sorted(missing)}")
    problems += memory_md_problems(space.memory_md)
    return problems, lost


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


# --- the crash runner -----------------------------------------------------------------------------------


def _child(work: Workload, store: Path, workspace: Path, embedder: Embedder, round_: int, fd: int) -> None:
    """In the forked child: work until killed; never return into the parent's code (os._exit)."""
    code = 0
    try:
        work(store, workspace, embedder, round_, lambda line: _ack(fd, line))
    except BaseException:
        _ack(fd, "error " + traceback.format_exc().replace("\n", " | "))
        code = 1
    finally:
        os._exit(code)


def _ack(fd: int, line: str) -> None:
    data = (line + "\n").encode("utf-8")
    while data:
        data = data[os.write(fd, data) :]


def _kill_after(pid: int, read_fd: int, delay: float) -> list[str]:
    time.sleep(delay)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    with os.fdopen(read_fd, "rb") as pipe:
        return pipe.read().decode("utf-8").splitlines()


def crash_rounds(
    scenario: str,
    work: Workload,
    check: Callable[[list[str]], tuple[list[str], int]],
    store: Path,
    workspace: Path,
    embedder: Embedder,
    *,
    kills: int = 20,
    delays: tuple[float, float] = (0.05, 0.6),
    seed: int = 0,
) -> CrashReport:
    """Kill ``work`` ``kills`` times at random moments; ``check(all acknowledged lines)`` after each kill."""
    rng = random.Random(seed)
    report = CrashReport(scenario)
    acked: list[str] = []
    started = time.perf_counter()
    for round_ in range(kills):
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_fd)
            _child(work, store, workspace, embedder, round_, write_fd)
        os.close(write_fd)
        lines = _kill_after(pid, read_fd, rng.uniform(*delays))
        report.kills += 1
        errors = [line for line in lines if line.startswith("error ")]
        acked += [line for line in lines if not line.startswith("error ")]
        problems, lost = check(acked)
        problems += [f"the child failed: {e[:500]}" for e in errors]
        report.lost = max(report.lost, lost)
        report.survived += not problems
        report.problems += [f"round {round_}: {p}" for p in problems]
    report.acknowledged = len(acked)
    report.seconds = round(time.perf_counter() - started, 2)
    return report


def seed_store(store: Path, workspace: Path, embedder: Embedder) -> list[str]:
    """The consolidation scenario's starting point: a workspace and SEEDED memories of mixed importance."""
    scaffold(workspace, date.today())
    rng = random.Random(7)
    texts = distinct_texts(SEEDED, seed=99, prefix="seeded ")
    items = [
        {
            "text": t,
            "importance": rng.choice([0.1, 0.4, 0.6, 0.9]),
            "category": rng.choice(["projects/alpha", "people", "tools/editor", "ops/backups"]),
        }
        for t in texts
    ]
    with Memory.open(store, embedder=embedder) as mem:
        return [r.id for r in mem.store_many(items)]


Check = Callable[[list[str]], tuple[list[str], int]]


def scenario_check(work: Workload, store: Path, workspace: Path, seeded: list[str]) -> Check:
    """What is checked after each kill: the workspace's files, or the store (seeded + acknowledged ids) and
    the MEMORY.md block consolidation writes."""
    if work is workspace_work:
        return lambda acked: workspace_problems(workspace, acked)

    def check(acked: list[str]) -> tuple[list[str], int]:
        problems, lost = store_problems(store, {*seeded, *acked})
        return problems + memory_md_problems(Workspace(workspace).memory_md), lost

    return check


SCENARIOS: dict[str, Workload] = {
    "bulk ingest": ingest_work,
    "consolidation": consolidate_work,
    "workspace writes": workspace_work,
}


def run_crash_scenario(name: str, base: Path, embedder: Embedder, *, kills: int = 20, seed: int = 0) -> CrashReport:
    """One scenario of issue 9 on its own store and workspace under ``base``."""
    store, workspace = base / name.replace(" ", "-") / "store", base / name.replace(" ", "-") / "ws"
    seeded = seed_store(store, workspace, embedder)
    check = scenario_check(SCENARIOS[name], store, workspace, seeded)
    return crash_rounds(name, SCENARIOS[name], check, store, workspace, embedder, kills=kills, seed=seed)


def run_crash_scenarios(base: Path, embedder: Embedder, *, kills: int = 20, seed: int = 0) -> list[CrashReport]:
    return [run_crash_scenario(name, base, embedder, kills=kills, seed=seed) for name in SCENARIOS]


# --- many processes on one store ---------------------------------------------------------------------------

SHARED_FACT = "Every writer repeats this one shared fact about the deploy window"
#: what each worker does, with its weight
MIX = {"store": 10, "store_shared": 1, "search": 4, "context": 1, "consolidate": 1, "note": 2, "end_session": 1}


@dataclass
class ConcurrencyReport:
    processes: int
    seconds: float = 0.0
    operations: dict[str, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)  # anything that reached a caller ("database is locked"...)
    stored: int = 0  # distinct memories the workers were told they created
    rows: int = 0  # worker memories in the store afterwards
    lost: int = 0
    duplicated: int = 0
    sessions: int = 0  # session ends acknowledged
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def mixed_work(store: Path, workspace: Path, embedder: Embedder, worker: int, until: float, out: Path) -> None:
    """One worker: random operations until ``until``, each logged as a JSON line once it returned."""
    import json

    rng = random.Random(worker)
    ops, weights = zip(*MIX.items(), strict=True)
    writer = MemoryWriter(workspace, "default")
    with Memory.open(store, embedder=embedder) as mem, out.open("a", encoding="utf-8") as log:
        for n in itertools.count():
            if time.time() > until:
                break
            op = rng.choices(ops, weights)[0]
            entry: dict[str, Any] = {"op": op}
            try:
                if op in ("store", "store_shared"):
                    words = " ".join(rng.sample(VOCABULARY, 7))  # unrelated words: no two are near-duplicates
                    text = SHARED_FACT if op == "store_shared" else f"writer{worker} note{n} {words}"
                    result = mem.store(text, source={"type": "worker", "worker": worker})
                    entry.update(id=result.id, created=result.created, text=text)
                elif op == "search":
                    entry["hits"] = len(mem.search(f"writer{rng.randrange(8)} {rng.choice(['apple', 'river'])}"))
                elif op == "context":
                    mem.context("what did the team decide?", workspace=workspace)
                elif op == "consolidate":
                    mem.consolidate(rng.choice(["quick", "daily"]), workspace=workspace)
                elif op == "note":
                    writer.note_decision(f"worker {worker} decision {n}", "because")
                else:
                    entry["summary"] = f"worker {worker} session {n} ended"
                    writer.end_session(entry["summary"], f"resume worker {worker}")
            except Exception as exc:  # every failure that reaches a caller is what this test hunts
                entry = {"op": op, "error": f"{type(exc).__name__}: {exc}"}
            log.write(json.dumps(entry) + "\n")
            log.flush()


def run_mixed(
    store: Path, workspace: Path, embedder: Embedder, *, processes: int = 8, seconds: float = 15
) -> ConcurrencyReport:
    """``processes`` forked workers mixing every kind of write on one store and workspace, then reconcile."""
    import json

    scaffold(workspace, date.today())
    Memory.open(store, embedder=embedder).close()
    report = ConcurrencyReport(processes)
    started = time.time()
    logs = [store.parent / f"worker-{k}.jsonl" for k in range(processes)]
    pids = []
    for k in range(processes):
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                mixed_work(store, workspace, embedder, k, started + seconds, logs[k])
            except BaseException:
                logs[k].with_suffix(".crash").write_text(traceback.format_exc())
                code = 1
            finally:
                os._exit(code)
        pids.append(pid)
    for pid in pids:
        _, status = os.waitpid(pid, 0)
        if status != 0:
            report.errors.append(f"a worker exited with status {status}")
    report.seconds = round(time.time() - started, 2)
    entries = [json.loads(line) for path in logs if path.exists() for line in path.read_text().splitlines()]
    report.errors += [e["error"] for e in entries if "error" in e]
    report.errors += [p.read_text() for p in store.parent.glob("worker-*.crash")]
    for e in entries:
        report.operations[e["op"]] = report.operations.get(e["op"], 0) + 1
    _reconcile(report, store, workspace, embedder, [e for e in entries if "error" not in e])
    return report


def _reconcile(
    report: ConcurrencyReport, store: Path, workspace: Path, embedder: Embedder, done: list[dict[str, Any]]
) -> None:
    stores = [e for e in done if "id" in e]
    by_text: dict[str, set[str]] = {}
    for e in stores:
        by_text.setdefault(e["text"], set()).add(e["id"])
    report.duplicated = sum(len(ids) - 1 for ids in by_text.values())  # one text answered with two ids
    report.stored = len({e["id"] for e in stores})
    with Memory.open(store, embedder=embedder) as mem:
        rows = [
            r
            for r in mem.list(limit=10_000, include_forgotten=True, include_superseded=True)
            if r.source.get("type") == "worker"
        ]
        report.rows = len(rows)
        texts = [r.text for r in rows]
        report.duplicated += len(texts) - len(set(texts))
        report.lost = len({e["id"] for e in stores} - {r.id for r in rows})
    problems, lost = store_problems(store, set())
    report.sessions = sum(e["op"] == "end_session" for e in done)
    acked = [f"end {e['summary']}" for e in done if e["op"] == "end_session"]
    ws_problems, ws_lost = workspace_problems(workspace, acked)
    report.lost += lost + ws_lost
    report.problems = problems + ws_problems
    if report.rows != report.stored:
        report.problems.append(f"the workers created {report.stored} memories, the store holds {report.rows}")


# --- agent isolation across every interface -----------------------------------------------------------------

#: (interface, caller index, action, word): one step of an isolation run
Step = tuple[str, int, str, str]
INTERFACES = ("python", "cli", "rest", "mcp")
ACTIONS = ("store", "search", "list", "get", "retrieve", "context", "export", "forget")


@dataclass
class IsolationReport:
    steps: int = 0
    reads: dict[str, int] = field(default_factory=dict)  # reads checked, by interface
    leaks: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class Interfaces:
    """One store reached four ways, each caller with its own agent: the Python API, the CLI (in-process, its
    global --agent-id), REST and MCP over HTTP with a token scoped to that agent alone."""

    def __init__(self, mem: Memory, store: Path, rest_url: str, mcp_url: str, agents: list[str]) -> None:
        import httpx

        from cli_support import Cli
        from tiermem.interfaces.auth import create_token

        self.mem, self.cli, self.mcp_url, self.agents = mem, Cli(store), mcp_url, agents
        self.tokens = {a: create_token(mem, [a], "write")[0] for a in agents}
        self.rest = {
            a: httpx.Client(base_url=rest_url, headers={"Authorization": f"Bearer {t}"}, timeout=60)
            for a, t in self.tokens.items()
        }
        self.stored: dict[str, list[str]] = {a: [] for a in agents}  # ids each agent stored

    def close(self) -> None:
        for client in self.rest.values():
            client.close()

    def run(self, steps: list[Step], report: IsolationReport) -> IsolationReport:
        for interface, caller, action, word in steps:
            agent = self.agents[caller % len(self.agents)]
            asked = self._target(agent)  # an id the caller names itself may come back in "no memory '<id>'"
            output = getattr(self, f"_{interface}")(agent, action, word).replace(asked, "<asked>")
            report.steps += 1
            if action != "store":
                report.reads[interface] = report.reads.get(interface, 0) + 1
                report.leaks += [f"{interface} {action} by {agent}: {leak}" for leak in self._leaks(agent, output)]
            elif (found := re.search(r"\b[0-9A-HJKMNP-TV-Z]{26}\b", output)) is not None:
                self.stored[agent].append(found.group())
        return report

    def _leaks(self, agent: str, output: str) -> list[str]:
        others = [a for a in self.agents if a != agent]
        leaks = [f"the text of {o}" for o in others if f"owner-{o}" in output]
        return leaks + [f"an id of {o}" for o in others for mid in self.stored[o] if mid in output]

    def _text(self, agent: str, word: str) -> str:
        return f"owner-{agent} keeps the {word} in a safe place"

    def _target(self, agent: str) -> str:
        """A read by id aims at another agent's memory when there is one (it must not be found)."""
        theirs = [mid for a, ids in self.stored.items() if a != agent for mid in ids]
        return theirs[-1] if theirs else "01NOSUCHMEMORY000000000000"

    def _python(self, agent: str, action: str, word: str) -> str:
        import json

        from tiermem import TiermemError

        mem = self.mem
        try:
            if action == "store":
                return mem.store(self._text(agent, word), agent_id=agent).id
            calls: dict[str, Callable[[], Any]] = {
                "search": lambda: [h.to_dict() for h in mem.search(f"the {word}", agent_id=agent)],
                "list": lambda: [
                    r.to_dict() for r in mem.list(agent_id=agent, include_forgotten=True, include_superseded=True)
                ],
                "get": lambda: mem.get(self._target(agent), agent_id=agent).to_dict(),
                "retrieve": lambda: mem.retrieve(f"the {word}", agent_id=agent),
                "context": lambda: mem.context(f"where is the {word}?", agent_id=agent).text,
                "export": lambda: list(mem.export_lines(agent_id=agent)),
                "forget": lambda: mem.forget(self._target(agent), agent_id=agent).to_dict(),
            }
            return json.dumps(calls[action](), default=str)
        except TiermemError as exc:
            return str(exc)

    def _cli(self, agent: str, action: str, word: str) -> str:
        argv = {
            "store": ["store", self._text(agent, word)],
            "search": ["search", f"the {word}"],
            "list": ["list", "--include-forgotten"],
            "get": ["get", self._target(agent)],
            "retrieve": ["retrieve", f"the {word}"],
            "context": ["context", f"where is the {word}?"],
            "export": ["export"],
            "forget": ["forget", self._target(agent)],
        }[action]
        result = self.cli("--json", "--agent-id", agent, *argv)
        return result.stdout + result.stderr

    def _rest(self, agent: str, action: str, word: str) -> str:
        base, client = f"/v1/agents/{agent}", self.rest[agent]
        target = self._target(agent)
        response = {
            "store": lambda: client.post(f"{base}/memories", json={"text": self._text(agent, word)}),
            "search": lambda: client.post(f"{base}/search", json={"query": f"the {word}"}),
            "list": lambda: client.get(f"{base}/memories", params={"include_forgotten": True}),
            "get": lambda: client.get(f"{base}/memories/{target}"),
            "retrieve": lambda: client.post(f"{base}/retrieve", json={"query": f"the {word}"}),
            "context": lambda: client.post(f"{base}/context", json={"message": f"where is the {word}?"}),
            "export": lambda: client.get(f"{base}/export"),
            "forget": lambda: client.delete(f"{base}/memories/{target}"),
        }[action]()
        return response.text

    def _mcp(self, agent: str, action: str, word: str) -> str:
        from test_mcp import over_http

        tool, arguments = {
            "store": ("store", {"text": self._text(agent, word)}),
            "search": ("search", {"query": f"the {word}"}),
            "list": ("search", {"query": "safe place", "limit": 50}),
            "get": ("search", {"query": self._target(agent)}),
            "retrieve": ("retrieve", {"query": f"the {word}"}),
            "context": ("context", {"message": f"where is the {word}?"}),
            "export": ("tree", {}),
            "forget": ("forget", {"memory_id": self._target(agent)}),
        }[action]

        async def call(session: Any) -> Any:
            return await session.call_tool(tool, arguments)

        result = over_http(self.mcp_url, call, self.tokens[agent])
        return "".join(getattr(c, "text", "") for c in result.content)


def isolation_steps(count: int, seed: int, agents: int = 3) -> list[Step]:
    rng = random.Random(seed)
    stores = [(i, a, "store", w) for i in INTERFACES for a in range(agents) for w in ("violin", "harbor")]
    return stores + [
        (
            rng.choice(INTERFACES),
            rng.randrange(agents),
            rng.choice(ACTIONS[1:]),
            rng.choice(["violin", "harbor", "glacier"]),
        )
        for _ in range(count)
    ]
