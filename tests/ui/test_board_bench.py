"""The repaint benchmark's probe keeps working: it sees the frame that shows a new move.

``benchmarks/bench_ui.py`` hooks private Textual internals (the screen's frame timer,
``App._display``); a Textual upgrade that moves them would make the benchmark hang or time
nothing. This runs a few moves of it, both with and without the frame clock, and checks that
each interval ended on a frame that really showed the move. No timing is asserted.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_ui.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_ui", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("force", [False, True])
async def test_the_probe_ends_each_interval_on_the_frame_showing_the_move(force: bool) -> None:
    bench = load_bench()
    wall_ms, cpu_ms = await bench.measure_moves(3, force=force)
    assert wall_ms > 0 and cpu_ms >= 0


def test_moves_are_spread_over_the_board() -> None:
    bench = load_bench()
    points = bench.free_points(20, set())
    assert len(set(points)) == 20
    assert len({point.row for point in points}) > 5
