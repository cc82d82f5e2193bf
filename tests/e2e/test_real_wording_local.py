"""Issue 27 end to end over real TCP on 127.0.0.1: the embedded server speaks the real
servers' wording and the client acts on it. Each format is quoted from its source."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Label, Static

from igs_tui.backends.capabilities import Seeking
from igs_tui.go import Color, Point
from igs_tui.localserver import ManualClock
from igs_tui.model import BufferKey, ChatKind, GamePhase
from igs_tui.model.lobby import Seek
from igs_tui.ui.lobby.lobby_screens import LobbyList, SeekScreen
from tests.e2e.test_app_local_server import log_in_locally, make_app, wait_for
from tests.play.harness import Player, fast_server_config, join, leave, tcp_server
from tests.play.test_e2e_play import start_game
from tests.play.test_nngs_play import start as nngs_start
from tests.polling import quit_by_keys, run_palette_command, wait_until


async def test_a_shutdown_is_a_banner_and_the_game_in_progress_is_adjourned() -> None:
    """``4 **** Server shutdown started by admin. ****`` (pzorin/qgo
    src/network/igsconnection.cpp:1127), then the server adjourns the game."""
    async with tcp_server() as tcp:
        server = tcp.server
        alice, bob = await tcp.join("alice", "bob")
        number, _ = await start_game(alice, bob)
        await server.stop()
        await wait_until(
            lambda: any(n.title == "Server shutting down" for n in alice.model.notifications)
        )
        banner = next(n for n in alice.model.notifications if n.title == "Server shutting down")
        assert f"game {number} will be adjourned" in banner.text
        game = alice.model.followed[number]
        await wait_until(lambda: game.phase is GamePhase.ADJOURNED)


async def test_an_adjourn_request_and_its_refusal_in_igs_lines() -> None:
    """``48 Game N X requests an adjournment`` (bernds/q5Go src/parser.cpp:2040) reaches the
    opponent as a question; ``53 Game N adjournment is declined`` (pzorin/qgo
    src/network/igsconnection.cpp:4194) is said in the asker's game."""
    async with tcp_server() as tcp:
        alice, bob = await tcp.join("alice", "bob")
        number, _ = await start_game(alice, bob)
        alice.backend.adjourn(number)
        game_b = bob.model.followed[number]
        await wait_until(lambda: game_b.adjourn_requested_by == "alice")
        bob.backend.send_raw("decline adjourn")

        def said() -> list[str]:
            return [m.text for b in alice.model.buffers.values() for m in b.messages]

        await wait_until(lambda: "Your opponent declined to adjourn." in said())
        assert alice.model.followed[number].phase is GamePhase.PLAYING


async def seek(player: Player, setup: int, size: int) -> Seeking:
    """``player`` seeks a game of the server's setup number ``setup`` (its place in the
    list of setups the server sends) on a ``size`` board; their seeking capability."""
    seeking = player.backend.capabilities.seeking
    assert seeking is not None
    seeking.list_seek_setups()
    await wait_until(lambda: len(player.model.seek_setups) == 4)
    seeking.seek(Seek(player.model.seek_setups[setup], size))
    return seeking


async def test_the_automatch_dialog_lists_who_else_seeks_and_closes_on_a_bare_pairing(
    tmp_path: Path,
) -> None:
    """IGS's seek list, ``63 ENTRY_LIST_START 5`` / ``63 ENTRY_LIST HKL 60 480 25 0 0 19 1 1
    0`` / ``63 ENTRY_LIST_END`` (bernds/q5Go src/parser.cpp:2094-2100), shown in the
    automatch dialog as the queue changes; the pairing is a bare ``63 OPPONENT_FOUND``
    (ibid. 2092): the dialog closes and the game the server starts opens."""
    app, model, connector = make_app(tmp_path, fast_server_config(bots=()))
    players: list[Player] = []
    try:
        async with app.run_test(size=(160, 48)) as pilot:
            await log_in_locally(app, pilot, model)
            port = connector.embedded_server.port
            assert port is not None
            bob = await join(port, "bob")
            players.append(bob)
            bob_seeking = await seek(bob, 1, 19)  # not what we will seek
            await wait_until(lambda: bob.model.seek is not None)

            await run_palette_command(pilot, app, "Automatch")
            await wait_for(pilot, lambda: isinstance(app.screen, SeekScreen))
            await wait_for(pilot, lambda: bool(app.screen.query_one(LobbyList).shown))
            await pilot.press("enter")  # the first setup, 19x19

            def others() -> str:
                return str(app.screen.query_one("#seek-others", Static).render())

            await wait_for(pilot, lambda: "Also seeking (1): bob  19x19" in others())
            assert [s.name for s in model.seekers] == ["bob"]
            # the queue changes: a third seeker is listed as the server tells it
            carol = await join(port, "carol")
            players.append(carol)
            await seek(carol, 2, 9)
            await wait_for(pilot, lambda: "Also seeking (2)" in others())
            assert "carol  9x9" in others()
            # bob now seeks what we seek: paired, with no name in the server's line
            bob_seeking.cancel_seek()
            await wait_until(lambda: bob.model.seek is None)
            bob_seeking.seek(Seek(bob.model.seek_setups[0], 19))
            await wait_for(pilot, lambda: not isinstance(app.screen, SeekScreen))
            await wait_for(pilot, lambda: bool(model.my_games()))
            mine = model.my_games()[0]
            assert "bob" in (mine.white, mine.black)
            assert mine.fresh  # started by the pairing: no earlier game's record goes on
            assert model.seek is None
            assert any(n.text == "Automatch found you an opponent." for n in model.notifications)
            await quit_by_keys(app)
    finally:
        await leave(*players)
        await connector.close()


