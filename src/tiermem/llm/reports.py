"""What the LLM layer's verbs answer (``mem.llm.status()``, ``drain()``, ``consolidate_core()``,
``rebuild_tree()``): JSON-shaped mappings, so callers index them and ``json.dumps`` them as they are."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ..lifecycle.tree import StoredNode
from .fallback import Mode


class Drained(TypedDict):
    """What one drain of the queue did: jobs by the path that ran, and what they found."""

    jobs: int
    llm: int
    rule: int
    skipped: int
    facts: int
    links: int
    superseded: int
    keys: int
    dropped: int
    seconds: float
    pending: int
    last_fallback: str | None


class CoreMemory(TypedDict):
    """One core memory made from a cluster (``id`` left out in a dry run)."""

    id: NotRequired[str]
    sources: list[str]
    text: str
    mode: Mode
    llm_fallback: str | None


class CoreConsolidation(TypedDict):
    agent_id: str
    considered: int
    clusters: int
    dry_run: bool
    cores: list[CoreMemory]


class TreeRebuild(TypedDict):
    mode: Mode
    llm_fallback: str | None
    added: list[str]
    dropped: list[str]
    nodes: int
    size_bytes: int
    dry_run: bool
    tree: dict[str, StoredNode]


class Features(TypedDict):
    extract: bool
    link_detection: bool
    fact_keys: bool
    query_expansion: bool
    queueing: bool


class Budget(TypedDict):
    daily_tokens: int | None
    daily_calls: int | None
    used: dict[str, int] | None


class Worker(TypedDict):
    running: bool
    error: str | None


class Ping(TypedDict):
    """Did the endpoint answer (``answer``), or why not (``error``), and how fast."""

    ok: bool
    error: NotRequired[str]
    answer: NotRequired[str]
    seconds: NotRequired[float]


class Status(TypedDict):
    provider: str
    endpoint: str | None
    model: str | None
    features: Features
    budget: Budget
    queue: dict[str, int] | None
    last_fallback: str | None
    worker: Worker
    ping: NotRequired[Ping]
