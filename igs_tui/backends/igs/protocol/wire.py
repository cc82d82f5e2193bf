"""``WireSession``: the one object callers use -- lines in, events out, command lines out.

Shaped like ``h11.Connection``: the caller owns the socket and the clock. It feeds every decoded
server line to :meth:`WireSession.receive_line`, queues commands with :meth:`WireSession.send`,
and writes whatever :meth:`WireSession.data_to_send` returns, at the latest when
:meth:`WireSession.next_send_time` says. Composition (like wsproto): a
:class:`~igs_tui.backends.igs.protocol.login.LoginHandshake` answers the login prompts, then the
session
queues its setup commands and correlates answers with commands
(:class:`~igs_tui.backends.igs.protocol.state.ReplyTracker`). State rules live in
:mod:`igs_tui.backends.igs.protocol.state`.

Typical loop::

    session = WireSession("name", "secret")
    for line in transport_lines():                  # decoded, CR/LF stripped
        for event in session.receive_line(line):
            handle(event)                           # CommandReply groups answers
        for out in session.data_to_send(monotonic()):
            write(out + "\\r\\n")
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Sequence

from igs_tui import __version__
from igs_tui.backends.igs.protocol import commands
from igs_tui.backends.igs.protocol.commands import Command, ReplyKind
from igs_tui.backends.igs.protocol.events import (
    CommandReply,
    Error,
    Event,
    LoginComplete,
    LoginFailed,
    ServerVersion,
)
from igs_tui.backends.igs.protocol.login import LoginHandshake
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.backends.igs.protocol.profile import ServerProfile
from igs_tui.backends.igs.protocol.state import ReplyTracker, SessionState, next_state
from igs_tui.backends.igs.protocol.throttle import TokenBucket

REDACTED = "********"


def setup_commands(client_name: str, version: str) -> list[Command]:
    """The commands sent right after login, every toggle with an explicit value.

    Chosen from GoPanda2's list in the spec: client mode on; quiet off so logins and game
    results are announced; ``newundo`` and ``nmatch`` on so ``undoplease`` and nmatch offers
    reach us; verbose off so no ASCII boards are sent; then identify the client. A server
    known to refuse some of them (NNGS has neither toggle, nor ``id``) is not sent those:
    see :meth:`ServerProfile.allows`.
    """
    return [
        commands.toggle("client", "on"),
        commands.toggle("quiet", False),
        commands.toggle("newundo", True),
        commands.toggle("nmatch", True),
        commands.toggle("verbose", False),
        commands.client_id(client_name, version),
    ]


PROBE_TOGGLE = "newundo"
"""The first IGS-only setup command on a server that has not said what it is: the IGS-only
rest (``toggle nmatch``, ``id``) waits for its answer and goes out only if it was taken."""


PROBE_WAIT = 5.0
"""Seconds commands queued during login wait for the probe's answer at most."""


def igs_only(command: Command) -> bool:
    """A setup command only IGS takes (NNGS refuses the ``newundo``/``nmatch`` toggles and
    ``id``); client, quiet and verbose every IGS-family server takes."""
    words = command.line.split()
    if command.verb == "id":
        return True
    return command.verb == "toggle" and len(words) > 1 and words[1] in ("newundo", "nmatch")


def _is_probe(command: Command) -> bool:
    words = command.line.split()
    return command.verb == "toggle" and len(words) > 1 and words[1] == PROBE_TOGGLE


