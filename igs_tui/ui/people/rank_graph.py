"""The player card's rating graph: the player's rank game after game, as block columns.

IGS and NNGS do not send a rating curve, but their ``results`` list gives the player's rank at
each recent game (see :class:`~igs_tui.model.PlayerResults`); drawn one column per game, oldest
on the left, it shows at a glance whether someone is climbing or sliding, as GoPanda2's graph
does. Plain block characters keep it readable in any terminal font and in snapshots; each row
is one rank (or a few, when the ranks span more rows than the graph has), labelled on the left.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from igs_tui.model.ranks import rank_value

__all__ = ["GRAPH_HEIGHT", "LABEL", "rank_graph_lines", "rank_name"]

GRAPH_HEIGHT = 6
"""Rows of the graph at most (a card is a dialog: it must stay short)."""

LABEL = 4
"""Width of the rank labels on the left (``12k``, ``3d``)."""

_MAX_COLUMN = 4
"""A game is drawn at most this many columns wide (a few games still fill some width)."""


def rank_name(value: float) -> str:
    """The rank a :func:`~igs_tui.model.ranks.rank_value` stands for (``-5`` -> ``5k``)."""
    level = round(value)
    if level < 0:
        return f"{-level}k"
    if level <= 9:
        return f"{level + 1}d"
    return f"{level - 10}p"


def rank_graph_lines(
    ranks: Sequence[str], width: int, height: int = GRAPH_HEIGHT
) -> list[str] | None:
    """The graph of ``ranks`` (oldest first, the server's text) in ``width`` cells, or
    ``None`` when there is nothing to draw (fewer than two ranked games).

    Unranked games (``NR``, ``?``) leave a gap. With more games than columns, each column
    stands for a run of games and shows the last rank in it.
    """
    values: list[float | None] = [rank_value(rank) for rank in ranks]
    known = [v for v in values if v is not None]
    if len(known) < 2:
        return None
    plot_width = max(1, width - LABEL - 1)
    if len(values) > plot_width:
        count = len(values)
        runs = [
            values[count * i // plot_width : count * (i + 1) // plot_width]
            for i in range(plot_width)
        ]
        values = [next((v for v in reversed(run) if v is not None), None) for run in runs]
    per_game = max(1, min(_MAX_COLUMN, plot_width // len(values)))
    low, high = min(known), max(known)
    span = int(high - low) + 1
    step = max(1, math.ceil(span / max(1, height)))
    rows = math.ceil(span / step)
    bars = [None if v is None else int(v - low) // step + 1 for v in values]
    lines = []
    for row in range(rows, 0, -1):  # the top row first
        if row == rows:
            label = rank_name(high)
        elif row == 1 or step == 1:
            label = rank_name(low + (row - 1) * step)  # the least rank reaching this row
        else:
            label = ""
        cells = "".join((" " if bar is None or bar < row else "█") * per_game for bar in bars)
        lines.append(f"{label:>{LABEL}}┤{cells}".rstrip())
    lines.append(" " * LABEL + "└" + "─" * (per_game * len(bars)))
    return lines
