"""The write path: dedup, metadata."""
