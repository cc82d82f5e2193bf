"""Session and listing commands: toggle, who, user, games, stats, all, ayt, id, quit, login."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from igs_tui.localserver import lines as fmt
from igs_tui.localserver.lines import Line
from igs_tui.localserver.registry import COMMANDS, command
from igs_tui.localserver.users import TOGGLE_ALIASES, TOGGLE_DEFAULTS, parse_toggle_value
from igs_tui.numbers import bounded_int

if TYPE_CHECKING:
    from igs_tui.localserver.hub import Hub
    from igs_tui.localserver.session import Session
    from igs_tui.localserver.users import User

TOGGLE_USAGE = "Usage: toggle <option> [<value>]"


@command("toggle")
def cmd_toggle(hub: Hub, session: Session, user: User, args: str) -> None:
    """``toggle <option> [<value>]``; a bare toggle flips the option (as on IGS)."""
    parts = args.split()
    if not parts or len(parts) > 2:
        session.send([(5, TOGGLE_USAGE)])
        return
    name = parts[0].lower()
    key = TOGGLE_ALIASES.get(name, name)
    if key in hub.dialect.missing_toggles:
        session.send([(5, fmt.UNKNOWN_TOGGLE_VALUE)])
        return
    if key not in TOGGLE_DEFAULTS:
        session.send([(5, f"Unknown toggle: {parts[0]}"), (5, TOGGLE_USAGE)])
        return
    if len(parts) == 2:
        value = parse_toggle_value(parts[1])
        if value is None:
            session.send([(5, f"Invalid value: {parts[1]} (use true, false, on, off, 0 or 1)")])
            return
    else:
        value = not user.toggles[key]
    user.toggles[key] = value
    if key == "client" and value:
        user.toggles["verbose"] = False  # "client ... Implies: toggle verbose false"
    session.send([(9, f"Set {name} to be {value}.")])


@command("ayt")
def cmd_ayt(hub: Hub, session: Session, user: User, args: str) -> None:
    session.send([(9, "yes")])


@command("id")
def cmd_id(hub: Hub, session: Session, user: User, args: str) -> None:
    user.client_name = args
    session.prompt()


@command("quit", "exit")
def cmd_quit(hub: Hub, session: Session, user: User, args: str) -> None:
    session.send([(9, "Thank you for visiting the igs-tui local server.")], prompt=False)
    hub.logout(user, session)
    session.close()


@command("login")
def cmd_login(hub: Hub, session: Session, user: User, args: str) -> None:
    session.restart_login()


@command("results")
def cmd_results(hub: Hub, session: Session, user: User, args: str) -> None:
    """``results [name]``: the player's (or the server's) latest games in a ``25 File`` block,
    winner first; nothing at all when there are none (as NNGS, which sends no file)."""
    name = args.split()[0] if args.split() else ""
    if name:
        target = hub.users.get(name.lower())
        if target is None:
            session.send([(5, "There is no player by that name.")])
            return
        kept = target.results
    else:
        kept = hub.results
    if not kept:
        session.send([])
        return
    body: list[Line] = [(None, line) for line in kept]
    # the File markers go to clients only (NNGS: "if (parray[p].flags.is_client)")
    session.send([(25, "File"), *body, (25, "File")] if session.client_mode else body)


@command("stats")
def cmd_stats(hub: Hub, session: Session, user: User, args: str) -> None:
    """``stats [name]`` in IGS's wording (labels, then the toggle table)."""
    name = args.split()[0] if args.split() else user.name
    target = hub.users.get(name.lower())
    if target is None:
        session.send([(5, f"Cannot find player {name}.")])
        return
    games = hub.games_of(target)
    watched = hub.observed_by(target)
    rated = target.won + target.lost
    if target.online:
        seen = f"Idle Time:  (On server) {fmt.format_idle(hub.now() - target.last_active)}"
    else:
        when = time.gmtime(target.last_seen) if target.last_seen else None
        seen = f"Last Access(GMT):   {time.strftime('%a %b %d %H:%M:%S %Y', when) if when else '-'}"
    out: list[Line] = [
        (9, f"Player:      {target.name}"),
        (9, "Game:        go (1)"),
        (9, "Language:    default"),
        (9, f"Rating:      {target.rank}  {rated}"),
        (9, f"Rated Games:      {rated}"),
        (9, f"Rank:  {target.rank}  {rated}"),
        (9, f"Wins:             {target.won}"),
        (9, f"Losses:           {target.lost}"),
        (9, seen),
        (9, f"Address:     {'robot' if target.bot else ('guest' if target.guest else 'local')}"),
        (9, f"Country:     {target.country}"),
        (9, f"Info:        {target.info or '<None>'}"),
        (9, "Defaults (help defs):  time 1, size 19, byo-yomi time 10, byo-yomi stones 25"),
    ]
    if games:
        out.append((9, f"Playing in game:  {games[0].number}"))
    elif watched:
        out.append((9, f"Observing game:  {watched[0].number}"))
    names = ("Verbose", "Bell", "Quiet", "Shout", "Automail", "Open", "Looking", "Client")
    out.append((9, "  ".join(names)))
    values = (f"{'On' if target.flag(n.lower()) else 'Off':>{len(n)}}" for n in names)
    out.append((9, "  ".join(values)))
    session.send(out)


