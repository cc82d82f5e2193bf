"""In-game keys of an own game under Pilot: what each key sent and which dialog it opened."""

from __future__ import annotations

from pathlib import Path

import pytest
from sgfmill import sgf
from textual.widgets import Input, Static

from igs_tui.go import Color, parse_point
from igs_tui.model import GamePhase, MoveRecord, Role
from igs_tui.model import changes as ch
from igs_tui.records.convert import read_record_file
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.game.game_prompts import InputPrompt
from igs_tui.ui.lobby.lobby_screens import StoredGamesScreen
from igs_tui.ui.play.play_confirm import ConfirmDialog
from tests.ui.fakes import RecordingBackend
from tests.ui.test_game_support import new_model
from tests.ui.test_ingame_support import AssistApp, info_text, own_game, script, settle, view


def question(app: AssistApp) -> str:
    return str(app.screen.query_one("#question", Static).content)


async def test_undo_please_and_restore_in_scoring() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = AssistApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        game = own_game(model)
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert backend.named("request_undo") == []  # nothing played yet
        assert "No move to undo" in info_text(app, 21)
        own_game(model, moves=script(9, "C3", "E5"))
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert backend.named("request_undo") == [(21,)]
        assert "waiting for opp" in info_text(app, 21)
        model.apply(ch.PhaseChanged(game.number, GamePhase.SCORING))
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert backend.named("restore_scoring") == [(21,)]
        assert len(backend.named("request_undo")) == 1


async def test_an_undo_answer_is_shown_declined_or_taken_back() -> None:
    """After a refusal the board said "Undo requested: waiting for opp" until the next move;
    an accepted undo gave no word at all (the board just jumped back)."""
    model, _ = new_model()
    backend = RecordingBackend()
    app = AssistApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        game = own_game(model, moves=script(9, "C3", "E5"))
        await settle(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert "waiting for opp" in info_text(app, 21)
        model.apply(ch.UndoDeclined(game.number, "opp"))
        await settle(pilot)
        assert "opp declined the undo" in info_text(app, 21)
        assert "waiting for opp" not in info_text(app, 21)
        await pilot.press("ctrl+z")
        await settle(pilot)
        model.apply(ch.MoveUndone(game.number))
        await settle(pilot)
        assert "Undo: 1 move taken back" in info_text(app, 21)
        assert len(model.followed[21].moves) == 1 and not model.followed[21].undo_declined_by


async def test_observer_gets_no_play_actions() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = AssistApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        model.follow(8, size=9, white="a", black="b")
        await settle(pilot)
        game_view = view(app, 8)
        for action in ("undo", "resign", "add_time", "adjourn"):
            assert game_view.check_action(action, ()) is False
        await pilot.press("ctrl+z", "ctrl+x", "ctrl+a", "ctrl+o")
        await settle(pilot)
        assert backend.calls == []
        assert not isinstance(app.screen, ConfirmDialog | InputPrompt)
        await pilot.press("ctrl+l")  # not our game: the list of our stored games (#14)
        await settle(pilot)
        assert isinstance(app.screen, StoredGamesScreen)
        assert backend.named("list_stored") == [()]


async def test_opponent_undo_request_opens_the_answer_dialog_once_per_request() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = AssistApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        game = own_game(model, moves=script(9, "C3", "E5"))
        await settle(pilot)
        model.apply(ch.UndoAsked(game.number, "opp"))
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "opp asks to undo" in question(app)
        await pilot.press("y")
        await settle(pilot)
        assert backend.named("answer_undo") == [(21, True)]
        # the same request redrawn (clock update, kibitz) does not ask again
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmDialog)
        # answered and cleared, then a new request later in the game asks again
        model.apply(ch.UndoAsked(game.number, ""))
        own_game(model, moves=[MoveRecord(3, Color.BLACK, parse_point("G7", 9))])
        model.apply(ch.UndoAsked(game.number, "opp"))
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await settle(pilot)
        assert backend.named("answer_undo") == [(21, True), (21, False)]
        # our own request echoed back never opens the dialog
        model.apply(ch.UndoAsked(game.number, "me"))
        own_game(model, moves=[MoveRecord(4, Color.WHITE, parse_point("B7", 9))])
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmDialog)


