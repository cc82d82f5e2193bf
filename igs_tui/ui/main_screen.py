"""The main screen: tabs for the board, games, users, chat and console, plus the status bar.

Compact terminals (80x24) show one pane at a time. Wide terminals (>= 120 columns) keep the
board on the left and show the chosen list or chat pane beside it, so a game can be watched
while chatting. Layout is a matter of which panes are displayed, so no widget is ever
re-created or loses its state when the terminal is resized.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal
from textual.events import DescendantFocus, Resize
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static, Tab, Tabs

from igs_tui.model import BufferKey, ClientModel
from igs_tui.model.backend import Backend
from igs_tui.ui.chat_pane import ChatPane
from igs_tui.ui.console_pane import ConsolePane
from igs_tui.ui.games_list import GamesList
from igs_tui.ui.messages import OpenChat, ShowPane
from igs_tui.ui.notifier import Notifier
from igs_tui.ui.players_list import PlayersList
from igs_tui.ui.status_bar import StatusBar

PANES: tuple[tuple[str, str], ...] = (
    ("board", "Board"),
    ("games", "Games"),
    ("players", "Users"),
    ("chat", "Chat"),
    ("console", "Console"),
)
PANE_NAMES = tuple(name for name, _ in PANES)
WIDE_WIDTH = 120
FOCUS_TARGET = {
    "games": "#games-table",
    "players": "#players-table",
    "chat": "#chat-input",
    "console": "#console-input",
}


def board_area(model: ClientModel, backend: Backend) -> Widget:
    """The BOARD helper's GamesPanel, or a placeholder while it is not installed."""
    try:
        from igs_tui.ui.game_panel import GamesPanel
    except ImportError:
        return Static("No board yet.", id="games-panel")
    return GamesPanel(model, backend, id="games-panel")


def _pane_bindings() -> list[BindingType]:
    bindings: list[BindingType] = []
    for index, (name, label) in enumerate(PANES, start=1):
        keys = f"f{index + 1},alt+{index}"
        bindings.append(Binding(keys, f"show_pane('{name}')", label, show=False))
    return bindings


class MainScreen(Screen[None]):
    DEFAULT_CSS = """
    MainScreen #deck { height: 1fr; }
    MainScreen .pane { width: 1fr; height: 1fr; }
    MainScreen.-wide #pane-board { width: 3fr; }
    MainScreen.-wide .pane.-side { width: 2fr; border-left: vkey $accent; }
    """

    BINDINGS = _pane_bindings()

    def __init__(self, model: ClientModel, backend: Backend, *, echo_own: bool = True) -> None:
        super().__init__()
        self.model = model
        self.backend = backend
        self.echo_own = echo_own
        self.active = "games"
        self.side_pane = "chat"

    def compose(self) -> ComposeResult:
        yield Tabs(
            *(Tab(f"F{i + 2} {label}", id=f"tab-{name}") for i, (name, label) in enumerate(PANES)),
            active="tab-games",
            id="pane-tabs",
        )
        with Horizontal(id="deck"):
            with Container(id="pane-board", classes="pane"):
                yield board_area(self.model, self.backend)
            yield GamesList(self.model, self.backend, id="pane-games").add_class("pane")
            yield PlayersList(self.model, self.backend, id="pane-players").add_class("pane")
            yield ChatPane(
                self.model, self.backend, echo_own=self.echo_own, id="pane-chat"
            ).add_class("pane")
            yield ConsolePane(self.model, self.backend, id="pane-console").add_class("pane")
        yield Notifier(self.model)
        yield StatusBar(self.model)
        yield Footer()

    def on_mount(self) -> None:
        self._apply_layout()
        self._focus_pane(self.active)

    def on_resize(self, event: Resize) -> None:
        self._apply_layout()

    @property
    def wide(self) -> bool:
        return self.size.width >= WIDE_WIDTH

    def pane(self, name: str) -> Widget:
        return self.query_one(f"#pane-{name}")

    def visible_panes(self) -> list[str]:
        return [name for name in PANE_NAMES if self.pane(name).display]

    def _apply_layout(self) -> None:
        wide = self.wide
        self.set_class(wide, "-wide")
        side = self.active if self.active != "board" else self.side_pane
        for name in PANE_NAMES:
            widget = self.pane(name)
            shown = name == self.active or (wide and name in ("board", side))
            was_shown = widget.display
            widget.display = shown
            widget.set_class(wide and name != "board", "-side")
            refresh = getattr(widget, "refresh_if_dirty", None)
            if shown and not was_shown and callable(refresh):
                refresh()
        tab = f"tab-{self.active}"
        tabs = self.query_one("#pane-tabs", Tabs)
        if tabs.active != tab:
            tabs.active = tab

    def _focus_pane(self, name: str) -> None:
        selector = FOCUS_TARGET.get(name)
        if selector is not None:
            self.query_one(selector).focus()
            return
        focusable = [w for w in self.pane(name).query("*") if w.focusable]
        if focusable:
            focusable[0].focus()

    def action_show_pane(self, name: str) -> None:
        """Make ``name`` the active pane (a wide screen keeps the board beside it)."""
        if name not in PANE_NAMES:
            return
        self.active = name
        if name != "board":
            self.side_pane = name
        self._apply_layout()
        self._focus_pane(name)
        if name == "chat":
            self.query_one(ChatPane).refresh_if_dirty()

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        """Keys must never go to a hidden pane (e.g. a board that grabbed focus on a new game)."""
        for name in PANE_NAMES:
            pane = self.pane(name)
            if not pane.display and event.widget in pane.query("*"):
                self.call_later(self._focus_pane, self.active)
                return

    @on(Tabs.TabActivated, "#pane-tabs")
    def _tab_activated(self, event: Tabs.TabActivated) -> None:
        name = (event.tab.id or "").removeprefix("tab-")
        if name != self.active:
            self.action_show_pane(name)

    @on(ShowPane)
    def _show_pane(self, message: ShowPane) -> None:
        message.stop()
        self.action_show_pane(message.pane)

    @on(OpenChat)
    def _open_chat(self, message: OpenChat) -> None:
        message.stop()
        self.open_chat(message.key)

    def open_chat(self, key: BufferKey) -> None:
        self.action_show_pane("chat")
        chat = self.query_one(ChatPane)
        chat.switch_to(key)
        chat.input.focus()
