"""Typed, server-neutral changes: the only way the shared model changes.

A backend (the IGS adapter, a local engine game, the bot) describes what happened as values
from this module and hands them to :meth:`igs_tui.model.ClientModel.apply`. The model applies
each one in one place (:mod:`igs_tui.model.apply`) and then publishes the *change itself* to the
subscribers of the topics it touched, so a reader learns exactly what changed: the games list
updates one cell for :class:`GameMovesCounted` instead of refilling its table, the chat logger
appends the one :class:`ChatAdded` message, the board redraws for one :class:`MoveAdded`.

Nothing here names a server: moves are numbered from 1, points are rules-engine points, times
are seconds. Outside :mod:`igs_tui.model` the model is read-only; writing a field of a
:class:`~igs_tui.model.games.FollowedGame` from elsewhere bypasses the subscribers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from igs_tui.go import Color, Point
from igs_tui.model.cards import PlayerCard, PlayerResults
from igs_tui.model.chat import BufferKey
from igs_tui.model.clocks import ClockReading, TimeSettings
from igs_tui.model.connection import ConnectionStatus
from igs_tui.model.console import ConsoleLine
from igs_tui.model.games import GamePhase, GameSummary, Kibitz, MoveRecord, Role
from igs_tui.model.limits import Limits
from igs_tui.model.lobby import Room, Seek, Seeker, SeekSetup
from igs_tui.model.mailbox import ServerMessage
from igs_tui.model.observable import HubTopic
from igs_tui.model.play import Challenge, Dispute, ScoreCheck
from igs_tui.model.players import Player
from igs_tui.model.topics import (
    TOPIC_CARDS,
    TOPIC_CHALLENGES,
    TOPIC_CHAT_LIST,
    TOPIC_CONNECTION,
    TOPIC_CONSOLE,
    TOPIC_FINISHED,
    TOPIC_FOLLOWED,
    TOPIC_GAMES,
    TOPIC_LOBBY,
    TOPIC_MESSAGES,
    TOPIC_NOTIFY,
    TOPIC_PLAYERS,
    game_topic,
)


class Change:
    """Base of every change; :attr:`topics` says who hears of it."""

    __slots__ = ()

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        raise NotImplementedError


class _GameChange(Change):
    """A change to one followed game: heard on that game's topic."""

    __slots__ = ()
    game: int

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (game_topic(self.game),)


# connection ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ConnectionChanged(Change):
    status: ConnectionStatus

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_CONNECTION,)


# players --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayersReplaced(Change):
    """A full listing: everyone not in it is gone."""

    players: tuple[Player, ...]

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_PLAYERS,)


@dataclass(frozen=True, slots=True)
class PlayersUpdated(Change):
    """New or changed players (a listing line, a log-on)."""

    players: tuple[Player, ...]

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_PLAYERS,)


@dataclass(frozen=True, slots=True)
class PlayersPruned(Change):
    """A full listing ended whose players were each applied as they came (PlayersUpdated):
    everyone not named in it is gone. (Cheaper than :class:`PlayersReplaced` for a listing
    of 100 000 players, which would build every player a second time.)"""

    names: frozenset[str]

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_PLAYERS,)


@dataclass(frozen=True, slots=True)
class PlayerLeft(Change):
    name: str

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_PLAYERS,)


@dataclass(frozen=True, slots=True)
class OwnToggleConfirmed(Change):
    """The server confirmed one of our toggles (IGS/NNGS ``9 Set open to be True.``): the
    value F8/F9 and the status bar show from now on, whoever set it (a key, the console)."""

    name: str
    value: bool

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_PLAYERS,)


@dataclass(frozen=True, slots=True)
class MessagesWaiting(Change):
    """The server keeps ``count`` messages for us (told at login, or when one is left)."""

    count: int

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_MESSAGES,)


@dataclass(frozen=True, slots=True)
class MessagesListed(Change):
    """The messages the server keeps for us, as it listed them (empty: none, or erased)."""

    messages: tuple[ServerMessage, ...]

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_MESSAGES,)


