"""A TCP proxy that holds back what follows a game heading: the split NNGS makes, made sure.

NNGS 1.1.22 writes a move's echo in two writes, the game heading (``15 Game 1 I: ...``) and
then the move line (docs/igs-formats.md, "NNGS differences"). Over a real link the two often
arrive apart, and a client acts on the heading alone; on 127.0.0.1 they mostly arrive in one
read. This proxy forwards the server's lines as they come but, after each heading, waits
``pause`` seconds before the rest, so the client always handles the heading first.
"""

from __future__ import annotations

import asyncio
import contextlib

HEADING = b"15 Game "


class PacedProxy:
    """Forward connections to ``target_port`` on 127.0.0.1; pause after each game heading."""

    def __init__(self, target_port: int, pause: float = 0.02) -> None:
        self.target_port = target_port
        self.pause = pause
        self.port = 0
        self.headings = 0
        """Headings held back so far (a test checks that the split really happened)."""
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._writers: list[asyncio.StreamWriter] = []

    async def __aenter__(self) -> PacedProxy:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._server is not None
        self._server.close()
        for writer in self._writers:
            writer.transport.abort()
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        await self._server.wait_closed()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        self._writers += [writer, up_writer]
        for pipe in (self._up(reader, up_writer), self._down(up_reader, writer)):
            task = asyncio.create_task(pipe)
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _up(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            while data := await source.read(65536):
                sink.write(data)
                await sink.drain()
        sink.transport.abort()

    async def _down(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        """Server to client: whole chunks, except that a chunk is cut after a heading line."""
        pending = b""
        with contextlib.suppress(ConnectionError, OSError):
            while data := await source.read(65536):
                pending += data
                while (at := _after_heading(pending)) is not None:
                    sink.write(pending[:at])
                    await sink.drain()
                    pending = pending[at:]
                    self.headings += 1
                    await asyncio.sleep(self.pause)  # the client reads the heading alone
                sink.write(pending)
                await sink.drain()
                pending = b""
        sink.transport.abort()


def _after_heading(data: bytes) -> int | None:
    """Where the line after the first complete heading line in ``data`` starts, or None."""
    start = 0
    while True:
        at = data.find(HEADING, start)
        if at < 0:
            return None
        if at == 0 or data[at - 1 : at] == b"\n":
            end = data.find(b"\n", at)
            return None if end < 0 else end + 1
        start = at + 1
