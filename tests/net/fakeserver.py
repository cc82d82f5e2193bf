"""A tiny scripted asyncio TCP server for transport and client tests (127.0.0.1 only)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

Handler = Callable[["FakeConnection"], Awaitable[None]]


class FakeConnection:
    """One accepted connection: read CRLF lines the client sends, write raw bytes."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.received: list[bytes] = []

    async def write(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def read_line(self, timeout: float = 5.0) -> bytes:
        line = await asyncio.wait_for(self.reader.readline(), timeout)
        if not line:
            raise ConnectionError("client closed")
        self.received.append(line)
        return line.rstrip(b"\r\n")

    def abort(self) -> None:
        transport = self.writer.transport
        transport.abort()


class FakeServer:
    """Run ``handler`` for each connection; remembers every connection made."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.connections: list[FakeConnection] = []
        self._server: asyncio.Server | None = None
        self.port = 0

    async def __aenter__(self) -> FakeServer:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._server is not None
        self._server.close()
        for connection in self.connections:
            connection.writer.close()
        await self._server.wait_closed()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connection = FakeConnection(reader, writer)
        self.connections.append(connection)
        try:
            await self.handler(connection)
        except (ConnectionError, TimeoutError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()
