"""Games: the server's list of games in progress, and the games this client follows.

A *summary* is a row of the server's game list. A *followed game* is one this client observes
or plays: it has the full move list, a board replayed by our rules engine, clocks, kibitzes and
the result. Nothing here knows a wire protocol; adapters translate server events into calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from igs_tui.go import Color, Game, IllegalMove, Point
from igs_tui.model.clocks import Clock, ClockReading, TimeSettings
from igs_tui.model.play import ScoreCheck


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One row of the server's list of games in progress."""

    number: int
    white: str
    white_rank: str
    black: str
    black_rank: str
    moves: int = 0
    size: int = 19
    handicap: int = 0
    komi: float = 0.0
    byoyomi_minutes: int = 0
    flags: str = ""
    observers: int = 0
    title: str = ""
    open_challenge: bool = False
    """A row that is an open challenge (KGS lists them with the games), not a game in play:
    choosing it shows its terms to answer."""

    @property
    def kind_flag(self) -> str:
        """IGS's F column: ``F`` a free (unrated) game, ``T`` a teaching game, ``*`` a
        tournament game; ``""`` a rated game (the R column, the game type, is not shown)."""
        flag = self.flags[:-1].strip() if len(self.flags) > 1 else ""
        return flag if flag in ("F", "T", "*") else ""

    @property
    def is_broadcast(self) -> bool:
        """Professional broadcasts use one account for both sides, or carry a title."""
        if self.open_challenge:
            return False
        return self.white == self.black or bool(self.title)


class GamePhase(StrEnum):
    PLAYING = "playing"
    SCORING = "scoring"
    FINISHED = "finished"
    ADJOURNED = "adjourned"


class Role(StrEnum):
    OBSERVING = "observing"
    PLAYING_BLACK = "black"
    PLAYING_WHITE = "white"

    @property
    def color(self) -> Color | None:
        if self is Role.PLAYING_BLACK:
            return Color.BLACK
        if self is Role.PLAYING_WHITE:
            return Color.WHITE
        return None


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One move as the server announced it (number 1 is the first move; ``point`` None = pass)."""

    number: int
    color: Color
    point: Point | None
    handicap: int = 0
    """For a server's ``Handicap N`` first move: the number of stones placed."""


