"""Challenges, undo requests, clocks and scores in the model (lines from igs-protocol.md)."""

from __future__ import annotations

from collections.abc import Callable

from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.go import Color, Point
from igs_tui.model import (
    BufferKey,
    ChatKind,
    ClientModel,
    Clock,
    ClockReading,
    MoveRecord,
    Role,
    TimeSettings,
    TimeSystem,
)
from igs_tui.model.terms import MatchTerms
from tests.igs_feed import Fed


def me(name: str = "Soothie") -> tuple[ClientModel, Callable[[str], None], list[str], IgsBackend]:
    model = ClientModel(clock=lambda: 0.0)
    model.set_connection(user=name)
    fed = Fed(model)
    return model, fed.lines, fed.sent, fed.backend


def test_incoming_nmatch_is_pending_and_accept_resends_its_terms() -> None:
    model, feed, sent, backend = me()
    # Spec: "If you receive an nmatch request, you will receive ... Use <nmatch MORAL70 B 4 ...>"
    feed(
        "9 NMatch requested with MORAL70(B 4 19 60 600 25 0 0 0).\n"
        "9 Use <nmatch MORAL70 B 4 19 60 600 25 0 0 0> or <decline MORAL70> to respond."
    )
    offer = model.challenge_from("moral70")
    assert offer is not None and offer.incoming and offer.kind == "nmatch"
    t = offer.terms
    assert (t.color, t.handicap, t.size, t.main_seconds, t.byo_seconds, t.byo_stones) == (
        Color.BLACK,
        4,
        19,
        60,
        600,
        25,
    )
    assert t.time_settings().system is TimeSystem.CANADIAN
    backend.accept_challenge(t)
    assert sent == ["nmatch MORAL70 B 4 19 60 600 25 0 0 0"]


def test_cancel_and_decline_close_requests() -> None:
    model, feed, sent, backend = me()
    feed("9 NMatch requested with MORAL70(B 0 19 60 600 25 0 0 0).")
    assert model.challenge_from("MORAL70") is not None
    # Spec: "24 *SYSTEM*: MORAL70 canceled the nmatch request."
    feed("24 *SYSTEM*: MORAL70 canceled the nmatch request.")
    assert model.challenge_from("MORAL70") is None
    feed("9 NMatch requested with ivy(W 0 9 60 0 0 0 0 0).")
    backend.decline_challenge("ivy")
    assert sent == ["decline ivy"] and model.challenge_from("ivy") is None


def test_classic_match_request_and_dispute() -> None:
    model, feed, sent, backend = me()
    feed(
        "9 Match[19x19] in 75 minutes requested with OmegaGo2 as Black.\n"
        "9 Use <match OmegaGo2 W 19 75 0> or <decline OmegaGo2> to respond."
    )
    offer = model.challenge_from("OmegaGo2")
    assert offer is not None and offer.kind == "match"
    assert (offer.terms.color, offer.terms.main_seconds) == (Color.WHITE, 75 * 60)
    backend.accept_challenge(offer.terms)
    assert sent[-1] == "match OmegaGo2 W 19 75 0"
    # Spec: "both match requests will remain active" after a dispute.
    feed(
        "5 There is a dispute regarding your match(nmatch):\n"
        "5 OmegaGo2 request: B 0 19 60 600 25 0 0 0\n"
        "5 Soothie request: W 0 19 60 600 25 0 0 0"
    )
    dispute = model.disputes["omegago2"]
    assert dispute.theirs[0] == "B" and dispute.mine[0] == "W"


def test_nmatch_refused_falls_back_to_classic_match_in_minutes() -> None:
    model, feed, sent, backend = me()
    backend.challenge(MatchTerms("ivy", Color.WHITE, 19, 0, 6.5, 900, 600, 25))
    assert sent == ["nmatch ivy W 0 19 900 600 25 0 0 0"]
    # Spec: "If your opponent doesn't have the nmatch toggle on, you will receive 5 Opponent's
    # client does not support nmatch." -> classic "match ivy W 19 15 10" (time in minutes).
    feed("5 Opponent's client does not support nmatch.")
    assert sent[-1] == "match ivy W 19 15 10"
    fallback = model.challenge_from("ivy")
    assert fallback is not None and fallback.kind == "match"


