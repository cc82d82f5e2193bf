"""Go ranks as text (``"3k*"``, ``"2d"``, ``"9p"``, ``"NR"``) and as sortable numbers.

Servers append ``*`` (established rating), ``?`` or ``+`` to ranks; the number ignores them.
Kyu ranks count down towards 1k, then amateur dan, then professional dan, so the value is
``-kyu`` for kyu, ``dan - 1`` for amateur dan and ``10 + dan`` for professionals.
"""

from __future__ import annotations

import re

_RANK = re.compile(r"^\s*(\d{1,2})\s*([kdp])", re.IGNORECASE)


def rank_value(rank: str) -> float | None:
    """Return a sortable number for ``rank`` or ``None`` if it is unranked/unknown."""
    m = _RANK.match(rank)
    if not m:
        return None
    n, kind = int(m.group(1)), m.group(2).lower()
    if kind == "k":
        return float(-n)
    if kind == "d":
        return float(n - 1)
    return float(10 + n)


def parse_rank_range(text: str) -> tuple[float | None, float | None]:
    """Parse ``"4k-3d"`` / ``"5k"`` / ``"-1d"`` / ``"1d-"`` into inclusive numeric bounds.

    Raises :class:`ValueError` for text that names no rank, so a filter box can say so.
    """
    t = text.strip()
    if not t:
        return (None, None)
    lo_text, sep, hi_text = t.partition("-")
    if not sep:
        value = rank_value(t)
        if value is None:
            raise ValueError(f"not a rank: {text!r}")
        return (value, value)
    lo = rank_value(lo_text) if lo_text.strip() else None
    hi = rank_value(hi_text) if hi_text.strip() else None
    if (lo_text.strip() and lo is None) or (hi_text.strip() and hi is None):
        raise ValueError(f"not a rank range: {text!r}")
    if lo is not None and hi is not None and lo > hi:
        lo, hi = hi, lo
    return (lo, hi)
