"""The Go board widget: draws a :class:`BoardPicture`, moves a cursor, reports chosen points.

Attributes down, messages up: the owner sets :attr:`BoardWidget.picture` (a value) and the
widget posts :class:`BoardWidget.PointSelected` when the user clicks an intersection, presses
Enter/space on the cursor, or types a coordinate such as ``q16`` followed by Enter. It knows
nothing about servers, turns or legality; the game view decides what a selection means.

Keys while focused: arrows or ``h``/``j``/``k``/``l`` move the cursor; a column letter starts
a typed coordinate (``h``/``j``/``k``/``l`` count as column letters when a digit follows them),
digits continue it, Backspace edits, Escape cancels, Enter commits.
Typing ``pass`` and Enter posts :class:`BoardWidget.PassRequested`. Other keys bubble up, so
the game view's bindings (browse, unobserve, ...) keep working while the board has focus.

Drawing uses the Line API with strips cached until the picture, cursor, focus or size change,
so a repaint after a move costs one render of the board, not one per line.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from igs_tui.go import COLUMN_LETTERS, CoordinateError, Point, parse_point
from igs_tui.ui.board_render import (
    DEFAULT_PALETTE,
    BoardLayout,
    BoardPalette,
    BoardPicture,
    choose_layout,
    render_board_lines,
)

MAX_TYPED = 6


class BoardWidget(Widget, can_focus=True):
    """An interactive Go board of any size from 2×2 to 25×25."""

    DEFAULT_CSS = """
    BoardWidget {
        width: 1fr;
        height: 1fr;
        min-width: 10;
        min-height: 4;
    }
    """

    BINDINGS = [
        Binding("up,k", "move_cursor(0, 1)", "Up", show=False),
        Binding("down,j", "move_cursor(0, -1)", "Down", show=False),
        Binding("left,h", "move_cursor(-1, 0)", "Left", show=False),
        Binding("right,l", "move_cursor(1, 0)", "Right", show=False),
        Binding("enter,space", "select", "Play/select", show=False),
    ]

    @dataclass
    class PointSelected(Message):
        """The user chose ``point`` (click, Enter/space on the cursor, or typed coordinate)."""

        point: Point
        board: BoardWidget | None = None

        @property
        def control(self) -> BoardWidget | None:
            return self.board

    @dataclass
    class PassRequested(Message):
        """The user typed ``pass`` on the board."""

        board: BoardWidget

        @property
        def control(self) -> BoardWidget:
            return self.board

    def __init__(
        self,
        picture: BoardPicture | None = None,
        *,
        ascii_only: bool = False,
        palette: BoardPalette = DEFAULT_PALETTE,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._picture = picture or BoardPicture(19)
        self._ascii_only = ascii_only
        self._palette = palette
        mid = self._picture.size // 2
        self._cursor = Point(mid, mid)
        self._typed = ""
        self._typing_error = ""
        self._cursor_letter: tuple[str, Point] | None = None
        """A cursor key that may turn out to be a column letter (see :meth:`_handle_typing`)."""
        self._strips: list[Strip] | None = None
        self._layout: BoardLayout | None = None

    # attributes -------------------------------------------------------------------------------
    @property
    def picture(self) -> BoardPicture:
        return self._picture

    @picture.setter
    def picture(self, picture: BoardPicture) -> None:
        if picture == self._picture:
            return
        if picture.size != self._picture.size:
            self._cursor = self._clamp(self._cursor, picture.size)
            self._layout = None
        self._picture = picture
        self._invalidate()

    @property
    def cursor(self) -> Point:
        return self._cursor

    @cursor.setter
    def cursor(self, point: Point) -> None:
        point = self._clamp(point, self._picture.size)
        if point != self._cursor:
            self._cursor = point
            self._invalidate()

    @property
    def ascii_only(self) -> bool:
        return self._ascii_only

    @ascii_only.setter
    def ascii_only(self, value: bool) -> None:
        if value != self._ascii_only:
            self._ascii_only = value
            self._invalidate()

    @property
    def typed(self) -> str:
        """The coordinate being typed (empty when not typing)."""
        return self._typed

    @property
    def board_layout(self) -> BoardLayout:
        """The layout used for the current widget size."""
        if self._layout is None:
            self._layout = choose_layout(self._picture.size, self.size.width, self.size.height)
        return self._layout

    @staticmethod
    def _clamp(point: Point, size: int) -> Point:
        return Point(max(0, min(size - 1, point.col)), max(0, min(size - 1, point.row)))

    def _invalidate(self) -> None:
        """Redraw after a change, repainting only the lines that differ.

        A move usually changes two or three lines (the new stone, the old and new last-move
        marker, captures); repainting just those keeps the screen update small. The strips are
        rendered eagerly here (about a millisecond) so they can be compared with the old ones.
        """
        old = self._strips
        self._strips = None
        if old is None or not self.is_mounted or not self.size.area:
            self.refresh()
            return
        new = self._render_strips()
        self._strips = new
        if len(new) != len(old):
            self.refresh()
            return
        width = self.size.width
        for y, (before, after) in enumerate(zip(old, new, strict=True)):
            if before != after:
                self.refresh(Region(0, y, width, 1))

    # rendering --------------------------------------------------------------------------------
    def on_resize(self, _event: events.Resize) -> None:
        self._layout = None
        self._strips = None
        self.refresh()

    def on_focus(self, _event: events.Focus) -> None:
        self._invalidate()

    def on_blur(self, _event: events.Blur) -> None:
        self._typed = ""
        self._typing_error = ""
        self._invalidate()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return choose_layout(self._picture.size, container.width, container.height).width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return choose_layout(self._picture.size, width, container.height).height

    def _render_strips(self) -> list[Strip]:
        layout = self.board_layout
        lines = render_board_lines(
            self._picture,
            layout,
            cursor=self._cursor if self.has_focus else None,
            ascii_only=self._ascii_only,
            palette=self._palette,
        )
        note = self._typing_note()
        if note:
            index = len(lines) - 1 if layout.bottom_coords or not layout.top_coords else 0
            style = self._palette.style("typing")
            lines[index] = [Segment(note[: layout.width].ljust(layout.width), style)]
        width = self.size.width
        base = self.rich_style
        return [
            Strip(segments).crop_extend(0, width, base) if width else Strip(segments)
            for segments in lines
        ]

    def _typing_note(self) -> str:
        if self._typing_error:
            return f" {self._typing_error}"
        if self._typed:
            return f" go to: {self._typed}_  (Enter)"
        return ""

    def render_line(self, y: int) -> Strip:
        if self._strips is None:
            self._strips = self._render_strips()
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    # input ------------------------------------------------------------------------------------
    def action_move_cursor(self, dx: int, dy: int) -> None:
        self._typing_error = ""
        self.cursor = Point(self._cursor.col + dx, self._cursor.row + dy)
        self._invalidate()

    def action_select(self) -> None:
        self.post_message(self.PointSelected(self._cursor, self))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        point = self.board_layout.point_at(offset.x, offset.y)
        if point is None:
            return
        event.stop()
        self.focus()
        self.cursor = point
        self.post_message(self.PointSelected(point, self))

    def on_key(self, event: events.Key) -> None:
        if self._handle_typing(event):
            event.stop()
            event.prevent_default()

    def _handle_typing(self, event: events.Key) -> bool:
        """Feed a key to the typed-coordinate editor; True if it was consumed.

        ``h``/``j``/``k``/``l`` move the cursor, but they are also columns H, J, K, L: when a
        digit follows one of them, the cursor step is taken back and the two keys become a
        typed coordinate, so ``h4`` + Enter means H4 and never "the point left of the cursor".
        """
        char = event.character or ""
        pending, self._cursor_letter = self._cursor_letter, None
        if pending is not None and not self._typed and len(char) == 1 and char.isdigit():
            letter, cursor_before = pending
            self.cursor = cursor_before
            self._set_typed(letter + char)
            return True
        if self._typed:
            if event.key == "enter":
                self._commit()
                return True
            if event.key == "escape":
                self._set_typed("")
                return True
            if event.key == "backspace":
                self._set_typed(self._typed[:-1])
                return True
            if len(char) == 1 and char.isascii() and char.isalnum():
                if len(self._typed) < MAX_TYPED:
                    self._set_typed(self._typed + char)
                return True
            return False
        if len(char) != 1 or not char.isascii() or not char.isalpha():
            return False
        if char in "hjkl":
            if char.upper() in COLUMN_LETTERS[: self._picture.size]:
                self._cursor_letter = (char, self._cursor)
            return False  # the binding moves the cursor
        columns = COLUMN_LETTERS[: self._picture.size]
        if char.upper() in columns or char == "p":
            self._set_typed(char)
            return True
        return False

    def _set_typed(self, text: str) -> None:
        self._typed = text
        self._typing_error = ""
        self._invalidate()

    def _commit(self) -> None:
        text = self._typed
        self._typed = ""
        if text.lower() == "pass":
            self._invalidate()
            self.post_message(self.PassRequested(self))
            return
        try:
            point = parse_point(text, self._picture.size)
        except CoordinateError as exc:
            self._typing_error = str(exc)
            self._invalidate()
            return
        self.cursor = point
        self._invalidate()
        self.post_message(self.PointSelected(point, self))
