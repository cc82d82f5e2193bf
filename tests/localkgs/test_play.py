"""Playing robots: challenges both ways, moves, refusals, undo, scoring, resign, time (sans-IO)."""

from __future__ import annotations

from typing import Any

from igs_tui.localkgs.world import KgsWorld
from tests.localkgs.conftest import User
from tests.localkgs.sgf_replay import Tree

RULES_9 = {"size": 9, "rules": "japanese", "komi": 6.5, "timeSystem": "none"}


def logged_in(world: KgsWorld) -> User:
    user = User(world, "tester", "secret")
    user.take()
    return user


def robot_challenge(user: User, room: int = 11) -> dict[str, Any]:
    user.ok({"type": "JOIN_REQUEST", "channelId": room})
    (join,) = user.of("ROOM_JOIN")
    return next(g for g in join["games"] if g["gameType"] == "challenge")


def proposal(white: str, black: str, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "gameType": "free",
        "rules": rules or RULES_9,
        "players": [{"role": "white", "name": white}, {"role": "black", "name": black}],
    }


def start_robot_game(world: KgsWorld, rules: dict[str, Any] | None = None) -> tuple[User, int]:
    """tester (black) against kumobot (white) through kumobot's open challenge."""
    user = logged_in(world)
    challenge = robot_challenge(user)["channelId"]
    user.ok({"type": "JOIN_REQUEST", "channelId": challenge})
    join, complete = user.take()
    assert join["type"] == "CHALLENGE_JOIN" and join["gameSummary"]["size"] == 9
    assert complete == {"type": "JOIN_COMPLETE", "channelId": challenge}
    offer = proposal("kumobot", "tester", rules)
    user.ok({"type": "CHALLENGE_SUBMIT", "channelId": challenge, "proposal": offer})
    (answer,) = user.take()
    assert answer["type"] == "CHALLENGE_PROPOSAL"
    assert answer["proposal"]["players"][1]["user"]["name"] == "tester"
    user.ok({"type": "CHALLENGE_ACCEPT", "channelId": challenge, "proposal": offer})
    messages = user.take()
    (final,) = [m for m in messages if m["type"] == "CHALLENGE_FINAL"]
    game = final["gameChannelId"]
    (notify,) = [m for m in messages if m["type"] == "GAME_NOTIFY"]
    assert notify["game"]["channelId"] == game
    (game_join,) = [m for m in messages if m["type"] == "GAME_JOIN"]
    assert game_join["actions"][0]["user"]["name"] == "tester"
    assert "p" in game_join["gameSummary"]["players"]["black"]["flags"]
    return user, game


def move(x: int, y: int) -> dict[str, int]:
    return {"x": x, "y": y}


def test_challenge_a_robot_and_play_moves(world: KgsWorld) -> None:
    user, game = start_robot_game(world)
    user.ok({"type": "GAME_MOVE", "channelId": game, "loc": move(2, 2)})
    update = user.of("GAME_UPDATE")[0]
    assert update["sgfEvents"][1]["props"][0] == {
        "name": "MOVE",
        "color": "black",
        "loc": {"x": 2, "y": 2},
    }
    refused = user.post({"type": "GAME_MOVE", "channelId": game, "loc": move(3, 3)})
    assert refused.status == 400 and "turn" in refused.text
    world.tick(5.0)
    messages = user.take()
    (reply,) = [m for m in messages if m["type"] == "GAME_UPDATE"]
    assert reply["sgfEvents"][1]["props"][0]["color"] == "white"
    state = [m for m in messages if m["type"] == "GAME_STATE"][-1]
    assert state["actions"] == [{"action": "MOVE", "user": state["actions"][0]["user"]}]
    assert state["actions"][0]["user"]["name"] == "tester"
    occupied = user.post({"type": "GAME_MOVE", "channelId": game, "loc": move(2, 2)})
    assert occupied.status == 400 and "occupied" in occupied.text
    off_board = user.post({"type": "GAME_MOVE", "channelId": game, "loc": move(9, 0)})
    assert off_board.status == 400


def test_only_players_may_move(world: KgsWorld) -> None:
    _user, game = start_robot_game(world)
    other = User(world, "alice", "wonderland")
    result = other.post({"type": "GAME_MOVE", "channelId": game, "loc": "PASS"})
    assert result.status == 400 and "not playing" in result.text


