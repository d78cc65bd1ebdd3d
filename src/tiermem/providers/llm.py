"""LLM clients: one small interface over two wire protocols, with retries, JSON answers, a daily budget, an
answer cache and usage counters.

Every feature talks to an :class:`LLM`. Its core method is ``complete(prompt) -> str``; ``complete_json``
adds tolerant parsing (code fences, prose around the JSON) and the caller's strict validation. Any failure
raises :class:`~tiermem.errors.LLMError` with a short reason ("timeout after 10 s", "HTTP 500 from ...",
"the daily LLM budget ... is spent"), which is what a feature reports when it falls back to its rules.

Wire protocols (:class:`Sender`): OpenAI-compatible chat completions (OpenAI, Ollama, vLLM, llama.cpp
server, LM Studio) and the seed's ``POST /complete {"prompt": ...}`` -> ``{"text": ...}``.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal, NotRequired, Protocol, TypedDict, TypeVar

from .. import registry
from ..errors import ConfigError, LLMError, TiermemError

if TYPE_CHECKING:
    import httpx

    from ..config import LLMSettings

T = TypeVar("T")

PROBE_PORTS = (8080, 11434, 1234)  # llama.cpp server, Ollama, LM Studio: where the seed's --llm looks
PROBE_TIMEOUT_S = 1.0
MAX_RETRY_AFTER_S = 30.0
CHARS_PER_TOKEN = 4  # estimate for servers that report no usage
_MEMORY_CACHE_ENTRIES = 1024


class LLMBudgetError(LLMError):
    """The day's token or call budget is spent: features use their rules until the next UTC day."""


class LLMClient(Protocol):
    """The one method every LLM-using feature may rely on."""

    def complete(self, prompt: str) -> str:
        """The model's answer to ``prompt``; raises :class:`LLMError` on any failure or an empty answer."""
        ...


# --- tolerant JSON ------------------------------------------------------------------------------------

_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)
_DECODER = json.JSONDecoder()


def parse_json(text: str) -> Any:
    """The JSON value in a model's answer: bare, inside a code fence, or after prose and before trailing
    text. Raises :class:`LLMError` (``empty answer`` / ``malformed JSON``) when there is none."""
    if not text or not text.strip():
        raise LLMError("empty answer")
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    for candidate in candidates:
        found = _first_json(candidate)
        if found is not _NOTHING:
            return found
    raise LLMError(f"malformed JSON in the answer: {_preview(text)}")


_NOTHING = object()


def _first_json(text: str) -> Any:
    """The first complete JSON object or array in ``text`` (decoding from each opening bracket in turn)."""
    for match in re.finditer(r"[\[{]", text):
        try:
            value, _ = _DECODER.raw_decode(text, match.start())
        except json.JSONDecodeError:
            continue
        return value
    return _NOTHING


def _preview(text: str, width: int = 80) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= width else flat[: width - 1] + "…")


# --- wire protocols -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Answer:
    text: str
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int = 0
    truncated: bool = False  # the server stopped at max_tokens: JSON may be cut short


class _Retryable(Exception):
    def __init__(self, reason: str, wait_s: float = 0.0) -> None:
        super().__init__(reason)
        self.wait_s = wait_s


class Message(TypedDict):
    role: Literal["user"]
    content: str


class ChatBody(TypedDict):
    """An OpenAI-compatible chat completions request."""

    model: str
    messages: list[Message]
    temperature: float
    max_tokens: int
    response_format: NotRequired[dict[str, str]]


class CompleteBody(TypedDict):
    """The seed's ``POST /complete`` request."""

    prompt: str
    max_tokens: int
    temperature: float


