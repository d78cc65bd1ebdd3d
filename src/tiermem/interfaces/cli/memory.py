"""Commands on single memories and lists of them: store, get, list, search, update, forget, reinstate, purge."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any, TypedDict

import typer
from rich.text import Text

from ...lifecycle.history import history_json
from ...write.provenance import stamp
from . import render
from .options import NowOpt, SeedAuthToken, SeedDbUrl, UsageError, agent_id, open_memory, wants_json, with_globals

if TYPE_CHECKING:
    from ...engine import Memory
    from ...model import MemoryRecord

app = typer.Typer()

IdArg = Annotated[str, typer.Argument(metavar="ID", help="A memory id (see `tiermem list`).", show_default=False)]
ReasonOpt = Annotated[str | None, typer.Option("--reason", metavar="TEXT", help="Why; kept in its history.")]
TypeOpt = Annotated[
    str | None, typer.Option("--type", "-t", metavar="TYPE", help="Memory type, e.g. user_preference, episodic.")
]
CategoryOpt = Annotated[
    str | None, typer.Option("--category", "-c", metavar="PATH", help="Category path, e.g. projects/tiermem.")
]
ImportanceOpt = Annotated[float | None, typer.Option("--importance", "-i", metavar="0..1", help="How much it matters.")]
TagsOpt = Annotated[str | None, typer.Option("--tags", metavar="A,B", help="Comma-separated tags, e.g. editor,theme.")]
MetadataOpt = Annotated[str | None, typer.Option("--metadata", metavar="JSON", help="A JSON object.")]
EventOpt = Annotated[str | None, typer.Option("--event-at", metavar="WHEN", help="When it happened (ISO-8601).")]
# Filters shared by list and search.
TypesFilter = Annotated[
    list[str] | None, typer.Option("--type", "-t", metavar="TYPE", help="Only these types (repeatable).")
]
CategoryFilter = Annotated[
    str | None, typer.Option("--category", "-c", metavar="PATH", help="Only this category and below.")
]
TagFilter = Annotated[
    list[str] | None,
    typer.Option("--tag", metavar="TAG", help="Only memories with this tag (repeatable: all of them)."),
]
TierFilter = Annotated[
    list[str] | None, typer.Option("--tier", metavar="TIER", help="Only hot, warm, cold or frozen (repeatable).")
]
SinceFilter = Annotated[str | None, typer.Option("--since", metavar="WHEN", help="Created at or after (ISO-8601).")]
UntilFilter = Annotated[str | None, typer.Option("--until", metavar="WHEN", help="Created before (ISO-8601).")]
ForgottenFilter = Annotated[bool, typer.Option("--include-forgotten", help="Include forgotten memories.")]


class Filters(TypedDict):
    """The list and search filters the options give, as ``Memory.list`` and ``Memory.search`` take them."""

    type: list[str] | None
    category: str | None
    tags: list[str] | None
    tier: list[str] | None
    since: str | None
    until: str | None
    include_forgotten: bool


def _filters(
    types: list[str] | None,
    category: str | None,
    tags: list[str] | None,
    tiers: list[str] | None,
    since: str | None,
    until: str | None,
    include_forgotten: bool,
) -> Filters:
    return {
        "type": types or None,
        "category": category,
        "tags": tags or None,
        "tier": tiers or None,
        "since": since,
        "until": until,
        "include_forgotten": include_forgotten,
    }


def _metadata(
    raw: str | None, urls: list[str] | None, commands: list[str] | None, paths: list[str] | None
) -> dict[str, Any] | None:
    """--metadata JSON plus the seed's --url/--command/--path, which add to its lists."""
    from ...model import check_json_object

    if raw is None and not (urls or commands or paths):
        return None
    metadata = check_json_object("metadata", raw)
    for key, extra in (("urls", urls), ("commands", commands), ("paths", paths)):
        if not extra:
            continue
        existing = metadata.get(key, [])
        if not isinstance(existing, list):
            raise UsageError(f"--metadata has a non-list {key!r}; --{key[:-1]} adds to a list")
        metadata[key] = [*existing, *(item for item in extra if item not in existing)]
    return metadata


def _text(positional: str | None, option: str | None) -> str:
    if positional is not None and option is not None:
        raise UsageError("give the text once: as an argument or with --text, not both")
    text = positional if positional is not None else option
    if text is None:
        raise UsageError("missing the text to store: tiermem store 'TEXT' (or --text TEXT, or - for stdin)")
    return sys.stdin.read() if text == "-" else text


