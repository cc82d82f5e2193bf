"""The list of finished games released from their tabs (README "Limits").

A long session keeps the newest ``limits.finished_tabs`` finished games open with their board;
older ones are released to keep memory bounded, and each leaves a line here: who played, the
result, how many moves, and where its record (the autosaved SGF file) is, so nothing the user
watched is lost. Server text (names, titles, results) is shown as plain text.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Label

from igs_tui.model import ClientModel, FinishedGame
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.safe_text import clean
from igs_tui.ui.styles import stylesheet

COLUMNS = ("#", "White", "Black", "Result", "Moves", "Record")


def finished_row(game: FinishedGame) -> tuple[Text, ...]:
    """One line of the list: every cell plain text (names and results come from a server)."""

    def player(name: str, rank: str) -> str:
        return f"{clean(name)} {clean(rank)}".strip()

    cells = (
        str(game.number),
        player(game.white, game.white_rank),
        player(game.black, game.black_rank),
        clean(game.result) or "?",
        str(game.moves),
        clean(game.record) or "(not saved)",
    )
    return tuple(Text(cell) for cell in cells)


class FinishedScreen(Dialog[None]):
    """The finished games released from their tabs, newest first."""

    DEFAULT_CSS = stylesheet(__file__, "finished_screen.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "dismiss", "Close")]

    def __init__(self, model: ClientModel) -> None:
        super().__init__()
        self._model = model

    def compose(self) -> ComposeResult:
        games = list(reversed(self._model.finished))
        tabs = self._model.limits.finished_tabs
        with Vertical():
            yield Label(
                f"Finished games released from their tabs ({len(games)}; the newest {tabs} "
                "stay open as tabs). Records are in the autosave folder.",
                id="finished-title",
            )
            table: DataTable[Text] = DataTable(id="finished-table", cursor_type="row")
            table.add_columns(*COLUMNS)
            for game in games:
                table.add_row(*finished_row(game))
            yield table
