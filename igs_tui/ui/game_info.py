"""The side panel of a game: players, captures, turn, clocks, observers, result, status.

Clocks count down locally: the panel redraws once a second from
``FollowedGame.clocks[colour].at(now)``, where ``now`` comes from the model's clock (injected
in tests), so the display moves between server updates and is corrected by the next one.
Byo-yomi shows the periods left (Japanese) or the stones still to play (Canadian). In our own
games the bell rings once when our clock crosses a warning threshold, and a fallen flag is
shown at once (the server's verdict follows). While the link is down, an own game shows the
countdown to the server's forfeit limit (the ``banner`` callable), ticking with the clocks.
Everything from the server (names, ranks, titles, results) goes through :func:`plain`.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.text import Text
from textual.timer import Timer
from textual.widgets import Static

from igs_tui.go import Color
from igs_tui.model import ClockReading, FollowedGame, GamePhase, format_reading
from igs_tui.ui.game_alerts import (
    CRITICAL_SECONDS,
    LOW_TIME_SECONDS,
    TimeAlarm,
    flag_fell,
    time_level,
)
from igs_tui.ui.game_browse import BrowseState
from igs_tui.ui.safe_text import plain

__all__ = [
    "CRITICAL_SECONDS",
    "CRITICAL_STYLE",
    "LOW_TIME_SECONDS",
    "LOW_TIME_STYLE",
    "GameInfo",
    "clock_style",
]

LOW_TIME_STYLE = "bold #d08000"
CRITICAL_STYLE = "bold reverse #e03030"
LEVEL_STYLE = ("", LOW_TIME_STYLE, CRITICAL_STYLE)
STONE = {Color.BLACK: "●", Color.WHITE: "○"}


def clock_style(reading: ClockReading) -> str:
    """Warning colours for a clock reading (none for unlimited time)."""
    return LEVEL_STYLE[time_level(reading)]


class GameInfo(Static):
    """Shows one followed game's state; :meth:`show` sets what to show, :meth:`tick` the time."""

    DEFAULT_CSS = """
    GameInfo {
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(
        self,
        now: Callable[[], float],
        *,
        banner: Callable[[], str] | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__("", id=id)
        self._now = now
        self._banner = banner
        self._alarm = TimeAlarm()
        self.bells = 0
        """How often the low-time bell rang (shown nowhere; for tests and diagnostics)."""
        self._game: FollowedGame | None = None
        self._browse = BrowseState()
        self._message = ""
        self._score = ""
        self._captures: dict[Color, int] = {}
        self._hint = ""
        self._observers = 0
        self._shape: tuple[int, tuple[int, ...]] | None = None
        self._timer: Timer | None = None

    def on_mount(self) -> None:
        self._timer = self.set_interval(1.0, self.tick)

    def show(
        self,
        game: FollowedGame,
        browse: BrowseState,
        *,
        captures: dict[Color, int] | None = None,
        message: str = "",
        score: str = "",
        hint: str = "",
        observers: int | None = None,
    ) -> None:
        self._game = game
        self._browse = browse
        self._captures = captures if captures is not None else dict(game.prisoners)
        self._message = message
        self._score = score
        self._hint = hint
        self._observers = game.observers if observers is None else observers
        self.tick()

    def tick(self) -> None:
        """Redraw (clocks move on); called every second and after every change.

        A layout pass of the whole screen costs tens of milliseconds, so it is requested only
        when the panel's shape (lines, and how each wraps) changes, not for every new move
        number or clock second.
        """
        if self._game is None:
            return
        self._check_own_time(self._game)
        text = self.render_info()
        width = max(1, self.content_size.width)
        shape = (width, tuple(cell_len(line) // width for line in text.plain.split("\n")))
        self.update(text, layout=shape != self._shape)
        self._shape = shape

    def _check_own_time(self, game: FollowedGame) -> None:
        """Ring the bell once when our own clock crosses a warning threshold in play."""
        color = game.role.color
        if color is None or game.phase is not GamePhase.PLAYING:
            self._alarm.update(0)
            return
        now = self._now()
        level = 0 if flag_fell(game, color, now) else time_level(game.clocks[color].at(now))
        if self._alarm.update(level):
            self.bells += 1
            self.app.bell()

    def clock_text(self, color: Color) -> Text:
        """The clock of ``color`` as it reads now, styled for low time; a fallen flag says so."""
        assert self._game is not None
        now = self._now()
        reading = self._game.clocks[color].at(now)
        text = Text(format_reading(reading), style=clock_style(reading))
        if flag_fell(self._game, color, now):
            text.append("  time is up", style=CRITICAL_STYLE)
        return text

    def render_info(self) -> Text:
        game = self._game
        assert game is not None
        out = Text()
        header = f"#{game.number}  {game.size}x{game.size}  komi {game.komi:g}"
        if game.handicap:
            header += f"  H{game.handicap}"
        out.append(header, style="bold")
        out.append("\n")
        if game.title:
            out.append_text(plain(game.title, "italic", max_length=120))
            out.append("\n")
        live_turn = game.board.to_move if game.phase is GamePhase.PLAYING else None
        for color in (Color.BLACK, Color.WHITE):
            name = game.black if color is Color.BLACK else game.white
            rank = game.black_rank if color is Color.BLACK else game.white_rank
            out.append("▶ " if color is live_turn else "  ", style="bold")
            out.append(f"{STONE[color]} ", style="bold")
            out.append_text(plain(name or "?", "bold", max_length=24))
            if rank:
                out.append(" ")
                out.append_text(plain(rank, max_length=8))
            out.append("\n    ")
            out.append_text(self.clock_text(color))
            out.append(f"  captures {self._captures.get(color, 0)}", style="dim")
            out.append("\n")
        out.append(self._browse.describe())
        if self._hint:
            out.append(f"  {self._hint}", style="dim")
        out.append("\n")
        if self._observers:
            out.append(f"observers: {self._observers}\n", style="dim")
        if game.phase is GamePhase.SCORING:
            out.append("Scoring: select dead stones\n", style="bold")
        if game.result or game.phase is GamePhase.FINISHED:
            out.append("Result: ", style="bold")
            out.append_text(plain(game.result or game.phase.value, "bold", max_length=60))
            out.append("\n")
        elif game.phase is GamePhase.ADJOURNED:
            out.append("Adjourned\n", style="bold")
        if self._score:
            out.append(f"Count: {self._score}\n")
        if self._message:
            out.append_text(plain(self._message, "bold #e03030", max_length=200))
            out.append("\n")
        banner = self._banner() if self._banner is not None else ""
        if banner:
            out.append(banner, style="bold reverse #e03030")
            out.append("\n")
        out.rstrip()
        return out
