"""The monthly tree rebuild by an LLM (seed 000 lists it as "future"): the model proposes which categories
get nodes and how each is described; the proposal is applied only if it fits the tree's limits and no
memory loses the node that filed it. Pure: built on the lifecycle's public ``Tree`` operations, so the
limits are checked by the same code as every ``tree --add``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import ValidationError
from ..lifecycle.tree import ROOT, Tree
from ..storage.lifecycle import CategoryStat


def prompt(tree: Tree, stats: Mapping[str | None, CategoryStat]) -> str:
    lim = tree.limits
    nodes = "\n".join(
        f"  {p} — {n.desc} (warm:{n.warm}, cold:{n.cold})" for p, n in sorted(tree.nodes.items()) if p != ROOT
    )
    categories = "\n".join(f"  {c} ({s.warm + s.cold} memories)" for c, s in sorted(stats.items(), key=_by_name) if c)
    return (
        "You maintain the category tree index of an AI agent's memory: a small map the agent always sees. "
        "Propose a better tree for the categories below: group related categories under shared parents, "
        "drop nodes nobody needs, and describe each node in a few words. Every category that has a node now "
        "must keep a node at or above it. Limits: at most "
        f"{lim.max_nodes - 1} nodes, {lim.max_depth} levels, {lim.max_children} children per node; paths "
        "use '/' between levels, letters, digits, '_', '-'. Answer with JSON only: "
        '{"nodes": [{"path": "projects/evoclaw", "desc": "EvoClaw agent framework"}]}\n\n'
        f"Current nodes:\n{nodes or '  (none)'}\n\nCategories holding memories:\n{categories or '  (none)'}"
    )


def _by_name(item: tuple[str | None, CategoryStat]) -> str:
    return item[0] or ""


def apply_proposal(raw: Any, before: Tree, stats: Mapping[str | None, CategoryStat], now: float) -> Tree:
    """The proposed tree, built node by node with ``Tree.add`` (which enforces every limit); raises
    :class:`ValidationError` if a limit breaks or a category would lose its node."""
    entries = raw.get("nodes") if isinstance(raw, dict) else None
    if not isinstance(entries, list) or not entries:
        raise ValidationError('expected {"nodes": [{"path": ..., "desc": ...}]}')
    fresh = Tree({}, before.limits, stats)
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str):
            raise ValidationError("every node needs a 'path' string")
        desc = entry.get("desc")
        fresh.add(entry["path"], desc if isinstance(desc, str) and desc.strip() else None, now)
    lost = sorted(c for c in stats if c and before.node_for(c) != ROOT and fresh.node_for(c) == ROOT)
    if lost:
        raise ValidationError(f"the proposal leaves {len(lost)} categories without a node, e.g. {lost[0]}")
    for path, node in fresh.nodes.items():  # a kept node keeps its history of use (pruning reads it)
        if path in before.nodes:
            node.last_access = before.nodes[path].last_access
    return fresh
