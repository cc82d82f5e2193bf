"""A game on the local server: players, rules engine, clocks, observers and its lines.

The rules engine (:mod:`igs_tui.go`) decides legality and counts the score; this class adds
what IGS keeps around a game: the 0-based IGS move list (``Handicap N`` is move 0 when
used), clocks, observers, the scoring phase with its ``done`` agreement, undo requests,
adjourn requests and the "greeting" deadline for first moves. It formats the game's own
lines (15 heading and moves, TIME/GAMERPROPS for ``nmatch`` games, 22 status board) but never
writes to a connection: :mod:`.gameflow` decides who receives what.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from igs_tui.go import (
    IGS_RULES,
    Color,
    Game,
    Point,
    Score,
    ScoringMethod,
    ScoringSession,
    format_point,
)
from igs_tui.go.timecontrol import PlayerClock
from igs_tui.localserver import lines
from igs_tui.localserver.lines import Line
from igs_tui.localserver.timecontrol import TimeControl, clock_view
from igs_tui.localserver.users import User

EVEN_KOMI = 6.5
HANDICAP_KOMI = 0.5


class Phase(Enum):
    PLAY = "play"
    SCORING = "scoring"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One entry of the IGS move list: ``number(color): text captures``."""

    number: int
    color: Color
    text: str
    captures: tuple[str, ...] = ()

    def line(self) -> str:
        return lines.format_move_line(self.number, self.color, self.text, self.captures)


