"""IGS events applied to the server-neutral model (lines quoted from igs-protocol.md)."""

from __future__ import annotations

from igs_tui.backends.igs.protocol.commands import raw
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.backends.igs.protocol.wire import WireSession
from igs_tui.backends.igs.session.translate import line_kind, result_from_text
from igs_tui.go import Color, Point
from igs_tui.localserver.lines import USER_HEADER, format_user_entry
from igs_tui.model import (
    TOPIC_CONSOLE,
    TOPIC_GAMES,
    BufferKey,
    ChatKind,
    ClientModel,
    Clock,
    ClockReading,
    GamePhase,
    Role,
    TimeSettings,
    TimeSystem,
)
from igs_tui.model import changes as ch
from igs_tui.model.clocks import format_reading
from tests.igs_feed import Fed


def feed(model: ClientModel, text: str) -> Fed:
    fed = Fed(model)
    fed.lines(text)  # each line's console entry, its events, then the end of the read
    return fed


def test_received_lines_reach_the_console_once_per_read_in_order() -> None:
    """One console change per read, not per line: a busy server's reads are dozens of lines
    (a third of them prompts), and each change is one more trip through the hub."""
    from igs_tui.model import changes as ch

    model = ClientModel()
    published: list[object] = []
    model.hub.subscribe(TOPIC_CONSOLE, published.append)
    adapter = Fed(model)
    lines = [f"9 line {i}" for i in range(30)] + ["1 8"]
    for line in lines:
        adapter.session.translator.received_line(line)
    assert len(model.console) == 0  # the read is not handled yet
    adapter.apply(adapter.session.lines_done())
    assert [entry.text for entry in model.console] == lines
    assert len(published) == 1 and isinstance(published[0], ch.ConsoleLinesAdded)
    # a line we send goes after the received ones before it
    adapter.session.translator.received_line("9 before")
    adapter.session.translator.sent_line("tell bob hi")
    adapter.apply(adapter.session.take_changes())
    assert [entry.text for entry in model.console][-2:] == ["9 before", "tell bob hi"]


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


def test_a_user_listing_forgets_players_it_no_longer_lists() -> None:
    model = ClientModel()
    adapter = Fed(model)
    session = WireSession("me", "pw", setup=[])
    for t, line in enumerate(["1 0", "1 1", "1 5"]):
        session.receive_line(line)
        session.data_to_send(10.0 * t)
    for t, listed in enumerate((["ann", "bob", "cid"], ["bob", "dan"])):
        session.send(raw("user"))
        assert session.data_to_send(100.0 + 10 * t) == ["user"]
        lines = [
            f"42 {format_user_entry(n, '', 'Japan', '2k', 0, 0, None, None, 5, 'QX')}"
            for n in listed
        ]
        for line in [f"42 {USER_HEADER}", *lines, "1 5"]:
            for event in session.receive_line(line):
                adapter.event(event)
        assert sorted(model.players.names()) == listed


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


def test_joining_a_channel_files_its_notices_there_and_our_echo_once() -> None:
    """``channel 5`` is answered with three code-32 notices (they made a stray "ch?" buffer with
    an empty sender); IGS then sends our own channel line back to us, which the client already
    shows (it appeared twice, in the pane and in the log)."""
    model = ClientModel()
    model.set_connection(user="me")
    backend = Fed(model).backend
    backend.join_channel("5")
    feed(
        model,
        """
32 Changing into channel 5.
32 Welcome to channel 5.
32 In channel 5: me bob
1 5
""",
    )
    backend.yell("5", "hello all")
    feed(model, "32 5:me: hello all\n32 5:bob: hi me\n32 5:me: hello all\n1 5\n")
    assert set(model.buffers) == {BufferKey(ChatKind.CHANNEL, "5")}
    buf = model.buffers[BufferKey(ChatKind.CHANNEL, "5")]
    assert [(m.author, m.text, m.kind) for m in buf.messages] == [
        ("", "Changing into channel 5.", "notice"),
        ("", "Welcome to channel 5.", "notice"),
        ("", "In channel 5: me bob", "notice"),
        ("me", "hello all", "own"),
        ("bob", "hi me", "message"),
        ("me", "hello all", "message"),  # not one we sent from here (another client of ours)
    ]
    assert buf.unread == 2  # notices are not unread messages


