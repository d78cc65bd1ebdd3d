"""Bearer tokens for the REST and MCP servers: each scoped to a set of agent ids and a role.

A token reads ``tmk_<id>_<secret>``. Only a SHA-256 of the secret is stored (in the store itself, so every
server process sharing a database shares the tokens); the secret is shown once, when the token is made.
Secrets are 256 random bits, so a fast hash is enough: there is nothing to brute-force.

Roles nest: ``read`` (get, list, search, context...), ``write`` (also store, update, forget, link...),
``admin`` (also purge and import). The agent set may be ``*``: every agent, present and future. A token may
expire (``expires_at``): from then on it is refused like a revoked one.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from typing_extensions import TypedDict  # the one pydantic reads on Python 3.11 (REST's whoami)

from ..errors import TiermemError, ValidationError
from ..model import check_agent_id

if TYPE_CHECKING:
    from ..engine import Memory

ROLES = ("read", "write", "admin")
ANY_AGENT = "*"
_TOKEN_RE = re.compile(r"^tmk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})\Z")


class AuthError(TiermemError):
    """No token, or one that is unknown, malformed or revoked (HTTP 401)."""


class ForbiddenError(TiermemError):
    """A valid token that does not cover this agent or needs a higher role (HTTP 403)."""


class TokenInfo(TypedDict):
    """A token as listings show it: everything but its hash."""

    id: str
    agents: list[str]
    role: str
    label: str
    created_at: str
    revoked_at: str | None
    expires_at: str | None


@dataclass(frozen=True, slots=True)
class Token:
    """A stored token: everything but the secret."""

    id: str
    agents: tuple[str, ...]
    role: str
    label: str
    created_at: str
    secret_hash: str
    revoked_at: str | None = None
    expires_at: str | None = None

    def covers(self, agent_id: str) -> bool:
        return ANY_AGENT in self.agents or agent_id in self.agents

    def allows(self, role: str) -> bool:
        return ROLES.index(self.role) >= ROLES.index(role)

    def public(self) -> TokenInfo:
        return TokenInfo(
            id=self.id,
            agents=list(self.agents),
            role=self.role,
            label=self.label,
            created_at=self.created_at,
            revoked_at=self.revoked_at,
            expires_at=self.expires_at,
        )


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: a token, or the loopback developer of ``--insecure-local`` (``token`` None)."""

    token: Token | None

    def check(self, agent_id: str, role: str) -> str:
        """The agent id, validated, if this caller may act on it with this role; else an error."""
        agent_id = check_agent_id(agent_id)
        if self.token is None:
            return agent_id
        if not self.token.covers(agent_id):
            raise ForbiddenError(f"token {self.token.id} is not scoped to agent {agent_id!r}")
        if not self.token.allows(role):
            raise ForbiddenError(f"token {self.token.id} has role {self.token.role!r}; this needs {role!r}")
        return agent_id

    def visible(self, agents: Iterable[str]) -> list[str]:
        return [a for a in agents if self.token is None or self.token.covers(a)]


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def _check_agents(agents: Iterable[str]) -> tuple[str, ...]:
    chosen = tuple(dict.fromkeys(a.strip() for a in agents if a.strip()))
    if not chosen:
        raise ValidationError("a token needs at least one agent id (or '*' for every agent)")
    return tuple(a if a == ANY_AGENT else check_agent_id(a) for a in chosen)


def create_token(
    memory: Memory, agents: Iterable[str], role: str, label: str = "", *, expires_at: datetime | None = None
) -> tuple[str, Token]:
    """Make and store a token; returns the secret token string (shown once) and its record."""
    if role not in ROLES:
        raise ValidationError(f"role must be one of {', '.join(ROLES)}; got {role!r}")
    if len(label) > 200 or "\x00" in label:
        raise ValidationError("label must be at most 200 characters, without NUL bytes")
    now = datetime.now(UTC)
    if expires_at is not None and expires_at <= now:
        raise ValidationError(f"the token would expire at {expires_at.isoformat()}, which has passed")
    token_id, secret = secrets.token_hex(6), secrets.token_urlsafe(32)
    record = Token(
        token_id,
        _check_agents(agents),
        role,
        label,
        now.isoformat(),
        _hash(secret),
        expires_at=None if expires_at is None else expires_at.isoformat(),
    )
    memory.admin.put_token(token_id, json.dumps(asdict(record)))
    return f"tmk_{token_id}_{secret}", record


