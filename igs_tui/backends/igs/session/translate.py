"""IGS protocol events translated into server-neutral model changes.

This is the only place that knows both vocabularies: IGS events (0-based move numbers, text
coordinates, ``Q``/``S``/``X``/``!`` flags, ``*SYSTEM*`` tells...) on one side, the model's
players, games, clocks and chat buffers on the other (the KGS session has its own translator
feeding the same model). Part of :class:`~igs_tui.backends.igs.session.IgsSession`: it reads
the session's own :class:`~igs_tui.backends.igs.session.view.SessionView` (never the caller's
model) and puts each change in the session's
:class:`~igs_tui.backends.igs.session.outbox.Outbox`, which the session's caller applies. The
IGS context the events do not repeat (the game of the last heading, a score block waiting for
its count, our old numbers now used by others) is its own.

One rule follows from the outbox: the view takes a line's changes when the caller is handed
them, after the line, so while the line is handled the view still shows the state before it.
What the rest of the line must see of its own changes -- the games it closed and the entries
its GameFollowed makes -- the translator keeps for the line (``_closed_now``, ``_made_now``:
read through ``_entry`` and ``_closed``); anything else is computed from the state it had and
what it changed, never read from the view again.
"""

from __future__ import annotations

import logging
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from sys import intern
from typing import Any

from igs_tui.backends.igs.protocol import events as ev
from igs_tui.backends.igs.protocol.replies import (
    read_messages,
    read_observers,
    read_results,
    read_rooms,
    read_stats,
    read_stored,
)
from igs_tui.backends.igs.session.followups import FollowUps, Offer
from igs_tui.backends.igs.session.outbox import Outbox
from igs_tui.backends.igs.session.view import GameView, Said, SessionView
from igs_tui.go import Color, CoordinateError, Point, count_with_dead, parse_point
from igs_tui.model import changes as ch
from igs_tui.model.cards import PlayedGame, PlayerCard, PlayerResults
from igs_tui.model.chat import BufferKey, ChatKind
from igs_tui.model.clocks import ClockReading, TimeSettings, TimeSystem
from igs_tui.model.console import ConsoleLine
from igs_tui.model.games import GamePhase, GameSummary, Kibitz, MoveRecord, Role
from igs_tui.model.lobby import Room, Seek, Seeker, SeekSetup
from igs_tui.model.mailbox import ServerMessage
from igs_tui.model.play import Challenge, Dispute, ScoreCheck, ServerScore
from igs_tui.model.players import Player
from igs_tui.model.terms import MatchTerms
from igs_tui.numbers import bounded_int

_log = logging.getLogger(__name__)

LOBBY_VERBS = frozenset({"seek", "stored", "room", "join"})
"""Commands whose answers fill :mod:`igs_tui.model.lobby` (automatch, stored games, rooms)."""

ECHO_WINDOW = 20
"""How far back an own channel line is looked for when the server echoes it."""

CODE_NAMES = {
    "1": "prompt",
    "2": "bell",
    "5": "error",
    "7": "games",
    "8": "help",
    "9": "info",
    "11": "kibitz",
    "14": "file",
    "15": "game",
    "19": "say",
    "20": "score",
    "21": "shout",
    "22": "status",
    "24": "tell",
    "25": "stored",
    "26": "time",
    "27": "who",
    "28": "undo",
    "32": "yell",
    "40": "dot",
    "42": "user",
    "49": "removal",
    "50": "game error",
    "51": "say header",
    "4": "shutdown",
    "23": "stored",
    "36": "automatch",
    "48": "adjourn",
    "53": "adjourn",
    "56": "review",
    "63": "seek",
}


_KIND_OF_CODE = {code: f"{code} {name}" for code, name in CODE_NAMES.items()}
"""Each known code's console kind, spelled once (every received line is named)."""


def line_kind(line: str) -> str:
    """Name the reply code of a raw line for the console (``"15 game"``, ``"-- text"``)."""
    code, _, _ = line.partition(" ")
    kind = _KIND_OF_CODE.get(code)
    if kind is not None:
        return kind
    if code.isdigit():
        return f"{code} unknown"
    return "-- text"


LISTING_BATCH = 200
"""Players of a ``user``/``who`` listing applied together (one change instead of one per line);
a batch is applied when it is full and before any other event. Received lines go to the
console the same way, in batches of this many or when the read that brought them is handled
(:meth:`Translator.flush`, called by the connection at the end of each read): one console
change per read instead of one per line (a third of a busy server's lines are prompts)."""
TELL_KEYS_KEPT = 1000
"""Tellers whose buffer key is kept for reuse (the keys are dropped when there are more)."""
_SHOUT_KEY = BufferKey(ChatKind.SHOUT)
_LOSS_MARKS = {"resign": "R", "time": "T", "no-greeting": "F", "no-move": "F"}
"""How a named player lost, as FF[4] writes it after the winner (``W+T``); F is forfeit."""
_WIN = re.compile(r"\b(White|Black)\s+(resigns|forfeits on time|has run out of time)", re.I)


@dataclass
class _PlayState:
    """IGS context the events do not repeat: the game of the last heading, for example."""

    last_heading_game: int | None = None
    score_board: ev.ScoreBoard | None = None
    """The ``22`` block waits for the ``20`` line that completes the count."""
    foreign: set[int] = field(default_factory=set)
    """Numbers of our games whose last heading named other players: their moves are not ours."""
    matched: str = ""
    """The opponent automatch paired us with (``ANYONE`` when the server named nobody),
    until our game with them starts."""


ANYONE = "*"
"""An automatch pairing that named no opponent (no account name holds ``*``)."""


def result_from_text(text: str) -> str:
    """SGF-style result (``B+R``, ``W+T``) from an IGS game-end line, or ``""`` if unclear."""
    m = _WIN.search(text)
    if not m:
        return ""
    loser = Color.WHITE if m.group(1).lower() == "white" else Color.BLACK
    kind = "R" if m.group(2).lower() == "resigns" else "T"
    return f"{loser.opponent.value}+{kind}"


