"""GamesPanel and GameView under Pilot, driven through the model and a recording backend."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.app import ComposeResult
from textual.widgets import Input, RichLog, Static, Tab, TabbedContent

from igs_tui.go import Color, Point, parse_point
from igs_tui.model import (
    BufferKey,
    ChatKind,
    ClientModel,
    ClockReading,
    GamePhase,
    GameSummary,
    MoveRecord,
    Role,
)
from igs_tui.model import changes as ch
from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.game.game_info import CRITICAL_STYLE, LOW_TIME_STYLE, GameInfo, clock_style
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.game.game_view import GameView
from igs_tui.ui.play.play_confirm import ConfirmDialog
from igs_tui.ui.play.play_result import ResultScreen
from tests.backends.igs.test_real_wording_actions import feed_lines as feed
from tests.backends.igs.test_real_wording_actions import logged_in
from tests.backends.igs.test_session import apply
from tests.polling import wait_until
from tests.ui.fakes import RecordingBackend
from tests.ui.test_game_support import PanelApp, add_moves, new_model, random_moves


def info_text(panel: GamesPanel, number: int) -> str:
    return panel.view(number).query_one(GameInfo).render_info().plain


async def settle(pilot: object) -> None:
    for _ in range(3):
        await pilot.pause()  # type: ignore[attr-defined]


async def test_several_observed_games_in_tabs() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        assert not app.query_one(TabbedContent).display
        model.follow(12, white="bob", white_rank="4d", black="alice", black_rank="3d*")
        model.follow(30, white="carol", black="dave", size=9)
        model.follow(7, white="Pro", black="Pro", title="Iyama Yuta vs Ichiriki Ryo")
        await settle(pilot)
        assert panel.game_numbers == [12, 30, 7]
        tabs = app.query_one(TabbedContent)
        assert tabs.display
        assert tabs.tab_count == 3
        assert tabs.active == "game-7"  # the newest game comes to the front
        labels = [str(tab.label) for tab in tabs.query("ContentTab").results(Tab)]
        assert labels == ["#12 bob-alice", "#30 carol-dave", "#7 Pro"]
        assert panel.view(30).board.picture.size == 9
        assert "Iyama Yuta vs Ichiriki Ryo" in info_text(panel, 7)
        text = info_text(panel, 12)
        assert "alice 3d*" in text and "bob 4d" in text
        panel.show_game(12)
        await settle(pilot)
        assert tabs.active == "game-12"
        assert isinstance(app.focused, BoardWidget)
        assert app.focused is panel.view(12).board


async def test_catch_up_of_a_full_move_list() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    moves = random_moves(19, 150)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(5, white="w", black="b")
        await settle(pilot)
        add_moves(model, 5, moves)
        await settle(pilot)
        view = panel.view(5)
        game = model.followed[5]
        assert view.browse.index == view.browse.total == 150
        assert dict(view.board.picture.stones) == game.board.stones()
        assert view.board.picture.last_move == moves[-1].point
        assert "move 150/150 (live)" in info_text(panel, 5)


async def test_browsing_keeps_view_while_moves_arrive_and_end_follows_again() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    moves = random_moves(9, 40, seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(9, white="w", black="b", size=9)
        add_moves(model, 9, moves[:30])
        await settle(pilot)
        view = panel.view(9)
        await pilot.press("left_square_bracket", "left_square_bracket", "comma")
        await settle(pilot)
        assert (view.browse.index, view.browse.following) == (27, False)
        expected = model.followed[9].position_after(27).stones()
        assert dict(view.board.picture.stones) == expected
        assert view.board.picture.last_move == moves[26].point
        add_moves(model, 9, moves[30:35])
        await settle(pilot)
        assert view.browse.index == 27  # the view did not move
        assert dict(view.board.picture.stones) == expected
        assert "move 27/35 (browsing)" in info_text(panel, 9)
        await pilot.press("right_square_bracket", "full_stop")
        await settle(pilot)
        assert view.browse.index == 29
        await pilot.press("home")
        await settle(pilot)
        assert view.browse.index == 0 and view.board.picture.stones == {}
        await pilot.press("end")
        await settle(pilot)
        assert view.browse.following and view.browse.index == 35
        add_moves(model, 9, moves[35:])
        await settle(pilot)
        assert view.browse.index == 40  # following: jumps to the new end
        assert dict(view.board.picture.stones) == model.followed[9].board.stones()
        assert "move 40/40 (live)" in info_text(panel, 9)


async def test_a_game_in_a_hidden_tab_is_drawn_when_shown_not_on_every_move() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    moves = random_moves(9, 30, seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(4, white="w", black="b", size=9)
        add_moves(model, 4, moves[:10])
        model.follow(8, white="x", black="y", size=9)  # the newest game comes to the front
        await settle(pilot)
        hidden = panel.view(4)
        drawn: list[int] = []
        original = hidden.redraw

        def counting_redraw() -> None:
            drawn.append(len(model.followed[4].moves))
            original()

        hidden.redraw = counting_redraw  # type: ignore[method-assign]
        for move in moves[10:]:  # one move per frame, as a live game brings them
            add_moves(model, 4, [move])
            await pilot.pause()
        await settle(pilot)
        assert drawn == []  # nothing built for a board nobody sees
        assert len(hidden.board.picture.stones) < len(model.followed[4].board.stones())
        panel.show_game(4)
        await settle(pilot)
        assert drawn == [30]  # once, when its tab came to the front, with every move
        assert dict(hidden.board.picture.stones) == model.followed[4].board.stones()
        assert hidden.board.picture.last_move == moves[-1].point
        assert "move 30/30 (live)" in info_text(panel, 4)


async def test_a_hidden_games_clock_timer_sleeps_until_its_tab_is_shown() -> None:
    """Each panel ticks its clocks every second; one in a hidden tab has nothing to draw, so
    its timer is paused (with ten games watched, ten timers woke the app every second)."""
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(4, white="w", black="b", size=9)
        model.follow(8, white="x", black="y", size=9)  # the newest game comes to the front
        await settle(pilot)

        def ticking(number: int) -> bool:
            timer = panel.view(number).query_one(GameInfo)._timer
            assert timer is not None
            return timer._active.is_set()

        await wait_until(lambda: ticking(8), what="the shown panel ticking")
        assert not ticking(4)
        # a move drawn with the clocks as they read now puts the next tick a second later
        shown_timer = panel.view(8).query_one(GameInfo)._timer
        hidden_timer = panel.view(4).query_one(GameInfo)._timer
        assert shown_timer is not None and hidden_timer is not None
        resets: list[int] = []

        def counting(number: int, reset: Callable[[], None]) -> Callable[[], None]:
            def counted() -> None:
                resets.append(number)
                reset()

            return counted

        shown_timer.reset = counting(8, shown_timer.reset)  # type: ignore[method-assign]
        hidden_timer.reset = counting(4, hidden_timer.reset)  # type: ignore[method-assign]
        add_moves(model, 8, random_moves(9, 1, seed=3))
        add_moves(model, 4, random_moves(9, 1, seed=4))
        await wait_until(lambda: resets, what="the shown panel's tick put off")
        await settle(pilot)
        assert resets == [8] and not ticking(4)  # the hidden one still asleep behind its tab
        panel.show_game(4)
        await wait_until(lambda: ticking(4) and not ticking(8), what="the timers swapped")
        # our own game keeps ticking behind another tab: its low-time bell must ring
        model.follow(9, white="me", black="z", size=9, role=Role.PLAYING_WHITE)
        await settle(pilot)
        panel.show_game(4)
        await wait_until(lambda: ticking(4), what="game 4's panel ticking again")
        await settle(pilot)
        assert (ticking(4), ticking(8), ticking(9)) == (True, False, True)


async def test_follow_toggle_stops_and_resumes_following() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    moves = random_moves(9, 12, seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(4, size=9)
        add_moves(model, 4, moves[:10])
        await settle(pilot)
        view = panel.view(4)
        await pilot.press("ctrl+f")
        add_moves(model, 4, moves[10:11])
        await settle(pilot)
        assert (view.browse.index, view.browse.total) == (10, 11)
        assert "Not following" in info_text(panel, 4)  # the board stopped: it says why
        await pilot.press("ctrl+f")
        await settle(pilot)
        assert view.browse.index == 11 and view.browse.following
        assert "Not following" not in info_text(panel, 4)


async def test_clocks_count_down_locally_with_warning_colours() -> None:
    model, clock = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        game = model.follow(3, white="w", black="b")
        model.apply(ch.ClockSet(game.number, Color.BLACK, ClockReading(300.0), running=True))
        model.apply(ch.ClockSet(game.number, Color.WHITE, ClockReading(200.0)))
        model.apply(ch.ObserversCounted(3, 0))
        await settle(pilot)
        info = panel.view(3).query_one(GameInfo)
        assert "5:00" in info.render_info().plain
        clock.now += 10
        info.tick()
        text = info.render_info().plain
        assert "4:50" in text and "3:20" in text  # only the running clock moved
        clock.now += 250
        assert info.clock_text(Color.BLACK).plain == "0:40"
        assert info.clock_text(Color.BLACK).style == LOW_TIME_STYLE
        assert info.clock_text(Color.WHITE).style == ""
        clock.now += 30
        assert info.clock_text(Color.BLACK).plain == "0:10"
        assert info.clock_text(Color.BLACK).style == CRITICAL_STYLE


async def test_paused_clocks_say_so_and_stand_still() -> None:
    """``9 Game clock paused. Use "unpause" to resume.`` (NNGS 1.1.22 src/formats.h:2047,
    bernds/q5Go src/parser.cpp:868) and ``9 Game clock resumed.`` (ibid. 873), read by the
    session: both clocks say "paused" and stand until the game is resumed."""
    model, clock = new_model()
    session = logged_in(model)  # alice
    apply(model, [ch.GameFollowed(7, Role.PLAYING_BLACK, white="bob", black="alice")])
    feed(model, session, ["15 Game 7 I: bob (0 600 -1) vs alice (0 300 -1)"])
    reading = model.followed[7].clocks[Color.BLACK].reading
    apply(model, [ch.ClockSet(7, Color.BLACK, reading, True)])
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        await settle(pilot)
        info = panel.view(7).query_one(GameInfo)
        clock.now += 10
        assert info.clock_text(Color.BLACK).plain == "4:50"
        feed(model, session, ['9 Game clock paused. Use "unpause" to resume.'])
        await settle(pilot)
        clock.now += 60
        info.tick()
        assert info.clock_text(Color.BLACK).plain == "4:50  paused"
        assert info.clock_text(Color.WHITE).plain == "10:00  paused"
        assert "4:50  paused" in info.render_info().plain
        feed(model, session, ["9 Game clock resumed."])
        await settle(pilot)
        clock.now += 20
        assert info.clock_text(Color.BLACK).plain == "4:30"
        assert info.clock_text(Color.WHITE).plain == "10:00"


async def own_game(model: ClientModel, role: Role, moves: list[MoveRecord], size: int = 9) -> None:
    model.follow(21, role=role, white="opp", black="me", size=size)
    add_moves(model, 21, moves)


D4_E5 = [
    MoveRecord(1, Color.BLACK, parse_point("D4", 9)),
    MoveRecord(2, Color.WHITE, parse_point("E5", 9)),
]
"""Black D4 then White E5: Black to move, E5 occupied."""


async def test_illegal_move_refused_with_message_and_no_backend_call() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        await own_game(model, Role.PLAYING_BLACK, D4_E5)
        await settle(pilot)
        await pilot.press("e", "5", "enter")
        await settle(pilot)
        assert backend.named("play") == []
        assert "Illegal move E5: occupied" in info_text(panel, 21)


@pytest.mark.parametrize("size", [(100, 30), (34, 16)])
async def test_a_move_on_an_occupied_point_is_refused_on_the_board_itself(
    size: tuple[int, int],
) -> None:
    """The refusal is written on the board (its coordinate line), not only in the side
    panel, which a small terminal hides: typed or clicked, the point is never sent."""
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=size) as pilot:
        panel = app.query_one(GamesPanel)
        await own_game(model, Role.PLAYING_BLACK, D4_E5)
        await settle(pilot)
        view = panel.view(21)
        side_shown = view.query_one("#game-side").display
        assert side_shown is (size == (100, 30))
        board = view.board

        def board_text() -> str:
            return "\n".join(board.render_line(y).text for y in range(board.size.height))

        await pilot.press("e", "5", "enter")
        await settle(pilot)
        assert "Illegal move E5: occupied" in board_text()
        await pilot.press("left")  # the next key: the note goes
        await settle(pilot)
        assert "Illegal move" not in board_text()
        layout = board.board_layout
        point = parse_point("D4", 9)
        await pilot.click(board, offset=(layout.glyph_x(point.col), layout.line_y(point.row)))
        await settle(pilot)
        assert "Illegal move D4: occupied" in board_text()
        assert backend.named("play") == []


async def test_move_out_of_turn_refused() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    moves = [MoveRecord(1, Color.BLACK, parse_point("D4", 9))]
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        await own_game(model, Role.PLAYING_BLACK, moves)
        await settle(pilot)
        await pilot.press("c", "3", "enter")
        await settle(pilot)
        assert backend.named("play") == []
        assert "not your turn" in info_text(panel, 21)


async def test_ko_recapture_refused() -> None:
    """IGS rules: basic ko, the capture may not be retaken at once."""
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    # Black: C4 D5 D3, White: E4 F5? build a ko at D4/E4 on 9x9.
    script = ["D5", "E5", "C4", "F4", "D3", "E3", "E4", "D4"]
    moves = [
        MoveRecord(i + 1, Color.BLACK if i % 2 == 0 else Color.WHITE, parse_point(t, 9))
        for i, t in enumerate(script)
    ]
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        await own_game(model, Role.PLAYING_BLACK, moves)
        await settle(pilot)
        assert model.followed[21].board.get(parse_point("E4", 9)) is None  # captured by D4
        await pilot.press("e", "4", "enter")
        await settle(pilot)
        assert backend.named("play") == []
        assert "Illegal move E4: ko" in info_text(panel, 21)


async def test_legal_move_calls_backend_play_once() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        await own_game(model, Role.PLAYING_BLACK, [])
        await settle(pilot)
        await pilot.press("c", "3", "enter")
        await settle(pilot)
        assert backend.named("play") == [(21, Point(2, 2))]
        # a second selection before the server answers is held back
        await pilot.press("enter")
        await settle(pilot)
        assert len(backend.named("play")) == 1
        assert "Waiting for the server" in info_text(panel, 21)
        # the server's echo arrives: the next move may be sent again
        add_moves(model, 21, [MoveRecord(1, Color.BLACK, Point(2, 2))])
        await settle(pilot)
        assert "1/1" in info_text(panel, 21)


async def test_click_plays_a_legal_move() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        await own_game(model, Role.PLAYING_WHITE, [MoveRecord(1, Color.BLACK, Point(4, 4))])
        await settle(pilot)
        board = panel.view(21).board
        layout = board.board_layout
        await pilot.click(board, offset=(layout.glyph_x(6), layout.line_y(2)))
        await settle(pilot)
        assert backend.named("play") == [(21, Point(6, 2))]


async def test_playing_while_browsing_is_refused() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        await own_game(model, Role.PLAYING_BLACK, random_moves(9, 6, seed=9))
        await settle(pilot)
        await pilot.press("comma", "a", "1", "enter")
        await settle(pilot)
        assert backend.named("play") == []
        assert "press End" in info_text(panel, 21)


async def test_pass_needs_confirmation() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        await own_game(model, Role.PLAYING_BLACK, [])
        await settle(pilot)
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert backend.named("play") == []
        assert "Pass?" in info_text(panel, 21)
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert backend.named("play") == [(21, None)]


async def test_observers_cannot_pass_or_play() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(8, size=9)
        await settle(pilot)
        view = panel.view(8)
        assert view.check_action("pass_move", ()) is False  # not offered in the footer
        assert view.check_action("unobserve", ()) is True
        await pilot.press("ctrl+g", "ctrl+g", "c", "3", "enter")
        await settle(pilot)
        assert backend.named("play") == []
        view.action_pass_move()  # even if invoked another way (command palette)
        assert backend.named("play") == []
        assert "not playing" in info_text(panel, 8)


async def test_unobserve_closes_the_tab() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(1, white="a", black="b")
        model.follow(2, white="c", black="d")
        await settle(pilot)
        assert app.query_one(TabbedContent).active == "game-2"
        await pilot.press("u")
        await settle(pilot)
        assert backend.named("close_game") == [(2,)]
        assert panel.game_numbers == [1]
        # the model still lists game 2 until the server confirms; the tab stays closed
        model.follow(1, white="a", black="b")
        await settle(pilot)
        assert panel.game_numbers == [1]
        model.unfollow(2)
        await settle(pilot)
        model.follow(2, white="c", black="d")
        await settle(pilot)
        assert panel.game_numbers == [1, 2]  # observing it again opens a tab again


async def test_a_new_game_under_a_finished_games_number_gets_a_fresh_view() -> None:
    """Servers reuse the numbers of games that are over: when the model unfollows the old
    game and follows the new one between two syncs, the tab is made again, so the new game
    shows neither the old one's panel lines nor its result, and its own end is announced."""
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(4, role=Role.PLAYING_BLACK, white="igsbot", black="me")
        await settle(pilot)
        old_view = panel.view(4)
        old_view.message = "Done: waiting for the opponent"
        model.apply(ch.GameEnded(4, "W+R"))
        await settle(pilot)
        # the next game gets number 4 again (the adapter unfollows, then follows)
        model.apply(ch.GameUnfollowed(4))
        model.follow(4, role=Role.PLAYING_BLACK, white="igsbot", black="me")
        await settle(pilot)
        assert panel.game_numbers == [4]
        new_view = panel.view(4)
        assert new_view is not old_view and not old_view.is_attached
        assert new_view.message == "" and "W+R" not in info_text(panel, 4)
        # a finished game's tab closed with u stays closed; the next game under 4 opens one
        model.apply(ch.GameEnded(4, "B+3.5"))
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)  # the new game's end is announced
        await pilot.press("escape")
        await settle(pilot)
        panel.focus_board()
        await pilot.press("u")
        await settle(pilot)
        assert panel.game_numbers == []
        closed = model.followed[4]
        # the game under 4 is over: following 4 again is a new game (the model gives it a
        # new entry), even between the same players, and it opens a tab
        model.follow(4, role=Role.PLAYING_BLACK, white="igsbot", black="me")
        await settle(pilot)
        assert model.followed[4] is not closed and model.followed[4].serial > closed.serial
        assert panel.game_numbers == [4] and "B+3.5" not in info_text(panel, 4)


