"""Bearer tokens for the REST and MCP servers: create, list, revoke."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Annotated

import typer
from rich.table import Table

from ...errors import ValidationError
from ...model import to_datetime
from ..auth import ROLES, create_token, list_tokens, revoke_token
from . import render
from .options import UsageError, current, wants_json, with_globals
from .serve import StoreOpt, open_store

app = typer.Typer(name="tokens", help="Bearer tokens for `tiermem serve` and `tiermem mcp --http`.")


@app.command()
@with_globals
def create(
    role: Annotated[str, typer.Option("--role", metavar="ROLE", help="read, write or admin.")] = "read",
    label: Annotated[str, typer.Option("--label", metavar="TEXT", help="What the token is for.")] = "",
    expires: Annotated[
        str | None,
        typer.Option("--expires", metavar="WHEN", help="When it stops working: 30d, 12h, 45m, or an ISO-8601 time."),
    ] = None,
    store: StoreOpt = None,
) -> None:
    """Make a token for the agents given with --agent-id (comma-separated, or '*' for all); shown once."""
    chosen = current().agent_id
    if not chosen:
        raise UsageError("give the token's agents: --agent-id ID (several: A,B; every agent: '*')")
    if role not in ROLES:
        raise UsageError(f"--role must be one of {', '.join(ROLES)}, not {role!r}")
    until = None if expires is None else _expiry(expires)
    with open_store(store) as memory:
        secret, token = create_token(memory, chosen.split(","), role, label, expires_at=until)
    if wants_json():
        render.emit_json({"token": secret, **token.public()})
        return
    out = render.console()
    out.print(secret)
    out.print(f"token {token.id}: role {token.role}, agents {', '.join(token.agents)} (shown once: keep it now)")


def _expiry(text: str) -> datetime:
    """``30d`` / ``12h`` / ``45m`` from now, or an ISO-8601 moment."""
    match = re.fullmatch(r"\s*(\d{1,6})\s*([dhm])\s*", text)
    if match:
        unit = {"d": "days", "h": "hours", "m": "minutes"}[match.group(2)]
        return datetime.now(UTC) + timedelta(**{unit: int(match.group(1))})
    try:
        moment = to_datetime("--expires", text)
    except ValidationError:
        moment = None
    if moment is None:
        raise UsageError(f"--expires takes 30d, 12h, 45m or an ISO-8601 time, not {text!r}")
    return moment


@app.command("list")
@with_globals
def list_(store: StoreOpt = None) -> None:
    """Every token: id, agents, role, label, when made, whether revoked (never the secret)."""
    with open_store(store, create=False) as memory:
        found = list_tokens(memory)
    if wants_json():
        render.emit_json({"tokens": [t.public() for t in found]})
        return
    if not found:
        render.console().print("no tokens yet; make one with `tiermem tokens create --agent-id ID --role write`")
        return
    table = Table("id", "role", "agents", "label", "created", "expires", "revoked")
    for t in found:
        table.add_row(
            t.id,
            t.role,
            ", ".join(t.agents),
            render.safe(t.label),
            t.created_at[:19],
            (t.expires_at or "never")[:19],
            (t.revoked_at or "")[:19],
        )
    render.console().print(table)


@app.command()
@with_globals
def revoke(
    token_id: Annotated[str, typer.Argument(metavar="ID", help="The token's id (see `tiermem tokens list`).")],
    store: StoreOpt = None,
) -> None:
    """Revoke a token: every server sharing the store refuses it from the next request on."""
    with open_store(store) as memory:
        token = revoke_token(memory, token_id)
    if wants_json():
        render.emit_json(token.public())
        return
    render.console().print(f"token {token.id} revoked at {token.revoked_at}")
