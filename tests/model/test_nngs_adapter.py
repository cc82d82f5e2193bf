"""NNGS lines through the IGS session (translator, follow-ups): changes and follow-up commands.

Lines are quoted from issue #13 (NNGS 1.1.22 observed with two clients and a guest).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from igs_tui.backends.igs.protocol.commands import classify
from igs_tui.backends.igs.protocol.events import CommandReply, Error, Event
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.backends.igs.protocol.profile import ServerProfile
from igs_tui.backends.igs.session.followups import UNDO_BY_SAY, UNDO_REFUSED_BY_SAY
from igs_tui.go import Color
from igs_tui.model import BufferKey, ChatKind, ClientModel, GamePhase, Role
from igs_tui.model.terms import MatchTerms
from tests.igs_feed import Fed


@dataclass
class Link:
    """A model with its session and backend, a parser, and the commands they queued."""

    me: str = "alice"
    profile: ServerProfile | None = None
    sent: list[str] = field(default_factory=list)
    model: ClientModel = field(default_factory=ClientModel)
    parser: IgsParser = field(default_factory=IgsParser)

    def __post_init__(self) -> None:
        self.model.set_connection(user=self.me)
        self.link = Fed(self.model, self.profile)
        self.sent = self.link.sent

    def feed(self, text: str) -> None:
        for line in text.strip("\n").splitlines():
            for event in self.parser.feed_line(line):
                self.apply(event)

    def apply(self, event: Event) -> None:
        self.link.event(event)

    def answer(self, line: str, *errors: str, setup: bool = False) -> None:
        events = tuple(Error(text) for text in errors)
        self.apply(CommandReply(1, classify(line), events, setup=setup))

    def system(self, kind: str) -> list[str]:
        buffer = self.model.buffers.get(BufferKey(ChatKind.SYSTEM))
        return [m.text for m in buffer.messages if m.kind == kind] if buffer else []


GAME_START = """
21 {Match 1: bob [ NR ] vs. alice [ NR ] }
15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)
1 6
"""


def test_version_line_names_the_server() -> None:
    link = Link()
    link.feed("39 No Name Go Server (NNGS) version 1.1.22")
    assert link.link.profile.family == "nngs"
    assert "No Name Go Server (NNGS) version 1.1.22" in link.system("info")


def test_the_unechoed_scoring_pass_is_implied() -> None:
    link = Link()
    link.feed(GAME_START)
    game = link.model.followed[1]
    link.feed("15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)\n15   0(B): Pass\n1 6")
    link.feed("9 You can check your score with the score command, type 'done' when finished.")
    assert game.phase is GamePhase.SCORING
    assert [(m.number, m.color, m.point) for m in game.moves] == [
        (1, Color.BLACK, None),
        (2, Color.WHITE, None),
    ]
    assert link.link.profile.passes_to_score == 2


def test_igs_scoring_with_two_passes_held_waits_for_the_third() -> None:
    link = Link()
    link.feed(GAME_START)
    game = link.model.followed[1]
    link.feed(
        "15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)\n15   0(B): Pass\n"
        "15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)\n15   1(W): Pass\n"
        "9 You can check your score with the score command, type 'done' when finished.\n"
        "15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)\n15   2(B): Pass\n1 7"
    )
    assert game.phase is GamePhase.SCORING and game.last_number == 3
    assert link.link.profile.passes_to_score == 3


def test_observers_get_the_scored_result_and_the_agreed_komi() -> None:
    link = Link(me="guest")
    link.model.follow(1, size=9)
    link.feed("15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)\n15   0(B): Pass\n1 8")
    assert "games 1" not in link.sent  # one pass is no sign of scoring
    link.feed("15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)\n15   1(W): Pass\n1 8")
    assert link.sent.count("games 1") == 1
    link.feed(
        "7 [##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)\n"
        "7 [ 1]         bob [  NR] vs.       alice [  NR] (  2    9  0  5.5  0  I) (  1)\n1 8"
    )
    game = link.model.followed[1]
    assert game.komi == 5.5
    link.feed("21 {Game 1: bob vs alice : White resigns. W 30.5 B 34.0}")
    assert game.phase is GamePhase.FINISHED and game.result == "B+3.5"


def test_a_reloaded_game_asks_for_its_moves() -> None:
    link = Link()
    link.feed(
        "21 {Game 1: bob vs alice @ Move 3}\n"
        "15 Game 1 I: bob (0 599 -1) vs alice (0 599 -1)\n"
        "15   2(B): C3\n1 6"
    )
    game = link.model.followed[1]
    assert game.role is Role.PLAYING_BLACK
    assert link.sent.count("moves 1") == 1  # once, though both the heading and the move tell
    assert game.moves == [] and game.sync_errors == []
    link.feed(
        "15 Game 1 I: bob (0 599 -1) vs alice (0 599 -1)\n"
        "15   0(B): C4\n15   1(W): E4\n15   2(B): C3\n1 6"
    )
    assert game.last_number == 3 and game.sync_errors == []
    link.feed("15 Game 1 I: bob (0 599 -1) vs alice (0 599 -1)\n15   4(B): C5\n1 6")
    assert link.sent.count("moves 1") == 2  # a new gap asks again


def test_others_announced_games_are_described() -> None:
    link = Link()
    link.feed("21 {Match 7: carol [ 1d ] vs. dave [ 12k] }\n1 5")
    link.feed("21 {Match 7: carol [ 1d ] vs. dave [ 12k] }\n1 5")
    assert link.sent == ["games 7"]


def test_user_table_replaces_the_player_list() -> None:
    link = Link()
    link.link.backend.refresh_players()
    events: list[Event] = []
    for line in (
        "9  Info     Name       Rank  19  9  Idle Rank Info",
        "9     -- -- alice       NR    0   0  0s  NR",
        "9  Q! 3 -- bob         3k*   5   0  2m  3k",
        "1 5",
    ):
        events += link.parser.feed_line(line)
    for event in events:
        link.apply(event)
    link.apply(CommandReply(1, classify("user"), tuple(events[:-1])))
    assert sorted(link.model.players.names()) == ["alice", "bob"]
    bob = link.model.players.get("bob")
    assert bob is not None and bob.quiet and bob.looking and bob.observing == 3


def test_chat_and_notices() -> None:
    link = Link()
    link.feed(GAME_START)
    link.feed("21 bob -->> shout from bob\n19 bob good game so far\n9 1 7")
    shouts = link.model.buffers[BufferKey(ChatKind.SHOUT)]
    assert [m.text for m in shouts.messages] == ["shout from bob"]
    says = link.model.buffers[BufferKey(ChatKind.GAME, "1")]
    assert [(m.author, m.text) for m in says.messages] == [("bob", "good game so far")]
    link.feed(
        "9 bob would like to adjourn the game.\n9 Use adjourn to adjourn the game.\n"
        "9 bob offers a new komi of 5.5.\n"
        '9 Use "komi 5.5" to accept, or "decline bob" to respond.'
    )
    # the request goes to our game (its view asks whether to agree), not to a toast
    assert link.model.followed[1].adjourn_requested_by == "bob"
    kinds = [n.kind for n in link.model.notifications]
    assert kinds[-1] == "komi" and "adjourn" not in kinds
    assert link.model.followed[1].komi_request == 5.5
    link.feed("9 Komi is now set to 5.5")
    assert link.model.followed[1].komi == 5.5


def test_done_adjourn_resign_fall_back_to_no_number_once() -> None:
    link = Link()
    link.feed(GAME_START)
    backend = link.link.backend
    backend.done_scoring(1)
    link.answer("done 1", "Usage: ", "done", "See 'help done' for a complete description.")
    backend.done_scoring(1)
    backend.resign(1)
    link.answer("resign 1", "Usage: ", "resign", "See 'help resign' for a complete description.")
    backend.resign(1)
    assert link.sent == ["games 1", "done 1", "done", "done", "resign 1", "resign", "resign"]


def test_nmatch_falls_back_to_match_and_is_remembered() -> None:
    link = Link()
    terms = MatchTerms("bob", Color.BLACK, size=9, main_seconds=600, byo_seconds=0)
    link.link.backend.challenge(terms)
    link.answer(link.sent[-1], "nmatch: Unknown command.")
    assert link.sent[-1] == "match bob B 9 10 0"
    assert link.model.challenges["bob"].kind == "match"
    link.link.backend.challenge(terms)
    assert link.sent[-1] == "match bob B 9 10 0" and len(link.sent) == 3
    assert link.link.backend.check_terms(MatchTerms("bob", handicap=2)) is not None


def test_load_falls_back_to_white_black() -> None:
    link = Link()
    link.feed(GAME_START)
    link.feed("9 {Game 1: bob vs alice has adjourned.}")
    link.link.backend.load("bob")
    link.answer("load bob", 'You cannot load someone else\'s game.  Try "look" to see the game.')
    link.link.backend.load("bob")
    assert link.sent[-3:] == ["load bob", "load bob-alice", "load bob-alice"]


def test_undo_request_without_undoplease_asks_in_the_game_chat() -> None:
    link = Link()
    link.feed(GAME_START)
    link.feed("15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)\n15   0(B): C3\n1 6")
    link.link.backend.request_undo(1)
    link.answer("undoplease 1", "undoplease: Unknown command.")
    assert link.sent[-2:] == ["undoplease 1", link.sent[-1]]
    assert link.sent[-1].startswith("say Could you take back my last move?")
    link.link.backend.request_undo(1)  # remembered: straight to the chat
    assert link.sent[-2] == link.sent[-1] != "undoplease 1"
    assert any("no undo requests" in text for text in link.system("info"))
    # bob, to move, types undo: our move is taken back
    link.feed(
        "28 bob undid the last move (C3) .\n\n15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)"
    )
    assert link.model.followed[1].moves == []


NNGS = "39 No Name Go Server (NNGS) version 1.1.22"


def test_an_undo_request_in_the_game_chat_is_asked_as_one() -> None:
    """NNGS has no undo request line: its help says the opponent "might ... request an undo.
    You would simply type undo". A say that asks (our client's sentence, or a bare "undo
    please") opens the request; agreeing types ``undo`` (no number: NNGS reads it as a count);
    declining is said in the chat (NNGS has no ``noundo``) and read back as a refusal."""
    link = Link()
    link.feed(NNGS)
    link.feed(GAME_START)
    link.feed("15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)\n15   0(B): C3\n1 6")
    link.feed("15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)\n15   1(W): D4\n1 6")
    game = link.model.followed[1]
    link.feed("19 bob good game so far")
    assert game.undo_requested_by == ""
    link.feed(f"19 bob {UNDO_BY_SAY}")
    assert game.undo_requested_by == "bob"
    link.link.backend.answer_undo(1, True)
    assert link.sent[-1] == "undo" and game.undo_requested_by == ""
    link.feed("19 bob Undo please!")
    assert game.undo_requested_by == "bob"
    link.link.backend.answer_undo(1, False)
    assert link.sent[-1] == f"say {UNDO_REFUSED_BY_SAY}" and game.undo_requested_by == ""
    # a server not yet known as NNGS: our own sentence still asks, and the refused
    # noundo is said in the chat instead
    unknown = Link()
    unknown.feed(GAME_START)
    unknown.feed(f"19 bob {UNDO_BY_SAY}")
    unknown.feed("19 bob undo please")  # bare words count only where undoplease is missing
    assert unknown.model.followed[1].undo_requested_by == "bob"
    unknown.link.backend.answer_undo(1, False)
    unknown.answer("noundo 1", "noundo: Unknown command.")
    assert unknown.sent[-2:] == ["noundo 1", f"say {UNDO_REFUSED_BY_SAY}"]
    # our own refusal, read by the asker's client
    asker = Link(me="bob")
    asker.feed(NNGS)
    asker.feed(GAME_START)
    asker.feed(f"19 alice {UNDO_REFUSED_BY_SAY}")
    assert asker.model.followed[1].undo_declined_by == "alice"
    # where undoplease works, "undo please" is only a say (undoplease asks there)
    igs = Link()
    igs.feed(GAME_START)
    igs.feed("19 *bob*: undo please")
    assert igs.model.followed[1].undo_requested_by == ""


def test_undo_in_scoring_goes_back_to_play() -> None:
    """NNGS's undo in scoring takes back the pass that began it ("%s undid the last move
    (%s)." from NNGS's source) and play goes on: the model leaves scoring, dead marks go."""
    link = Link()
    link.feed(NNGS)
    link.feed(GAME_START)
    game = link.model.followed[1]
    link.feed("15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)\n15   0(B): C3\n1 6")
    link.feed("15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)\n15   1(W): Pass\n1 6")
    link.feed("9 You can check your score with the score command, type 'done' when finished.")
    assert game.phase is GamePhase.SCORING and len(game.moves) == 3
    link.feed("9 Removing @ C3\n49 Game 1 bob is removing @ C3\n1 7")
    assert game.dead
    link.feed(
        "28 bob undid the last move (Pass).\n\n15 Game 1 I: bob (0 590 -1) vs alice (0 600 -1)\n1 6"
    )
    assert game.phase is GamePhase.PLAYING
    assert [m.point for m in game.moves] == [game.moves[0].point, None]
    assert not game.dead
    link.link.backend.restore_scoring(1)
    assert link.sent[-1] == "undo"


