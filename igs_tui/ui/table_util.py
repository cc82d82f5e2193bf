"""Helpers shared by the list panes: refilling a DataTable in one go, and visibility checks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.widget import Widget
from textual.widgets import DataTable


def is_shown(widget: Widget) -> bool:
    """Is ``widget`` and every ancestor displayed? Hidden panes postpone expensive refreshes."""
    node: Any = widget
    while isinstance(node, Widget):
        if not node.display:
            return False
        node = node.parent
    return True


def cursor_key(table: DataTable[Any]) -> str | None:
    """The key of the row under the cursor, if any."""
    if table.row_count == 0:
        return None
    try:
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
    except Exception:  # cursor outside the table (e.g. just cleared)
        return None
    return key


def refill(table: DataTable[Any], rows: Sequence[tuple[str, Sequence[object]]]) -> None:
    """Replace all rows at once, keeping the cursor on the same row key when it survives.

    One clear plus one batch of ``add_row`` calls means one repaint, however many rows change.
    """
    keep = cursor_key(table)
    table.clear()
    index = 0
    for i, (key, cells) in enumerate(rows):
        table.add_row(*cells, key=key)
        if key == keep:
            index = i
    if rows:
        table.move_cursor(row=index, animate=False)
