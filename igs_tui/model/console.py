"""One line of the console: what the server sent (or we sent), named by its kind."""

from __future__ import annotations

from typing import NamedTuple


class ConsoleLine(NamedTuple):
    """A raw server line with the name of its kind (e.g. ``"15 move"``) for the console pane.

    A named tuple, not a frozen dataclass: every line a server sends becomes one (a busy
    server sends tens of thousands a second), and a tuple is built in half the time.
    """

    text: str
    kind: str
    outgoing: bool = False