@dataclass(frozen=True, slots=True)
class SocialListsSet(Change):
    """Our friends (told when they log on or off, listed first) and the players we block
    (their tells, shouts, kibitzes and challenges are dropped). Names compare in any case."""

    friends: frozenset[str]
    blocked: frozenset[str]

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_PLAYERS,)


@dataclass(frozen=True, slots=True)
class PlayerResultsReceived(Change):
    """The server listed one player's recent games (asked for with a card)."""

    results: PlayerResults

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_CARDS,)


@dataclass(frozen=True, slots=True)
class PlayerCardReceived(Change):
    """The server told what it knows of one player (asked for with a card)."""

    card: PlayerCard

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_CARDS,)


# automatch, stored games, rooms ------------------------------------------------------------------
class _LobbyChange(Change):
    __slots__ = ()

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_LOBBY,)


@dataclass(frozen=True, slots=True)
class SeekSetupsListed(_LobbyChange):
    """The automatch setups the server offers."""

    setups: tuple[SeekSetup, ...]


@dataclass(frozen=True, slots=True)
class SeekersListed(_LobbyChange):
    """Who else is in the automatch queue now."""

    seekers: tuple[Seeker, ...]


@dataclass(frozen=True, slots=True)
class SeekChanged(_LobbyChange):
    """We entered the automatch queue (``seek``), or left it (None); ``paired`` when we left
    it because the server found us an opponent, ``matched`` naming them when it said (IGS
    sends a bare ``63 OPPONENT_FOUND``: the game start that follows names them)."""

    seek: Seek | None
    matched: str = ""
    paired: bool = False


@dataclass(frozen=True, slots=True)
class StoredGamesListed(_LobbyChange):
    """Our adjourned games the server keeps, by their ``white-black`` names."""

    games: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoomsListed(_LobbyChange):
    rooms: tuple[Room, ...]


@dataclass(frozen=True, slots=True)
class RoomJoined(_LobbyChange):
    """We are in room ``number`` now. On a server where one is in one room at a time (IGS) a
    join moves us there; ``also`` says we stay in the rooms we were in as well (KGS)."""

    number: int
    also: bool = False


@dataclass(frozen=True, slots=True)
class RoomLeft(_LobbyChange):
    """We are no longer in room ``number`` (the server confirmed that we left it)."""

    number: int


# the list of games on the server --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GamesReplaced(Change):
    """A full games listing."""

    games: tuple[GameSummary, ...]

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_GAMES,)


@dataclass(frozen=True, slots=True)
class GamesListed(Change):
    """New or changed rows of the games list (a title we knew is kept if the row has none)."""

    games: tuple[GameSummary, ...]

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_GAMES,)


@dataclass(frozen=True, slots=True)
class GameUnlisted(Change):
    """A game left the list (adjourned); a followed game keeps its board."""

    number: int

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_GAMES,)


@dataclass(frozen=True, slots=True)
class GameMovesCounted(Change):
    """One row's move count: the only cell of the list a move changes."""

    number: int
    moves: int

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_GAMES,)


@dataclass(frozen=True, slots=True)
class GameTitled(Change):
    """A game's title (a broadcast's real names, a tournament round)."""

    game: int
    title: str

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_GAMES, game_topic(self.game))


@dataclass(frozen=True, slots=True)
class GameEnded(Change):
    """A game is over: it leaves the list; a followed game keeps its board, gets the result
    (when one is given) and its clocks stop."""

    game: int
    result: str = ""

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_GAMES, game_topic(self.game))


