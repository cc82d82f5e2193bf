"""The user's data folders are 0700: made so, and narrowed when an older version made them
0755 (issue 26: other users could list the game files)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from igs_tui.archive.autosave import AutoSaver, default_games_dir
from igs_tui.backends.igs.net.recorder import SessionRecorder
from igs_tui.go import Color, Point
from igs_tui.model import ClientModel, MoveRecord
from igs_tui.model import changes as ch
from igs_tui.private_dirs import data_root, private_dir


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """platformdirs reads XDG_DATA_HOME on Linux: the data folder lands in tmp_path."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert data_root() == tmp_path / "share" / "igs-tui"
    return data_root()


def test_autosave_narrows_an_old_wide_data_and_games_folder(data_home: Path) -> None:
    games = default_games_dir()
    games.mkdir(parents=True)
    for folder in (data_home, games):
        os.chmod(folder, 0o755)
    model = ClientModel(clock=lambda: 0.0)
    saver = AutoSaver(model)
    model.follow(3, size=9, white="ivy", black="me")
    model.apply(ch.MoveAdded(3, MoveRecord(1, Color.BLACK, Point(2, 2))))
    path = saver.path_for(3)
    assert path is not None and path.parent == games and path.exists()
    assert (mode(data_home), mode(games)) == (0o700, 0o700)


def test_missing_folders_are_made_private_each_one(data_home: Path) -> None:
    """``mkdir(parents=True)`` would give the data folder the umask's 0755."""
    old = os.umask(0o022)
    try:
        sessions = private_dir(data_home / "sessions")
    finally:
        os.umask(old)
    assert (mode(data_home), mode(sessions)) == (0o700, 0o700)


def test_transcripts_narrow_the_data_folder(data_home: Path) -> None:
    data_home.mkdir(parents=True)
    os.chmod(data_home, 0o755)
    recorder = SessionRecorder.create("igs", password=None, directory=data_home / "sessions")
    recorder.close()
    assert (mode(data_home), mode(recorder.path.parent)) == (0o700, 0o700)


def test_a_folder_the_user_named_elsewhere_is_left_as_made(tmp_path: Path, data_home: Path) -> None:
    """``igs-tui bot --sgf-dir ~/go``: the user's own folder keeps its mode; a folder made
    for it is private."""
    mine = tmp_path / "mine"
    mine.mkdir()
    os.chmod(mine, 0o755)
    private_dir(mine, narrow=False)
    assert mode(mine) == 0o755
    assert mode(private_dir(mine / "new", narrow=False)) == 0o700