def test_a_channel_member_list_naming_us_is_no_mention() -> None:
    """Joining a channel lists its members, us among them: that is a server notice, not a
    message mentioning us (it popped up a "mention" titled " (ch5)" with no sender). A line
    without a sender is never a mention, in a channel or in the system buffer."""
    model = ClientModel()
    model.set_connection(user="me")
    Fed(model).backend.join_channel("5")
    feed(model, "32 In channel 5: me bob\n32 a status line that names me\n1 5\n")
    feed(model, "32 5:bob: hi me\n1 5\n")
    assert [(n.kind, n.title) for n in model.notifications] == [("mention", "bob (ch5)")]
    channel = model.buffers[BufferKey(ChatKind.CHANNEL, "5")]
    assert [m.highlight for m in channel.messages] == [False, True]
    assert not model.buffers[BufferKey(ChatKind.SYSTEM)].highlighted


def test_console_names_codes() -> None:
    assert line_kind("15 Game 1 I: a (0 0 -1) vs b (0 0 -1)") == "15 game"
    assert line_kind("99 whatever") == "99 unknown"
    assert line_kind("Login: ") == "-- text"
    assert result_from_text("{Game 88: OmegaGo1 vs Soothie : White resigns.}") == "B+R"
    assert result_from_text("Black forfeits on time") == "W+T"


def test_backend_sends_igs_commands_and_echoes_chat() -> None:
    model = ClientModel()
    model.set_connection(user="me")
    fed = Fed(model)
    sent, backend = fed.sent, fed.backend
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


def test_a_long_message_is_sent_as_several_lines_and_a_paste_is_refused() -> None:
    """A 9 703-character paste was sent whole (servers cut long lines) while the screen showed
    it cut: now text is sent as lines of at most 200 characters, and beyond ten lines it is
    refused with a message in the conversation, nothing sent."""
    model = ClientModel()
    model.set_connection(user="me")
    fed = Fed(model)
    sent, backend = fed.sent, fed.backend
    words = " ".join(f"word{i:03d}" for i in range(60))  # 479 characters
    backend.tell("alice", words)
    assert len(sent) == 3 and all(line.startswith("tell alice ") for line in sent)
    assert all(len(line) <= len("tell alice ") + 200 for line in sent)
    assert " ".join(line.removeprefix("tell alice ") for line in sent) == words
    buf = model.buffers[BufferKey(ChatKind.TELL, "alice")]
    assert [m.kind for m in buf.messages] == ["own"] * 3
    sent.clear()
    backend.tell("alice", "x " * 4850)
    assert sent == []
    assert buf.messages[-1].kind == "error" and "too long" in buf.messages[-1].text


def test_moves_of_a_followed_game_keep_the_games_list_move_count_current() -> None:
    model = ClientModel()
    adapter = Fed(model)
    parser = IgsParser()

    def lines(text: str) -> None:
        for line in text.strip("\n").splitlines():
            for event in parser.feed_line(line):
                adapter.event(event)

    lines("21 {Match 58: bob [10k*] vs. fred [11k*] }\n1 5")
    assert model.games[58].moves == 0
    model.follow(58)
    seen: list[int] = []
    model.hub.subscribe(TOPIC_GAMES, lambda _t: seen.append(model.games[58].moves))
    lines(
        """
15 Game 58 I: bob (0 4500 -1) vs fred (0 4495 -1)
15   0(B): B2
1 8
15 Game 58 I: bob (0 4480 -1) vs fred (0 4495 -1)
15   1(W): C3
1 8
"""
    )
    assert model.games[58].moves == 2 and seen == [1, 2]
    lines("15 Game 58 I: bob (0 4480 -1) vs fred (0 4495 -1)\n15   1(W): C3\n1 8")
    assert seen == [1, 2]  # a resent move changes nothing


