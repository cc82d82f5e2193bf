"""The in-memory link behaves like a TCP connection under asyncio: order, end of stream both
ways, close, reset, flow control; the client's telnet transport and the local server run
over it unchanged."""

from __future__ import annotations

import asyncio

import pytest

from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.backends.igs.net.transport import TelnetTransport, TransportClosed, TransportError
from igs_tui.localserver.memory_link import MEMORY_PEER, memory_link
from igs_tui.localserver.server import LocalServer
from tests.in_memory import MemoryLinks
from tests.localserver.client import Client
from tests.localserver.conftest import fast_config

ADDRESS = ServerAddress("memory", 0)


async def read_all(reader: asyncio.StreamReader) -> bytes:
    data = b""
    while chunk := await reader.read(100):
        data += chunk
    return data


async def test_bytes_go_both_ways_in_order() -> None:
    (a_reader, a_writer), (b_reader, b_writer) = memory_link()
    a_writer.write(b"one ")
    a_writer.write(bytearray(b"two "))
    a_writer.write(memoryview(b"three"))
    a_writer.write(b"")
    await a_writer.drain()
    assert await b_reader.read(100) == b"one two three"  # what is buffered, in one read
    b_writer.write(b"back")
    assert await a_reader.read(2) == b"ba"
    assert await a_reader.read(100) == b"ck"
    assert a_writer.get_extra_info("peername") == MEMORY_PEER
    assert b_writer.get_extra_info("sockname", "none") == "none"


async def test_close_is_end_of_stream_after_what_was_written_both_ways() -> None:
    (a_reader, a_writer), (b_reader, b_writer) = memory_link()
    a_writer.write(b"last words")
    b_writer.write(b"unread by a")
    a_writer.close()
    assert a_writer.is_closing() and not b_writer.is_closing()
    await a_writer.wait_closed()
    assert await read_all(b_reader) == b"last words"
    assert await b_reader.read(100) == b""  # and stays ended
    assert await read_all(a_reader) == b"unread by a"  # our own reader: buffered, then EOF
    a_writer.write(b"after close")  # dropped, as asyncio drops it
    b_writer.write(b"to a closed peer")  # dropped too
    await b_writer.drain()  # the peer's close does not make our drain fail
    with pytest.raises(ConnectionResetError):
        await a_writer.drain()
    b_writer.close()
    assert await b_reader.read(100) == b"" and await a_reader.read(100) == b""
    a_writer.close()  # a second close is harmless


async def test_cut_resets_both_ends_and_loses_what_was_on_its_way() -> None:
    (a_reader, a_writer), (b_reader, b_writer) = memory_link()
    a_writer.write(b"never read")
    b_writer.write(b"never read either")
    b_writer.cut()
    assert a_writer.is_closing() and b_writer.is_closing()
    for reader in (a_reader, b_reader):
        with pytest.raises(ConnectionResetError):
            await reader.read(100)
    for writer in (a_writer, b_writer):
        writer.write(b"into the void")
        with pytest.raises(ConnectionResetError):
            await writer.drain()
        await writer.wait_closed()


async def test_cut_after_an_orderly_close_leaves_the_closed_end_ended() -> None:
    (a_reader, a_writer), (b_reader, b_writer) = memory_link()
    a_writer.write(b"bye")
    a_writer.close()
    b_writer.cut()
    assert await read_all(a_reader) == b""
    with pytest.raises(ConnectionResetError):
        await b_reader.read(100)


