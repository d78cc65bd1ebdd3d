"""Text helpers shared by the write and read paths: normalisation, tokens, overlap, heuristic scores and
structured metadata (URLs, shell commands, file paths). Pure functions, no I/O."""

from __future__ import annotations

import hashlib
import re
from urllib.parse import urlparse

_NON_WORD = re.compile(r"[^\w\s]")
_TOKEN = re.compile(r"[a-z0-9]+")


def normalize(text: str) -> str:
    """Lower-case, punctuation to spaces, collapsed whitespace (ClarkOS ``normalizeContent``)."""
    # str.split() splits at runs of what regex \s matches (str.isspace) and drops the ends: a regex
    # substitution and a strip in one, at half the cost (a write normalises each text for its hash and dedup).
    return " ".join(_words(text))


def _words(text: str) -> list[str]:
    return _NON_WORD.sub(" ", text.lower()).split()


def content_hash(text: str) -> str:
    """Hash of the normalised text: equal for texts that differ only in case, punctuation or spacing."""
    return hashlib.sha256(normalize(text).encode("utf-8")).hexdigest()[:32]


def word_set(text: str) -> frozenset[str]:
    """The words of the normalised text."""
    return frozenset(_words(text))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    shared = len(a & b)
    union = len(a) + len(b) - shared  # without building the union set (dedup compares thousands of pairs)
    return shared / union if union else 0.0


def tokens(text: str) -> list[str]:
    """Lower-cased alphanumeric tokens (the BM25 baseline's tokenisation)."""
    return _TOKEN.findall(text.lower())


# --- salience and confidence (ClarkOS heuristics) --------------------------------------------------

# Salience (ClarkOS: "exclamation marks, caps, urgency words boost salience; routine content scores lower") is
# a sum of separate signals, each capped, so one loud feature cannot outweigh the others and each can be
# reported on its own (salience_factors). The word classes are general English markers, one regex each.
_MARKERS = {
    # time pressure: it has to happen soon
    "urgency": re.compile(
        r"\b(?:urgent\w*|emergenc\w+|asap|immediate\w*|right now|at once|deadline\w*|overdue|hurry|quick(?:ly)?)\b"
    ),
    # something is wrong, and how badly
    "severity": re.compile(
        r"\b(?:critical\w*|severe\w*|serious\w*|danger\w*|fire|crash\w*|outage\w*|down|broken|breach\w*|"
        r"leak\w*|fail\w*|error\w*|disaster\w*|panic\w*|blocker\w*|blocked|corrupt\w*|lost|security)\b"
    ),
    # the writer flags it as mattering
    "emphasis": re.compile(
        r"\b(?:important\w*|alert\w*|warning\w*|breaking|must|never|always|remember|note that|"
        r"amazing|incredible|shocking|huge|major)\b"
    ),
}
_MARKER_WEIGHT = {"urgency": 0.2, "severity": 0.15, "emphasis": 0.1}
# An order ("Restart the server", "Don't deploy on Fridays"): the first word of a sentence is a bare verb.
_IMPERATIVE = re.compile(
    r"(?:^|[.!?]\s+)(?:do not|don't|never|always|please|stop|call|fix|restart|check|send|make sure|ensure|"
    r"remember|avoid|run|deploy|update|delete|reply)\b",
    re.IGNORECASE,
)
_SHOUTED = re.compile(r"\b[A-Z]{3,}\b")  # a word in capitals ("NOW", "CRITICAL"); short acronyms aside
_DIGITS = re.compile(r"\d+")
# A capitalised word not directly after a sentence end: names and proper nouns draw attention.
_CAPITALISED = re.compile(r"(?<=[^.!?\s]\s)[A-Z][a-z]+")  # after a word: not the text's first either
ROUTINE_SALIENCE = 0.4  # a plain statement with nothing that draws attention
_TRUSTED_SOURCES = ("api", "system", "verified", "official")
_UNTRUSTED_SOURCES = ("user", "rumor", "speculation", "unverified")
_HEDGES = ("maybe", "perhaps", "might", "could", "possibly", "uncertain")
_CERTAINTIES = ("confirmed", "verified", "definitely", "certainly", "proven")


def _clamp(value: float, low: float = 0.0, high: float = 1.0) -> float:
    return max(low, min(high, value))


