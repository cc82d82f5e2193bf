"""The fake KGS server's binary front end, sans-IO: a :class:`BinarySession` on a world, fed
the bytes a client sends and read back byte by byte as kgs-protocol.txt has them.

"After connecting to the server, a handshake byte is sent [...] The server sends back his
protocol number, which is always 3 [...] After the initial handshake, the client sends
uncompressed messages, while the server sends back a zlib-compressed stream"; the header is
``U16 length``, ``U16 type``, and received types > 44 bytes carry the type recurrence.
"""

from __future__ import annotations

import struct
import zlib
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igs_tui.backends.kgs.protocol import readings
from igs_tui.backends.kgs.protocol.catalogue import MESSAGES
from igs_tui.backends.kgs.protocol.connection import ClientConnection, client_message
from igs_tui.backends.kgs.protocol.primitives import password_hash
from igs_tui.backends.kgs.protocol.schema import Origin
from igs_tui.backends.kgs.protocol.values import Message, Received
from igs_tui.localkgs.binary import BinarySession
from igs_tui.localkgs.world import KgsWorld
from tests.backends.kgs.strategies import message_of
from tests.localkgs.conftest import User, make_world


def login(
    name: str, password: str = "", *, world: KgsWorld | None = None
) -> tuple[KgsWorld, BinarySession, ClientConnection, bytes]:
    world = world or make_world()
    session = BinarySession(world)
    client = ClientConnection()
    message = client_message(
        "login",
        ver_major=3,
        ver_minor=5,
        _unknown3=0,
        name=name,
        password=password_hash(password),
        guest=not password,
    )
    data = client.initiate() + client.send(message)
    return world, session, client, session.data_received(data, 0.0)


def names(received: list[Received]) -> list[str]:
    return [f"{m.name}@{m.code:04x}" for m in received if isinstance(m, Message)]


def test_the_handshake_byte_then_a_zlib_stream_of_scrambled_frames() -> None:
    _, session, client, raw = login("tester", "secret")
    assert raw[0] == 3  # "always 3"
    join = client_message("join_room", channel=11, user={"name": "tester", "flags": 0})
    raw += session.data_received(client.send(join), 0.0)
    plain = zlib.decompressobj().decompress(raw[1:])  # one stream across both answers
    frames = []
    while plain:
        length, typefield = struct.unpack_from("<HH", plain)
        frames.append((length, typefield))
        plain = plain[length:]
    codes = [0x0001, 0x0318, 0x030C, 0x4300, 0x4304]
    assert len(frames) >= len(codes)
    # short messages keep their type; rand[0] = 0 leaves the first long one (upd_rooms) as it
    # is, and the recurrence (keyed by "tester") moves every later long one off its code
    assert frames[0] == (frames[0][0], 0x0001) and frames[0][0] <= 44
    assert frames[1][1] == 0x0318 and frames[1][0] > 44
    later = [(f, code) for f, code in zip(frames[3:5], codes[3:], strict=True) if f[0] > 44]
    assert later and all(typefield != code for (_, typefield), code in later)
    # and a client following the recurrences reads them all back
    assert names(client.receive_data(raw))[:5] == [
        "login@0001",
        "upd_rooms@0318",
        "login_done@030c",
        "join_room@4300",
        "upd_games@4304",
    ]


def test_a_client_reads_the_login_the_rooms_and_the_end_of_login() -> None:
    _, session, client, raw = login("tester", "secret")
    received = client.receive_data(raw)
    assert names(received) == ["login@0001", "upd_rooms@0318", "login_done@030c"]
    assert isinstance(received[0], Message) and received[0]["user"] == {
        "name": "tester",
        "flags": 0,
    }
    rooms: Any = received[1]
    assert [r["name"] for r in rooms["rooms"]] == ["English Room", "Japanese Room", "Computer Go"]
    assert not session.closed


def test_refused_logins_get_their_own_login_messages_and_close() -> None:
    cases = [
        ("tester", "wrong", "login@0004"),  # "login failed: wrong password"
        ("nobody", "pw", "login@0005"),  # "specified user does not exist"
        ("alice", "", "login@0006"),  # a guest with an account's name
        ("keptout", "blocked", "login@0022"),  # "user or ip blocked"
    ]
    for name, password, expected in cases:
        _, session, client, raw = login(name, password)
        assert names(client.receive_data(raw)) == [expected], name
        assert session.closed, name


def test_a_guest_logs_in_with_the_guest_flag_and_no_password() -> None:
    world, _, client, raw = login("visitor")
    assert names(client.receive_data(raw))[0] == "login@0001"
    assert world.by_name["visitor"].guest


def test_a_room_join_lists_users_and_games_and_chat_goes_both_ways() -> None:
    world, session, client, raw = login("tester", "secret")
    client.receive_data(raw)
    join = client_message("join_room", channel=11, user={"name": "tester", "flags": 0})
    received = client.receive_data(session.data_received(client.send(join), 0.0))
    assert names(received)[:2] == ["join_room@4300", "upd_games@4304"]
    games: Any = received[1]
    robot = next(g for g in games["games"] if g["owner"]["name"] == "kumobot")
    assert not robot["flags"] & readings.IN_PLAY  # kumobot's open challenge
    bob = User(world, "bob", "builder")
    bob.ok({"type": "JOIN_REQUEST", "channelId": 11})
    bob.ok({"type": "CHAT", "channelId": 11, "text": "hi tester"})
    received = client.receive_data(session.flush(0.0))
    assert names(received) == ["join_room@4300", "msg_room@4301"]
    said = received[1]
    assert isinstance(said, Message) and (said["name"], said["message"]) == ("bob", "hi tester")
    chat = client_message("msg_room", channel=11, name="tester", message="hello bob")
    session.data_received(client.send(chat), 0.0)
    assert any(m.get("text") == "hello bob" for m in bob.take())


def test_a_closed_connection_logs_its_user_out() -> None:
    world, session, client, raw = login("tester", "secret")
    client.receive_data(raw)
    assert "tester" in world.by_name
    session.connection_lost(1.0)
    assert "tester" not in world.by_name and session.closed


def test_a_broken_stream_closes_the_connection() -> None:
    _, session, _, _ = login("tester", "secret")
    session.data_received(b"\x01\x00\x00\x00", 0.0)  # a frame shorter than its header
    assert session.closed and session.notes


CLIENT_MESSAGES = [s for s in MESSAGES if s.origin is Origin.CLIENT and s.name != "login"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(CLIENT_MESSAGES).flatmap(message_of), min_size=1, max_size=8))
def test_any_client_messages_are_answered_or_noted_never_raised(messages: list[Message]) -> None:
    """A hostile binary client (any catalogued message, any field values) never breaks the
    server: what the world refuses is noted, and the stream stays readable."""
    world, session, client, raw = login("tester", "secret")
    client.receive_data(raw)
    for message in messages:
        client.receive_data(session.data_received(client.send(message), 1.0))
        client.receive_data(session.flush(1.0))
    assert "tester" in world.by_name or session.closed


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_after_login_close_or_are_noted(data: bytes) -> None:
    world, session, _, _ = login("tester", "secret")
    session.data_received(data, 1.0)  # never raises
    if session.closed:
        session.connection_lost(2.0)
        assert "tester" not in world.by_name


def test_quit_logs_the_user_out() -> None:
    """quit(ffff): "Sent by the client just before it logs out"."""
    world, session, client, raw = login("tester", "secret")
    client.receive_data(raw)
    session.data_received(client.send(client_message("quit")), 1.0)
    assert "tester" not in world.by_name and session.closed
