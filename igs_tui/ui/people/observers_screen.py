"""Who is watching a game (IGS ``all N``), opened with ``v`` on a board.

The view asks the server when it opens and lists the observers it answers (name and rank,
plain text). Enter opens the highlighted observer's card, ``r`` asks again.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from igs_tui.backends.capabilities import Backend
from igs_tui.model import ClientModel
from igs_tui.model.topics import game_topic
from igs_tui.ui.app_services import services
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.safe_text import clean
from igs_tui.ui.styles import stylesheet


class ObserverList(ModelWatcher):
    """The observers of one game, refilled when the server's list reaches the model."""

    DEFAULT_CSS = stylesheet(__file__, "observer_list.tcss")

    def __init__(self, model: ClientModel, number: int) -> None:
        super().__init__()
        self._model = model
        self.number = number
        self._shown: tuple[tuple[str, str], ...] | None = None

    def compose(self) -> ComposeResult:
        yield Static(Text("Asking the server…", "dim"), id="observers-status")
        yield OptionList(id="observers-list")

    def on_mount(self) -> None:
        self.watch_model(self._model.hub, game_topic(self.number), self.game_changed)

    @property
    def names(self) -> list[str]:
        return [name for name, _rank in self._shown or ()]

    def game_changed(self) -> None:
        game = self._model.followed.get(self.number)
        listed = game.observer_list if game is not None else None
        if listed is None or listed == self._shown:
            return
        self._shown = listed
        options = self.query_one("#observers-list", OptionList)
        options.clear_options()
        options.add_options(
            Option(Text(f"{clean(name, max_length=20):<20} {clean(rank, max_length=6)}"))
            for name, rank in listed
        )
        count = "Nobody is watching." if not listed else f"{len(listed)} watching"
        self.query_one("#observers-status", Static).update(Text(count))
        if listed:
            options.highlighted = 0
            options.focus()


class ObserversScreen(Dialog[None]):
    """The observers of game ``number`` over the screen."""

    DEFAULT_CSS = stylesheet(__file__, "observers_screen.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "Close"),
        Binding("r", "refresh_observers", "Ask again"),
    ]

    def __init__(self, model: ClientModel, backend: Backend, number: int) -> None:
        super().__init__()
        self._model = model
        self._backend = backend
        self.number = number

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"Watching game {self.number}", "bold"))
            yield ObserverList(self._model, self.number)
            yield Static("Enter player card   r ask again   Esc close", id="observers-keys")

    def on_mount(self) -> None:
        self.query_one(ObserverList).game_changed()  # what the model already has
        self.action_refresh_observers()

    def action_refresh_observers(self) -> None:
        audience = self._backend.capabilities.audience
        if audience is not None:
            audience.list_observers(self.number)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        names = self.query_one(ObserverList).names
        if 0 <= event.option_index < len(names):
            app = services(self.app)
            self.dismiss()
            app.show_player_card(names[event.option_index])
