"""What a user sees after the IGS session reads a server's lines, through its public API only
(``receive_line``, intents, ``data_to_send``): each test kills a mutant an outside mutation
run left alive (an error reply not closing its command, a reloaded adjourned game left
adjourned). Server lines are quoted from ``igs-protocol.md`` or the embedded server that
imitates it."""

from __future__ import annotations

from igs_tui.backends.igs.protocol import commands as cmd
from igs_tui.backends.igs.protocol.events import ServerVersion
from igs_tui.backends.igs.protocol.profile import ServerProfile
from igs_tui.backends.igs.session import IgsSession
from igs_tui.go import Color
from igs_tui.model import ClientModel, GamePhase, Role
from igs_tui.model import changes as ch
from tests.manual_clock import ManualClock

LOGIN = ["Login: ", "1 1", "1 5"]
"""Client-mode login (spec, "Prompt": ``1 1`` asks for the password, ``1 5`` is the main
command loop)."""


def apply(model: ClientModel, changes: list[ch.Change]) -> None:
    for change in changes:
        model.apply(change)


def logged_in(model: ClientModel) -> IgsSession:
    """A session logged in to a server known to be IGS, its setup written and answered."""
    profile = ServerProfile()
    profile.learn_version(ServerVersion("IGS version 3", "IGS", "3"))
    session = IgsSession(
        "alice", "pw", rate=1000.0, burst=1000.0, profile=profile, clock=model.clock
    )
    session.connection_made()
    for line in LOGIN:
        apply(model, session.receive_line(line))
    written = session.data_to_send(1.0)
    setup = [line for line in written if line not in ("alice", "pw")]
    for _ in setup:  # each setup command answered with an empty response
        apply(model, session.receive_line("1 5"))
    apply(model, session.lines_done())
    apply(model, session.take_changes())
    return session


def read(model: ClientModel, session: IgsSession, *lines: str) -> None:
    for line in lines:
        apply(model, session.receive_line(line))
    apply(model, session.lines_done())


def test_an_error_answers_a_listing_command_so_the_next_reply_reaches_its_own_command() -> None:
    """Spec, ``match``: the refusals "will always contain an error message with the reply
    code 5", and "Prompt": every response "will always be terminated by a prompt line". So a
    ``5`` line then ``1 5`` is the whole answer of a ``games`` listing typed wrong (the
    embedded server's words, localserver/cmd_basic.py). If it did not close that command,
    the ``stats`` answer behind it would be taken for the listing's and the player card the
    user asked for would never appear."""
    model = ClientModel()
    session = logged_in(model)
    assert session.send_raw("games abc")
    assert session.send(cmd.stats("bob"))
    assert session.data_to_send(2.0) == ["games abc", "stats bob"]
    read(model, session, "5 Usage: games [game number]", "1 5")
    errors = [m.text for b in model.buffers.values() for m in b.messages if m.kind == "error"]
    assert errors == ["Usage: games [game number]"]  # the refusal is shown to the user
    read(model, session, "9 Player:      bob", "9 Rating:      3k*  20", "9 Wins:        13", "1 5")
    card = model.cards.get("bob")
    assert card is not None, "the stats answer was not given to the stats command"
    assert card.get("Rating") == "3k*  20" and card.get("Wins") == "13"
    # the correlation is not stuck: a third command is answered by its own reply
    assert session.send(cmd.stats("carol"))
    assert session.data_to_send(3.0) == ["stats carol"]
    read(model, session, "9 Player:      carol", "9 Rating:      1d", "1 5")
    carol = model.cards.get("carol")
    assert carol is not None and carol.get("Rating") == "1d"


def test_an_error_answers_a_who_listing_and_the_next_listing_is_read() -> None:
    """The same for ``who`` (its answer's shape is known, so only an error, a ``27`` listing
    or an empty response closes it): after its error the next ``who`` fills the players
    list."""
    model = ClientModel()
    session = logged_in(model)
    assert session.send_raw("who 40q")
    assert session.send_raw("stats dave")
    session.data_to_send(2.0)
    read(model, session, "5 Usage: who [rank range] [flags]", "1 5")
    read(model, session, "9 Player:      dave", "9 Rating:      9k", "1 5")
    dave = model.cards.get("dave")
    assert dave is not None and dave.get("Rating") == "9k"


