"""The end of a game: the scoring result screen and the reconnect/forfeit banner text.

The server's count is authoritative, but we count the same position ourselves; the screen
shows both and says plainly when they differ (a dead-stone misunderstanding or a rules
difference the player should know about).
"""

from __future__ import annotations

import math

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from igs_tui.model import FollowedGame
from igs_tui.ui.safe_text import clean


def result_text(game: FollowedGame) -> str:
    """The result screen's text: players, server count, our count, agreement."""
    white, black = clean(game.white, max_length=24), clean(game.black, max_length=24)
    lines = [f"Game {game.number}: {white} (W) vs {black} (B)"]
    check = game.score_check
    if check is None:
        lines.append(f"Result: {clean(game.result, max_length=60) or 'not known yet'}")
        return "\n".join(lines)
    server = check.server
    lines.append(f"Server:    B {server.black:g}  W {server.white:g}  -> {server.result}")
    if check.ours_black is None or check.ours_white is None:
        lines.append("Our count: could not be made")
    else:
        lines.append(
            f"Our count: B {check.ours_black:g}  W {check.ours_white:g}  -> {check.ours_result}"
        )
    if check.agrees:
        lines.append("Both counts agree.")
    else:
        lines.append("The counts DIFFER: the server's result stands; check the dead stones.")
    return "\n".join(lines)


def forfeit_banner(deadline: float | None, now: float, *, connected: bool) -> str:
    """Banner while the link is down during an own game: time left before the game is lost.

    ``deadline`` is the client's forfeit deadline (monotonic seconds); "" when nothing is at
    stake or the link is back.
    """
    if connected or deadline is None:
        return ""
    left = deadline - now
    if left <= 0:
        return "Connection lost - the reconnect deadline has passed; the game may be forfeited."
    minutes, seconds = divmod(math.ceil(left), 60)
    return f"Connection lost - reconnecting: reload your game within {minutes}:{seconds:02d}"


class ResultScreen(ModalScreen[None]):
    """The final result of one game, our count beside the server's; any close key dismisses."""

    DEFAULT_CSS = """
    ResultScreen { align: center middle; }
    ResultScreen .hint { color: $text-muted; }
    ResultScreen > Vertical {
        width: 70; height: auto; border: round $accent; background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [Binding("escape,enter,q", "close", "Close")]

    def __init__(self, game: FollowedGame) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with Vertical():
            # player names come from the server: never parse them as markup
            yield Static(Content(result_text(self.game)), id="result")
            yield Static(Content("Enter or Escape closes"), classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


def show_result(app: App[object], game: FollowedGame) -> ResultScreen:
    screen = ResultScreen(game)
    app.push_screen(screen)
    return screen
