"""The fake KGS server's state and rules, sans-IO: upstream messages in, downstream out.

:class:`KgsWorld` knows nothing of HTTP. The glue (:mod:`.http`) calls :meth:`KgsWorld.post`
with a session id (the cookie) and the body of each POST, :meth:`KgsWorld.take` to collect a
session's queued downstream messages for a GET, and :meth:`KgsWorld.tick` to let time pass.
Time is *game time* in seconds, passed in by the caller (a scaled clock in the server, plain
numbers in the tests), so robots, the watched game, clocks and idle timeouts are all
deterministic under test.

Choices where the reference is silent (the HTTP ones are in :mod:`.http`):

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

from igs_tui.go import Color
from igs_tui.localkgs import robots
from igs_tui.localkgs.accounts import ROBOTS, WATCHED_PLAYERS, AccountBook, LoginOutcome
from igs_tui.localkgs.games import ROLE_COLOR, GameChannel, Phase
from igs_tui.localkgs.proposals import Challenge, Proposal
from igs_tui.localkgs.rules import KgsRules
from igs_tui.localkgs.vocabulary import (
    CHAT_MAX,
    UPSTREAM,
    UPSTREAM_UNSUPPORTED,
    JsonObject,
    MessageError,
    callback_key,
    get_bool,
    get_channel,
    get_int,
    get_number,
    get_str,
    loc_to_point,
    require_type,
    xy_to_point,
)

VERSION = (3, 5, 24)
JSON_CLIENT_BUILD = "igs-tui fake KGS 2026-11-25"
MAX_BODY = 65536

CATEGORIES = {
    "MAIN": 1,
    "NATIONAL": 2,
    "CLUBS": 3,
    "LESSONS": 4,
    "TOURNAMENT": 5,
    "FRIENDLY": 6,
    "TEMPORARY": 7,
}
GLOBAL_LISTS = {"CHALLENGES": 8, "ACTIVES": 9, "FANS": 10}
FIRST_DYNAMIC_CHANNEL = 100


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
class Room:
    channel_id: int
    name: str
    category: str
    description: str
    members: set[str] = field(default_factory=set)
    games: list[int] = field(default_factory=list)
    """Game and challenge channel ids listed in the room, oldest first."""


@dataclass
class Convo:
    channel_id: int
    users: tuple[str, str]
    members: set[str] = field(default_factory=set)


@dataclass
class Details:
    channel_id: int
    name: str
    members: set[str] = field(default_factory=set)


Channel = Room | GameChannel | Challenge | Convo | Details


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
    logged_in: bool = False

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
            self._start_watched_game(0.0)

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

    def tick(self, now: float) -> None:
        """Run what is due at ``now``: robot moves and replies, the watched game, clocks,
        idle warnings and logouts."""
        while self._timers and self._timers[0][0] <= now:
            due, _seq, action = heapq.heappop(self._timers)
            action(due)  # at its own time, so a long jump replays everything in order
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
        if self._playing(key):
            flags += "p"
        out["flags"] = flags
        return out

    def _playing(self, key: str) -> bool:
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
            self._end_session(previous, "You logged in from another place.", now)
        self.by_name[session.key] = session
        session.logged_in = True
        session.outbox.append(
            {
                "type": "LOGIN_SUCCESS",
                "you": self.user(session.name),
                "friends": [{"friendType": "buddy", "user": self.user(ROBOTS[0].name)}],
                "roomCategoryChannelIds": dict(CATEGORIES),
                "rooms": [
                    {"channelId": room.channel_id, "category": room.category}
                    for room in self._rooms()
                ],
            }
        )
        return PostResult(200, sid=sid)

    def _end_session(self, session: Session, text: str, now: float) -> None:
        """Leave every channel, queue LOGOUT (with ``text`` unless empty), forget the name."""
        for channel_id in sorted(session.channels):
            self._leave(session, channel_id, now, notify_self=False)
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
            self._end_session(session, "The connection was lost.", now)
            return
        if idle > cfg.idle_warning_seconds + cfg.idle_logout_seconds:
            self._end_session(session, "You have been idle too long.", now)
        elif idle > cfg.idle_warning_seconds and not session.warned:
            session.warned = True
            self.send(session.name, {"type": "IDLE_WARNING"})

    def _on_logout(self, session: Session, msg: JsonObject, now: float) -> None:
        self._end_session(session, "", now)

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
        self._robot_challenge("kumobot", 11, self.config.robot_rules)
        self._robot_challenge("sorabot", 13, KgsRules(size=9, komi=6.5, time_system="none"))

    def _rooms(self) -> list[Room]:
        return [ch for ch in self.channels.values() if isinstance(ch, Room)]

    def _robot_challenge(self, robot: str, room_id: int, rules: KgsRules) -> None:
        proposal = Proposal("free", rules, False, (("white", robot), ("black", None)))
        challenge = Challenge(
            self.new_channel_id(),
            room_id,
            robot,
            proposal,
            self.timestamp(0.0),
            text=f"{robot} plays anyone",
            members={robot},
        )
        self._add_to_room(challenge)

    def _add_to_room(self, channel: GameChannel | Challenge) -> None:
        self.channels[channel.channel_id] = channel
        room = self.channels.get(channel.room_id)
        if isinstance(room, Room):
            room.games.append(channel.channel_id)
        self._list_update(channel)

    def _entry(self, channel: GameChannel | Challenge) -> JsonObject:
        if isinstance(channel, Challenge):
            return channel.list_entry(self.user)
        return channel.list_entry()

    def _list_update(self, channel: GameChannel | Challenge) -> None:
        """GAME_LIST with this one game to its room and to the matching global list."""
        room = self.channels.get(channel.room_id)
        entry = self._entry(channel)
        if isinstance(room, Room):
            self.broadcast(
                room.members, {"type": "GAME_LIST", "channelId": room.channel_id, "games": [entry]}
            )
        listing = GLOBAL_LISTS["CHALLENGES" if isinstance(channel, Challenge) else "ACTIVES"]
        self.broadcast(
            self.global_members[listing],
            {"type": "GAME_LIST", "channelId": listing, "games": [entry]},
        )

    def _remove_from_room(self, channel: GameChannel | Challenge) -> None:
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

    def _on_room_names(self, session: Session, msg: JsonObject, now: float) -> None:
        ids = msg.get("rooms")
        if not isinstance(ids, list) or len(ids) > 1000:
            raise MessageError('"rooms" must be a list of channel ids')
        rooms: list[JsonObject] = []
        for value in ids:
            room = self.channels.get(value) if isinstance(value, int) else None
            if isinstance(room, Room):
                rooms.append({"channelId": room.channel_id, "name": room.name})
        self.send(session.name, {"type": "ROOM_NAMES", "rooms": rooms})

    def _on_room_desc(self, session: Session, msg: JsonObject, now: float) -> None:
        room = self.channels.get(get_channel(msg))
        if not isinstance(room, Room):
            raise MessageError("no such room")
        self.send(
            session.name,
            {"type": "ROOM_DESC", "channelId": room.channel_id, "description": room.description},
        )

    # ------------------------------------------------------------------ joining and leaving

    def _on_join(self, session: Session, msg: JsonObject, now: float) -> None:
        channel_id = get_channel(msg)
        self._join(session, channel_id, now)

    def _join(self, session: Session, channel_id: int, now: float) -> None:
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
                self._entry(ch)
                for cid in channel.games
                if isinstance(ch := self.channels.get(cid), GameChannel | Challenge)
            ]
            self.send(
                session.name,
                {"type": "ROOM_JOIN", "channelId": channel_id, "users": users, "games": games},
            )
        elif isinstance(channel, GameChannel):
            self.send(session.name, channel.join_message(now, users))
            self._list_update(channel)
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

    def _on_unjoin(self, session: Session, msg: JsonObject, now: float) -> None:
        channel_id = get_channel(msg)
        if channel_id in GLOBAL_LISTS.values():
            self.global_members[channel_id].discard(session.key)
            self.send(session.name, {"type": "UNJOIN", "channelId": channel_id})
            return
        if channel_id not in session.channels:
            raise MessageError("you are not in that channel")
        self._leave(session, channel_id, now, notify_self=True)

    def _leave(self, session: Session, channel_id: int, now: float, *, notify_self: bool) -> None:
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
            self._remove_from_room(channel)
        elif isinstance(channel, GameChannel):
            if channel.phase is Phase.OVER and not self._session_members(channel):
                self._remove_from_room(channel)
            else:
                self._list_update(channel)

    def _on_global_list(self, session: Session, msg: JsonObject, now: float) -> None:
        kind = get_str(msg, "list", max_len=20)
        if kind not in GLOBAL_LISTS:
            raise MessageError('"list" must be one of CHALLENGES, ACTIVES, FANS')
        channel_id = GLOBAL_LISTS[kind]
        self.global_members[channel_id].add(session.key)
        games: list[JsonObject] = []
        for channel in self.channels.values():
            wanted = Challenge if kind == "CHALLENGES" else GameChannel
            if kind != "FANS" and isinstance(channel, wanted):
                games.append(self._entry(channel))
        self.send(
            session.name,
            {
                "type": "GLOBAL_GAMES_JOIN",
                "channelId": channel_id,
                "containerType": kind,
                "games": games,
            },
        )

    # ------------------------------------------------------------------ chat and conversations

    def _on_chat(self, session: Session, msg: JsonObject, now: float) -> None:
        channel_id = get_channel(msg)
        text = get_str(msg, "text", max_len=CHAT_MAX)
        if not text:
            raise MessageError("empty chat")
        channel = self.channels.get(channel_id)
        if channel is None or session.key not in channel.members:
            raise MessageError("you are not in that channel")
        if isinstance(channel, Details):
            raise MessageError("a details channel has no chat")
        chat: JsonObject = {
            "type": "CHAT",
            "channelId": channel_id,
            "user": self.user(session.name),
            "text": text,
        }
        if isinstance(channel, Convo):
            for name in channel.users:
                if name not in channel.members and name in self.by_name:
                    channel.members.add(name)
                    self.by_name[name].channels.add(channel_id)
                    self.send(
                        name,
                        {
                            "type": "CONVO_JOIN",
                            "channelId": channel_id,
                            "user": self.user(session.name),
                        },
                    )
            self.broadcast(channel.members, chat)
            for partner in channel.users:
                if partner in self.virtual:
                    answer = robots.reply(self._display(partner), session.name, text)
                    when = now + self.config.robot_reply_seconds
                    self.at(when, partial(self._robot_says, partner, channel_id, answer))
            return
        self.broadcast(channel.members, chat)
        if isinstance(channel, Room):
            for robot in sorted(channel.members & self.robot_names):
                if robot in text.lower():
                    answer = robots.reply(self._display(robot), session.name, text)
                    when = now + self.config.robot_reply_seconds
                    self.at(when, partial(self._robot_says, robot, channel_id, answer))

    def _robot_says(self, robot: str, channel_id: int, text: str, now: float) -> None:
        channel = self.channels.get(channel_id)
        if channel is None or isinstance(channel, Details):
            return
        self.broadcast(
            channel.members,
            {"type": "CHAT", "channelId": channel_id, "user": self.user(robot), "text": text},
        )

    def _display(self, key: str) -> str:
        account = self.accounts.get(key)
        session = self.by_name.get(key)
        return session.name if session else account.name if account else key

    def _on_announce(self, session: Session, msg: JsonObject, now: float) -> None:
        raise MessageError("only admins and channel owners may announce")

    def _on_convo_request(self, session: Session, msg: JsonObject, now: float) -> None:
        key = callback_key(msg)
        name = get_str(msg, "name", max_len=200)
        target = name.lower()
        exists = (
            target in self.by_name or target in self.virtual or self.accounts.get(name) is not None
        )
        if not exists or target == session.key:
            self.send(session.name, {"type": "CONVO_NO_SUCH_USER", "callbackKey": key})
            return
        for channel in self.channels.values():
            if isinstance(channel, Convo) and set(channel.users) == {session.key, target}:
                if session.key not in channel.members:
                    break
                return  # "Does nothing if you already have a channel for this user."
        else:
            channel = Convo(self.new_channel_id(), (session.key, target))
            self.channels[channel.channel_id] = channel
        assert isinstance(channel, Convo)
        channel.members.add(session.key)
        session.channels.add(channel.channel_id)
        self.send(
            session.name,
            {
                "type": "CONVO_JOIN",
                "channelId": channel.channel_id,
                "callbackKey": key,
                "user": self.user(name),
            },
        )

    def _on_convo_no_chats(self, session: Session, msg: JsonObject, now: float) -> None:
        channel = self.channels.get(get_channel(msg))
        if not isinstance(channel, Convo) or session.key not in channel.members:
            raise MessageError("you are not in that conversation")
        self.broadcast(
            channel.members,
            {"type": "CONVO_NO_CHATS", "channelId": channel.channel_id},
            skip=session.key,
        )

    # ------------------------------------------------------------------ details, archives, misc

    def _known(self, name: str) -> bool:
        key = name.lower()
        return key in self.by_name or key in self.virtual or self.accounts.get(name) is not None

    def _on_details(self, session: Session, msg: JsonObject, now: float) -> None:
        name = get_str(msg, "name", max_len=200)
        if not self._known(name):
            self.send(session.name, {"type": "DETAILS_NONEXISTANT", "name": name})
            return
        channel = Details(self.new_channel_id(), name.lower(), {session.key})
        self.channels[channel.channel_id] = channel
        session.channels.add(channel.channel_id)
        account = self.accounts.get(name)
        other = self.by_name.get(name.lower())
        details: JsonObject = {
            "type": "DETAILS_JOIN",
            "channelId": channel.channel_id,
            "user": self.user(name),
            "personalName": account.personal_name if account else "",
            "personalInfo": account.personal_info if account else "",
            "locale": other.locale if other else "en_US",
            "forcedNoRank": False,
            "privateEmail": True,
            "emailWanted": False,
            "lastOn": self.timestamp(now),
        }
        if account is not None:
            details["regStartDate"] = account.reg_start
        self.send(session.name, details)

    def _on_archive(self, session: Session, msg: JsonObject, now: float) -> None:
        name = get_str(msg, "name", max_len=200)
        if not self._known(name):
            self.send(session.name, {"type": "ARCHIVE_NONEXISTANT", "name": name})
            return
        key = name.lower()
        games = [
            g.summary()
            for g in [
                *self.finished,
                *(c for c in self.channels.values() if isinstance(c, GameChannel)),
            ]
            if key in {p.lower() for p in g.players.values()}
        ]
        channel = Details(self.new_channel_id(), key, {session.key})
        self.channels[channel.channel_id] = channel
        session.channels.add(channel.channel_id)
        self.send(
            session.name,
            {
                "type": "ARCHIVE_JOIN",
                "channelId": channel.channel_id,
                "user": self.user(name),
                "games": games,
            },
        )

    def _on_sync(self, session: Session, msg: JsonObject, now: float) -> None:
        self.send(session.name, {"type": "SYNC", "callbackKey": callback_key(msg)})

    def _on_nothing(self, session: Session, msg: JsonObject, now: float) -> None:
        """WAKE_UP, IDLE_ON, GAME_TIME_EXPIRED, CHALLENGE_RETRY: the POST itself is the point."""

    def _on_avatar(self, session: Session, msg: JsonObject, now: float) -> None:
        name = get_str(msg, "name", max_len=200)
        self.send(session.name, {"type": "AVATAR", "name": name})

    def _on_stats(self, session: Session, msg: JsonObject, now: float) -> None:
        games = sum(isinstance(c, GameChannel) for c in self.channels.values())
        self.send(
            session.name,
            {
                "type": "SERVER_STATS",
                "versionMajor": VERSION[0],
                "versionMinor": VERSION[1],
                "versionBugfix": VERSION[2],
                "logins": len(self.by_name),
                "accounts": len(self.accounts.accounts),
                "rooms": len(self._rooms()),
                "games": games,
            },
        )

    def _on_join_by_id(self, session: Session, msg: JsonObject, now: float) -> None:
        stamp = get_str(msg, "timestamp", max_len=40)
        for channel in list(self.channels.values()):
            if isinstance(channel, GameChannel) and channel.timestamp == stamp:
                self._join(session, channel.channel_id, now)
                return
        raise MessageError("no game with that time stamp is loaded")

    # ------------------------------------------------------------------ challenges

    def _challenge(self, session: Session, msg: JsonObject) -> Challenge:
        channel = self.channels.get(get_channel(msg))
        if not isinstance(channel, Challenge):
            raise MessageError("that channel is not a challenge")
        if session.key not in channel.members:
            raise MessageError("join the challenge first")
        return channel

    def _on_challenge_create(self, session: Session, msg: JsonObject, now: float) -> None:
        room = self.channels.get(get_channel(msg))
        key = callback_key(msg)
        if not isinstance(room, Room) or session.key not in room.members:
            raise MessageError("create challenges in a room you are in")
        if self._playing(session.key):
            self.send(session.name, {"type": "CANT_PLAY_TWICE", "callbackKey": key})
            return
        try:
            proposal = Proposal.from_json(msg.get("proposal"))
            text = get_str(msg, "text", max_len=80, default="")
            get_bool(msg, "global", default=False)
        except MessageError:
            self.send(session.name, {"type": "CHALLENGE_NOT_CREATED", "callbackKey": key})
            return
        if proposal.players[0][1] is None or proposal.players[0][1].lower() != session.key:
            self.send(session.name, {"type": "CHALLENGE_NOT_CREATED", "callbackKey": key})
            return
        if proposal.game_type == "ranked" and proposal.rules.size != 19:
            self.send(
                session.name,
                {
                    "type": "CHALLENGE_CANT_PLAY_RANKED",
                    "channelId": room.channel_id,
                    "field": "SIZE",
                    "tooBig": proposal.rules.size > 19,
                    "limit": 19,
                },
            )
            return
        challenge = Challenge(
            self.new_channel_id(),
            room.channel_id,
            session.name,
            proposal,
            self.timestamp(now),
            text,
        )
        self._add_to_room(challenge)
        self.send(
            session.name,
            {
                "type": "CHALLENGE_CREATED",
                "channelId": room.channel_id,
                "callbackKey": key,
                "game": self._entry(challenge),
            },
        )
        self._join(session, challenge.channel_id, now)
        wanted = proposal.players[1][1]
        robot = wanted.lower() if wanted else robots_first(self.robot_names)
        if robot in self.robot_names and robots.accepts(proposal):
            self.at(
                now + self.config.robot_reply_seconds,
                lambda t: self._robot_submits(robot, challenge.channel_id),
            )

    def _robot_submits(self, robot: str, channel_id: int) -> None:
        challenge = self.channels.get(channel_id)
        if not isinstance(challenge, Challenge):
            return
        proposal = challenge.proposal
        if not proposal.complete:
            proposal = proposal.with_player(self._display(robot))
        if proposal.role_of(robot) is None:
            return
        challenge.members.add(robot)
        self.broadcast(
            challenge.members,
            {"type": "USER_ADDED", "channelId": channel_id, "user": self.user(robot)},
            skip=robot,
        )
        self.send(
            challenge.owner,
            {
                "type": "CHALLENGE_SUBMIT",
                "channelId": channel_id,
                "user": self.user(robot),
                "proposal": proposal.to_json(self.user),
            },
        )

    def _on_challenge_submit(self, session: Session, msg: JsonObject, now: float) -> None:
        challenge = self._challenge(session, msg)
        proposal = Proposal.from_json(msg.get("proposal"))
        if proposal.role_of(session.name) is None or proposal.role_of(challenge.owner) is None:
            raise MessageError("the proposal must name you and the challenge owner")
        owner = challenge.owner.lower()
        if owner in self.robot_names:
            if robots.accepts(proposal):
                challenge.offered[session.key] = proposal
                self.send(
                    session.name,
                    {
                        "type": "CHALLENGE_PROPOSAL",
                        "channelId": challenge.channel_id,
                        "proposal": proposal.to_json(self.user),
                    },
                )
            else:
                self.send(
                    session.name, {"type": "CHALLENGE_DECLINE", "channelId": challenge.channel_id}
                )
            return
        self.send(
            challenge.owner,
            {
                "type": "CHALLENGE_SUBMIT",
                "channelId": challenge.channel_id,
                "user": self.user(session.name),
                "proposal": proposal.to_json(self.user),
            },
        )

    def _on_challenge_proposal(self, session: Session, msg: JsonObject, now: float) -> None:
        challenge = self._challenge(session, msg)
        if challenge.owner.lower() != session.key:
            raise MessageError("only the challenge owner can change the proposal")
        proposal = Proposal.from_json(msg.get("proposal"))
        if not proposal.complete:
            challenge.proposal = proposal
            self._list_update(challenge)
            return
        others = proposal.names() - {session.key}
        if len(others) != 1:
            raise MessageError("the proposal must name you and your opponent")
        other = others.pop()
        if other in self.robot_names:
            if robots.accepts(proposal):
                self._final(challenge, proposal, now)
            else:
                self.send(
                    session.name, {"type": "CHALLENGE_DECLINE", "channelId": challenge.channel_id}
                )
            return
        if other not in challenge.members:
            raise MessageError(f"{other} is not in the challenge")
        challenge.offered[other] = proposal
        self.send(
            other,
            {
                "type": "CHALLENGE_PROPOSAL",
                "channelId": challenge.channel_id,
                "proposal": proposal.to_json(self.user),
            },
        )

    def _on_challenge_accept(self, session: Session, msg: JsonObject, now: float) -> None:
        challenge = self._challenge(session, msg)
        proposal = Proposal.from_json(msg.get("proposal"))
        offered = challenge.offered.get(session.key)
        if offered is None or not offered.same_game(proposal):
            raise MessageError("that is not the proposal you were offered")
        self._final(challenge, offered, now)

    def _on_challenge_decline(self, session: Session, msg: JsonObject, now: float) -> None:
        challenge = self._challenge(session, msg)
        if challenge.owner.lower() != session.key:
            raise MessageError("only the challenge owner can decline")
        name = get_str(msg, "name", max_len=200).lower()
        challenge.offered.pop(name, None)
        self.send(name, {"type": "CHALLENGE_DECLINE", "channelId": challenge.channel_id})

    def _final(self, challenge: Challenge, proposal: Proposal, now: float) -> None:
        players = {
            ROLE_COLOR[role]: self._display(name.lower()) for role, name in proposal.players if name
        }
        if proposal.nigiri and self.rng.random() < 0.5:
            players = {Color.BLACK: players[Color.WHITE], Color.WHITE: players[Color.BLACK]}
        game = GameChannel(
            self.new_channel_id(),
            challenge.room_id,
            proposal.rules,
            players,
            self.timestamp(now),
            self.user,
            game_type=proposal.game_type,
            date=self.timestamp(now)[:10],
        )
        challenge.offered.clear()
        self.broadcast(
            challenge.members,
            {
                "type": "CHALLENGE_FINAL",
                "channelId": challenge.channel_id,
                "gameChannelId": game.channel_id,
                "proposal": proposal.to_json(self.user),
            },
        )
        self._start_game(game, now)
        if challenge.owner.lower() not in self.robot_names:
            for name in sorted(challenge.members):
                member = self.by_name.get(name)
                if member is not None:
                    member.channels.discard(challenge.channel_id)
            self.broadcast(challenge.members, {"type": "CLOSE", "channelId": challenge.channel_id})
            self._remove_from_room(challenge)

    # ------------------------------------------------------------------ games

    def _start_game(self, game: GameChannel, now: float) -> None:
        game.members.update(name.lower() for name in game.players.values())
        self._add_to_room(game)
        users = [self.user(n) for n in sorted(game.members)]
        for name in sorted(game.members):
            session = self.by_name.get(name)
            if session is not None:
                session.channels.add(game.channel_id)
                self.send(name, {"type": "GAME_NOTIFY", "game": game.list_entry()})
                self.send(name, game.join_message(now, users))
                self.send(name, {"type": "JOIN_COMPLETE", "channelId": game.channel_id})
        for name in game.players.values():
            self.send_all({"type": "USER_UPDATE", "user": self.user(name)})
        game.start_clock(now)
        self._after_change(game, now)

    def _game(self, session: Session, msg: JsonObject) -> tuple[GameChannel, Color]:
        channel = self.channels.get(get_channel(msg))
        if not isinstance(channel, GameChannel):
            raise MessageError("that channel is not a game")
        color = channel.color_of(session.name)
        if color is None:
            raise MessageError("you are not playing in that game")
        return channel, color

    def _emit(self, game: GameChannel, messages: list[JsonObject], now: float) -> None:
        for message in messages:
            self.broadcast(game.members, message)
        if messages:
            self._after_change(game, now)

    def _after_change(self, game: GameChannel, now: float) -> None:
        """After every change: the list entry, the robots' turn, the loss on time, the end."""
        self._list_update(game)
        if game.phase is Phase.OVER:
            self._game_over(game, now)
            return
        if game.phase is Phase.SCORING:
            for color, name in game.players.items():
                if name.lower() in self.virtual and not game.done_sent[color]:
                    self._emit(game, game.scoring_done(color, game.done_id, now), now)
                    return
            return
        mover = game.players[game.to_move].lower()
        moves = game.game.move_count
        if mover in self.virtual:
            delay = self.config.robot_think_seconds
            if game.channel_id == self._watched_id:
                delay = self.config.watched_move_seconds
            self.at(now + delay, lambda t: self._robot_moves(game, moves, t))
        deadline = game.deadline()
        if deadline is not None:
            self.at(deadline + 0.001, lambda t: self._check_time(game, moves, t))

    def _robot_moves(self, game: GameChannel, moves: int, now: float) -> None:
        if game.phase is not Phase.PLAY or game.game.move_count != moves:
            return
        color = game.to_move
        if game.channel_id == self._watched_id and moves >= self.config.watched_max_moves:
            self._emit(game, game.resign(color, now), now)
            return
        point = robots.choose(game.game, color, self.rng, game.seen)
        self._emit(game, game.play(color, point, now), now)

    def _check_time(self, game: GameChannel, moves: int, now: float) -> None:
        if game.phase is not Phase.PLAY or game.game.move_count != moves:
            return
        deadline = game.deadline()
        if deadline is None or now < deadline:
            return
        loser = game.players[game.to_move]
        self.send(loser, {"type": "GAME_TIME_EXPIRED", "channelId": game.channel_id})
        self._emit(game, game.time_out(now), now)

    def _game_over(self, game: GameChannel, now: float) -> None:
        if game in self.finished:
            return
        self.finished.append(game)
        for name in game.players.values():
            self.send_all({"type": "USER_UPDATE", "user": self.user(name)})
        if game.channel_id == self._watched_id:
            self.at(now + self.config.watched_restart_seconds, self._restart_watched)
        if not self._session_members(game):
            self._remove_from_room(game)

    def _session_members(self, game: GameChannel) -> set[str]:
        """The members who are people with a session (robots never leave a game)."""
        return {m for m in game.members if m in self.by_name}

    def _on_move(self, session: Session, msg: JsonObject, now: float) -> None:
        game, color = self._game(session, msg)
        point = loc_to_point(msg.get("loc", "PASS"), game.rules.size)
        self._emit(game, game.play(color, point, now), now)

    def _on_resign(self, session: Session, msg: JsonObject, now: float) -> None:
        game, color = self._game(session, msg)
        self._emit(game, game.resign(color, now), now)

    def _on_undo_request(self, session: Session, msg: JsonObject, now: float) -> None:
        game, color = self._game(session, msg)
        request = game.request_undo(color)
        opponent = game.players[color.opponent]
        if opponent.lower() in self.virtual:
            self.at(
                now + self.config.robot_reply_seconds,
                lambda t: self._robot_grants_undo(game, color.opponent, t),
            )
        else:
            self.send(opponent, request)

    def _robot_grants_undo(self, game: GameChannel, color: Color, now: float) -> None:
        if game.undo_requested_by is color.opponent and game.phase is Phase.PLAY:
            self._emit(game, game.accept_undo(color, now), now)

    def _on_undo_accept(self, session: Session, msg: JsonObject, now: float) -> None:
        game, color = self._game(session, msg)
        self._emit(game, game.accept_undo(color, now), now)

    def _on_mark_life(self, session: Session, msg: JsonObject, now: float) -> None:
        game, _color = self._game(session, msg)
        alive = get_bool(msg, "alive")
        point = xy_to_point(msg, game.rules.size)
        self._emit(game, game.mark_life(point, alive, now), now)

    def _on_scoring_done(self, session: Session, msg: JsonObject, now: float) -> None:
        game, color = self._game(session, msg)
        done_id = get_int(msg, "doneId", low=0, high=2**31 - 1)
        self._emit(game, game.scoring_done(color, done_id, now), now)

    def _on_add_time(self, session: Session, msg: JsonObject, now: float) -> None:
        game, _color = self._game(session, msg)
        role = get_str(msg, "role", max_len=20)
        if role not in ROLE_COLOR:
            raise MessageError('"role" must be white or black')
        seconds = get_number(msg, "time", low=0.0, high=86400.0)
        self._emit(game, game.add_time(ROLE_COLOR[role], seconds, now), now)

    # ------------------------------------------------------------------ the watched game

    _watched_id = -1

    def _start_watched_game(self, now: float) -> None:
        black, white = WATCHED_PLAYERS[0].name, WATCHED_PLAYERS[1].name
        rules = KgsRules(
            size=self.config.watched_size,
            komi=6.5,
            main_time=1200,
            byo_yomi_time=30,
            byo_yomi_periods=5,
        )
        game = GameChannel(
            self.new_channel_id(),
            11,
            rules,
            {Color.BLACK: black, Color.WHITE: white},
            self.timestamp(now),
            self.user,
            date=self.timestamp(now)[:10],
        )
        self._watched_id = game.channel_id
        self._start_game(game, now)

    def _restart_watched(self, now: float) -> None:
        old = self.channels.get(self._watched_id)
        if isinstance(old, GameChannel) and not self._session_members(old):
            self._remove_from_room(old)
        self._start_watched_game(now)

    # ------------------------------------------------------------------ dispatch

    def _handler_table(self) -> dict[str, Handler]:
        table: dict[str, Handler] = {
            "LOGOUT": self._on_logout,
            "JOIN_REQUEST": self._on_join,
            "UNJOIN_REQUEST": self._on_unjoin,
            "ROOM_NAMES_REQUEST": self._on_room_names,
            "ROOM_DESC_REQUEST": self._on_room_desc,
            "CHAT": self._on_chat,
            "ANNOUNCE": self._on_announce,
            "ANNOUNCE_TO_PLAYERS": self._on_announce,
            "CONVO_REQUEST": self._on_convo_request,
            "CONVO_NO_CHATS": self._on_convo_no_chats,
            "DETAILS_JOIN_REQUEST": self._on_details,
            "JOIN_ARCHIVE_REQUEST": self._on_archive,
            "SYNC_REQUEST": self._on_sync,
            "WAKE_UP": self._on_nothing,
            "IDLE_ON": self._on_nothing,
            "GAME_TIME_EXPIRED": self._on_nothing,
            "CHALLENGE_RETRY": self._on_nothing,
            "CHALLENGE_CREATE": self._on_challenge_create,
            "CHALLENGE_PROPOSAL": self._on_challenge_proposal,
            "CHALLENGE_SUBMIT": self._on_challenge_submit,
            "CHALLENGE_ACCEPT": self._on_challenge_accept,
            "CHALLENGE_DECLINE": self._on_challenge_decline,
            "GAME_MOVE": self._on_move,
            "GAME_RESIGN": self._on_resign,
            "GAME_UNDO_REQUEST": self._on_undo_request,
            "GAME_UNDO_ACCEPT": self._on_undo_accept,
            "GAME_MARK_LIFE": self._on_mark_life,
            "GAME_SCORING_DONE": self._on_scoring_done,
            "GAME_ADD_TIME": self._on_add_time,
            "GLOBAL_LIST_JOIN_REQUEST": self._on_global_list,
            "AVATAR_REQUEST": self._on_avatar,
            "JOIN_GAME_BY_ID": self._on_join_by_id,
            "REQUEST_SERVER_STATS": self._on_stats,
        }
        assert set(table) | {"LOGIN"} == UPSTREAM, set(table) ^ UPSTREAM
        return table


def robots_first(names: set[str]) -> str:
    """The robot that answers an open challenge (the first built-in one)."""
    first = ROBOTS[0].name.lower()
    return first if first in names else min(names)
