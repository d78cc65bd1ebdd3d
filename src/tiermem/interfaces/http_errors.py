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
    # A body that is not JSON, then a field we do not know (a typo: "txt"), say more than "text: Field required".
    errors = sorted(exc.errors(), key=lambda e: {"json_invalid": 0, "extra_forbidden": 1}.get(e.get("type", ""), 2))
    if not errors:
        return "invalid request"
    first = errors[0]
    loc = [str(p) for p in first.get("loc", ()) if p != "body"]
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    if first.get("type") == "json_invalid":
        reason = (first.get("ctx") or {}).get("error", "JSON decode error")
        return f"request body is not valid JSON: {reason} at position {loc[-1] if loc else 0}"
    if first.get("type") == "extra_forbidden":
        return f"unknown field {'.'.join(loc)!r}: not one this endpoint takes (check its spelling){more}"
    return f"{'.'.join(loc) or 'request'}: {first.get('msg', 'invalid')}{more}"
