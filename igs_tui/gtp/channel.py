"""Channels: how GTP bytes travel between the controller and an engine.

A channel knows framing (it returns whole :class:`~igs_tui.gtp.framing.GtpResponse` values)
but not what any command means; that is the controller's job. This is the split gomill's
``gtp_controller`` uses, so the same controller drives a real engine in a subprocess and an
engine object in this process (tests, and the built-in engine without a fork).

Both channels run the same :class:`~igs_tui.gtp.framing.ResponseParser`, so the in-process
channel exercises exactly the byte-level parsing a subprocess would.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shlex
import subprocess
import traceback
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Protocol, cast

from igs_tui.gtp.errors import GtpChannelClosed, GtpEngineDied, GtpTransportError
from igs_tui.gtp.framing import MAX_RESPONSE_BYTES, GtpResponse, ResponseParser

STDERR_TAIL_LINES = 20
_STDERR_LINE_MAX = 4096


class GtpChannel(ABC):
    """One bidirectional GTP connection to one engine.

    ``send_line`` writes one already-prepared command line; ``read_response`` waits for the
    next complete response. Both raise :class:`GtpEngineDied` once the engine is gone and
    :class:`GtpChannelClosed` after :meth:`close`.
    """

    @abstractmethod
    async def send_line(self, line: str) -> None: ...

    @abstractmethod
    async def read_response(self) -> GtpResponse: ...

    async def request(self, line: str) -> GtpResponse:
        """Send ``line`` and read the next response (which is this line's only if no
        earlier response is still owed; the controller makes sure of that)."""
        await self.send_line(line)
        return await self.read_response()

    async def read_line(self) -> str:
        """The next line of output, for a streaming response (see
        :meth:`~igs_tui.gtp.framing.ResponseParser.next_line`); channels that cannot stream
        say so with :class:`GtpTransportError`."""
        raise GtpTransportError(f"{type(self).__name__} cannot stream responses")

    @abstractmethod
    async def close(self, grace: float = 2.0) -> None:
        """Release the engine; a subprocess gets ``grace`` seconds to exit before a kill."""

    @property
    @abstractmethod
    def closed(self) -> bool: ...

    def stderr_tail(self) -> list[str]:
        """The engine's most recent diagnostic lines (empty if it has no stderr)."""
        return []


class _EngineProtocol(asyncio.SubprocessProtocol):
    """Forwards pipe events to the channel; all logic lives in :class:`SubprocessChannel`."""

    def __init__(self) -> None:
        self.channel: SubprocessChannel | None = None
        self.early: list[tuple[int, bytes | None]] = []

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        if self.channel is None:
            self.early.append((fd, data))
        elif fd == 1:
            self.channel._on_stdout(data)
        elif fd == 2:
            self.channel._on_stderr(data)

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        if self.channel is None:
            self.early.append((fd, None))
        else:
            self.channel._on_pipe_closed(fd)

    def process_exited(self) -> None:
        if self.channel is not None:
            self.channel._on_exit()


