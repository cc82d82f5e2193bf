"""Events: what the IGS protocol layer tells the rest of the program, one class per message kind.

Every event is a frozen, slotted dataclass (immutable, cheap, hashable) whose class-level
``type`` names it in JSON output (``igs-tui parse``) and in logs. The parser turns one decoded
server line (or a small block of lines, such as the ``22`` score board) into these events; the
session adds a few of its own (login outcome, command replies). Nothing here knows about sockets.

Field conventions, so consumers never have to guess:

* ``game`` is the IGS game number; ``None`` where the line does not say and the parser had no
  context to infer it from.
* Points are IGS text coordinates (``"Q16"``) exactly as the server sent them, upper-cased;
  ``None`` is a pass. Converting to :class:`~igs_tui.go.types.Point` needs the board size, which
  lives in the model, so that happens there (:func:`igs_tui.go.coords.parse_point`).
* Times are whole seconds; ``None`` means "not reported".
* ``text`` keeps the original wording where the meaning is in free text (chat, results).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Any, ClassVar

from igs_tui.go.types import Color

if TYPE_CHECKING:
    from igs_tui.backends.igs.protocol.commands import Command


class PromptState(IntEnum):
    """The number after a ``1`` prompt: the state the server thinks this connection is in.

    ``7`` (scoring) is not in the spec's list but is what the server sends during the
    life-and-death phase (see the spec's scoring transcript: ``1 7``).
    """

    LOGIN = 0
    PASSWORD = 1
    IDLE = 5
    PLAYING = 6
    SCORING = 7
    OBSERVING = 8


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of all protocol events; ``type`` is the stable JSON name."""

    type: ClassVar[str] = "event"


# --- framing: prompts, bells, plain messages -------------------------------------------------


@dataclass(frozen=True, slots=True)
class Prompt(Event):
    """End of a server block (code ``1``). ``state`` is ``None`` for the non-client ``#>``."""

    type: ClassVar[str] = "prompt"
    state: int | None


@dataclass(frozen=True, slots=True)
class LoginPrompt(Event):
    """The non-client ``Login:`` prompt (before client mode is known)."""

    type: ClassVar[str] = "login_prompt"


@dataclass(frozen=True, slots=True)
class PasswordPrompt(Event):
    """The non-client ``Password:`` prompt."""

    type: ClassVar[str] = "password_prompt"


@dataclass(frozen=True, slots=True)
class Bell(Event):
    """Code ``2``: the server wants attention (it accompanies match requests)."""

    type: ClassVar[str] = "bell"


@dataclass(frozen=True, slots=True)
class Error(Event):
    """Code ``5``: an error message, usually the whole answer to a command."""

    type: ClassVar[str] = "error"
    text: str


@dataclass(frozen=True, slots=True)
class Info(Event):
    """Code ``9`` text that no more specific event describes."""

    type: ClassVar[str] = "info"
    text: str


@dataclass(frozen=True, slots=True)
class Unknown(Event):
    """Anything the parser does not understand; ``code`` is ``None`` for a line without one."""

    type: ClassVar[str] = "unknown"
    code: int | None
    text: str


@dataclass(frozen=True, slots=True)
class Malformed(Event):
    """A line that made a stage of the receive pipeline fail (a reader, the session's translator).

    The stage's promise is never to raise; if one does anyway the line is not lost silently:
    it becomes this event, the console shows it with the reason, and the next line is read.
    """

    type: ClassVar[str] = "malformed"
    text: str
    reason: str


@dataclass(frozen=True, slots=True)
class File(Event):
    """A verbatim file (help text, messages) sent between two ``<code> File`` marker lines."""

    type: ClassVar[str] = "file"
    code: int
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Ayt(Event):
    """``9 yes``: the answer to ``ayt`` (are you there)."""

    type: ClassVar[str] = "ayt"


@dataclass(frozen=True, slots=True)
class ThrowingOtherCopy(Event):
    """``9 Throwing other copy out.``: this login replaced an older connection."""

    type: ClassVar[str] = "throwing_other_copy"


@dataclass(frozen=True, slots=True)
class ServerVersion(Event):
    """``39 No Name Go Server (NNGS) version 1.1.22``: the server names itself (NNGS does at
    login; the line may come without its code before client mode is on).

    ``server`` is the short name (``NNGS``) or the whole name; ``version`` may be empty.
    """

    type: ClassVar[str] = "server_version"
    text: str
    server: str
    version: str


@dataclass(frozen=True, slots=True)
class GuestNotice(Event):
    """A line an IGS-family server prints while a name without an account logs in
    (NNGS: ``"guest" is not a registered name. ...``, ``This is a guest account.``)."""

    type: ClassVar[str] = "guest_notice"
    text: str


@dataclass(frozen=True, slots=True)
class StrayPrompt(Event):
    """``9 1 7``: a prompt inside an info line (NNGS sends it to a player whose opponent typed
    ``done``). It ends nothing and says nothing; it is recognised so it is not shown as chat."""

    type: ClassVar[str] = "stray_prompt"
    state: int


@dataclass(frozen=True, slots=True)
class Dot(Event):
    """Your "dot string" (``tell .`` target) is now ``name`` (``40 name`` or ``9 Setting...``)."""

    type: ClassVar[str] = "dot"
    name: str


# --- listings ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GamesHeader(Event):
    """The ``7 [##] white name ...`` column header that starts a ``games`` listing."""

    type: ClassVar[str] = "games_header"
    text: str


@dataclass(frozen=True, slots=True)
class GamesEntry(Event):
    """One game of a ``games`` listing (code ``7``); ``flags`` is the FR column, e.g. ``"I"``."""

    type: ClassVar[str] = "games_entry"
    game: int
    white: str
    white_rank: str
    black: str
    black_rank: str
    moves: int
    size: int
    handicap: int
    komi: float
    byoyomi: int
    flags: str
    observers: int


@dataclass(frozen=True, slots=True)
class UserHeader(Event):
    """The ``42 Name Info Country ...`` column header of a ``user`` listing."""

    type: ClassVar[str] = "user_header"
    text: str


@dataclass(frozen=True, slots=True)
class UserEntry(Event):
    """One player of a ``user`` listing (code ``42``).

    ``observing``/``playing`` are game numbers or ``None`` for ``-``; ``flags`` is the raw
    Flags column (``Q``/``S``/``X``/``!``, ``-`` for unset); ``info`` is kept as sent
    (including ``<None>``), because "no info" and the word ``<None>`` cannot be told apart.
    """

    type: ClassVar[str] = "user_entry"
    name: str
    info: str
    country: str
    rank: str
    won: int
    lost: int
    observing: int | None
    playing: int | None
    idle: str
    flags: str
    language: str
    nmatch: str = ""
    """IGS's nmatch range columns after Language, kept as sent (``T BWN 0-9 19-19 60-60 ...``:
    the nmatch toggle, colours, then min-max of handicap, size, main, byo-yomi time, stones
    and the koryo fields; bernds/q5Go src/parser.cpp:1911-1914), ``""`` where absent."""


@dataclass(frozen=True, slots=True)
class UserRow(Event):
    """One player of NNGS's code-9 ``user`` table (its header is a :class:`UserHeader`)::

        9  Info     Name       Rank  19  9  Idle Rank Info
        9     -- -- alice       NR    0   0  0s  NR

    ``flags`` are the Info column's letters (``Q``, ``S``, ``X``, ``!``); ``games_19`` and
    ``games_9`` the two counts under the ``19`` and ``9`` headings; ``info`` what follows the
    second rank.
    """

    type: ClassVar[str] = "user_row"
    name: str
    rank: str
    observing: int | None
    playing: int | None
    idle: str
    flags: str
    games_19: int
    games_9: int
    info: str = ""


@dataclass(frozen=True, slots=True)
class WhoHeader(Event):
    """The ``27 Info Name Idle Rank | ...`` header of a ``who`` listing."""

    type: ClassVar[str] = "who_header"
    text: str


@dataclass(frozen=True, slots=True)
class WhoEntry(Event):
    """One player of a ``who`` listing (code ``27``; a line may carry two players)."""

    type: ClassVar[str] = "who_entry"
    name: str
    rank: str
    idle: str
    observing: int | None
    playing: int | None
    flags: str


@dataclass(frozen=True, slots=True)
class Totals(Event):
    """``******** 823 Players 151 Total Games ********``: the footer of user/who listings."""

    type: ClassVar[str] = "totals"
    players: int
    games: int


# --- games in progress -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameHeading(Event):
    """``15 Game N I: W (prisoners secs byo-stones) vs B (...)``, sent before move lines.

    ``*_byo_stones`` is ``-1`` while the player is in main time (as the server sends it).
    """

    type: ClassVar[str] = "game_heading"
    game: int
    kind: str
    white: str
    white_prisoners: int
    white_seconds: int
    white_byo_stones: int
    black: str
    black_prisoners: int
    black_seconds: int
    black_byo_stones: int


@dataclass(frozen=True, slots=True)
class Move(Event):
    """``15  12(B): Q16 R16`` -- a move (number from 0), ``point`` ``None`` for a pass.

    ``captures`` lists the stones this move removed; ``handicap`` is set (and ``point`` is
    ``None``) for the automatic ``Handicap N`` first move. ``game`` comes from the preceding
    heading line.
    """

    type: ClassVar[str] = "move"
    game: int | None
    number: int
    color: Color
    point: str | None
    captures: tuple[str, ...] = ()
    handicap: int | None = None


@dataclass(frozen=True, slots=True)
class TimeInfo(Event):
    """A player's clock, from a ``15 TIME:`` line (nmatch games) or a ``26`` ``time`` answer.

    ``*_total`` fields are the configured amounts (TIME lines report ``left/total``); ``extra``
    holds the trailing (koryo) ``left/total`` pairs the spec leaves unexplained, flattened.
    """

    type: ClassVar[str] = "time_info"
    game: int | None
    player: str
    color: Color | None
    in_byoyomi: bool
    main_seconds: int | None
    byo_seconds: int | None
    stones: int | None
    main_total: int | None = None
    byo_total: int | None = None
    stones_total: int | None = None
    extra: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GameProps(Event):
    """``15 GAMERPROPS:475: 19 0 6.50``: board size, handicap and komi of an nmatch game."""

    type: ClassVar[str] = "game_props"
    game: int
    size: int
    handicap: int
    komi: float


@dataclass(frozen=True, slots=True)
class GameTitle(Event):
    """``9 Game is titled: ...`` (professional broadcasts); ``game`` from the last heading."""

    type: ClassVar[str] = "game_title"
    game: int | None
    title: str


@dataclass(frozen=True, slots=True)
class GameStart(Event):
    """A game began: ``21 {Game N: W [rk] vs B [rk]}``, ``{Match N: ...}`` or, for a game
    reloaded after adjournment, ``{Game N: W vs B @ Operation}`` (``resumed``; NNGS says
    ``@ Move 3``, and ``moves`` is then that count: only the last of them follows)."""

    type: ClassVar[str] = "game_start"
    game: int
    white: str
    white_rank: str
    black: str
    black_rank: str
    resumed: bool = False
    moves: int | None = None


@dataclass(frozen=True, slots=True)
class MatchCreated(Event):
    """``9 Creating match [N] with X.``: a game of ours with ``opponent`` begins under number
    ``game`` (a new match, or an adjourned game loaded again; the heading follows). Whatever
    we held under the number before is another game. NNGS says ``9 Match [N] with X in 5
    accepted.`` first (bernds/q5Go src/parser.cpp:719-720): read as the same event."""

    type: ClassVar[str] = "match_created"
    game: int
    opponent: str


@dataclass(frozen=True, slots=True)
class GameEnd(Event):
    """A game ended or its record was closed.

    ``reason`` is one of ``resign``, ``time``, ``no-greeting``, ``no-move``, ``score``,
    ``adjourn``, ``completed`` (``9 game completed.``), ``removed`` (``Removed game file``) or
    ``other``; ``result`` is the server's result wording where it gives one; ``text`` is the
    whole original line for display. A scored result names both scores (``W 30.5 B 34.0``):
    they are in ``white_score``/``black_score``, and ``reason`` is ``score`` even where the
    server words it as a resignation (NNGS: ``White resigns. W 30.5 B 34.0``).
    """

    type: ClassVar[str] = "game_end"
    game: int | None
    reason: str
    player: str | None
    white: str | None
    black: str | None
    result: str | None
    text: str
    white_score: float | None = None
    black_score: float | None = None


@dataclass(frozen=True, slots=True)
class UserConnected(Event):
    """``21 {name [rank] has connected.}``"""

    type: ClassVar[str] = "user_connected"
    name: str
    rank: str


@dataclass(frozen=True, slots=True)
class UserDisconnected(Event):
    """``21 {name has disconnected}``"""

    type: ClassVar[str] = "user_disconnected"
    name: str


@dataclass(frozen=True, slots=True)
class ByoyomiEntry(Event):
    """``9 The player X is now in byo-yomi.`` (+ ``9 You have 24 stones and 11 minutes``)."""

    type: ClassVar[str] = "byoyomi_entry"
    player: str | None
    stones: int | None
    minutes: int | None


@dataclass(frozen=True, slots=True)
class MessagesWaiting(Event):
    """``9 You have a message. To read your messages, type:  message`` (or ``N messages``):
    messages left for us while we were away wait on the server."""

    type: ClassVar[str] = "messages_waiting"
    count: int


@dataclass(frozen=True, slots=True)
class TimeAdded(Event):
    """``9 Increase X's time by 10 minutes``: the answer to ``addtime``, sent to both players.

    IGS also words it from each side (bernds/q5Go src/parser.cpp:856-866): ``9 1 minutes were
    added to your opponents clock`` (we gave) and ``9 Your opponent has added 1 minutes to your
    clock.`` (we got); those name nobody, so ``player`` is ``""`` and ``to_me`` says whose
    clock it was (None where the line names the player)."""

    type: ClassVar[str] = "time_added"
    player: str
    minutes: int
    to_me: bool | None = None


# --- undo ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Undo(Event):
    """A move was taken back: ``28 X undid the last move (B3) .`` for players, or
    ``28 Undo in game 233: W vs B:   A5`` for observers."""

    type: ClassVar[str] = "undo"
    game: int | None
    player: str | None
    point: str | None
    white: str | None = None
    black: str | None = None


@dataclass(frozen=True, slots=True)
class UndoRequest(Event):
    """``24 *SYSTEM*: X requests undo.`` (answer with ``undo`` or ``noundo``)."""

    type: ClassVar[str] = "undo_request"
    player: str


@dataclass(frozen=True, slots=True)
class KomiRequest(Event):
    """``9 qGoDev wants the komi to be  1.5`` (NNGS: ``9 alice offers a new komi of 5.5.``):
    the opponent proposes a komi; it applies once we send ``komi`` with the same value
    (``nmatch`` has no komi field, so this is how a game's komi is agreed)."""

    type: ClassVar[str] = "komi_request"
    player: str
    komi: float


@dataclass(frozen=True, slots=True)
class AdjournRequest(Event):
    """``9 alice would like to adjourn the game.`` (+ ``9 Use adjourn to adjourn the game.``),
    or IGS's ``48 Game 354 qGoDev requests an adjournment`` (bernds/q5Go src/parser.cpp:2040):
    the opponent asks to adjourn; ``adjourn`` agrees. ``game`` where the line names it."""

    type: ClassVar[str] = "adjourn_request"
    player: str
    game: int | None = None


@dataclass(frozen=True, slots=True)
class KomiSet(Event):
    """``9 Set the komi to 0.5`` (or ``9 Komi is now set to 0.5``): our game's komi changed
    (NNGS tells only the players)."""

    type: ClassVar[str] = "komi_set"
    komi: float


@dataclass(frozen=True, slots=True)
class UndoDeclined(Event):
    """``9 X declines undo.``: the game is now a no-undo game."""

    type: ClassVar[str] = "undo_declined"
    player: str


# --- chat ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tell(Event):
    """``24 *name*: text``: a private message."""

    type: ClassVar[str] = "tell"
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Say(Event):
    """``51 Say in game N`` + ``19 *name*: text`` (NNGS: ``19 name text``): a message between
    the players of a game."""

    type: ClassVar[str] = "say"
    game: int | None
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Shout(Event):
    """``21 !name!: text`` (NNGS: ``21 name -->> text``): a message to everybody."""

    type: ClassVar[str] = "shout"
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Kibitz(Event):
    """``11 Kibitz name [rank]: Game W vs B [N]`` followed by ``11    text``.

    NNGS ends the text with the move number it was said at (``nice move (14)``: NNGS 1.1.22
    src/comproc.c:1470-1475, ``"%s (%d)"``); that number is ``move`` and not in ``text``."""

    type: ClassVar[str] = "kibitz"
    game: int | None
    name: str
    rank: str
    white: str
    black: str
    text: str
    move: int | None = None


@dataclass(frozen=True, slots=True)
class Yell(Event):
    """Code ``32``: a channel message (``CH1:name: text``); unparsed text keeps ``name=None``."""

    type: ClassVar[str] = "yell"
    channel: int | None
    name: str | None
    text: str


@dataclass(frozen=True, slots=True)
class ChannelNotice(Event):
    """Code ``32`` lines about a channel rather than in it: ``Changing into channel 5.``,
    ``Welcome to channel 5.`` and the member list ``In channel 5: alice bob`` (``members``
    set for that one)."""

    type: ClassVar[str] = "channel_notice"
    channel: int
    text: str
    members: tuple[str, ...] | None = None


# --- matches --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchRequest(Event):
    """An incoming ``match`` offer, with the parameters of the accept command the server suggests.

    ``opponent_color`` is the colour the requester takes ("... with Soothie as Black");
    ``accept_command`` is the suggested line (``match Soothie W 19 75 0``) or ``None`` if the
    "Use <...>" hint did not arrive.
    """

    type: ClassVar[str] = "match_request"
    opponent: str
    opponent_color: Color | None
    size: int
    minutes: int
    byoyomi_minutes: int | None
    your_color: Color | None
    accept_command: str | None


@dataclass(frozen=True, slots=True)
class NMatchRequest(Event):
    """``NMatch requested with X(B 4 19 60 600 25 0 0 0).`` + its ``Use <nmatch ...>`` hint.

    ``color`` is ``B``/``W``/``N`` (nigiri) as in the accept command.
    """

    type: ClassVar[str] = "nmatch_request"
    opponent: str
    color: str
    handicap: int
    size: int
    main_seconds: int
    byo_seconds: int
    byo_stones: int
    koryo_count: int
    koryo_seconds: int
    prebyoyomi_seconds: int
    accept_command: str | None


@dataclass(frozen=True, slots=True)
class DisputedRequest:
    """One side of a match dispute: who asked for what (the nmatch parameter words)."""

    name: str
    terms: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MatchDispute(Event):
    """``5 There is a dispute regarding your match(nmatch):`` and the two request lines."""

    type: ClassVar[str] = "match_dispute"
    requests: tuple[DisputedRequest, ...]


@dataclass(frozen=True, slots=True)
class MatchCancelled(Event):
    """``24 *SYSTEM*: X canceled the nmatch request.``"""

    type: ClassVar[str] = "match_cancelled"
    player: str


@dataclass(frozen=True, slots=True)
class MatchDeclined(Event):
    """``9 X declines your request for a match.``"""

    type: ClassVar[str] = "match_declined"
    player: str


# --- scoring ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoringStarted(Event):
    """``9 You can check your score with the score command, type 'done' when finished.``"""

    type: ClassVar[str] = "scoring_started"


@dataclass(frozen=True, slots=True)
class StoneRemoval(Event):
    """``49 Game N name is removing @ C3`` (or the sender's own ``9 Removing @ C3``)."""

    type: ClassVar[str] = "stone_removal"
    game: int | None
    player: str | None
    point: str


@dataclass(frozen=True, slots=True)
class BoardRestored(Event):
    """Scoring ``undo`` voided the removals: ``Board is restored ...``.

    The second line, ``Please type 'done again.`` (the server's typo), belongs to the same event.
    """

    type: ClassVar[str] = "board_restored"


@dataclass(frozen=True, slots=True)
class DoneTyped(Event):
    """``9 X has typed done.``"""

    type: ClassVar[str] = "done_typed"
    player: str


@dataclass(frozen=True, slots=True)
class ScoreBoard(Event):
    """The ``22`` block at the end of scoring, decoded.

    Each ``22 N: digits`` row is board column ``N`` (A, B, ...) and its digits run from the top
    edge down, as other IGS clients read it. Digit meanings: 0 black stone, 1 white stone,
    2 empty, 3 dame, 4 white territory, 5 black territory (6/7 are display marks, counted as
    empty). Point lists are IGS coordinates; ``rows`` keeps the raw digit strings.
    """

    type: ClassVar[str] = "score_board"
    white: str
    white_rank: str
    white_captures: int | None
    black: str
    black_rank: str
    black_captures: int | None
    komi: float | None
    size: int
    rows: tuple[str, ...]
    black_stones: tuple[str, ...]
    white_stones: tuple[str, ...]
    black_territory: tuple[str, ...]
    white_territory: tuple[str, ...]
    dame: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Score(Event):
    """``20 W (W:O):  6.5 to B (B:g):  0.0``: the final score."""

    type: ClassVar[str] = "score"
    white: str
    white_score: float
    black: str
    black_score: float


# --- session-level events (produced by LoginHandshake/WireSession, not the parser) ------------


@dataclass(frozen=True, slots=True)
class LoginComplete(Event):
    """The login handshake finished; ``name`` is the account (or ``guestNNNN``) now in use."""

    type: ClassVar[str] = "login_complete"
    name: str
    guest: bool


@dataclass(frozen=True, slots=True)
class LoginFailed(Event):
    """The server rejected the login (it restarted it). ``final``: we gave up. ``reason`` is
    "wrong password" when a password was refused, else the server's own words for refusing
    the name (a lockout: "Too many failed logins: try again in 270 seconds.")."""

    type: ClassVar[str] = "login_failed"
    name: str
    attempt: int
    final: bool
    reason: str = "wrong password"


@dataclass(frozen=True, slots=True)
class SeekSetup:
    """One automatch setup the server offers (``63 CONFIG_LIST 0 60 600 25 0 0``): its
    number for ``seek entry``, main time and Canadian overtime (seconds for ``stones``)."""

    index: int
    main: int
    byo_time: int
    byo_stones: int


@dataclass(frozen=True, slots=True)
class SeekSetups(Event):
    """The answer to ``seek config_list``: ``63 CONFIG_LIST_START n``, one ``63 CONFIG_LIST``
    line per setup, ``63 CONFIG_LIST_END`` (one event at the end)."""

    type: ClassVar[str] = "seek_setups"
    setups: tuple[SeekSetup, ...]


@dataclass(frozen=True, slots=True)
class SeekEntered(Event):
    """``63 ENTRY 60 600 25 0 0 19 0 0 0``: we are in the automatch queue (main, overtime,
    stones, two unknown fields, board size, handicap range and rated flag)."""

    type: ClassVar[str] = "seek_entered"
    size: int | None
    text: str


@dataclass(frozen=True, slots=True)
class SeekCancelled(Event):
    """``63 ENTRY_CANCEL``: we are out of the queue (cancelled, or matched)."""

    type: ClassVar[str] = "seek_cancelled"


@dataclass(frozen=True, slots=True)
class SeekMatched(Event):
    """``63 OPPONENT_FOUND name``: the server paired us; the game starts as a match does."""

    type: ClassVar[str] = "seek_matched"
    opponent: str


@dataclass(frozen=True, slots=True)
class SeekRefused(Event):
    """``63 ERROR text`` (already seeking, playing a game, unknown subcommand)."""

    type: ClassVar[str] = "seek_refused"
    text: str


@dataclass(frozen=True, slots=True)
class Seeker:
    """One player in the automatch queue (``63 ENTRY_LIST HKL 60 480 25 0 0 19 1 1 0``): name,
    main seconds, overtime seconds and stones, board size, handicap range (bernds/q5Go
    src/parser.cpp:2094-2100)."""

    name: str
    main: int
    byo_time: int
    byo_stones: int
    size: int | None
    text: str


@dataclass(frozen=True, slots=True)
class SeekList(Event):
    """``63 ENTRY_LIST_START n`` .. ``63 ENTRY_LIST`` rows .. ``63 ENTRY_LIST_END``: who is
    seeking an automatch now (one event at the end)."""

    type: ClassVar[str] = "seek_list"
    seekers: tuple[Seeker, ...]


# --- real servers' wording (issue 27): lines q5Go, qGo and NNGS meet ---------------------------


@dataclass(frozen=True, slots=True)
class AutomatchOffer(Event):
    """The ``36`` block (pzorin/qgo src/network/igsconnection.cpp:3893-3896)::

        36 terra1 wants a match with you:
        36 terra1 wants 19x19 in 1 minutes with 10 byo-yomi and 25 byo-stones
        36 To accept match type 'automatch terra1'

    One event at the terms line; ``accept_command`` is filled from the third line's quote
    (``automatch NAME`` where it never came)."""

    type: ClassVar[str] = "automatch_offer"
    opponent: str
    size: int
    minutes: int
    byoyomi_minutes: int
    byo_stones: int
    accept_command: str


@dataclass(frozen=True, slots=True)
class AdjournDeclined(Event):
    """``53 Game 75 adjournment is declined`` (pzorin/qgo igsconnection.cpp:4194)."""

    type: ClassVar[str] = "adjourn_declined"
    game: int | None
    text: str


@dataclass(frozen=True, slots=True)
class ServerShutdown(Event):
    """``4 **** Server shutdown started by admin. ****`` (pzorin/qgo igsconnection.cpp:1127):
    the server is going down; games in progress are adjourned by it."""

    type: ClassVar[str] = "server_shutdown"
    text: str


@dataclass(frozen=True, slots=True)
class ReviewLine(Event):
    """A ``56`` review-protocol line (pzorin/qgo igsconnection.cpp:4291-4314):
    ``56 CREATE 107``, ``56 OWNER 107 eb5 3k``, ``56 NODE 107 2 1 16 4``, ``56 ERROR text``...
    ``verb`` is the first word, ``review`` the number after it where it is one."""

    type: ClassVar[str] = "review_line"
    verb: str
    review: int | None
    args: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True)
