"""The games pane: the server's game list as a sortable, filterable table.

Enter on a row asks the backend to observe that game and asks the screen for the board.
Where the server lists games per room (KGS) and we are in none, the list is empty for that
reason alone: a line above it says so and ``j`` opens the Rooms view to join one.
Broadcasts (one account on both sides, or a title) are marked with a star so professional
games stand out in a list of hundreds.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.timer import Timer
from textual.widgets import Checkbox, Input, Label, Select

from igs_tui.backends.capabilities import Backend, Listing
from igs_tui.model import TOPIC_GAMES, ClientModel, GameSummary
from igs_tui.model.changes import Change, GameMovesCounted, GameTitled
from igs_tui.model.topics import TOPIC_LOBBY
from igs_tui.ui.capability import need
from igs_tui.ui.lists.filter_input import FilterInput
from igs_tui.ui.lists.games_filter import GameFilter, select_games
from igs_tui.ui.lists.list_pane import ListPane
from igs_tui.ui.lists.table_util import is_shown
from igs_tui.ui.lists.virtual_table import VirtualTable
from igs_tui.ui.messages import RoomsRequested, ShowPane
from igs_tui.ui.repaint import BlankHorizontal
from igs_tui.ui.safe_text import plain
from igs_tui.ui.styles import stylesheet

BROADCAST_MARK = "★"
COLUMNS = (
    ("number", "#", 5),
    ("white", "White", 10),
    ("wrank", "Rk", 4),
    ("black", "Black", 10),
    ("brank", "Rk", 4),
    ("moves", "Mv", 4),
    ("size", "Sz", 3),
    ("handicap", "H", 2),
    ("komi", "Komi", 5),
    ("byo", "By", 3),
    ("kind", "F", 2),
    ("observers", "Ob", 4),
    ("title", "Title", 40),
)
SIZE_CHOICES = [("All sizes", 0), ("19×19", 19), ("13×13", 13), ("9×9", 9)]
HEADER_SORT = {"number": "number", "wrank": "rank", "brank": "rank", "size": "size"}
HEADER_SORT |= {"observers": "observers", "moves": "moves"}


def game_row(game: GameSummary) -> list[Text]:
    """Table cells for one game; server strings become plain Text, never markup."""
    mark = BROADCAST_MARK if game.is_broadcast else " "
    return [
        Text(f"{mark}{game.number}", style="bold yellow" if game.is_broadcast else ""),
        plain(game.white, max_length=20),
        plain(game.white_rank, max_length=5),
        plain(game.black, max_length=20),
        plain(game.black_rank, max_length=5),
        Text(str(game.moves)),
        Text(str(game.size)),
        Text(str(game.handicap)),
        Text(f"{game.komi:g}"),
        Text(str(game.byoyomi_minutes)),
        Text(game.kind_flag),
        Text(str(game.observers)),
        plain(game.title, max_length=60) if game.title or not game.is_broadcast else UNTITLED,
    ]


UNTITLED = Text("(on observe)", style="dim italic")
"""A relay's title cell until we observe it: IGS sends a game's title only to its observers
(``9 Game is titled: …``); once seen, the title stays in the list. Short enough for the
Title column at 80 columns (IGS names are at most 10 characters, as the name columns are)."""


class GamesList(ListPane):
    """Filter bar plus table of games; reads ``model.games``, sends ``backend.observe``."""

    TABLE_ID = "games-table"
    FILTER_ID = "games-filter"
    LISTING = "The game list"
    DEFAULT_SORT = "number"

    BLANK = True  # the bar and the table cover it (see igs_tui.ui.repaint)

    DEFAULT_CSS = stylesheet(__file__, "games_list.tcss")

    ROOMS_HINT = "Join a room to see its games: press j (or ctrl+p → Rooms)"

    BINDINGS = [
        Binding("n", "sort('number')", "Sort #"),
        Binding("r", "sort('rank')", "Sort rank"),
        Binding("z", "sort('size')", "Sort size"),
        Binding("o", "sort('observers')", "Sort observers"),
        Binding("m", "sort('moves')", "Sort moves"),
        Binding("slash", "focus_filter", "Filter"),
        Binding("ctrl+r", "refresh_list", "Refresh"),
        Binding("j", "rooms", "Rooms: join one to list its games", show=False),
    ]

    COUNT_DELAY = 1.0
    """Seconds a changed move count waits before it is shown. Counts change with every move of
    every game on the server; shown one by one, each cost a frame of the list for one cell (most
    of the CPU a move cost beside the board). Batched, a second's worth of moves is one frame."""

    def __init__(self, model: ClientModel, backend: Backend, *, id: str | None = None) -> None:
        super().__init__(model, backend, id=id)
        self.filter = GameFilter()
        self.shown_games: list[GameSummary] = []
        self._counts_due: set[int] = set()
        """Games whose move count changed and is not shown yet."""
        self._counts_timer: Timer | None = None

    def ask_listing(self, listing: Listing) -> None:
        listing.refresh_games()

    def descending_first(self, key: str) -> bool:
        return key != "number"  # the strongest, the longest, the most watched first

    def compose(self) -> ComposeResult:
        with BlankHorizontal(id="games-bar"):
            yield FilterInput(
                placeholder="filter names/titles", id="games-filter", leave_to="#games-table"
            )
            yield Select(SIZE_CHOICES, value=0, allow_blank=False, id="games-size")
            yield Checkbox("Broadcasts", id="games-broadcasts")
            yield Label("", id="games-count")
        yield Label(self.ROOMS_HINT, id="games-hint")
        yield self.make_table([(label, width) for _, label, width in COLUMNS])

    def watch_listing(self) -> None:
        self.watch_changes(self.model.hub, TOPIC_GAMES, self.model_changed)
        self.watch_model(self.model.hub, TOPIC_LOBBY, self.show_rooms_hint)

    def model_changed(self, changes: list[Change] | None = None) -> None:
        """Apply the changes heard since the last frame: a move count or a title changes one
        row's cells in place; anything that adds, removes or reorders rows rebuilds the list."""
        if changes and not self._dirty and is_shown(self) and self._update_rows(changes):
            return
        self._dirty = True
        if is_shown(self):
            self.rebuild()

    def _update_rows(self, changes: list[Change]) -> bool:
        """Update rows in place; False when the changes need a rebuild instead.

        A title shows at once; move counts wait for :meth:`apply_counts` (see
        :attr:`COUNT_DELAY`).
        """
        numbers: set[int] = set()
        counted: set[int] = set()
        for change in changes:
            if isinstance(change, GameMovesCounted) and self.sort_key != "moves":
                counted.add(change.number)
            elif isinstance(change, GameTitled) and not self.filter.text.strip():
                if self.filter.broadcasts_only:
                    return False  # a title can make a game a broadcast
                numbers.add(change.game)
            else:
                return False
        self._update(numbers)
        if counted:
            self._counts_due |= counted
            if self._counts_timer is None:
                self._counts_timer = self.set_timer(self.COUNT_DELAY, self.apply_counts)
        return True

    def apply_counts(self) -> None:
        """Show the move counts that changed since the last time (the timer calls this)."""
        self._counts_timer = None
        due, self._counts_due = self._counts_due, set()
        if self._dirty or not is_shown(self):
            self._dirty = True  # the rebuild when the list shows again reads every count
            return
        self._update(due)

    def _update(self, numbers: set[int]) -> None:
        table = self.table
        for number in numbers:
            game = self.model.games.get(number)
            if game is not None and table.update_row(str(number), game_row(game)):
                self.shown_games = [game if g.number == number else g for g in self.shown_games]

    def rebuild(self) -> None:
        self._dirty = False
        self._counts_due.clear()  # the new rows read every count
        self.shown_games = select_games(
            self.model.games.values(), self.filter, self.sort_key, self.descending
        )
        self.table.set_rows([(str(g.number), game_row(g)) for g in self.shown_games])
        count = self.query_one("#games-count", Label)
        count.update(f"{len(self.shown_games)}/{len(self.model.games)}")
        self.show_rooms_hint()

    @property
    def needs_a_room(self) -> bool:
        """No game is listed because we are in no room of a server that lists games per
        room (its rooms are known and it has them; IGS lists every game anyway)."""
        model = self.model
        return (
            self.backend.capabilities.rooms is not None
            and bool(model.rooms)
            and not model.joined_rooms
            and not model.games
        )

    def show_rooms_hint(self) -> None:
        hint = self.query_one("#games-hint", Label)
        caps = self.backend.capabilities
        if caps.listing is None:
            # no server (a game against a local engine): say so, not "0/0"
            hint.update(Text(f"No game list: {caps.absent}."))
            hint.display = True
            return
        hint.display = self.needs_a_room

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The rooms key only where the server has rooms."""
        if action == "rooms":
            return self.backend.capabilities.rooms is not None
        return True

    def action_rooms(self) -> None:
        self.post_message(RoomsRequested())

    # filter and sort --------------------------------------------------------------------------
    @on(Input.Changed, "#games-filter")
    @on(Select.Changed, "#games-size")
    @on(Checkbox.Changed, "#games-broadcasts")
    def _filter_changed(self) -> None:
        size = self.query_one("#games-size", Select).value
        self.filter = GameFilter(
            text=self.query_one("#games-filter", Input).value,
            size=size if isinstance(size, int) else 0,
            broadcasts_only=self.query_one("#games-broadcasts", Checkbox).value,
        )
        self.rebuild()

    @on(Input.Submitted, "#games-filter")
    def _filter_submitted(self) -> None:
        self.table.focus()

    @on(VirtualTable.HeaderSelected, "#games-table")
    def _header(self, event: VirtualTable.HeaderSelected) -> None:
        key = HEADER_SORT.get(COLUMNS[event.column][0])
        if key is not None:
            self.action_sort(key)

    @on(VirtualTable.RowSelected, "#games-table")
    def _row_selected(self, event: VirtualTable.RowSelected) -> None:
        observing = need(self, self.backend, self.backend.capabilities.observing, "Observing")
        if observing is not None:
            number = int(event.key)
            observing.observe(number)
            summary = self.model.games.get(number)
            if summary is None or not summary.open_challenge:
                # an open challenge is answered in a dialog here: no board to show yet
                self.post_message(ShowPane("board"))
