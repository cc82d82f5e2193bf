"""The embedded IGS-compatible server of ``igs-tui --local``: started on the first login that
chooses it, on a free port of this process, and stopped with the connector."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from igs_tui.localserver.config import ServerConfig
    from igs_tui.localserver.server import LocalServer


class EmbeddedServer:
    """One embedded server for the program's life (a second login reuses it)."""

    def __init__(self) -> None:
        self._server: LocalServer | None = None

    @property
    def server(self) -> LocalServer | None:
        """The running server (None before :meth:`start`), for tests to look inside."""
        return self._server

    @property
    def port(self) -> int | None:
        """Where it listens; None before :meth:`start`."""
        return None if self._server is None else int(self._server.port)

    async def start(self, config: ServerConfig | None = None) -> int:
        """Start it as ``config`` says (default: demo accounts, bots, a broadcast) unless it
        runs already; its port."""
        from igs_tui.localserver.server import start_embedded

        if self._server is None:
            self._server = await start_embedded(config, port=0)
        return int(self._server.port)

    async def stop(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            with contextlib.suppress(Exception):
                await server.stop()
