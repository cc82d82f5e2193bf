"""App-level play flows with a recording backend: offering a game, answering requests, toggles."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input, Label, Static

from igs_tui.go import Color
from igs_tui.model import Challenge, ClientModel, Dispute, Player, Role
from igs_tui.model import changes as ch
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.app import IgsApp
from igs_tui.ui.chat.chat_pane import ChatPane
from igs_tui.ui.lists.players_list import PlayersList
from igs_tui.ui.play.play_challenge_dialog import ChallengeDialog
from igs_tui.ui.play.play_match_dialog import MatchDialog
from tests.ui.fakes import RecordingBackend
from tests.ui.shell_helpers import COMPACT, main_screen, make_app

OFFER = MatchTerms("ivy", Color.BLACK, 9, 0, 6.5, 600, 300, 25)


def me_model(*players: Player) -> ClientModel:
    model = ClientModel(clock=lambda: 0.0)
    model.set_connection(user="me")
    model.replace_players([Player("me", "3k"), Player("bob", "2k"), *players])
    return model


def offer(model: ClientModel, terms: MatchTerms = OFFER) -> Challenge:
    """What the IGS adapter does on a request: the challenge, then a notification."""
    challenge = Challenge(terms, incoming=True)
    model.add_challenge(challenge)
    model.notify("match", f"Match request from {terms.opponent}", "9x9")
    return challenge


async def settle(pilot: Any, rounds: int = 3) -> None:
    for _ in range(rounds):
        await pilot.pause()


def notes(app: IgsApp) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


# offering a game ------------------------------------------------------------------------------
async def test_m_on_a_user_opens_the_match_dialog_and_enter_sends_the_offer() -> None:
    model = me_model()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("f4")
        await settle(pilot)
        users = app.screen.query_one(PlayersList)
        users.table.focus()
        users.table.move_cursor(row=users.shown_players.index(model.players.get("bob")))  # type: ignore[arg-type]
        await pilot.press("m")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, MatchDialog)
        assert dialog.query_one("#opponent", Input).value == "bob"
        dialog.query_one("#size", Input).focus()
        await pilot.press("ctrl+a", "ctrl+k", "9", "enter")  # Input: home, delete to end
        await settle(pilot)
        assert not isinstance(app.screen, MatchDialog)
        [(terms,)] = backend.named("challenge")
        assert isinstance(terms, MatchTerms)
        assert (terms.opponent, terms.size, terms.color) == ("bob", 9, Color.BLACK)


async def test_cancelled_match_dialog_sends_nothing_and_a_hook_replaces_the_dialog() -> None:
    model = me_model()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        app.challenge("bob")
        await settle(pilot)
        assert isinstance(app.screen, MatchDialog)
        app.challenge("bob")  # a second request never stacks a second dialog
        await settle(pilot)
        assert len([s for s in app.screen_stack if isinstance(s, MatchDialog)]) == 1
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, MatchDialog) and backend.named("challenge") == []
    hooked: list[str] = []
    app2, _ = make_app(me_model(), match_hook=hooked.append)
    async with app2.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        app2.challenge("bob")
        await settle(pilot)
        assert hooked == ["bob"] and not isinstance(app2.screen, MatchDialog)


async def test_palette_match_name_opens_the_dialog_for_that_player() -> None:
    app, _ = make_app(me_model(Player("bobby", "1d")))
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"match bobb")
        await settle(pilot, 6)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MatchDialog)
        assert app.screen.query_one("#opponent", Input).value == "bobby"


async def test_slash_match_in_chat_opens_the_dialog() -> None:
    app, backend = make_app(me_model())
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        chat = app.screen.query_one(ChatPane)
        chat.input.focus()
        await pilot.press(*"/match bob", "enter")
        await settle(pilot)
        assert isinstance(app.screen, MatchDialog)
        assert app.screen.query_one("#opponent", Input).value == "bob"
        assert backend.named("challenge") == []  # the dialog sends, not the chat line


# answering requests ---------------------------------------------------------------------------
async def test_incoming_request_rings_opens_the_dialog_and_a_accepts_its_terms() -> None:
    model = me_model()
    app, backend = make_app(model)
    bells: list[int] = []
    app.bell = lambda: bells.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        offer(model)
        await settle(pilot)
        assert bells and any("Match request from ivy" in n for n in notes(app))
        dialog = app.screen
        assert isinstance(dialog, ChallengeDialog)
        assert "you play black, 9x9" in str(dialog.query_one("#terms", Static).render())
        await pilot.press("a")
        await settle(pilot)
        assert backend.named("accept_challenge") == [(OFFER,)]
        assert not isinstance(app.screen, ChallengeDialog)


async def test_decline_and_counter_from_the_dialog() -> None:
    model = me_model()
    app, backend = make_app(model)
    async with app.run_test(size=(100, 60)) as pilot:
        await settle(pilot)
        offer(model)
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert backend.named("decline_challenge") == [("ivy",)]
        offer(model, MatchTerms("ivy", Color.WHITE, 13, 0, 6.5, 1200, 600, 25))
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        counter = app.screen
        assert isinstance(counter, MatchDialog)
        assert counter.query_one("#size", Input).value == "13"
        size = counter.query_one("#size", Input)
        size.value = "9"
        size.focus()
        await pilot.press("enter")
        await settle(pilot)
        [(terms,)] = backend.named("challenge")
        assert isinstance(terms, MatchTerms)
        assert (terms.opponent, terms.size, terms.color) == ("ivy", 9, Color.WHITE)


async def test_second_request_waits_for_the_first_dialog_then_opens() -> None:
    model = me_model()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        offer(model)
        await settle(pilot)
        offer(model, MatchTerms("zed", Color.WHITE, 19))
        await settle(pilot)
        dialogs = [s for s in app.screen_stack if isinstance(s, ChallengeDialog)]
        assert [d.challenge.opponent for d in dialogs] == ["ivy"]  # never stacked
        assert any("Waiting match requests: zed" in n and "F7" in n for n in notes(app))
        model.add_dispute(Dispute("ivy", ("B",), ("W",)))  # more news, same waiting list
        await settle(pilot)
        assert sum("Waiting match requests" in n for n in notes(app)) == 1
        await pilot.press("escape")  # "later" for ivy: zed's request comes up now
        await settle(pilot)
        assert isinstance(app.screen, ChallengeDialog) and app.screen.challenge.opponent == "zed"
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, ChallengeDialog)
        await pilot.press("f7")  # ask again: the newest open request
        await settle(pilot)
        assert isinstance(app.screen, ChallengeDialog)
        await pilot.press("a")
        await settle(pilot)
        assert backend.named("accept_challenge")[0][0].opponent == "zed"


async def test_withdrawn_request_closes_its_dialog_with_a_note() -> None:
    model = me_model()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        offer(model)
        await settle(pilot)
        assert isinstance(app.screen, ChallengeDialog)
        model.close_challenge("ivy", "cancelled")
        await settle(pilot)
        assert not isinstance(app.screen, ChallengeDialog)
        assert any("no longer open" in n for n in notes(app))
        await pilot.press("f7")
        await settle(pilot)
        assert not isinstance(app.screen, ChallengeDialog)
        assert any("No match request is waiting" in n for n in notes(app))
        assert backend.calls == []


async def test_changed_offer_replaces_the_dialog_and_a_dispute_shows_side_by_side() -> None:
    model = me_model()
    app, _ = make_app(model)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        offer(model)
        await settle(pilot)
        first = app.screen
        assert isinstance(first, ChallengeDialog)
        assert not first.query_one("#dispute").display
        offer(model, MatchTerms("ivy", Color.WHITE, 9))
        await settle(pilot)
        second = app.screen
        assert isinstance(second, ChallengeDialog) and second is not first
        assert second.challenge.terms.color is Color.WHITE
        assert any("changed the offer" in n for n in notes(app))
        model.add_dispute(Dispute("ivy", ("B", "0", "9"), ("W", "0", "9")))
        await settle(pilot)
        dispute = second.query_one("#dispute", Static)
        assert dispute.display
        lines = str(dispute.render()).splitlines()
        assert lines[0] == "Your requests differ:" and lines[2].endswith("*")


async def test_hostile_opponent_name_is_shown_as_text() -> None:
    model = me_model()
    app, _ = make_app(model)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        offer(model, MatchTerms("[red]x", Color.BLACK, 9))
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChallengeDialog)
        title = dialog.query_one("#title", Static).render()
        assert "[red]x offers a game" in str(title)


# own game and toggles -------------------------------------------------------------------------
async def test_own_game_start_shows_and_focuses_the_board() -> None:
    model = me_model()
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("f4")
        await settle(pilot)
        model.follow(7, role=Role.OBSERVING, size=9, white="a", black="b")
        await settle(pilot)
        assert main_screen(app).active == "players"  # observing does not steal the screen
        model.follow(8, role=Role.PLAYING_BLACK, size=9, white="ivy", black="me")
        await settle(pilot, 5)
        assert main_screen(app).active == "board"
        from igs_tui.ui.board.board_widget import BoardWidget

        assert isinstance(app.focused, BoardWidget)
        await pilot.press("f4", "f2")
        await settle(pilot)
        assert isinstance(app.focused, BoardWidget)


async def test_a_new_own_game_under_a_reused_number_shows_the_board() -> None:
    """The server gives a new game the number of one that is over: it is a new game of ours
    all the same, and the board comes to the front (it stayed on the user list)."""
    model = me_model()
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        model.follow(4, role=Role.PLAYING_BLACK, size=9, white="igsbot", black="me")
        await settle(pilot, 5)
        model.apply(ch.GameEnded(4, "W+R"))
        await settle(pilot)
        await pilot.press("escape")  # the result
        await pilot.press("f4")
        await settle(pilot)
        assert main_screen(app).active == "players"
        model.apply(ch.GameUnfollowed(4))
        model.follow(4, role=Role.PLAYING_BLACK, size=9, white="igsbot", black="me")
        await settle(pilot, 5)
        assert main_screen(app).active == "board"


async def test_f8_f9_and_palette_set_explicit_values_and_the_users_pane_shows_them() -> None:
    model = me_model()
    model.upsert_players([Player("me", "3k", open_for_matches=True, looking=True)])
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("f4")
        await settle(pilot)
        status = app.screen.query_one("#players-status", Label)
        assert "you: open · looking" in str(status.render())
        await pilot.press("f8")
        await settle(pilot)
        assert backend.named("set_open") == [(False,)]
        assert "you: closed · looking" in str(status.render())
        await pilot.press("f9", "f8")
        await settle(pilot)
        assert backend.named("set_looking") == [(False,)]
        assert backend.named("set_open") == [(False,), (True,)]
        app.set_flag("looking", True)
        await settle(pilot)
        assert backend.named("set_looking")[-1] == (True,)
        assert "you: open · looking" in str(status.render())
        assert any("Looking for a game: on" in n for n in notes(app))


async def test_palette_lists_both_values_of_each_toggle() -> None:
    app, backend = make_app(me_model())
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"looking for a game: off")
        await settle(pilot, 6)
        await pilot.press("enter")
        await settle(pilot)
        assert backend.named("set_looking") == [(False,)]


def test_unknown_flags_flip_from_the_server_defaults() -> None:
    from igs_tui.ui.play.play_toggles import OwnFlags

    model = ClientModel()
    backend = RecordingBackend()
    flags = OwnFlags()
    assert flags.summary(model) == "you: open? · looking?"
    flags.flip(model, backend, "open")
    flags.flip(model, backend, "looking")
    assert backend.calls[0].args == (False,) and backend.calls[1].args == (True,)
    assert flags.summary(model) == "you: closed · looking"


def test_the_servers_toggle_confirmation_is_what_the_flags_show() -> None:
    """``9 Set open to be True.`` (bernds/q5Go src/parser.cpp:520) is the newest word: it
    wins over a request made before it (a toggle typed at the console, too); a request made
    after it wins until its own confirmation comes."""
    from igs_tui.model import changes as ch
    from igs_tui.ui.play.play_toggles import OwnFlags

    model = ClientModel()
    backend = RecordingBackend()
    flags = OwnFlags()
    flags.set(backend, "open", True, model)
    assert flags.current(model, "open") is True
    model.apply(ch.OwnToggleConfirmed("open", False))  # e.g. "toggle open false" typed
    assert flags.current(model, "open") is False
    assert flags.summary(model) == "you: closed · looking?"
    flags.flip(model, backend, "open")  # F8 now asks for True...
    assert backend.calls[-1].args == (True,)
    assert flags.current(model, "open") is True  # ...shown at once, before the server says
    model.apply(ch.OwnToggleConfirmed("looking", True))  # another toggle's word
    assert flags.current(model, "open") is True and flags.current(model, "looking") is True


def test_slash_match_names_the_tell_partner_or_asks_for_a_name() -> None:
    from igs_tui.model import BufferKey, ChatKind
    from igs_tui.ui.chat.chat_commands import ChatRunner

    backend = RecordingBackend()
    runner = ChatRunner(ClientModel(), backend)
    assert runner.run("/match ivy 19", None).match == "ivy"
    assert runner.run("/match", BufferKey(ChatKind.TELL, "zed")).match == "zed"
    outcome = runner.run("/match", BufferKey(ChatKind.SHOUT))
    assert outcome.match is None and outcome.error == "usage: /match NAME"
    assert backend.calls == []


async def test_dispute_of_our_own_offer_opens_the_dialog_for_a_new_offer() -> None:
    model = me_model()
    app, backend = make_app(model)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        model.add_challenge(Challenge(OFFER, incoming=False))  # what Backend.challenge records
        await settle(pilot)
        assert not isinstance(app.screen, ChallengeDialog)  # our own offer alone: no dialog
        model.add_dispute(Dispute("ivy", ("B", "0", "9"), ("B", "0", "13")))
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChallengeDialog)
        assert str(dialog.query_one("#title", Static).render()) == "Your offer to ivy is disputed"
        assert str(dialog.query_one("#terms", Static).render()).startswith("you asked: you play")
        rows = str(dialog.query_one("#dispute", Static).render()).splitlines()
        assert rows[4].startswith("size") and rows[4].endswith("*")
        await pilot.press("a", "d")  # nothing to accept or decline in our own offer
        await settle(pilot)
        assert app.screen is dialog and backend.calls == []
        await pilot.press("c")
        await settle(pilot)
        new = app.screen
        assert isinstance(new, MatchDialog) and new.title_text == "New offer"
        assert new.query_one("#size", Input).value == "9"
        await pilot.press("escape")
        await settle(pilot)
        model.add_dispute(Dispute("ivy", ("B", "0", "9"), ("B", "0", "19")))  # a newer dispute
        await settle(pilot)
        assert isinstance(app.screen, ChallengeDialog)
        model.close_challenge("ivy", "started")
        await settle(pilot)
        assert not isinstance(app.screen, ChallengeDialog)
        assert any("Your offer to ivy is no longer open" in n for n in notes(app))


def test_help_lists_the_play_keys() -> None:
    from igs_tui.ui.main.help_screen import help_text

    app, _ = make_app(me_model())
    text = help_text(app.help_sections()).plain
    for line in ("Answer challenge", "Open for matches on/off", "Match request", "Counter"):
        assert line in text
    assert "/match NAME" in text


def test_help_names_keys_as_typed_and_lists_the_game_switch() -> None:
    """F1 showed Textual's key names run into the words ("left_square_bracket /
    commaBack"); keys are shown as typed, a long one is followed by a space, and the keys
    that switch between followed games (< >, the only way when the tabs are hidden) are
    listed with the board's."""
    from igs_tui.ui.main.help_screen import binding_rows, help_text, key_label

    assert key_label("left_square_bracket") == "["
    assert key_label("ctrl+left_square_bracket") == "ctrl+["
    assert key_label("enter") == "enter" and key_label("space") == "space"
    app, _ = make_app(me_model())
    lines = help_text(app.help_sections()).plain.splitlines()
    assert not any("_square_bracket" in line or "full_stop" in line for line in lines)
    assert any(line.split() == ["<", "/", ">", "Previous", "/", "next", "game"] for line in lines)
    long_rows = [
        (key, words)
        for _, bindings in app.help_sections()
        for key, words in binding_rows(bindings)
        if len(key) >= 18
    ]
    assert "  [ / ,             Back" in lines
    for key, words in long_rows:
        assert f"  {key} {words}" in lines


async def test_f7_opens_a_waiting_request_over_any_dialog() -> None:
    """The request's note says "press F7": over a dialog (here the help screen) the key opens
    the request on top of it, and the dialog is there again after the answer. F7 with the
    request already on screen does nothing (no "no request is waiting")."""
    from igs_tui.ui.main.help_screen import HelpScreen

    model = me_model()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        offer(model)
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)  # not pushed over what the user reads
        assert any("Waiting match requests: ivy (press F7)" in n for n in notes(app))
        await pilot.press("f7")
        await settle(pilot)
        assert isinstance(app.screen, ChallengeDialog) and app.screen.challenge.opponent == "ivy"
        before = len(notes(app))
        await pilot.press("f7")
        await settle(pilot)
        assert isinstance(app.screen, ChallengeDialog) and len(notes(app)) == before
        await pilot.press("a")
        await settle(pilot)
        [(accepted,)] = backend.named("accept_challenge")
        assert isinstance(accepted, MatchTerms) and accepted.opponent == "ivy"
        assert isinstance(app.screen, HelpScreen)
