"""Helpers for diagram-driven tests (sgfmill style): ASCII boards in, ASCII boards out."""

from __future__ import annotations

from igs_tui.go import Game, Point, parse_point


def pt(text: str, size: int) -> Point:
    return parse_point(text, size)


def norm(diagram: str) -> str:
    """Canonical form of a diagram: rows of symbols without whitespace."""
    rows = ["".join(line.split()) for line in diagram.splitlines()]
    return "\n".join(r for r in rows if r)


def board_of(game: Game) -> str:
    return norm(game.to_ascii())
