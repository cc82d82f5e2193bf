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

Drawing uses the Line API with one cached strip per line. A change of picture, cursor, focus
or typed text redraws only the lines it touches (:func:`changed_rows`): a move costs the
new stone's row, the rows of captures and of the old and new last move, and only lines that
really differ are handed to the compositor. A new size, layout, style or glyph set redraws all.
A board in a hidden tab draws nothing: it asks once for a whole repaint (see
:class:`~igs_tui.ui.repaint.RepaintGate`) and is drawn from its picture when shown again.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from igs_tui.go import COLUMN_LETTERS, CoordinateError, Point, parse_point
from igs_tui.ui.board.board_render import (
    DEFAULT_PALETTE,
    BoardLayout,
    BoardPalette,
    BoardPicture,
    changed_rows,
    choose_layout,
    render_board_line,
    render_board_lines,
)
from igs_tui.ui.repaint import RepaintGate, is_shown
from igs_tui.ui.styles import stylesheet

MAX_TYPED = 6

_STEP_NAMES = {"h": "left", "j": "down", "k": "up", "l": "right"}
"""The vi cursor keys, which are also columns H, J, K, L when a digit follows."""

MODIFIED_KEYS = ("alt+", "ctrl+", "super+", "meta+", "hyper+")
"""Key names of keys pressed with a modifier: never typed into a coordinate."""


@dataclass(frozen=True, slots=True)
class _Drawn:
    """What the cached lines show: compared with what should be shown to find stale lines."""

    picture: BoardPicture
    cursor: Point | None
    """The cursor as drawn: ``None`` while the board is not focused."""
    note: str
    layout: BoardLayout
    width: int
    ascii_only: bool