def test_the_robot_grants_an_undo(world: KgsWorld) -> None:
    user, game = start_robot_game(world)
    tree = Tree()
    user.ok({"type": "JOIN_REQUEST", "channelId": game})
    user.take()
    user.ok({"type": "GAME_MOVE", "channelId": game, "loc": move(4, 4)})
    world.tick(5.0)
    user.ok({"type": "GAME_UNDO_REQUEST", "channelId": game}, now=5.0)
    before = user.take()
    world.tick(10.0)
    after = user.take()
    (join,) = [m for m in world_join(world, game)]
    tree.apply(join)
    assert tree.game().move_count == 0
    undo_events = [e for m in after if m["type"] == "GAME_UPDATE" for e in m["sgfEvents"]]
    assert [e["type"] for e in undo_events] == ["ACTIVATED", "ACTIVATED"]
    assert [m for m in before if m["type"] == "GAME_UPDATE"]
    state = [m for m in after if m["type"] == "GAME_STATE"][-1]
    assert state["actions"][0]["user"]["name"] == "tester"
    user.ok({"type": "GAME_MOVE", "channelId": game, "loc": move(3, 3)}, now=10.0)
    (update,) = user.of("GAME_UPDATE")
    assert update["sgfEvents"][0]["position"] == 1  # a second child of the root


def world_join(world: KgsWorld, game: int) -> list[list[dict[str, Any]]]:
    """The SGF events a newcomer gets in GAME_JOIN."""
    viewer = User(world, "bob", "builder")
    viewer.take()
    viewer.ok({"type": "JOIN_REQUEST", "channelId": game})
    (join,) = viewer.of("GAME_JOIN")
    return [join["sgfEvents"]]


def test_scoring_with_dead_stones(world: KgsWorld) -> None:
    user, game = start_robot_game(world)
    user.ok({"type": "GAME_MOVE", "channelId": game, "loc": move(4, 4)})
    now = 0.0
    state: dict[str, Any] = {}
    while "doneId" not in state:
        now += 5.0
        world.tick(now)
        states = user.of("GAME_STATE")
        state = states[-1] if states else state
        if state.get("actions", [{}])[0].get("action") == "MOVE":
            user.ok({"type": "GAME_MOVE", "channelId": game, "loc": "PASS"}, now=now)
            state = user.of("GAME_STATE")[-1]
    assert {a["action"] for a in state["actions"]} == {"SCORE"}
    assert state["whiteDoneSent"] is True and state["blackDoneSent"] is False
    done_id = state["doneId"]
    white = [p for p, c in next(iter(world_games(world))).game.stones().items() if c.value == "W"]
    assert white, "the robot played stones"
    target = white[0]
    user.ok(
        {
            "type": "GAME_MARK_LIFE",
            "channelId": game,
            "alive": False,
            "x": target.col,
            "y": 8 - target.row,
        },
        now=now,
    )
    update = user.of("GAME_UPDATE")[0]
    dead = [e for e in update["sgfEvents"] if e["type"] == "PROP_ADDED"]
    assert dead and all(e["prop"]["name"] == "DEAD" for e in dead)
    user.ok({"type": "GAME_SCORING_DONE", "channelId": game, "doneId": done_id}, now=now)
    assert user.take() == []  # a stale done ID is ignored
    marked = world_games(world)[0].state(now)
    assert marked["doneId"] == done_id + 1 and marked["whiteDoneSent"] is True
    user.ok({"type": "GAME_SCORING_DONE", "channelId": game, "doneId": done_id + 1}, now=now)
    messages = user.take()
    (over,) = [m for m in messages if m["type"] == "GAME_OVER"]
    assert over["score"] == marked["blackScore"] - marked["whiteScore"]


def world_games(world: KgsWorld) -> list[Any]:
    from igs_tui.localkgs.games import GameChannel

    return [c for c in world.channels.values() if isinstance(c, GameChannel)]


def test_resign(world: KgsWorld) -> None:
    user, game = start_robot_game(world)
    user.ok({"type": "GAME_RESIGN", "channelId": game})
    (over,) = user.of("GAME_OVER")
    assert over == {"type": "GAME_OVER", "channelId": game, "score": "W+RESIGN"}
    assert user.post({"type": "GAME_MOVE", "channelId": game, "loc": "PASS"}).status == 400


