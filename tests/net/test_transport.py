"""TelnetTransport over real TCP on 127.0.0.1 against a scripted fake server."""

from __future__ import annotations

import asyncio

import pytest

from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.backends.igs.net.transport import (
    TelnetTransport,
    TransportClosed,
    TransportError,
    connect_failure_text,
)
from tests.net.fakeserver import FakeConnection, FakeServer
from tests.polling import wait_until


async def collect(transport: TelnetTransport, count: int) -> list[str]:
    lines: list[str] = []
    while len(lines) < count:
        lines += await asyncio.wait_for(transport.receive(), 5)
    return lines


async def test_lines_prompts_and_encodings_arrive_decoded() -> None:
    cr_read = asyncio.Event()

    async def script(conn: FakeConnection) -> None:
        # Spec: "the server will print a welcome message and the prompt "Login: "" (no newline).
        await conn.write(b"Welcome to IGS\r\nLogin: ")
        await conn.read_line()
        await conn.write(b"1 5\r")  # CR and LF in different packets: the LF comes only
        await cr_read.wait()  # after the client has read the line the CR ended
        await conn.write("\n42 NoGo16 围棋 China\r\n".encode())
        await conn.write("24 *taro*: 囲碁\r\n".encode("cp932"))

    async with FakeServer(script) as server:
        transport = await TelnetTransport.connect(
            ServerAddress("127.0.0.1", server.port), legacy_encoding="cp932"
        )
        assert await collect(transport, 2) == ["Welcome to IGS", "Login: "]
        transport.send_line("guest")
        assert await collect(transport, 1) == ["1 5"]
        cr_read.set()
        assert await collect(transport, 2) == ["42 NoGo16 围棋 China", "24 *taro*: 囲碁"]
        await transport.close()
        await transport.close()  # idempotent
    assert server.connections[0].received == [b"guest\r\n"]


async def test_escaped_0xff_arrives_as_one_byte() -> None:
    async def script(conn: FakeConnection) -> None:
        await conn.write(b"9 \xff\xff latin\r\n")  # IAC IAC = literal 0xFF

    async with FakeServer(script) as server:
        transport = await TelnetTransport.connect(
            ServerAddress("127.0.0.1", server.port), legacy_encoding=None
        )
        assert await collect(transport, 1) == ["9 ÿ latin"]
        await transport.close()


async def test_send_encodings_and_iac_escaping() -> None:
    got: list[bytes] = []

    async def script(conn: FakeConnection) -> None:
        for _ in range(3):
            got.append(await conn.read_line())

    async with FakeServer(script) as server:
        transport = await TelnetTransport.connect(ServerAddress("127.0.0.1", server.port))
        transport.send_line("pässÿ", credential=True)
        transport.send_line("tell bob 你好")
        transport.send_line("say a\nquit")
        await transport.drain()
        await wait_until(lambda: len(got) == 3)
        await transport.close()
    # latin-1 ÿ is 0xFF, which telnet must escape as IAC IAC.
    assert got == [b"p\xe4ss\xff\xff", "tell bob 你好".encode(), b"say a quit"]


async def test_eof_flushes_partial_line_then_raises() -> None:
    async def script(conn: FakeConnection) -> None:
        await conn.write(b"1 5\r\nbye without newline")

    async with FakeServer(script) as server:
        transport = await TelnetTransport.connect(ServerAddress("127.0.0.1", server.port))
        assert await collect(transport, 2) == ["1 5", "bye without newline"]
        with pytest.raises(TransportClosed):
            await transport.receive()
        assert transport.closed
        with pytest.raises(TransportClosed):
            transport.send_line("ayt")


async def test_connection_refused_names_address() -> None:
    async with FakeServer(lambda conn: asyncio.sleep(0)) as server:
        port = server.port
    with pytest.raises(TransportError) as caught:
        await TelnetTransport.connect(ServerAddress("127.0.0.1", port), timeout=2)
    # a sentence, not asyncio's "Connect call failed ('127.0.0.1', PORT)"
    assert str(caught.value) == f"nothing is listening at 127.0.0.1:{port} (connection refused)"


def test_connect_failures_name_their_cause() -> None:
    import errno
    import socket

    address = ServerAddress("igs.example", 7777)
    unknown = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    assert "host name is unknown" in connect_failure_text(address, unknown)
    unreachable = OSError(errno.ENETUNREACH, "Network is unreachable")
    assert "cannot be reached" in connect_failure_text(address, unreachable)
    other = OSError(errno.EACCES, "Permission denied")
    assert connect_failure_text(address, other) == "igs.example:7777: Permission denied"


async def test_connect_timeout() -> None:
    # A listening socket that never accepts: connect completes at TCP level, so use an
    # unroutable address instead would hit the network. Instead time out a tiny budget.
    async def never_answers(conn: FakeConnection) -> None:
        await asyncio.Event().wait()

    async with FakeServer(never_answers) as server:
        with pytest.raises(TransportError, match="did not answer within"):
            await TelnetTransport.connect(ServerAddress("127.0.0.1", server.port), timeout=1e-6)


async def test_unknown_legacy_codec_rejected_before_connecting() -> None:
    with pytest.raises(LookupError):
        await TelnetTransport.connect(ServerAddress("127.0.0.1", 1), legacy_encoding="nope")
