"""Two clients play each other against the embedded IGS server, linked in memory.

Over TCP on 127.0.0.1: the client killed in its own process, and the half-open link (a
cutting proxy between client and server)."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

from sgfmill import sgf

from igs_tui.apps.connector import Connector
from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.client import ClientConfig
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.go import Color, Point, format_point
from igs_tui.localserver.server import LocalServer, start_embedded
from igs_tui.localserver.timecontrol import clock_view
from igs_tui.model import (
    TOPIC_CONNECTION,
    ClientModel,
    FollowedGame,
    GamePhase,
    LinkState,
    TimeSystem,
)
from igs_tui.model.terms import MatchTerms
from tests.in_memory import MEMORY_ADDRESS, MemoryLinks, memory_server
from tests.net.proxy import CuttingProxy
from tests.play.harness import Player, fast_server_config, join, two_players
from tests.polling import wait_until


async def start_game(black: Player, white: Player, **terms: object) -> tuple[int, int]:
    """``black`` challenges with nmatch; ``white`` accepts the pending request's own terms."""
    values: dict[str, object] = dict(
        size=5, handicap=0, komi=0.5, main_seconds=600, byo_seconds=0, byo_stones=0
    )
    values.update(terms)
    black.backend.challenge(MatchTerms(white.name, Color.BLACK, **values))  # type: ignore[arg-type]
    await wait_until(lambda: white.model.challenge_from(black.name) is not None)
    offer = white.model.challenge_from(black.name)
    assert offer is not None and offer.terms.color is Color.WHITE
    white.backend.accept_challenge(offer.terms)
    await wait_until(lambda: black.game() is not None and white.game() is not None)
    b, w = black.game(), white.game()
    assert b is not None and w is not None and b.number == w.number
    assert black.model.challenge_from(white.name) is None
    return b.number, w.number


def walls_on_5x5(black: Player, white: Player) -> list[tuple[Player, Point | None]]:
    """A 5x5 game to score, move by move (None: a pass): Black walls column B, White column
    D, White's stone at A3 inside Black's area is dead; three passes end play."""
    script: list[tuple[Player, Point | None]] = []
    for row in range(5):
        script += [(black, Point(1, row)), (white, Point(3, row))]
    script += [(black, None), (white, Point(0, 2)), (black, None), (white, None), (black, None)]
    return script


async def test_scored_game_our_count_equals_server() -> None:
    async with two_players() as (_server, alice, bob):
        number, _ = await start_game(alice, bob)
        game_a, game_b = alice.game(), bob.game()
        assert game_a is not None and game_b is not None
        assert game_a.time_settings is not None
        assert game_a.time_settings.system is TimeSystem.ABSOLUTE
        # the dead white stone at A3 must be removed
        for n, (player, point) in enumerate(walls_on_5x5(alice, bob), start=1):
            player.backend.play(number, point)
            await wait_until(lambda: game_a.last_number >= n and game_b.last_number >= n)  # noqa: B023 (awaited at once)
        await wait_until(lambda: game_a.phase is GamePhase.SCORING)
        alice.backend.remove_dead(number, Point(0, 2))
        await wait_until(lambda: Point(0, 2) in game_a.dead and Point(0, 2) in game_b.dead)
        alice.backend.done_scoring(number)
        bob.backend.done_scoring(number)
        await wait_until(lambda: game_a.score_check is not None and game_b.score_check is not None)
        check = game_a.score_check
        assert check is not None
        # Both sides count the same position with the same dead stone: the results must match.
        assert check.server.result == check.ours_result, check
        assert check.agrees and game_a.phase is GamePhase.FINISHED
        assert game_a.result == game_b.result == check.server.result
        assert game_a.board.stones() == game_b.board.stones()


async def test_handicap_game_places_stones_and_white_moves_first() -> None:
    async with two_players() as (_server, alice, bob):
        number, _ = await start_game(alice, bob, size=9, handicap=2)
        game_a, game_b = alice.game(), bob.game()
        assert game_a is not None and game_b is not None
        await wait_until(lambda: len(game_b.board.stones()) == 2)
        assert game_b.board.to_move is Color.WHITE
        bob.backend.play(number, Point(4, 4))
        await wait_until(lambda: Point(4, 4) in game_a.board.stones())
        assert game_a.board.stones() == game_b.board.stones()
        assert len(game_a.board.stones()) == 3


