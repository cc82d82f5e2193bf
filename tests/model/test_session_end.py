"""Logging out: the model forgets everything that belonged to the old server (#16)."""

from __future__ import annotations

from igs_tui.model import (
    TOPIC_CHALLENGES,
    TOPIC_CHAT_LIST,
    TOPIC_CONNECTION,
    TOPIC_FOLLOWED,
    TOPIC_GAMES,
    TOPIC_PLAYERS,
    BufferKey,
    ChatKind,
    ClientModel,
    GameSummary,
    LinkState,
    Player,
    Role,
    game_topic,
)
from igs_tui.model import changes as ch
from igs_tui.model.cards import PlayerCard
from igs_tui.model.lobby import Room, Seek, SeekSetup
from igs_tui.model.mailbox import ServerMessage
from igs_tui.model.observable import HubTopic
from igs_tui.model.play import Challenge
from igs_tui.model.terms import MatchTerms
from igs_tui.model.topics import TOPIC_LOBBY


def busy_model() -> ClientModel:
    """A model as a session leaves it: lists, followed games, chat, challenges, mail."""
    model = ClientModel()
    model.set_connection(state=LinkState.CONNECTED, server="igs:7777", user="tester")
    model.replace_players([Player("alice", "3k"), Player("bob", "2d")])
    model.replace_games([GameSummary(7, "alice", "3k", "bob", "2d", size=19)])
    model.follow(7)
    model.follow(9, role=Role.PLAYING_BLACK, white="carol", black="tester")
    model.game_ended(7, "W+R")
    model.unfollow(7)  # a finished game, released to the finished list
    model.add_chat(BufferKey(ChatKind.TELL, "alice"), "alice", "hi tester")
    model.add_console("9 hello", "9 info")
    model.add_challenge(Challenge(MatchTerms("bob"), incoming=True))
    model.apply(ch.MessagesListed((ServerMessage("bob", "today", "see you"),)))
    model.apply(ch.PlayerCardReceived(PlayerCard("bob", (("Rating", "2d"),))))
    model.apply(ch.PassesToEndSet(2))
    model.apply(ch.SocialListsSet(frozenset({"alice"}), frozenset({"troll"})))
    setup = SeekSetup(1, 600, 300, 25)
    model.apply(ch.SeekSetupsListed((setup,)))
    model.apply(ch.SeekChanged(Seek(setup)))
    model.apply(ch.StoredGamesListed(("carol-tester",)))
    model.apply(ch.RoomsListed((Room(3, "beginners"),)))
    model.apply(ch.RoomJoined(3))
    return model


def test_session_ended_forgets_the_old_servers_state() -> None:
    model = busy_model()
    assert model.followed and model.finished and model.buffers and model.challenges

    model.apply(ch.SessionEnded())

    assert model.me == ""
    assert model.connection.state is LinkState.DISCONNECTED and model.connection.server == ""
    assert len(model.players) == 0
    assert model.games == {}
    assert model.followed == {}
    assert list(model.finished) == []
    assert model.buffers == {}
    assert list(model.console) == []
    assert list(model.notifications) == []
    assert model.challenges == {} and model.disputes == {}
    assert model.messages == () and model.messages_waiting == 0
    assert model.cards == {}
    assert model.passes_to_end == 3
    assert model.seek is None and model.seek_setups == ()
    assert model.stored_games is None and model.rooms is None and model.room is None


def test_session_ended_keeps_the_users_own_lists() -> None:
    """Friends and blocked players come from the config file, not from the server."""
    model = busy_model()
    model.apply(ch.SessionEnded())
    assert model.friends == frozenset({"alice"})
    assert model.blocked == frozenset({"troll"})


def test_session_ended_tells_every_reader() -> None:
    """Each followed game is let go on its own topic (autosave, views), and every list hears
    of the end."""
    model = busy_model()
    heard: list[tuple[type[ch.Change], tuple[HubTopic, ...]]] = []
    model.hub.subscribe_all(lambda change: heard.append((type(change), change.topics)))

    model.apply(ch.SessionEnded())

    assert (ch.GameUnfollowed, ch.GameUnfollowed(9).topics) in heard
    topics = {topic for kind, topics in heard if kind is ch.SessionEnded for topic in topics}
    for topic in (
        TOPIC_PLAYERS,
        TOPIC_GAMES,
        TOPIC_FOLLOWED,
        TOPIC_CHALLENGES,
        TOPIC_CHAT_LIST,
        TOPIC_CONNECTION,
        TOPIC_LOBBY,
    ):
        assert topic in topics
    assert game_topic(9) not in topics  # the game's own topic heard GameUnfollowed


def test_a_new_session_starts_clean_after_the_old_one() -> None:
    model = busy_model()
    model.apply(ch.SessionEnded())
    model.set_connection(state=LinkState.CONNECTED, server="local:6969", user="guest12")
    model.add_chat(BufferKey(ChatKind.TELL, "alice"), "alice", "another alice")
    assert model.me == "guest12"
    [message] = model.buffers[BufferKey(ChatKind.TELL, "alice")].messages
    assert message.text == "another alice"
