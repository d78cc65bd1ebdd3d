"""Query expansion: extra lexical terms for a search, from the LLM or from a small synonym table. Pure.

The recall pipeline adds the terms to its BM25 query; its rescoring still measures coverage of the words
the user typed, so an expansion term can find a memory but not outrank an exact match.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from importlib.resources import files
from typing import Any

from ..text import tokens

MAX_TERMS = 8
TERM_CHARS = (2, 40)


def prompt(query: str) -> str:
    return (
        "List 3 to 6 search terms (single words or short phrases) that mean the same as, or are closely "
        "related to, this question, for a keyword search over an AI agent's memories. Do not repeat the "
        f'question\'s own words. Answer with JSON only: {{"terms": ["..."]}}\n\nQuestion: {" ".join(query.split())}'
    )


def parse_terms(raw: Any, query_terms: Sequence[str]) -> list[str]:
    """The answer's terms: strings of 2-40 characters, at most 8, none of them a query word."""
    values = raw.get("terms") if isinstance(raw, dict) else raw
    if not isinstance(values, list):
        raise ValueError('expected {"terms": [...]}')
    known = set(query_terms)
    terms: list[str] = []
    for value in values:
        if not isinstance(value, str):
            raise ValueError("terms must be strings")
        term = " ".join(value.lower().split())
        low, high = TERM_CHARS
        if low <= len(term) <= high and term not in known and term not in terms:
            terms.append(term)
    if not terms:
        raise ValueError("no usable term")
    return terms[:MAX_TERMS]


@lru_cache(maxsize=1)
def synonym_groups() -> tuple[tuple[str, ...], ...]:
    text = files("tiermem.data").joinpath("synonyms.txt").read_text(encoding="utf-8")
    return tuple(
        tuple(word.strip().lower() for word in line.split(",") if word.strip())
        for line in text.splitlines()
        if line.strip() and not line.startswith("#")
    )


def rule_terms(query: str) -> list[str]:
    """Synonyms of the query's words and phrases from the built-in table (the rule path)."""
    words = tokens(query)
    padded = f" {' '.join(words)} "
    terms: list[str] = []
    for group in synonym_groups():
        if any(f" {' '.join(tokens(entry))} " in padded for entry in group):
            terms += [entry for entry in group if f" {' '.join(tokens(entry))} " not in padded]
    return list(dict.fromkeys(terms))[:MAX_TERMS]
