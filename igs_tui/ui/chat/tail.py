"""Find what was appended to a bounded sequence since we last looked.

Model logs (console lines, chat messages, notifications) are ``deque``\\ s with a maximum
length, so counting is not enough once old entries fall off the front. Entries are
immutable objects appended once, so the identity of the last entry we showed marks where
to resume; if it fell off (or the log was replaced) everything is new.
"""

from __future__ import annotations

from collections.abc import Reversible
from typing import TypeVar

T = TypeVar("T")


def appended_since(items: Reversible[T], last: T | None) -> tuple[list[T], bool]:
    """Return ``(new_items, complete)``: entries after ``last``, oldest first.

    ``complete`` is False when ``last`` is no longer present, meaning the caller missed
    entries and should redraw from scratch (``new_items`` is then the whole sequence).
    """
    new: list[T] = []
    for item in reversed(items):
        if last is not None and item is last:
            new.reverse()
            return new, True
        new.append(item)
    new.reverse()
    return new, last is None
