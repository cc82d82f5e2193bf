"""Two people play each other on KGS: two clients (the launcher's Connector, as the app builds
it with ``--server kgs:HOST:PORT``) log in to the embedded KGS server over real HTTP on
127.0.0.1, challenge, answer, counter, play, score and save.

The challenge conversation is the reference's (``CHALLENGE_CREATE``; the challenger's
``CHALLENGE_SUBMIT``; the owner's complete ``CHALLENGE_PROPOSAL``; the challenger's
``CHALLENGE_ACCEPT``; ``CHALLENGE_FINAL``); the game ends with two passes, dead stones marked
(``GAME_MARK_LIFE``) and both players' ``GAME_SCORING_DONE``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from sgfmill import sgf

from igs_tui.go import Color, Point
from igs_tui.localkgs import LocalKgsServer
from igs_tui.model import FollowedGame, GamePhase, Role
from igs_tui.model.terms import MatchTerms
from tests.e2e.kgs_clients import KgsClient, kgs_server
from tests.e2e.kgs_clients import log_in as kgs_log_in
from tests.polling import wait_until


@pytest.fixture
async def server() -> AsyncIterator[LocalKgsServer]:
    async with kgs_server(watched_move_seconds=1e6) as srv:
        yield srv


@dataclass
class Player(KgsClient):
    """One user's client (:class:`KgsClient`) and its saved games."""

    games_dir: Path = Path()

    async def incoming(self, opponent: str, kind: str = "") -> MatchTerms:
        """The request from ``opponent`` once it shows, as the dialog would offer it."""
        await wait_until(
            lambda: (
                (c := self.model.challenge_from(opponent)) is not None
                and c.incoming
                and (not kind or c.kind == kind)
            ),
            what=f"{self.model.me}: a request from {opponent}",
        )
        challenge = self.model.challenge_from(opponent)
        assert challenge is not None
        return challenge.terms

    async def game_with(self, opponent: str, *, not_: int | None = None) -> FollowedGame:
        def mine() -> FollowedGame | None:
            for game in self.model.my_games():
                if opponent in (game.white, game.black) and game.number != not_:
                    return game
            return None

        await wait_until(lambda: mine() is not None, what=f"{self.model.me}: the game")
        game = mine()
        assert game is not None
        return game

    def saved(self) -> list[Path]:
        return sorted(self.games_dir.glob("*.sgf"))


async def log_in(server: LocalKgsServer, user: str, password: str, tmp: Path) -> Player:
    """``user`` logged in, autosaving into their own folder, and in the first room."""
    games_dir = tmp / f"{user}-games"
    client = await kgs_log_in(server, user, password, games_dir=games_dir)
    player = Player(client.connector, client.backend, games_dir)
    await player.join_first_room()
    return player


async def close(*players: Player) -> None:
    for player in players:
        await player.close()


# A 9x9 game: black walls column E, white column F; white's stone at B5 is dead in black's
# area. Japanese counting (the server's RULES): black 36 points of territory (A-D) + 1 dead
# stone = 37; white 27 (G-J) + komi 6.5 = 33.5: B+3.5.
WALLS = [(Point(4, row), Point(5, row)) for row in range(9)]
DEAD = Point(1, 4)  # B5


async def play_and_wait(mover: Player, other: Player, game: int, point: Point | None) -> None:
    number = mover.model.followed[game].last_number + 1
    mover.playing.play(game, point)
    for player in (mover, other):
        await wait_until(
            lambda p=player: p.model.followed[game].last_number >= number,  # type: ignore[misc]
            what=f"{player.model.me}: move {number}",
        )


