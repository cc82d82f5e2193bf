"""``benchmarks/bench_estimate.py`` keeps measuring what it says: it plays GNU Go against
itself to two passes, keeps GNU Go's ``estimate_score`` answer, and compares our estimate.

GNU Go's answer looks like ``W+9.2 (upper bound: 9.2, lower: 9.2)`` (GNU Go 3.8, GTP mode).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.gnugo

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_estimate.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_estimate", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_estimate"] = module
    spec.loader.exec_module(module)
    return module


def test_gnugo_answers_are_read_as_black_leads() -> None:
    bench = load_bench()
    assert bench.signed("W+9.2 (upper bound: 9.2, lower: 9.2)") == -9.2
    assert bench.signed("B+14.5 (upper bound: -14.5, lower: -14.5)") == 14.5
    assert bench.signed("0") == 0.0


def test_a_generated_game_is_finished_and_measured(tmp_path: Path, gnugo_path: str) -> None:
    bench = load_bench()
    setattr(bench, "GNUGO", gnugo_path)  # noqa: B010  (a module loaded from a path)
    cache = tmp_path / "games.jsonl"
    bench.generate(cache, 9, 2, first_seed=4)
    entries = bench.load_cache(cache)
    assert [e["seed"] for e in entries] == [4, 5]
    assert all(bench.finished(e) for e in entries)
    assert entries[0]["gnugo"].startswith("W+6.5")  # as tests/go/data/...-seed4.sgf quotes
    figures = bench.measure(entries, 9, repeat=1)
    assert figures is not None and figures.games == 2
    assert figures.winner_agreement == 1.0
    bench.generate(cache, 9, 2, first_seed=4)  # cached: nothing is played again
    assert len(bench.load_cache(cache)) == 2