def test_losing_on_time(world: KgsWorld) -> None:
    rules = {
        **RULES_9,
        "timeSystem": "byo_yomi",
        "mainTime": 60,
        "byoYomiTime": 10,
        "byoYomiPeriods": 2,
    }
    user, game = start_robot_game(world, rules)
    world.tick(50.0)
    assert user.of("GAME_OVER") == []
    world.tick(100.0)
    messages = user.take()
    assert {"type": "GAME_TIME_EXPIRED", "channelId": game} in messages
    (over,) = [m for m in messages if m["type"] == "GAME_OVER"]
    assert over["score"] == "W+TIME"
    user.ok({"type": "GAME_TIME_EXPIRED", "channelId": game}, now=100.0)


def test_clocks_and_add_time(world: KgsWorld) -> None:
    rules = {
        **RULES_9,
        "timeSystem": "byo_yomi",
        "mainTime": 60,
        "byoYomiTime": 10,
        "byoYomiPeriods": 2,
    }
    user, game = start_robot_game(world, rules)
    world.tick(65.0)
    state = world_games(world)[0].state(65.0)
    assert state["clocks"]["black"] == {"time": 5.0, "periodsLeft": 2, "running": True}
    assert world_games(world)[0].state(75.0)["clocks"]["black"]["periodsLeft"] == 1
    user.ok({"type": "GAME_ADD_TIME", "channelId": game, "role": "white", "time": 30}, now=65.0)
    (after,) = user.of("GAME_STATE")
    assert after["clocks"]["white"]["time"] == 90.0


def test_robot_declines_what_it_does_not_play(world: KgsWorld) -> None:
    user = logged_in(world)
    challenge = robot_challenge(user)["channelId"]
    user.ok({"type": "JOIN_REQUEST", "channelId": challenge})
    user.take()
    big = proposal("kumobot", "tester", {**RULES_9, "size": 25})
    user.ok({"type": "CHALLENGE_SUBMIT", "channelId": challenge, "proposal": big})
    assert user.take() == [{"type": "CHALLENGE_DECLINE", "channelId": challenge}]
    not_offered = user.post({"type": "CHALLENGE_ACCEPT", "channelId": challenge, "proposal": big})
    assert not_offered.status == 400
    nameless = user.post(
        {"type": "CHALLENGE_SUBMIT", "channelId": challenge, "proposal": proposal("kumobot", "bob")}
    )
    assert nameless.status == 400


def test_create_a_challenge_that_a_robot_takes(world: KgsWorld) -> None:
    user = logged_in(world)
    user.ok({"type": "JOIN_REQUEST", "channelId": 13})
    user.take()
    mine = {
        "gameType": "free",
        "rules": RULES_9,
        "players": [{"role": "black", "name": "tester"}, {"role": "white"}],
    }
    user.ok(
        {
            "type": "CHALLENGE_CREATE",
            "channelId": 13,
            "callbackKey": 77,
            "global": False,
            "text": "anyone?",
            "proposal": mine,
        }
    )
    messages = user.take()
    (created,) = [m for m in messages if m["type"] == "CHALLENGE_CREATED"]
    assert created["callbackKey"] == 77 and created["game"]["name"] == "anyone?"
    challenge = created["game"]["channelId"]
    assert any(m["type"] == "CHALLENGE_JOIN" and m["channelId"] == challenge for m in messages)
    world.tick(5.0)
    (submit,) = user.of("CHALLENGE_SUBMIT")
    assert submit["user"]["name"] == "kumobot"
    complete = proposal("kumobot", "tester")
    complete["players"].reverse()  # the owner first
    user.ok({"type": "CHALLENGE_PROPOSAL", "channelId": challenge, "proposal": complete}, now=5.0)
    messages = user.take()
    types = [m["type"] for m in messages]
    assert "CHALLENGE_FINAL" in types and "GAME_JOIN" in types
    assert {"type": "CLOSE", "channelId": challenge} in messages
    assert {"type": "GAME_CONTAINER_REMOVE_GAME", "channelId": 13, "gameId": challenge} in messages
    again = user.post(
        {"type": "CHALLENGE_CREATE", "channelId": 13, "callbackKey": 78, "proposal": mine}
    )
    assert again.status == 200
    assert user.of("CANT_PLAY_TWICE") == [{"type": "CANT_PLAY_TWICE", "callbackKey": 78}]


