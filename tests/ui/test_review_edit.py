"""Editing in the review (issue 30): the edit mode and its tools on the board, undo, delete,
comment and game info dialogs, estimate, saving (read back with sgfmill), the unsaved-edits
guard, the palette and F1, and editing a copy of a followed game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sgfmill import sgf
from textual.pilot import Pilot
from textual.widgets import Input, Static, TextArea

from igs_tui.go import Color, Point, parse_point
from igs_tui.records import read_record_file
from igs_tui.records.model import Comment, MarkKind, Play
from igs_tui.records.sgf import parse_sgf
from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.game.game_prompts import InputPrompt
from igs_tui.ui.main.help_screen import HelpScreen
from igs_tui.ui.review.review_app import ReviewApp
from igs_tui.ui.review.review_edit_dialogs import CommentEditor, GameInfoEditor
from igs_tui.ui.review.review_open import load_record
from igs_tui.ui.review.review_screen import ReviewCommands, ReviewScreen
from tests.ui.fakes import RecordingBackend
from tests.ui.test_game_support import add_moves, new_model
from tests.ui.test_ingame_support import AssistApp, script, view
from tests.ui.test_ingame_support import settle as settle_game
from tests.ui.test_review import settle, shown, write_record

B, W = Color.BLACK, Color.WHITE
SIZE = (100, 34)

# 9x9: B E5, W C7 (a variation W G3 besides it), B G7; an unknown property to keep.
RECORD = "(;GM[1]FF[4]SZ[9]PB[Ann]PW[Bob]KM[6.5]XY[keep me];B[ee](;W[cc];B[gc])(;W[gg]))"


def p(text: str) -> Point:
    return parse_point(text, 9)


def app_on(tmp_path: Path, text: str = RECORD) -> ReviewApp:
    loaded = load_record(str(write_record(tmp_path, text)))
    assert not isinstance(loaded, str), loaded
    return ReviewApp(loaded[1], loaded[0])


def review(pilot: Pilot[Any]) -> ReviewScreen:
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


async def test_edit_mode_adds_a_variation_with_the_board_cursor(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = review(pilot)
        await pilot.press("right")  # after B E5
        await pilot.press("e")
        await settle(pilot)
        board = screen.query_one(BoardWidget)
        assert screen.editing and board.has_focus
        assert "Tool 1: moves" in shown(screen, "#review-edit")
        board.cursor = p("D4")
        await pilot.press("enter")
        await settle(pilot)
        first = screen.cursor.record.root.children[0]
        assert [c.move for c in first.children] == [
            Play(W, p("C7"), 2),
            Play(W, p("G3"), 2),
            Play(W, p("D4"), 2),
        ]
        assert "Variation 3 added: white D4" in shown(screen, "#review-status")
        assert "Move 2/2  ○ D4" in shown(screen, "#review-position")
        # a typed coordinate plays too; the arrows move the board cursor, not the record
        await pilot.press("f", "6", "enter")
        await settle(pilot)
        assert screen.cursor.node.move == Play(B, p("F6"), 3)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert screen.cursor.node.move == Play(W, p("D4"), 2)
        assert "Undone: black F6" in shown(screen, "#review-status")
        await pilot.press("comma")  # browsing still works while editing
        assert screen.cursor.node.move == Play(B, p("E5"), 1)
        await pilot.press("escape")
        await settle(pilot)
        assert not screen.editing and not board.has_focus
        assert "not saved" in shown(screen, "#review-edit")


async def test_tools_set_up_stones_and_marks_and_refusals_are_shown(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = review(pilot)
        await pilot.press("right", "2")  # a digit chooses the tool and enters edit mode
        await settle(pilot)
        assert screen.editing and "black stones" in shown(screen, "#review-edit")
        board = screen.query_one(BoardWidget)
        board.cursor = p("A1")
        await pilot.press("enter")
        await settle(pilot)
        setup = screen.cursor.node
        assert setup.move is None and setup.add_black == [p("A1")]
        assert board.picture.stones[p("A1")] is B
        await pilot.press("5")
        board.cursor = p("E5")
        await pilot.press("enter")
        await pilot.press("9")
        board.cursor = p("B2")
        await pilot.press("enter")
        await settle(pilot)
        assert {(m.target, m.kind, m.label) for m in setup.marks} == {
            (p("B2"), MarkKind.LABEL, "A"),
            (p("E5"), MarkKind.TRIANGLE, None),
        }
        assert board.picture.marks[p("B2")].text == "A"
        board.cursor = p("C3")
        screen.action_label_text()
        await settle(pilot)
        await pilot.press(*"ko", "enter")
        await settle(pilot)
        assert (p("C3"), MarkKind.LABEL, "ko") in {(m.target, m.kind, m.label) for m in setup.marks}
        await pilot.press("1")
        board.cursor = p("E5")
        await pilot.press("enter")  # occupied
        await settle(pilot)
        assert "E5 is not a legal move: occupied" in shown(screen, "#review-status")


async def test_delete_comment_and_game_info(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = review(pilot)
        record = screen.cursor.record
        await pilot.press("right", "down", "right")  # the variation W G3
        assert screen.cursor.node.move == Play(W, p("G3"), 2)
        await pilot.press("delete")
        await settle(pilot)
        assert len(record.root.children[0].children) == 1
        assert screen.cursor.node.move == Play(B, p("E5"), 1)
        await pilot.press("ctrl+k")
        await settle(pilot)
        assert isinstance(app.screen, CommentEditor)
        area = app.screen.query_one(TextArea)
        area.insert("Black takes the centre.\nA second line.")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert record.root.children[0].comments == [
            Comment("Black takes the centre.\nA second line.")
        ]
        assert "Black takes the centre." in shown(screen, "#review-comment")
        await pilot.press("ctrl+g")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, GameInfoEditor)
        assert form.query_one("#info-black", Input).value == "Ann"
        form.query_one("#info-komi", Input).value = "lots"
        form.query_one("#info-white", Input).value = "Carol"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameInfoEditor)  # refused: the form stays
        assert "Komi must be a number" in str(form.query_one("#info-error", Static).content)
        form.query_one("#info-komi", Input).value = "0.5"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is screen
        assert (record.info.white, record.info.komi, record.info.black) == ("Carol", 0.5, "Ann")
        assert "Carol" in shown(screen, "#review-header")


async def test_saved_edits_read_back_identically_with_sgfmill(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    target = tmp_path / "edited.sgf"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = review(pilot)
        await pilot.press("end", "e")
        screen.query_one(BoardWidget).cursor = p("C3")
        await pilot.press("enter", "escape")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        prompt = app.screen
        assert isinstance(prompt, InputPrompt)
        prompt.query_one(Input).value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        assert "Saved to" in shown(screen, "#review-status")
        assert not screen.unsaved
        edited = screen.cursor.record
    data = target.read_bytes()
    assert parse_sgf(data)[0].root == edited.root
    game = sgf.Sgf_game.from_bytes(data)
    root = game.get_root()
    assert root.get("XY") == "keep me" and root.get("PB") == "Ann"
    moves = [node.get_move() for node in game.get_main_sequence()[1:]]
    assert moves == [("b", (4, 4)), ("w", (6, 2)), ("b", (6, 6)), ("w", (2, 2))]


async def test_closing_with_unsaved_edits_asks_once_more(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = review(pilot)
        await pilot.press("e")
        screen.query_one(BoardWidget).cursor = p("A1")
        await pilot.press("enter", "escape", "escape")
        await settle(pilot)
        assert app.screen is screen and app.is_running
        assert "Edits are not saved" in shown(screen, "#review-status")
        await pilot.press("ctrl+o")  # opening another file asks first too
        await settle(pilot)
        assert app.screen is screen and "ctrl+o again" in shown(screen, "#review-status")
        await pilot.press("escape")
        await settle(pilot)
        assert not app.is_running
    assert read_record_file(tmp_path / "game.sgf")[0].root.children[0].children[0].move == Play(
        W, p("C7"), 2
    )  # nothing was written behind the user's back


async def test_estimate_in_the_review_shades_the_board(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = review(pilot)
        await pilot.press("end", "ctrl+e")
        await settle(pilot)
        assert "Estimate (no engine): B " in shown(screen, "#review-status")
        overlay = screen.query_one(BoardWidget).picture.overlay
        assert overlay is not None and overlay.black_territory
        await pilot.press("left")
        await settle(pilot)
        assert screen.query_one(BoardWidget).picture.overlay is None


async def test_palette_and_help_list_the_edit_keys(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = review(pilot)
        provider = ReviewCommands(screen)
        names = [name for name, _command, _help in provider._commands()]
        for wanted in (
            "Edit mode on/off",
            "Undo edit",
            "Delete this move and what follows",
            "Edit comment…",
            "Game info…",
            "Estimate score",
            "Edit tool: black stones (setup)",
            "Label with text…",
        ):
            assert wanted in names
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        keys = {
            getattr(b, "action", "") for _title, bindings in app.screen.sections for b in bindings
        }
        assert {"edit", "undo_edit", "delete_branch", "edit_comment", "edit_info"} <= keys


async def test_a_followed_game_opens_as_an_editable_copy() -> None:
    """ "Edit in review ... the review of any followed game": ctrl+r on a board opens a copy."""
    model, _ = new_model()
    app = AssistApp(model, RecordingBackend(model=model))
    async with app.run_test(size=SIZE) as pilot:
        model.follow(8, size=9, komi=6.5, white="wanda", black="bert")
        await settle_game(pilot)
        add_moves(model, 8, script(9, "C3", "G7"))
        await settle_game(pilot)
        assert view(app, 8).check_action("review_copy", ()) is True
        await pilot.press("alt+e")
        await settle(pilot)
        screen = review(pilot)
        assert "game 8 (a copy)" in shown(screen, "#review-header")
        assert "bert" in shown(screen, "#review-header")
        await pilot.press("end", "e")
        screen.query_one(BoardWidget).cursor = p("E5")
        await pilot.press("enter")
        await settle(pilot)
        assert screen.cursor.node.move == Play(B, p("E5"), 3)
        assert len(model.followed[8].moves) == 2  # the game itself is untouched
        assert screen.save_name == "wanda-bert-8.sgf"


def test_edit_mode_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    """Edit mode: a variation added at move 2, a triangle and a label on it, the tool and
    the unsaved state in the side panel, the board cursor shown."""
    folder = tmp_path / "snap"
    folder.mkdir()
    app = app_on(folder)

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        screen = review(pilot)
        await pilot.press("right", "e")
        board = screen.query_one(BoardWidget)
        board.cursor = p("D4")
        await pilot.press("enter", "5")
        board.cursor = p("E5")
        await pilot.press("enter", "9")
        board.cursor = p("F6")
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