def test_an_observed_game_loaded_again_under_its_number_is_live_again() -> None:
    """Spec, ``games``/``adjourn``: "An 'adjourned' can be restarted with the 'load'
    command". We watch game 7; it is adjourned (``9 Game 7: bob vs carol has adjourned.``);
    the players load it and it gets number 7 again; we type ``observe 7`` in the console.
    Its heading and moves then come: the game must show as being played again (its clock
    running for the side to move), not as adjourned with moves arriving."""
    clock = ManualClock()
    model = ClientModel(clock=clock)
    session = logged_in(model)
    session.observe(7)
    apply(model, session.take_changes())
    assert session.data_to_send(1.5)[0] == "observe 7"  # (and "moves 7" for its moves)
    read(
        model,
        session,
        "15 Game 7 I: bob (0 600 -1) vs carol (0 590 -1)",
        "15   0(B): D4",
        "1 8",
    )
    game = model.followed[7]
    read(model, session, "9 Game 7: bob vs carol has adjourned.", "1 5")  # q5go parser.cpp:816
    assert model.followed[7].phase is GamePhase.ADJOURNED
    assert session.send_raw("observe 7")
    assert session.data_to_send(2.0) == ["observe 7"]
    read(
        model,
        session,
        "15 Game 7 I: bob (0 600 -1) vs carol (0 590 -1)",
        "15   0(B): D4",
        "15   1(W): Q16",
        "1 8",
    )
    live = model.followed[7]
    assert live.phase is GamePhase.PLAYING, "the reloaded game was left adjourned"
    assert live.last_number == 2 and not live.closed
    # Black is to move: Black's clock runs, and the game is not shown as over
    assert live.clocks[Color.BLACK].running and not live.clocks[Color.WHITE].running
    assert live.result == "" and (live is game or game.is_adjourned)


def our_game(model: ClientModel, session: IgsSession, *moves: str) -> None:
    """Game 5, bob (White) against us (alice, Black), with ``moves`` (``0(B): C3``...)."""
    read(
        model,
        session,
        "15 Game 5 I: bob (0 600 -1) vs alice (0 590 -1)",
        *(f"15 {m}" for m in moves),
        "1 6",
    )
    assert model.followed[5].role is Role.PLAYING_BLACK
    for _ in session.data_to_send(4.0):  # what the session asks of a new game (games 5)
        read(model, session, "1 6")  # answered with an empty response


def scoring(model: ClientModel, session: IgsSession) -> None:
    """Spec, "Match procedure": three passes, then the players receive "You can check your
    score..." before the third pass's heading and move."""
    read(
        model,
        session,
        "15 Game 5 I: bob (0 600 -1) vs alice (0 590 -1)",
        "15   3(W): Pass",
        "15 Game 5 I: bob (0 600 -1) vs alice (0 590 -1)",
        "15   4(B): Pass",
        "1 6",
        "9 You can check your score with the score command, type 'done' when finished.",
        "15 Game 5 I: bob (0 600 -1) vs alice (0 590 -1)",
        "15   5(W): Pass",
        "1 7",
    )


def test_no_clock_runs_once_scoring_began_though_the_last_pass_comes_after() -> None:
    """The third pass arrives after the scoring notice (spec order): it must not start the
    opponent's clock, or a clock would count down while the dead stones are marked."""
    clock = ManualClock()
    model = ClientModel(clock=clock)
    session = logged_in(model)
    our_game(model, session, "  0(B): C3", "  1(W): Q16", "  2(B): C4")
    scoring(model, session)
    game = model.followed[5]
    assert game.phase is GamePhase.SCORING
    assert not any(c.running for c in game.clocks.values())
    before = {color: c.at(clock()).main_seconds for color, c in game.clocks.items()}
    clock.advance(30.0)
    assert {color: c.at(clock()).main_seconds for color, c in game.clocks.items()} == before


