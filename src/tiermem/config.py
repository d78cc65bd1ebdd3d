"""Settings for a store, read from ``<store>/config.json`` when present. Validated with clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic import ValidationError as PydanticValidationError

from .errors import ConfigError, TiermemError
from .model import DEFAULT_MAX_TEXT_BYTES, MemoryType, TypeRegistry

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
    neighbours: bool = True
    diversity: bool = True
    candidates: int = Field(default=200, ge=10, le=5000)
    rrf_k: int = Field(default=60, ge=1, le=1000)
    recency_floor: float = Field(default=0.7, ge=0, le=1)
    recency_tau_days: float = Field(default=90.0, gt=0)


class TypeSettings(_Strict):
    name: str
    dedup_threshold: float = Field(default=0.92, gt=0, le=1)
    recall_boost: float = Field(default=1.0, gt=0, le=10)


class Settings(_Strict):
    """Everything a store can be configured with. Unknown keys are errors, not silently ignored."""

    max_text_bytes: int = Field(default=DEFAULT_MAX_TEXT_BYTES, ge=64, le=16 * 1024 * 1024)
    embedder: EmbedderSettings = EmbedderSettings()
    recall: RecallSettings = RecallSettings()
    types: tuple[TypeSettings, ...] = ()
    dedup_thresholds: dict[str, float] = Field(default_factory=dict)
    busy_timeout_s: float = Field(default=30.0, gt=0, le=3600)
    default_importance: float = Field(default=0.5, ge=0, le=1)
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
            loaded = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ConfigError(f"{path} is not valid JSON ({exc}); fix or delete it") from None
        if not isinstance(loaded, dict):
            raise ConfigError(f"{path} must hold a JSON object")
        data = {**loaded, "source": "file"}
    data.update(overrides or {})
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
