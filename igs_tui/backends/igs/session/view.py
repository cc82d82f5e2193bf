"""What the IGS session knows of the world it talks about: its own view, never the caller's model.

Like ``h11.Connection`` and :class:`~igs_tui.backends.kgs.session.KgsSession`, the session
must not depend on the state of whatever its caller applies the changes to (a client's model,
a replay's, a test's, or none). What it needs to read a line -- which game a number is now, who
plays it, how many moves we know, the clocks as last read, who we are, our seek, the requests
open, our own recent chat lines (a server's echo of them is dropped), friends and blocked
players, how many passes end play -- it keeps here.

The view is written in one place: :meth:`SessionView.apply`, called by the session's
:class:`~.outbox.Outbox` for every change it hands to the caller, at the moment it hands it
over. So the view never disagrees with what the caller was told, and while a line is handled
it still shows the state before that line (the caller applies the line's changes after it),
which is the rule the translator is written for.

The rules below follow :mod:`igs_tui.model.apply` where the model keeps the same thing (a
game's entry under a reused number, setup precedence, the clocks): the caller's model and
this view agree because they apply the same changes by the same rules. A game's board is not
kept move by move (a move costs the session a list append): it is played out from the moves
when a count, a dead stone or the side to move needs it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from igs_tui.go import MAX_SIZE, MIN_SIZE, Color, Game, IllegalMove, Point
from igs_tui.model import changes as ch
from igs_tui.model import game_state
from igs_tui.model.chat import BufferKey
from igs_tui.model.clocks import Clock, ClockReading, TimeSettings
from igs_tui.model.connection import ConnectionStatus
from igs_tui.model.games import GamePhase, GameSummary, Kibitz, MoveRecord, Role
from igs_tui.model.limits import CHALLENGES, FINISHED_TABS, GAMES_LISTED
from igs_tui.model.lobby import Seek
from igs_tui.model.play import Challenge, Dispute, ScoreCheck
from igs_tui.model.players import Player

DEFAULT_PASSES_TO_END = 3
"""Passes in a row that end play until the server's profile says otherwise (IGS: 3)."""

RECENT_LINES = 20
"""Chat lines kept per conversation: enough to recognise the server's echo of our own."""

CONVERSATIONS_KEPT = 256
"""Conversations whose recent lines are kept (the quietest go beyond: a flood of tellers)."""


@dataclass(eq=False, slots=True)
class Said:
    """One chat line as the session last told it (compared by identity: each own line
    matches one echo only)."""

    author: str
    text: str
    kind: str


def _clocks() -> dict[Color, Clock]:
    return {c: Clock(ClockReading(0.0, unlimited=True), 0.0) for c in (Color.BLACK, Color.WHITE)}


@dataclass(eq=False)
class GameView:
    """One game the session follows under a number, as the session told it.

    ``serial`` is its identity in this session: servers reuse a number as soon as a game
    ends, and a later game under the number is another :class:`GameView` with another
    serial."""

    number: int
    serial: int = 0
    role: Role = Role.OBSERVING
    phase: GamePhase = GamePhase.PLAYING
    white: str = ""
    black: str = ""
    title: str = ""
    size: int = 19
    komi: float = 0.0
    handicap: int = 0
    setup_sources: dict[str, int] = field(default_factory=dict)
    """Which source last set ``size``, ``komi`` and ``handicap`` (see ``SetupSource``)."""
    moves: list[MoveRecord] = field(default_factory=list)
    dead: set[Point] = field(default_factory=set)
    prisoners: dict[Color, int] = field(default_factory=lambda: {Color.BLACK: 0, Color.WHITE: 0})
    clocks: dict[Color, Clock] = field(default_factory=_clocks)
    time_settings: TimeSettings | None = None
    result: str = ""
    score_check: ScoreCheck | None = None
    own_kibitz: Kibitz | None = None
    """Our last kibitz in the game (a server that echoes it is not shown it twice)."""
    ended: int = 0
    """The order in which the session's games ended (0 while not over)."""
    _board: Game | None = field(default=None, init=False, repr=False)
    _board_of: tuple[int, int, int] = field(default=(-1, 0, 0), init=False, repr=False)
    edits: int = field(default=0, init=False, repr=False)
    """Counts the changes to :attr:`moves` other than appends (an undo), for the board."""

    @property
    def last_number(self) -> int:
        return self.moves[-1].number if self.moves else 0

    @property
    def closed(self) -> bool:
        """Over or adjourned: nothing said under this number later is about this game."""
        return self.phase is GamePhase.FINISHED or self.phase is GamePhase.ADJOURNED

    @property
    def is_adjourned(self) -> bool:
        return self.phase is GamePhase.ADJOURNED

    @property
    def board(self) -> Game:
        """The position after the moves known, played out on our rules engine when asked
        (a move the engine refuses stands as a setup stone, as in the model's board)."""
        key = (self.edits, len(self.moves), self.size)
        board = self._board
        if board is None or self._board_of != key:
            board = self._board = _played_out(self.size, self.komi, self.moves)
            self._board_of = key
        board.komi = self.komi
        return board

    def set_time_settings(self, settings: TimeSettings | None) -> None:
        self.time_settings = settings
        for clock in self.clocks.values():
            clock.settings = settings


