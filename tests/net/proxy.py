"""TCP proxies on 127.0.0.1 for tests: one that cuts every connection through it on demand
(:class:`CuttingProxy`), and the life both it and the NNGS tier's ``PacedProxy`` share
(:class:`LocalProxy`: listen, connect each client on to the target, close it all)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any, Self


class LocalProxy:
    """Listens on 127.0.0.1 and hands each client, with its own connection to
    ``target_port``, to :meth:`connected`; on exit it aborts what :meth:`abort_all` names and
    cancels the pipes it started (:meth:`spawn`)."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def __aenter__(self) -> Self:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._server is not None
        self._server.close()
        self.abort_all()
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        await self._server.wait_closed()

    def spawn(self, pipe: Coroutine[Any, Any, None]) -> None:
        """Run ``pipe`` until it ends or the proxy closes."""
        task = asyncio.create_task(pipe)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.admit(writer):
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        self.connected(reader, writer, up_reader, up_writer)

    def admit(self, writer: asyncio.StreamWriter) -> bool:
        """Whether a new client is let through (else it has been turned away)."""
        return True

    def connected(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        up_reader: asyncio.StreamReader,
        up_writer: asyncio.StreamWriter,
    ) -> None:
        """A client and its connection to the target: start the pipes between them."""
        raise NotImplementedError

    def abort_all(self) -> None:
        """Abort every connection still open (the proxy closes)."""
        raise NotImplementedError


class CuttingProxy(LocalProxy):
    """Forward connections to ``target_port``; :meth:`cut` aborts all of them (both sides)."""

    def __init__(self, target_port: int) -> None:
        super().__init__(target_port)
        self.accepted = 0
        self._pairs: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = []
        self._orphans: list[asyncio.StreamWriter] = []
        self._half_open: set[int] = set()
        self._held = False

    def abort_all(self) -> None:
        self.cut()
        for writer in self._orphans:
            writer.transport.abort()

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

    def admit(self, writer: asyncio.StreamWriter) -> bool:
        if self._held:
            writer.transport.abort()
            return False
        self.accepted += 1
        return True

    def connected(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        up_reader: asyncio.StreamReader,
        up_writer: asyncio.StreamWriter,
    ) -> None:
        pair = (writer, up_writer)
        self._pairs.append(pair)
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            self.spawn(self._pipe(source, sink, pair))

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
