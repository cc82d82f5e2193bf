"""Files rewritten after every change that mostly grow at their end: autosaved game records.

Autosave writes a game's record after every move. A whole atomic rewrite (a temporary file,
its fsync, the rename, the folder's fsync) cost about half a millisecond of processor time per
move, more than everything else the move cost the saver; yet a move changes only the last few
bytes of the file (its node goes in before the closing parenthesis). :class:`GrowingFiles`
therefore writes a file whole (atomically, :func:`write_bytes_atomic`) the first time and
whenever the new text is not the previous one grown at its end, and otherwise writes only the
end in place: one ``pwrite`` from a few bytes before the old end, then ``fdatasync``.

What a crash leaves:

* a process killed (``kill -9``) at any moment leaves the old file or the new one, whole: the
  end is one system call of a few bytes (at most :data:`MAX_IN_PLACE`), which the kernel
  completes or never starts, and the file is never shorter than its new text;
* a power cut or a system crash before the ``fdatasync`` returns may lose that move, as the
  atomic rewrite would (and, in the unlikely case the few bytes straddle two disk blocks, leave
  the file cut after the first of them); the moves synced before it are kept;
* (not a crash) another program reading the file at the very instant of the write may get
  the new end cut at the old length, a text that does not parse; the next read is whole.

A file is written in place only if it is, as far as its identity, size and modification time
tell, the one written last: a file another program replaced or edited, or one that is gone, is
written whole again.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from pathlib import Path

from igs_tui.records.convert import write_bytes_atomic

TAIL = 8
"""How far before the old end an in-place write may begin (the closing ``)`` and newline,
and a line break sgfmill's layout put before them)."""

MAX_IN_PLACE = 4096
"""The longest end written in place (one page: a burst of moves saved at once is larger)."""

REMEMBERED = 64
"""Files whose last text is kept to compare with (the least recently written are forgotten
and, if written again, written whole)."""


_IN_PLACE = hasattr(os, "pwrite")
"""Whether the platform writes at an offset (else every write is whole)."""

_sync = getattr(os, "fdatasync", os.fsync)
"""Makes a file's data durable (``fdatasync`` where there is one: the size is synced too)."""


def _stamp(result: os.stat_result) -> tuple[int, int, int, int]:
    return (result.st_dev, result.st_ino, result.st_size, result.st_mtime_ns)


class GrowingFiles:
    """A ``write(data, path)`` callable that rewrites a file whole only when it must.

    Not thread-safe: one thread writes (autosave's writer thread, or the caller's).
    """

    def __init__(self) -> None:
        self._last: OrderedDict[Path, tuple[bytes, tuple[int, int, int, int]]] = OrderedDict()
        """Each file's text as last written and its stamp on disk after that write."""
        self.whole = 0
        """Files written whole (for tests: how often a move cost a rewrite)."""
        self.in_place = 0
        """Ends written in place."""

    def __call__(self, data: bytes, path: Path) -> None:
        last = self._last.pop(path, None)
        if last is not None and self._write_end(data, path, *last):
            return
        write_bytes_atomic(data, path)
        self.whole += 1
        self._remember(path, data, _stamp(os.stat(path)))

    def _write_end(
        self, data: bytes, path: Path, old: bytes, stamp: tuple[int, int, int, int]
    ) -> bool:
        """Write ``data`` over ``old`` in place if it extends it; False if it must be whole."""
        start = max(0, len(old) - TAIL)
        if not _IN_PLACE or len(data) < len(old) or len(data) - start > MAX_IN_PLACE:
            return False
        if not data.startswith(old[:start]):
            return False
        try:
            fd = os.open(path, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return False  # gone, or no longer ours to write: written whole (or it fails there)
        try:
            if _stamp(os.fstat(fd)) != stamp:
                return False  # changed by someone else since our write
            end = data[start:]
            if os.pwrite(fd, end, start) != len(end):
                raise OSError(f"short write to {path}")
            _sync(fd)
            self._remember(path, data, _stamp(os.fstat(fd)))
        finally:
            os.close(fd)
        self.in_place += 1
        return True

    def _remember(self, path: Path, data: bytes, stamp: tuple[int, int, int, int]) -> None:
        self._last[path] = (data, stamp)
        while len(self._last) > REMEMBERED:
            self._last.popitem(last=False)
