"""What the robots decide: which proposals they take, what they say, which move they play.

The moves come from the built-in GTP engine's policy (:func:`igs_tui.gtp.policy.choose_move`:
legal, never fills its own eyes, captures when it can), so robot games always end with two
passes. Robots mark no dead stones and agree to whatever their opponent marks.
"""

from __future__ import annotations

import random

from igs_tui.go import Color, Game, Point
from igs_tui.gtp.policy import choose_move
from igs_tui.localkgs.proposals import Proposal

ROBOT_SIZES = range(5, 20)


def accepts(proposal: Proposal) -> bool:
    """A robot plays free or ranked games on 5x5 to 19x19 with any komi, handicap and clock."""
    return proposal.rules.size in ROBOT_SIZES


def reply(robot: str, speaker: str, text: str) -> str:
    """A robot's answer in a private conversation or to a room chat that names it."""
    lowered = text.lower()
    if any(word in lowered for word in ("hello", "hi", "hey", "こんにちは")):
        return f"Hello {speaker}! I am {robot}, a robot. Join my challenge to play a game."
    if "help" in lowered:
        return "Open my challenge in the game list and submit yourself as a player."
    return f"{robot} heard you say: {text[:200]}"


def choose(game: Game, color: Color, rng: random.Random, seen: set[int]) -> Point | None:
    """The robot's move; None passes (also once the opponent has passed and the robot would
    only fill its own territory, so games against a passing human end)."""
    last = game.last_move
    if last is not None and last.point is None and game.move_count > game.size:
        return None
    return choose_move(game, color, rng, seen)
