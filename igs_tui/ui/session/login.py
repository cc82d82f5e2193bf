"""The login screen: choose a server (IGS, local, custom), guest or account, and log in.

It only *collects* a :class:`LoginRequest`; connecting is the app's ``connect`` callback's job,
so the screen can be tested without a network and reused for any server kind.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    RadioSet,
    Static,
)

from igs_tui.numbers import bounded_int
from igs_tui.ui.dialogs.cycle_choice import CycleChoice
from igs_tui.ui.dialogs.toggles import ChoiceSet, MarkedCheckbox, MarkedRadioButton
from igs_tui.ui.safe_text import plain
from igs_tui.ui.session.login_request import LoginRequest
from igs_tui.ui.settings import (
    ENCODING_CHOICES,
    LoginSettings,
    PasswordStore,
    load_server_encoding,
    load_settings,
    save_server_encoding,
    save_settings,
)
from igs_tui.ui.styles import stylesheet

IGS_HOST = "igs.joyjoy.net"
IGS_PORT = 7777
LOCAL_HOST = "127.0.0.1"
DEFAULT_LOCAL_PORT = 6969
KGS_HOST = "www.gokgs.com"
KGS_PORT = 443
"""KGS's JSON endpoint (https); another host:port (the fake server) is reached over http."""
SERVER_KINDS = ("igs", "local", "custom", "kgs")


def parse_server_preset(preset: str) -> tuple[str, str, int]:
    """``(kind, host, port)`` for a launcher's server choice: ``igs``, ``local``, ``kgs``,
    ``kgs:HOST:PORT``, ``kgs-binary:HOST:PORT`` (KGS's binary protocol; the launcher's connector
    knows to speak it) or ``HOST:PORT``.

    ``local`` and ``kgs`` leave host and port empty so their defaults apply. ``ValueError`` says
    what is wrong with a custom address (the login screen shows it instead of connecting).
    """
    text = preset.strip()
    if text.lower() in ("igs", "local", "kgs"):
        return text.lower(), "", 0
    kind = "custom"
    head, colon, rest = text.partition(":")
    if colon and head.lower() in ("kgs", "kgs-binary"):
        kind, text = "kgs", rest
    host, sep, port = text.rpartition(":")
    host = host.strip().removeprefix("[").removesuffix("]")  # "[::1]:6970"
    if not sep or not host:
        raise ValueError(f"Server {preset!r}: use igs, local, kgs, kgs:HOST:PORT or HOST:PORT.")
    number = bounded_int(port)
    if number is None or not 0 < number < 65536:
        raise ValueError(f"Server {preset!r}: the port must be a number from 1 to 65535.")
    return kind, host, number