@dataclass(frozen=True, slots=True)
class Kibitz:
    author: str
    rank: str
    text: str
    move_number: int


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game whose board and moves were released: a line of the finished list.

    Its record stays where :attr:`record` says (the autosaved SGF file), to be opened again.
    """

    number: int
    white: str
    white_rank: str
    black: str
    black_rank: str
    size: int
    komi: float
    handicap: int
    moves: int
    result: str
    title: str
    role: Role
    record: str

    @classmethod
    def of(cls, game: FollowedGame) -> FinishedGame:
        return cls(
            game.number,
            game.white,
            game.white_rank,
            game.black,
            game.black_rank,
            game.size,
            game.komi,
            game.handicap,
            game.last_number,
            game.result,
            game.title,
            game.role,
            game.record,
        )


@dataclass
class FollowedGame:
    """A game observed or played by this client, replayed on our own rules engine."""

    number: int
    size: int = 19
    komi: float = 0.0
    handicap: int = 0
    white: str = ""
    white_rank: str = ""
    black: str = ""
    black_rank: str = ""
    title: str = ""
    rules: str = ""
    """The rules the server named for the game (``""``: not said; IGS never says)."""
    role: Role = Role.OBSERVING
    phase: GamePhase = GamePhase.PLAYING
    result: str = ""
    moves: list[MoveRecord] = field(default_factory=list)
    kibitzes: list[Kibitz] = field(default_factory=list)
    dead: set[Point] = field(default_factory=set)
    prisoners: dict[Color, int] = field(default_factory=lambda: {Color.BLACK: 0, Color.WHITE: 0})
    observers: int = 0
    observer_list: tuple[tuple[str, str], ...] | None = None
    """Who observes, (name, rank), as the server last listed them (None: never asked)."""
    sync_errors: list[str] = field(default_factory=list)
    clocks: dict[Color, Clock] = field(
        default_factory=lambda: {
            c: Clock(ClockReading(0.0, unlimited=True), 0.0) for c in (Color.BLACK, Color.WHITE)
        }
    )
    time_settings: TimeSettings | None = None
    clocks_paused: bool = False
    """The players paused the game (``pause``): no clock runs until it is resumed."""
    undo_requested_by: str = ""
    """Who asked for an undo that is still unanswered ("" = none pending)."""
    adjourn_requested_by: str = ""
    """The opponent who asked to adjourn, until we answer or a move is played ("" = none)."""
    undo_declined_by: str = ""
    """Who declined the last undo asked for ("" = none since the last move or undo)."""
    score_check: ScoreCheck | None = None
    """The server's final count next to ours, once scoring is over."""
    says: list[Kibitz] = field(default_factory=list)
    """Player ``say`` lines with the move they followed (kept for the game record; says and
    kibitzes each keep the newest ``Limits.chat_lines``)."""
    chat_added: int = 0
    """Says and kibitzes received in all (grows while the lists above stay capped)."""
    komi_request: float | None = None
    """A komi the opponent proposed that we have not agreed to (None = none pending)."""
    thinking: tuple[Color, float] | None = None
    """A player we are waiting for (a local engine) and since when it thinks (model clock)."""
    setup_sources: dict[str, int] = field(default_factory=dict)
    """Which source last set ``size``, ``komi`` and ``handicap`` (a
    :class:`~igs_tui.model.changes.SetupSource`); a lower source does not override it."""
    record: str = ""
    """Where the game's record is kept (a file path), once something saved it."""
    ended: int = 0
    """The order in which the session's games ended (1 for the first; 0 while not over)."""
    serial: int = 0
    """The game's identity in this process (1 for the first game followed, then 2...).

    Servers reuse a game's number as soon as the game ends or is adjourned, so a game is its
    number *and* this: a later game under the same number is another entry with another
    serial (its own tab, chat buffer and record file), never a continuation of this one."""
    fresh: bool = False
    """The server started this game just now (a challenge or an automatch was accepted, a
    match was announced): it is no reloaded adjourned game, so its record never continues an
    earlier one's file."""
    board: Game = field(init=False)

    def __post_init__(self) -> None:
        self.board = Game(self.size, komi=self.komi)

    def set_komi(self, komi: float) -> None:
        """The players agreed on a komi: the count (ours and the record's) uses it."""
        self.komi = komi
        self.board.komi = komi
        self.komi_request = None

    def set_time_settings(self, settings: TimeSettings | None) -> None:
        """Tell both clocks the time system so they roll into overtime locally."""
        self.time_settings = settings
        for clock in self.clocks.values():
            clock.settings = settings

    @property
    def opponent(self) -> str:
        """The other player of a game we play ("" when we only observe it)."""
        color = self.role.color
        if color is None:
            return ""
        return self.white if color is Color.BLACK else self.black

    @property
    def is_adjourned(self) -> bool:
        return self.phase is GamePhase.ADJOURNED

    @property
    def closed(self) -> bool:
        """Over (finished) or adjourned: nothing the server says under this number later is
        about this game, which may come back only as a new entry (a ``load``)."""
        return self.phase is GamePhase.FINISHED or self.phase is GamePhase.ADJOURNED

    def time_lost(self, now: float) -> Color | None:
        """The side whose flag fell on our local clock (the server decides; this warns)."""
        for color, clock in self.clocks.items():
            if clock.flag_fell(now):
                return color
        return None

    @property
    def is_broadcast(self) -> bool:
        return (bool(self.white) and self.white == self.black) or bool(self.title)

    @property
    def last_number(self) -> int:
        return self.moves[-1].number if self.moves else 0

    def reset_board(self, size: int | None = None) -> None:
        """Start again from an empty board (new size known, or a full move list follows)."""
        if size is not None:
            self.size = size
        self.moves.clear()
        self.board = Game(self.size, komi=self.komi)

    def resize(self, size: int) -> None:
        """The board size became known after moves arrived (a reloaded game whose size the
        server tells only in its list entry): replay the moves on a board of that size."""
        if size == self.size:
            return
        moves = list(self.moves)
        self.reset_board(size)
        for move in moves:
            self.moves.append(move)
            self._apply(move)

    def add_move(self, move: MoveRecord) -> bool:
        """Append a move if it is the next one; return False for a duplicate or a gap.

        Servers resend moves (after ``moves N`` or a reconnect); numbers make that idempotent.
        A move our engine finds illegal is still recorded (the server is the authority) but
        noted in :attr:`sync_errors` and placed as a setup stone. Every move adds exactly one
        entry to the board's history, so move ``n`` is history entry ``n``.
        """
        if move.number <= self.last_number:
            return False
        if move.number != self.last_number + 1:
            self.sync_errors.append(
                f"move {move.number} arrived after move {self.last_number}; moves are missing"
            )
            return False
        self.moves.append(move)
        self._apply(move)
        return True

    def _apply(self, move: MoveRecord) -> None:
        if move.handicap:
            try:
                self.board.place_handicap(move.handicap)
            except ValueError as exc:
                self.sync_errors.append(f"handicap {move.handicap}: {exc}")
                self.board.setup()
            return
        try:
            self.board.play(move.point, move.color)
        except IllegalMove as exc:
            self.sync_errors.append(f"move {move.number}: {exc}")
            stones = [move.point] if move.point is not None else []
            black, white = (stones, []) if move.color is Color.BLACK else ([], stones)
            try:
                self.board.setup(black=black, white=white, to_move=move.color.opponent)
            except ValueError as why:
                # A stone without liberties or off our board: our board is out of step
                # with the server's; keep one history entry per move and go on.
                self.sync_errors.append(f"move {move.number} not placed: {why}")
                self.board.setup(to_move=move.color.opponent)

    def undo_last(self) -> MoveRecord | None:
        """Take back the last move (the server announced an undo)."""
        if not self.moves:
            return None
        move = self.moves.pop()
        self.board.undo()
        return move

    def position_after(self, count: int) -> Game:
        """A board after the first ``count`` moves, for browsing while the live game goes on."""
        game = self.board.copy()
        game.undo_to(max(0, min(count, len(game.history))))
        return game
