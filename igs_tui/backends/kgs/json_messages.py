"""The downstream messages of KGS's JSON form that the client acts on, typed; sans-IO.

A long-polling GET answers ``{"messages": [...]}``; each message "will always have an element
named type", and "messages marked as channel messages will always include a channelId" (the
reference's "Downstream Messages" page). :func:`parse_messages` turns one such body into typed
values. A message of a type we do not act on, or whose fields do not have the documented shape,
becomes :class:`Unknown` (kept with its type and why) -- never an exception: servers change.

Upstream builders are in :mod:`.json_upstream`; the meaning of each message for the model is
:mod:`.session`'s business.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from igs_tui.backends.kgs.json_values import (
    MAX_NAME,
    BadValue,
    Loc,
    Rules,
    User,
    channel,
    flag,
    integer,
    items,
    loc,
    number,
    obj,
    rules,
    score,
    text,
    user,
    users,
)


class Message:
    """Base of every downstream message."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Unknown(Message):
    """A message we do not act on, or one whose shape is not the documented one."""

    type: str
    reason: str = ""
    raw: str = ""
    """The message as JSON text (cut short), for the console."""


@dataclass(frozen=True, slots=True)
class Hello(Message):
    """ "Always the first message you receive": the server's version."""

    version: str


@dataclass(frozen=True, slots=True)
class RoomInfo:
    """An element of LOGIN_SUCCESS's room list (``channelId``, ``category``), later named by
    ROOM_NAMES (``name``, ``description``)."""

    channel_id: int
    category: str = ""
    name: str = ""
    description: str = ""


@dataclass(frozen=True, slots=True)
class LoginSucceeded(Message):
    you: User
    rooms: tuple[RoomInfo, ...]
    friends: tuple[tuple[str, User], ...] = ()
    """(friendType, user): friendType is one of buddy, censored, fan, admin_track."""


LOGIN_FAILURES: Mapping[str, str] = {
    "LOGIN_FAILED_NO_SUCH_USER": "No such user on KGS (check the name, or log in as a guest).",
    "LOGIN_FAILED_BAD_PASSWORD": "Wrong password.",
    "LOGIN_FAILED_USER_ALREADY_EXISTS": (
        "That name is taken: a guest must choose a name no account has."
    ),
    "LOGIN_FAILED_KEEP_OUT": "This account or address is kept out of KGS for now.",
}
"""Every documented login failure, with what to tell the user."""


@dataclass(frozen=True, slots=True)
class LoginFailed(Message):
    kind: str
    reason: str


@dataclass(frozen=True, slots=True)
class LoggedOut(Message):
    """LOGOUT (``text``: why, if given) or RECONNECT (``elsewhere``: "somebody logged in with
    your account on another system" -- the reference says not to reconnect then)."""

    text: str = ""
    elsewhere: bool = False


@dataclass(frozen=True, slots=True)
class UserUpdated(Message):
    user: User


@dataclass(frozen=True, slots=True)
class RoomNames(Message):
    rooms: tuple[RoomInfo, ...]


@dataclass(frozen=True, slots=True)
class GameEntry:
    """The reference's "Game Channel": one row of a game list."""

    channel_id: int
    game_type: str
    room_id: int | None
    white: User | None
    black: User | None
    size: int = 19
    komi: float = 0.0
    handicap: int = 0
    move_num: int = 0
    observers: int = 0
    score: float | str | None = None
    over: bool = False
    name: str = ""
    """A challenge's or a review's text (``name``)."""
    creator: User | None = None
    """A challenge's owner (``players.challengeCreator``)."""
    proposal: Proposal | None = None
    """A challenge's ``initialProposal``."""

    @property
    def is_challenge(self) -> bool:
        return self.game_type == "challenge"


