"""A game between a human (or nobody) and a GTP engine, without any UI.

This is the core that ``igs-tui play`` drives and that engine assistance reuses. It keeps two
boards in step — the engine's, through GTP, and our own :class:`~igs_tui.go.Game` — and
trusts ours: a human move is checked by our rules *before* the engine hears of it, an engine
move is checked by our rules *after* it is generated, and any disagreement is reported
instead of silently desynchronising the two.

Order of operations for a human move: play it on our board first (an illegal move raises
:class:`~igs_tui.go.IllegalMove` and changes nothing), then send ``play``; if the engine
rejects it our move is undone again, so both boards always hold the same position.

Failures of the engine (it dies, hangs past a timeout or talks garbage) become
:class:`EngineFailed`. The game record survives it: our board still holds every move, and
when an ``autosave_path`` is set the record is written there before the error is raised.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path

from igs_tui import __version__
from igs_tui.go import (
    JAPANESE_RULES,
    Color,
    Game,
    IllegalMove,
    Move,
    Point,
    Ruleset,
    Score,
    Setup,
    count_with_dead,
    format_sgf_point,
    max_fixed_handicap,
)
from igs_tui.go.timecontrol import PlayerClock, TimeSettings
from igs_tui.gtp.controller import DEFAULT, GtpController
from igs_tui.gtp.errors import (
    GtpEngineError,
    GtpError,
    GtpProtocolError,
    GtpTimeout,
    GtpTransportError,
)
from igs_tui.gtp.policy import free_handicap_points
from igs_tui.gtp.values import FinalScore, GenmoveResult, gtp_vertex, parse_final_score
from igs_tui.records.convert import write_bytes_atomic
from igs_tui.records.model import GameInfo, GameRecord, Node, Play
from igs_tui.records.sgf import write_sgf

_ENGINE_FAULTS = (GtpTransportError, GtpProtocolError, GtpTimeout)


class LocalGameError(Exception):
    """Base class for refusals of :class:`LocalEngineGame`."""


class NotYourTurn(LocalGameError):
    """A move was asked of the side that is not to move."""


class GameOver(LocalGameError):
    """The game has ended (by passes, resignation or time); no more moves."""


class EngineDisagrees(LocalGameError):
    """The engine rejected a move our rules allow, or played one our rules forbid."""


class EngineFailed(LocalGameError):
    """The engine died, timed out or broke the protocol. ``saved_to`` is the autosave path
    (if one was configured and writing succeeded); the game itself is kept intact."""

    def __init__(self, message: str, saved_to: Path | None) -> None:
        if saved_to is not None:
            message += f"\nThe game so far was saved to {saved_to}."
        super().__init__(message)
        self.saved_to = saved_to


class EndReason(StrEnum):
    PASSES = "passes"
    RESIGNATION = "resignation"
    TIME = "time"


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How play stopped. ``result`` (SGF RE form) is ``None`` until a passed-out game is
    scored with :meth:`LocalEngineGame.score`."""

    reason: EndReason
    winner: Color | None
    result: str | None


@dataclass(frozen=True, slots=True)
class ScoreReport:
    """Our count (with the engine's dead stones removed) next to the engine's own score."""

    ours: Score
    engine: FinalScore | None
    engine_error: str | None
    dead: frozenset[Point]
    differences: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        """True when the engine scored and its winner and margin equal ours."""
        return self.engine is not None and not self.differences


def compare_scores(ours: Score, engine: FinalScore) -> list[str]:
    """Human-readable differences between our count and an engine's ``final_score``."""
    if engine.margin is None:
        return [f"engine answered {engine.text!r}, which is not a count"]
    if (
        engine.winner == ours.winner
        and abs(engine.signed_margin - (ours.black - ours.white)) < 1e-6
    ):
        return []
    return [
        f"engine scores {engine.text}, we count {ours.result} "
        f"(Black {ours.black:g}, White {ours.white:g})"
    ]