def salience_factors(text: str) -> dict[str, float]:
    """What draws attention in ``text``, signal by signal (each capped): urgency, severity and emphasis words,
    exclamation marks, words in capitals, an order, specifics (numbers, names) and a question. Salience is
    the routine level plus their sum."""
    lowered = text.lower()
    factors = {name: _MARKER_WEIGHT[name] * min(2, len(set(p.findall(lowered)))) for name, p in _MARKERS.items()}
    factors["exclamation"] = 0.05 * min(4, text.count("!"))
    factors["capitals"] = 0.05 * min(2, len(_SHOUTED.findall(text)))
    factors["imperative"] = 0.05 if _IMPERATIVE.search(text.strip()) else 0.0
    specifics = len(_DIGITS.findall(text)) + len(_CAPITALISED.findall(text))
    factors["specifics"] = 0.03 * min(3, specifics)
    factors["question"] = 0.05 if "?" in text else 0.0
    return {name: round(value, 4) for name, value in factors.items() if value}


def salience(text: str) -> float:
    """How attention-grabbing a text is, in [0, 1]: routine text scores ROUTINE_SALIENCE, an alarm near 1.
    ``salience_factors`` says what moved it."""
    return round(_clamp(ROUTINE_SALIENCE + sum(salience_factors(text).values())), 4)


def confidence(text: str, source_type: str = "user") -> float:
    """How reliable a text is, in [0, 1]: trusted sources and certain wording score higher."""
    kind = source_type.lower()
    lowered = text.lower()
    score = 0.7
    # Checked separately on purpose: "unverified" contains "verified", and the two cancel out.
    score += 0.2 if any(word in kind for word in _TRUSTED_SOURCES) else 0.0
    score -= 0.2 if any(word in kind for word in _UNTRUSTED_SOURCES) else 0.0
    score -= 0.1 * sum(word in lowered for word in _HEDGES)
    score += 0.1 * sum(word in lowered for word in _CERTAINTIES)
    return round(_clamp(score), 4)


# --- structured metadata (EvoClaw extract_structured_metadata) -------------------------------------

_TLDS = "com|org|ai|io|net|dev|app|studio|co"
# A backtick ends a URL too: markdown wraps commands in them (`git clone https://github.com/a/b.git`).
_URL = re.compile(
    rf"https?://[^\s<>\"'`)]+|www\.[^\s<>\"'`)]+|(?:^|\s)([a-z0-9-]+\.(?:{_TLDS})\b(?![.(])[^\s<>\"'`)]*)",
    re.IGNORECASE | re.MULTILINE,
)
# Something every _URL match has, in lower case. Most texts have none, and a plain scan of the lower-cased
# text is ~15x cheaper than the case-insensitive one (for ASCII text lower-casing is exactly its folding).
_URL_HINT = re.compile(rf"://|www\.|\.(?:{_TLDS})\b")
_BACKTICK = re.compile(r"`([^`]+)`")
_PROMPT_LINE = re.compile(r"^\$\s+(.+)$", re.MULTILINE)
_COMMAND_LINE = re.compile(
    r"^((?:sudo\s+)?(?:cd|ls|mkdir|rm|mv|cp|wget|curl|git|docker|npm|pip|python|node|go|rust|cargo|ssh|scp)\s+.+)$",
    re.MULTILINE,
)
# A command in running text ("Download with huggingface-cli download Tongyi-MAI/Z-Image into ..."): a tool whose
# name is not an English word, then its arguments up to the prose around them. Tools that are also words ("go",
# "make", "node") count only at the start of a line or in backticks.
RUNNING_TOOLS = frozenset(
    [
        "huggingface-cli",
        "git",
        "docker",
        "docker-compose",
        "podman",
        "pip",
        "pip3",
        "pipx",
        "uv",
        "uvx",
        "npm",
        "npx",
        "yarn",
        "pnpm",
        "cargo",
        "rustup",
        "curl",
        "wget",
        "ssh",
        "scp",
        "rsync",
        "kubectl",
        "helm",
        "terraform",
        "apt-get",
        "conda",
        "ollama",
        "python3",
        "tiermem",
        "sudo",
    ]
)
_RUNNING_TOOL = re.compile(
    r"(?<![\w/.-])(?:sudo\s+)?(?:"
    + "|".join(sorted(map(re.escape, RUNNING_TOOLS), key=len, reverse=True))
    + r")(?=[ \t])"
)
_ARG = re.compile(r"[ \t]+([^\s`]+)")
# Words that end a command in a sentence: what follows is prose again ("... Z-Image into /home/...").
_PROSE = frozenset(
    [
        "into",
        "and",
        "then",
        "to",
        "from",
        "for",
        "with",
        "so",
        "which",
        "that",
        "on",
        "in",
        "at",
        "after",
        "before",
        "because",
        "but",
        "or",
        "if",
        "when",
        "while",
        "the",
        "a",
        "an",
        "it",
        "this",
        "is",
        "was",
    ]
)
MAX_RUNNING_ARGS = 8
_SUBCOMMAND = re.compile(r"^(?:-{1,2}[\w-]+|[a-z][a-z0-9-]*)$")
_TECHNICAL_ARG = re.compile(r"[/.:=@_\d]|^-")
# Must start a word, so the path part of a URL (https://host/a/b) is not taken for a file path.
_PATH = re.compile(r"(?:^|[\s(\"'=])((?:~|\.)?/[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)*)")
_DOMAIN_PATH = re.compile(rf"\.(?:{_TLDS})/")


