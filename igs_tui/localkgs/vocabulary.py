"""The KGS JSON message vocabulary the fake server speaks, and the shapes it builds.

Names and fields follow the three reference pages of the KGS JSON protocol ("Upstream
Messages", "Downstream Messages", "Data Types", jsonClient build of 2016-09-17). Every message
is a JSON object with a ``type``; channel messages carry a ``channelId``.

:data:`BINARY_NAMES` ties the JSON names to the same messages in the binary catalogue
(``backends/kgs/protocol/catalogue.py``, generated from ``kgs-protocol.txt``): the JSON form
"takes the binary stream protocol of KGS and converts it", so where the spec names the same
message the table says which one. The fake server imports nothing from the client package
(an import-linter contract); ``tests/localkgs/test_vocabulary.py`` checks the table against
the catalogue.

Coordinates: the reference only says ``loc`` is ``"PASS"`` or an object with ``x`` and ``y``.
Like KGS's own clients we count ``x`` from the left edge and ``y`` from the *top* edge, both
0-based (SGF's orientation), and convert to our rules engine's bottom-left ``Point`` here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from igs_tui.go import Point

JsonObject = dict[str, Any]

VERSION = (3, 5, 24)
"""The server version HELLO and SERVER_STATS announce (KGS 3.5.x served the JSON form)."""
JSON_CLIENT_BUILD = "igs-tui fake KGS 2026-11-25"

MAX_CHANNEL_ID = 2**31 - 1
""""Channel IDs are always positive, so they may range from 1 through 2^31-1"."""
CHAT_MAX = 1000
"""Upstream CHAT: "Max Length (chars) 1000"."""
NAME_MAX = 10
"""User names: the binary spec's ``username`` is 10 ASCII characters."""

UPSTREAM = frozenset(
    {
        "LOGIN", "LOGOUT", "JOIN_REQUEST", "UNJOIN_REQUEST", "ROOM_NAMES_REQUEST",
        "ROOM_DESC_REQUEST", "CHAT", "ANNOUNCE", "ANNOUNCE_TO_PLAYERS", "CONVO_REQUEST",
        "CONVO_NO_CHATS", "DETAILS_JOIN_REQUEST", "JOIN_ARCHIVE_REQUEST", "SYNC_REQUEST",
        "WAKE_UP", "IDLE_ON", "CHALLENGE_CREATE", "CHALLENGE_PROPOSAL", "CHALLENGE_SUBMIT",
        "CHALLENGE_ACCEPT", "CHALLENGE_DECLINE", "CHALLENGE_RETRY", "GAME_MOVE",
        "GAME_RESIGN", "GAME_UNDO_REQUEST", "GAME_UNDO_ACCEPT", "GAME_MARK_LIFE",
        "GAME_SCORING_DONE", "GAME_ADD_TIME", "GAME_TIME_EXPIRED", "GLOBAL_LIST_JOIN_REQUEST",
        "AVATAR_REQUEST", "JOIN_GAME_BY_ID", "REQUEST_SERVER_STATS",
    }
)  # fmt: skip
"""The upstream types this server acts on (a subset of the reference's list)."""

UPSTREAM_UNSUPPORTED = frozenset(
    {
        "DETAILS_CHANGE", "SET_PASSWORD", "DETAILS_RANK_GRAPH_REQUEST", "CREATE_ROOM_REQUEST",
        "ROOM_EDIT", "ROOM_ADD_OWNER", "ROOM_REMOVE_OWNER", "CHANNEL_ADD_ACCESS",
        "CHANNEL_REMOVE_ACCESS", "ACCESS_LIST_REQUEST", "MESSAGE_CREATE", "MESSAGE_DELETE",
        "FRIEND_ADD", "FRIEND_REMOVE", "MODERATED_COMMENT", "SET_CHAT_MODE", "GAME_SET_ROLES",
        "GAME_START_REVIEW", "GAME_LIST_ENTRY_SET_FLAGS", "GAME_AUDIO", "START_PLAYBACK",
        "REQUEST_PLAYBACK_LIST", "PLAYBACK_SET", "UPLOAD_AVATAR", "GAME_SET_ALLOW_CHAT",
        "ANNOUNCEMENT", "DELETE_ACCOUNT", "KEEP_OUT_REQUEST", "CLEAR_KEEP_OUT",
        "ROOM_LOAD_GAME", "SHUTDOWN", "CHANNEL_DELETE", "REGISTER", "ROOM_CLONE_GAME",
        "AUTOMATCH_CREATE", "AUTOMATCH_SET_PREFS", "AUTOMATCH_CANCEL", "TAG_GAME",
        "FETCH_TAGS", "ADMIN_CLEAR_TAG", "JOIN_TAG_ARCHIVE_REQUEST", "KGS_SGF_CHANGE",
        "GAME_SET_SCORES",
    }
)  # fmt: skip
"""Upstream types the reference documents but this server refuses (HTTP 400, "not
supported by the fake server"): administration, playbacks, mail, automatch, SGF editing."""

