"""Protocol clients against the local server's NNGS dialect: what the client learns and does.

Every behaviour issue #13 reported from a real NNGS 1.1.22 is played here over TCP with the
embedded server imitating it: the server profile learnt at login (from the ``39`` line, or
from refusals when the server does not name itself), the fallbacks (``nmatch`` -> ``match``,
``done``/``adjourn``/``resign`` without a number, ``load white-black``, undo by asking), and
the lines that used to go astray (the ``user`` table, shouts, says, komi offers, scored results,
reloaded games, the unechoed scoring pass).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.client import ClientConfig, IgsClient
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.backends.igs.profiles import ProfileStore
from igs_tui.backends.igs.protocol.profile import Family, ServerProfile
from igs_tui.backends.igs.session import IgsSession
from igs_tui.backends.igs.session.followups import UNDO_BY_SAY
from igs_tui.go import Color, Point
from igs_tui.localserver.server import LocalServer, start_embedded
from igs_tui.model import BufferKey, ChatKind, ClientModel, GamePhase
from igs_tui.model.terms import MatchTerms
from tests.play.harness import Player, fast_server_config, leave
from tests.polling import wait_until


class Recording(IgsSession):
    """An IgsSession that keeps every line it writes."""

    def __init__(self, model: ClientModel, name: str, profile: ServerProfile | None) -> None:
        super().__init__(name, name, profile=profile, fast=True, clock=model.clock)
        self.sent: list[str] = []

    def data_to_send(self, now: float) -> list[str]:
        lines = super().data_to_send(now)
        self.sent.extend(lines)
        return lines


async def join(
    server: LocalServer, name: str, *, profile: ServerProfile | None = None
) -> tuple[Player, list[str]]:
    model = ClientModel()
    session = Recording(model, name, profile)
    for change in session.take_changes():
        model.apply(change)
    config = ClientConfig(
        servers=[ServerAddress("127.0.0.1", server.port)],
        reconnect=False,
        backoff=BackoffPolicy(initial=0.05, factor=1.0, maximum=0.1, jitter=0.0),
    )
    igs = IgsClient(session, model.apply, config=config)
    task = asyncio.ensure_future(igs.run())
    await wait_until(lambda: igs.connected and model.me == name)
    return Player(name, model, igs, IgsBackend(model, session, igs.flush), task), session.sent


@asynccontextmanager
async def nngs_server(*, version: bool = True) -> AsyncIterator[LocalServer]:
    server = await start_embedded(fast_server_config(dialect="nngs", announce_version=version))
    try:
        yield server
    finally:
        await server.stop()


def system_errors(player: Player) -> list[str]:
    buffer = player.model.buffers.get(BufferKey(ChatKind.SYSTEM))
    return [m.text for m in buffer.messages if m.kind == "error"] if buffer else []


def texts(player: Player, key: BufferKey) -> list[str]:
    buffer = player.model.buffers.get(key)
    return [m.text for m in buffer.messages] if buffer else []


async def start(black: Player, white: Player, **terms: object) -> tuple[int, int]:
    """``black`` challenges ``white`` on 9x9 (a classic match here); ``white`` accepts."""
    values: dict[str, object] = dict(size=9, main_seconds=600)
    values.update(terms)
    black.backend.challenge(MatchTerms(white.name, Color.BLACK, **values))  # type: ignore[arg-type]
    await wait_until(lambda: white.model.challenge_from(black.name) is not None)
    offer = white.model.challenge_from(black.name)
    assert offer is not None and offer.kind == "match"
    white.backend.accept_challenge(offer.terms)
    await wait_until(lambda: black.game() is not None and white.game() is not None)
    b, w = black.game(), white.game()
    assert b is not None and w is not None and b.number == w.number
    return b.number, w.number


REFUSED_AT_LOGIN = ("toggle newundo true", "toggle nmatch true")


async def test_the_version_line_tells_the_profile_before_any_refusal() -> None:
    async with nngs_server() as server:
        alice, sent = await join(server, "alice")
        try:
            await wait_until(lambda: alice.backend.session.profile.family is Family.NNGS)
            await wait_until(lambda: any(line.startswith("toggle verbose") for line in sent))
            await asyncio.sleep(0)  # the rest of the setup goes out with it
            assert not any(line in REFUSED_AT_LOGIN or line.startswith("id ") for line in sent)
            profile = alice.backend.session.profile
            assert profile.server == "NNGS 1.1.22" and profile.passes_to_score == 2
            assert system_errors(alice) == []
        finally:
            await leave(alice)


async def test_refusals_at_login_are_learnt_once_and_not_shown() -> None:
    """No banner or version line naming the server: the first login sends what every
    IGS-family server takes and one IGS-only probe (newundo), learns from its refusal without
    showing it and sends neither nmatch nor id; the next login with the profile sends none."""
    store = ProfileStore()
    async with nngs_server(version=False) as server:
        key = f"127.0.0.1:{server.port}"
        alice, sent = await join(server, "alice", profile=store.profile(key))
        profile = alice.backend.session.profile
        try:
            await wait_until(lambda: profile.refused_toggles == {"newundo"})
            await wait_until(lambda: any(line.startswith("toggle verbose") for line in sent))
            alice.backend.refresh_players()  # queued after the setup: all of it went out
            await wait_until(lambda: bool(alice.model.players.names()))
            assert "toggle newundo true" in sent
            assert not any(line == "toggle nmatch true" or line.startswith("id ") for line in sent)
            assert profile.family is Family.UNKNOWN
            assert system_errors(alice) == []
        finally:
            await leave(alice)
        again, sent_again = await join(server, "alice", profile=store.profile(key))
        try:
            await wait_until(lambda: any(line.startswith("toggle verbose") for line in sent_again))
            assert not any(
                line in REFUSED_AT_LOGIN or line.startswith("id ") for line in sent_again
            )
            assert system_errors(again) == []
        finally:
            await leave(again)


async def test_the_login_banner_names_nngs_before_the_setup() -> None:
    """NNGS's login banner names it ("Welcome to the No Name Go Server (NNGS)"): even a
    fresh profile sends no refused setup command."""
    async with nngs_server() as server:
        alice, sent = await join(server, "alice", profile=ServerProfile())
        try:
            await wait_until(lambda: any(line.startswith("toggle verbose") for line in sent))
            alice.backend.refresh_players()
            await wait_until(lambda: bool(alice.model.players.names()))
            assert not any(line in REFUSED_AT_LOGIN or line.startswith("id ") for line in sent)
            assert alice.backend.session.profile.family is Family.NNGS
        finally:
            await leave(alice)


@pytest.mark.parametrize("version", [True, False], ids=["named", "learnt"])
async def test_a_full_game_with_an_observer_reaches_the_same_scored_result(version: bool) -> None:
    """alice challenges bob (nmatch refused -> classic match); the komi alice asked for is
    offered and agreed; carol observes; two passes start scoring (the second not echoed to
    the players); done goes out without its number; all three see the same result and komi."""
    async with nngs_server(version=version) as server:
        alice, sent_a = await join(server, "alice")
        bob, _ = await join(server, "bob")
        carol, _ = await join(server, "carol")
        try:
            terms = MatchTerms(
                "bob", Color.BLACK, size=9, komi=0.5, main_seconds=600, byo_seconds=0
            )
            alice.backend.challenge(terms)
            await wait_until(lambda: bob.model.challenge_from("alice") is not None)
            offer = bob.model.challenge_from("alice")
            assert offer is not None and offer.kind == "match"
            bob.backend.accept_challenge(offer.terms)
            await wait_until(lambda: alice.game() is not None and bob.game() is not None)
            game_a, game_b = alice.game(), bob.game()
            assert game_a is not None and game_b is not None
            number = game_a.number
            assert version or any(line.startswith("nmatch bob") for line in sent_a)
            # the komi alice asked for arrives at bob as an offer; he agrees
            await wait_until(lambda: game_b.komi_request == 0.5)
            bob.backend.set_komi(number, 0.5)
            await wait_until(lambda: game_a.komi == 0.5 and game_b.komi == 0.5)
            carol.backend.observe(number)
            await wait_until(lambda: number in carol.model.followed)
            watched = carol.model.followed[number]
            assert watched.komi == 6.5 and watched.size == 9
            script: list[tuple[Player, Point | None]] = []
            for row in range(9):
                script += [(alice, Point(2, row)), (bob, Point(4, row))]
            script += [(alice, None), (bob, None)]
            for n, (player, point) in enumerate(script, start=1):
                game = player.game()
                assert game is not None
                player.backend.play(number, point)
                await wait_until(lambda: game_a.last_number >= n and game_b.last_number >= n)  # noqa: B023
            await wait_until(lambda: game_a.phase is GamePhase.SCORING)
            await wait_until(lambda: game_b.phase is GamePhase.SCORING)
            assert game_a.last_number == game_b.last_number == len(script)
            assert alice.backend.session.profile.passes_to_score == 2
            # the observer learns the agreed komi from the list line asked at the passes
            await wait_until(lambda: watched.komi == 0.5)
            alice.backend.done_scoring(number)
            bob.backend.done_scoring(number)
            await wait_until(lambda: game_a.phase is GamePhase.FINISHED)
            await wait_until(lambda: game_b.phase is GamePhase.FINISHED)
            await wait_until(lambda: watched.phase is GamePhase.FINISHED)
            assert game_a.score_check is not None and game_a.score_check.agrees
            # Black has columns A-B (18), White F-J (36) and komi 0.5
            assert game_a.result == game_b.result == watched.result == "W+18.5"
            assert alice.backend.session.profile.unnumbered == {
                "done",
                "adjourn",
                "resign",
            } or (not version and "done" in alice.backend.session.profile.unnumbered)
            assert [m.point for m in watched.moves] == [m.point for m in game_a.moves]
            assert system_errors(carol) == []
        finally:
            await leave(alice, bob, carol)


@pytest.mark.parametrize("version", [True, False], ids=["named", "learnt"])
async def test_undo_adjourn_and_load(version: bool) -> None:
    async with nngs_server(version=version) as server:
        alice, sent_a = await join(server, "alice")
        bob, _ = await join(server, "bob")
        others: list[tuple[Player, list[str]]] = []
        try:
            await start(alice, bob)
            game_a, game_b = alice.game(), bob.game()
            assert game_a is not None and game_b is not None
            number = game_a.number
            for n, (player, point) in enumerate(
                [(alice, Point(2, 2)), (bob, Point(6, 6)), (alice, Point(2, 6))], start=1
            ):
                player.backend.play(number, point)
                await wait_until(lambda: game_a.last_number >= n and game_b.last_number >= n)  # noqa: B023
            # undo: no undoplease here; bob is asked in the game chat and types undo himself
            alice.backend.request_undo(number)
            said = BufferKey(ChatKind.GAME, str(number))
            await wait_until(lambda: UNDO_BY_SAY in texts(bob, said))
            # bob's client reads the request as one (his view opens the undo dialog)
            await wait_until(lambda: game_b.undo_requested_by == "alice")
            bob.backend.answer_undo(number, True)
            await wait_until(lambda: game_a.last_number == 2 and game_b.last_number == 2)
            alice.backend.play(number, Point(6, 2))
            await wait_until(lambda: game_b.last_number == 3)
            # two passes start scoring; an undo there goes back to play, the last pass undone
            bob.backend.play(number, None)
            await wait_until(lambda: game_a.last_number == 4)
            alice.backend.play(number, None)
            await wait_until(lambda: game_a.phase is GamePhase.SCORING)
            await wait_until(lambda: game_b.phase is GamePhase.SCORING)
            bob.backend.restore_scoring(number)
            await wait_until(lambda: game_a.phase is GamePhase.PLAYING)
            await wait_until(lambda: game_b.phase is GamePhase.PLAYING)
            assert game_a.last_number == game_b.last_number == 4
            alice.backend.play(number, Point(6, 4))  # her pass was taken back: her turn
            await wait_until(lambda: game_b.last_number == 5)
            # adjourn: bob's game holds alice's request (his view asks); he agrees
            alice.backend.adjourn(number)
            await wait_until(lambda: game_b.adjourn_requested_by == "alice")
            bob.backend.adjourn(number)
            await wait_until(lambda: game_a.is_adjourned and game_b.is_adjourned)
            # Stored games lists it from NNGS's 9 heading and 23 lines (NNGS 1.1.22
            # src/gameproc.c:1763-1783; it used to stay empty)
            stored = alice.backend.capabilities.stored
            assert stored is not None
            stored.list_stored()
            await wait_until(lambda: alice.model.stored_games == ("bob-alice",))
            # another game takes the number meanwhile, so the reloaded game's is new to us
            others += [await join(server, "carol"), await join(server, "dave")]
            assert (await start(others[0][0], others[1][0]))[0] == number
            # load by the opponent's name is refused here: white-black goes out instead
            alice.backend.load("bob")
            await wait_until(lambda: alice.game() is not game_a and bob.game() is not game_b)
            again_a, again_b = alice.game(), bob.game()
            assert again_a is not None and again_b is not None
            # "{Game N: bob vs alice @ Move 5}" and the last move only: "moves N" fills in
            await wait_until(lambda: again_a.last_number == 5 and again_b.last_number == 5)
            assert [m.point for m in again_a.moves] == [m.point for m in game_a.moves]
            assert again_a.sync_errors == [] and again_b.sync_errors == []
            assert any(line == "load bob-alice" for line in sent_a)
            assert version or "load bob" in sent_a
            # resign goes out without its number
            alice.backend.resign(again_a.number)
            await wait_until(lambda: again_a.phase is GamePhase.FINISHED)
            await wait_until(lambda: again_b.phase is GamePhase.FINISHED)
            assert again_a.result == again_b.result == "W+R"
        finally:
            await leave(alice, bob, *(p for p, _ in others))


async def test_user_list_chat_and_guests() -> None:
    async with nngs_server() as server:
        alice, _ = await join(server, "alice")
        bob, _ = await join(server, "bob")
        try:
            alice.backend.refresh_players()
            await wait_until(lambda: {"alice", "bob"} <= set(alice.model.players.names()))
            bob_row = alice.model.players.get("bob")
            assert bob_row is not None and bob_row.rank == "3k*"
            alice.backend.shout("shout from alice")
            await wait_until(lambda: "shout from alice" in texts(bob, BufferKey(ChatKind.SHOUT)))
            alice.backend.challenge(MatchTerms("bob", Color.BLACK, size=9, main_seconds=600))
            await wait_until(lambda: bob.model.challenge_from("alice") is not None)
            offer = bob.model.challenge_from("alice")
            assert offer is not None
            bob.backend.accept_challenge(offer.terms)
            await wait_until(lambda: alice.game() is not None and bob.game() is not None)
            game = bob.game()
            assert game is not None
            alice.backend.say(game.number, "good game so far")
            key = BufferKey(ChatKind.GAME, str(game.number))
            await wait_until(lambda: "good game so far" in texts(bob, key))
            assert game.says[-1].author == "alice"
            # a name without an account logs in as itself, and is told so in plain text
            guest, _ = await join(server, "visitor")
            await leave(guest)
            system = texts(guest, BufferKey(ChatKind.SYSTEM))
            assert "This is a guest account." in system
            assert any(text.startswith('"visitor" is not a registered name.') for text in system)
            assert "No Name Go Server (NNGS) version 1.1.22" in system
        finally:
            await leave(alice, bob)


async def test_observing_stops_in_the_form_nngs_takes_and_kibitz_keeps_its_move_as_data() -> None:
    """NNGS 1.1.22 runs ``unobserve N`` as the ``observe N`` toggle (src/command_list.h:190):
    a board the server already dropped (``9 Removing game N from observation list.``) is
    closed without a line that would observe it again. Its kibitz text ends ``(N)``, the
    move it was said at (src/comproc.c:1470-1475): shown without it, kept as the move."""
    async with nngs_server() as server:
        alice, _ = await join(server, "alice")
        bob, _ = await join(server, "bob")
        carol, sent_c = await join(server, "carol")
        try:
            number, _ = await start(alice, bob)
            alice.backend.play(number, Point(2, 2))
            await wait_until(lambda: (g := bob.game()) is not None and g.last_number >= 1)
            carol.backend.observe(number)
            await wait_until(lambda: number in carol.model.followed)
            alice.backend.kibitz(number, "look at this")
            watched = carol.model.followed[number]
            await wait_until(lambda: bool(watched.kibitzes))
            said = watched.kibitzes[-1]
            assert (said.text, said.move_number) == ("look at this", 1)
            # the server drops the game from carol's list (as its own `unobserve` would)
            carol.backend.session.send_raw(f"unobserve {number}")
            carol.client.flush()
            dropped = carol.backend.session.translator.dropped_observations
            await wait_until(lambda: number in dropped)
            before = len(sent_c)
            carol.model.follow(number)  # a board still open on our side
            carol.backend.close_game(number)
            carol.backend.session.send_raw("stats carol")  # a marker after the close
            carol.client.flush()
            await wait_until(lambda: "stats carol" in sent_c[before:])
            assert not any(line.startswith("unobserve") for line in sent_c[before:])
            # nothing went out: the server still has carol off the game's observers
            assert [u.name for u in server.hub.games[number].observers] == []
        finally:
            await leave(alice, bob, carol)


async def test_time_given_on_nngs_moves_both_players_clocks() -> None:
    """A real NNGS 1.1.22 tells ``addtime`` from each side (seen first-hand): ``9 2 minutes
    were added to your opponents clock`` to the giver, ``9 your opponent has added 2 minutes
    to your clock.`` to the other (bernds/q5Go src/parser.cpp:856-862)."""
    async with nngs_server() as server:
        alice, _ = await join(server, "alice")
        bob, _ = await join(server, "bob")
        try:
            number, _ = await start(alice, bob)
            game_a, game_b = alice.game(), bob.game()
            assert game_a is not None and game_b is not None
            before_a = game_a.clocks[Color.WHITE].reading.main_seconds
            before_b = game_b.clocks[Color.WHITE].reading.main_seconds
            alice.backend.add_time(number, 2)
            await wait_until(
                lambda: game_b.clocks[Color.WHITE].reading.main_seconds >= before_b + 110
            )
            await wait_until(
                lambda: game_a.clocks[Color.WHITE].reading.main_seconds >= before_a + 110
            )
            said = texts(bob, BufferKey(ChatKind.GAME, str(number)))
            assert "You were given 2 more minutes." in said
        finally:
            await leave(alice, bob)