async def test_opponent_adjourn_request_asks_once_and_agreeing_adjourns() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = AssistApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        game = own_game(model, moves=script(9, "C3", "E5"))
        await settle(pilot)
        model.apply(ch.AdjournAsked(game.number, "opp"))
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "opp would like to adjourn game 21" in question(app)
        await pilot.press("n")  # play on: nothing is sent
        await settle(pilot)
        assert backend.named("adjourn") == []
        model.apply(ch.ObserversCounted(21, 0))  # redrawn: not asked again
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmDialog)
        # asked again after a move: agreeing sends our adjourn
        own_game(model, moves=[MoveRecord(3, Color.BLACK, parse_point("G7", 9))])
        model.apply(ch.AdjournAsked(game.number, "opp"))
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await settle(pilot)
        assert backend.named("adjourn") == [(21,)]
        # the game adjourned: the request is gone
        model.apply(ch.PhaseChanged(game.number, GamePhase.ADJOURNED))
        assert model.followed[21].adjourn_requested_by == ""


async def test_add_time_prompt_validates_minutes() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = AssistApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        own_game(model, role=Role.PLAYING_WHITE, moves=script(9, "C3"))
        await settle(pilot)
        await pilot.press("ctrl+a")
        await settle(pilot)
        prompt = app.screen
        assert isinstance(prompt, InputPrompt)
        assert "opp's clock" in prompt.question
        prompt.query_one(Input).value = "ten"
        await pilot.press("enter")
        await settle(pilot)
        assert "Not a whole number" in prompt.error
        prompt.query_one(Input).value = "0"
        await pilot.press("enter")
        await settle(pilot)
        assert "between 1 and" in prompt.error
        assert backend.named("add_time") == []
        prompt.query_one(Input).value = "5"
        await pilot.press("enter")
        await settle(pilot)
        assert backend.named("add_time") == [(21, 5)]
        assert app.screen is not prompt
        assert "Added 5 min" in info_text(app, 21)
        await pilot.press("ctrl+a")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert backend.named("add_time") == [(21, 5)]


async def test_adjourn_asks_first_and_load_resumes_an_adjourned_game() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = AssistApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        game = own_game(model, moves=script(9, "C3"))
        await settle(pilot)
        await pilot.press("ctrl+l")  # not adjourned: the list of stored games instead
        await settle(pilot)
        assert backend.named("load") == []
        assert isinstance(app.screen, StoredGamesScreen)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "Adjourn game 21?" in question(app)
        await pilot.press("n")
        await settle(pilot)
        assert backend.named("adjourn") == []
        await pilot.press("ctrl+o")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert backend.named("adjourn") == [(21,)]
        model.apply(ch.PhaseChanged(game.number, GamePhase.ADJOURNED))
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        assert "Adjourned" in info_text(app, 21)
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert backend.named("load") == [("opp",)]


async def test_two_own_games_each_key_goes_to_its_own_game() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = AssistApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        own_game(model, 21, moves=script(9, "C3", "E5"))
        own_game(model, 22, role=Role.PLAYING_WHITE, moves=script(9, "D4"), size=9)
        await settle(pilot)
        assert app.screen_stack[0].query_one(GamesPanel).game_numbers == [21, 22]
        # game 22 is in front (the newest); play, pass, undo there
        await pilot.press("c", "3", "enter")
        await pilot.press("ctrl+z")
        await settle(pilot)
        await pilot.press("ctrl+x")
        await settle(pilot)
        assert "Resign game 22?" in question(app)
        await pilot.press("y")
        await settle(pilot)
        await pilot.press("ctrl+a")
        await settle(pilot)
        app.screen.query_one(Input).value = "3"
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert "Adjourn game 22?" in question(app)
        await pilot.press("y")
        await settle(pilot)
        await pilot.press("less_than_sign")  # the other game
        await settle(pilot)
        await pilot.press("ctrl+g", "ctrl+g", "ctrl+z")
        await settle(pilot)
        await pilot.press("ctrl+x")
        await settle(pilot)
        assert "Resign game 21?" in question(app)
        await pilot.press("n")
        await settle(pilot)
        assert backend.named("play") == [(22, parse_point("C3", 9)), (21, None)]
        assert backend.named("request_undo") == [(22,), (21,)]
        assert backend.named("resign") == [(22,)]
        assert backend.named("add_time") == [(22, 3)]
        assert backend.named("adjourn") == [(22,)]