@dataclass(frozen=True, slots=True)
class RoomJoined(Message):
    """ROOM_JOIN: the room's users and games (``dropped``: why each unreadable entry was left
    out; the others are kept)."""

    channel_id: int
    users: tuple[User, ...]
    games: tuple[GameEntry, ...]
    dropped: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GamesListed(Message):
    """GAME_LIST: new or changed games of a room (or a global list); ``dropped`` as in
    :class:`RoomJoined`."""

    channel_id: int
    games: tuple[GameEntry, ...]
    dropped: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameRemoved(Message):
    """GAME_CONTAINER_REMOVE_GAME: ``gameId`` left the list ``channel_id``."""

    channel_id: int
    game_id: int


@dataclass(frozen=True, slots=True)
class UserJoinedChannel(Message):
    channel_id: int
    user: User


@dataclass(frozen=True, slots=True)
class UserLeftChannel(Message):
    channel_id: int
    user: User


@dataclass(frozen=True, slots=True)
class Chat(Message):
    """CHAT or ANNOUNCE (``announce``) in a room, game or conversation channel."""

    channel_id: int
    user: User
    text: str
    announce: bool = False


@dataclass(frozen=True, slots=True)
class ConvoJoined(Message):
    """CONVO_JOIN: a private conversation's channel with ``user``."""

    channel_id: int
    user: User


@dataclass(frozen=True, slots=True)
class Refused(Message):
    """A documented refusal: CONVO_NO_SUCH_USER, DETAILS_NONEXISTANT, CHALLENGE_NOT_CREATED,
    CANT_PLAY_TWICE, ...: ``text`` says it for the user; ``name`` is the user concerned."""

    kind: str
    text: str
    name: str = ""
    channel_id: int | None = None


@dataclass(frozen=True, slots=True)
class DetailsJoined(Message):
    """DETAILS_JOIN: a user's details channel."""

    channel_id: int
    user: User
    details: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Prop:
    """An SGF property (reference, "SGF Property"): ``name`` and, as the name needs, ``color``
    (``black``/``white``), ``loc``, ``text``, a number (``float``/``int``) or rules."""

    name: str
    color: str = ""
    loc: Loc | str | None = None
    text: str = ""
    number: float | None = None
    rules: Rules | None = None


@dataclass(frozen=True, slots=True)
class SgfEvent:
    """One change to a game's SGF tree (reference, "SGF Events"): PROP_ADDED, PROP_REMOVED,
    PROP_CHANGED, PROP_GROUP_ADDED, PROP_GROUP_REMOVED, CHILD_ADDED, ACTIVATED, ...; an
    event type we do not know keeps only its type."""

    type: str
    node: int
    props: tuple[Prop, ...] = ()
    child: int | None = None
    position: int | None = None
    prev: int | None = None


@dataclass(frozen=True, slots=True)
class ClockState:
    """A player's clock in GAME_STATE: ``time`` left, ``periodsLeft`` / ``stonesLeft``,
    and whether it is ``running`` or ``paused``."""

    time: float
    periods_left: int | None = None
    stones_left: int | None = None
    running: bool = False
    paused: bool = False


@dataclass(frozen=True, slots=True)
class GameState:
    """The fields of GAME_STATE (also part of GAME_JOIN)."""

    actions: tuple[tuple[str, str], ...] = ()
    """(action, user name): MOVE, EDIT, SCORE, CHALLENGE_CREATOR, ... and who may do it."""
    clocks: Mapping[str, ClockState] | None = None
    """By role (``black``, ``white``)."""
    done_id: int | None = None
    black_done: bool = False
    white_done: bool = False
    black_score: float | None = None
    white_score: float | None = None
    over: bool = False
    score: float | str | None = None
    paused: bool = False
    adjourned: bool = False

    @property
    def scoring(self) -> bool:
        return any(action == "SCORE" for action, _ in self.actions)


@dataclass(frozen=True, slots=True)
class GameSummary:
    """The reference's "Game Summary" of GAME_JOIN."""

    game_type: str
    size: int
    komi: float
    handicap: int
    players: Mapping[str, User]


@dataclass(frozen=True, slots=True)
class GameJoined(Message):
    """GAME_JOIN: the game's users, summary, every SGF event so far and its state."""

    channel_id: int
    summary: GameSummary
    users: tuple[User, ...]
    events: tuple[SgfEvent, ...]
    state: GameState