# followed games -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GameFollowed(Change):
    """Start following a game (observe or play). An entry that exists is updated, not reset,
    when it is this game; ``None`` fields are left as they are.

    Servers reuse a game's number as soon as the game is over, so the entry under the number
    is another game when it is *closed* (finished or adjourned: a game that comes back by
    ``load`` is followed anew) or when ``white``/``black`` name other players than it has.
    That entry is then let go (:class:`GameUnfollowed`) and a new one, with a serial of its
    own (:attr:`~igs_tui.model.games.FollowedGame.serial`), takes the number; the number's
    game chat starts again (:class:`BufferRestarted`). A new entry starts from the games
    list's row, then the given fields. Size, komi and handicap are a :class:`GameSetup` of the
    row, then of this change (both :attr:`SetupSource.LISTING`), applied by the same handler,
    so a value from a stronger source (agreed terms, the game's properties) is not undone.
    """

    game: int
    role: Role = Role.OBSERVING
    white: str | None = None
    black: str | None = None
    white_rank: str | None = None
    black_rank: str | None = None
    size: int | None = None
    komi: float | None = None
    handicap: int | None = None
    title: str | None = None
    rules: str | None = None
    """The rules the server names for this game (KGS does), as SGF's ``RU`` writes them."""
    fresh: bool = False
    """The server starts this game now (a challenge or automatch accepted, a match
    announced): a new entry's record continues no earlier one (see
    :attr:`~igs_tui.model.games.FollowedGame.fresh`)."""

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_FOLLOWED, game_topic(self.game))


@dataclass(frozen=True, slots=True)
class GameUnfollowed(Change):
    """Stop following a game. A finished game leaves a line in the finished list
    (:class:`~igs_tui.model.games.FinishedGame`); its board and moves are released."""

    game: int

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_FOLLOWED, TOPIC_FINISHED, game_topic(self.game))


@dataclass(frozen=True, slots=True)
class GameRecorded(_GameChange):
    """The game's record is kept at ``location`` (a file path), e.g. by autosave. Told
    after the fact (a save runs after the changes it writes), so it names the game by its
    serial too: a later game under the number is not given the earlier one's file."""

    game: int
    location: str
    serial: int = 0
    """The :attr:`~igs_tui.model.games.FollowedGame.serial` of the game saved (0: whichever
    game has the number)."""


@dataclass(frozen=True, slots=True)
class PlayersSeated(_GameChange):
    """Who plays a followed game (a heading names them again after a reload)."""

    game: int
    white: str
    black: str
    role: Role | None = None
    """Our role, when the heading shows we play (None = leave it)."""


class SetupSource(IntEnum):
    """Where a game's size, komi or handicap came from; a higher source overrides a lower.

    A value from a lower source than the one that set it is ignored, so the list line of a
    classic game (which knows its size) is not undone by a later default, and the players'
    agreed komi is not undone by a stale list line.
    """

    DEFAULT = 0
    LISTING = 1
    """The server's games list row, or what a backend said as it started following the game
    (:class:`GameFollowed`): a later row says it again, more recently."""
    TERMS = 2
    """The match terms we agreed to (classic IGS games say their size nowhere else)."""
    PROPERTIES = 3
    """The server's game-properties line (nmatch games)."""
    AGREED = 4
    """A komi both players agreed on during the game."""
    MOVES = 5
    """The moves themselves: a handicap move says how many stones are on the board."""


@dataclass(frozen=True, slots=True)
class GameSetup(_GameChange):
    """A followed game's size, komi or handicap (``None`` = not said by this source).

    A new size replays the moves on a board of that size; a size outside the rules engine's
    range is refused (the game stays as it was and a sync error is noted).
    """

    game: int
    source: SetupSource
    size: int | None = None
    komi: float | None = None
    handicap: int | None = None


@dataclass(frozen=True, slots=True)
class MoveAdded(_GameChange):
    """The next move of a followed game. A move whose number we have is ignored (servers
    resend move lists), a gap is noted as a sync error. The mover's clock stops and, while the
    game is in play, the opponent's starts. Heard on the games list too (its move count)."""

    game: int
    move: MoveRecord

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (game_topic(self.game),)


@dataclass(frozen=True, slots=True)
class FreeHandicapPlaced(_GameChange):
    """Handicap stones placed where the players chose (move 1 of the game)."""

    game: int
    stones: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class MovesRestarted(_GameChange):
    """Start a followed game's moves again from an empty board (a full list follows)."""

    game: int


@dataclass(frozen=True, slots=True)
class MoveUndone(_GameChange):
    """The last move was taken back (the pending undo request, if any, is answered)."""

    game: int


@dataclass(frozen=True, slots=True)
class PrisonersCounted(_GameChange):
    game: int
    white: int
    black: int


