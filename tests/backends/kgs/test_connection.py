"""Both connection ends: handshake, compressed stream in any chunking, broken input."""

from __future__ import annotations

import itertools
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.backends.kgs.protocol import registry
from igs_tui.backends.kgs.protocol.catalogue import MESSAGES
from igs_tui.backends.kgs.protocol.codec import encode_body
from igs_tui.backends.kgs.protocol.connection import (
    ClientConnection,
    ServerConnection,
    client_message,
)
from igs_tui.backends.kgs.protocol.errors import KgsEncodeError, KgsStreamError
from igs_tui.backends.kgs.protocol.framing import frame
from igs_tui.backends.kgs.protocol.schema import Origin
from igs_tui.backends.kgs.protocol.values import (
    Message,
    Received,
    UndecodableMessage,
    UnknownMessage,
)

from .strategies import message_of

SERVER_SPECS = [m for m in MESSAGES if m.origin is Origin.SERVER]
UNAMBIGUOUS = [m for m in SERVER_SPECS if len(registry.candidates(m.origin, m.code)) == 1]


def _room_chat(text: str, channel: int = 5) -> Message:
    return Message(
        registry.server("msg_room", 0x4301), {"channel": channel, "name": "al", "message": text}
    )


def _connected(username: str = "bob") -> tuple[ClientConnection, ServerConnection, bytes]:
    """A client and a server past the handshake; the bytes the server sent so far."""
    client, server = ClientConnection(), ServerConnection(username=username)
    assert server.receive_data(client.initiate()) == []
    client.set_username(username)
    return client, server, server.handshake_reply()


