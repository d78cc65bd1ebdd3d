"""The LLM client against a real scripted server on 127.0.0.1, both protocols: every behaviour of the server
(valid, fenced, malformed, empty, timeout, 429 then success, 500), retries, JSON mode, validation, the
daily budget, the answer cache, usage counters; plus the tolerant JSON parser (property tests)."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from llm_server import LLMServer, Reply
from llm_support import PROTOCOLS, TIMEOUT_S, llm_config
from tiermem import Memory
from tiermem.config import LLMSettings, llm_endpoint_settings, llm_overrides
from tiermem.errors import ConfigError, LLMError
from tiermem.providers.llm import (
    LLM,
    CompleteSender,
    LLMBudgetError,
    MemoryUsage,
    UnavailableLLM,
    create_llm,
    parse_json,
    probe_local,
)


def make(server: LLMServer, protocol: str = "openai", **extra: Any) -> tuple[LLM, MemoryUsage]:
    usage = MemoryUsage()
    llm = create_llm(LLMSettings(**llm_config(server, protocol, **extra)["llm"]), usage)
    assert llm is not None
    return llm, usage


def identity(value: Any) -> Any:
    return value


@pytest.fixture(params=PROTOCOLS)
def protocol(request: pytest.FixtureRequest) -> str:
    return str(request.param)


# --- each scripted behaviour, both protocols ---------------------------------------------------------------


def test_valid_json_answer(server: LLMServer, protocol: str) -> None:
    llm, usage = make(server, protocol)
    server.play(Reply.json({"answer": [1, 2]}))
    assert llm.complete_json("give me JSON", identity) == {"answer": [1, 2]}
    calls, tokens = usage.usage_totals(time.strftime("%Y-%m-%d", time.gmtime()))
    assert calls == 1 and tokens > 0
    assert server.prompts() == ["give me JSON"]


def test_fenced_json_with_prose_around_it(server: LLMServer, protocol: str) -> None:
    llm, _ = make(server, protocol)
    server.play(Reply.fenced({"terms": ["a", "b"]}))
    assert llm.complete_json("p", identity) == {"terms": ["a", "b"]}


def test_malformed_answer_is_asked_again_with_the_problem_stated(server: LLMServer, protocol: str) -> None:
    llm, _ = make(server, protocol)
    server.play(Reply.malformed(), Reply.json({"ok": True}))
    assert llm.complete_json("the prompt", identity) == {"ok": True}
    first, second = server.prompts()
    assert first == "the prompt"
    assert second.startswith("the prompt\n\nYour previous answer was unusable (malformed JSON")


def test_malformed_twice_is_an_error_saying_so(server: LLMServer, protocol: str) -> None:
    llm, _ = make(server, protocol)
    server.play(Reply.malformed(), Reply.malformed())
    with pytest.raises(LLMError, match=r"^malformed JSON in the answer"):
        llm.complete_json("p", identity)
    assert server.calls == 2


def test_empty_answer(server: LLMServer, protocol: str) -> None:
    llm, _ = make(server, protocol)
    server.play(Reply.empty(), Reply.empty(), Reply.empty())
    with pytest.raises(LLMError, match=r"^empty answer$"):
        llm.complete("say something")
    with pytest.raises(LLMError, match=r"^empty answer$"):
        llm.complete_json("p", identity)


def test_timeout_is_not_retried_and_says_how_long(server: LLMServer, protocol: str) -> None:
    llm, _ = make(server, protocol)
    server.play(Reply.timeout(TIMEOUT_S * 3))
    started = time.monotonic()
    with pytest.raises(LLMError, match=f"^timeout after {TIMEOUT_S:g} s$"):
        llm.complete("p")
    assert time.monotonic() - started < TIMEOUT_S * 2.5
    assert server.calls == 1


def test_429_then_success_is_retried(server: LLMServer, protocol: str) -> None:
    llm, _ = make(server, protocol)
    server.play(Reply.error(429), Reply.json({"fine": 1}))
    assert llm.complete_json("p", identity) == {"fine": 1}
    assert server.calls == 2


def test_500_gives_up_after_the_retries(server: LLMServer, protocol: str) -> None:
    llm, _ = make(server, protocol, retries=2)
    server.play(*[Reply.error(500)] * 3)
    with pytest.raises(LLMError, match=r"^HTTP 500 from http://127\.0\.0\.1:\d+/\S+ \(gave up after 3 attempts\)$"):
        llm.complete("p")
    assert server.calls == 3


def test_backoff_grows_exponentially(server: LLMServer) -> None:
    waits: list[float] = []
    settings = LLMSettings(**llm_config(server, backoff_s=0.5, retries=3)["llm"])
    llm = create_llm(settings, MemoryUsage(), sleep=waits.append)
    assert llm is not None
    server.play(*[Reply.error(503)] * 4)
    with pytest.raises(LLMError, match="HTTP 503"):
        llm.complete("p")
    assert waits == [0.5, 1.0, 2.0]


def test_without_retries_the_first_error_is_final(server: LLMServer) -> None:
    llm, _ = make(server, retries=0)
    server.play(Reply.error(500), Reply.json({"never": "reached"}))
    with pytest.raises(LLMError, match=r"^HTTP 500 from \S+$"):
        llm.complete("p")
    assert server.calls == 1


def test_validation_failure_is_asked_again_then_reported(server: LLMServer, protocol: str) -> None:
    llm, _ = make(server, protocol)

    def needs_terms(raw: Any) -> list[str]:
        if not isinstance(raw, dict) or "terms" not in raw:
            raise ValueError("no 'terms' key")
        return list(raw["terms"])

    server.play(Reply.json({"wrong": 1}), Reply.json({"terms": ["x"]}))
    assert llm.complete_json("p", needs_terms) == ["x"]
    assert llm.complete_json("p", needs_terms) == ["x"]  # the valid answer was cached for the prompt
    server.play(Reply.json({"wrong": 1}), Reply.json({"still": "wrong"}))
    with pytest.raises(LLMError, match=r"^invalid answer: no 'terms' key$"):
        llm.complete_json("q", needs_terms)
    assert server.calls == 4


def test_unreachable_endpoint(protocol: str) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1" if protocol == "openai" else f"http://127.0.0.1:{port}/complete"
    llm = create_llm(LLMSettings(provider=protocol, base_url=url, model="m", retries=1, backoff_s=0))
    assert llm is not None
    with pytest.raises(LLMError, match=r"^cannot reach http://127\.0\.0\.1:\d+/\S+: .* \(gave up after 2 attempts\)$"):
        llm.complete("p")


# --- protocol details ----------------------------------------------------------------------------------------


def test_openai_request_shape_json_mode_and_model_discovery(server: LLMServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TIERMEM_TEST_KEY", "sk-test")
    llm, _ = make(server, "openai", api_key_env="TIERMEM_TEST_KEY", temperature=0.1, max_tokens=99)
    server.play(Reply.json({"a": 1}), Reply.json("plain text answer"))
    llm.complete_json("json please", identity)
    assert llm.complete("text please") == "plain text answer"
    models, first, second = server.requests
    assert models.path == "/v1/models"  # no model configured: the server's first one is used
    assert first.path == "/v1/chat/completions" and first.headers["authorization"] == "Bearer sk-test"
    assert first.body == {
        "model": "scripted-model",
        "messages": [{"role": "user", "content": "json please"}],
        "temperature": 0.1,
        "max_tokens": 99,
        "response_format": {"type": "json_object"},
    }
    assert "response_format" not in second.body


def test_server_without_json_mode_is_asked_without_it(server: LLMServer) -> None:
    server.reject_json_mode = True
    llm, _ = make(server, "openai", model="m")
    server.play(Reply.json({"a": 1}), Reply.json({"b": 2}))
    assert llm.complete_json("p", identity) == {"a": 1}
    assert llm.complete_json("q", identity) == {"b": 2}
    sent = [r.body for r in server.requests]
    assert ["response_format" in body for body in sent] == [True, False, False]


@pytest.mark.parametrize("base", ["{url}", "{url}/v1", "{url}/v1/", "{url}/v1/chat/completions"])
def test_openai_base_url_spellings(server: LLMServer, base: str) -> None:
    llm = create_llm(LLMSettings(provider="openai", base_url=base.format(url=server.url), model="m"))
    assert llm is not None
    server.play(Reply.json("hello"))
    assert llm.complete("p") == "hello"
    assert server.requests[-1].path == "/v1/chat/completions"


def test_complete_protocol_request_shape(server: LLMServer) -> None:
    llm, _ = make(server, "complete", temperature=0.3, max_tokens=200)
    server.play(Reply.json("the answer"))
    assert llm.complete("the seed's prompt") == "the answer"
    (request,) = server.requests
    assert request.path == "/complete"
    assert request.body == {"prompt": "the seed's prompt", "max_tokens": 200, "temperature": 0.3}


@pytest.mark.parametrize("key", ["text", "response", "content"])
def test_complete_protocol_reads_the_seeds_answer_keys(key: str) -> None:
    sender = CompleteSender("http://127.0.0.1:9/complete", LLMSettings(), None, sleep=time.sleep)
    answer = sender.answer({key: "hi there"}, "prompt text")
    assert (answer.text, answer.prompt_tokens, answer.completion_tokens) == ("hi there", 3, 2)


@pytest.mark.parametrize("payload", [{}, {"text": 5}, [1, 2], {"output": "x"}])
def test_complete_protocol_rejects_answers_without_text(payload: Any) -> None:
    sender = CompleteSender("http://127.0.0.1:9/complete", LLMSettings(), None, sleep=time.sleep)
    with pytest.raises(LLMError, match="sent no text"):
        sender.answer(payload, "p")


# --- budget, cache, usage ------------------------------------------------------------------------------------


def test_daily_token_budget_switches_off_the_llm_and_says_so(server: LLMServer) -> None:
    llm, usage = make(server, daily_token_budget=10)
    server.play(Reply.json("a long enough answer to use up the small budget"), Reply.json("never sent"))
    llm.complete("first call")
    with pytest.raises(LLMBudgetError, match=r"^daily LLM budget of 10 tokens spent; using rules until tomorrow"):
        llm.complete("second call")
    assert server.calls == 1
    day = time.strftime("%Y-%m-%d", time.gmtime())
    assert usage.usage_totals(day)[0] == 1


def test_daily_call_budget(server: LLMServer) -> None:
    llm, _ = make(server, daily_call_budget=2, daily_token_budget=None)
    server.play(Reply.json("1"), Reply.json("2"), Reply.json("3"))
    llm.complete("a")
    llm.complete("b")
    with pytest.raises(LLMBudgetError, match="budget of 2 calls spent"):
        llm.complete("c")


def test_budget_and_usage_are_shared_through_the_store(server: LLMServer, open_memory: Callable[..., Memory]) -> None:
    config = llm_config(server, daily_call_budget=1)
    first = open_memory(config=config)
    second = open_memory(config=config)  # another connection, as another process would have
    client = first.llm.client("ping")
    assert client is not None
    server.play(Reply.json("pong"))
    client.complete("one")
    other = second.llm.client("ping")
    assert other is not None
    with pytest.raises(LLMBudgetError):
        other.complete("two")
    (day,) = second.llm_usage()
    counters = second.llm_usage()[day]["ping"]
    assert (counters["calls"], counters["refused"]) == (1, 1)
    assert counters["prompt_tokens"] > 0 and counters["completion_tokens"] > 0


def test_identical_prompts_are_answered_from_the_cache(server: LLMServer, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(config=llm_config(server))
    client = mem.llm.client("tree_search")
    assert client is not None
    server.play(Reply.json('[{"path": "a"}]'), Reply.json('[{"path": "b"}]'))
    assert client.complete("the same tree prompt") == '[{"path": "a"}]'
    assert client.complete("the same tree prompt") == '[{"path": "a"}]'
    assert client.complete("another prompt") == '[{"path": "b"}]'
    assert server.calls == 2
    (counters,) = mem.llm_usage().values()
    assert counters["tree_search"]["cache_hits"] == 1 and counters["tree_search"]["calls"] == 2


def test_cache_can_be_switched_off(server: LLMServer) -> None:
    llm, _ = make(server, cache_ttl_s=0)
    server.play(Reply.json("x"), Reply.json("y"))
    assert [llm.complete("same"), llm.complete("same")] == ["x", "y"]


def test_failed_calls_are_counted(server: LLMServer, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(config=llm_config(server, retries=0))
    client = mem.llm.client("distill")
    assert client is not None
    server.play(Reply.error(500))
    with pytest.raises(LLMError):
        client.complete("p")
    (counters,) = mem.llm_usage().values()
    assert (counters["distill"]["calls"], counters["distill"]["failures"]) == (1, 1)


# --- construction and configuration --------------------------------------------------------------------------


def test_no_provider_means_no_client(open_memory: Callable[..., Memory]) -> None:
    assert open_memory().llm.client() is None
    assert create_llm(LLMSettings()) is None


def test_auto_finds_a_local_server_or_says_none_answered(server: LLMServer) -> None:
    port = int(server.url.rsplit(":", 1)[1])
    assert probe_local([port]) == (f"http://127.0.0.1:{port}/v1", "scripted-model")
    found = create_llm(LLMSettings(provider="auto"), probe_ports=[port])
    assert isinstance(found, LLM) and not isinstance(found, UnavailableLLM)
    server.play(Reply.json("found you"))
    assert found.complete("p") == "found you"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    missing = create_llm(LLMSettings(provider="auto"), probe_ports=[closed])
    assert isinstance(missing, UnavailableLLM)
    with pytest.raises(LLMError, match=f"no local LLM server answered on ports {closed}; pass --llm-endpoint URL"):
        missing.complete("p")


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"provider": "gpt"}, "unknown llm provider 'gpt'; available providers: auto, complete, none, openai"),
        ({"provider": "openai"}, "llm.provider 'openai' needs llm.base_url"),
        ({"provider": "complete"}, "llm.provider 'complete' needs llm.base_url"),
        ({"provider": "openai", "base_url": "ftp://x"}, "must start with http:// or https://"),
    ],
)
def test_bad_provider_settings(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        create_llm(LLMSettings(**settings))


def test_bad_settings_in_config_json_are_config_errors(open_memory: Callable[..., Memory]) -> None:
    with pytest.raises(ConfigError, match=r"llm\.timeout_s"):
        open_memory(config={"llm": {"timeout_s": 0}})
    with pytest.raises(ConfigError, match=r"llm\.colour"):
        open_memory(config={"llm": {"colour": "blue"}})


@pytest.mark.parametrize(
    ("url", "protocol"),
    [
        ("http://localhost:8080/complete", "complete"),
        ("http://127.0.0.1:11434/v1", "openai"),
        ("https://api.openai.com/v1/", "openai"),
        ("http://h:1/v1/chat/completions", "openai"),
        ("http://h:1/api/generate", "complete"),
    ],
)
def test_endpoint_url_chooses_the_protocol(url: str, protocol: str) -> None:
    assert llm_endpoint_settings(url) == {"provider": protocol, "base_url": url}


@pytest.mark.parametrize("url", ["localhost:8080", "ftp://h/complete", "http://", ""])
def test_bad_endpoint_urls(url: str) -> None:
    with pytest.raises(ConfigError, match="must be an http:// or https:// URL"):
        llm_endpoint_settings(url)


def test_overrides_from_the_environment_and_the_seed_flags() -> None:
    environ = {"TIERMEM_LLM_MODEL": "llama3.2", "TIERMEM_LLM_PROVIDER": "openai", "OTHER": "x"}
    assert llm_overrides(environ) == {"model": "llama3.2", "provider": "openai"}
    assert llm_overrides({}, endpoint="http://h:8080/complete") == {
        "provider": "complete",
        "base_url": "http://h:8080/complete",
    }
    assert llm_overrides({}, asked=True) == {"query_expansion": True, "provider": "auto"}
    assert llm_overrides({}, asked=True, configured="openai") == {"query_expansion": True}
    assert llm_overrides({}) == {}


def test_config_overrides_merge_into_the_files_llm_section(
    server: LLMServer, store_path: Any, open_memory: Callable[..., Memory]
) -> None:
    store_path.mkdir()
    (store_path / "config.json").write_text(json.dumps({"llm": {"model": "from-file", "timeout_s": 3}}))
    mem = open_memory(config={"llm": {"provider": "openai", "base_url": server.openai_url}})
    assert (mem.settings.llm.model, mem.settings.llm.timeout_s, mem.settings.llm.provider) == ("from-file", 3, "openai")


# --- tolerant parsing ----------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
containers = st.one_of(st.lists(json_values, max_size=4), st.dictionaries(st.text(max_size=8), json_values, max_size=4))
prose = st.text(alphabet=st.characters(blacklist_characters="[]{}`"), max_size=40)


@given(value=containers, before=prose, after=prose)
def test_json_is_found_whatever_surrounds_it(value: Any, before: str, after: str) -> None:
    encoded = json.dumps(value)
    assert parse_json(f"{before}{encoded}{after}") == value
    assert parse_json(f"{before}\n```json\n{encoded}\n```\n{after}") == value
    assert parse_json(f"```\n{json.dumps(value, indent=2)}\n```") == value


@given(st.text(max_size=200))
def test_any_text_parses_or_raises_llm_error(text: str) -> None:
    try:
        found = parse_json(text)
    except LLMError as exc:
        assert str(exc) == "empty answer" or str(exc).startswith("malformed JSON in the answer: ")
    else:
        assert isinstance(found, dict | list)


def test_parse_json_examples() -> None:
    assert parse_json('Here: {"a": 1} and then {"b": 2}') == {"a": 1}
    assert parse_json('prose [not json] then {"a": [1]}') == {"a": [1]}
    with pytest.raises(LLMError, match=r"^empty answer$"):
        parse_json("  \n ")
    with pytest.raises(LLMError, match=r"""^malformed JSON in the answer: '{"a":'$"""):
        parse_json('{"a": ')
