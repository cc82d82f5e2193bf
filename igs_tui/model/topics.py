"""The topics changes are heard on, as typed values (no imports: the app's first screen needs
only these).

A topic is one of three kinds, each a type of its own so that a misspelt or made-up topic is a
type error, not a subscription that never hears anything:

- :class:`Topic`: one part of the model (the players, the games list, the console...);
- :class:`GameTopic`: one followed game (its board, clocks, phase, the chat beside it);
- a :class:`~igs_tui.model.chat.BufferKey`: one conversation's messages.

Listening to every change is :meth:`igs_tui.model.observable.Hub.subscribe_all`, not a topic.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Topic(Enum):
    """The parts of the model heard as a whole."""

    PLAYERS = "players"
    GAMES = "games"
    CONSOLE = "console"
    CONNECTION = "connection"
    CHAT_LIST = "chat"
    """The list of conversations (new buffer, unread counts), not their messages."""
    NOTIFY = "notify"
    FOLLOWED = "followed"
    CHALLENGES = "challenges"
    FINISHED = "finished"
    CARDS = "cards"
    MESSAGES = "messages"
    LOBBY = "lobby"
    """Automatch (seek), stored games and rooms (:mod:`igs_tui.model.lobby`)."""


@dataclass(frozen=True, slots=True)
class GameTopic:
    """The topic of one followed game (board, clocks, phase, chat beside it)."""

    number: int


_GAME_TOPICS: dict[int, GameTopic] = {}


def game_topic(number: int) -> GameTopic:
    """The topic of game ``number`` (one object per number: a move's change makes none)."""
    topic = _GAME_TOPICS.get(number)
    if topic is None:
        topic = _GAME_TOPICS[number] = GameTopic(number)
    return topic


TOPIC_PLAYERS = Topic.PLAYERS
TOPIC_GAMES = Topic.GAMES
TOPIC_CONSOLE = Topic.CONSOLE
TOPIC_CONNECTION = Topic.CONNECTION
TOPIC_CHAT_LIST = Topic.CHAT_LIST
TOPIC_NOTIFY = Topic.NOTIFY
TOPIC_FOLLOWED = Topic.FOLLOWED
TOPIC_CHALLENGES = Topic.CHALLENGES
TOPIC_FINISHED = Topic.FINISHED
TOPIC_CARDS = Topic.CARDS
TOPIC_MESSAGES = Topic.MESSAGES
TOPIC_LOBBY = Topic.LOBBY

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
    "GameTopic",
    "Topic",
    "game_topic",
]
