"""All followed games, one tab each: the board area of the main screen.

The panel keeps its tabs in step with ``model.followed``: a newly followed game gets a tab (and
becomes the active one, since the user just asked to observe or started playing it); a game
that leaves the model loses its tab. Closing a tab with ``u`` (or ctrl+w) asks the backend to
unobserve and removes the tab at once; until the model drops the game, the panel remembers not
to reopen it.

On short terminals (the 80x24 main screen leaves about 20 lines here) the tab bar would push
the 19th board row off screen, so the panel hides it below :data:`COMPACT_HEIGHT` lines; the
info panel then shows "game 2/3" and ``<``/``>`` switch games (they work with tabs too).

A game view is about a megabyte of widgets and rendered lines. A finished game whose tab is
not the active one keeps its tab but not its view: the view is built again from the model
when the tab is chosen. A hidden view of a game in play keeps its widgets but lets go of its
rendered lines (:meth:`GameView.release_caches`). The model releases finished games beyond
its limit (``Limits.finished_tabs``), and their tabs go with them.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widgets import ContentSwitcher, Static, TabbedContent, TabPane, Tabs

from igs_tui.backends.capabilities import Backend
from igs_tui.model import TOPIC_FOLLOWED, ClientModel, FollowedGame, Role
from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.game.game_view import GameView, tab_label
from igs_tui.ui.lists.table_util import forget_queries, let_go_of_children, let_go_of_removed
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.repaint import paint_blank
from igs_tui.ui.styles import stylesheet

COMPACT_HEIGHT = 23
"""Lines needed for a 19x19 board with both coordinate rows (21) plus the tab bar (2)."""


def pane_id(number: int) -> str:
    return f"game-{number}"


class GameTabs(TabbedContent):
    """The games' tabs; its tab bar and panes cover it (see igs_tui.ui.repaint)."""

    BLANK = True

    def on_mount(self) -> None:
        # The tab bar's own lines are covered by its tabs and underline, the switcher's by the
        # game's pane: painted blank, a move on the board does not paint them again.
        paint_blank(self.query_children(Tabs).first(), self.query_children(ContentSwitcher).first())


class GamePane(TabPane):
    """One game's tab pane, covered by its :class:`GameView`."""

    BLANK = True


