"""The asyncio TCP front end: accept connections, run the hub's timers, start bots.

``LocalServer`` listens on 127.0.0.1 (raw TCP, telnet negotiation refused, CRLF lines,
UTF-8). It is the app's offline mode and the project's end-to-end test bed.
:meth:`LocalServer.connect_in_memory` connects a client without a socket (see
:mod:`igs_tui.localserver.memory_link`): the same connection handler serves it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any, Protocol

from igs_tui.localserver import gameflow
from igs_tui.localserver.config import ServerConfig
from igs_tui.localserver.hub import Hub
from igs_tui.localserver.memory_link import MemoryEnd, memory_link
from igs_tui.localserver.registry import ensure_loaded
from igs_tui.localserver.session import Session
from igs_tui.localserver.telnet import TelnetLineReader

READ_CHUNK = 4096


class StreamWriterLike(Protocol):
    """What a connection needs of its writer: an asyncio StreamWriter or a MemoryWriter."""

    def write(self, data: bytes) -> None: ...

    def is_closing(self) -> bool: ...

    def close(self) -> None: ...

    async def drain(self) -> None: ...

    def get_extra_info(self, name: str, default: Any = None) -> Any: ...


class LocalServer:
    """An IGS-compatible server. ``await start()`` returns the port actually bound."""

    def __init__(
        self, host: str = "127.0.0.1", port: int = 0, *, config: ServerConfig | None = None
    ) -> None:
        ensure_loaded()
        self.host = host
        self.port = port
        self.config = config or ServerConfig()
        self.hub = Hub(self.config)
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._connections: set[asyncio.Task[None]] = set()
        self._writers: set[StreamWriterLike] = set()
        self._world: list[object] = []
        self._running = False

    async def start(self, *, listen: bool = True) -> int:
        """Start the timers, bots and broadcast and, with ``listen``, accept TCP connections.

        Returns the port bound (0 without ``listen``: then only :meth:`connect_in_memory`
        connects clients).
        """
        if listen and self._server is None:
            self._server = await asyncio.start_server(self._on_connect, self.host, self.port)
            sockets = self._server.sockets
            self.port = int(sockets[0].getsockname()[1]) if sockets else self.port
        self._run_world()
        return self.port

    def connect_in_memory(self) -> MemoryEnd:
        """Connect a client through memory instead of a socket; return the client's end.

        The server's end is served exactly as a TCP connection is (and :meth:`stop` ends it).
        Timers and bots start with the first connection if :meth:`start` was not called.
        """
        self._run_world()
        client, server = memory_link()
        # Tracked before it first runs, so that a stop() right away still closes and ends it.
        self._writers.add(server.writer)
        task = asyncio.ensure_future(self._on_connect(server.reader, server.writer))
        self._connections.add(task)
        task.add_done_callback(self._connections.discard)
        return client

    def _run_world(self) -> None:
        if self._running:
            return
        self._running = True
        self._spawn(self._tick_loop())
        self._start_world()

    def _start_world(self) -> None:
        from igs_tui.localserver.bots import start_bots
        from igs_tui.localserver.broadcast import start_broadcast

        self._world.extend(start_bots(self.hub, self._spawn))
        if self.config.broadcast:
            self._world.append(start_broadcast(self.hub, self._spawn))

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def serve_forever(self) -> None:
        if self._server is None:
            await self.start()
        assert self._server is not None
        await self._server.serve_forever()

    async def stop(self) -> None:
        """Close the listener and every connection, then stop timers, bots and relays.
        Everyone online is told first, and games in progress are adjourned (see
        :func:`announce_shutdown`)."""
        if self._running:
            announce_shutdown(self.hub)
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.close()  # the connection loops see EOF and finish on their own
        if self._connections:
            await asyncio.wait(list(self._connections), timeout=2.0)
        for task in list(self._tasks) + list(self._connections):
            task.cancel()
        for task in list(self._tasks) + list(self._connections):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._server is not None:
            with contextlib.suppress(Exception):
                await self._server.wait_closed()
            self._server = None
        self._running = False

    async def __aenter__(self) -> LocalServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _tick_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.tick_interval)
            try:
                self.hub.tick()
            except Exception:  # a timer bug must not stop the server
                import logging

                logging.getLogger(__name__).exception("tick failed")

    async def _on_connect(self, reader: asyncio.StreamReader, writer: StreamWriterLike) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._connections.add(task)
        peer = str(writer.get_extra_info("peername"))

        def write(text: str) -> None:
            if not writer.is_closing():
                writer.write(text.encode("utf-8"))

        def close() -> None:
            if not writer.is_closing():
                writer.close()

        session = Session(self.hub, write, close, peer)
        telnet = TelnetLineReader()
        self._writers.add(writer)
        try:
            session.start()
            while not writer.is_closing():
                data = await reader.read(READ_CHUNK)
                if not data:
                    break
                lines, reply = telnet.feed(data)
                if reply:
                    writer.write(reply)
                for line in lines:
                    try:
                        session.handle_line(line)
                    except Exception:  # never let one bad command kill the connection
                        import logging

                        logging.getLogger(__name__).exception("command failed: %r", line)
                        session.send([(5, "Internal error in the local server.")])
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            # The server (or the app around it) is stopping. Ending normally matters on Python
            # 3.11: asyncio's stream callback asks a cancelled handler for its exception and
            # prints a CancelledError traceback on every quit of ``igs-tui --local``.
            pass
        finally:
            self._writers.discard(writer)
            if session.user is not None:
                self.hub.logout(session.user, session)
            session.close()
            if task is not None:
                self._connections.discard(task)


async def start_embedded(
    config: ServerConfig | None = None, host: str = "127.0.0.1", port: int = 0
) -> LocalServer:
    """Start a server inside the running loop (``igs-tui --local``); returns it started."""
    server = LocalServer(host, port, config=config)
    await server.start()
    return server


SHUTDOWN_NOTICE = "**** Server shutdown started by admin. ****"
"""IGS's code-4 notice (pzorin/qgo src/network/igsconnection.cpp:1127)."""


def announce_shutdown(hub: Hub) -> None:
    """``4 **** Server shutdown started by admin. ****`` to everyone online, then each game in
    progress is adjourned, as a server going down does with them (its players can ``load``
    it again while this server runs; this one keeps no games across a restart)."""
    for user in list(hub.online):
        hub.send(user, [(4, SHUTDOWN_NOTICE)], prompt=False)
    for game in list(hub.games.values()):  # a game leaves this table when it ends
        gameflow.adjourn(hub, game)
