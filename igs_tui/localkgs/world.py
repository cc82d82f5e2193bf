"""The fake KGS server's state and rules, sans-IO: upstream messages in, downstream out.

:class:`KgsWorld` knows nothing of HTTP. The glue (:mod:`.server`) calls :meth:`KgsWorld.post`
with a session id (the cookie) and the body of each POST, :meth:`KgsWorld.take` to collect a
session's queued downstream messages for a GET, and :meth:`KgsWorld.tick` to let time pass.
Time is *game time* in seconds, passed in by the caller (a scaled clock in the server, plain
numbers in the tests), so robots, the watched game, clocks and idle timeouts are all
deterministic under test.

The world holds the state and the delivery (sessions, channels, timers, user objects, joining
and leaving channels); the handlers of upstream messages live in :mod:`.lobby` (rooms, chat,
conversations, details) and :mod:`.matches` (challenges, games, robots' moves, the watched
game), as functions of the world.

Choices where the reference is silent (the HTTP ones are in :mod:`.server`):

* a LOGIN is answered by HELLO then LOGIN_SUCCESS or a LOGIN_FAILED_* message; a failed login
  is followed by LOGOUT and the session ends (the binary server closes the connection);
* an upstream message the server cannot act on (bad JSON, unknown or unsupported type, a
  missing or ill-typed field, a move out of turn, a channel the user is not in) gets HTTP 400
  with a one-line reason and changes nothing; the reference gives no downstream error message;
* JOIN_REQUEST for a channel that does not exist answers CLOSE ("no longer exists");
* a second login to a connected account sends RECONNECT then LOGOUT to the first session;
* channel ids: room categories 1-7, global lists 8-10, rooms 11-13, then games, challenges,
  conversations and details channels from 100 up;
* the watched game in the English Room is played by two simulated players, one move every
  ``watched_move_seconds``; a new one starts ``watched_restart_seconds`` after each result;
* idle: IDLE_WARNING after ``idle_warning_seconds`` without an upstream message, LOGOUT (with a
  text) ``idle_logout_seconds`` later; a session that stops fetching (no GET for
  ``gone_seconds``) is logged out too.
"""

from __future__ import annotations

import heapq
import itertools
import json
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial

from igs_tui.localkgs import lobby, matches
from igs_tui.localkgs.accounts import ROBOTS, WATCHED_PLAYERS, AccountBook, LoginOutcome
from igs_tui.localkgs.channels import (
    CATEGORIES,
    FIRST_DYNAMIC_CHANNEL,
    GLOBAL_LISTS,
    Channel,
    Convo,
    Details,
    Room,
)
from igs_tui.localkgs.games import GameChannel, Phase
from igs_tui.localkgs.proposals import Challenge
from igs_tui.localkgs.rules import KgsRules
from igs_tui.localkgs.vocabulary import (
    JSON_CLIENT_BUILD,
    UPSTREAM,
    UPSTREAM_UNSUPPORTED,
    VERSION,
    JsonObject,
    MessageError,
    get_str,
    require_type,
)

MAX_BODY = 65536


@dataclass
class KgsServerConfig:
    accounts: AccountBook = field(default_factory=AccountBook.default)
    seed: int = 0
    watched_game: bool = True
    watched_size: int = 9
    watched_move_seconds: float = 6.0
    watched_max_moves: int = 160
    watched_restart_seconds: float = 60.0
    robot_think_seconds: float = 2.0
    robot_reply_seconds: float = 1.0
    idle_warning_seconds: float = 3000.0
    idle_logout_seconds: float = 600.0
    gone_seconds: float = 180.0
    robot_rules: KgsRules = field(default_factory=lambda: KgsRules(size=9, komi=6.5, main_time=300))