class Translator:
    """Turns each IGS event into typed model changes (:mod:`igs_tui.model.changes`)."""

    def __init__(self, view: SessionView, out: Outbox, follow: FollowUps) -> None:
        self.view = view
        self.out = out
        self._ctx = _PlayState()
        self._closed_now: set[int] = set()
        """Numbers whose game this line closed (see :meth:`begin`)."""
        self._made_now: dict[int, GameView] = {}
        """Previews of the entries this line's changes make, by number."""
        self._echoed: deque[Said] = deque(maxlen=ECHO_WINDOW)
        """Own channel lines whose echo from the server was already dropped (kept, and
        compared by identity: an id could be reused once a line is gone)."""
        self.follow = follow
        """Told what the server answered, for the follow-ups IGS needs (fallback from
        ``nmatch`` to ``match``, komi, ``games N``)."""
        self._listed: list[Player] = []
        """Players of a listing not applied yet (see :data:`LISTING_BATCH`)."""
        self._listed_lines: list[ConsoleLine] = []
        """Received lines not in the console yet, with their kinds (applied per read)."""
        self.dropped_observations: set[int] = set()
        """Games the server said it removed from our observation list (``9 Removing game N
        from observation list.``) since we last asked to observe them: on a server whose
        ``unobserve`` toggles, closing such a board must send nothing."""
        self._tell_keys: dict[str, BufferKey] = {}
        """One key per teller: the model's and the chat log's lookups then find the key they
        hold by identity instead of comparing a new one (a flood of tells)."""

    # entry points -----------------------------------------------------------------------------
    def received_line(self, line: str) -> None:
        """Keep ``line`` for the console; it is shown with the rest of its read (see
        :data:`LISTING_BATCH`). Call :meth:`flush` when a read's lines are handled."""
        self._listed_lines.append(ConsoleLine(line, line_kind(line)))
        if len(self._listed_lines) >= LISTING_BATCH:
            self._flush_lines()

    def sent_line(self, line: str) -> None:
        self._flush_lines()
        self.out.apply(ch.ConsoleAdded(line, "sent", outgoing=True))

    def receive(self, event: ev.Event) -> None:
        """Apply one event. Never raises: server data that the model cannot take (an event
        this translator did not foresee) is reported in the console, and the next event is
        applied as usual, so one bad line never stops the connection."""
        kind = type(event)
        if self._listed and kind not in _LISTING_EVENTS:
            self.flush()
        handler = _HANDLERS.get(kind)
        if handler is None:
            return
        try:
            handler(self, event)
        except Exception as exc:
            _log.exception("the IGS translator failed on %r", event)
            text = f"igs-tui could not apply a {event.type} event ({type(exc).__name__}: {exc})"
            self.out.apply(ch.ConsoleAdded(text, "error"))

    def flush(self) -> None:
        """Apply the lines and players of a listing still waiting for their batch to fill."""
        self._flush_lines()
        listed, self._listed = self._listed, []
        if listed:
            self.out.apply(ch.PlayersUpdated(tuple(listed)))

    def _flush_lines(self) -> None:
        lines, self._listed_lines = self._listed_lines, []
        if lines:
            self.out.apply(ch.ConsoleLinesAdded(tuple(lines)))

    def _list(self, player: Player) -> None:
        self._listed.append(player)
        if len(self._listed) >= LISTING_BATCH:
            self.flush()

    def _malformed(self, e: ev.Malformed) -> None:
        self.out.apply(ch.ConsoleAdded(f"unreadable line ({e.reason}): {e.text}", "error"))

    # helpers ----------------------------------------------------------------------------------
    def _followed(self, game: int | None) -> GameView | None:
        if game is None:
            game = self._ctx.last_heading_game
        return None if game is None else self._entry(game)

    def _my_role(self, white: str, black: str) -> Role | None:
        me = self.view.me
        if not me or white == black:
            return None
        if me == black:
            return Role.PLAYING_BLACK
        if me == white:
            return Role.PLAYING_WHITE
        return None

    def _own_game(self) -> GameView | None:
        """The single game we play, for IGS lines that do not name the game."""
        mine = self.view.my_games()
        if len(mine) == 1:
            return mine[0]
        last = self._followed(None)
        return last if last is not None and last.role is not Role.OBSERVING else None

    def _own_game_with(self, player: str | None) -> GameView | None:
        """Our one live game in which ``player`` plays (None if none or several)."""
        if not player:
            return None
        mine = [g for g in self.view.my_games() if player in (g.white, g.black)]
        return mine[0] if len(mine) == 1 else None

    @staticmethod
    def _point(text: str | None, size: int) -> Point | None:
        if text is None:
            return None
        try:
            return parse_point(text, size)
        except (CoordinateError, ValueError):
            return None

    # listings ---------------------------------------------------------------------------------
    def _games_entry(self, e: ev.GamesEntry) -> None:
        self.out.apply(ch.GamesListed((_summary(e),)))
        self._describe(e)

    def _describe(self, e: ev.GamesEntry) -> None:
        """A list line is the only place IGS tells a classic ``match`` game's size and komi
        (only ``nmatch`` games get GAMERPROPS): bring the followed game in line with it."""
        self._number_reused(e.game, e.white, e.black, e.moves)
        game = self._entry(e.game)
        if game is None or self._closed(game):
            return
        if game.white and (game.white, game.black) != (e.white, e.black):
            return  # the number now belongs to another game
        if (game.size, game.komi, game.handicap) != (e.size, e.komi, e.handicap):
            self.out.apply(
                ch.GameSetup(
                    e.game, ch.SetupSource.LISTING, size=e.size, komi=e.komi, handicap=e.handicap
                )
            )

    def _user_entry(self, e: ev.UserEntry) -> None:
        self._list(_player(e))

    def _user_row(self, e: ev.UserRow) -> None:
        self._list(_row_player(e))

    def _who_entry(self, e: ev.WhoEntry) -> None:
        flags = e.flags
        player = Player(
            e.name,
            intern(e.rank),
            idle=intern(e.idle),
            playing=e.playing,
            observing=e.observing,
            open_for_matches="X" not in flags,
            looking="!" in flags,
            quiet="Q" in flags,
        )
        self._list(player)

    def _command_reply(self, e: ev.CommandReply) -> None:
        handled = self.follow.command_answered(e)
        if e.setup and not handled:
            # a login command's errors come only in its reply: show what was not learnt from
            for error in e.events:
                if isinstance(error, ev.Error):
                    self._error(error)
        line = e.command.line.strip().lower()
        if line == "games":
            games = tuple(_summary(x) for x in e.events if isinstance(x, ev.GamesEntry))
            self.out.apply(ch.GamesReplaced(games))
        elif line == "user":
            # Each entry was applied as it came (_user_entry, _user_row): who is not listed is gone.
            self.out.apply(ch.PlayersPruned(frozenset(_entry_names(e.events))))
        elif e.command.verb == "stats" and not e.timed_out:
            self.out.apply(ch.PlayerCardReceived(_card(e)))
        elif e.command.verb == "results" and not e.timed_out:
            self.out.apply(ch.PlayerResultsReceived(_results(e)))
        elif e.command.verb == "all" and not e.timed_out:
            self._observers_listed(e)
        elif e.command.verb in ("message", "messages", "erase") and not e.timed_out:
            self._messages_listed(e)
        elif e.command.verb in LOBBY_VERBS and not e.timed_out:
            self._lobby_reply(e)
        elif e.command.verb == "moves" and e.command.game is not None and not e.timed_out:
            if any(isinstance(x, ev.Error) for x in e.events):
                self._game_gone(e.command.game)
            else:
                self._moves_listed(e.command.game, e.events)

    def _lobby_reply(self, e: ev.CommandReply) -> None:
        """Answers to ``stored``, ``room``, ``join N`` and a refused ``seek``."""
        verb = e.command.verb
        refused = any(isinstance(x, ev.Error) for x in e.events)
        if verb == "seek":
            if refused and self.view.seek is not None:
                self.out.apply(ch.SeekChanged(None))
        elif verb == "stored":
            games = read_stored(e.events)
            if games is not None:
                self.out.apply(ch.StoredGamesListed(games))
        elif verb == "room":
            rooms = read_rooms(e.events)
            if rooms is not None:
                listed = tuple(
                    Room(r.number, r.name, r.users, r.local_name, r.locked) for r in rooms
                )
                self.out.apply(ch.RoomsListed(listed))
        elif verb == "join" and not refused:
            words = e.command.line.split()
            number = bounded_int(words[1]) if len(words) == 2 else None
            if number is not None:
                self.out.apply(ch.RoomJoined(number))

    def _seek_setups(self, e: ev.SeekSetups) -> None:
        setups = tuple(SeekSetup(s.index, s.main, s.byo_time, s.byo_stones) for s in e.setups)
        self.out.apply(ch.SeekSetupsListed(setups))

    def _seek_entered(self, e: ev.SeekEntered) -> None:
        """The server confirms our seek; one made by another copy of us is shown too."""
        if self.view.seek is None:
            setup = SeekSetup(-1, 0, 0, 0)
            words = [bounded_int(w) for w in e.text.split()[:3]]
            if len(words) == 3 and None not in words:
                setup = SeekSetup(-1, words[0] or 0, words[1] or 0, words[2] or 0)
            self.out.apply(ch.SeekChanged(Seek(setup, e.size or 19)))

    def _seek_cancelled(self, e: ev.SeekCancelled) -> None:
        if self.view.seek is not None:
            self.out.apply(ch.SeekChanged(None))

    def _seek_matched(self, e: ev.SeekMatched) -> None:
        """Paired; IGS's bare ``63 OPPONENT_FOUND`` names nobody: the next game start is the
        pairing's, whoever it names."""
        self._ctx.matched = e.opponent or ANYONE
        self.out.apply(ch.SeekChanged(None, matched=e.opponent, paired=True))
        who = f"paired you with {e.opponent}" if e.opponent else "found you an opponent"
        self.out.notify("match", "Match found", f"Automatch {who}.")

    def _seek_refused(self, e: ev.SeekRefused) -> None:
        if self.view.seek is not None:
            self.out.apply(ch.SeekChanged(None))
        # a refusal: a toast titled by the server too (model.apply); the text says of what
        self.out.add_chat(
            BufferKey(ChatKind.SYSTEM), "server", f"Automatch: {e.text}", kind="error"
        )

    def _observers_listed(self, e: ev.CommandReply) -> None:
        listed = read_observers(e.events)
        if listed is not None and listed.game in self.view.followed:
            self.out.apply(ch.ObserversListed(listed.game, listed.observers))

    def _messages_listed(self, e: ev.CommandReply) -> None:
        """``message`` lists what waits (no file: nothing); ``erase`` leaves nothing."""
        if any(isinstance(x, ev.Error) for x in e.events):
            return
        if e.command.verb == "erase":
            self.out.apply(ch.MessagesListed(()))
            return
        found = read_messages(e.events)
        self.out.apply(
            ch.MessagesListed(tuple(ServerMessage(m.author, m.when, m.text) for m in found))
        )

    def _messages_waiting(self, e: ev.MessagesWaiting) -> None:
        self.out.apply(ch.MessagesWaiting(e.count))
        many = "a message" if e.count == 1 else f"{e.count} messages"
        self.out.notify(
            "messages", f"You have {many}", "The server kept them for you while you were away."
        )

    def _game_gone(self, number: int) -> None:
        """The server has no game ``number`` any more, though we still follow it in play: it
        ended while our link was down (the end never reached us). Show it as over rather than
        keep a board whose moves the server would refuse."""
        game = self.view.followed.get(number)
        if game is None or game.phase is GamePhase.FINISHED:
            return
        self.out.apply(ch.GameEnded(number))
        self.out.add_console(f"Game {number} is over: it ended while the link was down.", "igs-tui")

    # games ------------------------------------------------------------------------------------
    def _heading(self, e: ev.GameHeading) -> None:
        self._ctx.last_heading_game = e.game
        apply = self.out.apply
        role = self._my_role(e.white, e.black)
        game = self._game_of_heading(e, role)
        if game is None:
            return
        if (
            game.role is not Role.OBSERVING
            and role is None
            and game.white
            and {game.white, game.black} != {e.white, e.black}
        ):
            self._ctx.foreign.add(e.game)
            return  # our game's old number now belongs to someone else's game
        self._ctx.foreign.discard(e.game)
        # A heading comes with every move: only what it changes is applied.
        if (
            (game.white, game.black) != (e.white, e.black)
            or (role is not None and game.role is not role)
            or game.phase is GamePhase.ADJOURNED
        ):
            apply(ch.PlayersSeated(e.game, e.white, e.black, role))
        prisoners = game.prisoners
        if (prisoners[Color.WHITE], prisoners[Color.BLACK]) != (
            e.white_prisoners,
            e.black_prisoners,
        ):
            apply(ch.PrisonersCounted(e.game, e.white_prisoners, e.black_prisoners))
        settings = game.time_settings
        japanese = settings is not None and settings.system is TimeSystem.JAPANESE
        # "(0 0 -1)" on both sides is a game without time limit: with a limit, one side at
        # zero has already lost, so both cannot be. Broadcasts show it for their one account.
        no_limit = (settings is not None and settings.system is TimeSystem.NONE) or (
            e.white_seconds == e.black_seconds == 0
            and e.white_byo_stones == e.black_byo_stones == -1
        )
        readings: list[tuple[Color, ClockReading]] = []
        for color, secs, stones in (
            (Color.WHITE, e.white_seconds, e.white_byo_stones),
            (Color.BLACK, e.black_seconds, e.black_byo_stones),
        ):
            if stones >= 0 and japanese:
                continue  # "seconds, 1 stone" says less than the TIME lines that follow
            unlimited = no_limit and secs <= 0 and stones == -1
            reading = ClockReading(
                float(max(secs, 0)),
                in_byoyomi=stones >= 0,
                byo_stones=stones if stones >= 0 else -1,
                unlimited=unlimited,
            )
            readings.append((color, reading))
        if readings:
            apply(ch.ClocksRead(e.game, tuple(readings)))
        if role is not None and game.last_number == 0 and game.phase is GamePhase.PLAYING:
            # The server charges the first mover from the start (a real NNGS 1.1.22 does;
            # the clock used to wait at its full time until the first move came).
            first = Color.WHITE if game.handicap else Color.BLACK
            for color, reading in readings:
                if color is first:
                    apply(ch.ClockSet(e.game, color, reading, running=True))

    def _move(self, e: ev.Move) -> None:
        game = self._followed(e.game)
        if game is None or self._closed(game) or game.number in self._ctx.foreign:
            return  # (a closed game's number is another game's now)
        if e.number + 1 > game.last_number + 1:
            # Moves are missing (NNGS sends a reloaded game's last move only): the list
            # brings them, this one included.
            self.follow.moves_missing(game.number, e.number + 1)
            return
        if (
            game.role is Role.OBSERVING
            and e.point is None
            and not e.handicap
            and e.number + 1 == game.last_number + 1
            and game.moves
            and game.moves[-1].point is None
            and not game.moves[-1].handicap
        ):
            # a second pass in a row: before scoring, the list line tells observers the komi
            # the players agreed (NNGS tells only the players)
            self.follow.observed_pass(game.number, e.number)
        # A resent move list (``moves N``, a reconnect) repeats numbers: the model would ignore
        # them, so they are not applied (nor heard by every reader of the game).
        if e.number < game.last_number:
            if not self._listed_anew(game, e):
                return
            game = self._entry(game.number) or game
        if e.handicap:
            # A classic game's only word on its handicap.
            record = MoveRecord(e.number + 1, e.color, None, handicap=e.handicap)
        else:
            point = self._point(e.point, game.size)
            if e.point is not None and point is None:
                text = f"move {e.number + 1} at {e.point!r} is off a {game.size}x{game.size} board"
                self.out.apply(ch.SyncError(game.number, text))
                return
            record = MoveRecord(e.number + 1, e.color, point)
        self.out.apply(ch.MoveAdded(game.number, record))
        if self._made_now.get(game.number) is game:
            game.moves.append(record)  # the preview keeps up with the moves of its line

    def _time_info(self, e: ev.TimeInfo) -> None:
        game = self._followed(e.game)
        if game is None or e.color is None:
            return
        settings = time_settings_of(e)
        if settings is not None:
            # Observers never saw the challenge: the TIME line is where they learn the system.
            self.out.apply(ch.TimeSystemSet(game.number, settings, only_if_unknown=True))
        self.out.apply(ch.ClockSet(game.number, e.color, clock_reading_of(e)))

    def _props(self, e: ev.GameProps) -> None:
        if e.game not in self.view.followed:
            return
        self.out.apply(
            ch.GameSetup(
                e.game, ch.SetupSource.PROPERTIES, size=e.size, komi=e.komi, handicap=e.handicap
            )
        )

    def _title(self, e: ev.GameTitle) -> None:
        number = e.game if e.game is not None else self._ctx.last_heading_game
        if number is None:
            return
        game = self.view.followed.get(number)
        summary = self.view.games.get(number)
        if (game is not None and game.title != e.title) or (
            summary is not None and summary.title != e.title
        ):
            self.out.apply(ch.GameTitled(number, e.title))

    def _game_start(self, e: ev.GameStart) -> None:
        summary = GameSummary(e.game, e.white, e.white_rank, e.black, e.black_rank)
        self._number_reused(e.game, e.white, e.black)
        self.out.apply(ch.GamesListed((summary,)))
        role = self._my_role(e.white, e.black)
        if role is not None:
            if e.resumed:
                self._number_taken(e.game)  # loaded: a new entry, which goes on in its record
            # (the model lets a closed game under the number go: this one is new to it)
            self._own_game_started(e.game, e.white, e.black, role, fresh=not e.resumed)
            game = self._entry(e.game)
            if e.moves is not None and game is not None and game.last_number < e.moves:
                # NNGS's "{Game 1: W vs B @ Move 3}" is followed by the last move only
                self.follow.moves_missing(e.game, e.moves)
        elif not e.resumed:
            # an announcement says neither size nor komi: the game's list line does
            self.follow.game_announced(e.game, e.white, e.black)

    def _own_game_started(
        self, number: int, white: str, black: str, role: Role, *, fresh: bool = False
    ) -> TimeSettings | None:
        """Follow a new game of ours; the request it came from gives its time system (which
        is returned).

        A game reloaded after a lost link comes back under a new number while we still hold
        it as live under the old one (we never saw it adjourn): that old entry is marked
        adjourned, so lines that name no game go to the game that is really on. A game that
        an accepted request, an automatch or a match announcement (``fresh``) started is no
        reloaded game: its record is new whatever its first moves are.
        """
        apply = self.out.apply
        existing = self._entry(number)
        stale = [
            old.number
            for old in self.view.my_games()
            if old.number != number
            and old.phase is GamePhase.PLAYING
            and {old.white, old.black} == {white, black}
        ]
        other = white if role is Role.PLAYING_BLACK else black
        requested = self._started_by_request(other)
        if requested:
            self._number_taken(number)
        fresh = fresh or requested
        apply(ch.GameFollowed(number, role, white=white, black=black, fresh=fresh))
        for old in stale:  # after the new entry exists, so readers see where the game went
            apply(ch.PhaseChanged(old, GamePhase.ADJOURNED))
        challenge = self.out.close_challenge(other, "started")
        entry = existing
        if entry is not None and (self._closed(entry) or _renamed(entry, white, black)):
            entry = None  # the model makes a new entry for this game (see GameFollowed)
        moved = entry is not None and bool(entry.moves)
        settings = entry.time_settings if entry is not None else None
        if challenge is not None:
            # A classic match game's lines never say its size: the agreed terms do, and the
            # moves that follow must land on a board of that size.
            settings = challenge.terms.time_settings()
            apply(ch.TimeSystemSet(number, settings))
            if not moved:
                apply(ch.GameSetup(number, ch.SetupSource.TERMS, size=challenge.terms.size))
        if entry is None:
            self._preview(number, white=white, black=black, role=role, time_settings=settings)
        self.follow.own_game_started(number, white, black, entry, moved)
        return settings

    # which game a number is ----------------------------------------------------------------
    # Servers reuse a game's number as soon as the game is over. What the lines say decides
    # here when a game under a number is another one; the model (GameFollowed) then lets the
    # old one go and gives the new one an entry, tab, chat and record of its own. The changes
    # are applied after the line: what this line closed (:attr:`_closed_now`) and the entries
    # it made (:attr:`_made_now`, previews of what GameFollowed makes) are kept meanwhile, so
    # the rest of the line reads the games as they will be.
    def begin(self) -> None:
        """A new line (the caller applied the changes of the last one)."""
        if self._closed_now:
            self._closed_now.clear()
        if self._made_now:
            self._made_now.clear()

    def made_now(self, number: int) -> bool:
        """Does this line make a new entry for ``number``?"""
        return number in self._made_now

    def _entry(self, number: int) -> GameView | None:
        """The game followed under ``number`` as this line leaves it."""
        made = self._made_now.get(number)
        return made if made is not None else self.view.followed.get(number)

    def _closed(self, game: GameView) -> bool:
        """Is ``game`` closed, or closed by this line?"""
        if game.closed:
            return True
        return game.number in self._closed_now and self._made_now.get(game.number) is not game

    def _preview(self, number: int, **fields: Any) -> GameView:
        """The entry the changes of this line make for ``number`` (see :meth:`_entry`)."""
        game = GameView(number, **fields)
        self._made_now[number] = game
        return game

    def _game_of_heading(self, e: ev.GameHeading, role: Role | None) -> GameView | None:
        """The followed game a heading is about: a new entry when it starts a game of ours
        (IGS sends quiet players no "{Match N: ...}": the first heading is where our game
        starts) or names another game than the one we hold under its number (a closed game
        of ours, or a watched game whose number went to other players while we were away)."""
        game = self._entry(e.game)
        if role is not None and (
            game is None or self._closed(game) or _other_players(game, e.white, e.black)
        ):
            self._own_game_started(e.game, e.white, e.black, role)
        elif (
            game is not None
            and role is None
            and game.role is Role.OBSERVING
            and _other_players(game, e.white, e.black)
        ):
            self.out.apply(ch.GameFollowed(e.game, white=e.white, black=e.black))
            self._preview(e.game, white=e.white, black=e.black, size=game.size)
        return self._entry(e.game)

    def _number_reused(self, number: int, white: str, black: str, moves: int | None = None) -> None:
        """Game ``number`` is ``white`` vs ``black`` now, with ``moves`` moves if said (a
        listing, an announcement): a game we watch under the number with other players, or
        with more moves, is over, though its end never reached us (it is closed, so nothing
        of the new game goes into it)."""
        game = self._entry(number)
        if game is None or self._closed(game) or game.role is not Role.OBSERVING:
            return
        fewer = moves is not None and moves < game.last_number
        if not fewer and not _other_players(game, white, black):
            return
        self.out.apply(ch.GameEnded(number))
        self._closed_now.add(number)
        self._made_now.pop(number, None)
        self.out.add_console(
            f"Game {number} is over: the number is {white} vs {black}'s game now.", "igs-tui"
        )

    def _match_created(self, e: ev.MatchCreated) -> None:
        self._number_taken(e.game)

    def _number_taken(self, number: int) -> None:
        """A game of ours begins under ``number`` (a request was accepted, or a game is
        loaded: ``Creating match [N]``): a game we still hold as live under it is another
        one, over though its end never reached us (a lost link). Ours may come back by
        ``load``: it is adjourned (and a load of that very game under its old number is a
        new entry that goes on in its record); one we watched is over."""
        game = self._entry(number)
        if game is None or self._closed(game):
            return
        if game.role is Role.OBSERVING:
            self.out.apply(ch.GameEnded(number))
        else:
            self.out.apply(ch.PhaseChanged(number, GamePhase.ADJOURNED))
        self._closed_now.add(number)
        self._made_now.pop(number, None)
        self.out.add_console(f"Game {number} is over: a new game has its number.", "igs-tui")

    def _listed_anew(self, game: GameView, e: ev.Move) -> bool:
        """Is a move the server lists again (``moves N``, after a reconnect) another than the
        one we have under its number in a game we watch? Then the number is another game's
        (ours ended while we were away): the game is over, and a new entry takes the number
        with the moves listed before this one, which it shares."""
        if game.role is not Role.OBSERVING or e.handicap or not 0 <= e.number < len(game.moves):
            return False
        ours = game.moves[e.number]
        if ours.number == e.number + 1 and (ours.color, ours.point) == (
            e.color,
            self._point(e.point, game.size),
        ):
            return False
        number, shared = game.number, game.moves[: e.number]
        self.out.apply(ch.GameEnded(number))
        self._closed_now.add(number)
        self.out.add_console(f"Game {number} is over: its number is another game's now.", "igs-tui")
        self.out.apply(ch.GameFollowed(number, white=game.white, black=game.black))
        for move in shared:
            self.out.apply(ch.MoveAdded(number, move))
        self._preview(
            number, white=game.white, black=game.black, size=game.size, moves=list(shared)
        )
        return True

    def _moves_listed(self, number: int, events: tuple[ev.Event, ...]) -> None:
        """The whole move list of game ``number`` (``moves N``; after a reconnect too): when
        it is shorter than the game we watch under the number, the number is another game's
        now (ours ended while we were away, and the same players may have started again): ours
        is over, and a new entry takes the listed moves."""
        game = self._entry(number)
        heading = next((x for x in events if type(x) is ev.GameHeading and x.game == number), None)
        if game is None or self._closed(game) or game.role is not Role.OBSERVING or heading is None:
            return
        listed = [x for x in events if type(x) is ev.Move and x.game in (None, number)]
        if max((m.number + 1 for m in listed), default=0) >= game.last_number:
            return
        self.out.apply(ch.GameEnded(number))
        self._closed_now.add(number)
        self.out.add_console(f"Game {number} is over: its number is another game's now.", "igs-tui")
        self.out.apply(ch.GameFollowed(number, white=heading.white, black=heading.black))
        self._preview(number, white=heading.white, black=heading.black, size=game.size)
        for move in listed:
            self._move(move)

    def _started_by_request(self, opponent: str) -> bool:
        """Does a request with ``opponent`` (ours or theirs, or an automatch pairing) start
        this game? Then it is a new game, not one loaded again."""
        if self.view.challenge_from(opponent) is not None:
            return True
        matched, self._ctx.matched = self._ctx.matched, ""
        return matched == ANYONE or (bool(matched) and matched.casefold() == opponent.casefold())

    def _game_end(self, e: ev.GameEnd) -> None:
        if e.reason in ("removed", "completed"):
            return
        number = e.game
        if number is None:
            own = self._own_game()
            number = own.number if own is not None else None
        if number is None:
            return
        if e.reason == "adjourn":
            if number in self.view.followed:
                self.out.apply(ch.PhaseChanged(number, GamePhase.ADJOURNED))
            self.out.apply(ch.GameUnlisted(number))
            return
        scored = self._entry(number)
        if scored is not None and scored.is_adjourned:
            # An adjourned game stays as it was: the end of a game under its number is
            # another game's (or its own, loaded again: another entry, which we would follow).
            self.out.apply(ch.GameUnlisted(number))
            return
        if scored is not None and scored.score_check is not None:
            # The ``20`` line already gave the count; the end line only repeats it as text.
            self.out.apply(ch.GameEnded(number, scored.result))
            return
        if e.white_score is not None and e.black_score is not None:
            # a count (NNGS words it "White resigns. W 30.5 B 34.0": the score decides)
            counted = ServerScore(e.black_score, e.white_score).result
            self.out.apply(ch.GameEnded(number, counted))
            return
        result = result_from_text(e.text) or e.result
        if not result and scored is not None and scored.result:
            return  # over already, with a result: a later wording of the end adds nothing
        how = _LOSS_MARKS.get(e.reason, "")
        if not result and how and e.player and scored is not None:
            # "9 bob has resigned the game.", "9 bob has run out of time.", "9 bob lost the
            # game 88 due to no-move." name the loser, not the winner: the record wants
            # FF[4]'s RE[W+R] / RE[W+T] / RE[W+F] (forfeit), not the sentence
            if e.player == scored.black:
                result = f"W+{how}"
            elif e.player == scored.white:
                result = f"B+{how}"
        self.out.apply(ch.GameEnded(number, result or e.text))

    def _undo(self, e: ev.Undo) -> None:
        # A player's "28 X undid the last move" names no game: it is X's game of ours, not
        # the game of the last heading (which may be one we observe).
        if e.game is not None:
            game = self.view.followed.get(e.game)
        else:
            game = self._own_game_with(e.player) or self._own_game()
        if game is not None:
            if game.phase is GamePhase.SCORING:
                # NNGS: an undo in scoring goes back to play and takes back the last pass
                # (IGS never sends 28 in scoring: it restores the stones with 9 lines)
                self.out.apply(ch.PhaseChanged(game.number, GamePhase.PLAYING))
            self.out.apply(ch.MoveUndone(game.number))

    def _komi_request(self, e: ev.KomiRequest) -> None:
        game = self._own_game_with(e.player) or self._own_game()
        if game is not None:
            self.out.apply(ch.KomiProposed(game.number, e.komi))
        self.out.notify(
            "komi",
            f"{e.player} proposes komi {e.komi:g}",
            "Press ctrl+k in the game to agree.",
        )

    def _komi_set(self, e: ev.KomiSet) -> None:
        game = self._own_game()
        if game is not None:
            self.out.apply(ch.GameSetup(game.number, ch.SetupSource.AGREED, komi=e.komi))
        self.out.add_chat(
            BufferKey(ChatKind.SYSTEM), "server", f"Komi is now {e.komi:g}", kind="info"
        )

    def _undo_declined(self, e: ev.UndoDeclined) -> None:
        game = self._own_game_with(e.player) or self._own_game()
        if game is not None:
            self.out.apply(ch.UndoDeclined(game.number, e.player))
        self.out.notify("undo", "Undo declined", f"{e.player} declined the undo", bell=False)

    def _scoring_started(self, _e: ev.ScoringStarted) -> None:
        game = self._own_game()
        if game is None:
            return
        moves = game.moves
        trailing = 0
        while trailing < len(moves) and moves[-1 - trailing].point is None:
            if moves[-1 - trailing].handicap:
                break
            trailing += 1
        if trailing == 1 and game.phase is GamePhase.PLAYING:
            # Two passes started scoring and the second was not echoed to us (NNGS; IGS
            # announces scoring with two passes held and sends the third right after).
            last = moves[-1]
            implied = MoveRecord(last.number + 1, last.color.opponent, None)
            self.out.apply(ch.MoveAdded(game.number, implied))
            self.follow.scoring_after(2)
        self.out.apply(ch.PhaseChanged(game.number, GamePhase.SCORING))

    def _removal(self, e: ev.StoneRemoval) -> None:
        game = self._followed(e.game) if e.game is not None else self._own_game()
        if game is None:
            return
        point = self._point(e.point, game.size)
        if point is not None:
            self.out.apply(ch.DeadStonesMarked(game.number, (point,)))

    def _restored(self, _e: ev.BoardRestored) -> None:
        game = self._own_game()
        if game is not None and game.dead:
            self.out.apply(ch.DeadStonesCleared(game.number))

    # chat -------------------------------------------------------------------------------------
    def _tell(self, e: ev.Tell) -> None:
        key = self._tell_keys.get(e.name)
        if key is None:
            if len(self._tell_keys) >= TELL_KEYS_KEPT:
                self._tell_keys.clear()
            key = self._tell_keys[e.name] = BufferKey(ChatKind.TELL, e.name)
        self.out.add_chat(key, e.name, e.text, notify=True)

    def _say(self, e: ev.Say) -> None:
        number = e.game
        if number is None:
            own = self._own_game()
            number = own.number if own is not None else None
        key = BufferKey(ChatKind.GAME, str(number) if number is not None else "?")
        self.out.add_chat(key, e.name, e.text, kind="say", notify=True)
        game = self.view.followed.get(number) if number is not None else None
        if game is not None:
            line = Kibitz(e.name, "", e.text, game.last_number)
            self.out.apply(ch.GameChat(game.number, line, said=True))
            self.follow.said(game.number, e.name, e.text)

    def _kibitz(self, e: ev.Kibitz) -> None:
        key = BufferKey(ChatKind.GAME, str(e.game) if e.game is not None else "?")
        self.out.add_chat(key, e.name, e.text, kind="kibitz")
        game = self._followed(e.game) if e.game is not None else None
        if game is not None:
            move = e.move if e.move is not None else game.last_number
            line = Kibitz(e.name, e.rank, e.text, move)
            own = game.own_kibitz
            if (
                own is not None
                and own.author == e.name == self.view.me
                and (own.text, own.move_number) == (e.text, line.move_number)
            ):
                return  # a server that echoes our kibitz: the game holds it already
            self.out.apply(ch.GameChat(game.number, line))

    def _shout(self, e: ev.Shout) -> None:
        self.out.add_chat(_SHOUT_KEY, e.name, e.text)

    def _yell(self, e: ev.Yell) -> None:
        if e.channel is None or not e.name:
            # a code-32 line we cannot place: shown, but not as a channel of its own
            kind = "message" if e.name else "notice"
            self.out.add_chat(BufferKey(ChatKind.SYSTEM), e.name or "", e.text, kind=kind)
            return
        key = BufferKey(ChatKind.CHANNEL, str(e.channel))
        if e.name == self.view.me and self._echo_of_own(key, e.text):
            return  # the server's copy of a line we already show
        self.out.add_chat(key, e.name, e.text)

    def _echo_of_own(self, key: BufferKey, text: str) -> bool:
        """Is ``text`` the server repeating one of our recent lines in ``key`` to us? (IGS
        sends a channel message to everyone in the channel, the sender included; the client
        shows its own line at once.) Each own line matches one echo only."""
        for message in list(self.view.recent(key))[-ECHO_WINDOW:]:
            if message.kind == "own" and message.text == text and message not in self._echoed:
                self._echoed.append(message)
                return True
        return False

    def _channel_notice(self, e: ev.ChannelNotice) -> None:
        key = BufferKey(ChatKind.CHANNEL, str(e.channel))
        self.out.add_chat(key, "", e.text, kind="notice")

    def _error(self, e: ev.Error) -> None:
        self.out.add_chat(BufferKey(ChatKind.SYSTEM), "server", e.text, kind="error")

    # requests and presence --------------------------------------------------------------------
    def _offer(self, challenge: Challenge, *, classic: bool, suggested: str | None) -> bool:
        """Keep an incoming request; False when it was declined unseen (a blocked player's:
        no alert, no bell either)."""
        offer = Offer(classic, challenge.terms, suggested or "")
        return self.follow.offer_received(challenge, offer)

    def _match_request(self, e: ev.MatchRequest) -> None:
        if not self._offer(classic_challenge(e), classic=True, suggested=e.accept_command):
            return
        self.out.notify(
            "match",
            f"Match request from {e.opponent}",
            f"{e.size}x{e.size}, {e.minutes} min, byo-yomi {e.byoyomi_minutes} min",
        )

    def _nmatch_request(self, e: ev.NMatchRequest) -> None:
        if not self._offer(nmatch_challenge(e), classic=False, suggested=e.accept_command):
            return
        self.out.notify(
            "match",
            f"Match request from {e.opponent}",
            f"{e.size}x{e.size} {e.color} handicap {e.handicap}, {e.main_seconds // 60} min",
        )

    def _undo_request(self, e: ev.UndoRequest) -> None:
        game = self._own_game_with(e.player) or self._own_game()
        if game is not None:
            self.out.apply(ch.UndoAsked(game.number, e.player))
        self.out.notify("undo", "Undo requested", f"{e.player} requests undo")

    def _dispute(self, e: ev.MatchDispute) -> None:
        me = self.view.me.lower()
        mine = [r for r in e.requests if r.name.lower() == me]
        theirs = [r for r in e.requests if r.name.lower() != me]
        if not theirs:
            return
        self.out.add_dispute(
            Dispute(theirs[0].name, mine[0].terms if mine else (), theirs[0].terms)
        )

    def _cancelled(self, e: ev.MatchCancelled) -> None:
        self.out.close_challenge(e.player, "cancelled")
        self.follow.challenge_closed(e.player)
        self.out.notify("match", "Match request cancelled", f"{e.player} cancelled", bell=False)

    def _declined(self, e: ev.MatchDeclined) -> None:
        self.out.close_challenge(e.player, "declined")
        self.follow.challenge_closed(e.player)
        self.out.notify("match", "Match declined", f"{e.player} declined your request")

    def _error_line(self, e: ev.Error) -> None:
        if "does not support nmatch" in e.text:
            self.follow.nmatch_refused()
        self._error(e)

    # scoring ------------------------------------------------------------------------------------
    def _score_board(self, e: ev.ScoreBoard) -> None:
        self._ctx.score_board = e

    def _score(self, e: ev.Score) -> None:
        board, self._ctx.score_board = self._ctx.score_board, None
        game = self._scored_game(e.white, e.black)
        server = ServerScore(
            e.black_score,
            e.white_score,
            black_territory=len(board.black_territory) if board is not None else 0,
            white_territory=len(board.white_territory) if board is not None else 0,
            black_captures=board.black_captures if board is not None else None,
            white_captures=board.white_captures if board is not None else None,
            black_area=_points(board.black_territory, board.size) if board else frozenset(),
            white_area=_points(board.white_territory, board.size) if board else frozenset(),
        )
        if game is None:
            return
        self.out.apply(ch.GameScored(game.number, cross_check(game, server), server.result))

    def _scored_game(self, white: str, black: str) -> GameView | None:
        """The live game of these players: after a reload under a new number the stale entry
        is still followed (adjourned) and must not take the count of the game that is on."""
        for game in self.view.followed.values():
            if (
                game.white == white
                and game.black == black
                and game.phase in (GamePhase.PLAYING, GamePhase.SCORING)
            ):
                return game
        return self._own_game()

    def _game_notice(self, player: str | None, text: str) -> None:
        """A line about our game that names only a player: said in that game's chat (where
        the player looks), not only in the console."""
        game = self._own_game_with(player) or self._own_game()
        if game is not None:
            key = BufferKey(ChatKind.GAME, str(game.number))
            said = self.view.recent(key)
            last = said[-1] if said else None
            if last is not None and last.kind == "notice" and last.text == text:
                return  # said just before (a bot says it is done after each of our removals)
            self.out.add_chat(key, "", text, kind="notice")

    def _time_added(self, e: ev.TimeAdded) -> None:
        """The notice in the game's chat, and the clock of the side given time set forward
        at once (the server's next reading agrees; until then the clock would be wrong)."""
        s = "" if e.minutes == 1 else "s"
        game = self._own_game_with(e.player) if e.player else self._own_game()
        if game is None:
            game = self._own_game()
        color: Color | None = None
        if game is not None:
            mine = game.role.color
            if e.player:
                color = Color.WHITE if e.player == game.white else None
                color = Color.BLACK if e.player == game.black else color
            elif mine is not None and e.to_me is not None:
                color = mine if e.to_me else mine.opponent
        if e.player:
            who = e.player
        elif e.to_me:
            who = "You"
        else:
            who = "Your opponent"
        self._game_notice(
            e.player or None,
            f"{who} {'were' if who == 'You' else 'was'} given {e.minutes} more minute{s}.",
        )
        if game is None or color is None:
            return
        clock = game.clocks[color]
        reading = clock.at(self.view.clock())
        added = e.minutes * 60.0
        if reading.in_byoyomi:
            reading = replace(reading, byo_seconds=reading.byo_seconds + added)
        else:
            reading = replace(reading, main_seconds=reading.main_seconds + added)
        self.out.apply(ch.ClockSet(game.number, color, reading))

    def _clock_paused(self, e: ev.ClockPaused) -> None:
        """NNGS ``pause``/``unpause``: both clocks stop, or the mover's runs again."""
        game = self._own_game()
        if game is None:
            return
        now = self.view.clock()
        black = game.clocks[Color.BLACK].at(now)
        white = game.clocks[Color.WHITE].at(now)
        running = None if e.paused else game.board.to_move
        self.out.apply(ch.ClocksSynced(game.number, black, white, running))
        self.out.apply(ch.ClocksPaused(game.number, e.paused))
        text = "Clocks paused (unpause to resume)." if e.paused else "Clocks running again."
        self._game_notice(None, text)

    def _pause_request(self, e: ev.PauseRequest) -> None:
        self._game_notice(e.player, f"{e.player} asks to pause the game (type pause to agree).")
        self.out.notify(
            "pause", f"{e.player} asks to pause", "Type 'pause' in the console to agree."
        )

    def _adjourn_declined(self, e: ev.AdjournDeclined) -> None:
        game = self._followed(e.game) if e.game is not None else None
        game = game or self._own_game()
        if game is not None:
            key = BufferKey(ChatKind.GAME, str(game.number))
            self.out.add_chat(key, "", "Your opponent declined to adjourn.", kind="notice")
        self.out.notify("adjourn", "Adjournment declined", e.text, bell=False)

    def _shutdown(self, e: ev.ServerShutdown) -> None:
        """A banner that says what the shutdown means for the games we play: the server
        adjourns them, and they come back from Stored games once it is up again."""
        mine = [g.number for g in self.view.my_games() if g.phase is GamePhase.PLAYING]
        if mine:
            games = ", ".join(str(n) for n in mine)
            what = (
                f"Your game {games} will be adjourned by the server; load it again from "
                "Stored games when the server is back."
            )
        else:
            what = "The connection will close; reconnect when the server is back."
        self.out.add_chat(BufferKey(ChatKind.SYSTEM), "server", f"{e.text} {what}", kind="error")
        self.out.notify("server", "Server shutting down", what)

    def _review_line(self, e: ev.ReviewLine) -> None:
        """Review lines are shown (the shared review itself is not implemented): errors and
        invitations in the server buffer; the rest stays in the console."""
        if e.verb == "ERROR":
            self.out.add_chat(BufferKey(ChatKind.SYSTEM), "server", e.text, kind="error")
        elif e.verb.startswith("INVITED"):
            self.out.add_chat(
                BufferKey(ChatKind.SYSTEM),
                "server",
                f"Review {e.verb.lower()}: {e.text}",
                kind="info",
            )

    def _toggle_set(self, e: ev.ToggleSet) -> None:
        """The server's word on our open/looking/quiet flag: kept on our own row, which the
        status bar and F8/F9 read."""
        self.out.apply(ch.OwnToggleConfirmed(e.name, e.value))
        me = self.view.own_player if self.view.me else None
        if me is None:
            return
        if e.name == "open":
            self.out.apply(ch.PlayersUpdated((replace(me, open_for_matches=e.value),)))
        elif e.name == "looking":
            self.out.apply(ch.PlayersUpdated((replace(me, looking=e.value),)))
        elif e.name == "quiet":
            self.out.apply(ch.PlayersUpdated((replace(me, quiet=e.value),)))

    def _automatch_offer(self, e: ev.AutomatchOffer) -> None:
        byo = e.byoyomi_minutes * 60
        terms = MatchTerms(
            e.opponent,
            Color.BLACK,
            size=e.size,
            main_seconds=e.minutes * 60,
            byo_seconds=byo,
            byo_stones=e.byo_stones if byo else 0,
        )
        challenge = Challenge(terms, incoming=True, kind="automatch")
        if not self._offer(challenge, classic=True, suggested=e.accept_command):
            return
        self.out.notify(
            "match",
            f"Automatch offer from {e.opponent}",
            f"{e.size}x{e.size}, {e.minutes} min, byo-yomi {e.byoyomi_minutes} min",
        )

    def _seek_list(self, e: ev.SeekList) -> None:
        seekers = tuple(
            Seeker(s.name, s.main, s.byo_time, s.byo_stones, s.size or 19) for s in e.seekers
        )
        self.out.apply(ch.SeekersListed(seekers))

    def _observation_changed(self, e: ev.ObservationChanged) -> None:
        if e.game is not None and not e.added:
            self.dropped_observations.add(e.game)

    def _done_typed(self, e: ev.DoneTyped) -> None:
        self._game_notice(
            e.player,
            f"{e.player} is done removing dead stones; the game ends once you are done too.",
        )

    def _byoyomi_entered(self, e: ev.ByoyomiEntry) -> None:
        if e.player:
            self._game_notice(e.player, f"{e.player} is now in byo-yomi.")

    def _adjourn_request(self, e: ev.AdjournRequest) -> None:
        game = self._own_game_with(e.player) or self._own_game()
        if game is not None and game.phase is GamePhase.PLAYING:
            # the game view asks whether to agree (once per request)
            self.out.apply(ch.AdjournAsked(game.number, e.player))
            return
        self.out.notify(
            "adjourn",
            f"{e.player} would like to adjourn",
            "Press ctrl+o in the game to agree (the game can be loaded again later).",
        )

    def _server_version(self, e: ev.ServerVersion) -> None:
        self.follow.server_named(e)
        self.out.add_chat(BufferKey(ChatKind.SYSTEM), "server", e.text, kind="info")

    def _guest_notice(self, e: ev.GuestNotice) -> None:
        self.out.add_chat(BufferKey(ChatKind.SYSTEM), "server", e.text, kind="info")

    def _connected(self, e: ev.UserConnected) -> None:
        self.out.apply(ch.PlayersUpdated((Player(e.name, e.rank),)))
        if e.name.casefold() in self.view.friends:
            self.out.notify("friend", f"{e.name} logged on", "A friend is online.")

    def _disconnected(self, e: ev.UserDisconnected) -> None:
        self.out.apply(ch.PlayerLeft(e.name))
        if e.name.casefold() in self.view.friends:
            self.out.notify("friend", f"{e.name} logged off", "", bell=False)

    def _login(self, e: ev.LoginComplete) -> None:
        self.out.set_connection(user=e.name)
        if self.view.seek is not None:  # a new session: the server dropped our seek
            self.out.apply(ch.SeekChanged(None))


