"""How the board looks: colours (a palette of Rich styles) and the characters it is drawn with.

The board has its own wood background, so stones look the same under dark and light themes;
black and white stones differ in *shape* (``●``/``○``, or ``X``/``O`` in ASCII mode) as well as
colour, so they stay distinct on terminals that downgrade or drop colours.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rich.style import Style

from igs_tui.go import Point
from igs_tui.ui.board.board_layout import star_points


@dataclass(frozen=True)
class BoardPalette:
    """Colours of the board. The defaults are chosen to read well in every theme.

    The wood is a golden tone that terminals without true colour still show as yellow (16
    colours) or gold (256 colours), so black and white stones keep their contrast there too;
    a paler wood would fall to light grey and hide white stones.
    """

    wood: str = "#c9a227"
    grid: str = "#5b4216"
    coords: str = "#4a3a1a"
    black: str = "#000000"
    white: str = "#ffffff"
    marker: str = "#c00000"
    cursor: str = "#2f6fd0"
    label: str = "#0000c0"
    """Candidate letters: blue on the wood (16 colours: blue on yellow), in bold."""

    def style(self, role: str) -> Style:
        return palette_styles(self)[role]


@lru_cache(maxsize=8)
def palette_styles(p: BoardPalette) -> dict[str, Style]:
    wood = Style(bgcolor=p.wood)
    styles = {
        "empty": wood + Style(color=p.grid),
        "star": wood + Style(color=p.grid, bold=True),
        "coords": wood + Style(color=p.coords),
        "black": wood + Style(color=p.black, bold=True),
        "white": wood + Style(color=p.white, bold=True),
        "marker": wood + Style(color=p.marker, bold=True),
        "label": wood + Style(color=p.label, bold=True),
        "terr_black": wood + Style(color=p.black),
        "terr_white": wood + Style(color=p.white),
        "dead_black": wood + Style(color=p.black, dim=True),
        "dead_white": wood + Style(color=p.white, dim=True),
        "num_black": Style(color=p.white, bgcolor=p.black, bold=True),
        "num_white": Style(color=p.black, bgcolor=p.white, bold=True),
        "num_last": Style(color=p.white, bgcolor=p.marker, bold=True),
        "typing": Style(color=p.white, bgcolor=p.cursor, bold=True),
    }
    cursor = Style(bgcolor=p.cursor)
    for role in list(styles):
        styles[f"{role}+cursor"] = styles[role] + cursor
    styles["empty+cursor"] = styles["empty"] + cursor + Style(color=p.white, bold=True)
    styles["star+cursor"] = styles["star"] + cursor + Style(color=p.white)
    return styles


DEFAULT_PALETTE = BoardPalette()


@dataclass(frozen=True, slots=True)
class Glyphs:
    """The characters of one drawing style (Unicode box drawing or plain ASCII)."""

    black: str
    white: str
    star: str
    black_territory: str
    white_territory: str
    dead_black: str
    dead_white: str
    h_line: str
    v_line: str
    unicode_grid: bool


UNICODE_GLYPHS = Glyphs("●", "○", "╋", "▪", "▫", "×", "×", "─", "│", True)
ASCII_GLYPHS = Glyphs("X", "O", "+", "b", "w", "x", "o", " ", " ", False)


MARK_SHAPES: dict[str, tuple[str, str]] = {
    "triangle": ("△", "^"),
    "square": ("□", "#"),
    "circle": ("◎", "@"),
    "cross": ("✕", "*"),
    "diamond": ("◇", "%"),
    "check": ("✓", "v"),
}
"""A record's board marks (SGF TR/SQ/CR/MA, Ishi's special characters): the Unicode and the
ASCII character of each shape. None is a stone's or an empty point's character, so a mark
is never read as a stone (a marked stone shows its colour as the cell's background, as a
move number does)."""

MARKS_ON_BLACK: dict[str, str] = {
    "triangle": "▲",
    "square": "■",
    "circle": "◉",
    "cross": "✖",
    "diamond": "◆",
    "check": "✔",
}
"""The filled Unicode shape of a mark on a black stone: without colours (``NO_COLOR``, a
monochrome terminal) a marked stone still shows its colour, filled for black, hollow for
white, as diagrams in books draw them."""


@lru_cache(maxsize=64)
def empty_glyphs(size: int, unicode_grid: bool) -> tuple[tuple[str, ...], ...]:
    """Per row (0 = bottom), the character of each empty intersection: edges, corners, hoshi."""
    stars = star_points(size)
    rows: list[tuple[str, ...]] = []
    last = size - 1
    for row in range(size):
        chars: list[str] = []
        for col in range(size):
            if Point(col, row) in stars:
                chars.append("╋" if unicode_grid else "+")
            elif not unicode_grid:
                chars.append(".")
            else:
                v = 0 if row == last else (2 if row == 0 else 1)
                h = 0 if col == 0 else (2 if col == last else 1)
                chars.append("┌┬┐├┼┤└┴┘"[v * 3 + h])
        rows.append(tuple(chars))
    return tuple(rows)
