"""Clients connected to the local server in memory, for tests where a socket adds nothing.

:class:`MemoryLinks` is an :class:`~igs_tui.backends.igs.net.client.IgsClient` connector: every
connection the client opens (the first and each reconnect) is a fresh in-memory link to the
server (:meth:`LocalServer.connect_in_memory`) under the client's real telnet transport, line
splitter and decoder. :meth:`MemoryLinks.cut` drops the links as a network failure does (the
client's read fails with a connection reset, the server's too). Tests about the network path
itself (tests/e2e, tests/net, the app's ``--local`` path) keep using TCP on 127.0.0.1.
"""

from __future__ import annotations

from igs_tui.backends.igs.net.client import LineTransport
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.backends.igs.net.transport import TelnetTransport
from igs_tui.localserver.config import ServerConfig
from igs_tui.localserver.memory_link import MemoryWriter
from igs_tui.localserver.server import LocalServer

MEMORY_ADDRESS = ServerAddress("memory", 0)
"""The address a memory-linked client is configured with (the connector ignores it)."""


async def memory_server(config: ServerConfig | None = None) -> LocalServer:
    """A started server (timers, bots, broadcast) that listens on no port."""
    server = LocalServer(config=config)
    await server.start(listen=False)
    return server


class MemoryLinks:
    """Opens in-memory links to ``server`` for a client and keeps them, so a test can drop
    them or count the connections made."""

    def __init__(self, server: LocalServer) -> None:
        self.server = server
        self._writers: list[MemoryWriter] = []

    async def __call__(self, address: ServerAddress) -> LineTransport:
        reader, writer = self.server.connect_in_memory()
        self._writers.append(writer)
        return TelnetTransport.over_stream(reader, writer, address)

    @property
    def opened(self) -> int:
        """How many connections were opened so far."""
        return len(self._writers)

    @property
    def live(self) -> int:
        """How many links are still open on the client's side."""
        return sum(not writer.is_closing() for writer in self._writers)

    def cut(self) -> int:
        """Drop every live link (what is on its way is lost); return how many were cut."""
        live = [writer for writer in self._writers if not writer.is_closing()]
        for writer in live:
            writer.cut()
        return len(live)
