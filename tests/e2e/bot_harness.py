"""A bot bridge and a scripted opponent on the embedded server, over real TCP on 127.0.0.1
(``memory=True``: every client linked in memory, for tests about the bridge, not the network).

The opponent is a plain protocol client (IgsClient + model + IgsBackend, as in
tests/play/harness.py) that challenges the bot with ``nmatch`` and answers each of its turns
from a script: the planted moves first, then passes, so the bot's engine decides how long the
game lasts. Both sides send fast (the 3 commands/s IGS throttle would make tests crawl).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from igs_tui.apps.bot.bridge import BotBridge, BotExit, EngineFactory
from igs_tui.apps.bot.policy import BotPolicy
from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.client import ClientConfig, IgsClient
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.backends.igs.session import IgsSession
from igs_tui.go import Color, Point, ScoringSession
from igs_tui.gtp.channel import InProcessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.engine import GtpEngine
from igs_tui.localserver.config import DEMO_ACCOUNTS, Account
from igs_tui.localserver.server import LocalServer, start_embedded
from igs_tui.model import ClientModel, FollowedGame, GamePhase
from igs_tui.model.terms import MatchTerms
from tests.in_memory import MEMORY_ADDRESS, MemoryLinks, memory_server
from tests.net.proxy import CuttingProxy
from tests.play.harness import Player, fast_server_config
from tests.polling import wait_until

BOT = "botalpha"
BOT_PASSWORD = "s3cret-Pw9"
BOT_ACCOUNT = Account(BOT, BOT_PASSWORD, "10k*", "test bot")
FAST_RATE = 50.0


def bot_server_config(**overrides: object) -> object:
    return fast_server_config(accounts=(*DEMO_ACCOUNTS, BOT_ACCOUNT), **overrides)


def client_config(
    server: ServerAddress | int, *, reconnect: bool = False, delay: float = 0.05
) -> ClientConfig:
    """Fast retries to ``server`` (a port: 127.0.0.1)."""
    address = server if isinstance(server, ServerAddress) else ServerAddress("127.0.0.1", server)
    return ClientConfig(
        servers=[address],
        reconnect=reconnect,
        backoff=BackoffPolicy(initial=delay, factor=1.0, maximum=delay, jitter=0.0),
    )


async def join_fast(server: LocalServer | int, name: str) -> Player:
    """Log ``name`` in (password = name): in memory to ``server``, or over TCP to a port."""
    address, connector = (
        (ServerAddress("127.0.0.1", server), None)
        if isinstance(server, int)
        else (MEMORY_ADDRESS, MemoryLinks(server))
    )
    model = ClientModel()
    session = IgsSession(name, name, rate=FAST_RATE, burst=FAST_RATE, clock=model.clock)
    igs = IgsClient(
        session, model.apply, config=client_config(address, reconnect=True), connector=connector
    )
    task = asyncio.ensure_future(igs.run())
    await wait_until(lambda: igs.connected and model.me == name)
    return Player(name, model, igs, IgsBackend(model, session, igs.flush), task)


def builtin_engine(seed: int = 1, engine_type: type[GtpEngine] = GtpEngine) -> EngineFactory:
    """The built-in engine in this process (no subprocess start-up per test)."""

    async def start() -> GtpController:
        return GtpController(InProcessChannel(engine_type(seed=seed)), timeout=10.0)

    return start


@dataclass
class Script:
    """The opponent's moves: ``planted`` in order when legal, otherwise a pass."""

    planted: list[Point] = field(default_factory=list)
    remove: list[Point] = field(default_factory=list)
    """Stones the opponent removes in scoring, once ``wait_for_dead`` are marked dead."""
    wait_for_dead: set[Point] = field(default_factory=set)
    undo_after: int | None = None
    """Ask for an undo once the game has this many moves (once)."""


@dataclass
class Seen:
    """What the opponent saw of the server while playing (for the assertions)."""

    server_moves: list[tuple[Color, str]] = field(default_factory=list)
    undo_asked_at: int | None = None
    undone: bool = False
    """The server took moves back after the undo request."""


async def oppose(
    opponent: Player,
    script: Script,
    *,
    server: LocalServer | None = None,
    seen: Seen | None = None,
    timeout: float = 240.0,
) -> FollowedGame:
    """Play the opponent's side of the current game until it is finished; return it.

    ``timeout`` only bounds a game that hangs: a game with GNU Go took over a minute in a
    full suite run on two busy cores.

    In scoring the opponent types ``done`` again whenever the dead stones changed since its
    last ``done`` (a removal cancels both players' done). With ``server``, the server's own
    move list is copied into ``seen`` when scoring starts (the game leaves the server's list
    when it ends).
    """
    await wait_until(lambda: opponent.game() is not None, timeout=timeout)
    planted = list(script.planted)
    seen = seen if seen is not None else Seen()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    removed = False
    done_with: frozenset[Point] | None = None
    while True:
        game = opponent.game()
        assert game is not None
        assert loop.time() < deadline, f"game not finished in time: {game.phase} {game.last_number}"
        if game.phase is GamePhase.FINISHED:
            # The server reuses game numbers: the next game must not find this one.
            opponent.model.unfollow(game.number)
            return game
        ours = game.role.color
        if seen.undo_asked_at is not None and game.last_number < seen.undo_asked_at:
            seen.undone = True
        if (
            script.undo_after is not None
            and seen.undo_asked_at is None
            and game.phase is GamePhase.PLAYING
            and game.last_number >= script.undo_after
        ):
            seen.undo_asked_at = game.last_number
            opponent.backend.request_undo(game.number)
            asked_at = game.last_number
            await wait_until(  # the bot answers: the move is taken back (or the game moves on)
                lambda: game.last_number != asked_at or game.phase is not GamePhase.PLAYING,  # noqa: B023 (awaited at once)
                timeout=timeout,
            )
            continue
        if game.phase is GamePhase.PLAYING and ours is not None and game.board.to_move is ours:
            number = game.last_number
            point = None
            while planted and point is None:
                candidate = planted.pop(0)
                if game.board.get(candidate) is None:
                    point = candidate
            opponent.backend.play(game.number, point)
            await wait_until(
                lambda: game.last_number != number or game.phase is not GamePhase.PLAYING,  # noqa: B023 (awaited at once)
                timeout=timeout,
            )
            continue
        if game.phase is GamePhase.SCORING:
            if server is not None and not seen.server_moves and game.number in server.hub.games:
                seen.server_moves = list(server_moves(server, game.number))
            if not removed and script.remove and script.wait_for_dead <= game.dead:
                removed = True
                for point in script.remove:
                    opponent.backend.remove_dead(game.number, point)
                await wait_until(lambda: set(script.remove) <= game.dead, timeout=timeout)  # noqa: B023 (awaited at once)
            dead = frozenset(game.dead)
            if done_with != dead and (removed or not script.remove):
                done_with = dead
                opponent.backend.done_scoring(game.number)
        await asyncio.sleep(0.05)


