"""The player card: what the server knows of one player, opened from a name anywhere.

The card asks the server (IGS ``stats`` and ``results``) when it opens and fills in when the
answers come; until then it says it is asking. Below the details it lists the player's recent
games (newest first) and the rank history those games show. Every label and value comes from
the server and is shown as plain text. From the card, ``t`` opens a conversation, ``m`` offers
a game and ``o`` observes the game the player is in.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from igs_tui.backends.capabilities import Backend
from igs_tui.model import (
    TOPIC_CARDS,
    BufferKey,
    ChatKind,
    ClientModel,
    PlayedGame,
    PlayerCard,
    PlayerResults,
)
from igs_tui.ui.app_services import services
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.lists.table_util import label_column
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.people.rank_graph import rank_graph_lines
from igs_tui.ui.safe_text import clean
from igs_tui.ui.styles import stylesheet

LABEL_WIDTH = 18
RECENT_SHOWN = 10
"""Recent games listed on the card (the newest)."""
GRAPH_WIDTH = 66
"""Cells of the rank graph (the card's inner width)."""


def results_text(results: PlayerResults | None) -> Text:
    """The recent games and the rank history, plain text (empty until the server answered;
    a server without results says why in one dim line)."""
    text = Text()
    if results is None:
        return text
    if results.error:
        text.append(f"Results: {clean(results.error, max_length=120)}", "dim")
        return text
    if not results.games:
        text.append("No recent games.", "dim")
        return text
    wins, losses = results.record
    text.append(f"Recent games ({wins} won, {losses} lost)", "bold")
    for game in results.recent[:RECENT_SHOWN]:
        text.append("\n")
        text.append_text(played_line(game))
    history = results.rank_history
    if history:
        text.append("\n")
        text.append(label_column("Rank history", LABEL_WIDTH), "bold")
        text.append(" → ".join(clean(rank, max_length=6) for rank in history))
    graph = rank_graph_lines([game.rank for game in results.games], GRAPH_WIDTH)
    if graph is not None and len(history) > 1:
        text.append("\n\n")
        text.append(f"Rank over the last {len(results.games)} games (oldest left)", "bold")
        for line in graph:
            text.append("\n")
            text.append(line, "cyan")
    return text


def played_line(game: PlayedGame) -> Text:
    """``won  W vs bob [3k*]  W+Resign  19x19 H2  26-00-34``."""
    line = Text()
    line.append("won " if game.won else "lost", "green" if game.won else "red")
    opponent = clean(game.opponent, max_length=12)
    rank = clean(game.opponent_rank, max_length=6)
    line.append(f"  {game.color} vs {opponent:<12} [{rank:>4}]  ")
    line.append(f"{clean(game.result, max_length=12):<10} {game.size}x{game.size}")
    if game.handicap:
        line.append(f" H{game.handicap}")
    if game.when:
        line.append(f"  {clean(game.when, max_length=20)}", "dim")
    return line


def card_text(name: str, card: PlayerCard | None, results: PlayerResults | None = None) -> Text:
    """The card's lines: the server's labels and values, then the recent games, plain text."""
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
            # A long label (IGS: "Defaults (help defs):") is shown whole, not cut.
            text.append(label_column(clean(label, max_length=40), LABEL_WIDTH), "bold")
        text.append(clean(value, max_length=200) or "-")
        text.append("\n")
    games = results_text(results)
    if games:
        text.append("\n")
        text.append_text(games)
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

    DEFAULT_CSS = stylesheet(__file__, "card_body.tcss")

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
        results = self._model.results.get(self._player.casefold())
        if card is not None:
            text = card_text(self._player, card, results)
            self.query_one("#card-text", Static).update(text)


class PlayerCardScreen(Dialog[None]):
    """One player's card over the screen."""

    DEFAULT_CSS = stylesheet(__file__, "player_card_screen.tcss")
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
            with VerticalScroll(id="card-scroll"):  # a long card scrolls (arrows, PgUp/PgDn)
                yield CardBody(self._model, self.player)
            yield Static(
                "t tell   m offer a game   o observe their game   Esc close", id="card-keys"
            )

    def on_mount(self) -> None:
        listing = self._backend.capabilities.listing
        if listing is not None:
            listing.player_stats(self.player)
        history = self._backend.capabilities.history
        if history is not None:
            history.player_results(self.player)

    def action_tell(self) -> None:
        app = services(self.app)
        self.dismiss()
        app.open_chat(BufferKey(ChatKind.TELL, self.player))

    def action_match(self) -> None:
        app = services(self.app)
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
        app = services(self.app)
        self.dismiss()
        observing.observe(number)
        app.show_pane("board")
