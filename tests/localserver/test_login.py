"""Login handshake (in memory; telnet negotiation over TCP too), as the spec's "Connection start"
section describes."""

from __future__ import annotations

import pytest

from igs_tui.localserver import LocalServer
from igs_tui.localserver.clock import ManualClock
from igs_tui.localserver.login_guard import LoginGuard
from tests.localserver.client import Client
from tests.localserver.conftest import Connect, MakeServer


async def test_registered_login_non_client_mode_prompts_have_no_newline(
    server: LocalServer, connect: Connect
) -> None:
    """Spec: 'the server will print a welcome message and the prompt "Login: "'."""
    client: Client = await connect(server)
    assert await client.line() == "IGS-compatible local server (igs-tui)"
    assert await client.line() == ""
    assert await client.line() == "Login: "
    await client.send("alice")
    assert await client.line() == "Password: "
    await client.send("alice")
    lines = await client.until("^#> $")
    assert lines[0] == "Welcome to the igs-tui local server."
    # non-client mode: no reply codes at all
    assert all(not line[:1].isdigit() for line in lines)
    assert await client.command("ayt") == ["yes", "#> "]


async def test_client_mode_is_remembered_per_account(server: LocalServer, connect: Connect) -> None:
    """Spec: 'the server will respond either with "Password: " or with "1 1"' (client mode)."""
    first: Client = await connect(server)
    await first.login("bob", "bob")  # switches client mode on
    await first.send("quit")
    await first.quiet()
    second: Client = await connect(server)
    await second.until("^Login: $")
    await second.send("bob")
    assert await second.line() == "1 1"
    await second.send("bob")
    lines = await second.until("^1 5$")
    assert lines[0] == "9 Welcome to the igs-tui local server."
    assert await second.command("ayt") == ["9 yes", "1 5"]


async def test_wrong_password_restarts_login_keeping_client_mode(
    server: LocalServer, connect: Connect
) -> None:
    """Spec: 'An incorrect password will cause the login procedure to restart, but the
    client-mode setting will be remembered.'"""
    first: Client = await connect(server)
    await first.login("carol", "carol")
    await first.send("quit")
    client: Client = await connect(server)
    await client.until("^Login: $")
    await client.send("carol")
    assert await client.line() == "1 1"
    await client.send("wrong")
    assert await client.line() == "5 Invalid password."
    assert await client.line() == "1 0"
    await client.send("carol")
    assert await client.line() == "1 1"
    await client.send("carol")
    await client.until("^1 5$")


async def test_wrong_password_non_client(server: LocalServer, connect: Connect) -> None:
    client: Client = await connect(server)
    await client.until("^Login: $")
    await client.send("dave")
    assert await client.line() == "Password: "
    await client.send("nope")
    assert await client.line() == "Invalid password."
    assert await client.line() == "Login: "


async def test_unknown_name_becomes_guest(server: LocalServer, connect: Connect) -> None:
    """Spec: 'If you send a username that doesn't exist, you will move to the main command
    loop, logged in a guest account with the name guestXXXX'."""
    client: Client = await connect(server)
    name = await client.login("nosuchuser")
    assert name.startswith("guest") and name[5:].isdigit()
    lines = await client.command("user " + name)
    assert any(line.split()[1:2] == [name] for line in lines if line.startswith("42 "))
    other: Client = await connect(server)
    name2 = await other.login("anotherunknown")
    assert name2 != name


async def test_second_login_throws_other_copy_out(server: LocalServer, connect: Connect) -> None:
    """Spec: the new connection gets '9 Throwing other copy out.' before the greeting."""
    old: Client = await connect(server)
    await old.login("alice", "alice")
    new: Client = await connect(server)
    await new.until("^Login: $")
    await new.send("alice")
    assert await new.line() == "1 1"
    await new.send("alice")
    lines = await new.until("^1 5$")
    assert lines[0] == "9 Throwing other copy out."
    assert lines[1] == "9 Welcome to the igs-tui local server."
    # the old connection is closed by the server
    closed = False
    try:
        await old.quiet(0.5)
        await old.line(0.5)
    except (ConnectionError, TimeoutError) as exc:
        closed = isinstance(exc, ConnectionError)
    assert closed


async def test_login_command_gives_client_login_prompt(
    server: LocalServer, connect: Connect
) -> None:
    """After `toggle client on`, the login prompt is "1 0"."""
    client: Client = await connect(server)
    await client.login("alice", "alice")
    await client.send("login")
    assert await client.line() == "1 0"
    await client.send("bob")
    assert await client.line() in ("1 1", "Password: ")


@pytest.mark.parametrize("over_tcp", [False, True], ids=["memory", "tcp"])
async def test_telnet_negotiation_is_refused_and_never_text(
    server: LocalServer, connect: Connect, connect_tcp: Connect, over_tcp: bool
) -> None:
    """IAC DO/WILL from a telnetlib3 client get WONT/DONT and do not reach the parser, over
    a socket as over the in-memory link."""
    client: Client = await (connect_tcp if over_tcp else connect)(server)
    await client.until("^Login: $")
    iac, do, will, wont, dont = 255, 253, 251, 252, 254
    client.writer.write(bytes([iac, do, 24, iac, will, 31]) + b"alice\r\n")
    await client.writer.drain()
    data = b""
    while b"Password: " not in data:
        data += await client.reader.read(100)
    assert bytes([iac, wont, 24]) in data
    assert bytes([iac, dont, 31]) in data


