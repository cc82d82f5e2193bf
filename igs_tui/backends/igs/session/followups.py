"""What the IGS session must remember between a command and the server's answer.

IGS answers some requests only indirectly, and a client has to follow up on its own:

* an ``nmatch`` to a player whose client cannot take it is refused with a line that does not
  name the request; the oldest unanswered ``nmatch`` then goes out again as a classic ``match``;
* ``nmatch`` and ``match`` have no komi field: when a game we asked for starts, its komi is
  proposed with ``komi`` unless it is the server's default (6.5 even, 0.5 with handicap);
* a classic ``match`` game's size and komi appear only in its games-list line: when a game of
  ours starts (or comes back under a new number) we ask for ``games N``;
* a request is answered in its own kind (``match`` or ``nmatch``), best with the line the server
  suggested, so the session remembers each open request's :class:`Offer`;
* IGS-family servers differ (NNGS has no ``nmatch`` or ``undoplease``, wants ``done``,
  ``adjourn`` and ``resign`` without a game number and ``load white-black``): the
  session keeps the server's :class:`~igs_tui.backends.igs.protocol.profile.ServerProfile`,
  learns it from the version line and from refusals, sends each command in the form the server
  takes, and when a command is refused for one of these reasons sends it again in the other
  form, once (:meth:`command_answered`);
* a move list with a gap (NNGS resends only the last move of a reloaded game) is completed
  with ``moves N``; a game announced by others, or an observed game that reaches a pass, is
  described with ``games N`` (size, komi: NNGS tells a new komi only to the players).

This part of the :class:`~igs_tui.backends.igs.session.IgsSession` holds that memory for both
directions: the session's intents tell it what was sent (:meth:`FollowUps.challenge_sent`), the
translator tells it what the server said (:meth:`FollowUps.nmatch_refused`,
:meth:`FollowUps.own_game_started`); it queues the follow-up commands in the session and puts
the model changes they imply in the session's :class:`~.outbox.Outbox`. None of it is
server-neutral, so none of it is in the model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from igs_tui.backends.igs.protocol import commands as cmd
from igs_tui.backends.igs.protocol.commands import Command
from igs_tui.backends.igs.protocol.events import CommandReply, ServerVersion
from igs_tui.backends.igs.protocol.profile import Refusal, RefusalKind, ServerProfile
from igs_tui.backends.igs.session.outbox import Outbox
from igs_tui.backends.igs.session.view import GameView, SessionView
from igs_tui.go import Color
from igs_tui.go.timecontrol import TimeSystem
from igs_tui.model import changes as ch
from igs_tui.model.chat import BufferKey, ChatKind
from igs_tui.model.games import GamePhase
from igs_tui.model.play import Challenge
from igs_tui.model.terms import MatchTerms

Queue = Callable[[Command], object]
Key = TypeVar("Key")
Learnt = Callable[[ServerProfile], object]

UNDO_BY_SAY = (
    "Could you take back my last move? Please type undo (this server has no undo requests)."
)
"""What goes to the opponent when the server has no ``undoplease`` (NNGS): there, the player to
move types ``undo`` to take back the other's last move."""

UNDO_REFUSED_BY_SAY = "Sorry, no undo this time."
"""Our answer to :data:`UNDO_BY_SAY` when we decline (NNGS has no ``noundo`` either)."""

UNDO_WORDS = frozenset(
    {"undo", "undo please", "undo pls", "please undo", "undo?", "undo please?", "can i undo?"}
)
"""A whole say that asks for an undo as people type it on NNGS (its help: "Your opponent might
realize the weak move he/she made and request an undo"), besides :data:`UNDO_BY_SAY`."""


def asks_for_undo(text: str, *, bare_words: bool = True) -> bool:
    """A game-chat line that is an undo request on a server without ``undoplease``: our own
    sentence (another igs-tui asking), or with ``bare_words`` a bare "undo please" (case and
    spacing ignored)."""
    words = " ".join(text.split()).casefold()
    if words == UNDO_BY_SAY.casefold():
        return True
    return bare_words and words.rstrip("!.") in UNDO_WORDS


_GAME_COMMANDS: dict[str, Callable[[int | None], Command]] = {
    "done": cmd.done,
    "adjourn": cmd.adjourn,
    "resign": cmd.resign,
}

AWAITING_LIMIT = 8
"""Unanswered ``nmatch`` requests remembered (older ones can no longer be refused usefully)."""


