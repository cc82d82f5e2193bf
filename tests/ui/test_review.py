"""Record review: open a file (palette prompt or ``igs-tui review``), browse the main line and
the variations, read comments as plain text, save as SGF or Ishi, and bad files reported."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from igs_tui.go import Color, Point
from igs_tui.model import ClientModel
from igs_tui.records import read_record_file
from igs_tui.ui.app import IgsApp
from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.game.game_prompts import InputPrompt
from igs_tui.ui.review.review_app import ReviewApp
from igs_tui.ui.review.review_open import export_name, load_record, save_record
from igs_tui.ui.review.review_screen import ReviewScreen
from tests.ui.shell_helpers import COMPACT, make_app

HOSTILE = "[bold]not bold[/bold] [link=http://x]click[/link] \x1b[31mred"

# 9x9. Main line: B E5 (comment), W C7, B G7 (comment), W C3, B G3 (comment).
# At move 2 a variation: W G3 (hostile comment), B C7.
RECORD = (
    "(;GM[1]FF[4]SZ[9]PB[Alice]BR[3k]PW[Bob [red\\]x[/red\\]]WR[2k]KM[6.5]RE[B+R]"
    "EV[Club night]DT[2026-11-02]"
    ";B[ee]C[Opening in the centre.]"
    "(;W[cc];B[gc]C[main line];W[cg];B[gg]C[end of main])"
    "(;W[gg]C[A variation: " + HOSTILE.replace("]", "\\]") + "];B[cc]))"
)


def write_record(tmp_path: Path, text: str = RECORD, name: str = "game.sgf") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


async def settle(pilot: Pilot[Any], rounds: int = 3) -> None:
    for _ in range(rounds):
        await pilot.pause()


def shown(screen: ReviewScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).content)


def review_app(tmp_path: Path) -> ReviewApp:
    loaded = load_record(str(write_record(tmp_path)))
    assert not isinstance(loaded, str), loaded
    return ReviewApp(loaded[1], loaded[0])


async def test_browse_the_main_line_with_comments_and_last_move(tmp_path: Path) -> None:
    app = review_app(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        header = shown(screen, "#review-header")
        assert "Alice 3k" in header and "Bob [red]x[/red] 2k" in header
        assert "komi 6.5" in header and "result B+R" in header and "Club night" in header
        assert "Start (0/5)" in shown(screen, "#review-position")
        await pilot.press("right")
        assert "Move 1/5  ● E5" in shown(screen, "#review-position")
        assert shown(screen, "#review-comment") == "Opening in the centre."
        board = screen.query_one(BoardWidget)
        assert board.picture.last_move == Point(4, 4)
        assert board.picture.stones == {Point(4, 4): Color.BLACK}
        await pilot.press("end")
        assert "Move 5/5" in shown(screen, "#review-position")
        assert shown(screen, "#review-comment") == "end of main"
        await pilot.press("left", "left")
        assert "Move 3/5  ● G7" in shown(screen, "#review-position")
        await pilot.press("home")
        assert screen.cursor.at_start and board.picture.stones == {}
        await pilot.press("left")
        assert "At the start" in shown(screen, "#review-status")


async def test_choose_a_variation_and_its_hostile_comment_shows_literally(
    tmp_path: Path,
) -> None:
    app = review_app(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("right")
        choices = shown(screen, "#review-choices")
        assert "> a) ○ C7  main line" in choices and "  b) ○ G3" in choices
        await pilot.press("down")
        assert "> b) ○ G3" in shown(screen, "#review-choices")
        await pilot.press("right")
        position = shown(screen, "#review-position")
        assert "Move 2/3  ○ G3" in position and "variation 2 of 2" in position
        comment = shown(screen, "#review-comment")
        # markup and links shown as typed; the escape sequence stripped
        assert comment == "A variation: [bold]not bold[/bold] [link=http://x]click[/link] red"
        await pilot.press("left_square_bracket")
        assert "Move 2/5  ○ C7" in shown(screen, "#review-position")
        await pilot.press("right_square_bracket", "end")
        assert "Move 3/3  ● C7" in shown(screen, "#review-position")
        await pilot.press("home", "end")  # the line chosen is kept, not the main line
        assert "Move 3/3" in shown(screen, "#review-position")


async def test_go_to_move_prompt(tmp_path: Path) -> None:
    app = review_app(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("g")
        await settle(pilot)
        prompt = app.screen
        assert isinstance(prompt, InputPrompt)
        await pilot.press(*"x1", "enter")
        await settle(pilot)
        assert "Type a move number" in prompt.error and app.screen is prompt
        prompt.query_one(Input).value = "4"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        assert "Move 4/5  ○ C3" in shown(screen, "#review-position")


async def test_save_as_ishi_then_sgf_round_trips(tmp_path: Path) -> None:
    app = review_app(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        prompt = app.screen
        assert isinstance(prompt, InputPrompt)
        assert prompt.query_one(Input).value == str(tmp_path / "game.go")  # export: other format
        prompt.query_one(Input).value = str(tmp_path / "out.txt")
        await pilot.press("enter")
        await settle(pilot)
        assert "must end in .sgf" in prompt.error
        prompt.query_one(Input).value = str(tmp_path / "out.go")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and isinstance(screen, ReviewScreen)
        assert "Saved to" in shown(screen, "#review-status")
    again = read_record_file(tmp_path / "out.go")[0]
    original = read_record_file(tmp_path / "game.sgf")[0]
    assert again.main_moves() == original.main_moves()
    assert [len(n.children) for n in again.root.walk()] == [
        len(n.children) for n in original.root.walk()
    ]
    assert not list(tmp_path.glob(".*.tmp"))


def test_save_record_refuses_and_writes_nothing(tmp_path: Path) -> None:
    collection = read_record_file(write_record(tmp_path))
    assert save_record(collection, "  ") is not None
    assert "directory" in (save_record(collection, str(tmp_path)) or "")
    missing = tmp_path / "no" / "such" / "dir" / "x.sgf"
    assert "Could not save" in (save_record(collection, str(missing)) or "")
    assert save_record(collection, str(tmp_path / "copy.sgf")) is None
    assert read_record_file(tmp_path / "copy.sgf")[0].main_moves() == collection[0].main_moves()
    assert export_name(None) == "record.sgf"
    assert export_name(tmp_path / "a.go") == str(tmp_path / "a.sgf")


def test_load_record_errors_name_the_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = write_record(tmp_path, "(;SZ[9]\n;B[ee]\n;W[ee])", "bad.sgf")
    error = load_record(str(bad))
    assert isinstance(error, str)
    assert "line 3, column 1" in error and "illegal" in error
    broken = write_record(tmp_path, "(;SZ[9];B[ee", "broken.sgf")
    assert "line 1, column" in str(load_record(str(broken)))
    assert "no such file" in str(load_record(str(tmp_path / "none.sgf")))
    assert "unknown record format" in str(load_record(str(tmp_path / "x.txt")))
    (tmp_path / "d.sgf").mkdir()
    assert "is a directory" in str(load_record(str(tmp_path / "d.sgf")))
    assert load_record("") == "Type a file name ending in .sgf, .go or .ishi"
    monkeypatch.setenv("HOME", str(tmp_path))
    result = load_record("~/bad.sgf")
    assert isinstance(result, str) and "bad.sgf: line 3, column 1" in result  # ~ expanded


async def test_open_record_from_the_palette_shows_errors_then_the_review(tmp_path: Path) -> None:
    bad = write_record(tmp_path, "(;SZ[9];B[ee];W[ee]C[[b]oops[/b\\]])", "bad.sgf")
    good = write_record(tmp_path)
    app, _backend = make_app(ClientModel())
    assert isinstance(app, IgsApp)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"open record")
        await settle(pilot, 6)
        await pilot.press("enter")
        await settle(pilot)
        prompt = app.screen
        assert isinstance(prompt, InputPrompt) and prompt.id == "open-record"
        prompt.query_one(Input).value = str(bad)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is prompt and isinstance(prompt, InputPrompt)  # stays open
        assert "line 1, column" in prompt.error and "illegal" in prompt.error
        prompt.query_one(Input).value = str(good)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.path == good
        await pilot.press("escape")
        await settle(pilot)
        assert app.main_screen is app.screen  # back to the client


async def test_open_another_record_and_games_of_a_collection(tmp_path: Path) -> None:
    two = write_record(tmp_path, "(;SZ[9]PB[one];B[ee])(;SZ[13]PB[two];B[gg];W[cc])", "two.sgf")
    app = review_app(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("greater_than_sign")
        assert "one game" in shown(screen, "#review-status")
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, InputPrompt)
        app.screen.query_one(Input).value = str(two)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        assert "two.sgf  game 1/2" in shown(screen, "#review-header")
        await pilot.press("greater_than_sign")
        assert "game 2/2" in shown(screen, "#review-header")
        assert screen.query_one(BoardWidget).picture.size == 13
        await pilot.press("escape")
        await settle(pilot)
    assert app.return_code == 0  # closing the review ends the review app


async def test_help_lists_the_review_keys(tmp_path: Path) -> None:
    from igs_tui.ui.main.help_screen import HelpScreen, help_text

    app = review_app(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
    text = help_text(IgsApp(ClientModel()).help_sections()).plain
    assert "Record review" in text and "Go to move" in text and "Open record" in text


def test_review_snapshot_80x24(snap_compare: Any, tmp_path: Path) -> None:
    # a fixed directory name: the file name shows in the header
    folder = tmp_path / "snap"
    folder.mkdir()
    app = review_app(folder)

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("right", "down", "right")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


MARKED = (
    "(;GM[1]FF[4]SZ[9];B[ee];W[cc]TR[ee]SQ[cc]CR[gg]MA[cg]LB[ge:A][eg:b]"
    "C[marks on this move only];B[gc])"
)


def board_rows(screen: ReviewScreen) -> dict[int, str]:
    """Each board row's points and gaps, without the row numbers on either side."""
    board = screen.board
    rows: dict[int, str] = {}
    for y in range(board.size.height):
        line = board.render_line(y).text
        label = line[:3].strip()
        if label.isdigit():
            rows[int(label)] = line[3:].rsplit(label, 1)[0]
    return rows


