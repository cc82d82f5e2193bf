"""Builders of the upstream messages of KGS's JSON form (the reference's "Upstream Messages").

"Upstream messages are sent one per request; just post the text of the JSON object", and
"messages marked as channel messages must always include a channelId value". Each builder
returns that object as a dict; the transport posts it. Sans-IO.
"""

from __future__ import annotations

from typing import Any

from igs_tui.backends.kgs.json_messages import Proposal
from igs_tui.backends.kgs.json_values import PASS, Loc

Upstream = dict[str, Any]

CHAT_MAX = 1000
"""Reference, CHAT: at most 1000 characters."""


def login(name: str, password: str, locale: str = "en_US") -> Upstream:
    """ "Must be the first message sent." A guest logs in with an empty password."""
    return {"type": "LOGIN", "name": name, "password": password, "locale": locale}


def logout() -> Upstream:
    return {"type": "LOGOUT"}


def wake_up() -> Upstream:
    """Answers IDLE_WARNING: we are still here."""
    return {"type": "WAKE_UP"}


def room_names(rooms: list[int]) -> Upstream:
    return {"type": "ROOM_NAMES_REQUEST", "rooms": rooms}


def join(channel_id: int) -> Upstream:
    """Join a room, a game (to observe) or a challenge."""
    return {"type": "JOIN_REQUEST", "channelId": channel_id}


def unjoin(channel_id: int) -> Upstream:
    return {"type": "UNJOIN_REQUEST", "channelId": channel_id}


def chat(channel_id: int, text: str) -> Upstream:
    return {"type": "CHAT", "channelId": channel_id, "text": text[:CHAT_MAX]}


def convo(name: str, callback_key: int = 0) -> Upstream:
    """Open a private conversation with ``name`` (answer: CONVO_JOIN)."""
    return {"type": "CONVO_REQUEST", "name": name, "callbackKey": callback_key}


def details(name: str) -> Upstream:
    return {"type": "DETAILS_JOIN_REQUEST", "name": name}


def challenge_create(
    room_id: int, proposal: Proposal, callback_key: int, text: str = ""
) -> Upstream:
    return {
        "type": "CHALLENGE_CREATE",
        "channelId": room_id,
        "callbackKey": callback_key,
        "global": False,
        "text": text,
        "proposal": proposal.json(),
    }


def challenge_submit(channel_id: int, proposal: Proposal) -> Upstream:
    """Answer someone's challenge with our terms (the creator accepts or declines)."""
    return {"type": "CHALLENGE_SUBMIT", "channelId": channel_id, "proposal": proposal.json()}


def challenge_proposal(channel_id: int, proposal: Proposal) -> Upstream:
    """The owner's final terms to one challenger (who then accepts or not)."""
    return {"type": "CHALLENGE_PROPOSAL", "channelId": channel_id, "proposal": proposal.json()}


def challenge_accept(channel_id: int, proposal: Proposal) -> Upstream:
    """A challenger accepts the owner's final terms: the game starts."""
    return {"type": "CHALLENGE_ACCEPT", "channelId": channel_id, "proposal": proposal.json()}


def challenge_decline(channel_id: int, name: str) -> Upstream:
    return {"type": "CHALLENGE_DECLINE", "channelId": channel_id, "name": name}


def move(channel_id: int, where: Loc | None) -> Upstream:
    """A move at ``where`` (None passes)."""
    return {
        "type": "GAME_MOVE",
        "channelId": channel_id,
        "loc": PASS if where is None else where.json(),
    }


def resign(channel_id: int) -> Upstream:
    return {"type": "GAME_RESIGN", "channelId": channel_id}


def undo_request(channel_id: int) -> Upstream:
    return {"type": "GAME_UNDO_REQUEST", "channelId": channel_id}


def undo_accept(channel_id: int) -> Upstream:
    return {"type": "GAME_UNDO_ACCEPT", "channelId": channel_id}


def mark_life(channel_id: int, where: Loc, alive: bool) -> Upstream:
    return {
        "type": "GAME_MARK_LIFE",
        "channelId": channel_id,
        "x": where.x,
        "y": where.y,
        "alive": alive,
    }


def scoring_done(channel_id: int, done_id: int) -> Upstream:
    """ "doneId": the number from the latest GAME_STATE, so an agreement never covers marks
    the player has not seen."""
    return {"type": "GAME_SCORING_DONE", "channelId": channel_id, "doneId": done_id}


def time_expired(channel_id: int) -> Upstream:
    """GAME_TIME_EXPIRED: "a clock ran out" said back, so the server ends the game."""
    return {"type": "GAME_TIME_EXPIRED", "channelId": channel_id}
