"""IgsSession as one sans-IO object (h11- and KgsSession-shaped): lines in, model changes out
(the model untouched until the caller applies them); intents in, typed command lines out;
what a reconnect restores queued by the session's own login. Server lines are quoted from
igs-protocol.md (client mode: ``1 N`` prompts, ``15`` game lines)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.backends.igs.protocol import commands as cmd
from igs_tui.backends.igs.protocol.events import ServerVersion
from igs_tui.backends.igs.protocol.profile import ServerProfile
from igs_tui.backends.igs.session import IgsSession
from igs_tui.model import ClientModel, Role
from igs_tui.model import changes as ch

LOGIN = ["Login: ", "1 1", "1 5"]
"""The embedded server's (and IGS's) client-mode login: the name, then ``1 1`` asks for the
password, ``1 5`` is the idle prompt (logged in)."""


def igs_profile() -> ServerProfile:
    """A server known to be IGS (it takes the whole setup at once, no probe held)."""
    profile = ServerProfile()
    profile.learn_version(ServerVersion("IGS version 3", "IGS", "3"))
    return profile


def logged_in(model: ClientModel) -> IgsSession:
    session = IgsSession(
        "alice", "pw", rate=1000.0, burst=1000.0, profile=igs_profile(), clock=model.clock
    )
    session.connection_made()
    for line in LOGIN:
        apply(model, session.receive_line(line))
    apply(model, session.lines_done())
    session.data_to_send(1.0)  # the name, the password and the setup go out
    apply(model, session.take_changes())
    return session


def apply(model: ClientModel, changes: list[ch.Change]) -> None:
    for change in changes:
        model.apply(change)


def known(model: ClientModel, session: IgsSession, changes: list[ch.Change]) -> None:
    """A scene both the model and the session know, set without the server lines that would
    bring it (the session keeps its own view: it is told too)."""
    for change in changes:
        session.view.apply(change)
        model.apply(change)


def test_a_line_returns_its_changes_and_the_model_is_untouched_until_they_are_applied() -> None:
    model = ClientModel()
    session = logged_in(model)
    assert model.me == "alice"
    known(model, session, [ch.GameFollowed(7, Role.OBSERVING)])
    heading = "15 Game 7 I: bob (0 600 -1) vs carol (0 600 -1)"
    apply(model, session.receive_line(heading))
    changes = session.receive_line("15   0(B): D4")
    assert [type(c) for c in changes] == [ch.MoveAdded]
    assert model.followed[7].moves == []  # the session never writes the model
    apply(model, changes)
    assert [m.number for m in model.followed[7].moves] == [1]
    # the console lines come with the end of the read, in one change
    done = session.lines_done()
    assert [type(c) for c in done] == [ch.ConsoleLinesAdded]
    lines = done[0].lines  # type: ignore[attr-defined]
    assert [entry.text for entry in lines] == [heading, "15   0(B): D4"]


def test_intents_queue_typed_commands_and_their_lines_go_out_with_their_console_entry() -> None:
    model = ClientModel()
    session = logged_in(model)
    assert session.send(cmd.observe(12))
    assert session.send_raw("who o")  # the console's /quote: typed once, as a Command
    assert session.data_to_send(2.0) == ["observe 12", "who o"]
    sent = [c for c in session.take_changes() if isinstance(c, ch.ConsoleAdded)]
    assert [(c.text, c.outgoing) for c in sent] == [("observe 12", True), ("who o", True)]
    # a command the builder refuses is shown, not sent
    assert not session.command(lambda: cmd.tell("bad name!", "x"))
    assert session.data_to_send(3.0) == []
    (refusal,) = session.take_changes()
    assert isinstance(refusal, ch.ChatAdded) and refusal.kind == "error"


def test_the_password_never_reaches_the_console() -> None:
    model = ClientModel()
    session = IgsSession("alice", "s3cret", rate=1000.0, burst=1000.0, clock=model.clock)
    session.connection_made()
    for line in LOGIN[:2]:
        apply(model, session.receive_line(line))
    assert session.data_to_send(1.0) == ["alice", "s3cret"]
    shown = [c.text for c in session.take_changes() if isinstance(c, ch.ConsoleAdded)]
    assert shown == ["alice", "********"]


def test_a_reconnect_restores_what_was_observed_through_the_new_login() -> None:
    model = ClientModel()
    session = logged_in(model)
    session.send(cmd.observe(12))
    session.data_to_send(2.0)
    deadline = session.connection_lost(3.0)
    assert deadline is None  # no game of ours was at stake
    assert session.send(cmd.who()) is False  # no connection: dropped, not kept for later
    session.connection_made()
    for line in LOGIN:
        apply(model, session.receive_line(line))
    assert [c.line for c in session.restoring] == ["observe 12", "moves 12"]
    written = session.data_to_send(4.0)
    assert written[:2] == ["alice", "pw"] and written[-2:] == ["observe 12", "moves 12"]


def test_a_replayed_sent_line_correlates_its_answer_and_follows_an_observed_game() -> None:
    """``igs-tui replay``: the recorded ``observe 5`` follows game 5 (as the intent did) and
    the lines after it answer it; nothing the session queues itself is written."""
    model = ClientModel()
    session = IgsSession("alice", "", clock=model.clock)
    session.connection_made()
    for line in LOGIN:
        apply(model, session.receive_line(line))
    apply(model, session.replay_sent("observe 5"))
    assert model.followed[5].role is Role.OBSERVING
    for line in ("15 Game 5 I: bob (0 600 -1) vs carol (0 600 -1)", "15   0(B): Q16", "1 5"):
        apply(model, session.receive_line(line))
    assert [m.number for m in model.followed[5].moves] == [1]
    replies = [e for e in session.events if e.type == "command_reply"]
    assert [r.command.line for r in replies] == ["observe 5"]  # type: ignore[attr-defined]


SERVER_LINES = [
    "15 Game 7 I: bob (0 600 -1) vs carol (0 600 -1)",
    "15 Game 9 I: alice (0 600 -1) vs dave (0 600 -1)",
    "15   0(B): D4",
    "15   1(W): Q16",
    "15   2(B): Pass",
    "1 5",
    "1 6",
    "21 {Match 9: alice [ 2k*] vs. dave [ 3k*] }",
    "21 {Game 9: alice vs dave : White resigns.}",
    "9 Removing @ D4",
    "19 *dave*: undo please",
    "24 *bob*: hi",
    "7 [ 7]       bob [ 1k*] vs.     carol [ 2k*] (  3   19  0  6.5 10  I) (  1)",
    "5 Illegal move.",
    "9 alice wants the komi to be  0.5",
    "garbage ((( 15 Game x",
]


@given(st.lists(st.sampled_from(SERVER_LINES) | st.text(max_size=40), max_size=40))
@settings(max_examples=60, deadline=None)
def test_no_line_writes_the_model_and_its_changes_apply(lines: list[str]) -> None:
    """Sans-IO: whatever the server says, the session never writes the model (nothing is
    published while it reads) and what it returns applies cleanly."""
    model = ClientModel()
    session = logged_in(model)
    known(model, session, [ch.GameFollowed(7, Role.OBSERVING)])
    heard: list[object] = []
    model.hub.subscribe_all(heard.append)
    for line in lines:
        heard.clear()
        changes = session.receive_line(line)
        assert heard == []
        apply(model, changes)
    heard.clear()
    done = session.lines_done()
    assert heard == []
    apply(model, done)
