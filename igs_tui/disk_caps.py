"""How much a session may write into one folder: chat logs and session transcripts.

A server decides what it sends: 18 MB of chat flood became 33 MB of logs in ten seconds,
and tells from 5,000 names made 5,000 log files. Each folder the client writes per session
(``logs/``, ``sessions/``) therefore has three caps (README "Limits"; ``"limits"`` in
``config.json``):

- a file that would grow past ``file_bytes`` is rotated: renamed with a time stamp
  (``tell-alice.20261128T063700.log``) and started afresh (nothing is lost yet);
- the folder keeps at most ``dir_bytes`` and ``files``: beyond, the oldest files (by last
  write) are deleted first, never the ones being written;
- the first time a cap deletes anything in a session, the owner is told once (``notice``).

:class:`CappedFolder` keeps the folder's count up to date as it writes (one scan of the
folder at the first write), so a write costs no directory listing.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from igs_tui.model.limits import LOG_DIR_BYTES, LOG_FILE_BYTES, LOG_FILES, TELL_LOGS, Limits

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class DiskCaps:
    """The caps of one folder (defaults and meaning: :mod:`igs_tui.model.limits`)."""

    file_bytes: int = LOG_FILE_BYTES
    dir_bytes: int = LOG_DIR_BYTES
    files: int = LOG_FILES
    tell_logs: int = TELL_LOGS

    @classmethod
    def from_limits(cls, limits: Limits) -> DiskCaps:
        return cls(limits.log_file_bytes, limits.log_dir_bytes, limits.log_files, limits.tell_logs)


@dataclass
class _Entry:
    size: int
    written: float


class CappedFolder:
    """The files of one folder, with their sizes, kept under :class:`DiskCaps`."""

    def __init__(
        self,
        directory: Path,
        caps: DiskCaps | None = None,
        notice: Callable[[str], None] | None = None,
        *,
        what: str = "files",
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.directory = directory
        self.caps = caps or DiskCaps()
        self.notice = notice
        self.what = what
        """How the notice names these files ("chat logs", "session transcripts")."""
        self.dropped = 0
        """Files the caps deleted in this session."""
        self._clock = clock
        self._entries: dict[Path, _Entry] | None = None
        self._total = 0
        self._noticed = False

    def _scan(self) -> dict[Path, _Entry]:
        if self._entries is None:
            entries: dict[Path, _Entry] = {}
            try:
                with os.scandir(self.directory) as listing:
                    for item in listing:
                        if item.is_file(follow_symlinks=False):
                            info = item.stat(follow_symlinks=False)
                            entries[Path(item.path)] = _Entry(info.st_size, info.st_mtime)
            except OSError:
                pass
            self._entries = entries
            self._total = sum(e.size for e in entries.values())
        return self._entries

    def names(self) -> Iterable[str]:
        return [path.name for path in self._scan()]

    def before_write(self, path: Path, adding: int, *, size: int | None = None) -> bool:
        """Make room for ``adding`` bytes at the end of ``path``; True if ``path`` was
        rotated (it is then a new, empty file). ``size`` is its size now, if known."""
        entries = self._scan()
        entry = entries.get(path)
        current = size if size is not None else (entry.size if entry else 0)
        rotated = False
        if current and current + adding > self.caps.file_bytes:
            rotated = self._rotate(path)
        self._prune(keep=path, adding=adding, new=path not in entries or rotated)
        return rotated

    def wrote(self, path: Path, count: int) -> None:
        """``count`` bytes were appended to ``path`` (a new file is counted from here)."""
        entries = self._scan()
        entry = entries.setdefault(path, _Entry(0, 0.0))
        entry.size += count
        entry.written = self._clock()
        self._total += count

    def created(self, path: Path) -> None:
        """``path`` was created (empty) by its writer."""
        self._scan().setdefault(path, _Entry(0, self._clock()))

    def _rotate(self, path: Path) -> bool:
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(self._clock()))
        target = path.with_name(f"{path.stem}.{stamp}{path.suffix}")
        n = 1
        while target.exists():
            target = path.with_name(f"{path.stem}.{stamp}-{n}{path.suffix}")
            n += 1
        try:
            os.replace(path, target)
        except OSError as exc:
            _log.warning("cannot rotate %s: %s", path, exc)
            return False
        entries = self._scan()
        entry = entries.pop(path, _Entry(0, self._clock()))
        entries[target] = entry
        _log.info("%s reached %d bytes: rotated to %s", path, self.caps.file_bytes, target.name)
        return True

    def _prune(self, *, keep: Path, adding: int, new: bool) -> None:
        entries = self._scan()
        files = len(entries) + (1 if new and keep not in entries else 0)
        if self._total + adding <= self.caps.dir_bytes and files <= self.caps.files:
            return
        for path, entry in sorted(entries.items(), key=lambda item: item[1].written):
            if self._total + adding <= self.caps.dir_bytes and files <= self.caps.files:
                break
            if path == keep:
                continue
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                _log.warning("cannot delete %s: %s", path, exc)
                continue
            del entries[path]
            self._total -= entry.size
            files -= 1
            self.dropped += 1
            self._tell(
                f"the {self.what} in {self.directory} reached their cap "
                f"({self.caps.dir_bytes:,} bytes, {self.caps.files} files): "
                "the oldest are deleted first"
            )

    def _tell(self, text: str) -> None:
        """Once per session: the owner hears that a cap acted (then it keeps acting quietly)."""
        if self._noticed:
            return
        self._noticed = True
        _log.warning("%s", text)
        if self.notice is not None:
            self.notice(text + ' (caps: "limits" in config.json)')