@app.command()
@with_globals
def store(
    text_arg: Annotated[
        str | None, typer.Argument(metavar="TEXT", help="What to remember; - reads stdin.", show_default=False)
    ] = None,
    text: Annotated[str | None, typer.Option("--text", metavar="TEXT", help="The text (the seed's spelling).")] = None,
    type_: TypeOpt = None,
    category: CategoryOpt = None,
    importance: ImportanceOpt = None,
    tags: TagsOpt = None,
    metadata: MetadataOpt = None,
    source: Annotated[
        str | None, typer.Option("--source", metavar="NAME", help="Who or what wrote it (default: user).")
    ] = None,
    created_at: Annotated[str | None, typer.Option("--created-at", metavar="WHEN", help="ISO-8601.")] = None,
    event_at: EventOpt = None,
    session: Annotated[
        str | None,
        typer.Option("--session", metavar="ID", help="The conversation or thread it came from."),
    ] = None,
    url: Annotated[
        list[str] | None, typer.Option("--url", metavar="URL", help="A URL it mentions (repeatable).")
    ] = None,
    command: Annotated[
        list[str] | None, typer.Option("--command", metavar="CMD", help="A command it mentions (repeatable).")
    ] = None,
    path: Annotated[
        list[str] | None, typer.Option("--path", metavar="PATH", help="A file path it mentions (repeatable).")
    ] = None,
    no_dedup: Annotated[bool, typer.Option("--no-dedup", help="Store even if it duplicates a memory.")] = False,
    keep_secrets: Annotated[
        bool, typer.Option("--keep-secrets", help="Do not redact API keys, tokens and passwords in the text.")
    ] = False,
    db_url: SeedDbUrl = None,
    auth_token: SeedAuthToken = None,
    now: NowOpt = None,
) -> None:
    """Store a memory; a restatement reinforces the one it repeats, a changed value supersedes the old one.

    The result says which happened (new, restatement, update, contradiction, elaboration) and why; a
    superseded memory keeps its text and history."""
    from .cold import seed_archive  # lazy: cold.py imports the lifecycle commands

    body = _text(text_arg, text)
    with seed_archive(db_url, auth_token) as archive, open_memory("write") as memory:
        result = memory.store(
            body,
            agent_id=agent_id(),
            type=type_,
            category=category,
            importance=importance,
            tags=tags or (),
            metadata=_metadata(metadata, url, command, path),
            source=stamp(source, "cli", tool="tiermem store"),
            created_at=created_at,
            event_at=event_at,
            session=session,
            dedup=not no_dedup,
            redact_secrets=False if keep_secrets else None,
            now=now,
        )
        if archive is not None:
            archive.archive([result.memory])
    if wants_json():
        render.emit_json(result.to_dict())
        return
    out = render.console()
    if result.created:
        out.print(Text("stored ").append_text(render.record_header(result.memory)))
        if result.decision in ("update", "contradiction", "elaboration"):
            verb = "adds to" if result.decision == "elaboration" else "supersedes"
            out.print(Text(f"  {result.decision}: {verb} {result.related_to} — {result.why}", style="dim"))
    else:
        similarity = f", similarity {result.similarity:.2f}" if result.similarity is not None else ""
        out.print(f"duplicate of {result.id} ({result.reason}{similarity}): reinforced it instead of storing a copy")
    if result.redacted:
        kinds = ", ".join(f"{kind} x{count}" for kind, count in result.redacted.items())
        out.print(Text(f"  secrets taken out before storing: {kinds} (--keep-secrets keeps them)", style="dim"))


def _link_texts(memory: Memory, links: list[dict[str, Any]]) -> dict[str, str]:
    ids = [str(link["other_id"]) for link in links]
    return {mid: memory.get(mid, agent_id=agent_id()).text for mid in ids}


@app.command()
@with_globals
def get(memory_id: IdArg) -> None:
    """Show a memory with its links (both ways) and its history."""
    with open_memory() as memory:
        record = memory.get(memory_id, agent_id=agent_id())
        links = memory.links(record.id, agent_id=agent_id())
        history = memory.history(record.id, agent_id=agent_id())
        texts = _link_texts(memory, links)
    if wants_json():
        render.emit_json({"memory": record.to_dict(), "links": links, "history": [history_json(e) for e in history]})
        return
    out = render.console()
    render.show_record(out, record)
    out.print(Text("\nlinks", style="bold"))
    if links:
        render.print_links(out, links, texts)
    else:
        out.print("  none")
    out.print(Text("\nhistory", style="bold"))
    out.print(render.history_table(history))


@app.command("list")
@with_globals
def list_(
    type_: TypesFilter = None,
    category: CategoryFilter = None,
    tag: TagFilter = None,
    tier: TierFilter = None,
    since: SinceFilter = None,
    until: UntilFilter = None,
    limit: Annotated[int, typer.Option("--limit", "-n", metavar="N", help="At most this many.")] = 20,
    order: Annotated[
        str, typer.Option("--order", metavar="ORDER", help="newest, oldest, importance or accessed.")
    ] = "newest",
    include_forgotten: ForgottenFilter = False,
) -> None:
    """List memories, newest first."""
    with open_memory() as memory:
        records = memory.list(
            agent_id=agent_id(),
            limit=limit,
            order=order,
            **_filters(type_, category, tag, tier, since, until, include_forgotten),
        )
    if wants_json():
        render.emit_json({"agent_id": agent_id(), "count": len(records), "memories": [r.to_dict() for r in records]})
        return
    _print_list(records, limit, include_forgotten)


