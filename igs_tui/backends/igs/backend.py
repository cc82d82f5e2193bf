"""The IGS backend as the UI sees it: every capability of :mod:`igs_tui.backends.capabilities`.

A thin layer over the :class:`~igs_tui.backends.igs.session.IgsSession`: each intent becomes
one or more typed IGS commands queued in the session (behind its throttle), the changes the
session made meanwhile are applied, and the link is told to write (``flush``). What an intent
shows at once (our own chat lines, which IGS does not send back to the sender; a game
observed or closed; our seek; friends and blocked players) is said by the session too, so its
own view knows it. Commands that the builders refuse (bad names, bad time settings) are
reported in the system buffer instead of being sent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from igs_tui.backends.capabilities import Capabilities
from igs_tui.backends.igs.protocol import commands as cmd
from igs_tui.backends.igs.protocol.commands import Command
from igs_tui.backends.igs.session import IgsSession
from igs_tui.go import MAX_SIZE, MIN_SIZE, Point
from igs_tui.model import (
    BufferKey,
    ChatKind,
    ClientModel,
    GamePhase,
)
from igs_tui.model import changes as ch
from igs_tui.model.lobby import Seek
from igs_tui.model.terms import MatchTerms


class IgsBackend:
    """IGS offers every capability; intents become validated commands in the session."""

    def __init__(
        self, model: ClientModel, session: IgsSession, flush: Callable[[], None] = lambda: None
    ) -> None:
        self.model = model
        self.session = session
        self._flush = flush
        """Tells the link there is something to write (wakes its loop)."""
        self._channel: str | None = None
        self._capabilities = Capabilities(
            absent="not offered by this server",
            console=self,
            listing=self,
            observing=self,
            messaging=self,
            channels=self,
            playing=self,
            adjusting=self,
            adjourning=self,
            matching=self,
            mailbox=self,
            audience=self,
            seeking=self,
            stored=self,
            rooms=self,
            social=self,
            history=self,
        )
        self._seek_toggled = False

    @property
    def capabilities(self) -> Capabilities:
        """Everything, less automatch and rooms on a server known to lack them (NNGS)."""
        profile = self.session.profile
        seeking = self if profile.has_command("seek") else None
        rooms = self if profile.has_command("room") else None
        if seeking is self._capabilities.seeking and rooms is self._capabilities.rooms:
            return self._capabilities
        self._capabilities = replace(self._capabilities, seeking=seeking, rooms=rooms)
        return self._capabilities

    # friends and blocked players ---------------------------------------------------------
    @property
    def kept_by_server(self) -> bool:
        """IGS's own ``friend`` and ``refuse`` lists are not documented well enough to drive
        (no reply format in the protocol notes): the client keeps the lists."""
        return False

    def set_social(self, friends: frozenset[str], blocked: frozenset[str]) -> None:
        """Friends and blocked players, matched by name in any case; a blocked player's
        requests are declined as they come (:meth:`FollowUps.offer_received`)."""
        self.session.set_social(friends, blocked)
        self._done()

    def close_game(self, game: int) -> None:
        """Closing a game's tab stops observing it (our own game is never closed here)."""
        self.unobserve(game)

    def _own(self, kind: ChatKind, target: str, text: str) -> None:
        self.session.own_line(BufferKey(kind, target), text)
        self._done()

    def _playing_games(self) -> list[int]:
        return [g.number for g in self.model.my_games()]

    def _size(self, game: int) -> int:
        followed = self.model.followed.get(game)
        return followed.size if followed is not None else 19

    def _done(self) -> None:
        """After an intent: apply what the session changed (a refusal, an own line) and
        have the link write what it queued."""
        for change in self.session.take_changes():
            self.model.apply(change)
        self._flush()

    def _emit(self, build: Callable[[], Command]) -> bool:
        """Queue what ``build`` makes (a refusal is shown instead); True if queued."""
        queued = self.session.command(build)
        self._done()
        return queued

    # lists and raw ----------------------------------------------------------------------------
    def send_raw(self, line: str) -> None:
        """A line typed in the console (``/quote``): a typed raw command."""
        self.session.send_raw(line)
        self._done()

    def refresh_games(self) -> None:
        self._emit(cmd.games)

    def refresh_players(self) -> None:
        self._emit(cmd.user)

    def player_stats(self, name: str) -> None:
        self._emit(lambda: cmd.stats(name))

    def player_results(self, name: str) -> None:
        self._emit(lambda: cmd.results(name))

    def read_messages(self) -> None:
        self._emit(cmd.messages)

    def erase_messages(self) -> None:
        self._emit(cmd.erase_messages)

    def list_observers(self, game: int) -> None:
        self._emit(lambda: cmd.observers(game))

    # automatch, stored games, rooms -------------------------------------------------------------
    def _seek_on(self) -> None:
        """IGS answers ``seek`` only to a client that said it knows it (as GoPanda2 does)."""
        if not self._seek_toggled:
            self._seek_toggled = self._emit(lambda: cmd.toggle("seek", True))

    def list_seek_setups(self) -> None:
        self._seek_on()
        self._emit(cmd.seek_setups)

    def seek(self, seek: Seek) -> None:
        """Enter the automatch queue; shown as seeking at once (a refusal takes it back)."""
        self._seek_on()
        self.session.seek(seek)
        self._done()

    def cancel_seek(self) -> None:
        self._emit(cmd.seek_cancel)

    def list_stored(self) -> None:
        self._emit(cmd.stored)

    def list_rooms(self) -> None:
        self._emit(cmd.rooms)

    def join_room(self, number: int) -> None:
        self._emit(lambda: cmd.join(number))

    # observing --------------------------------------------------------------------------------
    def observe(self, game: int) -> None:
        summary = self.model.games.get(game)
        if summary is not None and not MIN_SIZE <= summary.size <= MAX_SIZE:
            # Our board cannot show it; a server that lists it is broken or hostile.
            self.model.notify(
                "error",
                f"Cannot observe game {game}",
                f"its board size {summary.size} is outside {MIN_SIZE}-{MAX_SIZE}",
                bell=False,
            )
            return
        # The session decides: the game we follow has its moves brought up to date; one we do
        # not follow yet, or whose number an old tab holds, gets an entry of its own (see
        # GameFollowed) and observing reads it afresh.
        self.session.observe(game)
        self._done()

    def unobserve(self, game: int) -> None:
        self.session.unobserve(game)
        self._done()

    def fetch_moves(self, game: int) -> None:
        self._emit(lambda: cmd.moves(game))

    # chat -------------------------------------------------------------------------------------
    def _chat(
        self, kind: ChatKind, target: str, text: str, build: Callable[[str], Command]
    ) -> bool:
        """Send ``text`` as one or more lines (:func:`~.commands.split_message`), each shown as
        ours once sent; a text too long for :data:`~.commands.MAX_MESSAGE_LINES` lines is
        refused with a message in the conversation, and nothing is sent."""
        parts = cmd.split_message(text) or [text]  # nothing to say: the builder reports it
        if len(parts) > cmd.MAX_MESSAGE_LINES:
            most = cmd.MAX_MESSAGE_LINES * cmd.MAX_MESSAGE_CHARS
            self.model.add_chat(
                BufferKey(kind, target),
                "igs-tui",
                f"Not sent: {len(text)} characters is too long for a message "
                f"(at most about {most}, sent as up to {cmd.MAX_MESSAGE_LINES} lines).",
                kind="error",
            )
            return False
        for part in parts:
            if not self._emit(lambda part=part: build(part)):  # type: ignore[misc]
                return False
            self._own(kind, target, part)
        return True

    def tell(self, name: str, text: str) -> None:
        self._chat(ChatKind.TELL, name, text, lambda part: cmd.tell(name, part))

    def say(self, game: int, text: str) -> None:
        followed = self.model.followed.get(game)
        if (
            followed is not None
            and followed.phase is not GamePhase.PLAYING
            and (followed.phase is not GamePhase.SCORING)
        ):
            # IGS refuses ``say`` once a game is over (or adjourned): a word after the game
            # goes to the opponent as a tell, and is shown in the game's chat all the same.
            opponent = followed.opponent
            if opponent:
                self._chat(ChatKind.GAME, str(game), text, lambda part: cmd.tell(opponent, part))
                return
        # Spec: with one game, "you SHOULD NOT put the game number after say".
        number = game if len(self._playing_games()) > 1 else None
        if self._chat(ChatKind.GAME, str(game), text, lambda part: cmd.say(part, number)):
            self._own_game_chat(game, text, said=True)

    def kibitz(self, game: int, text: str) -> None:
        if self._chat(ChatKind.GAME, str(game), text, lambda part: cmd.kibitz(game, part)):
            self._own_game_chat(game, text, said=False)

    def _own_game_chat(self, game: int, text: str, *, said: bool) -> None:
        """Our own say or kibitz joins the game's chat, after the move it followed, as the
        server keeps it (it is not echoed to us): the record holds both sides' words."""
        self.session.own_game_chat(game, text, said=said)
        self._done()

    def shout(self, text: str) -> None:
        self._chat(ChatKind.SHOUT, "", text, cmd.shout)

    def join_channel(self, channel: str) -> None:
        if self._emit(lambda: cmd.channel(int(channel))):
            self._channel = channel
            self.model.buffer(BufferKey(ChatKind.CHANNEL, channel))

    def yell(self, channel: str, text: str) -> None:
        if self._channel != channel:
            self.join_channel(channel)
        self._chat(ChatKind.CHANNEL, channel, text, cmd.yell)

    # playing ----------------------------------------------------------------------------------
    def play(self, game: int, point: Point | None) -> None:
        if point is None:
            self._emit(lambda: cmd.pass_move(game))
        else:
            self._emit(lambda: cmd.move(point, game, self._size(game)))

    def remove_dead(self, game: int, point: Point) -> None:
        self._emit(lambda: cmd.move(point, game, self._size(game)))

    def restore_scoring(self, game: int) -> None:
        self.session.restore_scoring(game)
        self._done()

    def done_scoring(self, game: int) -> None:
        self.session.game_command("done", game)
        self._done()

    def resign(self, game: int) -> None:
        self.session.game_command("resign", game)
        self._done()

    def request_undo(self, game: int) -> None:
        self.session.request_undo(game)
        self._done()

    def answer_undo(self, game: int, accept: bool) -> None:
        answered = self.session.answer_undo(game, accept)
        self._done()
        if answered:
            followed = self.model.followed.get(game)
            if followed is not None and followed.undo_requested_by:
                self.model.apply(ch.UndoAsked(game, ""))

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
        self.session.game_command("adjourn", game)
        self._done()

    def load(self, opponent: str) -> None:
        self.session.load(opponent)
        self._done()

    # challenges -------------------------------------------------------------------------------
    def check_terms(self, terms: MatchTerms) -> str | None:
        """The builder's reason if the server would refuse ``terms`` (``nmatch``, or the
        classic ``match`` on a server without ``nmatch``)."""
        return self.session.check_terms(terms)

    def challenge(self, terms: MatchTerms) -> None:
        """Offer a game with ``nmatch``; if the server says the opponent's client cannot take
        it, or has no ``nmatch`` at all, the same terms go out again as a classic ``match``
        (see :class:`~igs_tui.backends.igs.session.followups.FollowUps`)."""
        self.session.challenge(terms)
        self._done()

    def accept_challenge(self, terms: MatchTerms) -> None:
        """Accept by re-sending the request's own terms in the request's own command kind."""
        self.session.accept(terms)
        self._done()

    def decline_challenge(self, opponent: str) -> None:
        self.session.decline(opponent)
        self._done()

    def set_open(self, value: bool) -> None:
        self._emit(lambda: cmd.toggle("open", value))

    def set_looking(self, value: bool) -> None:
        self._emit(lambda: cmd.toggle("looking", value))

    def quit(self) -> None:
        self._emit(cmd.quit)
