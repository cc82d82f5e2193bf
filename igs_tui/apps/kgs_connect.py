"""``igs-tui --server kgs`` and ``--server kgs:HOST:PORT``: the KGS backend wired to the model.

Kept apart from :mod:`igs_tui.apps.client` and imported only when a KGS login is asked for,
so that the IGS path starts without httpx or the KGS modules. One :class:`KgsConnection` is
one login: the session, the link that polls and posts for it (on the app's event loop, as the
IGS client runs), and the backend the app is handed.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from igs_tui.numbers import bounded_int

if TYPE_CHECKING:
    import httpx

    from igs_tui.backends.kgs.backend import KgsBackend
    from igs_tui.backends.kgs.binary_link import BinaryLink
    from igs_tui.backends.kgs.transcript import JsonTranscript
    from igs_tui.backends.kgs.transport import KgsLink
    from igs_tui.model import ClientModel

KGS_HOST = "www.gokgs.com"
KGS_PORT = 443
"""The public endpoint is https on the standard port; any other address is plain http (the
embedded fake server, ``python -m igs_tui.localkgs``)."""


BINARY_SCHEME = "kgs-binary"
"""``--server kgs-binary:HOST:PORT``: KGS's binary protocol (kgs-protocol.txt) over TCP."""


def is_binary_option(text: str | None) -> bool:
    """Does ``--server`` name a binary KGS address (``kgs-binary:HOST:PORT``)?"""
    return text is not None and text.strip().lower().partition(":")[0] == BINARY_SCHEME


def parse_kgs_option(text: str) -> tuple[str, int] | None:
    """``(host, port)`` for ``--server kgs`` (the public KGS), ``kgs:HOST:PORT`` or
    ``kgs-binary:HOST:PORT``; None when ``text`` is not a KGS address.

    Raises:
        ValueError: ``kgs:...`` with no host or a bad port; ``kgs-binary`` without an address.
    """
    spec = text.strip()
    head, sep, rest = spec.partition(":")
    if head.lower() not in ("kgs", BINARY_SCHEME):
        return None
    if not sep and head.lower() == BINARY_SCHEME:
        raise ValueError(
            f"--server {text!r}: kgs-binary needs an address, kgs-binary:HOST:PORT "
            "(KGS itself serves only its JSON form: use --server kgs)"
        )
    if not sep:
        return KGS_HOST, KGS_PORT
    host, colon, port_text = rest.rpartition(":")
    host = host.strip().removeprefix("[").removesuffix("]")
    port = bounded_int(port_text.strip())
    if not colon or not host:
        raise ValueError(
            f"--server {text!r}: expected kgs, kgs:HOST:PORT or kgs-binary:HOST:PORT "
            "(for example kgs:127.0.0.1:8080)"
        )
    if port is None or not 0 < port < 65536:
        raise ValueError(f"--server {text!r}: the port must be a number from 1 to 65535")
    return host, port


def kgs_url(host: str, port: int) -> str:
    """The JSON servlet's URL, at the same path as on KGS (``/json/access``)."""
    if port == KGS_PORT:
        return f"https://{host}/json/access"
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/json/access"


def guest_name(wanted: str) -> str:
    """A guest logs in with a name and no password; without a name, ``guestNNNN``."""
    name = wanted.strip()
    return name if name and name.lower() != "guest" else f"guest{secrets.randbelow(10000):04d}"


@dataclass
class KgsConnection:
    """One KGS login: its link, the task running it, and the backend for the app."""

    link: KgsLink | BinaryLink
    backend: KgsBackend
    task: asyncio.Task[None] | None = None
    transcript: JsonTranscript | None = None
    """The session's transcript file, when "Record session" was on (closed with the login)."""
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def start(self) -> None:
        self.task = asyncio.create_task(self.link.run())

    def logout_soon(self) -> None:
        """The app quits: say LOGOUT without waiting for it."""
        task = asyncio.get_running_loop().create_task(self.link.logout())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def logout(self, wait: float = 1.5) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.link.logout(), wait)
        await self.close()

    async def close(self) -> None:
        await self.link.close()
        task, self.task = self.task, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        transcript, self.transcript = self.transcript, None
        if transcript is not None:
            transcript.close()

    def reconnect_now(self) -> str:
        if self.link.retry_now():
            return "Reconnecting now…"
        if self.task is not None and self.task.done():
            self.link.reopen()
            self.start()
            return "Reconnecting…"
        return "Already connected." if self.link.session.logged_in else "Already connecting…"


