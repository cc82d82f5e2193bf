"""A line log that always wraps at its visible width: chat, game chat and the console.

Textual's ``RichLog`` renders a line when it is written, at the width the log has then, and
keeps that rendering. Three things go wrong with that in panes that come and go:

* a log written while its pane is hidden has no region: its width reads 0 and each line is
  rendered one character wide (``min_width=1``) — a console opened once, hidden, and shown
  again showed the lines that came meanwhile as one letter per row;
* a log never laid out queues every write in an unbounded list, so its ``max_lines`` cap does
  not apply (80 000 console lines ≈ +85 MB);
* a resize does not wrap what is already shown (lines stay cut at the old width).

:class:`WrappingLog` keeps the newest ``keep`` lines it was given (a bound that holds whether
or not it was ever shown), renders only while it has a width, and renders its kept lines again
when it is shown after writes it could not render, and when its width changes.
"""

from __future__ import annotations

from collections import deque

from rich.text import Text
from textual import events
from textual.widgets import RichLog


class WrappingLog(RichLog):
    """A ``RichLog`` of at most ``keep`` lines, wrapped at the width it is shown at."""

    def __init__(self, *, keep: int, id: str | None = None, auto_scroll: bool = True) -> None:
        super().__init__(
            id=id,
            wrap=True,
            markup=False,
            highlight=False,
            auto_scroll=auto_scroll,
            max_lines=keep,
            min_width=1,
        )
        self._kept: deque[Text] = deque(maxlen=keep)
        self._wrap_width = 0
        self._behind = False
        """Lines were kept while the log had no width: render them all when it has one."""

    @property
    def keep(self) -> int:
        """The most lines the log holds (older ones are dropped)."""
        return self._kept.maxlen or 0

    @property
    def kept(self) -> int:
        """How many lines the log holds now."""
        return len(self._kept)

    @property
    def wrap_width(self) -> int:
        """The width the shown lines were wrapped at (0 before the first layout)."""
        return self._wrap_width

    def _width(self) -> int:
        return self.scrollable_content_region.width

    def add_line(self, line: Text) -> None:
        self._kept.append(line)
        width = self._width()
        if self._behind or width <= 0 or (self._wrap_width and width != self._wrap_width):
            self._behind = True  # rendered when it is shown (on_show) or resized
            return
        self._wrap_width = width
        self.write(line)

    def clear_lines(self) -> None:
        self._kept.clear()
        self._behind = False
        self.clear()

    def _render_kept(self) -> None:
        width = self._width()
        if width <= 0:
            return
        self._wrap_width = width
        self._behind = False
        self.clear()
        for line in self._kept:
            self.write(line, scroll_end=False)
        self.scroll_end(animate=False, immediate=False, x_axis=False)

    def on_resize(self, event: events.Resize) -> None:
        """Wrap the kept lines again when the visible width changes (RichLog's own handler,
        which runs too, only renders the writes made before the first layout)."""
        width = self._width()
        if width > 0 and (width != self._wrap_width or self._behind):
            self._render_kept()

    def on_show(self, event: events.Show) -> None:
        """Shown again after lines came while hidden: render them at the width shown now."""
        if self._behind:
            self.call_after_refresh(self._render_kept)

    def release_caches(self) -> None:
        """Out of sight: drop the lines rendered for the screen (up to 1024 cropped copies);
        they are made again from the log's lines when it is painted."""
        self._line_cache.clear()
        self.refresh()
