"""Distillation (seed 000): raw conversation -> distilled fact (people, topics, emotion, actions, outcome)
-> one-line core summary. Pure.

Rule mode reproduces the seed's heuristics, with its gaps closed: the fact is the sentence that says the most
(a decision over small talk), names are found by the place they stand in ("with Sarah", "Sarah said"), actions
and the fact are cut on whole phrases, the core summary is a short line of what was done (not a prefix plus
"..."); the fact and the summary keep their byte limits (the seed only tried), sentences end at ``. `` rather
than at every dot (URLs stay whole),
emotions are listed in the order they appear, keywords match whole words. URLs, commands and paths of the
raw text are kept in ``metadata`` whatever the fact keeps. LLM mode asks for the same JSON and falls back to
the rules, saying why.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import NotRequired, TypedDict

from ..config import DistillationSettings
from ..errors import ValidationError
from ..fence import fence
from ..llm.fallback import Mode, attempt
from ..providers.llm import LLMClient, parse_json
from ..recall.query import STOP_WORDS
from ..temporal import MONTHS, WEEKDAYS
from ..text import extract_metadata

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_ROLE = re.compile(r"^\s*(?:user|agent|assistant|human|ai|system)\s*:\s*", re.IGNORECASE)
_TURN = re.compile(r"\b(?:user|agent|assistant|human|ai|system)\s*:\s*", re.IGNORECASE)
_FULL_NAME = re.compile(r"\b([A-Z][a-z]+ [A-Z][a-z]+)\b")
# A name is a capitalised word in a place only a person takes: after "with", "told", ..., or before "said",
# "'s", ... One rule for any name, instead of a list of known names.
_NAME = r"([A-Z][a-z]+)"
_PERSON_BEFORE = re.compile(
    r"\b(?:with|tell|told|ask|asked|thank|thanked|meet|met|call|called|emailed|messaged|pinged|dear|hi|hey)\s+"
    + _NAME
    + r"\b(?!\s*[-/.]\w)"
)
_PERSON_AFTER = re.compile(
    _NAME + r"(?:'s|\s+(?:said|says|told|asked|thinks|thought|wants|wanted|suggested|agreed|mentioned|"
    r"replied|decided|prefers|likes|loves|explained|noted|and I))\b"
)
_NOT_PEOPLE = frozenset({"User", "Agent", "I", "You", "We", "They", "He", "She", "It", "The", "And"})
_CALENDAR = frozenset([*WEEKDAYS, *MONTHS, "today", "tomorrow", "yesterday", "tonight"])
_TOPIC_WORD = re.compile(r"\b[a-z]{3,}\b")
_TECHNICAL = re.compile(r"https?://\S+|www\.\S+|`[^`]*`")  # URLs and commands are metadata, not topics
# Conversation filler the general stop list does not cover.
_FILLER = frozenset(
    [
        "user",
        "agent",
        "assistant",
        "yes",
        "yeah",
        "okay",
        "ok",
        "let",
        "lets",
        "good",
        "great",
        "idea",
        "thanks",
        "thank",
        "really",
        "just",
        "also",
        "like",
        "well",
        "sure",
        "maybe",
        "want",
        "need",
        "think",
        "know",
        "going",
        "get",
        "got",
        "make",
        "made",
        "sounds",
        "way",
        "thing",
        "things",
        "productive",
        "chat",
        "talk",
        "talked",
        "call",
        "discussed",
        "discussion",
        "conversation",
        "first",
    ]
)
EMOTIONS = {
    "happy": ("happy", "glad", "great", "excited", "awesome", "delighted", "pleased", "love"),
    "sad": ("sad", "unhappy", "disappointed", "upset", "miss"),
    "angry": ("angry", "annoyed", "frustrated", "furious"),
    "worried": ("worried", "concerned", "anxious", "nervous", "afraid", "risky"),
    "cautious": ("careful", "cautious", "caution", "safer", "safe"),
    "relieved": ("relieved", "finally", "phew"),
    "grateful": ("thanks", "thank", "grateful", "appreciate"),
}
ACTION_VERBS = (
    "decided",
    "agreed",
    "chose",
    "created",
    "built",
    "fixed",
    "deployed",
    "installed",
    "configured",
    "updated",
    "removed",
    "added",
    "changed",
    "started",
    "finished",
    "completed",
    "switched",
    "migrated",
    "released",
    "tested",
    "deploy",
    "plan to",
    "need to",
    "have to",
    "going to",
    "will",
)
OUTCOMES = {
    "positive": (
        "success",
        "succeeded",
        "worked",
        "works",
        "completed",
        "done",
        "finished",
        "resolved",
        "solved",
        "great",
        "good idea",
    ),
    "negative": ("failed", "broken", "error", "problem", "issue", "wrong", "stuck"),
    "pending": ("working on", "in progress", "need to", "will", "plan to", "waiting", "next"),
}
# The action verbs say what was done, not what it was about: not topics.
_VERBS = frozenset(v for v in ACTION_VERBS if " " not in v) | {"use", "used", "using", "decide", "agree"}
MAX_ACTIONS = 3
MAX_ACTION_BYTES = 60
MAX_TOPICS = 4
# Words a clause may not end on: a cut there leaves the phrase hanging ("... to avoid the").
_DANGLING = frozenset(
    [
        "a",
        "an",
        "the",
        "to",
        "of",
        "for",
        "with",
        "and",
        "or",
        "but",
        "so",
        "by",
        "at",
        "in",
        "on",
        "from",
        "into",
        "that",
        "which",
        "than",
        "as",
    ]
)
# Where a long clause can be cut and still read whole: before a purpose, a reason or a joined second clause.
_PHRASE_BREAK = re.compile(r"\s+(?=(?:to|so|because|since|and|but|which|while|before|after|until|unless)\b)")
_INTERJECTION = re.compile(r"^(?:ok|okay|yes|yeah|sure|good|great|so|then|well|right)\b[,!.]?\s+", re.I)
_CLAUSE_BREAK = re.compile(r"(?=[,;]\s)")
_DECISION = re.compile(r"\b(?:decided|agreed|chose|choose|settled on|going with|will|plan to|let's|lets)\b", re.I)
_AGREEMENT = re.compile(r"\b(?:good idea|agreed|sounds good|makes sense|let's do|yes|ok|okay|sure|deal)\b", re.I)
_PROPOSAL = re.compile(r"^(?:let's|lets|let us|we should|we'll|we will)\s+", re.I)
_SMALL_TALK = re.compile(r"^(?:had an? \w+ (?:chat|call|talk|meeting|conversation)|thanks|thank you|hi|hello)\b", re.I)
_SPECIFIC = re.compile(r"\d|\b[A-Z][A-Za-z]*[A-Z-][A-Za-z-]*\b|\b[A-Z]{2,}\b|https?://|`")


def _has(text: str, phrase: str) -> bool:
    return re.search(rf"\b{re.escape(phrase)}\b", text) is not None


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def turns(text: str) -> list[str]:
    """The sentences with speaker labels removed, a label in mid-line ("... Agent: ...") starting a new one."""
    return [t for s in sentences(text) for t in (p.strip() for p in _TURN.split(s)) if t]


def cut_bytes(text: str, limit: int, ellipsis: str = "") -> str:
    """``text`` within ``limit`` UTF-8 bytes, cut at a word boundary when one is near, never inside a character."""
    if len(text.encode("utf-8")) <= limit:
        return text
    room = limit - len(ellipsis.encode("utf-8"))
    cut = text.encode("utf-8")[: max(0, room)].decode("utf-8", errors="ignore")
    space = cut.rfind(" ")
    if space >= len(cut) * 0.6:
        cut = cut[:space]
    return cut.rstrip(" ,;:-") + ellipsis


def cut_phrase(text: str, limit: int) -> str:
    """``text`` within ``limit`` bytes ending on a whole phrase: cut before "to", "because", "and"... when one
    fits, and never on a word that leaves it hanging ("the", "to")."""
    if len(text.encode("utf-8")) <= limit:
        return text
    # A break past ``limit`` characters is past ``limit`` bytes too: look no further, the cut stays linear.
    head = text[: limit + 1]
    cut = _last_fitting(_CLAUSE_BREAK, head, limit) or _last_fitting(_PHRASE_BREAK, head, limit)
    words = (text[:cut] if cut else cut_bytes(text, limit)).split()
    while len(words) > 1 and words[-1].lower().strip(",;:") in _DANGLING:
        words.pop()
    return " ".join(words).rstrip(" ,;:-")


def _last_fitting(pattern: re.Pattern[str], text: str, limit: int) -> int:
    """The last break of ``pattern`` with at most ``limit`` bytes before it (0: none)."""
    starts = [m.start() for m in pattern.finditer(text) if len(text[: m.start()].encode("utf-8")) <= limit]
    return starts[-1] if starts else 0


def extract_people(text: str) -> list[str]:
    """Full names ("John Smith") and single names in a person's place ("with Sarah", "Sarah said")."""
    full = set(_FULL_NAME.findall(text))
    single = set(_PERSON_BEFORE.findall(text)) | set(_PERSON_AFTER.findall(text))
    single -= {w for name in full for w in name.split()}
    found = {p for p in full | single if not any(_common(w) for w in p.split())}
    return sorted(p for p in found if len(p) > 2)