def _koryo(e: ev.TimeInfo) -> tuple[int, int, int, int]:
    """``(periods left, periods, period seconds, prebyoyomi)`` from a TIME line's trailing pairs
    (``periods_left/periods koryosec/koryosec prebyo/prebyo``, the nmatch argument order)."""
    extra = e.extra + (0,) * (6 - len(e.extra))
    return extra[0], extra[1], extra[2], extra[4]


def time_settings_of(e: ev.TimeInfo) -> TimeSettings | None:
    """The time system a ``15 TIME`` line's totals describe (None for a ``26`` reading).

    The totals mirror the nmatch arguments: koryo periods make it Japanese, byo-yomi time with
    stones Canadian, a prebyoyomi Bronstein, else absolute (or none).
    """
    if e.main_total is None:
        return None
    main, byo, stones = e.main_total, e.byo_total or 0, e.stones_total or 0
    _left, periods, period_seconds, prebyo = _koryo(e)
    if periods > 0 and period_seconds > 0:
        return TimeSettings.from_koryo(main, byo, periods, period_seconds, prebyo)
    return TimeSettings.classify(main, byo_seconds=byo, byo_stones=stones, delay_seconds=prebyo)


def clock_reading_of(e: ev.TimeInfo) -> ClockReading:
    """A clock reading from a TIME line (or a ``26`` answer), Japanese periods included.

    In Japanese byo-yomi the line's byo-yomi seconds may be the whole overtime left (grace
    plus every remaining period, as the embedded server sends) or just the current period;
    either way the reading shows the current period's seconds and the periods left, the form
    the local countdown uses up one by one.
    """
    left, periods, period_seconds, _pre = _koryo(e)
    if e.in_byoyomi and periods > 0 and period_seconds > 0:
        byo_left = e.byo_seconds or 0
        grace = e.byo_total or 0
        current = byo_left
        if grace == period_seconds:  # plain Japanese: the grace is the current period
            if byo_left > period_seconds:
                current = byo_left - left * period_seconds
            left += 1
        elif byo_left > period_seconds:
            current = byo_left - grace - max(0, left - 1) * period_seconds
        current = min(max(current, 0), period_seconds)
        return ClockReading(0.0, in_byoyomi=True, byo_seconds=float(current), periods=left)
    unlimited = e.main_total == 0 and not (e.byo_total or periods)
    if unlimited and not e.in_byoyomi:
        return ClockReading(0.0, unlimited=True)
    if e.in_byoyomi:
        # Canadian: the model keeps the period's seconds where the heading puts them.
        stones = e.stones if e.stones is not None and e.stones >= 0 else -1
        return ClockReading(float(e.byo_seconds or 0), in_byoyomi=True, byo_stones=stones)
    return ClockReading(float(e.main_seconds or 0))


