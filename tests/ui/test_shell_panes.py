"""Main screen: pane switching by keys and tabs, compact (80x24) vs wide (160x48) layout."""

from __future__ import annotations

import pytest
from textual.widgets import Tabs

from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.demo_model import demo_model
from tests.ui.shell_helpers import COMPACT, WIDE, main_screen, make_app


async def test_function_keys_and_alt_digits_switch_panes_in_compact_layout() -> None:
    app, _ = make_app(demo_model(players=30, games=5))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        assert screen.visible_panes() == ["games"]
        for key, pane in [("f4", "players"), ("f5", "chat"), ("f6", "console"), ("f2", "board")]:
            await pilot.press(key)
            await pilot.pause()
            assert screen.visible_panes() == [pane], key
            assert screen.query_one("#pane-tabs", Tabs).active == f"tab-{pane}"
        await pilot.press("alt+3")
        await pilot.pause()
        assert screen.visible_panes() == ["players"]
        assert app.focused is not None and app.focused.id == "players-table"
        await pilot.press("alt+4")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "chat-input"


async def test_wide_layout_keeps_board_beside_the_active_pane() -> None:
    app, _ = make_app(demo_model(players=30, games=5))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        assert screen.has_class("-wide")
        assert screen.visible_panes() == ["board", "games"]
        await pilot.press("f2")  # the list the user came from stays beside the board
        await pilot.pause()
        assert screen.visible_panes() == ["board", "games"]
        await pilot.press("f5")
        await pilot.pause()
        assert screen.visible_panes() == ["board", "chat"]
        await pilot.press("f2")  # the board is already shown: the side pane stays
        await pilot.pause()
        assert screen.visible_panes() == ["board", "chat"]
        board = screen.query_one("#pane-board")
        chat = screen.query_one("#pane-chat")
        assert board.region.right <= chat.region.x
        assert board.region.width > 60 and chat.region.width > 50


async def test_a_wide_screen_without_games_gives_the_list_the_whole_width() -> None:
    """ "No games yet" took three fifths of a 160-column screen and the lists beside it lost
    their last columns: the board's column comes with the first game followed (or F2)."""
    from igs_tui.model import ClientModel

    model = ClientModel()
    app, _ = make_app(model)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        assert screen.visible_panes() == ["games"] and not screen.has_class("-wide")
        assert screen.query_one("#pane-games").region.width == WIDE[0]
        model.follow(7, white="a", black="b")
        await pilot.pause()
        await pilot.pause()
        assert screen.visible_panes() == ["board", "games"] and screen.has_class("-wide")
        model.unfollow(7)
        await pilot.pause()
        await pilot.pause()
        assert screen.visible_panes() == ["games"]
        await pilot.press("f2")  # asked for, the board shows (its "No games yet" hint)
        await pilot.pause()
        assert screen.visible_panes() == ["board", "games"]


async def test_resizing_switches_layout_without_losing_state() -> None:
    app, _ = make_app(demo_model(players=30, games=5))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        await pilot.press("f5")
        await pilot.press("h", "i")
        await pilot.resize_terminal(*COMPACT)
        await pilot.pause()
        assert not screen.has_class("-wide")
        assert screen.visible_panes() == ["chat"]
        assert screen.query_one("#chat-input").value == "hi"  # type: ignore[attr-defined]


async def test_clicking_a_tab_switches_pane() -> None:
    app, _ = make_app(demo_model(players=30, games=5))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.click("#tab-console")
        await pilot.pause()
        assert main_screen(app).visible_panes() == ["console"]


async def test_focus_never_stays_in_a_hidden_pane() -> None:
    """A board that grabs focus for a newly followed game must not take keys while hidden."""
    model = demo_model(players=30, games=5)
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        model.follow(17)
        await pilot.pause()
        await pilot.pause()
        screen = main_screen(app)
        assert screen.visible_panes() == ["games"]
        assert app.focused is not None and app.focused.id == "games-table"


@pytest.mark.parametrize("width", [100, 120, 129, 130, 140, 160, 200])
async def test_the_board_keeps_its_coordinates_at_every_width(width: int) -> None:
    """The wide layout (board beside a list) starts only where a 19x19 board still fits with
    its coordinates, which players need to type moves."""
    app, _ = make_app(demo_model(players=30, games=5))
    async with app.run_test(size=(width, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        await pilot.pause()
        board = app.screen.query_one(BoardWidget)
        assert board.board_layout.size == 19
        assert board.board_layout.side_coords and board.board_layout.top_coords


async def test_a_move_on_the_board_paints_nothing_else_but_blank_lines() -> None:
    """Textual paints every widget whose *clip* (its parent's area) meets a changed line, not
    only those whose own area does: each widget there but the board must be one painted as
    blank lines (cheap), else every move pays for painting it whole (the games list's pane
    beside the board, the game tabs' bar and switcher did)."""
    app, _ = make_app(demo_model(players=30, games=5))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        await pilot.press("f2")
        await pilot.pause()
        assert screen.visible_panes() == ["board", "games"]
        board = screen.query_one(BoardWidget)
        painted = [
            widget
            for widget, (_region, clip) in screen._compositor.visible_widgets.items()
            if widget is not board and clip.overlaps(board.region) and not widget.BLANK
        ]
        assert painted == []
