"""What the session does with the real servers' wording of issue 27 (the lines are quoted
from the clients that met them; see tests/protocol/test_real_wording.py for the corpus)."""

from __future__ import annotations

from igs_tui.backends.igs.protocol import commands as cmd
from igs_tui.backends.igs.session import IgsSession
from igs_tui.go import Color
from igs_tui.model import ClientModel, Player, Role
from igs_tui.model import changes as ch
from igs_tui.model.lobby import Seeker
from tests.backends.igs.test_session import LOGIN, apply, igs_profile, known


def logged_in(model: ClientModel) -> IgsSession:
    """Logged in as alice with the login's setup commands answered (so the next command's
    reply is its own)."""
    session = IgsSession(
        "alice", "pw", rate=1000.0, burst=1000.0, profile=igs_profile(), clock=model.clock
    )
    session.connection_made()
    for line in LOGIN:
        apply(model, session.receive_line(line))
    apply(model, session.lines_done())
    sent = session.data_to_send(1.0)
    for _ in sent[2:]:  # each setup command (after the name and the password) gets a prompt
        apply(model, session.receive_line("1 5"))
    apply(model, session.lines_done())
    apply(model, session.take_changes())
    return session


def _playing(model: ClientModel, session: IgsSession) -> None:
    """alice plays Black against bob in game 7, both clocks at 10 minutes."""
    known(model, session, [ch.GameFollowed(7, Role.PLAYING_BLACK, white="bob", black="alice")])


def feed_lines(model: ClientModel, session: IgsSession, lines: list[str]) -> list[ch.Change]:
    """Each line's changes applied before the next line (as the backend does)."""
    out: list[ch.Change] = []
    for line in lines:
        changes = session.receive_line(line)
        apply(model, changes)
        out.extend(changes)
    done = session.lines_done()
    apply(model, done)
    return out + done


def test_stored_games_come_from_the_23_lines_and_enter_loads_one() -> None:
    """bernds/q5Go src/parser.cpp:239-240 (IGS), NNGS src/gameproc.c:1763-1783."""
    model = ClientModel()
    session = logged_in(model)
    session.send(cmd.stored())
    assert session.data_to_send(2.0) == ["stored"]
    feed_lines(
        model,
        session,
        ["9 Stored games for alice:", "23           alice-bob              carol-alice", "1 5"],
    )
    assert model.stored_games == ("alice-bob", "carol-alice")


def test_rooms_come_from_igs_room_lines_with_local_names_and_locks() -> None:
    """pzorin/qgo src/network/igsconnection.cpp:2632-2640."""
    model = ClientModel()
    session = logged_in(model)
    session.send(cmd.rooms())
    session.data_to_send(2.0)
    lines = [
        "9 ROOM 01: FREE GAME ROOM;PSMNYACF;自由対局室;19;1;10;1,19,60,600,30,25,10,60,0",
        "9 ROOM 92: PANDA OPEN ROOM;X;月例大会;19;10;15",
        "1 5",
    ]
    feed_lines(model, session, lines)
    assert model.rooms is not None
    assert [(r.number, r.local_name, r.locked) for r in model.rooms] == [
        (1, "自由対局室", False),
        (92, "月例大会", True),
    ]


def test_the_seek_list_and_a_bare_opponent_found() -> None:
    """bernds/q5Go src/parser.cpp:2092-2100."""
    model = ClientModel()
    session = logged_in(model)
    feed_lines(
        model,
        session,
        [
            "63 ENTRY_LIST_START 2",
            "63 ENTRY_LIST HKL 60 480 25 0 0 19 1 1 0",
            "63 ENTRY_LIST horse 60 600 25 0 0 13 2 2 0",
            "63 ENTRY_LIST_END",
        ],
    )
    assert model.seekers == (Seeker("HKL", 60, 480, 25, 19), Seeker("horse", 60, 600, 25, 13))
    out = feed_lines(model, session, ["63 OPPONENT_FOUND"])
    assert any(isinstance(c, ch.SeekChanged) and c.seek is None for c in out)


