"""The side panel of a game: players, captures, turn, clocks, observers, result, status.

Clocks count down locally: the panel redraws once a second from
``FollowedGame.clocks[colour].at(now)``, where ``now`` comes from the model's clock (injected
in tests), so the display moves between server updates and is corrected by the next one.
Byo-yomi shows the periods left (Japanese) or the stones still to play (Canadian). In our own
games the bell rings once when our clock crosses a warning threshold, and a fallen flag is
shown at once (the server's verdict follows). While the link is down, an own game shows the
countdown to the server's forfeit limit (the ``banner`` callable), ticking with the clocks.
Everything from the server (names, ranks, titles, results) goes through :func:`plain`.

Relayed professional games show the players named in the title
(:func:`~igs_tui.model.broadcast_names.parse_broadcast_names`) instead of the relay account
repeated on both sides; the account stays visible on a line of its own.

Each line of the panel is its own :class:`Static` and is updated only when its text changed:
a move changes the turn marker, the move counter and perhaps a clock, and a clock second
changes one line, so the rest of the panel is neither rebuilt nor repainted (one Static for
the whole panel re-rendered all of it, about half of the app's CPU time per move).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from igs_tui.go import Color
from igs_tui.model import ClockReading, FollowedGame, GamePhase, format_reading
from igs_tui.model.broadcast_names import BroadcastNames, parse_broadcast_names
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
    "real_names",
]

LOW_TIME_STYLE = "bold #d08000"
CRITICAL_STYLE = "bold reverse #e03030"
LEVEL_STYLE = ("", LOW_TIME_STYLE, CRITICAL_STYLE)
STONE = {Color.BLACK: "●", Color.WHITE: "○"}
MAX_LINES = 16
"""Lines the panel can show (it needs 14 at most); any more are joined into the last one."""


@lru_cache(maxsize=64)
def _parsed_names(title: str) -> BroadcastNames | None:
    return parse_broadcast_names(title)


def real_names(game: FollowedGame) -> BroadcastNames | None:
    """The players a relayed game's title names (cached: asked on every redraw)."""
    return _parsed_names(game.title) if game.title else None


def clock_style(reading: ClockReading) -> str:
    """Warning colours for a clock reading (none for unlimited time)."""
    return LEVEL_STYLE[time_level(reading)]


class GameInfo(Widget):
    """Shows one followed game's state; :meth:`show` sets what to show, :meth:`tick` the time."""

    DEFAULT_CSS = """
    GameInfo {
        height: auto;
        padding: 0 1;
        layout: vertical;
    }
    GameInfo > Static { height: auto; }
    """

    def __init__(
        self,
        now: Callable[[], float],
        *,
        banner: Callable[[], str] | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
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
        self._rows = [Static("") for _ in range(MAX_LINES)]
        self._shown: list[Text | None] = [None] * MAX_LINES
        """What each row shows (``None``: hidden)."""
        self._shapes = [0] * MAX_LINES
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        for row in self._rows:
            row.display = False
            yield row

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

        Only rows whose text changed are updated. A layout pass of the whole screen costs tens
        of milliseconds, so it is requested only when a row appears, disappears or wraps to
        another number of lines, not for every new move number or clock second.
        """
        if self._game is None:
            return
        self._check_own_time(self._game)
        lines = list(self.render_info().split("\n"))
        if len(lines) > MAX_LINES:
            lines[MAX_LINES - 1 :] = [Text("\n").join(lines[MAX_LINES - 1 :])]
        width = max(1, self.content_size.width)
        for index, row in enumerate(self._rows):
            line = lines[index] if index < len(lines) else None
            shown = self._shown[index]
            if line is None:
                if shown is not None:
                    self._shown[index] = None
                    row.display = False
                continue
            if shown is not None and line == shown:
                continue
            shape = cell_len(line.plain) // width
            self._shown[index] = line
            row.update(line, layout=shown is None or shape != self._shapes[index])
            self._shapes[index] = shape
            if shown is None:
                row.display = True

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

    @staticmethod
    def _accounts(game: FollowedGame) -> Text:
        """The server accounts behind the real names: ``relay account kansai1``."""
        out = Text(style="dim")
        if game.white == game.black:
            out.append("relay account ")
            out.append_text(plain(game.white or "?", max_length=24))
        else:
            out.append("accounts: B ")
            out.append_text(plain(game.black or "?", max_length=24))
            out.append(", W ")
            out.append_text(plain(game.white or "?", max_length=24))
        return out

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
        names = real_names(game)
        if names is not None:
            out.append_text(self._accounts(game))
            out.append("\n")
        live_turn = game.board.to_move if game.phase is GamePhase.PLAYING else None
        for color in (Color.BLACK, Color.WHITE):
            name = game.black if color is Color.BLACK else game.white
            rank = game.black_rank if color is Color.BLACK else game.white_rank
            if names is not None:
                name, rank = names.player(color).name, names.player(color).rank
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