class Sender(ABC):
    """One wire protocol over HTTP, with timeouts and retries (429, 5xx, refused connections)."""

    protocol: str

    def __init__(self, url: str, settings: LLMSettings, api_key: str | None, *, sleep: Callable[[float], None]):
        if not url.startswith(("http://", "https://")):
            raise ConfigError(f"LLM endpoint {url!r} must start with http:// or https://")
        self.url = url
        self.settings = settings
        self._sleep = sleep
        import httpx  # here, not at the top: ~50 ms of start-up that commands without an LLM never need

        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = httpx.Client(headers=headers, timeout=settings.timeout_s)
        self._json_mode = settings.json_mode

    @property
    def identity(self) -> str:
        """What an answer depends on besides the prompt (the cache key's other half)."""
        return f"{self.protocol} {self.url} {self.settings.model or ''} {self.settings.temperature}"

    @abstractmethod
    def body(self, prompt: str, json_mode: bool) -> ChatBody | CompleteBody: ...

    @abstractmethod
    def answer(self, payload: Any, prompt: str) -> Answer: ...

    def send(self, prompt: str, json_mode: bool) -> Answer:
        attempts = self.settings.retries + 1
        reason = ""
        for attempt in range(attempts):
            try:
                return self._once(prompt, json_mode and self._json_mode)
            except _Retryable as exc:
                reason = str(exc)
                if attempt + 1 < attempts:
                    self._sleep(max(exc.wait_s, self.settings.backoff_s * 2**attempt))
        raise LLMError(f"{reason} (gave up after {attempts} attempts)" if attempts > 1 else reason)

    def _once(self, prompt: str, json_mode: bool) -> Answer:
        import httpx

        try:
            response = self._http.post(self.url, json=self.body(prompt, json_mode))
        except httpx.TimeoutException:
            raise LLMError(f"timeout after {self.settings.timeout_s:g} s") from None
        except httpx.TransportError as exc:
            raise _Retryable(f"cannot reach {self.url}: {exc}") from None
        status = response.status_code
        if status == 429 or status >= 500:
            raise _Retryable(f"HTTP {status} from {self.url}", _retry_after(response))
        if status >= 400:
            if json_mode and "response_format" in response.text:
                self._json_mode = False  # an older server: ask for JSON in the prompt only, from now on
                return self._once(prompt, False)
            raise LLMError(f"HTTP {status} from {self.url}: {_preview(response.text)}")
        try:
            payload = response.json()
        except ValueError:
            raise LLMError(f"{self.url} answered with something that is not JSON: {_preview(response.text)}") from None
        return self.answer(payload, prompt)

    def close(self) -> None:
        self._http.close()


def _retry_after(response: httpx.Response) -> float:
    try:
        return min(float(response.headers.get("Retry-After", 0)), MAX_RETRY_AFTER_S)
    except ValueError:
        return 0.0


def _estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


class OpenAISender(Sender):
    """``POST {base}/v1/chat/completions``; JSON mode through ``response_format`` where the server has it."""

    protocol = "openai"

    def __init__(self, base_url: str, settings: LLMSettings, api_key: str | None, *, sleep: Callable[[float], None]):
        base = base_url.rstrip("/")
        if not base.endswith("/chat/completions"):
            base += "/chat/completions" if base.endswith("/v1") else "/v1/chat/completions"
        super().__init__(base, settings, api_key, sleep=sleep)
        self._model = settings.model
        self._model_lock = threading.Lock()

    def body(self, prompt: str, json_mode: bool) -> ChatBody:
        body: ChatBody = {
            "model": self._model_name(),
            "messages": [{"role": "user", "content": prompt}],
            "temperature": self.settings.temperature,
            "max_tokens": self.settings.max_tokens,
        }
        if json_mode:
            body["response_format"] = {"type": "json_object"}
        return body

    def _model_name(self) -> str:
        """The configured model, else the first one the server lists (llama.cpp and LM Studio serve one)."""
        with self._model_lock:
            if self._model is None:
                models_url = self.url.removesuffix("/chat/completions") + "/models"
                self._model = first_model(self._http, models_url)
                if self._model is None:
                    raise LLMError(f"set llm.model: {models_url} lists no model")
            return self._model

    def answer(self, payload: Any, prompt: str) -> Answer:
        try:
            choice = payload["choices"][0]
            text = choice["message"]["content"]
        except (KeyError, IndexError, TypeError):
            raise LLMError(f"{self.url} sent no choices[0].message.content: {_preview(json.dumps(payload))}") from None
        if text is None:
            text = ""
        if not isinstance(text, str):
            raise LLMError(f"{self.url} sent a non-text message content")
        usage = _mapping(payload.get("usage"))
        details = _mapping(usage.get("prompt_tokens_details"))
        return Answer(
            text,
            _int(usage.get("prompt_tokens"), _estimate_tokens(prompt)),
            _int(usage.get("completion_tokens"), _estimate_tokens(text)),
            _int(details.get("cached_tokens"), 0),
            choice.get("finish_reason") == "length",
        )


