"""IGS automatch (``seek``) lines, code ``63``. Sans-IO.

The spec does not describe ``seek``; these are the lines IGS sends as the official client
(GoPanda2, after ``toggle seek true``) sees them:

* ``seek config_list`` -> ``63 CONFIG_LIST_START 4``, ``63 CONFIG_LIST 0 60 600 25 0 0`` (setup
  number, main seconds, overtime seconds, overtime stones, two unknown), ``63 CONFIG_LIST_END``;
* ``seek entry 0 19 0 0 0`` -> ``63 ENTRY 60 600 25 0 0 19 0 0 0``;
* ``seek entry_cancel`` -> ``63 ENTRY_CANCEL``;
* when paired: ``63 OPPONENT_FOUND name``, ``63 ENTRY_CANCEL``, then the usual game start;
* ``63 ERROR text`` for a refusal (already seeking, playing a game).

:func:`read_seek_line` reads one line's text; the parser gathers the setup list.
"""

from __future__ import annotations

from igs_tui.backends.igs.protocol.events import (
    Event,
    SeekCancelled,
    SeekEntered,
    SeekMatched,
    SeekRefused,
    SeekSetup,
    Unknown,
)
from igs_tui.numbers import bounded_int

MAX_SETUPS = 50
"""Setups kept from one list (IGS offers four)."""

LIST_START = "CONFIG_LIST_START"
LIST_END = "CONFIG_LIST_END"


def read_setup(text: str) -> SeekSetup | None:
    """``CONFIG_LIST 0 60 600 25 0 0`` as a setup (None if it is not one)."""
    words = text.split()
    if len(words) < 5 or words[0] != "CONFIG_LIST":
        return None
    numbers = [bounded_int(w) for w in words[1:5]]
    if any(n is None for n in numbers):
        return None
    index, main, byo_time, stones = (n or 0 for n in numbers)
    return SeekSetup(index, main, byo_time, stones)


def read_seek_line(text: str) -> Event | None:
    """One ``63`` line other than the setup list: an event, or None for ``OK`` (nothing to
    tell). Anything else is kept as :class:`Unknown` (shown in the console)."""
    head, _, rest = text.strip().partition(" ")
    if head == "ENTRY":
        words = rest.split()
        size = bounded_int(words[5]) if len(words) > 5 else None
        return SeekEntered(size, rest.strip())
    if head == "ENTRY_CANCEL":
        return SeekCancelled()
    if head == "OPPONENT_FOUND":
        # IGS may send it bare (bernds/q5Go src/parser.cpp:2092); the game start names them
        return SeekMatched(rest.split()[0][:20] if rest.split() else "")
    if head == "ERROR":
        return SeekRefused(rest.strip())
    if head == "OK":
        return None
    return Unknown(63, text)