@dataclass(eq=False)
class ServerGame:
    number: int
    white: User
    black: User
    size: int = 19
    komi: float = EVEN_KOMI
    control: TimeControl = field(default_factory=TimeControl)
    nmatch: bool = False
    title: str | None = None
    rated: bool = False
    kind: str = ""
    """The games list's F column: ``F`` free, ``T`` teaching, ``""`` rated (``free``...)."""
    passes_to_score: int = IGS_RULES.passes_to_end
    """Consecutive passes that start scoring (3 on IGS, 2 on NNGS)."""

    def __post_init__(self) -> None:
        ruleset = IGS_RULES
        if self.passes_to_score != ruleset.passes_to_end:
            ruleset = replace(IGS_RULES, name="nngs", passes_to_end=self.passes_to_score)
        self.rules = Game(self.size, komi=self.komi, ruleset=ruleset)
        self.records: list[MoveRecord] = []
        self.handicap = 0
        self.clocks = {
            Color.WHITE: PlayerClock(self.control.settings),
            Color.BLACK: PlayerClock(self.control.settings),
        }
        self.phase = Phase.PLAY
        self.observers: list[User] = []
        self.scoring: ScoringSession | None = None
        self.done: set[Color] = set()
        self.noundo = False
        self.undo_request: Color | None = None
        self.adjourn_requests: set[Color] = set()
        self.pause_requests: set[Color] = set()
        """Who asked to pause (``pause``), until the other agrees or a move is played."""
        self.clock_stopped = False
        """Paused (``pause`` agreed, or NNGS's pause of a loaded game short of time): no
        clock runs and no move is taken until ``unpause``. NNGS keeps it through an
        adjournment (src/gamedb.c:630, 891)."""
        self.komi_request: tuple[Color, float] | None = None
        """A ``komi`` proposal waiting for the other player to send the same value."""
        self.moved: set[Color] = set()
        self.said: set[Color] = set()
        self.greeting_deadline: float | None = None
        self.chat: list[tuple[int, str]] = []
        """What the players said and observers kibitzed, with the number of moves made when
        it was said (its record puts it on the node of the last of them)."""
        self.score: Score | None = None
        """The count, once the game was scored to its end."""

    # -- players -------------------------------------------------------------------------

    def player(self, color: Color) -> User:
        return self.white if color is Color.WHITE else self.black

    def color_of(self, user: User) -> Color | None:
        """The colour ``user`` plays (Black if the same user plays both, as in broadcasts)."""
        if user is self.black:
            return Color.BLACK
        if user is self.white:
            return Color.WHITE
        return None

    def players(self) -> list[User]:
        return [self.white] if self.white is self.black else [self.white, self.black]

    def opponent(self, user: User) -> User | None:
        color = self.color_of(user)
        return None if color is None else self.player(color.opponent)

    @property
    def to_move(self) -> Color:
        return self.rules.to_move

    @property
    def file_name(self) -> str:
        """The game file IGS reports removing: ``White-Black``."""
        return f"{self.white.name}-{self.black.name}"

    # -- clocks --------------------------------------------------------------------------

    def clock_triple(self, color: Color, now: float) -> tuple[int, int, int]:
        seconds, stones, _ = clock_view(self.clocks[color], now)
        return self.rules.prisoners[color], seconds, stones

    def start_clock(self, now: float) -> None:
        for clock in self.clocks.values():
            clock.pause(now)
        if self.phase is Phase.PLAY and not self.clock_stopped:
            self.clocks[self.to_move].start(now)

    def stop_clock(self, now: float) -> None:
        """Pause the game: both clocks stand until :meth:`resume_clock`."""
        self.clock_stopped = True
        self.pause_requests.clear()
        self.pause_clocks(now)

    def resume_clock(self, now: float) -> None:
        self.clock_stopped = False
        self.start_clock(now)

    def pause_clocks(self, now: float) -> None:
        for clock in self.clocks.values():
            clock.pause(now)

    # -- lines ---------------------------------------------------------------------------

    def heading(self, now: float) -> list[str]:
        """The 15 heading, plus TIME and GAMERPROPS lines for ``nmatch`` games."""
        out = [
            lines.format_heading(
                self.number,
                self.white.name,
                self.clock_triple(Color.WHITE, now),
                self.black.name,
                self.clock_triple(Color.BLACK, now),
            )
        ]
        if self.nmatch:
            for color in (Color.WHITE, Color.BLACK):
                out.append(self.time_line(color, now))
            out.append(lines.format_gamerprops(self.number, self.size, self.handicap, self.komi))
        return out

    def time_line(self, color: Color, now: float) -> str:
        clock = self.clocks[color]
        c = self.control
        seconds, stones, in_byo = clock_view(clock, now)
        main_left = 0 if in_byo else seconds
        byo_left = seconds if in_byo else 0
        stones_left = stones if in_byo else c.byo_stones
        return lines.format_time_line(
            self.number,
            self.player(color).name,
            color,
            in_byo,
            main_left,
            c.main,
            byo_left,
            c.byo_time,
            stones_left,
            c.byo_stones,
            clock.periods_left,
            c.koryo_count,
            c.koryo_sec,
            c.prebyo,
        )

    def time_block(self, now: float) -> list[Line]:
        """The 26 lines of ``time``: ``Game : 28`` / ``White(x) : 124:58`` / ``Black(y) : ...``."""

        def clock(color: Color) -> str:
            seconds, stones, in_byo = clock_view(self.clocks[color], now)
            return lines.format_clock_text(seconds, stones, bool(in_byo))

        white, black = self.player(Color.WHITE).name, self.player(Color.BLACK).name
        return lines.time_block(self.number, white, clock(Color.WHITE), black, clock(Color.BLACK))

    def status_block(self, now: float, score: Score | None = None) -> list[str]:
        """The 22 block: two player lines (White first) and the board rows."""
        out = []
        for color in (Color.WHITE, Color.BLACK):
            prisoners, seconds, _ = self.clock_triple(color, now)
            if score is not None:
                prisoners = score.prisoners[color]
            _, stones, in_byo = clock_view(self.clocks[color], now)
            byo_stones = stones if in_byo else self.control.byo_stones
            out.append(
                lines.format_status_player(
                    self.player(color).name,
                    self.player(color).rank,
                    prisoners,
                    seconds,
                    byo_stones,
                    bool(in_byo),
                    self.komi,
                    self.handicap,
                )
            )
        board = self.rules.stones()
        territory: dict[Point, str] | None = None
        if score is not None:
            for p in score.dead:
                board.pop(p, None)
            territory = {p: lines.DAME for p in score.dame}
            territory.update({p: lines.WHITE_TERRITORY for p in score.territory[Color.WHITE]})
            territory.update({p: lines.BLACK_TERRITORY for p in score.territory[Color.BLACK]})
        out.extend(lines.format_board_rows(self.size, board, territory))
        return out

    def games_entry(self) -> str:
        byo_minutes = self.control.byo_time // 60
        return lines.format_games_entry(
            self.number,
            self.white.name,
            self.white.rank,
            self.black.name,
            self.black.rank,
            len(self.records),
            self.size,
            self.handicap,
            self.komi,
            byo_minutes,
            f"{self.kind}I" if not self.rated else "*I",
            len(self.observers),
        )

    # -- moves ---------------------------------------------------------------------------

    def record_move(
        self, color: Color, point: Point | None, captures: tuple[Point, ...]
    ) -> MoveRecord:
        text = "Pass" if point is None else format_point(point, self.size)
        caps = tuple(format_point(p, self.size) for p in captures)
        record = MoveRecord(len(self.records), color, text, caps)
        self.records.append(record)
        return record

    def record_handicap(self, count: int) -> MoveRecord:
        record = MoveRecord(len(self.records), Color.BLACK, f"Handicap {count}")
        self.records.append(record)
        self.handicap = count
        return record

    def undo_last(self) -> MoveRecord:
        """Take back the last IGS move (a handicap placement is one move)."""
        record = self.records.pop()
        self.rules.undo()
        if record.text.startswith("Handicap"):
            self.handicap = 0
        return record

    # -- scoring -------------------------------------------------------------------------

    def begin_scoring(self) -> None:
        self.phase = Phase.SCORING
        self.scoring = ScoringSession(self.rules)
        self.done.clear()

    def final_score(self) -> Score:
        scoring = self.scoring or ScoringSession(self.rules)
        return scoring.score(ScoringMethod.TERRITORY, self.komi)
