"""A game against a local GTP engine, behind the same :class:`Backend` port as a server.

Why a Backend: the board UI only knows the model and the Backend Protocol. Turning each intent
into :class:`~igs_tui.backends.engine.local_game.LocalEngineGame` calls and feeding the outcome
into the
:class:`~igs_tui.model.ClientModel` the way the IGS adapter does (follow the game as a player,
one :class:`MoveRecord` per move, clock readings, scoring phase with dead stones, result and
``score_check``) lets the existing board, clocks, scoring marks and result screen play an
engine without knowing it is one.

Choices for a local game (IGS does some of these differently, on purpose):

* **Two consecutive passes end play**, the natural end of a GTP game: GNU Go passes once when
  it thinks the game is over and would not reliably pass a third time as IGS wants.
* **Scoring** starts with the engine's dead stones marked (``final_status_list dead``).
  Selecting a stone toggles its whole chain; *restore* brings every stone back to life (as
  IGS's ``undo`` in scoring does; the engine's suggestion can be asked for again);
  *done* counts with the marks on the board (our rules engine) — that count is the result —
  and asks the engine's ``final_score`` (with a timeout) to compare; differences are shown.
* **Undo** is never refused by us: the human's last move and the engine's reply are taken
  back on both boards (undo during scoring resumes play).
* **Clocks** are Canadian byo-yomi as GTP §4.2 defines them (the game charges them and tells
  the engine ``time_left``); a watchdog ends the game on time for whoever is to move, even
  while the engine is still thinking.
* **The record** is written as SGF after every change, atomically, so a crash of the engine,
  of this program or of the terminal never costs the game.

Every intent runs as an asyncio task behind one lock, so intents never block the UI and never
interleave with an engine move. Engine failures become a notification and a line in the game
chat and the console; the game stays on the board and its record on disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from igs_tui.backends.capabilities import Capabilities
from igs_tui.backends.engine.local_game import (
    EndReason,
    EngineDisagrees,
    EngineFailed,
    GameEnd,
    LocalEngineGame,
    LocalGameError,
    compare_scores,
)
from igs_tui.backends.engine.local_view import (
    LocalGameSettings,
    clock_reading,
    dead_stone_differences,
    engine_score,
    fixed_points,
    record_name,
)
from igs_tui.go import (
    Color,
    IllegalMove,
    Point,
    Score,
    Setup,
    count_with_dead,
    format_point,
)
from igs_tui.gtp.channel import SubprocessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.errors import GtpEngineError, GtpError
from igs_tui.model import (
    BufferKey,
    ChatKind,
    ClientModel,
    FollowedGame,
    GamePhase,
    LinkState,
    MoveRecord,
    Role,
    ScoreCheck,
)
from igs_tui.model import changes as ch
from igs_tui.private_dirs import private_dir

__all__ = ["LOCAL_GAME_NUMBER", "EngineBackend", "LiveAssist", "LocalGameSettings"]

LOCAL_GAME_NUMBER = 1
SYSTEM_AUTHOR = "igs-tui"
UNFINISHED = "unfinished (engine failed)"


class EngineBackend:
    """Implements :class:`igs_tui.backends.capabilities.Backend` for one game against a GTP engine.

    ``engine`` is a started :class:`GtpController` (tests use an in-process engine) or a
    command line to start. ``save_path`` is where the SGF goes; without it, a named file in
    ``games_dir``; with neither, nothing is written. Call :meth:`start` before the UI sends
    intents and :meth:`close` at the end (it stops the engine).
    """

    def __init__(
        self,
        model: ClientModel,
        engine: GtpController | str | Sequence[str],
        settings: LocalGameSettings | None = None,
        *,
        number: int = LOCAL_GAME_NUMBER,
        save_path: str | Path | None = None,
        games_dir: str | Path | None = None,
        env: dict[str, str] | None = None,
        command_timeout: float = 30.0,
        move_timeout: float = 120.0,
        score_timeout: float = 30.0,
        now: Callable[[], float] = time.monotonic,
        stamp: Callable[[], str] = lambda: time.strftime("%Y%m%d-%H%M%S"),
    ) -> None:
        self.model = model
        self.settings = settings or LocalGameSettings()
        self.number = number
        self._engine = engine
        self._env = env
        self._command_timeout = command_timeout
        self._move_timeout = move_timeout
        self._score_timeout = score_timeout
        self._now = now
        self._stamp = stamp
        self._save_path = Path(save_path) if save_path is not None else None
        self._games_dir = Path(games_dir) if games_dir is not None else None
        self.controller: GtpController | None = None
        self.game: LocalEngineGame | None = None
        self.record_path: Path | None = None
        self.failure: str | None = None
        """The engine failure that stopped the game, if any."""
        self.save_error: str | None = None
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self._engine_task: asyncio.Task[Any] | None = None
        self._flag_timer: asyncio.TimerHandle | None = None
        self._watcher: asyncio.Task[None] | None = None
        self._turn_started = 0.0
        self._closed = False
        self._capabilities = Capabilities(absent="not available in a local game", playing=self)

    @property
    def capabilities(self) -> Capabilities:
        """Only our game: no lists, chat, channels, challenges or adjourning."""
        return self._capabilities

    # ----------------------------------------------------------------- life cycle

    @property
    def followed(self) -> FollowedGame | None:
        return self.model.followed.get(self.number)

    @property
    def engine_name(self) -> str:
        return self.game.player_name(self.settings.color.opponent) if self.game else "engine"

    async def start(self) -> None:
        """Start the engine (if given a command), set the game up and show it in the model.

        Raises :class:`~igs_tui.gtp.errors.GtpError` (the engine cannot start) or
        :class:`~igs_tui.backends.engine.local_game.EngineFailed` (it refused the setup); the
        engine is
        stopped again in both cases.
        """
        if self.game is not None:
            raise LocalGameError("the local game has already been started")
        if isinstance(self._engine, GtpController):
            controller = self._engine
        else:
            controller = await GtpController.start(
                self._engine,
                env=self._env,
                timeout=self._command_timeout,
                slow_timeout=self._move_timeout,
            )
        self.controller = controller
        s = self.settings
        game = LocalEngineGame(
            controller,
            size=s.size,
            komi=s.komi,
            handicap=s.handicap,
            human_color=s.color,
            time_settings=s.time,
            human_name=s.player_name,
            move_timeout=self._move_timeout,
            score_timeout=self._score_timeout,
            now=self._now,
            free_handicap=s.free_handicap,
        )
        try:
            await game.start()
        except BaseException:
            await controller.close(grace=1.0)
            raise
        self.game = game
        self.record_path = self._choose_record_path(game)
        game.autosave_path = self.record_path
        self._follow(game)
        self._save()
        where = f"; the record is saved to {self.record_path}" if self.record_path else ""
        self._say(
            f"New game against {self.engine_name}: {s.size}x{s.size}, komi {s.komi:g}"
            + (f", handicap {s.handicap}" if s.handicap else "")
            + (f", {s.time.describe()}" if s.time else "")
            + f"{where}. Two passes in a row end play."
        )
        self._arm_flag_timer()
        channel = controller.channel
        if isinstance(channel, SubprocessChannel):
            self._watcher = asyncio.ensure_future(self._watch(channel))
        if game.engine_to_move:
            self._spawn(self._locked(self._engine_turn))

    async def _watch(self, channel: SubprocessChannel) -> None:
        """Report an engine that exits on its own at once, not at the next move."""
        status = await channel.wait()
        async with self._lock:  # a command in flight reports the failure itself
            followed = self.followed
            if self._closed or self.failure is not None or followed is None:
                return
            if followed.phase is GamePhase.FINISHED:
                return  # nothing more to ask of it
            tail = "; ".join(channel.stderr_tail()[-3:])
            reason = f"the engine exited (status {status})" + (f": {tail}" if tail else "")
            self._engine_failed(EngineFailed(reason, None))

    async def close(self) -> None:
        """Stop pending work and the engine (killed if it does not quit in time)."""
        self._closed = True
        self._disarm_flag_timer()
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(BaseException):
                await self._watcher
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        if self.controller is not None:
            await self.controller.close(grace=1.0)

    async def idle(self) -> None:
        """Wait until every intent sent so far is done (tests and the CLI's shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def _choose_record_path(self, game: LocalEngineGame) -> Path | None:
        if self._save_path is not None:
            return self._save_path
        if self._games_dir is None:
            return None
        name = record_name(
            self._stamp(), game.player_name(Color.BLACK), game.player_name(Color.WHITE)
        )
        return self._games_dir / name

    def _follow(self, game: LocalEngineGame) -> None:
        """Show the game in the model as one we play, with the handicap stones as move 1."""
        color = self.settings.color
        self.model.apply(ch.PassesToEndSet(game.game.ruleset.passes_to_end))
        followed = self.model.follow(
            self.number,
            role=Role.PLAYING_BLACK if color is Color.BLACK else Role.PLAYING_WHITE,
            size=game.size,
            komi=game.komi,
            handicap=game.handicap,
            black=game.player_name(Color.BLACK),
            white=game.player_name(Color.WHITE),
        )
        setups = [entry for entry in game.game.history if isinstance(entry, Setup)]
        if setups:
            stones = setups[0].black
            if set(stones) == set(fixed_points(followed.size, len(stones))):
                record = MoveRecord(1, Color.BLACK, None, handicap=len(stones))
                self.model.apply(ch.MoveAdded(self.number, record))
            else:
                # A free placement: the model's handicap record cannot say where the stones
                # are, so the board gets them as a setup (the SGF comes from the game itself).
                self.model.apply(ch.FreeHandicapPlaced(self.number, tuple(stones)))
        if game.time_settings is not None:
            settings = game.time_settings
            self.model.apply(ch.TimeSystemSet(self.number, settings))
        self.model.set_connection(
            state=LinkState.CONNECTED,
            server=f"local engine {self.engine_name}",
            user=game.human_name,
            detail="",
        )
        self._sync_clocks()

    # ----------------------------------------------------------------- task plumbing

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(self._guarded(work))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _guarded(self, work: Coroutine[Any, Any, None]) -> None:
        """Run one intent; whatever goes wrong is reported, never raised into the UI loop."""
        try:
            await work
        except asyncio.CancelledError:
            raise
        except EngineFailed as exc:
            self._engine_failed(exc)
        except (LocalGameError, GtpError, IllegalMove) as exc:
            self._refuse(str(exc))
        except Exception as exc:  # a bug must not take the game down: say so, keep the board
            self._refuse(f"internal error: {type(exc).__name__}: {exc}")

    async def _locked(self, step: Callable[[], Coroutine[Any, Any, None]]) -> None:
        async with self._lock:
            if self._closed:
                return
            await step()

    def _ready(self, game: int, intent: str) -> LocalEngineGame | None:
        """The running game if ``game`` is ours and the engine is alive; else say why not."""
        if game != self.number or self.game is None:
            self._refuse(f"{intent}: there is no game {game} here")
            return None
        if self.failure is not None:
            self._refuse(f"{intent}: the engine has failed ({self.failure})")
            return None
        return self.game

    # ----------------------------------------------------------------- moves

    def play(self, game: int, point: Point | None) -> None:
        if self._ready(game, "move") is not None:
            self._spawn(self._locked(lambda: self._human_move(point)))

    async def _human_move(self, point: Point | None) -> None:
        game = self.game
        assert game is not None
        if game.end is not None:
            self._refuse("the game is over")
            return
        if not game.human_to_move:
            self._refuse(f"it is {self.engine_name}'s turn")
            return
        try:
            move = await game.play_human(point)
        except IllegalMove as exc:
            self._refuse(f"illegal move: {exc}")
            return
        self._apply_move(move.color, move.point)
        if game.end is None:
            await self._engine_turn()
        else:
            await self._play_stopped()

    async def _engine_turn(self) -> None:
        """Let the engine move (as a cancellable task, so the flag can fall while it thinks)."""
        game = self.game
        assert game is not None
        while game.engine_to_move and not self._closed:
            color = game.to_move
            task = asyncio.ensure_future(game.engine_move())
            self._engine_task = task
            self.model.apply(ch.Thinking(self.number, color, self.model.clock()))
            try:
                answer = await task
            except EngineDisagrees as exc:
                # Our rules refuse the engine's move: asking again would most likely get the
                # same move, so the game stops here like any other engine failure.
                self._engine_failed(EngineFailed(str(exc), None))
                return
            except asyncio.CancelledError:
                if game.end is not None and game.end.reason is EndReason.TIME:
                    return  # the flag fell while the engine was thinking
                raise
            finally:
                self._engine_task = None
                self.model.apply(ch.Thinking(self.number, color, None))
            if answer == "resign":
                self._say(f"{self.engine_name} resigns.")
            else:
                point = None if answer == "pass" else answer
                assert not isinstance(point, str)
                self._apply_move(color, point)
                if point is None:
                    self._say(f"{self.engine_name} passes.")
        if game.end is not None:
            await self._play_stopped()

    def _apply_move(self, color: Color, point: Point | None) -> None:
        followed = self.followed
        if followed is None:
            return
        self.model.apply(
            ch.MoveAdded(self.number, MoveRecord(followed.last_number + 1, color, point))
        )
        self._sync_clocks()
        self._arm_flag_timer()
        self._save()

    def _catch_up(self) -> None:
        """Copy moves our board holds but the model lacks (a move made just before the
        engine failed to hear of it is legal and kept)."""
        game = self.game
        followed = self.followed
        if game is None or followed is None:
            return
        played = [entry for entry in game.game.history if not isinstance(entry, Setup)]
        shown = [m for m in followed.moves if not m.handicap]
        for move in played[len(shown) :]:
            record = MoveRecord(followed.last_number + 1, move.color, move.point)
            self.model.apply(ch.MoveAdded(self.number, record))

    def _sync_clocks(self) -> None:
        """Copy the game's clocks into the model; the side to move's clock runs."""
        game = self.game
        if game is None or not game.clocks or self.followed is None:
            return
        black = clock_reading(game.clocks[Color.BLACK])
        white = clock_reading(game.clocks[Color.WHITE])
        running = game.to_move if game.end is None else None
        self.model.apply(ch.ClocksSynced(self.number, black, white, running))

    # ----------------------------------------------------------------- time

    def _arm_flag_timer(self) -> None:
        """Schedule the flag check for the side to move (re-armed after every move)."""
        self._disarm_flag_timer()
        game = self.game
        self._turn_started = self._now()
        if game is None or game.end is not None or not game.clocks:
            return
        allowed = game.clocks[game.to_move].budget()
        if allowed is None:
            return
        loop = asyncio.get_running_loop()
        self._flag_timer = loop.call_later(max(0.0, allowed) + 0.05, self._check_flag)

    def _disarm_flag_timer(self) -> None:
        if self._flag_timer is not None:
            self._flag_timer.cancel()
            self._flag_timer = None

    def _check_flag(self) -> None:
        """The side to move may have run out of time: confirm on a copy of its clock."""
        self._flag_timer = None
        game = self.game
        if game is None or game.end is not None or self._closed:
            return
        color = game.to_move
        elapsed = self._now() - self._turn_started
        trial = copy.copy(game.clocks[color])
        trial.spend(elapsed, moved=False)
        if not trial.flagged:
            left = trial.budget()
            if left is not None:
                loop = asyncio.get_running_loop()
                self._flag_timer = loop.call_later(max(0.0, left) + 0.05, self._check_flag)
            return
        game.clocks[color] = trial
        winner = color.opponent
        game.end = GameEnd(EndReason.TIME, winner, f"{winner.value}+T")
        if self._engine_task is not None:
            self._engine_task.cancel()
        self._say(f"{color.name.capitalize()} ran out of time.")
        self._spawn(self._locked(self._play_stopped))

    # ----------------------------------------------------------------- end of play

    async def _play_stopped(self) -> None:
        """Play ended: by passes (scoring starts), resignation or time (the game is over)."""
        game = self.game
        followed = self.followed
        assert game is not None
        if game.end is None or followed is None:
            return
        self._disarm_flag_timer()
        if game.end.reason is EndReason.PASSES:
            await self._start_scoring(game, followed)
            return
        self._finish(game.end.result or "")

    async def _start_scoring(self, game: LocalEngineGame, followed: FollowedGame) -> None:
        self.model.apply(ch.PhaseChanged(self.number, GamePhase.SCORING))
        suggested = await game.suggest_dead(timeout=self._score_timeout)
        self.model.apply(ch.DeadStonesCleared(self.number))
        # marks are whole chains, as on IGS
        self.model.apply(ch.DeadStonesMarked(self.number, tuple(suggested or ())))
        marks = followed.dead
        if suggested is None:
            note = f"{self.engine_name} could not say which stones are dead"
        elif suggested:
            where = " ".join(format_point(p, game.size) for p in sorted(marks))
            note = f"{self.engine_name} marks as dead: {where}"
        else:
            note = f"{self.engine_name} sees no dead stones"
        self._say(
            f"Play has ended ({note}). Select a stone to toggle its chain dead or alive, "
            "then press ctrl+d (done) to count."
        )

    def _finish(self, result: str) -> None:
        """The game is over: result into the model, record saved, the user told where."""
        self._disarm_flag_timer()
        if self.followed is not None:
            self.model.game_ended(self.number, result)
        path = self._save()
        text = f"Game over: {result or 'no result'}."
        if path is not None:
            text += f" Saved to {path}."
        elif self.save_error:
            text += f" The record could not be saved: {self.save_error}."
        self._say(text)
        self.model.notify("game", "Game over", text, bell=False)

    def resign(self, game: int) -> None:
        if self._ready(game, "resign") is not None:
            self._spawn(self._locked(self._resign))

    async def _resign(self) -> None:
        game = self.game
        assert game is not None
        if game.end is not None:
            self._refuse("the game is already over")
            return
        end = game.resign_human()
        self._say(f"{self.settings.color.name.capitalize()} resigned.")
        self._finish(end.result or "")

    # ----------------------------------------------------------------- undo

    def request_undo(self, game: int) -> None:
        if self._ready(game, "undo") is not None:
            self._spawn(self._locked(self._undo))

    async def _undo(self) -> None:
        game = self.game
        followed = self.followed
        assert game is not None and followed is not None
        try:
            undone = await game.undo()
        except GtpEngineError as exc:
            self._refuse(f"{self.engine_name} cannot undo: {exc.message}")
            undone = 0
        for _ in range(undone):
            self.model.apply(ch.MoveUndone(self.number))
        if undone:
            self.model.apply(ch.PhaseChanged(self.number, GamePhase.PLAYING))
            self._sync_clocks()
            self._arm_flag_timer()
            self._say(f"Took back {undone} move{'s' if undone != 1 else ''}.")
            self._save()
        elif game.end is None:
            self._refuse("nothing to take back")
        if game.engine_to_move:
            await self._engine_turn()

    def answer_undo(self, game: int, accept: bool) -> None:
        self._refuse("answering undo requests: the engine never asks for one")

    # ----------------------------------------------------------------- scoring

    def remove_dead(self, game: int, point: Point) -> None:
        """Toggle the chain at ``point`` between dead and alive (scoring phase only)."""
        followed = self.followed
        if game != self.number or followed is None or followed.phase is not GamePhase.SCORING:
            self._refuse("stones can be marked dead only while scoring")
            return
        if followed.board.get(point) is None:
            self._refuse(f"{format_point(point, followed.size)} is empty")
            return
        if point in followed.dead:
            self.model.apply(ch.DeadStonesUnmarked(self.number, (point,)))
        else:
            self.model.apply(ch.DeadStonesMarked(self.number, (point,)))

    def restore_scoring(self, game: int) -> None:
        """Every stone alive again, as IGS's ``undo`` during scoring does."""
        followed = self.followed
        if game != self.number or followed is None or followed.phase is not GamePhase.SCORING:
            self._refuse("nothing to restore: the game is not being scored")
            return
        self.model.apply(ch.DeadStonesCleared(self.number))

    def done_scoring(self, game: int) -> None:
        followed = self.followed
        if game != self.number or followed is None or followed.phase is not GamePhase.SCORING:
            self._refuse("done: the game is not being scored")
            return
        if self._ready(game, "done") is not None:
            self._spawn(self._locked(self._score))

    async def _score(self) -> None:
        """Count with the user's marks, compare with the engine's own score, end the game."""
        game = self.game
        followed = self.followed
        assert game is not None and followed is not None
        if followed.phase is not GamePhase.SCORING:
            return
        report = await game.score()
        ours: Score = count_with_dead(game.game, sorted(followed.dead))
        assert game.end is not None
        game.end = replace(game.end, winner=ours.winner, result=ours.result)
        lines = [
            f"Our count: Black {ours.black:g}, White {ours.white:g} -> {ours.result}.",
        ]
        if report.engine is not None:
            differences = compare_scores(ours, report.engine)
            differences += dead_stone_differences(ours.dead, report.dead, game.size)
            check = ScoreCheck(
                engine_score(report.engine),
                ours.black,
                ours.white,
                ours.result,
                counted_by=self.engine_name,
                decides=False,
            )
            self.model.apply(ch.ScoreChecked(self.number, check))
            if differences:
                lines.append(
                    f"{self.engine_name} scores {report.engine.text}: the counts DIFFER ("
                    + "; ".join(differences)
                    + "). Our count stands."
                )
            else:
                lines.append(f"{self.engine_name} scores {report.engine.text}: both counts agree.")
        else:
            lines.append(f"{self.engine_name} could not score ({report.engine_error}).")
        self._say(" ".join(lines))
        self._finish(ours.result)

    # ----------------------------------------------------------------- assistance

    async def ask_estimate(self, timeout: float = 10.0) -> str | None:
        """The playing engine's score estimate of the live position (``None``: no answer in
        ``timeout`` seconds, e.g. while it is still thinking about its move)."""
        game = self.game
        if game is None or self.failure is not None:
            return None
        try:
            async with asyncio.timeout(timeout):
                async with self._lock:
                    final = await game.estimate_score(timeout=timeout)
        except TimeoutError:
            return None
        except EngineFailed as exc:
            self._engine_failed(exc)
            return None
        return final.text if final is not None else None

    async def ask_dead(self, timeout: float = 10.0) -> frozenset[Point] | None:
        """The playing engine's dead stones in the live position (``None``: no answer)."""
        game = self.game
        if game is None or self.failure is not None:
            return None
        try:
            async with asyncio.timeout(timeout):
                async with self._lock:
                    return await game.suggest_dead(timeout=timeout)
        except TimeoutError:
            return None
        except EngineFailed as exc:
            self._engine_failed(exc)
            return None

    # ----------------------------------------------------------------- chat and misc

    def say(self, game: int, text: str) -> None:
        """Our line goes into the game chat (an engine does not read it)."""
        if text.strip():
            author = self.game.human_name if self.game else "me"
            self.model.add_chat(BufferKey(ChatKind.GAME, str(game)), author, text, kind="own")

    def close_game(self, game: int) -> None:
        """Closing the finished game's tab forgets it; a game in play stays."""
        followed = self.model.followed.get(game)
        if followed is not None and followed.phase is GamePhase.FINISHED:
            self.model.unfollow(game)

    def quit(self) -> None:
        """The app is quitting; :meth:`close` (awaited by the caller) stops the engine."""

    # ----------------------------------------------------------------- reporting

    def _say(self, text: str) -> None:
        """A line from us in the game chat (beside the board) and the console."""
        key = BufferKey(ChatKind.GAME, str(self.number))
        self.model.add_chat(key, SYSTEM_AUTHOR, text, kind="say")
        self.model.mark_read(key)  # shown beside the board: not "unread" mail
        self.model.add_console(text, "local game")

    def _refuse(self, text: str) -> None:
        self.model.add_console(text, "local game")
        self.model.notify("local", "Local game", text, bell=False)

    def _engine_failed(self, exc: EngineFailed) -> None:
        """The engine is gone or stuck: say so plainly, keep the board, keep the record."""
        game = self.game
        self.failure = str(exc).split("\n", 1)[0]
        self._catch_up()
        self._disarm_flag_timer()
        if game is not None and game.engine_failure is None:
            game.engine_failure = self.failure  # the record says why it is unfinished
        saved = self._save() or exc.saved_to
        text = f"{self.engine_name} stopped working: {self.failure}."
        text += f" The game so far is saved to {saved}." if saved else " The game was not saved."
        self.model.set_connection(state=LinkState.FAILED, detail="engine failed")
        if self.followed is not None:
            # no more moves can be made; the result says why (the record has no RE)
            self.model.game_ended(self.number, UNFINISHED)
        self._say(text)
        self.model.notify("error", "Engine failed", text)

    def _save(self) -> Path | None:
        """Write the record (atomically) if there is a place for it."""
        game = self.game
        if game is None or self.record_path is None:
            return None
        try:
            private_dir(self.record_path.parent, narrow=False)
            game.save_sgf(self.record_path)
        except OSError as exc:
            if self.save_error is None:
                self.model.notify("error", "Saving failed", f"{self.record_path}: {exc}")
            self.save_error = str(exc)
            return None
        self.save_error = None
        return self.record_path


class LiveAssist:
    """:class:`~igs_tui.model.assist.EngineAssist` answered by the engine playing the game.

    Why not a fresh engine per question (as for server games): the playing engine already
    holds the exact position, including a free handicap placement that a replay could not
    reproduce, and asking it costs no process start. Questions wait for the engine's move.
    """

    def __init__(self, backend: EngineBackend, timeout: float = 10.0) -> None:
        self._backend = backend
        self.timeout = timeout

    @property
    def name(self) -> str:
        return self._backend.engine_name

    async def estimate(self, game: FollowedGame) -> str | None:
        if game.number != self._backend.number:
            return None
        return await self._backend.ask_estimate(self.timeout)

    async def suggest_dead(self, game: FollowedGame) -> frozenset[Point] | None:
        if game.number != self._backend.number:
            return None
        return await self._backend.ask_dead(self.timeout)