def nmatch_challenge(e: ev.NMatchRequest) -> Challenge:
    """Terms of an ``nmatch`` offer from our side: the accept command's colour is ours."""
    color = None if e.color.upper() == "N" else Color.parse(e.color)
    byo_seconds, byo_stones, byo_periods = e.byo_seconds, e.byo_stones, 0
    if e.byo_stones == 1 and e.koryo_count > 0:
        s = TimeSettings.from_koryo(0, e.byo_seconds, e.koryo_count, e.koryo_seconds)
        byo_seconds, byo_stones, byo_periods = s.byo_seconds, 0, s.periods
    terms = MatchTerms(
        e.opponent,
        color,
        size=e.size,
        handicap=e.handicap,
        main_seconds=e.main_seconds,
        bronstein_seconds=e.prebyoyomi_seconds,
        byo_seconds=byo_seconds,
        byo_stones=byo_stones,
        byo_periods=byo_periods,
    )
    return Challenge(terms, incoming=True, kind="nmatch")


def classic_challenge(e: ev.MatchRequest) -> Challenge:
    """Terms of a classic ``match`` offer (minutes; IGS byo-yomi is 25 stones Canadian)."""
    color = e.your_color or (e.opponent_color.opponent if e.opponent_color else Color.BLACK)
    byo = (e.byoyomi_minutes or 0) * 60
    terms = MatchTerms(
        e.opponent,
        color,
        size=e.size,
        main_seconds=e.minutes * 60,
        byo_seconds=byo,
        byo_stones=25 if byo else 0,
    )
    return Challenge(terms, incoming=True, kind="match")