async def test_a_message_about_play_goes_when_the_game_is_over() -> None:
    """ "Done: waiting for the opponent" (or "Undo: ...") under the result read as if the
    game went on: the game's end drops it."""
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(5, role=Role.PLAYING_BLACK, white="igsbot", black="me")
        await settle(pilot)
        panel.view(5).show_message("Done: waiting for the opponent")
        model.apply(ch.PhaseChanged(5, GamePhase.SCORING))
        await settle(pilot)
        assert panel.view(5).message == "Done: waiting for the opponent"
        model.apply(ch.GameEnded(5, "W+7.5"))
        await settle(pilot)
        assert panel.view(5).message == ""
        assert "Done: waiting" not in info_text(panel, 5)


async def test_unobserve_refused_in_own_running_game() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        await own_game(model, Role.PLAYING_WHITE, [])
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert backend.named("close_game") == []
        assert panel.game_numbers == [21]


async def test_scoring_selects_dead_stones_and_previews_the_count() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    # On 5x5: a black wall on column C, a white wall on column D, one black stone in white's area.
    script = [("B", "C1"), ("W", "D1"), ("B", "C2"), ("W", "D2"), ("B", "C3"), ("W", "D3")]
    script += [("B", "C4"), ("W", "D4"), ("B", "C5"), ("W", "D5"), ("B", "E3")]
    moves = [
        MoveRecord(i + 1, Color.parse(c), parse_point(t, 5)) for i, (c, t) in enumerate(script)
    ]
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(21, role=Role.PLAYING_WHITE, white="opp", black="me", size=5, komi=0.5)
        add_moves(model, 21, moves)
        game = model.followed[21]
        model.apply(ch.PhaseChanged(game.number, GamePhase.SCORING))
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        board = panel.view(21).board
        overlay = board.picture.overlay
        assert overlay is not None
        assert overlay.black_territory == {parse_point(t, 5) for t in ("A1", "B1", "A2", "B2")} | {
            parse_point(t, 5) for t in ("A3", "B3", "A4", "B4", "A5", "B5")
        }
        assert overlay.white_territory == frozenset()  # E3 spoils white's area until removed
        await pilot.press("e", "3", "enter")
        await settle(pilot)
        assert backend.named("remove_dead") == [(21, parse_point("E3", 5))]
        # the server announces the removal
        model.apply(ch.DeadStonesMarked(game.number, (parse_point("E3", 5),)))
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        overlay = board.picture.overlay
        assert overlay is not None
        assert overlay.dead == {parse_point("E3", 5)}
        assert len(overlay.white_territory) == 5  # E1..E5
        # black 10 territory; white 5 territory + 1 prisoner + 0.5 komi
        assert "B 10 – W 6.5 (B+3.5)" in info_text(panel, 21)
        await pilot.press("a", "1", "enter")  # empty point: not sent
        await settle(pilot)
        assert len(backend.named("remove_dead")) == 1
        await pilot.press("ctrl+d")
        assert backend.named("done_scoring") == [(21,)]


