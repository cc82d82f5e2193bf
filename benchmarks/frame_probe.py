"""The frame probe shared by ``bench_ui.py`` and ``bench_session.py``, and the bare board they
are compared with (``python benchmarks/frame_probe.py`` measures that bare board alone and ends
with one JSON line: ``bare_frame_ms``).

It times "the board must show point P" to the first frame written that does, through three
private Textual hooks on the instances of one run (nothing is patched globally):

* the screen's update timer ``resume()``: the screen asks for a frame (it has dirty widgets
  and its message queue is empty). How the frame then runs is the probe's ``frames`` mode:
  ``"now"`` runs it as soon as the loop is free, ``"caller"`` lets :meth:`wait_written` run
  it (as :meth:`Pilot.pause` does at its end), ``"clock"`` leaves it to the next tick of the
  60 fps frame clock, as in normal use;
* ``board.render_line``: the compositor drew a line of the board while it showed the move;
* ``app._display``: a frame is handed to the driver. The headless driver writes nothing, so
  the probe turns the update into the terminal byte string itself (``render_segments``), the
  work the real driver does before ``write``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Literal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual._compositor import CompositorUpdate
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.strip import Strip

from igs_tui.go import Color, Game, Point
from igs_tui.ui.board.board_render import BoardPicture
from igs_tui.ui.board.board_widget import BoardWidget

SIZE = (160, 48)
"""The terminal of the real app's benchmark (the bare board sits alone in it)."""

FrameMode = Literal["now", "caller", "clock"]


class FrameProbe:
    """Watches one app for the first frame written after a board change."""

    def __init__(self, app: App[Any], board: BoardWidget, *, frames: FrameMode) -> None:
        self.app = app
        self.board = board
        self.frames = frames
        self.target: Point | None = None
        """The move waited for (None once its frame was written)."""
        self.started = 0.0
        self.written_at = 0.0
        self.times: list[float] = []
        """Seconds from each :meth:`expect` to its frame written."""
        self.done = asyncio.Event()
        self.frame_requested = asyncio.Event()
        self._seen = False
        screen = app.screen
        timer = screen._update_timer
        original_resume = timer.resume
        original_display = app._display
        original_render_line = board.render_line

        def resume() -> None:
            original_resume()
            if frames == "now":
                app.call_later(screen._on_timer_update)
            self.frame_requested.set()

        def render_line(y: int) -> Strip:
            if self.target is not None and board.picture.last_move == self.target:
                self._seen = True
            return original_render_line(y)

        def display(shown: Screen[Any], renderable: Any) -> None:
            original_display(shown, renderable)
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(app.console)
            if self._seen and self.target is not None:
                self.written_at = time.perf_counter()
                self.times.append(self.written_at - self.started)
                self.target = None
                self._seen = False
                self.done.set()

        timer.resume = resume  # type: ignore[method-assign]
        app._display = display  # type: ignore[method-assign]
        board.render_line = render_line  # type: ignore[method-assign]

    def expect(self, point: Point) -> None:
        """The next frame to time is the first that shows ``point`` (from now)."""
        self.target = point
        self._seen = False
        self.started = time.perf_counter()
        self.done.clear()
        self.frame_requested.clear()

    async def wait_written(self) -> float:
        """Wait for the frame with the board showing the expected move; its write time."""
        while not self.done.is_set():
            if self.frames != "caller":
                await asyncio.wait_for(self.done.wait(), timeout=10)
                break
            await asyncio.wait_for(self.frame_requested.wait(), timeout=10)
            self.frame_requested.clear()
            self.app.screen._on_timer_update()
        return self.written_at


class BareBoard(App[None]):
    """Only the board widget, at the size it had in the real app."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.board_size = (width, height)

    def compose(self) -> ComposeResult:
        board = BoardWidget(BoardPicture(19))
        board.styles.width, board.styles.height = self.board_size
        yield board


async def measure_bare(moves: int, board_size: tuple[int, int], pace: float = 0.0) -> float:
    """Median milliseconds from a new board picture to the frame written that shows it."""
    return statistics.median(await bare_frames(moves, board_size, pace)) * 1000


async def bare_frames(moves: int, board_size: tuple[int, int], pace: float = 0.0) -> list[float]:
    """Seconds from each new board picture to the frame written that shows it.

    ``pace`` seconds pass between one frame written and the next move, as between the moves
    that reach the real app (its loop idles in between: a frame right after another finds
    the processor's caches warm and is faster). The frame is awaited, not polled: a poll
    every millisecond would run inside the interval measured.
    """
    from igs_tui.localserver.bots import GreedyMoveSource

    app = BareBoard(*board_size)
    game = Game(19)
    source = GreedyMoveSource(11)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.query_one(BoardWidget)
        frames = FrameProbe(app, board, frames="now")
        color = Color.BLACK
        for _ in range(moves):
            point = source.choose(game, color)
            if point is None:
                break
            game.play(point, color)
            color = color.opponent
            frames.expect(point)
            board.picture = BoardPicture(19, game.stones(), point)
            await asyncio.wait_for(frames.done.wait(), timeout=10)
            await pilot.pause()
            if pace:
                await asyncio.sleep(pace)
    return frames.times


def main() -> None:
    parser = argparse.ArgumentParser(description="The bare board's move -> frame time.")
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--width", type=int, default=64, help="board widget width")
    parser.add_argument("--height", type=int, default=42, help="board widget height")
    args = parser.parse_args()
    bare = asyncio.run(measure_bare(args.moves, (args.width, args.height)))
    print(f"bare board {args.width}x{args.height}: {bare:.2f} ms move -> frame written")
    print(json.dumps({"bare_frame_ms": round(bare, 2)}))


if __name__ == "__main__":
    main()
