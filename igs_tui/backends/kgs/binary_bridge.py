"""The binary protocol's messages as the JSON form's, and back: one KgsSession for both.

KGS's JSON form "takes the binary stream protocol of KGS and converts it" (the reference's
introduction); this module converts the other way round, sans-IO, so that
:class:`~igs_tui.backends.kgs.session.KgsSession` and the panes behind it serve a binary
connection (kgs-protocol.txt) unchanged. :meth:`BinaryBridge.upstream` takes what the session
queues (JSON upstream messages) and gives the binary client messages to send;
:meth:`BinaryBridge.downstream` takes one received binary message and gives the JSON downstream
messages it means, to parse and hand to the session as the JSON link does, plus :class:`Note`
lines for what the user should know.

What the binary form carries and the JSON form needs is converted field by field; what it does
not carry is left out, never made up:

* Users are a name and flags whose bits the spec does not give: no ranks, no flags.
* Rooms come in upd_rooms (name, channel); a room's description in desc_room.
* A listed game is the spec's ``game`` structure; one without the INPLAY flag is an open game
  (a challenge, ``protocol.readings``), listed without its proposal (the structure has none).
* Moves, comments, dead stones and a game's time rules are in TREE messages (set_tree,
  upd_tree, add_tree), which the spec does not describe: a game joined over this transport
  shows its players, size, komi and handicap, and says that its moves cannot be shown. Our own
  moves are sent (game_move), scoring's done (game_done) and results (final_result,
  resign_game, out_of_time) come through.
* There are no conversation or details channels: private chat is msg_chat with a name, a
  user's details userinfo. The bridge gives each correspondent a channel number above the
  binary channels' U16 range, so the session keeps its channels.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from igs_tui.backends.kgs import kept
from igs_tui.backends.kgs.kept import make_room
from igs_tui.backends.kgs.protocol import readings
from igs_tui.backends.kgs.protocol.connection import client_message
from igs_tui.backends.kgs.protocol.errors import KgsEncodeError
from igs_tui.backends.kgs.protocol.primitives import password_hash
from igs_tui.backends.kgs.protocol.values import (
    Message,
    Received,
    UndecodableMessage,
    UnknownMessage,
    Value,
)

JsonObject = dict[str, Any]
CLIENT_VERSION: Final = b"igs-tui KGS binary client"
"""Sent as login's ``clientver`` ("always send a text like ... so the server can, if
necessary, block broken clients or client versions")."""
LOCAL_CHANNELS: Final = 0x10000
"""Channel numbers from here on are the bridge's own (conversations, user details): the binary
protocol's channels are U16."""
TREE_NOTE: Final = (
    "its moves, comments and dead stones travel in TREE messages, which the binary protocol "
    "spec does not describe: this board cannot show them over kgs-binary (your own moves are "
    "sent; the result is shown when the game ends)"
)
LOGIN_FAILURES: Final = {
    0x0004: "LOGIN_FAILED_BAD_PASSWORD",
    0x0005: "LOGIN_FAILED_NO_SUCH_USER",
    0x0006: "LOGIN_FAILED_USER_ALREADY_EXISTS",
}


@dataclass(frozen=True, slots=True)
class Note:
    """A line for the user (``shown``: in the system buffer too, not only the console; with
    ``game``, in that game's chat beside its board instead)."""

    text: str
    shown: bool = True
    game: int | None = None


def _user(name: str, flags: str = "") -> JsonObject:
    return {"name": name, "flags": flags}


def _name(value: Value | None) -> str:
    if isinstance(value, Mapping):
        name = value.get("name")
        return name if isinstance(name, str) else ""
    return value if isinstance(value, str) else ""


