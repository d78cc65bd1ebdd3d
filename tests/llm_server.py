"""A real HTTP server on 127.0.0.1 that speaks both LLM protocols and plays scripted answers (no mocks, no
internet). Used by the tests and by ``bench/llm.py``.

Protocols: OpenAI chat completions (``POST /v1/chat/completions``, ``GET /v1/models``) and the seed's
``POST /complete {"prompt"}`` -> ``{"text"}``. Each request takes the next :class:`Reply` of the script; when
the script is empty, ``responder(prompt)`` answers (by default :func:`model_answer`, a tiny rule "model" that
gives valid answers to tiermem's prompts). Behaviours: valid JSON, fenced JSON, malformed JSON, an empty
answer, a timeout (the answer comes after the client gave up), any HTTP status (429, 500...).
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from servers import RecordedRequest, serving

FENCE_TEMPLATE = "Sure! Here is the JSON you asked for:\n```json\n{}\n```\nLet me know if you need anything else."


@dataclass(frozen=True, slots=True)
class Reply:
    """One scripted answer. ``text`` is what the model says (JSON for most tiermem prompts)."""

    kind: str = "json"  # json | fenced | malformed | empty | timeout | status
    text: str = ""
    status: int = 200
    delay_s: float = 0.0

    @staticmethod
    def json(value: Any) -> Reply:
        return Reply("json", value if isinstance(value, str) else json.dumps(value))

    @staticmethod
    def fenced(value: Any) -> Reply:
        return Reply("fenced", value if isinstance(value, str) else json.dumps(value))

    @staticmethod
    def malformed() -> Reply:
        return Reply("malformed", '{"memories": [{"n": 1, "facts": [{"text": "cut off here')

    @staticmethod
    def empty() -> Reply:
        return Reply("empty")

    @staticmethod
    def timeout(delay_s: float = 1.5) -> Reply:
        return Reply("timeout", '{"late": true}', delay_s=delay_s)

    @staticmethod
    def error(status: int) -> Reply:
        return Reply("status", status=status)


@dataclass
class LLMServer:
    """State shared with the handler threads. ``latency_s`` delays every answer (the bench's slow model)."""

    url: str = ""
    latency_s: float = 0.0
    reject_json_mode: bool = False  # answer 400 to response_format, as some older servers do
    responder: Callable[[str], Reply] = field(default_factory=lambda: lambda prompt: Reply.json(model_answer(prompt)))
    requests: list[RecordedRequest] = field(default_factory=list)
    _script: deque[Reply] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def openai_url(self) -> str:
        return f"{self.url}/v1"

    @property
    def complete_url(self) -> str:
        return f"{self.url}/complete"

    def play(self, *replies: Reply) -> None:
        with self._lock:
            self._script.extend(replies)

    def next_reply(self, prompt: str) -> Reply:
        with self._lock:
            scripted = self._script.popleft() if self._script else None
        return scripted or self.responder(prompt)

    def record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def prompts(self) -> list[str]:
        with self._lock:
            return [_prompt(r.body) for r in self.requests if r.path != "/v1/models"]

    @property
    def calls(self) -> int:
        return len(self.prompts())


def _prompt(body: dict[str, Any]) -> str:
    if "messages" in body:
        return "\n".join(str(m.get("content", "")) for m in body["messages"] if isinstance(m, dict))
    return str(body.get("prompt", ""))


def _spoken(reply: Reply) -> str:
    if reply.kind == "fenced":
        return FENCE_TEMPLATE.format(reply.text)
    if reply.kind == "malformed":
        return reply.text or '{"broken": '
    if reply.kind == "empty":
        return ""
    return reply.text


def _payload(path: str, body: dict[str, Any], text: str) -> dict[str, Any]:
    if path.endswith("/complete"):
        return {"text": text}
    prompt_tokens, completion_tokens = len(_prompt(body)) // 4 + 1, len(text) // 4 + 1
    return {
        "id": "chatcmpl-scripted",
        "object": "chat.completion",
        "model": body.get("model"),
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
            "prompt_tokens_details": {"cached_tokens": 0},
        },
    }


def _handler(state: LLMServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            state.record(RecordedRequest(self.path, dict(self.headers.items()), {}))
            if self.path.rstrip("/") == "/v1/models":
                self._send(200, {"object": "list", "data": [{"id": "scripted-model", "object": "model"}]})
            else:
                self._send(404, {"error": {"message": "not found"}})

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                body = {}
            state.record(RecordedRequest(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            if self.path not in ("/v1/chat/completions", "/complete"):
                self._send(404, {"error": {"message": f"no route {self.path}"}})
                return
            if state.reject_json_mode and "response_format" in body:
                self._send(400, {"error": {"message": "response_format is not supported by this server"}})
                return
            reply = state.next_reply(_prompt(body))
            time.sleep(state.latency_s + reply.delay_s)
            if reply.kind == "status":
                self._send(reply.status, {"error": {"message": f"scripted HTTP {reply.status}"}}, retry_after="0")
                return
            self._send(200, _payload(self.path, body, _spoken(reply)))

        def _send(self, status: int, payload: dict[str, Any], retry_after: str | None = None) -> None:
            data = json.dumps(payload).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                if retry_after is not None:
                    self.send_header("Retry-After", retry_after)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):  # the client timed out and left
                pass

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
            pass

    return Handler


@contextmanager
def llm_server(latency_s: float = 0.0) -> Iterator[LLMServer]:
    """Run an :class:`LLMServer` on a free port of 127.0.0.1 for the duration of the block."""
    state = LLMServer(latency_s=latency_s)
    with serving(_handler(state), "llm-server") as state.url:
        yield state


# --- a tiny rule "model" that answers tiermem's prompts validly ----------------------------------------------

_NEW = re.compile(r"^NEW (\d+)( \(split\))?: (.*)$", re.MULTILINE)
_SENTENCE = re.compile(r"\S.*?(?:[.!?](?=\s|$)|$)")  # sentence ends are followed by a space


def model_answer(prompt: str) -> str:
    """A valid answer to an enrichment, expansion or consolidation prompt: facts are the statements (five
    words or more) of a memory marked for splitting, keys name its first words, no links; expansion and
    summaries are fixed."""
    if prompt.startswith("List 3 to 6 search terms"):
        return json.dumps({"terms": ["scripted synonym", "another term"]})
    if "durable core memory" in prompt:
        first = prompt.split("Memories:\n- ", 1)[-1].splitlines()[0]
        return json.dumps({"summary": f"Core: {first}", "importance": 0.8})
    memories = []
    for number, split, text in _NEW.findall(prompt):
        statements = [s.strip() for s in _SENTENCE.findall(text) if not s.strip().endswith("?")]
        facts = [s for s in statements if len(s.split()) >= 5] if split else []  # no greetings, no questions
        words = re.findall(r"[A-Za-z]+", text)[:2]
        memories.append(
            {
                "n": int(number),
                "facts": [{"text": f, "type": "semantic", "importance": 0.6} for f in facts],
                "keys": [f"about {' '.join(words).lower()}"],
                "links": [],
            }
        )
    return json.dumps({"memories": memories})
