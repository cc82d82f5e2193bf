"""``u`` unobserves only where it is not a column letter; ctrl+w unobserves on any board."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import RichLog

from igs_tui.go import Point
from igs_tui.model import FollowedGame, Role
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.game.game_view import GameView, has_u_column
from tests.ui.fakes import RecordingBackend
from tests.ui.test_game_support import PanelApp, new_model


async def settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


def test_u_is_a_column_from_20x20_on() -> None:
    assert not has_u_column(FollowedGame(1, size=19))
    assert has_u_column(FollowedGame(1, size=20))
    assert has_u_column(FollowedGame(1, size=25))
    assert not has_u_column(None)


@pytest.mark.parametrize("size", [21, 25])
async def test_u_followed_by_digits_is_a_coordinate_on_large_boards(size: int) -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(130, 45)) as pilot:
        model.follow(3, white="a", black="b", size=size)
        await settle(pilot)
        panel = app.query_one(GamesPanel)
        view = panel.view(3)
        assert view.check_action("unobserve", ()) is False
        assert view.check_action("close_game", ()) is True
        shown = {b.binding.key for b in app.screen.active_bindings.values() if b.enabled}
        assert "u" not in shown and "ctrl+w" in shown
        # the board has the focus: "u12" + Enter selects U12
        await pilot.press("u", "1", "2", "enter")
        await settle(pilot)
        assert view.board.cursor == Point(19, 11)
        assert backend.named("close_game") == [] and panel.game_numbers == [3]
        # elsewhere in the view (the chat log) u is not the unobserve key either
        view.query_one(RichLog).focus()
        await pilot.press("u")
        await settle(pilot)
        assert backend.named("close_game") == [] and panel.game_numbers == [3]
        await pilot.press("ctrl+w")
        await settle(pilot)
        assert backend.named("close_game") == [(3,)]
        assert panel.game_numbers == []


async def test_u_unobserves_on_19x19_and_ctrl_w_too() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(120, 40)) as pilot:
        model.follow(1, white="a", black="b")
        model.follow(2, white="c", black="d")
        await settle(pilot)
        panel = app.query_one(GamesPanel)
        assert panel.view(2).check_action("unobserve", ()) is True
        await pilot.press("u")
        await settle(pilot)
        assert backend.named("close_game") == [(2,)]
        assert panel.game_numbers == [1]
        panel.view(1).board.focus()
        await pilot.press("ctrl+w")
        await settle(pilot)
        assert backend.named("close_game") == [(2,), (1,)]
        assert panel.game_numbers == []


async def test_ctrl_w_refused_in_own_running_game() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(120, 40)) as pilot:
        model.follow(4, white="me", black="b", size=21, role=Role.PLAYING_WHITE)
        await settle(pilot)
        view: GameView = app.query_one(GamesPanel).view(4)
        assert view.check_action("close_game", ()) is False
        await pilot.press("ctrl+w")
        await settle(pilot)
        assert backend.named("close_game") == []
