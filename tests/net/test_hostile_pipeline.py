"""A hostile or broken server line costs that line, never the connection (issue: a 5000-digit
game number used to raise in the parser, end ``IgsClient.run()`` and leave the status bar
saying "connected" while nothing arrived)."""

from __future__ import annotations

import asyncio

import pytest

from igs_tui.net.decoding import LineDecoder
from igs_tui.net.linesplit import LineSplitter
from igs_tui.net.states import Connected, Disconnected, Reconnecting
from igs_tui.protocol.events import GameHeading, Info, Malformed, Unknown
from igs_tui.protocol.session import IgsSession
from tests.net.fakeigs import FakeIgs, wait_until
from tests.net.test_client import make_client, of_type, stop

HUGE = "9" * 5000


async def test_a_game_number_of_5000_digits_is_an_unknown_line_and_the_link_lives() -> None:
    async with FakeIgs() as fake:
        fake.scripted["games"] = [f"15 Game {HUGE} I: a (0 0 -1) vs b (0 0 -1)", "9 still here"]
        client, events = make_client(fake)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send("games")
        await wait_until(
            lambda: any(isinstance(e, Info) and e.text == "still here" for e in events)
        )
        client.send("observe 12")  # the link still carries commands and answers
        await wait_until(lambda: any(isinstance(e, GameHeading) and e.game == 12 for e in events))
        assert not task.done()
        unknown = [e for e in of_type(events, Unknown) if HUGE in e.text]
        assert len(unknown) == 1 and unknown[0].code == 15
        assert not of_type(events, Disconnected) and not of_type(events, Reconnecting)
        await stop(client, task)


async def test_a_stage_that_raises_costs_one_line_and_is_reported(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    original = IgsSession.receive_line

    def fragile(self: IgsSession, line: str) -> list[object]:
        if "still here" in line:
            raise RuntimeError("reader bug")
        return original(self, line)  # type: ignore[return-value]

    monkeypatch.setattr(IgsSession, "receive_line", fragile)
    async with FakeIgs() as fake:
        fake.scripted["games"] = ["9 still here", "9 and this line is read"]
        client, events = make_client(fake)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send("games")
        await wait_until(
            lambda: any(isinstance(e, Info) and e.text == "and this line is read" for e in events)
        )
        client.send("observe 12")
        await wait_until(lambda: any(isinstance(e, GameHeading) and e.game == 12 for e in events))
        malformed = of_type(events, Malformed)
        assert [m.text for m in malformed] == ["9 still here"]
        assert "RuntimeError: reader bug" in malformed[0].reason
        assert "still here" in caplog.text  # logged with the offending line
        assert not task.done() and len(of_type(events, Connected)) == 1
        await stop(client, task)


async def test_a_splitter_or_decoder_that_raises_costs_its_data_not_the_link(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The line splitter and the decoder never raise by design; if one does, the data it
    failed on is reported (console and log) and the connection keeps reading."""
    original_feed = LineSplitter.feed
    original_decode = LineDecoder.decode

    def feed(self: LineSplitter, data: bytes) -> list[bytes]:
        if b"splitter bomb" in data:
            raise RuntimeError("splitter bug")
        return original_feed(self, data)

    def decode(self: LineDecoder, line: bytes) -> str:
        if b"decoder bomb" in line:
            raise RuntimeError("decoder bug")
        return original_decode(self, line)

    monkeypatch.setattr(LineSplitter, "feed", feed)
    monkeypatch.setattr(LineDecoder, "decode", decode)
    async with FakeIgs() as fake:
        fake.scripted["games"] = ["9 splitter bomb"]
        fake.scripted["who"] = ["9 decoder bomb", "9 after the bomb"]
        client, events = make_client(fake)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send("games")
        await wait_until(
            lambda: any("splitter bug" in m.reason for m in of_type(events, Malformed))
        )
        client.send("who")
        await wait_until(
            lambda: any(isinstance(e, Info) and e.text == "after the bomb" for e in events)
        )
        kept = [e for e in of_type(events, Info) if e.text == "decoder bomb"]
        assert kept  # the line the decoder failed on is kept (as Latin-1) and reported
        assert any("decoder bug" in m.reason for m in of_type(events, Malformed))
        client.send("observe 12")
        await wait_until(lambda: any(isinstance(e, GameHeading) and e.game == 12 for e in events))
        assert not task.done() and len(of_type(events, Connected)) == 1
        await stop(client, task)
