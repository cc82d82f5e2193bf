"""The main screen: tabs for the board, games, users, chat and console, plus the status bar.

Compact terminals (80x24) show one pane at a time. Wide terminals (>= 120 columns) keep the
board on the left and show the chosen list or chat pane beside it, so a game can be watched
while chatting. Layout is a matter of which panes are displayed, so no widget is ever
re-created or loses its state when the terminal is resized.

Only the panes on screen are built before the first paint; the others are mounted right
after it (or at once when the user asks for one), so the app comes up in a fraction of the
time it takes to build every pane.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container
from textual.events import DescendantFocus, Resize
from textual.message import Message
from textual.screen import Screen
from textual.widget import MountError, Widget
from textual.widgets import Footer, Static, Tab, Tabs

from igs_tui.backends.capabilities import Backend
from igs_tui.model import TOPIC_FOLLOWED, BufferKey, ClientModel, Role
from igs_tui.model.away import AwayReplies
from igs_tui.ui.chat.away_responder import AwayResponder
from igs_tui.ui.chat.chat_pane import ChatPane
from igs_tui.ui.chat.console_pane import ConsolePane
from igs_tui.ui.lists.games_list import GamesList
from igs_tui.ui.lists.players_list import PlayersList
from igs_tui.ui.main.notifier import Notifier
from igs_tui.ui.main.status_bar import StatusBar
from igs_tui.ui.messages import OpenChat, ShowPane
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.panes import DrawnWhenShown, HoldsBoard
from igs_tui.ui.play.play_challenge_dialog import ANSWER_KEY, ChallengeWatcher
from igs_tui.ui.repaint import BlankContainer, BlankHorizontal, BlankVertical
from igs_tui.ui.styles import stylesheet

PANES: tuple[tuple[str, str], ...] = (
    ("board", "Board"),
    ("games", "Games"),
    ("players", "Users"),
    ("chat", "Chat"),
    ("console", "Console"),
)
PANE_NAMES = tuple(name for name, _ in PANES)
WIDE_WIDTH = 130
SHORT_HEIGHT = 26
"""Below this height the pane tabs give up their underline: a 19x19 board with its letters
above and below needs 21 rows, and 24 rows less tabs, status bar and footer left 20."""
"""From here the board and a list fit side by side with the board keeping its coordinates."""
FOCUS_TARGET = {
    "games": "#games-table",
    "players": "#players-table",
    "chat": "#chat-input",
    "console": "#console-input",
}


def board_area(model: ClientModel, backend: Backend) -> Widget:
    """The BOARD helper's GamesPanel, or a placeholder while it is not installed."""
    try:
        from igs_tui.ui.game.game_panel import GamesPanel
    except ImportError:
        return Static("No board yet.", id="games-panel")
    return GamesPanel(model, backend, id="games-panel")


def _pane_bindings() -> list[BindingType]:
    bindings: list[BindingType] = []
    for index, (name, label) in enumerate(PANES, start=1):
        keys = f"f{index + 1},alt+{index}"
        bindings.append(Binding(keys, f"show_pane('{name}')", label, show=False))
    return bindings


PLAY_BINDINGS: list[BindingType] = [
    # F7 (answer a waiting request) is the app's: it works over any dialog too
    Binding("f8", "app.flip_flag('open')", "Open for matches on/off", show=False),
    Binding("f9", "app.flip_flag('looking')", "Looking for a game on/off", show=False),
]


class PaneTabs(Tabs):
    """The pane tabs; their tabs and underline cover them (see igs_tui.ui.repaint)."""

    BLANK = True


class KeysFooter(Footer):
    """The key footer; its background is all it paints itself (see igs_tui.ui.repaint).

    Textual's footer builds its keys again whenever the keys on offer change (a game view
    gets the focus, a game's phase changes), and each key it builds registers a watcher of the
    footer's ``compact`` setting that is only dropped when that setting changes, which it never
    does: every key ever shown stayed alive, with its rendered lines. After each rebuild the
    watchers of keys that are gone are dropped here.
    """

    BLANK = True

    async def recompose(self) -> None:
        await super().recompose()
        watchers: dict[str, list[tuple[object, object]]] = getattr(self, "__watchers", {})
        for entries in watchers.values():
            entries[:] = [
                (node, callback)
                for node, callback in entries
                if not isinstance(node, Widget) or node.is_attached
            ]


