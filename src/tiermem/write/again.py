"""A fact told again: the same specific values or names in a sentence built anew, said of the same thing, is
the memory told another way, not another fact; the same sentence with a few words swapped is another thing of
its kind. Read by :func:`tiermem.write.revision.compare`."""

from __future__ import annotations

from .changes import redone, tells_change
from .frames import opens_alike, swaps
from .names import reconciled
from .periods import per_period
from .statement import COUNT_KEYS, DURATION_UNITS, VALUE_CHARACTER, Statement, is_name, kind_of, read
from .subject import MAX_REWORDED, openers

SAME_VALUES_COSINE = 0.55  # the same specific values (an amount, a date, a version), built anew: a restatement
# ...the same names (people, places, tools) and a word of content in common: too. At 0.6, held out merged 12 more
# restatements, but chat turns stored as facts, each naming the other speaker, were folded far more often
# (LoCoMo 341 -> 788 of 5,882 turns, LongMemEval_S 1,243 -> 1,787).
SAME_NAMES_COSINE = 0.7
TOLD_AGAIN_COSINE = 0.3  # the same specific values and a word in common, built anew: a restatement from this up


def told_again(new_text: str, old_text: str) -> list[str]:
    """The specific values a new text holds as the old one does (the same amounts, dates or codes; a name or a
    count spelled out, "in one episode", one of them leaves out), told of something both name (a word of content
    in common, not the unit of a length of time) with no change said or thing redone, no negation flipped, and
    not the same sentence with words swapped (another thing of its kind): the same fact built anew ("The Saturday
    food parcel shift takes 12 volunteers to run" / "We need 12 volunteers for the Saturday distribution").
    Empty when it is not."""
    new, old = per_period(read(new_text), read(old_text))  # "£32/mo" is "£32 a month"
    specific = {v for v in new.values if VALUE_CHARACTER.search(v)}  # names opening a sentence aside: read once
    if not specific or specific != {v for v in old.values if VALUE_CHARACTER.search(v)}:
        return []
    new, old = reconciled(new, old)
    if not (new.values <= old.values or old.values <= new.values) or any(
        not is_name(v) and v not in COUNT_KEYS for v in new.values ^ old.values
    ):
        return []
    again = redone(new, old)  # "restocked the tank with ember tetras"
    if new.negations % 2 != old.negations % 2 or tells_change(new, old) or again or substituted(new, old):
        return []
    if opens_alike(new, old):
        return []
    # A length of time's unit is no word of the subject: many facts share "14 days".
    lengths = {kind_of(old, v)[7:] for v in specific} & DURATION_UNITS
    if not (new.content & old.content) - openers(new, old) - lengths:
        return []
    if all(kind_of(old, v) == "code" for v in specific) and not shares_subject(new, old):
        return []  # a code many notes carry ("w0 blanket wizard ...", "w0 chess ..."): half the words in common
    return sorted(new.shown[v] for v in specific)


def same_values(new: Statement, old: Statement, cosine: float) -> bool:
    """The same specific values (each text's values alike, one at least with a digit or a symbol: an amount,
    a date, a version, an address), something of the subject in common and the sentence built anew: the
    same fact told another way ("My monthly rent is $1,450" / "I pay $1,450 every month for the flat")."""
    specific = {v for v in new.values if VALUE_CHARACTER.search(v)}
    if specific:
        alike = specific == {v for v in old.values if VALUE_CHARACTER.search(v)}
        alike = alike and (new.values <= old.values or old.values <= new.values)  # a name may be left out
        # A name and a number both held by the two ("Nextcloud 27.1.3", "the NAS at 192.168.1.50") say what the
        # fact is about as well as words of content do.
        named = new.values == old.values and any(map(is_name, new.values))
        subject = named or shares_subject(new, old)
        return alike and cosine >= SAME_VALUES_COSINE and subject and not substituted(new, old)
    # Names alone are shared by more facts than an amount or a date is: closer in meaning, and a word in common
    # or a name of several words ("Hannah Cole", "Hollins Farm"), which says what it is about as a word does.
    return (
        any(map(is_name, new.values))  # a colour or a weekday alone is said of too many things
        and new.values == old.values
        and cosine >= SAME_NAMES_COSINE
        and (bool(new.content & old.content) or any(is_name(v) and " " in v for v in new.values))
        and not substituted(new, old)
    )


def shares_subject(new: Statement, old: Statement) -> bool:
    """Half the shorter text's content in common, one word at least: the same values said of the same thing,
    not a code or an amount two different facts both hold ("w0 blanket wizard ..." / "w0 chess ...")."""
    shared = len(new.content & old.content)
    return shared >= max(1, min(len(new.content), len(old.content)) / 2)


def substituted(new: Statement, old: Statement) -> bool:
    """Whether most of ``old``'s words stand in ``new`` in the same order, a few swapped for others. Beside the
    same values, words only added or only left out are no swap: the value told another way ("The product
    photos are stored in the Catalog folder" / "You'll find the product photos in the Catalog folder"), when
    a few words of content differ at most. Without a value they may name another thing ("the user likes
    latency budget to be discussed ..." / "... budget approval ...")."""
    reworded = bool(new.values) and new.values == old.values and len(new.content ^ old.content) <= MAX_REWORDED
    return swaps(new, old, replaced=reworded) >= 1
