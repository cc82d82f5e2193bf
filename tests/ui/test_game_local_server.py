"""End to end on 127.0.0.1: observe a game on the embedded IGS-compatible server and watch the
board follow the server's moves; then close the tab with ``u`` (the real backend unobserves)."""

from __future__ import annotations

from textual.widgets import Tab

from igs_tui.go import format_point, parse_point
from igs_tui.localserver.config import ServerConfig
from igs_tui.ui.game.game_info import GameInfo
from igs_tui.ui.game.game_panel import GamesPanel
from tests.polling import wait_until
from tests.ui.local_play import local_client, own_game_against_igsbot
from tests.ui.test_game_support import PanelApp


async def test_observed_game_follows_server_moves_and_u_unobserves() -> None:
    config = ServerConfig(bot_delay=0.3, bot_game_interval=0.2, broadcast=False, bot_games=1)
    async with local_client(config) as local:
        model, client, backend = local.model, local.client, local.backend
        app = PanelApp(model, backend)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_until(lambda: client.connected)
            backend.refresh_games()
            await wait_until(lambda: bool(model.games))
            number = next(iter(model.games))
            backend.observe(number)
            await wait_until(lambda: number in model.followed and model.followed[number].moves)
            panel = app.query_one(GamesPanel)
            await wait_until(lambda: number in panel.game_numbers)
            followed = model.followed[number]
            seen = len(followed.moves)
            await wait_until(lambda: len(followed.moves) > seen)  # the bots keep playing
            view = panel.view(number)

            def board_shows_live_position() -> bool:
                # the view catches up with each move within a refresh (bots move every 0.3 s)
                return (
                    view.browse.index == len(followed.moves)
                    and dict(view.board.picture.stones) == followed.board.stones()
                )

            await wait_until(board_shows_live_position)
            assert view.browse.following
            assert followed.sync_errors == []
            assert view.board.picture.stones  # the server's stones are on our board
            await pilot.press("u")
            await wait_until(lambda: number not in model.followed)
            await pilot.pause()
            assert panel.game_numbers == []


async def test_playing_igsbot_through_the_board() -> None:
    """Challenge the server's bot, play a typed move, see the bot's answer on our board; an
    illegal move (the bot's stone) is refused locally and never reaches the server."""
    async with own_game_against_igsbot() as own:
        pilot, panel, game, number, sent = own.pilot, own.panel, own.game, own.number, own.sent
        await pilot.press("e", "5", "enter")
        await wait_until(lambda: len(game.moves) >= 2)  # ours, then the bot's answer
        assert game.moves[0].point == parse_point("E5", 9)
        bot_point = game.moves[1].point
        assert bot_point is not None
        await wait_until(
            lambda: dict(panel.view(number).board.picture.stones) == game.board.stones()
        )
        before = list(sent)
        # lower case on purpose: "h4" must mean H4, not "cursor left, then Enter"
        await pilot.press(*format_point(bot_point, 9).lower(), "enter")
        await pilot.pause()
        assert sent == before  # refused locally
        assert "occupied" in panel.view(number).query_one(GameInfo).render_info().plain


async def test_observed_relay_shows_the_real_names_from_its_title() -> None:
    """The local relay (one account on both sides, a titled game): the panel and the tab name
    the players of the title, the relay account stays visible."""
    config = ServerConfig(bot_games=0, broadcast=True, broadcast_interval=0.2)
    async with local_client(config) as local:
        model, client, backend = local.model, local.client, local.backend
        app = PanelApp(model, backend)
        async with app.run_test(size=(120, 36)) as pilot:
            await wait_until(lambda: client.connected)
            backend.refresh_games()
            await wait_until(lambda: any(g.is_broadcast for g in model.games.values()))
            number = next(n for n, g in model.games.items() if g.is_broadcast)
            backend.observe(number)
            await wait_until(
                lambda: number in model.followed and bool(model.followed[number].title)
            )
            panel = app.query_one(GamesPanel)
            await wait_until(lambda: number in panel.game_numbers)
            # the view is listed as soon as it is mounted; its panel comes with its compose
            await wait_until(lambda: bool(panel.view(number).query(GameInfo)))
            info = panel.view(number).query_one(GameInfo)
            await wait_until(lambda: "Kuroda Akira" in info.render_info().plain)
            await pilot.pause()
            text = info.render_info().plain
            assert "● Shirai Ken 8-dan" in text and "○ Kuroda Akira 9-dan" in text
            assert "relay account kansai1" in text
            tabs = [str(tab.label) for tab in app.query("ContentTab").results(Tab)]
            assert f"#{number} Kuroda-Shirai" in tabs