def _common(word: str) -> bool:
    """A capitalised word that is not a name: a sentence opener ("Let's", "Then"), a day or a month."""
    lowered = word.lower()
    return word in _NOT_PEOPLE or lowered in STOP_WORDS or lowered in _FILLER or lowered in _CALENDAR


def extract_topics(text: str) -> list[str]:
    """The most frequent content words, first seen first among equals (not names, URLs or commands)."""
    names = {w.lower() for p in extract_people(text) for w in p.split()}
    prose = _TECHNICAL.sub(" ", text).lower()
    words = [
        w
        for w in _TOPIC_WORD.findall(prose)
        if w not in STOP_WORDS and w not in _FILLER and w not in _VERBS and w not in names and w not in _CALENDAR
    ]
    counts = Counter(words)
    first = {w: i for i, w in reversed(list(enumerate(words)))}
    return sorted(counts, key=lambda w: (-counts[w], first[w]))[:MAX_TOPICS]


def extract_emotion(text: str) -> str:
    lowered = text.lower()
    positions = {}
    for name, words in EMOTIONS.items():
        hits = [m.start() for w in words for m in re.finditer(rf"\b{re.escape(w)}\b", lowered)]
        if hits:
            positions[name] = min(hits)
    if not positions:
        return "neutral"
    ordered = sorted(positions, key=positions.__getitem__)
    return ordered[0] if len(ordered) == 1 else f"{ordered[0]} → {ordered[-1]}"


