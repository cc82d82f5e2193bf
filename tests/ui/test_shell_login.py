"""Login screen: server choices, guest/account, keyring remember with graceful fallback."""

from __future__ import annotations

import asyncio
import json
import stat
from pathlib import Path

from keyring.errors import NoKeyringError, PasswordDeleteError
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Label, RadioButton, Static

from igs_tui.model import ClientModel
from igs_tui.ui.app import IgsApp
from igs_tui.ui.dialogs.cycle_choice import CycleChoice
from igs_tui.ui.main.main_screen import MainScreen
from igs_tui.ui.session.login import IGS_HOST, IGS_PORT, LoginScreen
from igs_tui.ui.session.login_request import LoginRequest
from igs_tui.ui.settings import (
    LoginSettings,
    PasswordStore,
    load_server_encoding,
    load_settings,
    save_settings,
)
from tests.ui.fakes import RecordingBackend


class FakeKeyring:
    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.stored: dict[tuple[str, str], str] = {}

    def get_password(self, service_name: str, username: str) -> str | None:
        if self.fail:
            raise NoKeyringError("No recommended backend was available.")
        return self.stored.get((service_name, username))

    def set_password(self, service_name: str, username: str, password: str) -> None:
        if self.fail:
            raise NoKeyringError("No recommended backend was available.")
        self.stored[(service_name, username)] = password

    def delete_password(self, service_name: str, username: str) -> None:
        if self.fail:
            raise NoKeyringError("No recommended backend was available.")
        if (service_name, username) not in self.stored:
            raise PasswordDeleteError("Password not found")
        del self.stored[(service_name, username)]


class Recorder:
    def __init__(self, result: RecordingBackend | Exception | None = None) -> None:
        self.requests: list[LoginRequest] = []
        self.result = result or RecordingBackend()

    def __call__(self, request: LoginRequest) -> RecordingBackend:
        self.requests.append(request)
        if isinstance(self.result, Exception):
            raise self.result
        return self.result


def login_app(tmp_path: Path, keyring: FakeKeyring, connect: Recorder) -> IgsApp:
    return IgsApp(
        ClientModel(),
        connect=connect,
        config_dir=tmp_path,
        passwords=PasswordStore(keyring),
        local_port=7001,
    )


async def choose_local_server(app: IgsApp, pilot: Pilot[None]) -> None:
    """The form shown, then "Local server" chosen as a user clicks it."""
    await pilot.pause()
    app.screen.query_one("#server-local", RadioButton).value = True
    await pilot.pause()


async def test_default_is_igs_guest(tmp_path: Path) -> None:
    connect = Recorder()
    app = login_app(tmp_path, FakeKeyring(), connect)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LoginScreen)
        await pilot.click("#connect")
        await pilot.pause()
        await pilot.pause()
        assert connect.requests == [LoginRequest("igs", IGS_HOST, IGS_PORT, "", "", True)]
        assert isinstance(app.screen, MainScreen)


async def test_local_server_uses_loopback_and_configured_port(tmp_path: Path) -> None:
    """The local server's address is said, not offered as empty fields to type into."""
    connect = Recorder()
    app = login_app(tmp_path, FakeKeyring(), connect)
    async with app.run_test() as pilot:
        await choose_local_server(app, pilot)
        assert not app.screen.query_one("#address").display
        note = str(app.screen.query_one("#local-address", Static).render())
        assert "127.0.0.1:7001" in note and "igs-tui --local" in note
        await pilot.click("#connect")
        await pilot.pause()
        assert connect.requests[0].host == "127.0.0.1"
        assert connect.requests[0].port == 7001
        assert connect.requests[0].server == "local"


async def test_plain_run_opens_on_igs_after_local_was_used(tmp_path: Path) -> None:
    """Issue 28: after ``igs-tui --local``, plain ``igs-tui`` opened on "Local server", where
    nothing listens. The local choice comes back only in a run that has the local server."""
    connect = Recorder()
    app = IgsApp(ClientModel(), connect=connect, config_dir=tmp_path, login_server="local")
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.screen.query_one("#server-local", RadioButton).value
        await pilot.click("#connect")
        await pilot.pause()
    saved = load_settings(tmp_path)
    assert saved.server == "local" and saved.host == "" and saved.port == 0
    app = login_app(tmp_path, FakeKeyring(), connect)  # plain igs-tui
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.screen.query_one("#server-igs", RadioButton).value
        assert not app.screen.query_one("#server-local", RadioButton).value
    app = IgsApp(ClientModel(), connect=connect, config_dir=tmp_path, login_server="local")
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.screen.query_one("#server-local", RadioButton).value


