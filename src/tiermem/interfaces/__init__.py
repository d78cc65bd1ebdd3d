"""Thin faces over the engine: CLI, servers, hooks."""
