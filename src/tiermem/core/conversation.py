"""Conversations as input: chat messages (``{"role", "content"}``, as the chat APIs write them) turned into
store items of one session, speaker names kept."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import ValidationError
from ..write.decisions import MESSAGE
from .items import check_session


def items(
    messages: Iterable[Mapping[str, Any]], *, session: str, at: object = None, roles: Iterable[str]
) -> list[dict[str, Any]]:
    """One store item per message of ``roles``: the text ``name: content`` when the message names its
    speaker (two people chatting), else the content; ``source`` says the role, the speaker and the message's
    place in ``messages`` (``turn``: what tells a conversation imported again from the same words said twice),
    ``session`` the conversation. A message's own ``at`` (ISO-8601, epoch, datetime) wins over ``at``."""
    wanted = set(roles)
    session = check_session(session)
    out: list[dict[str, Any]] = []
    for position, message in enumerate(messages):
        role, content, name = _parts(message, position)
        if role not in wanted or not content.strip():  # a blank message says nothing to remember
            continue
        when = message.get("at", at)
        source: dict[str, Any] = {"type": MESSAGE, "role": role, "turn": position}
        if name:
            source["speaker"] = name
        out.append(
            {
                "text": f"{name}: {content}" if name else content,
                "session": session,
                "source": source,
                "created_at": when,
                "event_at": when,
            }
        )
    return out


def _parts(message: object, position: int) -> tuple[str, str, str | None]:
    if not isinstance(message, Mapping):
        raise ValidationError(f"message {position} must be a dict with 'role' and 'content'")
    role, content, name = message.get("role"), message.get("content"), message.get("name")
    if not isinstance(role, str) or not role.strip():
        raise ValidationError(f"message {position} needs a 'role' (user, assistant, or a speaker's role)")
    if not isinstance(content, str):
        raise ValidationError(f"message {position} needs a text 'content'")
    if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > 100):
        raise ValidationError(f"message {position}: 'name' must be a speaker's name of at most 100 characters")
    unknown = set(message) - {"role", "content", "name", "at"}
    if unknown:
        raise ValidationError(f"message {position}: unknown key(s) {', '.join(sorted(unknown))}")
    return role.strip(), content, None if name is None else name.strip()
