"""Real clients against the embedded server, one model each: linked in memory to a server
object, or over TCP to a port on 127.0.0.1 (a client in another process)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.client import ClientConfig, IgsClient
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.backends.igs.session import IgsSession
from igs_tui.localserver.config import ServerConfig
from igs_tui.localserver.server import LocalServer, start_embedded
from igs_tui.model import ClientModel, FollowedGame, Role
from tests.in_memory import MEMORY_ADDRESS, MemoryLinks, memory_server
from tests.polling import wait_until


@dataclass
class Player:
    name: str
    model: ClientModel
    client: IgsClient
    backend: IgsBackend
    task: asyncio.Task[None]

    def game(self) -> FollowedGame | None:
        mine = [g for g in self.model.followed.values() if g.role is not Role.OBSERVING]
        return mine[-1] if mine else None


def fast_server_config(**overrides: object) -> ServerConfig:
    values: dict[str, object] = dict(
        tick_interval=0.01, bot_games=0, broadcast=False, greeting_seconds=None, bot_delay=0.01
    )
    values.update(overrides)
    return ServerConfig(**values)  # type: ignore[arg-type]


async def join(server: LocalServer | int, name: str, **client: object) -> Player:
    """Log ``name`` in (password = name): in memory to ``server``, or over TCP to a port."""
    address, connector = (
        (ServerAddress("127.0.0.1", server), None)
        if isinstance(server, int)
        else (MEMORY_ADDRESS, MemoryLinks(server))
    )
    model = ClientModel()
    config = ClientConfig(
        servers=[address],
        reconnect=bool(client.get("reconnect", False)),
        backoff=BackoffPolicy(initial=0.05, factor=1.0, maximum=0.1, jitter=0.0),
    )
    session = IgsSession(name, name, fast=True, clock=model.clock)
    igs = IgsClient(session, model.apply, config=config, connector=connector)
    task = asyncio.ensure_future(igs.run())
    await wait_until(lambda: igs.connected and model.me == name)
    return Player(name, model, igs, IgsBackend(model, session, igs.flush), task)


@asynccontextmanager
async def two_players(
    config: ServerConfig | None = None, **client: object
) -> AsyncIterator[tuple[LocalServer, Player, Player]]:
    server = await memory_server(config or fast_server_config())
    players: list[Player] = []
    try:
        players.append(await join(server, "alice", **client))
        players.append(await join(server, "bob", **client))
        yield server, players[0], players[1]
    finally:
        await leave(*players)
        await server.stop()


async def leave(*players: Player) -> None:
    """Log the players out and wait for their clients to end."""
    for p in players:
        await p.client.close()
        p.task.cancel()
    await asyncio.gather(*(p.task for p in players), return_exceptions=True)


@dataclass
class TcpServer:
    """The embedded server listening on 127.0.0.1, and the players logged in to it."""

    server: LocalServer
    players: list[Player]

    async def join(self, *names: str) -> list[Player]:
        """``names`` logged in over TCP, in order (password = name)."""
        for name in names:
            self.players.append(await join(self.server.port, name))
        return self.players[-len(names) :]


@asynccontextmanager
async def tcp_server(config: ServerConfig | None = None) -> AsyncIterator[TcpServer]:
    """The embedded server on a free port, quickened; its players logged out and the server
    stopped after the block, whatever happens in it."""
    tcp = TcpServer(await start_embedded(config or fast_server_config()), [])
    try:
        yield tcp
    finally:
        await leave(*tcp.players)
        await tcp.server.stop()
