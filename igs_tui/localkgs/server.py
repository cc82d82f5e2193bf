"""The HTTP front end of the fake KGS server (aiohttp), at KGS's path ``/json/access``.

``POST /json/access`` carries one upstream message; ``GET /json/access`` long-polls for the
downstream ones and answers ``{"messages": [...]}`` as soon as any are queued. The rest is
:class:`~igs_tui.localkgs.world.KgsWorld`'s business; this module only moves bytes, keeps the
session cookie, wakes waiting GETs and lets game time pass.

HTTP choices where the reference is silent or loose:

* the session cookie is ``JSESSIONID`` (KGS's JSON service is a Java servlet), set by the
  response to the POST of LOGIN; a new LOGIN gets a new session;
* a POST answers 200 with an empty body when the message was taken, 400 with a one-line
  ``text/plain`` reason when it was not (see :mod:`.world`), 403 without a session, 413 over
  64 KiB; the downstream answers always come through the GET;
* a GET with no session (never logged in, or after the LOGOUT was fetched) answers 403: "a
  non-200 status code also indicates that you are logged out";
* a GET that finds nothing for ``poll_timeout`` seconds (one minute, as on KGS) answers the
  empty object ``{}`` ("GET requests will time out after 1 minute and return an empty
  object").
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from aiohttp import web

from igs_tui.localkgs.binary_front import BinaryFront
from igs_tui.localkgs.world import MAX_BODY, KgsServerConfig, KgsWorld
from igs_tui.localserver.clock import Clock, ScaledClock

PATH = "/json/access"
COOKIE = "JSESSIONID"
TICK_ACTIONS = 100
"""Timed actions per tick at most; more wait for the next tick, after pending requests."""
MAX_TICK_SLEEP = 0.25
SHUTDOWN_SECONDS = 1.0
"""How long stopping waits for requests in progress (aiohttp's default is a minute)."""
"""Real seconds between two looks at idle sessions when nothing is scheduled."""


class LocalKgsServer:
    """The fake KGS server on ``host:port`` (0: any free port); ``await start()`` returns it."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        config: KgsServerConfig | None = None,
        time_scale: float = 1.0,
        poll_timeout: float = 60.0,
        binary_port: int | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.binary_port = binary_port
        """The port of the binary protocol's listener (None: JSON only; 0: any free port)."""
        self._binary: BinaryFront | None = None
        self.clock: Clock = ScaledClock(time_scale)
        self.time_scale = time_scale
        self.poll_timeout = poll_timeout
        self.world = KgsWorld(config, epoch=time.time())
        self._wakers: dict[str, asyncio.Event] = {}
        self._kick = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._ticking = False

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}{PATH}"

    def make_app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BODY)
        app.router.add_post(PATH, self._post)
        app.router.add_get(PATH, self._get)
        return app

    async def start(self) -> int:
        self._runner = web.AppRunner(
            self.make_app(), access_log=None, shutdown_timeout=SHUTDOWN_SECONDS
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        addresses = self._runner.addresses
        if addresses:
            self.port = int(addresses[0][1])
        if self.binary_port is not None:
            self._binary = BinaryFront(self, self.host, self.binary_port)
            self.binary_port = await self._binary.start()
        self._ticking = True
        self._ticker = asyncio.create_task(self._tick_forever())
        return self.port

    async def stop(self) -> None:
        if self._binary is not None:
            await self._binary.stop()
            self._binary = None
        if self._ticker is not None:
            # Ask, not cancel: on Python 3.11 cancelling a task parked in wait_for while the
            # event it waits on is being set can hang the task for good.
            self._ticking = False
            self._kick.set()
            await self._ticker
            self._ticker = None
        for waker in self._wakers.values():
            waker.set()  # parked GETs answer now instead of holding the shutdown
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def serve_forever(self) -> None:
        await asyncio.Event().wait()

    # -- HTTP -----------------------------------------------------------------------------

    async def _post(self, request: web.Request) -> web.Response:
        body = await request.read()
        result = self.world.post(request.cookies.get(COOKIE), body, self.clock.now())
        self._wake()
        response = web.Response(status=result.status, text=result.text)
        if result.sid is not None:
            response.set_cookie(COOKIE, result.sid, path="/", httponly=True, samesite="Strict")
        return response

    async def _get(self, request: web.Request) -> web.Response:
        sid = request.cookies.get(COOKIE)
        world = self.world
        world.poll_started(sid, self.clock.now())
        try:
            messages = world.take(sid)
            if messages is None:
                return web.Response(status=403, text="not logged in")
            if not messages and sid is not None:
                waker = self._wakers.setdefault(sid, asyncio.Event())
                waker.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(waker.wait(), self.poll_timeout)
                messages = world.take(sid)
                if messages is None:
                    return web.Response(status=403, text="not logged in")
        finally:
            world.poll_ended(sid, self.clock.now())
            if sid is not None and sid not in world.sessions:
                self._wakers.pop(sid, None)
        if not messages:
            return web.json_response({})
        return web.json_response({"messages": messages})

    # -- time -----------------------------------------------------------------------------

    def watch(self, sid: str, waker: asyncio.Event) -> None:
        """Set ``waker`` whenever the session ``sid`` gets messages (the binary front end)."""
        self._wakers[sid] = waker

    def unwatch(self, sid: str) -> None:
        self._wakers.pop(sid, None)

    def wake(self) -> None:
        """Wake what waits for the sessions that got messages, and the ticker."""
        self._wake()

    def _wake(self) -> None:
        for sid in self.world.drain_dirty():
            waker = self._wakers.get(sid)
            if waker is not None:
                waker.set()
        self._kick.set()

    async def _tick_forever(self) -> None:
        while self._ticking:
            now = self.clock.now()
            self.world.tick(now, limit=TICK_ACTIONS)
            self._wake()
            self._kick.clear()
            due = self.world.next_due()
            sleep = MAX_TICK_SLEEP
            if due is not None:
                sleep = min(sleep, max(0.001, (due - now) / self.time_scale))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._kick.wait(), sleep)


async def start_embedded(
    *,
    config: KgsServerConfig | None = None,
    time_scale: float = 1.0,
    binary_port: int | None = None,
) -> LocalKgsServer:
    """A fake KGS server on a free port of 127.0.0.1, started (with ``binary_port`` 0, also
    the binary protocol on another free port)."""
    server = LocalKgsServer(config=config, time_scale=time_scale, binary_port=binary_port)
    await server.start()
    return server
