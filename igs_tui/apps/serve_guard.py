"""Who may drive ``igs-tui serve``: the token, the Origin, the number of sessions.

textual-serve serves the app to anyone who reaches its port, and a web page open in the
user's browser reaches 127.0.0.1 too: any local user, or any site, could run the client as
this user, with their remembered login. So, as Jupyter does:

- each start draws a random token (:func:`new_token`), printed in the address to open
  (``http://127.0.0.1:8000/?token=...``). The page opened with it sets a cookie that the
  browser sends with the page's websocket (``SameSite=Strict``, ``HttpOnly``); every request
  but the static files needs the token, by query or cookie, compared in constant time
  (``hmac.compare_digest``). The token cannot be turned off, so listening beyond loopback is
  always behind it;
- a websocket whose ``Origin`` is not the served address is refused (a page elsewhere may
  know the address but never gets the cookie, and its Origin gives it away), and on
  loopback the ``Host`` must be a loopback name (a DNS-rebound name is refused);
- at most ``max_sessions`` app sessions run at once (default 1): each is a process logged
  in as the user.

It is an aiohttp middleware; :mod:`igs_tui.apps.serve` installs it in textual-serve's app.
"""

from __future__ import annotations

import hmac
import secrets
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WILDCARDS = frozenset({"0.0.0.0", "::", ""})
COOKIE = "igs_tui_token"

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def new_token() -> str:
    """A fresh secret per start: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


@dataclass
class ServeGuard:
    """Checks each request (see the module's docstring)."""

    token: str
    host: str
    port: int
    max_sessions: int = 1
    active: int = 0
    refused: deque[str] = field(default_factory=lambda: deque(maxlen=100))
    """Why the latest refused requests were refused (a stranger may send any number)."""

    def __post_init__(self) -> None:
        if self.max_sessions < 1:
            raise ValueError("max_sessions must be at least 1")

    @property
    def cookie_name(self) -> str:
        """One cookie per port: cookies are shared by every port of a host."""
        return f"{COOKIE}_{self.port}"

    def url(self, shown_host: str | None = None) -> str:
        """The address to open, with the token."""
        host = shown_host or self.host
        if host in WILDCARDS:
            host = "127.0.0.1"
        return f"http://{_bracketed(host)}:{self.port}/?token={self.token}"

    def token_ok(self, given: str | None) -> bool:
        if not given:
            return False
        return hmac.compare_digest(given.encode("utf-8", "replace"), self.token.encode())

    def host_ok(self, host_header: str) -> bool:
        """The ``Host`` a browser asked for: on a loopback or named address, only that
        address (a rebound DNS name pointing here is refused); on a wildcard, any."""
        if self.host in WILDCARDS:
            return True
        names = {_bracketed(self.host)}
        if self.host in ("127.0.0.1", "localhost", "::1"):
            names.update(LOOPBACK_NAMES)
        return host_header.lower() in {f"{name}:{self.port}" for name in names}

    @staticmethod
    def origin_ok(origin: str | None, host_header: str) -> bool:
        """A browser always sends ``Origin`` with a websocket: it must be this server's own
        address. A client that sends none is no web page (it still needs the token)."""
        if origin is None:
            return True
        return origin.lower() in (f"http://{host_header.lower()}", f"https://{host_header.lower()}")

    def refuse(self, status: int, why: str) -> web.Response:
        self.refused.append(why)
        return web.Response(status=status, text=f"igs-tui serve: {why}\n")

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path.startswith("/static/"):
            return await handler(request)  # the page's scripts, styles and fonts
        host = request.headers.get("Host", "")
        if not self.host_ok(host):
            return self.refuse(403, f"refused: not served as {host!r}")
        query_token = request.query.get("token")
        if not (self.token_ok(query_token) or self.token_ok(request.cookies.get(self.cookie_name))):
            return self.refuse(
                403, "refused: open the address igs-tui serve printed (it holds a token)"
            )
        if request.path == "/ws":
            if not self.origin_ok(request.headers.get("Origin"), host):
                return self.refuse(403, "refused: a websocket from another site")
            if self.active >= self.max_sessions:
                return self.refuse(
                    503, f"refused: {self.max_sessions} session(s) already open (--max-sessions)"
                )
            self.active += 1
            try:
                return await handler(request)
            finally:
                self.active -= 1
        response = await handler(request)
        if self.token_ok(query_token):
            response.set_cookie(
                self.cookie_name, self.token, httponly=True, samesite="Strict", path="/"
            )
        return response