def test_an_automatch_offer_is_a_challenge_accepted_with_the_servers_command() -> None:
    """pzorin/qgo src/network/igsconnection.cpp:3893-3896."""
    model = ClientModel()
    session = logged_in(model)
    feed_lines(
        model,
        session,
        [
            "36 terra1 wants a match with you:",
            "36 terra1 wants 19x19 in 1 minutes with 10 byo-yomi and 25 byo-stones",
            "36 To accept match type 'automatch terra1'",
        ],
    )
    challenge = model.challenges["terra1"]
    assert challenge.kind == "automatch" and challenge.incoming
    assert (challenge.terms.main_seconds, challenge.terms.byo_seconds) == (60, 600)
    assert session.follow.acceptance(challenge.terms).line == "automatch terra1"


def test_an_adjourn_request_48_asks_and_a_refusal_53_is_said_in_the_game() -> None:
    """bernds/q5Go src/parser.cpp:2040; pzorin/qgo igsconnection.cpp:4194."""
    model = ClientModel()
    session = logged_in(model)
    _playing(model, session)
    out = feed_lines(model, session, ["48 Game 7 bob requests an adjournment"])
    assert ch.AdjournAsked(7, "bob") in out
    out = feed_lines(model, session, ["53 Game 7 adjournment is declined"])
    said = [c for c in out if isinstance(c, ch.ChatAdded)]
    assert said and said[0].text == "Your opponent declined to adjourn."
    assert any(isinstance(c, ch.Notified) and c.title == "Adjournment declined" for c in out)


def test_the_shutdown_notice_says_what_happens_to_the_game_in_progress() -> None:
    """pzorin/qgo src/network/igsconnection.cpp:1127."""
    model = ClientModel()
    session = logged_in(model)
    _playing(model, session)
    out = feed_lines(model, session, ["4 **** Server shutdown started by admin. ****"])
    (banner,) = [c for c in out if isinstance(c, ch.Notified)]
    assert banner.title == "Server shutting down"
    assert "game 7 will be adjourned" in banner.text and "Stored games" in banner.text


def test_an_arrow_tell_is_from_the_name_it_shows() -> None:
    """``24 --> frosla  Hallo`` (bernds/q5Go src/parser.cpp:1562, NNGS "new version"): both
    clients show it as frosla's tell (parser.cpp:1602-1613; pzorin/qgo
    src/network/igsconnection.cpp:3576-3593), not as an echo of one of ours; it goes to the
    conversation with bob, written by bob, even right after a tell of ours to bob."""
    model = ClientModel()
    session = logged_in(model)
    session.send(cmd.tell("bob", "hello there"))
    apply(model, session.take_changes())
    out = feed_lines(model, session, ["24 --> bob  hello there"])
    assert [(c.author, c.text) for c in out if isinstance(c, ch.ChatAdded)] == [
        ("bob", "hello there")
    ]
    assert _tell_texts(model, "bob")[-1:] == ["hello there"]


def _tell_texts(model: ClientModel, name: str) -> list[str]:
    from igs_tui.model import BufferKey, ChatKind

    said = model.buffers.get(BufferKey(ChatKind.TELL, name))
    return [] if said is None else [m.text for m in said.messages]


def test_toggle_confirmations_are_kept_on_our_own_row() -> None:
    """bernds/q5Go src/parser.cpp:520 (``9 Set quiet to be False.``)."""
    model = ClientModel()
    session = logged_in(model)
    known(model, session, [ch.PlayersUpdated((Player("alice", "5k"),))])
    feed_lines(model, session, ["9 Set open to be False.", "9 Set looking to be True."])
    me = model.players.get("alice")
    assert me is not None
    assert (me.open_for_matches, me.looking) == (False, True)
    # and as the server's word, which F8/F9 and the status bar follow (ui/play/play_toggles.py)
    assert {k: v for k, (v, _serial) in model.own_toggles.items()} == {
        "open": False,
        "looking": True,
    }