@dataclass(frozen=True, slots=True)
class Offer:
    """How an open request was made on IGS: what the model's server-neutral
    :class:`~igs_tui.model.Challenge` does not say."""

    classic: bool
    """A classic ``match`` (time in minutes, no handicap field) rather than ``nmatch``."""
    terms: MatchTerms
    """The terms the request had when it arrived (the suggested line fits only these)."""
    accept_command: str = ""
    """The server's suggested reply to an incoming request (empty for our own)."""


class FollowUps:
    """What IGS answers only indirectly, and the commands that follow from it (see the
    module's docstring). Reads the session's view; writes only to the outbox."""

    def __init__(
        self,
        view: SessionView,
        out: Outbox,
        queue: Queue,
        profile: ServerProfile | None = None,
        on_learnt: Learnt | None = None,
    ) -> None:
        self.view = view
        self.out = out
        self._queue = queue
        self.profile = profile if profile is not None else ServerProfile()
        """What the server supports (shared with the session, which leaves refused setup
        commands out of a login)."""
        self._on_learnt = on_learnt
        """Told whenever the profile changed (the app saves it per server)."""
        self._tell_passes()
        self._moves_asked: dict[tuple[int, int], int] = {}
        """Games whose missing moves we asked for: (number, serial) -> the move count then
        expected (numbers are reused: a game loaded again under its old number asks anew)."""
        self._listed: dict[tuple[int, str, str], None] = {}
        """Announced games whose list line we asked for: (number, white, black), the latest
        :data:`REMEMBERED` of them."""
        self._pass_described: dict[tuple[int, int, int], None] = {}
        """Observed games described at a pass: (number, serial, move number)."""
        self._awaiting_nmatch: list[MatchTerms] = []
        """Our nmatch requests not yet answered, oldest first (the server answers in order)."""
        self._komi_wanted: dict[str, MatchTerms] = {}
        """Our requests by opponent (lower case): the komi to propose once the game starts."""
        self._offers: dict[str, Offer] = {}
        """Open requests by opponent (lower case), both directions."""
        self._described: dict[int, object] = {}
        """Our games whose list line we asked for: number -> the followed game (numbers are
        reused, so a new game under an old number is described again)."""
        self._unsettled: list[int] = []
        self._pending_serials: set[int] = set()
        """Numbers keyed by ``PENDING`` in this line (see :meth:`settle`)."""
        self.made_now: Callable[[int], bool] = lambda _number: False
        """Does the current line make a new entry for this number? (The translator's.)"""
        """Numbers described for an entry the caller had not made yet (see :meth:`settle`)."""

    def emit(self, build: Callable[[], Command]) -> bool:
        """Queue what ``build`` makes; a ``ValueError`` from it is shown instead of sent."""
        try:
            command = build()
        except ValueError as exc:
            self.out.add_chat(BufferKey(ChatKind.SYSTEM), "igs-tui", str(exc), kind="error")
            return False
        self._queue(command)
        return True

    def _info(self, text: str) -> None:
        self.out.add_chat(BufferKey(ChatKind.SYSTEM), "igs-tui", text, kind="info")

    # how this server wants each command --------------------------------------------------------
    def game_command(self, verb: str, game: int | None) -> Command:
        """``done``/``adjourn``/``resign`` for ``game``, with its number where the server
        takes one (IGS) and without where it does not (NNGS)."""
        number = game if self.profile.takes_game_number(verb) else None
        return _GAME_COMMANDS[verb](number)

    def challenge_command(self, terms: MatchTerms) -> Command:
        """``nmatch`` for ``terms``, or the classic ``match`` on a server without ``nmatch``
        (raises ``ValueError`` for terms that cannot be said)."""
        if self.profile.has_command("nmatch"):
            return nmatch_command(terms)
        return classic_match(terms)

    def load_command(self, opponent: str) -> Command:
        """``load`` of our adjourned game with ``opponent``: by the opponent's name, or by
        the game's ``white-black`` name where the server wants that (NNGS)."""
        if self.profile.load_by_pair:
            pair = self._load_pair(opponent)
            if pair is not None:
                return cmd.load(pair)
        return cmd.load(opponent)

    def _load_pair(self, opponent: str) -> str | None:
        """``white-black`` of our game with ``opponent``: an adjourned one first, else the
        latest (None if we know none)."""
        other = opponent.lower()
        ours = [
            g
            for g in self.view.followed.values()
            if g.role.color is not None and other in (g.white.lower(), g.black.lower())
        ]
        if not ours:
            return None
        game = max(ours, key=lambda g: (g.phase is GamePhase.ADJOURNED, g.number))
        return f"{game.white}-{game.black}"

    def request_undo(self, game: int) -> None:
        """Ask the opponent to take back our last move: ``undoplease``, or on a server
        without it (NNGS, where the player to move types ``undo``) a word in the game chat."""
        if self.profile.has_command("undoplease"):
            self.emit(lambda: cmd.undoplease(game))
            return
        self._undo_by_say(game)

    def answer_undo(self, game: int, accept: bool) -> bool:
        """Answer the opponent's undo request. IGS: ``undo N`` or ``noundo N``. Without
        ``undoplease`` (NNGS) the request came in the game chat: ``undo`` (its number would be
        read as how many moves) takes back their last move, and a refusal is said in the chat
        (there is no ``noundo``). True if something went out."""
        if self.profile.has_command("undoplease"):
            return self.emit(lambda: cmd.undo(game) if accept else cmd.noundo(game))
        if accept:
            return self.emit(cmd.undo)
        return self._say_in(game, UNDO_REFUSED_BY_SAY)

    def undo_command(self, game: int) -> Command:
        """``undo`` in scoring (IGS: restore the removed stones; NNGS: back to play), with the
        game number only where the server reads it as one."""
        return cmd.undo(game if self.profile.has_command("undoplease") else None)

    def said(self, game: int, name: str, text: str) -> None:
        """A say in our game ``game``: on a server without ``undoplease`` the opponent's undo
        request or refusal comes this way, and is shown as one. Our own sentences say so
        themselves (the opponent's client learnt it first); a bare "undo please" counts only
        where the server is known to have no ``undoplease``."""
        followed = self.view.followed.get(game)
        if followed is None or followed.role.color is None:
            return
        if name.casefold() == self.view.me.casefold() or name.casefold() not in (
            followed.white.casefold(),
            followed.black.casefold(),
        ):
            return
        if asks_for_undo(text, bare_words=not self.profile.has_command("undoplease")):
            self.out.apply(ch.UndoAsked(game, name))
            self.out.notify("undo", "Undo requested", f"{name} asks for an undo")
        elif " ".join(text.split()) == UNDO_REFUSED_BY_SAY:
            self.out.apply(ch.UndoDeclined(game, name))
            self.out.notify("undo", "Undo declined", f"{name} declined the undo", bell=False)

    def _say_in(self, game: int | None, text: str) -> bool:
        """Say ``text`` in our game (its number only when we play several: NNGS would read it
        as part of the text) and show it in the game chat."""
        mine = [g.number for g in self.view.my_games()]
        number = game if len(mine) > 1 else None
        if not self.emit(lambda: cmd.say(text, number)):
            return False
        shown = str(game) if game is not None else (str(mine[0]) if mine else "?")
        me = self.view.me or "me"
        self.out.add_chat(BufferKey(ChatKind.GAME, shown), me, text, kind="own")
        return True

    def _undo_by_say(self, game: int | None) -> None:
        if self._say_in(game, UNDO_BY_SAY):
            self._info(
                "This server has no undo requests: your opponent was asked in the game chat "
                "to type undo (on their turn it takes back your last move)."
            )

    # what the server is -------------------------------------------------------------------------
    def server_named(self, event: ServerVersion) -> None:
        """The ``39`` version line or a banner naming the server: a server known by name
        brings its differences at once (the session, sharing the profile, may have learnt
        them already to choose the login's setup; the model and the store are told here)."""
        changed = self.profile.learn_version(event)
        if changed or self.profile.family:
            self._learnt()

    def scoring_after(self, passes: int) -> None:
        """Scoring began after ``passes`` consecutive passes."""
        if self.profile.learn_passes(passes):
            self._learnt()

    def _tell_passes(self) -> None:
        """The model says how many passes end play as this server does (NNGS: two)."""
        passes = self.profile.passes_to_score
        if passes != self.view.passes_to_end:
            self.out.apply(ch.PassesToEndSet(passes))

    def _learnt(self) -> None:
        self._tell_passes()
        if self._on_learnt is not None:
            self._on_learnt(self.profile)

    def command_answered(self, reply: CommandReply) -> bool:
        """Learn from a refusal in ``reply`` and send the command again in the form this
        server takes (once: the profile remembers). True if the reply was such a refusal."""
        refusal = self.profile.learn_reply(reply)
        if refusal is None:
            return False
        self._learnt()
        self._fall_back(refusal)
        return True

    def _fall_back(self, refusal: Refusal) -> None:
        command = refusal.command
        if refusal.kind is RefusalKind.COMMAND and refusal.name == "nmatch":
            self._info("This server has no nmatch: the offer goes out as a classic match.")
            self.nmatch_refused()
        elif refusal.kind is RefusalKind.COMMAND and refusal.name == "undoplease":
            self._undo_by_say(command.game)
        elif refusal.kind is RefusalKind.COMMAND and refusal.name == "noundo":
            self._say_in(command.game, UNDO_REFUSED_BY_SAY)
        elif refusal.kind is RefusalKind.NUMBERED and refusal.name in _GAME_COMMANDS:
            self.emit(lambda: _GAME_COMMANDS[refusal.name](None))
        elif refusal.kind is RefusalKind.LOAD_BY_NAME:
            words = command.line.split()
            pair = self._load_pair(words[1]) if len(words) == 2 else None
            if pair is not None:
                self.emit(lambda: cmd.load(pair))

    # what the game stream lacks -----------------------------------------------------------------
    def moves_missing(self, game: int, count: int) -> None:
        """Game ``game`` has ``count`` moves but ours stop short: ask for the list (once per
        gap; a new gap asks again)."""
        key = (game, self._serial(game))
        if self._moves_asked.get(key, -1) >= count:
            return
        self._moves_asked.pop(key, None)
        self._moves_asked[key] = count
        if len(self._moves_asked) > REMEMBERED:
            del self._moves_asked[next(iter(self._moves_asked))]
        self.emit(lambda: cmd.moves(game))

    def _serial(self, game: int) -> int:
        """The identity of the game we follow under number ``game`` (0: none; ``PENDING``
        for an entry the current line makes, known once its changes are applied)."""
        if self.made_now(game):
            self._pending_serials.add(game)
            return PENDING
        followed = self.view.followed.get(game)
        return followed.serial if followed is not None else 0

    def game_announced(self, number: int, white: str, black: str) -> None:
        """Someone's new game was announced: its list line tells its size and komi."""
        if _first_time(self._listed, (number, white.lower(), black.lower())):
            self.emit(lambda: cmd.games(number))

    def observed_pass(self, game: int, move_number: int) -> None:
        """A pass in a game we observe: scoring may be near, and a komi the players agreed
        (which NNGS tells only them) is in the game's list line."""
        if _first_time(self._pass_described, (game, self._serial(game), move_number)):
            self.emit(lambda: cmd.games(game))

    # what we sent ------------------------------------------------------------------------------
    def challenge_sent(self, terms: MatchTerms, *, classic: bool = False) -> None:
        if not classic:
            self._awaiting_nmatch.append(terms)
            del self._awaiting_nmatch[:-AWAITING_LIMIT]
        self._komi_wanted[terms.opponent.lower()] = terms
        self._offers[terms.opponent.lower()] = Offer(classic, terms)
        kind = "match" if classic else "nmatch"
        self.out.add_challenge(Challenge(terms, incoming=False, kind=kind))

    def offer_received(self, challenge: Challenge, offer: Offer) -> bool:
        """An incoming request: the model shows ``challenge``; we keep how to answer it. A
        blocked player's request is declined at once and never shown (False)."""
        if challenge.opponent.casefold() in self.view.blocked:
            self._queue(cmd.decline(challenge.opponent))
            return False
        self._offers[challenge.opponent.lower()] = offer
        self.out.add_challenge(challenge)
        return True

    def acceptance(self, terms: MatchTerms) -> Command:
        """The command that accepts ``terms``: the request's own kind, and the server's
        suggested line when the terms are unchanged (raises ``ValueError`` like the builders)."""
        offer = self._offers.get(terms.opponent.lower())
        if offer is not None and offer.terms == terms and offer.accept_command:
            return cmd.raw(offer.accept_command)
        if offer is not None and offer.classic:
            return classic_match(terms)
        return nmatch_command(terms)

    # what the server said ------------------------------------------------------------------------
    def nmatch_refused(self) -> None:
        """The opponent's client cannot take ``nmatch``: send the oldest request again as a
        classic ``match``."""
        if not self._awaiting_nmatch:
            return
        terms = self._awaiting_nmatch.pop(0)
        if self.emit(lambda: classic_match(terms)):
            self.challenge_sent(terms, classic=True)

    def own_game_started(
        self, number: int, white: str, black: str, entry: GameView | None, moved: bool
    ) -> None:
        """A game of ours began or came back: ask for its list line, propose our komi.

        ``entry`` is the view's entry for the game before this start (None: the changes
        just made create a new one); ``moved`` says whether the game has moves."""
        if entry is None or self._described.get(number) is not entry:
            self._described[number] = entry
            if entry is None:
                self._unsettled.append(number)
            self.emit(lambda: cmd.games(number))
        me = self.view.me.lower()
        opponent = black if white.lower() == me else white
        terms = self._komi_wanted.pop(opponent.lower(), None)
        if terms is None or moved:
            return
        marking = KIND_COMMANDS.get(terms.kind)
        if marking is not None and self.profile.has_command(marking().verb):
            self.emit(marking)  # a free or teaching game is marked by whoever offered it
        default = 0.5 if terms.handicap else 6.5
        if terms.komi != default:
            self.emit(lambda: cmd.komi(terms.komi))

    def settle(self) -> None:
        """The caller applied the last changes: a game described before its entry existed
        is remembered by the entry now made (a later start of the same entry asks no more)."""
        for number in self._unsettled:
            if self._described.get(number) is None:
                self._described[number] = self.view.followed.get(number)
        self._unsettled.clear()
        if self._pending_serials:
            pending, self._pending_serials = self._pending_serials, set()
            for number in pending:
                followed = self.view.followed.get(number)
                serial = followed.serial if followed is not None else 0
                asked = self._moves_asked.pop((number, PENDING), None)
                if asked is not None:
                    self._moves_asked[(number, serial)] = asked
                passes = [k for k in self._pass_described if k[:2] == (number, PENDING)]
                for passed in passes:
                    del self._pass_described[passed]
                    self._pass_described[(number, serial, passed[2])] = None

    def challenge_closed(self, opponent: str) -> None:
        """A request was declined or cancelled: no komi to propose, no way to answer it."""
        self._komi_wanted.pop(opponent.lower(), None)
        self._offers.pop(opponent.lower(), None)


