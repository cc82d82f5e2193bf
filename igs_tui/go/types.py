"""Value types shared by the whole program: stone colours and board points.

A :class:`Point` is ``(col, row)``, both 0-based, ``col`` counted from the left edge and ``row``
from the *bottom* edge, so IGS/GTP ``A1`` is ``Point(0, 0)`` on every board size. This is the
orientation of the IGS and GTP coordinate systems, which is what most of the program speaks;
SGF's top-left origin is converted at the edge (see :mod:`igs_tui.go.coords`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Color(StrEnum):
    """A stone colour; the value is the one-letter code used by IGS, GTP and SGF."""

    BLACK = "B"
    WHITE = "W"

    @property
    def opponent(self) -> Color:
        return Color.WHITE if self is Color.BLACK else Color.BLACK

    @classmethod
    def parse(cls, text: str) -> Color:
        """Accept ``b``/``w``/``black``/``white`` in any case (GTP and Ishi spell it both ways)."""
        t = text.strip().lower()
        if t in ("b", "black"):
            return cls.BLACK
        if t in ("w", "white"):
            return cls.WHITE
        raise ValueError(f"not a colour: {text!r}")


class Point(NamedTuple):
    """A board intersection: ``col`` from the left, ``row`` from the bottom, both 0-based."""

    col: int
    row: int


MIN_SIZE = 2
MAX_SIZE = 25
