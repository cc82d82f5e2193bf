"""Real clients against the embedded server, one model each: linked in memory to a server
object, or over TCP to a port on 127.0.0.1 (a client in another process)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.model_link import model_link
from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.client import ClientConfig, IgsClient
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.backends.igs.net.states import ConnectionEvent
from igs_tui.backends.igs.protocol.events import Event
from igs_tui.backends.igs.protocol.session import IgsSession, local_server_session
from igs_tui.localserver.config import ServerConfig
from igs_tui.localserver.server import LocalServer
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
    igs: IgsClient | None = None

    def send(command: object) -> object:
        assert igs is not None
        return igs.send(command)  # type: ignore[arg-type]

    link = model_link(model, send)
    adapter = link.adapter

    def on_event(event: Event | ConnectionEvent) -> None:
        if isinstance(event, Event):
            adapter.apply(event)

    config = ClientConfig(
        servers=[address],
        reconnect=bool(client.get("reconnect", False)),
        backoff=BackoffPolicy(initial=0.05, factor=1.0, maximum=0.1, jitter=0.0),
    )
    profile = link.profile

    def session(username: str, password: str) -> IgsSession:
        return local_server_session(username, password, profile=profile)

    igs = IgsClient(
        name,
        name,
        config=config,
        on_event=on_event,
        session_factory=session,
        connector=connector,
    )
    task = asyncio.ensure_future(igs.run())
    await wait_until(lambda: igs.connected and model.me == name)
    return Player(name, model, igs, link.backend, task)


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
        for p in players:
            await p.client.close()
            p.task.cancel()
        await asyncio.gather(*(p.task for p in players), return_exceptions=True)
        await server.stop()
