"""``igs-tui bot`` end to end: the bridge plays whole games on the embedded server over TCP.

The opponent is a scripted protocol client (tests/e2e/bot_harness.py). Every game is checked
three ways: the server's result line against our own count of the final position, the bot's
record of the game against the server's move list, and the SGF log parsed back.
"""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import signal
import sys
from pathlib import Path

import pytest
from sgfmill import sgf

from igs_tui.apps.bot.bridge import BotExit, engine_from_command
from igs_tui.apps.bot.policy import BotPolicy, UndoPolicy
from igs_tui.go import Color, Point, format_point
from igs_tui.localserver.server import LocalServer, start_embedded
from igs_tui.model import FollowedGame, GamePhase
from tests.e2e.bot_harness import (
    BOT,
    BOT_PASSWORD,
    BotRun,
    Script,
    Seen,
    bot_and_opponent,
    bot_server_config,
    challenge,
    flag,
    join_fast,
    oppose,
    own_count,
)
from tests.gtp.conftest import find_gnugo, gnugo_argv, require_gnugo, subprocess_env
from tests.play.test_e2e_play import start_game
from tests.polling import wait_until

REPO_ROOT = Path(__file__).resolve().parents[2]
PLANTED = [Point(2, 2), Point(6, 6), Point(2, 6), Point(6, 2), Point(4, 4)]


def sgf_moves(path: Path, size: int) -> list[tuple[Color, str]]:
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    moves = []
    for node in game.get_main_sequence()[1:]:
        colour, where = node.get_move()
        if colour is None:
            continue
        text = "Pass" if where is None else format_point(Point(where[1], where[0]), size)
        moves.append((Color.BLACK if colour == "b" else Color.WHITE, text))
    return moves


def as_text(moves: object, size: int) -> list[tuple[Color, str]]:
    return [
        (color, "Pass" if point is None else format_point(point, size))
        for color, point in moves  # type: ignore[attr-defined]
    ]


async def play_scored_game(run: BotRun, script: Script, size: int = 9) -> tuple[FollowedGame, Seen]:
    seen = Seen()
    before = len(run.bridge.finished)
    challenge(run.opponent, size=size)
    game = await oppose(run.opponent, script, server=run.server, seen=seen)
    # The opponent may see the result a moment before the bot has written its record.
    await wait_until(lambda: len(run.bridge.finished) > before)
    return game, seen


def check_game(run: BotRun, game: object, seen: Seen, index: int = 0) -> None:
    from igs_tui.model import FollowedGame

    assert isinstance(game, FollowedGame)
    assert game.phase is GamePhase.FINISHED
    assert game.score_check is not None, "the game was not scored"
    # The server's result line equals our own count of the final position.
    assert game.result == game.score_check.server.result == own_count(game)
    finished = run.bridge.finished[index]
    assert finished.result == game.result
    # The bot's record and the SGF both equal the server's move list.
    assert seen.server_moves, "server move list not captured"
    assert as_text(finished.moves, game.size) == seen.server_moves
    assert finished.sgf is not None and finished.sgf.exists()
    assert sgf_moves(finished.sgf, game.size) == seen.server_moves
    root = sgf.Sgf_game.from_bytes(finished.sgf.read_bytes()).get_root()
    assert root.get("RE") == game.result
    assert {root.get("PB"), root.get("PW")} == {BOT, run.opponent.name}


DIALECTS: dict[str, dict[str, object]] = {
    "igs": {"dialect": "igs"},
    "nngs": {"dialect": "nngs"},
    "nngs-unnamed": {"dialect": "nngs", "announce_version": False},
}
"""Server dialects (issue 13); "nngs-unnamed" sends no version line, so both clients learn
the server from its refusals (nmatch, toggles, id, ``done 1``) during the game."""


@pytest.mark.parametrize("dialect", list(DIALECTS))
async def test_bot_plays_a_complete_scored_game(tmp_path: Path, dialect: str) -> None:
    async with bot_and_opponent(tmp_path, server_overrides=DIALECTS[dialect]) as run:
        game, seen = await play_scored_game(run, Script(planted=list(PLANTED)))
        assert await asyncio.wait_for(run.task, 60) is BotExit.DONE
        check_game(run, game, seen)
        assert any(line.startswith("accepted alice (9x9") for line in run.bridge.log_lines)
        assert any("over: " + game.result in line for line in run.bridge.log_lines)
        # the opponent asked for komi 0.5; the bot agreed, and its log says what counts
        assert game.komi == 0.5
        assert any(line.endswith("komi 0.5") for line in run.bridge.log_lines)


