"""The KGS session: messages in (shapes of the reference's "Downstream Messages" and "Data
Types" pages) -> model changes applied to a real ClientModel; intents -> upstream messages."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from igs_tui.backends.kgs.json_messages import parse_message
from igs_tui.backends.kgs.session import KgsSession
from igs_tui.go import Color, Point
from igs_tui.model import BufferKey, ChatKind, ClientModel, GamePhase, Role
from igs_tui.model import changes as ch
from igs_tui.model.play import Challenge
from igs_tui.model.terms import MatchTerms

ROOM = 10
GAME = 55


def user(name: str, rank: str = "", flags: str = "c") -> dict[str, Any]:
    return {"name": name, "rank": rank, "flags": flags}


def move_events(node: int, color: str, loc: Any) -> list[dict[str, Any]]:
    """One move as a server tells it: a child node, its MOVE, then ACTIVATED."""
    return [
        {"type": "CHILD_ADDED", "nodeId": node - 1, "childNodeId": node},
        {
            "type": "PROP_GROUP_ADDED",
            "nodeId": node,
            "props": [{"name": "MOVE", "color": color, "loc": loc}],
        },
        {"type": "ACTIVATED", "nodeId": node, "prevNodeId": node - 1},
    ]


class Harness:
    def __init__(self, me: str = "alice") -> None:
        self.model = ClientModel(clock=lambda: 100.0)
        self.session = KgsSession(me, "secret", wall_clock=lambda: 1.0)
        self.session.start()
        self.feed(
            {
                "type": "LOGIN_SUCCESS",
                "you": user(me, "2k"),
                "rooms": [{"channelId": ROOM, "category": "MAIN"}],
            }
        )

    def feed(self, *messages: dict[str, Any]) -> None:
        for message in messages:
            for change in self.session.receive(parse_message(message)):
                self.model.apply(change)

    def sent(self) -> list[dict[str, Any]]:
        return self.session.data_to_send()

    def join_game(
        self,
        white: str = "w",
        black: str = "b",
        events: list[dict[str, Any]] | None = None,
        rules: str = "japanese",
        **state: Any,
    ) -> None:
        root = {
            "type": "PROP_GROUP_ADDED",
            "nodeId": 0,
            "props": [
                {
                    "name": "RULES",
                    "size": 9,
                    "komi": 6.5,
                    "rules": rules,
                    "timeSystem": "byo_yomi",
                    "mainTime": 600,
                    "byoYomiTime": 30,
                    "byoYomiPeriods": 5,
                },
            ],
        }
        self.feed(
            {
                "type": "GAME_JOIN",
                "channelId": GAME,
                "users": [],
                "gameSummary": {
                    "size": 9,
                    "komi": 6.5,
                    "gameType": "free",
                    "players": {"white": user(white, "1d"), "black": user(black, "1k")},
                },
                "sgfEvents": [root, *(events or [])],
                **state,
            }
        )


def test_login_sends_login_first_and_asks_the_room_names() -> None:
    h = Harness()
    sent = h.sent()
    # "LOGIN: Must be the first message sent."
    assert sent[0] == {"type": "LOGIN", "name": "alice", "password": "secret", "locale": "en_US"}
    assert sent[1] == {"type": "ROOM_NAMES_REQUEST", "rooms": [ROOM]}
    assert h.session.logged_in and h.session.me == "alice"
    assert KgsSession.redact(sent[0])["password"] == "********"
    assert h.model.passes_to_end == 2
    # listing the rooms right after the login asks nothing more (the names are on their way)
    changes = h.session.list_rooms()
    assert h.sent() == [] and changes


def test_a_login_failure_is_kept_as_a_clear_reason() -> None:
    session = KgsSession("nobody")
    session.receive(parse_message({"type": "LOGIN_FAILED_NO_SUCH_USER"}))
    assert not session.logged_in
    assert "No such user" in session.failure


def test_rooms_are_named_joined_and_list_their_games() -> None:
    h = Harness()
    h.feed({"type": "ROOM_NAMES", "rooms": [{"channelId": ROOM, "name": "English Room"}]})
    assert h.model.rooms is not None and h.model.rooms[0].name == "English Room"
    entry = {
        "channelId": GAME,
        "gameType": "free",
        "roomId": ROOM,
        "size": 19,
        "komi": 6.5,
        "moveNum": 12,
        "players": {"white": user("w", "1d"), "black": user("b", "1k")},
    }
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [user("bob", "3k")], "games": [entry]})
    assert h.model.room == ROOM
    assert h.model.games[GAME].moves == 12 and h.model.games[GAME].white == "w"
    assert "bob" in h.model.players
    h.feed({"type": "GAME_CONTAINER_REMOVE_GAME", "channelId": ROOM, "gameId": GAME})
    assert GAME not in h.model.games


def test_room_chat_goes_to_the_room_buffer_and_ours_is_not_shown_twice() -> None:
    h = Harness()
    h.feed({"type": "ROOM_NAMES", "rooms": [{"channelId": ROOM, "name": "Lobby"}]})
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    h.feed({"type": "CHAT", "channelId": ROOM, "user": user("bob"), "text": "hi all"})
    key = BufferKey(ChatKind.CHANNEL, "Lobby")
    for change in h.session.room_chat(ROOM, "hello"):
        h.model.apply(change)
    h.feed({"type": "CHAT", "channelId": ROOM, "user": user("alice"), "text": "hello"})
    texts = [(m.author, m.text, m.kind) for m in h.model.buffers[key].messages]
    assert texts == [("bob", "hi all", "message"), ("alice", "hello", "own")]
    assert h.sent()[-1] == {"type": "CHAT", "channelId": ROOM, "text": "hello"}
    assert h.session.room_by_label("lobby") == ROOM


def test_a_tell_opens_a_conversation_then_is_sent_in_it() -> None:
    h = Harness()
    h.sent()
    for change in h.session.tell("Bob", "hello"):
        h.model.apply(change)
    assert h.sent() == [{"type": "CONVO_REQUEST", "name": "Bob", "callbackKey": 0}]
    h.feed({"type": "CONVO_JOIN", "channelId": 77, "user": user("Bob")})
    assert h.sent() == [{"type": "CHAT", "channelId": 77, "text": "hello"}]
    h.feed({"type": "CHAT", "channelId": 77, "user": user("Bob"), "text": "hi alice"})
    messages = h.model.buffers[BufferKey(ChatKind.TELL, "Bob")].messages
    assert [m.text for m in messages] == ["hello", "hi alice"]
    assert h.model.notifications[-1].text == "hi alice"


def test_observing_replays_the_sgf_events_on_our_rules_engine() -> None:
    h = Harness()
    # black at x=2, y=6 (from the top) on 9x9 is our Point(2, 2)
    events = move_events(1, "black", {"x": 2, "y": 6}) + move_events(2, "white", "PASS")
    h.join_game(events=events)
    game = h.model.followed[GAME]
    assert (game.size, game.komi, game.white, game.black, game.role) == (
        9,
        6.5,
        "w",
        "b",
        Role.OBSERVING,
    )
    assert [(m.number, m.color, m.point) for m in game.moves] == [
        (1, Color.BLACK, Point(2, 2)),
        (2, Color.WHITE, None),
    ]
    assert game.board.get(Point(2, 2)) is Color.BLACK
    assert game.time_settings is not None and game.time_settings.periods == 5


def test_captures_come_from_our_rules_engine() -> None:
    h = Harness()
    # white at a9 (x0,y0) surrounded by black b9 and a8: captured
    events = (
        move_events(1, "black", {"x": 1, "y": 0})
        + move_events(2, "white", {"x": 0, "y": 0})
        + move_events(3, "black", {"x": 0, "y": 1})
    )
    h.join_game(events=events)
    game = h.model.followed[GAME]
    assert game.board.get(Point(0, 8)) is None
    assert game.board.prisoners[Color.BLACK] == 1


def test_an_undo_is_an_activation_of_an_earlier_node() -> None:
    h = Harness()
    h.join_game(events=move_events(1, "black", {"x": 4, "y": 4}))
    h.feed(
        {
            "type": "GAME_UPDATE",
            "channelId": GAME,
            "sgfEvents": move_events(2, "white", {"x": 3, "y": 3}),
        }
    )
    assert h.model.followed[GAME].last_number == 2
    h.feed(
        {
            "type": "GAME_UPDATE",
            "channelId": GAME,
            "sgfEvents": [{"type": "ACTIVATED", "nodeId": 1, "prevNodeId": 2}],
        }
    )
    game = h.model.followed[GAME]
    assert game.last_number == 1 and game.board.get(Point(3, 5)) is None
    # a new move after the undo is a variation of node 1
    h.feed(
        {
            "type": "GAME_UPDATE",
            "channelId": GAME,
            "sgfEvents": [
                {"type": "CHILD_ADDED", "nodeId": 1, "childNodeId": 3, "position": 1},
                {
                    "type": "PROP_GROUP_ADDED",
                    "nodeId": 3,
                    "props": [{"name": "MOVE", "color": "white", "loc": {"x": 5, "y": 5}}],
                },
                {"type": "ACTIVATED", "nodeId": 3, "prevNodeId": 1},
            ],
        }
    )
    assert [m.point for m in h.model.followed[GAME].moves] == [Point(4, 4), Point(5, 3)]


def test_handicap_stones_are_move_one() -> None:
    h = Harness()
    root_stones = {
        "type": "PROP_GROUP_ADDED",
        "nodeId": 0,
        "props": [
            {"name": "ADDSTONE", "color": "black", "loc": {"x": 2, "y": 6}},
            {"name": "ADDSTONE", "color": "black", "loc": {"x": 6, "y": 2}},
        ],
    }
    h.join_game(events=[root_stones, *move_events(1, "white", {"x": 4, "y": 4})])
    game = h.model.followed[GAME]
    assert game.handicap == 2
    assert [(m.number, m.color) for m in game.moves] == [(1, Color.BLACK), (2, Color.WHITE)]
    assert game.board.get(Point(6, 6)) is Color.BLACK


def test_clocks_phase_and_result() -> None:
    h = Harness()
    h.join_game(
        clocks={
            "black": {"time": 500.0, "periodsLeft": 5, "running": True},
            "white": {"time": 20.0, "periodsLeft": 3},
        }
    )
    game = h.model.followed[GAME]
    black, white = game.clocks[Color.BLACK], game.clocks[Color.WHITE]
    assert black.running and black.reading.main_seconds == 500.0 and not black.reading.in_byoyomi
    assert (
        white.reading.in_byoyomi
        and white.reading.periods == 3
        and white.reading.byo_seconds == 20.0
    )
    h.feed(
        {
            "type": "GAME_STATE",
            "channelId": GAME,
            "actions": [{"action": "SCORE", "user": user("w")}],
            "doneId": 4,
        }
    )
    assert game.phase is GamePhase.SCORING
    h.feed(
        {
            "type": "GAME_UPDATE",
            "channelId": GAME,
            "sgfEvents": [
                {"type": "PROP_ADDED", "nodeId": 0, "prop": {"name": "RESULT", "text": "W+RESIGN"}}
            ],
        }
    )
    h.feed({"type": "GAME_OVER", "channelId": GAME, "score": "W+RESIGN"})
    assert game.phase is GamePhase.FINISHED and game.result == "W+R"


def test_game_over_with_a_counted_score() -> None:
    h = Harness()
    h.join_game()
    h.feed({"type": "GAME_STATE", "channelId": GAME, "over": True, "score": -3.5})
    assert h.model.followed[GAME].result == "W+3.5"


def test_playing_our_game_and_scoring_with_dead_stones() -> None:
    h = Harness()
    h.join_game(white="alice", black="bob", events=move_events(1, "black", {"x": 4, "y": 4}))
    game = h.model.followed[GAME]
    assert game.role is Role.PLAYING_WHITE
    h.sent()
    h.session.play(GAME, Point(0, 0))
    h.session.play(GAME, None)
    h.session.resign(GAME)
    h.session.request_undo(GAME)
    assert h.sent() == [
        {"type": "GAME_MOVE", "channelId": GAME, "loc": {"x": 0, "y": 8}},
        {"type": "GAME_MOVE", "channelId": GAME, "loc": "PASS"},
        {"type": "GAME_RESIGN", "channelId": GAME},
        {"type": "GAME_UNDO_REQUEST", "channelId": GAME},
    ]
    h.feed({"type": "GAME_UNDO_REQUEST", "channelId": GAME, "role": "black"})
    assert game.undo_requested_by == "bob"
    h.feed(
        {
            "type": "GAME_STATE",
            "channelId": GAME,
            "doneId": 7,
            "actions": [{"action": "SCORE", "user": user("alice")}],
        }
    )
    h.feed(
        {
            "type": "GAME_UPDATE",
            "channelId": GAME,
            "sgfEvents": [
                {
                    "type": "PROP_ADDED",
                    "nodeId": 1,
                    "prop": {"name": "DEAD", "loc": {"x": 4, "y": 4}},
                }
            ],
        }
    )
    assert Point(4, 4) in game.dead
    assert h.session.is_dead(GAME, Point(4, 4))
    h.session.mark(GAME, Point(4, 4), alive=True)
    assert h.session.done_scoring(GAME) is None
    assert h.sent() == [
        {"type": "GAME_MARK_LIFE", "channelId": GAME, "x": 4, "y": 4, "alive": True},
        {"type": "GAME_SCORING_DONE", "channelId": GAME, "doneId": 7},
    ]
    h.feed(
        {
            "type": "GAME_UPDATE",
            "channelId": GAME,
            "sgfEvents": [
                {
                    "type": "PROP_REMOVED",
                    "nodeId": 1,
                    "prop": {"name": "DEAD", "loc": {"x": 4, "y": 4}},
                }
            ],
        }
    )
    assert not game.dead


def test_a_challenge_we_create_is_answered_and_accepted() -> None:
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    h.sent()
    terms = MatchTerms(
        "bob",
        color=Color.BLACK,
        size=9,
        komi=0.5,
        main_seconds=300,
        byo_seconds=30,
        byo_stones=0,
        byo_periods=5,
    )
    assert h.session.challenge(terms) is None
    (create,) = h.sent()
    assert create["type"] == "CHALLENGE_CREATE" and create["channelId"] == ROOM
    assert create["proposal"]["rules"]["timeSystem"] == "byo_yomi"
    assert {"role": "black", "name": "alice"} in create["proposal"]["players"]
    h.feed({"type": "CHALLENGE_CREATED", "channelId": 90, "callbackKey": create["callbackKey"]})
    # bob answers with other terms (komi 6.5, he takes black): ours to take or not
    proposal = {
        **create["proposal"],
        "rules": {**create["proposal"]["rules"], "komi": 6.5},
        "players": [{"role": "white", "name": "alice"}, {"role": "black", "name": "bob"}],
    }
    h.feed({"type": "CHALLENGE_SUBMIT", "channelId": 90, "proposal": proposal})
    challenge = h.model.challenge_from("bob")
    assert challenge is not None and challenge.incoming and challenge.terms.color is Color.WHITE
    assert challenge.terms.komi == 6.5
    assert h.session.accept_challenge(challenge.terms) is None
    # the owner answers with final terms; the challenger accepts them
    assert h.sent() == [{"type": "CHALLENGE_PROPOSAL", "channelId": 90, "proposal": proposal}]
    h.feed({"type": "CHALLENGE_FINAL", "channelId": 90, "gameChannelId": GAME})
    assert h.model.challenge_from("bob") is None


def test_the_challenged_player_taking_our_terms_as_they_are_makes_them_final() -> None:
    """alice challenged bob; bob accepts them unchanged (a CHALLENGE_SUBMIT of the very
    proposal): her client sends them back as final at once, asking her nothing again."""
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    h.sent()
    h.model.apply(ch.ChallengeOpened(Challenge(MatchTerms("bob", size=9), incoming=False)))
    assert h.session.challenge(MatchTerms("bob", color=Color.BLACK, size=9, komi=6.5)) is None
    (create,) = h.sent()
    h.feed({"type": "CHALLENGE_CREATED", "channelId": 90, "callbackKey": create["callbackKey"]})
    h.feed({"type": "CHALLENGE_SUBMIT", "channelId": 90, "proposal": create["proposal"]})
    assert h.sent() == [
        {"type": "CHALLENGE_PROPOSAL", "channelId": 90, "proposal": create["proposal"]}
    ]
    pending = h.model.challenge_from("bob")
    assert pending is not None and not pending.incoming  # no question to answer


def test_a_counter_offer_goes_to_the_challenge_it_answers() -> None:
    """bob counters alice's challenge: his terms are submitted in her challenge's channel (no
    new challenge); alice counters bob's answer to hers: her final terms go to him there."""
    h = Harness("bob")
    rules = {"size": 9, "rules": "japanese", "komi": 6.5, "timeSystem": "absolute", "mainTime": 300}
    offer = {
        "gameType": "free",
        "rules": rules,
        "players": [
            {"role": "black", "user": user("alice")},
            {"role": "white", "user": user("bob")},
        ],
    }
    entry = {
        "channelId": 71,
        "gameType": "challenge",
        "roomId": ROOM,
        "players": {"challengeCreator": user("alice", "2k")},
        "initialProposal": offer,
    }
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": [entry]})
    h.sent()
    assert h.model.games[71].title == "open challenge: alice challenges bob"
    challenge = h.model.challenge_from("alice")
    assert challenge is not None and challenge.incoming and challenge.terms.color is Color.WHITE
    counter = MatchTerms("alice", color=Color.BLACK, size=9, komi=0.5, main_seconds=300)
    assert h.session.challenge(counter) is None
    assert h.sent() == [{"type": "JOIN_REQUEST", "channelId": 71}]
    h.feed({"type": "CHALLENGE_JOIN", "channelId": 71, "users": [], "proposal": offer})
    (submit,) = h.sent()
    assert submit["type"] == "CHALLENGE_SUBMIT" and submit["channelId"] == 71
    assert submit["proposal"]["rules"]["komi"] == 0.5
    assert submit["proposal"]["players"] == [
        {"role": "white", "name": "alice"},
        {"role": "black", "name": "bob"},
    ]
    # a second counter: already in the channel, so submitted at once
    assert h.session.challenge(replace(counter, komi=3.5)) is None
    (again,) = h.sent()
    assert again["type"] == "CHALLENGE_SUBMIT" and again["proposal"]["rules"]["komi"] == 3.5
    # alice takes it: her final terms are what bob sent, so he accepts them at once
    final = {
        **again["proposal"],
        "players": [
            {"role": "white", "user": user("alice")},
            {"role": "black", "user": user("bob")},
        ],
    }
    h.feed({"type": "CHALLENGE_PROPOSAL", "channelId": 71, "proposal": final})
    assert h.sent() == [
        {"type": "CHALLENGE_ACCEPT", "channelId": 71, "proposal": again["proposal"]}
    ]


