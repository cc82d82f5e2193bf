"""Upstream handlers of play: challenges (robots' open ones and the user's own), the
games they start, the robots' moves, clocks running out, and the game to observe.

The challenge conversation, as the reference describes it: a challenger joins the challenge
channel and sends CHALLENGE_SUBMIT with itself in the proposal; the owner answers with a
complete CHALLENGE_PROPOSAL (or CHALLENGE_DECLINE); the challenger's CHALLENGE_ACCEPT of that
proposal makes the game (CHALLENGE_FINAL, then GAME_NOTIFY and GAME_JOIN to the players). A
robot owner answers at once; a robot challenger (for a user's own challenge) submits after
``robot_reply_seconds`` and accepts the owner's complete proposal when it plays that game.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from igs_tui.go import Color
from igs_tui.localkgs import robots
from igs_tui.localkgs.accounts import ROBOTS, WATCHED_PLAYERS
from igs_tui.localkgs.channels import Room
from igs_tui.localkgs.games import ROLE_COLOR, GameChannel, Phase
from igs_tui.localkgs.proposals import Challenge, Proposal
from igs_tui.localkgs.rules import KgsRules
from igs_tui.localkgs.vocabulary import (
    JsonObject,
    MessageError,
    callback_key,
    get_bool,
    get_channel,
    get_int,
    get_number,
    get_str,
    loc_to_point,
    xy_to_point,
)

if TYPE_CHECKING:
    from igs_tui.localkgs.world import KgsWorld, Session


def robot_challenge(world: KgsWorld, robot: str, room_id: int, rules: KgsRules) -> None:
    proposal = Proposal("free", rules, False, (("white", robot), ("black", None)))
    challenge = Challenge(
        world.new_channel_id(),
        room_id,
        robot,
        proposal,
        world.timestamp(0.0),
        text=f"{robot} plays anyone",
        members={robot},
    )
    world.add_to_room(challenge)


def joined_challenge(world: KgsWorld, session: Session, msg: JsonObject) -> Challenge:
    channel = world.channels.get(get_channel(msg))
    if not isinstance(channel, Challenge):
        raise MessageError("that channel is not a challenge")
    if session.key not in channel.members:
        raise MessageError("join the challenge first")
    return channel


def on_challenge_create(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    room = world.channels.get(get_channel(msg))
    key = callback_key(msg)
    if not isinstance(room, Room) or session.key not in room.members:
        raise MessageError("create challenges in a room you are in")
    if world.playing(session.key):
        world.send(session.name, {"type": "CANT_PLAY_TWICE", "callbackKey": key})
        return
    try:
        proposal = Proposal.from_json(msg.get("proposal"))
        text = get_str(msg, "text", max_len=80, default="")
        get_bool(msg, "global", default=False)
    except MessageError:
        world.send(session.name, {"type": "CHALLENGE_NOT_CREATED", "callbackKey": key})
        return
    if proposal.players[0][1] is None or proposal.players[0][1].lower() != session.key:
        world.send(session.name, {"type": "CHALLENGE_NOT_CREATED", "callbackKey": key})
        return
    if proposal.game_type == "ranked" and proposal.rules.size != 19:
        world.send(
            session.name,
            {
                "type": "CHALLENGE_CANT_PLAY_RANKED",
                "channelId": room.channel_id,
                "field": "SIZE",
                "tooBig": proposal.rules.size > 19,
                "limit": 19,
            },
        )
        return
    challenge = Challenge(
        world.new_channel_id(),
        room.channel_id,
        session.name,
        proposal,
        world.timestamp(now),
        text,
    )
    world.add_to_room(challenge)
    world.send(
        session.name,
        {
            "type": "CHALLENGE_CREATED",
            "channelId": room.channel_id,
            "callbackKey": key,
            "game": world.entry(challenge),
        },
    )
    world.join(session, challenge.channel_id, now)
    wanted = proposal.players[1][1]
    robot = wanted.lower() if wanted else robots_first(world.robot_names)
    if robot in world.robot_names and robots.accepts(proposal):
        world.at(
            now + world.config.robot_reply_seconds,
            lambda t: robot_submits(world, robot, challenge.channel_id),
        )


def robot_submits(world: KgsWorld, robot: str, channel_id: int) -> None:
    challenge = world.channels.get(channel_id)
    if not isinstance(challenge, Challenge):
        return
    proposal = challenge.proposal
    if not proposal.complete:
        proposal = proposal.with_player(world.display(robot))
    if proposal.role_of(robot) is None:
        return
    challenge.members.add(robot)
    world.broadcast(
        challenge.members,
        {"type": "USER_ADDED", "channelId": channel_id, "user": world.user(robot)},
        skip=robot,
    )
    world.send(
        challenge.owner,
        {
            "type": "CHALLENGE_SUBMIT",
            "channelId": channel_id,
            "user": world.user(robot),
            "proposal": proposal.to_json(world.user),
        },
    )


def on_challenge_submit(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    challenge = joined_challenge(world, session, msg)
    proposal = Proposal.from_json(msg.get("proposal"))
    if proposal.role_of(session.name) is None or proposal.role_of(challenge.owner) is None:
        raise MessageError("the proposal must name you and the challenge owner")
    owner = challenge.owner.lower()
    if owner in world.robot_names:
        if robots.accepts(proposal):
            challenge.offered[session.key] = proposal
            world.send(
                session.name,
                {
                    "type": "CHALLENGE_PROPOSAL",
                    "channelId": challenge.channel_id,
                    "proposal": proposal.to_json(world.user),
                },
            )
        else:
            world.send(
                session.name, {"type": "CHALLENGE_DECLINE", "channelId": challenge.channel_id}
            )
        return
    world.send(
        challenge.owner,
        {
            "type": "CHALLENGE_SUBMIT",
            "channelId": challenge.channel_id,
            "user": world.user(session.name),
            "proposal": proposal.to_json(world.user),
        },
    )


def on_challenge_proposal(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    challenge = joined_challenge(world, session, msg)
    if challenge.owner.lower() != session.key:
        raise MessageError("only the challenge owner can change the proposal")
    proposal = Proposal.from_json(msg.get("proposal"))
    if not proposal.complete:
        challenge.proposal = proposal
        world.list_update(challenge)
        return
    others = proposal.names() - {session.key}
    if len(others) != 1:
        raise MessageError("the proposal must name you and your opponent")
    other = others.pop()
    if other in world.robot_names:
        if robots.accepts(proposal):
            finalize(world, challenge, proposal, now)
        else:
            world.send(
                session.name, {"type": "CHALLENGE_DECLINE", "channelId": challenge.channel_id}
            )
        return
    if other not in challenge.members:
        raise MessageError(f"{other} is not in the challenge")
    challenge.offered[other] = proposal
    world.send(
        other,
        {
            "type": "CHALLENGE_PROPOSAL",
            "channelId": challenge.channel_id,
            "proposal": proposal.to_json(world.user),
        },
    )


def on_challenge_accept(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    challenge = joined_challenge(world, session, msg)
    proposal = Proposal.from_json(msg.get("proposal"))
    offered = challenge.offered.get(session.key)
    if offered is None or not offered.same_game(proposal):
        raise MessageError("that is not the proposal you were offered")
    finalize(world, challenge, offered, now)


def on_challenge_decline(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    challenge = joined_challenge(world, session, msg)
    if challenge.owner.lower() != session.key:
        raise MessageError("only the challenge owner can decline")
    name = get_str(msg, "name", max_len=200).lower()
    challenge.offered.pop(name, None)
    world.send(name, {"type": "CHALLENGE_DECLINE", "channelId": challenge.channel_id})


def finalize(world: KgsWorld, challenge: Challenge, proposal: Proposal, now: float) -> None:
    players = {
        ROLE_COLOR[role]: world.display(name.lower()) for role, name in proposal.players if name
    }
    if proposal.nigiri and world.rng.random() < 0.5:
        players = {Color.BLACK: players[Color.WHITE], Color.WHITE: players[Color.BLACK]}
    game = GameChannel(
        world.new_channel_id(),
        challenge.room_id,
        proposal.rules,
        players,
        world.timestamp(now),
        world.user,
        game_type=proposal.game_type,
        date=world.timestamp(now)[:10],
    )
    challenge.offered.clear()
    world.broadcast(
        challenge.members,
        {
            "type": "CHALLENGE_FINAL",
            "channelId": challenge.channel_id,
            "gameChannelId": game.channel_id,
            "proposal": proposal.to_json(world.user),
        },
    )
    start_game(world, game, now)
    if challenge.owner.lower() not in world.robot_names:
        for name in sorted(challenge.members):
            member = world.by_name.get(name)
            if member is not None:
                member.channels.discard(challenge.channel_id)
        world.broadcast(challenge.members, {"type": "CLOSE", "channelId": challenge.channel_id})
        world.remove_from_room(challenge)


def start_game(world: KgsWorld, game: GameChannel, now: float) -> None:
    game.members.update(name.lower() for name in game.players.values())
    world.add_to_room(game)
    users = [world.user(n) for n in sorted(game.members)]
    for name in sorted(game.members):
        session = world.by_name.get(name)
        if session is not None:
            session.channels.add(game.channel_id)
            world.send(name, {"type": "GAME_NOTIFY", "game": game.list_entry()})
            world.send(name, game.join_message(now, users))
            world.send(name, {"type": "JOIN_COMPLETE", "channelId": game.channel_id})
    for name in game.players.values():
        world.send_all({"type": "USER_UPDATE", "user": world.user(name)})
    game.start_clock(now)
    after_change(world, game, now)


def played_game(world: KgsWorld, session: Session, msg: JsonObject) -> tuple[GameChannel, Color]:
    channel = world.channels.get(get_channel(msg))
    if not isinstance(channel, GameChannel):
        raise MessageError("that channel is not a game")
    color = channel.color_of(session.name)
    if color is None:
        raise MessageError("you are not playing in that game")
    return channel, color


def emit(world: KgsWorld, game: GameChannel, messages: list[JsonObject], now: float) -> None:
    for message in messages:
        world.broadcast(game.members, message)
    if messages:
        after_change(world, game, now)


def after_change(world: KgsWorld, game: GameChannel, now: float) -> None:
    """After every change: the list entry, the robots' turn, the loss on time, the end."""
    world.list_update(game)
    if game.phase is Phase.OVER:
        game_over(world, game, now)
        return
    if game.phase is Phase.SCORING:
        for color, name in game.players.items():
            if name.lower() in world.virtual and not game.done_sent[color]:
                emit(world, game, game.scoring_done(color, game.done_id, now), now)
                return
        return
    mover = game.players[game.to_move].lower()
    moves = game.game.move_count
    if mover in world.virtual:
        delay = world.config.robot_think_seconds
        if game.channel_id == world.watched_id:
            delay = world.config.watched_move_seconds
        world.at(now + delay, lambda t: robot_moves(world, game, moves, t))
    deadline = game.deadline()
    if deadline is not None:
        world.at(deadline + 0.001, lambda t: check_time(world, game, moves, t))


