"""The two dialogs of record editing that need more than a key: a node's comment (several
lines) and the game info (a form of the header fields).

Both hand their text back to the review screen, which passes it to the pure editor
(:mod:`igs_tui.records.edit`): checks and refusals are the editor's, so a refused value (a
komi that is not a number) is shown under the form and the form stays open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical
from textual.content import Content
from textual.widgets import Input, Label, Static, TextArea

from igs_tui.records.edit import INFO_FIELDS
from igs_tui.records.model import GameInfo
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.styles import stylesheet

__all__ = ["CommentEditor", "GameInfoEditor", "info_values"]


class CommentEditor(Dialog[str | None]):
    """Edit a node's comment: ctrl+s keeps it, Escape leaves it as it was."""

    DEFAULT_CSS = stylesheet(__file__, "comment_editor.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "keep", "Keep the comment"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, text: str, where: str) -> None:
        super().__init__(id="comment-editor")
        self._text = text
        self._where = where

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Content(f"Comment at {self._where} (ctrl+s keeps it, Esc cancels)"))
            yield TextArea(self._text, id="comment-text", soft_wrap=True, show_line_numbers=False)

    def on_mount(self) -> None:
        area = self.query_one(TextArea)
        area.focus()
        area.move_cursor(area.document.end)

    def action_keep(self) -> None:
        self.dismiss(self.query_one(TextArea).text)

    def action_cancel(self) -> None:
        self.dismiss(None)


def info_values(info: GameInfo) -> dict[str, str]:
    """The header fields the form shows, as text ("" for absent)."""
    values: dict[str, str] = {}
    for name in INFO_FIELDS:
        value = getattr(info, name)
        if value is None:
            values[name] = ""
        elif isinstance(value, float):
            values[name] = f"{value:g}"
        else:
            values[name] = str(value)
    return values


class GameInfoEditor(Dialog[dict[str, str] | None]):
    """A form of the header fields; Enter (or ctrl+s) keeps them if ``check`` accepts them
    (it returns the reason it does not), Escape cancels."""

    DEFAULT_CSS = stylesheet(__file__, "game_info_editor.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "keep", "Keep"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(
        self, values: dict[str, str], check: Callable[[dict[str, str]], str | None]
    ) -> None:
        """``values``: the text of each field of :data:`INFO_FIELDS` (see :func:`info_values`)."""
        super().__init__(id="game-info-editor")
        self._values = values
        self._check = check

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Game info (Tab: next field, Enter keeps, Esc cancels)")
            with Grid():
                for name, label in INFO_FIELDS.items():
                    yield Label(label)
                    value = self._values.get(name, "")
                    yield Input(value, id=f"info-{name}", select_on_focus=False)
            yield Static("", id="info-error")

    def values(self) -> dict[str, str]:
        return {name: self.query_one(f"#info-{name}", Input).value for name in INFO_FIELDS}

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_keep()

    def action_keep(self) -> None:
        values = self.values()
        problem = self._check(values)
        if problem:
            self.query_one("#info-error", Static).update(Content(problem))
            return
        self.dismiss(values)

    def action_cancel(self) -> None:
        self.dismiss(None)
