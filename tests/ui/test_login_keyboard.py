"""Issue 28: the login form as a newcomer drives it by keyboard (focus that shows without
colour, boxes that read on/off without colour, a sane Tab order, the radio cursor on the
chosen server, a small terminal, the fake KGS server's accounts) and what it says when a
login goes wrong (a clear sentence on the form, an unknown name refused, not made a guest)."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, RadioButton, RadioSet, Static

from igs_tui.apps.client import local_accounts_hint
from igs_tui.apps.connector import Connector
from igs_tui.apps.local_kgs import local_kgs_hint
from igs_tui.backends.igs.net.client import ClientConfig
from igs_tui.localkgs.accounts import DEFAULT_ACCOUNTS
from igs_tui.localserver.config import ServerConfig
from igs_tui.model import ClientModel
from igs_tui.ui.app import IgsApp
from igs_tui.ui.main.main_screen import MainScreen
from igs_tui.ui.session.login import LoginScreen
from igs_tui.ui.settings import LoginSettings, load_settings, save_settings
from tests.in_memory import MemoryLinks, memory_server
from tests.polling import wait_until


def form_app(tmp_path: Path, **options: Any) -> IgsApp:
    return IgsApp(ClientModel(), connect=lambda _request: None, config_dir=tmp_path, **options)  # type: ignore[arg-type,return-value]


def looks(widget: Widget) -> list[tuple[str, bool, bool, bool]]:
    """What a widget shows, without colour: each segment's text and bold/reverse/underline."""
    shown = []
    for strip in widget.render_lines(widget.region.reset_offset):
        for segment in strip:
            style = segment.style
            shown.append(
                (
                    segment.text,
                    bool(style and style.bold),
                    bool(style and style.reverse),
                    bool(style and style.underline),
                )
            )
    return shown


async def test_the_focused_field_shows_without_colour(tmp_path: Path) -> None:
    save_settings(LoginSettings(server="custom", host="h", port=1, guest=False), tmp_path)
    app = form_app(tmp_path)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        for selector in ("#server", "#host", "#user", "#guest", "#encoding", "#connect"):
            widget = screen.query_one(selector)
            screen.query_one("#record").focus()
            await pilot.pause()
            blurred = looks(widget)
            widget.focus()
            await pilot.pause()
            assert looks(widget) != blurred, f"{selector}: focus shows only by colour"


async def test_check_boxes_and_radio_buttons_read_on_or_off_without_colour(
    tmp_path: Path,
) -> None:
    app = form_app(tmp_path)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        guest = app.screen.query_one("#guest", Checkbox)
        assert guest.value and "X" in guest.render_line(0).text
        guest.value = False
        await pilot.pause()
        assert "X" not in guest.render_line(0).text
        igs = app.screen.query_one("#server-igs", RadioButton)
        kgs = app.screen.query_one("#server-kgs", RadioButton)
        assert "●" in igs.render_line(0).text and "●" not in kgs.render_line(0).text


async def test_tab_order_goes_name_then_password_and_shift_tab_back(tmp_path: Path) -> None:
    """shift+Tab x4 from the name put the password into the port field; now the account
    fields follow the server (and its address) and the port takes digits only."""
    save_settings(LoginSettings(server="custom", host="h", port=1, guest=False), tmp_path)
    app = form_app(tmp_path)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "user"
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "password"
        order = []
        for _ in range(4):
            await pilot.press("shift+tab")
            assert app.focused is not None
            order.append(app.focused.id)
        assert order == ["user", "port", "host", "server"]
        port = app.screen.query_one("#port", Input)
        port.focus()
        await pilot.press("end", "s", "3", "c")
        assert port.value == "13"


async def test_the_radio_cursor_sits_on_the_chosen_server(tmp_path: Path) -> None:
    """After a logout the cursor sat on IGS while KGS was chosen: Space switched to IGS."""
    save_settings(LoginSettings(server="kgs"), tmp_path)
    app = form_app(tmp_path)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        radios = app.screen.query_one("#server", RadioSet)
        radios.focus()
        await pilot.press("space")
        await pilot.pause()
        assert radios.pressed_button is not None and radios.pressed_button.id == "server-kgs"


