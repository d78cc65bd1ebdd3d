"""Memory lifecycle: tier scoring, hot state, tree index, consolidation."""