DOWNSTREAM = frozenset(
    {
        "HELLO", "LOGIN_SUCCESS", "LOGIN_FAILED_NO_SUCH_USER", "LOGIN_FAILED_BAD_PASSWORD",
        "LOGIN_FAILED_USER_ALREADY_EXISTS", "LOGIN_FAILED_KEEP_OUT", "RECONNECT", "LOGOUT",
        "USER_UPDATE", "ROOM_NAMES", "ROOM_DESC", "ROOM_JOIN", "JOIN_COMPLETE", "USER_ADDED",
        "USER_REMOVED", "UNJOIN", "CLOSE", "CHAT", "ANNOUNCE", "GAME_LIST",
        "GAME_CONTAINER_REMOVE_GAME", "GAME_JOIN", "GAME_UPDATE", "GAME_STATE", "GAME_OVER",
        "GAME_NOTIFY", "GAME_UNDO_REQUEST", "GAME_TIME_EXPIRED", "CHALLENGE_JOIN",
        "CHALLENGE_CREATED", "CHALLENGE_NOT_CREATED", "CHALLENGE_CANT_PLAY_RANKED",
        "CHALLENGE_PROPOSAL", "CHALLENGE_SUBMIT", "CHALLENGE_DECLINE", "CHALLENGE_FINAL",
        "CANT_PLAY_TWICE", "CONVO_JOIN", "CONVO_NO_SUCH_USER", "CONVO_NO_CHATS",
        "DETAILS_JOIN", "DETAILS_NONEXISTANT", "ARCHIVE_JOIN", "ARCHIVE_NONEXISTANT", "SYNC",
        "IDLE_WARNING", "CHANNEL_ALREADY_JOINED", "GLOBAL_GAMES_JOIN", "AVATAR",
        "SERVER_STATS",
    }
)  # fmt: skip
"""The downstream types this server sends (spelling as in the reference, NONEXISTANT too)."""

LOGIN_FAILURES = (
    "LOGIN_FAILED_NO_SUCH_USER",
    "LOGIN_FAILED_BAD_PASSWORD",
    "LOGIN_FAILED_USER_ALREADY_EXISTS",
    "LOGIN_FAILED_KEEP_OUT",
)
"""Every documented login failure; each is reachable (see :mod:`.accounts`)."""

BINARY_NAMES: Mapping[str, str] = {
    "LOGIN": "login",
    "LOGOUT": "quit",
    "WAKE_UP": "idle_reset",
    "IDLE_WARNING": "idle_warn",
    "ROOM_NAMES_REQUEST": "req_upd_rooms",
    "ROOM_DESC_REQUEST": "req_desc",
    "ROOM_DESC": "desc_room",
    "ROOM_JOIN": "join_room",
    "USER_REMOVED": "part_room",
    "GAME_LIST": "upd_games",
    "GAME_CONTAINER_REMOVE_GAME": "del_game",
    "DETAILS_JOIN_REQUEST": "req_userinfo",
    "DETAILS_JOIN": "userinfo",
    "CHALLENGE_CREATE": "new_game",
    "CHALLENGE_DECLINE": "reject_challenge",
    "GAME_UPDATE": "upd_tree",
    "GAME_MOVE": "game_move",
    "GAME_MARK_LIFE": "mark_dead",
    "GAME_SCORING_DONE": "game_done",
    "GAME_ADD_TIME": "add_time",
    "GAME_UNDO_REQUEST": "req_undo",
    "GAME_UNDO_ACCEPT": "grant_undo",
    "GAME_RESIGN": "resign_game",
    "GAME_TIME_EXPIRED": "out_of_time",
}
"""JSON type -> the binary catalogue's name for the same message (where the spec has one)."""