async def test_undo_accepted_then_declined() -> None:
    async with two_players() as (_server, alice, bob):
        number, _ = await start_game(alice, bob)
        game_a, game_b = alice.game(), bob.game()
        assert game_a is not None and game_b is not None
        alice.backend.play(number, Point(2, 2))
        await wait_until(lambda: game_b.last_number == 1)
        alice.backend.request_undo(number)
        await wait_until(lambda: game_b.undo_requested_by == "alice")
        bob.backend.answer_undo(number, accept=True)
        await wait_until(lambda: game_a.last_number == 0 and game_b.last_number == 0)
        assert game_a.board.stones() == {} == game_b.board.stones()
        alice.backend.play(number, Point(1, 1))
        await wait_until(lambda: game_b.last_number == 1)
        alice.backend.request_undo(number)
        await wait_until(lambda: game_b.undo_requested_by == "alice")
        bob.backend.answer_undo(number, accept=False)
        assert game_b.undo_requested_by == ""
        await wait_until(lambda: any(n.title == "Undo declined" for n in alice.model.notifications))
        assert game_a.last_number == 1 and Point(1, 1) in game_a.board.stones()


async def test_resign_ends_the_game_for_both() -> None:
    async with two_players() as (_server, alice, bob):
        number, _ = await start_game(alice, bob)
        game_a, game_b = alice.game(), bob.game()
        assert game_a is not None and game_b is not None
        bob.backend.resign(number)
        await wait_until(lambda: game_a.phase is GamePhase.FINISHED)
        await wait_until(lambda: game_b.phase is GamePhase.FINISHED)
        assert game_a.result == game_b.result == "B+R"


async def test_time_loss_absolute() -> None:
    async with two_players(fast_server_config(time_scale=60.0)) as (_server, alice, bob):
        await start_game(alice, bob, main_seconds=60)
        game_a = alice.game()
        assert game_a is not None
        await wait_until(lambda: game_a.phase is GamePhase.FINISHED, timeout=10)
        assert game_a.result == "W+T"


async def test_time_loss_in_canadian_byoyomi() -> None:
    config = fast_server_config(time_scale=60.0)
    async with two_players(config) as (_server, alice, bob):
        number, _ = await start_game(alice, bob, main_seconds=60, byo_seconds=60, byo_stones=25)
        game_a = alice.game()
        assert game_a is not None
        assert game_a.time_settings is not None
        assert game_a.time_settings.system is TimeSystem.CANADIAN
        alice.backend.play(number, Point(2, 2))
        await wait_until(lambda: game_a.phase is GamePhase.FINISHED, timeout=10)
        assert game_a.result == "B+T"


async def test_adjourn_and_load_restore_the_board() -> None:
    async with two_players() as (_server, alice, bob):
        number, _ = await start_game(alice, bob)
        game_a = alice.game()
        assert game_a is not None
        alice.backend.play(number, Point(2, 2))
        await wait_until(lambda: game_a.last_number == 1)
        bob.backend.play(number, Point(3, 3))
        await wait_until(lambda: game_a.last_number == 2)
        before = game_a.board.stones()
        alice.backend.adjourn(number)
        bob.backend.adjourn(number)
        await wait_until(lambda: game_a.is_adjourned)
        alice.backend.load("bob")
        await wait_until(
            lambda: any(
                g.phase is GamePhase.PLAYING and g.last_number == 2
                for g in alice.model.followed.values()
            )
        )
        resumed = next(g for g in alice.model.followed.values() if g.phase is GamePhase.PLAYING)
        assert resumed.board.stones() == before


async def test_autosave_survives_sigkill_mid_game(tmp_path: Path) -> None:
    """A client process killed with SIGKILL mid-game leaves a complete SGF of the moves so far."""
    server = await start_embedded(fast_server_config())
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.play.autosave_client",
        str(server.port),
        "alice",
        str(tmp_path),
        stdout=asyncio.subprocess.PIPE,
        cwd=str(Path(__file__).resolve().parents[2]),
    )
    bob = None
    try:
        assert proc.stdout is not None
        assert (await asyncio.wait_for(proc.stdout.readline(), 30)).startswith(b"READY")
        bob = await join(server, "bob")
        bob.backend.challenge(MatchTerms("alice", Color.BLACK, 9, 0, 0.5, 600, 0, 0))
        await wait_until(lambda: bob.game() is not None, timeout=20)
        game = bob.game()
        assert game is not None
        for col in range(3):
            bob.backend.play(game.number, Point(col, 8))
            line = await asyncio.wait_for(proc.stdout.readline(), 20)
            assert line.startswith(b"MOVED")
        # The server's own move list, taken before the kill (then the game is adjourned).
        server_moves = [(r.color, r.text.split()[0]) for r in server.hub.games[game.number].records]
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        files = list(tmp_path.glob("*.sgf"))
        assert len(files) == 1 and not list(tmp_path.glob("*.tmp"))
        saved = sgf.Sgf_game.from_bytes(files[0].read_bytes())
        moves = [n.get_move() for n in saved.get_main_sequence()[1:]]
        assert [
            (Color.BLACK if color == "b" else Color.WHITE, format_point(Point(col, row), 9))
            for color, (row, col) in moves
        ] == server_moves
        assert len(moves) == 6
        assert saved.get_root().get("PB") == "bob" and saved.get_root().get("PW") == "alice"
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        if bob is not None:
            await bob.client.close()
            bob.task.cancel()
        await server.stop()


