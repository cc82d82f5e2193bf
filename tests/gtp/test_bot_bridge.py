"""BotBridge behaviour on the embedded server (linked in memory): scoring with the engine's
dead stones, the opponent's differing removals, engine crashes, handicap set-up, busy
declines, request terms.

Engines run in this process (scripted subclasses of the built-in engine) so each test can
make the engine do exactly one thing: call a group dead, crash on a given move.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sgfmill import sgf

from igs_tui.apps.bot import bridge as bot_bridge
from igs_tui.apps.bot.bridge import BotBridge, BotExit, EngineFactory, request_terms
from igs_tui.apps.bot.cli import build_parser, read_password, run_bot_cli
from igs_tui.apps.bot.policy import BotPolicy
from igs_tui.go import Color, Point, parse_point
from igs_tui.gtp.channel import InProcessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.engine import GtpEngine
from igs_tui.gtp.errors import GtpEngineDied
from igs_tui.model import GamePhase
from igs_tui.model.play import Challenge
from igs_tui.model.terms import MatchTerms
from tests.e2e.bot_harness import (
    Script,
    bot_and_opponent,
    builtin_engine,
    challenge,
    client_config,
    oppose,
    own_count,
)
from tests.gtp.hanging import hanging_engine_factory
from tests.polling import wait_until

E5, C3 = parse_point("E5", 9), parse_point("C3", 9)


class ScriptedEngine(GtpEngine):
    """Plays ``script`` (then passes) and calls ``dead`` dead in scoring."""

    script: tuple[Point, ...] = ()
    dead: tuple[Point, ...] = ()

    def _choose(self, args: list[str]) -> tuple[Color, Point | None]:
        color = Color.parse(args[0])
        played = {p for c, p in self.moves if c is color}
        for point in self.script:
            if point not in played and self.game.get(point) is None:
                return color, point
        return color, None

    def _final_status_list(self, args: list[str]) -> str:
        if args == ["dead"]:
            return "\n".join(
                f"{'ABCDEFGHJ'[p.col]}{self.size - p.row}"
                for p in self.dead
                if self.game.get(p) is not None
            )
        return super()._final_status_list(args)


def scripted(script: tuple[Point, ...], dead: tuple[Point, ...]) -> EngineFactory:
    engine_type = type("Scripted", (ScriptedEngine,), {"script": script, "dead": dead})
    return builtin_engine(engine_type=engine_type)


async def test_dead_stones_from_the_engine_are_removed_then_done(tmp_path: Path) -> None:
    async with bot_and_opponent(tmp_path, memory=True, engine=scripted((C3,), (E5,))) as run:
        challenge(run.opponent)  # alice is Black, the bot White
        game = await oppose(run.opponent, Script(planted=[E5]))
        assert await asyncio.wait_for(run.task, 60) is BotExit.DONE
        assert game.dead == {E5}
        assert game.score_check is not None and game.score_check.agrees
        assert game.result == own_count(game) and game.result.startswith("W+")
        assert "game 1: removing dead chain at E5" in run.bridge.log_lines


async def test_opponent_removing_other_stones_makes_the_bot_type_done_again(
    tmp_path: Path,
) -> None:
    async with bot_and_opponent(tmp_path, memory=True, engine=scripted((C3,), (E5,))) as run:
        challenge(run.opponent)
        script = Script(planted=[E5], remove=[C3], wait_for_dead={E5})
        game = await oppose(run.opponent, script)
        assert await asyncio.wait_for(run.task, 60) is BotExit.DONE
        # The server's echo is followed: both chains are dead in the final count.
        assert game.dead == {E5, C3}
        # Komi 0.5 as alice proposed it (nmatch has no komi) and the bot agreed.
        assert game.komi == 0.5
        assert game.result == own_count(game) == "W+0.5"
        assert "game 1: agreeing to komi 0.5" in run.bridge.log_lines
        assert any("done again (2)" in line for line in run.bridge.log_lines)


class CrashingEngine(GtpEngine):
    """Raises (a crash, for InProcessChannel) on the ``crash_at``-th genmove."""

    crash_at = 3

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.genmoves = 0

    def _choose(self, args: list[str]) -> tuple[Color, Point | None]:
        self.genmoves += 1
        if self.genmoves == self.crash_at:
            raise RuntimeError("engine crashed")
        return super()._choose(args)


async def test_engine_crash_restarts_and_replays_the_game(tmp_path: Path) -> None:
    started: list[GtpEngine] = []

    async def factory() -> GtpController:
        engine = CrashingEngine(seed=len(started)) if not started else GtpEngine(seed=5)
        started.append(engine)
        return GtpController(InProcessChannel(engine), timeout=10.0)

    async with bot_and_opponent(tmp_path, memory=True, engine=factory) as run:
        challenge(run.opponent)
        game = await oppose(run.opponent, Script(planted=[E5, C3, Point(6, 6), Point(2, 2)]))
        assert await asyncio.wait_for(run.task, 60) is BotExit.DONE
        assert len(started) == 2
        assert any("engine failure in game 1" in line for line in run.bridge.log_lines)
        assert "engine restarted (1); replaying game 1" in run.bridge.log_lines
        # The replacement engine was replayed to the server's list before it moved.
        replayed = started[1].moves
        assert replayed == [(m.color, m.point) for m in game.moves][: len(replayed)]
        assert game.result == own_count(game)


async def test_engine_that_cannot_restart_resigns_cleanly(tmp_path: Path) -> None:
    calls = 0

    async def factory() -> GtpController:
        nonlocal calls
        calls += 1
        if calls > 1:
            raise GtpEngineDied("engine will not start")
        engine = CrashingEngine()
        engine.crash_at = 1
        return GtpController(InProcessChannel(engine), timeout=10.0)

    async with bot_and_opponent(tmp_path, memory=True, engine=factory) as run:
        challenge(run.opponent)
        game = await oppose(run.opponent, Script(planted=[E5]))
        assert game.result == "B+R"
        assert await asyncio.wait_for(run.task, 60) is BotExit.FAILED
        assert any("resigning game 1" in line for line in run.bridge.log_lines)


async def test_handicap_game_engine_holds_the_server_stones(tmp_path: Path) -> None:
    engines: list[GtpEngine] = []

    async def factory() -> GtpController:
        engines.append(GtpEngine(seed=3))
        return GtpController(InProcessChannel(engines[-1]), timeout=10.0)

    async with bot_and_opponent(tmp_path, memory=True, engine=factory) as run:
        alice = run.opponent
        challenge(alice, color=Color.WHITE, handicap=2)  # the bot takes Black with 2 stones
        await wait_until(lambda: alice.game() is not None)
        game = alice.game()
        assert game is not None
        await wait_until(lambda: len(game.board.stones()) == 2)
        alice.backend.play(game.number, E5)
        await wait_until(lambda: game.last_number == 3)  # handicap, alice, the bot's reply
        assert engines[0].game.stones() == game.board.stones()
        assert len(game.board.stones()) == 4
        finished = await oppose(alice, Script())
        assert finished.result == own_count(finished)
        assert await asyncio.wait_for(run.task, 60) is BotExit.DONE


async def test_requests_while_playing_are_declined(tmp_path: Path) -> None:
    async with bot_and_opponent(tmp_path, memory=True) as run:
        challenge(run.opponent)
        await wait_until(lambda: run.opponent.game() is not None)
        bob = await run.join("bob")
        challenge(bob)
        await wait_until(lambda: any(n.title == "Match declined" for n in bob.model.notifications))
        await wait_until(lambda: any("playing a game" in n.text for n in bob.model.notifications))
        assert bob.game() is None
        assert any(line.startswith("declined bob") for line in run.bridge.log_lines)
        # alice's game is untouched
        assert run.opponent.game() is not None
        assert run.opponent.game().phase is GamePhase.PLAYING  # type: ignore[union-attr]


# --- pure parts -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("opponent", "size", "rated"),
    [("alice", 19, True), ("alice", 9, False), ("guest1234", 19, False)],
)
def test_request_terms_rated_only_for_19x19_registered_players(
    opponent: str, size: int, rated: bool
) -> None:
    terms = MatchTerms(opponent, Color.BLACK, size, 2, 6.5, 1800)
    judged = request_terms(Challenge(terms, incoming=True))
    assert (judged.size, judged.handicap, judged.time_minutes, judged.rated) == (
        size,
        2,
        30,
        rated,
    )
    assert (BotPolicy(rated=True).refusal(judged) is None) is rated


@pytest.mark.parametrize(
    "argv",
    [
        [],  # --user is required
        ["--user", "bot", "--sizes", "9,x"],
        ["--user", "bot", "--sizes", "1"],
        ["--user", "bot", "--undo", "maybe"],
        ["--user", "bot", "--games", "0"],
        ["--user", "bot", "--max-handicap", "-1"],
        ["--user", "bot", "--rated-only", "--free-only"],
        ["--user", "bot", "--min-time", "30", "--max-time", "10"],
        ["--user", "bot", "--server", "host:notaport"],
        ["--user", "bot", "--password-file", "/nonexistent/password"],
    ],
)
def test_bad_options_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert run_bot_cli(argv) == 2
    assert "igs-tui bot" in capsys.readouterr().err


def test_options_build_the_policy() -> None:
    argv = ["--user", "b", "--sizes", "9,13", "--max-handicap", "4", "--undo", "accept"]
    args = build_parser().parse_args([*argv, "--games", "2"])
    assert args.sizes == frozenset({9, 13}) and args.max_handicap == 4
    assert args.undo == "accept" and args.games == 2 and args.server is None
    assert args.send_rate == 3.0  # IGS's pace unless raised for a server of one's own
    assert build_parser().parse_args([*argv, "--send-rate", "20"]).send_rate == 20.0
    for bad in ("0", "-1", "nan", "fast"):
        with pytest.raises(SystemExit):
            build_parser().parse_args([*argv, "--send-rate", bad])


class ResigningEngine(GtpEngine):
    """Resigns on its second genmove."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.genmoves = 0
        self._handlers["genmove"] = self._genmove_or_resign

    def _genmove_or_resign(self, args: list[str]) -> str:
        self.genmoves += 1
        return "resign" if self.genmoves == 2 else self._genmove(args)


