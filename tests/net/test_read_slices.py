"""The read loop hands a long read over in slices, so the rest of the app runs in between."""

from __future__ import annotations

import asyncio
import time

import pytest

from igs_tui.backends.igs.net import client as client_module
from igs_tui.backends.igs.net.client import ClientConfig, ClientEvent
from igs_tui.backends.igs.protocol.events import Info
from tests.igs_client import igs_client
from tests.net.test_hostile_pipeline import ScriptedTransport


async def read_beside_another_task(
    reads: list[list[str] | Exception], total: int
) -> tuple[list[str], list[int]]:
    """Run a client over ``reads`` while another task counts, at each of its turns, the lines
    handled so far: (the lines handled, the counts the other task saw)."""
    transport = ScriptedTransport(reads)
    handled: list[str] = []
    seen_by_other_task: list[int] = []

    def on_event(event: ClientEvent) -> None:
        if isinstance(event, Info):
            handled.append(event.text)

    async def connect(_address: object) -> ScriptedTransport:
        return transport

    async def other_task() -> None:
        while len(handled) < total:
            seen_by_other_task.append(len(handled))
            await asyncio.sleep(0)

    client = igs_client(
        "alice",
        "secret",
        config=ClientConfig(servers=(transport.address,), reconnect=False),
        on_event=on_event,
        connector=connect,
    )
    other = asyncio.create_task(other_task())
    await asyncio.wait_for(client.run(), 5)
    await other
    return handled, seen_by_other_task


async def test_a_long_read_lets_other_tasks_run_between_its_slices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(client_module, "SLICE_SECONDS", 0.0)  # a slice is one line
    lines = [f"9 line {i}" for i in range(200)]
    handled, seen_by_other_task = await read_beside_another_task([lines], len(lines))
    assert handled == [f"line {i}" for i in range(200)]
    # The other task ran while the one read was being handled, not only before and after it.
    assert any(0 < n < len(lines) for n in seen_by_other_task)


class _SlowClock:
    """``time.perf_counter`` that moves 2 ms at every look: each read of buffered data seems
    to take longer than a millisecond, as decoding and splitting 64 KB does."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.002
        return self.now

    @staticmethod
    def monotonic() -> float:
        return time.monotonic()


async def test_reads_of_buffered_data_that_take_time_still_yield_between_slices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A read that returns at once (data already buffered) lets nothing else run, however
    long it took: the read loop must not count that time as a wait. Reads of 3 lines, each
    read 'taking' 2 ms, a slice of 10 ms: with the time counted as waiting, the slice started
    again at every read and keys waited for the whole listing (seen: 100-145 ms)."""
    monkeypatch.setattr(client_module, "time", _SlowClock())
    monkeypatch.setattr(client_module, "SLICE_SECONDS", 0.01)
    reads: list[list[str] | Exception] = [[f"9 line {i}.{j}" for j in range(3)] for i in range(100)]
    handled, seen_by_other_task = await read_beside_another_task(reads, 300)
    assert len(handled) == 300
    between = sorted({n for n in seen_by_other_task if 0 < n < 300})
    assert len(between) >= 10, between  # the other task ran between many of the slices


class _PausingTransport(ScriptedTransport):
    """Each read waits a turn of the event loop first, as a socket read does."""

    async def receive(self) -> list[str]:
        await asyncio.sleep(0)
        return await super().receive()


async def test_reads_that_make_nothing_to_send_do_not_wake_the_connection_loop() -> None:
    """The connection's loop (keepalive, unanswered commands, sending) is woken after a read
    only when there is something to send, or after SERVE_EVERY: a pass after every read was
    on the way of every move to the screen. Lines still all arrive."""
    from igs_tui.backends.igs.protocol.events import Event
    from igs_tui.backends.igs.protocol.wire import WireSession

    passes: list[int] = []

    class CountingSession(WireSession):
        def expire(self, now: float, timeout: float = 60.0) -> list[Event]:
            passes.append(1)
            return super().expire(now, timeout)

    reads: list[list[str] | Exception] = [[f"9 line {i}"] for i in range(100)]
    transport = _PausingTransport(reads)
    handled: list[str] = []

    async def connect(_address: object) -> ScriptedTransport:
        return transport

    client = igs_client(
        "alice",
        "secret",
        config=ClientConfig(servers=(transport.address,), reconnect=False),
        on_event=lambda e: handled.append(e.text) if isinstance(e, Info) else None,
        wire=lambda user, secret, profile: CountingSession(user, secret),
        connector=connect,
        clock=lambda: 100.0,  # SERVE_EVERY never passes
    )
    await asyncio.wait_for(client.run(), 5)
    assert handled == [f"line {i}" for i in range(100)]
    assert len(passes) < 10, "a pass of the connection's loop per read"


async def test_each_read_ends_with_lines_done_after_its_lines() -> None:
    """The session hears when a read's lines are all handled (the console's batch is applied
    then), after the last line of that read."""
    from igs_tui.backends.igs.session import IgsSession
    from igs_tui.model import changes as ch

    calls: list[str] = []

    class MarkingSession(IgsSession):
        def receive_line(self, line: str) -> list[ch.Change]:
            calls.append(line)
            return super().receive_line(line)

        def lines_done(self) -> list[ch.Change]:
            calls.append("done")
            return super().lines_done()

    reads: list[list[str] | Exception] = [["9 a", "9 b"], ["9 c"]]
    transport = _PausingTransport(reads)

    async def connect(_address: object) -> ScriptedTransport:
        return transport

    client = igs_client(
        "alice",
        "secret",
        config=ClientConfig(servers=(transport.address,), reconnect=False),
        session_class=MarkingSession,
        connector=connect,
    )
    await asyncio.wait_for(client.run(), 5)
    lines = [c for c in calls if c.startswith("9 ")]
    assert lines == ["9 a", "9 b", "9 c"]
    assert calls[calls.index("9 b") + 1] == "done" and calls[calls.index("9 c") + 1] == "done"