async def test_at_40x12_the_form_scrolls_and_says_it_is_cut(tmp_path: Path) -> None:
    app = form_app(tmp_path)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert "cut to fit" in str(app.screen.query_one("#login-cut", Static).render())
        box = app.screen.query_one("#login-box")
        assert box.region.width <= 40
        connect = app.screen.query_one("#connect")
        connect.focus()
        # scrolled to the focused button (the scroll comes a few frames after the focus)
        await wait_until(
            lambda: box.region.contains_region(connect.region), what="the button in view"
        )
    app = form_app(tmp_path)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert str(app.screen.query_one("#login-cut", Static).render()).strip() == ""


async def test_local_kgs_lists_its_accounts_not_the_igs_name(tmp_path: Path) -> None:
    save_settings(LoginSettings(server="igs", user="myigsname", guest=False), tmp_path)
    app = form_app(tmp_path, login_server="kgs:127.0.0.1:4567", login_hint=local_kgs_hint())
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#server-kgs", RadioButton).value
        assert app.screen.query_one("#user", Input).value == ""
        hint = str(app.screen.query_one("#login-hint", Static).render())
        for account in DEFAULT_ACCOUNTS:
            if account.keep_out is None:
                assert f"{account.name}/{account.password}" in hint
    assert "alice" in local_accounts_hint() and "password is the name" in local_accounts_hint()


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_nothing_listening_is_said_as_a_sentence_on_the_form(tmp_path: Path) -> None:
    """A plain run choosing "Local server" (nothing listens): "Connect call failed ('127"
    was shown, raw and cut, in a toast over the Connect button."""
    port = closed_port()
    connector = Connector(ClientModel(), autosave=False, record=False)
    app = IgsApp(ClientModel(), connect=connector, config_dir=tmp_path, local_port=port)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        app.screen.query_one("#server-local", RadioButton).value = True
        await pilot.pause()
        await pilot.click("#connect")
        await wait_until(
            lambda: (
                isinstance(app.screen, LoginScreen)
                and "Could not" in str(app.screen.query_one("#login-error", Label).render())
            )
        )
        text = str(app.screen.query_one("#login-error", Label).render())
        assert text == (
            f"Could not connect: nothing is listening at 127.0.0.1:{port} (connection "
            "refused). The local server runs only with igs-tui --local."
        )
        assert not app._notifications
    await connector.close()


async def log_in(pilot: Pilot[Any], app: IgsApp, user: str, password: str) -> None:
    await pilot.pause()
    app.screen.query_one("#server-local", RadioButton).value = True
    app.screen.query_one("#guest", Checkbox).value = False
    await pilot.pause()
    app.screen.query_one("#user", Input).value = user
    app.screen.query_one("#password", Input).value = password
    await pilot.click("#connect")


async def test_an_unknown_name_with_a_password_is_refused_not_made_a_guest(
    tmp_path: Path,
) -> None:
    server = await memory_server(ServerConfig(bots=(), broadcast=False))
    model = ClientModel()
    connector = Connector(
        model,
        open_transport=MemoryLinks(server),
        client_config=ClientConfig(reconnect=False),
        autosave=False,
        record=False,
    )
    app = IgsApp(model, connect=connector, config_dir=tmp_path, session=connector)
    try:
        async with app.run_test(size=(80, 30)) as pilot:
            await log_in(pilot, app, "alicee", "alice")
            await wait_until(
                lambda: (
                    isinstance(app.screen, LoginScreen)
                    and "no account" in str(app.screen.query_one("#login-error", Label).render())
                )
            )
            text = str(app.screen.query_one("#login-error", Label).render())
            assert text.startswith('Could not connect: there is no account "alicee"')
            assert not any(u.name.startswith("guest") for u in server.hub.online)
            await log_in(pilot, app, "alice", "alice")  # the real name logs in
            await wait_until(lambda: isinstance(app.screen, MainScreen))
            assert model.me == "alice"
            assert load_settings(tmp_path).user == "alice"
    finally:
        await connector.close()
        await server.stop()
