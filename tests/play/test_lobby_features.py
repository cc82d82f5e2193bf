"""Automatch, stored games, rooms and free games (#14): real clients against the embedded
server, linked in memory."""

from __future__ import annotations

from igs_tui.model import Role
from igs_tui.model.lobby import Room, Seek
from tests.igs_feed import Fed
from tests.play.harness import fast_server_config, two_players
from tests.play.test_e2e_play import start_game
from tests.polling import wait_until


async def test_seek_is_matched_by_the_robot_and_the_game_starts() -> None:
    async with two_players() as (_server, alice, _bob):
        seeking = alice.backend.capabilities.seeking
        assert seeking is not None
        seeking.list_seek_setups()
        await wait_until(lambda: len(alice.model.seek_setups) == 4)
        setup = alice.model.seek_setups[0]
        assert setup.label == "1 min + 5 min / 25 stones"  # shortest first
        seeking.seek(Seek(setup, size=9))
        assert alice.model.seek == Seek(setup, size=9)  # shown at once
        await wait_until(lambda: alice.game() is not None)
        game = alice.game()
        assert game is not None and "igsbot" in (game.white, game.black)
        assert game.role in (Role.PLAYING_BLACK, Role.PLAYING_WHITE)
        await wait_until(lambda: alice.model.seek is None and game.size == 9)
        assert any(n.title == "Match found" for n in alice.model.notifications)


async def test_a_seek_is_cancelled_or_refused() -> None:
    async with two_players(fast_server_config(bots=())) as (server, alice, bob):
        seeking = alice.backend.capabilities.seeking
        assert seeking is not None
        seeking.list_seek_setups()
        await wait_until(lambda: bool(alice.model.seek_setups))
        seeking.seek(Seek(alice.model.seek_setups[1], 19))
        await wait_until(lambda: "alice" in server.hub.seeks)
        seeking.cancel_seek()
        await wait_until(lambda: alice.model.seek is None)
        await start_game(alice, bob)
        seeking.seek(Seek(alice.model.seek_setups[1], 19))
        await wait_until(lambda: alice.model.seek is None)  # "playing a game of some kind"
        # the refusal is a toast naming who refused and of what
        assert any(
            n.kind == "refusal" and n.title == "server" and n.text.startswith("Automatch: ")
            for n in alice.model.notifications
        )


async def test_stored_games_are_listed_and_one_is_loaded() -> None:
    async with two_players() as (_server, alice, bob):
        stored = alice.backend.capabilities.stored
        assert stored is not None
        stored.list_stored()
        await wait_until(lambda: alice.model.stored_games == ())
        number, _ = await start_game(alice, bob)
        alice.backend.adjourn(number)
        bob.backend.adjourn(number)
        game = alice.game()
        assert game is not None
        await wait_until(lambda: game.is_adjourned)
        stored.list_stored()
        await wait_until(lambda: alice.model.stored_games == ("bob-alice",))
        alice.backend.load("bob-alice")
        await wait_until(lambda: (g := alice.game()) is not None and not g.is_adjourned)


async def test_rooms_are_listed_and_joined() -> None:
    async with two_players() as (_server, alice, _bob):
        rooms = alice.backend.capabilities.rooms
        assert rooms is not None
        rooms.list_rooms()
        await wait_until(lambda: alice.model.rooms is not None)
        assert alice.model.rooms is not None
        # IGS's ROOM line (pzorin/qgo src/network/igsconnection.cpp:2632) gives the local
        # name and no count of users
        assert alice.model.rooms[0] == Room(0, "Lobby", None, "ロビー")
        assert [r.name for r in alice.model.rooms] == [
            "Lobby",
            "Free chat",
            "Tournament",
            "Teaching",
        ]
        rooms.join_room(2)
        await wait_until(lambda: alice.model.room == 2)
        assert alice.model.joined_rooms == frozenset({2})  # IGS: one room at a time
        # IGS documents no way out of a room but joining another: no leaving offered
        assert alice.backend.capabilities.room_leaving is None


async def test_a_free_game_offered_is_marked_free_in_the_list() -> None:
    async with two_players() as (server, alice, bob):
        number, _ = await start_game(alice, bob, kind="free")
        await wait_until(lambda: server.hub.games[number].kind == "F")
        bob.backend.refresh_games()
        await wait_until(
            lambda: (g := bob.model.games.get(number)) is not None and g.kind_flag == "F"
        )


def test_no_automatch_or_rooms_on_nngs() -> None:
    from igs_tui.backends.igs.protocol.events import ServerVersion

    backend = Fed().backend
    caps = backend.capabilities
    assert caps.seeking is backend and caps.rooms is backend and caps.stored is backend
    backend.session.profile.learn_version(
        ServerVersion("No Name Go Server (NNGS) version 1.1.22", "NNGS", "1.1.22")
    )
    caps = backend.capabilities
    assert caps.seeking is None and caps.rooms is None
    assert caps.stored is backend and caps.playing is backend
    assert backend.capabilities is caps  # not rebuilt on every read


def test_a_new_login_forgets_the_seek() -> None:
    from igs_tui.backends.igs.protocol.events import LoginComplete
    from igs_tui.model import ClientModel
    from igs_tui.model import changes as ch
    from igs_tui.model.lobby import SeekSetup

    model = ClientModel()
    model.apply(ch.SeekChanged(Seek(SeekSetup(0, 60, 600, 25))))
    Fed(model).event(LoginComplete("alice", guest=False))
    assert model.seek is None
