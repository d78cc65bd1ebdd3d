"""Named, transactional schema migrations for the PostgreSQL store (same rules as the SQLite ones).

PostgreSQL runs DDL inside transactions, so each migration is all-or-nothing. Processes that open the
store at the same moment queue on an advisory lock; each applies only what is still missing. Never edit
a released migration: add a new one.

Why the schema looks like this:
- ``seq`` is the insertion order (SQLite's rowid): list ties, ``neighbours`` and ``iter_all`` follow it.
- ``source`` and ``metadata`` are ``json``, not ``jsonb``: json keeps the caller's key order, so records
  read back exactly as written and print the same on both backends.
- ``lexemes`` is filled by a trigger from text, tags and category with punctuation turned into spaces, so
  ``projects/quokka`` or ``x.com`` are words, as SQLite's unicode61 tokenizer sees them (PostgreSQL's
  parser would keep them as single path or host tokens).
- ``vectors.vec`` has no fixed dimension: the HNSW index is an expression index on ``vec::vector(dims)``,
  created once the store knows its embedder (see ``PostgresBackend.ensure_vector_index``).
"""

from __future__ import annotations

import time
from typing import Any

import psycopg
from psycopg import sql

from ..errors import StoreError

# Locks of the two-key advisory lock space: (namespace, key).
LOCK_NAMESPACE = 0x746D  # "tm"
MIGRATION_LOCK = 1

M0001_INITIAL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE memories (
    seq BIGSERIAL PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    agent_id TEXT NOT NULL,
    text TEXT NOT NULL,
    type TEXT NOT NULL,
    category TEXT,
    tags TEXT[] NOT NULL DEFAULT '{}',
    importance DOUBLE PRECISION NOT NULL,
    salience DOUBLE PRECISION NOT NULL,
    confidence DOUBLE PRECISION NOT NULL,
    valence DOUBLE PRECISION NOT NULL DEFAULT 0,
    scope TEXT NOT NULL,
    tier TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    event_at TIMESTAMPTZ,
    last_accessed_at TIMESTAMPTZ,
    access_count INTEGER NOT NULL DEFAULT 0,
    source JSON NOT NULL DEFAULT '{}',
    metadata JSON NOT NULL DEFAULT '{}',
    content_hash TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active',
    valid_to TIMESTAMPTZ,
    superseded_by TEXT,
    lexemes TSVECTOR NOT NULL
);
CREATE INDEX memories_agent_created ON memories(agent_id, created_at, seq);
CREATE INDEX memories_agent_seq ON memories(agent_id, seq);
CREATE INDEX memories_agent_hash ON memories(agent_id, content_hash);
CREATE INDEX memories_agent_category ON memories(agent_id, category);
CREATE INDEX memories_lexemes ON memories USING GIN (lexemes);
CREATE FUNCTION tiermem_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.lexemes := to_tsvector('english'::regconfig, regexp_replace(
        NEW.text || ' ' || array_to_string(NEW.tags, ' ') || ' ' || coalesce(NEW.category, ''),
        '[[:punct:][:space:]]+', ' ', 'g'));
    RETURN NEW;
END $$;
CREATE TRIGGER memories_lexemes BEFORE INSERT OR UPDATE OF text, tags, category ON memories
    FOR EACH ROW EXECUTE FUNCTION tiermem_lexemes();
