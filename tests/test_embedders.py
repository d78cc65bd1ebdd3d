"""Embedders: the offline wordllama default (proved to need no network) and the OpenAI-compatible HTTP
embedder against a real server on 127.0.0.1 (tests/servers.py)."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from servers import MODES, EmbeddingServer, bag_of_words_vector, embedding_server
from tiermem import ConfigError, Embedder, EmbedderError, Memory
from tiermem.config import EmbedderSettings
from tiermem.providers.embedders import OpenAIEmbedder, WordLlamaEmbedder, create_embedder

# --- wordllama, offline ---------------------------------------------------------------------------------

NO_NETWORK_BOOTSTRAP = textwrap.dedent(
    """
    import json, socket, sys

    attempts = []

    def refuse(*args, **kwargs):
        attempts.append(repr(args)[:200])
        raise OSError("network access is disabled in this test")

    socket.socket.connect = refuse
    socket.socket.connect_ex = refuse
    socket.create_connection = refuse

    # The guard itself must work, or this test proves nothing.
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=1)
    except OSError:
        pass
    else:
        raise SystemExit("the network guard did not stop a connection")
    attempts.clear()

    from tiermem.providers.embedders import WordLlamaEmbedder

    vectors = WordLlamaEmbedder().embed(["the user prefers dark mode", "kubernetes upgrade notes", "x"])
    print(json.dumps({"shape": list(vectors.shape), "dtype": str(vectors.dtype),
                      "norms": [float(n) for n in (vectors ** 2).sum(axis=1) ** 0.5],
                      "attempts": attempts}))
    """
)


def test_wordllama_loads_and_embeds_with_no_network(tmp_path: Path) -> None:
    script = tmp_path / "no_network.py"
    script.write_text(NO_NETWORK_BOOTSTRAP)
    empty_home = tmp_path / "home"
    empty_home.mkdir()
    env = {
        **os.environ,
        # No model caches from elsewhere: the weights must come from the installed package itself.
        "HOME": str(empty_home),
        "XDG_CACHE_HOME": str(empty_home / "cache"),
        "HF_HOME": str(empty_home / "hf"),
        "HTTP_PROXY": "http://127.0.0.1:9",
        "HTTPS_PROXY": "http://127.0.0.1:9",
    }
    with embedding_server() as server:  # a live port the guard has to refuse
        port = server.url.rsplit(":", 1)[1]
        done = subprocess.run([sys.executable, str(script), port], capture_output=True, text=True, env=env,
                              timeout=120, check=False)  # fmt: skip
        assert server.requests == []
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["attempts"] == []
    assert report["shape"] == [3, 256]
    assert report["dtype"] == "float32"
    assert report["norms"] == pytest.approx([1.0, 1.0, 1.0], abs=1e-5)
    assert not any(empty_home.rglob("*")), "the model must not be downloaded or cached"


def test_wordllama_vectors(embedder: WordLlamaEmbedder) -> None:
    assert isinstance(embedder, Embedder)
    assert (embedder.name, embedder.dims) == ("wordllama:l2_supercat_256", 256)
    vectors = embedder.embed(["dark mode", "light theme", "tax return deadline", "dark mode"])
    assert vectors.shape == (4, 256) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    np.testing.assert_array_equal(vectors[0], vectors[3])
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]
    assert embedder.embed([]).shape == (0, 256)
    np.testing.assert_allclose(embedder.embed_one("dark mode"), vectors[0], atol=1e-6)


@pytest.mark.parametrize("dims", [64, 128])
def test_wordllama_smaller_dims(dims: int) -> None:
    small = WordLlamaEmbedder(dims)
    vectors = small.embed(["one text", "another"])
    assert vectors.shape == (2, dims) and small.name.endswith(str(dims))
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


@functools.cache
def wordllamas_own() -> Any:
    """wordllama's own loader and embed(), offline: what WordLlamaEmbedder must agree with."""
    from wordllama import WordLlama

    return WordLlama.load(
        cache_dir=WordLlamaEmbedder.package_file(WordLlamaEmbedder.WEIGHTS).parents[1], disable_download=True
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=300), min_size=1, max_size=40))
def test_wordllama_vectors_are_wordllamas_own(texts: list[str]) -> None:
    """The unpadded path gives WordLlama.embed's vectors (empty and symbol-only texts, any Unicode)."""
    embedder = WordLlamaEmbedder()
    expected = wordllamas_own().embed(texts, norm=False)
    np.testing.assert_allclose(embedder.embed_batch(texts), expected, rtol=0, atol=1e-6)


def test_wordllama_rejects_unknown_dims() -> None:
    with pytest.raises(ConfigError, match="64, 128 or 256"):
        WordLlamaEmbedder(100)
    with pytest.raises(ConfigError, match="unknown embedder provider 'nope'"):
        create_embedder(EmbedderSettings(provider="nope"))


# --- the OpenAI-compatible embedder against a real local server ------------------------------------------


@pytest.fixture
def server() -> Iterator[EmbeddingServer]:
    with embedding_server(dims=32) as running:
        yield running


def test_server_helper_is_deterministic() -> None:
    assert bag_of_words_vector("Dark mode", 16) == bag_of_words_vector("dark MODE!", 16)
    assert bag_of_words_vector("dark mode", 16) != bag_of_words_vector("tax forms", 16)
    assert "ok" in MODES


