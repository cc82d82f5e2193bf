"""A connection without a socket: two ends of an in-memory byte stream, as asyncio hands out.

Each end is a plain :class:`asyncio.StreamReader` and a :class:`MemoryWriter` feeding the
other end's reader, so code written for ``asyncio.open_connection`` streams (the local server's
connection handler, the client's telnet transport) runs unchanged over it. Tests use it to
connect a client to :class:`~igs_tui.localserver.server.LocalServer` where a socket would add
nothing but set-up time; tests *about* the network keep using TCP.

The ends behave like a TCP connection under asyncio:

* bytes arrive in order; a read returns whatever is buffered (several writes, or part of one);
* :meth:`MemoryWriter.close` is an orderly close: the peer reads what was written, then end of
  stream (``b""``), and so does our own reader after what it had buffered;
* :meth:`MemoryWriter.cut` drops the link as a network failure does: on both ends the next
  read raises :class:`ConnectionResetError` and what was not read yet is lost;
* a write after our close, or to a peer that is gone, is dropped silently (as asyncio does),
  and :meth:`MemoryWriter.drain` after our close or a reset raises ``ConnectionResetError``;
* flow control: once the peer has more than twice its reader's ``limit`` unread, ``drain``
  waits until it has read down to ``limit`` (the StreamReader pauses and resumes a stand-in
  transport, as it would a socket's).
"""

from __future__ import annotations

import asyncio
from typing import Any, NamedTuple

__all__ = ["MEMORY_PEER", "MemoryEnd", "MemoryWriter", "memory_link"]

MEMORY_PEER = "memory"
"""What ``get_extra_info("peername")`` answers on either end."""

_LIMIT = 64 * 1024
"""asyncio's default StreamReader limit."""


class _FlowControl(asyncio.ReadTransport):
    """Stands in for the socket transport under a reader: the reader pauses it when too much
    is buffered and resumes it when the buffer has been read down; the writer's ``drain``
    waits for that."""

    def __init__(self) -> None:
        super().__init__()
        self._flowing = asyncio.Event()
        self._flowing.set()

    def pause_reading(self) -> None:
        self._flowing.clear()

    def resume_reading(self) -> None:
        self._flowing.set()

    def is_reading(self) -> bool:
        return self._flowing.is_set()

    async def wait_flowing(self) -> None:
        await self._flowing.wait()


class MemoryWriter:
    """The writing half of one end; the reading half is the ``reader`` it was made with."""

    def __init__(self, reader: asyncio.StreamReader, peername: str = MEMORY_PEER) -> None:
        self._reader = reader
        self._flow = _FlowControl()
        reader.set_transport(self._flow)
        self._peer: MemoryWriter | None = None
        self._peername = peername
        self._closing = False
        self._closed = asyncio.Event()

    def _connect(self, peer: MemoryWriter) -> None:
        self._peer = peer

    def write(self, data: bytes | bytearray | memoryview) -> None:
        """Hand ``data`` to the peer's reader (dropped after a close or a reset)."""
        peer = self._peer
        if self._closing or peer is None or peer._closing or not data:
            return
        peer._reader.feed_data(bytes(data))

    def is_closing(self) -> bool:
        return self._closing

    async def drain(self) -> None:
        """Wait while the peer has too much unread; raise once the link is closed or reset.

        Raises:
            ConnectionResetError: we closed this end, or the link was cut.
        """
        exc = self._reader.exception()
        if exc is not None:
            raise exc
        peer = self._peer
        while not self._closing and peer is not None and not peer._closing:
            if peer._flow.is_reading():
                return
            await peer._flow.wait_flowing()
        if self._closing:
            raise ConnectionResetError("Connection lost")

    def close(self) -> None:
        """Close this end: the peer reads what is on its way, then the end of the stream."""
        if self._closing:
            return
        self._shut()
        self._reader.feed_eof()
        peer = self._peer
        if peer is not None and not peer._closing:
            peer._reader.feed_eof()

    def cut(self) -> None:
        """Drop the link, as a network failure does: each end still open is reset (its next
        read raises :class:`ConnectionResetError`, what it had not read is lost, its writes
        are dropped). An end already closed is left as it was."""
        for end in (self, self._peer):
            if end is not None and not end._closing:
                end._shut()
                end._reader.set_exception(ConnectionResetError("Connection reset by peer"))

    def _shut(self) -> None:
        """Mark this end closed and wake every drain waiting on either direction."""
        self._closing = True
        self._closed.set()
        self._flow.resume_reading()
        if self._peer is not None:
            self._peer._flow.resume_reading()

    async def wait_closed(self) -> None:
        await self._closed.wait()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._peername if name == "peername" else default


class MemoryEnd(NamedTuple):
    """One end of a memory link: what ``asyncio.open_connection`` would return."""

    reader: asyncio.StreamReader
    writer: MemoryWriter


def memory_link(*, limit: int = _LIMIT) -> tuple[MemoryEnd, MemoryEnd]:
    """Two connected ends; what one writes, the other reads. Call it inside the event loop."""
    first = MemoryWriter(asyncio.StreamReader(limit=limit))
    second = MemoryWriter(asyncio.StreamReader(limit=limit))
    first._connect(second)
    second._connect(first)
    return MemoryEnd(first._reader, first), MemoryEnd(second._reader, second)