def test_a_new_own_game_under_a_finished_games_number_starts_empty() -> None:
    model = ClientModel()
    model.set_connection(user="bob")
    feed(
        model,
        """
21 {Match 58: bob [10k*] vs. fred [11k*] }
15 Game 58 I: bob (0 4500 -1) vs fred (0 4495 -1)
15   0(B): B2
1 6
21 {Game 58: bob vs fred : White resigns.}
1 5
""",
    )
    old = model.followed[58]
    assert old.phase is GamePhase.FINISHED and old.last_number == 1
    feed(model, "21 {Match 58: bob [10k*] vs. fred [11k*] }\n1 6")
    new = model.followed[58]
    assert new is not old and new.last_number == 0 and new.phase is GamePhase.PLAYING
    assert new.role is Role.PLAYING_WHITE and new.result == ""


def test_observing_a_reused_number_starts_a_fresh_game() -> None:
    model = ClientModel()
    fed = Fed(model)
    sent, backend = fed.sent, fed.backend
    old = model.follow(12)
    model.apply(ch.GameEnded(12))
    backend.observe(12)
    assert model.followed[12] is not old and sent == ["observe 12", "moves 12"]
    sent.clear()
    backend.observe(12)  # still live: only refresh its moves
    assert sent == ["moves 12"]


def test_spec_time_lines_give_observers_the_canadian_settings_and_readings() -> None:
    model = ClientModel()
    game = model.follow(475)
    feed(
        model,
        """
15 Game 475 I: OmegaGo1 (0 58 -1) vs Soothie (0 19 -1)
15 TIME:475:OmegaGo1(W): 0 58/60 0/600 25/25 0/0 0/0 0/0
15 TIME:475:Soothie(B): 0 19/60 0/600 25/25 0/0 0/0 0/0
15 GAMERPROPS:475: 19 0 6.50
15   1(W): B4
""",
    )
    settings = game.time_settings
    assert settings is not None and settings.system is TimeSystem.CANADIAN
    assert (settings.main_seconds, settings.byo_seconds, settings.byo_stones) == (60, 600, 25)
    assert game.clocks[Color.WHITE].reading.main_seconds == 58.0
    feed(model, "15 Game 475 I: OmegaGo1 (0 58 -1) vs Soothie (0 570 2)")
    feed(model, "15 TIME:475:Soothie(B): 1 0/60 570/600 2/25 0/0 0/0 0/0")
    black = game.clocks[Color.BLACK].reading
    assert black.in_byoyomi and (black.main_seconds, black.byo_stones) == (570.0, 2)
    assert format_reading(black) == "9:30 / 2"


def test_japanese_time_lines_give_periods_that_count_down_locally() -> None:
    # Real lines of the embedded server: main 0, grace 0, 3 periods of 30 s ("1 3 30" koryo).
    model = ClientModel(clock=lambda: 0.0)
    game = model.follow(1)
    feed(
        model,
        """
15 Game 1 I: bob (0 0 -1) vs alice (0 90 1)
15 TIME:1:bob(W): 0 0/0 0/0 1/1 3/3 30/30 0/0
15 TIME:1:alice(B): 1 0/0 90/0 1/1 3/3 30/30 0/0
""",
    )
    settings = game.time_settings
    assert settings is not None and settings.system is TimeSystem.JAPANESE
    assert (settings.main_seconds, settings.byo_seconds, settings.periods) == (0, 30, 3)
    black = game.clocks[Color.BLACK]
    assert (black.reading.byo_seconds, black.reading.periods) == (30.0, 3)
    assert format_reading(black.reading) == "0:30 (3)"
    black.start(0.0)
    assert (black.at(45.0).periods, black.at(45.0).byo_seconds) == (2, 15.0)  # one period used
    assert not black.flag_fell(89.0) and black.flag_fell(90.0)
    # After 45 s the server says one period is left with 30 s in it (the pool of overtime).
    feed(model, "15 Game 1 I: bob (0 0 -1) vs alice (0 30 1)")
    assert game.clocks[Color.BLACK].reading.periods == 3  # the heading alone keeps periods
    feed(model, "15 TIME:1:alice(B): 1 0/0 30/0 1/1 1/3 30/30 0/0")
    reading = game.clocks[Color.BLACK].reading
    assert (reading.in_byoyomi, reading.byo_seconds, reading.periods) == (True, 30.0, 1)


def test_japanese_reading_at_a_period_boundary_rolls_into_the_next_period() -> None:
    settings = TimeSettings(TimeSystem.JAPANESE, 0, byo_seconds=30, periods=3)
    clock = Clock(ClockReading(0.0, in_byoyomi=True, byo_seconds=0.0, periods=2), 0.0)
    clock.settings = settings
    clock.start(0.0)
    assert (clock.at(10.0).periods, clock.at(10.0).byo_seconds) == (1, 20.0)


