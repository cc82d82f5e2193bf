"""The user list pane: players from the model, filtered by name, rank range, flags, country.

With 10 000 players online a refresh must be cheap and rare: model changes arrive coalesced
through :class:`ModelWatcher`, a hidden pane only marks itself dirty, and all rows are
replaced in one batch on a :class:`VirtualTable` that paints only the visible rows. Actions
on the selected player: tell (opens a chat buffer), match (posts :class:`MatchRequested` for
the play feature) and stats (asks the backend).
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label

from igs_tui.backends.capabilities import Backend
from igs_tui.model import TOPIC_PLAYERS, BufferKey, ChatKind, ClientModel, Player
from igs_tui.ui.capability import need
from igs_tui.ui.filter_input import FilterInput
from igs_tui.ui.messages import MatchRequested, OpenChat, ShowPane
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.play_toggles import OwnFlags
from igs_tui.ui.players_filter import PlayerFilter, select_players
from igs_tui.ui.safe_text import plain
from igs_tui.ui.table_util import is_shown
from igs_tui.ui.virtual_table import VirtualTable

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


def player_row(player: Player) -> list[Text]:
    record = "" if player.wins is None else f"{player.wins}/{player.losses or 0}"
    return [
        plain(player.name, "bold" if player.looking else "", max_length=20),
        plain(player.rank, max_length=6),
        Text(flags_text(player)),
        plain(player.country, max_length=16),
        Text(_num(player.playing)),
        Text(_num(player.observing)),
        plain(player.idle, max_length=6),
        Text(record),
        plain(player.info, max_length=60),
    ]


class PlayersList(ModelWatcher):
    """Filter bar plus table of players."""

    DEFAULT_CSS = """
    PlayersList { height: 1fr; }
    PlayersList #players-bar { height: 3; }
    PlayersList #players-name { width: 1fr; min-width: 10; }
    PlayersList #players-ranks { width: 12; }
    PlayersList #players-country { width: 10; }
    PlayersList Checkbox { width: auto; }
    PlayersList #players-status { height: 1; color: $text-muted; padding: 0 1; }
    PlayersList #players-status.-error { color: $error; }
    PlayersList VirtualTable { height: 1fr; }
    """

    BINDINGS = [
        Binding("t", "tell", "Tell"),
        Binding("m", "match", "Match"),
        Binding("s", "stats", "Stats"),
        Binding("r", "sort('rank')", "Sort rank"),
        Binding("n", "sort('name')", "Sort name"),
        Binding("slash", "focus_filter", "Filter"),
        Binding("ctrl+r", "refresh_list", "Refresh"),
    ]

    def __init__(self, model: ClientModel, backend: Backend, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model = model
        self.backend = backend
        self.filter = PlayerFilter()
        self.sort_key = "name"
        self.descending = False
        self.shown_players: list[Player] = []
        self._dirty = True
        self._rows: dict[str, tuple[Player, list[Text]]] = {}

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
        yield VirtualTable(COLUMNS, id="players-table")

    @property
    def table(self) -> VirtualTable:
        return self.query_one("#players-table", VirtualTable)

    def on_mount(self) -> None:
        self.watch_model(self.model.hub, TOPIC_PLAYERS, self.model_changed)
        self.rebuild()

    def model_changed(self) -> None:
        self._dirty = True
        if is_shown(self):
            self.rebuild()

    def refresh_if_dirty(self) -> None:
        if self._dirty:
            self.rebuild()

    def _row(self, player: Player) -> list[Text]:
        """Cells for ``player``, reused while the (immutable) Player object is unchanged."""
        cached = self._rows.get(player.name)
        if cached is not None and cached[0] is player:
            return cached[1]
        cells = player_row(player)
        self._rows[player.name] = (player, cells)
        return cells

    def rebuild(self) -> None:
        self._dirty = False
        if len(self._rows) > 2 * len(self.model.players) + 100:
            self._rows.clear()  # players who left; rebuilt lazily
        self.shown_players = select_players(
            self.model.players, self.filter, self.sort_key, self.descending
        )
        self.table.set_rows([(p.name, self._row(p)) for p in self.shown_players])
        self._show_status()

    def _show_status(self, error: str = "") -> None:
        status = self.query_one("#players-status", Label)
        status.set_class(bool(error), "-error")
        if error:
            status.update(plain(error))
        else:
            shown, total = len(self.shown_players), len(self.model.players)
            line = f"{shown} of {total} players · t tell · m match · s stats"
            flags = getattr(self.app, "own_flags", None)
            if isinstance(flags, OwnFlags) and self.model.me:
                line += f" · {flags.summary(self.model)}"
            status.update(Text(line))

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

    def action_sort(self, key: str) -> None:
        if key == self.sort_key:
            self.descending = not self.descending
        else:
            self.sort_key = key
            self.descending = key == "rank"
        self.rebuild()

    def action_focus_filter(self) -> None:
        self.query_one("#players-name", Input).focus()

    def action_refresh_list(self) -> None:
        listing = need(self, self.backend, self.backend.capabilities.listing, "The player list")
        if listing is not None:
            listing.refresh_players()

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
        listing = need(self, self.backend, self.backend.capabilities.listing, "Player details")
        if listing is not None:
            listing.player_stats(name)
            self.post_message(ShowPane("console"))

    @on(VirtualTable.RowSelected, "#players-table")
    def _row_selected(self) -> None:
        self.action_tell()