def _int(value: Value | None, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _number(value: Value | None) -> float:
    if isinstance(value, Decimal | int) and not isinstance(value, bool):
        return float(value)
    return 0.0


class BinaryBridge:
    """One binary login's conversion state (see the module's docstring)."""

    def __init__(self, name: str, password: str = "") -> None:
        self.name = name
        self._password = password
        self.me = ""
        # Each table keyed by the server's channels is bounded as the session's are
        # (:mod:`.kept`): the oldest entry goes first.
        self.rooms: dict[int, None] = {}
        """Room channels (from upd_rooms): a JOIN_REQUEST for one is join_room."""
        self.joined_rooms: dict[int, None] = {}
        self.listed: dict[int, dict[str, Value]] = {}
        """Listed games by channel (the spec's ``game`` structure), with the rooms listing
        them in :attr:`listed_in`."""
        self.listed_in: dict[int, set[int]] = {}
        self.joining: set[int] = set()
        """Game or challenge channels we asked to join and have not heard of yet."""
        self.games: dict[int, dict[str, Value]] = {}
        """Games we are in, by channel (their ``game`` structure)."""
        self.challenges: set[int] = set()
        """Challenge channels we are in."""
        self.terms: dict[int, dict[str, Value]] = {}
        """The last challenge terms sent or received per challenge channel (for declining)."""
        self._convos: dict[str, int] = {}
        self._convo_users: dict[int, str] = {}
        self._local = LOCAL_CHANNELS
        self._tree_told: dict[int, None] = {}
        self.ready = False
        """The server is past its login messages (login_done, or anything after the rooms):
        the session's queued messages may go (a JOIN_REQUEST needs the rooms known, to be
        join_room rather than join_game)."""
        self._created: dict[int, int] = {}
        """new_game's cid -> the room it was created in."""
        self.owned: set[int] = set()
        """Challenge channels we created (a challenge(4400) there is a challenger's terms)."""

    def _know_room(self, channel: int) -> None:
        make_room(self.rooms, channel, kept.ROOMS, rank=lambda r: r in self.joined_rooms)
        self.rooms[channel] = None

    def _list(self, channel: int, game: dict[str, Value]) -> None:
        for old, _ in make_room(self.listed, channel, kept.ROOM_GAMES):
            self.listed_in.pop(old, None)
        self.listed[channel] = game

    def _keep_terms(self, channel: int, terms: dict[str, Value]) -> None:
        make_room(self.terms, channel, 2 * kept.CHALLENGES_KEPT)
        self.terms[channel] = terms

    def _tell_tree(self, channel: int) -> bool:
        """True the first time a game's TREE is met (the user is told once)."""
        if channel in self._tree_told:
            return False
        make_room(self._tree_told, channel, kept.RESYNCED)
        self._tree_told[channel] = None
        return True

    # -- upstream ---------------------------------------------------------------------------
    def upstream(self, message: JsonObject) -> tuple[list[Message], list[JsonObject | Note]]:
        """The binary messages for one JSON upstream message, and what is answered at once
        without the server (a conversation's channel, a refusal the binary form implies)."""
        kind = str(message.get("type", ""))
        channel = _int(message.get("channelId"), -1)
        handler = getattr(self, f"_up_{kind.lower()}", None)
        if handler is None:
            return [], [Note(f"{kind}: the binary protocol has no such message; not sent", False)]
        try:
            result: tuple[list[Message], list[JsonObject | Note]] = handler(message, channel)
        except (KgsEncodeError, KeyError, TypeError, ValueError) as exc:
            return [], [Note(f"{kind} not sent: {exc}")]
        return result

    @staticmethod
    def _one(
        message_name: str, /, **fields: Value
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        return [client_message(message_name, **fields)], []

    def _up_login(self, m: JsonObject, _: int) -> tuple[list[Message], list[JsonObject | Note]]:
        password = str(m.get("password") or "")
        return self._one(
            "login",
            ver_major=3,
            ver_minor=5,
            name=str(m.get("name", self.name))[:10],
            password=password_hash(password) if password else 0,
            guest=not password,
            _unknown3=0,
            locale=str(m.get("locale", "en_US"))[:5],
            clientver=CLIENT_VERSION,
        )

    def _up_logout(self, m: JsonObject, _: int) -> tuple[list[Message], list[JsonObject | Note]]:
        return self._one("quit")

    def _up_wake_up(self, m: JsonObject, _: int) -> tuple[list[Message], list[JsonObject | Note]]:
        return self._one("idle_reset")

    def _up_room_names_request(
        self, m: JsonObject, _: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        rooms = [r for r in m.get("rooms", []) if isinstance(r, int) and 0 <= r <= 0xFFFF]
        return [client_message("req_upd_rooms", channel=r) for r in rooms], []

    def _up_room_desc_request(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        return self._one("req_desc", channel=channel)

    def _up_join_request(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        me_struct: dict[str, Value] = {"name": self.me, "flags": 0}
        if channel in self.rooms:
            return self._one("join_room", channel=channel, user=me_struct)
        self.joining.add(channel)
        return self._one("join_game", channel=channel, user=me_struct)

    def _up_unjoin_request(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        if channel >= LOCAL_CHANNELS:
            name = self._convo_users.pop(channel, None)
            if name is not None:
                self._convos.pop(name.casefold(), None)
            return [], [{"type": "UNJOIN", "channelId": channel}]
        if channel in self.rooms:
            return self._one("part_room", channel=channel, name=self.me)
        self.challenges.discard(channel)
        return self._one("part_game", channel=channel, name=self.me)

    def _up_chat(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        text = str(m.get("text", ""))
        if channel in self._convo_users:
            to = self._convo_users[channel]
            return self._one("msg_chat", name=self.me, name2=to, message=text)
        if channel in self.rooms:
            return self._one("msg_room", channel=channel, name=self.me, message=text)
        return self._one("msg_game", channel=channel, message=text)

    def _up_convo_request(
        self, m: JsonObject, _: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        name = str(m.get("name", ""))
        return [], [self._convo(name)]

    def _convo(self, name: str) -> JsonObject:
        channel = self._convos.get(name.casefold())
        if channel is None:
            channel = self._new_local()
            for _, who in make_room(self._convo_users, channel, kept.CONVERSATIONS):
                self._convos.pop(who.casefold(), None)
            self._convos[name.casefold()] = channel
            self._convo_users[channel] = name
        return {"type": "CONVO_JOIN", "channelId": channel, "user": _user(name)}

    def _new_local(self) -> int:
        self._local += 1
        return self._local

    def _up_details_join_request(
        self, m: JsonObject, _: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        return self._one("req_userinfo", name=str(m.get("name", ""))[:10])

    def _terms(self, channel: int, proposal: JsonObject) -> dict[str, Value]:
        roles = {str(p.get("role")): str(p.get("name", "")) for p in proposal.get("players", [])}
        fields: dict[str, Value] = {
            "channel": channel,
            "black": {"name": roles.get("black", ""), "flags": 0},
            "white": {"name": roles.get("white", ""), "flags": 0},
            "gametype": readings.GAME_TYPES.get(str(proposal.get("gameType")), 4),
            "cid": 0,
            "rules": readings.rules_struct(proposal.get("rules", {})),
        }
        self._keep_terms(channel, fields)
        return fields

    def _up_challenge_submit(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        return self._one("challenge", **self._terms(channel, m.get("proposal", {})))

    _up_challenge_accept = _up_challenge_submit
    _up_challenge_proposal = _up_challenge_submit

    def _up_challenge_decline(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        terms = self.terms.get(channel)
        if terms is None:
            return [], [Note("decline not sent: the challenge's terms are not known", False)]
        rest = {k: v for k, v in terms.items() if k not in ("black", "white")}
        return self._one("reject_challenge", name=str(m.get("name", ""))[:10], **rest)

    def _up_challenge_create(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        """new_game(4305) in the room: the spec's open game, which names no players (who
        answers it is up to the challengers; the server seats the owner)."""
        cid = _int(m.get("callbackKey")) & 0xFFFF
        terms = self._terms(-1, m.get("proposal", {}))
        self.terms.pop(-1, None)
        self._created[cid] = channel
        return self._one(
            "new_game",
            channel=channel,
            cid=cid,
            gametype=terms["gametype"],
            flags=2 if m.get("global") else 0,
            rules=terms["rules"],
            notes=str(m.get("text", "")),
        )

    def _up_game_move(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        loc = m.get("loc")
        if loc == "PASS":
            x, y = readings.PASS_XY
        elif isinstance(loc, dict):
            x, y = int(loc["x"]), int(loc["y"])
        else:
            raise ValueError(f"no point in {loc!r}")
        return self._one("game_move", channel=channel, x=x, y=y)

    def _colour(self, channel: int) -> int:
        game = self.games.get(channel, {})
        return readings.WHITE if _name(game.get("white")) == self.me else readings.BLACK

    def _up_game_resign(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        return self._one("resign_game", channel=channel, player=self._colour(channel))

    def _up_game_undo_request(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        return self._one("req_undo", channel=channel)

    def _up_game_undo_accept(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        return self._one("grant_undo", channel=channel)

    def _up_game_mark_life(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        dead = not m.get("alive")
        return self._one("mark_dead", channel=channel, x=int(m["x"]), y=int(m["y"]), dead=dead)

    def _up_game_scoring_done(
        self, m: JsonObject, channel: int
    ) -> tuple[list[Message], list[JsonObject | Note]]:
        return self._one("game_done", channel=channel, id=int(m["doneId"]))

    # -- downstream -------------------------------------------------------------------------
    def downstream(self, received: Received) -> list[JsonObject | Note]:
        """The JSON downstream messages (and notes) one received binary message means."""
        if isinstance(received, UnknownMessage):
            return [Note(f"binary message 0x{received.code:04x}: not in the spec", False)]
        if isinstance(received, UndecodableMessage):
            return [Note(f"binary message 0x{received.code:04x} unreadable: {received.reason}")]
        if self.me and received.name not in ("login", "upd_rooms"):
            self.ready = True
        handler = getattr(self, f"_down_{received.name}", None)
        if handler is None:
            text = received.spec.constants.get("message")
            if text:
                return [Note(f"KGS: {text}")]
            return []  # stats, pings... nothing to show (the console has the message)
        result: list[JsonObject | Note] = handler(received.fields, received)
        return result

    def _down_login(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        code = m.code
        if code in (0x0001, 0x0002):
            self.me = _name(f.get("user")) or self.name
            out: list[JsonObject | Note] = [
                {"type": "LOGIN_SUCCESS", "you": _user(self.me, "c"), "rooms": []}
            ]
            if code == 0x0002:
                out.append(Note("KGS: login successful: client version is outdated."))
            return out
        if code in LOGIN_FAILURES:
            return [{"type": LOGIN_FAILURES[code]}]
        if code == 0x0022:
            return [{"type": "LOGIN_FAILED_KEEP_OUT", "text": _name(f.get("reason"))}]
        if code == 0x0018:
            return [{"type": "RECONNECT"}]
        return [{"type": "LOGOUT", "text": str(m.spec.constants.get("message") or "logged out")}]

    def _down_idle_err(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        return [{"type": "LOGOUT", "text": "logged out: idle for too long"}]

    def _down_idle_warn(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        return [{"type": "IDLE_WARNING"}]

    def _down_upd_rooms(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        rooms = []
        for room in f.get("rooms", ()):  # type: ignore[union-attr]
            if isinstance(room, Mapping):
                channel = _int(room.get("channel"))
                self._know_room(channel)
                rooms.append({"channelId": channel, "name": _name(room.get("name"))})
        return [{"type": "ROOM_NAMES", "rooms": rooms}] if rooms else []

    def _down_desc_room(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        text = f.get("description")
        return [
            {
                "type": "ROOM_DESC",
                "channelId": _int(f.get("channel")),
                "description": text if isinstance(text, str) else "",
            }
        ]

    def _down_join_room(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        channel = _int(f.get("channel"))
        users = [_user(_name(u)) for u in f.get("users", ())]  # type: ignore[union-attr]
        if channel not in self.joined_rooms and any(u["name"] == self.me for u in users):
            make_room(self.joined_rooms, channel, kept.JOINED_ROOMS)
            self.joined_rooms[channel] = None
            self._know_room(channel)
            return [{"type": "ROOM_JOIN", "channelId": channel, "users": users, "games": []}]
        return [{"type": "USER_ADDED", "channelId": channel, "user": u} for u in users]

    def _down_part_room(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        channel = _int(f.get("channel"))
        who = _name(f.get("user"))
        if who == self.me:
            self.joined_rooms.pop(channel, None)
            return [{"type": "UNJOIN", "channelId": channel}]
        return [{"type": "USER_REMOVED", "channelId": channel, "user": _user(who)}]

    def _down_msg_room(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        return [
            {
                "type": "CHAT",
                "channelId": _int(f.get("channel")),
                "user": _user(_name(f.get("name"))),
                "text": _name(f.get("message")),
            }
        ]

    def _down_msg_chat(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        sender = _name(f.get("name"))
        if not sender or sender == self.me:
            return []  # the server's copy of what we sent
        out: list[JsonObject | Note] = []
        if sender.casefold() not in self._convos:
            out.append(self._convo(sender))
        channel = self._convos[sender.casefold()]
        out.append(
            {
                "type": "CHAT",
                "channelId": channel,
                "user": _user(sender),
                "text": _name(f.get("message")),
            }
        )
        return out

    def _down_userinfo(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        details: JsonObject = {
            "type": "DETAILS_JOIN",
            "channelId": self._new_local(),
            "user": _user(_name(f.get("user"))),
        }
        for key, field in (("personalName", "realname"), ("personalInfo", "info")):
            value = f.get(field)
            if isinstance(value, str) and value:
                details[key] = value
        return [details]

    def _down_userinfo_failed(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        return [{"type": "DETAILS_NONEXISTANT", "name": _name(f.get("name"))}]

    # games ---------------------------------------------------------------------------------
    def _entry(self, game: Mapping[str, Value], room: int | None) -> JsonObject:
        """A ``game`` structure as the JSON form's "Game Channel"."""
        channel = _int(game.get("channel"))
        flags = _int(game.get("flags"))
        owner = _name(game.get("owner"))
        entry: JsonObject = {
            "channelId": channel,
            "size": _int(game.get("size"), 19),
            "komi": _number(game.get("komi")),
            "handicap": max(0, _int(game.get("handicap"))),
            "moveNum": max(0, _int(game.get("moves"))),
            "observers": _int(game.get("observers")),
        }
        if room is not None:
            entry["roomId"] = room
        open_game = not flags & (readings.IN_PLAY | readings.SCORED)
        if open_game and owner:
            entry["gameType"] = "challenge"
            entry["players"] = {"challengeCreator": _user(owner)}
            return entry
        kind = _int(game.get("type"), readings.GAME_TYPES["free"]) & ~readings.PRIVATE
        entry["gameType"] = readings.GAME_TYPE_NAMES.get(kind, "free")
        players = {}
        for role in ("white", "black"):
            who = _name(game.get(role))
            if who:
                players[role] = _user(who)
        entry["players"] = players
        if flags & readings.SCORED and not flags & readings.IN_PLAY:
            entry["over"] = True
        return entry

    def _down_upd_games(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        room = _int(f.get("channel"))
        entries = []
        for game in f.get("games", ()):  # type: ignore[union-attr]
            if not isinstance(game, dict):
                continue
            channel = _int(game.get("channel"))
            self._list(channel, game)
            rooms = self.listed_in.setdefault(channel, set())
            if len(rooms) < kept.JOINED_ROOMS:
                rooms.add(room)
            entries.append(self._entry(game, room))
        return [{"type": "GAME_LIST", "channelId": room, "games": entries}] if entries else []

    def _down_del_game(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        channel = _int(f.get("channel"))
        out: list[JsonObject | Note] = []
        if channel in self.challenges:
            self.challenges.discard(channel)
            self.owned.discard(channel)
            out.append({"type": "CHALLENGE_FINAL", "channelId": channel})
        self.listed.pop(channel, None)
        for room in sorted(self.listed_in.pop(channel, set())):
            out.append({"type": "GAME_CONTAINER_REMOVE_GAME", "channelId": room, "gameId": channel})
        return out

    def _down_upd_game(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        game = f.get("game")
        channel = _int(f.get("channel"))
        if not isinstance(game, dict):
            return []
        players = {_name(game.get("black")), _name(game.get("white"))}
        if channel in self.games:
            self.games[channel] = game
            return []
        if channel not in self.joining and self.me not in players:
            return []
        self.joining.discard(channel)
        make_room(self.games, channel, 2 * kept.GAMES)  # (the session leaves them at GAMES)
        self.games[channel] = game
        entry = self._entry(game, None)
        summary = {
            "gameType": entry["gameType"] if entry["gameType"] != "challenge" else "free",
            "size": entry["size"],
            "komi": entry["komi"],
            "handicap": entry["handicap"],
            "players": entry.get("players", {}),
        }
        out: list[JsonObject | Note] = [
            {
                "type": "GAME_JOIN",
                "channelId": channel,
                "gameSummary": summary,
                "users": [],
                "sgfEvents": [],
            }
        ]
        if self._tell_tree(channel):
            out.append(Note(f"Game {channel}: {TREE_NOTE}.", game=channel))
        return out

    def _down_upd_observers(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        channel = _int(f.get("channel"))
        users = [_user(_name(u)) for u in f.get("users", ())]  # type: ignore[union-attr]
        listed = self.listed.get(channel)
        is_open = listed is not None and not _int(listed.get("flags")) & readings.IN_PLAY
        if channel in self.joining and is_open:
            self.joining.discard(channel)
            self.challenges.add(channel)
            return [{"type": "CHALLENGE_JOIN", "channelId": channel, "users": users}]
        if channel in self.games or channel in self.challenges:
            return [{"type": "USER_ADDED", "channelId": channel, "user": u} for u in users]
        return []

    def _down_del_observer(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        channel = _int(f.get("channel"))
        who = _name(f.get("name"))
        if who == self.me:
            self.games.pop(channel, None)
            self.challenges.discard(channel)
            return [{"type": "UNJOIN", "channelId": channel}]
        if channel in self.games or channel in self.challenges:
            return [{"type": "USER_REMOVED", "channelId": channel, "user": _user(who)}]
        return []

    def _down_challenge(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        channel = _int(f.get("channel"))
        self._keep_terms(channel, {k: v for k, v in f.items() if k != "notes"})
        rules_json = readings.rules_json(f.get("rules"))
        kind = _int(f.get("gametype"), readings.GAME_TYPES["free"]) & ~readings.PRIVATE
        players = [
            {"role": role, "user": _user(_name(f.get(role)))}
            for role in ("black", "white")
            if _name(f.get(role))
        ]
        proposal = {
            "gameType": readings.GAME_TYPE_NAMES.get(kind, "free"),
            "rules": rules_json,
            "players": players,
        }
        if channel in self.owned:
            # On our own open game: a challenger's terms, to accept or decline.
            seated = (_name(f.get("black")), _name(f.get("white")))
            by = next((who for who in seated if who and who != self.me), "")
            return [
                {
                    "type": "CHALLENGE_SUBMIT",
                    "channelId": channel,
                    "user": _user(by),
                    "proposal": proposal,
                }
            ]
        return [{"type": "CHALLENGE_PROPOSAL", "channelId": channel, "proposal": proposal}]

    def _down_reject_challenge(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        return [{"type": "CHALLENGE_DECLINE", "channelId": _int(f.get("channel"))}]

    def _down_already_playing(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        return [{"type": "CANT_PLAY_TWICE"}]

    def _down_game_done(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        channel = _int(f.get("channel"))
        done = _int(f.get("id"))
        state: JsonObject = {
            "type": "GAME_STATE",
            "channelId": channel,
            "doneId": done & 0x7FFFFFFF,
            "blackDoneSent": bool(f.get("black")),
            "whiteDoneSent": bool(f.get("white")),
            "actions": [
                {"action": "SCORE", "user": _user(_name(self.games.get(channel, {}).get(r)))}
                for r in ("black", "white")
                if _name(self.games.get(channel, {}).get(r))
            ],
        }
        out: list[JsonObject | Note] = [state]
        if done & 0x80000000:
            out.append(Note(f"Game {channel}: the board has changed: press done again."))
        return out

    def _down_final_result(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        black, white = f.get("blackscore"), f.get("whitescore")
        if not isinstance(black, dict) or not isinstance(white, dict):
            return []
        margin = _number(black.get("score")) - _number(white.get("score"))
        return [{"type": "GAME_OVER", "channelId": _int(f.get("channel")), "score": margin}]

    def _down_resign_game(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        loser = _int(f.get("player"))
        score = "W+RESIGN" if loser == readings.BLACK else "B+RESIGN"
        return [{"type": "GAME_OVER", "channelId": _int(f.get("channel")), "score": score}]

    def _down_out_of_time(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        winner = _int(f.get("player"))
        score = "B+TIME" if winner == readings.BLACK else "W+TIME"
        return [{"type": "GAME_OVER", "channelId": _int(f.get("channel")), "score": score}]

    def _down_req_undo(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        channel = _int(f.get("channel"))
        role = "white" if self._colour(channel) == readings.BLACK else "black"
        return [{"type": "GAME_UNDO_REQUEST", "channelId": channel, "role": role}]

    def _tree(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        channel = _int(f.get("channel"))
        if not self._tell_tree(channel):
            return [Note(f"{m.name} for game {channel}: TREE not read (undescribed)", False)]
        return [Note(f"Game {channel}: {TREE_NOTE}.", game=channel)]

    _down_set_tree = _tree
    _down_upd_tree = _tree
    _down_add_tree = _tree

    def _down_superko(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        return [Note(f"Game {_int(f.get('channel'))}: superko warning from KGS.")]

    def _down_gnotice(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        return [Note(f"KGS notice: {_name(f.get('notice'))}")]

    def _down_login_done(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        return []

    def _down_new_game(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        """Our new_game created the open game ``channel`` (the server joins us to it)."""
        channel, cid = _int(f.get("channel")), _int(f.get("cid"))
        room = self._created.pop(cid, 0)
        self.owned.add(channel)
        self.joining.add(channel)
        if channel not in self.listed:
            self._list(channel, {"channel": channel, "flags": 0})
        return [
            {
                "type": "CHALLENGE_CREATED",
                "channelId": room,
                "callbackKey": cid,
                "game": {"channelId": channel},
            }
        ]

    def _down_set_gametime(self, f: dict[str, Value], m: Message) -> list[JsonObject | Note]:
        channel = _int(f.get("channel"))
        return [
            Note(
                f"set_gametime for game {channel}: clocks not shown (time rules are in TREE)", False
            )
        ]
