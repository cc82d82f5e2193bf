"""Pure policies: backoff schedule, keepalive timer, what to restore after a reconnect."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.keepalive import KeepaliveAction, KeepaliveMonitor
from igs_tui.backends.igs.protocol.commands import Command
from igs_tui.backends.igs.protocol.events import CommandReply, Error
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.backends.igs.protocol.restore import FORFEIT_SECONDS, OwnGame, SessionMemory

# --- backoff -------------------------------------------------------------------------------


def test_backoff_doubles_up_to_maximum_without_jitter() -> None:
    policy = BackoffPolicy(initial=1, factor=2, maximum=10, jitter=0, max_attempts=None)
    assert [policy.delay(n) for n in range(1, 7)] == [1, 2, 4, 8, 10, 10]


def test_backoff_gives_up_after_max_attempts() -> None:
    policy = BackoffPolicy(initial=1, jitter=0, max_attempts=3)
    assert policy.delay(3) == 4
    assert policy.delay(4) is None


def test_backoff_forever_handles_huge_attempt_numbers() -> None:
    policy = BackoffPolicy(initial=0.5, factor=3, maximum=60, jitter=0, max_attempts=None)
    assert policy.delay(10**6) == 60


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=50), st.integers(min_value=0, max_value=2**32))
def test_jitter_stays_within_bounds(attempt: int, seed: int) -> None:
    policy = BackoffPolicy(initial=1, factor=2, maximum=30, jitter=0.25, max_attempts=None)
    base = policy.base_delay(attempt)
    delay = policy.delay(attempt, random.Random(seed))
    assert delay is not None
    assert 0.75 * base <= delay <= 1.25 * base


def test_jitter_spreads_clients_apart() -> None:
    policy = BackoffPolicy(initial=4, jitter=0.5)
    rng = random.Random(7)
    delays = {policy.delay(1, rng) for _ in range(20)}
    assert len(delays) == 20


@pytest.mark.parametrize(
    "kwargs",
    [{"initial": -1}, {"factor": 0.5}, {"jitter": 1.0}, {"jitter": -0.1}, {"max_attempts": -1}],
)
def test_backoff_rejects_bad_settings(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError, match=r"backoff|max_attempts"):
        BackoffPolicy(**kwargs)  # type: ignore[arg-type]


def test_attempts_are_one_based() -> None:
    with pytest.raises(ValueError, match="from 1"):
        BackoffPolicy().base_delay(0)


# --- keepalive -----------------------------------------------------------------------------


def test_ayt_after_idle_then_dead_without_answer() -> None:
    # Spec (ayt): 'The "Are You There" command will always result in the answer: 9 yes'
    monitor = KeepaliveMonitor(0.0, idle=60, answer_timeout=30)
    assert monitor.check(59.9) is KeepaliveAction.NOTHING
    assert monitor.next_deadline() == 60
    assert monitor.check(60) is KeepaliveAction.SEND_AYT
    assert monitor.waiting_for_answer
    assert monitor.check(61) is KeepaliveAction.NOTHING  # sent once, not again
    assert monitor.next_deadline() == 90
    assert monitor.check(90) is KeepaliveAction.DEAD


def test_any_line_counts_as_answer() -> None:
    monitor = KeepaliveMonitor(0.0, idle=10, answer_timeout=5)
    assert monitor.check(10) is KeepaliveAction.SEND_AYT
    monitor.heard(12)
    assert not monitor.waiting_for_answer
    assert monitor.check(16) is KeepaliveAction.NOTHING
    assert monitor.next_deadline() == 22
    assert monitor.check(22) is KeepaliveAction.SEND_AYT


def test_traffic_postpones_ayt() -> None:
    monitor = KeepaliveMonitor(0.0, idle=10, answer_timeout=5)
    for t in range(0, 100, 3):
        monitor.heard(t)
        assert monitor.check(t + 1) is KeepaliveAction.NOTHING


def test_keepalive_rejects_nonpositive_intervals() -> None:
    with pytest.raises(ValueError, match="positive"):
        KeepaliveMonitor(0.0, idle=0)


# --- restore -------------------------------------------------------------------------------


def test_observe_toggles_and_unobserve() -> None:
    # Spec (observe): "To stop observing a game, enter the same command again"
    memory = SessionMemory()
    for command in ["observe 5", "observe 12", "observe 7", "observe 5", "unobserve 12"]:
        memory.note_command(command)
    assert memory.observed == (7,)
    memory.note_command("observe 9")
    memory.note_command("unobserve")
    assert memory.observed == ()


def test_non_observe_commands_and_junk_are_ignored() -> None:
    memory = SessionMemory()
    for command in ["", "observe", "observe abc", "tell bob observe 5", "moves 5"]:
        memory.note_command(command)
    assert memory.observed == ()


def test_restore_commands_own_game_first_then_observed_with_moves() -> None:
    memory = SessionMemory()
    memory.note_command("observe 233")
    memory.observing(17)
    memory.playing(OwnGame(44, "OmegaGo1", "Soothie"))
    assert [str(c) for c in memory.restore_commands()] == [
        "load OmegaGo1-Soothie",
        "observe 233",
        "moves 233",
        "observe 17",
        "moves 17",
    ]
    assert SessionMemory(refresh_moves=False).restore_commands() == []


def test_ended_games_are_not_restored() -> None:
    memory = SessionMemory()
    memory.observing(3)
    memory.observing(4)
    memory.playing(OwnGame(9, "a", "b"))
    memory.game_ended(3)
    memory.game_ended(9)
    memory.stopped_observing(4)
    assert [str(c) for c in memory.restore_commands()] == []
    assert memory.own_game is None


def test_own_game_is_not_observed() -> None:
    memory = SessionMemory()
    memory.observing(9)
    memory.playing(OwnGame(9, "a", "b"))
    memory.observing(9)  # our own game's moves also arrive as 15 lines
    assert memory.observed == ()


def test_forfeit_deadline_starts_at_first_disconnect() -> None:
    memory = SessionMemory()
    assert memory.disconnected(100.0) is None  # nothing at stake
    memory.playing(OwnGame(9, "a", "b"))
    assert memory.disconnected(200.0) == 200.0 + FORFEIT_SECONDS
    assert memory.disconnected(250.0) == 200.0 + FORFEIT_SECONDS  # still the first drop
    memory.playing(OwnGame(12, "a", "b"))  # reloaded under a new number
    assert memory.forfeit_deadline is None
    assert [str(c) for c in memory.restore_commands()] == ["load a-b"]


def test_reload_is_retried_only_for_the_opponent_while_the_game_is_away() -> None:
    memory = SessionMemory()
    assert memory.reload_when_back("bob", "alice") is None  # no game at all
    memory.playing(OwnGame(3, "Bob", "alice"))
    assert memory.reload_when_back("bob", "alice") is None  # game is live: nothing to reload
    memory.disconnected(10.0)
    assert memory.reload_when_back("carol", "alice") is None  # not the opponent
    assert memory.reload_when_back("alice", "alice") is None  # ourselves
    assert str(memory.reload_when_back("BOB", "alice")) == "load Bob-alice"
    memory.playing(OwnGame(4, "Bob", "alice"))  # the heading arrived: back
    assert memory.reload_when_back("bob", "alice") is None


def test_the_memory_follows_server_events_and_answers_with_commands() -> None:
    """The whole reconnect dialogue, sans-IO: server lines in, commands to send out."""
    parser = IgsParser()
    memory = SessionMemory()

    def hear(line: str) -> list[str]:
        sent: list[str] = []
        for event in parser.feed_line(line):
            sent += [str(c) for c in memory.received(event, "alice")]
        return sent

    assert hear("15 Game 3 I: bob (0 600 -1) vs alice (0 600 -1)") == []
    assert memory.own_game == OwnGame(3, "bob", "alice")
    memory.disconnected(10.0)
    assert [str(c) for c in memory.restore_commands()] == ["load bob-alice"]
    assert hear("21 {carol [ 3k ] has connected.}") == []
    assert hear("21 {bob [ 5k*] has connected.}") == ["load bob-alice"]
    # a refused restore load asks for the moves: the game may never have stopped
    load = CommandReply(1, Command("load bob-alice"), (Error("no such game"),))
    assert [str(c) for c in memory.received(load, "alice")] == ["moves 3"]
    # a refused observe is not restored later
    memory.note_command("observe 8")
    observe = CommandReply(2, Command("observe 8", game=8), (Error("no such game"),))
    assert memory.received(observe, "alice") == [] and memory.observed == ()
    # the heading of the reloaded game ends the countdown; its end forgets it
    hear("15 Game 4 I: bob (0 500 -1) vs alice (0 500 -1)")
    assert memory.forfeit_deadline is None and memory.own_game == OwnGame(4, "bob", "alice")
    assert hear("21 {bob [ 5k*] has connected.}") == []
    hear("9 {Game 4: bob vs alice : White resigns.}")
    assert memory.own_game is None and [str(c) for c in memory.restore_commands()] == []
