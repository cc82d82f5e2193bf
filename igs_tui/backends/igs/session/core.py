"""``IgsSession``: one IGS login's conversation as one sans-IO object (the KGS shape).

Shaped like ``h11.Connection`` and :class:`~igs_tui.backends.kgs.session.KgsSession`: the caller
owns the socket and the clock. It feeds every decoded server line to
:meth:`IgsSession.receive_line`, which returns the model changes the line means (its console
line among them); it writes what :meth:`IgsSession.data_to_send` returns, at the latest when
:meth:`IgsSession.next_send_time` says, and applies what :meth:`IgsSession.take_changes`
holds after a send or an intent. Intents (:meth:`send`, :meth:`challenge`, :meth:`load`...)
queue typed :class:`~igs_tui.backends.igs.protocol.commands.Command` values; nothing is ever a
string to classify again.

Inside, by job: a :class:`~igs_tui.backends.igs.protocol.wire.WireSession` per connection
(login handshake, setup, the send throttle, reply correlation), the
:class:`~igs_tui.backends.igs.protocol.restore.SessionMemory` across connections (what to
restore after a reconnect), :class:`~.followups.FollowUps` (what IGS answers only
indirectly: the ``nmatch`` fallback, komi, ``games N``, ``moves N``, the server's profile)
and the :class:`~.translate.Translator` (events to changes). It never sees the caller's model:
what it must know of the games, the players and the chat to read a line is its own
:class:`~.view.SessionView`, which takes every change as it is handed to the caller (through
:class:`~.outbox.Outbox`), so a session fed lines whose changes nobody applies reads them just
the same.

Typical loop::

    session = IgsSession("name", "secret", clock=monotonic)
    session.connection_made()
    for line in transport_lines():                  # decoded, CR/LF stripped
        for change in session.receive_line(line):
            model.apply(change)
        for out in session.data_to_send(monotonic()):
            write(out + "\\r\\n")
        for change in session.take_changes():       # the sent lines' console entries
            model.apply(change)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

from igs_tui.backends.igs.protocol import commands as cmd
from igs_tui.backends.igs.protocol import events as ev
from igs_tui.backends.igs.protocol.commands import Command
from igs_tui.backends.igs.protocol.profile import ServerProfile
from igs_tui.backends.igs.protocol.restore import FORFEIT_SECONDS, SessionMemory
from igs_tui.backends.igs.protocol.wire import LOCAL_BURST, LOCAL_RATE, WireSession
from igs_tui.backends.igs.session.followups import FollowUps, Learnt
from igs_tui.backends.igs.session.outbox import Outbox
from igs_tui.backends.igs.session.translate import Translator, old_tab
from igs_tui.backends.igs.session.view import SessionView
from igs_tui.model import changes as ch
from igs_tui.model.chat import BufferKey
from igs_tui.model.games import GamePhase, Kibitz, Role
from igs_tui.model.lobby import Seek
from igs_tui.model.terms import MatchTerms

WireFactory = Callable[[str, str, ServerProfile], WireSession]
"""Builds the wire part of one connection: (user name, password, the server's profile)."""


class IgsSession:
    """One IGS login kept across reconnects (see the module's docstring).

    Args:
        username, password: the account (an unknown name logs in as a guest).
        clock: monotonic seconds, for the clocks the session reads (the caller's model
            should count with the same clock).
        profile: what is known of the server already (``on_learnt`` hears of each change).
        rate, burst: the send throttle (IGS kicks clients that flood it; ``fast`` lifts it
            for the embedded server).
        refresh_moves, forfeit_seconds: see :class:`SessionMemory`.
        wire: builds each connection's :class:`WireSession` (tests shape the setup).
        wall_clock: the time stamped on chat lines.
        finished_kept: how many finished games the caller keeps (the model's
            ``limits.finished_tabs``); the view keeps as many (default: the model's default).
    """

    def __init__(
        self,
        username: str,
        password: str,
        *,
        clock: Callable[[], float] = time.monotonic,
        profile: ServerProfile | None = None,
        on_learnt: Learnt | None = None,
        rate: float = 3.0,
        burst: float = 3.0,
        fast: bool = False,
        refresh_moves: bool = True,
        forfeit_seconds: float = FORFEIT_SECONDS,
        wire: WireFactory | None = None,
        wall_clock: Callable[[], float] = time.time,
        finished_kept: Callable[[], int] | None = None,
    ) -> None:
        self.view = SessionView(clock, finished_kept)
        """What the session knows of the games, the players and the chat (its own)."""
        view = self.view
        self.username = username
        self._password = password
        self.profile = profile if profile is not None else ServerProfile()
        """What the server supports: learnt here, shared with each connection's wire (which
        leaves refused setup commands out of a login)."""
        if fast:
            rate, burst = LOCAL_RATE, LOCAL_BURST
        self._wire_factory = wire or (
            lambda user, secret, known: WireSession(
                user, secret, rate=rate, burst=burst, profile=known
            )
        )
        self.out = Outbox(view, wall_clock)
        self.memory = SessionMemory(refresh_moves=refresh_moves, forfeit_seconds=forfeit_seconds)
        self.follow = FollowUps(view, self.out, self.send, self.profile, on_learnt)
        self.translator = Translator(view, self.out, self.follow)
        self.follow.made_now = self.translator.made_now
        self._wire: WireSession | None = None
        self.events: Sequence[ev.Event] = ()
        """The protocol events of the last line read (for programs that act on server lines,
        like the bot; the model needs only the changes)."""
        self.logged_in_as: str | None = None
        """The account name of the current login (``guestNNNN`` for a guest), else None."""
        self.guest = False
        self.login_rejected = ""
        """Why the login was refused for good ("wrong password", or the server's words for
        refusing the name, such as a lockout); retrying cannot fix it. Empty until then."""
        self.restoring: tuple[Command, ...] = ()
        """What the last login sent to bring the session back (``load``, ``observe``...)."""
        self.ayt_answers = 0
        """``ayt`` answers heard (the keepalive measures its round trip by them)."""
        self.quitting = False
        """``quit`` was queued: the server's closing the link is no reason to reconnect."""

    # the connection --------------------------------------------------------------------------
    @property
    def wire(self) -> WireSession | None:
        """The current connection's wire session (None between connections)."""
        return self._wire

    @property
    def forfeit_deadline(self) -> float | None:
        """Monotonic time by which the interrupted own game must be reloaded, or None."""
        return self.memory.forfeit_deadline

    def connection_made(self) -> None:
        """A new connection: a fresh login handshake (what is remembered stays)."""
        self._wire = self._wire_factory(self.username, self._password, self.profile)
        self.logged_in_as = None
        self.guest = False
        self.login_rejected = ""
        self.quitting = False
        self.restoring = ()

    def connection_lost(self, now: float) -> float | None:
        """The link is gone at ``now``: the forfeit deadline if a game of ours is at stake."""
        self.close()
        return self.memory.disconnected(now)

    def close(self) -> None:
        """Nothing more will be sent on this connection."""
        wire, self._wire = self._wire, None
        self.logged_in_as = None
        if wire is not None:
            wire.close()

    def redact(self, line: str) -> str:
        """``line`` fit to show or record: the password becomes ``********``."""
        wire = self._wire
        return wire.redact(line) if wire is not None else line

    def is_credential(self, line: str) -> bool:
        """Is ``line`` the user name or the password (kept out of telnet's echo and logs)?"""
        return line in (self.username, self._password)

    # receiving -------------------------------------------------------------------------------
    def receive_line(self, line: str) -> list[ch.Change]:
        """One decoded server line: the model changes it means, its console line included."""
        self.follow.settle()
        translator = self.translator
        translator.begin()
        translator.received_line(line)
        wire = self._wire
        events = wire.receive_line(line) if wire is not None else []
        self.events = events
        for event in events:
            self._handle(event)
        if events:
            self._forfeit_over()
        return self.out.take()

    def receive_event(self, event: ev.Event) -> list[ch.Change]:
        """An event read elsewhere (a test's, a parser's of a file): what it means, as if
        its line had been received."""
        self.follow.settle()
        self.translator.begin()
        self._handle(event)
        return self.out.take()

    def lines_done(self) -> list[ch.Change]:
        """The lines read so far are all handled (the end of a read): what waits for its batch
        (the console's lines, a listing's players) is released."""
        self.translator.flush()
        return self.out.take()

    def finish(self) -> list[ch.Change]:
        """End of input (a replayed transcript): events the parser still holds, then the
        batches."""
        wire = self._wire
        self.translator.begin()
        events = wire.flush() if wire is not None else []
        for event in events:
            self._handle(event)
        return self.lines_done()

    def unreadable(self, text: str, reason: str) -> list[ch.Change]:
        """A line no stage could read (the transport's or the session's fault): shown in the
        console; reading goes on."""
        self.translator.receive(ev.Malformed(text, reason))
        return self.out.take()

    def expire(self, now: float, timeout: float = 60.0) -> list[ch.Change]:
        """Close commands still unanswered ``timeout`` seconds after they were written."""
        wire = self._wire
        self.translator.begin()
        if wire is not None:
            for reply in wire.expire(now, timeout):
                self._handle(reply)
        return self.out.take()

    def replay_sent(self, line: str, now: float = 0.0) -> list[ch.Change]:
        """A line the recorded session sent (``igs-tui replay``): the answers that follow are
        correlated with it, and the console shows it, as when it went out. What the session
        queues itself meanwhile (follow-ups, restores) is never written: the transcript
        already holds what was."""
        wire = self._wire
        if wire is not None:
            command = cmd.raw(line)
            self.memory.note_command(command)
            wire.replayed(command, now)
            self._intent_of(command)
        self.translator.sent_line(line)
        return self.out.take()

    def _intent_of(self, command: Command) -> None:
        """What the intent that sent ``command`` showed before it went out (the transcript
        holds the line, not the intent): ``observe N`` of a game not followed follows it (an
        old tab under that number, a closed game, is let go), ``unobserve N`` lets it go."""
        number = command.game
        if number is None:
            return
        game = self.view.followed.get(number)
        if command.verb == "observe":
            self._follow_observed(number)
        elif command.verb == "unobserve" and game is not None and game.role is Role.OBSERVING:
            self.out.apply(ch.GameUnfollowed(number))

    def _follow_observed(self, number: int) -> bool:
        """Game ``number`` is to be watched: unless the game we follow under the number is the
        one listed there now, it gets an entry of its own (see ``GameFollowed``: an old tab,
        a closed game, is let go). True if it did (it is read afresh)."""
        game = self.view.followed.get(number)
        summary = self.view.games.get(number)
        if game is not None and not old_tab(game, summary):
            return False
        white, black = (summary.white, summary.black) if summary is not None else (None, None)
        self.out.apply(ch.GameFollowed(number, Role.OBSERVING, white=white, black=black))
        return True

    def stops_observing_with_unobserve(self, game: int) -> bool:
        """Whether closing observed game ``game`` should send ``unobserve N``: not on a
        server whose ``unobserve`` toggles (NNGS) once it dropped the game from our list."""
        return not (self.profile.unobserve_toggles and game in self.translator.dropped_observations)

    def take_changes(self) -> list[ch.Change]:
        """Changes made since the last input (a sent line's console entry, an intent's own
        chat line or refusal): the caller applies them."""
        return self.out.take()

    def _handle(self, event: ev.Event) -> None:
        """Login bookkeeping and the restore memory, then the translation to changes."""
        if isinstance(event, ev.LoginComplete):
            self.logged_in_as = event.name
            self.guest = event.guest
            self.restoring = tuple(self.memory.restore_commands())
            self.translator.receive(event)
            for command in self.restoring:
                self._queue(command)
            return
        if isinstance(event, ev.LoginFailed) and event.final:
            self.login_rejected = event.reason
        elif isinstance(event, ev.Ayt):
            self.ayt_answers += 1
        for command in self.memory.received(event, self.logged_in_as):
            self._queue(command)
        self.translator.receive(event)

    def _forfeit_over(self) -> None:
        """The interrupted game is back (its heading came): the countdown shown ends. The
        link came back before the game did (``load`` may wait for the opponent)."""
        if self.view.connection.forfeit_deadline is not None and self.forfeit_deadline is None:
            self.out.set_connection(forfeit_deadline=None, detail="")

    # sending ---------------------------------------------------------------------------------
    def send(self, command: Command) -> bool:
        """Queue ``command``; False if there is no connection (it is dropped: a move or a
        match request typed while offline would be stale by the time we are back).
        ``observe``/``unobserve`` are remembered either way, so an observation started
        offline is restored.

        Raises:
            ValueError: a multi-line command.
        """
        if command.verb == "observe" and command.game is not None:
            self.translator.dropped_observations.discard(command.game)
        self.memory.note_command(command)
        return self._queue(command)

    def _queue(self, command: Command) -> bool:
        wire = self._wire
        if wire is None:
            return False
        if command.verb in ("quit", "exit"):
            self.quitting = True
        wire.send(command)
        return True

    def command(self, build: Callable[[], Command]) -> bool:
        """Queue what ``build`` makes; a ``ValueError`` from the builder is shown in the
        system buffer instead (see :meth:`take_changes`). True if it was queued."""
        return self.follow.emit(build)

    def data_to_send(self, now: float) -> list[str]:
        """Lines to write now (no line ending), as far as the throttle allows; each one's
        console entry (the password redacted) waits in :meth:`take_changes`."""
        wire = self._wire
        if wire is None:
            return []
        lines = wire.data_to_send(now)
        for line in lines:
            self.translator.sent_line(wire.redact(line))
        return lines

    def next_send_time(self, now: float) -> float | None:
        """When :meth:`data_to_send` will next have something (None: nothing is waiting)."""
        wire = self._wire
        return wire.next_send_time(now) if wire is not None else None

    def keepalive(self) -> None:
        """Ask whether the server is there (``ayt``); its answer counts in :attr:`ayt_answers`."""
        self._queue(cmd.ayt())

    # intents that need what the session remembers --------------------------------------------
    def send_raw(self, line: str) -> bool:
        """A line the user typed (``/quote``), typed once as a :class:`Command`."""
        return self.command(lambda: cmd.raw(line))

    def observe(self, game: int) -> None:
        """Watch ``game``: a game we follow has its moves brought up to date (``moves N``);
        one we do not, or whose number an old tab holds, gets an entry of its own and is
        read afresh (``observe N``, then ``moves N``)."""
        if self._follow_observed(game) and not self.command(lambda: cmd.observe(game)):
            return
        self.command(lambda: cmd.moves(game))

    def unobserve(self, game: int) -> None:
        """Stop watching ``game`` and let its entry go (``unobserve N`` only while the game
        is on, and not where the server already dropped it from a toggling list)."""
        followed = self.view.followed.get(game)
        if (
            followed is not None
            and followed.role is Role.OBSERVING
            and followed.phase is GamePhase.PLAYING
            and self.stops_observing_with_unobserve(game)
        ):
            self.command(lambda: cmd.unobserve(game))
        self.unfollow(game)

    def unfollow(self, game: int) -> None:
        """The user closed the entry under ``game`` (its tab): it is let go (the model lets
        go whatever it holds under the number, also an entry the session no longer keeps)."""
        self.out.apply(ch.GameUnfollowed(game))

    def own_line(self, key: BufferKey, text: str) -> None:
        """One of our lines went out in conversation ``key``: shown as ours now (IGS sends
        it back to the sender only in channels, and that echo is then dropped)."""
        self.out.add_chat(key, self.view.me or "me", text, kind="own")

    def own_game_chat(self, game: int, text: str, *, said: bool) -> None:
        """Our say or kibitz joins the game's chat after the move it followed, as the server
        keeps it (it is not echoed to us): the record holds both sides' words."""
        followed = self.view.followed.get(game)
        if followed is not None:
            line = Kibitz(self.view.me, "", text, followed.last_number)
            self.out.apply(ch.GameChat(game, line, said=said))

    def seek(self, seek: Seek) -> bool:
        """Enter the automatch queue; shown as seeking at once (a refusal takes it back).
        True if the request was queued."""
        entry = cmd.seek_entry  # the same handicap range either way, as GoPanda2 offers it
        setup = seek.setup
        if not self.command(lambda: entry(setup.index, seek.size, seek.handicap, seek.handicap)):
            return False
        self.out.apply(ch.SeekChanged(seek))
        return True

    def decline(self, opponent: str) -> None:
        """Decline ``opponent``'s request; it is closed at once."""
        if self.command(lambda: cmd.decline(opponent)):
            self.close_challenge(opponent, "declined")

    def close_challenge(self, opponent: str, reason: str = "") -> None:
        """The request with ``opponent`` is over for us (declined, or given up)."""
        self.out.close_challenge(opponent, reason)

    def set_social(self, friends: frozenset[str], blocked: frozenset[str]) -> None:
        """Our friends (their logging on is told) and blocked players (their requests are
        declined as they come, their lines dropped), matched by name in any case."""
        self.out.apply(ch.SocialListsSet(frozenset(friends), frozenset(blocked)))

    def link_changes(self, changes: Iterable[ch.Change]) -> list[ch.Change]:
        """Changes the link made of its own state (connecting, lost, the lag: see
        ``net/status.py``): the session's view takes them as it takes its own, so what it
        says of the connection next starts from them; returned for the caller to apply,
        after anything still waiting in :meth:`take_changes`."""
        for change in changes:
            self.out.apply(change)
        return self.out.take()

    def challenge(self, terms: MatchTerms) -> None:
        """Offer a game with ``nmatch``; if the server says the opponent's client cannot take
        it, or has no ``nmatch`` at all, the same terms go out again as a classic ``match``."""
        follow = self.follow
        classic = not self.profile.has_command("nmatch")
        if self.command(lambda: follow.challenge_command(terms)):
            follow.challenge_sent(terms, classic=classic)

    def check_terms(self, terms: MatchTerms) -> str | None:
        """The builder's reason if the server would refuse ``terms``."""
        try:
            self.follow.challenge_command(terms)
        except ValueError as exc:
            return str(exc)
        return None

    def accept(self, terms: MatchTerms) -> bool:
        """Accept ``terms`` in the request's own kind (the server's suggested line when the
        terms are unchanged)."""
        return self.command(lambda: self.follow.acceptance(terms))

    def game_command(self, verb: str, game: int) -> bool:
        """``done``, ``adjourn`` or ``resign`` in the form this server takes."""
        return self.command(lambda: self.follow.game_command(verb, game))

    def restore_scoring(self, game: int) -> bool:
        return self.command(lambda: self.follow.undo_command(game))

    def load(self, opponent: str) -> bool:
        return self.command(lambda: self.follow.load_command(opponent))

    def request_undo(self, game: int) -> None:
        self.follow.request_undo(game)

    def answer_undo(self, game: int, accept: bool) -> bool:
        return self.follow.answer_undo(game, accept)