class GamesPanel(ModelWatcher):
    """Tabs of :class:`GameView`, one per followed game, plus a hint when there are none."""

    BLANK = True  # the hint (1fr high) or the tabs cover it (see igs_tui.ui.repaint)

    DEFAULT_CSS = stylesheet(__file__, "games_panel.tcss")

    BINDINGS = [
        Binding("less_than_sign", "cycle(-1)", "Prev game", show=False),
        Binding("greater_than_sign", "cycle(1)", "Next game", show=False),
    ]

    def __init__(
        self,
        model: ClientModel,
        backend: Backend,
        *,
        ascii_board: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self._ascii_board = ascii_board
        self._model = model
        self._backend = backend
        self._unobserved: dict[int, FollowedGame | None] = {}
        """Games whose tab was closed, with the game closed: servers reuse the numbers of
        games that are over, and a new game under the number gets a tab again."""
        self._tab_games: list[int] = []
        self._tab_of: dict[int, FollowedGame] = {}
        """The game each tab was made for: a new game under a reused number (the model
        unfollowed the old one and followed the new one since the last sync) gets a new tab
        and view, not the old game's panel lines, result and prompts."""
        self._views: dict[int, GameView] = {}
        """The views built, by game (a hidden finished game's tab has none)."""
        self._panes: dict[int, GamePane] = {}
        self._hints: dict[int, str] = {}
        self._shown: int | None = None
        """The game whose tab was active last (its view lets go of its caches when hidden)."""

    def compose(self) -> ComposeResult:
        yield Static(
            "No games yet. Observe one from the games list (Enter) or start a match.",
            id="games-empty",
        )
        yield GameTabs()

    def on_mount(self) -> None:
        self.watch_model(self._model.hub, TOPIC_FOLLOWED, self._schedule_sync)
        self._schedule_sync()

    def on_resize(self, _event: events.Resize) -> None:
        self.set_class(self.size.height < COMPACT_HEIGHT, "-compact")

    def action_cycle(self, delta: int) -> None:
        """Show the previous/next game (the only way to switch when the tab bar is hidden)."""
        if not self._tab_games:
            return
        active = self.query_one(TabbedContent).active
        numbers = self._tab_games
        current = next((i for i, n in enumerate(numbers) if pane_id(n) == active), 0)
        self.show_game(numbers[(current + delta) % len(numbers)])

    @property
    def game_numbers(self) -> list[int]:
        """Games with a tab, in tab order."""
        return list(self._tab_games)

    def view(self, number: int) -> GameView:
        """The view of game ``number`` (which has a tab, and a view unless it is a finished
        game out of sight). Kept here, not looked up with ``query_one``, which would remember
        it after it is gone (see :func:`forget_queries`)."""
        return self._views[number]

    def has_view(self, number: int) -> bool:
        return number in self._views

    def _new_view(self, number: int) -> GameView:
        view = GameView(self._model, self._backend, number, ascii_only=self._ascii_board)
        self._views[number] = view
        return view

    async def _build_view(self, number: int) -> GameView | None:
        """Build the view of a tab chosen again (a finished game's view went when hidden)."""
        pane = self._panes.get(number)
        if pane is None or number in self._views or number not in self._model.followed:
            return self._views.get(number)
        view = self._new_view(number)
        await pane.mount(view)
        view.position_hint = self._hints.get(number, "")
        return view

    async def _drop_view(self, number: int) -> None:
        """A finished game's tab went out of sight: its view goes (built again when shown)."""
        view = self._views.get(number)
        if view is None or not view.is_mounted or not view.may_go:
            return
        del self._views[number]
        forget_queries(view)
        await view.remove()
        pane = self._panes.get(number)
        if pane is not None:
            let_go_of_children(pane)
        let_go_of_removed(self.screen, self.app)

    @property
    def active_board(self) -> BoardWidget | None:
        """The board of the active tab (``None`` when no game is followed)."""
        pane = self.query_one(TabbedContent).active_pane
        if pane is None:
            return None
        boards = pane.query(BoardWidget)
        return boards.first() if boards else None

    @property
    def active_view(self) -> GameView | None:
        """The view of the active tab (``None`` when no game is followed or shown)."""
        number = self._active_number()
        return self._views.get(number) if number is not None else None

    def focus_board(self) -> bool:
        """Focus the active game's board; False when there is none (callers focus elsewhere)."""
        board = self.active_board
        if board is None:
            return False
        board.focus()
        return True

    def show_game(self, number: int, *, focus: bool = True) -> None:
        """Make game ``number``'s tab active (if it has one) and, by default, focus its board
        (once it is built, for a finished game whose view went)."""
        if number in self._tab_games:
            self.query_one(TabbedContent).active = pane_id(number)
            if focus and number in self._views:
                self._views[number].board.focus()

    def _focus_is_here(self) -> bool:
        """Is the keyboard focus in this panel (or nowhere)? Only then may the panel move it."""
        focused = self.screen.focused
        return focused is None or self in focused.ancestors_with_self

    def _schedule_sync(self) -> None:
        self.call_later(self.sync_tabs)

    async def sync_tabs(self) -> None:
        """Add tabs for new followed games and remove tabs of games no longer followed."""
        followed = self._model.followed
        self._unobserved = {
            n: game for n, game in self._unobserved.items() if followed.get(n) is game
        }
        tabs = self.query_one(TabbedContent)
        for number in [
            n
            for n in self._tab_games
            if followed.get(n) is not self._tab_of.get(n) or n in self._unobserved
        ]:
            self._tab_games.remove(number)
            self._tab_of.pop(number, None)
            self._hints.pop(number, None)
            pane = self._panes.pop(number)
            view = self._views.pop(number, None)
            forget_queries(view if view is not None else pane)
            await tabs.remove_pane(pane_id(number))
            forget_queries(tabs, below=True)  # Textual's own lookups of the pane and tab
            let_go_of_removed(self.screen, self.app)
        newest: int | None = None
        own: int | None = None
        for number, game in list(followed.items()):
            if number in self._tab_games or number in self._unobserved:
                continue
            if game.role is not Role.OBSERVING:
                own = number
            self._tab_games.append(number)
            self._tab_of[number] = game
            pane = GamePane(Content(tab_label(game)), self._new_view(number))
            pane.id = pane_id(number)
            self._panes[number] = pane
            await tabs.add_pane(pane)
            newest = number
        count = len(self._tab_games)
        for index, number in enumerate(self._tab_games, start=1):
            hint = self._hints[number] = f"game {index}/{count}" if count > 1 else ""
            if (view := self._views.get(number)) is not None:
                view.position_hint = hint
        self.query_one("#games-empty").display = not self._tab_games
        tabs.display = bool(self._tab_games)
        if newest is not None:
            # bring a new game to the front, but never take the keys from e.g. a chat input
            # for a game we only watch; a game we play needs them now (its clock runs: ctrl+x
            # and typed moves went nowhere until F2 when the focus had been left elsewhere)
            if own is not None:
                self.show_game(own)
            else:
                self.show_game(newest, focus=self._focus_is_here())

    async def on_game_view_closed(self, event: GameView.Closed) -> None:
        event.stop()
        self._unobserved[event.number] = self._model.followed.get(event.number)
        await self.sync_tabs()

    def on_game_view_label_changed(self, event: GameView.LabelChanged) -> None:
        event.stop()
        if event.number in self._tab_games:
            tab = self.query_one(TabbedContent).get_tab(pane_id(event.number))
            tab.label = Content(event.label)

    async def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """Focus the board of the tab that is active *now*, if the focus is in this panel.

        Activation messages can arrive after a later :meth:`show_game`, so the event's own
        pane may no longer be the active one; focusing it would send keys to the wrong game.
        The view of the game shown before lets go of what it rendered for the screen, or goes
        if its game is over; the view of the game shown now is built if it went.
        """
        event.stop()
        await self._note_active()
        if self._focus_is_here():
            self.focus_board()

    def _active_number(self) -> int | None:
        active = self.query_one(TabbedContent).active
        return next((n for n in self._tab_games if pane_id(n) == active), None)

    async def _note_active(self) -> None:
        number = self._active_number()
        if number is not None and number not in self._views:
            await self._build_view(number)
        if number == self._shown:
            return
        hidden, self._shown = self._shown, number
        view = self._views.get(hidden) if hidden is not None else None
        if view is None or not view.is_mounted or hidden == self._active_number():
            return
        if view.may_go:
            assert hidden is not None
            await self._drop_view(hidden)
        else:
            view.release_caches()

    async def on_game_view_finished(self, event: GameView.Finished) -> None:
        """A game ended out of sight: its view goes (the tab stays)."""
        event.stop()
        if event.number != self._active_number():
            await self._drop_view(event.number)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Send focus that lands on the tab strip to the active board.

        A container that focuses "the first focusable widget" of this panel would otherwise
        pick the tab strip, where letters and Enter do nothing useful. (Focus on a hidden
        game's board needs nothing here: TabbedContent then shows that game's tab.)
        """
        board = self.active_board
        if board is not None and isinstance(event.widget, Tabs):
            self.call_later(board.focus)
