"""A TCP proxy on 127.0.0.1 that can cut every connection through it on demand."""

from __future__ import annotations

import asyncio
import contextlib


class CuttingProxy:
    """Forward connections to ``target_port``; :meth:`cut` aborts all of them (both sides)."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self.accepted = 0
        self._server: asyncio.Server | None = None
        self._pairs: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._orphans: list[asyncio.StreamWriter] = []
        self._half_open: set[int] = set()
        self._held = False

    async def __aenter__(self) -> CuttingProxy:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._server is not None
        self._server.close()
        self.cut()
        for writer in self._orphans:
            writer.transport.abort()
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        await self._server.wait_closed()

    def cut(self) -> int:
        """Abort every live connection; return how many were cut."""
        pairs, self._pairs = self._pairs, []
        for client, upstream in pairs:
            for writer in (client, upstream):
                writer.transport.abort()
        return len(pairs)

    def cut_client_side(self) -> int:
        """Abort only the client halves: the server keeps a half-open connection, as after a
        dead link it has not noticed yet. Return how many were cut."""
        pairs, self._pairs = self._pairs, []
        for pair in pairs:
            self._half_open.add(id(pair))
            pair[0].transport.abort()
        self._orphans.extend(upstream for _client, upstream in pairs)
        return len(pairs)

    @property
    def live(self) -> int:
        return len(self._pairs)

    def hold(self) -> None:
        """Turn new connections away (closed at once) until :meth:`release`: a client that
        lost its link stays away, retrying, while the test changes the server's world."""
        self._held = True

    def release(self) -> None:
        self._held = False

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._held:
            writer.transport.abort()
            return
        self.accepted += 1
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        pair = (writer, up_writer)
        self._pairs.append(pair)
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self._pipe(source, sink, pair))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pipe(
        self,
        source: asyncio.StreamReader,
        sink: asyncio.StreamWriter,
        pair: tuple[asyncio.StreamWriter, asyncio.StreamWriter],
    ) -> None:
        try:
            while data := await source.read(65536):
                if id(pair) in self._half_open:
                    continue  # the server keeps talking into the void
                sink.write(data)
                await sink.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            for writer in pair if id(pair) not in self._half_open else pair[:1]:
                writer.transport.abort()
            if pair in self._pairs:
                self._pairs.remove(pair)
