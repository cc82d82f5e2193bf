"""``igs-tui replay``: a session recorded against the embedded server, played again offline
through the same session and model path, writes the same game records autosave wrote live.

The transcripts are real: the launcher's ``Connector`` logs in to the embedded server over
TCP with session recording and autosave on, plays a game against igsbot and observes a
broadcast; the replay then reads only the transcripts (format: ``< `` received, ``> `` sent,
:mod:`igs_tui.backends.igs.protocol.transcript`).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from igs_tui.apps.client import Connector
from igs_tui.apps.replay_cli import replay
from igs_tui.backends.igs.backend import IgsBackend
from igs_tui.backends.igs.net.servers import ServerAddress
from igs_tui.cli import main
from igs_tui.go import Color, Point
from igs_tui.localserver.config import Account, ServerConfig
from igs_tui.model import ClientModel, GamePhase, Role
from igs_tui.model.terms import MatchTerms
from igs_tui.records.convert import read_record_file
from igs_tui.records.model import GameRecord
from tests.polling import wait_until

PASSWORD = "s3cret-Pw!"


def moves_of(record: GameRecord) -> list[tuple[str, Point | None]]:
    return [(p.color.value, p.point) for p in record.main_moves()]


def only_record(path: Path) -> GameRecord:
    (record,) = read_record_file(path).records
    return record


Players = tuple[str | None, str | None]


def players(record: GameRecord) -> Players:
    return (record.info.black, record.info.white)


async def record_a_session(tmp_path: Path) -> tuple[list[Path], dict[Players, GameRecord]]:
    """Play a game against igsbot (resigned after a few moves) and watch a broadcast, live,
    with recording and autosave on; the transcripts and the records autosave wrote, by
    (black, white)."""
    config = ServerConfig(
        accounts=(Account("zed", PASSWORD, "2k*"),),
        broadcast_interval=0.2,
        bot_game_interval=0.3,
        bot_delay=0.05,
    )
    model = ClientModel()
    live_dir = tmp_path / "live"
    connector = Connector(
        model,
        embedded=True,
        record_dir=tmp_path / "sessions",
        server_config=config,
        games_dir=live_dir,
    )
    try:
        port = await connector.embedded_server.start(connector.server_config)
        backend = await connector.connect(
            (ServerAddress("127.0.0.1", port),), "zed", PASSWORD, fast=True
        )
        assert isinstance(backend, IgsBackend)
        await wait_until(lambda: any(g.is_broadcast for g in model.games.values()))
        broadcast = next(n for n, g in model.games.items() if g.is_broadcast)
        backend.observe(broadcast)
        backend.challenge(MatchTerms("igsbot", Color.BLACK, size=9, main_seconds=600))
        await wait_until(lambda: any(g.role is Role.PLAYING_BLACK for g in model.followed.values()))
        game = next(g for g in model.followed.values() if g.role is Role.PLAYING_BLACK)
        for point in (Point(2, 2), Point(6, 6)):
            played = game.last_number
            backend.play(game.number, point)
            await wait_until(lambda: game.last_number >= played + 2)  # noqa: B023
        backend.resign(game.number)
        await wait_until(lambda: game.phase is GamePhase.FINISHED and game.result != "")
        await wait_until(lambda: len(model.followed[broadcast].moves) >= 3)
    finally:
        await connector.close()  # the saver writes what is due
    transcripts = sorted((tmp_path / "sessions").glob("*.log"))
    live = {players(r): r for r in map(only_record, live_dir.glob("*.sgf"))}
    return transcripts, live


async def test_a_replayed_session_writes_the_records_autosave_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    transcripts, live = await record_a_session(tmp_path)
    assert len(transcripts) == 1 and len(live) == 2  # our game and the broadcast
    out_dir = tmp_path / "replayed"

    assert main(["replay", *map(str, transcripts), "--sgf-dir", str(out_dir)]) == 0
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(printed) == 2
    assert {p["file"] for p in printed} == {str(p) for p in out_dir.glob("*.sgf")}

    ours = next(p for p in printed if p["black"] == "zed")
    assert ours["white"] == "igsbot" and ours["result"] == "W+R" and ours["moves"] == 4
    # each record has the moves, players and result of the one autosave wrote live
    for game in printed:
        replayed = only_record(Path(game["file"]))
        original = live[players(replayed)]
        assert moves_of(replayed) == moves_of(original)
        assert len(moves_of(replayed)) == game["moves"]
        assert (replayed.info.black, replayed.info.white, replayed.info.result) == (
            original.info.black,
            original.info.white,
            original.info.result,
        )
        assert (replayed.info.result or "") == game["result"]


def test_a_malformed_transcript_is_refused_with_its_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.log"
    bad.write_text("# igs-tui transcript 1\n< 1 5\n? what is this\n", encoding="utf-8")
    out_dir = tmp_path / "out"
    assert main(["replay", str(bad), "--sgf-dir", str(out_dir)]) == 1
    err = capsys.readouterr().err
    assert "bad.log: line 3" in err and "? what is this" in err
    assert not out_dir.exists()


def test_a_missing_transcript_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.log"
    assert main(["replay", str(missing), "--sgf-dir", str(tmp_path / "out")]) == 1
    assert f"cannot read {missing}" in capsys.readouterr().err


async def test_a_session_with_a_reconnect_replays_from_its_two_transcripts(
    tmp_path: Path,
) -> None:
    """The link drops while a broadcast is observed: the client reconnects (a second
    transcript) and restores the observation with ``observe N`` and ``moves N``. Replaying
    both transcripts, in order, through one session gives the record autosave kept live."""
    from igs_tui.backends.igs.net.backoff import BackoffPolicy
    from igs_tui.backends.igs.net.client import ClientConfig
    from igs_tui.model import LinkState

    config = ServerConfig(broadcast_interval=0.2, bot_game_interval=0.3)
    model = ClientModel()
    connector = Connector(
        model,
        embedded=True,
        record_dir=tmp_path / "sessions",
        server_config=config,
        games_dir=tmp_path / "live",
        client_config=ClientConfig(
            backoff=BackoffPolicy(initial=0.05, factor=1.0, maximum=0.05, jitter=0.0)
        ),
    )
    try:
        port = await connector.embedded_server.start(connector.server_config)
        backend = await connector.connect((ServerAddress("127.0.0.1", port),), "guest", "")
        assert isinstance(backend, IgsBackend)
        await wait_until(lambda: any(g.is_broadcast for g in model.games.values()))
        broadcast = next(n for n, g in model.games.items() if g.is_broadcast)
        backend.observe(broadcast)
        await wait_until(lambda: len(model.followed[broadcast].moves) >= 2)
        client = connector.client
        assert client is not None and client._transport is not None
        await client._transport.close()  # the link drops
        await wait_until(lambda: model.connection.state is not LinkState.CONNECTED)
        await wait_until(lambda: model.connection.state is LinkState.CONNECTED)
        seen = len(model.followed[broadcast].moves)
        await wait_until(lambda: len(model.followed[broadcast].moves) >= seen + 2)
    finally:
        await connector.close()
    transcripts = sorted((tmp_path / "sessions").glob("*.log"))
    assert len(transcripts) == 2
    assert any("> observe" in t.read_text() for t in transcripts[1:])  # the restore
    live = {players(r): r for r in map(only_record, (tmp_path / "live").glob("*.sgf"))}
    games = replay([str(t) for t in transcripts], tmp_path / "replayed")
    replayed = [only_record(Path(g.file)) for g in games]
    assert {players(r) for r in replayed} == set(live)
    for record in replayed:
        assert moves_of(record) == moves_of(live[players(record)])