async def test_a_large_write_is_flow_controlled_and_arrives_whole() -> None:
    """The writer's drain holds it back while the peer has more than twice its limit unread;
    without that the writer would send everything before the reader ran."""
    limit, chunk, count = 16 * 1024, 8 * 1024, 64
    (_a_reader, a_writer), (b_reader, _b_writer) = memory_link(limit=limit)
    payload = bytes(range(256)) * (chunk * count // 256)
    sent: list[int] = []  # bytes read by the peer when each chunk's drain returned
    received = bytearray()

    async def produce() -> None:
        for start in range(0, len(payload), chunk):
            a_writer.write(payload[start : start + chunk])
            await a_writer.drain()
            sent.append(start + chunk - len(received))
        a_writer.close()

    async def consume() -> None:
        while data := await b_reader.read(limit):
            received.extend(data)

    await asyncio.gather(produce(), consume())
    assert bytes(received) == payload
    assert max(sent) <= 2 * limit + chunk  # never further ahead than the pause mark
    assert len(sent) == count


async def test_a_closing_peer_wakes_a_writer_held_back_by_flow_control() -> None:
    limit = 1024
    (_a_reader, a_writer), (_b_reader, b_writer) = memory_link(limit=limit)
    a_writer.write(b"x" * (3 * limit))
    started = asyncio.Event()

    async def held_back() -> None:
        started.set()
        await a_writer.drain()

    drain = asyncio.ensure_future(held_back())
    await started.wait()  # the task ran up to the drain, which waits for the reader
    assert not drain.done()
    b_writer.close()
    await asyncio.wait_for(drain, 5)  # returns: the peer is gone, nothing to wait for


async def test_the_telnet_transport_reads_lines_over_a_memory_link() -> None:
    """Prompts without a line end, CR LF split between writes, telnet commands (which no
    telnet library strips here), UTF-8; sent lines end in CR LF; the end of the stream gives
    the last unterminated line, then TransportClosed."""
    (reader, writer), (server_reader, server_writer) = memory_link()
    transport = TelnetTransport.over_stream(reader, writer, ADDRESS)
    server_writer.write(b"IGS\r")
    assert await transport.receive() == ["IGS"]
    server_writer.write(b"\nLogin: ")
    assert await transport.receive() == ["Login: "]
    transport.send_line("alice")
    assert await server_reader.read(100) == b"alice\r\n"
    server_writer.write(bytes([255, 253, 24]) + "9 Grüße 围棋\r\n".encode() + b"1 5")
    assert await transport.receive() == ["9 Grüße 围棋"]
    server_writer.close()
    assert await transport.receive() == ["1 5"]
    with pytest.raises(TransportClosed):
        await transport.receive()
    await transport.close()
    assert transport.closed and writer.is_closing()


async def test_a_cut_link_is_a_broken_connection_for_the_transport() -> None:
    (reader, writer), (_server_reader, server_writer) = memory_link()
    transport = TelnetTransport.over_stream(reader, writer, ADDRESS)
    server_writer.write(b"lost on the way\r\n")
    server_writer.cut()
    with pytest.raises(TransportError) as caught:
        await transport.receive()
    assert not isinstance(caught.value, TransportClosed)
    assert "reset" in str(caught.value)
    with pytest.raises(TransportClosed):
        transport.send_line("who")


async def test_a_server_that_never_listened_serves_memory_clients_and_stop_ends_them() -> None:
    server = LocalServer(config=fast_config())
    try:
        reader, writer = server.connect_in_memory()
        client = Client(reader, writer)
        assert await client.login("alice", "alice") == "alice"
        assert server.port == 0 and server._server is None  # no socket at all
        # The world runs: the bots are online, the timers tick.
        assert "igsbot" in server.hub.users and "alice" in server.hub.users
        assert server._tasks
    finally:
        await server.stop()
    # stop() said so (IGS's code-4 notice, pzorin/qgo src/network/igsconnection.cpp:1127)
    # and closed the connection
    assert await read_all(reader) == b"4 **** Server shutdown started by admin. ****\r\n"
    assert not server._connections


async def test_a_stop_right_after_connecting_ends_the_connection() -> None:
    server = LocalServer(config=fast_config())
    reader, _writer = server.connect_in_memory()
    await server.stop()  # before the connection's task first ran
    assert not server._connections
    assert await read_all(reader) == b""  # nothing was sent, and the stream ended


async def test_memory_links_open_afresh_and_cut_like_a_dropped_connection() -> None:
    server = LocalServer(config=fast_config())
    links = MemoryLinks(server)
    try:
        first = await links(ADDRESS)
        second = await links(ADDRESS)
        assert links.opened == 2 and links.live == 2
        await second.close()
        assert links.live == 1
        assert links.cut() == 1 and links.live == 0
        with pytest.raises(TransportError):
            while True:
                await first.receive()
        third = await links(ADDRESS)
        assert (await third.receive())[0] == "IGS-compatible local server (igs-tui)"
        assert links.opened == 3 and links.live == 1
    finally:
        await server.stop()
