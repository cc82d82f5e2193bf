"""Values of the binary protocol made from the fake KGS server's JSON ones and back: users,
the ``game`` structure, proposals. The enum values, flag bits and the ``rules`` structure are
``protocol.readings``' (the one place both ends read them from)."""

from __future__ import annotations

from decimal import Decimal

from igs_tui.backends.kgs.protocol import readings
from igs_tui.backends.kgs.protocol.values import Value
from igs_tui.localkgs.vocabulary import JsonObject


def user(name: str) -> JsonObject:
    """The spec's ``user``: a name of at most 10 characters and flags (no bits documented: 0)."""
    return {"name": name[:10], "flags": 0}


def name(user: object) -> str:
    """A JSON user object's name, cut to the ``username`` type's 10 characters."""
    if isinstance(user, dict) and isinstance(user.get("name"), str):
        return str(user["name"])[:10]
    return ""


def game_struct(entry: JsonObject, rules: JsonObject | None = None) -> dict[str, Value]:
    """A JSON "Game Channel" (or a challenge's entry) as the spec's ``game`` structure."""
    players = entry.get("players") if isinstance(entry.get("players"), dict) else {}
    assert isinstance(players, dict)
    challenge = entry.get("gameType") == "challenge"
    source = rules if rules is not None else entry
    owner = name(players.get("challengeCreator") or players.get("owner"))
    flags = 0 if challenge or entry.get("over") else readings.IN_PLAY
    if entry.get("over"):
        flags |= readings.SCORED
    kind = "free"
    if challenge:
        initial = entry.get("initialProposal")
        if isinstance(initial, dict):
            kind = str(initial.get("gameType", "free"))
    else:
        kind = str(entry.get("gameType", "free"))
    return {
        "channel": int(entry["channelId"]) & 0xFFFF,
        "type": readings.GAME_TYPES.get(kind, readings.GAME_TYPES["free"]),
        "black": user(name(players.get("black"))),
        "white": user(name(players.get("white"))),
        "owner": user(owner),
        "size": int(source.get("size", 19)),
        "handicap": int(source.get("handicap", 0)),
        "komi": Decimal(str(source.get("komi", 0))),
        "moves": min(int(entry.get("moveNum", 0)), 0x7FFF),
        "flags": flags,
        "observers": int(entry.get("observers", 0)),
        "saved": False,
    }


def proposal_upstream(proposal: JsonObject) -> JsonObject:
    """A downstream proposal (players with user objects) in the upstream form (names)."""
    players = []
    for p in proposal.get("players", []):
        who = name(p.get("user"))
        players.append({"role": p.get("role"), "name": who} if who else {"role": p.get("role")})
    return {
        "gameType": proposal.get("gameType"),
        "rules": proposal.get("rules"),
        "players": players,
    }


def same_terms(offer: JsonObject, proposal: JsonObject) -> bool:
    """The owner's terms sent back: the same game type, rules and seats."""

    def key(p: JsonObject) -> tuple[object, ...]:
        rules = dict(p.get("rules") or {})
        rules.setdefault("handicap", 0)
        rules["komi"] = float(rules.get("komi", 0))
        seats = sorted((str(q.get("role")), str(q.get("name", "")).lower()) for q in p["players"])
        return (p.get("gameType"), sorted(rules.items()), seats)

    return key(offer) == key(proposal)
