"""Login settings on disk and passwords in the system keyring, with graceful fallbacks.

The config file (``config.json`` in the platform's user config dir) holds the last server and
user name, never a password; it is written atomically with mode 0600 because a user name and
host are still personal. Passwords go to the keyring only when the user asks; headless
machines often have no keyring backend at all (``NoKeyringError``), in which case we simply
do not remember the password and say so, instead of failing the login.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import platformdirs

from igs_tui.model.limits import Limits

if TYPE_CHECKING:
    from igs_tui.model.terms import MatchTerms

APP_NAME = "igs-tui"
KEYRING_SERVICE = "igs-tui"


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME))


@dataclass
class LoginSettings:
    """What the login screen remembers between runs (no secrets)."""

    server: str = "igs"
    """``"igs"``, ``"local"`` or ``"custom"``."""
    host: str = ""
    port: int = 0
    user: str = ""
    guest: bool = True
    remember_password: bool = False
    record_sessions: bool = True
    """Write a transcript of each session (private tells included) to ``sessions/`` in the
    data dir (``"record_sessions"`` in config.json; the login form's "Record session")."""

    @classmethod
    def from_json(cls, data: Any) -> LoginSettings:
        """Build from decoded JSON, ignoring unknown keys and values of the wrong type."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        for f in fields(cls):
            value = data.get(f.name)
            default = getattr(settings, f.name)
            if value is not None and type(value) is type(default):
                setattr(settings, f.name, value)
        return settings


def read_config(directory: Path | None = None) -> dict[str, Any]:
    """The whole config file as a dict; a missing or corrupt file gives ``{}``."""
    path = (directory or config_dir()) / "config.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def load_settings(directory: Path | None = None) -> LoginSettings:
    """Read the settings; a missing or corrupt file gives defaults (never an exception)."""
    return LoginSettings.from_json(read_config(directory))


def load_limits(directory: Path | None = None) -> Limits:
    """What a long session keeps (``"limits"`` in the config file, README "Limits"): caps
    missing or not whole numbers of at least 1 keep their defaults."""
    return Limits.from_json(read_config(directory).get("limits"))


def save_settings(settings: LoginSettings, directory: Path | None = None) -> Path:
    """Write the settings atomically (temp file + rename) with mode 0600; return the path.
    Other keys of the file (``limits``, set by hand) are kept."""
    return update_config(asdict(settings), directory)


def load_match_terms(directory: Path | None = None) -> MatchTerms | None:
    """The terms of the last game we offered (``"last_match"``), None if none or unreadable."""
    # the rules engine comes with the terms: not needed before the first offer
    from igs_tui.go import Color
    from igs_tui.model.terms import GAME_KINDS, MatchTerms

    data = read_config(directory).get("last_match")
    if not isinstance(data, dict):
        return None
    values: dict[str, Any] = {}
    for f in fields(MatchTerms):
        value = data.get(f.name)
        if f.name == "color":
            values["color"] = Color(value) if value in ("B", "W") else None
        elif f.name == "opponent":
            values["opponent"] = value if isinstance(value, str) else ""
        elif f.name == "komi" and isinstance(value, int | float) and not isinstance(value, bool):
            values["komi"] = float(value)
        elif f.name == "kind":  # added later: older files have none
            values["kind"] = value if value in GAME_KINDS else "rated"
        elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100_000:
            values[f.name] = value
    if set(values) != {f.name for f in fields(MatchTerms)}:
        return None
    return MatchTerms(**values)


def save_match_terms(terms: MatchTerms, directory: Path | None = None) -> Path:
    """Remember ``terms`` so the next match dialog starts from them."""
    data = {f.name: getattr(terms, f.name) for f in fields(terms)}
    data["color"] = terms.color.value if terms.color is not None else None
    return update_config({"last_match": data}, directory)


def load_social(directory: Path | None = None) -> tuple[frozenset[str], frozenset[str]]:
    """Our friends and the players we block (``"friends"``, ``"blocked"``: lists of names)."""
    data = read_config(directory)

    def names(key: str) -> frozenset[str]:
        value = data.get(key)
        if not isinstance(value, list):
            return frozenset()
        return frozenset(n for n in value if isinstance(n, str) and n and len(n) <= 40)

    return names("friends"), names("blocked")


def save_social(
    friends: frozenset[str], blocked: frozenset[str], directory: Path | None = None
) -> Path:
    return update_config({"friends": sorted(friends), "blocked": sorted(blocked)}, directory)


ENCODING_CHOICES: tuple[tuple[str, str], ...] = (
    ("", "Default (--encoding, else GB18030)"),
    ("cp932", "Japanese (Shift-JIS)"),
    ("euc_kr", "Korean (EUC-KR)"),
    ("gb18030", "Chinese (GB18030)"),
    ("big5", "Chinese (Big5)"),
    ("none", "UTF-8 only"),
)
"""The legacy codecs offered for text that is not UTF-8 (``""``: the program's default)."""


def load_server_encoding(server: str, directory: Path | None = None) -> str:
    """The legacy codec chosen for ``server`` (``host:port``), ``""`` if none or unknown."""
    chosen = read_config(directory).get("encodings")
    value = chosen.get(server) if isinstance(chosen, dict) else None
    return value if value in {code for code, _ in ENCODING_CHOICES} else ""


def save_server_encoding(server: str, encoding: str, directory: Path | None = None) -> Path:
    """Remember ``encoding`` for ``server`` (``""`` forgets it); other servers' are kept."""
    chosen = read_config(directory).get("encodings")
    encodings = (
        {k: v for k, v in chosen.items() if isinstance(v, str)} if isinstance(chosen, dict) else {}
    )
    if encoding:
        encodings[server] = encoding
    else:
        encodings.pop(server, None)
    return update_config({"encodings": encodings}, directory)


def update_config(values: dict[str, Any], directory: Path | None = None) -> Path:
    """Set ``values`` in the config file, keeping its other keys; atomic, mode 0600."""
    folder = directory or config_dir()
    data = {**read_config(folder), **values}
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # a new config dir is ours alone
    path = folder / "config.json"
    fd, tmp = tempfile.mkstemp(prefix=".config-", dir=folder)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return path


class KeyringLike(Protocol):
    """The part of the ``keyring`` module we use (tests pass a fake)."""

    def get_password(self, service_name: str, username: str) -> str | None: ...
    def set_password(self, service_name: str, username: str, password: str) -> None: ...
    def delete_password(self, service_name: str, username: str) -> None: ...


class PasswordStore:
    """Remember passwords in the keyring when one exists; otherwise remember nothing.

    Each method returns whether it worked and keeps the reason in :attr:`last_error`, so the
    login screen can tell the user why the password was not remembered.
    """

    def __init__(self, backend: KeyringLike | None = None) -> None:
        self._backend = backend
        self.last_error = ""

    def _keyring(self) -> KeyringLike | None:
        if self._backend is None:
            try:
                import keyring
            except ImportError as exc:  # pragma: no cover - keyring is a dependency
                self.last_error = f"keyring unavailable: {exc}"
                return None
            self._backend = keyring
        return self._backend

    def get(self, host: str, user: str) -> str | None:
        from keyring.errors import KeyringError

        backend = self._keyring()
        if backend is None or not user:
            return None
        try:
            return backend.get_password(KEYRING_SERVICE, f"{user}@{host}")
        except KeyringError as exc:
            self.last_error = str(exc) or type(exc).__name__
            return None

    def set(self, host: str, user: str, password: str) -> bool:
        from keyring.errors import KeyringError

        backend = self._keyring()
        if backend is None or not user:
            return False
        try:
            backend.set_password(KEYRING_SERVICE, f"{user}@{host}", password)
        except KeyringError as exc:
            self.last_error = str(exc) or type(exc).__name__
            return False
        return True

    def forget(self, host: str, user: str) -> bool:
        """Remove a remembered password (the user unticked "remember"); True if one was removed."""
        from keyring.errors import KeyringError

        backend = self._keyring()
        if backend is None or not user:
            return False
        try:
            backend.delete_password(KEYRING_SERVICE, f"{user}@{host}")
        except KeyringError as exc:  # includes PasswordDeleteError: nothing was stored
            self.last_error = str(exc) or type(exc).__name__
            return False
        return True
