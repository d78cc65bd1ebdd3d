"""The four-phase loader (seed 003): orient, anchor, context, deep recall, under a token budget.

Phase 1 reads state.json and picks a strategy from the time since the last session (< 2 h light, < 24 h
standard, < 7 days full reload, else deep reload). Phase 2 loads resumption.md (flagged as possibly stale
after a week). Phase 3, skipped when light, takes one of three branches: continue a known thread, a new or
ambiguous topic, or maintenance when a memory review is due; date-sensitive messages also get the matching
events. Phase 4 helpers serve on-demand lookups. Missing or damaged files never crash the loader: a
missing state.json is a fresh start, and every problem is reported in the metadata.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from ..recall.query import STOP_WORDS, stem
from ..temporal import resolve_event_date
from ..text import tokens
from . import events as ev
from . import threads as th
from .budget import Budget, BudgetConfig, LoadedContent, LoadedSource, SessionContext, count_tokens, fit
from .files import read_text
from .index import search_index
from .layout import DailyLog, Workspace
from .markdown import heading, sections, without_hot_block, without_sections
from .state import last_session_at, parse_state

STALE_NOTE = "<!-- NOTE: 7+ days since last session. This resumption note may be stale. -->\n\n"
CONTINUATION = ("continue", "let's keep going", "where were we", "pick up", "back to", "as we discussed", "next step")
_DATE_CUES = re.compile(
    r"\b(?:when|what (?:day|date|time)|first|before|after|since|until|ago|how (?:many|long)|date|dates|earlier|"
    r"later|bought|purchased|ordered|met|attended|joined|moved|started|finished|broke|fixed|arrived)\b"
)
_COMMENT_LINE = re.compile(r"^\s*<!--(?!\s*tiermem:hot:).*-->\s*$")
_PLACEHOLDER = re.compile(r"^\((?:Nothing here yet|No (?:active|closed) threads yet|No archived entries yet)[^)]*\)$")
_RULE_LINE = re.compile(r"^\s*-{3,}\s*$")
_PLACEHOLDER_ENTRY = re.compile(r"^- \[\d+ sessions?\] \[\w+\] \(.*\)\s*$")
RECENT_LOGS_RELOAD, RECENT_LOGS_MAINTENANCE, INDEX_FALLBACK_LOGS = 3, 5, 10
_ANY_DAY = date(2000, 1, 3)  # only whether a date phrase is present matters here, not the day it gives


@dataclass(frozen=True, slots=True)
class TimeGapStrategy:
    """Hours since the last session below which each strategy applies; past ``full_reload``: deep reload."""

    light: float = 2.0
    standard: float = 24.0
    full_reload: float = 168.0

    def choose(self, hours: float | None) -> str:
        if hours is None:
            return "full_reload"  # a fresh start has nothing stale to distrust, but everything to load
        if hours < self.light:
            return "light"
        if hours < self.standard:
            return "standard"
        return "full_reload" if hours < self.full_reload else "deep_reload"


def is_date_sensitive(message: str) -> bool:
    """Does the message ask about when, in what order, or how long ago something happened?"""
    lowered = message.lower()
    found = resolve_event_date(message, _ANY_DAY)
    return bool(_DATE_CUES.search(lowered)) or found.date_text is not None or found.relative_time is not None


def _content_stems(text: str) -> set[str]:
    return {stem(w) for w in tokens(text) if len(w) > 2 and w not in STOP_WORDS}


def clean_memory(text: str) -> str:
    """MEMORY.md as worth loading: no template comments, placeholders or empty sections, one rule at a time."""
    lines = [
        line
        for line in text.split("\n")
        if not _COMMENT_LINE.match(line) and not _PLACEHOLDER_ENTRY.match(line) and not _PLACEHOLDER.match(line.strip())
    ]
    for level in (3, 2):  # empty subsections first: their section may be empty without them
        lines = [
            line
            for i, line in enumerate(lines)
            if not ((found := heading(line)) and found[0] == level and _empty_after(lines, i, level))
        ]
    kept: list[str] = []
    for line in lines:
        previous = next((k for k in reversed(kept) if k.strip()), "")
        if _RULE_LINE.match(line) and (not previous or _RULE_LINE.match(previous)):
            continue  # a rule right after a rule (its section was emptied), or leading the text
        kept.append(line)
    while kept and (not kept[-1].strip() or _RULE_LINE.match(kept[-1])):
        kept.pop()  # a rule that closed a removed last section
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip()


def _empty_after(lines: list[str], at: int, level: int) -> bool:
    """Whether a heading has nothing under it before the next heading of its level or above, or a rule."""
    for line in lines[at + 1 :]:
        found = heading(line)
        if found is not None and found[0] > level:
            return False
        if found is not None or _RULE_LINE.match(line):
            return True
        if line.strip():
            return False
    return True


def resumption_body(text: str) -> tuple[str, str]:
    """(when it was written, the note): the header lines are boilerplate a tight budget should not pay for."""
    written = re.search(r"^> Written: (.+)$", text, re.MULTILINE)
    head, rule, body = text.partition("\n---\n")
    note = body.strip() if rule and head.lstrip().startswith("# Resumption Note") else text.strip()
    return (written.group(1).strip() if written else "undated"), note


class MemoryLoader:
    """Loads one agent's workspace memory for a session. ``hot_block=False`` leaves MEMORY.md's generated
    hot-state block out (when the hot state is loaded from the store anyway)."""

    def __init__(
        self,
        root: str | Path,
        budget: BudgetConfig | None = None,
        strategy: TimeGapStrategy | None = None,
        *,
        hot_block: bool = True,
        agent_id: str = "default",
    ) -> None:
        self.space = Workspace(Path(root), agent_id)
        self.budget = budget or BudgetConfig()
        self.strategy = strategy or TimeGapStrategy()
        self.hot_block = hot_block
        self.phase_4_spent = 0
        self.phase_4_hits: list[dict[str, Any]] = []

    @property
    def _memory_rel(self) -> str:
        return self.space.rel(self.space.memory_md)

    def _read(self, path: Path) -> str:
        return (read_text(path, root=self.space.root) or "").strip()

    def _memory_md(self) -> str:
        text = self._read(self.space.memory_md)
        return clean_memory(text if self.hot_block else without_hot_block(text))

    # --- phase 1: orient ------------------------------------------------------------------------------

    def phase_1_orient(self, now: datetime) -> tuple[dict[str, Any], dict[str, Any]]:
        """(state, decisions): how long since the last session, which strategy, threads, flags, hints."""
        state, problem = parse_state(read_text(self.space.state, root=self.space.root))
        last = last_session_at(state)
        hours = None if last is None else max(0.0, (now - last).total_seconds() / 3600)
        decisions = {
            "time_gap_hours": None if hours is None else round(hours, 1),
            "strategy": self.strategy.choose(hours),
            "active_thread_ids": [t["id"] for t in state["active_threads"]],
            "flags": {k: bool(v) for k, v in state["flags"].items()},
            "style_hint": state["context_hints"].get("conversation_style"),
            "fresh_start": problem is not None,
        }
        if problem is not None and problem != "missing":
            decisions["state_problem"] = f"{self.space.rel(self.space.state)} is {problem}; treated as a fresh start"
        return state, decisions

    def orientation(self, state: dict[str, Any], decisions: dict[str, Any]) -> LoadedContent:
        gap = decisions["time_gap_hours"]
        lines = [f"Strategy: {decisions['strategy']}" + ("" if gap is None else f" ({gap} h since the last session)")]
        if decisions["fresh_start"]:
            lines.append("Fresh start: no readable state.json yet.")
        threads = ", ".join(f"{t['id']} ({t.get('title') or t.get('status', '')})" for t in state["active_threads"])
        if threads:
            lines.append(f"Active threads: {threads}")
        flags = [name for name, on in decisions["flags"].items() if on]
        if flags:
            lines.append(f"Flags: {', '.join(flags)}")
        hints = state["context_hints"]
        for label, key in (
            ("Where things stand", "last_topic_position"),
            ("Mood", "current_mood_hypothesis"),
            ("Style", "conversation_style"),
        ):
            if hints.get(key):
                lines.append(f"{label}: {hints[key]}")
        if state["pending_questions"]:
            lines.append("Open questions: " + "; ".join(state["pending_questions"][-3:]))
        return LoadedContent(self.space.rel(self.space.state), "orientation", "\n".join(lines), 1, "phase 1: always")

    # --- phase 2: anchor ------------------------------------------------------------------------------

    def phase_2_anchor(self, decisions: dict[str, Any]) -> LoadedContent | None:
        written, text = resumption_body(self._read(self.space.resumption))
        if not text:
            return None
        if decisions["strategy"] == "deep_reload":
            text = STALE_NOTE + text
        return LoadedContent(self.space.rel(self.space.resumption), f"written {written}", text, 2, "phase 2: always")

    # --- phase 3: context -----------------------------------------------------------------------------

    def classify(self, decisions: dict[str, Any], message: str | None) -> tuple[str, str | None]:
        """(branch, matched thread id)."""
        if decisions["flags"].get("memory_review_due"):
            return "maintenance", None
        matched = self.match_thread(decisions["active_thread_ids"], message or "")
        if matched is not None:
            return "continue_thread", matched
        lowered = (message or "").lower()
        if decisions["active_thread_ids"] and any(signal in lowered for signal in CONTINUATION):
            return "continue_thread", decisions["active_thread_ids"][0]
        return "new_or_ambiguous", None

    def match_thread(self, thread_ids: list[str], message: str) -> str | None:
        """The active thread whose id or title words the message names most (whole words, stemmed)."""
        said = _content_stems(message)
        titles = {t.id: t.title for t in th.parse_threads(self._read(self.space.threads))}
        best, best_hits = None, 0
        for thread_id in thread_ids:
            words = _content_stems(
                thread_id.removeprefix("thread-").replace("-", " ") + " " + titles.get(thread_id, "")
            )
            hits = len(words & said)
            if hits > best_hits:
                best, best_hits = thread_id, hits
        return best

    def phase_3_context(self, decisions: dict[str, Any], message: str | None) -> list[LoadedContent]:
        branch, thread_id = self.classify(decisions, message)
        decisions["phase_3_branch"] = branch
        decisions["matched_thread"] = thread_id
        decisions["date_sensitive"] = bool(message) and is_date_sensitive(message or "")
        items: list[LoadedContent] = []
        if decisions["date_sensitive"] and message:
            found = self.events_for(message)
            if found is not None:
                items.append(found)
        if branch == "continue_thread" and thread_id is not None:
            items += self._thread_items(thread_id)
        elif branch == "new_or_ambiguous":
            items += self._overview_items()
        else:
            text = self._read(self.space.memory_md)
            items.append(
                LoadedContent(self._memory_rel, "full", clean_memory(text), 3, "phase 3 maintenance: review due")
            )
            items += self._summaries(RECENT_LOGS_MAINTENANCE, "phase 3 maintenance: recent sessions to curate from")
        if decisions["strategy"] in ("full_reload", "deep_reload"):
            loaded = {(c.source, c.section) for c in items}
            items += [
                c
                for c in self._summaries(RECENT_LOGS_RELOAD, f"phase 3 {decisions['strategy']}: recent logs")
                if (c.source, c.section) not in loaded
            ]
        return [c for c in items if c.text.strip()]

    def _thread_items(self, thread_id: str) -> list[LoadedContent]:
        text = self._read(self.space.threads)
        found = next((t for t in th.parse_threads(text) if t.id == thread_id), None)
        items = []
        if found is not None:
            items.append(
                LoadedContent(
                    self.space.rel(self.space.threads),
                    f"thread:{thread_id}",
                    th.block(text, found),
                    3,
                    "phase 3 continue_thread: the thread the message continues",
                )
            )
        project = sections(self._memory_md(), "About This Project", 3, stop_at_rule=True)
        if project and "\n" in project[0]:  # a heading alone says nothing
            items.append(
                LoadedContent(
                    self._memory_rel,
                    "About This Project",
                    project[0],
                    3,
                    "phase 3 continue_thread: the project section",
                )
            )
        return items

    def _overview_items(self) -> list[LoadedContent]:
        memory = clean_memory(without_sections(self._memory_md(), ("Maintenance Log",)))
        items = [
            LoadedContent(self._memory_rel, "Active+Fading", memory, 3, "phase 3 new_or_ambiguous: all of MEMORY.md")
        ]
        headers = th.headers(self._read(self.space.threads))
        if headers:
            items.append(
                LoadedContent(
                    self.space.rel(self.space.threads),
                    "headers_only",
                    headers,
                    3,
                    "phase 3 new_or_ambiguous: every thread's header",
                )
            )
        return items

    def _summaries(self, count: int, reason: str) -> list[LoadedContent]:
        out = []
        for log in self.space.daily_logs(count):
            text = read_text(log.path, root=self.space.root) or ""
            parts = sections(text, "Session Summary", 2) + sections(text, "Decisions", 2)
            if parts:
                out.append(LoadedContent(log.rel, "summary+decisions", "\n\n".join(parts), 3, reason))
            elif text.strip():  # a free-form log (OpenClaw's): its beginning, as far as the budget goes
                out.append(LoadedContent(log.rel, "head", text.strip(), 3, reason))
        return out

    def events_for(self, message: str, max_results: int = ev.MAX_RESULTS) -> LoadedContent | None:
        found, _ = ev.parse_events(read_text(self.space.events, root=self.space.root))
        matched = ev.lookup(found, message, max_results)
        if not matched:
            return None
        text = ev.format_events(matched)
        evidence = ev.evidence_text(matched, [e.get("object_hint") or "" for e in matched[:2]])
        return LoadedContent(
            self.space.rel(self.space.events),
            f"query:{_short(message)}",
            f"{text}\n\n{evidence}".strip(),
            3,
            "date-sensitive message: matching events, dated first",
        )

    # --- phase 4: deep recall (on demand, under its own caps) ------------------------------------------

    def _phase_4(self, content: LoadedContent | None) -> LoadedContent | None:
        if content is None or not content.text.strip():
            return None
        room = min(self.budget.phase_4_per_retrieval, self.budget.phase_4_cap - self.phase_4_spent)
        text, cut = fit(content.text, room)
        if cut:
            self.phase_4_hits.append(
                {
                    "cap": "phase_4",
                    "source": content.source,
                    "section": content.section,
                    "wanted_tokens": count_tokens(content.text),
                    "kept_tokens": count_tokens(text),
                }
            )
        if not text:
            return None
        cost = count_tokens(text)
        self.phase_4_spent += cost
        return LoadedContent(content.source, content.section, text, 4, content.reason, cost, cut)

    def phase_4_targeted_lookup(self, daily_log_ref: str, section: str | None = None) -> LoadedContent | None:
        """A daily log (``memory/2026-03-22.md``), or one of its sections, e.g. "Decisions"."""
        log = self._log(daily_log_ref)
        if log is None:
            return None
        text = (read_text(log.path, root=self.space.root) or "").strip()
        if section:
            text = "\n\n".join(sections(text, section, 2))
        return self._phase_4(LoadedContent(log.rel, section or "full", text, 4, "phase 4: targeted lookup"))

    def _log(self, ref: str) -> DailyLog | None:
        wanted = ref.strip().rsplit("/", 1)[-1].removesuffix(".md")
        return next((log for log in self.space.daily_logs() if log.path.stem == wanted), None)

    def phase_4_index_search(self, query: str) -> list[str]:
        """Daily logs whose index row matches the query, best first; without an index, the newest logs."""
        logs = self.space.daily_logs()
        index = read_text(self.space.index, root=self.space.root)
        if not index:
            return [log.rel for log in self.space.daily_logs(INDEX_FALLBACK_LOGS)]
        found: list[str] = []
        for period in search_index(index, query):
            found += [log.rel for log in logs if log.path.stem.startswith(period) and log.rel not in found]
        return found

    def phase_4_archive_recovery(self, topic: str) -> LoadedContent | None:
        """The archive.md entries that mention the topic (all of its words, stemmed)."""
        wanted = _content_stems(topic)
        text = self._read(self.space.archive)
        entries = [e for e in sections(text, "", 2) if wanted and wanted <= _content_stems(e)]
        return self._phase_4(
            LoadedContent(
                self.space.rel(self.space.archive),
                f"search:{_short(topic)}",
                "\n\n".join(entries),
                4,
                "phase 4: archive recovery",
            )
        )

    def phase_4_event_lookup(self, query: str, max_results: int = ev.MAX_RESULTS) -> LoadedContent | None:
        return self._phase_4(self.events_for(query, max_results))

    # --- the session start ----------------------------------------------------------------------------

    def plan(self, user_message: str | None, now: datetime) -> tuple[dict[str, Any], list[tuple[LoadedContent, str]]]:
        """(decisions, the parts phases 1-3 want, each with the cap it counts against), best first."""
        state, decisions = self.phase_1_orient(now)
        wanted = [(self.orientation(state, decisions), "phase_1_2")]
        anchor = self.phase_2_anchor(decisions)
        wanted += [(anchor, "phase_1_2")] if anchor is not None else []
        if decisions["strategy"] != "light":
            wanted += [(c, "phase_3") for c in self.phase_3_context(decisions, user_message)]
        return decisions, wanted

    def load_session_context(self, user_message: str | None = None, *, now: datetime | None = None) -> SessionContext:
        """Phases 1-3 for a session opening with ``user_message``, within every cap of the budget."""
        decisions, wanted = self.plan(user_message, now or datetime.now(UTC))
        cfg = self.budget
        budget = Budget(cfg.total_memory_cap, {"phase_1_2": cfg.phase_1_2_reserve, "phase_3": cfg.phase_3_cap})
        ctx = SessionContext(metadata={"decisions": decisions})
        for content, cap in wanted:
            kept = budget.admit(content, cap)
            if kept is not None:
                ctx.contents.append(kept)
        seal(ctx, cfg.total_memory_cap, budget)
        ctx.metadata.update(describe(ctx, budget))
        return ctx


def seal(ctx: SessionContext, cap: int, budget: Budget) -> None:
    """Make the joined text fit ``cap`` exactly (tokens can merge differently across part boundaries)."""
    while ctx.contents and (over := ctx.total_tokens - cap) > 0:
        last = ctx.contents.pop()
        text, _ = fit(last.text, count_tokens(last.text) - over - 4)
        if text:
            ctx.contents.append(replace(last, text=text, tokens=count_tokens(last.rendered()), truncated=True))
        budget.hits.append(
            {
                "cap": "total",
                "source": last.source,
                "section": last.section,
                "wanted_tokens": last.tokens,
                "kept_tokens": count_tokens(text),
            }
        )


class Loaded(TypedDict):
    """What a loaded context's metadata says it holds, and where the budget stopped it."""

    total_tokens: int
    sources_loaded: list[LoadedSource]
    budget_hits: list[dict[str, Any]]
    budget_exceeded_at: NotRequired[str]


def describe(ctx: SessionContext, budget: Budget) -> Loaded:
    meta: Loaded = {
        "total_tokens": ctx.total_tokens,
        "sources_loaded": [c.describe() for c in ctx.contents],
        "budget_hits": budget.hits,
    }
    if budget.hits:
        meta["budget_exceeded_at"] = budget.hits[0]["source"]
    return meta


def _short(text: str, width: int = 40) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"