def _other_players(game: GameView, white: str, black: str) -> bool:
    """Does ``game`` (players known) have other players than ``white`` and ``black``?"""
    return bool(game.white or game.black) and (game.white, game.black) != (white, black)


def old_tab(followed: GameView, summary: GameSummary | None) -> bool:
    """Is the game we follow under a number another game than the one listed under it now?
    It is when it is closed (over or adjourned: servers reuse the number at once), or the
    list names other players or fewer moves than we have."""
    if followed.closed:
        return True
    if summary is None:
        return False
    named = bool(followed.white or followed.black)
    players = (followed.white, followed.black)
    return (named and players != (summary.white, summary.black)) or (
        summary.moves < followed.last_number
    )


def _renamed(game: GameView, white: str, black: str) -> bool:
    """Do ``white`` and ``black`` name other players than ``game``'s known ones? (The model's
    rule for another game under a number, see GameFollowed.)"""
    return any(
        known and named and known != named
        for known, named in ((game.white, white), (game.black, black))
    )


def cross_check(game: GameView, server: ServerScore) -> ScoreCheck:
    """Count the final position ourselves with the same dead stones and compare results."""
    ours = count_with_dead(game.board, game.dead, komi=game.komi)
    return ScoreCheck(server, ours.black, ours.white, ours.result)