async def test_request_with_a_refused_size_is_declined_and_told_why(tmp_path: Path) -> None:
    async with bot_and_opponent(tmp_path, policy=BotPolicy(sizes=frozenset({9}))) as run:
        alice = run.opponent
        challenge(alice, size=13)
        await wait_until(
            lambda: any(n.title == "Match declined" for n in alice.model.notifications)
        )
        await wait_until(
            lambda: any(
                "board size 13" in m.text for b in alice.model.buffers.values() for m in b.messages
            )
        )
        assert alice.game() is None
        assert any("declined alice (13x13" in line for line in run.bridge.log_lines)
        # The same opponent on an accepted size gets a game.
        challenge(alice, size=9)
        await wait_until(lambda: alice.game() is not None)


async def test_undo_accepted_keeps_the_engine_in_sync(tmp_path: Path) -> None:
    policy = BotPolicy(undo=UndoPolicy.ACCEPT)
    async with bot_and_opponent(tmp_path, policy=policy) as run:
        # Asked on alice's turn (after the bot's reply), so no move of the bot is in flight.
        script = Script(planted=list(PLANTED), undo_after=4)
        game, seen = await play_scored_game(run, script)
        assert seen.undo_asked_at is not None and seen.undone
        assert any("undo requested by alice: accepted" in line for line in run.bridge.log_lines)
        check_game(run, game, seen)
        refused = [line for line in run.bridge.log_lines if "refused" in line]
        assert refused == []


@pytest.mark.parametrize("dialect", ["igs", "nngs"])
async def test_undo_declined_by_policy(tmp_path: Path, dialect: str) -> None:
    """On NNGS the request and the refusal go through the game chat (no undoplease, no
    noundo): the bot still reads the request and the opponent still sees it declined."""
    async with bot_and_opponent(
        tmp_path,
        policy=BotPolicy(undo=UndoPolicy.DECLINE),
        server_overrides={"dialect": dialect},
    ) as run:
        alice = run.opponent
        challenge(alice)
        await wait_until(lambda: alice.game() is not None)
        game = alice.game()
        assert game is not None
        alice.backend.play(game.number, Point(4, 4))
        await wait_until(lambda: game.last_number == 2)  # the bot answered
        alice.backend.request_undo(game.number)
        await wait_until(lambda: any(n.title == "Undo declined" for n in alice.model.notifications))
        assert game.last_number == 2
        assert any("undo requested by alice: declined" in line for line in run.bridge.log_lines)


async def test_two_games_in_a_row(tmp_path: Path) -> None:
    async with bot_and_opponent(tmp_path, games=2) as run:
        first, seen_first = await play_scored_game(run, Script(planted=list(PLANTED)))
        await wait_until(lambda: len(run.bridge.finished) == 1)
        second, seen_second = await play_scored_game(run, Script(planted=PLANTED[::-1]))
        assert await asyncio.wait_for(run.task, 60) is BotExit.DONE
        check_game(run, first, seen_first, 0)
        check_game(run, second, seen_second, 1)
        assert len(list(tmp_path.glob("*.sgf"))) == 2


@pytest.mark.parametrize("dialect", ["igs", "nngs"])
async def test_link_drop_mid_game_bot_resumes_and_finishes(tmp_path: Path, dialect: str) -> None:
    """The bot's link is cut mid-game; the server adjourns the game; the bot reconnects, its
    restore ``load`` brings the game back under another number (a game started meanwhile
    took the old one) and it plays on to a scored end with the engine resynchronised. (NNGS
    sends the reloaded game's last move only: the clients ask for the rest.)"""
    async with bot_and_opponent(
        tmp_path,
        reconnect=True,
        proxy=True,
        reconnect_delay=3.0,
        server_overrides=DIALECTS[dialect],
    ) as run:
        assert run.proxy is not None
        alice = run.opponent
        challenge(alice)
        await wait_until(lambda: alice.game() is not None)
        game = alice.game()
        assert game is not None
        first_number = game.number
        alice.backend.play(game.number, Point(2, 2))
        await wait_until(lambda: game.last_number == 2)
        assert run.proxy.cut() >= 1
        await wait_until(lambda: game.is_adjourned)
        # Another game takes the freed number before the bot is back.
        bob, carol = await run.join("bob"), await run.join("carol")
        await start_game(bob, carol)
        assert bob.game() is not None and bob.game().number == first_number  # type: ignore[union-attr]
        await wait_until(lambda: run.proxy is not None and run.proxy.accepted >= 2, timeout=20)
        await wait_until(lambda: alice.game() is not game, timeout=20)
        # The opponent's model keeps the adjourned entry; the score must go to the live one.
        stale = alice.model.followed[first_number]
        assert stale.is_adjourned
        seen = Seen()
        resumed = await oppose(alice, Script(planted=PLANTED[1:]), server=run.server, seen=seen)
        assert resumed.number != first_number
        assert stale.is_adjourned and stale.score_check is None and not stale.result
        assert await asyncio.wait_for(run.task, 60) is BotExit.DONE
        check_game(run, resumed, seen)
        assert len(seen.server_moves) > 4
        assert f"game {first_number} resumed as game {resumed.number}" in run.bridge.log_lines


