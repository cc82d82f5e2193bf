"""The server-neutral shared model. Plain Python: it never imports Textual or a protocol.

The names below are loaded when first used (PEP 562): the app's first screen needs the
:class:`ClientModel` and a few topics, not the typed changes (some fifty dataclasses) nor the
rules engine behind the followed games, which come with the first change applied.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from igs_tui.model import changes as changes
    from igs_tui.model.cards import PlayedGame as PlayedGame
    from igs_tui.model.cards import PlayerCard as PlayerCard
    from igs_tui.model.cards import PlayerResults as PlayerResults
    from igs_tui.model.chat import (
        BufferKey as BufferKey,
    )
    from igs_tui.model.chat import (
        ChatBuffer as ChatBuffer,
    )
    from igs_tui.model.chat import (
        ChatKind as ChatKind,
    )
    from igs_tui.model.chat import (
        ChatMessage as ChatMessage,
    )
    from igs_tui.model.client_model import (
        ClientModel as ClientModel,
    )
    from igs_tui.model.client_model import (
        Notification as Notification,
    )
    from igs_tui.model.clocks import (
        Clock as Clock,
    )
    from igs_tui.model.clocks import (
        ClockReading as ClockReading,
    )
    from igs_tui.model.clocks import (
        TimeSettings as TimeSettings,
    )
    from igs_tui.model.clocks import (
        TimeSystem as TimeSystem,
    )
    from igs_tui.model.clocks import (
        format_reading as format_reading,
    )
    from igs_tui.model.clocks import (
        format_seconds as format_seconds,
    )
    from igs_tui.model.connection import (
        ConnectionStatus as ConnectionStatus,
    )
    from igs_tui.model.connection import (
        LinkState as LinkState,
    )
    from igs_tui.model.console import (
        ConsoleLine as ConsoleLine,
    )
    from igs_tui.model.games import (
        FinishedGame as FinishedGame,
    )
    from igs_tui.model.games import (
        FollowedGame as FollowedGame,
    )
    from igs_tui.model.games import (
        GamePhase as GamePhase,
    )
    from igs_tui.model.games import (
        GameSummary as GameSummary,
    )
    from igs_tui.model.games import (
        Kibitz as Kibitz,
    )
    from igs_tui.model.games import (
        MoveRecord as MoveRecord,
    )
    from igs_tui.model.games import (
        Role as Role,
    )
    from igs_tui.model.limits import Limits as Limits
    from igs_tui.model.observable import Hub as Hub
    from igs_tui.model.observable import HubTopic as HubTopic
    from igs_tui.model.play import (
        Challenge as Challenge,
    )
    from igs_tui.model.play import (
        Dispute as Dispute,
    )
    from igs_tui.model.play import (
        ScoreCheck as ScoreCheck,
    )
    from igs_tui.model.play import (
        ServerScore as ServerScore,
    )
    from igs_tui.model.players import Player as Player
    from igs_tui.model.players import PlayerDirectory as PlayerDirectory
    from igs_tui.model.ranks import parse_rank_range as parse_rank_range
    from igs_tui.model.ranks import rank_value as rank_value
    from igs_tui.model.topics import (
        TOPIC_CARDS as TOPIC_CARDS,
    )
    from igs_tui.model.topics import (
        TOPIC_CHALLENGES as TOPIC_CHALLENGES,
    )
    from igs_tui.model.topics import (
        TOPIC_CHAT_LIST as TOPIC_CHAT_LIST,
    )
    from igs_tui.model.topics import (
        TOPIC_CONNECTION as TOPIC_CONNECTION,
    )
    from igs_tui.model.topics import (
        TOPIC_CONSOLE as TOPIC_CONSOLE,
    )
    from igs_tui.model.topics import (
        TOPIC_FINISHED as TOPIC_FINISHED,
    )
    from igs_tui.model.topics import (
        TOPIC_FOLLOWED as TOPIC_FOLLOWED,
    )
    from igs_tui.model.topics import (
        TOPIC_GAMES as TOPIC_GAMES,
    )
    from igs_tui.model.topics import (
        TOPIC_NOTIFY as TOPIC_NOTIFY,
    )
    from igs_tui.model.topics import (
        TOPIC_PLAYERS as TOPIC_PLAYERS,
    )
    from igs_tui.model.topics import (
        GameTopic as GameTopic,
    )
    from igs_tui.model.topics import (
        Topic as Topic,
    )
    from igs_tui.model.topics import (
        game_topic as game_topic,
    )

_HOME = {
    "changes": "",
    **dict.fromkeys(("BufferKey", "ChatBuffer", "ChatKind", "ChatMessage"), "chat"),
    **dict.fromkeys(("ClientModel", "Notification"), "client_model"),
    "ConsoleLine": "console",
    **dict.fromkeys(
        (
            "Clock",
            "ClockReading",
            "TimeSettings",
            "TimeSystem",
            "format_reading",
            "format_seconds",
        ),
        "clocks",
    ),
    **dict.fromkeys(("ConnectionStatus", "LinkState"), "connection"),
    **dict.fromkeys(
        (
            "FinishedGame",
            "FollowedGame",
            "GamePhase",
            "GameSummary",
            "Kibitz",
            "MoveRecord",
            "Role",
        ),
        "games",
    ),
    "Limits": "limits",
    **dict.fromkeys(("Hub", "HubTopic"), "observable"),
    **dict.fromkeys(("Challenge", "Dispute", "ScoreCheck", "ServerScore"), "play"),
    **dict.fromkeys(("Player", "PlayerDirectory"), "players"),
    "PlayerCard": "cards",
    "PlayedGame": "cards",
    "PlayerResults": "cards",
    **dict.fromkeys(("parse_rank_range", "rank_value"), "ranks"),
    **dict.fromkeys(
        (
            "TOPIC_CHALLENGES",
            "TOPIC_CHAT_LIST",
            "TOPIC_CONNECTION",
            "TOPIC_CONSOLE",
            "TOPIC_FINISHED",
            "TOPIC_CARDS",
            "TOPIC_FOLLOWED",
            "TOPIC_GAMES",
            "TOPIC_NOTIFY",
            "TOPIC_PLAYERS",
            "GameTopic",
            "Topic",
            "game_topic",
        ),
        "topics",
    ),
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if not home:
        return importlib.import_module(f"{__name__}.{name}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = sorted(_HOME)
