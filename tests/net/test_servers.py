"""Server list and address parsing."""

from __future__ import annotations

import pytest

from igs_tui.backends.igs.net.servers import IGS_SERVERS, ServerAddress, parse_server


def test_server_list_matches_spec_order() -> None:
    # Spec "Host": igs.joyjoy.net:6969, :7777, 210.155.158.200:6969, :7777, igs.joyjoy.net:28155
    assert [str(s) for s in IGS_SERVERS] == [
        "igs.joyjoy.net:6969",
        "igs.joyjoy.net:7777",
        "210.155.158.200:6969",
        "210.155.158.200:7777",
        "igs.joyjoy.net:28155",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("igs.joyjoy.net", ServerAddress("igs.joyjoy.net", 6969)),
        ("igs.joyjoy.net:7777", ServerAddress("igs.joyjoy.net", 7777)),
        (" 127.0.0.1:28155 ", ServerAddress("127.0.0.1", 28155)),
        ("[::1]:6969", ServerAddress("::1", 6969)),
        ("[::1]", ServerAddress("::1", 6969)),
        ("::1", ServerAddress("::1", 6969)),
    ],
)
def test_parse_server(text: str, expected: ServerAddress) -> None:
    assert parse_server(text) == expected


def test_ipv6_str_round_trips() -> None:
    address = ServerAddress("::1", 7777)
    assert str(address) == "[::1]:7777"
    assert parse_server(str(address)) == address


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        (":6969", "missing host"),
        ("host:http", "must be a number"),
        ("host:0", "out of range"),
        ("host:70000", "out of range"),
        ("[::1", "unclosed"),
        ("[::1]x", "unexpected"),
    ],
)
def test_parse_server_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_server(text)
