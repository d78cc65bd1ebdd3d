"""Named, transactional schema migrations for the SQLite store.

Each migration runs in its own transaction and is recorded in ``schema_migrations`` by name, so a store
written by any earlier version is brought up to date on open, and a failed step leaves it unchanged.
Never edit a released migration: add a new one.
"""

from __future__ import annotations

import sqlite3
import time

from ..errors import StoreError

M0001_INITIAL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE memories (
    rowid INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    agent_id TEXT NOT NULL,
    text TEXT NOT NULL,
    type TEXT NOT NULL,
    category TEXT,
    tags TEXT NOT NULL DEFAULT '[]',
    importance REAL NOT NULL,
    salience REAL NOT NULL,
    confidence REAL NOT NULL,
    valence REAL NOT NULL DEFAULT 0,
    scope TEXT NOT NULL,
    tier TEXT NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    event_at REAL,
    last_accessed_at REAL,
    access_count INTEGER NOT NULL DEFAULT 0,
    source TEXT NOT NULL DEFAULT '{}',
    metadata TEXT NOT NULL DEFAULT '{}',
    content_hash TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    valid_to REAL,
    superseded_by TEXT
);
CREATE INDEX memories_agent_created ON memories(agent_id, created_at);
CREATE INDEX memories_agent_hash ON memories(agent_id, content_hash);
CREATE INDEX memories_agent_category ON memories(agent_id, category);
CREATE TABLE vectors (
    rowid INTEGER PRIMARY KEY REFERENCES memories(rowid) ON DELETE CASCADE,
    agent_id TEXT NOT NULL,
    vec BLOB NOT NULL
);
CREATE INDEX vectors_agent ON vectors(agent_id, rowid);
CREATE TABLE links (
    agent_id TEXT NOT NULL,
    source_id TEXT NOT NULL,
    target_id TEXT NOT NULL,
    relation TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (agent_id, source_id, target_id, relation)
);
CREATE INDEX links_target ON links(agent_id, target_id);
"""

M0002_FTS = """
CREATE VIRTUAL TABLE memories_fts USING fts5(
    text, tags, category, content='memories', content_rowid='rowid', tokenize='porter unicode61'
);
CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts(rowid, text, tags, category) VALUES (new.rowid, new.text, new.tags, new.category);
END;
CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
    INSERT INTO memories_fts(memories_fts, rowid, text, tags, category)
    VALUES ('delete', old.rowid, old.text, old.tags, old.category);
END;
CREATE TRIGGER memories_fts_update AFTER UPDATE OF text, tags, category ON memories BEGIN
    INSERT INTO memories_fts(memories_fts, rowid, text, tags, category)
    VALUES ('delete', old.rowid, old.text, old.tags, old.category);
    INSERT INTO memories_fts(rowid, text, tags, category) VALUES (new.rowid, new.text, new.tags, new.category);