def test_the_owner_counters_an_answer_with_final_terms_in_the_same_channel() -> None:
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    h.sent()
    assert h.session.challenge(MatchTerms("bob", color=Color.BLACK, size=9, komi=6.5)) is None
    (create,) = h.sent()
    h.feed({"type": "CHALLENGE_CREATED", "channelId": 90, "callbackKey": create["callbackKey"]})
    answer = {**create["proposal"], "rules": {**create["proposal"]["rules"], "komi": 0.5}}
    h.feed({"type": "CHALLENGE_SUBMIT", "channelId": 90, "proposal": answer})
    assert h.session.challenge(MatchTerms("bob", color=Color.BLACK, size=9, komi=3.5)) is None
    (sent,) = h.sent()
    assert sent["type"] == "CHALLENGE_PROPOSAL" and sent["channelId"] == 90
    assert sent["proposal"]["rules"]["komi"] == 3.5
    assert sent["proposal"]["players"] == [
        {"role": "black", "name": "alice"},
        {"role": "white", "name": "bob"},
    ]


def test_a_challenge_needs_a_room() -> None:
    h = Harness()
    assert h.session.challenge(MatchTerms("bob")) is not None


def test_details_become_a_player_card() -> None:
    h = Harness()
    h.feed(
        {
            "type": "DETAILS_JOIN",
            "channelId": 5,
            "user": user("bob", "4k"),
            "personalInfo": "likes go",
        }
    )
    card = h.model.cards["bob"]
    assert card.rank == "4k" and card.info == "likes go"
    assert h.sent()[-1] == {"type": "UNJOIN_REQUEST", "channelId": 5}
    h.feed({"type": "DETAILS_NONEXISTANT", "name": "ghost"})
    assert h.model.cards["ghost"].error


