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
import traceback
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Protocol

from igs_tui.gtp.errors import GtpChannelClosed, GtpEngineDied, GtpTransportError
from igs_tui.gtp.framing import GtpResponse, ResponseParser

STDERR_TAIL_LINES = 20
_READ_CHUNK = 65536


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

    @abstractmethod
    async def close(self, grace: float = 2.0) -> None:
        """Release the engine; a subprocess gets ``grace`` seconds to exit before a kill."""

    @property
    @abstractmethod
    def closed(self) -> bool: ...

    def stderr_tail(self) -> list[str]:
        """The engine's most recent diagnostic lines (empty if it has no stderr)."""
        return []


class SubprocessChannel(GtpChannel):
    """An engine running as a child process, spoken to over its stdin/stdout pipes.

    Stderr is read continuously by a background task into a bounded buffer: an engine that
    logs a lot (GNU Go, KataGo) would otherwise fill the pipe and block forever, and the last
    lines are what explains a crash.
    """

    def __init__(self, process: asyncio.subprocess.Process, argv: Sequence[str]) -> None:
        self._process = process
        self.argv = tuple(argv)
        self._parser = ResponseParser()
        self._stderr: deque[str] = deque(maxlen=STDERR_TAIL_LINES)
        self._closed = False
        self._dead: GtpEngineDied | None = None
        self._stderr_task = asyncio.create_task(self._drain_stderr())

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
        try:
            process = await asyncio.create_subprocess_exec(
                *argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                cwd=cwd,
                env=dict(env) if env is not None else None,
            )
        except OSError as exc:
            raise GtpTransportError(f"cannot start engine {shlex.join(argv)!r}: {exc}") from exc
        return cls(process, argv)

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.returncode

    @property
    def closed(self) -> bool:
        return self._closed

    def stderr_tail(self) -> list[str]:
        return list(self._stderr)

    async def _drain_stderr(self) -> None:
        stream = self._process.stderr
        assert stream is not None
        while True:
            try:
                raw = await stream.readline()
            except ValueError:  # a line longer than the stream limit: keep its tail
                raw = await stream.read(_READ_CHUNK)
            except (OSError, asyncio.IncompleteReadError):
                return
            if not raw:
                return
            self._stderr.append(raw.decode("utf-8", "replace").rstrip("\r\n"))

    async def _died(self, reason: str) -> GtpEngineDied:
        """Build the error for a dead engine, waiting briefly for its exit status and the
        rest of its stderr so the message shows why it died."""
        if self._dead is None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._process.wait(), 1.0)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._stderr_task), 0.5)
            self._dead = GtpEngineDied(
                f"{reason}: {shlex.join(self.argv)}",
                returncode=self._process.returncode,
                stderr_tail=self.stderr_tail(),
            )
        return self._dead

    def _check_usable(self) -> None:
        if self._closed:
            raise GtpChannelClosed("the GTP channel is closed")
        if self._dead is not None:
            raise self._dead

    async def send_line(self, line: str) -> None:
        self._check_usable()
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(line.encode("utf-8") + b"\n")
            await stdin.drain()
        except (BrokenPipeError, ConnectionResetError) as exc:
            raise await self._died(f"engine stopped reading commands ({exc})") from exc

    async def request(self, line: str) -> GtpResponse:
        # Same as the base class, minus one coroutine layer: this is the hot path.
        await self.send_line(line)
        return await self._read()

    async def read_response(self) -> GtpResponse:
        self._check_usable()
        return await self._read()

    async def _read(self) -> GtpResponse:
        stdout = self._process.stdout
        assert stdout is not None
        while True:
            response = self._parser.next_response()
            if response is not None:
                return response
            data = await stdout.read(_READ_CHUNK)
            if not data:
                if self._parser.has_partial_response():
                    pending = self._parser.pending.decode("utf-8", "replace")
                    raise await self._died(
                        f"engine closed its output in the middle of a response {pending[:200]!r}"
                    )
                raise await self._died("engine closed its output")
            self._parser.feed(data)

    async def close(self, grace: float = 2.0) -> None:
        """Close stdin, give the engine ``grace`` seconds to exit, then terminate / kill it."""
        if self._closed:
            return
        self._closed = True
        process = self._process
        if process.stdin is not None and not process.stdin.is_closing():
            with contextlib.suppress(OSError):
                process.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), grace)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 1.0)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stderr_task, 1.0)
        if not self._stderr_task.done():
            self._stderr_task.cancel()


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

    async def close(self, grace: float = 2.0) -> None:
        self._closed = True
