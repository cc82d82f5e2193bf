"""A game view removed before its own mount handler ran (a new game under the same number
replaces it at once; seen on a loaded machine as ``NoMatches 'BoardWidget'`` from
``GameView.on_mount``, which ended the app). The view keeps its board, panel and side from
compose, so a late ``on_mount`` draws into them instead of querying children already gone."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical

from igs_tui.model import Role
from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.game.game_view import GameView
from tests.ui.fakes import RecordingBackend
from tests.ui.test_game_support import add_moves, new_model, random_moves


class Host(App[None]):
    def compose(self) -> ComposeResult:
        yield Vertical(id="host")


async def test_on_mount_of_a_view_whose_children_are_gone_draws_without_a_query() -> None:
    model, _ = new_model()
    model.follow(12, role=Role.OBSERVING, white="w", black="b", size=9)
    add_moves(model, 12, random_moves(9, 5, seed=2))
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        view = GameView(model, RecordingBackend(), 12)
        await app.query_one("#host").mount(view)
        board = view.board
        # the children go first, as when the view is removed with its mount still queued
        await view.query_one("#game-board").remove()
        await view.query_one("#game-side").remove()
        assert not list(view.query(BoardWidget))
        view.on_mount()  # what the late Mount handler runs: no NoMatches
        view.game_changed()
        assert view.board is board
        assert board.picture.size == 9
        await pilot.pause()
