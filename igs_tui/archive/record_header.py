"""What a game record's header says beyond the model's game: the real players of a relay, the
rules and the place the game was played.

A relay is played by one account for both sides (``kansai1`` vs ``kansai1``); the players are
only in the title (:mod:`igs_tui.model.broadcast_names`), so the record names them from there,
with their ranks, and keeps the title as ``GN``. Rules and place come from the session (the
server the game was on), which a :class:`~igs_tui.model.FollowedGame` does not hold.
"""

from __future__ import annotations

from dataclasses import replace

from igs_tui.go import Color
from igs_tui.model import FollowedGame
from igs_tui.model.broadcast_names import parse_broadcast_names
from igs_tui.records.model import GameInfo

IGS_RULES = "Japanese"
"""The rules IGS-family servers count by (territory and prisoners, as IGS and NNGS do)."""


def relay_players(game: FollowedGame, info: GameInfo) -> GameInfo:
    """``info`` with a relay's real players and ranks from its title (unchanged when the game
    is no relay or the title does not name both sides with their colours)."""
    if not game.title or not game.white or game.white != game.black:
        return info
    names = parse_broadcast_names(game.title)
    if names is None:
        return info
    black, white = names.player(Color.BLACK), names.player(Color.WHITE)
    return replace(
        info,
        black=black.name,
        white=white.name,
        black_rank=black.rank or None,
        white_rank=white.rank or None,
    )


def file_players(game: FollowedGame) -> tuple[str, str]:
    """White's and Black's names for a record's file name: a relay's real players when its
    title names them (a relay account plays both sides, so ``kansai1-vs-kansai1`` said
    nothing of the game), else the accounts."""
    if game.title and game.white and game.white == game.black:
        names = parse_broadcast_names(game.title)
        if names is not None:
            return names.player(Color.WHITE).name, names.player(Color.BLACK).name
    return game.white, game.black


def session_facts(info: GameInfo, *, place: str | None, rules: str | None) -> GameInfo:
    """``info`` with the place (``PC``) and rules (``RU``) of the session, when known."""
    return replace(info, place=place or info.place, rules=rules or info.rules)
