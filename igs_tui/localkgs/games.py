"""One game channel: the position (our rules engine), its KGS SGF tree, clocks and scoring.

Everything here is pure: methods take the current game time ``now`` (seconds) and return the
downstream messages for the channel's members; the world (:mod:`.world`) delivers them.

How the game is told as SGF events (the reference gives the event and property types, not
the sequence; this is our choice, modelled on what KGS clients expect):

* the root node (id 0) gets one PROP_GROUP_ADDED with RULES, PLAYERNAME (white, black), DATE
  and, for handicap games, the ADDSTONE properties of the handicap stones;
* each move is CHILD_ADDED (parent -> new node id; ``position`` only when the parent already
  has children, i.e. after an undo), PROP_GROUP_ADDED on the new node with MOVE (``color``,
  ``loc``) and TIMELEFT (``color``, ``float``), then ACTIVATED (new node, ``prevNodeId``);
* an undo is ACTIVATED back to the parent (the undone node stays in the tree as a variation);
* marking dead stones in scoring adds or removes DEAD properties (one per stone) on the
  active node; the result is a RESULT property on the root (the score as text).

A GAME_STATE follows every change (actions, clocks, and the scoring fields while scoring).
Scores: numbers are black minus white ("positive a black win"), or ``B+RESIGN``, ``W+TIME``...
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from igs_tui.go import Color, Game, Point, ScoringSession
from igs_tui.go.timecontrol import PlayerClock, TimeSystem
from igs_tui.localkgs.rules import KgsRules
from igs_tui.localkgs.vocabulary import JsonObject, MessageError, point_to_loc, score_text

UserLookup = Callable[[str], JsonObject]

COLOR_NAME = {Color.BLACK: "black", Color.WHITE: "white"}
ROLE_COLOR = {"black": Color.BLACK, "white": Color.WHITE}


class Phase(Enum):
    PLAY = "play"
    SCORING = "scoring"
    OVER = "over"


@dataclass
class GameChannel:
    channel_id: int
    room_id: int
    rules: KgsRules
    players: dict[Color, str]
    timestamp: str
    users: UserLookup
    game_type: str = "free"
    date: str = ""
    members: set[str] = field(default_factory=set)
    """Lower-cased names of the users in the channel (players and observers)."""

    def __post_init__(self) -> None:
        r = self.rules
        self.game = Game(r.size, komi=r.komi, ruleset=r.ruleset, handicap=r.handicap)
        settings = r.time_settings()
        self.clocks = {color: PlayerClock(settings) for color in Color}
        self.timed = settings.system is not TimeSystem.NONE
        self.phase = Phase.PLAY
        self.score: float | str | None = None
        self.events: list[JsonObject] = []
        self.current = 0
        self._next_node = 1
        self._parent: dict[int, int] = {}
        self._children: dict[int, int] = {}
        self.scoring: ScoringSession | None = None
        self.done_id = 0
        self.done_sent = {Color.BLACK: False, Color.WHITE: False}
        self.undo_requested_by: Color | None = None
        self.seen: set[int] = {self.game.position_hash}
        """Position hashes so far, for the robots' superko check."""
        self._root_events()

    # -- who is who ----------------------------------------------------------------------

    def color_of(self, name: str) -> Color | None:
        for color, player in self.players.items():
            if player.lower() == name.lower():
                return color
        return None

    def player_map(self) -> JsonObject:
        return {COLOR_NAME[c]: self.users(n) for c, n in sorted(self.players.items())}

    @property
    def to_move(self) -> Color:
        return self.game.to_move

    # -- the tree --------------------------------------------------------------------------

    def _root_events(self) -> None:
        props: list[JsonObject] = [{"name": "RULES", **self.rules.to_json()}]
        for color in (Color.WHITE, Color.BLACK):
            props.append(
                {"name": "PLAYERNAME", "color": COLOR_NAME[color], "text": self.players[color]}
            )
        if self.date:
            props.append({"name": "DATE", "text": self.date})
        for point, color in sorted(self.game.stones().items()):
            props.append({"name": "ADDSTONE", "color": COLOR_NAME[color], "loc": self._loc(point)})
        self.events.append({"type": "PROP_GROUP_ADDED", "nodeId": 0, "props": props})

    def _loc(self, point: Point | None) -> str | JsonObject:
        return point_to_loc(point, self.rules.size)

    def _add_node(self, props: list[JsonObject]) -> list[JsonObject]:
        parent, node = self.current, self._next_node
        self._next_node += 1
        child: JsonObject = {"type": "CHILD_ADDED", "nodeId": parent, "childNodeId": node}
        existing = self._children.get(parent, 0)
        if existing:
            child["position"] = existing
        self._children[parent] = existing + 1
        self._parent[node] = parent
        self.current = node
        events = [
            child,
            {"type": "PROP_GROUP_ADDED", "nodeId": node, "props": props},
            {"type": "ACTIVATED", "nodeId": node, "prevNodeId": parent},
        ]
        self.events.extend(events)
        return events

    # -- messages ------------------------------------------------------------------------

    def summary(self) -> JsonObject:
        """The reference's "Game Summary" of this game."""
        out: JsonObject = {
            "size": self.rules.size,
            "timestamp": self.timestamp,
            "gameType": self.game_type,
            "players": self.player_map(),
            "komi": self.rules.komi,
        }
        if self.rules.handicap:
            out["handicap"] = self.rules.handicap
        if self.score is not None:
            out["score"] = self.score
        if self.phase is not Phase.OVER:
            out["inPlay"] = True
        return out

    def list_entry(self) -> JsonObject:
        """The reference's "Game Channel" (for GAME_LIST, ROOM_JOIN, GAME_NOTIFY)."""
        out: JsonObject = {
            "channelId": self.channel_id,
            "gameType": self.game_type,
            "roomId": self.room_id,
            "players": self.player_map(),
            **self.rules.to_json(),
            "moveNum": self.game.move_count,
        }
        observers = len({m for m in self.members} - {p.lower() for p in self.players.values()})
        if observers:
            out["observers"] = observers
        if self.score is not None:
            out["score"] = self.score
        if self.phase is Phase.OVER:
            out["over"] = True
        return out

    def clock_json(self, color: Color, now: float) -> JsonObject:
        clock = self.clocks[color]
        probe = clock.probe(now) if clock.running else clock
        settings = clock.settings
        out: JsonObject = {}
        if probe.in_byoyomi and settings.system is TimeSystem.JAPANESE:
            total = max(0.0, probe.byo_left)
            periods = max(1, math.ceil(total / settings.byo_seconds)) if total > 0 else 0
            out["time"] = round(total - max(0, periods - 1) * settings.byo_seconds, 3)
            out["periodsLeft"] = periods
        elif probe.in_byoyomi:
            out["time"] = round(max(0.0, probe.byo_left), 3)
            out["stonesLeft"] = probe.stones_left
        else:
            out["time"] = round(max(0.0, probe.main_left), 3)
            if settings.system is TimeSystem.JAPANESE:
                out["periodsLeft"] = settings.periods
            elif settings.system is TimeSystem.CANADIAN:
                out["stonesLeft"] = settings.byo_stones
        if clock.running:
            out["running"] = True
        return out

    def state(self, now: float) -> JsonObject:
        """GAME_STATE: flags, actions, clocks, and the scoring fields while scoring."""
        out: JsonObject = {"type": "GAME_STATE", "channelId": self.channel_id}
        actions: list[JsonObject] = []
        if self.phase is Phase.PLAY:
            actions.append({"action": "MOVE", "user": self.users(self.players[self.to_move])})
        elif self.phase is Phase.SCORING:
            for color in (Color.BLACK, Color.WHITE):
                actions.append({"action": "SCORE", "user": self.users(self.players[color])})
        out["actions"] = actions
        if self.timed:
            out["clocks"] = {COLOR_NAME[c]: self.clock_json(c, now) for c in Color}
        if self.phase is Phase.SCORING and self.scoring is not None:
            score = self.scoring.score()
            out["doneId"] = self.done_id
            out["blackDoneSent"] = self.done_sent[Color.BLACK]
            out["whiteDoneSent"] = self.done_sent[Color.WHITE]
            out["blackScore"] = score.black
            out["whiteScore"] = score.white
        if self.phase is Phase.OVER:
            out["over"] = True
            out["score"] = self.score
        return out

    def join_message(self, now: float, member_users: list[JsonObject]) -> JsonObject:
        """GAME_JOIN: users, game summary, every SGF event so far, and the GAME_STATE fields."""
        state = self.state(now)
        state["type"] = "GAME_JOIN"
        state["users"] = member_users
        state["gameSummary"] = self.summary()
        state["sgfEvents"] = list(self.events)
        return state

    def _update(self, events: list[JsonObject]) -> JsonObject:
        return {"type": "GAME_UPDATE", "channelId": self.channel_id, "sgfEvents": events}

    # -- play ------------------------------------------------------------------------------

    def start_clock(self, now: float) -> None:
        if self.timed and self.phase is Phase.PLAY:
            self.clocks[self.to_move].start(now)

    def deadline(self) -> float | None:
        """When the player to move loses on time (None: no limit or not running)."""
        if self.phase is not Phase.PLAY:
            return None
        return self.clocks[self.to_move].deadline()

    def play(self, color: Color, point: Point | None, now: float) -> list[JsonObject]:
        """A move (``None`` passes) by ``color``; :class:`MessageError` when refused."""
        if self.phase is Phase.SCORING:
            raise MessageError("the game is being scored")
        if self.phase is Phase.OVER:
            raise MessageError("the game is over")
        if color is not self.to_move:
            raise MessageError("it is not your turn")
        check = self.game.check(point, color)
        if not check.legal:
            reason = check.reason.value if check.reason is not None else "illegal"
            raise MessageError(f"illegal move: {reason}")
        clock = self.clocks[color]
        timing = clock.stop(now) if self.timed else None
        if timing is not None and not timing.ok:
            return self.finish("W+TIME" if color is Color.BLACK else "B+TIME", now)
        self.game.play(point, color)
        self.seen.add(self.game.position_hash)
        self.undo_requested_by = None
        props: list[JsonObject] = [
            {"name": "MOVE", "color": COLOR_NAME[color], "loc": self._loc(point)}
        ]
        if self.timed:
            props.append(
                {
                    "name": "TIMELEFT",
                    "color": COLOR_NAME[color],
                    "float": self.clock_json(color, now)["time"],
                }
            )
        events = self._add_node(props)
        if self.game.play_ended:
            self.phase = Phase.SCORING
            self.scoring = ScoringSession(self.game)
            self.done_id = 1
            self.done_sent = {Color.BLACK: False, Color.WHITE: False}
        else:
            self.start_clock(now)
        return [self._update(events), self.state(now)]

    def resign(self, color: Color, now: float) -> list[JsonObject]:
        if self.phase is Phase.OVER:
            raise MessageError("the game is over")
        return self.finish("W+RESIGN" if color is Color.BLACK else "B+RESIGN", now)

    def time_out(self, now: float) -> list[JsonObject]:
        """The player to move has run out of time (the caller checked :meth:`deadline`)."""
        loser = self.to_move
        return self.finish("W+TIME" if loser is Color.BLACK else "B+TIME", now)

    def finish(self, score: float | str, now: float) -> list[JsonObject]:
        for clock in self.clocks.values():
            clock.pause(now)
        self.phase = Phase.OVER
        self.score = score
        event = {
            "type": "PROP_ADDED",
            "nodeId": 0,
            "prop": {"name": "RESULT", "text": score_text(score)},
        }
        self.events.append(event)
        return [
            self._update([event]),
            self.state(now),
            {"type": "GAME_OVER", "channelId": self.channel_id, "score": score},
        ]

    def add_time(self, color: Color, seconds: float, now: float) -> list[JsonObject]:
        if self.phase is not Phase.PLAY or not self.timed:
            raise MessageError("no clock to add time to")
        clock = self.clocks[color]
        running = clock.running
        if running:
            clock.pause(now)
        clock.add(seconds)
        if running:
            clock.start(now)
        return [self.state(now)]

    # -- undo ------------------------------------------------------------------------------

    def request_undo(self, color: Color) -> JsonObject:
        if self.phase is not Phase.PLAY or self.game.move_count == 0:
            raise MessageError("there is no move to undo")
        self.undo_requested_by = color
        return {
            "type": "GAME_UNDO_REQUEST",
            "channelId": self.channel_id,
            "role": COLOR_NAME[color],
        }

    def accept_undo(self, color: Color, now: float) -> list[JsonObject]:
        """``color`` grants the opponent's request: take back moves until it is the requester's
        turn again (one move if the requester moved last, two if the granter already replied)."""
        requester = self.undo_requested_by
        if requester is None or requester is color:
            raise MessageError("there is no undo request to accept")
        self.undo_requested_by = None
        if self.timed:
            self.clocks[self.to_move].pause(now)
        events: list[JsonObject] = []
        undone = 0
        while self.game.move_count and (undone == 0 or self.to_move is not requester):
            self.game.undo()
            parent = self._parent.get(self.current, 0)
            events.append({"type": "ACTIVATED", "nodeId": parent, "prevNodeId": self.current})
            self.current = parent
            undone += 1
        self.events.extend(events)
        self.start_clock(now)
        return [self._update(events), self.state(now)]

    # -- scoring ---------------------------------------------------------------------------

    def mark_life(self, point: Point, alive: bool, now: float) -> list[JsonObject]:
        if self.phase is not Phase.SCORING or self.scoring is None:
            raise MessageError("the game is not being scored")
        if self.game.get(point) is None:
            raise MessageError("there is no stone there")
        if self.scoring.is_dead(point) != alive:
            return []  # already so: nothing changes, the done ID stays
        chain = self.scoring.toggle(point)
        kind = "PROP_ADDED" if not alive else "PROP_REMOVED"
        events = [
            {"type": kind, "nodeId": self.current, "prop": {"name": "DEAD", "loc": self._loc(p)}}
            for p in sorted(chain)
        ]
        self.events.extend(events)
        self.done_id += 1
        self.done_sent = {Color.BLACK: False, Color.WHITE: False}
        return [self._update(events), self.state(now)]

    def scoring_done(self, color: Color, done_id: int, now: float) -> list[JsonObject]:
        """ "If it is not up to date the message will be ignored by the server"."""
        if self.phase is not Phase.SCORING or self.scoring is None or done_id != self.done_id:
            return []
        self.done_sent[color] = True
        if all(self.done_sent.values()):
            score = self.scoring.score()
            return self.finish(score.black - score.white, now)
        return [self.state(now)]