def robot_moves(world: KgsWorld, game: GameChannel, moves: int, now: float) -> None:
    if game.phase is not Phase.PLAY or game.game.move_count != moves:
        return
    color = game.to_move
    if game.channel_id == world.watched_id and moves >= world.config.watched_max_moves:
        emit(world, game, game.resign(color, now), now)
        return
    point = robots.choose(game.game, color, world.rng, game.seen)
    emit(world, game, game.play(color, point, now), now)


def check_time(world: KgsWorld, game: GameChannel, moves: int, now: float) -> None:
    if game.phase is not Phase.PLAY or game.game.move_count != moves:
        return
    deadline = game.deadline()
    if deadline is None or now < deadline:
        return
    loser = game.players[game.to_move]
    world.send(loser, {"type": "GAME_TIME_EXPIRED", "channelId": game.channel_id})
    emit(world, game, game.time_out(now), now)


def game_over(world: KgsWorld, game: GameChannel, now: float) -> None:
    if game in world.finished:
        return
    world.finished.append(game)
    for name in game.players.values():
        world.send_all({"type": "USER_UPDATE", "user": world.user(name)})
    if game.channel_id == world.watched_id:
        world.at(now + world.config.watched_restart_seconds, partial(restart_watched, world))
    if not world.session_members(game):
        world.remove_from_room(game)


