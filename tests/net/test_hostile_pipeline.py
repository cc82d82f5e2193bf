"""A hostile or broken server line costs that line, never the connection (issue: a 5000-digit
game number used to raise in the parser, end ``IgsClient.run()`` and leave the status bar
saying "connected" while nothing arrived)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from igs_tui.backends.igs.net.client import (
    MAX_RECEIVE_FAILURES,
    ClientConfig,
    ClientEvent,
    IgsClient,
)
from igs_tui.backends.igs.net.decoding import LineDecoder
from igs_tui.backends.igs.net.linesplit import LineSplitter
from igs_tui.backends.igs.net.recorder import SessionRecorder
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.backends.igs.net.states import (
    Connected,
    Disconnected,
    Failed,
    Reconnecting,
)
from igs_tui.backends.igs.net.transport import TransportClosed
from igs_tui.backends.igs.protocol.commands import raw
from igs_tui.backends.igs.protocol.events import Event, GameHeading, Info, Malformed, Unknown
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.backends.igs.protocol.wire import WireSession
from igs_tui.model import ClientModel
from tests.igs_client import igs_client, model_of
from tests.net.fakeigs import FakeIgs
from tests.net.test_client import make_client, of_type, stop
from tests.net.test_recorder import FMT, FullDisk
from tests.polling import wait_until

HUGE = "9" * 5000


async def test_a_game_number_of_5000_digits_is_an_unknown_line_and_the_link_lives() -> None:
    async with FakeIgs() as fake:
        fake.scripted["games"] = [f"15 Game {HUGE} I: a (0 0 -1) vs b (0 0 -1)", "9 still here"]
        client, events = make_client(fake)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send(raw("games"))
        await wait_until(
            lambda: any(isinstance(e, Info) and e.text == "still here" for e in events)
        )
        client.send(raw("observe 12"))  # the link still carries commands and answers
        await wait_until(lambda: any(isinstance(e, GameHeading) and e.game == 12 for e in events))
        assert not task.done()
        unknown = [e for e in of_type(events, Unknown) if HUGE in e.text]
        assert len(unknown) == 1 and unknown[0].code == 15
        assert not of_type(events, Disconnected) and not of_type(events, Reconnecting)
        await stop(client, task)


async def test_a_stage_that_raises_costs_one_line_and_is_reported(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    original = WireSession.receive_line

    def fragile(self: WireSession, line: str) -> list[object]:
        if "still here" in line:
            raise RuntimeError("reader bug")
        return original(self, line)  # type: ignore[return-value]

    monkeypatch.setattr(WireSession, "receive_line", fragile)
    async with FakeIgs() as fake:
        fake.scripted["games"] = ["9 still here", "9 and this line is read"]
        client, events = make_client(fake)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send(raw("games"))
        await wait_until(
            lambda: any(isinstance(e, Info) and e.text == "and this line is read" for e in events)
        )
        client.send(raw("observe 12"))
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
        client.send(raw("games"))
        await wait_until(
            lambda: any("splitter bug" in m.reason for m in of_type(events, Malformed))
        )
        client.send(raw("who"))
        await wait_until(
            lambda: any(isinstance(e, Info) and e.text == "after the bomb" for e in events)
        )
        kept = [e for e in of_type(events, Info) if e.text == "decoder bomb"]
        assert kept  # the line the decoder failed on is kept (as Latin-1) and reported
        assert any("decoder bug" in m.reason for m in of_type(events, Malformed))
        client.send(raw("observe 12"))
        await wait_until(lambda: any(isinstance(e, GameHeading) and e.game == 12 for e in events))
        assert not task.done() and len(of_type(events, Connected)) == 1
        await stop(client, task)


def break_on_poison(monkeypatch: pytest.MonkeyPatch, stage: str) -> None:
    """Make one stage of the receive pipeline raise on what carries the word ``poison``."""
    if stage == "splitter":
        feed = LineSplitter.feed

        def split(self: LineSplitter, data: bytes) -> list[bytes]:
            if b"poison" in data:
                raise RuntimeError("splitter bug")
            return feed(self, data)

        monkeypatch.setattr(LineSplitter, "feed", split)
    elif stage == "decoder":
        decode = LineDecoder.decode

        def decoded(self: LineDecoder, line: bytes) -> str:
            if b"poison" in line:
                raise RuntimeError("decoder bug")
            return decode(self, line)

        monkeypatch.setattr(LineDecoder, "decode", decoded)
    else:
        parse = IgsParser.feed_line  # the parser's own safety net is bypassed on purpose

        def parsed(self: IgsParser, line: str) -> list[Event]:
            if "poison" in line:
                raise RuntimeError("parser bug")
            return parse(self, line)

        monkeypatch.setattr(IgsParser, "feed_line", parsed)


def console_client(fake: FakeIgs) -> tuple[IgsClient, list[ClientEvent], ClientModel]:
    """A client whose session's changes reach a model, as in the app."""
    client, events = make_client(fake)
    return client, events, model_of(client)


