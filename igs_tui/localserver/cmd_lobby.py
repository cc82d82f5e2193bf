"""``seek`` (automatch), ``stored``, ``room``, ``join`` and ``free``/``unfree``/``teach``.

Worded as IGS words them where it is known (the ``63`` seek lines with the ``ENTRY_LIST``
of who else seeks, the ``9``/``23`` stored games, the ``9 ROOM`` lines); the ``join``,
``free`` and ``teach`` confirmations are this server's own wording (the spec does not give
IGS's), which the client reads by shape only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from igs_tui.localserver import lobby
from igs_tui.localserver.lines import Line
from igs_tui.localserver.registry import command
from igs_tui.numbers import bounded_int

if TYPE_CHECKING:
    from igs_tui.localserver.hub import Hub
    from igs_tui.localserver.session import Session
    from igs_tui.localserver.users import User

SEEK_UNKNOWN = "ERROR unknown command."
SEEK_PLAYING = "ERROR You are currently playing a game of some kind."
SEEK_ALREADY = "ERROR You are already entered in the seek list."
STORED_PER_LINE = 3


@command("seek")
def cmd_seek(hub: Hub, session: Session, user: User, args: str) -> None:
    """``seek config_list``, ``seek entry <setup> <size> [<weaker> <stronger> <rated>]``,
    ``seek entry_cancel``, ``seek entry_list`` (the ``63 ENTRY_LIST`` block)."""
    words = args.split()
    sub = words[0].lower() if words else ""
    if sub == "config_list":
        out: list[Line] = [(63, f"CONFIG_LIST_START {len(lobby.SEEK_SETUPS)}")]
        for i, (main, byo, stones) in enumerate(lobby.SEEK_SETUPS):
            out.append((63, f"CONFIG_LIST {i} {main} {byo} {stones} 0 0"))
        out.append((63, "CONFIG_LIST_END"))
        session.send(out)
    elif sub == "entry_cancel":
        left = hub.seeks.pop(user.key, None)
        session.send([(63, "ENTRY_CANCEL")])
        if left is not None:
            lobby.tell_seekers(hub)
    elif sub == "entry_list":
        session.send(lobby.seekers_block(hub, user))
    elif sub == "entry":
        _enter(hub, session, user, words[1:])
    else:
        session.send([(63, SEEK_UNKNOWN)])


def _enter(hub: Hub, session: Session, user: User, words: list[str]) -> None:
    numbers = [bounded_int(w) for w in words]
    if not 2 <= len(numbers) <= 5 or any(n is None for n in numbers):
        session.send([(63, SEEK_UNKNOWN)])
        return
    values = [n or 0 for n in numbers] + [0] * (5 - len(numbers))
    setup, size, weaker, stronger, rated = values
    if setup >= len(lobby.SEEK_SETUPS) or not 2 <= size <= 19:
        session.send([(63, SEEK_UNKNOWN)])
        return
    if hub.games_of(user):
        session.send([(63, SEEK_PLAYING)])
        return
    if user.key in hub.seeks:
        session.send([(63, SEEK_ALREADY)])
        return
    entry = lobby.SeekEntry(user, setup, size, min(weaker, 9), min(stronger, 9), min(rated, 1))
    entered: Line = (63, f"ENTRY {entry.entry_text()}")
    if lobby.partner_for(hub, entry) is not None:
        session.send([entered])
        lobby.pair(hub, entry)
        return
    hub.seeks[user.key] = entry
    session.send([entered, *lobby.seekers_block(hub, user)])
    lobby.tell_seekers(hub, besides=user)
    if not user.bot:
        lobby.wake_seeking_bot(hub, entry)


@command("stored")
def cmd_stored(hub: Hub, session: Session, user: User, args: str) -> None:
    """``stored [name]``: the adjourned games of a player (``white-black``), as IGS and NNGS
    word it: a ``9`` heading, the names three to a ``23`` line (each ``" %25s"``), and a
    count (NNGS 1.1.22 src/gameproc.c:1763-1783; IGS: bernds/q5Go src/parser.cpp:239-240)."""
    name = args.split()[0].lower() if args.split() else user.key
    player = hub.users.get(name)
    if name != user.key and player is None:
        session.send([(5, f"Cannot find player {name}.")])
        return
    shown = player.name if player is not None else user.name
    games = sorted(
        f"{g.white.name}-{g.black.name}" for key, g in hub.adjourned.items() if name in key
    )
    out: list[Line] = [(9, f"Stored games for {shown}:")]
    for i in range(0, len(games), STORED_PER_LINE):
        out.append((23, "".join(f" {n:>25}" for n in games[i : i + STORED_PER_LINE])))
    out.append((9, f"Found {len(games)} stored games."))
    session.send(out)


@command("room")
def cmd_room(hub: Hub, session: Session, user: User, args: str) -> None:
    """``room``: IGS lists each room as ``9 ROOM NN: NAME;FLAGS;LOCAL NAME;SIZE``
    (pzorin/qgo src/network/igsconnection.cpp:2632-2634; the fields after the size are not
    known, so none are sent). The local server has no locked rooms: the flags are empty."""
    out: list[Line] = [
        (9, f"ROOM {number:02d}: {name};;{local};19") for number, name, local in lobby.ROOMS
    ]
    session.send(out)


@command("join")
def cmd_join(hub: Hub, session: Session, user: User, args: str) -> None:
    """``join N``: move to room N."""
    words = args.split()
    number = bounded_int(words[0]) if len(words) == 1 else None
    names = {number: name for number, name, _local in lobby.ROOMS}
    if number is None or number not in names:
        session.send([(5, "Usage: join <room number> (see: room)")])
        return
    user.room = number
    session.send([(9, f"You are now in room {number} ({names[number]}).")])


def _set_kind(hub: Hub, session: Session, user: User, args: str, verb: str) -> None:
    """``free``/``unfree``/``teach [game]``: make our game unrated, rated again, or a
    teaching game; both players are told, and the games list shows it (F column)."""
    words = args.split()
    games = hub.games_of(user)
    if words:
        number = bounded_int(words[0])
        games = [g for g in games if g.number == number]
    if len(games) != 1:
        session.send([(5, "You are not playing a game.")])
        return
    game = games[0]
    game.kind = lobby.GAME_KIND_FLAGS[verb]
    what = {"free": "a free (unrated) game", "teach": "a teaching game", "unfree": "rated"}
    line: Line = (9, f"Game {game.number} is now {what[verb]}.")
    session.send([line])
    opponent = game.opponent(user)
    if opponent is not None and opponent is not user:
        hub.send(opponent, [line])


@command("free")
def cmd_free(hub: Hub, session: Session, user: User, args: str) -> None:
    _set_kind(hub, session, user, args, "free")


@command("unfree")
def cmd_unfree(hub: Hub, session: Session, user: User, args: str) -> None:
    _set_kind(hub, session, user, args, "unfree")


@command("teach")
def cmd_teach(hub: Hub, session: Session, user: User, args: str) -> None:
    _set_kind(hub, session, user, args, "teach")