async def connector_player(
    server: LocalServer,
    name: str,
    retry_after: float = 0.05,
    port: int | None = None,
    stable_after: float = 30.0,
    links: MemoryLinks | None = None,
) -> tuple[Player, Connector]:
    """A player wired like the app (Connector): link events reach the model's status.

    It connects in memory (through ``links`` if given), or over TCP to ``port``."""
    model = ClientModel()
    backoff = BackoffPolicy(initial=retry_after, factor=1.0, maximum=retry_after, jitter=0.0)
    config = ClientConfig(backoff=backoff, stable_after=stable_after)
    if port is None:
        address, opener = MEMORY_ADDRESS, links or MemoryLinks(server)
    else:
        address, opener = ServerAddress("127.0.0.1", port), None
    connector = Connector(
        model, record=False, autosave=False, client_config=config, open_transport=opener
    )
    backend = await connector.connect((address,), name, name, fast=True)
    connection = connector.igs
    assert connection is not None and connection.task is not None
    return Player(name, model, connection.client, backend, connection.task), connector  # type: ignore[arg-type]


def link_history(model: ClientModel) -> list[tuple[LinkState, float | None]]:
    """Every (state, forfeit deadline) the status bar was told, in order."""
    seen: list[tuple[LinkState, float | None]] = []
    model.hub.subscribe(
        TOPIC_CONNECTION,
        lambda _t: seen.append((model.connection.state, model.connection.forfeit_deadline)),
    )
    return seen


async def stop_all(server: LocalServer, connector: Connector | None, alice: Player | None) -> None:
    """Tear down a test with a Connector-wired bob and a harness alice (either may be missing)."""
    if connector is not None:
        await connector.close()
    if alice is not None:
        await alice.client.close()
        alice.task.cancel()
    await server.stop()


async def test_link_drop_mid_game_reloads_by_itself_with_identical_boards() -> None:
    """The link drops (transport closed under the client); the client reconnects and loads the
    game by itself (no ``load`` from the test); the boards are identical and play goes on.

    The forfeit deadline is on the status while the link is down, stays after the link is
    back until the game is, and is cleared once the game's heading arrived."""
    server = await memory_server(fast_server_config())
    connector = None
    alice = None
    try:
        alice = await join(server, "alice")
        bob, connector = await connector_player(server, "bob")
        history = link_history(bob.model)
        number, _ = await start_game(alice, bob)
        game_a, game_b = alice.game(), bob.game()
        assert game_a is not None and game_b is not None
        alice.backend.play(number, Point(2, 2))
        await wait_until(lambda: game_b.last_number == 1)
        bob.backend.play(number, Point(3, 3))
        await wait_until(lambda: game_a.last_number == 2)
        transport = bob.client._transport
        assert transport is not None
        await transport.close()
        await wait_until(lambda: game_a.is_adjourned)  # the server adjourned it for alice

        def reloaded(player: Player, old: FollowedGame) -> bool:
            """The loaded game is a new entry (a closed game never goes on under its
            number), with the adjourned game's moves."""
            game = player.game()
            return (
                game is not None
                and game is not old
                and game.phase is GamePhase.PLAYING
                and game.last_number == 2
            )

        await wait_until(lambda: reloaded(alice, game_a) and reloaded(bob, game_b))
        assert game_a.is_adjourned and game_b.is_adjourned  # the old entries stay as they were
        again_a, again_b = alice.game(), bob.game()
        assert again_a is not None and again_b is not None
        await wait_until(lambda: bob.model.connection.forfeit_deadline is None)
        assert again_a.board.stones() == again_b.board.stones()
        down = [d for s, d in history if s in (LinkState.DISCONNECTED, LinkState.RECONNECTING)]
        assert down and all(d is not None for d in down)
        back = [d for s, d in history if s is LinkState.CONNECTED]
        assert back and back[0] == down[0]  # still counting down right after the login
        assert bob.model.connection.state is LinkState.CONNECTED
        alice.backend.play(again_a.number, Point(1, 1))
        await wait_until(lambda: again_b.last_number == 3)
        assert again_a.board.stones() == again_b.board.stones()
        assert again_a.sync_errors == [] == again_b.sync_errors
    finally:
        await stop_all(server, connector, alice)


