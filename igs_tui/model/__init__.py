"""The server-neutral shared model. Plain Python: it never imports Textual or a protocol."""

from igs_tui.model import changes
from igs_tui.model.chat import BufferKey, ChatBuffer, ChatKind, ChatMessage
from igs_tui.model.client_model import (
    TOPIC_CHALLENGES,
    TOPIC_CHAT_LIST,
    TOPIC_CONNECTION,
    TOPIC_CONSOLE,
    TOPIC_FINISHED,
    TOPIC_FOLLOWED,
    TOPIC_GAMES,
    TOPIC_NOTIFY,
    TOPIC_PLAYERS,
    ClientModel,
    ConsoleLine,
    Notification,
    game_topic,
)
from igs_tui.model.clocks import (
    Clock,
    ClockReading,
    TimeSettings,
    TimeSystem,
    format_reading,
    format_seconds,
)
from igs_tui.model.connection import ConnectionStatus, LinkState
from igs_tui.model.games import (
    FinishedGame,
    FollowedGame,
    GamePhase,
    GameSummary,
    Kibitz,
    MoveRecord,
    Role,
)
from igs_tui.model.limits import Limits
from igs_tui.model.observable import ANY, Hub
from igs_tui.model.play import Challenge, Dispute, ScoreCheck, ServerScore
from igs_tui.model.players import Player, PlayerDirectory
from igs_tui.model.ranks import parse_rank_range, rank_value

__all__ = [
    "ANY",
    "TOPIC_CHALLENGES",
    "TOPIC_CHAT_LIST",
    "TOPIC_CONNECTION",
    "TOPIC_CONSOLE",
    "TOPIC_FINISHED",
    "TOPIC_FOLLOWED",
    "TOPIC_GAMES",
    "TOPIC_NOTIFY",
    "TOPIC_PLAYERS",
    "BufferKey",
    "Challenge",
    "ChatBuffer",
    "ChatKind",
    "ChatMessage",
    "ClientModel",
    "Clock",
    "ClockReading",
    "ConnectionStatus",
    "ConsoleLine",
    "Dispute",
    "FinishedGame",
    "FollowedGame",
    "GamePhase",
    "GameSummary",
    "Hub",
    "Kibitz",
    "Limits",
    "LinkState",
    "MoveRecord",
    "Notification",
    "Player",
    "PlayerDirectory",
    "Role",
    "ScoreCheck",
    "ServerScore",
    "TimeSettings",
    "TimeSystem",
    "changes",
    "format_reading",
    "format_seconds",
    "game_topic",
    "parse_rank_range",
    "rank_value",
]