def test_login_refusals_are_learnt_and_other_setup_errors_shown() -> None:
    link = Link()
    link.answer("toggle newundo true", "Unknown value for toggling.", setup=True)
    link.answer("id igs-tui 0.1.0", "id: Unknown command.", setup=True)
    assert link.system("error") == []
    assert link.link.profile.refused_toggles == {"newundo"}
    link.answer("toggle quiet false", "Something else went wrong.", setup=True)
    assert link.system("error") == ["Something else went wrong."]


def test_a_known_nngs_profile_sends_the_nngs_forms_first() -> None:
    profile = ServerProfile()
    link = Link(profile=profile)
    link.feed("39 No Name Go Server (NNGS) version 1.1.22")
    link.feed(GAME_START)
    link.feed("9 {Game 1: bob vs alice has adjourned.}")
    backend = link.link.backend
    backend.load("bob")
    backend.adjourn(1)
    backend.challenge(MatchTerms("bob", Color.WHITE, size=9, main_seconds=300, byo_seconds=0))
    assert link.sent[-3:] == ["load bob-alice", "adjourn", "match bob W 9 5 0"]
    assert profile.family == "nngs"


def test_the_model_learns_how_many_passes_end_play_on_nngs() -> None:
    link = Link()
    assert link.model.passes_to_end == 3  # IGS until the server says otherwise
    link.feed("39 No Name Go Server (NNGS) version 1.1.22")
    assert link.model.passes_to_end == 2
    # a profile kept from an earlier session tells it at once
    again = Link(profile=link.link.profile)
    assert again.model.passes_to_end == 2
