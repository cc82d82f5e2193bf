"""The user list pane: players from the model, filtered by name, rank range, flags, country.

With 10 000 players online a refresh must be cheap and rare: model changes arrive coalesced
through :class:`ModelWatcher`, a hidden pane only marks itself dirty, and all rows are
replaced in one batch on a :class:`VirtualTable` that paints only the visible rows and builds
only their cells (:class:`LazyCells`). While a listing of many thousand players streams in,
the list is sorted and drawn again at most every :data:`STREAM_INTERVAL` (and never for more
than :data:`REBUILD_SHARE` of the time), so keys are still answered between the batches of
lines; the end of a listing is shown at once, and a listing that ends within
:data:`STREAM_FIRST` of its first batch is drawn once, at its end. Actions
on the selected player: tell (opens a chat buffer), match (posts :class:`MatchRequested` for
the play feature) and stats (asks the backend).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.timer import Timer
from textual.widgets import Checkbox, Input, Label

from igs_tui.backends.capabilities import Backend, Listing
from igs_tui.model import TOPIC_PLAYERS, BufferKey, ChatKind, ClientModel, Player
from igs_tui.model.changes import (
    Change,
    PlayersPruned,
    PlayersReplaced,
    PlayersUpdated,
    SocialListsSet,
)
from igs_tui.ui.app_services import services
from igs_tui.ui.lists.filter_input import FilterInput
from igs_tui.ui.lists.list_pane import ListPane
from igs_tui.ui.lists.players_filter import PlayerFilter, select_players
from igs_tui.ui.lists.table_util import is_shown
from igs_tui.ui.lists.virtual_table import LazyCells, VirtualTable
from igs_tui.ui.messages import MatchRequested, OpenChat, PlayerCardRequested
from igs_tui.ui.safe_text import plain
from igs_tui.ui.styles import stylesheet

REBUILD_SHARE = 0.1
"""At most this share of the time goes to sorting the list again while changes stream in."""
SLOW_REBUILD = 0.005
"""Seconds a rebuild may take before the next one is held back (small lists: at once)."""
STREAM_INTERVAL = 0.25
"""Seconds between two rebuilds for updates that stream in, in a list of more than
:data:`STREAM_PLAYERS` (each is a sort, a layout and a frame)."""
STREAM_PLAYERS = 2000
STREAM_BATCH = 50
"""A change naming at least this many players is a batch of a listing streaming in (IGS
listings reach the model in batches; a log-on is one player)."""
STREAM_FIRST = 0.15
"""Seconds a listing streams in before it is first drawn: drawing its first batches at once
cost a sort, a layout and a frame each (about 15 ms of a 10 000-player listing that takes
150 ms in all), and a listing is seldom worth looking at before its end."""

COLUMNS = (
    ("Name", 12),
    ("Rank", 5),
    ("Fl", 4),
    ("Country", 10),
    ("Pl", 4),
    ("Ob", 4),
    ("Idle", 5),
    ("W/L", 9),
    ("Info", 40),
)


def flags_text(player: Player) -> str:
    """``O`` open for matches, ``L`` looking, ``Q`` quiet, ``-`` shouts off."""
    flags = "O" if player.open_for_matches else ""
    if player.looking:
        flags += "L"
    if player.quiet:
        flags += "Q"
    if player.shouts_off:
        flags += "-"
    return flags


def _num(value: int | None) -> str:
    return "" if value is None or value < 0 else str(value)


def _name(player: Player) -> str:
    return player.name


FRIEND_MARK = "♥ "
BLOCKED_MARK = "✕ "


def player_row(
    player: Player,
    friends: frozenset[str] = frozenset(),
    blocked: frozenset[str] = frozenset(),
) -> list[Text]:
    record = "" if player.wins is None else f"{player.wins}/{player.losses or 0}"
    folded = player.name.casefold()
    name = plain(player.name, "bold" if player.looking else "", max_length=20)
    if folded in friends:
        name = Text(FRIEND_MARK, style="bold #e05080") + name
    elif folded in blocked:
        name = Text(BLOCKED_MARK, style="dim") + name
    return [
        name,
        plain(player.rank, max_length=6),
        Text(flags_text(player)),
        plain(player.country, max_length=16),
        Text(_num(player.playing)),
        Text(_num(player.observing)),
        plain(player.idle, max_length=6),
        Text(record),
        plain(player.info, max_length=60),
    ]


class PlayersList(ListPane):
    """Filter bar plus table of players.

    The table always shows its vertical scrollbar: one that appears when the first listing
    fills the list lays the whole screen out again (13 ms with every pane of the main screen),
    on the way of the listing to the screen."""

    TABLE_ID = "players-table"
    FILTER_ID = "players-name"
    LISTING = "The player list"
    DEFAULT_SORT = "name"

    DEFAULT_CSS = stylesheet(__file__, "players_list.tcss")

    BINDINGS = [
        Binding("t", "tell", "Tell"),
        Binding("m", "match", "Match"),
        Binding("s,i", "stats", "Player card"),
        Binding("f", "social('friend')", "Friend"),
        Binding("b", "social('block')", "Block"),
        Binding("r", "sort('rank')", "Sort rank"),
        Binding("n", "sort('name')", "Sort name"),
        Binding("slash", "focus_filter", "Filter"),
        Binding("ctrl+r", "refresh_list", "Refresh"),
    ]

    def __init__(self, model: ClientModel, backend: Backend, *, id: str | None = None) -> None:
        super().__init__(model, backend, id=id)
        self.filter = PlayerFilter()
        self.shown_players: list[Player] = []
        self._rows: dict[str, tuple[Player, Sequence[Text]]] = {}
        self._rebuilt_at = 0.0
        self._rebuild_cost = 0.0
        self._held: Timer | None = None
        self._streaming = False
        """A listing is streaming in (see :data:`STREAM_FIRST`)."""
        self.rebuilds = 0
        """Times the list was filtered and sorted again (for tests)."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="players-bar"):
            for placeholder, field in (
                ("name", "players-name"),
                ("ranks 5k-2d", "players-ranks"),
                ("country", "players-country"),
            ):
                yield FilterInput(placeholder=placeholder, id=field, leave_to="#players-table")
            yield Checkbox("Open", id="players-open")
            yield Checkbox("Looking", id="players-looking")
            yield Checkbox("Quiet", id="players-quiet")
        yield Label("", id="players-status")
        yield self.make_table(COLUMNS)

    def ask_listing(self, listing: Listing) -> None:
        listing.refresh_players()

    def descending_first(self, key: str) -> bool:
        return key == "rank"  # the strongest first; names from A

    def watch_listing(self) -> None:
        self.watch_changes(self.model.hub, TOPIC_PLAYERS, self.players_changed)

    def players_changed(self, changes: list[Change]) -> None:
        """Rebuild for these changes: at once for the end of a listing or the first change in
        a while, else once the updates streaming in have waited their turn."""
        self._dirty = True
        if any(isinstance(c, SocialListsSet) for c in changes):
            self._rows.clear()  # names are marked again
        if not is_shown(self):
            return
        if any(isinstance(c, PlayersPruned | PlayersReplaced | SocialListsSet) for c in changes):
            self._streaming = False
            self._rebuild_for_change()  # a full listing ended: show it now
            return
        streaming = any(
            isinstance(c, PlayersUpdated) and len(c.players) >= STREAM_BATCH for c in changes
        )
        if self._held is not None:
            return
        if streaming and not self._streaming:
            self._streaming = True  # the first batch of a listing: wait for more
            self._held = self.set_timer(STREAM_FIRST, self._held_rebuild)
            return
        self._streaming = streaming
        interval = self._rebuild_cost / REBUILD_SHARE
        if len(self.model.players) > STREAM_PLAYERS or streaming:
            interval = max(interval, STREAM_INTERVAL)
        elif self._rebuild_cost < SLOW_REBUILD:
            interval = 0.0
        wait = self._rebuilt_at + interval - time.perf_counter()
        if wait <= 0:
            self._rebuild_for_change()
        else:
            self._held = self.set_timer(wait, self._held_rebuild)

    def _held_rebuild(self) -> None:
        self._held = None
        if self._dirty and is_shown(self):
            self._rebuild_for_change()

    def _rebuild_for_change(self) -> None:
        started = time.perf_counter()
        self.rebuild()
        self._rebuilt_at = time.perf_counter()
        self._rebuild_cost = self._rebuilt_at - started

    def rebuild(self) -> None:
        self._dirty = False
        self.rebuilds += 1
        if self._held is not None:
            self._held.stop()
            self._held = None
        if len(self._rows) > 2000:
            self._rows.clear()  # cells of rows no longer on screen; built again when shown
        friends, blocked = self.model.friends, self.model.blocked
        self.shown_players = select_players(
            self.model.players, self.filter, self.sort_key, self.descending
        )
        if friends:  # friends first, in the order chosen
            self.shown_players.sort(key=lambda p: p.name.casefold() not in friends)
        shown = self.shown_players
        self.table.set_keyed(
            [p.name for p in shown],
            LazyCells(shown, _name, lambda p: player_row(p, friends, blocked), self._rows),
        )
        self._show_status()

    def _show_status(self, error: str = "") -> None:
        status = self.query_one("#players-status", Label)
        status.set_class(bool(error), "-error")
        caps = self.backend.capabilities
        if error:
            status.update(plain(error), layout=False)
        elif caps.listing is None:
            # no server (a game against a local engine): not "0 of 0 players · you: open?"
            status.update(Text(f"No player list: {caps.absent}."), layout=False)
        else:
            shown, total = len(self.shown_players), len(self.model.players)
            line = f"{shown} of {total} players · t tell · m match · s card · f friend · b block"
            flags = services(self.app).own_flags
            if flags is not None and self.model.me:
                line += f" · {flags.summary(self.model)}"
            status.update(Text(line), layout=False)  # one row, as wide as the pane

    def show_own_flags(self) -> None:
        """Redraw the status line after our open/looking flags were set."""
        self._show_status()

    # filter and sort --------------------------------------------------------------------------
    @on(Input.Changed)
    @on(Checkbox.Changed)
    def _filter_changed(self) -> None:
        try:
            self.filter = PlayerFilter.build(
                name=self.query_one("#players-name", Input).value.strip(),
                ranks=self.query_one("#players-ranks", Input).value,
                country=self.query_one("#players-country", Input).value.strip(),
                open_only=self.query_one("#players-open", Checkbox).value,
                looking_only=self.query_one("#players-looking", Checkbox).value,
                quiet_only=self.query_one("#players-quiet", Checkbox).value,
            )
        except ValueError as exc:
            self._show_status(f"{exc} (use e.g. 5k, 10k-1d, 2d-)")
            return
        self.rebuild()

    @on(Input.Submitted)
    def _filter_submitted(self) -> None:
        self.table.focus()

    # actions on the selected player -----------------------------------------------------------
    @property
    def selected(self) -> str | None:
        return self.table.cursor_key

    def action_tell(self) -> None:
        if (name := self.selected) is not None:
            self.post_message(OpenChat(BufferKey(ChatKind.TELL, name)))

    def action_match(self) -> None:
        if (name := self.selected) is not None:
            self.post_message(MatchRequested(name))

    def action_stats(self) -> None:
        if (name := self.selected) is None:
            return
        self.post_message(PlayerCardRequested(name))

    def action_social(self, which: str) -> None:
        """Make the selected player a friend (or not), or block (or unblock) them."""
        if (name := self.selected) is None:
            return
        if said := services(self.app).toggle_social(name, which):
            self.notify(said, markup=False)

    @on(VirtualTable.RowSelected, "#players-table")
    def _row_selected(self) -> None:
        self.action_tell()
