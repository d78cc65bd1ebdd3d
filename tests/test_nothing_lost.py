"""Nothing the user told tiermem is lost silently: random years of telling (new facts, the same facts again,
changed values, dated events, back-dated imports, importance given or not, conversations), searching and
consolidating, on a simulated clock. After every step each telling is still readable, as a memory of its own
(current or superseded) or in the history of the memory that took it in; or it went with that memory under the
retention policy, which recorded the deletion and never takes a memory told as important."""

from __future__ import annotations

import shutil
import tempfile
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from tiermem import Memory
from tiermem.errors import NotFoundError
from tiermem.providers.embedders import WordLlamaEmbedder

START = datetime(2020, 1, 1, tzinfo=UTC)
SUBJECTS = ("the staging database", "the backup job", "my sister", "the team lunch", "the API rate limit")
FACTS = ("listens on port {v}", "runs every {v} days", "lives at number {v}", "is at {v} pm", "is {v} per minute")
EVENTS = ("Ran {v} km along the river", "Paid the {v} euro invoice", "Deployed version {v} to production")
VALUES = ("3", "5", "12", "30", "90")
PROTECTED = 0.8  # lifecycle.cold.protect_importance's default


@cache
def _embedder() -> WordLlamaEmbedder:
    return WordLlamaEmbedder()


facts = st.builds(
    lambda subject, fact, value: f"{subject.capitalize()} {fact.format(v=value)}",
    st.sampled_from(SUBJECTS),
    st.sampled_from(FACTS),
    st.sampled_from(VALUES),
)
events = st.builds(lambda event, value: event.format(v=value), st.sampled_from(EVENTS), st.sampled_from(VALUES))
# Told again, a text may come back in other case or with a full stop: the same facts, another text.
retold = st.builds(lambda text, form: form(text), facts | events, st.sampled_from((str, str.lower, "{}.".format)))
importances = st.none() | st.sampled_from((0.1, 0.3, 0.5, 0.85, 1.0))


class NothingLost(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.place = Path(tempfile.mkdtemp(prefix="tiermem-lost-"))
        self.now = START
        self.told: list[tuple[str, str, float | None]] = []  # (text, the memory that took it in, importance given)

    @initialize()
    def open_store(self) -> None:
        self.mem = Memory.open(self.place, embedder=_embedder())

    @rule(text=retold, importance=importances, back_years=st.sampled_from((0, 0, 3, 12)))
    def tell(self, text: str, importance: float | None, back_years: int) -> None:
        created = self.now - timedelta(days=365 * back_years)
        result = self.mem.store(text, importance=importance, created_at=created, now=self.now)
        self.told.append((text, result.id, importance))

    @rule(text=retold, importance=importances, days_ago=st.integers(min_value=0, max_value=30))
    def log_event(self, text: str, importance: float | None, days_ago: int) -> None:
        when = self.now - timedelta(days=days_ago)
        result = self.mem.store(text, importance=importance, event_at=when, now=self.now)
        self.told.append((text, result.id, importance))

    @rule(
        said=st.lists(retold, min_size=1, max_size=3),
        session=st.sampled_from(("chat-1", "chat-2")),
        days_ago=st.sampled_from((0, 0, 2)),
    )
    def converse(self, said: list[str], session: str, days_ago: int) -> None:
        """Messages of a conversation, sometimes the same exchange stored again."""
        messages = [{"role": ("user", "assistant")[i % 2], "content": text} for i, text in enumerate(said)]
        at = (self.now - timedelta(days=days_ago)).replace(hour=10, minute=0, second=0, microsecond=0)
        stored = self.mem.store_conversation(messages, session=session, at=at)
        for place, (message, result) in enumerate(zip(messages, stored, strict=True)):  # none is skipped
            self.told.append((str(message["content"]), result.id, None))
            # its own memory, unless it is the same message stored again (the same session and place in it)
            kept = result.memory.source
            assert result.created or (kept["session"], kept.get("turn")) == (session, place)

    @rule(query=facts | events)
    def search(self, query: str) -> None:
        self.mem.search(query, now=self.now)

    @rule(days=st.sampled_from((1, 40, 400, 1500)), mode=st.sampled_from(("quick", "daily", "monthly", "full")))
    def time_passes(self, days: int, mode: str) -> None:
        self.now += timedelta(days=days)
        self.mem.consolidate(mode, now=self.now)
        if mode in ("daily", "monthly", "full"):  # the tiers are rescored: an important memory is never archived
            important = {memory_id for _, memory_id, given in self.told if given is not None and given >= PROTECTED}
            assert all(r.tier != "frozen" for r in self.mem._backend.get_many("default", list(important)).values())

    @invariant()
    def every_telling_is_readable_or_its_deletion_recorded(self) -> None:
        for text, memory_id, importance in getattr(self, "told", []):
            try:
                record = self.mem.get(memory_id)
            except NotFoundError:
                assert importance is None or importance < PROTECTED, f"{text!r}, told as important, was deleted"
                gone = self.mem.lifecycle().why(memory_id, now=self.now).to_dict()["transitions"]
                assert any(t["to"] == "deleted" and "retention" in t["detail"]["why"] for t in gone)
                event("deleted by the retention policy")
                continue
            if record.text != text:  # taken in by a memory that says it already
                event("in the history of the memory that took it in")
                assert any(
                    e.action == "reinforced" and e.detail.get("text") == text for e in self.mem.history(memory_id)
                ), f"{text!r} is in neither {memory_id} nor its history"
            if importance is not None and importance >= PROTECTED:
                assert record.importance >= PROTECTED

    def teardown(self) -> None:
        if hasattr(self, "mem"):
            self.mem.close()
        shutil.rmtree(self.place, ignore_errors=True)


def test_nothing_the_user_told_is_lost_silently() -> None:
    run_state_machine_as_test(
        NothingLost,
        settings=settings(
            max_examples=25, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
        ),
    )
