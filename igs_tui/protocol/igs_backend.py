"""The IGS implementation of the UI's server-neutral :class:`~igs_tui.model.backend.Backend`.

Each intent becomes one or more IGS commands handed to ``send`` (the connection driver's
``send``, which queues them behind the session's throttle). Our own chat lines are echoed into
the model because IGS does not send them back to the sender. Commands that the builders refuse
(bad names, bad time settings) are reported in the system buffer instead of being sent.
"""

from __future__ import annotations

from collections.abc import Callable

from igs_tui.go import Color, Point
from igs_tui.model import (
    TOPIC_CHALLENGES,
    TOPIC_FOLLOWED,
    BufferKey,
    Challenge,
    ChatKind,
    ClientModel,
    FollowedGame,
    GamePhase,
    Role,
)
from igs_tui.model.backend import MatchTerms
from igs_tui.protocol import commands as cmd
from igs_tui.protocol.commands import Command

Sender = Callable[[Command | str], object]


class IgsBackend:
    def __init__(self, model: ClientModel, send: Sender) -> None:
        self.model = model
        self._send = send
        self._channel: str | None = None
        self._awaiting_nmatch: list[MatchTerms] = []
        """Our nmatch requests not yet answered, oldest first (the server answers in order)."""
        self._refusals_seen = model.nmatch_refusals
        self._komi_wanted: dict[str, MatchTerms] = {}
        """Our open requests by opponent (lower case): once the game starts, their komi is
        proposed with ``komi`` (nmatch and match have no komi field)."""
        self._described: dict[int, FollowedGame] = {}
        """Our games whose list line we asked for, by number (numbers are reused)."""
        model.hub.subscribe(TOPIC_CHALLENGES, self._on_challenges)
        model.hub.subscribe(TOPIC_FOLLOWED, self._on_followed)

    def _emit(self, build: Callable[[], Command | str]) -> bool:
        try:
            command = build()
        except ValueError as exc:
            self.model.add_chat(BufferKey(ChatKind.SYSTEM), "igs-tui", str(exc), kind="error")
            return False
        self._send(command)
        return True

    def _own(self, kind: ChatKind, target: str, text: str) -> None:
        self.model.add_chat(BufferKey(kind, target), self.model.me or "me", text, kind="own")

    def _playing_games(self) -> list[int]:
        return [
            g.number
            for g in self.model.followed.values()
            if g.role is not Role.OBSERVING and g.phase in (GamePhase.PLAYING, GamePhase.SCORING)
        ]

    def _size(self, game: int) -> int:
        followed = self.model.followed.get(game)
        return followed.size if followed is not None else 19

    # lists and raw ----------------------------------------------------------------------------
    def send_raw(self, line: str) -> None:
        self._emit(lambda: line.strip())

    def refresh_games(self) -> None:
        self._emit(cmd.games)

    def refresh_players(self) -> None:
        self._emit(cmd.user)

    def player_stats(self, name: str) -> None:
        self._emit(lambda: cmd.stats(name))

    # observing --------------------------------------------------------------------------------
    def observe(self, game: int) -> None:
        followed = self.model.followed.get(game)
        if followed is not None and followed.phase is GamePhase.FINISHED:
            # The number was reused by a new game: start afresh instead of keeping the old one.
            self.model.unfollow(game)
            followed = None
        if followed is not None:
            self.fetch_moves(game)
            return
        self.model.follow(game)
        if self._emit(lambda: cmd.observe(game)):
            self.fetch_moves(game)

    def unobserve(self, game: int) -> None:
        followed = self.model.followed.get(game)
        if (
            followed is not None
            and followed.role is Role.OBSERVING
            and followed.phase is GamePhase.PLAYING
        ):
            self._emit(lambda: cmd.unobserve(game))
        self.model.unfollow(game)

    def fetch_moves(self, game: int) -> None:
        self._emit(lambda: cmd.moves(game))

    # chat -------------------------------------------------------------------------------------
    def tell(self, name: str, text: str) -> None:
        if self._emit(lambda: cmd.tell(name, text)):
            self._own(ChatKind.TELL, name, text)

    def say(self, game: int, text: str) -> None:
        # Spec: with one game, "you SHOULD NOT put the game number after say".
        number = game if len(self._playing_games()) > 1 else None
        if self._emit(lambda: cmd.say(text, number)):
            self._own(ChatKind.GAME, str(game), text)

    def kibitz(self, game: int, text: str) -> None:
        if self._emit(lambda: cmd.kibitz(game, text)):
            self._own(ChatKind.GAME, str(game), text)

    def shout(self, text: str) -> None:
        if self._emit(lambda: cmd.shout(text)):
            self._own(ChatKind.SHOUT, "", text)

    def join_channel(self, channel: str) -> None:
        if self._emit(lambda: cmd.channel(int(channel))):
            self._channel = channel
            self.model.buffer(BufferKey(ChatKind.CHANNEL, channel))

    def yell(self, channel: str, text: str) -> None:
        if self._channel != channel:
            self.join_channel(channel)
        if self._emit(lambda: cmd.yell(text)):
            self._own(ChatKind.CHANNEL, channel, text)

    # playing ----------------------------------------------------------------------------------
    def play(self, game: int, point: Point | None) -> None:
        if point is None:
            self._emit(lambda: cmd.pass_move(game))
        else:
            self._emit(lambda: cmd.move(point, game, self._size(game)))

    def remove_dead(self, game: int, point: Point) -> None:
        self._emit(lambda: cmd.move(point, game, self._size(game)))

    def restore_scoring(self, game: int) -> None:
        self._emit(lambda: cmd.undo(game))

    def done_scoring(self, game: int) -> None:
        self._emit(lambda: cmd.done(game))

    def resign(self, game: int) -> None:
        self._emit(lambda: cmd.resign(game))

    def request_undo(self, game: int) -> None:
        self._emit(lambda: cmd.undoplease(game))

    def answer_undo(self, game: int, accept: bool) -> None:
        if self._emit(lambda: cmd.undo(game) if accept else cmd.noundo(game)):
            followed = self.model.followed.get(game)
            if followed is not None and followed.undo_requested_by:
                followed.undo_requested_by = ""
                self.model.game_changed(game)

    def set_komi(self, game: int, komi: float) -> None:
        """Propose a komi, or agree to the opponent's proposal by sending the same value.

        IGS's ``komi`` takes no game number (it applies to the game we play), so ``game``
        only has to be one of ours; a value IGS would refuse is reported, not sent.
        """
        if game not in self._playing_games():
            self.model.add_chat(
                BufferKey(ChatKind.SYSTEM),
                "igs-tui",
                f"komi: game {game} is not a game we are playing",
                kind="error",
            )
            return
        self._emit(lambda: cmd.komi(komi))

    def add_time(self, game: int, minutes: int) -> None:
        self._emit(lambda: cmd.addtime(minutes, game))

    def adjourn(self, game: int) -> None:
        self._emit(lambda: cmd.adjourn(game))

    def load(self, opponent: str) -> None:
        self._emit(lambda: cmd.load(opponent))

    # challenges -------------------------------------------------------------------------------
    def _nmatch(self, terms: MatchTerms) -> Command:
        if terms.bronstein_seconds:
            time = cmd.NMatchTime.bronstein(terms.main_seconds, terms.bronstein_seconds)
        elif terms.byo_periods:
            time = cmd.NMatchTime.japanese(terms.main_seconds, terms.byo_periods, terms.byo_seconds)
        elif terms.byo_stones and terms.byo_seconds:
            time = cmd.NMatchTime.canadian(terms.main_seconds, terms.byo_seconds, terms.byo_stones)
        else:
            time = cmd.NMatchTime.absolute(terms.main_seconds)
        color: Color | str = terms.color if terms.color is not None else "N"
        return cmd.nmatch(terms.opponent, color, terms.handicap, terms.size, time)

    def check_terms(self, terms: MatchTerms) -> None:
        """Raise the ``nmatch`` builder's ``ValueError`` if IGS would refuse ``terms``."""
        self._nmatch(terms)

    def _classic_match(self, terms: MatchTerms) -> Command:
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

    def challenge(self, terms: MatchTerms) -> None:
        """Offer a game with ``nmatch``; if the server says the opponent's client cannot take
        it, the same terms go out again as a classic ``match`` (see :meth:`_on_challenges`)."""
        if self._emit(lambda: self._nmatch(terms)):
            self._awaiting_nmatch.append(terms)
            del self._awaiting_nmatch[:-8]
            self._komi_wanted[terms.opponent.lower()] = terms
            self.model.add_challenge(Challenge(terms, incoming=False))

    def counter_challenge(self, terms: MatchTerms) -> None:
        """Answer an offer with different terms (the server reports a dispute to both)."""
        offer = self.model.challenge_from(terms.opponent)
        if offer is not None and offer.classic:
            self._emit(lambda: self._classic_match(terms))
        else:
            self._emit(lambda: self._nmatch(terms))

    def accept_challenge(self, terms: MatchTerms) -> None:
        """Accept by re-sending the request's own terms in the request's own command kind."""
        offer = self.model.challenge_from(terms.opponent)
        if offer is not None and offer.terms == terms and offer.accept_command:
            line = offer.accept_command
            self._emit(lambda: line)
        elif offer is not None and offer.classic:
            self._emit(lambda: self._classic_match(terms))
        else:
            self._emit(lambda: self._nmatch(terms))

    def _propose_komi(self) -> None:
        """A request of ours that closed became a game: propose its komi if it is not the
        server's default (IGS: 6.5 for even games, 0.5 with handicap)."""
        for name, terms in list(self._komi_wanted.items()):
            if self.model.challenge_from(name) is not None:
                continue  # still open
            del self._komi_wanted[name]
            started = any(
                g.phase is GamePhase.PLAYING
                and g.role is not Role.OBSERVING
                and not g.moves
                and name in (g.white.lower(), g.black.lower())
                for g in self.model.followed.values()
            )
            default = 0.5 if terms.handicap else 6.5
            if started and terms.komi != default:
                self._emit(lambda k=terms.komi: cmd.komi(k))  # type: ignore[misc]

    def _on_followed(self, _topic: str) -> None:
        """A game of ours began (or came back): ask for its ``games N`` line, the one place
        IGS states a classic ``match`` game's size and komi (nmatch games also get them in
        GAMERPROPS; one extra line is cheaper than guessing which kind started)."""
        for number, game in list(self.model.followed.items()):
            if (
                game.role is Role.OBSERVING
                or game.phase is not GamePhase.PLAYING
                or self._described.get(number) is game
            ):
                continue
            self._described[number] = game
            self._emit(lambda n=number: cmd.games(n))  # type: ignore[misc]

    def _on_challenges(self, _topic: str) -> None:
        self._propose_komi()
        refusals = self.model.nmatch_refusals - self._refusals_seen
        self._refusals_seen = self.model.nmatch_refusals
        for _ in range(refusals):
            if not self._awaiting_nmatch:
                return
            terms = self._awaiting_nmatch.pop(0)
            if self._emit(lambda t=terms: self._classic_match(t)):  # type: ignore[misc]
                self._komi_wanted[terms.opponent.lower()] = terms
                self.model.add_challenge(Challenge(terms, incoming=False, classic=True))

    def decline_challenge(self, opponent: str) -> None:
        if self._emit(lambda: cmd.decline(opponent)):
            self.model.close_challenge(opponent, "declined")

    def set_open(self, value: bool) -> None:
        self._emit(lambda: cmd.toggle("open", value))

    def set_looking(self, value: bool) -> None:
        self._emit(lambda: cmd.toggle("looking", value))

    def quit(self) -> None:
        self._emit(cmd.quit)
