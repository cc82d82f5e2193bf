"""``igs-tui estimate FILE``: the engine-free score estimate of a record, as one JSON line.

The record's main line is replayed (to move ``--move`` if given) and the position estimated
by :func:`igs_tui.go.estimate.estimate_score` with the record's komi (or ``--komi``). The line
names both totals, the result in SGF ``RE`` style and the stones taken for dead, as GTP
vertices (``D4``), so a script can compare it with an engine's ``final_status_list dead``.
A file that cannot be read is reported on standard error with its line and column, exit 1.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from igs_tui.go import format_point
from igs_tui.go.estimate import estimate_score
from igs_tui.records import RecordError, read_record_file
from igs_tui.records.cursor import RecordCursor
from igs_tui.records.replay import replay_path

__all__ = ["estimate_record", "run_estimate_cli"]


def estimate_record(
    path: str | Path, *, move: int | None = None, komi: float | None = None, game: int = 0
) -> dict[str, object]:
    """The estimate of game ``game`` of the record at ``path`` as a JSON-ready dict.
    Raises :class:`RecordError` (or :class:`OSError`) when the file cannot be used."""
    collection = read_record_file(path)
    if not 0 <= game < len(collection):
        raise RecordError(f"the file holds {len(collection)} game(s), not a game {game + 1}")
    record = collection[game]
    cursor = RecordCursor(record)
    if move is None:
        cursor.last()
    else:
        cursor.go_to_move(move)
    position = replay_path(record, cursor.path)
    score = estimate_score(position, komi=komi)
    dead = sorted(score.dead, key=lambda p: (p.col, p.row))
    return {
        "black": score.black,
        "white": score.white,
        "result": score.result,
        "dead": [format_point(point, record.size) for point in dead],
        "move": cursor.move_number,
        "komi": position.komi if komi is None else komi,
    }


def run_estimate_cli(path: str, move: int | None = None, komi: float | None = None) -> int:
    """Print the estimate as one JSON line; 1 with ``igs-tui: ...`` on stderr for a bad file."""
    try:
        answer = estimate_record(path, move=move, komi=komi)
    except (RecordError, ValueError) as exc:
        print(f"igs-tui: cannot estimate {path}: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"igs-tui: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(json.dumps(answer))
    return 0