async def test_game_end_shows_result() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(44, white="w", black="b")
        await settle(pilot)
        model.game_ended(44, "W+Resign")
        await settle(pilot)
        assert "Result: W+Resign" in info_text(panel, 44)


async def test_kibitz_stream_is_plain_text_and_input_sends_kibitz_or_say() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(6, white="[b]w[/b]", black="\x1b[31mevil")
        model.add_chat(
            BufferKey(ChatKind.GAME, "6"), "carol", "[red]nice[/red] move", kind="kibitz"
        )
        await settle(pilot)
        log = panel.view(6).query_one(RichLog)
        rendered = "\n".join(strip.text for strip in log.lines)
        assert "carol ~ [red]nice[/red] move" in rendered
        text = info_text(panel, 6)
        assert "[b]w[/b]" in text and "evil" in text and "\x1b" not in text
        chat_input = panel.view(6).query_one(Input)
        chat_input.focus()
        await pilot.press(*"hi", "enter")
        await settle(pilot)
        assert backend.named("kibitz") == [(6, "hi")]
        await own_game(model, Role.PLAYING_BLACK, [])
        await settle(pilot)
        chat_input = panel.view(21).query_one(Input)
        chat_input.focus()
        await pilot.press(*"gg", "enter")
        await settle(pilot)
        assert backend.named("say") == [(21, "gg")]