async def test_account_with_keyring_failure_still_logs_in(tmp_path: Path) -> None:
    """No keyring backend (headless): warn, do not remember, but log in anyway."""
    connect = Recorder()
    keyring = FakeKeyring(fail=True)
    app = login_app(tmp_path, keyring, connect)
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#server-custom", RadioButton).value = True
        screen.query_one("#host", Input).value = "go.example.org"
        screen.query_one("#port", Input).value = "6969"
        screen.query_one("#guest", Checkbox).value = False
        screen.query_one("#user", Input).value = "alice"
        screen.query_one("#password", Input).value = "s3cret"
        screen.query_one("#remember", Checkbox).value = True
        await pilot.pause()
        await pilot.click("#connect")
        await pilot.pause()
        assert connect.requests == [
            LoginRequest("custom", "go.example.org", 6969, "alice", "s3cret", False)
        ]
        messages = [n.message for n in app._notifications]
        said = [m for m in messages if "No keyring" in m]
        assert len(said) == 1 and "\n" not in said[0]  # one short line
    config = tmp_path / "config.json"
    assert stat.S_IMODE(config.stat().st_mode) == 0o600
    saved = json.loads(config.read_text())
    assert saved["user"] == "alice" and saved["host"] == "go.example.org"
    assert "s3cret" not in config.read_text()
    # not ticked any more: the next login does not try (nor warn) again
    assert saved["remember_password"] is False


async def test_remembered_password_is_filled_from_keyring(tmp_path: Path) -> None:
    keyring = FakeKeyring()
    keyring.stored[("igs-tui", f"bob@{IGS_HOST}")] = "pw"
    save_settings(
        LoginSettings(server="igs", user="bob", guest=False, remember_password=True), tmp_path
    )
    connect = Recorder()
    app = login_app(tmp_path, keyring, connect)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.screen.query_one("#password", Input).value == "pw"
        assert not app.screen.query_one("#account").has_class("-hidden")
        await pilot.click("#connect")
        await pilot.pause()
        assert connect.requests[0].user == "bob"
        assert connect.requests[0].password == "pw"


async def test_password_stored_when_keyring_works(tmp_path: Path) -> None:
    keyring = FakeKeyring()
    connect = Recorder()
    app = login_app(tmp_path, keyring, connect)
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#guest", Checkbox).value = False
        screen.query_one("#user", Input).value = "carol"
        screen.query_one("#password", Input).value = "pw2"
        screen.query_one("#remember", Checkbox).value = True
        await pilot.pause()
        await pilot.click("#connect")
        await pilot.pause()
    assert keyring.stored == {("igs-tui", f"carol@{IGS_HOST}"): "pw2"}


async def test_bad_port_and_missing_user_are_reported_not_submitted(tmp_path: Path) -> None:
    connect = Recorder()
    app = login_app(tmp_path, FakeKeyring(), connect)
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#server-custom", RadioButton).value = True
        screen.query_one("#host", Input).value = "h"
        screen.query_one("#port", Input).value = "99999"
        await pilot.pause()
        await pilot.click("#connect")
        await pilot.pause()
        assert "Port must be" in str(screen.query_one("#login-error", Label).render())
        screen.query_one("#port", Input).value = "23"
        screen.query_one("#guest", Checkbox).value = False
        screen.query_one("#user", Input).value = "two words"
        screen.query_one("#user", Input).focus()
        await pilot.pause()
        await pilot.press("enter")  # Enter in any field submits too
        await pilot.pause()
        assert "user name" in str(screen.query_one("#login-error", Label).render())
        assert connect.requests == []
        assert app.screen is screen


async def test_failed_connect_returns_to_login(tmp_path: Path) -> None:
    connect = Recorder(ConnectionRefusedError("refused"))
    app = login_app(tmp_path, FakeKeyring(), connect)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.click("#connect")
        await pilot.pause()
        await pilot.pause()
        assert len(connect.requests) == 1
        assert isinstance(app.screen, LoginScreen)
        # said on the form above the Connect button, not in a toast that would cover it
        assert "Could not connect: refused." in str(
            app.screen.query_one("#login-error", Label).render()
        )
        assert not any("Could not connect" in n.message for n in app._notifications)


