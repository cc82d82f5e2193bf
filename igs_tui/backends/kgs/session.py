"""The KGS conversation, sans-IO and h11-shaped: messages in, model changes out; intents in,
upstream messages out.

:meth:`KgsSession.receive` takes one parsed downstream message (:mod:`.json_messages`) and
returns the :mod:`igs_tui.model.changes` it means; the intent methods (``join_room``,
``observe``, ``play``...) queue upstream messages (:mod:`.json_upstream`) that
:meth:`KgsSession.data_to_send` hands to the transport. No sockets, no clocks but the ones
passed in, no model: the caller applies the changes.

KGS puts everything in *channels* (rooms, games, challenges, conversations, user details),
numbered by the server. A game's channel id is its number in the model, a room's channel id
its :class:`~igs_tui.model.lobby.Room` number. What KGS answers only indirectly is kept here:
which conversation channel is whose, the lines waiting for a conversation to open, which
games each joined room lists, each observed game's SGF tree and the moves already told to the
model, the ``doneId`` scoring needs, the challenges we created or answered. Each of these
tables is bounded (:mod:`.kept`): a server that names rooms, users, games or challenges without
end loses the oldest, never the client's memory.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import islice

from igs_tui.backends.kgs import json_messages as msg
from igs_tui.backends.kgs import json_upstream as up
from igs_tui.backends.kgs import kept
from igs_tui.backends.kgs.game_tree import GameTree, TreeMove
from igs_tui.backends.kgs.json_values import Loc, Rules, User, result_text
from igs_tui.backends.kgs.kept import make_room
from igs_tui.go import JAPANESE_RULES, MAX_SIZE, MIN_SIZE, Color, Game, IllegalMove, Point
from igs_tui.go.rules import Ruleset
from igs_tui.model import changes as ch
from igs_tui.model.cards import PlayerCard
from igs_tui.model.chat import BufferKey, ChatKind
from igs_tui.model.clocks import ClockReading, TimeSettings
from igs_tui.model.games import GamePhase, GameSummary, Kibitz, MoveRecord, Role
from igs_tui.model.lobby import Room
from igs_tui.model.play import Challenge
from igs_tui.model.players import Player
from igs_tui.model.terms import MatchTerms

ROLE_COLORS = {"black": Color.BLACK, "white": Color.WHITE}
GAME_KINDS = {"rated": "ranked", "free": "free", "teaching": "teaching"}
"""Our challenge kinds (:data:`igs_tui.model.terms.GAME_KINDS`) as KGS game types."""
KIND_OF_TYPE = {value: key for key, value in GAME_KINDS.items()}
GAME_TYPE_FLAGS = {"free": "F ", "teaching": "T ", "tournament": "* "}
"""KGS game types as the games list's kind column (:attr:`GameSummary.kind_flag`: free,
teaching, tournament; a ranked game shows none)."""
PLAYED_TYPES = frozenset({"free", "ranked", "teaching", "simul", "rengo", "tournament"})
"""Game types with players and a clock (the rest are demonstrations and reviews)."""
CHALLENGE_REFUSALS = frozenset(
    {"CHALLENGE_NOT_CREATED", "CHALLENGE_CANT_PLAY_RANKED", "CANT_PLAY_TWICE"}
)
"""Refusals of a challenge we made: it was not created."""
CHALLENGE_TITLE = "open challenge"
"""The title that marks a challenge among the games list's rows (choosing it answers it)."""


@dataclass
class _Game:
    """What the session knows of one joined game channel."""

    tree: GameTree
    told: list[MoveRecord] = field(default_factory=list)
    """The moves (and the handicap, as move 1) the model has been told, in order."""
    dead: frozenset[Point] = frozenset()
    phase: GamePhase = GamePhase.PLAYING
    settings: TimeSettings | None = None
    roles: dict[Color, str] = field(default_factory=dict)
    done_id: int | None = None
    over: bool = False
    played: bool = True
    """A game with players taking turns (not a review or demonstration, where any colour
    may move)."""
    board: Game = field(default_factory=lambda: _checking_board(19))
    """The moves told so far on our rules engine, to check each new one against."""
    rejoining: bool = False
    """A move contradicted our board and the game is being joined again: what arrives
    before the new GAME_JOIN is not told."""


@dataclass
class _Challenge:
    """A challenge channel we created or answered."""

    terms: MatchTerms
    ours: bool
    channel_id: int | None = None
    submitted_by: str = ""
    """Who answered our challenge (their terms are :attr:`proposal`)."""
    proposal: msg.Proposal | None = None
    """The latest terms: a challenger's submission (ours), or the owner's (theirs)."""
    submitted: msg.Proposal | None = None
    """What we submitted to someone else's challenge."""
    own: msg.Proposal | None = None
    """The terms we created our challenge with (a challenger who takes them as they are
    gets them at once)."""
    joined: bool = False
    """We are in someone else's challenge channel (a new submission needs no join)."""


