"""Embedders: text in, L2-normalised float32 vectors out.

Built-ins are registered exactly like third-party ones (the ``tiermem.embedders`` entry-point group), so
a plugin only implements :class:`Embedder` and names a factory.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import registry
from ..errors import ConfigError, EmbedderError

if TYPE_CHECKING:
    from ..config import EmbedderSettings


class Embedder(ABC):
    """Turns texts into unit vectors. Implement :meth:`embed_batch`; batching is done for you."""

    #: stable identity stored beside the vectors, e.g. ``wordllama:l2_supercat_256``
    name: str
    dims: int
    batch_size: int = 256

    @abstractmethod
    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        """Embed one batch; return an array of shape (len(texts), dims)."""

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dims), dtype=np.float32)
        parts = [self.embed_batch(texts[i : i + self.batch_size]) for i in range(0, len(texts), self.batch_size)]
        vectors = np.asarray(np.vstack(parts), dtype=np.float32)
        if vectors.shape != (len(texts), self.dims):
            raise EmbedderError(
                f"embedder {self.name} returned shape {vectors.shape}, expected ({len(texts)}, {self.dims})"
            )
        return _normalise(vectors)

    def embed_one(self, text: str) -> np.ndarray:
        vector: np.ndarray = self.embed([text])[0]
        return vector


def _normalise(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.ascontiguousarray(vectors / norms, dtype=np.float32)


class WordLlamaEmbedder(Embedder):
    """The offline default: wordllama's 256-dim weights ship inside its wheel; nothing is downloaded.

    Its tokenizer and embedding table are read once per process and shared (read-only, thread-safe).
    Vectors are wordllama's (the mean of the texts' token embeddings), computed here without its padding:
    ``WordLlama.embed`` pads each batch of 64 to its longest text and converts every token list in Python,
    which cost ~85 us per text, two thirds of it outside the tokenizer; this path costs ~40 us and gives
    the same vectors (to float32 rounding; tested against ``WordLlama.embed``). The two files are read
    straight from the installed package, as ``WordLlama.load`` would (without its import, its hub fallback
    and its padded tokenizer, which a copy took 0.1 s to undo): a process is ready to embed ~0.3 s sooner.
    """

    TOKENIZER = ("tokenizers", "l2_supercat_tokenizer_config.json")
    WEIGHTS = ("weights", "l2_supercat_256.safetensors")
    _lock = threading.Lock()
    _parts: tuple[Any, np.ndarray] | None = None  # the tokenizer (no padding, no truncation), the table

    def __init__(self, dims: int = 256) -> None:
        if dims not in (64, 128, 256):
            raise ConfigError("wordllama offers 64, 128 or 256 dimensions offline")
        self.dims = dims
        self.name = f"wordllama:l2_supercat_{dims}"
        self.batch_size = 256  # bounds the (tokens x 256) float32 gather of a batch to a few MB

    @classmethod
    def package_file(cls, parts: tuple[str, str]) -> Path:
        """A file of the installed wordllama package, found without importing it (its import configures
        logging and pulls in requests)."""
        spec = importlib.util.find_spec("wordllama")
        if spec is None or not spec.submodule_search_locations:
            raise EmbedderError("the wordllama package is not installed: pip install 'wordllama>=0.4,<0.5'")
        return Path(next(iter(spec.submodule_search_locations)), *parts)

    @classmethod
    def _tokenizer_and_table(cls) -> tuple[Any, np.ndarray]:
        with cls._lock:
            if cls._parts is None:
                from safetensors import safe_open
                from tokenizers import Tokenizer

                try:
                    tokenizer = Tokenizer.from_file(str(cls.package_file(cls.TOKENIZER)))
                    with safe_open(str(cls.package_file(cls.WEIGHTS)), framework="np") as weights:
                        table = np.ascontiguousarray(weights.get_tensor("embedding.weight"), dtype=np.float32)
                except EmbedderError:
                    raise
                except Exception as exc:  # a missing or damaged file: tokenizers and safetensors raise their own
                    raise EmbedderError(f"cannot load the offline wordllama model: {exc}") from exc
                tokenizer.no_padding()
                tokenizer.no_truncation()
                cls._parts = (tokenizer, table)
            return cls._parts

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        tokenizer, table = self._tokenizer_and_table()
        encodings = tokenizer.encode_batch_fast(list(texts), add_special_tokens=False)
        lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.intp, count=len(encodings))
        ids = np.fromiter(chain.from_iterable(e.ids for e in encodings), dtype=np.intp, count=int(lengths.sum()))
        np.clip(ids, 0, len(table) - 1, out=ids)  # as wordllama does with ids past its table
        vectors = np.zeros((len(encodings), table.shape[1]), dtype=np.float32)  # a text without tokens: zeros
        rows, start = table[ids], 0
        for i, length in enumerate(lengths.tolist()):  # a sum per text: ~10x faster than np.add.reduceat here
            if length:
                vectors[i] = rows[start : start + length].sum(axis=0) / np.float32(length)
                start += length
        return vectors[:, : self.dims]


class OpenAIEmbedder(Embedder):
    """Any server speaking OpenAI's ``POST /v1/embeddings`` (OpenAI, Ollama, vLLM, LM Studio...)."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        dims: int | None = None,
        batch_size: int = 256,
        timeout_s: float = 30.0,
    ) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise ConfigError(f"embedder base_url {base_url!r} must start with http:// or https://")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.batch_size = batch_size
        import httpx  # here, not at the top: ~50 ms of start-up that the offline default never needs

        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(base_url=self.base_url, headers=headers, timeout=timeout_s)
        self.name = f"openai:{model}"
        self.dims = dims or self._probe_dims()

    def _probe_dims(self) -> int:
        return int(self.embed_batch(["dimension probe"]).shape[1])

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        import httpx

        url = "/embeddings" if self.base_url.endswith("/v1") else "/v1/embeddings"
        try:
            response = self._client.post(url, json={"model": self.model, "input": list(texts)})
            response.raise_for_status()
            data = sorted(response.json()["data"], key=lambda item: item["index"])
            vectors = np.asarray([item["embedding"] for item in data], dtype=np.float32)
        except httpx.HTTPError as exc:
            raise EmbedderError(f"embedding request to {self.base_url} failed: {exc}") from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise EmbedderError(f"embedding server at {self.base_url} sent an unexpected answer: {exc}") from exc
        if vectors.ndim != 2 or len(vectors) != len(texts):
            raise EmbedderError(f"embedding server returned {len(vectors)} vectors for {len(texts)} texts")
        return vectors


def make_wordllama(settings: EmbedderSettings) -> Embedder:
    return WordLlamaEmbedder(settings.dims or 256)


def make_openai(settings: EmbedderSettings) -> Embedder:
    if not settings.base_url or not settings.model:
        raise ConfigError("the openai embedder needs embedder.base_url and embedder.model in config.json")
    return OpenAIEmbedder(
        settings.base_url,
        settings.model,
        api_key=os.environ.get(settings.api_key_env),
        dims=settings.dims,
        batch_size=settings.batch_size,
        timeout_s=settings.timeout_s,
    )


def create_embedder(settings: EmbedderSettings) -> Embedder:
    """Build the embedder that settings name, through the ``tiermem.embedders`` entry points (built-ins
    included: see :mod:`tiermem.registry`)."""
    factory: Callable[[EmbedderSettings], Embedder]
    factory = registry.load(registry.EMBEDDERS, settings.provider, "embedder provider")
    return factory(settings)
