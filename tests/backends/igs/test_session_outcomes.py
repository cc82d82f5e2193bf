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
    session = IgsSession(model, "alice", "pw", rate=1000.0, burst=1000.0, profile=profile)
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
    apply(model, [ch.GameFollowed(7, Role.OBSERVING)])
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