async def test_move_numbers_toggle() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    moves = random_moves(9, 5, seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(2, size=9)
        add_moves(model, 2, moves)
        await settle(pilot)
        view = panel.view(2)
        assert view.board.picture.numbers == {}
        await pilot.press("ctrl+n")
        await settle(pilot)
        expected = {m.point: m.number for m in moves if m.point is not None}
        assert dict(view.board.picture.numbers) == expected
        assert isinstance(view, GameView)


async def test_tab_label_follows_player_names_and_ascii_toggle() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(77, size=9)
        add_moves(model, 77, [MoveRecord(1, Color.BLACK, Point(4, 4))])
        await settle(pilot)
        tabs = app.query_one(TabbedContent)
        assert str(tabs.get_tab("game-77").label) == "#77"
        model.follow(77, white="[i]zed", black="amy")  # names known later (e.g. a status reply)
        await settle(pilot)
        assert str(tabs.get_tab("game-77").label) == "#77 [i]zed-amy"
        board = panel.view(77).board
        layout = board.board_layout
        line_y = layout.line_y(4)
        assert board.render_line(line_y).text[layout.glyph_x(4)] == "●"
        await pilot.press("ctrl+t")
        await settle(pilot)
        assert board.render_line(line_y).text[layout.glyph_x(4)] == "X"


async def test_short_terminal_hides_tab_bar_and_keys_switch_games() -> None:
    """At 20 lines the tab bar would push the 19th row off the board."""
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(80, 20)) as pilot:
        panel = app.query_one(GamesPanel)
        for number in (1, 2, 3):
            model.follow(number, white=f"w{number}", black=f"b{number}")
        await settle(pilot)
        tabs = app.query_one(TabbedContent)
        assert panel.has_class("-compact")
        assert not tabs.query_one("ContentTabs").display
        board = panel.view(3).board
        assert board.board_layout.height == 20  # 19 rows and the column letters
        assert "game 3/3" in info_text(panel, 3)
        await pilot.press("greater_than_sign")
        await settle(pilot)
        assert tabs.active == "game-1"
        await pilot.press("less_than_sign", "less_than_sign")
        await settle(pilot)
        assert tabs.active == "game-2"
        assert app.focused is panel.view(2).board


