"""One KGS game's SGF tree, rebuilt from its SGF events, read as a move list; pure.

"On KGS, SGF files are dynamic. A change in an SGF file is represented by an SGF Event
object" with the ``nodeId`` it applies to (the reference's "Data Types"). The game as it stands
is the path from the root (node 0) to the *active* node (ACTIVATED): its MOVE properties are
the moves, the root's ADDSTONE properties the handicap stones, the active node's DEAD
properties the stones marked dead in scoring. An undo is an ACTIVATED back to an earlier node,
so the tree is kept whole and the path read anew after each batch of events.

What the reference does not give (the order in which a server sends the events of a move) is
not assumed: any tree and any activation order gives the same path.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from igs_tui.backends.kgs.json_messages import Prop, SgfEvent
from igs_tui.backends.kgs.json_values import PASS, Loc, Rules
from igs_tui.go import Color, Point

MAX_NODES = 100_000
"""A tree larger than this is not grown further (a hostile server cannot exhaust memory)."""
MAX_WEIGHT = 4_000_000
"""Properties and their text kept in one tree, counted as one per property plus its text's
length (a long game with comments is well under 100,000): beyond, new ones are refused as a
full tree's nodes are (a server adding comments to a node without end cannot exhaust
memory either)."""

COLORS = {"black": Color.BLACK, "white": Color.WHITE}


@dataclass(frozen=True, slots=True)
class TreeMove:
    """A move on the path: its colour and point (None: pass) as our rules engine counts."""

    color: Color
    point: Point | None


@dataclass
class _Node:
    parent: int | None
    props: list[Prop] = field(default_factory=list)
    children: list[int] = field(default_factory=list)


class GameTree:
    """The SGF tree of one game channel, and the game it shows."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.nodes: dict[int, _Node] = {0: _Node(None)}
        self.active = 0
        self.problems: list[str] = []
        """Events that did not fit the tree (kept for the console; never raised)."""
        self.weight = 0
        """What the properties held weigh (:data:`MAX_WEIGHT`)."""

    def apply(self, events: tuple[SgfEvent, ...]) -> None:
        for event in events:
            self._apply(event)

    def _node(self, node_id: int) -> _Node | None:
        node = self.nodes.get(node_id)
        if node is None and len(self.nodes) < MAX_NODES:
            # An event about a node we never saw created: keep it, hung from nowhere.
            node = self.nodes[node_id] = _Node(None)
        return node

    def _apply(self, event: SgfEvent) -> None:
        node = self._node(event.node)
        if node is None:
            self.problems.append(f"{event.type}: the tree is full")
            return
        kind = event.type
        if kind in ("PROP_ADDED", "PROP_GROUP_ADDED", "PROP_CHANGED"):
            for prop in event.props:
                if kind == "PROP_CHANGED" or _single(prop):
                    self._remove(node, prop)
                if self.weight + _weight(prop) > MAX_WEIGHT:
                    self.problems.append(f"{kind} {prop.name}: the tree is full")
                    continue
                node.props.append(prop)
                self.weight += _weight(prop)
        elif kind in ("PROP_REMOVED", "PROP_GROUP_REMOVED"):
            for prop in event.props:
                self._remove(node, prop)
        elif kind == "CHILD_ADDED" and event.child is not None:
            if event.child in self.nodes or len(self.nodes) >= MAX_NODES:
                self.problems.append(f"CHILD_ADDED: node {event.child} not added")
                return
            self.nodes[event.child] = _Node(event.node)
            at = event.position if event.position is not None else len(node.children)
            node.children.insert(min(at, len(node.children)), event.child)
        elif kind == "ACTIVATED":
            self.active = event.node
        # other events (CHILDREN_REORDERED, playback events...) change nothing we show

    def _remove(self, node: _Node, prop: Prop) -> None:
        """Take the properties in ``prop``'s slot off ``node``."""
        kept = [p for p in node.props if not _same_slot(p, prop)]
        if len(kept) != len(node.props):
            self.weight -= sum(_weight(p) for p in node.props if _same_slot(p, prop))
            node.props = kept

    def path(self) -> list[int]:
        """Node ids from the root to the active node."""
        path: list[int] = []
        seen: set[int] = set()
        current: int | None = self.active
        while current is not None and current not in seen:
            seen.add(current)
            path.append(current)
            node = self.nodes.get(current)
            current = node.parent if node is not None else None
        path.reverse()
        return path

    def _props(self, name: str, nodes: list[int]) -> list[Prop]:
        return [p for n in nodes for p in self.nodes[n].props if p.name == name]

    @property
    def rules(self) -> Rules | None:
        found = self._props("RULES", [0])
        return found[-1].rules if found else None

    def players(self) -> dict[Color, str]:
        """PLAYERNAME properties of the root, by colour."""
        out: dict[Color, str] = {}
        for prop in self._props("PLAYERNAME", [0]):
            color = COLORS.get(prop.color)
            if color is not None and prop.text:
                out[color] = prop.text
        return out

    def handicap_stones(self) -> tuple[Point, ...]:
        """The root's black ADDSTONE points: the handicap stones KGS places."""
        stones = []
        for prop in self._props("ADDSTONE", [0]):
            if prop.color == "black" and isinstance(prop.loc, Loc):
                point = prop.loc.point(self.size)
                if point is not None:
                    stones.append(point)
        return tuple(stones)

    def moves(self) -> list[TreeMove]:
        moves = []
        for prop in self._props("MOVE", self.path()):
            color = COLORS.get(prop.color)
            if color is None:
                continue
            if prop.loc == PASS:
                moves.append(TreeMove(color, None))
            elif isinstance(prop.loc, Loc):
                point = prop.loc.point(self.size)
                if point is None:
                    self.problems.append(f"a move off the {self.size}x{self.size} board")
                    continue
                moves.append(TreeMove(color, point))
        return moves

    def dead(self) -> frozenset[Point]:
        """Stones marked dead on the active node (scoring)."""
        points = set()
        for prop in self._props("DEAD", [self.active] if self.active in self.nodes else []):
            if isinstance(prop.loc, Loc) and (point := prop.loc.point(self.size)) is not None:
                points.add(point)
        return frozenset(points)

    def result(self) -> str:
        found = self._props("RESULT", [0])
        return found[-1].text if found else ""


def _weight(prop: Prop) -> int:
    return 1 + len(prop.text)


def _single(prop: Prop) -> bool:
    """Properties a node holds once per colour (a new value replaces the old)."""
    return prop.name in ("RULES", "PLAYERNAME", "PLAYERRANK", "RESULT", "TIMELEFT", "MOVE")


def _same_slot(a: Prop, b: Prop) -> bool:
    return a.name == b.name and a.color == b.color and (a.loc == b.loc or _single(a))