class SubprocessChannel(GtpChannel):
    """An engine running as a child process, spoken to over its stdin/stdout pipes.

    Built directly on an asyncio subprocess *protocol* rather than stream readers: engine
    output is fed straight into the :class:`~igs_tui.gtp.framing.ResponseParser` as it
    arrives and the waiting command is woken, which keeps the per-command overhead close to
    a bare echo loop. Stderr is consumed the same way into a bounded buffer of lines: an
    engine that logs a lot (GNU Go, KataGo) can never block on a full pipe, and the last
    lines are what explains a crash.
    """

    def __init__(
        self,
        transport: asyncio.SubprocessTransport,
        protocol: _EngineProtocol,
        argv: Sequence[str],
    ) -> None:
        self._transport = transport
        self.argv = tuple(argv)
        self._loop = asyncio.get_running_loop()
        self._parser = ResponseParser()
        # With all three pipes requested, these exist for the life of the process.
        self._stdin = cast(asyncio.WriteTransport, transport.get_pipe_transport(0))
        self._stdout = cast(asyncio.ReadTransport, transport.get_pipe_transport(1))
        self._stderr: deque[str] = deque(maxlen=STDERR_TAIL_LINES)
        self._stderr_partial = b""
        self._waiter: asyncio.Future[None] | None = None
        self._stdout_closed = False
        self._stderr_closed = self._loop.create_future()
        self._exited = self._loop.create_future()
        self._reading_paused = False
        self._closed = False
        self._dead: GtpEngineDied | None = None
        protocol.channel = self
        for fd, data in protocol.early:
            if data is None:
                self._on_pipe_closed(fd)
            else:
                protocol.pipe_data_received(fd, data)
        protocol.early.clear()
        if transport.get_returncode() is not None:
            self._on_exit()

    @classmethod
    async def start(
        cls,
        command: str | Sequence[str],
        *,
        cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
    ) -> SubprocessChannel:
        """Start ``command`` (a shell-style string split with :mod:`shlex`, or an argv list).

        Raises :class:`GtpTransportError` if the program cannot be started.
        """
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise GtpTransportError("empty engine command line")
        loop = asyncio.get_running_loop()
        try:
            transport, protocol = await loop.subprocess_exec(
                _EngineProtocol,
                *argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=dict(env) if env is not None else None,
            )
        except OSError as exc:
            raise GtpTransportError(f"cannot start engine {shlex.join(argv)!r}: {exc}") from exc
        return cls(transport, protocol, argv)

    # ----------------------------------------------------------------- pipe events

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def _on_stdout(self, data: bytes) -> None:
        self._parser.feed(data)
        if self._parser.buffered > MAX_RESPONSE_BYTES and not self._reading_paused:
            # Nobody is consuming this flood: stop reading until a command asks for output.
            self._reading_paused = True
            self._stdout.pause_reading()
        self._wake()

    def _on_stderr(self, data: bytes) -> None:
        text = self._stderr_partial + data
        *lines, rest = text.split(b"\n")
        for raw in lines:
            self._stderr.append(raw.decode("utf-8", "replace").rstrip("\r"))
        # A line without newline is kept for later, but never grows without bound.
        self._stderr_partial = rest[-_STDERR_LINE_MAX:]

    def _on_pipe_closed(self, fd: int) -> None:
        if fd == 1:
            self._stdout_closed = True
            self._wake()
        elif fd == 2:
            if self._stderr_partial:
                self._stderr.append(self._stderr_partial.decode("utf-8", "replace"))
                self._stderr_partial = b""
            if not self._stderr_closed.done():
                self._stderr_closed.set_result(None)

    def _on_exit(self) -> None:
        if not self._exited.done():
            self._exited.set_result(None)

    # ----------------------------------------------------------------- state

    @property
    def pid(self) -> int:
        return self._transport.get_pid()

    @property
    def returncode(self) -> int | None:
        return self._transport.get_returncode()

    @property
    def closed(self) -> bool:
        return self._closed

    def stderr_tail(self) -> list[str]:
        return list(self._stderr)

    def kill(self) -> None:
        """Kill the engine process now (SIGKILL); pending and later commands then fail with
        :class:`GtpEngineDied`. For an engine that hangs, or a user's "stop engine"."""
        if self._transport.get_returncode() is None:
            with contextlib.suppress(ProcessLookupError):
                self._transport.kill()

    async def wait(self) -> int | None:
        """Wait for the process to exit; returns its exit status."""
        await asyncio.shield(self._exited)
        return self._transport.get_returncode()

    async def _died(self, reason: str) -> GtpEngineDied:
        """Build the error for a dead engine, waiting briefly for its exit status and the
        rest of its stderr so the message shows why it died."""
        if self._dead is None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._exited), 1.0)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._stderr_closed), 0.5)
            self._dead = GtpEngineDied(
                f"{reason}: {shlex.join(self.argv)}",
                returncode=self._transport.get_returncode(),
                stderr_tail=self.stderr_tail(),
            )
        return self._dead

    def _check_usable(self) -> None:
        if self._closed:
            raise GtpChannelClosed("the GTP channel is closed")
        if self._dead is not None:
            raise self._dead

    # ----------------------------------------------------------------- I/O

    async def send_line(self, line: str) -> None:
        self._check_usable()
        if self._stdin.is_closing():
            raise await self._died("engine stopped reading commands")
        # A pipe write goes straight to the kernel unless the pipe is full, in which case the
        # transport buffers it; commands are a few bytes, so there is no need to wait. A
        # write to an engine that has died is reported by the read that follows (EOF).
        self._stdin.write(line.encode("utf-8") + b"\n")

    async def request(self, line: str) -> GtpResponse:
        # send_line() and read_response() inlined: this is the per-command hot path.
        if self._closed or self._dead is not None or self._stdin.is_closing():
            await self.send_line(line)  # raises the right error
        self._stdin.write(line.encode("utf-8") + b"\n")
        return await self._read()

    async def read_response(self) -> GtpResponse:
        self._check_usable()
        return await self._read()

    async def _read(self) -> GtpResponse:
        parser = self._parser
        while True:
            response = parser.next_response()
            if response is not None:
                return response
            if self._reading_paused:
                self._reading_paused = False
                self._stdout.resume_reading()
            if self._stdout_closed:
                if parser.has_partial_response():
                    pending = parser.pending.decode("utf-8", "replace")
                    raise await self._died(
                        f"engine closed its output in the middle of a response {pending[:200]!r}"
                    )
                raise await self._died("engine closed its output")
            waiter = self._loop.create_future()
            self._waiter = waiter
            try:
                await waiter
            finally:
                self._waiter = None

    async def read_line(self) -> str:
        self._check_usable()
        parser = self._parser
        while True:
            line = parser.next_line()
            if line is not None:
                return line
            if self._reading_paused:
                self._reading_paused = False
                self._stdout.resume_reading()
            if self._stdout_closed:
                raise await self._died("engine closed its output")
            waiter = self._loop.create_future()
            self._waiter = waiter
            try:
                await waiter
            finally:
                self._waiter = None

    async def close(self, grace: float = 2.0) -> None:
        """Close stdin, give the engine ``grace`` seconds to exit, then terminate / kill it."""
        if self._closed:
            return
        self._closed = True
        transport = self._transport
        if not self._stdin.is_closing():
            self._stdin.close()
        try:
            await asyncio.wait_for(asyncio.shield(self._exited), grace)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                transport.terminate()
            try:
                await asyncio.wait_for(asyncio.shield(self._exited), 1.0)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    transport.kill()
                await asyncio.shield(self._exited)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._stderr_closed), 1.0)
        transport.close()


