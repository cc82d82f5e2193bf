"""Play dialogs, Pilot-tested on their own with a recording backend."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Input, Static

from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.go import Color
from igs_tui.model import (
    Challenge,
    ClientModel,
    Dispute,
    FollowedGame,
    Player,
    ScoreCheck,
    ServerScore,
)
from igs_tui.model import changes as ch
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.play.play_challenge_dialog import ChallengeDialog, open_challenge_dialog
from igs_tui.ui.play.play_confirm import ConfirmDialog, answer_undo_request, confirm_resign
from igs_tui.ui.play.play_match_dialog import MatchDialog, open_match_dialog, terms_from_form
from igs_tui.ui.play.play_result import forfeit_banner, result_text
from tests.igs_feed import Fed


class Host(App[None]):
    pass


def recording() -> tuple[ClientModel, IgsBackend, list[str]]:
    model = ClientModel(clock=lambda: 0.0)
    model.set_connection(user="me")
    fed = Fed(model)
    return model, fed.backend, fed.sent


def test_terms_from_form_time_systems_and_errors() -> None:
    base = {"opponent": "ivy", "colour": "W", "size": "19", "komi": "6.5", "main": "10"}
    t = terms_from_form({**base, "system": "canadian", "byo": "5", "stones": "25"})
    assert (t.color, t.main_seconds, t.byo_seconds, t.byo_stones) == (Color.WHITE, 600, 300, 25)
    j = terms_from_form({**base, "system": "japanese", "byo": "30", "periods": "5"})
    assert (j.byo_periods, j.byo_seconds, j.byo_stones) == (5, 30, 0)
    b = terms_from_form({**base, "system": "bronstein", "delay": "20"})
    assert b.bronstein_seconds == 20
    n = terms_from_form({**base, "colour": "N", "system": "absolute"})
    assert n.color is None and n.byo_seconds == 0
    with pytest.raises(ValueError, match="opponent"):
        terms_from_form({**base, "opponent": " "})
    with pytest.raises(ValueError, match="main time"):
        terms_from_form({**base, "main": "ten"})
    with pytest.raises(ValueError, match="at least one period"):
        terms_from_form({**base, "system": "japanese", "byo": "30", "periods": "0"})


async def test_match_dialog_shows_builder_error_then_sends() -> None:
    model, backend, sent = recording()
    app = Host()
    async with app.run_test(size=(100, 60)) as pilot:
        dialog = open_match_dialog(app, model, backend, "ivy")  # type: ignore[arg-type]
        await pilot.pause()
        dialog.query_one("#colour").value = "N"  # type: ignore[attr-defined]
        dialog.query_one("#handicap", Input).value = "3"
        await pilot.click("#send")
        await pilot.pause()
        error = str(dialog.query_one("#error", Static).render())
        assert "handicap with nigiri" in error  # the nmatch builder's own message
        assert sent == []
        dialog.query_one("#handicap", Input).value = "0"
        dialog.query_one("#handicap", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert sent == ["nmatch ivy N 0 19 600 300 25 0 0 0"]
        assert not isinstance(app.screen, MatchDialog)


async def test_a_choice_opens_on_arrows_and_enter_then_sends_the_offer() -> None:
    from textual.widgets import Select
    from textual.widgets._select import SelectOverlay

    model, backend, sent = recording()
    app = Host()
    async with app.run_test(size=(100, 60)) as pilot:
        dialog = open_match_dialog(app, model, backend, "ivy")  # type: ignore[arg-type]
        await pilot.pause()
        colour = dialog.query_one("#colour", Select)
        assert app.focused is colour  # the opponent is known: keys start at the colour
        await pilot.press("down")  # opens the list
        await pilot.pause()
        overlay = colour.query_one(SelectOverlay)
        assert colour.expanded and app.focused is overlay
        # the list has a frame of its own: its lines are not read as the fields below it
        assert overlay.styles.border.top[0] != ""
        await pilot.press("down", "enter")  # White
        await pilot.pause()
        assert colour.value == "W" and not colour.expanded and sent == []
        await pilot.press("enter")  # "Send offer (Enter)", not the list again
        await pilot.pause()
        assert sent == ["nmatch ivy W 0 19 600 300 25 0 0 0"]
        assert not isinstance(app.screen, MatchDialog)


async def test_challenge_dialog_accept_decline_and_dispute() -> None:
    model, backend, sent = recording()
    terms = MatchTerms("ivy", Color.BLACK, 9, 0, 6.5, 600, 300, 25)
    model.add_challenge(Challenge(terms, incoming=True))
    model.add_dispute(Dispute("ivy", ("W", "0", "9"), ("B", "0", "9")))
    model.upsert_players([Player("ivy", "3k*")])
    app = Host()
    async with app.run_test(size=(100, 60)) as pilot:
        dialog = open_challenge_dialog(app, model, backend)  # type: ignore[arg-type]
        assert isinstance(dialog, ChallengeDialog)
        await pilot.pause()
        assert str(dialog.query_one("#title", Static).render()).startswith("ivy [3k*] offers")
        text = str(dialog.query_one("#dispute", Static).render())
        assert "colour" in text and text.splitlines()[2].endswith("*")
        assert "you play black, 9x9" in str(dialog.query_one("#terms", Static).render())
        await pilot.press("a")
        await pilot.pause()
        assert sent == ["nmatch ivy B 0 9 600 300 25 0 0 0"]
        open_challenge_dialog(app, model, backend, "ivy")  # type: ignore[arg-type]
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert sent[-1] == "decline ivy" and model.challenge_from("ivy") is None
        assert open_challenge_dialog(app, model, backend) is None  # type: ignore[arg-type]


async def test_counter_opens_prefilled_match_dialog() -> None:
    model, backend, _sent = recording()
    terms = MatchTerms("ivy", Color.WHITE, 13, 0, 6.5, 1200, 30, 0, byo_periods=5)
    model.add_challenge(Challenge(terms, incoming=True))
    app = Host()
    async with app.run_test(size=(100, 60)) as pilot:
        open_challenge_dialog(app, model, backend)  # type: ignore[arg-type]
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        await pilot.pause()
        counter = app.screen
        assert isinstance(counter, MatchDialog)
        assert counter.query_one("#size", Input).value == "13"
        assert counter.query_one("#periods", Input).value == "5"
        assert terms_from_form(counter.form()) == terms


async def test_resign_confirmation_and_undo_answer() -> None:
    model, backend, sent = recording()
    game = model.follow(4, size=9, white="me", black="ivy")
    app = Host()
    async with app.run_test(size=(100, 60)) as pilot:
        confirm_resign(app, backend, 4)  # type: ignore[arg-type]
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert sent == []
        confirm_resign(app, backend, 4)  # type: ignore[arg-type]
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert sent == ["resign 4"]
        assert answer_undo_request(app, model, backend, 4) is None  # type: ignore[arg-type]
        model.apply(ch.UndoAsked(game.number, "ivy"))
        dialog = answer_undo_request(app, model, backend, 4)  # type: ignore[arg-type]
        assert isinstance(dialog, ConfirmDialog)
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert sent[-1] == "noundo 4" and game.undo_requested_by == ""


def test_result_text_says_when_counts_differ() -> None:
    server = ScoreCheck(ServerScore(5.0, 10.5), 5.0, 10.5, "W+5.5")
    game = FollowedGame(3, white="ivy", black="me", score_check=server)
    assert "Both counts agree" in result_text(game) and "W+5.5" in result_text(game)
    differ = ScoreCheck(ServerScore(5.0, 10.5), 12.0, 10.5, "B+1.5")
    game = FollowedGame(3, white="ivy", black="me", score_check=differ)
    assert "DIFFER" in result_text(game)


def test_forfeit_banner_counts_down() -> None:
    assert forfeit_banner(None, 0.0, connected=False) == ""
    assert forfeit_banner(100.0, 0.0, connected=True) == ""
    assert "reload your game within 1:40" in forfeit_banner(100.0, 0.0, connected=False)
    assert "passed" in forfeit_banner(100.0, 101.0, connected=False)


async def test_focused_match_dialog_field_shows_what_is_typed() -> None:
    """The one-line fields drop Textual's focus border, which would leave no room for the text."""
    model, backend, _ = recording()
    app = Host()
    async with app.run_test(size=(100, 40)) as pilot:
        dialog = open_match_dialog(app, model, backend, "ivy")  # type: ignore[arg-type]
        await pilot.pause()
        field = dialog.query_one("#handicap", Input)
        field.focus()
        field.value = ""
        await pilot.press("7")
        await pilot.pause()
        assert field.has_focus
        assert field.content_region.height == 1
        assert "7" in app.screen.get_widget_at(*field.content_region.offset)[0].render_line(0).text


