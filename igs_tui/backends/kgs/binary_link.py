"""KGS's binary protocol (kgs-protocol.txt) over TCP: the second link beside :class:`KgsLink`.

:class:`BinaryLink` drives the same :class:`~igs_tui.backends.kgs.session.KgsSession` as the
JSON link: the session's upstream messages go through a
:class:`~igs_tui.backends.kgs.binary_bridge.BinaryBridge` to binary client messages, framed and
scrambled by :class:`~igs_tui.backends.kgs.protocol.connection.ClientConnection`; the server's
zlib stream comes back as binary messages, which the bridge turns into the JSON messages the
session reads. Its interface is KgsLink's (``run``, ``login``, ``logout``, ``close``,
``flush``, ``retry_now``, ``reopen``), so the app connects both the same way.

A lost connection after login is followed by a new one after a pause (the session joins
again what it was in); a refused login, a closed stream before login, or the server saying
another client logged in with the account (login 0018) ends it for good. Every binary
message is shown in the console as it arrives, then what it means. The messages of a read are
handled as each 64 KiB of the stream inflates, and one read may inflate to
:data:`~igs_tui.backends.kgs.protocol.connection.MAX_INFLATED` (16 MiB, the JSON link's cap on
a body) at most: more is a broken link, reported as the reason it was lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Final

from igs_tui.backends.kgs import json_messages as msg
from igs_tui.backends.kgs.binary_bridge import BinaryBridge, JsonObject, Note
from igs_tui.backends.kgs.link_life import LinkLife, MessageRecorder, why
from igs_tui.backends.kgs.protocol.connection import MAX_INFLATED, ClientConnection
from igs_tui.backends.kgs.protocol.errors import KgsError
from igs_tui.backends.kgs.protocol.values import Message, Received
from igs_tui.backends.kgs.session import KgsSession
from igs_tui.model import changes as ch
from igs_tui.model.chat import BufferKey, ChatKind
from igs_tui.model.connection import LinkState

READ_CHUNK: Final = 65536
MAX_SHOWN: Final = 300


@dataclass(frozen=True, slots=True)
class BinaryLinkConfig:
    host: str
    port: int
    connect_seconds: float = 15.0
    retry_delays: tuple[float, ...] = (2.0, 5.0, 15.0, 30.0, 60.0)
    max_attempts: int = 20
    max_inflated_bytes: int = MAX_INFLATED
    """The most one read may inflate to: more is a broken link (reported), never memory."""

    @property
    def url(self) -> str:
        """How the server is named in the status line and the transcript."""
        return f"kgs-binary:{self.host}:{self.port}"


class BinaryLink(LinkLife[BinaryLinkConfig]):
    """One binary KGS login kept alive (see the module's docstring)."""

    def __init__(
        self,
        session: KgsSession,
        apply: Callable[[ch.Change], None],
        *,
        config: BinaryLinkConfig,
        sleep: Callable[[float], Awaitable[None]] | None = None,
        recorder: MessageRecorder | None = None,
    ) -> None:
        super().__init__(session, apply, config=config, sleep=sleep, recorder=recorder)
        self._writer: asyncio.StreamWriter | None = None
        self._wire: ClientConnection | None = None
        self.bridge = BinaryBridge(session.name)

    async def logout(self) -> None:
        """Say quit(ffff) and stop (no reconnect follows)."""
        self._closing = True
        if self.session.logged_in:
            self.session.send({"type": "LOGOUT"})
            with contextlib.suppress(Exception):
                await self._send_queued(force=True)
        await self.close()

    async def _one_login(self) -> str | None:
        """One connection's life; why it ended when a new one should follow, else None."""
        self._status(LinkState.LOGGING_IN if self.attempt == 0 else LinkState.RECONNECTING, "")
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.config.host, self.config.port),
                self.config.connect_seconds,
            )
        except (OSError, TimeoutError) as exc:
            return self._lost(f"cannot reach {self.config.url}: {why(exc)}")
        self._writer = writer
        self._wire = ClientConnection(max_inflated=self.config.max_inflated_bytes)
        self.bridge = BinaryBridge(self.session.name)
        writer.write(self._wire.initiate())
        sender = asyncio.create_task(self._send_loop())
        try:
            await self._send_queued(force=True)  # LOGIN goes first and alone
            return await self._read_loop(reader)
        except (OSError, KgsError) as exc:
            return self._lost(f"link lost: {why(exc)}")
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender
            await self._close_connection()

    async def _read_loop(self, reader: asyncio.StreamReader) -> str | None:
        session = self.session
        wire = self._wire
        assert wire is not None
        while not self._closing:
            data = await reader.read(READ_CHUNK)
            if not data:
                with contextlib.suppress(KgsError):
                    wire.receive_eof()
                if session.failure:
                    self._give_up(session.failure)
                    return None
                return self._lost(session.logged_out or "the server closed the connection")
            for received in wire.receive_stream(data):
                self._receive(received)
            if (ended := self._after_read()) is not None:
                return ended.reason
        return None

    def _receive(self, received: Received) -> None:
        shown = repr(received)
        kind = received.name if isinstance(received, Message) else type(received).__name__
        self._apply(ch.ConsoleAdded(shown[:MAX_SHOWN], kind[:40]))
        if self.recorder is not None:
            self.recorder.note(f"binary {shown[:MAX_SHOWN]}")
        self._deliver(self.bridge.downstream(received))

    def _deliver(self, items: list[JsonObject | Note]) -> None:
        for item in items:
            if isinstance(item, Note):
                self._note(item)
                continue
            if self.recorder is not None:
                self.recorder.received(item)
            for change in self.session.receive(msg.parse_message(item)):
                self._apply(change)

    def _note(self, note: Note) -> None:
        self._apply(ch.ConsoleAdded(note.text, "binary"))
        if note.shown:
            key = BufferKey(ChatKind.SYSTEM)
            if note.game is not None:
                key = BufferKey(ChatKind.GAME, str(note.game))
            self._apply(ch.ChatAdded(key, "", note.text, "notice", False, time.time()))

    async def _send_loop(self) -> None:
        while not self._closing:
            await self._wake.wait()
            self._wake.clear()
            if self.session.logged_in and self.bridge.ready:
                await self._send_queued()

    async def _send_queued(self, *, force: bool = False) -> None:
        writer, wire = self._writer, self._wire
        if writer is None or wire is None:
            return
        for message in self.session.data_to_send():
            if self.recorder is not None:
                self.recorder.sent(message)
            shown = msg.summarize(self.session.redact(message))
            self._apply(ch.ConsoleAdded(shown, "sent", outgoing=True))
            binaries, answers = self.bridge.upstream(message)
            for binary in binaries:
                try:
                    writer.write(wire.send(binary))
                except KgsError as exc:
                    self._note(Note(f"{binary.name} not sent: {exc}"))
                    continue
                self._apply(ch.ConsoleAdded(repr(binary)[:MAX_SHOWN], "sent", outgoing=True))
            self._deliver(answers)
        if force or self.session.logged_in:
            await writer.drain()

    async def _close_connection(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