def test_komi_proposal_is_pending_until_the_server_sets_it() -> None:
    model = ClientModel()
    model.set_connection(user="bob")
    adapter = feed(model, "21 {Match 58: bob [10k*] vs. fred [11k*] }\n1 6")
    game = model.followed[58]
    parser = IgsParser()
    for line in ("9 fred wants the komi to be  0.5", "1 6"):
        for event in parser.feed_line(line):
            adapter.event(event)
    assert game.komi_request == 0.5 and model.notifications[-1].kind == "komi"
    for line in ("9 Set the komi to 0.5", "1 6"):
        for event in parser.feed_line(line):
            adapter.event(event)
    assert (game.komi, game.board.komi, game.komi_request) == (0.5, 0.5, None)


def test_headings_of_a_game_without_time_limit_give_unlimited_clocks() -> None:
    model = ClientModel()
    game = model.follow(2)
    feed(model, "15 Game 2 I: botbeta (0 0 -1) vs botalpha (0 0 -1)\n15   0(B): A8")
    assert all(c.reading.unlimited for c in game.clocks.values())
    assert game.time_lost(1000.0) is None
    feed(model, "15 Game 2 I: botbeta (0 0 -1) vs botalpha (0 75 -1)\n15   1(W): A7")
    white = game.clocks[Color.WHITE].reading
    assert not white.unlimited and white.main_seconds == 0.0  # one side at zero: time is up


def test_a_heading_of_other_players_under_our_games_number_is_ignored() -> None:
    model = ClientModel()
    model.set_connection(user="bob")
    adapter = feed(model, "15 Game 58 I: bob (0 4500 -1) vs fred (0 4495 -1)\n15   0(B): B2")
    game = model.followed[58]
    assert game.role is Role.PLAYING_WHITE
    parser = IgsParser()
    lines = [
        "15 Game 58 I: ann (0 300 -1) vs joe (0 300 -1)",
        "15   0(B): Q16",
        "15   1(W): D4",
        "1 6",
    ]
    for line in lines:
        for event in parser.feed_line(line):
            adapter.event(event)
    assert (game.white, game.black, game.last_number) == ("bob", "fred", 1)
    for line in ("15 Game 58 I: bob (0 4400 -1) vs fred (0 4495 -1)", "15   1(W): C3", "1 6"):
        for event in parser.feed_line(line):
            adapter.event(event)
    assert game.last_number == 2  # our own heading again: our moves count


def test_a_game_reloaded_under_a_new_number_supersedes_the_stale_live_one() -> None:
    model = ClientModel()
    model.set_connection(user="bob")
    feed(model, "15 Game 5 I: bob (0 4500 -1) vs fred (0 4495 -1)\n15   0(B): B2\n1 6")
    stale = model.followed[5]
    # The link dropped unseen; after the reconnect 'load' brings the game back as game 9.
    feed(
        model,
        "9 Creating match [9] with fred.\n"
        "15 Game 9 I: bob (0 4400 -1) vs fred (0 4490 -1)\n15   0(B): B2\n15   1(W): C3\n1 6",
    )
    resumed = model.followed[9]
    assert stale.phase is GamePhase.ADJOURNED and not any(c.running for c in stale.clocks.values())
    assert resumed.phase is GamePhase.PLAYING and resumed.last_number == 2
    feed(model, "19 *fred*: hello again\n1 6")
    assert resumed.says and resumed.says[-1].text == "hello again" and not stale.says