class StoredGames(Event):
    """``23           frosla-physician`` under ``9 Stored games for frosla:`` (bernds/q5Go
    src/parser.cpp:239-240): adjourned games that ``load white-black`` resumes."""

    type: ClassVar[str] = "stored_games"
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoomListed(Event):
    """``9 ROOM 01: FREE GAME ROOM;PSMNYACF;自由対局室;19;1;10;1,19,60,...`` (pzorin/qgo
    igsconnection.cpp:2632-2634): number, name, flags (``X``/``P``: locked), local name, then
    ``;``-separated numbers kept as sent (the first is read as the board size)."""

    type: ClassVar[str] = "room_listed"
    number: int
    name: str
    flags: str
    local_name: str
    size: int | None
    rest: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ToggleSet(Event):
    """``9 Set open to be True.`` (bernds/q5Go src/parser.cpp:520): the server confirms one of
    our toggles (NNGS and IGS say ``True``/``False``)."""

    type: ClassVar[str] = "toggle_set"
    name: str
    value: bool


@dataclass(frozen=True, slots=True)
class ObservationChanged(Event):
    """``9 Removing game 30 from observation list.`` / ``9 Adding game to observation list.``
    (bernds/q5Go src/parser.cpp:825-831); ``game`` None where the line gives none."""

    type: ClassVar[str] = "observation_changed"
    game: int | None
    added: bool


