"""What each IGS-family server was found to support (IGS or NNGS...), per ``host:port``.

Made when first needed: they come with the IGS protocol package, which the login screen does
not need. The embedded server's port changes every run, so its profiles are never written to
disk; real servers' are, in the config dir, when the program asks for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from igs_tui.backends.igs.profiles import ProfileStore


class ServerProfiles:
    """The profile store of the embedded server and the one of real servers."""

    def __init__(self, store: ProfileStore | None = None, *, keep: bool = False) -> None:
        """``store`` for real servers (default: in memory, or in the config dir with
        ``keep``)."""
        self._real = store
        self._keep = keep
        self._local: ProfileStore | None = None

    def store(self, *, local: bool) -> ProfileStore:
        """The store for the embedded server (``local``) or for real servers."""
        from igs_tui.backends.igs.profiles import ProfileStore, default_profiles_path

        if local:
            if self._local is None:
                self._local = ProfileStore()
            return self._local
        if self._real is None:
            self._real = ProfileStore(default_profiles_path() if self._keep else None)
        return self._real