def _played_out(size: int, komi: float, moves: Sequence[MoveRecord]) -> Game:
    board = Game(size, komi=komi)
    for move in moves:
        if move.handicap:
            try:
                board.place_handicap(move.handicap)
            except ValueError:
                board.setup()
            continue
        try:
            board.play(move.point, move.color)
        except IllegalMove:
            stones = [move.point] if move.point is not None else []
            black, white = (stones, []) if move.color is Color.BLACK else ([], stones)
            try:
                board.setup(black=black, white=white, to_move=move.color.opponent)
            except ValueError:
                board.setup(to_move=move.color.opponent)
    return board


class SessionView:
    """Everything the session reads, kept from the changes it emits (see the module).

    Args:
        clock: monotonic seconds, for the clocks' readings (the caller's clock: the model
            that shows the clocks and this view then count alike).
    """

    def __init__(
        self, clock: Callable[[], float], finished_kept: Callable[[], int] | None = None
    ) -> None:
        self.clock = clock
        self.finished_kept = finished_kept or (lambda: FINISHED_TABS)
        """How many finished games are kept (the model's ``limits.finished_tabs``, which the
        user may change: the view forgets a game when the model lets its tab go)."""
        self.me = ""
        """Our account name on this server, as the connection status last said it."""
        self.connection = ConnectionStatus()
        self.passes_to_end = DEFAULT_PASSES_TO_END
        self.seek: Seek | None = None
        self.friends: frozenset[str] = frozenset()
        """Folded names (SocialListsSet, an intent's word)."""
        self.blocked: frozenset[str] = frozenset()
        self.own_player: Player | None = None
        """Our own row of the players list (the server's toggles change it)."""
        self.games: dict[int, GameSummary] = {}
        """The server's games list as told (a followed game's setup starts from its row)."""
        self.followed: dict[int, GameView] = {}
        self.challenges: dict[str, Challenge] = {}
        """Open requests by folded opponent name, both directions."""
        self.disputes: dict[str, Dispute] = {}
        self._recent: dict[BufferKey, deque[Said]] = {}
        self._serials = 0
        self._ended = 0

    # reading ------------------------------------------------------------------------------------
    def my_games(self) -> list[GameView]:
        """The games we play that are in play or scoring, by number."""
        return [
            game
            for _, game in sorted(self.followed.items())
            if game.role is not Role.OBSERVING
            and game.phase in (GamePhase.PLAYING, GamePhase.SCORING)
        ]

    def challenge_from(self, name: str) -> Challenge | None:
        return self.challenges.get(name.lower())

    def recent(self, key: BufferKey) -> Sequence[Said]:
        """The last lines of conversation ``key``, oldest first (empty if none)."""
        return self._recent.get(key, ())

    # the one writer -----------------------------------------------------------------------------
    def apply(self, change: ch.Change) -> None:
        """Take ``change`` (one the caller is told): the view keeps what it says."""
        handler = _HANDLERS.get(type(change))
        if handler is not None:
            handler(self, change)

    def _game(self, number: int) -> GameView | None:
        return self.followed.get(number)

    # connection, people, lobby ------------------------------------------------------------------
    def _connection(self, c: ch.ConnectionChanged) -> None:
        self.connection = c.status
        if c.status.user and c.status.user != self.me:
            self.me = c.status.user
            self.own_player = None

    def _players(self, players: Sequence[Player], *, replaced: bool = False) -> None:
        me = self.me
        if not me:
            return
        if replaced:
            self.own_player = None
        for player in players:
            if player.name == me:
                self.own_player = player

    def _players_updated(self, c: ch.PlayersUpdated) -> None:
        self._players(c.players)

    def _players_replaced(self, c: ch.PlayersReplaced) -> None:
        self._players(c.players, replaced=True)

    def _players_pruned(self, c: ch.PlayersPruned) -> None:
        if self.own_player is not None and self.own_player.name not in c.names:
            self.own_player = None

    def _player_left(self, c: ch.PlayerLeft) -> None:
        if self.own_player is not None and self.own_player.name == c.name:
            self.own_player = None

    def _social(self, c: ch.SocialListsSet) -> None:
        self.friends = frozenset(name.casefold() for name in c.friends)
        self.blocked = frozenset(name.casefold() for name in c.blocked)

    def _seek(self, c: ch.SeekChanged) -> None:
        self.seek = c.seek

    def _passes(self, c: ch.PassesToEndSet) -> None:
        if c.passes >= 1:
            self.passes_to_end = c.passes

    def _challenge_opened(self, c: ch.ChallengeOpened) -> None:
        challenge = c.challenge
        if challenge.incoming and challenge.opponent.casefold() in self.blocked:
            return
        _keep(self.challenges, challenge.opponent.lower(), challenge, CHALLENGES)

    def _challenge_closed(self, c: ch.ChallengeClosed) -> None:
        self.challenges.pop(c.opponent.lower(), None)
        self.disputes.pop(c.opponent.lower(), None)

    def _dispute(self, c: ch.DisputeOpened) -> None:
        _keep(self.disputes, c.dispute.opponent.lower(), c.dispute, CHALLENGES)

    def _chat(self, c: ch.ChatAdded) -> None:
        own = c.kind == "own"
        if not own and c.author.casefold() in self.blocked:
            return  # the model drops it too: no echo can be of it
        lines = self._recent.pop(c.key, None)
        if lines is None:
            lines = deque(maxlen=RECENT_LINES)
            if len(self._recent) >= CONVERSATIONS_KEPT:
                del self._recent[next(iter(self._recent))]
        self._recent[c.key] = lines  # the latest conversation last
        lines.append(Said(c.author, c.text, c.kind))

    def _buffer_restarted(self, c: ch.BufferRestarted) -> None:
        self._recent.pop(c.key, None)

    # the games list -----------------------------------------------------------------------------
    def _games_replaced(self, c: ch.GamesReplaced) -> None:
        self.games = {g.number: g for g in c.games[-GAMES_LISTED:]}

    def _games_listed(self, c: ch.GamesListed) -> None:
        games = self.games
        for game in c.games:
            old = games.get(game.number)
            if old is not None and old.title and not game.title:
                game = replace(game, title=old.title)
            elif old is None:
                while len(games) >= GAMES_LISTED:
                    del games[next(iter(games))]
            games[game.number] = game

    def _unlisted(self, c: ch.GameUnlisted) -> None:
        self.games.pop(c.number, None)

    def _moves_counted(self, c: ch.GameMovesCounted) -> None:
        summary = self.games.get(c.number)
        if summary is not None:
            self.games[c.number] = replace(summary, moves=c.moves)

    def _titled(self, c: ch.GameTitled) -> None:
        game = self._game(c.game)
        if game is not None:
            game.title = c.title
        summary = self.games.get(c.game)
        if summary is not None:
            self.games[c.game] = replace(summary, title=c.title)

    # followed games -----------------------------------------------------------------------------
    def _followed(self, c: ch.GameFollowed) -> None:
        fields = {
            key: value
            for key in ("white", "black", "title")
            if (value := getattr(c, key)) is not None
        }
        game = self._game(c.game)
        if game is not None and _another_game(game, c):
            del self.followed[c.game]
            game = None
        if game is None:
            summary = self.games.get(c.game)
            base: dict[str, Any] = {}
            if summary is not None:
                base = {"white": summary.white, "black": summary.black, "title": summary.title}
            base.update(fields)
            self._serials += 1
            game = GameView(c.game, serial=self._serials, role=c.role, **base)
            self.followed[c.game] = game
            if summary is not None:
                size = summary.size if MIN_SIZE <= summary.size <= MAX_SIZE else None
                self._setup(
                    ch.GameSetup(
                        c.game, ch.SetupSource.LISTING, size, summary.komi, summary.handicap
                    )
                )
        else:
            game.role = c.role
            for key, value in fields.items():
                setattr(game, key, value)
        if c.size is not None or c.komi is not None or c.handicap is not None:
            self._setup(ch.GameSetup(c.game, ch.SetupSource.LISTING, c.size, c.komi, c.handicap))

    def _unfollowed(self, c: ch.GameUnfollowed) -> None:
        self.followed.pop(c.game, None)

    def _seated(self, c: ch.PlayersSeated) -> None:
        game = self._game(c.game)
        if game is not None:
            game_state.seat_players(game, c)

    def _setup(self, c: ch.GameSetup) -> None:
        game = self._game(c.game)
        if game is None:
            return
        for name, value in (("size", c.size), ("komi", c.komi), ("handicap", c.handicap)):
            if value is None or c.source < game.setup_sources.get(name, ch.SetupSource.DEFAULT):
                continue
            if name == "size":
                if not MIN_SIZE <= int(value) <= MAX_SIZE:
                    continue  # the model refuses it too (a sync error there)
                game.size = int(value)
            elif name == "komi":
                game.komi = float(value)
            else:
                game.handicap = int(value)
            game.setup_sources[name] = c.source

    def _move(self, c: ch.MoveAdded) -> None:
        game = self._game(c.game)
        if game is None:
            return
        move = c.move
        if move.handicap:
            self._setup(ch.GameSetup(c.game, ch.SetupSource.MOVES, handicap=move.handicap))
        if move.number != game.last_number + 1:
            return  # a move resent, or one after a gap: the model keeps neither
        game.moves.append(move)
        game_state.hand_over_clock(game, move.color, self.clock())
        summary = self.games.get(c.game)
        if summary is not None and summary.moves != move.number:
            self.games[c.game] = replace(summary, moves=move.number)

    def _undone(self, c: ch.MoveUndone) -> None:
        game = self._game(c.game)
        if game is not None and game.moves:
            game.moves.pop()
            game.edits += 1

    def _prisoners(self, c: ch.PrisonersCounted) -> None:
        game = self._game(c.game)
        if game is not None:
            game_state.count_prisoners(game, c)

    def _clock(self, c: ch.ClockSet) -> None:
        game = self._game(c.game)
        if game is not None:
            game_state.set_clock(game, c, self.clock())

    def _clocks_read(self, c: ch.ClocksRead) -> None:
        game = self._game(c.game)
        if game is not None:
            game_state.read_clocks(game, c, self.clock())

    def _clocks_synced(self, c: ch.ClocksSynced) -> None:
        game = self._game(c.game)
        if game is not None:
            game_state.sync_clocks(game, c, self.clock())

    def _time_system(self, c: ch.TimeSystemSet) -> None:
        game = self._game(c.game)
        if game is not None:
            game_state.set_time_system(game, c)

    def _phase(self, c: ch.PhaseChanged) -> None:
        game = self._game(c.game)
        if game is not None:
            game_state.change_phase(game, c, self.clock())

    def _dead(self, c: ch.DeadStonesMarked) -> None:
        game = self._game(c.game)
        if game is not None:
            game_state.mark_dead(game, c.points)

    def _alive(self, c: ch.DeadStonesUnmarked) -> None:
        game = self._game(c.game)
        if game is not None:
            game_state.mark_alive(game, c.points)

    def _dead_cleared(self, c: ch.DeadStonesCleared) -> None:
        game = self._game(c.game)
        if game is not None:
            game.dead.clear()

    def _score_checked(self, c: ch.ScoreChecked) -> None:
        game = self._game(c.game)
        if game is not None:
            game.score_check = c.check

    def _scored(self, c: ch.GameScored) -> None:
        game = self._game(c.game)
        if game is not None:
            game.score_check = c.check
            game.result = c.result
        self._ended_game(ch.GameEnded(c.game, c.result))

    def _ended_game(self, c: ch.GameEnded) -> None:
        self.games.pop(c.game, None)
        game = self._game(c.game)
        if game is None:
            return
        game.phase = GamePhase.FINISHED
        if c.result:
            game.result = c.result
        game_state.stop_clocks(game, self.clock())
        if not game.ended:
            self._ended += 1
            game.ended = self._ended
            finished = [g for g in self.followed.values() if g.phase is GamePhase.FINISHED]
            finished.sort(key=lambda g: g.ended)
            for old in finished[: max(0, len(finished) - self.finished_kept())]:
                del self.followed[old.number]  # as the model releases its finished tabs

    def _game_chat(self, c: ch.GameChat) -> None:
        game = self._game(c.game)
        me = self.me
        if game is not None and not c.said and me and c.line.author == me:
            game.own_kibitz = c.line