@dataclass(frozen=True, slots=True)
class GameUpdated(Message):
    """GAME_UPDATE: more SGF events."""

    channel_id: int
    events: tuple[SgfEvent, ...]


@dataclass(frozen=True, slots=True)
class GameStateChanged(Message):
    channel_id: int
    state: GameState


@dataclass(frozen=True, slots=True)
class GameOver(Message):
    channel_id: int
    score: float | str


@dataclass(frozen=True, slots=True)
class UndoRequested(Message):
    """GAME_UNDO_REQUEST: the player in ``role`` asks to take back a move."""

    channel_id: int
    role: str


@dataclass(frozen=True, slots=True)
class Proposal:
    """The reference's "Challenge Proposal": game type, rules, nigiri and who plays which
    role (``players``: (role, name); an empty name is an open seat)."""

    game_type: str
    rules: Rules
    nigiri: bool = False
    players: tuple[tuple[str, str], ...] = ()

    def json(self) -> dict[str, Any]:
        players = [
            {"role": role, "name": name} if name else {"role": role} for role, name in self.players
        ]
        return {
            "gameType": self.game_type,
            "rules": self.rules.json(),
            "nigiri": self.nigiri,
            "players": players,
        }


@dataclass(frozen=True, slots=True)
class ChallengeJoined(Message):
    """CHALLENGE_JOIN: a challenge's channel with its creator's proposal."""

    channel_id: int
    users: tuple[User, ...]
    proposal: Proposal | None


@dataclass(frozen=True, slots=True)
class ChallengeProposed(Message):
    """CHALLENGE_PROPOSAL (the creator's terms) or CHALLENGE_SUBMIT (``submitted``: an
    answer to our challenge, to accept or decline)."""

    channel_id: int
    proposal: Proposal
    submitted: bool = False
    by: str = ""


@dataclass(frozen=True, slots=True)
class ChallengeDeclined(Message):
    channel_id: int


@dataclass(frozen=True, slots=True)
class ChallengeCreated(Message):
    """CHALLENGE_CREATED: our CHALLENGE_CREATE (``callbackKey``) opened the challenge
    ``channel_id`` (given as the ``game`` listed, whose channel it is, when the message has
    one; the message's own ``channelId`` is then the room's)."""

    channel_id: int
    callback_key: int


@dataclass(frozen=True, slots=True)
class ChallengeFinal(Message):
    """CHALLENGE_FINAL: the challenge became the game ``game_id``."""

    channel_id: int
    game_id: int | None


@dataclass(frozen=True, slots=True)
class Unjoined(Message):
    """UNJOIN or CLOSE: we are out of ``channel_id``."""

    channel_id: int


@dataclass(frozen=True, slots=True)
class IdleWarning(Message):
    """IDLE_WARNING: we will be logged out for idleness unless we act (WAKE_UP)."""


@dataclass(frozen=True, slots=True)
class RoomDescribed(Message):
    """ROOM_DESC: a room's description (and its owners, when given)."""

    channel_id: int
    description: str
    owners: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameNotified(Message):
    """GAME_NOTIFY: a game to know of outside the rooms we are in (one of ours, or a
    friend's), as a "Game Channel" object."""

    game: GameEntry


@dataclass(frozen=True, slots=True)
class GameReviewed(Message):
    """GAME_REVIEW: the game ``original_id`` goes on as the review ``review``."""

    original_id: int
    review: GameEntry


@dataclass(frozen=True, slots=True)
class GameRenamed(Message):
    """GAME_NAME_CHANGE: a game's name (its title in lists), ``""`` when it was removed."""

    channel_id: int
    name: str


@dataclass(frozen=True, slots=True)
class TimeExpired(Message):
    """GAME_TIME_EXPIRED: a clock in this game ran out; a player answers GAME_TIME_EXPIRED
    so the server ends the game (as KGS's own clients and shinkgs do)."""

    channel_id: int


