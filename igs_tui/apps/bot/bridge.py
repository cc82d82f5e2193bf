"""The bot bridge: a GTP engine playing on an IGS server, game after game.

Theory of operation
-------------------
Nothing here parses IGS text. The bridge is one more consumer of the same stack the UI uses:
:class:`~igs_tui.backends.igs.net.client.IgsClient` (login, keepalive, reconnect with ``load``)
carries the lines of an :class:`~igs_tui.backends.igs.session.IgsSession`, whose changes keep a
:class:`~igs_tui.model.ClientModel` (challenges, the game's move list on our rules engine, the
scoring phase, dead stones, the result); intents go out through
:class:`~igs_tui.backends.igs.backend.IgsBackend`. Every event only updates that model and wakes
the bridge; :meth:`BotBridge._step` then *reconciles* the engine with the model. Reacting to
state instead of to single events is what makes reconnects, undo and resent move lists safe:
whatever happened in between, the server's move list is the truth and the engine is brought
to it (append the missing moves, ``undo`` the surplus, or replay from an empty board), with
:class:`~igs_tui.apps.bot.relay.MoveRelay` deciding whose turn it is.

One game at a time: while a game is on, every other request is declined with a short tell.
Scoring: the engine's ``final_status_list dead`` (bounded by a timeout) gives the chains to
remove, one coordinate each, then ``done``; when the opponent removes something else or
restores the board, the bridge types ``done`` again, at most :data:`MAX_DONES` times a game.
Each finished game is written as SGF to ``sgf_dir``. The log (one plain line per event) never
contains the password.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import TypeVar

import platformdirs

from igs_tui.apps.bot import policy as bot_policy
from igs_tui.apps.bot.policy import BotPolicy
from igs_tui.apps.bot.relay import Action, MoveRelay
from igs_tui.archive.autosave import AutoSaver
from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.net.client import ClientConfig, ClientEvent, Connector, IgsClient
from igs_tui.backends.igs.net.states import Connected, Disconnected, Failed
from igs_tui.backends.igs.profiles import ProfileStore
from igs_tui.backends.igs.protocol import commands as cmd
from igs_tui.backends.igs.protocol import events as ev
from igs_tui.backends.igs.session import IgsSession
from igs_tui.go import Color, Point, fixed_handicap_points, format_point
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.errors import GtpEngineError, GtpError
from igs_tui.model import ClientModel, FollowedGame, GamePhase, Role, TimeSystem
from igs_tui.model import changes as ch
from igs_tui.model.play import Challenge

__all__ = ["BotBridge", "BotExit", "EngineFactory", "FinishedGame", "default_sgf_dir"]

_log = logging.getLogger("igs_tui.bot")

EngineFactory = Callable[[], Awaitable[GtpController]]
"""Starts a fresh engine; called again after a crash."""

MAX_DONES = 10
"""``done`` at most this often per game: two sides that disagree must not loop forever."""

MAX_REJECTED_MOVES = 3
"""After the server refuses this many engine moves in a row, the bridge passes instead."""

MAX_ENGINE_RESTARTS = 3
MAX_MOVE_SECONDS = 300.0
"""A move's thinking time when the clock allows more (or there is none)."""
MIN_MOVE_SECONDS = 2.0
MOVE_MARGIN_SECONDS = 2.0
"""Kept back from the clock for sending the move (the server's clock keeps running)."""
"""Per game; beyond it the bridge resigns and stops."""

MAX_KOMI = 10.0
"""Komi proposals up to this size either way are agreed to; larger ones are ignored."""

ACCEPT_TIMEOUT = 20.0
"""Seconds to wait for the game after accepting before taking other requests again."""


_T = TypeVar("_T")


class BotExit(IntEnum):
    """How :meth:`BotBridge.run` ended; the values are the CLI's exit codes."""

    DONE = 0
    FAILED = 1
    INTERRUPTED = 130


@dataclass(frozen=True, slots=True)
class FinishedGame:
    number: int
    white: str
    black: str
    result: str
    moves: tuple[tuple[Color, Point | None], ...]
    sgf: Path | None


def default_sgf_dir() -> Path:
    """``<user data dir>/igs-tui/bot-games``."""
    return Path(platformdirs.user_data_dir("igs-tui")) / "bot-games"