async def test_an_automatch_offer_is_a_challenge_accepted_with_the_servers_command() -> None:
    """IGS's automatch offer (pzorin/qgo src/network/igsconnection.cpp:3893-3896):
    ``36 terra1 wants a match with you:`` / ``36 terra1 wants 19x19 in 1 minutes with 10
    byo-yomi and 25 byo-stones`` / ``36 To accept match type 'automatch terra1'``."""
    async with tcp_server(fast_server_config(bots=())) as tcp:
        alice, bob = await tcp.join("alice", "bob")
        alice.backend.send_raw("automatch bob")
        await wait_until(lambda: bob.model.challenge_from("alice") is not None)
        offer = bob.model.challenge_from("alice")
        assert offer is not None and offer.kind == "automatch" and offer.incoming
        terms = offer.terms
        assert (terms.size, terms.main_seconds, terms.byo_seconds, terms.byo_stones) == (
            19,
            60,
            600,
            25,
        )
        bob.backend.accept_challenge(terms)
        await wait_until(lambda: alice.game() is not None and bob.game() is not None)
        game_a, game_b = alice.game(), bob.game()
        assert game_a is not None and game_b is not None
        assert game_a.number == game_b.number
        assert (game_b.white, game_b.black) == ("bob", "alice")  # 5k* against 3k*
        assert bob.model.challenge_from("alice") is None


@pytest.mark.parametrize("dialect", ["igs", "nngs"])
async def test_a_withdrawn_match_offer_closes_the_request(dialect: str) -> None:
    """``9 frosla withdraws the match offer.`` (bernds/q5Go src/parser.cpp:486; NNGS 1.1.22
    src/formats.h:1778, sent by src/playerdb.c:1530 on ``withdraw NAME``)."""
    async with tcp_server(fast_server_config(bots=(), dialect=dialect)) as tcp:
        server = tcp.server
        alice, bob = await tcp.join("alice", "bob")
        alice.backend.send_raw("match bob W 19 10 10")
        await wait_until(lambda: bob.model.challenge_from("alice") is not None)
        alice.backend.send_raw("withdraw bob")
        await wait_until(lambda: bob.model.challenge_from("alice") is None)
        assert any(n.title == "Match request cancelled" for n in bob.model.notifications)
        assert ("alice", "bob") not in server.hub.requests


def _said(player: Player, number: int) -> list[str]:
    buffer = player.model.buffers.get(BufferKey(ChatKind.GAME, str(number)))
    return [m.text for m in buffer.messages] if buffer is not None else []


async def test_pause_and_unpause_stop_and_start_both_players_clocks() -> None:
    """``9 frosla requests to pause the game.`` (bernds/q5Go src/parser.cpp:806), ``9 Game
    clock paused.`` / ``9 bob accepted pause. Game clock paused.`` and ``9 Game clock
    resumed.`` (ibid. 868-873; NNGS 1.1.22 src/formats.h:1652, 2050, 2056)."""
    async with tcp_server(fast_server_config(bots=())) as tcp:
        server = tcp.server
        alice, bob = await tcp.join("alice", "bob")
        number, _ = await start_game(alice, bob)
        game_a, game_b = alice.model.followed[number], bob.model.followed[number]
        await wait_until(lambda: game_a.clocks[Color.BLACK].running)
        alice.backend.send_raw("pause")
        await wait_until(
            lambda: any(n.title == "alice asks to pause" for n in bob.model.notifications)
        )
        assert not game_a.clocks_paused
        bob.backend.send_raw("pause")
        for game in (game_a, game_b):
            await wait_until(lambda game=game: game.clocks_paused)  # type: ignore[misc]
            assert not any(clock.running for clock in game.clocks.values())
        assert "Clocks paused (unpause to resume)." in _said(alice, number)
        assert "Clocks paused (unpause to resume)." in _said(bob, number)
        assert server.hub.games[number].clock_stopped
        bob.backend.send_raw("unpause")
        for game in (game_a, game_b):
            await wait_until(lambda game=game: not game.clocks_paused)  # type: ignore[misc]
            assert game.clocks[Color.BLACK].running  # Black is to move
            assert not game.clocks[Color.WHITE].running


