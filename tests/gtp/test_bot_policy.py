"""The bot's request filter: each rule refuses on its own and the reason names it."""

from __future__ import annotations

from igs_tui.apps.bot.policy import BotPolicy, MatchTerms, UndoPolicy

OK = MatchTerms("alice", size=9, handicap=0, time_minutes=10, rated=True)


def test_matching_request_is_accepted() -> None:
    assert BotPolicy().refusal(OK) is None


def test_each_rule_refuses_with_a_reason() -> None:
    policy = BotPolicy(sizes=frozenset({9}), max_handicap=2, min_time=5, max_time=20, rated=False)
    assert "size 13" in (policy.refusal(MatchTerms("a", 13, 0, 10, False)) or "")
    assert "handicap 3" in (policy.refusal(MatchTerms("a", 9, 3, 10, False)) or "")
    assert "time 30" in (policy.refusal(MatchTerms("a", 9, 0, 30, False)) or "")
    assert "time 1" in (policy.refusal(MatchTerms("a", 9, 0, 1, False)) or "")
    assert policy.refusal(MatchTerms("a", 9, 0, 10, True)) == "only free games"
    assert policy.refusal(MatchTerms("a", 9, 2, 5, False)) is None


def test_undo_policy() -> None:
    assert BotPolicy(undo=UndoPolicy.ACCEPT).accepts_undo()
    assert not BotPolicy(undo=UndoPolicy.DECLINE).accepts_undo()