def _another_game(game: GameView, c: ch.GameFollowed) -> bool:
    """Is the game ``c`` follows another than ``game`` under its number? (The model's rule:
    a closed game never takes a later game's lines; other players make another game.)"""
    if game.closed:
        return True
    return any(
        known and named and known != named
        for known, named in ((game.white, c.white), (game.black, c.black))
    )


def _keep(kept: dict[str, Any], key: str, value: object, cap: int) -> None:
    """``kept[key] = value`` as the newest entry, the oldest beyond ``cap`` dropped."""
    kept.pop(key, None)
    while len(kept) >= cap:
        del kept[next(iter(kept))]
    kept[key] = value


_HANDLERS: dict[type[ch.Change], Callable[[SessionView, Any], None]] = {
    ch.ConnectionChanged: SessionView._connection,
    ch.PlayersUpdated: SessionView._players_updated,
    ch.PlayersReplaced: SessionView._players_replaced,
    ch.PlayersPruned: SessionView._players_pruned,
    ch.PlayerLeft: SessionView._player_left,
    ch.SocialListsSet: SessionView._social,
    ch.SeekChanged: SessionView._seek,
    ch.PassesToEndSet: SessionView._passes,
    ch.ChallengeOpened: SessionView._challenge_opened,
    ch.ChallengeClosed: SessionView._challenge_closed,
    ch.DisputeOpened: SessionView._dispute,
    ch.ChatAdded: SessionView._chat,
    ch.BufferRestarted: SessionView._buffer_restarted,
    ch.GamesReplaced: SessionView._games_replaced,
    ch.GamesListed: SessionView._games_listed,
    ch.GameUnlisted: SessionView._unlisted,
    ch.GameMovesCounted: SessionView._moves_counted,
    ch.GameTitled: SessionView._titled,
    ch.GameFollowed: SessionView._followed,
    ch.GameUnfollowed: SessionView._unfollowed,
    ch.PlayersSeated: SessionView._seated,
    ch.GameSetup: SessionView._setup,
    ch.MoveAdded: SessionView._move,
    ch.MoveUndone: SessionView._undone,
    ch.PrisonersCounted: SessionView._prisoners,
    ch.ClockSet: SessionView._clock,
    ch.ClocksRead: SessionView._clocks_read,
    ch.ClocksSynced: SessionView._clocks_synced,
    ch.TimeSystemSet: SessionView._time_system,
    ch.PhaseChanged: SessionView._phase,
    ch.DeadStonesMarked: SessionView._dead,
    ch.DeadStonesUnmarked: SessionView._alive,
    ch.DeadStonesCleared: SessionView._dead_cleared,
    ch.ScoreChecked: SessionView._score_checked,
    ch.GameScored: SessionView._scored,
    ch.GameEnded: SessionView._ended_game,
    ch.GameChat: SessionView._game_chat,
}
