"""WireSession: setup sequence, throttled sending, and command/answer correlation."""

from __future__ import annotations

import pytest

from igs_tui.backends.igs.protocol import commands as c
from igs_tui.backends.igs.protocol.commands import raw
from igs_tui.backends.igs.protocol.events import CommandReply, Event, Prompt
from igs_tui.backends.igs.protocol.state import SessionState
from igs_tui.backends.igs.protocol.wire import PROBE_WAIT, WireSession, setup_commands


def logged_in(setup: list[c.Command] | None = None, **kw: float) -> WireSession:
    s = WireSession("bob", "pw", setup=setup if setup is not None else [], **kw)  # type: ignore[arg-type]
    for t, line in enumerate(["1 0", "1 1", "1 5"]):
        s.receive_line(line)
        s.data_to_send(10.0 * t)
    return s


def write_all(s: WireSession, start: float = 100.0) -> list[str]:
    """Everything queued, written as fast as the throttle allows (a fake clock)."""
    written: list[str] = []
    t = start
    while (nxt := s.next_send_time(t)) is not None:
        t = nxt
        written.extend(s.data_to_send(t))
    return written


def feed(s: WireSession, text: str) -> list[Event]:
    out: list[Event] = []
    for line in text.split("\n"):
        out.extend(s.receive_line(line))
    return out


def replies(events: list[Event]) -> list[CommandReply]:
    return [e for e in events if isinstance(e, CommandReply)]


def test_setup_sequence_uses_explicit_values() -> None:
    """pitfalls: 'A bare toggle X flips the setting ... always send an explicit value.'"""
    lines = [cmd.line for cmd in setup_commands("igs-tui", "0.1.0")]
    assert lines[0] == "toggle client on"
    assert "toggle quiet false" in lines and "toggle newundo true" in lines
    assert "toggle nmatch true" in lines and "toggle verbose false" in lines
    assert lines[-1] == "id igs-tui 0.1.0"
    for line in lines:
        if line.startswith("toggle"):
            assert len(line.split()) == 3, line


def test_setup_goes_first_then_ready_when_answered() -> None:
    s = WireSession("bob", "pw", version="9.9")
    s.send(raw("games"))  # queued during login: must wait for the setup
    written: list[str] = []
    for t, line in enumerate(["1 0", "1 1", "1 5"]):
        s.receive_line(line)
        written.extend(s.data_to_send(10.0 * t))
    assert written[:2] == ["bob", "pw"]
    assert s.state is SessionState.SETUP
    written = written[2:] + s.data_to_send(21.0) + s.data_to_send(22.0)
    setup = [cmd.line for cmd in setup_commands("igs-tui", "9.9")]
    held = ["toggle nmatch true", "id igs-tui 9.9"]  # wait for the newundo probe's answer
    assert written == [line for line in setup if line not in held]
    for _ in range(4):
        feed(s, "9 Set something.\n1 5")
    assert s.data_to_send(23.0) == [*held, "games"]  # commands wait for the whole setup
    assert s.state is SessionState.SETUP
    for _ in range(2):  # one answer per setup command
        feed(s, "9 Set something.\n1 5")
    assert s.state is SessionState.READY


def test_an_unanswered_probe_does_not_hold_commands_for_ever() -> None:
    s = WireSession("bob", "pw", version="9.9")
    for t, line in enumerate(["1 0", "1 1", "1 5"]):
        s.receive_line(line)
        s.data_to_send(10.0 * t)
    s.data_to_send(21.0)  # the probe went out at 20.0 (the third of the burst)
    s.send(raw("who"))
    assert s.data_to_send(22.0) == []  # waiting for the newundo probe's answer...
    wake = s.next_send_time(22.0)
    assert wake == 20.0 + PROBE_WAIT
    assert s.data_to_send(wake) == ["who"]  # ...but not for ever
    s.expire(500.0)
    assert s.next_send_time(500.0) is None