async def test_load_is_retried_when_the_opponent_comes_back() -> None:
    """``load`` needs both players online: when the opponent left while we were away, the
    ``load`` sent after our login is refused, and is sent again when the opponent's "has
    connected" line arrives, without any manual command."""
    server = await memory_server(fast_server_config())
    connector = None
    alice = None
    try:
        alice = await join(server, "alice")
        bob, connector = await connector_player(server, "bob", retry_after=1.5)
        number, _ = await start_game(alice, bob)
        game_a, game_b = alice.game(), bob.game()
        assert game_a is not None and game_b is not None
        alice.backend.play(number, Point(2, 2))
        await wait_until(lambda: game_b.last_number == 1)
        transport = bob.client._transport
        assert transport is not None
        await transport.close()  # bob drops; he retries in 1.5 s
        await wait_until(lambda: game_a.is_adjourned)
        await alice.client.close()  # meanwhile alice leaves (her harness does not reconnect)
        await alice.task
        await wait_until(lambda: any("not logged on" in c.text for c in bob.model.console))
        assert bob.client.connected and bob.model.connection.forfeit_deadline is not None
        alice = await join(server, "alice")  # alice is back; her fresh client does not load
        await wait_until(lambda: bob.model.connection.forfeit_deadline is None)
        resumed = bob.game()
        assert resumed is not None and resumed.phase is GamePhase.PLAYING
        assert resumed.last_number == 1 and resumed.board.get(Point(2, 2)) is Color.BLACK
    finally:
        await stop_all(server, connector, alice)


async def test_requested_komi_is_proposed_at_the_start_and_agreed() -> None:
    """nmatch has no komi field: the challenger's client proposes its komi once the game
    starts; the opponent sees the proposal and agrees; everyone counts with it."""
    async with two_players() as (server, alice, bob):
        number, _ = await start_game(alice, bob, komi=0.5)
        game_a, game_b = alice.game(), bob.game()
        assert game_a is not None and game_b is not None
        await wait_until(lambda: game_b.komi_request == 0.5)
        assert game_b.komi == 6.5 and server.hub.games[number].komi == 6.5
        assert any(n.kind == "komi" for n in bob.model.notifications)
        bob.backend.send_raw("komi 0.5")
        await wait_until(lambda: game_a.komi == 0.5 and game_b.komi == 0.5)
        assert server.hub.games[number].komi == 0.5
        assert game_a.board.komi == 0.5 and game_b.komi_request is None


async def test_default_komi_is_not_proposed() -> None:
    async with two_players() as (server, alice, bob):
        number, _ = await start_game(alice, bob, komi=6.5)
        game_b = bob.game()
        assert game_b is not None
        alice.backend.play(number, Point(2, 2))  # queued after any proposal would have been
        await wait_until(lambda: game_b.last_number == 1)
        assert server.hub.games[number].komi_request is None
        assert game_b.komi_request is None and game_b.komi == 6.5


async def test_igsbot_agrees_to_the_requested_komi() -> None:
    server = await memory_server(fast_server_config())
    alice = None
    try:
        alice = await join(server, "alice")
        alice.backend.challenge(
            MatchTerms("igsbot", Color.BLACK, size=9, komi=0.5, main_seconds=600)
        )
        await wait_until(lambda: alice.game() is not None)
        game = alice.game()
        assert game is not None
        await wait_until(lambda: game.komi == 0.5)
        assert server.hub.games[game.number].komi == 0.5
    finally:
        if alice is not None:
            await alice.client.close()
            alice.task.cancel()
        await server.stop()


