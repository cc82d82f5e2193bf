"""Replaying records through our rules engine (:mod:`igs_tui.go`).

A record only lists moves; the position, the captures and the legality come from the engine.
Replays use a ruleset without an end of play, because a record may hold any number of passes
(a game that was resumed, a problem that passes to show tenuki) and each one still counts.
Ishi ``DIAGRAM`` nodes are displays, not positions in play, so replays step over them.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from igs_tui.go import Game, IllegalMove, Point, Ruleset, ScoringMethod
from igs_tui.records.model import GameRecord, Node, RecordError

__all__ = [
    "REPLAY_RULES",
    "captures_by_node",
    "captures_if_unannotated",
    "check_record",
    "has_prisoner_data",
    "replay",
    "replay_path",
]

REPLAY_RULES = Ruleset("record replay", sys.maxsize, ScoringMethod.TERRITORY)


def _new_game(record: GameRecord) -> Game:
    return Game(record.size, komi=record.info.komi or 0.0, ruleset=REPLAY_RULES)


def _apply(game: Game, node: Node) -> tuple[Point, ...]:
    """Apply one node's setup and move; return the move's captures.

    Raises :class:`RecordError` naming the move when the engine refuses it.
    """
    if node.diagram is not None:
        return ()
    if node.has_setup:
        try:
            game.setup(node.add_black, node.add_white, node.add_empty)
        except ValueError as exc:
            raise RecordError(f"bad setup: {exc}") from exc
    move = node.move
    if move is None:
        return ()
    try:
        return game.play(move.point, move.color).captures
    except IllegalMove as exc:
        where = "move" if move.number is None else f"move {move.number}"
        raise RecordError(f"{where} ({move.color.value}) is illegal: {exc}") from exc


def replay_path(record: GameRecord, path: Sequence[Node]) -> Game:
    """The engine's game after the nodes of ``path`` (root first). Raises :class:`RecordError`."""
    game = _new_game(record)
    for node in path:
        _apply(game, node)
    return game


def check_record(record: GameRecord) -> None:
    """Replay every variation; raise :class:`RecordError` at the first move or setup the
    rules refuse (a stone on an occupied point, a suicide, a ko retaken), with the node's
    line and column when the reader recorded them."""
    stack: list[tuple[Node, Game]] = [(record.root, _new_game(record))]
    while stack:
        node, game = stack.pop()
        try:
            _apply(game, node)
        except RecordError as exc:
            line, column = node.source or (None, None)
            raise RecordError(exc.message, line, column) from exc
        children = node.children
        stack.extend((child, game.copy()) for child in reversed(children[1:]))
        if children:
            stack.append((children[0], game))


def replay(record: GameRecord) -> Game:
    """The engine's game at the end of the main line. Raises :class:`RecordError`."""
    return replay_path(record, record.main_line())


def has_prisoner_data(record: GameRecord) -> bool:
    return any(node.prisoners for node in record.root.walk())


def captures_by_node(record: GameRecord) -> dict[int, list[Point]]:
    """``{id(node): captured points}`` for every capturing move, in every variation.

    A branch whose moves the engine refuses is left out from that move on: this feeds the
    writers' PRISONER lines, which are a courtesy, and must not make a record unwritable.
    """
    result: dict[int, list[Point]] = {}
    stack: list[tuple[Node, Game]] = [(record.root, _new_game(record))]
    while stack:
        node, game = stack.pop()
        try:
            captured = _apply(game, node)
        except RecordError:
            continue
        if captured:
            result[id(node)] = list(captured)
        children = node.children
        stack.extend((child, game.copy()) for child in reversed(children[1:]))
        if children:
            stack.append((children[0], game))
    return result


def captures_if_unannotated(record: GameRecord) -> dict[int, list[Point]]:
    """Engine captures for a record that has no PRISONER data of its own (a played game)."""
    return {} if has_prisoner_data(record) else captures_by_node(record)