PENDING = -1
"""The serial of an entry the current line makes (its number is known, its serial not yet)."""

KIND_COMMANDS: dict[str, Callable[[], Command]] = {"free": cmd.free, "teaching": cmd.teach}
"""The command that marks our new game as the kind the challenge asked for (rated: none)."""

REMEMBERED = 512
"""Keys kept by :func:`_first_time` (a day on IGS announces thousands of games)."""


def _first_time(seen: dict[Key, None], key: Key) -> bool:
    """True the first time ``key`` is seen (among the latest :data:`REMEMBERED`)."""
    if key in seen:
        return False
    seen[key] = None
    if len(seen) > REMEMBERED:
        del seen[next(iter(seen))]
    return True


def nmatch_command(terms: MatchTerms) -> Command:
    """The ``nmatch`` for ``terms`` (raises ``ValueError`` for terms IGS would refuse)."""
    s = terms.time_settings()
    if s.system is TimeSystem.BRONSTEIN:
        time = cmd.NMatchTime.bronstein(s.main_seconds, s.delay_seconds)
    elif s.system is TimeSystem.JAPANESE:
        grace, count, seconds = s.koryo()
        if count:
            time = cmd.NMatchTime.japanese(s.main_seconds, count, seconds, grace_seconds=grace)
        elif grace % 60 == 0:  # one period of S: S seconds a move, Canadian with 1 stone
            time = cmd.NMatchTime.canadian(s.main_seconds, grace, 1)
        else:
            raise ValueError(
                "IGS cannot say Japanese byo-yomi with one period of"
                f" {grace} s: give two periods or more, or whole minutes"
            )
    elif s.system is TimeSystem.CANADIAN:
        time = cmd.NMatchTime.canadian(s.main_seconds, s.byo_seconds, s.byo_stones)
    else:
        time = cmd.NMatchTime.absolute(s.main_seconds)
    color: Color | str = terms.color if terms.color is not None else "N"
    return cmd.nmatch(terms.opponent, color, terms.handicap, terms.size, time)


def classic_match(terms: MatchTerms) -> Command:
    """The classic ``match``: time in minutes, Canadian byo-yomi in minutes, no handicap.

    Spec: "match ivy W 19 15 10" - colour, size, time and byo-yomi are positional, so all
    four are always sent. Nigiri and handicaps cannot be said; nigiri falls back to Black.
    """
    if terms.handicap:
        raise ValueError("a classic match cannot set a handicap; place it with 'handicap N'")
    color = terms.color if terms.color is not None else Color.BLACK
    return cmd.match(
        terms.opponent, color, terms.size, terms.main_seconds // 60, terms.byo_seconds // 60
    )
