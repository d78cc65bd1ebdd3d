"""Hot state (seed 000): identity, owner profile, active context and critical lessons, always in context.

Pure. The state is a JSON document of the seed's shape (:class:`HotState`); every write goes through
:func:`apply_update` and :func:`enforce_limits`, so the limits hold after every write, not only at the next
consolidation. It is rendered to markdown inside a marked block of MEMORY.md; :func:`splice` replaces only
that block, so what people write around it is never touched.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from typing import Any, NotRequired, TypedDict, TypeVar, cast

from ..config import HotSettings
from ..errors import ValidationError
from ..fence import neutralise
from ..model import check_json_object, check_unit
from ..write.secrets import redact

UPDATE_KEYS = ("identity", "owner_profile", "lesson", "event", "task", "project")
MARK_START = "<!-- tiermem:hot:start -->"
MARK_END = "<!-- tiermem:hot:end -->"
DEFAULT_LESSON_IMPORTANCE = 0.7
_MAX_TEXT = 1000  # one lesson, event or task; the 5 KB total is the real limit

# The seed's file format, hence typed dicts. Each document also keeps every other key a caller or an import
# gave it (nothing is lost, and the JSON is the seed's): the types name the keys tiermem reads and writes.


class _Dated(TypedDict):
    text: str
    timestamp: int  # whole epoch seconds


class Event(_Dated):
    """Something that happened; the newest are kept."""


class Task(_Dated):
    status: str  # "pending" until it is done


class Lesson(_Dated):
    category: str
    importance: float  # the most important are kept


class Project(TypedDict):
    """Updated by name."""

    name: str
    description: NotRequired[object]  # any JSON the caller gave, rendered as text
    status: NotRequired[object]


class ActiveContext(TypedDict):
    projects: list[Project]
    events: list[Event]
    tasks: list[Task]


class HotState(TypedDict):
    """The seed's hot-memory-state.json: identity and owner profile (free-form), active context, lessons."""

    identity: dict[str, Any]
    owner_profile: dict[str, Any]
    active_context: ActiveContext
    critical_lessons: list[Lesson]


D = TypeVar("D", bound=_Dated)
T = TypeVar("T", bound=Mapping[str, object])


def empty_state() -> HotState:
    return HotState(identity={}, owner_profile={}, active_context=_empty_context(), critical_lessons=[])


def _empty_context() -> ActiveContext:
    return ActiveContext(projects=[], events=[], tasks=[])


def size_bytes(state: HotState) -> int:
    """The seed's measure: the JSON document as ``json.dumps`` writes it by default."""
    return len(json.dumps(state).encode("utf-8"))


# --- validation --------------------------------------------------------------------------------------


