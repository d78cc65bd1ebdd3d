"""A small, lived-in store for the memory browser's tests (and its README screenshots): memories written over
a few months, consolidated as time went on so tiers moved, a rewritten memory, links and a hot state."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tiermem import Memory

# Recent enough that the last consolidation (at the real current time) leaves warm memories, not only archived ones.
START = (datetime.now(UTC) - timedelta(days=70)).replace(hour=9, minute=0, second=0, microsecond=0)
FACTS = [
    ("I use the Gruvbox dark theme in Neovim", "user_preference", "owner/preferences", 0.8),
    ("Harbor runs on PostgreSQL 16 with btree_gist for the booking ranges", "architectural_decision",
     "projects/harbor", 0.9),
    ("Deploys of Harbor go through fly.io: fly deploy --remote-only", "procedural", "projects/harbor", 0.6),
    ("The staging database was restored from the nightly backup after the migration failed", "episodic",
     "projects/harbor/ops", 0.5),
    ("Priya owns the billing export; ask her before changing the CSV columns", "semantic", "people", 0.7),
    ("Fixed the flaky login test by waiting for the session cookie", "error_resolution", "technical/tests", 0.4),
    ("Weekly planning is on Mondays at 10:00", "semantic", "owner/routine", 0.3),
    ("The API rate limit is 600 requests per minute per token", "semantic", "technical/api", 0.5),
    ("Tried Solarized light for a week and went back", "episodic", "owner/preferences", 0.2),
    ("Backups are encrypted with age; the key lives in the team vault", "semantic", "technical/ops", 0.8),
    ("Lunch with Jonas about the mobile build times", "episodic", "people", 0.2),
    ("The design review of the search ranking moved to Thursday", "episodic", "projects/search", 0.3),
]  # fmt: skip


@dataclass(frozen=True)
class Seeded:
    ids: dict[str, str]  # first words of each fact -> its memory id
    rewritten: str  # the id of a memory superseded by a new version
    current: str  # that new version


def seed(memory: Memory, workspace: Path, *, agent_id: str = "default") -> Seeded:
    """Fill ``memory`` (MEMORY.md goes to ``workspace``); consolidations run on a simulated clock."""
    lifecycle = memory.lifecycle(workspace)
    ids: dict[str, str] = {}
    for day, (text, kind, category, importance) in enumerate(FACTS):
        at = START + timedelta(days=6 * day)
        stored = memory.store(
            text, type=kind, category=category, importance=importance, created_at=at, agent_id=agent_id, now=at
        )
        ids[" ".join(text.split()[:3])] = stored.id
        lifecycle.consolidate("daily", agent_id=agent_id, now=at + timedelta(hours=15))
    memory.link(ids["Deploys of Harbor"], ids["Harbor runs on"], "elaborates", agent_id=agent_id)
    memory.link(ids["The staging database"], ids["Deploys of Harbor"], "caused_by", agent_id=agent_id)
    old = ids["The API rate"]
    new = memory.update(old, text="The API rate limit is 1200 requests per minute per token", agent_id=agent_id)
    lifecycle.update_hot("identity", {"name": "Atlas", "role": "coding assistant"}, agent_id=agent_id)
    lifecycle.update_hot("owner_profile", {"name": "Sam", "timezone": "Europe/Berlin"}, agent_id=agent_id)
    lifecycle.update_hot("lesson", {"text": "Always run the migration on staging first", "category": "ops"},
                         agent_id=agent_id)  # fmt: skip
    lifecycle.update_hot("project", {"name": "Harbor", "status": "active"}, agent_id=agent_id)
    lifecycle.update_hot("event", "Harbor 1.0 shipped", agent_id=agent_id)
    memory.search("which theme does the user like in the editor", agent_id=agent_id)  # an access to show
    lifecycle.consolidate("quick", agent_id=agent_id)
    return Seeded(ids, old, new.id)