async def test_save_as_writes_sgf_or_ishi_and_shows_errors(tmp_path: Path) -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = AssistApp(model, backend)
    moves = script(9, "C3", "E5", "G7")
    async with app.run_test(size=(100, 30)) as pilot:
        own_game(model, moves=moves, komi=5.5)
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        prompt = app.screen
        assert isinstance(prompt, InputPrompt)
        field = prompt.query_one(Input)
        assert field.value == "opp-me-21.sgf"  # white-black-number
        for bad, error in (
            (str(tmp_path / "game.txt"), "must end in .sgf"),
            (str(tmp_path / "missing" / "game.sgf"), "Could not save"),
            (str(tmp_path), "directory"),
        ):
            field.value = bad
            await pilot.press("enter")
            await settle(pilot)
            assert error in prompt.error
        assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing partial written
        target = tmp_path / "game.sgf"
        field.value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is not prompt
        record = sgf.Sgf_game.from_bytes(target.read_bytes())
        played = [node.get_move() for node in record.get_main_sequence()[1:]]
        assert [(c, (r, col)) for c, (r, col) in played] == [
            ("b", (2, 2)),
            ("w", (4, 4)),
            ("b", (6, 6)),
        ]
        assert record.get_komi() == 5.5
        assert f"Saved to {target}" in info_text(app, 21)
        await pilot.press("ctrl+s")
        await settle(pilot)
        ishi = tmp_path / "game.ishi"
        app.screen.query_one(Input).value = str(ishi)
        await pilot.press("enter")
        await settle(pilot)
        parsed = read_record_file(ishi)[0]
        assert [(m.color, m.point) for m in parsed.main_moves()] == [
            (m.color, m.point) for m in moves
        ]


@pytest.mark.parametrize("phase", [GamePhase.PLAYING, GamePhase.FINISHED])
async def test_observers_can_save_too(tmp_path: Path, phase: GamePhase) -> None:
    model, _ = new_model()
    app = AssistApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        game = model.follow(5, size=9, white="w", black="b")
        model.apply(ch.PhaseChanged(game.number, phase))
        model.apply(ch.ObserversCounted(5, 0))
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        app.screen.query_one(Input).value = str(tmp_path / "obs.sgf")
        await pilot.press("enter")
        await settle(pilot)
        assert (tmp_path / "obs.sgf").exists()


async def test_hostile_names_in_dialogs_are_plain_text() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = AssistApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        game = own_game(model, moves=script(9, "C3", "E5"))
        game.white = "\x1b[31m[b]opp[/b]"
        model.apply(ch.UndoAsked(game.number, game.white))
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert question(app) == "[b]opp[/b] asks to undo the last move."
        await pilot.press("escape")
        await settle(pilot)
        assert backend.named("answer_undo") == [(21, False)]
        model.game_ended(21, "[red]W+R")
        await settle(pilot)
        text = str(app.screen.query_one("#result", Static).content)
        assert "[b]opp[/b] (W) vs me (B)" in text and "Result: [red]W+R" in text
        assert "\x1b" not in text


async def test_ctrl_k_agrees_to_the_opponents_komi_proposal() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = AssistApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        game = own_game(model)
        await settle(pilot)
        await pilot.press("ctrl+k")
        await settle(pilot)
        assert backend.named("set_komi") == []
        assert "No komi proposal" in info_text(app, 21)
        model.apply(ch.KomiProposed(game.number, 0.5))
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        await pilot.press("ctrl+k")
        await settle(pilot)
        assert backend.named("set_komi") == [(21, 0.5)]
        assert "Komi 0.5 agreed" in info_text(app, 21)


