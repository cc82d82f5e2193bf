"""Automatch, stored games and rooms: three small views over the screen (issue 14).

* :class:`SeekScreen` ("Automatch…" in the palette) lists the server's automatch setups;
  Enter enters the queue with the highlighted one, ``s``/``h`` change the board size and the
  handicap accepted, ``c`` leaves the queue. While we seek, the status bar says so; when the
  server pairs us the game opens as an accepted challenge does and this view closes.
* :class:`StoredGamesScreen` ("Stored games", or ctrl+l on a board that is not adjourned)
  lists our adjourned games kept on the server; Enter (or ``l``) loads the highlighted one.
* :class:`RoomsScreen` ("Rooms") lists the server's rooms, marking those we are in; Enter
  joins the highlighted one and ``l`` leaves it where the server lets one leave a room (KGS;
  on IGS one leaves a room only by joining another, so the key is not offered there). Rooms
  are not chat channels (``/join`` in the chat joins a channel).

Each asks the server when it opens and redraws when the answer reaches the model. Names come
from the server and are shown as plain text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from igs_tui.backends.capabilities import Backend
from igs_tui.model import ClientModel
from igs_tui.model.changes import Change, SeekChanged
from igs_tui.model.lobby import Seek
from igs_tui.model.topics import TOPIC_LOBBY
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.safe_text import clean
from igs_tui.ui.styles import stylesheet

SEEK_SIZES = (19, 13, 9)
MAX_SEEK_HANDICAP = 9


def seek_summary(seek: Seek) -> str:
    """``19x19, 1 min + 10 min / 25 stones`` (plus the handicap accepted, if any)."""
    text = f"{seek.size}x{seek.size}"
    if seek.setup.main_seconds or seek.setup.byo_stones:
        text += f", {seek.setup.label}"
    if seek.handicap:
        text += f", handicap up to {seek.handicap}"
    return text


class LobbyList(ModelWatcher):
    """An option list refilled from the model whenever a lobby change is heard.

    ``read`` gives the labels to show, or None while the server has not answered."""

    DEFAULT_CSS = stylesheet(__file__, "lobby_list.tcss")

    def __init__(
        self, model: ClientModel, read: Callable[[], Sequence[str] | None], empty: str
    ) -> None:
        super().__init__()
        self._model = model
        self._read = read
        self._empty = empty
        self.shown: tuple[str, ...] | None = None

    def compose(self) -> ComposeResult:
        yield Static(Text("Asking the server…", "dim"), id="lobby-status")
        yield OptionList(id="lobby-list")

    def on_mount(self) -> None:
        self.watch_model(self._model.hub, TOPIC_LOBBY, self.lobby_changed)
        self.lobby_changed()

    def lobby_changed(self) -> None:
        labels = self._read()
        if labels is None or tuple(labels) == self.shown:
            return
        self.shown = tuple(labels)
        options = self.query_one("#lobby-list", OptionList)
        options.clear_options()
        options.add_options(Option(Text(clean(label, max_length=70))) for label in labels)
        status = self.query_one("#lobby-status", Static)
        status.update(Text(self._empty if not labels else f"{len(labels)} listed"))
        if labels:
            options.highlighted = 0
            options.focus()


class _LobbyScreen(Dialog[None]):
    DEFAULT_CSS = stylesheet(__file__, "lobby_screen.tcss")

    def __init__(self, model: ClientModel, backend: Backend) -> None:
        super().__init__()
        self._model = model
        self._backend = backend

    @property
    def highlighted(self) -> int | None:
        return self.query_one("#lobby-list", OptionList).highlighted


class StoredGamesScreen(_LobbyScreen):
    """Our adjourned games kept on the server; Enter or ``l`` loads one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "Close"),
        Binding("l", "load", "Load the game"),
        Binding("r", "refresh", "Ask again"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Your stored (adjourned) games", "bold"))
            yield LobbyList(self._model, self._names, "No stored games.")
            yield Static("Enter/l load   r ask again   Esc close", classes="lobby-keys")

    def _names(self) -> tuple[str, ...] | None:
        return self._model.stored_games

    def on_mount(self) -> None:
        self.action_refresh()

    def action_refresh(self) -> None:
        if (stored := self._backend.capabilities.stored) is not None:
            stored.list_stored()

    def action_load(self) -> None:
        names = self._model.stored_games or ()
        index = self.highlighted
        adjourning = self._backend.capabilities.adjourning
        if index is None or not 0 <= index < len(names):
            return
        if adjourning is None:
            self.notify(self._backend.capabilities.refusal("Loading"), markup=False)
            return
        adjourning.load(names[index])
        self.notify(f"Loading {clean(names[index], max_length=42)}", markup=False, timeout=3)
        self.dismiss()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_load()


class RoomsScreen(_LobbyScreen):
    """The server's rooms; Enter joins one, ``l`` leaves one we are in (rooms are not chat
    channels)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "Close"),
        Binding("j", "join", "Join the room"),
        Binding("l", "leave", "Leave the room (where the server allows it)"),
        Binding("r", "refresh", "Ask again"),
    ]

    def compose(self) -> ComposeResult:
        leave = "   l leave" if self._backend.capabilities.room_leaving is not None else ""
        with Vertical():
            yield Static(Text("Rooms", "bold"), id="rooms-title")
            yield LobbyList(self._model, self._labels, "No rooms.")
            yield Static(
                f"Enter/j join{leave}   r ask again   Esc close"
                "  (/join N in the chat is a channel)",
                classes="lobby-keys",
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No leave key where the backend cannot leave a room."""
        if action == "leave":
            return self._backend.capabilities.room_leaving is not None
        return True

    def _labels(self) -> list[str] | None:
        rooms = self._model.rooms
        if rooms is None:
            return None
        labels = []
        for room in rooms:
            here = " (you are here)" if room.number in self._model.joined_rooms else ""
            users = "" if room.users is None else f"  {room.users} in it"
            local = f" ({room.local_name})" if room.local_name else ""
            locked = "  [locked]" if room.locked else ""
            labels.append(f"{room.number:>3}  {room.name}{local}{users}{locked}{here}")
        return labels

    def on_mount(self) -> None:
        self.action_refresh()

    def action_refresh(self) -> None:
        if (rooms := self._backend.capabilities.rooms) is not None:
            rooms.list_rooms()

    def action_join(self) -> None:
        listed = self._model.rooms or ()
        index = self.highlighted
        rooms = self._backend.capabilities.rooms
        if rooms is None or index is None or not 0 <= index < len(listed):
            return
        rooms.join_room(listed[index].number)
        self.notify(f"Joining room {listed[index].number}", markup=False, timeout=3)
        rooms.list_rooms()

    def action_leave(self) -> None:
        listed = self._model.rooms or ()
        index = self.highlighted
        leaving = self._backend.capabilities.room_leaving
        if leaving is None or index is None or not 0 <= index < len(listed):
            return
        number = listed[index].number
        if number not in self._model.joined_rooms:
            self.notify(f"You are not in room {number}.", markup=False, timeout=3)
            return
        leaving.leave_room(number)
        self.notify(f"Leaving room {number}", markup=False, timeout=3)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_join()


class SeekState(ModelWatcher):
    """The board size and handicap chosen, and whether we seek; closes its screen when the
    server pairs us (the game then opens as an accepted challenge does)."""

    DEFAULT_CSS = stylesheet(__file__, "seek_state.tcss")

    def __init__(self, model: ClientModel) -> None:
        super().__init__()
        self._model = model
        self.board_size = SEEK_SIZES[0]
        self.handicap = 0

    def compose(self) -> ComposeResult:
        yield Static(id="seek-options")
        yield Static(id="seek-state")
        yield Static(id="seek-others")

    def on_mount(self) -> None:
        self.watch_changes(self._model.hub, TOPIC_LOBBY, self._changed)
        self.show()

    def _changed(self, changes: list[Change]) -> None:
        if any(isinstance(c, SeekChanged) and (c.paired or c.matched) for c in changes):
            if isinstance(self.screen, SeekScreen):
                self.screen.dismiss()
            return
        self.show()

    def show(self) -> None:
        options = Text(f"Board {self.board_size}x{self.board_size}   handicap accepted: ")
        options.append("even games only" if not self.handicap else f"up to {self.handicap}")
        self.query_one("#seek-options", Static).update(options)
        seek = self._model.seek
        state = (
            Text(f"Seeking… {seek_summary(seek)}", "bold cyan")
            if seek is not None
            else Text("Not seeking.", "dim")
        )
        self.query_one("#seek-state", Static).update(state)
        others = self._model.seekers
        listed = Text()
        if others:
            listed.append(f"Also seeking ({len(others)}): ", "bold")
            listed.append("; ".join(clean(s.describe(), max_length=60) for s in others[:8]))
            if len(others) > 8:
                listed.append(f"; and {len(others) - 8} more")
        self.query_one("#seek-others", Static).update(listed)


class SeekScreen(_LobbyScreen):
    """Automatch: pick a setup and enter the queue; ``c`` leaves it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "Close"),
        Binding("s", "size", "Board size"),
        Binding("h", "handicap", "Handicap accepted"),
        Binding("c", "cancel_seek", "Stop seeking"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Automatch: the server finds you an opponent", "bold"))
            yield LobbyList(self._model, self._labels, "The server offers no setups.")
            yield SeekState(self._model)
            yield Static(
                "Enter seek   s size   h handicap   c stop seeking   Esc close",
                classes="lobby-keys",
            )

    def _labels(self) -> list[str] | None:
        setups = self._model.seek_setups
        return [s.label for s in setups] if setups else None

    def on_mount(self) -> None:
        seeking = self._backend.capabilities.seeking
        if seeking is not None:
            seeking.list_seek_setups()

    @property
    def state(self) -> SeekState:
        return self.query_one(SeekState)

    def action_size(self) -> None:
        state = self.state
        state.board_size = SEEK_SIZES[(SEEK_SIZES.index(state.board_size) + 1) % len(SEEK_SIZES)]
        state.show()

    def action_handicap(self) -> None:
        state = self.state
        state.handicap = (state.handicap + 1) % (MAX_SEEK_HANDICAP + 1)
        state.show()

    def action_seek(self) -> None:
        setups = self._model.seek_setups
        index = self.highlighted
        seeking = self._backend.capabilities.seeking
        if seeking is None or index is None or not 0 <= index < len(setups):
            return
        if self._model.seek is not None:
            self.notify("Already seeking: c stops it first.", markup=False, timeout=3)
            return
        seeking.seek(Seek(setups[index], self.state.board_size, self.state.handicap))
        self.state.show()

    def action_cancel_seek(self) -> None:
        seeking = self._backend.capabilities.seeking
        if seeking is not None and self._model.seek is not None:
            seeking.cancel_seek()
            self.notify("Leaving the automatch queue…", markup=False, timeout=3)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_seek()