def test_time_added_moves_the_clock_of_the_side_given_time() -> None:
    """bernds/q5Go src/parser.cpp:856-866: the giver's and the receiver's wording."""
    model = ClientModel(clock=lambda: 100.0)
    session = logged_in(model)
    _playing(model, session)
    out = feed_lines(model, session, ["15 Game 7 I: bob (0 600 -1) vs alice (0 300 -1)"])
    assert out
    feed_lines(model, session, ["9 Your opponent has added 2 minutes to your clock."])
    assert model.followed[7].clocks[Color.BLACK].reading.main_seconds == 420
    feed_lines(model, session, ["9 1 minutes were added to your opponents clock"])
    assert model.followed[7].clocks[Color.WHITE].reading.main_seconds == 660


def test_a_withdrawn_offer_closes_its_request() -> None:
    """bernds/q5Go src/parser.cpp:486 (``9 frosla withdraws the match offer.``)."""
    model = ClientModel()
    session = logged_in(model)
    feed_lines(
        model,
        session,
        [
            "9 Match [19x19] in 1 minutes requested with frosla as White.",
            "9 Use <match frosla B 19 1 10> or <decline frosla> to respond.",
        ],
    )
    assert "frosla" in model.challenges
    feed_lines(model, session, ["9 frosla withdraws the match offer."])
    assert "frosla" not in model.challenges


def test_pause_and_unpause_stop_and_restart_the_clocks() -> None:
    """NNGS src/formats.h:2047-2056, bernds/q5Go src/parser.cpp:868-873."""
    now = [100.0]
    model = ClientModel(clock=lambda: now[0])
    session = logged_in(model)
    _playing(model, session)
    feed_lines(model, session, ["15 Game 7 I: bob (0 600 -1) vs alice (0 300 -1)"])
    reading = model.followed[7].clocks[Color.BLACK].reading
    known(model, session, [ch.ClockSet(7, Color.BLACK, reading, True)])
    feed_lines(model, session, ['9 Game clock paused. Use "unpause" to resume.'])
    clocks = model.followed[7].clocks
    assert not clocks[Color.BLACK].running and not clocks[Color.WHITE].running
    assert model.followed[7].clocks_paused  # the clock widget marks it
    feed_lines(model, session, ["9 Game clock resumed."])
    assert clocks[Color.BLACK].running  # Black (alice) is to move: no move yet
    assert not model.followed[7].clocks_paused
    # the asker hears the agreement as NNGS 1.1.22 words it (src/formats.h:1652)
    feed_lines(model, session, ["9 bob accepted pause. Game clock paused."])
    assert model.followed[7].clocks_paused and not clocks[Color.BLACK].running


def test_the_first_movers_clock_runs_from_the_games_start() -> None:
    """A real NNGS 1.1.22 charges Black from the start (``15 Game 1 I: bob (0 300 -1) vs
    alice (0 297 -1)`` then comes with the first move): the clock must not wait at 5:00."""
    now = [100.0]
    model = ClientModel(clock=lambda: now[0])
    session = logged_in(model)
    feed_lines(model, session, ["15 Game 1 I: bob (0 300 -1) vs alice (0 300 -1)"])
    game = model.followed[1]
    assert game.role is Role.PLAYING_BLACK
    black, white = game.clocks[Color.BLACK], game.clocks[Color.WHITE]
    assert black.running and not white.running
    now[0] = 103.0
    assert black.at(now[0]).main_seconds == 297.0
    # NNGS sends the heading again at the start: the clock keeps running, not restarted
    feed_lines(model, session, ["15 Game 1 I: bob (0 300 -1) vs alice (0 297 -1)"])
    assert black.running and black.at(now[0]).main_seconds == 297.0
