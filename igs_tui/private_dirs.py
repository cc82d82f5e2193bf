"""Folders that hold the user's data, readable by the user alone.

The data folder holds game records, chat logs with private tells and session transcripts:
other users of the machine must not even list it. Folders are made 0700, and folders from
older versions (made with the umask's 0755) are narrowed when the client next writes into
them, as the chat logs' folder always was. ``Path.mkdir(parents=True)`` gives the parents it
makes the umask's mode whatever ``mode`` says, so each missing folder is made here one by
one.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "igs-tui"
PRIVATE = 0o700


def data_root() -> Path:
    """The user data folder (``~/.local/share/igs-tui`` on Linux)."""
    return Path(platformdirs.user_data_dir(APP_NAME))


def private_dir(path: Path, *, narrow: bool = True) -> Path:
    """Make ``path`` (and each missing parent) 0700, and narrow each folder from the data
    folder down to it when it lies in the data folder. A folder elsewhere that exists
    already is narrowed only if ``narrow`` (a chat log folder: yes; a games folder the user
    named on the command line: left as the user made it). Returns ``path``.

    Raises:
        OSError: a folder cannot be made or its mode set.
    """
    missing: list[Path] = []
    folder = path
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for folder in reversed(missing):
        folder.mkdir(mode=PRIVATE, exist_ok=True)
    own = _own_chain(path)
    if narrow and path not in own:
        own.append(path)
    for folder in own:
        if (os.stat(folder).st_mode & 0o777) != PRIVATE:
            os.chmod(folder, PRIVATE)
    return path


def _own_chain(path: Path) -> list[Path]:
    """If ``path`` is the data folder or inside it, each folder from the data folder down to
    ``path``; else nothing."""
    root = data_root()
    try:
        relative = path.resolve().relative_to(root.resolve())
    except (ValueError, OSError):
        return []
    folder = root
    chain = [folder]
    for part in relative.parts:
        folder = folder / part
        chain.append(folder)
    return chain