CREATE TABLE vectors (
    id TEXT PRIMARY KEY REFERENCES memories(id) ON DELETE CASCADE,
    agent_id TEXT NOT NULL,
    vec vector NOT NULL
);
CREATE INDEX vectors_agent ON vectors(agent_id);
CREATE TABLE links (
    seq BIGSERIAL,
    agent_id TEXT NOT NULL,
    source_id TEXT NOT NULL,
    target_id TEXT NOT NULL,
    relation TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (agent_id, source_id, target_id, relation)
);
CREATE INDEX links_target ON links(agent_id, target_id);
CREATE TABLE history (
    seq BIGSERIAL PRIMARY KEY,
    agent_id TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    at TIMESTAMPTZ NOT NULL,
    action TEXT NOT NULL,
    detail JSON NOT NULL DEFAULT '{}'
);
CREATE INDEX history_memory ON history(agent_id, memory_id, at);
"""

# Recall's time-window signal asks for the memories an event time (or else the creation time) places in a range.
M0002_WHEN_INDEX = """
CREATE INDEX memories_agent_when ON memories(agent_id, (COALESCE(event_at, created_at)));
"""

# Lifecycle (seed 000): per-agent documents and every tier transition (kept after a purge: see SQLite's 0005).
M0003_LIFECYCLE = """
CREATE TABLE lifecycle_docs (
    agent_id TEXT NOT NULL,
    key TEXT NOT NULL,
    value JSON NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (agent_id, key)
);
CREATE TABLE tier_transitions (
    seq BIGSERIAL PRIMARY KEY,
    agent_id TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    at TIMESTAMPTZ NOT NULL,
    from_tier TEXT,
    to_tier TEXT NOT NULL,
    reason TEXT NOT NULL,
    score DOUBLE PRECISION NOT NULL,
    detail JSON NOT NULL DEFAULT '{}'
);
CREATE INDEX tier_transitions_memory ON tier_transitions(agent_id, memory_id, seq);
CREATE INDEX tier_transitions_at ON tier_transitions(agent_id, at);
"""

# URL lookups (recall's URL signal, `search-url`) read only the memories that have extracted URLs.
M0004_URL_INDEX = """
CREATE INDEX memories_agent_with_urls ON memories(agent_id) WHERE json_typeof(metadata->'urls') = 'array';
"""

# Lifecycle reads at every session start without scanning the agent's memories (see SQLite's 0006): category
# counts kept by a trigger, the warm store by index, and tiers pinned by hand.
M0005_LIFECYCLE_COUNTS = """
CREATE TABLE lifecycle_categories (
    agent_id TEXT NOT NULL,
    category TEXT NOT NULL,
    warm INTEGER NOT NULL,
    cold INTEGER NOT NULL,
    last_activity DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (agent_id, category)
);
INSERT INTO lifecycle_categories(agent_id, category, warm, cold, last_activity)
SELECT agent_id, COALESCE(category, ''), COUNT(*) FILTER (WHERE tier IN ('hot', 'warm')),
       COUNT(*) FILTER (WHERE tier IN ('cold', 'frozen')),
       GREATEST(extract(epoch FROM MAX(created_at)), COALESCE(extract(epoch FROM MAX(last_accessed_at)), 0))
FROM memories WHERE status = 'active' AND valid_to IS NULL GROUP BY agent_id, COALESCE(category, '');
CREATE FUNCTION lifecycle_categories_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.status = 'active' AND OLD.valid_to IS NULL THEN
        UPDATE lifecycle_categories SET warm = warm - (OLD.tier IN ('hot', 'warm'))::int,
            cold = cold - (OLD.tier IN ('cold', 'frozen'))::int
        WHERE agent_id = OLD.agent_id AND category = COALESCE(OLD.category, '');
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.status = 'active' AND NEW.valid_to IS NULL THEN
        INSERT INTO lifecycle_categories AS c(agent_id, category, warm, cold, last_activity)
        VALUES (NEW.agent_id, COALESCE(NEW.category, ''), (NEW.tier IN ('hot', 'warm'))::int,
                (NEW.tier IN ('cold', 'frozen'))::int,
                GREATEST(extract(epoch FROM NEW.created_at), COALESCE(extract(epoch FROM NEW.last_accessed_at), 0)))
        ON CONFLICT (agent_id, category) DO UPDATE SET warm = c.warm + excluded.warm, cold = c.cold + excluded.cold,
            last_activity = GREATEST(c.last_activity, excluded.last_activity);
    END IF;
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM lifecycle_categories
        WHERE agent_id = OLD.agent_id AND category = COALESCE(OLD.category, '') AND warm <= 0 AND cold <= 0;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER lifecycle_categories_count
