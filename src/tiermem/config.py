"""Settings for a store, read from ``<store>/config.json`` when present. Validated with clear errors."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlparse

from pydantic import BaseModel, ConfigDict, Field
from pydantic import ValidationError as PydanticValidationError

from .errors import ConfigError, TiermemError
from .model import DEFAULT_MAX_TEXT_BYTES, MemoryType, TypeRegistry, check_category, load_json

CONFIG_FILE = "config.json"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EmbedderSettings(_Strict):
    """Which embedder turns text into vectors. ``wordllama`` works offline with no download."""

    provider: str = "wordllama"
    model: str | None = None
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    dims: int | None = Field(default=None, ge=1, le=16384)
    batch_size: int = Field(default=256, ge=1, le=4096)
    timeout_s: float = Field(default=30.0, gt=0, le=600)


class RecallSettings(_Strict):
    """Which recall mechanisms run (all by default; switching one off is how the ablation is measured)."""

    lexical: bool = True
    vector: bool = True
    rescore: bool = True
    neighbours: bool = True  # conversational context: the neighbour window and the session lift
    diversity: bool = True
    # choice questions search each alternative; counting questions diversify by conversation
    question_forms: bool = True
    newer_first: bool = True  # a strong match first, then among hits that answer alike the newer (recall/pipeline)
    candidates: int = Field(default=200, ge=10, le=5000)
    recency_floor: float = Field(default=0.7, ge=0, le=1)
    recency_tau_days: float = Field(default=90.0, gt=0)
    # A hit's relevance (0.4 x query-word coverage + 0.6 x cosine, see recall/scoring.relevance) below this is
    # not returned, and a query whose best hit is below it returns nothing; 0 switches the floor off.
    relevance_floor: float = Field(default=0.15, ge=0, le=1)


class LLMSettings(_Strict):
    """The optional LLM: which endpoint, what tiermem may use it for, and what it may cost per day.

    ``provider``: ``none`` (rules only), ``openai`` (any OpenAI-compatible chat completions server: OpenAI,
    Ollama, vLLM, llama.cpp, LM Studio), ``complete`` (the seed's ``POST /complete {"prompt"}``) or ``auto``
    (look for a local server on ports 8080, 11434 and 1234, as the seed's ``--llm`` does).
    """

    provider: str = "none"  # a built-in above, or a plugin's `tiermem.llm` entry point
    base_url: str | None = None  # openai: http://127.0.0.1:11434/v1 · complete: http://127.0.0.1:8080/complete
    model: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    timeout_s: float = Field(default=10.0, gt=0, le=600)
    retries: int = Field(default=2, ge=0, le=10)  # on 429, 5xx and refused connections, with exponential backoff
    backoff_s: float = Field(default=0.5, ge=0, le=60)
    json_mode: bool = True
    temperature: float = Field(default=0.2, ge=0, le=2)
    max_tokens: int = Field(default=1000, ge=16, le=32768)
    # Runaway bills are the top complaint about LLM memory: a default cap, null for none (e.g. a local model).
    daily_token_budget: int | None = Field(default=1_000_000, ge=0)
    daily_call_budget: int | None = Field(default=None, ge=0)
    cache_ttl_s: float = Field(default=7 * 86400.0, ge=0)  # identical prompts are answered from the store
    extract: bool = True  # queued fact extraction from long memories (writes never wait for it)
    link_detection: bool = True  # queued contradicts / supersedes / elaborates / related_to links
    fact_keys: bool = True  # queued search keys, indexed beside the memory for recall
    query_expansion: bool = False  # an LLM call on the read path: only when asked
    background: bool = True  # drain the queue in a worker thread while the store is open
    rules_without_llm: bool = False  # with no provider, run the rule paths on every write (no queue wait)
    batch_size: int = Field(default=8, ge=1, le=64)  # memories per extraction call
    concurrency: int = Field(default=2, ge=1, le=32)  # extraction calls in flight while draining


class HotSettings(_Strict):
    """Hot state limits (seed 000), enforced on every write."""

    max_bytes: int = Field(default=5120, ge=512, le=1024 * 1024)
    max_lessons: int = Field(default=20, ge=1, le=1000)
    max_events: int = Field(default=10, ge=1, le=1000)
    max_tasks: int = Field(default=10, ge=1, le=1000)


class WarmSettings(_Strict):
    max_kb: float = Field(default=50, gt=0, le=1024 * 1024)
    retention_days: float = Field(default=30, gt=0, le=36500)
    eviction_threshold: float = Field(default=0.3, gt=0, lt=1)  # also the warm tier's lower bound


class ColdSettings(_Strict):
    # "store": the archive is the store itself; "turso": the seed's remote archive (synced by `cold`).
    backend: Literal["store", "turso"] = "store"
    # The retention policy: a frozen memory unused for this long is deleted by a monthly or full
    # consolidation, unless it is important (importance >= protect_importance), pinned, or was used in the last
    # protect_recent_days. Deletions are recorded (reason, score, the text's start); --dry-run shows them first.
    retention_years: float = Field(default=10, gt=0, le=1000)
    protect_importance: float = Field(default=0.8, ge=0, le=1)  # never deleted, never below cold
    protect_recent_days: float = Field(default=365, ge=0, le=36500)


class ScoringSettings(_Strict):
    # The seed's name; it is the decay time constant tau of exp(-age/tau), not a true half-life.
    half_life_days: float = Field(default=30, gt=0, le=36500)
    reinforcement_boost: float = Field(default=0.1, ge=0, le=10)
    hot_threshold: float = Field(default=0.7, gt=0, le=10)
    cold_threshold: float = Field(default=0.05, gt=0, lt=1)


class TreeSettings(_Strict):
    max_nodes: int = Field(default=50, ge=2, le=1000)
    max_depth: int = Field(default=4, ge=1, le=4)  # categories are at most 4 levels deep
    max_size_bytes: int = Field(default=2048, ge=256, le=1024 * 1024)
    max_children: int = Field(default=10, ge=1, le=1000)
    prune_after_days: float = Field(default=60, gt=0, le=36500)


class DistillationSettings(_Strict):
    aggression: float = Field(default=0.7, ge=0, le=1)  # accepted for seed compatibility; rules ignore it
    max_distilled_bytes: int = Field(default=100, ge=20, le=10_000)
    core_summary_bytes: int = Field(default=30, ge=10, le=1000)
    mode: Literal["rule", "llm"] = "rule"


Cadence = Literal["hourly", "every_2h", "every_3h", "every_4h", "daily", "weekly", "monthly"]


class ConsolidationSettings(_Strict):
    """How often each job runs; `tiermem schedule` turns these into cron lines."""

    warm_eviction: Cadence = "hourly"
    tree_prune: Cadence = "daily"
    tree_rebuild: Cadence = "monthly"


class DailySection(_Strict):
    """Daily-note headers containing any of ``match`` (case-insensitive) file their facts under ``category``."""

    match: tuple[str, ...] = Field(min_length=1)
    category: str

    def model_post_init(self, context: Any, /) -> None:
        check_category(self.category)  # a ValueError: reported like any other bad setting


_DAILY_SECTIONS = (
    DailySection(match=("decision",), category="decisions"),
    DailySection(match=("lesson", "learned", "mistake"), category="lessons"),
    DailySection(
        match=("server", "infra", "deploy", "devops", "cron", "monitor", "alert", "setup", "config"),
        category="technical",
    ),
    DailySection(match=("project", "feature", "release", "roadmap", "bug"), category="projects"),
    DailySection(match=("meeting", "call", "family", "people", "friend"), category="people"),
    DailySection(match=("social", "twitter", "blog"), category="social"),
)
# The seed's validate checks these tools for a documentation link; configure your own.
_VALIDATE_TOOLS = ("z-image", "LTX-2", "ComfyUI", "SadTalker", "whisper", "AnimateDiff", "Stable Diffusion", "FLUX")


class DailySettings(_Strict):
    """Daily notes (memory/YYYY-MM-DD*.md): ingestion and validation."""

    days: int = Field(default=2, ge=1, le=3650)
    sections: tuple[DailySection, ...] = _DAILY_SECTIONS
    default_category: str = "general"
    validate_tools: tuple[str, ...] = _VALIDATE_TOOLS

    def model_post_init(self, context: Any, /) -> None:
        check_category(self.default_category)


class LifecycleSettings(_Strict):
    """Tiers, hot state, tree index, distillation and consolidation (seed 000's config.json keys)."""

    hot: HotSettings = HotSettings()
    warm: WarmSettings = WarmSettings()
    cold: ColdSettings = ColdSettings()
    scoring: ScoringSettings = ScoringSettings()
    tree: TreeSettings = TreeSettings()
    distillation: DistillationSettings = DistillationSettings()
    consolidation: ConsolidationSettings = ConsolidationSettings()
    daily: DailySettings = DailySettings()

    def model_post_init(self, context: Any, /) -> None:
        s = self.scoring
        if not s.cold_threshold < self.warm.eviction_threshold < s.hot_threshold:
            raise ValueError(
                "tier thresholds must rise: scoring.cold_threshold < warm.eviction_threshold < scoring.hot_threshold"
            )


class WorkspaceSettings(_Strict):
    """The file workspace (MEMORY.md + memory/, seed 003) and how a context's token budget is shared.

    ``root`` defaults to the directory holding the store when the store is ``<dir>/.tiermem`` (the CLI's
    layout); the ``default`` agent owns MEMORY.md and memory/, any other agent MEMORY-<agent id>.md and
    memory/<agent id>/ (seed 000's layout, shared by the lifecycle).
    """

    root: str | None = None
    index: bool = True  # keep the files indexed for recall (re-synced by checksum before each context)
    total_memory_cap: int = Field(default=5000, ge=200, le=200_000)
    phase_1_2_reserve: int = Field(default=500, ge=50)
    phase_3_cap: int = Field(default=2500, ge=50)
    phase_4_cap: int = Field(default=3000, ge=50)
    phase_4_per_retrieval: int = Field(default=2000, ge=50)
    # Shares of Memory.context's budget; recalled memories get what the others leave.
    hot_share: float = Field(default=0.15, ge=0, le=1)
    tree_share: float = Field(default=0.10, ge=0, le=1)
    anchor_share: float = Field(default=0.15, ge=0, le=1)
    phase_3_share: float = Field(default=0.35, ge=0, le=1)
    recall_limit: int = Field(default=48, ge=0, le=500)


class TypeSettings(_Strict):
    name: str
    dedup_threshold: float = Field(default=0.92, gt=0, le=1)
    recall_boost: float = Field(default=1.0, gt=0, le=10)


class PostgresSettings(_Strict):
    """A ``postgresql://`` store: each process keeps its own pool of connections to the database."""

    pool_min: int = Field(default=1, ge=0, le=100)
    pool_max: int = Field(default=10, ge=1, le=1000)
    connect_timeout_s: float = Field(default=10.0, gt=0, le=600)
    hnsw_ef_search: int = Field(default=100, ge=1, le=1000)  # HNSW recall/speed trade-off per vector query
    # Rows the lexical search's candidate terms may match by the statistics' estimate (see postgres_lexical).
    lexical_match_budget: int = Field(default=10_000, ge=100, le=10_000_000)


class ServerSettings(_Strict):
    """`tiermem serve`: ``workers`` processes (0: one per core; ``--workers`` overrides it), each running at
    most ``threads`` requests in the engine at once (see interfaces.api: more only fight over the GIL)."""

    workers: int = Field(default=0, ge=0, le=256)
    threads: int = Field(default=2, ge=1, le=256)


class Settings(_Strict):
    """Everything a store can be configured with. Unknown keys are errors, not silently ignored."""

    max_text_bytes: int = Field(default=DEFAULT_MAX_TEXT_BYTES, ge=64, le=16 * 1024 * 1024)
    embedder: EmbedderSettings = EmbedderSettings()
    recall: RecallSettings = RecallSettings()
    llm: LLMSettings = LLMSettings()
    lifecycle: LifecycleSettings = LifecycleSettings()
    postgres: PostgresSettings = PostgresSettings()
    server: ServerSettings = ServerSettings()
    workspace: WorkspaceSettings = WorkspaceSettings()
    types: tuple[TypeSettings, ...] = ()
    dedup_thresholds: dict[str, float] = Field(default_factory=dict)
    busy_timeout_s: float = Field(default=30.0, gt=0, le=3600)
    # Agents whose in-memory search mirrors a process keeps (least recently used dropped first, rebuilt from
    # the store on their next search): bounds a server's memory when it serves many agents.
    mirror_agents: int = Field(default=256, ge=1, le=1_000_000)
    default_importance: float = Field(default=0.5, ge=0, le=1)
    # Secrets (API keys, tokens, private keys, passwords) are redacted before anything is stored; the
    # opt-out is for stores that must keep them verbatim (see write/secrets.py).
    redact_secrets: bool = True
    # Tell restatements, updates, contradictions and elaborations apart on write (write/revision.py). Off:
    # ClarkOS' similarity tiers alone decide, and a changed value can be folded into the old one.
    revisions: bool = True
    # Sections owned by later features (tiers, recall, llm...) live here until they get typed models.
    extra: dict[str, Any] = Field(default_factory=dict)
    source: Literal["defaults", "file"] = "defaults"

    def registry(self) -> TypeRegistry:
        registry = TypeRegistry(MemoryType(t.name, t.dedup_threshold, t.recall_boost) for t in self.types)
        for name, threshold in self.dedup_thresholds.items():
            base = registry.resolve(name)
            registry.add(MemoryType(base.name, threshold, base.recall_boost, base.family, base.aliases))
        return registry


def load_settings(store_dir: Path, overrides: dict[str, Any] | None = None) -> Settings:
    """Read ``config.json`` from the store directory (if any), then apply ``overrides``."""
    data: dict[str, Any] = {}
    path = store_dir / CONFIG_FILE
    if path.is_file():
        try:
            loaded = load_json(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ConfigError(f"{path} is not valid JSON ({exc}); fix or delete it") from None
        if not isinstance(loaded, dict):
            raise ConfigError(f"{path} must hold a JSON object")
        data = {**loaded, "source": "file"}
    for key, value in (overrides or {}).items():
        # One level deep, as the seed merges: {"llm": {"base_url": ...}} keeps the file's other llm keys.
        both = isinstance(value, dict) and isinstance(data.get(key), dict)
        data[key] = {**data[key], **value} if both else value
    return parse_settings(data, where=str(path))


def parse_settings(data: dict[str, Any], where: str = "settings") -> Settings:
    try:
        settings = Settings.model_validate(data)
        settings.registry()  # custom types and thresholds are checked now, not at first use
    except PydanticValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first["loc"]) or "(root)"
        raise ConfigError(f"{where}: {loc}: {first['msg']}") from None
    except TiermemError as exc:  # a bad custom type or threshold
        raise ConfigError(f"{where}: {exc}") from None
    return settings


LLM_ENV = {"TIERMEM_LLM_PROVIDER": "provider", "TIERMEM_LLM_BASE_URL": "base_url", "TIERMEM_LLM_MODEL": "model"}


def llm_endpoint_settings(url: str) -> dict[str, str]:
    """``llm`` settings for the seed's ``--llm-endpoint URL``: a URL ending in ``/v1`` or naming chat
    completions speaks OpenAI's protocol; anything else is the seed's ``POST /complete``."""
    parsed = urlparse(url)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise ConfigError(f"LLM endpoint {url!r} must be an http:// or https:// URL")
    path = parsed.path.rstrip("/")
    openai_like = path.endswith(("/v1", "/chat/completions")) or "/v1/" in f"{path}/"
    return {"provider": "openai" if openai_like else "complete", "base_url": url}


def llm_overrides(
    environ: Mapping[str, str], *, endpoint: str | None = None, asked: bool = False, configured: str = "none"
) -> dict[str, Any]:
    """The ``llm`` settings chosen outside config.json, for interfaces to pass on: ``TIERMEM_LLM_PROVIDER``,
    ``TIERMEM_LLM_BASE_URL``, ``TIERMEM_LLM_MODEL``; the seed's ``--llm-endpoint URL``; and ``--llm`` (use
    the LLM on the read path too and, when no provider is ``configured`` anywhere, look for a local one)."""
    section: dict[str, Any] = {key: environ[var] for var, key in LLM_ENV.items() if environ.get(var)}
    if endpoint:
        section.update(llm_endpoint_settings(endpoint))
    if asked:
        section["query_expansion"] = True
        if section.get("provider", configured) == "none":
            section["provider"] = "auto"
    return section