def on_move(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    game, color = played_game(world, session, msg)
    point = loc_to_point(msg.get("loc", "PASS"), game.rules.size)
    emit(world, game, game.play(color, point, now), now)


def on_resign(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    game, color = played_game(world, session, msg)
    emit(world, game, game.resign(color, now), now)


def on_undo_request(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    game, color = played_game(world, session, msg)
    request = game.request_undo(color)
    opponent = game.players[color.opponent]
    if opponent.lower() in world.virtual:
        world.at(
            now + world.config.robot_reply_seconds,
            lambda t: robot_grants_undo(world, game, color.opponent, t),
        )
    else:
        world.send(opponent, request)


def robot_grants_undo(world: KgsWorld, game: GameChannel, color: Color, now: float) -> None:
    if game.undo_requested_by is color.opponent and game.phase is Phase.PLAY:
        emit(world, game, game.accept_undo(color, now), now)


def on_undo_accept(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    game, color = played_game(world, session, msg)
    emit(world, game, game.accept_undo(color, now), now)


def on_mark_life(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    game, _color = played_game(world, session, msg)
    alive = get_bool(msg, "alive")
    point = xy_to_point(msg, game.rules.size)
    emit(world, game, game.mark_life(point, alive, now), now)


def on_scoring_done(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    game, color = played_game(world, session, msg)
    done_id = get_int(msg, "doneId", low=0, high=2**31 - 1)
    emit(world, game, game.scoring_done(color, done_id, now), now)


def on_add_time(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    game, _color = played_game(world, session, msg)
    role = get_str(msg, "role", max_len=20)
    if role not in ROLE_COLOR:
        raise MessageError('"role" must be white or black')
    seconds = get_number(msg, "time", low=0.0, high=86400.0)
    emit(world, game, game.add_time(ROLE_COLOR[role], seconds, now), now)


def start_watched_game(world: KgsWorld, now: float) -> None:
    black, white = WATCHED_PLAYERS[0].name, WATCHED_PLAYERS[1].name
    rules = KgsRules(
        size=world.config.watched_size,
        komi=6.5,
        main_time=1200,
        byo_yomi_time=30,
        byo_yomi_periods=5,
    )
    game = GameChannel(
        world.new_channel_id(),
        11,
        rules,
        {Color.BLACK: black, Color.WHITE: white},
        world.timestamp(now),
        world.user,
        date=world.timestamp(now)[:10],
    )
    world.watched_id = game.channel_id
    start_game(world, game, now)


def restart_watched(world: KgsWorld, now: float) -> None:
    old = world.channels.get(world.watched_id)
    if isinstance(old, GameChannel) and not world.session_members(old):
        world.remove_from_room(old)
    start_watched_game(world, now)


def robots_first(names: set[str]) -> str:
    """The robot that answers an open challenge (the first built-in one)."""
    first = ROBOTS[0].name.lower()
    return first if first in names else min(names)