@dataclass(frozen=True, slots=True)
class ClockSet(_GameChange):
    """A clock reading for one side, taken now; ``running`` True starts that clock, False
    stops it, None leaves it as it is."""

    game: int
    color: Color
    reading: ClockReading
    running: bool | None = None


@dataclass(frozen=True, slots=True)
class ClocksRead(_GameChange):
    """Readings for several sides taken now, each clock left running or stopped as it was:
    an IGS game heading shows both clocks with every move (one change, not one per side)."""

    game: int
    readings: tuple[tuple[Color, ClockReading], ...]


@dataclass(frozen=True, slots=True)
class ClocksSynced(_GameChange):
    """Both clocks read anew from a clock we keep ourselves; ``running`` (if any) runs."""

    game: int
    black: ClockReading
    white: ClockReading
    running: Color | None


@dataclass(frozen=True, slots=True)
class ClocksPaused(_GameChange):
    """The players paused the game's clocks (``paused``) or started them again."""

    game: int
    paused: bool


@dataclass(frozen=True, slots=True)
class TimeSystemSet(_GameChange):
    """The game's time system (so the clocks roll into overtime locally)."""

    game: int
    settings: TimeSettings | None
    only_if_unknown: bool = False
    """Observers learn it from each clock line: keep the first."""


@dataclass(frozen=True, slots=True)
class PhaseChanged(_GameChange):
    """Play, scoring or adjourned; clocks stop outside play. Back to play from scoring (an
    undo) forgets the dead stones and any count."""

    game: int
    phase: GamePhase


@dataclass(frozen=True, slots=True)
class DeadStonesMarked(_GameChange):
    """Stones marked dead in scoring (the whole chain of each point); starts scoring."""

    game: int
    points: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class DeadStonesUnmarked(_GameChange):
    """Chains marked alive again."""

    game: int
    points: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class DeadStonesCleared(_GameChange):
    game: int


@dataclass(frozen=True, slots=True)
class ScoreChecked(_GameChange):
    """A count beside ours (the server's, or a local engine's) before the game ends."""

    game: int
    check: ScoreCheck | None


@dataclass(frozen=True, slots=True)
class GameScored(_GameChange):
    """The server's count, beside ours: the game is over with this result."""

    game: int
    check: ScoreCheck
    result: str

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_GAMES, game_topic(self.game))


@dataclass(frozen=True, slots=True)
class UndoAsked(_GameChange):
    """``by`` asked for an undo (``""`` = the request was answered or withdrawn)."""

    game: int
    by: str


@dataclass(frozen=True, slots=True)
class AdjournAsked(_GameChange):
    """``by`` (the opponent) asked to adjourn the game (``""`` = answered, or play went on)."""

    game: int
    by: str


@dataclass(frozen=True, slots=True)
class UndoDeclined(_GameChange):
    """``by`` declined the undo asked for in ``game`` (the request is over)."""

    game: int
    by: str


@dataclass(frozen=True, slots=True)
class KomiProposed(_GameChange):
    """The opponent proposes a komi (``None`` = no proposal pending)."""

    game: int
    komi: float | None


@dataclass(frozen=True, slots=True)
class GameChat(_GameChange):
    """A kibitz (observers) or say (players) kept with the move it followed, for the record."""

    game: int
    line: Kibitz
    said: bool = False


@dataclass(frozen=True, slots=True)
class ObserversCounted(_GameChange):
    game: int
    observers: int


@dataclass(frozen=True, slots=True)
class ObserversListed(_GameChange):
    """Who observes the game, as the server listed them when asked: (name, rank) pairs."""

    game: int
    observers: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Thinking(_GameChange):
    """A player we wait for (a local engine) started thinking at ``since`` (model clock);
    ``None``: it answered. The game panel counts the seconds."""

    game: int
    color: Color
    since: float | None


@dataclass(frozen=True, slots=True)
class SyncError(_GameChange):
    """Our copy of the game disagrees with the server's (kept for the console and tests)."""

    game: int
    text: str


