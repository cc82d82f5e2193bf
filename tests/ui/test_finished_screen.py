"""The finished-games list: games released from their tabs (README "Limits") stay findable."""

from __future__ import annotations

from textual.app import App
from textual.widgets import DataTable

from igs_tui.model import ClientModel, Limits
from igs_tui.model import changes as ch
from igs_tui.ui.game.finished_screen import FinishedScreen


def released_model() -> ClientModel:
    model = ClientModel(limits=Limits(finished_tabs=1))
    for number, white in ((3, "[red]evil[/red]"), (4, "ann")):
        model.follow(number, white=white, white_rank="2k", black="bob", black_rank="1d")
        model.apply(ch.GameRecorded(number, f"/games/{number}.sgf"))
        model.game_ended(number, "W+R")
    model.follow(5, white="cid", black="dan")
    model.game_ended(5, "B+3.5")  # the newest finished game keeps its tab
    return model


async def test_released_games_are_listed_newest_first_with_their_records() -> None:
    model = released_model()
    assert sorted(model.followed) == [5]

    class Shell(App[None]):
        def on_mount(self) -> None:
            self.push_screen(FinishedScreen(model))

    app = Shell()
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#finished-table", DataTable)
        rows = [[cell.plain for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert rows == [
            ["4", "ann 2k", "bob 1d", "W+R", "0", "/games/4.sgf"],
            ["3", "[red]evil[/red] 2k", "bob 1d", "W+R", "0", "/games/3.sgf"],  # plain text
        ]
        await pilot.press("escape")
        assert not isinstance(app.screen, FinishedScreen)
