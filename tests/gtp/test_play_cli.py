"""``igs-tui play`` options, defaults and exit statuses (in-process and as a real subprocess)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from igs_tui.apps.play.cli import (
    GNUGO_ARGS,
    build_parser,
    default_engine,
    play,
    resolve_engine,
    run_play_cli,
    settings_from_args,
)
from igs_tui.go import Color
from igs_tui.go.timecontrol import TimeSettings
from tests.gtp.conftest import subprocess_env


def parse(*argv: str):  # type: ignore[no-untyped-def]
    return settings_from_args(build_parser().parse_args(list(argv)))


def test_defaults() -> None:
    settings = parse()
    assert (settings.size, settings.komi, settings.handicap) == (19, 6.5, 0)
    assert settings.color is Color.BLACK and settings.time is None
    assert not settings.free_handicap


def test_issue_example() -> None:
    engine = ["--engine", "gnugo --mode gtp --level 1"]
    args = build_parser().parse_args(
        [*engine, "--size", "9", "--handicap", "2", "--komi", "0.5", "--color", "black"]
    )
    assert args.engine == ["gnugo", "--mode", "gtp", "--level", "1"]
    settings = settings_from_args(args)
    assert (settings.size, settings.handicap, settings.komi) == (9, 2, 0.5)


def test_handicap_komi_colour_and_free_placement() -> None:
    assert parse("--handicap", "3").komi == 0.5
    assert parse("--handicap", "3", "--komi", "2").komi == 2
    assert parse("--color", "white").color is Color.WHITE
    assert parse("--free-handicap", "--handicap", "4").free_handicap


def test_clock_options() -> None:
    assert parse("--time", "10").time == TimeSettings.from_gtp(600, 0, 0)  # absolute
    assert parse("--time", "10", "--byo-yomi", "5").time == TimeSettings.from_gtp(600, 300, 25)
    assert parse(
        "--time", "0", "--byo-yomi", "1", "--byo-stones", "10"
    ).time == TimeSettings.from_gtp(0, 60, 10)
    assert parse("--time", "0.5").time == TimeSettings.from_gtp(30, 0, 0)
    assert parse("--time", "0", "--byo-yomi", "0").time is None


@pytest.mark.parametrize(
    "argv",
    [
        ["--size", "1"],
        ["--size", "26"],
        ["--size", "nine"],
        ["--handicap", "1"],
        ["--handicap", "-2"],
        ["--size", "3", "--handicap", "9"],
        ["--color", "red"],
        ["--time", "-1"],
        ["--byo-yomi", "x"],
        ["--byo-yomi", "5", "--byo-stones", "0"],
        ["--engine", ""],
        ["--engine", "gnugo 'unbalanced"],
        ["--komi", "lots"],
        ["--no-such-option"],
    ],
)
def test_bad_options_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        run_play_cli(argv)
    assert info.value.code == 2
    assert "igs-tui play: error:" in capsys.readouterr().err


def test_default_engine_is_gnugo_or_the_builtin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda name: "/opt/bin/gnugo")
    monkeypatch.setattr("os.access", lambda path, mode: path == "/opt/bin/gnugo")
    assert default_engine() == ["/opt/bin/gnugo", *GNUGO_ARGS]
    monkeypatch.setattr("shutil.which", lambda name: None)
    monkeypatch.setattr("os.access", lambda path, mode: False)
    assert default_engine() == [sys.executable, "-m", "igs_tui.cli", "gtp-engine"]


def test_bare_engine_names_are_found_in_usr_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda name: None)
    monkeypatch.setattr("os.access", lambda path, mode: path == "/usr/games/gnugo")
    assert resolve_engine(["gnugo", "--level", "1"]) == ["/usr/games/gnugo", "--level", "1"]
    assert resolve_engine(["katago", "gtp"]) == ["katago", "gtp"]  # not there: unchanged
    assert resolve_engine(["./gnugo"]) == ["./gnugo"]  # a path is taken as given
    monkeypatch.setattr("shutil.which", lambda name: f"/opt/{name}")
    assert resolve_engine(["gnugo"]) == ["gnugo"]  # on PATH: unchanged


async def test_engine_that_cannot_start_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    status = await play(["/nonexistent/gtp-engine"], parse("--size", "9"))
    assert status == 1
    err = capsys.readouterr().err
    assert "cannot play against /nonexistent/gtp-engine" in err and "Traceback" not in err


async def test_engine_refusing_the_game_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    """An engine that dies at once (here: exits before answering) is reported, not raised."""
    status = await play([sys.executable, "-c", "import sys; sys.exit(3)"], parse("--size", "9"))
    assert status == 1
    assert "cannot play against" in capsys.readouterr().err


def run_cli(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "igs_tui.cli", "play", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=subprocess_env(),
        cwd=Path(__file__).resolve().parents[2],
    )


def test_subprocess_help_bad_option_and_missing_engine() -> None:
    shown = run_cli("--help")
    assert shown.returncode == 0 and "--free-handicap" in shown.stdout
    bad = run_cli("--size", "99")
    assert bad.returncode == 2 and "board size" in bad.stderr
    missing = run_cli("--engine", "/nonexistent/engine", "--size", "9")
    assert missing.returncode == 1
    assert "cannot play against" in missing.stderr and "Traceback" not in missing.stderr