def extract_actions(text: str) -> list[str]:
    """For each action verb, in a fixed order, the clause it starts in the first sentence that has it, cut on
    a phrase boundary."""
    actions: list[str] = []
    parts = turns(text)
    for verb in ACTION_VERBS:
        for sentence in parts:
            found = re.search(rf"\b{re.escape(verb)}\b", sentence, re.IGNORECASE)
            if found:
                clause = re.split(r"[,;:]\s", sentence[found.start() :])[0].rstrip(".!?")
                action = cut_phrase(clause, MAX_ACTION_BYTES)
                if not any(action in kept for kept in actions):
                    actions.append(action)
                break
        if len(actions) == MAX_ACTIONS:
            break
    return actions


def extract_outcome(text: str) -> str:
    lowered = text.lower()
    found = {name for name, words in OUTCOMES.items() if any(_has(lowered, w) for w in words)}
    if "positive" in found and "negative" not in found:
        return "positive"
    if "negative" in found and "positive" not in found:
        return "negative"
    return "pending" if "pending" in found else "ongoing"


def _weight(sentence: str) -> int:
    """How much a sentence says: a decision counts most, then an action, then each specific (a number, an
    acronym, a URL); small talk ("Had a productive chat ...") and fragments count least."""
    score = 4 * bool(_DECISION.search(sentence))
    score += 2 * any(_has(sentence.lower(), v) for v in ACTION_VERBS)
    score += min(3, len(_SPECIFIC.findall(sentence)))
    score -= 3 * bool(_SMALL_TALK.search(sentence)) + 3 * (len(sentence) < 20)
    return score


def main_fact(text: str, max_bytes: int) -> str:
    """The sentence that says the most (see ``_weight``; the first among equals), within the limit. A proposal
    the other side agrees to ("Let's X." "Good idea.") is the decision it became ("Decided to X")."""
    parts = turns(text)
    if not parts:
        return cut_bytes(text.strip(), max_bytes)
    best = max(range(len(parts)), key=lambda i: (_weight(parts[i]), -i))
    fact = _INTERJECTION.sub("", parts[best]).rstrip(".!")
    proposal = _PROPOSAL.match(fact)
    if proposal and any(_AGREEMENT.search(later) for later in parts[best + 1 :]):
        fact = "Decided to " + fact[proposal.end() :]
    return cut_phrase(fact, max_bytes)


class Distilled(TypedDict):
    """The seed's distilled fact: the fact itself and what it is about; ``metadata``: the URLs, commands and
    paths of the text, kept verbatim (what the fact may have lost)."""

    fact: str
    emotion: str
    people: list[str]
    topics: list[str]
    actions: list[str]
    outcome: str
    metadata: NotRequired[dict[str, list[str]]]


class Distillation(TypedDict):
    """The seed's ``distill`` JSON."""

    distilled: Distilled
    mode: Mode
    llm_fallback: str | None
    original_size: int
    distilled_size: int
    core_summary: NotRequired[str]


def distill_rule(text: str, settings: DistillationSettings) -> Distilled:
    return {
        "fact": main_fact(text, settings.max_distilled_bytes),
        "emotion": extract_emotion(text),
        "people": extract_people(text),
        "topics": extract_topics(text),
        "actions": extract_actions(text),
        "outcome": extract_outcome(text),
    }


