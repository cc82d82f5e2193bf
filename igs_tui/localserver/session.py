"""One client connection: the login handshake, then command lines to the hub.

Output follows the client-mode rules of the protocol spec: in client mode every line starts
with its reply code and the prompt is ``1 <state>``; otherwise lines carry no code and the
prompt is ``#> `` without a newline. Before the account is known the login prompt is
``Login: `` (no newline); the password prompt is ``1 1`` when the *account* was left in
client mode, else ``Password: ``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from enum import Enum
from typing import TYPE_CHECKING

from igs_tui.localserver.lines import Line

if TYPE_CHECKING:
    from igs_tui.localserver.hub import Hub
    from igs_tui.localserver.users import User


class Phase(Enum):
    LOGIN = "login"
    PASSWORD = "password"
    COMMANDS = "commands"
    CLOSED = "closed"


class Session:
    """Glue between a byte transport and the hub; ``write``/``close`` are injected."""

    def __init__(
        self,
        hub: Hub,
        write: Callable[[str], None],
        close: Callable[[], None],
        peer: str = "",
    ) -> None:
        self.hub = hub
        self._write = write
        self._close = close
        self.peer = peer
        self.phase = Phase.LOGIN
        self.user: User | None = None
        self._pending: User | None = None
        self.client_hint = False
        """Client mode before login: remembered from the account after a failed password."""

    # -- output --------------------------------------------------------------------------

    @property
    def client_mode(self) -> bool:
        if self.user is not None:
            return self.user.flag("client")
        return self.client_hint

    def write_raw(self, text: str) -> None:
        if self.phase is not Phase.CLOSED:
            self._write(text)

    def send(self, lines: Iterable[Line], *, prompt: bool = True) -> None:
        """Write a block: its lines, then (normally) the prompt that ends every block."""
        client = self.client_mode
        out = []
        for code, text in lines:
            if code is None or not client:
                out.append(f"{text}\r\n")
            else:
                out.append(f"{code} {text}\r\n")
        if prompt:
            out.append(self._prompt_text())
        if out:
            self.write_raw("".join(out))

    def prompt(self) -> None:
        self.write_raw(self._prompt_text())

    def _prompt_text(self) -> str:
        if self.phase is Phase.LOGIN:
            return "1 0\r\n" if self.client_mode else "Login: "
        if self.phase is Phase.PASSWORD:
            return "1 1\r\n" if self.client_mode else "Password: "
        state = self.hub.prompt_state(self.user) if self.user is not None else 5
        return f"1 {state}\r\n" if self.client_mode else "#> "

    def close(self) -> None:
        if self.phase is not Phase.CLOSED:
            self.phase = Phase.CLOSED
            self._close()

    # -- input ---------------------------------------------------------------------------

    def start(self) -> None:
        """Greet a new connection and ask for the login name."""
        self.send([(None, line) for line in self.hub.banner()])

    def handle_line(self, line: str) -> None:
        if self.phase is Phase.LOGIN:
            self._on_login_name(line.strip())
        elif self.phase is Phase.PASSWORD:
            self._on_password(line.strip())
        elif self.phase is Phase.COMMANDS and self.user is not None:
            self.hub.execute(self, line)

    def restart_login(self) -> None:
        """The ``login`` command: back to the ``Login:`` prompt, keeping the client mode."""
        if self.user is not None:
            self.client_hint = self.user.flag("client")
            self.hub.logout(self.user, self)
            self.user = None
        self.phase = Phase.LOGIN
        self.prompt()

    def _on_login_name(self, name: str) -> None:
        if not name:
            self.prompt()
            return
        user = self.hub.find_account(name)
        if user is None:
            self.hub.login(self, self.hub.new_guest(name))
            return
        if user.bot:
            self.send([(5, f"{user.name} is a robot account and cannot be logged into.")])
            return
        wait = self.hub.login_guard.wait(user.name, self.peer, self.hub.now())
        if wait > 0:
            self.send([(5, f"Too many failed logins: try again in {math.ceil(wait)} seconds.")])
            return
        self._pending = user
        self.client_hint = user.flag("client")
        self.phase = Phase.PASSWORD
        self.prompt()

    def _on_password(self, password: str) -> None:
        user = self._pending
        self._pending = None
        if user is None or password != user.password:
            self.phase = Phase.LOGIN
            if user is not None:
                self.hub.login_guard.failed(user.name, self.peer, self.hub.now())
            self.send([(5, "Invalid password.")])
            return
        self.hub.login_guard.succeeded(user.name, self.peer)
        self.hub.login(self, user)

    def attach(self, user: User) -> None:
        self.user = user
        self.phase = Phase.COMMANDS
        self.client_hint = user.flag("client")
