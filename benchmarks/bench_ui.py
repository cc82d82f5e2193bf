"""UI responsiveness, headless: move -> repainted board, 1000-row user list, startup.

Each figure is compared with a baseline measured in the same run on the same machine:

* ``move_repaint_ms``: median time from a move applied to the model (as the protocol worker
  would) until the board has been repainted (``pilot.pause()`` processes the coalesced
  refresh and forces a screen update). Baseline: the same wait with no change (the floor).
* ``userlist_1000_ms``: median time from replacing 1000 players in the model until the
  visible user list is repainted. Baseline: refilling a Textual DataTable with the same 1000
  rows and painting it (what the virtual table replaces). Target < 150 ms.
* ``startup_s``: launch of the app on a populated model until the main screen is first
  painted (hidden panes are built right after). Baseline: an empty Textual App. Target < 0.6 s.

Run: ``python benchmarks/bench_ui.py [--moves N] [--lists N] [--starts N]``. The last line is
JSON: ``{"move_repaint_ms": ..., "userlist_1000_ms": ..., "startup_s": ...}``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.app import App, ComposeResult
from textual.widgets import DataTable

from igs_tui.go import Color, Point
from igs_tui.model import MoveRecord
from igs_tui.ui.app import IgsApp
from igs_tui.ui.demo_model import demo_model, make_players
from igs_tui.ui.offline_backend import OfflineBackend
from igs_tui.ui.players_list import COLUMNS, player_row

SIZE = (160, 48)


def free_points(count: int, taken: set[Point]) -> list[Point]:
    points = [Point(c, r) for r in range(19) for c in range(19) if Point(c, r) not in taken]
    return points[:count]


async def measure_moves(count: int) -> tuple[float, float]:
    model = demo_model(players=200, games=20)
    app = IgsApp(model, OfflineBackend())
    game = model.followed[5]
    taken = {m.point for m in game.moves if m.point is not None}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.show_pane("chat")  # wide layout: the board stays visible beside the chat
        await pilot.pause()
        floor: list[float] = []
        moves: list[float] = []
        for point in free_points(count, taken):
            start = time.perf_counter()
            await pilot.pause()
            floor.append(time.perf_counter() - start)
            number = game.last_number + 1
            color = Color.BLACK if number % 2 else Color.WHITE
            start = time.perf_counter()
            game.add_move(MoveRecord(number, color, point))
            model.game_changed(5)
            await pilot.pause()
            moves.append(time.perf_counter() - start)
        assert game.last_number >= count, "moves were not applied"
    return statistics.median(moves) * 1000, statistics.median(floor) * 1000


class TableApp(App[None]):
    def compose(self) -> ComposeResult:
        table: DataTable[Any] = DataTable()
        for label, _ in COLUMNS:
            table.add_column(label)
        yield table


async def measure_user_list(rounds: int) -> tuple[float, float]:
    batches = [make_players(1000, seed=100 + i) for i in range(rounds)]
    model = demo_model(players=10, games=2)
    app = IgsApp(model, OfflineBackend())
    ours: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.show_pane("players")
        await pilot.pause()
        for batch in batches:
            start = time.perf_counter()
            model.replace_players(batch)
            await pilot.pause()
            ours.append(time.perf_counter() - start)
        shown = app.screen.query_one("#players-table").row_count  # type: ignore[attr-defined]
        assert shown == 1000, shown
    baseline: list[float] = []
    table_app = TableApp()
    async with table_app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = table_app.query_one(DataTable)
        for batch in batches:
            start = time.perf_counter()
            table.clear()
            table.add_rows(player_row(p) for p in batch)
            await pilot.pause()
            baseline.append(time.perf_counter() - start)
    return statistics.median(ours) * 1000, statistics.median(baseline) * 1000


async def measure_startup(rounds: int) -> tuple[float, float, float]:
    """(first paint of the main screen, all panes built, empty app) medians in seconds."""
    ours: list[float] = []
    ready: list[float] = []
    bare: list[float] = []
    for _ in range(rounds):
        model = demo_model()
        start = time.perf_counter()
        app = IgsApp(model, OfflineBackend())
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            ready.append(time.perf_counter() - start)
            main = app.main_screen
            assert main is not None and main.first_paint is not None
            ours.append(main.first_paint - start)
        start = time.perf_counter()
        async with App[None]().run_test(size=SIZE) as pilot:
            await pilot.pause()
            bare.append(time.perf_counter() - start)
    return statistics.median(ours), statistics.median(ready), statistics.median(bare)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=25)
    parser.add_argument("--lists", type=int, default=7)
    parser.add_argument("--starts", type=int, default=5)
    args = parser.parse_args()

    move_ms, floor_ms = asyncio.run(measure_moves(args.moves))
    print(
        f"move -> repainted board: {move_ms:.1f} ms median "
        f"(idle pause floor {floor_ms:.1f} ms, ratio {move_ms / floor_ms:.2f}x)"
    )
    list_ms, table_ms = asyncio.run(measure_user_list(args.lists))
    print(
        f"1000-row user list refresh: {list_ms:.1f} ms median "
        f"(DataTable refill {table_ms:.1f} ms: {table_ms / list_ms:.1f}x faster; target < 150 ms)"
    )
    start_s, ready_s, bare_s = asyncio.run(measure_startup(args.starts))
    print(
        f"startup to first main screen: {start_s:.3f} s median "
        f"(empty Textual app {bare_s:.3f} s, ratio {start_s / bare_s:.1f}x; target < 0.6 s); "
        f"all panes built after {ready_s:.3f} s"
    )
    print(
        json.dumps(
            {
                "move_repaint_ms": round(move_ms, 2),
                "userlist_1000_ms": round(list_ms, 2),
                "startup_s": round(start_s, 3),
            }
        )
    )


if __name__ == "__main__":
    main()
