"""Login handshake: client and non-client mode, guests, wrong passwords, throwing out."""

from __future__ import annotations

import pytest

from igs_tui.backends.igs.protocol.events import LoginComplete, LoginFailed, ThrowingOtherCopy
from igs_tui.backends.igs.protocol.state import SessionState
from igs_tui.backends.igs.protocol.wire import WireSession


def run(session: WireSession, lines: list[str], now: float = 0.0) -> tuple[list[str], list[str]]:
    """Feed lines one by one, collecting what the session sends and the event types."""
    sent: list[str] = []
    types: list[str] = []
    for line in lines:
        types.extend(e.type for e in session.receive_line(line))
        now += 10.0  # far apart: the send throttle plays no part here
        sent.extend(session.data_to_send(now))
    return sent, types


def test_non_client_login() -> None:
    """Spec: 'the server will print a welcome message and the prompt "Login: "' ... 'Password: '."""
    s = WireSession("bob", "secret", setup=[])
    sent, types = run(s, ["Welcome to IGS", "Login: ", "Password: ", "#> "])
    assert sent == ["bob", "secret"]
    assert "login_complete" in types
    assert s.logged_in_as == "bob" and not s.guest
    assert s.state is SessionState.READY  # no setup commands in this test


def test_client_mode_login() -> None:
    """Spec: 'the server will respond either with "Password: " or with "1 1"'."""
    s = WireSession("bob", "secret")
    events = []
    for line in ["1 0", "1 1", "1 5"]:
        events.extend(s.receive_line(line))
        if line == "1 0":
            assert s.data_to_send(0.0) == ["bob"]
        if line == "1 1":
            assert s.data_to_send(0.0) == ["secret"]
    assert LoginComplete("bob", False) in events
    assert s.state is SessionState.SETUP


def test_guest_login_detects_guest_name() -> None:
    """Spec: an unknown name puts you in the command loop as guestXXXX."""
    s = WireSession("nosuchuser", "pw", setup=[])
    sent, types = run(
        s, ["Login: ", "Your account name is guest1234. Guests cannot play rated games.", "#> "]
    )
    assert sent == ["nosuchuser"]  # never the password
    assert s.guest and s.logged_in_as == "guest1234"
    assert types[-1] == "login_complete"


def test_guest_login_without_shown_name_keeps_typed_name() -> None:
    s = WireSession("visitor", "pw", setup=[])
    run(s, ["Login: ", "1 5"])
    assert s.guest and s.logged_in_as == "visitor"


def test_wrong_password_restarts_login_and_resends_name() -> None:
    """Spec: 'An incorrect password will cause the login procedure to restart, but the
    client-mode setting will be remembered.'"""
    s = WireSession("bob", "wrong", setup=[])
    events = []
    sent = []
    for t, line in enumerate(["Login: ", "Password: ", "Invalid password.", "1 0", "1 1"]):
        events.extend(s.receive_line(line))
        sent.extend(s.data_to_send(10.0 * t))
        if line == "1 0":
            s.set_password("right")
    assert sent == ["bob", "wrong", "bob", "right"]
    assert LoginFailed("bob", 1, False) in events
    events = s.receive_line("1 5")
    assert LoginComplete("bob", False) in events


def test_wrong_password_twice_gives_up() -> None:
    s = WireSession("bob", "wrong", max_login_attempts=2)
    _, types = run(s, ["Login: ", "Password: ", "Login: ", "Password: ", "Login: "])
    assert types.count("login_failed") == 2
    assert s.state is SessionState.CLOSED
    assert s.data_to_send(100.0) == []


def test_throwing_other_copy_is_reported() -> None:
    """Spec: 'The new connection will receive the message 9 Throwing other copy out.'"""
    s = WireSession("bob", "pw", setup=[])
    events = []
    for line in ["1 0", "1 1", "9 Throwing other copy out.", "1 5"]:
        events.extend(s.receive_line(line))
        s.data_to_send(0.0)
    assert ThrowingOtherCopy() in events
    assert s.state is SessionState.READY


def test_password_is_redacted_for_transcripts() -> None:
    s = WireSession("bob", "hunter2")
    run(s, ["Login: ", "Password: "])
    assert s.redact("hunter2") == "********"
    assert s.redact("bob") == "bob"


@pytest.mark.parametrize(
    "refusal",
    [
        "Too many failed logins: try again in 270 seconds.",  # non-client mode: no code
        "5 Too many failed logins: try again in 270 seconds.",  # client mode
    ],
)
def test_a_refused_name_gives_the_servers_own_reason(refusal: str) -> None:
    """The local server refuses a locked account's name before asking its password, with
    how long to wait (``localserver/session.py``): that text, not "wrong password", is why
    the login failed."""
    s = WireSession("alice", "right")
    events = []
    for line in ["IGS-compatible local server (igs-tui)", "Login: ", refusal, "Login: "]:
        events.extend(s.receive_line(line))
        s.data_to_send(0.0)
    failed = [e for e in events if isinstance(e, LoginFailed)]
    assert failed == [
        LoginFailed("alice", 0, True, "Too many failed logins: try again in 270 seconds.")
    ]


def test_a_refused_password_is_a_wrong_password() -> None:
    s = WireSession("bob", "wrong", max_login_attempts=1)
    events = []
    for line in ["Login: ", "Password: ", "Invalid password.", "Login: "]:
        events.extend(s.receive_line(line))
        s.data_to_send(0.0)
    assert [e for e in events if isinstance(e, LoginFailed)] == [
        LoginFailed("bob", 1, True, "wrong password")
    ]
