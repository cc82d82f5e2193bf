"""The player card: what the server knows of one player, opened from a name anywhere.

The card asks the server (IGS ``stats``) when it opens and fills in when the answer comes;
until then it says it is asking. Every label and value comes from the server and is shown as
plain text. From the card, ``t`` opens a conversation, ``m`` offers a game and ``o`` observes
the game the player is in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from igs_tui.backends.capabilities import Backend
from igs_tui.model import TOPIC_CARDS, BufferKey, ChatKind, ClientModel, PlayerCard
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.safe_text import clean

if TYPE_CHECKING:
    from igs_tui.ui.app import IgsApp

LABEL_WIDTH = 18


def card_text(name: str, card: PlayerCard | None) -> Text:
    """The card's lines: the server's labels and values, plain text."""
    text = Text()
    text.append(clean(name, max_length=40), "bold")
    text.append("\n\n")
    if card is None:
        text.append("Asking the server…", "dim")
        return text
    if card.error:
        text.append(clean(card.error, max_length=200), "bold red")
        return text
    summary = card_summary(card)
    if summary:
        text.append(clean(summary, max_length=200), "italic")
        text.append("\n\n")
    for label, value in card.details:
        if label:
            text.append(f"{clean(label, max_length=LABEL_WIDTH):<{LABEL_WIDTH}}", "bold")
        text.append(clean(value, max_length=200) or "-")
        text.append("\n")
    text.rstrip()
    return text


def card_summary(card: PlayerCard) -> str:
    """One line of what matters most: rank, record, where the player is now."""
    parts = [card.rank, card.record]
    if card.playing is not None:
        parts.append(f"playing game {card.playing} (o to observe)")
    elif card.observing is not None:
        parts.append(f"observing game {card.observing} (o to observe)")
    elif card.last_access:
        parts.append(("online, idle " if card.online else "last seen ") + card.last_access)
    return " · ".join(p for p in parts if p)


class CardBody(ModelWatcher):
    """The card's text, filled in when the server's answer reaches the model."""

    DEFAULT_CSS = "CardBody { height: auto; }"

    def __init__(self, model: ClientModel, name: str) -> None:
        super().__init__()
        self._model = model
        self._player = name

    def compose(self) -> ComposeResult:
        yield Static(card_text(self._player, None), id="card-text")

    def on_mount(self) -> None:
        self.watch_model(self._model.hub, TOPIC_CARDS, self.card_changed)

    def card_changed(self) -> None:
        card = self._model.cards.get(self._player.casefold())
        if card is not None:
            self.query_one("#card-text", Static).update(card_text(self._player, card))


class PlayerCardScreen(ModalScreen[None]):
    """One player's card over the screen."""

    DEFAULT_CSS = """
    PlayerCardScreen { align: center middle; }
    PlayerCardScreen > Vertical {
        width: 72; max-width: 95%; height: auto; max-height: 90%;
        border: round $accent; padding: 0 1; background: $surface;
    }
    PlayerCardScreen #card-keys { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "Close"),
        Binding("t", "tell", "Tell"),
        Binding("m", "match", "Match"),
        Binding("o", "observe", "Observe their game"),
    ]

    def __init__(self, model: ClientModel, backend: Backend, name: str) -> None:
        super().__init__()
        self._model = model
        self._backend = backend
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield CardBody(self._model, self.player)
            yield Static(
                "t tell   m offer a game   o observe their game   Esc close", id="card-keys"
            )

    def on_mount(self) -> None:
        listing = self._backend.capabilities.listing
        if listing is not None:
            listing.player_stats(self.player)

    def action_tell(self) -> None:
        app = cast("IgsApp", self.app)
        self.dismiss()
        app.open_chat(BufferKey(ChatKind.TELL, self.player))

    def action_match(self) -> None:
        app = cast("IgsApp", self.app)
        self.dismiss()
        app.challenge(self.player)

    def action_observe(self) -> None:
        """Watch the game the player is in (as the card says)."""
        card = self._model.cards.get(self.player.casefold())
        number = None if card is None else (card.playing or card.observing)
        observing = self._backend.capabilities.observing
        if number is None or observing is None:
            self.notify("The card names no game to observe.", markup=False, timeout=3)
            return
        app = cast("IgsApp", self.app)
        self.dismiss()
        observing.observe(number)
        app.show_pane("board")
