"""Every catalogued message round-trips; byte layouts match the spec for hand-made cases."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igs_tui.backends.kgs.protocol import registry
from igs_tui.backends.kgs.protocol.catalogue import MESSAGES
from igs_tui.backends.kgs.protocol.codec import (
    decode_body,
    decode_message,
    encode_body,
    with_defaults,
)
from igs_tui.backends.kgs.protocol.errors import KgsDecodeError, KgsEncodeError
from igs_tui.backends.kgs.protocol.schema import MessageSpec, Origin
from igs_tui.backends.kgs.protocol.values import Message, UndecodableMessage, UnknownMessage, Value

from .strategies import message_of

SHARED_CODES = {
    (s.origin, s.code) for s in MESSAGES if len(registry.candidates(s.origin, s.code)) > 1
}


@pytest.mark.parametrize("spec", MESSAGES, ids=[f"{m.origin.value}-{m.key}" for m in MESSAGES])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_message_round_trips(spec: MessageSpec, data: st.DataObject) -> None:
    message = data.draw(message_of(spec))
    body = encode_body(spec, message.fields)
    assert decode_body(spec, body) == message.fields
    decoded = decode_message(spec.origin, spec.code, body)
    assert isinstance(decoded, Message)
    if (spec.origin, spec.code) in SHARED_CODES:
        # Several layouts share the code: the first that fits wins; its bytes are the same.
        assert encode_body(decoded.spec, decoded.fields) == body
    else:
        assert decoded == message


def test_msg_chat_bytes_by_hand() -> None:
    spec = registry.client("msg_chat")
    body = encode_body(spec, {"name": "bob", "name2": "al", "message": "hé"})
    assert body == b"bob" + b"\0" * 7 + b"al" + b"\0" * 8 + b"h\x00\xe9\x00"


def test_channel_message_bytes_by_hand() -> None:
    spec = registry.client("game_move")
    assert encode_body(spec, {"channel": 0x0102, "x": 3, "y": 4}) == b"\x02\x01\x03\x04"


def test_room_names_are_terminated_inside_the_list_and_not_at_its_end() -> None:
    spec = registry.server("upd_rooms", 0x0318)
    rooms: tuple[Value, ...] = (
        {"channel": 1, "flags": 4, "group": 2, "users": 10, "games": 3, "name": "E"},
        {"channel": 2, "flags": 0, "group": 2, "users": 1, "games": 0, "name": "F"},
    )
    body = encode_body(spec, {"rooms": rooms})
    first = b"\x01\x00\x04\x02\x0a\x00\x03\x00E\x00\x00\x00"
    second = b"\x02\x00\x00\x02\x01\x00\x00\x00F\x00"
    assert body == first + second
    assert decode_body(spec, body) == {"rooms": rooms}


def _game(handicap: int, **extra: object) -> dict[str, object]:
    user = {"name": "bob", "flags": 0}
    return {
        "channel": 9,
        "type": 5,
        "black": user,
        "white": user,
        "owner": user,
        "size": 19,
        "handicap": handicap,
        "komi": Decimal("6.5"),
        "moves": 12,
        "flags": 0,
        "observers": 3,
        "saved": False,
    } | extra


def test_the_game_notes_are_on_the_wire_only_when_the_guard_holds() -> None:
    spec = registry.server("upd_game", 0x4401)
    plain = encode_body(spec, {"channel": 9, "game": _game(2)})  # type: ignore[dict-item]
    with_notes = encode_body(spec, {"channel": 9, "game": _game(-1, notes="hi")})  # type: ignore[dict-item]
    assert len(with_notes) == len(plain) + 6  # "hi" + NUL unit
    assert decode_body(spec, with_notes)["game"] == _game(-1, notes="hi")
    with pytest.raises(KgsEncodeError, match="does not hold"):
        encode_body(spec, {"channel": 9, "game": _game(2, notes="hi")})  # type: ignore[dict-item]
    with pytest.raises(KgsEncodeError, match="notes: missing"):
        encode_body(spec, {"channel": 9, "game": _game(-1)})  # type: ignore[dict-item]


def test_scaled_fields_decode_to_decimals() -> None:
    spec = registry.server("set_gametime", 0x4437)
    body = b"\x01\x00" + (90500).to_bytes(4, "little") + b"\x05\x00" + bytes(4) + b"\x00\x00"
    assert decode_body(spec, body) == {
        "channel": 1,
        "black_time": Decimal("90.5"),
        "black_moves": 5,
        "white_time": Decimal(0),
        "white_moves": 0,
    }


def test_login_defaults_come_from_the_spec() -> None:
    spec = registry.client("login")
    fields = with_defaults(spec, {"name": "bob"})
    assert fields["ver_micro"] == 12
    assert fields["locale"] == "en_US"
    assert fields["clientver"] == b"1.4.2_03:Swing app:Sun Microsystems Inc."


def test_shared_codes_pick_the_layout_that_fits() -> None:
    req = encode_body(registry.client("req_pic"), {"name": "bob"})
    upload = encode_body(registry.client("upload_pic"), {"name": "bob", "data": b"\xff\xd8"})
    assert decode_message(Origin.CLIENT, 0x0021, req).spec.name == "req_pic"  # type: ignore[union-attr]
    assert decode_message(Origin.CLIENT, 0x0021, upload).spec.name == "upload_pic"  # type: ignore[union-attr]


def test_unknown_codes_and_bad_bodies_are_values_not_exceptions() -> None:
    unknown = decode_message(Origin.SERVER, 0x4999, b"\x07\x00abc")
    assert unknown == UnknownMessage(0x4999, b"\x07\x00abc", channel=7)
    assert decode_message(Origin.SERVER, 0x0999, b"") == UnknownMessage(0x0999, b"", None)
    bad = decode_message(Origin.SERVER, 0x4401, b"\x01")
    assert isinstance(bad, UndecodableMessage)
    assert bad.candidates == ("upd_game@4401",) and "needs" in bad.reason
    extra = decode_message(Origin.SERVER, 0x4402, b"\x01\x00\x00")
    assert isinstance(extra, UndecodableMessage) and "left over" in extra.reason


def test_encoding_errors_name_the_field() -> None:
    spec = registry.client("game_move")
    with pytest.raises(KgsEncodeError, match=r"game_move@4427\.x: 300 is outside U8"):
        encode_body(spec, {"channel": 1, "x": 300, "y": 0})
    with pytest.raises(KgsEncodeError, match="no field"):
        encode_body(spec, {"channel": 1, "x": 1, "y": 0, "z": 2})
    with pytest.raises(KgsEncodeError, match="needs an int"):
        encode_body(spec, {"channel": 1, "x": "1", "y": 0})
    with pytest.raises(KgsEncodeError, match="flag needs a bool"):
        encode_body(registry.client("set_quiet"), {"channel": 1, "quiet": 1})


@pytest.mark.parametrize("spec", MESSAGES, ids=[f"{m.origin.value}-{m.key}" for m in MESSAGES])
@settings(max_examples=15, deadline=None)
@given(body=st.binary(max_size=120))
def test_arbitrary_bodies_never_raise(spec: MessageSpec, body: bytes) -> None:
    result = decode_message(spec.origin, spec.code, body)
    assert isinstance(result, Message | UndecodableMessage)
    try:
        decode_body(spec, body)
    except KgsDecodeError as exc:
        assert exc.position >= 0
