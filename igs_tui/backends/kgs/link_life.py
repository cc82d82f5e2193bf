"""What both KGS links share: one login kept alive, whatever carries the messages.

:class:`~igs_tui.backends.kgs.transport.KgsLink` (JSON over HTTP) and
:class:`~igs_tui.backends.kgs.binary_link.BinaryLink` (the binary protocol over TCP) differ
only in how one connection is made, read and written; the life around it is the same and
lives here once: the app's side (``login``, ``close``, ``flush``, ``retry_now``,
``reopen``), the loop of logins with pauses between (:meth:`LinkLife.run`), what a batch of
received messages means for the link (:meth:`LinkLife._after_read`: a refused login, a
logout, the login done, or more to send), and the status each change of state shows.

A lost connection after login is followed by a new login after a pause (the session joins
again what it was in); a refused login, a connection lost before login, or a logout that
says not to come back (the account in use elsewhere) ends it for good.
"""

from __future__ import annotations

import asyncio
import contextlib
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from igs_tui.backends.kgs.session import KgsSession
from igs_tui.model import changes as ch
from igs_tui.model.connection import ConnectionStatus, LinkState


class LoginFailed(ConnectionError):
    """The server refused the login (the text says why) or could not be reached."""


class MessageRecorder(Protocol):
    """Takes a copy of the traffic (:class:`igs_tui.backends.kgs.transcript.JsonTranscript`)."""

    def received(self, message: object) -> None: ...
    def sent(self, message: object) -> None: ...
    def note(self, text: str) -> None: ...


class LinkSettings(Protocol):
    """The part of a link's configuration its life reads."""

    @property
    def url(self) -> str:
        """How the server is named in the status line and the transcript."""
        ...

    @property
    def retry_delays(self) -> tuple[float, ...]:
        """Pauses before each new login after a lost link (the last repeats)."""
        ...

    @property
    def max_attempts(self) -> int:
        """New logins tried in a row before giving up."""
        ...


@dataclass(frozen=True, slots=True)
class Ended:
    """A connection's reading is over: :attr:`reason` when a new login should follow, else
    None (ended for good)."""

    reason: str | None


SettingsT = TypeVar("SettingsT", bound=LinkSettings)


class LinkLife(ABC, Generic[SettingsT]):
    """One KGS login kept alive (see the module's docstring); a subclass makes, reads and
    closes the connection."""

    def __init__(
        self,
        session: KgsSession,
        apply: Callable[[ch.Change], None],
        *,
        config: SettingsT,
        sleep: Callable[[float], Awaitable[None]] | None = None,
        recorder: MessageRecorder | None = None,
    ) -> None:
        self.session = session
        self.recorder = recorder
        self.config = config
        self._apply = apply
        self._sleep = sleep
        self._wake = asyncio.Event()
        self._retry = asyncio.Event()
        self._closing = False
        self._logged_in: asyncio.Future[None] | None = None
        self._state = LinkState.DISCONNECTED
        self.attempt = 0
        self.reason = ""
        """Why the link ended, once :meth:`run` returned."""

    # the app's side ------------------------------------------------------------------------
    def flush(self) -> None:
        """Send what the session queued (called after each intent)."""
        self._wake.set()

    def retry_now(self) -> bool:
        """Skip the pause before the next login attempt; False when none is waiting."""
        if self._state is not LinkState.RECONNECTING or self._closing:
            return False
        self._retry.set()
        return True

    def reopen(self) -> None:
        """Allow :meth:`run` again after it gave up (a new login, rejoining what we were in)."""
        self._closing = False
        self.attempt = 0
        self.reason = ""

    async def login(self) -> None:
        """Start :meth:`run` elsewhere first; return once logged in.

        Raises:
            LoginFailed: the server refused the login or could not be reached.
        """
        if self._logged_in is None:
            self._logged_in = asyncio.get_running_loop().create_future()
        await asyncio.shield(self._logged_in)

    async def close(self) -> None:
        """Stop at once (no reconnect follows)."""
        self._closing = True
        await self._close_connection()
        self._wake.set()
        self._retry.set()

    # the loop ------------------------------------------------------------------------------
    async def _pause(self, delay: float) -> None:
        if self._sleep is not None:
            await self._sleep(delay)
            return
        self._retry.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._retry.wait(), delay)

    async def run(self) -> None:
        """Log in, then read and send until logged out for good."""
        if self._logged_in is None:
            self._logged_in = asyncio.get_running_loop().create_future()
        first = True
        while not self._closing:
            if not first:
                self.attempt += 1
                if self.attempt > self.config.max_attempts:
                    self._status(
                        LinkState.FAILED, f"gave up after {self.config.max_attempts} attempts"
                    )
                    return
                delays = self.config.retry_delays
                delay = delays[min(self.attempt, len(delays)) - 1]
                self._status(
                    LinkState.RECONNECTING,
                    f"reconnecting in {delay:.0f}s (attempt {self.attempt})",
                )
                await self._pause(delay)
                if self._closing:
                    return
                for change in self.session.forget_challenges() + self.session.forget_rooms():
                    self._apply(change)
                self.session.restart()
            elif self.session.me:
                for change in self.session.forget_rooms():
                    self._apply(change)
                self.session.restart()  # run again after giving up: join what we were in
            else:
                self.session.start()
            first = False
            if await self._one_login() is None:
                return  # ended for good
        self.reason = self.reason or "closed"

    @abstractmethod
    async def _one_login(self) -> str | None:
        """One connection's life; why it ended when a new login should follow, else None."""

    @abstractmethod
    async def _close_connection(self) -> None:
        """Close the connection if one is open (idempotent)."""

    def _after_read(self) -> Ended | None:
        """What the messages just handed to the session mean for the link: an end (a refused
        login, a logout), or None to read on (the login done shows once; what the answers
        queued is sent)."""
        session = self.session
        if session.failure:
            self._give_up(session.failure)
            return Ended(None)
        if session.logged_out:
            if session.no_reconnect or self._closing:
                self._give_up(session.logged_out)
                return Ended(None)
            return Ended(self._lost(session.logged_out))
        if session.logged_in:
            if self._logged_in is not None and not self._logged_in.done():
                self._logged_in.set_result(None)
            if self.attempt or self._state is not LinkState.CONNECTED:
                self.attempt = 0
                self._status(LinkState.CONNECTED, "")
        self._wake.set()
        return None

    # outcomes ------------------------------------------------------------------------------
    def _status(self, state: LinkState, detail: str) -> None:
        self._state = state
        if self.recorder is not None:
            why = f": {detail}" if detail else ""
            self.recorder.note(f"{state.value} ({self.config.url}){why}")
        status = ConnectionStatus(
            state=state,
            server=self.config.url,
            user=self.session.me,
            detail=detail,
            reconnect_attempt=self.attempt,
        )
        self._apply(ch.ConnectionChanged(status))

    def _lost(self, reason: str) -> str | None:
        """A lost link: a new login follows unless we never got in or are closing."""
        if self._logged_in is not None and not self._logged_in.done():
            self._give_up(reason)
            return None
        if self._closing:
            return None
        self.reason = reason
        self._status(LinkState.DISCONNECTED, reason)
        return reason

    def _give_up(self, reason: str) -> None:
        self.reason = reason
        self._closing = True
        if self._logged_in is not None and not self._logged_in.done():
            self._logged_in.set_exception(LoginFailed(reason))
            self._status(LinkState.FAILED, reason)
        else:
            self._status(LinkState.DISCONNECTED, reason)


def why(exc: BaseException) -> str:
    """An exception as a reason shown to the user (its type when it says nothing)."""
    return str(exc) or type(exc).__name__