async def test_board_size_change_redraws_with_new_layout() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        game = model.follow(5)
        await settle(pilot)
        board = panel.view(5).board
        assert board.board_layout.size == 19
        game.reset_board(9)  # the server told us the real size after the first heading
        add_moves(model, 5, [MoveRecord(1, Color.BLACK, Point(8, 8))])
        await settle(pilot)
        layout = board.board_layout
        assert layout.size == 9
        assert board.render_line(layout.line_y(8)).text[layout.glyph_x(8)] == "●"


async def test_handicap_stones_shown_and_warning_clears_on_next_move() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(21, role=Role.PLAYING_WHITE, white="me", black="opp", size=9, handicap=4)
        add_moves(model, 21, [MoveRecord(1, Color.BLACK, None, handicap=4)])
        await settle(pilot)
        view = panel.view(21)
        assert len(view.board.picture.stones) == 4
        assert view.board.picture.last_move is None
        await pilot.press("c", "3", "enter")  # a handicap stone (GTP 4.1.1: C3 on 9x9)
        await settle(pilot)
        assert "occupied" in info_text(panel, 21)
        assert backend.named("play") == []
        # the move arrives from the server (played from elsewhere): the warning is stale
        add_moves(model, 21, [MoveRecord(2, Color.WHITE, parse_point("E5", 9))])
        await settle(pilot)
        assert "occupied" not in info_text(panel, 21)
        assert "move 2/2 (live)" in info_text(panel, 21)