@dataclass
class Session:
    sid: str
    name: str
    guest: bool
    locale: str
    last_active: float
    last_poll: float
    outbox: list[JsonObject] = field(default_factory=list)
    channels: set[int] = field(default_factory=set)
    polls: int = 0
    warned: bool = False
    ending: bool = False
    """LOGOUT is queued: the next :meth:`KgsWorld.take` ends the session."""

    @property
    def key(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class PostResult:
    status: int
    text: str = ""
    sid: str | None = None
    """Set when a LOGIN opened a new session (the glue sets the cookie)."""


Handler = Callable[[Session, JsonObject, float], None]


class KgsWorld:
    """Sessions, rooms, games, challenges, conversations and robots (see module docstring)."""

    def __init__(self, config: KgsServerConfig | None = None, *, epoch: float = 0.0) -> None:
        self.config = config or KgsServerConfig()
        self.accounts = self.config.accounts
        self.epoch = epoch
        """Wall-clock time (Unix seconds) at game time 0: for time stamps only."""
        self.rng = random.Random(self.config.seed)
        self.sessions: dict[str, Session] = {}
        self.by_name: dict[str, Session] = {}
        self.channels: dict[int, Channel] = {}
        self.global_members: dict[int, set[str]] = {cid: set() for cid in GLOBAL_LISTS.values()}
        self.finished: list[GameChannel] = []
        self.dirty: set[str] = set()
        self._ids = itertools.count(FIRST_DYNAMIC_CHANNEL)
        self._timers: list[tuple[float, int, Callable[[float], None]]] = []
        self._seq = itertools.count()
        self._last_stamp = ""
        self.robot_names = {a.name.lower() for a in ROBOTS}
        self.virtual = self.robot_names | {a.name.lower() for a in WATCHED_PLAYERS}
        """Users who are always connected but have no session."""
        self._handlers: dict[str, Handler] = self._handler_table()
        self._build_rooms()
        if self.config.watched_game:
            matches.start_watched_game(self, 0.0)

    # ------------------------------------------------------------------ public interface

    def post(self, sid: str | None, body: str | bytes, now: float) -> PostResult:
        """One upstream message (the body of a POST) from the session ``sid``."""
        if len(body) > MAX_BODY:
            return PostResult(413, "message too large")
        try:
            message = json.loads(body)
        except (ValueError, RecursionError):
            return PostResult(400, "the body is not JSON")
        try:
            msg, kind = require_type(message)
        except MessageError as exc:
            return PostResult(400, str(exc))
        session = self.sessions.get(sid) if sid else None
        if session is not None and session.ending:
            session = None
        if kind == "LOGIN":
            if session is not None:
                return PostResult(400, "already logged in")
            try:
                return self._login(msg, now)
            except MessageError as exc:
                return PostResult(400, str(exc))
        if session is None:
            return PostResult(403, "not logged in: post LOGIN first")
        session.last_active = now
        session.warned = False
        handler = self._handlers.get(kind)
        if handler is None:
            if kind in UPSTREAM_UNSUPPORTED:
                return PostResult(400, f"{kind} is not supported by the fake server")
            return PostResult(400, f"unknown message type {kind[:40]!r}")
        try:
            handler(session, msg, now)
        except MessageError as exc:
            return PostResult(400, str(exc))
        return PostResult(200)

    def take(self, sid: str | None) -> list[JsonObject] | None:
        """The session's queued messages (maybe none); None when there is no such session."""
        session = self.sessions.get(sid) if sid else None
        if session is None:
            return None
        out, session.outbox = session.outbox, []
        if session.ending:
            self.sessions.pop(session.sid, None)
        return out

    def poll_started(self, sid: str | None, now: float) -> None:
        session = self.sessions.get(sid) if sid else None
        if session is not None:
            session.polls += 1
            session.last_poll = now

    def poll_ended(self, sid: str | None, now: float) -> None:
        session = self.sessions.get(sid) if sid else None
        if session is not None:
            session.polls = max(0, session.polls - 1)
            session.last_poll = now

    def tick(self, now: float, *, limit: int | None = None) -> None:
        """Run what is due at ``now``: robot moves and replies, the watched game, clocks,
        idle warnings and logouts. ``limit`` caps the timed actions run in this call (the
        server keeps its event loop responsive when a busy machine made game time jump; the
        rest runs on the next call, still in order)."""
        ran = 0
        while self._timers and self._timers[0][0] <= now and (limit is None or ran < limit):
            due, _seq, action = heapq.heappop(self._timers)
            action(due)  # at its own time, so a long jump replays everything in order
            ran += 1
        for session in list(self.by_name.values()):
            self._check_idle(session, now)
        for session in list(self.sessions.values()):
            if (
                session.ending
                and session.polls == 0
                and now - session.last_poll > self.config.gone_seconds
            ):
                del self.sessions[session.sid]

    def next_due(self) -> float | None:
        """The game time of the next scheduled action (idle checks excepted)."""
        return self._timers[0][0] if self._timers else None

    def drain_dirty(self) -> set[str]:
        """Session ids that got messages since the last call (the glue wakes their GETs)."""
        out, self.dirty = self.dirty, set()
        return out

    # ------------------------------------------------------------------ delivery

    def at(self, when: float, action: Callable[[float], None]) -> None:
        heapq.heappush(self._timers, (when, next(self._seq), action))

    def send(self, name: str, message: JsonObject) -> None:
        session = self.by_name.get(name.lower())
        if session is not None and not session.ending:
            session.outbox.append(message)
            self.dirty.add(session.sid)

    def broadcast(self, members: set[str], message: JsonObject, *, skip: str = "") -> None:
        for name in sorted(members):
            if name != skip:
                self.send(name, message)

    def send_all(self, message: JsonObject) -> None:
        for name in list(self.by_name):
            self.send(name, message)

    def user(self, name: str) -> JsonObject:
        """The reference's user object: name, rank, flags (g c r p)."""
        key = name.lower()
        account = self.accounts.get(name)
        session = self.by_name.get(key)
        display = session.name if session else (account.name if account else name)
        out: JsonObject = {"name": display}
        if account is not None and account.rank:
            out["rank"] = account.rank
        flags = ""
        if session is not None and session.guest:
            flags += "g"
        if session is not None or key in self.virtual:
            flags += "c"
        if key in self.robot_names:
            flags += "r"
        if self.playing(key):
            flags += "p"
        out["flags"] = flags
        return out

    def playing(self, key: str) -> bool:
        return any(
            isinstance(ch, GameChannel)
            and ch.phase is not Phase.OVER
            and key in {p.lower() for p in ch.players.values()}
            for ch in self.channels.values()
        )

    def timestamp(self, now: float) -> str:
        """A unique ISO time stamp (game time scaled onto the wall clock at start-up)."""
        moment = datetime.fromtimestamp(self.epoch + now, UTC)
        stamp = moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
        while stamp <= self._last_stamp:
            ms = int(self._last_stamp[20:23]) + 1
            stamp = self._last_stamp[:20] + f"{ms % 1000:03d}Z"
            if ms >= 1000:
                stamp = self._last_stamp[:19] + ".999Z"
                break
        self._last_stamp = max(stamp, self._last_stamp)
        return stamp

    def new_channel_id(self) -> int:
        return next(self._ids)

    # ------------------------------------------------------------------ login and logout

    def _login(self, msg: JsonObject, now: float) -> PostResult:
        name = get_str(msg, "name", max_len=200)
        password_value = msg.get("password", "")
        if password_value is None:
            password_value = ""
        if not isinstance(password_value, str):
            raise MessageError('"password" must be a string')
        locale = get_str(msg, "locale", max_len=20, default="en_US")
        outcome = self.accounts.decide(name, password_value, set(self.by_name) | self.virtual)
        sid = secrets.token_urlsafe(18)
        account = self.accounts.get(name)
        display = account.name if account is not None else name
        session = Session(sid, display, outcome is LoginOutcome.GUEST, locale, now, now)
        self.sessions[sid] = session
        hello: JsonObject = {
            "type": "HELLO",
            "versionMajor": VERSION[0],
            "versionMinor": VERSION[1],
            "versionBugfix": VERSION[2],
            "jsonClientBuild": JSON_CLIENT_BUILD,
        }
        session.outbox.append(hello)
        self.dirty.add(sid)
        if outcome not in (LoginOutcome.ACCOUNT, LoginOutcome.GUEST):
            failure: JsonObject = {"type": outcome.value}
            if outcome is LoginOutcome.KEEP_OUT and account is not None:
                failure["text"] = account.keep_out or ""
            session.outbox.append(failure)
            session.outbox.append({"type": "LOGOUT"})
            session.ending = True
            return PostResult(200, sid=sid)
        previous = self.by_name.get(session.key)
        if previous is not None:
            previous.outbox.append({"type": "RECONNECT"})
            self.end_session(previous, "You logged in from another place.", now)
        self.by_name[session.key] = session
        session.outbox.append(
            {
                "type": "LOGIN_SUCCESS",
                "you": self.user(session.name),
                "friends": [{"friendType": "buddy", "user": self.user(ROBOTS[0].name)}],
                "roomCategoryChannelIds": dict(CATEGORIES),
                "rooms": [
                    {"channelId": room.channel_id, "category": room.category}
                    for room in self.rooms()
                ],
            }
        )
        return PostResult(200, sid=sid)

    def end_session(self, session: Session, text: str, now: float) -> None:
        """Leave every channel, queue LOGOUT (with ``text`` unless empty), forget the name."""
        for channel_id in sorted(session.channels):
            self.leave(session, channel_id, now, notify_self=False)
        for members in self.global_members.values():
            members.discard(session.key)
        logout: JsonObject = {"type": "LOGOUT"}
        if text:
            logout["text"] = text
        session.outbox.append(logout)
        self.dirty.add(session.sid)
        session.ending = True
        if self.by_name.get(session.key) is session:
            del self.by_name[session.key]

    def _check_idle(self, session: Session, now: float) -> None:
        cfg = self.config
        idle = now - session.last_active
        if session.polls == 0 and now - session.last_poll > cfg.gone_seconds:
            self.end_session(session, "The connection was lost.", now)
            return
        if idle > cfg.idle_warning_seconds + cfg.idle_logout_seconds:
            self.end_session(session, "You have been idle too long.", now)
        elif idle > cfg.idle_warning_seconds and not session.warned:
            session.warned = True
            self.send(session.name, {"type": "IDLE_WARNING"})

    def on_logout(self, session: Session, msg: JsonObject, now: float) -> None:
        self.end_session(session, "", now)

    # ------------------------------------------------------------------ rooms

    def _build_rooms(self) -> None:
        rooms = [
            Room(
                11,
                "English Room",
                "MAIN",
                "Welcome to the fake KGS server of igs-tui. Watch the game between hikaru and "
                "akira, or challenge kumobot.",
                members={"kumobot", "hikaru", "akira"},
            ),
            Room(
                12,
                "Japanese Room",
                "NATIONAL",
                "日本語の部屋へようこそ。",
                members={"sorabot"},
            ),
            Room(
                13,
                "Computer Go",
                "FRIENDLY",
                "Robots wait here for games.",
                members={"kumobot", "sorabot"},
            ),
        ]
        for room in rooms:
            self.channels[room.channel_id] = room
        matches.robot_challenge(self, "kumobot", 11, self.config.robot_rules)
        matches.robot_challenge(self, "sorabot", 13, KgsRules(size=9, komi=6.5, time_system="none"))

    def rooms(self) -> list[Room]:
        return [ch for ch in self.channels.values() if isinstance(ch, Room)]

    def add_to_room(self, channel: GameChannel | Challenge) -> None:
        self.channels[channel.channel_id] = channel
        room = self.channels.get(channel.room_id)
        if isinstance(room, Room):
            room.games.append(channel.channel_id)
        self.list_update(channel)

    def entry(self, channel: GameChannel | Challenge) -> JsonObject:
        if isinstance(channel, Challenge):
            return channel.list_entry(self.user)
        return channel.list_entry()

    def list_update(self, channel: GameChannel | Challenge) -> None:
        """GAME_LIST with this one game to its room and to the matching global list."""
        room = self.channels.get(channel.room_id)
        entry = self.entry(channel)
        if isinstance(room, Room):
            self.broadcast(
                room.members, {"type": "GAME_LIST", "channelId": room.channel_id, "games": [entry]}
            )
        listing = GLOBAL_LISTS["CHALLENGES" if isinstance(channel, Challenge) else "ACTIVES"]
        self.broadcast(
            self.global_members[listing],
            {"type": "GAME_LIST", "channelId": listing, "games": [entry]},
        )

    def remove_from_room(self, channel: GameChannel | Challenge) -> None:
        room = self.channels.get(channel.room_id)
        if isinstance(room, Room) and channel.channel_id in room.games:
            room.games.remove(channel.channel_id)
            self.broadcast(
                room.members,
                {
                    "type": "GAME_CONTAINER_REMOVE_GAME",
                    "channelId": room.channel_id,
                    "gameId": channel.channel_id,
                },
            )
        listing = GLOBAL_LISTS["CHALLENGES" if isinstance(channel, Challenge) else "ACTIVES"]
        self.broadcast(
            self.global_members[listing],
            {
                "type": "GAME_CONTAINER_REMOVE_GAME",
                "channelId": listing,
                "gameId": channel.channel_id,
            },
        )
        self.channels.pop(channel.channel_id, None)

    # ------------------------------------------------------------------ joining and leaving

    def join(self, session: Session, channel_id: int, now: float) -> None:
        channel = self.channels.get(channel_id)
        if channel_id in CATEGORIES.values() or channel_id in GLOBAL_LISTS.values():
            raise MessageError("room category lists are not supported here")
        if channel is None or isinstance(channel, Convo | Details):
            self.send(session.name, {"type": "CLOSE", "channelId": channel_id})
            return
        if session.key in channel.members:
            self.send(session.name, {"type": "CHANNEL_ALREADY_JOINED", "channelId": channel_id})
            return
        others = set(channel.members)
        channel.members.add(session.key)
        session.channels.add(channel_id)
        users = [self.user(n) for n in sorted(channel.members)]
        if isinstance(channel, Room):
            games = [
                self.entry(ch)
                for cid in channel.games
                if isinstance(ch := self.channels.get(cid), GameChannel | Challenge)
            ]
            self.send(
                session.name,
                {"type": "ROOM_JOIN", "channelId": channel_id, "users": users, "games": games},
            )
        elif isinstance(channel, GameChannel):
            self.send(session.name, channel.join_message(now, users))
            self.list_update(channel)
        else:
            join: JsonObject = {
                "type": "CHALLENGE_JOIN",
                "channelId": channel_id,
                "users": users,
                "gameSummary": channel.summary(self.user),
                "actions": [{"action": "CHALLENGE_WAIT", "user": self.user(channel.owner)}],
            }
            self.send(session.name, join)
        self.send(session.name, {"type": "JOIN_COMPLETE", "channelId": channel_id})
        self.broadcast(
            others, {"type": "USER_ADDED", "channelId": channel_id, "user": self.user(session.name)}
        )

    def leave(self, session: Session, channel_id: int, now: float, *, notify_self: bool) -> None:
        session.channels.discard(channel_id)
        channel = self.channels.get(channel_id)
        if notify_self:
            self.send(session.name, {"type": "UNJOIN", "channelId": channel_id})
        if channel is None:
            return
        channel.members.discard(session.key)
        if isinstance(channel, Room | GameChannel | Challenge):
            self.broadcast(
                channel.members,
                {"type": "USER_REMOVED", "channelId": channel_id, "user": self.user(session.name)},
            )
        if isinstance(channel, Challenge) and channel.owner.lower() == session.key:
            self.broadcast(channel.members, {"type": "CLOSE", "channelId": channel_id})
            for name in channel.members:
                other = self.by_name.get(name)
                if other is not None:
                    other.channels.discard(channel_id)
            self.remove_from_room(channel)
        elif isinstance(channel, GameChannel):
            if channel.phase is Phase.OVER and not self.session_members(channel):
                self.remove_from_room(channel)
            else:
                self.list_update(channel)

    # ------------------------------------------------------------------ chat and conversations

    def display(self, key: str) -> str:
        account = self.accounts.get(key)
        session = self.by_name.get(key)
        return session.name if session else account.name if account else key

    # ------------------------------------------------------------------ details, archives, misc

    def known(self, name: str) -> bool:
        key = name.lower()
        return key in self.by_name or key in self.virtual or self.accounts.get(name) is not None

    # ------------------------------------------------------------------ challenges

    # ------------------------------------------------------------------ games

    def session_members(self, game: GameChannel) -> set[str]:
        """The members who are people with a session (robots never leave a game)."""
        return {m for m in game.members if m in self.by_name}

    # ------------------------------------------------------------------ the watched game

    watched_id = -1

    # ------------------------------------------------------------------ dispatch

    def _handler_table(self) -> dict[str, Handler]:
        table: dict[str, Handler] = {
            "LOGOUT": self.on_logout,
            "JOIN_REQUEST": partial(lobby.on_join, self),
            "UNJOIN_REQUEST": partial(lobby.on_unjoin, self),
            "ROOM_NAMES_REQUEST": partial(lobby.on_room_names, self),
            "ROOM_DESC_REQUEST": partial(lobby.on_room_desc, self),
            "CHAT": partial(lobby.on_chat, self),
            "ANNOUNCE": partial(lobby.on_announce, self),
            "ANNOUNCE_TO_PLAYERS": partial(lobby.on_announce, self),
            "CONVO_REQUEST": partial(lobby.on_convo_request, self),
            "CONVO_NO_CHATS": partial(lobby.on_convo_no_chats, self),
            "DETAILS_JOIN_REQUEST": partial(lobby.on_details, self),
            "JOIN_ARCHIVE_REQUEST": partial(lobby.on_archive, self),
            "SYNC_REQUEST": partial(lobby.on_sync, self),
            "WAKE_UP": partial(lobby.on_nothing, self),
            "IDLE_ON": partial(lobby.on_nothing, self),
            "GAME_TIME_EXPIRED": partial(lobby.on_nothing, self),
            "CHALLENGE_RETRY": partial(lobby.on_nothing, self),
            "CHALLENGE_CREATE": partial(matches.on_challenge_create, self),
            "CHALLENGE_PROPOSAL": partial(matches.on_challenge_proposal, self),
            "CHALLENGE_SUBMIT": partial(matches.on_challenge_submit, self),
            "CHALLENGE_ACCEPT": partial(matches.on_challenge_accept, self),
            "CHALLENGE_DECLINE": partial(matches.on_challenge_decline, self),
            "GAME_MOVE": partial(matches.on_move, self),
            "GAME_RESIGN": partial(matches.on_resign, self),
            "GAME_UNDO_REQUEST": partial(matches.on_undo_request, self),
            "GAME_UNDO_ACCEPT": partial(matches.on_undo_accept, self),
            "GAME_MARK_LIFE": partial(matches.on_mark_life, self),
            "GAME_SCORING_DONE": partial(matches.on_scoring_done, self),
            "GAME_ADD_TIME": partial(matches.on_add_time, self),
            "GLOBAL_LIST_JOIN_REQUEST": partial(lobby.on_global_list, self),
            "AVATAR_REQUEST": partial(lobby.on_avatar, self),
            "JOIN_GAME_BY_ID": partial(lobby.on_join_by_id, self),
            "REQUEST_SERVER_STATS": partial(lobby.on_stats, self),
        }
        assert set(table) | {"LOGIN"} == UPSTREAM, set(table) ^ UPSTREAM
        return table
