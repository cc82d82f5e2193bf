"""Small shell pieces: the virtual table, tailing bounded logs, app wiring (quit, chat logs)."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from igs_tui.model import BufferKey, ChatKind, ClientModel
from igs_tui.ui import app as app_module
from igs_tui.ui.app import IgsApp
from igs_tui.ui.chat.tail import appended_since
from igs_tui.ui.lists.virtual_table import VirtualTable
from tests.polling import quit_by_keys
from tests.ui.shell_helpers import COMPACT, make_app


class TableApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.selected: list[str] = []

    def compose(self) -> ComposeResult:
        yield VirtualTable([("Name", 8), ("Rank", 4)], id="t")

    def on_virtual_table_row_selected(self, event: VirtualTable.RowSelected) -> None:
        self.selected.append(event.key)


def rows(n: int) -> list[tuple[str, list[Text]]]:
    return [(f"p{i}", [Text(f"p{i}"), Text("1d")]) for i in range(n)]


async def test_virtual_table_keys_scrolling_and_selection() -> None:
    app = TableApp()
    async with app.run_test(size=(40, 12)) as pilot:
        table = app.query_one(VirtualTable)
        table.set_rows(rows(1000))
        table.focus()
        await pilot.pause()
        assert table.row_count == 1000 and table.cursor_key == "p0"
        await pilot.press("down", "down")
        assert table.cursor_key == "p2"
        await pilot.press("end")
        await pilot.pause()
        assert table.cursor_key == "p999"
        # the cursor row is visible below the sticky header
        first_visible = int(table.scroll_offset.y)
        assert first_visible < 999 < first_visible + table.size.height
        await pilot.press("home", "pagedown")
        assert table.cursor_row == table.size.height - 2
        await pilot.press("enter")
        await pilot.pause()
        assert app.selected == [table.cursor_key]
        # replacing rows keeps the cursor on the same key
        table.move_cursor(10)
        table.set_rows(list(reversed(rows(1000))))
        assert table.cursor_key == "p10" and table.cursor_row == 989
        table.set_rows(rows(3))
        assert table.cursor_key == "p0"
        table.set_rows([])
        assert table.cursor_key is None
        await pilot.press("enter", "down")  # nothing to select: no crash, no message
        await pilot.pause()
        assert len(app.selected) == 1


async def test_virtual_table_click_selects_then_activates() -> None:
    app = TableApp()
    async with app.run_test(size=(40, 12)) as pilot:
        table = app.query_one(VirtualTable)
        table.set_rows(rows(5))
        await pilot.pause()
        await pilot.click(VirtualTable, offset=(2, 3))  # line 3 = row 2 (line 0 is the header)
        assert table.cursor_key == "p2" and app.selected == []
        await pilot.click(VirtualTable, offset=(2, 3))
        assert app.selected == ["p2"]
        line = table.render_line(0).text
        assert line.startswith("Name") and "Rank" in line


def test_appended_since_handles_bounded_deques() -> None:
    log: deque[object] = deque(maxlen=3)
    assert appended_since(log, None) == ([], True)
    a, b, c, d = object(), object(), object(), object()
    log.extend([a, b])
    assert appended_since(log, None) == ([a, b], True)
    assert appended_since(log, a) == ([b], True)
    log.extend([c, d])  # a fell off the front
    assert appended_since(log, b) == ([c, d], True)
    assert appended_since(log, a) == ([b, c, d], False)


async def test_ctrl_q_quits() -> None:
    app, _ = make_app(ClientModel())
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await quit_by_keys(app)
    assert app.return_code == 0
    assert not app.is_running


async def test_app_writes_chat_logs(tmp_path: Path) -> None:
    model = ClientModel()
    app, _ = make_app(model, chat_log_dir=tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        model.add_chat(BufferKey(ChatKind.CHANNEL, "3"), "ann", "hello channel")
        await pilot.pause()
    assert "<ann> hello channel" in (tmp_path / "channel-3.log").read_text()


def test_for_user_logs_chat_in_the_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "data_dir", lambda: tmp_path)
    app = IgsApp.for_user(ClientModel(), connect=lambda request: make_app(ClientModel())[1])
    assert app.chat_logger is not None and app.chat_logger.directory == tmp_path / "logs"


def test_lazy_cells_are_built_when_asked_for_and_kept_while_the_item_is_the_same() -> None:
    from rich.text import Text

    from igs_tui.ui.lists.virtual_table import LazyCells

    built: list[str] = []

    def build(item: tuple[str, int]) -> list[Text]:
        built.append(item[0])
        return [Text(item[0]), Text(str(item[1]))]

    items = [(f"p{i}", i) for i in range(100_000)]
    cells = LazyCells(items, lambda item: item[0], build)
    assert len(cells) == 100_000 and built == []
    assert cells[5][0].plain == "p5" and cells[5] is cells[5]
    assert built == ["p5"]
    changed = [*items[:5], ("p5", 99), *items[6:]]  # a new object for p5: built again
    again = LazyCells(changed, lambda item: item[0], build, cells.cache)
    assert again[5][1].plain == "99" and again[4][0].plain == "p4"
    assert built == ["p5", "p5", "p4"]