async def test_resign_asks_in_a_dialog_and_only_yes_resigns() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    app = PanelApp(model, backend)
    async with app.run_test(size=(100, 30)) as pilot:
        await own_game(model, Role.PLAYING_BLACK, random_moves(9, 4, seed=1))
        await settle(pilot)
        await pilot.press("ctrl+r")  # refresh in the lists; nothing on the board
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmDialog)
        await pilot.press("ctrl+x")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "Resign game 21?" in str(app.screen.query_one("#question", Static).content)
        await pilot.press("n")
        await settle(pilot)
        assert backend.named("resign") == []
        await pilot.press("ctrl+x")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert backend.named("resign") == [(21,)]
        assert not isinstance(app.screen, ConfirmDialog)


async def test_observers_from_the_game_list_when_the_game_has_none() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    model.upsert_games([GameSummary(55, "w", "1d", "b", "2d", observers=17, komi=0.5)])
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(55)
        await settle(pilot)
        text = info_text(panel, 55)
        assert "observers: 17" in text
        assert "w 1d" in text and "komi 0.5" in text  # copied from the list entry


class PanelWithChatApp(PanelApp):
    """The panel beside another focusable widget, as in the wide main screen."""

    def compose(self) -> ComposeResult:
        yield Input(id="elsewhere")
        yield from super().compose()


