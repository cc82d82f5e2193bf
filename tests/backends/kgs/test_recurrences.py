"""The header recurrences, against values worked from the spec's formulas.

Sent lengths: rand[0] = 0; rand[i+1] = len[i] + (rand[i] * 0x04c2af9b + 0xfffffffb) mod 2**32;
message i is xored with rand[i] >> 24. For lengths 14, 20, 30, 300:

* rand[0] = 0                                     -> xor 0x00
* rand[1] = 14 + 0xfffffffb = 0x1_00000009 -> 9    -> xor 0x00
* rand[2] = 20 + (9 * 0x04c2af9b + 0xfffffffb)
          = 20 + (0x2ad82c73 + 0xfffffffb) = 20 + 0x2ad82c6e = 0x2ad82c82 -> xor 0x2a
* rand[3] = 30 + (0x2ad82c82 * 0x04c2af9b + 0xfffffffb) mod 2**32 = 0x79d3d0cf -> xor 0x79

Received types, user "bob", three messages longer than 44 bytes, real type 0x4301 each:
0x4301 = 17153, 17153 % 3 = 2 -> username[2] = "b" = 98.

* rand[0] = 0: typefield 0x4301; rand[1] = 98 + 0 * (...) = 98
* typefield = 0x4301 - 98 = 0x429f; rand[2] = 98 + 98 * (17153 - 0x6cdd)
          = 98 + 98 * (17153 - 27869) = 98 - 1050168 = -1050070 -> 2**32 - 1050070 = 4293917226
* typefield = (17153 - 4293917226) mod 0x10000 = (17153 - 64042) mod 0x10000 = 0x48d7
"""

from __future__ import annotations

from igs_tui.backends.kgs.protocol import registry
from igs_tui.backends.kgs.protocol.codec import encode_body
from igs_tui.backends.kgs.protocol.connection import ClientConnection, client_message
from igs_tui.backends.kgs.protocol.framing import frame
from igs_tui.backends.kgs.protocol.recurrences import LengthXor, TypeOffset
from igs_tui.backends.kgs.protocol.values import Fields, Message


def test_length_xor_sequence() -> None:
    xor = LengthXor()
    assert [xor.next_xor(n) for n in (14, 20, 30, 300)] == [0x00, 0x00, 0x2A, 0x79]
    assert xor.rand == 0x07DAEF7C


def test_length_xor_rand_after_two_messages() -> None:
    xor = LengthXor()
    xor.next_xor(14)
    assert xor.rand == 9
    xor.next_xor(20)
    assert xor.rand == 0x2AD82C82


def test_the_client_xors_the_low_length_byte_on_the_wire() -> None:
    client = ClientConnection()
    client.initiate()
    # req_stats has no fields: each message is its 4-byte header.
    sent = [client.send(client_message("req_stats")) for _ in range(3)]
    # rand[1] = 4 + 0xfffffffb = 0xffffffff -> xor 0xff
    # rand[2] = 4 + (0xffffffff * 0x04c2af9b + 0xfffffffb) = 4 + (0xfffffffb - 0x04c2af9b)
    #         = 4 + 0xfb3d5060 = 0xfb3d5064 -> xor 0xfb
    assert sent[0] == b"\x04\x00\x14\x00"
    assert sent[1] == bytes([4 ^ 0xFF, 0x00, 0x14, 0x00])
    assert sent[2] == bytes([4 ^ 0xFB, 0x00, 0x14, 0x00])


def test_type_offset_sequence_for_long_messages() -> None:
    server = TypeOffset("bob")
    assert [server.encode(60, 0x4301) for _ in range(3)] == [0x4301, 0x429F, 0x48D7]
    client = TypeOffset("bob")
    assert [client.decode(60, f) for f in (0x4301, 0x429F, 0x48D7)] == [0x4301] * 3
    assert client.rand == server.rand == 2662615626


def test_short_and_exactly_44_byte_messages_are_not_offset_nor_advance() -> None:
    offset = TypeOffset("bob")
    offset.decode(60, 0x4301)
    assert offset.rand == 98
    assert offset.decode(43, 0x0001) == 0x0001
    assert offset.decode(44, 0x4301) == 0x4301
    assert offset.rand == 98
    assert offset.decode(45, 0x4301 - 98) == 0x4301


def test_without_a_user_name_nothing_is_added() -> None:
    offset = TypeOffset()
    assert [offset.decode(100, 0x4301) for _ in range(3)] == [0x4301] * 3
    assert offset.rand == 0


def test_the_client_learns_its_name_from_the_login_reply() -> None:
    client = ClientConnection(protocol=3)  # uncompressed, to read the bytes plainly
    client.initiate()
    login_ok = Message(
        registry.server("login", 0x0001),
        {"user": {"name": "bob", "flags": 0}, "unknown1": 0, "unknown2": 0},
    )
    body = encode_body(login_ok.spec, login_ok.fields)
    assert len(body) + 4 == 22  # short: its own type is never offset
    client.receive_data(b"\x03" + frame(0x0001, body))
    assert client.username == "bob"
    room = registry.server("msg_room", 0x4301)
    chat: Fields = {"channel": 1, "name": "al", "message": "x" * 20}
    long_body = encode_body(room, chat)
    assert len(long_body) + 4 > 44
    first, second = client.receive_data(frame(0x4301, long_body) + frame(0x429F, long_body))
    assert first == second == Message(room, chat)
