-- Run once when the database is created (docker-entrypoint-initdb.d).
CREATE EXTENSION IF NOT EXISTS vector;
-- Settings a tiermem process also sets on its own connections: set here too, because PgBouncer in transaction
-- mode hands each transaction whichever server connection is free, and session SETs do not travel with it.
ALTER DATABASE tiermem SET hnsw.iterative_scan = strict_order;  -- filtered HNSW scans (one agent) keep walking
ALTER DATABASE tiermem SET hnsw.ef_search = 200;  -- recall asks for 200 neighbours
ALTER DATABASE tiermem SET timezone = 'UTC';
