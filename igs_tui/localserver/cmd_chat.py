"""Chat commands: tell (and its ``.``/``^``/``#N`` shortcuts), say, kibitz, shout, yell, channel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from igs_tui.localserver import lines
from igs_tui.localserver.lines import Line
from igs_tui.localserver.registry import command
from igs_tui.numbers import bounded_int

if TYPE_CHECKING:
    from igs_tui.localserver.hub import Hub
    from igs_tui.localserver.session import Session
    from igs_tui.localserver.users import User


@command("tell")
def cmd_tell(hub: Hub, session: Session, user: User, args: str) -> None:
    target_name, _, text = args.partition(" ")
    text = text.strip()
    if not target_name or not text:
        session.send([(5, "Usage: tell <person> <message to the person>")])
        return
    if target_name.startswith("#"):
        _tell_game(hub, session, user, target_name[1:], text)
        return
    if target_name == ".":
        target_name = user.dot or ""
    elif target_name == "^":
        target_name = user.last_teller or ""
    elif target_name == "$":
        target_name = hub.online[-1].name if hub.online else ""
    target = hub.find_online(target_name) if target_name else None
    if target is None:
        session.send([(5, "Cannot find recipient.")])
        return
    hub.send(target, [lines.tell(user.name, text)])
    target.last_teller = user.name
    agent = hub.agents.get(target.key)
    if agent is not None:
        agent.on_tell(user, text)
    reply: list[Line] = []
    if user.dot != target.name:
        user.dot = target.name
        reply.append((9, f"Setting your '.' to {target.name}"))
    session.send(reply)


def _tell_game(hub: Hub, session: Session, user: User, number: str, text: str) -> None:
    game = hub.games.get(bounded_int(number) or -1)
    if game is None:
        session.send([(5, "Cannot find recipient.")])
        return
    for player in game.players():
        hub.send(player, [lines.tell(user.name, text)])
    session.prompt()


@command("say")
def cmd_say(hub: Hub, session: Session, user: User, args: str) -> None:
    """``say [game] text``: the game number only counts when playing several games."""
    games = hub.games_of(user)
    if not games:
        session.send([(5, "You are not playing a game.")])
        return
    game = games[0]
    text = args
    if len(games) > 1:
        word, _, rest = args.partition(" ")
        chosen = [g for g in games if g.number == bounded_int(word)]
        if not chosen:
            session.send([(5, "You are playing more than one game: use say <game> <text>.")])
            return
        game, text = chosen[0], rest.strip()
    if not text:
        session.send([(5, "Usage: say message")])
        return
    color = game.color_of(user)
    if color is not None:
        game.said.add(color)
    game.chat.append((len(game.records), f"{user.name}: {text}"))
    opponent = game.opponent(user)
    if opponent is not None and opponent is not user:
        said = (
            lines.plain_say(user.name, text)
            if hub.dialect.plain_chat
            else lines.say(game.number, user.name, text)
        )
        hub.send(opponent, said)
    session.send([])


@command("kibitz", "chatter")
def cmd_kibitz(hub: Hub, session: Session, user: User, args: str) -> None:
    """``kibitz [game] text`` to a game's observers and players (11 header + 11 text)."""
    word, _, rest = args.partition(" ")
    game = None
    text = args
    number = bounded_int(word)
    if number is not None and number in hub.games:
        game, text = hub.games[number], rest.strip()
    else:
        mine = hub.games_of(user) + hub.observed_by(user)
        game = mine[0] if mine else None
    if game is None:
        session.send([(5, "You are not observing or playing a game.")])
        return
    if not text:
        session.send([(5, "Usage: kibitz [game] <message>")])
        return
    game.chat.append((len(game.records), f"{user.name}: {text}"))
    if hub.dialect.kibitz_move_suffix:
        text = f"{text} ({len(game.records)})"
    block = lines.kibitz(game.number, user.name, user.rank, game.white.name, game.black.name, text)
    for target in {*game.players(), *game.observers}:
        if target is not user and target.flag("kibitz"):
            hub.send(target, block)
    session.send([])


@command("shout")
def cmd_shout(hub: Hub, session: Session, user: User, args: str) -> None:
    if not args:
        session.send([(5, "Usage: shout <message>")])
        return
    shout = lines.plain_shout if hub.dialect.plain_chat else lines.shout
    for target in list(hub.online):
        if target is not user and target.flag("shout") and not target.bot:
            hub.send(target, [shout(user.name, args)])
    session.send([])


@command("channel")
def cmd_channel(hub: Hub, session: Session, user: User, args: str) -> None:
    word = args.split()[0] if args.split() else ""
    channel = bounded_int(word)
    if channel is None:
        current = "none" if user.channel is None else str(user.channel)
        session.send([(32, f"You are in channel {current}.")])
        return
    user.channel = channel
    members = [u.name for u in hub.online if u.channel == user.channel]
    session.send(
        [
            (32, f"Changing into channel {user.channel}."),
            (32, f"Welcome to channel {user.channel}."),
            (32, f"In channel {user.channel}: {' '.join(members)}"),
        ]
    )


@command("yell")
def cmd_yell(hub: Hub, session: Session, user: User, args: str) -> None:
    """``yell text`` to everyone in the user's channel, the sender included (32 lines)."""
    if user.channel is None:
        session.send([(5, "You are not in a channel: use channel <number>.")])
        return
    if not args:
        session.send([(5, "Usage: yell <message>")])
        return
    line: Line = (32, f"{user.channel}:{user.name}: {args}")
    for target in list(hub.online):
        if target is not user and target.channel == user.channel:
            hub.send(target, [line])
    session.send([line])