class MessageError(ValueError):
    """An upstream message the server cannot act on; the text goes back in the HTTP 400."""


def require_type(message: object) -> tuple[JsonObject, str]:
    """The message as an object and its ``type``; :class:`MessageError` when it has none."""
    if not isinstance(message, dict):
        raise MessageError("a message must be a JSON object")
    kind = message.get("type")
    if not isinstance(kind, str) or not kind:
        raise MessageError('a message needs a "type" string')
    return message, kind


def get_int(
    message: Mapping[str, Any], field: str, *, low: int, high: int, default: int | None = None
) -> int:
    """An integer field within ``low..high`` (JSON numbers with no fraction; not booleans)."""
    value = message.get(field, default)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise MessageError(f'"{field}" must be an integer')
    if not low <= value <= high:
        raise MessageError(f'"{field}" must be between {low} and {high}')
    return value


def get_channel(message: Mapping[str, Any]) -> int:
    return get_int(message, "channelId", low=1, high=MAX_CHANNEL_ID)


def get_number(message: Mapping[str, Any], field: str, *, low: float, high: float) -> float:
    value = message.get(field)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MessageError(f'"{field}" must be a number')
    number = float(value)
    if not low <= number <= high:  # also rejects NaN
        raise MessageError(f'"{field}" must be between {low} and {high}')
    return number


def get_str(
    message: Mapping[str, Any], field: str, *, max_len: int, default: str | None = None
) -> str:
    value = message.get(field, default)
    if not isinstance(value, str):
        raise MessageError(f'"{field}" must be a string')
    if len(value) > max_len:
        raise MessageError(f'"{field}" is longer than {max_len} characters')
    return value


def get_bool(message: Mapping[str, Any], field: str, *, default: bool | None = None) -> bool:
    value = message.get(field, default)
    if not isinstance(value, bool):
        raise MessageError(f'"{field}" must be true or false')
    return value


def get_object(message: Mapping[str, Any], field: str) -> JsonObject:
    value = message.get(field)
    if not isinstance(value, dict):
        raise MessageError(f'"{field}" must be a JSON object')
    return value


def callback_key(message: Mapping[str, Any]) -> int:
    """ "An arbitrary 16 bit number"; 0 when left out."""
    return get_int(message, "callbackKey", low=0, high=0xFFFF, default=0)


def loc_to_point(loc: object, size: int) -> Point | None:
    """``"PASS"`` -> None; ``{"x": col, "y": row-from-top}`` -> our bottom-left ``Point``."""
    if loc == "PASS":
        return None
    if not isinstance(loc, dict):
        raise MessageError('"loc" must be "PASS" or an object with x and y')
    x = get_int(loc, "x", low=0, high=size - 1)
    y = get_int(loc, "y", low=0, high=size - 1)
    return Point(x, size - 1 - y)


def point_to_loc(point: Point | None, size: int) -> str | JsonObject:
    if point is None:
        return "PASS"
    return {"x": point.col, "y": size - 1 - point.row}


def xy_to_point(message: Mapping[str, Any], size: int) -> Point:
    """GAME_MARK_LIFE's top-level ``x``/``y``."""
    x = get_int(message, "x", low=0, high=size - 1)
    y = get_int(message, "y", low=0, high=size - 1)
    return Point(x, size - 1 - y)


def score_value(black: float, white: float) -> float:
    """A counted result as the reference's score: "positive a black win, negative a white"."""
    return black - white


def score_text(score: float | str) -> str:
    """The SGF RESULT text: "numeric results are in a string"."""
    if isinstance(score, str):
        return score
    return f"{score:g}"