async def test_new_game_does_not_steal_focus_and_tab_strip_focus_goes_to_board() -> None:
    model, _ = new_model()
    app = PanelWithChatApp(model, RecordingBackend())
    async with app.run_test(size=(100, 40)) as pilot:
        panel = app.query_one(GamesPanel)
        app.query_one("#elsewhere", Input).focus()
        model.follow(1, white="a", black="b")
        model.follow(2, white="c", black="d")
        await settle(pilot)
        assert app.query_one(TabbedContent).active == "game-2"  # shown...
        assert app.focused is app.query_one("#elsewhere")  # ...but the typing goes on
        # focus given to the tab strip or a hidden game's board lands on the active board
        app.query_one(TabbedContent).query_one("ContentTabs").focus()
        await settle(pilot)
        assert app.focused is panel.view(2).board
        # focus on a hidden game's board brings that game to the front
        panel.view(1).board.focus()
        await settle(pilot)
        assert app.query_one(TabbedContent).active == "game-1"
        assert app.focused is panel.view(1).board
        assert panel.active_board is panel.view(1).board


@pytest.mark.parametrize(("size", "screen"), [(2, (80, 24)), (25, (80, 24)), (25, (160, 48))])
async def test_extreme_board_sizes_render_without_error(size: int, screen: tuple[int, int]) -> None:
    """25x25 does not fit 80x24: the board says the terminal is too small (a cropped board
    would hide stones silently); the others show every stone."""
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    moves = random_moves(size, 3, seed=size)
    async with app.run_test(size=screen) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(3, size=size)
        add_moves(model, 3, moves)
        await settle(pilot)
        board = panel.view(3).board
        assert dict(board.picture.stones) == model.followed[3].board.stones()
        lines = [board.render_line(y).text for y in range(board.size.height)]
        assert all(len(line) == board.size.width for line in lines)
        stones = sum(line.count("●") + line.count("○") for line in lines)
        if (size, screen) == (25, (80, 24)):
            text = " ".join(line.strip() for line in lines)
            assert "Terminal too small for a 25x25 board" in text and stones == 0
        else:
            assert stones == len(board.picture.stones) >= 1


