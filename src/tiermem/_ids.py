"""Sortable, unique memory ids (ULID layout: 48-bit milliseconds + 80 random bits, Crockford base32)."""

from __future__ import annotations

import base64
import os
import time

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
# base64's base32 digits in order, mapped onto Crockford's: its C encoder does the 5-bit split for us.
_TO_CROCKFORD = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", _ALPHABET)


def new_id(at: float | None = None) -> str:
    """Return a 26-character id that sorts by creation time (to the millisecond)."""
    ms = int((time.time() if at is None else at) * 1000) & ((1 << 48) - 1)
    value = (ms << 80) | int.from_bytes(os.urandom(10), "big")
    # 26 digits hold 130 bits: the 128-bit value after two zero bits, so shift it into 17 bytes (136 bits)
    # leaving two zero bits on the left and six on the right, and keep the first 26 digits.
    return base64.b32encode((value << 6).to_bytes(17, "big")).decode("ascii")[:26].translate(_TO_CROCKFORD)
