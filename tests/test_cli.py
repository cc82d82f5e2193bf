"""The console script answers --help and --version from the first day."""

import subprocess
import sys

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

    _app, connector = build_app(local=True, dialect="nngs")
    assert connector.server_config is not None and connector.server_config.dialect == "nngs"
    # the program keeps what it learns about real servers in the config dir
    assert connector._profile_store(fast=False).path is not None
    _app, connector = build_app(local=True)
    assert connector.server_config is None