def _unique(items: list[str], limit: int) -> list[str]:
    return list(dict.fromkeys(items))[:limit]  # first seen first; a dict, so linear in the items


def extract_urls(text: str, limit: int = 10) -> list[str]:
    if text.isascii() and not _URL_HINT.search(text.lower()):
        return []
    found: list[str] = []
    for match in _URL.finditer(text):
        url = (match.group(1) or match.group(0)).strip().rstrip(".,;:!?)")
        probe = url if "://" in url else f"http://{url}"
        if urlparse(probe).netloc:
            found.append(url)
    return _unique(found, limit)


def extract_commands(text: str, limit: int = 5) -> list[str]:
    found = [m.group(1).strip() for pattern in (_BACKTICK, _PROMPT_LINE, _COMMAND_LINE) for m in pattern.finditer(text)]
    explicit = _unique([c for c in found if 3 < len(c) < 200], limit)
    # A command in a sentence that is part of one already found (in backticks, on its own line) is that one.
    running = [c for c in running_commands(text) if len(c) < 200 and not any(c in e for e in explicit)]
    return _unique(explicit + running, limit)


def running_commands(text: str) -> list[str]:
    """Commands written inside sentences: a tool, then at most MAX_RUNNING_ARGS arguments, up to the first
    prose word or the end of the clause (each scan reads a bounded number of words: linear)."""
    found = []
    for tool in _RUNNING_TOOL.finditer(text):
        words = [tool.group(0)]
        position = tool.end()
        while len(words) <= MAX_RUNNING_ARGS and (arg := _ARG.match(text, position)):
            word, ends = arg.group(1).rstrip(".,;:!?)"), arg.group(1)[-1] in ".,;:!?)"
            if not word or word.lower() in _PROSE or word in RUNNING_TOOLS:
                break  # prose again, or the next command
            words.append(word)
            position = arg.end()
            if ends or (arg.end() < len(text) and text[arg.end()] == "`"):
                break
        if _looks_like_command(words[1:]):
            found.append(" ".join(words))
    return found


def _looks_like_command(args: list[str]) -> bool:
    """A subcommand or flag first, then something technical or a second argument: "git clone URL", "pip
    install comfyui"; not "git yesterday"."""
    if not args or not _SUBCOMMAND.match(args[0]):
        return False
    return len(args) >= 2 or any(_TECHNICAL_ARG.search(a) for a in args)


def extract_paths(text: str, limit: int = 10) -> list[str]:
    if "/" not in text:  # every path has one; most texts have none, and this skips the scan
        return []
    found = []
    for match in _PATH.finditer(text):
        path = match.group(1).rstrip(".,;:")
        if "://" in path or _DOMAIN_PATH.search(path) or len(path) <= 5:
            continue
        found.append(path)
    return _unique(found, limit)


def extract_metadata(text: str) -> dict[str, list[str]]:
    """URLs, shell commands and file paths mentioned in a text (empty lists are left out)."""
    extracted = {"urls": extract_urls(text), "commands": extract_commands(text), "paths": extract_paths(text)}
    return {key: value for key, value in extracted.items() if value}
