"""Protocol clients of the real NNGS: the client's own stack (IgsSession, IgsClient over
telnet on 127.0.0.1, the model, IgsBackend), as ``tests/play/harness.py`` builds it for the
embedded server, with the kit's passwords and a record of every line each one sent."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from contextlib import AsyncExitStack
from pathlib import Path

from igs_tui.archive.autosave import AutoSaver
from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.client import ClientConfig, IgsClient
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.backends.igs.protocol import events as ev
from igs_tui.backends.igs.session import IgsSession
from igs_tui.go import Color, Point
from igs_tui.model import BufferKey, ChatKind, ClientModel, FollowedGame, GamePhase, Role
from igs_tui.model import changes as ch
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.chat.chat_log import ChatLogger
from tests.nngs.kit import ACCOUNTS, NngsServer
from tests.play.harness import Player
from tests.play.test_game_identity import Client
from tests.polling import wait_until

TIMEOUT = 30.0
"""A bound on each wait: the real server answers in milliseconds; a loaded machine is slow."""


class Recording(IgsSession):
    """An IgsSession that keeps every line it writes (what NNGS was sent is asserted)."""

    def __init__(self, model: ClientModel, name: str) -> None:
        super().__init__(name, ACCOUNTS.get(name, ""), fast=True, clock=model.clock)
        self.sent: list[str] = []
        self.received: list[str] = []
        self.unknown: list[str] = []
        """Lines the parser could not type (issue 27: every line NNGS sends is typed)."""

    def receive_line(self, line: str) -> list[ch.Change]:
        self.received.append(line)
        changes = super().receive_line(line)
        self.unknown.extend(line for e in self.events if isinstance(e, ev.Unknown))
        return changes

    def data_to_send(self, now: float) -> list[str]:
        lines = super().data_to_send(now)
        self.sent.extend(lines)
        return lines


class NngsPlayer(Player):
    """A logged-in client of the real server, with the lines it sent."""

    @property
    def sent(self) -> list[str]:
        session = self.backend.session
        assert isinstance(session, Recording)
        return session.sent

    @property
    def received(self) -> list[str]:
        """Every line the server sent this client, as decoded."""
        session = self.backend.session
        assert isinstance(session, Recording)
        return session.received

    @property
    def unknown(self) -> list[str]:
        """The lines from the server that the parser could not type."""
        session = self.backend.session
        assert isinstance(session, Recording)
        return session.unknown

    def errors(self) -> list[str]:
        """The server's error lines (code 5) shown to this client."""
        buffer = self.model.buffers.get(BufferKey(ChatKind.SYSTEM))
        return [m.text for m in buffer.messages if m.kind == "error"] if buffer else []

    def texts(self, key: BufferKey) -> list[str]:
        buffer = self.model.buffers.get(key)
        return [m.text for m in buffer.messages] if buffer else []


async def join(server: NngsServer, name: str) -> NngsPlayer:
    """``name`` logged in to ``server`` (a kit account with its password, else a guest)."""
    model = ClientModel()
    session = Recording(model, name)
    config = ClientConfig(
        servers=[ServerAddress("127.0.0.1", server.port)],
        reconnect=False,
        backoff=BackoffPolicy(initial=0.05, factor=1.0, maximum=0.1, jitter=0.0),
    )
    igs = IgsClient(session, model.apply, config=config)
    task = asyncio.ensure_future(igs.run())
    await wait_until(lambda: igs.connected and model.me == name, TIMEOUT, what=f"{name} login")
    return NngsPlayer(name, model, igs, IgsBackend(model, session, igs.flush), task)


async def leave(*players: Player) -> None:
    for p in players:
        await p.client.close()
        p.task.cancel()
    await asyncio.gather(*(p.task for p in players), return_exceptions=True)


async def players(stack: AsyncExitStack, server: NngsServer, *names: str) -> list[NngsPlayer]:
    """Each of ``names`` logged in; logged out when ``stack`` closes."""
    joined: list[NngsPlayer] = []
    for name in names:
        player = await join(server, name)
        stack.push_async_callback(leave, player)
        joined.append(player)
    return joined


async def start(black: Player, white: Player, **terms: object) -> int:
    """``black`` challenges ``white`` (a classic ``match`` on NNGS, 9x9, 10 minutes);
    ``white`` accepts; both follow the new game. Its number."""
    before = (black.game(), white.game())
    values: dict[str, object] = dict(size=9, main_seconds=600)
    values.update(terms)
    black.backend.challenge(MatchTerms(white.name, Color.BLACK, **values))  # type: ignore[arg-type]
    await wait_until(
        lambda: white.model.challenge_from(black.name) is not None, TIMEOUT, what="the offer"
    )
    offer = white.model.challenge_from(black.name)
    assert offer is not None and offer.kind == "match"
    white.backend.accept_challenge(offer.terms)

    def started(p: Player, earlier: FollowedGame | None) -> bool:
        game = p.game()
        return game is not None and game is not earlier and game.phase is GamePhase.PLAYING

    await wait_until(
        lambda: started(black, before[0]) and started(white, before[1]),
        TIMEOUT,
        what="the game to start on both sides",
    )
    b, w = black.game(), white.game()
    assert b is not None and w is not None and b.number == w.number
    assert b.role is Role.PLAYING_BLACK and w.role is Role.PLAYING_WHITE
    return b.number


async def play(
    number: int, moves: Sequence[tuple[Player, Point | None]], *watchers: Player
) -> None:
    """Play ``moves`` in turn in game ``number``; each reaches every player and watcher.

    Each move's number is counted from its mover's board: every earlier move must have
    reached the mover (pass the other player as a watcher when only one side moves)."""
    everyone = list({p.name: p for p, _ in moves}.values()) + list(watchers)
    for mover, point in moves:
        count = mover.model.followed[number].last_number + 1
        mover.backend.play(number, point)
        try:
            await wait_until(
                lambda: all(
                    (g := p.model.followed.get(number)) is not None and g.last_number >= count  # noqa: B023
                    for p in everyone
                ),
                TIMEOUT,
                what=f"move {count} ({mover.name} {point}) in game {number} on every board",
            )
        except AssertionError as exc:
            raise AssertionError(f"{exc}\n{seen_lately(everyone)}") from None


def seen_lately(players: Sequence[Player], lines: int = 25) -> str:
    """What each client last sent and received (for a failing wait's message)."""
    parts = []
    for p in players:
        if isinstance(p, NngsPlayer):
            parts.append(f"--- {p.name} sent: {p.sent[-8:]}")
            parts.append("\n".join(f"    {line}" for line in p.received[-lines:]))
    return "\n".join(parts)


async def recorded_client(
    stack: AsyncExitStack, server: NngsServer, name: str, home: Path
) -> Client:
    """``name`` logged in, with what the app keeps on disk: every followed game autosaved
    under ``home/<name>/games``, game chats logged under ``home/<name>/logs``."""
    player = await join(server, name)
    games, logs = home / name / "games", home / name / "logs"
    saver = AutoSaver(player.model, games)
    chat = ChatLogger(player.model, logs)

    async def close() -> None:
        chat.close()
        saver.close()
        await leave(player)

    stack.push_async_callback(close)
    return Client(player, games, logs, saver, chat)


async def play_records(
    number: int, moves: Sequence[tuple[Client, Point | None]], *watchers: Client
) -> None:
    """:func:`play` for clients that keep records (their players move and watch)."""
    await play(number, [(c.player, p) for c, p in moves], *(c.player for c in watchers))
