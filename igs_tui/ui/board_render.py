"""Drawing a Go board as terminal cells: pure functions from a picture to lines of segments.

Kept apart from the widget so that it is testable without an app and cheap enough to run on
every move (the whole 19×19 board is redrawn in well under a millisecond; see the UI bench).

Geometry. Each intersection is one *glyph* cell; between neighbouring glyphs there is a gap of
``cell_width - 1`` cells (a horizontal grid line) and between board rows ``cell_height - 1``
lines (vertical grid lines). A terminal cell is about twice as tall as it is wide, so
``cell_width=2, cell_height=1`` (compact, 19×19 in 43×21 cells) and ``4×2`` (wide, 83×39) both
look square. One extra cell left and right of every glyph holds the last-move brackets ``( )``.

Readability. The board has its own wood background, so stones look the same under dark and
light themes; black and white stones differ in *shape* (``●``/``○``, or ``X``/``O`` in ASCII
mode) as well as colour, so they stay distinct on terminals that downgrade or drop colours.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

from rich.segment import Segment
from rich.style import Style
from rich.text import Span, Text

from igs_tui.go import COLUMN_LETTERS, Color, Point

COORD_WIDTH = 2
"""Row numbers take two cells (boards go up to 25)."""


@dataclass(frozen=True, slots=True)
class BoardOverlay:
    """Scoring marks drawn over the position: territory per colour and dead stones."""

    black_territory: frozenset[Point] = frozenset()
    white_territory: frozenset[Point] = frozenset()
    dead: frozenset[Point] = frozenset()


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """Everything the board shows apart from the cursor: a value, so redraws are cheap to detect."""

    size: int
    stones: Mapping[Point, Color] = field(default_factory=dict)
    last_move: Point | None = None
    numbers: Mapping[Point, int] = field(default_factory=dict)
    """Move numbers to print on stones (empty: draw plain stones)."""
    overlay: BoardOverlay | None = None


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where each intersection lands in cell coordinates, and the inverse for mouse clicks."""

    size: int
    cell_width: int = 2
    cell_height: int = 1
    top_coords: bool = True
    bottom_coords: bool = True
    side_coords: bool = True

    @property
    def left(self) -> int:
        """Cells left of the first glyph: row numbers, a space, and the bracket slot."""
        return (COORD_WIDTH + 1 if self.side_coords else 0) + 1

    @property
    def right(self) -> int:
        """Cells right of the last glyph: the bracket/number slot and the row numbers."""
        return (self.cell_width - 1) + (COORD_WIDTH + 1 if self.side_coords else 0)

    @property
    def top(self) -> int:
        return 1 if self.top_coords else 0

    @property
    def width(self) -> int:
        return self.left + (self.size - 1) * self.cell_width + 1 + self.right

    @property
    def height(self) -> int:
        grid = (self.size - 1) * self.cell_height + 1
        return self.top + grid + (1 if self.bottom_coords else 0)

    def glyph_x(self, col: int) -> int:
        return self.left + col * self.cell_width

    def line_y(self, row: int) -> int:
        """The line of board row ``row`` (row 0 is the bottom edge, drawn last)."""
        return self.top + (self.size - 1 - row) * self.cell_height

    def point_at(self, x: int, y: int) -> Point | None:
        """The intersection nearest to cell ``(x, y)``, or ``None`` outside the grid.

        A click on a gap or between-rows line belongs to the nearest intersection, so the
        whole cell around a point is a target, not only its one glyph character.
        """
        cw, ch = self.cell_width, self.cell_height
        dx = x - self.left
        dy = y - self.top
        if dx < -(cw // 2) or dy < -(ch // 2):
            return None
        col = (dx + cw // 2) // cw
        line = (dy + ch // 2) // ch
        if not (0 <= col < self.size and 0 <= line < self.size):
            return None
        return Point(col, self.size - 1 - line)


def choose_layout(size: int, width: int, height: int) -> BoardLayout:
    """The largest layout that fits ``width``×``height`` cells, dropping coordinates last.

    Tried in order: wide cells with all coordinates, compact with all coordinates, compact
    without the bottom letters, without any letters, then without row numbers. When nothing
    fits, the smallest is returned and the widget crops it.
    """
    candidates = (
        BoardLayout(size, 4, 2),
        BoardLayout(size, 2, 1),
        BoardLayout(size, 2, 1, bottom_coords=False),
        BoardLayout(size, 2, 1, top_coords=False, bottom_coords=False),
        BoardLayout(size, 2, 1, False, False, False),
    )
    for layout in candidates:
        if layout.width <= width and layout.height <= height:
            return layout
    return candidates[-1]


def star_points(size: int) -> frozenset[Point]:
    """Hoshi: the traditional ones on 9, 13 and 19, and the same pattern scaled elsewhere.

    Corner stars sit on the 3rd line below 13×13 and on the 4th line from 13×13 up; odd sizes
    add the centre (tengen), and odd sizes from 15 up add the four side stars (as on 19×19).
    Boards too small for corner stars only get tengen when they are odd and at least 5×5.
    """
    if size < 5:
        return frozenset()
    edge = 3 if size >= 13 else 2
    far = size - 1 - edge
    mid = size // 2
    odd = size % 2 == 1
    points: set[Point] = set()
    if far - edge >= 2:
        points.update({Point(edge, edge), Point(far, edge), Point(edge, far), Point(far, far)})
    if odd:
        points.add(Point(mid, mid))
        if size >= 15:
            points.update({Point(mid, edge), Point(mid, far), Point(edge, mid), Point(far, mid)})
    return frozenset(points)


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

    def style(self, role: str) -> Style:
        return _palette_styles(self)[role]


@lru_cache(maxsize=8)
def _palette_styles(p: BoardPalette) -> dict[str, Style]:
    wood = Style(bgcolor=p.wood)
    styles = {
        "empty": wood + Style(color=p.grid),
        "star": wood + Style(color=p.grid, bold=True),
        "coords": wood + Style(color=p.coords),
        "black": wood + Style(color=p.black, bold=True),
        "white": wood + Style(color=p.white, bold=True),
        "marker": wood + Style(color=p.marker, bold=True),
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


@lru_cache(maxsize=64)
def _empty_glyphs(size: int, unicode_grid: bool) -> tuple[tuple[str, ...], ...]:
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
    size = picture.size
    styles = _palette_styles(palette)
    glyphs = ASCII_GLYPHS if ascii_only else UNICODE_GLYPHS
    empties = _empty_glyphs(size, glyphs.unicode_grid)
    cw, ch = layout.cell_width, layout.cell_height
    coord_style = styles["coords"]
    grid_style = styles["empty"]
    marker_style = styles["marker"]
    overlay = picture.overlay
    stones = picture.stones
    numbers = picture.numbers
    last = picture.last_move
    side = layout.side_coords
    lines: list[list[Segment]] = []

    if layout.top_coords:
        lines.append(_merge(_letters_line(layout, coord_style)))
    between_text = _between_line(layout, glyphs)
    fast = overlay is None and not numbers
    star_char = glyphs.star
    star_style = styles["star"]
    plain_gap = glyphs.h_line * (cw - 1)
    for line_index in range(size):
        row = size - 1 - line_index
        cells: list[tuple[str, Style]] = []
        label = f"{row + 1:>{COORD_WIDTH}} " if side else ""
        if label:
            cells.append((label, coord_style))
        left_slot = "(" if last is not None and last == (0, row) and not numbers else " "
        cells.append((left_slot, marker_style if left_slot != " " else coord_style))
        # the column whose left gap holds the last-move "(" on this row (-1: none)
        bracket_col = last[0] if last is not None and last[1] == row and not numbers else -1
        for col in range(size):
            point = Point(col, row)
            if fast and point not in stones and point != cursor:
                # the common case (an empty point, no marks) without the general path's calls
                empty = empties[row][col]
                cells.append((empty, star_style if empty == star_char else grid_style))
                if col < size - 1 and bracket_col != col + 1:
                    cells.append((plain_gap, grid_style))
                    continue
                text, role = empty, ("star" if empty == star_char else "empty")
            else:
                text, role = _cell(point, empties[row][col], stones, numbers, overlay, glyphs, cw)
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
        lines.append(_merge(cells))
        if ch > 1 and line_index < size - 1:
            for _ in range(ch - 1):
                lines.append([Segment(between_text, grid_style)])
    if layout.bottom_coords:
        lines.append(_merge(_letters_line(layout, coord_style)))
    return lines


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