def test_probe_finds_the_dimensions(server: EmbeddingServer) -> None:
    embedder = OpenAIEmbedder(server.url, "test-embed")
    assert (embedder.dims, embedder.name) == (32, "openai:test-embed")
    [probe] = server.embedding_requests()
    assert probe.path == "/v1/embeddings"
    assert probe.body == {"model": "test-embed", "input": ["dimension probe"]}


def test_given_dims_skip_the_probe_and_vectors_are_normalised_in_order(server: EmbeddingServer) -> None:
    embedder = OpenAIEmbedder(server.url, "test-embed", dims=32)
    assert server.requests == []
    texts = ["dark mode editor", "tax forms due", "dark mode everywhere"]
    vectors = embedder.embed(texts)
    assert vectors.shape == (3, 32) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)
    for text, vector in zip(texts, vectors, strict=True):  # the server answers in reverse order
        expected = np.asarray(bag_of_words_vector(text, 32))
        np.testing.assert_allclose(vector, expected / np.linalg.norm(expected), atol=1e-6)


def test_batching(server: EmbeddingServer) -> None:
    embedder = OpenAIEmbedder(server.url, "test-embed", dims=32, batch_size=4)
    texts = [f"text number {i}" for i in range(10)]
    vectors = embedder.embed(texts)
    assert vectors.shape == (10, 32)
    assert [len(r.body["input"]) for r in server.embedding_requests()] == [4, 4, 2]
    assert [t for r in server.embedding_requests() for t in r.body["input"]] == texts
    assert embedder.embed([]).shape == (0, 32)
    assert len(server.embedding_requests()) == 3


def test_base_url_with_v1_and_api_key(server: EmbeddingServer) -> None:
    embedder = OpenAIEmbedder(server.url + "/v1/", "m", api_key="sk-test-123", dims=32)
    embedder.embed(["hello"])
    [request] = server.embedding_requests()
    assert request.path == "/v1/embeddings"
    assert request.headers["authorization"] == "Bearer sk-test-123"
    OpenAIEmbedder(server.url, "m", dims=32).embed(["hello"])
    assert "authorization" not in server.embedding_requests()[1].headers


def test_dimension_mismatch_is_an_embedder_error(server: EmbeddingServer) -> None:
    embedder = OpenAIEmbedder(server.url, "test-embed", dims=16)
    with pytest.raises(EmbedderError, match=r"returned shape \(2, 32\), expected \(2, 16\)"):
        embedder.embed(["a", "b"])


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("http_500", "failed: .*500"),
        ("not_json", "unexpected answer"),
        ("no_data", "unexpected answer"),
        ("missing_embedding", "unexpected answer"),
        ("ragged", "unexpected answer"),
        ("wrong_count", "returned 1 vectors for 2 texts"),
    ],
)
def test_bad_answers_are_embedder_errors(server: EmbeddingServer, mode: str, message: str) -> None:
    embedder = OpenAIEmbedder(server.url, "test-embed", dims=32)
    server.mode = mode
    with pytest.raises(EmbedderError, match=message):
        embedder.embed(["first text", "second text"])
    server.mode = "ok"
    assert embedder.embed(["first text", "second text"]).shape == (2, 32)  # it recovers


def test_unreachable_server_and_bad_url_are_clean_errors(tmp_path: Path) -> None:
    with embedding_server() as stopped:
        url = stopped.url
    with pytest.raises(EmbedderError, match="failed"):
        OpenAIEmbedder(url, "m", timeout_s=2)
    with pytest.raises(ConfigError, match="must start with http"):
        OpenAIEmbedder("ftp://example.com", "m")
    with pytest.raises(ConfigError, match=r"needs embedder\.base_url and embedder\.model"):
        Memory.open(tmp_path / "store", config={"embedder": {"provider": "openai"}})
    with pytest.raises(EmbedderError, match="failed"):
        Memory.open(tmp_path / "store2", config={"embedder": {"provider": "openai", "base_url": url, "model": "m"}})


def test_a_store_with_the_http_embedder_works_end_to_end(server: EmbeddingServer, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.setenv("TIERMEM_TEST_KEY", "sk-from-env")
    store = tmp_path / "store"
    store.mkdir()
    config = {"embedder": {"provider": "openai", "base_url": server.url, "model": "test-embed",
                           "api_key_env": "TIERMEM_TEST_KEY", "batch_size": 2}}  # fmt: skip
    (store / "config.json").write_text(json.dumps(config))
    with Memory.open(store) as mem:
        assert (mem.embedder.name, mem.embedder.dims) == ("openai:test-embed", 32)
        results = mem.store_many([{"text": "dark mode in the editor"}, {"text": "tax forms are due in April"},
                                  {"text": "the cat sleeps on the sofa"}])  # fmt: skip
        assert all(r.created for r in results)
        assert mem.store("Dark mode in the editor!").duplicate_of == results[0].id
        assert mem.search("editor dark mode", limit=1)[0].memory.id == results[0].id
        assert mem.search("April taxes forms", limit=1)[0].memory.id == results[1].id
        assert mem.stats()["embedder"] == "openai:test-embed"
    requests = server.embedding_requests()
    assert {r.headers["authorization"] for r in requests} == {"Bearer sk-from-env"}
    assert max(len(r.body["input"]) for r in requests) == 2
    with Memory.open(store) as again:  # reopening with the same embedder is fine
        assert len(again.list()) == 3
    with pytest.raises(EmbedderError, match="embedded with openai:test-embed"):
        Memory.open(store, config={"embedder": {"provider": "wordllama"}})
