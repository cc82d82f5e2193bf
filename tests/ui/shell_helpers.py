"""Helpers for the app-shell UI tests: build the app on a model and read what widgets show."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import RichLog

from igs_tui.model import ClientModel
from igs_tui.ui.app import IgsApp
from igs_tui.ui.chat.chat_pane import ChatPane
from igs_tui.ui.lists.virtual_table import VirtualTable
from igs_tui.ui.main.main_screen import MainScreen
from tests.ui.fakes import RecordingBackend

COMPACT = (80, 24)
WIDE = (160, 48)


def make_app(model: ClientModel, **options: Any) -> tuple[IgsApp, RecordingBackend]:
    backend = RecordingBackend(model=model)
    return IgsApp(model, backend, **options), backend


def app_logged_in_as(user: str = "me") -> tuple[IgsApp, ClientModel]:
    """The app on a fresh model connected as ``user`` (a recording backend)."""
    model = ClientModel()
    model.set_connection(user=user)
    app, _ = make_app(model)
    return app, model


def main_screen(app: IgsApp) -> MainScreen:
    screen = app.main_screen
    assert screen is not None, "main screen not shown"
    return screen


def log_lines(log: RichLog) -> list[str]:
    """The plain text of every line a RichLog holds."""
    return [strip.text for strip in log.lines]


def log_styles(log: RichLog) -> set[str]:
    """Every style string used in a RichLog's lines (to prove server text chose none)."""
    return {str(seg.style) for strip in log.lines for seg in strip if seg.style}


def column_text(table: VirtualTable, column: int) -> list[str]:
    """Plain text of one column, top to bottom as displayed."""
    return [table.row(row)[column].plain for row in range(table.row_count)]


def row_keys(table: VirtualTable) -> list[str]:
    return table.row_keys


async def open_chat(app: IgsApp, pilot: Pilot[Any]) -> ChatPane:
    """The chat pane, shown with F5 once the app has settled."""
    await pilot.pause()
    await pilot.press("f5")
    await pilot.pause()
    return app.screen.query_one(ChatPane)


async def send_line(pilot: Pilot[Any], chat: ChatPane, text: str) -> None:
    """``text`` typed into the chat input and sent (Enter)."""
    chat.input.value = text
    await pilot.press("enter")
    await pilot.pause()
