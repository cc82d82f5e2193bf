"""Board geometry in terminal cells: where each intersection is drawn, and back for clicks.

Each intersection is one *glyph* cell; between neighbouring glyphs there is a gap of
``cell_width - 1`` cells (a horizontal grid line) and between board rows ``cell_height - 1``
lines (vertical grid lines). A terminal cell is about twice as tall as it is wide, so
``cell_width=2, cell_height=1`` (compact, 19×19 in 45×21 cells) and ``4×2`` (wide, 83×39) both
look square. One extra cell left and right of every glyph holds the last-move brackets ``( )``.
"""

from __future__ import annotations

from dataclasses import dataclass

from igs_tui.go import Point

COORD_WIDTH = 2
"""Row numbers take two cells (boards go up to 25)."""


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

    Tried in order: large 6x3 cells (a 9x9 or 13x13 board in a big terminal: it stayed at
    4x2, a third of a 160x48 screen), wide cells with all coordinates, 3x2 cells (a little
    taller than wide, so that a board beside a list still fills the height), compact with all
    coordinates, compact without the bottom letters, without any letters, then without row
    numbers. When nothing fits, the smallest is returned and the widget crops it.
    """
    candidates = (
        BoardLayout(size, 6, 3),
        BoardLayout(size, 4, 2),
        BoardLayout(size, 3, 2),
        BoardLayout(size, 2, 1),
        BoardLayout(size, 2, 1, bottom_coords=False),
        BoardLayout(size, 2, 1, top_coords=False, bottom_coords=False),
        BoardLayout(size, 2, 1, False, False, False),
    )
    for layout in candidates:
        if layout.width <= width and layout.height <= height:
            return layout
    return candidates[-1]


def side_width(
    size: int, width: int, height: int, *, least: int, narrow: int, most: int
) -> int | None:
    """The width of the panel beside a ``size`` board in ``width``×``height`` cells: what the
    largest layout that fits beside ``least`` cells leaves (at most ``most``); in a small
    terminal as little as ``narrow`` if the board fits then; ``None`` when the board does not
    fit beside even ``narrow`` cells, so that the board (or its "terminal too small" message)
    gets the whole width instead of a column squeezed by the panel."""
    for room in (least, narrow):
        layout = choose_layout(size, width - room, height)
        if layout.width <= width - room and layout.height <= height:
            return max(room, min(most, width - layout.width))
    return None


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
