"""IgsClient: moves lines between a socket and the sans-IO IGS session, and applies what the
session returns.

Theory of operation
-------------------
The app, the bot and the end-to-end tests all need the same loop, so it lives here, free of
Textual. Everything the IGS session knows is in the
:class:`~igs_tui.backends.igs.session.IgsSession`; this loop only carries bytes and time:

1. **Connect**: try each server address in order (the spec: "If one of the ports fail, try the
   other ones"), showing :class:`~igs_tui.backends.igs.net.states.Connecting`.
2. **Serve**: tell the session a connection was made (a fresh login handshake), then pump:
   every received line goes to ``session.receive_line`` and the changes it returns are
   applied; whatever ``session.data_to_send(now)`` releases (it throttles, IGS kicks flooding
   clients) is written. Between those the loop sleeps until the earliest of: new data, a queued
   command's send time, the keepalive deadline, the login deadline.
3. **Keepalive**: after :attr:`ClientConfig.keepalive_idle` seconds of silence the session
   sends ``ayt``; no line at all within :attr:`ClientConfig.keepalive_timeout` means a dead
   link (see :mod:`igs_tui.backends.igs.net.keepalive`).
4. **Reconnect**: when the link drops, wait per
   :class:`~igs_tui.backends.igs.net.backoff.BackoffPolicy` and go back to 1. The session's
   login restores what it remembers (``load`` for the own interrupted game, ``observe N`` +
   ``moves N`` for each observed game). A rejected password is final: retrying cannot fix it.

The link's own state (connecting, connected, reconnecting in 4 s...) is applied to the model
as :class:`~igs_tui.model.changes.ConnectionChanged` (:mod:`.status`), through the session
(:meth:`IgsSession.link_changes`), whose own view of the connection takes it too. Programs
that act on server lines (the bot, tests) can also watch the protocol and link-state events
through ``on_event`` and the async iterator :meth:`IgsClient.events`; the model does not
need them.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import logging
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.decoding import DEFAULT_LEGACY_ENCODING
from igs_tui.backends.igs.net.keepalive import KeepaliveAction, KeepaliveMonitor
from igs_tui.backends.igs.net.recorder import SessionRecorder
from igs_tui.backends.igs.net.servers import IGS_SERVERS, ServerAddress
from igs_tui.backends.igs.net.states import (
    Connected,
    Connecting,
    ConnectionEvent,
    Disconnected,
    Failed,
    LagMeasured,
    LoggingIn,
    Reconnecting,
)
from igs_tui.backends.igs.net.status import status_changes
from igs_tui.backends.igs.net.transport import (
    ReceiveFailed,
    TelnetTransport,
    TransportClosed,
    TransportError,
)
from igs_tui.backends.igs.protocol.commands import Command
from igs_tui.backends.igs.protocol.events import Event, Malformed
from igs_tui.backends.igs.protocol.restore import FORFEIT_SECONDS, SessionMemory
from igs_tui.backends.igs.session.view import SessionView
from igs_tui.model import changes as ch

__all__ = [
    "ClientConfig",
    "ClientEvent",
    "Connector",
    "IgsClient",
    "LineTransport",
    "SessionLike",
]

ClientEvent = Event | ConnectionEvent

_log = logging.getLogger(__name__)

SLICE_SECONDS = 0.01
"""The longest the read loop handles lines without letting the rest of the event loop run (a
read of 64 KB is ~800 lines of a listing; the app answers keys between slices)."""
YIELD_TURNS = 8
"""How many turns of the event loop the read loop then stands aside. A key takes several turns
to reach its widget (terminal thread, app, screen, widget); with a single ``sleep(0)`` the read
loop would run a slice in each of those turns."""

SERVE_EVERY = 1.0
"""While lines keep arriving, the longest the connection's loop waits to look at the keepalive
and at commands the server never answered. It is woken after a read only when there is
something to send: a pass after every read cost each move ~0.1 ms on its way to the screen."""

MAX_RECEIVE_FAILURES = 5
"""Reads in a row that may fail with an unexpected exception (each reported) before the link
counts as lost: a transport that fails on every read is dead, not a stream of errors."""


class _Turn:
    """Set by a callback scheduled before an ``await``: whether the event loop ran meanwhile."""

    __slots__ = ("happened",)

    def __init__(self) -> None:
        self.happened = False

    def ran(self) -> None:
        self.happened = True


class SessionLike(Protocol):
    """What the client needs from :class:`igs_tui.backends.igs.session.IgsSession`."""

    view: SessionView
    username: str
    memory: SessionMemory
    events: Sequence[Event]
    logged_in_as: str | None
    guest: bool
    login_rejected: str
    restoring: tuple[Command, ...]
    ayt_answers: int
    quitting: bool

    @property
    def forfeit_deadline(self) -> float | None: ...

    def connection_made(self) -> None: ...

    def connection_lost(self, now: float) -> float | None: ...

    def receive_line(self, line: str) -> list[ch.Change]: ...

    def lines_done(self) -> list[ch.Change]:
        """The lines read so far are all handled (end of a read, or a yield in a long one):
        what a session batches per read (the console's lines) is released now."""

    def unreadable(self, text: str, reason: str) -> list[ch.Change]: ...

    def send(self, command: Command) -> bool: ...

    def keepalive(self) -> None: ...

    def data_to_send(self, now: float) -> list[str]: ...

    def take_changes(self) -> list[ch.Change]: ...

    def link_changes(self, changes: Iterable[ch.Change]) -> list[ch.Change]: ...

    def next_send_time(self, now: float) -> float | None: ...

    def expire(self, now: float, timeout: float = 60.0) -> list[ch.Change]: ...

    def is_credential(self, line: str) -> bool: ...

    def close(self) -> None: ...


class LineTransport(Protocol):
    """What the client needs from :class:`~igs_tui.backends.igs.net.transport.TelnetTransport`."""

    address: ServerAddress

    async def receive(self) -> list[str]: ...

    def send_line(self, text: str, *, credential: bool = False) -> None: ...

    async def drain(self) -> None: ...

    async def close(self) -> None: ...


Apply = Callable[[ch.Change], None]
Connector = Callable[[ServerAddress], Awaitable[LineTransport]]
RecorderFactory = Callable[[ServerAddress], SessionRecorder | None]


@dataclass(frozen=True, slots=True)
class ClientConfig:
    """Tunables of :class:`IgsClient`; tests shrink the timings."""

    servers: Sequence[ServerAddress] = IGS_SERVERS
    connect_timeout: float = 10.0
    login_timeout: float = 30.0
    keepalive_idle: float = 60.0
    keepalive_timeout: float = 30.0
    reconnect: bool = True
    backoff: BackoffPolicy = field(default_factory=BackoffPolicy)
    legacy_encoding: str | None = DEFAULT_LEGACY_ENCODING
    forfeit_seconds: float = FORFEIT_SECONDS
    """How long the server waits for a player who lost the link (given to the session that
    is made with this config: its memory keeps the countdown)."""
    refresh_moves: bool = True
    """After re-observing a game, also send ``moves N`` to fill in what happened meanwhile."""
    stable_after: float = 30.0
    """A connection must stay logged in this long before the backoff starts afresh. Without it,
    two running copies of the client would throw each other out ("Throwing other copy out")
    at the fastest retry rate forever; with it, they slow down and eventually give up."""
    reply_timeout: float = 60.0
    """A command unanswered this long gets a timed-out ``CommandReply`` (see WireSession.expire)."""

    def __post_init__(self) -> None:
        """Reject a bad configuration when it is made, not on the first reconnect.

        Raises:
            ValueError: no servers, or a timing that is not positive.
            LookupError: ``legacy_encoding`` names no codec.
        """
        if not self.servers:
            raise ValueError("ClientConfig needs at least one server")
        for name in ("connect_timeout", "login_timeout", "keepalive_idle", "keepalive_timeout"):
            if getattr(self, name) <= 0:
                raise ValueError(f"ClientConfig.{name} must be positive")
        if self.legacy_encoding:
            codecs.lookup(self.legacy_encoding)


class _LoginRejected(Exception):
    """The server rejected our credentials for good."""


class _LinkLost(Exception):
    """The connection is unusable; the message is the reason shown to the user."""


_END = object()


class IgsClient:
    """Connect, log in, pump lines, keep alive and reconnect (see the module docstring).

    Args:
        session: the IGS session (it holds the account and what is remembered across
            connections).
        apply: applies each change the session returns (the model's ``apply``).
        config: timings, servers, reconnect policy.
        on_event: called with every protocol and link-state event, in order, after the
            changes they made are applied; an exception it raises is logged and otherwise
            ignored.
        connector: opens a transport to one address (default: :meth:`TelnetTransport.connect`).
        recorder_factory: returns a transcript recorder per connection, or None for no transcript.
        clock: monotonic time source (for the throttle, keepalive and forfeit deadline).
        rng: randomness for backoff jitter (seed it in tests).
    """

    def __init__(
        self,
        session: SessionLike,
        apply: Apply,
        *,
        config: ClientConfig | None = None,
        on_event: Callable[[ClientEvent], None] | None = None,
        connector: Connector | None = None,
        recorder_factory: RecorderFactory | None = None,
        clock: Callable[[], float] = time.monotonic,
        rng: random.Random | None = None,
    ) -> None:
        self.session = session
        self.username = session.username
        self._apply = apply
        self.config = config or ClientConfig()
        self._on_event = on_event
        self._connector = connector or self._telnet_connector
        self._recorder_factory = recorder_factory
        self._clock = clock
        self._rng = rng or random.Random()
        self._subscribers: list[asyncio.Queue[object]] = []
        self._login: asyncio.Future[Connected] | None = None
        self._serving = False
        """A connection is open and its login begun (the session may be written to)."""
        self._transport: LineTransport | None = None
        self._recorder: SessionRecorder | None = None
        self._logged_in_as: str | None = None
        self._wake = asyncio.Event()
        self._served_at = float("-inf")
        """When the connection's loop last looked at the session (see :data:`SERVE_EVERY`)."""
        self._stop = asyncio.Event()
        self._retry = asyncio.Event()
        """Set to end the pause before the next attempt (:meth:`close`, :meth:`retry_now`)."""
        self._backing_off = False
        self._running = False
        self._login_at: float | None = None
        self._ayt_sent_at: float | None = None
        self._ayt_answers = 0
        self.lag: float | None = None
        """Seconds of the last keepalive round trip (None until measured)."""
        self.state: ConnectionEvent | None = None
        """The latest link-state event (None before :meth:`run`)."""

    # --- public API ------------------------------------------------------------------------

    @property
    def logged_in_as(self) -> str | None:
        """The account name of the current login (``guestNNNN`` for guests), else None."""
        return self._logged_in_as

    @property
    def connected(self) -> bool:
        return self._logged_in_as is not None and self._serving

    @property
    def forfeit_deadline(self) -> float | None:
        """Monotonic time by which the interrupted own game must be reloaded, or None."""
        return self.session.forfeit_deadline

    def flush(self) -> None:
        """Write what the session queued (called after each intent): wakes the loop."""
        self._wake.set()

    def send(self, command: Command) -> bool:
        """Queue ``command`` in the session and write it soon; False if there is no connection
        (see :meth:`IgsSession.send`). After ``quit`` the client ends instead of reconnecting
        when the server closes the link.

        Raises:
            ValueError: for a multi-line command (the session refuses to send it).
        """
        queued = self.session.send(command)
        self._wake.set()
        return queued

    async def logged_in(self) -> Connected:
        """Wait for the first login of :meth:`run`: its :class:`Connected`.

        Raises:
            ConnectionError: with the reason, when the link failed or was lost before.
        """
        if self._login is None:
            self._login = asyncio.get_running_loop().create_future()
        return await self._login

    async def events(self) -> AsyncIterator[ClientEvent]:
        """Iterate over events from now on, until :meth:`run` ends."""
        queue: asyncio.Queue[object] = asyncio.Queue()
        self._subscribers.append(queue)
        try:
            while True:
                item = await queue.get()
                if item is _END:
                    return
                yield item  # type: ignore[misc]
        finally:
            self._subscribers.remove(queue)

    def retry_now(self) -> bool:
        """Cut short the pause before the next reconnect attempt ("reconnect now").

        Returns False when :meth:`run` is not waiting to reconnect (connected, connecting, or
        ended: a client that gave up is run again instead; it keeps what it remembered).
        """
        if not self._backing_off:
            return False
        self._retry.set()
        return True

    async def close(self) -> None:
        """Stop: close the connection and end :meth:`run` (no reconnect)."""
        self._stop.set()
        self._retry.set()
        self._wake.set()
        if self._transport is not None:
            await self._transport.close()

    async def run(self) -> None:
        """Connect and keep the session alive until :meth:`close` or a final failure."""
        if self._running:
            raise RuntimeError("IgsClient.run is already running")
        self._running = True
        attempt = 0
        try:
            while not self._stop.is_set():
                self._login_at = None
                try:
                    transport = await self._connect_any(attempt)
                    if self._stop.is_set():
                        await transport.close()
                        break
                    await self._serve(transport)
                    reason = "connection closed"
                except _LinkLost as exc:
                    reason = str(exc)
                except _LoginRejected as exc:
                    self._emit(Disconnected(str(exc)))
                    self._emit(Failed(str(exc)))
                    return
                if self._stop.is_set() or self.session.quitting:
                    # The server closes the link after quit: no reason to reconnect.
                    self._emit(Disconnected("closed by user" if self._stop.is_set() else "quit"))
                    return
                if self._login_at is not None and (
                    self._clock() - self._login_at >= self.config.stable_after
                ):
                    attempt = 0  # that connection worked: start the backoff schedule afresh
                deadline = self.session.connection_lost(self._clock())
                self._emit(Disconnected(reason, deadline))
                if not self.config.reconnect:
                    self._emit(Failed(reason))
                    return
                attempt += 1
                delay = self.config.backoff.delay(attempt, self._rng)
                if delay is None:
                    self._emit(Failed(f"{reason}; gave up after {attempt - 1} attempts"))
                    return
                self._retry.clear()
                self._emit(Reconnecting(attempt, delay, deadline))
                # asyncio.timeout, not wait_for: on 3.11 wait_for can swallow a cancellation
                # that arrives just as the inner wait completes, and run() would never end.
                self._backing_off = True
                try:
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(delay):
                            await self._retry.wait()  # close() or retry_now()
                finally:
                    self._backing_off = False
            self._emit(Disconnected("closed by user"))
        finally:
            self._running = False
            for queue in self._subscribers:
                queue.put_nowait(_END)

    # --- connection ------------------------------------------------------------------------

    async def _telnet_connector(self, address: ServerAddress) -> LineTransport:
        return await TelnetTransport.connect(
            address,
            timeout=self.config.connect_timeout,
            legacy_encoding=self.config.legacy_encoding,
        )

    async def _connect_any(self, attempt: int) -> LineTransport:
        errors: list[str] = []
        for address in self.config.servers:
            if self._stop.is_set():
                break
            self._emit(Connecting(address, attempt))
            try:
                return await self._connector(address)
            except TransportError as exc:
                errors.append(str(exc))
        raise _LinkLost("; ".join(errors) or "no server to connect to")

    async def _serve(self, transport: LineTransport) -> None:
        """Run one connection until it drops or :meth:`close` is called.

        Raises:
            _LinkLost: with the reason the connection ended.
            _LoginRejected: the password was refused for good.
        """
        session = self.session
        session.connection_made()
        self._transport = transport
        self._serving = True
        self._logged_in_as = None
        self._ayt_sent_at = None
        self._recorder = self._open_recorder(transport.address)
        monitor = KeepaliveMonitor(
            self._clock(),
            idle=self.config.keepalive_idle,
            answer_timeout=self.config.keepalive_timeout,
        )
        self._emit(LoggingIn(transport.address))
        login_deadline = self._clock() + self.config.login_timeout
        reader = asyncio.create_task(self._read_loop(transport, session, monitor))
        try:
            while True:
                # Cleared before the work, not after: a wake-up set while we await inside
                # _flush (the reader queued a reply) must not be lost.
                self._wake.clear()
                if reader.done():
                    reader.result()  # re-raises _LinkLost / _LoginRejected
                    raise _LinkLost("connection closed")
                if self._stop.is_set():
                    return
                now = self._served_at = self._clock()
                logged_in = self._logged_in_as is not None
                if logged_in:
                    action = monitor.check(now)
                    if action is KeepaliveAction.DEAD:
                        raise _LinkLost("no answer from the server (keepalive timed out)")
                    if action is KeepaliveAction.SEND_AYT:
                        session.keepalive()
                        self._ayt_sent_at = now
                        self._ayt_answers = session.ayt_answers
                elif now >= login_deadline:
                    raise _LinkLost("login timed out")
                self._apply_all(session.expire(now, self.config.reply_timeout))
                self._after_events(transport.address)
                await self._flush(transport, session, now)
                wake_at = monitor.next_deadline() if logged_in else login_deadline
                next_send = session.next_send_time(now)
                if next_send is not None:
                    wake_at = min(wake_at, next_send)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(max(0.0, wake_at - self._clock())):
                        await self._wake.wait()
        finally:
            reader.cancel()
            await asyncio.wait({reader})  # never raises; our own cancellation still propagates
            if not reader.cancelled():
                reader.exception()  # mark it retrieved: the reason was already reported
            self._serving = False
            self._transport = None
            self._logged_in_as = None
            session.close()
            await transport.close()
            if self._recorder is not None:
                self._recorder.comment("connection closed")
                self._recorder.close()
                self._recorder = None

    async def _flush(self, transport: LineTransport, session: SessionLike, now: float) -> None:
        lines = session.data_to_send(now)
        if not lines:
            return
        self._apply_all(session.take_changes())  # the sent lines' console entries
        try:
            for line in lines:
                transport.send_line(line, credential=session.is_credential(line))
                if self._recorder is not None:
                    self._recorder.sent(line)
            await transport.drain()
        except TransportError as exc:
            raise _LinkLost(str(exc)) from exc

    async def _read_loop(
        self, transport: LineTransport, session: SessionLike, monitor: KeepaliveMonitor
    ) -> None:
        failures = 0
        # A read of data already buffered returns without letting anything else run: the
        # slice runs across reads, and ends only with a yield.
        until = time.perf_counter() + SLICE_SECONDS
        try:
            while True:
                try:
                    # Whether the loop ran while we waited for data is told by a callback, not
                    # by the clock: a read of buffered data returns without letting anything
                    # run, yet decoding and splitting it takes a millisecond or more, which a
                    # clock-based test took for waiting (keys then waited 100 ms and more).
                    waited = _Turn()
                    mark = asyncio.get_running_loop().call_soon(waited.ran)
                    lines = await transport.receive()
                    if waited.happened:
                        until = time.perf_counter() + SLICE_SECONDS  # the loop ran meanwhile
                    else:
                        mark.cancel()
                except TransportClosed as exc:
                    raise _LinkLost("connection closed by server") from exc
                except TransportError as exc:
                    raise _LinkLost(str(exc)) from exc
                except ReceiveFailed as exc:  # a stage of the transport raised on some data
                    for data, reason in exc.problems:
                        self._report_unreadable(data, reason)
                    lines = exc.lines
                except Exception as exc:  # any other transport bug: this read is lost
                    failures += 1
                    self._report_unreadable("", f"{type(exc).__name__}: {exc}")
                    if failures >= MAX_RECEIVE_FAILURES:
                        raise _LinkLost(f"cannot read from the server: {exc}") from exc
                    await asyncio.sleep(0)  # one failing at once must not hog the event loop
                    continue
                else:
                    failures = 0
                if lines:
                    monitor.heard(self._clock())
                if self._recorder is not None and lines:
                    self._recorder.received_all(lines)
                for line in lines:
                    self._receive(line, transport.address, session)
                    if time.perf_counter() > until:
                        self._apply_all(session.lines_done())
                        self._wake_if_due(session)
                        for _ in range(YIELD_TURNS):  # keys and frames between slices
                            await asyncio.sleep(0)
                        until = time.perf_counter() + SLICE_SECONDS
                self._apply_all(session.lines_done())
                self._wake_if_due(session)
        finally:
            self._wake.set()

    def _wake_if_due(self, session: SessionLike) -> None:
        """Wake the connection's loop if lines read made something to send (a reply, the
        restore after a login) or it has not looked at the session for :data:`SERVE_EVERY`."""
        now = self._clock()
        if session.next_send_time(now) is not None or now - self._served_at >= SERVE_EVERY:
            self._wake.set()

    def _receive(self, line: str, address: ServerAddress, session: SessionLike) -> None:
        """One line through the session; its changes applied, its events told. A stage that
        raises (it should not: the parser promises never to) costs that line, not the
        connection: the error is logged with the line and shown in the console."""
        try:
            changes = session.receive_line(line)
        except Exception as exc:
            _log.exception("failed to handle server line %r", line)
            self._unreadable(line, f"{type(exc).__name__}: {exc}")
            return
        self._apply_all(changes)
        for event in session.events:
            self._emit(event)
        self._after_events(address)

    def _apply_all(self, changes: list[ch.Change]) -> None:
        apply = self._apply
        for change in changes:
            try:
                apply(change)
            except Exception as exc:
                # One change the model cannot take must not take the connection down: it is
                # logged and shown in the console, and the next change applies as usual.
                _log.exception("applying %r failed", change)
                what = f"{type(change).__name__} ({type(exc).__name__}: {exc})"
                text = f"igs-tui could not apply a {what}"
                with contextlib.suppress(Exception):
                    apply(ch.ConsoleAdded(text, "error"))

    def _report_unreadable(self, data: str, reason: str) -> None:
        """A transport stage (line splitter, decoder) raised on ``data``: log it and show it in
        the console; reading goes on."""
        _log.error("receiving from the server failed (%s) on %r", reason, data)
        self._unreadable(data, reason)

    def _unreadable(self, data: str, reason: str) -> None:
        self._apply_all(self.session.unreadable(data, reason))
        self._emit(Malformed(data, reason))

    # --- the session's news ----------------------------------------------------------------

    def _after_events(self, address: ServerAddress) -> None:
        """What the lines just handled mean for the link: a login, a refused password, an
        answer to our ``ayt``."""
        session = self.session
        if self._logged_in_as is None and session.logged_in_as is not None:
            self._logged_in_as = session.logged_in_as
            self._login_at = self._clock()
            restoring = tuple(str(c) for c in session.restoring)
            deadline = session.forfeit_deadline
            self._emit(Connected(address, session.logged_in_as, session.guest, restoring, deadline))
        if session.login_rejected:
            reason = session.login_rejected
            raise _LoginRejected(f"login as {self.username} rejected: {reason}")
        if self._ayt_sent_at is not None and session.ayt_answers > self._ayt_answers:
            self.lag = self._clock() - self._ayt_sent_at
            self._ayt_sent_at = None
            self._emit(LagMeasured(self.lag))

    def _emit(self, event: ClientEvent) -> None:
        if isinstance(event, ConnectionEvent):
            session = self.session
            self._apply_all(session.link_changes(status_changes(event, session.view)))
            self._login_outcome(event)
        if isinstance(event, ConnectionEvent) and not isinstance(event, LagMeasured):
            self.state = event
            if self._recorder is not None:
                self._recorder.comment(f"{event.type}: {event}")
        if self._on_event is not None:
            try:
                self._on_event(event)
            except Exception:
                # A consumer's bug with one odd event must not take the connection down with it
                # (the loop would die silently in its task); log it and keep going.
                _log.exception("on_event callback failed for %r", event)
        for queue in self._subscribers:
            queue.put_nowait(event)

    def _login_outcome(self, event: ConnectionEvent) -> None:
        """The first login's outcome for :meth:`logged_in`: before it, a lost link means the
        server cannot be reached (the login screen says so instead of retrying)."""
        if not isinstance(event, Connected | Failed | Disconnected):
            return
        if self._login is None or self._login.done():
            return
        if isinstance(event, Connected):
            self._login.set_result(event)
        else:
            self._login.set_exception(ConnectionError(event.reason))

    def _open_recorder(self, address: ServerAddress) -> SessionRecorder | None:
        if self._recorder_factory is None:
            return None
        try:
            return self._recorder_factory(address)
        except OSError:
            return None  # a transcript is a convenience; never fail the connection over it