def test_throttle_spaces_commands() -> None:
    s = logged_in(rate=2.0, burst=2.0)
    for i in range(5):
        s.send(c.tell("amy", f"line {i}"))
    assert len(s.data_to_send(100.0)) == 2
    assert s.data_to_send(100.1) == []
    assert s.next_send_time(100.1) == pytest.approx(100.5)
    assert len(s.data_to_send(100.5)) == 1
    assert len(s.data_to_send(110.0)) == 2
    assert s.next_send_time(110.0) is None


def test_reply_correlation_in_order() -> None:
    s = logged_in()
    games_seq = s.send(c.games())
    ayt_seq = s.send(c.ayt())
    write_all(s)
    events = feed(
        s,
        "7 [##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)\n"
        "7 [ 4]       wari5 [ 6k*] vs.   Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)\n"
        "1 5\n9 yes\n1 5",
    )
    r = replies(events)
    assert [x.seq for x in r] == [games_seq, ayt_seq]
    assert [e.type for e in r[0].events] == ["games_header", "games_entry"]
    assert [e.type for e in r[1].events] == ["ayt"]
    assert r[0].command == c.games()


def test_unsolicited_blocks_are_not_attributed() -> None:
    """Spec: 'the server may send you lines that you didn't ask for ... terminated by a prompt'."""
    s = logged_in()
    seq = s.send(c.user("tim"))
    write_all(s)
    events = feed(
        s,
        "24 *amy*: hello\n1 5\n"
        "21 !zed!: anyone for a game?\n1 5\n"
        "15 Game 7 I: a (0 100 -1) vs b (0 100 -1)\n15  10(B): D4\n1 8\n"
        "42 Name        Info            Country  Rank Won/Lost Obs  Pl Idle Flags Language\n"
        "42        tim  <None>          USA       5d    1/   1  -   -    1s    -- default\n"
        "1 5",
    )
    r = replies(events)
    assert len(r) == 1 and r[0].seq == seq
    assert [e.type for e in r[0].events] == ["user_header", "user_entry"]
    assert [e.type for e in events if not isinstance(e, CommandReply)].count("prompt") == 4


def test_the_echo_of_our_own_chat_answers_it_and_the_next_answer_is_the_next_ones() -> None:
    """The server echoes a yell to the yeller (and a shout to the shouter): that block is the
    yell's answer. Taken for an interjection, the yell stayed waiting, took the next
    command's answer (a user listing) and shifted every later answer by one, so a dialog
    waiting on `stored` or `room` said "Asking the server..." for a minute (seen in use)."""
    s = logged_in()
    yell = s.send(c.yell("hello channel"))
    shout = s.send(c.shout("anyone?"))
    user = s.send(c.user())
    stored = s.send(c.stored())
    write_all(s)
    events = feed(
        s,
        "32 5:bob: hello channel\n1 8\n"
        "21 !bob!: anyone?\n1 8\n"
        "42 Name        Info            Country  Rank Won/Lost Obs  Pl Idle Flags Language\n"
        "42        tim  <None>          USA       5d    1/   1  -   -    1s    -- default\n"
        "1 8\n"
        "18 Found 0 stored games.\n1 8",
    )
    got = {r.seq: r for r in replies(events)}
    assert list(got) == [yell, shout, user, stored]
    assert [e.type for e in got[yell].events] == ["yell"]
    assert [e.type for e in got[user].events] == ["user_header", "user_entry"]
    assert len(got[stored].events) == 1 and not s._tracker.outstanding


def test_unsolicited_line_inside_an_answer_is_left_out_of_the_reply() -> None:
    s = logged_in()
    s.send(c.games())
    write_all(s)
    events = feed(
        s,
        "7 [ 4]       wari5 [ 6k*] vs.   Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)\n"
        "24 *amy*: hi\n1 5",
    )
    (reply,) = replies(events)
    assert [e.type for e in reply.events] == ["games_entry"]


def test_empty_answer_is_a_reply() -> None:
    """Spec `say`: 'The server will respond with empty string followed by the prompt.'"""
    s = logged_in()
    seq = s.send(c.say("hi"))
    write_all(s)
    (reply,) = replies(feed(s, "1 6"))
    assert reply.seq == seq and reply.events == ()


