"""The IGS session keeps its own view of each game (issue 25): driven by server lines with no
model at all -- its changes are never applied anywhere -- it still says the right thing about
a reused game number, a gap in an observed game's moves, the echo of our own move and channel
line, and a new game under the number of an adjourned one.

Like ``h11.Connection`` or ``KgsSession``, what a line means must not depend on the state of
whatever the caller applies the changes to. A session that read the caller's model (as it
did) would see no followed game here and emit nothing for these lines.

Lines are IGS client mode as quoted in ``igs-protocol.md`` (``15 Game 233 I: OmegaGo1 (0 4491
-1) vs OmegaGo2 (0 4480 -1)``, ``15   0(B): D4``, ``1 8`` prompts), the games list (``7 [ 4]
wari5 [ 6k*] vs. Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)``) and the adjourn notice
``{Game 49: wawa vs kaze has adjourned.}`` (tests/protocol/test_parser_extra.py).
"""

from __future__ import annotations

from igs_tui.backends.igs.protocol import commands as cmd
from igs_tui.backends.igs.protocol.events import ServerVersion
from igs_tui.backends.igs.protocol.profile import ServerProfile
from igs_tui.backends.igs.session import IgsSession
from igs_tui.go import Color, Point
from igs_tui.model import BufferKey, ChatKind, GamePhase, Role
from igs_tui.model import changes as ch


class Driven:
    """A session logged in as alice, fed lines; its changes are kept, never applied."""

    def __init__(self) -> None:
        profile = ServerProfile()
        profile.learn_version(ServerVersion("IGS version 3", "IGS", "3"))
        self.now = 0.0
        self.session = IgsSession(
            "alice", "pw", rate=1000.0, burst=1000.0, profile=profile, clock=lambda: self.now
        )
        self.changes: list[ch.Change] = []
        self.session.connection_made()
        self.feed("Login: ", "1 1", "1 5")
        for _ in self.sent()[2:]:  # each setup command after the name and password
            self.feed("1 5")
        self.changes.clear()

    def feed(self, *lines: str) -> list[ch.Change]:
        """Server lines, then the end of the read: the changes they meant."""
        out: list[ch.Change] = []
        for line in lines:
            out += self.session.receive_line(line)
        out += self.session.lines_done()
        self.changes += out
        return out

    def sent(self) -> list[str]:
        """What the session writes now (its console entries are kept with the changes)."""
        self.now += 1.0
        lines = self.session.data_to_send(self.now)
        self.changes += self.session.take_changes()
        return lines

    def intent(self) -> list[ch.Change]:
        """The changes an intent made (a backend would apply them; nobody does here)."""
        out = self.session.take_changes()
        self.changes += out
        return out


def moves_of(changes: list[ch.Change], game: int) -> list[tuple[int, Color, Point | None]]:
    return [
        (c.move.number, c.move.color, c.move.point)
        for c in changes
        if isinstance(c, ch.MoveAdded) and c.game == game
    ]


def followed(changes: list[ch.Change]) -> list[ch.GameFollowed]:
    return [c for c in changes if isinstance(c, ch.GameFollowed)]


def test_a_reused_number_is_another_game_and_an_observed_gap_asks_for_the_moves() -> None:
    d = Driven()
    d.session.observe(5)
    assert followed(d.intent()) == [ch.GameFollowed(5, Role.OBSERVING, white=None, black=None)]
    assert d.sent() == ["observe 5", "moves 5"]
    out = d.feed(
        "15 Game 5 I: bob (0 600 -1) vs carol (0 600 -1)",
        "15   0(B): D4",
        "15   1(W): Q16",
        "1 8",
    )
    assert moves_of(out, 5) == [(1, Color.BLACK, Point(3, 3)), (2, Color.WHITE, Point(15, 15))]
    # the moves resent (the answer to ``moves 5``) are known: nothing to add
    out = d.feed("15 Game 5 I: bob (0 600 -1) vs carol (0 600 -1)", "15   1(W): Q16", "1 8")
    assert moves_of(out, 5) == []
    # move 5 after move 2: the gap is filled with the list, asked once
    gap = ("15 Game 5 I: bob (0 590 -1) vs carol (0 580 -1)", "15   4(B): C3", "1 8")
    assert moves_of(d.feed(*gap), 5) == []
    assert d.sent() == ["moves 5"]
    d.feed(*gap)
    assert d.sent() == []
    # the games list gives number 5 to other players: our game is over, though its end never
    # reached us, and observing 5 again starts a new entry read afresh
    out = d.feed("7 [ 5]        dan [ 3k*] vs.        erin [ 3k*] (  1   19  0  6.5 10  I) (  0)")
    assert [c for c in out if isinstance(c, ch.GameEnded)] == [ch.GameEnded(5)]
    d.session.observe(5)  # (the end took the list's row with it, as the model's does)
    assert followed(d.intent()) == [ch.GameFollowed(5, Role.OBSERVING, white=None, black=None)]
    assert d.sent() == ["observe 5", "moves 5"]
    out = d.feed("15 Game 5 I: dan (0 600 -1) vs erin (0 600 -1)", "15   0(B): K10", "1 8")
    assert moves_of(out, 5) == [(1, Color.BLACK, Point(9, 9))]
    assert not any(isinstance(c, ch.GameEnded) for c in out)
    # observing it once more only brings its moves up to date (it is the game listed)
    d.session.observe(5)
    assert followed(d.intent()) == []
    assert d.sent() == ["moves 5"]