def test_the_count_of_a_reloaded_game_goes_to_the_live_entry_not_the_stale_one() -> None:
    model = ClientModel()
    model.set_connection(user="bob")
    feed(model, "15 Game 5 I: bob (0 4500 -1) vs fred (0 4495 -1)\n15   0(B): B2\n1 6")
    stale = model.followed[5]
    feed(
        model,
        "9 Creating match [9] with fred.\n"
        "15 Game 9 I: bob (0 4400 -1) vs fred (0 4490 -1)\n15   0(B): B2\n15   1(W): C3\n1 6",
    )
    resumed = model.followed[9]
    assert stale.phase is GamePhase.ADJOURNED
    # Spec: the end of scoring is the 22 board then "20 W (W:O): 6.5 to B (B:g): 0.0".
    feed(
        model,
        "15 Game 9 I: bob (0 4400 -1) vs fred (0 4490 -1)\n15   2(B): Pass\n"
        "15 Game 9 I: bob (0 4400 -1) vs fred (0 4490 -1)\n15   3(W): Pass\n"
        "9 You can check your score with the score command, type 'done' when finished.\n"
        "15 Game 9 I: bob (0 4400 -1) vs fred (0 4490 -1)\n15   4(B): Pass\n1 7\n"
        "20 bob (W:O):  6.5 to fred (B:#):  0.0\n1 7\n\n9 game completed.\n1 7",
    )
    assert resumed.phase is GamePhase.FINISHED and resumed.result == "W+6.5"
    assert resumed.score_check is not None and resumed.score_check.server.result == "W+6.5"
    assert stale.phase is GamePhase.ADJOURNED and stale.result == "" and stale.score_check is None


def test_a_new_game_of_ours_under_a_finished_games_number_starts_afresh() -> None:
    model = ClientModel()
    model.set_connection(user="bob")
    feed(
        model,
        "15 Game 5 I: fred (0 4500 -1) vs bob (0 4495 -1)\n15   0(B): B2\n15   1(W): C3\n1 6\n"
        "9 {Game 5: fred vs bob : Black resigns.}\n1 5",
    )
    old = model.followed[5]
    assert old.phase is GamePhase.FINISHED and old.last_number == 2
    chat = BufferKey(ChatKind.GAME, "5")
    model.add_chat(chat, "fred", "thanks for the game", kind="say")
    # The number is reused; the heading and the handicap move come before {Match 5: ...}.
    feed(
        model,
        "9 Creating match [5] with fred.\n"
        "15 Game 5 I: fred (0 600 -1) vs bob (0 600 -1)\n15   0(B): Handicap 2\n1 6\n"
        "21 {Match 5: fred [ 1k ] vs. bob [ 2k ] }\n1 6",
    )
    game = model.followed[5]
    assert game is not old and game.phase is GamePhase.PLAYING and game.result == ""
    assert game.last_number == 1 and game.moves[0].handicap == game.handicap == 2
    assert len(game.board.stones()) == 2 and game.board.to_move is Color.WHITE
    # the game's chat starts again: the old game's lines are not the new game's
    assert game.serial > old.serial
    assert list(model.buffers[chat].messages) == [] and model.buffers[chat].game == game.serial
    model.add_chat(chat, "fred", "have a nice game", kind="say")
    assert [m.text for m in model.buffers[chat].messages] == ["have a nice game"]


def test_an_undo_in_our_game_does_not_take_back_a_move_of_the_game_we_watch() -> None:
    model = ClientModel()
    model.set_connection(user="bob")
    adapter = feed(
        model, "15 Game 5 I: fred (0 4500 -1) vs bob (0 4495 -1)\n15   0(B): B2\n15   1(W): C3\n1 6"
    )
    model.follow(9)
    parser = IgsParser()
    lines = [
        "15 Game 9 I: ann (0 4500 -1) vs joe (0 4495 -1)",
        "15   0(B): Q16",
        "15   1(W): D4",
        "1 8",
        # Spec: "28 Soothie undid the last move (B3) ." names no game; the heading follows.
        "28 bob undid the last move (C3) .",
        "15 Game 5 I: fred (0 4500 -1) vs bob (0 4495 -1)",
        "1 6",
    ]
    for line in lines:
        for event in parser.feed_line(line):
            adapter.event(event)
    assert model.followed[9].last_number == 2
    assert model.followed[5].last_number == 1