class LoginScreen(Screen[LoginRequest]):
    """Collects a :class:`LoginRequest` and remembers choices (password only via keyring)."""

    DEFAULT_CSS = stylesheet(__file__, "login_screen.tcss")

    BINDINGS = [("escape", "app.quit", "Quit")]

    def __init__(
        self,
        *,
        config_dir: Path | None = None,
        passwords: PasswordStore | None = None,
        local_port: int = DEFAULT_LOCAL_PORT,
        preset: str | None = None,
        error: str = "",
        no_record: bool = False,
        local_run: bool = False,
        keep_local: bool | None = None,
        hint: str = "",
    ) -> None:
        """``preset`` (the launcher's ``--local``/``--server``) overrides the remembered server;
        ``error`` is shown at once (why the last attempt failed); ``no_record``
        (``--no-record``) locks "Record session" off for this run (the setting is kept).
        ``local_run`` says the embedded server runs (``--local``): only then is a remembered
        "Local server" chosen again, since in a plain run nothing listens there and plain
        ``igs-tui`` opens on IGS; ``keep_local`` (default ``local_run``) also keeps it (the
        local server was used in this run, so the form after a logout shows it). ``hint`` is
        a line above the account fields (the accounts of an embedded server)."""
        super().__init__()
        self._config_dir = config_dir
        self._passwords = passwords or PasswordStore()
        self._local_port = local_port
        self._local_run = local_run
        self._hint = hint
        self.settings: LoginSettings = load_settings(config_dir)
        self._initial_error = error
        self._encoding_server = ""
        """The server whose remembered codec the form shows (``host:port``)."""
        self._no_record = no_record
        self._resumed = False
        remembered = self.settings
        if preset:
            try:
                kind, host, port = parse_server_preset(preset)
            except ValueError as exc:
                self._initial_error = self._initial_error or str(exc)
            else:
                self.settings = replace(self.settings, server=kind, host=host, port=port)
                if (kind, host, port) != (remembered.server, remembered.host, remembered.port):
                    # the remembered name is an account of the remembered server, not this one
                    self.settings = replace(self.settings, user="", remember_password=False)
        elif remembered.server == "local" and not (local_run if keep_local is None else keep_local):
            self.settings = replace(self.settings, server="igs", host="", port=0)

    def _local_text(self) -> str:
        if self._local_run:
            return "Local server: the embedded one of igs-tui --local"
        return (
            f"Local server: {LOCAL_HOST}:{self._local_port} "
            "(start one with python -m igs_tui.localserver, or run igs-tui --local)"
        )

    def compose(self) -> ComposeResult:
        # The form is composed as the settings have it (server chosen, rows hidden): changing
        # it on mount styled the whole form again (~10 % of the start-up to the first screen).
        # Tab goes down the form as it reads: server, its address, the account (name, then
        # password), then the boxes and Connect; shift+Tab goes back up the same way.
        s = self.settings
        kind = s.server if s.server in SERVER_KINDS else "igs"
        hidden = "-hidden"
        with VerticalScroll(id="login-box"):
            yield Static("igs-tui — log in", id="login-title")
            with ChoiceSet(id="server"):
                yield MarkedRadioButton(
                    f"IGS ({IGS_HOST}:{IGS_PORT})", id="server-igs", value=kind == "igs"
                )
                yield MarkedRadioButton(
                    f"Local server ({LOCAL_HOST})", id="server-local", value=kind == "local"
                )
                yield MarkedRadioButton(
                    "Custom host:port", id="server-custom", value=kind == "custom"
                )
                yield MarkedRadioButton(f"KGS ({KGS_HOST})", id="server-kgs", value=kind == "kgs")
            # the local server's address is fixed: said, not offered as empty fields to type in
            yield Static(
                self._local_text(),
                id="local-address",
                classes="" if kind == "local" else hidden,
                markup=False,
            )
            with Horizontal(
                classes=f"row {hidden if kind in ('igs', 'local') else ''}", id="address"
            ):
                yield Input(s.host, placeholder=self._host_hint(kind), id="host")
                yield Input(
                    str(s.port) if s.port else "",
                    placeholder="port",
                    restrict=r"[0-9]*",
                    max_length=5,
                    id="port",
                )
            yield Static(
                self._hint, id="login-hint", classes="" if self._hint else hidden, markup=False
            )
            with Horizontal(classes=f"row {hidden if s.guest else ''}", id="account"):
                yield Input(s.user, placeholder="user name", id="user")
                yield Input(placeholder="password", password=True, id="password")
            with Horizontal(classes="row"):
                yield MarkedCheckbox("Log in as guest", s.guest, id="guest")
                yield MarkedCheckbox(
                    "Remember password",
                    s.remember_password,
                    id="remember",
                    classes=hidden if s.guest else "",
                )
            # KGS speaks JSON, always UTF-8: no legacy codec to choose
            with Horizontal(classes=f"row {hidden if kind == 'kgs' else ''}", id="encoding-row"):
                yield Label("Text not in UTF-8:")
                yield CycleChoice(
                    [(label, code) for code, label in ENCODING_CHOICES], id="encoding"
                )
            yield MarkedCheckbox(
                "Record session (off with --no-record)"
                if self._no_record
                else "Record session to sessions/ (tells included)",
                s.record_sessions and not self._no_record,
                disabled=self._no_record,
                compact=True,  # one row: the form fits 80x24 with a custom address too
                id="record",
            )
            yield Label(plain(self._initial_error), id="login-error")
            yield Button("Connect", variant="primary", id="connect")
        yield Static("", id="login-cut", markup=False)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before Textual's own handler (subclass first). The first resume comes right
        # after the form was composed and styled; Textual styles every widget of it again
        # then, which cost ~8 % of the start-up to the first screen. Later resumes (back
        # from a dialog or the connecting screen) restyle as usual.
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def on_resize(self, _event: events.Resize) -> None:
        self.call_after_refresh(self._say_if_cut)

    def _say_if_cut(self) -> None:
        """In a window too small for the whole form, say so under it (the form scrolls, and
        Tab scrolls to the field it reaches): at 40x12 it was cut off without a word."""
        box = self.query_one("#login-box", VerticalScroll)
        cut = box.max_scroll_y > 0
        note = self.query_one("#login-cut", Static)
        text = "The form is cut to fit: Tab or the mouse wheel scrolls it." if cut else ""
        if str(note.content) != text:
            note.update(text)

    def on_mount(self) -> None:
        self._show_encoding()
        s = self.settings
        if not s.guest and s.remember_password and s.user:
            password = self._passwords.get(self._address()[0], s.user)
            if password:
                self.query_one("#password", Input).value = password
        if s.guest:
            target = "#connect"
        elif self._initial_error and s.user:
            target = "#password"  # the login failed: the password is what to type again
        else:
            target = "#user"
        self.query_one(target).focus()

    # state ------------------------------------------------------------------------------------
    def _server_kind(self) -> str:
        pressed = self.query_one("#server", RadioSet).pressed_button
        if pressed is None or pressed.id is None:
            return "igs"
        return pressed.id.removeprefix("server-")

    def _address(self) -> tuple[str, str]:
        kind = self._server_kind()
        if kind == "igs":
            return IGS_HOST, str(IGS_PORT)
        host = self.query_one("#host", Input).value.strip()
        port = self.query_one("#port", Input).value.strip()
        if not port and host.count(":") == 1:  # "host:port" typed into the host field
            host, port = (part.strip() for part in host.split(":"))
        if kind == "local":
            return LOCAL_HOST, str(self._local_port)
        if kind == "kgs":  # KGS itself, unless another KGS JSON server is named
            return host or KGS_HOST, port or (str(KGS_PORT) if not host else "")
        return host, port

    @staticmethod
    def _host_hint(kind: str) -> str:
        return f"host (empty: {KGS_HOST})" if kind == "kgs" else "host"

    def _update_visibility(self) -> None:
        kind = self._server_kind()
        self.query_one("#address").set_class(kind in ("igs", "local"), "-hidden")
        self.query_one("#local-address").set_class(kind != "local", "-hidden")
        self.query_one("#encoding-row").set_class(kind == "kgs", "-hidden")
        self.query_one("#host", Input).placeholder = self._host_hint(kind)
        guest = self.query_one("#guest", Checkbox).value
        self.query_one("#account").set_class(guest, "-hidden")
        self.query_one("#remember").set_class(guest, "-hidden")

    def _server_key(self) -> str:
        host, port = self._address()
        return f"{host}:{port}"

    def _show_encoding(self) -> None:
        """The codec remembered for the server now chosen (each server keeps its own)."""
        key = self._server_key()
        if key == self._encoding_server:
            return  # the same server: keep what the user chose for it
        self._encoding_server = key
        remembered = load_server_encoding(key, self._config_dir)
        self.query_one("#encoding", CycleChoice).value = remembered

    def _chosen_encoding(self) -> str:
        return self.query_one("#encoding", CycleChoice).value

    @on(RadioSet.Changed)
    @on(Checkbox.Changed, "#guest")
    def _changed(self) -> None:
        self._update_visibility()

    @on(RadioSet.Changed)
    @on(Input.Blurred, "#host, #port")
    def _server_changed(self) -> None:
        self._show_encoding()

    def _error(self, message: str) -> None:
        self.query_one("#login-error", Label).update(plain(message))

    # submit -----------------------------------------------------------------------------------
    @on(Button.Pressed, "#connect")
    @on(Input.Submitted)
    def submit(self) -> None:
        """Validate, remember the choices, and dismiss with the request."""
        kind = self._server_kind()
        host, port_text = self._address()
        guest = self.query_one("#guest", Checkbox).value
        user = self.query_one("#user", Input).value.strip()
        password = self.query_one("#password", Input).value
        remember = self.query_one("#remember", Checkbox).value
        record = self.query_one("#record", Checkbox).value
        if not host:
            self._error("Enter a host name.")
            return
        port_number = bounded_int(port_text)
        if port_number is None or not 0 < port_number < 65536:
            self._error(f"Port must be a number from 1 to 65535, not {port_text!r}.")
            return
        if not guest and (not user or any(ch.isspace() for ch in user)):
            self._error("Enter a user name without spaces, or log in as guest.")
            return
        port = port_number
        if not guest and remember and password and not self._passwords.set(host, user, password):
            # No keyring here (a headless machine): say so once, in one line, and stop
            # trying; the password is asked at each login. Ticking the box again retries.
            remember = False
            self.query_one("#remember", Checkbox).value = False
            self.notify(
                "No keyring on this system: the password is not kept (asked at each login).",
                severity="warning",
                markup=False,
            )
        # IGS, KGS and the local server are remembered by name, not by address (with --local
        # the embedded server's port changes every run)
        saved_host, saved_port = host, port
        if kind in ("igs", "local") or (host, port) == (KGS_HOST, KGS_PORT):
            saved_host, saved_port = "", 0
        self.settings = LoginSettings(
            server=kind,
            host=saved_host,
            port=saved_port,
            user=user,
            guest=guest,
            remember_password=remember,
            # --no-record is for this run: the remembered choice stays as it was
            record_sessions=self.settings.record_sessions if self._no_record else record,
        )
        try:
            save_settings(self.settings, self._config_dir)
        except OSError as exc:
            self.notify(f"Settings not saved: {exc}", severity="warning", markup=False)
        if not guest and not remember:
            self._passwords.forget(host, user)
        encoding = self._chosen_encoding() if kind != "kgs" else ""
        try:
            save_server_encoding(f"{host}:{port}", encoding, self._config_dir)
        except OSError:
            pass  # said above when the settings could not be written
        self.dismiss(
            LoginRequest(
                kind,
                host,
                port,
                "" if guest else user,
                "" if guest else password,
                guest,
                encoding,
                record=record,
            )
        )
