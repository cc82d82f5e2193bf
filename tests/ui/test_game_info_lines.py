"""The info panel repaints only the lines that changed and always shows its current text."""

from __future__ import annotations

import random
from typing import Any

from rich.text import Text
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widgets import TabbedContent

from igs_tui.go import Color
from igs_tui.model import ClockReading
from igs_tui.model import changes as ch
from igs_tui.ui.game.game_info import CRITICAL_STYLE, LOW_TIME_STYLE, GameInfo
from igs_tui.ui.game.game_panel import GamesPanel
from tests.ui.fakes import RecordingBackend
from tests.ui.test_game_support import PanelApp, add_moves, new_model, random_moves

TITLE = "The 1st igs-tui Local Cup, Final, Round 1, a long title that has to wrap in the panel"


async def settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


def screen_rows(info: GameInfo) -> list[str]:
    return [info.render_line(y).text.rstrip() for y in range(info.size.height)]


def assert_shows_its_text(info: GameInfo) -> None:
    """Every word of the panel's text is on screen, in order, within the panel's width."""
    rows = screen_rows(info)
    assert all(len(row) <= info.size.width for row in rows)
    assert " ".join(" ".join(rows).split()) == " ".join(info.render_info().plain.split())


async def test_a_move_repaints_the_changed_lines_only() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    moves = random_moves(19, 12)
    async with app.run_test(size=(120, 40)) as pilot:
        model.follow(5, white="ann", black="ben", title=TITLE)
        add_moves(model, 5, moves[:10])
        await settle(pilot)
        info = app.query_one(GamesPanel).view(5).query_one(GameInfo)
        assert_shows_its_text(info)
        before = [info.render_line(y) for y in range(info.size.height)]
        refreshed: list[tuple[Any, ...]] = []
        original = info.refresh

        def spy(*regions: Any, **kwargs: Any) -> Any:
            refreshed.append((regions, kwargs))
            return original(*regions, **kwargs)

        info.refresh = spy  # type: ignore[method-assign]
        add_moves(model, 5, moves[10:11])
        await settle(pilot)
        after = [info.render_line(y) for y in range(info.size.height)]
        assert_shows_its_text(info)
        same = [y for y, (a, b) in enumerate(zip(before, after, strict=True)) if a is b]
        title_rows = [y for y, row in enumerate(screen_rows(info)) if "Local Cup" in row]
        assert title_rows and set(title_rows) <= set(same)  # the title was not rendered again
        assert 0 in same  # nor the header
        changed_rows = {region.y for regions, _ in refreshed for region in regions}
        assert changed_rows and changed_rows.isdisjoint(same)
        assert all(not kwargs.get("layout") for _, kwargs in refreshed)  # no layout pass
        assert "move 11/11" in info.render_info().plain


async def test_resize_theme_and_hidden_tab_keep_the_text_current() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(120, 40)) as pilot:
        model.follow(5, white="ann", black="ben", title=TITLE)
        model.follow(6, white="cy", black="di")
        await settle(pilot)
        panel = app.query_one(GamesPanel)
        info = panel.view(5).query_one(GameInfo)
        add_moves(model, 5, random_moves(19, 7))  # while its tab is hidden
        await settle(pilot)
        app.query_one(TabbedContent).active = "game-5"
        await settle(pilot)
        assert "move 7/7" in info.render_info().plain
        assert_shows_its_text(info)
        wide_height = info.size.height
        await pilot.resize_terminal(80, 40)
        await settle(pilot)
        assert info.size.height > wide_height  # the title wraps to more lines
        assert_shows_its_text(info)
        header_style = info.render_line(0)._segments[0].style
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await settle(pilot)
        assert info.render_line(0)._segments[0].style != header_style
        assert_shows_its_text(info)


def test_last_move_and_pass_notices() -> None:
    from igs_tui.go import Color, Point
    from igs_tui.model import MoveRecord
    from igs_tui.ui.game.game_info import last_move_text, pass_notice

    b, w = Color.BLACK, Color.WHITE
    assert last_move_text(MoveRecord(5, b, Point(15, 15)), 19) == "B Q16"
    assert last_move_text(MoveRecord(6, w, None), 19) == "W pass"
    assert last_move_text(MoveRecord(1, b, None, handicap=4), 19) == "handicap 4"
    moves = [MoveRecord(1, b, None, handicap=2), MoveRecord(2, w, Point(3, 3))]
    assert pass_notice(moves, 3) == ""
    moves.append(MoveRecord(3, b, None))
    assert pass_notice(moves, 3) == "Black passed: 2 more passes end play"
    moves.append(MoveRecord(4, w, None))
    assert pass_notice(moves, 3) == "White passed: 1 more pass ends play"
    assert pass_notice(moves, 2) == "White passed"
    assert pass_notice([MoveRecord(1, b, None, handicap=2)], 3) == ""  # not a pass


async def test_the_panel_shows_the_last_move_and_an_opponents_pass() -> None:
    from igs_tui.go import Color, Point
    from igs_tui.model import GamePhase, MoveRecord
    from igs_tui.model import changes as ch

    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        model.follow(4, white="ann", black="bob")
        model.apply(ch.PhaseChanged(4, GamePhase.PLAYING))
        add_moves(model, 4, [MoveRecord(1, Color.BLACK, Point(15, 15))])
        await settle(pilot)
        info = app.query_one(GamesPanel).view(4).query_one(GameInfo)
        text = info.render_info().plain
        assert "move 1/1 (live)  B Q16" in text and "passed" not in text
        add_moves(model, 4, [MoveRecord(2, Color.WHITE, None)])
        await settle(pilot)
        text = info.render_info().plain
        assert "W pass" in text and "White passed: 2 more passes end play" in text
        model.apply(ch.PassesToEndSet(2))
        add_moves(model, 4, [MoveRecord(3, Color.BLACK, Point(3, 3))])
        await settle(pilot)
        assert "passed" not in info.render_info().plain