def _chunks(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({c % (len(data) + 1) for c in cuts})
    edges = [0, *points, len(data)]
    return [data[a:b] for a, b in itertools.pairwise(edges)]


def test_handshake_bytes() -> None:
    client = ClientConnection()
    assert client.initiate() == b"\x04"
    with pytest.raises(KgsStreamError, match="already"):
        client.initiate()
    assert client.receive_data(b"\x03") == []
    assert client.server_protocol == 3
    assert ClientConnection(protocol=3).initiate() == b"\x03"


def test_a_wrong_server_handshake_breaks_the_connection_for_good() -> None:
    client = ClientConnection()
    client.initiate()
    with pytest.raises(KgsStreamError, match="handshake byte is 72"):
        client.receive_data(b"HTTP/1.1 400")
    with pytest.raises(KgsStreamError, match="already failed"):
        client.receive_data(b"")
    with pytest.raises(KgsStreamError, match="already failed"):
        client.send(client_message("ping"))


def test_sending_needs_the_handshake_and_a_client_message() -> None:
    client = ClientConnection()
    with pytest.raises(KgsStreamError, match="initiate"):
        client.send(client_message("ping"))
    client.initiate()
    with pytest.raises(KgsEncodeError, match="server message"):
        client.send(_room_chat("x"))
    # An encoding error neither sends nor advances the recurrence.
    with pytest.raises(KgsEncodeError):
        client.send(client_message("game_move", channel=1, x=999, y=0))
    assert client.send(client_message("ping")) == b"\x04\x00\x1d\x00"


@settings(max_examples=40, deadline=None)
@given(
    messages=st.lists(st.sampled_from(UNAMBIGUOUS).flatmap(message_of), min_size=1, max_size=8),
    cuts=st.lists(st.integers(min_value=0, max_value=10**6), max_size=12),
)
def test_server_stream_in_random_chunks(messages: list[Message], cuts: list[int]) -> None:
    client, server, stream = _connected()
    for message in messages:
        stream += server.send(message)
    received: list[Received] = []
    for chunk in _chunks(stream, cuts):
        received += client.receive_data(chunk)
    client.receive_eof()
    assert received == messages


@settings(max_examples=40, deadline=None)
@given(
    messages=st.lists(
        st.sampled_from([m for m in MESSAGES if m.origin is Origin.CLIENT]).flatmap(message_of),
        min_size=1,
        max_size=8,
    ),
    cuts=st.lists(st.integers(min_value=0, max_value=10**6), max_size=12),
)
def test_client_stream_with_xored_lengths_in_random_chunks(
    messages: list[Message], cuts: list[int]
) -> None:
    client, server = ClientConnection(), ServerConnection()
    stream = client.initiate() + b"".join(client.send(m) for m in messages)
    received: list[Received] = []
    for chunk in _chunks(stream, cuts):
        received += server.receive_data(chunk)
    assert len(received) == len(messages)
    for got, sent in zip(received, messages, strict=True):
        assert isinstance(got, Message)
        assert encode_body(got.spec, got.fields) == encode_body(sent.spec, sent.fields)


def test_the_server_stream_is_one_zlib_stream_after_a_plain_handshake_byte() -> None:
    client, server, stream = _connected()
    chat = _room_chat("hello " * 20)
    stream += server.send(chat) + server.send(chat)
    assert stream[0] == 3
    inflated = zlib.decompressobj().decompress(stream[1:])
    length = int.from_bytes(inflated[:2], "little")
    assert length > 44
    # rand[0] = 0 leaves the first type alone; the second carries -98 ("b" of "bob").
    assert inflated[2:4] == b"\x01\x43"
    assert inflated[length + 2 : length + 4] == (0x4301 - 98).to_bytes(2, "little")
    assert client.receive_data(stream) == [chat, chat]


def test_uncompressed_protocol_3() -> None:
    client = ClientConnection(protocol=3)
    server = ServerConnection()
    server.receive_data(client.initiate())
    assert not server.compressed
    stream = server.handshake_reply() + server.send(_room_chat("hi"))
    assert stream[1:] == frame(0x4301, encode_body(_room_chat("hi").spec, _room_chat("hi").fields))
    assert client.receive_data(stream) == [_room_chat("hi")]


def test_a_highly_compressed_flood_is_inflated_in_bounded_steps() -> None:
    client, server, stream = _connected()
    one = server.send(_room_chat("z" * 2000))
    flood = b"".join(server.send(_room_chat("z" * 2000)) for _ in range(300))
    assert len(flood) < 300 * 4000 // 20  # it compresses very well
    received = client.receive_data(stream + one + flood)
    assert len(received) == 301
    assert client._frames.pending == 0


class _CountingInflater:
    """zlib's decompressor, counting what it gives out (to show the cap is never passed)."""

    def __init__(self) -> None:
        self._inner = zlib.decompressobj()
        self.given = 0

    def decompress(self, data: bytes, max_length: int = 0) -> bytes:
        assert max_length > 0, "every step is bounded"
        out = self._inner.decompress(data, max_length)
        self.given += len(out)
        return out

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)