def test_corrupt_or_hostile_config_gives_defaults(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("{not json")
    assert load_settings(tmp_path) == LoginSettings()
    (tmp_path / "config.json").write_text(json.dumps({"port": "80", "user": ["x"], "guest": False}))
    settings = load_settings(tmp_path)
    assert settings.port == 0 and settings.user == "" and settings.guest is False


def test_password_store_reports_keyring_error() -> None:
    store = PasswordStore(FakeKeyring(fail=True))
    assert store.get("h", "u") is None
    assert store.set("h", "u", "p") is False
    assert "No recommended backend" in store.last_error


async def test_unticking_remember_forgets_the_password(tmp_path: Path) -> None:
    keyring = FakeKeyring()
    keyring.stored[("igs-tui", f"bob@{IGS_HOST}")] = "pw"
    save_settings(
        LoginSettings(server="igs", user="bob", guest=False, remember_password=True), tmp_path
    )
    app = login_app(tmp_path, keyring, Recorder())
    async with app.run_test() as pilot:
        await pilot.pause()
        app.screen.query_one("#remember", Checkbox).value = False
        await pilot.pause()
        await pilot.click("#connect")
        await pilot.pause()
    assert keyring.stored == {}
    assert load_settings(tmp_path).remember_password is False


async def test_host_colon_port_in_the_host_field(tmp_path: Path) -> None:
    connect = Recorder()
    app = login_app(tmp_path, FakeKeyring(), connect)
    async with app.run_test() as pilot:
        await pilot.pause()
        app.screen.query_one("#server-custom", RadioButton).value = True
        app.screen.query_one("#host", Input).value = "go.example.org:2222"
        await pilot.pause()
        await pilot.click("#connect")
        await pilot.pause()
    assert (connect.requests[0].host, connect.requests[0].port) == ("go.example.org", 2222)


def test_forgetting_without_keyring_or_stored_password_is_harmless() -> None:
    assert PasswordStore(FakeKeyring(fail=True)).forget("h", "u") is False
    store = PasswordStore(FakeKeyring())
    assert store.forget("h", "u") is False and "not found" in store.last_error


async def test_async_connect_callback_is_awaited(tmp_path: Path) -> None:
    backend = RecordingBackend()
    seen: list[LoginRequest] = []

    async def connect(request: LoginRequest) -> RecordingBackend:
        await asyncio.sleep(0)
        seen.append(request)
        return backend

    app = IgsApp(ClientModel(), connect=connect, config_dir=tmp_path)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.click("#connect")
        await pilot.pause()
        await pilot.pause()
        assert len(seen) == 1 and app.backend is backend
        assert isinstance(app.screen, MainScreen)


async def test_a_failed_account_login_puts_the_cursor_in_the_password(tmp_path: Path) -> None:
    save_settings(LoginSettings(server="local", user="bob", guest=False), tmp_path)
    connect = Recorder(ConnectionRefusedError("refused"))
    app = login_app(tmp_path, FakeKeyring(), connect)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "user"  # first time: the name
        app.screen.query_one("#password", Input).value = "wrong"
        await pilot.click("#connect")
        await pilot.pause()
        await pilot.pause()
        assert len(connect.requests) == 1 and isinstance(app.screen, LoginScreen)
        assert app.focused is not None and app.focused.id == "password"


async def test_text_encoding_is_chosen_per_server_and_remembered(tmp_path: Path) -> None:
    """Japanese on IGS, Korean on another server: each server's choice comes back with it."""
    connect = Recorder()
    app = login_app(tmp_path, FakeKeyring(), connect)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        encoding = screen.query_one("#encoding", CycleChoice)
        assert encoding.value == ""  # the program's default (--encoding, else GB18030)
        encoding.value = "cp932"
        await pilot.pause()
        await pilot.click("#connect")
        await pilot.pause()
    assert connect.requests[0].encoding == "cp932"
    assert load_server_encoding(f"{IGS_HOST}:{IGS_PORT}", tmp_path) == "cp932"

    connect = Recorder()
    app = login_app(tmp_path, FakeKeyring(), connect)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        encoding = screen.query_one("#encoding", CycleChoice)
        assert encoding.value == "cp932"  # remembered for IGS
        screen.query_one("#server-custom", RadioButton).value = True
        screen.query_one("#host", Input).value = "go.example.kr"
        screen.query_one("#port", Input).value = "7000"
        await pilot.pause()
        screen.query_one("#host", Input).focus()
        screen.query_one("#port", Input).focus()  # leaving the host shows its server's choice
        await pilot.pause()
        assert encoding.value == ""
        encoding.value = "euc_kr"
        await pilot.pause()
        await pilot.click("#connect")
        await pilot.pause()
    assert connect.requests[0].encoding == "euc_kr"
    assert load_server_encoding("go.example.kr:7000", tmp_path) == "euc_kr"
    assert load_server_encoding(f"{IGS_HOST}:{IGS_PORT}", tmp_path) == "cp932"


async def test_the_encoding_choice_offers_every_codec_by_keys(tmp_path: Path) -> None:
    """The login form's one-line encoding choice goes through every codec offered (right,
    Enter and space forward, left back, round at the ends); the one shown is the one used."""
    from igs_tui.ui.settings import ENCODING_CHOICES

    connect = Recorder()
    app = login_app(tmp_path, FakeKeyring(), connect)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        encoding = app.screen.query_one("#encoding", CycleChoice)
        encoding.focus()
        seen = [encoding.value]
        for key in ["right", "enter", "space", "right", "enter"]:
            await pilot.press(key)
            seen.append(encoding.value)
        assert seen == [code for code, _ in ENCODING_CHOICES]
        assert "UTF-8 only" in str(encoding.render())
        await pilot.press("right")  # round to the start
        assert encoding.value == ""
        await pilot.press("left", "left")  # round to the end and back one
        assert encoding.value == ENCODING_CHOICES[-2][0]
        await pilot.click("#connect")
        await pilot.pause()
    assert connect.requests[0].encoding == ENCODING_CHOICES[-2][0]
