"""Both ends of a KGS connection, sans-IO: bytes in, messages out; messages in, bytes out.

The stream, as the spec describes it:

1. The client sends one handshake byte, the protocol version it expects to receive (4: the
   server's messages are zlib-compressed; 3: they are not).
2. The server answers with one byte, its protocol number, "always 3".
3. The client then sends plain messages, their length bytes xored by ``LengthXor``; the server
   sends one zlib stream (RFC 1950) of messages whose type fields carry ``TypeOffset``.

``ClientConnection`` is what the KGS backend's binary link uses; ``ServerConnection`` is its
mirror, used by the local KGS server's binary front end and the tests. A broken stream raises
``KgsStreamError`` and the connection stays broken (every later call raises the same error); a
message whose frame is sound but whose body does not fit comes out as an
``UndecodableMessage`` and the stream goes on.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator, Mapping
from typing import Final

from igs_tui.backends.kgs.protocol import registry
from igs_tui.backends.kgs.protocol.codec import decode_message, encode_body, with_defaults
from igs_tui.backends.kgs.protocol.errors import KgsEncodeError, KgsStreamError
from igs_tui.backends.kgs.protocol.framing import HEADER_SIZE, MAX_LENGTH, FrameSplitter, frame
from igs_tui.backends.kgs.protocol.recurrences import LengthXor, TypeOffset
from igs_tui.backends.kgs.protocol.schema import Origin
from igs_tui.backends.kgs.protocol.values import Message, Received, Value

CLIENT_PROTOCOL: Final = 4
SERVER_PROTOCOL: Final = 3
#: Successful login replies; they carry the logged-in user's name (guests get theirs there).
LOGIN_OK_CODES: Final = frozenset({0x0001, 0x0002})
#: Bound on inflated bytes per step, so a small compressed input never balloons in memory.
_INFLATE_CHUNK: Final = 64 * 1024
MAX_INFLATED: Final = 16 * 1024 * 1024
"""16 MiB, the JSON link's cap on one answer: the most one call's bytes may inflate to. A
frame is at most 64 KiB (its length is a U16), but a zlib bomb (a small read that inflates a
thousandfold into a flood of frames) is a broken or hostile server: the stream is broken
there, before it costs memory."""


def client_message(message_name: str, /, **fields: Value) -> Message:
    """A client message by name, its missing fields filled from the spec's defaults."""
    spec = registry.client(message_name)
    return Message(spec, with_defaults(spec, fields))


class _Failure:
    """Remembers the first stream error so every later call repeats it."""

    __slots__ = ("error",)

    def __init__(self) -> None:
        self.error: KgsStreamError | None = None

    def check(self) -> None:
        if self.error is not None:
            raise KgsStreamError(f"connection already failed: {self.error}")

    def fail(self, message: str) -> KgsStreamError:
        self.error = KgsStreamError(message)
        return self.error


