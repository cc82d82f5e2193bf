"""One-line prompts for in-game actions that need a value: minutes to add, a path to save to.

A prompt stays open until its ``submit`` callback accepts the text: the callback returns an
error message to show under the input (bad number, unwritable path) or ``None`` when the
value was used. So a typo costs one more Enter, never a lost action or a half-written file.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Static

from igs_tui.archive.autosave import save_game_as
from igs_tui.model import FollowedGame
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.styles import stylesheet

MAX_ADD_MINUTES = 6000
"""The largest addtime the command builder accepts (100 hours)."""

SAVE_SUFFIXES = (".sgf", ".go", ".ishi")


class InputPrompt(Dialog[str | None]):
    """A question and an input line; Enter submits, Escape cancels (dismisses with None)."""

    DEFAULT_CSS = stylesheet(__file__, "input_prompt.tcss")
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self, question: str, value: str, submit: Callable[[str], str | None], *, id: str
    ) -> None:
        super().__init__(id=id)
        self.question = question
        self._value = value
        self._submit = submit

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Content(self.question), id="prompt-question")
            yield Input(self._value, id="prompt-input", select_on_focus=False)
            yield Static("", id="prompt-error")

    @property
    def error(self) -> str:
        """The message under the input ("" when none)."""
        return str(self.query_one("#prompt-error", Static).content)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        problem = self._submit(event.value)
        if problem:
            self.query_one("#prompt-error", Static).update(Content(problem))
            return
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


def parse_minutes(text: str) -> int | str:
    """Minutes to add, or the reason the text is not a usable number of minutes."""
    try:
        minutes = int(text.strip())
    except ValueError:
        return f"Not a whole number of minutes: {text.strip()!r}"
    if not 1 <= minutes <= MAX_ADD_MINUTES:
        return f"Minutes must be between 1 and {MAX_ADD_MINUTES}"
    return minutes


def default_save_name(game: FollowedGame) -> str:
    """``white-black-12.sgf``: names only from characters that are safe in any file system."""

    def safe(name: str) -> str:
        return "".join(c for c in name if c.isascii() and (c.isalnum() or c in "_-")) or "x"

    return f"{safe(game.white)}-{safe(game.black)}-{game.number}.sgf"


def save_to(game: FollowedGame, text: str) -> str | None:
    """Save ``game`` to the path ``text`` names; an error message, or None once written.

    The extension picks the format (SGF, or Ishi for ``.go``/``.ishi``). The writer is atomic,
    so on any error an existing file is left as it was and no partial file appears.
    """
    raw = text.strip()
    if not raw:
        return "Type a file name ending in .sgf, .go or .ishi"
    path = Path(os.path.expanduser(raw))
    if path.is_dir():
        return f"{path} is a directory: add a file name"
    if path.suffix.lower() not in SAVE_SUFFIXES:
        return "The name must end in .sgf (SGF) or .go/.ishi (Ishi)"
    try:
        save_game_as(game, path)
    except (OSError, ValueError) as exc:
        return f"Could not save: {exc}"
    return None
