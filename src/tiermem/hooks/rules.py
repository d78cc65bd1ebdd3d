"""Capture rules (seed 002): corrections and preferences in prompts, error lines in tool output, test
commands and their outcome, and learnings in transcript text. Pure functions; stdlib only.

The patterns are the seed's (reference section C), with its bugs left out: content is cut at a sentence
end, and a correction needs a signal word before any pattern runs, so ordinary prompts cost one scan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FLAGS = re.IGNORECASE | re.DOTALL
SIGNALS = re.compile(
    r"\b(?:don'?t|never|stop|wrong|incorrect|instead|not that|already told|again|repeat|keep telling|"
    r"how many times|i said|like i said|prefer|always|should always|should never|the rule is|remember)\b|\bno[,.]|"
    r"\b(?:use|do|run)\s+\S+,?\s+not\b",
    re.IGNORECASE,
)
# (kind, pattern): the first match wins; group 1 is the content.
_CORRECTIONS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, _FLAGS))
    for kind, pattern in (
        (
            "repeated_correction",
            r"(?:i (?:already|just) (?:told|said|mentioned|explained)(?: you)?|how many times|"
            r"i keep (?:telling|saying|having to))\b[^.!?]*?[,:.!?]?\s*(.{10,300})",
        ),
        ("user_correction", r"(?:^|[.!?]\s+)no[,.]?\s+((?:use|do|try|run|make|set|put|change|switch to)\s+.{8,200})"),
        (
            "user_correction",
            r"(?:^|[.!?]\s+)((?:don'?t|do not|never|stop)\s+(?:use|using|do|doing|try|run|make|set|put|change|add|"
            r"mention|output|print|show|say|call|commit|push|edit|touch)\s+.{8,200})",
        ),
        (
            "user_correction",
            r"((?:instead of .{3,80}?,?\s*(?:use|do|try|run)\s+.{3,100})|"
            r"(?:(?:use|do|try|run)\s+.{3,100}\s+instead\b.{0,80}))",
        ),
        ("user_correction", r"\b((?:use|do|run)\s+[\w./-]+[,.]?\s+not\s+[\w./-]+.{0,120})"),
        (
            "user_preference",
            r"\b((?:always|never|i prefer|prefer|i want you to|you should always|you should never|the rule is|"
            r"the pattern is)\s+.{10,250})",
        ),
    )
)
MIN_CORRECTION_CHARS = 20
MAX_STORED_CHARS = 300

_STOP_WORDS = (
    "the a an and or but not no use using with for from into onto this that these those you your our are was "
    "were is be been it its of on in to at by as do does did don dont never always please just again instead "
    "what when where which who why how can could should would will shall may might must have has had i me my we "
    "they them then than there here also very really like said told already keep"
)
_STOP = frozenset(_STOP_WORDS.split())


@dataclass(frozen=True, slots=True)
class Correction:
    """What a prompt asked the agent to do differently, and which kind of memory it makes."""

    kind: str  # user_correction | user_preference | repeated_correction
    text: str
    tags: tuple[str, ...]


def detect_correction(prompt: str) -> Correction | None:
    """The correction or preference a prompt states ("no, use X", "never do Y", "I already told you..")."""
    if len(prompt.strip()) < MIN_CORRECTION_CHARS or not SIGNALS.search(prompt):
        return None
    body = _without_code(prompt)
    for kind, pattern in _CORRECTIONS:
        found = pattern.search(body)
        if found is None:
            continue
        text = _sentence(" ".join(found.group(1).split()))
        if _worth_storing(text):
            return Correction(kind, text, keywords(text))
    return None


_CODE_BLOCK = re.compile(r"```.*?```", re.DOTALL)
_LONG_QUOTE = re.compile(r"([\"'`]).{20,}?\1")
# A question starts only where a sentence does: unanchored, each position of a long line without "?" scanned
# the rest of it (200k characters after "no," took ~2 minutes); from a sentence start the scan is linear.
_QUESTION = re.compile(r"(?<![^.!?\n])[^.!?\n]*\?")


def _without_code(text: str) -> str:
    """Quoted code and long quotes are data the user pasted, not instructions; questions ("what do I
    prefer?") ask, they do not correct."""
    text = _CODE_BLOCK.sub(" ", text)
    text = _LONG_QUOTE.sub(" ", text)
    return _QUESTION.sub(" ", text)


def _sentence(text: str) -> str:
    """Cut long content at the first sentence end between 40 and MAX_STORED_CHARS characters."""
    if len(text) <= 120:
        return text.rstrip(" ,;")
    end = re.search(r"[.!?](?=\s|$)", text[40:MAX_STORED_CHARS])
    cut = text[: 40 + end.end()] if end else text[:MAX_STORED_CHARS]
    return cut.rstrip(" ,;")


def _worth_storing(text: str) -> bool:
    words = re.findall(r"[A-Za-z][\w'-]*", text)
    return len(text) >= 10 and len(words) >= 3 and len({w.lower() for w in words if len(w) > 2}) >= 2


def keywords(text: str, limit: int = 8) -> tuple[str, ...]:
    """Up to ``limit`` distinctive lower-case words, as tags."""
    found: list[str] = []
    for word in re.findall(r"\b[a-z][a-z0-9_-]{2,}\b", text.lower()):
        if word not in _STOP and word not in found:
            found.append(word)
    return tuple(found[:limit])


_SUFFIXES = ("ations", "ation", "ings", "ing", "ions", "ion", "ers", "ies", "ied", "ed", "es", "er", "ly", "s")


def stem(word: str) -> str:
    """A crude stem (seed 002 stems too): enough to match "installing" with "install"."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def stems(text: str) -> set[str]:
    """Stems of the distinctive words of ``text`` (stop words and words under 3 letters left out)."""
    return {stem(w) for w in re.findall(r"[a-z][a-z0-9_]{2,}", text.lower()) if w not in _STOP}


# --- tool output -------------------------------------------------------------------------------------------

_STRONG_ERROR = re.compile(
    r"^(?:E\s+\S.*|FAILED\s.+|.*\b\w*(?:Error|Exception)\b:.*|error(?:\[\w+\])?:.+|fatal:.+|panic:.+|"
    r"npm ERR!.+|.*\bcommand not found\b.*|.*\bNo such file or directory\b.*)$"
)
_WEAK_ERROR = re.compile(r"\b(?:Error|error|ERROR|FAIL|Failed|failed|Exception|fatal|FATAL)\b")
_EXIT_PREFIX = re.compile(r"^\s*(?:Exit code|Command exited with non-zero status code)\s*-?\d+\s*$", re.IGNORECASE)
MAX_ERROR_CHARS = 200


def error_line(output: str) -> str:
    """The line that says what went wrong: a specific error line, else any line mentioning an error, else
    the last non-empty line."""
    lines = [ln.strip() for ln in output.splitlines() if ln.strip() and not _EXIT_PREFIX.match(ln)]
    if not lines:
        return ""
    for pattern in (_STRONG_ERROR, _WEAK_ERROR):
        for line in lines:
            if pattern.search(line) and not line.startswith("Traceback"):
                return line[:MAX_ERROR_CHARS]
    return lines[-1][:MAX_ERROR_CHARS]


def exit_code_in(error: str) -> int | None:
    """The exit status Claude Code writes into a failed Bash call's ``error`` ("Exit code 1 ...")."""
    found = re.search(r"(?:exit code|status code)\s*(-?\d{1,9})\b", error, re.IGNORECASE)
    return int(found.group(1)) if found else None


# A test runner at the start of a command segment (after `cd x &&`, env assignments, `uv run`, `npx`...), so
# `pip install pytest` is not a test run.
TEST_COMMAND = re.compile(
    # Values and path segments stop at the shell's separators, as the shell parses them; spanning them made
    # a run of separators (";;;;...") rescan the rest of the command from each one.
    r"(?:^|[;&|(]\s*)(?:[A-Za-z_]\w*=[^\s;&|()]*\s+)*"
    r"(?:(?:uv|poetry|pipenv|hatch|pdm|rye) run\s+|npx\s+|bunx\s+|time\s+)?"
    r"(?:[^\s/;&|()]*/)*(?:pytest|py\.test|python3? -m (?:pytest|unittest)|tox|nox|jest|vitest|mocha|rspec|phpunit|"
    r"cargo (?:test|nextest)|go test|(?:npm|pnpm|yarn|bun)(?: run)? test|deno test|mvn test|gradlew? test|"
    r"dotnet test|make (?:test|check)|ctest)\b"
)
_TEST_FAILED = re.compile(
    r"\b\d+ (?:failed|errors?)\b|^FAILED\b|^FAIL\b|\bTests? failed\b|test result: FAILED|--- FAIL:|"
    r"\bFAILURES!|^ERROR:",
    re.MULTILINE,
)
_TEST_SUMMARY = re.compile(
    r"\b\d+ (?:passed|failed|tests?|errors?)\b|test result:|^(?:ok|PASS|FAIL)\b|Tests?:\s+\d+|^OK\b", re.MULTILINE
)
# Commands that only look: they neither fix an error nor count as the work between an error and its fix.
READ_ONLY = re.compile(
    r"^\s*(?:ls|ll|cat|head|tail|less|more|grep|rg|ag|find|fd|pwd|echo|which|type|wc|tree|stat|file|diff|"
    r"git (?:status|log|diff|show|branch|blame)|env|printenv|ps|df|du)\b"
)


def is_test_command(command: str) -> bool:
    return bool(TEST_COMMAND.search(command))


def tests_failed(output: str) -> bool:
    """A test run that exited 0 can still have failed (``pytest | tail`` exits with tail's status)."""
    return bool(_TEST_FAILED.search(output))


def test_summary(output: str) -> str:
    """The runner's summary line ("3 passed in 0.1s", "test result: ok"), else the last line."""
    lines = [ln.strip(" =") for ln in output.splitlines() if ln.strip(" =")]
    for line in reversed(lines):
        if _TEST_SUMMARY.search(line):
            return line[:150]
    return lines[-1][:150] if lines else ""


def same_command(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def similar_command(a: str, b: str, threshold: float = 0.75) -> bool:
    """The same command, or one differing in a detail (a version pin, one flag): word-set Jaccard."""
    left, right = set(a.split()), set(b.split())
    return bool(left and right) and len(left & right) / len(left | right) >= threshold


# --- transcript text ---------------------------------------------------------------------------------------

# The seed's session-end rules (reference C), applied to what the assistant wrote: (type, pattern).
_LEARNINGS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, re.IGNORECASE))
    for kind, pattern in (
        ("architectural_decision", r"\b(?:decided|chose|chosen|picked|went with|opting for|going with)\s+(.{20,300})"),
        ("architectural_decision", r"\b(?:the approach is|the design is|architecture:|the plan is)\s+(.{20,300})"),
        (
            "working_solution",
            r"\b(?:resolved by|fixed by|the issue was|the problem was|root cause(?: was| is)?:?)\s+(.{20,300})",
        ),
        ("working_solution", r"\b(?:the (?:fix|solution) (?:is|was))\s+(.{20,300})"),
        ("failed_approach", r"\b(?:didn't work|did not work|doesn't work|does not work|failed because)\s+(.{20,300})"),
        ("failed_approach", r"\b(?:watch out|gotcha|caveat|beware|warning:)\s+(.{20,300})"),
        ("codebase_pattern", r"\b(?:the trick is|the key is|important:)\s+(.{20,300})"),
        ("codebase_pattern", r"\b(?:pattern|convention):\s*(.{20,300})"),
        ("working_solution", r"\b(?:learned|discovered|found out|realized|turns out)\s+(?:that\s+)?(.{20,300})"),
    )
)
MIN_LEARNING_CHARS = 40
MAX_LEARNINGS_PER_RUN = 5


def extract_learnings(text: str) -> list[tuple[str, str]]:
    """(type, sentence) pairs an assistant's text states, at most :data:`MAX_LEARNINGS_PER_RUN`."""
    found: list[tuple[str, str]] = []
    seen: set[str] = set()
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", text):
        for kind, pattern in _LEARNINGS:
            if pattern.search(sentence):
                clean = _sentence(" ".join(sentence.strip(" -*#>").split()))
                key = clean.lower()[:80]
                if len(clean) >= MIN_LEARNING_CHARS and key not in seen and _worth_storing(clean):
                    found.append((kind, clean))
                    seen.add(key)
                break
        if len(found) >= MAX_LEARNINGS_PER_RUN:
            break
    return found
