"""The KGS client over the binary protocol (kgs-protocol.txt) end to end: the launcher's
Connector (``--server kgs-binary:HOST:PORT``) against the embedded fake KGS server's binary
listener over real TCP on 127.0.0.1 -- the handshake byte, the zlib-compressed server stream,
the length and type recurrences -- and the same session and model as over JSON."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from igs_tui.backends.kgs.protocol.primitives import password_hash
from igs_tui.go import Color, Point
from igs_tui.localkgs import LocalKgsServer
from igs_tui.localkgs.games import GameChannel
from igs_tui.model import BufferKey, ChatKind, GamePhase, LinkState, Role
from igs_tui.model.terms import MatchTerms
from tests.e2e.kgs_clients import (
    ROBOT_TERMS,
    kgs_connector,
    kgs_server,
    logged_in,
    login_request,
)
from tests.polling import wait_until


@pytest.fixture
async def server() -> AsyncIterator[LocalKgsServer]:
    async with kgs_server(binary=True, watched_move_seconds=1.0) as srv:
        yield srv


async def test_refused_logins_say_why_over_binary(server: LocalKgsServer) -> None:
    """login(0004) "wrong password" and login(0005) "specified user does not exist"."""
    connector = kgs_connector(binary=True)
    with pytest.raises(ConnectionError, match="Wrong password"):
        await connector(login_request(server, "tester", "wrong", binary=True))
    with pytest.raises(ConnectionError, match="No such user"):
        await connector(login_request(server, "nobody", "pw", binary=True))
    await connector.close()


async def test_rooms_users_chat_games_and_details_over_binary(server: LocalKgsServer) -> None:
    async with logged_in(server, "tester", "secret", binary=True) as tester:
        model, backend = tester.model, tester.backend
        assert model.connection.state is LinkState.CONNECTED and model.me == "tester"
        assert model.connection.server == f"kgs-binary:127.0.0.1:{server.binary_port}"
        # upd_rooms(0318) names the rooms
        await wait_until(
            lambda: model.rooms and {r.name for r in model.rooms} >= {"English Room"},
            what="room names from upd_rooms",
        )
        rooms = backend.capabilities.rooms
        assert rooms is not None and model.rooms is not None
        english = next(r for r in model.rooms if r.name == "English Room")
        rooms.join_room(english.number)
        # join_room(4300) lists the users, upd_games(4304) the games
        await wait_until(lambda: model.room == english.number, what="in the English Room")
        await wait_until(lambda: "kumobot" in model.players, what="the room's users")
        watched = await tester.watched_game()
        # msg_room(4301) both ways: a line naming the robot gets its answer
        channels = backend.capabilities.channels
        assert channels is not None
        key = next(k for k in model.buffers if k.kind is ChatKind.CHANNEL)
        channels.yell(key.target, "hello kumobot")
        await wait_until(
            lambda: any(m.author == "kumobot" for m in model.buffers[key].messages),
            what="the robot's answer in the room",
        )
        # msg_chat(0013) both ways
        await tester.tell_and_hear_back("kumobot", "hello there")
        # req_userinfo(0007) -> userinfo(0008)
        assert ("Name", "Kumo the robot") in (await tester.card("kumobot")).details
        # observing: the game is joined, and the UI says its moves cannot be shown
        observing = backend.capabilities.observing
        assert observing is not None
        observing.observe(watched.number)
        await wait_until(lambda: watched.number in model.followed, what="the observed game")
        game = model.followed[watched.number]
        assert game.role is Role.OBSERVING and game.size == 9 and game.komi == 6.5
        beside_board = BufferKey(ChatKind.GAME, str(watched.number))
        await wait_until(
            lambda: (
                beside_board in model.buffers
                and any("TREE" in m.text for m in model.buffers[beside_board].messages)
            ),
            what="the notice that TREE cannot be shown, in the game's chat beside its board",
        )
        assert game.moves == []  # nothing invented


async def test_challenge_a_robot_and_play_own_moves_over_binary(server: LocalKgsServer) -> None:
    """new_game(4305) opens the challenge, the robot's terms come as challenge(4400), our
    challenge(4400) makes them final, the game comes as upd_game(4401); our game_move(4427)
    reaches the server's board; resign_game(4410) ends it."""
    async with logged_in(server, "alice", "wonderland", binary=True) as alice:
        terms = replace(ROBOT_TERMS, main_seconds=600, byo_seconds=0, byo_stones=0)
        # the robot's challenge(4400) takes our terms as they are: ours are final, the game
        # starts (upd_game)
        game = await alice.game_against_the_robot(terms)
        playing = alice.playing
        served = server.world.channels[game.number]
        assert isinstance(served, GameChannel)
        playing.play(game.number, Point(4, 4))
        # x from the left, y from the top: our Point(4, 4) is the 9x9 centre either way
        await wait_until(
            lambda: served.game.get(Point(4, 4)) is Color.BLACK,
            what="our move on the server's board",
        )
        playing.resign(game.number)
        await wait_until(lambda: game.phase is GamePhase.FINISHED, what="the game over")
        assert game.result == "W+R"