def test_clock_style_thresholds_in_main_time_and_byoyomi() -> None:
    assert clock_style(ClockReading(61.0)) == ""
    assert clock_style(ClockReading(59.0)) == LOW_TIME_STYLE
    assert clock_style(ClockReading(15.0)) == CRITICAL_STYLE
    assert clock_style(ClockReading(0.0, unlimited=True)) == ""
    # Canadian byo-yomi: the period's time is what runs out
    assert clock_style(ClockReading(200.0, in_byoyomi=True, byo_stones=3)) == ""
    assert clock_style(ClockReading(40.0, in_byoyomi=True, byo_stones=3)) == LOW_TIME_STYLE
    # Japanese byo-yomi: the current period's seconds
    japanese = ClockReading(0.0, in_byoyomi=True, byo_seconds=9.0, periods=2)
    assert clock_style(japanese) == CRITICAL_STYLE


async def test_kibitz_stream_appends_new_lines_in_order() -> None:
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    key = BufferKey(ChatKind.GAME, "6")
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(6, white="w", black="b")
        await settle(pilot)
        log = panel.view(6).query_one(RichLog)
        for burst in ((1, 2), (3,), (4, 5, 6)):
            for n in burst:
                model.add_chat(key, "carol", f"line {n}", kind="kibitz")
            await settle(pilot)
        texts = [strip.text.strip() for strip in log.lines]
        assert texts == [f"carol ~ line {n}" for n in range(1, 7)]


@pytest.mark.parametrize(
    ("screen", "side", "drawn"),
    [
        ((40, 12), None, False),  # nothing fits: the message, across the whole width
        ((70, 16), None, False),
        ((60, 30), 21, True),  # the side narrows (not below 20) so that the board fits
        ((100, 30), 55, True),  # room enough: the side keeps at least 30 cells
    ],
)
async def test_a_small_terminal_gives_the_board_the_whole_width(
    screen: tuple[int, int], side: int | None, drawn: bool
) -> None:
    """#16: at 40x12 "terminal too small" was wrapped into the 10 cells the side panel (30
    cells, kept whatever the terminal) left to the board."""
    model, _ = new_model()
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=screen) as pilot:
        panel = app.query_one(GamesPanel)
        model.follow(3, size=19)
        add_moves(model, 3, random_moves(19, 3, seed=1))
        await settle(pilot)
        view = panel.view(3)
        board = view.board
        info = view.query_one("#game-side")
        lines = [board.render_line(y).text for y in range(board.size.height)]
        text = " ".join(line.strip() for line in lines)
        if side is None:
            assert not info.display and board.region.width == view.region.width == screen[0]
            assert "Terminal too small for a 19x19 board" in text
            assert lines[0].startswith("Terminal too small for a 19x19 board: it")
        else:
            assert info.display and info.region.width == side
            assert board.region.width == view.region.width - side
        stones = sum(line.count("●") + line.count("○") for line in lines)
        assert (stones == 3) is drawn
