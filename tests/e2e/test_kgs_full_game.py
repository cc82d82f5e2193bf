"""A whole game on the fake KGS server, as a user plays it: challenge a robot, accept its
answer, play, pass, mark dead stones, agree to the count, see the result, and find the SGF the
client wrote -- through the launcher's Connector over real HTTP on 127.0.0.1 (the JSON form).

Message names from the reference's pages: CHALLENGE_CREATE / CHALLENGE_SUBMIT /
CHALLENGE_PROPOSAL / CHALLENGE_FINAL, GAME_MOVE, GAME_STATE (``actions`` SCORE, ``doneId``),
GAME_MARK_LIFE, GAME_SCORING_DONE, GAME_OVER."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sgfmill import sgf

from igs_tui.go import Color, Point, count_with_dead
from igs_tui.localkgs import LocalKgsServer
from igs_tui.localkgs.games import GameChannel, Phase
from igs_tui.model import FollowedGame, GamePhase
from tests.e2e.kgs_clients import kgs_server, logged_in
from tests.polling import wait_until

OUR_MOVES = [Point(2, 2), Point(6, 6), Point(2, 6), Point(6, 2), Point(4, 2), Point(2, 4)]


@pytest.fixture
async def server() -> AsyncIterator[LocalKgsServer]:
    async with kgs_server(
        robot_think_seconds=0.5, robot_reply_seconds=0.5, watched_game=False
    ) as srv:
        yield srv


def free_point(game: FollowedGame) -> Point:
    """The first of our planned points still legal for black, else any legal one."""
    candidates = OUR_MOVES + [Point(c, r) for r in range(9) for c in range(9)]
    for point in candidates:
        if game.board.check(point, Color.BLACK).legal:
            return point
    raise AssertionError("no legal point left")


async def wait_for_moves(game: FollowedGame, count: int) -> None:
    await wait_until(lambda: game.last_number >= count, what=f"{count} moves")


async def test_a_whole_game_against_the_robot_ends_counted_and_saved(
    server: LocalKgsServer, tmp_path: Path
) -> None:
    async with logged_in(server, "alice", "wonderland", games_dir=tmp_path) as alice:
        playing = alice.playing
        # the challenge; the robot answers with our own terms, which our session makes final
        # (CHALLENGE_SUBMIT, then our CHALLENGE_PROPOSAL): the game starts
        game = await alice.game_against_the_robot()
        served = server.world.channels[game.number]
        assert isinstance(served, GameChannel)
        # the clocks: the time system agreed, from the game's RULES
        assert game.time_settings is not None and game.time_settings.main_seconds == 600

        # play: each of our moves is answered; our board is the server's
        for turn in range(len(OUR_MOVES)):
            playing.play(game.number, free_point(game))
            await wait_for_moves(game, 2 * (turn + 1))
        assert game.sync_errors == []
        assert {p: c for p, c in game.board.stones().items()} == dict(served.game.stones())

        # two passes end play; the game is being scored
        playing.play(game.number, None)
        await wait_until(lambda: game.phase is GamePhase.SCORING, what="scoring")
        assert served.phase is Phase.SCORING

        # mark one of the robot's stones dead; the server and our board agree
        white = next(p for p, c in sorted(game.board.stones().items()) if c is Color.WHITE)
        playing.remove_dead(game.number, white)
        await wait_until(lambda: white in game.dead, what="the dead stone marked")
        playing.done_scoring(game.number)
        await wait_until(lambda: game.phase is GamePhase.FINISHED, what="the result")
        assert served.phase is Phase.OVER
        score = served.score
        assert isinstance(score, float)
        winner = "B" if score > 0 else "W"
        margin = abs(score)
        shown = str(int(margin)) if margin == int(margin) else f"{margin:g}"
        assert game.result == f"{winner}+{shown}"

        # the SGF the client wrote holds the players, every move and the result
        saver = alice.connector.saver
        assert saver is not None
        saver.flush()
        path = saver.path_for(game.number)
        assert path is not None and path.parent == tmp_path
        record = sgf.Sgf_game.from_bytes(path.read_bytes())
        root = record.get_root()
        assert (root.get("PB"), root.get("PW"), root.get("SZ")) == ("alice", "kumobot", 9)
        assert root.get("RE") == game.result
        moves = [n.get_move() for n in record.get_main_sequence()[1:]]
        assert len([m for m in moves if m[0] is not None]) == game.last_number
        first = game.moves[0].point
        assert first is not None and moves[0] == ("b", (first.row, first.col))
        # the count's territory is on the last node, as our rules engine counts the board with
        # the stone marked dead -- the same margin as the server's
        count = count_with_dead(game.board, game.dead, komi=game.komi)
        assert count.black - count.white == pytest.approx(score)
        last = record.get_main_sequence()[-1]
        for prop, color in (("TB", Color.BLACK), ("TW", Color.WHITE)):
            expected = {(p.row, p.col) for p in count.territory[color]}
            assert (set(last.get(prop)) if last.has_property(prop) else set()) == expected
