"""BoardWidget under Pilot: cursor keys, typed coordinates, clicks, messages up."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.strip import Strip

from igs_tui.go import Color, Point
from igs_tui.ui.board.board_render import BoardOverlay, BoardPicture, render_board_lines
from igs_tui.ui.board.board_widget import BoardWidget


class BoardApp(App[None]):
    """Hosts one board and records what it posts."""

    def __init__(self, picture: BoardPicture) -> None:
        super().__init__()
        self.picture = picture
        self.selected: list[Point] = []
        self.passes = 0

    def compose(self) -> ComposeResult:
        yield BoardWidget(self.picture)

    def on_mount(self) -> None:
        self.query_one(BoardWidget).focus()

    def on_board_widget_point_selected(self, message: BoardWidget.PointSelected) -> None:
        self.selected.append(message.point)

    def on_board_widget_pass_requested(self, _message: BoardWidget.PassRequested) -> None:
        self.passes += 1


def board_text(board: BoardWidget) -> list[str]:
    return [board.render_line(y).text for y in range(board.board_layout.height)]


async def test_cursor_moves_with_arrows_and_hjkl() -> None:
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        assert board.cursor == Point(9, 9)
        await pilot.press("up", "up", "right")
        assert board.cursor == Point(10, 11)
        await pilot.press("k", "l", "l", "j", "j", "j", "h")
        assert board.cursor == Point(11, 9)
        await pilot.press("down", "left")
        assert board.cursor == Point(10, 8)
        assert app.selected == []


async def test_cursor_stops_at_the_edges() -> None:
    app = BoardApp(BoardPicture(9))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.press(*["left"] * 5, *["down"] * 5)
        assert board.cursor == Point(0, 0)
        await pilot.press(*["l"] * 9, *["k"] * 9)
        assert board.cursor == Point(8, 8)


async def test_enter_and_space_select_the_cursor_point() -> None:
    app = BoardApp(BoardPicture(13))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("up", "enter", "left", "space")
        await pilot.pause()
        assert app.selected == [Point(6, 7), Point(5, 7)]


async def test_typed_coordinate_selects_and_moves_cursor() -> None:
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.press("q", "1", "6")
        assert board.typed == "q16"
        assert any("go to: q16" in line for line in board_text(board))
        await pilot.press("enter")
        await pilot.pause()
        assert app.selected == [Point(15, 15)]
        assert board.cursor == Point(15, 15)
        assert board.typed == ""


async def test_uppercase_hjkl_type_columns_lowercase_move() -> None:
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.press("H", "3", "enter", "K", "1", "0", "enter")
        await pilot.pause()
        assert app.selected == [Point(7, 2), Point(9, 9)]
        await pilot.press("k")  # lower case: cursor up from K10
        assert board.cursor == Point(9, 10)


async def test_typed_coordinate_editing_and_cancel() -> None:
    app = BoardApp(BoardPicture(9))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.press("c", "4", "backspace", "5", "enter")
        await pilot.pause()
        assert app.selected == [Point(2, 4)]
        await pilot.press("d", "escape")
        assert board.typed == ""
        await pilot.press("enter")  # Enter with nothing typed selects the cursor (now C5)
        await pilot.pause()
        assert app.selected == [Point(2, 4), Point(2, 4)]


async def test_invalid_typed_coordinate_shows_error_and_selects_nothing() -> None:
    app = BoardApp(BoardPicture(9))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.press("a", "1", "2", "enter")
        await pilot.pause()
        assert app.selected == []
        assert any("a12: no row 12 on 9x9; nothing played" in line for line in board_text(board))
        # the message about the last coordinate goes with the next key; a letter that is not
        # a column of this board is typed too, and said to be no column before Enter
        await pilot.press("t")
        await pilot.pause()
        assert board.typed == "t"
        assert not any("no row 12" in line for line in board_text(board))
        assert any("go to: t_  no column T on 9x9" in line for line in board_text(board))
        await pilot.press("5", "enter")
        await pilot.pause()
        assert app.selected == []
        assert any("t5: no column T on 9x9; nothing played" in line for line in board_text(board))


async def test_typing_pass_requests_a_pass() -> None:
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p", "a", "s", "s", "enter")
        await pilot.pause()
        assert app.passes == 1
        assert app.selected == []


async def test_mouse_click_maps_cell_to_point() -> None:
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        layout = board.board_layout
        for point in (Point(0, 0), Point(3, 15), Point(18, 18), Point(9, 9)):
            await pilot.click(
                BoardWidget, offset=(layout.glyph_x(point.col), layout.line_y(point.row))
            )
        # a click on the coordinates selects nothing
        await pilot.click(BoardWidget, offset=(0, 0))
        await pilot.pause()
        assert app.selected == [Point(0, 0), Point(3, 15), Point(18, 18), Point(9, 9)]
        assert board.cursor == Point(9, 9)


async def test_mouse_click_in_wide_layout() -> None:
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(160, 48)) as pilot:
        board = app.query_one(BoardWidget)
        layout = board.board_layout
        assert layout.cell_width == 4
        # one cell right of E5's glyph, on the grid line, still means E5
        await pilot.click(BoardWidget, offset=(layout.glyph_x(4) + 1, layout.line_y(4)))
        await pilot.pause()
        assert app.selected == [Point(4, 4)]


async def test_a_9x9_board_grows_in_a_big_terminal() -> None:
    """Issue 28: at 160x48 a 9x9 board stayed in 4x2 cells, a third of the screen."""
    app = BoardApp(BoardPicture(9))
    async with app.run_test(size=(160, 48)) as pilot:
        board = app.query_one(BoardWidget)
        layout = board.board_layout
        assert (layout.cell_width, layout.cell_height) == (6, 3)
        assert layout.bottom_coords and layout.top_coords
        lines = board_text(board)
        assert lines[-1].split() == list("ABCDEFGHJ")
        # two cells below E5's glyph, between the rows, still means E5
        await pilot.click(BoardWidget, offset=(layout.glyph_x(4), layout.line_y(4) + 1))
        await pilot.pause()
        assert app.selected == [Point(4, 4)]


async def test_picture_update_redraws_stones_and_last_move() -> None:
    app = BoardApp(BoardPicture(9))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        layout = board.board_layout
        board.picture = BoardPicture(9, {Point(2, 6): Color.BLACK}, last_move=Point(2, 6))
        await pilot.pause()
        line = board_text(board)[layout.line_y(6)]
        x = layout.glyph_x(2)
        assert line[x - 1 : x + 2] == "(●)"
        board.picture = BoardPicture(
            9,
            {Point(2, 6): Color.BLACK},
            overlay=BoardOverlay(black_territory=frozenset({Point(0, 0)})),
        )
        await pilot.pause()
        assert board_text(board)[layout.line_y(0)][layout.glyph_x(0)] == "▪"


async def test_board_shrinks_to_fit_small_heights() -> None:
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(50, 20)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.pause()
        layout = board.board_layout
        assert layout.height <= 20
        lines = board_text(board)
        assert lines[layout.line_y(18)].split()[0] == "19"
        assert lines[layout.line_y(0)].split()[0] == "1"


async def test_size_change_clamps_cursor() -> None:
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        board.cursor = Point(18, 18)
        board.picture = BoardPicture(9)
        await pilot.pause()
        assert board.cursor == Point(8, 8)


async def test_a_move_repaints_only_the_lines_that_changed() -> None:
    """Small screen updates per move: the new stone's line and the old last move's line."""
    app = BoardApp(BoardPicture(19, {Point(3, 3): Color.BLACK}, last_move=Point(3, 3)))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.pause()
        board.render_line(0)  # strips are cached after the first paint
        regions: list[object] = []
        original = board.refresh

        def recording_refresh(*args: Any, **kwargs: Any) -> BoardWidget:
            regions.extend(args)
            return original(*args, **kwargs)

        board.refresh = recording_refresh  # type: ignore[method-assign]
        board.picture = BoardPicture(
            19, {Point(3, 3): Color.BLACK, Point(15, 15): Color.WHITE}, last_move=Point(15, 15)
        )
        layout = board.board_layout
        rows = sorted(region.y for region in regions)  # type: ignore[attr-defined]
        assert rows == sorted({layout.line_y(3), layout.line_y(15)})
        assert all(region.height == 1 for region in regions)  # type: ignore[attr-defined]


async def test_lowercase_hjkl_followed_by_a_digit_type_a_coordinate() -> None:
    """``h4`` + Enter is H4: the cursor step of ``h`` is taken back when the digit comes."""
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.press("h", "4", "enter", "j", "1", "2", "enter")
        await pilot.pause()
        assert app.selected == [Point(7, 3), Point(8, 11)]
        assert board.cursor == Point(8, 11)
        await pilot.press("l", "enter")  # no digit: a cursor step, then select
        await pilot.pause()
        assert app.selected[-1] == Point(9, 11)


async def test_hjkl_beyond_the_board_columns_then_a_digit_is_refused_not_played() -> None:
    """Issue 28: on 9x9 ``k3`` + Enter played E6 (``k`` moved the cursor, Enter played it).
    ``k`` still moves the cursor and the note line says so; the digit takes the step back
    and makes ``k3``, which Enter refuses: there is no column K on 9x9."""
    app = BoardApp(BoardPicture(9))  # columns A-J without I: K is not a column here
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.press("k")
        assert board.cursor == Point(4, 5)
        assert any("k: cursor up" in line for line in board_text(board))
        await pilot.press("3")
        assert board.typed == "k3"
        assert board.cursor == Point(4, 4)
        assert any("go to: k3_" in line and "no column K" in line for line in board_text(board))
        await pilot.press("enter")
        await pilot.pause()
        assert app.selected == []
        assert board.cursor == Point(4, 4)
        assert any("k3: no column K on 9x9; nothing played" in line for line in board_text(board))


async def test_a_letter_that_is_no_column_then_enter_plays_nothing() -> None:
    """Issue 28: on 19x19 ``i5`` + Enter played at the cursor. ``i`` is no column: typed, it
    is refused at Enter with a message, and the cursor's point is not played."""
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.press("i", "5")
        assert board.typed == "i5"
        await pilot.press("enter")
        await pilot.pause()
        assert app.selected == []
        assert any("i5: no column I" in line for line in board_text(board))


