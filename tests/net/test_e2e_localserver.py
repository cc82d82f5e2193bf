"""End to end over 127.0.0.1: IgsClient <-> LocalServer, directly and through a cutting proxy."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from igs_tui.apps.parse_cli import run_parse_cli
from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.client import ClientConfig, ClientEvent, IgsClient
from igs_tui.backends.igs.net.recorder import transcript_recorder
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.backends.igs.net.states import Connected, Disconnected, Failed, Reconnecting
from igs_tui.backends.igs.protocol.commands import raw
from igs_tui.backends.igs.protocol.events import CommandReply, GamesEntry, LoginComplete, Move
from igs_tui.go.coords import format_point
from igs_tui.localserver.broadcast import load_record
from igs_tui.localserver.config import ServerConfig
from igs_tui.localserver.server import LocalServer
from tests.igs_client import igs_client
from tests.net.proxy import CuttingProxy
from tests.polling import wait_until

BROADCAST_INTERVAL = 0.02


@dataclass
class MoveLog:
    """Reconstructs move lists per game from protocol events: number -> point, deduplicated.

    A move number seen twice must carry the same point: a different one would be a corrupted
    or misattributed move, which is exactly what reconnecting must not produce.
    """

    moves: dict[int, dict[int, str | None]] = field(default_factory=dict)
    conflicts: list[tuple[int, int, str | None, str | None]] = field(default_factory=list)

    def __call__(self, event: ClientEvent) -> None:
        if isinstance(event, Move) and event.game is not None:
            game = self.moves.setdefault(event.game, {})
            known = game.get(event.number, event.point)
            if known != event.point:
                self.conflicts.append((event.game, event.number, known, event.point))
            game[event.number] = event.point

    def count(self, game: int) -> int:
        return len(self.moves.get(game, {}))


@pytest.fixture
async def server() -> AsyncIterator[LocalServer]:
    config = ServerConfig(
        broadcast_interval=BROADCAST_INTERVAL,
        broadcast_restart_delay=60.0,
        bot_games=0,
        bot_delay=0.01,
    )
    local = LocalServer(config=config)
    await local.start()
    yield local
    await local.stop()


def make_client(
    port: int,
    username: str,
    password: str,
    *sinks: Callable[[ClientEvent], None],
    backoff: BackoffPolicy | None = None,
    stable_after: float = 0.1,
) -> tuple[IgsClient, list[ClientEvent]]:
    events: list[ClientEvent] = []

    def on_event(event: ClientEvent) -> None:
        events.append(event)
        for sink in sinks:
            sink(event)

    client = igs_client(
        username,
        password,
        rate=200.0,
        burst=30.0,
        config=ClientConfig(
            servers=(ServerAddress("127.0.0.1", port),),
            backoff=backoff
            or BackoffPolicy(initial=0.02, maximum=0.1, jitter=0.5, max_attempts=20),
            login_timeout=5.0,
            stable_after=stable_after,
        ),
        on_event=on_event,
        rng=random.Random(5),
    )
    return client, events


async def start(client: IgsClient) -> asyncio.Task[None]:
    task = asyncio.create_task(client.run())
    await wait_until(lambda: client.connected)
    return task


async def stop(client: IgsClient, task: asyncio.Task[None]) -> None:
    await client.close()
    await asyncio.wait_for(task, 5)


async def broadcast_game(client: IgsClient, events: list[ClientEvent]) -> int:
    """The relay game's number, from a ``games`` listing (both names the same, per the spec)."""
    client.send(raw("games"))
    await wait_until(
        lambda: any(isinstance(e, CommandReply) and e.command.line == "games" for e in events)
    )
    entries = [e for e in events if isinstance(e, GamesEntry) and e.white == e.black]
    assert entries, "the local server lists a relay game"
    return entries[0].game


async def test_registered_and_guest_login(server: LocalServer) -> None:
    alice, alice_events = make_client(server.port, "alice", "alice")
    guest, guest_events = make_client(server.port, "nosuchname", "")
    tasks = [await start(alice), await start(guest)]
    assert alice.logged_in_as == "alice"
    # Spec: "If you send a username that doesn't exist, you will [be] logged in a guest account
    # with the name guestXXXX"
    logins = [e for e in guest_events if isinstance(e, LoginComplete)]
    assert logins[0].guest and logins[0].name.startswith("guest")
    assert not [e for e in alice_events if isinstance(e, LoginComplete) and e.guest]
    await stop(alice, tasks[0])
    await stop(guest, tasks[1])


async def test_a_locked_account_is_reported_with_the_servers_words(server: LocalServer) -> None:
    """Five wrong passwords for alice lock alice, not everyone at 127.0.0.1: bob still logs
    in; alice with her right password is refused with the server's lockout text and the
    wait, not "wrong password" (issue 26). The five failures go to the guard directly: real
    attempts would race its growing delays on a slow machine."""
    wrong, wrong_events = make_client(server.port, "alice", "typo")
    await asyncio.wait_for(wrong.run(), 10)
    assert isinstance(wrong_events[-1], Failed)
    assert wrong_events[-1].reason == "login as alice rejected: wrong password"
    for _ in range(5):
        server.hub.login_guard.failed("alice", "('127.0.0.1', 1)", server.hub.now())
    bob, _ = make_client(server.port, "bob", "bob")
    await stop(bob, await start(bob))
    alice, alice_events = make_client(server.port, "alice", "alice")
    await asyncio.wait_for(alice.run(), 10)
    failed = alice_events[-1]
    assert isinstance(failed, Failed)
    assert failed.reason.startswith(
        "login as alice rejected: Too many failed logins: try again in "
    )
    assert "wrong password" not in failed.reason