def challenge(opponent: Player, bot: str = BOT, size: int = 9, **terms: object) -> None:
    values: dict[str, object] = dict(
        color=Color.BLACK, size=size, handicap=0, komi=0.5, main_seconds=600
    )
    values |= dict(byo_seconds=0, byo_stones=0)
    values.update(terms)
    opponent.backend.challenge(MatchTerms(bot, **values))  # type: ignore[arg-type]


def own_count(game: FollowedGame) -> str:
    """Our own count of the final position with the dead stones the server agreed on."""
    session = ScoringSession(game.board)
    for point in game.dead:
        if game.board.get(point) is not None and not session.is_dead(point):
            session.mark_dead(point)
    return session.score(komi=game.komi).result


@dataclass
class BotRun:
    server: LocalServer
    bridge: BotBridge
    task: asyncio.Task[BotExit]
    opponent: Player
    proxy: CuttingProxy | None = None
    players: list[Player] = field(default_factory=list)
    """Every client the test joined (closed at the end)."""
    memory: bool = False
    """The clients are linked in memory (else TCP to the server's port)."""

    @property
    def address(self) -> ServerAddress:
        """The address the clients are configured with."""
        return MEMORY_ADDRESS if self.memory else ServerAddress("127.0.0.1", self.server.port)

    async def join(self, name: str) -> Player:
        player = await join_fast(self.server if self.memory else self.server.port, name)
        self.players.append(player)
        return player


@asynccontextmanager
async def bot_and_opponent(
    tmp_path: Path,
    *,
    engine: EngineFactory | None = None,
    policy: BotPolicy | None = None,
    games: int | None = 1,
    reconnect: bool = False,
    opponent: str = "alice",
    proxy: bool = False,
    reconnect_delay: float = 0.05,
    server_overrides: dict[str, object] | None = None,
    memory: bool = False,
) -> AsyncIterator[BotRun]:
    """Start the server, the bridge (as ``botalpha``) and a connected opponent; with
    ``proxy`` the bot's connections go through a :class:`CuttingProxy`; with ``memory``
    every client is linked in memory and the server listens on no port."""
    config = bot_server_config(**(server_overrides or {}))
    if memory:
        assert not proxy, "the cutting proxy is TCP"
        server = await memory_server(config)  # type: ignore[arg-type]
    else:
        server = await start_embedded(config)  # type: ignore[arg-type]
    cutter = await CuttingProxy(server.port).__aenter__() if proxy else None
    address: ServerAddress | int = (
        MEMORY_ADDRESS if memory else cutter.port if cutter is not None else server.port
    )
    bridge = BotBridge(
        BOT,
        BOT_PASSWORD,
        engine=engine or builtin_engine(),
        policy=policy,
        client_config=client_config(address, reconnect=reconnect, delay=reconnect_delay),
        games=games,
        sgf_dir=tmp_path,
        send_rate=FAST_RATE,
        status_timeout=10.0,
        connector=MemoryLinks(server) if memory else None,
    )
    task = asyncio.ensure_future(bridge.run())
    players: list[Player] = []
    run: BotRun | None = None
    try:
        await wait_until(lambda: bridge.client.connected and bridge.model.me == BOT)
        # The bridge's open/looking toggles go out on its first step after login.
        await wait_until(lambda: flag(server, BOT, "looking"))
        players.append(await join_fast(server if memory else server.port, opponent))
        run = BotRun(server, bridge, task, players[0], cutter, players, memory)
        yield run
    finally:
        bridge.stop()
        for p in players:
            await p.client.close()
            p.task.cancel()
        await asyncio.gather(*(p.task for p in players), return_exceptions=True)
        await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), 20)
        if cutter is not None:
            await cutter.__aexit__(None, None, None)
        await server.stop()


def flag(server: LocalServer, name: str, flag: str) -> bool:
    user = server.hub.users.get(name)
    return user is not None and user.flag(flag)


def server_moves(server: LocalServer, number: int) -> Sequence[tuple[Color, str]]:
    game = server.hub.games[number]
    return [(r.color, r.text.split()[0]) for r in game.records]
