"""The GTP v2 controller: typed, async methods for every command of the spec.

The controller knows what commands mean; the :class:`~igs_tui.gtp.channel.GtpChannel` under
it knows only how bytes move. Commands are serialised with a lock (GTP allows pipelining,
§2.8, but one-at-a-time keeps error attribution exact and costs nothing for a GUI).

Ids and timeouts work together: every command carries an increasing id (§2.5), and a command
that times out leaves its response owed. The engine must answer in order (§2.8: it "must ...
respond to the commands in the same order as they come in"), so the next command first reads
and discards the owed responses — a late answer can never be mistaken for the answer to a
later command. The id check then catches any engine that breaks that rule.
"""

from __future__ import annotations

import asyncio
import itertools
import math
import os
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from enum import Enum
from types import TracebackType
from typing import Final, Self

from igs_tui.go.types import Color, Point
from igs_tui.gtp.channel import GtpChannel, SubprocessChannel
from igs_tui.gtp.errors import (
    GtpChannelClosed,
    GtpEngineDied,
    GtpEngineError,
    GtpProtocolError,
    GtpTimeout,
)
from igs_tui.gtp.framing import parse_status_line, prepare_command
from igs_tui.gtp.values import (
    FinalScore,
    GenmoveResult,
    StatusKind,
    gtp_color,
    gtp_vertex,
    parse_bool,
    parse_final_score,
    parse_genmove,
    parse_int,
    parse_vertex_groups,
    parse_vertex_list,
)


class _Default(Enum):
    TOKEN = 0


DEFAULT: Final = _Default.TOKEN
"""Use the controller's configured timeout for this command."""

TimeoutArg = float | None | _Default

SLOW_COMMANDS: Final = frozenset(
    {
        "genmove",
        "reg_genmove",
        "final_score",
        "final_status_list",
        "place_free_handicap",
        "loadsgf",
        "estimate_score",
        "kgs-genmove_cleanup",
    }
)
"""Commands where the engine thinks; they get ``slow_timeout`` instead of ``timeout``."""

TrafficHook = Callable[[str, str], None]
"""Called with ``("send", line)`` and ``("recv", response_text)``: an engine console for
debugging, as §8.1 intends GTP to be "reasonably human readable"."""


