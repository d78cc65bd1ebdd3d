"""Verbs that end what follows them, read as a negation of it ("I stopped drinking coffee" negates "I drink
coffee"). Closed-class English. Pure."""

from __future__ import annotations

from itertools import pairwise

from ..recall.query import stem

# Verbs that ended what follows them: "stopped drinking coffee", "gave up meat" (the negations of "drinks
# coffee", "eats meat"). In the past tense only: the present tells when a routine ends ("the alarm stops
# ringing after a minute", "the heater stops running at 6 am"), and "stop" alone is no negation ("the bus
# stopped at Main Street").
_STOPPING = frozenset({"stopped", "ceased"})
_GIVING = frozenset({"gave", "given"})
_CEASING = _STOPPING | _GIVING


def ceased(words: tuple[str, ...], content: set[str]) -> int:
    """How many times a stopping verb stands before a verb's -ing form, a form of "give" before "up", or a
    verb of ending before its particle ("switched off", "dropped out", "shut the sprinklers off"): each a
    negation, and the verb is no content of its own (the new text of "I drink coffee" is "I stopped drinking
    coffee": the same content, the polarity flipped)."""
    ceased = 0
    for i, (word, following) in enumerate(pairwise(words)):
        particles = _ENDING.get(word)
        if (
            (word in _STOPPING and following.endswith("ing") and len(following) >= 5)
            or (word in _GIVING and following == "up")
            or (
                particles is not None
                and not particles.isdisjoint(words[i + 1 + (word in _APART) : i + 2 + _OBJECT_WORDS])
            )
        ):
            ceased += 1
            content.discard(stem(word))
    return ceased


# Past forms of verbs that end or take away something with their particle, the object between them or not.
_OFF, _OUT = frozenset({"off"}), frozenset({"out"})
_ENDING = {
    "switched": _OFF,
    "turned": _OFF,
    "shut": _OFF,
    "cut": _OFF | _OUT,  # "cut the cable off", "cut dairy out of my diet"
    "called": _OFF,
    "took": _OFF,
    "dropped": _OUT,
    "opted": _OUT,
    "pulled": _OFF | _OUT,  # "pulled the demo off Steam"
    "phased": _OUT,
    "moved": _OUT,  # "moved out of the student housing"
}
_OBJECT_WORDS = 4  # "shut the drip irrigation system off"
_APART = frozenset({"took"})  # with its object between: "took the fee off" ends, "the plane took off" leaves
CEASE_TRIGGERS = _CEASING | frozenset(_ENDING)
