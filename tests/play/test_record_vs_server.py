"""Issue 28: our record of a game holds what the server's own record holds.

The embedded server keeps an SGF of every game it hosts (as NNGS does, ``gamedb.c``), written
by code of its own (it shares no client code but the rules). A game is played on it to the
end by counting, with a say and a kibitz, and each client's autosaved file (Black's, White's,
an observer's) is read back and compared with the server's: players, ranks, rules, time
settings, komi, handicap, result, the moves, each chat line on the node of the move it
followed, and the territory (``TB``/``TW``) on a node after the last move.
"""

from __future__ import annotations

from pathlib import Path

from sgfmill import sgf

from igs_tui.archive.autosave import AutoSaver
from igs_tui.go import Point
from igs_tui.model import GamePhase
from tests.play.harness import Player, fast_server_config, join, two_players
from tests.play.test_e2e_play import start_game, walls_on_5x5
from tests.polling import wait_until

HEADER = ("PB", "PW", "BR", "WR", "KM", "HA", "RU", "TM", "OT", "RE", "SZ")


def read(text: bytes | str) -> sgf.Sgf_game:
    return sgf.Sgf_game.from_bytes(text.encode() if isinstance(text, str) else text)


def header(game: sgf.Sgf_game) -> dict[str, object]:
    root = game.get_root()
    return {p: root.get_raw(p) for p in HEADER if root.has_property(p)}


def moves(game: sgf.Sgf_game) -> list[tuple[str | None, object]]:
    return [node.get_move() for node in game.get_main_sequence()[1:] if node.get_move()[0]]


def chat_by_move(game: sgf.Sgf_game) -> dict[int, str]:
    """Each node's comment, by the number of moves played up to it (0: the root)."""
    found: dict[int, str] = {}
    played = 0
    for node in game.get_main_sequence():
        if node.get_move()[0]:
            played += 1
        if node.has_property("C"):
            found[played] = node.get("C")
    return found


def territory(game: sgf.Sgf_game) -> tuple[object, object, bool]:
    """TB, TW and whether they stand on a node after the last move (no move of its own)."""
    last = game.get_main_sequence()[-1]
    tb = sorted(last.get_raw_list("TB")) if last.has_property("TB") else []
    tw = sorted(last.get_raw_list("TW")) if last.has_property("TW") else []
    return tb, tw, last.get_move()[0] is None


def place(text: bytes) -> str:
    root = read(text).get_root()
    return root.get("PC") if root.has_property("PC") else ""


async def saving(player: Player, directory: Path) -> AutoSaver:
    player.model.set_connection(server="127.0.0.1:6969")  # as the launcher sets it
    return AutoSaver(player.model, directory / player.name)


async def test_our_files_hold_what_the_servers_record_holds(tmp_path: Path) -> None:
    async with two_players(fast_server_config(records_dir=tmp_path / "server")) as (
        server,
        alice,
        bob,
    ):
        carol = await join(server, "carol")
        try:
            savers = [await saving(p, tmp_path) for p in (alice, bob, carol)]
            number, _ = await start_game(
                alice, bob, main_seconds=600, byo_seconds=300, byo_stones=25
            )
            game_a, game_b = alice.game(), bob.game()
            assert game_a is not None and game_b is not None
            carol.backend.observe(number)
            await wait_until(lambda: number in carol.model.followed)
            watched = carol.model.followed[number]
            for n, (player, point) in enumerate(walls_on_5x5(alice, bob), start=1):
                player.backend.play(number, point)
                await wait_until(
                    lambda: min(g.last_number for g in (game_a, game_b, watched)) >= n  # noqa: B023
                )
                if n == 2:
                    alice.backend.say(number, "good luck [and] have fun")
                    await wait_until(lambda: bool(game_b.says))
                if n == 4:
                    carol.backend.kibitz(number, "nice wall")
                    await wait_until(lambda: bool(game_a.kibitzes) and bool(game_b.kibitzes))
            await wait_until(lambda: game_a.phase is GamePhase.SCORING)
            alice.backend.remove_dead(number, Point(0, 2))
            await wait_until(lambda: Point(0, 2) in game_a.dead and Point(0, 2) in game_b.dead)
            alice.backend.done_scoring(number)
            bob.backend.done_scoring(number)
            await wait_until(lambda: bool(server.hub.game_records))
            await wait_until(
                lambda: all(g.phase is GamePhase.FINISHED for g in (game_a, game_b, watched))
            )
            for saver in savers:
                saver.close()
        finally:
            await carol.client.close()
            carol.task.cancel()

    name, text = server.hub.game_records[-1]
    assert name == "bob-alice"
    assert (tmp_path / "server" / "bob-alice.sgf").read_text() == text
    theirs = read(text)
    expected = header(theirs)
    assert expected["PB"] == b"alice" and expected["WR"] == b"3k*" and expected["RU"] == b"Japanese"
    assert expected["TM"] == b"600" and expected["OT"] == b"25/300 Canadian"
    assert expected["RE"] == b"W+5.5"  # 5 points + 6.5 komi against 5 points + 1 prisoner
    tb, tw, after_last = territory(theirs)
    assert tb and after_last
    for who in ("alice", "bob", "carol"):
        files = list((tmp_path / who).glob("*.sgf"))
        assert len(files) == 1, (who, files)
        data = files[0].read_bytes()
        ours = read(data)
        assert header(ours) == expected, who
        assert moves(ours) == moves(theirs), who
        assert territory(ours) == (tb, tw, True), who
        said, kept = chat_by_move(ours), chat_by_move(theirs)
        assert "good luck [and] have fun" in kept[2] and "nice wall" in kept[4]
        # a say goes to the opponent only (IGS spec, "say"): an observer never hears it
        heard = {2, 4} if who != "carol" else {4}
        assert set(said) == heard, who
        if 2 in heard:
            assert "good luck [and] have fun" in said[2]
        assert "nice wall" in said[4]
        assert place(data) == "127.0.0.1:6969"


async def test_a_relay_is_recorded_under_its_real_players(tmp_path: Path) -> None:
    """A relay is played by one account (``kansai1`` vs ``kansai1``); its players are named
    in the title the server sends after each move (``localserver/broadcast.py``)."""
    config = fast_server_config(broadcast=True, broadcast_interval=0.02)
    async with two_players(config) as (server, alice, _bob):
        saver = await saving(alice, tmp_path)
        relay = next(g for g in server.hub.games.values() if g.title)
        alice.backend.observe(relay.number)
        await wait_until(lambda: relay.number in alice.model.followed)
        watched = alice.model.followed[relay.number]
        await wait_until(lambda: bool(watched.title) and watched.last_number >= 3)
        saver.flush()
        saver.close()
    files = list((tmp_path / "alice").glob("*.sgf"))
    assert len(files) == 1
    # the file is named by the real players too, not kansai1-vs-kansai1
    assert "Kuroda_Akira-vs-Shirai_Ken" in files[0].name and "kansai1" not in files[0].name
    root = read(files[0].read_bytes()).get_root()
    assert (root.get("PB"), root.get("BR")) == ("Shirai Ken", "8-dan")
    assert (root.get("PW"), root.get("WR")) == ("Kuroda Akira", "9-dan")
    assert "Kuroda Akira 9-dan(W) vs Shirai Ken 8-dan(B)" in root.get("GN")
    assert root.get("RU") == "Japanese" and root.get("PC") == "127.0.0.1:6969"
