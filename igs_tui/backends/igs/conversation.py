"""What the IGS conversation must remember between a command and the server's answer.

IGS answers some requests only indirectly, and a client has to follow up on its own:

* an ``nmatch`` to a player whose client cannot take it is refused with a line that does not
  name the request; the oldest unanswered ``nmatch`` then goes out again as a classic ``match``;
* ``nmatch`` and ``match`` have no komi field: when a game we asked for starts, its komi is
  proposed with ``komi`` unless it is the server's default (6.5 even, 0.5 with handicap);
* a classic ``match`` game's size and komi appear only in its games-list line: when a game of
  ours starts (or comes back under a new number) we ask for ``games N``;
* a request is answered in its own kind (``match`` or ``nmatch``), best with the line the server
  suggested, so the conversation remembers each open request's :class:`Offer`.

This object holds that memory for both directions: the IGS backend tells it what was sent
(:meth:`challenge_sent`), the model adapter tells it what the server said
(:meth:`nmatch_refused`, :meth:`own_game_started`), and it sends the follow-up commands and
applies the model changes they imply. None of it is server-neutral, so none of it is in the
model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from igs_tui.backends.igs.protocol import commands as cmd
from igs_tui.backends.igs.protocol.commands import Command
from igs_tui.go import Color
from igs_tui.go.timecontrol import TimeSystem
from igs_tui.model import BufferKey, Challenge, ChatKind, ClientModel
from igs_tui.model.terms import MatchTerms

Sender = Callable[[Command | str], object]

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


class IgsConversation:
    def __init__(self, model: ClientModel, send: Sender) -> None:
        self.model = model
        self._send = send
        self._awaiting_nmatch: list[MatchTerms] = []
        """Our nmatch requests not yet answered, oldest first (the server answers in order)."""
        self._komi_wanted: dict[str, MatchTerms] = {}
        """Our requests by opponent (lower case): the komi to propose once the game starts."""
        self._offers: dict[str, Offer] = {}
        """Open requests by opponent (lower case), both directions."""
        self._described: dict[int, object] = {}
        """Our games whose list line we asked for: number -> the followed game (numbers are
        reused, so a new game under an old number is described again)."""

    def emit(self, build: Callable[[], Command | str]) -> bool:
        """Send what ``build`` makes; a ``ValueError`` from it is shown instead of sent."""
        try:
            command = build()
        except ValueError as exc:
            self.model.add_chat(BufferKey(ChatKind.SYSTEM), "igs-tui", str(exc), kind="error")
            return False
        self._send(command)
        return True

    # what we sent ------------------------------------------------------------------------------
    def challenge_sent(self, terms: MatchTerms, *, classic: bool = False) -> None:
        if not classic:
            self._awaiting_nmatch.append(terms)
            del self._awaiting_nmatch[:-AWAITING_LIMIT]
        self._komi_wanted[terms.opponent.lower()] = terms
        self._offers[terms.opponent.lower()] = Offer(classic, terms)
        kind = "match" if classic else "nmatch"
        self.model.add_challenge(Challenge(terms, incoming=False, kind=kind))

    def offer_received(self, challenge: Challenge, offer: Offer) -> None:
        """An incoming request: the model shows ``challenge``; we keep how to answer it."""
        self._offers[challenge.opponent.lower()] = offer
        self.model.add_challenge(challenge)

    def acceptance(self, terms: MatchTerms) -> Command | str:
        """The command that accepts ``terms``: the request's own kind, and the server's
        suggested line when the terms are unchanged (raises ``ValueError`` like the builders)."""
        offer = self._offers.get(terms.opponent.lower())
        if offer is not None and offer.terms == terms and offer.accept_command:
            return offer.accept_command
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

    def own_game_started(self, number: int, white: str, black: str) -> None:
        """A game of ours began or came back: ask for its list line, propose our komi."""
        game = self.model.followed.get(number)
        if game is None:
            return
        if self._described.get(number) is not game:
            self._described[number] = game
            self.emit(lambda: cmd.games(number))
        me = self.model.me.lower()
        opponent = black if white.lower() == me else white
        terms = self._komi_wanted.pop(opponent.lower(), None)
        if terms is None or game.moves:
            return
        default = 0.5 if terms.handicap else 6.5
        if terms.komi != default:
            self.emit(lambda: cmd.komi(terms.komi))

    def challenge_closed(self, opponent: str) -> None:
        """A request was declined or cancelled: no komi to propose, no way to answer it."""
        self._komi_wanted.pop(opponent.lower(), None)
        self._offers.pop(opponent.lower(), None)


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