class CompleteSender(Sender):
    """The seed's endpoint: ``POST /complete {"prompt", "max_tokens", "temperature"}`` -> ``{"text"}``."""

    protocol = "complete"

    def body(self, prompt: str, json_mode: bool) -> CompleteBody:
        return {"prompt": prompt, "max_tokens": self.settings.max_tokens, "temperature": self.settings.temperature}

    def answer(self, payload: Any, prompt: str) -> Answer:
        # The seed reads whichever of these its server sends.
        text = next(
            (payload[k] for k in ("text", "response", "content") if isinstance(payload, dict) and k in payload), None
        )
        if not isinstance(text, str):
            raise LLMError(f'{self.url} sent no text (expected {{"text": ...}}): {_preview(json.dumps(payload))}')
        usage = _mapping(payload.get("usage"))
        return Answer(
            text,
            _int(usage.get("prompt_tokens"), _estimate_tokens(prompt)),
            _int(usage.get("completion_tokens"), _estimate_tokens(text)),
        )


def _mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _int(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default


def first_model(http: httpx.Client, models_url: str, timeout_s: float | None = None) -> str | None:
    """The first model id that an OpenAI-compatible server lists, or None if it lists none or is not there."""
    import httpx

    try:
        response = http.get(models_url, timeout=timeout_s) if timeout_s else http.get(models_url)
        data = response.json().get("data") if response.status_code == 200 else None
    except (httpx.HTTPError, ValueError, AttributeError):
        return None
    ids = [m.get("id") for m in data if isinstance(m, dict)] if isinstance(data, list) else []
    return next((i for i in ids if isinstance(i, str) and i), None)


def probe_local(ports: Sequence[int] = PROBE_PORTS, host: str = "127.0.0.1") -> tuple[str, str] | None:
    """(base_url, model) of the first local OpenAI-compatible server answering ``/v1/models``, if any."""
    import httpx

    with httpx.Client() as http:
        for port in ports:
            base = f"http://{host}:{port}/v1"
            model = first_model(http, f"{base}/models", PROBE_TIMEOUT_S)
            if model is not None:
                return base, model
    return None


# --- budget, cache and usage --------------------------------------------------------------------------


class UsageStore(Protocol):
    """Where usage counters and cached answers persist (the store: every process shares one budget)."""

    def add_usage(self, day: str, purpose: str, counts: Mapping[str, int]) -> None: ...

    def usage_totals(self, day: str) -> tuple[int, int]:
        """(calls, tokens) of the day over every purpose."""
        ...

    def cache_get(self, key: str, newer_than: float) -> str | None: ...

    def cache_put(self, key: str, answer: str, now: float, ttl_s: float) -> None:
        """Keep an answer; entries older than ``ttl_s`` may be swept."""
        ...


class MemoryUsage:
    """A :class:`UsageStore` kept in this process only: for an LLM used without a store at hand, or a store
    whose backend has no LLM tables."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._usage: dict[tuple[str, str], dict[str, int]] = {}
        self._cache: dict[str, tuple[str, float]] = {}

    def add_usage(self, day: str, purpose: str, counts: Mapping[str, int]) -> None:
        with self._lock:
            row = self._usage.setdefault((day, purpose), {})
            for name, value in counts.items():
                row[name] = row.get(name, 0) + value

    def usage_totals(self, day: str) -> tuple[int, int]:
        with self._lock:
            rows = [row for (d, _), row in self._usage.items() if d == day]
        tokens = sum(r.get("prompt_tokens", 0) + r.get("completion_tokens", 0) for r in rows)
        return sum(r.get("calls", 0) for r in rows), tokens

    def cache_get(self, key: str, newer_than: float) -> str | None:
        with self._lock:
            found = self._cache.get(key)
        return found[0] if found and found[1] > newer_than else None

    def cache_put(self, key: str, answer: str, now: float, ttl_s: float) -> None:
        with self._lock:
            if len(self._cache) >= _MEMORY_CACHE_ENTRIES:  # bounded: a long-lived process must not grow
                self._cache = {k: v for k, v in self._cache.items() if v[1] > now - ttl_s}
            if len(self._cache) < _MEMORY_CACHE_ENTRIES:
                self._cache[key] = (answer, now)


def today(now: float | None = None) -> str:
    return datetime.fromtimestamp(time.time() if now is None else now, UTC).date().isoformat()


class LLM:
    """What features call: a wire protocol with the daily budget, the answer cache and usage counters.

    ``for_purpose`` gives views that share the connection and count usage under their own name
    ("enrich", "expand", "distill", "tree_search"...).
    """

    def __init__(
        self,
        sender: Sender,
        store: UsageStore,
        *,
        purpose: str = "other",
        cache: bool = True,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._sender = sender
        self._store = store
        self.purpose = purpose
        self._cache = cache and sender.settings.cache_ttl_s > 0
        self._clock = clock

    @property
    def describe(self) -> str:
        return f"{self._sender.protocol} {self._sender.url}"

    def for_purpose(self, purpose: str, *, cache: bool = True) -> LLM:
        return LLM(self._sender, self._store, purpose=purpose, cache=cache, clock=self._clock)

    def complete(self, prompt: str) -> str:
        text, fresh = self._call(prompt, json_mode=False, use_cache=True)
        if not text.strip():
            raise LLMError("empty answer")
        if fresh:
            self._remember(prompt, False, text)
        return text

    def complete_json(self, prompt: str, validate: Callable[[Any], T], *, repairs: int = 1) -> T:
        """The validated JSON answer. A malformed or invalid answer is asked for again ``repairs`` times,
        with the problem stated; then :class:`LLMError` says what was wrong. Only valid answers are cached."""
        ask = prompt
        for attempt in range(repairs + 1):
            text, fresh = self._call(ask, json_mode=True, use_cache=attempt == 0)
            try:
                value = validate(parse_json(text))
            except (TiermemError, ValueError, TypeError, KeyError) as exc:
                problem = str(exc) or type(exc).__name__
            else:
                if fresh:  # under the original prompt: next time it is answered without a repair round
                    self._remember(prompt, True, text)
                return value
            if attempt < repairs:
                ask = f"{prompt}\n\nYour previous answer was unusable ({problem}). Answer again with valid JSON only."
        raise LLMError(problem if problem.startswith(("empty", "malformed")) else f"invalid answer: {problem}")

    def _call(self, prompt: str, *, json_mode: bool, use_cache: bool) -> tuple[str, bool]:
        """The answer, and whether it is new and whole (worth caching once the caller has checked it)."""
        if not isinstance(prompt, str) or not prompt.strip():
            raise LLMError("empty prompt")
        now = self._clock()
        if self._cache and use_cache:
            cached = self._store.cache_get(self._key(prompt, json_mode), now - self._sender.settings.cache_ttl_s)
            if cached is not None:
                self._count(now, cache_hits=1)
                return cached, False
        self._check_budget(now)
        try:
            answer = self._sender.send(prompt, json_mode)
        except LLMError:
            self._count(now, calls=1, failures=1)
            raise
        self._count(
            now,
            calls=1,
            prompt_tokens=answer.prompt_tokens,
            completion_tokens=answer.completion_tokens,
            cached_tokens=answer.cached_tokens,
        )
        return answer.text, not answer.truncated

    def _remember(self, prompt: str, json_mode: bool, text: str) -> None:
        if self._cache:
            settings = self._sender.settings
            self._store.cache_put(self._key(prompt, json_mode), text, self._clock(), settings.cache_ttl_s)

    def _key(self, prompt: str, json_mode: bool) -> str:
        return hashlib.sha256(f"{self._sender.identity}\x00{json_mode}\x00{prompt}".encode()).hexdigest()

    def _check_budget(self, now: float) -> None:
        settings = self._sender.settings
        calls, tokens = self._store.usage_totals(today(now))
        spent = None
        if settings.daily_token_budget is not None and tokens >= settings.daily_token_budget:
            spent = f"{settings.daily_token_budget:,} tokens"
        elif settings.daily_call_budget is not None and calls >= settings.daily_call_budget:
            spent = f"{settings.daily_call_budget:,} calls"
        if spent:
            self._count(now, refused=1)
            raise LLMBudgetError(f"daily LLM budget of {spent} spent; using rules until tomorrow (UTC)")

    def _count(self, now: float, **counts: int) -> None:
        self._store.add_usage(today(now), self.purpose, counts)

    def close(self) -> None:
        self._sender.close()


class UnavailableLLM(LLM):
    """Stands in when an LLM was asked for but none can be used: every call fails with ``reason``."""

    def __init__(self, reason: str) -> None:  # nothing to connect to: no sender, no store
        self.reason = reason
        self.purpose = "other"

    @property
    def describe(self) -> str:
        return f"unavailable ({self.reason})"

    def for_purpose(self, purpose: str, *, cache: bool = True) -> LLM:
        return self

    def _call(self, prompt: str, *, json_mode: bool, use_cache: bool) -> tuple[str, bool]:
        raise LLMError(self.reason)

    def close(self) -> None:
        pass


# --- construction -------------------------------------------------------------------------------------


def openai_sender(settings: LLMSettings, sleep: Callable[[float], None]) -> Sender:
    if not settings.base_url:
        raise ConfigError("llm.provider 'openai' needs llm.base_url, e.g. https://api.openai.com/v1")
    return OpenAISender(settings.base_url, settings, os.environ.get(settings.api_key_env), sleep=sleep)


def complete_sender(settings: LLMSettings, sleep: Callable[[float], None]) -> Sender:
    if not settings.base_url:
        raise ConfigError("llm.provider 'complete' needs llm.base_url, e.g. http://127.0.0.1:8080/complete")
    return CompleteSender(settings.base_url, settings, os.environ.get(settings.api_key_env), sleep=sleep)


def create_llm(
    settings: LLMSettings,
    store: UsageStore | None = None,
    *,
    probe_ports: Sequence[int] = PROBE_PORTS,
    sleep: Callable[[float], None] = time.sleep,
) -> LLM | None:
    """The LLM that settings describe, or None for ``provider: none``. ``auto`` looks for a local server;
    finding none gives an :class:`UnavailableLLM`, so features fall back to rules and say why."""
    if settings.provider == "none":
        return None
    if settings.provider == "auto":
        found = probe_local(probe_ports)
        if found is None:
            ports = ", ".join(map(str, probe_ports))
            return UnavailableLLM(f"no local LLM server answered on ports {ports}; pass --llm-endpoint URL")
        settings = settings.model_copy(
            update={"provider": "openai", "base_url": found[0], "model": settings.model or found[1]}
        )
    return LLM(_sender_factory(settings.provider)(settings, sleep), store or MemoryUsage())


def _sender_factory(provider: str) -> Callable[[LLMSettings, Callable[[float], None]], Sender]:
    """The protocol a provider speaks, through the ``tiermem.llm`` entry points (built-ins included)."""
    factory: Callable[[LLMSettings, Callable[[float], None]], Sender]
    factory = registry.load(registry.LLM_PROVIDERS, provider, "llm provider", also=("auto", "none"))
    return factory