def test_a_game_the_server_no_longer_has_is_over() -> None:
    """Found by the reconnect soak: the end of our game was lost with the link, the restore's
    ``load`` and then ``moves N`` were refused, and the board stayed "in play" for good."""
    from igs_tui.backends.igs.protocol.commands import Command
    from igs_tui.backends.igs.protocol.events import CommandReply, Error

    model = ClientModel()
    model.set_connection(user="bob")
    adapter = Fed(model)
    model.follow(1, white="bob", black="alice", size=9, role=Role.PLAYING_WHITE)
    ok = CommandReply(1, Command("moves 1", game=1), ())
    adapter.event(ok)
    assert model.followed[1].phase is GamePhase.PLAYING  # an answer is not an end
    gone = CommandReply(2, Command("moves 1", game=1), (Error("There is no game 1."),))
    adapter.event(gone)
    assert model.followed[1].phase is GamePhase.FINISHED
    assert "ended while the link was down" in model.console[-1].text
    adapter.event(gone)  # said once
    assert sum("ended while" in c.text for c in model.console) == 1


def test_a_word_after_the_game_goes_to_the_opponent_as_a_tell() -> None:
    """IGS refuses ``say`` in a finished game: the game chat falls back to ``tell``."""
    from igs_tui.model import Role
    from igs_tui.model import changes as ch

    model = ClientModel()
    model.set_connection(user="me")
    fed = Fed(model)
    sent, backend = fed.sent, fed.backend
    model.follow(4, role=Role.PLAYING_BLACK, white="bob", black="me")
    model.apply(ch.PhaseChanged(4, GamePhase.PLAYING))
    backend.say(4, "have fun")
    model.game_ended(4, "B+R")
    backend.say(4, "thanks for the game")
    assert sent == ["say have fun", "tell bob thanks for the game"]
    said = [m.text for m in model.buffers[BufferKey(ChatKind.GAME, "4")].messages]
    assert said == ["have fun", "thanks for the game"]


def test_lines_about_our_game_are_said_in_its_chat() -> None:
    """Time added, the opponent done in scoring, byo-yomi: the game's chat says them."""
    from igs_tui.model import Role

    model = ClientModel()
    model.set_connection(user="me")
    model.follow(4, role=Role.PLAYING_BLACK, white="bob", black="me")
    feed(
        model,
        "9 Increase bob's time by 5 minutes\n"
        "9 The player bob is now in byo-yomi.\n"
        "9 bob has typed done.\n"
        "9 bob has typed done.",  # again after our next removal: said once
    )
    notices = [(m.kind, m.text) for m in model.buffers[BufferKey(ChatKind.GAME, "4")].messages]
    assert notices == [
        ("notice", "bob was given 5 more minutes."),
        ("notice", "bob is now in byo-yomi."),
        ("notice", "bob is done removing dead stones; the game ends once you are done too."),
    ]


def test_friends_are_announced_and_blocked_players_are_not_heard() -> None:
    from igs_tui.model import changes as ch

    model = ClientModel()
    model.set_connection(user="me")
    model.apply(ch.SocialListsSet(frozenset({"Ann"}), frozenset({"troll"})))
    link = Fed(model)
    sent = link.sent
    parser = IgsParser()
    for line in (
        "21 {ann [ 3k ] has connected.}",
        "21 {troll [ 9k ] has connected.}",
        "24 *troll*: buy gold",
        "24 *bob*: hello",
        "21 !troll!: spam",
        "9 Match[19x19] in 10 minutes requested with troll as White.",
        "9 Use <match troll W 19 10 10> or <decline troll> to respond.",
        "21 {ann has disconnected}",
    ):
        for event in parser.feed_line(line):
            link.event(event)
    titles = [n.title for n in model.notifications if n.kind == "friend"]
    assert titles == ["ann logged on", "ann logged off"]
    assert BufferKey(ChatKind.TELL, "troll") not in model.buffers
    assert [m.text for m in model.buffers[BufferKey(ChatKind.TELL, "bob")].messages] == ["hello"]
    shouts = model.buffers.get(BufferKey(ChatKind.SHOUT))
    assert shouts is None or not shouts.messages
    assert "troll" not in model.challenges and sent == ["decline troll"]