@dataclass(frozen=True, slots=True)
class ClockPaused(Event):
    """NNGS ``9 Game clock paused. Use "unpause" to resume.`` / ``9 Game clock resumed.``
    (bernds/q5Go src/parser.cpp:868-873): our game's clocks stopped or run again."""

    type: ClassVar[str] = "clock_paused"
    paused: bool


@dataclass(frozen=True, slots=True)
class PauseRequest(Event):
    """``9 frosla requests to pause the game.`` (bernds/q5Go src/parser.cpp:806)."""

    type: ClassVar[str] = "pause_request"
    player: str


@dataclass(frozen=True, slots=True)
class CommandReply(Event):
    """The block of events that answered ``command`` (empty for commands IGS never answers).

    ``seq`` is the session's running number of the command, so two equal command lines can be
    told apart; ``timed_out`` marks a command given up on by :meth:`WireSession.expire`.
    ``setup`` marks one of the session's own login commands (toggles, ``id``): their errors
    come only inside the reply, where a refusal can be learnt from instead of shown.
    """

    type: ClassVar[str] = "command_reply"
    seq: int
    command: Command
    events: tuple[Event, ...]
    timed_out: bool = False
    setup: bool = False


def event_to_dict(event: Event) -> dict[str, Any]:
    """JSON-ready dict of an event: ``type`` first, then the fields in declaration order."""
    result: dict[str, Any] = {"type": event.type}
    for f in dataclasses.fields(event):
        result[f.name] = _jsonable(getattr(event, f.name))
    return result


def _jsonable(value: Any) -> Any:
    if isinstance(value, Event):
        return event_to_dict(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(_jsonable(v) for v in value)
    if isinstance(value, Color):
        return value.value
    return value