async def test_link_dies_unnoticed_by_the_server_the_game_goes_on_after_relogin() -> None:
    """A half-open link: our side gives up, the server still holds the old session. The new
    login throws the old copy out and the game was never adjourned, so ``load`` is refused;
    the client then fetches the game's moves, which ends the countdown and catches up."""
    server = await start_embedded(fast_server_config())
    connector = None
    alice = None
    try:
        async with CuttingProxy(server.port) as proxy:
            alice = await join(server, "alice")
            bob, connector = await connector_player(server, "bob", port=proxy.port)
            number, _ = await start_game(alice, bob)
            game_a, game_b = alice.game(), bob.game()
            assert game_a is not None and game_b is not None
            alice.backend.play(number, Point(2, 2))
            await wait_until(lambda: game_b.last_number == 1)
            assert proxy.cut_client_side() == 1
            await wait_until(lambda: bob.model.connection.forfeit_deadline is not None)
            assert not game_a.is_adjourned  # the server never noticed: still on for alice
            await wait_until(lambda: proxy.accepted == 2 and bob.client.connected)
            await wait_until(lambda: bob.model.connection.forfeit_deadline is None)
            assert any("no adjourned game" in c.text for c in bob.model.console)
            assert game_b.phase is GamePhase.PLAYING and not game_a.is_adjourned
            bob.backend.play(number, Point(3, 3))
            await wait_until(lambda: game_a.last_number == 2)
            alice.backend.play(number, Point(1, 1))
            await wait_until(lambda: game_b.last_number == 3)
            assert game_a.board.stones() == game_b.board.stones()
            assert game_a.sync_errors == [] == game_b.sync_errors
    finally:
        await stop_all(server, connector, alice)


async def test_japanese_byoyomi_periods_reach_players_and_observers() -> None:
    """Main time, then three periods (half a real second each at time scale 120): the server's
    TIME lines give an observer the system and the periods, and the flag falls after the
    last period."""
    config = fast_server_config(time_scale=120.0)
    async with two_players(config) as (server, alice, bob):
        number, _ = await start_game(
            alice, bob, main_seconds=60, byo_seconds=60, byo_periods=3, byo_stones=0
        )
        carol = await join(server, "carol")
        try:
            carol.backend.observe(number)
            await wait_until(lambda: number in carol.model.followed)
            watched = carol.model.followed[number]
            game_a, game_b = alice.game(), bob.game()
            assert game_a is not None and game_b is not None
            assert game_a.time_settings is not None
            assert game_a.time_settings.system is TimeSystem.JAPANESE
            alice.backend.play(number, Point(2, 2))
            await wait_until(lambda: game_b.last_number == 1)
            # The server's clock runs 120 times faster than ours: ask it when White is in overtime.
            white = server.hub.games[number].clocks[Color.WHITE]
            await wait_until(lambda: clock_view(white, server.hub.now())[2] == 1)
            bob.backend.play(number, Point(3, 3))
            await wait_until(lambda: watched.last_number == 2)
            settings = watched.time_settings
            assert settings is not None and settings.system is TimeSystem.JAPANESE
            assert (settings.main_seconds, settings.byo_seconds, settings.periods) == (60, 60, 3)
            reading = watched.clocks[Color.WHITE].reading
            assert reading.in_byoyomi and 1 <= reading.periods <= 3
            assert 0 < reading.byo_seconds <= 60
            await wait_until(lambda: game_a.phase is GamePhase.FINISHED, timeout=20)
            assert game_a.result == "W+T"
        finally:
            await carol.client.close()
            carol.task.cancel()


async def classic_game(server: LocalServer, black: Player, white: Player, **terms: object) -> int:
    """``white``'s client cannot take nmatch: ``black``'s request falls back to a classic
    ``match`` (the server then never sends GAMERPROPS), which ``white`` accepts."""
    values: dict[str, object] = dict(size=9, main_seconds=600, byo_seconds=0, byo_stones=0)
    values.update(terms)
    account = server.hub.find_online(white.name)
    assert account is not None
    await wait_until(lambda: account.flag("nmatch"))  # the client's own setup turned it on
    white.backend.send_raw("toggle nmatch false")
    await wait_until(lambda: not account.flag("nmatch"))
    black.backend.challenge(MatchTerms(white.name, Color.BLACK, **values))  # type: ignore[arg-type]
    await wait_until(
        lambda: (o := white.model.challenge_from(black.name)) is not None and o.kind == "match"
    )
    offer = white.model.challenge_from(black.name)
    assert offer is not None
    white.backend.accept_challenge(offer.terms)
    await wait_until(lambda: black.game() is not None and white.game() is not None)
    b, w = black.game(), white.game()
    assert b is not None and w is not None and b.number == w.number
    return b.number


