"""Game proposals (the reference's "Proposal") and the challenge channels that carry them.

Upstream a proposal names its players (``{"role": "white", "name": "alice"}``); downstream it
carries user objects (``{"role": "white", "user": {...}}``), and a role with nobody in it has
neither. "The first player in a proposal must always be the challenge owner." This server
plays two-player games only: ``free`` and ``ranked`` with the roles ``white`` and ``black``
(demonstrations, teaching, rengo and simul games are refused as CHALLENGE_NOT_CREATED).

A challenge's comment (CHALLENGE_CREATE ``text``) travels downstream as the game channel's
``name``: the reference does not say where it goes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from igs_tui.localkgs.rules import KgsRules
from igs_tui.localkgs.vocabulary import NAME_MAX, JsonObject, MessageError, get_bool, get_str

GAME_TYPES = ("free", "ranked")
ROLES = ("white", "black")


@dataclass(frozen=True)
class Proposal:
    game_type: str
    rules: KgsRules
    nigiri: bool
    players: tuple[tuple[str, str | None], ...]
    """``(role, name or None)`` in the order given; the owner first."""

    @classmethod
    def from_json(cls, proposal: Any) -> Proposal:
        if not isinstance(proposal, dict):
            raise MessageError('"proposal" must be a JSON object')
        game_type = get_str(proposal, "gameType", max_len=20)
        if game_type not in GAME_TYPES:
            raise MessageError(f'"gameType" must be one of {", ".join(GAME_TYPES)} here')
        rules = KgsRules.from_json(proposal.get("rules"))
        nigiri = get_bool(proposal, "nigiri", default=False)
        raw = proposal.get("players")
        if not isinstance(raw, list) or len(raw) != 2:
            raise MessageError('"players" must list the two players')
        players: list[tuple[str, str | None]] = []
        for entry in raw:
            if not isinstance(entry, dict):
                raise MessageError("each player must be a JSON object")
            role = get_str(entry, "role", max_len=20)
            if role not in ROLES:
                raise MessageError(f'"role" must be one of {", ".join(ROLES)}')
            name = entry.get("name")
            if name is not None and (not isinstance(name, str) or not 0 < len(name) <= NAME_MAX):
                raise MessageError('"name" must be a user name')
            players.append((role, name))
        if {role for role, _ in players} != set(ROLES):
            raise MessageError("a proposal needs one white and one black player")
        names = [n.lower() for _, n in players if n]
        if len(names) != len(set(names)):
            raise MessageError("a player cannot take both roles")
        return cls(game_type, rules, nigiri, tuple(players))

    @property
    def complete(self) -> bool:
        return all(name for _, name in self.players)

    def names(self) -> set[str]:
        return {n.lower() for _, n in self.players if n}

    def role_of(self, name: str) -> str | None:
        for role, player in self.players:
            if player is not None and player.lower() == name.lower():
                return role
        return None

    def with_player(self, name: str) -> Proposal:
        """Fill the first empty role with ``name``."""
        players = list(self.players)
        for i, (role, player) in enumerate(players):
            if player is None:
                players[i] = (role, name)
                break
        return replace(self, players=tuple(players))

    def same_game(self, other: Proposal) -> bool:
        """The same offer, names compared case-insensitively."""

        def key(p: Proposal) -> tuple[object, ...]:
            return (
                p.game_type,
                p.rules,
                p.nigiri,
                tuple((r, n.lower() if n else None) for r, n in p.players),
            )

        return key(self) == key(other)

    def to_json(self, user_of: Any) -> JsonObject:
        """Downstream form; ``user_of(name)`` gives the user object."""
        players: list[JsonObject] = []
        for role, name in self.players:
            entry: JsonObject = {"role": role}
            if name:
                entry["user"] = user_of(name)
            players.append(entry)
        out: JsonObject = {"gameType": self.game_type, "rules": self.rules.to_json()}
        if self.nigiri:
            out["nigiri"] = True
        out["players"] = players
        return out


@dataclass
class Challenge:
    """A challenge channel: an owner's open offer and what challengers sent."""

    channel_id: int
    room_id: int
    owner: str
    proposal: Proposal
    timestamp: str
    text: str = ""
    members: set[str] = field(default_factory=set)
    offered: dict[str, Proposal] = field(default_factory=dict)
    """Challenger (lower-case) -> the complete proposal the owner sent them."""

    def list_entry(self, user_of: Any) -> JsonObject:
        out: JsonObject = {
            "channelId": self.channel_id,
            "gameType": "challenge",
            "roomId": self.room_id,
            "initialProposal": self.proposal.to_json(user_of),
            "players": {"challengeCreator": user_of(self.owner)},
        }
        if self.text:
            out["name"] = self.text
        return out

    def summary(self, user_of: Any) -> JsonObject:
        players = {role: user_of(name) for role, name in self.proposal.players if name}
        return {
            "size": self.proposal.rules.size,
            "timestamp": self.timestamp,
            "gameType": self.proposal.game_type,
            "players": players,
            "komi": self.proposal.rules.komi,
        }
