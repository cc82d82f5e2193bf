"""Fixtures: a fast local server and test clients connected to it in memory (``connect``)
or over TCP on 127.0.0.1 (``connect_tcp``, which opens the server's port on first use)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from igs_tui.localserver import LocalServer, ServerConfig
from tests.localserver.client import Client

MakeServer = Callable[..., Awaitable[LocalServer]]
"""The ``make_server`` fixture: a started fast server, with config overrides."""
Connect = Callable[[LocalServer], Awaitable[Client]]
"""The ``connect`` and ``connect_tcp`` fixtures: a logged-out test client of the server."""

FAST = dict(
    time_scale=1.0,
    tick_interval=0.01,
    bot_delay=0.005,
    bot_games=0,
    broadcast=False,
    greeting_seconds=None,
)


def fast_config(**overrides: object) -> ServerConfig:
    values = {**FAST, **overrides}
    return ServerConfig(**values)  # type: ignore[arg-type]


@pytest.fixture
async def server() -> AsyncIterator[LocalServer]:
    srv = LocalServer(config=fast_config())
    await srv.start(listen=False)
    yield srv
    await srv.stop()


@pytest.fixture
async def make_server() -> AsyncIterator[MakeServer]:
    servers: list[LocalServer] = []

    async def make(**overrides: object) -> LocalServer:
        srv = LocalServer(config=fast_config(**overrides))
        await srv.start(listen=False)
        servers.append(srv)
        return srv

    yield make
    for srv in servers:
        await srv.stop()


@pytest.fixture
async def connect() -> AsyncIterator[Connect]:
    clients: list[Client] = []

    async def make(srv: LocalServer) -> Client:
        client = Client.connect_memory(srv)
        clients.append(client)
        return client

    yield make
    for client in clients:
        await client.close()


@pytest.fixture
async def connect_tcp() -> AsyncIterator[Connect]:
    clients: list[Client] = []

    async def make(srv: LocalServer) -> Client:
        await srv.start()  # opens the port if it is not open yet; the world runs already
        client = await Client.connect(srv.port)
        clients.append(client)
        return client

    yield make
    for client in clients:
        await client.close()
