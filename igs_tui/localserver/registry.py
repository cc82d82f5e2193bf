"""The command table: command modules register handlers here by name.

A handler is ``handler(hub, session, user, args)`` where ``args`` is the rest of the line
after the command word, stripped. Keeping the table separate from the hub lets each command
family live in its own small module (:mod:`.cmd_basic`, :mod:`.cmd_chat`, :mod:`.cmd_match`,
:mod:`.cmd_play`, :mod:`.cmd_review`...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from igs_tui.localserver.hub import Hub
    from igs_tui.localserver.session import Session
    from igs_tui.localserver.users import User

Handler = Callable[["Hub", "Session", "User", str], None]

COMMANDS: dict[str, Handler] = {}
MOVE_HANDLER: list[Handler] = []
"""The handler for coordinate and ``pass`` lines (a one-element list, filled by cmd_play)."""


def command(*names: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        for name in names:
            COMMANDS[name] = handler
        return handler

    return register


def move_handler(handler: Handler) -> Handler:
    MOVE_HANDLER[:] = [handler]
    return handler


def ensure_loaded() -> Any:
    """Import the command modules so their handlers are registered."""
    from igs_tui.localserver import (
        cmd_basic,
        cmd_chat,
        cmd_lobby,
        cmd_match,
        cmd_messages,
        cmd_play,
        cmd_review,
    )

    return (cmd_basic, cmd_chat, cmd_match, cmd_play, cmd_messages, cmd_lobby, cmd_review)