_LEAD = re.compile(r"^(?:decided|agreed|chose|plan(?:ned)?|going|need|have|will)\s+(?:to\s+|on\s+)?", re.I)
_SUMMARY_DROP = frozenset(
    [
        "a",
        "an",
        "the",
        "that",
        "this",
        "these",
        "those",
        "our",
        "my",
        "your",
        "their",
        "we",
        "i",
        "you",
        "is",
        "are",
        "was",
        "were",
        "be",
    ]
)


def core_summary(distilled: Distilled, max_bytes: int, source: str = "") -> str:
    """The seed's one-line summary ("BSC integration: raw JSON-RPC"): the fact's main subject, then what was
    done, with the decision verb and articles dropped; whole words, within ``max_bytes``, no ellipsis."""
    actions = distilled.get("actions") or []
    what = _LEAD.sub("", str(actions[0] if actions else distilled.get("fact", ""))).strip(" .")
    words = [w for w in what.split() if w.lower() not in _SUMMARY_DROP] or what.split()
    topics = [str(t) for t in distilled.get("topics") or []]
    subject = topics[0] if topics and topics[0].lower() not in what.lower() else ""
    line = ""
    for word in words:
        longer = f"{line} {word}".strip()
        if len(longer.encode("utf-8")) > max_bytes - 1:
            break
        line = longer
    while " " in line and line.rsplit(" ", 1)[1].lower() in _DANGLING:
        line = line.rsplit(" ", 1)[0]
    line = line or cut_bytes(what, max_bytes - 1)
    line = line[:1].upper() + line[1:]
    as_written = re.search(rf"\b{re.escape(subject)}\b", f"{distilled.get('fact', '')} {source}", re.IGNORECASE)
    subject = as_written.group(0) if as_written else subject.capitalize()  # "BSC", not "Bsc"
    labelled = f"{subject}: {line}" if subject else line
    return labelled if len(labelled.encode("utf-8")) < max_bytes else line


def llm_prompt(text: str, max_bytes: int) -> str:
    return (
        "Distill this conversation into one fact worth remembering. Answer with one JSON object only:\n"
        '{"fact": "<at most ' + str(max_bytes) + ' bytes>", "emotion": "<one word>", "people": ["..."], '
        '"topics": ["..."], "actions": ["..."], "outcome": "positive|negative|pending|ongoing"}\n'
        "Keep URLs, shell commands and file paths exactly as written.\n\n"
        f"Conversation:\n{fence(text[:4000])}"  # data to distil, never orders to the model
    )


def _strings(value: object, limit: int) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValidationError("people, topics and actions must be lists of strings")
    return [" ".join(v.split()) for v in value if v.strip()][:limit]


def check_llm_distilled(value: object, settings: DistillationSettings) -> Distilled:
    if not isinstance(value, dict) or not isinstance(value.get("fact"), str) or not value["fact"].strip():
        raise ValidationError("the answer has no 'fact' string")
    outcome = str(value["outcome"]) if value.get("outcome") in ("positive", "negative", "pending") else "ongoing"
    return {
        "fact": cut_bytes(" ".join(value["fact"].split()), settings.max_distilled_bytes),
        "emotion": " ".join(str(value.get("emotion") or "neutral").split())[:40],
        "people": _strings(value.get("people"), 10),
        "topics": _strings(value.get("topics"), MAX_TOPICS),
        "actions": _strings(value.get("actions"), MAX_ACTIONS),
        "outcome": outcome,
    }


def distill(
    text: str, settings: DistillationSettings, llm: LLMClient | None = None, *, with_summary: bool = False
) -> Distillation:
    """The seed's ``distill`` JSON: ``distilled``, ``mode``, sizes; ``core_summary`` when asked."""
    if not isinstance(text, str) or not text.strip():
        raise ValidationError("nothing to distill: give --text or --file with some content")
    outcome = attempt(
        llm,
        lambda client: check_llm_distilled(
            parse_json(client.complete(llm_prompt(text, settings.max_distilled_bytes))), settings
        ),
        lambda: distill_rule(text, settings),
    )
    distilled = outcome.value
    metadata = extract_metadata(text)
    if metadata:
        distilled["metadata"] = metadata  # what the fact may have lost, kept verbatim
    result = Distillation(
        distilled=distilled,
        mode=outcome.mode,
        llm_fallback=outcome.llm_fallback,
        original_size=len(text.encode("utf-8")),
        distilled_size=len(json.dumps(distilled, separators=(",", ":"), ensure_ascii=False).encode("utf-8")),
    )
    if with_summary:
        result["core_summary"] = core_summary(distilled, settings.core_summary_bytes, text)
    return result
