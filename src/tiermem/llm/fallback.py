"""The one pattern every LLM feature follows: try the LLM, else the rules, and say which ran and why.

>>> attempt(None, lambda llm: "from the llm", lambda: "from the rules").report()
{'mode': 'rule', 'llm_fallback': None}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Literal, TypedDict, TypeVar

from ..errors import TiermemError

T = TypeVar("T")
C = TypeVar("C")
Mode = Literal["llm", "rule"]
# What a malformed answer provokes in code that reads it; anything else is a bug and must surface.
ANSWER_ERRORS = (TiermemError, ValueError, TypeError, KeyError, IndexError)


class FallbackReport(TypedDict):
    """Which path ran, and why the LLM path was left (None if it was not): part of every feature's answer."""

    mode: Mode
    llm_fallback: str | None


@dataclass(frozen=True, slots=True)
class Outcome(Generic[T]):
    """A feature's result, the path that produced it, and why the LLM path was left (None if it was not)."""

    value: T
    mode: Mode
    llm_fallback: str | None = None

    def report(self) -> FallbackReport:
        return {"mode": self.mode, "llm_fallback": self.llm_fallback}


def fallback_reason(exc: BaseException) -> str:
    """A short, one-line reason: our errors carry one; others are answers the code could not read."""
    text = " ".join(str(exc).split())
    return text if isinstance(exc, TiermemError) and text else f"invalid answer: {type(exc).__name__} {text}".strip()


def attempt(client: C | None, use_llm: Callable[[C], T], rules: Callable[[], T]) -> Outcome[T]:
    """``use_llm(client)`` if there is a client and it succeeds; otherwise ``rules()``, with the reason.

    ``client`` is anything with ``complete(prompt) -> str`` raising :class:`TiermemError` on failure (a
    :class:`tiermem.providers.llm.LLM`); None means rules were chosen, so there is no fallback to report.
    """
    if client is None:
        return Outcome(rules(), "rule")
    try:
        return Outcome(use_llm(client), "llm")
    except ANSWER_ERRORS as exc:
        return Outcome(rules(), "rule", fallback_reason(exc))
