"""IgsClient against a scripted fake IGS over 127.0.0.1: login, keepalive, reconnect, restore."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import TypeVar

import pytest

from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.client import ClientConfig, ClientEvent, IgsClient
from igs_tui.backends.igs.net.recorder import REDACTED, SessionRecorder, transcript_recorder
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.backends.igs.net.states import (
    Connected,
    Connecting,
    Disconnected,
    Failed,
    LagMeasured,
    LoggingIn,
    Reconnecting,
)
from igs_tui.backends.igs.protocol.commands import raw
from igs_tui.backends.igs.protocol.events import Ayt, CommandReply, GameHeading, LoginComplete, Move
from tests.igs_client import igs_client
from tests.net.fakeigs import PASSWORD, FakeIgs
from tests.polling import wait_until

FAST_BACKOFF = BackoffPolicy(initial=0.01, factor=2, maximum=0.05, jitter=0.5, max_attempts=3)


def make_client(
    fake: FakeIgs, username: str = "alice", password: str = PASSWORD, **config: object
) -> tuple[IgsClient, list[ClientEvent]]:
    events: list[ClientEvent] = []
    settings: dict[str, object] = {
        "servers": (ServerAddress("127.0.0.1", fake.port),),
        "backoff": FAST_BACKOFF,
        "login_timeout": 5.0,
    }
    settings.update(config)
    client = igs_client(
        username,
        password,
        config=ClientConfig(**settings),  # type: ignore[arg-type]
        on_event=events.append,
        rng=random.Random(1),
    )
    return client, events


T = TypeVar("T")


def of_type(events: list[ClientEvent], kind: type[T]) -> list[T]:
    return [e for e in events if isinstance(e, kind)]


async def stop(client: IgsClient, task: asyncio.Task[None]) -> None:
    await client.close()
    await asyncio.wait_for(task, 5)


async def test_login_setup_and_commands() -> None:
    async with FakeIgs() as fake:
        client, events = make_client(fake)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        assert client.logged_in_as == "alice"
        # The session's setup sequence goes out first, every toggle with an explicit value.
        await wait_until(lambda: len(fake.sent_by(0)) >= 6)
        assert fake.sent_by(0)[0] == "toggle client on"
        assert client.send(raw("who"))
        await wait_until(lambda: "who" in fake.sent_by(0))
        await wait_until(
            lambda: any(r.command.line == "who" for r in of_type(events, CommandReply))
        )
        await stop(client, task)
    kinds = [type(e) for e in events if isinstance(e, Connecting | LoggingIn | Connected)]
    assert kinds == [Connecting, LoggingIn, Connected]
    assert of_type(events, LoginComplete) == [LoginComplete("alice", False)]
    assert of_type(events, Disconnected)[-1].reason == "closed by user"
    # Username and password went out on the wire, once each.
    assert fake.server is not None
    assert fake.server.connections[0].received[:2] == [b"alice\r\n", PASSWORD.encode() + b"\r\n"]


async def test_sending_honours_the_session_throttle() -> None:
    # IGS kicks clients that flood it: the pump must never write faster than the token bucket
    # allows. Checked as an invariant (at most burst + rate * elapsed commands by any moment),
    # which holds however slow the machine is.
    rate, burst = 20.0, 2.0
    async with FakeIgs() as fake:
        client, _ = make_client(fake)
        client.session = igs_client("alice", PASSWORD, rate=rate, burst=burst).session
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected and len(fake.sent_by(0)) >= 6)  # setup done
        start = asyncio.get_running_loop().time()
        for n in range(8):
            client.send(raw(f"tell bob {n}"))
        await wait_until(lambda: len(fake.sent_by(0)) >= 14)
        await stop(client, task)
    tells = [(line, t) for line, t in fake.arrivals if line.startswith("tell")]
    assert [line for line, _ in tells] == [f"tell bob {n}" for n in range(8)]
    for count, (_, arrived) in enumerate(tells, start=1):
        assert count <= burst + rate * (arrived - start) + 1e-6


async def test_guest_login_and_async_iterator() -> None:
    async with FakeIgs() as fake:
        client, _ = make_client(fake, username="guest")
        seen: list[ClientEvent] = []

        async def consume() -> None:
            async for event in client.events():
                seen.append(event)

        consumer = asyncio.create_task(consume())
        await asyncio.sleep(0)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        await stop(client, task)
        await asyncio.wait_for(consumer, 5)  # the iterator ends when run() ends
    assert LoginComplete("guest1234", True) in seen
    connected = of_type(seen, Connected)
    assert connected[0].name == "guest1234" and connected[0].guest


async def test_wrong_password_fails_without_reconnecting() -> None:
    async with FakeIgs() as fake:
        client, events = make_client(fake, password="wrong")
        await asyncio.wait_for(client.run(), 10)
    assert isinstance(events[-1], Failed)
    assert "rejected" in events[-1].reason
    assert not of_type(events, Reconnecting)
    assert fake.server is not None and len(fake.server.connections) == 1


async def test_failing_consumer_does_not_break_the_connection(
    caplog: pytest.LogCaptureFixture,
) -> None:
    seen: list[ClientEvent] = []

    def fragile(event: ClientEvent) -> None:
        seen.append(event)
        if isinstance(event, LoginComplete):
            raise RuntimeError("consumer bug")

    async with FakeIgs() as fake:
        client, _ = make_client(fake)
        client._on_event = fragile
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send(raw("who"))
        await wait_until(
            lambda: any(isinstance(e, CommandReply) and e.command.line == "who" for e in seen)
        )
        await stop(client, task)
    assert "consumer bug" in caplog.text
    assert any(isinstance(e, Connected) for e in seen)


async def test_quit_ends_the_client_without_reconnecting() -> None:
    async with FakeIgs() as fake:
        client, events = make_client(fake)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send(raw("quit"))
        await asyncio.wait_for(task, 5)
    assert of_type(events, Disconnected)[-1].reason == "quit"
    assert not of_type(events, Reconnecting)
    assert fake.server is not None and len(fake.server.connections) == 1


@pytest.mark.parametrize(
    ("settings", "error"),
    [
        ({"servers": ()}, ValueError),
        ({"keepalive_idle": 0}, ValueError),
        ({"login_timeout": -1}, ValueError),
        ({"legacy_encoding": "no-such-codec"}, LookupError),
    ],
)
def test_bad_config_rejected_at_construction(
    settings: dict[str, object], error: type[Exception]
) -> None:
    with pytest.raises(error):
        ClientConfig(**settings)  # type: ignore[arg-type]


async def test_cancelling_run_closes_the_connection() -> None:
    async with FakeIgs() as fake:
        client, _ = make_client(fake)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        task.cancel()
        done, _ = await asyncio.wait({task}, timeout=5)
        assert task in done and task.cancelled(), "a cancelled run() must end, not carry on"
        assert not client.connected
        assert fake.server is not None
        conn = fake.server.connections[0]
        try:
            rest = await asyncio.wait_for(conn.reader.read(), 5)
        except ConnectionResetError:
            rest = b""  # closed with our lines unread by the client: the kernel sends a reset
        assert rest == b""  # the socket was closed


async def test_send_while_disconnected_is_refused() -> None:
    async with FakeIgs() as fake:
        client, _ = make_client(fake)
        assert not client.send(raw("who"))


async def test_keepalive_sends_ayt_when_idle() -> None:
    # Spec (ayt): 'The "Are You There" command will always result in the answer: 9 yes'
    async with FakeIgs() as fake:
        client, events = make_client(fake, keepalive_idle=0.1, keepalive_timeout=1.0)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: fake.sent_by(0).count("ayt") >= 2)
        assert client.connected  # answered: still the first connection
        await stop(client, task)
    assert fake.server is not None and len(fake.server.connections) == 1
    assert len(of_type(events, Ayt)) >= 1
    lags = of_type(events, LagMeasured)
    assert lags and all(lag.seconds >= 0 for lag in lags)
    assert client.lag == lags[-1].seconds
    assert not isinstance(client.state, LagMeasured)  # lag is not a link state
    assert not [e for e in of_type(events, Disconnected) if e.reason != "closed by user"]


async def test_dead_connection_detected_and_reconnected() -> None:
    async with FakeIgs(answer_ayt=False) as fake:
        client, events = make_client(fake, keepalive_idle=0.05, keepalive_timeout=0.1)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: len(fake.logins) >= 2)
        await stop(client, task)
    reasons = [e.reason for e in of_type(events, Disconnected)]
    assert "no answer from the server (keepalive timed out)" in reasons
    assert of_type(events, Reconnecting)[0].attempt == 1


async def test_reconnect_restores_observed_games_and_own_game() -> None:
    fake = FakeIgs(own_game=(44, "alice", "bob"), drop_after={0: "observe 17"})
    async with fake:
        client, events = make_client(fake)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send(raw("observe 233"))
        client.send(raw("observe 5"))
        client.send(raw("observe 5"))  # toggled off again: spec "enter the same command again"
        client.send(raw("observe 17"))  # the server drops the link on this one
        await wait_until(lambda: len(fake.logins) >= 2)
        await wait_until(lambda: "moves 17" in fake.sent_by(1))
        restore = [c for c in fake.sent_by(1) if c.split()[0] in ("load", "observe", "moves")]
        assert restore == ["load alice-bob", "observe 233", "moves 233", "observe 17", "moves 17"]
        disconnected = [e for e in of_type(events, Disconnected) if e.forfeit_deadline]
        assert disconnected, "an interrupted own game must come with a forfeit deadline"
        # The reloaded game's heading (new number 144) ends the countdown.
        await wait_until(lambda: client.forfeit_deadline is None)
        assert (
            client.session.memory.own_game is not None
            and client.session.memory.own_game.number == 144
        )
        # The server answers "moves 17" after receiving it: wait for the answer, not the send.
        await wait_until(lambda: len([e for e in of_type(events, Move) if e.game == 17]) >= 2)
        moves = [e for e in of_type(events, Move) if e.game == 17]
        assert [m.number for m in moves] == [0, 1]
        await stop(client, task)
    connected = of_type(events, Connected)
    assert connected[1].restoring == (
        "load alice-bob",
        "observe 233",
        "moves 233",
        "observe 17",
        "moves 17",
    )
    assert of_type(events, GameHeading)


@pytest.mark.parametrize(("stable_after", "attempts"), [(30.0, [1, 2]), (0.0, [1, 1])])
async def test_backoff_restarts_only_after_a_stable_connection(
    stable_after: float, attempts: list[int]
) -> None:
    # Two copies of a client throwing each other out must not reconnect at full speed forever.
    drops = {0: "toggle client on", 1: "toggle client on"}
    async with FakeIgs(drop_after=drops) as fake:
        client, events = make_client(fake, stable_after=stable_after)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: len(fake.logins) == 3 and client.connected)
        await stop(client, task)
    assert [e.attempt for e in of_type(events, Reconnecting)] == attempts


async def test_refused_observe_is_not_remembered() -> None:
    async with FakeIgs() as fake:
        client, _ = make_client(fake)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send(raw("observe 999"))
        client.send(raw("observe 12"))
        assert client.session.memory.observed == (999, 12)
        await wait_until(lambda: client.session.memory.observed == (12,))
        await stop(client, task)


async def test_falls_back_to_next_server() -> None:
    async with FakeIgs() as fake:
        closed = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
        dead_port = closed.sockets[0].getsockname()[1]
        closed.close()
        await closed.wait_closed()
        servers = (ServerAddress("127.0.0.1", dead_port), ServerAddress("127.0.0.1", fake.port))
        client, events = make_client(fake, servers=servers)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        await stop(client, task)
    assert [e.address.port for e in of_type(events, Connecting)] == [dead_port, fake.port]


async def test_gives_up_after_max_attempts() -> None:
    closed = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = closed.sockets[0].getsockname()[1]
    closed.close()
    await closed.wait_closed()
    client = igs_client(
        "alice",
        PASSWORD,
        config=ClientConfig(servers=(ServerAddress("127.0.0.1", port),), backoff=FAST_BACKOFF),
        rng=random.Random(3),
    )
    events: list[ClientEvent] = []
    client._on_event = events.append
    await asyncio.wait_for(client.run(), 5)
    assert [e.attempt for e in of_type(events, Reconnecting)] == [1, 2, 3]
    assert isinstance(events[-1], Failed) and "gave up after 3 attempts" in events[-1].reason


async def test_no_reconnect_when_disabled() -> None:
    async with FakeIgs(drop_after={0: "who"}) as fake:
        client, events = make_client(fake, reconnect=False)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send(raw("who"))
        await asyncio.wait_for(task, 5)
    assert isinstance(events[-1], Failed)
    assert not of_type(events, Reconnecting)


async def test_login_timeout_counts_as_lost_link() -> None:
    async def mute(conn: object) -> None:
        await asyncio.Event().wait()  # never says anything

    from tests.net.fakeserver import FakeServer

    async with FakeServer(mute) as server:
        client = igs_client(
            "alice",
            PASSWORD,
            config=ClientConfig(
                servers=(ServerAddress("127.0.0.1", server.port),),
                login_timeout=0.05,
                reconnect=False,
            ),
        )
        events: list[ClientEvent] = []
        client._on_event = events.append
        await asyncio.wait_for(client.run(), 5)
    assert of_type(events, Disconnected)[0].reason == "login timed out"


async def test_recorder_gets_transcript_without_password(tmp_path: Path) -> None:
    recorders: list[SessionRecorder] = []
    make_recorder = transcript_recorder(PASSWORD, tmp_path)

    def factory(address: ServerAddress) -> SessionRecorder:
        recorders.append(make_recorder(address))
        return recorders[-1]

    async with FakeIgs() as fake:
        client, _ = make_client(fake)
        client._recorder_factory = factory
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send(raw("who"))
        await wait_until(lambda: "who" in fake.sent_by(0))
        await stop(client, task)
    text = recorders[0].path.read_text(encoding="utf-8")
    assert PASSWORD not in text
    assert f"> {REDACTED}" in text
    assert "< Login: " in text and "> alice" in text and "> who" in text


async def test_run_twice_concurrently_is_an_error() -> None:
    async with FakeIgs() as fake:
        client, _ = make_client(fake)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        with pytest.raises(RuntimeError, match="already running"):
            await client.run()
        await stop(client, task)


async def test_retry_now_cuts_the_backoff_wait() -> None:
    """Reconnect now: while the client waits out a long backoff, it tries again at once."""
    slow = BackoffPolicy(initial=600.0, factor=1, maximum=600.0, jitter=0.0, max_attempts=None)
    async with FakeIgs(drop_after={0: "who"}) as fake:
        client, events = make_client(fake, backoff=slow)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        assert not client.retry_now()  # connected: nothing to cut short
        client.send(raw("who"))
        await wait_until(lambda: bool(of_type(events, Reconnecting)))
        assert client.retry_now()
        await wait_until(lambda: len(fake.logins) == 2, timeout=10)
        assert client.connected or not task.done()
        await stop(client, task)
    assert [e.attempt for e in of_type(events, Reconnecting)] == [1]


async def test_run_again_after_giving_up() -> None:
    """A client that gave up (no reconnects) can be run again: it logs in anew and keeps what
    it remembered (the observed games)."""
    async with FakeIgs(drop_after={0: "who"}) as fake:
        client, _events = make_client(fake, reconnect=False)
        task = asyncio.create_task(client.run())
        await wait_until(lambda: client.connected)
        client.send(raw("who"))
        await asyncio.wait_for(task, 5)
        assert isinstance(client.state, Failed)
        assert not client.retry_now()  # not waiting: the caller runs it again
        task = asyncio.create_task(client.run())
        await wait_until(lambda: len(fake.logins) == 2)
        await stop(client, task)