async def test_two_people_challenge_accept_play_score_and_save(
    server: LocalKgsServer, tmp_path: Path
) -> None:
    alice = await log_in(server, "alice", "wonderland", tmp_path)
    bob = await log_in(server, "bob", "builder", tmp_path)
    try:
        await wait_until(lambda: alice.model.room == bob.model.room, what="the same room")
        # alice challenges bob: 9x9, she plays black, komi 6.5, no clock
        terms = MatchTerms("bob", color=Color.BLACK, size=9, komi=6.5, main_seconds=0)
        terms = replace(terms, byo_seconds=0, byo_stones=0, kind="free")
        assert alice.matching.check_terms(terms) is None
        alice.matching.challenge(terms)
        offered = await bob.incoming("alice")
        assert (offered.color, offered.size, offered.komi) == (Color.WHITE, 9, 6.5)
        # bob accepts the terms as shown: alice is asked nothing more, the game starts
        bob.matching.accept_challenge(offered)
        game_b = await bob.game_with("alice")
        game_a = await alice.game_with("bob")
        assert game_a.number == game_b.number
        number = game_a.number
        assert game_a.role is Role.PLAYING_BLACK and game_b.role is Role.PLAYING_WHITE
        assert (game_a.size, game_a.komi) == (9, 6.5)
        assert alice.model.challenge_from("bob") is None
        assert bob.model.challenge_from("alice") is None

        for black, white in WALLS:
            await play_and_wait(alice, bob, number, black)
            await play_and_wait(bob, alice, number, white)
        await play_and_wait(alice, bob, number, None)
        await play_and_wait(bob, alice, number, DEAD)
        await play_and_wait(alice, bob, number, None)
        await play_and_wait(bob, alice, number, None)  # the second pass in a row: scoring
        for player in (alice, bob):
            await wait_until(
                lambda p=player: p.model.followed[number].phase is GamePhase.SCORING,  # type: ignore[misc]
                what=f"{player.model.me}: scoring",
            )
        # bob gives up his stone at B5: both boards show it dead
        bob.playing.remove_dead(number, DEAD)
        for player in (alice, bob):
            await wait_until(
                lambda p=player: DEAD in p.model.followed[number].dead,  # type: ignore[misc]
                what=f"{player.model.me}: B5 dead",
            )
        alice.playing.done_scoring(number)
        bob.playing.done_scoring(number)
        for player in (alice, bob):
            await wait_until(
                lambda p=player: p.model.followed[number].phase is GamePhase.FINISHED,  # type: ignore[misc]
                what=f"{player.model.me}: the result",
            )
            assert player.model.followed[number].result == "B+3.5"

        # both records: the same 22 moves, the players and the result
        for player in (alice, bob):
            await wait_until(lambda p=player: p.saved(), what=f"{player.model.me}: the SGF")  # type: ignore[misc]
            (path,) = player.saved()

            def finished(path: Path = path) -> bool:
                return b"RE[B+3.5]" in path.read_bytes()

            await wait_until(finished, what=f"{player.model.me}: the SGF's result")
            record = sgf.Sgf_game.from_bytes(path.read_bytes())
            root = record.get_root()
            assert root.get("PB") == "alice" and root.get("PW") == "bob"
            assert record.get_size() == 9 and root.get("KM") == 6.5
            nodes = record.get_main_sequence()[1:]
            # the count's territory stands on a node of its own after the last move (#28)
            assert nodes[-1].get_move() == (None, None) and nodes[-1].has_property("TB")
            assert root.get("RU") == "Japanese"  # the rules KGS named for the game
            moves = [node.get_move() for node in nodes[:-1]]
            assert len(moves) == 22
            assert moves[0] == ("b", (0, 4))  # E1 (sgfmill: row 0 is the bottom)
            assert moves[19] == ("w", (4, 1))  # B5
            assert moves[-2:] == [("b", None), ("w", None)]

        # a second challenge: bob counters (he takes black, komi 0.5), alice takes the counter
        alice.matching.challenge(terms)
        offered = await bob.incoming("alice")
        counter = replace(offered, color=Color.BLACK, komi=0.5)
        bob.matching.challenge(counter)  # what the dialog's Counter does
        answer = await alice.incoming("bob", kind="answer")
        assert (answer.color, answer.komi) == (Color.WHITE, 0.5)
        alice.matching.accept_challenge(answer)
        second_a = await alice.game_with("bob", not_=number)
        second_b = await bob.game_with("alice", not_=number)
        assert second_a.number == second_b.number != number
        assert second_a.role is Role.PLAYING_WHITE and second_b.role is Role.PLAYING_BLACK
        assert second_a.komi == 0.5
        await play_and_wait(bob, alice, second_a.number, Point(4, 4))
        alice.playing.resign(second_a.number)
        await wait_until(
            lambda: bob.model.followed[second_a.number].phase is GamePhase.FINISHED,
            what="the second game over",
        )
        assert bob.model.followed[second_a.number].result == "B+R"
    finally:
        await close(alice, bob)


async def test_a_robots_open_challenge_is_listed_and_joined(
    server: LocalKgsServer, tmp_path: Path
) -> None:
    """The robots' open challenges are rows of the games list; choosing one (the games
    list's Enter: ``observe``) shows its terms, and accepting them starts the game."""
    tester = await log_in(server, "tester", "secret", tmp_path)
    try:
        assert tester.model.rooms
        for room in tester.model.rooms:
            tester.rooms.join_room(room.number)

        def robot_row() -> int | None:
            for game in tester.model.games.values():
                if game.title.startswith("open challenge") and "sorabot" in (
                    game.white,
                    game.black,
                ):
                    return game.number
            return None

        await wait_until(lambda: robot_row() is not None, what="sorabot's challenge listed")
        row = robot_row()
        assert row is not None
        summary = tester.model.games[row]
        assert summary.size == 9 and summary.komi == 6.5
        observing = tester.backend.capabilities.observing
        assert observing is not None
        observing.observe(row)
        terms = await tester.incoming("sorabot", kind="open")
        assert (terms.size, terms.color) == (9, Color.BLACK)
        tester.matching.accept_challenge(terms)
        game = await tester.game_with("sorabot")
        assert game.role is Role.PLAYING_BLACK and game.size == 9
        tester.playing.play(game.number, Point(2, 2))
        await wait_until(lambda: game.last_number >= 2, what="the robot's reply")
    finally:
        await close(tester)
