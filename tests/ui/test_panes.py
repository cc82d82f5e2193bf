"""What the main screen and a game view ask of the widgets they hold (ui/panes.py): each pane
that promises it still answers, so a rename cannot silently turn a behaviour off (the screen
asks with isinstance, which a renamed method would simply fail)."""

from __future__ import annotations

from textual.widgets import Static

from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.chat.chat_pane import ChatPane
from igs_tui.ui.chat.console_pane import ConsolePane
from igs_tui.ui.chat.wrapping_log import WrappingLog
from igs_tui.ui.game.game_info import GameInfo
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.game.game_view import GameView
from igs_tui.ui.lists.games_list import GamesList
from igs_tui.ui.lists.players_list import PlayersList
from igs_tui.ui.panes import DrawnWhenShown, HoldsBoard, ReleasesCaches


def test_the_panes_drawn_only_when_shown_say_so() -> None:
    for pane in (GamesList, PlayersList, ChatPane, ConsolePane):
        assert issubclass(pane, DrawnWhenShown), pane
    assert not issubclass(GamesPanel, DrawnWhenShown)


def test_the_games_panel_puts_the_focus_on_its_board() -> None:
    assert issubclass(GamesPanel, HoldsBoard)
    assert not issubclass(GamesList, HoldsBoard)


def test_what_a_hidden_game_view_lets_go_of() -> None:
    for widget in (GameView, BoardWidget, GameInfo, WrappingLog):
        assert issubclass(widget, ReleasesCaches), widget
    assert not issubclass(Static, ReleasesCaches)