async def open_kgs(
    model: ClientModel,
    host: str,
    port: int,
    name: str,
    password: str,
    *,
    transport: httpx.AsyncBaseTransport | None = None,
    wait: float = 45.0,
    record: bool = False,
    record_dir: Path | None = None,
    binary: bool = False,
) -> KgsConnection:
    """Log in to KGS at ``host:port`` and return the connection once in; with ``record``, a
    transcript of the session's messages goes to ``record_dir`` (default: the ``sessions``
    directory of the IGS transcripts), password redacted. ``binary``: the binary protocol of
    kgs-protocol.txt over TCP instead of the JSON form over HTTP (same session, same panes).

    Raises:
        ConnectionError: the login failed (the documented reason) or no answer came.
    """
    from igs_tui.backends.kgs.backend import KgsBackend
    from igs_tui.backends.kgs.link_life import LoginFailed
    from igs_tui.backends.kgs.session import KgsSession
    from igs_tui.backends.kgs.transport import KgsLink, LinkConfig
    from igs_tui.model import LinkState

    session = KgsSession(name, password)
    transcript = (
        open_transcript(host, port, name, password, record_dir, model=model) if record else None
    )
    link: KgsLink | BinaryLink
    if binary:
        from igs_tui.backends.kgs.binary_link import BinaryLink, BinaryLinkConfig

        config = BinaryLinkConfig(host, port)
        url = config.url
        link = BinaryLink(session, model.apply, config=config, recorder=transcript)
    else:
        url = kgs_url(host, port)
        link = KgsLink(
            session,
            model.apply,
            config=LinkConfig(url=url),
            transport=transport,
            recorder=transcript,
        )
    connection: KgsConnection | None = None

    def logout() -> None:
        if connection is not None:
            connection.logout_soon()

    backend = KgsBackend(model, session, link.flush, logout=logout)
    connection = KgsConnection(link, backend, transcript=transcript)
    model.set_connection(state=LinkState.CONNECTING, server=url, detail="")
    connection.start()
    try:
        await asyncio.wait_for(link.login(), wait)
    except LoginFailed as exc:
        await connection.close()
        raise ConnectionError(str(exc)) from None
    except TimeoutError:
        await connection.close()
        raise ConnectionError(f"no answer from {url}") from None
    except asyncio.CancelledError:
        await asyncio.shield(connection.close())
        raise
    return connection


def open_transcript(
    host: str,
    port: int,
    name: str,
    password: str,
    directory: Path | None = None,
    *,
    model: ClientModel | None = None,
) -> JsonTranscript | None:
    """A new transcript file ``<UTC stamp>-kgs-<host>_<port>.log``, made as the IGS ones are
    (0600, in a 0700 directory, never over another file); None when it cannot be created (a
    transcript is a convenience: the login goes on without it)."""
    from igs_tui.apps.connector.recording import transcripts_notice
    from igs_tui.backends.igs.net.recorder import SessionRecorder, TranscriptFormat
    from igs_tui.backends.igs.protocol import transcript as lines
    from igs_tui.backends.kgs.transcript import HEADER, JsonTranscript
    from igs_tui.disk_caps import DiskCaps

    form = TranscriptFormat(
        header=lambda: HEADER,
        received=lines.format_received,
        sent=lines.format_sent,
        comment=lines.format_comment,
    )
    try:
        recorder = SessionRecorder.create(
            f"kgs-{host}:{port}",
            password=password or None,
            directory=directory,
            fmt=form,
            username=name,
            caps=None if model is None else DiskCaps.from_limits(model.limits),
            notice=None if model is None else transcripts_notice(model),
        )
    except OSError:
        return None
    return JsonTranscript(recorder, password=password, username=name)