def test_no_answer_commands_do_not_eat_the_next_reply() -> None:
    """Spec: noundo, addtime, scoring undo get NO response and no prompt."""
    s = logged_in()
    s.send(c.noundo())
    s.send(c.addtime(5))
    s.send(c.undo())
    ayt = s.send(c.ayt())
    write_all(s)
    assert [cmd.line for _, cmd in s.outstanding] == ["ayt"]
    events = feed(s, "9 Increase amy's time by 5 minutes\n1 6\n9 yes\n1 6")
    r = replies(events)
    assert [x.seq for x in r] == [ayt]
    assert [e.type for e in r[0].events] == ["ayt"]


def test_double_prompt_of_undo_request_does_not_desynchronise() -> None:
    """Spec: '24 *SYSTEM*: OmegaGo1 requests undo.' then '1 6' twice (an IGS bug)."""
    s = logged_in()
    seq = s.send(c.time())
    write_all(s)
    events = feed(
        s,
        "24 *SYSTEM*: OmegaGo1 requests undo.\n1 6\n1 6\n"
        "26 Game : 28\n26 White(OmegaGo1) : 124:58\n26 Black(Soothie) : 71:39\n1 6",
    )
    (reply,) = replies(events)
    assert reply.seq == seq
    assert [e.type for e in reply.events] == ["time_info", "time_info"]


def test_move_is_answered_by_its_broadcast_not_by_observed_games() -> None:
    """Spec 'making a move': 'both players will receive: 15 Game 38 I: ... 15 0(B): B2'."""
    s = logged_in()
    seq = s.send(c.move("B2", game=38))
    write_all(s)
    events = feed(
        s,
        "15 Game 99 I: x (0 10 -1) vs y (0 10 -1)\n15  40(W): Q4\n1 6\n"
        "15 Game 38 I: OmegaGo1 (0 4500 -1) vs Soothie (0 4495 -1)\n15   0(B): B2\n1 6",
    )
    (reply,) = replies(events)
    assert reply.seq == seq
    assert [e.type for e in reply.events] == ["game_heading", "move"]


def test_lines_read_before_a_move_went_out_are_not_its_answer() -> None:
    """The opponent's move on E5 is read, our engine answers E5 (occupied) before the prompt
    that closes the opponent's block arrives: that block is not our move's echo (the bot took
    the refusal that followed for nothing and never retried). Causality: the server cannot
    answer a command before it was written."""
    s = logged_in()
    early = feed(s, "15 Game 1 I: bot (0 600 -1) vs alice (0 599 -1)\n15   0(B): E5")
    assert not replies(early)
    seq = s.send(c.move("E5", game=1))
    write_all(s)
    assert not replies(feed(s, "1 6"))  # the opponent's block ends; ours is not answered
    (reply,) = replies(feed(s, "5 Illegal move: E5 is occupied\n1 6"))
    assert reply.seq == seq and [e.type for e in reply.events] == ["error"]


def test_illegal_move_is_answered_by_the_error() -> None:
    s = logged_in()
    seq = s.send(raw("Q16"))
    write_all(s)
    (reply,) = replies(feed(s, "5 Illegal move.\n1 6"))
    assert reply.seq == seq and reply.events[0].type == "error"


def test_coordinate_while_scoring_gets_the_empty_answer() -> None:
    """Spec: 'Sending such a coordinate receives an empty response followed by a prompt, and
    the server sends ... 9 Removing @ B2 / 49 Game 177 OmegaGo1 is removing @ B2'."""
    s = logged_in()
    feed(s, "9 You can check your score with the score command, type 'done' when finished.\n1 7")
    seq = s.send(c.move("B2", game=177))
    nxt = s.send(c.ayt())
    write_all(s)
    events = feed(s, "1 7\n9 Removing @ B2\n49 Game 177 OmegaGo1 is removing @ B2\n1 7\n9 yes\n1 7")
    r = replies(events)
    assert [(x.seq, len(x.events)) for x in r] == [(seq, 0), (nxt, 1)]


