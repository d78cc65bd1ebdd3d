"""Secret detection and redaction, run on every write before anything is stored. Pure: no I/O.

A memory store is read back into prompts, exported, synced and shown in UIs: a key pasted into a chat
must not live on there. Each detector is a regular expression for one kind of secret; the secret (or,
for ``key=value`` and URL credentials, only the value) becomes ``[REDACTED:<kind>]``. Detectors are
anchored on the shapes providers give their credentials (prefixes, lengths, PEM armour), so ordinary
prose, git SHAs, UUIDs and memory ids pass untouched: a redaction that eats real content is a data loss too.

The result says how many secrets of which kinds were removed, never the secrets themselves.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

MARK = "[REDACTED:{}]"
REDACTIONS = "redactions"  # the metadata key that records what was redacted
_NOT_DONE = r"(?!\[REDACTED)"  # a value already redacted is not redacted again (redaction is idempotent)
# A date or time is no secret ("the session token: 2024-01-15T10:00:00Z" says when, not what).
_TIMESTAMP = r"\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?)?(?:Z|[+-]\d\d:?\d\d)?(?=[\s;,\"')]|$)"

# (kind, pattern, group): ``group`` is the part replaced (0: the whole match).
_DETECTORS: tuple[tuple[str, re.Pattern[str], int], ...] = (
    (
        "private_key",
        re.compile(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY"
            r"(?: BLOCK)?-----|.*\Z)",
            re.DOTALL,
        ),
        0,
    ),
    # Starts where no base64url character precedes it (\b would start again after each "-" of a long run).
    ("jwt", re.compile(r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), 0),
    ("openai_key", re.compile(r"(?<![A-Za-z0-9_-])sk-(?:[A-Za-z0-9]+-)*[A-Za-z0-9_-]{20,}"), 0),
    ("aws_access_key", re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b"), 0),
    ("github_token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})"), 0),
    ("slack_token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}"), 0),
    ("google_api_key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}"), 0),
    ("stripe_key", re.compile(r"\b[rs]k_(?:live|test)_[0-9A-Za-z]{16,}"), 0),
    ("tiermem_token", re.compile(r"\btmk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}"), 0),  # our own bearer tokens
    ("huggingface_token", re.compile(r"\bhf_[A-Za-z0-9]{30,}"), 0),
    # The scheme starts where no scheme character precedes it and its run is never backtracked into: a long
    # run of scheme characters ("sk-sk-sk-...") would otherwise be rescanned from each of its positions.
    # The password runs to the "@" that a host follows (it may hold "/" and "@" itself: p/ss@word@db), at most
    # 256 characters, so a run of "a://b:" starts costs linear time; "host:8080/x@y" is a port, not a password.
    (
        "url_credentials",
        re.compile(
            rf"(?<![a-zA-Z0-9+.-])[a-zA-Z][a-zA-Z0-9+.-]*+://[^\s:/@]+:{_NOT_DONE}(?!\d{{1,5}}(?:[/?#]|$))"
            r"([^\s]{1,256}?)@[A-Za-z0-9.-]+(?::\d+)?(?=[/?#\s\"'),;]|$)"
        ),
        1,
    ),
    ("basic_auth", re.compile(rf"(?i)\bauthorization\s*:\s*basic\s+{_NOT_DONE}([A-Za-z0-9+/]{{8,}}=*)"), 1),
    ("bearer_token", re.compile(rf"(?i)\bbearer\s+{_NOT_DONE}([A-Za-z0-9._~+/-]{{16,}}=*)"), 1),
    (
        "password",
        re.compile(
            # PWD=/home/user/app is the shell's working directory, not a password.
            r"(?i)(?<![a-z0-9])(?:password|passwd|pwd(?![\"']?\s*[:=]\s*[\"']?[/~])|passphrase)\b[\"']?\s*[:=]\s*"
            rf"{_NOT_DONE}(\"[^\"\n]+\"|'[^'\n]+'|[^\s;,\"']{{3,}})"
        ),
        1,
    ),
    # "password hunter2", "the wifi password is sunflower42": a word after it, or after "is" / "was", that has a
    # digit or a symbol (prose, "password is stored", "password was changed", passes). Possessive runs of
    # blanks: nothing is tried twice on a long one.
    (
        "password",
        re.compile(
            r"(?i)(?<![a-z0-9])(?:password|passwd|passphrase)(?:[ \t]++(?:is|was)\b)?[ \t]++"
            rf"(?!is\b|was\b|for\b|to\b|of\b){_NOT_DONE}((?=[^\s;,\"']*[0-9!#$%^&*+=?@])[^\s;,\"'.]{{6,}})"
        ),
        1,
    ),
    (
        "secret_assignment",
        re.compile(
            r"(?i)(?<![a-z0-9])(?:api[_-]?key|apikey|secret[_-]?key|client[_-]?secret|access[_-]?token|auth[_-]?token|"
            r"refresh[_-]?token|secret|token|accountkey|sharedaccesskey|aws_secret_access_key)\b[\"']?\s*[:=]\s*"
            rf"{_NOT_DONE}(?!{_TIMESTAMP})[\"']?((?=[^\s;,\"']*[0-9])[^\s;,\"']{{8,}})"
        ),
        1,
    ),
)
KINDS = tuple(kind for kind, _, _ in _DETECTORS)
# Something every detector needs to match. Most texts have none of it, and then one scan replaces twelve
# (redaction ran at 0.6 ms per memory, a third of bulk ingest's Python time, before this test).
_SHAPES = re.compile(
    r"-----BEGIN|eyJ|sk-|A(?:KIA|SIA|GPA|IDA|ROA)|gh[pousr]_|github_pat_|xox|AIza|[rs]k_(?:live|test)_|://|tmk_|hf_"
)
_WORDS = re.compile(r"bearer|pass|pwd|key|secret|token|basic")  # any case: see _triggered
_TRIGGER = re.compile(f"{_SHAPES.pattern}|(?i:{_WORDS.pattern})")


def _triggered(text: str) -> bool:
    """Does ``text`` have something a detector needs? A case-insensitive scan is 4x slower than two plain
    ones, and for ASCII text (almost all) lower-casing matches exactly what it would; Unicode case folding
    (the Kelvin sign is a K) still gets the case-insensitive scan."""
    if text.isascii():
        return bool(_SHAPES.search(text) or _WORDS.search(text.lower()))
    return bool(_TRIGGER.search(text))


@dataclass(frozen=True, slots=True)
class Redaction:
    """A text with its secrets replaced, and how many of each kind were found."""

    text: str
    kinds: dict[str, int] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return sum(self.kinds.values())


def redact(text: str) -> Redaction:
    """``text`` with every detected secret replaced by ``[REDACTED:<kind>]``."""
    if not _triggered(text):
        return Redaction(text, {})
    return _redact_all(text)


def _redact_all(text: str) -> Redaction:
    found: Counter[str] = Counter()
    for kind, pattern, group in _DETECTORS:
        text = pattern.sub(partial(_replace, kind=kind, group=group, found=found), text)
    return Redaction(text, dict(found))


def _replace(match: re.Match[str], *, kind: str, group: int, found: Counter[str]) -> str:
    found[kind] += 1
    start, end = match.start(group) - match.start(), match.end(group) - match.start()
    whole = match.group(0)
    return whole[:start] + MARK.format(kind) + whole[end:]


def redact_json(value: Any, found: Counter[str]) -> Any:
    """Redact every string inside a JSON value, keys included (a key can be a token: {"sk-...": 1}),
    counting what was found into ``found``."""
    if isinstance(value, str):
        if not _triggered(value):  # most strings: no result to build or count (every write has several)
            return value
        result = _redact_all(value)
        found.update(result.kinds)
        return result.text
    if isinstance(value, Mapping):
        return {redact_json(key, found): redact_json(item, found) for key, item in value.items()}
    if isinstance(value, list):
        return [redact_json(item, found) for item in value]
    return value


def summary(found: Mapping[str, int]) -> dict[str, Any]:
    """What a memory's metadata records about its redactions: a count and the kinds, never the secret."""
    return {"count": sum(found.values()), "kinds": dict(sorted(found.items()))}