async def test_marks_and_labels_of_a_node_are_drawn_in_unicode_and_ascii(tmp_path: Path) -> None:
    """#16: SGF TR/SQ/CR/MA/LB were not drawn. A marked stone keeps its colour (the mark on
    the stone's colour, as a move number is drawn); the marks belong to their node only."""
    loaded = load_record(str(write_record(tmp_path, MARKED)))
    assert not isinstance(loaded, str), loaded
    app = ReviewApp(loaded[1], loaded[0])
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("right", "right")  # move 2: the marked node
        await settle(pilot)
        rows = board_rows(screen)
        # E5 (a black stone: the filled shape, readable without colours), G5
        assert "▲" in rows[5] and "A" in rows[5]
        assert rows[5].index("▲") < rows[5].index("A")
        assert "(□)" in rows[7]  # the last move, C7, marked: still bracketed
        assert [c for c in rows[3] if c in "✕b◎"] == ["✕", "b", "◎"]  # C3, E3, G3
        # the marked black stone E5 is drawn in the black stone's colours, not as empty
        board = screen.board
        row5 = next(y for y in range(board.size.height) if "▲" in board.render_line(y).text)
        segment = next(s for s in board.render_line(row5) if "▲" in s.text)
        assert segment.style is not None and segment.style.bgcolor is not None
        assert segment.style.bgcolor.name == "#000000"

        await pilot.press("ctrl+t")  # ASCII: every mark still readable, in ASCII characters
        await settle(pilot)
        rows = board_rows(screen)
        assert all(row.isascii() for row in rows.values())
        assert "^" in rows[5] and "A" in rows[5] and "(#)" in rows[7]
        assert [c for c in rows[3] if c in "*b@"] == ["*", "b", "@"]

        await pilot.press("right")  # the next move has no marks: they are gone
        await settle(pilot)
        rows = board_rows(screen)
        assert not any(c in row for row in rows.values() for c in "^#*@Ab")
        assert "X" in rows[5]  # the stone under the triangle is back