async def test_engine_resignation_resigns_on_the_server(tmp_path: Path) -> None:
    engine = builtin_engine(engine_type=ResigningEngine)
    async with bot_and_opponent(tmp_path, memory=True, engine=engine) as run:
        challenge(run.opponent)
        game = await oppose(run.opponent, Script(planted=[E5, C3]))
        assert game.result == "B+R"
        assert await asyncio.wait_for(run.task, 60) is BotExit.DONE
        assert run.bridge.finished[0].result == "B+R"
        assert "game 1: the engine resigns" in run.bridge.log_lines


async def test_classic_match_request_is_accepted_on_its_board_size(tmp_path: Path) -> None:
    """A classic ``match`` carries no GAMERPROPS line; the bot takes the size from the
    request it accepted."""
    async with bot_and_opponent(tmp_path, memory=True) as run:
        alice = run.opponent
        alice.backend.send_raw("match botalpha B 9 10 0")
        await wait_until(lambda: alice.game() is not None)
        game = alice.game()
        assert game is not None
        # A classic match says neither size nor komi; the opponent's model has that gap too
        # (the embedded server plays even games with 6.5), so set both for the script.
        game.komi = 6.5
        game.reset_board(9)
        finished = await oppose(alice, Script(planted=[E5]))
        assert await asyncio.wait_for(run.task, 60) is BotExit.DONE
        assert finished.score_check is not None and finished.score_check.agrees
        assert all(m.point is None or (m.point.col < 9 and m.point.row < 9) for m in finished.moves)
        assert "accepted alice (9x9, handicap 0, 10 min, free)" in run.bridge.log_lines