def test_a_removal_marks_the_whole_chain_dead_and_is_answered_by_the_empty_response() -> None:
    """Spec: in scoring a coordinate means "consider the chain that contains this position
    to be dead"; it "receives an empty response followed by a prompt", then ``9 Removing @
    C3``. The two-stone chain C3-C4 is dead as a whole; and the removal is answered, so the
    player card asked next arrives."""
    model = ClientModel()
    session = logged_in(model)
    our_game(model, session, "  0(B): C3", "  1(W): Q16", "  2(B): C4")
    scoring(model, session)
    assert session.send(cmd.move("C3", 5))
    assert session.send(cmd.stats("bob"))
    assert session.data_to_send(5.0) == ["C3 5", "stats bob"]
    read(model, session, "1 7", "9 Removing @ C3", "49 Game 5 alice is removing @ C3", "1 7")
    game = model.followed[5]
    assert {(p.col, p.row) for p in game.dead} == {(2, 2), (2, 3)}  # C3 and C4
    read(model, session, "9 Player:      bob", "9 Rating:      2k", "1 7")
    card = model.cards.get("bob")
    assert card is not None and card.get("Rating") == "2k"


def test_the_opponents_refusal_of_our_undo_request_is_shown_and_our_decline_ends_theirs() -> None:
    """Spec, ``noundo``: "the message ``9 Soothie declines undo.`` will be sent to both
    players". bob asked for an undo (``24 *SYSTEM*: bob requests undo.``, with its double
    prompt); we decline it from the console: the server's line ends the pending request, so
    the prompt to answer it goes away."""
    model = ClientModel()
    session = logged_in(model)
    our_game(model, session, "  0(B): C3", "  1(W): Q16")
    read(model, session, "24 *SYSTEM*: bob requests undo.", "1 6", "1 6")
    assert model.followed[5].undo_requested_by == "bob"
    assert session.send_raw("noundo 5")
    session.data_to_send(5.0)
    read(model, session, "9 alice declines undo.", "1 6")
    game = model.followed[5]
    assert game.undo_requested_by == "", "the answered request is still shown as pending"


def test_a_blocked_players_match_request_is_not_shown() -> None:
    """A player on our block list asks for a game (spec, ``match``: ``9 Match[19x19] in 75
    minutes requested with Soothie as Black.``): it is declined at once and no challenge to
    answer is shown."""
    model = ClientModel()
    session = logged_in(model)
    session.set_social(frozenset(), frozenset({"Soothie"}))
    apply(model, session.take_changes())
    changes: list[ch.Change] = []
    for line in (
        "9 Match[19x19] in 75 minutes requested with Soothie as Black.",
        "9 Use <match Soothie W 19 75 0> or <decline Soothie> to respond.",
        "1 5",
    ):
        changes += session.receive_line(line)
    changes += session.lines_done()
    apply(model, changes)
    assert model.challenges == {}
    assert [c for c in changes if isinstance(c, ch.Notified)] == []  # no alert, no bell
    assert session.data_to_send(2.0) == ["decline Soothie"]  # declined at once
    # the same request from a player not blocked is shown (the test's lines are read)
    read(
        model,
        session,
        "9 Match[19x19] in 75 minutes requested with gagh as Black.",
        "9 Use <match gagh W 19 75 0> or <decline gagh> to respond.",
        "1 5",
    )
    assert list(model.challenges) == ["gagh"]


def test_our_own_kibitz_echoed_by_the_server_is_no_mention_of_us() -> None:
    """A server may send our kibitz back to us (the translator keeps one copy of it in the
    game), in IGS's form ``11 Kibitz name [rank]: Game W vs B [N]`` then ``11    text``
    (tests/protocol/test_real_wording.py). Our own words naming us are no mention: no
    toast; another player's are."""
    model = ClientModel()
    session = logged_in(model)
    apply(model, [ch.GameFollowed(12, Role.OBSERVING, white="alpha", black="beta")])
    read(model, session, "11 Kibitz alice [ 3k*]: Game alpha vs beta [12]", "11    alice likes D4")
    read(model, session, "1 8")
    assert not [n for n in model.notifications if n.kind == "mention"]
    read(model, session, "11 Kibitz guy [ 3k*]: Game alpha vs beta [12]", "11    alice, D4?")
    read(model, session, "1 8")
    assert [n.kind for n in model.notifications if n.kind == "mention"] == ["mention"]