def _print_list(records: list[MemoryRecord], limit: int, include_forgotten: bool) -> None:
    out = render.console()
    if not records:
        out.print(f"no memories for agent {agent_id()!r} match; store one with `tiermem store TEXT`")
        return
    render.print_records(out, records, with_status=include_forgotten)
    more = f"; --limit {limit * 2} shows more" if len(records) == limit else ""
    out.print(Text(f"{len(records)} memories{more}", style="dim"))


@app.command()
@with_globals
def search(
    query: Annotated[
        str, typer.Argument(metavar="QUERY", help="What to look for, in plain words.", show_default=False)
    ],
    limit: Annotated[int, typer.Option("--limit", "-n", metavar="N", help="At most this many hits.")] = 10,
    now: Annotated[str | None, typer.Option("--now", metavar="WHEN", help="Score as if it were then.")] = None,
    type_: TypesFilter = None,
    category: CategoryFilter = None,
    tag: TagFilter = None,
    tier: TierFilter = None,
    since: SinceFilter = None,
    until: UntilFilter = None,
) -> None:
    """Search memories; each hit shows its score, recall tier and why it was found."""
    with open_memory() as memory:
        hits = memory.search(
            query,
            agent_id=agent_id(),
            limit=limit,
            now=now,
            **_filters(type_, category, tag, tier, since, until, include_forgotten=False),
        )
    if wants_json():
        render.emit_json({"query": query, "agent_id": agent_id(), "hits": [h.to_dict() for h in hits]})
        return
    out = render.console()
    if not hits:
        out.print(f"nothing found for {render.snippet(query, 80)!r}")
        return
    out.print(render.hits_table(hits))


@app.command()
@with_globals
def update(
    memory_id: IdArg,
    text: Annotated[
        str | None, typer.Option("--text", metavar="TEXT", help="New text (supersedes the memory).")
    ] = None,
    type_: TypeOpt = None,
    category: CategoryOpt = None,
    importance: ImportanceOpt = None,
    tags: TagsOpt = None,
    metadata: MetadataOpt = None,
    valence: Annotated[
        float | None, typer.Option("--valence", metavar="-1..1", help="How it felt, negative to positive.")
    ] = None,
    scope: Annotated[
        str | None, typer.Option("--scope", metavar="SCOPE", help="short_term, working or long_term.")
    ] = None,
    event_at: EventOpt = None,
    tier: Annotated[
        str | None,
        typer.Option(
            "--tier",
            metavar="TIER",
            help="hot, warm, cold or frozen: pins it there (consolidation leaves it); auto unpins.",
        ),
    ] = None,
) -> None:
    """Change a memory. New text or type supersedes it (the old version stays in its history)."""
    given = {
        "text": text,
        "type": type_,
        "category": category,
        "importance": importance,
        "tags": tags,
        "metadata": metadata,
        "valence": valence,
        "scope": scope,
        "event_at": event_at,
        "tier": tier,
    }
    changes: dict[str, Any] = {key: value for key, value in given.items() if value is not None}
    if not changes:
        raise UsageError("nothing to update: give at least one of --text --type --importance --tags ...")
    with open_memory("write") as memory:
        record = memory.update(memory_id, agent_id=agent_id(), **changes)
    superseded = record.id != memory_id.strip()
    if wants_json():
        render.emit_json({"memory": record.to_dict(), "superseded": memory_id.strip() if superseded else None})
        return
    out = render.console()
    verb = f"{memory_id.strip()} superseded by " if superseded else "updated "
    out.print(Text(verb).append_text(render.record_header(record)))


@app.command()
@with_globals
def forget(
    memory_id: IdArg,
    reason: ReasonOpt = None,
) -> None:
    """Forget a memory: it leaves search and lists but `tiermem get` still shows it."""
    with open_memory("write") as memory:
        record = memory.forget(memory_id, agent_id=agent_id(), reason=reason)
    if wants_json():
        render.emit_json({"memory": record.to_dict()})
        return
    render.console().print(f"forgot {record.id}; it no longer appears in search or list (`tiermem get` still shows it)")


@app.command()
@with_globals
def reinstate(
    memory_id: IdArg,
    reason: ReasonOpt = None,
) -> None:
    """Make a superseded memory current again, beside what replaced it (another fact taken for its new value)."""
    with open_memory("write") as memory:
        record = memory.reinstate(memory_id, agent_id=agent_id(), reason=reason)
    if wants_json():
        render.emit_json({"memory": record.to_dict()})
        return
    render.console().print(Text("reinstated ").append_text(render.record_header(record)))


@app.command()
@with_globals
def purge(
    memory_id: IdArg,
    yes: Annotated[bool, typer.Option("--yes", help="Confirm: delete for good, with no undo.")] = False,
) -> None:
    """Delete a memory for good: record, vector, links and history."""
    if not yes:
        raise UsageError(f"purge deletes {memory_id} for good; add --yes to confirm (or use `tiermem forget`)")
    with open_memory("write") as memory:
        memory.purge(memory_id, agent_id=agent_id())
    if wants_json():
        render.emit_json({"purged": memory_id.strip()})
        return
    render.console().print(f"purged {memory_id.strip()} for good")
