"""A minimal consumer of KGS SGF events, written from the reference's Data Types page: it
rebuilds the node tree and replays the active line's moves on our rules engine."""

from __future__ import annotations

from typing import Any

from igs_tui.go import Color, Game, Point


class Tree:
    def __init__(self) -> None:
        self.props: dict[int, list[dict[str, Any]]] = {0: []}
        self.parent: dict[int, int] = {}
        self.active = 0

    def apply(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            node = event["nodeId"]
            kind = event["type"]
            if kind == "PROP_GROUP_ADDED":
                self.props.setdefault(node, []).extend(event["props"])
            elif kind == "PROP_ADDED":
                self.props.setdefault(node, []).append(event["prop"])
            elif kind == "PROP_REMOVED":
                self.props[node].remove(event["prop"])
            elif kind == "CHILD_ADDED":
                assert node in self.props, "a child of an unknown node"
                self.parent[event["childNodeId"]] = node
                self.props.setdefault(event["childNodeId"], [])
            elif kind == "ACTIVATED":
                assert node in self.props
                assert event["prevNodeId"] == self.active
                self.active = node
            else:
                raise AssertionError(f"unexpected SGF event {kind}")

    def line(self) -> list[int]:
        nodes = [self.active]
        while nodes[-1] != 0:
            nodes.append(self.parent[nodes[-1]])
        return nodes[::-1]

    def root(self, name: str) -> list[dict[str, Any]]:
        return [p for p in self.props[0] if p["name"] == name]

    def game(self) -> Game:
        (rules,) = self.root("RULES")
        size = rules["size"]
        game = Game(size, komi=rules["komi"], handicap=rules.get("handicap", 0))
        for node in self.line()[1:]:
            for prop in self.props[node]:
                if prop["name"] == "MOVE":
                    color = Color.BLACK if prop["color"] == "black" else Color.WHITE
                    loc = prop["loc"]
                    point = None if loc == "PASS" else Point(loc["x"], size - 1 - loc["y"])
                    game.play(point, color)
        return game

    def dead(self) -> list[dict[str, Any]]:
        return [p for p in self.props[self.active] if p["name"] == "DEAD"]
