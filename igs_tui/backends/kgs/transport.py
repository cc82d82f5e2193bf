"""KGS's JSON form over HTTP, with httpx: POST upstream, long-polling GET downstream.

The reference ("KGS JSON Protocol"): "POST requests submit upstream (client-to-server)
messages, and GET requests fetch downstream (server-to-client) messages. [...] You start the
process by posting a LOGIN message, then immediately after the POST completes you need to post
a GET request [...] you should always have a GET request active [...] GET requests will time
out after 1 minute and return an empty object. [...] Once you get a LOGOUT messages in your
GET, then you are disconnected [...] A non-200 status code also indicates that you are logged
out." The session is the cookie the server sets; one :class:`httpx.AsyncClient` per login
keeps it.

:class:`KgsLink` drives a :class:`~.session.KgsSession`: every downstream message goes to
the session and the changes it returns to ``apply`` (the model's), with a console line first;
everything the session queues is posted in order. A lost link (a network error, a non-200
answer, an unexpected LOGOUT) is followed by a new login after a pause, which joins again the
rooms and games we were in; RECONNECT ("somebody logged in with your account on another
system") and a failed login are not retried. Tests pass an ``httpx.MockTransport``.

A :class:`MessageRecorder` (the session transcript, when the user asked for one) is handed
every message posted and every one received, before it is handled, so a crash still finds it
written, and a line for each change of the link's state.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import httpx

from igs_tui.backends.kgs import json_messages as msg
from igs_tui.backends.kgs.link_life import LinkLife, LoginFailed, MessageRecorder, why
from igs_tui.backends.kgs.session import KgsSession
from igs_tui.model import changes as ch
from igs_tui.model.connection import LinkState

KGS_URL = "https://www.gokgs.com/json/access"
"""The public endpoint of KGS's JSON form."""

MAX_BODY_BYTES = 16 * 1024 * 1024
"""16 MiB: a login's answer (every room, game and user it shows) is well under 1 MiB; a
server that sends more than this in one answer is broken or hostile, and reading it whole
(then parsing it) would cost many times that in memory."""


class BodyTooLarge(Exception):
    """An answer longer than :attr:`LinkConfig.max_body_bytes`."""


@dataclass(frozen=True, slots=True)
class LinkConfig:
    url: str = KGS_URL
    poll_seconds: float = 90.0
    """How long a GET may wait: the server answers within a minute, empty if need be."""
    post_seconds: float = 30.0
    retry_delays: tuple[float, ...] = (2.0, 5.0, 15.0, 30.0, 60.0)
    """Pauses before each new login after a lost link (the last repeats)."""
    max_attempts: int = 20
    """New logins tried in a row before giving up."""
    max_body_bytes: int = MAX_BODY_BYTES
    """The largest answer read: a larger one is a broken link (reported), never memory."""


