"""``match``, ``nmatch``, ``decline`` and cancelling an ``nmatch`` offer.

Argument rules from the spec: ``match <opponent> [color] [board size] [time] [byoyomi
minutes]`` defaults to ``B 19 90 10``; ``nmatch`` takes all ten arguments, times in seconds
that are multiples of 60 (the koryo seconds need not be), 0-25 byo-yomi stones, colour
``B``/``W``/``N`` and no handicap with nigiri.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from igs_tui.go import Color, max_fixed_handicap
from igs_tui.localserver import gameflow, lobby
from igs_tui.localserver.dialect import dialect_text
from igs_tui.localserver.lines import NMATCH_USAGE, Line
from igs_tui.localserver.matching import MatchRequest
from igs_tui.localserver.registry import command
from igs_tui.localserver.timecontrol import TimeControl

if TYPE_CHECKING:
    from igs_tui.localserver.hub import Hub
    from igs_tui.localserver.session import Session
    from igs_tui.localserver.users import User

MATCH_USAGE = "Usage: match <opponentname> [color] [board size] [time] [byoyomi minutes]"
MAX_SIZE = 19


def _target(hub: Hub, session: Session, user: User, name: str) -> User | None:
    target = hub.find_online(name)
    if target is None:
        session.send([(5, dialect_text(hub.dialect, "not_logged_on", name=name))])
        return None
    if target is user:
        session.send([(5, "You cannot match yourself.")])
        return None
    return target


def _available(hub: Hub, target: User) -> bool:
    if not target.flag("open"):
        return False
    return not (target.flag("singlegame") and hub.games_of(target))


@command("match")
def cmd_match(hub: Hub, session: Session, user: User, args: str) -> None:
    parts = args.split()
    if not parts or len(parts) > 5:
        session.send([(5, MATCH_USAGE)])
        return
    target = _target(hub, session, user, parts[0])
    if target is None:
        return
    existing = hub.requests.get((target.key, user.key))
    base = existing.complement() if existing is not None else None
    color = base.color if base is not None else Color.BLACK
    size = base.size if base is not None else 19
    minutes, byo = base.match_minutes if base is not None and not base.nmatch else (90, 10)
    try:
        if len(parts) > 1:
            color = Color.parse(parts[1])
        if len(parts) > 2:
            size = int(parts[2])
        if len(parts) > 3:
            minutes = int(parts[3])
        if len(parts) > 4:
            byo = int(parts[4])
    except ValueError:
        session.send([(5, MATCH_USAGE)])
        return
    if not 2 <= size <= MAX_SIZE or minutes < 0 or byo < 0:
        session.send([(5, MATCH_USAGE)])
        return
    if existing is not None and len(parts) == 1:
        _accept(hub, existing)
        return
    mine = MatchRequest(
        requester=user,
        target=target,
        color=color,
        size=size,
        control=TimeControl.from_match(minutes, byo),
        match_minutes=(minutes, byo),
    )
    _offer(hub, session, user, target, mine, existing)


@command("nmatch")
def cmd_nmatch(hub: Hub, session: Session, user: User, args: str) -> None:
    parts = args.split()
    if len(parts) == 2 and parts[0].lower() == "cancel":
        _cancel(hub, session, user, parts[1])
        return
    if len(parts) != 10:
        session.send([(5, text) for text in NMATCH_USAGE])
        return
    target = _target(hub, session, user, parts[0])
    if target is None:
        return
    if not target.flag("nmatch"):
        session.send([(5, "Opponent's client does not support nmatch.")])
        return
    letter = parts[1].upper()
    if letter not in ("B", "W", "N"):
        session.send([(5, text) for text in NMATCH_USAGE])
        return
    try:
        handicap, size, main, byo_time, byo_stones, k_count, k_sec, prebyo = (
            int(p) for p in parts[2:]
        )
    except ValueError:
        session.send([(5, text) for text in NMATCH_USAGE])
        return
    error = _check_nmatch(
        letter, handicap, size, main, byo_time, byo_stones, k_count, k_sec, prebyo
    )
    if error:
        session.send([(5, error)])
        return
    control = TimeControl(main, byo_time, byo_stones, k_count, k_sec, prebyo)
    color = None if letter == "N" else Color(letter)
    mine = MatchRequest(
        requester=user,
        target=target,
        color=color,
        size=size,
        control=control,
        handicap=handicap,
        nmatch=True,
    )
    existing = hub.requests.get((target.key, user.key))
    _offer(hub, session, user, target, mine, existing)


def _check_nmatch(
    letter: str,
    handicap: int,
    size: int,
    main: int,
    byo_time: int,
    byo_stones: int,
    k_count: int,
    k_sec: int,
    prebyo: int,
) -> str | None:
    if not 2 <= size <= MAX_SIZE:
        return "Board size must be 2-19."
    if min(handicap, main, byo_time, byo_stones, k_count, k_sec, prebyo) < 0:
        return "Arguments cannot be negative."
    if main % 60 or byo_time % 60 or prebyo % 60:
        return "Seconds must be a multiple of 60."
    if byo_stones > 25:
        return "Byo-yomi stones must be 0-25."
    if handicap and letter == "N":
        return "You cannot set a handicap with nigiri."
    if handicap == 1 or (handicap > 1 and handicap > max_fixed_handicap(size)):
        return f"Handicap {handicap} is not possible on {size}x{size}."
    return None


def _offer(
    hub: Hub,
    session: Session,
    user: User,
    target: User,
    mine: MatchRequest,
    existing: MatchRequest | None,
) -> None:
    if existing is not None:
        if existing.complement().terms() == mine.terms():
            _accept(hub, existing)
            return
        hub.requests[(user.key, target.key)] = mine
        dispute: list[Line] = [
            (5, "There is a dispute regarding your match(nmatch):"),
            (5, f"{existing.requester.name} request: {existing.params(existing.color)}"),
            (5, f"{user.name} request: {mine.params(mine.color)}"),
        ]
        hub.send(target, dispute)
        session.send(dispute)
        return
    if not _available(hub, target):
        session.send([(5, "That player is currently not accepting matches.")])
        return
    hub.requests[(user.key, target.key)] = mine
    session.send([(9, mine.requesting_line())])
    hub.send(target, mine.offer_lines())
    agent = hub.agents.get(target.key)
    if agent is not None:
        agent.on_match_request(mine)


def _accept(hub: Hub, request: MatchRequest) -> None:
    hub.requests.pop((request.requester.key, request.target.key), None)
    hub.requests.pop((request.target.key, request.requester.key), None)
    gameflow.start_game(hub, request)


def _cancel(hub: Hub, session: Session, user: User, name: str) -> None:
    target = hub.users.get(name.lower())
    request = hub.requests.pop((user.key, target.key), None) if target is not None else None
    if request is None or target is None:
        session.send([(5, f"You have no match request to {name}.")])
        return
    hub.send(target, [(24, f"*SYSTEM*: {user.name} canceled the nmatch request.")])
    session.prompt()


AUTOMATCH_DEFAULTS = (19, 1, 10, 25)
"""What ``automatch`` offers: board size, minutes, byo-yomi minutes and stones (every
account's ``defs`` here: ``stats`` prints them as IGS does)."""


@command("automatch")
def cmd_automatch(hub: Hub, session: Session, user: User, args: str) -> None:
    """``automatch NAME``: offer NAME a game on our defaults; NAME accepts with the same
    command. IGS words the offer as a ``36`` block (pzorin/qgo
    src/network/igsconnection.cpp:3893-3896)::

        36 terra1 wants a match with you:
        36 terra1 wants 19x19 in 1 minutes with 10 byo-yomi and 25 byo-stones
        36 To accept match type 'automatch terra1'

    Colours as automatch pairs them: the weaker player takes Black, nigiri between equals.
    NNGS has no such command (not in 1.1.22's src/command_list.h)."""
    words = args.split()
    if len(words) != 1:
        session.send([(5, "Usage: automatch <player>")])
        return
    target = _target(hub, session, user, words[0])
    if target is None:
        return
    offer = hub.automatch_offers.pop((target.key, user.key), None)
    if offer is not None:
        hub.automatch_offers.pop((user.key, target.key), None)
        gameflow.start_game(hub, offer)
        return
    if not _available(hub, target):
        session.send([(5, "That player is currently not accepting matches.")])
        return
    size, minutes, byo_minutes, stones = AUTOMATCH_DEFAULTS
    stronger = lobby.handicap_between(user, target)  # > 0: the target is stronger
    color = None if stronger == 0 else (Color.BLACK if stronger > 0 else Color.WHITE)
    hub.automatch_offers[(user.key, target.key)] = MatchRequest(
        requester=user,
        target=target,
        color=color,
        size=size,
        control=TimeControl(minutes * 60, byo_minutes * 60, stones),
        nmatch=True,
    )
    name = user.name
    hub.send(
        target,
        [
            (36, f"{name} wants a match with you:"),
            (
                36,
                f"{name} wants {size}x{size} in {minutes} minutes with {byo_minutes} byo-yomi"
                f" and {stones} byo-stones",
            ),
            (36, f"To accept match type 'automatch {name}'"),
        ],
    )
    session.send([(9, f"Requesting automatch with {target.name}.")])


@command("withdraw")
def cmd_withdraw(hub: Hub, session: Session, user: User, args: str) -> None:
    """``withdraw [NAME]``: take back our offer to NAME.

    A ``match`` offer is withdrawn in the words NNGS 1.1.22 uses (src/playerdb.c:1528-1531,
    src/formats.h:1778 and 1805), which bernds/q5Go src/parser.cpp:486 quotes among IGS's
    match lines: ``9 X withdraws the match offer.`` to NAME, ``9 You withdraw the match
    offer to NAME.`` to us. An ``nmatch`` offer is cancelled as ``nmatch cancel`` does
    (``24 *SYSTEM*: X canceled the nmatch request.``). NNGS's bare ``withdraw`` drops the one
    pending offer without telling anyone (src/comproc.c:3618-3625)."""
    words = args.split()
    mine = [r for (src, _), r in hub.requests.items() if src == user.key]
    if not words:
        if len(mine) != 1:
            session.send([(5, "Usage: withdraw <player>")])
            return
        if hub.dialect.name == "nngs":
            hub.requests.pop((user.key, mine[0].target.key), None)
            session.prompt()
            return
        words = [mine[0].target.name]
    target = hub.users.get(words[0].lower())
    request = hub.requests.get((user.key, target.key)) if target is not None else None
    if request is None or target is None:
        if hub.dialect.name == "nngs":
            session.send([(5, "You have no pending offers to other players.")])
        else:
            session.send([(5, f"You have no match request to {words[0]}.")])
        return
    if request.nmatch:
        _cancel(hub, session, user, target.name)
        return
    del hub.requests[(user.key, target.key)]
    hub.send(target, [(9, f"{user.name} withdraws the match offer.")])
    session.send([(9, f"You withdraw the match offer to {target.name}.")])


@command("decline")
def cmd_decline(hub: Hub, session: Session, user: User, args: str) -> None:
    name = args.split()[0] if args.split() else ""
    if name.lower() == "adjourn" and hub.users.get("adjourn") is None:
        _decline_adjourn(hub, session, user)
        return
    requester = hub.users.get(name.lower())
    request = hub.requests.pop((requester.key, user.key), None) if requester is not None else None
    if request is None or requester is None:
        session.send([(5, f"There is no match request from {name or 'nobody'}.")])
        return
    hub.requests.pop((user.key, requester.key), None)
    hub.send(requester, [(9, f"{user.name} declines your request for a match.")])
    session.prompt()


def _decline_adjourn(hub: Hub, session: Session, user: User) -> None:
    """``decline adjourn``: refuse the opponent's request to adjourn our game (IGS words it
    ``53 Game N adjournment is declined``, NNGS ``9 X declines the adjourn request.``)."""
    for game in hub.games.values():
        if user.key not in (game.black.key, game.white.key) or not game.adjourn_requests:
            continue
        mine = Color.BLACK if game.black.key == user.key else Color.WHITE
        if mine in game.adjourn_requests:
            continue
        requester = game.player(mine.opponent)
        game.adjourn_requests.clear()
        if hub.dialect.coded_adjourn:
            hub.send(requester, [(53, f"Game {game.number} adjournment is declined")])
        else:
            hub.send(requester, [(9, f"{user.name} declines the adjourn request.")])
        session.send([(9, f"You decline the adjourn request from {requester.name}.")])
        return
    session.send([(5, "There is no adjourn request to decline.")])
