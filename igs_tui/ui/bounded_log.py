"""A RichLog whose caps hold whether or not it was ever shown, and whose caches can be let go.

Textual's ``RichLog`` applies ``max_lines`` only to lines it has rendered, and it renders only
once it knows its size: a log built in a pane that was never shown queues every ``write`` in
an unbounded list (80 000 console lines were +85 MB). :class:`BoundedLog` keeps that queue to
``max_lines`` too, so the cap is the cap from the first line on. :meth:`release_caches` lets
go of the lines rendered for the screen (up to 1024 cropped copies), for a log out of sight.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from textual.widgets import RichLog


class BoundedLog(RichLog):
    """A ``RichLog`` that keeps at most ``max_lines`` lines, shown or not (``max_lines`` is
    required)."""

    def __init__(self, *, max_lines: int, **options: Any) -> None:
        super().__init__(max_lines=max_lines, **options)
        self._deferred_renders = deque(maxlen=max_lines)

    def watch_max_lines(self, max_lines: int | None) -> None:
        """A new cap applies to the lines waiting for the first layout too."""
        queued = getattr(self, "_deferred_renders", None)
        if queued is not None and queued.maxlen != max_lines:
            self._deferred_renders = deque(queued, maxlen=max_lines)

    @property
    def queued(self) -> int:
        """Writes waiting for the log's first layout."""
        return len(self._deferred_renders)

    def release_caches(self) -> None:
        """Out of sight: drop the lines rendered for the screen (they are made again from the
        log's lines when it is painted)."""
        self._line_cache.clear()
        self.refresh()
