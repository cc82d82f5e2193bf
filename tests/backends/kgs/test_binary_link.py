"""The binary link over real TCP on 127.0.0.1: a handshake the spec does not allow refuses the
login, and a lost connection is followed by a new login that joins the rooms again."""

from __future__ import annotations

import asyncio
import zlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace

import pytest

from igs_tui.backends.kgs.binary_link import BinaryLink, BinaryLinkConfig
from igs_tui.backends.kgs.link_life import LoginFailed
from igs_tui.backends.kgs.protocol.connection import MAX_INFLATED
from igs_tui.backends.kgs.protocol.framing import frame
from igs_tui.backends.kgs.session import KgsSession
from igs_tui.localkgs import KgsServerConfig, LocalKgsServer
from igs_tui.model import ClientModel, LinkState
from tests.polling import wait_until


@pytest.fixture
async def server() -> AsyncIterator[LocalKgsServer]:
    config = replace(KgsServerConfig(), watched_game=False, gone_seconds=1e9)
    srv = LocalKgsServer(config=config, binary_port=0)
    await srv.start()
    yield srv
    await srv.stop()


async def no_pause(_: float) -> None:
    await asyncio.sleep(0)


@asynccontextmanager
async def link_to_a_server_answering(
    reply: bytes,
) -> AsyncIterator[tuple[BinaryLink, ClientModel]]:
    """A link running against a listener on 127.0.0.1 that answers the handshake byte with
    ``reply``, then reads until the client goes."""

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read(1)
        writer.write(reply)
        await writer.drain()
        await reader.read(100)
        writer.close()

    listener = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = listener.sockets[0].getsockname()[1]
    model = ClientModel()
    link = BinaryLink(
        KgsSession("tester", "secret"),
        model.apply,
        config=BinaryLinkConfig("127.0.0.1", port),
        sleep=no_pause,
    )
    task = asyncio.create_task(link.run())
    try:
        yield link, model
    finally:
        await link.close()
        await task
        listener.close()
        await listener.wait_closed()


async def test_a_server_handshake_other_than_3_refuses_the_login() -> None:
    """ "The server sends back his protocol number, which is always 3"."""
    async with link_to_a_server_answering(b"\x09") as (link, model):
        with pytest.raises(LoginFailed, match="handshake byte is 9"):
            await asyncio.wait_for(link.login(), 10)
        assert model.connection.state is LinkState.FAILED


async def test_a_zlib_bomb_from_the_server_is_a_broken_link_reported() -> None:
    """A server whose data inflates a thousandfold, far past the 16 MiB cap the JSON link
    puts on a body: the login fails with the reason (the stream is broken at the cap, never
    inflated whole)."""
    body = b"\x07\x00" + bytes(0xFFFF - 6)
    one = frame(0x4999, body)
    deflate = zlib.compressobj(9)
    bomb = b"".join(deflate.compress(one) for _ in range(1100)) + deflate.flush(zlib.Z_SYNC_FLUSH)
    # ~73 KB that inflate to ~69 MB: any read of more than a quarter of it passes the cap
    assert len(bomb) < 80_000 and 1100 * len(one) > 4 * MAX_INFLATED
    async with link_to_a_server_answering(b"\x03" + bomb) as (link, model):
        with pytest.raises(LoginFailed, match=f"link lost: .*inflate past {MAX_INFLATED} bytes"):
            await asyncio.wait_for(link.login(), 30)
        assert model.connection.state is LinkState.FAILED
        assert "inflate past" in model.connection.detail


async def test_a_lost_connection_logs_in_again_and_rejoins_the_room(
    server: LocalKgsServer,
) -> None:
    assert server.binary_port is not None
    model = ClientModel()
    session = KgsSession("tester", "secret")
    link = BinaryLink(
        session,
        model.apply,
        config=BinaryLinkConfig("127.0.0.1", server.binary_port),
        sleep=no_pause,
    )
    task = asyncio.create_task(link.run())
    try:
        await asyncio.wait_for(link.login(), 10)
        session.join_room(11)
        link.flush()
        await wait_until(lambda: model.room == 11, what="in the English Room")
        first = server.world.by_name["tester"].sid
        front = server._binary
        assert front is not None
        for writer in list(front._writers):
            writer.close()  # the server drops the connection
        await wait_until(
            lambda: (
                "tester" in server.world.by_name
                and server.world.by_name["tester"].sid != first
                and model.connection.state is LinkState.CONNECTED
                and 11 in session.joined_rooms
            ),
            what="logged in again and back in the room",
        )
        room = server.world.channels[11]
        assert "tester" in room.members
    finally:
        await link.logout()
        await task