def list_tokens(memory: Memory) -> list[Token]:
    return sorted((_load(raw) for raw in memory.admin.token_records().values()), key=lambda t: t.created_at)


def revoke_token(memory: Memory, token_id: str) -> Token:
    found = _find(memory, token_id)
    if found is None:
        raise ValidationError(f"no token {token_id!r}; `tiermem tokens list` shows the ids")
    revoked = Token(**{**asdict(found), "agents": found.agents, "revoked_at": datetime.now(UTC).isoformat()})
    if found.revoked_at is None:
        memory.admin.put_token(token_id, json.dumps(asdict(revoked)))
        return revoked
    return found


def authenticate(memory: Memory, header: str | None) -> Principal:
    """The principal behind an ``Authorization: Bearer tmk_...`` header value."""
    if not header:
        raise AuthError(
            "missing bearer token: send 'Authorization: Bearer tmk_...' (make one with `tiermem tokens create`)"
        )
    scheme, _, value = header.strip().partition(" ")
    match = _TOKEN_RE.match(value.strip()) if scheme.lower() == "bearer" else None
    if match is None:
        raise AuthError("malformed token: expected 'Authorization: Bearer tmk_<id>_<secret>'")
    found = _find(memory, match.group(1))
    if found is None or not hmac.compare_digest(found.secret_hash, _hash(match.group(2))):
        raise AuthError("unknown token: it was never issued by this store, or it was mistyped")
    return _usable(found)


def principal_of(memory: Memory, token_id: str) -> Principal:
    """The principal of a token known by its id (a signed-in browser's), checked as a bearer token is."""
    found = _find(memory, token_id)
    if found is None:
        raise AuthError("this sign-in names a token the store does not know; sign in again")
    return _usable(found)


def _usable(found: Token) -> Principal:
    if found.revoked_at is not None:
        raise AuthError(f"token {found.id} was revoked at {found.revoked_at}")
    if found.expires_at is not None and datetime.fromisoformat(found.expires_at) <= datetime.now(UTC):
        raise AuthError(f"token {found.id} expired at {found.expires_at}; make a new one with `tiermem tokens create`")
    return Principal(found)


def _find(memory: Memory, token_id: str) -> Token | None:
    raw = memory.admin.token_record(token_id)
    return None if raw is None else _load(raw)


def _load(raw: str) -> Token:
    data = json.loads(raw)
    data["agents"] = tuple(data["agents"])
    return Token(**data)  # records made before expiry existed have no expires_at: they never expire


def start_session(memory: Memory, token_id: str, hours: float) -> str:
    """A browser session for a signed-in token: a random id for the cookie; the store keeps only its hash."""
    session = secrets.token_urlsafe(32)
    until = datetime.now(UTC).timestamp() + hours * 3600
    memory.admin.put_session(_hash(session), json.dumps({"token": token_id, "until": until}))
    return session


def session_principal(memory: Memory, session: str) -> Principal:
    """Who a browser session belongs to: its token, checked again (revoked, expired) on every request."""
    raw = memory.admin.session_record(_hash(session)) if session.isascii() and len(session) < 100 else None
    record = json.loads(raw) if raw else None
    if not record or record.get("ended") or record["until"] <= datetime.now(UTC).timestamp():
        raise AuthError("you are signed out (the session ended or expired); sign in again")
    return principal_of(memory, str(record["token"]))


def end_session(memory: Memory, session: str) -> None:
    key = _hash(session) if session.isascii() else ""
    if key and memory.admin.session_record(key) is not None:
        memory.admin.put_session(key, json.dumps({"ended": True, "until": 0}))