AFTER INSERT OR DELETE OR UPDATE OF tier, status, valid_to, category, created_at, last_accessed_at ON memories
FOR EACH ROW EXECUTE FUNCTION lifecycle_categories_count();
CREATE INDEX memories_agent_tier ON memories(agent_id, tier);
CREATE TABLE tier_pins (
    agent_id TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    tier TEXT NOT NULL,
    pinned_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (agent_id, memory_id)
);
"""

# A turn's position within its session, for recall's conversational context (see SQLite's 0008).
M0006_SESSION_ORDER = """
CREATE INDEX memories_agent_session ON memories(agent_id, (source->>'session'), seq)
    WHERE source->>'session' IS NOT NULL;
"""

# What a process's BM25 mirror of an agent (postgres_mirror) must notice that rows past its watermark do not
# show: rows deleted, or their words or session changed in place (lex), memories that stopped or started being
# current (cur).
# A trigger, so every writer keeps it, whatever the path (core, lifecycle, doctor, plain SQL).
M0007_AGENT_VERSIONS = """
CREATE TABLE agent_versions (
    agent_id TEXT PRIMARY KEY,
    lex BIGINT NOT NULL DEFAULT 0,
    cur BIGINT NOT NULL DEFAULT 0
);
CREATE FUNCTION tiermem_agent_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' OR NEW.agent_id <> OLD.agent_id OR NEW.text IS DISTINCT FROM OLD.text
            OR NEW.tags IS DISTINCT FROM OLD.tags OR NEW.category IS DISTINCT FROM OLD.category
            OR (NEW.source->>'session') IS DISTINCT FROM (OLD.source->>'session') THEN
        INSERT INTO agent_versions AS v(agent_id, lex) VALUES (OLD.agent_id, 1)
        ON CONFLICT (agent_id) DO UPDATE SET lex = v.lex + 1;
        IF TG_OP = 'UPDATE' AND NEW.agent_id <> OLD.agent_id THEN
            INSERT INTO agent_versions AS v(agent_id, lex) VALUES (NEW.agent_id, 1)
            ON CONFLICT (agent_id) DO UPDATE SET lex = v.lex + 1;
        END IF;
    ELSIF (OLD.status = 'active' AND OLD.valid_to IS NULL) IS DISTINCT FROM
          (NEW.status = 'active' AND NEW.valid_to IS NULL) THEN
        INSERT INTO agent_versions AS v(agent_id, cur) VALUES (NEW.agent_id, 1)
        ON CONFLICT (agent_id) DO UPDATE SET cur = v.cur + 1;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER memories_agent_versions
AFTER DELETE OR UPDATE OF agent_id, text, tags, category, source, status, valid_to ON memories
FOR EACH ROW EXECUTE FUNCTION tiermem_agent_versions();
"""

# A bulk insert (COPY of a batch) counts its categories once per statement, from the inserted rows, instead
# of one upsert per row (which made the row trigger 40% of a COPY's time); updates and deletes stay per row.
M0008_CATEGORY_COUNTS_PER_STATEMENT = """
DROP TRIGGER lifecycle_categories_count ON memories;
CREATE TRIGGER lifecycle_categories_count
AFTER DELETE OR UPDATE OF tier, status, valid_to, category, created_at, last_accessed_at ON memories
FOR EACH ROW EXECUTE FUNCTION lifecycle_categories_count();
CREATE FUNCTION lifecycle_categories_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO lifecycle_categories AS c(agent_id, category, warm, cold, last_activity)
    SELECT agent_id, COALESCE(category, ''), COUNT(*) FILTER (WHERE tier IN ('hot', 'warm')),
           COUNT(*) FILTER (WHERE tier IN ('cold', 'frozen')),
           MAX(GREATEST(extract(epoch FROM created_at), COALESCE(extract(epoch FROM last_accessed_at), 0)))
    FROM inserted WHERE status = 'active' AND valid_to IS NULL
    GROUP BY agent_id, COALESCE(category, '') ORDER BY 1, 2
    ON CONFLICT (agent_id, category) DO UPDATE SET warm = c.warm + excluded.warm, cold = c.cold + excluded.cold,
        last_activity = GREATEST(c.last_activity, excluded.last_activity);
    RETURN NULL;