@dataclass(frozen=True, slots=True)
class UndoRefused(Message):
    """GAME_UNDO_DECLINE: the undo we asked for in this game was declined."""

    channel_id: int


@dataclass(frozen=True, slots=True)
class Ignored(Message):
    """A documented message this client deliberately does not act on; ``reason`` says why
    (the table in docs/kgs-messages.md lists them all)."""

    type: str
    reason: str


# parsing ----------------------------------------------------------------------------------------
Parser = Callable[[Mapping[str, Any], str], Message]


def _prop(value: object) -> Prop:
    m = obj(value, "prop")
    name = text(m, "name", limit=30)
    where = loc(m["loc"]) if "loc" in m else None
    amount: float | None = None
    for key in ("float", "int"):
        if key in m:
            amount = number(m, key)
    found_rules = None
    if name == "RULES":
        found_rules = rules(m)
    return Prop(
        name,
        text(m, "color", default="", limit=10),
        where,
        text(m, "text", default=""),
        amount,
        found_rules,
    )


def _event(value: object) -> SgfEvent:
    m = obj(value, "sgf event")
    kind = text(m, "type", limit=40)
    node = integer(m, "nodeId", low=0, high=2**31 - 1)
    props: tuple[Prop, ...] = ()
    if "prop" in m:
        props = (_prop(m["prop"]),)
    elif "props" in m:
        props = tuple(_prop(p) for p in items(m["props"], "props"))
    child = integer(m, "childNodeId", low=0, high=2**31 - 1) if "childNodeId" in m else None
    position = integer(m, "position", low=0, high=2**31 - 1) if "position" in m else None
    prev = integer(m, "prevNodeId", low=0, high=2**31 - 1) if "prevNodeId" in m else None
    return SgfEvent(kind, node, props, child, position, prev)


def _events(value: object) -> tuple[SgfEvent, ...]:
    return tuple(_event(e) for e in items(value, "sgfEvents"))


def _players(m: Mapping[str, Any]) -> dict[str, User]:
    found = m.get("players", {})
    return {role: user(u, role) for role, u in obj(found, "players").items()}


MAX_KOMI = 1000.0
"""A listed game's komi beyond this (either sign) is not a komi: the entry is dropped."""


def _game_entry(value: object) -> GameEntry:
    m = obj(value, "game")
    players = _players(m)
    room = integer(m, "roomId", low=1, high=2**31 - 1) if "roomId" in m else None
    komi = number(m, "komi", default=0.0)
    if abs(komi) > MAX_KOMI:
        raise BadValue(f"'komi' {komi:g} is out of range")
    return GameEntry(
        channel_id=channel(m),
        game_type=text(m, "gameType", default="", limit=30),
        room_id=room,
        white=players.get("white"),
        black=players.get("black"),
        size=integer(m, "size", low=2, high=38, default=19),
        komi=komi,
        handicap=integer(m, "handicap", low=0, high=99, default=0),
        move_num=integer(m, "moveNum", low=0, high=100_000, default=0),
        observers=integer(m, "observers", low=0, high=10_000_000, default=0),
        score=score(m["score"]) if "score" in m else None,
        over=flag(m, "over"),
        name=text(m, "name", default="", limit=200),
        creator=players.get("challengeCreator"),
        proposal=_proposal(m["initialProposal"]) if "initialProposal" in m else None,
    )


_ENTRY_ERRORS = (BadValue, KeyError, TypeError, ValueError, RecursionError)


def _games(value: object) -> tuple[tuple[GameEntry, ...], tuple[str, ...]]:
    """A list's games read one by one: the readable ones, and why each other one was dropped
    (one odd game must not empty a room's list)."""
    games: list[GameEntry] = []
    dropped: list[str] = []
    for index, entry in enumerate(items(value, "games")):
        try:
            games.append(_game_entry(entry))
        except _ENTRY_ERRORS as exc:
            dropped.append(f"game {_entry_label(entry, index)}: {exc or type(exc).__name__}")
    return tuple(games), tuple(dropped)


