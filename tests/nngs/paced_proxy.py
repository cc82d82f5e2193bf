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

from tests.net.proxy import LocalProxy

HEADING = b"15 Game "


class PacedProxy(LocalProxy):
    """Forward connections to ``target_port`` on 127.0.0.1; pause after each game heading."""

    def __init__(self, target_port: int, pause: float = 0.02) -> None:
        super().__init__(target_port)
        self.pause = pause
        self.headings = 0
        """Headings held back so far (a test checks that the split really happened)."""
        self._writers: list[asyncio.StreamWriter] = []

    def abort_all(self) -> None:
        for writer in self._writers:
            writer.transport.abort()

    def connected(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        up_reader: asyncio.StreamReader,
        up_writer: asyncio.StreamWriter,
    ) -> None:
        self._writers += [writer, up_writer]
        self.spawn(self._up(reader, up_writer))
        self.spawn(self._down(up_reader, writer))

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