def _summary(e: ev.GamesEntry) -> GameSummary:
    return GameSummary(
        e.game,
        e.white,
        e.white_rank,
        e.black,
        e.black_rank,
        moves=e.moves,
        size=e.size,
        handicap=e.handicap,
        komi=e.komi,
        byoyomi_minutes=e.byoyomi,
        flags=e.flags,
        observers=e.observers,
    )


def _card(reply: ev.CommandReply) -> PlayerCard:
    """A ``stats NAME`` reply as a card: its ``Label: value`` lines in order, or the error."""
    words = reply.command.line.split()
    stats = read_stats(words[1] if len(words) > 1 else "", reply.events)
    return PlayerCard(stats.name, stats.details, stats.error)


def _results(reply: ev.CommandReply) -> PlayerResults:
    """A ``results NAME`` reply as the player's games, each seen from the player (lines of
    other players' games, as in the server-wide listing, are left out)."""
    words = reply.command.line.split()
    name = words[1] if len(words) > 1 else ""
    lines = read_results(reply.events)
    if lines is None:
        error = next((x.text.strip() for x in reply.events if isinstance(x, ev.Error)), "")
        return PlayerResults(name, error=error or "No results.")
    me = name.casefold()
    games: list[PlayedGame] = []
    for line in lines:
        won = line.winner.casefold() == me
        if not won and line.loser.casefold() != me:
            continue
        color = line.winner_color if won else ("B" if line.winner_color == "W" else "W")
        games.append(
            PlayedGame(
                opponent=line.loser if won else line.winner,
                won=won,
                color=color,
                rank=line.winner_rank if won else line.loser_rank,
                opponent_rank=line.loser_rank if won else line.winner_rank,
                result=line.result,
                handicap=line.handicap,
                komi=line.komi,
                size=line.size,
                when=line.when,
            )
        )
    return PlayerResults(name, tuple(games))