def _bomb(inflated: int) -> bytes:
    """A zlib stream of well-framed 64 KiB messages (unknown to the catalogue) inflating to
    ``inflated`` bytes from about a thousandth of that."""
    body = b"\x07\x00" + bytes(0xFFFF - 4 - 2)
    one = frame(0x4999, body)
    deflate = zlib.compressobj(9)
    parts = [deflate.compress(one) for _ in range(inflated // len(one) + 1)]
    return b"".join(parts) + deflate.flush(zlib.Z_SYNC_FLUSH)


def test_a_zlib_bomb_breaks_the_stream_at_the_cap_without_inflating_past_it() -> None:
    cap = 1024 * 1024
    client = ClientConnection(max_inflated=cap)
    client.initiate()
    counter = _CountingInflater()
    client._inflate = counter  # type: ignore[assignment]
    bomb = _bomb(8 * cap)
    assert len(bomb) < cap // 100
    got: list[Received] = []
    with pytest.raises(KgsStreamError, match=f"inflate past {cap} bytes"):
        for received in client.receive_stream(b"\x03" + bomb):
            got.append(received)
    assert cap < counter.given <= cap + 1
    # what came before the cap was given, message by message
    assert len(got) == cap // 0xFFFF
    assert all(isinstance(r, UnknownMessage) and r.code == 0x4999 for r in got)
    with pytest.raises(KgsStreamError, match="already failed"):
        client.receive_data(b"")


def test_the_default_cap_on_inflating_is_the_json_links_cap_on_a_body() -> None:
    from igs_tui.backends.kgs.transport import MAX_BODY_BYTES

    assert ClientConnection().max_inflated == MAX_BODY_BYTES == 16 * 1024 * 1024
    with pytest.raises(ValueError, match="at least 1"):
        ClientConnection(max_inflated=0)


def test_the_cap_counts_per_call_so_a_long_stream_in_reads_goes_on() -> None:
    client, server, stream = _connected()
    client.max_inflated = 15_000  # two of these chats (UTF-16 text) fit, three do not
    chat = _room_chat("y" * 3000)
    got = client.receive_data(stream + server.send(chat) + server.send(chat))
    for _ in range(20):
        got += client.receive_data(server.send(chat) + server.send(chat))
    assert got == [chat] * 42
    with pytest.raises(KgsStreamError, match="inflate past 15000"):
        client.receive_data(server.send(chat) + server.send(chat) + server.send(chat))


def test_corrupt_zlib_is_a_stream_error() -> None:
    client, _server, stream = _connected()
    with pytest.raises(KgsStreamError, match="corrupt zlib"):
        client.receive_data(stream + b"\x00\x01garbage-not-zlib")


def test_data_after_the_end_of_the_zlib_stream_is_refused() -> None:
    client = ClientConnection()
    client.initiate()
    ended = zlib.compress(frame(0x001D, b""))
    with pytest.raises(KgsStreamError, match="after the end"):
        client.receive_data(b"\x03" + ended + b"more")


def test_a_frame_shorter_than_its_header_is_a_stream_error() -> None:
    client = ClientConnection(protocol=3)
    client.initiate()
    with pytest.raises(KgsStreamError, match="claims 2 bytes"):
        client.receive_data(b"\x03\x02\x00\x01\x00")


def test_eof_inside_a_message_or_before_the_handshake() -> None:
    client = ClientConnection(protocol=3)
    client.initiate()
    with pytest.raises(KgsStreamError, match="before the server's handshake"):
        client.receive_eof()
    client = ClientConnection(protocol=3)
    client.initiate()
    assert client.receive_data(b"\x03\x10\x00\x01\x43\x05") == []
    with pytest.raises(KgsStreamError, match="inside a message"):
        client.receive_eof()


def test_unknown_and_undecodable_messages_do_not_stop_the_stream() -> None:
    client = ClientConnection(protocol=3)
    client.initiate()
    stream = b"\x03" + frame(0x4999, b"\x07\x00zz") + frame(0x4401, b"\x01") + frame(0x001D, b"")
    unknown, bad, ping = client.receive_data(stream)
    assert unknown == UnknownMessage(0x4999, b"\x07\x00zz", 7)
    assert isinstance(bad, UndecodableMessage) and bad.code == 0x4401
    assert isinstance(ping, Message) and ping.spec.key == "ping@001d"


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300), compressed=st.booleans())
def test_arbitrary_server_bytes_give_messages_or_a_stream_error(
    data: bytes, compressed: bool
) -> None:
    client = ClientConnection(protocol=4 if compressed else 3)
    client.initiate()
    payload = zlib.compress(data) if compressed else data
    try:
        received = client.receive_data(b"\x03" + payload)
        client.receive_eof()
    except KgsStreamError:
        return
    assert all(isinstance(r, Message | UnknownMessage | UndecodableMessage) for r in received)


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300))
def test_arbitrary_client_bytes_give_messages_or_a_stream_error(data: bytes) -> None:
    server = ServerConnection()
    try:
        received = server.receive_data(b"\x04" + data)
    except KgsStreamError:
        return
    assert all(isinstance(r, Message | UnknownMessage | UndecodableMessage) for r in received)
