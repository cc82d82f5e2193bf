"""The asyncio TCP front end: accept connections, run the hub's timers, start bots.

``LocalServer`` listens on 127.0.0.1 (raw TCP, telnet negotiation refused, CRLF lines,
UTF-8). It is the app's offline mode and the project's end-to-end test bed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any

from igs_tui.localserver.config import ServerConfig
from igs_tui.localserver.hub import Hub
from igs_tui.localserver.registry import ensure_loaded
from igs_tui.localserver.session import Session
from igs_tui.localserver.telnet import TelnetLineReader

READ_CHUNK = 4096


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
        self._writers: set[asyncio.StreamWriter] = set()
        self._world: list[object] = []

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._on_connect, self.host, self.port)
        sockets = self._server.sockets
        self.port = int(sockets[0].getsockname()[1]) if sockets else self.port
        self._spawn(self._tick_loop())
        self._start_world()
        return self.port

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
        """Close the listener and every connection, then stop timers, bots and relays."""
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

    async def _on_connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
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