def _users_kept(value: object) -> tuple[tuple[User, ...], tuple[str, ...]]:
    """A list's users read one by one, as :func:`_games` reads games."""
    kept: list[User] = []
    dropped: list[str] = []
    for index, entry in enumerate(items(value, "users")):
        try:
            kept.append(user(entry))
        except _ENTRY_ERRORS as exc:
            dropped.append(
                f"user {_entry_label(entry, index, 'name')}: {exc or type(exc).__name__}"
            )
    return tuple(kept), tuple(dropped)


def _entry_label(entry: object, index: int, key: str = "channelId") -> str:
    """How to name a dropped entry: its channel id or name when it has a plain one, else its
    place in the list."""
    if isinstance(entry, dict):
        value = entry.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31:
            return str(value)
        if isinstance(value, str) and value.isprintable() and 0 < len(value) <= MAX_NAME:
            return repr(value)
    return f"#{index + 1}"


def _room_join(m: Mapping[str, Any], _: str) -> Message:
    room_users, users_dropped = _users_kept(m.get("users"))
    games, games_dropped = _games(m.get("games"))
    return RoomJoined(channel(m), room_users, games, users_dropped + games_dropped)


def _game_list(m: Mapping[str, Any], _: str) -> Message:
    games, dropped = _games(m.get("games"))
    return GamesListed(channel(m), games, dropped)


def _clock(value: object) -> ClockState:
    m = obj(value, "clock")
    periods = integer(m, "periodsLeft", low=0, high=255) if "periodsLeft" in m else None
    stones = integer(m, "stonesLeft", low=0, high=255) if "stonesLeft" in m else None
    return ClockState(
        number(m, "time", default=0.0), periods, stones, flag(m, "running"), flag(m, "paused")
    )


def _state(m: Mapping[str, Any]) -> GameState:
    actions = []
    for entry in items(m.get("actions"), "actions"):
        a = obj(entry, "action")
        who = a.get("user")
        actions.append((text(a, "action", limit=30), user(who).name if who is not None else ""))
    clocks = None
    if "clocks" in m:
        clocks = {role: _clock(c) for role, c in obj(m["clocks"], "clocks").items()}
    return GameState(
        actions=tuple(actions),
        clocks=clocks,
        done_id=integer(m, "doneId", low=0, high=2**31 - 1) if "doneId" in m else None,
        black_done=flag(m, "blackDoneSent"),
        white_done=flag(m, "whiteDoneSent"),
        black_score=number(m, "blackScore") if "blackScore" in m else None,
        white_score=number(m, "whiteScore") if "whiteScore" in m else None,
        over=flag(m, "over"),
        score=score(m["score"]) if "score" in m else None,
        paused=flag(m, "paused"),
        adjourned=flag(m, "adjourned"),
    )


def _summary(value: object) -> GameSummary:
    m = obj(value, "gameSummary")
    return GameSummary(
        game_type=text(m, "gameType", default="", limit=30),
        size=integer(m, "size", low=2, high=38, default=19),
        komi=number(m, "komi", default=0.0),
        handicap=integer(m, "handicap", low=0, high=99, default=0),
        players=_players(m),
    )


def _proposal(value: object) -> Proposal:
    m = obj(value, "proposal")
    players = []
    for entry in items(m.get("players"), "players"):
        p = obj(entry, "player")
        name = text(p, "name", default="", limit=MAX_NAME)
        if not name and "user" in p:
            name = user(p["user"]).name
        players.append((text(p, "role", limit=20), name))
    return Proposal(
        text(m, "gameType", default="free", limit=30),
        rules(m.get("rules", {})),
        flag(m, "nigiri"),
        tuple(players),
    )


def _room(value: object) -> RoomInfo:
    m = obj(value, "room")
    return RoomInfo(
        channel(m),
        text(m, "category", default="", limit=40),
        text(m, "name", default="", limit=200),
        text(m, "description", default=""),
    )


