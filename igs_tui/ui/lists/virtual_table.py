"""A read-only table that draws only the rows on screen, for lists of many thousand rows.

Textual's DataTable measures every cell of every new row, which costs seconds for a
10 000-player listing. Here columns have fixed widths, so replacing all rows is a list
assignment and painting touches only the visible lines (Textual's line API). Cells are
:class:`rich.text.Text` built by the caller (server data through ``safe_text``), never markup.

A changed row (:meth:`VirtualTable.update_row`) asks for the cells that differ to be
repainted, not the row or the table; the row styles are worked out once per style change,
not for every line painted.

The cells may be given lazily (:meth:`VirtualTable.set_keyed`): any sequence whose items are
built when asked for, so a list of 100 000 players builds the cells of the rows on screen
only (see :class:`LazyCells`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar, overload

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from igs_tui.ui.styles import stylesheet

Row = tuple[str, Sequence[Text]]
GAP = 1
T = TypeVar("T")


class LazyCells(Sequence[Sequence[Text]], Generic[T]):
    """Cells of rows built from ``items`` when they are first asked for (painting asks for
    the rows on screen), and kept while the item object stays the same.

    ``cache`` may be shared between successive lists of the same items (a re-sorted player
    list): it maps a row's key to the item its cells were built from and the cells.
    """

    def __init__(
        self,
        items: Sequence[T],
        key: Callable[[T], str],
        build: Callable[[T], Sequence[Text]],
        cache: dict[str, tuple[T, Sequence[Text]]] | None = None,
    ) -> None:
        self._items = items
        self._key = key
        self._build = build
        self.cache: dict[str, tuple[T, Sequence[Text]]] = {} if cache is None else cache

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Sequence[Text]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Sequence[Text]]: ...
    def __getitem__(self, index: int | slice) -> Sequence[Text] | Sequence[Sequence[Text]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        item = self._items[index]
        key = self._key(item)
        cached = self.cache.get(key)
        if cached is not None and cached[0] is item:
            return cached[1]
        cells = self._build(item)
        self.cache[key] = (item, cells)
        return cells


class VirtualTable(ScrollView, can_focus=True):
    """Fixed-width columns, a sticky header, a row cursor, Enter/click posts RowSelected."""

    COMPONENT_CLASSES = {
        "virtual-table--header",
        "virtual-table--cursor",
        "virtual-table--odd",
    }
    DEFAULT_CSS = stylesheet(__file__, "virtual_table.tcss")
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "move(-1000000000)", "First", show=False),
        Binding("end", "move(1000000000)", "Last", show=False),
        Binding("enter", "select", "Select", show=False),
    ]

    cursor_row: reactive[int] = reactive(0, always_update=True)

    @dataclass
    class RowSelected(Message):
        table: VirtualTable
        key: str

        @property
        def control(self) -> VirtualTable:
            return self.table

    @dataclass
    class HeaderSelected(Message):
        """The header of column ``column`` (an index into :attr:`columns`) was clicked."""

        table: VirtualTable
        column: int

        @property
        def control(self) -> VirtualTable:
            return self.table

    def __init__(self, columns: Sequence[tuple[str, int]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.columns = list(columns)
        self._keys: Sequence[str] = []
        self._cells: Sequence[Sequence[Text]] = []
        self._changed: dict[int, Sequence[Text]] = {}
        """Rows replaced by :meth:`update_row` since the rows were set (by index)."""
        self._index_cache: dict[str, int] | None = {}
        self._total_width = sum(w for _, w in self.columns) + GAP * len(self.columns)
        self._styles: tuple[Style, Style, Style, Style] | None = None
        """Base, header, cursor and odd-row styles (``None``: work them out at the next paint)."""
        self._painted: dict[tuple[int, int], tuple[Sequence[Text], Strip]] = {}
        """Rows as last painted, by the id of their cells and their style (the cells are kept
        with it, so the id is not reused): rows that only moved are not laid out again."""
        self._painted_for: tuple[int, int] = (0, 0)
        self.cells_repainted = 0
        """Cells :meth:`update_row` asked to repaint (for tests of the work a change costs)."""

    # data -------------------------------------------------------------------------------------
    @property
    def row_count(self) -> int:
        return len(self._keys)

    @property
    def row_keys(self) -> list[str]:
        return list(self._keys)

    @property
    def cursor_key(self) -> str | None:
        return self._keys[self.cursor_row] if self._keys else None

    def row(self, index: int) -> Sequence[Text]:
        changed = self._changed.get(index)
        return changed if changed is not None else self._cells[index]

    @property
    def _index(self) -> dict[str, int]:
        """Row index by key (built when first needed after the rows were replaced)."""
        if self._index_cache is None:
            self._index_cache = {key: i for i, key in enumerate(self._keys)}
        return self._index_cache

    def set_rows(self, rows: Sequence[Row]) -> None:
        """Replace all rows; the cursor stays on the same key if it is still present."""
        self.set_keyed([key for key, _ in rows], [cells for _, cells in rows])

    def set_keyed(self, keys: Sequence[str], cells: Sequence[Sequence[Text]]) -> None:
        """Replace all rows by ``keys`` and their ``cells`` (the same length; the cells may
        be built lazily, e.g. :class:`LazyCells`: only the rows painted are asked for). The
        cursor stays on the same key if it is still present."""
        keep = self.cursor_key
        self._keys = keys
        self._cells = cells
        self._changed = {}
        self._index_cache = None
        self._set_virtual_size(Size(self._total_width, len(keys) + 1))
        row = 0
        if keep is not None:
            # The old cursor row first: a re-sorted list keeps most rows where they were.
            old = self.cursor_row
            if old < len(keys) and keys[old] == keep:
                row = old
            elif isinstance(keys, list):
                row = keys.index(keep) if keep in keys else 0  # no index of 100 000 keys
            else:
                row = self._index.get(keep, 0)
        self.cursor_row = row
        self.refresh()

    def _set_virtual_size(self, size: Size) -> None:
        """Take a new row count without a layout of the screen. Textual lays the whole screen
        out again when a widget's ``virtual_size`` is assigned (5-10 ms with every pane of
        the main screen, several times while a 10 000-player listing arrives); only the
        scrollbars depend on it here, and they ask for a layout themselves if one appears or
        goes (what Textual does for a resize that needs no layout)."""
        if size == self.virtual_size:
            return
        self.set_reactive(ScrollView.virtual_size, size)
        self._scroll_update(size)

    def update_row(self, key: str, cells: Sequence[Text]) -> bool:
        """Replace one row's cells and repaint only the cells that changed (if on screen): a
        change to one row of a long list costs a cell or two, not the list. False if ``key``
        is not shown."""
        index = self._index.get(key)
        if index is None:
            return False
        old = self.row(index)
        self._changed[index] = cells
        for kind in range(3):  # (cells changed in place are painted again)
            self._painted.pop((id(cells), kind), None)
        y = index + 1 - int(self.scroll_offset.y)
        if not 1 <= y < self.size.height:
            return True
        scroll_x, width = int(self.scroll_offset.x), self.size.width
        if old is cells:  # changed in place: what it showed is unknown
            self.refresh(Region(0, y, width, 1))
            return True
        x = 0
        for column, (_, column_width) in enumerate(self.columns):
            before = old[column] if column < len(old) else None
            after = cells[column] if column < len(cells) else None
            if not _same_cell(before, after):
                left, right = max(x - scroll_x, 0), min(x + column_width - scroll_x, width)
                if left < right:
                    self.cells_repainted += 1
                    self.refresh(Region(left, y, right - left, 1))
            x += column_width + GAP
        return True

    def move_cursor(self, row: int) -> None:
        self.cursor_row = row

    def validate_cursor_row(self, row: int) -> int:
        return max(0, min(row, len(self._keys) - 1))

    def watch_cursor_row(self, old: int, new: int) -> None:
        # Row ``new`` is virtual line ``new + 1``; the sticky header covers the top line.
        region = Region(0, new + 1, 1, 1)
        self.scroll_to_region(region, animate=False, force=True, spacing=Spacing(1, 0, 0, 0))
        self.refresh()

    # keys and mouse ---------------------------------------------------------------------------
    def action_move(self, step: int) -> None:
        self.cursor_row = self.cursor_row + step

    def action_page(self, direction: int) -> None:
        self.cursor_row = self.cursor_row + direction * max(1, self.size.height - 2)

    def action_select(self) -> None:
        if (key := self.cursor_key) is not None:
            self.post_message(self.RowSelected(self, key))

    def on_click(self, event: events.Click) -> None:
        if event.y == 0:
            x = event.x + int(self.scroll_offset.x)
            for column, (_, width) in enumerate(self.columns):
                if x < width + GAP:
                    self.post_message(self.HeaderSelected(self, column))
                    return
                x -= width + GAP
            return
        index = int(self.scroll_offset.y) + event.y - 1
        if 0 <= index < len(self._keys):
            if index == self.cursor_row:
                self.action_select()
            self.cursor_row = index

    # painting ---------------------------------------------------------------------------------
    def notify_style_update(self) -> None:
        """A new theme, focus or class: the row styles are worked out again."""
        super().notify_style_update()
        self._styles = None
        self._painted.clear()

    def _row_styles(self) -> tuple[Style, Style, Style, Style]:
        if self._styles is None:
            base = self.rich_style
            self._styles = (
                base,
                base + self.get_component_rich_style("virtual-table--header"),
                base + self.get_component_rich_style("virtual-table--cursor"),
                base + self.get_component_rich_style("virtual-table--odd"),
            )
        return self._styles

    def _line(self, cells: Sequence[Text | str], style: Style) -> Strip:
        line = Text(no_wrap=True, end="")
        for (_, width), cell in zip(self.columns, cells, strict=False):
            piece = cell.copy() if isinstance(cell, Text) else Text(cell)
            piece.truncate(width, overflow="ellipsis", pad=True)
            line.append_text(piece)
            line.append(" " * GAP)
        segments = list(line.render(self.app.console))
        strip = Strip(Segment.apply_style(segments, style), line.cell_len)
        scroll_x = int(self.scroll_offset.x)
        width = self.size.width
        return strip.crop(scroll_x, scroll_x + width).extend_cell_length(width, style)

    def render_line(self, y: int) -> Strip:
        base, header, cursor, odd = self._row_styles()
        if y == 0:
            return self._line([label for label, _ in self.columns], header)
        index = int(self.scroll_offset.y) + y - 1
        if index >= len(self._keys):
            return Strip.blank(self.size.width, base)
        if index == self.cursor_row:
            style, kind = cursor, 2
        elif index % 2:
            style, kind = odd, 1
        else:
            style, kind = base, 0
        cells = self.row(index)
        view = (int(self.scroll_offset.x), self.size.width)
        if view != self._painted_for or len(self._painted) > 4 * max(self.size.height, 50):
            self._painted.clear()
            self._painted_for = view
        key = (id(cells), kind)
        painted = self._painted.get(key)
        if painted is not None and painted[0] is cells:
            return painted[1]
        strip = self._line(cells, style)
        self._painted[key] = (cells, strip)
        return strip


def _same_cell(a: Text | None, b: Text | None) -> bool:
    """Do two cells look the same (text, style and spans)?"""
    if a is None or b is None:
        return a is b
    return a.plain == b.plain and a.style == b.style and a.spans == b.spans