# --- the command line, as a subprocess ------------------------------------------------------


async def _spawn_bot(
    server: LocalServer, tmp_path: Path, password: str, *extra: str
) -> asyncio.subprocess.Process:
    secret = tmp_path / "password"
    secret.write_text(password + "\n", encoding="utf-8")
    engine = shlex.join([sys.executable, "-m", "igs_tui.cli", "gtp-engine", "--seed", "1"])
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "igs_tui.cli",
        "bot",
        "--engine",
        engine,
        "--server",
        f"127.0.0.1:{server.port}",
        "--user",
        BOT,
        "--password-file",
        str(secret),
        "--sgf-dir",
        str(tmp_path / "games"),
        *extra,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        cwd=str(REPO_ROOT),
        # the bot keeps what it learns of servers in the config dir: the test's own
        env={**subprocess_env(), "XDG_CONFIG_HOME": str(tmp_path / "config")},
    )


async def _finish(proc: asyncio.subprocess.Process, timeout: float = 60) -> tuple[int, str]:
    try:
        _out, err = await asyncio.wait_for(proc.communicate(), timeout)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode is not None
    return proc.returncode, err.decode("utf-8", "replace")


@pytest.mark.parametrize("dialect", ["igs", "nngs"])
async def test_cli_plays_a_complete_game_and_exits_0(tmp_path: Path, dialect: str) -> None:
    server = await start_embedded(bot_server_config(dialect=dialect))  # type: ignore[arg-type]
    # the embedded server kicks no flooder: the bot need not keep to IGS's 3 commands a second
    proc = await _spawn_bot(
        server, tmp_path, BOT_PASSWORD, "--games", "1", "--sizes", "5", "--send-rate", "50"
    )
    alice = None
    try:
        await wait_until(lambda: flag(server, BOT, "looking"), timeout=30)
        alice = await join_fast(server.port, "alice")
        challenge(alice, size=5)
        seen = Seen()
        game = await oppose(alice, Script(planted=[Point(2, 2)]), server=server, seen=seen)
        code, err = await _finish(proc)
        assert code == 0, err
        assert game.result == own_count(game)
        saved = list((tmp_path / "games").glob("*.sgf"))
        assert len(saved) == 1
        assert sgf_moves(saved[0], 5) == seen.server_moves
        assert "accepted alice (5x5" in err and f"over: {game.result}" in err
        assert BOT_PASSWORD not in err
        if dialect == "nngs":  # what the bot learnt of the server is kept for the next run
            saved_profiles = json.loads((tmp_path / "config/igs-tui/servers.json").read_text())
            assert saved_profiles[f"127.0.0.1:{server.port}"]["family"] == "nngs"
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        if alice is not None:
            await alice.client.close()
            alice.task.cancel()
        await server.stop()


async def test_cli_wrong_password_exits_1_without_logging_it(tmp_path: Path) -> None:
    server = await start_embedded(bot_server_config())  # type: ignore[arg-type]
    try:
        proc = await _spawn_bot(server, tmp_path, "not-the-Pw42", "--games", "1")
        code, err = await _finish(proc)
        assert code == 1, err
        assert "login as botalpha failed" in err
        assert "not-the-Pw42" not in err
    finally:
        await server.stop()


async def test_cli_ctrl_c_quits_cleanly_with_130(tmp_path: Path) -> None:
    server = await start_embedded(bot_server_config())  # type: ignore[arg-type]
    try:
        proc = await _spawn_bot(server, tmp_path, BOT_PASSWORD)
        await wait_until(lambda: flag(server, BOT, "looking"), timeout=30)
        proc.send_signal(signal.SIGINT)
        code, err = await _finish(proc, timeout=30)
        assert code == 130, err
        assert "disconnected: quit" in err
        await wait_until(lambda: server.hub.find_online(BOT) is None)
    finally:
        await server.stop()


async def test_gnugo_bot_plays_a_scored_game(tmp_path: Path) -> None:
    path = require_gnugo(find_gnugo(), os.environ)
    engine = engine_from_command(gnugo_argv(path, 1), genmove_timeout=60)
    async with bot_and_opponent(tmp_path, engine=engine) as run:
        game, seen = await play_scored_game(run, Script(planted=list(PLANTED)))
        assert await asyncio.wait_for(run.task, 30) is BotExit.DONE
        check_game(run, game, seen)
        # GNU Go leaves the planted stones standing and calls them dead; the bridge removed
        # them (one coordinate per chain) and the server counted them so.
        removed = {line.rsplit(" ", 1)[1] for line in run.bridge.log_lines if "removing" in line}
        assert game.dead and removed
        assert removed <= {format_point(p, 9) for p in game.dead}
