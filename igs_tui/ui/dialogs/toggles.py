"""Check boxes and radio buttons whose state reads without colour.

Textual draws a check box as ``▐X▌`` whether it is ticked or not, and a radio button as
``▐●▌`` whether it is chosen or not: only the colour of the mark tells on from off, which a
monochrome terminal, a colour-blind user or a screen capture loses. These draw the mark only
when on (``▐X▌`` / ``▐ ▌``, ``▐●▌`` / ``▐ ▌``).

:class:`ChoiceSet` is a radio set whose keyboard cursor starts on the chosen button: Textual's
starts on the first one, so after a logout the form chose IGS again on the next Space.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox, RadioButton, RadioSet


class MarkedCheckbox(Checkbox):
    """A check box that shows ``X`` when ticked and a blank when not."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button


class MarkedRadioButton(RadioButton):
    """A radio button that shows ``●`` when chosen and a blank when not."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else " "
        return super()._button


class ChoiceSet(RadioSet):
    """A radio set whose keyboard cursor starts on the button that is on."""

    def on_mount(self) -> None:
        # RadioSet's own mount handler runs after this one (base classes last) and puts the
        # cursor on the first button: move it once that is done
        self.call_later(self._select_pressed)

    def _select_pressed(self) -> None:
        pressed = self.pressed_index
        if pressed >= 0:
            self._selected = pressed
