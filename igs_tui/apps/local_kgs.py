"""``igs-tui --local-kgs``: start the fake KGS server on a free port of 127.0.0.1.

The server runs on its own thread and event loop (:class:`EmbeddedKgs`), so a client on the
main thread (the Textual app, once ``--server kgs:HOST:PORT`` exists) can talk to it over
HTTP exactly as it would to KGS. Until the KGS client is wired into the app, ``--local-kgs``
starts the server, prints its URL and the ``--server`` value to use, and serves until Ctrl-C.
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

    def __init__(self, *, config: KgsServerConfig | None = None, time_scale: float = 1.0) -> None:
        self._config = config
        self._time_scale = time_scale
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
        server = LocalKgsServer(config=self._config, time_scale=self._time_scale)
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


def run_local_kgs() -> int:
    """Start the fake KGS server, say where it is, and serve until interrupted."""
    embedded = EmbeddedKgs()
    try:
        embedded.start()
        assert embedded.server is not None
        print(f"igs-tui fake KGS server listening on {embedded.server.url}", flush=True)
        print(
            f"The KGS client is not part of this build yet: point a KGS JSON client at that "
            f"URL (igs-tui --server {embedded.server_spec} once it is). Ctrl-C stops the server.",
            flush=True,
        )
        threading.Event().wait()
    except RuntimeError as exc:
        print(f"igs-tui: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    finally:
        embedded.stop()
    return 0