class LineEngine(Protocol):
    """What :class:`InProcessChannel` needs from an engine object.

    ``handle_line`` takes one raw command line and returns the exact response text (possibly
    ``""`` for a line the engine ignores); ``finished`` becomes true after ``quit``.
    """

    def handle_line(self, line: str) -> str: ...

    @property
    def finished(self) -> bool: ...


class InProcessChannel(GtpChannel):
    """A channel to an engine object in this process, for tests and the built-in engine.

    The engine's response text goes through the same byte parser as subprocess output. An
    exception inside the engine is treated like a crash (:class:`GtpEngineDied` with the
    traceback as the "stderr" lines), and after ``quit`` the channel reports end of output
    the same way a real engine's closed pipe would.
    """

    def __init__(self, engine: LineEngine) -> None:
        self.engine = engine
        self._parser = ResponseParser()
        self._closed = False
        self._dead: GtpEngineDied | None = None
        self._stderr: deque[str] = deque(maxlen=STDERR_TAIL_LINES)

    @property
    def closed(self) -> bool:
        return self._closed

    def stderr_tail(self) -> list[str]:
        return list(self._stderr)

    def _check_usable(self) -> None:
        if self._closed:
            raise GtpChannelClosed("the GTP channel is closed")
        if self._dead is not None:
            raise self._dead

    async def send_line(self, line: str) -> None:
        self._check_usable()
        if self.engine.finished:
            self._dead = GtpEngineDied("engine has quit and stopped reading commands")
            raise self._dead
        try:
            output = self.engine.handle_line(line + "\n")
        except Exception as exc:
            self._stderr.extend(traceback.format_exception(exc)[-STDERR_TAIL_LINES:])
            self._dead = GtpEngineDied(
                f"in-process engine raised {type(exc).__name__}: {exc}",
                stderr_tail=self.stderr_tail(),
            )
            raise self._dead from exc
        self._parser.feed(output.encode("utf-8"))

    async def read_response(self) -> GtpResponse:
        self._check_usable()
        response = self._parser.next_response()
        if response is not None:
            return response
        self._dead = GtpEngineDied(
            "in-process engine produced no response"
            if not self.engine.finished
            else "engine closed its output"
        )
        raise self._dead

    async def read_line(self) -> str:
        self._check_usable()
        line = self._parser.next_line()
        if line is None:
            self._dead = GtpEngineDied("in-process engine produced no more output")
            raise self._dead
        return line

    async def close(self, grace: float = 2.0) -> None:
        self._closed = True
