"""How tiermem's errors map onto HTTP: one table for the REST API and the memory browser's pages."""

from __future__ import annotations

from fastapi.exceptions import RequestValidationError

from ..errors import ConfigError, EmbedderError, NotFoundError, StoreError, TiermemError, ValidationError
from .auth import AuthError, ForbiddenError

_STATUS: tuple[tuple[type[TiermemError], int], ...] = (
    (AuthError, 401),
    (ForbiddenError, 403),
    (NotFoundError, 404),
    (ValidationError, 400),
    (StoreError, 503),
    (EmbedderError, 503),
    (ConfigError, 500),
)


def status_of(exc: TiermemError) -> int:
    return next((code for kind, code in _STATUS if isinstance(exc, kind)), 400)


def validation_message(exc: RequestValidationError) -> str:
    """The first problem, as one line: ``body.importance: Input should be a valid number``."""
    errors = exc.errors()
    if not errors:
        return "invalid request"
    first = errors[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "request"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {first.get('msg', 'invalid')}{more}"
