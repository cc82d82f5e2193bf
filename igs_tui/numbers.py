"""Numbers from a server, bounded where they are read.

Every number IGS sends (game and move numbers, sizes, seconds, counts) fits in nine digits. A
longer one is a protocol error, not an int: Python refuses ``int()`` of a string over 4300
digits (CVE-2020-10735), and a hostile server could otherwise end the connection with one line.
Readers match ``\\d{1,9}`` in their regular expressions; the rest convert through these.
"""

from __future__ import annotations

import re

MAX_DIGITS = 9
"""Every number IGS sends fits in nine digits; a longer one is a protocol error, not an int
(Python refuses to convert strings of over 4300 digits, and nothing needs more)."""
_INT_RE = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_FLOAT_RE = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}(?:\.[0-9]{{1,{MAX_DIGITS}}})?")


def bounded_int(text: str, digits: int = MAX_DIGITS) -> int | None:
    """``text`` as a non-negative int of one to ``digits`` ASCII digits, else None."""
    if digits == MAX_DIGITS:
        return int(text) if _INT_RE.fullmatch(text) else None
    ok = 0 < len(text) <= digits and text.isascii() and text.isdigit()
    return int(text) if ok else None


def bounded_float(text: str) -> float | None:
    """``text`` as a finite decimal (``-6.5``, ``0``) of bounded length, else None (no
    ``nan``, ``inf`` or exponents, which ``float()`` would take)."""
    return float(text) if _FLOAT_RE.fullmatch(text) else None