END;
INSERT INTO memories_fts(memories_fts) VALUES ('rebuild');
"""

M0003_HISTORY = """
CREATE TABLE history (
    rowid INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    at REAL NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX history_memory ON history(agent_id, memory_id, at);
"""

# The LLM layer: the enrichment queue (writes never wait for an LLM), usage per day and purpose (the daily
# budget is shared by every process), cached answers, and search keys indexed beside their memory.
M0004_LLM = """
CREATE TABLE llm_jobs (
    rowid INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL,
    lease_until REAL,
    claim TEXT,
    finished_at REAL,
    mode TEXT,
    result TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX llm_jobs_status ON llm_jobs(status, rowid);
CREATE INDEX llm_jobs_memory ON llm_jobs(agent_id, memory_id);
CREATE TABLE llm_usage (
    day TEXT NOT NULL,
    purpose TEXT NOT NULL,
    calls INTEGER NOT NULL DEFAULT 0,
    failures INTEGER NOT NULL DEFAULT 0,
    refused INTEGER NOT NULL DEFAULT 0,
    cache_hits INTEGER NOT NULL DEFAULT 0,
    prompt_tokens INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    cached_tokens INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, purpose)
);
CREATE TABLE llm_cache (key TEXT PRIMARY KEY, answer TEXT NOT NULL, created_at REAL NOT NULL);
CREATE TABLE memory_keys (
    rowid INTEGER PRIMARY KEY REFERENCES memories(rowid) ON DELETE CASCADE,
    agent_id TEXT NOT NULL,
    keys TEXT NOT NULL
);
CREATE VIRTUAL TABLE memory_keys_fts USING fts5(
    keys, content='memory_keys', content_rowid='rowid', tokenize='porter unicode61'
);
CREATE TRIGGER memory_keys_insert AFTER INSERT ON memory_keys BEGIN
    INSERT INTO memory_keys_fts(rowid, keys) VALUES (new.rowid, new.keys);
END;
CREATE TRIGGER memory_keys_delete AFTER DELETE ON memory_keys BEGIN
    INSERT INTO memory_keys_fts(memory_keys_fts, rowid, keys) VALUES ('delete', old.rowid, old.keys);
END;
CREATE TRIGGER memory_keys_update AFTER UPDATE OF keys ON memory_keys BEGIN
    INSERT INTO memory_keys_fts(memory_keys_fts, rowid, keys) VALUES ('delete', old.rowid, old.keys);
    INSERT INTO memory_keys_fts(rowid, keys) VALUES (new.rowid, new.keys);
END;
"""

# Lifecycle (seed 000): per-agent documents (hot state, tree index, counters) and every tier transition.
# Transitions are not tied to the memories table: they outlive a purge, so a deletion stays explained.
M0005_LIFECYCLE = """
CREATE TABLE lifecycle_docs (
    agent_id TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (agent_id, key)
);
CREATE TABLE tier_transitions (
    rowid INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    at REAL NOT NULL,
    from_tier TEXT,
    to_tier TEXT NOT NULL,
    reason TEXT NOT NULL,
    score REAL NOT NULL,
    detail TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX tier_transitions_memory ON tier_transitions(agent_id, memory_id);
CREATE INDEX tier_transitions_at ON tier_transitions(agent_id, at);
"""

# Lifecycle reads at every session start, without scanning the agent's memories:
# - lifecycle_categories: current memories per category (hot+warm, cold+frozen) and the latest write or read,
#   kept by triggers ('' stands for no category; a row goes when its counts reach zero; last_activity only
#   grows, so it can remember a memory that has since left);
# - memories_agent_tier: the warm store (tiers hot and warm) of an agent by index;
# - tier_pins: tiers set by hand (`update --tier`), which consolidation leaves alone until unpinned.
M0006_LIFECYCLE_COUNTS = """
CREATE TABLE lifecycle_categories (
    agent_id TEXT NOT NULL,
    category TEXT NOT NULL,
    warm INTEGER NOT NULL,
    cold INTEGER NOT NULL,
    last_activity REAL NOT NULL,
    PRIMARY KEY (agent_id, category)
);
INSERT INTO lifecycle_categories(agent_id, category, warm, cold, last_activity)
SELECT agent_id, COALESCE(category, ''), SUM(tier IN ('hot', 'warm')), SUM(tier IN ('cold', 'frozen')),
       MAX(MAX(created_at), COALESCE(MAX(last_accessed_at), 0))
FROM memories WHERE status = 'active' AND valid_to IS NULL GROUP BY agent_id, COALESCE(category, '');
CREATE TRIGGER lifecycle_categories_insert AFTER INSERT ON memories
WHEN NEW.status = 'active' AND NEW.valid_to IS NULL BEGIN
    INSERT INTO lifecycle_categories(agent_id, category, warm, cold, last_activity)
    VALUES (NEW.agent_id, COALESCE(NEW.category, ''), NEW.tier IN ('hot', 'warm'), NEW.tier IN ('cold', 'frozen'),
            MAX(NEW.created_at, COALESCE(NEW.last_accessed_at, 0)))
    ON CONFLICT(agent_id, category) DO UPDATE SET warm = warm + excluded.warm, cold = cold + excluded.cold,
        last_activity = MAX(last_activity, excluded.last_activity);
END;
CREATE TRIGGER lifecycle_categories_delete AFTER DELETE ON memories
WHEN OLD.status = 'active' AND OLD.valid_to IS NULL BEGIN
    UPDATE lifecycle_categories SET warm = warm - (OLD.tier IN ('hot', 'warm')),
        cold = cold - (OLD.tier IN ('cold', 'frozen'))
    WHERE agent_id = OLD.agent_id AND category = COALESCE(OLD.category, '');
    DELETE FROM lifecycle_categories
    WHERE agent_id = OLD.agent_id AND category = COALESCE(OLD.category, '') AND warm <= 0 AND cold <= 0;
END;
CREATE TRIGGER lifecycle_categories_update
AFTER UPDATE OF tier, status, valid_to, category, created_at, last_accessed_at ON memories BEGIN
    UPDATE lifecycle_categories SET warm = warm - (OLD.tier IN ('hot', 'warm')),
        cold = cold - (OLD.tier IN ('cold', 'frozen'))
    WHERE OLD.status = 'active' AND OLD.valid_to IS NULL
        AND agent_id = OLD.agent_id AND category = COALESCE(OLD.category, '');
    INSERT INTO lifecycle_categories(agent_id, category, warm, cold, last_activity)
    SELECT NEW.agent_id, COALESCE(NEW.category, ''), NEW.tier IN ('hot', 'warm'), NEW.tier IN ('cold', 'frozen'),
           MAX(NEW.created_at, COALESCE(NEW.last_accessed_at, 0))
    WHERE NEW.status = 'active' AND NEW.valid_to IS NULL
    ON CONFLICT(agent_id, category) DO UPDATE SET warm = warm + excluded.warm, cold = cold + excluded.cold,
        last_activity = MAX(last_activity, excluded.last_activity);
    DELETE FROM lifecycle_categories
    WHERE agent_id = OLD.agent_id AND category = COALESCE(OLD.category, '') AND warm <= 0 AND cold <= 0;
END;
CREATE INDEX memories_agent_tier ON memories(agent_id, tier);
CREATE TABLE tier_pins (
    agent_id TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    tier TEXT NOT NULL,
    pinned_at REAL NOT NULL,
    PRIMARY KEY (agent_id, memory_id)
);
"""

# Recall's structured candidates without full scans: the time-window signal reads an index on a memory's
# time, and the URL signal a side table of extracted URLs kept by triggers (was a json_each over every row).
M0007_RECALL_INDEXES = """
CREATE INDEX memories_agent_when ON memories(agent_id, COALESCE(event_at, created_at));
CREATE TABLE memory_urls (agent_id TEXT NOT NULL, url TEXT NOT NULL, memory_rowid INTEGER NOT NULL);
CREATE INDEX memory_urls_agent ON memory_urls(agent_id, url, memory_rowid);
CREATE INDEX memory_urls_row ON memory_urls(memory_rowid);
INSERT INTO memory_urls SELECT m.agent_id, lower(u.value), m.rowid FROM memories m, json_each(m.metadata, '$.urls') u;
CREATE TRIGGER memories_urls_ai AFTER INSERT ON memories BEGIN
    INSERT INTO memory_urls SELECT new.agent_id, lower(value), new.rowid FROM json_each(new.metadata, '$.urls');
END;
CREATE TRIGGER memories_urls_ad AFTER DELETE ON memories BEGIN
    DELETE FROM memory_urls WHERE memory_rowid = old.rowid;
END;
CREATE TRIGGER memories_urls_au AFTER UPDATE OF metadata ON memories BEGIN
    DELETE FROM memory_urls WHERE memory_rowid = old.rowid;
    INSERT INTO memory_urls SELECT new.agent_id, lower(value), new.rowid FROM json_each(new.metadata, '$.urls');
END;
"""

# Recall's conversational context counts a turn's position within its session (so that other sessions and
# other agents writing in between do not push neighbours apart): the rows of a session, in order, by index.
M0008_SESSION_ORDER = """
CREATE INDEX memories_agent_session ON memories(agent_id, json_extract(source, '$.session'))
    WHERE json_extract(source, '$.session') IS NOT NULL;
"""

# A process that has no BM25 mirror of an agent (a server with more agents than its cap, a new process) loads
# it from a snapshot instead of re-reading and re-tokenising the agent's rows. Derived data: any change to the
# agent's mirrors (an edit, a purge, a supersession) deletes it, so no text that is gone survives in one.
# A loaded snapshot reads the agent's rows past its watermark, which may be far behind the table's end (other
# agents wrote since): an index of (agent_id, rowid) finds them without walking every later row.
M0009_LEXICAL_SNAPSHOTS = """
CREATE TABLE lexical_snapshots (agent_id TEXT PRIMARY KEY, epoch TEXT NOT NULL, data BLOB NOT NULL);
CREATE INDEX memories_agent_rows ON memories(agent_id);
"""

MIGRATIONS: tuple[tuple[str, str], ...] = (
    ("0001_initial", M0001_INITIAL),
    ("0002_fts5_index", M0002_FTS),
    ("0003_history", M0003_HISTORY),
    ("0004_llm", M0004_LLM),
    ("0005_lifecycle", M0005_LIFECYCLE),
    ("0006_lifecycle_counts", M0006_LIFECYCLE_COUNTS),
    ("0007_recall_indexes", M0007_RECALL_INDEXES),
    ("0008_session_order", M0008_SESSION_ORDER),
    ("0009_lexical_snapshots", M0009_LEXICAL_SNAPSHOTS),
)


def _statements(script: str) -> list[str]:
    """Split a script on statement ends, keeping trigger bodies (which contain ';') whole."""
    statements, buffer = [], ""
    for line in script.strip().splitlines():
        buffer += line + "\n"
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    return statements


def pending_migrations(conn: sqlite3.Connection) -> list[str]:
    """Migrations a store lacks (read without writing: a read-only store cannot be upgraded)."""
    try:
        done = {row[0] for row in conn.execute("SELECT name FROM schema_migrations")}
    except sqlite3.OperationalError:  # no table at all: an empty file
        done = set()
    return [name for name, _ in MIGRATIONS if name not in done]


def apply_migrations(conn: sqlite3.Connection, upto: str | None = None) -> list[str]:
    """Apply every missing migration in order (up to and including ``upto``); return their names."""
    conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
    done = {row[0] for row in conn.execute("SELECT name FROM schema_migrations")}
    known = {name for name, _ in MIGRATIONS}
    if done - known:
        raise StoreError(
            f"this store was written by a newer tiermem (migrations {sorted(done - known)}); upgrade tiermem"
        )
    applied = []
    for name, script in MIGRATIONS:
        if name not in done:
            _apply_one(conn, name, script)
            applied.append(name)
        if name == upto:
            break
    return applied


def _apply_one(conn: sqlite3.Connection, name: str, script: str) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        # Another process may have applied it while we waited for the lock.
        if conn.execute("SELECT 1 FROM schema_migrations WHERE name = ?", (name,)).fetchone() is None:
            for statement in _statements(script):
                conn.execute(statement)
            conn.execute("INSERT INTO schema_migrations(name, applied_at) VALUES (?, ?)", (name, time.time()))
        conn.execute("COMMIT")
    except BaseException:
        conn.rollback()
        raise
