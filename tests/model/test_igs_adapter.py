"""IGS events applied to the server-neutral model (lines quoted from igs-protocol.md)."""

from __future__ import annotations

from igs_tui.go import Color, Point
from igs_tui.model import BufferKey, ChatKind, ClientModel, GamePhase, Role
from igs_tui.protocol.igs_backend import IgsBackend
from igs_tui.protocol.model_adapter import ModelAdapter, line_kind, result_from_text
from igs_tui.protocol.parser import IgsParser


def feed(model: ClientModel, text: str) -> ModelAdapter:
    adapter = ModelAdapter(model)
    parser = IgsParser()
    for line in text.strip("\n").splitlines():
        adapter.received_line(line)
        for event in parser.feed_line(line):
            adapter.apply(event)
    for event in parser.flush():
        adapter.apply(event)
    return adapter


def test_games_listing_fills_game_list() -> None:
    model = ClientModel()
    feed(
        model,
        """
7 [##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)
7 [ 4]       wari5 [ 6k*] vs.   Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)
7 [56]       HUH00 [ 5d*] vs.       nomad [ 5d*] (224   19  0  0.5 12  I) ( 95)
1 5
""",
    )
    assert sorted(model.games) == [4, 56]
    g = model.games[56]
    assert (g.white, g.black_rank, g.moves, g.observers, g.komi) == ("HUH00", "5d*", 224, 95, 0.5)


def test_user_listing_flags() -> None:
    model = ClientModel()
    feed(
        model,
        """
42 Name        Info            Country  Rank Won/Lost Obs  Pl Idle Flags Language
42   isfadm02  <None>          Japan     2k    0/   0  -   -   25s    QX default
42     NoGo16  Fair play       Germany  11k* 125/  99  -   -    0s    -! default
9                 ******** 823 Players 151 Total Games ********
1 5
""",
    )
    adm, nogo = model.players.get("isfadm02"), model.players.get("NoGo16")
    assert adm is not None and nogo is not None
    assert adm.quiet and not adm.open_for_matches and adm.info == ""
    assert nogo.looking and nogo.open_for_matches and nogo.info == "Fair play"
    assert (nogo.wins, nogo.losses, nogo.country) == (125, 99, "Germany")


def test_observed_broadcast_moves_title_and_undo() -> None:
    model = ClientModel()
    model.follow(233, size=19)
    feed(
        model,
        """
15 Game 233 I: OmegaGo1 (0 4491 -1) vs OmegaGo2 (0 4480 -1)
15   0(B): D4
15   1(W): Q16
15   1(W): Q16
9 Game is titled: Arakaki Shun 9-dan(W) vs Yokota Shigeaki 9-dan(B)
1 8
28 Undo in game 233: OmegaGo1 vs OmegaGo2:   Q16
1 8
""",
    )
    game = model.followed[233]
    assert [m.number for m in game.moves] == [1]
    assert game.board.get(Point(3, 3)) is Color.BLACK
    assert game.board.get(Point(15, 15)) is None
    assert game.title.startswith("Arakaki Shun")
    assert game.white == "OmegaGo1"


def test_own_game_role_captures_clock_and_scoring() -> None:
    t = [1000.0]
    model = ClientModel(clock=lambda: t[0])
    model.set_connection(user="Soothie")
    feed(
        model,
        """
15 Game 177 I: OmegaGo1 (0 4497 -1) vs Soothie (0 4377 -1)
15   0(B): C3
1 6
""",
    )
    game = model.followed[177]
    assert game.role is Role.PLAYING_BLACK
    t[0] = 1010.0
    assert game.clocks[Color.WHITE].at(t[0]).main_seconds == 4487.0
    assert game.clocks[Color.BLACK].at(t[0]).main_seconds == 4377.0
    feed(
        model,
        """
9 You can check your score with the score command, type 'done' when finished.
1 7
9 Removing @ C3
49 Game 177 OmegaGo1 is removing @ C3
1 7
""",
    )
    assert game.phase is GamePhase.SCORING
    assert game.dead == {Point(2, 2)}
    feed(
        model,
        "9 Board is restored to what it was when you started scoring\n"
        "9 Please type 'done again.\n1 7",
    )
    assert game.dead == set()


def test_chat_buffers_and_notifications() -> None:
    model = ClientModel()
    model.set_connection(user="me")
    feed(
        model,
        """
24 *Soothie*: message contents
1 5
51 Say in game 116
19 *Soothie*: a
1 6
21 !alice!: anyone for a game, me?
1 5
5 Cannot find recipient.
1 5
""",
    )
    assert [m.text for m in model.buffers[BufferKey(ChatKind.TELL, "Soothie")].messages] == [
        "message contents"
    ]
    assert [m.text for m in model.buffers[BufferKey(ChatKind.GAME, "116")].messages] == ["a"]
    shout = model.buffers[BufferKey(ChatKind.SHOUT)]
    assert shout.highlighted
    assert "Cannot find recipient." in model.buffers[BufferKey(ChatKind.SYSTEM)].messages[0].text
    assert {n.kind for n in model.notifications} >= {"tell", "game", "mention"}


def test_console_names_codes() -> None:
    assert line_kind("15 Game 1 I: a (0 0 -1) vs b (0 0 -1)") == "15 game"
    assert line_kind("99 whatever") == "99 unknown"
    assert line_kind("Login: ") == "-- text"
    assert result_from_text("{Game 88: OmegaGo1 vs Soothie : White resigns.}") == "B+R"
    assert result_from_text("Black forfeits on time") == "W+T"


def test_backend_sends_igs_commands_and_echoes_chat() -> None:
    model = ClientModel()
    model.set_connection(user="me")
    sent: list[str] = []
    backend = IgsBackend(model, lambda c: sent.append(str(c)))
    backend.observe(56)
    backend.tell("alice", "hi")
    backend.tell("bad name!", "x")  # refused by the command builder, reported, not sent
    model.follow(12, role=Role.PLAYING_WHITE, size=9)
    backend.play(12, Point(2, 2))
    backend.play(12, None)
    backend.say(12, "good luck")
    assert sent[:2] == ["observe 56", "moves 56"]
    assert "tell alice hi" in sent
    assert not any("bad name" in s for s in sent)
    assert "C3 12" in sent
    assert any(s.startswith("pass") for s in sent)
    assert "say good luck" in sent  # one game: no game number (spec)
    assert [m.kind for m in model.buffers[BufferKey(ChatKind.TELL, "alice")].messages] == ["own"]
    assert model.buffers[BufferKey(ChatKind.SYSTEM)].messages
