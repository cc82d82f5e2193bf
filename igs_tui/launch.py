"""Starts the terminal client: connects the Textual app to IGS (or the embedded local server).

This is glue, kept out of the UI package so the UI stays server-neutral: it builds the shared
model, and for each login it runs an :class:`~igs_tui.net.client.IgsClient` whose protocol
events go through the IGS :class:`~igs_tui.protocol.model_adapter.ModelAdapter` into the model,
and hands the app an :class:`~igs_tui.protocol.igs_backend.IgsBackend` for user intents.
Everything runs on the app's event loop: no threads, so model changes and widget refreshes
never race.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from pathlib import Path

from igs_tui.localserver.config import ServerConfig
from igs_tui.localserver.server import LocalServer
from igs_tui.model import ClientModel, LinkState
from igs_tui.model.backend import Backend
from igs_tui.net.client import ClientConfig, ClientEvent, IgsClient, SessionLike
from igs_tui.net.recorder import SessionRecorder
from igs_tui.net.servers import IGS_SERVERS, ServerAddress
from igs_tui.net.states import (
    Connected,
    Connecting,
    ConnectionEvent,
    Disconnected,
    Failed,
    LoggingIn,
    Reconnecting,
)
from igs_tui.protocol.commands import Command
from igs_tui.protocol.events import Event
from igs_tui.protocol.igs_backend import IgsBackend
from igs_tui.protocol.model_adapter import ModelAdapter
from igs_tui.protocol.session import IgsSession

LOGIN_WAIT_SECONDS = 45.0


class ConsoleSession:
    """An :class:`IgsSession` that also shows every raw line in the model's console.

    Sent lines go through the session's own redaction first, so a password typed at the
    ``Password:`` prompt is never shown.
    """

    def __init__(self, session: IgsSession, adapter: ModelAdapter) -> None:
        self._session = session
        self._adapter = adapter

    def receive_line(self, line: str) -> list[Event]:
        self._adapter.received_line(line)
        return self._session.receive_line(line)

    def send(self, command: Command | str) -> int:
        return self._session.send(command)

    def data_to_send(self, now: float) -> list[str]:
        lines = self._session.data_to_send(now)
        for line in lines:
            self._adapter.sent_line(self._session.redact(line))
        return lines

    def next_send_time(self, now: float) -> float | None:
        return self._session.next_send_time(now)

    def expire(self, now: float, timeout: float = 60.0) -> list[Event]:
        return self._session.expire(now, timeout)

    def close(self) -> None:
        self._session.close()


@dataclass
class Connector:
    """The app's ``connect`` callable: log in as the login screen asked, return a backend.

    With ``embedded`` set (``igs-tui --local``), choosing the local server starts the
    embedded IGS-compatible server in this process on a free port and connects to it.
    """

    model: ClientModel
    embedded: bool = False
    record: bool = True
    record_dir: Path | None = None
    """Where session transcripts go (default: the user data dir's ``sessions``)."""
    server_config: ServerConfig | None = None
    """Configuration of the embedded server (default: demo accounts, bots, a broadcast)."""
    client_config: ClientConfig | None = None
    client: IgsClient | None = None
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _server: LocalServer | None = None

    async def __call__(self, request: object) -> Backend:
        server_kind = str(getattr(request, "server", "igs"))
        host = str(getattr(request, "host", ""))
        port = int(getattr(request, "port", 0) or 0)
        guest = bool(getattr(request, "guest", False))
        user = "guest" if guest else str(getattr(request, "user", "")) or "guest"
        password = "" if guest else str(getattr(request, "password", ""))
        if server_kind == "igs":
            servers: tuple[ServerAddress, ...] = IGS_SERVERS
        else:
            if server_kind == "local" and self.embedded:
                port = await self._start_embedded()
                host = "127.0.0.1"
            servers = (ServerAddress(host, port),)
        await self.close_client()
        # IGS kicks clients that flood it; our own server does not, so it gets no throttle.
        fast = server_kind == "local"
        return await self.connect(servers, user, password, fast=fast)

    async def _start_embedded(self) -> int:
        from igs_tui.localserver.server import start_embedded

        if self._server is None:
            self._server = await start_embedded(self.server_config, port=0)
        return int(self._server.port)

    async def connect(
        self, servers: tuple[ServerAddress, ...], user: str, password: str, *, fast: bool = False
    ) -> Backend:
        model = self.model
        adapter = ModelAdapter(model)
        base = self.client_config or ClientConfig()
        config = ClientConfig(
            servers=servers,
            connect_timeout=base.connect_timeout,
            login_timeout=base.login_timeout,
            keepalive_idle=base.keepalive_idle,
            keepalive_timeout=base.keepalive_timeout,
            reconnect=base.reconnect,
            backoff=base.backoff,
            legacy_encoding=base.legacy_encoding,
        )
        done = asyncio.get_running_loop().create_future()

        def on_event(event: ClientEvent) -> None:
            if isinstance(event, ConnectionEvent):
                self._link_event(event, servers)
                # Before the first login, a lost link means the server cannot be reached:
                # report it to the login screen instead of retrying in the background.
                if isinstance(event, Connected | Failed | Disconnected) and not done.done():
                    done.set_result(event)
            else:
                adapter.apply(event)

        def session_factory(name: str, secret: str) -> SessionLike:
            if fast:
                return ConsoleSession(IgsSession(name, secret, rate=100.0, burst=50.0), adapter)
            return ConsoleSession(IgsSession(name, secret), adapter)

        def recorder_factory(address: ServerAddress) -> SessionRecorder | None:
            if not self.record:
                return None
            try:
                return SessionRecorder.create(
                    str(address), password=password or None, directory=self.record_dir
                )
            except OSError:
                return None

        client = IgsClient(
            user,
            password,
            config=config,
            on_event=on_event,
            session_factory=session_factory,
            recorder_factory=recorder_factory,
            clock=model.clock,
        )
        self.client = client
        task = asyncio.create_task(client.run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        model.set_connection(state=LinkState.CONNECTING, server=str(servers[0]), detail="")
        try:
            outcome = await asyncio.wait_for(done, LOGIN_WAIT_SECONDS)
        except TimeoutError:
            await self.close_client()
            raise ConnectionError(f"no answer from {servers[0]}") from None
        if isinstance(outcome, Failed | Disconnected):
            await self.close_client()
            raise ConnectionError(outcome.reason)
        backend = IgsBackend(model, client.send)
        backend.refresh_games()
        backend.refresh_players()
        return backend

    def _link_event(self, event: ConnectionEvent, servers: tuple[ServerAddress, ...]) -> None:
        set_connection = self.model.set_connection
        if isinstance(event, Connecting):
            set_connection(state=LinkState.CONNECTING, server=str(event.address), detail="")
        elif isinstance(event, LoggingIn):
            set_connection(state=LinkState.LOGGING_IN, server=str(event.address))
        elif isinstance(event, Connected):
            set_connection(
                state=LinkState.CONNECTED,
                server=str(event.address),
                user=event.name,
                detail="restoring " + ", ".join(event.restoring) if event.restoring else "",
                reconnect_attempt=0,
                forfeit_deadline=None,
            )
        elif isinstance(event, Disconnected):
            set_connection(
                state=LinkState.DISCONNECTED,
                detail=event.reason,
                forfeit_deadline=event.forfeit_deadline,
            )
        elif isinstance(event, Reconnecting):
            set_connection(
                state=LinkState.RECONNECTING,
                reconnect_attempt=event.attempt,
                detail=f"reconnecting in {event.delay:.0f}s (attempt {event.attempt})",
                forfeit_deadline=event.forfeit_deadline,
            )
        elif isinstance(event, Failed):
            set_connection(state=LinkState.FAILED, detail=event.reason)

    async def close_client(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            with contextlib.suppress(Exception):
                await client.close()

    async def close(self) -> None:
        await self.close_client()
        server, self._server = self._server, None
        if server is not None:
            with contextlib.suppress(Exception):
                await server.stop()


def run_app(*, local: bool = False, server: str | None = None) -> int:
    """Run the terminal client until the user quits."""
    from igs_tui.ui.app import IgsApp

    model = ClientModel()
    connector = Connector(model, embedded=local)
    app = IgsApp.for_user(model, connector, echo_own=False)
    app.run()
    return 0
