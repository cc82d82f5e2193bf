"""Issue 28 at 80x24: the Title column shows a relay's whole placeholder (it was cut to
"(title w"), and a 19x19 board keeps its letters above and below (the bottom ones were
missing: the pane tabs' underline took the row they need)."""

from __future__ import annotations

from igs_tui.model import GameSummary, Role
from igs_tui.model import changes as ch
from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.lists.games_list import UNTITLED, GamesList
from tests.polling import wait_until
from tests.ui.shell_helpers import COMPACT, app_logged_in_as, main_screen


async def test_the_title_placeholder_fits_at_80_columns() -> None:
    app, model = app_logged_in_as("me")
    relay = GameSummary(3, "kansai1", "NR", "kansai1", "NR", size=19)
    model.apply(ch.GamesReplaced((relay,)))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        await pilot.pause()
        table = main_screen(app).query_one(GamesList).table
        assert table.size.width <= 80
        row = table.render_line(1).text  # under the header
        assert UNTITLED.plain in row, row


async def test_a_19x19_board_keeps_its_letters_above_and_below_at_80x24() -> None:
    app, model = app_logged_in_as("me")
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        model.follow(4, role=Role.OBSERVING, white="a", black="b", size=19)
        await wait_until(lambda: bool(app.screen.query(BoardWidget)))
        await pilot.press("f2")
        await pilot.pause()
        await pilot.pause()
        board = app.screen.query_one(BoardWidget)
        layout = board.board_layout
        assert layout.top_coords and layout.bottom_coords
        assert board.size.height >= layout.height
        last = board.render_line(layout.height - 1).text
        assert last.split() == list("ABCDEFGHJKLMNOPQRST")