def _login_success(m: Mapping[str, Any], _: str) -> Message:
    friends = []
    for entry in items(m.get("friends"), "friends"):
        f = obj(entry, "friend")
        friends.append((text(f, "friendType", limit=20), user(f.get("user"))))
    rooms_found = tuple(_room(r) for r in items(m.get("rooms"), "rooms"))
    return LoginSucceeded(user(m.get("you"), "you"), rooms_found, tuple(friends))


def _details(m: Mapping[str, Any], _: str) -> Message:
    fields: list[tuple[str, str]] = []
    labels = (
        ("personalName", "Name"),
        ("personalInfo", "Info"),
        ("personalEmail", "Email"),
        ("lastOn", "Last on"),
        ("regStartDate", "Registered"),
        ("locale", "Locale"),
    )
    for key, label in labels:
        if isinstance(m.get(key), str) and m[key]:
            fields.append((label, text(m, key)))
    return DetailsJoined(channel(m), user(m.get("user")), tuple(fields))


def _refusal(words: str, name_key: str = "name") -> Parser:
    def parse(m: Mapping[str, Any], kind: str) -> Message:
        name = (
            text(m, name_key, default="", limit=MAX_NAME)
            if isinstance(m.get(name_key), str)
            else ""
        )
        where = channel(m) if "channelId" in m else None
        return Refused(kind, words.format(name=name or "that user"), name, where)

    return parse


_RANKED_FIELDS = {"SIZE": "the board size", "HANDICAP": "the handicap", "KOMI": "the komi"}


def _cant_play_ranked(m: Mapping[str, Any], kind: str) -> Message:
    """Which term keeps the game from being ranked ("field", "tooBig", "limit"), when the
    server says; else the general reason."""
    where = channel(m) if "channelId" in m else None
    field = m.get("field")
    limit = m.get("limit")
    if isinstance(field, str) and isinstance(limit, int | float) and not isinstance(limit, bool):
        term = _RANKED_FIELDS.get(field, field.lower()[:20])
        bound = "at most" if m.get("tooBig") is True else "at least"
        words = f"A ranked game needs {term} {bound} {limit:g}: make it free, or change it."
        return Refused(kind, words, "", where)
    words = "This game cannot be ranked (a guest, or a rank gap): make it free."
    return Refused(kind, words, "", where)


def _challenge_proposal(m: Mapping[str, Any], kind: str) -> Message:
    by = user(m["user"]).name if "user" in m else ""
    return ChallengeProposed(
        channel(m), _proposal(m.get("proposal")), kind == "CHALLENGE_SUBMIT", by
    )


def _challenge_final(m: Mapping[str, Any], _: str) -> Message:
    game = integer(m, "gameChannelId", low=1, high=2**31 - 1) if "gameChannelId" in m else None
    return ChallengeFinal(channel(m), game)


def _challenge_join(m: Mapping[str, Any], _: str) -> Message:
    proposal = _proposal(m["proposal"]) if "proposal" in m else None
    return ChallengeJoined(channel(m), users(m.get("users")), proposal)


IGNORED: Mapping[str, str] = {
    "JOIN_COMPLETE": "the join message before it (ROOM_JOIN, GAME_JOIN...) already carried "
    "everything shown; this only marks the end of the channel's first messages",
    "CHANNEL_ALREADY_JOINED": "we are in the channel already: what it shows is up to date",
    "ARCHIVE_JOIN": "the client never asks for a user's archive (JOIN_ARCHIVE_REQUEST)",
    "ARCHIVE_NONEXISTANT": "the client never asks for a user's archive",
    "ARCHIVE_GAMES_CHANGED": "the client never asks for a user's archive",
    "ARCHIVE_GAME_REMOVED": "the client never asks for a user's archive",
    "AUTOMATCH_PREFS": "the client offers no automatch (AUTOMATCH_CREATE is never sent)",
    "PLAYBACK_ADD": "the client offers no playbacks of recorded lectures",
    "PLAYBACK_DELETE": "the client offers no playbacks of recorded lectures",
    "PLAYBACK_SETUP": "the client never starts a playback (START_PLAYBACK)",
    "PLAYBACK_DATA": "the client never starts a playback",
    "PLAYBACK_ERROR": "the client never starts a playback",
    "ALREADY_IN_PLAYBACK": "the client never starts a playback",
    "SYNC": "the client never sends SYNC_REQUEST: each message is handled as it comes",
    "AVATAR": "the client asks for no avatars (a terminal shows no pictures)",
    "SERVER_STATS": "the client never asks for server statistics",
    "DETAILS_UPDATE": "a user's details are shown once (the details channel is left at once)",
    "DETAILS_RANK_GRAPH": "the client never asks for a rank graph",
    "ROOM_CHANNEL_INFO": "room owners and access lists are not shown; the name and "
    "description come in ROOM_NAMES and ROOM_DESC",
    "SPEEX_DATA": "game audio is not played in a terminal",
    "SPEEX_MUTE_CHANGED": "game audio is not played in a terminal",
}
"""Documented downstream messages left alone on purpose, with the reason."""