# challenges -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChallengeOpened(Change):
    """An open match request (incoming or ours); a newer one with the same player replaces it."""

    challenge: Challenge

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_CHALLENGES,)


@dataclass(frozen=True, slots=True)
class ChallengeClosed(Change):
    """A request was accepted (a game started), declined or cancelled."""

    opponent: str
    reason: str = ""

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_CHALLENGES,)


@dataclass(frozen=True, slots=True)
class DisputeOpened(Change):
    dispute: Dispute

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_CHALLENGES,)


# session ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PassesToEndSet(Change):
    """How many passes in a row end play where our games are (IGS 3; NNGS and engine games 2):
    a game's panel says how many more passes would end play."""

    passes: int

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_CONNECTION,)


@dataclass(frozen=True, slots=True)
class SessionEnded(Change):
    """We logged out (to log in again, maybe as someone else or on another server): forget
    everything that came from that server. Each followed game is let go first
    (:class:`GameUnfollowed`, heard on its own topic); then the players, games, finished
    games, chat buffers, console, notifications, challenges, messages, cards, automatch
    seek, stored games and rooms go and the connection is back to its start. The user's
    own settings (friends, blocked players, limits) stay."""

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (
            TOPIC_CONNECTION,
            TOPIC_PLAYERS,
            TOPIC_GAMES,
            TOPIC_FOLLOWED,
            TOPIC_FINISHED,
            TOPIC_CHALLENGES,
            TOPIC_CHAT_LIST,
            TOPIC_CONSOLE,
            TOPIC_NOTIFY,
            TOPIC_MESSAGES,
            TOPIC_CARDS,
            TOPIC_LOBBY,
        )


@dataclass(frozen=True, slots=True)
class LimitsSet(Change):
    """New caps on what the session keeps (:class:`~igs_tui.model.limits.Limits`). Lists
    longer than a new cap lose their oldest entries; finished games beyond
    ``finished_tabs`` are released."""

    limits: Limits

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_FOLLOWED, TOPIC_FINISHED, TOPIC_CHAT_LIST, TOPIC_CONSOLE)


# chat, console, notifications -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BufferOpened(Change):
    key: BufferKey

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_CHAT_LIST,)


@dataclass(frozen=True, slots=True)
class ChatAdded(Change):
    """A chat line in buffer ``key`` (``kind`` ``own`` for our own lines). A tell, or a line
    mentioning our name, is also a notification."""

    key: BufferKey
    author: str
    text: str
    kind: str = "message"
    notify: bool = False
    timestamp: float = 0.0

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (self.key.topic, TOPIC_CHAT_LIST)


@dataclass(frozen=True, slots=True)
class BufferRestarted(Change):
    """A game's chat buffer starts again, empty, for game ``serial`` (a new game took the
    number): the earlier game's lines stay in its own chat log, never shown as the new
    game's."""

    key: BufferKey
    serial: int

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (self.key.topic, TOPIC_CHAT_LIST)


@dataclass(frozen=True, slots=True)
class BufferRead(Change):
    key: BufferKey

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_CHAT_LIST,)


@dataclass(frozen=True, slots=True)
class BufferShown(Change):
    """The chat buffer the user has on screen (None: none). It is never the one dropped for
    a new buffer beyond ``Limits.buffers``: a flood of tells from new names must not take
    away the conversation being read."""

    key: BufferKey | None

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class ConsoleAdded(Change):
    """A raw line for the console, with the name of its kind (e.g. ``"15 game"``)."""

    text: str
    kind: str
    outgoing: bool = False

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_CONSOLE,)


@dataclass(frozen=True, slots=True)
class ConsoleLinesAdded(Change):
    """Several raw lines at once (the lines of one read: one change instead of one per
    line), made by the backend as the console keeps them."""

    lines: tuple[ConsoleLine, ...]

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_CONSOLE,)


@dataclass(frozen=True, slots=True)
class Notified(Change):
    """Something the user should notice now: a tell, a match request, a mention."""

    kind: str
    title: str
    text: str
    bell: bool = True

    @property
    def topics(self) -> tuple[HubTopic, ...]:
        return (TOPIC_NOTIFY,)