END $$;
CREATE TRIGGER lifecycle_categories_insert AFTER INSERT ON memories REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION lifecycle_categories_insert();
"""

# An agent's BM25 mirror saved for the processes that do not hold it (see postgres_mirror), at the ``lex``
# version its rows were read at. Derived data: a new ``lex`` version (a memory deleted or its words edited)
# deletes it in the same transaction, so no text that is gone survives in one.
M0009_LEXICAL_SNAPSHOTS = """
CREATE TABLE lexical_snapshots (agent_id TEXT PRIMARY KEY, lex BIGINT NOT NULL, data BYTEA NOT NULL);
CREATE FUNCTION tiermem_drop_lexical_snapshot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM lexical_snapshots WHERE agent_id = NEW.agent_id;
    RETURN NULL;
END $$;
CREATE TRIGGER agent_versions_lexical_snapshot AFTER INSERT OR UPDATE OF lex ON agent_versions
FOR EACH ROW EXECUTE FUNCTION tiermem_drop_lexical_snapshot();
"""

MIGRATIONS: tuple[tuple[str, str], ...] = (
    ("0001_initial", M0001_INITIAL),
    ("0002_when_index", M0002_WHEN_INDEX),
    ("0003_lifecycle", M0003_LIFECYCLE),
    ("0004_url_index", M0004_URL_INDEX),
    ("0005_lifecycle_counts", M0005_LIFECYCLE_COUNTS),
    ("0006_session_order", M0006_SESSION_ORDER),
    ("0007_agent_versions", M0007_AGENT_VERSIONS),
    ("0008_category_counts_per_statement", M0008_CATEGORY_COUNTS_PER_STATEMENT),
    ("0009_lexical_snapshots", M0009_LEXICAL_SNAPSHOTS),
)


def apply_migrations(conn: psycopg.Connection[Any]) -> list[str]:
    """Apply every missing migration in order on an autocommit psycopg connection; return their names."""
    _ensure_pgvector(conn)
    conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at DOUBLE PRECISION)")
    known = {name for name, _ in MIGRATIONS}
    done = {row[0] for row in conn.execute("SELECT name FROM schema_migrations")}
    if done - known:
        raise StoreError(
            f"this database was written by a newer tiermem (migrations {sorted(done - known)}); upgrade tiermem"
        )
    applied = []
    for name, script in MIGRATIONS:
        if name in done:
            continue
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_NAMESPACE, MIGRATION_LOCK))
            # Another process may have applied it while we waited for the lock.
            if conn.execute("SELECT 1 FROM schema_migrations WHERE name = %s", (name,)).fetchone() is None:
                conn.execute(script)
                conn.execute("INSERT INTO schema_migrations(name, applied_at) VALUES (%s, %s)", (name, time.time()))
                applied.append(name)
    return applied


def _ensure_pgvector(conn: psycopg.Connection[Any]) -> None:
    if conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone():
        return
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_NAMESPACE, MIGRATION_LOCK))
        try:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        except psycopg.Error as exc:
            raise StoreError(
                f"the pgvector extension is missing and cannot be created ({exc}); install pgvector on the "
                "server and run `CREATE EXTENSION vector;` as a superuser in this database"
            ) from None


def url_trigrams(conn: psycopg.Connection[Any]) -> bool:
    """A trigram index (pg_trgm) of each memory's URLs as its metadata writes them, so that a URL fragment of a
    question is looked up rather than checked in every memory that has a URL (196 ms at 1M memories, 28k of
    them with URLs). Optional: False where pg_trgm cannot be installed or used, and the scan stays."""
    try:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_NAMESPACE, MIGRATION_LOCK))
            found = conn.execute(
                "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace "
                "WHERE e.extname = 'pg_trgm'"
            ).fetchone()
            if found is None:  # in public: a store's own schema may be dropped with everything in it
                conn.execute("CREATE EXTENSION pg_trgm SCHEMA public")
                found = ("public",)
            conn.execute(
                sql.SQL(
                    "CREATE INDEX IF NOT EXISTS memories_url_trigrams ON memories "
                    "USING gin (lower(metadata->>'urls') {}.gin_trgm_ops) WHERE json_typeof(metadata->'urls') = 'array'"
                ).format(sql.Identifier(found[0]))
            )
    except psycopg.Error:
        return False
    return True