async def test_nngs_pauses_a_loaded_game_short_of_time_for_both_players() -> None:
    """NNGS 1.1.22 pauses a loaded game when a player is short of time (src/gameproc.c:
    1700-1739): ``9 Game clock paused. Use "unpause" to resume.`` to both (bernds/q5Go
    src/parser.cpp:868 quotes it); ``unpause`` sends ``9 Game clock resumed.`` to both."""
    clock = ManualClock()
    async with tcp_server(fast_server_config(bots=(), dialect="nngs", clock=clock)) as tcp:
        server = tcp.server
        alice, bob = await tcp.join("alice", "bob")
        # alice Black; ten minutes and no byo-yomi (a player in main time with byo-yomi to
        # come is not short of time)
        number, _ = await nngs_start(alice, bob, byo_seconds=0, byo_stones=0)
        clock.advance(580)
        alice.backend.play(number, Point(2, 2))
        await wait_until(lambda: (g := bob.game()) is not None and g.last_number >= 1)
        alice.backend.adjourn(number)
        bob.backend.adjourn(number)
        await wait_until(lambda: alice.model.followed[number].is_adjourned)
        alice.backend.send_raw("load bob-alice")
        await wait_until(lambda: bool(server.hub.games))
        loaded = next(iter(server.hub.games))
        await wait_until(lambda: (g := alice.game()) is not None and g.clocks_paused)
        await wait_until(lambda: (g := bob.game()) is not None and g.clocks_paused)
        mine, theirs = alice.game(), bob.game()
        assert mine is not None and theirs is not None and mine.number == loaded
        assert not any(c.running for g in (mine, theirs) for c in g.clocks.values())
        bob.backend.send_raw("unpause")
        await wait_until(lambda: not mine.clocks_paused and not theirs.clocks_paused)
        assert mine.clocks[Color.WHITE].running and theirs.clocks[Color.WHITE].running


@pytest.mark.parametrize("dialect", ["igs", "nngs"])
async def test_time_given_moves_the_clock_on_both_sides(dialect: str) -> None:
    """IGS tells both players ``9 Increase frosla's time by 1 minute`` (bernds/q5Go
    src/parser.cpp:878); NNGS tells each side (src/gameproc.c:2116-2160, src/formats.h:1598
    and 2907): ``9 2 minutes were added to your opponents clock`` to the giver, ``9 your
    opponent has added 2 minutes to your clock.`` to the other (q5Go ibid. 856-862)."""
    async with tcp_server(fast_server_config(bots=(), dialect=dialect)) as tcp:
        alice, bob = await tcp.join("alice", "bob")
        start = start_game if dialect == "igs" else nngs_start
        number, _ = await start(alice, bob)
        game_a, game_b = alice.model.followed[number], bob.model.followed[number]
        before_a = game_a.clocks[Color.WHITE].reading.main_seconds
        before_b = game_b.clocks[Color.WHITE].reading.main_seconds
        alice.backend.add_time(number, 2)
        await wait_until(lambda: game_b.clocks[Color.WHITE].reading.main_seconds >= before_b + 110)
        await wait_until(lambda: game_a.clocks[Color.WHITE].reading.main_seconds >= before_a + 110)
        await wait_until(lambda: any("2 more minutes" in t for t in _said(bob, number)))
        if dialect == "nngs":
            assert "You were given 2 more minutes." in _said(bob, number)
            assert "Your opponent was given 2 more minutes." in _said(alice, number)