class BoardWidget(Widget, can_focus=True):
    """An interactive Go board of any size from 2×2 to 25×25."""

    DEFAULT_CSS = stylesheet(__file__, "board_widget.tcss")

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
        self._typing_from = self._cursor
        """Where the cursor stood when typing began (Escape and a refusal put it back)."""
        self._typing_error = ""
        self._cursor_letter: tuple[str, Point] | None = None
        """A cursor key that may turn out to be a column letter (see :meth:`_handle_typing`)."""
        self._strips: list[Strip] | None = None
        """One strip per line of :attr:`_drawn` (``None``: draw everything on the next paint)."""
        self._drawn: _Drawn | None = None
        self._base_style = Style()
        """The widget's own style under the board, read at the last full drawing."""
        self._layout: BoardLayout | None = None
        self.repaints = RepaintGate(self)
        """The board's repaint requests (counted, for tests of the work a move costs)."""

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

        Only the lines the change can touch are drawn again (a move: two or three rows), then
        compared with the old ones so that the compositor repaints just the lines that differ.
        Anything that moves or restyles every line (size, layout, glyphs) redraws them all. A
        board that is not on screen, or whose whole repaint is still to come, draws nothing now.
        """
        old, before = self._drawn, self._strips
        if (
            old is None
            or before is None
            or self.repaints.whole_due
            or not self.size.area
            or not is_shown(self)
        ):
            self._strips = None
            self.repaints.whole()
            return
        new = self._wanted()
        stale = self._stale_lines(old, new)
        if stale is None:
            after = self._draw_all(new)
            if len(after) != len(before):
                self.repaints.whole()
                return
            stale = set(range(len(after)))
        else:
            after = list(before)
            for y in stale:
                after[y] = self._draw_line(new, y)
            self._strips, self._drawn = after, new
        width = self.size.width
        changed = [Region(0, y, width, 1) for y in sorted(stale) if after[y] != before[y]]
        self.repaints.lines(*changed)

    def _wanted(self) -> _Drawn:
        """What the board should show now."""
        return _Drawn(
            self._picture,
            self._cursor if self.has_focus else None,
            self._typing_note(),
            self.board_layout,
            self.size.width,
            self._ascii_only,
        )

    @staticmethod
    def _note_line(layout: BoardLayout) -> int:
        """The line the typed coordinate or its error replaces (a coordinate line if any)."""
        return layout.height - 1 if layout.bottom_coords or not layout.top_coords else 0

    def _stale_lines(self, old: _Drawn, new: _Drawn) -> set[int] | None:
        """The lines that may differ between two drawings (``None``: all of them)."""
        if (old.layout, old.width, old.ascii_only) != (new.layout, new.width, new.ascii_only):
            return None
        if self._too_small(new.layout):
            return None
        rows = changed_rows(old.picture, new.picture)
        if rows is None:
            return None
        layout = new.layout
        stale = {layout.line_y(row) for row in rows}
        if old.cursor != new.cursor:
            stale.update(layout.line_y(p.row) for p in (old.cursor, new.cursor) if p is not None)
        if old.note != new.note:
            stale.add(self._note_line(layout))
        return stale

    # rendering --------------------------------------------------------------------------------
    def release_caches(self) -> None:
        """Out of sight: drop the drawn lines (drawn again from the picture when shown)."""
        self._strips = None
        self._drawn = None
        self.repaints.whole()

    def on_resize(self, _event: events.Resize) -> None:
        self._layout = None
        self._strips = None
        self.repaints.whole()

    def notify_style_update(self) -> None:
        """A new theme or class changes the style under the board: draw everything again."""
        super().notify_style_update()
        self._strips = None

    def on_focus(self, _event: events.Focus) -> None:
        self._invalidate()

    def on_blur(self, _event: events.Blur) -> None:
        self._typed = ""
        self._typing_error = ""
        self._cursor_letter = None
        self._invalidate()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return choose_layout(self._picture.size, container.width, container.height).width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return choose_layout(self._picture.size, width, container.height).height

    def _too_small(self, layout: BoardLayout) -> bool:
        """Not even the smallest layout fits: a cropped board would hide stones silently."""
        width, height = self.size
        return bool(width and height) and (layout.width > width or layout.height > height)

    def _too_small_lines(self, layout: BoardLayout) -> list[Strip]:
        """What the board says instead of a cropped board (wrapped to the widget's width)."""
        size = self._picture.size
        text = (
            f"Terminal too small for a {size}x{size} board: it needs {layout.width}x"
            f"{layout.height} cells here, this pane has {self.size.width}x{self.size.height}. "
            "Enlarge the window (or use a smaller font)."
        )
        width = max(1, self.size.width)
        style = self._palette.style("typing")
        lines = Text(text).wrap(self.app.console, width)
        return [self._strip([Segment(line.plain, style)], width) for line in lines]

    def _draw_all(self, drawn: _Drawn) -> list[Strip]:
        """Draw every line of ``drawn`` into the strip cache."""
        self._base_style = self.rich_style
        if self._too_small(drawn.layout):
            strips = self._too_small_lines(drawn.layout)
            self._strips, self._drawn = strips, drawn
            return strips
        lines = render_board_lines(
            drawn.picture,
            drawn.layout,
            cursor=drawn.cursor,
            ascii_only=drawn.ascii_only,
            palette=self._palette,
        )
        if drawn.note:
            lines[self._note_line(drawn.layout)] = self._note_segments(drawn)
        strips = [self._strip(segments, drawn.width) for segments in lines]
        self._strips, self._drawn = strips, drawn
        return strips

    def _draw_line(self, drawn: _Drawn, y: int) -> Strip:
        """Line ``y`` of ``drawn`` alone."""
        if drawn.note and y == self._note_line(drawn.layout):
            return self._strip(self._note_segments(drawn), drawn.width)
        segments = render_board_line(
            drawn.picture,
            drawn.layout,
            y,
            cursor=drawn.cursor,
            ascii_only=drawn.ascii_only,
            palette=self._palette,
        )
        return self._strip(segments, drawn.width)

    def _note_segments(self, drawn: _Drawn) -> list[Segment]:
        # the whole widget's width: a message is often wider than a small board
        width = max(drawn.layout.width, drawn.width)
        return [Segment(drawn.note[:width].ljust(width), self._palette.style("typing"))]

    def _strip(self, segments: list[Segment], width: int) -> Strip:
        if not width:
            return Strip(segments)
        return Strip(segments).crop_extend(0, width, self._base_style)

    def _typing_note(self) -> str:
        """The board's note line: the typed text and what Enter will do with it, an error,
        or what the last ``h``/``j``/``k``/``l`` did (a cursor step a digit would turn into
        a column)."""
        if self._typing_error:
            return f" {self._typing_error}"
        if self._typed:
            return f" go to: {self._typed}_  {self._typed_verdict()}"
        if self._cursor_letter is not None:
            letter = self._cursor_letter[0]
            return f" {letter}: cursor {_STEP_NAMES[letter]}; {letter}+digit types a point"
        return ""

    def _typed_verdict(self) -> str:
        """What Enter does with the text typed so far, said before it is pressed."""
        text = self._typed
        if text.lower() == "pass":
            return "Enter: pass"
        if "pass".startswith(text.lower()):
            return "(Enter)"
        problem = typed_problem(text, self._picture.size)
        if problem is None:
            return f"Enter: {text.upper()}"
        if problem == _NO_ROW_YET:
            return "(Enter)"
        return problem

    def render_lines(self, crop: Region) -> list[Strip]:
        self.repaints.painted()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        strips = self._strips
        if strips is None:
            strips = self._draw_all(self._wanted())
        if y < len(strips):
            return strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    # input ------------------------------------------------------------------------------------
    def action_move_cursor(self, dx: int, dy: int) -> None:
        if self._typed:
            return  # the typed text owns the cursor until Enter or Escape
        self._typing_error = ""
        self.cursor = Point(self._cursor.col + dx, self._cursor.row + dy)
        self._invalidate()

    def action_select(self) -> None:
        if self._typed:
            return  # only Enter commits typed text; Space never plays the cursor meanwhile
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

        A typed coordinate is a visible mode: its text and what Enter will do stand on the
        board's note line, Enter plays only a complete point of this board and refuses
        anything else with a message (playing nothing, never the cursor's point), and while
        typing Space and the cursor keys do not act on the board. ``h``/``j``/``k``/``l``
        move the cursor and the note line says so; when a digit follows one of them the step
        is taken back and the two keys become a typed coordinate (``h4`` is H4; ``k3`` on 9x9
        is refused: no column K). Any other letter or digit starts a coordinate, except a
        letter the game view binds (``i``, ``u``, ``v``) that is not a column of this board
        and a digit a screen binds (a review's editing tools).
        """
        if event.key.startswith(MODIFIED_KEYS):
            # A terminal sends alt+m as ESC m: Textual names it alt+m but still gives the
            # character "m", which must not start a coordinate (the app's alt keys go on).
            return False
        if self._typing_error:
            # the message was about the coordinate typed last: the next key moves on
            self._typing_error = ""
            self._invalidate()
        char = event.character or ""
        pending, self._cursor_letter = self._cursor_letter, None
        if pending is not None:
            self._invalidate()  # the note about the cursor step goes
        typable = len(char) == 1 and char.isascii() and char.isalnum()
        if pending is not None and not self._typed and typable and char.isdigit():
            letter, cursor_before = pending
            self._typing_from = cursor_before
            self.cursor = cursor_before
            self._set_typed(letter + char)
            return True
        if self._typed:
            return self._edit_typed(event, char, typable)
        if not typable:
            return False
        if char in _STEP_NAMES:
            self._cursor_letter = (char, self._cursor)
            self._invalidate()
            return False  # the binding moves the cursor
        if char.isalpha() and char.upper() not in COLUMN_LETTERS[: self._picture.size]:
            action = "" if char == "p" else self._bound_elsewhere(event.key)
            if action:
                # the view's own key: it acts, and the note line says it was not typed
                self._typing_error = f"{char}: {action} (no column {char.upper()} here)"
                self._invalidate()
                return False
        if char.isdigit() and self._bound_elsewhere(event.key):
            return False  # the screen's own digit key (a review's editing tools)
        self._typing_from = self._cursor
        self._set_typed(char)
        return True

    def _edit_typed(self, event: events.Key, char: str, typable: bool) -> bool:
        """A key while a coordinate is being typed: every key but Tab stays on the board."""
        if event.key == "enter":
            self._commit()
        elif event.key == "escape":
            self.cursor = self._typing_from
            self._set_typed("")
        elif event.key == "backspace":
            self._set_typed(self._typed[:-1])
            if not self._typed:
                self.cursor = self._typing_from
        elif typable:
            if len(self._typed) < MAX_TYPED:
                self._set_typed(self._typed + char)
        elif event.key in ("tab", "shift+tab"):
            return False
        return True

    def _bound_elsewhere(self, key: str) -> str:
        """What an ancestor (the game view, the screen, the app) does with ``key`` now, by
        its binding's description; empty when nothing enabled binds it."""
        try:
            bindings = self.screen.active_bindings
        except Exception:  # not on a screen (yet): nothing else can bind it
            return ""
        active = bindings.get(key)
        if active is None or active.node is self or not active.enabled:
            return ""
        return active.binding.description or active.binding.action

    def show_note(self, text: str) -> None:
        """A one-line message on the board itself, in its coordinate line until the next key
        (a refused move: the side panel that says it too is hidden in a small terminal)."""
        self._typed = ""
        self._typing_error = text
        self._invalidate()

    def _set_typed(self, text: str) -> None:
        self._typed = text
        self._typing_error = ""
        if text:
            self._preview(text)
        self._invalidate()

    def _preview(self, text: str) -> None:
        """Show where the typed text lands: the cursor stands on it once it is a point."""
        try:
            self.cursor = parse_point(text, self._picture.size)
        except CoordinateError:
            self.cursor = self._typing_from

    def _commit(self) -> None:
        text = self._typed
        self._typed = ""
        if text.lower() == "pass":
            self._invalidate()
            self.post_message(self.PassRequested(self))
            return
        problem = typed_problem(text, self._picture.size)
        if problem is not None:
            self.cursor = self._typing_from
            self._typing_error = f"{text}: {problem}; nothing played"
            self._invalidate()
            return
        point = parse_point(text, self._picture.size)
        self.cursor = point
        self._invalidate()
        self.post_message(self.PointSelected(point, self))


_NO_ROW_YET = "type a row number"


def typed_problem(text: str, size: int) -> str | None:
    """Why ``text`` is not a point of a ``size``x``size`` board, in a few words (the board's
    note line is as narrow as the board); ``None`` when it is one."""
    column = text[:1].upper()
    if not column.isalpha():
        return "no column letter"
    if column not in COLUMN_LETTERS[:size]:
        return f"no column {column} on {size}x{size}"
    digits = text[1:]
    if not digits:
        return _NO_ROW_YET
    if not digits.isascii() or not digits.isdigit():
        return "row must be a number"
    try:
        parse_point(text, size)
    except CoordinateError:
        return f"no row {digits} on {size}x{size}"
    return None


def fit_side_panel(panel: Widget, width: int | None) -> None:
    """Give the panel beside a board ``width`` cells, or hide it (``None``: see
    :func:`~igs_tui.ui.board.board_layout.side_width`); styles are only touched when they change."""
    panel.display = width is not None
    if width is not None and (panel.styles.width is None or panel.styles.width.value != width):
        panel.styles.width = width
