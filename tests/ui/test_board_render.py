"""Board drawing as plain text: coordinates, star points, stones, markers, overlay, layouts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.color import Color as RichColor
from rich.color import ColorSystem

from igs_tui.go import COLUMN_LETTERS, Color, Game, Point, parse_point
from igs_tui.ui.board.board_render import (
    BoardLayout,
    BoardOverlay,
    BoardPalette,
    BoardPicture,
    changed_rows,
    choose_layout,
    picture_of,
    render_board_line,
    render_board_lines,
    render_board_text,
    star_points,
)


def lines_of(picture: BoardPicture, layout: BoardLayout | None = None, **kw: object) -> list[str]:
    rendered = render_board_lines(picture, layout or BoardLayout(picture.size), **kw)  # type: ignore[arg-type]
    return ["".join(s.text for s in line) for line in rendered]


def char_at(lines: list[str], layout: BoardLayout, point: Point) -> str:
    return lines[layout.line_y(point.row)][layout.glyph_x(point.col)]


@pytest.mark.parametrize("size", [9, 13, 19, 25])
def test_coordinates_letters_skip_i_and_numbers_count_from_bottom(size: int) -> None:
    """GTP §2.11: columns A-Z without I, rows numbered from 1 at the bottom."""
    layout = BoardLayout(size)
    lines = lines_of(BoardPicture(size), layout)
    assert len(lines) == layout.height == size + 2
    assert all(len(line) == layout.width for line in lines)
    letters = lines[0].split()
    assert letters == list(COLUMN_LETTERS[:size])
    assert "I" not in letters
    assert lines[-1] == lines[0]
    assert lines[1].split()[0] == str(size)  # top row is the highest number
    assert lines[size].split()[0] == "1"
    assert lines[size].split()[-1] == "1"


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        (19, {"D4", "K4", "Q4", "D10", "K10", "Q10", "D16", "K16", "Q16"}),
        (13, {"D4", "K4", "G7", "D10", "K10"}),
        (9, {"C3", "G3", "E5", "C7", "G7"}),
        (25, {"D4", "N4", "W4", "D13", "N13", "W13", "D22", "N22", "W22"}),
        (7, {"C3", "E3", "D4", "C5", "E5"}),
        (4, set()),
    ],
)
def test_star_points(size: int, expected: set[str]) -> None:
    assert star_points(size) == {parse_point(t, size) for t in expected}


def test_star_points_are_drawn_and_edges_use_box_drawing() -> None:
    layout = BoardLayout(19)
    lines = lines_of(BoardPicture(19), layout)
    for point in star_points(19):
        assert char_at(lines, layout, point) == "╋"
    assert char_at(lines, layout, Point(0, 0)) == "└"
    assert char_at(lines, layout, Point(18, 18)) == "┐"
    assert char_at(lines, layout, Point(5, 0)) == "┴"
    assert char_at(lines, layout, Point(5, 5)) == "┼"


@pytest.mark.parametrize("size", [2, 3, 5, 9, 13, 19, 21, 25])
def test_stones_have_distinct_shapes_in_unicode_and_ascii(size: int) -> None:
    game = Game(size)
    game.play(Point(0, 0), Color.BLACK)
    game.play(Point(size - 1, size - 1), Color.WHITE)
    layout = BoardLayout(size)
    uni = render_board_text(game, layout=layout).plain.split("\n")
    asc = render_board_text(game, layout=layout, ascii_only=True).plain.split("\n")
    assert char_at(uni, layout, Point(0, 0)) == "●"
    assert char_at(uni, layout, Point(size - 1, size - 1)) == "○"
    assert char_at(asc, layout, Point(0, 0)) == "X"
    assert char_at(asc, layout, Point(size - 1, size - 1)) == "O"
    assert sum(line.count("●") for line in uni) == 1
    assert sum(line.count("○") for line in uni) == 1


def test_stone_colours_differ_and_board_has_its_own_background() -> None:
    """Readable under any theme: the wood background is drawn by the board itself."""
    picture = BoardPicture(9, {Point(2, 2): Color.BLACK, Point(3, 3): Color.WHITE})
    layout = BoardLayout(9)
    lines = render_board_lines(picture, layout)
    styles = {seg.text: seg.style for line in lines for seg in line if seg.text in "●○"}
    assert styles["●"] is not None and styles["○"] is not None
    assert styles["●"].color != styles["○"].color
    assert all(seg.style is not None and seg.style.bgcolor for line in lines for seg in line)


def test_last_move_is_bracketed() -> None:
    layout = BoardLayout(9)
    picture = BoardPicture(9, {Point(4, 4): Color.BLACK}, last_move=Point(4, 4))
    line = lines_of(picture, layout)[layout.line_y(4)]
    x = layout.glyph_x(4)
    assert line[x - 1 : x + 2] == "(●)"
    assert line.count("(") == 1 and line.count(")") == 1


@pytest.mark.parametrize("point", [Point(0, 3), Point(8, 3)])
def test_last_move_marker_fits_on_the_edges(point: Point) -> None:
    layout = BoardLayout(9)
    picture = BoardPicture(9, {point: Color.WHITE}, last_move=point)
    lines = lines_of(picture, layout)
    x = layout.glyph_x(point.col)
    assert lines[layout.line_y(3)][x - 1 : x + 2] == "(○)"
    assert all(len(line) == layout.width for line in lines)


def test_move_numbers_replace_stone_glyphs() -> None:
    layout = BoardLayout(9)
    picture = BoardPicture(
        9,
        {Point(2, 2): Color.BLACK, Point(5, 2): Color.WHITE},
        numbers={Point(2, 2): 1, Point(5, 2): 112},
    )
    line = lines_of(picture, layout)[layout.line_y(2)]
    assert line[layout.glyph_x(2)] == "1"
    # compact cells show the last two digits of long numbers
    assert line[layout.glyph_x(5) : layout.glyph_x(5) + 2] == "12"
    wide = BoardLayout(9, 4, 2)
    line = lines_of(picture, wide)[wide.line_y(2)]
    assert line[wide.glyph_x(5) : wide.glyph_x(5) + 3] == "112"
    assert all(len(x) == wide.width for x in lines_of(picture, wide))


def test_overlay_marks_territory_and_dead_stones() -> None:
    layout = BoardLayout(9)
    overlay = BoardOverlay(
        black_territory=frozenset({Point(0, 0)}),
        white_territory=frozenset({Point(8, 8)}),
        dead=frozenset({Point(4, 4), Point(5, 5)}),
    )
    stones = {Point(4, 4): Color.BLACK, Point(5, 5): Color.WHITE, Point(1, 1): Color.BLACK}
    picture = BoardPicture(9, stones, overlay=overlay)
    uni = lines_of(picture, layout)
    assert char_at(uni, layout, Point(0, 0)) == "▪"
    assert char_at(uni, layout, Point(8, 8)) == "▫"
    assert char_at(uni, layout, Point(4, 4)) == "×"
    assert char_at(uni, layout, Point(1, 1)) == "●"  # alive stones unchanged
    asc = lines_of(picture, layout, ascii_only=True)
    assert [char_at(asc, layout, p) for p in (Point(0, 0), Point(8, 8))] == ["b", "w"]
    assert [char_at(asc, layout, p) for p in (Point(4, 4), Point(5, 5))] == ["x", "o"]


def test_cursor_changes_only_the_cursor_cell_background() -> None:
    layout = BoardLayout(9)
    picture = BoardPicture(9)
    plain = render_board_lines(picture, layout)
    with_cursor = render_board_lines(picture, layout, cursor=Point(3, 3))
    assert ["".join(s.text for s in line) for line in plain] == [
        "".join(s.text for s in line) for line in with_cursor
    ]
    y = layout.line_y(3)
    x = layout.glyph_x(3)
    pos = 0
    cursor_bg = None
    for seg in with_cursor[y]:
        if pos <= x < pos + len(seg.text):
            cursor_bg = seg.style.bgcolor if seg.style else None
        pos += len(seg.text)
    wood_style = plain[y][0].style
    wood_bg = wood_style.bgcolor if wood_style else None
    assert cursor_bg is not None and cursor_bg != wood_bg


def test_wide_layout_draws_vertical_grid_between_rows() -> None:
    layout = BoardLayout(9, 4, 2)
    lines = lines_of(BoardPicture(9), layout)
    assert len(lines) == layout.height == 2 + 9 * 2 - 1
    between = lines[layout.line_y(8) + 1]
    assert between.count("│") == 9


@pytest.mark.parametrize(
    ("width", "height", "expected"),
    [
        (160, 46, (4, 2, True, True)),
        (66, 44, (3, 2, True, True)),  # beside a list at 160x48: fill the height
        (48, 22, (2, 1, True, True)),
        (48, 20, (2, 1, True, False)),
        (48, 19, (2, 1, False, False)),
    ],
)
def test_choose_layout_grows_and_shrinks(
    width: int, height: int, expected: tuple[int, int, bool, bool]
) -> None:
    layout = choose_layout(19, width, height)
    assert (layout.cell_width, layout.cell_height, layout.top_coords, layout.bottom_coords) == (
        expected
    )
    assert layout.height <= height and layout.width <= width


def test_compact_19x19_fits_80x24_with_room_for_a_side_panel() -> None:
    layout = choose_layout(19, 48, 22)
    assert layout.width <= 48 and layout.height <= 22


@settings(max_examples=150, deadline=None)
@given(
    size=st.integers(2, 25),
    wide=st.booleans(),
    side=st.booleans(),
    data=st.data(),
)
def test_point_at_inverts_glyph_positions(
    size: int, wide: bool, side: bool, data: st.DataObject
) -> None:
    layout = BoardLayout(size, 4 if wide else 2, 2 if wide else 1, side_coords=side)
    col = data.draw(st.integers(0, size - 1))
    row = data.draw(st.integers(0, size - 1))
    x, y = layout.glyph_x(col), layout.line_y(row)
    assert layout.point_at(x, y) == Point(col, row)
    if wide:  # in wide cells the grid line cells either side of a glyph belong to it too
        assert layout.point_at(x - 1, y) == layout.point_at(x + 1, y) == Point(col, row)


def test_point_at_outside_the_grid_is_none() -> None:
    layout = BoardLayout(9)
    assert layout.point_at(0, 0) is None  # the top coordinates row, left of column A
    assert layout.point_at(layout.width - 1, layout.line_y(4)) is None
    assert layout.point_at(layout.glyph_x(0), layout.height - 1) is None


@settings(max_examples=120, deadline=None)
@given(
    size=st.integers(2, 25),
    layout_index=st.integers(0, 4),
    ascii_only=st.booleans(),
    data=st.data(),
)
def test_any_picture_fills_exactly_the_layout(
    size: int, layout_index: int, ascii_only: bool, data: st.DataObject
) -> None:
    """Whatever the marks, every line is exactly ``layout.width`` cells and stones sit on glyphs."""
    layout = choose_layout(
        size, *[(200, 100), (60, 30), (60, size + 1), (60, size), (0, 0)][layout_index]
    )
    points = st.builds(Point, st.integers(0, size - 1), st.integers(0, size - 1))
    stones = data.draw(st.dictionaries(points, st.sampled_from(list(Color)), max_size=size * 2))
    last = data.draw(st.one_of(st.none(), points))
    use_numbers = data.draw(st.booleans())
    numbers = {p: data.draw(st.integers(1, 999)) for p in stones} if use_numbers else {}
    overlay = data.draw(
        st.one_of(
            st.none(),
            st.builds(
                BoardOverlay,
                st.frozensets(points, max_size=5),
                st.frozensets(points, max_size=5),
                st.frozensets(points, max_size=5),
            ),
        )
    )
    cursor = data.draw(st.one_of(st.none(), points))
    picture = BoardPicture(size, stones, last, numbers, overlay)
    lines = lines_of(picture, layout, cursor=cursor, ascii_only=ascii_only)
    assert len(lines) == layout.height
    assert all(len(line) == layout.width for line in lines), lines
    if not numbers and overlay is None:
        for point, color in stones.items():
            expected = (
                {Color.BLACK: "X", Color.WHITE: "O"}
                if ascii_only
                else {
                    Color.BLACK: "●",
                    Color.WHITE: "○",
                }
            )
            assert char_at(lines, layout, point) == expected[color]


@pytest.mark.parametrize("system", [ColorSystem.STANDARD, ColorSystem.EIGHT_BIT])
def test_stones_keep_contrast_without_true_colour(system: ColorSystem) -> None:
    """On 16/256-colour terminals the board, black and white must stay three distinct colours."""
    palette = BoardPalette()

    def number(colour: str) -> int | None:
        return RichColor.parse(colour).downgrade(system).number

    wood, black, white = number(palette.wood), number(palette.black), number(palette.white)
    assert len({wood, black, white}) == 3
    assert wood not in (7, 15, 0, 8)  # not grey or white: white stones would vanish


def pictures(size: int, data: st.DataObject) -> BoardPicture:
    """Any picture of ``size``: stones, last move, numbers (with 3-digit ones), overlay."""
    points = st.builds(Point, st.integers(0, size - 1), st.integers(0, size - 1))
    stones = data.draw(st.dictionaries(points, st.sampled_from(list(Color)), max_size=size * 2))
    numbers = data.draw(
        st.one_of(st.just({}), st.dictionaries(points, st.integers(1, 1200), max_size=size))
    )
    overlay = data.draw(
        st.one_of(
            st.none(),
            st.builds(
                BoardOverlay,
                st.frozensets(points, max_size=5),
                st.frozensets(points, max_size=5),
                st.frozensets(points, max_size=5),
            ),
        )
    )
    return BoardPicture(size, stones, data.draw(st.none() | points), numbers, overlay)


@settings(max_examples=300, deadline=None)
@given(size=st.integers(2, 25), layout_index=st.integers(0, 4), data=st.data())
def test_redrawing_only_the_changed_rows_gives_the_full_drawing(
    size: int, layout_index: int, data: st.DataObject
) -> None:
    """The widget's shortcut is exact: old lines + changed rows redrawn == new full drawing."""
    layout = choose_layout(
        size, *[(200, 100), (60, 30), (60, size + 1), (60, size), (0, 0)][layout_index]
    )
    before = pictures(size, data)
    after = data.draw(
        st.one_of(
            st.just(pictures(size, data)),
            # the common case: one move on top of the old position, maybe with captures
            st.builds(
                lambda point, color, removed: BoardPicture(
                    size,
                    {
                        **{p: c for p, c in before.stones.items() if p not in removed},
                        point: color,
                    },
                    point,
                    before.numbers,
                    before.overlay,
                ),
                st.builds(Point, st.integers(0, size - 1), st.integers(0, size - 1)),
                st.sampled_from(list(Color)),
                st.sets(st.sampled_from(sorted(before.stones) or [Point(0, 0)]), max_size=4),
            ),
        )
    )
    ascii_only = data.draw(st.booleans())
    rows = changed_rows(before, after)
    assert rows is not None
    lines = render_board_lines(before, layout, ascii_only=ascii_only)
    for row in rows:
        y = layout.line_y(row)
        lines[y] = render_board_line(after, layout, y, ascii_only=ascii_only)
    assert lines == render_board_lines(after, layout, ascii_only=ascii_only)


