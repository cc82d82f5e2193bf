"""The whole app (login form, Connector, IgsClient, model, widgets) logged in to the real NNGS
as a user would: the server typed as a custom address, the kit account's password typed."""

from __future__ import annotations

from pathlib import Path

from igs_tui.apps.connector import Connector
from igs_tui.model import BufferKey, ChatKind, ClientModel
from igs_tui.ui.app import IgsApp
from igs_tui.ui.main.main_screen import MainScreen
from igs_tui.ui.settings import LoginSettings, PasswordStore, save_settings
from tests.e2e.test_two_clients import AppDriver, NoKeyring, wait_until
from tests.nngs.kit import ACCOUNTS, NngsServer


def app_driver(name: str, server: NngsServer, home: Path) -> AppDriver:
    """An app whose login form remembers ``name`` on the server's address; its games are
    autosaved under ``home/<name>-games``."""
    model = ClientModel()
    connector = Connector(model, record=False, games_dir=home / f"{name}-games")
    config_dir = home / f"{name}-config"
    settings = LoginSettings(
        server="custom", host="127.0.0.1", port=server.port, user=name, guest=False
    )
    save_settings(settings, config_dir)
    app = IgsApp(
        model,
        connect=connector,
        config_dir=config_dir,
        passwords=PasswordStore(NoKeyring()),
        login_server=f"127.0.0.1:{server.port}",
    )
    driver = AppDriver(name, app, connector)
    driver.server_port = server.port
    return driver


async def log_in(player: AppDriver) -> None:
    """Type the account's password into the login form and press Enter."""
    await wait_until(lambda: player.app.focused is not None, f"{player.name}'s login form")
    assert player.app.focused is not None and player.app.focused.id == "user"
    await player.press("tab", *ACCOUNTS[player.name], "enter")
    await wait_until(lambda: isinstance(player.app.screen, MainScreen), f"{player.name} logged in")
    await wait_until(lambda: player.model.me == player.name, f"{player.name}'s login name")


def app_errors(player: AppDriver) -> list[str]:
    """The server's error lines (code 5) the app showed."""
    system = player.model.buffers.get(BufferKey(ChatKind.SYSTEM))
    return [m.text for m in system.messages if m.kind == "error"] if system else []