def test_unanswered_move_does_not_stall_later_commands() -> None:
    s = logged_in()
    move_seq = s.send(raw("D4"))
    ayt_seq = s.send(raw("ayt"))
    write_all(s)
    r = replies(feed(s, "9 yes\n1 5"))
    assert [(x.seq, [e.type for e in x.events]) for x in r] == [(move_seq, []), (ayt_seq, ["ayt"])]


def test_resign_claims_the_game_end() -> None:
    s = logged_in()
    seq = s.send(c.resign())
    write_all(s)
    (reply,) = replies(feed(s, "9 bob has resigned the game.\n1 5"))
    assert reply.seq == seq and reply.events[0].type == "game_end"


def test_observe_claims_the_game_stream() -> None:
    s = logged_in()
    seq = s.send(c.observe(56))
    write_all(s)
    (reply,) = replies(
        feed(s, "15 Game 56 I: a (0 10 -1) vs b (0 10 -1)\n15   0(B): Q16\n15   1(W): D4\n1 8")
    )
    assert reply.seq == seq and [e.type for e in reply.events] == ["game_heading", "move", "move"]


def test_expire_closes_old_commands() -> None:
    s = logged_in()
    seq = s.send(raw("who"))
    write_all(s)
    assert s.expire(130.0, timeout=60.0) == []
    (reply,) = s.expire(161.0, timeout=60.0)
    assert isinstance(reply, CommandReply) and reply.seq == seq and reply.timed_out
    assert s.outstanding == []


def test_quit_closes_and_send_after_close_raises() -> None:
    s = logged_in()
    s.send(c.quit())
    s.send(raw("games"))
    assert s.data_to_send(100.0) == ["quit"]
    assert s.state is SessionState.CLOSED
    with pytest.raises(ValueError, match="closed"):
        s.send(raw("games"))


def test_send_rejects_multi_line_strings() -> None:
    s = logged_in()
    with pytest.raises(ValueError, match="single line"):
        s.send(raw("tell a hi\nquit"))


def test_prompt_state_is_tracked() -> None:
    s = logged_in()
    assert s.receive_line("1 8") == [Prompt(8)]
    assert s.prompt_state == 8


def test_prompt_state_is_known_right_after_login() -> None:
    s = WireSession("bob", "pw", setup=[])
    for t, line in enumerate(["1 0", "1 1", "1 6"]):
        s.receive_line(line)
        s.data_to_send(10.0 * t)
    assert s.prompt_state == 6


def test_stray_notice_does_not_shift_listing_answers() -> None:
    """A generic info block (e.g. a shutdown warning) arriving before the answer to `games`
    must not be taken as that answer."""
    s = logged_in()
    games_seq = s.send(c.games())
    who_seq = s.send(c.who())
    write_all(s)
    events = feed(
        s,
        "9 *** The server will shut down in 10 minutes ***\n1 5\n"
        "7 [ 4]       wari5 [ 6k*] vs.   Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)\n1 5\n"
        "27  Q  --   12 tim          0s     5d |   S --   23 sundance     4m    3k*\n1 5",
    )
    r = replies(events)
    assert [(x.seq, [e.type for e in x.events]) for x in r] == [
        (games_seq, ["games_entry"]),
        (who_seq, ["who_entry", "who_entry"]),
    ]


def test_unanswered_command_is_closed_when_the_next_one_is_clearly_answered() -> None:
    s = logged_in()
    games_seq = s.send(c.games())
    ayt_seq = s.send(c.ayt())
    write_all(s)
    r = replies(feed(s, "9 yes\n1 5"))
    assert [(x.seq, len(x.events)) for x in r] == [(games_seq, 0), (ayt_seq, 1)]


def test_listing_command_accepts_an_empty_answer() -> None:
    s = logged_in()
    seq = s.send(c.who())
    write_all(s)
    (reply,) = replies(feed(s, "1 5"))
    assert reply.seq == seq and reply.events == ()