def _text(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValidationError(f"{what} needs a non-empty 'text' string")
    if len(value) > _MAX_TEXT or "\x00" in value:
        raise ValidationError(f"{what} text must be under {_MAX_TEXT} characters, without NUL bytes")
    return value.strip()


def _time(value: object, default: float, what: str) -> int:
    """Whole epoch seconds, as the seed writes them (1707350400, not 1707350400.462937)."""
    if value is None:
        return int(default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 7.3e9:
        raise ValidationError(f"{what} timestamp must be epoch seconds, got {value!r}")
    return int(value)


def _object(value: object, what: str) -> dict[str, Any]:
    if isinstance(value, str) and not value.lstrip().startswith("{"):
        value = {"text": value}  # `hot --update lesson "Always test on testnet"` is a lesson too
    return check_json_object(what, value)


def _kept(given: Mapping[str, Any], checked: T) -> T:
    """``checked`` with the other keys ``given`` has, in ``given``'s order (what the caller wrote is kept)."""
    return cast(T, {**given, **checked})  # a TypedDict cannot say "and other keys" to mypy


def _lesson(value: object, now: float) -> Lesson:
    item = _object(value, "lesson")
    return _kept(
        item,
        Lesson(
            text=_text(item.get("text"), "a lesson"),
            category=str(item.get("category") or "general"),
            importance=check_unit("lesson importance", item.get("importance", DEFAULT_LESSON_IMPORTANCE)),
            timestamp=_time(item.get("timestamp"), now, "lesson"),
        ),
    )


def _event(value: object, now: float) -> Event:
    item = _object(value, "event")
    return _kept(
        item, Event(text=_text(item.get("text"), "an event"), timestamp=_time(item.get("timestamp"), now, "event"))
    )


def _task(value: object, now: float) -> Task:
    item = _object(value, "task")
    status = item.get("status", "pending")
    if not isinstance(status, str) or not status.strip():
        raise ValidationError("a task's status must be a non-empty string such as 'pending' or 'done'")
    return _kept(
        item,
        Task(
            text=_text(item.get("text"), "a task"),
            status=status.strip(),
            timestamp=_time(item.get("timestamp"), now, "task"),
        ),
    )


def _project(value: object) -> Project:
    item = _object(value, "project")
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValidationError("a project needs a non-empty 'name' (projects are updated by name)")
    return _kept(item, Project(name=name.strip()))


def check_state(value: object, now: float) -> HotState:
    """A whole hot-state document (an import), validated and completed with the seed's defaults."""
    doc = check_json_object("hot state", value)
    doc.pop("_schema_version", None)  # the seed's file-format marker, not state
    identity = check_json_object("identity", doc.pop("identity", None))
    owner_profile = check_json_object("owner_profile", doc.pop("owner_profile", None))
    context = check_json_object("active_context", doc.pop("active_context", None))
    active_context = _kept(
        context,
        ActiveContext(
            projects=[_project(p) for p in _list(context.get("projects"), "projects")],
            events=[_event(e, 0.0) for e in _list(context.get("events"), "events")],
            tasks=[_task(t, 0.0) for t in _list(context.get("tasks"), "tasks")],
        ),
    )
    lessons = [_lesson(x, 0.0) for x in _list(doc.pop("critical_lessons", None), "critical_lessons")]
    state = HotState(
        identity=identity, owner_profile=owner_profile, active_context=active_context, critical_lessons=lessons
    )
    return cast(HotState, {**state, **doc})  # unknown top-level keys are kept, after these: nothing is lost


def _list(value: object, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValidationError(f"{what} must be a list, got {type(value).__name__}")
    return value


# --- updates and limits ------------------------------------------------------------------------------


def apply_update(state: HotState, key: str, value: object, now: float) -> HotState:
    """The state after ``hot --update KEY VALUE`` (limits not yet applied)."""
    new = copy.deepcopy(state)
    context = new.setdefault("active_context", _empty_context())
    if key in ("identity", "owner_profile"):
        profile = new.setdefault("identity", {}) if key == "identity" else new.setdefault("owner_profile", {})
        profile.update(check_json_object(key, value))
    elif key == "lesson":
        _add_once(new.setdefault("critical_lessons", []), _lesson(value, now))
    elif key == "event":
        _add_once(context.setdefault("events", []), _event(value, now))
    elif key == "task":
        _add_once(context.setdefault("tasks", []), _task(value, now))
    elif key == "project":
        _upsert(context.setdefault("projects", []), _project(value))
    else:
        raise ValidationError(f"unknown hot state key {key!r}; use one of {', '.join(UPDATE_KEYS)}")
    return new


def _same_text(a: object, b: object) -> bool:
    return " ".join(str(a).casefold().split()) == " ".join(str(b).casefold().split())


def _add_once(items: list[D], item: D) -> None:
    """Append ``item``, unless one with the same text (case and spacing aside) is there: then that one takes the
    new fields (a task's new status, a lesson's new importance), keeping the higher importance and its first
    timestamp, so the same lesson or event sent twice is one entry, not two."""
    for entry in items:
        if _same_text(entry.get("text"), item["text"]):
            # As JSON: an event or task may have been given an importance too, a key its type does not name.
            existing = cast(dict[str, Any], entry)
            new: Mapping[str, Any] = item
            first = existing.get("timestamp", new.get("timestamp"))
            importance = max(existing.get("importance", 0.0), new.get("importance", 0.0))
            existing.update(new, timestamp=first)
            if "importance" in new:
                existing["importance"] = importance
            return
    items.append(item)


def _upsert(projects: list[Project], project: Project) -> None:
    for existing in projects:
        if existing.get("name") == project["name"]:
            existing.update(project)
            return
    projects.append(project)


def enforce_limits(state: HotState, limits: HotSettings) -> tuple[HotState, list[str]]:
    """The state within every limit, and what was dropped to get there (in words).

    Counts first: the least important lessons beyond ``max_lessons``, the oldest events and tasks beyond
    theirs (finished tasks before pending ones). Then, while over ``max_bytes``: the least important lesson,
    the oldest event, the oldest finished task, the oldest task. Identity, owner profile and projects are
    never dropped: a state that still does not fit is refused.
    """
    new = copy.deepcopy(state)
    context = new["active_context"]
    pruned: list[str] = []
    lessons = sorted(new["critical_lessons"], key=lambda x: (-x["importance"], -x["timestamp"]))
    new["critical_lessons"] = lessons[: limits.max_lessons]
    pruned += [f"lesson: {x['text']}" for x in lessons[limits.max_lessons :]]
    context["events"] = _keep_last(context["events"], limits.max_events, "event", pruned)
    context["tasks"] = _keep_last(_finished_first(context["tasks"]), limits.max_tasks, "task", pruned)
    context["tasks"].sort(key=lambda t: t["timestamp"])
    while size_bytes(new) > limits.max_bytes:
        dropped = _drop_one(new)
        if dropped is None:
            raise ValidationError(
                f"the hot state is {size_bytes(new)} bytes, over the {limits.max_bytes}-byte limit, even with no "
                "lessons, events or tasks; shorten identity, owner_profile or projects (or raise hot.max_bytes)"
            )
        pruned.append(dropped)
    return new, pruned


def _keep_last(items: list[D], limit: int, kind: str, pruned: list[str]) -> list[D]:
    """The last ``limit`` of ``items``; what goes is added to ``pruned``."""
    pruned += [f"{kind}: {x['text']}" for x in items[: max(0, len(items) - limit)]]
    return items[-limit:] if len(items) > limit else items


def _finished_first(tasks: list[Task]) -> list[Task]:
    """Oldest first, finished before pending, so keeping the last N keeps the pending ones."""
    return sorted(tasks, key=lambda t: (t["status"] == "pending", t["timestamp"]))


def _drop_one(state: HotState) -> str | None:
    context = state["active_context"]
    if state["critical_lessons"]:
        return f"lesson: {state['critical_lessons'].pop()['text']}"  # sorted most important first
    if context["events"]:
        return f"event: {context['events'].pop(0)['text']}"
    finished = [t for t in context["tasks"] if t["status"] != "pending"]
    if finished or context["tasks"]:
        victim = finished[0] if finished else context["tasks"][0]
        context["tasks"].remove(victim)
        return f"task: {victim['text']}"
    return None


# --- MEMORY.md --------------------------------------------------------------------------------------


def _inline(value: object) -> str:
    """One line of markdown from untrusted text: no line breaks, never a marker of our block, and nothing
    that poses as instructions to the agent that loads MEMORY.md (tiermem.fence.neutralise)."""
    if isinstance(value, list):
        text = ", ".join(_inline(v) for v in value)
    elif isinstance(value, dict):
        text = json.dumps(value, ensure_ascii=False)
    else:
        text = str(value)
    # Redacted here too: a hot state written before redaction covered it must not reach the file either.
    return neutralise(redact(" ".join(text.split())).text.replace("<!--", "<\\!--"))


def _day(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).strftime("%b %d")


def _sections(state: HotState) -> list[tuple[str, list[str]]]:
    context = state["active_context"]
    return [
        ("## 🤖 Agent Identity", [f"- **{_inline(k)}**: {_inline(v)}" for k, v in state["identity"].items()]),
        ("## 👤 Owner Profile", [f"- **{_inline(k)}**: {_inline(v)}" for k, v in state["owner_profile"].items()]),
        ("## 💼 Active Projects", [_project_line(p) for p in context["projects"]]),
        ("## ✅ Pending Tasks", [f"- [{_inline(t['status'])}] {_inline(t['text'])}" for t in context["tasks"]]),
        ("## 📅 Recent Events", [f"- [{_day(e['timestamp'])}] {_inline(e['text'])}" for e in context["events"]]),
        (
            "## 🎯 Critical Lessons",
            [f"- **[{_inline(x['category'])}]** {_inline(x['text'])}" for x in state["critical_lessons"]],
        ),
    ]


def _project_line(project: Project) -> str:
    line = f"- **{_inline(project['name'])}**"
    if project.get("description"):
        line += f" — {_inline(project['description'])}"
    if project.get("status"):
        line += f" ({_inline(project['status'])})"
    return line


def render_block(
    state: HotState,
    hot_memories: Iterable[tuple[str, str | None, str]],
    *,
    agent_id: str,
    now: float,
    max_bytes: int,
) -> tuple[str, int]:
    """The marked MEMORY.md block, and how many memories fit in it.

    ``hot_memories`` (text, category, tier: the warm store, best score first, so the hot tier leads) follow the
    state, as many as keep the block within ``max_bytes``: the block is the same size every session, whatever
    the agent's age. Hot ones go under "Hot Memories", the warm ones after them under "Warm Memories" (a
    heading says the tier its lines are in). The state itself is always rendered whole.
    """
    head = [
        MARK_START,
        f"<!-- generated by tiermem from the hot state of agent {agent_id}; write outside this block -->",
    ]
    body: list[str] = []
    for title, lines in _sections(state):
        if lines:
            body += ["", title, *lines]
    foot = ["", f"*Generated: {datetime.fromtimestamp(now, UTC):%Y-%m-%d %H:%M}*", MARK_END]
    fitted, shown = _fit(lambda extra: "\n".join([*head, *body, *extra, *foot]), hot_memories, max_bytes)
    return "\n".join([*head, *body, *fitted, *foot]), shown


HOT_HEADING = "## 🔥 Hot Memories"
WARM_HEADING = "## 🟡 Warm Memories"


def _fit(
    compose: Callable[[list[str]], str], hot_memories: Iterable[tuple[str, str | None, str]], max_bytes: int
) -> tuple[list[str], int]:
    """The memory lines that fit, under the heading of their tier, and how many; stops reading
    ``hot_memories`` at the first that does not fit."""
    lines: list[str] = []
    shown = 0
    size = len(compose([]).encode("utf-8"))
    for text, category, tier in hot_memories:
        heading = HOT_HEADING if tier == "hot" else WARM_HEADING
        new = [] if heading in lines else ["", heading]
        new.append(f"- {_inline(text)}" + (f" *({_inline(category)})*" if category else ""))
        size += sum(len(line.encode("utf-8")) + 1 for line in new)  # each line and its newline
        if size > max_bytes:
            break
        lines += new
        shown += 1
    return lines, shown


def splice(existing: str | None, block: str) -> str:
    """``existing`` MEMORY.md text with our block replaced (or appended): everything else stays byte for byte."""
    if existing is None or existing == "":
        return block + "\n"
    starts, ends = existing.count(MARK_START), existing.count(MARK_END)
    if starts == 0 and ends == 0:
        separator = "" if existing.endswith("\n") else "\n"
        return f"{existing}{separator}\n{block}\n"
    start, end = existing.find(MARK_START), existing.find(MARK_END)
    if starts != 1 or ends != 1 or end < start:
        raise ValidationError(
            f"the file has a damaged tiermem block ({starts} start and {ends} end markers); keep exactly one "
            f"{MARK_START} before one {MARK_END} (or delete both) and run `tiermem hot --rebuild` again"
        )
    return existing[:start] + block + existing[end + len(MARK_END) :]
