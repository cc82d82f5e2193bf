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