def test_the_echo_of_our_own_move_and_channel_line_is_taken_once() -> None:
    d = Driven()
    out = d.feed("15 Game 7 I: bob (0 600 -1) vs alice (0 600 -1)", "1 8")
    assert followed(out) == [
        ch.GameFollowed(7, Role.PLAYING_BLACK, white="bob", black="alice", fresh=False)
    ]
    assert d.sent() == ["games 7"]  # a game of ours: its list line tells size and komi
    d.session.send(cmd.move(Point(3, 3), 7, 19))
    assert d.sent() == ["D4 7"]
    echo = ("15 Game 7 I: bob (0 600 -1) vs alice (0 595 -1)", "15   0(B): D4", "1 7")
    assert moves_of(d.feed(*echo), 7) == [(1, Color.BLACK, Point(3, 3))]
    assert moves_of(d.feed(*echo), 7) == []  # the server saying it again adds nothing
    out = d.feed("15 Game 7 I: bob (0 590 -1) vs alice (0 595 -1)", "15   1(W): Q16", "1 6")
    assert moves_of(out, 7) == [(2, Color.WHITE, Point(15, 15))]
    # our channel line is shown as ours at once; IGS sends it back once
    channel = BufferKey(ChatKind.CHANNEL, "5")
    d.session.own_line(channel, "hello all")
    (own,) = d.intent()
    assert isinstance(own, ch.ChatAdded) and (own.author, own.kind) == ("alice", "own")
    out = d.feed("32 5:alice: hello all", "32 5:bob: hi alice", "32 5:alice: hello all")
    said = [(c.author, c.text) for c in out if isinstance(c, ch.ChatAdded)]
    assert said == [("bob", "hi alice"), ("alice", "hello all")]  # the second: another client


def test_after_an_adjourn_a_new_game_under_the_number_is_a_new_game() -> None:
    d = Driven()
    d.feed(
        "15 Game 7 I: bob (0 600 -1) vs alice (0 600 -1)",
        "15   0(B): D4",
        "15   1(W): Q16",
        "1 6",
    )
    d.sent()
    out = d.feed("9 {Game 7: bob vs alice has adjourned.}", "1 5")
    assert ch.PhaseChanged(7, GamePhase.ADJOURNED) in out
    # the server gives number 7 to carol's game with us: a new entry from its first move,
    # no gap to fill from the old game's two moves, its list line asked for anew
    out = d.feed("15 Game 7 I: carol (0 600 -1) vs alice (0 600 -1)", "15   0(B): C3", "1 6")
    assert followed(out) == [
        ch.GameFollowed(7, Role.PLAYING_BLACK, white="carol", black="alice", fresh=False)
    ]
    assert moves_of(out, 7) == [(1, Color.BLACK, Point(2, 2))]
    assert d.sent() == ["games 7"]
    # carol's game goes on: its moves follow its own count
    out = d.feed("15 Game 7 I: carol (0 590 -1) vs alice (0 600 -1)", "15   1(W): R4", "1 6")
    assert moves_of(out, 7) == [(2, Color.WHITE, Point(16, 3))]
    assert d.sent() == []
    # it ends; bob loads the adjourned game under number 7 again: another new entry, with
    # the whole move list (NNGS resends only the last move: the list is asked for)
    d.feed("9 {Game 7: carol vs alice : White resigns.}", "1 5")
    out = d.feed(
        "9 Creating match [7] with bob.",
        "15 Game 7 I: bob (0 580 -1) vs alice (0 570 -1)",
        "15   1(W): Q16",
        "1 6",
    )
    assert [(c.white, c.black) for c in followed(out)] == [("bob", "alice")]
    assert moves_of(out, 7) == []
    assert "moves 7" in d.sent()


def test_no_change_was_ever_applied_to_a_model() -> None:
    """The proof above holds only if nothing else read these changes: the session's own view
    is the one thing that took them (its clock is the one given, not a model's)."""
    d = Driven()
    d.feed("15 Game 7 I: bob (0 600 -1) vs alice (0 600 -1)", "15   0(B): D4", "1 6")
    game = d.session.view.followed[7]
    assert (game.white, game.black, game.role, game.last_number) == (
        "bob",
        "alice",
        Role.PLAYING_BLACK,
        1,
    )
    assert d.session.view.me == "alice"
    d.now = 10.0
    assert game.clocks[Color.WHITE].at(d.now).main_seconds == 600.0 - 9.0  # running since 1.0