def redacted_kinds(metadata: Mapping[str, Any]) -> dict[str, int] | None:
    """How many secrets of each kind a memory's metadata says were removed (None: none). The key is the
    caller's to set too: only counts that are whole numbers are read."""
    record = metadata.get(REDACTIONS)
    kinds = record.get("kinds") if isinstance(record, dict) else None
    if not isinstance(kinds, dict):
        return None
    counts = {str(k): v for k, v in kinds.items() if isinstance(v, int) and not isinstance(v, bool) and v > 0}
    return counts or None


def redact_item(
    text: str, source: dict[str, Any], metadata: dict[str, Any]
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A memory's text, source and metadata redacted; the metadata then records what was removed."""
    found: Counter[str] = Counter()
    text, source, metadata = redact_json(text, found), redact_json(source, found), redact_json(metadata, found)
    if found:
        metadata = {**metadata, REDACTIONS: summary(found)}
    return text, source, metadata


def redact_metadata(metadata: dict[str, Any]) -> dict[str, Any]:
    """Metadata set on its own (an update in place): redacted, recording what was removed."""
    return redact_item("", {}, metadata)[2]


def redact_labels(
    tags: tuple[str, ...], category: str | None, metadata: dict[str, Any]
) -> tuple[tuple[str, ...], str | None, dict[str, Any]]:
    """Tags and category redacted (the hooks build tags from raw tool output, where a token printed by a
    failing command lands), adding what was found to ``metadata``'s record of redactions. A category
    segment holding a secret becomes ``redacted`` (brackets are not allowed in a category)."""
    found: Counter[str] = Counter()
    tags = tuple(dict.fromkeys(redact_json(tag, found) for tag in tags))
    if category is not None:
        category = "/".join(_label(part, found) for part in category.split("/"))
    if not found:
        return tags, category, metadata
    found.update(redacted_kinds(metadata) or {})
    return tags, category, {**metadata, REDACTIONS: summary(found)}


def redact_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """The checked fields of an update in place with their metadata, tags and category redacted."""
    metadata = redact_metadata(fields["metadata"]) if "metadata" in fields else {}
    tags, category, metadata = redact_labels(tuple(fields.get("tags") or ()), fields.get("category"), metadata)
    changed = {"tags": tags, "category": category, "metadata": metadata}
    return {name: changed.get(name, value) for name, value in fields.items()}


def _label(part: str, found: Counter[str]) -> str:
    before = sum(found.values())
    redact_json(part, found)
    return "redacted" if sum(found.values()) > before else part
