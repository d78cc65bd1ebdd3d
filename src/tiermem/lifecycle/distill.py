"""Distillation (seed 000): raw conversation -> distilled fact (people, topics, emotion, actions, outcome)
-> one-line core summary. Pure.

Rule mode reproduces the seed's heuristics, with its gaps closed: the fact and the summary are cut to their
byte limits (the seed only tried), sentences end at ``. `` rather than at every dot (URLs stay whole),
emotions are listed in the order they appear, keywords match whole words. URLs, commands and paths of the
raw text are kept in ``metadata`` whatever the fact keeps. LLM mode asks for the same JSON and falls back to
the rules, saying why.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from ..config import DistillationSettings
from ..errors import ValidationError
from ..fence import fence
from ..llm.fallback import attempt
from ..providers.llm import LLMClient, parse_json
from ..recall.query import STOP_WORDS
from ..text import extract_metadata

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_ROLE = re.compile(r"^\s*(?:user|agent|assistant|human|ai|system)\s*:\s*", re.IGNORECASE)
_FULL_NAME = re.compile(r"\b([A-Z][a-z]+ [A-Z][a-z]+)\b")
_SPEAKER = re.compile(r"\b([A-Z][a-z]+)(?:'s| said| told| asked)\b")
_NOT_PEOPLE = frozenset({"User", "Agent", "I", "You", "We", "They", "He", "She", "It", "The", "And"})
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
MAX_ACTIONS = 3
MAX_ACTION_CHARS = 60
MAX_TOPICS = 5


def _has(text: str, phrase: str) -> bool:
    return re.search(rf"\b{re.escape(phrase)}\b", text) is not None


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


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


def extract_people(text: str) -> list[str]:
    found = {m for m in _FULL_NAME.findall(text)} | {m for m in _SPEAKER.findall(text)}
    return sorted(p for p in found if len(p) > 2 and not _common(p.split()[0]) and not _common(p.split()[-1]))


def _common(word: str) -> bool:
    """Capitalised only because a sentence starts with it ("Let's", "Then"): not a name."""
    return word in _NOT_PEOPLE or word.lower() in STOP_WORDS or word.lower() in _FILLER


def extract_topics(text: str) -> list[str]:
    """The most frequent content words, first seen first among equals (not names, URLs or commands)."""
    names = {w.lower() for p in extract_people(text) for w in p.split()}
    prose = _TECHNICAL.sub(" ", text).lower()
    words = [w for w in _TOPIC_WORD.findall(prose) if w not in STOP_WORDS and w not in _FILLER and w not in names]
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
    """For each action verb, in a fixed order, the clause it starts in the first sentence that has it."""
    actions: list[str] = []
    parts = [_ROLE.sub("", s) for s in sentences(text)]
    for verb in ACTION_VERBS:
        for sentence in parts:
            found = re.search(rf"\b{re.escape(verb)}\b", sentence, re.IGNORECASE)
            if found:
                clause = re.split(r"[,;:]\s", sentence[found.start() :])[0].rstrip(".!?")
                action = cut_bytes(clause, MAX_ACTION_CHARS)
                if action not in actions:
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


def main_fact(text: str, max_bytes: int) -> str:
    """The first sentence with some substance (over 20 characters), speaker labels removed, within the limit."""
    parts = [_ROLE.sub("", s) for s in sentences(text)]
    fact = next((s for s in parts if len(s) > 20), " ".join(parts) or text.strip())
    return cut_bytes(fact, max_bytes)


def distill_rule(text: str, settings: DistillationSettings) -> dict[str, Any]:
    return {
        "fact": main_fact(text, settings.max_distilled_bytes),
        "emotion": extract_emotion(text),
        "people": extract_people(text),
        "topics": extract_topics(text),
        "actions": extract_actions(text),
        "outcome": extract_outcome(text),
    }


def core_summary(distilled: dict[str, Any], max_bytes: int) -> str:
    """The seed's one-line summary: the first person, the fact's first 8 words, the outcome; within ``max_bytes``."""
    people = distilled.get("people") or []
    parts = ([str(people[0])] if people else []) + str(distilled.get("fact", "")).split()[:8]
    if distilled.get("outcome") not in (None, "", "ongoing"):
        parts.append(f"({distilled['outcome']})")
    return cut_bytes(" ".join(parts), max_bytes, "...")


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


def check_llm_distilled(value: object, settings: DistillationSettings) -> dict[str, Any]:
    if not isinstance(value, dict) or not isinstance(value.get("fact"), str) or not value["fact"].strip():
        raise ValidationError("the answer has no 'fact' string")
    outcome = value.get("outcome") if value.get("outcome") in ("positive", "negative", "pending") else "ongoing"
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
) -> dict[str, Any]:
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
    result: dict[str, Any] = {
        "distilled": distilled,
        **outcome.report(),
        "original_size": len(text.encode("utf-8")),
        "distilled_size": len(json.dumps(distilled).encode("utf-8")),
    }
    if with_summary:
        result["core_summary"] = core_summary(distilled, settings.core_summary_bytes)
    return result