async def test_a_new_panel_line_does_not_draw_the_board_again() -> None:
    """Textual draws every widget whose container overlaps the lines a frame repaints: the
    board sits in a box of its own, so a frame with only new panel lines (a clock second,
    the move counter after the board's own frame) leaves the board's 40-odd lines alone."""
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(120, 40)) as pilot:
        model.follow(5, white="ann", black="ben")
        add_moves(model, 5, random_moves(19, 10))
        await settle(pilot)
        view = app.query_one(GamesPanel).view(5)
        board, info = view.board, view.query_one(GameInfo)
        drawn: list[str] = []
        for widget in (board, info):
            original = widget.render_lines

            def spy(crop: Any, original: Any = original, name: str = type(widget).__name__) -> Any:
                drawn.append(name)
                return original(crop)

            widget.render_lines = spy  # type: ignore[method-assign]
        for _ in range(20):  # until the frames of the start are over (slow under load)
            drawn.clear()
            await settle(pilot)
            if not drawn:
                break
        rows, layouts = len(info._rows), info.repaints.layouts
        # A frame of something else (a timer's) may draw the board in the same window on a
        # loaded machine; without the box every panel-only frame draws it. So: of a few clock
        # readings (the panel's only), at least one is drawn without the board.
        clean = 0
        for seconds in (1234.0, 1233.0, 1232.0, 1231.0, 1230.0):
            drawn.clear()
            model.apply(ch.ClockSet(5, Color.WHITE, ClockReading(seconds)))
            await settle(pilot)
            assert (len(info._rows), info.repaints.layouts) == (rows, layouts)  # no layout
            assert "GameInfo" in drawn
            if "BoardWidget" not in drawn:
                clean += 1
                break
        assert "20:3" in info.render_info().plain
        assert clean == 1, "every panel-only frame drew the board again"
        drawn.clear()
        add_moves(model, 5, random_moves(19, 11)[10:])  # a move draws both
        await settle(pilot)
        assert "GameInfo" in drawn and "BoardWidget" in drawn


def cells(strips: list[Strip]) -> list[list[tuple[str, str]]]:
    """Each row's characters with the style each is drawn in (without Textual's selection
    offsets, which only mouse selection reads)."""
    return [[(char, str(seg.style)) for seg in strip for char in seg.text] for strip in strips]


async def test_the_panel_draws_its_lines_as_textual_draws_a_static() -> None:
    """The panel draws its lines itself (four times cheaper than Textual's general pipeline,
    with a new move counter and clock reading every move): for lines that fit and lines that
    wrap, with wide characters, runs of spaces and words longer than the width, the rows,
    characters and styles are those :meth:`Visual.to_strips` gives for a Static's text."""
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    rng = random.Random(25)
    words = ["move", "12/12", "(live)", "W", "C11", "game", "3/3", "名人戦", "Shin", "Jinseo"]
    words += ["9p", "▶", "●", "supercalifragilisticexpialidocious", ""]
    styles = ["", "bold", "dim", "italic", LOW_TIME_STYLE, CRITICAL_STYLE]
    async with app.run_test(size=(120, 40)) as pilot:
        model.follow(5, white="ann", black="ben")
        await settle(pilot)
        info = app.query_one(GamesPanel).view(5).query_one(GameInfo)
        wrapped = 0
        for _ in range(400):
            line = Text(style=rng.choice(["", "dim"]))
            for _ in range(rng.randint(1, 8)):
                word = rng.choice(words) + " " * rng.randint(0, 3)
                line.append(word, style=rng.choice(styles))
            width = rng.randint(4, 40)
            ours = info._rows_of(line.copy(), width)
            visual = visualize(info, line, markup=False)
            textual = Visual.to_strips(info, visual, width, None, info.visual_style)
            assert cells(ours) == cells(textual), (line.plain, width)
            wrapped += len(ours) > 1
        assert wrapped > 100  # the wrapping was tried, not only lines that fit


def captures_of(text: str, name: str) -> str:
    """The ``captures N`` on the clock line under ``name``'s line in the panel's text."""
    lines = text.splitlines()
    (at,) = [i for i, line in enumerate(lines) if name in line.split()]
    return lines[at + 1].split("captures", 1)[1].strip()


async def test_the_panel_gives_each_player_the_prisoners_the_server_counted() -> None:
    """Spec, "making a move", of ``15 Game 28 I: OmegaGo1 (0 7498 -1) vs Soothie (...)``:
    "The first number in the parentheses indicates the number of prisoners the player has";
    and ``games``: "White is always shown first". The server's counts (here unlike our own
    board's, which saw no capture) are shown beside each player, each on its own side."""
    from tests.igs_feed import Fed

    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        model.follow(7, white="bob", black="carol")
        Fed(model).lines(
            "15 Game 7 I: bob (3 590 -1) vs carol (1 580 -1)\n15   0(B): D4\n15   1(W): Q16\n1 8"
        )
        await settle(pilot)
        text = app.query_one(GamesPanel).view(7).query_one(GameInfo).render_info().plain
        assert captures_of(text, "bob") == "3"  # White
        assert captures_of(text, "carol") == "1"  # Black