def test_a_game_listed_again_keeps_the_title_the_server_gave_it() -> None:
    """A title comes once (``9 Game is titled: ...``, spec "Professional games"); the
    ``games N`` answer that lists the game again has no title column: the games list keeps
    showing it."""
    model = ClientModel()
    session = logged_in(model)
    entry = "7 [233]    OmegaGo1 [ 9p ] vs.    OmegaGo2 [ 9p ] ( 10   19  0  6.5 10  I) ( 12)"
    assert session.send(cmd.games(233))
    session.data_to_send(2.0)
    read(
        model,
        session,
        "7 [##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)",
        entry,
        "1 5",
    )
    apply(model, [ch.GameFollowed(233, Role.OBSERVING)])
    read(
        model,
        session,
        "15 Game 233 I: OmegaGo1 (0 4491 -1) vs OmegaGo2 (0 4480 -1)",
        "15   0(B): Q16",
        "9 Game is titled: Arakaki Shun 9-dan(W) vs Yokota Shigeaki 9-dan(B)",
        "1 8",
    )
    assert model.games[233].title.startswith("Arakaki Shun")
    assert session.send(cmd.games(233))
    session.data_to_send(3.0)
    read(
        model,
        session,
        "7 [##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)",
        entry,
        "1 8",
    )
    assert model.games[233].title.startswith("Arakaki Shun")


def reconnected(model: ClientModel, session: IgsSession, now: float) -> list[str]:
    """A new connection and login; what it writes after the name and password."""
    session.connection_made()
    for line in LOGIN:
        apply(model, session.receive_line(line))
    return [line for line in session.data_to_send(now) if line not in ("alice", "pw")]


def test_a_lost_game_is_reloaded_when_the_opponent_logs_on_not_when_anyone_does() -> None:
    """Our game's link dropped; the ``load`` sent after the new login fails while bob is
    away (``load`` needs both players). When bob logs on (``21 {bob [ 2k*] has
    connected.}``) it is sent again; another player's arrival sends nothing."""
    model = ClientModel()
    session = logged_in(model)
    our_game(model, session, "  0(B): C3", "  1(W): Q16")
    deadline = session.connection_lost(10.0)
    assert deadline is not None  # the game is at stake: the forfeit countdown runs
    written = reconnected(model, session, 11.0)
    assert "load bob-alice" in written
    for _ in written:
        read(model, session, "5 bob is not logged on.", "1 5")
    session.data_to_send(12.0)  # (what the refusal asks for: the moves, in case)
    read(model, session, "21 {carol [ 3k*] has connected.}", "1 5")
    assert session.data_to_send(13.0) == []
    read(model, session, "21 {bob [ 2k*] has connected.}", "1 5")
    assert session.data_to_send(14.0) == ["load bob-alice"]


def test_a_second_drop_while_reconnecting_keeps_the_first_forfeit_deadline() -> None:
    """The server's forfeit clock started at the first drop: a second drop before the game
    is back must not push the countdown the user sees later."""
    model = ClientModel()
    session = logged_in(model)
    our_game(model, session, "  0(B): C3")
    first = session.connection_lost(100.0)
    assert first is not None
    reconnected(model, session, 101.0)
    assert session.connection_lost(160.0) == first
    assert session.forfeit_deadline == first


def test_a_loss_on_time_is_recorded_as_the_winner_plus_t() -> None:
    """Spec, time: ``9 Soothie has run out of time.`` "ends the game (both players will
    receive this)", and ``9 OmegaGo1 lost the game 88 due to no-move.`` ends one that never
    began. Each names the loser; the record wants FF[4]'s ``RE[W+T]`` / ``RE[B+F]``, not the
    sentence (autosave writes ``game.result`` into ``RE``)."""
    model = ClientModel()
    session = logged_in(model)
    our_game(model, session, "0(B): C3")
    read(model, session, "9 alice has run out of time.", "1 6")
    assert model.followed[5].result == "W+T"  # alice is Black
    read(model, session, "9 bob lost the game 5 due to no-move. move 0 points.", "1 5")
    assert model.followed[5].result == "W+T"  # the first word on the end stands
    other = ClientModel()
    session = logged_in(other)
    our_game(other, session)
    read(other, session, "9 bob lost the game 5 due to no-greeting. move 0 points.", "1 5")
    assert other.followed[5].result == "B+F"  # bob is White: Black wins by forfeit