def test_the_games_list_f_column_says_free_teaching_or_tournament() -> None:
    """Spec, ``games``: 'F' under the F column for a free game, 'T' for a teaching game, '*'
    for a tournament game; the R column is the game type."""
    from igs_tui.ui.lists.games_list import COLUMNS, game_row

    model = ClientModel()
    feed(
        model,
        "7 [##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)\n"
        "7 [56]       HUH00 [ 5d*] vs.       nomad [ 5d*] (224   19  0  0.5 12  FI) ( 95)\n"
        "7 [57]         ann [ 2k ] vs.         bob [ 3k ] ( 10   19  0  6.5 10  TI) (  1)\n"
        "7 [58]         cid [ 1d ] vs.         dan [ 1d ] ( 10   19  0  6.5 10  *I) (  1)\n"
        "7 [ 4]       wari5 [ 6k*] vs.   Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)",
    )
    assert {n: g.kind_flag for n, g in model.games.items()} == {56: "F", 57: "T", 58: "*", 4: ""}
    column = [key for key, _title, _width in COLUMNS].index("kind")
    assert game_row(model.games[56])[column].plain == "F"


def test_has_resigned_names_the_loser_and_never_overwrites_a_result() -> None:
    """``9 bob has resigned the game.`` names the player who resigned, not the winner."""
    from igs_tui.model import Role

    model = ClientModel()
    model.set_connection(user="me")
    model.follow(4, role=Role.PLAYING_BLACK, white="bob", black="me")
    feed(model, "9 bob has resigned the game.")
    assert model.followed[4].result == "B+R"
    model.follow(5, role=Role.PLAYING_WHITE, white="me", black="cid")
    model.game_ended(5, "W+R")
    feed(model, "9 cid has resigned the game.")  # the same end, in other words
    assert model.followed[5].result == "W+R"


def test_tells_from_more_tellers_than_keys_kept_reach_their_buffers() -> None:
    from igs_tui.backends.igs.protocol import events as ev
    from igs_tui.backends.igs.session import translate
    from igs_tui.model import Limits

    names = [f"fan{i}" for i in range(translate.TELL_KEYS_KEPT + 50)]
    model = ClientModel(limits=Limits(buffers=len(names) + 1))  # the translator's cap, not these
    adapter = Fed(model)
    for name in names + names[:3]:  # the first tellers again, after their keys were dropped
        adapter.event(ev.Tell(name, f"hi from {name}"))
    tells = {k.target: b for k, b in model.buffers.items() if k.kind is ChatKind.TELL}
    assert set(tells) == set(names)
    assert [m.text for m in tells["fan0"].messages] == ["hi from fan0"] * 2
    assert [m.text for m in tells[names[-1]].messages] == [f"hi from {names[-1]}"]


def test_the_end_of_a_game_under_an_adjourned_games_number_leaves_it_as_it_was() -> None:
    """Seen on NNGS 1.1.22: carol watched game 1 until it adjourned; the players loaded it
    again (under 1, which carol does not watch) and resigned it. The announcement of that end
    must not turn carol's adjourned record (four moves of it) into a finished one with a
    result: the game she holds stopped at the adjournment."""
    model = ClientModel()
    model.set_connection(user="carol")
    model.follow(1)
    feed(
        model,
        "15 Game 1 I: bob (0 600 -1) vs alice (0 600 -1)\n15   0(B): C3\n15   1(W): G7\n1 5\n"
        "9 {Game 1: bob vs alice has adjourned.}\n1 5",
    )
    held = model.followed[1]
    assert held.is_adjourned and held.last_number == 2
    feed(model, "21 {Game 1: bob vs alice : Black resigns.}\n1 5")
    assert model.followed[1] is held and held.is_adjourned and held.result == ""


def test_a_refused_dead_stone_removal_is_said_where_the_user_looks() -> None:
    """igs-protocol.md, scoring: "If the position did not contain a chain or the chain is
    already declared dead, this response will be sent only to the sending player:
    ``5 You cannot remove a liberty.``" The system buffer keeps it (spoken by the server),
    the console names who refused, and it is a notification (a toast) of its own kind."""
    from igs_tui.model import changes as ch

    model = ClientModel()
    notes: list[ch.Notified] = []
    model.hub.subscribe_all(lambda c: notes.append(c) if isinstance(c, ch.Notified) else None)
    feed(model, "5 You cannot remove a liberty.\n1 7")
    (line,) = model.buffers[BufferKey(ChatKind.SYSTEM)].messages
    assert (line.author, line.text, line.kind) == (
        "server",
        "You cannot remove a liberty.",
        "error",
    )
    assert [(n.kind, n.title, n.text) for n in notes] == [
        ("refusal", "server", "You cannot remove a liberty.")
    ]
    assert any(
        entry.text == "server: You cannot remove a liberty." and entry.kind == "error"
        for entry in model.console
    )


