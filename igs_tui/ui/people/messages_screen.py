"""The messages the server kept for us while we were away (IGS ``message``).

Opened from the palette ("Messages") or after the "You have N messages" notice. It asks the
server for the list when it opens and shows each message's sender, time and text as plain
text (server text is never markup). ``r`` asks again, ``e`` erases them on the server (they
stay shown until the server's answer empties the list), ``c`` shows the card of the newest
message's sender.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from igs_tui.backends.capabilities import Backend
from igs_tui.model import ClientModel
from igs_tui.model.mailbox import ServerMessage
from igs_tui.model.topics import TOPIC_MESSAGES
from igs_tui.ui.app_services import services
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.safe_text import clean
from igs_tui.ui.styles import stylesheet


def messages_text(messages: tuple[ServerMessage, ...], asked: bool) -> Text:
    """Every message as ``sender  when`` over its text; all of it plain text."""
    text = Text()
    if not messages:
        text.append("No messages." if asked else "Asking the server…", "dim")
        return text
    for i, message in enumerate(messages):
        if i:
            text.append("\n\n")
        text.append(clean(message.author, max_length=20) or "(server)", "bold")
        if message.when:
            text.append(f"  {clean(message.when, max_length=30)}", "dim")
        text.append("\n")
        text.append(clean(message.text, max_length=600))
    return text


class MessagesBody(ModelWatcher):
    """The list, redrawn when the server's answer reaches the model."""

    DEFAULT_CSS = stylesheet(__file__, "messages_body.tcss")

    def __init__(self, model: ClientModel) -> None:
        super().__init__()
        self._model = model
        self.answered = False
        """The server answered since the view opened (empty then means "none")."""

    def compose(self) -> ComposeResult:
        yield Static(messages_text(self._model.messages, False), id="messages-text")

    def on_mount(self) -> None:
        self.watch_model(self._model.hub, TOPIC_MESSAGES, self.messages_changed)

    def messages_changed(self) -> None:
        self.answered = True
        text = messages_text(self._model.messages, True)
        self.query_one("#messages-text", Static).update(text)


class MessagesScreen(Dialog[None]):
    """The messages view over the screen."""

    DEFAULT_CSS = stylesheet(__file__, "messages_screen.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "Close"),
        Binding("r", "refresh_messages", "Read again"),
        Binding("e", "erase", "Erase all"),
        Binding("c", "card", "Sender's card"),
    ]

    def __init__(self, model: ClientModel, backend: Backend) -> None:
        super().__init__()
        self._model = model
        self._backend = backend

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Messages left for you", "bold"))
            with VerticalScroll():
                yield MessagesBody(self._model)
            yield Static(
                "r read again   e erase all   c sender's card   Esc close", id="messages-keys"
            )

    def on_mount(self) -> None:
        self.action_refresh_messages()

    def action_refresh_messages(self) -> None:
        mailbox = self._backend.capabilities.mailbox
        if mailbox is not None:
            mailbox.read_messages()

    def action_erase(self) -> None:
        mailbox = self._backend.capabilities.mailbox
        if mailbox is not None and self._model.messages:
            mailbox.erase_messages()
            self.notify("Erasing your messages on the server…", markup=False, timeout=3)

    def action_card(self) -> None:
        authors = [m.author for m in self._model.messages if m.author]
        if authors:
            app = services(self.app)
            self.dismiss()
            app.show_player_card(authors[-1])