@pytest.mark.parametrize("stage", ["splitter", "decoder", "parser"])
async def test_a_raising_stage_is_shown_in_the_console_and_the_next_lines_arrive(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, stage: str
) -> None:
    break_on_poison(monkeypatch, stage)
    async with FakeIgs() as fake:
        fake.scripted["games"] = ["9 poison pill"]
        fake.scripted["who"] = ["9 the next line"]
        client, events, model = console_client(fake)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send(raw("games"))
        await wait_until(lambda: any(isinstance(e, Malformed) for e in events))
        client.send(raw("who"))
        await wait_until(
            lambda: any(isinstance(e, Info) and e.text == "the next line" for e in events)
        )
        client.send(raw("observe 12"))
        await wait_until(lambda: any(isinstance(e, GameHeading) and e.game == 12 for e in events))
        shown = [c.text for c in model.console if c.kind == "error" and "poison" in c.text]
        assert len(shown) == 1 and f"RuntimeError: {stage} bug" in shown[0], model.console
        assert "poison" in caplog.text and f"{stage} bug" in caplog.text  # logged with the data
        assert not task.done() and len(of_type(events, Connected)) == 1
        assert not of_type(events, Disconnected)
        await stop(client, task)


async def test_a_transcript_on_a_full_disk_costs_the_transcript_not_the_link(
    tmp_path: Path,
) -> None:
    recorders: list[SessionRecorder] = []

    def full_disk(address: ServerAddress) -> SessionRecorder:
        stream = FullDisk(room=3)  # the header and the first lines, then ENOSPC
        recorders.append(SessionRecorder(stream, tmp_path / "t.log", password=None, fmt=FMT))
        return recorders[-1]

    async with FakeIgs() as fake:
        fake.scripted["games"] = ["9 still here"]
        client, events = make_client(fake)
        client._recorder_factory = full_disk
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send(raw("games"))
        await wait_until(
            lambda: any(isinstance(e, Info) and e.text == "still here" for e in events)
        )
        assert recorders and recorders[0]._stream.closed  # recording stopped at the full disk
        assert not task.done() and not of_type(events, Disconnected)
        await stop(client, task)


class ScriptedTransport:
    """A line transport that plays ``script``: a list of lines is one read, an exception one
    failed read; then the server closes the link."""

    def __init__(self, script: list[list[str] | Exception]) -> None:
        self.address = ServerAddress("127.0.0.1", 1)
        self.script = script

    async def receive(self) -> list[str]:
        if not self.script:
            raise TransportClosed("closed by server")
        item = self.script.pop(0)
        if isinstance(item, Exception):
            raise item
        return item

    def send_line(self, text: str, *, credential: bool = False) -> None:
        pass

    async def drain(self) -> None:
        pass

    async def close(self) -> None:
        pass


async def run_scripted(script: list[list[str] | Exception]) -> list[ClientEvent]:
    events: list[ClientEvent] = []
    transport = ScriptedTransport(script)

    async def connect(address: ServerAddress) -> ScriptedTransport:
        return transport

    client = igs_client(
        "alice",
        "secret",
        config=ClientConfig(servers=(transport.address,), reconnect=False),
        on_event=events.append,
        connector=connect,
    )
    await asyncio.wait_for(client.run(), 5)
    return events


async def test_a_transport_that_raises_is_reported_and_read_again() -> None:
    bug: Exception = RuntimeError("transport bug")
    events = await run_scripted([bug] * (MAX_RECEIVE_FAILURES - 1) + [["9 x"]] + [bug] * 2)
    assert len(of_type(events, Malformed)) == MAX_RECEIVE_FAILURES + 1
    assert all("transport bug" in m.reason for m in of_type(events, Malformed))
    assert [d.reason for d in of_type(events, Disconnected)] == ["connection closed by server"]


async def test_a_transport_that_fails_every_read_is_a_lost_link_not_silence() -> None:
    events = await run_scripted([RuntimeError("transport bug")] * 50)
    assert len(of_type(events, Malformed)) == MAX_RECEIVE_FAILURES
    (lost,) = of_type(events, Disconnected)
    assert "cannot read from the server: transport bug" in lost.reason
    assert of_type(events, Failed)


async def test_a_change_the_model_cannot_take_is_shown_and_the_next_ones_apply(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A model handler that raises on one change costs that change (shown in the console,
    logged), not the connection nor the changes after it."""
    from igs_tui.model import BufferKey, ChatKind
    from igs_tui.model import changes as ch

    async with FakeIgs() as fake:
        fake.scripted["games"] = ["24 *bob*: poison pill", "24 *bob*: after it"]
        client, _events = make_client(fake)
        model = model_of(client)
        apply = model.apply

        def fragile(change: ch.Change) -> None:
            if isinstance(change, ch.ChatAdded) and change.text == "poison pill":
                raise RuntimeError("model bug")
            apply(change)

        client._apply = fragile
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send(raw("games"))
        bob = BufferKey(ChatKind.TELL, "bob")
        await wait_until(lambda: bob in model.buffers and bool(model.buffers[bob].messages))
        assert [m.text for m in model.buffers[bob].messages] == ["after it"]
        shown = [c.text for c in model.console if c.kind == "error" and "model bug" in c.text]
        assert shown == ["igs-tui could not apply a ChatAdded (RuntimeError: model bug)"]
        assert not task.done() and "model bug" in caplog.text
        await stop(client, task)
