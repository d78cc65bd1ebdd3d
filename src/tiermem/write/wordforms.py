"""English word forms read without a dictionary. Pure."""

from __future__ import annotations

# Endings of English adverbs made from adjectives ("usually", "apparently", "hopefully"); no given name ends so
# ("Sally", "Emily", "Kimberly" do not), and a word of five letters or fewer is never taken for one.
_ADVERB_ENDINGS = (
    "ally",
    "ently",
    "antly",
    "ously",
    "ively",
    "edly",
    "fully",
    "ably",
    "ibly",
    "ately",
    "itely",
    "ingly",
)


def is_adverb(lowered: str) -> bool:
    """Whether a lower-cased word is an adverb by its ending: "Usually Ines ..." opens with one, not a name."""
    return len(lowered) > 5 and lowered.endswith(_ADVERB_ENDINGS)
