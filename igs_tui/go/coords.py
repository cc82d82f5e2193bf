"""Conversion between :class:`Point` and the text coordinates of IGS/GTP and SGF.

IGS and GTP (GTP v2 spec §2.11) name columns with the letters ``A``–``Z`` *without* ``I``
and rows with numbers counted from the bottom, so on 19×19 ``A1`` is the lower left corner
and ``T19`` the upper right. The 25 letters allow boards up to 25×25. SGF (FF[4]) names a
point with two lower-case letters, column then row, counted from the *top* left corner;
an empty value (or ``tt`` on boards up to 19×19) is a pass.
"""

from __future__ import annotations

from igs_tui.go.types import MAX_SIZE, MIN_SIZE, Point

COLUMN_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
_SGF_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class CoordinateError(ValueError):
    """A coordinate text that does not name a point on the board."""


def check_size(size: int) -> int:
    """Return ``size`` if it is a supported board size (2–25), else raise :class:`ValueError`."""
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, not {size!r}")
    return size


def on_board(point: Point, size: int) -> bool:
    return 0 <= point.col < size and 0 <= point.row < size


def parse_point(text: str, size: int) -> Point:
    """Parse an IGS/GTP vertex such as ``Q16`` or ``q16`` (case-insensitive).

    Raises :class:`CoordinateError` for empty text, the letter ``I``, a malformed number or a
    point off a ``size``×``size`` board. ``pass`` is not a point: callers handle it first.
    """
    check_size(size)
    t = text.strip()
    if not t:
        raise CoordinateError("empty coordinate")
    letter, digits = t[0].upper(), t[1:]
    if letter == "I":
        raise CoordinateError(f"{text!r}: the letter I is not used in coordinates")
    col = COLUMN_LETTERS.find(letter)
    if col < 0:
        raise CoordinateError(f"{text!r}: column must be a letter A-Z without I")
    if not digits.isascii() or not digits.isdigit() or digits.startswith("0") or len(digits) > 2:
        raise CoordinateError(f"{text!r}: row must be a number from 1")
    row = int(digits) - 1
    point = Point(col, row)
    if not on_board(point, size):
        raise CoordinateError(f"{text!r} is off the {size}x{size} board")
    return point


def format_point(point: Point, size: int) -> str:
    """Format a point as an IGS/GTP vertex (``Q16``); raises :class:`CoordinateError` off board."""
    check_size(size)
    if not on_board(point, size):
        raise CoordinateError(f"{tuple(point)!r} is off the {size}x{size} board")
    return f"{COLUMN_LETTERS[point.col]}{point.row + 1}"


def parse_sgf_point(text: str, size: int) -> Point | None:
    """Parse an SGF point value (``pd``); return ``None`` for a pass (``""`` or ``tt`` ≤ 19×19)."""
    check_size(size)
    t = text.strip()
    if t == "" or (t == "tt" and size <= 19):
        return None
    if len(t) != 2 or t[0] not in _SGF_LETTERS or t[1] not in _SGF_LETTERS:
        raise CoordinateError(f"{text!r} is not an SGF point")
    col = _SGF_LETTERS.index(t[0])
    row = size - 1 - _SGF_LETTERS.index(t[1])
    point = Point(col, row)
    if not on_board(point, size):
        raise CoordinateError(f"SGF point {text!r} is off the {size}x{size} board")
    return point


def format_sgf_point(point: Point | None, size: int) -> str:
    """Format a point as SGF letters; ``None`` (pass) becomes ``""`` (FF[4] pass)."""
    check_size(size)
    if point is None:
        return ""
    if not on_board(point, size):
        raise CoordinateError(f"{tuple(point)!r} is off the {size}x{size} board")
    return _SGF_LETTERS[point.col] + _SGF_LETTERS[size - 1 - point.row]