async def test_a_classic_9x9_match_has_its_size_and_komi_and_moves_land_on_9x9() -> None:
    async with two_players() as (server, alice, bob):
        number = await classic_game(server, alice, bob)
        served = server.hub.games[number]
        assert (served.nmatch, served.size) == (False, 9)
        game_a, game_b = alice.game(), bob.game()
        assert game_a is not None and game_b is not None
        assert game_a.size == game_b.size == 9 and game_a.board.size == game_b.board.size == 9
        await wait_until(lambda: game_a.komi == game_b.komi == served.komi)
        assert served.komi == 6.5 and game_a.board.komi == game_b.board.komi == 6.5
        alice.backend.play(number, Point(8, 8))  # J9: the top right corner of a 9x9 board
        await wait_until(lambda: game_b.last_number == 1)
        bob.backend.play(number, Point(0, 8))  # A9
        await wait_until(lambda: game_a.last_number == 2)
        for game in (game_a, game_b):
            assert game.board.stones() == {Point(8, 8): Color.BLACK, Point(0, 8): Color.WHITE}
            assert game.size == 9 and not game.sync_errors
        assert [m.text for m in served.records] == ["J9", "A9"]


async def test_komi_proposed_by_the_challenger_is_agreed_with_set_komi() -> None:
    """alice asks for komi 0.5 in the game bob accepted; bob's client agrees through the
    Backend intent (not a typed command); both models and the server count with 0.5."""
    async with two_players() as (server, alice, bob):
        number, _ = await start_game(alice, bob, size=9, komi=0.5)
        game_a, game_b = alice.game(), bob.game()
        assert game_a is not None and game_b is not None
        await wait_until(lambda: game_b.komi_request == 0.5)
        assert game_a.komi == game_b.komi == 6.5
        proposal = game_b.komi_request
        assert proposal is not None
        bob.backend.set_komi(number, proposal)
        await wait_until(lambda: game_a.komi == 0.5 and game_b.komi == 0.5)
        assert server.hub.games[number].komi == 0.5
        assert game_a.board.komi == game_b.board.komi == 0.5
        assert game_a.komi_request is None and game_b.komi_request is None


async def test_komi_agreed_in_a_classic_game_is_not_undone_by_its_list_line() -> None:
    async with two_players() as (server, alice, bob):
        number = await classic_game(server, alice, bob, komi=0.5)
        game_a, game_b = alice.game(), bob.game()
        assert game_a is not None and game_b is not None
        await wait_until(lambda: game_b.komi_request == 0.5)
        bob.backend.set_komi(number, 0.5)
        await wait_until(lambda: game_a.komi == 0.5 and game_b.komi == 0.5)
        alice.backend.play(number, Point(4, 4))  # sent after every list request: a barrier
        await wait_until(lambda: game_a.last_number == 1 and game_b.last_number == 1)
        assert game_a.komi == game_b.komi == server.hub.games[number].komi == 0.5
        assert game_a.size == game_b.size == 9


async def test_a_reloaded_classic_9x9_game_is_replayed_on_9x9() -> None:
    """No request precedes a ``load``: the moves arrive before anything says the size, and
    the game's list line (asked for when it came back) puts them on a 9x9 board."""
    async with two_players() as (server, alice, bob):
        number = await classic_game(server, alice, bob)
        game_a = alice.game()
        assert game_a is not None
        alice.backend.play(number, Point(8, 8))
        await wait_until(lambda: game_a.last_number == 1)
        bob.backend.play(number, Point(0, 0))
        await wait_until(lambda: game_a.last_number == 2)
        before = game_a.board.stones()
        alice.backend.adjourn(number)
        bob.backend.adjourn(number)
        await wait_until(lambda: game_a.is_adjourned)
        # Another game takes the freed number: the reloaded one comes back under a new one.
        carol, dave = await join(server, "carol"), await join(server, "dave")
        try:
            await start_game(carol, dave)
            assert number in server.hub.games
            alice.backend.load("bob")
            await wait_until(lambda: (g := alice.game()) is not None and g is not game_a)
            resumed = alice.game()
            assert resumed is not None and resumed.number != number
            await wait_until(lambda: resumed.last_number == 2 and resumed.size == 9)
            assert resumed.board.size == 9 and resumed.board.stones() == before
            assert resumed.komi == 6.5 and not resumed.sync_errors
        finally:
            for p in (carol, dave):
                await p.client.close()
                p.task.cancel()