def _game_notify(m: Mapping[str, Any], _: str) -> Message:
    return GameNotified(_game_entry(m.get("game")))


def _game_review(m: Mapping[str, Any], _: str) -> Message:
    original = integer(m, "originalId", low=1, high=2**31 - 1)
    return GameReviewed(original, _game_entry(m.get("review")))


def _room_desc(m: Mapping[str, Any], _: str) -> Message:
    owners = tuple(user(o).name for o in items(m.get("owners"), "owners"))
    return RoomDescribed(channel(m), text(m, "description", default=""), owners)


PARSERS: Mapping[str, Parser] = {
    **{kind: (lambda m, k: Ignored(k, IGNORED[k])) for kind in IGNORED},
    "MODERATED_CHAT": lambda m, _: Chat(channel(m), user(m.get("user")), text(m, "text")),
    "ROOM_DESC": _room_desc,
    "GAME_NOTIFY": _game_notify,
    "GAME_REVIEW": _game_review,
    "GAME_NAME_CHANGE": lambda m, _: GameRenamed(
        channel(m), text(m, "name", default="", limit=200)
    ),
    "GAME_TIME_EXPIRED": lambda m, _: TimeExpired(channel(m)),
    "GAME_UNDO_DECLINE": lambda m, _: UndoRefused(channel(m)),
    "HELLO": lambda m, _: Hello(
        ".".join(
            str(integer(m, key, low=0, high=10_000, default=0))
            for key in ("versionMajor", "versionMinor", "versionBugfix")
        )
    ),
    "LOGIN_SUCCESS": _login_success,
    **{kind: (lambda m, k: LoginFailed(k, LOGIN_FAILURES[k])) for kind in LOGIN_FAILURES},
    "LOGOUT": lambda m, _: LoggedOut(text(m, "text", default="")),
    "RECONNECT": lambda m, _: LoggedOut(
        "Logged out: somebody logged in with this account elsewhere.", elsewhere=True
    ),
    "USER_UPDATE": lambda m, _: UserUpdated(user(m.get("user"))),
    "ROOM_NAMES": lambda m, _: RoomNames(tuple(_room(r) for r in items(m.get("rooms"), "rooms"))),
    "ROOM_JOIN": _room_join,
    "GAME_LIST": _game_list,
    "GLOBAL_GAMES_JOIN": _game_list,
    "GAME_CONTAINER_REMOVE_GAME": lambda m, _: GameRemoved(
        channel(m), integer(m, "gameId", low=1, high=2**31 - 1)
    ),
    "USER_ADDED": lambda m, _: UserJoinedChannel(channel(m), user(m.get("user"))),
    "USER_REMOVED": lambda m, _: UserLeftChannel(channel(m), user(m.get("user"))),
    "CHAT": lambda m, _: Chat(channel(m), user(m.get("user")), text(m, "text")),
    "ANNOUNCE": lambda m, _: Chat(channel(m), user(m.get("user")), text(m, "text"), True),
    "CONVO_JOIN": lambda m, _: ConvoJoined(channel(m), user(m.get("user"))),
    "CONVO_NO_SUCH_USER": _refusal("No such user: {name}."),
    "CONVO_NO_CHATS": _refusal("{name} takes no private messages."),
    "DETAILS_JOIN": _details,
    "DETAILS_NONEXISTANT": _refusal("No such user: {name}."),
    "GAME_JOIN": lambda m, _: GameJoined(
        channel(m),
        _summary(m.get("gameSummary")),
        users(m.get("users")),
        _events(m.get("sgfEvents")),
        _state(m),
    ),
    "GAME_UPDATE": lambda m, _: GameUpdated(channel(m), _events(m.get("sgfEvents"))),
    "GAME_STATE": lambda m, _: GameStateChanged(channel(m), _state(m)),
    "GAME_OVER": lambda m, _: GameOver(channel(m), score(m.get("score", "UNKNOWN"))),
    "GAME_UNDO_REQUEST": lambda m, _: UndoRequested(channel(m), text(m, "role", limit=20)),
    "CHALLENGE_JOIN": _challenge_join,
    "CHALLENGE_PROPOSAL": _challenge_proposal,
    "CHALLENGE_SUBMIT": _challenge_proposal,
    "CHALLENGE_DECLINE": lambda m, _: ChallengeDeclined(channel(m)),
    "CHALLENGE_CREATED": lambda m, _: ChallengeCreated(
        channel(obj(m["game"], "game")) if "game" in m else channel(m),
        integer(m, "callbackKey", low=0, high=0xFFFF, default=0),
    ),
    "CHALLENGE_FINAL": _challenge_final,
    "CHALLENGE_NOT_CREATED": _refusal("The challenge could not be created."),
    "CHALLENGE_CANT_PLAY_RANKED": _cant_play_ranked,
    "CANT_PLAY_TWICE": _refusal("You cannot play two games at once."),
    "UNJOIN": lambda m, _: Unjoined(channel(m)),
    "CLOSE": lambda m, _: Unjoined(channel(m)),
    "IDLE_WARNING": lambda m, _: IdleWarning(),
}