def request_terms(challenge: Challenge) -> bot_policy.MatchTerms:
    """What the policy judges. IGS requests do not say whether a game would be rated; the
    server rates only 19x19 games between registered players, so smaller boards and guests
    count as free games."""
    terms = challenge.terms
    rated = terms.size == 19 and not terms.opponent.lower().startswith("guest")
    return bot_policy.MatchTerms(
        terms.opponent, terms.size, terms.handicap, terms.main_seconds // 60, rated
    )


class _EngineLost(Exception):
    """The engine died or stopped answering; the message says how."""


class BotBridge:
    """Plays ``games`` games (``None`` = until stopped) with a GTP engine as ``username``.

    Args:
        username, password: the account (an empty password logs in as a guest on IGS).
        engine: starts the engine (again after a crash).
        policy: which requests to accept and how to answer undo requests.
        client_config: servers, timings and reconnect policy of the IGS connection.
        games: stop after this many finished games.
        sgf_dir: where each finished game is written as SGF.
        send_rate: commands per second the session may send (IGS kicks floods; tests raise it).
        status_timeout: bound on ``final_status_list`` (an engine may think for minutes).
        connector: opens each connection (default: telnet over TCP); tests connect in memory.
    """

    def __init__(
        self,
        username: str,
        password: str,
        *,
        engine: EngineFactory,
        policy: BotPolicy | None = None,
        client_config: ClientConfig | None = None,
        games: int | None = None,
        sgf_dir: str | os.PathLike[str] | None = None,
        send_rate: float = 3.0,
        status_timeout: float = 30.0,
        profiles: ProfileStore | None = None,
        connector: Connector | None = None,
    ) -> None:
        self.username = username
        self.policy = policy or BotPolicy()
        self.games = games
        self.sgf_dir = Path(sgf_dir) if sgf_dir is not None else default_sgf_dir()
        self.status_timeout = status_timeout
        self._engine_factory = engine
        self.model = ClientModel()
        store = profiles if profiles is not None else ProfileStore()
        servers = client_config.servers if client_config is not None else ClientConfig().servers
        key = str(servers[0])
        config = client_config or ClientConfig()
        self.session = IgsSession(
            username,
            password,
            profile=store.profile(key),
            on_learnt=lambda profile: store.save(key, profile),
            rate=send_rate,
            burst=max(3.0, send_rate),
            refresh_moves=config.refresh_moves,
            forfeit_seconds=config.forfeit_seconds,
            clock=self.model.clock,
        )
        for change in self.session.take_changes():
            self.model.apply(change)
        self.client = IgsClient(
            self.session,
            self.model.apply,
            config=config,
            on_event=self._on_event,
            connector=connector,
        )
        self.backend = IgsBackend(self.model, self.session, self.client.flush)
        self.saver = AutoSaver(self.model, self.sgf_dir)
        """Writes each game's record after every change, so a dying engine, a crash or a
        kill costs no moves; :meth:`_game_over` reports the file it wrote."""
        self.finished: list[FinishedGame] = []
        self.log_lines: list[str] = []
        self.exit: BotExit | None = None
        self._wake = asyncio.Event()
        self._engine: GtpController | None = None
        # the current game and the engine's copy of it
        self._game: int | None = None
        self._ours = Color.BLACK
        self._relay: MoveRelay | None = None
        self._engine_key: tuple[int, float, int] | None = None
        self._engine_moves: list[tuple[Color, Point | None]] = []
        self._sent_at: int | None = None
        self._rejected = 0
        self._restarts = 0
        self._scored = False
        self._dead: list[list[Point]] = []
        self._dones = 0
        self._need_done = False
        self._need_rescore = False
        self._undo_seen_at: int | None = None
        self._logged_komi = 0.0
        # requests
        self._answered: dict[str, Challenge] = {}
        self._accepting: tuple[str, float] | None = None
        self._failure: str | None = None
        self._login_failed = ""
        """Why the login was refused for good ("" while it was not)."""
        self._resend_toggles = False

    # --- plumbing ---------------------------------------------------------------------------

    def _say(self, message: str) -> None:
        self.log_lines.append(message)
        _log.info("%s", message)

    def _take_changes(self) -> None:
        """Apply what the session made for an intent of ours (it keeps its own view)."""
        for change in self.session.take_changes():
            self.model.apply(change)

    def _let_go(self, number: int) -> None:
        """Stop following the game under ``number`` (the session forgets it too): servers
        reuse numbers, and the next game under it must start afresh."""
        self.session.unfollow(number)
        self._take_changes()

    def stop(self) -> None:
        """Ask :meth:`run` to quit cleanly (the Ctrl-C path)."""
        if self.exit is None:
            self.exit = BotExit.INTERRUPTED
        self._wake.set()

    def _on_event(self, event: ClientEvent) -> None:
        """Note what needs a reaction (the model is up to date already), wake the loop
        (never blocks)."""
        if isinstance(event, Connected):
            self._say(f"logged in to {event.address} as {event.name}")
            self._resend_toggles = True
            self._sent_at = None  # a move sent just before the drop may be lost
        elif isinstance(event, Disconnected):
            self._say(f"disconnected: {event.reason}")
        elif isinstance(event, Failed):
            self._failure = event.reason
        elif isinstance(event, ev.LoginFailed) and event.final:
            self._login_failed = event.reason
        elif isinstance(event, ev.StoneRemoval):
            if event.player is not None and event.player != self.model.me and self._scored:
                self._need_done = True
        elif isinstance(event, ev.CommandReply):
            self._replied(event)
        elif isinstance(event, ev.UndoRequest):
            game = self.model.followed.get(self._game) if self._game is not None else None
            self._undo_seen_at = game.last_number if game is not None else None
        elif isinstance(event, ev.Say):
            # NNGS has no undo request line: the opponent's client asks in the game chat,
            # and the session turned it into the request
            game = self.model.followed.get(self._game) if self._game is not None else None
            if game is not None and game.undo_requested_by:
                self._undo_seen_at = game.last_number
        elif isinstance(event, ev.BoardRestored):
            self._need_rescore = True
        self._wake.set()

    def _replied(self, reply: ev.CommandReply) -> None:
        """A refused move is retried (at most :data:`MAX_REJECTED_MOVES` times, then a pass).
        (A refused restore ``load`` is IgsClient's business: it fetches the moves.)"""
        errors = [e.text for e in reply.events if isinstance(e, ev.Error)]
        if reply.command.reply is cmd.ReplyKind.MOVE and errors and self._awaiting_echo():
            # Our move was refused (illegal on the server, or not our turn after all).
            self._rejected += 1
            self._say(f"server refused our move: {errors[0]}")
            self._sent_at = None

    def _awaiting_echo(self) -> bool:
        game = self.model.followed.get(self._game) if self._game is not None else None
        return game is not None and self._sent_at is not None and game.last_number == self._sent_at

    # --- main loop --------------------------------------------------------------------------

    async def run(self) -> BotExit:
        """Start the engine, connect and play until ``games`` are done, a final failure or
        :meth:`stop`; always quits the server and closes the engine."""
        try:
            self._engine = await self._engine_factory()
        except (GtpError, OSError) as exc:
            self._say(f"cannot start the engine: {exc}")
            return BotExit.FAILED
        self._say(f"engine started; logging in as {self.username}")
        client_task = asyncio.create_task(self.client.run())
        try:
            while self.exit is None:
                if client_task.done():
                    break
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(1.0):
                        await self._wake.wait()
                self._wake.clear()
                if self.exit is not None or self._failure is not None:
                    break
                await self._step()
        finally:
            self._save_unfinished()
            await self._shutdown(client_task)
            self.saver.close()
        if self.exit is None:
            reason = self._failure or "connection ended"
            if self._login_failed:
                reason = f"login as {self.username} failed: {self._login_failed}"
            self._say(f"stopping: {reason}")
            self.exit = BotExit.FAILED
        return self.exit

    async def _shutdown(self, client_task: asyncio.Task[None]) -> None:
        if not client_task.done() and self.client.connected:
            self.client.send(cmd.quit())
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(3.0):
                    await asyncio.shield(client_task)
        await self.client.close()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(5.0):
                await asyncio.gather(client_task, return_exceptions=True)
        if not client_task.done():
            client_task.cancel()
            await asyncio.gather(client_task, return_exceptions=True)
        if self._engine is not None:
            await self._engine.close(grace=1.0)
            self._engine = None

    async def _step(self) -> None:
        if not self.client.connected:
            return
        if self._resend_toggles:
            self._resend_toggles = False
            self.backend.set_open(True)
            self.backend.set_looking(self._game is None)
        await self._follow_current_game()
        if self.exit is not None:
            return
        self._answer_challenges()

    # --- games ------------------------------------------------------------------------------

    def _active(self) -> list[FollowedGame]:
        return [
            g
            for g in self.model.followed.values()
            if g.role is not Role.OBSERVING and g.phase in (GamePhase.PLAYING, GamePhase.SCORING)
        ]

    async def _follow_current_game(self) -> None:
        current = self.model.followed.get(self._game) if self._game is not None else None
        if current is not None and current.phase is GamePhase.FINISHED:
            self._game_over(current)
            if self.exit is not None:
                return
            current = None
        elif current is not None:
            again = self._reloaded(current)
            if again is not None:
                # Reloaded after a link dropped: the server may give it another number.
                self._say(f"game {current.number} resumed as game {again.number}")
                self._let_go(current.number)
                self._game = again.number
                current = again
            elif current.phase is GamePhase.ADJOURNED:
                self._say(f"game {current.number} adjourned; looking for games meanwhile")
                # A reload comes back with the whole move list; it is taken up afresh.
                self._let_go(current.number)
                self._forget_game()
                current = None
        if current is None:
            active = self._active()
            if not active:
                return
            current = max(active, key=lambda g: g.number)
            self._adopt(current)
        try:
            await self._play(current)
        except _EngineLost as exc:
            await self._engine_lost(current, str(exc))

    def _reloaded(self, game: FollowedGame) -> FollowedGame | None:
        """The same players' game live under another number, if ``game`` was reloaded."""
        again = [
            g
            for g in self._active()
            if g.number != game.number and {g.white, g.black} == {game.white, game.black}
        ]
        return again[-1] if again else None

    def _adopt(self, game: FollowedGame) -> None:
        self._game = game.number
        self._ours = Color.BLACK if game.role is Role.PLAYING_BLACK else Color.WHITE
        self._relay = None
        self._engine_key = None
        self._sent_at = None
        self._rejected = 0
        self._restarts = 0
        self._scored = False
        self._dead = []
        self._dones = 0
        self._need_done = self._need_rescore = False
        self._accepting = None
        self._logged_komi = game.komi
        self._say(
            f"game {game.number} started: {game.white} (W) vs {game.black} (B), "
            f"{game.size}x{game.size}, handicap {game.handicap}, komi {game.komi:g}; "
            f"we play {'black' if self._ours is Color.BLACK else 'white'}"
        )
        self.backend.set_looking(False)

    def _forget_game(self) -> None:
        self._game = None
        self._relay = None
        self._engine_key = None
        self._sent_at = None
        self.backend.set_looking(True)

    def _game_over(self, game: FollowedGame) -> None:
        path = self._write_sgf(game)
        moves = tuple((m.color, m.point) for m in game.moves if not m.handicap)
        self.finished.append(
            FinishedGame(game.number, game.white, game.black, game.result, moves, path)
        )
        where = f"; SGF {path}" if path is not None else ""
        self._say(f"game {game.number} over: {game.result or 'no result'}{where}")
        # Servers reuse game numbers: the next game with this number must start afresh.
        self._let_go(game.number)
        self._forget_game()
        if self.games is not None and len(self.finished) >= self.games:
            self._say(f"played {len(self.finished)} game(s); quitting")
            self.exit = BotExit.DONE

    def _write_sgf(self, game: FollowedGame) -> Path | None:
        """The game's record, written now (the saver keeps it current after every move)."""
        path = self.saver.save(game) or self.saver.path_for(game.number)
        if path is None:
            problem = self.saver.errors[-1] if self.saver.errors else "nothing to save"
            self._say(f"could not write the SGF of game {game.number}: {problem}")
        return path

    def _save_unfinished(self) -> None:
        """On the way out (engine gone, connection lost, stopped): the game in progress is
        on disk with every move so far, and the log says where."""
        for game in self.model.my_games():
            path = self._write_sgf(game)
            if path is not None:
                self._say(f"game {game.number} unfinished; SGF {path}")

    async def _play(self, game: FollowedGame) -> None:
        if game.komi != self._logged_komi:
            # a game's komi may become known only after it started (NNGS's list line, an
            # agreed proposal): the log says what the server counts with
            self._logged_komi = game.komi
            self._say(f"game {game.number}: komi {game.komi:g}")
        relay = await self._sync_engine(game)
        if len(relay.engine_moves) != sum(1 for m in game.moves if not m.handicap):
            # The game moved on while the engine was told: typically our own move's echo,
            # whose heading a real NNGS 1.1.22 writes apart from its move line, so a sync
            # woken by the heading took our move back in the engine and the echo came
            # meanwhile. The relay is behind, and a genmove now would send a second move
            # (``5 It is not your move.``). Sync again.
            self._wake.set()
            return
        if game.phase is GamePhase.SCORING:
            await self._score(game)
            return
        if game.komi_request is not None:
            self._answer_komi(game, game.komi_request)
        if game.undo_requested_by and game.undo_requested_by != self.model.me:
            if self._awaiting_echo():
                return  # answer only once the server has seen our move, or not
            if self._undo_seen_at != game.last_number:
                # A move was played after the request: the server dropped it, and an
                # ``undo`` now would take back our own last move instead.
                self._say(f"undo request by {game.undo_requested_by} void: a move followed it")
                self.model.apply(ch.UndoAsked(game.number, ""))
            else:
                accept = self.policy.accepts_undo()
                answer = "accepted" if accept else "declined"
                self._say(f"undo requested by {game.undo_requested_by}: {answer}")
                self.backend.answer_undo(game.number, accept)
                if accept:
                    return  # the server's undo lines come next; the engine follows them
        if relay.next_action() is not Action.GENMOVE or self._sent_at == game.last_number:
            return
        await self._our_move(game)

    def _answer_komi(self, game: FollowedGame, komi: float) -> None:
        """IGS requests carry no komi: the challenger proposes it once the game starts, and
        it applies when we send the same ``komi``. A new komi reaches the engine through the
        next sync (its key includes the komi)."""
        self.model.apply(ch.KomiProposed(game.number, None))
        if abs(komi) > MAX_KOMI:
            self._say(f"game {game.number}: komi {komi:g} proposed; ignored (above {MAX_KOMI:g})")
            return
        self._say(f"game {game.number}: agreeing to komi {komi:g}")
        self.backend.set_komi(game.number, komi)

    async def _our_move(self, game: FollowedGame) -> None:
        engine = self._need_engine()
        position = game.last_number
        if self._rejected >= MAX_REJECTED_MOVES:
            self._say(f"the server refused {self._rejected} moves in a row; passing")
            choice: Point | str | None = "pass"
            self._engine_moves.append((self._ours, None))
            with contextlib.suppress(GtpEngineError):
                await self._engine_call(engine.play(self._ours, None))
        else:
            await self._tell_time(engine, game)
            budget = self._move_budget(game)
            try:
                choice = await self._engine_call(engine.genmove(self._ours, timeout=budget))
            except GtpEngineError:
                raise
            except _EngineLost as exc:
                raise _EngineLost(f"no move within this move's time ({budget:g} s): {exc}") from exc
            if choice != "resign":
                self._engine_moves.append(
                    (self._ours, choice if isinstance(choice, Point) else None)
                )
        if self.model.followed.get(game.number) is not game or game.last_number != position:
            return  # the game moved on meanwhile; the next sync reconciles the engine
        if game.phase is not GamePhase.PLAYING or not self.client.connected:
            return  # after a reconnect the relay asks again
        if choice == "resign":
            self._say(f"game {game.number}: the engine resigns")
            self.backend.resign(game.number)
        else:
            self.backend.play(game.number, choice if isinstance(choice, Point) else None)
        self._sent_at = position

    def _move_budget(self, game: FollowedGame) -> float:
        """How long the engine may think about this move: the time our clock has left (main
        time, or the current byo-yomi period), less a margin for the network, within
        [MIN_MOVE_SECONDS, MAX_MOVE_SECONDS]. An engine that hangs or prints garbage is caught
        within the move's time, not after a fixed five minutes."""
        reading = game.clocks[self._ours].at(self.model.clock())
        if reading.unlimited:
            return MAX_MOVE_SECONDS
        left = reading.seconds_left - MOVE_MARGIN_SECONDS
        return max(MIN_MOVE_SECONDS, min(MAX_MOVE_SECONDS, left))

    async def _tell_time(self, engine: GtpController, game: FollowedGame) -> None:
        """``time_left`` before each genmove, from the clock the server last reported, so an
        engine that manages its time does not lose on time."""
        if game.time_settings is None or game.time_settings.system is TimeSystem.NONE:
            return
        reading = game.clocks[self._ours].at(self.model.clock())
        if reading.unlimited:
            return
        stones = max(reading.byo_stones, 0) if reading.in_byoyomi else 0
        with contextlib.suppress(GtpEngineError):
            seconds = max(0, int(reading.seconds_left))
            await self._engine_call(engine.time_left(self._ours, seconds, stones))

    # --- engine sync ------------------------------------------------------------------------

    def _need_engine(self) -> GtpController:
        if self._engine is None:
            raise _EngineLost("no engine running")
        return self._engine

    async def _engine_call(self, call: Awaitable[_T]) -> _T:
        try:
            return await call
        except GtpEngineError:
            raise
        except GtpError as exc:
            raise _EngineLost(f"{type(exc).__name__}: {exc}") from exc

    async def _sync_engine(self, game: FollowedGame) -> MoveRelay:
        """Bring the engine to the server's move list; return the relay for that list."""
        server = [(m.color, m.point) for m in game.moves if not m.handicap]
        handicap = max((m.handicap for m in game.moves), default=0)
        key = (game.size, game.komi, handicap)
        engine = self._need_engine()
        known = self._engine_moves
        if self._engine_key != key:
            await self._reset_engine(game, handicap)
            known = self._engine_moves
        if server[: len(known)] != known:
            if known[: len(server)] == server:
                try:
                    for _ in range(len(known) - len(server)):
                        await self._engine_call(engine.undo())
                        known.pop()
                except GtpEngineError:
                    await self._reset_engine(game, handicap)
            else:
                await self._reset_engine(game, handicap)
            known = self._engine_moves
        for color, point in server[len(known) :]:
            try:
                await self._engine_call(engine.play(color, point))
            except GtpEngineError as exc:
                where = format_point(point, game.size) if point is not None else "pass"
                self._say(f"engine refused {color.value} {where} ({exc}); continuing")
            known.append((color, point))
        relay = self._relay
        if relay is None or server[: len(relay.engine_moves)] != relay.engine_moves:
            if relay is not None:
                self._sent_at = None  # moves were taken back: our turn may come again
            first = Color.WHITE if handicap else Color.BLACK
            relay = self._relay = MoveRelay(self._ours, to_move=first)
            relay.resync(server)
        else:
            for color, point in server[len(relay.engine_moves) :]:
                relay.server_move(color, point)
                if color is self._ours:
                    self._rejected = 0  # the server took one of our moves
        return relay

    async def _reset_engine(self, game: FollowedGame, handicap: int) -> None:
        engine = self._need_engine()
        fresh = self._engine_key is None
        await self._engine_call(engine.boardsize(game.size))
        await self._engine_call(engine.clear_board())
        with contextlib.suppress(GtpEngineError):
            await self._engine_call(engine.komi(game.komi))
        if handicap:
            stones = fixed_handicap_points(game.size, handicap)
            await self._engine_call(engine.set_free_handicap(stones))
        if fresh:
            await self._time_settings(engine, game)
        self._engine_moves = []
        self._engine_key = (game.size, game.komi, handicap)

    async def _time_settings(self, engine: GtpController, game: FollowedGame) -> None:
        """GTP knows absolute and Canadian time; Japanese becomes one-stone periods."""
        s = game.time_settings
        if s is None or s.system is TimeSystem.NONE:
            main, byo, stones = 0, 1, 0  # GTP: no time limit
        elif s.system is TimeSystem.CANADIAN:
            main, byo, stones = s.main_seconds, s.byo_seconds, s.byo_stones
        elif s.system is TimeSystem.JAPANESE:
            main, byo, stones = s.main_seconds, s.byo_seconds, 1
        else:
            main, byo, stones = s.main_seconds, 0, 0
        with contextlib.suppress(GtpEngineError):
            await self._engine_call(engine.time_settings(main, byo, stones))

    async def _engine_lost(self, game: FollowedGame, reason: str) -> None:
        self._say(f"engine failure in game {game.number}: {reason}")
        if self._engine is not None:
            await self._engine.close(grace=1.0)
            self._engine = None
        self._engine_key = None
        self._relay = None
        self._sent_at = None
        if self._restarts < MAX_ENGINE_RESTARTS:
            self._restarts += 1
            try:
                self._engine = await self._engine_factory()
            except (GtpError, OSError) as exc:
                self._say(f"engine restart failed: {exc}")
            else:
                self._say(f"engine restarted ({self._restarts}); replaying game {game.number}")
                self._wake.set()
                return
        self._say(f"cannot continue without an engine: resigning game {game.number}")
        if game.phase is GamePhase.PLAYING:
            self.backend.resign(game.number)
        self._failure = f"engine failure: {reason}"
        self.exit = BotExit.FAILED

    # --- scoring ----------------------------------------------------------------------------

    async def _score(self, game: FollowedGame) -> None:
        if not self._scored:
            self._scored = True
            self._dead = await self._dead_chains(game)
            self._remove_dead(game)
            self._done(game)
            return
        if self._need_rescore:
            self._need_rescore = self._need_done = False
            self._remove_dead(game)
            self._done(game)
        elif self._need_done:
            self._need_done = False
            self._done(game)

    async def _dead_chains(self, game: FollowedGame) -> list[list[Point]]:
        engine = self._need_engine()
        try:
            chains = await self._engine_call(
                engine.final_status_list("dead", timeout=self.status_timeout)
            )
        except GtpEngineError as exc:
            self._say(f"engine cannot list dead stones ({exc}); removing none")
            return []
        except _EngineLost as exc:
            self._say(f"no dead stone list ({exc}); removing none")
            return []
        return [chain for chain in chains if chain]

    def _remove_dead(self, game: FollowedGame) -> None:
        removed: set[Point] = set()
        for chain in self._dead:
            if any(p in game.dead or p in removed for p in chain):
                continue
            stone = next((p for p in chain if game.board.get(p) is not None), None)
            if stone is None:
                continue
            removed |= game.board.chain(stone)
            self._say(
                f"game {game.number}: removing dead chain at {format_point(stone, game.size)}"
            )
            self.backend.remove_dead(game.number, stone)

    def _done(self, game: FollowedGame) -> None:
        if self._dones >= MAX_DONES:
            if self._dones == MAX_DONES:
                self._say(f"game {game.number}: no agreement after {MAX_DONES} dones; waiting")
                self._dones += 1
            return
        self._dones += 1
        if self._dones > 1:
            self._say(f"game {game.number}: the dead stones changed; done again ({self._dones})")
        self.backend.done_scoring(game.number)

    # --- requests ---------------------------------------------------------------------------

    def _answer_challenges(self) -> None:
        if self._accepting is not None and time.monotonic() > self._accepting[1]:
            self._say(f"no game with {self._accepting[0]} after accepting; taking requests again")
            self.session.close_challenge(self._accepting[0])
            self._take_changes()
            self._accepting = None
        busy = self._game is not None or self._accepting is not None
        for key, challenge in list(self.model.challenges.items()):
            if not challenge.incoming or self._answered.get(key) is challenge:
                continue
            self._answered[key] = challenge
            if self._accepting is not None and key == self._accepting[0].lower():
                continue  # the same opponent asking again while the accepted game starts
            terms = request_terms(challenge)
            described = (
                f"{terms.size}x{terms.size}, handicap {terms.handicap}, "
                f"{terms.time_minutes} min, {'rated' if terms.rated else 'free'}"
            )
            reason = "I am playing a game; please ask again later" if busy else None
            reason = reason or self.policy.refusal(terms)
            if reason is not None:
                self._say(f"declined {challenge.opponent} ({described}): {reason}")
                self.backend.decline_challenge(challenge.opponent)
                with contextlib.suppress(ValueError):
                    self.backend.tell(challenge.opponent, f"Sorry, declined: {reason}.")
                continue
            self._say(f"accepted {challenge.opponent} ({described})")
            self.backend.accept_challenge(challenge.terms)
            self._accepting = (challenge.opponent, time.monotonic() + ACCEPT_TIMEOUT)
            busy = True


def engine_from_command(
    command: str | Sequence[str], *, genmove_timeout: float = 300.0
) -> EngineFactory:
    """An :data:`EngineFactory` that starts ``command`` as a subprocess."""

    async def start() -> GtpController:
        return await GtpController.start(command, timeout=30.0, slow_timeout=genmove_timeout)

    return start
