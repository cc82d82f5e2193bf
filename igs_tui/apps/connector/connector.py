"""The app's ``connect`` callable: log in as the login screen asked, and return a backend.

It only decides what to open for a :class:`~igs_tui.ui.session.login_request.LoginRequest` (IGS, a
custom IGS-family address, the embedded server, KGS) and keeps the one login open at a time,
so that logging out, reconnecting and quitting reach it. Each job is its own piece:
:class:`~.igs.IgsConnection`, :class:`~.embedded.EmbeddedServer`, :class:`~.autosave.Autosave`,
:class:`~.profiles.ServerProfiles` and :mod:`.recording`.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from igs_tui.apps.connector.autosave import Autosave
from igs_tui.apps.connector.embedded import EmbeddedServer
from igs_tui.apps.connector.profiles import ServerProfiles

if TYPE_CHECKING:
    # The IGS backend, the archive and the local server are imported when the first login
    # needs them: the login screen comes up without them (see run_app).
    import httpx

    from igs_tui.apps.connector.igs import IgsConnection
    from igs_tui.apps.kgs_connect import KgsConnection
    from igs_tui.archive.autosave import AutoSaver
    from igs_tui.backends.capabilities import Backend
    from igs_tui.backends.igs.net.client import ClientConfig, IgsClient
    from igs_tui.backends.igs.net.client import Connector as OpenTransport
    from igs_tui.backends.igs.net.servers import ServerAddress
    from igs_tui.backends.igs.profiles import ProfileStore
    from igs_tui.localserver.config import ServerConfig
    from igs_tui.model import ClientModel
    from igs_tui.ui.session.login_request import LoginRequest

LOGIN_WAIT_SECONDS = 45.0
QUIT_WAIT_SECONDS = 1.5
"""How long logging out waits for the server to close the link after ``quit``."""
QUIT_LINK_SECONDS = 0.8
"""How long quitting gives the link to close (a KGS logout, a socket that will not close):
a server that never answers must not hold ctrl+q up; what is saved on disk is closed
whatever the link does."""


@dataclass
class Connector:
    """Logs in as each :class:`LoginRequest` asks; one login open at a time.

    With ``embedded`` set (``igs-tui --local``), choosing the local server starts the
    embedded IGS-compatible server in this process on a free port and connects to it.
    Every game the model follows (played or observed) is autosaved as SGF from the first
    login on, so a crash or a lost link never costs a record.
    """

    model: ClientModel
    embedded: bool = False
    record: bool = True
    """``False`` (``--no-record``) writes no transcript, whatever the login form says."""
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
    profiles: ProfileStore | None = None
    """What each server was found to support (IGS or NNGS...): kept in memory unless given
    (the program gives one kept in the config dir, see :attr:`keep_profiles`)."""
    keep_profiles: bool = False
    """Without :attr:`profiles`, keep them in the config dir (made with the first login)."""
    kgs: bool = False
    """``--server kgs`` (or ``kgs:HOST:PORT``): a custom address on the login form is a KGS
    JSON endpoint (https on port 443, else http), not an IGS-family server."""
    kgs_binary: bool = False
    """``--server kgs-binary:HOST:PORT``: KGS logins speak the binary protocol over TCP."""
    kgs_transport: httpx.AsyncBaseTransport | None = None
    """How KGS requests are carried (default: the network); tests pass a mock."""
    igs: IgsConnection | None = field(default=None, init=False)
    """The open IGS login, if any."""
    _kgs: KgsConnection | None = field(default=None, init=False)
    embedded_server: EmbeddedServer = field(init=False)
    _autosave: Autosave = field(init=False)
    _profiles: ServerProfiles = field(init=False)

    def __post_init__(self) -> None:
        self.embedded_server = EmbeddedServer()
        self._autosave = Autosave(
            self.model, self.games_dir, enabled=self.autosave, rules=self._record_rules
        )
        self._profiles = ServerProfiles(self.profiles, keep=self.keep_profiles)

    def _record_rules(self) -> str | None:
        """The rules an autosaved record names: IGS's on IGS-family servers; none on KGS,
        which sets rules per game (the model does not hold them)."""
        from igs_tui.archive.record_header import IGS_RULES

        return None if self._kgs is not None else IGS_RULES

    @property
    def client(self) -> IgsClient | None:
        """The IGS client of the open login (None without one, or on KGS)."""
        return self.igs.client if self.igs is not None else None

    @property
    def saver(self) -> AutoSaver | None:
        """The autosaver, from the first login until :meth:`close`."""
        return self._autosave.saver

    def start_autosave(self) -> AutoSaver | None:
        """Start saving every followed game (once: the model outlives logins); the saver."""
        return self._autosave.start()

    def profile_store(self, *, local: bool) -> ProfileStore:
        """The profiles of the embedded server (``local``) or of real servers."""
        return self._profiles.store(local=local)

    async def __call__(self, request: LoginRequest) -> Backend:
        """Log in as ``request`` says (a guest logs in as ``guest`` with no password).

        Raises:
            ConnectionError: no server answered, or the login failed.
            ValueError: the request's encoding names no codec.
        """
        user = "guest" if request.guest else request.user or "guest"
        password = "" if request.guest else request.password
        record = self.record and request.record
        if request.server == "kgs" or (self.kgs and request.server == "custom"):
            await self.close_client()
            return await self.connect_kgs(
                request.host,
                request.port,
                request.user,
                password,
                guest=request.guest,
                record=record,
            )
        from igs_tui.backends.igs.net.servers import IGS_SERVERS, ServerAddress

        local = request.server == "local"
        if request.server == "igs":
            servers: tuple[ServerAddress, ...] = IGS_SERVERS
        elif local and self.embedded:
            servers = (
                ServerAddress("127.0.0.1", await self.embedded_server.start(self.server_config)),
            )
        else:
            servers = (ServerAddress(request.host, request.port),)
        await self.close_client()
        return await self.connect(
            servers, user, password, fast=local, encoding=request.encoding, record=record
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
        """Log in to the first of ``servers`` that answers; ``fast`` for the embedded server;
        ``encoding`` (a codec name or ``"none"``) replaces the configured legacy codec for
        this connection; ``record`` (default :attr:`record`) says whether a transcript of the
        session is written.

        Raises:
            ConnectionError: no server answered, or the login failed.
            ValueError: ``encoding`` names no codec.
        """
        from igs_tui.apps.connector.igs import IgsConnection
        from igs_tui.apps.connector.recording import no_transcript, transcript_factory

        config = self._client_config(servers, encoding)
        self.start_autosave()
        recording = self.record if record is None else record
        self.igs = IgsConnection.open(
            self.model,
            user,
            password,
            config=config,
            profiles=self.profile_store(local=fast),
            fast=fast,
            recorder=transcript_factory(self.model, user, password, self.record_dir)
            if recording
            else no_transcript,
            open_transport=self.open_transport,
        )
        try:
            return await self.igs.logged_in(LOGIN_WAIT_SECONDS)
        except ConnectionError:
            await self.close_client()
            raise
        except asyncio.CancelledError:
            # The user gave up waiting (escape on the connecting screen): stop the attempt
            # instead of leaving a client logging in behind the login form.
            await asyncio.shield(self.close_client())
            raise

    def _client_config(self, servers: tuple[ServerAddress, ...], encoding: str) -> ClientConfig:
        """The configured client settings for ``servers`` (every tunable kept: replace(), not
        a field-by-field copy), with the login's codec when it chose one."""
        from igs_tui.apps.client import check_encoding_option
        from igs_tui.backends.igs.net.client import ClientConfig

        config = dataclasses.replace(self.client_config or ClientConfig(), servers=servers)
        if encoding:
            config = dataclasses.replace(config, legacy_encoding=check_encoding_option(encoding))
        return config

    def reconnect_now(self) -> str:
        """Reconnect now: skip the pause before the next attempt, or start again a client
        that gave up (it logs in as before and restores what it observed); what to tell the
        user."""
        if self._kgs is not None:
            return self._kgs.reconnect_now()
        if self.igs is None:
            return "Not logged in."
        return self.igs.reconnect_now()

    async def end_session(self) -> None:
        """Log out: the server ends the session cleanly (bounded wait), then the link is
        closed (no reconnect follows). Afterwards no event of that session reaches the
        model any more."""
        kgs, self._kgs = self._kgs, None
        if kgs is not None:
            await kgs.logout(QUIT_WAIT_SECONDS)
        igs, self.igs = self.igs, None
        if igs is not None:
            await igs.logout(QUIT_WAIT_SECONDS)

    async def close_client(self) -> None:
        """Close the open login (no goodbye to the server)."""
        kgs, self._kgs = self._kgs, None
        if kgs is not None:
            await kgs.close()
        igs, self.igs = self.igs, None
        if igs is not None:
            await igs.close()

    async def close(self) -> None:
        """Quitting: the link gets :data:`QUIT_LINK_SECONDS` to close (a KGS logout included:
        KGS keeps a session without a link for a while), then the autosaves are finished and
        the embedded server stopped, whatever the link did."""
        try:
            async with asyncio.timeout(QUIT_LINK_SECONDS):
                kgs, self._kgs = self._kgs, None
                if kgs is not None:
                    await kgs.logout(QUIT_LINK_SECONDS / 2)
                await self.close_client()
        except TimeoutError:
            pass  # a server that does not let go; the process ends all the same
        self._autosave.close()
        await self.embedded_server.stop()