class WireSession:
    """A sans-IO IGS client session (login, setup, throttled sending, reply correlation)."""

    def __init__(
        self,
        username: str,
        password: str,
        *,
        client_name: str = "igs-tui",
        version: str = __version__,
        rate: float = 3.0,
        burst: float = 3.0,
        max_login_attempts: int = 2,
        setup: Sequence[Command] | None = None,
        profile: ServerProfile | None = None,
    ) -> None:
        self.profile = profile if profile is not None else ServerProfile()
        """What the server is known to support (shared with the IGS session that learns it):
        setup commands it refuses are not sent."""
        self._login = LoginHandshake(username, password, max_attempts=max_login_attempts)
        self._parser = IgsParser()
        self._tracker = ReplyTracker()
        self._bucket = TokenBucket(rate, burst)
        self._setup = list(setup) if setup is not None else setup_commands(client_name, version)
        self._login_lines: deque[str] = deque()
        self._queue: deque[tuple[int, Command]] = deque()
        self._setup_pending: set[int] = set()
        self._held_setup: list[Command] = []
        """IGS-only setup waiting for the probe's answer (a server that did not name itself)."""
        self._probe_seq: int | None = None
        self._probe_written_at: float | None = None
        self._seq = 0
        self._state = SessionState.LOGIN

    # --- state ---------------------------------------------------------------------------------

    @property
    def state(self) -> SessionState:
        return self._state

    @property
    def logged_in_as(self) -> str | None:
        """The account name in use once logged in (``guestNNNN`` for a guest, if shown)."""
        return self._login.logged_in_as

    @property
    def guest(self) -> bool:
        return self._login.guest

    @property
    def prompt_state(self) -> int | None:
        """The number of the last ``1 N`` prompt (5 idle, 6 playing, 7 scoring, 8 observing)."""
        return self._tracker.prompt_state

    @property
    def outstanding(self) -> list[tuple[int, Command]]:
        """Written commands still waiting for their answer, oldest first."""
        return self._tracker.outstanding

    def _trigger(self, trigger: str) -> None:
        self._state = next_state(self._state, trigger)

    def close(self) -> None:
        """The transport closed: nothing more will be sent."""
        self._trigger("closed")
        self._queue.clear()
        self._login_lines.clear()

    # --- receiving -----------------------------------------------------------------------------

    def receive_line(self, line: str) -> list[Event]:
        """Parse one decoded server line; return its events plus login/reply events."""
        events = self._parser.feed_line(line)
        if not events:
            return events
        out: list[Event] = []
        for event in events:
            out.append(event)
            if isinstance(event, ServerVersion):
                # the banner or version line names the server before the setup goes out
                self.profile.learn_version(event)
            if self._state is SessionState.LOGIN:
                self._tracker.feed(event)  # nothing is outstanding yet: only tracks the prompt
                out.extend(self._login_step(event, line))
                continue
            if isinstance(event, Error) and self._answering_setup():
                out.pop()  # it comes inside the setup command's reply (see CommandReply.setup)
            for reply in self._tracker.feed(event):
                if reply.seq in self._setup_pending:
                    reply = dataclasses.replace(reply, setup=True)
                if reply.seq == self._probe_seq:
                    self._probe_answered(reply)
                out.append(reply)
                self._setup_answered(reply.seq)
        return out

    def _answering_setup(self) -> bool:
        outstanding = self._tracker.outstanding
        return bool(outstanding) and outstanding[0][0] in self._setup_pending

    def flush(self) -> list[Event]:
        """End of input: release events the parser holds (see :meth:`IgsParser.flush`)."""
        return self._parser.flush()

    def _login_step(self, event: Event, line: str) -> list[Event]:
        lines, events = self._login.receive(event, line)
        self._login_lines.extend(lines)
        for e in events:
            if isinstance(e, LoginComplete):
                self._trigger("login_complete")
                self._queue_setup()
            elif isinstance(e, LoginFailed) and e.final:
                self._trigger("login_failed_final")
                self._queue.clear()
                self._login_lines.clear()
        return events

    def _queue_setup(self) -> None:
        """Queue the setup this server takes. One that has not said what it is (no banner or
        version line naming it, nothing learnt) gets what every IGS-family server takes and
        one IGS-only probe; the rest of the IGS-only setup waits for the probe's answer, so
        an unnamed NNGS refuses one command once (learnt, never sent again), not three."""
        allowed = [c for c in self._setup if self.profile.allows(c)]
        probe = next((c for c in allowed if _is_probe(c)), None)
        staged = not self.profile.family and probe is not None
        if (
            not self.profile.family
            and probe is None
            and not self.profile.allows(commands.toggle(PROBE_TOGGLE, True))
        ):
            allowed = [c for c in allowed if not igs_only(c)]  # the probe was refused before
        if staged:
            self._held_setup = [c for c in allowed if igs_only(c) and c is not probe]
            allowed = [c for c in allowed if c not in self._held_setup]
        self._queue.extendleft(reversed(self._numbered_setup(allowed)))
        if not self._setup_pending:
            self._trigger("setup_answered")

    def _numbered_setup(self, setup: Sequence[Command]) -> list[tuple[int, Command]]:
        out = []
        for command in setup:
            seq = self._next_seq()
            out.append((seq, command))
            if command.reply is not ReplyKind.NONE:
                self._setup_pending.add(seq)
            if _is_probe(command):
                self._probe_seq = seq
        return out

    def _probe_answered(self, reply: CommandReply) -> None:
        """The probe was answered: learn a refusal, and if it was taken send the held rest
        (ahead of anything queued meanwhile)."""
        self._probe_seq = None
        held, self._held_setup = self._held_setup, []
        self.profile.learn_reply(reply)
        if any(isinstance(e, Error) for e in reply.events):
            return
        self._queue.extendleft(reversed(self._numbered_setup(held)))

    def _setup_answered(self, seq: int) -> None:
        if seq in self._setup_pending:
            self._setup_pending.discard(seq)
            if not self._setup_pending:
                self._trigger("setup_answered")

    # --- sending -------------------------------------------------------------------------------

    def _next_seq(self) -> int:
        self._seq += 1
        return self._seq

    def send(self, command: Command) -> int:
        """Queue a typed command (a builder's, or :func:`~.commands.raw` for a typed line).

        Returns the command's sequence number, which its :class:`CommandReply` carries as
        ``seq``. Commands queued during login wait until the setup sequence has been written.
        Raises :class:`ValueError` for a multi-line command or after the session closed.
        """
        if self._state is SessionState.CLOSED:
            raise ValueError("the session is closed")
        if "\n" in command.line or "\r" in command.line:
            raise ValueError("a command must be a single line (no CR/LF)")
        seq = self._next_seq()
        self._queue.append((seq, command))
        return seq

    def replayed(self, command: Command, now: float) -> None:
        """A recorded session wrote ``command`` here (``igs-tui replay``): its answer is
        correlated as it was then. Nothing queued is written by a replay."""
        if self._state in (SessionState.LOGIN, SessionState.CLOSED):
            return  # the name and password (the handshake's own), or after quit
        self._tracker.written(self._next_seq(), command, now)
        if command.verb in ("quit", "exit"):
            self._trigger("closed")

    def data_to_send(self, now: float) -> list[str]:
        """Lines to write now (no line ending), as far as the send throttle allows."""
        out: list[str] = []
        while self._login_lines and self._bucket.try_take(now):
            out.append(self._login_lines.popleft())
        if self._state in (SessionState.LOGIN, SessionState.CLOSED) or self._login_lines:
            return out
        while self._queue and self._probe_hold(now) is None and self._bucket.try_take(now):
            seq, command = self._queue.popleft()
            out.append(command.line)
            self._tracker.written(seq, command, now)
            if seq == self._probe_seq:
                self._probe_written_at = now
            if command.verb in ("quit", "exit"):
                self._trigger("closed")
                self._queue.clear()
                break
        return out

    def _probe_hold(self, now: float) -> float | None:
        """Until when the next command waits for the probe's answer (None: it need not).

        Commands queued during login wait for the whole setup to be written, including the
        IGS-only part held for the probe's answer -- but at most :data:`PROBE_WAIT` seconds
        after the probe went out, so a server that never answers it stalls nothing."""
        if not self._held_setup or not self._queue or self._queue[0][0] in self._setup_pending:
            return None
        if self._probe_written_at is None:
            return now + PROBE_WAIT  # the probe itself is not out yet (throttled)
        until = self._probe_written_at + PROBE_WAIT
        return until if now < until else None

    def next_send_time(self, now: float) -> float | None:
        """When :meth:`data_to_send` will next have something (``None``: nothing is waiting)."""
        waiting = bool(self._login_lines) or (
            bool(self._queue) and self._state in (SessionState.SETUP, SessionState.READY)
        )
        if not waiting:
            return None
        hold = None if self._login_lines else self._probe_hold(now)
        ready = self._bucket.ready_at(now)
        return ready if hold is None else max(ready, hold)

    def expire(self, now: float, timeout: float = 60.0) -> list[Event]:
        """Close commands still unanswered ``timeout`` seconds after they were written."""
        replies: list[CommandReply] = self._tracker.expire(now, timeout)
        for reply in replies:
            if reply.seq == self._probe_seq:  # never answered: leave the IGS-only rest out
                self._probe_seq = None
                self._held_setup = []
            self._setup_answered(reply.seq)
        return list(replies)

    def lines_done(self) -> None:
        """Nothing is batched here: each line's events were returned as it was read."""

    def redact(self, line: str) -> str:
        """``line`` for a transcript: the password becomes ``********``."""
        return REDACTED if self._login.is_password(line) else line

    def set_password(self, password: str) -> None:
        """Password for the next login attempt (after a non-final ``login_failed``)."""
        self._login.set_password(password)


LOCAL_RATE = 100.0
LOCAL_BURST = 50.0


def local_server_session(
    username: str, password: str, *, profile: ServerProfile | None = None
) -> WireSession:
    """A session for the embedded local server, which kicks no flooder: commands are not held
    back to IGS's 3 a second (``igs-tui --local`` and the tests use it)."""
    return WireSession(username, password, rate=LOCAL_RATE, burst=LOCAL_BURST, profile=profile)