def test_a_watched_games_number_listed_for_other_players_closes_it() -> None:
    """We missed the end of the game we watch (quiet, or away): a games-list row that gives
    its number to other players, or fewer moves than we have, says it is over; nothing of
    the game now under the number goes into it."""
    model = ClientModel()
    model.set_connection(user="carol")
    model.follow(4)
    feed(model, "15 Game 4 I: ann (0 600 -1) vs joe (0 600 -1)\n15   0(B): C3\n15   1(W): G7\n1 5")
    watched = model.followed[4]
    row = "7 [ 4]         ann [ 1k ] vs.         joe [ 2k ] (  1    9  0  6.5 10  I) (  0)"
    feed(model, row + "\n1 5")  # the same players with one move fewer: another game
    assert watched.phase is GamePhase.FINISHED and watched.result == ""
    model.follow(7)
    feed(model, "15 Game 7 I: ann (0 600 -1) vs joe (0 600 -1)\n15   0(B): C3\n1 5")
    feed(model, "21 {Match 7: kim [ 3k] vs. lee [ 4k] }\n1 5")  # other players under 7
    assert model.followed[7].phase is GamePhase.FINISHED
    assert [m.point for m in model.followed[7].moves] == [Point(2, 2)]


def test_a_resent_move_list_that_is_not_ours_is_another_game() -> None:
    """After a reconnect the client asks again for the game it watched (``observe N``,
    ``moves N``): when the list's moves differ from ours, or it stops short of them, the
    number is another game's (the same players may have started again): ours is closed, and
    a new entry holds the game that is under the number now."""
    from igs_tui.backends.igs.protocol import commands as cmd
    from igs_tui.backends.igs.protocol import events as ev

    model = ClientModel()
    model.set_connection(user="carol")
    model.follow(4)
    heading = "15 Game 4 I: ann (0 600 -1) vs joe (0 600 -1)"
    adapter = feed(model, f"{heading}\n15   0(B): C3\n15   1(W): G7\n15   2(B): C7\n1 5")
    first = model.followed[4]
    # the same first move, then another second one: the list of another game
    feed(model, f"{heading}\n15   0(B): C3\n15   1(W): E5\n1 5")
    second = model.followed[4]
    assert first.phase is GamePhase.FINISHED and len(first.moves) == 3
    assert second is not first and [m.point for m in second.moves] == [Point(2, 2), Point(4, 4)]
    # a list that stops short of the moves we have (the reply to moves N says where it ends)
    parser = IgsParser()
    events = [e for line in (heading, "15   0(B): C3") for e in parser.feed_line(line)]
    for event in events:
        adapter.event(event)
    assert model.followed[4] is second  # its first move is ours: nothing to tell yet
    adapter.event(ev.CommandReply(1, cmd.moves(4), tuple(events)))
    third = model.followed[4]
    assert third is not second and second.phase is GamePhase.FINISHED
    assert [m.point for m in third.moves] == [Point(2, 2)]


def test_creating_a_match_under_a_number_we_hold_as_live_starts_a_new_entry() -> None:
    """Our link dropped in game 2 (the server adjourned it; we never heard): "Creating match
    [2]" for our next game closes the stale entry (adjourned: it may be loaded again), and
    the new game's moves go into a new entry, not after the old game's."""
    model = ClientModel()
    model.set_connection(user="bob")
    feed(model, "15 Game 2 I: fred (0 600 -1) vs bob (0 600 -1)\n15   0(B): B2\n1 6")
    stale = model.followed[2]
    feed(
        model,
        "9 Creating match [2] with fred.\n"
        "15 Game 2 I: fred (0 600 -1) vs bob (0 600 -1)\n1 6\n"
        "15 Game 2 I: fred (0 600 -1) vs bob (0 600 -1)\n15   0(B): E5\n1 6",
    )
    game = model.followed[2]
    assert stale.is_adjourned and [m.point for m in stale.moves] == [Point(1, 1)]
    assert game is not stale and [m.point for m in game.moves] == [Point(4, 4)]
    assert game.sync_errors == []