@pytest.mark.parametrize(("size", "side"), [(9, 21), (19, None)])
async def test_a_small_terminal_gives_the_reviewed_board_the_room(
    tmp_path: Path, size: int, side: int | None
) -> None:
    """At 40x12 a 9x9 board fits beside a narrowed side; a 19x19 one does not, and its
    "terminal too small" spans the screen instead of a 10-cell column."""
    loaded = load_record(str(write_record(tmp_path, f"(;SZ[{size}];B[cc])")))
    assert not isinstance(loaded, str), loaded
    app = ReviewApp(loaded[1], loaded[0])
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        panel = screen.query_one("#review-side")
        board = screen.board
        text = " ".join(board.render_line(y).text.strip() for y in range(board.size.height))
        if side is None:
            assert not panel.display and board.region.width == 40
            assert text.startswith(f"Terminal too small for a {size}x{size} board: it")
        else:
            assert panel.display and panel.region.width == side
            assert "Terminal too small" not in text


async def test_analysis_without_an_engine_says_how_to_get_one(tmp_path: Path) -> None:
    loaded = load_record(str(write_record(tmp_path, MARKED)))
    assert not isinstance(loaded, str), loaded
    app = ReviewApp(loaded[1], loaded[0])  # no --engine
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        footer = " ".join(str(key.render()) for key in app.screen.query("FooterKey"))
        assert "Analysis" in footer  # the footer lists it (as F1 and the palette do)
        await pilot.press("alt+a")  # listed in F1: it must answer, not do nothing
        await settle(pilot)
        assert screen.message == "No engine for analysis: start with --engine CMD"
        assert not screen.analysis.on
