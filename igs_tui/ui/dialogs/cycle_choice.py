"""A one-line choice among a few fixed options, gone through with the arrow keys.

Textual's ``Select`` is a dozen widgets (the current value, an overlay list of options) with a
large stylesheet: on the login form, the first screen, it cost about a tenth of the start-up.
A short, fixed list (the text encodings) reads as well on one line: ``◂ Japanese (Shift-JIS) ▸``
— right, Enter or space (or a click) show the next option, left the previous one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from igs_tui.ui.styles import stylesheet


class CycleChoice(Widget, can_focus=True):
    """One of ``options`` (``(label, value)`` pairs); :attr:`value` is the chosen value."""

    DEFAULT_CSS = stylesheet(__file__, "cycle_choice.tcss")

    BINDINGS = [
        Binding("right,enter,space", "step(1)", "Next option", show=False),
        Binding("left", "step(-1)", "Previous option", show=False),
    ]

    @dataclass
    class Changed(Message):
        """The user chose another option."""

        choice: CycleChoice
        value: str

        @property
        def control(self) -> CycleChoice:
            return self.choice

    def __init__(
        self,
        options: Sequence[tuple[str, str]],
        value: str = "",
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        if not options:
            raise ValueError("CycleChoice needs at least one option")
        self._options = tuple(options)
        self._index = self._index_of(value)

    def _index_of(self, value: str) -> int:
        """The option with ``value`` (the first option if none has it)."""
        for index, (_label, option) in enumerate(self._options):
            if option == value:
                return index
        return 0

    @property
    def value(self) -> str:
        return self._options[self._index][1]

    @value.setter
    def value(self, value: str) -> None:
        index = self._index_of(value)
        if index != self._index:
            self._index = index
            self.refresh()

    @property
    def label(self) -> str:
        """The chosen option's label."""
        return self._options[self._index][0]

    def render(self) -> Text:
        return Text(f"◂ {self.label} ▸", no_wrap=True, overflow="ellipsis")

    def action_step(self, step: int) -> None:
        self._index = (self._index + step) % len(self._options)
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def on_click(self, event: events.Click) -> None:
        self.action_step(-1 if event.x == 0 else 1)
