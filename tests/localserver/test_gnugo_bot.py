"""igsbot with GNU Go as its move source (through igs_tui.gtp)."""

from __future__ import annotations

import os
import re

import pytest

from igs_tui.go import Color, Game, Point
from igs_tui.localserver.gtp_source import GtpMoveSource, gtp_move_source_factory
from tests.gtp.conftest import find_gnugo, gnugo_argv, require_gnugo
from tests.localserver.client import Client
from tests.localserver.conftest import Connect, MakeServer

pytestmark = pytest.mark.gnugo


@pytest.fixture
def gnugo() -> str:
    return require_gnugo(find_gnugo(), os.environ)


async def test_gtp_source_answers_legal_moves_and_resyncs(gnugo: str) -> None:
    source = GtpMoveSource(gnugo_argv(gnugo, 3), timeout=20)
    try:
        game = Game(9, komi=6.5)
        for _ in range(4):
            point = await source(game.copy(), game.to_move)
            assert point is None or game.check(point).legal
            game.play(point)
        game.undo()  # history no longer extends what the engine saw: it must replay
        point = await source(game.copy(), game.to_move)
        assert point is None or game.check(point).legal
        assert source.failures == 0
    finally:
        await source.close()


async def test_broken_engine_falls_back_to_greedy() -> None:
    source = GtpMoveSource(["/nonexistent/engine"], timeout=2)
    game = Game(5)
    point = await source(game, Color.BLACK)
    assert isinstance(point, Point) and source.failures == 1


async def test_igsbot_plays_with_gnugo(
    make_server: MakeServer, connect: Connect, gnugo: str
) -> None:
    srv = await make_server(
        bot_move_source=gtp_move_source_factory(gnugo_argv(gnugo, 5), timeout=20)
    )
    alice: Client = await connect(srv)
    await alice.login("alice", "alice")
    await alice.command("match igsbot B 9 0 0")
    await alice.until("^9 Creating match")
    await alice.send("E5")
    await alice.until(r"^15 +1\(W\): [A-J]\d$", timeout=20)
    await alice.send("resign")
    end = await alice.until("^1 5$")
    assert "9 alice has resigned the game." in end
    assert end[-2] == "9 Removed game file igsbot-alice from database."
    assert any(re.match(r"^15 +1\(W\): ", line) for line in alice.history)
