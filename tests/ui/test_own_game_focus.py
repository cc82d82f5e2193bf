"""Issue 28: when a game of ours starts (automatch, an accepted challenge), its board has the
keys at once, wherever they were: ctrl+x and typed moves were ignored until F2."""

from __future__ import annotations

import pytest

from igs_tui.model import Role
from igs_tui.ui.board.board_widget import BoardWidget
from tests.polling import wait_until
from tests.ui.shell_helpers import COMPACT, WIDE, app_logged_in_as, main_screen


@pytest.mark.parametrize("size", [COMPACT, WIDE])
@pytest.mark.parametrize("pane", ["games", "players", "chat", "board"])
async def test_a_new_own_game_takes_the_keys(size: tuple[int, int], pane: str) -> None:
    app, model = app_logged_in_as("me")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        main = main_screen(app)
        await main.ensure_pane(pane)
        main.action_show_pane(pane)
        await pilot.pause()
        model.follow(7, role=Role.PLAYING_BLACK, white="igsbot", black="me", size=9)
        await wait_until(lambda: isinstance(app.focused, BoardWidget))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.focused, BoardWidget), app.focused
        assert main.active == "board"


async def test_an_observed_game_leaves_the_chat_input_its_keys() -> None:
    app, model = app_logged_in_as("me")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        main = main_screen(app)
        await main.ensure_pane("chat")
        main.action_show_pane("chat")
        await pilot.pause()
        focused = app.focused
        model.follow(3, role=Role.OBSERVING, white="a", black="b", size=19)
        for _ in range(5):
            await pilot.pause()
        assert app.focused is focused


async def test_a_game_that_starts_under_a_dialog_has_the_keys_when_it_closes() -> None:
    """Automatch: the game starts while the Automatch list is still open over the lists."""
    from igs_tui.ui.play.play_confirm import ConfirmDialog

    app, model = app_logged_in_as("me")
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        main = main_screen(app)
        await main.ensure_pane("players")
        main.action_show_pane("players")
        await pilot.pause()
        app.push_screen(ConfirmDialog("Seeking…", yes="OK", no="Close"))
        await pilot.pause()
        model.follow(9, role=Role.PLAYING_WHITE, white="me", black="igsbot", size=19)
        for _ in range(4):
            await pilot.pause()
        await pilot.press("n")
        await wait_until(lambda: app.screen is main)
        await wait_until(lambda: isinstance(app.focused, BoardWidget))
        await pilot.press("ctrl+x")
        await wait_until(lambda: isinstance(app.screen, ConfirmDialog))
