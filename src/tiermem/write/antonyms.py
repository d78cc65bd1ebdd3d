"""The polarity words a contradiction flips besides a negation: antonyms of general English words and negating
prefixes ("enabled" / "disabled", "locked" / "unlocked"). Closed-class English, chosen for the language and not
for any data set. A statement keeps what of its words these touch (:func:`opposable`, :func:`prefixed`: most
texts have none, see statement.read), so that comparing two texts does not stem every word of both again."""

from __future__ import annotations

from functools import lru_cache

from ..recall.query import stem

# Antonyms of general English words (pairs the negating prefixes below do not produce).
_ANTONYMS = str.split(
    "always/never enable/disable on/off true/false yes/no allow/deny allow/forbid allow/block accept/reject "
    "include/exclude increase/decrease open/close open/closed start/stop public/private success/failure "
    "succeed/fail pass/fail love/hate before/after above/below more/less required/optional mandatory/optional "
    "good/bad up/down first/last same/different visible/hidden online/offline permanent/temporary "
    "present/absent win/lose won/lost high/low fast/slow early/late inside/outside maximum/minimum max/min "
    "add/remove join/leave buy/sell internal/external manual/automatic light/dark black/white left/right "
    "import/export encrypt/decrypt allowed/forbidden allowed/denied enabled/disabled increased/decreased "
    "opened/closed started/stopped passed/failed added/removed like/hate better/worse work/broken working/broken "
    "fixed/broken full/empty hot/cold alive/dead busy/free cheap/expensive wet/dry heavy/light single/married "
    "loud/quiet easy/hard easy/difficult happy/sad awake/asleep healthy/sick rich/poor enabled/off disabled/on "
    "indoors/outdoors indoors/outside inside/outdoors allow/ban allowed/banned permitted/banned permit/ban "
    "allow/prohibit allowed/prohibited permitted/forbidden approve/reject approved/rejected"
)
_PAIRS = {(stem(a), stem(b)) for pair in _ANTONYMS for a, b in [pair.split("/")]}
_OPPOSITE = _PAIRS | {(b, a) for a, b in _PAIRS}
OPPOSITES = {a: frozenset(b for x, b in _OPPOSITE if x == a) for a, _ in _OPPOSITE}  # stem -> its antonyms' stems
_NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "dis", "non", "de")


@lru_cache(maxsize=65536)
def unprefixed(word: str) -> frozenset[str]:
    """The stems of ``word`` without each negating prefix it starts with, written with a hyphen or not, where a
    word of at least 4 letters is left (unable: "able", dislikes: "like", de-winterised: "winterised");
    cached: every word of every text read is asked."""
    rests = (word[len(p) :].removeprefix("-") for p in _NEGATING_PREFIXES if word.startswith(p))
    return frozenset(stem(rest) for rest in rests if len(rest) >= 4)