class ClientConnection:
    """The client end. Call ``initiate()`` once and send its byte, then ``send`` messages and
    feed whatever the socket gives to ``receive_data``."""

    def __init__(
        self,
        *,
        protocol: int = CLIENT_PROTOCOL,
        accepted_server_protocols: frozenset[int] = frozenset({SERVER_PROTOCOL}),
        max_inflated: int = MAX_INFLATED,
    ) -> None:
        if not 0 <= protocol <= 0xFF:
            raise ValueError("the handshake version is one byte")
        if max_inflated < 1:
            raise ValueError("max_inflated must be at least 1")
        self.max_inflated = max_inflated
        self.protocol = protocol
        self.compressed = protocol >= 4
        self._accepted = accepted_server_protocols
        self.server_protocol: int | None = None
        self._initiated = False
        self._xor = LengthXor()
        self._types = TypeOffset()
        self._inflate = zlib.decompressobj()
        self._frames = FrameSplitter()
        self._failure = _Failure()

    @property
    def username(self) -> str:
        """The logged-in user's name the type recurrence indexes ("" before login)."""
        return self._types.username

    def set_username(self, name: str) -> None:
        """Set the logged-in name (done automatically from a successful login reply)."""
        self._types.username = name

    def initiate(self) -> bytes:
        """The handshake byte to send first."""
        if self._initiated:
            raise KgsStreamError("handshake already sent")
        self._initiated = True
        return bytes([self.protocol])

    def send(self, message: Message) -> bytes:
        """The bytes of one client message (``KgsEncodeError`` leaves the connection intact)."""
        self._failure.check()
        if not self._initiated:
            raise KgsStreamError("send the handshake byte (initiate()) first")
        if message.spec.origin is not Origin.CLIENT:
            raise KgsEncodeError(f"{message.spec.key} is a server message")
        body = encode_body(message.spec, message.fields)
        length = HEADER_SIZE + len(body)
        if length > MAX_LENGTH:
            raise KgsEncodeError(f"{message.spec.key}: {length} bytes, at most {MAX_LENGTH}")
        return frame(message.spec.code, body, length_xor=self._xor.next_xor(length))

    def receive_data(self, data: bytes) -> list[Received]:
        """Messages completed by ``data`` (any chunk size, even empty)."""
        return list(self.receive_stream(data))

    def receive_stream(self, data: bytes) -> Iterator[Received]:
        """The messages completed by ``data``, each given as soon as its part of the stream
        is inflated (at most 64 KiB at a time), so a flood of small messages is never held
        whole. Consume it to the end: what is left unread is lost.

        Raises:
            KgsStreamError: a broken stream, or ``data`` inflating past :attr:`max_inflated`
                (the messages before that point are given first).
        """
        self._failure.check()
        if self.server_protocol is None and data:
            version = data[0]
            if version not in self._accepted:
                raise self._failure.fail(f"server handshake byte is {version}, expected 3")
            self.server_protocol = version
            data = data[1:]
        if not data:
            return
        if not self.compressed:
            yield from self._decode(data)
            return
        cap = self.max_inflated
        inflated = 0
        pending = data
        while pending:
            if self._inflate.eof:
                raise self._failure.fail("data after the end of the server's zlib stream")
            try:
                # one byte past the cap at most: enough to know it was passed
                plain = self._inflate.decompress(pending, min(_INFLATE_CHUNK, cap - inflated + 1))
            except zlib.error as exc:
                raise self._failure.fail(f"corrupt zlib stream from server: {exc}") from None
            inflated += len(plain)
            if inflated > cap:
                raise self._failure.fail(
                    f"{len(data)} bytes from the server inflate past {cap} bytes"
                )
            yield from self._decode(plain)
            pending = self._inflate.unconsumed_tail or self._inflate.unused_data

    def receive_eof(self) -> None:
        """The server closed the connection: complain if it did so inside a message."""
        self._failure.check()
        if self.server_protocol is None:
            raise self._failure.fail("connection closed before the server's handshake byte")
        if self._frames.pending:
            raise self._failure.fail(
                f"connection closed inside a message ({self._frames.pending} bytes held)"
            )

    def _decode(self, plain: bytes) -> list[Received]:
        try:
            frames = self._frames.feed(plain)
        except KgsStreamError as exc:
            raise self._failure.fail(str(exc)) from None
        received: list[Received] = []
        for f in frames:
            code = self._types.decode(f.length, f.typefield)
            message = decode_message(Origin.SERVER, code, f.body)
            if isinstance(message, Message) and code in LOGIN_OK_CODES and not self.username:
                user = message.fields.get("user")
                if isinstance(user, Mapping) and isinstance(user.get("name"), str):
                    self.set_username(str(user["name"]))
            received.append(message)
        return received


class ServerConnection:
    """The server end, mirror of ``ClientConnection`` (for tests and a local server)."""

    def __init__(self, *, protocol: int = SERVER_PROTOCOL, username: str = "") -> None:
        self.protocol = protocol
        self.client_protocol: int | None = None
        self._xor = LengthXor()
        self._types = TypeOffset(username)
        self._deflate = zlib.compressobj()
        self._frames = FrameSplitter()
        self._failure = _Failure()
        self._replied = False

    @property
    def compressed(self) -> bool:
        return self.client_protocol is not None and self.client_protocol >= 4

    def set_username(self, name: str) -> None:
        self._types.username = name

    def handshake_reply(self) -> bytes:
        """The server's protocol byte, once the client's handshake byte has arrived."""
        if self.client_protocol is None:
            raise KgsStreamError("the client's handshake byte has not arrived")
        if self._replied:
            raise KgsStreamError("handshake already answered")
        self._replied = True
        return bytes([self.protocol])

    def send(self, message: Message) -> bytes:
        """The bytes of one server message, compressed and flushed when the client asked so."""
        self._failure.check()
        if not self._replied:
            raise KgsStreamError("answer the handshake (handshake_reply()) first")
        if message.spec.origin is not Origin.SERVER:
            raise KgsEncodeError(f"{message.spec.key} is a client message")
        body = encode_body(message.spec, message.fields)
        length = HEADER_SIZE + len(body)
        if length > MAX_LENGTH:
            raise KgsEncodeError(f"{message.spec.key}: {length} bytes, at most {MAX_LENGTH}")
        raw = frame(self._types.encode(length, message.spec.code), body)
        if not self.compressed:
            return raw
        return self._deflate.compress(raw) + self._deflate.flush(zlib.Z_SYNC_FLUSH)

    def receive_data(self, data: bytes) -> list[Received]:
        self._failure.check()
        if self.client_protocol is None and data:
            self.client_protocol = data[0]
            data = data[1:]
        if not data:
            return []
        try:
            frames = self._frames.feed(data, self._xor)
        except KgsStreamError as exc:
            raise self._failure.fail(str(exc)) from None
        return [decode_message(Origin.CLIENT, f.typefield, f.body) for f in frames]
