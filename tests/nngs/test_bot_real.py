"""``igs-tui bot`` on the real NNGS 1.1.22: each engine move is sent once.

Issue 27: on NNGS "the bot sends its move twice (12 times in one game, each answered
``5 It is not your move.``)". NNGS writes a move's echo in two writes, the game heading and
then the move line (docs/igs-formats.md, "NNGS differences"): a bot that acts on the heading
alone must not take its own move for unmade and send another. Here the bridge (the built-in
engine) plays a whole game as ``carol`` against a scripted ``alice``, through a proxy that
makes sure every heading reaches it apart from what follows (:mod:`tests.nngs.paced_proxy`).
"""

from __future__ import annotations

import asyncio
import re
from contextlib import AsyncExitStack
from pathlib import Path

from igs_tui.apps.bot.bridge import BotBridge, BotExit
from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.client import ClientConfig
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.go import Color, Point, format_point
from igs_tui.model import BufferKey, ChatKind, GamePhase
from tests.e2e.bot_harness import FAST_RATE, Script, builtin_engine, challenge, oppose
from tests.nngs.clients import TIMEOUT, players
from tests.nngs.kit import ACCOUNTS, NngsServer
from tests.nngs.paced_proxy import PacedProxy
from tests.polling import wait_until

PLANTED = [Point(2, 2), Point(6, 6), Point(2, 6), Point(6, 2), Point(4, 4)]
MOVE_SENT = re.compile(r"^(?:[A-HJ-T]\d{1,2}|pass)(?: \d+)?$", re.IGNORECASE)
"""A move line the client writes (``cmd.move``/``cmd.pass_move``): ``D4``, ``pass``,
optionally with the game number."""


async def test_the_bot_sends_each_move_once(nngs: NngsServer, tmp_path: Path) -> None:
    async with AsyncExitStack() as stack:
        proxy = await stack.enter_async_context(PacedProxy(nngs.port))
        bridge = BotBridge(
            "carol",
            ACCOUNTS["carol"],
            engine=builtin_engine(seed=3),
            client_config=ClientConfig(
                servers=[ServerAddress("127.0.0.1", proxy.port)],
                reconnect=False,
                backoff=BackoffPolicy(initial=0.05, factor=1.0, maximum=0.1, jitter=0.0),
            ),
            games=1,
            sgf_dir=tmp_path,
            send_rate=FAST_RATE,  # the CLI's --send-rate, raised for a server of our own
            status_timeout=10.0,
        )
        in_play: list[str] = []
        """The move lines the bot sent while its game was in play (not scoring removals)."""
        write = bridge.session.data_to_send

        def recorded(now: float) -> list[str]:
            lines = write(now)
            playing = any(g.phase is GamePhase.PLAYING for g in bridge.model.my_games())
            in_play.extend(line for line in lines if playing and MOVE_SENT.match(line))
            return lines

        setattr(bridge.session, "data_to_send", recorded)  # noqa: B010 (mypy: no method assignment)
        task = asyncio.ensure_future(bridge.run())
        try:
            await wait_until(
                lambda: bridge.client.connected and bridge.model.me == "carol",
                TIMEOUT,
                what="the bot logged in",
            )
            (alice,) = await players(stack, nngs, "alice")
            challenge(alice, bot="carol")
            game = await oppose(alice, Script(planted=list(PLANTED)), timeout=120.0)
            assert await asyncio.wait_for(task, 60) is BotExit.DONE
        finally:
            bridge.stop()
            await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), 20)
    assert proxy.headings > 10  # the heading of every move came apart from its move line
    assert game.phase is GamePhase.FINISHED and game.result
    (finished,) = bridge.finished
    ours = [
        "PASS" if point is None else format_point(point, game.size)
        for color, point in finished.moves
        if color is Color.WHITE  # alice challenged as Black
    ]
    assert len(ours) >= 5
    # each of the bot's moves went out once: exactly the moves NNGS numbered, in order
    assert [line.split()[0].upper() for line in in_play] == ours
    system = bridge.model.buffers.get(BufferKey(ChatKind.SYSTEM))
    errors = [m.text for m in system.messages if m.kind == "error"] if system else []
    assert not any("not your move" in text for text in errors), errors
    # the bot's record is the game its opponent saw
    assert list(finished.moves) == [(m.color, m.point) for m in game.moves]
