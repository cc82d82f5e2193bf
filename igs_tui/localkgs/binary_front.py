"""The TCP listener of the fake KGS server's binary protocol: asyncio glue around
:class:`~igs_tui.localkgs.binary.BinarySession`, one per connection, beside the HTTP front end
of the same :class:`~igs_tui.localkgs.server.LocalKgsServer` (same world, same clock). What the
world queues for a connection's user is pushed as soon as it is queued."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from igs_tui.localkgs.binary import BinarySession

if TYPE_CHECKING:
    from igs_tui.localkgs.server import LocalKgsServer

READ_CHUNK = 65536
STOP_SECONDS = 1.0
"""How long stopping waits for the connections to be logged out."""


class BinaryFront:
    """The TCP listener for :class:`BinarySession` connections beside a
    :class:`~igs_tui.localkgs.server.LocalKgsServer` (same world, same clock)."""

    def __init__(self, server: LocalKgsServer, host: str = "127.0.0.1", port: int = 0) -> None:
        self.server = server
        self.host = host
        self.port = port
        self._listener: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> int:
        self._listener = await asyncio.start_server(self._serve, self.host, self.port)
        self.port = int(self._listener.sockets[0].getsockname()[1])
        return self.port

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        for writer in list(self._writers):
            writer.close()  # each connection's read ends, and its user is logged out
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=STOP_SECONDS)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        self._writers.add(writer)
        session = BinarySession(self.server.world)
        clock = self.server.clock
        waker = asyncio.Event()
        pusher: asyncio.Task[None] | None = None
        try:
            while not session.closed:
                data = await reader.read(READ_CHUNK)
                if not data:
                    break
                writer.write(session.data_received(data, clock.now()))
                if session.sid is not None and pusher is None:
                    self.server.watch(session.sid, waker)
                    pusher = asyncio.create_task(self._push(session, writer, waker))
                self.server.wake()
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            if pusher is not None:
                pusher.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await pusher
            if session.sid is not None:
                self.server.unwatch(session.sid)
            session.connection_lost(clock.now())
            self.server.wake()
            self._writers.discard(writer)
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
            if task is not None:
                self._tasks.discard(task)

    async def _push(
        self, session: BinarySession, writer: asyncio.StreamWriter, waker: asyncio.Event
    ) -> None:
        """Send what the world queues for this user as soon as it is queued."""
        while not session.closed:
            await waker.wait()
            waker.clear()
            data = session.flush(self.server.clock.now())
            if data:
                writer.write(data)
                await writer.drain()
            if session.closed:
                writer.close()