async def test_a_json_client_and_a_binary_client_meet_in_a_room(server: LocalKgsServer) -> None:
    """One world, two transports: a line said over binary reaches a JSON client."""
    async with (
        logged_in(server, "tester", "secret", binary=True) as tester,
        logged_in(server, "bob", "builder") as bob,
    ):
        b_model, b_backend, j_model = tester.model, tester.backend, bob.model
        for client in (tester, bob):
            await client.join_room_named("Computer Go")
        await wait_until(lambda: "bob" in b_model.players, what="bob seen over binary")
        channels = b_backend.capabilities.channels
        assert channels is not None
        key = next(k for k in b_model.buffers if k.kind is ChatKind.CHANNEL)
        channels.yell(key.target, "binary says hi")
        j_key = next(k for k in j_model.buffers if k.kind is ChatKind.CHANNEL)
        await wait_until(
            lambda: any(
                (m.author, m.text) == ("tester", "binary says hi")
                for m in j_model.buffers[j_key].messages
            ),
            what="the line at the JSON client",
        )


async def test_scoring_and_a_counted_result_over_binary(server: LocalKgsServer) -> None:
    """Passes end play; game_done(440a) brings the scoring phase and its id, our game_done
    agrees, final_result(440b) brings the count: the same margin as the server's."""
    async with logged_in(server, "alice", "wonderland", binary=True) as alice:
        model, playing = alice.model, alice.playing
        game = await alice.game_against_the_robot()
        served = server.world.channels[game.number]
        assert isinstance(served, GameChannel)
        # The board cannot show the moves (TREE): the test picks ours from the server's board.
        for turn in range(6):
            point = next(
                Point(c, r)
                for r in range(9)
                for c in range(9)
                if served.game.check(Point(c, r), Color.BLACK).legal and (c + r) % 3 == turn % 3
            )
            playing.play(game.number, point)
            await wait_for_server_moves(served, 2 * (turn + 1))
        playing.play(game.number, None)
        await wait_until(lambda: game.phase is GamePhase.SCORING, what="scoring (game_done)")
        # mark_dead(4407): one of the robot's stones, found on the server's board
        white = next(p for p, c in sorted(served.game.stones().items()) if c is Color.WHITE)
        playing.remove_dead(game.number, white)
        scoring = served.scoring
        assert scoring is not None
        await wait_until(lambda: scoring.is_dead(white), what="the stone dead on the server")
        # the mark changed the count: game_done(440a) brings its new id (the console shows it)
        wanted = f"'id': {served.done_id},"
        await wait_until(
            lambda: any(
                "game_done@440a" in line.text and wanted in line.text for line in model.console
            ),
            what="the new done id",
        )
        playing.done_scoring(game.number)
        await wait_until(lambda: game.phase is GamePhase.FINISHED, what="the counted result")
        score = served.score
        assert isinstance(score, float)
        margin = abs(score)
        shown = str(int(margin)) if margin == int(margin) else f"{margin:g}"
        assert game.result == f"{'B' if score > 0 else 'W'}+{shown}"


async def wait_for_server_moves(served: GameChannel, count: int) -> None:
    await wait_until(lambda: served.game.move_count >= count, what=f"{count} moves on the server")


async def test_a_binary_transcript_and_the_console_hold_no_password(
    server: LocalKgsServer, tmp_path: Path
) -> None:
    """The spec's password number is "VERY insecure, basically plaintext": neither it nor the
    password reaches the transcript or the console."""
    connector = kgs_connector(binary=True, record=True, record_dir=tmp_path)
    model = connector.model
    await connector(login_request(server, "tester", "secret", binary=True))
    await connector.end_session()
    await connector.close()
    (transcript,) = tmp_path.glob("*.log")
    text = transcript.read_text(encoding="utf-8")
    number = str(password_hash("secret"))
    assert "login@0001" in text and "tester" in text
    assert "secret" not in text and number not in text
    console = "\n".join(line.text for line in model.console)
    assert "login@0000" in console and "<redacted>" in console
    assert "secret" not in console and number not in console


async def test_a_binary_player_answers_a_json_players_challenge(server: LocalKgsServer) -> None:
    """bob (JSON) opens a challenge; tester (binary) answers it with challenge(4400); bob's
    final terms come back as challenge(4400) and tester's session accepts them; both are in
    one game."""
    async with (
        logged_in(server, "tester", "secret", binary=True) as tester,
        logged_in(server, "bob", "builder") as bob,
    ):
        b_model, j_model = tester.model, bob.model
        for client in (tester, bob):
            await client.join_room_named("Computer Go")
        j_matching, b_matching = bob.matching, tester.matching
        offer = MatchTerms("tester", color=Color.WHITE, size=9, komi=6.5, kind="free")
        j_matching.challenge(offer)
        # over binary the open game is listed without its proposal (the console shows it):
        # tester answers it by name
        await wait_until(
            lambda: any(
                "upd_games@4304" in line.text and "'owner': {'name': 'bob'" in line.text
                for line in b_model.console
            ),
            what="bob's open game listed over binary",
        )
        b_matching.accept_challenge(
            MatchTerms("bob", color=Color.BLACK, size=9, komi=6.5, kind="free")
        )
        # tester's terms are bob's own: bob's session makes them final, tester's accepts them
        await wait_until(lambda: b_model.my_games() and j_model.my_games(), what="the game")
        (b_game,), (j_game,) = b_model.my_games(), j_model.my_games()
        assert b_game.number == j_game.number
        assert (b_game.role, j_game.role) == (Role.PLAYING_BLACK, Role.PLAYING_WHITE)
