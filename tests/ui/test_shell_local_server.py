"""End to end in memory: the embedded IGS-compatible server, the real client, protocol
adapter and IGS backend, driven through the UI (login, game list, observe, chat). The same
through ``igs-tui --local``'s TCP path is tests/e2e/test_app_local_server.py."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import RadioButton

from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.net.client import ClientConfig, IgsClient
from igs_tui.backends.igs.session import IgsSession
from igs_tui.model import BufferKey, ChatKind, ClientModel
from igs_tui.ui.app import IgsApp
from igs_tui.ui.lists.games_list import GamesList
from igs_tui.ui.session.login_request import LoginRequest
from tests.in_memory import MEMORY_ADDRESS, MemoryLinks, memory_server
from tests.polling import wait_until
from tests.ui.shell_helpers import WIDE, main_screen


async def test_login_observe_and_shout_against_the_local_server(tmp_path: Path) -> None:
    server = await memory_server()
    local_port = 7001
    model = ClientModel()
    clients: list[IgsClient] = []
    tasks: list[asyncio.Task[None]] = []

    def connect(request: LoginRequest) -> IgsBackend:
        # The login screen asks for the local server on its port; the link is in memory.
        assert (request.server, request.host, request.port) == ("local", "127.0.0.1", local_port)
        config = ClientConfig(servers=[MEMORY_ADDRESS], reconnect=False)
        session = IgsSession(
            request.user or "guest", request.password, fast=True, clock=model.clock
        )
        client = IgsClient(session, model.apply, config=config, connector=MemoryLinks(server))
        clients.append(client)
        tasks.append(asyncio.ensure_future(client.run()))
        return IgsBackend(model, session, client.flush)

    app = IgsApp(model, connect=connect, config_dir=tmp_path, local_port=local_port)
    try:
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            app.screen.query_one("#server-local", RadioButton).value = True
            await pilot.pause()
            await pilot.click("#connect")
            await wait_until(lambda: bool(clients) and clients[0].connected)
            assert clients[0].logged_in_as and clients[0].logged_in_as.startswith("guest")

            listing = app.backend.capabilities.listing
            assert listing is not None
            listing.refresh_games()
            await wait_until(lambda: bool(model.games))
            await pilot.pause()
            games = app.screen.query_one(GamesList)
            games.table.focus()
            first = games.shown_games[0].number
            await pilot.press("enter")
            await wait_until(lambda: first in model.followed)
            await pilot.pause()
            assert main_screen(app).active == "board"

            await pilot.press("f5")
            await pilot.pause()
            chat = app.screen.query_one("#chat-input")
            chat.value = "/shout hello from the tests"  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            shouts = model.buffers[BufferKey(ChatKind.SHOUT)].messages
            assert [m.text for m in shouts] == ["hello from the tests"]  # echoed once
    finally:
        for client in clients:
            await client.close()
        for task in tasks:
            task.cancel()
        await server.stop()
