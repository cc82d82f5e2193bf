"""A hostile or broken server line costs that line, never the connection (issue: a 5000-digit
game number used to raise in the parser, end ``IgsClient.run()`` and leave the status bar
saying "connected" while nothing arrived)."""

from __future__ import annotations

import asyncio

import pytest

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
