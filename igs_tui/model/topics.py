"""The topics changes are heard on (no imports: the app's first screen needs only these)."""

from __future__ import annotations

TOPIC_PLAYERS = "players"
TOPIC_GAMES = "games"
TOPIC_CONSOLE = "console"
TOPIC_CONNECTION = "connection"
TOPIC_CHAT_LIST = "chat"
TOPIC_NOTIFY = "notify"
TOPIC_FOLLOWED = "followed"
TOPIC_CHALLENGES = "challenges"
TOPIC_FINISHED = "finished"
TOPIC_CARDS = "cards"
TOPIC_MESSAGES = "messages"
TOPIC_LOBBY = "lobby"
"""Automatch (seek), stored games and rooms (:mod:`igs_tui.model.lobby`)."""


def game_topic(number: int) -> str:
    """The topic of one followed game (board, clocks, phase, chat beside it)."""
    return f"game:{number}"


__all__ = [
    "TOPIC_CARDS",
    "TOPIC_CHALLENGES",
    "TOPIC_CHAT_LIST",
    "TOPIC_CONNECTION",
    "TOPIC_CONSOLE",
    "TOPIC_FINISHED",
    "TOPIC_FOLLOWED",
    "TOPIC_GAMES",
    "TOPIC_LOBBY",
    "TOPIC_MESSAGES",
    "TOPIC_NOTIFY",
    "TOPIC_PLAYERS",
    "game_topic",
]
