"""The away message's policy: one automatic reply per sender while away, a summary on return."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from igs_tui.model.away import MAX_AWAY_LENGTH, AwayReplies, describe_answered


def test_no_reply_while_here() -> None:
    away = AwayReplies()
    assert away.reply_to("alice", "hi", "me") is None
    assert away.answered == ()


def test_each_sender_is_answered_once_and_counted() -> None:
    away = AwayReplies()
    away.go_away("back at 8")
    assert away.reply_to("alice", "hi", "me") == "back at 8"
    assert away.reply_to("Alice", "hello?", "me") is None  # servers ignore case in names
    assert away.reply_to("bob", "game?", "me") == "back at 8"
    answered = away.answered
    assert [(a.name, a.first_text, a.count) for a in answered] == [
        ("alice", "hi", 2),
        ("bob", "game?", 1),
    ]


@pytest.mark.parametrize("sender", ["me", "ME", "", "  "])
def test_never_answers_ourselves_or_a_line_without_sender(sender: str) -> None:
    away = AwayReplies()
    away.go_away("out")
    assert away.reply_to(sender, "x", "me") is None


def test_coming_back_hands_over_the_answered_and_stops_replies() -> None:
    away = AwayReplies()
    away.go_away("lunch")
    away.reply_to("alice", "hi", "me")
    answered = away.come_back()
    assert [a.name for a in answered] == ["alice"]
    assert not away.away and away.answered == ()
    assert away.reply_to("alice", "again", "me") is None
    away.go_away("lunch again")  # a new absence answers everybody once more
    assert away.reply_to("alice", "again", "me") == "lunch again"


def test_message_is_one_line_and_bounded() -> None:
    away = AwayReplies()
    assert away.go_away("  gone\n for\ttea ") == "gone for tea"
    assert len(away.go_away("x" * 1000)) == MAX_AWAY_LENGTH
    with pytest.raises(ValueError):
        away.go_away(" \n ")


def test_summary_lines() -> None:
    away = AwayReplies()
    assert describe_answered(away.come_back()) == ["Back: nobody wrote while you were away"]
    away.go_away("out")
    away.reply_to("alice", "hi", "me")
    away.reply_to("alice", "hi?", "me")
    assert describe_answered(away.come_back()) == [
        "Back: the away message answered 1 player(s)",
        "  alice: hi (+1 more)",
    ]


@given(st.lists(st.sampled_from(["alice", "Alice", "bob", "carol", "me"]), max_size=40))
def test_at_most_one_reply_per_sender_whatever_the_order(senders: list[str]) -> None:
    away = AwayReplies()
    away.go_away("away")
    replied = [s.casefold() for s in senders if away.reply_to(s, "t", "me") is not None]
    assert sorted(replied) == sorted({s.casefold() for s in senders} - {"me"})
    assert sum(a.count for a in away.answered) == sum(1 for s in senders if s != "me")


def test_no_reply_to_a_player_the_user_is_writing_to() -> None:
    away = AwayReplies()
    away.talked_to("alice")  # not away yet: nothing remembered
    away.go_away("out")
    assert away.reply_to("alice", "hi", "me") == "out"
    away.talked_to("Bob")
    assert away.reply_to("bob", "so?", "me") is None
    assert [a.name for a in away.come_back()] == ["alice"]
    away.go_away("out again")  # a new absence forgets it
    assert away.reply_to("bob", "so?", "me") == "out again"