def _short(message: object) -> str:
    try:
        raw = json.dumps(message, ensure_ascii=False)
    except (TypeError, ValueError):
        raw = repr(message)
    return raw if len(raw) <= 500 else raw[:497] + "..."


def parse_message(message: object) -> Message:
    """One downstream message, typed; :class:`Unknown` for anything else."""
    if not isinstance(message, dict):
        return Unknown("", "a message is not a JSON object", _short(message))
    kind = message.get("type")
    if not isinstance(kind, str) or not kind:
        return Unknown("", 'a message without a "type"', _short(message))
    kind = kind[:60]
    parser = PARSERS.get(kind)
    if parser is None:
        return Unknown(kind, "", _short(message))
    try:
        return parser(message, kind)
    except (BadValue, KeyError, TypeError, ValueError, RecursionError) as exc:
        return Unknown(kind, str(exc) or type(exc).__name__, _short(message))


def split_body(body: bytes | str) -> list[object]:
    """The messages of a GET answer, ``{"messages": [...]}``, as JSON values (an empty object
    comes after a long poll's minute: "GET requests will time out after 1 minute and return
    an empty object").

    Raises:
        ValueError: the body is not JSON of that shape (the transport treats the session
            as broken).
    """
    try:
        document = json.loads(body) if body else {}
    except (ValueError, RecursionError) as exc:
        raise ValueError(f"not JSON: {exc}") from None
    except MemoryError:  # the transport caps bodies; a caller without a cap is still safe
        raise ValueError("too large to read") from None
    if not isinstance(document, dict):
        raise ValueError("the answer is not a JSON object")
    messages = document.get("messages", [])
    if not isinstance(messages, list):
        raise ValueError('"messages" is not a list')
    return messages


def parse_body(body: bytes | str) -> tuple[Message, ...]:
    """A GET answer's messages, typed (see :func:`split_body`)."""
    return tuple(parse_message(m) for m in split_body(body))


def summarize(message: object) -> str:
    """A message as one short line of JSON for the console."""
    return _short(message)