class OwnGameWatcher(ModelWatcher):
    """Brings the board to the front when a game of our own starts (or is reloaded).

    Observed games open quietly in a tab; a game we play needs our attention now, whatever
    pane we were looking at (typically the user list we challenged from).
    """

    DEFAULT_CSS = stylesheet(__file__, "own_game_watcher.tcss")

    def __init__(self, model: ClientModel) -> None:
        super().__init__()
        self.model = model
        self._known = dict(model.followed)
        """The games seen, by number: a new game under a finished game's reused number is a
        new game too (compared by object, not by number)."""

    def on_mount(self) -> None:
        self.watch_model(self.model.hub, TOPIC_FOLLOWED, self.model_changed)

    class AnyFollowedChanged(Message):
        """The first game was followed, or the last one let go (the board's column in a wide
        layout comes or goes)."""

    def model_changed(self) -> None:
        followed = self.model.followed
        new = [game for n, game in followed.items() if self._known.get(n) is not game]
        if bool(followed) != bool(self._known):
            self.post_message(self.AnyFollowedChanged())
        self._known = dict(followed)
        if any(game.role is not Role.OBSERVING for game in new):
            self.post_message(ShowPane("board"))


class PaneGone(LookupError):
    """A pane was asked for while its screen was being taken down."""