async def test_match_dialog_refuses_to_challenge_ourselves() -> None:
    model, backend, sent = recording()
    app = Host()
    async with app.run_test(size=(100, 60)) as pilot:
        dialog = open_match_dialog(app, model, backend, "ME")  # type: ignore[arg-type]
        await pilot.pause()
        await pilot.click("#send")
        await pilot.pause()
        assert "cannot challenge yourself" in str(dialog.query_one("#error", Static).render())
        assert sent == []
        dialog.query_one("#opponent", Input).value = "ivy"
        await pilot.pause(0.3)  # a Button ignores a second press during its 0.2 s press effect
        await pilot.click("#send")
        await pilot.pause()
        assert sent and sent[0].startswith("nmatch ivy ")


def test_match_terms_are_remembered_in_the_config_file(tmp_path: Path) -> None:
    from igs_tui.ui.settings import load_match_terms, save_match_terms

    assert load_match_terms(tmp_path) is None
    terms = MatchTerms("ivy", None, 9, 0, 5.5, 300, 30, 0, 5)
    save_match_terms(terms, tmp_path)
    assert load_match_terms(tmp_path) == terms
    (tmp_path / "config.json").write_text('{"last_match": {"size": "big"}}')
    assert load_match_terms(tmp_path) is None  # unreadable: the dialog's defaults


async def test_the_match_dialog_starts_from_the_last_terms_offered(tmp_path: Path) -> None:
    from igs_tui.ui.app import IgsApp

    model, backend, sent = recording()
    app = IgsApp(model, backend, config_dir=tmp_path)
    async with app.run_test(size=(100, 60)) as pilot:
        app.challenge("ivy")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MatchDialog)
        assert dialog.query_one("#size", Input).value == "19"  # nothing offered yet
        dialog.query_one("#size", Input).value = "9"
        dialog.query_one("#komi", Input).value = "5.5"
        await pilot.click("#send")
        await pilot.pause()
        assert sent == ["nmatch ivy B 0 9 600 300 25 0 0 0"]
        app.challenge("zed")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MatchDialog)
        assert dialog.query_one("#opponent", Input).value == "zed"
        assert dialog.query_one("#size", Input).value == "9"
        assert dialog.query_one("#komi", Input).value == "5.5"