class KgsSession:
    """One login's conversation with KGS (see the module's docstring)."""

    def __init__(
        self,
        name: str,
        password: str = "",
        *,
        locale: str = "en_US",
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.name = name
        self._password = password
        self._locale = locale
        self._wall_clock = wall_clock
        self._outbox: list[up.Upstream] = []
        self.me = ""
        self.logged_in = False
        self.failure = ""
        """Why the login failed (one of the documented LOGIN_FAILED_* texts)."""
        self.logged_out = ""
        """Why the server ended the session (LOGOUT/RECONNECT), once it did."""
        self.no_reconnect = False
        """The server said not to log in again at once (RECONNECT: the account is in use)."""
        self.rooms: dict[int, msg.RoomInfo] = {}
        self.joined_rooms: set[int] = set()
        self.current_room: int | None = None
        self._room_games: dict[int, dict[int, msg.GameEntry]] = {}
        self._room_users: dict[int, dict[str, User]] = {}
        self._games: dict[int, _Game] = {}
        self._convos: dict[str, int] = {}
        """Folded user name -> conversation channel."""
        self._convo_users: dict[int, str] = {}
        self._waiting_tells: dict[str, list[str]] = {}
        self._challenges: dict[int, _Challenge] = {}
        """By channel id; ours before CHALLENGE_CREATED are under their callback key, negated."""
        self._callback = 0
        self._pending_submit: dict[int, msg.Proposal] = {}
        self._listed_challenges: dict[int, msg.GameEntry] = {}
        """Open challenges in the joined rooms, by channel."""
        self._challenge_rooms: dict[int, int] = {}
        """The room that lists each of :attr:`_listed_challenges`."""
        self.open_for_challenges = True
        self._rejoin: list[int] = []
        """Channels to join again after a reconnect's login."""
        self._names_asked: set[int] = set()
        """Rooms whose names were asked for in this login (asked once)."""
        self._resynced: dict[int, None] = {}
        """Games joined again after a move contradicted our board (once each per login)."""

    # the wire ------------------------------------------------------------------------------
    def start(self) -> None:
        """Queue LOGIN: "Must be the first message sent"."""
        self._outbox.append(up.login(self.name, self._password, self._locale))

    def forget_challenges(self) -> list[ch.Change]:
        """The link is lost: KGS forgets open challenges with it, so the requests shown go
        (a stale one would be accepted into nothing after the reconnect)."""
        names = {c.submitted_by or c.terms.opponent for c in self._challenges.values()}
        return [ch.ChallengeClosed(name, "connection lost") for name in sorted(names) if name]

    def forget_rooms(self) -> list[ch.Change]:
        """The link is lost: we are in no room until the new login joins them again (a room
        that cannot be joined again must not stay marked as ours)."""
        return [ch.RoomLeft(room) for room in sorted(self.joined_rooms)]

    def restart(self) -> None:
        """Log in again after a lost link: the server forgot our channels, so forget them too,
        and join the rooms and games we were in once the login succeeds."""
        self._rejoin = sorted(self.joined_rooms) + sorted(self._games)
        self._names_asked.clear()
        self._resynced.clear()
        self._outbox = []
        self.logged_in = False
        self.failure = self.logged_out = ""
        self.joined_rooms.clear()
        self._room_games.clear()
        self._room_users.clear()
        self._games.clear()
        self._convos.clear()
        self._convo_users.clear()
        self._challenges.clear()
        self._pending_submit.clear()
        self._listed_challenges.clear()
        self._challenge_rooms.clear()
        self.start()

    def send(self, message: up.Upstream) -> None:
        """Queue any upstream message (the console's raw JSON)."""
        self._outbox.append(message)

    def data_to_send(self) -> list[up.Upstream]:
        out, self._outbox = self._outbox, []
        return out

    @staticmethod
    def redact(message: up.Upstream) -> up.Upstream:
        """``message`` fit to show or log: a LOGIN's password is replaced."""
        if message.get("type") == "LOGIN" and message.get("password"):
            return {**message, "password": "********"}
        return message

    # messages in ---------------------------------------------------------------------------
    def receive(self, message: msg.Message) -> list[ch.Change]:
        """The model changes ``message`` means (none for most bookkeeping)."""
        handler = getattr(self, "_on_" + type(message).__name__, None)
        if handler is None:
            return []
        changes: list[ch.Change] = handler(message)
        return changes

    def _system(self, text: str, kind: str = "notice") -> ch.Change:
        return ch.ChatAdded(
            BufferKey(ChatKind.SYSTEM),
            "KGS" if kind == "error" else "",
            text,
            kind,
            False,
            self._now(),
        )

    def _now(self) -> float:
        return self._wall_clock()

    def _on_Unknown(self, m: msg.Unknown) -> list[ch.Change]:
        """A message we do not act on: named in the console (its JSON is shown there by
        the transport); one whose shape is wrong also says what is wrong."""
        if m.reason:
            return [
                ch.ConsoleAdded(f"unreadable {m.type or 'message'} ({m.reason}): {m.raw}", "error")
            ]
        return [ch.ConsoleAdded(f"{m.type}: not used by this client", "unknown")]

    def _on_Hello(self, m: msg.Hello) -> list[ch.Change]:
        return [ch.ConsoleAdded(f"KGS server {m.version}", "hello")]

    def _on_LoginSucceeded(self, m: msg.LoginSucceeded) -> list[ch.Change]:
        self.logged_in = True
        self.me = m.you.name
        self.rooms = {room.channel_id: room for room in islice(m.rooms, kept.ROOMS)}
        changes: list[ch.Change] = [ch.PassesToEndSet(2), ch.PlayersUpdated((_player(m.you),))]
        friends = [u for kind, u in m.friends if kind == "buddy"]
        if friends:
            changes.append(ch.PlayersUpdated(tuple(_player(u) for u in friends)))
        if self.rooms:
            self._ask_names(sorted(self.rooms))
        for channel_id in self._rejoin:
            self._outbox.append(up.join(channel_id))
        self._rejoin = []
        return changes

    def _on_LoginFailed(self, m: msg.LoginFailed) -> list[ch.Change]:
        self.failure = m.reason
        return []

    def _on_LoggedOut(self, m: msg.LoggedOut) -> list[ch.Change]:
        self.logged_in = False
        self.no_reconnect = m.elsewhere
        self.logged_out = m.text or "KGS ended the session."
        return [self._system(self.logged_out, "error")]

    def _on_IdleWarning(self, _: msg.IdleWarning) -> list[ch.Change]:
        # The user is at the keyboard as long as the app runs: say we are here.
        self._outbox.append(up.wake_up())
        return []

    def _on_UserUpdated(self, m: msg.UserUpdated) -> list[ch.Change]:
        if not m.user.connected and m.user.name != self.me:
            return [ch.PlayerLeft(m.user.name)]
        return [ch.PlayersUpdated((_player(m.user),))]

    # rooms ----------------------------------------------------------------------------------
    def _room_list(self) -> tuple[Room, ...]:
        rooms = []
        for room_id, info in sorted(self.rooms.items()):
            users = self._room_users.get(room_id)
            rooms.append(
                Room(
                    room_id,
                    info.name or f"room {room_id}",
                    len(users) if users is not None else None,
                )
            )
        return tuple(rooms)

    def room_key(self, room_id: int) -> BufferKey:
        """The chat buffer of a room: named after the room once its name is known."""
        info = self.rooms.get(room_id)
        return BufferKey(
            ChatKind.CHANNEL, info.name if info is not None and info.name else str(room_id)
        )

    def room_by_label(self, label: str) -> int | None:
        """The room a chat buffer target or a typed name or number means."""
        wanted = label.strip().casefold()
        for room_id, info in self.rooms.items():
            if info.name.casefold() == wanted or str(room_id) == wanted:
                return room_id
        return None

    def _on_RoomNames(self, m: msg.RoomNames) -> list[ch.Change]:
        for room in m.rooms:
            old = self.rooms.get(room.channel_id)
            category = room.category or (old.category if old is not None else "")
            self._keep_room(room.channel_id)
            self.rooms[room.channel_id] = msg.RoomInfo(
                room.channel_id, category, room.name, room.description
            )
        return [ch.RoomsListed(self._room_list())]

    def _keep_room(self, room: int) -> None:
        """Make room for ``room`` among the rooms known (a joined one goes last)."""
        make_room(self.rooms, room, kept.ROOMS, rank=lambda r: r in self.joined_rooms)

    def _on_RoomJoined(self, m: msg.RoomJoined) -> list[ch.Change]:
        room = m.channel_id
        changes: list[ch.Change] = []
        if room not in self.joined_rooms:
            # _room_users holds the joined rooms in the order they were joined
            for old, _ in make_room(self._room_users, room, kept.JOINED_ROOMS):
                self._outbox.append(up.unjoin(old))
                changes += self._left_room(old)
        self._keep_room(room)
        self.rooms.setdefault(room, msg.RoomInfo(room))
        self.joined_rooms.add(room)
        self.current_room = room
        self._room_users[room] = {u.name: u for u in islice(m.users, kept.ROOM_USERS)}
        self._room_games[room] = {}
        changes += [
            ch.RoomJoined(room, also=True),
            ch.BufferOpened(self.room_key(room)),
        ]
        if m.users:
            changes.append(ch.PlayersUpdated(tuple(_player(u) for u in m.users)))
        changes += self._list_games(room, m.games)
        changes.append(ch.RoomsListed(self._room_list()))
        return changes + _dropped_notes("ROOM_JOIN", room, m.dropped)

    def _list_games(self, container: int, games: tuple[msg.GameEntry, ...]) -> list[ch.Change]:
        listed = self._room_games.setdefault(container, {})
        rows: list[GameSummary] = []
        changes: list[ch.Change] = []
        for entry in games:
            if entry.is_challenge:
                changes += self._challenge_listed(entry)
                make_room(self._challenge_rooms, entry.channel_id, kept.ROOM_GAMES)
                self._challenge_rooms[entry.channel_id] = container
                creator = entry.creator or entry.white or entry.black
                if creator is not None and creator.name != self.me:
                    row = _challenge_summary(entry, creator.name, self.me)
                    if row is not None:
                        rows.append(row)  # one games-list change for the whole listing
                continue
            make_room(listed, entry.channel_id, kept.ROOM_GAMES)
            listed[entry.channel_id] = entry
            if entry.over:
                changes.append(
                    ch.GameEnded(
                        entry.channel_id,
                        result_text(entry.score) if entry.score is not None else "",
                    )
                )
                listed.pop(entry.channel_id, None)
            elif MIN_SIZE <= entry.size <= MAX_SIZE:
                rows.append(_summary(entry))
        if rows:
            changes.insert(0, ch.GamesListed(tuple(rows)))
        return changes

    def _on_GamesListed(self, m: msg.GamesListed) -> list[ch.Change]:
        return self._list_games(m.channel_id, m.games) + _dropped_notes(
            "GAME_LIST", m.channel_id, m.dropped
        )

    def _on_GameRemoved(self, m: msg.GameRemoved) -> list[ch.Change]:
        listed = self._room_games.get(m.channel_id, {})
        listed.pop(m.game_id, None)
        self._challenge_rooms.pop(m.game_id, None)
        if (
            self._listed_challenges.pop(m.game_id, None) is not None
            and m.game_id not in self._challenges
        ):
            return [ch.GameUnlisted(m.game_id)]  # an open challenge went from the list
        if any(m.game_id in games for games in self._room_games.values()):
            return []  # still listed by another room we are in
        challenge = self._challenges.get(m.game_id)
        if challenge is not None and not challenge.ours:
            del self._challenges[m.game_id]
            return [
                ch.ChallengeClosed(challenge.terms.opponent, "withdrawn"),
                ch.GameUnlisted(m.game_id),
            ]
        return [ch.GameUnlisted(m.game_id)]

    def _on_UserJoinedChannel(self, m: msg.UserJoinedChannel) -> list[ch.Change]:
        users = self._room_users.get(m.channel_id)
        if users is None:
            return []
        make_room(users, m.user.name, kept.ROOM_USERS)
        users[m.user.name] = m.user
        return [ch.PlayersUpdated((_player(m.user),))]

    def _on_UserLeftChannel(self, m: msg.UserLeftChannel) -> list[ch.Change]:
        users = self._room_users.get(m.channel_id)
        if users is not None:
            users.pop(m.user.name, None)
        return []

    def _on_Unjoined(self, m: msg.Unjoined) -> list[ch.Change]:
        channel = m.channel_id
        if channel in self.joined_rooms:
            return self._left_room(channel)
        game = self._games.pop(channel, None)
        if game is not None:
            return []
        name = self._convo_users.pop(channel, None)
        if name is not None:
            self._convos.pop(name.casefold(), None)
        return []

    def _left_room(self, channel: int) -> list[ch.Change]:
        """We are out of the joined room ``channel``: its games and challenges leave the list
        unless another joined room lists them."""
        self.joined_rooms.discard(channel)
        self._room_users.pop(channel, None)
        gone = self._room_games.pop(channel, {})
        if self.current_room == channel:
            self.current_room = next(iter(sorted(self.joined_rooms)), None)
        still = {g for games in self._room_games.values() for g in games}
        changes: list[ch.Change] = [ch.GameUnlisted(g) for g in gone if g not in still]
        for challenge in [c for c, r in self._challenge_rooms.items() if r == channel]:
            del self._challenge_rooms[challenge]
            if self._listed_challenges.pop(challenge, None) is not None:
                changes.append(ch.GameUnlisted(challenge))
        changes += [ch.RoomLeft(channel), ch.RoomsListed(self._room_list())]
        return changes

    # chat -----------------------------------------------------------------------------------
    def _on_Chat(self, m: msg.Chat) -> list[ch.Change]:
        author = m.user.name
        if author == self.me:
            return []  # our own line, shown when we sent it
        now = self._now()
        channel = m.channel_id
        if channel in self._convo_users:
            return [
                ch.ChatAdded(
                    BufferKey(ChatKind.TELL, self._convo_users[channel]),
                    author,
                    m.text,
                    "message",
                    True,
                    now,
                )
            ]
        game = self._games.get(channel)
        if game is not None:
            said = author in game.roles.values()
            key = BufferKey(ChatKind.GAME, str(channel))
            line = Kibitz(author, m.user.rank, m.text, len(game.told))
            return [
                ch.ChatAdded(key, author, m.text, "say" if said else "kibitz", said, now),
                ch.GameChat(channel, line, said=said),
            ]
        if channel in self.rooms or channel in self.joined_rooms:
            kind = "notice" if m.announce else "message"
            return [ch.ChatAdded(self.room_key(channel), author, m.text, kind, False, now)]
        return [ch.ConsoleAdded(f"chat in channel {channel} from {author}: {m.text}", "chat")]

    def _on_ConvoJoined(self, m: msg.ConvoJoined) -> list[ch.Change]:
        name = m.user.name
        for old, who in make_room(self._convo_users, m.channel_id, kept.CONVERSATIONS):
            self._outbox.append(up.unjoin(old))
            self._convos.pop(who.casefold(), None)
        self._convos[name.casefold()] = m.channel_id
        self._convo_users[m.channel_id] = name
        for line in self._waiting_tells.pop(name.casefold(), []):
            self._outbox.append(up.chat(m.channel_id, line))
        return [ch.BufferOpened(BufferKey(ChatKind.TELL, name))]

    def _on_Refused(self, m: msg.Refused) -> list[ch.Change]:
        changes: list[ch.Change] = []
        if m.kind in ("CONVO_NO_SUCH_USER", "CONVO_NO_CHATS") and m.name:
            self._waiting_tells.pop(m.name.casefold(), None)
            changes.append(
                ch.ChatAdded(
                    BufferKey(ChatKind.TELL, m.name), "KGS", m.text, "error", False, self._now()
                )
            )
        elif m.kind == "DETAILS_NONEXISTANT" and m.name:
            changes.append(ch.PlayerCardReceived(PlayerCard(m.name, error=m.text)))
        else:
            changes.append(self._system(m.text, "error"))
        if m.kind in CHALLENGE_REFUSALS:
            # The offer that was not created is no longer pending (the system buffer's error
            # line is also a toast: model.apply).
            for key in [k for k in self._challenges if k < 0]:
                offer = self._challenges.pop(key)
                changes.append(ch.ChallengeClosed(offer.terms.opponent, "refused by KGS"))
        return changes

    def _on_DetailsJoined(self, m: msg.DetailsJoined) -> list[ch.Change]:
        user = m.user
        details: list[tuple[str, str]] = [("Rank", user.rank or "-")]
        details += m.details
        status = "online" if user.connected else "offline"
        if user.sleeping:
            status = "online, idle"
        details.append(("Status", status))
        if user.robot:
            details.append(("Robot", "yes"))
        # One look is all we wanted: leave the channel so its updates stop.
        self._outbox.append(up.unjoin(m.channel_id))
        return [ch.PlayerCardReceived(PlayerCard(user.name, tuple(details)))]

    # games ----------------------------------------------------------------------------------
    def _role(self, roles: dict[Color, str]) -> Role:
        if roles.get(Color.BLACK) == self.me and self.me:
            return Role.PLAYING_BLACK
        if roles.get(Color.WHITE) == self.me and self.me:
            return Role.PLAYING_WHITE
        return Role.OBSERVING

    def _on_GameJoined(self, m: msg.GameJoined) -> list[ch.Change]:
        number = m.channel_id
        summary = m.summary
        if not MIN_SIZE <= summary.size <= MAX_SIZE:
            self._outbox.append(up.unjoin(number))
            return [
                self._system(
                    f"Game {number}: a {summary.size}x{summary.size} board cannot be shown here.",
                    "error",
                )
            ]
        tree = GameTree(summary.size)
        tree.apply(m.events)
        roles = {ROLE_COLORS[r]: u.name for r, u in summary.players.items() if r in ROLE_COLORS}
        roles = roles or tree.players()
        changes: list[ch.Change] = self._make_room_for_game(number)
        game = self._games[number] = _Game(
            tree,
            roles=roles,
            played=summary.game_type in PLAYED_TYPES or not summary.game_type,
            board=_checking_board(summary.size),
        )
        white = summary.players.get("white")
        black = summary.players.get("black")
        rules = tree.rules or Rules(size=summary.size, komi=summary.komi, handicap=summary.handicap)
        changes += [
            ch.GameFollowed(
                number,
                self._role(roles),
                white=roles.get(Color.WHITE, ""),
                black=roles.get(Color.BLACK, ""),
                white_rank=white.rank if white is not None else "",
                black_rank=black.rank if black is not None else "",
                size=summary.size,
                komi=summary.komi,
                handicap=summary.handicap,
                title="" if summary.game_type in PLAYED_TYPES else summary.game_type,
                rules=sgf_rules(tree.rules.rules) if tree.rules is not None else None,
            ),
            ch.GameSetup(
                number, ch.SetupSource.PROPERTIES, summary.size, summary.komi, summary.handicap
            ),
            ch.MovesRestarted(number),
        ]
        game.settings = _time_settings(rules)
        changes.append(ch.TimeSystemSet(number, game.settings))
        changes += self._replay(number, game)
        changes += self._state(number, game, m.state)
        return changes

    def _make_room_for_game(self, number: int) -> list[ch.Change]:
        """Leave the games beyond :data:`.kept.GAMES` for ``number``: finished ones first,
        then those we only watch, then the oldest of ours."""

        def rank(other: int) -> int:
            game = self._games[other]
            return 0 if game.over else 1 if self._role(game.roles) is Role.OBSERVING else 2

        changes: list[ch.Change] = []
        for old, _ in make_room(self._games, number, kept.GAMES, rank=rank):
            self._outbox.append(up.unjoin(old))
            changes += [
                ch.GameUnfollowed(old),
                self._system(f"Game {old}: left (more than {kept.GAMES} games open at once)."),
            ]
        return changes

    def _on_GameUpdated(self, m: msg.GameUpdated) -> list[ch.Change]:
        game = self._games.get(m.channel_id)
        if game is None:
            return []
        game.tree.apply(m.events)
        changes = self._replay(m.channel_id, game)
        result = game.tree.result()
        if result and not game.over:
            game.over = True
            changes.append(ch.GameEnded(m.channel_id, result_text(_score_of(result))))
        return changes

    def _on_GameStateChanged(self, m: msg.GameStateChanged) -> list[ch.Change]:
        game = self._games.get(m.channel_id)
        return self._state(m.channel_id, game, m.state) if game is not None else []

    def _on_GameOver(self, m: msg.GameOver) -> list[ch.Change]:
        game = self._games.get(m.channel_id)
        if game is not None:
            if game.over:
                return []
            game.over = True
        return [ch.GameEnded(m.channel_id, result_text(m.score))]

    def _on_UndoRequested(self, m: msg.UndoRequested) -> list[ch.Change]:
        game = self._games.get(m.channel_id)
        if game is None:
            return []
        color = ROLE_COLORS.get(m.role)
        by = game.roles.get(color, m.role) if color is not None else m.role
        return [ch.UndoAsked(m.channel_id, by)]

    def _replay(self, number: int, game: _Game) -> list[ch.Change]:
        """Tell the model how the moves on the tree's active path differ from those told.

        Each new move is checked against our board first: a stone onto an occupied point, or
        a player moving out of turn in a played game, means our copy and the server's are out
        of step -- a sync error, and the game is joined again to get the whole tree anew (once:
        if the fresh tree says the same, the server is the authority and the move is told)."""
        if game.rejoining:
            return []
        wanted: list[MoveRecord] = []
        stones = game.tree.handicap_stones()
        if stones:
            wanted.append(MoveRecord(1, Color.BLACK, None, handicap=len(stones)))
        for move in game.tree.moves():
            wanted.append(_record(len(wanted) + 1, move))
        told = game.told
        same = 0
        while same < min(len(told), len(wanted)) and told[same] == wanted[same]:
            same += 1
        changes: list[ch.Change] = []
        handicap_changed = (
            same == 0 and bool(told) and (told[0].handicap or (wanted and wanted[0].handicap))
        )
        if handicap_changed:
            # The handicap is move 1 and cannot be taken back: start again.
            changes.append(ch.MovesRestarted(number))
            told = []
            game.board = _checking_board(game.tree.size)
        else:
            changes += [ch.MoveUndone(number) for _ in range(len(told) - same)]
            told = told[:same]
            game.board.undo_to(min(same, len(game.board.history)))
        for record in wanted[len(told) :]:
            conflict = _conflict(game, record, stones)
            if conflict and number not in self._resynced:
                make_room(self._resynced, number, kept.RESYNCED)
                self._resynced[number] = None
                changes += self._sync_error(number, f"{conflict}: joining the game again")
                self._outbox += [up.unjoin(number), up.join(number)]
                game.rejoining = True
                break
            if conflict:
                changes += self._sync_error(number, f"{conflict} (again after joining anew)")
            if record.handicap:
                changes.append(ch.FreeHandicapPlaced(number, stones))
            else:
                changes.append(ch.MoveAdded(number, record))
            told.append(record)
        game.told = told
        for problem in game.tree.problems:
            changes.append(ch.SyncError(number, problem))
        game.tree.problems.clear()
        dead = game.tree.dead()
        if dead != game.dead:
            if dead - game.dead:
                changes.append(ch.DeadStonesMarked(number, tuple(sorted(dead - game.dead))))
            if game.dead - dead:
                changes.append(ch.DeadStonesUnmarked(number, tuple(sorted(game.dead - dead))))
            game.dead = dead
        return changes

    def _sync_error(self, number: int, text: str) -> list[ch.Change]:
        """Noted on the game, and said in its chat beside the board, where the user looks."""
        key = BufferKey(ChatKind.GAME, str(number))
        return [
            ch.SyncError(number, text),
            ch.ChatAdded(key, "", f"Out of step with KGS: {text}.", "notice", False, self._now()),
        ]

    def _state(self, number: int, game: _Game, state: msg.GameState) -> list[ch.Change]:
        changes: list[ch.Change] = []
        if state.done_id is not None:
            game.done_id = state.done_id
        if state.over or (state.score is not None and not state.scoring):
            if not game.over:
                game.over = True
                score = state.score if state.score is not None else "UNKNOWN"
                changes.append(ch.GameEnded(number, result_text(score)))
            return changes
        phase = GamePhase.SCORING if state.scoring else GamePhase.PLAYING
        if state.adjourned:
            phase = GamePhase.ADJOURNED
        if phase is not game.phase:
            game.phase = phase
            changes.append(ch.PhaseChanged(number, phase))
        if state.clocks and game.settings is not None:
            readings = {
                color: _reading(state.clocks[role], game.settings)
                for role, color in ROLE_COLORS.items()
                if role in state.clocks
            }
            running = next(
                (
                    color
                    for role, color in ROLE_COLORS.items()
                    if role in state.clocks and state.clocks[role].running
                ),
                None,
            )
            if len(readings) == 2:
                changes.append(
                    ch.ClocksSynced(number, readings[Color.BLACK], readings[Color.WHITE], running)
                )
            else:
                for color, reading in readings.items():
                    changes.append(ch.ClockSet(number, color, reading, color is running))
        return changes

    # challenges -----------------------------------------------------------------------------
    # KGS's order (the reference's CHALLENGE_* messages): the owner creates a challenge in a
    # room; a challenger joins it and submits terms (CHALLENGE_SUBMIT); the owner answers with
    # final terms (CHALLENGE_PROPOSAL) or declines; the challenger accepts them
    # (CHALLENGE_ACCEPT) and the game starts (CHALLENGE_FINAL).
    def _challenge_listed(self, entry: msg.GameEntry) -> list[ch.Change]:
        """A challenge in a room: kept (it can be answered), and shown as a request when its
        proposal names us (one we could take is also a row of the games list: the caller's)."""
        creator = entry.creator or entry.white or entry.black
        if creator is None or creator.name == self.me:
            return []
        make_room(self._listed_challenges, entry.channel_id, kept.ROOM_GAMES)
        self._listed_challenges[entry.channel_id] = entry
        proposal = entry.proposal
        named = proposal is not None and any(name == self.me for _, name in proposal.players)
        if not named or not self.open_for_challenges or entry.channel_id in self._challenges:
            return []
        assert proposal is not None
        terms = _terms_of(proposal, self.me, creator.name)
        changes = self._keep_challenge(
            entry.channel_id,
            _Challenge(terms, ours=False, channel_id=entry.channel_id, proposal=proposal),
        )
        return [
            *changes,
            ch.ChallengeOpened(Challenge(terms, incoming=True, kind="challenge")),
            ch.Notified(
                "match",
                f"Challenge from {creator.name}",
                f"{terms.size}x{terms.size}, komi {terms.komi:g}",
            ),
        ]

    def _keep_challenge(self, key: int, challenge: _Challenge) -> list[ch.Change]:
        """Keep ``challenge`` under ``key``, closing the oldest beyond
        :data:`.kept.CHALLENGES_KEPT` (those offered to us before ours)."""
        gone = make_room(
            self._challenges, key, kept.CHALLENGES_KEPT, rank=lambda k: self._challenges[k].ours
        )
        self._challenges[key] = challenge
        return [
            ch.ChallengeClosed(old.submitted_by or old.terms.opponent, "too many challenges")
            for _, old in gone
        ]

    def _on_ChallengeCreated(self, m: msg.ChallengeCreated) -> list[ch.Change]:
        pending = self._challenges.pop(-m.callback_key - 1, None)
        if pending is not None:
            pending.channel_id = m.channel_id
            self._challenges[m.channel_id] = pending
        return []

    def _on_ChallengeJoined(self, m: msg.ChallengeJoined) -> list[ch.Change]:
        challenge = self._challenges.get(m.channel_id)
        if challenge is not None and m.proposal is not None and challenge.ours:
            challenge.proposal = m.proposal
        elif challenge is not None:
            challenge.joined = True
        proposal = self._pending_submit.pop(m.channel_id, None)
        if proposal is not None:
            self._outbox.append(up.challenge_submit(m.channel_id, proposal))
        return []

    def _on_ChallengeProposed(self, m: msg.ChallengeProposed) -> list[ch.Change]:
        challenge = self._challenges.get(m.channel_id)
        if challenge is None:
            return []
        if challenge.ours:
            if not m.submitted:
                return []
            # A challenger's terms: ours to take (a CHALLENGE_PROPOSAL back) or decline.
            by = m.by or next((n for _, n in m.proposal.players if n and n != self.me), "")
            if not by:
                return []
            challenge.submitted_by = by
            challenge.proposal = m.proposal
            named = challenge.terms.opponent.casefold() == by.casefold()
            if named and challenge.own is not None and _same_game(challenge.own, m.proposal):
                # The player we challenged took our terms as they are: they are final.
                self._outbox.append(up.challenge_proposal(m.channel_id, m.proposal))
                return []
            terms = _terms_of(m.proposal, self.me, by)
            return [
                ch.ChallengeOpened(Challenge(terms, incoming=True, kind="answer")),
                ch.Notified(
                    "match",
                    f"{by} answers your challenge",
                    f"{terms.size}x{terms.size}, komi {terms.komi:g}",
                ),
            ]
        # The owner's final terms for our submission: the game starts when we accept.
        challenge.proposal = m.proposal
        if challenge.submitted is not None and _same_game(challenge.submitted, m.proposal):
            self._outbox.append(up.challenge_accept(m.channel_id, m.proposal))
            return []
        terms = _terms_of(m.proposal, self.me, challenge.terms.opponent)
        challenge.terms = terms
        return [ch.ChallengeOpened(Challenge(terms, incoming=True, kind="proposal"))]

    def _on_ChallengeDeclined(self, m: msg.ChallengeDeclined) -> list[ch.Change]:
        challenge = self._challenges.get(m.channel_id)
        if challenge is None or challenge.ours:
            return []
        del self._challenges[m.channel_id]
        self._outbox.append(up.unjoin(m.channel_id))
        return [ch.ChallengeClosed(challenge.terms.opponent, "declined")]

    def _on_ChallengeFinal(self, m: msg.ChallengeFinal) -> list[ch.Change]:
        challenge = self._challenges.pop(m.channel_id, None)
        self._listed_challenges.pop(m.channel_id, None)
        if challenge is None:
            return []
        return [ch.ChallengeClosed(challenge.submitted_by or challenge.terms.opponent)]

    # the rest of the reference's downstream messages (docs/kgs-messages.md) -----------------
    def _on_Ignored(self, _: msg.Ignored) -> list[ch.Change]:
        return []  # its JSON is in the console already; the reason is in msg.IGNORED

    def _on_RoomDescribed(self, m: msg.RoomDescribed) -> list[ch.Change]:
        old = self.rooms.get(m.channel_id) or msg.RoomInfo(m.channel_id)
        self._keep_room(m.channel_id)
        self.rooms[m.channel_id] = msg.RoomInfo(
            old.channel_id, old.category, old.name, m.description
        )
        if not m.description or m.description == old.description:
            return []
        key = self.room_key(m.channel_id)
        return [ch.ChatAdded(key, "", m.description, "notice", False, self._now())]

    def _on_GameNotified(self, m: msg.GameNotified) -> list[ch.Change]:
        entry = m.game
        if entry.is_challenge or entry.over:
            return []
        names = {u.name for u in (entry.white, entry.black) if u is not None}
        who = " vs ".join(
            f"{u.name} ({c})" for u, c in ((entry.black, "B"), (entry.white, "W")) if u is not None
        )
        what = f"Game {entry.channel_id}: {who or entry.game_type}, {entry.size}x{entry.size}"
        if self.me in names and entry.channel_id not in self._games:
            self._outbox.append(up.join(entry.channel_id))
            return [self._system(f"{what} -- yours, in progress: joining it.")]
        return [self._system(f"{what}.")]

    def _on_GameReviewed(self, m: msg.GameReviewed) -> list[ch.Change]:
        review = m.review.channel_id
        return [self._system(f"Game {m.original_id} goes on as the review game {review}.")]

    def _on_GameRenamed(self, m: msg.GameRenamed) -> list[ch.Change]:
        for listed in self._room_games.values():
            entry = listed.get(m.channel_id)
            if entry is not None:
                listed[m.channel_id] = replace(entry, name=m.name)
        return [ch.GameTitled(m.channel_id, m.name)]

    def _on_TimeExpired(self, m: msg.TimeExpired) -> list[ch.Change]:
        game = self._games.get(m.channel_id)
        if game is None or game.over or self.me not in game.roles.values():
            return []
        self._outbox.append(up.time_expired(m.channel_id))
        return [self._system(f"Game {m.channel_id}: a clock ran out; KGS is told so.")]

    def _on_UndoRefused(self, m: msg.UndoRefused) -> list[ch.Change]:
        game = self._games.get(m.channel_id)
        if game is None:
            return []
        others = [name for name in game.roles.values() if name != self.me]
        return [ch.UndoDeclined(m.channel_id, others[0] if others else "")]

    # intents --------------------------------------------------------------------------------
    def own_line(self, key: BufferKey, text: str) -> ch.Change:
        return ch.ChatAdded(key, self.me or self.name, text, "own", False, self._now())

    def list_rooms(self) -> list[ch.Change]:
        """The rooms as known now; their names are asked for only where none is known and
        none was asked for yet (the login asks for all of them)."""
        unnamed = sorted(r for r, info in self.rooms.items() if not info.name)
        wanted = [r for r in unnamed if r not in self._names_asked]
        if wanted:
            self._ask_names(wanted)
        return [ch.RoomsListed(self._room_list())]

    def _ask_names(self, rooms: list[int]) -> None:
        if len(self._names_asked) > kept.ROOMS:
            self._names_asked.clear()  # (rooms forgotten since: at worst one more question)
        self._names_asked.update(rooms)
        self._outbox.append(up.room_names(rooms))

    def join_room(self, room: int) -> None:
        self._outbox.append(up.join(room))

    def leave_room(self, room: int) -> None:
        self._outbox.append(up.unjoin(room))

    def room_chat(self, room: int, text: str) -> list[ch.Change]:
        self._outbox.append(up.chat(room, text))
        return [self.own_line(self.room_key(room), text)]

    def games(self) -> tuple[GameSummary, ...]:
        """Every game the joined rooms list now, and the challenges we could take."""
        seen: dict[int, GameSummary] = {}
        for listed in self._room_games.values():
            for entry in listed.values():
                if MIN_SIZE <= entry.size <= MAX_SIZE:
                    seen[entry.channel_id] = _summary(entry)
        for entry in self._listed_challenges.values():
            creator = entry.creator or entry.white or entry.black
            row = _challenge_summary(entry, creator.name, self.me) if creator else None
            if row is not None:
                seen[entry.channel_id] = row
        return tuple(seen[n] for n in sorted(seen))

    def players(self) -> tuple[Player, ...]:
        """Everyone in the joined rooms now."""
        seen: dict[str, Player] = {}
        for users in self._room_users.values():
            for user in users.values():
                seen[user.name] = _player(user)
        return tuple(seen.values())

    def details(self, name: str) -> None:
        self._outbox.append(up.details(name))

    def observe(self, game: int) -> None:
        self._outbox.append(up.join(game))

    def unobserve(self, game: int) -> None:
        if self._games.pop(game, None) is not None:
            self._outbox.append(up.unjoin(game))

    def replay(self, game: int) -> list[ch.Change]:
        """The game's moves told again from the start (what we hold is the server's tree)."""
        known = self._games.get(game)
        if known is None:
            return []
        known.told = []
        known.board = _checking_board(known.tree.size)
        known.dead = frozenset()
        return [ch.MovesRestarted(game), *self._replay(game, known)]

    def game_chat(self, game: int, text: str) -> list[ch.Change]:
        self._outbox.append(up.chat(game, text))
        known = self._games.get(game)
        changes = [self.own_line(BufferKey(ChatKind.GAME, str(game)), text)]
        if known is not None:
            said = self.me in known.roles.values()
            line = Kibitz(self.me or self.name, "", text, len(known.told))
            changes.append(ch.GameChat(game, line, said=said))
        return changes

    def tell(self, name: str, text: str) -> list[ch.Change]:
        """A private line: sent in the conversation's channel, opened first if need be."""
        channel = self._convos.get(name.casefold())
        if channel is not None:
            self._outbox.append(up.chat(channel, text))
        else:
            make_room(self._waiting_tells, name.casefold(), kept.WAITING_TELLS)
            waiting = self._waiting_tells.setdefault(name.casefold(), [])
            if not waiting:
                self._outbox.append(up.convo(name))
            waiting.append(text)
            del waiting[: -kept.WAITING_TELLS]
        return [self.own_line(BufferKey(ChatKind.TELL, name), text)]

    def size_of(self, game: int) -> int:
        known = self._games.get(game)
        return known.tree.size if known is not None else 19

    def play(self, game: int, point: Point | None) -> None:
        where = None if point is None else Loc.of(point, self.size_of(game))
        self._outbox.append(up.move(game, where))

    def resign(self, game: int) -> None:
        self._outbox.append(up.resign(game))

    def request_undo(self, game: int) -> None:
        self._outbox.append(up.undo_request(game))

    def accept_undo(self, game: int) -> None:
        self._outbox.append(up.undo_accept(game))

    def mark(self, game: int, point: Point, alive: bool) -> None:
        self._outbox.append(up.mark_life(game, Loc.of(point, self.size_of(game)), alive))

    def is_dead(self, game: int, point: Point) -> bool:
        known = self._games.get(game)
        return known is not None and point in known.dead

    def dead_stones(self, game: int) -> frozenset[Point]:
        known = self._games.get(game)
        return known.dead if known is not None else frozenset()

    def done_scoring(self, game: int) -> str | None:
        """Agree to the count; why not, when we cannot (no doneId yet)."""
        known = self._games.get(game)
        if known is None or known.done_id is None:
            return "the game is not being scored"
        self._outbox.append(up.scoring_done(game, known.done_id))
        return None

    def challenge(self, terms: MatchTerms) -> str | None:
        """Offer ``terms`` to ``terms.opponent``; why not, if we cannot (no room joined).

        A counter-offer goes to the challenge it answers: submitted to their challenge, or
        sent as our final terms to the player who answered ours. Otherwise a challenge naming
        them is created in the room we are in (an unanswered one of ours to them is
        withdrawn first: the new terms replace it)."""
        found = self._find_challenge(terms.opponent)
        if found is not None:
            channel, challenge = found
            if not challenge.ours:
                challenge.terms = terms
                self._submit(channel, challenge, terms)
                return None
            if challenge.submitted_by:
                challenge.terms = terms
                final = self._own_proposal(terms, challenge.submitted_by)
                challenge.proposal = final
                self._outbox.append(up.challenge_proposal(channel, final))
                return None
            self._outbox.append(up.unjoin(channel))
            del self._challenges[channel]
        room = self.current_room
        if room is None:
            return "join a room first: KGS challenges are made in a room"
        self._callback = (self._callback + 1) % 0x10000
        key = self._callback
        proposal = self._own_proposal(terms, terms.opponent)
        # (a challenge closed to make room stays in the model's list, which has its own cap)
        self._keep_challenge(
            -key - 1, _Challenge(terms, ours=True, proposal=proposal, own=proposal)
        )
        self._outbox.append(up.challenge_create(room, proposal, key))
        return None

    def _own_proposal(self, terms: MatchTerms, opponent: str) -> msg.Proposal:
        """``terms`` as a proposal of our challenge: we, the owner, first."""
        me_role = "black" if terms.color is Color.BLACK else "white"
        them_role = "white" if me_role == "black" else "black"
        return msg.Proposal(
            GAME_KINDS.get(terms.kind, "free"),
            _rules_of(terms),
            nigiri=terms.color is None,
            players=((me_role, self.me), (them_role, opponent)),
        )

    def accept_challenge(self, terms: MatchTerms) -> str | None:
        """Take a challenge with ``terms.opponent``: final terms to a challenger of ours, an
        acceptance of an owner's final terms, or our terms submitted to their challenge."""
        found = self._find_challenge(terms.opponent)
        if found is not None:
            channel, challenge = found
            if challenge.proposal is None:
                return "the terms are not known yet"
            if challenge.ours:
                self._outbox.append(up.challenge_proposal(channel, challenge.proposal))
            elif challenge.submitted is not None:
                self._outbox.append(up.challenge_accept(channel, challenge.proposal))
            else:
                # The owner's terms as they are (with us in the open seat, if there is one).
                self._submit_proposal(channel, challenge, _seated(challenge.proposal, self.me))
            return None
        listed = self._listed_by(terms.opponent)
        if listed is None:
            return f"no challenge from {terms.opponent}"
        challenge = _Challenge(terms, ours=False, channel_id=listed.channel_id)
        self._keep_challenge(listed.channel_id, challenge)
        self._submit(listed.channel_id, challenge, terms)
        return None

    def _submit(self, channel: int, challenge: _Challenge, terms: MatchTerms) -> None:
        """Submit our terms to someone's challenge ("The first player in a proposal must
        always be the challenge owner")."""
        me_role = "black" if terms.color is Color.BLACK else "white"
        them_role = "white" if me_role == "black" else "black"
        proposal = msg.Proposal(
            GAME_KINDS.get(terms.kind, "free"),
            _rules_of(terms),
            nigiri=terms.color is None,
            players=((them_role, terms.opponent), (me_role, self.me)),
        )
        self._submit_proposal(channel, challenge, proposal)

    def _submit_proposal(self, channel: int, challenge: _Challenge, proposal: msg.Proposal) -> None:
        """Send ``proposal`` to the challenge, joining its channel first if we are not in it."""
        challenge.submitted = proposal
        if challenge.joined:
            self._outbox.append(up.challenge_submit(channel, proposal))
            return
        self._pending_submit[channel] = proposal
        self._outbox.append(up.join(channel))

    def open_listed(self, channel: int) -> list[ch.Change]:
        """A challenge of the games list, shown as a request to answer (accept, counter or
        decline, as any other); nothing if ``channel`` is not a challenge we could take."""
        entry = self._listed_challenges.get(channel)
        creator = (entry.creator or entry.white or entry.black) if entry is not None else None
        if entry is None or entry.proposal is None or creator is None:
            return []
        if _challenge_summary(entry, creator.name, self.me) is None:
            return []
        proposal = _seated(entry.proposal, self.me)
        terms = _terms_of(proposal, self.me, creator.name)
        known = self._challenges.get(channel)
        changes: list[ch.Change] = []
        if known is None or known.ours:
            challenge = _Challenge(terms, ours=False, channel_id=channel, proposal=proposal)
            changes = self._keep_challenge(channel, challenge)
        # "offers a game (open)"
        return [*changes, ch.ChallengeOpened(Challenge(terms, incoming=True, kind="open"))]

    def is_listed_challenge(self, channel: int) -> bool:
        return channel in self._listed_challenges

    def decline_challenge(self, opponent: str) -> list[ch.Change]:
        found = self._find_challenge(opponent)
        if found is None:
            return [ch.ChallengeClosed(opponent, "declined")]
        channel, challenge = found
        if challenge.ours:
            if challenge.submitted_by:
                self._outbox.append(up.challenge_decline(channel, challenge.submitted_by))
                challenge.submitted_by = ""
            else:
                self._outbox.append(up.unjoin(channel))  # withdraw our own challenge
                del self._challenges[channel]
        else:
            del self._challenges[channel]
            if challenge.submitted is not None:
                self._outbox.append(up.unjoin(channel))
        return [ch.ChallengeClosed(opponent, "declined")]

    def _find_challenge(self, opponent: str) -> tuple[int, _Challenge] | None:
        wanted = opponent.casefold()
        for channel, challenge in self._challenges.items():
            names = {challenge.terms.opponent.casefold(), challenge.submitted_by.casefold()}
            if channel > 0 and wanted in names:
                return channel, challenge
        return None

    def _listed_by(self, creator: str) -> msg.GameEntry | None:
        wanted = creator.casefold()
        for entry in self._listed_challenges.values():
            owner = entry.creator or entry.white or entry.black
            if owner is not None and owner.name.casefold() == wanted:
                return entry
        return None


# helpers ------------------------------------------------------------------------------------
_CHECKING_RULES = Ruleset("kgs-check", 10**9, JAPANESE_RULES.scoring)
"""Passes never end play on the checking board: KGS says when a game ends, not our engine."""


def _checking_board(size: int) -> Game:
    return Game(size if MIN_SIZE <= size <= MAX_SIZE else 19, ruleset=_CHECKING_RULES)


def _conflict(game: _Game, record: MoveRecord, stones: tuple[Point, ...]) -> str:
    """Why ``record`` contradicts the moves told so far ("" when it does not), after which it
    is on ``game.board`` (placed as the server says even when our rules engine disagrees)."""
    board = game.board
    if record.handicap:
        try:
            board.setup(black=stones, to_move=Color.WHITE)
        except ValueError:
            board.setup(to_move=Color.WHITE)
        return ""
    why = ""
    point = record.point
    if game.played and record.color is not board.to_move:
        why = f"move {record.number} is {record.color.name.lower()}'s, but it is "
        why += f"{board.to_move.name.lower()}'s turn"
    elif point is not None and board.get(point) is not None:
        why = f"move {record.number} is on {_where(point, board.size)}, which is occupied"
    try:
        board.play(point, record.color)
    except IllegalMove:
        placed = [point] if point is not None and board.get(point) is None else []
        black, white = (placed, []) if record.color is Color.BLACK else ([], placed)
        try:
            board.setup(black=black, white=white, to_move=record.color.opponent)
        except ValueError:
            board.setup(to_move=record.color.opponent)
    return why


def _where(point: Point, size: int) -> str:
    from igs_tui.go import format_point

    return format_point(point, size)


def _dropped_notes(kind: str, channel: int, dropped: tuple[str, ...]) -> list[ch.Change]:
    """A console line for each list entry left out (the rest of the list was kept)."""
    return [
        ch.ConsoleAdded(f"{kind} {channel}: dropped {why} (the rest of the list is kept)", "error")
        for why in dropped
    ]


def _player(user: User) -> Player:
    return Player(
        user.name,
        rank=user.rank,
        online=user.connected or not user.flags,
        playing=None,
        idle="idle" if user.sleeping else "",
    )


def _summary(entry: msg.GameEntry) -> GameSummary:
    white, black = entry.white, entry.black
    return GameSummary(
        number=entry.channel_id,
        white=white.name if white is not None else "",
        white_rank=white.rank if white is not None else "",
        black=black.name if black is not None else "",
        black_rank=black.rank if black is not None else "",
        moves=entry.move_num,
        size=entry.size,
        handicap=entry.handicap,
        komi=entry.komi,
        observers=entry.observers,
        flags=GAME_TYPE_FLAGS.get(entry.game_type, ""),
        title=entry.name or ("" if entry.game_type in PLAYED_TYPES else entry.game_type),
    )


def _challenge_summary(entry: msg.GameEntry, creator: str, me: str) -> GameSummary | None:
    """A challenge we could take as a row of the games list (its number is the challenge's
    channel: choosing it shows the terms to answer); None for one with no seat for us."""
    proposal = entry.proposal
    if proposal is None or not MIN_SIZE <= proposal.rules.size <= MAX_SIZE:
        return None
    seats = [name for _, name in proposal.players]
    if "" not in seats and me.casefold() not in {n.casefold() for n in seats}:
        return None
    names = dict(proposal.players)
    rules = proposal.rules
    named = [n for n in seats if n and n.casefold() != creator.casefold()]
    text = entry.name or (
        f"{creator} challenges {named[0]}" if named else f"{creator} plays anyone"
    )
    return GameSummary(
        number=entry.channel_id,
        white=names.get("white", ""),
        white_rank=entry.creator.rank if entry.creator and names.get("white") == creator else "",
        black=names.get("black", ""),
        black_rank=entry.creator.rank if entry.creator and names.get("black") == creator else "",
        size=rules.size,
        handicap=rules.handicap,
        komi=rules.komi,
        flags=GAME_TYPE_FLAGS.get(proposal.game_type, ""),
        title=f"{CHALLENGE_TITLE}: {text}",
        open_challenge=True,
    )


def _seated(proposal: msg.Proposal, me: str) -> msg.Proposal:
    """``proposal`` with us in its open seat (unchanged when it names us already)."""
    if any(name.casefold() == me.casefold() for _, name in proposal.players):
        return proposal
    players = list(proposal.players)
    for i, (role, name) in enumerate(players):
        if not name:
            players[i] = (role, me)
            break
    return msg.Proposal(proposal.game_type, proposal.rules, proposal.nigiri, tuple(players))


def _record(number: int, move: TreeMove) -> MoveRecord:
    return MoveRecord(number, move.color, move.point)


def _score_of(text: str) -> float | str:
    try:
        return float(text)
    except ValueError:
        return text


SGF_RULES = {"japanese": "Japanese", "chinese": "Chinese", "aga": "AGA", "new_zealand": "NZ"}
"""KGS's rule sets (reference, "Rules") under the names SGF's ``RU`` gives them."""


def sgf_rules(rules: str) -> str:
    """``RU`` for a KGS rule set (an unknown one as KGS spells it)."""
    return SGF_RULES.get(rules.lower(), rules)


def _time_settings(rules: Rules) -> TimeSettings | None:
    """The reference's time systems (none, absolute, byo_yomi, canadian) as ours."""
    system = rules.time_system
    if system == "absolute":
        return TimeSettings.classify(rules.main_time)
    if system == "byo_yomi":
        return TimeSettings.classify(
            rules.main_time, byo_seconds=rules.byo_yomi_time, periods=rules.byo_yomi_periods
        )
    if system == "canadian":
        return TimeSettings.classify(
            rules.main_time, byo_seconds=rules.byo_yomi_time, byo_stones=rules.byo_yomi_stones
        )
    return None


def _reading(clock: msg.ClockState, settings: TimeSettings) -> ClockReading:
    """A GAME_STATE clock as a reading. The reference gives ``time``, ``periodsLeft`` and
    ``stonesLeft`` but not whether the clock is still in main time: a clock counts as in
    overtime once there is no main time, or a period (Japanese) or stone count (Canadian)
    has been used."""
    from igs_tui.go.timecontrol import TimeSystem

    if settings.system is TimeSystem.JAPANESE:
        periods = clock.periods_left if clock.periods_left is not None else settings.periods
        if settings.main_seconds == 0 or periods < settings.periods:
            return ClockReading(0.0, in_byoyomi=True, byo_seconds=clock.time, periods=periods)
    elif settings.system is TimeSystem.CANADIAN:
        stones = clock.stones_left
        if stones is not None and (settings.main_seconds == 0 or stones < settings.byo_stones):
            return ClockReading(clock.time, in_byoyomi=True, byo_stones=stones)
    return ClockReading(clock.time)


def _rules_of(terms: MatchTerms) -> Rules:
    settings = terms.time_settings()
    from igs_tui.go.timecontrol import TimeSystem

    if settings.system is TimeSystem.JAPANESE:
        system, periods, stones = "byo_yomi", settings.periods, 0
    elif settings.system is TimeSystem.CANADIAN:
        system, periods, stones = "canadian", 0, settings.byo_stones
    elif settings.main_seconds:
        system, periods, stones = "absolute", 0, 0
    else:
        system, periods, stones = "none", 0, 0
    return Rules(
        size=terms.size,
        rules="japanese",
        komi=terms.komi,
        handicap=terms.handicap,
        time_system=system,
        main_time=settings.main_seconds,
        byo_yomi_time=settings.byo_seconds,
        byo_yomi_periods=periods,
        byo_yomi_stones=stones,
    )


def _same_game(a: msg.Proposal, b: msg.Proposal) -> bool:
    """The same offer (names in any case, players in any order)."""

    def key(p: msg.Proposal) -> tuple[object, ...]:
        return (p.game_type, p.rules, p.nigiri, sorted((r, n.casefold()) for r, n in p.players))

    return key(a) == key(b)


def _terms_of(proposal: msg.Proposal, me: str, opponent: str) -> MatchTerms:
    """A proposal written from our side (:class:`~igs_tui.model.play.Challenge`'s rule)."""
    r = proposal.rules
    mine = next((role for role, name in proposal.players if name == me), "")
    color = None if proposal.nigiri else ROLE_COLORS.get(mine, Color.BLACK)
    return MatchTerms(
        opponent,
        color=color,
        size=r.size,
        handicap=r.handicap,
        komi=r.komi,
        main_seconds=r.main_time,
        byo_seconds=r.byo_yomi_time,
        byo_stones=r.byo_yomi_stones,
        byo_periods=r.byo_yomi_periods,
        kind=KIND_OF_TYPE.get(proposal.game_type, "free"),
    )
