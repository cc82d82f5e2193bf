"""Fixtures: a fast local server on 127.0.0.1 and connected test clients."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from igs_tui.localserver import LocalServer, ServerConfig
from tests.localserver.client import Client

MakeServer = Callable[..., Awaitable[LocalServer]]
"""The ``make_server`` fixture: a started fast server, with config overrides."""
Connect = Callable[[LocalServer], Awaitable[Client]]
"""The ``connect`` fixture: a logged-out test client on the server's port."""

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
    await srv.start()
    yield srv
    await srv.stop()


@pytest.fixture
async def make_server() -> AsyncIterator[MakeServer]:
    servers: list[LocalServer] = []

    async def make(**overrides: object) -> LocalServer:
        srv = LocalServer(config=fast_config(**overrides))
        await srv.start()
        servers.append(srv)
        return srv

    yield make
    for srv in servers:
        await srv.stop()


@pytest.fixture
async def connect() -> AsyncIterator[Connect]:
    clients: list[Client] = []

    async def make(srv: LocalServer) -> Client:
        client = await Client.connect(srv.port)
        clients.append(client)
        return client

    yield make
    for client in clients:
        await client.close()
