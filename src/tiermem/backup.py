"""Backup: a store as JSON Lines, and back.

The file is one JSON object per line:

- ``header``: format name and version, when, the embedder identity (name, dims) and whether vectors are in;
- ``memory``: every field of a record (``MemoryRecord.to_dict()``), plus ``embedding`` (base64 of the
  little-endian float32 vector) when exported with embeddings and the memory has one;
- ``link``: a typed edge; ``history``: one entry of a memory's history; ``doc``: a lifecycle document
  (hot state, tree index, counters, daily-note ledger), imported only where the store has none yet;
  ``pin``: a tier set by hand (``update --tier``), imported unless the memory is already pinned;
- ``end``: how many lines of each kind came before it. A file without it was cut short.

For each agent the memories come first, then their links and history, so an import meets every memory
before anything that refers to it. Export streams: it never holds more than a page of the store.

Import reads line by line, validates each (errors name the line), and writes everything in one
transaction: a bad line anywhere, a truncated file or a conflict leaves the store exactly as it was.
Importing the same file twice adds nothing the second time. A memory id already in the store with the
same agent and text is the same memory (the store's copy, which may have been used since, is kept); with
another agent or text it is a conflict: ``on_conflict="error"`` (the default) aborts, ``"skip"`` keeps
the store's version and goes on. Vectors in the file are used when their embedder is the store's;
otherwise, or when absent, memories are embedded again. Secrets are redacted as on any other write.
On PostgreSQL a large import is a bulk load (the HNSW index built once after it): see :mod:`tiermem.bulk_import`.

Not exported: LLM jobs and search keys (derived by the LLM queue; imported memories are not queued), tier
transitions (a pin and each memory's tier are), and the servers' tokens (secrets stay in their store).
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from itertools import chain, groupby
from typing import Any, TypedDict

import numpy as np

from .bulk_import import Numbered, numbered, read_ahead
from .errors import ValidationError
from .lifecycle.history import history_dict
from .model import (
    RELATIONS,
    SCOPES,
    STATUSES,
    TIERS,
    Link,
    MemoryRecord,
    TypeRegistry,
    check_agent_id,
    check_category,
    check_choice,
    check_json_object,
    check_tags,
    check_text,
    check_unit,
    load_json,
    to_datetime,
)
from .storage.base import HistoryEntry, StoreBackend
from .storage.lifecycle import COUNTERS_DOC, DAILY_DOC, HOT_DOC, TREE_DOC
from .text import content_hash
from .write.secrets import redact_item

Store = StoreBackend

FORMAT = "tiermem-export"
VERSION = 1
KINDS = ("memory", "link", "history", "doc", "pin")
# The lifecycle's per-agent documents: hot state, tree index, counters and the daily-note ledger.
DOC_KEYS = (HOT_DOC, TREE_DOC, COUNTERS_DOC, DAILY_DOC)
CONFLICT_POLICIES = ("error", "skip")
MAX_LINE_BYTES = 8 * 1024 * 1024
_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}\Z")
_ACTION_RE = re.compile(r"^[a-z_]{1,32}\Z")


def encode_vector(vector: np.ndarray) -> str:
    return base64.b64encode(np.asarray(vector, dtype="<f4").tobytes()).decode("ascii")


def decode_vector(text: object, dims: int) -> np.ndarray:
    if not isinstance(text, str):
        raise ValidationError("embedding must be a base64 string of little-endian float32 values")
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        raise ValidationError("embedding is not valid base64") from None
    if len(raw) != 4 * dims:
        raise ValidationError(f"embedding has {len(raw) // 4} dimensions; the header says {dims}")
    vector = np.frombuffer(raw, dtype="<f4").astype(np.float32)
    if not np.isfinite(vector).all():
        raise ValidationError("embedding holds NaN or infinite values")
    return vector


# --- export ----------------------------------------------------------------------------------------------


# Characters str.splitlines() (and some editors) take for line ends; JSON leaves them raw inside strings.
_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def _line(kind: str, body: Mapping[str, Any]) -> str:
    return json.dumps({"kind": kind, **body}, ensure_ascii=False, allow_nan=False).translate(_LINE_BREAKS) + "\n"


def header(agents: list[str], embedder: tuple[str, int], embeddings: bool, now: datetime) -> str:
    identity = {"name": embedder[0], "dims": embedder[1]}
    body = {"format": FORMAT, "version": VERSION, "exported_at": now.isoformat(), "agents": agents}
    return _line("header", {**body, "embedder": identity, "embeddings": embeddings})


def agent_lines(backend: Store, agent_id: str, embeddings: bool, counts: dict[str, int]) -> Iterator[str]:
    """One agent's memories, then links, history and lifecycle documents, a page of the store at a time."""
    page: list[MemoryRecord] = []
    for record in backend.iter_all(agent_id):
        page.append(record)
        if len(page) == 500:
            yield from _memory_lines(backend, agent_id, page, embeddings, counts)
            page = []
    yield from _memory_lines(backend, agent_id, page, embeddings, counts)
    for link in backend.iter_links(agent_id):
        counts["link"] += 1
        yield _line("link", link_dict(agent_id, link))
    for entry in backend.iter_history(agent_id):
        counts["history"] += 1
        yield _line("history", history_dict(agent_id, entry))
    for key in DOC_KEYS:
        value = backend.doc_get(agent_id, key)
        if value is not None:
            counts["doc"] += 1
            yield _line("doc", {"agent_id": agent_id, "key": key, "value": value})
    for memory_id, pin in backend.pins(agent_id).items():
        counts["pin"] += 1
        yield _line("pin", {"agent_id": agent_id, "memory_id": memory_id, **pin.to_dict()})


