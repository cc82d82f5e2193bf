"""``igs-tui --local-kgs``: the fake KGS server on a free port of 127.0.0.1, and the client
connected to it (as ``--server kgs:127.0.0.1:PORT``; with ``--kgs-protocol binary``, over the
binary protocol on another free port, as ``--server kgs-binary:127.0.0.1:PORT``).

The server runs on its own thread and event loop (:class:`EmbeddedKgs`), so the Textual app on
the main thread talks to it over HTTP exactly as it would to KGS; it stops when the app
quits. ``python -m igs_tui.localkgs`` runs the server alone.
"""

from __future__ import annotations

import asyncio
import sys
import threading

from igs_tui.localkgs.server import LocalKgsServer
from igs_tui.localkgs.world import KgsServerConfig

STARTUP_SECONDS = 10.0


class EmbeddedKgs:
    """A :class:`LocalKgsServer` on a background thread; :meth:`start` returns its port."""

    def __init__(
        self,
        *,
        config: KgsServerConfig | None = None,
        time_scale: float = 1.0,
        binary: bool = False,
    ) -> None:
        self._config = config
        self._time_scale = time_scale
        self._binary = binary
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="fake-kgs", daemon=True)
        self.server: LocalKgsServer | None = None

    def start(self) -> int:
        self._thread.start()
        if not self._ready.wait(STARTUP_SECONDS):
            raise RuntimeError("the fake KGS server did not start")
        if self._error is not None or self.server is None:
            raise RuntimeError(f"the fake KGS server did not start: {self._error}")
        return self.server.port

    @property
    def server_spec(self) -> str:
        """The ``--server`` value that points the client at this server."""
        assert self.server is not None
        if self._binary and self.server.binary_port is not None:
            return f"kgs-binary:{self.server.host}:{self.server.binary_port}"
        return f"kgs:{self.server.host}:{self.server.port}"

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread.is_alive():
            self._thread.join(STARTUP_SECONDS)

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        server = LocalKgsServer(
            config=self._config,
            time_scale=self._time_scale,
            binary_port=0 if self._binary else None,
        )
        try:
            await server.start()
        except OSError as exc:
            self._error = exc
            self._ready.set()
            return
        self.server = server
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await server.stop()


def local_kgs_hint() -> str:
    """The fake KGS server's accounts, as the login form lists them (not the IGS name)."""
    from igs_tui.localkgs.accounts import DEFAULT_ACCOUNTS

    pairs = ", ".join(
        f"{account.name}/{account.password}"
        for account in DEFAULT_ACCOUNTS
        if account.keep_out is None
    )
    return f"Fake KGS accounts: {pairs}, or a guest."


def run_local_kgs(
    *,
    engine: str | None = None,
    encoding: str | None = None,
    record: bool = True,
    protocol: str = "json",
) -> int:
    """Start the fake KGS server, run the client against it (over ``protocol``: ``json`` or
    ``binary``), stop the server at the end."""
    from igs_tui.apps.client import run_app

    embedded = EmbeddedKgs(binary=protocol == "binary")
    try:
        embedded.start()
    except RuntimeError as exc:
        print(f"igs-tui: error: {exc}", file=sys.stderr)
        return 1
    try:
        return run_app(
            server=embedded.server_spec,
            engine=engine,
            encoding=encoding,
            record=record,
            login_hint=local_kgs_hint(),
        )
    finally:
        embedded.stop()
