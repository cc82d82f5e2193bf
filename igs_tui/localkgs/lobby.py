"""Upstream handlers of the lobby: rooms, chat, private conversations, user details and
archives, and the small requests (SYNC, avatars, server statistics). Each takes the world
first; :class:`~igs_tui.localkgs.world.KgsWorld` dispatches to them by message type."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from igs_tui.localkgs import robots
from igs_tui.localkgs.channels import GLOBAL_LISTS, Convo, Details, Room
from igs_tui.localkgs.games import GameChannel
from igs_tui.localkgs.proposals import Challenge
from igs_tui.localkgs.vocabulary import (
    CHAT_MAX,
    VERSION,
    JsonObject,
    MessageError,
    callback_key,
    get_channel,
    get_str,
)

if TYPE_CHECKING:
    from igs_tui.localkgs.world import KgsWorld, Session


def on_room_names(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    ids = msg.get("rooms")
    if not isinstance(ids, list) or len(ids) > 1000:
        raise MessageError('"rooms" must be a list of channel ids')
    rooms: list[JsonObject] = []
    for value in ids:
        room = world.channels.get(value) if isinstance(value, int) else None
        if isinstance(room, Room):
            rooms.append({"channelId": room.channel_id, "name": room.name})
    world.send(session.name, {"type": "ROOM_NAMES", "rooms": rooms})


def on_room_desc(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    room = world.channels.get(get_channel(msg))
    if not isinstance(room, Room):
        raise MessageError("no such room")
    world.send(
        session.name,
        {"type": "ROOM_DESC", "channelId": room.channel_id, "description": room.description},
    )


def on_join(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    channel_id = get_channel(msg)
    world.join(session, channel_id, now)


def on_unjoin(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    channel_id = get_channel(msg)
    if channel_id in GLOBAL_LISTS.values():
        world.global_members[channel_id].discard(session.key)
        world.send(session.name, {"type": "UNJOIN", "channelId": channel_id})
        return
    if channel_id not in session.channels:
        raise MessageError("you are not in that channel")
    world.leave(session, channel_id, now, notify_self=True)


def on_global_list(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    kind = get_str(msg, "list", max_len=20)
    if kind not in GLOBAL_LISTS:
        raise MessageError('"list" must be one of CHALLENGES, ACTIVES, FANS')
    channel_id = GLOBAL_LISTS[kind]
    world.global_members[channel_id].add(session.key)
    games: list[JsonObject] = []
    for channel in world.channels.values():
        wanted = Challenge if kind == "CHALLENGES" else GameChannel
        if kind != "FANS" and isinstance(channel, wanted):
            games.append(world.entry(channel))
    world.send(
        session.name,
        {
            "type": "GLOBAL_GAMES_JOIN",
            "channelId": channel_id,
            "containerType": kind,
            "games": games,
        },
    )


def on_chat(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    channel_id = get_channel(msg)
    text = get_str(msg, "text", max_len=CHAT_MAX)
    if not text:
        raise MessageError("empty chat")
    channel = world.channels.get(channel_id)
    if channel is None or session.key not in channel.members:
        raise MessageError("you are not in that channel")
    if isinstance(channel, Details):
        raise MessageError("a details channel has no chat")
    chat: JsonObject = {
        "type": "CHAT",
        "channelId": channel_id,
        "user": world.user(session.name),
        "text": text,
    }
    if isinstance(channel, Convo):
        for name in channel.users:
            if name not in channel.members and name in world.by_name:
                channel.members.add(name)
                world.by_name[name].channels.add(channel_id)
                world.send(
                    name,
                    {
                        "type": "CONVO_JOIN",
                        "channelId": channel_id,
                        "user": world.user(session.name),
                    },
                )
        world.broadcast(channel.members, chat)
        for partner in channel.users:
            if partner in world.virtual:
                answer = robots.reply(world.display(partner), session.name, text)
                when = now + world.config.robot_reply_seconds
                world.at(when, partial(robot_says, world, partner, channel_id, answer))
        return
    world.broadcast(channel.members, chat)
    if isinstance(channel, Room):
        for robot in sorted(channel.members & world.robot_names):
            if robot in text.lower():
                answer = robots.reply(world.display(robot), session.name, text)
                when = now + world.config.robot_reply_seconds
                world.at(when, partial(robot_says, world, robot, channel_id, answer))


def robot_says(world: KgsWorld, robot: str, channel_id: int, text: str, now: float) -> None:
    channel = world.channels.get(channel_id)
    if channel is None or isinstance(channel, Details):
        return
    world.broadcast(
        channel.members,
        {"type": "CHAT", "channelId": channel_id, "user": world.user(robot), "text": text},
    )


def on_announce(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    raise MessageError("only admins and channel owners may announce")


def on_convo_request(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    key = callback_key(msg)
    name = get_str(msg, "name", max_len=200)
    target = name.lower()
    exists = (
        target in world.by_name or target in world.virtual or world.accounts.get(name) is not None
    )
    if not exists or target == session.key:
        world.send(session.name, {"type": "CONVO_NO_SUCH_USER", "callbackKey": key})
        return
    for channel in world.channels.values():
        if isinstance(channel, Convo) and set(channel.users) == {session.key, target}:
            if session.key not in channel.members:
                break
            return  # "Does nothing if you already have a channel for this user."
    else:
        channel = Convo(world.new_channel_id(), (session.key, target))
        world.channels[channel.channel_id] = channel
    assert isinstance(channel, Convo)
    channel.members.add(session.key)
    session.channels.add(channel.channel_id)
    world.send(
        session.name,
        {
            "type": "CONVO_JOIN",
            "channelId": channel.channel_id,
            "callbackKey": key,
            "user": world.user(name),
        },
    )


def on_convo_no_chats(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    channel = world.channels.get(get_channel(msg))
    if not isinstance(channel, Convo) or session.key not in channel.members:
        raise MessageError("you are not in that conversation")
    world.broadcast(
        channel.members,
        {"type": "CONVO_NO_CHATS", "channelId": channel.channel_id},
        skip=session.key,
    )


def on_details(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    name = get_str(msg, "name", max_len=200)
    if not world.known(name):
        world.send(session.name, {"type": "DETAILS_NONEXISTANT", "name": name})
        return
    channel = Details(world.new_channel_id(), name.lower(), {session.key})
    world.channels[channel.channel_id] = channel
    session.channels.add(channel.channel_id)
    account = world.accounts.get(name)
    other = world.by_name.get(name.lower())
    details: JsonObject = {
        "type": "DETAILS_JOIN",
        "channelId": channel.channel_id,
        "user": world.user(name),
        "personalName": account.personal_name if account else "",
        "personalInfo": account.personal_info if account else "",
        "locale": other.locale if other else "en_US",
        "forcedNoRank": False,
        "privateEmail": True,
        "emailWanted": False,
        "lastOn": world.timestamp(now),
    }
    if account is not None:
        details["regStartDate"] = account.reg_start
    world.send(session.name, details)


def on_archive(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    name = get_str(msg, "name", max_len=200)
    if not world.known(name):
        world.send(session.name, {"type": "ARCHIVE_NONEXISTANT", "name": name})
        return
    key = name.lower()
    games = [
        g.summary()
        for g in [
            *world.finished,
            *(c for c in world.channels.values() if isinstance(c, GameChannel)),
        ]
        if key in {p.lower() for p in g.players.values()}
    ]
    channel = Details(world.new_channel_id(), key, {session.key})
    world.channels[channel.channel_id] = channel
    session.channels.add(channel.channel_id)
    world.send(
        session.name,
        {
            "type": "ARCHIVE_JOIN",
            "channelId": channel.channel_id,
            "user": world.user(name),
            "games": games,
        },
    )


def on_sync(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    world.send(session.name, {"type": "SYNC", "callbackKey": callback_key(msg)})


def on_nothing(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    """WAKE_UP, IDLE_ON, GAME_TIME_EXPIRED, CHALLENGE_RETRY: the POST itself is the point."""


def on_avatar(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    name = get_str(msg, "name", max_len=200)
    world.send(session.name, {"type": "AVATAR", "name": name})


def on_stats(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    games = sum(isinstance(c, GameChannel) for c in world.channels.values())
    world.send(
        session.name,
        {
            "type": "SERVER_STATS",
            "versionMajor": VERSION[0],
            "versionMinor": VERSION[1],
            "versionBugfix": VERSION[2],
            "logins": len(world.by_name),
            "accounts": len(world.accounts.accounts),
            "rooms": len(world.rooms()),
            "games": games,
        },
    )


def on_join_by_id(world: KgsWorld, session: Session, msg: JsonObject, now: float) -> None:
    stamp = get_str(msg, "timestamp", max_len=40)
    for channel in list(world.channels.values()):
        if isinstance(channel, GameChannel) and channel.timestamp == stamp:
            world.join(session, channel.channel_id, now)
            return
    raise MessageError("no game with that time stamp is loaded")