@command("all")
def cmd_all(hub: Hub, session: Session, user: User, args: str) -> None:
    """``all N``: who observes game N, three name/rank pairs a line, then the count."""
    words = args.split()
    number = bounded_int(words[0]) if words else None
    if number is None and words:
        session.send([(5, "Usage: all [game number]")])
        return
    if number is None:
        mine = hub.games_of(user) or hub.observed_by(user)
        number = mine[0].number if mine else None
    game = hub.games.get(number) if number is not None else None
    if game is None:
        session.send([(5, "There is no such game.")])
        return
    pairs = [(u.name, u.rank) for u in game.observers]
    out: list[Line] = [(9, fmt.observers_heading(game.number, game.white.name, game.black.name))]
    out += [(9, fmt.observers_row(pairs[i : i + 3])) for i in range(0, len(pairs), 3)]
    out.append((9, fmt.observers_found(len(pairs))))
    session.send(out)


def _playing(hub: Hub, user: User) -> int | None:
    games = hub.games_of(user)
    return games[0].number if games else None


def _observing(hub: Hub, user: User) -> int | None:
    games = hub.observed_by(user)
    return games[0].number if games else None


def _footer(hub: Hub) -> Line:
    return (9, fmt.format_players_footer(len(hub.online), len(hub.games)))


@command("user")
def cmd_user(hub: Hub, session: Session, user: User, args: str) -> None:
    """The 42 listing, column for column as the spec's example (see :mod:`.lines`); on NNGS
    the code-9 table."""
    wanted = args.split()[0].lower() if args.split() else None
    now = hub.now()
    if hub.dialect.user_table:
        table: list[Line] = [(9, fmt.USER_TABLE_HEADER), (9, fmt.USER_TABLE_RULE)]
        for u in hub.online:
            if wanted is not None and wanted not in (u.key, u.rank.lower()):
                continue
            row = fmt.format_user_row(
                u.user_flags(),
                _observing(hub, u),
                _playing(hub, u),
                u.name,
                u.rank,
                u.won + u.lost,
                0,
                now - u.last_active,
            )
            table.append((9, row))
        session.send(table)
        return
    out: list[Line] = [(42, fmt.USER_HEADER)]
    for u in hub.online:
        if wanted is not None and wanted not in (u.key, u.country.lower(), u.rank.lower()):
            continue
        out.append(
            (
                42,
                fmt.format_user_entry(
                    u.name,
                    u.info or "<None>",
                    u.country,
                    u.rank,
                    u.won,
                    u.lost,
                    _observing(hub, u),
                    _playing(hub, u),
                    now - u.last_active,
                    u.user_flags(),
                ),
            )
        )
    out.append(_footer(hub))
    session.send(out)


@command("who")
def cmd_who(hub: Hub, session: Session, user: User, args: str) -> None:
    """The 27 listing: two users per line."""
    now = hub.now()
    halves = [
        fmt.format_who_half(
            u.who_flags(), _observing(hub, u), _playing(hub, u), u.name, now - u.last_active, u.rank
        )
        for u in hub.online
    ]
    out: list[Line] = [(27, fmt.WHO_HEADER)]
    for i in range(0, len(halves), 2):
        pair = halves[i : i + 2]
        out.append((27, " | ".join(pair)))
    out.append(_footer(hub))
    session.send(out)


@command("games")
def cmd_games(hub: Hub, session: Session, user: User, args: str) -> None:
    """The 7 listing: header then one line per game (White first)."""
    games = sorted(hub.games.values(), key=lambda g: g.number)
    if args.split():
        try:
            number = int(args.split()[0])
        except ValueError:
            session.send([(5, "Usage: games [game number]")])
            return
        games = [g for g in games if g.number == number]
    out: list[Line] = [(7, fmt.GAMES_HEADER)]
    out.extend((7, g.games_entry()) for g in games)
    session.send(out)


@command(
    "language",
    "message",
    "friend",
    "refuse",
    "userlist2",
    "gamelist3",
    "keep",
    "nmatchrange",
    "rank",
    "info",
)
def cmd_accepted(hub: Hub, session: Session, user: User, args: str) -> None:
    """Setup commands of the official client that the local server accepts silently."""
    session.prompt()


@command("help")
def cmd_help(hub: Hub, session: Session, user: User, args: str) -> None:
    session.send([(9, "Commands: " + " ".join(sorted(COMMANDS)))])
