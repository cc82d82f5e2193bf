"""Drawing a Go board as terminal cells: pure functions from a picture to lines of segments.

Kept apart from the widget so that it is testable without an app and cheap enough to run on
every move (a full 19×19 board is drawn in about a millisecond). Geometry lives in
:mod:`igs_tui.ui.board.board_layout`, colours and characters in :mod:`igs_tui.ui.board.board_style`;
both
are re-exported here, so callers need only this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Span, Text

from igs_tui.go import COLUMN_LETTERS, Color, Point
from igs_tui.ui.board.board_layout import COORD_WIDTH, BoardLayout, choose_layout, star_points
from igs_tui.ui.board.board_style import (
    ASCII_GLYPHS,
    DEFAULT_PALETTE,
    MARK_SHAPES,
    MARKS_ON_BLACK,
    UNICODE_GLYPHS,
    BoardPalette,
    Glyphs,
    empty_glyphs,
    palette_styles,
)

__all__ = [
    "ASCII_GLYPHS",
    "COORD_WIDTH",
    "DEFAULT_PALETTE",
    "UNICODE_GLYPHS",
    "BoardLayout",
    "BoardOverlay",
    "BoardPalette",
    "BoardPicture",
    "Glyphs",
    "PointMark",
    "PositionLike",
    "changed_rows",
    "choose_layout",
    "picture_of",
    "render_board_line",
    "render_board_lines",
    "render_board_text",
    "star_points",
]


@dataclass(frozen=True, slots=True)
class BoardOverlay:
    """Scoring marks drawn over the position: territory per colour and dead stones."""

    black_territory: frozenset[Point] = frozenset()
    white_territory: frozenset[Point] = frozenset()
    dead: frozenset[Point] = frozenset()


@dataclass(frozen=True, slots=True)
class PointMark:
    """A mark drawn on one point instead of its stone or intersection character: a shape
    (a key of :data:`~igs_tui.ui.board.board_style.MARK_SHAPES`) or, with ``shape`` empty, a short
    text (a label, a move number)."""

    shape: str = ""
    text: str = ""


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """Everything the board shows apart from the cursor: a value, so redraws are cheap to detect."""

    size: int
    stones: Mapping[Point, Color] = field(default_factory=dict)
    last_move: Point | None = None
    numbers: Mapping[Point, int] = field(default_factory=dict)
    """Move numbers to print on stones (empty: draw plain stones)."""
    overlay: BoardOverlay | None = None
    labels: Mapping[Point, str] = field(default_factory=dict)
    """One-character marks on empty points (an engine's candidate moves: ``A``, ``B``...)."""
    marks: Mapping[Point, PointMark] = field(default_factory=dict)
    """Marks and labels of a reviewed record's node (empty: none)."""


def _merge(cells: list[tuple[str, Style]]) -> list[Segment]:
    """Join neighbouring cells of the same style into one segment (fewer objects to paint)."""
    segments: list[Segment] = []
    text = ""
    style: Style | None = None
    for chunk, chunk_style in cells:
        if chunk_style is style:
            text += chunk
        else:
            if style is not None and text:
                segments.append(Segment(text, style))
            text, style = chunk, chunk_style
    if style is not None and text:
        segments.append(Segment(text, style))
    return segments


def _letters_line(layout: BoardLayout, style: Style) -> list[tuple[str, Style]]:
    chars = [" "] * layout.width
    for col in range(layout.size):
        chars[layout.glyph_x(col)] = COLUMN_LETTERS[col]
    return [("".join(chars), style)]


def render_board_lines(
    picture: BoardPicture,
    layout: BoardLayout,
    *,
    cursor: Point | None = None,
    ascii_only: bool = False,
    palette: BoardPalette = DEFAULT_PALETTE,
) -> list[list[Segment]]:
    """Draw ``picture`` in ``layout``: one list of segments per line, ``layout.height`` lines."""
    painter = _LinePainter(picture, layout, cursor, ascii_only, palette)
    return [painter.line(y) for y in range(layout.height)]


def render_board_line(
    picture: BoardPicture,
    layout: BoardLayout,
    y: int,
    *,
    cursor: Point | None = None,
    ascii_only: bool = False,
    palette: BoardPalette = DEFAULT_PALETTE,
) -> list[Segment]:
    """Line ``y`` of :func:`render_board_lines` alone, for redrawing only what a move changed."""
    return _LinePainter(picture, layout, cursor, ascii_only, palette).line(y)


def changed_rows(before: BoardPicture, after: BoardPicture) -> frozenset[int] | None:
    """The board rows whose drawing may differ between two pictures (``None``: all of them).

    Everything drawn on a row depends only on that row's stones, numbers and overlay marks,
    plus the last-move marker and whether numbers are shown at all. A move therefore touches
    the new stone's row, the rows of captured stones and the rows of the old and new last
    move, so a redraw after a move is a few rows instead of the whole board.
    """
    if before.size != after.size:
        return None
    points: set[Point] = set()
    if before.stones != after.stones:
        points.update(point for point, _ in before.stones.items() ^ after.stones.items())
    if before.numbers != after.numbers:
        points.update(point for point, _ in before.numbers.items() ^ after.numbers.items())
    if before.marks != after.marks:
        points.update(point for point, _ in before.marks.items() ^ after.marks.items())
    if before.overlay != after.overlay:
        old = before.overlay or _NO_OVERLAY
        new = after.overlay or _NO_OVERLAY
        points.update(old.black_territory ^ new.black_territory)
        points.update(old.white_territory ^ new.white_territory)
        points.update(old.dead ^ new.dead)
    if before.labels != after.labels:
        points.update(point for point, _ in before.labels.items() ^ after.labels.items())
    rows = {point.row for point in points}
    if before.last_move != after.last_move or bool(before.numbers) != bool(after.numbers):
        rows.update(p.row for p in (before.last_move, after.last_move) if p is not None)
    return frozenset(rows)


_NO_OVERLAY = BoardOverlay()


class _LinePainter:
    """What every line of one drawing shares (styles, glyphs, marks), and how to draw a line."""

    __slots__ = (
        "between_text",
        "coord_style",
        "cursor",
        "empties",
        "glyphs",
        "grid_style",
        "layout",
        "marker_style",
        "picture",
        "styles",
    )

    def __init__(
        self,
        picture: BoardPicture,
        layout: BoardLayout,
        cursor: Point | None,
        ascii_only: bool,
        palette: BoardPalette,
    ) -> None:
        self.picture = picture
        self.layout = layout
        self.cursor = cursor
        self.styles = palette_styles(palette)
        self.glyphs = ASCII_GLYPHS if ascii_only else UNICODE_GLYPHS
        self.empties = empty_glyphs(picture.size, self.glyphs.unicode_grid)
        self.coord_style = self.styles["coords"]
        self.grid_style = self.styles["empty"]
        self.marker_style = self.styles["marker"]
        self.between_text = _between_line(layout, self.glyphs)

    def line(self, y: int) -> list[Segment]:
        """Line ``y``: column letters, a board row, or vertical grid lines between rows."""
        layout = self.layout
        if (layout.top_coords and y == 0) or (layout.bottom_coords and y == layout.height - 1):
            return _merge(_letters_line(layout, self.coord_style))
        offset, between = divmod(y - layout.top, layout.cell_height)
        if between:
            return [Segment(self.between_text, self.grid_style)]
        return self.row(self.picture.size - 1 - offset)

    def row(self, row: int) -> list[Segment]:
        """The line of board row ``row`` (0 is the bottom row)."""
        picture, layout, glyphs, styles = self.picture, self.layout, self.glyphs, self.styles
        size = picture.size
        cw = layout.cell_width
        coord_style, grid_style, marker_style = self.coord_style, self.grid_style, self.marker_style
        overlay = picture.overlay
        stones = picture.stones
        numbers = picture.numbers
        marks = picture.marks
        last = picture.last_move
        cursor = self.cursor
        side = layout.side_coords
        empties = self.empties[row]
        labels = picture.labels
        fast = overlay is None and not numbers and not marks and not labels
        star_char = glyphs.star
        star_style = styles["star"]
        plain_gap = glyphs.h_line * (cw - 1)
        cells: list[tuple[str, Style]] = []
        label = f"{row + 1:>{COORD_WIDTH}} " if side else ""
        if label:
            cells.append((label, coord_style))
        left_slot = "(" if last is not None and last == (0, row) and not numbers else " "
        cells.append((left_slot, marker_style if left_slot != " " else coord_style))
        # the column of the last move on this row (-1: none): brackets in the gaps beside it
        bracket_col = last[0] if last is not None and last[1] == row and not numbers else -1
        for col in range(size):
            point = Point(col, row)
            if fast and point not in stones and point != cursor:
                # the common case (an empty point, no marks) without the general path's calls
                empty = empties[col]
                cells.append((empty, star_style if empty == star_char else grid_style))
                if col < size - 1 and col != bracket_col and col + 1 != bracket_col:
                    cells.append((plain_gap, grid_style))
                    continue
                text, role = empty, ("star" if empty == star_char else "empty")
            else:
                mark = marks.get(point) if marks else None
                if mark is not None and point not in labels:  # an engine's letters go first
                    text, role = _mark_cell(mark, stones.get(point), glyphs, cw)
                else:
                    text, role = _cell(point, empties[col], stones, numbers, overlay, glyphs, cw)
                if role in ("empty", "star") and point in labels:
                    text, role = labels[point][:1], "label"
                if point == last and numbers and role.startswith("num"):
                    role = "num_last"
                if point == cursor:
                    role += "+cursor"
                cells.append((text, styles[role]))
            carry = len(text) - 1  # gap cells already used by a long move number
            gap_len = (cw - 1) - carry
            if col < size - 1:
                if gap_len > 0:
                    cells.extend(
                        _gap(point, last, numbers, gap_len, glyphs, grid_style, marker_style)
                    )
            else:
                right = (cw - 1) - carry
                if right > 0:
                    closing = last == point and not numbers
                    cells.append((")" if closing else " ", marker_style if closing else grid_style))
                    if right > 1:
                        cells.append((" " * (right - 1), coord_style))
                if side:
                    cells.append((f" {row + 1:<{COORD_WIDTH}}", coord_style))
        return _merge(cells)


def _cell(
    point: Point,
    empty: str,
    stones: Mapping[Point, Color],
    numbers: Mapping[Point, int],
    overlay: BoardOverlay | None,
    glyphs: Glyphs,
    cw: int,
) -> tuple[str, str]:
    """The text and style role of one intersection."""
    color = stones.get(point)
    if overlay is not None:
        if color is not None and point in overlay.dead:
            if color is Color.BLACK:
                return glyphs.dead_black, "dead_black"
            return glyphs.dead_white, "dead_white"
        if color is None:
            if point in overlay.black_territory:
                return glyphs.black_territory, "terr_black"
            if point in overlay.white_territory:
                return glyphs.white_territory, "terr_white"
    if color is None:
        return empty, ("star" if empty in ("╋", "+") else "empty")
    number = numbers.get(point) if numbers else None
    if number is not None:
        digits = str(number % (100 if cw <= 2 else 1000))
        return digits, "num_black" if color is Color.BLACK else "num_white"
    if color is Color.BLACK:
        return glyphs.black, "black"
    return glyphs.white, "white"


def _mark_cell(mark: PointMark, color: Color | None, glyphs: Glyphs, cw: int) -> tuple[str, str]:
    """The text and style role of a marked point: the mark on the stone's colour (as a move
    number is drawn), or in the marker colour on an empty point. A text takes at most the
    point and its gap (``cw`` cells) and only characters one cell wide, so the grid stays
    aligned whatever a record's label holds."""
    if mark.shape:
        unicode_char, ascii_char = MARK_SHAPES.get(mark.shape, ("?", "?"))
        if color is Color.BLACK:
            unicode_char = MARKS_ON_BLACK.get(mark.shape, unicode_char)
        text = ascii_char if not glyphs.unicode_grid else unicode_char
    else:
        chars = [c for c in mark.text if c.isprintable() and cell_len(c) == 1]
        text = "".join(chars[:cw]) or "?"
    if color is None:
        return text, "marker"
    return text, "num_black" if color is Color.BLACK else "num_white"


def _gap(
    point: Point,
    last: Point | None,
    numbers: Mapping[Point, int],
    length: int,
    glyphs: Glyphs,
    grid_style: Style,
    marker_style: Style,
) -> list[tuple[str, Style]]:
    """The cells between ``point`` and its right neighbour, with last-move brackets."""
    close = last is not None and last == point and not numbers
    open_ = last is not None and last == (point.col + 1, point.row) and not numbers
    if not close and not open_:
        return [(glyphs.h_line * length, grid_style)]
    if length == 1:
        return [(")" if close else "(", marker_style)]
    out: list[tuple[str, Style]] = []
    middle = length - 1
    if close:
        out.append((")", marker_style))
    else:
        out.append((glyphs.h_line, grid_style))
    if middle > 1:
        out.append((glyphs.h_line * (middle - 1), grid_style))
    if open_:
        out.append(("(", marker_style))
    else:
        out.append((glyphs.h_line, grid_style))
    return out


@lru_cache(maxsize=64)
def _between_line(layout: BoardLayout, glyphs: Glyphs) -> str:
    chars = [" "] * layout.width
    for col in range(layout.size):
        chars[layout.glyph_x(col)] = glyphs.v_line
    return "".join(chars)


class PositionLike(Protocol):
    """What :func:`render_board_text` needs from a game (``igs_tui.go.Game`` fits)."""

    size: int

    def stones(self) -> dict[Point, Color]: ...


def picture_of(
    game: PositionLike,
    *,
    last_move: Point | None = None,
    numbers: Mapping[Point, int] | None = None,
    overlay: BoardOverlay | None = None,
) -> BoardPicture:
    """A :class:`BoardPicture` of a game position."""
    return BoardPicture(game.size, game.stones(), last_move, numbers or {}, overlay)


def render_board_text(
    game: PositionLike,
    *,
    last_move: Point | None = None,
    layout: BoardLayout | None = None,
    ascii_only: bool = False,
    cursor: Point | None = None,
) -> Text:
    """The board of ``game`` as one :class:`Text` (for benchmarks, logs and snapshots)."""
    picture = picture_of(game, last_move=last_move)
    lines = render_board_lines(
        picture, layout or BoardLayout(game.size), cursor=cursor, ascii_only=ascii_only
    )
    parts: list[str] = []
    spans: list[Span] = []
    offset = 0
    for index, segments in enumerate(lines):
        if index:
            parts.append("\n")
            offset += 1
        for segment in segments:
            length = len(segment.text)
            parts.append(segment.text)
            if segment.style is not None:
                spans.append(Span(offset, offset + length, segment.style))
            offset += length
    return Text("".join(parts), end="", spans=spans)