class OccupiedPointEngine(GtpEngine):
    """Answers every genmove with a point the opponent already holds (without playing it),
    so the server refuses each move; ``undo`` then takes back only that pretend move."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.pretend = False
        self._handlers["genmove"] = self._occupied
        self._handlers["undo"] = self._undo_pretend

    def _occupied(self, args: list[str]) -> str:
        color = Color.parse(args[0])
        taken = [p for p, c in self.game.stones().items() if c is color.opponent]
        if not taken:
            return self._genmove(args)
        self.pretend = True
        return f"{'ABCDEFGHJ'[taken[0].col]}{self.size - taken[0].row}"

    def _undo_pretend(self, args: list[str]) -> str:
        if self.pretend:
            self.pretend = False
            return ""
        return self._undo(args)


async def test_moves_the_server_refuses_are_retried_then_passed(tmp_path: Path) -> None:
    engine = builtin_engine(engine_type=OccupiedPointEngine)
    async with bot_and_opponent(tmp_path, memory=True, engine=engine) as run:
        challenge(run.opponent)
        game = await oppose(run.opponent, Script(planted=[E5]))
        assert await asyncio.wait_for(run.task, 60) is BotExit.DONE
        refused = [line for line in run.bridge.log_lines if "server refused our move" in line]
        assert len(refused) >= 3
        assert any("refused 3 moves in a row; passing" in line for line in run.bridge.log_lines)
        # Only alice's stone was ever played; the bot passed.
        assert [m.point for m in game.moves if m.color is Color.WHITE] == [None] * len(
            [m for m in game.moves if m.color is Color.WHITE]
        )
        assert game.result == own_count(game)


async def test_opponent_drop_adjourns_then_the_reloaded_game_is_played_out(
    tmp_path: Path,
) -> None:
    async with bot_and_opponent(tmp_path, memory=True) as run:
        alice = run.opponent
        challenge(alice)
        await wait_until(lambda: alice.game() is not None)
        game = alice.game()
        assert game is not None
        alice.backend.play(game.number, E5)
        await wait_until(lambda: game.last_number == 2)
        transport = alice.client._transport
        assert transport is not None
        # alice comes back after a second: the bot sees the adjournment before the reload.
        alice.client.config = client_config(run.address, reconnect=True, delay=1.0)
        await transport.close()  # alice's link drops; the server adjourns the game
        await wait_until(lambda: any("adjourned" in line for line in run.bridge.log_lines))
        # alice's client reconnects and reloads the game by itself (IgsClient restore); the
        # bot takes the reloaded game up from its full move list.
        await wait_until(lambda: _started(run.bridge.log_lines) == 2)
        finished = await oppose(alice, Script(planted=[C3]))
        assert await asyncio.wait_for(run.task, 60) is BotExit.DONE
        assert finished.result == own_count(finished)
        assert [m.point for m in finished.moves[:2]] == [m.point for m in game.moves[:2]]
        assert _started(run.bridge.log_lines) == 2


def _started(lines: list[str]) -> int:
    return sum(line.startswith("game ") and " started: " in line for line in lines)


async def test_engine_gets_the_time_settings_and_time_left(tmp_path: Path) -> None:
    engines: list[GtpEngine] = []

    async def factory() -> GtpController:
        engines.append(GtpEngine(seed=2))
        return GtpController(InProcessChannel(engines[-1]), timeout=10.0)

    async with bot_and_opponent(tmp_path, memory=True, engine=factory) as run:
        alice = run.opponent
        challenge(alice, main_seconds=1200, byo_seconds=300, byo_stones=25)
        await wait_until(lambda: alice.game() is not None)
        game = alice.game()
        assert game is not None
        alice.backend.play(game.number, E5)
        await wait_until(lambda: game.last_number == 2)
        engine = engines[0]
        assert engine.time_settings == (1200, 300, 25)  # Canadian, as the request said
        seconds, stones = engine.time_left[Color.WHITE]
        assert 0 < seconds <= 1200 and stones == 0  # still in main time


async def test_outlandish_komi_proposal_is_ignored(tmp_path: Path) -> None:
    async with bot_and_opponent(tmp_path, memory=True) as run:
        alice = run.opponent
        challenge(alice, komi=6.5)  # the server's default: nothing to propose
        await wait_until(lambda: alice.game() is not None)
        game = alice.game()
        assert game is not None
        alice.backend.send_raw("komi 50.5")
        await wait_until(
            lambda: any("komi 50.5 proposed; ignored" in x for x in run.bridge.log_lines)
        )
        alice.backend.play(game.number, E5)
        await wait_until(lambda: game.last_number == 2)
        assert game.komi == 6.5


async def test_two_requests_at_once_one_game_the_other_declined(tmp_path: Path) -> None:
    async with bot_and_opponent(tmp_path, memory=True) as run:
        alice, bob = run.opponent, await run.join("bob")
        challenge(alice)
        challenge(bob)
        await wait_until(lambda: (alice.game() is None) != (bob.game() is None))
        playing, other = (alice, bob) if alice.game() is not None else (bob, alice)
        await wait_until(
            lambda: any(n.title == "Match declined" for n in other.model.notifications)
        )
        assert other.game() is None
        assert any(line.startswith(f"accepted {playing.name}") for line in run.bridge.log_lines)
        assert any(line.startswith(f"declined {other.name}") for line in run.bridge.log_lines)


def test_password_sources_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parser = build_parser()
    secret = tmp_path / "pw"
    secret.write_text("from-file\nsecond line\n", encoding="utf-8")
    monkeypatch.setenv("IGS_TUI_BOT_PASSWORD", "from-env")
    with_file = parser.parse_args(["--user", "b", "--password-file", str(secret)])
    assert read_password(with_file, parser) == "from-file"
    plain = parser.parse_args(["--user", "b"])
    assert read_password(plain, parser) == "from-env"
    monkeypatch.delenv("IGS_TUI_BOT_PASSWORD")
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert read_password(plain, parser) == ""  # no terminal to ask on: a guest login


async def test_an_engine_that_keeps_dying_costs_the_game_but_never_its_record(
    tmp_path: Path,
) -> None:
    """Every engine dies on its third move; after the restarts the bot resigns and exits 1,
    and the SGF on disk holds every move played (before: exit 1 and no record at all)."""
    started: list[GtpEngine] = []

    async def factory() -> GtpController:
        engine = CrashingEngine(seed=len(started))
        started.append(engine)
        return GtpController(InProcessChannel(engine), timeout=10.0)

    planted = [E5, C3, Point(6, 6), Point(2, 2), Point(6, 2), Point(2, 6)]
    async with bot_and_opponent(tmp_path, memory=True, engine=factory) as run:
        challenge(run.opponent)
        game = await oppose(run.opponent, Script(planted=planted))
        assert await asyncio.wait_for(run.task, 30) is BotExit.FAILED
        assert len(started) == 4  # the first engine and three restarts
        records = list(tmp_path.glob("*.sgf"))
        assert len(records) == 1
        sgf_game = sgf.Sgf_game.from_bytes(records[0].read_bytes())
        moves = [node.get_move() for node in sgf_game.get_main_sequence()[1:]]
        assert len(moves) == len(game.moves) >= 4
        assert any("SGF" in line and str(records[0]) in line for line in run.bridge.log_lines)


async def test_a_hung_engine_is_caught_within_the_moves_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine that never answers its second genmove is given up on within the move's time
    (here an untimed game's cap, shortened for the test), with a message that says so; a fresh
    engine takes over and the game and its record go on."""
    monkeypatch.setattr(bot_bridge, "MAX_MOVE_SECONDS", 1.5)
    factory, hung = hanging_engine_factory(hang_at=2)
    async with bot_and_opponent(tmp_path, memory=True, engine=factory) as run:
        challenge(run.opponent, main_seconds=0)
        game = await oppose(run.opponent, Script(planted=[E5, C3, Point(6, 6), Point(2, 2)]))
        assert await asyncio.wait_for(run.task, 60) is BotExit.DONE
        assert hung == ["genmove"]
        marker = "no move within this move's time (1.5 s)"
        assert any(marker in line for line in run.bridge.log_lines), run.bridge.log_lines
        assert "engine restarted (1); replaying game 1" in run.bridge.log_lines
        assert game.phase is GamePhase.FINISHED and list(tmp_path.glob("*.sgf"))


