"""The fake KGS server's binary front end: kgs-protocol.txt over TCP, beside the JSON one.

A connection is the spec's stream: the client's handshake byte, the server's protocol byte
(3), then plain client messages (their lengths xored by the sent-length recurrence) and one
zlib stream of server messages (their types offset by the received-type recurrence, keyed by
the logged-in name). The codec, the recurrences and the zlib stream are
``igs_tui.backends.kgs.protocol``'s (the wire format, shared as the GTP library is; an
import-linter exception says so); what each message *means* is translated here, on the
server's side, into the JSON messages :class:`~igs_tui.localkgs.world.KgsWorld` already speaks
and back. One world serves both transports, so a JSON client and a binary one meet in the same
rooms and games.

:class:`BinarySession` is sans-IO (bytes in, bytes out, game time passed in);
:class:`~igs_tui.localkgs.binary_front.BinaryFront` is the asyncio glue.

Choices where the spec is silent (the enum values and points are in ``protocol.readings``):

* after login(0001) the server sends upd_rooms(0318) with every room, then login_done(030c):
  the spec lists no message that gives the rooms at login;
* a room's ``group`` is its category's place in the JSON form's category list (MAIN 0, ...);
  users are sent with ``flags`` 0 (the spec gives the field no bits);
* the moves of a game are in set_tree/upd_tree's TREE, which the spec does not describe: this
  server sends none, and game chat (a TREE comment on KGS) is not sent either;
* a game's end: final_result(440b) with each side's total when the game was counted (black's
  and white's ``score`` fields, komi in white's), resign_game(4410) with the colour that
  resigned, out_of_time(440c) with the colour that won ("Colour who won the game");
* new_game(4305) names no colours: its owner is seated as black and the other seat is left
  for the challenger;
* a challenge: the open challenge is a listed game without the INPLAY flag; challenge(4400)
  from a challenger carries their terms (the owner's are sent back as challenge(4400)), the same
  terms sent back accept them; the challenge ends with del_game(4402) and the new game comes
  as upd_game(4401) + upd_observers(4403);
* private chat is msg_chat(0013) both ways (the JSON form's conversation channels stay
  inside the server); a user's details are userinfo(0008) or userinfo_failed(0012);
* a failed login is answered with its login(000x) message and the connection is closed, as is
  one whose stream breaks; a closed connection logs its user out.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from igs_tui.backends.kgs.protocol import readings
from igs_tui.backends.kgs.protocol.connection import ServerConnection
from igs_tui.backends.kgs.protocol.errors import KgsError
from igs_tui.backends.kgs.protocol.primitives import password_hash
from igs_tui.backends.kgs.protocol.registry import server as server_spec
from igs_tui.backends.kgs.protocol.values import Message, Received, Value
from igs_tui.localkgs import binary_values as bv
from igs_tui.localkgs.channels import CATEGORIES, GLOBAL_LISTS, Convo, Room
from igs_tui.localkgs.games import GameChannel
from igs_tui.localkgs.proposals import Challenge
from igs_tui.localkgs.vocabulary import JsonObject

if TYPE_CHECKING:
    from igs_tui.localkgs.world import KgsWorld

LOGIN_FAILURES = {
    "LOGIN_FAILED_BAD_PASSWORD": 0x0004,
    "LOGIN_FAILED_NO_SUCH_USER": 0x0005,
    "LOGIN_FAILED_USER_ALREADY_EXISTS": 0x0006,
}
_CATEGORY_GROUPS = {name: index for index, name in enumerate(CATEGORIES)}
_NO_PASSWORD = "\0"
"""What a login whose password number matches no account is passed on with (no account has
it, so the world answers as it would to any wrong password)."""


class BinarySession:
    """One binary connection to the world, sans-IO (see the module's docstring)."""

    def __init__(self, world: KgsWorld) -> None:
        self.world = world
        self.wire = ServerConnection()
        self.sid: str | None = None
        self.name = ""
        self.closed = False
        """The connection is to be closed once :meth:`flush`'s bytes are written."""
        self._convos: dict[str, int] = {}
        """Correspondent (lower-case) -> the world's conversation channel."""
        self._convo_users: dict[int, str] = {}
        self._waiting: dict[str, list[str]] = {}
        self._asked: dict[int, str] = {}
        """CONVO_REQUEST callbackKey -> the correspondent (a refusal names only the key)."""
        self._next_key = 0
        self._details: set[int] = set()
        self._offers: dict[int, JsonObject] = {}
        """Challenge channel -> the last terms its owner sent us (sending them back accepts)."""
        self._scores: dict[int, tuple[float, float]] = {}
        self._games: set[int] = set()
        """Game channels we are in (USER_ADDED there are observers, not room members)."""
        self.notes: list[str] = []
        """What was not understood (for the server's log)."""

    # -- bytes in ---------------------------------------------------------------------------
    def data_received(self, data: bytes, now: float) -> bytes:
        """The bytes to send back for ``data``: the handshake reply, then what the messages it
        completes bring."""
        out = b""
        first = self.wire.client_protocol is None
        try:
            received = self.wire.receive_data(data)
        except KgsError as exc:
            self.notes.append(f"stream broken: {exc}")
            self.closed = True
            return b""
        if first and self.wire.client_protocol is not None:
            out += self.wire.handshake_reply()
        for message in received:
            self._handle(message, now)
            if self.closed:
                break
        return out + self.flush()

    def connection_lost(self, now: float) -> None:
        """The client went: its user is logged out."""
        self.closed = True
        if self.sid is not None and self.sid in self.world.sessions:
            self._post({"type": "LOGOUT"}, now)
            self.world.poll_ended(self.sid, now)
            self.world.take(self.sid)

    def _post(self, message: JsonObject, now: float) -> None:
        result = self.world.post(self.sid, json.dumps(message), now)
        if result.status != 200:
            self.notes.append(f"{message.get('type')}: {result.text}")

    def _handle(self, received: Received, now: float) -> None:
        if not isinstance(received, Message):
            self.notes.append(f"not understood: {received!r}"[:200])
            return
        f = received.fields
        name = received.name
        if name == "login":
            self._login(f, now)
            return
        if self.sid is None:
            self.notes.append(f"{name} before login")
            return
        channel = received.channel
        translated = self._upstream(name, f, channel)
        if translated is None:
            self.notes.append(f"{name}: not served here")
            return
        for message in translated:
            self._post(message, now)

    def _login(self, f: dict[str, Value], now: float) -> None:
        name = self.name = str(f.get("name", ""))
        password = ""
        if not f.get("guest"):
            account = self.world.accounts.get(name)
            given = f.get("password")
            matches = (
                account is not None
                and account.password.isascii()
                and password_hash(account.password) == given
            )
            password = account.password if matches and account is not None else _NO_PASSWORD
        login = {"type": "LOGIN", "name": name, "password": password, "locale": f.get("locale")}
        result = self.world.post(None, json.dumps(login), now)
        if result.sid is None:
            self.notes.append(f"login refused: {result.text}")
            self.closed = True
            return
        self.sid = result.sid
        self.world.poll_started(self.sid, now)

    def _upstream(
        self, name: str, f: dict[str, Value], channel: int | None
    ) -> list[JsonObject] | None:
        """The JSON upstream messages a client message means (None: not served)."""
        simple = {
            "quit": "LOGOUT",
            "idle_reset": "WAKE_UP",
            "ping": "WAKE_UP",
            "req_undo": "GAME_UNDO_REQUEST",
            "grant_undo": "GAME_UNDO_ACCEPT",
            "resign_game": "GAME_RESIGN",
            "req_desc": "ROOM_DESC_REQUEST",
        }
        if name in simple:
            message: JsonObject = {"type": simple[name]}
            if channel is not None:
                message["channelId"] = channel
            return [message]
        if name in ("join_room", "join_game"):
            return [{"type": "JOIN_REQUEST", "channelId": channel}]
        if name in ("part_room", "part_game"):
            return [{"type": "UNJOIN_REQUEST", "channelId": channel}]
        if name in ("msg_room", "msg_game"):
            return [{"type": "CHAT", "channelId": channel, "text": f.get("message", "")}]
        if name == "list_rooms":
            return [{"type": "ROOM_NAMES_REQUEST", "rooms": [r.channel_id for r in self._rooms()]}]
        if name == "req_upd_rooms":
            return [{"type": "ROOM_NAMES_REQUEST", "rooms": [f.get("channel")]}]
        if name == "req_userinfo":
            return [{"type": "DETAILS_JOIN_REQUEST", "name": f.get("name", "")}]
        if name == "msg_chat":
            return self._private(str(f.get("name2", "")), str(f.get("message", "")))
        if name == "game_move":
            x, y = f.get("x"), f.get("y")
            loc: object = "PASS" if (x, y) == readings.PASS_XY else {"x": x, "y": y}
            return [{"type": "GAME_MOVE", "channelId": channel, "loc": loc}]
        if name == "mark_dead":
            return [
                {
                    "type": "GAME_MARK_LIFE",
                    "channelId": channel,
                    "x": f.get("x"),
                    "y": f.get("y"),
                    "alive": not f.get("dead"),
                }
            ]
        if name == "game_done":
            return [{"type": "GAME_SCORING_DONE", "channelId": channel, "doneId": f.get("id")}]
        if name == "challenge" and channel is not None:
            return [self._challenge(channel, f)]
        if name == "new_game":
            return [self._new_game(channel, f)]
        if name == "reject_challenge":
            return [{"type": "CHALLENGE_DECLINE", "channelId": channel, "name": f.get("name")}]
        return None

    def _rooms(self) -> list[Room]:
        return self.world.rooms()

    def _private(self, to: str, text: str) -> list[JsonObject]:
        key = to.lower()
        channel = self._convos.get(key)
        if channel is not None:
            return [{"type": "CHAT", "channelId": channel, "text": text}]
        waiting = self._waiting.setdefault(key, [])
        waiting.append(text)
        if len(waiting) > 1:
            return []
        self._next_key = (self._next_key + 1) % 0x10000
        callback = self._next_key
        self._asked[callback] = key
        return [{"type": "CONVO_REQUEST", "name": to, "callbackKey": callback}]

    def _challenge(self, channel: int, f: dict[str, Value]) -> JsonObject:
        black, white = bv.name(f.get("black")), bv.name(f.get("white"))
        gametype = f.get("gametype")
        number = gametype & 0x7F if isinstance(gametype, int) else readings.GAME_TYPES["free"]
        kind = readings.GAME_TYPE_NAMES.get(number, "free")
        proposal: JsonObject = {
            "gameType": kind,
            "rules": readings.rules_json(f.get("rules")),
            "players": [],
        }
        challenge = self.world.channels.get(channel)
        owner = challenge.owner if isinstance(challenge, Challenge) else ""
        players = [("black", black), ("white", white)]
        players.sort(key=lambda p: p[1].lower() != owner.lower())  # the owner first
        proposal["players"] = [{"role": role, "name": who} for role, who in players if who]
        if owner.lower() == self.name.lower():
            return {"type": "CHALLENGE_PROPOSAL", "channelId": channel, "proposal": proposal}
        offer = self._offers.get(channel)
        if offer is not None and bv.same_terms(offer, proposal):
            return {"type": "CHALLENGE_ACCEPT", "channelId": channel, "proposal": proposal}
        return {"type": "CHALLENGE_SUBMIT", "channelId": channel, "proposal": proposal}

    def _new_game(self, room: int | None, f: dict[str, Value]) -> JsonObject:
        """new_game(4305): an open game in the room, as CHALLENGE_CREATE. new_game names no
        colours: the owner is seated as black, the other seat left for a challenger."""
        gametype = f.get("gametype")
        number = gametype & 0x7F if isinstance(gametype, int) else readings.GAME_TYPES["free"]
        flags = f.get("flags")
        return {
            "type": "CHALLENGE_CREATE",
            "channelId": room,
            "callbackKey": f.get("cid", 0),
            "global": bool(flags & 2) if isinstance(flags, int) else False,
            "text": str(f.get("notes", ""))[:80],
            "proposal": {
                "gameType": readings.GAME_TYPE_NAMES.get(number, "free"),
                "rules": readings.rules_json(f.get("rules")),
                "nigiri": False,
                "players": [{"role": "black", "name": self.name}, {"role": "white"}],
            },
        }

    # -- bytes out --------------------------------------------------------------------------
    def flush(self, now: float = 0.0) -> bytes:
        """Everything the world queued for this user, as bytes of the server's stream."""
        if self.sid is None:
            return b""
        out = bytearray()
        while True:
            taken = self.world.take(self.sid)
            if taken is None:
                self.closed = True
                break
            if not taken:
                break
            for message in taken:
                out += self._downstream(message, now)
        return bytes(out)

    def _send(self, message_name: str, code: int, /, **fields: Value) -> bytes:
        try:
            return self.wire.send(Message(server_spec(message_name, code), fields))
        except KgsError as exc:
            self.notes.append(f"{message_name}@{code:04x} not sent: {exc}")
            return b""

    def _downstream(self, m: JsonObject, now: float) -> bytes:
        kind = m.get("type")
        channel = m.get("channelId")
        handler: Callable[[JsonObject, Any, float], bytes] | None = getattr(
            self, f"_down_{str(kind).lower()}", None
        )
        if handler is None:
            return b""  # no binary form (HELLO, USER_UPDATE, JOIN_COMPLETE, GAME_UPDATE...)
        return handler(m, channel, now)

    def _down_login_success(self, m: JsonObject, _: Any, now: float) -> bytes:
        self.name = bv.name(m.get("you")) or self.name
        out = self._send("login", 0x0001, user=bv.user(self.name), unknown1=0, unknown2=0)
        self.wire.set_username(self.name)
        self._post(
            {"type": "ROOM_NAMES_REQUEST", "rooms": [r.channel_id for r in self._rooms()]}, now
        )
        return out + self.flush(now) + self._send("login_done", 0x030C)

    def _failed(self, code: int) -> bytes:
        self.closed = True
        return self._send("login", code, user=bv.user(self.name), unknown1=0, unknown2=0)

    def _down_login_failed_bad_password(self, m: JsonObject, _: Any, now: float) -> bytes:
        return self._failed(0x0004)

    def _down_login_failed_no_such_user(self, m: JsonObject, _: Any, now: float) -> bytes:
        return self._failed(0x0005)

    def _down_login_failed_user_already_exists(self, m: JsonObject, _: Any, now: float) -> bytes:
        return self._failed(0x0006)

    def _down_login_failed_keep_out(self, m: JsonObject, _: Any, now: float) -> bytes:
        self.closed = True
        return self._send("login", 0x0022, reason=str(m.get("text", "")))

    def _down_reconnect(self, m: JsonObject, _: Any, now: float) -> bytes:
        self.closed = True
        return self._send("login", 0x0018)

    def _down_logout(self, m: JsonObject, _: Any, now: float) -> bytes:
        self.closed = True
        text = str(m.get("text", ""))
        return self._send("login", 0x001C) if "idle" in text.lower() else b""

    def _down_idle_warning(self, m: JsonObject, _: Any, now: float) -> bytes:
        return self._send("idle_warn", 0x0016)

    def _down_room_names(self, m: JsonObject, _: Any, now: float) -> bytes:
        rooms: list[Value] = []
        for entry in m.get("rooms", []):
            room = self.world.channels.get(entry.get("channelId"))
            if not isinstance(room, Room):
                continue
            rooms.append(
                {
                    "channel": room.channel_id,
                    "flags": 0,
                    "group": _CATEGORY_GROUPS.get(room.category, 0),
                    "users": min(len(room.members), 0xFFFF),
                    "games": min(len(room.games), 0xFFFF),
                    "name": room.name,
                }
            )
        return self._send("upd_rooms", 0x0318, rooms=tuple(rooms)) if rooms else b""

    def _down_room_desc(self, m: JsonObject, channel: Any, now: float) -> bytes:
        return self._send(
            "desc_room", 0x4319, channel=channel, owner="", description=str(m.get("description"))
        )

    def _down_room_join(self, m: JsonObject, channel: Any, now: float) -> bytes:
        users = tuple(bv.user(bv.name(u)) for u in m.get("users", []))
        out = self._send("join_room", 0x4300, channel=channel, users=users)
        return out + self._games_listed(channel, m.get("games", []))

    def _down_game_list(self, m: JsonObject, channel: Any, now: float) -> bytes:
        if channel in GLOBAL_LISTS.values():
            return b""
        return self._games_listed(channel, m.get("games", []))

    def _games_listed(self, room: int, entries: list[JsonObject]) -> bytes:
        games = []
        for entry in entries:
            rules = None
            initial = entry.get("initialProposal")
            if isinstance(initial, dict) and isinstance(initial.get("rules"), dict):
                rules = initial["rules"]
            games.append(bv.game_struct(entry, rules))
        return self._send("upd_games", 0x4304, channel=room, games=tuple(games)) if games else b""

    def _down_game_container_remove_game(self, m: JsonObject, _: Any, now: float) -> bytes:
        return self._send("del_game", 0x4402, channel=int(m["gameId"]) & 0xFFFF)

    def _down_user_added(self, m: JsonObject, channel: Any, now: float) -> bytes:
        user = (bv.user(bv.name(m.get("user"))),)
        if isinstance(self.world.channels.get(channel), Room):
            return self._send("join_room", 0x4300, channel=channel, users=user)
        return self._send("upd_observers", 0x4403, channel=channel, users=user)

    def _down_user_removed(self, m: JsonObject, channel: Any, now: float) -> bytes:
        who = bv.name(m.get("user"))
        if isinstance(self.world.channels.get(channel), Room):
            return self._send("part_room", 0x4302, channel=channel, user=bv.user(who))
        return self._send("del_observer", 0x4404, channel=channel, name=who)

    def _down_unjoin(self, m: JsonObject, channel: Any, now: float) -> bytes:
        self._games.discard(channel)
        if channel in self._details:
            self._details.discard(channel)
            return b""
        found = self.world.channels.get(channel)
        if isinstance(found, Room):
            return self._send("part_room", 0x4302, channel=channel, user=bv.user(self.name))
        if isinstance(found, Convo):
            return b""
        return self._send("del_observer", 0x4404, channel=channel, name=self.name)

    def _down_close(self, m: JsonObject, channel: Any, now: float) -> bytes:
        self._games.discard(channel)
        return self._send("del_game", 0x4402, channel=channel & 0xFFFF)

    def _down_chat(self, m: JsonObject, channel: Any, now: float) -> bytes:
        who, text = bv.name(m.get("user")), str(m.get("text", ""))
        if channel in self._convo_users:
            return self._send("msg_chat", 0x0013, name=who, name2=self.name, message=text)
        if isinstance(self.world.channels.get(channel), Room):
            return self._send("msg_room", 0x4301, channel=channel, name=who, message=text)
        return b""  # game chat is a TREE comment on KGS: not sent here

    _down_announce = _down_chat
    _down_moderated_chat = _down_chat

    def _down_convo_join(self, m: JsonObject, channel: Any, now: float) -> bytes:
        who = bv.name(m.get("user")).lower()
        self._convos[who] = channel
        self._convo_users[channel] = who
        for text in self._waiting.pop(who, []):
            self._post({"type": "CHAT", "channelId": channel, "text": text}, now)
        return b""

    def _down_convo_no_such_user(self, m: JsonObject, _: Any, now: float) -> bytes:
        who = self._asked.pop(int(m.get("callbackKey", 0)), "")
        self._waiting.pop(who, None)  # msg_chat has no refusal: the lines are dropped
        return b""

    def _down_details_join(self, m: JsonObject, channel: Any, now: float) -> bytes:
        self._details.add(channel)
        self._post({"type": "UNJOIN_REQUEST", "channelId": channel}, now)
        return self._send(
            "userinfo",
            0x0008,
            _unused0=False,
            user=bv.user(bv.name(m.get("user"))),
            _unused1=0,
            realname=str(m.get("personalName", ""))[:50],
            email="",
            info=str(m.get("personalInfo", ""))[:1000],
            homepage="",
            regdate=Decimal(0),
            lastlogin=Decimal(0),
        )

    def _down_details_nonexistant(self, m: JsonObject, _: Any, now: float) -> bytes:
        return self._send("userinfo_failed", 0x0012, name=str(m.get("name", ""))[:10])

    # games --------------------------------------------------------------------------------
    def _down_game_join(self, m: JsonObject, channel: Any, now: float) -> bytes:
        self._games.add(channel)
        summary = m.get("gameSummary", {})
        entry = {**summary, "channelId": channel, "moveNum": _moves(self.world, channel)}
        users = tuple(bv.user(bv.name(u)) for u in m.get("users", []))
        out = self._send("upd_game", 0x4401, channel=channel, game=bv.game_struct(entry))
        out += self._send("upd_observers", 0x4403, channel=channel, users=users)
        return out + self._down_game_state(m, channel, now)

    def _down_game_state(self, m: JsonObject, channel: Any, now: float) -> bytes:
        out = b""
        clocks = m.get("clocks")
        if isinstance(clocks, dict) and "black" in clocks and "white" in clocks:
            b, w = clocks["black"], clocks["white"]
            out += self._send(
                "set_gametime",
                0x4437,
                channel=channel,
                black_time=Decimal(str(b.get("time", 0))).quantize(Decimal("0.001")),
                black_moves=int(b.get("periodsLeft", b.get("stonesLeft", 0))),
                white_time=Decimal(str(w.get("time", 0))).quantize(Decimal("0.001")),
                white_moves=int(w.get("periodsLeft", w.get("stonesLeft", 0))),
            )
        if "blackScore" in m and "whiteScore" in m:
            self._scores[channel] = (float(m["blackScore"]), float(m["whiteScore"]))
        if "doneId" in m:
            out += self._send(
                "game_done",
                0x440A,
                channel=channel,
                id=int(m["doneId"]),
                black=bool(m.get("blackDoneSent")),
                white=bool(m.get("whiteDoneSent")),
            )
        return out  # the result goes with GAME_OVER, which follows a GAME_STATE that is over

    def _down_game_over(self, m: JsonObject, channel: Any, now: float) -> bytes:
        return self._result(channel, m.get("score"))

    def _result(self, channel: int, score: object) -> bytes:
        if isinstance(score, str) and "+" in score:
            winner, how = score.split("+", 1)
            won = readings.BLACK if winner == "B" else readings.WHITE
            if how == "RESIGN":
                return self._send("resign_game", 0x4410, channel=channel, player=1 - won)
            if how == "TIME":
                return self._send("out_of_time", 0x440C, channel=channel, player=won)
            return b""
        totals = self._scores.pop(channel, None)
        if not isinstance(score, int | float) or totals is None:
            return b""
        game = self.world.channels.get(channel)
        komi = game.rules.komi if isinstance(game, GameChannel) else 0.0

        def values(total: float, komi_part: float) -> dict[str, Value]:
            return {
                "score": Decimal(str(total)),
                "territory": 0,
                "captures": 0,
                "i3": 0,
                "f2": 0,
                "komi": Decimal(str(komi_part)),
                "i4": 0,
            }

        return self._send(
            "final_result",
            0x440B,
            channel=channel,
            blackscore=values(totals[0], 0.0),
            whitescore=values(totals[1], komi),
        )

    def _down_game_undo_request(self, m: JsonObject, channel: Any, now: float) -> bytes:
        return self._send("req_undo", 0x440E, channel=channel)

    def _down_challenge_join(self, m: JsonObject, channel: Any, now: float) -> bytes:
        users = tuple(bv.user(bv.name(u)) for u in m.get("users", []))
        return self._send("upd_observers", 0x4403, channel=channel, users=users)

    def _down_challenge_proposal(self, m: JsonObject, channel: Any, now: float) -> bytes:
        proposal = m.get("proposal")
        if not isinstance(proposal, dict):
            return b""
        self._offers[channel] = bv.proposal_upstream(proposal)
        return self._proposal(channel, proposal)

    def _down_challenge_submit(self, m: JsonObject, channel: Any, now: float) -> bytes:
        proposal = m.get("proposal")
        return self._proposal(channel, proposal) if isinstance(proposal, dict) else b""

    def _proposal(self, channel: int, proposal: JsonObject) -> bytes:
        roles = {p.get("role"): bv.name(p.get("user")) for p in proposal.get("players", [])}
        return self._send(
            "challenge",
            0x4400,
            channel=channel,
            black=bv.user(roles.get("black", "")),
            white=bv.user(roles.get("white", "")),
            gametype=readings.GAME_TYPES.get(str(proposal.get("gameType")), 4),
            cid=0,
            rules=readings.rules_struct(proposal.get("rules", {})),
        )

    def _down_challenge_decline(self, m: JsonObject, channel: Any, now: float) -> bytes:
        challenge = self.world.channels.get(channel)
        owner = challenge.owner if isinstance(challenge, Challenge) else ""
        rules = challenge.proposal.rules.to_json() if isinstance(challenge, Challenge) else {}
        return self._send(
            "reject_challenge",
            0x4429,
            channel=channel,
            name=owner[:10],
            gametype=4,
            cid=0,
            rules=readings.rules_struct(rules),
        )

    def _down_challenge_final(self, m: JsonObject, channel: Any, now: float) -> bytes:
        self._offers.pop(channel, None)
        return self._send("del_game", 0x4402, channel=channel & 0xFFFF)

    def _down_challenge_created(self, m: JsonObject, channel: Any, now: float) -> bytes:
        game = m.get("game")
        created = game.get("channelId", 0) if isinstance(game, dict) else channel
        cid = int(m.get("callbackKey", 0)) & 0xFFFF
        return self._send("new_game", 0x442F, channel=int(created) & 0xFFFF, cid=cid)

    def _down_cant_play_twice(self, m: JsonObject, _: Any, now: float) -> bytes:
        return self._send("already_playing", 0x0412, cid=int(m.get("callbackKey", 0)) & 0xFFFF)


def _moves(world: KgsWorld, channel: int) -> int:
    game = world.channels.get(channel)
    return game.game.move_count if isinstance(game, GameChannel) else 0