def _memory_lines(
    backend: Store, agent_id: str, page: list[MemoryRecord], embeddings: bool, counts: dict[str, int]
) -> Iterator[str]:
    vectors = backend.vectors_for(agent_id, [r.id for r in page]) if embeddings and page else {}
    for record in page:
        counts["memory"] += 1
        body = record.to_dict()
        if record.id in vectors:
            body["embedding"] = encode_vector(vectors[record.id])
        yield _line("memory", body)


class LinkLine(TypedDict):
    agent_id: str
    source_id: str
    target_id: str
    relation: str
    created_at: str  # ISO-8601


def link_dict(agent_id: str, link: Link) -> LinkLine:
    return {
        "agent_id": agent_id,
        "source_id": link.source_id,
        "target_id": link.target_id,
        "relation": link.relation,
        "created_at": link.created_at.isoformat(),
    }


def end(counts: Mapping[str, int]) -> str:
    return _line("end", {"counts": dict(counts)})


# --- parsing and validation --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Header:
    embedder: tuple[str, int]
    agents: tuple[str, ...]


def parse_line(raw: str | bytes, number: int) -> dict[str, Any]:
    """One line as a JSON object with a known ``kind``."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_LINE_BYTES:
            raise ValidationError(f"line {number} is over {MAX_LINE_BYTES} bytes")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValidationError(f"line {number} is not valid UTF-8 (byte {exc.start})") from None
    try:
        data = load_json(raw)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"line {number} is not valid JSON ({exc.msg}, column {exc.colno})") from None
    if not isinstance(data, dict):
        raise ValidationError(f"line {number} must be a JSON object, got {type(data).__name__}")
    if data.get("kind") not in ("header", "end", *KINDS):
        expected = ", ".join(("header", *KINDS, "end"))
        raise ValidationError(f"line {number} has unknown kind {data.get('kind')!r}; expected one of {expected}")
    return data


def parse_header(data: Mapping[str, Any]) -> Header:
    if data.get("kind") != "header" or data.get("format") != FORMAT:
        raise ValidationError(f"line 1 is not a {FORMAT} header: is this a `tiermem export` file?")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValidationError(f"line 1: version must be a whole number, got {version!r}")
    if version > VERSION:
        raise ValidationError(f"the file is format version {version}; this tiermem reads up to {VERSION}: upgrade it")
    embedder = data.get("embedder")
    if not isinstance(embedder, dict) or not isinstance(embedder.get("name"), str):
        raise ValidationError("line 1: embedder must be an object with a name and dims")
    dims = embedder.get("dims")
    if not isinstance(dims, int) or isinstance(dims, bool) or not 0 < dims <= 16384:
        raise ValidationError(f"line 1: embedder dims must be a whole number from 1 to 16384, got {dims!r}")
    agents = data.get("agents", [])
    if not isinstance(agents, list):
        raise ValidationError("line 1: agents must be a list of agent ids")
    return Header((embedder["name"], dims), tuple(check_agent_id(a) for a in agents))


def _id(name: str, value: object) -> str:
    if not isinstance(value, str) or not _ID_RE.match(value):
        raise ValidationError(f"{name} must be 1-64 characters from A-Z a-z 0-9 _ -, got {value!r}")
    return value


def _when(name: str, value: object, required: bool = False) -> datetime | None:
    if value is None and required:
        raise ValidationError(f"{name} is missing")
    return to_datetime(name, value)


def _count(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValidationError(f"{name} must be a whole number >= 0, got {value!r}")
    return value


_RECORD_KEYS = frozenset(MemoryRecord.__slots__) | {"kind", "embedding"}


def parse_memory(data: Mapping[str, Any], registry: TypeRegistry, max_text_bytes: int) -> MemoryRecord:
    """A record from its exported form, every field checked as the write path checks it."""
    missing = [name for name in MemoryRecord.__slots__ if name not in data]
    if missing:
        raise ValidationError(f"memory is missing field(s) {', '.join(missing)}")
    unknown = set(data) - _RECORD_KEYS
    if unknown:
        raise ValidationError(f"memory has unknown field(s) {', '.join(sorted(unknown))}")
    created, updated = _when("created_at", data["created_at"], True), _when("updated_at", data["updated_at"], True)
    assert created is not None and updated is not None
    hashed = data["content_hash"]
    if not isinstance(hashed, str) or not re.fullmatch(r"[0-9a-f]{8,64}", hashed):
        raise ValidationError(f"content_hash must be 8-64 lower-case hex digits, got {hashed!r}")
    superseded_by = data["superseded_by"]
    return MemoryRecord(
        id=_id("id", data["id"]),
        agent_id=check_agent_id(data["agent_id"]),
        text=check_text(data["text"], max_text_bytes),
        type=registry.resolve(data["type"]).name,
        category=check_category(data["category"]),
        tags=check_tags(data["tags"]),
        importance=check_unit("importance", data["importance"]),
        salience=check_unit("salience", data["salience"]),
        confidence=check_unit("confidence", data["confidence"]),
        valence=check_unit("valence", data["valence"], -1.0, 1.0),
        scope=check_choice("scope", data["scope"], SCOPES),
        tier=check_choice("tier", data["tier"], TIERS),
        created_at=created,
        updated_at=updated,
        event_at=_when("event_at", data["event_at"]),
        last_accessed_at=_when("last_accessed_at", data["last_accessed_at"]),
        access_count=_count("access_count", data["access_count"]),
        source=check_json_object("source", data["source"]),
        metadata=check_json_object("metadata", data["metadata"]),
        content_hash=hashed,
        status=check_choice("status", data["status"], STATUSES),
        valid_to=_when("valid_to", data["valid_to"]),
        superseded_by=None if superseded_by is None else _id("superseded_by", superseded_by),
    )


def parse_link(data: Mapping[str, Any]) -> tuple[str, Link]:
    created = _when("created_at", data.get("created_at"), True)
    assert created is not None
    link = Link(
        _id("source_id", data.get("source_id")),
        _id("target_id", data.get("target_id")),
        check_choice("relation", data.get("relation"), RELATIONS),
        created,
    )
    return check_agent_id(data.get("agent_id")), link


def parse_history(data: Mapping[str, Any]) -> tuple[str, HistoryEntry]:
    at = _when("at", data.get("at"), True)
    assert at is not None
    action = data.get("action")
    if not isinstance(action, str) or not _ACTION_RE.match(action):
        raise ValidationError(f"action must be a lower-case word, got {action!r}")
    detail = check_json_object("detail", data.get("detail"))
    entry = HistoryEntry(_id("memory_id", data.get("memory_id")), at, action, detail)
    return check_agent_id(data.get("agent_id")), entry


def parse_pin(data: Mapping[str, Any]) -> tuple[str, str, str, datetime]:
    """(agent id, memory id, tier, when) of a pin line."""
    when = _when("at", data.get("at"), required=True)
    assert when is not None
    return (
        check_agent_id(data.get("agent_id")),
        _id("memory_id", data.get("memory_id")),
        check_choice("tier", data.get("tier"), TIERS),
        when,
    )


def parse_doc(data: Mapping[str, Any]) -> tuple[str, str, dict[str, Any]]:
    key, value = data.get("key"), data.get("value")
    if key not in DOC_KEYS:
        raise ValidationError(f"doc key must be one of {', '.join(DOC_KEYS)}, got {key!r}")
    if not isinstance(value, dict):
        raise ValidationError(f"doc {key} must hold a JSON object")
    return check_agent_id(data.get("agent_id")), str(key), value


def redacted(record: MemoryRecord) -> MemoryRecord:
    """The record with its secrets redacted (its hash follows its text); the same record if it had none."""
    text, source, metadata = redact_item(record.text, record.source, record.metadata)
    if (text, source, metadata) == (record.text, record.source, record.metadata):
        return record
    return replace(record, text=text, source=source, metadata=metadata, content_hash=content_hash(text))


# --- the import report and the line reader ------------------------------------------------------------------


@dataclass
class ImportReport:
    """What an import did, by kind."""

    memories_added: int = 0
    memories_present: int = 0  # same id, agent and text already in the store: kept as they are
    conflicts_skipped: int = 0
    other_agents_skipped: int = 0
    links_added: int = 0
    history_added: int = 0
    docs_added: int = 0  # hot state, tree...: only where the store has none yet (its own is newer)
    pins_added: int = 0  # only for memories the store has not pinned already
    pins_refused: int = 0  # an import with imposed provenance (over the network) takes no pins from the file
    vectors_from_file: int = 0
    embedded: int = 0
    redacted: int = 0
    agents: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


def at_line(number: int, exc: ValidationError) -> ValidationError:
    """The error, naming its line (once), as a ValidationError the interfaces report as bad input."""
    message = str(exc)
    if not message.startswith("line "):
        message = f"line {number}: {message}"
    return ValidationError(f"{message}; nothing was imported")


def now() -> datetime:
    return datetime.now(UTC)


class Importer:
    """Reads an export into a store in one transaction (see the module docstring for the rules)."""

    BATCH = 500

    def __init__(
        self,
        backend: Store,
        embed: Callable[[list[str]], np.ndarray],
        registry: TypeRegistry,
        store_embedder: tuple[str, int],
        *,
        max_text_bytes: int,
        redact: bool,
        only_agent: str | None = None,
        on_conflict: str = "error",
        provenance: Mapping[str, Any] | None = None,
    ) -> None:
        self._backend, self._embed, self._registry = backend, embed, registry
        self._provenance = None if provenance is None else dict(provenance)
        self._store_embedder, self._max_text_bytes, self._redact = store_embedder, max_text_bytes, redact
        self._only = None if only_agent is None else check_agent_id(only_agent)
        self._on_conflict = check_choice("on_conflict", on_conflict, CONFLICT_POLICIES)
        self.report = ImportReport()
        self._header: Header | None = None
        self._ended = False
        self._seen: dict[str, int] = {}  # memory id -> the line it was on
        self._counts = dict.fromkeys(KINDS, 0)
        self._added: set[str] = set()
        self._memories: list[tuple[int, MemoryRecord, np.ndarray | None]] = []
        self._links: list[tuple[int, str, Link]] = []
        self._history: list[tuple[str, HistoryEntry]] = []

    def run(self, lines: Iterable[str | bytes]) -> ImportReport:
        source = numbered(lines)
        ahead, load = read_ahead(self._backend, source, self._new_id)
        with load, self._backend.write():
            number = 0
            for number, raw in chain(ahead, source):
                try:
                    self._take(number, parse_line(raw, number))
                except ValidationError as exc:  # bad input; a store error stays one (the transaction rolls back)
                    raise at_line(number, exc) from None
            if self._header is None:
                raise ValidationError("the file is empty: no header line; nothing was imported")
            if not self._ended:
                raise ValidationError(
                    f"the file ends at line {number} without its end line: it was cut short; nothing was imported"
                )
        self.report.agents = sorted(set(self.report.agents))
        return self.report

    def _new_id(self, line: Numbered) -> str | None:
        """The id of a memory line of an agent this import takes (for :func:`~tiermem.bulk_import.read_ahead`)."""
        data = parse_line(line[1], line[0])
        memory_id = data.get("id") if data["kind"] == "memory" and self._mine(data.get("agent_id")) else None
        return memory_id if isinstance(memory_id, str) else None

    def _take(self, number: int, data: dict[str, Any]) -> None:
        kind = data["kind"]
        if self._header is None:
            self._header = parse_header(data)
            return
        if self._ended:
            raise ValidationError("there are lines after the end line")
        if kind == "header":
            raise ValidationError("a second header: were two exports concatenated? import them one at a time")
        if kind == "end":
            self._finish(data)
        elif kind == "memory":
            self._counts["memory"] += 1
            self._memory(number, data)
        elif kind == "link":
            self._counts["link"] += 1
            self._flush_memories()
            agent_id, link = parse_link(data)
            if self._mine(agent_id):
                self._links.append((number, agent_id, link))
                if len(self._links) >= self.BATCH:
                    self._flush_links()
        elif kind == "doc":
            self._counts["doc"] += 1
            self._doc(*parse_doc(data))
        elif kind == "pin":
            self._counts["pin"] += 1
            self._flush_memories()
            self._pin(number, *parse_pin(data))
        else:
            self._counts["history"] += 1
            self._flush_memories()
            agent_id, entry = parse_history(data)
            if self._mine(agent_id) and entry.memory_id in self._added:  # a re-import adds no history twice
                self._history.append((agent_id, entry))
                if len(self._history) >= self.BATCH:
                    self._flush_history()

    def _doc(self, agent_id: str, key: str, value: dict[str, Any]) -> None:
        if self._mine(agent_id) and self._backend.doc_get(agent_id, key) is None:
            self._backend.doc_set(agent_id, key, value, now())
            self.report.docs_added += 1

    def _pin(self, number: int, agent_id: str, memory_id: str, tier: str, at: datetime) -> None:
        if not self._mine(agent_id) or memory_id in self._backend.pins(agent_id):
            return
        if self._provenance is not None:
            self.report.pins_refused += 1
            return
        if self._backend.get(agent_id, memory_id) is None:
            raise ValidationError(
                f"line {number}: the pin of {memory_id} names a memory that is neither in the file nor in the "
                f"store for agent {agent_id!r}"
            )
        self._backend.set_pin(agent_id, memory_id, tier, at)
        self.report.pins_added += 1

    def _mine(self, agent_id: object) -> bool:
        return self._only is None or agent_id == self._only

    def _memory(self, number: int, data: dict[str, Any]) -> None:
        record = parse_memory(data, self._registry, self._max_text_bytes)
        first = self._seen.setdefault(record.id, number)
        if first != number:
            raise ValidationError(f"memory {record.id} appears twice (first on line {first})")
        if not self._mine(record.agent_id):
            self.report.other_agents_skipped += 1
            return
        if self._provenance is not None:
            record = self._imposed(record)
        assert self._header is not None
        vector = None
        if "embedding" in data:
            vector = decode_vector(data["embedding"], self._header.embedder[1])
            if self._header.embedder != self._store_embedder:
                vector = None  # another model's vectors: embed again
        if self._redact:
            clean = redacted(record)
            if clean is not record:
                self.report.redacted += 1
                record, vector = clean, None
        self._memories.append((number, record, vector))
        if len(self._memories) >= self.BATCH:
            self._flush_memories()

    def _imposed(self, record: MemoryRecord) -> MemoryRecord:
        """The record with the importer's provenance in place of the file's claims (kept under ``claimed``, as
        data), and not hot: who wrote a memory and whether it is always in context are not the file's to say."""
        source = {**(self._provenance or {}), "claimed": record.source}
        return replace(record, source=source, tier="warm" if record.tier == "hot" else record.tier)

    def _finish(self, data: Mapping[str, Any]) -> None:
        self._flush_memories()
        self._flush_links()
        self._flush_history()
        counts = data.get("counts")
        # Files from before a kind existed do not count it: a kind they lack must then be absent.
        expected = {k: n for k, n in self._counts.items() if n or not isinstance(counts, dict) or k in counts}
        if counts != expected:
            raise ValidationError(f"the end line counts {counts!r} but the file holds {self._counts}: it is damaged")
        self._ended = True

    def _flush_memories(self) -> None:
        if not self._memories:
            return
        pending, self._memories = self._memories, []
        owners = self._backend.owners([r.id for _, r, _ in pending])
        fresh = [(n, r, v) for n, r, v in pending if r.id not in owners]
        for number, record, _ in pending:
            if record.id in owners:
                self._present(number, record, owners[record.id])
        # Only current memories have vectors (forget and supersede drop them), as in the store.
        missing = [i for i, (_, r, v) in enumerate(fresh) if r.is_current and v is None]
        embedded = iter(self._embed([fresh[i][1].text for i in missing]) if missing else ())
        need = set(missing)
        vectors: list[np.ndarray | None] = [next(embedded) if i in need else v for i, (_, _, v) in enumerate(fresh)]
        # Runs in file order, so insertion order (list ties, session neighbours) survives the round trip.
        for current, run in groupby(zip((r for _, r, _ in fresh), vectors, strict=True), key=lambda p: p[0].is_current):
            rows = list(run)
            self._backend.insert(
                [r for r, _ in rows], np.stack([v for _, v in rows if v is not None]) if current else None
            )
        self._added.update(r.id for _, r, _ in fresh)
        self.report.memories_added += len(fresh)
        self.report.embedded += len(missing)
        self.report.vectors_from_file += sum(1 for _, r, v in fresh if r.is_current and v is not None)
        self.report.agents.extend({r.agent_id for _, r, _ in fresh})

    def _present(self, number: int, record: MemoryRecord, owner: str) -> None:
        """A memory whose id is already in the store: the same one again, or a conflict."""
        stored = self._backend.get(owner, record.id)
        if owner == record.agent_id and stored is not None and stored.text == record.text:
            self.report.memories_present += 1
            return
        if self._on_conflict == "skip":
            self.report.conflicts_skipped += 1
            return
        # One message whoever owns the id: naming the owner would tell an importer scoped to one agent which
        # other agents exist (an existence oracle).
        raise ValidationError(
            f"line {number}: memory {record.id} conflicts with a memory already in the store (another text, or "
            "another agent's); import with on_conflict='skip' (--on-conflict skip) to keep the store's version"
        )

    def _flush_links(self) -> None:
        pending, self._links = self._links, []
        for agent_id in {a for _, a, _ in pending}:
            mine = [(n, link) for n, a, link in pending if a == agent_id]
            known = self._backend.get_many(agent_id, [i for _, made in mine for i in (made.source_id, made.target_id)])
            for number, link in mine:
                if link.source_id not in known or link.target_id not in known:
                    raise ValidationError(
                        f"line {number}: the link {link.source_id} -> {link.target_id} names a memory that is "
                        f"neither in the file nor in the store for agent {agent_id!r}"
                    )
                self.report.links_added += int(self._backend.add_link(agent_id, link))

    def _flush_history(self) -> None:
        pending, self._history = self._history, []
        for agent_id in {a for a, _ in pending}:
            entries = [e for a, e in pending if a == agent_id]
            self._backend.add_history(agent_id, entries)
            self.report.history_added += len(entries)