def test_challenges_that_cannot_be_created(world: KgsWorld) -> None:
    user = logged_in(world)
    user.ok({"type": "JOIN_REQUEST", "channelId": 11})
    user.take()
    cases = [
        ({**RULES_9, "size": 30}, "free", "tester"),
        ({**RULES_9, "komi": 6.3}, "free", "tester"),
        (RULES_9, "teaching", "tester"),
        (RULES_9, "free", "alice"),
    ]
    for key, (rules, game_type, owner) in enumerate(cases):
        offer = {
            "gameType": game_type,
            "rules": rules,
            "players": [{"role": "black", "name": owner}, {"role": "white"}],
        }
        user.ok(
            {"type": "CHALLENGE_CREATE", "channelId": 11, "callbackKey": key, "proposal": offer}
        )
        assert user.take() == [{"type": "CHALLENGE_NOT_CREATED", "callbackKey": key}]
    ranked = {
        "gameType": "ranked",
        "rules": RULES_9,
        "players": [{"role": "black", "name": "tester"}, {"role": "white"}],
    }
    user.ok({"type": "CHALLENGE_CREATE", "channelId": 11, "callbackKey": 9, "proposal": ranked})
    (cant,) = user.take()
    assert cant["type"] == "CHALLENGE_CANT_PLAY_RANKED"
    assert (cant["field"], cant["tooBig"], cant["limit"]) == ("SIZE", False, 19)


def test_two_people_play_through_a_challenge_and_undo(world: KgsWorld) -> None:
    alice, bob = User(world, "alice", "wonderland"), User(world, "bob", "builder")
    for user in (alice, bob):
        user.ok({"type": "JOIN_REQUEST", "channelId": 12})
        user.take()
    own = {
        "gameType": "free",
        "rules": RULES_9,
        "players": [{"role": "white", "name": "alice"}, {"role": "black", "name": "bob"}],
    }
    alice.ok({"type": "CHALLENGE_CREATE", "channelId": 12, "callbackKey": 1, "proposal": own})
    (created,) = alice.of("CHALLENGE_CREATED")
    challenge = created["game"]["channelId"]
    (listed,) = bob.of("GAME_LIST")
    assert listed["games"][0]["channelId"] == challenge
    bob.ok({"type": "JOIN_REQUEST", "channelId": challenge})
    bob.ok({"type": "CHALLENGE_SUBMIT", "channelId": challenge, "proposal": own})
    (submit,) = alice.of("CHALLENGE_SUBMIT")
    assert submit["user"]["name"] == "bob"
    alice.ok({"type": "CHALLENGE_PROPOSAL", "channelId": challenge, "proposal": own})
    (offer,) = bob.of("CHALLENGE_PROPOSAL")
    assert [p["user"]["name"] for p in offer["proposal"]["players"]] == ["alice", "bob"]
    bob.ok({"type": "CHALLENGE_ACCEPT", "channelId": challenge, "proposal": own})
    (final,) = alice.of("CHALLENGE_FINAL")
    game = final["gameChannelId"]
    assert bob.of("GAME_JOIN")[0]["channelId"] == game
    bob.ok({"type": "GAME_MOVE", "channelId": game, "loc": {"x": 4, "y": 4}})
    assert alice.of("GAME_UPDATE")[0]["sgfEvents"][1]["props"][0]["color"] == "black"
    bob.take()
    bob.ok({"type": "GAME_UNDO_REQUEST", "channelId": game})
    assert alice.take() == [{"type": "GAME_UNDO_REQUEST", "channelId": game, "role": "black"}]
    assert bob.post({"type": "GAME_UNDO_ACCEPT", "channelId": game}).status == 400
    alice.ok({"type": "GAME_UNDO_ACCEPT", "channelId": game})
    (undo,) = bob.of("GAME_UPDATE")
    assert undo["sgfEvents"] == [{"type": "ACTIVATED", "nodeId": 0, "prevNodeId": 1}]
    assert world_games(world)[0].game.move_count == 0
