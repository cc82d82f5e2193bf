"""The console script answers --help and --version from the first day."""

import subprocess
import sys
from pathlib import Path

import pytest

from igs_tui import __version__
from igs_tui.cli import main


def test_version_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"igs-tui {__version__}"


def test_help_lists_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for word in ("--local", "convert", "parse"):
        assert word in out


def test_module_entry_point_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "igs_tui", "--version"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0
    assert __version__ in proc.stdout


def test_dialect_names_the_local_servers_dialects(capsys: pytest.CaptureFixture[str]) -> None:
    from igs_tui.cli import LOCAL_DIALECTS
    from igs_tui.localserver.dialect import DIALECTS

    assert set(LOCAL_DIALECTS) == set(DIALECTS)
    with pytest.raises(SystemExit) as exc:
        main(["--dialect", "nngs"])  # without --local it would mean nothing
    assert exc.value.code == 2
    assert "--dialect needs --local" in capsys.readouterr().err


def test_local_dialect_reaches_the_embedded_server_config() -> None:
    from igs_tui.apps.client import build_app
    from igs_tui.localserver.config import DEMO_OPENING_MOVES

    _app, connector = build_app(local=True, dialect="nngs")
    assert connector.server_config is not None and connector.server_config.dialect == "nngs"
    # the program keeps what it learns about real servers in the config dir
    assert connector.profile_store(local=False).path is not None
    _app, connector = build_app(local=True)
    # the demo games are found under way (#31): the lists show real move numbers
    assert connector.server_config is not None and connector.server_config.dialect == "igs"
    assert connector.server_config.opening_moves == DEMO_OPENING_MOVES > 0
    _app, connector = build_app()
    assert connector.server_config is None  # no embedded server


def test_encoding_option_and_config_choose_the_legacy_codec(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from igs_tui.apps.client import build_app, check_encoding_option
    from igs_tui.backends.igs.net.decoding import LineDecoder

    assert check_encoding_option(None) == "gb18030"
    assert check_encoding_option("Shift_JIS") == "shift_jis"
    assert check_encoding_option("none") is None
    assert check_encoding_option(None, "euc-kr") == "euc_kr"  # config.json
    assert check_encoding_option(None, "klingon") == "gb18030"  # a bad config value: ignored
    assert check_encoding_option("big5", "euc-kr") == "big5"  # the option wins
    with pytest.raises(ValueError, match="no such codec"):
        check_encoding_option("klingon")
    monkeypatch.setattr("igs_tui.ui.settings.config_dir", lambda: tmp_path)
    (tmp_path / "config.json").write_text(json.dumps({"encoding": "cp932"}))
    _app, connector = build_app(local=True)
    assert connector.client_config is not None
    codec = connector.client_config.legacy_encoding
    assert codec == "cp932"
    # what that changes: a Japanese name sent as Shift-JIS reads right, not as Chinese
    line = "21 {田中 [ 3d ] has connected.}".encode("cp932")
    assert LineDecoder(codec).decode(line) == "21 {田中 [ 3d ] has connected.}"
    korean = "24 *kim*: 안녕하세요".encode("euc_kr")
    assert LineDecoder("euc_kr").decode(korean) == "24 *kim*: 안녕하세요"


def test_a_bad_encoding_option_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    from igs_tui.cli import main

    assert main(["--local", "--encoding", "klingon"]) == 2
    assert "no such codec" in capsys.readouterr().err


def test_review_subcommand_argument_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["review"])  # no file
    assert exc.value.code == 2
    assert "file" in capsys.readouterr().err
    assert main(["review", str(tmp_path / "missing.sgf")]) == 1
    assert "missing.sgf: no such file" in capsys.readouterr().err
    assert main(["review", str(tmp_path / "notes.txt")]) == 1
    assert "unknown record format" in capsys.readouterr().err
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;SZ[9]\n;B[ee]\n;W[ee])")
    assert main(["review", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("igs-tui: Cannot read") and "line 3, column 1" in err
    good = tmp_path / "good.sgf"
    good.write_text("(;SZ[9];B[ee])")
    with pytest.raises(SystemExit) as exc:
        main(["--local", "review", str(good)])  # a review contacts no server
    assert exc.value.code == 2
    assert "without a server" in capsys.readouterr().err


def test_review_subcommand_builds_the_review_app_on_the_file(tmp_path: Path) -> None:
    from igs_tui.apps.review_cli import build_review_app
    from igs_tui.ui.review.review_app import ReviewApp

    good = tmp_path / "good.go"
    good.write_text("EVENT club game\nBOARDSIZE 9\nB 1 E5\nW 2 C3\n")
    app = build_review_app(str(good))
    assert isinstance(app, ReviewApp), app
    assert app.analysis is None


def test_engine_option_gives_the_review_and_the_client_live_analysis(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--engine CMD`` (before ``review``) analyses reviewed records and followed games."""
    from igs_tui.apps import review_cli
    from igs_tui.apps.client import build_app, engine_name
    from igs_tui.backends.engine.analysis import GtpAnalysis

    good = tmp_path / "good.go"
    good.write_text("BOARDSIZE 9\nB 1 E5\n")
    app = review_cli.build_review_app(str(good), "/usr/games/gnugo --mode gtp --level 1")
    assert not isinstance(app, str) and isinstance(app.analysis, GtpAnalysis)
    assert app.analysis.name == "gnugo"
    seen: list[str | None] = []
    monkeypatch.setattr(review_cli, "run_review_cli", lambda path, engine=None: seen.append(engine))
    main(["--engine", "katago gtp", "review", str(good)])
    assert seen == ["katago gtp"]
    client, _connector = build_app(local=True, engine="'/opt/my engines/leelaz' -g")
    assert isinstance(client.analysis, GtpAnalysis) and client.analysis.name == "leelaz"
    assert engine_name("") == "engine" and engine_name("'unclosed") == "'unclosed"


def test_no_record_turns_session_transcripts_off(capsys: pytest.CaptureFixture[str]) -> None:
    """``--no-record``: no transcript is written and the login form says so (#16)."""
    from igs_tui.apps.client import build_app

    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--no-record" in capsys.readouterr().out
    app, connector = build_app(local=True, record=False)
    assert connector.record is False
    assert app._no_record is True and app.can_log_out
    app, connector = build_app(local=True)
    assert connector.record is True and app._no_record is False


def test_the_collector_is_off_while_the_app_is_built_and_on_when_it_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc

    from igs_tui.apps import client

    seen: dict[str, bool] = {}

    class App:
        def run(self) -> None:
            seen["run"] = gc.isenabled()
            seen["frozen"] = gc.get_freeze_count() > 0

    def build_app(**_kwargs: object) -> tuple[App, None]:
        seen["build"] = gc.isenabled()
        return App(), None

    monkeypatch.setattr(client, "build_app", build_app)
    assert gc.isenabled()
    try:
        assert main(["--local"]) == 0
    finally:
        gc.unfreeze()
    # built with the collector off; run with it on (the start-up's objects frozen)
    assert seen == {"build": False, "run": True, "frozen": True}
    assert gc.isenabled()


def test_the_collector_is_on_again_when_the_app_cannot_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc

    from igs_tui.apps import client

    def failing_build_app(**_kwargs: object) -> None:
        raise OSError("no terminal")

    monkeypatch.setattr(client, "build_app", failing_build_app)
    with pytest.raises(OSError):
        main(["--local"])
    assert gc.isenabled()