async def test_own_game_cannot_be_closed_in_play_or_scoring_and_footer_follows_phase() -> None:
    model, _ = new_model()
    app = AssistApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        game = own_game(model, moves=script(9, "C3", "E5"))
        await settle(pilot)
        game_view = view(app, 21)
        expected = {
            GamePhase.PLAYING: {"pass_move": True, "done_scoring": False, "unobserve": False},
            GamePhase.SCORING: {"pass_move": False, "done_scoring": True, "unobserve": False},
            GamePhase.FINISHED: {"pass_move": False, "done_scoring": False, "unobserve": True},
        }
        for phase, actions in expected.items():
            model.apply(ch.PhaseChanged(game.number, phase))
            model.apply(ch.ObserversCounted(21, 0))
            await settle(pilot)
            for action, allowed in actions.items():
                assert bool(game_view.check_action(action, ())) is allowed, (phase, action)


async def test_an_nngs_undo_request_in_the_game_chat_opens_the_undo_dialog() -> None:
    """NNGS has no undo request line: the asker's client says it in the game chat. The real
    IGS backend (fed NNGS lines) turns that say into the request, so the view asks; agreeing
    types NNGS's ``undo`` (no number) and the board goes back one move."""
    from igs_tui.backends.igs.session.followups import UNDO_BY_SAY
    from tests.igs_feed import Fed

    model, _ = new_model()
    link = Fed(model)
    sent = link.sent
    feed = link.lines

    feed("39 No Name Go Server (NNGS) version 1.1.22")
    feed("21 {Match 1: opp [ NR ] vs. me [ NR ] }\n15 Game 1 I: opp (0 600 -1) vs me (0 600 -1)")
    feed("15 Game 1 I: opp (0 600 -1) vs me (0 590 -1)\n15   0(B): C3\n1 6")
    feed("15 Game 1 I: opp (0 590 -1) vs me (0 590 -1)\n15   1(W): D4\n1 6")
    app = AssistApp(model, link.backend)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmDialog)
        feed(f"19 opp {UNDO_BY_SAY}")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "opp asks to undo" in question(app)
        await pilot.press("y")
        await settle(pilot)
        assert sent[-1] == "undo"
        feed("28 me undid the last move (D4).\n\n15 Game 1 I: opp (0 590 -1) vs me (0 590 -1)")
        await settle(pilot)
        assert len(model.followed[1].moves) == 1
        assert not isinstance(app.screen, ConfirmDialog)


async def test_an_nngs_undo_in_scoring_shows_play_again() -> None:
    """NNGS's undo in scoring goes back to play (its source: both players' state back to
    playing, the pass that began scoring taken back): the view leaves scoring, the dead marks
    go and the panel says one more pass ends play again."""
    from tests.igs_feed import Fed

    model, _ = new_model()
    link = Fed(model)
    feed = link.lines

    feed("39 No Name Go Server (NNGS) version 1.1.22")
    feed("21 {Match 1: opp [ NR ] vs. me [ NR ] }\n15 Game 1 I: opp (0 600 -1) vs me (0 600 -1)")
    feed("15 Game 1 I: opp (0 600 -1) vs me (0 590 -1)\n15   0(B): C3\n1 6")
    feed("15 Game 1 I: opp (0 590 -1) vs me (0 590 -1)\n15   1(W): Pass\n1 6")
    app = AssistApp(model, link.backend)
    async with app.run_test(size=(100, 30)) as pilot:
        feed("9 You can check your score with the score command, type 'done' when finished.")
        feed("9 Removing @ C3\n49 Game 1 opp is removing @ C3\n1 7")
        await settle(pilot)
        assert "Scoring: select dead stones" in info_text(app, 1)
        assert model.followed[1].dead
        feed("28 opp undid the last move (Pass).\n\n15 Game 1 I: opp (0 590 -1) vs me (0 590 -1)")
        await settle(pilot)
        shown = info_text(app, 1)
        assert "Scoring" not in shown
        assert model.followed[1].phase is GamePhase.PLAYING and not model.followed[1].dead
        assert "White passed: 1 more pass ends play" in shown, shown
