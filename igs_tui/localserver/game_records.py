"""The server's own record of each game it hosts, as SGF: what IGS and NNGS keep.

NNGS writes an SGF file of every finished game (``gamedb.c``, ``mink_savegame``): a header
with the players and ranks (``PW``/``WR``, ``PB``/``BR``), ``RE``, ``PC`` (the server's name
and address), ``DT``, ``SZ``, ``TM``, ``KM``; one node per move, with the kibitzes said after a
move as that node's ``C``; and, for a counted game, a last node of its own after the final
move holding the territory, ``TB``/``TW``. This server does the same, and adds what it knows
besides (``HA`` with the handicap stones as ``AB``, ``OT``, ``RU``, ``GN`` for a titled game,
the players' ``say`` lines next to the kibitzes), so that a test can compare a client's record
of a game with the server's.

Written here, by hand, and not with :mod:`igs_tui.records`: the embedded server shares no
client code but the rules (an import-linter contract), and a record written independently is
what makes the comparison worth anything. Kept in memory (:attr:`Hub.game_records`), and
written to :attr:`ServerConfig.records_dir` when one is set.
"""

from __future__ import annotations

import time
from pathlib import Path

from igs_tui.go import Color, Score, fixed_handicap_points, format_sgf_point, parse_point
from igs_tui.localserver.games import ServerGame

RULES = "Japanese"
"""Counted as IGS and NNGS count: territory and prisoners (see ``final_score``)."""

PLACE = "igs-tui local server"


def escape(text: str) -> str:
    """An SGF text value: ``\\`` and ``]`` escaped (SGF FF[4], "Text")."""
    return text.replace("\\", "\\\\").replace("]", "\\]")


def sgf_result(winner: Color | None, summary: str, score: Score | None) -> str:
    """``RE``: ``B+3.5``, ``W+R``, ``B+T``, ``0`` (a counted draw), ``""`` (no result)."""
    if score is not None:
        margin = score.black - score.white
        if margin == 0:
            return "0"
        return f"{'B' if margin > 0 else 'W'}+{abs(margin):g}"
    if winner is None:
        return ""
    side = "B" if winner is Color.BLACK else "W"
    if "resign" in summary.lower():
        return f"{side}+R"
    if "time" in summary.lower():
        return f"{side}+T"
    return f"{side}+"


def game_sgf(
    game: ServerGame,
    *,
    result: str,
    score: Score | None,
    place: str = PLACE,
    date: str | None = None,
) -> str:
    """The SGF text of ``game`` as it ended."""
    size = game.size
    control = game.control.settings
    header = [
        "GM[1]FF[4]CA[UTF-8]",
        f"AP[{escape(PLACE)}]",
        f"SZ[{size}]",
        f"PW[{escape(game.white.name)}]WR[{escape(game.white.rank)}]",
        f"PB[{escape(game.black.name)}]BR[{escape(game.black.rank)}]",
        f"KM[{game.komi:g}]",
        f"RU[{RULES}]",
        f"PC[{escape(place)}]",
        f"DT[{date or time.strftime('%Y-%m-%d')}]",
    ]
    if not control.unlimited:
        header.append(f"TM[{control.main_seconds}]")
        if control.sgf_overtime:
            header.append(f"OT[{escape(control.sgf_overtime)}]")
    if game.title:
        header.append(f"GN[{escape(game.title)}]")
    if result:
        header.append(f"RE[{escape(result)}]")
    moves = game.records
    chat = _chat_by_node(game)
    if game.handicap:
        points = sorted(fixed_handicap_points(size, game.handicap), key=lambda p: (p.row, p.col))
        header.append(f"HA[{game.handicap}]")
        if points:
            header.append("AB" + "".join(f"[{format_sgf_point(p, size)}]" for p in points))
    nodes = [";" + "".join(header) + _comment(chat.get(0))]
    index = 0
    for record in moves:
        if record.text.startswith("Handicap"):
            index += 1
            continue
        color = "B" if record.color is Color.BLACK else "W"
        point = "" if record.text == "Pass" else _sgf_point(record.text, size)
        index += 1
        nodes.append(f";{color}[{point}]" + _comment(chat.get(index)))
    if score is not None:
        territory = ""
        for prop, color in (("TB", Color.BLACK), ("TW", Color.WHITE)):
            points = sorted(score.territory[color], key=lambda p: (p.row, p.col))
            if points:
                territory += prop + "".join(f"[{format_sgf_point(p, size)}]" for p in points)
        if territory:
            nodes.append(";" + territory)
    return "(" + "\n".join(nodes) + ")\n"


def _sgf_point(text: str, size: int) -> str:
    return format_sgf_point(parse_point(text, size), size)


def _chat_by_node(game: ServerGame) -> dict[int, list[str]]:
    """The chat of ``game`` by the node it follows: 0 the root, ``n`` the ``n``-th move node
    (a handicap placement is the root, as its stones are)."""
    offset = 1 if game.handicap else 0
    by_node: dict[int, list[str]] = {}
    for moves_made, line in game.chat:
        node = max(0, moves_made - offset)
        by_node.setdefault(node, []).append(line)
    return by_node


def _comment(lines: list[str] | None) -> str:
    return f"C[{escape(chr(10).join(lines))}]" if lines else ""


def save_record(directory: Path | None, name: str, text: str) -> Path | None:
    """Write ``text`` as ``directory/name.sgf`` (a number added when the name is taken)."""
    if directory is None:
        return None
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.sgf"
    counter = 1
    while path.exists():
        counter += 1
        path = directory / f"{name}-{counter}.sgf"
    path.write_text(text, encoding="utf-8")
    return path
