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

The panel draws with the Line API and keeps each line's rendering: a move changes the turn
markers, the move counter and perhaps a clock, a clock second changes one line, and only the
lines whose text changed are wrapped again and repainted. (A Static re-rendered the whole
panel on every change, about half of the app's CPU time per move; a Static per line still
paid Textual's per-widget cost for every line.) Lines are rendered exactly as a Static
renders them (:meth:`Visual.to_strips`), so the panel looks the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from rich._wrap import divide_line  # what Textual's Content wraps with (see _rows_of)
from rich.segment import Segment
from rich.style import Style
from rich.text import Span, Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.timer import Timer
from textual.visual import Visual, visualize
from textual.widget import Widget

from igs_tui.go import Color, format_point
from igs_tui.model import ClockReading, FollowedGame, GamePhase, MoveRecord, format_reading
from igs_tui.model.broadcast_names import BroadcastNames, parse_broadcast_names
from igs_tui.ui.game.game_alerts import (
    CRITICAL_SECONDS,
    LOW_TIME_SECONDS,
    TimeAlarm,
    flag_fell,
    time_level,
)
from igs_tui.ui.game.game_browse import BrowseState
from igs_tui.ui.main.sounds import ring
from igs_tui.ui.repaint import RepaintGate, is_shown
from igs_tui.ui.safe_text import plain
from igs_tui.ui.styles import stylesheet

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
WRAP_CACHE_SIZE = 64
"""Line renderings kept (both states of each player's line, clocks of the last seconds)."""


@lru_cache(maxsize=64)
def _parsed_names(title: str) -> BroadcastNames | None:
    return parse_broadcast_names(title)


def real_names(game: FollowedGame) -> BroadcastNames | None:
    """The players a relayed game's title names (cached: asked on every redraw)."""
    return _parsed_names(game.title) if game.title else None


def clock_style(reading: ClockReading) -> str:
    """Warning colours for a clock reading (none for unlimited time)."""
    return LEVEL_STYLE[time_level(reading)]


def last_move_text(move: MoveRecord, size: int) -> str:
    """The move shown last, as the info line says it: ``W Q16``, ``B pass``, ``handicap 4``."""
    if move.handicap:
        return f"handicap {move.handicap}"
    side = "B" if move.color is Color.BLACK else "W"
    return f"{side} {format_point(move.point, size) if move.point is not None else 'pass'}"


def pass_notice(moves: Sequence[MoveRecord], passes_to_end: int) -> str:
    """``White passed: 2 more passes end play`` while play goes on: a pass leaves the board as
    it was, so without this line nothing shows it. How many passes in a row end play depends
    on the server (IGS: three; NNGS and engine games: two)."""
    passes = 0
    for move in reversed(moves):
        if move.point is not None or move.handicap:
            break
        passes += 1
    if not passes:
        return ""
    who = "Black" if moves[-1].color is Color.BLACK else "White"
    more = passes_to_end - passes
    if more <= 0:
        return f"{who} passed"
    if more == 1:
        return f"{who} passed: 1 more pass ends play"
    return f"{who} passed: {more} more passes end play"


class GameInfo(Widget):
    """Shows one followed game's state; :meth:`show` sets what to show, :meth:`tick` the time."""

    DEFAULT_CSS = stylesheet(__file__, "game_info.tcss")

    def __init__(
        self,
        now: Callable[[], float],
        *,
        banner: Callable[[], str] | None = None,
        passes_to_end: Callable[[], int] = lambda: 3,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self._now = now
        self._passes_to_end = passes_to_end
        self._banner = banner
        self._alarm = TimeAlarm()
        self.bells = 0
        """How often the low-time bell rang (shown nowhere; for tests and diagnostics)."""
        self._game: FollowedGame | None = None
        self._browse = BrowseState()
        self._message = ""
        self._score = ""
        self._analysis: tuple[str, ...] = ()
        self._captures: dict[Color, int] = {}
        self._hint = ""
        self._observers = 0
        self._lines: list[Text] = []
        """The panel's text, one entry per line before wrapping."""
        self._wrapped: list[list[Strip]] = []
        """Each line rendered at ``_wrap_width`` (one strip per screen row)."""
        self._wrap_width = 0
        self._restyle = False
        """The style changed since the lines were rendered (a new theme, say)."""
        self._wrap_cache: dict[tuple[str, tuple[Span, ...], str | Style], list[Strip]] = {}
        self._rows: list[Strip] = []
        self._base_style: Style | None = None
        """The panel's own style, as the lines are drawn on it (kept with the renderings)."""
        self._plain = True
        """Whether its styles lay lines out the default way (see :meth:`_plain_layout`)."""
        self._stale = False
        """The game changed while the panel was hidden: build the lines before showing them."""
        self._timer: Timer | None = None
        self._ticking = False
        """Whether :attr:`_timer` runs (it sleeps while a watched game's tab is hidden)."""
        self._tick_due = False
        self.repaints = RepaintGate(self)
        """The panel's repaint requests (counted, for tests of the work a move costs)."""

    def on_mount(self) -> None:
        # started by ``on_show`` (see :meth:`_sleep`)
        self._timer = self.set_interval(1.0, self.tick, pause=True)

    def on_hide(self) -> None:
        self._sleep()

    def _sleep(self) -> None:
        """Another game's tab is in front: a game we watch stops ticking here until shown
        again (a timer of every hidden panel woke the app each second to draw nothing). Our
        own game's keeps ticking: its low-time bell must ring whichever tab is in front."""
        game = self._game
        if self._timer is not None and (game is None or game.role.color is None):
            self._timer.pause()
            self._ticking = False

    def on_show(self) -> None:
        self._wake()

    def _wake(self) -> None:
        if self._timer is not None:
            self._timer.resume()
            self._ticking = True

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
        analysis: Sequence[str] = (),
    ) -> None:
        self._game = game
        self._analysis = tuple(analysis)
        self._browse = browse
        self._captures = captures if captures is not None else dict(game.prisoners)
        self._message = message
        self._score = score
        self._hint = hint
        self._observers = game.observers if observers is None else observers
        if game.role.color is not None:
            self._wake()  # our own game ticks, shown or not (see :meth:`_sleep`)
        if not self._tick_due:
            # after the frame that shows the board: a stone appears without waiting for
            # the panel's lines to be built and painted (they follow in the next frame)
            self._tick_due = True
            self.call_after_refresh(self._due_tick)

    def _due_tick(self) -> None:
        self._tick_due = False
        self.tick()
        if self._ticking and self._timer is not None:
            # the clocks were just drawn as they read now: the next tick is a second from
            # here (moves coming faster than a second then cost no frame of their own)
            self._timer.reset()

    def tick(self) -> None:
        """Redraw (clocks move on); called every second and after every change.

        Only lines whose text changed are wrapped again and repainted. A layout pass of the
        whole screen costs tens of milliseconds, so it is requested only when the panel's
        height changes, not for every new move number or clock second. A panel that is not on
        screen (another game's tab) builds nothing: its lines are made when it is next measured
        or painted.
        """
        if self._game is None:
            return
        self._check_own_time(self._game)
        width = self.size.width
        if width <= 0 or not is_shown(self):
            # not laid out yet, or in a hidden tab: the layout that shows it measures the lines
            self._stale = True
            if width > 0:
                self._sleep()
                self.repaints.whole()
            return
        self._update_lines(width)

    def _update_lines(self, width: int) -> None:
        """Build the lines again and repaint those that changed (``width`` > 0)."""
        assert self._game is not None
        self._stale = False
        lines = self.info_lines()
        old_lines, old_rows = self._lines, self._rows
        self._lines = lines
        if width != self._wrap_width or self._restyle:
            resized = width != self._wrap_width
            self._rewrap(width)
            if resized or len(self._rows) != len(old_rows):
                self.repaints.layout()
            else:
                self.repaints.whole()
            return
        self._wrapped = [
            self._wrapped[index]
            if index < len(old_lines) and line == old_lines[index]
            else self._wrap(line, width)
            for index, line in enumerate(lines)
        ]
        self._rows = [strip for strips in self._wrapped for strip in strips]
        if len(self._rows) != len(old_rows):
            self.repaints.layout()
            return
        self.repaints.lines(
            *(
                Region(0, y, width, 1)
                for y, (new, old) in enumerate(zip(self._rows, old_rows, strict=True))
                if new is not old
            )
        )

    def _current(self, width: int) -> None:
        """Make the rows those of the game now at ``width`` (before measuring or painting)."""
        if self._stale and self._game is not None:
            self._stale = False
            self._lines = self.info_lines()
            self._rewrap(width)
        elif width != self._wrap_width or self._restyle:
            self._rewrap(width)

    def _wrap(self, line: Text, width: int) -> list[Strip]:
        """``line`` as a Static of this width would show it.

        Rendering a line through Textual's pipeline cost ~0.2 ms (~0.05 ms as
        :meth:`_rows_of` draws it), and most changes flip a line between a few states
        (the turn marker moves from one player's line to the other's and back), so renderings
        are kept by content for the current width and style.
        """
        text = line.plain
        key = (text, tuple(line.spans), line.style)
        strips = self._wrap_cache.get(key)
        if strips is None:
            if len(self._wrap_cache) >= WRAP_CACHE_SIZE:
                self._wrap_cache.clear()
            if "\n" not in text and "\t" not in text and self._plain_layout():
                strips = self._rows_of(line, width)
            else:
                visual = visualize(self, line, markup=False)
                strips = Visual.to_strips(self, visual, width, None, self.visual_style)
            self._wrap_cache[key] = strips
        return strips

    def _plain_layout(self) -> bool:
        """Are the panel's lines laid out as :meth:`_rows_of` lays them out (left-aligned,
        wrapped at spaces, long words folded, no line padding: the defaults)?"""
        if self._base_style is None:
            styles = self.styles
            self._base_style = self.visual_style.rich_style  # asked of the styles: ~0.05 ms
            self._plain = (
                styles.text_wrap == "wrap"
                and styles.text_overflow == "fold"
                and styles.line_pad == 0
                and styles.text_align in ("left", "start")
            )
        return self._plain

    def _rows_of(self, line: Text, width: int) -> list[Strip]:
        """``line`` wrapped to ``width`` as Textual wraps a Static's text (the break offsets
        of :func:`divide_line`, each row but the last without its trailing spaces), each row
        drawn by :meth:`_one_row`. The move counter's line wraps in a narrow panel, and it is
        new with every move."""
        if line.cell_len <= width:
            return [self._one_row(line)]
        pieces = line.divide(divide_line(line.plain, width, fold=True))
        rows: list[Strip] = []
        for number, piece in enumerate(pieces, 1):
            if number < len(pieces):
                piece.rstrip()
            piece.truncate(width)
            piece.rstrip_end(width)
            rows.append(self._one_row(piece))
        return rows

    def _one_row(self, line: Text) -> Strip:
        """A line that fits the width, drawn as :meth:`Visual.to_strips` draws it (the same
        text in the same styles), without Textual's general pipeline: wrapping, alignment and
        the offsets that mouse selection reads (the panel's lines are no selectable text) made
        a new clock reading or move number cost about four times as much."""
        console = self.app.console
        self._plain_layout()
        assert self._base_style is not None
        base = self._base_style
        if line.style:
            base += console.get_style(line.style)
        segments = [
            Segment(part.text, base + part.style if part.style else base)
            for part in line.render(console)
        ]
        return Strip(segments, line.cell_len)

    def _rewrap(self, width: int) -> None:
        self._wrap_cache.clear()
        self._base_style = None
        self._restyle = False
        self._wrap_width = width
        if width <= 0:
            self._wrapped, self._rows = [], []
            return
        self._wrapped = [self._wrap(line, width) for line in self._lines]
        self._rows = [strip for strips in self._wrapped for strip in strips]

    def release_caches(self) -> None:
        """Out of sight: drop the rendered lines (rendered again when measured or painted)."""
        self._wrap_cache.clear()
        self._wrapped, self._rows = [], []
        self._wrap_width = 0
        self.repaints.whole()

    def notify_style_update(self) -> None:
        """A new theme or style: every line is rendered again with it."""
        super().notify_style_update()
        self._restyle = True

    def get_content_width(self, container: Size, viewport: Size) -> int:
        if self._stale and self._game is not None:
            self._current(self._wrap_width)
        return max((line.cell_len for line in self._lines), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._current(width)
        return len(self._rows)

    def render_lines(self, crop: Region) -> list[Strip]:
        self.repaints.painted()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        self._current(width)
        if y < len(self._rows):
            return self._rows[y]
        return Strip.blank(width, self.visual_style.rich_style)

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
            ring(self.app, "low_time")

    def clock_text(self, color: Color) -> Text:
        """The clock of ``color`` as it reads now, styled for low time; a fallen flag says so."""
        assert self._game is not None
        now = self._now()
        reading = self._game.clocks[color].at(now)
        text = Text(format_reading(reading), style=clock_style(reading))
        if flag_fell(self._game, color, now):
            text.append("  time is up", style=CRITICAL_STYLE)
        elif self._game.clocks_paused and self._game.phase is GamePhase.PLAYING:
            text.append("  paused", style="bold")
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

    def _thinking_line(self, game: FollowedGame, color: Color, since: float) -> Text:
        """``GNU Go thinking… (12 s)``: the wait is visible (and a hung engine obvious)."""
        name = game.black if color is Color.BLACK else game.white
        seconds = max(0, int(self._now() - since))
        line = Text("  ")
        line.append_text(plain(name or "engine", max_length=24))
        line.append(f" thinking… ({seconds} s)", style="italic")
        return line

    def render_info(self) -> Text:
        """The whole panel as one text (what :meth:`info_lines` gives, joined)."""
        return Text("\n").join(self.info_lines())

    def info_lines(self) -> list[Text]:
        """The panel's lines before wrapping (built as separate texts: no split per redraw)."""
        game = self._game
        if game is None:  # not shown yet: the view binds its game when it mounts
            return []
        lines: list[Text] = []
        header = f"#{game.number}  {game.size}x{game.size}  komi {game.komi:g}"
        if game.handicap:
            header += f"  H{game.handicap}"
        lines.append(Text().append(header, style="bold"))
        if game.title:
            lines.append(plain(game.title, "italic", max_length=120))
        names = real_names(game)
        if names is not None:
            lines.append(self._accounts(game))
        live_turn = game.board.to_move if game.phase is GamePhase.PLAYING else None
        for color in (Color.BLACK, Color.WHITE):
            name = game.black if color is Color.BLACK else game.white
            rank = game.black_rank if color is Color.BLACK else game.white_rank
            if names is not None:
                name, rank = names.player(color).name, names.player(color).rank
            line = Text()
            line.append("▶ " if color is live_turn else "  ", style="bold")
            line.append(f"{STONE[color]} ", style="bold")
            line.append_text(plain(name or "?", "bold", max_length=24))
            if rank:
                line.append(" ")
                line.append_text(plain(rank, max_length=8))
            lines.append(line)
            line = Text("    ")
            line.append_text(self.clock_text(color))
            line.append(f"  captures {self._captures.get(color, 0)}", style="dim")
            lines.append(line)
        if game.thinking is not None and game.phase is GamePhase.PLAYING:
            lines.append(self._thinking_line(game, *game.thinking))
        line = Text(self._browse.describe())
        shown = game.moves[: self._browse.index]
        if shown:
            line.append(f"  {last_move_text(shown[-1], game.size)}", style="bold")
        if self._hint:
            line.append(f"  {self._hint}", style="dim")
        lines.append(line)
        if self._observers:
            lines.append(Text().append(f"observers: {self._observers}", style="dim"))
        if game.phase is GamePhase.PLAYING and (
            passes := pass_notice(game.moves, self._passes_to_end())
        ):
            lines.append(Text().append(passes, style="bold"))
        if game.phase is GamePhase.SCORING:
            lines.append(Text().append("Scoring: select dead stones", style="bold"))
        if game.result or game.phase is GamePhase.FINISHED:
            line = Text().append("Result: ", style="bold")
            line.append_text(plain(game.result or game.phase.value, "bold", max_length=60))
            lines.append(line)
        elif game.phase is GamePhase.ADJOURNED:
            lines.append(Text().append("Adjourned", style="bold"))
        if self._score:
            lines.append(Text(f"Count: {self._score}"))
        for index, text in enumerate(self._analysis):
            lines.append(plain(text, "bold" if index == 0 else "", max_length=300))
        if self._message:
            lines.append(plain(self._message, "bold #e03030", max_length=200))
        banner = self._banner() if self._banner is not None else ""
        if banner:
            lines.append(Text().append(banner, style="bold reverse #e03030"))
        lines[-1].rstrip()
        return lines
