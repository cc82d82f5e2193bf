"""Starts the terminal client: connects the Textual app to IGS (or the embedded local server).

This is glue, kept out of the UI package so the UI stays server-neutral: it builds the shared
model, and for each login an :class:`~igs_tui.backends.igs.session.IgsSession` and the
:class:`~igs_tui.backends.igs.net.client.IgsClient` that carries its lines and applies the
changes it returns to the model, and hands the app an
:class:`~igs_tui.backends.igs.backend.IgsBackend` over the same session for user intents.
Everything runs on the app's event loop: no threads, so model changes and widget refreshes
never race.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from igs_tui.backends.igs.encodings import DEFAULT_LEGACY_ENCODING
from igs_tui.model import ClientModel, LinkState

if TYPE_CHECKING:
    # The IGS backend, the archive and the local server are imported when the first login
    # needs them: the login screen comes up without them (see run_app).
    import httpx

    from igs_tui.apps.kgs_connect import KgsConnection
    from igs_tui.archive.autosave import AutoSaver
    from igs_tui.backends.capabilities import Backend
    from igs_tui.backends.igs.net.client import ClientConfig, IgsClient
    from igs_tui.backends.igs.net.client import Connector as OpenTransport
    from igs_tui.backends.igs.net.servers import ServerAddress
    from igs_tui.backends.igs.profiles import ProfileStore
    from igs_tui.localserver.config import ServerConfig
    from igs_tui.localserver.server import LocalServer
    from igs_tui.ui.app import IgsApp

LOGIN_WAIT_SECONDS = 45.0
QUIT_WAIT_SECONDS = 1.5
"""How long logging out waits for the server to close the link after ``quit``."""
QUIT_LINK_SECONDS = 0.8
"""How long quitting gives the link to close (a KGS logout, a socket that will not close):
a server that never answers must not hold ctrl+q up; what is saved on disk is closed
whatever the link does."""


AUTOSAVE_DELAY = 0.05
"""Seconds from a change of a followed game to its autosave: after the frame that shows it
(a move's record is not built while the move is on its way to the screen); a burst of
changes within it is one save."""


@dataclass
class Connector:
    """The app's ``connect`` callable: log in as the login screen asked, return a backend.

    With ``embedded`` set (``igs-tui --local``), choosing the local server starts the
    embedded IGS-compatible server in this process on a free port and connects to it.
    Every game the model follows (played or observed) is autosaved as SGF from the first
    login on, so a crash or a lost link never costs a record.
    """

    model: ClientModel
    embedded: bool = False
    record: bool = True
    record_dir: Path | None = None
    """Where session transcripts go (default: the user data dir's ``sessions``)."""
    server_config: ServerConfig | None = None
    """Configuration of the embedded server (default: demo accounts, bots, a broadcast)."""
    client_config: ClientConfig | None = None
    open_transport: OpenTransport | None = None
    """How each connection is opened (default: telnet over TCP); tests connect in memory."""
    autosave: bool = True
    games_dir: Path | None = None
    """Where autosaved games go (default: ``default_games_dir()``); tests point it elsewhere."""
    client: IgsClient | None = None
    saver: AutoSaver | None = None
    profiles: ProfileStore | None = None
    """What each server was found to support (IGS or NNGS...): kept in memory unless given
    (the program gives one kept in the config dir, see :attr:`keep_profiles`)."""
    keep_profiles: bool = False
    """Without :attr:`profiles`, keep them in the config dir (made with the first login)."""
    _local_profiles: ProfileStore | None = None
    """The embedded server's (its port changes every run: never written to disk)."""
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _run_task: asyncio.Task[None] | None = None
    """The current client's :meth:`IgsClient.run` (run again by :meth:`reconnect_now`)."""
    _server: LocalServer | None = None
    kgs: bool = False
    """``--server kgs`` (or ``kgs:HOST:PORT``): a custom address on the login form is a KGS
    JSON endpoint (https on port 443, else http), not an IGS-family server."""
    kgs_binary: bool = False
    """``--server kgs-binary:HOST:PORT``: KGS logins speak the binary protocol over TCP."""
    kgs_transport: httpx.AsyncBaseTransport | None = None
    """How KGS requests are carried (default: the network); tests pass a mock."""
    _kgs: KgsConnection | None = None

    def _profile_store(self, *, fast: bool) -> ProfileStore:
        """The profiles of the embedded server (``fast``) or of real servers, made when first
        needed (they come with the IGS protocol package, which the login screen does not need)."""
        from igs_tui.backends.igs.profiles import ProfileStore, default_profiles_path

        if fast:
            if self._local_profiles is None:
                self._local_profiles = ProfileStore()
            return self._local_profiles
        if self.profiles is None:
            self.profiles = ProfileStore(default_profiles_path() if self.keep_profiles else None)
        return self.profiles

    async def __call__(self, request: object) -> Backend:
        server_kind = str(getattr(request, "server", "igs"))
        host = str(getattr(request, "host", ""))
        port = int(getattr(request, "port", 0) or 0)
        guest = bool(getattr(request, "guest", False))
        user = "guest" if guest else str(getattr(request, "user", "")) or "guest"
        password = "" if guest else str(getattr(request, "password", ""))
        # the codec chosen on the login form for this server (else --encoding's)
        encoding = str(getattr(request, "encoding", "") or "")
        # The login form's "Record session" box; --no-record (self.record) wins over it.
        record = self.record and bool(getattr(request, "record", True))
        if server_kind == "kgs" or (self.kgs and server_kind == "custom"):
            await self.close_client()
            return await self.connect_kgs(
                host, port, str(getattr(request, "user", "")), password, guest=guest, record=record
            )
        from igs_tui.backends.igs.net.servers import IGS_SERVERS, ServerAddress

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
        return await self.connect(
            servers, user, password, fast=fast, encoding=encoding, record=record
        )

    async def connect_kgs(
        self, host: str, port: int, user: str, password: str, *, guest: bool, record: bool = False
    ) -> Backend:
        """Log in to KGS's JSON form at ``host:port`` (a guest gives a name and no password);
        ``record`` writes a transcript of the session's messages to :attr:`record_dir`.

        Raises:
            ConnectionError: the login failed (with the documented reason) or no answer came.
        """
        from igs_tui.apps.kgs_connect import KGS_HOST, guest_name, open_kgs

        self.start_autosave()
        name = guest_name(user) if guest else user
        self._kgs = await open_kgs(
            self.model,
            host,
            port,
            name,
            "" if guest else password,
            transport=self.kgs_transport,
            record=record,
            record_dir=self.record_dir,
            # KGS itself serves only the JSON form: the binary protocol is for other servers
            binary=self.kgs_binary and host != KGS_HOST,
        )
        backend = self._kgs.backend
        backend.list_rooms()
        return backend

    async def _start_embedded(self) -> int:
        from igs_tui.localserver.server import start_embedded

        if self._server is None:
            self._server = await start_embedded(self.server_config, port=0)
        return int(self._server.port)

    async def connect(
        self,
        servers: tuple[ServerAddress, ...],
        user: str,
        password: str,
        *,
        fast: bool = False,
        encoding: str = "",
        record: bool | None = None,
    ) -> Backend:
        """Log in to the first of ``servers`` that answers; ``encoding`` (a codec name or
        ``"none"``) replaces the configured legacy codec for this connection; ``record``
        (default :attr:`record`) says whether a transcript of the session is written.

        Raises:
            ConnectionError: no server answered, or the login failed.
            ValueError: ``encoding`` names no codec.
        """
        from igs_tui.backends.igs.backend import IgsBackend
        from igs_tui.backends.igs.net.client import ClientConfig, IgsClient
        from igs_tui.backends.igs.net.recorder import SessionRecorder
        from igs_tui.backends.igs.session import IgsSession
        from igs_tui.disk_caps import DiskCaps

        model = self.model
        self.start_autosave()
        recording = self.record if record is None else record
        # replace(), not a field-by-field copy: every tunable of the base config is kept.
        config = dataclasses.replace(self.client_config or ClientConfig(), servers=servers)
        if encoding:
            legacy = check_encoding_option(encoding)
            config = dataclasses.replace(config, legacy_encoding=legacy)
        key = str(servers[0])
        store = self._profile_store(fast=fast)
        session = IgsSession(
            model,
            user,
            password,
            profile=store.profile(key),
            on_learnt=lambda profile: store.save(key, profile),
            fast=fast,
            refresh_moves=config.refresh_moves,
            forfeit_seconds=config.forfeit_seconds,
        )
        for change in session.take_changes():  # what the known profile tells the model
            model.apply(change)

        def recorder_factory(address: ServerAddress) -> SessionRecorder | None:
            if not recording:
                return None
            try:
                return SessionRecorder.create(
                    str(address),
                    password=password or None,
                    directory=self.record_dir,
                    username=user,
                    caps=DiskCaps.from_limits(model.limits),
                    notice=transcripts_notice(model),
                )
            except OSError:
                return None

        client = IgsClient(
            session,
            model.apply,
            config=config,
            connector=self.open_transport,
            recorder_factory=recorder_factory,
            clock=model.clock,
        )
        self.client = client
        logged_in = asyncio.ensure_future(client.logged_in())
        self._run(client)
        model.set_connection(state=LinkState.CONNECTING, server=str(servers[0]), detail="")
        try:
            await asyncio.wait_for(logged_in, LOGIN_WAIT_SECONDS)
        except TimeoutError:
            await self.close_client()
            raise ConnectionError(f"no answer from {servers[0]}") from None
        except asyncio.CancelledError:
            # The user gave up waiting (escape on the connecting screen): stop the attempt
            # instead of leaving a client logging in behind the login form.
            await asyncio.shield(self.close_client())
            raise
        except ConnectionError:
            await self.close_client()
            raise
        outcome = logged_in.result()
        if unknown_account(user, password, outcome):
            # IGS logs a name it does not know in as a guest, password or not: a mistyped
            # name would play as guestNNNN without a word. Refused, with the reason.
            await self.close_client()
            raise ConnectionError(
                f'there is no account "{user}" on this server (it would have logged you in '
                f'as the guest "{outcome.name}"): check the name, or leave the password '
                "empty to log in as a guest"
            )
        backend = IgsBackend(model, session, client.flush)
        backend.refresh_games()
        backend.refresh_players()
        return backend

    def _run(self, client: IgsClient) -> None:
        task = asyncio.create_task(client.run())
        self._run_task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def reconnect_now(self) -> str:
        """Reconnect now: skip the pause before the next attempt, or start again a client
        that gave up (it logs in as before and restores what it observed); what to tell the
        user."""
        if self._kgs is not None:
            return self._kgs.reconnect_now()
        client = self.client
        if client is None:
            return "Not logged in."
        if client.retry_now():
            return "Reconnecting now…"
        task = self._run_task
        if task is not None and task.done():
            self._run(client)
            return "Reconnecting…"
        if client.connected:
            return "Already connected."
        return "Already connecting…"

    async def end_session(self) -> None:
        """Log out: send ``quit`` so the server ends the session cleanly, wait a little for it
        to close the link, then close the client (no reconnect follows). Afterwards no event
        of that session reaches the model any more."""
        kgs, self._kgs = self._kgs, None
        if kgs is not None:
            await kgs.logout(QUIT_WAIT_SECONDS)
        client, task = self.client, self._run_task
        if client is None:
            return
        if client.connected:
            from igs_tui.backends.igs.protocol import commands as cmd

            client.send(cmd.quit())
            if task is not None:
                await asyncio.wait({task}, timeout=QUIT_WAIT_SECONDS)
        await self.close_client()
        if task is not None and not task.done():
            await asyncio.wait({task}, timeout=QUIT_WAIT_SECONDS)
        self._run_task = None

    def start_autosave(self) -> AutoSaver | None:
        """Start saving every followed game (once per connector; the model outlives logins).

        Files are written by the saver's own thread, so that fsyncs never hold up the screen.
        """
        if self.autosave and self.saver is None:
            from igs_tui.archive.autosave import AutoSaver
            from igs_tui.archive.record_header import IGS_RULES

            loop = asyncio.get_running_loop()
            self.saver = AutoSaver(
                self.model,
                self.games_dir,
                background=True,
                defer=lambda save: loop.call_later(AUTOSAVE_DELAY, save),
                # KGS sets rules per game, and the model does not hold them: no RU then
                rules=lambda: None if self._kgs is not None else IGS_RULES,
            )
        return self.saver

    async def close_client(self) -> None:
        kgs, self._kgs = self._kgs, None
        if kgs is not None:
            await kgs.close()
        client, self.client = self.client, None
        if client is not None:
            with contextlib.suppress(Exception):
                await client.close()

    async def close(self) -> None:
        """Quitting: the link gets :data:`QUIT_LINK_SECONDS` to close, then the records are
        closed and the embedded server stopped, whatever the link did."""
        try:
            async with asyncio.timeout(QUIT_LINK_SECONDS):
                kgs, self._kgs = self._kgs, None
                if kgs is not None:
                    # KGS keeps a session without a link for a while: say LOGOUT.
                    await kgs.logout(QUIT_LINK_SECONDS / 2)
                await self.close_client()
        except TimeoutError:
            pass  # a server that does not let go; the process ends all the same
        saver, self.saver = self.saver, None
        if saver is not None:
            saver.close()
        server, self._server = self._server, None
        if server is not None:
            with contextlib.suppress(Exception):
                await server.stop()


def check_server_option(text: str) -> str:
    """Validate ``--server HOST:PORT`` and return it normalised (``host:port``).

    Raises:
        ValueError: naming the problem (no port, a port outside 1-65535, no host).
    """
    from igs_tui.backends.igs.net.servers import parse_server

    spec = text.strip()
    if not spec or (spec.rfind(":") <= spec.rfind("]")):
        raise ValueError(f"--server {text!r}: expected HOST:PORT (for example localhost:6969)")
    try:
        return str(parse_server(spec))
    except ValueError as exc:
        raise ValueError(f"--server {text!r}: {exc}") from None


def unknown_account(user: str, password: str, connected: object) -> bool:
    """The server logged us in as a guest although we gave a name and a password."""
    return bool(password) and user.lower() != "guest" and bool(getattr(connected, "guest", False))


def server_is_kgs(server: str | None) -> bool:
    """Does ``--server`` name KGS (``kgs``, ``kgs:HOST:PORT`` or ``kgs-binary:HOST:PORT``)?
    (No import: start-up.)"""
    return server is not None and server.strip().lower().partition(":")[0] in ("kgs", "kgs-binary")


def build_app(
    *,
    local: bool = False,
    server: str | None = None,
    engine: str | None = None,
    dialect: str | None = None,
    encoding: str | None = None,
    record: bool = True,
    login_hint: str | None = None,
) -> tuple[IgsApp, Connector]:
    """The app and its connector as the command line asks (separate from running, for tests).

    ``login_server`` preselects the server on the login screen: ``"local"`` with ``--local``,
    else the ``--server`` address. The keyword is only passed when this version of the app
    takes it. ``record`` False (``--no-record``) writes no session transcript, whatever the
    login form says. ``login_hint`` is a line on the login form (default with ``--local``:
    the embedded server's demo accounts).

    Raises:
        ValueError: a bad ``--server`` or ``--encoding``, or ``--local`` with ``--server``.
    """
    from igs_tui.ui.app import IgsApp
    from igs_tui.ui.settings import read_config

    legacy = check_encoding_option(encoding, read_config().get("encoding"))

    login_server: str | None = None
    if local and server:
        raise ValueError("--local and --server cannot be used together")
    kgs = server_is_kgs(server)
    if server and kgs:
        from igs_tui.apps.kgs_connect import parse_kgs_option

        address = parse_kgs_option(server)
        assert address is not None
        # The login form's KGS choice, with the address when it is not KGS's own.
        login_server = server.strip()
    elif server:
        login_server = check_server_option(server)
    elif local:
        login_server = "local"
    from igs_tui.ui.settings import load_limits

    model = ClientModel(limits=load_limits())
    server_config = None
    if local:
        from igs_tui.localserver.config import DEMO_OPENING_MOVES, ServerConfig

        server_config = ServerConfig(dialect=dialect or "igs", opening_moves=DEMO_OPENING_MOVES)
    connector = Connector(
        model,
        embedded=local,
        record=record,
        server_config=server_config,
        keep_profiles=True,
        kgs=kgs,
        kgs_binary=kgs and server is not None and server.strip().lower().startswith("kgs-binary"),
    )
    if legacy != DEFAULT_ENCODING:
        from igs_tui.backends.igs.net.client import ClientConfig

        connector.client_config = ClientConfig(legacy_encoding=legacy)
    options: dict[str, object] = {
        "echo_own": False,
        "shutdown": connector.close,
        "session": connector,
        "no_record": not record,
    }
    parameters = inspect.signature(IgsApp).parameters
    if login_server is not None and "login_server" in parameters:
        options["login_server"] = login_server
    if login_hint is None and local:
        login_hint = local_accounts_hint()
    if login_hint and "login_hint" in parameters:
        options["login_hint"] = login_hint
    if engine:
        from igs_tui.backends.engine.analysis import GtpAnalysis
        from igs_tui.backends.engine.assist import GtpAssist

        options["assist"] = GtpAssist(engine)
        options["analysis"] = GtpAnalysis(engine, name=engine_name(engine))
    return IgsApp.for_user(model, connector, **options), connector


def local_accounts_hint() -> str:
    """The embedded IGS server's demo accounts, as the login form lists them."""
    from igs_tui.localserver.config import DEMO_ACCOUNTS

    names = ", ".join(account.name for account in DEMO_ACCOUNTS)
    return f"Demo accounts: {names} (the password is the name), or a guest."


def engine_name(command: str) -> str:
    """What to call an engine in the panel: its program's name (``gnugo``, ``katago``)."""
    import shlex
    from pathlib import PurePath

    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    return PurePath(words[0]).name[:24] if words else "engine"


DEFAULT_ENCODING = DEFAULT_LEGACY_ENCODING
"""The legacy codec tried after UTF-8 unless the user chose another (the net layer's default)."""


def check_encoding_option(option: str | None, configured: object = None) -> str | None:
    """The legacy codec to read non-UTF-8 text with: ``--encoding``, else ``"encoding"`` in
    the config file, else :data:`DEFAULT_ENCODING`; ``None`` for "none" (UTF-8, then latin-1).

    Raises:
        ValueError: ``--encoding`` names no codec (a bad config value is ignored instead).
    """
    import codecs

    for value, source in ((option, "--encoding"), (configured, "")):
        if not isinstance(value, str) or not value.strip():
            continue
        name = value.strip()
        if name.lower() == "none":
            return None
        try:
            return codecs.lookup(name).name
        except LookupError:
            if source:
                raise ValueError(
                    f"--encoding {name!r}: no such codec (try gb18030, cp932, euc_kr, big5 or none)"
                ) from None
    return DEFAULT_ENCODING


GC_THRESHOLDS = (700, 10, 100)
"""The cyclic collector's thresholds for a long session (Python's are ``(700, 10, 10)``)."""


def tune_gc() -> None:
    """Keep the cyclic garbage collector's pauses short in a long session.

    The objects there are by now (modules, classes, the app and its stylesheet) live as long
    as the process: :func:`gc.freeze` takes them out of every later collection. A full
    collection walks every object alive; while a listing of 100 000 players arrives, Python's
    default of one full collection per ten middle ones (whenever the heap grew by a quarter)
    paused the app for 50-100 ms several times. With the third threshold at 1000 the full
    collections are 100 times rarer; the young generations still collect garbage cycles as
    often as before. (No collection first: the little garbage of the start-up is kept rather
    than walking every object alive before the first screen.) The launcher turns the collector
    off while it imports and builds the app; it is on again from here.
    """
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    gc.enable()


def run_app(
    *,
    local: bool = False,
    server: str | None = None,
    engine: str | None = None,
    dialect: str | None = None,
    encoding: str | None = None,
    record: bool = True,
    login_hint: str | None = None,
) -> int:
    """Run the terminal client until the user quits; 2 for bad options (message on stderr)."""
    try:
        app, _connector = build_app(
            local=local,
            server=server,
            engine=engine,
            dialect=dialect,
            encoding=encoding,
            record=record,
            login_hint=login_hint,
        )
    except ValueError as exc:
        print(f"igs-tui: error: {exc}", file=sys.stderr)
        return 2
    tune_gc()
    app.run()
    return 0


def transcripts_notice(model: ClientModel) -> Callable[[str], None]:
    """How the session transcripts' caps tell the user they deleted old transcripts."""

    def notice(text: str) -> None:
        model.notify("warning", "Session transcripts", text, bell=False)

    return notice