class GtpController:
    """Speaks GTP v2 to one engine through a channel.

    ``timeout`` applies to quick commands, ``slow_timeout`` to thinking ones
    (:data:`SLOW_COMMANDS`); ``None`` or ``math.inf`` means no limit. Every method accepts a
    ``timeout=`` override. ``use_ids=False`` is for engines that do not echo ids (not
    allowed by the spec, but old engines exist).

    ``board_size`` is the size used to parse vertices in responses; :meth:`boardsize` keeps
    it current (set it yourself after changing the size by other means, e.g. ``loadsgf``).
    """

    def __init__(
        self,
        channel: GtpChannel,
        *,
        timeout: float | None = 30.0,
        slow_timeout: float | None = 300.0,
        use_ids: bool = True,
        on_traffic: TrafficHook | None = None,
    ) -> None:
        self.channel = channel
        self.timeout = timeout
        self.slow_timeout = slow_timeout
        self.use_ids = use_ids
        self.on_traffic = on_traffic
        self.board_size = 19
        self._ids = itertools.count(1)
        self._busy = False
        self._waiters: deque[asyncio.Future[None]] = deque()
        self._owed = 0
        self._closed = False
        self._dead: GtpEngineDied | None = None
        self._known: dict[str, bool] = {}
        self._current: asyncio.Task[object] | None = None
        self._deadline = 0.0
        self._expired = False
        self._watchdog: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._commands: tuple[str, ...] | None = None

    @classmethod
    async def start(
        cls,
        command: str | Sequence[str],
        *,
        cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
        timeout: float | None = 30.0,
        slow_timeout: float | None = 300.0,
        use_ids: bool = True,
        on_traffic: TrafficHook | None = None,
    ) -> GtpController:
        """Start an engine subprocess (``command`` split with :mod:`shlex` if a string)."""
        channel = await SubprocessChannel.start(command, cwd=cwd, env=env)
        return cls(
            channel,
            timeout=timeout,
            slow_timeout=slow_timeout,
            use_ids=use_ids,
            on_traffic=on_traffic,
        )

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def closed(self) -> bool:
        """True after :meth:`close` or :meth:`quit`."""
        return self._closed

    @property
    def dead(self) -> GtpEngineDied | None:
        """The error that ended the engine, if it died (kept so later calls re-raise it)."""
        return self._dead

    # ----------------------------------------------------------------- turns
    #
    # Commands run one at a time. A plain flag plus a FIFO of waiter futures does what an
    # asyncio.Lock would, without three coroutine calls per command when nobody is waiting
    # (the common case, and the one the < 1.2x overhead budget is about).

    async def _wait_turn(self) -> None:
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._pass_turn()  # we were handed the turn but will not use it
            else:
                self._waiters.remove(waiter)
            raise

    def _pass_turn(self) -> None:
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)  # hand over: _busy stays True
                return
        self._busy = False

    # ----------------------------------------------------------------- deadlines
    #
    # One watchdog timer serves all commands instead of a timer per command (which is what
    # asyncio.timeout would cost): each command only records its deadline, and the watchdog,
    # when it fires, either cancels the command that overran or re-arms itself for the
    # current deadline. With a steady timeout the deadlines only move forward, so the timer
    # is re-armed about once per timeout period rather than once per command.

    def _start_deadline(self, limit: float | None) -> asyncio.Task[object] | None:
        task: asyncio.Task[object] | None = asyncio.current_task()
        self._expired = False
        if limit is None or task is None:
            self._current = None
            return task
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        self._current = task
        self._deadline = deadline
        watchdog = self._watchdog
        if watchdog is None or watchdog.when() > deadline:
            if watchdog is not None:
                watchdog.cancel()
            self._watchdog = loop.call_at(deadline, self._on_watchdog)
        return task

    def _on_watchdog(self) -> None:
        self._watchdog = None
        task = self._current
        if task is None:
            return  # idle: stay disarmed until the next command
        loop = asyncio.get_running_loop()
        if loop.time() >= self._deadline:
            self._expired = True
            self._current = None
            task.cancel()
        else:
            self._watchdog = loop.call_at(self._deadline, self._on_watchdog)

    # ----------------------------------------------------------------- the one primitive

    async def raw(self, command: str, *, timeout: TimeoutArg = DEFAULT) -> str:
        """Send one command line and return the success response's text.

        The line is preprocessed as the engine would (§3.1) and must not be empty after that
        (:class:`ValueError`). Raises :class:`GtpEngineError` for a ``?`` response,
        :class:`GtpTimeout`, :class:`GtpProtocolError`, :class:`GtpEngineDied` and
        :class:`GtpChannelClosed`.
        """
        prepared = prepare_command(command)
        if timeout is DEFAULT:
            name = prepared.partition(" ")[0]
            timeout = self.slow_timeout if name in SLOW_COMMANDS else self.timeout
        limit = None if timeout is None or math.isinf(timeout) else timeout
        if self._busy:
            await self._wait_turn()
        else:
            self._busy = True
        try:
            if self._closed:
                raise GtpChannelClosed(f"cannot send {prepared!r}: the GTP session is closed")
            if self._dead is not None:
                raise self._dead
            command_id = next(self._ids) if self.use_ids else None
            line = prepared if command_id is None else f"{command_id} {prepared}"
            task = self._start_deadline(limit)
            try:
                while self._owed:
                    await self.channel.read_response()
                    self._owed -= 1
                if self.on_traffic is not None:
                    self.on_traffic("send", line)
                self._owed += 1
                response = await self.channel.request(line)
                self._owed -= 1
            except asyncio.CancelledError:
                if self._expired and task is not None and task.uncancel() == 0:
                    raise GtpTimeout(prepared, limit or 0.0) from None
                raise
            except GtpEngineDied as exc:
                self._dead = exc
                raise
            finally:
                self._current = None
        finally:
            if self._waiters:
                self._pass_turn()
            else:
                self._busy = False
        if self.on_traffic is not None:
            self.on_traffic("recv", ("=" if response.ok else "?") + response.body)
        if response.id != command_id:
            raise GtpProtocolError(
                f"response to {line!r} carries id {response.id}, expected {command_id}"
            )
        if not response.ok:
            raise GtpEngineError(prepared, response.body)
        return response.body

    async def stream(self, command: str, *, timeout: TimeoutArg = DEFAULT) -> GtpStream:
        """Start a streaming command (``kata-analyze b 50``): the engine answers ``=id`` and
        then lines, one by one, until it is sent another command.

        The returned :class:`GtpStream` holds the controller's turn: no other command runs
        until :meth:`GtpStream.stop` (which every caller must reach, in a ``finally``).
        ``timeout`` bounds the wait for the status line only. A ``?`` answer raises
        :class:`GtpEngineError` as :meth:`raw` would.
        """
        prepared = prepare_command(command)
        limit = self.timeout if timeout is DEFAULT else timeout
        if self._busy:
            await self._wait_turn()
        else:
            self._busy = True
        handed_over = False
        try:
            if self._closed:
                raise GtpChannelClosed(f"cannot send {prepared!r}: the GTP session is closed")
            if self._dead is not None:
                raise self._dead
            async with asyncio.timeout(None if limit is None or math.isinf(limit) else limit):
                while self._owed:
                    await self.channel.read_response()
                    self._owed -= 1
                command_id = next(self._ids) if self.use_ids else None
                line = prepared if command_id is None else f"{command_id} {prepared}"
                if self.on_traffic is not None:
                    self.on_traffic("send", line)
                await self.channel.send_line(line)
                head = ""
                while not head.strip():
                    head = await self.channel.read_line()
            ok, answer_id, rest = parse_status_line(head.strip())
            if answer_id != command_id:
                raise GtpProtocolError(
                    f"response to {line!r} carries id {answer_id}, expected {command_id}"
                )
            stream = GtpStream(self, prepared, rest)
            if not ok:
                message = [rest, *[text async for text in stream.lines()]]
                raise GtpEngineError(prepared, "\n".join(m for m in message if m))
            handed_over = True
            return stream
        except TimeoutError:
            self._dead = GtpEngineDied(f"no answer to {prepared!r}: the session is out of step")
            raise GtpTimeout(prepared, limit or 0.0) from None
        except GtpEngineDied as exc:
            self._dead = exc
            raise
        finally:
            if not handed_over:
                self._release_turn()

    def _release_turn(self) -> None:
        if self._waiters:
            self._pass_turn()
        else:
            self._busy = False

    async def command(self, name: str, *args: object, timeout: TimeoutArg = DEFAULT) -> str:
        """Send ``name`` with space-separated ``args`` (each converted with ``str``)."""
        return await self.raw(" ".join([name, *(str(arg) for arg in args)]), timeout=timeout)

    # ----------------------------------------------------------------- administrative

    async def protocol_version(self, *, timeout: TimeoutArg = DEFAULT) -> int:
        return parse_int(await self.command("protocol_version", timeout=timeout), "a version")

    async def name(self, *, timeout: TimeoutArg = DEFAULT) -> str:
        return (await self.command("name", timeout=timeout)).strip()

    async def version(self, *, timeout: TimeoutArg = DEFAULT) -> str:
        return (await self.command("version", timeout=timeout)).strip()

    async def list_commands(self, *, timeout: TimeoutArg = DEFAULT) -> tuple[str, ...]:
        """The engine's commands (cached: the set cannot change within a session)."""
        if self._commands is None:
            body = await self.command("list_commands", timeout=timeout)
            self._commands = tuple(line.strip() for line in body.split("\n") if line.strip())
        return self._commands

    async def known_command(self, name: str, *, timeout: TimeoutArg = DEFAULT) -> bool:
        """Whether the engine knows ``name`` (cached per name; answered from a cached
        ``list_commands`` when there is one)."""
        if name not in self._known:
            if self._commands is not None:
                self._known[name] = name in self._commands
            else:
                body = await self.command("known_command", name, timeout=timeout)
                self._known[name] = parse_bool(body)
        return self._known[name]

    async def quit(self, *, timeout: TimeoutArg = DEFAULT) -> None:
        """Send ``quit``; afterwards the session is closed (§6.3.1: "The session is
        terminated and the connection is closed")."""
        try:
            await self.command("quit", timeout=timeout)
        finally:
            self._closed = True

    async def close(self, grace: float = 2.0) -> None:
        """End the session: ``quit`` if the engine is alive, then close the channel, which
        kills a subprocess that has not exited after ``grace`` seconds. Never raises for an
        engine that is already dead or unresponsive."""
        if not self._closed and self._dead is None:
            try:
                await self.quit(timeout=grace)
            except (GtpTimeout, GtpEngineDied, GtpEngineError, GtpProtocolError):
                pass
        self._closed = True
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None
        await self.channel.close(grace)

    # ----------------------------------------------------------------- setup

    async def boardsize(self, size: int, *, timeout: TimeoutArg = DEFAULT) -> None:
        """Set the board size; the engine answers ``unacceptable size`` if it cannot.
        Call :meth:`clear_board` afterwards (§6.3.2)."""
        await self.command("boardsize", size, timeout=timeout)
        self.board_size = size

    async def clear_board(self, *, timeout: TimeoutArg = DEFAULT) -> None:
        await self.command("clear_board", timeout=timeout)

    async def komi(self, komi: float, *, timeout: TimeoutArg = DEFAULT) -> None:
        await self.command("komi", f"{komi:g}", timeout=timeout)

    async def fixed_handicap(self, stones: int, *, timeout: TimeoutArg = DEFAULT) -> list[Point]:
        body = await self.command("fixed_handicap", stones, timeout=timeout)
        return parse_vertex_list(body, self.board_size)

    async def place_free_handicap(
        self, stones: int, *, timeout: TimeoutArg = DEFAULT
    ) -> list[Point]:
        """Let the engine choose; it may place fewer stones than asked (§4.1.2)."""
        body = await self.command("place_free_handicap", stones, timeout=timeout)
        return parse_vertex_list(body, self.board_size)

    async def set_free_handicap(
        self, points: Iterable[Point], *, timeout: TimeoutArg = DEFAULT
    ) -> None:
        vertices = [gtp_vertex(point, self.board_size) for point in points]
        await self.command("set_free_handicap", *vertices, timeout=timeout)

    # ----------------------------------------------------------------- core play

    async def play(
        self, color: Color, point: Point | None, *, timeout: TimeoutArg = DEFAULT
    ) -> None:
        """Play ``point`` (``None`` = pass); an illegal move raises :class:`GtpEngineError`
        with message ``illegal move``."""
        vertex = gtp_vertex(point, self.board_size)
        await self.command("play", gtp_color(color), vertex, timeout=timeout)

    async def genmove(self, color: Color, *, timeout: TimeoutArg = DEFAULT) -> GenmoveResult:
        """Ask for and play a move: a :class:`Point`, ``"pass"`` or ``"resign"``."""
        body = await self.command("genmove", gtp_color(color), timeout=timeout)
        return parse_genmove(body, self.board_size)

    async def undo(self, *, timeout: TimeoutArg = DEFAULT) -> None:
        """Take back the last move; fails with ``cannot undo`` when the engine cannot."""
        await self.command("undo", timeout=timeout)

    # ----------------------------------------------------------------- tournament

    async def time_settings(
        self,
        main_time: int,
        byo_yomi_time: int,
        byo_yomi_stones: int,
        *,
        timeout: TimeoutArg = DEFAULT,
    ) -> None:
        """Canadian byo-yomi (§4.2): ``byo_yomi_time=0`` is absolute time,
        ``byo_yomi_time>0, byo_yomi_stones=0`` means no time limit."""
        await self.command(
            "time_settings", main_time, byo_yomi_time, byo_yomi_stones, timeout=timeout
        )

    async def time_left(
        self, color: Color, seconds: int, stones: int, *, timeout: TimeoutArg = DEFAULT
    ) -> None:
        """``stones`` is 0 while main time is running (§6.3.4)."""
        await self.command("time_left", gtp_color(color), seconds, stones, timeout=timeout)

    async def final_score(self, *, timeout: TimeoutArg = DEFAULT) -> FinalScore:
        """The engine's score of a *finished* game; ``cannot score`` is a GtpEngineError."""
        return parse_final_score(await self.command("final_score", timeout=timeout))

    async def final_status_list(
        self, status: StatusKind, *, timeout: TimeoutArg = DEFAULT
    ) -> list[list[Point]]:
        """Stones with ``status``, one list per line of the answer (a group, for GNU Go)."""
        body = await self.command("final_status_list", status, timeout=timeout)
        return parse_vertex_groups(body, self.board_size)

    # ----------------------------------------------------------------- regression, debug

    async def loadsgf(
        self,
        filename: str | os.PathLike[str],
        move_number: int | None = None,
        *,
        timeout: TimeoutArg = DEFAULT,
    ) -> None:
        """Load an SGF file the engine can read. §6.3.5: the name "cannot include spaces,
        hash signs (#), or control characters" — such names raise :class:`ValueError`."""
        name = os.fspath(filename)
        if not name or any(ch in name for ch in " #\t") or not name.isprintable():
            raise ValueError(f"GTP cannot transmit the file name {name!r}")
        args: list[object] = [name] if move_number is None else [name, move_number]
        await self.command("loadsgf", *args, timeout=timeout)

    async def reg_genmove(self, color: Color, *, timeout: TimeoutArg = DEFAULT) -> GenmoveResult:
        """The move the engine would play, without playing it."""
        body = await self.command("reg_genmove", gtp_color(color), timeout=timeout)
        return parse_genmove(body, self.board_size)

    async def showboard(self, *, timeout: TimeoutArg = DEFAULT) -> str:
        """A board diagram for humans (§6.3.6: never to be parsed)."""
        return (await self.command("showboard", timeout=timeout)).strip("\n")


