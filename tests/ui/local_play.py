"""Shared set-up for Pilot tests that play igsbot on the embedded server (linked in memory).

The client side is wired as the launcher wires it (IgsClient → IgsSession → changes → model,
and an IgsBackend over the session for intents) but every command queued is recorded, so a
test can assert what reached the server and what was refused locally.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from textual.pilot import Pilot

from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.net.client import ClientConfig, IgsClient
from igs_tui.backends.igs.protocol.commands import Command
from igs_tui.backends.igs.session import IgsSession
from igs_tui.go import Color
from igs_tui.localserver.config import ServerConfig
from igs_tui.localserver.server import LocalServer
from igs_tui.model import ClientModel, FollowedGame, Role
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.game.game_panel import GamesPanel
from tests.in_memory import MEMORY_ADDRESS, MemoryLinks, memory_server
from tests.polling import wait_until
from tests.ui.test_game_support import PanelApp


@dataclass
class OwnGame:
    """A running 9x9 game of alice (black) against igsbot, shown on the panel."""

    app: PanelApp
    pilot: Pilot[Any]
    model: ClientModel
    panel: GamesPanel
    number: int
    game: FollowedGame
    sent: list[str]
    """Every command line the client sent, in order."""


@dataclass
class LocalClient:
    """A client logged in to an embedded server, wired as the launcher wires one."""

    server: LocalServer
    model: ClientModel
    client: IgsClient
    backend: IgsBackend
    sent: list[str]
    """Every command line the client sent, in order."""


@asynccontextmanager
async def local_client(
    config: ServerConfig, user: str = "guest", password: str = ""
) -> AsyncIterator[LocalClient]:
    """Start ``config``'s server, connect a client to it, stop both afterwards."""
    server = await memory_server(config)
    model = ClientModel()
    sent: list[str] = []

    class RecordingSession(IgsSession):
        def send(self, command: Command) -> bool:
            sent.append(command.line)
            return super().send(command)

    session = RecordingSession(user, password, fast=True, clock=model.clock)
    client_config = ClientConfig(servers=[MEMORY_ADDRESS], reconnect=False)
    client = IgsClient(session, model.apply, config=client_config, connector=MemoryLinks(server))
    task = asyncio.ensure_future(client.run())

    try:
        yield LocalClient(server, model, client, IgsBackend(model, session, client.flush), sent)
    finally:
        await client.close()
        task.cancel()
        await server.stop()


@asynccontextmanager
async def own_game_against_igsbot(
    size: tuple[int, int] = (100, 30), board_size: int = 9
) -> AsyncIterator[OwnGame]:
    config = ServerConfig(bot_delay=0.05, bot_games=0, broadcast=False)
    async with local_client(config, "alice", "alice") as local:
        model, client, backend = local.model, local.client, local.backend
        app = PanelApp(model, backend)
        async with app.run_test(size=size) as pilot:
            await wait_until(lambda: client.connected)
            model.set_connection(user=client.logged_in_as or "alice")
            backend.challenge(MatchTerms("igsbot", Color.BLACK, size=board_size, main_seconds=600))
            await wait_until(
                lambda: any(g.role is Role.PLAYING_BLACK for g in model.followed.values())
            )
            number = next(n for n, g in model.followed.items() if g.role is Role.PLAYING_BLACK)
            panel = app.query_one(GamesPanel)
            await wait_until(lambda: number in panel.game_numbers)
            await pilot.pause()
            panel.show_game(number)
            await pilot.pause()
            yield OwnGame(app, pilot, model, panel, number, model.followed[number], local.sent)