def _entry_names(events: tuple[ev.Event, ...]) -> list[str]:
    """The names of a ``user`` reply's entries (the header and footer are the only others)."""
    return [x.name for x in events if type(x) is ev.UserEntry or type(x) is ev.UserRow]


def _row_player(e: ev.UserRow) -> Player:
    """A player of NNGS's ``user`` table (no country, score or language columns)."""
    flags = e.flags
    return Player(
        e.name,
        e.rank,
        info=e.info,
        playing=e.playing,
        observing=e.observing,
        idle=e.idle,
        open_for_matches="X" not in flags,
        looking="!" in flags,
        quiet="Q" in flags,
        shouts_off="S" in flags,
    )


def _player(e: ev.UserEntry) -> Player:
    flags = e.flags
    info = "" if e.info.strip().lower() == "<none>" else e.info
    # Ranks, countries, idle times and languages repeat across a listing of 100 000
    # players: one string each instead of one per player.
    return Player(
        e.name,
        intern(e.rank),
        info=info,
        country=intern(e.country),
        wins=e.won,
        losses=e.lost,
        playing=e.playing,
        observing=e.observing,
        idle=intern(e.idle),
        open_for_matches="X" not in flags,
        looking="!" in flags,
        quiet="Q" in flags,
        shouts_off="S" in flags,
        language=intern(e.language),
    )


