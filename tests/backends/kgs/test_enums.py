"""Enum and set values: documented values get names, every other value stays a number."""

from __future__ import annotations

import pytest

from igs_tui.backends.kgs.protocol import registry
from igs_tui.backends.kgs.protocol.catalogue import ENUMS
from igs_tui.backends.kgs.protocol.codec import encode_body, with_defaults
from igs_tui.backends.kgs.protocol.connection import client_message
from igs_tui.backends.kgs.protocol.enums import enum_name, score_special, set_names
from igs_tui.backends.kgs.protocol.errors import (
    KgsDecodeError,
    KgsEncodeError,
    KgsError,
    KgsStreamError,
)
from igs_tui.backends.kgs.protocol.primitives import password_hash


def test_documented_values_are_named_and_blank_ones_never_guessed() -> None:
    assert enum_name(ENUMS["GAMETYPE"], 128) == "PRIVATE"
    # DEMONSTRATION is listed first but the spec gives it no value: 0 stays 0.
    assert enum_name(ENUMS["GAMETYPE"], 0) == 0
    assert enum_name(ENUMS["COLOUR"], 1) == 1
    assert enum_name(ENUMS["SCORE"], 16386) == "JIGO|NO_RESULT"


def test_set_bits_are_named_and_the_rest_kept() -> None:
    assert set_names(ENUMS["ROOMFLAG"], 0x15) == (("ADMIN", "DEFAULT", "PRIVATE"), 0)
    assert set_names(ENUMS["ROOMFLAG"], 0x22) == ((), 0x22)
    assert set_names(ENUMS["GAMESTATUS"], 0x81) == (("INPLAY",), 0x01)
    assert set_names(ENUMS["GAMEFLAG"], 0x07) == ((), 0x07)


def test_special_scores_use_raw_values_and_their_negatives() -> None:
    score = ENUMS["SCORE"]
    assert score_special(score, 16385) == ("RESIGN", 1)
    assert score_special(score, -16384) == ("TIMEOUT", -1)
    assert score_special(score, 13) is None


def test_errors_are_value_errors_of_one_family() -> None:
    for error in (KgsDecodeError("x", 0), KgsEncodeError("x"), KgsStreamError("x")):
        assert isinstance(error, KgsError) and isinstance(error, ValueError)


def test_a_login_message_never_shows_its_password_number() -> None:
    secret = password_hash("hunter2")
    login = client_message("login", name="bob", password=secret, guest=False)
    assert str(secret) not in repr(login) and "<redacted>" in repr(login)
    assert login["password"] == secret


def test_a_bad_password_number_is_not_echoed_in_the_error() -> None:
    spec = registry.client("login")
    fields = with_defaults(spec, {"name": "bob", "password": 2**64 + 12345, "guest": False})
    fields["ver_major"] = fields["ver_minor"] = fields["_unknown3"] = 0
    with pytest.raises(KgsEncodeError) as info:
        encode_body(spec, fields)
    assert str(2**64 + 12345) not in str(info.value) and "password" in str(info.value)