def test_undo_request_pending_until_answered() -> None:
    model, feed, sent, backend = me()
    model.follow(5, role=Role.PLAYING_WHITE, size=9, white="Soothie", black="ivy")
    # Spec: the opponent of an undoplease receives "24 *SYSTEM*: ivy requests undo."
    feed("24 *SYSTEM*: ivy requests undo.")
    game = model.followed[5]
    assert game.undo_requested_by == "ivy"
    backend.answer_undo(5, accept=False)
    assert sent[-1] == "noundo 5" and game.undo_requested_by == ""


def test_canadian_clock_rolls_into_byoyomi_locally() -> None:
    settings = TimeSettings(TimeSystem.CANADIAN, 60, byo_seconds=300, byo_stones=25)
    clock = Clock(ClockReading(60.0), 0.0, settings=settings)
    clock.start(0.0)
    r = clock.at(70.0)
    assert r.in_byoyomi and r.byo_stones == 25 and r.main_seconds == 290.0
    assert not clock.flag_fell(70.0)
    assert clock.flag_fell(400.0)


def test_japanese_clock_uses_up_periods() -> None:
    settings = TimeSettings(TimeSystem.JAPANESE, 0, byo_seconds=30, periods=3)
    clock = Clock(ClockReading(10.0), 0.0, settings=settings)
    clock.start(0.0)
    assert clock.at(5.0).main_seconds == 5.0
    r = clock.at(45.0)  # 10 main + 30 first period + 5 into the second
    assert (r.in_byoyomi, r.periods, r.byo_seconds) == (True, 2, 25.0)
    assert clock.is_low(95.0)  # 5 s left in the last period
    assert clock.flag_fell(101.0)


def test_absolute_clock_flags_and_bronstein_delay() -> None:
    absolute = Clock(ClockReading(20.0), 0.0, settings=TimeSettings(TimeSystem.ABSOLUTE, 20))
    absolute.start(0.0)
    assert absolute.is_low(12.0) and not absolute.flag_fell(12.0) and absolute.flag_fell(20.0)
    bronstein = Clock(
        ClockReading(60.0), 0.0, settings=TimeSettings(TimeSystem.BRONSTEIN, 60, delay_seconds=10)
    )
    bronstein.start(0.0)
    assert bronstein.at(8.0).main_seconds == 60.0 and bronstein.at(15.0).main_seconds == 55.0


def test_server_score_is_cross_checked_with_our_count() -> None:
    model, feed, _sent, _backend = me()
    game = model.follow(7, role=Role.PLAYING_BLACK, size=5, white="ivy", black="Soothie", komi=0.5)
    game.board.komi = 0.5
    # Black walls on column B, White on column D: each owns one edge column of 5 points.
    number = 0
    for row in range(5):
        for col, color in ((1, Color.BLACK), (3, Color.WHITE)):
            number += 1
            game.add_move(MoveRecord(number, color, Point(col, row)))
    # Territory: black A (5), white E (5); komi 0.5 -> W+0.5
    # Spec form: "20 W (W:O):  6.5 to B (B:g):  0.0"
    feed("20 ivy (W:O):  5.5 to Soothie (B:#):  5.0")
    check = game.score_check
    assert check is not None
    assert check.server.result == "W+0.5"
    assert check.ours_result == "W+0.5" and check.agrees
    assert game.result == "W+0.5"