async def test_a_digit_first_is_refused_not_the_cursor_played() -> None:
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.press("5", "enter")
        await pilot.pause()
        assert app.selected == []
        assert any("5: no column letter" in line for line in board_text(board))


async def test_while_typing_space_and_arrows_do_not_act_and_escape_restores() -> None:
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.press("q", "1")
        assert board.cursor == Point(15, 0)  # the cursor previews a complete point
        assert any("Enter: Q1" in line for line in board_text(board))
        await pilot.press("space", "left", "up")
        await pilot.pause()
        assert app.selected == [] and board.typed == "q1"
        await pilot.press("escape")
        assert board.typed == "" and board.cursor == Point(9, 9)


def fresh_drawing(board: BoardWidget) -> list[Strip]:
    """What a board drawn from scratch in its current state shows (no typed text)."""
    lines = render_board_lines(
        board.picture,
        board.board_layout,
        cursor=board.cursor if board.has_focus else None,
        ascii_only=board.ascii_only,
    )
    width = board.size.width
    return [Strip(line).crop_extend(0, width, board.rich_style) for line in lines]


def shown(board: BoardWidget) -> list[Strip]:
    return [board.render_line(y) for y in range(board.board_layout.height)]


async def test_lines_redrawn_in_part_always_equal_a_drawing_from_scratch() -> None:
    """Moves, captures, cursor, focus, typing, numbers, overlay and ASCII: no stale line."""
    app = BoardApp(BoardPicture(19))
    async with app.run_test(size=(100, 44)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.pause()
        assert shown(board) == fresh_drawing(board)
        stones: dict[Point, Color] = {}
        moves = [Point(3, 3), Point(15, 15), Point(4, 3), Point(3, 4), Point(2, 3), Point(3, 2)]
        for number, point in enumerate(moves, start=1):
            stones = {**stones, point: Color.BLACK if number % 2 else Color.WHITE}
            if number == 6:
                del stones[Point(3, 3)]  # a capture on another row
            board.picture = BoardPicture(19, stones, last_move=point)
            await pilot.pause()
            assert shown(board) == fresh_drawing(board), number
        await pilot.press("up", "left", "left")
        assert shown(board) == fresh_drawing(board)
        await pilot.press("d", "4")
        assert any("go to: d4" in line for line in board_text(board))
        await pilot.press("escape")
        assert shown(board) == fresh_drawing(board)  # the letters are back
        board.picture = BoardPicture(19, stones, Point(3, 2), {p: 7 for p in stones})
        assert shown(board) == fresh_drawing(board)
        overlay = BoardOverlay(frozenset({Point(0, 0)}), frozenset(), frozenset({Point(3, 4)}))
        board.picture = BoardPicture(19, stones, Point(3, 2), overlay=overlay)
        assert shown(board) == fresh_drawing(board)
        board.ascii_only = True
        assert shown(board) == fresh_drawing(board)
        board.blur()
        await pilot.pause()
        assert shown(board) == fresh_drawing(board)  # no cursor without focus


async def test_a_new_theme_redraws_the_space_beside_the_board() -> None:
    """The strips are cached, but a theme change must not leave the old background."""
    app = BoardApp(BoardPicture(9))
    app.theme = "textual-dark"
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(BoardWidget)
        await pilot.pause()
        dark = board.render_line(1)
        app.theme = "textual-light"
        await pilot.pause()
        light = board.render_line(1)
        assert light != dark
        assert shown(board) == fresh_drawing(board)
