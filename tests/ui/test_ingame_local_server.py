"""End to end on 127.0.0.1: an own game against the embedded server's bot, resigned with
ctrl+r and a Yes in the dialog; the server ends the game and the result screen appears once."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.widgets import Static

from igs_tui.go import Color
from igs_tui.localserver.config import ServerConfig
from igs_tui.localserver.server import start_embedded
from igs_tui.model import ClientModel, GamePhase, Role
from igs_tui.model.backend import MatchTerms
from igs_tui.net.client import ClientConfig, IgsClient
from igs_tui.net.servers import ServerAddress
from igs_tui.net.states import ConnectionEvent
from igs_tui.protocol.events import Event
from igs_tui.protocol.igs_backend import IgsBackend
from igs_tui.protocol.model_adapter import ModelAdapter
from igs_tui.ui.game_panel import GamesPanel
from igs_tui.ui.play_confirm import ConfirmDialog
from igs_tui.ui.play_result import ResultScreen
from tests.ui.test_game_local_server import wait_until
from tests.ui.test_game_support import PanelApp


async def test_resign_own_game_with_dialog_and_see_the_result() -> None:
    config = ServerConfig(bot_delay=0.05, bot_games=0, broadcast=False)
    server = await start_embedded(config)
    model = ClientModel()
    adapter = ModelAdapter(model)

    def on_event(event: Event | ConnectionEvent) -> None:
        if isinstance(event, Event):
            adapter.apply(event)

    client_config = ClientConfig(servers=[ServerAddress("127.0.0.1", server.port)], reconnect=False)
    client = IgsClient("alice", "alice", config=client_config, on_event=on_event)
    task = asyncio.ensure_future(client.run())
    sent: list[str] = []
    original_send = client.send

    def recording_send(command: Any) -> Any:
        sent.append(str(getattr(command, "line", command)))
        return original_send(command)

    backend = IgsBackend(model, recording_send)
    app = PanelApp(model, backend)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_until(lambda: client.connected)
            model.set_connection(user=client.logged_in_as or "alice")
            backend.challenge(MatchTerms("igsbot", Color.BLACK, size=9, main_seconds=600))
            await wait_until(
                lambda: any(g.role is Role.PLAYING_BLACK for g in model.followed.values())
            )
            number = next(n for n, g in model.followed.items() if g.role is Role.PLAYING_BLACK)
            panel = app.query_one(GamesPanel)
            await wait_until(lambda: number in panel.game_numbers)
            await pilot.pause()
            panel.show_game(number)
            await pilot.pause()
            game = model.followed[number]
            await pilot.press("e", "5", "enter")
            await wait_until(lambda: len(game.moves) >= 2)  # ours, then the bot's answer
            await pilot.press("ctrl+r")
            await wait_until(lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.press("n")  # keep playing: nothing is sent
            await pilot.pause()
            assert not any(line.startswith("resign") for line in sent)
            await pilot.press("ctrl+r")
            await wait_until(lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.press("y")
            await wait_until(lambda: game.phase is GamePhase.FINISHED)
            assert [line for line in sent if line.startswith("resign")] == [f"resign {number}"]
            assert game.result == "W+R"
            await wait_until(lambda: isinstance(app.screen, ResultScreen))
            text = str(app.screen.query_one("#result", Static).content)
            assert "Result: W+R" in text and "igsbot (W) vs alice (B)" in text
            await pilot.press("enter")
            await pilot.pause()
            assert not any(isinstance(s, ResultScreen) for s in app.screen_stack)
    finally:
        await client.close()
        task.cancel()
        await server.stop()
