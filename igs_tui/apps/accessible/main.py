"""``igs-tui --accessible``: the same backends and model, read and typed line by line.

No screen is drawn: events are printed as sentences (:mod:`.narrator`) and commands are typed
(:mod:`.shell`), so a screen reader (or a braille display, or a plain terminal log) follows
everything in order. The login is the same as the app's: the embedded server with
``--local``, IGS by default, ``--server HOST:PORT`` otherwise; as a guest unless ``--user``.
"""

from __future__ import annotations

import asyncio
import getpass
import sys
from collections.abc import Callable

from igs_tui.apps.accessible.narrator import Narrator
from igs_tui.apps.accessible.shell import Shell
from igs_tui.apps.client import check_server_option
from igs_tui.apps.connector import Connector
from igs_tui.model import ClientModel
from igs_tui.ui.session.login_request import LoginRequest


def _say(line: str) -> None:
    print(line, flush=True)


def login_request(
    *, local: bool, server: str | None, user: str | None, password: str
) -> LoginRequest:
    """What the connector needs to log in (the login screen's choices, from options)."""
    if local:
        kind, host, port = "local", "127.0.0.1", 0
    elif server:
        address = check_server_option(server)
        host, _, port_text = address.rpartition(":")
        kind, host, port = "custom", host.strip("[]"), int(port_text)
    else:
        kind, host, port = "igs", "", 0
    guest = not user
    return LoginRequest(kind, host, port, user or "guest", password, guest=guest)


async def run_session(
    connector: Connector,
    request: LoginRequest,
    lines: asyncio.StreamReader,
    say: Callable[[str], None] = _say,
) -> int:
    """Log in, then read commands until ``quit`` or the end of input; the exit status."""
    narrator = Narrator(connector.model, say)
    try:
        say("Connecting…")
        try:
            backend = await connector(request)
        except Exception as exc:  # every failure is a sentence, never a traceback
            say(f"Could not connect: {exc}")
            return 1
        shell = Shell(connector.model, lambda: backend, say)
        say("Type help for the commands, quit to leave.")
        while True:
            raw = await lines.readline()
            if not raw:
                break
            if not shell.handle(raw.decode("utf-8", "replace")):
                break
        say("Goodbye.")
        return 0
    finally:
        narrator.close()
        await connector.close()


async def _stdin_reader() -> asyncio.StreamReader:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return reader


def accessible_connector(
    *, local: bool = False, dialect: str | None = None, record: bool = True
) -> Connector:
    """The connector of the accessible mode; it records the session (``sessions/``) unless
    ``record`` is False or ``"record_sessions"`` is false in config.json (there is no login
    form to untick it on)."""
    from igs_tui.ui.settings import load_settings

    server_config = None
    if local:
        from igs_tui.localserver.config import DEMO_OPENING_MOVES, ServerConfig

        server_config = ServerConfig(dialect=dialect or "igs", opening_moves=DEMO_OPENING_MOVES)
    return Connector(
        ClientModel(),
        embedded=local,
        record=record and load_settings().record_sessions,
        server_config=server_config,
        keep_profiles=True,
    )


def run_accessible(
    *,
    local: bool = False,
    server: str | None = None,
    user: str | None = None,
    dialect: str | None = None,
    record: bool = True,
) -> int:
    """Run the accessible mode until ``quit``; 2 for bad options, 1 if the login failed.
    ``record`` False (``--no-record``) writes no session transcript."""
    try:
        password = ""
        if user:
            password = getpass.getpass(f"Password for {user}: ")
        request = login_request(local=local, server=server, user=user, password=password)
    except (ValueError, EOFError) as exc:
        print(f"igs-tui: error: {exc}", file=sys.stderr)
        return 2
    connector = accessible_connector(local=local, dialect=dialect, record=record)

    async def main() -> int:
        return await run_session(connector, request, await _stdin_reader())

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 130