def test_the_move_budget_comes_from_our_clock() -> None:
    """Main time left (or the current byo-yomi period) less a margin for the network, within
    [MIN_MOVE_SECONDS, MAX_MOVE_SECONDS]; no limit at all gets the cap."""
    from igs_tui.model import ClockReading, FollowedGame

    bridge = BotBridge("bot", "pw", engine=builtin_engine())
    game = FollowedGame(1, size=9)
    now = bridge.model.clock()
    cases = [
        (ClockReading(0.0, unlimited=True), bot_bridge.MAX_MOVE_SECONDS),
        (ClockReading(600.0), bot_bridge.MAX_MOVE_SECONDS),
        (ClockReading(42.0), 40.0),
        (ClockReading(0.0, in_byoyomi=True, byo_seconds=10.0, periods=3), 8.0),
        (ClockReading(1.0), bot_bridge.MIN_MOVE_SECONDS),
    ]
    for reading, expected in cases:
        game.clocks[bridge._ours].set(reading, now)
        assert bridge._move_budget(game) == pytest.approx(expected, abs=0.1), reading


async def test_a_move_that_arrives_while_the_engine_is_told_asks_for_no_second_move(
    tmp_path: Path,
) -> None:
    """A real NNGS 1.1.22 writes the game heading apart from the move line: the bot woke on
    the heading of its own move's echo, found the server's list one move short and took its
    move back in the engine; the echo's move line came during that call, and the relay, one
    move behind, asked the engine for a second move (``5 It is not your move.``, 12 times a
    game). A sync that the game outran is done again instead."""
    from igs_tui.model import Role
    from igs_tui.model import changes as ch
    from igs_tui.model.games import MoveRecord

    played = [(Color.BLACK, C3), (Color.WHITE, E5), (Color.BLACK, parse_point("G7", 9))]
    ours = (Color.WHITE, parse_point("C7", 9))
    genmoves: list[list[str]] = []
    bridge: BotBridge | None = None

    class EchoDuringUndo(GtpEngine):
        """The echo's move line arrives while the engine takes our move back."""

        def __init__(self, seed: int | None = None) -> None:
            super().__init__(seed=seed)
            self._handlers["undo"] = self._undo_then_echo
            self._handlers["genmove"] = self._counted_genmove

        def _undo_then_echo(self, args: list[str]) -> str:
            answer = self._undo(args)
            assert bridge is not None
            bridge.model.apply(ch.MoveAdded(1, MoveRecord(4, *ours)))
            return answer

        def _counted_genmove(self, args: list[str]) -> str:
            genmoves.append(args)
            return self._genmove(args)

    bridge = BotBridge(
        "bob", "bobpw", engine=builtin_engine(engine_type=EchoDuringUndo), sgf_dir=tmp_path
    )
    bridge.model.apply(ch.GameFollowed(1, Role.PLAYING_WHITE, white="bob", black="alice", size=9))
    game = bridge.model.followed[1]
    for n, (color, point) in enumerate(played, start=1):
        bridge.model.apply(ch.MoveAdded(1, MoveRecord(n, color, point)))
    bridge._engine = engine = await bridge._engine_factory()
    await engine.boardsize(9)
    await engine.clear_board()
    for color, point in [*played, ours]:
        await engine.play(color, point)
    bridge._game, bridge._ours = 1, Color.WHITE
    bridge._engine_key = (9, game.komi, 0)
    bridge._engine_moves = [*played, ours]
    bridge._sent_at = 3  # our move went out after move 3; the heading of its echo woke us
    await bridge._play(game)  # the sync takes our move back; the echo comes meanwhile
    assert game.last_number == 4
    await bridge._play(game)  # woken again by the echo
    assert genmoves == []  # Black is to move: the engine was never asked for a move
    assert bridge._engine_moves == [*played, ours]  # and holds the server's list again
    await engine.close()
