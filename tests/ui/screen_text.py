"""What the terminal shows, as text: the rows of ``App.export_screenshot()``.

The screenshot is what Textual composes for the terminal, dialogs and the screens seen through
them included, so a test can check what the user sees rather than what a widget holds. Rich's
SVG export (``Console.export_svg``) writes each run of styled text as a ``<text>`` element at
``x = column * 12.2`` (a 20-unit cell height times the 0.61 aspect ratio) clipped to its row's
``line-N`` path, and leaves runs of blanks out: they are put back from the columns.
"""

from __future__ import annotations

import html
import re
from typing import Any

from textual.app import App

CELL_WIDTH = 20 * 0.61
"""Width of one terminal cell in Rich's SVG export (``char_height * font_aspect_ratio``)."""

_TEXT = re.compile(
    r'<text [^>]*?x="([\d.]+)"[^>]*?clip-path="url\(#[\w-]*?line-(\d+)\)"[^>]*>(.*?)</text>',
    re.DOTALL,
)


def shown_rows(app: App[Any]) -> list[str]:
    """The terminal's rows as text, right-trimmed (cells of wide characters are not padded)."""
    rows: dict[int, str] = {}
    for x, line, escaped in _TEXT.findall(app.export_screenshot()):
        text = html.unescape(escaped).replace("\xa0", " ").rstrip("\n")
        row = rows.get(int(line), "")
        column = round(float(x) / CELL_WIDTH)
        rows[int(line)] = row.ljust(column) + text
    return [rows.get(index, "").rstrip() for index in range(max(rows, default=-1) + 1)]