async def test_announcements_for_quiet_off(server: LocalServer, connect: Connect) -> None:
    """21 {X [rk] has connected.} reaches users with quiet off only."""
    watcher: Client = await connect(server)
    await watcher.login("alice", "alice")
    assert await watcher.command("toggle quiet false") == ["9 Set quiet to be False.", "1 5"]
    other: Client = await connect(server)
    await other.login("bob", "bob")
    assert await watcher.block() == ["21 {bob [ 3k*] has connected.}", "1 5"]
    await other.send("quit")
    assert await watcher.block() == ["21 {bob has disconnected}", "1 5"]


async def test_password_guessing_is_slowed_then_locked_out(
    make_server: MakeServer, connect: Connect
) -> None:
    """A typo is free; further failures delay the next attempt (refused unheard while too
    early), five lock the account for five minutes, from any address; the in-session
    ``login`` command goes through the same guard; other accounts from the same address
    log in as usual (every ``--local`` client comes from 127.0.0.1). The clock is driven by
    hand."""
    clock = ManualClock()
    server = await make_server(clock=clock)
    client: Client = await connect(server)
    await client.until("^Login: $")

    async def attempt(password: str) -> str:
        await client.send("dave")
        answer = await client.line()
        if answer != "Password: ":
            await client.until("^Login: $")
            return answer
        await client.send(password)
        result = await client.line()
        if result == "Invalid password.":
            await client.until("^Login: $")
        return result

    assert await attempt("guess1") == "Invalid password."
    assert await attempt("guess2") == "Invalid password."  # the typo was free
    assert await attempt("dave") == "Too many failed logins: try again in 1 seconds."
    clock.advance(1)
    assert await attempt("guess3") == "Invalid password."
    clock.advance(2)
    assert await attempt("guess4") == "Invalid password."
    clock.advance(4)
    assert await attempt("guess5") == "Invalid password."  # the fifth: locked
    clock.advance(200)
    assert await attempt("dave") == "Too many failed logins: try again in 100 seconds."
    other: Client = await connect(server)  # a new connection is no way around it
    await other.until("^Login: $")
    await other.send("dave")
    assert await other.line() == "Too many failed logins: try again in 100 seconds."
    await other.until("^Login: $")
    await other.send("bob")  # dave's lock is dave's: bob, from the same address, gets in
    assert await other.line() == "Password: "
    await other.send("bob")
    assert "Welcome to the igs-tui local server." in await other.until("^#> $")
    clock.advance(100)
    await client.send("dave")
    assert await client.line() == "Password: "
    await client.send("dave")
    await client.until("^#> $")
    await client.send("login")  # the in-session login: the record was cleared by success
    await client.until("^Login: $")
    assert await attempt("nope") == "Invalid password."
    assert await attempt("nope") == "Invalid password."
    assert (await attempt("dave")).startswith("Too many failed logins")


async def test_a_connection_cancelled_as_the_app_quits_ends_quietly(
    server: LocalServer, connect: Connect
) -> None:
    """Quitting ``igs-tui --local`` cancels the connection handlers; each must end normally,
    or Python 3.11's stream callback prints a CancelledError traceback on every quit."""
    import asyncio

    from tests.polling import wait_until

    client = await connect(server)
    await client.until("Login:")
    await wait_until(lambda: bool(server._connections))
    (task,) = server._connections
    task.cancel()
    await asyncio.wait([task])
    assert not task.cancelled() and task.exception() is None


def test_one_address_is_throttled_only_far_above_typing() -> None:
    """The address count is the guard against one client trying many accounts: five locked
    accounts from one address leave the sixth open; the fiftieth failure within the hour
    closes the address for five minutes, for every account; a failure an hour old is
    forgotten."""
    guard = LoginGuard()
    peer = "('127.0.0.1', 5000)"
    now = 0.0
    for n in range(5):  # five accounts locked: 25 failures, all typing could ever reach
        for _ in range(5):
            guard.failed(f"user{n}", peer, now)
    assert guard.wait("user0", peer, now) == 300.0
    assert guard.wait("alice", "('127.0.0.1', 6000)", now) == 0.0
    now = 3601.0  # the first 25 are forgotten
    for n in range(5, 10):
        for _ in range(5):
            guard.failed(f"user{n}", peer, now)
    assert guard.wait("alice", peer, now) == 0.0
    for _ in range(24):
        guard.failed("user10", peer, now)
    assert guard.wait("alice", peer, now) == 0.0
    guard.failed("user10", peer, now)  # the fiftieth within the hour
    assert guard.wait("alice", "('127.0.0.1', 6001)", now) == 300.0
    assert guard.wait("alice", "('10.0.0.2', 6001)", now) == 0.0
    guard.succeeded("user10", peer)  # a right password elsewhere does not reopen the address
    assert guard.wait("alice", peer, now) == 300.0
    assert guard.wait("alice", peer, now + 300.0) == 0.0