class MainScreen(Screen[None]):
    BLANK = True  # the tab bar, the panes, the status bar and the footer cover it

    DEFAULT_CSS = stylesheet(__file__, "main_screen.tcss")

    BINDINGS = [*_pane_bindings(), *PLAY_BINDINGS]

    def __init__(
        self,
        model: ClientModel,
        backend: Backend,
        *,
        echo_own: bool = False,
        away: AwayReplies | None = None,
    ) -> None:
        super().__init__()
        self.model = model
        self.backend = backend
        self.echo_own = echo_own
        self.away = away if away is not None else AwayReplies()
        """The away message: set with ``/away`` or the palette, answered by the responder."""
        self.active = "games"
        self.side_pane = "games"  # what a wide screen shows beside the board
        self._factories: dict[str, Callable[[], Widget]] = {
            "board": lambda: board_area(model, backend),
            "games": lambda: GamesList(model, backend, id="games-list"),
            "players": lambda: PlayersList(model, backend, id="players-list"),
            "chat": lambda: ChatPane(
                model, backend, echo_own=echo_own, away=self.away, id="chat-pane"
            ),
            "console": lambda: ConsolePane(model, backend, id="console-pane"),
        }
        self._built: set[str] = set()
        self._mounting: dict[str, asyncio.Event] = {}
        self._composed = asyncio.Event()
        """Set once the screen and what it composes are mounted (see :meth:`settle`)."""
        self.first_paint: float | None = None
        """``time.perf_counter()`` when the screen was first painted (for startup timing)."""

    def _build(self, name: str) -> Widget:
        self._built.add(name)
        return self._factories[name]()

    async def ensure_pane(self, name: str) -> Widget:
        """The pane's content widget, mounting it first if it was not built yet.

        Two callers can race here (the deferred build of hidden panes and a key press that
        shows one): the second waits for the first one's mount instead of reading an empty
        container.
        """
        container = self.pane(name)
        if name not in self._built:
            if not container.is_attached:  # the app is quitting: nothing to mount into
                raise PaneGone(name)
            mounted = asyncio.Event()
            self._mounting[name] = mounted
            try:
                await container.mount(self._build(name))
            except MountError:  # taken down between the check and the mount
                raise PaneGone(name) from None
            finally:
                mounted.set()
                del self._mounting[name]
        elif (pending := self._mounting.get(name)) is not None:
            await pending.wait()
        if not container.children:  # the screen was taken down while the pane was mounting
            raise PaneGone(name)
        return container.children[0]

    def compose(self) -> ComposeResult:
        yield PaneTabs(
            *(Tab(f"F{i + 2} {label}", id=f"tab-{name}") for i, (name, label) in enumerate(PANES)),
            active="tab-games",
            id="pane-tabs",
        )
        first = {self.active, "board"} if self.app.size.width >= WIDE_WIDTH else {self.active}
        with BlankHorizontal(id="deck"):
            with BlankContainer(id="pane-board", classes="pane"):
                if "board" in first:
                    yield self._build("board")
            # The other panes sit in a column of their own: Textual paints every widget whose
            # parent's area meets a changed line, so a pane beside the board directly in the
            # deck was painted whole (~0.15 ms) with each move on the board. A side pane has a
            # border (beside the board): it cannot be blank, its column can.
            with BlankVertical(id="side"):
                for name in PANE_NAMES:
                    if name != "board":
                        with Container(id=f"pane-{name}", classes="pane"):
                            if name in first:
                                yield self._build(name)
        yield Notifier(self.model)
        yield AwayResponder(self.model, self.backend, self.away)
        yield ChallengeWatcher(self.model, self.backend, answer_key=ANSWER_KEY.upper())
        yield OwnGameWatcher(self.model)
        yield StatusBar(self.model, away=self.away)
        yield KeysFooter()

    def on_mount(self) -> None:
        self._apply_layout()
        self._focus_pane(self.active)
        self._composed.set()
        self.call_after_refresh(self._build_remaining)

    async def settle(self) -> None:
        """Wait until the screen is composed and every pane is built (or the screen is gone).

        Taking the screen down earlier (ctrl+q or a log-out right after the login) removes
        widgets that are still mounting: Textual then runs their ``on_mount`` without their
        children (``NoMatches`` in the games list, in a ``Select``, in the tab bar). Callers
        bound the wait; once built, this returns at once.
        """
        await self._composed.wait()
        await self._build_panes()

    async def _build_remaining(self) -> None:
        """Build the hidden panes after the first paint; stop if the screen goes away first
        (the user quit, or the login failed and the form came back)."""
        self.first_paint = time.perf_counter()
        await self._build_panes()

    async def _build_panes(self) -> None:
        """Every pane not built yet, in order; stops once the screen is taken down."""
        for name in PANE_NAMES:
            if not self.is_attached:
                return
            try:
                await self.ensure_pane(name)
            except PaneGone:
                return

    def on_resize(self, event: Resize) -> None:
        self._apply_layout()

    @property
    def wide(self) -> bool:
        return self.size.width >= WIDE_WIDTH

    def pane(self, name: str) -> Widget:
        return self.query_one(f"#pane-{name}")

    def visible_panes(self) -> list[str]:
        return [name for name in PANE_NAMES if self.pane(name).display]

    @on(OwnGameWatcher.AnyFollowedChanged)
    def _followed_changed(self) -> None:
        self._apply_layout()

    def _apply_layout(self) -> None:
        self.set_class(self.size.height < SHORT_HEIGHT, "-short")
        wide = self.wide
        # A wide screen keeps the board beside the list or chat, but only once there is a
        # game to show: "No games yet" took three fifths of a 160-column screen and cut the
        # lists' last columns off.
        beside = wide and (bool(self.model.followed) or self.active == "board")
        self.set_class(beside, "-wide")
        side = self.active if self.active != "board" else self.side_pane
        self.query_one("#side").display = self.active != "board" or beside
        for name in PANE_NAMES:
            widget = self.pane(name)
            shown = name == self.active or (beside and name in ("board", side))
            was_shown = widget.display
            widget.display = shown
            widget.set_class(beside and name != "board", "-side")
            content = widget.children[0] if widget.children else None
            if shown and not was_shown and isinstance(content, DrawnWhenShown):
                content.refresh_if_dirty()
        tab = f"tab-{self.active}"
        tabs = self.query_one("#pane-tabs", Tabs)
        if tabs.active != tab:
            tabs.active = tab

    def _focus_pane(self, name: str) -> None:
        if name not in self._built:
            self.call_later(self._build_and_focus, name)
            return
        if name == "board":
            content = self.pane(name).children[0]
            if isinstance(content, HoldsBoard) and content.focus_board():
                return
        selector = FOCUS_TARGET.get(name)
        if selector is not None:
            self.query_one(selector).focus()
            return
        focusable = [w for w in self.pane(name).query("*") if w.focusable]
        if focusable:
            focusable[0].focus()

    async def _build_and_focus(self, name: str) -> None:
        try:
            await self.ensure_pane(name)
        except PaneGone:
            return
        if name == self.active:
            self._focus_pane(name)

    def action_show_pane(self, name: str) -> None:
        """Make ``name`` the active pane (a wide screen keeps the board beside it)."""
        if name not in PANE_NAMES:
            return
        self.active = name
        if name != "board":
            self.side_pane = name
        if not self._composed.is_set():
            return  # a key before the tab bar exists: on_mount shows the pane asked for
        self._apply_layout()
        self._focus_pane(name)

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        """Keys must never go to a hidden pane (e.g. a board that grabbed focus on a new game)."""
        for name in PANE_NAMES:
            pane = self.pane(name)
            if not pane.display and event.widget in pane.query("*"):
                self.call_later(self._focus_pane, self.active)
                return

    def on_screen_resume(self) -> None:
        """A dialog closed: a match request that waited for it can come up now."""
        for watcher in self.query(ChallengeWatcher):
            watcher.show_waiting()

    def action_answer_challenge(self) -> None:
        """Show a pending match request (the oldest one not answered yet)."""
        watcher = self.query_one(ChallengeWatcher)
        if watcher.dialog is not None:
            return  # one is on screen already
        if watcher.answer_next() is None:
            self.notify("No match request is waiting.", markup=False)

    @on(Tabs.TabActivated, "#pane-tabs")
    def _tab_activated(self, event: Tabs.TabActivated) -> None:
        """A click or key on the tab bar. Setting ``Tabs.active`` ourselves posts this too, and
        it arrives later: one that no longer names the active tab is stale (an observe that
        showed the board, then a reply that showed the chat) and must not switch back."""
        if event.tab.id != event.tabs.active:
            return
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
        """Show the chat pane on buffer ``key`` (done once the pane exists)."""
        self.action_show_pane("chat")
        self.call_later(self._open_chat_now, key)

    async def _open_chat_now(self, key: BufferKey) -> None:
        try:
            chat = await self.ensure_pane("chat")
        except PaneGone:
            return
        assert isinstance(chat, ChatPane)
        chat.switch_to(key)
        chat.input.focus()
