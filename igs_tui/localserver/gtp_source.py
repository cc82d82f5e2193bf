"""A bot move source backed by a GTP engine (GNU Go by default), through :mod:`igs_tui.gtp`.

Plug it into the server with ``ServerConfig(bot_move_source=gtp_move_source_factory())``
(or ``python -m igs_tui.localserver --gnugo``). The engine is started on first use and kept
in step with the game incrementally: when the game grew by some moves only those are sent,
otherwise (another game, an undo) the board is cleared and the history replayed. Any engine
failure falls back to the built-in greedy player, so a broken engine never stalls a game.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence

from igs_tui.go import Color, Game, Move, Point, Setup
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.errors import GtpError
from igs_tui.localserver.bots import GreedyMoveSource, MoveSource

GNUGO_FALLBACK_PATH = "/usr/games/gnugo"


def gnugo_command(level: int = 1, seed: int = 42) -> list[str]:
    """GNU Go in GTP mode (``/usr/games`` is not on PATH on Debian: see pitfalls)."""
    path = shutil.which("gnugo") or GNUGO_FALLBACK_PATH
    return [path, "--mode", "gtp", "--level", str(level), "--seed", str(seed)]


class GtpMoveSource:
    """Ask a GTP engine for moves; ``None`` (pass) for ``pass`` and ``resign`` answers."""

    def __init__(self, command: Sequence[str], *, timeout: float = 30.0, seed: int = 0) -> None:
        self.command = list(command)
        self.timeout = timeout
        self.fallback = GreedyMoveSource(seed)
        self._engine: GtpController | None = None
        self._sent: list[Move | Setup] = []
        self._size = 0
        self._komi: float | None = None
        self.failures = 0

    async def __call__(self, game: Game, color: Color) -> Point | None:
        try:
            engine = await self._ensure_engine()
            await self._sync(engine, game)
            answer = await engine.genmove(color, timeout=self.timeout)
        except (GtpError, OSError):
            self.failures += 1
            await self.close()
            return self.fallback.choose(game, color)
        self._sent.append(_placeholder(color, answer))  # the engine played it
        return answer if isinstance(answer, Point) else None

    async def close(self) -> None:
        engine, self._engine = self._engine, None
        self._sent = []
        if engine is not None:
            try:
                await engine.close()
            except (GtpError, OSError):
                pass

    async def _ensure_engine(self) -> GtpController:
        if self._engine is None:
            self._engine = await GtpController.start(
                self.command, timeout=self.timeout, slow_timeout=self.timeout
            )
            self._sent = []
            self._size = 0
        return self._engine

    async def _sync(self, engine: GtpController, game: Game) -> None:
        history = list(game.history)
        if (
            game.size != self._size
            or game.komi != self._komi
            or not _is_prefix(self._sent, history)
        ):
            await engine.boardsize(game.size)
            await engine.clear_board()
            await engine.komi(game.komi)
            self._size, self._komi, self._sent = game.size, game.komi, []
        for entry in history[len(self._sent) :]:
            if isinstance(entry, Setup):
                await engine.set_free_handicap(entry.black)
            else:
                await engine.play(entry.color, entry.point)
            self._sent.append(entry)


def _placeholder(color: Color, answer: object) -> Move:
    point = answer if isinstance(answer, Point) else None
    return Move(color, point, (), 0)


def _same(a: Move | Setup, b: Move | Setup) -> bool:
    if isinstance(a, Move) and isinstance(b, Move):
        return a.color is b.color and a.point == b.point
    return a == b


def _is_prefix(sent: list[Move | Setup], history: list[Move | Setup]) -> bool:
    return len(sent) <= len(history) and all(
        _same(a, b) for a, b in zip(sent, history[: len(sent)], strict=True)
    )


def gtp_move_source_factory(
    command: Sequence[str] | None = None, *, timeout: float = 30.0
) -> Callable[[str, int], MoveSource]:
    """A ``ServerConfig.bot_move_source`` factory: one engine process per bot."""

    def make(_name: str, seed: int) -> MoveSource:
        return GtpMoveSource(command or gnugo_command(seed=seed), timeout=timeout, seed=seed)

    return make