def test_a_move_changes_its_row_the_captures_and_the_old_last_move() -> None:
    game = Game(9)
    for text in ("B1", "A1", "E5", "E6"):
        game.play(parse_point(text, 9))
    before = picture_of(game, last_move=parse_point("E6", 9))
    game.play(parse_point("A2", 9))  # takes the white stone on A1
    after = picture_of(game, last_move=parse_point("A2", 9))
    assert Point(0, 0) not in after.stones
    assert changed_rows(before, after) == frozenset({5, 1, 0})  # old last move, stone, capture
    assert changed_rows(after, after) == frozenset()
    assert changed_rows(after, BoardPicture(19)) is None  # another size: everything
    numbered = BoardPicture(9, after.stones, after.last_move, {Point(4, 4): 3})
    assert changed_rows(after, numbered) == frozenset({4, 1})  # the number, the marker style


def test_render_board_line_covers_every_kind_of_line() -> None:
    """Coordinate lines, board rows and the grid lines between rows, in every layout."""
    picture = BoardPicture(9, {Point(4, 4): Color.BLACK}, last_move=Point(4, 4))
    for layout in (BoardLayout(9, 4, 2), BoardLayout(9), BoardLayout(9, 2, 1, False, False)):
        whole = render_board_lines(picture, layout, cursor=Point(2, 2))
        assert whole == [
            render_board_line(picture, layout, y, cursor=Point(2, 2)) for y in range(layout.height)
        ]


@pytest.mark.parametrize("layout", [BoardLayout(9, 4, 2), BoardLayout(9)])
def test_an_empty_last_move_point_gets_both_brackets_on_every_path(layout: BoardLayout) -> None:
    """The fast path for empty points and the general one (taken with an overlay) agree."""
    last = Point(3, 4)
    plain = lines_of(BoardPicture(9, last_move=last), layout)
    marked = lines_of(BoardPicture(9, last_move=last, overlay=BoardOverlay()), layout)
    assert plain == marked
    x = layout.glyph_x(3)
    assert plain[layout.line_y(4)][x - 1 : x + 2] == "(┼)"
