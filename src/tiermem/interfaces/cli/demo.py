"""`tiermem demo`: store a sample conversation shipped with the package, then search it and explain the hits."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from importlib import resources
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from . import demo_session, render
from .options import current, open_memory, store_path, wants_json, with_globals

if TYPE_CHECKING:
    from ...model import Hit, StoreResult

app = typer.Typer()
DEMO_AGENT = "demo"
_ITEM_KEYS = ("type", "category", "tags", "importance")


def load_conversation() -> dict[str, Any]:
    raw = resources.files("tiermem").joinpath("data", "demo_conversation.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(raw)
    return data


def _items(conversation: dict[str, Any]) -> list[dict[str, Any]]:
    """One memory per turn; the source says which dialogue, turn and speaker it came from."""
    return [
        {
            "text": turn["text"],
            "created_at": turn["at"],
            **{k: turn[k] for k in _ITEM_KEYS if k in turn},
            "source": {"type": "demo", "dialogue": conversation["dialogue_id"], "turn": number, "role": turn["role"]},
        }
        for number, turn in enumerate(conversation["turns"], 1)
    ]


def _search_time(conversation: dict[str, Any]) -> str:
    # Search "the day after the conversation" so the demo's recency scores do not drift as years pass.
    last = max(datetime.fromisoformat(t["at"].replace("Z", "+00:00")) for t in conversation["turns"])
    return (last + timedelta(days=1)).isoformat()


@app.command()
@with_globals
def demo(
    limit: Annotated[int, typer.Option("--limit", "-n", metavar="N", help="Hits shown per search.")] = 3,
) -> None:
    """Store a sample conversation (idempotent: dedup recognises it) and show searches with their explanations."""
    conversation = load_conversation()
    chosen = current().agent_id
    agent = DEMO_AGENT if chosen is None else chosen
    with open_memory("write") as memory:
        results = memory.store_many(_items(conversation), agent_id=agent)
        now = _search_time(conversation)
        searches = [(q, memory.search(q, agent_id=agent, limit=limit, now=now)) for q in conversation["searches"]]
        sessions = demo_session.run(memory, agent, datetime.fromisoformat(now) + timedelta(hours=9))
    if wants_json():
        render.emit_json(
            {
                "agent_id": agent,
                "store": str(store_path()),
                "turns": len(results),
                "created": sum(r.created for r in results),
                "reinforced": sum(not r.created for r in results),
                "searches": [{"query": q, "hits": [h.to_dict() for h in hits]} for q, hits in searches],
                "session": sessions,
            }
        )
        return
    out = render.console()
    _intro(out, conversation, agent, results)
    for query, hits in searches:
        _show_search(out, query, hits)
    demo_session.show(out, sessions)
    _outro(out, agent)


def _intro(out: Console, conversation: dict[str, Any], agent: str, results: list[StoreResult]) -> None:
    created = sum(r.created for r in results)
    out.print(Text("tiermem demo", style="bold"), Text(f"· {conversation['title']}", style="dim"))
    out.print(f"Stored {len(results)} turns under agent {agent!r} in {store_path()}:")
    if created == len(results):
        out.print(f"  {created} new memories.")
    else:
        out.print(
            f"  {created} new, {len(results) - created} already known: dedup matched them and reinforced the "
            "existing memories instead of storing copies, so running the demo again never duplicates anything."
        )


def _show_search(out: Console, query: str, hits: list[Hit]) -> None:
    out.print()
    out.print(Rule(Text(f"search: {query}", style="bold cyan"), align="left"))
    if hits:
        out.print(render.hits_table(hits))
    else:
        out.print("  nothing found")


def _outro(out: Console, agent: str) -> None:
    prefix = f"tiermem --agent-id {agent}"
    out.print()
    out.print(Text("Explore it yourself:", style="bold"))
    for example in (
        "list --category projects/harbor",
        'search "what did we decide about reminder emails?"',
        "get <ID>",
        "stats",
    ):
        out.print(f"  {prefix} {example}")
