"""Small yes/no dialogs for irreversible or time-critical game actions.

Resigning cannot be taken back, so it asks first; an opponent's undo request waits for an
answer while the clock runs, so it gets its own dialog with single-key answers.
"""

from __future__ import annotations

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Static

from igs_tui.backends.capabilities import Backend
from igs_tui.model import ClientModel
from igs_tui.ui.capability import need
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.safe_text import clean
from igs_tui.ui.styles import stylesheet


class ConfirmDialog(Dialog[bool]):
    """A question with Yes (y) / No (n, escape); dismisses with the answer."""

    DEFAULT_CSS = stylesheet(__file__, "confirm_dialog.tcss")
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical():
            # questions name players (server text): never parse them as markup
            yield Static(Content(self.question), id="question")
            with Horizontal():
                yield Button(Content(f"{self.yes} (y)"), variant="primary", id="yes")
                yield Button(Content(f"{self.no} (n)"), id="no")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


def confirm_resign(app: App[object], backend: Backend, game: int) -> ConfirmDialog:
    """Ask before resigning game ``game``; resign only on Yes."""

    def done(answer: bool | None) -> None:
        if answer and (
            playing := need(app.screen, backend, backend.capabilities.playing, "Resigning")
        ):
            playing.resign(game)

    dialog = ConfirmDialog(f"Resign game {game}? This cannot be undone.", "Resign", "Keep playing")
    app.push_screen(dialog, done)
    return dialog


def answer_adjourn_request(
    app: App[object], model: ClientModel, backend: Backend, game: int
) -> ConfirmDialog | None:
    """Ask whether to agree to the opponent's request to adjourn ``game`` (None if none):
    agreeing sends our own adjourn, which stops the game for both; refusing just plays on."""
    followed = model.followed.get(game)
    if followed is None or not followed.adjourn_requested_by:
        return None
    who = clean(followed.adjourn_requested_by, max_length=24)

    def done(answer: bool | None) -> None:
        if not answer:
            return  # nothing to send: the request is answered by playing on
        adjourning = need(app.screen, backend, backend.capabilities.adjourning, "Adjourning")
        if adjourning is not None:
            adjourning.adjourn(game)

    question = f"{who} would like to adjourn game {game}. It can be loaded again later."
    dialog = ConfirmDialog(question, "Adjourn", "Keep playing")
    app.push_screen(dialog, done)
    return dialog


def answer_undo_request(
    app: App[object], model: ClientModel, backend: Backend, game: int
) -> ConfirmDialog | None:
    """Ask whether to grant the pending undo request of ``game`` (None if there is none)."""
    followed = model.followed.get(game)
    if followed is None or not followed.undo_requested_by:
        return None

    def done(answer: bool | None) -> None:
        if (playing := need(app.screen, backend, backend.capabilities.playing, "Undo")) is not None:
            playing.answer_undo(game, bool(answer))

    who = clean(followed.undo_requested_by, max_length=24)
    dialog = ConfirmDialog(f"{who} asks to undo the last move.", "Allow undo", "Refuse")
    app.push_screen(dialog, done)
    return dialog