async def test_observe_gets_moves_and_transcript_parses(
    server: LocalServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = MoveLog()
    client, events = make_client(server.port, "bob", "bob", log)
    client._recorder_factory = transcript_recorder("bob", tmp_path)
    task = await start(client)
    game = await broadcast_game(client, events)
    client.send(raw(f"observe {game}"))
    await wait_until(lambda: log.count(game) >= 5)
    assert client.session.memory.observed == (game,)
    numbers = sorted(log.moves[game])
    assert numbers == list(range(len(numbers)))
    await stop(client, task)
    # The transcript is what `igs-tui parse` reads: same moves, and no password in it.
    (transcript,) = tmp_path.iterdir()
    assert "> ********" in transcript.read_text(encoding="utf-8")
    assert run_parse_cli(str(transcript)) == 0
    parsed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    moves = {m["number"]: m["point"] for m in parsed if m["type"] == "move" and m["game"] == game}
    assert moves == {n: log.moves[game][n] for n in moves}
    assert len(moves) >= 5


async def test_proxy_cuts_observed_game_without_lost_or_duplicated_moves(
    server: LocalServer,
) -> None:
    record = load_record()
    truth = {
        n: format_point(p, record.size) if p else None for n, (_, p) in enumerate(record.moves)
    }
    direct_log, cut_log = MoveLog(), MoveLog()
    async with CuttingProxy(server.port) as proxy:
        reference, ref_events = make_client(server.port, "carol", "carol", direct_log)
        observer, events = make_client(proxy.port, "dave", "dave", cut_log)
        ref_task, task = await start(reference), await start(observer)
        game = await broadcast_game(reference, ref_events)
        reference.send(raw(f"observe {game}"))
        observer.send(raw(f"observe {game}"))
        for threshold in (15, 40, 65):
            await wait_until(lambda: cut_log.count(game) >= threshold)  # noqa: B023 (awaited at once)
            assert proxy.cut() == 1
            await wait_until(lambda: observer.connected and proxy.live == 1)
        total = len(record.moves)
        await wait_until(lambda: cut_log.count(game) == total, timeout=20)
        await wait_until(lambda: direct_log.count(game) == total, timeout=20)
        await stop(observer, task)
        await stop(reference, ref_task)
    assert proxy.accepted == 4
    assert [e.attempt for e in events if isinstance(e, Reconnecting)] == [1, 1, 1]
    restored = [e.restoring for e in events if isinstance(e, Connected)][1:]
    assert restored == [(f"observe {game}", f"moves {game}")] * 3
    assert not cut_log.conflicts and not direct_log.conflicts
    assert direct_log.moves[game] == truth
    assert cut_log.moves[game] == truth


async def test_own_game_reloaded_after_cut(server: LocalServer) -> None:
    async with CuttingProxy(server.port) as proxy:
        client, events = make_client(proxy.port, "alice", "alice")
        task = await start(client)
        client.send(raw("match igsbot B 9 10 0"))
        await wait_until(lambda: client.session.memory.own_game is not None)
        own = client.session.memory.own_game
        assert own is not None and own.black == "alice" and own.white == "igsbot"
        client.send(raw("E5"))
        await wait_until(lambda: any(isinstance(e, Move) and e.number == 1 for e in events))
        proxy.cut()
        await wait_until(lambda: any(isinstance(e, Disconnected) for e in events))
        dropped = next(e for e in events if isinstance(e, Disconnected))
        assert dropped.forfeit_deadline is not None  # the UI shows a countdown from this
        await wait_until(lambda: client.connected and client.forfeit_deadline is None)
        connected = [e for e in events if isinstance(e, Connected)]
        assert connected[-1].restoring == ("load igsbot-alice",)
        assert connected[-1].forfeit_deadline == dropped.forfeit_deadline  # until reloaded
        # The reloaded game sends the whole move list again, and play goes on.
        await wait_until(lambda: sum(isinstance(e, Move) and e.number == 0 for e in events) == 2)
        client.send(raw("C3"))
        await wait_until(lambda: any(isinstance(e, Move) and e.point == "C3" for e in events))
        await stop(client, task)


async def test_two_copies_of_one_account_stop_fighting(server: LocalServer) -> None:
    # Spec: "When you login with an account that is already logged in to IGS, the older
    # connection will be immediately terminated." Two clients of one account would throw each
    # other out forever; with backoff that only restarts after a stable connection, the fight
    # is bounded: one side runs out of attempts and the other stays connected.
    def fighter() -> tuple[IgsClient, list[ClientEvent]]:
        backoff = BackoffPolicy(initial=0.01, maximum=0.05, jitter=0.5, max_attempts=3)
        return make_client(server.port, "carol", "carol", backoff=backoff, stable_after=30.0)

    (first, first_events), (second, second_events) = fighter(), fighter()
    tasks = [asyncio.create_task(first.run()), asyncio.create_task(second.run())]
    done, pending = await asyncio.wait(tasks, timeout=20, return_when=asyncio.FIRST_COMPLETED)
    assert done, "one copy gives up"
    loser_events = first_events if tasks[0] in done else second_events
    assert isinstance(loser_events[-1], Failed)
    assert "gave up after 3 attempts" in loser_events[-1].reason
    winner = second if tasks[0] in done else first
    await wait_until(lambda: winner.connected)
    await winner.close()
    await asyncio.wait_for(asyncio.gather(*pending), 5)