@pytest.mark.parametrize("kind", ["LOGOUT", "RECONNECT"])
def test_logout_ends_the_session(kind: str) -> None:
    h = Harness()
    h.feed({"type": kind})
    assert not h.session.logged_in and h.session.logged_out
    assert h.session.no_reconnect is (kind == "RECONNECT")


def test_idle_warning_is_answered() -> None:
    h = Harness()
    h.sent()
    h.feed({"type": "IDLE_WARNING"})
    assert h.sent() == [{"type": "WAKE_UP"}]


def test_unknown_messages_reach_the_console() -> None:
    h = Harness()
    h.feed({"type": "SOMETHING_NEW", "a": 1})
    assert h.model.console[-1].text == "SOMETHING_NEW: not used by this client"
    h.feed({"type": "GAME_LIST", "channelId": -4, "games": []})
    assert h.model.console[-1].kind == "error" and "GAME_LIST" in h.model.console[-1].text


def test_game_types_show_in_the_kind_column() -> None:
    h = Harness()
    players = {"white": user("w"), "black": user("b")}
    games = [
        {"channelId": 60 + i, "gameType": kind, "roomId": ROOM, "players": players}
        for i, kind in enumerate(("free", "ranked", "teaching"))
    ]
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": games})
    assert [h.model.games[n].kind_flag for n in (60, 61, 62)] == ["F", "", "T"]