class KgsLink(LinkLife[LinkConfig]):
    """One KGS login kept alive over HTTP (see the module's docstring)."""

    def __init__(
        self,
        session: KgsSession,
        apply: Callable[[ch.Change], None],
        *,
        config: LinkConfig | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        sleep: Callable[[float], Awaitable[None]] | None = None,
        recorder: MessageRecorder | None = None,
    ) -> None:
        super().__init__(
            session, apply, config=config or LinkConfig(), sleep=sleep, recorder=recorder
        )
        self._transport = transport
        self._client: httpx.AsyncClient | None = None

    async def logout(self) -> None:
        """Say LOGOUT and stop (no reconnect follows)."""
        self._closing = True
        if self._client is not None and self.session.logged_in:
            with contextlib.suppress(httpx.HTTPError):
                await self._post({"type": "LOGOUT"})
        await self.close()

    async def _one_login(self) -> str | None:
        """One login's life; the reason it ended when a new login should follow, else None."""
        self._client = httpx.AsyncClient(
            transport=self._transport,
            timeout=httpx.Timeout(self.config.post_seconds, read=self.config.poll_seconds),
            follow_redirects=False,
        )
        self._status(LinkState.LOGGING_IN if self.attempt == 0 else LinkState.RECONNECTING, "")
        poster = asyncio.create_task(self._post_loop())
        try:
            return await self._poll_loop()
        finally:
            poster.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await poster
            await self._close_connection()

    async def _poll_loop(self) -> str | None:
        session = self.session
        # LOGIN goes first and alone: "Once a GET response returns a LOGIN_SUCCESS message,
        # it is safe to start posting more upstream requests."
        try:
            for message in session.data_to_send():
                await self._post(message)
        except (httpx.HTTPError, LoginFailed) as exc:
            return self._lost(f"cannot reach {self.config.url}: {why(exc)}")
        while not self._closing:
            client = self._client
            if client is None:
                return None
            try:
                status, body = await self._request(client, "GET")
            except httpx.HTTPError as exc:
                return self._lost(f"link lost: {why(exc)}")
            except BodyTooLarge as exc:
                return self._lost(f"unreadable answer: {exc}")
            if status != 200:
                return self._lost(f"logged out (HTTP {status})")
            try:
                messages = msg.split_body(body)
            except ValueError as exc:
                return self._lost(f"unreadable answer: {exc}")
            for raw in messages:
                self._receive(raw)
            if (ended := self._after_read()) is not None:
                return ended.reason
        return None

    def _receive(self, raw: object) -> None:
        if self.recorder is not None:
            self.recorder.received(raw)
        kind = raw.get("type") if isinstance(raw, dict) else None
        self._apply(ch.ConsoleAdded(msg.summarize(raw), str(kind or "?")[:40]))
        for change in self.session.receive(msg.parse_message(raw)):
            self._apply(change)

    async def _post_loop(self) -> None:
        while not self._closing:
            await self._wake.wait()
            self._wake.clear()
            if not self.session.logged_in:
                continue
            for message in self.session.data_to_send():
                try:
                    await self._post(message)
                except httpx.HTTPError as exc:
                    self._apply(
                        ch.ConsoleAdded(f"not sent ({why(exc)}): {message.get('type')}", "error")
                    )
                except LoginFailed as exc:
                    self._apply(ch.ConsoleAdded(str(exc), "error"))

    async def _post(self, message: dict[str, object]) -> None:
        client = self._client
        if client is None:
            raise LoginFailed("not connected")
        if self.recorder is not None:
            self.recorder.sent(message)  # (it blanks the password itself)
        shown = msg.summarize(self.session.redact(message))
        self._apply(ch.ConsoleAdded(shown, "sent", outgoing=True))
        try:
            status, body = await self._request(client, "POST", message)
        except BodyTooLarge as exc:
            raise LoginFailed(f"{message.get('type')}: {exc}") from None
        if status != 200:
            raise LoginFailed(
                f"{message.get('type')} refused (HTTP {status}): "
                + body[:200].decode("utf-8", "replace")
            )

    async def _request(
        self, client: httpx.AsyncClient, method: str, message: object = None
    ) -> tuple[int, bytes]:
        """One request's status and body, read as it streams in and never past
        :attr:`LinkConfig.max_body_bytes` (a declared or an actual length beyond it stops the
        reading).

        Raises:
            httpx.HTTPError: the request failed.
            BodyTooLarge: the answer is longer than the cap.
        """
        cap = self.config.max_body_bytes
        async with client.stream(method, self.config.url, json=message) as response:
            declared = response.headers.get("content-length", "")
            if declared.isdigit() and len(declared) < 20 and int(declared) > cap:
                raise BodyTooLarge(f"the server sent {int(declared)} bytes (at most {cap} read)")
            chunks: list[bytes] = []
            size = 0
            async for chunk in response.aiter_bytes():
                size += len(chunk)
                if size > cap:
                    raise BodyTooLarge(f"the server sent more than {cap} bytes")
                chunks.append(chunk)
            return response.status_code, b"".join(chunks)

    async def _close_connection(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            with contextlib.suppress(Exception):
                await client.aclose()
