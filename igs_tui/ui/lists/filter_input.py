"""A filter field that Escape leaves.

In a plain ``Input`` Escape does nothing, so after typing a filter the list's hotkeys (sort,
refresh, observe) were typed into the field instead. Escape here keeps the filter and moves the
focus to the list it filters.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input


class FilterInput(Input):
    """An ``Input`` whose Escape focuses ``leave_to`` (a selector in the same screen)."""

    BINDINGS = [Binding("escape", "leave", "Back to the list", show=False)]

    def __init__(self, *, placeholder: str, id: str, leave_to: str) -> None:
        super().__init__(placeholder=placeholder, id=id)
        self.leave_to = leave_to

    def action_leave(self) -> None:
        targets = self.screen.query(self.leave_to)
        if targets:
            targets.first().focus()
