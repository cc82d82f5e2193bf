"""The Go rules engine: pure Python, no I/O. See :mod:`igs_tui.go.game` for the entry point."""

from igs_tui.go.coords import (
    COLUMN_LETTERS,
    CoordinateError,
    format_point,
    format_sgf_point,
    parse_point,
    parse_sgf_point,
)
from igs_tui.go.types import MAX_SIZE, MIN_SIZE, Color, Point

__all__ = [
    "COLUMN_LETTERS",
    "MAX_SIZE",
    "MIN_SIZE",
    "Color",
    "CoordinateError",
    "Point",
    "format_point",
    "format_sgf_point",
    "parse_point",
    "parse_sgf_point",
]