class GtpStream:
    """A streaming response in progress (see :meth:`GtpController.stream`).

    Read its lines with :meth:`next_line` (or iterate :meth:`lines`); end it with
    :meth:`stop`, which sends ``stop_command`` (any command ends a GTP analysis), reads the
    rest of the stream and that command's answer, and gives the controller's turn back.
    """

    def __init__(self, controller: GtpController, command: str, first: str) -> None:
        self._ctl = controller
        self.command = command
        self._pending = [first] if first.strip() else []
        self._ended = False
        self._released = False

    @property
    def ended(self) -> bool:
        """The engine ended the response (a blank line)."""
        return self._ended

    async def next_line(self) -> str | None:
        """The next non-blank line, or ``None`` once the response has ended."""
        if self._pending:
            return self._pending.pop(0)
        if self._ended or self._released:
            return None
        line = await self._ctl.channel.read_line()
        if not line.strip():
            self._ended = True
            return None
        if self._ctl.on_traffic is not None:
            self._ctl.on_traffic("recv", line)
        return line

    async def lines(self) -> AsyncIterator[str]:
        while (line := await self.next_line()) is not None:
            yield line

    async def stop(self, stop_command: str = "name", *, timeout: float = 5.0) -> None:
        """End the stream and give the turn back. An engine that does not stop within
        ``timeout`` leaves the session unusable (:attr:`GtpController.dead` is set and
        :class:`GtpTimeout` raised): the caller closes it and starts another."""
        if self._released:
            return
        ctl = self._ctl
        try:
            async with asyncio.timeout(timeout):
                if not self._ended:
                    command_id = next(ctl._ids) if ctl.use_ids else None
                    line = stop_command if command_id is None else f"{command_id} {stop_command}"
                    await ctl.channel.send_line(line)
                    while await self.next_line() is not None:
                        pass
                    response = await ctl.channel.read_response()
                    if response.id != command_id:
                        raise GtpProtocolError(
                            f"response to {line!r} carries id {response.id}, expected {command_id}"
                        )
        except TimeoutError:
            ctl._dead = GtpEngineDied(f"engine did not stop {self.command!r}")
            raise GtpTimeout(stop_command, timeout) from None
        except GtpProtocolError as exc:
            ctl._dead = GtpEngineDied(f"engine out of step after {self.command!r}: {exc}")
            raise
        except GtpEngineDied as exc:
            ctl._dead = exc
            raise
        finally:
            self._released = True
            self._pending.clear()
            ctl._release_turn()