class LocalEngineGame:
    """One game against a GTP engine.

    ``human_color=None`` lets the engine play both sides (demo games, tests). Time is
    measured with ``now`` (monotonic seconds; injectable so tests use a fake clock) and
    charged to Canadian byo-yomi clocks when ``time_settings`` is given; the engine is told
    its remaining time with ``time_left`` before each ``genmove``.

    ``free_handicap`` places handicap stones with ``set_free_handicap`` (our placement) even
    where ``fixed_handicap`` would do.

    ``move_timeout`` limits each ``genmove`` (``None``: the controller's ``slow_timeout``);
    ``score_timeout`` limits the scoring questions; ``ruleset`` decides when play ends (two
    passes by default) and how our count is made.
    """

    def __init__(
        self,
        controller: GtpController,
        *,
        size: int = 19,
        komi: float = 6.5,
        handicap: int = 0,
        human_color: Color | None = Color.BLACK,
        time_settings: TimeSettings | None = None,
        ruleset: Ruleset = JAPANESE_RULES,
        human_name: str = "Human",
        engine_name: str | None = None,
        move_timeout: float | None = None,
        score_timeout: float = 60.0,
        autosave_path: str | os.PathLike[str] | None = None,
        now: Callable[[], float] = time.monotonic,
        seed: int | None = None,
        free_handicap: bool = False,
    ) -> None:
        if handicap < 0 or handicap == 1:
            raise ValueError(f"handicap must be 0 or at least 2 stones, not {handicap}")
        self.controller = controller
        self.size = size
        self.komi = komi
        self.handicap = handicap
        self.free_handicap = free_handicap
        self.human_color = human_color
        self.time_settings = time_settings
        self.human_name = human_name
        self.engine_name = engine_name
        self.move_timeout = move_timeout
        self.score_timeout = score_timeout
        self.autosave_path = Path(autosave_path) if autosave_path is not None else None
        self.game = Game(size, komi=komi, ruleset=ruleset)
        self.end: GameEnd | None = None
        self.counted: Score | None = None
        """Our count of the passed-out game (the engine's dead stones removed), for the
        record's territory."""
        self.engine_failure: str | None = None
        self.started_at = dt.date.today()
        self.clocks: dict[Color, PlayerClock] = (
            {c: PlayerClock(time_settings) for c in Color} if time_settings else {}
        )
        self._now = now
        self._turn_started = now()
        self._rng = random.Random(seed)
        self._started = False

    # ----------------------------------------------------------------- queries

    @property
    def to_move(self) -> Color:
        return self.game.to_move

    @property
    def engine_colors(self) -> frozenset[Color]:
        return frozenset(c for c in Color if c is not self.human_color)

    @property
    def human_to_move(self) -> bool:
        return self.end is None and self.game.to_move is self.human_color

    @property
    def engine_to_move(self) -> bool:
        return self.end is None and self.game.to_move in self.engine_colors

    def player_name(self, color: Color) -> str:
        if color is self.human_color:
            return self.human_name
        return self.engine_name or "GTP engine"

    # ----------------------------------------------------------------- setup

    async def start(self) -> None:
        """Set the engine up (§5.2: "A controller which has some specific opinion about these
        values must set them explicitly ... including clearing the board")."""
        if self._started:
            raise LocalGameError("the game has already been started")
        ctl = self.controller
        try:
            if self.engine_name is None:
                name = await ctl.name()
                version = await ctl.version()
                self.engine_name = f"{name} {version}".strip()
            await ctl.boardsize(self.size)
            await ctl.clear_board()
            await ctl.komi(self.komi)
            if self.handicap:
                await self._place_handicap()
            if self.time_settings is not None and await ctl.known_command("time_settings"):
                await ctl.time_settings(*self.time_settings.gtp_arguments())
        except (GtpEngineError, *_ENGINE_FAULTS) as exc:
            # A refusal here (e.g. "unacceptable size") means this engine cannot play this
            # game at all, which for the caller is the same as a broken engine.
            raise self._engine_failed("setting up the engine", exc) from exc
        self._started = True
        self._turn_started = self._now()

    async def _place_handicap(self) -> None:
        """Fixed placement when the size allows it (§4.1.1) and free placement was not asked
        for, else our free placement."""
        ctl = self.controller
        points: list[Point] | None = None
        fixed_allowed = not self.free_handicap and self.handicap <= max_fixed_handicap(self.size)
        if fixed_allowed and await ctl.known_command("fixed_handicap"):
            try:
                points = await ctl.fixed_handicap(self.handicap)
            except GtpEngineError:
                points = None
        if points is None:
            points = free_handicap_points(self.size, self.handicap, self._rng)
            await ctl.set_free_handicap(points)
        self.game.setup(black=points, to_move=Color.WHITE)

    def _require_started(self) -> None:
        if not self._started:
            raise LocalGameError("call start() first")
        if self.end is not None:
            raise GameOver(f"the game is over ({self.end.reason})")

    # ----------------------------------------------------------------- moves

    async def play_human(self, point: Point | None) -> Move:
        """Play the human's move (``None`` passes).

        Raises :class:`NotYourTurn`, :class:`GameOver`, :class:`~igs_tui.go.IllegalMove`
        (our rules; nothing is sent), :class:`EngineDisagrees` (the engine refused; our board
        is rolled back) or :class:`EngineFailed`.
        """
        self._require_started()
        color = self.game.to_move
        if color is not self.human_color:
            raise NotYourTurn(f"it is {self.player_name(color)}'s turn")
        move = self.game.play(point, color)
        try:
            await self.controller.play(color, point)
        except GtpEngineError as exc:
            self.game.undo()
            raise EngineDisagrees(
                f"the engine refused {self._vertex(point)} ({exc.message}) although our rules "
                "allow it"
            ) from exc
        except _ENGINE_FAULTS as exc:
            raise self._engine_failed(f"sending {self._vertex(point)}", exc) from exc
        self._after_move(color)
        return move

    def resign_human(self) -> GameEnd:
        """The human resigns (nothing needs to be sent: GTP has no resign command)."""
        self._require_started()
        if self.human_color is None:
            raise LocalGameError("there is no human player in this game")
        winner = self.human_color.opponent
        self.end = GameEnd(EndReason.RESIGNATION, winner, f"{winner.value}+R")
        return self.end

    async def engine_move(self) -> GenmoveResult:
        """Ask the engine for its move (``genmove``) and apply it to our board.

        Sends ``time_left`` first when the game has clocks. Returns the engine's answer; a
        ``"resign"`` ends the game. Raises :class:`EngineDisagrees` if our rules reject the
        move (the engine is told to ``undo`` it), and :class:`EngineFailed`.
        """
        self._require_started()
        color = self.game.to_move
        if color not in self.engine_colors:
            raise NotYourTurn(f"it is {self.player_name(color)}'s turn, not the engine's")
        ctl = self.controller
        try:
            if self.clocks and await ctl.known_command("time_left"):
                seconds, stones = self.clocks[color].time_left()
                await ctl.time_left(color, seconds, stones)
            timeout = DEFAULT if self.move_timeout is None else self.move_timeout
            answer = await ctl.genmove(color, timeout=timeout)
        except (GtpEngineError, *_ENGINE_FAULTS) as exc:  # §6.3.3: genmove "fails never"
            raise self._engine_failed("asking for a move", exc) from exc
        if answer == "resign":
            winner = color.opponent
            self.end = GameEnd(EndReason.RESIGNATION, winner, f"{winner.value}+R")
            return answer
        point = None if answer == "pass" else answer
        try:
            self.game.play(point, color)
        except IllegalMove as exc:
            with contextlib.suppress(GtpError):
                await ctl.undo()
            raise EngineDisagrees(f"the engine played {self._vertex(point)}: {exc}") from exc
        self._after_move(color)
        return answer

    def _after_move(self, color: Color) -> None:
        now = self._now()
        if self.clocks:
            clock = self.clocks[color]
            clock.spend(now - self._turn_started)
            if clock.flagged:
                winner = color.opponent
                self.end = GameEnd(EndReason.TIME, winner, f"{winner.value}+T")
        self._turn_started = now
        if self.end is None and self.game.play_ended:
            self.end = GameEnd(EndReason.PASSES, None, None)

    async def undo(self, moves: int | None = None) -> int:
        """Take back ``moves`` moves on both boards; by default back to the human's turn
        (one move if the human moved last, two if the engine did). Returns how many were
        taken back. Undoing after the game ended by passes resumes play.

        Raises :class:`~igs_tui.gtp.errors.GtpEngineError` ("cannot undo") if the engine
        refuses; the moves undone before that stay undone on both boards.
        """
        if not self._started:
            raise LocalGameError("call start() first")
        if self.end is not None and self.end.reason is not EndReason.PASSES:
            raise GameOver(f"the game is over ({self.end.reason})")
        if moves is None:
            last = self.game.last_move
            moves = 1 if last is not None and last.color is self.human_color else 2
        undone = 0
        for _ in range(moves):
            history = self.game.history
            if not history or isinstance(history[-1], Setup):
                break
            try:
                await self.controller.undo()
            except _ENGINE_FAULTS as exc:
                raise self._engine_failed("undoing a move", exc) from exc
            self.game.undo()
            undone += 1
        if undone:
            self.end = None
            self.counted = None
            self._turn_started = self._now()
        return undone

    # ----------------------------------------------------------------- scoring & help

    async def score(self) -> ScoreReport:
        """Score the finished game: the engine's ``final_status_list dead`` stones are
        removed from our own count, which is then compared with its ``final_score``.

        Both questions use ``score_timeout``; an engine that cannot answer is reported in
        ``engine_error`` and our count is still returned. A passed-out game gets its result.

        Only for games that ended by passes: GNU Go needs minutes for ``final_score`` on an
        unfinished 19x19 game, so live estimates go through :meth:`estimate_score` instead
        (:class:`LocalGameError` otherwise).
        """
        if not self.game.play_ended:
            raise LocalGameError("score() needs a game ended by passes; use estimate_score()")
        ctl = self.controller
        errors: list[str] = []
        groups: list[list[Point]] = []
        try:
            groups = await ctl.final_status_list("dead", timeout=self.score_timeout)
        except GtpError as exc:
            errors.append(f"final_status_list: {exc}")
        differences = [
            f"engine lists empty point {self._vertex(point)} as dead"
            for group in groups
            for point in group
            if self.game.get(point) is None
        ]
        ours = count_with_dead(self.game, (point for group in groups for point in group))
        engine: FinalScore | None = None
        if ctl.dead is None:
            try:
                engine = await ctl.final_score(timeout=self.score_timeout)
            except GtpError as exc:
                errors.append(f"final_score: {exc}")
        if engine is not None:
            differences.extend(compare_scores(ours, engine))
        if self.end is not None and self.end.reason is EndReason.PASSES:
            self.end = replace(self.end, winner=ours.winner, result=ours.result)
            self.counted = ours
        return ScoreReport(
            ours=ours,
            engine=engine,
            engine_error="; ".join(errors) or None,
            dead=ours.dead,
            differences=tuple(differences),
        )

    async def estimate_score(self, timeout: float = 10.0) -> FinalScore | None:
        """A live estimate for an unfinished game, or ``None`` if the engine cannot give one
        in ``timeout`` seconds. Uses GNU Go's private ``estimate_score`` when available
        (``final_score`` on an unfinished 19x19 game can take minutes), else ``final_score``.
        """
        ctl = self.controller
        try:
            if await ctl.known_command("estimate_score", timeout=timeout):
                body = await ctl.command("estimate_score", timeout=timeout)
                # GNU Go: "W+13.5 (upper bound: -12.5, lower: -14.5)"
                return parse_final_score(body.split()[0]) if body.split() else None
            if await ctl.known_command("final_score", timeout=timeout):
                return await ctl.final_score(timeout=timeout)
        except (GtpEngineError, GtpTimeout, GtpProtocolError):
            return None
        except GtpTransportError as exc:
            raise self._engine_failed("estimating the score", exc) from exc
        return None

    async def suggest_dead(self, timeout: float = 10.0) -> frozenset[Point] | None:
        """The engine's opinion of the dead stones (``final_status_list dead``), for
        pre-marking during removal; ``None`` if it cannot say within ``timeout``."""
        ctl = self.controller
        try:
            if not await ctl.known_command("final_status_list", timeout=timeout):
                return None
            groups = await ctl.final_status_list("dead", timeout=timeout)
        except (GtpEngineError, GtpTimeout, GtpProtocolError):
            return None
        except GtpTransportError as exc:
            raise self._engine_failed("asking for dead stones", exc) from exc
        return frozenset(p for group in groups for p in group if self.game.get(p) is not None)

    # ----------------------------------------------------------------- records

    def record(self) -> GameRecord:
        """The game as a :mod:`igs_tui.records` record (players, komi, handicap, rules, time,
        result, setup and moves), so it is written by the one SGF writer."""
        settings = self.time_settings
        info = GameInfo(
            black=self.player_name(Color.BLACK),
            white=self.player_name(Color.WHITE),
            komi=self.komi,
            handicap=self.handicap or None,
            result=self.end.result if self.end is not None else None,
            date=self.started_at.isoformat(),
            rules=self.game.ruleset.name.capitalize(),
            time_limit=str(settings.main_seconds) if settings is not None else None,
            overtime=(settings.sgf_overtime or None) if settings is not None else None,
        )
        record = GameRecord(self.size, info)
        root = record.root
        root.extra["AP"] = [f"igs-tui:{__version__}"]
        if self.engine_failure is not None:
            root.extra["GC"] = [f"Unfinished: {self.engine_failure}"]
        node = root
        for entry in self.game.history:
            if isinstance(entry, Setup):
                if node is not root:
                    node = node.add_child(Node())
                node.add_black.extend(entry.black)
                node.add_white.extend(entry.white)
                node.add_empty.extend(entry.empty)
            else:
                node = node.add_child(Node(move=Play(entry.color, entry.point)))
        if self.counted is not None and self.end is not None and self.end.result:
            # the territory of the count, on a node after the last move (as NNGS writes it)
            territory = Node()
            for prop, color in (("TB", Color.BLACK), ("TW", Color.WHITE)):
                points = sorted(self.counted.territory[color], key=lambda p: (p.row, p.col))
                if points:
                    territory.extra[prop] = [format_sgf_point(p, self.size) for p in points]
            if territory.extra:
                node.add_child(territory)
        return record

    def to_sgf(self) -> bytes:
        """The game as an SGF FF[4] record (see :meth:`record`)."""
        return write_sgf(self.record())

    def save_sgf(self, path: str | os.PathLike[str]) -> Path:
        """Write :meth:`to_sgf` to ``path`` atomically (temporary file + ``os.replace``), so
        a crash mid-write never leaves a truncated record behind."""
        return write_bytes_atomic(self.to_sgf(), path)

    # ----------------------------------------------------------------- helpers

    def _vertex(self, point: Point | None) -> str:
        return gtp_vertex(point, self.size)

    def _engine_failed(self, doing: str, exc: Exception) -> EngineFailed:
        """Record an engine failure, save the game if configured, and build the error."""
        self.engine_failure = f"engine failed while {doing}: {exc}"
        saved: Path | None = None
        if self.autosave_path is not None:
            with contextlib.suppress(OSError):
                saved = self.save_sgf(self.autosave_path)
        return EngineFailed(self.engine_failure, saved)
