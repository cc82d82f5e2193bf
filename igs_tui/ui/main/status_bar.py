"""The status bar: connection state, user, server, lag and reconnect progress.

While the link is down with an own game interrupted, the bar shows the countdown to the
server's forfeit limit (:func:`forfeit_banner`), ticking each second; once reconnected it
keeps counting until the game is reloaded.
"""

from __future__ import annotations

import math

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from igs_tui.model import (
    TOPIC_CHAT_LIST,
    TOPIC_CONNECTION,
    ClientModel,
    ConnectionStatus,
    LinkState,
)
from igs_tui.model.away import AwayReplies
from igs_tui.model.topics import TOPIC_LOBBY
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.play.play_result import forfeit_banner
from igs_tui.ui.safe_text import plain
from igs_tui.ui.session.session_control import RECONNECT_KEY
from igs_tui.ui.styles import stylesheet

STATE_STYLE = {
    LinkState.CONNECTED: "bold green",
    LinkState.CONNECTING: "yellow",
    LinkState.LOGGING_IN: "yellow",
    LinkState.RECONNECTING: "bold yellow",
    LinkState.DISCONNECTED: "dim",
    LinkState.FAILED: "bold red",
}


def status_text(
    status: ConnectionStatus,
    unread: int = 0,
    now: float | None = None,
    *,
    seeking: str = "",
    away: bool = False,
) -> Text:
    """Render the connection status; ``now`` (monotonic) shows the forfeit countdown,
    ``seeking`` what we seek in the automatch queue, ``away`` that tells are being answered
    by the away message."""
    text = Text()  # a style given to Text() would cover the whole line
    text.append("● ", STATE_STYLE.get(status.state, ""))
    text.append(status.state.value, STATE_STYLE.get(status.state, ""))
    if status.state is LinkState.RECONNECTING and status.reconnect_attempt:
        text.append(f" (attempt {status.reconnect_attempt})", "yellow")
    if status.user or status.server:
        text.append("  ")
        text.append_text(plain(status.user or "?", "bold", max_length=20))
        if status.server:
            text.append("@")
            text.append_text(plain(status.server, max_length=40))
    if status.lag_ms is not None:
        style = "red" if status.lag_ms >= 1000 else ""
        text.append(f"  lag {status.lag_ms:.0f} ms", style)
    if status.forfeit_deadline is not None and now is not None:
        connected = status.state is LinkState.CONNECTED
        banner = forfeit_banner(status.forfeit_deadline, now, connected=connected)
        if not banner:  # back online, the game not reloaded yet: the clock still runs
            left = max(0, math.ceil(status.forfeit_deadline - now))
            banner = f"reload your game within {left // 60}:{left % 60:02d}"
        text.append(f"  {banner}", "bold red")
    if status.detail:
        text.append("  ")
        text.append_text(plain(status.detail, "italic", max_length=80))
    if status.state is LinkState.RECONNECTING:
        text.append(f"  {RECONNECT_KEY}: reconnect now", "dim")
    if seeking:
        text.append(f"  seeking {seeking}…", "bold cyan")
    if away:
        text.append("  away (/away: back)", "bold yellow")
    if unread:
        text.append(f"  ✉ {unread}", "bold magenta")
    return text


class StatusBar(ModelWatcher):
    BLANK = True  # its text covers it (see igs_tui.ui.repaint)

    DEFAULT_CSS = stylesheet(__file__, "status_bar.tcss")

    def __init__(
        self, model: ClientModel, *, away: AwayReplies | None = None, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.model = model
        self.away = away
        """The away message, if the screen has one: shown while set."""
        self._shown: Text | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="status-text")

    def on_mount(self) -> None:
        self.watch_model(self.model.hub, TOPIC_CONNECTION, self.update_status)
        self.watch_model(self.model.hub, TOPIC_CHAT_LIST, self.update_status)
        self.watch_model(self.model.hub, TOPIC_LOBBY, self.update_status)
        self.set_interval(1.0, self._tick)
        if self.away is not None:
            self.away.listeners.append(self.update_status)
        self.update_status()

    def _tick(self) -> None:
        if self.model.connection.forfeit_deadline is not None:
            self.update_status()

    def on_unmount(self) -> None:
        # (Textual also runs ModelWatcher's on_unmount: every class in the lineage has its own.)
        if self.away is not None and self.update_status in self.away.listeners:
            self.away.listeners.remove(self.update_status)

    def update_status(self) -> None:
        """Show the status anew (a changed unread count: every burst of a busy channel). The
        line is one row of the screen's width whatever it says, so it is repainted without
        laying the screen out again (a layout costs ~10 ms at 160x48)."""
        unread = sum(b.unread for b in self.model.buffers.values())
        seek = self.model.seek
        seeking = f"{seek.size}x{seek.size}" if seek is not None else ""
        away = self.away is not None and self.away.away
        text = status_text(
            self.model.connection, unread, self.model.clock(), seeking=seeking, away=away
        )
        if text == self._shown:
            return
        self._shown = text
        self.query_one("#status-text", Static).update(text, layout=False)
