"""The game chat beside the board wraps long lines at its visible width, also after a resize."""

from __future__ import annotations

from typing import Any

from textual.widgets import RichLog

from igs_tui.model import BufferKey, ChatKind
from igs_tui.ui.game.game_chat import ChatLog
from igs_tui.ui.game.game_panel import GamesPanel
from tests.ui.fakes import RecordingBackend
from tests.ui.test_game_support import PanelApp, new_model

WORDS = [f"w{n:02d}" for n in range(60)]
LONG_LINE = " ".join(WORDS)  # 239 characters: several lines in any side panel


async def settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


def visible_text(log: RichLog) -> list[str]:
    """The log's lines as the screen shows them: each cropped to the visible width."""
    log.scroll_home(animate=False, immediate=True)
    width = log.scrollable_content_region.width
    return [strip.crop(0, width).text.rstrip() for strip in log.lines]


def assert_fully_visible(log: ChatLog, prefix: str) -> None:
    rows = visible_text(log)
    width = log.scrollable_content_region.width
    assert width < 78  # narrower than RichLog's default minimum width: the case that broke
    assert all(len(row) <= width for row in rows)
    shown = " ".join(" ".join(rows).split())
    assert f"{prefix} ~ {LONG_LINE}" in shown
    assert log.wrap_width == width


async def test_long_kibitz_wraps_at_the_visible_width_and_again_after_a_resize() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 40)) as pilot:
        model.follow(5, white="ann", black="ben")
        key = BufferKey(ChatKind.GAME, "5")
        model.add_chat(key, "carol", LONG_LINE, kind="kibitz")  # written before the first layout
        await settle(pilot)
        log = app.query_one(GamesPanel).view(5).query_one(ChatLog)
        assert_fully_visible(log, "carol")
        first_width = log.wrap_width
        model.add_chat(key, "dave", LONG_LINE, kind="kibitz")  # written after the layout
        await settle(pilot)
        assert_fully_visible(log, "dave")
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert log.wrap_width > first_width
        assert_fully_visible(log, "carol")
        assert_fully_visible(log, "dave")
        await pilot.resize_terminal(80, 30)
        await settle(pilot)
        assert log.wrap_width < first_width
        assert_fully_visible(log, "carol")
        assert_fully_visible(log, "dave")
        model.add_chat(key, "erin", "short", kind="kibitz")
        await settle(pilot)
        assert visible_text(log)[-1].endswith("erin ~ short")  # order kept after re-wrapping


async def test_many_lines_overflowing_keep_their_last_cell() -> None:
    """The scrollbar appearing must not cover the end of lines wrapped before it did."""
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(90, 24)) as pilot:
        model.follow(6, white="ann", black="ben")
        key = BufferKey(ChatKind.GAME, "6")
        model.add_chat(key, "carol", LONG_LINE, kind="kibitz")
        await settle(pilot)
        for n in range(30):
            model.add_chat(key, "dave", f"line {n}", kind="kibitz")
        await settle(pilot)
        log = app.query_one(GamesPanel).view(6).query_one(ChatLog)
        assert log.max_scroll_y > 0  # the log overflows: the scrollbar is shown
        assert_fully_visible(log, "carol")


async def test_tab_from_the_board_goes_to_the_chat_input_which_pages_the_log() -> None:
    from igs_tui.ui.game.game_chat import ChatEntry

    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        model.follow(5, white="ann", black="ben")
        key = BufferKey(ChatKind.GAME, "5")
        for n in range(60):
            model.add_chat(key, "carol", f"line {n}", kind="kibitz")
        await settle(pilot)
        view = app.query_one(GamesPanel).view(5)
        view.board.focus()
        await settle(pilot)
        await pilot.press("tab")
        assert isinstance(app.focused, ChatEntry)  # not the log, which shows no focus
        log = view.query_one(ChatLog)
        assert log.scroll_y == log.max_scroll_y > 0
        await pilot.press("pageup")
        await settle(pilot)
        assert log.scroll_y < log.max_scroll_y
        await pilot.press("h", "i", "escape")  # back to the board; the text stays typed
        await settle(pilot)
        assert app.focused is view.board
        assert view.query_one(ChatEntry).value == "hi"