def test_a_classic_match_game_takes_its_size_from_the_request_and_komi_from_its_list_line() -> None:
    model, feed, sent, backend = me()
    feed(
        "9 Match[9x9] in 10 minutes requested with ivy as White.\n"
        "9 Use <match ivy B 9 10 0> or <decline ivy> to respond."
    )
    offer = model.challenge_from("ivy")
    assert offer is not None and offer.kind == "match" and offer.terms.size == 9
    backend.accept_challenge(offer.terms)
    # A classic game gets no GAMERPROPS line: only the heading, then moves.
    feed(
        "9 Creating match [12] with ivy.\n"
        "9 Please use say to talk to your opponent -- help say.\n"
        "15 Game 12 I: ivy (0 600 -1) vs Soothie (0 600 -1)\n1 6"
    )
    game = model.followed[12]
    assert (game.size, game.board.size, game.role) == (9, 9, Role.PLAYING_BLACK)
    assert sent[-1] == "games 12"  # its list line is the one place with the komi
    feed("15 Game 12 I: ivy (0 600 -1) vs Soothie (0 590 -1)\n15   0(B): J9\n1 6")
    assert game.board.get(Point(8, 8)) is Color.BLACK and not game.sync_errors
    # Spec form: "7 [ 4]       wari5 [ 6k*] vs.   Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)"
    feed(
        "7 [##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)\n"
        "7 [12]         ivy [ 6k*] vs.     Soothie [ 6k*] (  1    9  0  6.5  0  I) (  0)\n1 6"
    )
    assert (game.komi, game.board.komi, game.size, game.last_number) == (6.5, 6.5, 9, 1)
    assert sent.count("games 12") == 1


def test_a_reloaded_game_of_unknown_size_is_replayed_when_its_list_line_tells_the_size() -> None:
    model, feed, sent, _backend = me()
    # No request of ours: a 'load' brings the game back; its moves come before the size.
    feed(
        "15 Game 7 I: ivy (0 500 -1) vs Soothie (0 480 -1)\n"
        "15   0(B): C3\n15   1(W): G7\n15   2(B): J1\n1 6"
    )
    game = model.followed[7]
    assert game.size == 19 and sent == ["games 7"]
    feed("7 [ 7]         ivy [ 6k*] vs.     Soothie [ 6k*] (  3    9  0  0.5  0  I) (  0)\n1 6")
    assert (game.size, game.board.size, game.komi, game.last_number) == (9, 9, 0.5, 3)
    assert game.board.stones() == {
        Point(2, 2): Color.BLACK,
        Point(6, 6): Color.WHITE,
        Point(8, 0): Color.BLACK,
    }
    assert game.board.to_move is Color.WHITE
    # A list line of another game that took the number changes nothing.
    feed("7 [ 7]         ann [ 1k ] vs.         joe [ 1k ] (  0   13  0  5.5  0  I) (  0)\n1 5")
    assert (game.size, game.komi) == (9, 0.5)


def test_observed_games_get_no_list_request() -> None:
    _model, feed, sent, backend = me()
    backend.observe(30)
    assert "games 30" not in sent
    feed("15 Game 30 I: ann (0 500 -1) vs joe (0 480 -1)\n15   0(B): Q16\n1 8")
    assert "games 30" not in sent


def test_set_komi_sends_komi_for_our_game_and_refuses_what_igs_would_refuse() -> None:
    model, feed, sent, backend = me()
    feed("15 Game 3 I: ivy (0 600 -1) vs Soothie (0 600 -1)\n1 6")
    feed("9 ivy wants the komi to be  0.5\n1 6")
    assert model.followed[3].komi_request == 0.5
    sent.clear()
    backend.set_komi(3, 0.5)
    assert sent == ["komi 0.5"]
    backend.set_komi(3, 0.3)  # neither whole nor half
    backend.set_komi(3, float("nan"))
    backend.set_komi(99, 0.5)  # not a game of ours
    assert sent == ["komi 0.5"]
    errors = [m.text for m in model.buffer(BufferKey(ChatKind.SYSTEM)).messages]
    assert len(errors) == 3 and "game 99" in errors[-1]
    feed("9 Set the komi to 0.5\n1 6")
    assert model.followed[3].komi == 0.5 and model.followed[3].komi_request is None
