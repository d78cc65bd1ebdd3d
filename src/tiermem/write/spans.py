"""Code spans in a note: `make test`, `DATABASE_URL`, `~/.config/app.toml`.

A command, a path or a key in backticks is what a technical note says, as a number is, however many words it
has: "Run the tests with `pytest -n auto`" changes to "... `make test`" by the whole span, never by one of its
words. :func:`code_spans` makes each span one token that the statement reader takes as a value; the span's
words are still what the note is about (:func:`span_words`), but they are not words the two sentences share
outside their values (see ``Statement.spanned``).
"""

from __future__ import annotations

import re

_CODE_SPAN = re.compile(r"`([^`\n]{1,200})`")  # markdown inline code; no line breaks, bounded: linear to scan
_NOT_IN_TOKEN = re.compile(r"[^\w.:/@+-]+")  # what the statement tokenizer would split a span at


def code_spans(text: str) -> tuple[str, dict[str, str]]:
    """The text with each code span replaced by one token (``_make_test_``), and each token, lower-cased as
    the reader keys values, mapped to the span as written (the explanation shows `make test`)."""
    if "`" not in text:
        return text, {}
    spans: dict[str, str] = {}

    def token(match: re.Match[str]) -> str:
        placeholder = f"_{_NOT_IN_TOKEN.sub('_', match[1])}_"
        spans[placeholder.lower()] = match[0]
        return placeholder

    return _CODE_SPAN.sub(token, text), spans


def span_words(span: str) -> list[str]:
    """The words of a span as written ("`ruff check .`": ruff, check, .), for the reader to stem."""
    return [part for part in _NOT_IN_TOKEN.split(span.strip("`")) if part]