def test_a_lost_link_closes_the_open_challenges() -> None:
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    h.session.challenge(MatchTerms("bob", size=9))
    h.model.apply(ch.ChallengeOpened(Challenge(MatchTerms("bob", size=9), incoming=False)))
    for change in h.session.forget_challenges():
        h.model.apply(change)
    assert h.model.challenge_from("bob") is None
    h.session.restart()
    assert h.sent()[0]["type"] == "LOGIN"


def test_a_challenge_kgs_will_not_rank_says_why_and_is_no_longer_pending() -> None:
    """CHALLENGE_CANT_PLAY_RANKED names the term at fault ("field", "tooBig", "limit"): the
    user is told which (a toast as well as the system buffer) and the offer is closed."""
    h = Harness()
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": []})
    h.session.challenge(MatchTerms("kumobot", size=9, kind="rated"))
    h.model.apply(ch.ChallengeOpened(Challenge(MatchTerms("kumobot", size=9), incoming=False)))
    notes: list[ch.Change] = []
    h.model.hub.subscribe_all(lambda c: notes.append(c) if isinstance(c, ch.Notified) else None)
    h.feed(
        {
            "type": "CHALLENGE_CANT_PLAY_RANKED",
            "channelId": ROOM,
            "field": "SIZE",
            "tooBig": False,
            "limit": 19,
        }
    )
    said = "A ranked game needs the board size at least 19: make it free, or change it."
    assert [n.text for n in notes if isinstance(n, ch.Notified)] == [said]
    system = h.model.buffers[BufferKey(ChatKind.SYSTEM)].messages
    assert system[-1].text == said
    assert h.model.challenge_from("kumobot") is None
    # without the details, the general reason
    h.feed({"type": "CHALLENGE_CANT_PLAY_RANKED", "channelId": ROOM})
    assert "cannot be ranked" in h.model.buffers[BufferKey(ChatKind.SYSTEM)].messages[-1].text


