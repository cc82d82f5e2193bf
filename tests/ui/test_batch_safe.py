"""A screen seen through a dialog paints what it was asked during one of Textual's batches.

Textual (8.2) skips a screen's update while an update batch is open and, when the batch ends,
wakes only the app: the screen behind a dialog kept what it showed before, although its widgets
had changed (the game panel behind the result dialog, see ``test_game_end_behind_result``).
:class:`BatchSafeApp` wakes the screens on view when the last batch closes.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from igs_tui.model import ClientModel
from igs_tui.ui.batch_safe import BatchSafeApp
from tests.polling import wait_until
from tests.ui.screen_text import shown_rows
from tests.ui.shell_helpers import make_app
from tests.ui.test_game_support import add_moves, random_moves


class Notice(ModalScreen[None]):
    """A small dialog in the middle: the top row of the screen behind stays in sight."""

    DEFAULT_CSS = "Notice { align: center middle; } Notice > Static { width: 12; height: 3; }"

    def compose(self) -> ComposeResult:
        yield Static("a dialog")


class Behind(BatchSafeApp[None]):
    def compose(self) -> ComposeResult:
        yield Static("before", id="behind")


async def test_the_screen_behind_a_dialog_shows_a_change_made_during_a_batch() -> None:
    app = Behind()
    async with app.run_test(size=(40, 9)) as pilot:
        behind = app.screen.query_one("#behind", Static)
        app.push_screen(Notice())
        await wait_until(lambda: isinstance(app.screen, Notice) and app.screen.is_mounted)
        await wait_until(lambda: "a dialog" in "".join(shown_rows(app)), what="the dialog")
        assert shown_rows(app)[0] == "before"
        with app.batch_update():  # as a widget recomposing on the dialog (its footer) does
            behind.update("after")
            # the screen behind hears of the change, and runs out of messages, in the batch
            await pilot.pause()
            await pilot.pause()
            assert shown_rows(app)[0] == "before"  # nothing is painted during a batch
        await wait_until(
            lambda: shown_rows(app)[0] == "after", step=0.05, what="the change behind the dialog"
        )
        assert "a dialog" in "".join(shown_rows(app))


async def test_the_main_screen_behind_a_dialog_shows_a_move_made_during_a_batch() -> None:
    """The app itself: a move in a game behind a dialog reaches the board's side panel."""
    model = ClientModel()
    model.set_connection(user="me")
    app, _ = make_app(model)
    moves = random_moves(9, 31, seed=4)
    async with app.run_test(size=(120, 36)) as pilot:
        model.follow(9, white="alice", black="bob", size=9)
        add_moves(model, 9, moves[:30])
        await pilot.press("f2")
        await wait_until(lambda: "move 30/30" in "\n".join(shown_rows(app)), what="the game")
        app.push_screen(Notice())
        await wait_until(lambda: isinstance(app.screen, Notice) and app.screen.is_mounted)
        await wait_until(lambda: "a dialog" in "\n".join(shown_rows(app)), what="the dialog")
        with app.batch_update():
            add_moves(model, 9, moves[30:])
            await pilot.pause()
            await pilot.pause()
        await wait_until(
            lambda: "move 31/31" in "\n".join(shown_rows(app)),
            step=0.05,
            what="the move behind the dialog",
        )
