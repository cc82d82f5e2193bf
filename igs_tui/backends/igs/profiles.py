"""Server profiles kept per server (``host:port``), so what one login learnt serves the next.

A :class:`ProfileStore` hands out one :class:`~igs_tui.backends.igs.protocol.profile.ServerProfile`
per server and, when given a file, keeps them there as JSON: ``servers.json`` in the user's
config directory (platformdirs), written whole to a temporary file and renamed, 0600 in a 0700
directory like the settings. Without a file the profiles live as long as the store (tests, the
embedded server, whose port changes every run). A file that cannot be read or parsed is treated
as empty; a failed write is logged and costs nothing but the memory of the next run.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from pathlib import Path

import platformdirs

from igs_tui.backends.igs.protocol.profile import ServerProfile

__all__ = ["MAX_SERVERS", "ProfileStore", "default_profiles_path"]

_log = logging.getLogger(__name__)

MAX_SERVERS = 64
"""Servers remembered in the file (the least recently learnt go first)."""
MAX_FILE_BYTES = 256 * 1024


def default_profiles_path() -> Path:
    """``<user config dir>/igs-tui/servers.json``."""
    return Path(platformdirs.user_config_dir("igs-tui")) / "servers.json"


class ProfileStore:
    """Profiles by server key; ``path`` None keeps them in memory only."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._profiles: dict[str, ServerProfile] = {}
        self._loaded = False

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        if self.path is None:
            return
        try:
            if self.path.stat().st_size > MAX_FILE_BYTES:
                raise ValueError("too large")
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, ValueError) as exc:
            _log.warning("ignoring server profiles in %s: %s", self.path, exc)
            return
        if not isinstance(data, dict):
            return
        for key, value in list(data.items())[-MAX_SERVERS:]:
            if isinstance(key, str) and 0 < len(key) <= 300:
                self._profiles[key] = ServerProfile.from_dict(value)

    def profile(self, key: str) -> ServerProfile:
        """The profile of server ``key`` (a new, empty one the first time)."""
        self._load()
        profile = self._profiles.get(key)
        if profile is None:
            profile = self._profiles[key] = ServerProfile()
        return profile

    def save(self, key: str, profile: ServerProfile) -> None:
        """Remember ``profile`` for ``key`` (and write the file, if there is one)."""
        self._load()
        self._profiles.pop(key, None)
        self._profiles[key] = profile  # most recent last
        while len(self._profiles) > MAX_SERVERS:
            del self._profiles[next(iter(self._profiles))]
        if self.path is None:
            return
        try:
            self._write(self.path)
        except OSError as exc:
            _log.warning("could not save server profiles to %s: %s", self.path, exc)

    def _write(self, path: Path) -> None:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        data = {key: p.to_dict() for key, p in self._profiles.items() if p.known}
        text = json.dumps(data, indent=1, sort_keys=False) + "\n"
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".servers-", suffix=".tmp")
        try:
            os.fchmod(fd, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