def test_answering_an_open_challenge_submits_then_accepts_the_final_terms() -> None:
    h = Harness()
    rules = {"size": 9, "rules": "japanese", "komi": 6.5, "timeSystem": "absolute", "mainTime": 300}
    entry = {
        "channelId": 70,
        "gameType": "challenge",
        "roomId": ROOM,
        "players": {"challengeCreator": user("kumobot", "15k")},
        "initialProposal": {
            "gameType": "free",
            "rules": rules,
            "players": [{"role": "white", "user": user("kumobot")}, {"role": "black"}],
        },
    }
    h.feed({"type": "ROOM_JOIN", "channelId": ROOM, "users": [], "games": [entry]})
    # listed among the games, marked as a challenge, with its open seat
    row = h.model.games[70]
    assert (row.white, row.black, row.size, row.komi) == ("kumobot", "", 9, 6.5)
    assert row.title == "open challenge: kumobot plays anyone"
    assert row.open_challenge and not row.is_broadcast  # not starred, not filtered as one
    assert [g.number for g in h.session.games()] == [70]
    h.sent()
    # choosing the row shows its terms as a request, from our side: we would play black
    for change in h.session.open_listed(70):
        h.model.apply(change)
    request = h.model.challenge_from("kumobot")
    assert request is not None and request.incoming and request.kind == "open"
    terms = request.terms
    assert (terms.color, terms.size, terms.komi, terms.main_seconds) == (Color.BLACK, 9, 6.5, 300)
    assert h.session.accept_challenge(terms) is None
    assert h.sent() == [{"type": "JOIN_REQUEST", "channelId": 70}]
    h.feed(
        {
            "type": "CHALLENGE_JOIN",
            "channelId": 70,
            "users": [],
            "proposal": entry["initialProposal"],
        }
    )
    (submit,) = h.sent()
    assert submit["type"] == "CHALLENGE_SUBMIT"
    # "The first player in a proposal must always be the challenge owner."
    assert submit["proposal"]["players"] == [
        {"role": "white", "name": "kumobot"},
        {"role": "black", "name": "alice"},
    ]
    final = {
        **submit["proposal"],
        "players": [
            {"role": "white", "user": user("kumobot")},
            {"role": "black", "user": user("alice")},
        ],
    }
    h.feed({"type": "CHALLENGE_PROPOSAL", "channelId": 70, "proposal": final})
    assert h.sent() == [
        {"type": "CHALLENGE_ACCEPT", "channelId": 70, "proposal": submit["proposal"]}
    ]
    # the challenge leaves the room's list: its row goes
    h.feed({"type": "GAME_CONTAINER_REMOVE_GAME", "channelId": ROOM, "gameId": 70})
    assert 70 not in h.model.games


def test_a_rooms_chat_buffer_is_called_by_the_rooms_name() -> None:
    """IGS channels are numbers ("ch5"); a KGS room's buffer was "chEnglish Room"."""
    assert BufferKey(ChatKind.CHANNEL, "English Room").label == "English Room"
    assert BufferKey(ChatKind.CHANNEL, "5").label == "ch5"


def test_a_games_rules_reach_its_record(tmp_path: Path) -> None:
    """Issue 28: KGS names each game's rules (reference, "Rules"); the record says them as
    SGF's ``RU`` does, not the IGS family's Japanese."""
    from sgfmill import sgf

    from igs_tui.archive.autosave import AutoSaver

    for kgs_name, sgf_name in (("chinese", "Chinese"), ("aga", "AGA"), ("new_zealand", "NZ")):
        h = Harness()
        saver = AutoSaver(h.model, tmp_path / kgs_name)
        h.join_game(rules=kgs_name, events=[])
        game = h.model.followed[GAME]
        assert game.rules == sgf_name
        h.model.game_ended(GAME, "W+R")
        path = saver.path_for(GAME)
        assert path is not None
        root = sgf.Sgf_game.from_bytes(path.read_bytes()).get_root()
        assert root.get("RU") == sgf_name