_LISTING_EVENTS = frozenset({ev.UserEntry, ev.WhoEntry})

_HANDLERS: dict[type[ev.Event], Callable[[Translator, Any], None]] = {
    ev.GamesEntry: Translator._games_entry,
    ev.UserEntry: Translator._user_entry,
    ev.UserRow: Translator._user_row,
    ev.WhoEntry: Translator._who_entry,
    ev.CommandReply: Translator._command_reply,
    ev.GameHeading: Translator._heading,
    ev.Move: Translator._move,
    ev.TimeInfo: Translator._time_info,
    ev.GameProps: Translator._props,
    ev.GameTitle: Translator._title,
    ev.GameStart: Translator._game_start,
    ev.MatchCreated: Translator._match_created,
    ev.GameEnd: Translator._game_end,
    ev.Undo: Translator._undo,
    ev.ScoringStarted: Translator._scoring_started,
    ev.StoneRemoval: Translator._removal,
    ev.BoardRestored: Translator._restored,
    ev.Tell: Translator._tell,
    ev.Say: Translator._say,
    ev.Kibitz: Translator._kibitz,
    ev.Shout: Translator._shout,
    ev.Yell: Translator._yell,
    ev.ChannelNotice: Translator._channel_notice,
    ev.Error: Translator._error_line,
    ev.MatchDispute: Translator._dispute,
    ev.MatchCancelled: Translator._cancelled,
    ev.MatchDeclined: Translator._declined,
    ev.UndoDeclined: Translator._undo_declined,
    ev.KomiRequest: Translator._komi_request,
    ev.KomiSet: Translator._komi_set,
    ev.ScoreBoard: Translator._score_board,
    ev.Score: Translator._score,
    ev.MatchRequest: Translator._match_request,
    ev.NMatchRequest: Translator._nmatch_request,
    ev.UndoRequest: Translator._undo_request,
    ev.UserConnected: Translator._connected,
    ev.UserDisconnected: Translator._disconnected,
    ev.AdjournRequest: Translator._adjourn_request,
    ev.TimeAdded: Translator._time_added,
    ev.DoneTyped: Translator._done_typed,
    ev.ByoyomiEntry: Translator._byoyomi_entered,
    ev.MessagesWaiting: Translator._messages_waiting,
    ev.SeekSetups: Translator._seek_setups,
    ev.SeekEntered: Translator._seek_entered,
    ev.SeekCancelled: Translator._seek_cancelled,
    ev.SeekMatched: Translator._seek_matched,
    ev.SeekRefused: Translator._seek_refused,
    ev.ServerVersion: Translator._server_version,
    ev.GuestNotice: Translator._guest_notice,
    ev.LoginComplete: Translator._login,
    ev.Malformed: Translator._malformed,
    ev.ClockPaused: Translator._clock_paused,
    ev.PauseRequest: Translator._pause_request,
    ev.AdjournDeclined: Translator._adjourn_declined,
    ev.ServerShutdown: Translator._shutdown,
    ev.ReviewLine: Translator._review_line,
    ev.ToggleSet: Translator._toggle_set,
    ev.AutomatchOffer: Translator._automatch_offer,
    ev.SeekList: Translator._seek_list,
    ev.ObservationChanged: Translator._observation_changed,
}


def _points(names: tuple[str, ...], size: int) -> frozenset[Point]:
    """IGS coordinates of a status board as points (a name off the board is left out)."""
    points = set()
    for name in names:
        try:
            points.add(parse_point(name, size))
        except (CoordinateError, ValueError):
            continue
    return frozenset(points)
