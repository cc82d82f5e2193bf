"""The screen shown while a login is under way: where to, what is happening, escape to cancel.

Connecting to IGS can take many seconds (a slow link, a busy server, several addresses tried
in turn); a login form that just sits there looks frozen. This screen follows the model's
:class:`~igs_tui.model.ConnectionStatus` (connecting, logging in, failed, with the adapter's
detail) and dismisses with ``False`` when the user gives up, so the app can stop the attempt
and show the login form again. Success or failure is the app's business: it replaces this
screen with the main screen or the login form.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen

from igs_tui.model import TOPIC_CONNECTION, ClientModel, ConnectionStatus, LinkState
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.safe_text import plain
from igs_tui.ui.styles import stylesheet

STATE_TEXT = {
    LinkState.DISCONNECTED: "Starting…",
    LinkState.CONNECTING: "Opening the connection…",
    LinkState.LOGGING_IN: "Logging in…",
    LinkState.CONNECTED: "Logged in, loading the lists…",
    LinkState.RECONNECTING: "Trying again…",
    LinkState.FAILED: "Failed.",
}


def progress_text(target: str, status: ConnectionStatus) -> Text:
    """Title line plus the current step; the model's server name wins once it is known."""
    server = status.server or target
    text = Text()
    text.append("Connecting to ", "bold")
    text.append_text(plain(server, "bold", max_length=60))
    text.append("…\n\n", "bold")
    text.append(STATE_TEXT.get(status.state, status.state.value))
    if status.detail:
        text.append("\n")
        text.append_text(plain(status.detail, "italic", max_length=200))
    text.append("\n\nescape: cancel and go back to the login form", "dim")
    return text


class ConnectionProgress(ModelWatcher):
    """Redraws the progress text on each connection change."""

    DEFAULT_CSS = stylesheet(__file__, "connection_progress.tcss")

    def __init__(self, model: ClientModel, target: str) -> None:
        super().__init__(id="connecting-progress")
        self.model = model
        self.target = target

    def render(self) -> Text:
        return progress_text(self.target, self.model.connection)

    def on_mount(self) -> None:
        self.watch_model(self.model.hub, TOPIC_CONNECTION, self.model_changed)

    def model_changed(self) -> None:
        self.refresh(layout=True)

    def shown_text(self) -> str:
        """What the screen says now (for tests and screen readers)."""
        return progress_text(self.target, self.model.connection).plain


class ConnectingScreen(Screen[bool]):
    """Dismisses with ``False`` when the user cancels; the app removes it otherwise."""

    DEFAULT_CSS = stylesheet(__file__, "connecting_screen.tcss")
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, model: ClientModel, target: str) -> None:
        super().__init__()
        self.model = model
        self.target = target

    def compose(self) -> ComposeResult:
        with Vertical():
            yield ConnectionProgress(self.model, self.target)

    def action_cancel(self) -> None:
        self.dismiss(False)
