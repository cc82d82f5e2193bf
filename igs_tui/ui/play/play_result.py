"""The end of a game: the scoring result screen and the reconnect/forfeit banner text.

The server's count is authoritative, but we count the same position ourselves; the screen
shows both and says plainly when they differ (a dead-stone misunderstanding or a rules
difference the player should know about). Against a local engine it is the other way round:
our count stands and the engine's (``ScoreCheck.counted_by``, ``decides=False``) only advises.
"""

from __future__ import annotations

import math

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from igs_tui.model import FollowedGame, ServerScore
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.play.play_challenge_dialog import ANSWER_KEY
from igs_tui.ui.safe_text import clean
from igs_tui.ui.styles import stylesheet


def result_text(game: FollowedGame) -> str:
    """The result screen's text: players, the other count, our count, which one stands."""
    white, black = clean(game.white, max_length=24), clean(game.black, max_length=24)
    lines = [f"Game {game.number}: {white} (W) vs {black} (B)"]
    check = game.score_check
    standing = game.result
    if check is not None:
        standing = check.server.result if check.decides else check.ours_result
    if headline := _headline(game, standing):
        lines.insert(0, headline)
    if check is None:
        lines.append(f"Result: {clean(game.result, max_length=60) or 'not known yet'}")
        return "\n".join(lines)
    counter = clean(check.counted_by, max_length=24) or "Other count"
    label = f"{counter}:"
    width = max(len(label), len("Our count:")) + 1
    lines.append(f"{label:<{width}}{_count_text(check.server)}")
    if check.ours_black is None or check.ours_white is None:
        lines.append(f"{'Our count:':<{width}}could not be made")
    else:
        ours = f"B {check.ours_black:g}  W {check.ours_white:g}  -> {check.ours_result}"
        lines.append(f"{'Our count:':<{width}}{ours}")
    if check.agrees:
        lines.append("Both counts agree.")
    elif check.decides:
        who = "the server's" if check.counted_by == "Server" else f"{counter}'s"
        lines.append(f"The counts DIFFER: {who} result stands; check the dead stones.")
    else:
        lines.append(
            f"The counts DIFFER: our count stands ({counter} only advises); check the dead stones."
        )
    return "\n".join(lines)


def _headline(game: FollowedGame, result: str) -> str:
    """``You won.`` / ``You lost.`` / ``Jigo.`` for our own games: a result string such as
    ``W+1.5`` makes the player work out which colour they had."""
    ours = game.role.color
    result = result.strip()
    if ours is None or not result:
        return ""
    if result in ("0", "Jigo", "Draw"):
        return "Jigo (a draw)."
    winner = result[0].upper()
    if winner not in ("B", "W"):
        return ""
    return "You won." if winner == ours.value else "You lost."


def _count_text(score: ServerScore) -> str:
    """``B 61  W 73.5  -> W+12.5``, or only ``W+73.5`` when the totals are not real ones.

    A GTP engine's ``final_score`` is a winner and a margin; the model credits the winner with
    the margin and the loser with 0 and has no territory or capture figures. Printing that as
    "B 0  W 73.5" would read as a count in which Black has nothing, so per-side points are
    shown only when they can be real totals: both sides have points, or the count came with
    territory or capture figures (as a server's does).
    """
    detailed = (
        score.black_territory
        or score.white_territory
        or score.black_captures is not None
        or score.white_captures is not None
    )
    if detailed or min(score.black, score.white) != 0:
        return f"B {score.black:g}  W {score.white:g}  -> {score.result}"
    return score.result


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


class ResultScreen(Dialog[None]):
    """The final result of one game, our count beside the server's; any close key dismisses."""

    DEFAULT_CSS = stylesheet(__file__, "result_screen.tcss")
    BINDINGS = [
        Binding("escape,enter,q", "close", "Close"),
        # A match request that came while the result was up is announced "(press F7)": the
        # key must work here too, where the main screen's binding cannot be reached. Closing
        # is enough: the main screen, shown again, opens the waiting request.
        Binding(ANSWER_KEY, "close", "Answer challenge", show=False),
    ]

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
    """Show ``game``'s result; it replaces a result still open on top, so that game after game
    ending while nobody looks leaves one result screen, not a stack of them (each with its
    own compositor and render caches, about a megabyte)."""
    if isinstance(app.screen, ResultScreen):
        app.pop_screen()
    screen = ResultScreen(game)
    app.push_screen(screen)
    return screen