async def test_toggle_confirmations_drive_f8_f9_and_the_users_pane(tmp_path: Path) -> None:
    """``9 Set open to be True.`` (bernds/q5Go src/parser.cpp:508-524; NNGS 1.1.22
    src/formats.h:2399 ``Set open to be %s.``): whoever set the flag (here the console),
    the server's word is what the users pane shows and what F8/F9 flip from."""
    app, model, connector = make_app(tmp_path, fast_server_config(bots=()))
    try:
        async with app.run_test(size=(160, 48)) as pilot:
            await log_in_locally(app, pilot, model)
            server = connector.embedded_server
            me = model.me
            hub = server._server.hub if server._server is not None else None
            assert hub is not None
            await pilot.press("f4")
            status = app.screen.query_one("#players-status", Label)
            await pilot.press("f8")  # open is on by default: F8 closes it
            await wait_for(pilot, lambda: model.own_toggles.get("open", (True, 0))[0] is False)
            assert hub.users[me.lower()].toggles["open"] is False
            await wait_for(pilot, lambda: "you: closed" in str(status.render()))
            # the console sets both flags; only the server's confirmations tell the app
            console = app.backend.capabilities.console
            assert console is not None
            console.send_raw("toggle open true")
            console.send_raw("toggle looking true")
            await wait_for(pilot, lambda: model.own_toggles.get("looking", (False, 0))[0])
            await wait_for(pilot, lambda: "you: open · looking" in str(status.render()))
            await pilot.press("f8", "f9")  # flips what the server confirmed
            await wait_for(pilot, lambda: not hub.users[me.lower()].toggles["looking"])
            assert hub.users[me.lower()].toggles["open"] is False
            await wait_for(pilot, lambda: "you: closed · not looking" in str(status.render()))
            await quit_by_keys(app)
    finally:
        await connector.close()


async def test_the_observation_list_notices_are_remembered_and_closing_sends_nothing() -> None:
    """``9 Adding game to observation list.`` and ``9 Removing game 30 from observation
    list.`` (bernds/q5Go src/parser.cpp:825-831; NNGS 1.1.22 src/formats.h:317-321). On NNGS
    ``unobserve N`` is the ``observe`` toggle (src/command_list.h:190): a board the server
    already took off our list must close without one, or we would observe it again."""
    async with tcp_server(fast_server_config(bots=(), dialect="nngs")) as tcp:
        server = tcp.server
        alice, bob, carol = await tcp.join("alice", "bob", "carol")
        number, _ = await nngs_start(alice, bob)
        carol.backend.observe(number)
        game = server.hub.games[number]
        await wait_until(lambda: [u.name for u in game.observers] == ["carol"])
        dropped = carol.backend.session.translator.dropped_observations
        assert number not in dropped
        carol.backend.send_raw(f"unobserve {number}")  # typed in the console
        await wait_until(lambda: number in dropped)
        assert game.observers == []
        carol.backend.close_game(number)  # the board still open on our side
        carol.backend.send_raw("toggle quiet true")  # a marker after the close
        carol_user = server.hub.users["carol"]
        await wait_until(lambda: carol_user.toggles["quiet"])
        assert game.observers == []  # not observing again


async def test_review_lines_are_typed_and_shown() -> None:
    """IGS's ``56`` review lines (pzorin/qgo src/network/igsconnection.cpp:4290-4314:
    ``56 CREATE 107``, ``56 OWNER 107 eb5 3k``, ``56 NODE 107 2 1 16 4``, ``56 ERROR ...``):
    each shown in the console as a review line, an error in the server buffer."""
    async with tcp_server(fast_server_config(bots=())) as tcp:
        alice, bob = await tcp.join("alice", "bob")
        console = alice.backend.capabilities.console
        assert console is not None
        console.send_raw("review create_prevgame")

        def errors() -> list[str]:
            buffer = alice.model.buffers.get(BufferKey(ChatKind.SYSTEM))
            return [m.text for m in buffer.messages if m.kind == "error"] if buffer else []

        await wait_until(lambda: "You have no finished game to review." in errors())
        number, _ = await start_game(alice, bob)
        alice.backend.play(number, Point(1, 3))
        await wait_until(lambda: len(bob.model.followed[number].moves) == 1)
        bob.backend.resign(number)
        await wait_until(lambda: alice.model.followed[number].phase is GamePhase.FINISHED)
        console.send_raw("review create_prevgame")

        def shown() -> list[tuple[str, str]]:
            return [(line.text, line.kind) for line in alice.model.console]

        await wait_until(lambda: any(text == "56 DATAEND 1" for text, _ in shown()))
        review = [(text, kind) for text, kind in shown() if text.startswith("56 ")]
        kinds = {kind for _, kind in review}
        assert len(kinds) == 1 and "review" in kinds.pop()  # typed: not "unknown"
        texts = [text for text, _ in review]
        assert "56 OWNER 1 alice 5k*" in texts
        assert "56 NODE 1 2 1 2 2" in texts  # B4 on 5x5: column 2, second row from the top
        assert "56 GAMERESULT 1 B+Resign" in texts
